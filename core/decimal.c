/* Exact decimal arithmetic for amounts, quantities and rates (xs:decimal semantics).
 * A value is m / 10^scale with a 128-bit mantissa; operations align scales exactly and
 * mark the result invalid (ok = 0) on overflow instead of losing precision. */
#include <einvoice/decimal.h>
#include <string.h>
#include <stdio.h>

#define I128_MAX ((einv_i128)(((unsigned __int128)1 << 127) - 1))
/* Mantissas stay below 10^36 so a multiply by 10^k or an add cannot wrap silently. */
static const einv_i128 LIMIT = (einv_i128)1000000000000000000LL * (einv_i128)1000000000000000000LL;

static einv_dec_t bad(void)
{
    einv_dec_t d = {0, 0, 0};
    return d;
}

static einv_i128 pow10i(int n)
{
    einv_i128 p = 1;
    while (n-- > 0)
        p *= 10;
    return p;
}

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static int parse_core(const char *s, size_t len, einv_dec_t *out, int allow_exp)
{
    size_t i = 0, end;
    einv_i128 m = 0;
    int scale = 0, neg = 0, digits = 0, point = 0;
    if (len == (size_t)-1)
        len = s ? strlen(s) : 0;
    *out = bad();
    if (!s)
        return 0;
    while (i < len && is_ws(s[i]))
        i++;
    end = len;
    while (end > i && is_ws(s[end - 1]))
        end--;
    if (i < end && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    for (; i < end; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9') {
            digits++;
            /* Drop fraction digits beyond the max scale only if they are zeros. */
            if (point && scale >= EINV_DEC_MAX_SCALE) {
                if (c != '0')
                    return 0;
                continue;
            }
            if (m > LIMIT)
                return 0;
            m = m * 10 + (c - '0');
            if (point)
                scale++;
        } else if (c == '.' && !point) {
            point = 1;
        } else if ((c == 'e' || c == 'E') && allow_exp && digits) {
            long e = 0;
            int eneg = 0;
            i++;
            if (i < end && (s[i] == '+' || s[i] == '-'))
                eneg = s[i++] == '-';
            if (i >= end)
                return 0;
            for (; i < end; i++) {
                if (s[i] < '0' || s[i] > '9' || e > 100)
                    return 0;
                e = e * 10 + (s[i] - '0');
            }
            if (eneg)
                e = -e;
            scale -= (int)e;
            while (scale < 0) {
                if (m > LIMIT)
                    return 0;
                m *= 10;
                scale++;
            }
            if (scale > EINV_DEC_MAX_SCALE)
                return 0;
            break;
        } else {
            return 0;
        }
    }
    if (!digits)
        return 0;
    out->m = neg ? -m : m;
    out->scale = scale;
    out->ok = 1;
    return 1;
}

int einv_dec_parse(const char *s, size_t len, einv_dec_t *out)
{
    return parse_core(s, len, out, 0);
}

int einv_dec_parse_number(const char *s, size_t len, einv_dec_t *out)
{
    return parse_core(s, len, out, 1);
}

einv_dec_t einv_dec_from_int(long long v)
{
    einv_dec_t d = {(einv_i128)v, 0, 1};
    return d;
}

/* Bring a and b to the same scale; 0 when that would overflow. */
static int align(einv_dec_t *a, einv_dec_t *b)
{
    while (a->scale < b->scale) {
        if (a->m > LIMIT || a->m < -LIMIT)
            return 0;
        a->m *= 10;
        a->scale++;
    }
    while (b->scale < a->scale) {
        if (b->m > LIMIT || b->m < -LIMIT)
            return 0;
        b->m *= 10;
        b->scale++;
    }
    return 1;
}

einv_dec_t einv_dec_add(einv_dec_t a, einv_dec_t b)
{
    if (!a.ok || !b.ok || !align(&a, &b))
        return bad();
    a.m += b.m;
    return a;
}

einv_dec_t einv_dec_sub(einv_dec_t a, einv_dec_t b)
{
    return einv_dec_add(a, einv_dec_neg(b));
}

einv_dec_t einv_dec_neg(einv_dec_t a)
{
    a.m = -a.m;
    return a;
}

einv_dec_t einv_dec_abs(einv_dec_t a)
{
    if (a.m < 0)
        a.m = -a.m;
    return a;
}

/* Remove trailing fraction zeros so products keep small scales. */
static einv_dec_t trim(einv_dec_t a)
{
    while (a.scale > 0 && a.m % 10 == 0) {
        a.m /= 10;
        a.scale--;
    }
    return a;
}

einv_dec_t einv_dec_mul(einv_dec_t a, einv_dec_t b)
{
    einv_i128 am, bm;
    if (!a.ok || !b.ok)
        return bad();
    a = trim(a);
    b = trim(b);
    am = a.m < 0 ? -a.m : a.m;
    bm = b.m < 0 ? -b.m : b.m;
    if (am != 0 && bm > I128_MAX / am)
        return bad();
    a.m *= b.m;
    a.scale += b.scale;
    if (a.scale > EINV_DEC_MAX_SCALE) {
        a = einv_dec_round_half_away(a, EINV_DEC_MAX_SCALE);
    }
    return a;
}

einv_dec_t einv_dec_shift(einv_dec_t a, int n)
{
    if (!a.ok)
        return a;
    while (n > 0 && a.scale >= EINV_DEC_MAX_SCALE && a.m % 10 == 0) {
        a.m /= 10; /* keep exactness: dividing a trailing zero away is lossless */
        n--;
    }
    if (a.scale + n > EINV_DEC_MAX_SCALE)
        return einv_dec_round_half_away(einv_dec_shift(a, 0), EINV_DEC_MAX_SCALE);
    a.scale += n;
    while (a.scale < 0) {
        a.m *= 10;
        a.scale++;
    }
    return a;
}

einv_dec_t einv_dec_div(einv_dec_t a, einv_dec_t b, int scale)
{
    einv_i128 num, q, r, den;
    int s;
    if (!a.ok || !b.ok || b.m == 0 || scale < 0 || scale > EINV_DEC_MAX_SCALE)
        return bad();
    /* a/b = (a.m / b.m) * 10^(b.scale - a.scale); compute with scale+1 digits then round. */
    num = a.m;
    den = b.m;
    /* q = a.m * 10^(b.scale - a.scale + scale + 1) / b.m, at scale + 1 digits */
    s = scale + 1 + (b.scale - a.scale);
    while (s > 0) {
        if (num > LIMIT || num < -LIMIT)
            return bad();
        num *= 10;
        s--;
    }
    while (s < 0) {
        den *= 10;
        s++;
    }
    q = num / den;
    r = num % den;
    (void)r;
    {
        einv_dec_t t = {q, scale + 1, 1};
        return einv_dec_round_half_away(t, scale);
    }
}

static einv_dec_t round_mode(einv_dec_t a, int digits, int half_up_positive)
{
    einv_i128 p, q, rem;
    if (!a.ok || digits < 0 || a.scale <= digits)
        return a;
    p = pow10i(a.scale - digits);
    q = a.m / p;
    rem = a.m % p;
    if (rem != 0) {
        einv_i128 twice = (rem < 0 ? -rem : rem) * 2;
        if (a.m > 0) {
            if (twice >= p)
                q += 1;
        } else {
            /* negative: half-up-positive rounds -2.5 to -2, half-away rounds to -3 */
            if (twice > p || (twice == p && !half_up_positive))
                q -= 1;
        }
    }
    a.m = q;
    a.scale = digits;
    return a;
}

einv_dec_t einv_dec_round(einv_dec_t a, int digits)
{
    return round_mode(a, digits, 1);
}

einv_dec_t einv_dec_round_half_away(einv_dec_t a, int digits)
{
    return round_mode(a, digits, 0);
}

int einv_dec_cmp(einv_dec_t a, einv_dec_t b)
{
    if (!align(&a, &b)) {
        /* Out of range after alignment: compare by sign and magnitude of scales. */
        int sa = einv_dec_sign(a), sb = einv_dec_sign(b);
        if (sa != sb)
            return sa < sb ? -1 : 1;
        return a.scale < b.scale ? sa : -sa;
    }
    return a.m < b.m ? -1 : a.m > b.m ? 1 : 0;
}

int einv_dec_eq(einv_dec_t a, einv_dec_t b)
{
    return a.ok && b.ok && einv_dec_cmp(a, b) == 0;
}

int einv_dec_sign(einv_dec_t a)
{
    return a.m < 0 ? -1 : a.m > 0 ? 1 : 0;
}

int einv_dec_is_zero(einv_dec_t a)
{
    return a.ok && a.m == 0;
}

char *einv_dec_format(einv_dec_t a, char *buf, size_t size)
{
    char tmp[64];
    int n = 0, i;
    unsigned __int128 u;
    size_t len = 0;
    if (!buf || size == 0)
        return buf;
    if (!a.ok) {
        snprintf(buf, size, "NaN");
        return buf;
    }
    u = a.m < 0 ? (unsigned __int128)(-(a.m + 1)) + 1 : (unsigned __int128)a.m;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u && n < 60);
    while (n <= a.scale)
        tmp[n++] = '0';
    if (a.m < 0 && len + 1 < size)
        buf[len++] = '-';
    for (i = n - 1; i >= 0 && len + 1 < size; i--) {
        buf[len++] = tmp[i];
        if (i == a.scale && a.scale > 0 && len + 1 < size)
            buf[len++] = '.';
    }
    buf[len] = 0;
    return buf;
}
