/* JSON text buffer with string escaping. */
#include "jbuf.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void jb_init(jbuf_t *b)
{
    b->p = NULL;
    b->n = b->cap = 0;
    b->oom = 0;
}

void jb_raw(jbuf_t *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        char *p;
        while (b->n + n + 1 > cap)
            cap *= 2;
        p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

void jb_cstr(jbuf_t *b, const char *s) { jb_raw(b, s, strlen(s)); }

void jb_str(jbuf_t *b, const char *s)
{
    const unsigned char *p, *run;
    if (!s) {
        jb_raw(b, "null", 4);
        return;
    }
    jb_raw(b, "\"", 1);
    run = (const unsigned char *)s;
    for (p = run; *p; p++) {
        const char *esc = NULL;
        char u[8];
        switch (*p) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        default:
            if (*p < 0x20) {
                snprintf(u, sizeof u, "\\u%04x", *p);
                esc = u;
            }
        }
        if (esc) {
            jb_raw(b, (const char *)run, (size_t)(p - run));
            jb_cstr(b, esc);
            run = p + 1;
        }
    }
    jb_raw(b, (const char *)run, (size_t)(p - run));
    jb_raw(b, "\"", 1);
}

char *jb_take(jbuf_t *b)
{
    char *p;
    if (!b->p && !b->oom)
        jb_raw(b, "", 0);
    if (b->oom) {
        free(b->p);
        jb_init(b);
        return NULL;
    }
    p = b->p;
    jb_init(b);
    return p;
}
