/* The HTTP/1.1 client of the webhook deliveries: one POST per connection, over plain TCP or
 * TLS (OpenSSL, peer and host name verified against the system's trust store, which
 * SSL_CERT_FILE / SSL_CERT_DIR may replace). Every step runs on a non-blocking socket under
 * one deadline and looks at the stop flag every 100 ms, so neither a silent receiver nor a
 * shutdown can hold a delivery worker for longer than that. Only the status line of the
 * answer is read. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include "webhooks.h"

typedef struct conn {
    int fd;
    SSL *ssl;
    long long deadline;             /* monotonic ms */
    const volatile int *stop;
} conn_t;

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Wait for events on the socket in slices of at most 100 ms. 1 ready, 0 timed out,
 * -2 stopped, -1 poll error. */
static int wait_fd(conn_t *c, short events)
{
    for (;;) {
        long long left = c->deadline - now_ms();
        struct pollfd p = {c->fd, events, 0};
        if (c->stop && *c->stop)
            return -2;
        if (left <= 0)
            return 0;
        int rc = poll(&p, 1, left < 100 ? (int)left : 100);
        if (rc > 0)
            return 1;
        if (rc < 0 && errno != EINTR)
            return -1;
    }
}

static SSL_CTX *g_ctx;
static pthread_once_t g_ctx_once = PTHREAD_ONCE_INIT;

static void ctx_init(void)
{
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (!ctx)
        return;
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
    SSL_CTX_set_default_verify_paths(ctx);      /* honours SSL_CERT_FILE / SSL_CERT_DIR */
    g_ctx = ctx;
}

/* Drive a TLS call that may want the socket readable or writable. 1 done, else as wait_fd
 * (-1 also for a TLS failure, err filled). */
static int tls_step(conn_t *c, int rc, char *err, size_t cap, const char *what)
{
    int e = SSL_get_error(c->ssl, rc);
    if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
        int w = wait_fd(c, e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT);
        if (w == 0)
            snprintf(err, cap, "timed out during %s", what);
        return w == 1 ? 0 : w;
    }
    unsigned long q = ERR_get_error();
    long v = SSL_get_verify_result(c->ssl);
    if (v != X509_V_OK)
        snprintf(err, cap, "TLS %s failed: certificate: %s", what, X509_verify_cert_error_string(v));
    else
        snprintf(err, cap, "TLS %s failed: %s", what, q ? ERR_reason_error_string(q) : "connection closed");
    ERR_clear_error();
    return -1;
}

static int tls_open(conn_t *c, const webhook_url_t *u, char *err, size_t cap)
{
    pthread_once(&g_ctx_once, ctx_init);
    if (!g_ctx || !(c->ssl = SSL_new(g_ctx))) {
        snprintf(err, cap, "TLS is not available");
        return -1;
    }
    SSL_set_fd(c->ssl, c->fd);
    if (u->host_is_ip) {
        X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(c->ssl), u->host);
    } else {
        SSL_set_tlsext_host_name(c->ssl, u->host);
        SSL_set1_host(c->ssl, u->host);
    }
    for (;;) {
        int rc = SSL_connect(c->ssl);
        if (rc == 1)
            return 0;
        if ((rc = tls_step(c, rc, err, cap, "handshake")) != 0)
            return rc;
    }
}

/* Connect to one address before the deadline. 0, -1 (err filled) or -2 (stopped). */
static int connect_one(conn_t *c, const struct addrinfo *ai, char *err, size_t cap)
{
    int soerr = 0;
    socklen_t sl = sizeof soerr;
    c->fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, ai->ai_protocol);
    if (c->fd < 0) {
        snprintf(err, cap, "socket: %s", strerror(errno));
        return -1;
    }
    if (connect(c->fd, ai->ai_addr, ai->ai_addrlen) == 0)
        return 0;
    if (errno != EINPROGRESS) {
        snprintf(err, cap, "connect: %s", strerror(errno));
    } else {
        int w = wait_fd(c, POLLOUT);
        if (w == 1 && getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) == 0 && soerr == 0)
            return 0;
        if (w == -2) {
            close(c->fd);
            c->fd = -1;
            return -2;
        }
        snprintf(err, cap, "connect: %s", w == 0 ? "timed out" : strerror(soerr ? soerr : errno));
    }
    close(c->fd);
    c->fd = -1;
    return -1;
}

/* Resolve and connect, skipping addresses the SSRF check refuses. */
static int open_conn(conn_t *c, const webhook_url_t *u, int allow_private, char *err, size_t cap)
{
    struct addrinfo hints, *res = NULL;
    char port[8];
    int rc = -1, gai;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;     /* no AI_ADDRCONFIG: it hides 127.0.0.1 on hosts with loopback only */
    snprintf(port, sizeof port, "%d", u->port);
    if ((gai = getaddrinfo(u->host, port, &hints, &res)) != 0) {
        snprintf(err, cap, "cannot resolve the host: %s", gai_strerror(gai));
        return -1;
    }
    snprintf(err, cap, "no address");
    for (struct addrinfo *ai = res; ai && rc == -1; ai = ai->ai_next) {
        if (!allow_private && webhook_addr_private(ai->ai_addr)) {
            snprintf(err, cap, "the host resolves to a private or loopback address, which this"
                               " server does not deliver to (EINV_WEBHOOK_ALLOW_PRIVATE)");
            continue;
        }
        rc = connect_one(c, ai, err, cap);
    }
    freeaddrinfo(res);
    return rc;
}

static int send_all(conn_t *c, const char *p, size_t n, char *err, size_t cap)
{
    while (n > 0) {
        ssize_t w;
        if (c->ssl) {
            size_t done = 0;
            int rc = SSL_write_ex(c->ssl, p, n, &done);
            if (rc <= 0) {
                if ((rc = tls_step(c, rc, err, cap, "write")) != 0)
                    return rc;
                continue;
            }
            w = (ssize_t)done;
        } else {
            w = send(c->fd, p, n, MSG_NOSIGNAL);
            if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
                int r = wait_fd(c, POLLOUT);
                if (r != 1) {
                    if (r == 0)
                        snprintf(err, cap, "timed out sending the request");
                    else if (r == -1)
                        snprintf(err, cap, "send: %s", strerror(errno));
                    return r == 0 ? -1 : r;
                }
                continue;
            }
            if (w < 0) {
                snprintf(err, cap, "send: %s", strerror(errno));
                return -1;
            }
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Read until the status line is complete; 0 with *status, -1 (err), -2 (stopped). */
static int read_status(conn_t *c, int *status, char *err, size_t cap)
{
    char buf[1024];
    size_t have = 0;
    while (have < sizeof buf - 1) {
        ssize_t r;
        if (c->ssl) {
            size_t got = 0;
            int rc = SSL_read_ex(c->ssl, buf + have, sizeof buf - 1 - have, &got);
            if (rc <= 0) {
                int e = SSL_get_error(c->ssl, rc);
                if (e == SSL_ERROR_ZERO_RETURN)
                    break;
                if ((rc = tls_step(c, rc, err, cap, "read")) != 0)
                    return rc;
                continue;
            }
            r = (ssize_t)got;
        } else {
            r = recv(c->fd, buf + have, sizeof buf - 1 - have, 0);
            if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
                int w = wait_fd(c, POLLIN);
                if (w != 1) {
                    snprintf(err, cap, w == 0 ? "timed out waiting for the answer" : "receive failed");
                    return w == 0 ? -1 : w;
                }
                continue;
            }
            if (r < 0) {
                snprintf(err, cap, "receive: %s", strerror(errno));
                return -1;
            }
        }
        if (r == 0)
            break;
        have += (size_t)r;
        buf[have] = '\0';
        if (strstr(buf, "\r\n") || strchr(buf, '\n'))
            break;
    }
    buf[have] = '\0';
    int code = 0;
    if (sscanf(buf, "HTTP/1.%*1[01] %3d", &code) != 1 || code < 100 || code > 599) {
        snprintf(err, cap, have ? "the answer is not HTTP/1.x" : "connection closed without an answer");
        return -1;
    }
    *status = code;
    return 0;
}

int webhook_post(const webhook_url_t *u, const char *headers, const char *body, size_t len,
                 int timeout_ms, int allow_private, const volatile int *stop, int *status,
                 char *err, size_t cap)
{
    conn_t c = {-1, NULL, now_ms() + timeout_ms, stop};
    char head[WEBHOOK_URL_MAX + 1024], hostport[300];
    int rc, n;
    *status = 0;
    err[0] = '\0';
    if ((u->https && u->port == 443) || (!u->https && u->port == 80))
        snprintf(hostport, sizeof hostport, strchr(u->host, ':') ? "[%s]" : "%s", u->host);
    else
        snprintf(hostport, sizeof hostport, strchr(u->host, ':') ? "[%s]:%d" : "%s:%d", u->host, u->port);
    n = snprintf(head, sizeof head,
                 "POST %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: einvoiced-webhooks\r\n"
                 "Content-Type: application/json\r\nContent-Length: %zu\r\nConnection: close\r\n"
                 "%s\r\n", u->path, hostport, len, headers ? headers : "");
    if (n < 0 || (size_t)n >= sizeof head) {
        snprintf(err, cap, "request head too long");
        return -1;
    }
    rc = open_conn(&c, u, allow_private, err, cap);
    if (rc == 0 && u->https)
        rc = tls_open(&c, u, err, cap);
    if (rc == 0)
        rc = send_all(&c, head, (size_t)n, err, cap);
    if (rc == 0)
        rc = send_all(&c, body, len, err, cap);
    if (rc == 0)
        rc = read_status(&c, status, err, cap);
    if (c.ssl) {
        if (rc == 0)
            SSL_shutdown(c.ssl);    /* best effort; the socket closes either way */
        SSL_free(c.ssl);
    }
    if (c.fd >= 0)
        close(c.fd);
    if (rc == -2)
        snprintf(err, cap, "stopped");
    return rc;
}
