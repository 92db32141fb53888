/* Webhooks (docs/api.md "Webhooks"): the URL checks, the SSRF address ranges, the signature
 * and the backoff as functions; then against the real einvoiced on SQLite and
 * (EINV_TEST_PG_URL) PostgreSQL, with a receiver in this process on loopback: registration
 * (the secret shown once, listing, another account's 404, deletion, the per-account limit,
 * every request error), a delivery signed as documented (checked here with OpenSSL's HMAC,
 * not the server's code) after two 500 answers, its delivery log, a delivery given up after
 * the last attempt, a sandbox submit's immediate event, a webhook for one event type only, a
 * deletion that drops pending deliveries, and SIGTERM while a receiver never answers. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <arpa/inet.h>
#include <json-c/json.h>
#include <netinet/in.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"
#include "webhooks.h"

/* ---------------------------------------------------------------- the receiver */

#define RX_MAX 64

typedef struct rx_req {
    char *head;                 /* request line and headers */
    char *body;
} rx_req_t;

typedef struct receiver {
    int fd, port;
    pthread_t thread;
    volatile int stop;
    pthread_mutex_t mu;
    rx_req_t reqs[RX_MAX];
    int n;
    int fail_first;             /* answer 500 to this many requests first */
} receiver_t;

static receiver_t RX;

static void *rx_main(void *p)
{
    receiver_t *r = p;
    while (!r->stop) {
        struct pollfd pf = {r->fd, POLLIN, 0};
        if (poll(&pf, 1, 50) <= 0)
            continue;
        int c = accept(r->fd, NULL, NULL);
        if (c < 0)
            continue;
        char buf[65536];
        size_t have = 0;
        char *end = NULL;
        long clen = 0;
        while (have < sizeof buf - 1) {
            ssize_t k = recv(c, buf + have, sizeof buf - 1 - have, 0);
            if (k <= 0)
                break;
            have += (size_t)k;
            buf[have] = 0;
            if (!end && (end = strstr(buf, "\r\n\r\n"))) {
                char *cl = strcasestr(buf, "\r\nContent-Length:");
                clen = cl ? strtol(cl + 17, NULL, 10) : 0;
            }
            if (end && (long)(have - (size_t)(end + 4 - buf)) >= clen)
                break;
        }
        pthread_mutex_lock(&r->mu);
        int status = r->n < r->fail_first ? 500 : 200;
        if (end && r->n < RX_MAX) {
            r->reqs[r->n].head = strndup(buf, (size_t)(end - buf));
            r->reqs[r->n].body = strndup(end + 4, (size_t)clen);
            r->n++;
        }
        pthread_mutex_unlock(&r->mu);
        char ans[128];
        int m = snprintf(ans, sizeof ans, "HTTP/1.1 %d X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", status);
        send(c, ans, (size_t)m, MSG_NOSIGNAL);
        close(c);
    }
    return NULL;
}

/* Listen on a free loopback port (RX.port) and serve until rx_stop. */
static int rx_start(int fail_first)
{
    struct sockaddr_in a;
    socklen_t al = sizeof a;
    memset(&RX, 0, sizeof RX);
    pthread_mutex_init(&RX.mu, NULL);
    RX.fail_first = fail_first;
    RX.fd = socket(AF_INET, SOCK_STREAM, 0);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (RX.fd < 0 || bind(RX.fd, (struct sockaddr *)&a, sizeof a) != 0 || listen(RX.fd, 16) != 0 ||
        getsockname(RX.fd, (struct sockaddr *)&a, &al) != 0)
        return -1;
    RX.port = ntohs(a.sin_port);
    return pthread_create(&RX.thread, NULL, rx_main, &RX);
}

static void rx_stop(void)
{
    RX.stop = 1;
    pthread_join(RX.thread, NULL);
    close(RX.fd);
    for (int i = 0; i < RX.n; i++) {
        free(RX.reqs[i].head);
        free(RX.reqs[i].body);
    }
    pthread_mutex_destroy(&RX.mu);
}

/* Wait until the receiver holds n requests (at most ms); returns how many it holds. */
static int rx_wait(int n, int ms)
{
    double until = tst_now_ms() + ms;
    int have;
    for (;;) {
        pthread_mutex_lock(&RX.mu);
        have = RX.n;
        pthread_mutex_unlock(&RX.mu);
        if (have >= n || tst_now_ms() > until)
            return have;
        tst_sleep_ms(20);
    }
}

/* A header of a received request into out ("" when absent). */
static const char *rx_header(const rx_req_t *q, const char *name, char *out, size_t cap)
{
    char pat[80];
    const char *p;
    out[0] = 0;
    snprintf(pat, sizeof pat, "\r\n%s:", name);
    if ((p = strcasestr(q->head, pat))) {
        p += strlen(pat);
        while (*p == ' ')
            p++;
        snprintf(out, cap, "%.*s", (int)strcspn(p, "\r\n"), p);
    }
    return out;
}

/* The documented check, written with OpenSSL here: sha256=hex(HMAC(secret, ts "." body)). */
static int signature_ok(const rx_req_t *q, const char *secret)
{
    char ts[32], sig[128], want[80] = "sha256=";
    unsigned char md[32];
    unsigned int mdlen = 0;
    rx_header(q, "X-Einvoice-Timestamp", ts, sizeof ts);
    rx_header(q, "X-Einvoice-Signature", sig, sizeof sig);
    size_t tl = strlen(ts), bl = strlen(q->body);
    unsigned char *msg = malloc(tl + bl + 2);
    memcpy(msg, ts, tl);
    msg[tl] = '.';
    memcpy(msg + tl + 1, q->body, bl);
    HMAC(EVP_sha256(), secret, (int)strlen(secret), msg, tl + 1 + bl, md, &mdlen);
    free(msg);
    for (unsigned i = 0; i < mdlen; i++)
        snprintf(want + 7 + 2 * i, 3, "%02x", md[i]);
    long age = (long)time(NULL) - atol(ts);
    return mdlen == 32 && strcmp(sig, want) == 0 && age >= -5 && age < 120;
}

/* ---------------------------------------------------------------- functions */

static void test_url_check(void)
{
    char msg[300];
    webhook_url_t u;
    CU_ASSERT_EQUAL(webhook_url_parse("https://hooks.example.com/in?x=1", &u, msg, sizeof msg), 0);
    CU_ASSERT_TRUE(u.https);
    CU_ASSERT_EQUAL(u.port, 443);
    CU_ASSERT_STRING_EQUAL(u.host, "hooks.example.com");
    CU_ASSERT_STRING_EQUAL(u.path, "/in?x=1");
    CU_ASSERT_EQUAL(webhook_url_parse("http://[2001:db8::1]:8080", &u, msg, sizeof msg), 0);
    CU_ASSERT_STRING_EQUAL(u.host, "2001:db8::1");
    CU_ASSERT_EQUAL(u.port, 8080);
    CU_ASSERT_STRING_EQUAL(u.path, "/");
    CU_ASSERT_TRUE(u.host_is_ip);
    CU_ASSERT_EQUAL(webhook_url_parse("HTTP://h.example?q", &u, msg, sizeof msg), 0);
    CU_ASSERT_STRING_EQUAL(u.path, "/?q");
    static const char *const bad[] = {
        "", "ftp://h.example/", "h.example/x", "http://", "http://:80/", "http://u:p@h.example/",
        "http://h.example/#frag", "http://h.example:0/", "http://h.example:65536/",
        "http://h.example:8x/", "http://h_x.example/", "http://h.example/a b", "http://[::1/",
        "http://[h.example]/", "http://h.example/\xc3\xa4",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = webhook_url_parse(bad[i], &u, msg, sizeof msg);
        if (rc == 0)
            fprintf(stderr, "\n  accepted: %s", bad[i]);
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT_TRUE(strncmp(msg, "url: ", 5) == 0);
    }
    char longurl[2100];
    memset(longurl, 'a', sizeof longurl);
    memcpy(longurl, "http://h.example/", 17);
    longurl[2049] = 0;
    CU_ASSERT_EQUAL(webhook_url_parse(longurl, &u, msg, sizeof msg), -1);
    /* SSRF: loopback and private literals and localhost only with allow_private */
    static const char *const priv[] = {
        "http://127.0.0.1:9/", "http://localhost/", "http://api.localhost/", "http://10.1.2.3/",
        "http://172.16.0.1/", "http://192.168.1.1/", "http://169.254.169.254/latest",
        "http://100.64.0.1/", "http://0.0.0.0/", "http://[::1]/", "http://[fe80::1]/",
        "http://[fd00::1]/", "http://[::ffff:127.0.0.1]/", "http://224.0.0.1/",
    };
    for (size_t i = 0; i < sizeof priv / sizeof priv[0]; i++) {
        CU_ASSERT_EQUAL(webhook_url_check(priv[i], 0, msg, sizeof msg), -1);
        CU_ASSERT_PTR_NOT_NULL(strstr(msg, "EINV_WEBHOOK_ALLOW_PRIVATE"));
        CU_ASSERT_EQUAL(webhook_url_check(priv[i], 1, msg, sizeof msg), 0);
    }
    CU_ASSERT_EQUAL(webhook_url_check("https://93.184.216.34/x", 0, msg, sizeof msg), 0);
    CU_ASSERT_EQUAL(webhook_url_check("https://[2606:4700::1]/x", 0, msg, sizeof msg), 0);
    CU_ASSERT_EQUAL(webhook_url_check("https://hooks.example.com/", 0, msg, sizeof msg), 0);
}

static void test_addresses(void)
{
    struct sockaddr_in a4;
    struct sockaddr_in6 a6;
    static const char *const v4_private[] = {"127.0.0.1", "10.0.0.1", "172.31.255.255", "192.168.0.1",
                                             "169.254.1.1", "100.127.0.1", "0.1.2.3", "255.255.255.255",
                                             "198.18.0.1", "192.0.2.5"};
    static const char *const v4_public[] = {"8.8.8.8", "172.32.0.1", "100.128.0.1", "93.184.216.34"};
    memset(&a4, 0, sizeof a4);
    a4.sin_family = AF_INET;
    for (size_t i = 0; i < sizeof v4_private / sizeof v4_private[0]; i++) {
        inet_pton(AF_INET, v4_private[i], &a4.sin_addr);
        CU_ASSERT_TRUE(webhook_addr_private((struct sockaddr *)&a4));
    }
    for (size_t i = 0; i < sizeof v4_public / sizeof v4_public[0]; i++) {
        inet_pton(AF_INET, v4_public[i], &a4.sin_addr);
        CU_ASSERT_FALSE(webhook_addr_private((struct sockaddr *)&a4));
    }
    memset(&a6, 0, sizeof a6);
    a6.sin6_family = AF_INET6;
    inet_pton(AF_INET6, "::ffff:10.0.0.1", &a6.sin6_addr);
    CU_ASSERT_TRUE(webhook_addr_private((struct sockaddr *)&a6));
    inet_pton(AF_INET6, "::", &a6.sin6_addr);
    CU_ASSERT_TRUE(webhook_addr_private((struct sockaddr *)&a6));
    inet_pton(AF_INET6, "::ffff:8.8.8.8", &a6.sin6_addr);
    CU_ASSERT_FALSE(webhook_addr_private((struct sockaddr *)&a6));
    inet_pton(AF_INET6, "2a00:1450::1", &a6.sin6_addr);
    CU_ASSERT_FALSE(webhook_addr_private((struct sockaddr *)&a6));
}

static void test_signature_and_backoff(void)
{
    char sig[WEBHOOK_SIGNATURE_MAX], s1[WEBHOOK_SECRET_MAX], s2[WEBHOOK_SECRET_MAX];
    /* printf '%s' '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test */
    webhook_sign("whsec_test", "1700000000", "{\"a\":1}", 7, sig);
    CU_ASSERT_STRING_EQUAL(sig, "sha256=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789");
    CU_ASSERT_EQUAL(webhook_secret_new(s1), 0);
    CU_ASSERT_EQUAL(webhook_secret_new(s2), 0);
    CU_ASSERT_EQUAL(strlen(s1), 49);
    CU_ASSERT_TRUE(strncmp(s1, "whsec_", 6) == 0);
    CU_ASSERT_EQUAL(strspn(s1 + 6, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), 43);
    CU_ASSERT_STRING_NOT_EQUAL(s1, s2);
    /* 1 s, 2 s, 4 s ... within +-20 %, never above the cap */
    for (int n = 1; n <= 12; n++) {
        long long want = 1000LL << (n - 1), d = webhook_backoff_ms(n, 1000, 300000);
        if (want > 300000)
            want = 300000;
        CU_ASSERT_TRUE(d >= want - want / 5 && d <= want + want / 5 && d <= 300000);
    }
    CU_ASSERT_TRUE(webhook_backoff_ms(1000, 1000, 300000) <= 300000);
}

/* ---------------------------------------------------------------- against the server */

static sp_server_t S;
static char K[SP_KEY_MAX], K_OTHER[SP_KEY_MAX], K_SANDBOX[SP_KEY_MAX];

static json_object *call(const char *method, const char *path, const char *key, const char *json,
                         int *status)
{
    hc_response_t res;
    *status = hc_json(S.port, method, path, key, json, &res);
    json_object *o = res.body && *res.body ? json_tokener_parse(res.body) : NULL;
    if (*status < 0)
        fprintf(stderr, "\n  %s %s: %s", method, path, res.error);
    hc_response_free(&res);
    return o;
}

static const char *str(json_object *o, const char *k)
{
    json_object *v;
    return o && json_object_object_get_ex(o, k, &v) && json_object_is_type(v, json_type_string)
               ? json_object_get_string(v) : NULL;
}

static int num(json_object *o, const char *k)
{
    json_object *v;
    return o && json_object_object_get_ex(o, k, &v) ? json_object_get_int(v) : -1;
}

/* Register a webhook; its id and secret (either may be NULL). Returns the status. */
static int reg(const char *key, const char *json, char id[40], char secret[80])
{
    int st;
    json_object *o = call("POST", "/api/v1/webhooks", key, json, &st);
    if (id)
        snprintf(id, 40, "%s", str(o, "id") ? str(o, "id") : "");
    if (secret)
        snprintf(secret, 80, "%s", str(o, "secret") ? str(o, "secret") : "");
    json_object_put(o);
    return st;
}

/* DELETE a webhook; the status. */
static int del_hook(const char *key, const char *id)
{
    char path[200];
    int st;
    snprintf(path, sizeof path, "/api/v1/webhooks/%s", id);
    json_object_put(call("DELETE", path, key, NULL, &st));
    return st;
}

/* A fresh receiver (answering 500 to its first fail_first requests) and a webhook of key's
 * account for both events pointing at it; 0, or -1 when either failed. */
static int hook_to_fresh_receiver(const char *key, int fail_first, char id[40], char secret[80])
{
    char body[200];
    rx_stop();
    if (rx_start(fail_first) != 0)
        return -1;
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:%d/in\"}", RX.port);
    return reg(key, body, id, secret) == 201 ? 0 : -1;
}

static void submit(const char *key, const char *doc, size_t len, char id[40])
{
    hc_response_t res;
    hc_multipart_t *mp = hc_mp_new();
    hc_mp_field(mp, "profile", "EN16931");
    hc_mp_file(mp, "file", "invoice.xml", "application/xml", doc, len);
    int st = hc_request_auth(S.port, "POST", "/api/v1/invoices/validate", key, hc_mp_content_type(mp),
                             hc_mp_data(mp), hc_mp_len(mp), &res);
    hc_mp_free(mp);
    json_object *o = res.body ? json_tokener_parse(res.body) : NULL;
    snprintf(id, 40, "%s", st == 202 && str(o, "id") ? str(o, "id") : "");
    if (!id[0])
        fprintf(stderr, "\n  submit: %d %s", st, res.body ? res.body : res.error);
    json_object_put(o);
    hc_response_free(&res);
}

static void test_registration(void)
{
    char id[40], id2[40], secret[80], path[200], body[400];
    int st;
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:%d/in\",\"events\":[\"invoice.failed\"],"
             "\"description\":\"ops\"}", RX.port);
    CU_ASSERT_EQUAL(reg(K, body, id, secret), 201);
    CU_ASSERT_EQUAL(strlen(secret), 49);
    CU_ASSERT_TRUE(strncmp(secret, "whsec_", 6) == 0);
    CU_ASSERT_EQUAL(reg(K, "{\"url\":\"https://hooks.example.com/x\"}", id2, NULL), 201);
    /* the list: newest first, both events by default, no secret anywhere */
    json_object *o = call("GET", "/api/v1/webhooks", K, NULL, &st), *arr, *v;
    CU_ASSERT_EQUAL(st, 200);
    CU_ASSERT_TRUE_FATAL(o && json_object_object_get_ex(o, "content", &arr) && json_object_array_length(arr) == 2);
    json_object *first = json_object_array_get_idx(arr, 0), *second = json_object_array_get_idx(arr, 1);
    CU_ASSERT_STRING_EQUAL(str(first, "id"), id2);
    CU_ASSERT_TRUE(json_object_object_get_ex(first, "events", &v) && json_object_array_length(v) == 2);
    CU_ASSERT_STRING_EQUAL(str(second, "description"), "ops");
    CU_ASSERT_PTR_NULL(strstr(json_object_to_json_string(o), "secret"));
    CU_ASSERT_PTR_NULL(strstr(json_object_to_json_string(o), secret));
    json_object_put(o);
    snprintf(path, sizeof path, "/api/v1/webhooks/%s", id);
    o = call("GET", path, K, NULL, &st);
    CU_ASSERT_EQUAL(st, 200);
    CU_ASSERT_PTR_NULL(str(o, "secret"));
    snprintf(body, sizeof body, "http://127.0.0.1:%d/in", RX.port);
    CU_ASSERT_STRING_EQUAL(str(o, "url") ? str(o, "url") : "", body);
    json_object_put(o);
    /* another account sees none of them and cannot delete them */
    o = call("GET", "/api/v1/webhooks", K_OTHER, NULL, &st);
    CU_ASSERT_TRUE(o && json_object_object_get_ex(o, "content", &arr) && json_object_array_length(arr) == 0);
    json_object_put(o);
    json_object_put(call("GET", path, K_OTHER, NULL, &st));
    CU_ASSERT_EQUAL(st, 404);
    json_object_put(call("DELETE", path, K_OTHER, NULL, &st));
    CU_ASSERT_EQUAL(st, 404);
    /* delete: 204, then 404; no auth: 401; a bad id: 400 */
    json_object_put(call("DELETE", path, NULL, NULL, &st));
    CU_ASSERT_EQUAL(st, 401);
    json_object_put(call("DELETE", path, K, NULL, &st));
    CU_ASSERT_EQUAL(st, 204);
    json_object_put(call("DELETE", path, K, NULL, &st));
    CU_ASSERT_EQUAL(st, 404);
    json_object_put(call("GET", "/api/v1/webhooks/not-a-uuid", K, NULL, &st));
    CU_ASSERT_EQUAL(st, 400);
    snprintf(path, sizeof path, "/api/v1/webhooks/%s", id2);
    json_object_put(call("DELETE", path, K, NULL, &st));
    CU_ASSERT_EQUAL(st, 204);
}

static void test_request_errors(void)
{
    static const struct { const char *body, *needle; } bad[] = {
        {"{}", "url is required"},
        {"{\"url\":42}", "url must be a string"},
        {"{\"url\":\"ftp://h.example/\"}", "http:// or https://"},
        {"{\"url\":\"http://u:p@h.example/\"}", "password"},
        {"{\"url\":\"http://h.example/#x\"}", "fragment"},
        {"{\"url\":\"http://h.example/\",\"events\":[]}", "events"},
        {"{\"url\":\"http://h.example/\",\"events\":\"invoice.failed\"}", "events"},
        {"{\"url\":\"http://h.example/\",\"events\":[\"invoice.validated\",\"invoice.deleted\"]}", "events/1"},
        {"{\"url\":\"http://h.example/\",\"events\":[1]}", "events/0"},
        {"{\"url\":\"http://h.example/\",\"secret\":\"mine\"}", "secret: unknown member"},
        {"{\"url\":\"http://h.example/\",\"description\":7}", "description"},
        {"{\"url\":\"http://h.example/\",\"url\":\"http://x.example/\"}", "duplicate"},
        {"[1]", "JSON object"},
        {"{\"url\":", "Malformed JSON"},
    };
    int st;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_object *o = call("POST", "/api/v1/webhooks", K, bad[i].body, &st);
        const char *m = str(o, "message");
        if (st != 400 || !m || !strstr(m, bad[i].needle))
            fprintf(stderr, "\n  %s -> %d %s", bad[i].body, st, m ? m : "(no message)");
        CU_ASSERT_EQUAL(st, 400);
        CU_ASSERT_TRUE(m && strstr(m, bad[i].needle));
        CU_ASSERT_STRING_EQUAL(str(o, "error") ? str(o, "error") : "", "BAD_REQUEST");
        json_object_put(o);
    }
    char desc[600] = "{\"url\":\"http://h.example/\",\"description\":\"";
    memset(desc + strlen(desc), 'd', 201);
    strcat(desc, "\"}");
    json_object_put(call("POST", "/api/v1/webhooks", K, desc, &st));
    CU_ASSERT_EQUAL(st, 400);
    json_object_put(call("POST", "/api/v1/webhooks", NULL, "{\"url\":\"http://h.example/\"}", &st));
    CU_ASSERT_EQUAL(st, 401);
}

/* EINV_WEBHOOK_MAX_PER_ACCOUNT=3 on this server: the fourth is 409. */
static void test_limit(void)
{
    char ids[4][40];
    int st;
    for (int i = 0; i < 3; i++)
        CU_ASSERT_EQUAL(reg(K_OTHER, "{\"url\":\"https://hooks.example.com/x\"}", ids[i], NULL), 201);
    json_object *o = call("POST", "/api/v1/webhooks", K_OTHER, "{\"url\":\"https://hooks.example.com/x\"}", &st);
    CU_ASSERT_EQUAL(st, 409);
    CU_ASSERT_PTR_NOT_NULL(str(o, "message") && strstr(str(o, "message"), "delete one"));
    json_object_put(o);
    for (int i = 0; i < 3; i++)
        CU_ASSERT_EQUAL(del_hook(K_OTHER, ids[i]), 204);
}

/* The delivery log of a webhook (its first item's fields), polled until it shows `status`. */
static json_object *wait_log(const char *hook, const char *key, const char *status, int *total)
{
    char path[160];
    double until = tst_now_ms() + 20000;
    snprintf(path, sizeof path, "/api/v1/webhooks/%s/deliveries?size=5", hook);
    for (;;) {
        int st;
        json_object *o = call("GET", path, key, NULL, &st), *arr;
        *total = num(o, "totalElements");
        if (st == 200 && json_object_object_get_ex(o, "content", &arr) && json_object_array_length(arr) > 0) {
            json_object *d = json_object_get(json_object_array_get_idx(arr, 0));
            if (strcmp(str(d, "status"), status) == 0 || tst_now_ms() > until) {
                json_object_put(o);
                return d;
            }
            json_object_put(d);
        } else if (tst_now_ms() > until) {
            json_object_put(o);
            return NULL;
        }
        json_object_put(o);
        tst_sleep_ms(50);
    }
}

/* A failing invoice: two 500 answers, then the third attempt delivers; signature, headers
 * and body as documented; the log counts the attempts. A webhook for invoice.validated
 * only gets nothing. */
static void test_delivery(void)
{
    char hook[40], hook_v[40], secret[80], body[300], inv[40], hv[200];
    size_t len;
    int total = 0;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    char *cut = strstr(doc, "</Invoice>");
    CU_ASSERT_PTR_NOT_NULL_FATAL(cut);
    *cut = 0;                   /* not well-formed: failed_validation */
    rx_stop();
    CU_ASSERT_EQUAL_FATAL(rx_start(2), 0);
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:%d/hook\",\"events\":[\"invoice.failed\"]}", RX.port);
    CU_ASSERT_EQUAL_FATAL(reg(K, body, hook, secret), 201);
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:%d/v\",\"events\":[\"invoice.validated\"]}", RX.port);
    CU_ASSERT_EQUAL_FATAL(reg(K, body, hook_v, NULL), 201);
    submit(K, doc, strlen(doc), inv);
    CU_ASSERT_FATAL(inv[0] != 0);
    CU_ASSERT_EQUAL(rx_wait(3, 20000), 3);
    tst_sleep_ms(300);
    pthread_mutex_lock(&RX.mu);
    CU_ASSERT_EQUAL(RX.n, 3);   /* nothing for the invoice.validated webhook */
    for (int i = 0; i < RX.n; i++) {
        rx_req_t *q = &RX.reqs[i];
        CU_ASSERT_TRUE(strncmp(q->head, "POST /hook HTTP/1.1\r\n", 21) == 0);
        CU_ASSERT_TRUE(signature_ok(q, secret));
        CU_ASSERT_STRING_EQUAL(rx_header(q, "Content-Type", hv, sizeof hv), "application/json");
        CU_ASSERT_STRING_EQUAL(rx_header(q, "X-Einvoice-Event", hv, sizeof hv), "invoice.failed");
        json_object *ev = json_tokener_parse(q->body), *i2;
        CU_ASSERT_PTR_NOT_NULL_FATAL(ev);
        CU_ASSERT_STRING_EQUAL(rx_header(q, "X-Einvoice-Event-Id", hv, sizeof hv), str(ev, "id"));
        CU_ASSERT_STRING_EQUAL(str(ev, "type"), "invoice.failed");
        CU_ASSERT_TRUE(json_object_object_get_ex(ev, "invoice", &i2));
        CU_ASSERT_STRING_EQUAL(str(i2, "id"), inv);
        CU_ASSERT_STRING_EQUAL(str(i2, "status"), "failed_validation");
        CU_ASSERT_STRING_EQUAL(str(i2, "validationProfile"), "EN16931");
        json_object_put(ev);
        /* every repeat carries the same event and body */
        CU_ASSERT_STRING_EQUAL(q->body, RX.reqs[0].body);
    }
    /* a tampered body fails the same check */
    if (RX.n > 0) {
        char *b = RX.reqs[0].body;
        b[strlen(b) - 2] ^= 1;
        CU_ASSERT_FALSE(signature_ok(&RX.reqs[0], secret));
        b[strlen(b) - 2] ^= 1;
    }
    pthread_mutex_unlock(&RX.mu);
    json_object *d = wait_log(hook, K, "delivered", &total);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_EQUAL(total, 1);
    CU_ASSERT_STRING_EQUAL(str(d, "status"), "delivered");
    CU_ASSERT_EQUAL(num(d, "attempts"), 3);
    CU_ASSERT_EQUAL(num(d, "lastStatusCode"), 200);
    CU_ASSERT_STRING_EQUAL(str(d, "invoiceId"), inv);
    CU_ASSERT_STRING_EQUAL(str(d, "eventType"), "invoice.failed");
    CU_ASSERT_PTR_NOT_NULL(str(d, "completedAt"));
    CU_ASSERT_PTR_NULL(str(d, "nextAttemptAt"));
    json_object_put(d);
    /* the other webhook's log is empty; another account cannot read this one */
    int st;
    char path[160];
    snprintf(path, sizeof path, "/api/v1/webhooks/%s/deliveries", hook_v);
    json_object *o = call("GET", path, K, NULL, &st);
    CU_ASSERT_EQUAL(num(o, "totalElements"), 0);
    json_object_put(o);
    snprintf(path, sizeof path, "/api/v1/webhooks/%s/deliveries", hook);
    json_object_put(call("GET", path, K_OTHER, NULL, &st));
    CU_ASSERT_EQUAL(st, 404);
    snprintf(path, sizeof path, "/api/v1/webhooks/%s/deliveries?size=0", hook);
    json_object_put(call("GET", path, K, NULL, &st));
    CU_ASSERT_EQUAL(st, 400);
    CU_ASSERT_EQUAL(del_hook(K, hook), 204);
    CU_ASSERT_EQUAL(del_hook(K, hook_v), 204);
    free(doc);
}

/* A receiver that always answers 500: after EINV_WEBHOOK_MAX_ATTEMPTS (3 here) the delivery
 * is given up: failed, with its last answer, and never sent again. */
static void test_give_up(void)
{
    char hook[40], inv[40];
    size_t len;
    int total = 0;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len);
    CU_ASSERT_EQUAL_FATAL(hook_to_fresh_receiver(K, 1000, hook, NULL), 0);
    submit(K, doc, len, inv);
    json_object *d = wait_log(hook, K, "failed", &total);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_STRING_EQUAL(str(d, "status"), "failed");
    CU_ASSERT_EQUAL(num(d, "attempts"), 3);
    CU_ASSERT_EQUAL(num(d, "lastStatusCode"), 500);
    CU_ASSERT_STRING_EQUAL(str(d, "lastError") ? str(d, "lastError") : "", "HTTP 500");
    CU_ASSERT_PTR_NULL(str(d, "nextAttemptAt"));
    CU_ASSERT_PTR_NOT_NULL(str(d, "completedAt"));
    json_object_put(d);
    tst_sleep_ms(800);          /* a retry would be due within 400 ms */
    CU_ASSERT_EQUAL(rx_wait(4, 0), 3);
    CU_ASSERT_EQUAL(del_hook(K, hook), 204);
    free(doc);
}

/* A receiver that is down costs one attempt per backoff period, not one per event: 20 events
 * to a closed port for 2 s take far fewer attempts than 20 independent retry schedules
 * (about 6 each at 200-400 ms, 120 in all). */
static void test_down_receiver_held_back(void)
{
    char hook[40], inv[40], path[200];
    size_t len;
    int st, sum = 0, n = 0;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len);
    CU_ASSERT_EQUAL_FATAL(hook_to_fresh_receiver(K_OTHER, 0, hook, NULL), 0);
    rx_stop();                  /* nothing listens at the webhook's port now */
    for (int i = 0; i < 20; i++)
        submit(K_OTHER, doc, len, inv);
    tst_sleep_ms(2000);
    snprintf(path, sizeof path, "/api/v1/webhooks/%s/deliveries?size=100", hook);
    json_object *o = call("GET", path, K_OTHER, NULL, &st), *arr;
    if (o && json_object_object_get_ex(o, "content", &arr))
        for (size_t i = 0; i < json_object_array_length(arr); i++, n++)
            sum += num(json_object_array_get_idx(arr, i), "attempts");
    json_object_put(o);
    if (sum >= 40)
        fprintf(stderr, "\n  %d attempts for %d deliveries", sum, n);
    CU_ASSERT_EQUAL(n, 20);
    CU_ASSERT_TRUE(sum >= 1 && sum < 40);
    CU_ASSERT_EQUAL(del_hook(K_OTHER, hook), 204);
    CU_ASSERT_EQUAL(rx_start(0), 0);
    free(doc);
}

/* A sandbox submit is final at once: its event is delivered without any job. */
static void test_sandbox_event(void)
{
    char hook[40], secret[80], inv[40];
    size_t len;
    int total = 0;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len);
    CU_ASSERT_EQUAL_FATAL(hook_to_fresh_receiver(K_SANDBOX, 0, hook, secret), 0);
    submit(K_SANDBOX, doc, len, inv);
    CU_ASSERT_EQUAL(rx_wait(1, 10000), 1);
    pthread_mutex_lock(&RX.mu);
    if (RX.n > 0) {
        json_object *ev = json_tokener_parse(RX.reqs[0].body), *i2 = NULL;
        CU_ASSERT_TRUE(signature_ok(&RX.reqs[0], secret));
        CU_ASSERT_STRING_EQUAL(str(ev, "type"), "invoice.validated");
        CU_ASSERT_TRUE(json_object_object_get_ex(ev, "invoice", &i2));
        CU_ASSERT_STRING_EQUAL(str(i2, "id"), inv);
        CU_ASSERT_TRUE(json_object_get_boolean(json_object_object_get(i2, "sandbox")));
        json_object_put(ev);
    }
    pthread_mutex_unlock(&RX.mu);
    json_object_put(wait_log(hook, K_SANDBOX, "delivered", &total));
    CU_ASSERT_EQUAL(total, 1);
    CU_ASSERT_EQUAL(del_hook(K_SANDBOX, hook), 204);
    free(doc);
}

/* Receiver down: the delivery stays pending with the reason; deleting the webhook drops it,
 * so a receiver that comes up later gets nothing. */
static void test_delete_drops_pending(void)
{
    char hook[40], body[300], inv[40], path[160];
    size_t len;
    int total = 0, st;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len);
    rx_stop();
    CU_ASSERT_EQUAL_FATAL(rx_start(0), 0);
    int port = RX.port;
    rx_stop();                  /* nothing listens there now */
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:%d/gone\"}", port);
    CU_ASSERT_EQUAL_FATAL(reg(K, body, hook, NULL), 201);
    submit(K, doc, len, inv);
    double until = tst_now_ms() + 20000;
    json_object *d = NULL;
    while (tst_now_ms() < until) {  /* wait for a failed attempt on record */
        json_object_put(d);
        d = wait_log(hook, K, "pending", &total);
        if (d && str(d, "lastError"))
            break;
        tst_sleep_ms(50);
    }
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_STRING_EQUAL(str(d, "status"), "pending");
    CU_ASSERT_PTR_NOT_NULL(str(d, "lastError") && strstr(str(d, "lastError"), "connect"));
    CU_ASSERT_PTR_NULL(json_object_object_get(d, "lastStatusCode"));
    CU_ASSERT_PTR_NOT_NULL(str(d, "nextAttemptAt"));
    CU_ASSERT_TRUE(num(d, "attempts") >= 1);
    json_object_put(d);
    CU_ASSERT_EQUAL(del_hook(K, hook), 204);
    snprintf(path, sizeof path, "/api/v1/webhooks/%s/deliveries", hook);
    json_object_put(call("GET", path, K, NULL, &st));
    CU_ASSERT_EQUAL(st, 404);
    /* a receiver on that port now gets nothing */
    memset(&RX, 0, sizeof RX);
    int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    struct sockaddr_in a = {0};
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, (struct sockaddr *)&a, sizeof a) == 0 && listen(fd, 4) == 0) {
        struct pollfd pf = {fd, POLLIN, 0};
        CU_ASSERT_EQUAL(poll(&pf, 1, 1500), 0);     /* the backoff is 200-400 ms here */
    }
    close(fd);
    CU_ASSERT_EQUAL(rx_start(0), 0);
    free(doc);
}

/* A server with default settings refuses loopback targets (the SSRF guard is on by default). */
static void test_private_refused_by_default(void)
{
    sp_server_t t;
    char key[SP_KEY_MAX], body[200];
    hc_response_t res;
    CU_ASSERT_EQUAL_FATAL(sp_init(&t, S.kind), 0);
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, NULL), 0);
    CU_ASSERT_EQUAL_FATAL(sp_account_key(&t, "ssrf@example.com", "FREE", 0, 0, -1, key), 0);
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:%d/x\"}", RX.port);
    CU_ASSERT_EQUAL(hc_json(t.port, "POST", "/api/v1/webhooks", key, body, &res), 400);
    CU_ASSERT_PTR_NOT_NULL(res.body && strstr(res.body, "EINV_WEBHOOK_ALLOW_PRIVATE"));
    hc_response_free(&res);
    CU_ASSERT_EQUAL(hc_json(t.port, "POST", "/api/v1/webhooks", key,
                            "{\"url\":\"http://169.254.169.254/latest/meta-data\"}", &res), 400);
    hc_response_free(&res);
    sp_cleanup(&t);
}

/* A receiver that accepts the connection (the kernel's backlog) and never answers: SIGTERM
 * must still stop the server at once, and the abandoned attempt stays due, uncounted. */
static void test_sigterm_silent_receiver(void)
{
    sp_server_t t;
    char key[SP_KEY_MAX], body[200], hook[40], inv[40], path[200];
    const char *env[] = {"EINV_WEBHOOK_ALLOW_PRIVATE=1", "EINV_WEBHOOK_TIMEOUT_MS=30000", NULL};
    struct sockaddr_in a = {0};
    socklen_t al = sizeof a;
    size_t len;
    int st;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    CU_ASSERT_FATAL(fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 && listen(fd, 8) == 0 &&
                    getsockname(fd, (struct sockaddr *)&a, &al) == 0);
    CU_ASSERT_EQUAL_FATAL(sp_init(&t, S.kind), 0);
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, env), 0);
    CU_ASSERT_EQUAL_FATAL(sp_account_key(&t, "silent@example.com", "PRO", 0, 0, -1, key), 0);
    sp_server_t keep = S;
    S = t;                      /* reg, submit and call talk to S */
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:%d/never\"}", ntohs(a.sin_port));
    CU_ASSERT_EQUAL(reg(key, body, hook, NULL), 201);
    submit(key, doc, len, inv);
    snprintf(path, sizeof path, "/api/v1/webhooks/%s/deliveries", hook);
    json_object *o = NULL, *arr, *d = NULL;
    double until = tst_now_ms() + 15000;
    while (tst_now_ms() < until) {      /* until the attempt is under way */
        json_object_put(o);
        o = call("GET", path, key, NULL, &st);
        if (o && json_object_object_get_ex(o, "content", &arr) && json_object_array_length(arr) == 1 &&
            num(d = json_object_array_get_idx(arr, 0), "attempts") == 1)
            break;
        tst_sleep_ms(50);
    }
    CU_ASSERT_EQUAL(num(d, "attempts"), 1);
    json_object_put(o);
    tst_sleep_ms(300);
    double t0 = tst_now_ms();
    CU_ASSERT_EQUAL(sp_stop(&t), 0);
    double took = tst_now_ms() - t0;
    if (took > 5000)
        fprintf(stderr, "\n  SIGTERM took %.0f ms", took);
    CU_ASSERT_TRUE(took < 5000);
    CU_ASSERT_TRUE(sp_log_contains(&t, "stopped"));
    /* after a restart the delivery is still pending, the abandoned attempt not counted */
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, SP_SAME_ENV), 0);
    S = t;
    o = call("GET", path, key, NULL, &st);
    CU_ASSERT_TRUE(o && json_object_object_get_ex(o, "content", &arr) && json_object_array_length(arr) == 1);
    d = o ? json_object_array_get_idx(arr, 0) : NULL;
    CU_ASSERT_STRING_EQUAL(str(d, "status") ? str(d, "status") : "", "pending");
    CU_ASSERT_TRUE(num(d, "attempts") <= 1);    /* 0, or 1 when the restarted server tried again */
    json_object_put(o);
    S = keep;
    sp_cleanup(&t);
    close(fd);
    free(doc);
}

/* The log's retention (EINV_WEBHOOK_LOG_DAYS=0 here): at the next start the delivered
 * delivery is gone from the log, the pending one (nothing listens at its URL) stays. */
static void test_log_retention(void)
{
    sp_server_t t;
    char key[SP_KEY_MAX], body[200], hook[40], dead[40], inv[40], path[200];
    const char *env[] = {"EINV_WEBHOOK_ALLOW_PRIVATE=1", "EINV_WEBHOOK_LOG_DAYS=0",
                         "EINV_WEBHOOK_POLL_MS=100", NULL};
    size_t len;
    int total = 0, st;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len);
    CU_ASSERT_EQUAL_FATAL(sp_init(&t, S.kind), 0);
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, env), 0);
    CU_ASSERT_EQUAL_FATAL(sp_account_key(&t, "retention@example.com", "PRO", 0, 0, -1, key), 0);
    sp_server_t keep = S;
    S = t;
    CU_ASSERT_EQUAL(hook_to_fresh_receiver(key, 0, hook, NULL), 0);
    snprintf(body, sizeof body, "{\"url\":\"http://127.0.0.1:1/dead\"}");
    CU_ASSERT_EQUAL(reg(key, body, dead, NULL), 201);
    submit(key, doc, len, inv);
    json_object_put(wait_log(hook, key, "delivered", &total));
    CU_ASSERT_EQUAL(total, 1);
    CU_ASSERT_EQUAL(sp_stop(&t), 0);
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, SP_SAME_ENV), 0);
    S = t;
    snprintf(path, sizeof path, "/api/v1/webhooks/%s/deliveries", hook);
    double until = tst_now_ms() + 5000;
    do {
        json_object *o = call("GET", path, key, NULL, &st);
        total = num(o, "totalElements");
        json_object_put(o);
    } while (total != 0 && tst_now_ms() < until && (tst_sleep_ms(50), 1));
    CU_ASSERT_EQUAL(total, 0);
    snprintf(path, sizeof path, "/api/v1/webhooks/%s/deliveries", dead);
    json_object *o = call("GET", path, key, NULL, &st);
    CU_ASSERT_EQUAL(num(o, "totalElements"), 1);
    json_object_put(o);
    S = keep;
    sp_cleanup(&t);
    free(doc);
}

static int suite_init(sp_db_kind kind)
{
    const char *env[] = {"EINV_WORKERS=2", "EINV_WEBHOOK_ALLOW_PRIVATE=1", "EINV_WEBHOOK_BACKOFF_MS=200",
                         "EINV_WEBHOOK_BACKOFF_MAX_MS=400", "EINV_WEBHOOK_TIMEOUT_MS=2000",
                         "EINV_WEBHOOK_POLL_MS=100", "EINV_WEBHOOK_MAX_PER_ACCOUNT=3",
                         "EINV_WEBHOOK_MAX_ATTEMPTS=3", NULL};
    return rx_start(0) != 0 || sp_init(&S, kind) != 0 || sp_start(&S, env) != 0 ||
           sp_account_key(&S, "hooks@example.com", "PRO", 0, 0, -1, K) != 0 ||
           sp_account_key(&S, "other@example.com", "PRO", 0, 0, -1, K_OTHER) != 0 ||
           sp_account_key(&S, "sandbox@example.com", "FREE", 0, 1, -1, K_SANDBOX) != 0;
}
static int init_sqlite(void) { return suite_init(SP_SQLITE); }
static int init_pg(void) { return suite_init(SP_POSTGRES); }
static int suite_clean(void)
{
    sp_cleanup(&S);
    rx_stop();
    return 0;
}

static void add_tests(CU_pSuite s)
{
    CU_add_test(s, "register, secret once, list, another account, delete", test_registration);
    CU_add_test(s, "request errors name the member", test_request_errors);
    CU_add_test(s, "per-account limit: 409", test_limit);
    CU_add_test(s, "delivery: retried after 500, signed, logged", test_delivery);
    CU_add_test(s, "given up after the last attempt", test_give_up);
    CU_add_test(s, "a receiver that is down is probed, not flooded", test_down_receiver_held_back);
    CU_add_test(s, "sandbox submit: the event at once", test_sandbox_event);
    CU_add_test(s, "delete drops pending deliveries", test_delete_drops_pending);
    CU_add_test(s, "loopback refused by default", test_private_refused_by_default);
    CU_add_test(s, "SIGTERM with a receiver that never answers", test_sigterm_silent_receiver);
    CU_add_test(s, "the delivery log's retention", test_log_retention);
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("webhooks_functions", NULL, NULL);
    CU_add_test(s, "URL checks and SSRF literals", test_url_check);
    CU_add_test(s, "private address ranges", test_addresses);
    CU_add_test(s, "signature, secrets, backoff", test_signature_and_backoff);
    s = CU_add_suite("webhooks_sqlite", init_sqlite, suite_clean);
    add_tests(s);
    if (sp_pg_missing())
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL suite)");   /* fails the run under CI */
    else {
        s = CU_add_suite("webhooks_postgresql", init_pg, suite_clean);
        add_tests(s);
    }
}
