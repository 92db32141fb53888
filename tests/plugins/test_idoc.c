/* The "idoc" format plugin (SAP IDoc INVOIC02 XML): the authored samples convert to the
 * canonical totals and VAT breakdown of tests/data/idoc (README table of the samples), the
 * mapping document supplies tax categories and units, EN 16931 reports exactly what the
 * format note predicts, and broken inputs end as findings. Runs the real engine and plugins.
 *
 * Conditions (E1EDK05 / E1EDP05) become allowances and charges only for the condition types
 * the mapping's "conditions" table lists (IDOC-INVOIC02.md §4.6, §5.7):
 * tests/data/idoc/invoic02-conditions.xml carries a header freight charge, a header
 * discount, an item discount and two unlisted conditions; the mapper is compiled in here
 * too, to look at where each mapped value says it came from. */
#include <CUnit/Basic.h>
#include <einvoice/einvoice.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "json_reader.h"
#include "erp_map.h"
#include "idoc_map.h"
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

static einv_result_t *run_map(const char *format, const char *data, size_t len, const char *map)
{
    return tst_run(eng, "EN16931", format, data, len, map);
}

static einv_result_t *run_file(const char *format, const char *rel, const char *map)
{
    return tst_run_file(eng, "EN16931", format, rel, map);
}

static int suite_init(void) { return tst_erp_open(&eng, &mapping); }

static int suite_clean(void)
{
    tst_erp_close(eng, mapping);
    return 0;
}

/* ---- the samples (tests/data/idoc, expected values from the samples' README table) ---- */

static void test_standard_totals(void)
{
    einv_result_t *r = run_file(NULL, "idoc/invoic02-standard.xml", mapping);
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "IDOC");
    TST_ASSERT_CANON(r, "\"invoiceNumber\":\"0090012345\",\"issueDate\":\"2025-03-12\",\"typeCode\":\"380\"");
    TST_ASSERT_CANON(r, "\"totals\":{\"lineNetAmount\":1445.00,\"taxExclusiveAmount\":1445.00,"
                    "\"taxAmount\":251.75,\"taxInclusiveAmount\":1696.75,\"payableAmount\":1696.75}");
    TST_ASSERT_CANON(r, "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19,\"taxableAmount\":1255.00,\"taxAmount\":238.45},"
                    "{\"category\":\"S\",\"rate\":7,\"taxableAmount\":190.00,\"taxAmount\":13.30}]");
    TST_ASSERT_CANON(r, "\"dueDate\":\"2025-04-11\"");
    TST_ASSERT_CANON(r, "\"purchaseOrderReference\":\"4500098765\",\"salesOrderReference\":\"0000012873\","
                    "\"despatchAdviceReference\":\"0080034567\"");
    TST_ASSERT_CANON(r, "\"paymentTerms\":\"10 Tage 2 % Skonto, 30 Tage netto\"");
    TST_ASSERT_CANON(r, "\"accountId\":\"DE89370400440532013000\"");
    TST_ASSERT_CANON(r, "\"serviceProviderId\":\"COBADEFFXXX\"");
    TST_ASSERT_CANON(r, "\"actualDeliveryDate\":\"2025-03-10\"");
    TST_ASSERT_CANON(r, "\"vatId\":\"DE123456789\"");
    TST_ASSERT_CANON(r, "{\"value\":\"4012345000009\",\"scheme\":\"0088\"}");
    /* PCE -> H87 through the mapping's unit table; the PR00 condition is the price only */
    TST_ASSERT_CANON(r, "\"quantity\":4.000,\"unit\":\"H87\",\"price\":289.00,\"taxCategory\":\"S\",\"taxRate\":19,"
                    "\"netAmount\":1156.00,\"orderLineReference\":\"00010\"");
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "\"charges\""));
    /* With the mapping, EN 16931 reports only BR-49: E1EDK28 gives payment instructions but
     * an IDoc has no payment means code (BT-81), IDOC-INVOIC02.md §5.5 / §7. The UBL the
     * rules read lacks cbc:PaymentMeansCode for the same reason, which its XSD requires:
     * SCHEMA-MISSING in kositResult. */
    TST_ASSERT_CODES(r, "BR-49 SCHEMA-MISSING");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-49")->field, "/INVOIC02/IDOC/E1EDK28");
    einv_result_free(r);
}

static void test_credit_note(void)
{
    einv_result_t *r = run_file("idoc", "idoc/invoic02-creditnote.xml", mapping);
    TST_ASSERT_CANON(r, "\"typeCode\":\"381\"");
    TST_ASSERT_CANON(r, "\"totals\":{\"lineNetAmount\":365.00,\"taxExclusiveAmount\":365.00,"
                    "\"taxAmount\":60.23,\"taxInclusiveAmount\":425.23,\"payableAmount\":425.23}");
    TST_ASSERT_CANON(r, "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19,\"taxableAmount\":289.00,\"taxAmount\":54.91},"
                    "{\"category\":\"S\",\"rate\":7,\"taxableAmount\":76.00,\"taxAmount\":5.32}]");
    TST_ASSERT_CANON(r, "\"precedingInvoices\":[{\"reference\":\"0090012345\",\"issueDate\":\"2025-03-12\"}]");
    /* the two TDLINEs of one text are one note */
    TST_ASSERT_CANON(r, "vom 12.03.2025: 1 B\xc3\xbcrodrehstuhl (Transportschaden) und 2 Fachb");
    /* no bank segment, a payment text instead of a due date (BR-CO-25 satisfied): clean */
    TST_ASSERT_CODES(r, "");
    CU_ASSERT_TRUE(einv_result_valid(r));
    einv_result_free(r);
}

/* Without the mapping document the tax indicators and PCE stay unmapped: the rules report
 * the missing VAT categories (BR-47 per group, BR-CO-04 per line) and the non-Rec 20 unit
 * (BR-CL-23), each at the IDoc field the value would have come from. */
static void test_without_mapping(void)
{
    einv_result_t *r = run_file(NULL, "idoc/invoic02-standard.xml", NULL);
    TST_ASSERT_CODES(r, "BR-47 BR-49 BR-CL-23 BR-CO-04 SCHEMA-MISSING");
    CU_ASSERT_EQUAL(tst_count_code(r, "BR-CO-04"), 3);
    CU_ASSERT_EQUAL(tst_count_code(r, "BR-47"), 2);
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-47")->field, "/INVOIC02/IDOC/E1EDK04[1]");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-CO-04")->field, "/INVOIC02/IDOC/E1EDP01[1]");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-CL-23")->field, "/INVOIC02/IDOC/E1EDP01[1]/MENGE");
    TST_ASSERT_CANON(r, "\"rate\":19,\"taxableAmount\":1255.00");   /* rate from MSATZ all the same */
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "\"category\""));
    einv_result_free(r);
}

/* ---- qualifiers, not order, decide; SAP number forms ---- */

static void test_qualifiers_and_numbers(void)
{
    char *doc = tst_read_data("idoc/invoic02-standard.xml", NULL), *a, *b, *c;
    einv_result_t *r;
    /* the seller (RS) missing: LF is the fallback, its PARTN the identifier */
    a = replace(doc, "<PARVW>RS</PARVW>", "<PARVW>ZZ</PARVW>");
    /* a trailing minus: a negative total is read as such and BR-CO rules judge it */
    b = replace(a, "<SUMME>251.75</SUMME>", "<SUMME>251.75-</SUMME>");
    /* 00000000 means no date: the due date is then baseline (BT-2) + net days of E1EDK18 003 */
    c = replace(b, "<DATUM>20250411</DATUM>", "<DATUM>00000000</DATUM>");
    r = run_map("idoc", c, strlen(c), mapping);
    TST_ASSERT_CANON(r, "\"identifiers\":[{\"value\":\"0000704711\"}]");
    TST_ASSERT_CANON(r, "\"taxAmount\":-251.75");
    TST_ASSERT_CANON(r, "\"dueDate\":\"2025-04-11\"");
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-06"));   /* LF has no name */
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-CO-15")); /* 1445.00 + -251.75 != 1696.75 */
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
    doc = tst_read_data("idoc/invoic02-standard.xml", &len);
    /* truncated XML */
    r = run_map(NULL, doc, len / 2, mapping);
    TST_ASSERT_CODES(r, "XML-WELLFORMED");
    einv_result_free(r);
    r = run_map("idoc", doc, len / 2, mapping);
    TST_ASSERT_CODES(r, "XML-WELLFORMED");
    einv_result_free(r);
    /* wrong root: auto detection declines, a forced idoc says why */
    r = run_map(NULL, "<ORDERS05><IDOC BEGIN=\"1\"/></ORDERS05>", strlen("<ORDERS05><IDOC BEGIN=\"1\"/></ORDERS05>"), mapping);
    TST_ASSERT_CODES(r, "SCHEMA-ROOT");
    einv_result_free(r);
    r = run_map("idoc", "<ORDERS05><IDOC BEGIN=\"1\"/></ORDERS05>", strlen("<ORDERS05><IDOC BEGIN=\"1\"/></ORDERS05>"), mapping);
    TST_ASSERT_CODES(r, "IDOC-STRUCTURE");
    einv_result_free(r);
    r = run_map("idoc", "<INVOIC02/>", strlen("<INVOIC02/>"), mapping);
    TST_ASSERT_CODES(r, "IDOC-STRUCTURE");
    einv_result_free(r);
    r = run_map("idoc", "{\"a\":1}", strlen("{\"a\":1}"), mapping);
    TST_ASSERT_CODES(r, "IDOC-STRUCTURE");
    einv_result_free(r);
    /* an empty IDOC: the rules report what is missing, nothing crashes */
    r = run_map("idoc", "<INVOIC02><IDOC BEGIN=\"1\"/></INVOIC02>", strlen("<INVOIC02><IDOC BEGIN=\"1\"/></INVOIC02>"), mapping);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-02"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-16"));
    einv_result_free(r);
    free(doc);
}

static void test_multiple_and_bad_mapping(void)
{
    char *doc = tst_read_data("idoc/invoic02-creditnote.xml", NULL), *two;
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
    TST_ASSERT_CODES(r, "IDOC-MULTIPLE");   /* the first invoice itself is clean */
    CU_ASSERT_STRING_EQUAL(tst_find(r, "IDOC-MULTIPLE")->field, "/INVOIC02/IDOC[2]");
    einv_result_free(r);
    /* a mapping that is not JSON is a warning; the conversion goes on without it */
    r = run_map(NULL, doc, strlen(doc), "{taxCodes");
    CU_ASSERT_EQUAL(tst_count_code(r, "IDOC-MAPPING"), 1);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-47"));
    einv_result_free(r);
    r = run_map(NULL, doc, strlen(doc), "{\"taxCode\": {}}");
    CU_ASSERT_EQUAL(tst_count_code(r, "IDOC-MAPPING"), 1);
    einv_result_free(r);
    free(two);
    free(doc);
}

/* ---- conditions: allowances and charges (IDOC-INVOIC02.md §4.6, §5.7, §5.9 BG-27/28) ---- */

/* The sample's tax codes and units plus the sender's condition types: freight FRB1 and
 * header discount HA00 on document level, customer discount K007 on lines. SKTO (cash
 * discount) and VPRS (cost price) are not listed. */
#define COND_MAP_HEAD                                                                       \
    "{\"taxCodes\": {\"A1\": {\"category\": \"S\", \"rate\": 19}, \"A2\": {\"category\": \"S\", \"rate\": 7}},"  \
    " \"units\": {\"PCE\": \"H87\"}, \"conditions\": {"
#define COND_ENTRIES                                                                        \
    "\"FRB1\": {\"level\": \"document\", \"reasonCode\": \"FC\", \"reason\": \"Freight\"},"            \
    " \"HA00\": {\"level\": \"document\", \"reasonCode\": \"95\", \"reason\": \"Header discount\"},"  \
    " \"K007\": {\"level\": \"line\", \"reasonCode\": \"95\"}"
static const char COND_MAP[] = COND_MAP_HEAD COND_ENTRIES "}}";

static size_t occurrences(const char *s, const char *needle)
{
    size_t n = 0;
    for (; s && (s = strstr(s, needle)); s += strlen(needle))
        n++;
    return n;
}

static void test_conditions_mapped(void)
{
    einv_result_t *r = run_file(NULL, "idoc/invoic02-conditions.xml", COND_MAP);
    const char *c = einv_result_canonical(r);
    /* header freight FRB1 (ALCKZ +): a document charge; the row's KOTXT wins over the
     * entry's "reason"; VAT category through the tax-code table, rate from MSATZ */
    TST_ASSERT_CANON(r, "\"charges\":[{\"amount\":25.00,\"taxCategory\":\"S\",\"taxRate\":19,"
                    "\"reason\":\"Fracht\",\"reasonCode\":\"FC\"}]");
    /* header discount HA00 (ALCKZ -, BETRG 3.80-): a document allowance with the absolute
     * amount, base KOBAS, percentage KPERC; no KOTXT, so the entry's reason */
    TST_ASSERT_CANON(r, "\"allowances\":[{\"amount\":3.80,\"baseAmount\":190.00,\"percentage\":2.000,"
                    "\"taxCategory\":\"S\",\"taxRate\":7,\"reason\":\"Header discount\",\"reasonCode\":\"95\"}]");
    /* item discount K007 on line 000010: a line allowance, base the item's gross value
     * (E1EDP26 002) since the row has a percentage and no KOBAS; BT-131 as sent */
    TST_ASSERT_CANON(r, "\"netAmount\":1040.40,\"orderLineReference\":\"00010\",\"allowances\":[{\"amount\":115.60,"
                    "\"baseAmount\":1156.00,\"percentage\":10.000,\"reason\":\"Kundenrabatt\",\"reasonCode\":\"95\"}]}");
    /* totals: BT-107/108 are the sums, BT-109 = 1329.40 - 3.80 + 25.00 matches SUMID 010 */
    TST_ASSERT_CANON(r, "\"totals\":{\"lineNetAmount\":1329.40,\"allowanceTotal\":3.80,\"chargeTotal\":25.00,"
                    "\"taxExclusiveAmount\":1350.60,\"taxAmount\":234.27,\"taxInclusiveAmount\":1584.87,"
                    "\"payableAmount\":1584.87}");
    /* BT-116 per category/rate: line nets + charges - allowances of that group */
    TST_ASSERT_CANON(r, "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19,\"taxableAmount\":1164.40,\"taxAmount\":221.24},"
                    "{\"category\":\"S\",\"rate\":7,\"taxableAmount\":186.20,\"taxAmount\":13.03}]");
    /* unlisted SKTO / VPRS and the price condition PR00 are no allowances or charges */
    CU_ASSERT_EQUAL(occurrences(c, "\"allowances\""), 2);
    CU_ASSERT_EQUAL(occurrences(c, "\"charges\""), 1);
    CU_ASSERT_PTR_NULL(strstr(c, "\"reason\":\"Skonto\""));
    CU_ASSERT_PTR_NULL(strstr(c, "27.02"));
    CU_ASSERT_PTR_NULL(strstr(c, "Verrechnungspreis"));
    CU_ASSERT_PTR_NULL(strstr(c, "720.00"));
    CU_ASSERT_PTR_NULL(strstr(c, "\"Preis\""));
    /* valid under EN 16931 but for BR-49 (no BT-81 in an IDoc), as for the plain sample */
    TST_ASSERT_CODES(r, "BR-49 SCHEMA-MISSING");
    einv_result_free(r);
}

/* Where each mapped value says it came from (node->src: the IDoc field, or the mapping). */
static const char *src_of(const einv_node_t *g, einv_term t)
{
    const einv_node_t *n = einv_node_get(g, t);
    return n && n->src ? n->src : "(none)";
}

#define ASSERT_SRC(g, t, want)                                                             \
    do {                                                                                   \
        const char *s_ = src_of(g, t);                                                     \
        if (strcmp(s_, want) != 0)                                                         \
            fprintf(stderr, "\nsrc of %s: got %s, want %s\n", einv_term_info(t)->code, s_, want); \
        CU_ASSERT_STRING_EQUAL(s_, want);                                                  \
    } while (0)

static void test_conditions_sources(void)
{
    size_t len;
    char *doc = tst_read_data("idoc/invoic02-conditions.xml", &len);
    einv_xdoc_t *x;
    einv_error_t err;
    erp_map_t map;
    jr_error_t jerr;
    einv_invoice_t *inv;
    const einv_node_t *root, *g, *ln, *t;
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    x = einv_xdoc_parse(doc, len, NULL, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    memset(&map, 0, sizeof map);
    map.doc = jr_parse(COND_MAP, strlen(COND_MAP), NULL, &jerr);
    CU_ASSERT_PTR_NOT_NULL_FATAL(map.doc);
    map.tax_codes = jr_member(jr_root(map.doc), "taxCodes");
    map.units = jr_member(jr_root(map.doc), "units");
    map.conditions = jr_member(jr_root(map.doc), "conditions");
    inv = idoc_to_model(einv_x_child(einv_xdoc_root(x), EINV_NS_NONE, "IDOC"), &map, NULL, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    root = einv_invoice_root(inv);
    g = einv_node_get(root, EINV_T_BG_21);
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_21), 1);
    CU_ASSERT_STRING_EQUAL(g->src, "/INVOIC02/IDOC/E1EDK05[1]");
    ASSERT_SRC(g, EINV_T_BT_99, "/INVOIC02/IDOC/E1EDK05[1]/BETRG");
    ASSERT_SRC(g, EINV_T_BT_102, "/INVOIC02/IDOC/E1EDK05[1]/MWSKZ");
    ASSERT_SRC(g, EINV_T_BT_103, "/INVOIC02/IDOC/E1EDK05[1]/MSATZ");
    ASSERT_SRC(g, EINV_T_BT_104, "/INVOIC02/IDOC/E1EDK05[1]/KOTXT");
    ASSERT_SRC(g, EINV_T_BT_105, "mapping:/conditions/FRB1/reasonCode");
    CU_ASSERT_PTR_NULL(einv_node_get(g, EINV_T_BT_100));
    CU_ASSERT_PTR_NULL(einv_node_get(g, EINV_T_BT_101));
    g = einv_node_get(root, EINV_T_BG_20);
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_20), 1);
    ASSERT_SRC(g, EINV_T_BT_92, "/INVOIC02/IDOC/E1EDK05[2]/BETRG");
    ASSERT_SRC(g, EINV_T_BT_93, "/INVOIC02/IDOC/E1EDK05[2]/KOBAS");
    ASSERT_SRC(g, EINV_T_BT_94, "/INVOIC02/IDOC/E1EDK05[2]/KPERC");
    ASSERT_SRC(g, EINV_T_BT_95, "/INVOIC02/IDOC/E1EDK05[2]/MWSKZ");
    ASSERT_SRC(g, EINV_T_BT_96, "/INVOIC02/IDOC/E1EDK05[2]/MSATZ");
    ASSERT_SRC(g, EINV_T_BT_97, "mapping:/conditions/HA00/reason");
    ASSERT_SRC(g, EINV_T_BT_98, "mapping:/conditions/HA00/reasonCode");
    ln = einv_node_get(root, EINV_T_BG_25);
    g = einv_node_get(ln, EINV_T_BG_27);
    CU_ASSERT_EQUAL(einv_node_count(ln, EINV_T_BG_27), 1);
    CU_ASSERT_EQUAL(einv_node_count(ln, EINV_T_BG_28), 0);   /* PR00 and VPRS are no charges */
    ASSERT_SRC(g, EINV_T_BT_136, "/INVOIC02/IDOC/E1EDP01[1]/E1EDP05[2]/BETRG");
    ASSERT_SRC(g, EINV_T_BT_137, "/INVOIC02/IDOC/E1EDP01[1]/E1EDP26[1]/BETRG");
    ASSERT_SRC(g, EINV_T_BT_138, "/INVOIC02/IDOC/E1EDP01[1]/E1EDP05[2]/KPERC");
    ASSERT_SRC(g, EINV_T_BT_139, "/INVOIC02/IDOC/E1EDP01[1]/E1EDP05[2]/KOTXT");
    ASSERT_SRC(g, EINV_T_BT_140, "mapping:/conditions/K007/reasonCode");
    for (ln = einv_node_next(ln); ln; ln = einv_node_next(ln))
        CU_ASSERT_PTR_NULL(einv_node_get(ln, EINV_T_BG_27));
    t = einv_node_get(root, EINV_T_BG_22);
    ASSERT_SRC(t, EINV_T_BT_107, "/INVOIC02/IDOC/E1EDK05[2]");
    ASSERT_SRC(t, EINV_T_BT_108, "/INVOIC02/IDOC/E1EDK05[1]");
    ASSERT_SRC(t, EINV_T_BT_109, "/INVOIC02/IDOC/E1EDS01[2]/SUMME");
    einv_invoice_free(inv);
    jr_free(map.doc);
    einv_xdoc_free(x);
    free(doc);
}

/* The entry decides the level and may force the kind; without ALCKZ the sign of BETRG
 * decides; PR00 stays the price even when listed; a rule failing on a mapped value points
 * at the IDoc field or at the mapping entry. */
static void test_conditions_levels_and_kinds(void)
{
    char *doc = tst_read_data("idoc/invoic02-conditions.xml", NULL), *a, *b, *c3;
    einv_result_t *r;
    const char *canon;
    /* K007 listed for documents only: the item row is then ignored, BT-131 stays */
    r = run_file(NULL, "idoc/invoic02-conditions.xml",
                 COND_MAP_HEAD "\"K007\": {\"level\": \"document\", \"reasonCode\": \"95\"}}}");
    canon = einv_result_canonical(r);
    CU_ASSERT_EQUAL(occurrences(canon, "\"allowances\""), 0);
    CU_ASSERT_EQUAL(occurrences(canon, "\"charges\""), 0);
    TST_ASSERT_CANON(r, "\"netAmount\":1040.40");
    CU_ASSERT_PTR_NULL(strstr(canon, "allowanceTotal"));
    einv_result_free(r);
    /* no level: both; "kind" overrides ALCKZ; PR00 listed is still only the price */
    r = run_file(NULL, "idoc/invoic02-conditions.xml",
                 COND_MAP_HEAD "\"FRB1\": {\"kind\": \"allowance\", \"reasonCode\": \"95\"},"
                 " \"K007\": {\"reasonCode\": \"95\"}, \"PR00\": {\"reasonCode\": \"ZZZ\"}}}");
    canon = einv_result_canonical(r);
    TST_ASSERT_CANON(r, "\"allowances\":[{\"amount\":25.00,\"taxCategory\":\"S\",\"taxRate\":19,\"reason\":\"Fracht\","
                    "\"reasonCode\":\"95\"}]");
    TST_ASSERT_CANON(r, "\"reason\":\"Kundenrabatt\",\"reasonCode\":\"95\"}]");
    CU_ASSERT_EQUAL(occurrences(canon, "\"charges\""), 0);
    CU_ASSERT_PTR_NULL(strstr(canon, "ZZZ"));
    /* the "freight allowance" is outside the sender's totals now: BR-CO-13 says so */
    TST_ASSERT_CANON(r, "\"allowanceTotal\":25.00");
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-CO-13"));
    einv_result_free(r);
    /* without ALCKZ the sign of BETRG decides: 3.80- is an allowance, 25.00 a charge */
    a = replace(doc, "<ALCKZ>+</ALCKZ>\n      <KSCHL>FRB1</KSCHL>", "<KSCHL>FRB1</KSCHL>");
    b = replace(a, "<ALCKZ>-</ALCKZ>\n      <KSCHL>HA00</KSCHL>", "<KSCHL>HA00</KSCHL>");
    r = run_map(NULL, b, strlen(b), COND_MAP);
    TST_ASSERT_CANON(r, "\"allowanceTotal\":3.80,\"chargeTotal\":25.00");
    TST_ASSERT_CODES(r, "BR-49 SCHEMA-MISSING");
    einv_result_free(r);
    /* a tax code without entry leaves BT-102 absent (BR-37 at the condition segment); a
     * three-decimal amount is reported at BETRG; a reason code outside UNTDID 7161 at the
     * mapping entry it came from */
    c3 = replace(b, "<MWSKZ>A1</MWSKZ>\n      <MSATZ>19.000</MSATZ>\n    </E1EDK05>",
                 "<MWSKZ>Z9</MWSKZ>\n      <MSATZ>19.000</MSATZ>\n    </E1EDK05>");
    free(a);
    a = replace(c3, "<BETRG>3.80-</BETRG>", "<BETRG>3.800-</BETRG>");
    r = run_map(NULL, a, strlen(a), COND_MAP_HEAD "\"FRB1\": {\"reasonCode\": \"XX\"},"
                                                  " \"HA00\": {\"reasonCode\": \"95\"}}}");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-37") ? tst_find(r, "BR-37")->field : "", "/INVOIC02/IDOC/E1EDK05[1]");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-DEC-01") ? tst_find(r, "BR-DEC-01")->field : "", "/INVOIC02/IDOC/E1EDK05[2]");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-CL-20") ? tst_find(r, "BR-CL-20")->field : "", "mapping:/conditions/FRB1/reasonCode");
    einv_result_free(r);
    free(a);
    free(b);
    free(c3);
    free(doc);
}

/* The sample itself, and the conditions fixture with a mapping that lists no conditions:
 * nothing changes for the sample; for the fixture the condition rows are ignored, and the
 * sender's totals (which contain them) disagree with the lines, as §5.7 says they would. */
static void test_conditions_unlisted(void)
{
    einv_result_t *r = run_file(NULL, "idoc/invoic02-standard.xml", COND_MAP);
    TST_ASSERT_CANON(r, "\"totals\":{\"lineNetAmount\":1445.00,\"taxExclusiveAmount\":1445.00,"
                    "\"taxAmount\":251.75,\"taxInclusiveAmount\":1696.75,\"payableAmount\":1696.75}");
    TST_ASSERT_CODES(r, "BR-49 SCHEMA-MISSING");
    einv_result_free(r);
    r = run_file(NULL, "idoc/invoic02-conditions.xml", mapping);
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "\"allowances\""));
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "\"charges\""));
    TST_ASSERT_CODES(r, "BR-49 BR-CO-13 BR-CO-17 BR-S-09 SCHEMA-MISSING");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-CO-17")->field, "/INVOIC02/IDOC/E1EDK04[1]");
    einv_result_free(r);
}

/* "conditions" of the wrong shape: one IDOC-MAPPING warning per bad member, naming it; the
 * bad entry is ignored, good ones still apply. */
static void test_conditions_bad_shape(void)
{
    static const struct {
        const char *map, *names;
    } bad[] = {
        {"{\"conditions\": []}", "/conditions is not an object"},
        {"{\"conditions\": {\"FRB1\": \"freight\"}}", "/conditions/FRB1 is not an object"},
        {"{\"conditions\": {\"FRB1\": {\"level\": \"header\"}}}", "/conditions/FRB1/level"},
        {"{\"conditions\": {\"FRB1\": {\"kind\": \"discount\"}}}", "/conditions/FRB1/kind"},
        {"{\"conditions\": {\"FRB1\": {\"reasonCode\": 95}}}", "/conditions/FRB1/reasonCode"},
        {"{\"conditions\": {\"FRB1\": {\"reason\": [\"Fracht\"]}}}", "/conditions/FRB1/reason"},
        {"{\"conditions\": {\"FRB1\": {\"colour\": \"red\"}}}", "/conditions/FRB1/colour"},
    };
    size_t i;
    einv_result_t *r;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = run_file(NULL, "idoc/invoic02-conditions.xml", bad[i].map);
        CU_ASSERT_EQUAL(tst_count_code(r, "IDOC-MAPPING"), 1);
        if (tst_find(r, "IDOC-MAPPING") && !strstr(tst_find(r, "IDOC-MAPPING")->message, bad[i].names))
            fprintf(stderr, "\nmessage \"%s\" does not name %s\n", tst_find(r, "IDOC-MAPPING")->message, bad[i].names);
        CU_ASSERT_PTR_NOT_NULL(tst_find(r, "IDOC-MAPPING") ? strstr(tst_find(r, "IDOC-MAPPING")->message, bad[i].names) : NULL);
        CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "\"charges\""));
        einv_result_free(r);
    }
    /* one bad entry beside a good one; nulls count as absent */
    r = run_file(NULL, "idoc/invoic02-conditions.xml",
                 COND_MAP_HEAD "\"FRB1\": {\"level\": 1}, \"HA00\": {\"level\": null, \"reasonCode\": \"95\","
                 " \"reason\": null}}}");
    CU_ASSERT_EQUAL(tst_count_code(r, "IDOC-MAPPING"), 1);
    TST_ASSERT_CANON(r, "\"allowances\":[{\"amount\":3.80,");
    CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), "\"charges\""));
    einv_result_free(r);
}

/* BT-24 / BT-23 come from the requested profile (IDOC-INVOIC02.md §7: "set from the
 * requested profile"), EN 16931's by default. */
static void test_specification_from_profile(void)
{
    static const struct {
        const char *profile, *want, *absent;
    } cases[] = {
        {"EN16931", "\"specificationId\":\"urn:cen.eu:en16931:2017\"", "businessProcessType"},
        {"PEPPOL", "\"businessProcessType\":\"urn:fdc:peppol.eu:2017:poacc:billing:01:1.0\","
                   "\"specificationId\":\"urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0\"",
         "PEPPOL-EN16931-R001"},
        {"XRECHNUNG", "\"specificationId\":\"urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0\"",
         "BR-DE-21"},
    };
    size_t len, i;
    char *doc = tst_read_data("idoc/invoic02-standard.xml", &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        einv_validate_opts_t o = {cases[i].profile, NULL, mapping, 1, NULL};
        einv_error_t err;
        einv_result_t *r = einv_validate(eng, &o, doc, len, &err);
        if (!r)   /* a profile this build does not have */
            continue;
        TST_ASSERT_CANON(r, cases[i].want);
        CU_ASSERT_PTR_NULL(strstr(einv_result_canonical(r), cases[i].absent));
        CU_ASSERT_PTR_NULL(tst_find(r, cases[i].absent));
        einv_result_free(r);
    }
    free(doc);
}

/* ---- the default tables (idoc_map.h): what the export writes where a mapping has no
 * entry is read back, and only in its exact form ---- */

/* The canonical JSON of the standard sample with `from` replaced by `to` (malloc'd). */
static char *canon_with(const char *from, const char *to, einv_result_t **out)
{
    size_t len;
    char *doc = tst_read_data("idoc/invoic02-standard.xml", &len), *v = doc ? replace(doc, from, to) : NULL, *c;
    einv_result_t *r = v ? run_map(NULL, v, strlen(v), mapping) : NULL;
    c = r && einv_result_canonical(r) ? strdup(einv_result_canonical(r)) : NULL;
    free(doc);
    free(v);
    if (out)
        *out = r;
    else
        einv_result_free(r);
    return c;
}

static void test_default_tax_codes(void)
{
    char *orig = canon_with("<KTEXT>", "<KTEXT>", NULL), *c;
    CU_ASSERT_PTR_NOT_NULL_FATAL(orig);
    /* "S19" with MSATZ 19.000 is the default table's code for S 19 %: the same invoice */
    c = canon_with("<MWSKZ>A1</MWSKZ>\n      <MSATZ>19.000</MSATZ>\n      <MWSBT>238.45",
                   "<MWSKZ>S19</MWSKZ>\n      <MSATZ>19.000</MSATZ>\n      <MWSBT>238.45", NULL);
    CU_ASSERT_PTR_NOT_NULL(c);
    CU_ASSERT_TRUE(c && strcmp(c, orig) == 0);
    free(c);
    /* another rate in MSATZ than in the code: no category (the rules report it) */
    c = canon_with("<MWSKZ>A1</MWSKZ>\n      <MSATZ>19.000</MSATZ>\n      <MWSBT>238.45",
                   "<MWSKZ>S7</MWSKZ>\n      <MSATZ>19.000</MSATZ>\n      <MWSBT>238.45", NULL);
    CU_ASSERT_TRUE(c && strstr(c, "\"taxBreakdown\":[{\"rate\":19"));
    free(c);
    /* a code that only starts like a category: no category */
    c = canon_with("<MWSKZ>A1</MWSKZ>\n      <MSATZ>19.000</MSATZ>\n      <MWSBT>238.45",
                   "<MWSKZ>SX19</MWSKZ>\n      <MSATZ>19.000</MSATZ>\n      <MWSBT>238.45", NULL);
    CU_ASSERT_TRUE(c && strstr(c, "\"taxBreakdown\":[{\"rate\":19"));
    free(c);
    free(orig);
}

static void test_default_conditions_totals_texts(void)
{
    einv_result_t *r;
    char *c;
    /* ZA00 / ZC00 rows with the default table's tax code; a negative charge keeps its sign */
    c = canon_with("<E1EDK17 SEGMENT=\"1\">",
                   "<E1EDK05 SEGMENT=\"1\"><ALCKZ>-</ALCKZ><KSCHL>ZA00</KSCHL><BETRG>45.00-</BETRG>"
                   "<MWSKZ>A1</MWSKZ><MSATZ>19.000</MSATZ></E1EDK05>"
                   "<E1EDK05 SEGMENT=\"1\"><ALCKZ>+</ALCKZ><KSCHL>ZC00</KSCHL><KOTXT>Fracht</KOTXT><BETRG>5.00-</BETRG>"
                   "<MWSKZ>S19</MWSKZ><MSATZ>19</MSATZ></E1EDK05>"
                   "<E1EDK05 SEGMENT=\"1\"><ALCKZ>-</ALCKZ><KSCHL>ZA01</KSCHL><BETRG>1.00</BETRG></E1EDK05>"
                   "<E1EDK17 SEGMENT=\"1\">", &r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"allowances\":[{\"amount\":-45.00,\"taxCategory\":\"S\",\"taxRate\":19}]"));
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"charges\":[{\"amount\":-5.00,\"taxCategory\":\"S\",\"taxRate\":19,\"reason\":\"Fracht\"}]"));
    CU_ASSERT_PTR_NOT_NULL(strstr(c, "\"allowanceTotal\":-45.00,\"chargeTotal\":-5.00"));
    einv_result_free(r);
    free(c);
    /* paid amount Z13: the amount due is the gross total less it */
    c = canon_with("<E1EDS01 SEGMENT=\"1\">", "<E1EDS01 SEGMENT=\"1\"><SUMID>Z13</SUMID><SUMME>696.75</SUMME></E1EDS01>"
                   "<E1EDS01 SEGMENT=\"1\">", NULL);
    CU_ASSERT_TRUE(c && strstr(c, "\"taxInclusiveAmount\":1696.75,\"prepaidAmount\":696.75,\"payableAmount\":1000.00"));
    free(c);
    /* a line id in text ZLID; item text lines continued with TDFORMAT "=" join without
     * separator, each line as sent (its blanks kept); a line without "=" starts another */
    c = canon_with("<TDLINE>Farbe Anthrazit, 3D-Armlehnen, Synchronmechanik</TDLINE>",
                   "<TDLINE>Farbe Anthrazit, 3D-Arm</TDLINE></E1EDPT2><E1EDPT2 SEGMENT=\"1\"><TDLINE>lehnen, </TDLINE>"
                   "<TDFORMAT>=</TDFORMAT></E1EDPT2><E1EDPT2 SEGMENT=\"1\"><TDLINE>Synchronmechanik</TDLINE>"
                   "<TDFORMAT>=</TDFORMAT></E1EDPT2><E1EDPT2 SEGMENT=\"1\"><TDLINE>Neuer Absatz</TDLINE></E1EDPT2></E1EDPT1>"
                   "<E1EDPT1 SEGMENT=\"1\"><TDID>ZLID</TDID><E1EDPT2 SEGMENT=\"1\"><TDLINE>POSITION-10</TDLINE>", NULL);
    CU_ASSERT_TRUE(c && strstr(c, "\"id\":\"POSITION-10\""));
    CU_ASSERT_TRUE(c && strstr(c, "\"Farbe Anthrazit, 3D-Armlehnen, Synchronmechanik\""));   /* lines as sent */
    CU_ASSERT_TRUE(c && !strstr(c, "Neuer Absatz"));
    free(c);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("idoc", suite_init, suite_clean);
    CU_add_test(s, "standard invoice: totals, VAT breakdown, findings", test_standard_totals);
    CU_add_test(s, "credit note 381", test_credit_note);
    CU_add_test(s, "without the mapping document", test_without_mapping);
    CU_add_test(s, "qualifiers and SAP number forms", test_qualifiers_and_numbers);
    CU_add_test(s, "broken inputs", test_broken);
    CU_add_test(s, "several IDocs, broken mapping", test_multiple_and_bad_mapping);
    CU_add_test(s, "conditions: freight, header and line discounts, unlisted ignored", test_conditions_mapped);
    CU_add_test(s, "conditions: sources of the mapped values", test_conditions_sources);
    CU_add_test(s, "conditions: levels, kinds, findings at their fields", test_conditions_levels_and_kinds);
    CU_add_test(s, "conditions: not listed", test_conditions_unlisted);
    CU_add_test(s, "conditions: entries of the wrong shape", test_conditions_bad_shape);
    CU_add_test(s, "BT-24 / BT-23 from the requested profile", test_specification_from_profile);
    CU_add_test(s, "default tables: joined tax codes only with their MSATZ", test_default_tax_codes);
    CU_add_test(s, "default tables: conditions, paid amount, line id and continued texts", test_default_conditions_totals_texts);
}
