/* The ACCURATE tier's confidence fusion (plugins/extract/ex_fuse.c) on readings made by
 * hand: agreeing readings raise a field's confidence, a disagreement lowers it under the
 * warning threshold, a reconciled reading weighs double, the winning value may come from
 * any reading (per field), item rows are chosen among versions with the same net amount
 * (the totals never change) and a reading that lacks a row votes against it. Then the tier
 * end to end on the scan fixture: the output names ACCURATE and its readings. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tsupport.h"
#ifdef EINV_HAVE_EXTRACT
#include <json-c/json.h>
#include "ex_extract.h"
#include "ex_found.h"

/* A reading with invoice number num (confidence c), reconciled or not, and rows of
 * (description, net) with confidence 0.9. */
static void reading(ex_reading_t *r, const char *num, float c, int reconciled, const char *const *desc,
                    const int64_t *net, size_t rows)
{
    size_t i;
    memset(r, 0, sizeof *r);
    snprintf(r->f.number, sizeof r->f.number, "%s", num);
    r->f.c_number = c;
    snprintf(r->f.sup.line1, sizeof r->f.sup.line1, "Hauptstr. 1");
    snprintf(r->f.sup.postal, sizeof r->f.sup.postal, "10115");
    r->f.sup.conf_addr = 0.7f;
    r->it.totals_conf = reconciled ? 1.0f : 0.6f;
    /* reconciled: the printed figures confirm the amount due and the rows make the line total */
    r->tot.payable.conf = reconciled ? 0.97f : 0.45f;
    r->tot.lines_match = reconciled ? 1 : -1;
    r->it.items = calloc(rows ? rows : 1, sizeof *r->it.items);
    r->it.n = rows;
    for (i = 0; i < rows; i++) {
        ex_item_t *x = &r->it.items[i];
        snprintf(x->desc, sizeof x->desc, "%s", desc[i]);
        x->qty_milli = 1000, x->price_cents = net[i], x->net_cents = net[i], x->conf = 0.9f;
        x->unit = "H87";
    }
}

static void clear(ex_reading_t *r, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        ex_items_clear(&r[i].it);
}

static void test_agreement(void)
{
    static const char *const D[] = {"Widget", "Bolt"};
    static const int64_t N[] = {1000, 250};
    ex_reading_t r[2];
    reading(&r[0], "INV-1", 0.8f, 1, D, N, 2);
    reading(&r[1], "INV-1", 0.8f, 1, D, N, 2);
    CU_ASSERT_EQUAL(ex_fuse(r, 2, 0), 0);
    CU_ASSERT_STRING_EQUAL(r[0].f.number, "INV-1");
    CU_ASSERT_DOUBLE_EQUAL(r[0].f.c_number, 0.96, 0.001);   /* 1 - 0.2 x 0.2 */
    CU_ASSERT(r[0].it.items[0].conf > 0.98f);                /* 1 - 0.1 x 0.1 */
    CU_ASSERT(r[0].f.sup.conf_addr > 0.9f);                  /* 1 - 0.3 x 0.3 */
    clear(r, 2);
}

static void test_disagreement(void)
{
    static const char *const D[] = {"Widget"}, *const D2[] = {"Widgte"};
    static const int64_t N[] = {1000};
    ex_reading_t r[3];
    /* one against one, equal weights: the more confident value wins at half its confidence */
    reading(&r[0], "INV-1", 0.8f, 0, D, N, 1);
    reading(&r[1], "INV-7", 0.9f, 0, D, N, 1);
    ex_fuse(r, 2, 0);
    CU_ASSERT_STRING_EQUAL(r[0].f.number, "INV-7");
    CU_ASSERT_DOUBLE_EQUAL(r[0].f.c_number, 0.45, 0.001);
    CU_ASSERT(r[0].f.c_number < 0.5f);   /* an EXTRACTION-LOW-CONFIDENCE warning */
    clear(r, 2);
    /* a reconciled reading weighs double: two unreconciled readings agreeing outvote it */
    reading(&r[0], "A", 0.6f, 1, D, N, 1);
    reading(&r[1], "B", 0.7f, 0, D2, N, 1);
    reading(&r[2], "B", 0.7f, 0, D2, N, 1);
    r[0].it.items[0].conf = 0.5f;   /* 2 x 0.5 against 0.9 + 0.9 */
    ex_fuse(r, 3, 0);
    CU_ASSERT_STRING_EQUAL(r[0].f.number, "B");
    CU_ASSERT_DOUBLE_EQUAL(r[0].f.c_number, 0.91 * 0.5, 0.001);
    /* the row's description from the other readings, its amounts unchanged */
    CU_ASSERT_STRING_EQUAL(r[0].it.items[0].desc, "Widgte");
    CU_ASSERT_EQUAL(r[0].it.items[0].net_cents, 1000);
    clear(r, 3);
}

static void test_rows(void)
{
    static const char *const B[] = {"Widget", "Bolt", "Nut"}, *const O[] = {"Widget", "Boit"};
    static const int64_t NB[] = {1000, 250, 75}, NO[] = {1000, 250};
    ex_reading_t r[3];
    /* the base's three rows stay; a reading with two of them matches them by net amount */
    reading(&r[0], "X", 0.9f, 1, B, NB, 3);
    reading(&r[1], "X", 0.9f, 0, O, NO, 2);
    reading(&r[2], "X", 0.9f, 1, B, NB, 3);
    ex_fuse(r, 3, 0);
    CU_ASSERT_EQUAL(r[0].it.n, 3);
    CU_ASSERT_STRING_EQUAL(r[0].it.items[1].desc, "Bolt");          /* 2 + 2 against 1 */
    CU_ASSERT(r[0].it.items[0].conf > r[0].it.items[1].conf);        /* all agree vs one differs */
    CU_ASSERT(r[0].it.items[2].conf < 0.9f);                         /* one reading lacks it */
    CU_ASSERT_EQUAL(r[0].it.items[2].net_cents, 75);
    clear(r, 3);
    /* a single reading is left as it is */
    reading(&r[0], "X", 0.42f, 0, B, NB, 3);
    CU_ASSERT_EQUAL(ex_fuse(r, 1, 0), 0);
    CU_ASSERT_DOUBLE_EQUAL(r[0].f.c_number, 0.42, 0.001);
    clear(r, 1);
}

/* ACCURATE on the scan fixture: the result says the tier and its two readings (the budget a
 * page is lifted so that the sanitizer build's slower OCR still reads twice; the fixture
 * never reconciles, its totals are cut off, so ACCURATE would read four times). */
static void test_accurate_scan(void)
{
    char msg[256], *out = NULL, *pdf;
    size_t len;
    ex_opts_t o;
    ex_engine_t *e = ex_engine_open(NULL, msg, sizeof msg);
    json_object *res, *v;
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    pdf = tst_read_data("extract/invoice-scan-top.pdf", &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pdf);
    memset(&o, 0, sizeof o);
    o.accurate = 1;
    o.accurate_s_page = 600;
    o.max_readings = 2;
    CU_ASSERT_EQUAL(ex_extract_pdf(e, (const unsigned char *)pdf, len, &o, &out), 0);
    res = out ? json_tokener_parse(out) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(res);
    CU_ASSERT(json_object_object_get_ex(res, "tier", &v) && !strcmp(json_object_get_string(v), "ACCURATE"));
    CU_ASSERT(json_object_object_get_ex(res, "readings", &v) && json_object_get_int(v) == 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "EXTRACTION-TIER"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "readings fused per field"));
    json_object_put(res);
    free(out);
    /* FAST: one reading */
    o.accurate = 0;
    CU_ASSERT_EQUAL(ex_extract_pdf(e, (const unsigned char *)pdf, len, &o, &out), 0);
    CU_ASSERT(out && strstr(out, "\"tier\":\"FAST\",\"readings\":1"));
    free(out);
    free(pdf);
    ex_engine_close(e);
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("extract_fuse", NULL, NULL);
    CU_add_test(s, "agreeing readings", test_agreement);
    CU_add_test(s, "disagreeing readings, weights", test_disagreement);
    CU_add_test(s, "item rows by net amount", test_rows);
    CU_add_test(s, "ACCURATE end to end on a scan", test_accurate_scan);
}
#else
void tst_suites(void)
{
    tst_skip("confidence fusion: the extractor is not built");
}
#endif
