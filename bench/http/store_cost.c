/* What the SQLite store's single writer costs per invoice, without HTTP and without the
 * validation: S submitter threads call store_submit (the job leased at once to a worker, as
 * the in-process hand-off does) and hand each job to W verdict threads, which store a verdict
 * of the sample invoice's size with store_job_complete_async, as the workers do. Submits
 * and verdicts thus share the group commits as they do under bench/http/run.sh.
 *
 * Prints invoices per second, the CPU the store's own threads used per invoice (the
 * committer: every thread this program did not start), the bytes and write calls per
 * invoice (/proc/self/io: nothing else writes here; fsyncs are not counted), and the CPU of the
 * whole process per invoice (the waiting callers' wake-ups included).
 * The CPU per invoice is the figure to compare between builds: it hardly moves with the
 * machine's other load, unlike the rate.
 * usage: store_cost [-n INVOICES (20000)] [-s SUBMITTERS (16)] [-w WORKERS (2)]
 *                   [-c CANONICAL_BYTES (1314)] [-p PAYLOAD_BYTES (4130)] [-d DIR] */
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "store.h"

static long n_total = 20000;
static int n_sub = 16, n_work = 2;
static size_t canon_len = 1314, payload_len = 4130;
static char *canon, *result, *payload;
static const char *account_id, *key_id;

/* jobs handed from the submitters to the verdict threads */
typedef struct { long long job_id; char id[37]; } job_t;
static job_t *ring;
static long ring_head, ring_tail, ring_cap = 4096, submitted, handed_out;
static int subs_done;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static long verdicts_done, verdicts_failed;
static double *lat;             /* each submit's wait for its commit, seconds */
static einv_store_t *store;

/* our own threads' ids: every other thread of the process is the store's */
static pid_t mine[256];
static int n_mine;

static void add_mine(void)
{
    pthread_mutex_lock(&mu);
    mine[n_mine++] = (pid_t)syscall(SYS_gettid);
    pthread_mutex_unlock(&mu);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void *submitter(void *arg)
{
    (void)arg;
    add_mine();
    for (;;) {
        pthread_mutex_lock(&mu);
        if (submitted >= n_total) {
            pthread_mutex_unlock(&mu);
            break;
        }
        long mine_i = submitted++;
        pthread_mutex_unlock(&mu);
        long long job_id = 0;
        char id[37];
        store_submit_t in = {0};
        store_quota_state_t q;
        einv_error_t err = {0};
        in.account_id = account_id;
        in.key_id = key_id;
        in.profile = "EN16931";
        in.format = "ubl";
        in.payload = payload;
        in.payload_len = payload_len;
        in.content_type = "application/xml";
        in.counts = 1;
        in.period = "2026-11";
        in.key_limit = in.account_limit = -1;
        in.claim_worker = "bench:1:0";
        in.claim_lease_seconds = 300;
        in.job_id = &job_id;
        double s0 = now_s();
        int src = store_submit(store, &in, id, &q, &err);
        lat[mine_i] = now_s() - s0;
        if (src != EINV_OK) {
            fprintf(stderr, "submit failed: %s\n", err.message);
            exit(1);
        }
        pthread_mutex_lock(&mu);
        while (ring_tail - ring_head >= ring_cap)
            pthread_cond_wait(&cond, &mu);
        ring[ring_tail % ring_cap].job_id = job_id;
        memcpy(ring[ring_tail % ring_cap].id, id, 37);
        ring_tail++;
        pthread_cond_broadcast(&cond);
        pthread_mutex_unlock(&mu);
    }
    pthread_mutex_lock(&mu);
    subs_done++;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&mu);
    return NULL;
}

static void verdict_done(int rc, void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mu);
    verdicts_done++;
    if (rc != EINV_OK)
        verdicts_failed++;
    pthread_cond_broadcast(&cond);
    pthread_mutex_unlock(&mu);
}

static void *worker(void *arg)
{
    (void)arg;
    add_mine();
    for (;;) {
        pthread_mutex_lock(&mu);
        while (ring_head == ring_tail && subs_done < n_sub)
            pthread_cond_wait(&cond, &mu);
        if (ring_head == ring_tail) {
            pthread_mutex_unlock(&mu);
            break;
        }
        job_t j = ring[ring_head % ring_cap];
        ring_head++;
        handed_out++;
        pthread_cond_broadcast(&cond);
        pthread_mutex_unlock(&mu);
        store_job_complete_async(store, j.job_id, 1, &(store_verdict_t){j.id, "validated", "UBL",
                "INV-2026-00042", canon, result, NULL, 0, 1}, verdict_done, NULL);
    }
    return NULL;
}

/* CPU seconds (utime + stime) of the process's threads that are not ours */
static double store_threads_cpu(void)
{
    DIR *d = opendir("/proc/self/task");
    struct dirent *e;
    double sum = 0;
    long hz = sysconf(_SC_CLK_TCK);
    while (d && (e = readdir(d))) {
        pid_t tid = (pid_t)atoi(e->d_name);
        int ours = tid == getpid();
        for (int i = 0; i < n_mine; i++)
            ours |= mine[i] == tid;
        if (!tid || ours)
            continue;
        char path[64], buf[1024];
        snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[n] = 0;
        char *p = strrchr(buf, ')');
        unsigned long ut = 0, st = 0;
        /* fields after the name: state is 3, utime 14, stime 15 */
        if (p && sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) == 2)
            sum += (double)(ut + st) / (double)hz;
    }
    if (d)
        closedir(d);
    return sum;
}

/* CPU seconds of the whole process (the submitters' and verdict threads' waits included) */
static double process_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void io_read(long long *wchar, long long *syscw)
{
    char line[128];
    FILE *f = fopen("/proc/self/io", "r");
    *wchar = *syscw = 0;
    while (f && fgets(line, sizeof line, f)) {
        sscanf(line, "wchar: %lld", wchar);
        sscanf(line, "syscw: %lld", syscw);
    }
    if (f)
        fclose(f);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static char *filler(size_t n, char c)
{
    char *p = malloc(n + 1);
    memset(p, c, n);
    if (n > 2) {
        p[0] = '{';
        p[n - 1] = '}';
    }
    p[n] = 0;
    return p;
}

int main(int argc, char **argv)
{
    char dir[256] = "", url[300];
    int opt, tmpdir = 0;
    while ((opt = getopt(argc, argv, "n:s:w:c:p:d:")) != -1) {
        switch (opt) {
        case 'n': n_total = atol(optarg); break;
        case 's': n_sub = atoi(optarg); break;
        case 'w': n_work = atoi(optarg); break;
        case 'c': canon_len = (size_t)atol(optarg); break;
        case 'p': payload_len = (size_t)atol(optarg); break;
        case 'd': snprintf(dir, sizeof dir, "%s", optarg); break;
        default:
            fprintf(stderr, "usage: store_cost [-n N] [-s SUBMITTERS] [-w WORKERS] [-c CANONICAL_BYTES]"
                            " [-p PAYLOAD_BYTES] [-d DIR]\n");
            return 2;
        }
    }
    if (n_sub < 1 || n_sub > 200 || n_work < 1 || n_work > 50) {
        fprintf(stderr, "store_cost: 1-200 submitters, 1-50 workers\n");
        return 2;
    }
    if (!*dir) {
        snprintf(dir, sizeof dir, "/tmp/einv-storecost.XXXXXX");
        if (!mkdtemp(dir)) {
            perror("mkdtemp");
            return 1;
        }
        tmpdir = 1;
    }
    snprintf(url, sizeof url, "sqlite:%s/cost.db", dir);
    canon = filler(canon_len, 'c');
    result = filler(67, 'r');
    payload = filler(payload_len, 'x');
    ring = calloc((size_t)ring_cap, sizeof *ring);
    lat = calloc((size_t)n_total, sizeof *lat);
    einv_error_t err = {0};
    store = store_open(url, 8, &err);
    if (!store) {
        fprintf(stderr, "store_open %s: %s (%s)\n", url, err.message, err.detail);
        return 1;
    }
    static store_account_t acct;
    static store_key_t key;
    if (store_account_create(store, "cost@bench.test", 1, 0, NULL, &acct, &err) != EINV_OK ||
        store_key_create(store, acct.id, "bench", 0, -1, "00ff00ff00ff00ff00ff00ff00ff00ff"
                         "00ff00ff00ff00ff00ff00ff00ff00ff", "svc_live_", "abcd", &key, &err) != EINV_OK) {
        fprintf(stderr, "account or key: %s\n", err.message);
        return 1;
    }
    account_id = acct.id;
    key_id = key.id;

    pthread_t th[256];
    long long w0, c0, w1, c1;
    double cpu0 = store_threads_cpu(), pcpu0 = process_cpu(), t0 = now_s();
    io_read(&w0, &c0);
    for (int i = 0; i < n_sub; i++)
        pthread_create(&th[i], NULL, submitter, NULL);
    for (int i = 0; i < n_work; i++)
        pthread_create(&th[n_sub + i], NULL, worker, NULL);
    for (int i = 0; i < n_sub + n_work; i++)
        pthread_join(th[i], NULL);
    pthread_mutex_lock(&mu);
    while (verdicts_done < n_total)
        pthread_cond_wait(&cond, &mu);
    pthread_mutex_unlock(&mu);
    double t1 = now_s(), cpu1 = store_threads_cpu(), pcpu1 = process_cpu();
    io_read(&w1, &c1);
    long long jobs = -1;
    store_job_count(store, &jobs);
    printf("store_cost: %ld invoices (payload %zu B, canonical JSON %zu B), %d submitters, %d verdict threads\n",
           n_total, payload_len, canon_len, n_sub, n_work);
    printf("invoices/s      %.0f   (%.2f s)\n", (double)n_total / (t1 - t0), t1 - t0);
    printf("store threads   %.1f us CPU per invoice (the committer)\n", (cpu1 - cpu0) * 1e6 / (double)n_total);
    qsort(lat, (size_t)n_total, sizeof *lat, cmp_double);
    double l50 = lat[(n_total - 1) / 2] * 1e3, l99 = lat[(long)((double)(n_total - 1) * 0.99)] * 1e3;
    printf("submit waits    p50 %.2f ms, p99 %.2f ms (queue, group and commit with its fsync)\n", l50, l99);
    printf("process         %.1f us CPU per invoice (all threads)\n", (pcpu1 - pcpu0) * 1e6 / (double)n_total);
    printf("written         %.1f KiB per invoice in %.1f write calls\n",
           (double)(w1 - w0) / 1024.0 / (double)n_total, (double)(c1 - c0) / (double)n_total);
    printf("verdicts        %ld stored, %ld refused; jobs left %lld\n", verdicts_done - verdicts_failed,
           verdicts_failed, jobs);
    printf("RESULT inv_s=%.0f cpu_us=%.1f process_us=%.1f submit_50_ms=%.2f submit_99_ms=%.2f kib=%.1f"
           " writes=%.1f failed=%ld jobs_left=%lld\n",
           (double)n_total / (t1 - t0), (cpu1 - cpu0) * 1e6 / (double)n_total,
           (pcpu1 - pcpu0) * 1e6 / (double)n_total, l50, l99,
           (double)(w1 - w0) / 1024.0 / (double)n_total, (double)(c1 - c0) / (double)n_total,
           verdicts_failed, jobs);
    store_close(store);
    if (tmpdir) {   /* a directory of our own: leave nothing behind */
        const char *ext[] = {"", "-wal", "-shm"};
        for (int i = 0; i < 3; i++) {
            snprintf(url, sizeof url, "%s/cost.db%s", dir, ext[i]);
            unlink(url);
        }
        rmdir(dir);
    }
    return verdicts_failed || jobs != 0;
}
