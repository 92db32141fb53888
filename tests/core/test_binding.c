/* The business-term binding (einvoice/binding.h): one partner rule written on BT-115 with
 * einv_ctx_term_nodes (tests/fixtures/binding/terms_profile.c, loaded from its own folder
 * through the plugin path beside the built-in plugins) fires for UBL, CII, canonical JSON,
 * IDoc and OData input with the field at BT-115's place in the submitted document, and not
 * when the amount is small; the profile gets einv_ctx_invoice() without asking for the
 * canonical JSON, in the library and in the CLI, for UBL and CII. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tsupport.h"

static einv_engine_t *eng;
static char *mapping;

static int suite_init(void)
{
    einv_engine_options_t o;
    einv_error_t err;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.plugin_path = getenv("EINV_TERMS_PLUGIN_DIR");
    o.plugin_dir = getenv("EINV_TEST_PLUGIN_DIR");
    eng = einv_engine_open(&o, &err);
    mapping = tst_read_data("mapping/sample-mapping.json", NULL);
    return eng && mapping && einv_engine_profile(eng, "TERMS") ? 0 : -1;
}

static int suite_clean(void)
{
    einv_engine_close(eng);
    free(mapping);
    return 0;
}

/* Validate a data file (or text) with TERMS; the map document for the ERP formats. */
static einv_result_t *run_text(const char *format, const char *text)
{
    einv_validate_opts_t o;
    einv_error_t err;
    memset(&o, 0, sizeof o);
    o.profile = "TERMS";
    o.format = format;
    if (!strcmp(format, "idoc") || !strcmp(format, "odata"))
        o.mapping = mapping;
    return einv_validate(eng, &o, text, strlen(text), &err);
}

static einv_result_t *run_file(const char *format, const char *rel)
{
    char *text = tst_read_data(rel, NULL);
    einv_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    r = run_text(format, text);
    free(text);
    return r;
}

/* The rule fired once, at `field`; the model was there. */
static void expect_due(einv_result_t *r, const char *field)
{
    const einv_finding_t *f;
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-NO-MODEL"), 0);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-NUMBER"), 1);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-DUE"), 1);
    f = tst_find(r, "TERMS-DUE");
    if (f && strcmp(f->field, field) != 0)
        fprintf(stderr, "\nTERMS-DUE at %s, want %s\n", f->field, field);
    CU_ASSERT_TRUE(f && strcmp(f->field, field) == 0);
    einv_result_free(r);
}

static void test_ubl(void)
{
    expect_due(run_file("ubl", "ubl/sample-invoice.xml"), "/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount");
}

static void test_cii(void)
{
    expect_due(run_file("cii", "cii/sample-invoice.xml"),
               "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/"
               "ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:DuePayableAmount");
}

static void test_json(void)
{
    expect_due(run_file("json", "json/sample-invoice.json"), "/totals/payableAmount");
}

static void test_idoc(void)
{
    expect_due(run_file("idoc", "idoc/invoic02-standard.xml"), "/INVOIC02/IDOC/E1EDS01[4]/SUMME");
}

static void test_odata(void)
{
    expect_due(run_file("odata", "odata/supplierinvoice-standard.json"), "/d/InvoiceGrossAmount");
}

/* Every line's BT-126, in document order, at each line's own place. */
static void test_lines(void)
{
    einv_result_t *r = run_file("ubl", "ubl/sample-invoice.xml");
    size_t i, k = 0;
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-LINE"), 2);
    for (i = 0; i < einv_result_count(r); i++) {
        const einv_finding_t *f = einv_result_at(r, i);
        char want[64];
        if (strcmp(f->code, "TERMS-LINE") != 0)
            continue;
        snprintf(want, sizeof want, "/Invoice/cac:InvoiceLine[%zu]/cbc:ID", ++k);
        CU_ASSERT_STRING_EQUAL(f->field, want);
    }
    einv_result_free(r);
    r = run_file("json", "json/sample-invoice.json");
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-LINE"), 2);
    CU_ASSERT_STRING_EQUAL(tst_find(r, "TERMS-LINE")->field, "/lines/0/id");
    einv_result_free(r);
    r = run_file("cii", "cii/sample-invoice.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-LINE"), 2);
    einv_result_free(r);
}

/* 50.00 due: the rule stays silent; the model still reaches the profile. */
static void test_small_amount(void)
{
    char *text = tst_read_data("ubl/sample-invoice.xml", NULL), *p;
    einv_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    p = strstr(text, "<cbc:PayableAmount currencyID=\"EUR\">299.88<");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    memcpy(strstr(p, "299.88"), "050.00", 6);
    r = run_text("ubl", text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-DUE"), 0);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-NUMBER"), 1);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-NO-MODEL"), 0);
    einv_result_free(r);
    free(text);
}

/* A format built against ABI 1.4 loads; its documents have no tree and no model, and the
 * profile is told so (einv_ctx_invoice NULL) instead of the host calling a missing op. */
static void test_format_abi_1_4(void)
{
    einv_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(einv_engine_format(eng, "oldfmt"));
    r = run_text("oldfmt", "OLDFMT 1");
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-NO-MODEL"), 1);
    CU_ASSERT_EQUAL(tst_count_code(r, "TERMS-DUE"), 0);
    einv_result_free(r);
}

/* The CLI (no canonical JSON asked): the profile gets the model for UBL and CII. */
static void test_cli(void)
{
    static const char *const files[] = {"ubl/sample-invoice.xml", "cii/sample-invoice.xml"};
    size_t i;
    for (i = 0; i < 2; i++) {
        char cmd[4096], out[65536];
        FILE *p;
        size_t n;
        snprintf(cmd, sizeof cmd, "EINV_PLUGIN_PATH='%s' EINV_PLUGIN_DIR='%s' '%s' validate --profile TERMS --json '%s/%s'",
                 getenv("EINV_TERMS_PLUGIN_DIR"), getenv("EINV_TEST_PLUGIN_DIR"), getenv("EINV_CLI"),
                 getenv("EINV_TEST_DATA"), files[i]);
        p = popen(cmd, "r");
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        n = fread(out, 1, sizeof out - 1, p);
        out[n] = 0;
        pclose(p);
        if (!strstr(out, "\"TERMS-DUE\"") || !strstr(out, "\"TERMS-NUMBER\""))
            fprintf(stderr, "\nCLI output for %s: %s\n", files[i], out);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"TERMS-DUE\""));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"TERMS-NUMBER\""));
        CU_ASSERT_PTR_NULL(strstr(out, "TERMS-NO-MODEL"));
        CU_ASSERT_PTR_NOT_NULL(strstr(out, i ? "ram:DuePayableAmount" : "cbc:PayableAmount"));
    }
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("binding", suite_init, suite_clean);
    CU_add_test(s, "BT-115 by term: UBL", test_ubl);
    CU_add_test(s, "BT-115 by term: CII", test_cii);
    CU_add_test(s, "BT-115 by term: canonical JSON", test_json);
    CU_add_test(s, "BT-115 by term: IDoc", test_idoc);
    CU_add_test(s, "BT-115 by term: OData", test_odata);
    CU_add_test(s, "BT-126 of every line, in order", test_lines);
    CU_add_test(s, "a small amount: no finding, the model still there", test_small_amount);
    CU_add_test(s, "a format of ABI 1.4 (no to_model) still loads", test_format_abi_1_4);
    CU_add_test(s, "CLI: the profile gets the model for UBL and CII", test_cli);
}
