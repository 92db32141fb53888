/* The strict JSON checker (include/einvoice/json_strict.h).
 *
 * A state machine over the bytes with an explicit stack of open containers, so hostile
 * nesting costs a bounded array, never the C stack. Strings are scanned with a byte-class
 * table: plain ASCII runs cost one lookup per byte. Duplicate member names: every name of
 * an open object sits on a name stack. A small object (up to 8 names, nearly all of them)
 * compares its names one by one; a larger one puts them in hash chains (bucket heads point
 * at the newest entry, entries at the next older one), so a look-up walks only names with
 * the same hash and stops at the first entry of an enclosing object. Closing an object pops
 * its names and restores the heads in reverse order. The place of a fault (line, column,
 * pointer) is computed only once a fault is found. */
#include <einvoice/json_strict.h>
#include <einvoice/limits.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_DEPTH 64
#define MAX_DEPTH 4096
#define STACK_FRAMES 64          /* frames on the C stack; deeper caps allocate once */
#define ESCAPED 0x80000000u      /* name-entry flag: the name has escapes */
#define UNLINKED 0xFFFFFFFEu     /* name-entry next: not in a hash chain (a small object's) */
#define SMALL_OBJECT 8           /* names compared one by one up to this many, then hashed */

typedef struct frame {
    uint8_t is_object;
    uint8_t has_name;            /* the current member's name is read (error points into it) */
    uint8_t hashed;              /* its names are in the hash chains (more than SMALL_OBJECT) */
    size_t index;                /* element or member number */
    uint32_t names_base;         /* first entry of this object on the name stack */
    uint32_t name_off, name_len; /* raw spelling of the current member's name */
} frame_t;

typedef struct name_entry {
    uint32_t hash, off, len;     /* len | ESCAPED */
    uint32_t next;               /* older entry with the same bucket, UINT32_MAX = none */
} name_entry_t;

typedef struct checker {
    const unsigned char *start, *p, *end;
    einv_json_opts_t o;
    einv_json_error_t *err;
    frame_t *frames;
    size_t depth;
    name_entry_t *names;
    uint32_t n_names, cap_names;
    uint32_t *heads;
    uint32_t mask;               /* buckets - 1 */
    uint64_t seed;               /* of the name hash */
} checker_t;

/* Byte classes inside a string: 0 plain, 1 quote, 2 backslash, 3 control, 4 non-ASCII. */
static const uint8_t STR_CLASS[256] = {
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};

/* ---- text helpers (valid UTF-8 out, cut at character boundaries) ---- */

typedef struct sbuf {
    char *s;
    size_t size, len;
    int cut;
} sbuf_t;

/* Append n bytes of UTF-8; what does not fit is cut at a character boundary, and nothing
 * more is added after a cut. */
static void sb_put(sbuf_t *b, const char *s, size_t n)
{
    if (b->cut)
        return;
    if (b->len + n + 1 > b->size) {
        n = b->size > b->len + 1 ? b->size - b->len - 1 : 0;
        while (n && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
        b->cut = 1;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

static size_t hex4(const unsigned char *p)
{
    size_t v = 0;
    int i;
    for (i = 0; i < 4; i++) {
        unsigned c = p[i];
        v = v * 16 + (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return v;
}

static size_t put_utf8(char *o, size_t cp)
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

/* Decode one character of a string's raw spelling at *pp (input already checked): the
 * UTF-8 bytes into out, their count returned, *pp advanced. */
static size_t name_char(const unsigned char **pp, char out[4])
{
    const unsigned char *p = *pp;
    size_t n;
    if (*p != '\\') {
        n = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
        memcpy(out, p, n);
        *pp = p + n;
        return n;
    }
    *pp = p + 2;
    switch (p[1]) {
    case 'b': out[0] = '\b'; return 1;
    case 'f': out[0] = '\f'; return 1;
    case 'n': out[0] = '\n'; return 1;
    case 'r': out[0] = '\r'; return 1;
    case 't': out[0] = '\t'; return 1;
    case 'u': {
        size_t cp = hex4(p + 2);
        *pp = p + 6;
        if (cp >= 0xD800 && cp <= 0xDBFF) {   /* a checked pair */
            cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4(p + 8) - 0xDC00);
            *pp = p + 12;
        }
        return put_utf8(out, cp);
    }
    default: out[0] = (char)p[1]; return 1;   /* " \ / */
    }
}

/* The decoded name [p, end) for a pointer segment (escape '~' and '/') or a message
 * (control characters as \uXXXX). */
static void sb_name(sbuf_t *b, const unsigned char *p, const unsigned char *end, int pointer)
{
    char c[8];
    while (p < end && !b->cut) {
        size_t n = name_char(&p, c);
        if (pointer && n == 1 && c[0] == '~')
            sb_put(b, "~0", 2);
        else if (pointer && n == 1 && c[0] == '/')
            sb_put(b, "~1", 2);
        else if (n == 1 && ((unsigned char)c[0] < 0x20 || c[0] == '"' || c[0] == '\\')) {
            char e[8];
            int k = (unsigned char)c[0] < 0x20 ? snprintf(e, sizeof e, "\\u%04x", (unsigned char)c[0])
                                               : snprintf(e, sizeof e, "\\%c", c[0]);
            sb_put(b, e, (size_t)k);
        } else
            sb_put(b, c, n);
    }
}

/* ---- errors ---- */

static void fill_place(checker_t *k, const unsigned char *at)
{
    einv_json_error_t *e = k->err;
    sbuf_t b = {e->pointer, sizeof e->pointer - 4, 0, 0};
    const unsigned char *q;
    size_t i;
    e->offset = (size_t)(at - k->start);
    e->line = e->column = 1;
    for (q = k->start; q < at; q++) {
        if (*q == '\n') {
            e->line++;
            e->column = 1;
        } else if ((*q & 0xC0) != 0x80) {
            e->column++;
        }
    }
    e->pointer[0] = 0;
    for (i = 0; i < k->depth && !b.cut; i++) {
        const frame_t *f = &k->frames[i];
        char num[24];
        if (!f->is_object) {
            int n = snprintf(num, sizeof num, "/%zu", f->index);
            sb_put(&b, num, (size_t)n);
        } else if (f->has_name) {   /* else the fault is in or before a name: the object */
            sb_put(&b, "/", 1);
            sb_name(&b, k->start + f->name_off, k->start + f->name_off + f->name_len, 1);
        }
    }
    if (b.cut)
        strcat(e->pointer, "...");
}

/* Record the first fault: status, message, the place at `at`. Returns 0 for chaining. */
static int fail(checker_t *k, einv_json_status_t st, const unsigned char *at, const char *msg)
{
    if (!k->err || k->err->status != EINV_JSON_OK)
        return 0;
    k->err->status = st;
    snprintf(k->err->message, sizeof k->err->message, "%s", msg);
    fill_place(k, at);
    return 0;
}

/* ---- strings ---- */

/* Length of the valid UTF-8 sequence at p (lead byte >= 0x80), 0 when invalid: no
 * overlongs, no UTF-16 surrogates, nothing above U+10FFFF, nothing cut off. */
static size_t utf8_len(const unsigned char *p, const unsigned char *end)
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
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    if ((size_t)(end - p) < n || p[1] < lo || p[1] > hi)
        return 0;
    for (i = 2; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

static int is_hex4(const unsigned char *p, const unsigned char *end)
{
    int i;
    if (end - p < 4)
        return 0;
    for (i = 0; i < 4; i++)
        if (!((p[i] >= '0' && p[i] <= '9') || ((p[i] | 0x20) >= 'a' && (p[i] | 0x20) <= 'f')))
            return 0;
    return 1;
}

/* The string whose opening quote is at k->p. On success k->p is past the closing quote and
 * *escaped says whether it had escapes. */
static int scan_string(checker_t *k, int *escaped)
{
    const unsigned char *p = k->p + 1, *end = k->end, *s0 = p;
    size_t extra = 0;   /* raw bytes beyond the decoded length (escapes are longer) */
    size_t max = k->o.max_string;
    char msg[96];
    *escaped = 0;
    for (;;) {
        while (p < end && STR_CLASS[*p] == 0)
            p++;
        if (max && (size_t)(p - s0) - extra > max)
            return fail(k, EINV_JSON_SIZE, s0 - 1, "string longer than the allowed maximum");
        if (p >= end)
            return fail(k, EINV_JSON_SYNTAX, s0 - 1, "unterminated string");
        switch (STR_CLASS[*p]) {
        case 1:
            k->p = p + 1;
            return 1;
        case 3:
            snprintf(msg, sizeof msg, "control character U+%04X must be escaped in a string", *p);
            return fail(k, EINV_JSON_SYNTAX, p, msg);
        case 4: {
            size_t n = utf8_len(p, end);
            if (!n) {
                snprintf(msg, sizeof msg, "invalid UTF-8 (byte 0x%02X) in a string", *p);
                return fail(k, EINV_JSON_UTF8, p, msg);
            }
            p += n;
            break;
        }
        default:   /* backslash */
            *escaped = 1;
            if (p + 1 >= end)
                return fail(k, EINV_JSON_SYNTAX, s0 - 1, "unterminated string");
            if (p[1] != 'u') {
                if (!strchr("\"\\/bfnrt", p[1]) || !p[1])
                    return fail(k, EINV_JSON_SYNTAX, p, "invalid escape in a string");
                p += 2;
                extra += 1;
                break;
            }
            if (!is_hex4(p + 2, end))
                return fail(k, EINV_JSON_SYNTAX, p, "invalid \\u escape (four hex digits expected)");
            {
                size_t u = hex4(p + 2);
                if (u >= 0xDC00 && u <= 0xDFFF)
                    return fail(k, EINV_JSON_UTF8, p, "lone low surrogate in a \\u escape");
                if (u >= 0xD800 && u <= 0xDBFF) {
                    size_t lo = end - p >= 12 && p[6] == '\\' && p[7] == 'u' && is_hex4(p + 8, end)
                                    ? hex4(p + 8) : 0;
                    if (lo < 0xDC00 || lo > 0xDFFF)
                        return fail(k, EINV_JSON_UTF8, p, "lone high surrogate in a \\u escape");
                    p += 12;
                    extra += 8;
                } else {
                    p += 6;
                    extra += u < 0x80 ? 5 : u < 0x800 ? 4 : 3;
                }
            }
        }
    }
}

/* ---- member names ---- */

/* Names are hashed with a per-call random seed (the clock and an address) through a
 * bijective 64-bit mixer, so a body crafted offline to collide cannot make the look-ups
 * quadratic. The hash runs over the decoded bytes: "a" and "\u0061" are one name. */
typedef struct hstate {
    uint64_t h, w;
    unsigned n;
} hstate_t;

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 32;
    x *= 0xd6e8feb86659fd93u;
    x ^= x >> 32;
    x *= 0xd6e8feb86659fd93u;
    return x ^ (x >> 32);
}

static void hs_byte(hstate_t *s, unsigned char c)
{
    s->w |= (uint64_t)c << (8 * s->n);
    if (++s->n == 8) {
        s->h = mix64(s->h ^ s->w);
        s->w = 0;
        s->n = 0;
    }
}

static uint32_t name_hash(const checker_t *k, const unsigned char *p, const unsigned char *end, int escaped)
{
    hstate_t s = {k->seed, 0, 0};
    char c[4];
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* whole words at once: the same value hs_byte builds byte by byte */
    if (!escaped)
        for (; end - p >= 8; p += 8) {
            uint64_t w;
            memcpy(&w, p, 8);
            s.h = mix64(s.h ^ w);
        }
#endif
    if (!escaped)
        for (; p < end; p++)
            hs_byte(&s, *p);
    while (p < end) {
        size_t n = name_char(&p, c), i;
        for (i = 0; i < n; i++)
            hs_byte(&s, (unsigned char)c[i]);
    }
    return (uint32_t)mix64(s.h ^ s.w ^ ((uint64_t)(s.n + 1) << 59));
}

static int same_name(const checker_t *k, const name_entry_t *a, const name_entry_t *b)
{
    const unsigned char *p = k->start + a->off, *pe = p + (a->len & ~ESCAPED);
    const unsigned char *q = k->start + b->off, *qe = q + (b->len & ~ESCAPED);
    if (!((a->len | b->len) & ESCAPED))
        return a->len == b->len && memcmp(p, q, a->len) == 0;
    while (p < pe && q < qe) {
        char x[4], y[4];
        size_t nx = name_char(&p, x), ny = name_char(&q, y);
        if (nx != ny || memcmp(x, y, nx) != 0)
            return 0;
    }
    return p == pe && q == qe;
}

static void link_name(checker_t *k, uint32_t i)
{
    uint32_t b = k->names[i].hash & k->mask;
    k->names[i].next = k->heads[b];
    k->heads[b] = i;
}

static void relink(checker_t *k)
{
    uint32_t i;
    memset(k->heads, 0xFF, ((size_t)k->mask + 1) * sizeof *k->heads);
    for (i = 0; i < k->n_names; i++)
        if (k->names[i].next != UNLINKED)
            link_name(k, i);
}

static int grow_names(checker_t *k)
{
    uint32_t cap = k->cap_names ? k->cap_names * 2 : 64;
    name_entry_t *n = realloc(k->names, (size_t)cap * sizeof *n);
    uint32_t *h;
    if (!n)
        return -1;
    k->names = n;
    h = realloc(k->heads, (size_t)cap * sizeof *h);   /* buckets = capacity: load <= 1 */
    if (!h)
        return -1;
    k->heads = h;
    k->cap_names = cap;
    k->mask = cap - 1;
    relink(k);
    return 0;
}

/* Push the name just scanned ([off, off+len) raw) for the innermost object; 0 when it is
 * new there, 1 when the object has it already, -1 out of memory. A small object's names are
 * compared one by one (most objects: no hashing at all); the name that makes it large hashes
 * and links them all. */
static int push_name(checker_t *k, uint32_t off, uint32_t len, int escaped)
{
    frame_t *f = &k->frames[k->depth - 1];
    name_entry_t e;
    uint32_t i;
    e.off = off;
    e.len = len | (escaped ? ESCAPED : 0);
    e.next = UNLINKED;
    if (!f->hashed && k->n_names - f->names_base < SMALL_OBJECT) {
        /* a cheap tag (first, middle and last byte) sorts out most pairs of plain names */
        const unsigned char *p = k->start + off;
        e.hash = len ? p[0] | (uint32_t)p[len / 2] << 8 | (uint32_t)p[len - 1] << 16 : 0;
        for (i = f->names_base; i < k->n_names; i++) {
            const name_entry_t *n = &k->names[i];
            if (!((n->len | e.len) & ESCAPED) && (n->len != e.len || n->hash != e.hash))
                continue;
            if (same_name(k, n, &e))
                return 1;
        }
    } else {
        if (!f->hashed) {
            for (i = f->names_base; i < k->n_names; i++) {
                const name_entry_t *n = &k->names[i];
                k->names[i].hash = name_hash(k, k->start + n->off, k->start + n->off + (n->len & ~ESCAPED),
                                             (n->len & ESCAPED) != 0);
                link_name(k, i);
            }
            f->hashed = 1;
        }
        e.hash = name_hash(k, k->start + off, k->start + off + len, escaped);
        for (i = k->heads[e.hash & k->mask]; i != UINT32_MAX && i >= f->names_base; i = k->names[i].next)
            if (k->names[i].hash == e.hash && same_name(k, &k->names[i], &e))
                return 1;
        e.next = 0;   /* linked below */
    }
    if (k->n_names == k->cap_names && grow_names(k) != 0)
        return -1;
    k->names[k->n_names] = e;
    if (e.next != UNLINKED)
        link_name(k, k->n_names);
    k->n_names++;
    return 0;
}

/* The innermost object closes: its names leave the stack, newest first. */
static void pop_names(checker_t *k, uint32_t base)
{
    while (k->n_names > base) {
        const name_entry_t *e = &k->names[--k->n_names];
        if (e->next != UNLINKED)
            k->heads[e->hash & k->mask] = e->next;
    }
}

static int duplicate(checker_t *k, uint32_t off, uint32_t len)
{
    char msg[sizeof k->err->message];
    sbuf_t b = {msg, sizeof msg - 4, 0, 0};
    sb_put(&b, "duplicate key \"", 15);
    sb_name(&b, k->start + off, k->start + off + len, 0);
    if (b.cut)
        strcat(msg, "...");
    strcat(msg, "\"");
    return fail(k, EINV_JSON_DUPLICATE, k->start + off - 1, msg);
}

/* ---- numbers and literals ---- */

static int isdig(unsigned char c) { return c >= '0' && c <= '9'; }

/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static int scan_number(checker_t *k)
{
    const unsigned char *p = k->p, *end = k->end, *s0 = p;
    if (p < end && *p == '-')
        p++;
    if (p < end && *p == 'I')
        return fail(k, EINV_JSON_SYNTAX, s0, "Infinity is not a JSON value");
    if (p >= end || !isdig(*p))
        return fail(k, EINV_JSON_SYNTAX, s0, "invalid number");
    if (*p == '0') {
        if (++p < end && isdig(*p))
            return fail(k, EINV_JSON_SYNTAX, s0, "number with a leading zero");
    } else
        while (p < end && isdig(*p))
            p++;
    if (p < end && *p == '.') {
        if (++p >= end || !isdig(*p))
            return fail(k, EINV_JSON_SYNTAX, s0, "invalid number (no digit after the decimal point)");
        while (p < end && isdig(*p))
            p++;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        if (++p < end && (*p == '+' || *p == '-'))
            p++;
        if (p >= end || !isdig(*p))
            return fail(k, EINV_JSON_SYNTAX, s0, "invalid number (bad exponent)");
        while (p < end && isdig(*p))
            p++;
    }
    if (k->o.max_number && (size_t)(p - s0) > k->o.max_number)
        return fail(k, EINV_JSON_SIZE, s0, "number with more characters than allowed");
    k->p = p;
    return 1;
}

/* A value that does not start like one: say what it looks like. */
static int bad_value(checker_t *k)
{
    const unsigned char *p = k->p;
    size_t left = (size_t)(k->end - p);
    if (left >= 4 && memcmp(p, "true", 4) == 0)
        return 1;
    if (left >= 5 && memcmp(p, "false", 5) == 0)
        return 1;
    if (left >= 4 && memcmp(p, "null", 4) == 0)
        return 1;
    if (p >= k->end)
        return fail(k, EINV_JSON_SYNTAX, p, "unexpected end of input (a value was expected)");
    switch (*p) {
    case 'N': return fail(k, EINV_JSON_SYNTAX, p, "NaN is not a JSON value");
    case 'I': return fail(k, EINV_JSON_SYNTAX, p, "Infinity is not a JSON value");
    case '\'': return fail(k, EINV_JSON_SYNTAX, p, "single quotes are not JSON: strings use double quotes");
    case '/': return fail(k, EINV_JSON_SYNTAX, p, "comments are not allowed in JSON");
    case ']': case '}': case ',': return fail(k, EINV_JSON_SYNTAX, p, "a value was expected (trailing comma?)");
    default: return fail(k, EINV_JSON_SYNTAX, p, "invalid value");
    }
}

/* ---- structure ---- */

static void skip_ws(checker_t *k)
{
    const unsigned char *p = k->p;
    while (p < k->end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
        p++;
    k->p = p;
}

static int push_frame(checker_t *k, int is_object)
{
    frame_t *f;
    if (k->depth >= k->o.max_depth)
        return fail(k, EINV_JSON_DEPTH, k->p, "nested deeper than allowed");
    f = &k->frames[k->depth++];
    memset(f, 0, sizeof *f);
    f->is_object = (uint8_t)is_object;
    f->names_base = k->n_names;
    return 1;
}

/* A member name at k->p for the innermost object, then its ':'. */
static int member_name(checker_t *k)
{
    frame_t *f = &k->frames[k->depth - 1];
    const unsigned char *q = k->p;
    int escaped, r;
    uint32_t off, len;
    if (q >= k->end)
        return fail(k, EINV_JSON_SYNTAX, q, "unexpected end of input (unclosed object)");
    if (*q != '"') {
        if (*q == '}')
            return fail(k, EINV_JSON_SYNTAX, q, "trailing comma before '}'");
        if (*q == '\'')
            return fail(k, EINV_JSON_SYNTAX, q, "single quotes are not JSON: member names use double quotes");
        if (*q == '/')
            return fail(k, EINV_JSON_SYNTAX, q, "comments are not allowed in JSON");
        return fail(k, EINV_JSON_SYNTAX, q, "expected a member name in double quotes");
    }
    if (!scan_string(k, &escaped))
        return 0;
    off = (uint32_t)(q + 1 - k->start);
    len = (uint32_t)(k->p - 1 - (q + 1));
    if ((r = push_name(k, off, len, escaped)) != 0)
        return r > 0 ? duplicate(k, off, len) : fail(k, EINV_JSON_NOMEM, q, "out of memory");
    f->name_off = off;
    f->name_len = len;
    skip_ws(k);
    if (k->p >= k->end || *k->p != ':')
        return fail(k, EINV_JSON_SYNTAX, k->p, "expected ':' after a member name");
    k->p++;
    f->has_name = 1;
    skip_ws(k);
    return 1;
}

/* One value at k->p. Returns 1 when it is complete, OPENED when it opened a non-empty
 * container (whose first value is next), 0 on a fault. */
#define OPENED 3
static int value(checker_t *k)
{
    int escaped;
    if (k->p >= k->end)
        return bad_value(k);
    switch (*k->p) {
    case '{':
    case '[': {
        int obj = *k->p == '{';
        if (!push_frame(k, obj))
            return 0;
        k->p++;
        skip_ws(k);
        if (k->p < k->end && *k->p == (obj ? '}' : ']')) {
            k->p++;
            k->depth--;
            return 1;
        }
        if (obj && !member_name(k))
            return 0;
        return OPENED;
    }
    case '"':
        return scan_string(k, &escaped);
    case '-': case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
    case '8': case '9':
        return scan_number(k);
    default:
        if (!bad_value(k))
            return 0;
        k->p += *k->p == 'f' ? 5 : 4;
        return 1;
    }
}

/* After a value: a separator or the end of the innermost container(s). Returns 1 when the
 * next value is due, 2 when the text is complete, 0 on a fault. */
static int after_value(checker_t *k)
{
    for (;;) {
        frame_t *f;
        skip_ws(k);
        if (k->depth == 0) {
            if (k->p < k->end)
                return fail(k, EINV_JSON_SYNTAX, k->p, *k->p == '/' ? "comments are not allowed in JSON"
                                                                   : "unexpected data after the JSON value");
            return 2;
        }
        f = &k->frames[k->depth - 1];
        if (k->p >= k->end)
            return fail(k, EINV_JSON_SYNTAX, k->p, f->is_object ? "unexpected end of input (unclosed object)"
                                                                  : "unexpected end of input (unclosed array)");
        if (*k->p == ',') {
            k->p++;
            skip_ws(k);
            f->index++;
            if (f->is_object) {
                f->has_name = 0;
                if (!member_name(k))
                    return 0;
            } else if (k->p < k->end && *k->p == ']')
                return fail(k, EINV_JSON_SYNTAX, k->p, "trailing comma before ']'");
            return 1;
        }
        if (*k->p == (f->is_object ? '}' : ']')) {
            k->p++;
            if (f->is_object)
                pop_names(k, f->names_base);
            k->depth--;
            continue;
        }
        if (f->is_object)
            return fail(k, EINV_JSON_SYNTAX, k->p, *k->p == '/' ? "comments are not allowed in JSON"
                                                               : "expected ',' or '}' after a member");
        return fail(k, EINV_JSON_SYNTAX, k->p, *k->p == '/' ? "comments are not allowed in JSON"
                                                           : "expected ',' or ']' after an element");
    }
}

static int run(checker_t *k)
{
    skip_ws(k);
    if (k->p >= k->end)
        return fail(k, EINV_JSON_SYNTAX, k->p, "no JSON value (empty input)");
    for (;;) {
        int r = value(k);
        if (r == 0)
            return 0;
        if (r == OPENED)   /* its first value follows at once */
            continue;
        r = after_value(k);
        if (r != 1)
            return r == 2;
    }
}

int einv_json_check(const void *data, size_t len, const einv_json_opts_t *opts, einv_json_error_t *err)
{
    checker_t k;
    einv_json_error_t local;
    frame_t stack[STACK_FRAMES];
    int ok;
    memset(&k, 0, sizeof k);
    k.err = err ? err : &local;
    memset(k.err, 0, sizeof *k.err);
    if (opts)
        k.o = *opts;
    k.seed = mix64(einv_now_ns() ^ (uint64_t)(uintptr_t)&k);
    if (!k.o.max_depth)
        k.o.max_depth = DEFAULT_DEPTH;
    if (k.o.max_depth > MAX_DEPTH)
        k.o.max_depth = MAX_DEPTH;
    k.start = k.p = data ? data : (const void *)"";
    k.end = k.start + (data ? len : 0);
    if (len >= ESCAPED) {   /* name offsets are 31-bit */
        fail(&k, EINV_JSON_SIZE, k.start, "input larger than 2 GiB");
        return EINV_ERR_USAGE;
    }
    if (len >= 3 && k.p[0] == 0xEF && k.p[1] == 0xBB && k.p[2] == 0xBF)
        k.p += 3;
    k.frames = k.o.max_depth <= STACK_FRAMES ? stack : malloc(k.o.max_depth * sizeof *k.frames);
    if (!k.frames) {
        fail(&k, EINV_JSON_NOMEM, k.start, "out of memory");
        return EINV_ERR_NOMEM;
    }
    ok = run(&k);
    if (k.frames != stack)
        free(k.frames);
    free(k.names);
    free(k.heads);
    if (ok)
        return EINV_OK;
    return k.err->status == EINV_JSON_NOMEM ? EINV_ERR_NOMEM : EINV_ERR_USAGE;
}

size_t einv_utf8_valid(const void *s, size_t len)
{
    const unsigned char *p = s, *end = p + len;
    while (p < end) {
        size_t n = *p < 0x80 ? 1 : utf8_len(p, end);
        if (!n)
            break;
        p += n;
    }
    return (size_t)(p - (const unsigned char *)s);
}

size_t einv_json_unescape(const char *raw, size_t len, char *out)
{
    const unsigned char *p = (const unsigned char *)raw, *end = p + len;
    char *o = out;
    while (p < end) {
        const unsigned char *bs = memchr(p, '\\', (size_t)(end - p));
        size_t run = bs ? (size_t)(bs - p) : (size_t)(end - p);
        memmove(o, p, run);   /* plain runs at once; out may be raw itself */
        o += run;
        p += run;
        if (p < end) {
            char c[4];
            size_t n = name_char(&p, c);
            memcpy(o, c, n);
            o += n;
        }
    }
    return (size_t)(o - out);
}

char *einv_json_error_text(const einv_json_error_t *e, char *buf, size_t size)
{
    sbuf_t b = {buf, size, 0, 0};
    char tail[96];
    int n;
    if (!buf || !size)
        return buf;
    buf[0] = 0;
    if (!e)
        return buf;
    n = snprintf(tail, sizeof tail, " (line %zu, column %zu, byte %zu)", e->line, e->column, e->offset);
    sb_put(&b, e->pointer[0] ? e->pointer : "body", strlen(e->pointer[0] ? e->pointer : "body"));
    sb_put(&b, ": ", 2);
    sb_put(&b, e->message, strlen(e->message));
    sb_put(&b, tail, (size_t)n);
    return buf;
}
