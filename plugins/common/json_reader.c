/* Strict JSON reader (see json_reader.h for why the plugin has its own).
 *
 * Recursive descent over the bytes, one tree node per value, all memory from one arena
 * freed at once. Recursion is bounded by max_depth; strings are scanned once to validate
 * and measure (stopping as soon as a limit is passed, so a 50 MB string costs 8 MiB of
 * scanning, not an allocation) and decoded in a second pass. Duplicate member names are
 * found with a per-object hash set once an object has more than a few members, so a
 * hostile object with a million members stays linear. */
#include "json_reader.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct jr_blk {
    struct jr_blk *next;
    size_t used, cap;
    /* data follows, 16-byte aligned */
} jr_blk;

struct jr_doc {
    jr_blk *blocks;
    jr_value_t *root;
};

typedef struct jp {
    const unsigned char *start, *p, *end;
    jr_doc_t *doc;
    jr_limits_t lim;
    jr_error_t *err;
    int depth;
} jp_t;

#define JR_ALIGN(n) (((n) + 15u) & ~(size_t)15u)

static void *jr_alloc(jr_doc_t *d, size_t n)
{
    jr_blk *b = d->blocks;
    n = JR_ALIGN(n ? n : 1);
    if (!b || b->cap - b->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        b = malloc(JR_ALIGN(sizeof *b) + cap);
        if (!b)
            return NULL;
        b->cap = cap;
        b->used = 0;
        b->next = d->blocks;
        d->blocks = b;
    }
    b->used += n;
    return (char *)b + JR_ALIGN(sizeof *b) + b->used - n;
}

void jr_free(jr_doc_t *d)
{
    jr_blk *b, *nx;
    if (!d)
        return;
    for (b = d->blocks; b; b = nx) {
        nx = b->next;
        free(b);
    }
    free(d);
}

const jr_value_t *jr_root(const jr_doc_t *d) { return d ? d->root : NULL; }

const jr_value_t *jr_member(const jr_value_t *obj, const char *name)
{
    const jr_value_t *c;
    size_t n = strlen(name);
    if (!obj || obj->type != JR_OBJECT)
        return NULL;
    for (c = obj->first; c; c = c->next)
        if (c->klen == n && memcmp(c->key, name, n) == 0)
            return c;
    return NULL;
}

/* ---- paths ---- */

static void jr_put(char *buf, size_t size, size_t *pos, const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++, (*pos)++)
        if (*pos + 1 < size)
            buf[*pos] = s[i];
}

static void jr_pointer_rec(const jr_value_t *v, char *buf, size_t size, size_t *pos)
{
    char num[32];
    size_t i;
    if (!v || !v->parent)
        return;
    jr_pointer_rec(v->parent, buf, size, pos);
    jr_put(buf, size, pos, "/", 1);
    if (v->parent->type != JR_OBJECT) {
        int n = snprintf(num, sizeof num, "%zu", v->index);
        jr_put(buf, size, pos, num, (size_t)n);
        return;
    }
    for (i = 0; i < v->klen; i++) {   /* RFC 6901: '~' -> "~0", '/' -> "~1" */
        if (v->key[i] == '~')
            jr_put(buf, size, pos, "~0", 2);
        else if (v->key[i] == '/')
            jr_put(buf, size, pos, "~1", 2);
        else
            jr_put(buf, size, pos, v->key + i, 1);
    }
}

size_t jr_pointer(const jr_value_t *v, char *buf, size_t size)
{
    size_t pos = 0;
    jr_pointer_rec(v, buf, size, &pos);
    if (size)
        buf[pos < size ? pos : size - 1] = 0;
    return pos;
}

static void jr_dotted_rec(const jr_value_t *v, char *buf, size_t size, size_t *pos)
{
    char num[32];
    if (!v || !v->parent)
        return;
    jr_dotted_rec(v->parent, buf, size, pos);
    if (v->parent->type != JR_OBJECT) {
        int n = snprintf(num, sizeof num, "[%zu]", v->index);
        jr_put(buf, size, pos, num, (size_t)n);
        return;
    }
    if (*pos)
        jr_put(buf, size, pos, ".", 1);
    jr_put(buf, size, pos, v->key, v->klen);
}

size_t jr_dotted(const jr_value_t *v, char *buf, size_t size)
{
    size_t pos = 0;
    jr_dotted_rec(v, buf, size, &pos);
    if (size)
        buf[pos < size ? pos : size - 1] = 0;
    return pos;
}

/* ---- errors ---- */

static void *jp_fail(jp_t *j, jr_status st, const unsigned char *at, const jr_value_t *where,
                     const char *msg)
{
    const unsigned char *q;
    jr_error_t *e = j->err;
    if (e->status != JR_OK)   /* keep the first error */
        return NULL;
    e->status = st;
    e->offset = (size_t)(at - j->start);
    e->line = 1;
    e->column = 1;
    for (q = j->start; q < at && q < j->end; q++) {
        if (*q == '\n') {
            e->line++;
            e->column = 1;
        } else if ((*q & 0xC0) != 0x80) {
            e->column++;
        }
    }
    snprintf(e->message, sizeof e->message, "%s", msg);
    jr_pointer(where, e->where, sizeof e->where);
    jr_dotted(where, e->name, sizeof e->name);
    return NULL;
}

/* ---- lexing ---- */

static void jp_ws(jp_t *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static long hex4(const unsigned char *p, const unsigned char *end)
{
    long v = 0;
    int i;
    if (end - p < 4)
        return -1;
    for (i = 0; i < 4; i++) {
        int h = hexval(p[i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

/* Length of the valid UTF-8 sequence at p (lead byte >= 0x80), 0 when invalid. */
static size_t jr_utf8_len(const unsigned char *p, const unsigned char *end)
{
    unsigned char c = p[0], lo = 0x80, hi = 0xBF;
    size_t n, i;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;   /* no UTF-16 surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;   /* nothing above U+10FFFF */
    } else
        return 0;
    if ((size_t)(end - p) < n || p[1] < lo || p[1] > hi)
        return 0;
    for (i = 2; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

static size_t jr_put_utf8(char *o, unsigned long cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The string starting at j->p (on the opening quote). Validates, then decodes into the
 * arena. `owner` is the value (or the member, for names) that errors point at. */
static int jp_string(jp_t *j, const jr_value_t *owner, const char **out, size_t *outlen)
{
    const unsigned char *p = j->p + 1, *s0 = p;
    size_t dlen = 0;
    char *buf, *o;
    /* pass 1: find the end, validate, measure */
    for (;;) {
        unsigned char c;
        if (p >= j->end)
            return jp_fail(j, JR_ERR_SYNTAX, p, owner, "unterminated string"), 0;
        c = *p;
        if (c == '"')
            break;
        if (dlen > j->lim.max_string)
            return jp_fail(j, JR_ERR_SIZE, s0, owner, "string longer than the allowed maximum"), 0;
        if (c < 0x20)
            return jp_fail(j, JR_ERR_SYNTAX, p, owner, "unescaped control character in a string"), 0;
        if (c == '\\') {
            long u;
            if (p + 1 >= j->end)
                return jp_fail(j, JR_ERR_SYNTAX, p, owner, "unterminated string"), 0;
            switch (p[1]) {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
                p += 2;
                dlen++;
                continue;
            case 'u':
                break;
            default:
                return jp_fail(j, JR_ERR_SYNTAX, p, owner, "invalid escape in a string"), 0;
            }
            if ((u = hex4(p + 2, j->end)) < 0)
                return jp_fail(j, JR_ERR_SYNTAX, p, owner, "invalid \\u escape"), 0;
            if (u >= 0xDC00 && u <= 0xDFFF)
                return jp_fail(j, JR_ERR_UTF8, p, owner, "lone UTF-16 surrogate in a \\u escape"), 0;
            if (u >= 0xD800 && u <= 0xDBFF) {
                long lo = p + 6 < j->end && p[6] == '\\' && p + 7 < j->end && p[7] == 'u'
                              ? hex4(p + 8, j->end)
                              : -1;
                if (lo < 0xDC00 || lo > 0xDFFF)
                    return jp_fail(j, JR_ERR_UTF8, p, owner, "lone UTF-16 surrogate in a \\u escape"), 0;
                p += 12;
                dlen += 4;
                continue;
            }
            p += 6;
            dlen += u < 0x80 ? 1 : u < 0x800 ? 2 : 3;
            continue;
        }
        if (c >= 0x80) {
            size_t n = jr_utf8_len(p, j->end);
            if (!n)
                return jp_fail(j, JR_ERR_UTF8, p, owner, "invalid UTF-8 in a string"), 0;
            p += n;
            dlen += n;
            continue;
        }
        p++;
        dlen++;
    }
    if (dlen > j->lim.max_string)
        return jp_fail(j, JR_ERR_SIZE, s0, owner, "string longer than the allowed maximum"), 0;
    /* pass 2: decode */
    buf = jr_alloc(j->doc, dlen + 1);
    if (!buf)
        return jp_fail(j, JR_ERR_NOMEM, s0, owner, "out of memory"), 0;
    o = buf;
    for (const unsigned char *q = s0; q < p;) {
        if (*q != '\\') {
            const unsigned char *r = q;
            while (r < p && *r != '\\')
                r++;
            memcpy(o, q, (size_t)(r - q));
            o += r - q;
            q = r;
            continue;
        }
        switch (q[1]) {
        case 'b': *o++ = '\b'; q += 2; break;
        case 'f': *o++ = '\f'; q += 2; break;
        case 'n': *o++ = '\n'; q += 2; break;
        case 'r': *o++ = '\r'; q += 2; break;
        case 't': *o++ = '\t'; q += 2; break;
        case 'u': {
            unsigned long u = (unsigned long)hex4(q + 2, p);
            if (u >= 0xD800 && u <= 0xDBFF) {
                unsigned long lo = (unsigned long)hex4(q + 8, p);
                u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                q += 12;
            } else
                q += 6;
            o += jr_put_utf8(o, u);
            break;
        }
        default: *o++ = (char)q[1]; q += 2; break;   /* " \ / */
        }
    }
    *o = 0;
    *out = buf;
    *outlen = (size_t)(o - buf);
    j->p = p + 1;
    return 1;
}

static int isdig(unsigned char c) { return c >= '0' && c <= '9'; }

/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? kept as written. */
static int jp_number(jp_t *j, jr_value_t *v)
{
    const unsigned char *p = j->p, *s0 = p;
    char *buf;
    size_t n;
    if (p < j->end && *p == '-')
        p++;
    if (p >= j->end || !isdig(*p))
        return jp_fail(j, JR_ERR_SYNTAX, s0, v, "invalid number"), 0;
    if (*p == '0') {
        p++;
        if (p < j->end && isdig(*p))
            return jp_fail(j, JR_ERR_SYNTAX, s0, v, "invalid number (leading zero)"), 0;
    } else
        while (p < j->end && isdig(*p))
            p++;
    if (p < j->end && *p == '.') {
        p++;
        if (p >= j->end || !isdig(*p))
            return jp_fail(j, JR_ERR_SYNTAX, s0, v, "invalid number (no digit after the point)"), 0;
        while (p < j->end && isdig(*p))
            p++;
    }
    if (p < j->end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < j->end && (*p == '+' || *p == '-'))
            p++;
        if (p >= j->end || !isdig(*p))
            return jp_fail(j, JR_ERR_SYNTAX, s0, v, "invalid number (bad exponent)"), 0;
        while (p < j->end && isdig(*p))
            p++;
    }
    n = (size_t)(p - s0);
    if (n > j->lim.max_number)
        return jp_fail(j, JR_ERR_SIZE, s0, v, "number with more digits than allowed"), 0;
    if (!(buf = jr_alloc(j->doc, n + 1)))
        return jp_fail(j, JR_ERR_NOMEM, s0, v, "out of memory"), 0;
    memcpy(buf, s0, n);
    buf[n] = 0;
    v->s = buf;
    v->len = n;
    j->p = p;
    return 1;
}

/* ---- duplicate names ---- */

typedef struct keyset {
    const jr_value_t **tab;
    size_t cap, n;
} keyset;

static size_t key_hash(const char *k, size_t n)
{
    size_t h = 1469598103934665603u, i;
    for (i = 0; i < n; i++)
        h = (h ^ (unsigned char)k[i]) * 1099511628211u;
    return h;
}

static int same_key(const jr_value_t *a, const jr_value_t *b)
{
    return a->klen == b->klen && memcmp(a->key, b->key, a->klen) == 0;
}

static int keyset_insert(keyset *ks, const jr_value_t *v);

static int keyset_grow(keyset *ks)
{
    keyset nk;
    size_t i;
    nk.cap = ks->cap ? ks->cap * 2 : 32;
    nk.n = 0;
    nk.tab = calloc(nk.cap, sizeof *nk.tab);
    if (!nk.tab)
        return -1;
    for (i = 0; i < ks->cap; i++)
        if (ks->tab[i])
            keyset_insert(&nk, ks->tab[i]);
    free(ks->tab);
    *ks = nk;
    return 0;
}

/* 1 when inserted, 0 when the name was there already, -1 out of memory. */
static int keyset_insert(keyset *ks, const jr_value_t *v)
{
    size_t i;
    if ((ks->n + 1) * 2 > ks->cap && keyset_grow(ks) != 0)
        return -1;
    for (i = key_hash(v->key, v->klen) & (ks->cap - 1); ks->tab[i]; i = (i + 1) & (ks->cap - 1))
        if (same_key(ks->tab[i], v))
            return 0;
    ks->tab[i] = v;
    ks->n++;
    return 1;
}

/* ---- values ---- */

static jr_value_t *jp_value(jp_t *j, jr_value_t *parent, const char *key, size_t klen);

static void link_child(jr_value_t *parent, jr_value_t *v)
{
    v->parent = parent;
    v->index = parent->n++;
    if (parent->last)
        parent->last->next = v;
    else
        parent->first = v;
    parent->last = v;
}

static int jp_object(jp_t *j, jr_value_t *obj)
{
    keyset ks = {NULL, 0, 0};
    int ok = 0;
    j->p++;   /* '{' */
    jp_ws(j);
    if (j->p < j->end && *j->p == '}') {
        j->p++;
        return 1;
    }
    for (;;) {
        jr_value_t probe;
        const char *key;
        size_t klen;
        jr_value_t *v;
        jp_ws(j);
        memset(&probe, 0, sizeof probe);
        probe.parent = obj;
        if (j->p >= j->end || *j->p != '"') {
            jp_fail(j, JR_ERR_SYNTAX, j->p, obj, "expected a member name in double quotes");
            break;
        }
        if (!jp_string(j, obj, &key, &klen))
            break;
        probe.key = key;
        probe.klen = klen;
        /* duplicates: a linear look while the object is small, a hash set after */
        if (obj->n < 8) {
            const jr_value_t *c;
            for (c = obj->first; c && !same_key(c, &probe); c = c->next)
                ;
            if (c) {
                jp_fail(j, JR_ERR_DUPLICATE, j->p, &probe, "member name appears twice in one object");
                break;
            }
        } else {
            int r;
            if (!ks.tab) {
                const jr_value_t *c;
                for (c = obj->first; c; c = c->next)
                    if (keyset_insert(&ks, c) < 0)
                        break;
            }
            r = keyset_insert(&ks, &probe);
            if (r < 0) {
                jp_fail(j, JR_ERR_NOMEM, j->p, obj, "out of memory");
                break;
            }
            if (r == 0) {
                jp_fail(j, JR_ERR_DUPLICATE, j->p, &probe, "member name appears twice in one object");
                break;
            }
        }
        jp_ws(j);
        if (j->p >= j->end || *j->p != ':') {
            jp_fail(j, JR_ERR_SYNTAX, j->p, &probe, "expected ':' after a member name");
            break;
        }
        j->p++;
        jp_ws(j);
        if (!(v = jp_value(j, obj, key, klen)))
            break;
        if (ks.tab) {   /* the set held the probe's address: point the slot at the member */
            size_t i;
            for (i = key_hash(key, klen) & (ks.cap - 1); ks.tab[i] && !same_key(ks.tab[i], v);
                 i = (i + 1) & (ks.cap - 1))
                ;
            ks.tab[i] = v;
        }
        jp_ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->end && *j->p == '}') {
            j->p++;
            ok = 1;
            break;
        }
        jp_fail(j, JR_ERR_SYNTAX, j->p, obj, "expected ',' or '}' in an object");
        break;
    }
    free(ks.tab);
    return ok;
}

static int jp_array(jp_t *j, jr_value_t *arr)
{
    j->p++;   /* '[' */
    jp_ws(j);
    if (j->p < j->end && *j->p == ']') {
        j->p++;
        return 1;
    }
    for (;;) {
        jp_ws(j);
        if (!jp_value(j, arr, NULL, 0))
            return 0;
        jp_ws(j);
        if (j->p < j->end && *j->p == ',') {
            j->p++;
            continue;
        }
        if (j->p < j->end && *j->p == ']') {
            j->p++;
            return 1;
        }
        return jp_fail(j, JR_ERR_SYNTAX, j->p, arr, "expected ',' or ']' in an array"), 0;
    }
}

static int jp_literal(jp_t *j, const char *word, jr_value_t *v)
{
    size_t n = strlen(word);
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0)
        return jp_fail(j, JR_ERR_SYNTAX, j->p, v, "invalid value"), 0;
    j->p += n;
    return 1;
}

/* One value at j->p (white space skipped by the caller), linked under parent. */
static jr_value_t *jp_value(jp_t *j, jr_value_t *parent, const char *key, size_t klen)
{
    jr_value_t *v = jr_alloc(j->doc, sizeof *v);
    int ok;
    if (!v)
        return jp_fail(j, JR_ERR_NOMEM, j->p, parent, "out of memory");
    memset(v, 0, sizeof *v);
    v->key = key;
    v->klen = klen;
    v->offset = (size_t)(j->p - j->start);
    if (parent)
        link_child(parent, v);
    if (j->p >= j->end)
        return jp_fail(j, JR_ERR_SYNTAX, j->p, v, "unexpected end of input");
    switch (*j->p) {
    case '{':
    case '[':
        if (++j->depth > j->lim.max_depth)
            return jp_fail(j, JR_ERR_DEPTH, j->p, parent, "nested deeper than allowed");
        if (*j->p == '{') {
            v->type = JR_OBJECT;
            ok = jp_object(j, v);
        } else {
            v->type = JR_ARRAY;
            ok = jp_array(j, v);
        }
        j->depth--;
        break;
    case '"':
        v->type = JR_STRING;
        ok = jp_string(j, v, &v->s, &v->len);
        break;
    case 't':
        v->type = JR_TRUE;
        ok = jp_literal(j, "true", v);
        break;
    case 'f':
        v->type = JR_FALSE;
        ok = jp_literal(j, "false", v);
        break;
    case 'n':
        v->type = JR_NULL;
        ok = jp_literal(j, "null", v);
        break;
    default:
        v->type = JR_NUMBER;
        ok = jp_number(j, v);
    }
    return ok ? v : NULL;
}

jr_doc_t *jr_parse(const char *data, size_t len, const jr_limits_t *limits, jr_error_t *err)
{
    jp_t j;
    jr_doc_t *d;
    memset(err, 0, sizeof *err);
    memset(&j, 0, sizeof j);
    j.lim.max_bytes = limits && limits->max_bytes ? limits->max_bytes : (size_t)256 << 20;
    j.lim.max_depth = limits && limits->max_depth > 0 ? limits->max_depth : 64;
    j.lim.max_string = limits && limits->max_string ? limits->max_string : (size_t)8 << 20;
    j.lim.max_number = limits && limits->max_number ? limits->max_number : 64;
    if (j.lim.max_depth > 4096)   /* recursion stays shallow whatever the caller asks */
        j.lim.max_depth = 4096;
    j.start = j.p = (const unsigned char *)data;
    j.end = j.start + (data ? len : 0);
    j.err = err;
    if (len > j.lim.max_bytes) {
        jp_fail(&j, JR_ERR_SIZE, j.start, NULL, "input larger than the allowed maximum");
        return NULL;
    }
    if (!(d = calloc(1, sizeof *d))) {
        jp_fail(&j, JR_ERR_NOMEM, j.start, NULL, "out of memory");
        return NULL;
    }
    j.doc = d;
    if (len >= 3 && j.p[0] == 0xEF && j.p[1] == 0xBB && j.p[2] == 0xBF)
        j.p += 3;
    jp_ws(&j);
    if (j.p >= j.end) {
        jp_fail(&j, JR_ERR_SYNTAX, j.p, NULL, "no JSON value (empty input)");
        jr_free(d);
        return NULL;
    }
    d->root = jp_value(&j, NULL, NULL, 0);
    if (d->root) {
        jp_ws(&j);
        if (j.p < j.end) {
            jp_fail(&j, JR_ERR_SYNTAX, j.p, NULL, "unexpected data after the JSON value");
            d->root = NULL;
        }
    }
    if (!d->root) {
        jr_free(d);
        return NULL;
    }
    return d;
}
