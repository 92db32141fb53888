/* einvoice SDK: exact decimal numbers (xs:decimal semantics). No binary floating point
 * is ever used for amounts: a value is a 128-bit integer mantissa and a decimal scale. */
#ifndef EINVOICE_DECIMAL_H
#define EINVOICE_DECIMAL_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

__extension__ typedef __int128 einv_i128;

typedef struct einv_dec {
    einv_i128 m;     /* value = m / 10^scale */
    int32_t scale;   /* 0..EINV_DEC_MAX_SCALE */
    uint8_t ok;      /* 1 when the value is a valid number; 0 = not a number */
} einv_dec_t;

#define EINV_DEC_MAX_SCALE 30

/* Parse the lexical form of xs:decimal (optional sign, digits, optional point and
 * fraction; surrounding XML white space allowed). Returns 1 and sets *out on success,
 * 0 (and out->ok = 0) otherwise. len may be (size_t)-1 for a NUL-terminated string. */
EINV_API int einv_dec_parse(const char *s, size_t len, einv_dec_t *out);

/* Like einv_dec_parse but also accepts the xs:double lexical forms a schematron
 * comparison would cast to (exponent). Returns 0 for NaN/INF or junk. */
EINV_API int einv_dec_parse_number(const char *s, size_t len, einv_dec_t *out);

EINV_API einv_dec_t einv_dec_from_int(long long v);
EINV_API einv_dec_t einv_dec_add(einv_dec_t a, einv_dec_t b);
EINV_API einv_dec_t einv_dec_sub(einv_dec_t a, einv_dec_t b);
EINV_API einv_dec_t einv_dec_mul(einv_dec_t a, einv_dec_t b);
/* a / 10^n, exact. */
EINV_API einv_dec_t einv_dec_shift(einv_dec_t a, int n);
/* Division rounded to `scale` fraction digits, half away from zero. ok=0 on b == 0. */
EINV_API einv_dec_t einv_dec_div(einv_dec_t a, einv_dec_t b, int scale);
EINV_API einv_dec_t einv_dec_neg(einv_dec_t a);
EINV_API einv_dec_t einv_dec_abs(einv_dec_t a);
/* XPath fn:round at `digits` fraction digits: half rounds toward positive infinity
 * (round(2.5)=3, round(-2.5)=-2). round(x*100) div 100 is einv_dec_round(x, 2). */
EINV_API einv_dec_t einv_dec_round(einv_dec_t a, int digits);
/* Round half away from zero (commercial rounding) at `digits`. */
EINV_API einv_dec_t einv_dec_round_half_away(einv_dec_t a, int digits);
/* -1, 0, 1. Invalid values compare as equal to nothing: callers check .ok first. */
EINV_API int einv_dec_cmp(einv_dec_t a, einv_dec_t b);
EINV_API int einv_dec_eq(einv_dec_t a, einv_dec_t b);
EINV_API int einv_dec_sign(einv_dec_t a);
EINV_API int einv_dec_is_zero(einv_dec_t a);
/* Write the canonical text (no exponent, no trailing fraction zeros beyond the
 * scale it carries) into buf; returns buf. buf needs at most 64 bytes. */
EINV_API char *einv_dec_format(einv_dec_t a, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
