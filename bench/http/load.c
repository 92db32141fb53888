/* HTTP load generator for einvoiced: C connections (one pthread each, raw sockets,
 * HTTP/1.1 keep-alive) submit one invoice as multipart/form-data to
 * POST /api/v1/invoices/validate for D seconds (or N requests), recording the latency of
 * every 202; a poller follows the accepted invoices until each one is final (validated |
 * failed_validation) and records when its verdict was first seen. By default it walks
 * GET /api/v1/invoices?sort=createdAt,asc&after=<id> (100 statuses per request, from the
 * last invoice before which all are final: what a client following its own batch does;
 * keyset pages cost the server no count and no offset scan); -I polls
 * GET /api/v1/invoices/{id} instead. Prints accepted/s, completed/s, p50/p99
 * of the 202 latency, p50/p99 of submit-to-verdict, and how long after the end of the load
 * the last verdict arrived. The account should be used by this run only (its earlier
 * invoices are skipped by count; invoices created meanwhile by others slow the walk down).
 *
 * Loopback only (the host must be 127.x.x.x, ::1 or localhost) and bounded: D <= 600 s,
 * N <= 10,000,000, C <= 1024, and the wait for verdicts after the load <= -T seconds.
 *
 * usage: load -p PORT -f FILE [-k KEY | env EINV_LOAD_KEY] [-c 32] [-d 20] [-n N]
 *             [-P EN16931] [-w 2] [-T 300] [-A] [-I] [-H 127.0.0.1] [-r RATE] [-S PID]
 *   -A   poll only after the load ended (default: the poller runs during the load too, so the
 *        submit-to-verdict times are the real ones and not "time until the load ended")
 *   -I   follow each invoice with GET /api/v1/invoices/{id} (-w pollers, each its own
 *        connection) instead of walking the list pages (one connection, 100 statuses per GET)
 *   -r R open loop: offer R submits a second in all (a schedule of send times shared by the C
 *        connections; a connection that is still waiting for its previous answer delays its
 *        next send, so the 202 latency is measured from the scheduled time, queueing included)
 *   -S PID  report the peak RSS (VmHWM) of the server process PID at the end, and its CPU time per
 *           verdict (all its threads, from the load's start to the last verdict: cpu_ms)
 *   env EINV_LOAD_DEBUG=1 prints the poller's failed requests on stderr
 * The list walker starts a round at most every 10 ms (its own cost on the server stays small
 * next to the load); that is the resolution of the verdict times. A last line "RESULT k=v ..."
 * holds the figures for scripts (bench/http/issue16.sh).
 *
 * Build: cc -O2 -pthread -o load bench/http/load.c */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define MAX_CONNS 1024
#define MAX_REQUESTS 10000000L
#define CHUNK_RECS 65536
#define MAX_CHUNKS 1024 /* 67 M records, far above MAX_REQUESTS */

/* One accepted invoice. t_final stays 0 until a poller sees its verdict. */
typedef struct {
    char id[40];
    int64_t t_submit, t_accept, t_final;
    int valid; /* 1 validated, 0 failed_validation */
    long id_next; /* 1 + the index of the next record in its id bucket (0: none) */
} rec_t;

static rec_t *chunks[MAX_CHUNKS];
/* Records by id, for the walker: the server's order may stray far from the 202s' order at
 * thousands a second (a window around the cursor lost invoices, found again only one by
 * one at the end). 1 + the index of each bucket's newest record, 0: empty. */
#define ID_BUCKETS (1L << 20)
static long *id_heads;
static long n_recs;
static pthread_mutex_t recs_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *host = "127.0.0.1";
static int port;
static char *request; /* the whole POST, built once */
static size_t request_len;
static int64_t t_start, t_end_planned;
static _Atomic int64_t t_load_end;
static long max_requests = -1;
static _Atomic long tickets;
static _Atomic int load_done;
static _Atomic long st_202, st_429, st_503, st_other, st_errors, poll_errors;
static _Atomic long poll_rounds;
static _Atomic int64_t poll_max_wait_ns; /* longest status request while the load ran */
static _Atomic int64_t poll_round_ns;
static int n_pollers = 2;
static double rate;          /* -r: offered submits/s (open loop); 0: closed loop */
static _Atomic long sched_next; /* open loop: the next send slot */
static int poll_after;
static int64_t drain_timeout_ns;
static char auth_header[512];

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static rec_t *rec_at(long i) { return &chunks[i / CHUNK_RECS][i % CHUNK_RECS]; }

static unsigned long id_bucket(const char *id)
{
    unsigned long h = 1469598103934665603UL;  /* FNV-1a */
    for (; *id; id++) h = (h ^ (unsigned char)*id) * 1099511628211UL;
    return h & (unsigned long)(ID_BUCKETS - 1);
}

/* The record of an id, or NULL (recs_lock held). */
static rec_t *rec_find(const char *id)
{
    if (!id_heads) return NULL;
    for (long k = id_heads[id_bucket(id)]; k; k = rec_at(k - 1)->id_next)
        if (!strcmp(rec_at(k - 1)->id, id)) return rec_at(k - 1);
    return NULL;
}

/* Appends a record; returns 0, or -1 when out of memory/capacity. */
static int rec_add(const char *id, int64_t ts, int64_t ta)
{
    pthread_mutex_lock(&recs_lock);
    long i = n_recs;
    int rc = -1;
    if (!id_heads) id_heads = calloc((size_t)ID_BUCKETS, sizeof *id_heads);
    if (i / CHUNK_RECS < MAX_CHUNKS && id_heads) {
        if (!chunks[i / CHUNK_RECS]) chunks[i / CHUNK_RECS] = calloc(CHUNK_RECS, sizeof(rec_t));
        if (chunks[i / CHUNK_RECS]) {
            rec_t *r = rec_at(i);
            snprintf(r->id, sizeof r->id, "%s", id);
            r->t_submit = ts;
            r->t_accept = ta;
            r->id_next = id_heads[id_bucket(r->id)];
            id_heads[id_bucket(r->id)] = i + 1;
            n_recs = i + 1;
            rc = 0;
        }
    }
    pthread_mutex_unlock(&recs_lock);
    return rc;
}

static long rec_count(void)
{
    pthread_mutex_lock(&recs_lock);
    long n = n_recs;
    pthread_mutex_unlock(&recs_lock);
    return n;
}

/* ---- a minimal HTTP/1.1 client connection ---- */

typedef struct {
    int fd;
    char *buf;
    size_t cap, len; /* bytes buffered */
} conn_t;

static int conn_open(conn_t *c)
{
    char portstr[16];
    struct addrinfo hints = {0}, *ai = NULL;
    hints.ai_socktype = SOCK_STREAM;
    snprintf(portstr, sizeof portstr, "%d", port);
    if (getaddrinfo(host, portstr, &hints, &ai) != 0 || !ai) return -1;
    c->fd = socket(ai->ai_family, SOCK_STREAM, 0);
    if (c->fd < 0) { freeaddrinfo(ai); return -1; }
    int one = 1;
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct timeval tv = {60, 0}; /* a stuck server ends the run instead of hanging it */
    setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(c->fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    int rc = connect(c->fd, ai->ai_addr, ai->ai_addrlen);
    freeaddrinfo(ai);
    if (rc != 0) { close(c->fd); c->fd = -1; return -1; }
    c->len = 0;
    return 0;
}

static void conn_close(conn_t *c)
{
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
    c->len = 0;
}

static int send_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int fill(conn_t *c)
{
    if (c->cap - c->len < 65536) {
        size_t nc = c->cap ? c->cap * 2 : 131072;
        if (nc > (64u << 20)) return -1; /* an answer this big is not ours */
        char *nb = realloc(c->buf, nc);
        if (!nb) return -1;
        c->buf = nb;
        c->cap = nc;
    }
    ssize_t r;
    do r = recv(c->fd, c->buf + c->len, c->cap - c->len - 1, 0);
    while (r < 0 && errno == EINTR);
    if (r <= 0) return -1;
    c->len += (size_t)r;
    c->buf[c->len] = 0;
    return 0;
}

/* Reads one response. On success returns the status, sets *body (NUL-terminated, valid until
 * the next call) and *close_after; returns -1 on a transport or framing error. */
static int read_response(conn_t *c, char **body, int *close_after)
{
    char *eoh;
    if (c->buf) c->buf[c->len] = 0; /* the previous answer is consumed: never parse it again */
    while (!(c->buf && (eoh = strstr(c->buf, "\r\n\r\n"))))
        if (fill(c) < 0) return -1;
    size_t hlen = (size_t)(eoh - c->buf) + 4;
    int status = 0;
    if (sscanf(c->buf, "HTTP/1.%*d %d", &status) != 1) return -1;
    long clen = -1;
    int chunked = 0;
    *close_after = 0;
    for (char *l = strstr(c->buf, "\r\n"); l && l < eoh; l = strstr(l + 2, "\r\n")) {
        char *h = l + 2;
        if (!strncasecmp(h, "Content-Length:", 15)) clen = strtol(h + 15, NULL, 10);
        else if (!strncasecmp(h, "Transfer-Encoding:", 18) && strcasestr(h, "chunked") &&
                 strcasestr(h, "chunked") < strstr(h, "\r\n")) chunked = 1;
        else if (!strncasecmp(h, "Connection:", 11) && strcasestr(h, "close") &&
                 strcasestr(h, "close") < strstr(h, "\r\n")) *close_after = 1;
    }
    if (chunked) {
        /* de-chunk in place after the headers */
        size_t out = hlen, in = hlen;
        for (;;) {
            char *crlf;
            while (!(crlf = strstr(c->buf + in, "\r\n")))
                if (fill(c) < 0) return -1;
            long sz = strtol(c->buf + in, NULL, 16);
            size_t data = (size_t)(crlf - c->buf) + 2;
            if (sz < 0) return -1;
            while (c->len < data + (size_t)sz + 2)
                if (fill(c) < 0) return -1;
            if (sz == 0) { in = data + 2; break; }
            memmove(c->buf + out, c->buf + data, (size_t)sz);
            out += (size_t)sz;
            in = data + (size_t)sz + 2;
        }
        /* keep what follows (pipelined bytes are not expected; drop them) */
        c->buf[out] = 0;
        *body = c->buf + hlen;
        c->len = 0; /* request and response alternate: nothing follows the last chunk */
        return status;
    }
    if (clen < 0) { /* no length: read to close */
        while (fill(c) == 0) {}
        *body = c->buf + hlen;
        *close_after = 1;
        c->len = 0;
        return status;
    }
    while (c->len < hlen + (size_t)clen)
        if (fill(c) < 0) return -1;
    c->buf[hlen + clen] = 0;
    *body = c->buf + hlen;
    c->len = 0; /* responses are not pipelined: the request/response pairs alternate */
    return status;
}

/* Copies the JSON string value of "name" from body into out; returns 0 when found. */
static int json_str(const char *body, const char *name, char *out, size_t outsz)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", name);
    const char *p = strstr(body, pat);
    if (!p) return -1;
    p += strlen(pat);
    while (*p == ' ' || *p == ':' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    if (*p != '"') return -1;
    p++;
    size_t i = 0;
    while (*p && *p != '"' && i + 1 < outsz) out[i++] = *p++;
    out[i] = 0;
    return *p == '"' ? 0 : -1;
}

/* ---- load threads ---- */

static void *load_thread(void *arg)
{
    (void)arg;
    conn_t c = {-1, NULL, 0, 0};
    while (!load_done) {
        if (max_requests > 0 && atomic_fetch_add(&tickets, 1) >= max_requests) break;
        int64_t t0 = 0;
        if (rate > 0) {
            /* open loop: the next slot of the schedule, whoever sends it */
            long slot = atomic_fetch_add(&sched_next, 1);
            t0 = t_start + (int64_t)((double)slot * 1e9 / rate);
            if (t0 >= t_end_planned) break;
            int64_t wait = t0 - now_ns();
            if (wait > 0) {
                struct timespec ts = {wait / 1000000000LL, wait % 1000000000LL};
                nanosleep(&ts, NULL);
            }
        } else {
            if (now_ns() >= t_end_planned) break;
        }
        if (c.fd < 0 && conn_open(&c) < 0) { st_errors++; sleep_ms(10); continue; }
        if (rate <= 0) t0 = now_ns();
        char *body = NULL;
        int close_after = 0, st = -1;
        if (send_all(c.fd, request, request_len) == 0) st = read_response(&c, &body, &close_after);
        int64_t t1 = now_ns();
        if (st < 0) { st_errors++; conn_close(&c); continue; }
        if (st == 202) {
            char id[40];
            if (json_str(body, "id", id, sizeof id) == 0 && rec_add(id, t0, t1) == 0) st_202++;
            else st_other++;
        } else if (st == 429) { st_429++; if (rate <= 0) sleep_ms(10); }
        else if (st == 503) { st_503++; if (rate <= 0) sleep_ms(10); }
        else {
            if (st_other++ < 3) fprintf(stderr, "load: unexpected %d: %.200s\n", st, body ? body : "");
        }
        if (close_after) conn_close(&c);
    }
    conn_close(&c);
    free(c.buf);
    return NULL;
}

/* ---- pollers: poller k follows records k, k+P, k+2P ... oldest first ---- */

static void *poll_thread(void *arg)
{
    long k = (long)(intptr_t)arg, next = k;
    conn_t c = {-1, NULL, 0, 0};
    char req[1024];
    while (poll_after && !load_done) sleep_ms(5);
    for (;;) {
        long n = rec_count();
        if (next >= n) {
            if (load_done && next >= rec_count()) break;
            sleep_ms(2);
            continue;
        }
        if (load_done && now_ns() - atomic_load(&t_load_end) > drain_timeout_ns) break;
        rec_t *r = rec_at(next);
        if (c.fd < 0 && conn_open(&c) < 0) { poll_errors++; sleep_ms(10); continue; }
        int len = snprintf(req, sizeof req, "GET /api/v1/invoices/%s HTTP/1.1\r\nHost: %s:%d\r\n%s\r\n",
                           r->id, host, port, auth_header);
        char *body = NULL;
        int close_after = 0, st = -1;
        int64_t t_req = now_ns();
        if (send_all(c.fd, req, (size_t)len) == 0) st = read_response(&c, &body, &close_after);
        int64_t t = now_ns();
        if (st < 0) { poll_errors++; conn_close(&c); sleep_ms(5); continue; }
        char status[40] = "";
        poll_rounds++;
        poll_round_ns += t - t_req;
        if (!load_done && t - t_req > poll_max_wait_ns) poll_max_wait_ns = t - t_req;
        if (st == 200 && json_str(body, "status", status, sizeof status) == 0 && strcmp(status, "processing") != 0) {
            r->t_final = t;
            r->valid = strcmp(status, "validated") == 0;
            next += n_pollers;
        } else {
            if (st != 200) poll_errors++;
            sleep_ms(st == 200 ? 3 : 20); /* the head is still processing: later ones are too */
        }
        if (close_after) conn_close(&c);
    }
    conn_close(&c);
    free(c.buf);
    return NULL;
}

/* ---- the default poller: walks keyset pages GET /api/v1/invoices?sort=createdAt,asc&after=ID
 * (100 statuses per request) from a cursor in the server's order: the last invoice of the
 * all-final prefix seen so far (at first the account's newest invoice before the run). The
 * 202s may arrive in another order than createdAt; the walk follows the server's. An
 * invoice the walk does not find (its 202 arrived after its verdict was walked past) is
 * fetched by id after a few rounds. ---- */

static char safe_after[40];   /* the account's newest invoice before the run ("" when none),
                                 * then the last one of the all-final prefix walked */
static char prev_safe[40];    /* safe_after one round before: where a round starts */
static int per_id;

static int get(conn_t *c, const char *path, char **body)
{
    char req[1024];
    int len = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: %s:%d\r\n%s\r\n", path, host, port, auth_header);
    if (c->fd < 0 && conn_open(c) < 0) return -1;
    int close_after = 0, st = -1;
    int64_t t0 = now_ns();
    if (send_all(c->fd, req, (size_t)len) == 0) st = read_response(c, body, &close_after);
    int64_t d = now_ns() - t0;
    if (!load_done && d > poll_max_wait_ns) poll_max_wait_ns = d;
    if (st < 0 || close_after) conn_close(c);
    return st;
}

/* Marks the finals listed in one page body; t = when the page arrived. last (40 bytes) gets
 * the id of the page's last item; while *open, safe (40 bytes) gets the id of each final
 * item and *open drops to 0 at the first one still processing (the next round starts after
 * safe: everything before it in the server's order is final). Returns the number of items. */
static int mark_page(const char *body, int64_t t, char *last, char *safe, int *open)
{
    const char *p = body;
    int items = 0;
    while ((p = strstr(p, "\"id\""))) {
        char id[40], status[40];
        if (json_str(p, "id", id, sizeof id) != 0) { p += 4; continue; }
        items++;
        memcpy(last, id, sizeof id);
        const char *next = strstr(p + 4, "\"id\"");
        const char *sp = strstr(p, "\"status\"");
        p += 4;
        if (!sp || (next && sp > next) || json_str(sp, "status", status, sizeof status) != 0 ||
            !strcmp(status, "processing")) {
            *open = 0;
            continue;
        }
        if (*open) memcpy(safe, id, sizeof id);
        pthread_mutex_lock(&recs_lock);
        rec_t *r = rec_find(id);
        pthread_mutex_unlock(&recs_lock);
        if (r && !r->t_final) {
            r->t_final = t;
            r->valid = !strcmp(status, "validated");
        }
    }
    return items;
}

static void *list_poll_thread(void *arg)
{
    (void)arg;
    conn_t c = {-1, NULL, 0, 0};
    long cursor = 0, last_cursor = -1;
    int stuck = 0;
    char path[256];
    while (poll_after && !load_done) sleep_ms(5);
    for (;;) {
        long n = rec_count();
        if (cursor >= n) {
            if (load_done && cursor >= rec_count()) break;
            sleep_ms(2);
            continue;
        }
        if (load_done && now_ns() - atomic_load(&t_load_end) > drain_timeout_ns) break;
        int64_t r0 = now_ns();
        /* from the cursor on (every invoice before it in the server's createdAt order is
         * final; at first the account's newest one before the run); up to 4 pages a round,
         * enough to catch up after a slow answer */
        char after[40], safe_before[40];
        int open = 1;
        /* one round back: an invoice whose transaction was still committing during the last
         * round (PostgreSQL commits concurrent submits in any order) is not passed over */
        memcpy(after, prev_safe, sizeof after);
        memcpy(safe_before, safe_after, sizeof safe_before);
        for (int k = 0; k < 4; k++) {
            char *body = NULL, last[40] = "";
            snprintf(path, sizeof path, "/api/v1/invoices?size=100&sort=createdAt,asc%s%s",
                     after[0] ? "&after=" : "", after);
            int st = get(&c, path, &body);
            int64_t t = now_ns();
            if (st != 200) {
                if (getenv("EINV_LOAD_DEBUG")) fprintf(stderr, "poll: %s -> %d %.200s\n", path, st, st > 0 && body ? body : "");
                poll_errors++;
                sleep_ms(20);
                break;
            }
            if (mark_page(body, t, last, safe_after, &open) < 100 || !last[0]) break;
            memcpy(after, last, sizeof after);
        }
        memcpy(prev_safe, safe_before, sizeof prev_safe);
        poll_rounds++;
        poll_round_ns += now_ns() - r0;
        while (cursor < n && rec_at(cursor)->t_final) cursor++;
        if (cursor == last_cursor) stuck++;
        else { stuck = 0; last_cursor = cursor; }
        if (stuck >= 10 && cursor < n) {
            /* not found by the walk (its 202 came after the walk passed it): ask for the
             * oldest ones without a verdict directly */
            for (long i = cursor, asked = 0; i < n && asked < 16; i++) {
                char *body = NULL, status[40];
                rec_t *r = rec_at(i);
                if (r->t_final) continue;
                asked++;
                snprintf(path, sizeof path, "/api/v1/invoices/%s", r->id);
                int st = get(&c, path, &body);
                int64_t t = now_ns();
                if (st == 200 && json_str(body, "status", status, sizeof status) == 0 && strcmp(status, "processing")) {
                    r->t_final = t;
                    r->valid = !strcmp(status, "validated");
                } else if (st != 200) poll_errors++;
            }
            stuck = 0;
        }
        {   /* at most one round every 10 ms: the walk must not compete with the load */
            int64_t spent = now_ns() - r0;
            if (spent < 10000000LL) sleep_ms((int)((10000000LL - spent) / 1000000LL) + 1);
        }
    }
    conn_close(&c);
    free(c.buf);
    return NULL;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

static double pct(int64_t *v, long n, double p)
{
    if (n <= 0) return 0;
    long i = (long)(p * (double)(n - 1) + 0.5);
    return (double)v[i] / 1e6;
}

/* VmHWM (peak resident set) of a process in KiB, or 0. */
static long peak_rss_kb(long pid)
{
    char path[64], line[256];
    long kb = 0;
    if (pid <= 0) return 0;
    snprintf(path, sizeof path, "/proc/%ld/status", pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "VmHWM:", 6)) kb = strtol(line + 6, NULL, 10);
    fclose(f);
    return kb;
}

/* CPU seconds (utime + stime, all threads) a process has used so far, or -1. */
static double proc_cpu_s(long pid)
{
    char path[64], buf[1024];
    unsigned long ut = 0, st = 0;
    if (pid <= 0) return -1;
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');    /* the name may hold spaces: fields count from its end */
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2)
        return -1;
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

static int is_loopback(const char *h)
{
    if (!strcmp(h, "localhost") || !strcmp(h, "::1")) return 1;
    struct in_addr a;
    return inet_pton(AF_INET, h, &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

static void usage(void)
{
    fprintf(stderr, "usage: load -p PORT -f FILE [-k KEY | env EINV_LOAD_KEY] [-c CONNS] [-d SECONDS] "
                    "[-n REQUESTS] [-P PROFILE] [-w POLLERS] [-T DRAIN_SECONDS] [-A] [-I] [-H HOST] "
                    "[-r RATE] [-S SERVER_PID]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    const char *file = NULL, *key = getenv("EINV_LOAD_KEY"), *profile = "EN16931";
    int conns = 32, opt, dur_set = 0;
    double dur = 20, drain = 300;
    long server_pid = 0;
    while ((opt = getopt(argc, argv, "p:f:k:c:d:n:P:w:T:AIH:r:S:")) != -1) {
        switch (opt) {
        case 'p': port = atoi(optarg); break;
        case 'f': file = optarg; break;
        case 'k': key = optarg; break;
        case 'c': conns = atoi(optarg); break;
        case 'd': dur = atof(optarg); dur_set = 1; break;
        case 'n': max_requests = atol(optarg); break;
        case 'P': profile = optarg; break;
        case 'w': n_pollers = atoi(optarg); break;
        case 'T': drain = atof(optarg); break;
        case 'A': poll_after = 1; break;
        case 'I': per_id = 1; break;
        case 'H': host = optarg; break;
        case 'r': rate = atof(optarg); break;
        case 'S': server_pid = atol(optarg); break;
        default: usage();
        }
    }
    if (max_requests > 0 && !dur_set) dur = 600; /* N requests, still bounded in time */
    if (port <= 0 || port > 65535 || !file || !key || !*key) usage();
    if (!is_loopback(host)) { fprintf(stderr, "load: %s is not a loopback address\n", host); return 2; }
    if (conns < 1 || conns > MAX_CONNS || dur <= 0 || dur > 600 || n_pollers < 1 || n_pollers > 64 ||
        drain < 1 || drain > 3600 || max_requests == 0 || max_requests > MAX_REQUESTS ||
        rate < 0 || rate > 1e6) {
        fprintf(stderr, "load: out of bounds (1<=c<=%d, 0<d<=600, 1<=w<=64, 1<=T<=3600, 1<=n<=%ld, 0<=r<=1e6)\n",
                MAX_CONNS, MAX_REQUESTS);
        return 2;
    }
    if (strlen(key) > 400) { fprintf(stderr, "load: key too long\n"); return 2; }
    snprintf(auth_header, sizeof auth_header, "Authorization: Bearer %s\r\n", key);
    drain_timeout_ns = (int64_t)(drain * 1e9);

    FILE *f = fopen(file, "rb");
    if (!f) { perror(file); return 2; }
    fseek(f, 0, SEEK_END);
    long fsz = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (fsz <= 0 || fsz > (64L << 20)) { fprintf(stderr, "load: %s: size %ld\n", file, fsz); return 2; }
    char *doc = malloc((size_t)fsz);
    if (!doc || fread(doc, 1, (size_t)fsz, f) != (size_t)fsz) { fprintf(stderr, "load: cannot read %s\n", file); return 2; }
    fclose(f);

    const char *bnd = "einvLoadBoundary7d3f0a9c";
    char pre[512], post[64];
    int prelen = snprintf(pre, sizeof pre,
                          "--%s\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\n%s\r\n"
                          "--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"invoice.xml\"\r\n"
                          "Content-Type: application/xml\r\n\r\n", bnd, profile, bnd);
    int postlen = snprintf(post, sizeof post, "\r\n--%s--\r\n", bnd);
    size_t blen = (size_t)prelen + (size_t)fsz + (size_t)postlen;
    char head[1024];
    int hl = snprintf(head, sizeof head,
                      "POST /api/v1/invoices/validate HTTP/1.1\r\nHost: %s:%d\r\n%s"
                      "Content-Type: multipart/form-data; boundary=%s\r\nContent-Length: %zu\r\n\r\n",
                      host, port, auth_header, bnd, blen);
    request_len = (size_t)hl + blen;
    request = malloc(request_len);
    if (!request) return 2;
    memcpy(request, head, (size_t)hl);
    memcpy(request + hl, pre, (size_t)prelen);
    memcpy(request + hl + prelen, doc, (size_t)fsz);
    memcpy(request + hl + prelen + fsz, post, (size_t)postlen);
    free(doc);

    {   /* invoices the account had before come first in createdAt order: the walk starts
         * after the newest of them */
        conn_t c = {-1, NULL, 0, 0};
        char *body = NULL;
        if (get(&c, "/api/v1/invoices?page=0&size=1&sort=createdAt,desc", &body) != 200 ||
            !strstr(body, "\"totalElements\"")) {
            fprintf(stderr, "load: GET /api/v1/invoices failed (server down or key refused)\n");
            return 1;
        }
        if (json_str(body, "id", safe_after, sizeof safe_after) != 0) safe_after[0] = 0;
        memcpy(prev_safe, safe_after, sizeof prev_safe);
        conn_close(&c);
        free(c.buf);
    }
    printf("load: %d connections, %s%.0f s, %s (%ld bytes; request %zu bytes), profile %s; verdicts %s%s\n",
           conns, max_requests > 0 ? "at most " : "", dur, file, fsz, request_len, profile,
           per_id ? "by GET /invoices/{id}" : "by walking GET /invoices pages",
           poll_after ? " after the load" : " during and after the load");
    if (max_requests > 0) printf("load: at most %ld requests\n", max_requests);
    if (rate > 0) printf("load: open loop, %.0f submits/s offered\n", rate);
    fflush(stdout);

    pthread_t th[MAX_CONNS], pt[64];
    double cpu0 = proc_cpu_s(server_pid);
    t_start = now_ns();
    t_end_planned = t_start + (int64_t)(dur * 1e9);
    for (int i = 0; i < conns; i++) pthread_create(&th[i], NULL, load_thread, NULL);
    if (!per_id) n_pollers = 1;
    for (int i = 0; i < n_pollers; i++)
        pthread_create(&pt[i], NULL, per_id ? poll_thread : list_poll_thread, (void *)(intptr_t)i);
    for (int i = 0; i < conns; i++) pthread_join(th[i], NULL);
    atomic_store(&t_load_end, now_ns());
    load_done = 1;
    for (int i = 0; i < n_pollers; i++) pthread_join(pt[i], NULL);

    int64_t load_end = atomic_load(&t_load_end);
    double load_s = (double)(load_end - t_start) / 1e9;
    long n = rec_count(), finals = 0, valid = 0;
    int64_t last_final = 0;
    int64_t *lat = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
    int64_t *ver = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
    long during = 0;
    for (long i = 0; i < n; i++) {
        rec_t *r = rec_at(i);
        lat[i] = r->t_accept - r->t_submit;
        if (r->t_final) {
            ver[finals++] = r->t_final - r->t_submit;
            valid += r->valid;
            if (r->t_final > last_final) last_final = r->t_final;
            if (r->t_final <= load_end) during++;
        }
    }
    qsort(lat, (size_t)n, sizeof(int64_t), cmp_i64);
    qsort(ver, (size_t)finals, sizeof(int64_t), cmp_i64);
    double span = last_final ? (double)(last_final - t_start) / 1e9 : 0;

    printf("requests        %ld sent in %.2f s: 202 x %ld, 429 x %ld, 503 x %ld, other x %ld, transport errors %ld\n",
           (long)(st_202 + st_429 + st_503 + st_other), load_s, (long)st_202, (long)st_429, (long)st_503,
           (long)st_other, (long)st_errors);
    printf("accepted/s      %.1f\n", load_s > 0 ? (double)n / load_s : 0);
    printf("completed/s     %.1f   (%ld verdicts / %.2f s from load start to last verdict; %.1f/s during the load)\n",
           span > 0 ? (double)finals / span : 0, finals, span, load_s > 0 ? (double)during / load_s : 0);
    printf("202 latency     p50 %.2f ms   p99 %.2f ms   max %.2f ms\n", pct(lat, n, 0.50), pct(lat, n, 0.99),
           n ? (double)lat[n - 1] / 1e6 : 0);
    printf("submit->verdict p50 %.1f ms   p99 %.1f ms   max %.1f ms%s\n", pct(ver, finals, 0.50),
           pct(ver, finals, 0.99), finals ? (double)ver[finals - 1] / 1e6 : 0,
           poll_after ? "   (polled after the load: upper bounds)" : "");
    if (poll_rounds)
        printf("poll rounds     %ld, %.1f ms each on average (the resolution of the verdict times)\n",
               (long)poll_rounds, (double)poll_round_ns / (double)poll_rounds / 1e6);
    if (poll_max_wait_ns > 1000000000LL)
        printf("WARNING         one status request waited %.1f s during the load: the server had no thread "
               "for the poller's connection while the %d load connections were open (thread per connection), "
               "so the submit->verdict times above are inflated; run with fewer connections for real ones\n",
               (double)poll_max_wait_ns / 1e9, conns);
    printf("last verdict    %.2f s after the load ended\n",
           last_final > load_end ? (double)(last_final - load_end) / 1e9 : 0.0);
    printf("verdicts        validated %ld, failed_validation %ld, not final %ld, poll errors %ld\n", valid,
           finals - valid, n - finals, (long)poll_errors);
    long rss_kb = peak_rss_kb(server_pid);
    if (rss_kb > 0) printf("server peak RSS %.1f MiB (VmHWM of pid %ld)\n", (double)rss_kb / 1024.0, server_pid);
    /* the server's CPU per verdict (load and walk included): what a change saves shows here
     * even when other jobs on the machine make the rates swing */
    double cpu1 = proc_cpu_s(server_pid), cpu_ms = cpu0 >= 0 && cpu1 >= 0 && finals > 0
                                                     ? (cpu1 - cpu0) * 1e3 / (double)finals : 0;
    if (cpu_ms > 0) printf("server CPU      %.3f ms per verdict (all threads, load and walk)\n", cpu_ms);
    printf("RESULT accepted_s=%.1f verdicts_during_s=%.1f completed_s=%.1f p202_50_ms=%.2f p202_99_ms=%.2f"
           " verdict_50_ms=%.1f verdict_99_ms=%.1f last_after_s=%.2f n503=%ld n429=%ld not_final=%ld rss_mib=%.1f"
           " cpu_ms=%.3f\n",
           load_s > 0 ? (double)n / load_s : 0, load_s > 0 ? (double)during / load_s : 0,
           span > 0 ? (double)finals / span : 0, pct(lat, n, 0.50), pct(lat, n, 0.99), pct(ver, finals, 0.50),
           pct(ver, finals, 0.99), last_final > load_end ? (double)(last_final - load_end) / 1e9 : 0.0,
           (long)st_503, (long)st_429, n - finals, rss_kb > 0 ? (double)rss_kb / 1024.0 : 0.0, cpu_ms);
    free(lat);
    free(ver);
    return (n > 0 && finals == n) ? 0 : 1;
}
