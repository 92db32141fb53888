/* GET /api/v1/invoices/{id}/report against the real einvoiced on SQLite and
 * (EINV_TEST_PG_URL) PostgreSQL, over HTTP on loopback: the order of checks 401 -> 400 ->
 * 404 -> 409 -> 200 of the other GETs on an invoice (another account's invoice is 404, a
 * super-admin reads it); the page is text/html, self-contained (no script, nothing loaded,
 * a CSP forbidding both) and printable, with the verdict, the canonical invoice's key data
 * and the findings grouped by layer (field, suggestion, rule text, terms); a failed
 * invoice has a report too; the document's text is escaped. */
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"

static sp_server_t S;
static char K[SP_KEY_MAX], K_OTHER[SP_KEY_MAX], K_ADMIN[SP_KEY_MAX];

/* Submit a UBL document (multipart, EN16931); its id, or "" with the answer printed. */
static void submit(const char *key, const char *doc, size_t len, char id[40])
{
    hc_response_t res;
    hc_multipart_t *mp = hc_mp_new();
    json_object *o, *v;
    int st;
    id[0] = 0;
    hc_mp_field(mp, "profile", "EN16931");
    hc_mp_file(mp, "file", "invoice.xml", "application/xml", doc, len);
    st = hc_request_auth(S.port, "POST", "/api/v1/invoices/validate", key, hc_mp_content_type(mp), hc_mp_data(mp),
                         hc_mp_len(mp), &res);
    hc_mp_free(mp);
    o = res.body ? json_tokener_parse(res.body) : NULL;
    if (st == 202 && o && json_object_object_get_ex(o, "id", &v))
        snprintf(id, 40, "%s", json_object_get_string(v));
    else
        fprintf(stderr, "\n  submit: %d %s", st, res.body ? res.body : res.error);
    json_object_put(o);
    hc_response_free(&res);
}

/* The report once the invoice is final (polls while it answers 409). */
static int report(const char *key, const char *id, hc_response_t *res)
{
    char path[128];
    double until = tst_now_ms() + 30000;
    snprintf(path, sizeof path, "/api/v1/invoices/%s/report", id);
    for (;;) {
        int st = hc_request_auth(S.port, "GET", path, key, NULL, NULL, 0, res);
        if (st != 409 || tst_now_ms() > until)
            return st;
        hc_response_free(res);
        tst_sleep_ms(20);
    }
}

/* The sample UBL invoice with one substitution (find NULL: as it is). */
static char *sample(const char *find, const char *repl, size_t *len)
{
    char *s = tst_read_data("ubl/sample-invoice.xml", len), *p, *out;
    if (!s || !find || !(p = strstr(s, find)))
        return s;
    out = malloc(*len + strlen(repl) + 1);
    memcpy(out, s, (size_t)(p - s));
    strcpy(out + (p - s), repl);
    strcat(out, p + strlen(find));
    *len = strlen(out);
    free(s);
    return out;
}

static void assert_self_contained(const hc_response_t *res)
{
    char hv[512];
    CU_ASSERT_PTR_NOT_NULL(hc_header(res, "Content-Type", hv, sizeof hv));
    CU_ASSERT_STRING_EQUAL(hv, "text/html; charset=utf-8");
    CU_ASSERT_PTR_NOT_NULL(hc_header(res, "Content-Security-Policy", hv, sizeof hv));
    CU_ASSERT_PTR_NOT_NULL(strstr(hv, "default-src 'none'"));
    CU_ASSERT_PTR_NOT_NULL_FATAL(res->body);
    CU_ASSERT_TRUE(strncmp(res->body, "<!DOCTYPE html>", 15) == 0);
    CU_ASSERT_PTR_NULL(strstr(res->body, "<script"));
    CU_ASSERT_PTR_NULL(strstr(res->body, " src="));
    CU_ASSERT_PTR_NULL(strstr(res->body, "url("));
    CU_ASSERT_PTR_NULL(strstr(res->body, "<link"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res->body, "@media print"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res->body, "</html>"));
}

/* Submit the sample (with one substitution, find NULL: none) and fetch its final report:
 * 200 and self-contained, or the test stops. */
static void sample_report(const char *find, const char *repl, hc_response_t *res, char id[40])
{
    size_t len;
    char *doc = sample(find, repl, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    submit(K, doc, len, id);
    free(doc);
    CU_ASSERT_FATAL(id[0] != 0);
    CU_ASSERT_EQUAL_FATAL(report(K, id, res), 200);
    assert_self_contained(res);
}

static void test_valid_invoice(void)
{
    char id[40];
    hc_response_t res;
    sample_report(NULL, NULL, &res, id);
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "Validation report: invoice INV-2026-0042"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, id));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, ">valid</span>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "Profile <b>EN16931</b>, format <b>UBL</b>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "Northwind Trading GmbH"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "VAT DE123456789"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "Contoso SARL"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "2026-12-21"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "299.88 EUR"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "47.88 EUR"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "No findings."));
    hc_response_free(&res);
}

static void test_failed_invoice(void)
{
    char id[40];
    hc_response_t res;
    sample_report("<cbc:PayableAmount currencyID=\"EUR\">299.88", "<cbc:PayableAmount currencyID=\"EUR\">298.88", &res, id);
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, ">invalid</span>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "1 error, 0 warnings"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "EN 16931 business rules"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, ">BR-CO-16</a>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "BT-115, BT-112"));   /* the rule's terms */
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "The amount due (BT-115) is not total with VAT"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "Fix: Recompute cbc:PayableAmount"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "/Invoice/cac:LegalMonetaryTotal"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "298.88 EUR"));
    hc_response_free(&res);
    /* not XML at all: no canonical invoice, the schema finding */
    submit(K, "<Invoice><unclosed></Invoice>", 29, id);
    CU_ASSERT_FATAL(id[0] != 0);
    CU_ASSERT_EQUAL_FATAL(report(K, id, &res), 200);
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "No canonical invoice"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "Schema (well-formedness"));
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, ">XML-WELLFORMED</a>"));
    hc_response_free(&res);
}

/* Markup in the document is text in the report. */
static void test_escaped(void)
{
    char id[40];
    hc_response_t res;
    sample_report("<cbc:ID>INV-2026-0042</cbc:ID>", "<cbc:ID>&lt;script&gt;alert(1)&lt;/script&gt;&amp;\"x</cbc:ID>", &res, id);
    CU_ASSERT_PTR_NOT_NULL(strstr(res.body, "&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;x"));
    hc_response_free(&res);
}

/* 401 -> 400 -> 404 -> (409 in test_processing) in that order. */
static void test_order_of_checks(void)
{
    size_t len;
    char *doc = sample(NULL, NULL, &len), id[40], path[128];
    hc_response_t res;
    submit(K, doc, len, id);
    CU_ASSERT_FATAL(id[0] != 0);
    snprintf(path, sizeof path, "/api/v1/invoices/%s/report", id);
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "GET", path, NULL, NULL, NULL, 0, &res), 401);
    hc_response_free(&res);
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "GET", "/api/v1/invoices/not-a-uuid/report", NULL, NULL, NULL, 0, &res), 401);
    hc_response_free(&res);
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "GET", path, "svc_live_nonsense", NULL, NULL, 0, &res), 401);
    hc_response_free(&res);
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "GET", "/api/v1/invoices/not-a-uuid/report", K, NULL, NULL, 0, &res), 400);
    CU_ASSERT_PTR_NOT_NULL(res.body && strstr(res.body, "\"code\":400"));
    hc_response_free(&res);
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "GET", "/api/v1/invoices/00000000-0000-4000-8000-000000000000/report", K,
                                    NULL, NULL, 0, &res),
                    404);
    hc_response_free(&res);
    /* another account's invoice: 404, never 403; a super-admin reads it */
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "GET", path, K_OTHER, NULL, NULL, 0, &res), 404);
    hc_response_free(&res);
    CU_ASSERT_EQUAL(report(K_ADMIN, id, &res), 200);
    hc_response_free(&res);
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "POST", path, K, "text/plain", "x", 1, &res), 405);
    hc_response_free(&res);
    free(doc);
}

/* Without workers the invoice stays processing: 409 with Retry-After. */
static void test_processing(void)
{
    sp_server_t t, keep = S;
    const char *env[] = {"EINV_WORKERS=0", NULL};
    char key[SP_KEY_MAX], id[40], path[128], hv[32];
    size_t len;
    char *doc = sample(NULL, NULL, &len);
    hc_response_t res;
    CU_ASSERT_EQUAL_FATAL(sp_init(&t, S.kind), 0);
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, env), 0);
    CU_ASSERT_EQUAL_FATAL(sp_account_key(&t, "idle@example.com", "FREE", 0, 0, -1, key), 0);
    S = t;
    submit(key, doc, len, id);
    S = keep;
    CU_ASSERT_FATAL(id[0] != 0);
    snprintf(path, sizeof path, "/api/v1/invoices/%s/report", id);
    CU_ASSERT_EQUAL(hc_request_auth(t.port, "GET", path, key, NULL, NULL, 0, &res), 409);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Retry-After", hv, sizeof hv));
    CU_ASSERT_PTR_NOT_NULL(res.body && strstr(res.body, "still being processed"));
    hc_response_free(&res);
    sp_cleanup(&t);
    free(doc);
}

static int suite_init(sp_db_kind kind)
{
    const char *env[] = {"EINV_WORKERS=2", NULL};
    return sp_init(&S, kind) != 0 || sp_start(&S, env) != 0 ||
           sp_account_key(&S, "report@example.com", "PRO", 0, 0, -1, K) != 0 ||
           sp_account_key(&S, "other@example.com", "PRO", 0, 0, -1, K_OTHER) != 0 ||
           sp_account_key(&S, "admin@example.com", "PRO", 1, 0, -1, K_ADMIN) != 0;
}
static int init_sqlite(void) { return suite_init(SP_SQLITE); }
static int init_pg(void) { return suite_init(SP_POSTGRES); }
static int suite_clean(void)
{
    sp_cleanup(&S);
    return 0;
}

static void add_tests(CU_pSuite s)
{
    CU_add_test(s, "a valid invoice: key data, no findings", test_valid_invoice);
    CU_add_test(s, "a failed invoice: findings by layer with field, fix, rule text", test_failed_invoice);
    CU_add_test(s, "the document's markup is escaped", test_escaped);
    CU_add_test(s, "401 -> 400 -> 404, another account's invoice, super-admin", test_order_of_checks);
    CU_add_test(s, "still processing: 409 with Retry-After", test_processing);
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("report_sqlite", init_sqlite, suite_clean);
    add_tests(s);
    if (sp_pg_missing())
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL suite)");   /* fails the run under CI */
    else {
        s = CU_add_suite("report_postgresql", init_pg, suite_clean);
        add_tests(s);
    }
}
