/* The HTTP layer of einvoiced on CivetWeb: one request handler for every path that
 * dispatches by method and path pattern ({placeholders}), JSON and error responses in the
 * shape of API.md, the access log (one line per request, never a credential), body reading
 * with the upload limit, query parameters and small helpers. */
#define _GNU_SOURCE
#include "http.h"
#include "http_json.h"
#include "conn_guard.h"
#include "log.h"
#include "metrics.h"

#include <ctype.h>
#include <json-c/json.h>
#include <malloc.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define MAX_ROUTES 64
_Static_assert(MAX_ROUTES <= METRICS_MAX_ROUTES, "every route needs its request counters");
#define MAX_SEGS 16
#define TRIM_AFTER_BYTES (1 << 20)

typedef struct route {
    const char *method;
    const char *pattern;
    einv_route_fn fn;
    int nsegs;
    char segs[MAX_SEGS][64];    /* "" marks a {placeholder} */
    int literals;               /* number of literal segments: the more, the more specific */
} route_t;

/* Filled at start-up (before mg_start), read-only afterwards. */
static route_t routes[MAX_ROUTES];
static int n_routes;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

void http_route(const char *method, const char *pattern, einv_route_fn fn)
{
    route_t *rt;
    const char *p = pattern;
    if (n_routes >= MAX_ROUTES) {
        log_msg(ELOG_ERROR, "einvoiced", NULL, "too many routes (max %d): %s %s ignored", MAX_ROUTES,
                method, pattern);
        return;
    }
    rt = &routes[n_routes];
    memset(rt, 0, sizeof *rt);
    rt->method = method;
    rt->pattern = pattern;
    rt->fn = fn;
    while (*p == '/')
        p++;
    while (*p && rt->nsegs < MAX_SEGS) {
        const char *e = strchr(p, '/');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n >= 2 && p[0] == '{' && p[n - 1] == '}')
            rt->segs[rt->nsegs][0] = 0;
        else {
            if (n >= sizeof rt->segs[0])
                n = sizeof rt->segs[0] - 1;
            memcpy(rt->segs[rt->nsegs], p, n);
            rt->segs[rt->nsegs][n] = 0;
            rt->literals++;
        }
        rt->nsegs++;
        p += n;
        while (*p == '/')
            p++;
    }
    n_routes++;
}

size_t http_routes_list(const char **methods, const char **patterns, size_t max)
{
    size_t i;
    for (i = 0; i < (size_t)n_routes && i < max; i++) {
        methods[i] = routes[i].method;
        patterns[i] = routes[i].pattern;
    }
    return (size_t)n_routes;
}

/* ---- time and small helpers ---- */

void http_timestamp(char out[40])
{
    struct timespec ts;
    struct tm tm;
    char tmp[96];
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    snprintf(tmp, sizeof tmp, "%04d-%02d-%02dT%02d:%02d:%02d.%03d+00:00", tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
             (int)(ts.tv_nsec / 1000000L));
    tmp[39] = 0;    /* always fits for years 0..9999 */
    memcpy(out, tmp, strlen(tmp) + 1);
}

int http_is_uuid(const char *s)
{
    int i;
    if (!s)
        return 0;
    for (i = 0; i < 36; i++) {
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (s[i] != '-')
                return 0;
        } else if (!isxdigit((unsigned char)s[i]))
            return 0;
    }
    return s[36] == 0;
}

int http_query(einv_req_t *r, const char *name, char *buf, size_t size)
{
    const char *q = r->ri ? r->ri->query_string : NULL;
    int n;
    if (size)
        buf[0] = 0;
    if (!q || !size)
        return 0;
    n = mg_get_var(q, strlen(q), name, buf, size);
    if (n == -1)
        return 0;
    if (n < 0)
        buf[0] = 0;     /* present but too long: an empty value, which routes refuse */
    return 1;
}

static const char *error_name(int status)
{
    switch (status) {
    case 400: return "BAD_REQUEST";
    case 401: return "UNAUTHORIZED";
    case 403: return "FORBIDDEN";
    case 404: return "NOT_FOUND";
    case 405: return "METHOD_NOT_ALLOWED";
    case 408: return "REQUEST_TIMEOUT";
    case 409: return "CONFLICT";
    case 413: return "PAYLOAD_TOO_LARGE";
    case 415: return "UNSUPPORTED_MEDIA_TYPE";
    case 429: return "Quota exceeded";
    case 501: return "NOT_IMPLEMENTED";
    case 503: return "SERVICE_UNAVAILABLE";
    case 500: return "INTERNAL_ERROR";
    default: return status >= 500 ? "INTERNAL_ERROR" : "BAD_REQUEST";
    }
}

/* The access-log form of a path: printable ASCII only, so a hostile path cannot forge
 * log lines. */
static void log_safe(const char *in, char *out, size_t size)
{
    size_t i = 0;
    for (; in && *in && i + 1 < size; in++)
        out[i++] = (*in > 0x20 && *in < 0x7f && *in != '"') ? *in : '?';
    out[i] = 0;
}

/* ---- responses ---- */

/* The answer's status, for the access log and the metrics; counted before the bytes go out,
 * so a client that has its answer finds it in the next scrape. */
static void set_status(einv_req_t *r, int status)
{
    r->status = status;
    metrics_request(r->route, status);
}

/* Keep-alive as CivetWeb decides it after the handler (should_keep_alive in civetweb.c):
 * not after mg_disable_connection_keep_alive (tracked here, CivetWeb has no getter), else
 * the request's Connection header, else HTTP/1.1. */
static _Thread_local int tl_must_close;

static void no_keep_alive(struct mg_connection *conn)
{
    tl_must_close = 1;
    mg_disable_connection_keep_alive(conn);
}

static int keeps_alive(const einv_req_t *r)
{
    const char *h = mg_get_header(r->conn, "Connection");
    if (tl_must_close)
        return 0;
    if (h)
        return strcasestr(h, "keep-alive") != NULL;
    return r->ri && r->ri->http_version && strcmp(r->ri->http_version, "1.1") == 0;
}

/* "Date: <RFC 7231 date>\r\n" of the current second (formatted once a second per thread). */
static const char *date_line(void)
{
    static _Thread_local char line[64];
    static _Thread_local time_t at = -1;
    time_t now = time(NULL);
    if (now != at) {
        struct tm tm;
        gmtime_r(&now, &tm);
        strftime(line, sizeof line, "Date: %a, %d %b %Y %H:%M:%S GMT\r\n", &tm);
        at = now;
    }
    return line;
}

/* Small answers go out in one write: status line, headers and body in one buffer. CivetWeb's
 * header API sends every header line on its own (11 send calls, 11 TCP segments with
 * TCP_NODELAY, and as many wake-ups of the client); a large body follows the head in a second
 * write instead of being copied. */
#define ONE_WRITE_MAX 16384

void http_send_bytes(einv_req_t *r, int status, const char *content_type, const void *data,
                     size_t len, const char *extra_headers)
{
    char buf[ONE_WRITE_MAX];
    int hl;
    int body = len && strcmp(r->method, "HEAD") != 0;
    if (r->status) {
        log_msg(ELOG_ERROR, "einvoiced", r->request_id[0] ? r->request_id : NULL,
                "BUG: second response for %s %s ignored", r->method, r->path);
        return;
    }
    if (conn_guard_respond(r->conn)) {
        set_status(r, 408);    /* the accept layer answered: the body did not arrive in time */
        return;
    }
    set_status(r, status);
    /* after an error the request body may be unread (413, 401 before reading): close the
     * connection instead of letting CivetWeb drain the rest for keep-alive */
    if (status >= 400)
        no_keep_alive(r->conn);
    hl = snprintf(buf, sizeof buf, "HTTP/1.1 %d %s\r\n%s%s%sContent-Length: %zu\r\n"
                  "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n%s%s%s%s%sConnection: %s\r\n\r\n",
                  status, mg_get_response_code_text(r->conn, status), content_type ? "Content-Type: " : "",
                  content_type ? content_type : "", content_type ? "\r\n" : "", len,
                  r->request_id[0] ? "X-Request-Id: " : "", r->request_id, r->request_id[0] ? "\r\n" : "",
                  extra_headers ? extra_headers : "", date_line(), keeps_alive(r) ? "keep-alive" : "close");
    if (hl < 0 || (size_t)hl >= sizeof buf) {
        /* headers this long are a bug of ours: answer without the extra ones */
        log_msg(ELOG_ERROR, "einvoiced", r->request_id, "BUG: response headers too long for %s", r->path);
        hl = snprintf(buf, sizeof buf, "HTTP/1.1 %d %s\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n",
                      status, mg_get_response_code_text(r->conn, status), len);
        no_keep_alive(r->conn);
    }
    if (body && (size_t)hl + len <= sizeof buf) {
        memcpy(buf + hl, data, len);
        mg_write(r->conn, buf, (size_t)hl + len);
        return;
    }
    mg_write(r->conn, buf, (size_t)hl);
    if (body)
        mg_write(r->conn, data, len);
}

void http_send_json(einv_req_t *r, int status, const char *json, const char *extra_headers)
{
    if (!json) {
        http_send_error(r, 500, "Out of memory while building the response", NULL);
        return;
    }
    http_send_bytes(r, status, "application/json", json, strlen(json), extra_headers);
}

void http_send_no_content(einv_req_t *r)
{
    if (r->status)
        return;
    if (conn_guard_respond(r->conn)) {
        set_status(r, 408);
        return;
    }
    set_status(r, 204);
    {
        char buf[512];
        int hl = snprintf(buf, sizeof buf, "HTTP/1.1 204 No Content\r\nCache-Control: no-store\r\n%s%s%s%s"
                          "Connection: %s\r\n\r\n", r->request_id[0] ? "X-Request-Id: " : "",
                          r->request_id, r->request_id[0] ? "\r\n" : "", date_line(),
                          keeps_alive(r) ? "keep-alive" : "close");
        mg_write(r->conn, buf, (size_t)hl < sizeof buf ? (size_t)hl : strlen(buf));
    }
}

void http_send_accepted(einv_req_t *r, const char *id, const char *status, const char *extra_headers)
{
    char body[160], hdr[1024];
    snprintf(body, sizeof body, "{\"id\":\"%.36s\",\"status\":\"%.20s\"}", id, status);
    /* where to poll, and when: a small invoice is usually validated within a second */
    snprintf(hdr, sizeof hdr, "Location: /api/v1/invoices/%.36s\r\nRetry-After: 1\r\n%s", id,
             extra_headers ? extra_headers : "");
    snprintf(r->invoice_id, sizeof r->invoice_id, "%.36s", id);
    http_send_json(r, 202, body, hdr);
}

/* The error body; request_id NULL or "" leaves requestId out (answers outside a request). */
static char *error_body(int status, const char *message, const char *path, const char *request_id)
{
    json_object *o = json_object_new_object();
    char ts[40];
    /* messages and paths may quote the client's bytes (a multipart field name, a path):
     * the answer is JSON, so they go out as valid UTF-8 */
    char *m = strdup(message ? message : ""), *p = strdup(path ? path : "");
    char *out = NULL;
    if (o && m && p) {
        http_timestamp(ts);
        json_object_object_add(o, "message", json_object_new_string(http_text_repair(m)));
        json_object_object_add(o, "error", json_object_new_string(error_name(status)));
        json_object_object_add(o, "code", json_object_new_int(status));
        json_object_object_add(o, "timestamp", json_object_new_string(ts));
        json_object_object_add(o, "path", json_object_new_string(http_text_repair(p)));
        if (request_id && *request_id)     /* printable ASCII only (http.c checks it) */
            json_object_object_add(o, "requestId", json_object_new_string(request_id));
        out = strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    }
    json_object_put(o);
    free(m);
    free(p);
    return out;
}

char *http_error_body(int status, const char *message, const char *path)
{
    return error_body(status, message, path, NULL);
}

void http_send_error(einv_req_t *r, int status, const char *message, const char *extra_headers)
{
    char *body = error_body(status, message, r->path, r->request_id);
    char hdr[1024];
    const char *h = extra_headers;
    /* a 503 always tells the client when to retry */
    if (status == 503 && !(extra_headers && strcasestr(extra_headers, "Retry-After:"))) {
        snprintf(hdr, sizeof hdr, "Retry-After: 5\r\n%s", extra_headers ? extra_headers : "");
        h = hdr;
    }
    if (!body) {
        static const char fallback[] = "{\"message\":\"out of memory\",\"error\":\"INTERNAL_ERROR\",\"code\":500}";
        http_send_bytes(r, 500, "application/json", fallback, sizeof fallback - 1, NULL);
        return;
    }
    http_send_bytes(r, status, "application/json", body, strlen(body), h);
    free(body);
}

/* ---- request body ---- */

int http_read_body(einv_req_t *r, char **out, size_t *len, size_t max)
{
    long long cl = r->ri->content_length;
    size_t cap, n = 0;
    char *buf;
    char msg[160];
    *out = NULL;
    *len = 0;
    if (cl > 0 && (unsigned long long)cl > (unsigned long long)max) {
        /* refuse before reading: the rest is never taken into memory */
        snprintf(msg, sizeof msg, "Request body of %lld bytes exceeds the limit of %zu bytes", cl, max);
        http_send_error(r, 413, msg, NULL);
        return -1;
    }
    /* grow as data arrives: a client announcing a large body and then stalling must not
     * pin that much memory per connection */
    cap = cl > 0 ? ((size_t)cl + 1 < 65536 ? (size_t)cl + 1 : 65536) : 8192;
    buf = malloc(cap);
    if (!buf) {
        http_send_error(r, 500, "Out of memory reading the request body", NULL);
        return -1;
    }
    for (;;) {
        int got;
        if (n + 1 >= cap) {
            size_t ncap = cap * 2;
            char *nb;
            if (ncap > max + 2)
                ncap = max + 2;
            if (ncap <= cap) {
                /* chunked (or lying) body past the limit: stop reading here */
                free(buf);
                snprintf(msg, sizeof msg, "Request body exceeds the limit of %zu bytes", max);
                http_send_error(r, 413, msg, NULL);
                return -1;
            }
            nb = realloc(buf, ncap);
            if (!nb) {
                free(buf);
                http_send_error(r, 500, "Out of memory reading the request body", NULL);
                return -1;
            }
            buf = nb;
            cap = ncap;
        }
        /* at most 1 MiB per call: mg_read returns an int */
        got = mg_read(r->conn, buf + n, cap - 1 - n < (1u << 20) ? cap - 1 - n : (1u << 20));
        if (got == 0)
            break;
        if (got < 0) {
            free(buf);
            http_send_error(r, 400, "The request body could not be read (connection error or malformed chunked encoding)", NULL);
            return -1;
        }
        n += (size_t)got;
        if (n > max) {
            free(buf);
            snprintf(msg, sizeof msg, "Request body exceeds the limit of %zu bytes", max);
            http_send_error(r, 413, msg, NULL);
            return -1;
        }
    }
    if (cl > 0 && n < (size_t)cl) {
        free(buf);
        http_send_error(r, 400, "The request body is shorter than its Content-Length", NULL);
        return -1;
    }
    buf[n] = 0;
    *out = buf;
    *len = n;
    conn_guard_body_done(r->conn);
    return 0;
}

/* ---- dispatch ---- */

/* Split path into segments (in place in buf); returns their number, -1 when too many. */
static int split_path(char *buf, char *segs[MAX_SEGS])
{
    int n = 0;
    char *p = buf;
    while (*p == '/')
        p++;
    while (*p) {
        char *e = strchr(p, '/');
        if (n >= MAX_SEGS)
            return -1;
        segs[n++] = p;
        if (!e)
            break;
        *e = 0;
        p = e + 1;
        if (!*p) {
            break;          /* one trailing slash is tolerated */
        }
        if (*p == '/')
            return -1;      /* empty segment: no route has one */
    }
    return n;
}

/* Percent-decode one path segment (CivetWeb runs with decode_url=no, so the router sees
 * the path as sent). Returns 0, or -1 when the segment decodes to a NUL byte or holds a
 * malformed escape: such a segment matches no literal, and a parameter receives it as sent,
 * so the route's own check refuses it ("<uuid>%00junk" is not the uuid). */
static int hex_digit(char c)
{
    return isdigit((unsigned char)c) ? c - '0' : tolower((unsigned char)c) - 'a' + 10;
}

static int decode_segment(const char *in, char *out, size_t size)
{
    size_t o = 0;
    for (; *in; in++) {
        unsigned char c = (unsigned char)*in;
        if (c == '%') {
            if (!isxdigit((unsigned char)in[1]) || !isxdigit((unsigned char)in[2]))
                return -1;
            c = (unsigned char)(hex_digit(in[1]) << 4 | hex_digit(in[2]));
            if (c == 0)
                return -1;
            in += 2;
        }
        if (o + 1 >= size)
            return -1;
        out[o++] = (char)c;
    }
    out[o] = 0;
    return 0;
}

static int route_matches(const route_t *rt, char *const *segs, int n)
{
    int i;
    if (rt->nsegs != n)
        return 0;
    for (i = 0; i < n; i++) {
        if (rt->segs[i][0] == 0) {
            if (!segs[i][0])
                return 0;
        } else if (strcmp(rt->segs[i], segs[i]) != 0)
            return 0;
    }
    return 1;
}

/* One line per request: the text form "GET /path 200 1.2ms account=<id>" as before, the
 * JSON form with method, path, status, duration_ms, account and invoice as members. */
static void access_log(const einv_req_t *r)
{
    char path[256], method[16], msg[320];
    double ms = now_ms() - r->t_start;
    const char *account = r->authenticated && r->account.id[0] ? r->account.id : "-";
    log_field_t f[6];
    if (!log_enabled(ELOG_INFO))
        return;
    log_safe(r->path, path, sizeof path);
    log_safe(r->method, method, sizeof method);
    snprintf(msg, sizeof msg, "%s %s %d %.1fms", method[0] ? method : "-", path[0] ? path : "-",
             r->status, ms);
    memset(f, 0, sizeof f);
    f[0] = (log_field_t){.key = "method", .type = ELOG_STR, .s = method[0] ? method : "-", .json_only = 1};
    f[1] = (log_field_t){.key = "path", .type = ELOG_STR, .s = path[0] ? path : "-", .json_only = 1};
    f[2] = (log_field_t){.key = "status", .type = ELOG_INT, .i = r->status, .json_only = 1};
    f[3] = (log_field_t){.key = "duration_ms", .type = ELOG_MS, .ms = ms, .json_only = 1};
    f[4] = (log_field_t){.key = "account", .type = ELOG_STR, .s = account};
    f[5] = (log_field_t){.key = "invoice", .type = ELOG_STR, .s = r->invoice_id[0] ? r->invoice_id : NULL};
    log_fields(ELOG_INFO, "access", r->request_id[0] ? r->request_id : NULL, msg, f, 6);
}

static void dispatch(einv_req_t *r)
{
    char buf[sizeof r->path], dec[sizeof r->path];
    char *segs[MAX_SEGS];
    const route_t *cand[MAX_ROUTES];
    int n, i, nc = 0, best = -1;
    size_t off = 0;
    strcpy(buf, r->path);
    n = split_path(buf, segs);
    /* decoded segments side by side in dec; an undecodable one keeps its raw text */
    for (i = 0; i < n; i++)
        if (decode_segment(segs[i], dec + off, sizeof dec - off) == 0) {
            segs[i] = dec + off;
            off += strlen(dec + off) + 1;
        }
    if (n >= 0) {
        for (i = 0; i < n_routes; i++)
            if (route_matches(&routes[i], segs, n)) {
                if (routes[i].literals > best) {
                    best = routes[i].literals;
                    nc = 0;
                }
                if (routes[i].literals == best)
                    cand[nc++] = &routes[i];
            }
    }
    if (nc == 0) {
        http_send_error(r, 404, "No such resource", NULL);
        return;
    }
    for (i = 0; i < nc; i++)
        if (strcmp(cand[i]->method, r->method) == 0 ||
            /* HEAD is GET without the body (http_send_bytes leaves it out) */
            (strcmp(r->method, "HEAD") == 0 && strcmp(cand[i]->method, "GET") == 0)) {
            const char *params[MAX_SEGS];
            int np = 0, k;
            for (k = 0; k < n; k++)
                if (cand[i]->segs[k][0] == 0)
                    params[np++] = segs[k];
            r->route = (int)(cand[i] - routes);
            cand[i]->fn(r, params, np);
            return;
        }
    {
        char allow[200] = "Allow: ", msg[240];
        size_t off = strlen(allow);
        for (i = 0; i < nc && off < sizeof allow - 20; i++)
            off += (size_t)snprintf(allow + off, sizeof allow - off, "%s%s", i ? ", " : "",
                                    cand[i]->method);
        snprintf(allow + off, sizeof allow - off, "\r\n");
        snprintf(msg, sizeof msg, "Method %.16s is not allowed here; allowed: %.150s", r->method,
                 allow + 7);
        msg[strcspn(msg, "\r")] = 0;
        http_send_error(r, 405, msg, allow);
    }
}

/* 128 bits of an id: a per-thread splitmix64 stream seeded from OpenSSL's CSPRNG once, so
 * ids are unique across threads and processes without a CSPRNG call (~1-2 us) per request;
 * they need to be unique, not secret. */
static unsigned long long id_next(void)
{
    static _Thread_local unsigned long long state;
    static _Thread_local int seeded;
    unsigned long long z;
    if (!seeded) {
        if (RAND_bytes((unsigned char *)&state, sizeof state) != 1)
            state = (unsigned long long)(now_ms() * 1000.0) ^ (unsigned long long)(size_t)&state;
        seeded = 1;
    }
    z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The client's X-Request-Id when it is 1..128 visible ASCII characters (no space, quote or
 * backslash: it goes into log lines and JSON as it is), else a new one of 32 hex digits. */
static void request_id(einv_req_t *r)
{
    const char *h = r->conn ? mg_get_header(r->conn, "X-Request-Id") : NULL;
    size_t n = h ? strlen(h) : 0, i;
    static const char hex[] = "0123456789abcdef";
    unsigned long long w[2];
    for (i = 0; i < n; i++)
        if (h[i] <= 0x20 || h[i] >= 0x7f || h[i] == '"' || h[i] == '\\')
            break;
    if (n > 0 && n < sizeof r->request_id && i == n) {
        memcpy(r->request_id, h, n + 1);
        return;
    }
    w[0] = id_next();
    w[1] = id_next();
    for (i = 0; i < 32; i++)
        r->request_id[i] = hex[(w[i / 16] >> (60 - 4 * (i % 16))) & 15];
    r->request_id[32] = 0;
}

static int request_handler(struct mg_connection *conn, void *cbdata)
{
    einv_req_t r;
    const char *uri;
    memset(&r, 0, sizeof r);
    r.conn = conn;
    r.ri = mg_get_request_info(conn);
    r.srv = cbdata;
    r.method = r.ri && r.ri->request_method ? r.ri->request_method : "GET";
    r.t_start = now_ms();
    r.route = -1;
    request_id(&r);
    conn_guard_request_begin(conn);
    /* keep-alive holds a thread while it waits for the next request: not when they are scarce */
    tl_must_close = 0;
    if (!conn_guard_keep_alive_ok())
        no_keep_alive(conn);
    uri = r.ri ? (r.ri->local_uri_raw ? r.ri->local_uri_raw : r.ri->local_uri) : NULL;
    if (!uri || strlen(uri) >= sizeof r.path) {
        snprintf(r.path, sizeof r.path, "%.*s", (int)sizeof r.path - 1, uri ? uri : "");
        http_send_error(&r, 404, uri ? "Path too long" : "No such resource", NULL);
    } else {
        char *q;
        strcpy(r.path, uri);
        q = strchr(r.path, '?');
        if (q)
            *q = 0;
        dispatch(&r);
    }
    if (!r.status) {
        log_msg(ELOG_ERROR, "einvoiced", r.request_id, "BUG: no response for %s %s", r.method, r.path);
        http_send_error(&r, 500, "Internal error", NULL);
    }
    access_log(&r);
    store_account_clear(&r.account);
    store_key_clear(&r.key);
    /* a large body was read: give its pages back now, not whenever the arena shrinks */
    if (r.ri && r.ri->content_length > TRIM_AFTER_BYTES)
        malloc_trim(0);
    return r.status;
}

/* CivetWeb's own errors (malformed request line, headers too large, ...) in our JSON shape. */
static int civet_error(struct mg_connection *conn, int status, const char *msg)
{
    einv_req_t r;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    memset(&r, 0, sizeof r);
    r.conn = conn;
    r.ri = ri;
    r.method = ri && ri->request_method ? ri->request_method : "-";
    r.t_start = now_ms();
    r.route = -1;
    request_id(&r);
    if (ri && ri->local_uri)
        snprintf(r.path, sizeof r.path, "%.*s", (int)sizeof r.path - 1, ri->local_uri);
    http_send_error(&r, status, msg && *msg ? msg : "Malformed request", NULL);
    access_log(&r);
    return 0;
}

static int civet_log(const struct mg_connection *conn, const char *message)
{
    (void)conn;
    log_msg(ELOG_WARN, "civetweb", NULL, "%s", message);
    return 1;
}

void http_install(einv_srv_t *srv)
{
    mg_set_request_handler(srv->mg, "/", request_handler, srv);
}

/* CivetWeb callbacks for mg_start (used by main.c; declared here to keep http.h fixed). */
void http_callbacks(struct mg_callbacks *cb);
void http_callbacks(struct mg_callbacks *cb)
{
    memset(cb, 0, sizeof *cb);
    cb->http_error = civet_error;
    cb->log_message = civet_log;
}
