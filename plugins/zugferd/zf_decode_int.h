/* Internal side of the streaming decoders (zf_decode.c, zf_decode_lzw.c). */
#ifndef ZF_DECODE_INT_H
#define ZF_DECODE_INT_H

#include <zlib.h>
#include "zf_decode.h"

/* Pending output of one stage: room for the largest single emission (an LZW string of
 * 4096 bytes, a RunLength run of 128) several times over. */
#define ZF_DEC_PEND ((size_t)16 * 1024)
/* Largest predictor row we accept (Columns x Colors x BitsPerComponent / 8). */
#define ZF_DEC_MAX_ROW ((size_t)1 << 20)
#define ZF_LZW_TABLE 4096

struct zf_stage {
    zf_filter_t f;
    unsigned char *pend;
    size_t pend_cap, pend_off, pend_len;
    int ended;   /* no output beyond pend */
    z_stream z;
    int z_live;
    union {
        struct { size_t literal, repeat; } rl;
        struct { int hi, half; } hex;
        struct { uint64_t v; int n; } a85;
        struct {
            uint32_t bitbuf;
            int bits, code_len, next, prev;
            uint16_t prefix[ZF_LZW_TABLE], len[ZF_LZW_TABLE];
            unsigned char suffix[ZF_LZW_TABLE], first[ZF_LZW_TABLE];
        } lzw;
        struct {
            unsigned char *row, *prev;   /* row[0] is the PNG filter byte */
            size_t rowbytes, bpp, fill;
        } pred;
    } u;
};

void zf_lzw_init(zf_stage_t *s);
int zf_lzw_some(zf_stage_t *s, const unsigned char **in, size_t *inlen, int last);
int zf_predictor_check(const zf_filter_t *f);
int zf_predictor_init(zf_stage_t *s);
int zf_predictor_some(zf_stage_t *s, const unsigned char **in, size_t *inlen, int last);
void zf_predictor_free(zf_stage_t *s);

#endif
