/* The "idoc" exporter: an INVOIC02 whose import (with the same mapping document) gives back
 * the totals, the VAT breakdown and the lines; segments in the order of IDOC-INVOIC02.md §3;
 * SAP number and date forms; the mapping's codes over the default tables; findings for
 * truncations and for VAT categories without a tax code. */
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tsupport.h"
#include "exports.h"

static einv_engine_t *eng;
static char *MAPPING;

static int suite_init(void)
{
    einv_error_t err;
    eng = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    MAPPING = tst_read_data("mapping/sample-mapping.json", NULL);
    return eng && MAPPING ? 0 : 1;
}

static int suite_clean(void)
{
    einv_engine_close(eng);
    free(MAPPING);
    return 0;
}

/* A canonical invoice: S 19 %, S 7 % and reverse charge lines, a credit note or not. */
static const char *INVOICE =
    "{\"invoiceNumber\":\"ID-1\",\"issueDate\":\"2026-11-20\",\"typeCode\":\"%s\",\"currency\":\"EUR\","
    "\"dueDate\":\"2026-12-20\",\"purchaseOrderReference\":\"PO-9\",\"paymentTerms\":\"30 days net\","
    "\"notes\":[{\"text\":\"%s\"}],"
    "\"supplier\":{\"name\":\"Nordlicht Hygiene & Service GmbH\",\"vatId\":\"DE246813579\",\"identifiers\":[{\"value\":\"17300021\"}],"
    "\"address\":{\"line1\":\"Friedrich-Ebert-Damm 145\",\"city\":\"Hamburg\",\"postalCode\":\"22047\",\"countryCode\":\"DE\"}},"
    "\"buyer\":{\"name\":\"Hanse Logistik AG\",\"vatId\":\"DE987654321\","
    "\"address\":{\"line1\":\"Am Sandtorkai 40\",\"city\":\"Hamburg\",\"postalCode\":\"20457\",\"countryCode\":\"DE\"}},"
    "\"payment\":{\"meansCode\":\"58\",\"creditTransfers\":[{\"accountId\":\"DE54200505500987654321\",\"serviceProviderId\":\"HASPDEHHXXX\"}]},"
    "\"totals\":{\"lineNetAmount\":350.50,\"taxExclusiveAmount\":350.50,\"taxAmount\":26.60,\"taxInclusiveAmount\":377.10,\"payableAmount\":377.10},"
    "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19,\"taxableAmount\":100.00,\"taxAmount\":19.00},"
    "{\"category\":\"S\",\"rate\":7,\"taxableAmount\":100.00,\"taxAmount\":7.00},"
    "{\"category\":\"AE\",\"rate\":0,\"taxableAmount\":150.50,\"taxAmount\":0.00,\"exemptionReason\":\"Reverse charge\",\"exemptionReasonCode\":\"VATEX-EU-AE\"}],"
    "\"lines\":[{\"id\":\"10\",\"description\":\"Seife\",\"quantity\":4.000,\"unit\":\"H87\",\"price\":25.00,\"taxCategory\":\"S\",\"taxRate\":19,\"netAmount\":100.00},"
    "{\"id\":\"20\",\"description\":\"%s\",\"quantity\":2,\"unit\":\"KGM\",\"price\":50,\"taxCategory\":\"S\",\"taxRate\":7,\"netAmount\":100.00},"
    "{\"id\":\"30\",\"description\":\"Wartung\",\"quantity\":1,\"unit\":\"HUR\",\"price\":150.50,\"taxCategory\":\"AE\",\"taxRate\":0,\"netAmount\":150.50}]}";

static char *make(const char *type, const char *note, const char *desc)
{
    size_t n = strlen(INVOICE) + strlen(note) + strlen(desc) + 16;
    char *s = malloc(n);
    snprintf(s, n, INVOICE, type, note, desc);
    return s;
}

static einv_export_t *export_idoc(const char *json, const char *mapping)
{
    einv_export_opts_t o = {"idoc", "EN16931", mapping};
    einv_error_t err;
    return einv_export_json(eng, &o, json, strlen(json), &err);
}

/* The canonical JSON of bytes read with a mapping (json_object, put it). */
static json_object *read_back_with(const unsigned char *data, size_t len, const char *mapping)
{
    einv_validate_opts_t o = {.profile = "EN16931", .want_canonical = 1, .mapping = mapping};
    einv_error_t err;
    einv_result_t *r = einv_validate(eng, &o, data, len, &err);
    json_object *j = r && einv_result_canonical(r) ? json_tokener_parse(einv_result_canonical(r)) : NULL;
    einv_result_free(r);
    return j;
}

static json_object *read_back(const unsigned char *data, size_t len) { return read_back_with(data, len, MAPPING); }

static json_object *path(json_object *o, const char *a, int i, const char *b)
{
    json_object *v = NULL;
    if (o && json_object_object_get_ex(o, a, &v) && i >= 0)
        v = json_object_array_get_idx(v, (size_t)i);
    if (v && b)
        json_object_object_get_ex(v, b, &v);
    return v;
}

static void same(json_object *a, json_object *b, const char *what)
{
    int eq = (!a && !b) || (a && b && json_object_equal(a, b));
    if (!eq && a && b && json_object_is_type(a, json_type_double) != json_object_is_type(b, json_type_double))
        eq = json_object_get_double(a) == json_object_get_double(b);
    if (!eq)
        fprintf(stderr, "\n%s: %s -> %s\n", what, a ? json_object_to_json_string(a) : "null",
                b ? json_object_to_json_string(b) : "null");
    CU_ASSERT_TRUE(eq);
}

static void round_trip(const char *mapping)
{
    char *json = make("380", "Bitte überweisen", "Handtücher");
    json_object *src = json_tokener_parse(json), *back;
    einv_export_t *x = export_idoc(json, mapping);
    const unsigned char *out;
    size_t len, i;
    static const char *const TOTALS[] = {"lineNetAmount", "taxExclusiveAmount", "taxAmount", "taxInclusiveAmount", "payableAmount"};
    static const char *const VAT[] = {"category", "rate", "taxableAmount", "taxAmount", "exemptionReason"};
    static const char *const LINE[] = {"id", "description", "quantity", "unit", "price", "taxCategory", "taxRate", "netAmount"};
    CU_ASSERT_TRUE_FATAL(x && einv_export_ok(x));
    CU_ASSERT_EQUAL(einv_export_count(x), 0);
    out = einv_export_data(x, &len);
    back = read_back(out, len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    for (i = 0; i < 5; i++)
        same(path(src, "totals", -1, TOTALS[i]), path(back, "totals", -1, TOTALS[i]), TOTALS[i]);
    for (i = 0; i < 15; i++)
        same(path(src, "taxBreakdown", (int)(i / 5), VAT[i % 5]), path(back, "taxBreakdown", (int)(i / 5), VAT[i % 5]),
             VAT[i % 5]);
    for (i = 0; i < 24; i++)
        same(path(src, "lines", (int)(i / 8), LINE[i % 8]), path(back, "lines", (int)(i / 8), LINE[i % 8]), LINE[i % 8]);
    json_object_put(src);
    json_object_put(back);
    einv_export_free(x);
    free(json);
}

/* Exported with the default tables and with the account's mapping, read with the mapping. */
static void test_round_trip_default(void) { round_trip(NULL); }
static void test_round_trip_mapping(void) { round_trip(MAPPING); }

static void test_form(void)
{
    char *json = make("381", "Zeile eins einer sehr langen Notiz, die über siebzig Zeichen hinausgeht und umbricht.",
                      "Ein Artikelname, der länger als vierzig Zeichen ist & <markup>");
    einv_export_t *x = export_idoc(json, MAPPING);
    const unsigned char *out;
    const char *s, *seg[] = {"<EDI_DC40", "<E1EDK01", "<E1EDKA1", "<E1EDK02", "<E1EDK03", "<E1EDK04",
                             "<E1EDK18", "<E1EDK28", "<E1EDKT1", "<E1EDP01", "<E1EDS01"};
    size_t len, i;
    CU_ASSERT_TRUE_FATAL(x && einv_export_ok(x));
    out = einv_export_data(x, &len);
    s = (const char *)out;
    for (i = 1; i < sizeof seg / sizeof seg[0]; i++) {
        const char *a = strstr(s, seg[i - 1]), *b = strstr(s, seg[i]);
        CU_ASSERT_TRUE(a && b && a < b);
    }
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "<BSART>CRME</BSART>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "<QUALF>009</QUALF><BELNR>ID-1</BELNR><DATUM>20261120</DATUM>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "<MENGE>4.000</MENGE><MENEE>PCE</MENEE>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "<MWSKZ>R1</MWSKZ>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "<ACNUM>DE54200505500987654321</ACNUM>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "&amp; &lt;markup&gt;"));
    /* 85 characters: two text lines of at most 70, broken at a space */
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "<TDLINE>Zeile eins einer sehr langen Notiz, die über siebzig Zeichen</TDLINE>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(s, "<TDLINE>hinausgeht und umbricht.</TDLINE>"));
    einv_export_free(x);
    free(json);
}

/* s with the first `from` replaced by `to` (malloc'd; s freed). */
static char *replace1(char *s, const char *from, const char *to)
{
    char *p = strstr(s, from), *r;
    size_t k;
    if (!p)
        return s;
    r = malloc(strlen(s) + strlen(to) + 1);
    k = (size_t)(p - s);
    memcpy(r, s, k);
    strcpy(r + k, to);
    strcat(r, p + strlen(from));
    free(s);
    return r;
}

/* A taxable amount that is not the sum of its parts comes back as sent (tax condition MWST). */
static void test_taxable_as_sent(void)
{
    char *json = make("380", "n", "d");
    einv_export_t *x;
    json_object *back;
    const unsigned char *out;
    size_t len;
    json = replace1(json, "\"taxableAmount\":100.00,\"taxAmount\":19.00", "\"taxableAmount\":100.03,\"taxAmount\":19.00");
    x = export_idoc(json, NULL);
    CU_ASSERT_TRUE_FATAL(x && einv_export_ok(x));
    out = einv_export_data(x, &len);
    CU_ASSERT_PTR_NOT_NULL(strstr((const char *)out, "<KSCHL>MWST</KSCHL><BETRG>19.00</BETRG><MWSKZ>A1</MWSKZ><MSATZ>19</MSATZ><KOBAS>100.03</KOBAS>"));
    back = read_back(out, len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    CU_ASSERT_STRING_EQUAL(json_object_get_string(path(back, "taxBreakdown", 0, "taxableAmount")), "100.03");
    CU_ASSERT_STRING_EQUAL(json_object_get_string(path(back, "taxBreakdown", 1, "taxableAmount")), "100.00");
    json_object_put(back);
    einv_export_free(x);
    free(json);
}

/* A category without a tax code, and a line id longer than POSEX: written, with findings
 * for the code only (the id travels whole in text ZLID, POSEX is the line's position). */
static void test_findings(void)
{
    char *json = make("380", "n", "d");
    einv_export_t *x;
    const unsigned char *out;
    size_t i, len, tax = 0, cut = 0;
    json = replace1(json, "\"category\":\"AE\"", "\"category\":\"Z\"");
    json = replace1(json, "\"taxCategory\":\"AE\"", "\"taxCategory\":\"Z\"");
    json = replace1(json, "\"id\":\"10\"", "\"id\":\"1234567890\"");
    x = export_idoc(json, NULL);
    CU_ASSERT_TRUE_FATAL(x && einv_export_ok(x));
    for (i = 0; i < einv_export_count(x); i++) {
        tax += !strcmp(einv_export_at(x, i)->code, "EXPORT-IDOC-TAXCODE");
        cut += !strcmp(einv_export_at(x, i)->code, "EXPORT-IDOC-TRUNCATED");
    }
    CU_ASSERT_EQUAL(tax, 2);   /* the breakdown's and the line's */
    CU_ASSERT_EQUAL(cut, 0);
    out = einv_export_data(x, &len);
    CU_ASSERT_PTR_NOT_NULL(strstr((const char *)out, "<MWSKZ>Z0</MWSKZ><MSATZ>0</MSATZ>"));
    CU_ASSERT_PTR_NOT_NULL(strstr((const char *)out, "<POSEX>1</POSEX>"));
    CU_ASSERT_PTR_NOT_NULL(strstr((const char *)out, "<TDID>ZLID</TDID><E1EDPT2 SEGMENT=\"1\"><TDLINE>1234567890</TDLINE>"));
    einv_export_free(x);
    free(json);
}

/* What only the default tables carry comes back through an import with a mapping that
 * knows none of it: tax codes of categories and rates the mapping lacks (Z, E, O without
 * rate against its breakdown at 0), document allowances and charges (a negative charge
 * too) with their VAT, the paid and rounding amounts, a line id over 6 characters, an item
 * name over 70 characters with a double blank and umlauts where the lines break (and its
 * description in the next text), an item name ending in a blank. */
static const char *FULL =
    "{\"invoiceNumber\":\"ID-2\",\"issueDate\":\"2026-11-20\",\"typeCode\":\"380\",\"currency\":\"EUR\","
    "\"supplier\":{\"name\":\"S\",\"vatId\":\"DE246813579\",\"address\":{\"countryCode\":\"DE\"}},"
    "\"buyer\":{\"name\":\"B\",\"address\":{\"countryCode\":\"DE\"}},"
    "\"allowances\":[{\"amount\":10.00,\"baseAmount\":100.00,\"percentage\":10,\"taxCategory\":\"Z\",\"taxRate\":0,\"reason\":\"Rabatt\"}],"
    "\"charges\":[{\"amount\":5.00,\"taxCategory\":\"S\",\"taxRate\":20,\"reason\":\"Fracht\"},"
    "{\"amount\":-2.00,\"taxCategory\":\"S\",\"taxRate\":20,\"reason\":\"Gutschrift Fracht\"}],"
    "\"totals\":{\"lineNetAmount\":350.00,\"allowanceTotal\":10.00,\"chargeTotal\":3.00,\"taxExclusiveAmount\":343.00,"
    "\"taxAmount\":20.60,\"taxInclusiveAmount\":363.60,\"prepaidAmount\":100.00,\"roundingAmount\":0.40,\"payableAmount\":264.00},"
    "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":20,\"taxableAmount\":103.00,\"taxAmount\":20.60},"
    "{\"category\":\"Z\",\"rate\":0,\"taxableAmount\":90.00,\"taxAmount\":0.00},"
    "{\"category\":\"E\",\"rate\":0,\"taxableAmount\":50.00,\"taxAmount\":0.00,\"exemptionReason\":\"Befreit\"},"
    "{\"category\":\"O\",\"rate\":0,\"taxableAmount\":100.00,\"taxAmount\":0.00,\"exemptionReason\":\"Nicht steuerbar\"}],"
    "\"lines\":[{\"id\":\"POS-000010\",\"description\":\"Ein sehr langer Artikelname, der weit über siebzig Zeichen hinausgeht:  "
    "Größenangabe ÄÖÜ äöü und noch mehr Text bis zum Ende\",\"detailedDescription\":\"Beschreibung des Artikels\",\"quantity\":1,\"unit\":\"H87\",\"price\":100.00,"
    "\"taxCategory\":\"S\",\"taxRate\":20,\"netAmount\":100.00},"
    "{\"id\":\"2\",\"description\":\"Null \",\"quantity\":1,\"unit\":\"H87\",\"price\":100.00,\"taxCategory\":\"Z\",\"taxRate\":0,\"netAmount\":100.00},"
    "{\"id\":\"3\",\"description\":\"Befreit\",\"quantity\":1,\"unit\":\"H87\",\"price\":50.00,\"taxCategory\":\"E\",\"taxRate\":0,\"netAmount\":50.00},"
    "{\"id\":\"4\",\"description\":\"Nicht steuerbar\",\"quantity\":1,\"unit\":\"H87\",\"price\":100.00,\"taxCategory\":\"O\",\"netAmount\":100.00}]}";

/* An account's mapping with its own tax code for S 20 % and condition types of both kinds. */
static const char *ACCOUNT_MAP =
    "{\"taxCodes\":{\"V9\":{\"category\":\"S\",\"rate\":20}},\"units\":{\"ST\":\"H87\"},"
    "\"conditions\":{\"FRB1\":{\"level\":\"document\",\"kind\":\"charge\"},"
    "\"HA00\":{\"level\":\"document\",\"kind\":\"allowance\"}}}";

/* FULL exported with `export_map`, read back with `import_map` (NULL: the suite's mapping). */
static void default_tables(const char *export_map, const char *import_map)
{
    json_object *src = json_tokener_parse(FULL), *back, *a, *b;
    einv_export_t *x = export_idoc(FULL, export_map);
    const unsigned char *out;
    size_t len;
    int i;
    static const char *const TOTALS[] = {"lineNetAmount", "allowanceTotal", "chargeTotal", "taxExclusiveAmount",
                                         "taxAmount", "taxInclusiveAmount", "prepaidAmount", "roundingAmount",
                                         "payableAmount"};
    static const char *const VAT[] = {"category", "rate", "taxableAmount", "taxAmount"};
    static const char *const LINE[] = {"id", "description", "detailedDescription", "taxCategory", "taxRate", "netAmount"};
    static const char *const AC[] = {"amount", "baseAmount", "percentage", "taxCategory", "taxRate", "reason"};
    CU_ASSERT_PTR_NOT_NULL_FATAL(src);
    CU_ASSERT_TRUE_FATAL(x && einv_export_ok(x));
    out = einv_export_data(x, &len);
    if (export_map) {   /* the account's codes where it has them, the defaults elsewhere */
        CU_ASSERT_PTR_NOT_NULL(strstr((const char *)out, "<MWSKZ>V9</MWSKZ>"));
        CU_ASSERT_PTR_NOT_NULL(strstr((const char *)out, "<KSCHL>FRB1</KSCHL>"));
        CU_ASSERT_PTR_NOT_NULL(strstr((const char *)out, "<KSCHL>HA00</KSCHL>"));
        CU_ASSERT_PTR_NOT_NULL(strstr((const char *)out, "<KSCHL>ZC00</KSCHL><KOTXT>Gutschrift Fracht</KOTXT>"));
        CU_ASSERT_PTR_NOT_NULL(strstr((const char *)out, "<MENEE>ST</MENEE>"));
    }
    back = read_back_with(out, len, import_map ? import_map : MAPPING);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    for (i = 0; i < 9; i++)
        same(path(src, "totals", -1, TOTALS[i]), path(back, "totals", -1, TOTALS[i]), TOTALS[i]);
    CU_ASSERT_TRUE(json_object_object_get_ex(back, "taxBreakdown", &a) && json_object_array_length(a) == 4);
    for (i = 0; i < 16; i++)
        same(path(src, "taxBreakdown", i / 4, VAT[i % 4]), path(back, "taxBreakdown", i / 4, VAT[i % 4]), VAT[i % 4]);
    for (i = 0; i < 24; i++)
        same(path(src, "lines", i / 6, LINE[i % 6]), path(back, "lines", i / 6, LINE[i % 6]), LINE[i % 6]);
    for (i = 0; i < 6; i++)
        same(path(src, "allowances", 0, AC[i]), path(back, "allowances", 0, AC[i]), AC[i]);
    for (i = 0; i < 12; i++)
        same(path(src, "charges", i / 6, AC[i % 6]), path(back, "charges", i / 6, AC[i % 6]), AC[i % 6]);
    b = NULL;
    CU_ASSERT_TRUE(json_object_object_get_ex(back, "charges", &b) && json_object_array_length(b) == 2);
    json_object_put(src);
    json_object_put(back);
    einv_export_free(x);
}

static void test_default_tables(void) { default_tables(NULL, NULL); }
static void test_account_tables(void) { default_tables(ACCOUNT_MAP, ACCOUNT_MAP); }

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("export_idoc", suite_init, suite_clean);
    CU_add_test(s, "default tables: import gives totals, VAT and lines back", test_round_trip_default);
    CU_add_test(s, "the account's mapping: the same", test_round_trip_mapping);
    CU_add_test(s, "segment order, SAP forms, escaping, text lines", test_form);
    CU_add_test(s, "findings: no tax code; a long line id is carried whole", test_findings);
    CU_add_test(s, "a taxable amount as sent, not the sum of its parts", test_taxable_as_sent);
    CU_add_test(s, "default tables: codes, conditions, paid amount, long ids and names come back", test_default_tables);
    CU_add_test(s, "the account's codes and condition types, the defaults where it has none: the same", test_account_tables);
}
