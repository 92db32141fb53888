/* Streaming decoders for the PDF stream filters an XML attachment (and qpdf's object and
 * cross-reference streams) may use: FlateDecode, LZWDecode (each with an optional PNG or
 * TIFF predictor), RunLengthDecode, ASCIIHexDecode and ASCII85Decode.
 *
 * Every decoder works through small fixed buffers, zlib style, so a stream is never held
 * whole in memory between stages: a chain stops as soon as one stage's output passes the
 * cap (the budget's max_decoded) or the deadline passes. Pure C and zlib, no qpdf: the
 * zugferd plugin runs the chain on an attachment's raw bytes (zf_pdf.c), and the qpdf
 * bridge (zf_qpdf_filters.cc) runs the same stages for qpdf's own decoding. */
#ifndef ZF_DECODE_H
#define ZF_DECODE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Results. A stage step answers ZF_DEC_OK (call again: more input wanted, or the output
 * buffer was full) or ZF_DEC_DONE (all its output is out); the others end a decode. */
enum {
    ZF_DEC_OK = 0,
    ZF_DEC_DONE = 1,
    ZF_DEC_ERROR = -1,        /* corrupt data */
    ZF_DEC_LIMIT = -2,        /* a stage decoded more than the cap */
    ZF_DEC_TIME = -3,         /* the deadline passed */
    ZF_DEC_UNSUPPORTED = -4,  /* a filter or parameter we do not decode */
    ZF_DEC_NOMEM = -5
};

typedef enum zf_filter_kind {
    ZF_F_FLATE,
    ZF_F_LZW,
    ZF_F_RUNLENGTH,
    ZF_F_ASCIIHEX,
    ZF_F_ASCII85,
    ZF_F_PREDICTOR   /* the /Predictor of a Flate or LZW filter, as a stage of its own */
} zf_filter_kind;

/* One filter with its /DecodeParms (defaults as in ISO 32000-1 7.4.4.4). */
typedef struct zf_filter {
    zf_filter_kind kind;
    int predictor;      /* 1 none, 2 TIFF, >= 10 PNG */
    int colors;         /* 1 */
    int bpc;            /* BitsPerComponent, 8 */
    int columns;        /* 1 */
    int early_change;   /* LZW only, 1 */
} zf_filter_t;

/* Most filters one stream may chain; a longer /Filter array is refused. */
#define ZF_MAX_FILTERS 8

/* The filter kind a PDF filter name stands for (with or without the leading '/', full or
 * abbreviated), or -1 when it is none of ours. */
int zf_filter_kind_of(const char *name);
/* f with the parameter defaults. */
void zf_filter_init(zf_filter_t *f, zf_filter_kind kind);
/* ZF_DEC_OK when the parameters are ones we decode, else ZF_DEC_UNSUPPORTED. */
int zf_filter_check(const zf_filter_t *f);

/* ---- one stage ---- */
typedef struct zf_stage zf_stage_t;
/* A decoder for f (for a predictor, the ZF_F_PREDICTOR stage); NULL when unsupported or
 * out of memory. (transfer full: zf_stage_free) */
zf_stage_t *zf_stage_new(const zf_filter_t *f);
/* Decode from *in (*inlen bytes; both advanced past what was used) into out (outcap
 * bytes), *outlen set to the bytes written. last: no input follows *in. Returns ZF_DEC_OK,
 * ZF_DEC_DONE (input after the stream's end is ignored) or ZF_DEC_ERROR. */
int zf_stage_step(zf_stage_t *s, const unsigned char **in, size_t *inlen, unsigned char *out,
                  size_t outcap, size_t *outlen, int last);
void zf_stage_free(zf_stage_t *s);

/* ---- a whole chain on bytes in memory ---- */
/* Decode raw through filters[0..n-1] (the order of /Filter). No stage may produce more than
 * cap bytes; deadline_ns (CLOCK_MONOTONIC, 0 = none) is checked every few MiB. On
 * ZF_DEC_OK *out (malloc'd, NUL-terminated, transfer full) holds *outlen bytes. */
int zf_decode_chain(const zf_filter_t *filters, size_t n, const unsigned char *raw, size_t rawlen,
                    size_t cap, uint64_t deadline_ns, unsigned char **out, size_t *outlen);

/* How often (in decoded bytes) decoders look at the clock. */
#define ZF_DEC_CLOCK_EVERY ((size_t)4 << 20)

#ifdef __cplusplus
}
#endif
#endif
