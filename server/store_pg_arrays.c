/* Array parameters for the batch statements (store_pg_submits.c, store_pg_verdicts.c): a batch
 * passes one array per column and the statement unnests them, so N rows cost one statement.
 * Short columns go as text literals ({"a","b",NULL}); long texts (a verdict's JSON) in
 * PostgreSQL's binary array format, which the server copies instead of parsing character by
 * character, with no escaping on either side. */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "store_pg_int.h"

#define TEXT_OID 25

/* See store_pg_int.h. */
void pg_arr_put(pg_arr_t *b, const void *s, size_t n)
{
    if (!b->ok)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 256) + n;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->ok = 0;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

/* See store_pg_int.h. */
void pg_arr_open(pg_arr_t *b)
{
    memset(b, 0, sizeof *b);
    b->ok = 1;
    pg_arr_put(b, "{", 1);
}

/* See store_pg_int.h. */
void pg_arr_text(pg_arr_t *b, const char *s)
{
    if (b->items++)
        pg_arr_put(b, ",", 1);
    if (!s) {
        pg_arr_put(b, "NULL", 4);
        return;
    }
    pg_arr_put(b, "\"", 1);
    for (const char *p = s; *p; p++) {
        size_t run = strcspn(p, "\\\"");
        pg_arr_put(b, p, run);
        p += run;
        if (!*p)
            break;
        pg_arr_put(b, "\\", 1);
        pg_arr_put(b, p, 1);
    }
    pg_arr_put(b, "\"", 1);
}

/* See store_pg_int.h. */
void pg_arr_int(pg_arr_t *b, long long v)
{
    char num[24];
    int n = snprintf(num, sizeof num, "%s%lld", b->items++ ? "," : "", v);
    pg_arr_put(b, num, (size_t)n);
}

/* See store_pg_int.h. */
int pg_arr_close(pg_arr_t *b)
{
    pg_arr_put(b, "}", 1);
    return b->ok;
}

static void put_u32(pg_arr_t *b, uint32_t v)
{
    uint32_t be = htonl(v);
    pg_arr_put(b, &be, 4);
}

/* See store_pg_int.h. */
void pg_arr_bin_open(pg_arr_t *b, int n)
{
    memset(b, 0, sizeof *b);
    b->ok = 1;
    put_u32(b, 1);          /* dimensions */
    put_u32(b, 1);          /* may hold NULLs */
    put_u32(b, TEXT_OID);   /* element type */
    put_u32(b, (uint32_t)n);
    put_u32(b, 1);          /* lower bound */
}

/* See store_pg_int.h. */
void pg_arr_bin_text(pg_arr_t *b, const char *s)
{
    if (!s) {
        put_u32(b, 0xffffffffu);    /* -1: NULL */
        return;
    }
    size_t n = strlen(s);
    if (n > 0x7fffffffu) {
        b->ok = 0;
        return;
    }
    put_u32(b, (uint32_t)n);
    pg_arr_put(b, s, n);
}
