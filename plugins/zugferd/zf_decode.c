/* Streaming PDF filter decoders (see zf_decode.h): the stage framework, the chain over
 * bytes in memory, and the byte-oriented filters (Flate, RunLength, ASCIIHex, ASCII85).
 * LZW and the predictors are in zf_decode_lzw.c.
 *
 * Each stage decodes into a small pending buffer of its own and hands that out through
 * zf_stage_step(); a chain passes each stage's output on in PEND-sized pieces, so memory is
 * a few buffers per stage plus the final output, which the cap bounds. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <einvoice/limits.h>
#include "zf_decode_int.h"

int zf_filter_kind_of(const char *name)
{
    static const struct {
        const char *full, *abbr;
        zf_filter_kind kind;
    } names[] = {{"FlateDecode", "Fl", ZF_F_FLATE},         {"LZWDecode", "LZW", ZF_F_LZW},
                 {"RunLengthDecode", "RL", ZF_F_RUNLENGTH}, {"ASCIIHexDecode", "AHx", ZF_F_ASCIIHEX},
                 {"ASCII85Decode", "A85", ZF_F_ASCII85}};
    size_t i;
    if (name && *name == '/')
        name++;
    for (i = 0; name && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].full) == 0 || strcmp(name, names[i].abbr) == 0)
            return (int)names[i].kind;
    return -1;
}

void zf_filter_init(zf_filter_t *f, zf_filter_kind kind)
{
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->predictor = 1;
    f->colors = 1;
    f->bpc = 8;
    f->columns = 1;
    f->early_change = 1;
}

/* ---- Flate (zlib) ---- */

static int flate_some(zf_stage_t *s, const unsigned char **in, size_t *inlen, int last)
{
    size_t give = *inlen > 0x40000000u ? 0x40000000u : *inlen;
    int rc;
    s->z.next_in = (unsigned char *)*in;
    s->z.avail_in = (uInt)give;
    s->z.next_out = s->pend + s->pend_len;
    s->z.avail_out = (uInt)(s->pend_cap - s->pend_len);
    rc = inflate(&s->z, Z_NO_FLUSH);
    *in += give - s->z.avail_in;
    *inlen -= give - s->z.avail_in;
    s->pend_len = (size_t)(s->z.next_out - s->pend);
    if (rc == Z_STREAM_END)
        s->ended = 1;
    else if (rc == Z_BUF_ERROR) {
        /* no progress possible: the input ran out before the stream's end. PDF readers keep
         * what a truncated stream gave, and so do we. */
        if (*inlen == 0 && last)
            s->ended = 1;
        else if (*inlen)
            return ZF_DEC_ERROR;
    } else if (rc != Z_OK) {
        if (s->z.total_out == 0)
            return ZF_DEC_ERROR;
        s->ended = 1;   /* garbage after data: keep the data, as qpdf does */
    } else if (*inlen == 0 && last && s->pend_len == 0)
        s->ended = 1;
    return ZF_DEC_OK;
}

/* ---- RunLength (ISO 32000-1 7.4.5) ---- */

static int rl_some(zf_stage_t *s, const unsigned char **in, size_t *inlen, int last)
{
    while (*inlen && s->pend_cap - s->pend_len >= 128 && !s->ended) {
        if (s->u.rl.literal) {
            size_t n = s->u.rl.literal;
            if (n > *inlen)
                n = *inlen;
            memcpy(s->pend + s->pend_len, *in, n);
            s->pend_len += n;
            s->u.rl.literal -= n;
            *in += n;
            *inlen -= n;
        } else if (s->u.rl.repeat) {
            memset(s->pend + s->pend_len, **in, s->u.rl.repeat);
            s->pend_len += s->u.rl.repeat;
            s->u.rl.repeat = 0;
            (*in)++, (*inlen)--;
        } else {
            unsigned l = **in;
            (*in)++, (*inlen)--;
            if (l == 128)
                s->ended = 1;
            else if (l < 128)
                s->u.rl.literal = l + 1;
            else
                s->u.rl.repeat = 257 - l;
        }
    }
    if (!*inlen && last)
        s->ended = 1;   /* a run cut short ends the data */
    return ZF_DEC_OK;
}

/* ---- ASCIIHex ---- */

static int hex_value(unsigned c)
{
    if (c >= '0' && c <= '9')
        return (int)c - '0';
    c |= 0x20;
    return c >= 'a' && c <= 'f' ? (int)c - 'a' + 10 : -1;
}

static int is_pdf_space(unsigned c) { return c == 0 || c == 9 || c == 10 || c == 12 || c == 13 || c == 32; }

static int hex_some(zf_stage_t *s, const unsigned char **in, size_t *inlen, int last)
{
    while (*inlen && s->pend_len + 1 < s->pend_cap && !s->ended) {
        unsigned c = **in;
        int v;
        (*in)++, (*inlen)--;
        if (c == '>') {
            s->ended = 1;
        } else if (!is_pdf_space(c)) {
            if ((v = hex_value(c)) < 0)
                return ZF_DEC_ERROR;
            if (s->u.hex.half)
                s->pend[s->pend_len++] = (unsigned char)(s->u.hex.hi << 4 | v);
            else
                s->u.hex.hi = v;
            s->u.hex.half = !s->u.hex.half;
        }
    }
    if (!*inlen && last)
        s->ended = 1;
    if (s->ended && s->u.hex.half) {   /* an odd last digit counts as followed by 0 */
        s->pend[s->pend_len++] = (unsigned char)(s->u.hex.hi << 4);
        s->u.hex.half = 0;
    }
    return ZF_DEC_OK;
}

/* ---- ASCII85 ---- */

static void a85_put(zf_stage_t *s, uint64_t v, int nbytes)
{
    int k;
    for (k = 0; k < nbytes; k++)
        s->pend[s->pend_len++] = (unsigned char)(v >> (24 - 8 * k));
}

static int a85_some(zf_stage_t *s, const unsigned char **in, size_t *inlen, int last)
{
    while (*inlen && s->pend_cap - s->pend_len >= 8 && !s->ended) {
        unsigned c = **in;
        (*in)++, (*inlen)--;
        if (c == '~') {
            s->ended = 1;
        } else if (c == 'z' && s->u.a85.n == 0) {
            a85_put(s, 0, 4);
        } else if (!is_pdf_space(c)) {
            if (c < '!' || c > 'u')
                return ZF_DEC_ERROR;
            s->u.a85.v = s->u.a85.v * 85 + (c - '!');
            if (++s->u.a85.n == 5) {   /* an overflowing group keeps its low 32 bits, as in qpdf */
                a85_put(s, s->u.a85.v, 4);
                s->u.a85.v = 0;
                s->u.a85.n = 0;
            }
        }
    }
    if (!*inlen && last)
        s->ended = 1;
    if (s->ended && s->u.a85.n) {   /* a final partial group of n digits gives n - 1 bytes */
        int n = s->u.a85.n, k;
        for (k = n; k < 5; k++)
            s->u.a85.v = s->u.a85.v * 85 + 84;
        a85_put(s, s->u.a85.v, n - 1);
        s->u.a85.n = 0;
    }
    return ZF_DEC_OK;
}

/* ---- the stage framework ---- */

int zf_filter_check(const zf_filter_t *f)
{
    if (f->kind == ZF_F_FLATE || f->kind == ZF_F_LZW || f->kind == ZF_F_PREDICTOR)
        return zf_predictor_check(f);
    return f->kind <= ZF_F_PREDICTOR ? ZF_DEC_OK : ZF_DEC_UNSUPPORTED;
}

zf_stage_t *zf_stage_new(const zf_filter_t *f)
{
    zf_stage_t *s;
    if (zf_filter_check(f) != ZF_DEC_OK)
        return NULL;
    s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->f = *f;
    s->pend_cap = ZF_DEC_PEND;
    if (f->kind == ZF_F_PREDICTOR && zf_predictor_init(s) != ZF_DEC_OK) {
        free(s);
        return NULL;
    }
    if (f->kind == ZF_F_LZW)
        zf_lzw_init(s);
    if (f->kind == ZF_F_FLATE) {
        if (inflateInit(&s->z) != Z_OK) {
            free(s);
            return NULL;
        }
        s->z_live = 1;
    }
    s->pend = malloc(s->pend_cap);
    if (!s->pend) {
        zf_stage_free(s);
        return NULL;
    }
    return s;
}

void zf_stage_free(zf_stage_t *s)
{
    if (!s)
        return;
    if (s->z_live)
        inflateEnd(&s->z);
    zf_predictor_free(s);
    free(s->pend);
    free(s);
}

static int stage_some(zf_stage_t *s, const unsigned char **in, size_t *inlen, int last)
{
    switch (s->f.kind) {
    case ZF_F_FLATE: return flate_some(s, in, inlen, last);
    case ZF_F_LZW: return zf_lzw_some(s, in, inlen, last);
    case ZF_F_RUNLENGTH: return rl_some(s, in, inlen, last);
    case ZF_F_ASCIIHEX: return hex_some(s, in, inlen, last);
    case ZF_F_ASCII85: return a85_some(s, in, inlen, last);
    case ZF_F_PREDICTOR: return zf_predictor_some(s, in, inlen, last);
    }
    return ZF_DEC_ERROR;
}

int zf_stage_step(zf_stage_t *s, const unsigned char **in, size_t *inlen, unsigned char *out,
                  size_t outcap, size_t *outlen, int last)
{
    *outlen = 0;
    for (;;) {
        size_t had_in = *inlen, had_pend;
        int rc;
        if (s->pend_off < s->pend_len) {
            size_t n = s->pend_len - s->pend_off;
            if (n > outcap - *outlen)
                n = outcap - *outlen;
            memcpy(out + *outlen, s->pend + s->pend_off, n);
            s->pend_off += n;
            *outlen += n;
            if (s->pend_off < s->pend_len)
                return ZF_DEC_OK;   /* out is full */
        }
        s->pend_off = s->pend_len = 0;
        if (s->ended)
            return ZF_DEC_DONE;
        if (!*inlen && !last)
            return ZF_DEC_OK;
        rc = stage_some(s, in, inlen, last);
        if (rc != ZF_DEC_OK)
            return rc;
        had_pend = s->pend_len;
        /* every call must use input, give output or end, else hostile data could spin */
        if (had_in == *inlen && had_pend == 0 && !s->ended)
            return ZF_DEC_ERROR;
    }
}

/* ---- a chain over bytes in memory ---- */

typedef struct chain {
    zf_stage_t *st[ZF_MAX_FILTERS * 2];
    unsigned char buf[ZF_MAX_FILTERS * 2][ZF_DEC_PEND];
    size_t produced[ZF_MAX_FILTERS * 2];
    size_t n, cap, since_clock;
    uint64_t deadline;
    unsigned char *out;
    size_t len, size;
} chain_t;

static int sink(chain_t *c, const unsigned char *p, size_t n)
{
    if (c->len + n + 1 > c->size) {
        size_t ns = c->size ? c->size : 64 * 1024;
        unsigned char *nb;
        while (ns < c->len + n + 1)
            ns *= 2;
        if (ns > c->cap + 1)
            ns = c->cap + 1;
        if (ns < c->len + n + 1)
            return ZF_DEC_LIMIT;
        if (!(nb = realloc(c->out, ns)))
            return ZF_DEC_NOMEM;
        c->out = nb;
        c->size = ns;
    }
    if (n)   /* an empty stream without filters hands no bytes at all (p may be NULL) */
        memcpy(c->out + c->len, p, n);
    c->len += n;
    return ZF_DEC_OK;
}

/* Push in into stage i and what it gives down the chain. ZF_DEC_DONE once stage i (and so
 * every later one) has ended. */
static int feed(chain_t *c, size_t i, const unsigned char *in, size_t inlen, int last)
{
    for (;;) {
        size_t got;
        int rc = zf_stage_step(c->st[i], &in, &inlen, c->buf[i], ZF_DEC_PEND, &got, last), r;
        if (rc < 0)
            return rc;
        if (got) {
            if ((c->produced[i] += got) > c->cap)
                return ZF_DEC_LIMIT;
            if ((c->since_clock += got) >= ZF_DEC_CLOCK_EVERY) {
                c->since_clock = 0;
                if (c->deadline && einv_now_ns() >= c->deadline)
                    return ZF_DEC_TIME;
            }
            r = i + 1 < c->n ? feed(c, i + 1, c->buf[i], got, 0) : sink(c, c->buf[i], got);
            if (r < 0 || r == ZF_DEC_DONE)
                return r;
        }
        if (rc == ZF_DEC_DONE)
            return i + 1 < c->n ? feed(c, i + 1, NULL, 0, 1) : ZF_DEC_DONE;
        if (!got && !inlen && !last)
            return ZF_DEC_OK;
    }
}

int zf_decode_chain(const zf_filter_t *filters, size_t n, const unsigned char *raw, size_t rawlen,
                    size_t cap, uint64_t deadline_ns, unsigned char **out, size_t *outlen)
{
    chain_t *c;
    size_t i;
    int rc = ZF_DEC_OK;
    *out = NULL;
    *outlen = 0;
    if (n > ZF_MAX_FILTERS)
        return ZF_DEC_UNSUPPORTED;
    if (!(c = calloc(1, sizeof *c)))
        return ZF_DEC_NOMEM;
    c->cap = cap;
    c->deadline = deadline_ns;
    for (i = 0; i < n && rc == ZF_DEC_OK; i++) {
        zf_filter_t base = filters[i];
        int pred = (base.kind == ZF_F_FLATE || base.kind == ZF_F_LZW) && base.predictor > 1;
        if (zf_filter_check(&base) != ZF_DEC_OK)
            rc = ZF_DEC_UNSUPPORTED;
        else if (!(c->st[c->n++] = zf_stage_new(&base)))
            rc = ZF_DEC_NOMEM;
        else if (pred) {
            base.kind = ZF_F_PREDICTOR;
            if (!(c->st[c->n++] = zf_stage_new(&base)))
                rc = ZF_DEC_NOMEM;
        }
    }
    if (rc == ZF_DEC_OK)
        rc = c->n ? feed(c, 0, raw, rawlen, 1) : sink(c, raw, rawlen);
    if (rc == ZF_DEC_DONE)
        rc = ZF_DEC_OK;
    if (rc == ZF_DEC_OK && !c->out)
        rc = sink(c, (const unsigned char *)"", 0);
    if (rc == ZF_DEC_OK) {
        c->out[c->len] = 0;
        *out = c->out;
        *outlen = c->len;
    } else
        free(c->out);
    for (i = 0; i < c->n; i++)
        zf_stage_free(c->st[i]);
    free(c);
    return rc;
}
