/* The extraction chain over HTTP against the real einvoiced, on SQLite and (EINV_TEST_PG_URL)
 * PostgreSQL: POST /v1/invoices/extract → 202 → the final status with the extracted fields in
 * canonicalJson (invoiceFormat PDF_EXTRACTED, validated under EN16931) → GET /download: the
 * hybrid, a Factur-X PDF that passes ../shared/tools/facturx-check, whose embedded XML reads
 * back as the stored canonical invoice and whose pages are the received ones (page count and
 * sizes as pdfinfo prints them; a text PDF with embedded fonts keeps its pages and pdftotext
 * gives the received text; one with unembedded fonts is imaged, its words in an invisible
 * layer: X-Hybrid-Pages says which).
 * ACCURATE on a Pro account runs the ACCURATE tier (its EXTRACTION-TIER finding); on a FREE
 * account it is 403. Every extracted invoice carries `extraction` (tier, readings, pages, and
 * per field a confidence in [0, 1] whose JSON pointer names a value of the stored
 * canonicalJson, with its page where given); an invoice of another format has `extraction`
 * null, and list items have no such member. */
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "http_client.h"
#include "server_proc.h"
#include "tpdf_tools.h"
#include "tsupport.h"

typedef struct fixture {
    const char *name;
    char *data;
    size_t len;
} fixture_t;

static sp_server_t S;
static char K_PRO[SP_KEY_MAX], K_FREE[SP_KEY_MAX];
static einv_engine_t *ENG;
/* a text PDF with unembedded fonts, one with every font embedded (2 pages), a scan */
static fixture_t TEXT = {"extract/invoice-text.pdf", NULL, 0}, EMBEDDED = {"extract/invoice-text-embedded.pdf", NULL, 0},
                 SCAN = {"extract/invoice-scan-top.pdf", NULL, 0};

/* POST a fixture to /extract; the HTTP status, the id of a 202 into id. */
static int post_extract(const char *key, const char *tier, const fixture_t *fx, char id[40])
{
    hc_multipart_t *mp = hc_mp_new();
    hc_response_t res;
    json_object *o, *v;
    int st;
    hc_mp_field(mp, "profile", "EN16931");
    if (tier)
        hc_mp_field(mp, "tier", tier);
    hc_mp_file(mp, "file", "invoice.pdf", "application/pdf", fx->data, fx->len);
    st = hc_request_auth(S.port, "POST", "/api/v1/invoices/extract", key, hc_mp_content_type(mp),
                         hc_mp_data(mp), hc_mp_len(mp), &res);
    hc_mp_free(mp);
    o = res.body ? json_tokener_parse(res.body) : NULL;
    id[0] = '\0';
    if (o && json_object_object_get_ex(o, "id", &v))
        snprintf(id, 40, "%s", json_object_get_string(v));
    if (st != 202 && st != 403)
        fprintf(stderr, "\n  extract: %d %s", st, res.body ? res.body : res.error);
    json_object_put(o);
    hc_response_free(&res);
    return st;
}

/* GET the invoice until it leaves "processing" (180 s at most: OCR is slow under ASan). */
static json_object *await_final(const char *id)
{
    char path[128];
    double until = tst_now_ms() + 180000;
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    while (tst_now_ms() < until) {
        hc_response_t res;
        json_object *o = NULL, *st;
        int code = hc_request_auth(S.port, "GET", path, K_PRO, NULL, NULL, 0, &res);
        if (code == 200 && res.body)
            o = json_tokener_parse(res.body);
        hc_response_free(&res);
        if (o && json_object_object_get_ex(o, "status", &st) && strcmp(json_object_get_string(st), "processing"))
            return o;
        json_object_put(o);
        tst_sleep_ms(50);
    }
    return NULL;
}

static const char *str_at(json_object *o, const char *a, const char *b)
{
    json_object *v;
    if (!json_object_object_get_ex(o, a, &v) || (b && !json_object_object_get_ex(v, b, &v)))
        return NULL;
    return json_object_get_string(v);
}

/* The extraction object of the final invoice inv: tier as asked, pages as received; every
 * field's pointer names a value of canonicalJson, its confidence in [0, 1], its page (when
 * given) one of the document's; the invoice number and the first line among the fields.
 * Returns the number of fields. */
static size_t check_extraction(json_object *inv, const char *tier, int pages)
{
    json_object *x, *canon, *fields, *v;
    size_t n = 0;
    CU_ASSERT_FATAL(json_object_object_get_ex(inv, "extraction", &x) && json_object_is_type(x, json_type_object));
    CU_ASSERT_FATAL(json_object_object_get_ex(inv, "canonicalJson", &canon) && canon);
    CU_ASSERT_STRING_EQUAL(str_at(x, "tier", NULL), tier);
    CU_ASSERT(json_object_object_get_ex(x, "pages", &v) && json_object_get_int(v) == pages);
    CU_ASSERT(json_object_object_get_ex(x, "readings", &v) && json_object_get_int(v) >= 1);
    CU_ASSERT(json_object_object_get_ex(x, "ocrPages", &v) && json_object_is_type(v, json_type_int));
    CU_ASSERT_FATAL(json_object_object_get_ex(x, "fields", &fields) && json_object_is_type(fields, json_type_object));
    json_object_object_foreach(fields, path, f) {
        json_object *c, *val = NULL, *page;
        int resolves = json_pointer_get(canon, path, &val) == 0 && val;
        if (!resolves)
            fprintf(stderr, "\n  extraction field %s is not a value of canonicalJson", path);
        CU_ASSERT(resolves);
        CU_ASSERT(json_object_object_get_ex(f, "confidence", &c) &&
                  (json_object_is_type(c, json_type_double) || json_object_is_type(c, json_type_int)) &&
                  json_object_get_double(c) >= 0 && json_object_get_double(c) <= 1);
        if (json_object_object_get_ex(f, "page", &page))
            CU_ASSERT(json_object_get_int(page) >= 1 && json_object_get_int(page) <= pages);
        n++;
    }
    CU_ASSERT_PTR_NOT_NULL(json_object_object_get(fields, "/invoiceNumber"));
    CU_ASSERT_PTR_NOT_NULL(json_object_object_get(fields, "/lines/0"));
    return n;
}

/* Remove members whose value is null (the canonical JSON of the PDF leaves them out). */
static void no_nulls(json_object *o)
{
    struct json_object_iterator it, end;
    char keys[64][64];
    int n = 0, i;
    if (!json_object_is_type(o, json_type_object)) {
        if (json_object_is_type(o, json_type_array))
            for (i = 0; i < (int)json_object_array_length(o); i++)
                no_nulls(json_object_array_get_idx(o, (size_t)i));
        return;
    }
    it = json_object_iter_begin(o), end = json_object_iter_end(o);
    for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
        json_object *v = json_object_iter_peek_value(&it);
        if (!v && n < 64)
            snprintf(keys[n++], 64, "%s", json_object_iter_peek_name(&it));
        else
            no_nulls(v);
    }
    for (i = 0; i < n; i++)
        json_object_object_del(o, keys[i]);
}

/* GET the hybrid of invoice id (stored canonical canon, received fixture fx) and check it:
 * facturx-check, the embedded XML gives the stored invoice, the received pages (count and
 * sizes), X-Hybrid-Pages as expected; kept pages give the received text. */
static void check_download(const char *id, json_object *canon, const fixture_t *fx, const char *pages)
{
    char path[160], hdr[32] = "";
    hc_response_t res;
    einv_validate_opts_t o = {.profile = "EN16931", .want_canonical = 1};
    einv_error_t err;
    einv_result_t *r;
    char *a, *b;
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", id);
    CU_ASSERT_EQUAL_FATAL(hc_request_auth(S.port, "GET", path, K_PRO, NULL, NULL, 0, &res), 200);
    CU_ASSERT(res.body_len > 1000 && memcmp(res.body, "%PDF-", 5) == 0);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "X-Hybrid-Pages", hdr, sizeof hdr));
    if (strcmp(hdr, pages))
        fprintf(stderr, "\n  %s: X-Hybrid-Pages %s, expected %s", fx->name, hdr, pages);
    CU_ASSERT_STRING_EQUAL(hdr, pages);
    CU_ASSERT(tpdf_facturx_check(res.body, res.body_len));
    a = tpdf_pages(fx->data, fx->len), b = tpdf_pages(res.body, res.body_len);
    CU_ASSERT(a && b && !strcmp(a, b) && strchr(b, '|'));
    if (a && b && strcmp(a, b))
        fprintf(stderr, "\n  %s: pages %s, hybrid %s", fx->name, a, b);
    free(a), free(b);
    /* kept pages give the received text as it is; imaged ones carry it as an invisible
     * layer (every word of a text PDF found again; a scan has none) */
    a = tpdf_text(fx->data, fx->len), b = tpdf_text(res.body, res.body_len);
    CU_ASSERT(a && b);
    if (a && b && !strcmp(pages, "kept"))
        CU_ASSERT_STRING_EQUAL(a, b);
    if (a && b && strcmp(pages, "kept") && strlen(a) > 100) {
        double share = tpdf_words_found(a, b);
        if (share < 0.99)
            fprintf(stderr, "\n  %s: %.1f %% of the words in the hybrid's text", fx->name, share * 100);
        CU_ASSERT(share >= 0.99);
    }
    free(a), free(b);
    r = einv_validate(ENG, &o, res.body, res.body_len, &err);
    CU_ASSERT_PTR_NOT_NULL(r);
    if (r && einv_result_canonical(r)) {
        json_object *got = json_tokener_parse(einv_result_canonical(r));
        int same;
        no_nulls(got);
        no_nulls(canon);
        same = json_object_equal(got, canon);
        if (!same)
            fprintf(stderr, "\n  stored %s\n  in PDF %s", json_object_to_json_string(canon), einv_result_canonical(r));
        CU_ASSERT(same);
        json_object_put(got);
    }
    if (r)
        einv_result_free(r);
    hc_response_free(&res);
}

/* Extract fx (tier) on the Pro account: the final invoice (caller frees) or NULL. */
static json_object *extract_final(const char *tier, const fixture_t *fx, char id[40])
{
    json_object *inv;
    if (post_extract(K_PRO, tier, fx, id) != 202)
        return NULL;
    inv = await_final(id);
    if (inv && strcmp(str_at(inv, "status", NULL), "validated"))
        fprintf(stderr, "\n  %s", json_object_to_json_string(inv));
    return inv;
}

/* FAST on fx: validated, its fields as printed (truth: number, issue date, supplier VAT id,
 * payable amount, item rows), then the hybrid's pages kept or imaged. */
static void chain(const fixture_t *fx, const char *const truth[4], size_t rows, int n_pages, const char *pages)
{
    char id[40];
    json_object *inv = extract_final("FAST", fx, id), *canon, *lines;
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    CU_ASSERT_STRING_EQUAL(str_at(inv, "status", NULL), "validated");
    CU_ASSERT_STRING_EQUAL(str_at(inv, "invoiceFormat", NULL), "PDF_EXTRACTED");
    CU_ASSERT_FATAL(json_object_object_get_ex(inv, "canonicalJson", &canon));
    CU_ASSERT_STRING_EQUAL(str_at(canon, "invoiceNumber", NULL), truth[0]);
    CU_ASSERT_STRING_EQUAL(str_at(canon, "issueDate", NULL), truth[1]);
    CU_ASSERT_STRING_EQUAL(str_at(canon, "supplier", "vatId"), truth[2]);
    CU_ASSERT_STRING_EQUAL(str_at(canon, "totals", "payableAmount"), truth[3]);
    CU_ASSERT(json_object_object_get_ex(canon, "lines", &lines) && json_object_array_length(lines) == rows);
    CU_ASSERT(check_extraction(inv, "FAST", n_pages) > rows);   /* the rows and the header fields */
    check_download(id, canon, fx, pages);
    json_object_put(inv);
}

/* unembedded fonts: the hybrid's pages are images of the received ones */
static void test_chain(void)
{
    static const char *const T[4] = {"INV-01110", "2026-02-14", "BE0769949970", "320628.66"};
    chain(&TEXT, T, 7, 1, "imaged");
}

/* every font embedded (2 pages): the hybrid keeps the received pages and their text */
static void test_chain_kept(void)
{
    static const char *const T[4] = {"F303277", "2026-03-11", "IT52510613947", "1285873.08"};
    chain(&EMBEDDED, T, 22, 2, "kept");
}

/* ACCURATE on Pro runs the ACCURATE tier (its INFO finding in the stored result); the scan's
 * JPEG pages are PDF/A-3 as they are: kept */
static void test_accurate_pro(void)
{
    char id[40];
    json_object *inv = extract_final("ACCURATE", &SCAN, id), *canon, *vr;
    const char *txt;
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    CU_ASSERT_STRING_EQUAL(str_at(inv, "invoiceFormat", NULL), "PDF_EXTRACTED");
    CU_ASSERT_FATAL(json_object_object_get_ex(inv, "validationResult", &vr));
    txt = json_object_to_json_string(vr);
    CU_ASSERT_PTR_NOT_NULL(strstr(txt, "EXTRACTION-TIER"));
    CU_ASSERT_PTR_NOT_NULL(strstr(txt, "Read with the ACCURATE tier"));
    if (!strstr(txt, "ACCURATE tier"))
        fprintf(stderr, "\n  %s", txt);
    CU_ASSERT_FATAL(json_object_object_get_ex(inv, "canonicalJson", &canon) && canon);
    CU_ASSERT_STRING_EQUAL(str_at(canon, "invoiceNumber", NULL), "INV-01110");
    check_extraction(inv, "ACCURATE", 1);
    CU_ASSERT(json_object_get_int(json_object_object_get(json_object_object_get(inv, "extraction"), "ocrPages")) == 1);
    check_download(id, canon, &SCAN, "kept");
    json_object_put(inv);
}

/* An invoice of another format has no extraction object (null), and list items carry none. */
static void test_not_extracted(void)
{
    size_t len;
    char *xml = tst_read_data("ubl/sample-invoice.xml", &len), id[40] = "";
    hc_multipart_t *mp = hc_mp_new();
    hc_response_t res;
    json_object *o, *inv, *v, *items;
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    hc_mp_field(mp, "profile", "EN16931");
    hc_mp_file(mp, "file", "invoice.xml", "application/xml", xml, len);
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "POST", "/api/v1/invoices/validate", K_PRO, hc_mp_content_type(mp),
                                    hc_mp_data(mp), hc_mp_len(mp), &res), 202);
    hc_mp_free(mp);
    free(xml);
    o = res.body ? json_tokener_parse(res.body) : NULL;
    if (o && json_object_object_get_ex(o, "id", &v))
        snprintf(id, sizeof id, "%s", json_object_get_string(v));
    json_object_put(o);
    hc_response_free(&res);
    inv = await_final(id);
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    CU_ASSERT_STRING_EQUAL(str_at(inv, "invoiceFormat", NULL), "UBL");
    CU_ASSERT(json_object_object_get_ex(inv, "extraction", &v) && v == NULL);   /* present, null */
    json_object_put(inv);
    CU_ASSERT_EQUAL_FATAL(hc_request_auth(S.port, "GET", "/api/v1/invoices?size=100", K_PRO, NULL, NULL, 0, &res), 200);
    o = json_tokener_parse(res.body);
    CU_ASSERT_FATAL(o && json_object_object_get_ex(o, "content", &items) && json_object_array_length(items) > 1);
    for (size_t i = 0; i < json_object_array_length(items); i++)
        CU_ASSERT_FALSE(json_object_object_get_ex(json_object_array_get_idx(items, i), "extraction", NULL));
    json_object_put(o);
    hc_response_free(&res);
}

static void test_accurate_free(void)
{
    char id[40];
    CU_ASSERT_EQUAL(post_extract(K_FREE, "ACCURATE", &TEXT, id), 403);
}

/* The suites' set-up: the first runs on SQLite, the second on PostgreSQL. */
static int suite_init(void)
{
    static int runs;
    /* a validation time limit of 1 ms: an extraction is bounded by its own guards and the
     * job deadline instead (the chains end validated, not LIMIT-TIME) */
    const char *env[] = {"EINV_WORKERS=1", "OMP_THREAD_LIMIT=1", "EINV_LIMIT_TIMEOUT_MS=1", NULL};
    if (sp_init(&S, runs++ == 0 ? SP_SQLITE : SP_POSTGRES) != 0 || sp_start(&S, env) != 0)
        return 1;
    return sp_account_key(&S, "xp@example.com", "PRO", 0, 0, -1, K_PRO) != 0 ||
           sp_account_key(&S, "xf@example.com", "FREE", 0, 0, -1, K_FREE) != 0;
}

static int suite_clean(void)
{
    sp_cleanup(&S);
    return 0;
}

unsigned tst_after(void)
{
    einv_engine_close(ENG);
    free(TEXT.data), free(EMBEDDED.data), free(SCAN.data);
    return 0;
}

void tst_suites(void)
{
    einv_error_t err;
    CU_pSuite s;
    ENG = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    if (!ENG) {
        tst_setup_failed("no engine over the build's plugins");
        return;
    }
    if (!einv_engine_format(ENG, "pdf")) {
        tst_skip("extract over HTTP: the extract plugin (format pdf) is not built");
        return;
    }
    if (!(TEXT.data = tst_read_data(TEXT.name, &TEXT.len)) || !(EMBEDDED.data = tst_read_data(EMBEDDED.name, &EMBEDDED.len)) ||
        !(SCAN.data = tst_read_data(SCAN.name, &SCAN.len))) {
        tst_setup_failed("the extraction fixtures are missing");
        return;
    }
    for (int pg = 0; pg < 2; pg++) {
        if (pg && sp_pg_missing()) {
            tst_skip("extract over HTTP on PostgreSQL: EINV_TEST_PG_URL not set");
            break;
        }
        s = CU_add_suite(pg ? "extract_http_postgresql" : "extract_http_sqlite", suite_init, suite_clean);
        CU_add_test(s, "extract, status, download: pages imaged", test_chain);
        CU_add_test(s, "extract, status, download: pages kept", test_chain_kept);
        CU_add_test(s, "ACCURATE on Pro", test_accurate_pro);
        CU_add_test(s, "ACCURATE on FREE: 403", test_accurate_free);
        CU_add_test(s, "another format: extraction null", test_not_extracted);
    }
}
