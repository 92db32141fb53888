/* The "odata" format plugin (SAP S/4HANA A_SupplierInvoice, OData V2 JSON): the authored
 * samples convert to the canonical totals and VAT breakdown of tests/data/odata (README
 * table of the samples), the mapping document supplies tax codes, units and master data,
 * EN 16931 reports exactly what the format note predicts, and wrong JSON types or broken
 * bodies end as findings. Runs the real engine and plugins. */
#include <CUnit/Basic.h>
#include <einvoice/einvoice.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "tsupport.h"

/* ---- helpers (shared shape with test_odata.c / test_idoc.c) ---- */

static einv_engine_t *eng;
static char *mapping;

/* s with the first `from` replaced by `to` (malloc'd). */
static char *replace(const char *s, const char *from, const char *to)
{
    const char *p = strstr(s, from);
    size_t a, b = strlen(from), c = strlen(to);
    char *out;
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    a = (size_t)(p - s);
    out = malloc(strlen(s) - b + c + 1);
    memcpy(out, s, a);
    memcpy(out + a, to, c);
    strcpy(out + a + c, p + b);
    return out;
}

static const char *profile = "EN16931";

static einv_result_t *run_map(const char *format, const char *data, size_t len, const char *map)
{
    return tst_run(eng, profile, format, data, len, map);
}

static einv_result_t *run_file(const char *format, const char *rel, const char *map)
{
    return tst_run_file(eng, profile, format, rel, map);
}

static int suite_init(void) { return tst_erp_open(&eng, &mapping); }

static int suite_clean(void)
{
    tst_erp_close(eng, mapping);
    return 0;
}

/* ---- the samples (tests/data/odata, expected values from the samples' README table) ---- */

static void test_standard(void)
{
    einv_result_t *r = run_file(NULL, "odata/supplierinvoice-standard.json", mapping);
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "ODATA");
    /* BT-1 is the supplier's number, not SAP's document number 5105600123 */
    TST_ASSERT_CANON(r, "\"invoiceNumber\":\"NH-2025-004711\",\"issueDate\":\"2025-03-14\",\"typeCode\":\"380\"");
    TST_ASSERT_CANON(r, "\"dueDate\":\"2025-04-13\"");
    TST_ASSERT_CANON(r, "\"purchaseOrderReference\":\"4500012345\"");
    TST_ASSERT_CANON(r, "\"despatchAdviceReference\":\"LS-88213\"");
    TST_ASSERT_CANON(r, "\"totals\":{\"lineNetAmount\":664.00,\"taxExclusiveAmount\":664.00,"
                    "\"taxAmount\":103.41,\"taxInclusiveAmount\":767.41,\"payableAmount\":767.41}");
    TST_ASSERT_CANON(r, "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19,\"taxableAmount\":474.40,\"taxAmount\":90.14},"
                    "{\"category\":\"S\",\"rate\":7,\"taxableAmount\":189.60,\"taxAmount\":13.27}]");
    /* BT-146 derived: amount / quantity in the price unit; PCE -> H87, KGM unchanged */
    TST_ASSERT_CANON(r, "\"quantity\":6.000,\"unit\":\"H87\",\"price\":24.90");
    TST_ASSERT_CANON(r, "\"quantity\":12.000,\"unit\":\"KGM\",\"price\":15.80");
    /* master data of the mapping document: supplier 17300021 and company code 1010 */
    TST_ASSERT_CANON(r, "\"supplier\":{\"name\":\"Nordlicht Hygiene & Service GmbH\"");
    TST_ASSERT_CANON(r, "\"buyer\":{\"name\":\"Hanse Logistik AG\"");
    TST_ASSERT_CANON(r, "\"accountId\":\"DE54200505500987654321\"");
    /* Findings with the mapping: only BR-49, payment instructions (reference, IBAN) without
     * a payment means code: PaymentMethod "U" needs a table the mapping document does not
     * have (ODATA-SUPPLIERINVOICE.md §6). */
    TST_ASSERT_CODES(r, "BR-49 SCHEMA-MISSING");
    einv_result_free(r);
}

static void test_reverse_charge(void)
{
    einv_result_t *r = run_file("odata", "odata/supplierinvoice-reversecharge.json", mapping);
    TST_ASSERT_CANON(r, "\"invoiceNumber\":\"KMB-25-0187\",\"issueDate\":\"2025-04-02\",\"typeCode\":\"380\"");
    TST_ASSERT_CANON(r, "\"dueDate\":\"2025-04-16\"");
    TST_ASSERT_CANON(r, "\"totals\":{\"lineNetAmount\":4240.00,\"taxExclusiveAmount\":4240.00,"
                    "\"taxAmount\":0.00,\"taxInclusiveAmount\":4240.00,\"payableAmount\":4240.00}");
    TST_ASSERT_CANON(r, "\"taxBreakdown\":[{\"category\":\"AE\",\"rate\":0,\"taxableAmount\":4240.00,\"taxAmount\":0.00,"
                    "\"exemptionReason\":\"Reverse charge\",\"exemptionReasonCode\":\"VATEX-EU-AE\"}]");
    TST_ASSERT_CANON(r, "\"taxCategory\":\"AE\",\"taxRate\":0");
    TST_ASSERT_CANON(r, "\"actualDeliveryDate\":\"2025-03-31\"");
    /* one-time supplier data from to_SuplrInvoiceAdditionalData */
    TST_ASSERT_CANON(r, "\"email\":\"rechnung@krueger-bau.example\"");
    TST_ASSERT_CANON(r, "\"accountId\":\"DE34200505501234567890\",\"serviceProviderId\":\"HASPDEHHXXX\"");
    /* the buyer's VAT id comes from companyCodes/1010, so BR-AE-02 passes; BR-49 as above */
    TST_ASSERT_CODES(r, "BR-49 SCHEMA-MISSING");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-49")->field, "/to_SuplrInvoiceAdditionalData/IBAN");
    einv_result_free(r);
}

/* Without the mapping document the buyer (company code) has no master data and the tax
 * codes no category: the rules report exactly that, at JSON pointers into the body. */
static void test_without_mapping(void)
{
    einv_result_t *r = run_file(NULL, "odata/supplierinvoice-standard.json", NULL);
    /* BR-06/08: seller name and address; BR-07/10: buyer name and address; BR-47/48 and
     * BR-CO-04: categories and rates of the tax codes; BR-CO-17: the breakdown's tax without
     * a rate; BR-CL-23: ISO unit PCE; UBL-SR-48: a line without VAT category; BR-49 as above */
    TST_ASSERT_CODES(r, "BR-06 BR-07 BR-08 BR-10 BR-47 BR-48 BR-49 BR-CL-23 BR-CO-04 BR-CO-17 SCHEMA-MISSING UBL-SR-48");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-47")->field, "/d/to_SupplierInvoiceTax/results/0");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-CL-23")->field, "/d/to_SuplrInvcItemPurOrdRef/results/0/QuantityInPurchaseOrderUnit");
    einv_result_free(r);
    /* the reverse-charge one-time supplier brings its own data: only the buyer is missing
     * (BR-07, BR-10) besides the tax code (BR-47, BR-48, BR-CO-04, UBL-SR-48) */
    r = run_file(NULL, "odata/supplierinvoice-reversecharge.json", NULL);
    TST_ASSERT_CODES(r, "BR-07 BR-10 BR-47 BR-48 BR-49 BR-CO-04 SCHEMA-MISSING UBL-SR-48");
    einv_result_free(r);
}

/* ---- envelope forms, credit memo, wrong types ---- */

static void test_envelopes_and_credit(void)
{
    char *doc = tst_read_data("odata/supplierinvoice-reversecharge.json", NULL), *w, *c, *col;
    einv_result_t *r;
    size_t n;
    /* {"d": entity} and {"d": {"results": [entity]}} read the same as the bare entity */
    n = strlen(doc);
    w = malloc(n + 16);
    snprintf(w, n + 16, "{\"d\":%s}", doc);
    r = run_map(NULL, w, strlen(w), mapping);
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "ODATA");
    TST_ASSERT_CODES(r, "BR-49 SCHEMA-MISSING");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-49")->field, "/d/to_SuplrInvoiceAdditionalData/IBAN");
    einv_result_free(r);
    col = malloc(2 * n + 40);
    snprintf(col, 2 * n + 40, "{\"d\":{\"results\":[%s,%s]}}", doc, doc);
    r = run_map(NULL, col, strlen(col), mapping);
    TST_ASSERT_CODES(r, "BR-49 ODATA-MULTIPLE SCHEMA-MISSING");
    einv_result_free(r);
    /* a credit memo: 381, amounts stay positive */
    c = replace(doc, "\"SupplierInvoiceIsCreditMemo\": \"\"", "\"SupplierInvoiceIsCreditMemo\": \"X\"");
    r = run_map(NULL, c, strlen(c), mapping);
    TST_ASSERT_CANON(r, "\"typeCode\":\"381\"");
    TST_ASSERT_CANON(r, "\"payableAmount\":4240.00");
    TST_ASSERT_CODES(r, "BR-49 SCHEMA-MISSING");
    einv_result_free(r);
    free(w);
    free(col);
    free(c);
    free(doc);
}

static void test_wrong_types(void)
{
    char *doc = tst_read_data("odata/supplierinvoice-standard.json", NULL), *a, *b, *c;
    einv_result_t *r;
    a = replace(doc, "\"DocumentDate\": \"/Date(1741910400000)/\"", "\"DocumentDate\": 1741910400000");
    b = replace(a, "\"TaxAmount\": \"90.14\"", "\"TaxAmount\": \"abc\"");
    c = replace(b, "\"to_SuplrInvcItemPurOrdRef\": {", "\"to_SuplrInvcItemPurOrdRef\": {\"x\":1},\"ignored\": {");
    r = run_map(NULL, c, strlen(c), mapping);
    /* each wrong property is one ODATA-TYPE finding at its pointer and is left out; the
     * rules then report the consequences (no issue date, no lines, a group without tax) */
    CU_ASSERT_EQUAL(tst_count_code(r, "ODATA-TYPE"), 3);
    CU_ASSERT_STRING_EQUAL(tst_find(r, "ODATA-TYPE")->field, "/d/DocumentDate");
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-03"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-16"));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    free(a);
    free(b);
    free(c);
    free(doc);
}

static void test_broken(void)
{
    char *doc;
    size_t len;
    einv_result_t *r;
    doc = tst_read_data("odata/supplierinvoice-standard.json", &len);
    /* truncated JSON: auto detection cannot tell the format, a forced odata says why */
    r = run_map(NULL, doc, len / 2, mapping);
    TST_ASSERT_CODES(r, "FORMAT-UNKNOWN");
    einv_result_free(r);
    r = run_map("odata", doc, len / 2, mapping);
    TST_ASSERT_CODES(r, "ODATA-WELLFORMED");
    einv_result_free(r);
    /* JSON that is not a supplier invoice */
    r = run_map("odata", "[1,2]", 5, mapping);
    TST_ASSERT_CODES(r, "ODATA-STRUCTURE");
    einv_result_free(r);
    r = run_map("odata", "{\"d\": {\"Foo\": 1}}", strlen("{\"d\": {\"Foo\": 1}}"), mapping);
    TST_ASSERT_CODES(r, "ODATA-STRUCTURE");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "ODATA-STRUCTURE")->field, "/d");
    einv_result_free(r);
    r = run_map("odata", "{\"d\": {\"results\": []}}", strlen("{\"d\": {\"results\": []}}"), mapping);
    TST_ASSERT_CODES(r, "ODATA-STRUCTURE");
    einv_result_free(r);
    /* a minimal entity: the rules report what is missing, nothing crashes */
    r = run_map(NULL, "{\"SupplierInvoice\":\"1\",\"CompanyCode\":\"1010\"}",
                strlen("{\"SupplierInvoice\":\"1\",\"CompanyCode\":\"1010\"}"), mapping);
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "ODATA");
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-02"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-16"));
    einv_result_free(r);
    /* a broken mapping document is a warning, the conversion goes on without it */
    r = run_map(NULL, doc, len, "[");
    CU_ASSERT_EQUAL(tst_count_code(r, "ODATA-MAPPING"), 1);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-47"));
    einv_result_free(r);
    free(doc);
}

/* BT-24 / BT-23 come from the requested profile (ODATA-SUPPLIERINVOICE.md: "set from the
 * requested profile"), so a PEPPOL or XRechnung validation does not fail on them. */
static void test_specification_from_profile(void)
{
    einv_result_t *r = run_file(NULL, "odata/supplierinvoice-standard.json", mapping);
    TST_ASSERT_CANON(r, "\"specificationId\":\"urn:cen.eu:en16931:2017\"");
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "businessProcessType"));
    einv_result_free(r);
    profile = "PEPPOL";
    r = run_file(NULL, "odata/supplierinvoice-standard.json", mapping);
    TST_ASSERT_CANON(r, "\"businessProcessType\":\"urn:fdc:peppol.eu:2017:poacc:billing:01:1.0\"");
    TST_ASSERT_CANON(r, "\"specificationId\":\"urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0\"");
    CU_ASSERT_PTR_NULL(tst_find(r, "PEPPOL-EN16931-R001"));
    CU_ASSERT_PTR_NULL(tst_find(r, "PEPPOL-EN16931-R004"));
    einv_result_free(r);
    profile = "XRECHNUNG";
    r = run_file(NULL, "odata/supplierinvoice-standard.json", mapping);
    TST_ASSERT_CANON(r, "\"specificationId\":\"urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0\"");
    CU_ASSERT_PTR_NULL(tst_find(r, "BR-DE-21"));
    CU_ASSERT_PTR_NULL(tst_find(r, "PEPPOL-EN16931-R001"));
    einv_result_free(r);
    profile = "ITALY";   /* PEPPOL's, inherited through the base profile */
    r = run_file(NULL, "odata/supplierinvoice-standard.json", mapping);
    TST_ASSERT_CANON(r, "\"specificationId\":\"urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0\"");
    einv_result_free(r);
    profile = "EN16931";
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("odata", suite_init, suite_clean);
    CU_add_test(s, "standard PO invoice: totals, VAT breakdown, findings", test_standard);
    CU_add_test(s, "reverse charge AE", test_reverse_charge);
    CU_add_test(s, "without the mapping document", test_without_mapping);
    CU_add_test(s, "envelopes and credit memo", test_envelopes_and_credit);
    CU_add_test(s, "wrong JSON types", test_wrong_types);
    CU_add_test(s, "broken inputs", test_broken);
    CU_add_test(s, "BT-24 / BT-23 from the requested profile", test_specification_from_profile);
}
