/* The identity provider's keys from its discovery document (server/auth_oidc.h): discovery,
 * the JWKS cache and its refetch on an unknown kid. Verification holds a read lock on the
 * current key set; a fetch runs outside it (one at a time, under fetch_mu) and swaps the set
 * in under the write lock, so requests never wait for the network unless their own token
 * needs the new keys. */
#define _GNU_SOURCE
#include "auth_oidc.h"
#include "log.h"

#include <json-c/json.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WELL_KNOWN "/.well-known/openid-configuration"

struct auth_oidc {
    char issuer[AUTH_OIDC_URL_MAX];
    int min_refetch, max_age, timeout_ms;
    pthread_rwlock_t lock;          /* keys, endpoints, jwks_uri */
    pthread_mutex_t fetch_mu;       /* one fetch at a time (written under it: the three below) */
    auth_jwks_t *keys;              /* NULL until the first successful fetch */
    char jwks_uri[AUTH_OIDC_URL_MAX];
    auth_oidc_endpoints_t ep;
    int discovered;
    /* read without the mutex, so a request never waits for another's fetch just to learn
     * that it need not fetch */
    _Atomic long long last_attempt; /* time of the last fetch attempt, -1: never */
    _Atomic long long last_refetch; /* time of the last fetch for an unknown kid, -1: never */
    long long keys_time;            /* time the current keys were fetched */
    _Atomic unsigned fetches;
};

/* See auth_oidc.h. */
auth_oidc_t *auth_oidc_new(const auth_oidc_options_t *opt, einv_error_t *err)
{
    auth_oidc_t *o;
    size_t n;
    if (!opt || !opt->issuer || !*opt->issuer) {
        einv_error_set(err, EINV_ERR_USAGE, "no issuer given", "", "Set EINV_OIDC_ISSUER");
        return NULL;
    }
    n = strlen(opt->issuer);
    if (n + sizeof WELL_KNOWN >= AUTH_OIDC_URL_MAX) {
        einv_error_set(err, EINV_ERR, "EINV_OIDC_ISSUER is too long", "", "");
        return NULL;
    }
    if (!auth_oidc_url_allowed(opt->issuer) || strpbrk(opt->issuer, "?#")) {
        einv_error_set(err, EINV_ERR, "EINV_OIDC_ISSUER must be an https:// URL without query "
                       "(http:// only on loopback hosts)", opt->issuer, "");
        return NULL;
    }
    if (!(o = calloc(1, sizeof *o))) {
        einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
        return NULL;
    }
    memcpy(o->issuer, opt->issuer, n + 1);
    o->min_refetch = opt->min_refetch_seconds > 0 ? opt->min_refetch_seconds : 60;
    o->max_age = opt->max_age_seconds > 0 ? opt->max_age_seconds : 3600;
    o->timeout_ms = opt->timeout_ms > 0 ? opt->timeout_ms : 5000;
    o->last_attempt = -1;
    o->last_refetch = -1;
    pthread_rwlock_init(&o->lock, NULL);
    pthread_mutex_init(&o->fetch_mu, NULL);
    return o;
}

void auth_oidc_free(auth_oidc_t *o)
{
    if (!o)
        return;
    auth_jwks_free(o->keys);
    pthread_rwlock_destroy(&o->lock);
    pthread_mutex_destroy(&o->fetch_mu);
    free(o);
}

unsigned auth_oidc_fetch_count(auth_oidc_t *o)
{
    return o ? atomic_load(&o->fetches) : 0;
}

/* A string member of the discovery document into out (may be absent: ""); -1 when it is
 * present but not a string, too long, or a URL we would not fetch (url_check). */
static int doc_url(struct json_object *doc, const char *name, char *out, int url_check)
{
    struct json_object *v;
    const char *s;
    out[0] = '\0';
    if (!json_object_object_get_ex(doc, name, &v))
        return 0;
    if (!json_object_is_type(v, json_type_string))
        return -1;
    s = json_object_get_string(v);
    if ((size_t)json_object_get_string_len(v) >= AUTH_OIDC_URL_MAX || strlen(s) != (size_t)json_object_get_string_len(v))
        return -1;
    if (url_check && !auth_oidc_url_allowed(s))
        return -1;
    memcpy(out, s, strlen(s) + 1);
    return 0;
}

/* Fetch and check the discovery document; fills jwks_uri and ep. Called under fetch_mu. */
static int discover(auth_oidc_t *o, char *jwks_uri, auth_oidc_endpoints_t *ep, einv_error_t *err)
{
    char url[AUTH_OIDC_URL_MAX + sizeof WELL_KNOWN], iss[AUTH_OIDC_URL_MAX];
    size_t n = strlen(o->issuer);
    struct json_object *doc;
    char *body;
    int bad;
    /* OpenID Connect Discovery 1.0 §4: issuer without a trailing slash + the well-known path */
    while (n > 0 && o->issuer[n - 1] == '/')
        n--;
    snprintf(url, sizeof url, "%.*s%s", (int)n, o->issuer, WELL_KNOWN);
    if (!(body = auth_oidc_fetch(url, AUTH_OIDC_DOC_MAX, o->timeout_ms, err)))
        return EINV_ERR;
    doc = auth_json_parse(body, strlen(body));
    free(body);
    if (!doc || !json_object_is_type(doc, json_type_object)) {
        json_object_put(doc);
        return einv_error_set(err, EINV_ERR, "the discovery document is not a JSON object", url, "");
    }
    bad = doc_url(doc, "issuer", iss, 0) || doc_url(doc, "jwks_uri", jwks_uri, 1) ||
          doc_url(doc, "authorization_endpoint", ep->authorization, 0) ||
          doc_url(doc, "token_endpoint", ep->token, 0) ||
          doc_url(doc, "end_session_endpoint", ep->end_session, 0);
    json_object_put(doc);
    if (bad)
        return einv_error_set(err, EINV_ERR, "the discovery document has a malformed member "
                              "(or a jwks_uri that is not https)", url, "");
    /* §4.3: the issuer it names must be exactly the one configured, or tokens of another
     * tenant could pass */
    if (strcmp(iss, o->issuer) != 0)
        return einv_error_set(err, EINV_ERR, "the discovery document names another issuer", iss,
                              "Set EINV_OIDC_ISSUER to exactly the provider's issuer");
    if (!jwks_uri[0])
        return einv_error_set(err, EINV_ERR, "the discovery document has no jwks_uri", url, "");
    return EINV_OK;
}

/* Discovery (when not done yet) and the JWKS; swaps the new set in. Called under fetch_mu. */
static int fetch_locked(auth_oidc_t *o, long long now, einv_error_t *err)
{
    char jwks_uri[AUTH_OIDC_URL_MAX];
    auth_oidc_endpoints_t ep;
    auth_jwks_t *keys, *old;
    char *body;
    int discovered;
    o->last_attempt = now;
    o->fetches++;
    pthread_rwlock_rdlock(&o->lock);
    discovered = o->discovered;
    memcpy(jwks_uri, o->jwks_uri, sizeof jwks_uri);
    pthread_rwlock_unlock(&o->lock);
    memset(&ep, 0, sizeof ep);
    if (!discovered && discover(o, jwks_uri, &ep, err) != EINV_OK)
        return EINV_ERR;
    if (!(body = auth_oidc_fetch(jwks_uri, AUTH_OIDC_DOC_MAX, o->timeout_ms, err))) {
        /* the provider may have moved its keys: read the discovery document next time */
        pthread_rwlock_wrlock(&o->lock);
        o->discovered = 0;
        pthread_rwlock_unlock(&o->lock);
        return EINV_ERR;
    }
    keys = auth_jwks_load_json(body, err);
    free(body);
    if (!keys) {
        if (err && !err->detail[0])
            snprintf(err->detail, sizeof err->detail, "%.250s", jwks_uri);
        return EINV_ERR;
    }
    pthread_rwlock_wrlock(&o->lock);
    old = o->keys;
    o->keys = keys;
    o->keys_time = now;
    if (!discovered) {
        memcpy(o->jwks_uri, jwks_uri, sizeof jwks_uri);
        o->ep = ep;
        o->discovered = 1;
    }
    pthread_rwlock_unlock(&o->lock);
    auth_jwks_free(old);
    return EINV_OK;
}

/* See auth_oidc.h. */
int auth_oidc_refresh(auth_oidc_t *o, long long now, einv_error_t *err)
{
    int rc;
    pthread_mutex_lock(&o->fetch_mu);
    rc = fetch_locked(o, now, err);
    pthread_mutex_unlock(&o->fetch_mu);
    return rc;
}

/* Fetch again unless the last attempt is younger than min_refetch. for_kid: the fetch is
 * for an unknown kid, limited against the previous such fetch only (a rotation right after
 * start-up is picked up at once; random kids cannot make us ask more than once a minute).
 * wait: 0 when the caller can do without (keys merely old, the dashboard's endpoints): then
 * a fetch under way elsewhere is not waited for. 1 when a fetch succeeded (or another
 * thread's did meanwhile: stamp changed), else 0. */
static int refetch_limited(auth_oidc_t *o, long long now, long long stamp_seen, int for_kid, int wait)
{
    einv_error_t err;
    long long last;
    int done = 0;
    if (wait)
        pthread_mutex_lock(&o->fetch_mu);
    else if (pthread_mutex_trylock(&o->fetch_mu) != 0)
        return 0;
    last = for_kid ? o->last_refetch : o->last_attempt;
    if (o->last_attempt != stamp_seen && o->last_attempt >= 0 && now - o->last_attempt < o->min_refetch)
        done = 1;   /* fetched while we waited for the mutex: use that result */
    else if (last < 0 || now - last >= o->min_refetch) {
        memset(&err, 0, sizeof err);
        if (for_kid)
            o->last_refetch = now;
        done = fetch_locked(o, now, &err) == EINV_OK;
        if (!done)
            log_msg(ELOG_WARN, "oidc", NULL, "cannot refresh the identity provider's keys: %s (%s); "
                    "next attempt in %d s at the earliest", err.message, err.detail, o->min_refetch);
    }
    pthread_mutex_unlock(&o->fetch_mu);
    return done;
}

/* The token header's kid into out ("" when it has none); -1 when the header is unreadable
 * (auth_jwt_verify then reports why). */
static int token_kid(const char *token, char *out, size_t cap)
{
    const char *dot = strchr(token, '.');
    struct json_object *h, *v;
    unsigned char *raw;
    size_t n = 0;
    int rc = -1;
    out[0] = '\0';
    if (!dot || !(raw = auth_b64url_decode(token, (size_t)(dot - token), &n)))
        return -1;
    h = auth_json_parse((const char *)raw, n);
    free(raw);
    if (h && json_object_is_type(h, json_type_object)) {
        rc = 0;
        if (json_object_object_get_ex(h, "kid", &v) && json_object_is_type(v, json_type_string))
            snprintf(out, cap, "%s", json_object_get_string(v));
    }
    json_object_put(h);
    return rc;
}

/* 1 when the current set holds kid (or kid is "": any key may do). Called under lock. */
static int has_kid(const auth_jwks_t *k, const char *kid)
{
    const char *have;
    size_t i;
    if (!k)
        return 0;
    if (!kid[0])
        return 1;
    for (i = 0; auth_jwks_key(k, i, &have, NULL, NULL); i++)
        if (have && strcmp(have, kid) == 0)
            return 1;
    return 0;
}

/* See auth_oidc.h. */
int auth_oidc_verify(auth_oidc_t *o, const char *token, const char *audience, long long now,
                     int skew_seconds, auth_claims_t *out, einv_error_t *err)
{
    char kid[256];
    long long stamp, age;
    int known, have_keys, rc;
    if (token_kid(token, kid, sizeof kid) != 0)
        kid[0] = '\0';
    pthread_rwlock_rdlock(&o->lock);
    known = has_kid(o->keys, kid);
    have_keys = o->keys != NULL;
    age = o->keys ? now - o->keys_time : 0;
    pthread_rwlock_unlock(&o->lock);
    stamp = atomic_load(&o->last_attempt);
    if (!known || age >= o->max_age)
        refetch_limited(o, now, stamp, !known && have_keys, !known || !have_keys);
    pthread_rwlock_rdlock(&o->lock);
    if (!o->keys) {
        pthread_rwlock_unlock(&o->lock);
        return einv_error_set(err, EINV_ERR_IO, "the identity provider's keys are not available "
                              "(discovery or JWKS fetch failed; see the server log)", "", "");
    }
    rc = auth_jwt_verify(o->keys, token, o->issuer, audience, now, skew_seconds, out, err);
    pthread_rwlock_unlock(&o->lock);
    return rc;
}

/* See auth_oidc.h. */
int auth_oidc_endpoints(auth_oidc_t *o, long long now, auth_oidc_endpoints_t *out)
{
    int ok;
    pthread_rwlock_rdlock(&o->lock);
    ok = o->discovered;
    pthread_rwlock_unlock(&o->lock);
    if (!ok) {
        refetch_limited(o, now, atomic_load(&o->last_attempt), 0, 0);
    }
    pthread_rwlock_rdlock(&o->lock);
    ok = o->discovered;
    if (ok)
        *out = o->ep;
    pthread_rwlock_unlock(&o->lock);
    return ok ? EINV_OK : EINV_ERR_NOTFOUND;
}
