/* What observability costs a request of einvoiced, measured on the functions the HTTP layer
 * calls (server/metrics.c, server/log.c), without the network:
 *   - metrics_request(): the per-request counter, from 1, 2 and 8 threads at once on the
 *     same route and status (the worst case: one cache line shared by every thread);
 *   - the access line: log_fields() with the fields http.c gives it, text and JSON, written
 *     to /dev/null, and filtered out by the level (EINV_LOG_LEVEL=warn);
 *   - RAND_bytes(16) and its hex: what a CSPRNG call per request id would cost (http.c draws
 *     ids from a per-thread splitmix64 stream seeded once from it instead: a few ns).
 * Prints nanoseconds per call. For scale: bench/http/run.sh measures ~1-3 ms per submit on
 * loopback (docs/performance.md), and GET /api/health ~50-100 us.
 * usage: metrics_cost [iterations per thread, default 2000000] */
#define _GNU_SOURCE
#include <fcntl.h>
#include <openssl/rand.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "http.h"
#include "log.h"
#include "metrics.h"

static long iters = 2000000;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void *count_loop(void *arg)
{
    long i;
    (void)arg;
    for (i = 0; i < iters; i++)
        metrics_request(3, 202);
    return NULL;
}

static void counters(int threads)
{
    pthread_t t[8];
    double t0 = now_ns();
    int i;
    for (i = 0; i < threads; i++)
        pthread_create(&t[i], NULL, count_loop, NULL);
    for (i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
    /* per call as one thread sees it: the wall time over its own calls */
    printf("metrics_request, %d thread(s): %.1f ns per call\n", threads, (now_ns() - t0) / (double)iters);
}

static void access_lines(const char *label, int level, int json, long n)
{
    log_field_t f[6];
    double t0;
    long i;
    memset(f, 0, sizeof f);
    f[0] = (log_field_t){.key = "method", .type = ELOG_STR, .s = "POST", .json_only = 1};
    f[1] = (log_field_t){.key = "path", .type = ELOG_STR, .s = "/api/v1/invoices/validate", .json_only = 1};
    f[2] = (log_field_t){.key = "status", .type = ELOG_INT, .i = 202, .json_only = 1};
    f[3] = (log_field_t){.key = "duration_ms", .type = ELOG_MS, .ms = 2.345, .json_only = 1};
    f[4] = (log_field_t){.key = "account", .type = ELOG_STR, .s = "102856a8-89da-4d40-b06b-331437e7f3d8"};
    f[5] = (log_field_t){.key = "invoice", .type = ELOG_STR, .s = "5e96d4fb-681d-4e4d-89d0-1fce8845c290"};
    log_setup(level, json);
    t0 = now_ns();
    for (i = 0; i < n; i++)
        log_fields(ELOG_INFO, "access", "0123456789abcdef0123456789abcdef",
                   "POST /api/v1/invoices/validate 202 2.3ms", f, 6);
    printf("access line, %s: %.1f ns per line\n", label, (now_ns() - t0) / (double)n);
}

/* The access line as http.c wrote it before the logger (timestamp + one fprintf), for scale. */
static void old_access_lines(long n)
{
    char ts[40];
    double t0 = now_ns();
    long i;
    for (i = 0; i < n; i++) {
        http_timestamp(ts);
        fprintf(stderr, "%s access %s %s %d %.1fms account=%s\n", ts, "POST", "/api/v1/invoices/validate", 202,
                2.345, "102856a8-89da-4d40-b06b-331437e7f3d8");
    }
    printf("access line before the logger (fprintf): %.1f ns per line\n", (now_ns() - t0) / (double)n);
}

static void request_ids(long n)
{
    unsigned char b[16];
    char hex[33];
    static const char digits[] = "0123456789abcdef";
    double t0 = now_ns();
    long i, sum = 0;
    int k;
    for (i = 0; i < n; i++) {
        RAND_bytes(b, sizeof b);
        for (k = 0; k < 16; k++) {
            hex[2 * k] = digits[b[k] >> 4];
            hex[2 * k + 1] = digits[b[k] & 15];
        }
        hex[32] = 0;
        sum += hex[i % 32];     /* keeps the loop from being optimised away */
    }
    printf("RAND_bytes(16) + hex per id (not used per request): %.1f ns per id (%ld)\n", (now_ns() - t0) / (double)n, sum % 7);
}

int main(int argc, char **argv)
{
    int devnull = open("/dev/null", O_WRONLY);
    if (argc > 1)
        iters = atol(argv[1]);
    if (iters < 1000)
        iters = 1000;
    metrics_init(NULL);
    printf("== %ld iterations; %ld CPUs online\n", iters, sysconf(_SC_NPROCESSORS_ONLN));
    counters(1);
    counters(2);
    counters(8);
    request_ids(iters / 10);
    /* the logger writes to stderr: point it at /dev/null for the timing */
    fflush(stderr);
    dup2(devnull, STDERR_FILENO);
    old_access_lines(iters / 10);
    access_lines("text to /dev/null", ELOG_INFO, 0, iters / 10);
    access_lines("json to /dev/null", ELOG_INFO, 1, iters / 10);
    access_lines("filtered out (EINV_LOG_LEVEL=warn)", ELOG_WARN, 0, iters);
    return 0;
}
