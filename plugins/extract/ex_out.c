/* JSON text output for the extractor (ex_out.h). */
#include "ex_out.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(ex_out_t *o, const char *s, size_t n)
{
    if (o->oom)
        return;
    if (o->n + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 1024;
        char *p;
        while (o->n + n + 1 > cap)
            cap *= 2;
        p = realloc(o->p, cap);
        if (!p) {
            o->oom = 1;
            return;
        }
        o->p = p, o->cap = cap;
    }
    memcpy(o->p + o->n, s, n);
    o->n += n;
    o->p[o->n] = '\0';
}

void eo_raw(ex_out_t *o, const char *s)
{
    put(o, s, strlen(s));
}

void eo_str(ex_out_t *o, const char *s)
{
    const unsigned char *p;
    if (!s || !*s) {
        put(o, "null", 4);
        return;
    }
    put(o, "\"", 1);
    for (p = (const unsigned char *)s; *p; p++) {
        char esc[8];
        if (*p == '"' || *p == '\\') {
            esc[0] = '\\', esc[1] = (char)*p;
            put(o, esc, 2);
        } else if (*p < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", *p);
            put(o, esc, 6);
        } else {
            put(o, (const char *)p, 1);
        }
    }
    put(o, "\"", 1);
}

void eo_key(ex_out_t *o, const char *k)
{
    if (o->n && o->p[o->n - 1] != '{' && o->p[o->n - 1] != '[')
        put(o, ",", 1);
    eo_str(o, k);
    put(o, ":", 1);
}
