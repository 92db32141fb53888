/* JSON as the contract says, and the ID-token linking rule, over real HTTP on SQLite and
 * (EINV_TEST_PG_URL) PostgreSQL:
 *   - every JSON endpoint refuses NaN, comments, single quotes, leading zeros, trailing
 *     commas, duplicate names, invalid UTF-8 and lone surrogates with 400 naming the place,
 *     and nothing is stored;
 *   - numbers out of range (quotaLimit 2^63, 2^64) are 400, never clamped; key names must be
 *     clean UTF-8; every response body is itself strict JSON;
 *   - email_verified counts only as the boolean true; a token never links by email to an
 *     account that has a subject or is a super-admin (flag or EINV_SUPER_ADMINS); `admin
 *     bind-subject` binds one; a token with a claim named twice is refused. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <einvoice/json_strict.h>
#include <json-c/json.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "http_client.h"
#include "http_json.h"
#include "server_proc.h"
#include "tjwt.h"
#include "tsupport.h"

#define ISS "https://idp.strict.example"
#define AUD "einvoice-strict-tests"

static sp_server_t srv_sqlite, srv_pg;
static sp_server_t *S;
static char free_key[SP_KEY_MAX];   /* FREE account free@example.com */
static char pro_key[SP_KEY_MAX];    /* PRO account pro@example.com */
static char jwks_dir[256];
static EVP_PKEY *ec_key;

/* ---------- helpers ---------- */

static int req(const char *method, const char *path, const char *token, const char *json,
               hc_response_t *r)
{
    int st = hc_json(S->port, method, path, token, json, r);
    /* whatever we sent, the answer is strict JSON (no echo of invalid bytes) */
    if (r->body && r->body_len && einv_json_check(r->body, r->body_len, NULL, NULL) != EINV_OK) {
        fprintf(stderr, "\n  %s %s answered non-strict JSON: %.200s\n", method, path, r->body);
        CU_FAIL("response body is not strict JSON");
    }
    return st;
}

static const char *jstr(json_object *o, const char *k)
{
    json_object *v;
    if (!o || !json_object_object_get_ex(o, k, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

/* Assert a 400 BAD_REQUEST whose message names every one of has[] (NULL-terminated). */
#define BAD(method, path, token, body, ...) bad(__LINE__, method, path, token, body, (const char *[]){__VA_ARGS__, NULL})
static void bad(int line, const char *method, const char *path, const char *token, const char *body,
                const char *const *has)
{
    hc_response_t r;
    json_object *o;
    const char *m;
    int ok;
    req(method, path, token, body, &r);
    o = r.body ? json_tokener_parse(r.body) : NULL;
    m = jstr(o, "message");
    ok = r.status == 400 && jstr(o, "error") && strcmp(jstr(o, "error"), "BAD_REQUEST") == 0 && m;
    for (; ok && *has; has++)
        ok = strstr(m, *has) != NULL;
    if (!ok)
        fprintf(stderr, "\n  line %d: %s %s -> %d %s\n", line, method, path, r.status, r.body ? r.body : "");
    CU_ASSERT_TRUE(ok);
    json_object_put(o);
    hc_response_free(&r);
}

/* GET a JSON object; (transfer full) or NULL unless 200. */
static json_object *get(const char *path, const char *token)
{
    hc_response_t r;
    json_object *o = NULL;
    if (req("GET", path, token, NULL, &r) == 200)
        o = json_tokener_parse(r.body);
    hc_response_free(&r);
    return o;
}

static size_t key_count(const char *token)
{
    json_object *o = get("/api/v1/api-keys", token), *c;
    size_t n = o && json_object_object_get_ex(o, "content", &c) ? json_object_array_length(c) : 9999;
    json_object_put(o);
    return n;
}

static size_t invoice_count(const char *token)
{
    json_object *o = get("/api/v1/invoices", token), *t;
    size_t n = o && json_object_object_get_ex(o, "totalElements", &t) ? (size_t)json_object_get_int64(t) : 9999;
    json_object_put(o);
    return n;
}

/* An ES256 ID token; email_verified is the raw JSON given (NULL: left out). (transfer full) */
static char *token(const char *sub, const char *email, const char *verified)
{
    char payload[700];
    long long now = (long long)time(NULL);
    int n = snprintf(payload, sizeof payload, "{\"iss\":\"%s\",\"aud\":\"%s\",\"sub\":\"%s\",\"email\":\"%s\"", ISS,
                     AUD, sub, email);
    if (verified)
        n += snprintf(payload + n, sizeof payload - (size_t)n, ",\"email_verified\":%s", verified);
    snprintf(payload + n, sizeof payload - (size_t)n, ",\"iat\":%lld,\"exp\":%lld}", now - 10, now + 600);
    return tjwt_sign(ec_key, payload);
}

/* The account a credential reaches: id into id[40], superAdmin into *sa; the email. */
static char *account_of(const char *cred, char id[40], int *sa)
{
    json_object *o = get("/api/v1/account", cred), *v;
    char *email = NULL;
    id[0] = 0;
    *sa = -1;
    if (o) {
        snprintf(id, 40, "%s", jstr(o, "id") ? jstr(o, "id") : "");
        email = strdup(jstr(o, "email") ? jstr(o, "email") : "");
        *sa = json_object_object_get_ex(o, "superAdmin", &v) && json_object_get_boolean(v);
    }
    json_object_put(o);
    return email;
}

/* ---------- JSON bodies ---------- */

static void test_invoice_bodies(void)
{
    static const char odata[] = "/api/v1/invoices/validate/odata?profile=EN16931";
    size_t before = invoice_count(free_key);
    BAD("POST", "/api/v1/invoices", free_key, "{\"validationProfile\":\"EN16931\",\"lines\":[{\"quantity\":NaN}]}",
        "/lines/0/quantity", "NaN");
    BAD("POST", "/api/v1/invoices", free_key, "{\"validationProfile\":\"EN16931\",\"invoiceNumber\":\"A\",\"invoiceNumber\":\"B\"}",
        "duplicate key \"invoiceNumber\"", "byte 51");
    BAD("POST", "/api/v1/invoices", free_key,
        "{\"validationProfile\":\"EN16931\",\"lines\":[{},{},{},{\"price\":{\"amount\":1,\"amount\":2}}]}",
        "/lines/3/price: duplicate key \"amount\"");
    BAD("POST", "/api/v1/invoices", free_key, "{\"validationProfile\":\"EN16931\",\"totals\":{\"payableAmount\":Infinity}}",
        "/totals/payableAmount", "Infinity");
    BAD("POST", "/api/v1/invoices", free_key, "{\"validationProfile\":\"EN16931\" /* why */}", "comments");
    BAD("POST", "/api/v1/invoices", free_key, "{'validationProfile':'EN16931'}", "single quotes");
    BAD("POST", "/api/v1/invoices", free_key, "{\"validationProfile\":\"EN16931\",\"lines\":[{\"quantity\":007}]}",
        "/lines/0/quantity", "leading zero");
    BAD("POST", "/api/v1/invoices", free_key, "{\"validationProfile\":\"EN16931\",}", "trailing comma");
    BAD("POST", "/api/v1/invoices", free_key, "{\"validationProfile\":\"EN16931\",\"buyerReference\":\"a\xff\"}",
        "/buyerReference", "UTF-8");
    BAD("POST", "/api/v1/invoices", free_key, "{\"validationProfile\":\"EN16931\",\"buyerReference\":\"\\udc00\"}",
        "/buyerReference", "surrogate");
    BAD("POST", "/api/v1/invoices", free_key, "{\"validationProfile\":\"EN16931\\u0000junk\"}", "validationProfile");
    BAD("POST", odata, free_key, "{\"d\":{\"SupplierInvoice\":\"1\",\"SupplierInvoice\":\"2\"}}", "/d: duplicate key");
    BAD("POST", odata, free_key, "{\"d\":{\"SupplierInvoice\":\"1\"}} // done", "comments");
    CU_ASSERT_EQUAL(invoice_count(free_key), before);
}

static void test_account_bodies(void)
{
    json_object *o;
    BAD("PUT", "/api/v1/account/plan", free_key, "{\"plan\":\"FREE\",\"plan\":\"PRO\"}", "duplicate key \"plan\"");
    o = get("/api/v1/account", free_key);
    CU_ASSERT_STRING_EQUAL(jstr(o, "plan") ? jstr(o, "plan") : "", "FREE");   /* nothing applied */
    json_object_put(o);
    BAD("PUT", "/api/v1/account/plan", free_key, "{\"plan\":\"PRO\"}\n{}", "after the JSON value");
    /* U+0000 must not cut a value short ("PRO\u0000x" is not "PRO") */
    BAD("PUT", "/api/v1/account/plan", free_key, "{\"plan\":\"PRO\\u0000x\"}", "plan");
    o = get("/api/v1/account", free_key);
    CU_ASSERT_STRING_EQUAL(jstr(o, "plan") ? jstr(o, "plan") : "", "FREE");
    json_object_put(o);
    BAD("PUT", "/api/v1/account/mappings", free_key, "{\"units\":{\"PCE\":\"H87\",\"PCE\":\"C62\"}}",
        "/units: duplicate key \"PCE\"");
    BAD("PUT", "/api/v1/account/mappings", free_key, "{\"taxCodes\":{\"A1\":{\"category\":\"S\",\"rate\":NaN}}}",
        "/taxCodes/A1/rate", "NaN");
    BAD("PUT", "/api/v1/account/mappings", free_key, "{\"units\":{\"P\xC0\xAF\":\"H87\"}}", "/units", "UTF-8");
}

static void test_key_bodies(void)
{
    size_t n = key_count(free_key);
    hc_response_t r;
    json_object *o, *v;
    BAD("POST", "/api/v1/api-keys", free_key, "{\"name\":\"ok\",\"name\":\"again\"}", "duplicate key \"name\"");
    BAD("POST", "/api/v1/api-keys", free_key, "{\"name\":\"bad \xff\xfe\"}", "/name", "UTF-8");
    BAD("POST", "/api/v1/api-keys", free_key, "{\"name\":\"over\xC3\"}", "/name", "UTF-8");
    BAD("POST", "/api/v1/api-keys", free_key, "{\"name\":\"\\ud800x\"}", "/name", "surrogate");
    BAD("POST", "/api/v1/api-keys", free_key, "{\"name\":\"bell\\u0007\"}", "name", "control characters");
    BAD("POST", "/api/v1/api-keys", free_key, "{\"name\":\"n\",\"quotaLimit\":NaN}", "/quotaLimit", "NaN");
    BAD("POST", "/api/v1/api-keys", free_key, "{\"name\":\"n\",\"quotaLimit\":010}", "/quotaLimit", "leading zero");
    /* out of range: refused, never clamped (2^63 and 2^64, and far beyond) */
    BAD("POST", "/api/v1/api-keys", pro_key, "{\"name\":\"n\",\"quotaLimit\":9223372036854775808}", "quotaLimit");
    BAD("POST", "/api/v1/api-keys", pro_key, "{\"name\":\"n\",\"quotaLimit\":18446744073709551616}", "quotaLimit");
    BAD("POST", "/api/v1/api-keys", pro_key, "{\"name\":\"n\",\"quotaLimit\":1000000000000000000000000}", "quotaLimit");
    BAD("POST", "/api/v1/api-keys", pro_key, "{\"name\":\"n\",\"quotaLimit\":-18446744073709551616}", "quotaLimit");
    BAD("POST", "/api/v1/api-keys", pro_key, "{\"name\":\"n\",\"quotaLimit\":1e3}", "quotaLimit");
    CU_ASSERT_EQUAL(key_count(free_key), n);   /* none of them was stored */
    /* the largest value is kept exactly; a clean UTF-8 name is echoed as sent */
    req("POST", "/api/v1/api-keys", pro_key, "{\"name\":\"Büro \\u20ac\",\"quotaLimit\":9223372036854775807}", &r);
    CU_ASSERT_EQUAL(r.status, 201);
    o = r.body ? json_tokener_parse(r.body) : NULL;
    CU_ASSERT_STRING_EQUAL(jstr(o, "name") ? jstr(o, "name") : "", "B\xC3\xBCro \xE2\x82\xAC");
    CU_ASSERT_TRUE(json_object_object_get_ex(o, "quotaLimit", &v) && json_object_get_int64(v) == INT64_MAX &&
                   json_object_get_uint64(v) == (uint64_t)INT64_MAX);
    json_object_put(o);
    hc_response_free(&r);
}

/* ---------- identity ---------- */

static void test_email_verified_string_does_not_link(void)
{
    char plain_key[SP_KEY_MAX], plain_id[40], id[40];
    char *tok, *email;
    int sa;
    CU_ASSERT_EQUAL_FATAL(sp_account_key(S, "plain@example.com", "PRO", 0, 0, -1, plain_key), 0);
    free(account_of(plain_key, plain_id, &sa));
    /* "true" as a string, 1, and no claim at all: none verifies */
    static const char *const not_verified[] = {"\"true\"", "1", "\"yes\"", NULL};
    for (int i = 0; i < 4; i++) {
        char sub[32];
        snprintf(sub, sizeof sub, "str-%d", i);
        tok = token(sub, "plain@example.com", not_verified[i]);
        email = account_of(tok, id, &sa);
        CU_ASSERT_TRUE(id[0] && strcmp(id, plain_id) != 0);
        CU_ASSERT_TRUE(email && strcmp(email, "plain@example.com") != 0);
        CU_ASSERT_EQUAL(sa, 0);
        free(email);
        free(tok);
    }
    /* the boolean true links an account created by the admin (no subject, no super-admin) */
    tok = token("real", "plain@example.com", "true");
    free(account_of(tok, id, &sa));
    CU_ASSERT_STRING_EQUAL(id, plain_id);
    free(tok);
    /* ... once: another identity with the same verified email gets an account of its own */
    tok = token("second", "plain@example.com", "true");
    email = account_of(tok, id, &sa);
    CU_ASSERT_TRUE(id[0] && strcmp(id, plain_id) != 0);
    CU_ASSERT_TRUE(email && strcmp(email, "plain@example.com") != 0);
    free(email);
    free(tok);
}

static void test_super_admins_are_bound_not_linked(void)
{
    const char *bind[] = {"admin", "bind-subject", "--email", "boss@example.com", "--issuer", ISS, "--subject",
                          "boss-sub", NULL};
    const char *nobody[] = {"admin", "bind-subject", "--email", "nobody@example.com", "--issuer", ISS,
                            "--subject", "x", NULL};
    const char *missing[] = {"admin", "bind-subject", "--email", "boss@example.com", NULL};
    char flag_key[SP_KEY_MAX], boss_key[SP_KEY_MAX], flag_id[40], boss_id[40], id[40], out[2048];
    char *tok, *email;
    int sa;
    CU_ASSERT_EQUAL_FATAL(sp_account_key(S, "flag@example.com", "PRO", 1, 0, -1, flag_key), 0);
    CU_ASSERT_EQUAL_FATAL(sp_account_key(S, "boss@example.com", "FREE", 0, 0, -1, boss_key), 0);
    free(account_of(flag_key, flag_id, &sa));
    CU_ASSERT_EQUAL(sa, 1);
    free(account_of(boss_key, boss_id, &sa));
    CU_ASSERT_EQUAL(sa, 1);   /* EINV_SUPER_ADMINS names it */
    /* a verified email never reaches a super-admin account, flagged or configured */
    tok = token("flag-sub", "flag@example.com", "true");
    email = account_of(tok, id, &sa);
    CU_ASSERT_TRUE(id[0] && strcmp(id, flag_id) != 0);
    CU_ASSERT_EQUAL(sa, 0);
    free(email);
    free(tok);
    tok = token("boss-sub", "boss@example.com", "true");
    email = account_of(tok, id, &sa);
    CU_ASSERT_TRUE(id[0] && strcmp(id, boss_id) != 0);
    CU_ASSERT_TRUE(email && strcmp(email, "boss@example.com") != 0);
    CU_ASSERT_EQUAL(sa, 0);
    free(email);
    /* the admin binds the subject: the same token now reaches the super-admin account */
    CU_ASSERT_EQUAL(sp_run(S, bind, out, sizeof out), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "boss@example.com"));
    free(account_of(tok, id, &sa));
    CU_ASSERT_STRING_EQUAL(id, boss_id);
    CU_ASSERT_EQUAL(sa, 1);
    free(tok);
    CU_ASSERT_EQUAL(sp_run(S, nobody, out, sizeof out), 1);
    CU_ASSERT_EQUAL(sp_run(S, missing, out, sizeof out), 2);
}

static void test_token_with_duplicate_claim(void)
{
    char payload[600], *tok;
    hc_response_t r;
    long long now = (long long)time(NULL);
    snprintf(payload, sizeof payload,
             "{\"iss\":\"%s\",\"aud\":\"%s\",\"sub\":\"dup-a\",\"sub\":\"dup-b\",\"email\":\"d@example.com\","
             "\"email_verified\":true,\"iat\":%lld,\"exp\":%lld}",
             ISS, AUD, now - 10, now + 600);
    tok = tjwt_sign(ec_key, payload);
    req("GET", "/api/v1/account", tok, NULL, &r);
    CU_ASSERT_EQUAL(r.status, 401);
    hc_response_free(&r);
    free(tok);
}

/* ---------- the helpers behind it (server/http_json.c) ---------- */

static void test_helpers(void)
{
    char legacy[] = "ok \xC3\xA9 \xff\xC3 end\xE2\x82";
    char msg[300];
    long long x = 0;
    json_object *o, *v;
    CU_ASSERT_STRING_EQUAL(http_text_repair(legacy), "ok \xC3\xA9 ?? end??");
    CU_ASSERT_EQUAL(http_text_prec("\xC3\xA9\xC3\xA9", 3), 2);   /* never half a character */
    CU_ASSERT_EQUAL(http_text_prec("abc", 10), 3);
    CU_ASSERT_TRUE(http_text_clean("B\xC3\xBCro", 5));
    CU_ASSERT_FALSE(http_text_clean("a\tb", 3));
    CU_ASSERT_FALSE(http_text_clean("a\xC2\x85", 3));   /* C1 control (NEL) */
    CU_ASSERT_FALSE(http_text_clean("a\xff", 2));
    static const char nums[] = "{\"a\":9223372036854775807,\"b\":9223372036854775808,"
                               "\"c\":-9223372036854775809,\"d\":1.0,\"e\":\"x\\u0000y\"}";
    o = http_json_object(nums, strlen(nums), NULL, msg, sizeof msg);
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_TRUE(http_json_int_range(json_object_object_get(o, "a"), 1, INT64_MAX, &x) && x == INT64_MAX);
    CU_ASSERT_FALSE(http_json_int_range(json_object_object_get(o, "b"), 1, INT64_MAX, &x));
    CU_ASSERT_FALSE(http_json_int_range(json_object_object_get(o, "c"), INT64_MIN + 1, 0, &x));
    CU_ASSERT_FALSE(http_json_int_range(json_object_object_get(o, "d"), 0, 10, &x));
    CU_ASSERT_TRUE(json_object_object_get_ex(o, "e", &v) && http_json_text(v) == NULL);
    json_object_put(o);
    CU_ASSERT_PTR_NULL(http_json_object("[1]", 3, "{name}", msg, sizeof msg));
    CU_ASSERT_STRING_EQUAL(msg, "body: a JSON object {name} is required");
    CU_ASSERT_PTR_NULL(http_json_object("{\"a\":1,\"a\":2}", 13, NULL, msg, sizeof msg));
    CU_ASSERT_STRING_EQUAL(msg, "Malformed JSON: body: duplicate key \"a\" (line 1, column 8, byte 7)");
}

/* ---------- suites ---------- */

static int start_suite(sp_server_t *s, sp_db_kind kind)
{
    char jwks_env[400];
    const char *env[] = {jwks_env, "EINV_OIDC_ISSUER=" ISS, "EINV_OIDC_AUDIENCE=" AUD,
                         "EINV_SUPER_ADMINS=boss@example.com", "EINV_WORKERS=1", NULL};
    if (sp_init(s, kind) != 0)
        return -1;
    snprintf(jwks_env, sizeof jwks_env, "EINV_JWKS_FILE=%s/jwks.json", jwks_dir);
    if (sp_start(s, env) != 0)
        return -1;
    S = s;
    return sp_account_key(s, "free@example.com", "FREE", 0, 0, -1, free_key) == 0 &&
                   sp_account_key(s, "pro@example.com", "PRO", 0, 0, -1, pro_key) == 0
               ? 0
               : -1;
}

static int init_sqlite(void) { return start_suite(&srv_sqlite, SP_SQLITE); }
static int init_pg(void) { return start_suite(&srv_pg, SP_POSTGRES); }
static int clean_sqlite(void) { sp_cleanup(&srv_sqlite); return 0; }
static int clean_pg(void) { sp_cleanup(&srv_pg); return 0; }

static void add_tests(CU_pSuite s)
{
    CU_add_test(s, "invoice bodies: strict JSON or 400 naming the place", test_invoice_bodies);
    CU_add_test(s, "account bodies: plan and mappings", test_account_bodies);
    CU_add_test(s, "key bodies: UTF-8 names, quotaLimit never clamped", test_key_bodies);
    CU_add_test(s, "email_verified \"true\" does not link", test_email_verified_string_does_not_link);
    CU_add_test(s, "super-admins are bound by subject, never linked", test_super_admins_are_bound_not_linked);
    CU_add_test(s, "a token naming a claim twice is refused", test_token_with_duplicate_claim);
}


static char jwks_path[300];

unsigned tst_after(void)
{
    unlink(jwks_path);
    rmdir(jwks_dir);
    EVP_PKEY_free(ec_key);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    const char *tmp = getenv("TMPDIR");
    ec_key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
    snprintf(jwks_dir, sizeof jwks_dir, "%s/einvstrict-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!ec_key || !mkdtemp(jwks_dir)) {
        tst_setup_failed("EC key or temp dir");
        return;
    }
    snprintf(jwks_path, sizeof jwks_path, "%s/jwks.json", jwks_dir);
    if (tjwt_write_jwks(ec_key, jwks_path) != 0) {
        tst_setup_failed("the JWKS file cannot be written");
        return;
    }
    s = CU_add_suite("strict JSON helpers", NULL, NULL);
    CU_add_test(s, "repair, precision, clean text, integer ranges, NUL", test_helpers);
    s = CU_add_suite("strict JSON and identity (SQLite)", init_sqlite, clean_sqlite);
    add_tests(s);
    if (!sp_pg_missing()) {
        s = CU_add_suite("strict JSON and identity (PostgreSQL)", init_pg, clean_pg);
        add_tests(s);
    } else
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL suite)");
}
