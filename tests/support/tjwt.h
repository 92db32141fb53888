/* ES256 ID tokens for the server suites: the JWKS file of a P-256 key (kid "k1") and
 * compact JWS tokens signed with it over any payload, so tests can send exactly the claims
 * they need (e.g. email_verified as the string "true").
 *
 *     EVP_PKEY *k = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
 *     tjwt_write_jwks(k, "/tmp/x/jwks.json");
 *     char *tok = tjwt_sign(k, "{\"iss\":\"...\",\"sub\":\"u1\",...}");   // free() it
 */
#ifndef TESTS_TJWT_H
#define TESTS_TJWT_H

#include <stddef.h>
#include <openssl/evp.h>

/* Unpadded base64url of n bytes. (transfer full: free) */
char *tjwt_b64u(const void *data, size_t n);
/* Write {"keys":[{kty EC, crv P-256, kid "k1", alg ES256, x, y}]} for key. 0 or -1. */
int tjwt_write_jwks(EVP_PKEY *key, const char *path);
/* header {"alg":"ES256","typ":"JWT","kid":"k1"} . payload . ES256 signature by key.
 * (transfer full: free) */
char *tjwt_sign(EVP_PKEY *key, const char *payload);
/* The public JWK of key with that kid (one JSON object). (transfer full: free) */
char *tjwt_jwk(EVP_PKEY *key, const char *kid);
/* tjwt_sign with another kid in the header. (transfer full: free) */
char *tjwt_sign_kid(EVP_PKEY *key, const char *kid, const char *payload);

#endif
