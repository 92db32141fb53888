/* Streaming LZWDecode (ISO 32000-1 7.4.4: 9 to 12 bit codes, most significant bit first,
 * 256 clears the table, 257 ends the data, EarlyChange) and the PNG / TIFF predictors of
 * Flate and LZW (7.4.4.4), as stages of zf_decode.c. */
#include <stdlib.h>
#include <string.h>
#include "zf_decode_int.h"

/* ---- LZW ---- */

static void lzw_reset(zf_stage_t *s)
{
    s->u.lzw.next = 258;
    s->u.lzw.code_len = 9;
    s->u.lzw.prev = -1;
}

void zf_lzw_init(zf_stage_t *s)
{
    int c;
    for (c = 0; c < 256; c++) {
        s->u.lzw.prefix[c] = 0;
        s->u.lzw.len[c] = 1;
        s->u.lzw.suffix[c] = (unsigned char)c;
        s->u.lzw.first[c] = (unsigned char)c;
    }
    lzw_reset(s);
}

/* Write the string of code (its length is at most the table size) into pend. */
static void lzw_emit(zf_stage_t *s, int code)
{
    size_t n = s->u.lzw.len[code], k = n;
    unsigned char *p = s->pend + s->pend_len;
    while (k > 0) {
        p[--k] = s->u.lzw.suffix[code];
        code = s->u.lzw.prefix[code];
    }
    s->pend_len += n;
}

static void lzw_add(zf_stage_t *s, int prev, unsigned char c)
{
    int n = s->u.lzw.next;
    if (n >= ZF_LZW_TABLE)
        return;   /* a full table stays as it is until the next clear code */
    s->u.lzw.prefix[n] = (uint16_t)prev;
    s->u.lzw.suffix[n] = c;
    s->u.lzw.first[n] = s->u.lzw.first[prev];
    s->u.lzw.len[n] = (uint16_t)(s->u.lzw.len[prev] + 1);
    s->u.lzw.next = ++n;
    n += s->f.early_change ? 1 : 0;
    s->u.lzw.code_len = n >= 2048 ? 12 : n >= 1024 ? 11 : n >= 512 ? 10 : 9;
}

static int lzw_code(zf_stage_t *s, int code)
{
    int prev = s->u.lzw.prev;
    if (code == 256) {
        lzw_reset(s);
        return ZF_DEC_OK;
    }
    if (code == 257) {
        s->ended = 1;
        return ZF_DEC_OK;
    }
    if (prev < 0) {
        if (code > 255)
            return ZF_DEC_ERROR;
    } else if (code < s->u.lzw.next) {
        lzw_add(s, prev, s->u.lzw.first[code]);
    } else if (code == s->u.lzw.next && code < ZF_LZW_TABLE) {
        lzw_add(s, prev, s->u.lzw.first[prev]);   /* the code being defined: KwKwK */
    } else
        return ZF_DEC_ERROR;
    lzw_emit(s, code);
    s->u.lzw.prev = code;
    return ZF_DEC_OK;
}

int zf_lzw_some(zf_stage_t *s, const unsigned char **in, size_t *inlen, int last)
{
    while (*inlen && s->pend_cap - s->pend_len >= ZF_LZW_TABLE && !s->ended) {
        s->u.lzw.bitbuf = s->u.lzw.bitbuf << 8 | **in;
        s->u.lzw.bits += 8;
        (*in)++, (*inlen)--;
        if (s->u.lzw.bits >= s->u.lzw.code_len) {
            int len = s->u.lzw.code_len;
            int code = (int)(s->u.lzw.bitbuf >> (s->u.lzw.bits - len)) & ((1 << len) - 1);
            s->u.lzw.bits -= len;
            if (lzw_code(s, code) != ZF_DEC_OK)
                return ZF_DEC_ERROR;
        }
    }
    if (!*inlen && last)
        s->ended = 1;   /* data without the end code: keep what it gave */
    return ZF_DEC_OK;
}

/* ---- predictors ---- */

int zf_predictor_check(const zf_filter_t *f)
{
    size_t bits;
    if (f->predictor <= 1)
        return ZF_DEC_OK;
    if (f->predictor != 2 && (f->predictor < 10 || f->predictor > 15))
        return ZF_DEC_UNSUPPORTED;
    if (f->colors < 1 || f->colors > 32 || f->columns < 1 || f->columns > (1 << 24))
        return ZF_DEC_UNSUPPORTED;
    if (f->bpc != 1 && f->bpc != 2 && f->bpc != 4 && f->bpc != 8 && f->bpc != 16)
        return ZF_DEC_UNSUPPORTED;
    if (f->predictor == 2 && f->bpc != 8)
        return ZF_DEC_UNSUPPORTED;   /* TIFF with sub-byte or 16-bit samples: not met in practice */
    bits = (size_t)f->colors * (size_t)f->bpc * (size_t)f->columns;
    return (bits + 7) / 8 <= ZF_DEC_MAX_ROW ? ZF_DEC_OK : ZF_DEC_UNSUPPORTED;
}

int zf_predictor_init(zf_stage_t *s)
{
    const zf_filter_t *f = &s->f;
    size_t rb;
    if (f->predictor <= 1)
        return ZF_DEC_UNSUPPORTED;   /* no predictor stage without a predictor */
    rb = ((size_t)f->colors * (size_t)f->bpc * (size_t)f->columns + 7) / 8;
    s->u.pred.rowbytes = rb;
    s->u.pred.bpp = ((size_t)f->colors * (size_t)f->bpc + 7) / 8;
    s->u.pred.row = calloc(rb + 1, 1);
    s->u.pred.prev = calloc(rb + 1, 1);
    if (!s->u.pred.row || !s->u.pred.prev) {
        zf_predictor_free(s);
        return ZF_DEC_NOMEM;
    }
    if (s->pend_cap < rb)
        s->pend_cap = rb;
    return ZF_DEC_OK;
}

void zf_predictor_free(zf_stage_t *s)
{
    if (s->f.kind != ZF_F_PREDICTOR)
        return;
    free(s->u.pred.row);
    free(s->u.pred.prev);
    s->u.pred.row = s->u.pred.prev = NULL;
}

static unsigned char paeth(unsigned a, unsigned b, unsigned c)
{
    int p = (int)a + (int)b - (int)c, pa = abs(p - (int)a), pb = abs(p - (int)b), pc = abs(p - (int)c);
    return (unsigned char)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/* Undo the PNG filter of the row in u.pred.row (byte 0 the filter type) against prev. */
static void png_row(zf_stage_t *s)
{
    unsigned char *r = s->u.pred.row + 1, *up = s->u.pred.prev + 1;
    size_t i, n = s->u.pred.rowbytes, bpp = s->u.pred.bpp;
    switch (s->u.pred.row[0]) {
    case 0: break;
    case 1: for (i = bpp; i < n; i++) r[i] = (unsigned char)(r[i] + r[i - bpp]); break;
    case 2: for (i = 0; i < n; i++) r[i] = (unsigned char)(r[i] + up[i]); break;
    case 3:
        for (i = 0; i < n; i++)
            r[i] = (unsigned char)(r[i] + (((i >= bpp ? r[i - bpp] : 0) + up[i]) >> 1));
        break;
    case 4:
        for (i = 0; i < n; i++)
            r[i] = (unsigned char)(r[i] + paeth(i >= bpp ? r[i - bpp] : 0, up[i], i >= bpp ? up[i - bpp] : 0));
        break;
    default: break;   /* an unknown filter type passes the row as is, as qpdf's decoder did */
    }
}

/* TIFF predictor 2 with 8-bit samples: each sample adds the one a pixel before. */
static void tiff_row(zf_stage_t *s)
{
    unsigned char *r = s->u.pred.row + 1;
    size_t i, bpp = s->u.pred.bpp;
    for (i = bpp; i < s->u.pred.rowbytes; i++)
        r[i] = (unsigned char)(r[i] + r[i - bpp]);
}

/* A complete row (or, at the end, the part of one that came): decode and emit it. */
static void pred_flush(zf_stage_t *s)
{
    int png = s->f.predictor >= 10;
    size_t got = s->u.pred.fill - (png ? 1 : 0);
    unsigned char *t;
    if (png)
        png_row(s);
    else
        tiff_row(s);
    memcpy(s->pend + s->pend_len, s->u.pred.row + 1, got);
    s->pend_len += got;
    t = s->u.pred.prev;
    s->u.pred.prev = s->u.pred.row;
    s->u.pred.row = t;
    s->u.pred.fill = 0;
}

int zf_predictor_some(zf_stage_t *s, const unsigned char **in, size_t *inlen, int last)
{
    int png = s->f.predictor >= 10;
    size_t full = s->u.pred.rowbytes + (png ? 1 : 0), off = png ? 0 : 1;
    while (*inlen && s->pend_cap - s->pend_len >= s->u.pred.rowbytes) {
        size_t n = full - s->u.pred.fill;
        if (n > *inlen)
            n = *inlen;
        memcpy(s->u.pred.row + off + s->u.pred.fill, *in, n);
        s->u.pred.fill += n;
        *in += n;
        *inlen -= n;
        if (s->u.pred.fill == full)
            pred_flush(s);
    }
    if (!*inlen && last) {
        if (s->pend_cap - s->pend_len < s->u.pred.rowbytes)
            return ZF_DEC_OK;   /* pend is full: the next call, with pend drained, ends */
        /* a partial last row: the bytes that came, the rest taken as zero */
        if (s->u.pred.fill > (png ? 1u : 0u)) {
            memset(s->u.pred.row + off + s->u.pred.fill, 0, full - s->u.pred.fill);
            pred_flush(s);
        }
        s->ended = 1;
    }
    return ZF_DEC_OK;
}
