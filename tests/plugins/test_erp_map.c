/* The ERP mapping document's completeness (issue 15 item 7), through the library and the CLI:
 * with tests/data/mapping-extended.json (../shared/samples/mapping.json plus payment means,
 * contacts and electronic addresses) the four SAP samples validate under EN16931 without an
 * ERROR; the mapping's payment means follow their precedence (the document, the seller's
 * entry, the company code's, the defaults) and never mix into another account; the shape
 * check names unknown keys and wrong types at any depth by their JSON path; and IDoc / OData
 * findings suggest IDoc fields, OData properties or mapping entries, never UBL elements. */
#include <CUnit/Basic.h>
#include <einvoice/einvoice.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "engine.h"
#include "erp_map_check.h"
#include "json_reader.h"
#include "tpdf.h"   /* tst_replace */
#include "tsupport.h"

static einv_engine_t *eng;
static char *base_map, *ext_map;

static const char *const SAMPLES[] = {"idoc/invoic02-standard.xml", "idoc/invoic02-creditnote.xml",
                                      "odata/supplierinvoice-standard.json",
                                      "odata/supplierinvoice-reversecharge.json"};

static int suite_init(void)
{
    if (tst_erp_open(&eng, &base_map) != 0)
        return -1;
    ext_map = tst_read_data("mapping-extended.json", NULL);
    return ext_map ? 0 : -1;
}

static int suite_clean(void)
{
    tst_erp_close(eng, base_map);
    free(ext_map);
    return 0;
}

/* tst_replace that fails the test when `from` is not there. */
static char *rep(const char *s, const char *from, const char *to)
{
    char *out = tst_replace(s, from, to);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    return out;
}

static size_t count_sev(const einv_result_t *r, einv_severity sev)
{
    size_t i, n = 0;
    for (i = 0; i < einv_result_count(r); i++)
        n += einv_result_at(r, i)->severity == sev;
    return n;
}

/* ---- the must-show: the four samples ---- */

static void test_samples_valid(void)
{
    size_t i, j;
    for (i = 0; i < sizeof SAMPLES / sizeof SAMPLES[0]; i++) {
        einv_result_t *r = tst_run_file(eng, "EN16931", NULL, SAMPLES[i], ext_map);
        for (j = 0; j < einv_result_count(r); j++) {   /* what remains, for the record */
            const einv_finding_t *f = einv_result_at(r, j);
            printf("\n  %s: %s %s at %s", SAMPLES[i], einv_severity_name(f->severity), f->code, f->field);
        }
        if (count_sev(r, EINV_SEV_ERROR))
            fprintf(stderr, "\n  %s still has errors: %s", SAMPLES[i], tst_distinct_codes(r));
        CU_ASSERT_EQUAL(count_sev(r, EINV_SEV_ERROR), 0);
        CU_ASSERT_TRUE(einv_result_valid(r));
        /* nothing left at all: the extended mapping is clean, not only error-free */
        CU_ASSERT_EQUAL(einv_result_count(r), 0);
        einv_result_free(r);
    }
}

/* The same samples with only what ../shared/samples/mapping.json holds: BR-49 is why the
 * extension is needed (the test above could not pass by accident). */
static void test_samples_without_payment_means(void)
{
    einv_result_t *r = tst_run_file(eng, "EN16931", NULL, SAMPLES[0], base_map);
    CU_ASSERT_EQUAL(tst_count_code(r, "BR-49"), 1);
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    r = tst_run_file(eng, "EN16931", NULL, SAMPLES[2], base_map);
    CU_ASSERT_EQUAL(tst_count_code(r, "BR-49"), 1);
    einv_result_free(r);
}

/* ---- precedence of the payment means ---- */

static void test_payment_precedence(void)
{
    einv_result_t *r;
    const char *c;
    /* IDoc: no company code (E1EDK14 011) -> the defaults' code 30; the account is E1EDK28's */
    r = tst_run_file(eng, "EN16931", NULL, SAMPLES[0], ext_map);
    c = einv_result_canonical(r);
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"payment\":{\"meansCode\":\"30\",\"meansText\":\"Credit transfer\","
                                     "\"creditTransfers\":[{\"accountId\":\"DE89370400440532013000\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"serviceProviderId\":\"COBADEFFXXX\""));
    /* the seller's entry (PARTN 1000) adds the electronic address and the e-mail the IDoc
     * lacks; BNAME and TELF1 of the IDoc stay */
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"electronicAddress\":{\"value\":\"rechnung@rheinwerk-buerobedarf.example\",\"scheme\":\"EM\"}"));
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"contact\":{\"name\":\"Petra Schneider\",\"phone\":\"+49 221 4711-0\","
                                     "\"email\":\"debitoren@rheinwerk-buerobedarf.example\"}"));
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-49") ? "fired" : "", "");
    einv_result_free(r);
    /* OData: company code 1010's code 58 wins over the defaults' 30; the supplier's entry
     * gives the account with its name and BIC */
    r = tst_run_file(eng, "EN16931", NULL, SAMPLES[2], ext_map);
    c = einv_result_canonical(r);
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"meansCode\":\"58\",\"meansText\":\"SEPA credit transfer\","
                                     "\"remittanceInformation\":\"NH-2025-004711\",\"creditTransfers\":[{"
                                     "\"accountId\":\"DE54200505500987654321\",\"accountName\":\"Nordlicht Hygiene & "
                                     "Service GmbH\",\"serviceProviderId\":\"HASPDEHHXXX\"}]"));
    einv_result_free(r);
    /* the credit note has no bank segment: a code alone makes no payment instructions */
    r = tst_run_file(eng, "EN16931", NULL, SAMPLES[1], ext_map);
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "\"payment\""));
    einv_result_free(r);
}

/* A per-company-code value beats the defaults, the document beats both, and account details
 * of another IBAN are never mixed into the document's account. */
static void test_payment_document_wins(void)
{
    size_t len;
    char *idoc = tst_read_data(SAMPLES[0], &len), *with_cc, *no_bic, *map;
    einv_result_t *r;
    const char *c;
    CU_ASSERT_PTR_NOT_NULL_FATAL(idoc);
    /* E1EDK14 011 names company code 1010: its code 58 instead of the defaults' 30, and
     * 1010 fills the buyer's electronic address */
    with_cc = rep(idoc, "<E1EDK14 SEGMENT=\"1\">", "<E1EDK14 SEGMENT=\"1\"><QUALF>011</QUALF><ORGID>1010</ORGID>"
                                                       "</E1EDK14><E1EDK14 SEGMENT=\"1\">");
    r = tst_run(eng, "EN16931", "idoc", with_cc, strlen(with_cc), ext_map);
    c = einv_result_canonical(r);
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"meansCode\":\"58\""));
    CU_ASSERT_TRUE(einv_result_valid(r));
    einv_result_free(r);
    /* defaults with another account, a BIC and a name: the IDoc's account stays as sent */
    map = rep(ext_map, "\"paymentMeans\": {\"code\": \"30\", \"text\": \"Credit transfer\"}",
                  "\"paymentMeans\": {\"code\": \"30\", \"iban\": \"DE02120300000000202051\", \"bic\": \"BYLADEM1001\", "
                  "\"accountName\": \"Other\"}");
    no_bic = rep(idoc, "<BRNUM>COBADEFFXXX</BRNUM>", "");
    r = tst_run(eng, "EN16931", "idoc", no_bic, strlen(no_bic), map);
    c = einv_result_canonical(r);
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"accountId\":\"DE89370400440532013000\""));
    CU_ASSERT_PTR_NULL(strstr(c, "DE02120300000000202051"));
    CU_ASSERT_PTR_NULL(strstr(c, "BYLADEM1001"));
    CU_ASSERT_PTR_NULL(strstr(c, "\"accountName\":\"Other\""));
    einv_result_free(r);
    free(map);
    /* the same IBAN (written with blanks): the mapping completes the missing BIC only */
    map = rep(ext_map, "\"paymentMeans\": {\"code\": \"30\", \"text\": \"Credit transfer\"}",
                  "\"paymentMeans\": {\"code\": \"30\", \"iban\": \"DE89 3704 0044 0532 0130 00\", \"bic\": \"COBADEFFXXX\", "
                  "\"accountName\": \"Other\"}");
    r = tst_run(eng, "EN16931", "idoc", no_bic, strlen(no_bic), map);
    c = einv_result_canonical(r);
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"serviceProviderId\":\"COBADEFFXXX\""));
    CU_ASSERT_PTR_NULL(strstr(c, "\"accountName\":\"Other\""));   /* the IDoc's ACNAM wins */
    CU_ASSERT_TRUE(einv_result_valid(r));
    einv_result_free(r);
    free(map);
    free(no_bic);
    free(with_cc);
    free(idoc);
}

/* ---- the shape check ---- */

typedef struct got {
    char first[600], first_brief[600];
    size_t n;
} got_t;

static int collect(void *ud, const jr_value_t *v, const char *message, const char *brief)
{
    got_t *g = ud;
    if (!g->n++) {
        snprintf(g->first, sizeof g->first, "%s", message);
        snprintf(g->first_brief, sizeof g->first_brief, "%s", brief);
    }
    return 1;
}

static got_t check_text(const char *text)
{
    got_t g;
    jr_error_t err;
    jr_doc_t *d = jr_parse(text, strlen(text), NULL, &err);
    memset(&g, 0, sizeof g);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    erp_map_check(jr_root(d), collect, &g);
    jr_free(d);
    return g;
}

static void test_shape(void)
{
    static const struct {
        const char *doc, *message;
    } bad[] = {
        {"{\"companyCodes\":{\"1000\":{\"paymentMeans\":{\"iban2\":\"x\"}}}}",
         "Unknown key $.companyCodes.1000.paymentMeans.iban2 (allowed: code, text, remittanceInformation, iban, "
         "accountName, bic)"},
        {"{\"defaults\":{\"paymentMeans\":{\"code\":58}}}", "$.defaults.paymentMeans.code must be a string"},
        {"{\"defaults\":{\"seller\":{\"contact\":{\"mail\":\"a@b\"}}}}",
         "Unknown key $.defaults.seller.contact.mail (allowed: name, phone, email)"},
        {"{\"parties\":{\"1\":{\"electronicAddress\":{\"value\":\"a@b\",\"schema\":\"EM\"}}}}",
         "Unknown key $.parties.1.electronicAddress.schema"},
        {"{\"parties\":{\"1\":{\"address\":{\"city\":\"Köln\",\"zip\":\"50667\"}}}}", "Unknown key $.parties.1.address.zip"},
        {"{\"parties\":{\"1\":{\"identifiers\":[\"a\",{\"value\":\"b\",\"x\":1}]}}}",
         "Unknown key $.parties.1.identifiers[1].x"},
        {"{\"parties\":{\"a.b\":{\"nmae\":\"x\"}}}", "Unknown key $.parties['a.b'].nmae"},
        {"{\"parties\":{\"it's\":{\"nmae\":\"x\"}}}", "Unknown key $.parties['it\\'s'].nmae"},
        {"{\"taxCodes\":{\"A1\":{\"rate\":19}}}", "$.taxCodes.A1.category is required"},
        {"{\"taxCodes\":{\"A1\":{\"category\":\"S\",\"rate\":\"19\"}}}", "$.taxCodes.A1.rate must be a number"},
        {"{\"conditions\":{\"K\":{\"level\":\"header\"}}}", "$.conditions.K.level must be \"document\" or \"line\""},
        {"{\"defaults\":{\"buyer\":[]}}", "$.defaults.buyer must be an object"},
        {"{\"defaults\":{\"colour\":{}}}", "Unknown key $.defaults.colour (allowed: paymentMeans, seller, buyer)"},
        {"{\"units\":{\"PCE\":null}}", "$.units.PCE must be a string"},
        {"{\"companyCodes\":null}", "$.companyCodes must be an object"},
    };
    size_t i;
    got_t g;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        g = check_text(bad[i].doc);
        if (!strstr(g.first, bad[i].message))
            fprintf(stderr, "\n  %s: got \"%s\", want \"%s\"", bad[i].doc, g.first, bad[i].message);
        CU_ASSERT_PTR_NOT_NULL(strstr(g.first, bad[i].message));
        CU_ASSERT_EQUAL(g.n, 1);
    }
    /* the extended mapping itself is clean, and so are nulls inside entries */
    g = check_text(ext_map);
    CU_ASSERT_EQUAL(g.n, 0);
    g = check_text("{\"parties\":{\"1\":{\"name\":null,\"paymentMeans\":{\"bic\":null}}},\"defaults\":{}}");
    CU_ASSERT_EQUAL(g.n, 0);
    /* several problems are all reported, in document order */
    g = check_text("{\"units\":{\"A\":1,\"B\":2},\"foo\":3}");
    CU_ASSERT_EQUAL(g.n, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(g.first, "$.units.A"));
}

/* A --mapping document with a misspelled member: one IDOC-MAPPING warning naming it, the
 * rest of the document still applies. */
static void test_plugin_warns(void)
{
    char *map = rep(ext_map, "\"accountName\": \"Nordlicht", "\"acountName\": \"Nordlicht");
    einv_result_t *r = tst_run_file(eng, "EN16931", NULL, SAMPLES[2], map);
    const einv_finding_t *f = tst_find(r, "ODATA-MAPPING");
    CU_ASSERT_EQUAL(tst_count_code(r, "ODATA-MAPPING"), 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f->field, "mapping:/parties/17300021/paymentMeans/acountName");
    CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "/parties/17300021/paymentMeans/acountName is unknown (allowed: code,"));
    CU_ASSERT_EQUAL(f->severity, EINV_SEV_WARNING);
    CU_ASSERT_EQUAL(count_sev(r, EINV_SEV_ERROR), 0);   /* the payment means still applied */
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "\"accountName\""));
    einv_result_free(r);
    free(map);
}

/* ---- suggestions in the input's terms ---- */

static const char *suggestion_of(const einv_result_t *r, const char *code)
{
    const einv_finding_t *f = tst_find(r, code);
    return f && f->suggestion ? f->suggestion : "";
}

/* No finding of an IDoc or OData input suggests a UBL element. */
static void assert_no_ubl_words(const einv_result_t *r)
{
    size_t i;
    for (i = 0; i < einv_result_count(r); i++) {
        const einv_finding_t *f = einv_result_at(r, i);
        if (strstr(f->suggestion, "cbc:") || strstr(f->suggestion, "cac:"))
            fprintf(stderr, "\n  %s suggests UBL: %s", f->code, f->suggestion);
        CU_ASSERT_PTR_NULL(strstr(f->suggestion, "cbc:"));
        CU_ASSERT_PTR_NULL(strstr(f->suggestion, "cac:"));
    }
}

static void test_hints(void)
{
    size_t len;
    char *idoc = tst_read_data(SAMPLES[0], &len), *no_cur, *no_name;
    einv_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(idoc);
    /* no mapping at all: the tax codes, units and payment means are missing */
    r = tst_run_file(eng, "EN16931", NULL, SAMPLES[0], NULL);
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "BR-CO-04"), "E1EDP04 MWSKZ in taxCodes"));
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "BR-47"), "E1EDK04 MWSKZ in taxCodes"));
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "BR-CL-23"), "E1EDP01 MENEE"));
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "BR-49"), "companyCodes.<E1EDK14 QUALF=011 ORGID>.paymentMeans"));
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "SCHEMA-MISSING"), "business-rule finding at the same field"));
    assert_no_ubl_words(r);
    einv_result_free(r);
    /* a missing currency and seller name: E1EDK01 CURCY, E1EDKA1 PARVW=RS NAME1 */
    no_cur = rep(idoc, "<CURCY>EUR</CURCY>", "");
    while (strstr(no_cur, "<CURCY>EUR</CURCY>")) {
        char *next = rep(no_cur, "<CURCY>EUR</CURCY>", "");
        free(no_cur);
        no_cur = next;
    }
    no_name = rep(no_cur, "<NAME1>Rheinwerk", "<NAME9>Rheinwerk");
    {
        char *p = strstr(no_name, "<NAME9>");
        char *e = p ? strstr(p, "</NAME1>") : NULL;
        CU_ASSERT_PTR_NOT_NULL_FATAL(e);
        memcpy(e, "</NAME9>", 8);
    }
    r = tst_run(eng, "EN16931", "idoc", no_name, strlen(no_name), base_map);
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "BR-05"), "E1EDK01 CURCY"));
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "BR-06"), "E1EDKA1 PARVW=RS NAME1"));
    assert_no_ubl_words(r);
    einv_result_free(r);
    free(no_name);
    free(no_cur);
    free(idoc);
    /* OData without a mapping: the one-time supplier's property or the party entry */
    r = tst_run_file(eng, "EN16931", NULL, SAMPLES[2], NULL);
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "BR-06"), "to_SuplrInvoiceAdditionalData/InvoicingPartyName1"));
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "BR-07"), "companyCodes.<CompanyCode>.name"));
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "BR-CO-17"), "TaxAmount of to_SupplierInvoiceTax"));
    CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "UBL-SR-48"), "item's TaxCode in taxCodes"));
    assert_no_ubl_words(r);
    einv_result_free(r);
    /* a UBL upload keeps the rules' own (UBL) suggestions */
    {
        const char *ubl = tst_ubl("<cac:PaymentMeans><cbc:PaymentID>1</cbc:PaymentID></cac:PaymentMeans>");
        r = tst_run(eng, "EN16931", "ubl", ubl, strlen(ubl), NULL);
        CU_ASSERT_PTR_NOT_NULL(strstr(suggestion_of(r, "BR-49"), "cbc:PaymentMeansCode"));
        einv_result_free(r);
    }
}

/* ---- the CLI path: einvoice validate --mapping ---- */

static void test_cli(void)
{
    char cmd[4096], line[1 << 16];
    const char *data = getenv("EINV_TEST_DATA"), *cli = getenv("EINV_CLI");
    FILE *p;
    int n = 0, st;
    CU_ASSERT_PTR_NOT_NULL_FATAL(cli);
    snprintf(cmd, sizeof cmd,
             "'%s' validate --profile EN16931 --mapping '%s/mapping-extended.json' --json --no-progress "
             "'%s/%s' '%s/%s' '%s/%s' '%s/%s' 2>/dev/null",
             cli, data, data, SAMPLES[0], data, SAMPLES[1], data, SAMPLES[2], data, SAMPLES[3]);
    p = popen(cmd, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    while (fgets(line, sizeof line, p)) {
        if (line[0] != '{')
            continue;   /* the summary */
        n++;
        CU_ASSERT_PTR_NOT_NULL(strstr(line, "{\"valid\":true,\"errors\":[],\"kositResult\":{\"valid\":true,\"errors\":[]}"));
    }
    st = pclose(p);
    CU_ASSERT_EQUAL(n, 4);
    CU_ASSERT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    /* and with the plain sample mapping the CLI reports BR-49 (exit 1) */
    snprintf(cmd, sizeof cmd, "'%s' validate --profile EN16931 --mapping '%s/mapping/sample-mapping.json' --json '%s/%s' "
             ">/dev/null 2>&1", cli, data, data, SAMPLES[0]);
    st = system(cmd);
    CU_ASSERT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 1);
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("erp_map", suite_init, suite_clean);
    CU_add_test(s, "the four SAP samples validate with the extended mapping", test_samples_valid);
    CU_add_test(s, "without payment means: BR-49", test_samples_without_payment_means);
    CU_add_test(s, "payment means: defaults, company code, party", test_payment_precedence);
    CU_add_test(s, "payment means: the document wins, accounts never mix", test_payment_document_wins);
    CU_add_test(s, "shape: unknown keys and wrong types at any depth", test_shape);
    CU_add_test(s, "a misspelled member of a --mapping file is a warning", test_plugin_warns);
    CU_add_test(s, "suggestions name IDoc fields, OData properties, mapping entries", test_hints);
    CU_add_test(s, "CLI: einvoice validate --mapping", test_cli);
}
