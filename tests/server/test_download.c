/* GET /v1/invoices/{id}/download and /download/idoc against the real einvoiced on SQLite
 * and (EINV_TEST_PG_URL) PostgreSQL: UBL, CII, JSON, IDoc and OData submissions download
 * as a Factur-X PDF (application/pdf, attachment named after the sanitised invoice number)
 * that passes ../shared/tools/facturx-check, validates without errors and carries the
 * stored canonical invoice; a Factur-X submission downloads byte for byte; a sandbox
 * invoice exports its canned invoice; without the export module (EINV_PLUGINS) it is 501. */
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "exports.h"
#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"

static sp_server_t S;
static char K[SP_KEY_MAX], K_SBX[SP_KEY_MAX];
static einv_engine_t *ENG;
static char CHECKER[1024];    /* facturx-check, or "" when ../shared is absent */

static int submit(const char *key, const char *path, const char *ctype, const void *data, size_t len,
                  const char *filename, char id[40])
{
    hc_response_t res;
    int st;
    json_object *o, *v;
    id[0] = 0;
    if (ctype) {
        st = hc_request_auth(S.port, "POST", path, key, ctype, data, len, &res);
    } else {
        hc_multipart_t *mp = hc_mp_new();
        hc_mp_field(mp, "profile", "EN16931");
        hc_mp_file(mp, "file", filename, "application/octet-stream", data, len);
        st = hc_request_auth(S.port, "POST", path, key, hc_mp_content_type(mp), hc_mp_data(mp), hc_mp_len(mp), &res);
        hc_mp_free(mp);
    }
    o = res.body ? json_tokener_parse(res.body) : NULL;
    if (st == 202 && o && json_object_object_get_ex(o, "id", &v))
        snprintf(id, 40, "%s", json_object_get_string(v));
    else
        fprintf(stderr, "\n  submit %s: %d %s", filename, st, res.body ? res.body : res.error);
    json_object_put(o);
    hc_response_free(&res);
    return st;
}

/* Wait for the final state; returns the invoice resource (json_object_put it). */
static json_object *final_invoice(const char *key, const char *id)
{
    char path[128];
    double until = tst_now_ms() + 30000;
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    for (;;) {
        hc_response_t res;
        json_object *o = NULL, *v;
        int st = hc_request_auth(S.port, "GET", path, key, NULL, NULL, 0, &res);
        if (res.body)
            o = json_tokener_parse(res.body);
        hc_response_free(&res);
        if (st == 200 && o && json_object_object_get_ex(o, "status", &v) &&
            strcmp(json_object_get_string(v), "processing") != 0)
            return o;
        if (tst_now_ms() > until)
            return o;
        json_object_put(o);
        tst_sleep_ms(20);
    }
}

/* facturx-check on the bytes: 1 ok, 0 failed (output printed), 1 when no checker. */
static int facturx_check(const void *data, size_t len)
{
    char path[] = "/tmp/einv-dl-XXXXXX", cmd[1400];
    int fd, rc;
    FILE *f;
    if (!CHECKER[0])
        return 1;
    if ((fd = mkstemp(path)) < 0 || !(f = fdopen(fd, "wb")))
        return 0;
    fwrite(data, 1, len, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "/usr/bin/python3 %s %s >&2", CHECKER, path);
    rc = system(cmd);
    unlink(path);
    return rc == 0;
}

/* The canonical JSON of bytes (malloc'd) and whether they are valid under EN16931. */
static char *canonical_of(const void *data, size_t len, int *valid)
{
    einv_validate_opts_t o = {.profile = "EN16931", .want_canonical = 1};
    einv_error_t err;
    einv_result_t *r = einv_validate(ENG, &o, data, len, &err);
    char *c = r && einv_result_canonical(r) ? strdup(einv_result_canonical(r)) : NULL;
    *valid = r && einv_result_valid(r);
    if (r && !*valid)
        fprintf(stderr, "\n  findings: %s", tst_distinct_codes(r));
    einv_result_free(r);
    return c;
}

/* Remove null members (the sandbox's canned invoice is written by hand and names a few
 * absent fields as null that the serializer leaves out). */
static void drop_nulls(json_object *o)
{
    if (json_object_is_type(o, json_type_array)) {
        size_t i;
        for (i = 0; i < json_object_array_length(o); i++)
            drop_nulls(json_object_array_get_idx(o, i));
    } else if (json_object_is_type(o, json_type_object)) {
        const char *nulls[64];
        size_t n = 0, i;
        json_object_object_foreach(o, k, v) {
            if (!v && n < 64)
                nulls[n++] = k;
            else
                drop_nulls(v);
        }
        for (i = 0; i < n; i++)
            json_object_object_del(o, nulls[i]);
    }
}

/* Download the PDF of a validated invoice and check it against the stored canonical JSON. */
static void check_pdf(const char *key, const char *id, const char *want_file)
{
    char path[160], hv[256];
    hc_response_t res;
    json_object *inv = final_invoice(key, id), *canon = NULL, *st;
    char *got = NULL;
    int valid = 0;
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(inv, "status", &st));
    if (strcmp(json_object_get_string(st), "validated") != 0)
        fprintf(stderr, "\n  %s: %s", id, json_object_to_json_string(inv));
    CU_ASSERT_STRING_EQUAL_FATAL(json_object_get_string(st), "validated");
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", id);
    CU_ASSERT_EQUAL_FATAL(hc_request_auth(S.port, "GET", path, key, NULL, NULL, 0, &res), 200);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Content-Type", hv, sizeof hv));
    CU_ASSERT_STRING_EQUAL(hv, "application/pdf");
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Content-Disposition", hv, sizeof hv));
    if (want_file) {
        char want[200];
        snprintf(want, sizeof want, "attachment; filename=\"%s\"", want_file);
        CU_ASSERT_STRING_EQUAL(hv, want);
    }
    CU_ASSERT_TRUE(res.body_len > 1000 && memcmp(res.body, "%PDF-1.7", 8) == 0);
    CU_ASSERT_TRUE(facturx_check(res.body, res.body_len));
    got = canonical_of(res.body, res.body_len, &valid);
    CU_ASSERT_TRUE(valid);
    CU_ASSERT_PTR_NOT_NULL(got);
    /* the stored invoice and the one in the PDF: the same object */
    if (got && json_object_object_get_ex(inv, "canonicalJson", &canon)) {
        json_object *g = json_tokener_parse(got);
        int same;
        drop_nulls(g);
        drop_nulls(canon);
        same = json_object_equal(g, canon);
        if (!same)
            fprintf(stderr, "\n  stored %s\n  in PDF %s", json_object_to_json_string(canon), got);
        CU_ASSERT_TRUE(same);
        json_object_put(g);
    }
    free(got);
    hc_response_free(&res);
    json_object_put(inv);
}

/* The IDoc download: 200 application/xml with an INVOIC02 root when the module is there. */
static void check_idoc(const char *key, const char *id)
{
    char path[160], hv[128];
    hc_response_t res;
    int st;
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download/idoc", id);
    st = hc_request_auth(S.port, "GET", path, key, NULL, NULL, 0, &res);
    if (einv_engine_exporter(ENG, "idoc")) {
        CU_ASSERT_EQUAL(st, 200);
        CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Content-Type", hv, sizeof hv));
        CU_ASSERT_PTR_NOT_NULL(strstr(hv, "application/xml"));
        CU_ASSERT_PTR_NOT_NULL(res.body && strstr(res.body, "<INVOIC02"));
    } else
        CU_ASSERT_EQUAL(st, 501);
    hc_response_free(&res);
}

static void test_ubl_cii_json(void)
{
    static const char *const FILES[] = {"ubl/sample-invoice.xml", "cii/sample-invoice.xml", "json/max-content.json"};
    size_t i, len;
    char id[40];
    for (i = 0; i < 3; i++) {
        char *doc = tst_read_data(FILES[i], &len);
        CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
        if (i == 2) {
            char *body = malloc(len + 64);
            /* the JSON endpoint takes the profile in the body */
            snprintf(body, len + 64, "{\"validationProfile\":\"EN16931\",%s", strchr(doc, '{') + 1);
            CU_ASSERT_EQUAL_FATAL(submit(K, "/api/v1/invoices", "application/json", body, strlen(body), "json", id), 202);
            free(body);
        } else
            CU_ASSERT_EQUAL_FATAL(submit(K, "/api/v1/invoices/validate", NULL, doc, len, "invoice.xml", id), 202);
        check_pdf(K, id, i == 0 ? "INV-2026-0042.pdf" : NULL);
        check_idoc(K, id);
        free(doc);
    }
}

/* What the export leaves out is said: a VAT accounting currency equal to the invoice
 * currency (valid UBL; CII's BR-53 refuses it) gives X-Export-Findings: EXPORT-CII-LOST on
 * the PDF; the plain sample gives no such header. */
static void test_export_findings_header(void)
{
    size_t len;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len), *eq, path[160], hv[256], id[40], id2[40];
    const char *at, *ins = "<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>";
    hc_response_t res;
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    at = strstr(doc, "</cbc:DocumentCurrencyCode>");
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    at += strlen("</cbc:DocumentCurrencyCode>");
    eq = malloc(len + strlen(ins) + 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(eq);
    memcpy(eq, doc, (size_t)(at - doc));
    strcpy(eq + (at - doc), ins);
    strcat(eq, at);
    CU_ASSERT_EQUAL_FATAL(submit(K, "/api/v1/invoices/validate", NULL, eq, strlen(eq), "eq.xml", id), 202);
    CU_ASSERT_EQUAL_FATAL(submit(K, "/api/v1/invoices/validate", NULL, doc, len, "plain.xml", id2), 202);
    json_object_put(final_invoice(K, id));
    json_object_put(final_invoice(K, id2));
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", id);
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "GET", path, K, NULL, NULL, 0, &res), 200);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "X-Export-Findings", hv, sizeof hv));
    CU_ASSERT_STRING_EQUAL(hv, "EXPORT-CII-LOST");
    hc_response_free(&res);
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", id2);
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "GET", path, K, NULL, NULL, 0, &res), 200);
    CU_ASSERT_PTR_NULL(hc_header(&res, "X-Export-Findings", hv, sizeof hv));
    hc_response_free(&res);
    free(eq);
    free(doc);
}

/* Empty the first string value that follows `key` ("Name": ") in a JSON text. */
static void blank(char *json, const char *key)
{
    char *p = strstr(json, key), *end;
    if (p && (end = strchr(p + strlen(key), '"')))
        memmove(p + strlen(key), end, strlen(end) + 1);
}

static void test_idoc_odata(void)
{
    size_t len, mlen;
    char id[40], *m = tst_read_data("mapping/sample-mapping.json", &mlen);
    char *idoc = tst_read_data("idoc/invoic02-creditnote.xml", &len);
    char *od = tst_read_data("odata/supplierinvoice-reversecharge.json", NULL);
    hc_response_t res;
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_PTR_NOT_NULL_FATAL(idoc);
    CU_ASSERT_PTR_NOT_NULL_FATAL(od);
    CU_ASSERT_EQUAL_FATAL(hc_json(S.port, "PUT", "/api/v1/account/mappings", K, m, &res), 200);
    hc_response_free(&res);
    CU_ASSERT_EQUAL_FATAL(submit(K, "/api/v1/invoices/validate/idoc", NULL, idoc, len, "invoic02.xml", id), 202);
    check_pdf(K, id, NULL);
    check_idoc(K, id);
    /* the OData sample without its payment data (the mapping has no payment means code) */
    blank(od, "\"IBAN\": \"");
    blank(od, "\"PaymentReference\": \"");
    CU_ASSERT_EQUAL_FATAL(submit(K, "/api/v1/invoices/validate/odata?profile=EN16931", "application/json", od,
                                 strlen(od), "odata", id), 202);
    check_pdf(K, id, NULL);
    check_idoc(K, id);
    free(m);
    free(idoc);
    free(od);
}

/* A Factur-X upload downloads exactly as submitted. */
static void test_facturx_passthrough(void)
{
    size_t len, plen;
    char *src = tst_read_data("json/max-content.json", &len), id[40], path[160];
    int valid;
    char *canon = canonical_of(src, len, &valid);
    einv_export_opts_t o = {"facturx", "EN16931", NULL};
    einv_error_t err;
    einv_export_t *x = einv_export_json(ENG, &o, canon, strlen(canon), &err);
    const unsigned char *pdf;
    hc_response_t res;
    CU_ASSERT_TRUE_FATAL(x && einv_export_ok(x));
    pdf = einv_export_data(x, &plen);
    CU_ASSERT_EQUAL_FATAL(submit(K, "/api/v1/invoices/validate", NULL, pdf, plen, "factur-x.pdf", id), 202);
    json_object_put(final_invoice(K, id));
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", id);
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "GET", path, K, NULL, NULL, 0, &res), 200);
    CU_ASSERT_EQUAL(res.body_len, plen);
    CU_ASSERT_TRUE(res.body && res.body_len == plen && memcmp(res.body, pdf, plen) == 0);
    hc_response_free(&res);
    einv_export_free(x);
    free(canon);
    free(src);
}

/* A sandbox invoice: its canned invoice, whatever was uploaded. */
static void test_sandbox(void)
{
    size_t len;
    char *doc = tst_read_data("cii/sample-invoice.xml", &len), id[40];
    CU_ASSERT_EQUAL_FATAL(submit(K_SBX, "/api/v1/invoices/validate", NULL, doc, len, "invoice.xml", id), 202);
    check_pdf(K_SBX, id, "SANDBOX-0001.pdf");
    free(doc);
}

/* The file name is the invoice number with everything but [A-Za-z0-9._-] replaced. */
static void test_file_name(void)
{
    size_t len;
    char *doc = tst_read_data("json/max-content.json", &len), *body, *p, id[40];
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    p = strstr(doc, "MAX-2026-0001\"");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    memcpy(p, "../M X/\\\"9 ", 11);   /* invoiceNumber "../M X/\"9 2026..." */
    body = malloc(len + 64);
    snprintf(body, len + 64, "{\"validationProfile\":\"EN16931\",%s", strchr(doc, '{') + 1);
    CU_ASSERT_EQUAL_FATAL(submit(K, "/api/v1/invoices", "application/json", body, strlen(body), "json", id), 202);
    check_pdf(K, id, "_._M_X__9_01.pdf");
    free(body);
    free(doc);
}

/* Without the facturx module (EINV_PLUGINS) the PDF download is 501 naming it. */
static void test_module_left_out(void)
{
    sp_server_t t;
    const char *env[] = {"EINV_WORKERS=1", "EINV_PLUGINS=ubl,cii,json,en16931", NULL};
    char key[SP_KEY_MAX], id[40], path[160];
    size_t len;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len);
    hc_response_t res;
    sp_server_t keep = S;
    CU_ASSERT_EQUAL_FATAL(sp_init(&t, S.kind), 0);
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, env), 0);
    CU_ASSERT_EQUAL_FATAL(sp_account_key(&t, "left@example.com", "FREE", 0, 0, -1, key), 0);
    S = t;   /* submit() and final_invoice() talk to S */
    CU_ASSERT_EQUAL(submit(key, "/api/v1/invoices/validate", NULL, doc, len, "invoice.xml", id), 202);
    json_object_put(final_invoice(key, id));
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", id);
    CU_ASSERT_EQUAL(hc_request_auth(t.port, "GET", path, key, NULL, NULL, 0, &res), 501);
    CU_ASSERT_PTR_NOT_NULL(res.body && strstr(res.body, "pdf export"));
    hc_response_free(&res);
    S = keep;
    sp_cleanup(&t);
    free(doc);
}

static int suite_init(sp_db_kind kind)
{
    const char *env[] = {"EINV_WORKERS=2", NULL};
    return sp_init(&S, kind) != 0 || sp_start(&S, env) != 0 ||
           sp_account_key(&S, "dl@example.com", "PRO", 0, 0, -1, K) != 0 ||
           sp_account_key(&S, "dl@example.com", "PRO", 0, 1, -1, K_SBX) != 0;
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
    CU_add_test(s, "UBL, CII, JSON: PDF and IDoc downloads", test_ubl_cii_json);
    CU_add_test(s, "IDoc and OData submissions", test_idoc_odata);
    CU_add_test(s, "what an export leaves out: X-Export-Findings", test_export_findings_header);
    CU_add_test(s, "a Factur-X upload downloads byte for byte", test_facturx_passthrough);
    CU_add_test(s, "sandbox: the canned invoice", test_sandbox);
    CU_add_test(s, "file name from the sanitised invoice number", test_file_name);
    CU_add_test(s, "export module left out: 501", test_module_left_out);
}

unsigned tst_after(void)
{
    einv_engine_close(ENG);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    einv_error_t err;
    const char *src = getenv("EINV_SOURCE_DIR");
    ENG = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    if (!ENG) {
        tst_setup_failed("no engine over the build's plugins");
        return;
    }
    snprintf(CHECKER, sizeof CHECKER, "%s/../shared/tools/facturx-check", src ? src : ".");
    if (access(CHECKER, R_OK) != 0 || access("/usr/bin/python3", X_OK) != 0) {
        printf("note: %s not found; the PDFs are checked without facturx-check\n", CHECKER);
        CHECKER[0] = 0;
    }
    s = CU_add_suite("download_sqlite", init_sqlite, suite_clean);
    add_tests(s);
    if (sp_pg_missing())
        printf("skipped: EINV_TEST_PG_URL not set (PostgreSQL suite)\n");
    else {
        s = CU_add_suite("download_postgresql", init_pg, suite_clean);
        add_tests(s);
    }
}
