/* The validation budget (limits.h): parse limits become LIMIT-... findings instead of
 * XML-WELLFORMED or unbounded work, findings are capped per rule and in all with one
 * summary each, kositResult holds the SCHEMA findings and errors the others (each once),
 * and a finding lost to memory never lets a result read as valid. Speed is measured by
 * bench/limits/xml_bombs.sh, not here. */
#include <CUnit/Basic.h>
#include "tsupport.h"
#include "tpdf.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The core's context (ctx_int.h, from einvoice_internal) with an allocator for the findings
 * list that can be made to fail (the sticky out-of-memory flag); everything else comes from
 * the library */
#include "ctx_int.h"
static int fail_realloc;
static void *test_realloc(void *p, size_t n) { return fail_realloc ? NULL : realloc(p, n); }

static einv_engine_t *engine;

static int suite_init(void)
{
    einv_error_t err;
    engine = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    return engine ? 0 : -1;
}

static int suite_clean(void)
{
    einv_engine_close(engine);
    return 0;
}

/* Validate with limits (NULL: the defaults); never NULL. */
static einv_result_t *run(const char *format, const void *data, size_t len, const einv_limits_t *l)
{
    einv_validate_opts_t o = {0};
    einv_error_t err;
    einv_result_t *r;
    o.profile = "EN16931";
    o.format = format;
    o.limits = l;
    r = einv_validate(engine, &o, data, len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

/* r reports code as its only ERROR, in the SCHEMA layer, and is invalid. */
static void assert_limit(einv_result_t *r, const char *code)
{
    const einv_finding_t *f = tst_find(r, code);
    if (!f)
        fprintf(stderr, "\nexpected %s, got %s\n", code, tst_distinct_codes(r));
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(f->severity, EINV_SEV_ERROR);
    CU_ASSERT_EQUAL(f->layer, EINV_LAYER_SCHEMA);
    CU_ASSERT_PTR_NULL(tst_find(r, "XML-WELLFORMED"));
    CU_ASSERT_FALSE(einv_result_valid(r));
}

/* <Invoice xmlns a0="v" a1="v" ... /> with n attributes of value v (n + 1 with the
 * namespace declaration, which counts too), padded with a comment after
 * the root to at least pad bytes (the pre-scan reads documents of 8 KiB and more). */
static char *attrs_doc(size_t n, const char *v, size_t pad, size_t *len)
{
    size_t cap = n * (strlen(v) + 16) + pad + 256, o = 0, i;
    char *x = malloc(cap);
    o += (size_t)sprintf(x + o, "<?xml version=\"1.0\"?>\n<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"");
    for (i = 0; i < n; i++)
        o += (size_t)sprintf(x + o, " a%zu=\"%s\"", i, v);
    o += (size_t)sprintf(x + o, "/>\n<!--");
    while (o < pad)
        x[o++] = ' ';
    o += (size_t)sprintf(x + o, "-->\n");
    *len = o;
    return x;
}

static void test_attributes_100k_refused_before_parse(void)
{
    size_t len;
    char *x = attrs_doc(100000, "1", 0, &len);
    einv_result_t *r = run(NULL, x, len, NULL);
    assert_limit(r, "LIMIT-ATTRIBUTES");
    CU_ASSERT_PTR_NOT_NULL(strstr(tst_find(r, "LIMIT-ATTRIBUTES")->message, "256"));
    CU_ASSERT_PTR_NOT_NULL(strstr(tst_find(r, "LIMIT-ATTRIBUTES")->message, "EINV_LIMIT_ATTRIBUTES"));
    CU_ASSERT_PTR_NOT_NULL(strstr(tst_find(r, "LIMIT-ATTRIBUTES")->message, "line 2"));
    einv_result_free(r);
    free(x);
}

/* the SAX check (small documents) and the pre-scan (large ones) agree on the limit */
static void test_attributes_at_the_limit(void)
{
    size_t pads[] = {0, 20000}, k, len;
    for (k = 0; k < 2; k++) {
        char *x = attrs_doc(255, "1", pads[k], &len);
        einv_result_t *r = run(NULL, x, len, NULL);
        CU_ASSERT_PTR_NULL(tst_find(r, "LIMIT-ATTRIBUTES"));
        CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-01"));   /* parsed and checked */
        einv_result_free(r);
        free(x);
        x = attrs_doc(256, "1", pads[k], &len);
        r = run(NULL, x, len, NULL);
        assert_limit(r, "LIMIT-ATTRIBUTES");
        einv_result_free(r);
        free(x);
    }
}

/* quotes hide '>' and '=' from the lexer; a '<' in a value ends libxml2's attribute loop */
static void test_attributes_lexer_follows_quotes(void)
{
    size_t len;
    char *x = attrs_doc(3000, "=>'/", 20000, &len);
    einv_result_t *r = run(NULL, x, len, NULL);
    assert_limit(r, "LIMIT-ATTRIBUTES");
    einv_result_free(r);
    free(x);
    x = attrs_doc(3000, "<", 20000, &len);
    r = run(NULL, x, len, NULL);
    CU_ASSERT_PTR_NULL(tst_find(r, "LIMIT-ATTRIBUTES"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "XML-WELLFORMED"));
    einv_result_free(r);
    free(x);
}

static void test_attributes_configured(void)
{
    einv_limits_t l;
    size_t len;
    char *x = attrs_doc(10, "1", 0, &len);   /* 11 with xmlns */
    einv_result_t *r;
    einv_limits_default(&l);
    l.max_attributes = 10;
    r = run(NULL, x, len, &l);
    assert_limit(r, "LIMIT-ATTRIBUTES");
    CU_ASSERT_PTR_NOT_NULL(strstr(tst_find(r, "LIMIT-ATTRIBUTES")->message, "more than 10 "));
    einv_result_free(r);
    l.max_attributes = 11;
    r = run(NULL, x, len, &l);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-01"));
    CU_ASSERT_PTR_NULL(tst_find(r, "LIMIT-ATTRIBUTES"));
    einv_result_free(r);
    free(x);
}

/* UTF-16 (with a BOM) and UTF-32 (detected by its bytes) are counted in code units; UTF-32
 * does not look like XML to the core,
 * so the UBL plugin's own (nested) parse meets the limit and the engine reports it */
static void test_attributes_wide_encodings(void)
{
    size_t len, i, w;
    char *x = attrs_doc(5000, "1", 0, &len);
    for (w = 2; w <= 4; w += 2) {
        unsigned char *u = calloc(len + 2, w);
        einv_result_t *r;
        size_t skip = strlen("<?xml version=\"1.0\"?>\n"), bom = w == 2 ? 2 : 0;
        if (bom)
            u[0] = 0xFE, u[1] = 0xFF;
        for (i = skip; i < len; i++)
            u[bom + (i - skip) * w + w - 1] = (unsigned char)x[i];   /* big-endian */
        r = run(w == 4 ? "ubl" : NULL, u, bom + (len - skip) * w, NULL);
        assert_limit(r, "LIMIT-ATTRIBUTES");
        einv_result_free(r);
        free(u);
    }
    free(x);
}

/* the XML inside a PDF is parsed by the zugferd plugin under the same budget: the engine
 * reports the limit that nested parse reached */
static void test_attributes_inside_pdf(void)
{
    tst_pdf_spec_t spec;
    size_t xlen, plen;
    char *x = attrs_doc(100000, "1", 0, &xlen), *pdf;
    einv_result_t *r;
    memset(&spec, 0, sizeof spec);
    spec.xml = x;
    spec.xml_len = xlen;
    pdf = tst_make_pdf(&spec, &plen);
    r = run(NULL, pdf, plen, NULL);
    assert_limit(r, "LIMIT-ATTRIBUTES");
    TST_ASSERT_CODES(r, "LIMIT-ATTRIBUTES");
    einv_result_free(r);
    free(pdf);
    free(x);
}

static char *repeat_doc(const char *head, const char *unit, size_t n, const char *tail, size_t *len)
{
    size_t ul = strlen(unit), o = 0, i;
    char *x = malloc(strlen(head) + ul * n + strlen(tail) + 1);
    o += (size_t)sprintf(x, "%s", head);
    for (i = 0; i < n; i++, o += ul)
        memcpy(x + o, unit, ul);
    o += (size_t)sprintf(x + o, "%s", tail);
    *len = o;
    return x;
}

static void test_elements(void)
{
    einv_limits_t l;
    size_t len;
    char *x = repeat_doc("<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\">", "<a/>",
                         200, "</Invoice>", &len);
    einv_result_t *r;
    einv_limits_default(&l);
    l.max_elements = 100;
    r = run(NULL, x, len, &l);
    assert_limit(r, "LIMIT-ELEMENTS");
    CU_ASSERT_PTR_NOT_NULL(strstr(tst_find(r, "LIMIT-ELEMENTS")->message, "EINV_LIMIT_ELEMENTS"));
    einv_result_free(r);
    l.max_elements = 201;
    r = run(NULL, x, len, &l);
    CU_ASSERT_PTR_NULL(tst_find(r, "LIMIT-ELEMENTS"));
    einv_result_free(r);
    free(x);
}

/* text, CDATA and the base64 runs the bulk path lifts out all count */
static void test_text(void)
{
    static const char *units[] = {"ab", "<![CDATA[ab]]>", "QUJD"};
    einv_limits_t l;
    size_t k, len;
    einv_limits_default(&l);
    l.max_text = 10000;
    for (k = 0; k < 3; k++) {
        char *x = repeat_doc("<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"><b>", units[k],
                             6000, "</b></Invoice>", &len);
        einv_result_t *r = run(NULL, x, len, &l);
        assert_limit(r, "LIMIT-TEXT");
        einv_result_free(r);
        free(x);
    }
}

static void test_xml_size(void)
{
    einv_limits_t l;
    const char *x = tst_ubl("<cbc:ID>1</cbc:ID>");
    einv_result_t *r;
    einv_limits_default(&l);
    l.max_xml_bytes = 64;
    r = run(NULL, x, strlen(x), &l);
    assert_limit(r, "LIMIT-XML-SIZE");
    einv_result_free(r);
}

/* a deadline that passes during the parse stops it: LIMIT-TIME, once, and no rule ran */
static void test_deadline(void)
{
    einv_limits_t l;
    size_t len;
    char *x = repeat_doc("<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\">",
                         "<cbc:Note xmlns:cbc=\"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2\">n</cbc:Note>",
                         400000, "</Invoice>", &len);
    einv_result_t *r;
    einv_limits_default(&l);
    l.timeout_ms = 1;
    r = run(NULL, x, len, &l);
    assert_limit(r, "LIMIT-TIME");
    CU_ASSERT_EQUAL(tst_count_code(r, "LIMIT-TIME"), 1);
    CU_ASSERT_PTR_NULL(tst_find(r, "BR-01"));
    einv_result_free(r);
    free(x);
}

/* 120 lines without anything: each per-line rule fires 120 times, 50 are listed, and one
 * FINDINGS-CAPPED (INFO, the rule's layer) per rule says how many more there were */
static void test_findings_capped_per_rule(void)
{
    char *body;
    size_t len;
    const char *x;
    einv_result_t *r;
    const einv_finding_t *f;
    size_t i, capped = 0;
    body = repeat_doc("", "<cac:InvoiceLine></cac:InvoiceLine>", 120, "", &len);
    x = tst_ubl(body);
    r = run(NULL, x, strlen(x), NULL);
    CU_ASSERT_EQUAL(tst_count_code(r, "BR-21"), 50);
    for (i = 0; i < einv_result_count(r); i++) {
        f = einv_result_at(r, i);
        if (strcmp(f->code, "FINDINGS-CAPPED") != 0)
            continue;
        capped++;
        CU_ASSERT_EQUAL(f->severity, EINV_SEV_INFO);
        CU_ASSERT_NOT_EQUAL(f->layer, EINV_LAYER_SCHEMA);
        if (strncmp(f->message, "BR-21 ", 6) == 0)
            CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "70 more times"));
    }
    CU_ASSERT_TRUE(capped >= 1);
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    free(body);
}

static void test_findings_total_cap(void)
{
    einv_limits_t l;
    char *body;
    size_t len, i, listed = 0;
    const char *x;
    einv_result_t *r;
    einv_limits_default(&l);
    l.max_findings = 20;
    body = repeat_doc("", "<cac:InvoiceLine></cac:InvoiceLine>", 30, "", &len);
    x = tst_ubl(body);
    r = run(NULL, x, strlen(x), &l);
    for (i = 0; i < einv_result_count(r); i++)
        listed += strncmp(einv_result_at(r, i)->code, "FINDINGS-", 9) != 0;
    CU_ASSERT_EQUAL(listed, 20);
    CU_ASSERT_EQUAL(tst_count_code(r, "FINDINGS-TRUNCATED"), 1);
    CU_ASSERT_EQUAL(tst_find(r, "FINDINGS-TRUNCATED")->severity, EINV_SEV_INFO);
    CU_ASSERT_NOT_EQUAL(tst_find(r, "FINDINGS-TRUNCATED")->layer, EINV_LAYER_SCHEMA);
    einv_result_free(r);
    free(body);
}

static const einv_rule_t R_A = {"TEST-A", EINV_SEV_ERROR, EINV_LAYER_CORE, "", "a", "a"};
static const einv_rule_t R_B = {"TEST-B", EINV_SEV_WARNING, EINV_LAYER_PROFILE, "", "b", "b"};

/* count and drop see every report, also those the cap held back, and a dropped rule
 * starts again from zero */
static void test_ctx_count_and_drop(void)
{
    struct einv_ctx c;
    size_t i;
    einv_ctx_init(&c, NULL);
    c.limits.max_findings_per_rule = 3;
    for (i = 0; i < 5; i++)
        einv_report_at(&c, &R_A, "/a");
    einv_report_at(&c, &R_B, "/b");
    CU_ASSERT_EQUAL(c.n, 4);
    CU_ASSERT_EQUAL(einv_ctx_count(&c, "TEST-A"), 5);
    CU_ASSERT_EQUAL(einv_ctx_count(&c, "TEST-B"), 1);
    CU_ASSERT_EQUAL(einv_ctx_drop(&c, "TEST-A"), 5);
    CU_ASSERT_EQUAL(c.n, 1);
    CU_ASSERT_EQUAL(einv_ctx_count(&c, "TEST-A"), 0);
    einv_report_at(&c, &R_A, "/a");
    CU_ASSERT_EQUAL(einv_ctx_count(&c, "TEST-A"), 1);
    einv_ctx_finish(&c);
    CU_ASSERT_EQUAL(c.n, 2);   /* nothing capped any more: no summary */
    einv_ctx_release(&c);
}

/* a report that cannot be stored leaves the context marked; the summary says so */
static void test_ctx_out_of_memory_is_sticky(void)
{
    struct einv_ctx c;
    einv_ctx_init(&c, NULL);
    einv_ctx_realloc = test_realloc;
    fail_realloc = 1;
    einv_report_at(&c, &R_B, "/b");
    fail_realloc = 0;
    CU_ASSERT_EQUAL(c.n, 0);
    CU_ASSERT_TRUE(c.oom);
    einv_ctx_finish(&c);
    CU_ASSERT_EQUAL_FATAL(c.n, 1);
    CU_ASSERT_STRING_EQUAL(c.findings[0].code, "LIMIT-MEMORY");
    CU_ASSERT_EQUAL(c.findings[0].severity, EINV_SEV_ERROR);
    einv_ctx_release(&c);
}

static size_t occurrences(const char *s, const char *w)
{
    size_t k = 0;
    for (; (s = strstr(s, w)) != NULL; s++)
        k++;
    return k;
}

/* each finding once: SCHEMA ones in kositResult.errors, the others in errors */
static void test_kosit_without_duplicates(void)
{
    static const char bad[] = "<?xml version=\"1.0\"?><Invoice><cbc:ID>1</Invoice>";
    einv_result_t *r = run(NULL, bad, sizeof bad - 1, NULL);
    char *j = einv_result_json(r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    CU_ASSERT_EQUAL(occurrences(j, "\"XML-WELLFORMED\""), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(j, "{\"valid\":false,\"errors\":[],\"kositResult\":{\"valid\":false,\"errors\":[{\"code\":\"XML-WELLFORMED\""));
    free(j);
    einv_result_free(r);
    r = run(NULL, tst_ubl("<cbc:ID>1</cbc:ID>"), strlen(tst_ubl("<cbc:ID>1</cbc:ID>")), NULL);
    j = einv_result_json(r);
    CU_ASSERT_EQUAL(occurrences(j, "\"BR-01\""), 1);
    /* the fragment is XSD-invalid (SCHEMA-MISSING): that goes to kositResult, BR-01 does not */
    CU_ASSERT_PTR_NOT_NULL(strstr(j, "\"kositResult\":{\"valid\":false,\"errors\":[{\"code\":\"SCHEMA-MISSING\""));
    CU_ASSERT_PTR_NULL(strstr(strstr(j, "\"kositResult\""), "\"BR-01\""));
    free(j);
    einv_result_free(r);
}

/* the DOCTYPE finding names the line instead of ending in "()" */
static void test_doctype_message(void)
{
    static const char x[] = "<?xml version=\"1.0\"?>\n<!DOCTYPE Invoice []><Invoice/>";
    einv_result_t *r = run(NULL, x, sizeof x - 1, NULL);
    const einv_finding_t *f = tst_find(r, "XML-WELLFORMED");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_PTR_NULL(strstr(f->message, "()"));
    CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "DOCTYPE"));
    CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "(line 2)"));
    einv_result_free(r);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("limits", suite_init, suite_clean);
    CU_add_test(s, "100,000 attributes: LIMIT-ATTRIBUTES before libxml2 parses the tag", test_attributes_100k_refused_before_parse);
    CU_add_test(s, "256 attributes pass, 257 do not (SAX check and pre-scan)", test_attributes_at_the_limit);
    CU_add_test(s, "the tag lexer follows quotes and stops at '<'", test_attributes_lexer_follows_quotes);
    CU_add_test(s, "max_attributes from the caller's limits", test_attributes_configured);
    CU_add_test(s, "UTF-16 and UTF-32 (nested parse of the UBL plugin)", test_attributes_wide_encodings);
    CU_add_test(s, "100,000 attributes in the XML of a PDF", test_attributes_inside_pdf);
    CU_add_test(s, "max_elements", test_elements);
    CU_add_test(s, "max_text counts text, CDATA and base64 runs", test_text);
    CU_add_test(s, "max_xml_bytes", test_xml_size);
    CU_add_test(s, "the deadline stops the parse: LIMIT-TIME once", test_deadline);
    CU_add_test(s, "50 findings per rule, then one FINDINGS-CAPPED", test_findings_capped_per_rule);
    CU_add_test(s, "max_findings: FINDINGS-TRUNCATED (INFO)", test_findings_total_cap);
    CU_add_test(s, "einv_ctx_count and einv_ctx_drop under the caps", test_ctx_count_and_drop);
    CU_add_test(s, "out of memory is sticky: LIMIT-MEMORY", test_ctx_out_of_memory_is_sticky);
    CU_add_test(s, "kositResult without duplicates", test_kosit_without_duplicates);
    CU_add_test(s, "DOCTYPE message names the line", test_doctype_message);
}
