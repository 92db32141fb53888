/* The "facturx" exporter: the PDF is a Factur-X hybrid that ../shared/tools/facturx-check
 * accepts (when ../shared is there), that this validator reads back to the same canonical
 * invoice without findings, whose text shows the invoice (pdftotext, when installed); a
 * 500-line invoice breaks into pages with the table header and "page i of n" on each; text
 * the fonts lack, control characters and a 200 KB word end as a PDF, never a crash. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tsupport.h"
#include "exports.h"
#include "tpdf_tools.h"

static einv_engine_t *eng;
static char checker[1024];

static int suite_init(void)
{
    einv_error_t err;
    const char *src = getenv("EINV_SOURCE_DIR");
    eng = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    snprintf(checker, sizeof checker, "%s/../shared/tools/facturx-check", src ? src : ".");
    if (access(checker, R_OK) != 0 || access("/usr/bin/python3", X_OK) != 0) {
        printf("note: %s not found: PDFs checked without it\n", checker);
        checker[0] = 0;
    }
    return eng ? 0 : 1;
}

static int suite_clean(void)
{
    einv_engine_close(eng);
    return 0;
}

/* The PDF of a canonical JSON text (malloc'd copy; *len), or NULL. */
static unsigned char *pdf_of(const char *json, size_t *len)
{
    einv_export_opts_t o = {"facturx", "EN16931", NULL};
    einv_error_t err;
    einv_export_t *x = einv_export_json(eng, &o, json, strlen(json), &err);
    unsigned char *copy = NULL;
    if (x && einv_export_ok(x)) {
        const unsigned char *d = einv_export_data(x, len);
        if ((copy = malloc(*len)))
            memcpy(copy, d, *len);
    } else
        fprintf(stderr, "\nexport failed: %s\n", x ? einv_export_error(x)->message : err.message);
    einv_export_free(x);
    return copy;
}

static char *canonical(const void *data, size_t len, int *valid)
{
    einv_validate_opts_t o = {.profile = "EN16931", .want_canonical = 1};
    einv_error_t err;
    einv_result_t *r = einv_validate(eng, &o, data, len, &err);
    char *c = r && einv_result_canonical(r) ? strdup(einv_result_canonical(r)) : NULL;
    *valid = r && einv_result_valid(r);
    if (r && !*valid)
        fprintf(stderr, "\nfindings: %s\n", tst_distinct_codes(r));
    einv_result_free(r);
    return c;
}

static int have_pdftotext(void) { return access("/usr/bin/pdftotext", X_OK) == 0; }

static void check_container(const unsigned char *pdf, size_t len)
{
    char cmd[1200];
    int st = -1;
    char *out;
    CU_ASSERT_TRUE(len > 1000 && memcmp(pdf, "%PDF-1.7\n%", 10) == 0);
    if (!checker[0])
        return;
    snprintf(cmd, sizeof cmd, "/usr/bin/python3 %s %%s 2>&1", checker);
    out = tpdf_run(pdf, len, cmd, &st);
    if (st != 0)
        fprintf(stderr, "\nfacturx-check: %s\n", out ? out : "(no output)");
    CU_ASSERT_EQUAL(st, 0);
    free(out);
}

static void test_max_content(void)
{
    size_t len, plen;
    char *src = tst_read_data("json/max-content.json", &len), *a, *b;
    unsigned char *pdf;
    int valid = 0;
    CU_ASSERT_PTR_NOT_NULL_FATAL(src);
    a = canonical(src, len, &valid);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    pdf = pdf_of(a, &plen);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pdf);
    check_container(pdf, plen);
    b = canonical(pdf, plen, &valid);
    CU_ASSERT_TRUE(valid);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    if (strcmp(a, b) != 0)
        fprintf(stderr, "\nchanged:\n%s\n%s\n", a, b);
    CU_ASSERT_STRING_EQUAL(a, b);
    if (have_pdftotext()) {
        int st;
        char *txt = tpdf_run(pdf, plen, "pdftotext -raw %s -", &st);
        CU_ASSERT_PTR_NOT_NULL_FATAL(txt);
        CU_ASSERT_PTR_NOT_NULL(strstr(txt, "MAX-2026-0001"));
        CU_ASSERT_PTR_NOT_NULL(strstr(txt, "1363.12 EUR"));
        CU_ASSERT_PTR_NOT_NULL(strstr(txt, "Beratung – Größenordnung ÄÖÜ"));
        CU_ASSERT_PTR_NOT_NULL(strstr(txt, "Ærø, Øresund, Åland; café, naïve, perché"));
        CU_ASSERT_PTR_NOT_NULL(strstr(txt, "DE89370400440532013000"));
        free(txt);
    }
    free(pdf);
    free(a);
    free(b);
    free(src);
}

/* A canonical invoice of n lines whose descriptions are given by fmt (one %d). */
static char *lines_invoice(int n, const char *fmt)
{
    size_t cap = 4096 + (size_t)n * 512, k = 0;
    char *s = malloc(cap), desc[400];
    int i;
    k += (size_t)snprintf(s + k, cap - k,
                          "{\"invoiceNumber\":\"L-%d\",\"issueDate\":\"2026-11-25\",\"typeCode\":\"380\","
                          "\"currency\":\"EUR\",\"lines\":[", n);
    for (i = 0; i < n; i++) {
        snprintf(desc, sizeof desc, fmt, i + 1);
        k += (size_t)snprintf(s + k, cap - k,
                              "%s{\"id\":\"%d\",\"description\":\"%s\",\"quantity\":1,\"unit\":\"C62\","
                              "\"price\":1.00,\"taxCategory\":\"S\",\"taxRate\":19,\"netAmount\":1.00}",
                              i ? "," : "", i + 1, desc);
    }
    snprintf(s + k, cap - k, "]}");
    return s;
}

static void test_500_lines_paginate(void)
{
    char *json = lines_invoice(500, "Position %d: a description long enough to wrap onto a second line of "
                                    "the description column, with umlauts äöü and accents éèà");
    size_t plen;
    unsigned char *pdf = pdf_of(json, &plen);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pdf);
    check_container(pdf, plen);
    if (have_pdftotext()) {
        int st;
        char *txt = tpdf_run(pdf, plen, "pdftotext -raw %s -", &st), *p, want[80];
        int pages = 0, headers = 0;
        CU_ASSERT_PTR_NOT_NULL_FATAL(txt);
        for (p = txt; (p = strstr(p, "Description")); p++)
            headers++;
        for (p = txt; (p = strstr(p, " of ")) && (p = strstr(p, "page ")); p++)
            pages++;
        CU_ASSERT_TRUE(headers >= 10);   /* the header on every page */
        snprintf(want, sizeof want, "page %d of %d", headers, headers);
        CU_ASSERT_PTR_NOT_NULL(strstr(txt, want));
        CU_ASSERT_PTR_NOT_NULL(strstr(txt, "Position 500: a description"));
        CU_ASSERT_PTR_NOT_NULL(strstr(txt, "Position 1: a description"));
        free(txt);
    }
    free(pdf);
    free(json);
}

/* Characters DejaVu lacks (CJK, emoji), tab / line feed / CR / DEL and bidi controls, a
 * word of 200 KB: a checked PDF, quickly. (Other C0 controls never reach an export: the
 * canonical JSON cannot hold them, test_export_cii.c's bad input.) */
static void test_hostile_text(void)
{
    static const char *const DESC[] = {
        "中文发票 日本語の請求書 한국어 송장 \\ud83d\\ude00\\ud83d\\udcb6",
        "tab\\tand\\nnewline\\r and \\u007f end",
        "\\u202eright-to-left override \\u200b zero width"};
    size_t i, plen;
    for (i = 0; i < 3; i++) {
        char *json = lines_invoice(3, DESC[i]);
        unsigned char *pdf = pdf_of(json, &plen);
        CU_ASSERT_PTR_NOT_NULL(pdf);
        if (pdf)
            check_container(pdf, plen);
        free(pdf);
        free(json);
    }
    {
        size_t n = 200000, k;
        char *json = malloc(n + 256);
        double t0 = tst_now_ms();
        unsigned char *pdf;
        k = (size_t)snprintf(json, n + 256, "{\"invoiceNumber\":\"W\",\"lines\":[{\"id\":\"1\",\"description\":\"");
        memset(json + k, 'W', n);
        strcpy(json + k + n, "\"}]}");
        pdf = pdf_of(json, &plen);
        CU_ASSERT_PTR_NOT_NULL(pdf);
        CU_ASSERT_TRUE(tst_now_ms() - t0 < 20000);
        free(pdf);
        free(json);
    }
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("export_facturx", suite_init, suite_clean);
    CU_add_test(s, "every business term through the PDF; facturx-check; text", test_max_content);
    CU_add_test(s, "500 lines: pages, repeated header, page i of n", test_500_lines_paginate);
    CU_add_test(s, "text the fonts lack, control characters, a 200 KB word", test_hostile_text);
}
