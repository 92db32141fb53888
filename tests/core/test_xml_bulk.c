/* The base64 bulk path of the parser (core/xml_bulk.c) must give exactly the tree libxml2
 * builds from the original bytes, or decline so that the original bytes are parsed. Each
 * case parses both ways with the same options and compares the serialized documents; a
 * seeded random mix of elements, comments, CDATA, CR/LF and runs does the same at scale. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <einvoice/xml.h>
#include "tpdf.h"
#include "xml_bulk.h"   /* internal to the core: einvoice_internal */
#include "xml_tags.h"
#include "simd.h"
#include "xsd.h"
#include "tsupport.h"

static const int OPTS = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                        XML_PARSE_COMPACT | XML_PARSE_NOBLANKS;

typedef tst_buf_t sb_t;
#define sb_add tst_buf_add
static void sb_str(sb_t *b, const char *s) { sb_add(b, s, strlen(s)); }

/* n base64 characters, a line break (eol) every 76 */
static void sb_b64(sb_t *b, size_t n, const char *eol, unsigned seed)
{
    static const char A[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t i;
    for (i = 0; i < n; i++) {
        char c = A[(seed = seed * 1103515245u + 12345u) >> 16 & 63];
        sb_add(b, &c, 1);
        if (eol && i % 76 == 75)
            sb_str(b, eol);
    }
    sb_str(b, "==");
}

static char *dump(xmlDocPtr d)
{
    xmlChar *out = NULL;
    int len = 0;
    xmlDocDumpMemory(d, &out, &len);
    return (char *)out;
}

/* A parse with the core's settings: comments and processing instructions make no node. */
static xmlDocPtr parse_core(const char *buf, size_t len)
{
    xmlParserCtxtPtr c = xmlCreateMemoryParserCtxt(buf, (int)len);
    xmlDocPtr d;
    if (!c)
        return NULL;
    xmlCtxtUseOptions(c, OPTS);
    c->sax->comment = NULL;
    c->sax->processingInstruction = NULL;
    xmlParseDocument(c);
    d = c->myDoc;
    if (d && !c->wellFormed) {
        xmlFreeDoc(d);
        d = NULL;
    }
    xmlFreeParserCtxt(c);
    return d;
}

/* The same elements on the same lines (blanked prolog comments keep their line breaks). */
static int same_lines(xmlNodePtr a, xmlNodePtr b)
{
    for (; a && b; a = a->next, b = b->next) {
        if (a->type != b->type || (a->type == XML_ELEMENT_NODE && xmlGetLineNo(a) != xmlGetLineNo(b)))
            return 0;
        if (a->type == XML_ELEMENT_NODE && !same_lines(a->children, b->children))
            return 0;
    }
    return !a && !b;
}

/* The test's stand-in for the parser's characters handler: every text node, in order. */
static void text_nodes(xmlNodePtr n, xmlNodePtr **v, size_t *k, size_t *cap)
{
    for (; n; n = n->next) {
        if (n->type == XML_TEXT_NODE) {
            if (*k == *cap)
                *v = realloc(*v, (*cap = *cap ? *cap * 2 : 64) * sizeof **v);
            (*v)[(*k)++] = n;
        }
        if (n->type == XML_ELEMENT_NODE)
            text_nodes(n->children, v, k, cap);
    }
}

static int restore(xmlDocPtr d, const char *xml, const xb_plan *p)
{
    xmlNodePtr *v = NULL;
    size_t k = 0, cap = 0;
    int rc;
    text_nodes(d->children, &v, &k, &cap);
    rc = xb_restore_nodes(v, k, (const unsigned char *)xml, p, NULL, NULL);
    free(v);
    return rc;
}

/* 1: bulk path used and identical; 0: declined (plan or restore); -1: different trees */
static int compare(const char *xml, size_t len)
{
    xb_plan p;
    xmlDocPtr a = parse_core(xml, len), b;
    int rc;
    if (!xb_plan_make((const unsigned char *)xml, len, 0, &p)) {
        xmlFreeDoc(a);
        return 0;
    }
    b = parse_core(p.buf, p.len);
    if (!a || !b) {
        rc = (!a && !b) ? 0 : -1;   /* both must fail to parse, or neither */
    } else if (restore(b, xml, &p) != 0) {
        rc = 0;
    } else {
        char *da = dump(a), *db = dump(b);
        rc = strcmp(da, db) == 0 && same_lines(a->children, b->children) ? 1 : -1;
        if (rc < 0)
            fprintf(stderr, "\n--- libxml2:\n%.300s\n--- bulk:\n%.300s\n", da, db);
        xmlFree(da);
        xmlFree(db);
    }
    xmlFreeDoc(a);
    xmlFreeDoc(b);
    xb_plan_free(&p);
    return rc;
}

static char *invoice(const char *before, size_t n, const char *eol, const char *after)
{
    sb_t b = {0};
    sb_str(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Invoice xmlns=\"urn:x\"><ID>1</ID>"
               "<Doc><Bin mimeCode=\"application/pdf\">");
    sb_str(&b, before);
    sb_b64(&b, n, eol, 7);
    sb_str(&b, after);
    sb_str(&b, "</Bin></Doc><Note>a &amp; b</Note></Invoice>\n");
    return b.p;
}

static void test_identical_trees(void)
{
    char *x;
    x = invoice("", 20000, "\n", "");
    CU_ASSERT_EQUAL(compare(x, strlen(x)), 1);
    free(x);
    x = invoice("\n   ", 20000, "\r\n", "\r\n  ");   /* CR LF is LF in XML */
    CU_ASSERT_EQUAL(compare(x, strlen(x)), 1);
    free(x);
    x = invoice("\r", 20000, "\r", "\r");               /* a lone CR too */
    CU_ASSERT_EQUAL(compare(x, strlen(x)), 1);
    free(x);
    x = invoice("", 20000, NULL, "");
    CU_ASSERT_EQUAL(compare(x, strlen(x)), 1);
    free(x);
}

static void test_declined(void)
{
    sb_t b = {0};
    char *x;
    /* a run inside a comment, CDATA, or only white space: not a whole text node */
    sb_str(&b, "<r><!-- >");
    sb_b64(&b, 9000, "\n", 1);
    sb_str(&b, "< --><c><![CDATA[>");
    sb_b64(&b, 9000, "\n", 2);
    sb_str(&b, "<]]></c></r>");
    CU_ASSERT_EQUAL(compare(b.p, b.n), 0);
    free(b.p);
    memset(&b, 0, sizeof b);
    sb_str(&b, "<r><a>");
    for (int i = 0; i < 9000; i++)
        sb_str(&b, " ");
    sb_str(&b, "</a></r>");
    CU_ASSERT_EQUAL(compare(b.p, b.n), 0);
    free(b.p);
    /* not an ASCII-compatible encoding */
    x = invoice("", 20000, "\n", "");
    {
        char *y = malloc(strlen(x) + 1), *q;
        strcpy(y, x);
        q = strstr(y, "UTF-8");
        memcpy(q, "UTF-7", 5);
        CU_ASSERT_EQUAL(compare(y, strlen(y)), 0);
        free(y);
    }
    {
        size_t n = strlen(x), i;
        unsigned char *u = malloc(2 * n + 2);
        u[0] = 0xFF, u[1] = 0xFE;
        for (i = 0; i < n; i++)
            u[2 + 2 * i] = (unsigned char)x[i], u[3 + 2 * i] = 0;
        CU_ASSERT_EQUAL(compare((char *)u, 2 * n + 2), 0);
        free(u);
    }
    free(x);
}

/* Through the SDK parser: the same texts, and errors reported at the original's line. */
static void test_sdk_parse(void)
{
    einv_error_t err;
    char *x = invoice("", 20000, "\n", ""), *bad;
    einv_xdoc_t *d = einv_xdoc_parse(x, strlen(x), NULL, &err);
    const einv_nodelist_t *bins;
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    bins = einv_xdoc_all(d, EINV_NS_OTHER, "Bin");
    if (bins && bins->n == 1) {
        const char *t = einv_x_text(bins->v[0]);
        CU_ASSERT_PTR_NOT_NULL(t);
        CU_ASSERT_EQUAL(strlen(t), 20000 + 20000 / 76 + 2);
    }
    einv_xdoc_free(d);
    /* the error comes after 263 line breaks of base64: its line number is the original's */
    bad = malloc(strlen(x) + 8);
    strcpy(bad, x);
    strcpy(strstr(bad, "<Note>"), "<Note></Nope></Invoice>\n");
    CU_ASSERT_PTR_NULL(einv_xdoc_parse(bad, strlen(bad), NULL, &err));
    {
        int lines = 1;
        const char *q;
        char want[32];
        for (q = bad; *q; q++)
            lines += *q == '\n';
        snprintf(want, sizeof want, "line %d", lines - 1);
        CU_ASSERT_STRING_EQUAL(err.detail, want);
    }
    free(bad);
    /* a comment right before the run: libxml2 merges the texts around the dropped comment */
    {
        char *y = invoice("abc<!-- c -->", 20000, "\n", "");
        d = einv_xdoc_parse(y, strlen(y), NULL, &err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(d);
        bins = einv_xdoc_all(d, EINV_NS_OTHER, "Bin");
        if (bins && bins->n == 1) {
            const char *t = einv_x_text(bins->v[0]);
            CU_ASSERT_TRUE(t && strncmp(t, "abc", 3) == 0 && strlen(t) == 3 + 20000 + 20000 / 76 + 2);
        }
        einv_xdoc_free(d);
        free(y);
    }
    free(x);
}

/* A licence text before the root, as the ZUGFeRD samples carry one, then an invoice. */
static char *with_prolog(const char *comment, int runs)
{
    sb_t b = {0};
    int i;
    sb_str(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<!--short-->\n");
    sb_str(&b, comment);
    sb_str(&b, "\n<?pi x?>\n<!--");
    for (i = 0; i < 40; i++)
        sb_str(&b, "Nutzungsrechte \xC2\xA9 FeRD \xE2\x80\x9EZUGFeRD\xE2\x80\x9C \xF0\x9F\x93\x84 -\r\n");
    sb_str(&b, "-->\n<Invoice xmlns=\"urn:x\">\n<ID>1</ID>\n");
    for (i = 0; i < 400; i++)
        sb_str(&b, "<Line>\n<Note>text</Note>\n</Line>\n");
    if (runs) {
        sb_str(&b, "<Bin>");
        sb_b64(&b, 5000, "\n", 3);
        sb_str(&b, "</Bin>\n");
    }
    sb_str(&b, "</Invoice>\n");
    return b.p;
}

/* Long prolog comments are blanked to their line breaks, and only when libxml2 would take
 * them as they are; the tree and every element's line stay the same. */
static void test_prolog_comments(void)
{
    static const char *bad[] = {
        "<!-- two -- dashes " "...................................................................."
        "..................................................................................."
        "................................................................................. -->",
        "<!-- ends in a dash ................................................................."
        "..................................................................................."
        "..............................................................................--->",
        "<!-- bad UTF-8 \xC3\x28 ..........................................................."
        "..................................................................................."
        "................................................................................ -->",
        "<!-- a control character \x01 ......................................................"
        "..................................................................................."
        "................................................................................ -->",
        "<!-- a surrogate \xED\xA0\x80 ...................................................."
        "..................................................................................."
        "................................................................................ -->",
        "<!-- overlong \xE0\x80\xAF ......................................................."
        "..................................................................................."
        "................................................................................ -->",
    };
    xb_plan p;
    char *x;
    size_t i;
    x = with_prolog("", 1);
    CU_ASSERT_EQUAL(compare(x, strlen(x)), 1);
    CU_ASSERT_TRUE(xb_plan_make((const unsigned char *)x, strlen(x), 0, &p));
    CU_ASSERT_EQUAL(p.nblank, 1);   /* the licence; the short one is not worth it */
    CU_ASSERT_EQUAL(p.n, 1);
    xb_plan_free(&p);
    free(x);
    x = with_prolog("", 0);          /* no attachment: the comment alone makes a plan */
    CU_ASSERT_TRUE(xb_plan_make((const unsigned char *)x, strlen(x), 0, &p));
    CU_ASSERT_EQUAL(p.nblank, 1);
    CU_ASSERT_EQUAL(p.n, 0);
    xb_plan_free(&p);
    CU_ASSERT_EQUAL(compare(x, strlen(x)), 1);
    free(x);
    /* comments libxml2 refuses stay: both parses fail alike */
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        x = with_prolog(bad[i], 0);
        CU_ASSERT_TRUE_FATAL(xb_plan_make((const unsigned char *)x, strlen(x), 0, &p));
        CU_ASSERT_EQUAL(p.nblank, 1);   /* only the good licence text */
        CU_ASSERT_PTR_NOT_NULL(strstr(p.buf, bad[i]));
        xb_plan_free(&p);
        CU_ASSERT_EQUAL(compare(x, strlen(x)), 0);
        free(x);
    }
    /* through the SDK parser: a line number after the comment is the original's */
    {
        einv_error_t err;
        char *y;
        int lines = 1;
        const char *q;
        char want[32];
        x = with_prolog("", 1);
        y = malloc(strlen(x) + 16);
        strcpy(y, x);
        strcpy(strstr(y, "</Invoice>"), "</Nope>\n");
        CU_ASSERT_PTR_NULL(einv_xdoc_parse(y, strlen(y), NULL, &err));
        for (q = y; *q; q++)
            lines += *q == '\n';
        snprintf(want, sizeof want, "line %d", lines - 1);
        CU_ASSERT_STRING_EQUAL(err.detail, want);
        free(y);
        free(x);
    }
}

/* Random documents: identical whenever the bulk path is taken. */
static void test_random_mix(void)
{
    unsigned seed = 12345;
    int i, taken = 0, declined = 0, wrong = 0;
    for (i = 0; i < 300; i++) {
        sb_t b = {0};
        int k, parts = 2 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 8;
        sb_str(&b, "<root>");
        for (k = 0; k < parts; k++) {
            unsigned r = (seed = seed * 1103515245u + 12345u) >> 16;
            switch (r % 9) {
            case 0: sb_str(&b, "<!-- note -->"); break;
            case 1: sb_str(&b, "<a x=\"1>2\">t</a>"); break;
            case 2: sb_str(&b, "<![CDATA[ <x> ]]>"); break;
            case 3: sb_str(&b, "\r\n  "); break;
            case 4: sb_str(&b, "<e/>"); break;
            case 5: sb_str(&b, "&amp;"); break;
            case 6: sb_str(&b, "<?pi data?>"); break;
            default:
                sb_str(&b, r & 1 ? "<b>" : "<b>\r\n ");
                sb_b64(&b, 1000 + r % 5000, (r & 2) ? "\r\n" : ((r & 4) ? "\n" : NULL), r);
                sb_str(&b, r & 8 ? "</b>" : "\n</b>");
            }
        }
        sb_str(&b, "<pad>");
        sb_b64(&b, 9000, "\n", seed);
        sb_str(&b, "</pad></root>");
        switch (compare(b.p, b.n)) {
        case 1: taken++; break;
        case 0: declined++; break;
        default: wrong++;
        }
        free(b.p);
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT_TRUE(taken > 100);
    printf(" (bulk %d, declined %d) ", taken, declined);
}

/* The vector variants (simd.h) give the scalar code's plans and base64 verdicts, byte for
 * byte: random documents mixing runs with every kind of byte (high bytes, '=', CR, '<'),
 * planned and judged at each level the CPU has. */
static int same_plan(const xb_plan *a, const xb_plan *b)
{
    size_t k;
    if (a->n != b->n || a->len != b->len || a->lines != b->lines || a->over_at != b->over_at ||
        a->over_count != b->over_count || (a->len && memcmp(a->buf, b->buf, a->len) != 0))
        return 0;
    for (k = 0; k < a->n; k++)
        if (a->runs[k].off != b->runs[k].off || a->runs[k].len != b->runs[k].len ||
            a->runs[k].lines != b->runs[k].lines)
            return 0;
    return 1;
}

static void test_simd_levels(void)
{
    static const char noise[] = "\t\n\r =+/<>Az09\x80\xff\xc3\xa9&;\"'";
    unsigned seed = 777;
    int i, levels = einv_simd_level(), diff_plan = 0, diff_b64 = 0, planned = 0;
    for (i = 0; i < 400; i++) {
        sb_t b = {0};
        xb_plan ref, got;
        int k, parts = 1 + (int)((seed = seed * 1103515245u + 12345u) >> 16) % 6, lv, r0;
        sb_str(&b, "<root>");
        for (k = 0; k < parts; k++) {
            unsigned r = (seed = seed * 1103515245u + 12345u) >> 16;
            sb_str(&b, r & 1 ? "<b>" : "<b a=\"1\" c=\"2\">\n");
            sb_b64(&b, 900 + r % 4000, (r & 2) ? "\r\n" : ((r & 4) ? "\n" : NULL), r);
            if (r & 8) {   /* a stray byte inside or at the end of the run */
                char c = noise[(r >> 4) % (sizeof noise - 1)];
                sb_add(&b, &c, 1);
            }
            if (r & 16)
                sb_str(&b, "==");
            sb_str(&b, "</b>");
        }
        sb_str(&b, "<pad>");
        sb_b64(&b, 9000 + seed % 64, "\n", seed);
        sb_str(&b, "</pad></root>");
        einv_simd_cap(EINV_SIMD_SCALAR);
        r0 = xb_plan_make((const unsigned char *)b.p, b.n, 3, &ref);
        planned += r0;
        for (lv = EINV_SIMD_AVX2; lv <= levels; lv++) {
            size_t off, len;
            einv_simd_cap(lv);
            if (xb_plan_make((const unsigned char *)b.p, b.n, 3, &got) != r0 || !same_plan(&ref, &got))
                diff_plan++;
            xb_plan_free(&got);
            /* base64 verdicts of slices at odd offsets and lengths */
            for (off = 0; off < b.n; off += 997) {
                int want;
                len = (off * 31 + 7) % 3000;
                if (off + len > b.n)
                    len = b.n - off;
                einv_simd_cap(EINV_SIMD_SCALAR);
                want = einv_xsd_b64_valid_n((const unsigned char *)b.p + off, len);
                einv_simd_cap(lv);
                diff_b64 += einv_xsd_b64_valid_n((const unsigned char *)b.p + off, len) != want;
            }
        }
        xb_plan_free(&ref);
        free(b.p);
    }
    einv_simd_cap(-1);
    CU_ASSERT_EQUAL(diff_plan, 0);
    CU_ASSERT_EQUAL(diff_b64, 0);
    CU_ASSERT_TRUE(planned > 100);
    printf(" (levels up to %d, %d planned) ", levels, planned);
}

unsigned tst_after(void)
{
    xmlCleanupParser();
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("xml_bulk", NULL, NULL);
    CU_add_test(s, "identical trees with LF, CR LF and CR", test_identical_trees);
    CU_add_test(s, "declined: comment, CDATA, white space, encodings", test_declined);
    CU_add_test(s, "SDK parse: texts and error lines", test_sdk_parse);
    CU_add_test(s, "prolog comments blanked, lines kept", test_prolog_comments);
    CU_add_test(s, "random mixes", test_random_mix);
    CU_add_test(s, "every SIMD level: same plans and base64 verdicts", test_simd_levels);
}
