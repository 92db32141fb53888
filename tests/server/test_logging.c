/* The logs and request ids of the real einvoiced over HTTP on loopback: with
 * EINV_LOG_FORMAT=json every line of its stderr is one JSON object (ts, level, component,
 * msg) and every access line carries the request's id, the one echoed in X-Request-Id and
 * in the error body's requestId; a client's X-Request-Id is kept when it is 1..128 visible
 * ASCII characters and replaced otherwise (hostile ones included, which never break a
 * line); EINV_LOG_LEVEL filters; the text format carries request_id too; a 202 carries
 * Location (which answers) and Retry-After; and einvoiced starts without a warning or an
 * error line on SQLite, with an EINV_CONFIG file and on PostgreSQL. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <ctype.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"

static sp_server_t S;
static char K[SP_KEY_MAX];

/* ---------- helpers ---------- */

/* The server's log (transfer full), or NULL. */
static char *slurp(const char *path) { return tst_read_data(path, NULL); }

static const char *jstr(json_object *o, const char *k)
{
    json_object *v;
    if (!o || !json_object_object_get_ex(o, k, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

/* Parse one whole line as a JSON object (nothing after it); NULL otherwise. */
static json_object *json_line(const char *line)
{
    json_tokener *t = json_tokener_new();
    json_object *o;
    size_t n = strlen(line);
    json_tokener_set_flags(t, JSON_TOKENER_STRICT);
    o = json_tokener_parse_ex(t, line, (int)n);
    if (!o || json_tokener_get_error(t) != json_tokener_success || json_tokener_get_parse_end(t) != n ||
        !json_object_is_type(o, json_type_object)) {
        json_object_put(o);
        o = NULL;
    }
    json_tokener_free(t);
    return o;
}

/* The access line of a request id in a JSON log (transfer full), or NULL. */
static json_object *access_line(const char *log, const char *rid)
{
    char *copy = strdup(log), *line, *save = NULL;
    json_object *found = NULL;
    for (line = strtok_r(copy, "\n", &save); line && !found; line = strtok_r(NULL, "\n", &save)) {
        json_object *o = json_line(line);
        const char *c = jstr(o, "component"), *r = jstr(o, "request_id");
        if (o && c && r && strcmp(c, "access") == 0 && strcmp(r, rid) == 0)
            found = o;
        else
            json_object_put(o);
    }
    free(copy);
    return found;
}

static int is_hex32(const char *s)
{
    int i;
    for (i = 0; i < 32; i++)
        if (!isxdigit((unsigned char)s[i]) || isupper((unsigned char)s[i]))
            return 0;
    return s[32] == 0;
}

/* A request with a raw X-Request-Id header value (NULL: none); the echoed id into rid. */
static int request_with_id(const char *method, const char *path, const char *id, const char *key, char rid[200],
                           hc_response_t *res)
{
    char hdr[600] = "";
    size_t o = 0;
    if (id)
        o += (size_t)snprintf(hdr, sizeof hdr, "X-Request-Id: %s\r\n", id);
    if (key)
        snprintf(hdr + o, sizeof hdr - o, "Authorization: Bearer %s\r\n", key);
    hc_request(S.port, method, path, hdr[0] ? hdr : NULL, NULL, 0, res);
    if (!hc_header(res, "X-Request-Id", rid, 200))
        rid[0] = 0;
    return res->status;
}

static int submit_sample(const char *key, const char *rid, hc_response_t *res)
{
    hc_multipart_t *mp = hc_mp_new();
    size_t len;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len), hdr[400];
    int st;
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    hc_mp_field(mp, "profile", "EN16931");
    hc_mp_file(mp, "file", "invoice.xml", "application/xml", doc, len);
    snprintf(hdr, sizeof hdr, "Authorization: Bearer %s\r\nX-Request-Id: %s\r\nContent-Type: %s\r\n", key, rid,
             hc_mp_content_type(mp));
    st = hc_request(S.port, "POST", "/api/v1/invoices/validate", hdr, hc_mp_data(mp), hc_mp_len(mp), res);
    hc_mp_free(mp);
    free(doc);
    return st;
}

/* Poll until the invoice is no longer processing. */
static void wait_final(const char *id)
{
    char path[96];
    double until = tst_now_ms() + 30000;
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    for (;;) {
        hc_response_t res;
        int st = hc_request_auth(S.port, "GET", path, K, NULL, NULL, 0, &res), done;
        done = st != 200 || !res.body || !strstr(res.body, "\"status\":\"processing\"");
        hc_response_free(&res);
        if (done || tst_now_ms() > until)
            return;
        tst_sleep_ms(20);
    }
}

/* ---------- tests (the suite's server logs JSON at debug) ---------- */

static void test_request_ids(void)
{
    hc_response_t res;
    char rid[200], rid2[200], long_id[200];
    json_object *o;
    /* kept as sent */
    CU_ASSERT_EQUAL(request_with_id("GET", "/api/health", "client-id_42.a:b/c", NULL, rid, &res), 200);
    CU_ASSERT_STRING_EQUAL(rid, "client-id_42.a:b/c");
    hc_response_free(&res);
    memset(long_id, 'a', 128);
    long_id[128] = 0;
    request_with_id("GET", "/api/health", long_id, NULL, rid, &res);
    CU_ASSERT_STRING_EQUAL(rid, long_id);
    hc_response_free(&res);
    /* replaced: too long, a space, a quote, a backslash, non-ASCII, empty */
    long_id[128] = 'a';
    long_id[129] = 0;
    request_with_id("GET", "/api/health", long_id, NULL, rid, &res);
    CU_ASSERT_TRUE(is_hex32(rid));
    hc_response_free(&res);
    request_with_id("GET", "/api/health", "two words", NULL, rid, &res);
    CU_ASSERT_TRUE(is_hex32(rid));
    hc_response_free(&res);
    request_with_id("GET", "/api/health", "a\"b", NULL, rid, &res);
    CU_ASSERT_TRUE(is_hex32(rid));
    hc_response_free(&res);
    request_with_id("GET", "/api/health", "a\\b", NULL, rid, &res);
    CU_ASSERT_TRUE(is_hex32(rid));
    hc_response_free(&res);
    request_with_id("GET", "/api/health", "caf\xc3\xa9", NULL, rid, &res);
    CU_ASSERT_TRUE(is_hex32(rid));
    hc_response_free(&res);
    /* generated when absent, a new one each time */
    request_with_id("GET", "/api/health", NULL, NULL, rid, &res);
    hc_response_free(&res);
    request_with_id("GET", "/api/health", NULL, NULL, rid2, &res);
    hc_response_free(&res);
    CU_ASSERT_TRUE(is_hex32(rid) && is_hex32(rid2));
    CU_ASSERT_STRING_NOT_EQUAL(rid, rid2);
    /* error bodies carry it */
    CU_ASSERT_EQUAL(request_with_id("GET", "/api/v1/account", "err-401", NULL, rid, &res), 401);
    o = res.body ? json_tokener_parse(res.body) : NULL;
    CU_ASSERT_STRING_EQUAL(jstr(o, "requestId") ? jstr(o, "requestId") : "", "err-401");
    CU_ASSERT_PTR_NOT_NULL(jstr(o, "message"));
    json_object_put(o);
    hc_response_free(&res);
    request_with_id("GET", "/api/v1/nowhere", NULL, K, rid, &res);
    o = res.body ? json_tokener_parse(res.body) : NULL;
    CU_ASSERT_EQUAL(res.status, 404);
    CU_ASSERT_TRUE(is_hex32(rid));
    CU_ASSERT_STRING_EQUAL(jstr(o, "requestId") ? jstr(o, "requestId") : "", rid);
    json_object_put(o);
    hc_response_free(&res);
}

static void test_accepted_headers(void)
{
    hc_response_t res, got;
    char loc[200], ra[32], path[120];
    json_object *o;
    const char *id;
    CU_ASSERT_EQUAL_FATAL(submit_sample(K, "accepted-1", &res), 202);
    o = json_tokener_parse(res.body);
    id = jstr(o, "id");
    CU_ASSERT_PTR_NOT_NULL_FATAL(id);
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Location", loc, sizeof loc));
    CU_ASSERT_STRING_EQUAL(loc, path);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Retry-After", ra, sizeof ra));
    CU_ASSERT_STRING_EQUAL(ra, "1");
    /* the Location answers with the invoice */
    CU_ASSERT_EQUAL(hc_request_auth(S.port, "GET", loc, K, NULL, NULL, 0, &got), 200);
    CU_ASSERT_PTR_NOT_NULL(got.body && strstr(got.body, id));
    hc_response_free(&got);
    wait_final(id);
    json_object_put(o);
    hc_response_free(&res);
    /* the JSON endpoint too */
    CU_ASSERT_EQUAL(hc_json(S.port, "POST", "/api/v1/invoices", K,
                            "{\"invoiceNumber\":\"LOC-1\",\"validationProfile\":\"EN16931\"}", &res), 202);
    o = json_tokener_parse(res.body);
    CU_ASSERT_PTR_NOT_NULL_FATAL(jstr(o, "id"));
    snprintf(path, sizeof path, "/api/v1/invoices/%s", jstr(o, "id"));
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Location", loc, sizeof loc));
    CU_ASSERT_STRING_EQUAL(loc, path);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Retry-After", ra, sizeof ra));
    wait_final(jstr(o, "id"));
    json_object_put(o);
    hc_response_free(&res);
}

/* Every line of the log is a JSON object; the access lines name their request. */
static void test_json_lines(void)
{
    hc_response_t res;
    char rid[200], *log, *line, *save = NULL;
    const char *id;
    json_object *o, *a;
    int lines = 0, access = 0, worker = 0;
    CU_ASSERT_EQUAL_FATAL(submit_sample(K, "json-submit-7", &res), 202);
    o = json_tokener_parse(res.body);
    id = jstr(o, "id");
    CU_ASSERT_PTR_NOT_NULL_FATAL(id);
    wait_final(id);
    hc_response_free(&res);
    /* a hostile path: quotes, a backslash, a line break, bytes that are not UTF-8 */
    {
        /* refused by CivetWeb before routing (a quote in the target): still a JSON line */
        const char raw[] = "GET /api/v1/a%22b\\c%0a\"x\xff\xfe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
        /* routed (404): a backslash and escapes of a quote, a line break, a byte that is not UTF-8 */
        const char raw2[] = "GET /api/v1/a\\b%ff%22%0a HTTP/1.1\r\nHost: x\r\nX-Request-Id: hostile-1\r\n"
                            "Connection: close\r\n\r\n";
        hc_raw(S.port, raw, sizeof raw - 1, &res);
        CU_ASSERT_EQUAL(res.status, 400);
        hc_response_free(&res);
        hc_raw(S.port, raw2, sizeof raw2 - 1, &res);
        CU_ASSERT_EQUAL(res.status, 404);
        hc_response_free(&res);
    }
    request_with_id("GET", "/api/v1/account", "acct-1", K, rid, &res);
    hc_response_free(&res);
    {   /* the job's line follows its verdict by a moment, an access line its answer; every
         * line is written whole */
        char needle[80];
        double until = tst_now_ms() + 5000;
        snprintf(needle, sizeof needle, "invoice %s ", id);
        while ((!sp_log_contains(&S, needle) || !sp_log_contains(&S, "\"acct-1\"") ||
                !sp_log_contains(&S, "\"hostile-1\"")) && tst_now_ms() < until)
            tst_sleep_ms(20);
    }
    log = slurp(S.log_path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(log);
    for (line = strtok_r(log, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        json_object *l = json_line(line);
        const char *lv = jstr(l, "level"), *c = jstr(l, "component");
        lines++;
        if (!l || !jstr(l, "ts") || !lv || !c || !jstr(l, "msg")) {
            fprintf(stderr, "\n  not a JSON log line: %.300s", line);
            CU_FAIL("a log line is not a JSON object with ts, level, component, msg");
        } else if (strcmp(lv, "error") && strcmp(lv, "warn") && strcmp(lv, "info") && strcmp(lv, "debug"))
            CU_FAIL("unknown level");
        if (c && strcmp(c, "access") == 0) {
            access++;
            if (!jstr(l, "request_id"))
                CU_FAIL("an access line without request_id");
        }
        if (c && strcmp(c, "worker") == 0 && jstr(l, "invoice") && strcmp(jstr(l, "invoice"), id) == 0)
            worker++;
        json_object_put(l);
    }
    free(log);
    log = slurp(S.log_path);
    CU_ASSERT_TRUE(lines > 10);
    CU_ASSERT_TRUE(access >= 3);
    CU_ASSERT_EQUAL(worker, 1);     /* the job's line names the invoice */
    a = access_line(log, "json-submit-7");
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_STRING_EQUAL(jstr(a, "invoice") ? jstr(a, "invoice") : "", id);
    CU_ASSERT_STRING_EQUAL(jstr(a, "method") ? jstr(a, "method") : "", "POST");
    CU_ASSERT_STRING_EQUAL(jstr(a, "path") ? jstr(a, "path") : "", "/api/v1/invoices/validate");
    {
        json_object *st;
        CU_ASSERT_TRUE(json_object_object_get_ex(a, "status", &st) && json_object_get_int(st) == 202);
    }
    json_object_put(a);
    a = access_line(log, "hostile-1");
    CU_ASSERT_PTR_NOT_NULL(a);
    json_object_put(a);
    a = access_line(log, "acct-1");
    CU_ASSERT_PTR_NOT_NULL(a);
    json_object_put(a);
    /* debug level: the engine's plugin lines are there */
    CU_ASSERT_PTR_NOT_NULL(strstr(log, "\"component\":\"engine\""));
    free(log);
    json_object_put(o);
}

/* Start t (env), GET /api/health with X-Request-Id rid (NULL: none), stop; again: a second
 * start and stop on the same database (its migrations there). Returns the lines of its log
 * that warn or fail (printed), -1 when it did not start. Text and JSON lines both. */
static int startup_clean(sp_server_t *t, const char *const *env, int again, const char *rid)
{
    char *log, *line, *save = NULL, got[200];
    int bad = 0, i;
    for (i = 0; i <= again; i++) {
        if (sp_start(t, i ? SP_SAME_ENV : env) != 0)
            return -1;
        if (rid && i == 0) {
            hc_response_t res;
            sp_server_t keep = S;
            S = *t;
            request_with_id("GET", "/api/health", rid, NULL, got, &res);
            CU_ASSERT_EQUAL(res.status, 200);
            hc_response_free(&res);
            S = keep;
        }
        sp_stop(t);
    }
    log = slurp(t->log_path);
    for (line = strtok_r(log ? log : "", "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        json_object *l = line[0] == '{' ? json_line(line) : NULL;
        const char *lv = jstr(l, "level");
        char text_level[16] = "";
        if (line[0] != '{')     /* "<ts> <LEVEL> <component>: ..." */
            sscanf(line, "%*s %15s", text_level);
        /* a warning written at another level is still a warning */
        if ((line[0] == '{' && (!lv || !strcmp(lv, "warn") || !strcmp(lv, "error"))) ||
            (line[0] != '{' && strcmp(text_level, "INFO") && strcmp(text_level, "DEBUG")) ||
            strcasestr(line, "warning") || strstr(line, "could not") || strstr(line, "cannot")) {
            fprintf(stderr, "\n  start-up line: %.300s", line);
            bad++;
        }
        json_object_put(l);
    }
    free(log);
    return bad;
}

/* No warning or error line at start: SQLite (new and existing database, the default text
 * format, whose access line carries request_id), an EINV_CONFIG file (JSON, and
 * EINV_LOG_LEVEL=warn, which drops the info lines), PostgreSQL (new and existing). */
static void test_startup_and_text(void)
{
    sp_server_t t;
    const char *env[] = {"EINV_LOG_FORMAT=json", NULL};
    char conf[400], env_conf[420], *log;
    const char *cenv[] = {env_conf, NULL};
    FILE *f;
    CU_ASSERT_EQUAL_FATAL(sp_init(&t, SP_SQLITE), 0);
    CU_ASSERT_EQUAL(startup_clean(&t, NULL, 1, "text-1"), 0);
    log = slurp(t.log_path);
    CU_ASSERT_PTR_NOT_NULL(log && strstr(log, " INFO access: GET /api/health 200 "));
    CU_ASSERT_PTR_NOT_NULL(log && strstr(log, "request_id=text-1\n"));
    CU_ASSERT_PTR_NOT_NULL(log && strstr(log, " INFO einvoiced: listening on "));
    free(log);
    sp_cleanup(&t);
    /* the settings from a file, as the package's /etc/einvoice/einvoiced.conf gives them */
    CU_ASSERT_EQUAL_FATAL(sp_init(&t, SP_SQLITE), 0);
    snprintf(conf, sizeof conf, "%s/einvoiced.conf", t.dir);
    f = fopen(conf, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fprintf(f, "# test\nEINV_LOG_FORMAT=json\nEINV_LOG_LEVEL=warn\nEINV_METRICS=loopback\nEINV_WORKERS=1\n");
    fclose(f);
    snprintf(env_conf, sizeof env_conf, "EINV_CONFIG=%s", conf);
    CU_ASSERT_EQUAL(startup_clean(&t, cenv, 0, "level-1"), 0);
    log = slurp(t.log_path);
    CU_ASSERT_TRUE(!log || !strstr(log, "\"level\":\"info\""));
    CU_ASSERT_TRUE(!log || !strstr(log, "level-1"));
    free(log);
    sp_cleanup(&t);
    /* the check itself sees a warning: a plugin folder that cannot be read is an error line */
    CU_ASSERT_EQUAL_FATAL(sp_init(&t, SP_SQLITE), 0);
    {
        const char *missing[] = {"EINV_PLUGIN_PATH=/nonexistent/einvoice-plugins", NULL};
        CU_ASSERT_TRUE(startup_clean(&t, missing, 0, NULL) >= 1);
    }
    sp_cleanup(&t);
    if (!sp_pg_missing()) {
        CU_ASSERT_EQUAL_FATAL(sp_init(&t, SP_POSTGRES), 0);
        CU_ASSERT_EQUAL(startup_clean(&t, env, 1, NULL), 0);
        sp_cleanup(&t);
    }
}

/* ---------- suite ---------- */

static int suite_init(void)
{
    const char *env[] = {"EINV_LOG_FORMAT=json", "EINV_LOG_LEVEL=debug", NULL};
    return sp_init(&S, SP_SQLITE) != 0 || sp_start(&S, env) != 0 ||
           sp_account_key(&S, "log@example.com", "PRO", 0, 0, -1, K) != 0;
}
static int suite_clean(void)
{
    sp_cleanup(&S);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("logging", suite_init, suite_clean);
    CU_add_test(s, "X-Request-Id kept, replaced, generated, in error bodies", test_request_ids);
    CU_add_test(s, "202: Location and Retry-After", test_accepted_headers);
    CU_add_test(s, "JSON lines, request ids in access lines", test_json_lines);
    CU_add_test(s, "start-up without a warning (SQLite, EINV_CONFIG, PostgreSQL); text; EINV_LOG_LEVEL",
                test_startup_and_text);
    if (sp_pg_missing())
        tst_skip("EINV_TEST_PG_URL not set (the PostgreSQL start-up check)");
}
