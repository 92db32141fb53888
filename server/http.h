/* The HTTP layer of einvoiced on CivetWeb: server state, the per-request context, routing,
 * JSON and error responses, authentication, body limits. Routes live in routes_*.c. */
#ifndef EINV_HTTP_H
#define EINV_HTTP_H

#include <stddef.h>
#include <civetweb.h>
#include "server.h"

typedef struct einv_workers einv_workers_t;

/* Process-wide state, created by main.c. */
typedef struct einv_srv {
    einv_config_t cfg;
    einv_store_t *store;
    einv_engine_t *engine;
    auth_jwks_t *jwks;              /* NULL when no EINV_JWKS_FILE */
    struct auth_oidc *oidc;         /* keys from EINV_OIDC_ISSUER's discovery (no JWKS file), else NULL */
    struct mg_context *mg;
    einv_workers_t *workers;
} einv_srv_t;

/* One request. Filled by the router and by http_authenticate. */
typedef struct einv_req {
    struct mg_connection *conn;
    const struct mg_request_info *ri;
    einv_srv_t *srv;
    const char *method;
    char path[512];                 /* request path without the query string */
    double t_start;
    int status;                     /* set by the send functions, for the access log */
    int route;                      /* index of the matched route (metrics), -1: none */
    char request_id[129];           /* X-Request-Id: the client's (checked) or generated */
    char invoice_id[37];            /* set by http_send_accepted, for the access log */
    /* authentication result */
    int authenticated;
    store_account_t account;        /* the caller's account */
    int super_admin;                /* account flag or EINV_SUPER_ADMINS */
    int via_key;                    /* 1: API key; 0: ID token */
    store_key_t key;                /* the key used (via_key) */
} einv_req_t;

/* A route handler: params[] are the {placeholders} of the pattern in order. Returns nothing;
 * it must send exactly one response. */
typedef void (*einv_route_fn)(einv_req_t *r, const char *const *params, int nparams);

/* Register a route: method "GET"/"POST"/..., pattern like "/api/v1/invoices/{id}/download".
 * An unknown path gives 404, a known path with another method 405 (with Allow), both with
 * the JSON error body. */
void http_route(const char *method, const char *pattern, einv_route_fn fn);
/* Every registered route as "METHOD pattern" lines (for the OpenAPI coverage test). */
size_t http_routes_list(const char **methods, const char **patterns, size_t max);
/* Fill CivetWeb callbacks so its own errors (malformed request, bad Content-Length) use the
 * JSON error body too; call before mg_start. */
void http_callbacks(struct mg_callbacks *cb);
/* Install the dispatcher on the CivetWeb context (one handler for "/"). */
void http_install(einv_srv_t *srv);

/* Responses. extra_headers: NULL or lines "Name: value\r\n". */
void http_send_json(einv_req_t *r, int status, const char *json, const char *extra_headers);
void http_send_bytes(einv_req_t *r, int status, const char *content_type, const void *data,
                     size_t len, const char *extra_headers);
void http_send_no_content(einv_req_t *r);
/* 202 for a submission: body {id, status} with Location: /api/v1/invoices/{id} and
 * Retry-After: 1 besides extra_headers; the id goes to the access log. */
void http_send_accepted(einv_req_t *r, const char *id, const char *status, const char *extra_headers);
/* The API error body {message, error, code, timestamp, path, requestId}; error derived
 * from status (429 → "Quota exceeded"). */
void http_send_error(einv_req_t *r, int status, const char *message, const char *extra_headers);
/* That body as JSON text (malloc'd, the caller frees; NULL when out of memory), for answers
 * written outside a request (conn_guard.c). */
char *http_error_body(int status, const char *message, const char *path);

/* Authenticate from "Authorization: Bearer ...": API key (svc_live_/svc_test_) or ID token.
 * Returns 1 when authenticated (r filled); otherwise sends 401 and returns 0. Revocation is
 * effective on the next request (no cache). */
int http_authenticate(einv_req_t *r);

/* Read the whole request body up to max bytes (malloc'd, NUL-terminated). Returns 0 on
 * success; on a body over max sends 413 (without reading it all) and returns -1; other read
 * errors send 400 and return -1. */
int http_read_body(einv_req_t *r, char **out, size_t *len, size_t max);
/* Query parameter value into buf; 1 when present. */
int http_query(einv_req_t *r, const char *name, char *buf, size_t size);
/* ISO 8601 timestamp with offset, for error bodies. */
void http_timestamp(char out[40]);
/* 1 when s is a canonical UUID (8-4-4-4-12 hex). */
int http_is_uuid(const char *s);

/* Route groups, each registers its routes (routes_*.c). */
void routes_health_register(void);
void routes_account_register(void);
void routes_keys_register(void);
void routes_invoices_register(void);
void routes_docs_register(void);        /* GET /docs/rules[/{code}] (routes_docs.c) */
void routes_dashboard_register(void);   /* GET / and the dashboard's files (routes_dashboard.c) */

/* Worker pool (workers.c): validates queued invoices. */
einv_workers_t *workers_start(einv_srv_t *srv, int n);
void workers_stop(einv_workers_t *w);
void workers_wake(einv_workers_t *w);     /* a submit happened in this process */
/* store_submit with the in-process hand-off: when the workers' memory queue has room, the
 * job is stored claimed by this process and queued in memory with a copy of the payload
 * (in's claim fields are set for the call and cleared after). Same results as store_submit. */
int workers_submit(einv_srv_t *srv, store_submit_t *in, char out_id[37],
                   store_quota_state_t *q, einv_error_t *err);
#endif
