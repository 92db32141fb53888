/* A tiny blocking HTTP/1.1 client for the integration tests (see http_client.h): one
 * request per connection to 127.0.0.1, response parsed (Content-Length or chunked), and a
 * multipart/form-data builder. No global state, so tests may call it from many threads. */
#define _GNU_SOURCE
#include "http_client.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

/* ---- growable buffer ---- */
typedef struct hc_buf {
    char *p;
    size_t n, cap;
} hc_buf_t;

static int buf_add(hc_buf_t *b, const void *d, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        char *np;
        while (cap < b->n + n + 1)
            cap *= 2;
        np = realloc(b->p, cap);
        if (!np)
            return -1;
        b->p = np;
        b->cap = cap;
    }
    memcpy(b->p + b->n, d, n);
    b->n += n;
    b->p[b->n] = 0;
    return 0;
}

static int buf_printf(hc_buf_t *b, const char *fmt, ...)
{
    char tmp[2048];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    if ((size_t)n >= sizeof tmp)
        n = sizeof tmp - 1;
    return buf_add(b, tmp, (size_t)n);
}

static void fail(hc_response_t *out, const char *what)
{
    out->status = -1;
    snprintf(out->error, sizeof out->error, "%s: %s", what, errno ? strerror(errno) : "protocol");
}

/* Find the value of header `name` in a header block; copies into buf. */
static const char *find_header(const char *hdrs, const char *name, char *buf, size_t size)
{
    size_t nl = strlen(name);
    const char *p = hdrs;
    while (p && *p) {
        const char *eol = strstr(p, "\r\n");
        size_t linelen = eol ? (size_t)(eol - p) : strlen(p);
        if (linelen > nl && strncasecmp(p, name, nl) == 0 && p[nl] == ':') {
            const char *v = p + nl + 1;
            size_t vl;
            while (*v == ' ' || *v == '\t')
                v++;
            vl = (size_t)(p + linelen - v);
            while (vl > 0 && (v[vl - 1] == ' ' || v[vl - 1] == '\t'))
                vl--;
            if (size) {
                if (vl >= size)
                    vl = size - 1;
                memcpy(buf, v, vl);
                buf[vl] = 0;
            }
            return buf;
        }
        p = eol ? eol + 2 : NULL;
    }
    return NULL;
}

/* Decode a chunked body; returns 1 when complete (out filled), 0 when more data is
 * needed, -1 when malformed. */
static int dechunk(const char *p, size_t n, hc_buf_t *out)
{
    size_t i = 0;
    out->n = 0;
    for (;;) {
        char *end;
        unsigned long sz;
        const char *eol = memmem(p + i, n - i, "\r\n", 2);
        if (!eol)
            return 0;
        sz = strtoul(p + i, &end, 16);
        if (end == p + i)
            return -1;
        i = (size_t)(eol - p) + 2;
        if (sz == 0) {
            /* trailers end with an empty line */
            return memmem(p + i, n - i, "\r\n", 2) ? 1 : 0;
        }
        if (n - i < sz + 2)
            return 0;
        if (buf_add(out, p + i, sz) != 0)
            return -1;
        i += sz + 2;
    }
}

/* Parse what was received so far. Returns 1 when the response is complete (out filled),
 * 0 when more is needed. At EOF (eof=1) whatever arrived is taken as the body. */
static int parse_response(hc_buf_t *in, int eof, hc_response_t *out)
{
    const char *hend = in->p ? strstr(in->p, "\r\n\r\n") : NULL;
    const char *sp, *line2;
    char v[64];
    size_t hlen, have;
    int status;
    if (!hend)
        return 0;
    if (strncmp(in->p, "HTTP/1.", 7) != 0)
        return eof ? -1 : 0;
    sp = strchr(in->p, ' ');
    if (!sp || sp > hend)
        return -1;
    status = atoi(sp + 1);
    line2 = strstr(in->p, "\r\n") + 2;
    hlen = (size_t)(hend + 2 - line2);
    have = in->n - (size_t)(hend + 4 - in->p);
    free(out->headers);
    out->headers = malloc(hlen + 1);
    if (!out->headers)
        return -1;
    memcpy(out->headers, line2, hlen);
    out->headers[hlen] = 0;
    free(out->body);
    out->body = NULL;
    out->body_len = 0;
    if (status == 204 || status == 304 || (status >= 100 && status < 200)) {
        out->body = calloc(1, 1);
        out->status = status;
        return 1;
    }
    if (find_header(out->headers, "Transfer-Encoding", v, sizeof v) && strcasestr(v, "chunked")) {
        hc_buf_t b = {0};
        int rc = dechunk(hend + 4, have, &b);
        if (rc == 1 || (eof && rc == 0)) {
            out->body = b.p ? b.p : calloc(1, 1);
            out->body_len = b.n;
            out->status = status;
            return 1;
        }
        free(b.p);
        return rc < 0 ? -1 : 0;
    }
    if (find_header(out->headers, "Content-Length", v, sizeof v)) {
        size_t cl = (size_t)strtoull(v, NULL, 10);
        if (have < cl && !eof)
            return 0;
        if (have < cl)
            cl = have;
        have = cl;
    } else if (!eof)
        return 0;
    out->body = malloc(have + 1);
    if (!out->body)
        return -1;
    memcpy(out->body, hend + 4, have);
    out->body[have] = 0;
    out->body_len = have;
    out->status = status;
    return 1;
}

int hc_raw(int port, const void *data, size_t len, hc_response_t *out)
{
    struct sockaddr_in sa;
    struct timeval tv = {60, 0};
    hc_buf_t in = {0};
    const char *p = data;
    size_t sent = 0;
    int fd, rc = 0, one = 1;
    memset(out, 0, sizeof *out);
    out->status = -1;
    errno = 0;
    fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        fail(out, "socket");
        return -1;
    }
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((unsigned short)port);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        fail(out, "connect");
        close(fd);
        return -1;
    }
    /* send; a server that answered early (413) and closed ends the sending quietly */
    while (sent < len) {
        ssize_t n = send(fd, p + sent, len - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        sent += (size_t)n;
    }
    for (;;) {
        char tmp[16384];
        ssize_t n = recv(fd, tmp, sizeof tmp, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            fail(out, "timeout waiting for the response");
            rc = -1;
            break;
        }
        if (n <= 0) {
            /* EOF or reset: take what arrived */
            int r = parse_response(&in, 1, out);
            if (r != 1) {
                errno = 0;
                fail(out, in.n ? "incomplete or malformed response" : "connection closed without a response");
                rc = -1;
            }
            break;
        }
        if (buf_add(&in, tmp, (size_t)n) != 0) {
            fail(out, "out of memory");
            rc = -1;
            break;
        }
        {
            int r = parse_response(&in, 0, out);
            if (r == 1)
                break;
            if (r < 0) {
                errno = 0;
                fail(out, "malformed response");
                rc = -1;
                break;
            }
        }
    }
    close(fd);
    free(in.p);
    if (rc != 0) {
        free(out->headers);
        free(out->body);
        out->headers = NULL;
        out->body = NULL;
        out->body_len = 0;
        out->status = -1;
    }
    return out->status;
}

int hc_request(int port, const char *method, const char *path, const char *headers,
               const void *body, size_t len, hc_response_t *out)
{
    hc_buf_t req = {0};
    int rc;
    buf_printf(&req, "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n", method,
               path, port);
    if (headers)
        buf_add(&req, headers, strlen(headers));
    if (body || len || strcmp(method, "POST") == 0 || strcmp(method, "PUT") == 0)
        buf_printf(&req, "Content-Length: %zu\r\n", len);
    buf_add(&req, "\r\n", 2);
    if (body && len)
        buf_add(&req, body, len);
    if (!req.p) {
        memset(out, 0, sizeof *out);
        out->status = -1;
        snprintf(out->error, sizeof out->error, "out of memory");
        return -1;
    }
    rc = hc_raw(port, req.p, req.n, out);
    free(req.p);
    return rc;
}

int hc_request_auth(int port, const char *method, const char *path, const char *token,
                    const char *content_type, const void *body, size_t len, hc_response_t *out)
{
    hc_buf_t h = {0};
    int rc;
    buf_add(&h, "", 0);
    if (token)
        buf_printf(&h, "Authorization: Bearer %s\r\n", token);
    if (content_type)
        buf_printf(&h, "Content-Type: %s\r\n", content_type);
    rc = hc_request(port, method, path, h.p, body, len, out);
    free(h.p);
    return rc;
}

int hc_json(int port, const char *method, const char *path, const char *token,
            const char *json, hc_response_t *out)
{
    return hc_request_auth(port, method, path, token, json ? "application/json" : NULL, json,
                           json ? strlen(json) : 0, out);
}

const char *hc_header(const hc_response_t *r, const char *name, char *buf, size_t size)
{
    if (!r || !r->headers)
        return NULL;
    return find_header(r->headers, name, buf, size);
}

void hc_response_free(hc_response_t *r)
{
    if (!r)
        return;
    free(r->headers);
    free(r->body);
    r->headers = NULL;
    r->body = NULL;
    r->body_len = 0;
}

/* ---- multipart ---- */
struct hc_multipart {
    hc_buf_t body;
    char boundary[64];
    char content_type[128];
    int finished;
};

hc_multipart_t *hc_mp_new(void)
{
    static const char al[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    hc_multipart_t *m = calloc(1, sizeof *m);
    struct timeval tv;
    unsigned seed;
    int i;
    if (!m)
        return NULL;
    gettimeofday(&tv, NULL);
    seed = (unsigned)(tv.tv_usec ^ (tv.tv_sec << 8) ^ (unsigned long)(size_t)m);
    strcpy(m->boundary, "----einvtest");
    for (i = 0; i < 24; i++)
        m->boundary[12 + i] = al[rand_r(&seed) % (sizeof al - 1)];
    m->boundary[36] = 0;
    snprintf(m->content_type, sizeof m->content_type, "multipart/form-data; boundary=%s",
             m->boundary);
    return m;
}

void hc_mp_field(hc_multipart_t *m, const char *name, const char *value)
{
    if (!m || m->finished)
        return;
    buf_printf(&m->body, "--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n",
               m->boundary, name);
    buf_add(&m->body, value, strlen(value));
    buf_add(&m->body, "\r\n", 2);
}

void hc_mp_file(hc_multipart_t *m, const char *name, const char *filename,
                const char *content_type, const void *data, size_t len)
{
    if (!m || m->finished)
        return;
    buf_printf(&m->body, "--%s\r\nContent-Disposition: form-data; name=\"%s\"", m->boundary,
               name);
    if (filename)
        buf_printf(&m->body, "; filename=\"%s\"", filename);
    buf_add(&m->body, "\r\n", 2);
    if (content_type)
        buf_printf(&m->body, "Content-Type: %s\r\n", content_type);
    buf_add(&m->body, "\r\n", 2);
    if (len)
        buf_add(&m->body, data, len);
    buf_add(&m->body, "\r\n", 2);
}

const char *hc_mp_content_type(const hc_multipart_t *m)
{
    return m ? m->content_type : NULL;
}

static void mp_finish(hc_multipart_t *m)
{
    if (!m->finished) {
        buf_printf(&m->body, "--%s--\r\n", m->boundary);
        m->finished = 1;
    }
}

const void *hc_mp_data(hc_multipart_t *m)
{
    if (!m)
        return NULL;
    mp_finish(m);
    return m->body.p;
}

size_t hc_mp_len(hc_multipart_t *m)
{
    if (!m)
        return 0;
    mp_finish(m);
    return m->body.n;
}

void hc_mp_free(hc_multipart_t *m)
{
    if (!m)
        return;
    free(m->body.p);
    free(m);
}
