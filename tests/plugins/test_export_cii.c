/* The exporter op (einvoice/export.h) with the "cii" and "ubl" exporters: registration,
 * complete business-term coverage (a canonical invoice holding every BG/BT goes out and
 * comes back field for field), validity of what is written, exact decimals, findings for
 * what CII cannot carry, and bad input. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tsupport.h"
#include "exports.h"

static einv_engine_t *eng;

static int suite_init(void)
{
    einv_error_t err;
    eng = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    return eng ? 0 : 1;
}

static int suite_clean(void)
{
    einv_engine_close(eng);
    return 0;
}

/* The canonical JSON of a document under EN16931 (malloc'd), or NULL. */
static char *canonical(const void *data, size_t len, int *valid)
{
    einv_validate_opts_t o;
    einv_error_t err;
    einv_result_t *r;
    char *json = NULL;
    memset(&o, 0, sizeof o);
    o.profile = "EN16931";
    o.want_canonical = 1;
    r = einv_validate(eng, &o, data, len, &err);
    if (!r)
        return NULL;
    if (valid) {
        *valid = einv_result_valid(r);
        if (!*valid)
            fprintf(stderr, "\nfindings: %s\n", tst_distinct_codes(r));
    }
    if (einv_result_canonical(r))
        json = strdup(einv_result_canonical(r));
    einv_result_free(r);
    return json;
}

static einv_export_t *export_json(const char *to, const char *json)
{
    einv_export_opts_t o = {to, "EN16931", NULL};
    einv_error_t err;
    return einv_export_json(eng, &o, json, strlen(json), &err);
}

/* source -> canonical -> export `to` -> canonical again: equal, and the export valid.
 * Returns the export (the caller frees it). */
static einv_export_t *round_trip_buf(const char *rel, const char *src, size_t len, const char *to)
{
    size_t xlen;
    char *a, *b;
    einv_export_t *x;
    const unsigned char *out;
    int valid = 0;
    a = canonical(src, len, &valid);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_TRUE(valid);
    x = export_json(to, a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_TRUE_FATAL(einv_export_ok(x));
    for (size_t i = 0; i < einv_export_count(x); i++)   /* notices (INFO) may come */
        CU_ASSERT_EQUAL(einv_export_at(x, i)->severity, EINV_SEV_INFO);
    out = einv_export_data(x, &xlen);
    CU_ASSERT_TRUE(xlen > 100);
    valid = 0;
    b = canonical(out, xlen, &valid);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_TRUE(valid);
    if (strcmp(a, b) != 0)
        fprintf(stderr, "\n%s -> %s changed the invoice:\n%s\n%s\n", rel, to, a, b);
    CU_ASSERT_STRING_EQUAL(a, b);
    free(a);
    free(b);
    return x;
}

static void round_trip(const char *rel, const char *to)
{
    size_t len;
    char *src = tst_read_data(rel, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(src);
    einv_export_free(round_trip_buf(rel, src, len, to));
    free(src);
}

/* src with its first `from` replaced by `to` (malloc'd); src is freed. */
static char *replaced(char *src, const char *from, const char *to, size_t *len)
{
    char *at, *out;
    CU_ASSERT_PTR_NOT_NULL_FATAL(src);
    at = strstr(src, from);
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    out = malloc(strlen(src) + strlen(to) + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    memcpy(out, src, (size_t)(at - src));
    strcpy(out + (at - src), to);
    strcat(out, at + strlen(from));
    *len = strlen(out);
    free(src);
    return out;
}

static void test_registered(void)
{
    const einv_exporter_ops_t *cii = einv_engine_exporter(eng, "cii"), *ubl = einv_engine_exporter(eng, "UBL");
    einv_export_opts_t o = {"fatturapa", NULL, NULL};
    einv_error_t err;
    CU_ASSERT_PTR_NOT_NULL_FATAL(cii);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ubl);
    CU_ASSERT_STRING_EQUAL(cii->media_type, "application/xml");
    CU_ASSERT_STRING_EQUAL(ubl->extension, "xml");
    CU_ASSERT_TRUE(einv_engine_exporter_count(eng) >= 2);
    CU_ASSERT_PTR_NULL(einv_engine_exporter(eng, "fatturapa"));
    CU_ASSERT_PTR_NULL(einv_export_json(eng, &o, "{}", 2, &err));
    CU_ASSERT_EQUAL(err.code, EINV_ERR_NOTFOUND);
}

static void test_max_content_cii(void) { round_trip("json/max-content.json", "cii"); }
static void test_max_content_ubl(void) { round_trip("json/max-content.json", "ubl"); }
static void test_sample_ubl_to_cii(void) { round_trip("ubl/sample-invoice.xml", "cii"); }
static void test_sample_cii_to_ubl(void) { round_trip("cii/sample-invoice.xml", "ubl"); }

/* xs:date allows a time zone; the model keeps the day (EN 16931 dates have no zone, CII's
 * format 102 no room for one), so the CII is valid and reads back as the same invoice. */
static void test_zoned_dates(void)
{
    size_t len, xlen;
    char *src = tst_read_data("ubl/sample-invoice.xml", &len), *a;
    einv_export_t *x;
    src = replaced(src, "<cbc:IssueDate>2026-11-21<", "<cbc:IssueDate>2026-11-21+01:00<", &len);
    src = replaced(src, "<cbc:DueDate>2026-12-21<", "<cbc:DueDate>2026-12-21Z<", &len);
    a = canonical(src, len, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "\"issueDate\":\"2026-11-21\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(a, "\"dueDate\":\"2026-12-21\""));
    x = round_trip_buf("zoned dates", src, len, "cii");
    CU_ASSERT_PTR_NOT_NULL(strstr((const char *)einv_export_data(x, &xlen), ">20261121</udt:DateTimeString>"));
    einv_export_free(x);
    free(a);
    free(src);
}

/* A gross price without a price discount (a VAT-inclusive "gross" price, as several German
 * producers write it): UBL needs an amount there, and a zero keeps the invoice as it is. */
static void test_gross_without_discount(void)
{
    size_t len, xlen;
    char *src = replaced(tst_read_data("cii/sample-invoice.xml", &len),
                         "<ram:NetPriceProductTradePrice><ram:ChargeAmount>15.00<",
                         "<ram:GrossPriceProductTradePrice><ram:ChargeAmount>17.85</ram:ChargeAmount>"
                         "</ram:GrossPriceProductTradePrice>"
                         "<ram:NetPriceProductTradePrice><ram:ChargeAmount>15.00<", &len);
    einv_export_t *x = round_trip_buf("gross price", src, len, "ubl");
    const char *xml = (const char *)einv_export_data(x, &xlen);
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<cbc:ChargeIndicator>false</cbc:ChargeIndicator>"
                                       "<cbc:Amount currencyID=\"EUR\">0.00</cbc:Amount>"
                                       "<cbc:BaseAmount currencyID=\"EUR\">17.85</cbc:BaseAmount>"));
    einv_export_free(x);
    free(src);
}

/* A remittance reference (BT-83) without payment means, as CII allows: UBL requires a
 * means code, the export writes 1 (instrument not defined) and says so, and the UBL reader
 * reads that placeholder back as no code. */
static void test_reference_without_means(void)
{
    size_t len, xlen, i, told = 0;
    char *src = tst_read_data("cii/sample-invoice.xml", &len);
    einv_export_t *x;
    src = replaced(src, "<ram:InvoiceCurrencyCode>EUR",
                   "<ram:PaymentReference>RF18 5390 0754 7034</ram:PaymentReference>"
                   "<ram:InvoiceCurrencyCode>EUR", &len);
    src = replaced(src,
                   "<ram:SpecifiedTradeSettlementPaymentMeans>\n"
                   "        <ram:TypeCode>58</ram:TypeCode>\n"
                   "        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89370400440532013000"
                   "</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>\n"
                   "      </ram:SpecifiedTradeSettlementPaymentMeans>", "", &len);
    x = round_trip_buf("reference without means", src, len, "ubl");
    CU_ASSERT_PTR_NOT_NULL(strstr((const char *)einv_export_data(x, &xlen),
                                  "<cac:PaymentMeans><cbc:PaymentMeansCode>1</cbc:PaymentMeansCode>"
                                  "<cbc:PaymentID>RF18 5390 0754 7034</cbc:PaymentID></cac:PaymentMeans>"));
    for (i = 0; i < einv_export_count(x); i++)
        told += strcmp(einv_export_at(x, i)->code, "EXPORT-UBL-ADDED") == 0;
    CU_ASSERT_EQUAL(told, 1);
    einv_export_free(x);
    free(src);
}

/* Amounts and quantities keep the model's digits; markup in texts is escaped; dates in
 * format 102; the guideline of the model. */
static void test_cii_text(void)
{
    size_t len;
    char *src = tst_read_data("json/max-content.json", &len), *a = canonical(src, len, NULL), *xml;
    einv_export_t *x = export_json("cii", a);
    const unsigned char *out;
    CU_ASSERT_TRUE_FATAL(einv_export_ok(x));
    out = einv_export_data(x, &len);
    xml = strndup((const char *)out, len);
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<ram:LineTotalAmount>1234.50</ram:LineTotalAmount>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<ram:BilledQuantity unitCode=\"HUR\">10.000</ram:BilledQuantity>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<ram:TaxTotalAmount currencyID=\"SEK\">2500.00</ram:TaxTotalAmount>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "Größe «XL» &amp; &lt;mehr&gt;"));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<udt:DateTimeString format=\"102\">20261121</udt:DateTimeString>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "<ram:ID>urn:cen.eu:en16931:2017</ram:ID>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(xml, "mimeCode=\"text/csv\" filename=\"ts1.csv\">SGVsbG8gV29ybGQ=<"));
    free(xml);
    free(a);
    free(src);
    einv_export_free(x);
}

/* What CII cannot carry: a second preceding invoice, a tax point date without a VAT
 * breakdown. The export still succeeds, with one warning per value. */
static void test_cii_lost(void)
{
    const char *json =
        "{\"invoiceNumber\":\"L-1\",\"issueDate\":\"2026-01-02\",\"currency\":\"EUR\",\"taxPointDate\":\"2026-01-01\","
        "\"precedingInvoices\":[{\"reference\":\"P-1\"},{\"reference\":\"P-2\"},{\"reference\":\"P-3\"}],"
        "\"lines\":[]}";
    einv_export_t *x = export_json("cii", json);
    size_t i, lost = 0, len;
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_TRUE(einv_export_ok(x));
    for (i = 0; i < einv_export_count(x); i++)
        if (strcmp(einv_export_at(x, i)->code, "EXPORT-CII-LOST") == 0) {
            lost++;
            CU_ASSERT_EQUAL(einv_export_at(x, i)->severity, EINV_SEV_WARNING);
        }
    CU_ASSERT_EQUAL(lost, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr((const char *)einv_export_data(x, &len), "<ram:IssuerAssignedID>P-1<"));
    einv_export_free(x);
}

/* Input that is not a canonical invoice: a result without bytes, with the reader's
 * findings, never a crash. */
static void test_bad_input(void)
{
    static const char *const BAD[] = {"", "{", "[1,2]", "{\"lines\":7}", "\xff\xfe"};
    size_t i, len;
    for (i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        einv_export_t *x = export_json("cii", BAD[i]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(x);
        CU_ASSERT_FALSE(einv_export_ok(x));
        CU_ASSERT_PTR_NULL(einv_export_data(x, &len));
        CU_ASSERT_EQUAL(len, 0);
        CU_ASSERT_TRUE(einv_export_error(x)->message[0] != 0);
        einv_export_free(x);
    }
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("export_cii", suite_init, suite_clean);
    CU_add_test(s, "cii and ubl exporters are registered", test_registered);
    CU_add_test(s, "every business term: json -> cii -> json", test_max_content_cii);
    CU_add_test(s, "every business term: json -> ubl -> json", test_max_content_ubl);
    CU_add_test(s, "ubl -> cii -> json", test_sample_ubl_to_cii);
    CU_add_test(s, "cii -> ubl -> json", test_sample_cii_to_ubl);
    CU_add_test(s, "ubl dates with a time zone -> cii", test_zoned_dates);
    CU_add_test(s, "a gross price without discount -> ubl", test_gross_without_discount);
    CU_add_test(s, "a remittance reference without payment means -> ubl", test_reference_without_means);
    CU_add_test(s, "exact decimals, escaping, dates", test_cii_text);
    CU_add_test(s, "values cii cannot carry are findings", test_cii_lost);
    CU_add_test(s, "bad canonical input", test_bad_input);
}
