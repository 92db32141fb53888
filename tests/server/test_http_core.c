/* The core of einvoiced over real HTTP: the server runs as a child process on loopback
 * (tests/support/server_proc.h) against SQLite and, when EINV_TEST_PG_URL is set,
 * PostgreSQL. Covered: health, the error body of every 4xx, authentication with API keys
 * (incl. immediate revocation) and ID tokens (EC key generated here, JWKS file, ES256
 * tokens signed here), API key CRUD and record shape, the FREE quota clamp, the account,
 * plan and mapping endpoints, the admin commands, JSON type errors, body limits, settings
 * validation, the access log (never a credential) and a graceful restart. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <ctype.h>
#include <json-c/json.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "http_client.h"
#include "server_proc.h"
#include "tjwt.h"
#include "tsupport.h"

#define ISS "https://idp.test.example"
#define AUD "einvoice-tests"

static sp_server_t srv_sqlite, srv_pg;
static sp_server_t *S;                  /* the server of the running suite */
static char admin_key[SP_KEY_MAX];      /* FREE account a@example.com */
static char pro_key[SP_KEY_MAX];        /* PRO account pro@example.com */
static char jwks_dir[256];
static EVP_PKEY *ec_key, *ec_other;
static char *seen_keys[64];             /* raw keys seen: none may reach the log */
static int n_seen;

/* ---------- helpers ---------- */

static void remember_key(const char *k)
{
    if (n_seen < 64)
        seen_keys[n_seen++] = strdup(k);
}

static json_object *body_json(const hc_response_t *r)
{
    return r->body ? json_tokener_parse(r->body) : NULL;
}

static const char *jstr(json_object *o, const char *k)
{
    json_object *v;
    if (!o || !json_object_object_get_ex(o, k, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

static int jnull(json_object *o, const char *k)
{
    json_object *v;
    return o && json_object_object_get_ex(o, k, &v) && v == NULL;
}

static long long jint(json_object *o, const char *k)
{
    json_object *v;
    if (!o || !json_object_object_get_ex(o, k, &v) || !json_object_is_type(v, json_type_int))
        return -999;
    return json_object_get_int64(v);
}

static int is_iso_offset(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    return n >= 25 && isdigit((unsigned char)s[0]) && s[4] == '-' && s[7] == '-' && s[10] == 'T' &&
           s[13] == ':' && s[16] == ':' && (s[n - 6] == '+' || s[n - 6] == '-') && s[n - 3] == ':';
}

static int is_iso_utc(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    return n >= 20 && s[4] == '-' && s[10] == 'T' && s[n - 1] == 'Z';
}

/* Assert the API error body {message, error, code, timestamp, path} of a response. */
static void check_error(const hc_response_t *r, int status, const char *error, const char *path,
                        const char *message_has)
{
    json_object *o = body_json(r);
    const char *m = jstr(o, "message");
    CU_ASSERT_EQUAL(r->status, status);
    CU_ASSERT_PTR_NOT_NULL(o);
    CU_ASSERT_PTR_NOT_NULL(m);
    CU_ASSERT_STRING_EQUAL(jstr(o, "error") ? jstr(o, "error") : "", error);
    CU_ASSERT_EQUAL(jint(o, "code"), status);
    CU_ASSERT_TRUE(is_iso_offset(jstr(o, "timestamp")));
    CU_ASSERT_STRING_EQUAL(jstr(o, "path") ? jstr(o, "path") : "", path);
    if (message_has && m && !strstr(m, message_has)) {
        fprintf(stderr, "\n  message \"%s\" does not name \"%s\"\n", m, message_has);
        CU_FAIL("error message does not name the field");
    }
    json_object_put(o);
}

static int req(const char *method, const char *path, const char *token, const char *json,
               hc_response_t *r)
{
    return hc_json(S->port, method, path, token, json, r);
}

/* A new key through the API; returns the record (caller frees), raw key into key. */
static json_object *new_key(const char *token, const char *body, char key[SP_KEY_MAX])
{
    hc_response_t r;
    json_object *o;
    req("POST", "/api/v1/api-keys", token, body, &r);
    CU_ASSERT_EQUAL(r.status, 201);
    o = body_json(&r);
    if (key) {
        const char *k = jstr(o, "key");
        snprintf(key, SP_KEY_MAX, "%s", k ? k : "");
        if (k)
            remember_key(k);
    }
    hc_response_free(&r);
    return o;
}

/* ---------- ID tokens (signed with tests/support/tjwt.h) ---------- */

/* Whether the next tokens say email_verified: true (the default). */
static int g_email_verified = 1;

/* An ES256 token signed with key; exp relative to now. (transfer full) */
static char *sign_token(EVP_PKEY *key, const char *aud, const char *sub, const char *email,
                        long long exp_in)
{
    char payload[600];
    long long now = (long long)time(NULL);
    snprintf(payload, sizeof payload,
             "{\"iss\":\"%s\",\"aud\":\"%s\",\"sub\":\"%s\",\"email\":\"%s\",\"email_verified\":%s,\"iat\":%lld,\"exp\":%lld}",
             ISS, aud, sub, email, g_email_verified ? "true" : "false", now - 10, now + exp_in);
    return tjwt_sign(key, payload);
}

/* ---------- suites ---------- */

static int start_suite(sp_server_t *s, sp_db_kind kind)
{
    char jwks_env[400];
    const char *env[] = {jwks_env, "EINV_OIDC_ISSUER=" ISS, "EINV_OIDC_AUDIENCE=" AUD,
                         "EINV_SUPER_ADMINS=boss@example.com, other@example.com", "EINV_WORKERS=1",
                         NULL};
    int rc = sp_init(s, kind);
    if (rc != 0)
        return rc;
    snprintf(jwks_env, sizeof jwks_env, "EINV_JWKS_FILE=%s/jwks.json", jwks_dir);
    if (sp_start(s, env) != 0)
        return -1;
    S = s;
    if (sp_account_key(s, "a@example.com", "FREE", 0, 0, -1, admin_key) != 0 ||
        sp_account_key(s, "pro@example.com", "PRO", 0, 0, -1, pro_key) != 0)
        return -1;
    remember_key(admin_key);
    remember_key(pro_key);
    return 0;
}

static int init_sqlite(void) { return start_suite(&srv_sqlite, SP_SQLITE) == 0 ? 0 : -1; }
static int init_pg(void) { return start_suite(&srv_pg, SP_POSTGRES) == 0 ? 0 : -1; }
static int clean_sqlite(void) { sp_cleanup(&srv_sqlite); return 0; }
static int clean_pg(void) { sp_cleanup(&srv_pg); return 0; }

/* ---------- tests ---------- */

static void test_health(void)
{
    hc_response_t r;
    char ct[80];
    req("GET", "/api/health", NULL, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    CU_ASSERT_STRING_EQUAL(r.body ? r.body : "", "{\"status\":\"ok\"}");
    CU_ASSERT_PTR_NOT_NULL(hc_header(&r, "Content-Type", ct, sizeof ct));
    CU_ASSERT_PTR_NOT_NULL(strstr(ct, "application/json"));
    hc_response_free(&r);
}

static void test_not_found_and_method(void)
{
    hc_response_t r;
    char allow[80] = "";
    req("GET", "/api/v2/invoices", admin_key, NULL, &r);
    check_error(&r, 404, "NOT_FOUND", "/api/v2/invoices", NULL);
    hc_response_free(&r);
    req("GET", "/api/v1/nothing/here", NULL, NULL, &r);
    check_error(&r, 404, "NOT_FOUND", "/api/v1/nothing/here", NULL);
    hc_response_free(&r);
    /* "/" is the dashboard (docs/dashboard.md); other paths outside /api are still 404 */
    req("GET", "/no/such/page", NULL, NULL, &r);
    check_error(&r, 404, "NOT_FOUND", "/no/such/page", NULL);
    hc_response_free(&r);
    req("DELETE", "/api/v1/account", admin_key, NULL, &r);
    check_error(&r, 405, "METHOD_NOT_ALLOWED", "/api/v1/account", NULL);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&r, "Allow", allow, sizeof allow));
    CU_ASSERT_PTR_NOT_NULL(strstr(allow, "GET"));
    hc_response_free(&r);
    req("POST", "/api/health", NULL, "{}", &r);
    check_error(&r, 405, "METHOD_NOT_ALLOWED", "/api/health", NULL);
    hc_response_free(&r);
    /* a hostile path is answered, not echoed into the log raw */
    {
        static const char evil[] = "GET /api/v1/%0d%0aFAKE HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
        hc_raw(S->port, evil, sizeof evil - 1, &r);
    }
    CU_ASSERT_EQUAL(r.status, 404);
    hc_response_free(&r);
    CU_ASSERT_FALSE(sp_log_contains(S, "\nFAKE"));
}

static void test_unauthorized(void)
{
    static const char *const bad[] = {
        NULL, "Bearer", "Bearer garbage", "Basic YTpi", "Bearer svc_live_short",
        "Bearer svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", "Bearer a.b.c"};
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        hc_response_t r;
        char hdr[300], www[120] = "";
        if (bad[i])
            snprintf(hdr, sizeof hdr, "Authorization: %s\r\n", bad[i]);
        hc_request(S->port, "GET", "/api/v1/account", bad[i] ? hdr : NULL, NULL, 0, &r);
        check_error(&r, 401, "UNAUTHORIZED", "/api/v1/account", NULL);
        CU_ASSERT_PTR_NOT_NULL(hc_header(&r, "WWW-Authenticate", www, sizeof www));
        CU_ASSERT_EQUAL(strncmp(www, "Bearer", 6), 0);
        hc_response_free(&r);
    }
}

static void test_revocation(void)
{
    char key[SP_KEY_MAX], path[128];
    json_object *rec = new_key(admin_key, "{\"name\":\"to revoke\"}", key);
    hc_response_t r;
    snprintf(path, sizeof path, "/api/v1/api-keys/%s", jstr(rec, "id") ? jstr(rec, "id") : "x");
    req("GET", "/api/v1/account", key, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    hc_response_free(&r);
    /* the key revokes itself; the very next request is refused */
    req("DELETE", path, key, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 204);
    CU_ASSERT_EQUAL(r.body_len, 0);
    hc_response_free(&r);
    req("GET", "/api/v1/account", key, NULL, &r);
    check_error(&r, 401, "UNAUTHORIZED", "/api/v1/account", NULL);
    hc_response_free(&r);
    req("DELETE", path, admin_key, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 204);
    hc_response_free(&r);
    /* unknown, another account's, malformed */
    req("DELETE", "/api/v1/api-keys/2f1c3d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", admin_key, NULL, &r);
    check_error(&r, 404, "NOT_FOUND", "/api/v1/api-keys/2f1c3d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f", NULL);
    hc_response_free(&r);
    json_object_put(rec);
    rec = new_key(admin_key, "{\"name\":\"mine\"}", NULL);
    snprintf(path, sizeof path, "/api/v1/api-keys/%s", jstr(rec, "id") ? jstr(rec, "id") : "x");
    req("DELETE", path, pro_key, NULL, &r);
    check_error(&r, 404, "NOT_FOUND", path, NULL);
    hc_response_free(&r);
    req("DELETE", "/api/v1/api-keys/not-a-uuid", admin_key, NULL, &r);
    check_error(&r, 400, "BAD_REQUEST", "/api/v1/api-keys/not-a-uuid", "id");
    hc_response_free(&r);
    req("DELETE", "/api/v1/api-keys/1%27%20OR%20%271%27=%271", admin_key, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 400);
    hc_response_free(&r);
    json_object_put(rec);
}

static void check_record(json_object *o, int sandbox, const char *name)
{
    const char *key = jstr(o, "key"), *id = jstr(o, "id");
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_TRUE(id && strlen(id) == 36 && id[8] == '-' && id[14] == '4');
    CU_ASSERT_STRING_EQUAL(jstr(o, "name") ? jstr(o, "name") : "", name);
    CU_ASSERT_EQUAL(json_object_get_boolean(json_object_object_get(o, "sandbox")), sandbox);
    CU_ASSERT_STRING_EQUAL(jstr(o, "prefix") ? jstr(o, "prefix") : "", sandbox ? "svc_test_" : "svc_live_");
    CU_ASSERT_TRUE(is_iso_utc(jstr(o, "createdAt")));
    CU_ASSERT_TRUE(jnull(o, "revokedAt"));
    CU_ASSERT_EQUAL(jint(o, "usedThisMonth"), 0);
    if (key) {
        size_t n = strlen(key), i;
        CU_ASSERT_EQUAL(strncmp(key, sandbox ? "svc_test_" : "svc_live_", 9), 0);
        CU_ASSERT_TRUE(n >= 9 + 32);
        for (i = 9; i < n; i++)
            CU_ASSERT_TRUE(isalnum((unsigned char)key[i]) || key[i] == '-' || key[i] == '_');
        CU_ASSERT_STRING_EQUAL(jstr(o, "lastFour") ? jstr(o, "lastFour") : "", key + n - 4);
        CU_ASSERT_TRUE(jnull(o, "lastUsedAt"));
    }
}

static void test_keys_crud(void)
{
    char k1[SP_KEY_MAX], k2[SP_KEY_MAX], loc[120] = "";
    json_object *a = new_key(pro_key, "{\"name\":\"first\"}", k1), *b, *list, *arr;
    hc_response_t r;
    size_t i, n;
    int found_revoked = 0;
    check_record(a, 0, "first");
    CU_ASSERT_TRUE(jnull(a, "quotaLimit"));     /* PRO: none */
    usleep(5000);
    b = new_key(pro_key, "{\"name\":\"second \\u00e9\",\"sandbox\":true,\"quotaLimit\":1000}", k2);
    check_record(b, 1, "second \xc3\xa9");
    CU_ASSERT_EQUAL(jint(b, "quotaLimit"), 1000);
    CU_ASSERT_NOT_EQUAL(strcmp(k1, k2), 0);
    /* Location of a created key */
    req("POST", "/api/v1/api-keys", pro_key, "{\"name\":\"loc\"}", &r);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&r, "Location", loc, sizeof loc));
    CU_ASSERT_PTR_NOT_NULL(strstr(loc, "/api/v1/api-keys/"));
    if (r.body) {
        json_object *o = body_json(&r);
        if (jstr(o, "key"))
            remember_key(jstr(o, "key"));
        json_object_put(o);
    }
    hc_response_free(&r);
    /* use k1, revoke k2; the list shows both, newest first, without raw keys */
    req("GET", "/api/v1/account", k1, NULL, &r);
    hc_response_free(&r);
    {
        char path[100];
        snprintf(path, sizeof path, "/api/v1/api-keys/%s", jstr(b, "id"));
        req("DELETE", path, pro_key, NULL, &r);
        hc_response_free(&r);
    }
    req("GET", "/api/v1/api-keys", k1, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    list = body_json(&r);
    hc_response_free(&r);
    CU_ASSERT_TRUE_FATAL(list && json_object_object_get_ex(list, "content", &arr) &&
                         json_object_is_type(arr, json_type_array));
    n = json_object_array_length(arr);
    CU_ASSERT_TRUE(n >= 4);
    for (i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(arr, i);
        CU_ASSERT_PTR_NULL(jstr(e, "key"));
        CU_ASSERT_FALSE(json_object_object_get_ex(e, "hash", NULL));
        if (i + 1 < n) {
            const char *c1 = jstr(e, "createdAt"), *c2 = jstr(json_object_array_get_idx(arr, i + 1), "createdAt");
            CU_ASSERT_TRUE(c1 && c2 && strcmp(c1, c2) >= 0);
        }
        if (jstr(e, "id") && strcmp(jstr(e, "id"), jstr(b, "id")) == 0) {
            found_revoked = 1;
            CU_ASSERT_TRUE(is_iso_utc(jstr(e, "revokedAt")));
        }
        if (jstr(e, "id") && strcmp(jstr(e, "id"), jstr(a, "id")) == 0)
            CU_ASSERT_TRUE(is_iso_utc(jstr(e, "lastUsedAt")));
    }
    CU_ASSERT_TRUE(found_revoked);
    json_object_put(list);
    json_object_put(a);
    json_object_put(b);
}

static void test_free_quota_clamp(void)
{
    json_object *o;
    o = new_key(admin_key, "{\"name\":\"n\",\"quotaLimit\":null}", NULL);
    CU_ASSERT_EQUAL(jint(o, "quotaLimit"), 500);
    json_object_put(o);
    o = new_key(admin_key, "{\"name\":\"big\",\"quotaLimit\":100000}", NULL);
    CU_ASSERT_EQUAL(jint(o, "quotaLimit"), 500);
    json_object_put(o);
    o = new_key(admin_key, "{\"name\":\"small\",\"quotaLimit\":10}", NULL);
    CU_ASSERT_EQUAL(jint(o, "quotaLimit"), 10);
    json_object_put(o);
    o = new_key(pro_key, "{\"name\":\"pro big\",\"quotaLimit\":100000}", NULL);
    CU_ASSERT_EQUAL(jint(o, "quotaLimit"), 100000);
    json_object_put(o);
}

static void test_key_request_errors(void)
{
    static const struct {
        const char *body, *names;
    } cases[] = {
        {"{}", "name"},
        {"{\"name\":123}", "name"},
        {"{\"name\":\"\"}", "name"},
        {"{\"name\":null}", "name"},
        {"{\"name\":\"x\",\"sandbox\":\"yes\"}", "sandbox"},
        {"{\"name\":\"x\",\"sandbox\":1}", "sandbox"},
        {"{\"name\":\"x\",\"quotaLimit\":\"10\"}", "quotaLimit"},
        {"{\"name\":\"x\",\"quotaLimit\":0}", "quotaLimit"},
        {"{\"name\":\"x\",\"quotaLimit\":-5}", "quotaLimit"},
        {"{\"name\":\"x\",\"quotaLimit\":1.5}", "quotaLimit"},
        {"{\"name\":[\"x\"]}", "name"},
        {"[1,2]", "JSON object"},
        {"{\"name\":", "JSON"},
        {"{\"name\":\"x\"} trailing", "JSON"},
        {"", "JSON object"},
    };
    char longname[300];
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hc_response_t r;
        req("POST", "/api/v1/api-keys", admin_key, cases[i].body, &r);
        check_error(&r, 400, "BAD_REQUEST", "/api/v1/api-keys", cases[i].names);
        hc_response_free(&r);
    }
    {
        hc_response_t r;
        memset(longname, 'n', sizeof longname);
        memcpy(longname, "{\"name\":\"", 9);
        strcpy(longname + 9 + 201, "\"}");
        req("POST", "/api/v1/api-keys", admin_key, longname, &r);
        check_error(&r, 400, "BAD_REQUEST", "/api/v1/api-keys", "name");
        hc_response_free(&r);
    }
}

static void test_body_limits(void)
{
    hc_response_t r;
    char req_buf[512], *big;
    size_t i;
    int n;
    /* Content-Length over the limit: 413 before the body is read */
    n = snprintf(req_buf, sizeof req_buf,
                 "POST /api/v1/api-keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
                 "Content-Type: application/json\r\nContent-Length: 1000000000\r\nConnection: close\r\n\r\n{\"name\":",
                 admin_key);
    hc_raw(S->port, req_buf, (size_t)n, &r);
    check_error(&r, 413, "PAYLOAD_TOO_LARGE", "/api/v1/api-keys", NULL);
    hc_response_free(&r);
    /* chunked body growing past the limit */
    big = malloc(300000);
    n = snprintf(big, 300000,
                 "PUT /api/v1/account/plan HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
                 "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
                 admin_key);
    for (i = 0; i < 30; i++) {
        n += snprintf(big + n, 300000 - (size_t)n, "1000\r\n");
        memset(big + n, ' ', 4096);
        n += 4096;
        n += snprintf(big + n, 300000 - (size_t)n, "\r\n");
    }
    n += snprintf(big + n, 300000 - (size_t)n, "0\r\n\r\n");
    hc_raw(S->port, big, (size_t)n, &r);
    check_error(&r, 413, "PAYLOAD_TOO_LARGE", "/api/v1/account/plan", NULL);
    hc_response_free(&r);
    free(big);
    /* a small chunked body is fine */
    n = snprintf(req_buf, sizeof req_buf,
                 "PUT /api/v1/account/plan HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
                 "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n10\r\n{\"plan\":\"FREE\"} \r\n0\r\n\r\n",
                 admin_key);
    hc_raw(S->port, req_buf, (size_t)n, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    hc_response_free(&r);
}

static void test_account_and_plan(void)
{
    hc_response_t r;
    json_object *o, *u;
    char period[8], key[SP_KEY_MAX];
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(period, sizeof period, "%Y-%m", &tm);
    req("GET", "/api/v1/account", admin_key, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    o = body_json(&r);
    hc_response_free(&r);
    CU_ASSERT_TRUE(jstr(o, "id") && strlen(jstr(o, "id")) == 36);
    CU_ASSERT_STRING_EQUAL(jstr(o, "email") ? jstr(o, "email") : "", "a@example.com");
    CU_ASSERT_STRING_EQUAL(jstr(o, "plan") ? jstr(o, "plan") : "", "FREE");
    CU_ASSERT_FALSE(json_object_get_boolean(json_object_object_get(o, "superAdmin")));
    u = json_object_object_get(o, "usage");
    CU_ASSERT_STRING_EQUAL(jstr(u, "period") ? jstr(u, "period") : "", period);
    CU_ASSERT_EQUAL(jint(u, "used"), 0);
    CU_ASSERT_EQUAL(jint(u, "limit"), 500);
    json_object_put(o);
    /* plan changes take effect at once; a PRO account's key made without limit has none */
    if (sp_account_key(S, "plan@example.com", "FREE", 0, 0, -1, key) != 0) {
        CU_FAIL("admin create-key");
        return;
    }
    remember_key(key);
    req("PUT", "/api/v1/account/plan", key, "{\"plan\":\"PRO\"}", &r);
    CU_ASSERT_EQUAL(r.status, 200);
    o = body_json(&r);
    CU_ASSERT_STRING_EQUAL(jstr(o, "plan") ? jstr(o, "plan") : "", "PRO");
    CU_ASSERT_TRUE(json_object_object_get_ex(o, "usage", NULL));
    json_object_put(o);
    hc_response_free(&r);
    req("GET", "/api/v1/account", pro_key, NULL, &r);
    o = body_json(&r);
    CU_ASSERT_STRING_EQUAL(jstr(o, "plan") ? jstr(o, "plan") : "", "PRO");
    CU_ASSERT_TRUE(jnull(json_object_object_get(o, "usage"), "limit"));
    json_object_put(o);
    hc_response_free(&r);
    req("PUT", "/api/v1/account/plan", key, "{\"plan\":\"GOLD\"}", &r);
    check_error(&r, 400, "BAD_REQUEST", "/api/v1/account/plan", "plan");
    hc_response_free(&r);
    req("PUT", "/api/v1/account/plan", key, "{\"plan\":1}", &r);
    check_error(&r, 400, "BAD_REQUEST", "/api/v1/account/plan", "plan");
    hc_response_free(&r);
    req("PUT", "/api/v1/account/plan", key, "{}", &r);
    check_error(&r, 400, "BAD_REQUEST", "/api/v1/account/plan", "plan");
    hc_response_free(&r);
    req("PUT", "/api/v1/account/plan", key, "{\"plan\":\"FREE\"", &r);
    check_error(&r, 400, "BAD_REQUEST", "/api/v1/account/plan", "JSON");
    hc_response_free(&r);
    req("PUT", "/api/v1/account/plan", key, "{\"plan\":\"FREE\"}", &r);
    o = body_json(&r);
    CU_ASSERT_STRING_EQUAL(jstr(o, "plan") ? jstr(o, "plan") : "", "FREE");
    json_object_put(o);
    hc_response_free(&r);
}

static void test_super_admin(void)
{
    char k1[SP_KEY_MAX], k2[SP_KEY_MAX];
    hc_response_t r;
    json_object *o;
    CU_ASSERT_EQUAL_FATAL(sp_account_key(S, "boss@example.com", "FREE", 0, 0, -1, k1), 0);
    CU_ASSERT_EQUAL_FATAL(sp_account_key(S, "flag@example.com", "PRO", 1, 0, -1, k2), 0);
    remember_key(k1);
    remember_key(k2);
    req("GET", "/api/v1/account", k1, NULL, &r);
    o = body_json(&r);
    CU_ASSERT_TRUE(json_object_get_boolean(json_object_object_get(o, "superAdmin")));
    json_object_put(o);
    hc_response_free(&r);
    req("GET", "/api/v1/account", k2, NULL, &r);
    o = body_json(&r);
    CU_ASSERT_TRUE(json_object_get_boolean(json_object_object_get(o, "superAdmin")));
    CU_ASSERT_STRING_EQUAL(jstr(o, "plan") ? jstr(o, "plan") : "", "PRO");
    json_object_put(o);
    hc_response_free(&r);
}

static void test_mappings(void)
{
    static const char doc[] =
        "{\"taxCodes\":{\"A1\":{\"category\":\"S\",\"rate\":19},\"R1\":{\"category\":\"AE\",\"rate\":0,"
        "\"exemptionCode\":\"VATEX-EU-AE\",\"exemptionReason\":\"Reverse charge\"},\"H7\":{\"category\":\"S\",\"rate\":7.50}},"
        "\"units\":{\"PCE\":\"H87\"},\"parties\":{\"100200\":{\"name\":\"Lieferant GmbH\",\"vatId\":\"DE123456789\","
        "\"address\":{\"city\":\"Berlin\",\"countryCode\":\"DE\"}}},\"companyCodes\":{\"1010\":{\"name\":\"Buyer AG\"}}}";
    static const struct {
        const char *body, *names;
    } bad[] = {
        {"{\"foo\":{}}", "foo"},
        {"{\"units\":{},\"taxcodes\":{}}", "taxcodes"},
        {"{\"units\":{\"PCE\":5}}", "units.PCE"},
        {"{\"units\":[]}", "units"},
        {"{\"taxCodes\":{\"A1\":{\"category\":\"S\",\"rate\":\"19\"}}}", "rate"},
        {"{\"taxCodes\":{\"A1\":{\"rate\":19}}}", "category"},
        {"{\"taxCodes\":{\"A1\":{\"category\":\"S\",\"colour\":\"red\"}}}", "colour"},
        {"{\"taxCodes\":{\"A1\":\"S\"}}", "taxCodes.A1"},
        {"{\"parties\":{\"1\":\"Lieferant\"}}", "parties.1"},
        {"{\"parties\":{\"1\":{\"name\":5}}}", "name"},
        {"{\"companyCodes\":{\"1010\":{\"address\":\"Berlin\"}}}", "address"},
        {"{\"companyCodes\":null}", "companyCodes"},
        {"[]", "JSON object"},
        {"{\"units\":", "JSON"},
    };
    hc_response_t r;
    json_object *o, *tc;
    char key[SP_KEY_MAX];
    size_t i;
    CU_ASSERT_EQUAL_FATAL(sp_account_key(S, "map@example.com", "PRO", 0, 0, -1, key), 0);
    remember_key(key);
    req("GET", "/api/v1/account/mappings", key, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    o = body_json(&r);
    CU_ASSERT_TRUE(o && json_object_object_length(o) == 4);
    CU_ASSERT_TRUE(o && json_object_object_length(json_object_object_get(o, "taxCodes")) == 0);
    CU_ASSERT_TRUE(o && json_object_is_type(json_object_object_get(o, "companyCodes"), json_type_object));
    json_object_put(o);
    hc_response_free(&r);
    req("PUT", "/api/v1/account/mappings", key, doc, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    hc_response_free(&r);
    req("GET", "/api/v1/account/mappings", key, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    CU_ASSERT_PTR_NOT_NULL(r.body && strstr(r.body, "7.50"));   /* decimals kept as written */
    o = body_json(&r);
    tc = json_object_object_get(o, "taxCodes");
    CU_ASSERT_STRING_EQUAL(jstr(json_object_object_get(tc, "R1"), "exemptionCode") ? jstr(json_object_object_get(tc, "R1"), "exemptionCode") : "", "VATEX-EU-AE");
    CU_ASSERT_STRING_EQUAL(jstr(json_object_object_get(o, "units"), "PCE") ? jstr(json_object_object_get(o, "units"), "PCE") : "", "H87");
    json_object_put(o);
    hc_response_free(&r);
    /* the mapping is the account's: another account still has none */
    req("GET", "/api/v1/account/mappings", admin_key, NULL, &r);
    CU_ASSERT_PTR_NULL(r.body ? strstr(r.body, "H87") : NULL);
    hc_response_free(&r);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        req("PUT", "/api/v1/account/mappings", key, bad[i].body, &r);
        check_error(&r, 400, "BAD_REQUEST", "/api/v1/account/mappings", bad[i].names);
        hc_response_free(&r);
    }
    /* a refused document leaves the stored one alone; a partial one is completed */
    req("PUT", "/api/v1/account/mappings", key, "{\"units\":{\"KGM\":\"KGM\"}}", &r);
    CU_ASSERT_EQUAL(r.status, 200);
    o = body_json(&r);
    CU_ASSERT_TRUE(o && json_object_object_length(o) == 4);
    json_object_put(o);
    hc_response_free(&r);
}

static void test_admin_commands(void)
{
    char out[4096], *last;
    const char *help[] = {"--help", NULL};
    const char *acc[] = {"admin", "create-account", "--email", "cli@example.com", "--plan", "PRO", NULL};
    const char *key[] = {"admin", "create-key", "--email", "cli@example.com", "--name", "ci", "--quota", "50", NULL};
    const char *sbx[] = {"admin", "create-key", "--email", "cli@example.com", "--name", "sb", "--sandbox", NULL};
    const char *nobody[] = {"admin", "create-key", "--email", "nobody@example.com", "--name", "x", NULL};
    const char *badq[] = {"admin", "create-key", "--email", "cli@example.com", "--name", "x", "--quota", "0", NULL};
    const char *badplan[] = {"admin", "create-account", "--email", "x@example.com", "--plan", "GOLD", NULL};
    hc_response_t r;
    json_object *o;
    CU_ASSERT_EQUAL(sp_run(S, help, out, sizeof out), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "create-key"));
    CU_ASSERT_EQUAL(sp_run(S, acc, out, sizeof out), 0);
    CU_ASSERT_EQUAL(sp_run(S, acc, out, sizeof out), 0);      /* again: no error */
    CU_ASSERT_EQUAL(sp_run(S, key, out, sizeof out), 0);
    while (strlen(out) && out[strlen(out) - 1] == '\n')
        out[strlen(out) - 1] = 0;
    last = strrchr(out, '\n');
    last = last ? last + 1 : out;
    CU_ASSERT_EQUAL(strncmp(last, "svc_live_", 9), 0);
    remember_key(last);
    req("GET", "/api/v1/account", last, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    o = body_json(&r);
    CU_ASSERT_STRING_EQUAL(jstr(o, "email") ? jstr(o, "email") : "", "cli@example.com");
    CU_ASSERT_STRING_EQUAL(jstr(o, "plan") ? jstr(o, "plan") : "", "PRO");
    /* a PRO account has no monthly cap; the key's own limit is in its record */
    CU_ASSERT_TRUE(jnull(json_object_object_get(o, "usage"), "limit"));
    json_object_put(o);
    hc_response_free(&r);
    CU_ASSERT_EQUAL(sp_run(S, sbx, out, sizeof out), 0);
    while (strlen(out) && out[strlen(out) - 1] == '\n')
        out[strlen(out) - 1] = 0;
    last = strrchr(out, '\n');
    last = last ? last + 1 : out;
    CU_ASSERT_EQUAL(strncmp(last, "svc_test_", 9), 0);
    remember_key(last);
    CU_ASSERT_NOT_EQUAL(sp_run(S, nobody, out, sizeof out), 0);
    CU_ASSERT_EQUAL(sp_run(S, badq, out, sizeof out), 2);
    CU_ASSERT_EQUAL(sp_run(S, badplan, out, sizeof out), 2);
}

static void test_id_tokens(void)
{
    char *tok = sign_token(ec_key, AUD, "user-1", "tok@example.com", 600);
    char *tok2 = sign_token(ec_key, AUD, "user-1", "tok@example.com", 300);
    char *expired = sign_token(ec_key, AUD, "user-1", "tok@example.com", -3600);
    char *wrong_aud = sign_token(ec_key, "someone-else", "user-1", "tok@example.com", 600);
    char *wrong_key = sign_token(ec_other, AUD, "user-1", "tok@example.com", 600);
    char id[40] = "";
    hc_response_t r;
    json_object *o;
    req("GET", "/api/v1/account", tok, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    o = body_json(&r);
    CU_ASSERT_STRING_EQUAL(jstr(o, "email") ? jstr(o, "email") : "", "tok@example.com");
    CU_ASSERT_STRING_EQUAL(jstr(o, "plan") ? jstr(o, "plan") : "", "FREE");
    CU_ASSERT_EQUAL(jint(json_object_object_get(o, "usage"), "limit"), 500);
    snprintf(id, sizeof id, "%s", jstr(o, "id") ? jstr(o, "id") : "");
    json_object_put(o);
    hc_response_free(&r);
    /* the same subject is the same account */
    req("GET", "/api/v1/account", tok2, NULL, &r);
    o = body_json(&r);
    CU_ASSERT_STRING_EQUAL(jstr(o, "id") ? jstr(o, "id") : "", id);
    json_object_put(o);
    hc_response_free(&r);
    /* an ID token manages keys like a key does */
    o = new_key(tok, "{\"name\":\"from dashboard\"}", NULL);
    CU_ASSERT_EQUAL(jint(o, "quotaLimit"), 500);
    json_object_put(o);
    req("GET", "/api/v1/account", expired, NULL, &r);
    check_error(&r, 401, "UNAUTHORIZED", "/api/v1/account", NULL);
    hc_response_free(&r);
    req("GET", "/api/v1/account", wrong_aud, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 401);
    hc_response_free(&r);
    req("GET", "/api/v1/account", wrong_key, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 401);
    hc_response_free(&r);
    /* a tampered signature */
    tok[strlen(tok) - 3] = tok[strlen(tok) - 3] == 'A' ? 'B' : 'A';
    req("GET", "/api/v1/account", tok, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 401);
    hc_response_free(&r);
    CU_ASSERT_FALSE(sp_log_contains(S, tok2));
    /* an unverified email links to nobody's account: the subject is the address instead */
    {
        char *unverified;
        g_email_verified = 0;
        unverified = sign_token(ec_key, AUD, "user-2", "tok@example.com", 600);
        g_email_verified = 1;
        req("GET", "/api/v1/account", unverified, NULL, &r);
        CU_ASSERT_EQUAL(r.status, 200);
        o = body_json(&r);
        CU_ASSERT_STRING_NOT_EQUAL(jstr(o, "id") ? jstr(o, "id") : "", id);
        CU_ASSERT_STRING_NOT_EQUAL(jstr(o, "email") ? jstr(o, "email") : "", "tok@example.com");
        json_object_put(o);
        hc_response_free(&r);
        free(unverified);
    }
    free(tok);
    free(tok2);
    free(expired);
    free(wrong_aud);
    free(wrong_key);
}

static void test_settings_validation(void)
{
    static const struct {
        const char *env, *names;
    } cases[] = {
        {"EINV_MAX_UPLOAD=abc", "EINV_MAX_UPLOAD"},
        {"EINV_WORKERS=-1", "EINV_WORKERS"},
        {"EINV_LISTEN=127.0.0.1:notaport", "EINV_LISTEN"},
        {"EINV_DATABASE=mysql://x", "EINV_DATABASE"},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char cmd[1200], out[2048] = "";
        FILE *p;
        size_t n;
        int st;
        snprintf(cmd, sizeof cmd, "env %s '%s' admin create-account --email v@example.com 2>&1",
                 cases[i].env, getenv("EINV_SERVER_BIN") ? getenv("EINV_SERVER_BIN") : "build/bin/einvoiced");
        p = popen(cmd, "r");
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        n = fread(out, 1, sizeof out - 1, p);
        out[n] = 0;
        st = pclose(p);
        CU_ASSERT_EQUAL(WEXITSTATUS(st), 2);
        if (!strstr(out, cases[i].names)) {
            fprintf(stderr, "\n  %s: output does not name the setting: %s\n", cases[i].env, out);
            CU_FAIL("settings error does not name the setting");
        }
    }
}

/* Run einvoiced with extra env assignments (shell words); returns the exit code. */
static int run_with_env(const char *env, const char *args, char *out, size_t size)
{
    char cmd[2400];
    FILE *p;
    size_t n;
    snprintf(cmd, sizeof cmd, "env %s '%s' %s 2>&1", env,
             getenv("EINV_SERVER_BIN") ? getenv("EINV_SERVER_BIN") : "build/bin/einvoiced", args);
    p = popen(cmd, "r");
    if (!p)
        return -1;
    n = fread(out, 1, size - 1, p);
    out[n] = 0;
    return WEXITSTATUS(pclose(p));
}

static void test_config_file(void)
{
    char path[400], env[1600], out[2048];
    FILE *f;
    snprintf(path, sizeof path, "%s/einvoiced.conf", S->dir);
    f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fprintf(f, "# test settings\nEINV_DATABASE=%s\nEINV_MAX_UPLOAD = abc\n", S->database);
    fclose(f);
    /* a bad value in the file is named */
    snprintf(env, sizeof env, "EINV_CONFIG='%s'", path);
    CU_ASSERT_EQUAL(run_with_env(env, "admin create-account --email cfg@example.com", out, sizeof out), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "EINV_MAX_UPLOAD"));
    /* the environment overrides the file; the file's database is used */
    snprintf(env, sizeof env, "EINV_CONFIG='%s' EINV_MAX_UPLOAD=1M", path);
    CU_ASSERT_EQUAL(run_with_env(env, "admin create-account --email cfg@example.com", out, sizeof out), 0);
    {
        const char *args[] = {"admin", "create-account", "--email", "cfg@example.com", NULL};
        CU_ASSERT_EQUAL(sp_run(S, args, out, sizeof out), 0);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, "exists"));
    }
    /* an unknown setting in the file is refused */
    f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fprintf(f, "EINV_WORKRES=4\n");
    fclose(f);
    snprintf(env, sizeof env, "EINV_CONFIG='%s'", path);
    CU_ASSERT_EQUAL(run_with_env(env, "admin create-account --email cfg@example.com", out, sizeof out), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "EINV_WORKRES"));
    unlink(path);
}

/* Usage in GET /v1/account is the account's: all its keys' live submits against the account's
 * monthly cap (FREE: 500), whichever credential asks; a key's own counter and limit are in
 * its API key record (usedThisMonth, quotaLimit). */
static void test_usage_follows_submits(void)
{
    static const char inv[] = "{\"invoiceNumber\":\"U-1\",\"issueDate\":\"2026-11-01\",\"currency\":\"EUR\","
                              "\"validationProfile\":\"EN16931\",\"lines\":[]}";
    char key[SP_KEY_MAX], sbx[SP_KEY_MAX], v[64];
    hc_response_t r;
    json_object *o, *u;
    CU_ASSERT_EQUAL_FATAL(sp_account_key(S, "usage@example.com", "FREE", 0, 0, 3, key), 0);
    CU_ASSERT_EQUAL_FATAL(sp_account_key(S, "usage@example.com", "FREE", 0, 1, -1, sbx), 0);
    remember_key(key);
    remember_key(sbx);
    req("POST", "/api/v1/invoices", key, inv, &r);
    CU_ASSERT_EQUAL(r.status, 202);
    CU_ASSERT_STRING_EQUAL(hc_header(&r, "X-Quota-Limit", v, sizeof v) ? v : "", "3");
    CU_ASSERT_STRING_EQUAL(hc_header(&r, "X-Quota-Remaining", v, sizeof v) ? v : "", "2");
    CU_ASSERT_TRUE(hc_header(&r, "X-Quota-Reset", v, sizeof v) && strstr(v, "-01T00:00:00"));
    hc_response_free(&r);
    req("POST", "/api/v1/invoices", sbx, inv, &r);
    CU_ASSERT_EQUAL(r.status, 202);
    CU_ASSERT_PTR_NULL(hc_header(&r, "X-Quota-Limit", v, sizeof v));
    hc_response_free(&r);
    req("GET", "/api/v1/account", key, NULL, &r);
    o = body_json(&r);
    u = json_object_object_get(o, "usage");
    CU_ASSERT_EQUAL(jint(u, "used"), 1);
    CU_ASSERT_EQUAL(jint(u, "limit"), 500);
    json_object_put(o);
    hc_response_free(&r);
    req("GET", "/api/v1/account", sbx, NULL, &r);
    o = body_json(&r);
    u = json_object_object_get(o, "usage");
    CU_ASSERT_EQUAL(jint(u, "used"), 1);
    CU_ASSERT_EQUAL(jint(u, "limit"), 500);
    json_object_put(o);
    hc_response_free(&r);
    req("GET", "/api/v1/api-keys", key, NULL, &r);
    CU_ASSERT_PTR_NOT_NULL(r.body && strstr(r.body, "\"usedThisMonth\":1"));
    hc_response_free(&r);
}

static void test_access_log_and_restart(void)
{
    hc_response_t r;
    json_object *o;
    char needle[120];
    int i;
    req("GET", "/api/v1/account", admin_key, NULL, &r);
    o = body_json(&r);
    snprintf(needle, sizeof needle, "GET /api/v1/account 200 ");
    CU_ASSERT_TRUE(sp_log_contains(S, needle));
    snprintf(needle, sizeof needle, "account=%s", jstr(o, "id") ? jstr(o, "id") : "?");
    CU_ASSERT_TRUE(sp_log_contains(S, needle));
    json_object_put(o);
    hc_response_free(&r);
    for (i = 0; i < n_seen; i++)
        if (sp_log_contains(S, seen_keys[i]) || sp_log_contains(S, seen_keys[i] + 9)) {
            fprintf(stderr, "\n  raw key %.12s... found in the server log\n", seen_keys[i]);
            CU_FAIL("a raw API key reached the log");
        }
    /* graceful stop (exit 0), restart on the same database: keys still work */
    CU_ASSERT_EQUAL(sp_stop(S), 0);
    CU_ASSERT_TRUE(sp_log_contains(S, "stopped"));
    CU_ASSERT_EQUAL_FATAL(sp_start(S, SP_SAME_ENV), 0);
    req("GET", "/api/v1/account", admin_key, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 200);
    hc_response_free(&r);
}

/* Accepted invoices survive a crash: queued with no worker, SIGKILL, restart with one
 * worker (1 s lease): every invoice gets its verdict. */
static void test_jobs_survive_crash(void)
{
    static const char inv[] = "{\"invoiceNumber\":\"C-1\",\"issueDate\":\"2026-11-01\",\"currency\":\"EUR\","
                              "\"validationProfile\":\"EN16931\",\"lines\":[]}";
    const char *no_workers[] = {"EINV_WORKERS=0", NULL};
    const char *one_worker[] = {"EINV_WORKERS=1", "EINV_JOB_LEASE=1", NULL};
    char ids[3][40], path[160];
    int i, waited, pending = 3;
    hc_response_t r;
    CU_ASSERT_EQUAL_FATAL(sp_start(S, no_workers), 0);
    for (i = 0; i < 3; i++) {
        json_object *o;
        req("POST", "/api/v1/invoices", admin_key, inv, &r);
        CU_ASSERT_EQUAL(r.status, 202);
        o = body_json(&r);
        snprintf(ids[i], sizeof ids[i], "%s", jstr(o, "id") ? jstr(o, "id") : "none");
        CU_ASSERT_STRING_EQUAL(jstr(o, "status") ? jstr(o, "status") : "", "processing");
        json_object_put(o);
        hc_response_free(&r);
    }
    sp_kill(S);
    CU_ASSERT_EQUAL_FATAL(sp_start(S, one_worker), 0);
    for (waited = 0; waited < 30000 && pending; waited += 100) {
        pending = 0;
        for (i = 0; i < 3; i++) {
            snprintf(path, sizeof path, "/api/v1/invoices/%s", ids[i]);
            req("GET", path, admin_key, NULL, &r);
            if (r.status != 200 || !r.body || strstr(r.body, "\"status\":\"processing\""))
                pending++;
            hc_response_free(&r);
        }
        if (pending)
            usleep(100000);
    }
    CU_ASSERT_EQUAL(pending, 0);
    CU_ASSERT_EQUAL(sp_stop(S), 0);
}

static void add_tests(CU_pSuite s)
{
    CU_add_test(s, "health", test_health);
    CU_add_test(s, "404 and 405 bodies", test_not_found_and_method);
    CU_add_test(s, "401 without or with bad credentials", test_unauthorized);
    CU_add_test(s, "revocation on the next request", test_revocation);
    CU_add_test(s, "API keys CRUD and record", test_keys_crud);
    CU_add_test(s, "FREE quota clamp", test_free_quota_clamp);
    CU_add_test(s, "key request errors name the field", test_key_request_errors);
    CU_add_test(s, "body limits (413)", test_body_limits);
    CU_add_test(s, "account and plan", test_account_and_plan);
    CU_add_test(s, "super-admins", test_super_admin);
    CU_add_test(s, "ERP mappings", test_mappings);
    CU_add_test(s, "admin commands", test_admin_commands);
    CU_add_test(s, "ID tokens", test_id_tokens);
    CU_add_test(s, "settings validation", test_settings_validation);
    CU_add_test(s, "config file", test_config_file);
    CU_add_test(s, "usage follows submits", test_usage_follows_submits);
    CU_add_test(s, "access log and restart", test_access_log_and_restart);
    CU_add_test(s, "queued invoices survive a crash", test_jobs_survive_crash);
}

unsigned tst_after(void)
{
    char path[300];
    int i;
    for (i = 0; i < n_seen; i++)
        free(seen_keys[i]);
    snprintf(path, sizeof path, "%s/jwks.json", jwks_dir);
    unlink(path);
    rmdir(jwks_dir);
    EVP_PKEY_free(ec_key);
    EVP_PKEY_free(ec_other);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    const char *tmp = getenv("TMPDIR");
    char path[300];
    ec_key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
    ec_other = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
    snprintf(jwks_dir, sizeof jwks_dir, "%s/einvjwks-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!ec_key || !ec_other || !mkdtemp(jwks_dir)) {
        tst_setup_failed("EC keys or temp dir");
        return;
    }
    snprintf(path, sizeof path, "%s/jwks.json", jwks_dir);
    tjwt_write_jwks(ec_key, path);
    s = CU_add_suite("http core (SQLite)", init_sqlite, clean_sqlite);
    add_tests(s);
    if (!sp_pg_missing()) {
        s = CU_add_suite("http core (PostgreSQL)", init_pg, clean_pg);
        add_tests(s);
    } else
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL suite)");
}
