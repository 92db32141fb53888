/* Large base64 text runs lifted out before the parse and put back after (see xml_bulk.h). */
#include "xml_bulk.h"
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum {
    MIN_DOC = 8192,              /* smaller documents parse fast enough as they are */
    MIN_RUN = 1024,              /* shorter runs are not worth a marker */
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

static size_t make_mark(char *out, size_t i)
{
    return (size_t)snprintf(out, MARK_MAX, "%s%zu_", mark_prefix, i);
}

/* The base64 alphabet, '=' and the XML white space characters. */
static int b64ws(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '/' && c <= '9') || c == '+' ||
           c == '=' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

#ifdef __SSE2__
static inline __m128i in_range(__m128i v, char lo, char hi)
{
    __m128i x = _mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - (unsigned char)lo)));
    return _mm_cmplt_epi8(x, _mm_set1_epi8((char)(0x80 + (hi - lo + 1))));
}
#endif

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define XB_AVX2 1
__attribute__((target("avx2"))) static inline __m256i in_range32(__m256i v, char lo, char hi)
{
    __m256i x = _mm256_add_epi8(v, _mm256_set1_epi8((char)(0x80 - (unsigned char)lo)));
    return _mm256_cmpgt_epi8(_mm256_set1_epi8((char)(0x80 + (hi - lo + 1))), x);
}

/* The AVX2 form of the scan below, 32 bytes a step; the tail is left to the caller. */
__attribute__((target("avx2"))) static size_t class_span_avx2(const unsigned char *p, size_t n)
{
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(p + i));
        __m256i m = _mm256_or_si256(in_range32(v, 'A', 'Z'), in_range32(v, 'a', 'z'));
        m = _mm256_or_si256(m, in_range32(v, '/', '9'));
        m = _mm256_or_si256(m, in_range32(v, '\t', '\n'));
        m = _mm256_or_si256(m, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('+')));
        m = _mm256_or_si256(m, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('=')));
        m = _mm256_or_si256(m, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')));
        m = _mm256_or_si256(m, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r')));
        unsigned mask = (unsigned)_mm256_movemask_epi8(m);
        if (mask != 0xFFFFFFFFu)
            return i + (size_t)__builtin_ctz(~mask);
    }
    return i;
}
#endif

/* How many bytes from p on are base64 or white space. */
static size_t class_span(const unsigned char *p, size_t n)
{
    size_t i = 0;
#ifdef XB_AVX2
    if (n >= 64 && __builtin_cpu_supports("avx2")) {
        i = class_span_avx2(p, n);
        if (i + 32 <= n)
            return i;   /* stopped at a byte outside the class */
    }
#endif
#ifdef __SSE2__
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i m = _mm_or_si128(in_range(v, 'A', 'Z'), in_range(v, 'a', 'z'));
        m = _mm_or_si128(m, in_range(v, '/', '9'));
        m = _mm_or_si128(m, in_range(v, '\t', '\n'));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('+')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('=')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
        unsigned mask = (unsigned)_mm_movemask_epi8(m);
        if (mask != 0xFFFFu)
            return i + (size_t)__builtin_ctz(~mask);
    }
#endif
    while (i < n && b64ws(p[i]))
        i++;
    return i;
}

/* Bytes the runs may be copied from as they are: a byte-oriented encoding in which the
 * base64 characters are ASCII (UTF-8, ASCII, ISO-8859-x, windows-125x). */
static int ascii_compatible(const unsigned char *d, size_t len)
{
    const unsigned char *end = d + (len < 256 ? len : 256), *q, *v;
    if (len >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF)
        d += 3;
    if (d + 4 > end || d[0] == 0 || d[1] == 0 || d[0] >= 0x80)
        return 0;   /* UTF-16/32 (with or without a BOM), EBCDIC, ... */
    if (memcmp(d, "<?xml", 5) != 0)
        return d[0] == '<';
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
            return !strcasecmp(name, "UTF-8") || !strcasecmp(name, "UTF8") ||
                   !strcasecmp(name, "US-ASCII") || !strcasecmp(name, "ASCII") ||
                   !strncasecmp(name, "ISO-8859-", 9) || !strncasecmp(name, "windows-125", 11) ||
                   !strcasecmp(name, "latin1");
        }
    return 1;
}

int xb_plan_make(const unsigned char *data, size_t len, xb_plan *p)
{
    size_t i = 0, cap = 0, cut = 0, o, k;
    const unsigned char *gt;
    memset(p, 0, sizeof *p);
    if (len < MIN_DOC || !ascii_compatible(data, len))
        return 0;
    while (i < len && (gt = memchr(data + i, '>', len - i)) != NULL) {
        size_t s = (size_t)(gt - data) + 1, e = s + class_span(data + s, len - s), w = s;
        while (w < e && (data[w] == ' ' || data[w] == '\t' || data[w] == '\n' || data[w] == '\r'))
            w++;
        /* white space only: libxml2 may drop it as ignorable, so it stays */
        if (e < len && data[e] == '<' && e - s >= MIN_RUN && e - s <= MAX_RUN && w < e) {
            if (p->n == cap) {
                xb_run *nr;
                cap = cap ? cap * 2 : 8;
                nr = realloc(p->runs, cap * sizeof *nr);
                if (!nr) {
                    xb_plan_free(p);
                    return 0;
                }
                p->runs = nr;
            }
            p->runs[p->n].off = s;
            p->runs[p->n].len = e - s;
            p->n++;
            cut += e - s;
        }
        i = e > s ? e : s;
    }
    if (p->n == 0) {
        xb_plan_free(p);
        return 0;
    }
    pthread_once(&nonce_once, make_nonce);
    p->buf = malloc(len - cut + p->n * MARK_MAX + 1);
    if (!p->buf) {
        xb_plan_free(p);
        return 0;
    }
    for (i = 0, o = 0, k = 0; k < p->n; k++) {
        memcpy(p->buf + o, data + i, p->runs[k].off - i);
        o += p->runs[k].off - i;
        o += make_mark(p->buf + o, k);
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
    return s[0] == '_' && s[1] == 0 ? v : (size_t)-1;
}

/* The run as character data: XML turns CR LF and a lone CR into LF. */
static int set_text(xmlNodePtr t, const unsigned char *r, size_t len)
{
    unsigned char *tmp;
    size_t i, o = 0;
    if (!memchr(r, '\r', len)) {
        xmlNodeSetContentLen(t, r, (int)len);
        return t->content ? 0 : -1;
    }
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
    xmlNodeSetContentLen(t, tmp, (int)o);
    free(tmp);
    return t->content ? 0 : -1;
}

int xb_restore(xmlDocPtr doc, const unsigned char *data, const xb_plan *p)
{
    xmlNodePtr n = doc ? doc->children : NULL;
    unsigned char *seen = calloc(p->n, 1);
    size_t found = 0;
    int rc = 0;
    if (!seen)
        return -1;
    /* first find every marker, so that a failure leaves nothing half restored that matters */
    while (n && rc == 0) {
        if (n->type == XML_TEXT_NODE) {
            size_t k = mark_index(n->content, p->n);
            if (k != (size_t)-1) {
                if (seen[k])
                    rc = -1;
                else if (set_text(n, data + p->runs[k].off, p->runs[k].len) != 0)
                    rc = -1;
                else {
                    seen[k] = 1;
                    found++;
                }
            } else if (n->content && strstr((const char *)n->content, mark_prefix))
                rc = -1;   /* a marker inside other text (merged nodes, CDATA) */
        } else if (n->type == XML_CDATA_SECTION_NODE && n->content &&
                   strstr((const char *)n->content, mark_prefix))
            rc = -1;
        if (n->children && n->type == XML_ELEMENT_NODE) {
            n = n->children;
            continue;
        }
        while (n && !n->next)
            n = n->parent && n->parent->type != XML_DOCUMENT_NODE ? n->parent : NULL;
        if (n)
            n = n->next;
    }
    free(seen);
    return rc == 0 && found == p->n ? 0 : -1;
}

void xb_plan_free(xb_plan *p)
{
    free(p->buf);
    free(p->runs);
    memset(p, 0, sizeof *p);
}
