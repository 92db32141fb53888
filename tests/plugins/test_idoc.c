/* The "idoc" format plugin (SAP IDoc INVOIC02 XML): the authored samples convert to the
 * canonical totals and VAT breakdown of tests/data/idoc (README table of the samples), the
 * mapping document supplies tax categories and units, EN 16931 reports exactly what the
 * format note predicts, and broken inputs end as findings. Runs the real engine and plugins. */
#include <CUnit/Basic.h>
#include <einvoice/einvoice.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"

/* ---- helpers (shared shape with test_odata.c / test_idoc.c) ---- */

static einv_engine_t *eng;
static char *mapping;

static char *slurp(const char *rel, size_t *len)
{
    char path[1024];
    FILE *f;
    long n;
    char *buf;
    size_t dummy;
    if (!len)
        len = &dummy;
    snprintf(path, sizeof path, "%s/%s", getenv("EINV_TEST_DATA") ? getenv("EINV_TEST_DATA") : "tests/data", rel);
    if (!(f = fopen(path, "rb")))
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    *len = fread(buf, 1, (size_t)n, f);
    buf[*len] = 0;
    fclose(f);
    return buf;
}

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

static einv_result_t *run_map(const char *format, const char *data, size_t len, const char *map)
{
    einv_validate_opts_t o = {"EN16931", format, map, 1};
    einv_error_t err;
    einv_result_t *r = einv_validate(eng, &o, data, len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

static einv_result_t *run_file(const char *format, const char *rel, const char *map)
{
    size_t len;
    char *data = slurp(rel, &len);
    einv_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(data);
    r = run_map(format, data, len, map);
    free(data);
    return r;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The distinct finding codes, sorted, space separated (static buffer). */
static const char *codes(const einv_result_t *r)
{
    static char buf[4096];
    const char *v[512];
    size_t n = 0, i, k = 0;
    for (i = 0; i < einv_result_count(r) && n < 512; i++)
        v[n++] = einv_result_at(r, i)->code;
    qsort(v, n, sizeof v[0], cmp_str);
    buf[0] = 0;
    for (i = 0; i < n; i++)
        if (!i || strcmp(v[i], v[i - 1]) != 0)
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", k ? " " : "", v[i]);
    return buf;
}

static const einv_finding_t *find(const einv_result_t *r, const char *code)
{
    size_t i;
    for (i = 0; i < einv_result_count(r); i++)
        if (strcmp(einv_result_at(r, i)->code, code) == 0)
            return einv_result_at(r, i);
    return NULL;
}

static size_t count(const einv_result_t *r, const char *code)
{
    size_t i, k = 0;
    for (i = 0; i < einv_result_count(r); i++)
        k += strcmp(einv_result_at(r, i)->code, code) == 0;
    return k;
}

/* The canonical JSON holds `want` verbatim (amounts keep the document's digits). */
#define ASSERT_CANON(r, want)                                                              \
    do {                                                                                   \
        const char *c_ = einv_result_canonical(r);                                         \
        CU_ASSERT_PTR_NOT_NULL_FATAL(c_);                                                  \
        if (!strstr(c_, want))                                                             \
            fprintf(stderr, "\nmissing %s\nin %s\n", want, c_);                            \
        CU_ASSERT_PTR_NOT_NULL(strstr(c_, want));                                          \
    } while (0)

#define ASSERT_CODES(r, want)                                                              \
    do {                                                                                   \
        const char *k_ = codes(r);                                                         \
        if (strcmp(k_, want) != 0)                                                         \
            fprintf(stderr, "\ncodes: got \"%s\", want \"%s\"\n", k_, want);               \
        CU_ASSERT_STRING_EQUAL(k_, want);                                                  \
    } while (0)

static int suite_init(void)
{
    einv_error_t err;
    eng = einv_engine_open(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    mapping = slurp("mapping/sample-mapping.json", NULL);
    return eng && mapping ? 0 : -1;
}

static int suite_clean(void)
{
    einv_engine_close(eng);
    free(mapping);
    return 0;
}

/* ---- the samples (tests/data/idoc, expected values from the samples' README table) ---- */

static void test_standard_totals(void)
{
    einv_result_t *r = run_file(NULL, "idoc/invoic02-standard.xml", mapping);
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "IDOC");
    ASSERT_CANON(r, "\"invoiceNumber\":\"0090012345\",\"issueDate\":\"2025-03-12\",\"typeCode\":\"380\"");
    ASSERT_CANON(r, "\"totals\":{\"lineNetAmount\":1445.00,\"taxExclusiveAmount\":1445.00,"
                    "\"taxAmount\":251.75,\"taxInclusiveAmount\":1696.75,\"payableAmount\":1696.75}");
    ASSERT_CANON(r, "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19,\"taxableAmount\":1255.00,\"taxAmount\":238.45},"
                    "{\"category\":\"S\",\"rate\":7,\"taxableAmount\":190.00,\"taxAmount\":13.30}]");
    ASSERT_CANON(r, "\"dueDate\":\"2025-04-11\"");
    ASSERT_CANON(r, "\"purchaseOrderReference\":\"4500098765\",\"salesOrderReference\":\"0000012873\","
                    "\"despatchAdviceReference\":\"0080034567\"");
    ASSERT_CANON(r, "\"paymentTerms\":\"10 Tage 2 % Skonto, 30 Tage netto\"");
    ASSERT_CANON(r, "\"accountId\":\"DE89370400440532013000\"");
    ASSERT_CANON(r, "\"serviceProviderId\":\"COBADEFFXXX\"");
    ASSERT_CANON(r, "\"actualDeliveryDate\":\"2025-03-10\"");
    ASSERT_CANON(r, "\"vatId\":\"DE123456789\"");
    ASSERT_CANON(r, "{\"value\":\"4012345000009\",\"scheme\":\"0088\"}");
    /* PCE -> H87 through the mapping's unit table; the PR00 condition is the price only */
    ASSERT_CANON(r, "\"quantity\":4.000,\"unit\":\"H87\",\"price\":289.00,\"taxCategory\":\"S\",\"taxRate\":19,"
                    "\"netAmount\":1156.00,\"orderLineReference\":\"00010\"");
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "\"charges\""));
    /* With the mapping, EN 16931 reports only BR-49: E1EDK28 gives payment instructions but
     * an IDoc has no payment means code (BT-81), IDOC-INVOIC02.md §5.5 / §7. */
    ASSERT_CODES(r, "BR-49");
    CU_ASSERT_STRING_EQUAL(find(r, "BR-49")->field, "/INVOIC02/IDOC/E1EDK28");
    einv_result_free(r);
}

static void test_credit_note(void)
{
    einv_result_t *r = run_file("idoc", "idoc/invoic02-creditnote.xml", mapping);
    ASSERT_CANON(r, "\"typeCode\":\"381\"");
    ASSERT_CANON(r, "\"totals\":{\"lineNetAmount\":365.00,\"taxExclusiveAmount\":365.00,"
                    "\"taxAmount\":60.23,\"taxInclusiveAmount\":425.23,\"payableAmount\":425.23}");
    ASSERT_CANON(r, "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19,\"taxableAmount\":289.00,\"taxAmount\":54.91},"
                    "{\"category\":\"S\",\"rate\":7,\"taxableAmount\":76.00,\"taxAmount\":5.32}]");
    ASSERT_CANON(r, "\"precedingInvoices\":[{\"reference\":\"0090012345\",\"issueDate\":\"2025-03-12\"}]");
    /* the two TDLINEs of one text are one note */
    ASSERT_CANON(r, "vom 12.03.2025: 1 B\xc3\xbcrodrehstuhl (Transportschaden) und 2 Fachb");
    /* no bank segment, a payment text instead of a due date (BR-CO-25 satisfied): clean */
    ASSERT_CODES(r, "");
    CU_ASSERT_TRUE(einv_result_valid(r));
    einv_result_free(r);
}

/* Without the mapping document the tax indicators and PCE stay unmapped: the rules report
 * the missing VAT categories (BR-47 per group, BR-CO-04 per line) and the non-Rec 20 unit
 * (BR-CL-23), each at the IDoc field the value would have come from. */
static void test_without_mapping(void)
{
    einv_result_t *r = run_file(NULL, "idoc/invoic02-standard.xml", NULL);
    ASSERT_CODES(r, "BR-47 BR-49 BR-CL-23 BR-CO-04");
    CU_ASSERT_EQUAL(count(r, "BR-CO-04"), 3);
    CU_ASSERT_EQUAL(count(r, "BR-47"), 2);
    CU_ASSERT_STRING_EQUAL(find(r, "BR-47")->field, "/INVOIC02/IDOC/E1EDK04[1]");
    CU_ASSERT_STRING_EQUAL(find(r, "BR-CO-04")->field, "/INVOIC02/IDOC/E1EDP01[1]");
    CU_ASSERT_STRING_EQUAL(find(r, "BR-CL-23")->field, "/INVOIC02/IDOC/E1EDP01[1]/MENGE");
    ASSERT_CANON(r, "\"rate\":19,\"taxableAmount\":1255.00");   /* rate from MSATZ all the same */
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "\"category\""));
    einv_result_free(r);
}

/* ---- qualifiers, not order, decide; SAP number forms ---- */

static void test_qualifiers_and_numbers(void)
{
    char *doc = slurp("idoc/invoic02-standard.xml", NULL), *a, *b, *c;
    einv_result_t *r;
    /* the seller (RS) missing: LF is the fallback, its PARTN the identifier */
    a = replace(doc, "<PARVW>RS</PARVW>", "<PARVW>ZZ</PARVW>");
    /* a trailing minus: a negative total is read as such and BR-CO rules judge it */
    b = replace(a, "<SUMME>251.75</SUMME>", "<SUMME>251.75-</SUMME>");
    /* 00000000 means no date: the due date is then baseline (BT-2) + net days of E1EDK18 003 */
    c = replace(b, "<DATUM>20250411</DATUM>", "<DATUM>00000000</DATUM>");
    r = run_map("idoc", c, strlen(c), mapping);
    ASSERT_CANON(r, "\"identifiers\":[{\"value\":\"0000704711\"}]");
    ASSERT_CANON(r, "\"taxAmount\":-251.75");
    ASSERT_CANON(r, "\"dueDate\":\"2025-04-11\"");
    CU_ASSERT_PTR_NOT_NULL(find(r, "BR-06"));   /* LF has no name */
    CU_ASSERT_PTR_NOT_NULL(find(r, "BR-CO-15")); /* 1445.00 + -251.75 != 1696.75 */
    einv_result_free(r);
    free(a);
    free(b);
    free(c);
    free(doc);
}

/* ---- broken inputs end as findings ---- */

static void test_broken(void)
{
    char *doc;
    size_t len;
    einv_result_t *r;
    doc = slurp("idoc/invoic02-standard.xml", &len);
    /* truncated XML */
    r = run_map(NULL, doc, len / 2, mapping);
    ASSERT_CODES(r, "XML-WELLFORMED");
    einv_result_free(r);
    r = run_map("idoc", doc, len / 2, mapping);
    ASSERT_CODES(r, "XML-WELLFORMED");
    einv_result_free(r);
    /* wrong root: auto detection declines, a forced idoc says why */
    r = run_map(NULL, "<ORDERS05><IDOC BEGIN=\"1\"/></ORDERS05>", strlen("<ORDERS05><IDOC BEGIN=\"1\"/></ORDERS05>"), mapping);
    ASSERT_CODES(r, "SCHEMA-ROOT");
    einv_result_free(r);
    r = run_map("idoc", "<ORDERS05><IDOC BEGIN=\"1\"/></ORDERS05>", strlen("<ORDERS05><IDOC BEGIN=\"1\"/></ORDERS05>"), mapping);
    ASSERT_CODES(r, "IDOC-STRUCTURE");
    einv_result_free(r);
    r = run_map("idoc", "<INVOIC02/>", strlen("<INVOIC02/>"), mapping);
    ASSERT_CODES(r, "IDOC-STRUCTURE");
    einv_result_free(r);
    r = run_map("idoc", "{\"a\":1}", strlen("{\"a\":1}"), mapping);
    ASSERT_CODES(r, "IDOC-STRUCTURE");
    einv_result_free(r);
    /* an empty IDOC: the rules report what is missing, nothing crashes */
    r = run_map("idoc", "<INVOIC02><IDOC BEGIN=\"1\"/></INVOIC02>", strlen("<INVOIC02><IDOC BEGIN=\"1\"/></INVOIC02>"), mapping);
    CU_ASSERT_PTR_NOT_NULL(find(r, "BR-02"));
    CU_ASSERT_PTR_NOT_NULL(find(r, "BR-16"));
    einv_result_free(r);
    free(doc);
}

static void test_multiple_and_bad_mapping(void)
{
    char *doc = slurp("idoc/invoic02-creditnote.xml", NULL), *two;
    const char *end = strstr(doc, "</IDOC>");
    const char *start = strstr(doc, "<IDOC BEGIN");
    einv_result_t *r;
    size_t pre, idoc_len;
    CU_ASSERT_PTR_NOT_NULL_FATAL(end);
    pre = (size_t)(end - doc) + 7;
    idoc_len = pre - (size_t)(start - doc);
    two = malloc(strlen(doc) + idoc_len + 1);
    memcpy(two, doc, pre);
    memcpy(two + pre, start, idoc_len);
    strcpy(two + pre + idoc_len, doc + pre);
    r = run_map(NULL, two, strlen(two), mapping);
    ASSERT_CODES(r, "IDOC-MULTIPLE");   /* the first invoice itself is clean */
    CU_ASSERT_STRING_EQUAL(find(r, "IDOC-MULTIPLE")->field, "/INVOIC02/IDOC[2]");
    einv_result_free(r);
    /* a mapping that is not JSON is a warning; the conversion goes on without it */
    r = run_map(NULL, doc, strlen(doc), "{taxCodes");
    CU_ASSERT_EQUAL(count(r, "IDOC-MAPPING"), 1);
    CU_ASSERT_PTR_NOT_NULL(find(r, "BR-47"));
    einv_result_free(r);
    r = run_map(NULL, doc, strlen(doc), "{\"taxCode\": {}}");
    CU_ASSERT_EQUAL(count(r, "IDOC-MAPPING"), 1);
    einv_result_free(r);
    free(two);
    free(doc);
}

int main(void)
{
    CU_pSuite s;
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 1;
    s = CU_add_suite("idoc", suite_init, suite_clean);
    CU_add_test(s, "standard invoice: totals, VAT breakdown, findings", test_standard_totals);
    CU_add_test(s, "credit note 381", test_credit_note);
    CU_add_test(s, "without the mapping document", test_without_mapping);
    CU_add_test(s, "qualifiers and SAP number forms", test_qualifiers_and_numbers);
    CU_add_test(s, "broken inputs", test_broken);
    CU_add_test(s, "several IDocs, broken mapping", test_multiple_and_bad_mapping);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    {
        unsigned f = CU_get_number_of_failures() + CU_get_number_of_tests_failed() + CU_get_number_of_suites_failed();
        CU_cleanup_registry();
        return f ? 1 : 0;
    }
}
