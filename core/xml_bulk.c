/* Large base64 text runs lifted out before the parse and put back after (see xml_bulk.h). */
#include "xml_bulk.h"
#include "simd.h"
#include "xsd.h"
#include "xml_tags.h"
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

enum {
    MIN_DOC = 8192,              /* smaller documents parse fast enough as they are */
    MIN_RUN = 1024,              /* shorter runs are not worth a marker */
    MIN_COMMENT = 256,           /* shorter prolog comments are not worth blanking */
    MARK_MAX = 48
};
/* libxml2 refuses text nodes over this size without XML_PARSE_HUGE: such runs stay in the
 * document so that the verdict is libxml2's own */
#define MAX_RUN ((size_t)10000000)

/* A marker an author cannot write on purpose: a per-process random nonce. */
static char mark_prefix[32];
static size_t mark_prefix_len;
static pthread_once_t nonce_once = PTHREAD_ONCE_INIT;

static void make_nonce(void)
{
    uint64_t v = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0 || read(fd, &v, sizeof v) != (ssize_t)sizeof v)
        v = (uint64_t)time(NULL) * 0x9E3779B97F4A7C15ull ^ (uint64_t)getpid() ^ (uint64_t)(uintptr_t)&v;
    if (fd >= 0)
        close(fd);
    snprintf(mark_prefix, sizeof mark_prefix, "EINVB64%016llx_", (unsigned long long)v);
    mark_prefix_len = strlen(mark_prefix);
}

/* The marker of run i, followed by the run's line breaks so that the elements after it
 * keep their line numbers. */
static size_t make_mark(char *out, size_t i, size_t lines)
{
    size_t n = (size_t)snprintf(out, MARK_MAX, "%s%zu_", mark_prefix, i);
    memset(out + n, '\n', lines);
    return n + lines;
}

/* The base64 alphabet, '=' and the XML white space characters. */
static int b64ws(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '/' && c <= '9') || c == '+' ||
           c == '=' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define XB_AVX2 1

/* Which of the 64 bytes at p are outside the class of b64ws(), as a bit mask, (*lf)
 * which are LF and (*lt) which are '<'; AVX2.
 * A byte is in the class when the set of its low nibble (lo) meets the set of its high
 * nibble (hi), one table look-up each (bytes >= 0x80 have an empty high set):
 *   bit 0: high 0, low 9 A D (TAB LF CR)     bit 1: high 2, low 0 B F (space + /)
 *   bit 2: high 3, low 0-9 D (digits =)      bit 3: high 4 and 6, low 1-F (A-O a-o)
 *   bit 4: high 5 and 7, low 0-A (P-Z p-z) */
__attribute__((target("avx2"))) static inline unsigned long long class_mask64_avx2(const unsigned char *p, unsigned long long *lf,
                                                                                 unsigned long long *lt)
{
    const __m256i lo_t = _mm256_setr_epi8(
        0x16, 0x1C, 0x1C, 0x1C, 0x1C, 0x1C, 0x1C, 0x1C, 0x1C, 0x1D, 0x19, 0x0A, 0x08, 0x0D, 0x08, 0x0A,
        0x16, 0x1C, 0x1C, 0x1C, 0x1C, 0x1C, 0x1C, 0x1C, 0x1C, 0x1D, 0x19, 0x0A, 0x08, 0x0D, 0x08, 0x0A);
    const __m256i hi_t = _mm256_setr_epi8(
        0x01, 0x00, 0x02, 0x04, 0x08, 0x10, 0x08, 0x10, 0, 0, 0, 0, 0, 0, 0, 0,
        0x01, 0x00, 0x02, 0x04, 0x08, 0x10, 0x08, 0x10, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i nib = _mm256_set1_epi8(0x0F), zero = _mm256_setzero_si256();
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)p);
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
    __m256i ca = _mm256_and_si256(_mm256_shuffle_epi8(lo_t, _mm256_and_si256(a, nib)),
                                  _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(a, 4), nib)));
    __m256i cb = _mm256_and_si256(_mm256_shuffle_epi8(lo_t, _mm256_and_si256(b, nib)),
                                  _mm256_shuffle_epi8(hi_t, _mm256_and_si256(_mm256_srli_epi16(b, 4), nib)));
    unsigned ma = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(ca, zero));
    unsigned mb = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(cb, zero));
    const __m256i L = _mm256_set1_epi8('\n');
    const __m256i T = _mm256_set1_epi8('<');
    *lf = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, L)) |
          (unsigned long long)(unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, L)) << 32;
    *lt = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, T)) |
          (unsigned long long)(unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, T)) << 32;
    return (unsigned long long)ma | (unsigned long long)mb << 32;   /* set: outside the class */
}

/* The same masks with AVX-512 VBMI: one two-table byte permute classifies 64 bytes at once
 * (the table is b64ws() over the 128 ASCII codes; bytes >= 0x80 are outside), and the
 * comparisons give masks directly: about a third of the AVX2 version's instructions. */
static const unsigned char xb_class_table[128] = {
    ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [' '] = 1, ['+'] = 1, ['='] = 1,
    ['/'] = 1, ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
    ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1,
    ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1,
    ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1,
    ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1,
    ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1,
    ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1};

#define XB_VBMI_TARGET "avx512f,avx512bw,avx512vbmi,popcnt"

__attribute__((target(XB_VBMI_TARGET))) static inline unsigned long long class_mask64_vbmi(
    const unsigned char *p, __m512i t0, __m512i t1, unsigned long long *lf, unsigned long long *lt)
{
    __m512i v = _mm512_loadu_si512((const void *)p);
    __m512i cls = _mm512_permutex2var_epi8(t0, v, t1);   /* index: the byte's low 7 bits */
    __mmask64 in = _mm512_test_epi8_mask(cls, cls) & ~_mm512_movepi8_mask(v);
    *lf = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\n'));
    *lt = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('<'));
    return ~(unsigned long long)in;
}


#endif

/* Line breaks as libxml2 counts them for node line numbers: LF bytes (a CR LF pair has
 * one; a lone CR, rare as it is, none). Runs count theirs in find_runs' pass; this is for
 * the few prolog comments. */
static size_t count_lines(const unsigned char *p, size_t n)
{
    size_t i, lf = 0;
    for (i = 0; i < n; i++)
        lf += p[i] == '\n';
    return lf;
}

/* Bytes the runs may be copied from as they are: a byte-oriented encoding in which the
 * base64 characters are ASCII (UTF-8, ASCII, ISO-8859-x, windows-125x). 2 for UTF-8 (or
 * ASCII, or no declaration), 1 for the others, 0 for none of them. */
static int ascii_compatible(const unsigned char *d, size_t len)
{
    const unsigned char *end = d + (len < 256 ? len : 256), *q, *v;
    if (len >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF)
        d += 3;
    if (d + 4 > end || d[0] == 0 || d[1] == 0 || d[0] >= 0x80)
        return 0;   /* UTF-16/32 (with or without a BOM), EBCDIC, ... */
    if (memcmp(d, "<?xml", 5) != 0)
        return d[0] == '<' ? 2 : 0;
    for (q = d + 5; q + 2 <= end && !(q[0] == '?' && q[1] == '>'); q++)
        if (q + 8 <= end && memcmp(q, "encoding", 8) == 0) {
            char name[24];
            size_t k = 0;
            v = q + 8;
            while (v < end && (*v == ' ' || *v == '=' || *v == '\t' || *v == '\r' || *v == '\n'))
                v++;
            if (v >= end || (*v != '"' && *v != '\''))
                return 0;
            for (v++; v < end && *v != '"' && *v != '\'' && k + 1 < sizeof name; v++)
                name[k++] = (char)*v;
            name[k] = 0;
            if (!strcasecmp(name, "UTF-8") || !strcasecmp(name, "UTF8") ||
                !strcasecmp(name, "US-ASCII") || !strcasecmp(name, "ASCII"))
                return 2;
            return !strncasecmp(name, "ISO-8859-", 9) || !strncasecmp(name, "windows-125", 11) ||
                   !strcasecmp(name, "latin1");
        }
    return 2;
}

/* Comment text libxml2 accepts without a word: XML characters in valid UTF-8 (no overlong
 * forms, surrogates, U+FFFE/U+FFFF or controls other than TAB LF CR), no "--", not ending
 * in '-'. Anything else keeps its comment, so that libxml2 gives its own verdict. */
static int comment_ok(const unsigned char *c, size_t n)
{
    size_t i = 0;
    if (n && c[n - 1] == '-')
        return 0;
    while (i < n) {
        unsigned char b = c[i];
        unsigned cp;
        size_t k, len;
        if (b < 0x80) {
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r')
                return 0;
            if (b == '-' && i + 1 < n && c[i + 1] == '-')
                return 0;
            i++;
            continue;
        }
        if (b >= 0xC2 && b <= 0xDF)
            len = 2, cp = b & 0x1F;
        else if (b >= 0xE0 && b <= 0xEF)
            len = 3, cp = b & 0x0F;
        else if (b >= 0xF0 && b <= 0xF4)
            len = 4, cp = b & 0x07;
        else
            return 0;
        if (i + len > n)
            return 0;
        for (k = 1; k < len; k++) {
            if ((c[i + k] & 0xC0) != 0x80)
                return 0;
            cp = cp << 6 | (c[i + k] & 0x3F);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF)
            return 0;
        i += len;
    }
    return 1;
}

/* The first occurrence of the n-byte string w in [p, p + len), or NULL. */
static const unsigned char *find(const unsigned char *p, size_t len, const char *w, size_t n)
{
    const unsigned char *end = p + len, *q;
    while ((size_t)(end - p) >= n && (q = memchr(p, w[0], (size_t)(end - p) - n + 1)) != NULL) {
        if (memcmp(q, w, n) == 0)
            return q;
        p = q + 1;
    }
    return NULL;
}

/* Comments before the root element (licence texts of sample invoices run to kilobytes)
 * produce no node, and libxml2 reads them a character at a time: blanked to their line
 * breaks, which keeps every line number. Returns where the prolog's scan stopped. */
static size_t plan_prolog(const unsigned char *data, size_t len, xb_plan *p)
{
    size_t i = 0;
    if (len >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF)
        i = 3;
    if (len - i >= 5 && memcmp(data + i, "<?xml", 5) == 0) {
        const unsigned char *q = find(data + i, len - i, "?>", 2);
        if (!q)
            return i;
        i = (size_t)(q - data) + 2;
    }
    for (;;) {
        const unsigned char *q;
        while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
            i++;
        if (len - i >= 4 && data[i] == '<' && data[i + 1] == '?') {   /* a processing instruction */
            q = find(data + i + 2, len - i - 2, "?>", 2);
            if (!q)
                return i;
            i = (size_t)(q - data) + 2;
            continue;
        }
        if (len - i < 7 || memcmp(data + i, "<!--", 4) != 0)
            return i;
        q = find(data + i + 4, len - i - 4, "-->", 3);
        if (!q)
            return i;
        if ((size_t)(q + 3 - (data + i)) >= MIN_COMMENT && p->nblank < XB_MAX_BLANK &&
            comment_ok(data + i + 4, (size_t)(q - (data + i + 4)))) {
            p->blank[p->nblank].off = i;
            p->blank[p->nblank].len = (size_t)(q + 3 - (data + i));
            p->blank[p->nblank].lines = count_lines(data + i, p->blank[p->nblank].len);
            p->nblank++;
        }
        i = (size_t)(q - data) + 3;
    }
}


/* Adds [s, e) to the runs when it is one: between '>' and '<', long enough, not only
 * white space (libxml2 may drop that as ignorable, so it stays). */
static int consider(const unsigned char *data, size_t len, size_t s, size_t e, size_t lines,
                    xb_plan *p, size_t *cap)
{
    size_t w = s;
    if (s == 0 || data[s - 1] != '>' || e >= len || data[e] != '<' || e - s < MIN_RUN || e - s > MAX_RUN)
        return 0;
    while (w < e && (data[w] == ' ' || data[w] == '\t' || data[w] == '\n' || data[w] == '\r'))
        w++;
    if (w == e)
        return 0;
    if (p->n == *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        xb_run *nr = realloc(p->runs, nc * sizeof *nr);
        if (!nr)
            return -1;
        p->runs = nr;
        *cap = nc;
    }
    p->runs[p->n].off = s;
    p->runs[p->n].len = e - s;
    p->runs[p->n].lines = lines;
    p->lines += p->runs[p->n].lines;
    p->n++;
    return 0;
}

/* Where find_runs is: the next byte to look at, the stretch's start, LF bytes before each;
 * for the attribute limit, the last '<' seen and the gap after it worth a look. */
typedef struct scan {
    size_t i, start, nl, start_nl, cap;
    size_t last_lt, min_gap, max_attrs;
    xt_text text;
} scan_t;

/* A '<' at lt ends the stretch since the last one: when it is long enough to hold a tag
 * over the attribute limit, count the attributes of the tag opened there. */
static void tag_gap(scan_t *c, size_t lt, xb_plan *p)
{
    size_t k;
    if (lt - c->last_lt >= c->min_gap && p->over_at == XB_NONE &&
        (k = xt_tag_attrs(&c->text, c->last_lt, c->max_attrs)) > c->max_attrs) {
        p->over_at = c->last_lt;
        p->over_count = k;
    }
    c->last_lt = lt;
}

#ifdef XB_AVX2
/* One 64-byte block of find_runs from its masks: only the first and the last byte outside
 * the class matter, and the gap before the block's first '<'. */
static inline int scan_block(const unsigned char *data, size_t len, size_t i, unsigned long long out,
                             unsigned long long lf, unsigned long long lt, scan_t *c, xb_plan *p)
{
    /* gaps within a block are too short to matter: only the one before its first '<' */
    if (lt) {
        size_t first = i + (size_t)__builtin_ctzll(lt);
        if (first - c->last_lt >= c->min_gap)
            tag_gap(c, first, p);
        c->last_lt = i + 63 - (size_t)__builtin_clzll(lt);
    }
    if (out) {
        size_t f = (size_t)__builtin_ctzll(out), past = 64 - (size_t)__builtin_clzll(out);
        if (i + f - c->start >= MIN_RUN &&
            consider(data, len, c->start, i + f,
                     c->nl + (size_t)__builtin_popcountll(lf & ((1ull << f) - 1)) - c->start_nl, p, &c->cap) != 0)
            return -1;
        c->start = i + past;
        c->start_nl = c->nl + (size_t)__builtin_popcountll(past == 64 ? lf : lf & ((1ull << past) - 1));
    }
    c->nl += (size_t)__builtin_popcountll(lf);
    return 0;
}

/* find_runs over whole 64-byte blocks. */
__attribute__((target("avx2,popcnt"))) static int find_runs_avx2(const unsigned char *data, size_t len,
                                                                 scan_t *c, xb_plan *p)
{
    size_t i = c->i, nl = c->nl;   /* in registers on the common path */
    for (; i + 64 <= len; i += 64) {
        unsigned long long lf, lt, out = class_mask64_avx2(data + i, &lf, &lt);
        if ((out | lt) == 0) {   /* inside a run: the common case */
            nl += (size_t)__builtin_popcountll(lf);
            continue;
        }
        c->nl = nl;
        if (scan_block(data, len, i, out, lf, lt, c, p) != 0)
            return -1;
        nl = c->nl;
    }
    c->i = i, c->nl = nl;
    return 0;
}

__attribute__((target(XB_VBMI_TARGET))) static int find_runs_vbmi(const unsigned char *data, size_t len,
                                                                  scan_t *c, xb_plan *p)
{
    const __m512i t0 = _mm512_loadu_si512((const void *)xb_class_table);
    const __m512i t1 = _mm512_loadu_si512((const void *)(xb_class_table + 64));
    size_t i = c->i, nl = c->nl;   /* in registers on the common path */
    for (; i + 64 <= len; i += 64) {
        unsigned long long lf, lt, out = class_mask64_vbmi(data + i, t0, t1, &lf, &lt);
        if ((out | lt) == 0) {   /* inside a run: the common case */
            nl += (size_t)__builtin_popcountll(lf);
            continue;
        }
        c->nl = nl;
        if (scan_block(data, len, i, out, lf, lt, c, p) != 0)
            return -1;
        nl = c->nl;
    }
    c->i = i, c->nl = nl;
    return 0;
}
#endif

/* Every maximal stretch of base64/white-space bytes from i on that is a run (consider()),
 * in one pass that counts the LF bytes on the way (a run's line breaks) and measures the
 * gaps between '<' (tag_gap()). */
static int find_runs(const unsigned char *data, size_t len, size_t i, size_t max_attrs, xb_plan *p)
{
    scan_t c = {i, i, 0, 0, 0, i, xt_min_gap(max_attrs), max_attrs, {data, len, 1, 0, 0}};
    if (!max_attrs)
        c.min_gap = (size_t)-1;
#ifdef XB_AVX2
    {
        int level = einv_simd_level();
        if (level == EINV_SIMD_VBMI ? find_runs_vbmi(data, len, &c, p) != 0
                                    : level == EINV_SIMD_AVX2 && find_runs_avx2(data, len, &c, p) != 0)
            return -1;
    }
#endif
    for (; c.i < len; c.i++) {
        if (!b64ws(data[c.i])) {
            if (c.i - c.start >= MIN_RUN && consider(data, len, c.start, c.i, c.nl - c.start_nl, p, &c.cap) != 0)
                return -1;
            c.start = c.i + 1;
            c.start_nl = c.nl;
            if (data[c.i] == '<')
                tag_gap(&c, c.i, p);
        }
        c.nl += data[c.i] == '\n';
    }
    tag_gap(&c, len, p);   /* a tag left open at the end is parsed (and counted) too */
    return 0;
}

/* The plan without its cut (nothing worth cutting, or no memory): only the attribute scan's
 * answer stays. */
static int no_cut(xb_plan *p)
{
    size_t at = p->over_at, count = p->over_count;
    xb_plan_free(p);
    p->over_at = at;
    p->over_count = count;
    return 0;
}

int xb_plan_make(const unsigned char *data, size_t len, size_t max_attrs, xb_plan *p)
{
    size_t i, cut = 0, o, k, b;
    int enc;
    memset(p, 0, sizeof *p);
    p->over_at = XB_NONE;
    if (len < MIN_DOC)
        return 0;
    if (!(enc = ascii_compatible(data, len))) {
        xt_text t;
        xt_text_init(&t, data, len);
        if (max_attrs)
            p->over_at = xt_find_over(&t, max_attrs, &p->over_count);
        return 0;
    }
    i = enc == 2 ? plan_prolog(data, len, p) : 0;
    for (b = 0; b < p->nblank; b++)
        cut += p->blank[b].len - p->blank[b].lines;   /* a comment leaves its line breaks */
    if (find_runs(data, len, i, max_attrs, p) != 0)
        return no_cut(p);
    for (k = 0; k < p->n; k++)
        cut += p->runs[k].len;
    if (p->n == 0 && p->nblank == 0)
        return no_cut(p);
    pthread_once(&nonce_once, make_nonce);
    p->buf = malloc(len - cut + p->n * MARK_MAX + p->lines + 1);
    if (!p->buf)
        return no_cut(p);
    /* the blanked comments all come before the first run */
    for (i = 0, o = 0, b = 0; b < p->nblank; b++) {
        memcpy(p->buf + o, data + i, p->blank[b].off - i);
        o += p->blank[b].off - i;
        memset(p->buf + o, '\n', p->blank[b].lines);
        o += p->blank[b].lines;
        i = p->blank[b].off + p->blank[b].len;
    }
    for (k = 0; k < p->n; k++) {
        memcpy(p->buf + o, data + i, p->runs[k].off - i);
        o += p->runs[k].off - i;
        o += make_mark(p->buf + o, k, p->runs[k].lines);
        i = p->runs[k].off + p->runs[k].len;
    }
    memcpy(p->buf + o, data + i, len - i);
    p->len = o + len - i;
    p->buf[p->len] = 0;
    return 1;
}

/* The run index a text node's content names, or (size_t)-1. */
static size_t mark_index(const xmlChar *c, size_t n)
{
    size_t v = 0;
    const char *s = (const char *)c;
    if (!c || strncmp(s, mark_prefix, mark_prefix_len) != 0)
        return (size_t)-1;
    s += mark_prefix_len;
    if (*s < '0' || *s > '9')
        return (size_t)-1;
    for (; *s >= '0' && *s <= '9'; s++) {
        v = v * 10 + (size_t)(*s - '0');
        if (v >= n)
            return (size_t)-1;
    }
    if (*s++ != '_')
        return (size_t)-1;
    while (*s == '\n')   /* the run's line breaks */
        s++;
    return *s == 0 ? v : (size_t)-1;
}

/* The run as character data (XML turns CR LF and a lone CR into LF), and in *b64 whether it
 * is valid xs:base64Binary (the schema layer's question, answered while the bytes pass). */
static int set_text(xmlNodePtr t, const unsigned char *r, size_t len, int *b64)
{
    unsigned char *tmp;
    size_t i, o = 0;
    xmlChar *buf = xmlMalloc(len + 1);
    if (!buf)
        return -1;
    if ((*b64 = einv_xsd_b64_copy(buf, r, len)) >= 0) {
        buf[len] = 0;
        xmlNodeSetContentLen(t, NULL, 0);   /* frees the marker as libxml2 stored it */
        t->content = buf;
        return 0;
    }
    xmlFree(buf);
    tmp = malloc(len);
    if (!tmp)
        return -1;
    for (i = 0; i < len; i++) {
        if (r[i] == '\r') {
            tmp[o++] = '\n';
            if (i + 1 < len && r[i + 1] == '\n')
                i++;
        } else
            tmp[o++] = r[i];
    }
    *b64 = einv_xsd_b64_valid_n(tmp, o);
    xmlNodeSetContentLen(t, tmp, (int)o);
    free(tmp);
    return t->content ? 0 : -1;
}

/* Puts run k back into text node n when n holds exactly marker k; seen[] catches a
 * marker met twice. 1 restored, 0 not a marker, -1 failure. */
static int restore_one(xmlNodePtr n, const unsigned char *data, const xb_plan *p, unsigned char *seen,
                       xmlNodePtr *restored, int *b64)
{
    int valid;
    size_t k;
    if (!n || n->type != XML_TEXT_NODE)
        return 0;
    k = mark_index(n->content, p->n);
    if (k == (size_t)-1)
        return 0;
    if (seen[k] || set_text(n, data + p->runs[k].off, p->runs[k].len, &valid) != 0)
        return -1;
    seen[k] = 1;
    if (restored)
        restored[k] = n;
    if (b64)
        b64[k] = valid;
    return 1;
}

int xb_restore_nodes(xmlNodePtr const *cand, size_t ncand, const unsigned char *data, const xb_plan *p,
                     xmlNodePtr *restored, int *b64)
{
    unsigned char *seen;
    size_t found = 0, i;
    int rc = 0;
    if (p->n == 0)
        return 0;
    if (ncand < p->n || !(seen = calloc(p->n, 1)))
        return -1;
    for (i = 0; i < ncand && rc == 0; i++) {
        int r = restore_one(cand[i], data, p, seen, restored, b64);
        if (r < 0)
            rc = -1;
        found += r > 0;
    }
    free(seen);
    return rc == 0 && found == p->n ? 0 : -1;
}

const char *xb_mark_prefix(size_t *len)
{
    pthread_once(&nonce_once, make_nonce);
    *len = mark_prefix_len;
    return mark_prefix;
}

void xb_plan_free(xb_plan *p)
{
    free(p->buf);
    free(p->runs);
    memset(p, 0, sizeof *p);
}
