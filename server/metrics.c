/* The metrics of einvoiced (metrics.h) and the GET /metrics route. Counters are fixed
 * arrays of C11 atomics indexed by label: the label sets are known at start (the route
 * table, the engine's formats and profiles), so no counter is ever allocated, looked up by
 * name or locked on the hot path. A label combination appears in the exposition once it has
 * been counted. */
#define _GNU_SOURCE
#include "metrics.h"
#include "http.h"
#include "log.h"

#include <openssl/crypto.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#define M_ROUTES (METRICS_MAX_ROUTES + 1)     /* + one slot for "unmatched" */
#define M_UNMATCHED (M_ROUTES - 1)
#define M_STATUS_MIN 100
#define M_STATUS_N 500          /* statuses 100..599 */
#define M_LABELS 16             /* formats or profiles; one more slot for "unknown" */

typedef atomic_ullong counter_t;

/* Validation latency buckets, upper bounds in microseconds (exposed in seconds): from a
 * small invoice (~0.1 ms) to the default validation time limit (20 s). */
static const long long BUCKET_US[] = {250,    500,    1000,    2500,    5000,     10000,    25000,
                                      50000,  100000, 250000,  500000,  1000000,  2500000,  5000000,
                                      10000000, 20000000};
#define NB (sizeof BUCKET_US / sizeof BUCKET_US[0])

typedef struct hist {
    counter_t bucket[NB];       /* not cumulative: the scrape adds them up */
    counter_t count;
    counter_t sum_us;
} hist_t;

static counter_t requests[M_ROUTES][M_STATUS_N];
static hist_t validation[M_LABELS + 1][M_LABELS + 1];
static atomic_llong in_flight;
static counter_t quota_refusals, store_errors;

/* Fixed at metrics_init, read-only afterwards. */
static char formats[M_LABELS][32], profiles[M_LABELS][64];
static int n_formats, n_profiles;
static size_t plugin_failures, n_format_plugins, n_profile_plugins;
static struct timespec started;

int metrics_mode_parse(const char *s)
{
    static const char *const NAMES[] = {"off", "loopback", "token", "public"};
    int i;
    for (i = 0; s && i < 4; i++)
        if (strcasecmp(s, NAMES[i]) == 0)
            return i;
    return -1;
}

static int label_index(char (*names)[32], int n, const char *v)
{
    int i;
    for (i = 0; v && i < n; i++)
        if (strcasecmp(names[i], v) == 0)
            return i;
    return M_LABELS;            /* "unknown" */
}

void metrics_init(const einv_engine_t *e)
{
    size_t i;
    clock_gettime(CLOCK_REALTIME, &started);
    n_formats = n_profiles = 0;
    for (i = 0; e && i < einv_engine_format_count(e) && n_formats < M_LABELS; i++) {
        const char *f = einv_engine_format_at(e, i)->api_format;
        if (f && label_index(formats, n_formats, f) == M_LABELS)
            snprintf(formats[n_formats++], sizeof formats[0], "%s", f);
    }
    for (i = 0; e && i < einv_engine_profile_count(e) && n_profiles < M_LABELS; i++)
        snprintf(profiles[n_profiles++], sizeof profiles[0], "%s", einv_engine_profile_at(e, i)->name);
    plugin_failures = e ? einv_engine_plugin_failures(e) : 0;
    n_format_plugins = e ? einv_engine_format_count(e) : 0;
    n_profile_plugins = e ? einv_engine_profile_count(e) : 0;
}

/* ---- the hot path: one relaxed atomic add each ---- */

void metrics_request(int route, int status)
{
    int r = route >= 0 && route < M_UNMATCHED ? route : M_UNMATCHED;
    int s = status - M_STATUS_MIN;
    if (s < 0 || s >= M_STATUS_N)
        s = 500 - M_STATUS_MIN;     /* not an HTTP status: counted as the 500 it becomes */
    atomic_fetch_add_explicit(&requests[r][s], 1, memory_order_relaxed);
}

void metrics_validation(const char *api_format, const char *profile, long long usec)
{
    int f = label_index(formats, n_formats, api_format);
    int p = M_LABELS, i;
    size_t b = 0;
    hist_t *h;
    for (i = 0; profile && i < n_profiles; i++)
        if (strcasecmp(profiles[i], profile) == 0)
            p = i;
    h = &validation[f][p];
    if (usec < 0)
        usec = 0;
    while (b < NB && usec > BUCKET_US[b])
        b++;
    if (b < NB)
        atomic_fetch_add_explicit(&h->bucket[b], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&h->sum_us, (unsigned long long)usec, memory_order_relaxed);
    atomic_fetch_add_explicit(&h->count, 1, memory_order_relaxed);
}

void metrics_jobs_in_flight(int delta) { atomic_fetch_add_explicit(&in_flight, delta, memory_order_relaxed); }
void metrics_quota_refusal(void) { atomic_fetch_add_explicit(&quota_refusals, 1, memory_order_relaxed); }
void metrics_store_error(void) { atomic_fetch_add_explicit(&store_errors, 1, memory_order_relaxed); }

static unsigned long long get(counter_t *c) { return atomic_load_explicit(c, memory_order_relaxed); }

/* ---- the exposition ---- */

/* A label value as the format wants it (backslash, quote and line feed escaped), into buf. */
static const char *esc(const char *v, char *buf, size_t n)
{
    size_t o = 0;
    for (; v && *v && o + 3 < n; v++) {
        if (*v == '\\' || *v == '"' || *v == '\n')
            buf[o++] = '\\';
        buf[o++] = *v == '\n' ? 'n' : *v;
    }
    buf[o] = 0;
    return buf;
}

static void family(FILE *f, const char *name, const char *type, const char *help)
{
    fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void write_requests(FILE *f)
{
    const char *methods[M_UNMATCHED], *patterns[M_UNMATCHED];
    size_t nr = http_routes_list(methods, patterns, M_UNMATCHED);
    int r, s;
    if (nr > M_UNMATCHED)
        nr = M_UNMATCHED;
    family(f, "einv_http_requests_total", "counter",
           "HTTP requests answered, by the route's method and pattern (route=\"unmatched\": no route) and status.");
    for (r = 0; r < M_ROUTES; r++) {
        if (r >= (int)nr && r != M_UNMATCHED)
            continue;
        for (s = 0; s < M_STATUS_N; s++) {
            unsigned long long v = get(&requests[r][s]);
            char m[32], p[200];
            if (!v)
                continue;
            fprintf(f, "einv_http_requests_total{method=\"%s\",route=\"%s\",status=\"%d\"} %llu\n",
                    esc(r == M_UNMATCHED ? "any" : methods[r], m, sizeof m),
                    esc(r == M_UNMATCHED ? "unmatched" : patterns[r], p, sizeof p), s + M_STATUS_MIN, v);
        }
    }
}

static void write_validation(FILE *f)
{
    int fi, pi;
    size_t b;
    family(f, "einv_validation_duration_seconds", "histogram",
           "Time a worker spent in one validation (einv_validate), by invoiceFormat and profile.");
    for (fi = 0; fi <= M_LABELS; fi++)
        for (pi = 0; pi <= M_LABELS; pi++) {
            hist_t *h = &validation[fi][pi];
            unsigned long long count = get(&h->count), cum = 0;
            char labels[300], fe[80], pe[140];
            if (!count || (fi < M_LABELS && fi >= n_formats) || (pi < M_LABELS && pi >= n_profiles))
                continue;
            snprintf(labels, sizeof labels, "format=\"%s\",profile=\"%s\"",
                     esc(fi < M_LABELS ? formats[fi] : "unknown", fe, sizeof fe),
                     esc(pi < M_LABELS ? profiles[pi] : "unknown", pe, sizeof pe));
            for (b = 0; b < NB; b++) {
                cum += get(&h->bucket[b]);
                fprintf(f, "einv_validation_duration_seconds_bucket{%s,le=\"%g\"} %llu\n", labels,
                        (double)BUCKET_US[b] / 1e6, cum);
            }
            /* +Inf is the count, read once: the buckets may have moved since */
            if (count < cum)
                count = cum;
            fprintf(f, "einv_validation_duration_seconds_bucket{%s,le=\"+Inf\"} %llu\n", labels, count);
            fprintf(f, "einv_validation_duration_seconds_sum{%s} %.6f\n", labels,
                    (double)get(&h->sum_us) / 1e6);
            fprintf(f, "einv_validation_duration_seconds_count{%s} %llu\n", labels, count);
        }
}

static long resident_bytes(void)
{
    long pages = 0, rss = 0;
    FILE *s = fopen("/proc/self/statm", "r");
    if (s) {
        if (fscanf(s, "%ld %ld", &pages, &rss) != 2)
            rss = 0;
        fclose(s);
    }
    return rss * sysconf(_SC_PAGESIZE);
}

/* The whole exposition (malloc'd into *out); 0, or -1 when out of memory. */
static int render(einv_srv_t *srv, char **out, size_t *len)
{
    FILE *f = open_memstream(out, len);
    long long queued = 0;
    if (!f)
        return -1;
    family(f, "einv_build_info", "gauge", "The einvoiced version and plugin ABI; always 1.");
    fprintf(f, "einv_build_info{version=\"%s\",abi=\"%d.%d\"} 1\n", EINV_VERSION_STR, EINV_ABI_MAJOR,
            EINV_ABI_MINOR);
    family(f, "process_start_time_seconds", "gauge", "Start time of the process since the Unix epoch in seconds.");
    fprintf(f, "process_start_time_seconds %lld.%03ld\n", (long long)started.tv_sec, started.tv_nsec / 1000000L);
    family(f, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.");
    fprintf(f, "process_resident_memory_bytes %ld\n", resident_bytes());
    write_requests(f);
    write_validation(f);
    /* the store's count: every instance's jobs not yet completed, leased ones included */
    if (store_job_count(srv->store, &queued) == EINV_OK) {
        family(f, "einv_queue_jobs", "gauge", "Jobs accepted and not yet completed (all instances; those being validated included).");
        fprintf(f, "einv_queue_jobs %lld\n", queued);
    }
    family(f, "einv_jobs_in_flight", "gauge", "Jobs this process's workers are validating now.");
    fprintf(f, "einv_jobs_in_flight %lld\n", (long long)atomic_load_explicit(&in_flight, memory_order_relaxed));
    family(f, "einv_workers", "gauge", "Validation worker threads configured (EINV_WORKERS).");
    fprintf(f, "einv_workers %d\n", srv->cfg.workers);
    family(f, "einv_quota_refusals_total", "counter", "Submissions refused with 429 (quota used up).");
    fprintf(f, "einv_quota_refusals_total %llu\n", get(&quota_refusals));
    family(f, "einv_store_errors_total", "counter", "Failed database statements, lost connections and failed connects.");
    fprintf(f, "einv_store_errors_total %llu\n", get(&store_errors));
    family(f, "einv_plugin_load_failures_total", "counter", "Plugin files, folders and profiles refused at start.");
    fprintf(f, "einv_plugin_load_failures_total %zu\n", plugin_failures);
    family(f, "einv_plugins_loaded", "gauge", "Formats and profiles offered.");
    fprintf(f, "einv_plugins_loaded{kind=\"format\"} %zu\neinv_plugins_loaded{kind=\"profile\"} %zu\n",
            n_format_plugins, n_profile_plugins);
    return fclose(f) == 0 && *out ? 0 : -1;
}

/* ---- GET /metrics ---- */

static int loopback(const char *a)
{
    return a && (strncmp(a, "127.", 4) == 0 || strcmp(a, "::1") == 0 || strncmp(a, "::ffff:127.", 11) == 0);
}

/* Whether the caller may scrape; otherwise the answer is sent and 0 returned. */
static int allowed(einv_req_t *r)
{
    const einv_config_t *c = &r->srv->cfg;
    int mode = metrics_mode_parse(c->metrics);
    if (mode == METRICS_OFF) {
        http_send_error(r, 404, "No such resource (metrics are off: EINV_METRICS=off)", NULL);
        return 0;
    }
    if (mode == METRICS_LOOPBACK && !loopback(r->ri ? r->ri->remote_addr : NULL)) {
        http_send_error(r, 403, "Metrics are served to loopback clients only (EINV_METRICS=loopback)", NULL);
        return 0;
    }
    if (mode == METRICS_TOKEN) {
        const char *h = mg_get_header(r->conn, "Authorization");
        size_t tl = strlen(c->metrics_token);
        if (!h || strncasecmp(h, "Bearer ", 7) != 0 || strlen(h + 7) != tl ||
            CRYPTO_memcmp(h + 7, c->metrics_token, tl) != 0) {
            http_send_error(r, 401, "Metrics need the token of EINV_METRICS_TOKEN (Authorization: Bearer)",
                            "WWW-Authenticate: Bearer realm=\"metrics\"\r\n");
            return 0;
        }
    }
    return 1;
}

static void get_metrics(einv_req_t *r, const char *const *params, int np)
{
    char *text = NULL;
    size_t len = 0;
    (void)params;
    (void)np;
    if (!allowed(r))
        return;
    if (render(r->srv, &text, &len) != 0) {
        free(text);
        http_send_error(r, 500, "Out of memory while writing the metrics", NULL);
        return;
    }
    http_send_bytes(r, 200, "text/plain; version=0.0.4; charset=utf-8", text, len, NULL);
    free(text);
}

void routes_metrics_register(void) { http_route("GET", "/metrics", get_metrics); }
