/* libFuzzer target: the identity-provider token readers of server/auth_jwt.c and
 * server/auth_jwks.c against a fixed test JWKS (one RSA, one EC P-256 key, fuzz_jwt_keys.h).
 *
 * Byte 0 picks the mode, the rest is its input:
 *   0  a compact JWT as sent in "Authorization: Bearer", verified as is;
 *   1  header JSON, '\n', payload JSON: the harness encodes and signs them with the test key
 *      the header's alg names (RS256, else ES256), so the fuzzer reaches the claim checks
 *      behind the signature (issuer, audience, times, sub, email, email_verified);
 *   2  a JWKS document, loaded, then a fixed signed token verified against it;
 *   3  base64url text: decoded, and what decodes must encode back to the same text (the
 *      decoder promises one accepted spelling per value).
 * Invariants of an accepted token: sub is non-empty, the claim strings are valid UTF-8 (they
 * are stored and echoed), and email_verified is set only by the JSON boolean true. */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include "auth.h"
#include "fuzz_check.h"
#include "fuzz_jwt_keys.h"

#define ISSUER "https://idp.fuzz.test"
#define AUDIENCE "einvoice-fuzz"
#define NOW 1700000000LL
#define SKEW 60

static EVP_PKEY *ec_key, *rsa_key;
static auth_jwks_t *jwks;
static char *fixed_token;

static EVP_PKEY *load_pem(const char *pem)
{
    BIO *b = BIO_new_mem_buf(pem, -1);
    EVP_PKEY *k = b ? PEM_read_bio_PrivateKey(b, NULL, NULL, NULL) : NULL;
    BIO_free(b);
    if (!k)
        fz_die("cannot read a test key", NULL);
    return k;
}

/* base64url of the big-endian parameter `param` of k, padded to pad bytes (0: minimal). */
static void bn_b64(EVP_PKEY *k, const char *param, int pad, char *out, size_t cap)
{
    BIGNUM *bn = NULL;
    unsigned char raw[512];
    int n;
    if (!EVP_PKEY_get_bn_param(k, param, &bn))
        fz_die("test key parameter missing", param);
    n = pad ? BN_bn2binpad(bn, raw, pad) : BN_bn2bin(bn, raw);
    BN_free(bn);
    if (n <= 0 || !auth_b64url_encode(raw, (size_t)n, out, cap))
        fz_die("test key parameter too large", param);
}

/* Sign header.payload with the key alg names; returns the token (transfer full) or NULL. */
static char *sign_token(const char *hdr, size_t hl, const char *pay, size_t pl, int rsa)
{
    EVP_PKEY *k = rsa ? rsa_key : ec_key;
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    size_t cap = (hl + pl) * 4 / 3 + 1024, n, siglen = 0;
    char *tok = malloc(cap);
    unsigned char sig[600], raw[64];
    const unsigned char *sp = sig;
    ECDSA_SIG *es = NULL;
    int ok = 0;
    if (!md || !tok)
        goto out;
    n = auth_b64url_encode(hdr, hl, tok, cap);
    tok[n++] = '.';
    n += auth_b64url_encode(pay, pl, tok + n, cap - n);
    siglen = sizeof sig;
    if (EVP_DigestSignInit(md, NULL, EVP_sha256(), NULL, k) != 1 ||
        EVP_DigestSign(md, sig, &siglen, (unsigned char *)tok, n) != 1)
        goto out;
    if (!rsa) {
        /* JWS ES256 signatures are r || s, 32 bytes each, not DER */
        const BIGNUM *r, *s;
        if (!(es = d2i_ECDSA_SIG(NULL, &sp, (long)siglen)))
            goto out;
        ECDSA_SIG_get0(es, &r, &s);
        if (BN_bn2binpad(r, raw, 32) != 32 || BN_bn2binpad(s, raw + 32, 32) != 32)
            goto out;
        memcpy(sig, raw, 64);
        siglen = 64;
    }
    tok[n++] = '.';
    ok = auth_b64url_encode(sig, siglen, tok + n, cap - n) > 0;
out:
    ECDSA_SIG_free(es);
    EVP_MD_CTX_free(md);
    if (!ok) {
        free(tok);
        return NULL;
    }
    return tok;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    char n[400], e[16], x[64], y[64], json[1200];
    static const char hdr[] = "{\"alg\":\"ES256\",\"kid\":\"ec1\"}";
    static const char pay[] = "{\"iss\":\"" ISSUER "\",\"aud\":\"" AUDIENCE "\",\"sub\":\"u1\","
                              "\"exp\":1700003600,\"email\":\"a@b.test\",\"email_verified\":true}";
    einv_error_t err;
    (void)argc;
    (void)argv;
    ec_key = load_pem(FZ_EC_PEM);
    rsa_key = load_pem(FZ_RSA_PEM);
    bn_b64(rsa_key, OSSL_PKEY_PARAM_RSA_N, 0, n, sizeof n);
    bn_b64(rsa_key, OSSL_PKEY_PARAM_RSA_E, 0, e, sizeof e);
    bn_b64(ec_key, OSSL_PKEY_PARAM_EC_PUB_X, 32, x, sizeof x);
    bn_b64(ec_key, OSSL_PKEY_PARAM_EC_PUB_Y, 32, y, sizeof y);
    snprintf(json, sizeof json,
             "{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"rsa1\",\"alg\":\"RS256\",\"n\":\"%s\",\"e\":\"%s\"},"
             "{\"kty\":\"EC\",\"kid\":\"ec1\",\"crv\":\"P-256\",\"x\":\"%s\",\"y\":\"%s\"}]}",
             n, e, x, y);
    memset(&err, 0, sizeof err);
    if (!(jwks = auth_jwks_load_json(json, &err)))
        fz_die("the test JWKS was refused", err.message);
    if (!(fixed_token = sign_token(hdr, strlen(hdr), pay, strlen(pay), 0)))
        fz_die("cannot sign the fixed token", NULL);
    return 0;
}

/* email_verified of the payload as the contract reads it: only the JSON boolean true. */
static int payload_says_verified(const char *token)
{
    const char *d1 = strchr(token, '.'), *d2 = d1 ? strchr(d1 + 1, '.') : NULL;
    unsigned char *raw;
    size_t n;
    struct json_object *o, *v;
    int yes = 0;
    if (!d2 || !(raw = auth_b64url_decode(d1 + 1, (size_t)(d2 - d1 - 1), &n)))
        fz_die("an accepted token has no decodable payload", NULL);
    if (!(o = json_tokener_parse((const char *)raw)))
        fz_die("an accepted token has a payload json-c cannot read", NULL);
    yes = json_object_object_get_ex(o, "email_verified", &v) &&
          json_object_is_type(v, json_type_boolean) && json_object_get_boolean(v);
    json_object_put(o);
    free(raw);
    return yes;
}

static void verify(const auth_jwks_t *keys, const char *token)
{
    auth_claims_t c;
    einv_error_t err;
    memset(&err, 0, sizeof err);
    if (auth_jwt_verify(keys, token, ISSUER, AUDIENCE, NOW, SKEW, &c, &err) != EINV_OK) {
        fz_check_utf8("the token refusal message", err.message, strlen(err.message));
        return;
    }
    if (!c.sub[0])
        fz_die("a token without sub was accepted", NULL);
    fz_check_utf8("the accepted sub", c.sub, strnlen(c.sub, sizeof c.sub));
    fz_check_utf8("the accepted email", c.email, strnlen(c.email, sizeof c.email));
    fz_check_utf8("the accepted iss", c.iss, strnlen(c.iss, sizeof c.iss));
    if (c.email_verified && !payload_says_verified(token))
        fz_die("email_verified was set without the JSON boolean true", c.email);
}

static void mode_signed(const char *s, size_t n)
{
    const char *nl = memchr(s, '\n', n);
    char *tok;
    if (!nl)
        return;
    tok = sign_token(s, (size_t)(nl - s), nl + 1, n - (size_t)(nl - s) - 1,
                     memmem(s, (size_t)(nl - s), "RS256", 5) != NULL);
    if (tok)
        verify(jwks, tok);
    free(tok);
}

static void mode_jwks(const char *s)
{
    einv_error_t err;
    auth_jwks_t *k;
    memset(&err, 0, sizeof err);
    k = auth_jwks_load_json(s, &err);
    if (!k)
        return;
    verify(k, fixed_token);
    auth_jwks_free(k);
}

static void mode_b64(const char *s, size_t n)
{
    size_t dn;
    unsigned char *raw = auth_b64url_decode(s, n, &dn);
    char *back;
    if (!raw)
        return;
    back = malloc(n + 4);
    if (back && (auth_b64url_encode(raw, dn, back, n + 4) != n || memcmp(back, s, n) != 0))
        fz_die("base64url: a decoded value encodes to another spelling", s);
    free(back);
    free(raw);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    char *s;
    if (len < 1 || len > 20000)
        return 0;
    /* the readers take NUL-terminated text, as the HTTP layer hands it over */
    s = malloc(len);
    if (!s)
        return 0;
    memcpy(s, data + 1, len - 1);
    s[len - 1] = '\0';
    switch (data[0] & 3) {
    case 0:
        verify(jwks, s);
        break;
    case 1:
        mode_signed(s, len - 1);
        break;
    case 2:
        mode_jwks(s);
        break;
    default:
        mode_b64(s, strlen(s));
        break;
    }
    free(s);
    return 0;
}
