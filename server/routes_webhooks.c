/* Webhooks of the caller's account (docs/api.md "Webhooks"):
 *   POST   /api/v1/webhooks                    register {url, events?, description?}; 201 with
 *                                              the secret, shown this once
 *   GET    /api/v1/webhooks                    {"content": [records]}, newest first, no secrets
 *   GET    /api/v1/webhooks/{id}               one record
 *   DELETE /api/v1/webhooks/{id}               204; its pending deliveries are dropped
 *   GET    /api/v1/webhooks/{id}/deliveries    the delivery log, a page envelope, newest first */
#define _GNU_SOURCE
#include "http.h"
#include "http_json.h"
#include "store_webhooks.h"
#include "webhooks.h"

#include <ctype.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WEBHOOK_BODY_MAX (16 * 1024)
#define DESCRIPTION_MAX 200         /* characters */
#define DELIVERY_PAGE_DEFAULT 20
#define DELIVERY_PAGE_MAX 100

static const char *to_json(json_object *o)
{
    return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
}

static json_object *str_or_null(const char *s)
{
    return s && *s ? json_object_new_string(s) : NULL;
}

/* {id, url, events, description, createdAt}. (transfer full) */
static json_object *webhook_json(const store_webhook_t *w)
{
    json_object *o = json_object_new_object(), *ev = json_object_new_array();
    for (int bit = 1; bit <= STORE_EVENT_ALL; bit <<= 1)
        if (w->events & bit)
            json_object_array_add(ev, json_object_new_string(store_event_name(bit)));
    json_object_object_add(o, "id", json_object_new_string(w->id));
    json_object_object_add(o, "url", json_object_new_string(w->url ? w->url : ""));
    json_object_object_add(o, "events", ev);
    json_object_object_add(o, "description", str_or_null(w->description));
    json_object_object_add(o, "createdAt", json_object_new_string(w->created_at));
    return o;
}

static json_object *delivery_json(const store_delivery_t *d)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "id", json_object_new_string(d->id));
    json_object_object_add(o, "eventId", json_object_new_string(d->event_id));
    json_object_object_add(o, "eventType", json_object_new_string(d->event_type));
    json_object_object_add(o, "invoiceId", json_object_new_string(d->invoice_id));
    json_object_object_add(o, "status", json_object_new_string(d->status));
    json_object_object_add(o, "attempts", json_object_new_int(d->attempts));
    json_object_object_add(o, "createdAt", json_object_new_string(d->created_at));
    json_object_object_add(o, "lastAttemptAt", str_or_null(d->last_attempt_at));
    json_object_object_add(o, "lastStatusCode", d->last_status_code > 0 ? json_object_new_int(d->last_status_code) : NULL);
    json_object_object_add(o, "lastError", str_or_null(d->last_error));
    json_object_object_add(o, "nextAttemptAt", str_or_null(d->next_attempt_at));
    json_object_object_add(o, "completedAt", str_or_null(d->completed_at));
    return o;
}

static size_t utf8_chars(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* The events member: a non-empty array of known names; absent means all. 0 and msg on error. */
static int parse_events(json_object *o, int *events, char *msg, size_t cap)
{
    json_object *v;
    *events = STORE_EVENT_ALL;
    if (!json_object_object_get_ex(o, "events", &v))
        return 1;
    if (!v || !json_object_is_type(v, json_type_array) || json_object_array_length(v) == 0) {
        snprintf(msg, cap, "events: a non-empty array of \"invoice.validated\" and \"invoice.failed\" is required");
        return 0;
    }
    *events = 0;
    for (size_t i = 0; i < json_object_array_length(v); i++) {
        const char *name = http_json_text(json_object_array_get_idx(v, i));
        int bit = store_event_bit(name);
        if (!bit) {
            snprintf(msg, cap, "events/%zu: unknown event (invoice.validated or invoice.failed)", i);
            return 0;
        }
        *events |= bit;
    }
    return 1;
}

/* The request body's members, checked: 0 and a 400 message when something is wrong. */
static int parse_create(json_object *o, int allow_private, const char **url, int *events,
                        const char **description, char *msg, size_t cap)
{
    json_object *v;
    *description = NULL;
    json_object_object_foreach(o, key, val) {
        (void)val;
        if (strcmp(key, "url") && strcmp(key, "events") && strcmp(key, "description")) {
            snprintf(msg, cap, "%.*s: unknown member (url, events, description)", http_text_prec(key, 100), key);
            return 0;
        }
    }
    if (!json_object_object_get_ex(o, "url", &v) || !v) {
        snprintf(msg, cap, "url is required");
        return 0;
    }
    if (!(*url = http_json_text(v))) {
        snprintf(msg, cap, "url must be a string");
        return 0;
    }
    if (webhook_url_check(*url, allow_private, msg, cap) != 0)
        return 0;
    if (!parse_events(o, events, msg, cap))
        return 0;
    if (json_object_object_get_ex(o, "description", &v) && v) {
        if (!(*description = http_json_text(v))) {
            snprintf(msg, cap, "description must be a string or null");
            return 0;
        }
        if (utf8_chars(*description) > DESCRIPTION_MAX ||
            !http_text_clean(*description, strlen(*description))) {
            snprintf(msg, cap, "description must be UTF-8 text of at most 200 characters without control characters");
            return 0;
        }
    }
    return 1;
}

static void create_webhook(einv_req_t *r, const char *const *params, int nparams)
{
    char *body = NULL, msg[400], secret[WEBHOOK_SECRET_MAX], loc[128];
    const char *url, *description;
    size_t len = 0;
    int events, rc;
    json_object *o, *rec;
    store_webhook_t w;
    einv_error_t err;
    (void)params;
    (void)nparams;
    if (!http_authenticate(r))
        return;
    if (http_read_body(r, &body, &len, WEBHOOK_BODY_MAX) != 0)
        return;
    o = http_json_object(body, len, "{url, events, description}", msg, sizeof msg);
    free(body);
    if (!o || !parse_create(o, r->srv->cfg.webhook_allow_private, &url, &events, &description,
                            msg, sizeof msg)) {
        json_object_put(o);
        http_send_error(r, 400, msg, NULL);
        return;
    }
    if (webhook_secret_new(secret) != 0) {
        json_object_put(o);
        http_send_error(r, 500, "Could not generate a secret", NULL);
        return;
    }
    memset(&w, 0, sizeof w);
    memset(&err, 0, sizeof err);
    rc = store_webhook_create(r->srv->store, r->account.id, url, events, description, secret,
                              r->srv->cfg.webhook_max_per_account, &w, &err);
    json_object_put(o);
    memset(secret, 0, sizeof secret);
    if (rc == EINV_ERR_LIMIT) {
        snprintf(msg, sizeof msg, "This account has %d webhooks, the most allowed; delete one first",
                 r->srv->cfg.webhook_max_per_account);
        http_send_error(r, 409, msg, NULL);
        return;
    }
    if (rc != EINV_OK) {
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
        return;
    }
    rec = webhook_json(&w);
    json_object_object_add(rec, "secret", json_object_new_string(w.secret));
    snprintf(loc, sizeof loc, "Location: /api/v1/webhooks/%s\r\n", w.id);
    http_send_json(r, 201, to_json(rec), loc);
    json_object_put(rec);   /* the secret leaves memory with the response */
    store_webhook_clear(&w);
}

static void list_webhooks(einv_req_t *r, const char *const *params, int nparams)
{
    store_webhook_t *list = NULL;
    size_t n = 0;
    json_object *o, *arr;
    (void)params;
    (void)nparams;
    if (!http_authenticate(r))
        return;
    if (store_webhook_list(r->srv->store, r->account.id, &list, &n) != EINV_OK) {
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
        return;
    }
    o = json_object_new_object();
    arr = json_object_new_array();
    for (size_t i = n; i-- > 0;)        /* the store gives them oldest first */
        json_object_array_add(arr, webhook_json(&list[i]));
    json_object_object_add(o, "content", arr);
    http_send_json(r, 200, to_json(o), NULL);
    json_object_put(o);
    for (size_t i = 0; i < n; i++)
        store_webhook_clear(&list[i]);
    free(list);
}

/* The caller's webhook named by the path: sends 400/404/503 and returns -1 when there is none. */
static int load_webhook(einv_req_t *r, const char *id, store_webhook_t *w)
{
    int rc;
    if (!http_is_uuid(id)) {
        http_send_error(r, 400, "id: not a valid UUID", NULL);
        return -1;
    }
    rc = store_webhook_get(r->srv->store, r->account.id, id, w);
    if (rc == EINV_ERR_NOTFOUND)
        http_send_error(r, 404, "No webhook with this id", NULL);
    else if (rc != EINV_OK)
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
    return rc == EINV_OK ? 0 : -1;
}

static void get_webhook(einv_req_t *r, const char *const *params, int nparams)
{
    store_webhook_t w;
    json_object *o;
    (void)nparams;
    if (!http_authenticate(r) || load_webhook(r, params[0], &w) != 0)
        return;
    o = webhook_json(&w);
    http_send_json(r, 200, to_json(o), NULL);
    json_object_put(o);
    store_webhook_clear(&w);
}

static void delete_webhook(einv_req_t *r, const char *const *params, int nparams)
{
    int rc;
    (void)nparams;
    if (!http_authenticate(r))
        return;
    if (!http_is_uuid(params[0])) {
        http_send_error(r, 400, "id: not a valid UUID", NULL);
        return;
    }
    rc = store_webhook_delete(r->srv->store, r->account.id, params[0]);
    if (rc == EINV_OK)
        http_send_no_content(r);
    else if (rc == EINV_ERR_NOTFOUND)
        http_send_error(r, 404, "No webhook with this id", NULL);
    else
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
}

/* A paging parameter: def when absent, else a decimal within [min, max]; -1 when not. */
static long long page_param(einv_req_t *r, const char *name, long long def, long long min, long long max)
{
    char raw[32];
    char *end;
    if (!http_query(r, name, raw, sizeof raw))
        return def;
    if (!isdigit((unsigned char)raw[0]) || strlen(raw) > 12)
        return -1;
    long long v = strtoll(raw, &end, 10);
    return *end || v < min || v > max ? -1 : v;
}

static void list_deliveries(einv_req_t *r, const char *const *params, int nparams)
{
    store_webhook_t w;
    store_delivery_t *items = NULL;
    size_t n = 0;
    long long total = 0, page, size;
    json_object *o, *arr;
    (void)nparams;
    if (!http_authenticate(r) || load_webhook(r, params[0], &w) != 0)
        return;
    store_webhook_clear(&w);
    if ((page = page_param(r, "page", 0, 0, 1000000000LL)) < 0) {
        http_send_error(r, 400, "page: must be an integer >= 0", NULL);
        return;
    }
    if ((size = page_param(r, "size", DELIVERY_PAGE_DEFAULT, 1, DELIVERY_PAGE_MAX)) < 0) {
        http_send_error(r, 400, "size: must be an integer between 1 and 100", NULL);
        return;
    }
    if (store_delivery_list(r->srv->store, params[0], page, size, &items, &n, &total) != EINV_OK) {
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
        return;
    }
    o = json_object_new_object();
    arr = json_object_new_array();
    for (size_t i = 0; i < n; i++)
        json_object_array_add(arr, delivery_json(&items[i]));
    json_object_object_add(o, "content", arr);
    json_object_object_add(o, "page", json_object_new_int64(page));
    json_object_object_add(o, "size", json_object_new_int64(size));
    json_object_object_add(o, "totalElements", json_object_new_int64(total));
    json_object_object_add(o, "totalPages", json_object_new_int64((total + size - 1) / size));
    http_send_json(r, 200, to_json(o), NULL);
    json_object_put(o);
    for (size_t i = 0; i < n; i++)
        store_delivery_clear(&items[i]);
    free(items);
}

void routes_webhooks_register(void)
{
    http_route("POST", "/api/v1/webhooks", create_webhook);
    http_route("GET", "/api/v1/webhooks", list_webhooks);
    http_route("GET", "/api/v1/webhooks/{id}", get_webhook);
    http_route("DELETE", "/api/v1/webhooks/{id}", delete_webhook);
    http_route("GET", "/api/v1/webhooks/{id}/deliveries", list_deliveries);
}
