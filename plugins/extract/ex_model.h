/* The learned part: gradient-boosted trees (libxgboost's C API) scoring candidates. The
 * model files are trained by tools/extract-train and loaded at run time. */
#ifndef PLUGINS_EXTRACT_EX_MODEL_H
#define PLUGINS_EXTRACT_EX_MODEL_H

#include <stddef.h>

typedef struct ex_model ex_model_t;

/* Load a model file (xgboost JSON). NULL with a message in msg when it cannot be read. */
ex_model_t *ex_model_load(const char *path, char *msg, size_t size);
/* Class probabilities of n rows of nf features (row-major) into out[n * n_class]. 0 or -1. */
int ex_model_predict(ex_model_t *m, const float *rows, size_t n, size_t nf, size_t n_class, float *out);
void ex_model_free(ex_model_t *m);

/* Training (tools/extract-train): multi-class softprob trees on rows with labels, fixed
 * seed, written to path. 0 or -1 with msg. */
int ex_model_train(const float *rows, const float *labels, size_t n, size_t nf, int n_class,
                   int rounds, const char *path, char *msg, size_t size);

#endif
