/* The accept layer in front of CivetWeb (see conn_guard.h for why).
 *
 * Life of a connection, by the state of its slot (slots are indexed by file descriptor):
 *   HEAD   accepted here, in the epoll set (edge-triggered); each arrival of data peeks at
 *          the buffered bytes for the end of the request head. Deadline: the header timeout,
 *          or a short grace when its address already has too many connections in HEAD.
 *   READY  head complete, queued for CivetWeb. A "doorbell" connection to CivetWeb's
 *          internal port makes its master thread call accept(); our accept() (below) closes
 *          the doorbell and returns the queued client socket instead, with its real peer
 *          address. So CivetWeb works on the client socket itself: no copy, no relay.
 *   CIVET  owned by CivetWeb until its connection_close callback. A request with a body
 *          gets a deadline; past it the guard answers 408 and shuts the socket down (a
 *          trickling body would otherwise hold the thread: SHUT_RD alone does not stop
 *          data arriving on Linux).
 *   LINGER refused (503) or timed out (408): the answer is written, the write side shut, and
 *          what the client still sends is drained for a moment so it reads the answer
 *          rather than a reset.
 * One mutex guards the slots and counters; the accept thread, CivetWeb's master (in
 * accept) and its workers (callbacks, request marks) take it for short, non-blocking work. */
#define _GNU_SOURCE
#include "conn_guard.h"
#include "http.h"
#include "log.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define HEAD_MAX 16384              /* CivetWeb's request buffer: a longer head is its 413 */
#define OVERCAP_GRACE_MS 1000       /* head deadline beyond the per-client cap */
#define LINGER_MS 2000
#define LINGER_MAX 256              /* beyond this many, refused sockets close at once */
#define SWEEP_MS 100
#define SLOW_BODY_MS 2000           /* a body still arriving after this is a slow one */
#define FD_RESERVE 128              /* descriptors kept for the store, plugins, files */

enum { S_FREE = 0, S_HEAD, S_READY, S_CIVET, S_LINGER };

typedef struct slot {
    unsigned char state;
    unsigned char over_cap;         /* HEAD beyond the per-client cap */
    unsigned char bound;            /* CIVET: tied to its CivetWeb connection */
    unsigned char answered;         /* CIVET: the guard sent 408 for the current request */
    unsigned char slow;             /* CIVET: counted among the slow bodies */
    unsigned char addr[16];         /* peer address (IPv4 as ::ffff:a.b.c.d) */
    char addr_str[48];              /* as CivetWeb prints it, to find the slot again */
    unsigned short port;
    struct sockaddr_storage peer;
    socklen_t peer_len;
    uint64_t deadline;              /* ns; 0 = none */
    int next;                       /* READY queue link */
} slot_t;

static struct {
    pthread_mutex_t mu;
    slot_t *slots;
    int nslots;
    int listen_fd, ep, wake_fd, spare_fd;
    int head_ms, body_ms, max_conn, max_per_client, threads;
    int n_head, n_ready, n_civet, n_linger;
    int ready_first, ready_last;
    int doorbell;                   /* client end of the pending doorbell, -1 = none */
    uint64_t doorbell_since;
    struct sockaddr_in civet_addr;
    atomic_int civet_listen_fd;     /* CivetWeb's internal listening socket once seen */
    atomic_int active;
    atomic_int stop;
    pthread_t thread;
    char civet_ports[32];
} G = {.mu = PTHREAD_MUTEX_INITIALIZER, .listen_fd = -1, .ep = -1, .wake_fd = -1,
       .spare_fd = -1, .ready_first = -1, .ready_last = -1, .doorbell = -1,
       .civet_listen_fd = -1};

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void glog(const char *fmt, const char *a, long b)
{
    char msg[300];
    snprintf(msg, sizeof msg, fmt, a, b);
    log_fields(ELOG_WARN, "einvoiced", NULL, msg, NULL, 0);
}

/* The slot of fd, growing the table; NULL when out of memory. Caller holds the mutex. */
static slot_t *slot_of(int fd)
{
    if (fd < 0)
        return NULL;
    if (fd >= G.nslots) {
        int n = G.nslots ? G.nslots : 1024;
        slot_t *s;
        while (n <= fd)
            n *= 2;
        if (!(s = realloc(G.slots, (size_t)n * sizeof *s)))
            return NULL;
        memset(s + G.nslots, 0, (size_t)(n - G.nslots) * sizeof *s);
        G.slots = s;
        G.nslots = n;
    }
    return &G.slots[fd];
}

/* ---- answering before CivetWeb ---- */

static void close_slot(int fd)
{
    slot_t *s = &G.slots[fd];
    if (s->state == S_HEAD)
        G.n_head--;
    else if (s->state == S_LINGER)
        G.n_linger--;
    memset(s, 0, sizeof *s);
    close(fd);      /* also leaves the epoll set */
}

/* Write status + the API error body (best effort: the socket is non-blocking and the
 * answer fits a fresh socket buffer), shut the write side and drain for a moment. */
static void refuse(int fd, int status, const char *message)
{
    slot_t *s = &G.slots[fd];
    char *body = http_error_body(status, message, "");
    char head[300];
    int hl;
    hl = snprintf(head, sizeof head,
                  "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
                  "Cache-Control: no-store\r\nConnection: close\r\n%s\r\n", status,
                  status == 503 ? "Service Unavailable" : "Request Timeout", body ? strlen(body) : 0,
                  status == 503 ? "Retry-After: 5\r\n" : "");
    (void)!send(fd, head, (size_t)hl, MSG_NOSIGNAL | MSG_DONTWAIT | (body ? MSG_MORE : 0));
    if (body)
        (void)!send(fd, body, strlen(body), MSG_NOSIGNAL | MSG_DONTWAIT);
    free(body);
    if (G.n_linger >= LINGER_MAX) {
        close_slot(fd);
        return;
    }
    shutdown(fd, SHUT_WR);
    if (s->state == S_HEAD)
        G.n_head--;
    s->state = S_LINGER;
    s->deadline = now_ns() + (uint64_t)LINGER_MS * 1000000u;
    G.n_linger++;
}

/* ---- the hand-over to CivetWeb ---- */

/* Ring CivetWeb's master: a non-blocking connection to its internal port. At most one is
 * pending, so its listen backlog never fills. Caller holds the mutex. */
static void ring_doorbell(void)
{
    int d;
    if (G.doorbell >= 0)
        return;
    d = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (d < 0)
        return;             /* the sweep tries again */
    if (connect(d, (struct sockaddr *)&G.civet_addr, sizeof G.civet_addr) != 0 &&
        errno != EINPROGRESS) {
        close(d);
        return;
    }
    G.doorbell = d;
    G.doorbell_since = now_ns();
}

/* Close without TIME_WAIT: doorbells come and go at the rate of new connections. */
static void close_reset(int fd)
{
    struct linger lg = {1, 0};
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
    close(fd);
}

static void hand_over(int fd)
{
    slot_t *s = &G.slots[fd];
    epoll_ctl(G.ep, EPOLL_CTL_DEL, fd, NULL);
    G.n_head--;
    s->state = S_READY;
    s->deadline = 0;
    s->next = -1;
    if (G.ready_last >= 0)
        G.slots[G.ready_last].next = fd;
    else
        G.ready_first = fd;
    G.ready_last = fd;
    G.n_ready++;
    ring_doorbell();
}

static int is_civet_listener(int fd)
{
    struct sockaddr_in a;
    socklen_t l = sizeof a;
    int known = atomic_load(&G.civet_listen_fd);
    if (known >= 0 || !atomic_load(&G.active))
        return known >= 0 && fd == known;
    if (getsockname(fd, (struct sockaddr *)&a, &l) == 0 && a.sin_family == AF_INET &&
        a.sin_port == G.civet_addr.sin_port && a.sin_addr.s_addr == G.civet_addr.sin_addr.s_addr) {
        atomic_store(&G.civet_listen_fd, fd);
        return 1;
    }
    return 0;
}

/* accept() for the whole process: libcivetweb's call binds to this definition (the
 * executable's symbols come first). On CivetWeb's internal socket it trades the doorbell
 * for the next client whose head is complete; every other caller gets plain accept. */
__attribute__((visibility("default"))) int accept(int fd, struct sockaddr *addr, socklen_t *len);
int accept(int fd, struct sockaddr *addr, socklen_t *len)
{
    int d, c;
    if (!is_civet_listener(fd))
        return accept4(fd, addr, len, 0);
    d = accept4(fd, NULL, NULL, SOCK_CLOEXEC);
    if (d < 0)
        return -1;
    pthread_mutex_lock(&G.mu);
    if (G.doorbell >= 0) {
        close_reset(G.doorbell);
        G.doorbell = -1;
    }
    close_reset(d);         /* a doorbell, or a stranger on the internal port */
    c = G.ready_first;
    if (c >= 0) {
        slot_t *s = &G.slots[c];
        G.ready_first = s->next;
        if (G.ready_first < 0)
            G.ready_last = -1;
        G.n_ready--;
        G.n_civet++;
        s->state = S_CIVET;
        s->bound = 0;
        if (addr && len) {
            socklen_t n = *len < s->peer_len ? *len : s->peer_len;
            memcpy(addr, &s->peer, n);
            *len = s->peer_len;
        }
        if (G.ready_first >= 0)
            ring_doorbell();
    }
    pthread_mutex_unlock(&G.mu);
    if (c < 0) {
        errno = EAGAIN;     /* CivetWeb ignores a failed accept */
        return -1;
    }
    return c;
}

/* ---- the accept thread ---- */

/* End of the request head: an empty line (CivetWeb accepts LF as well as CRLF). */
static int head_complete(const char *b, size_t n)
{
    const char *p = b, *e = b + n;
    while ((p = memchr(p, '\n', (size_t)(e - p))) != NULL) {
        p++;
        if (p < e && *p == '\n')
            return 1;
        if (p + 1 < e && p[0] == '\r' && p[1] == '\n')
            return 1;
    }
    return 0;
}

static void on_head_data(int fd, uint32_t events)
{
    static char buf[HEAD_MAX];
    ssize_t n = recv(fd, buf, sizeof buf, MSG_PEEK | MSG_DONTWAIT);
    if (n > 0 && (head_complete(buf, (size_t)n) || n == (ssize_t)sizeof buf)) {
        hand_over(fd);      /* a head too long for CivetWeb's buffer gets its 413 there */
        return;
    }
    /* the client gave up before its head was complete; peeking still shows the bytes it
     * sent, so a half-close is seen in the event, not as a zero read */
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) ||
        (events & (EPOLLHUP | EPOLLERR | EPOLLRDHUP)))
        close_slot(fd);
}

static void on_linger_data(int fd)
{
    char buf[4096];
    ssize_t n;
    while ((n = recv(fd, buf, sizeof buf, MSG_DONTWAIT)) > 0) {
    }
    if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
        close_slot(fd);
}

static void addr_key(const struct sockaddr_storage *ss, unsigned char key[16], char *str,
                     size_t strsz, unsigned short *port)
{
    memset(key, 0, 16);
    if (ss->ss_family == AF_INET6) {
        const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)ss;
        memcpy(key, &a->sin6_addr, 16);
        inet_ntop(AF_INET6, &a->sin6_addr, str, (socklen_t)strsz);
        *port = ntohs(a->sin6_port);
    } else {
        const struct sockaddr_in *a = (const struct sockaddr_in *)ss;
        key[10] = key[11] = 0xff;
        memcpy(key + 12, &a->sin_addr, 4);
        inet_ntop(AF_INET, &a->sin_addr, str, (socklen_t)strsz);
        *port = ntohs(a->sin_port);
    }
}

/* Connections of this address still sending their head (excluding fd itself). */
static int heads_of(const unsigned char key[16], int self)
{
    int i, n = 0;
    for (i = 0; i < G.nslots; i++)
        if (i != self && G.slots[i].state == S_HEAD && memcmp(G.slots[i].addr, key, 16) == 0)
            n++;
    return n;
}

/* Out of descriptors: accept and drop one connection with the spare descriptor, so the
 * level-triggered listener does not spin. */
static void shed_one(void)
{
    int c;
    if (G.spare_fd >= 0) {
        close(G.spare_fd);
        G.spare_fd = -1;
    }
    c = accept4(G.listen_fd, NULL, NULL, SOCK_CLOEXEC);
    if (c >= 0)
        close_reset(c);
    G.spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
}

static void accept_batch(void)
{
    int k;
    for (k = 0; k < 64; k++) {
        struct sockaddr_storage ss;
        socklen_t sl = sizeof ss;
        struct epoll_event ev;
        slot_t *s;
        int c = accept4(G.listen_fd, (struct sockaddr *)&ss, &sl, SOCK_NONBLOCK | SOCK_CLOEXEC);
        uint64_t now;
        if (c < 0) {
            if (errno == EMFILE || errno == ENFILE) {
                static uint64_t last_log;
                if (now_ns() - last_log > 10000000000ull) {
                    last_log = now_ns();
                    glog("%s (open connections: %ld)", "out of file descriptors: new connections are dropped",
                         (long)(G.n_head + G.n_ready + G.n_civet + G.n_linger));
                }
                shed_one();
            }
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            return;
        }
        if (!(s = slot_of(c))) {
            close_reset(c);
            continue;
        }
        memset(s, 0, sizeof *s);
        memcpy(&s->peer, &ss, sl);
        s->peer_len = sl;
        addr_key(&ss, s->addr, s->addr_str, sizeof s->addr_str, &s->port);
        s->state = S_HEAD;
        G.n_head++;
        memset(&ev, 0, sizeof ev);
        ev.events = EPOLLIN | EPOLLRDHUP | EPOLLET;
        ev.data.fd = c;
        if (epoll_ctl(G.ep, EPOLL_CTL_ADD, c, &ev) != 0) {
            close_slot(c);
            continue;
        }
        if (G.n_head + G.n_ready + G.n_civet > G.max_conn) {
            refuse(c, 503, "The server has too many open connections; retry later");
            continue;
        }
        now = now_ns();
        s->over_cap = heads_of(s->addr, c) >= G.max_per_client;
        s->deadline = now + (uint64_t)(s->over_cap && G.head_ms > OVERCAP_GRACE_MS
                                           ? OVERCAP_GRACE_MS : G.head_ms) * 1000000u;
    }
}

/* 408 for a request whose body is late, written here while the handler waits in a read
 * (it writes nothing before its body is in: conn_guard_respond tells it the guard did). */
static void answer_body(int fd, const char *msg)
{
    slot_t *s = &G.slots[fd];
    char *body = http_error_body(408, msg, "");
    char head[200];
    int hl = snprintf(head, sizeof head, "HTTP/1.1 408 Request Timeout\r\nContent-Type: "
                      "application/json\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n",
                      body ? strlen(body) : 0);
    (void)!send(fd, head, (size_t)hl, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (body)
        (void)!send(fd, body, strlen(body), MSG_NOSIGNAL | MSG_DONTWAIT);
    free(body);
    /* the handler's next read ends; CivetWeb closes the socket as usual */
    shutdown(fd, SHUT_RDWR);
    s->answered = 1;
    s->slow = 0;
    s->deadline = 0;
}

/* Bodies still arriving after SLOW_BODY_MS hold a CivetWeb thread each: at most three
 * quarters of the threads may, so trickled uploads cannot take the threads health checks and
 * complete requests need. A body that turns slow beyond that share gets 408 at once. */
static void limit_slow_bodies(uint64_t now)
{
    int i, n = 0, share = G.threads * 3 / 4 > 1 ? G.threads * 3 / 4 : 1;
    uint64_t slow_ns = (uint64_t)SLOW_BODY_MS * 1000000u, body_ns = (uint64_t)G.body_ms * 1000000u;
    for (i = 0; i < G.nslots; i++)
        if (G.slots[i].state == S_CIVET && G.slots[i].slow)
            n++;
    for (i = 0; i < G.nslots; i++) {
        slot_t *s = &G.slots[i];
        if (s->state != S_CIVET || s->slow || s->answered || !s->deadline ||
            now + body_ns < s->deadline + slow_ns)
            continue;       /* not a body, already counted, or younger than SLOW_BODY_MS */
        if (n < share) {
            s->slow = 1;
            n++;
        } else
            answer_body(i, "The request body is arriving too slowly while the server is busy "
                           "with other slow uploads; retry later");
    }
}

/* Deadlines of heads, lingering refusals, bodies; a lost doorbell is rung again. */
static void sweep(uint64_t now)
{
    int i;
    limit_slow_bodies(now);
    for (i = 0; i < G.nslots; i++) {
        slot_t *s = &G.slots[i];
        if (!s->deadline || now < s->deadline)
            continue;
        if (s->state == S_HEAD) {
            char msg[160];
            if (s->over_cap)
                snprintf(msg, sizeof msg, "Too many connections from %s are still sending their "
                         "request; retry later", s->addr_str);
            else
                snprintf(msg, sizeof msg, "The request head did not arrive within %d ms", G.head_ms);
            refuse(i, s->over_cap ? 503 : 408, msg);
        } else if (s->state == S_LINGER)
            close_slot(i);
        else if (s->state == S_CIVET && !s->answered) {
            char msg[160];
            snprintf(msg, sizeof msg, "The request body did not arrive within %d ms", G.body_ms);
            answer_body(i, msg);
        }
    }
    if (G.ready_first >= 0 && G.doorbell >= 0 && now - G.doorbell_since > 1000000000ull) {
        close_reset(G.doorbell);
        G.doorbell = -1;
    }
    if (G.ready_first >= 0)
        ring_doorbell();
}

static void *guard_thread(void *arg)
{
    struct epoll_event evs[64];
    uint64_t next_sweep = 0;
    (void)arg;
    while (!atomic_load(&G.stop)) {
        int n = epoll_wait(G.ep, evs, 64, SWEEP_MS), i;
        uint64_t now;
        pthread_mutex_lock(&G.mu);
        for (i = 0; i < n; i++) {
            int fd = evs[i].data.fd;
            if (fd == G.listen_fd)
                accept_batch();
            else if (fd == G.wake_fd)
                continue;
            else if (fd < G.nslots && G.slots[fd].state == S_HEAD)
                on_head_data(fd, evs[i].events);
            else if (fd < G.nslots && G.slots[fd].state == S_LINGER)
                on_linger_data(fd);
        }
        now = now_ns();
        if (now >= next_sweep) {
            sweep(now);
            next_sweep = now + (uint64_t)SWEEP_MS * 1000000u;
        }
        pthread_mutex_unlock(&G.mu);
    }
    return NULL;
}

/* ---- start and stop ---- */

/* Open EINV_LISTEN ("host:port", "[v6]:port" or "port", as CivetWeb reads it). */
static int bind_public(const char *listen_spec, char *msg, size_t msglen)
{
    char host[128] = "", port[128];
    const char *colon = strrchr(listen_spec, ':');
    struct addrinfo hints, *res = NULL, *ai;
    int fd = -1, one = 1, rc;
    if (!colon) {
        snprintf(port, sizeof port, "%s", listen_spec);
        snprintf(host, sizeof host, "0.0.0.0");     /* CivetWeb: a bare port is IPv4, any */
    } else {
        size_t hl = (size_t)(colon - listen_spec);
        const char *h = listen_spec;
        if (hl >= 2 && h[0] == '[' && h[hl - 1] == ']') {
            h++;
            hl -= 2;
        }
        snprintf(host, sizeof host, "%.*s", (int)hl, h);
        snprintf(port, sizeof port, "%s", colon + 1);
    }
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    if ((rc = getaddrinfo(host[0] ? host : NULL, port, &hints, &res)) != 0) {
        snprintf(msg, msglen, "%s: %s", listen_spec, gai_strerror(rc));
        return -1;
    }
    for (ai = res; ai; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (fd < 0)
            continue;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 && listen(fd, SOMAXCONN) == 0)
            break;
        snprintf(msg, msglen, "%s: %s", listen_spec, strerror(errno));
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0)
        return -1;
    G.listen_fd = fd;
    return 0;
}

/* As many descriptors as allowed: each connection held here costs one. */
static void raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return;
    if (rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    if (rl.rlim_cur != RLIM_INFINITY && (long long)G.max_conn + LINGER_MAX + FD_RESERVE > (long long)rl.rlim_cur) {
        long cap = (long)rl.rlim_cur - LINGER_MAX - FD_RESERVE;
        G.max_conn = cap > 16 ? (int)cap : 16;
        glog("%s: EINV_MAX_CONNECTIONS lowered to %ld", "the open-file limit is too low",
             (long)G.max_conn);
    }
}

int conn_guard_open(const einv_config_t *cfg, char *msg, size_t msglen)
{
    G.head_ms = cfg->header_timeout_ms;
    G.body_ms = cfg->body_timeout_ms;
    G.max_conn = cfg->max_connections;
    G.max_per_client = cfg->max_connections_per_client;
    G.threads = cfg->http_threads;
    raise_fd_limit();
    snprintf(G.civet_ports, sizeof G.civet_ports, "127.0.0.1:0");
    return bind_public(cfg->listen, msg, msglen);
}

const char *conn_guard_civet_ports(void) { return G.civet_ports; }

int conn_guard_max_connections(void) { return G.max_conn; }

int conn_guard_start(struct mg_context *mg, char *msg, size_t msglen)
{
    struct mg_server_port ports[4];
    struct epoll_event ev;
    int n = mg_get_server_ports(mg, 4, ports);
    if (n < 1 || ports[0].port <= 0) {
        snprintf(msg, msglen, "CivetWeb reports no internal port");
        return -1;
    }
    memset(&G.civet_addr, 0, sizeof G.civet_addr);
    G.civet_addr.sin_family = AF_INET;
    G.civet_addr.sin_port = htons((unsigned short)ports[0].port);
    G.civet_addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    G.ep = epoll_create1(EPOLL_CLOEXEC);
    G.wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    G.spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (G.ep < 0 || G.wake_fd < 0) {
        snprintf(msg, msglen, "epoll: %s", strerror(errno));
        return -1;
    }
    memset(&ev, 0, sizeof ev);
    ev.events = EPOLLIN;
    ev.data.fd = G.listen_fd;
    epoll_ctl(G.ep, EPOLL_CTL_ADD, G.listen_fd, &ev);
    ev.data.fd = G.wake_fd;
    epoll_ctl(G.ep, EPOLL_CTL_ADD, G.wake_fd, &ev);
    atomic_store(&G.active, 1);
    if (pthread_create(&G.thread, NULL, guard_thread, NULL) != 0) {
        atomic_store(&G.active, 0);
        snprintf(msg, msglen, "cannot start the accept thread");
        return -1;
    }
    return 0;
}

void conn_guard_stop(void)
{
    int i;
    uint64_t one = 1;
    if (!atomic_load(&G.active))
        return;
    atomic_store(&G.stop, 1);
    (void)!write(G.wake_fd, &one, sizeof one);
    pthread_join(G.thread, NULL);
    pthread_mutex_lock(&G.mu);
    close(G.listen_fd);
    G.listen_fd = -1;
    /* what CivetWeb has not taken yet ends here; CivetWeb closes its own in mg_stop */
    for (i = 0; i < G.nslots; i++)
        if (G.slots[i].state == S_HEAD || G.slots[i].state == S_READY || G.slots[i].state == S_LINGER) {
            if (G.slots[i].state == S_READY)
                G.n_ready--;
            close_slot(i);
        }
    G.ready_first = G.ready_last = -1;
    if (G.doorbell >= 0)
        close_reset(G.doorbell);
    G.doorbell = -1;
    pthread_mutex_unlock(&G.mu);
    close(G.ep);
    close(G.wake_fd);
    if (G.spare_fd >= 0)
        close(G.spare_fd);
    G.ep = G.wake_fd = G.spare_fd = -1;
}

/* ---- CivetWeb callbacks and the request marks ---- */

/* The slot CivetWeb's connection came from: found by peer address and port (our accept
 * gave CivetWeb the socket; the worker serving it asks here) and remembered in the
 * connection's user data. CivetWeb's init_connection callback cannot do this: the request
 * info is not readable yet at that point. Caller holds the mutex. */
static slot_t *slot_of_conn(const struct mg_connection *conn)
{
    intptr_t v = (intptr_t)mg_get_user_connection_data(conn);
    const struct mg_request_info *ri;
    int i, pass;
    if (v > 0 && v <= G.nslots && G.slots[v - 1].state == S_CIVET)
        return &G.slots[v - 1];
    if (v || !(ri = mg_get_request_info(conn)))
        return NULL;
    /* by address and port; by port alone when CivetWeb prints the address otherwise */
    for (pass = 0; pass < 2; pass++)
        for (i = 0; i < G.nslots; i++) {
            slot_t *s = &G.slots[i];
            if (s->state == S_CIVET && !s->bound && s->port == (unsigned short)ri->remote_port &&
                (pass || strcmp(s->addr_str, ri->remote_addr) == 0)) {
                s->bound = 1;
                mg_set_user_connection_data(conn, (void *)(intptr_t)(i + 1));
                return s;
            }
        }
    return NULL;
}

static void cb_connection_close(const struct mg_connection *conn)
{
    slot_t *s;
    pthread_mutex_lock(&G.mu);
    if (atomic_load(&G.active) && (s = slot_of_conn(conn)) != NULL) {
        memset(s, 0, sizeof *s);    /* CivetWeb closes the socket right after */
        G.n_civet--;
    }
    pthread_mutex_unlock(&G.mu);
}

void conn_guard_callbacks(struct mg_callbacks *cb)
{
    cb->connection_close = cb_connection_close;
}

void conn_guard_request_begin(struct mg_connection *conn)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    int has_body = ri && (ri->content_length > 0 ||
                          (ri->content_length < 0 && mg_get_header(conn, "Transfer-Encoding")));
    slot_t *s;
    pthread_mutex_lock(&G.mu);
    if ((s = slot_of_conn(conn)) != NULL) {
        s->answered = 0;
        s->slow = 0;
        s->deadline = has_body ? now_ns() + (uint64_t)G.body_ms * 1000000u : 0;
    }
    pthread_mutex_unlock(&G.mu);
}

void conn_guard_body_done(struct mg_connection *conn)
{
    slot_t *s;
    pthread_mutex_lock(&G.mu);
    if ((s = slot_of_conn(conn)) != NULL) {
        s->deadline = 0;
        s->slow = 0;
    }
    pthread_mutex_unlock(&G.mu);
}

int conn_guard_respond(struct mg_connection *conn)
{
    slot_t *s;
    int answered = 0;
    pthread_mutex_lock(&G.mu);
    if ((s = slot_of_conn(conn)) != NULL) {
        s->deadline = 0;
        s->slow = 0;
        answered = s->answered;
    }
    pthread_mutex_unlock(&G.mu);
    return answered;
}

int conn_guard_keep_alive_ok(void)
{
    int ok;
    if (!atomic_load(&G.active))
        return 1;
    pthread_mutex_lock(&G.mu);
    ok = G.n_civet * 4 <= G.threads * 3;
    pthread_mutex_unlock(&G.mu);
    return ok;
}
