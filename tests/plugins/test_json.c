/* The "json" format plugin (canonical model as JSON) and the UBL writer behind it
 * (ubl_from_model): a JSON invoice meets the EN 16931 rules through the UBL it gives,
 * findings point into the JSON, request errors are JSON-* findings with EINV_ERR_USAGE,
 * and UBL -> model -> UBL keeps verdict and canonicalJson. The reader (json_read.h) and the
 * UBL binding are internal libraries linked in, so parse() and the writer can be called
 * directly as well. */
#include <CUnit/Basic.h>
#include <einvoice/einvoice.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "ctx_int.h"
#include "json_reader.h"
#include "json_read.h"
#include "ubl_to_model.h"
#include "ubl_from_model.h"
#include "tsupport.h"

/* ---- helpers ---- */

static einv_engine_t *eng;

/* s with the first `from` replaced by `to` (malloc'd); the test fails when from is absent. */
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

static einv_result_t *run_len(const char *format, const char *data, size_t len)
{
    einv_validate_opts_t o = {"EN16931", format, NULL, 1, NULL};
    einv_error_t err;
    einv_result_t *r = einv_validate(eng, &o, data, len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

static einv_result_t *run(const char *format, const char *data)
{
    return run_len(format, data, strlen(data));
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
        fprintf(stderr, "  [%s] %s %s at '%s'\n", what, einv_result_at(r, i)->code,
                einv_result_at(r, i)->message, einv_result_at(r, i)->field);
}

/* parse() on a context of our own, to see its return code. */
static int parse_direct(const char *data, size_t len, struct einv_ctx *c)
{
    memset(c, 0, sizeof *c);
    einv_arena_init(&c->arena);
    einv_limits_default(&c->limits);   /* the finding caps */
    return json_read_parse(c, (const unsigned char *)data, len);
}

static void release(struct einv_ctx *c)
{
    einv_xdoc_free(c->xdoc);
    einv_invoice_free(c->inv);
    free(c->findings);
    free(c->tally);
    einv_arena_free(&c->arena);
}

static size_t ctx_count(const struct einv_ctx *c, const char *code)
{
    size_t i, k = 0;
    for (i = 0; i < c->n; i++)
        k += strcmp(c->findings[i].code, code) == 0;
    return k;
}

/* A complete invoice using every group of the model (all rules pass). */
static const char RICH[] =
    "{\"invoiceNumber\":\"INV-77\",\"issueDate\":\"2026-03-01\",\"typeCode\":\"380\",\"currency\":\"EUR\","
    "\"taxCurrency\":\"SEK\",\"taxPointDateCode\":\"35\",\"dueDate\":\"2026-03-31\",\"buyerReference\":\"BR-4711\","
    "\"projectReference\":\"PRJ-1\",\"contractReference\":\"CON-1\",\"purchaseOrderReference\":\"PO-1\","
    "\"salesOrderReference\":\"SO-1\",\"receivingAdviceReference\":\"REC-1\",\"despatchAdviceReference\":\"DES-1\","
    "\"tenderOrLotReference\":\"LOT-1\",\"invoicedObjectId\":{\"value\":\"OBJ-1\",\"scheme\":\"AAA\"},"
    "\"buyerAccountingReference\":\"4711-ACC\",\"paymentTerms\":\"30 days net\","
    "\"notes\":[{\"subjectCode\":\"AAI\",\"text\":\"General note\"},{\"text\":\"Plain note\"}],"
    "\"processControl\":{\"businessProcessType\":\"urn:example:process\",\"specificationId\":\"urn:cen.eu:en16931:2017\"},"
    "\"precedingInvoices\":[{\"reference\":\"INV-1\",\"issueDate\":\"2026-01-01\"}],"
    "\"supplier\":{\"name\":\"Northwind Trading GmbH\",\"tradingName\":\"Northwind\","
    "\"identifiers\":[{\"value\":\"4000001000005\",\"scheme\":\"0088\"}],"
    "\"legalId\":{\"value\":\"HRB 12345\",\"scheme\":\"0002\"},\"vatId\":\"DE123456789\","
    "\"taxRegistrationId\":\"201/113/40209\",\"additionalLegalInfo\":\"Share capital 25000 EUR\","
    "\"electronicAddress\":{\"value\":\"billing@northwind.example\",\"scheme\":\"EM\"},"
    "\"address\":{\"line1\":\"Hafenstrasse 12\",\"line2\":\"Building B\",\"line3\":\"Floor 3\",\"city\":\"Hamburg\","
    "\"postalCode\":\"20457\",\"countrySubdivision\":\"HH\",\"countryCode\":\"DE\"},"
    "\"contact\":{\"name\":\"Anna Schmidt\",\"phone\":\"+49 40 123\",\"email\":\"anna@northwind.example\"}},"
    "\"buyer\":{\"name\":\"Contoso SARL\",\"tradingName\":\"Contoso\",\"identifier\":{\"value\":\"BUY-1\"},"
    "\"legalId\":{\"value\":\"12345678900012\",\"scheme\":\"0002\"},\"vatId\":\"FR12345678901\","
    "\"electronicAddress\":{\"value\":\"ap@contoso.example\",\"scheme\":\"EM\"},"
    "\"address\":{\"line1\":\"Rue de la Paix 3\",\"city\":\"Lyon\",\"postalCode\":\"69002\",\"countryCode\":\"FR\"},"
    "\"contact\":{\"name\":\"Jean Martin\",\"phone\":\"+33 4 123\",\"email\":\"jean@contoso.example\"}},"
    "\"payee\":{\"name\":\"Factor AG\",\"identifier\":{\"value\":\"PAYEE-1\"},\"legalId\":{\"value\":\"HRB 999\",\"scheme\":\"0002\"}},"
    "\"taxRepresentative\":{\"name\":\"Tax Rep GmbH\",\"vatId\":\"DE999999999\","
    "\"address\":{\"line1\":\"Zollweg 1\",\"city\":\"Bremen\",\"postalCode\":\"28195\",\"countryCode\":\"DE\"}},"
    "\"delivery\":{\"partyName\":\"Contoso Warehouse\",\"locationId\":{\"value\":\"4000001000012\",\"scheme\":\"0088\"},"
    "\"actualDeliveryDate\":\"2026-02-27\","
    "\"address\":{\"line1\":\"Quai 5\",\"city\":\"Lyon\",\"postalCode\":\"69007\",\"countryCode\":\"FR\"}},"
    "\"invoicePeriod\":{\"startDate\":\"2026-02-01\",\"endDate\":\"2026-02-28\"},"
    "\"payment\":{\"meansCode\":\"58\",\"meansText\":\"SEPA credit transfer\",\"remittanceInformation\":\"INV-77\","
    "\"creditTransfers\":[{\"accountId\":\"DE89370400440532013000\",\"accountName\":\"Northwind\",\"serviceProviderId\":\"COBADEFFXXX\"},"
    "{\"accountId\":\"DE02120300000000202051\"}],"
    "\"card\":{\"primaryAccountNumber\":\"1234\",\"holderName\":\"A Schmidt\"},"
    "\"directDebit\":{\"mandateReference\":\"MANDATE-1\",\"creditorId\":\"DE98ZZZ09999999999\","
    "\"debitedAccountId\":\"FR7630006000011234567890189\"}},"
    "\"allowances\":[{\"amount\":10.00,\"baseAmount\":100.00,\"percentage\":10,\"taxCategory\":\"S\",\"taxRate\":19,"
    "\"reason\":\"Discount\",\"reasonCode\":\"95\"}],"
    "\"charges\":[{\"amount\":5.00,\"taxCategory\":\"S\",\"taxRate\":19,\"reason\":\"Freight\",\"reasonCode\":\"FC\"}],"
    "\"totals\":{\"lineNetAmount\":197.00,\"allowanceTotal\":10.00,\"chargeTotal\":5.00,\"taxExclusiveAmount\":192.00,"
    "\"taxAmount\":36.48,\"taxAmountInTaxCurrency\":400.00,\"taxInclusiveAmount\":228.48,\"prepaidAmount\":20.00,"
    "\"roundingAmount\":0.02,\"payableAmount\":208.50},"
    "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19,\"taxableAmount\":192.00,\"taxAmount\":36.48}],"
    "\"supportingDocuments\":[{\"reference\":\"DOC-1\",\"description\":\"Timesheet\","
    "\"externalLocation\":\"https://example.com/ts.pdf\"},"
    "{\"reference\":\"DOC-2\",\"attachment\":{\"value\":\"aGVsbG8=\",\"mimeCode\":\"text/csv\",\"filename\":\"a.csv\"}}],"
    "\"lines\":[{\"id\":\"1\",\"description\":\"Mug\",\"detailedDescription\":\"Blue ceramic mug\",\"sellerItemId\":\"S-1\","
    "\"buyerItemId\":\"B-1\",\"standardItemId\":{\"value\":\"4000001000029\",\"scheme\":\"0160\"},"
    "\"classifications\":[{\"value\":\"12345678\",\"scheme\":\"STI\",\"schemeVersion\":\"1.0\"}],"
    "\"originCountry\":\"DE\",\"attributes\":[{\"name\":\"Colour\",\"value\":\"Blue\"}],"
    "\"quantity\":10,\"unit\":\"C62\",\"price\":10.00,\"priceDiscount\":1.00,\"grossPrice\":11.00,"
    "\"priceBaseQuantity\":1,\"priceBaseUnit\":\"C62\",\"taxCategory\":\"S\",\"taxRate\":19,\"netAmount\":97.00,"
    "\"note\":\"Line note\",\"objectId\":{\"value\":\"OBJ-L1\",\"scheme\":\"AAA\"},\"orderLineReference\":\"3\","
    "\"accountingReference\":\"ACC-1\",\"period\":{\"startDate\":\"2026-02-01\",\"endDate\":\"2026-02-28\"},"
    "\"allowances\":[{\"amount\":5.00,\"baseAmount\":100.00,\"percentage\":5,\"reason\":\"Promo\",\"reasonCode\":\"95\"}],"
    "\"charges\":[{\"amount\":2.00,\"reason\":\"Packing\",\"reasonCode\":\"FC\"}]},"
    "{\"id\":\"2\",\"description\":\"Teapot\",\"quantity\":2,\"unit\":\"H87\",\"price\":50.00,\"taxCategory\":\"S\","
    "\"taxRate\":19,\"netAmount\":100.00}],"
    "\"validationProfile\":\"EN16931\"}";

/* The model of a JSON text through parse(); NULL when parse did not return EINV_OK. */
static einv_invoice_t *model_of(const char *json)
{
    struct einv_ctx c;
    einv_invoice_t *inv = NULL;
    if (parse_direct(json, strlen(json), &c) == EINV_OK) {
        inv = c.inv;
        c.inv = NULL;
    }
    release(&c);
    return inv;
}

/* ---- the reader ---- */

static void test_reader_numbers(void)
{
    static const struct { const char *in, *out; } N[] = {
        {"12", "12"}, {"-0", "-0"}, {"252.00", "252.00"}, {"1.50e1", "15.0"}, {"25E-1", "2.5"},
        {"1e2", "100"}, {"-5e-3", "-0.005"}, {"0e5", "0"}, {"0.000e3", "0"}, {"123.4E+2", "12340"},
        {"12345678901234567890123.45", "12345678901234567890123.45"}};
    char out[160];
    size_t i;
    for (i = 0; i < sizeof N / sizeof N[0]; i++) {
        CU_ASSERT_TRUE(json_number_text(N[i].in, out, sizeof out));
        CU_ASSERT_STRING_EQUAL(out, N[i].out);
    }
    CU_ASSERT_FALSE(json_number_text("1e400", out, sizeof out));
}

static void test_reader_tree(void)
{
    jr_error_t err;
    const char *src = "\xEF\xBB\xBF { \"a/b~c\": [1, {\"x\": \"\\u00e9\\ud83d\\ude00\\n\"}], \"n\": null }";
    jr_doc_t *d = jr_parse(src, strlen(src), NULL, &err);
    const jr_value_t *root, *arr, *x;
    char buf[128];
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    root = jr_root(d);
    CU_ASSERT_EQUAL(root->type, JR_OBJECT);
    CU_ASSERT_EQUAL(root->n, 2);
    arr = jr_member(root, "a/b~c");
    CU_ASSERT_PTR_NOT_NULL_FATAL(arr);
    x = jr_member(arr->last, "x");
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_STRING_EQUAL(x->s, "\xC3\xA9\xF0\x9F\x98\x80\n");
    jr_pointer(x, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "/a~1b~0c/1/x");
    jr_dotted(x, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "a/b~c[1].x");
    CU_ASSERT_STRING_EQUAL(arr->first->s, "1");
    CU_ASSERT_EQUAL(jr_member(root, "n")->type, JR_NULL);
    jr_free(d);
}

/* ---- validation through UBL ---- */

static void test_sample_valid(void)
{
    size_t len;
    char *json = tst_read_data("json/sample-invoice.json", &len);
    einv_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    r = run_len("json", json, len);
    if (einv_result_count(r))
        show("sample", r);
    CU_ASSERT_EQUAL(einv_result_count(r), 0);
    CU_ASSERT_TRUE(einv_result_valid(r));
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "JSON");
    einv_result_free(r);
    r = run_len(NULL, json, len);   /* auto-detected */
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "JSON");
    CU_ASSERT_EQUAL(einv_result_count(r), 0);
    einv_result_free(r);
    free(json);
}

/* The sample JSON is the canonicalJson of the sample UBL: validating either gives the same
 * verdict and the same canonicalJson. */
static void test_sample_matches_ubl(void)
{
    size_t lj, lx;
    char *json = tst_read_data("json/sample-invoice.json", &lj), *xml = tst_read_data("ubl/sample-invoice.xml", &lx);
    einv_result_t *rj, *rx;
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    rj = run_len("json", json, lj);
    rx = run_len("ubl", xml, lx);
    CU_ASSERT_TRUE(einv_result_valid(rj));
    CU_ASSERT_TRUE(einv_result_valid(rx));
    CU_ASSERT_PTR_NOT_NULL_FATAL(einv_result_canonical(rj));
    CU_ASSERT_PTR_NOT_NULL_FATAL(einv_result_canonical(rx));
    CU_ASSERT_STRING_EQUAL(einv_result_canonical(rj), einv_result_canonical(rx));
    einv_result_free(rj);
    einv_result_free(rx);
    free(json);
    free(xml);
}

/* UBL -> model -> UBL: the regenerated document has the same verdict and canonicalJson. */
static void test_ubl_round_trip(void)
{
    size_t lx, lg;
    char *xml = tst_read_data("ubl/sample-invoice.xml", &lx), *gen;
    einv_error_t err;
    einv_xdoc_t *d;
    einv_invoice_t *inv;
    einv_result_t *r1, *r2;
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    d = einv_xdoc_parse(xml, lx, NULL, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    inv = ubl_to_model(d);
    gen = ubl_model_to_xml(inv, &lg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(gen);
    r1 = run_len("ubl", xml, lx);
    r2 = run_len("ubl", gen, lg);
    if (einv_result_count(r2))
        show("regenerated", r2);
    CU_ASSERT_EQUAL(einv_result_count(r1), 0);
    CU_ASSERT_EQUAL(einv_result_count(r2), 0);
    CU_ASSERT_STRING_EQUAL(einv_result_canonical(r1), einv_result_canonical(r2));
    einv_result_free(r1);
    einv_result_free(r2);
    free(gen);
    einv_invoice_free(inv);
    einv_xdoc_free(d);
    free(xml);
}

/* Every group of the model survives JSON -> model -> UBL -> model unchanged, the invoice
 * is valid, and the UBL validates the same as the JSON. */
static void test_rich_round_trip(void)
{
    einv_invoice_t *inv = model_of(RICH), *back;
    einv_xdoc_t *d;
    einv_error_t err;
    char *j1, *j2, *gen;
    size_t lg;
    einv_result_t *rj, *rx;
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    d = ubl_from_model(inv, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_FALSE(einv_xdoc_is_credit_note(d));
    back = ubl_to_model(d);
    j1 = einv_invoice_to_json(inv);
    /* validationProfile is the service's, not a business term UBL carries */
    einv_node_add(back, einv_invoice_root(back), EINV_T_VALIDATION_PROFILE, "EN16931");
    j2 = einv_invoice_to_json(back);
    CU_ASSERT_STRING_EQUAL(j1, j2);
    rj = run("json", RICH);
    if (einv_result_count(rj))
        show("rich", rj);
    CU_ASSERT_EQUAL(einv_result_count(rj), 0);
    gen = ubl_model_to_xml(inv, &lg);
    rx = run_len("ubl", gen, lg);
    if (einv_result_count(rx))
        show("rich ubl", rx);
    CU_ASSERT_EQUAL(einv_result_count(rx), 0);
    CU_ASSERT_STRING_EQUAL(einv_result_canonical(rj), einv_result_canonical(rx));
    einv_result_free(rj);
    einv_result_free(rx);
    free(gen);
    free(j1);
    free(j2);
    einv_invoice_free(back);
    einv_xdoc_free(d);
    einv_invoice_free(inv);
}

static void test_credit_note(void)
{
    char *cn = replace(RICH, "\"typeCode\":\"380\"", "\"typeCode\":\"381\"");
    einv_invoice_t *inv = model_of(cn), *back;
    einv_error_t err;
    einv_xdoc_t *d;
    einv_result_t *r;
    char *j1, *j2;
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    d = ubl_from_model(inv, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_TRUE(einv_xdoc_is_credit_note(d));
    CU_ASSERT_EQUAL(einv_xdoc_all(d, EINV_NS_CBC, "PaymentDueDate")->n, 1);   /* BT-9 */
    CU_ASSERT_EQUAL(einv_xdoc_all(d, EINV_NS_CBC, "DueDate")->n, 0);
    CU_ASSERT_EQUAL(einv_xdoc_all(d, EINV_NS_CAC, "CreditNoteLine")->n, 2);
    CU_ASSERT_EQUAL(einv_xdoc_all(d, EINV_NS_CAC, "ProjectReference")->n, 0);   /* BT-11: type 50 */
    back = ubl_to_model(d);
    einv_node_add(back, einv_invoice_root(back), EINV_T_VALIDATION_PROFILE, "EN16931");
    j1 = einv_invoice_to_json(inv);
    j2 = einv_invoice_to_json(back);
    CU_ASSERT_STRING_EQUAL(j1, j2);
    r = run("json", cn);
    if (einv_result_count(r))
        show("credit note", r);
    CU_ASSERT_EQUAL(einv_result_count(r), 0);
    einv_result_free(r);
    free(j1);
    free(j2);
    einv_invoice_free(back);
    einv_xdoc_free(d);
    einv_invoice_free(inv);
    free(cn);
}

/* Generated elements carry the JSON pointers of their values (attributes too). */
static void test_generated_sources(void)
{
    einv_invoice_t *inv = model_of(RICH);
    einv_error_t err;
    einv_xdoc_t *d;
    xmlNodePtr n;
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    d = ubl_from_model(inv, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_STRING_EQUAL((const char *)einv_xdoc_root(d)->_private, "");
    n = einv_xdoc_all(d, EINV_NS_CBC, "InvoicedQuantity")->v[0];
    CU_ASSERT_STRING_EQUAL((const char *)n->_private, "/lines/0/quantity");
    CU_ASSERT_STRING_EQUAL((const char *)einv_x_attr_node(n, "unitCode")->_private, "/lines/0/unit");
    n = einv_xdoc_all(d, EINV_NS_CBC, "EndpointID")->v[0];
    CU_ASSERT_STRING_EQUAL((const char *)n->_private, "/supplier/electronicAddress");
    CU_ASSERT_STRING_EQUAL((const char *)einv_x_attr_node(n, "schemeID")->_private,
                           "/supplier/electronicAddress/scheme");
    n = einv_xdoc_all(d, EINV_NS_CBC, "PayableAmount")->v[0];
    CU_ASSERT_STRING_EQUAL((const char *)n->_private, "/totals/payableAmount");
    CU_ASSERT_STRING_EQUAL((const char *)einv_x_attr_node(n, "currencyID")->_private, "/currency");
    n = einv_xdoc_all(d, EINV_NS_CBC, "ItemClassificationCode")->v[0];
    CU_ASSERT_STRING_EQUAL((const char *)einv_x_attr_node(n, "listVersionID")->_private,
                           "/lines/0/classifications/0/schemeVersion");
    n = einv_xdoc_all(d, EINV_NS_CAC, "PartyLegalEntity")->v[0];   /* no value of its own */
    CU_ASSERT_PTR_NULL(n->_private);
    CU_ASSERT_STRING_EQUAL((const char *)n->parent->_private, "/supplier");
    n = einv_xdoc_all(d, EINV_NS_CAC, "PayeeFinancialAccount")->v[1];
    CU_ASSERT_STRING_EQUAL((const char *)n->_private, "/payment/creditTransfers/1");
    einv_xdoc_free(d);
    einv_invoice_free(inv);
}

/* ---- findings point into the JSON ---- */

static void test_missing_seller_name(void)
{
    char *j = replace(RICH, "\"name\":\"Northwind Trading GmbH\",", "");
    einv_result_t *r = run("json", j);
    const einv_finding_t *f = tst_find(r, "BR-06");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(tst_count_code(r, "BR-06"), 1);
    CU_ASSERT_STRING_EQUAL(f->field, "/supplier/name");
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    free(j);
}

static void test_line_and_group_pointers(void)
{
    char *j = replace(RICH, "{\"id\":\"2\",", "{");
    char *k = replace(RICH, "\"currency\":\"EUR\"", "\"currency\":\"XYZ\"");
    char *m = replace(RICH, "\"lineNetAmount\":197.00", "\"lineNetAmount\":198.00");
    einv_result_t *r = run("json", j);
    const einv_finding_t *f = tst_find(r, "BR-21");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f->field, "/lines/1/id");
    einv_result_free(r);
    r = run("json", k);
    f = tst_find(r, "BR-CL-04");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f->field, "/currency");
    einv_result_free(r);
    r = run("json", m);
    f = tst_find(r, "BR-CO-10");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f->field, "/totals/lineNetAmount");
    einv_result_free(r);
    free(j);
    free(k);
    free(m);
}

/* An input without its mandatory groups: findings fall back to the nearest pointer. */
static void test_empty_invoice(void)
{
    einv_result_t *r = run("json", "{\"invoiceNumber\":\"X\"}");
    const einv_finding_t *f = tst_find(r, "BR-16");   /* no lines */
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f->field, "/lines");
    CU_ASSERT_PTR_NULL(tst_find(r, "BR-02"));   /* BT-1 is there */
    f = tst_find(r, "BR-03");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f->field, "/issueDate");
    einv_result_free(r);
}

/* ---- request errors ---- */

static void test_wrong_type(void)
{
    char *j = replace(RICH, "\"quantity\":10,", "\"quantity\":\"abc\",");
    einv_result_t *r = run("json", j);
    const einv_finding_t *f = tst_find(r, "JSON-TYPE");
    struct einv_ctx c;
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f->field, "/lines/0/quantity");
    CU_ASSERT_STRING_EQUAL(f->message, "lines[0].quantity must be a number");
    CU_ASSERT_EQUAL(f->layer, EINV_LAYER_SCHEMA);
    CU_ASSERT_EQUAL(f->severity, EINV_SEV_ERROR);
    CU_ASSERT_EQUAL(count_prefix(r, "BR-"), 0);   /* a request error: no rules ran */
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    CU_ASSERT_EQUAL(parse_direct(j, strlen(j), &c), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(ctx_count(&c, "JSON-TYPE"), 1);
    release(&c);
    free(j);
}

static void test_type_errors(void)
{
    static const struct { const char *json, *field, *message; } T[] = {
        {"{\"supplier\":\"x\"}", "/supplier", "supplier must be an object"},
        {"{\"lines\":{}}", "/lines", "lines must be an array"},
        {"{\"lines\":[1]}", "/lines/0", "lines[0] must be an object"},
        {"{\"typeCode\":380}", "/typeCode", "typeCode must be a string"},
        {"{\"notes\":[{\"text\":true}]}", "/notes/0/text", "notes[0].text must be a string"},
        {"{\"supplier\":{\"legalId\":{\"value\":\"A\",\"scheme\":5}}}", "/supplier/legalId/scheme",
         "supplier.legalId.scheme must be a string"},
        {"{\"supplier\":{\"legalId\":7}}", "/supplier/legalId",
         "supplier.legalId must be a string or an object with \"value\""},
        {"{\"totals\":{\"payableAmount\":\"1.00\"}}", "/totals/payableAmount",
         "totals.payableAmount must be a number"},
        {"[1,2]", "", "The request body must be a JSON object (the canonical invoice)."}};
    size_t i;
    for (i = 0; i < sizeof T / sizeof T[0]; i++) {
        einv_result_t *r = run("json", T[i].json);
        const einv_finding_t *f = tst_find(r, "JSON-TYPE");
        struct einv_ctx c;
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        CU_ASSERT_STRING_EQUAL(f->field, T[i].field);
        CU_ASSERT_STRING_EQUAL(f->message, T[i].message);
        einv_result_free(r);
        CU_ASSERT_EQUAL(parse_direct(T[i].json, strlen(T[i].json), &c), EINV_ERR_USAGE);
        release(&c);
    }
}

static void test_unknown_and_null(void)
{
    char *j = replace(RICH, "\"invoiceNumber\":\"INV-77\",",
                      "\"invoiceNumber\":\"INV-77\",\"a/b~c\":{\"deep\":[1]},\"taxPointDate\":null,");
    char *k = replace(j, "{\"value\":\"BUY-1\"}", "{\"value\":\"BUY-1\",\"extra\":1}");
    einv_result_t *r = run("json", k);
    const einv_finding_t *f = tst_find(r, "JSON-UNKNOWN-FIELD");
    struct einv_ctx c;
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f->field, "/a~1b~0c");
    CU_ASSERT_EQUAL(f->severity, EINV_SEV_WARNING);
    CU_ASSERT_EQUAL(tst_count_code(r, "JSON-UNKNOWN-FIELD"), 2);
    CU_ASSERT_STRING_EQUAL(einv_result_at(r, 1)->field, "/buyer/identifier/extra");
    CU_ASSERT_TRUE(einv_result_valid(r));   /* warnings only; null = absent */
    CU_ASSERT_EQUAL(einv_result_count(r), 2);
    einv_result_free(r);
    CU_ASSERT_EQUAL(parse_direct(k, strlen(k), &c), EINV_OK);
    release(&c);
    free(j);
    free(k);
}

/* Hostile bodies end as one finding each, never a crash. */
static void hostile(const char *what, const char *data, size_t len, const char *code)
{
    einv_result_t *r = run_len("json", data, len);
    struct einv_ctx c;
    if (tst_count_code(r, code) != 1) {
        fprintf(stderr, "\n  hostile %s:\n", what);
        show(what, r);
    }
    CU_ASSERT_EQUAL(tst_count_code(r, code), 1);
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    CU_ASSERT_EQUAL(parse_direct(data, len, &c), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(ctx_count(&c, code), 1);
    release(&c);
}

static char *repeat_wrap(const char *head, const char *open, const char *mid, const char *close,
                         const char *tail, size_t n, size_t *len)
{
    size_t lo = strlen(open), lc = strlen(close), lh = strlen(head), lm = strlen(mid), lt = strlen(tail);
    char *s = malloc(lh + n * (lo + lc) + lm + lt + 1), *p = s;
    size_t i;
    memcpy(p, head, lh);
    p += lh;
    for (i = 0; i < n; i++, p += lo)
        memcpy(p, open, lo);
    memcpy(p, mid, lm);
    p += lm;
    for (i = 0; i < n; i++, p += lc)
        memcpy(p, close, lc);
    memcpy(p, tail, lt + 1);
    *len = (size_t)(p - s) + lt;
    return s;
}

static void test_hostile(void)
{
    static const struct { const char *what, *json, *code; } H[] = {
        {"invalid UTF-8", "{\"invoiceNumber\":\"ab\xff\xfe\"}", "JSON-WELLFORMED"},
        {"overlong UTF-8", "{\"invoiceNumber\":\"\xC0\xAF\"}", "JSON-WELLFORMED"},
        {"UTF-8 surrogate", "{\"invoiceNumber\":\"\xED\xA0\x80\"}", "JSON-WELLFORMED"},
        {"lone surrogate escape", "{\"invoiceNumber\":\"a\\ud800b\"}", "JSON-WELLFORMED"},
        {"raw control character", "{\"invoiceNumber\":\"a\x01\"}", "JSON-WELLFORMED"},
        {"escaped control character", "{\"invoiceNumber\":\"a\\u0001\"}", "JSON-CHARACTER"},
        {"escaped NUL", "{\"invoiceNumber\":\"a\\u0000b\"}", "JSON-CHARACTER"},
        {"duplicate key", "{\"invoiceNumber\":\"A\",\"invoiceNumber\":\"B\"}", "JSON-DUPLICATE-KEY"},
        {"nested duplicate key", "{\"lines\":[{\"quantity\":1,\"quantity\":2}]}", "JSON-DUPLICATE-KEY"},
        {"duplicate unknown key", "{\"x\":1,\"x\":1}", "JSON-DUPLICATE-KEY"},
        {"truncated", "{\"invoiceNumber\":\"A\"", "JSON-WELLFORMED"},
        {"trailing data", "{\"invoiceNumber\":\"A\"} {}", "JSON-WELLFORMED"},
        {"single quotes", "{'invoiceNumber':'A'}", "JSON-WELLFORMED"},
        {"trailing comma", "{\"invoiceNumber\":\"A\",}", "JSON-WELLFORMED"},
        {"leading zero", "{\"lines\":[{\"quantity\":01}]}", "JSON-WELLFORMED"},
        {"NaN", "{\"lines\":[{\"quantity\":NaN}]}", "JSON-WELLFORMED"},
        {"huge exponent", "{\"lines\":[{\"quantity\":1e400}]}", "JSON-LIMIT"},
        {"many digits", "{\"lines\":[{\"quantity\":"
                        "12345678901234567890123456789012345678901234567890123456789012345678901234567890}]}",
         "JSON-LIMIT"}};
    size_t i, len, n;
    char *s;
    struct einv_ctx c;
    einv_result_t *r;
    for (i = 0; i < sizeof H / sizeof H[0]; i++)
        hostile(H[i].what, H[i].json, strlen(H[i].json), H[i].code);
    /* an empty body: the engine's own finding; parse alone calls it malformed */
    r = run_len("json", "", 0);
    CU_ASSERT_EQUAL(tst_count_code(r, "XML-EMPTY"), 1);
    einv_result_free(r);
    CU_ASSERT_EQUAL(parse_direct("  ", 2, &c), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(ctx_count(&c, "JSON-WELLFORMED"), 1);
    release(&c);

    s = repeat_wrap("{\"notes\":", "[", "", "]", "}", 10000, &len);
    hostile("10,000 nested arrays", s, len, "JSON-LIMIT");
    free(s);
    s = repeat_wrap("", "{\"a\":", "1", "}", "", 10000, &len);
    hostile("10,000 nested objects", s, len, "JSON-LIMIT");
    free(s);

    n = (size_t)50 << 20;   /* a 50 MB string, in a known field and in an unknown one */
    s = malloc(n + 64);
    len = (size_t)sprintf(s, "{\"invoiceNumber\":\"");
    memset(s + len, 'x', n);
    len += n;
    len += (size_t)sprintf(s + len, "\"}");
    hostile("50 MB string", s, len, "JSON-LIMIT");
    memcpy(s + 2, "unknownField_", 13);
    hostile("50 MB string in an unknown field", s, len, "JSON-LIMIT");
    free(s);

    /* 200,000 members and a duplicate at the end: found through the hash set */
    s = malloc(200000 * 16 + 64);
    len = 0;
    s[len++] = '{';
    for (i = 0; i < 200000; i++)
        len += (size_t)sprintf(s + len, "\"k%zu\":1,", i);
    len += (size_t)sprintf(s + len, "\"k77\":2}");
    hostile("duplicate among 200,000 keys", s, len, "JSON-DUPLICATE-KEY");
    free(s);
}

static void test_sniff(void)
{
    size_t len;
    char *json = tst_read_data("json/sample-invoice.json", &len);
    CU_ASSERT_EQUAL(json_read_sniff((const unsigned char *)json, len, NULL), EINV_OK);
    CU_ASSERT_EQUAL(json_read_sniff((const unsigned char *)"  {}", 4, NULL), EINV_OK);
    CU_ASSERT_EQUAL(json_read_sniff((const unsigned char *)"{\"d\":{\"SupplierInvoice\":\"1\"}}", 30, NULL),
                    EINV_DECLINED);   /* an OData entity */
    CU_ASSERT_EQUAL(json_read_sniff((const unsigned char *)"[{}]", 4, NULL), EINV_DECLINED);
    CU_ASSERT_EQUAL(json_read_sniff((const unsigned char *)"{\"invoiceNumber\":", 17, NULL), EINV_DECLINED);
    CU_ASSERT_EQUAL(json_read_sniff((const unsigned char *)"<Invoice/>", 10, NULL), EINV_DECLINED);
    free(json);
}

/* Text from other sources that XML cannot carry never breaks the generated document. */
static void test_writer_sanitizes(void)
{
    einv_invoice_t *inv = einv_invoice_new();
    einv_node_t *root = einv_invoice_root(inv);
    einv_error_t err;
    einv_xdoc_t *d;
    einv_node_add(inv, root, EINV_T_BT_1, "A\x01<&>\"\xff" "B\r\n");
    einv_node_set_attr(inv, einv_node_add(inv, einv_node_add(inv, root, EINV_T_BG_4, NULL),
                                          EINV_T_BT_34, "x"),
                       0, "E\"M\t\n");
    d = ubl_from_model(inv, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_STRING_EQUAL(einv_x_text(einv_xdoc_all(d, EINV_NS_CBC, "ID")->v[0]),
                           "A<&>\"\xEF\xBF\xBD" "B\r\n");
    CU_ASSERT_STRING_EQUAL(einv_x_attr(einv_xdoc_all(d, EINV_NS_CBC, "EndpointID")->v[0], "schemeID"),
                           "E\"M\t\n");
    CU_ASSERT_PTR_NULL(einv_xdoc_root(d)->_private);   /* no sources in this model */
    einv_xdoc_free(d);
    einv_invoice_free(inv);
}

/* buyer.leitwegId alone is the buyer reference; validationProfile shows the profile run. */
static void test_leitweg_and_profile(void)
{
    char *j = replace(RICH, "\"buyerReference\":\"BR-4711\",", "");
    char *k = replace(j, "\"vatId\":\"FR12345678901\",", "\"vatId\":\"FR12345678901\",\"leitwegId\":\"04011000-12345-34\",");
    char *m = replace(k, "\"validationProfile\":\"EN16931\"", "\"validationProfile\":\"PEPPOL\"");
    einv_invoice_t *inv = model_of(m);
    einv_error_t err;
    einv_xdoc_t *d = ubl_from_model(inv, &err);
    einv_result_t *r;
    xmlNodePtr n;
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    n = einv_x_child(einv_xdoc_root(d), EINV_NS_CBC, "BuyerReference");
    CU_ASSERT_PTR_NOT_NULL_FATAL(n);
    CU_ASSERT_STRING_EQUAL(einv_x_text(n), "04011000-12345-34");
    CU_ASSERT_STRING_EQUAL((const char *)n->_private, "/buyer/leitwegId");
    r = run("json", m);
    CU_ASSERT_TRUE(einv_result_valid(r));
    CU_ASSERT_PTR_NOT_NULL(strstr(einv_result_canonical(r), "\"validationProfile\":\"EN16931\""));
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "PEPPOL"));
    einv_result_free(r);
    einv_xdoc_free(d);
    einv_invoice_free(inv);
    free(j);
    free(k);
    free(m);
}

/* Amounts keep their digits: no binary floating point anywhere on the way. */
static void test_exact_numbers(void)
{
    char *j = replace(RICH, "\"lineNetAmount\":197.00", "\"lineNetAmount\":197.000000000000000000000001");
    char *k = replace(RICH, "\"quantity\":2,", "\"quantity\":2.0e0,");
    einv_result_t *r = run("json", j);
    CU_ASSERT_PTR_NOT_NULL(strstr(einv_result_canonical(r), "\"lineNetAmount\":197.000000000000000000000001"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-CO-10"));   /* a double would have called it 197 */
    einv_result_free(r);
    r = run("json", k);
    CU_ASSERT_PTR_NOT_NULL(strstr(einv_result_canonical(r), "\"quantity\":2.0,"));
    CU_ASSERT_TRUE(einv_result_valid(r));
    einv_result_free(r);
    free(j);
    free(k);
}

static int suite_init(void)
{
    einv_error_t err;
    eng = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    return eng ? 0 : -1;
}

static int suite_clean(void)
{
    einv_engine_close(eng);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("json", suite_init, suite_clean);
    CU_add_test(s, "reader numbers", test_reader_numbers);
    CU_add_test(s, "reader tree and pointers", test_reader_tree);
    CU_add_test(s, "sample JSON is valid", test_sample_valid);
    CU_add_test(s, "sample JSON equals sample UBL", test_sample_matches_ubl);
    CU_add_test(s, "UBL -> model -> UBL", test_ubl_round_trip);
    CU_add_test(s, "every group round trips", test_rich_round_trip);
    CU_add_test(s, "credit note", test_credit_note);
    CU_add_test(s, "generated elements carry pointers", test_generated_sources);
    CU_add_test(s, "BR-06 points at supplier.name", test_missing_seller_name);
    CU_add_test(s, "line, code and total pointers", test_line_and_group_pointers);
    CU_add_test(s, "missing groups", test_empty_invoice);
    CU_add_test(s, "wrong type is a request error", test_wrong_type);
    CU_add_test(s, "type errors name the field", test_type_errors);
    CU_add_test(s, "unknown fields and null", test_unknown_and_null);
    CU_add_test(s, "hostile JSON", test_hostile);
    CU_add_test(s, "sniff", test_sniff);
    CU_add_test(s, "writer sanitizes text", test_writer_sanitizes);
    CU_add_test(s, "Leitweg-ID and validationProfile", test_leitweg_and_profile);
    CU_add_test(s, "exact numbers", test_exact_numbers);
}
