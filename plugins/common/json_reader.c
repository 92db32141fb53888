/* Strict JSON reader (see json_reader.h for why the plugin has its own).
 *
 * The SDK's strict checker (einv_json_check) judges the text first: RFC 8259 only, valid
 * UTF-8, no lone surrogates, no duplicate names, depth and size limits, and it names the
 * place of a fault. Only an accepted text is built, by recursive descent (bounded by the
 * checked depth), one tree node per value, all memory from one arena freed at once. */
#include "json_reader.h"
#include <einvoice/json_strict.h>
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
    int nomem;
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

/* ---- building (the text is checked: no error but out of memory can happen) ---- */

static void jp_ws(jp_t *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
        j->p++;
}

/* The string whose opening quote is at j->p, decoded into the arena. */
static int jp_string(jp_t *j, const char **out, size_t *outlen)
{
    const unsigned char *s0 = j->p + 1, *p = s0;
    char *buf;
    for (;;) {   /* the closing quote: the first one after an even run of backslashes */
        const unsigned char *b;
        p = memchr(p, '"', (size_t)(j->end - p));
        for (b = p; b > s0 && b[-1] == '\\'; b--)
            ;
        if (((p - b) & 1) == 0)
            break;
        p++;
    }
    if (!(buf = jr_alloc(j->doc, (size_t)(p - s0) + 1)))
        return j->nomem = 1, 0;
    *outlen = einv_json_unescape((const char *)s0, (size_t)(p - s0), buf);
    buf[*outlen] = 0;
    *out = buf;
    j->p = p + 1;
    return 1;
}

static int jp_number(jp_t *j, jr_value_t *v)
{
    const unsigned char *s0 = j->p, *p = s0;
    char *buf;
    while (p < j->end && (strchr("+-.eE", *p) || (*p >= '0' && *p <= '9')) && *p)
        p++;
    if (!(buf = jr_alloc(j->doc, (size_t)(p - s0) + 1)))
        return j->nomem = 1, 0;
    memcpy(buf, s0, (size_t)(p - s0));
    buf[p - s0] = 0;
    v->s = buf;
    v->len = (size_t)(p - s0);
    j->p = p;
    return 1;
}

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

/* The members or elements of the container opened at j->p. */
static int jp_container(jp_t *j, jr_value_t *c)
{
    char close = c->type == JR_OBJECT ? '}' : ']';
    j->p++;
    jp_ws(j);
    if (*j->p == close) {
        j->p++;
        return 1;
    }
    for (;;) {
        const char *key = NULL;
        size_t klen = 0;
        jp_ws(j);
        if (c->type == JR_OBJECT) {
            if (!jp_string(j, &key, &klen))
                return 0;
            jp_ws(j);
            j->p++;   /* ':' */
            jp_ws(j);
        }
        if (!jp_value(j, c, key, klen))
            return 0;
        jp_ws(j);
        if (*j->p++ == close)
            return 1;
    }
}

/* One value at j->p, linked under parent. */
static jr_value_t *jp_value(jp_t *j, jr_value_t *parent, const char *key, size_t klen)
{
    jr_value_t *v = jr_alloc(j->doc, sizeof *v);
    int ok = 1;
    if (!v)
        return j->nomem = 1, NULL;
    memset(v, 0, sizeof *v);
    v->key = key;
    v->klen = klen;
    v->offset = (size_t)(j->p - j->start);
    if (parent)
        link_child(parent, v);
    switch (*j->p) {
    case '{':
        v->type = JR_OBJECT;
        ok = jp_container(j, v);
        break;
    case '[':
        v->type = JR_ARRAY;
        ok = jp_container(j, v);
        break;
    case '"':
        v->type = JR_STRING;
        ok = jp_string(j, &v->s, &v->len);
        break;
    case 't':
        v->type = JR_TRUE;
        j->p += 4;
        break;
    case 'f':
        v->type = JR_FALSE;
        j->p += 5;
        break;
    case 'n':
        v->type = JR_NULL;
        j->p += 4;
        break;
    default:
        v->type = JR_NUMBER;
        ok = jp_number(j, v);
    }
    return ok ? v : NULL;
}

static jr_status status_of(einv_json_status_t st)
{
    switch (st) {
    case EINV_JSON_UTF8: return JR_ERR_UTF8;
    case EINV_JSON_DEPTH: return JR_ERR_DEPTH;
    case EINV_JSON_SIZE: return JR_ERR_SIZE;
    case EINV_JSON_DUPLICATE: return JR_ERR_DUPLICATE;
    case EINV_JSON_NOMEM: return JR_ERR_NOMEM;
    default: return JR_ERR_SYNTAX;
    }
}

static jr_doc_t *jr_refuse(jr_error_t *err, jr_status st, const char *msg)
{
    err->status = st;
    err->line = err->column = 1;
    snprintf(err->message, sizeof err->message, "%s", msg);
    return NULL;
}

jr_doc_t *jr_parse(const char *data, size_t len, const jr_limits_t *limits, jr_error_t *err)
{
    einv_json_opts_t o;
    einv_json_error_t je;
    size_t max_bytes = limits && limits->max_bytes ? limits->max_bytes : (size_t)256 << 20;
    jp_t j;
    jr_doc_t *d;
    memset(err, 0, sizeof *err);
    o.max_depth = limits && limits->max_depth > 0 ? (size_t)limits->max_depth : 64;
    o.max_string = limits && limits->max_string ? limits->max_string : (size_t)8 << 20;
    o.max_number = limits && limits->max_number ? limits->max_number : 64;
    if (len > max_bytes)
        return jr_refuse(err, JR_ERR_SIZE, "input larger than the allowed maximum");
    if (einv_json_check(data, len, &o, &je) != EINV_OK) {
        err->status = status_of(je.status);
        err->offset = je.offset;
        err->line = je.line;
        err->column = je.column;
        snprintf(err->message, sizeof err->message, "%s", je.message);
        snprintf(err->where, sizeof err->where, "%s", je.pointer);
        return NULL;
    }
    if (!(d = calloc(1, sizeof *d)))
        return jr_refuse(err, JR_ERR_NOMEM, "out of memory");
    memset(&j, 0, sizeof j);
    j.start = j.p = (const unsigned char *)data;
    j.end = j.start + len;
    j.doc = d;
    if (len >= 3 && j.p[0] == 0xEF && j.p[1] == 0xBB && j.p[2] == 0xBF)
        j.p += 3;
    jp_ws(&j);
    if (!(d->root = jp_value(&j, NULL, NULL, 0))) {
        jr_free(d);
        return jr_refuse(err, JR_ERR_NOMEM, "out of memory");
    }
    return d;
}
