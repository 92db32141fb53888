/* Webhooks of einvoiced (docs/api.md "Webhooks", docs/operations.md "Webhooks"): target URL
 * checks, the signature, the small HTTP/1.1 client that posts deliveries (http:// and
 * https:// through OpenSSL), the delivery worker threads and the /api/v1/webhooks routes.
 * The deliveries themselves live in the store (store_webhooks.h). */
#ifndef EINV_WEBHOOKS_H
#define EINV_WEBHOOKS_H

#include <stddef.h>
#include <sys/socket.h>

struct einv_srv;

#define WEBHOOK_URL_MAX 2048
#define WEBHOOK_SECRET_MAX 64       /* "whsec_" + 43 base64url characters + NUL */
#define WEBHOOK_SIGNATURE_MAX 72    /* "sha256=" + 64 hex + NUL */

/* A parsed target URL. */
typedef struct webhook_url {
    int https;
    char host[256];             /* without the brackets of an IPv6 literal */
    int host_is_ip;             /* an IPv4 or IPv6 literal */
    int port;
    char path[WEBHOOK_URL_MAX]; /* path and query, at least "/" */
} webhook_url_t;

/* Parse and check a target URL: http or https, at most WEBHOOK_URL_MAX characters of
 * printable ASCII, a host, no user:password@, no #fragment, a port within 1..65535.
 * Returns 0, or -1 with msg filled (a 400 message naming "url"). */
int webhook_url_parse(const char *url, webhook_url_t *u, char *msg, size_t cap);
/* The registration check: webhook_url_parse, and unless allow_private, no loopback,
 * private, link-local or otherwise non-public IP literal and no "localhost" name (names are
 * checked again against every address they resolve to when a delivery is sent). */
int webhook_url_check(const char *url, int allow_private, char *msg, size_t cap);
/* 1 when the address is not a public unicast address (loopback, RFC 1918, CGNAT,
 * link-local, unique-local, multicast, unspecified, reserved, IPv4-mapped forms of these). */
int webhook_addr_private(const struct sockaddr *sa);

/* A new secret "whsec_<43 base64url characters>" (256 random bits from OpenSSL). 0 or -1. */
int webhook_secret_new(char out[WEBHOOK_SECRET_MAX]);
/* "sha256=" + hex HMAC-SHA256(key = the secret's bytes, message = timestamp "." body). */
void webhook_sign(const char *secret, const char *timestamp, const char *body, size_t len,
                  char out[WEBHOOK_SIGNATURE_MAX]);

/* POST body (application/json) to u with extra header lines ("Name: value\r\n"), within
 * timeout_ms for the whole exchange (connect, TLS, send, status line). Unless allow_private,
 * addresses webhook_addr_private refuses are not connected to. *stop (may be NULL) is looked
 * at every 100 ms: when it becomes non-zero the attempt is abandoned. Returns 0 with *status
 * the HTTP status, -1 with err filled (no HTTP answer), -2 when stopped. */
int webhook_post(const webhook_url_t *u, const char *headers, const char *body, size_t len,
                 int timeout_ms, int allow_private, const volatile int *stop, int *status,
                 char *err, size_t cap);

/* The delivery workers (EINV_WEBHOOK_WORKERS threads; none when 0). */
typedef struct webhooks webhooks_t;
webhooks_t *webhooks_start(struct einv_srv *srv);
/* Stop the workers: an attempt in flight is abandoned (its delivery stays due) and the
 * threads are joined; returns within about a second whatever the receivers do. */
void webhooks_stop(webhooks_t *w);
/* A final status was stored in this process: look for due deliveries now, if it wrote any
 * (store_delivery_written_take); other instances' deliveries are found by the poll. */
void webhooks_wake(void);
/* Delay before the retry that follows attempt n (1-based): base * 2^(n-1), capped at max,
 * then +-20 % jitter (never above max). */
long long webhook_backoff_ms(int n, long long base_ms, long long max_ms);

/* POST/GET /api/v1/webhooks, DELETE /api/v1/webhooks/{id}, GET .../{id}/deliveries. */
void routes_webhooks_register(void);
#endif
