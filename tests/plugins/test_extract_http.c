/* The extraction chain over HTTP against the real einvoiced, on SQLite and (EINV_TEST_PG_URL)
 * PostgreSQL: POST /v1/invoices/extract with a generated text PDF → 202 → the final status
 * with the extracted fields in canonicalJson (invoiceFormat PDF_EXTRACTED, validated under
 * EN16931) → GET /download: a Factur-X PDF that passes ../shared/tools/facturx-check and
 * whose embedded XML reads back as the stored canonical invoice. tier=ACCURATE on a FREE
 * account is 403. */
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"

static sp_server_t S;
static char K_PRO[SP_KEY_MAX], K_FREE[SP_KEY_MAX];
static einv_engine_t *ENG;
static unsigned char *PDF;
static size_t PDF_LEN;

/* POST the fixture to /extract; the HTTP status, the id of a 202 into id. */
static int post_extract(const char *key, const char *tier, char id[40])
{
    hc_multipart_t *mp = hc_mp_new();
    hc_response_t res;
    json_object *o, *v;
    int st;
    hc_mp_field(mp, "profile", "EN16931");
    if (tier)
        hc_mp_field(mp, "tier", tier);
    hc_mp_file(mp, "file", "invoice.pdf", "application/pdf", PDF, PDF_LEN);
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

/* GET the invoice until it leaves "processing" (60 s at most: OCR is slow under ASan). */
static json_object *await_final(const char *id)
{
    char path[128];
    double until = tst_now_ms() + 60000;
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

/* facturx-check over the bytes (1 when it passes or is not there). */
static int passes_check(const void *data, size_t len)
{
    const char *src = getenv("EINV_SOURCE_DIR");
    char tool[1024], path[] = "/tmp/einv-xhttp-XXXXXX", cmd[1200];
    int fd = mkstemp(path), rc;
    snprintf(tool, sizeof tool, "%s/../shared/tools/facturx-check", src ? src : ".");
    if (fd < 0)
        return 0;
    rc = write(fd, data, len) == (ssize_t)len;
    close(fd);
    if (rc && access(tool, R_OK) == 0) {
        snprintf(cmd, sizeof cmd, "/usr/bin/python3 %s %s >&2", tool, path);
        rc = system(cmd) == 0;
    }
    unlink(path);
    return rc;
}

static void test_chain(void)
{
    char id[40], path[160];
    json_object *inv, *canon;
    hc_response_t res;
    einv_validate_opts_t o = {.profile = "EN16931", .want_canonical = 1};
    einv_error_t err;
    einv_result_t *r;
    CU_ASSERT_EQUAL_FATAL(post_extract(K_PRO, "FAST", id), 202);
    inv = await_final(id);
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    if (strcmp(str_at(inv, "status", NULL), "validated"))
        fprintf(stderr, "\n  %s", json_object_to_json_string(inv));
    CU_ASSERT_STRING_EQUAL(str_at(inv, "status", NULL), "validated");
    CU_ASSERT_STRING_EQUAL(str_at(inv, "invoiceFormat", NULL), "PDF_EXTRACTED");
    CU_ASSERT_FATAL(json_object_object_get_ex(inv, "canonicalJson", &canon));
    CU_ASSERT_STRING_EQUAL(str_at(canon, "invoiceNumber", NULL), "INV-01110");
    CU_ASSERT_STRING_EQUAL(str_at(canon, "issueDate", NULL), "2026-02-14");
    CU_ASSERT_STRING_EQUAL(str_at(canon, "supplier", "vatId"), "BE0769949970");
    CU_ASSERT_STRING_EQUAL(str_at(canon, "totals", "payableAmount"), "320628.66");
    /* the hybrid */
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", id);
    CU_ASSERT_EQUAL_FATAL(hc_request_auth(S.port, "GET", path, K_PRO, NULL, NULL, 0, &res), 200);
    CU_ASSERT(res.body_len > 1000 && memcmp(res.body, "%PDF-", 5) == 0);
    CU_ASSERT(passes_check(res.body, res.body_len));
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
        CU_ASSERT(einv_result_valid(r));
        json_object_put(got);
    }
    if (r)
        einv_result_free(r);
    hc_response_free(&res);
    json_object_put(inv);
}

static void test_accurate_free(void)
{
    char id[40];
    CU_ASSERT_EQUAL(post_extract(K_FREE, "ACCURATE", id), 403);
}

/* The suites' set-up: the first runs on SQLite, the second on PostgreSQL. */
static int suite_init(void)
{
    static int runs;
    const char *env[] = {"EINV_WORKERS=1", "OMP_THREAD_LIMIT=1", NULL};
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
    free(PDF);
    return 0;
}

void tst_suites(void)
{
    einv_error_t err;
    char path[1024];
    FILE *f;
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
    snprintf(path, sizeof path, "%s/extract/invoice-text.pdf", getenv("EINV_TEST_DATA"));
    if (!(f = fopen(path, "rb")) || !(PDF = malloc(1 << 20))) {
        tst_setup_failed("the extraction fixture is missing");
        if (f)
            fclose(f);
        return;
    }
    PDF_LEN = fread(PDF, 1, 1 << 20, f);
    fclose(f);
    for (int pg = 0; pg < 2; pg++) {
        if (pg && sp_pg_missing()) {
            tst_skip("extract over HTTP on PostgreSQL: EINV_TEST_PG_URL not set");
            break;
        }
        s = CU_add_suite(pg ? "extract_http_postgresql" : "extract_http_sqlite", suite_init, suite_clean);
        CU_add_test(s, "extract, status, download Factur-X", test_chain);
        CU_add_test(s, "ACCURATE on FREE: 403", test_accurate_free);
    }
}
