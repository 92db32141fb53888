/* xgboost through its C API: one booster per model file, one thread (the service runs
 * several extractions side by side; xgboost's own threads would oversubscribe the cores). */
#include "ex_model.h"
#include <xgboost/c_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ex_model {
    BoosterHandle booster;
};

ex_model_t *ex_model_load(const char *path, char *msg, size_t size)
{
    ex_model_t *m = calloc(1, sizeof *m);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(msg, size, "the extraction model %s cannot be opened", path);
        free(m);
        return NULL;
    }
    fclose(f);
    if (!m || XGBoosterCreate(NULL, 0, &m->booster) != 0) {
        snprintf(msg, size, "xgboost: %s", XGBGetLastError());
        free(m);
        return NULL;
    }
    XGBoosterSetParam(m->booster, "nthread", "1");
    if (XGBoosterLoadModel(m->booster, path) != 0) {
        snprintf(msg, size, "the extraction model %s cannot be loaded: %s", path, XGBGetLastError());
        XGBoosterFree(m->booster);
        free(m);
        return NULL;
    }
    return m;
}

int ex_model_predict(ex_model_t *m, const float *rows, size_t n, size_t nf, size_t n_class, float *out)
{
    DMatrixHandle dm;
    bst_ulong len = 0;
    const float *res = NULL;
    if (!n)
        return 0;
    if (XGDMatrixCreateFromMat(rows, (bst_ulong)n, (bst_ulong)nf, -999.0f, &dm) != 0)
        return -1;
    if (XGBoosterPredict(m->booster, dm, 0, 0, 0, &len, &res) != 0 || len != n * n_class) {
        XGDMatrixFree(dm);
        return -1;
    }
    memcpy(out, res, n * n_class * sizeof *out);
    XGDMatrixFree(dm);
    return 0;
}

void ex_model_free(ex_model_t *m)
{
    if (m) {
        XGBoosterFree(m->booster);
        free(m);
    }
}

int ex_model_train(const float *rows, const float *labels, size_t n, size_t nf, int n_class,
                   int rounds, const char *path, char *msg, size_t size)
{
    DMatrixHandle dm;
    BoosterHandle b;
    char nc[16];
    int i, rc = 0;
    if (XGDMatrixCreateFromMat(rows, (bst_ulong)n, (bst_ulong)nf, -999.0f, &dm) != 0 ||
        XGDMatrixSetFloatInfo(dm, "label", labels, (bst_ulong)n) != 0 ||
        XGBoosterCreate(&dm, 1, &b) != 0) {
        snprintf(msg, size, "xgboost: %s", XGBGetLastError());
        return -1;
    }
    snprintf(nc, sizeof nc, "%d", n_class);
    XGBoosterSetParam(b, "objective", "multi:softprob");
    XGBoosterSetParam(b, "num_class", nc);
    XGBoosterSetParam(b, "max_depth", "6");
    XGBoosterSetParam(b, "eta", "0.2");
    XGBoosterSetParam(b, "subsample", "0.9");
    XGBoosterSetParam(b, "colsample_bytree", "0.8");
    XGBoosterSetParam(b, "min_child_weight", "2");
    XGBoosterSetParam(b, "seed", "13");
    XGBoosterSetParam(b, "nthread", "2");
    XGBoosterSetParam(b, "tree_method", "hist");
    for (i = 0; i < rounds && rc == 0; i++)
        rc = XGBoosterUpdateOneIter(b, i, dm);
    if (rc == 0)
        rc = XGBoosterSaveModel(b, path);
    if (rc != 0)
        snprintf(msg, size, "xgboost: %s", XGBGetLastError());
    XGBoosterFree(b);
    XGDMatrixFree(dm);
    return rc == 0 ? 0 : -1;
}
