/* Authentication of a request (API.md "Authentication and plans"): "Authorization: Bearer"
 * with an API key (hashed, looked up on every request so a revoke is effective at once) or
 * an identity-provider ID token (JWT against the configured JWKS, issuer, audience; the
 * first token of a subject creates its FREE account). Credentials are never logged. */
#define _GNU_SOURCE
#include "http.h"
#include "auth_oidc.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define JWT_SKEW_SECONDS 60

static int unauthorized(einv_req_t *r, const char *msg, int invalid_token)
{
    http_send_error(r, 401, msg,
                    invalid_token ? "WWW-Authenticate: Bearer error=\"invalid_token\"\r\n"
                                  : "WWW-Authenticate: Bearer\r\n");
    return 0;
}

static int unavailable(einv_req_t *r)
{
    http_send_error(r, 503, "The database is not available; try again shortly", "Retry-After: 5\r\n");
    return 0;
}

/* The bearer token of the request (trimmed), or NULL. */
static const char *bearer(einv_req_t *r, char *buf, size_t size)
{
    const char *h = mg_get_header(r->conn, "Authorization");
    size_t n;
    if (!h)
        return NULL;
    while (*h == ' ' || *h == '\t')
        h++;
    if (strncasecmp(h, "Bearer", 6) != 0 || (h[6] != ' ' && h[6] != '\t'))
        return NULL;
    h += 6;
    while (*h == ' ' || *h == '\t')
        h++;
    n = strlen(h);
    while (n > 0 && (h[n - 1] == ' ' || h[n - 1] == '\t'))
        n--;
    if (n == 0 || n >= size)
        return NULL;
    memcpy(buf, h, n);
    buf[n] = 0;
    return buf;
}

/* 1 when the ISO UTC timestamp ts is more than TOUCH_INTERVAL seconds old. */
#define TOUCH_INTERVAL 60
static int touch_due(const char *ts)
{
    time_t t = time(NULL) - TOUCH_INTERVAL;
    struct tm tm;
    char limit[32];
    gmtime_r(&t, &tm);
    strftime(limit, sizeof limit, "%Y-%m-%dT%H:%M:%S", &tm);
    /* both strings are "YYYY-MM-DDTHH:MM:SS...": lexical order is time order */
    return strncmp(ts, limit, 19) < 0;
}

static int auth_key(einv_req_t *r, const char *raw)
{
    char hash[65];
    int rc;
    if (!auth_key_well_formed(raw))
        return unauthorized(r, "Invalid API key", 1);
    auth_key_hash(raw, hash);
    /* the key and its account in one statement, read on every request: a revoke (or a plan
     * change) counts from the next request on */
    rc = store_key_auth(r->srv->store, hash, &r->key, &r->account);
    if (rc == EINV_ERR_NOTFOUND)
        return unauthorized(r, "Invalid API key", 1);
    if (rc != EINV_OK)
        return unavailable(r);
    if (r->key.revoked_at[0])
        return unauthorized(r, "This API key has been revoked", 1);
    /* lastUsedAt is informative: a failed touch must not fail the request, and a minute's
     * precision spares the database one write per request under load */
    if (!r->key.last_used_at[0] || touch_due(r->key.last_used_at))
        store_key_touch(r->srv->store, r->key.id);
    r->via_key = 1;
    return 1;
}

static int auth_token(einv_req_t *r, const char *token)
{
    const einv_config_t *c = &r->srv->cfg;
    auth_claims_t claims;
    einv_error_t err;
    char subject[600], msg[400];
    const char *email;
    int rc;
    if (!r->srv->jwks && !r->srv->oidc)
        return unauthorized(r, "Invalid credentials: ID tokens are not accepted by this server (no JWKS configured)", 1);
    memset(&claims, 0, sizeof claims);
    memset(&err, 0, sizeof err);
    /* EINV_JWKS_FILE (offline) wins; else the issuer's keys, fetched again on an unknown kid */
    rc = r->srv->jwks ? auth_jwt_verify(r->srv->jwks, token, c->oidc_issuer[0] ? c->oidc_issuer : NULL,
                                        c->oidc_audience[0] ? c->oidc_audience : NULL, (long long)time(NULL),
                                        JWT_SKEW_SECONDS, &claims, &err)
                      : auth_oidc_verify(r->srv->oidc, token, c->oidc_audience[0] ? c->oidc_audience : NULL,
                                         (long long)time(NULL), JWT_SKEW_SECONDS, &claims, &err);
    if (rc == EINV_ERR_IO) {
        /* the provider's keys could not be fetched: not the caller's fault, try again */
        http_send_error(r, 503, "ID tokens cannot be checked right now: the identity provider's keys "
                        "are not available; try again shortly", "Retry-After: 30\r\n");
        return 0;
    }
    if (rc != EINV_OK) {
        snprintf(msg, sizeof msg, "Invalid ID token: %s", err.message[0] ? err.message : "verification failed");
        return unauthorized(r, msg, 1);
    }
    if (!claims.sub[0])
        return unauthorized(r, "Invalid ID token: no subject", 1);
    snprintf(subject, sizeof subject, "%s|%s", claims.iss, claims.sub);
    /* The linking rule (docs/api.md "ID tokens"): only an email verified by the JSON boolean
     * true may link to an existing account, never to one that has a subject or is a
     * super-admin (the store checks both), and an address EINV_SUPER_ADMINS names is never
     * taken from a token: super-admins are bound by subject with `einvoiced admin
     * bind-subject`. Without a usable email the subject is the account's address. */
    email = claims.email[0] && claims.email_verified &&
                    !einv_config_is_super_admin(c, claims.email)
                ? claims.email
                : NULL;
    rc = store_account_for_subject(r->srv->store, subject, email, &r->account, &err);
    if (rc != EINV_OK)
        return unavailable(r);
    r->via_key = 0;
    return 1;
}

int http_authenticate(einv_req_t *r)
{
    char tok[8192];
    const char *t = bearer(r, tok, sizeof tok);
    int ok;
    if (!t) {
        if (mg_get_header(r->conn, "Authorization"))
            return unauthorized(r, "Invalid credentials: expected Authorization: Bearer <API key or ID token>", 1);
        return unauthorized(r, "Missing credentials: send Authorization: Bearer <API key or ID token>", 0);
    }
    if (strncmp(t, "svc_live_", 9) == 0 || strncmp(t, "svc_test_", 9) == 0)
        ok = auth_key(r, t);
    else if (strchr(t, '.') && strchr(strchr(t, '.') + 1, '.'))
        ok = auth_token(r, t);
    else
        ok = unauthorized(r, "Invalid credentials: not an API key or an ID token", 1);
    /* t lives on this stack frame only; wipe it */
    memset(tok, 0, sizeof tok);
    if (!ok) {
        store_account_clear(&r->account);
        store_key_clear(&r->key);
        memset(&r->account, 0, sizeof r->account);
        memset(&r->key, 0, sizeof r->key);
        return 0;
    }
    r->authenticated = 1;
    r->super_admin = r->account.super_admin ||
                     einv_config_is_super_admin(&r->srv->cfg, r->account.email);
    return 1;
}
