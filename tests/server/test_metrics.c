/* GET /metrics of the real einvoiced over HTTP on loopback, on SQLite and (EINV_TEST_PG_URL)
 * PostgreSQL: the answer is parsed as the Prometheus text exposition format 0.0.4 (HELP and
 * TYPE lines, every sample "name{labels} value" of a declared family, histogram buckets
 * cumulative with +Inf equal to _count); a scrape, then requests (2xx, 401, 404, a
 * validation, a quota refusal, polls), then a scrape: every counter moved by exactly what
 * was done, and the sum of all request counters by the number of requests. Also: the
 * access settings (off, token, loopback from another address), a broken plugin counted, a store error counted (a killed
 * PostgreSQL connection), settings refused with their name. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <arpa/inet.h>
#include <ctype.h>
#include <ifaddrs.h>
#include <json-c/json.h>
#include <libpq-fe.h>
#include <math.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"

static sp_server_t S;
static char K_FREE[SP_KEY_MAX];     /* a live key with a quota of 1 */
static char K_PRO[SP_KEY_MAX];

/* ---------- the exposition format ---------- */

#define MAX_SAMPLES 2048

typedef struct sample {
    char name[96];
    char labels[320];   /* as written between the braces, "" for none */
    double value;
} sample_t;

typedef struct scrape {
    sample_t s[MAX_SAMPLES];
    int n;
    char types[64][96];     /* declared families */
    char kind[64][32];
    int ntypes;
    int errors;             /* format violations found (each printed) */
} scrape_t;

static void bad(scrape_t *sc, const char *why, const char *line)
{
    fprintf(stderr, "\n  exposition: %s: \"%.200s\"", why, line);
    sc->errors++;
}

static int metric_name(const char *p, size_t *n)
{
    size_t i = 0;
    if (!(isalpha((unsigned char)p[0]) || p[0] == '_' || p[0] == ':'))
        return 0;
    while (isalnum((unsigned char)p[i]) || p[i] == '_' || p[i] == ':')
        i++;
    *n = i;
    return 1;
}

static const char *family_kind(const scrape_t *sc, const char *name)
{
    int i;
    for (i = 0; i < sc->ntypes; i++)
        if (strcmp(sc->types[i], name) == 0)
            return sc->kind[i];
    return NULL;
}

/* The family a sample belongs to: itself, or a histogram's _bucket/_sum/_count. */
static const char *sample_kind(const scrape_t *sc, const char *name)
{
    static const char *const SUF[] = {"_bucket", "_sum", "_count"};
    const char *k = family_kind(sc, name);
    char base[96];
    int i;
    if (k)
        return k;
    for (i = 0; i < 3; i++) {
        size_t nl = strlen(name), sl = strlen(SUF[i]);
        if (nl > sl && strcmp(name + nl - sl, SUF[i]) == 0) {
            snprintf(base, sizeof base, "%.*s", (int)(nl - sl), name);
            k = family_kind(sc, base);
            if (k && strcmp(k, "histogram") == 0)
                return k;
        }
    }
    return NULL;
}

/* Labels: name="value" pairs, comma separated, values with \\ \" \n escapes only. */
static int labels_ok(const char *p, const char **end)
{
    for (;;) {
        size_t n;
        if (*p == '}') {
            *end = p + 1;
            return 1;
        }
        if (!metric_name(p, &n) || p[n] != '=' || p[n + 1] != '"')
            return 0;
        p += n + 2;
        while (*p && *p != '"') {
            if (*p == '\\') {
                if (p[1] != '\\' && p[1] != '"' && p[1] != 'n')
                    return 0;
                p++;
            } else if (*p == '\n')
                return 0;
            p++;
        }
        if (*p != '"')
            return 0;
        p++;
        if (*p == ',')
            p++;
        else if (*p != '}')
            return 0;
    }
}

static void parse_line(scrape_t *sc, char *line)
{
    size_t n;
    if (!*line) {
        bad(sc, "empty line", line);
        return;
    }
    if (line[0] == '#') {
        char name[96], kind[32];
        if (strncmp(line, "# HELP ", 7) == 0) {
            if (!metric_name(line + 7, &n) || line[7 + n] != ' ')
                bad(sc, "HELP without name and text", line);
            return;
        }
        if (strncmp(line, "# TYPE ", 7) == 0) {
            if (sscanf(line + 7, "%95s %31s", name, kind) != 2 || !metric_name(name, &n) || name[n] ||
                (strcmp(kind, "counter") && strcmp(kind, "gauge") && strcmp(kind, "histogram") &&
                 strcmp(kind, "summary") && strcmp(kind, "untyped")))
                bad(sc, "malformed TYPE", line);
            else if (family_kind(sc, name))
                bad(sc, "TYPE given twice", line);
            else if (sc->ntypes < 64) {
                snprintf(sc->types[sc->ntypes], sizeof sc->types[0], "%s", name);
                snprintf(sc->kind[sc->ntypes++], sizeof sc->kind[0], "%s", kind);
            }
            return;
        }
        return;     /* a comment */
    }
    {
        sample_t *s = sc->n < MAX_SAMPLES ? &sc->s[sc->n] : NULL;
        const char *p = line, *lab_end = NULL;
        char *vend;
        if (!s || !metric_name(p, &n) || n >= sizeof s->name) {
            bad(sc, "sample without a metric name", line);
            return;
        }
        snprintf(s->name, sizeof s->name, "%.*s", (int)n, p);
        p += n;
        s->labels[0] = 0;
        if (*p == '{') {
            if (!labels_ok(p + 1, &lab_end)) {
                bad(sc, "malformed labels", line);
                return;
            }
            snprintf(s->labels, sizeof s->labels, "%.*s", (int)(lab_end - p - 2), p + 1);
            p = lab_end;
        }
        if (*p != ' ') {
            bad(sc, "no space before the value", line);
            return;
        }
        p++;
        if (strcmp(p, "+Inf") == 0)
            s->value = INFINITY;
        else {
            s->value = strtod(p, &vend);
            if (vend == p || (*vend && *vend != ' ')) {
                bad(sc, "value is not a number", line);
                return;
            }
        }
        if (!sample_kind(sc, s->name)) {
            bad(sc, "sample of a family without a TYPE line before it", line);
            return;
        }
        sc->n++;
    }
}

static double value_of(const scrape_t *sc, const char *name, const char *labels)
{
    int i;
    for (i = 0; i < sc->n; i++)
        if (strcmp(sc->s[i].name, name) == 0 && strcmp(sc->s[i].labels, labels) == 0)
            return sc->s[i].value;
    return 0;   /* a series not yet counted is absent: 0 */
}

static int has(const scrape_t *sc, const char *name)
{
    int i;
    for (i = 0; i < sc->n; i++)
        if (strcmp(sc->s[i].name, name) == 0)
            return 1;
    return 0;
}

/* Histograms: per series the buckets in le order never decrease and +Inf equals _count. */
static void check_histograms(scrape_t *sc)
{
    int i, j;
    for (i = 0; i < sc->n; i++) {
        const sample_t *c = &sc->s[i];
        size_t nl = strlen(c->name);
        char base[96], prefix[330];
        double prev = -1, inf = -1;
        if (nl < 7 || strcmp(c->name + nl - 6, "_count") != 0)
            continue;
        snprintf(base, sizeof base, "%.*s_bucket", (int)(nl - 6), c->name);
        snprintf(prefix, sizeof prefix, "%s,le=\"", c->labels);
        for (j = 0; j < sc->n; j++) {
            const sample_t *b = &sc->s[j];
            if (strcmp(b->name, base) != 0 || strncmp(b->labels, prefix, strlen(prefix)) != 0)
                continue;
            if (b->value < prev) {
                fprintf(stderr, "\n  %s{%s} decreases", b->name, b->labels);
                sc->errors++;
            }
            prev = b->value;
            if (strstr(b->labels, "le=\"+Inf\""))
                inf = b->value;
        }
        if (inf != c->value) {
            fprintf(stderr, "\n  %s{%s}: +Inf bucket %g, count %g", c->name, c->labels, inf, c->value);
            sc->errors++;
        }
    }
}

/* GET /metrics (token: NULL or the Bearer token) and parse it; the status. */
static int scrape_port(int port, const char *token, scrape_t *sc)
{
    hc_response_t res;
    char ct[128];
    int st = hc_request_auth(port, "GET", "/metrics", token, NULL, NULL, 0, &res);
    memset(sc, 0, sizeof *sc);
    if (st == 200) {
        char *text = res.body, *line, *save = NULL;
        CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Content-Type", ct, sizeof ct));
        CU_ASSERT_STRING_EQUAL(ct, "text/plain; version=0.0.4; charset=utf-8");
        CU_ASSERT_TRUE(res.body_len > 0 && text[res.body_len - 1] == '\n');
        CU_ASSERT_EQUAL(strlen(text), res.body_len);
        for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
            parse_line(sc, line);
        check_histograms(sc);
        CU_ASSERT_EQUAL(sc->errors, 0);
    }
    hc_response_free(&res);
    return st;
}

static int scrape(scrape_t *sc) { return scrape_port(S.port, NULL, sc); }

/* ---------- requests ---------- */

static int get(const char *path, const char *key)
{
    hc_response_t res;
    int st = hc_request_auth(S.port, "GET", path, key, NULL, NULL, 0, &res);
    hc_response_free(&res);
    return st;
}

static int submit_sample(const char *key, char id[40])
{
    hc_response_t res;
    hc_multipart_t *mp = hc_mp_new();
    size_t len;
    char *doc = tst_read_data("ubl/sample-invoice.xml", &len);
    json_object *o, *v;
    int st;
    id[0] = 0;
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    hc_mp_field(mp, "profile", "EN16931");
    hc_mp_file(mp, "file", "invoice.xml", "application/xml", doc, len);
    st = hc_request_auth(S.port, "POST", "/api/v1/invoices/validate", key, hc_mp_content_type(mp), hc_mp_data(mp),
                         hc_mp_len(mp), &res);
    o = res.body ? json_tokener_parse(res.body) : NULL;
    if (st == 202 && o && json_object_object_get_ex(o, "id", &v))
        snprintf(id, 40, "%s", json_object_get_string(v));
    json_object_put(o);
    hc_response_free(&res);
    hc_mp_free(mp);
    free(doc);
    return st;
}

/* Poll the invoice until it is final; the number of GETs made. */
static int wait_final(const char *key, const char *id)
{
    char path[96];
    int polls = 0;
    double until = tst_now_ms() + 30000;
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    for (;;) {
        hc_response_t res;
        int st = hc_request_auth(S.port, "GET", path, key, NULL, NULL, 0, &res), done;
        polls++;
        done = st != 200 || !res.body || !strstr(res.body, "\"status\":\"processing\"");
        hc_response_free(&res);
        if (done || tst_now_ms() > until)
            return polls;
        tst_sleep_ms(20);
    }
}

#define REQ(m, r, s) "method=\"" m "\",route=\"" r "\",status=\"" #s "\""

static double requests_sum(const scrape_t *sc)
{
    double t = 0;
    int i;
    for (i = 0; i < sc->n; i++)
        if (strcmp(sc->s[i].name, "einv_http_requests_total") == 0)
            t += sc->s[i].value;
    return t;
}

/* ---------- tests ---------- */

static void test_format_and_basics(void)
{
    scrape_t *sc = calloc(1, sizeof *sc);
    double now = (double)time(NULL), start;
    char labels[100];
    CU_ASSERT_EQUAL_FATAL(scrape(sc), 200);
    start = value_of(sc, "process_start_time_seconds", "");
    CU_ASSERT_TRUE(start > now - 600 && start <= now + 1);
    snprintf(labels, sizeof labels, "version=\"%s\",abi=\"%d.%d\"", EINV_VERSION_STR, EINV_ABI_MAJOR, EINV_ABI_MINOR);
    CU_ASSERT_EQUAL(value_of(sc, "einv_build_info", labels), 1);
    CU_ASSERT_TRUE(value_of(sc, "process_resident_memory_bytes", "") > 1e6);
    CU_ASSERT_EQUAL(value_of(sc, "einv_workers", ""), 2);
    CU_ASSERT_TRUE(has(sc, "einv_queue_jobs"));
    CU_ASSERT_TRUE(has(sc, "einv_jobs_in_flight"));
    CU_ASSERT_TRUE(has(sc, "einv_quota_refusals_total"));
    CU_ASSERT_TRUE(has(sc, "einv_store_errors_total"));
    CU_ASSERT_EQUAL(value_of(sc, "einv_plugin_load_failures_total", ""), 0);
    CU_ASSERT_TRUE(value_of(sc, "einv_plugins_loaded", "kind=\"profile\"") >= 5);
    free(sc);
}

static void test_counters_move(void)
{
    scrape_t *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    char id[40], id2[40], path[96];
    int polls, n = 0;
    CU_ASSERT_EQUAL_FATAL(scrape(a), 200);
    CU_ASSERT_EQUAL(get("/api/health", NULL), 200);
    CU_ASSERT_EQUAL(get("/api/health", NULL), 200);
    CU_ASSERT_EQUAL(get("/api/v1/account", NULL), 401);
    CU_ASSERT_EQUAL(get("/api/v1/no-such-thing", K_PRO), 404);
    CU_ASSERT_EQUAL(get("/api/v1/invoices/not-a-uuid", K_PRO), 400);
    n += 5;
    CU_ASSERT_EQUAL(submit_sample(K_FREE, id), 202);     /* the key's one request */
    CU_ASSERT_EQUAL(submit_sample(K_FREE, id2), 429);    /* the quota refuses the second */
    n += 2;
    CU_ASSERT_FATAL(id[0] != 0);
    polls = wait_final(K_FREE, id);
    n += polls;
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    CU_ASSERT_EQUAL_FATAL(scrape(b), 200);
    n += 1;     /* the first scrape, counted once answered */

    CU_ASSERT_EQUAL(value_of(b, "einv_http_requests_total", REQ("GET", "/api/health", 200)) -
                        value_of(a, "einv_http_requests_total", REQ("GET", "/api/health", 200)), 2);
    CU_ASSERT_EQUAL(value_of(b, "einv_http_requests_total", REQ("GET", "/api/v1/account", 401)) -
                        value_of(a, "einv_http_requests_total", REQ("GET", "/api/v1/account", 401)), 1);
    CU_ASSERT_EQUAL(value_of(b, "einv_http_requests_total", REQ("any", "unmatched", 404)) -
                        value_of(a, "einv_http_requests_total", REQ("any", "unmatched", 404)), 1);
    CU_ASSERT_EQUAL(value_of(b, "einv_http_requests_total", REQ("GET", "/api/v1/invoices/{id}", 400)) -
                        value_of(a, "einv_http_requests_total", REQ("GET", "/api/v1/invoices/{id}", 400)), 1);
    CU_ASSERT_EQUAL(value_of(b, "einv_http_requests_total", REQ("POST", "/api/v1/invoices/validate", 202)) -
                        value_of(a, "einv_http_requests_total", REQ("POST", "/api/v1/invoices/validate", 202)), 1);
    CU_ASSERT_EQUAL(value_of(b, "einv_http_requests_total", REQ("POST", "/api/v1/invoices/validate", 429)) -
                        value_of(a, "einv_http_requests_total", REQ("POST", "/api/v1/invoices/validate", 429)), 1);
    CU_ASSERT_EQUAL(value_of(b, "einv_http_requests_total", REQ("GET", "/api/v1/invoices/{id}", 200)) -
                        value_of(a, "einv_http_requests_total", REQ("GET", "/api/v1/invoices/{id}", 200)), polls);
    CU_ASSERT_EQUAL(value_of(b, "einv_http_requests_total", REQ("GET", "/metrics", 200)) -
                        value_of(a, "einv_http_requests_total", REQ("GET", "/metrics", 200)), 1);
    /* nothing else was counted: the whole family moved by the requests made */
    CU_ASSERT_EQUAL(requests_sum(b) - requests_sum(a), n);
    if (requests_sum(b) - requests_sum(a) != n)
        fprintf(stderr, "\n  requests counted %g, made %d", requests_sum(b) - requests_sum(a), n);

    CU_ASSERT_EQUAL(value_of(b, "einv_quota_refusals_total", "") - value_of(a, "einv_quota_refusals_total", ""), 1);
    CU_ASSERT_EQUAL(value_of(b, "einv_validation_duration_seconds_count", "format=\"UBL\",profile=\"EN16931\"") -
                        value_of(a, "einv_validation_duration_seconds_count", "format=\"UBL\",profile=\"EN16931\""), 1);
    CU_ASSERT_TRUE(value_of(b, "einv_validation_duration_seconds_sum", "format=\"UBL\",profile=\"EN16931\"") >
                   value_of(a, "einv_validation_duration_seconds_sum", "format=\"UBL\",profile=\"EN16931\""));
    CU_ASSERT_EQUAL(value_of(b, "einv_queue_jobs", ""), 0);
    CU_ASSERT_EQUAL(value_of(b, "einv_jobs_in_flight", ""), 0);
    CU_ASSERT_EQUAL(value_of(b, "einv_store_errors_total", ""), value_of(a, "einv_store_errors_total", ""));
    free(a);
    free(b);
}

/* The queue gauge counts accepted jobs not yet done: with no workers they stay queued. */
static void test_queue_depth(void)
{
    sp_server_t keep = S, t;
    const char *env[] = {"EINV_WORKERS=0", NULL};
    char key[SP_KEY_MAX], id[40];
    scrape_t *sc = calloc(1, sizeof *sc);
    CU_ASSERT_EQUAL_FATAL(sp_init(&t, S.kind), 0);
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, env), 0);
    CU_ASSERT_EQUAL_FATAL(sp_account_key(&t, "queue@example.com", "PRO", 0, 0, -1, key), 0);
    S = t;
    CU_ASSERT_EQUAL(submit_sample(key, id), 202);
    CU_ASSERT_EQUAL(submit_sample(key, id), 202);
    CU_ASSERT_EQUAL(scrape(sc), 200);
    CU_ASSERT_EQUAL(value_of(sc, "einv_queue_jobs", ""), 2);
    CU_ASSERT_EQUAL(value_of(sc, "einv_workers", ""), 0);
    S = keep;
    sp_kill(&t);
    sp_cleanup(&t);
    free(sc);
}

/* This host's first IPv4 address that is not loopback into ip; 0 when it has none. */
static int outside_address(char ip[64])
{
    struct ifaddrs *ifs, *i;
    int found = 0;
    if (getifaddrs(&ifs) != 0)
        return 0;
    for (i = ifs; i && !found; i = i->ifa_next)
        if (i->ifa_addr && i->ifa_addr->sa_family == AF_INET) {
            struct sockaddr_in *a = (struct sockaddr_in *)i->ifa_addr;
            if ((ntohl(a->sin_addr.s_addr) >> 24) != 127)
                found = inet_ntop(AF_INET, &a->sin_addr, ip, 64) != NULL;
        }
    freeifaddrs(ifs);
    return found;
}

/* GET /metrics from ip:port (a raw connection); the status, -1 when none came. */
static int get_metrics_via(const char *ip, int port)
{
    static const char req[] = "GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    struct sockaddr_in a;
    char buf[64] = "";
    int fd = socket(AF_INET, SOCK_STREAM, 0), st = -1;
    ssize_t n;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)port);
    if (fd >= 0 && inet_pton(AF_INET, ip, &a.sin_addr) == 1 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
        write(fd, req, sizeof req - 1) == (ssize_t)(sizeof req - 1) && (n = read(fd, buf, sizeof buf - 1)) > 0) {
        buf[n] = 0;
        if (sscanf(buf, "HTTP/1.%*d %d", &st) != 1)
            st = -1;
    }
    if (fd >= 0)
        close(fd);
    return st;
}

/* A folder of two plugin files the registry refuses (not a shared object; writable by
 * others), for EINV_PLUGIN_PATH. */
static void broken_plugins(const char *dir)
{
    static const char *const NAMES[] = {"broken.so", "open.so"};
    char f[600];
    int i;
    mkdir(dir, 0755);
    for (i = 0; i < 2; i++) {
        FILE *fp;
        snprintf(f, sizeof f, "%s/%s", dir, NAMES[i]);
        fp = fopen(f, "w");
        CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
        fputs("not an ELF file\n", fp);
        fclose(fp);
        chmod(f, i ? 0666 : 0644);
    }
}

/* EINV_METRICS=token: only the Bearer token scrapes (and the two refused plugins of its
 * EINV_PLUGIN_PATH are counted); off: 404; loopback (the default): 403 from another address. */
static void test_access_and_plugin_failures(void)
{
    sp_server_t t;
    char dir[400], env_path[420];
    const char *tok_env[] = {"EINV_METRICS=token", "EINV_METRICS_TOKEN=metrics-secret-0123456789", env_path, NULL};
    const char *off_env[] = {"EINV_METRICS=off", NULL};
    char any[64], ip[64];
    const char *any_env[] = {any, NULL};
    scrape_t *sc = calloc(1, sizeof *sc);
    hc_response_t res;
    if (S.kind != SP_SQLITE) {  /* the HTTP layer's and the registry's, not the store's: once is enough */
        free(sc);
        return;
    }
    CU_ASSERT_EQUAL_FATAL(sp_init(&t, SP_SQLITE), 0);
    snprintf(dir, sizeof dir, "%s/plugins", t.dir);
    broken_plugins(dir);
    snprintf(env_path, sizeof env_path, "EINV_PLUGIN_PATH=%s", dir);
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, tok_env), 0);
    CU_ASSERT_EQUAL(scrape_port(t.port, NULL, sc), 401);
    CU_ASSERT_EQUAL(scrape_port(t.port, "metrics-secret-012345678", sc), 401);
    CU_ASSERT_EQUAL(scrape_port(t.port, "metrics-secret-0123456789x", sc), 401);
    CU_ASSERT_EQUAL(scrape_port(t.port, "metrics-secret-0123456789", sc), 200);
    CU_ASSERT_EQUAL(value_of(sc, "einv_http_requests_total", REQ("GET", "/metrics", 401)), 3);
    CU_ASSERT_EQUAL(value_of(sc, "einv_plugin_load_failures_total", ""), 2);
    CU_ASSERT_TRUE(value_of(sc, "einv_plugins_loaded", "kind=\"profile\"") >= 5);   /* the built-in ones still */
    hc_request_auth(t.port, "GET", "/metrics", NULL, NULL, NULL, 0, &res);
    CU_ASSERT_PTR_NOT_NULL(res.body && strstr(res.body, "EINV_METRICS_TOKEN"));
    hc_response_free(&res);
    sp_kill(&t);    /* throwaway servers: no graceful stop to wait for (the suite's has one) */
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, off_env), 0);
    CU_ASSERT_EQUAL(scrape_port(t.port, NULL, sc), 404);
    sp_kill(&t);
    /* the default, loopback: on every address, only a loopback client scrapes */
    snprintf(any, sizeof any, "EINV_LISTEN=0.0.0.0:%d", t.port);
    CU_ASSERT_EQUAL_FATAL(sp_start(&t, any_env), 0);
    CU_ASSERT_EQUAL(get_metrics_via("127.0.0.1", t.port), 200);
    if (outside_address(ip)) {
        CU_ASSERT_EQUAL(get_metrics_via(ip, t.port), 403);
    } else
        fprintf(stderr, "\n  no address but loopback here: the 403 of EINV_METRICS=loopback is not checked");
    sp_kill(&t);
    sp_cleanup(&t);
    free(sc);
}

/* Run einvoiced with one extra setting; its exit status and stderr (into err). */
static int run_with(const char *setting, char *err, size_t size)
{
    char cmd[1200];
    const char *bin = getenv("EINV_SERVER_BIN") ? getenv("EINV_SERVER_BIN") : "build/bin/einvoiced";
    FILE *p;
    size_t n;
    int st;
    snprintf(cmd, sizeof cmd, "env -u EINV_CONFIG EINV_LISTEN=127.0.0.1:1 EINV_DATABASE=sqlite:%s/never.db %s '%s' 2>&1",
             S.dir, setting, bin);
    p = popen(cmd, "r");
    if (!p)
        return -1;
    n = fread(err, 1, size - 1, p);
    err[n] = 0;
    st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_settings_refused(void)
{
    char out[4096];
    if (S.kind != SP_SQLITE)
        return;
    CU_ASSERT_EQUAL(run_with("EINV_METRICS=token", out, sizeof out), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "EINV_METRICS_TOKEN"));
    CU_ASSERT_EQUAL(run_with("EINV_METRICS=everyone", out, sizeof out), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "EINV_METRICS=everyone"));
    CU_ASSERT_EQUAL(run_with("EINV_LOG_LEVEL=verbose", out, sizeof out), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "EINV_LOG_LEVEL=verbose"));
    CU_ASSERT_EQUAL(run_with("EINV_LOG_FORMAT=xml", out, sizeof out), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "EINV_LOG_FORMAT=xml"));
}

/* PostgreSQL: the server's connections killed; the next request's reconnect is a store
 * error, logged and counted. */
static void test_store_errors(void)
{
    scrape_t *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    char sql[300];
    PGconn *c;
    PGresult *r;
    int i;
    if (S.kind != SP_POSTGRES) {
        free(a);
        free(b);
        return;
    }
    CU_ASSERT_EQUAL_FATAL(scrape(a), 200);
    c = PQconnectdb(S.pg_admin_url);
    CU_ASSERT_EQUAL_FATAL(PQstatus(c), CONNECTION_OK);
    snprintf(sql, sizeof sql, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '%s'",
             S.pg_dbname);
    r = PQexec(c, sql);
    CU_ASSERT_EQUAL(PQresultStatus(r), PGRES_TUPLES_OK);
    CU_ASSERT_TRUE(PQntuples(r) >= 1);
    PQclear(r);
    PQfinish(c);
    /* every request takes a pooled connection: some of them meet a dead one */
    for (i = 0; i < 20; i++)
        get("/api/v1/account", K_PRO);
    CU_ASSERT_EQUAL(get("/api/v1/account", K_PRO), 200);   /* reconnected */
    CU_ASSERT_EQUAL_FATAL(scrape(b), 200);
    CU_ASSERT_TRUE(value_of(b, "einv_store_errors_total", "") > value_of(a, "einv_store_errors_total", ""));
    free(a);
    free(b);
}

/* ---------- suites ---------- */

static int suite_init(sp_db_kind kind)
{
    const char *env[] = {"EINV_WORKERS=2", NULL};
    return sp_init(&S, kind) != 0 || sp_start(&S, env) != 0 ||
           sp_account_key(&S, "free@example.com", "FREE", 0, 0, 1, K_FREE) != 0 ||
           sp_account_key(&S, "pro@example.com", "PRO", 0, 0, -1, K_PRO) != 0;
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
    CU_add_test(s, "the exposition format, process basics", test_format_and_basics);
    CU_add_test(s, "the counters move by exactly the requests made", test_counters_move);
    CU_add_test(s, "queue depth", test_queue_depth);
    CU_add_test(s, "EINV_METRICS token and off; refused plugins counted", test_access_and_plugin_failures);
    CU_add_test(s, "observability settings refused by name", test_settings_refused);
    CU_add_test(s, "store errors counted (PostgreSQL connections killed)", test_store_errors);
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("metrics_sqlite", init_sqlite, suite_clean);
    add_tests(s);
    if (sp_pg_missing())
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL suite)");   /* fails the run under CI */
    else {
        s = CU_add_suite("metrics_postgresql", init_pg, suite_clean);
        add_tests(s);
    }
}
