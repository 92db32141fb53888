/* The "zugferd" format plugin: Factur-X / ZUGFeRD hybrid PDFs. The test PDFs are written
 * at test time: a small PDF writer below builds the hybrid (catalog /AF and /Names
 * /EmbeddedFiles, the CII invoice from tests/data/cii/sample-invoice.xml, XMP metadata with
 * pdfaid:part and the fx: schema), and qpdf (loaded at run time, so this test does not
 * need to link it) rewrites some of them compressed with object streams, encrypted, or
 * with a stream bomb. Every broken container must end as findings, never as a crash. */
#define _GNU_SOURCE   /* memmem */
#include <CUnit/Basic.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <qpdf/qpdf-c.h>
#include <einvoice/einvoice.h>
#include "engine.h"
#include "tpdf.h"
#include "tsupport.h"

static einv_engine_t *eng;
static char *sample;   /* the bare CII invoice */
static size_t sample_len;

static char *valid_pdf(size_t *len)
{
    tst_pdf_spec_t s = {0};
    s.xml = sample;
    s.xml_len = sample_len;
    return tst_make_pdf(&s, len);
}

/* ---- qpdf, loaded at run time ---- */

#define QFNS(X) X(qpdf_init) X(qpdf_cleanup) X(qpdf_read_memory) X(qpdf_silence_errors) \
    X(qpdf_set_suppress_warnings) X(qpdf_init_write_memory) X(qpdf_set_object_stream_mode) \
    X(qpdf_set_compress_streams) X(qpdf_set_stream_data_mode) X(qpdf_set_r6_encryption_parameters2) \
    X(qpdf_write) X(qpdf_get_buffer_length) X(qpdf_get_buffer) X(qpdf_get_object_by_id) \
    X(qpdf_oh_replace_stream_data) X(qpdf_oh_new_null)
#define QDECL(f) static __typeof__(f) *p_##f;
QFNS(QDECL)
static void *qlib;

static int qpdf_load(void)
{
    if (!qlib)
        qlib = dlopen("libqpdf.so.29", RTLD_NOW | RTLD_LOCAL);
    if (!qlib)
        qlib = dlopen("libqpdf.so", RTLD_NOW | RTLD_LOCAL);
    if (!qlib)
        return 0;
#define QLOAD(f) if (!(p_##f = (__typeof__(f) *)dlsym(qlib, #f))) return 0;
    QFNS(QLOAD)
    return 1;
}

enum { RW_COMPRESS = 1, RW_ENCRYPT_PW = 2, RW_ENCRYPT_EMPTY = 4, RW_BOMB = 8 };

/* Rewrite pdf with qpdf: compressed with object streams, encrypted, or with the
 * embedded file (object 6) replaced by `bomb` bytes of spaces, Flate-compressed. */
static char *qpdf_rewrite(const char *pdf, size_t len, int how, size_t bomb, size_t *outlen)
{
    qpdf_data q;
    char *out = NULL;
    if (!qpdf_load())
        return NULL;
    q = p_qpdf_init();
    p_qpdf_silence_errors(q);
    p_qpdf_set_suppress_warnings(q, QPDF_TRUE);
    if (p_qpdf_read_memory(q, "t.pdf", pdf, len, NULL) & QPDF_ERRORS)
        goto done;
    if (how & RW_BOMB) {
        unsigned char *big = malloc(bomb);
        memset(big, ' ', bomb);
        memcpy(big, "<?xml version=\"1.0\"?>", 21);
        p_qpdf_oh_replace_stream_data(q, p_qpdf_get_object_by_id(q, 6, 0), big, bomb, p_qpdf_oh_new_null(q),
                                      p_qpdf_oh_new_null(q));
        free(big);
    }
    if (p_qpdf_init_write_memory(q) & QPDF_ERRORS)
        goto done;
    if (how & (RW_COMPRESS | RW_BOMB)) {
        p_qpdf_set_object_stream_mode(q, qpdf_o_generate);
        p_qpdf_set_stream_data_mode(q, qpdf_s_compress);
        p_qpdf_set_compress_streams(q, QPDF_TRUE);
    }
    if (how & (RW_ENCRYPT_PW | RW_ENCRYPT_EMPTY))
        p_qpdf_set_r6_encryption_parameters2(q, how & RW_ENCRYPT_PW ? "secret" : "", "owner", QPDF_TRUE,
                                             QPDF_TRUE, QPDF_TRUE, QPDF_TRUE, QPDF_TRUE, QPDF_TRUE,
                                             qpdf_r3p_full, QPDF_TRUE);
    if (p_qpdf_write(q) & QPDF_ERRORS)
        goto done;
    *outlen = p_qpdf_get_buffer_length(q);
    out = malloc(*outlen);
    memcpy(out, p_qpdf_get_buffer(q), *outlen);
done:
    p_qpdf_cleanup(&q);
    return out;
}

/* ---- validation helpers ---- */

static einv_result_t *run(const char *format, const void *data, size_t len)
{
    einv_validate_opts_t o = {"EN16931", format, NULL, 1, NULL};
    einv_error_t err;
    einv_result_t *r = einv_validate(eng, &o, data, len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

static size_t count_prefix(const einv_result_t *r, const char *prefix)
{
    size_t i, k = 0;
    for (i = 0; i < einv_result_count(r); i++)
        k += strncmp(einv_result_at(r, i)->code, prefix, strlen(prefix)) == 0;
    return k;
}

static void show(const char *what, const einv_result_t *r)
{
    size_t i;
    for (i = 0; i < einv_result_count(r); i++)
        fprintf(stderr, "  [%s] %s at '%s': %s\n", what, einv_result_at(r, i)->code, einv_result_at(r, i)->field,
                einv_result_at(r, i)->message);
}

/* The codes of r (sorted, space separated) for comparing two verdicts. */
static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
static char *codes(const einv_result_t *r)
{
    size_t i, n = einv_result_count(r);
    const char **v = calloc(n + 1, sizeof *v);
    tst_buf_t b = {0};
    for (i = 0; i < n; i++)
        v[i] = einv_result_at(r, i)->code;
    qsort(v, n, sizeof *v, cmp_str);
    tst_buf_add(&b, "", 0);
    for (i = 0; i < n; i++)
        tst_buf_fmt(&b, "%s ", v[i]);
    free(v);
    return b.p;
}

/* s with the first `from` replaced by `to` (malloc'd). */
/* s with the first `from` replaced by `to` (malloc'd); from must occur. */
static char *replace(const char *s, const char *from, const char *to)
{
    char *out = tst_replace(s, from, to);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    return out;
}

/* Validate a PDF built from spec; expect `code` present (or, with code NULL, valid). */
static einv_result_t *run_spec(const tst_pdf_spec_t *s)
{
    size_t len;
    char *pdf = tst_make_pdf(s, &len);
    einv_result_t *r = run(NULL, pdf, len);
    free(pdf);
    return r;
}

/* ---- tests ---- */

static void test_valid_hybrid_same_verdict_as_xml(void)
{
    size_t len;
    char *pdf = valid_pdf(&len);
    einv_result_t *x = run(NULL, sample, sample_len), *r = run(NULL, pdf, len);
    char *cx = codes(x), *cr = codes(r);
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "ZUGFERD");
    CU_ASSERT_EQUAL(einv_result_valid(r), einv_result_valid(x));
    CU_ASSERT_TRUE(einv_result_valid(r));
    CU_ASSERT_STRING_EQUAL(cr, cx);
    if (strcmp(cr, cx) != 0)
        show("hybrid", r);
    free(cx);
    free(cr);
    einv_result_free(x);
    einv_result_free(r);
    free(pdf);
}

static void test_explicit_format_and_properties_as_attributes(void)
{
    tst_pdf_spec_t s = {0};
    size_t len;
    char *pdf;
    einv_result_t *r;
    s.xml = sample;
    s.xml_len = sample_len;
    s.level_as_attribute = 1;
    pdf = tst_make_pdf(&s, &len);
    r = run("zugferd", pdf, len);
    CU_ASSERT_TRUE(einv_result_valid(r));
    CU_ASSERT_EQUAL(count_prefix(r, "PDF-"), 0);
    einv_result_free(r);
    free(pdf);
}

static void test_compressed_object_streams(void)
{
    size_t len, qlen = 0;
    char *pdf = valid_pdf(&len), *q = qpdf_rewrite(pdf, len, RW_COMPRESS, 0, &qlen);
    einv_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    CU_ASSERT_PTR_NULL(memmem(q, qlen, "CrossIndustryInvoice", 20));   /* really compressed */
    r = run(NULL, q, qlen);
    CU_ASSERT_TRUE(einv_result_valid(r));
    CU_ASSERT_EQUAL(einv_result_count(r), 0);
    if (einv_result_count(r))
        show("compressed", r);
    einv_result_free(r);
    free(q);
    free(pdf);
}

/* A rule finding in the embedded XML: same codes as the bare XML, field into the XML. */
static void test_invalid_xml_same_findings_fields_into_xml(void)
{
    char *bad = replace(sample, "<ram:ID>CII-2026-0042</ram:ID>", "");
    tst_pdf_spec_t s = {0};
    einv_result_t *x = run(NULL, bad, strlen(bad)), *r;
    char *cx, *cr;
    const einv_finding_t *f;
    s.xml = bad;
    s.xml_len = strlen(bad);
    r = run_spec(&s);
    cx = codes(x);
    cr = codes(r);
    CU_ASSERT_FALSE(einv_result_valid(r));
    CU_ASSERT_STRING_EQUAL(cr, cx);
    f = tst_find(r, "BR-02");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(strncmp(f->field, "/rsm:CrossIndustryInvoice", 25), 0);
    free(cx);
    free(cr);
    free(bad);
    einv_result_free(x);
    einv_result_free(r);
}

/* A CII-SR syntax rule runs on the embedded XML as on the bare XML. */
static void test_cii_syntax_rules_run(void)
{
    char *bad = replace(sample, "<ram:TypeCode>380</ram:TypeCode>",
                        "<ram:TypeCode>380</ram:TypeCode><ram:Name>x</ram:Name>");
    tst_pdf_spec_t s = {0};
    einv_result_t *x = run(NULL, bad, strlen(bad)), *r;
    char *cx, *cr;
    s.xml = bad;
    s.xml_len = strlen(bad);
    r = run_spec(&s);
    cx = codes(x);
    cr = codes(r);
    CU_ASSERT_TRUE(count_prefix(x, "CII-") > 0);
    CU_ASSERT_STRING_EQUAL(cr, cx);
    free(cx);
    free(cr);
    free(bad);
    einv_result_free(x);
    einv_result_free(r);
}

static void test_no_attachment(void)
{
    tst_pdf_spec_t s = {0};
    einv_result_t *r = run_spec(&s);
    CU_ASSERT_FALSE(einv_result_valid(r));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-NO-INVOICE"));
    CU_ASSERT_EQUAL(tst_find(r, "PDF-NO-INVOICE")->layer, EINV_LAYER_PDF);
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "ZUGFERD");
    einv_result_free(r);
}

static void test_attachment_with_other_name(void)
{
    tst_pdf_spec_t s = {0};
    einv_result_t *r;
    s.xml = sample;
    s.xml_len = sample_len;
    s.file_name = "invoice.xml";
    r = run_spec(&s);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-NO-INVOICE"));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
}

static void test_names_tree_only_and_kids(void)
{
    tst_pdf_spec_t s = {0};
    einv_result_t *r;
    s.xml = sample;
    s.xml_len = sample_len;
    s.no_af = 1;
    s.names_in_kids = 1;
    r = run_spec(&s);
    CU_ASSERT_PTR_NULL(tst_find(r, "PDF-NO-INVOICE"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-AF-MISSING"));
    CU_ASSERT_TRUE(einv_result_valid(r));   /* a warning */
    einv_result_free(r);
    /* only /AF, no name tree: found */
    memset(&s, 0, sizeof s);
    s.xml = sample;
    s.xml_len = sample_len;
    s.no_names = 1;
    r = run_spec(&s);
    CU_ASSERT_EQUAL(einv_result_count(r), 0);
    einv_result_free(r);
}

static void test_zugferd_file_names(void)
{
    static const char *names[] = {"zugferd-invoice.xml", "ZUGFeRD-invoice.xml", "xrechnung.xml"};
    size_t i;
    for (i = 0; i < 3; i++) {
        tst_pdf_spec_t s = {0};
        einv_result_t *r;
        s.xml = sample;
        s.xml_len = sample_len;
        s.file_name = names[i];
        r = run_spec(&s);
        CU_ASSERT_TRUE(einv_result_valid(r));
        CU_ASSERT_PTR_NULL(tst_find(r, "PDF-NO-INVOICE"));
        einv_result_free(r);
    }
}

static void test_missing_xmp(void)
{
    tst_pdf_spec_t s = {0};
    einv_result_t *r;
    s.xml = sample;
    s.xml_len = sample_len;
    s.no_xmp = 1;
    r = run_spec(&s);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-XMP-MISSING"));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
}

static void test_xmp_without_fx_schema(void)
{
    tst_pdf_spec_t s = {0};
    einv_result_t *r;
    s.xml = sample;
    s.xml_len = sample_len;
    s.no_fx = 1;
    r = run_spec(&s);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-XMP-NO-FACTURX-SCHEMA"));
    CU_ASSERT_PTR_NULL(tst_find(r, "PDF-XMP-MISSING"));
    einv_result_free(r);
}

static void test_not_pdfa3(void)
{
    tst_pdf_spec_t s = {0};
    einv_result_t *r;
    s.xml = sample;
    s.xml_len = sample_len;
    s.pdfa_part = 2;
    r = run_spec(&s);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-NOT-PDFA3"));
    einv_result_free(r);
    s.pdfa_part = -1;
    r = run_spec(&s);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-NOT-PDFA3"));
    einv_result_free(r);
}

static void test_afrelationship_missing(void)
{
    tst_pdf_spec_t s = {0};
    einv_result_t *r;
    s.xml = sample;
    s.xml_len = sample_len;
    s.no_afrel = 1;
    r = run_spec(&s);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-AFRELATIONSHIP-MISSING"));
    einv_result_free(r);
}

/* Every XMP level against every guideline id: a mismatch only off the diagonal. */
static void test_conformance_levels(void)
{
    static const char *levels[] = {"MINIMUM", "BASIC WL", "BASIC", "EN 16931", "EXTENDED"};
    static const char *ids[] = {"urn:factur-x.eu:1p0:minimum", "urn:factur-x.eu:1p0:basicwl",
                                "urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic",
                                "urn:cen.eu:en16931:2017",
                                "urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended"};
    size_t i, j;
    for (i = 0; i < 5; i++) {
        char tag[200];
        char *xml;
        snprintf(tag, sizeof tag, "<ram:ID>%s</ram:ID>", ids[i]);
        xml = replace(sample, "<ram:ID>urn:cen.eu:en16931:2017</ram:ID>", tag);
        for (j = 0; j < 5; j++) {
            tst_pdf_spec_t s = {0};
            einv_result_t *r;
            s.xml = xml;
            s.xml_len = strlen(xml);
            s.level = levels[j];
            s.level_as_attribute = (int)(j & 1);
            r = run_spec(&s);
            if ((tst_find(r, "PDF-XMP-CONFORMANCE-MISMATCH") != NULL) != (i != j)) {
                fprintf(stderr, "  level %s vs %s\n", levels[j], ids[i]);
                CU_FAIL("conformance mismatch verdict");
            }
            einv_result_free(r);
        }
        free(xml);
    }
}

/* An XRechnung (a CIUS of EN 16931) may say XRECHNUNG or EN 16931 in XMP, nothing else. */
static void test_conformance_xrechnung(void)
{
    static const char *levels[] = {"XRECHNUNG", "EN 16931", "BASIC", "EXTENDED"};
    static const int mismatch[] = {0, 0, 1, 1};
    char *xml = replace(sample, "<ram:ID>urn:cen.eu:en16931:2017</ram:ID>",
                        "<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>");
    size_t j;
    for (j = 0; j < 4; j++) {
        tst_pdf_spec_t s = {0};
        einv_result_t *r;
        s.xml = xml;
        s.xml_len = strlen(xml);
        s.level = levels[j];
        r = run_spec(&s);
        CU_ASSERT_EQUAL(tst_find(r, "PDF-XMP-CONFORMANCE-MISMATCH") != NULL, mismatch[j]);
        einv_result_free(r);
    }
    free(xml);
}

static void test_truncated_pdf(void)
{
    size_t len, cut;
    char *pdf = valid_pdf(&len);
    for (cut = 5; cut < len; cut += len / 23 + 1) {
        einv_result_t *r = run(NULL, pdf, cut);
        /* a cut file is either unreadable or recovered; never silently valid without data */
        CU_ASSERT_STRING_EQUAL(einv_result_format(r), "ZUGFERD");
        if (einv_result_valid(r))
            CU_ASSERT_PTR_NULL(tst_find(r, "PDF-NO-INVOICE"));
        einv_result_free(r);
    }
    {   /* the half: at least one finding */
        einv_result_t *r = run(NULL, pdf, len / 2);
        CU_ASSERT_TRUE(einv_result_count(r) > 0);
        einv_result_free(r);
    }
    free(pdf);
}

static void test_random_bytes_after_header(void)
{
    unsigned char data[4096];
    size_t i;
    unsigned x = 12345;
    einv_result_t *r;
    memcpy(data, "%PDF-1.7\n", 9);
    for (i = 9; i < sizeof data; i++) {
        x = x * 1103515245u + 12345u;
        data[i] = (unsigned char)(x >> 16);
    }
    r = run(NULL, data, sizeof data);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-UNREADABLE"));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    r = run(NULL, "%PDF-", 5);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-UNREADABLE"));
    einv_result_free(r);
}

/* Damaged copies of a valid hybrid (random bytes overwritten): findings, never a crash. */
static void test_mutations(void)
{
    size_t len, i, k;
    char *pdf = valid_pdf(&len), *m = malloc(len);
    unsigned x = 777;
    for (i = 0; i < 300; i++) {
        einv_result_t *r;
        memcpy(m, pdf, len);
        for (k = 0; k < 1 + i % 8; k++) {
            x = x * 1103515245u + 12345u;
            m[5 + (x >> 8) % (len - 5)] = (char)(x >> 3);
        }
        r = run(NULL, m, len);
        CU_ASSERT_STRING_EQUAL(einv_result_format(r), "ZUGFERD");
        einv_result_free(r);
    }
    free(m);
    free(pdf);
}

static void test_encrypted(void)
{
    size_t len, qlen = 0;
    char *pdf = valid_pdf(&len), *q;
    einv_result_t *r;
    q = qpdf_rewrite(pdf, len, RW_ENCRYPT_PW, 0, &qlen);
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    r = run(NULL, q, qlen);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-ENCRYPTED"));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    free(q);
    /* opens without a password, still encrypted */
    q = qpdf_rewrite(pdf, len, RW_ENCRYPT_EMPTY, 0, &qlen);
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    r = run(NULL, q, qlen);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-ENCRYPTED"));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    free(q);
    free(pdf);
}

static void test_stream_bomb(void)
{
    size_t len, qlen = 0;
    char *pdf = valid_pdf(&len), *q = qpdf_rewrite(pdf, len, RW_BOMB, 80u * 1024u * 1024u, &qlen);
    einv_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    CU_ASSERT_TRUE(qlen < 2u * 1024u * 1024u);
    r = run(NULL, q, qlen);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "LIMIT-PDF-DECODED"));   /* over max_decoded (64 MiB) */
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    free(q);
    free(pdf);
}

static void test_embedded_not_xml(void)
{
    tst_pdf_spec_t s = {0};
    einv_result_t *r;
    s.xml = "<rsm:CrossIndustryInvoice";
    s.xml_len = strlen(s.xml);
    r = run_spec(&s);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "XML-WELLFORMED"));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    s.xml = "<note>hello</note>";
    s.xml_len = strlen(s.xml);
    r = run_spec(&s);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "SCHEMA-ROOT"));
    einv_result_free(r);
}

static void test_canonical_json(void)
{
    size_t len;
    char *pdf = valid_pdf(&len);
    einv_result_t *r = run(NULL, pdf, len);
    const char *c = einv_result_canonical(r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "CII-2026-0042"));
    einv_result_free(r);
    free(pdf);
}

static void test_xml_not_sniffed_as_pdf(void)
{
    einv_result_t *r = run(NULL, sample, sample_len);
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "CII");
    einv_result_free(r);
}

static int suite_init(void)
{
    einv_error_t err;
    FILE *f;
    char path[1024];
    snprintf(path, sizeof path, "%s/cii/sample-invoice.xml", getenv("EINV_TEST_DATA") ? getenv("EINV_TEST_DATA") : "tests/data");
    f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot read %s\n", path);
        return -1;
    }
    sample = malloc(1 << 20);
    sample_len = fread(sample, 1, (1 << 20) - 1, f);
    sample[sample_len] = 0;
    fclose(f);
    eng = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    if (!eng || !einv_engine_format(eng, "zugferd")) {
        fprintf(stderr, "the zugferd plugin is not loaded\n");
        return -1;
    }
    if (!qpdf_load()) {
        fprintf(stderr, "libqpdf cannot be loaded: %s\n", dlerror());
        return -1;
    }
    return 0;
}

static int suite_clean(void)
{
    einv_engine_close(eng);
    free(sample);
    if (qlib)
        dlclose(qlib);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("zugferd", suite_init, suite_clean);
    CU_add_test(s, "valid hybrid: same verdict as the XML", test_valid_hybrid_same_verdict_as_xml);
    CU_add_test(s, "explicit format, fx properties as attributes", test_explicit_format_and_properties_as_attributes);
    CU_add_test(s, "compressed with object streams", test_compressed_object_streams);
    CU_add_test(s, "rule findings point into the XML", test_invalid_xml_same_findings_fields_into_xml);
    CU_add_test(s, "CII syntax rules run", test_cii_syntax_rules_run);
    CU_add_test(s, "no attachment", test_no_attachment);
    CU_add_test(s, "attachment with another name", test_attachment_with_other_name);
    CU_add_test(s, "name tree only, with kids", test_names_tree_only_and_kids);
    CU_add_test(s, "ZUGFeRD and XRechnung file names", test_zugferd_file_names);
    CU_add_test(s, "missing XMP", test_missing_xmp);
    CU_add_test(s, "XMP without the fx schema", test_xmp_without_fx_schema);
    CU_add_test(s, "not PDF/A-3", test_not_pdfa3);
    CU_add_test(s, "AFRelationship missing", test_afrelationship_missing);
    CU_add_test(s, "conformance levels vs guideline ids", test_conformance_levels);
    CU_add_test(s, "XRechnung conformance levels", test_conformance_xrechnung);
    CU_add_test(s, "truncated PDF", test_truncated_pdf);
    CU_add_test(s, "random bytes after %PDF-", test_random_bytes_after_header);
    CU_add_test(s, "damaged copies", test_mutations);
    CU_add_test(s, "encrypted", test_encrypted);
    CU_add_test(s, "stream bomb", test_stream_bomb);
    CU_add_test(s, "embedded file not an invoice", test_embedded_not_xml);
    CU_add_test(s, "canonical JSON", test_canonical_json);
    CU_add_test(s, "XML is not sniffed as PDF", test_xml_not_sniffed_as_pdf);
}
