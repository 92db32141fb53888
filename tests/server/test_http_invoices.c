/* HTTP integration tests of the invoice endpoints (API.md), against the real einvoiced run
 * as a child process: on SQLite always, and on PostgreSQL when EINV_TEST_PG_URL is set.
 * Covers submit → poll → verdict for UBL, CII and canonical JSON, invalid and not
 * well-formed documents, every error path of the decided order of checks (401 → 400 →
 * 413/415 → 501 → 403 → 503 → 429), sandbox keys, tenant isolation, pagination and
 * sorting, downloads, atomic quota under 50 concurrent submits, crash recovery (SIGKILL
 * while 200 invoices are in flight, restart, nothing lost or duplicated) and, on
 * PostgreSQL, two server processes sharing one job queue. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#if defined(__has_include)
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#define HAVE_PQ 1
#endif
#endif

#include "engine.h"
#include "exports.h"
#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"

/* ---- state of the current backend's suite ---- */
static sp_server_t S;
static sp_db_kind KIND;
static char K_FREE[SP_KEY_MAX], K_PRO[SP_KEY_MAX], K_OTHER[SP_KEY_MAX], K_ADMIN[SP_KEY_MAX],
    K_SBX[SP_KEY_MAX];
static char *UBL, *CII, *UBL_BAD, *CANON;   /* sample documents */
static size_t UBL_LEN, CII_LEN;
static int HAVE_XRECHNUNG, HAVE_IDOC, HAVE_ODATA, HAVE_PDF, HAVE_ZUGFERD, HAVE_JSON;
static int HAVE_FACTURX, HAVE_IDOC_EXPORT;   /* the export modules (core/exports.h) */
static const char PDF_MIN[] = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";

/* s with the first occurrence of from replaced by to (malloc'd). */
static char *replace(const char *s, const char *from, const char *to)
{
    const char *p = strstr(s, from);
    char *out;
    if (!p)
        return strdup(s);
    out = malloc(strlen(s) - strlen(from) + strlen(to) + 1);
    sprintf(out, "%.*s%s%s", (int)(p - s), s, to, p + strlen(from));
    return out;
}

/* A UBL invoice with n lines (a heavier job for the crash and sharing tests). */
static char *ubl_lines(int n)
{
    const char *first = strstr(UBL, "  <cac:InvoiceLine>");
    const char *end = strstr(UBL, "</Invoice>");
    const char *second = strstr(first + 10, "  <cac:InvoiceLine>");
    size_t head = (size_t)(first - UBL), llen = (size_t)(second - first), k = 0;
    char *out = malloc(head + (size_t)n * (llen + 16) + strlen(end) + 1);
    memcpy(out, UBL, head);
    k = head;
    for (int i = 0; i < n; i++) {
        memcpy(out + k, first, llen);
        k += llen;
    }
    strcpy(out + k, end);
    return out;
}

/* ---- request helpers ---- */

/* Multipart submit: profile/tier NULL = field left out; data NULL = no file part. */
static int submit_mp(int port, const char *key, const char *path, const char *profile,
                     const char *tier, const void *data, size_t len, const char *filename,
                     hc_response_t *res)
{
    hc_multipart_t *mp = hc_mp_new();
    int st;
    if (profile)
        hc_mp_field(mp, "profile", profile);
    if (tier)
        hc_mp_field(mp, "tier", tier);
    if (data)
        hc_mp_file(mp, "file", filename ? filename : "invoice.xml", "application/octet-stream",
                   data, len);
    st = hc_request_auth(port, "POST", path, key, hc_mp_content_type(mp), hc_mp_data(mp),
                         hc_mp_len(mp), res);
    hc_mp_free(mp);
    return st;
}

static int status_of(int st, hc_response_t *res)
{
    hc_response_free(res);
    return st;
}

static json_object *body_json(const hc_response_t *res)
{
    return res->body ? json_tokener_parse(res->body) : NULL;
}

static const char *jstr(json_object *o, const char *k)
{
    json_object *v;
    return o && json_object_object_get_ex(o, k, &v) && json_object_is_type(v, json_type_string)
               ? json_object_get_string(v)
               : NULL;
}

static json_object *jget(json_object *o, const char *k)
{
    json_object *v = NULL;
    return o && json_object_object_get_ex(o, k, &v) ? v : NULL;
}

/* 1 when the error body's message mentions needle (case-insensitive) and its shape is the
 * API's error shape. */
static int error_names(const hc_response_t *res, const char *needle)
{
    json_object *o = body_json(res);
    const char *m = jstr(o, "message");
    int ok = m && strcasestr(m, needle) && jstr(o, "error") && jstr(o, "timestamp") &&
             jget(o, "code") && jstr(o, "path");
    if (!ok)
        fprintf(stderr, "\n  expected an error naming '%s', got %d %s", needle, res->status,
                res->body ? res->body : "(none)");
    json_object_put(o);
    return ok;
}

/* Submit and return the new id (into id) when 202. */
static int submit_id(int port, const char *key, const char *profile, const void *data,
                     size_t len, char id[40])
{
    hc_response_t res;
    int st = submit_mp(port, key, "/api/v1/invoices/validate", profile, NULL, data, len, NULL, &res);
    json_object *o = body_json(&res);
    id[0] = 0;
    if (st == 202 && jstr(o, "id"))
        snprintf(id, 40, "%s", jstr(o, "id"));
    else
        fprintf(stderr, "\n  submit: %d %s", st, res.body ? res.body : res.error);
    json_object_put(o);
    hc_response_free(&res);
    return st;
}

static json_object *get_json(int port, const char *key, const char *path, int *status)
{
    hc_response_t res;
    json_object *o;
    *status = hc_request_auth(port, "GET", path, key, NULL, NULL, 0, &res);
    o = body_json(&res);
    hc_response_free(&res);
    return o;
}

/* Poll an invoice until it is final (or timeout_ms passes); returns the resource. */
static json_object *poll_final(int port, const char *key, const char *id, int timeout_ms)
{
    char path[128];
    double until = tst_now_ms() + timeout_ms;
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    for (;;) {
        int st;
        json_object *o = get_json(port, key, path, &st);
        const char *s = jstr(o, "status");
        if (st == 200 && s && strcmp(s, "processing") != 0)
            return o;
        if (tst_now_ms() > until) {
            fprintf(stderr, "\n  invoice %s not final after %d ms (%d %s)", id, timeout_ms, st, s ? s : "-");
            return o;
        }
        json_object_put(o);
        tst_sleep_ms(20);
    }
}

static long long list_total(int port, const char *key, const char *query)
{
    char path[256];
    int st;
    json_object *o;
    long long n;
    snprintf(path, sizeof path, "/api/v1/invoices%s", query ? query : "");
    o = get_json(port, key, path, &st);
    n = st == 200 && jget(o, "totalElements") ? json_object_get_int64(jget(o, "totalElements")) : -1;
    json_object_put(o);
    return n;
}

static int has_code(json_object *result, const char *prefix, const char *layer)
{
    json_object *errs = jget(result, "errors");
    size_t i, n = errs ? json_object_array_length(errs) : 0;
    for (i = 0; i < n; i++) {
        json_object *f = json_object_array_get_idx(errs, i);
        const char *c = jstr(f, "code");
        if (c && strncmp(c, prefix, strlen(prefix)) == 0 &&
            (!layer || (jstr(f, "layer") && strcmp(jstr(f, "layer"), layer) == 0)))
            return 1;
    }
    return 0;
}

/* ---- the tests ---- */

static void check_valid_invoice(const char *doc, size_t len, const char *format, const char *number)
{
    hc_response_t res;
    char id[40] = "", hv[64];
    int st = submit_mp(S.port, K_FREE, "/api/v1/invoices/validate", "EN16931", NULL, doc, len, NULL, &res);
    json_object *o = body_json(&res), *inv;
    CU_ASSERT_EQUAL(st, 202);
    CU_ASSERT_STRING_EQUAL(jstr(o, "status") ? jstr(o, "status") : "", "processing");
    if (jstr(o, "id"))
        snprintf(id, sizeof id, "%s", jstr(o, "id"));
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "X-Quota-Limit", hv, sizeof hv));
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "X-Quota-Remaining", hv, sizeof hv));
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "X-Quota-Reset", hv, sizeof hv));
    json_object_put(o);
    hc_response_free(&res);
    if (!id[0])
        return;
    inv = poll_final(S.port, K_FREE, id, 30000);
    CU_ASSERT_STRING_EQUAL(jstr(inv, "status") ? jstr(inv, "status") : "", "validated");
    CU_ASSERT_STRING_EQUAL(jstr(inv, "id") ? jstr(inv, "id") : "", id);
    CU_ASSERT_STRING_EQUAL(jstr(inv, "validationProfile") ? jstr(inv, "validationProfile") : "", "EN16931");
    CU_ASSERT_STRING_EQUAL(jstr(inv, "invoiceFormat") ? jstr(inv, "invoiceFormat") : "", format);
    CU_ASSERT_TRUE(json_object_is_type(jget(inv, "sandbox"), json_type_boolean) &&
                   !json_object_get_boolean(jget(inv, "sandbox")));
    CU_ASSERT_TRUE(jstr(inv, "createdAt") && strlen(jstr(inv, "createdAt")) == 24 &&
                   jstr(inv, "createdAt")[23] == 'Z');
    CU_ASSERT_STRING_EQUAL(jstr(jget(inv, "canonicalJson"), "invoiceNumber") ? jstr(jget(inv, "canonicalJson"), "invoiceNumber") : "", number);
    CU_ASSERT_TRUE(json_object_get_boolean(jget(jget(inv, "validationResult"), "valid")));
    CU_ASSERT_TRUE(json_object_get_boolean(jget(jget(jget(inv, "validationResult"), "kositResult"), "valid")));
    CU_ASSERT_EQUAL(json_object_array_length(jget(jget(inv, "validationResult"), "errors")), 0);
    json_object_put(inv);
}

static void test_submit_ubl_and_cii(void)
{
    check_valid_invoice(UBL, UBL_LEN, "UBL", "INV-2026-0042");
    check_valid_invoice(CII, CII_LEN, "CII", "CII-2026-0042");
}

static void test_invalid_business_rules(void)
{
    char id[40];
    json_object *inv, *vr;
    CU_ASSERT_EQUAL_FATAL(submit_id(S.port, K_FREE, "EN16931", UBL_BAD, strlen(UBL_BAD), id), 202);
    inv = poll_final(S.port, K_FREE, id, 30000);
    vr = jget(inv, "validationResult");
    CU_ASSERT_STRING_EQUAL(jstr(inv, "status") ? jstr(inv, "status") : "", "failed_validation");
    CU_ASSERT_FALSE(json_object_get_boolean(jget(vr, "valid")));
    CU_ASSERT_TRUE(has_code(vr, "BR-02", "CORE"));
    CU_ASSERT_TRUE(has_code(vr, "BR-CO-16", "CORE"));
    /* without its cbc:ID the document is XSD-invalid too: kositResult says so, once */
    CU_ASSERT_FALSE(json_object_get_boolean(jget(jget(vr, "kositResult"), "valid")));
    CU_ASSERT_TRUE(has_code(jget(vr, "kositResult"), "SCHEMA-MISSING", "SCHEMA"));
    CU_ASSERT_FALSE(has_code(vr, "SCHEMA-", NULL));
    CU_ASSERT_PTR_NOT_NULL(jget(inv, "canonicalJson"));
    json_object_put(inv);
}

/* Issue 10: a UBL whose business content is right but whose structure breaks the official
 * XSD (elements out of order; an unknown element) fails validation, with the SCHEMA finding
 * in kositResult and none in errors. libxml2, like xmllint, reports the first error of an
 * element's content only, so each mutation is its own document. */
static void check_xsd_invalid(const char *from, const char *to, const char *code)
{
    char id[40];
    json_object *inv, *vr, *kr;
    char *bad = replace(UBL, from, to);
    CU_ASSERT_NOT_EQUAL(strcmp(bad, UBL), 0);
    CU_ASSERT_EQUAL_FATAL(submit_id(S.port, K_FREE, "EN16931", bad, strlen(bad), id), 202);
    inv = poll_final(S.port, K_FREE, id, 30000);
    vr = jget(inv, "validationResult");
    kr = jget(vr, "kositResult");
    CU_ASSERT_STRING_EQUAL(jstr(inv, "status") ? jstr(inv, "status") : "", "failed_validation");
    CU_ASSERT_FALSE(json_object_get_boolean(jget(vr, "valid")));
    CU_ASSERT_FALSE(json_object_get_boolean(jget(kr, "valid")));
    CU_ASSERT_TRUE(has_code(kr, code, "SCHEMA"));
    CU_ASSERT_FALSE(has_code(vr, "SCHEMA-", NULL));   /* kositResult only */
    CU_ASSERT_FALSE(has_code(vr, "BR-", NULL));       /* the business content is right */
    json_object_put(inv);
    free(bad);
}

static void test_xsd_invalid(void)
{
    check_xsd_invalid("<cbc:IssueDate>2026-11-21</cbc:IssueDate>\n  <cbc:DueDate>2026-12-21</cbc:DueDate>",
                      "<cbc:DueDate>2026-12-21</cbc:DueDate>\n  <cbc:IssueDate>2026-11-21</cbc:IssueDate>",
                      "SCHEMA-ORDER");
    check_xsd_invalid("<cac:PostalAddress>", "<cbc:Colour>blue</cbc:Colour><cac:PostalAddress>",
                      "SCHEMA-UNKNOWN-ELEMENT");
}

static void test_not_wellformed_accepted(void)
{
    static const char bad[] = "<?xml version=\"1.0\"?><Invoice><cbc:ID>1</Invoice>";
    char id[40];
    json_object *inv, *vr;
    CU_ASSERT_EQUAL_FATAL(submit_id(S.port, K_FREE, "EN16931", bad, sizeof bad - 1, id), 202);
    inv = poll_final(S.port, K_FREE, id, 30000);
    vr = jget(inv, "validationResult");
    CU_ASSERT_STRING_EQUAL(jstr(inv, "status") ? jstr(inv, "status") : "", "failed_validation");
    /* a SCHEMA finding is listed once, in kositResult.errors (API.md) */
    CU_ASSERT_FALSE(has_code(vr, "XML-WELLFORMED", NULL));
    CU_ASSERT_TRUE(has_code(jget(vr, "kositResult"), "XML-WELLFORMED", "SCHEMA"));
    CU_ASSERT_FALSE(json_object_get_boolean(jget(jget(vr, "kositResult"), "valid")));
    json_object_put(inv);
}

static void test_json_endpoint(void)
{
    hc_response_t res;
    int st;
    /* order: 401, then the body's shape */
    CU_ASSERT_EQUAL(status_of(hc_json(S.port, "POST", "/api/v1/invoices", NULL, CANON, &res), &res), 401);
    st = hc_json(S.port, "POST", "/api/v1/invoices", K_FREE, "{\"validationProfile\": \"EN16931\",", &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "JSON"));
    hc_response_free(&res);
    st = hc_json(S.port, "POST", "/api/v1/invoices", K_FREE, "[1,2]", &res);
    CU_ASSERT_EQUAL(status_of(st, &res), 400);
    st = hc_json(S.port, "POST", "/api/v1/invoices", K_FREE, "{\"invoiceNumber\":\"X\"}", &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "validationProfile"));
    hc_response_free(&res);
    st = hc_json(S.port, "POST", "/api/v1/invoices", K_FREE, "{\"validationProfile\":7}", &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "validationProfile"));
    hc_response_free(&res);
    st = hc_json(S.port, "POST", "/api/v1/invoices", K_FREE, "{\"validationProfile\":\"NOPE\"}", &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "validationProfile"));
    hc_response_free(&res);
    /* a body that is not JSON by its Content-Type */
    st = hc_request_auth(S.port, "POST", "/api/v1/invoices", K_FREE, "application/xml", CANON,
                         strlen(CANON), &res);
    CU_ASSERT_EQUAL(status_of(st, &res), 415);
    if (!HAVE_JSON) {
        st = hc_json(S.port, "POST", "/api/v1/invoices", K_FREE, CANON, &res);
        CU_ASSERT_EQUAL(st, 501);
        CU_ASSERT_TRUE(error_names(&res, "json"));
        hc_response_free(&res);
        return;
    }
    /* a wrong JSON type is a request error naming the field */
    st = hc_json(S.port, "POST", "/api/v1/invoices", K_FREE,
                 "{\"validationProfile\":\"EN16931\",\"invoiceNumber\":\"T-1\",\"lines\":[{\"quantity\":\"abc\"}]}", &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "quantity"));
    hc_response_free(&res);
    /* the canonical model of the UBL sample validates like the UBL itself */
    st = hc_json(S.port, "POST", "/api/v1/invoices", K_FREE, CANON, &res);
    CU_ASSERT_EQUAL(st, 202);
    {
        json_object *o = body_json(&res), *inv;
        char id[40];
        snprintf(id, sizeof id, "%s", jstr(o, "id") ? jstr(o, "id") : "");
        json_object_put(o);
        hc_response_free(&res);
        if (!id[0])
            return;
        inv = poll_final(S.port, K_FREE, id, 30000);
        CU_ASSERT_STRING_EQUAL(jstr(inv, "invoiceFormat") ? jstr(inv, "invoiceFormat") : "", "JSON");
        CU_ASSERT_STRING_EQUAL(jstr(inv, "status") ? jstr(inv, "status") : "", "validated");
        CU_ASSERT_STRING_EQUAL(jstr(jget(inv, "canonicalJson"), "invoiceNumber") ? jstr(jget(inv, "canonicalJson"), "invoiceNumber") : "", "INV-2026-0042");
        json_object_put(inv);
    }
}

static void test_request_errors(void)
{
    hc_response_t res;
    int st;
    const char *V = "/api/v1/invoices/validate";
    static const char text[] = "just some text, neither XML nor PDF";
    /* 401 before anything else */
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, NULL, V, NULL, NULL, NULL, 0, NULL, &res), &res), 401);
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, "svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", V, "EN16931", NULL, UBL, UBL_LEN, NULL, &res), &res), 401);
    /* 400: request shape, naming the field */
    st = submit_mp(S.port, K_FREE, V, NULL, NULL, UBL, UBL_LEN, NULL, &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "profile"));
    {
        /* every submit answer of a live key carries the quota state (nothing counted) */
        char lim[32] = "", rem[32] = "";
        CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "X-Quota-Limit", lim, sizeof lim));
        CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "X-Quota-Remaining", rem, sizeof rem));
        CU_ASSERT_STRING_EQUAL(lim, "500");
    }
    hc_response_free(&res);
    st = submit_mp(S.port, K_FREE, V, "EN16931", NULL, NULL, 0, NULL, &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "file"));
    hc_response_free(&res);
    st = submit_mp(S.port, K_FREE, V, "NOPE", NULL, UBL, UBL_LEN, NULL, &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "profile"));
    hc_response_free(&res);
    /* a form that is not multipart */
    st = hc_request_auth(S.port, "POST", V, K_FREE, "application/x-www-form-urlencoded",
                         "profile=EN16931", 15, &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "file"));
    hc_response_free(&res);
    /* 400 comes before 415: missing profile with an empty file, unknown profile with text */
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_FREE, V, NULL, NULL, "", 0, NULL, &res), &res), 400);
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_FREE, V, "NOPE", NULL, text, sizeof text - 1, NULL, &res), &res), 400);
    /* 415: empty file, content neither XML nor PDF */
    st = submit_mp(S.port, K_FREE, V, "EN16931", NULL, "", 0, NULL, &res);
    CU_ASSERT_EQUAL(st, 415);
    CU_ASSERT_TRUE(error_names(&res, "empty"));
    hc_response_free(&res);
    st = submit_mp(S.port, K_FREE, V, "EN16931", NULL, text, sizeof text - 1, NULL, &res);
    CU_ASSERT_EQUAL(st, 415);
    CU_ASSERT_TRUE(error_names(&res, "file"));
    hc_response_free(&res);
    /* a PDF goes to the zugferd module */
    st = submit_mp(S.port, K_FREE, V, "EN16931", NULL, PDF_MIN, sizeof PDF_MIN - 1, "x.pdf", &res);
    CU_ASSERT_EQUAL(st, HAVE_ZUGFERD ? 202 : 501);
    if (!HAVE_ZUGFERD)
        CU_ASSERT_TRUE(error_names(&res, "zugferd"));
    hc_response_free(&res);

    /* Pro-only profiles: 403 on FREE when installed; otherwise unknown, so 400 */
    st = submit_mp(S.port, K_FREE, V, "XRECHNUNG", NULL, UBL, UBL_LEN, NULL, &res);
    CU_ASSERT_EQUAL(st, HAVE_XRECHNUNG ? 403 : 400);
    CU_ASSERT_TRUE(error_names(&res, HAVE_XRECHNUNG ? "Pro" : "profile"));
    hc_response_free(&res);
    st = submit_mp(S.port, K_PRO, V, "XRECHNUNG", NULL, UBL, UBL_LEN, NULL, &res);
    CU_ASSERT_EQUAL(status_of(st, &res), HAVE_XRECHNUNG ? 202 : 400);

    /* idoc: needs XML (415), then the idoc module (501) */
    const char *I = "/api/v1/invoices/validate/idoc";
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_FREE, I, NULL, NULL, UBL, UBL_LEN, NULL, &res), &res), 400);
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_FREE, I, "EN16931", NULL, "", 0, NULL, &res), &res), 415);
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_FREE, I, "EN16931", NULL, PDF_MIN, sizeof PDF_MIN - 1, NULL, &res), &res), 415);
    /* a UBL file is not an IDoc: 415 naming /validate (server/sniff.c), also before 501 */
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_FREE, I, "EN16931", NULL, UBL, UBL_LEN, NULL, &res), &res), 415);
    if (!HAVE_IDOC) {
        static const char idoc[] = "<INVOIC02><IDOC BEGIN=\"1\"/></INVOIC02>";
        st = submit_mp(S.port, K_FREE, I, "EN16931", NULL, idoc, sizeof idoc - 1, NULL, &res);
        CU_ASSERT_EQUAL(st, 501);
        CU_ASSERT_TRUE(error_names(&res, "idoc"));
        hc_response_free(&res);
        if (HAVE_XRECHNUNG)     /* 501 comes before 403 */
            CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_FREE, I, "XRECHNUNG", NULL, idoc, sizeof idoc - 1, NULL, &res), &res), 501);
    }

    /* odata: profile from the query, JSON body */
    const char *O = "/api/v1/invoices/validate/odata";
    st = hc_json(S.port, "POST", O, K_FREE, "{\"d\":{}}", &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "profile"));
    hc_response_free(&res);
    CU_ASSERT_EQUAL(status_of(hc_json(S.port, "POST", "/api/v1/invoices/validate/odata?profile=NOPE", K_FREE, "{}", &res), &res), 400);
    st = hc_json(S.port, "POST", "/api/v1/invoices/validate/odata?profile=EN16931", K_FREE, "{\"d\":", &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "JSON"));
    hc_response_free(&res);
    if (!HAVE_ODATA) {
        st = hc_json(S.port, "POST", "/api/v1/invoices/validate/odata?profile=EN16931", K_FREE,
                     "{\"d\":{\"SupplierInvoice\":\"5100000001\"}}", &res);
        CU_ASSERT_EQUAL(st, 501);
        CU_ASSERT_TRUE(error_names(&res, "odata"));
        hc_response_free(&res);
    }

    /* extract: file required (profile defaults), tier FAST|ACCURATE, a PDF, the pdf module */
    const char *E = "/api/v1/invoices/extract";
    st = submit_mp(S.port, K_FREE, E, NULL, NULL, NULL, 0, NULL, &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "file"));
    hc_response_free(&res);
    st = submit_mp(S.port, K_FREE, E, NULL, "BOGUS", "", 0, NULL, &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "tier"));
    hc_response_free(&res);
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_FREE, E, "NOPE", NULL, PDF_MIN, sizeof PDF_MIN - 1, "x.pdf", &res), &res), 400);
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_FREE, E, NULL, NULL, UBL, UBL_LEN, NULL, &res), &res), 415);
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_FREE, E, NULL, NULL, "", 0, NULL, &res), &res), 415);
    st = submit_mp(S.port, K_FREE, E, NULL, "ACCURATE", PDF_MIN, sizeof PDF_MIN - 1, "x.pdf", &res);
    CU_ASSERT_EQUAL(st, HAVE_PDF ? 403 : 501);      /* 501 comes before 403 */
    CU_ASSERT_TRUE(error_names(&res, HAVE_PDF ? "ACCURATE" : "pdf"));
    hc_response_free(&res);

    /* reads: bad UUID, unknown id, wrong method */
    st = hc_request_auth(S.port, "GET", "/api/v1/invoices/not-a-uuid", K_FREE, NULL, NULL, 0, &res);
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_TRUE(error_names(&res, "id"));
    hc_response_free(&res);
    CU_ASSERT_EQUAL(status_of(hc_request_auth(S.port, "GET", "/api/v1/invoices/00000000-0000-4000-8000-000000000000", K_FREE, NULL, NULL, 0, &res), &res), 404);
    CU_ASSERT_EQUAL(status_of(hc_request_auth(S.port, "GET", "/api/v1/invoices/00000000-0000-4000-8000-000000000000", NULL, NULL, NULL, 0, &res), &res), 401);
    CU_ASSERT_EQUAL(status_of(hc_request_auth(S.port, "DELETE", "/api/v1/invoices/00000000-0000-4000-8000-000000000000", K_FREE, NULL, NULL, 0, &res), &res), 405);
    CU_ASSERT_EQUAL(status_of(hc_request_auth(S.port, "GET", "/api/v1/invoices/'%20OR%201=1--", K_FREE, NULL, NULL, 0, &res), &res), 400);
}

static void test_malformed_multipart(void)
{
    hc_response_t res;
    char req[2048];
    const char *bodies[] = {
        /* no closing boundary */
        "--XyZ\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\nEN16931\r\n--XyZ\r\n"
        "Content-Disposition: form-data; name=\"file\"; filename=\"a.xml\"\r\n\r\n<a/>",
        /* a part without Content-Disposition */
        "--XyZ\r\nContent-Type: text/plain\r\n\r\nEN16931\r\n--XyZ--\r\n",
        /* no boundary in the body at all */
        "profile=EN16931",
        /* junk after a boundary */
        "--XyZjunk\r\n\r\n--XyZ--\r\n",
        /* two file parts */
        "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\n<a/>\r\n--XyZ\r\n"
        "Content-Disposition: form-data; name=\"file\"; filename=\"b\"\r\n\r\n<b/>\r\n--XyZ--\r\n"};
    size_t i;
    for (i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        int n = snprintf(req, sizeof req,
                         "POST /api/v1/invoices/validate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
                         "Content-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: %zu\r\n"
                         "Connection: close\r\n\r\n%s", K_FREE, strlen(bodies[i]), bodies[i]);
        CU_ASSERT_EQUAL(hc_raw(S.port, req, (size_t)n, &res), 400);
        hc_response_free(&res);
    }
    /* no boundary parameter */
    int n = snprintf(req, sizeof req,
                     "POST /api/v1/invoices/validate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
                     "Content-Type: multipart/form-data\r\nContent-Length: 4\r\nConnection: close\r\n\r\nabcd", K_FREE);
    CU_ASSERT_EQUAL(hc_raw(S.port, req, (size_t)n, &res), 400);
    hc_response_free(&res);
    /* the server is still fine */
    CU_ASSERT_EQUAL(status_of(hc_request(S.port, "GET", "/api/health", NULL, NULL, 0, &res), &res), 200);
}

static void test_sandbox(void)
{
    hc_response_t res;
    char hv[64], id[40] = "", path[128];
    int st;
    json_object *o, *inv, *vr;
    static const char junk[] = "<not-an-invoice/>";
    /* request-shape errors still apply */
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_SBX, "/api/v1/invoices/validate", NULL, NULL, junk, sizeof junk - 1, NULL, &res), &res), 400);
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_SBX, "/api/v1/invoices/validate", "NOPE", NULL, junk, sizeof junk - 1, NULL, &res), &res), 400);
    CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_SBX, "/api/v1/invoices/validate", "EN16931", NULL, "", 0, NULL, &res), &res), 415);
    if (!HAVE_IDOC)
        CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_SBX, "/api/v1/invoices/validate/idoc", "EN16931", NULL, junk, sizeof junk - 1, NULL, &res), &res), 501);
    /* plan gating does not apply */
    if (HAVE_XRECHNUNG)
        CU_ASSERT_EQUAL(status_of(submit_mp(S.port, K_SBX, "/api/v1/invoices/validate", "XRECHNUNG", NULL, junk, sizeof junk - 1, NULL, &res), &res), 202);
    /* whatever was uploaded: validated at once, canned verdict, no quota headers */
    st = submit_mp(S.port, K_SBX, "/api/v1/invoices/validate", "EN16931", NULL, junk, sizeof junk - 1, NULL, &res);
    o = body_json(&res);
    CU_ASSERT_EQUAL(st, 202);
    CU_ASSERT_STRING_EQUAL(jstr(o, "status") ? jstr(o, "status") : "", "validated");
    CU_ASSERT_PTR_NULL(hc_header(&res, "X-Quota-Remaining", hv, sizeof hv));
    if (jstr(o, "id"))
        snprintf(id, sizeof id, "%s", jstr(o, "id"));
    json_object_put(o);
    hc_response_free(&res);
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    inv = get_json(S.port, K_SBX, path, &st);
    CU_ASSERT_EQUAL(st, 200);
    vr = jget(inv, "validationResult");
    CU_ASSERT_STRING_EQUAL(jstr(inv, "status") ? jstr(inv, "status") : "", "validated");
    CU_ASSERT_TRUE(json_object_get_boolean(jget(inv, "sandbox")));
    CU_ASSERT_STRING_EQUAL(jstr(jget(inv, "canonicalJson"), "invoiceNumber") ? jstr(jget(inv, "canonicalJson"), "invoiceNumber") : "", "SANDBOX-0001");
    CU_ASSERT_TRUE(json_object_get_boolean(jget(vr, "valid")));
    CU_ASSERT_EQUAL(json_object_array_length(jget(vr, "errors")), 0);
    CU_ASSERT_TRUE(json_object_get_boolean(jget(jget(vr, "kositResult"), "valid")));
    CU_ASSERT_EQUAL(json_object_array_length(jget(jget(vr, "kositResult"), "errors")), 0);
    json_object_put(inv);
    /* JSON endpoint too, and sandbox submits never count */
    if (HAVE_JSON) {
        st = hc_json(S.port, "POST", "/api/v1/invoices", K_SBX, "{\"validationProfile\":\"EN16931\"}", &res);
        o = body_json(&res);
        CU_ASSERT_EQUAL(st, 202);
        CU_ASSERT_STRING_EQUAL(jstr(o, "status") ? jstr(o, "status") : "", "validated");
        json_object_put(o);
        hc_response_free(&res);
    }
    /* the list shows it with its summary */
    o = get_json(S.port, K_SBX, "/api/v1/invoices?size=1", &st);
    CU_ASSERT_EQUAL(st, 200);
    {
        json_object *item = json_object_array_get_idx(jget(o, "content"), 0);
        CU_ASSERT_TRUE(json_object_get_boolean(jget(item, "sandbox")));
        CU_ASSERT_STRING_EQUAL(jstr(item, "invoiceNumber") ? jstr(item, "invoiceNumber") : "", "SANDBOX-0001");
        CU_ASSERT_TRUE(json_object_get_boolean(jget(jget(item, "validationResult"), "valid")));
    }
    json_object_put(o);
}

static void test_tenant_isolation(void)
{
    char id[40], path[160];
    int st;
    json_object *o;
    hc_response_t res;
    long long own, other, all;
    CU_ASSERT_EQUAL_FATAL(submit_id(S.port, K_FREE, "EN16931", UBL, UBL_LEN, id), 202);
    json_object_put(poll_final(S.port, K_FREE, id, 30000));
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    o = get_json(S.port, K_OTHER, path, &st);
    CU_ASSERT_EQUAL(st, 404);       /* never 403 */
    json_object_put(o);
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", id);
    CU_ASSERT_EQUAL(status_of(hc_request_auth(S.port, "GET", path, K_OTHER, NULL, NULL, 0, &res), &res), 404);
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download/idoc", id);
    CU_ASSERT_EQUAL(status_of(hc_request_auth(S.port, "GET", path, K_OTHER, NULL, NULL, 0, &res), &res), 404);
    /* the super-admin reads it and lists everyone's */
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    o = get_json(S.port, K_ADMIN, path, &st);
    CU_ASSERT_EQUAL(st, 200);
    json_object_put(o);
    CU_ASSERT_EQUAL_FATAL(submit_id(S.port, K_OTHER, "EN16931", CII, CII_LEN, id), 202);
    own = list_total(S.port, K_FREE, NULL);
    other = list_total(S.port, K_OTHER, NULL);
    all = list_total(S.port, K_ADMIN, "?size=100");
    CU_ASSERT_TRUE(own >= 1 && other == 1);
    CU_ASSERT_TRUE(all >= own + other);
    /* the other account's list holds only its own invoice */
    o = get_json(S.port, K_OTHER, "/api/v1/invoices", &st);
    CU_ASSERT_EQUAL(json_object_array_length(jget(o, "content")), 1);
    CU_ASSERT_STRING_EQUAL(jstr(json_object_array_get_idx(jget(o, "content"), 0), "id") ? jstr(json_object_array_get_idx(jget(o, "content"), 0), "id") : "", id);
    json_object_put(o);
}

/* 1 when the content's field values are ordered (asc or desc). */
static int ordered(json_object *content, const char *field, int desc)
{
    size_t i, n = json_object_array_length(content);
    for (i = 1; i < n; i++) {
        const char *a = jstr(json_object_array_get_idx(content, i - 1), field);
        const char *b = jstr(json_object_array_get_idx(content, i), field);
        int c = strcmp(a ? a : "", b ? b : "");
        if (desc ? c < 0 : c > 0)
            return 0;
    }
    return 1;
}

static void test_pagination_and_sorting(void)
{
    char key[SP_KEY_MAX], id[40], seen[5][40];
    int st, i, nseen = 0;
    json_object *o, *c;
    hc_response_t res;
    CU_ASSERT_EQUAL_FATAL(sp_account_key(&S, "pages@example.com", "FREE", 0, 0, -1, key), 0);
    for (i = 0; i < 5; i++) {
        CU_ASSERT_EQUAL(submit_id(S.port, key, "EN16931", i % 2 ? UBL_BAD : UBL, i % 2 ? strlen(UBL_BAD) : UBL_LEN, id), 202);
        json_object_put(poll_final(S.port, key, id, 30000));
    }
    /* default: page 0, size 20, createdAt,desc */
    o = get_json(S.port, key, "/api/v1/invoices", &st);
    CU_ASSERT_EQUAL(st, 200);
    CU_ASSERT_EQUAL(json_object_get_int(jget(o, "page")), 0);
    CU_ASSERT_EQUAL(json_object_get_int(jget(o, "size")), 20);
    CU_ASSERT_EQUAL(json_object_get_int(jget(o, "totalElements")), 5);
    CU_ASSERT_EQUAL(json_object_get_int(jget(o, "totalPages")), 1);
    CU_ASSERT_STRING_EQUAL(jstr(o, "sort") ? jstr(o, "sort") : "", "createdAt,desc");
    CU_ASSERT_TRUE(ordered(jget(o, "content"), "createdAt", 1));
    {
        json_object *item = json_object_array_get_idx(jget(o, "content"), 0);
        json_object *vr = jget(item, "validationResult");
        CU_ASSERT_PTR_NULL(jget(item, "canonicalJson"));
        CU_ASSERT_PTR_NOT_NULL(jget(vr, "errorCount"));
        CU_ASSERT_PTR_NOT_NULL(jget(vr, "warningCount"));
        CU_ASSERT_PTR_NOT_NULL(jget(vr, "valid"));
        CU_ASSERT_PTR_NULL(jget(vr, "errors"));
        CU_ASSERT_STRING_EQUAL(jstr(item, "invoiceNumber") ? jstr(item, "invoiceNumber") : "", "INV-2026-0042");
    }
    json_object_put(o);
    /* pages of 2: 2 + 2 + 1, all distinct */
    for (i = 0; i < 4; i++) {
        char path[128];
        size_t k;
        snprintf(path, sizeof path, "/api/v1/invoices?page=%d&size=2&sort=createdAt,asc", i);
        o = get_json(S.port, key, path, &st);
        c = jget(o, "content");
        CU_ASSERT_EQUAL(st, 200);
        CU_ASSERT_EQUAL(json_object_get_int(jget(o, "totalPages")), 3);
        CU_ASSERT_EQUAL(json_object_array_length(c), i < 2 ? 2 : i == 2 ? 1 : 0);
        CU_ASSERT_TRUE(ordered(c, "createdAt", 0));
        for (k = 0; k < json_object_array_length(c) && nseen < 5; k++) {
            const char *x = jstr(json_object_array_get_idx(c, k), "id");
            for (int j = 0; j < nseen; j++)
                CU_ASSERT_STRING_NOT_EQUAL(seen[j], x ? x : "");
            snprintf(seen[nseen++], 40, "%s", x ? x : "");
        }
        json_object_put(o);
    }
    CU_ASSERT_EQUAL(nseen, 5);
    /* sort by status both ways */
    o = get_json(S.port, key, "/api/v1/invoices?sort=status,asc", &st);
    CU_ASSERT_TRUE(ordered(jget(o, "content"), "status", 0));
    CU_ASSERT_STRING_EQUAL(jstr(json_object_array_get_idx(jget(o, "content"), 0), "status") ? jstr(json_object_array_get_idx(jget(o, "content"), 0), "status") : "", "failed_validation");
    json_object_put(o);
    o = get_json(S.port, key, "/api/v1/invoices?sort=status,desc", &st);
    CU_ASSERT_TRUE(ordered(jget(o, "content"), "status", 1));
    CU_ASSERT_STRING_EQUAL(jstr(json_object_array_get_idx(jget(o, "content"), 0), "status") ? jstr(json_object_array_get_idx(jget(o, "content"), 0), "status") : "", "validated");
    json_object_put(o);
    o = get_json(S.port, key, "/api/v1/invoices?sort=validationProfile,asc&size=100", &st);
    CU_ASSERT_EQUAL(st, 200);
    json_object_put(o);
    o = get_json(S.port, key, "/api/v1/invoices?sort=invoiceFormat,desc", &st);
    CU_ASSERT_EQUAL(st, 200);
    json_object_put(o);
    /* bad parameters: 400 naming the parameter */
    static const char *const bad[][2] = {
        {"size=101", "size"}, {"size=0", "size"}, {"size=abc", "size"}, {"size=-5", "size"},
        {"page=-1", "page"}, {"page=x", "page"}, {"page=", "page"},
        {"sort=bogus", "sort"}, {"sort=createdAt,sideways", "sort"}, {"sort=", "sort"},
        {"sort=id;DROP%20TABLE%20invoices", "sort"}};
    for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
        char path[160];
        snprintf(path, sizeof path, "/api/v1/invoices?%s", bad[i][0]);
        st = hc_request_auth(S.port, "GET", path, key, NULL, NULL, 0, &res);
        CU_ASSERT_EQUAL(st, 400);
        CU_ASSERT_TRUE(error_names(&res, bad[i][1]));
        hc_response_free(&res);
    }
    CU_ASSERT_EQUAL(list_total(S.port, key, "?size=100"), 5);
}

static void test_downloads(void)
{
    char ok[40], bad[40], path[160], hv[32];
    hc_response_t res;
    int st;
    CU_ASSERT_EQUAL_FATAL(submit_id(S.port, K_FREE, "EN16931", UBL, UBL_LEN, ok), 202);
    CU_ASSERT_EQUAL_FATAL(submit_id(S.port, K_FREE, "EN16931", UBL_BAD, strlen(UBL_BAD), bad), 202);
    json_object_put(poll_final(S.port, K_FREE, ok, 30000));
    json_object_put(poll_final(S.port, K_FREE, bad, 30000));
    /* validated: 200 with the export (tests/server/test_download.c checks the files), or
     * 501 naming the module when it is not installed */
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", ok);
    st = hc_request_auth(S.port, "GET", path, K_FREE, NULL, NULL, 0, &res);
    CU_ASSERT_EQUAL(st, HAVE_FACTURX ? 200 : 501);
    CU_ASSERT_TRUE(HAVE_FACTURX ? res.body_len > 8 && memcmp(res.body, "%PDF-", 5) == 0 : error_names(&res, "pdf export"));
    hc_response_free(&res);
    CU_ASSERT_EQUAL(status_of(hc_request_auth(S.port, "GET", path, NULL, NULL, NULL, 0, &res), &res), 401);
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download/idoc", ok);
    st = hc_request_auth(S.port, "GET", path, K_FREE, NULL, NULL, 0, &res);
    CU_ASSERT_EQUAL(st, HAVE_IDOC_EXPORT ? 200 : 501);
    CU_ASSERT_TRUE(HAVE_IDOC_EXPORT ? res.body && strstr(res.body, "INVOIC02") != NULL : error_names(&res, "idoc export"));
    hc_response_free(&res);
    /* failed_validation: 409 without Retry-After */
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", bad);
    st = hc_request_auth(S.port, "GET", path, K_FREE, NULL, NULL, 0, &res);
    CU_ASSERT_EQUAL(st, 409);
    CU_ASSERT_PTR_NULL(hc_header(&res, "Retry-After", hv, sizeof hv));
    hc_response_free(&res);
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download/idoc", bad);
    CU_ASSERT_EQUAL(status_of(hc_request_auth(S.port, "GET", path, K_FREE, NULL, NULL, 0, &res), &res), 409);
    /* 400 bad UUID, 404 unknown */
    CU_ASSERT_EQUAL(status_of(hc_request_auth(S.port, "GET", "/api/v1/invoices/xyz/download", K_FREE, NULL, NULL, 0, &res), &res), 400);
    CU_ASSERT_EQUAL(status_of(hc_request_auth(S.port, "GET", "/api/v1/invoices/00000000-0000-4000-8000-000000000000/download/idoc", K_FREE, NULL, NULL, 0, &res), &res), 404);
}

/* ---- a server without workers and with small limits: 413, 409 processing, 503 ---- */

static void test_limits_and_queue(void)
{
    sp_server_t L;
    const char *env[] = {"EINV_MAX_UPLOAD=4096", "EINV_WORKERS=0", "EINV_QUEUE_MAX=3", NULL};
    char key[SP_KEY_MAX], sbx[SP_KEY_MAX], id[40], path[160], hv[32], *big, *req;
    hc_response_t res;
    int st, n;
    double t0;
    if (sp_init(&L, KIND) != 0)
        return;
    if (sp_start(&L, env) != 0 || sp_account_key(&L, "limits@example.com", "PRO", 0, 0, -1, key) != 0 ||
        sp_account_key(&L, "limits@example.com", "PRO", 0, 1, -1, sbx) != 0) {
        CU_FAIL("limits server did not start");
        sp_cleanup(&L);
        return;
    }
    big = malloc(300000);
    memset(big, ' ', 300000);
    big[0] = '<';
    /* exactly the limit is fine (and queues job 1 of 3) */
    CU_ASSERT_EQUAL(submit_id(L.port, key, "EN16931", big, 4096, id), 202);
    /* streaming: one byte over, found while reading the part */
    st = submit_mp(L.port, key, "/api/v1/invoices/validate", "EN16931", NULL, big, 4097, NULL, &res);
    CU_ASSERT_EQUAL(st, 413);
    CU_ASSERT_TRUE(error_names(&res, "limit"));
    hc_response_free(&res);
    CU_ASSERT_EQUAL(status_of(submit_mp(L.port, key, "/api/v1/invoices/validate", "EN16931", NULL, big, 50000, NULL, &res), &res), 413);
    /* by Content-Length: refused before the body is read (only 1 KB of 100 MB is sent) */
    req = malloc(4096);
    n = snprintf(req, 4096,
                 "POST /api/v1/invoices/validate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
                 "Content-Type: multipart/form-data; boundary=B\r\nContent-Length: 104857600\r\n\r\n", key);
    memset(req + n, 'x', 1024);
    t0 = tst_now_ms();
    CU_ASSERT_EQUAL(hc_raw(L.port, req, (size_t)n + 1024, &res), 413);
    CU_ASSERT_TRUE(tst_now_ms() - t0 < 10000);
    hc_response_free(&res);
    /* chunked: no Content-Length, the running total decides */
    {
        size_t cap = 200000, k;
        char *c = malloc(cap);
        k = (size_t)snprintf(c, cap,
                             "POST /api/v1/invoices/validate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
                             "Content-Type: multipart/form-data; boundary=B\r\nTransfer-Encoding: chunked\r\n\r\n", key);
        k += (size_t)snprintf(c + k, cap - k, "%x\r\n--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\n\r\n",
                              (unsigned)strlen("--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\n"));
        for (int i = 0; i < 10; i++) {
            k += (size_t)snprintf(c + k, cap - k, "2710\r\n");     /* 10000 bytes */
            memset(c + k, '<', 10000);
            k += 10000;
            memcpy(c + k, "\r\n", 2);
            k += 2;
        }
        CU_ASSERT_EQUAL(hc_raw(L.port, c, k, &res), 413);
        hc_response_free(&res);
        free(c);
    }
    /* JSON bodies have the same limit */
    {
        char *j = malloc(6000);
        memset(j, ' ', 5999);
        j[5999] = 0;
        memcpy(j, "{\"validationProfile\":\"EN16931\"}", 31);
        CU_ASSERT_EQUAL(status_of(hc_json(L.port, "POST", "/api/v1/invoices", key, j, &res), &res), 413);
        free(j);
    }
    /* no workers: the invoice stays processing → download 409 with Retry-After */
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download", id);
    st = hc_request_auth(L.port, "GET", path, key, NULL, NULL, 0, &res);
    CU_ASSERT_EQUAL(st, 409);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Retry-After", hv, sizeof hv));
    hc_response_free(&res);
    snprintf(path, sizeof path, "/api/v1/invoices/%s/download/idoc", id);
    st = hc_request_auth(L.port, "GET", path, key, NULL, NULL, 0, &res);
    CU_ASSERT_EQUAL(st, 409);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Retry-After", hv, sizeof hv));
    hc_response_free(&res);
    {
        json_object *o;
        snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
        o = get_json(L.port, key, path, &st);
        CU_ASSERT_STRING_EQUAL(jstr(o, "status") ? jstr(o, "status") : "", "processing");
        CU_ASSERT_TRUE(jget(o, "canonicalJson") == NULL && json_object_object_get_ex(o, "canonicalJson", NULL));
        CU_ASSERT_TRUE(jget(o, "validationResult") == NULL && json_object_object_get_ex(o, "validationResult", NULL));
        CU_ASSERT_TRUE(json_object_object_get_ex(o, "invoiceFormat", NULL));
        json_object_put(o);
    }
    /* queue bound 3: two more fit, the next is 503 with Retry-After; sandbox is not queued */
    CU_ASSERT_EQUAL(submit_id(L.port, key, "EN16931", UBL, 2000, id), 202);
    CU_ASSERT_EQUAL(submit_id(L.port, key, "EN16931", UBL, 2000, id), 202);
    st = submit_mp(L.port, key, "/api/v1/invoices/validate", "EN16931", NULL, UBL, 2000, NULL, &res);
    CU_ASSERT_EQUAL(st, 503);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Retry-After", hv, sizeof hv));
    CU_ASSERT_TRUE(error_names(&res, "queue"));
    hc_response_free(&res);
    CU_ASSERT_EQUAL(status_of(submit_mp(L.port, sbx, "/api/v1/invoices/validate", "EN16931", NULL, UBL, 2000, NULL, &res), &res), 202);
    free(req);
    free(big);
    sp_cleanup(&L);
}

/* ---- quota: 50 concurrent submits against a key with quotaLimit 10 ---- */

typedef struct qarg {
    int port;
    const char *key;
    int status;
    int body_ok;        /* 429: the quota error body; 202: X-Quota-Limit 10 */
} qarg_t;

static void *quota_thread(void *p)
{
    qarg_t *a = p;
    hc_response_t res;
    char hv[32];
    a->status = submit_mp(a->port, a->key, "/api/v1/invoices/validate", "EN16931", NULL, UBL,
                          UBL_LEN, NULL, &res);
    if (a->status == 429) {
        json_object *o = body_json(&res);
        a->body_ok = jstr(o, "error") && strcmp(jstr(o, "error"), "Quota exceeded") == 0 &&
                     json_object_get_int(jget(o, "code")) == 429 && jstr(o, "message") &&
                     jstr(o, "timestamp") && hc_header(&res, "X-Quota-Remaining", hv, sizeof hv) &&
                     strcmp(hv, "0") == 0;
        json_object_put(o);
    } else if (a->status == 202)
        a->body_ok = hc_header(&res, "X-Quota-Limit", hv, sizeof hv) && strcmp(hv, "10") == 0;
    hc_response_free(&res);
    return NULL;
}

static void test_quota_concurrent(void)
{
    char key[SP_KEY_MAX];
    qarg_t args[50];
    pthread_t th[50];
    int i, n202 = 0, n429 = 0, other = 0, bodies = 0;
    CU_ASSERT_EQUAL_FATAL(sp_account_key(&S, "quota@example.com", "FREE", 0, 0, 10, key), 0);
    for (i = 0; i < 50; i++) {
        args[i].port = S.port;
        args[i].key = key;
        args[i].status = 0;
        args[i].body_ok = 0;
        pthread_create(&th[i], NULL, quota_thread, &args[i]);
    }
    for (i = 0; i < 50; i++) {
        pthread_join(th[i], NULL);
        if (args[i].status == 202)
            n202++;
        else if (args[i].status == 429)
            n429++;
        else
            other++;
        bodies += args[i].body_ok;
    }
    printf("\n  quota (%s): 50 concurrent submits, quotaLimit 10: %d x 202, %d x 429, %d other\n",
           KIND == SP_POSTGRES ? "postgresql" : "sqlite", n202, n429, other);
    CU_ASSERT_EQUAL(n202, 10);
    CU_ASSERT_EQUAL(n429, 40);
    CU_ASSERT_EQUAL(other, 0);
    CU_ASSERT_EQUAL(bodies, 50);
    CU_ASSERT_EQUAL(list_total(S.port, key, "?size=100"), 10);
    /* and stays refused */
    {
        hc_response_t res;
        CU_ASSERT_EQUAL(status_of(submit_mp(S.port, key, "/api/v1/invoices/validate", "EN16931", NULL, UBL, UBL_LEN, NULL, &res), &res), 429);
    }
}

/* ---- crash recovery ---- */

typedef struct carg {
    int port;
    const char *key;
    const char *doc;
    int from, to;
    char (*ids)[40];
} carg_t;

static void *crash_thread(void *p)
{
    carg_t *a = p;
    for (int i = a->from; i < a->to; i++)
        if (submit_id(a->port, a->key, "EN16931", a->doc, strlen(a->doc), a->ids[i]) != 202)
            a->ids[i][0] = 0;
    return NULL;
}

/* Submit n documents from 8 threads; returns how many were accepted. */
static int submit_many(int port, const char *key, const char *doc, int n, char (*ids)[40])
{
    pthread_t th[8];
    carg_t a[8];
    int i, ok = 0;
    for (i = 0; i < 8; i++) {
        a[i] = (carg_t){port, key, doc, n * i / 8, n * (i + 1) / 8, ids};
        pthread_create(&th[i], NULL, crash_thread, &a[i]);
    }
    for (i = 0; i < 8; i++)
        pthread_join(th[i], NULL);
    for (i = 0; i < n; i++)
        ok += ids[i][0] != 0;
    return ok;
}

/* Every invoice of the key's account, listed page by page: counts total, processing, and
 * checks that each accepted id appears exactly once. */
static int list_all(int port, const char *key, char (*ids)[40], int n, int *processing, int *matched)
{
    int total = 0, page;
    char *seen = calloc((size_t)n, 1);
    *processing = 0;
    *matched = 0;
    for (page = 0; page < 100; page++) {
        char path[128];
        int st;
        json_object *o, *c;
        size_t k, len;
        snprintf(path, sizeof path, "/api/v1/invoices?page=%d&size=100&sort=createdAt,asc", page);
        o = get_json(port, key, path, &st);
        c = jget(o, "content");
        len = c ? json_object_array_length(c) : 0;
        for (k = 0; k < len; k++) {
            json_object *it = json_object_array_get_idx(c, k);
            const char *id = jstr(it, "id"), *s = jstr(it, "status");
            total++;
            if (s && strcmp(s, "processing") == 0)
                (*processing)++;
            for (int i = 0; id && i < n; i++)
                if (strcmp(ids[i], id) == 0) {
                    if (seen[i])
                        *matched = -1000000;    /* listed twice */
                    seen[i] = 1;
                    (*matched)++;
                }
        }
        json_object_put(o);
        if (len < 100)
            break;
    }
    free(seen);
    return total;
}

static void test_crash_recovery(void)
{
    sp_server_t C;
    const char *env1[] = {"EINV_WORKERS=1", "EINV_JOB_LEASE=2", NULL};
    const char *env0[] = {"EINV_WORKERS=0", "EINV_JOB_LEASE=2", NULL};
    const char *env2[] = {"EINV_WORKERS=2", "EINV_JOB_LEASE=2", NULL};
    char key[SP_KEY_MAX], (*ids)[40] = calloc(200, 40), *doc = ubl_lines(300);
    int accepted, total, processing, matched;
    double t0;
    if (sp_init(&C, KIND) != 0) {
        CU_FAIL("crash server: no database");
        goto out;
    }
    if (sp_start(&C, env1) != 0 || sp_account_key(&C, "crash@example.com", "PRO", 0, 0, -1, key) != 0) {
        CU_FAIL("crash server did not start");
        goto out;
    }
    accepted = submit_many(C.port, key, doc, 200, ids);
    sp_kill(&C);                            /* SIGKILL with the queue still full */
    CU_ASSERT_EQUAL(accepted, 200);
    /* after the crash, before any worker runs: every accepted invoice is there */
    CU_ASSERT_EQUAL_FATAL(sp_start(&C, env0), 0);
    total = list_all(C.port, key, ids, 200, &processing, &matched);
    printf("\n  crash (%s): 200 accepted, SIGKILL; after restart %d listed, %d still processing\n",
           KIND == SP_POSTGRES ? "postgresql" : "sqlite", total, processing);
    CU_ASSERT_EQUAL(total, 200);
    CU_ASSERT_EQUAL(matched, 200);
    CU_ASSERT_TRUE(processing > 0);         /* the kill hit work in flight */
    sp_stop(&C);
    /* restart with workers: everything completes (claimed jobs after their lease) */
    CU_ASSERT_EQUAL_FATAL(sp_start(&C, env2), 0);
    t0 = tst_now_ms();
    do {
        tst_sleep_ms(200);
        total = list_all(C.port, key, ids, 200, &processing, &matched);
    } while (processing > 0 && tst_now_ms() - t0 < 120000);
    printf("  crash (%s): all final %.1f s after the restart: %d listed, %d matched, %d processing\n",
           KIND == SP_POSTGRES ? "postgresql" : "sqlite", (tst_now_ms() - t0) / 1000.0, total, matched,
           processing);
    CU_ASSERT_EQUAL(total, 200);
    CU_ASSERT_EQUAL(matched, 200);
    CU_ASSERT_EQUAL(processing, 0);
out:
    sp_cleanup(&C);
    free(ids);
    free(doc);
}

/* ---- PostgreSQL: two server processes, one database ---- */

#ifdef HAVE_PQ
static int pg_exec_ok(PGconn *c, const char *sql)
{
    PGresult *r = PQexec(c, sql);
    int ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok)
        fprintf(stderr, "\n  SQL failed: %s", PQerrorMessage(c));
    PQclear(r);
    return ok;
}
#endif

static void test_pg_two_servers(void)
{
#ifdef HAVE_PQ
    sp_server_t A, B;
    const char *envA[] = {"EINV_WORKERS=1", NULL};
    const char *envB[] = {"EINV_WORKERS=2", NULL};
    char key[SP_KEY_MAX], (*ids)[40] = calloc(200, 40), *doc = ubl_lines(300);
    int accepted, total, processing, matched;
    long long byA = 0, byB = 0, claims = 0, distinct = 0;
    PGconn *pg = NULL;
    double t0;
    memset(&B, 0, sizeof B);
    if (sp_init(&A, SP_POSTGRES) != 0) {
        CU_FAIL("pg: no database");
        goto out;
    }
    if (sp_start(&A, envA) != 0 || sp_account_key(&A, "shared@example.com", "PRO", 0, 0, -1, key) != 0) {
        CU_FAIL("server A did not start");
        goto out;
    }
    /* B: same database, its own port and log; A owns the database and the directory */
    B = A;
    B.pid = 0;
    B.port = 0;
    B.env = NULL;
    B.pg_dbname[0] = 0;
    snprintf(B.log_path, sizeof B.log_path, "%s/server-b.log", A.dir);
    B.dir[0] = 0;
    if (sp_start(&B, envB) != 0) {
        CU_FAIL("server B did not start");
        goto out;
    }
    /* record every claim (test-only trigger on this test's own database) */
    pg = PQconnectdb(A.database);
    CU_ASSERT_FATAL(PQstatus(pg) == CONNECTION_OK);
    CU_ASSERT_FATAL(pg_exec_ok(pg,
        "CREATE TABLE test_claims (worker text, invoice_id uuid);"
        "CREATE FUNCTION test_log_claim() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        "INSERT INTO test_claims VALUES (NEW.worker, NEW.invoice_id); RETURN NEW; END $$;"
        "CREATE TRIGGER test_claim AFTER UPDATE OF worker ON jobs FOR EACH ROW "
        "WHEN (NEW.worker IS NOT NULL) EXECUTE FUNCTION test_log_claim();"
        /* a job handed off to A's workers in memory is inserted already claimed by A */
        "CREATE TRIGGER test_claim_ins AFTER INSERT ON jobs FOR EACH ROW "
        "WHEN (NEW.worker IS NOT NULL) EXECUTE FUNCTION test_log_claim();"));
    /* all submits go to A; B only ever sees them through the shared queue */
    accepted = submit_many(A.port, key, doc, 200, ids);
    CU_ASSERT_EQUAL(accepted, 200);
    t0 = tst_now_ms();
    do {
        tst_sleep_ms(200);
        total = list_all(B.port, key, ids, 200, &processing, &matched);
    } while (processing > 0 && tst_now_ms() - t0 < 120000);
    CU_ASSERT_EQUAL(total, 200);
    CU_ASSERT_EQUAL(matched, 200);
    CU_ASSERT_EQUAL(processing, 0);
    {
        char sql[300];
        PGresult *r;
        snprintf(sql, sizeof sql,
                 "SELECT count(*) FILTER (WHERE split_part(worker, ':', 2) = '%d'),"
                 " count(*) FILTER (WHERE split_part(worker, ':', 2) = '%d'),"
                 " count(*), count(DISTINCT invoice_id) FROM test_claims", (int)A.pid, (int)B.pid);
        r = PQexec(pg, sql);
        if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1) {
            byA = atoll(PQgetvalue(r, 0, 0));
            byB = atoll(PQgetvalue(r, 0, 1));
            claims = atoll(PQgetvalue(r, 0, 2));
            distinct = atoll(PQgetvalue(r, 0, 3));
        }
        PQclear(r);
    }
    printf("\n  pg sharing: 200 submitted to A; jobs claimed by A (pid %d): %lld, by B (pid %d): %lld;"
           " %lld claims of %lld invoices\n", (int)A.pid, byA, (int)B.pid, byB, claims, distinct);
    CU_ASSERT_TRUE(byA > 0);
    CU_ASSERT_TRUE(byB > 0);
    CU_ASSERT_EQUAL(byA + byB, 200);
    CU_ASSERT_EQUAL(claims, 200);           /* SKIP LOCKED: no job claimed twice */
    CU_ASSERT_EQUAL(distinct, 200);
out:
    if (pg)
        PQfinish(pg);
    sp_cleanup(&B);
    sp_cleanup(&A);
    free(ids);
    free(doc);
#else
    CU_FAIL("built without libpq");
#endif
}

/* ---- suites ---- */

static int suite_init(sp_db_kind kind)
{
    const char *env[] = {"EINV_WORKERS=2", NULL};
    KIND = kind;
    if (sp_init(&S, kind) != 0)
        return 1;
    if (sp_start(&S, env) != 0)
        return 1;
    if (sp_account_key(&S, "free@example.com", "FREE", 0, 0, -1, K_FREE) != 0 ||
        sp_account_key(&S, "pro@example.com", "PRO", 0, 0, -1, K_PRO) != 0 ||
        sp_account_key(&S, "other@example.com", "FREE", 0, 0, -1, K_OTHER) != 0 ||
        sp_account_key(&S, "admin@example.com", "FREE", 1, 0, -1, K_ADMIN) != 0 ||
        sp_account_key(&S, "free@example.com", "FREE", 0, 1, -1, K_SBX) != 0)
        return 1;
    return 0;
}

static int init_sqlite(void) { return suite_init(SP_SQLITE); }
static int init_pg(void) { return suite_init(SP_POSTGRES); }
static int suite_clean(void)
{
    sp_cleanup(&S);
    return 0;
}

/* Samples and the set of modules the server loads (the same plugin directory). */
static int load_fixtures(void)
{
    einv_error_t err;
    einv_engine_t *e = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    UBL = tst_read_data("ubl/sample-invoice.xml", &UBL_LEN);
    CII = tst_read_data("cii/sample-invoice.xml", &CII_LEN);
    if (!UBL || !CII || !e) {
        fprintf(stderr, "fixtures missing (EINV_TEST_DATA, EINV_TEST_PLUGIN_DIR)\n");
        return -1;
    }
    {
        char *t = replace(UBL, "<cbc:ID>INV-2026-0042</cbc:ID>", "");
        UBL_BAD = replace(t, "<cbc:PayableAmount currencyID=\"EUR\">299.88</cbc:PayableAmount>",
                          "<cbc:PayableAmount currencyID=\"EUR\">300.00</cbc:PayableAmount>");
        free(t);
    }
    HAVE_XRECHNUNG = einv_engine_profile(e, "XRECHNUNG") != NULL;
    HAVE_IDOC = einv_engine_format(e, "idoc") != NULL;
    HAVE_ODATA = einv_engine_format(e, "odata") != NULL;
    HAVE_PDF = einv_engine_format(e, "pdf") != NULL;
    HAVE_ZUGFERD = einv_engine_format(e, "zugferd") != NULL;
    HAVE_JSON = einv_engine_format(e, "json") != NULL;
    HAVE_FACTURX = einv_engine_exporter(e, "facturx") != NULL;
    HAVE_IDOC_EXPORT = einv_engine_exporter(e, "idoc") != NULL;
    {
        /* the canonical model of the UBL sample, as the engine writes it */
        einv_validate_opts_t o = {.profile = "EN16931", .want_canonical = 1};
        einv_result_t *r = einv_validate(e, &o, UBL, UBL_LEN, &err);
        CANON = r && einv_result_canonical(r) ? strdup(einv_result_canonical(r)) : strdup("{}");
        einv_result_free(r);
    }
    einv_engine_close(e);
    return 0;
}

static void add_tests(CU_pSuite s, int pg)
{
    CU_add_test(s, "submit UBL and CII: 202, then validated", test_submit_ubl_and_cii);
    CU_add_test(s, "invalid invoice: failed_validation with BR findings", test_invalid_business_rules);
    CU_add_test(s, "XSD-invalid UBL: failed_validation, SCHEMA findings in kositResult", test_xsd_invalid);
    CU_add_test(s, "not well-formed XML: 202, then XML-WELLFORMED", test_not_wellformed_accepted);
    CU_add_test(s, "POST /v1/invoices (canonical JSON)", test_json_endpoint);
    CU_add_test(s, "order of checks and request errors", test_request_errors);
    CU_add_test(s, "malformed multipart is 400", test_malformed_multipart);
    CU_add_test(s, "sandbox keys", test_sandbox);
    CU_add_test(s, "tenant isolation and super-admin", test_tenant_isolation);
    CU_add_test(s, "pagination and sorting", test_pagination_and_sorting);
    CU_add_test(s, "downloads: 200 (or 501 without the module) and 409", test_downloads);
    CU_add_test(s, "413, 409 while processing, 503 queue full", test_limits_and_queue);
    CU_add_test(s, "quota: 50 concurrent submits, limit 10", test_quota_concurrent);
    CU_add_test(s, "crash recovery: SIGKILL with 200 in flight", test_crash_recovery);
    if (pg)
        CU_add_test(s, "two servers share one PostgreSQL queue", test_pg_two_servers);
}

unsigned tst_after(void)
{
    free(UBL);
    free(CII);
    free(UBL_BAD);
    free(CANON);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    if (load_fixtures() != 0) {
        tst_setup_failed("the fixtures cannot be read");
        return;
    }
    s = CU_add_suite("http_invoices_sqlite", init_sqlite, suite_clean);
    add_tests(s, 0);
    if (sp_pg_missing())
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL suite)");
    else {
        s = CU_add_suite("http_invoices_postgresql", init_pg, suite_clean);
        add_tests(s, 1);
    }
}
