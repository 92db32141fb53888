/* API keys of the caller's account (API.md "API key"): POST /v1/api-keys creates one and
 * shows the raw key this once, GET lists them newest first (revoked ones included), DELETE
 * revokes (effective on the next request, since authentication never caches). */
#define _GNU_SOURCE
#include "http.h"
#include "http_json.h"
#include "quota.h"

#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_BODY_MAX (16 * 1024)
#define KEY_NAME_MAX 200

static const char *to_json(json_object *o)
{
    return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
}

static json_object *ts_or_null(const char *ts)
{
    return ts && ts[0] ? json_object_new_string(ts) : NULL;
}

/* The key record {id, name, sandbox, prefix, lastFour, quotaLimit, usedThisMonth, createdAt,
 * lastUsedAt, revokedAt}. (transfer full) */
static json_object *key_json(const store_key_t *k, long long used)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "id", json_object_new_string(k->id));
    /* names stored before they were checked may hold invalid UTF-8: the answer stays JSON */
    json_object_object_add(o, "name", json_object_new_string(k->name ? http_text_repair(k->name) : ""));
    json_object_object_add(o, "sandbox", json_object_new_boolean(k->sandbox));
    json_object_object_add(o, "prefix", json_object_new_string(k->prefix));
    json_object_object_add(o, "lastFour", json_object_new_string(k->last_four));
    json_object_object_add(o, "quotaLimit", k->quota_limit >= 0 ? json_object_new_int64(k->quota_limit) : NULL);
    json_object_object_add(o, "usedThisMonth", json_object_new_int64(used));
    json_object_object_add(o, "createdAt", json_object_new_string(k->created_at));
    json_object_object_add(o, "lastUsedAt", ts_or_null(k->last_used_at));
    json_object_object_add(o, "revokedAt", ts_or_null(k->revoked_at));
    return o;
}

static long long key_used(einv_req_t *r, const char *key_id, const char *period)
{
    long long acc = 0, key = 0;
    if (store_usage(r->srv->store, r->account.id, key_id, period, &acc, &key) != EINV_OK)
        return 0;
    return key;
}

/* Number of UTF-8 code points (the name limit is in characters, not bytes). */
static size_t utf8_len(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            n++;
    return n;
}

static void create_key(einv_req_t *r, const char *const *params, int nparams)
{
    char *body = NULL, raw[AUTH_KEY_MAX], hash[65], loc[128];
    size_t len = 0, rl;
    json_object *o, *v, *rec;
    char msg[600];
    const char *name;
    int sandbox = 0;
    long long quota = -1;
    store_key_t k;
    einv_error_t err;
    if (!http_authenticate(r))
        return;
    if (http_read_body(r, &body, &len, KEY_BODY_MAX) != 0)
        return;
    o = http_json_object(body, len, "{name, sandbox, quotaLimit}", msg, sizeof msg);
    free(body);
    if (!o) {
        http_send_error(r, 400, msg, NULL);
        return;
    }
#define BAD(msg)                              \
    do {                                      \
        json_object_put(o);                   \
        http_send_error(r, 400, msg, NULL);   \
        return;                               \
    } while (0)
    if (!json_object_object_get_ex(o, "name", &v) || !v)
        BAD("name is required");
    if (!json_object_is_type(v, json_type_string))
        BAD("name must be a string");
    if (!(name = http_json_text(v)))
        BAD("name must not contain NUL characters");
    if (!*name || strspn(name, " \t\r\n") == strlen(name))
        BAD("name must not be empty");
    if (utf8_len(name) > KEY_NAME_MAX)
        BAD("name must be at most 200 characters");
    if (!http_text_clean(name, strlen(name)))
        BAD("name must be UTF-8 text without control characters");
    if (json_object_object_get_ex(o, "sandbox", &v) && v) {
        if (!json_object_is_type(v, json_type_boolean))
            BAD("sandbox must be a boolean");
        sandbox = json_object_get_boolean(v);
    }
    if (json_object_object_get_ex(o, "quotaLimit", &v) && v) {
        if (!http_json_int_range(v, 1, INT64_MAX, &quota))
            BAD("quotaLimit must be an integer from 1 to 9223372036854775807, or null");
    }
#undef BAD
    /* FREE accounts: no key may promise more than the account's monthly cap */
    if (!r->account.pro && (quota < 0 || quota > QUOTA_FREE_LIMIT))
        quota = QUOTA_FREE_LIMIT;
    if (auth_key_generate(sandbox, raw) != EINV_OK) {
        json_object_put(o);
        http_send_error(r, 500, "Could not generate a key", NULL);
        return;
    }
    auth_key_hash(raw, hash);
    rl = strlen(raw);
    memset(&k, 0, sizeof k);
    memset(&err, 0, sizeof err);
    if (store_key_create(r->srv->store, r->account.id, json_object_get_string(json_object_object_get(o, "name")),
                         sandbox, quota, hash, sandbox ? "svc_test_" : "svc_live_", raw + rl - 4, &k,
                         &err) != EINV_OK) {
        memset(raw, 0, sizeof raw);
        json_object_put(o);
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
        return;
    }
    json_object_put(o);
    rec = key_json(&k, 0);
    json_object_object_add(rec, "key", json_object_new_string(raw));
    snprintf(loc, sizeof loc, "Location: /api/v1/api-keys/%s\r\n", k.id);
    http_send_json(r, 201, to_json(rec), loc);
    /* the raw key leaves memory with the response */
    json_object_put(rec);
    memset(raw, 0, sizeof raw);
    store_key_clear(&k);
}

static int newer_first(const void *a, const void *b)
{
    const store_key_t *x = a, *y = b;
    int c = strcmp(y->created_at, x->created_at);
    return c ? c : strcmp(y->id, x->id);
}

static void list_keys(einv_req_t *r, const char *const *params, int nparams)
{
    store_key_t *keys = NULL;
    size_t n = 0, i;
    json_object *o, *arr;
    char period[8];
    if (!http_authenticate(r))
        return;
    if (store_key_list(r->srv->store, r->account.id, &keys, &n) != EINV_OK) {
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
        return;
    }
    if (n > 1)
        qsort(keys, n, sizeof *keys, newer_first);
    quota_period(period);
    o = json_object_new_object();
    arr = json_object_new_array();
    for (i = 0; i < n; i++)
        json_object_array_add(arr, key_json(&keys[i], key_used(r, keys[i].id, period)));
    json_object_object_add(o, "content", arr);
    http_send_json(r, 200, to_json(o), NULL);
    json_object_put(o);
    for (i = 0; i < n; i++)
        store_key_clear(&keys[i]);
    free(keys);
}

static void revoke_key(einv_req_t *r, const char *const *params, int nparams)
{
    int rc;
    if (!http_authenticate(r))
        return;
    if (nparams < 1 || !http_is_uuid(params[0])) {
        http_send_error(r, 400, "id must be a UUID", NULL);
        return;
    }
    rc = store_key_revoke(r->srv->store, r->account.id, params[0]);
    if (rc == EINV_OK)
        http_send_no_content(r);
    else if (rc == EINV_ERR_NOTFOUND)
        http_send_error(r, 404, "No such API key", NULL);
    else
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
}

/* Registers the API key routes. */
void routes_keys_register(void)
{
    http_route("POST", "/api/v1/api-keys", create_key);
    http_route("GET", "/api/v1/api-keys", list_keys);
    http_route("DELETE", "/api/v1/api-keys/{id}", revoke_key);
}
