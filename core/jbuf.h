/* A growable text buffer for writing JSON by hand (faster than building json-c trees). */
#ifndef EINV_JBUF_H
#define EINV_JBUF_H
#include <stddef.h>
typedef struct jbuf {
    char *p;
    size_t n, cap;
    int oom;
} jbuf_t;
void jb_init(jbuf_t *b);
void jb_raw(jbuf_t *b, const char *s, size_t n);
void jb_cstr(jbuf_t *b, const char *s);            /* raw C string */
void jb_str(jbuf_t *b, const char *s);             /* quoted, escaped JSON string; NULL -> null */
char *jb_take(jbuf_t *b);                          /* NUL-terminated; NULL on OOM. free() */
#endif
