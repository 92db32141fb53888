/* The identity provider's signing keys taken from its OpenID Connect discovery document
 * (EINV_OIDC_ISSUER/.well-known/openid-configuration -> jwks_uri), cached, and fetched again
 * when a token names a kid the cache does not hold (at most once a minute), so key rotation
 * at the provider needs no restart. EINV_JWKS_FILE (offline installs) keeps a fixed set. */
#ifndef EINV_AUTH_OIDC_H
#define EINV_AUTH_OIDC_H

#include <stddef.h>
#include "auth.h"

#define AUTH_OIDC_URL_MAX 1024
#define AUTH_OIDC_DOC_MAX (1024 * 1024)

typedef struct auth_oidc auth_oidc_t;

typedef struct auth_oidc_options {
    const char *issuer;         /* EINV_OIDC_ISSUER; required */
    int min_refetch_seconds;    /* between two fetches for unknown kids, and between two
                                 * attempts while no keys are cached; 0: 60 */
    int max_age_seconds;        /* keys older than this are fetched again; 0: 3600 */
    int timeout_ms;             /* one HTTP fetch, connect to last byte; 0: 5000 */
} auth_oidc_options_t;

/* The endpoints the dashboard needs, from the discovery document ("" when not given). */
typedef struct auth_oidc_endpoints {
    char authorization[AUTH_OIDC_URL_MAX];
    char token[AUTH_OIDC_URL_MAX];
    char end_session[AUTH_OIDC_URL_MAX];
} auth_oidc_endpoints_t;

/* A key source for o->issuer. Nothing is fetched yet: call auth_oidc_refresh (at start-up;
 * a provider that is down then is tried again on the first token). The issuer must be https,
 * or http on a loopback host (tests, local runs). (transfer full: auth_oidc_free) or NULL
 * with err filled. */
auth_oidc_t *auth_oidc_new(const auth_oidc_options_t *o, einv_error_t *err);
void auth_oidc_free(auth_oidc_t *o);
/* Fetch the discovery document (issuer checked) and the JWKS now, whatever the rate limit.
 * EINV_OK, or EINV_ERR with the reason (the cached keys, if any, stay in use). */
int auth_oidc_refresh(auth_oidc_t *o, long long now, einv_error_t *err);
/* auth_jwt_verify against the cached keys and the issuer: EINV_OK, EINV_ERR (the token is
 * refused), or EINV_ERR_IO when no keys could be had from the provider at all (a 503, not
 * the user's fault). A token whose kid is not among
 * them first fetches the JWKS again, unless the previous fetch for an unknown kid is less
 * than min_refetch_seconds old; keys older than max_age (or none yet) are fetched again when
 * the last attempt is that old. now is the caller's clock (seconds; tests move it). */
int auth_oidc_verify(auth_oidc_t *o, const char *token, const char *audience, long long now,
                     int skew_seconds, auth_claims_t *out, einv_error_t *err);
/* Copy the endpoints of the last discovery document; EINV_OK, or EINV_ERR_NOTFOUND when
 * discovery has not succeeded yet (one attempt is made then, rate-limited like the keys). */
int auth_oidc_endpoints(auth_oidc_t *o, long long now, auth_oidc_endpoints_t *out);
/* JWKS fetches made so far (successful or not), for tests and logs. */
unsigned auth_oidc_fetch_count(auth_oidc_t *o);

/* GET url (http or https; https peers verified against the system's trust store; http only
 * to loopback hosts) with a body of at most max bytes. Returns the body (NUL-terminated,
 * transfer full: free) or NULL with err filled. (server/auth_oidc_fetch.c) */
char *auth_oidc_fetch(const char *url, size_t max, int timeout_ms, einv_error_t *err);
/* 1 when url is https://..., or http:// to localhost, 127.0.0.0/8 or [::1]. */
int auth_oidc_url_allowed(const char *url);

#endif
