/* Credentials: API keys (generation, hashing, constant-time comparison) and identity-provider
 * ID tokens (JWT RS256/ES256 checked against a JWKS file, issuer, audience and expiry). */
#ifndef EINV_AUTH_H
#define EINV_AUTH_H

#include <stddef.h>
#include <einvoice/status.h>

#define AUTH_KEY_MAX 96

/* A new raw key: "svc_live_" or "svc_test_" + 43 URL-safe characters (32 bytes from the
 * OS CSPRNG, base64url without padding). Returns EINV_OK or EINV_ERR. */
int auth_key_generate(int sandbox, char out[AUTH_KEY_MAX]);
/* 1 when raw has a known prefix and at least 32 URL-safe characters after it. */
int auth_key_well_formed(const char *raw);
/* SHA-256 of the raw key as 64 lowercase hex characters. */
void auth_key_hash(const char *raw, char out_hex[65]);
/* Constant-time comparison of two equal-length buffers (1 when equal). */
int auth_ct_equal(const void *a, const void *b, size_t n);

typedef struct auth_jwks auth_jwks_t;
/* Load a JWKS document (RSA keys with n/e, EC P-256 keys with crv/x/y; "kid" optional).
 * (transfer full) */
auth_jwks_t *auth_jwks_load_file(const char *path, einv_error_t *err);
auth_jwks_t *auth_jwks_load_json(const char *json, einv_error_t *err);
void auth_jwks_free(auth_jwks_t *k);

typedef struct auth_claims {
    char sub[256];
    char email[320];
    char iss[256];
    long long exp;
    int email_verified;     /* 1 when the token says email_verified: true */
} auth_claims_t;

/* Verify a compact JWT: signature (RS256 or ES256; "none" and HS* are refused) with the key
 * named by the header's kid (or any key of the right type when there is no kid), iss equal
 * to issuer (when issuer is non-NULL), aud equal to or containing audience (when non-NULL),
 * exp > now - skew, nbf/iat <= now + skew. EINV_OK and claims filled, or EINV_ERR with the
 * reason in err->message (never echoing the token). */
int auth_jwt_verify(const auth_jwks_t *keys, const char *token, const char *issuer,
                    const char *audience, long long now, int skew_seconds, auth_claims_t *out,
                    einv_error_t *err);

/* ---- Internal to server/auth_*.c: helpers the key, JWKS and JWT files share. Other code
 * should use the functions above. ---- */
struct json_object;
struct evp_pkey_st;
/* Strict base64url (RFC 4648 §5) without padding: any other character, '=', a length of
 * 4k+1 or non-zero unused trailing bits is refused, so every input has exactly one
 * accepted spelling. Returns a NUL-terminated buffer (transfer full: free()) with the byte
 * count in *out_len, or NULL. */
unsigned char *auth_b64url_decode(const char *in, size_t len, size_t *out_len);
/* Encode n bytes as unpadded base64url into out (NUL-terminated). Returns the number of
 * characters written, or 0 when cap is too small. */
size_t auth_b64url_encode(const void *in, size_t n, char *out, size_t cap);
/* Parse exactly len bytes as one strict JSON value (UTF-8 checked, nesting <= 32, no NUL
 * bytes, only whitespace after it). (transfer full: json_object_put) or NULL. */
struct json_object *auth_json_parse(const char *s, size_t len);
/* The i-th key of the set (NULL past the end), with its kid (NULL when absent), whether it
 * is an EC P-256 key (else RSA) and its JWK "alg" (NULL when absent). (transfer none) */
struct evp_pkey_st *auth_jwks_key(const auth_jwks_t *k, size_t i, const char **kid, int *is_ec,
                                  const char **alg);
#endif
