/* A small JSON writer (amounts as raw decimal numbers, never double). Internal. */
#ifndef PLUGINS_EXTRACT_EX_OUT_H
#define PLUGINS_EXTRACT_EX_OUT_H
#include <stddef.h>
typedef struct ex_out {
    char *p;
    size_t n, cap;
    int oom;
} ex_out_t;
void eo_raw(ex_out_t *o, const char *s);
void eo_str(ex_out_t *o, const char *s);      /* quoted; NULL or "" -> null */
void eo_key(ex_out_t *o, const char *k);      /* "k": (with a comma before when needed) */
#endif
