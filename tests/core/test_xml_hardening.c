/* Hostile XML: every case ends as a finding within bounded time and memory, and nothing
 * is fetched (the network entity points at a closed loopback port; a fetch would show up
 * as content, a hang, or a different error). */
#include <CUnit/Basic.h>
#include "tsupport.h"
#include "engine.h"
#include <einvoice/json_strict.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static void expect_finding(const char *doc, size_t len, const char *code)
{
    tst_result_t *r = tst_validate_bytes("EN16931", NULL, doc, len);
    CU_ASSERT_STRING_EQUAL(tst_error(r), "");
    CU_ASSERT_FALSE(tst_valid(r));
    if (!tst_count(r, code))
        fprintf(stderr, "expected %s, got: %s\n", code, tst_codes(r));
    CU_ASSERT_TRUE(tst_count(r, code) > 0);
    tst_free(r);
}

static void test_external_entity_file(void)
{
    const char *x = "<?xml version=\"1.0\"?><!DOCTYPE Invoice [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>"
                    "<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\">&xxe;</Invoice>";
    expect_finding(x, strlen(x), "XML-WELLFORMED");
}

static void test_external_entity_network(void)
{
    const char *x = "<?xml version=\"1.0\"?><!DOCTYPE Invoice SYSTEM \"http://127.0.0.1:9/invoice.dtd\">"
                    "<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"/>";
    expect_finding(x, strlen(x), "XML-WELLFORMED");
}

static void test_billion_laughs(void)
{
    char buf[4096];
    int i, j, n = snprintf(buf, sizeof buf, "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol0 \"lol\">");
    for (i = 1; i < 10; i++) {
        n += snprintf(buf + n, sizeof buf - n, "<!ENTITY lol%d \"", i);
        for (j = 0; j < 10; j++)
            n += snprintf(buf + n, sizeof buf - n, "&lol%d;", i - 1);
        n += snprintf(buf + n, sizeof buf - n, "\">");
    }
    n += snprintf(buf + n, sizeof buf - n, "]><lolz>&lol9;</lolz>");
    expect_finding(buf, (size_t)n, "XML-WELLFORMED");
}

static void test_deep_nesting(void)
{
    size_t depth = 10000, i, n = 0;
    char *x = malloc(depth * 7 + 64);
    for (i = 0; i < depth; i++)
        n += (size_t)sprintf(x + n, "<a>");
    for (i = 0; i < depth; i++)
        n += (size_t)sprintf(x + n, "</a>");
    expect_finding(x, n, "XML-WELLFORMED");
    free(x);
}

static void test_huge_text_node(void)
{
    size_t size = 50u << 20, n;
    const char *head = "<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"><a>";
    char *x = malloc(size + 200);
    struct rusage before, after;
    tst_result_t *r;
    n = strlen(head);
    memcpy(x, head, n);
    memset(x + n, 'x', size);
    n += size;
    n += (size_t)sprintf(x + n, "</a></Invoice>");
    getrusage(RUSAGE_SELF, &before);
    r = tst_validate_bytes("EN16931", NULL, x, n);
    getrusage(RUSAGE_SELF, &after);
    /* parsed once and judged by the rules: invalid, and without copies of the node */
    CU_ASSERT_FALSE(tst_valid(r));
    CU_ASSERT_TRUE(tst_count(r, "BR-02") > 0);
    CU_ASSERT_TRUE(after.ru_maxrss - before.ru_maxrss < 200 * 1024);
    tst_free(r);
    free(x);
}

static void test_invalid_utf8(void)
{
    const char x[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\">\xC3\x28\xFF</Invoice>";
    expect_finding(x, sizeof x - 1, "XML-WELLFORMED");
}

/* libxml2's messages quote the input's bytes (a tag name with a byte that is not UTF-8);
 * the validationResult is JSON all the same (fuzz/regressions/fuzz_ubl). */
static void test_message_quoting_bad_bytes(void)
{
    const char x[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Invoice xmlns=\"urn:oasis:names:spe\xFF\xFE" "cation:ubl:schema:xsd:Invoice-2\"/>";
    einv_error_t err;
    einv_engine_t *e = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    einv_validate_opts_t o = {"EN16931", NULL, NULL, 0, NULL};
    einv_result_t *r;
    char *json;
    size_t i, n = 0;
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    r = einv_validate(e, &o, x, sizeof x - 1, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    for (i = 0; i < einv_result_count(r); i++) {
        const einv_finding_t *f = einv_result_at(r, i);
        CU_ASSERT_EQUAL(einv_utf8_valid(f->message, strlen(f->message)), strlen(f->message));
        CU_ASSERT_EQUAL(einv_utf8_valid(f->field, strlen(f->field)), strlen(f->field));
        n += strcmp(f->code, "XML-WELLFORMED") == 0;
    }
    CU_ASSERT_EQUAL(n, 1);
    json = einv_result_json(r);
    CU_ASSERT_EQUAL(einv_json_check(json, strlen(json), NULL, NULL), EINV_OK);
    free(json);
    einv_result_free(r);
    einv_engine_close(e);
}

static void test_non_invoice_root(void)
{
    const char *x = "<?xml version=\"1.0\"?><Order xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Order-2\"/>";
    expect_finding(x, strlen(x), "SCHEMA-ROOT");
}

static void test_not_xml(void)
{
    const char *x = "GIF89a not an invoice at all";
    const char *pdf = "%PDF-1.7 not really";
    expect_finding(x, strlen(x), "FORMAT-UNKNOWN");
    /* a PDF that cannot be read is the PDF plugin's finding */
    expect_finding(pdf, strlen(pdf), "PDF-UNREADABLE");
    expect_finding("", 0, "XML-EMPTY");
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("xml hardening", NULL, NULL);
    CU_add_test(s, "external entity (file)", test_external_entity_file);
    CU_add_test(s, "external DTD (network)", test_external_entity_network);
    CU_add_test(s, "billion laughs", test_billion_laughs);
    CU_add_test(s, "10000-deep nesting", test_deep_nesting);
    CU_add_test(s, "50 MB text node", test_huge_text_node);
    CU_add_test(s, "invalid UTF-8", test_invalid_utf8);
    CU_add_test(s, "non-invoice root", test_non_invoice_root);
    CU_add_test(s, "messages quoting bytes that are not UTF-8", test_message_quoting_bad_bytes);
    CU_add_test(s, "not XML at all", test_not_xml);
}
