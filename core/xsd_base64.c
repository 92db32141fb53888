/* The base64Binary check of the schema layer (core/xsd.c, core/xsd_fast.c). */
#include "xsd.h"
#include "simd.h"
#include <string.h>

/* xs:base64Binary as libxml2 checks it (xmlschemastypes.c): characters outside the
 * alphabet are skipped, no letter after the first '=', at most two '=' with the bits they
 * pad set to zero. Done here with a wide scan so that attachments (most of an invoice's
 * bytes) need not go through libxml2's one-character-at-a-time copy, normalisation and
 * decoding. */
static int b64_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : c == '=' ? 64 : -1;
}

/* Alphabet characters of p[0..n) (without '='); the '=' are added to *eq, the CR to *cr;
 * with dst, p is copied there on the way. */
static size_t count_alpha_scalar(const unsigned char *p, size_t n, size_t *eq, size_t *cr, unsigned char *dst)
{
    size_t k = 0, i;
    for (i = 0; i < n; i++) {
        int v = b64_value(p[i]);
        k += v >= 0 && v < 64;
        *eq += v == 64;
        *cr += p[i] == '\r';
        if (dst)
            dst[i] = p[i];
    }
    return k;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
/* The alphabet by nibbles: a byte is in it when the bit sets of its low and high nibble
 * meet (bytes >= 0x80 have an empty high set). Counts the bytes outside it, 64 a step. */
__attribute__((target("avx2"))) static size_t count_alpha_avx2(const unsigned char *p, size_t n, size_t *eq,
                                                               size_t *cr, unsigned char *dst)
{
    const __m256i lut_lo = _mm256_setr_epi8(0xA, 0xE, 0xE, 0xE, 0xE, 0xE, 0xE, 0xE, 0xE, 0xE, 0xC, 0x5, 0x4, 0x4, 0x4, 0x5,
                                            0xA, 0xE, 0xE, 0xE, 0xE, 0xE, 0xE, 0xE, 0xE, 0xE, 0xC, 0x5, 0x4, 0x4, 0x4, 0x5);
    const __m256i lut_hi = _mm256_setr_epi8(0, 0, 1, 2, 4, 8, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0,
                                            0, 0, 1, 2, 4, 8, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i nib = _mm256_set1_epi8(0x0f), zero = _mm256_setzero_si256();
    const __m256i pad = _mm256_set1_epi8('='), ret = _mm256_set1_epi8('\r');
    size_t i = 0, outside = 0, pads = 0, crs = 0;
    while (i + 64 <= n) {
        __m256i acc = zero, eqs = zero, rets = zero, sums;
        size_t stop = i + 64 * 127 < n ? i + 64 * 127 : n;   /* byte lanes count to 254 at most */
        for (; i + 64 <= stop; i += 64) {
            __m256i c0 = _mm256_loadu_si256((const __m256i *)(p + i));
            __m256i c1 = _mm256_loadu_si256((const __m256i *)(p + i + 32));
            __m256i m0 = _mm256_and_si256(_mm256_shuffle_epi8(lut_lo, _mm256_and_si256(c0, nib)),
                                          _mm256_shuffle_epi8(lut_hi, _mm256_and_si256(_mm256_srli_epi16(c0, 4), nib)));
            __m256i m1 = _mm256_and_si256(_mm256_shuffle_epi8(lut_lo, _mm256_and_si256(c1, nib)),
                                          _mm256_shuffle_epi8(lut_hi, _mm256_and_si256(_mm256_srli_epi16(c1, 4), nib)));
            acc = _mm256_sub_epi8(acc, _mm256_cmpeq_epi8(m0, zero));
            acc = _mm256_sub_epi8(acc, _mm256_cmpeq_epi8(m1, zero));
            eqs = _mm256_sub_epi8(eqs, _mm256_cmpeq_epi8(c0, pad));
            eqs = _mm256_sub_epi8(eqs, _mm256_cmpeq_epi8(c1, pad));
            if (dst) {
                rets = _mm256_sub_epi8(rets, _mm256_cmpeq_epi8(c0, ret));
                rets = _mm256_sub_epi8(rets, _mm256_cmpeq_epi8(c1, ret));
                _mm256_storeu_si256((__m256i *)(dst + i), c0);
                _mm256_storeu_si256((__m256i *)(dst + i + 32), c1);
            }
        }
        sums = _mm256_sad_epu8(acc, zero);
        outside += (size_t)_mm256_extract_epi64(sums, 0) + (size_t)_mm256_extract_epi64(sums, 1) +
                   (size_t)_mm256_extract_epi64(sums, 2) + (size_t)_mm256_extract_epi64(sums, 3);
        sums = _mm256_sad_epu8(eqs, zero);
        pads += (size_t)_mm256_extract_epi64(sums, 0) + (size_t)_mm256_extract_epi64(sums, 1) +
                (size_t)_mm256_extract_epi64(sums, 2) + (size_t)_mm256_extract_epi64(sums, 3);
        sums = _mm256_sad_epu8(rets, zero);
        crs += (size_t)_mm256_extract_epi64(sums, 0) + (size_t)_mm256_extract_epi64(sums, 1) +
               (size_t)_mm256_extract_epi64(sums, 2) + (size_t)_mm256_extract_epi64(sums, 3);
    }
    *eq = pads;
    *cr = crs;
    /* '=' is outside the alphabet */
    return (i - outside) + count_alpha_scalar(p + i, n - i, eq, cr, dst ? dst + i : NULL);
}

/* The same with AVX-512 VBMI: a two-table byte permute marks the alphabet (the table covers
 * the 128 ASCII codes; bytes >= 0x80 are outside) and the counts are mask popcounts. */
static const unsigned char b64_alphabet[128] = {
    ['+'] = 1, ['/'] = 1, ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
    ['8'] = 1, ['9'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1,
    ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1,
    ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['a'] = 1, ['b'] = 1,
    ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1,
    ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1,
    ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1};

__attribute__((target("avx512f,avx512bw,avx512vbmi,popcnt"))) static size_t count_alpha_vbmi(
    const unsigned char *p, size_t n, size_t *eq, size_t *cr, unsigned char *dst)
{
    const __m512i t0 = _mm512_loadu_si512((const void *)b64_alphabet);
    const __m512i t1 = _mm512_loadu_si512((const void *)(b64_alphabet + 64));
    const __m512i pad = _mm512_set1_epi8('='), ret = _mm512_set1_epi8('\r');
    size_t i = 0, alpha = 0, pads = 0, crs = 0;
    for (; i + 64 <= n; i += 64) {
        __m512i v = _mm512_loadu_si512((const void *)(p + i));
        __m512i cls = _mm512_permutex2var_epi8(t0, v, t1);
        alpha += (size_t)__builtin_popcountll(_mm512_test_epi8_mask(cls, cls) & ~_mm512_movepi8_mask(v));
        pads += (size_t)__builtin_popcountll(_mm512_cmpeq_epi8_mask(v, pad));
        if (dst) {
            crs += (size_t)__builtin_popcountll(_mm512_cmpeq_epi8_mask(v, ret));
            _mm512_storeu_si512((void *)(dst + i), v);
        }
    }
    *eq = pads;
    *cr = crs;
    return alpha + count_alpha_scalar(p + i, n - i, eq, cr, dst ? dst + i : NULL);
}
#endif

/* Alphabet characters in p[0..n), the number of '=' in *eq and (with dst, where p is copied
 * on the way) of CR in *cr. */
static size_t count_alpha(const unsigned char *p, size_t n, size_t *eq, size_t *cr, unsigned char *dst)
{
#if defined(__x86_64__) && defined(__GNUC__)
    int level = einv_simd_level();
    if (level == EINV_SIMD_VBMI)
        return count_alpha_vbmi(p, n, eq, cr, dst);
    if (level == EINV_SIMD_AVX2)
        return count_alpha_avx2(p, n, eq, cr, dst);
#endif
    *eq = *cr = 0;
    return count_alpha_scalar(p, n, eq, cr, dst);
}

/* The verdict from the counts: i alphabet characters, pads '=' in p[0..len). */
static int verdict(const unsigned char *p, size_t len, size_t i, size_t pads)
{
    size_t tail = 0;
    const unsigned char *e = p + len;
    int last = -1, v;
    for (; e > p; e--) {
        if ((v = b64_value(e[-1])) >= 0 && v < 64) {
            last = v;
            break;
        }
        tail += v == 64;
    }
    if (tail != pads)
        return 0;   /* a '=' before a letter */
    if (pads == 0)
        return i % 4 == 0;
    if (pads == 1)
        return i % 4 == 3 && !(last & ~0x3c);
    return pads == 2 && i % 4 == 2 && !(last & ~0x30);
}


int einv_xsd_b64_valid_n(const unsigned char *p, size_t len)
{
    size_t pads, cr, i = count_alpha(p, len, &pads, &cr, NULL);
    return verdict(p, len, i, pads);
}

int einv_xsd_b64_valid(const unsigned char *p) { return einv_xsd_b64_valid_n(p, strlen((const char *)p)); }

int einv_xsd_b64_copy(unsigned char *dst, const unsigned char *src, size_t n)
{
    size_t pads, cr, i = count_alpha(src, n, &pads, &cr, dst);
    return cr ? -1 : verdict(src, n, i, pads);
}
