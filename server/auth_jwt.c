/* ID tokens: compact JWS parsing (strict base64url, size limits), the algorithm allow-list
 * (RS256, ES256 only: "none", HS* and everything else are refused before any key is
 * touched), key selection by kid, signature verification with EVP_DigestVerify, and the
 * iss/aud/exp/nbf/iat claim checks. Error messages never contain token text. */
#include "auth.h"

#include <einvoice/json_strict.h>
#include <json-c/json.h>
#include <math.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define JWT_MAX_BYTES (16 * 1024)
#define KID_MAX 256
#define ES256_SIG_LEN 64

enum { ALG_RS256, ALG_ES256 };

static const einv_json_opts_t JWT_JSON = {32, 0, 0};

/* Everything parse/verify allocates, so one cleanup path releases it. */
typedef struct jwt_parts {
    unsigned char *header_raw, *payload_raw, *sig;
    size_t header_len, payload_len, sig_len;
    struct json_object *header, *payload;
} jwt_parts_t;

static void parts_free(jwt_parts_t *p)
{
    free(p->header_raw);
    free(p->payload_raw);
    free(p->sig);
    json_object_put(p->header);
    json_object_put(p->payload);
}

static int refuse(einv_error_t *err, auth_claims_t *out, const char *why)
{
    if (out)
        memset(out, 0, sizeof *out);
    ERR_clear_error();  /* OpenSSL's per-thread queue must not carry our failure elsewhere */
    return einv_error_set(err, EINV_ERR, why, "", "");
}

/* Length-aware equality of a JSON string with a C string (an embedded \u0000 must not make
 * "issuer\u0000junk" equal "issuer"). */
static int json_str_equals(struct json_object *v, const char *s)
{
    size_t n = strlen(s);
    return json_object_is_type(v, json_type_string) &&
           (size_t)json_object_get_string_len(v) == n && memcmp(json_object_get_string(v), s, n) == 0;
}

/* Copy a string claim into dst[cap]. 1 copied, 0 absent, -1 wrong type, NUL inside or too
 * long (refused rather than truncated: a truncated sub could name another account). */
static int claim_string(struct json_object *o, const char *name, char *dst, size_t cap)
{
    struct json_object *v;
    size_t n;
    dst[0] = '\0';
    if (!json_object_object_get_ex(o, name, &v))
        return 0;
    if (!json_object_is_type(v, json_type_string))
        return -1;
    n = (size_t)json_object_get_string_len(v);
    if (n >= cap || strlen(json_object_get_string(v)) != n)
        return -1;
    memcpy(dst, json_object_get_string(v), n + 1);
    return 1;
}

/* A NumericDate claim (RFC 7519: seconds, possibly fractional). 1 present, 0 absent, -1 not
 * a finite number. */
static int claim_time(struct json_object *o, const char *name, long long *out)
{
    struct json_object *v;
    if (!json_object_object_get_ex(o, name, &v))
        return 0;
    if (json_object_is_type(v, json_type_int)) {
        /* json-c clamps beyond 64 bits: such a time is refused, not taken as the clamp */
        if (json_object_get_uint64(v) > (uint64_t)INT64_MAX || json_object_get_int64(v) == INT64_MIN)
            return -1;
        *out = (long long)json_object_get_int64(v);
        return 1;
    }
    if (json_object_is_type(v, json_type_double)) {
        double d = json_object_get_double(v);
        if (!isfinite(d) || d > 9.0e18 || d < -9.0e18)
            return -1;
        /* floor without libm (einvserver does not link it): truncate, then step down */
        *out = (long long)d;
        if ((double)*out > d)
            (*out)--;
        return 1;
    }
    return -1;
}

/* 1 when aud (a string or an array of strings) names audience. */
static int audience_matches(struct json_object *aud, const char *audience)
{
    size_t i, n;
    if (json_object_is_type(aud, json_type_string))
        return json_str_equals(aud, audience);
    if (!json_object_is_type(aud, json_type_array))
        return 0;
    n = json_object_array_length(aud);
    for (i = 0; i < n; i++)
        if (json_str_equals(json_object_array_get_idx(aud, i), audience))
            return 1;
    return 0;
}

/* JOSE ES256 signatures are raw r||s (32 bytes each); OpenSSL wants DER. Returns the DER
 * length with *der allocated (OPENSSL_free), or 0. */
static int es256_raw_to_der(const unsigned char *sig, unsigned char **der)
{
    ECDSA_SIG *es = ECDSA_SIG_new();
    BIGNUM *r = BN_bin2bn(sig, 32, NULL), *s = BN_bin2bn(sig + 32, 32, NULL);
    int len = 0;
    *der = NULL;
    if (!es || !r || !s || !ECDSA_SIG_set0(es, r, s)) {
        BN_free(r);
        BN_free(s);
        ECDSA_SIG_free(es);
        return 0;
    }
    len = i2d_ECDSA_SIG(es, der);   /* es owns r and s now */
    ECDSA_SIG_free(es);
    return len > 0 ? len : 0;
}

/* 1 when sig is a valid signature of tbs under pkey for alg. */
static int verify_signature(EVP_PKEY *pkey, int alg, const unsigned char *tbs, size_t tbs_len,
                            const unsigned char *sig, size_t sig_len)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    unsigned char *der = NULL;
    int ok = 0;
    if (!md)
        return 0;
    if (alg == ALG_ES256) {
        int dl;
        if (sig_len != ES256_SIG_LEN || !(dl = es256_raw_to_der(sig, &der)))
            goto out;
        sig = der;
        sig_len = (size_t)dl;
    } else if (sig_len != (size_t)EVP_PKEY_get_size(pkey)) {
        goto out;   /* RS256 signatures are exactly the modulus length */
    }
    if (EVP_DigestVerifyInit_ex(md, &pctx, "SHA256", NULL, NULL, pkey, NULL) != 1)
        goto out;
    if (alg == ALG_RS256 && EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PADDING) <= 0)
        goto out;
    ok = EVP_DigestVerify(md, sig, sig_len, tbs, tbs_len) == 1;
out:
    OPENSSL_free(der);
    EVP_MD_CTX_free(md);
    ERR_clear_error();
    return ok;
}

/* Decode one base64url segment [s, s+len) and, when want_json, parse it as a JSON object.
 * 1 on success, 0 when it is not that, SEG_DUPLICATE / SEG_NOT_STRICT when the strict
 * checker refuses its JSON. */
enum { SEG_DUPLICATE = -1, SEG_NOT_STRICT = -2 };
static int decode_segment(const char *s, size_t len, int want_json, unsigned char **raw,
                          size_t *raw_len, struct json_object **json)
{
    einv_json_error_t je;
    if (len == 0)
        return 0;
    *raw = auth_b64url_decode(s, len, raw_len);
    if (!*raw)
        return 0;
    if (!want_json)
        return 1;
    /* strict first: a claim named twice ({"sub":"a","sub":"b"}) must not be read as json-c's
     * last one while another library reads the first */
    if (einv_json_check(*raw, *raw_len, &JWT_JSON, &je) != EINV_OK) {
        return je.status == EINV_JSON_DUPLICATE ? SEG_DUPLICATE : SEG_NOT_STRICT;
    }
    *json = auth_json_parse((const char *)*raw, *raw_len);
    return *json && json_object_is_type(*json, json_type_object);
}

/* Pick the alg from the header; NULL on success or the reason for refusing. */
static const char *header_alg(struct json_object *header, int *alg)
{
    struct json_object *v;
    const char *a;
    if (!json_object_object_get_ex(header, "alg", &v) || !json_object_is_type(v, json_type_string))
        return "token header has no alg";
    a = json_object_get_string(v);
    if (json_str_equals(v, "RS256")) {
        *alg = ALG_RS256;
        return NULL;
    }
    if (json_str_equals(v, "ES256")) {
        *alg = ALG_ES256;
        return NULL;
    }
    if (strcmp(a, "none") == 0 || a[0] == '\0')
        return "unsigned tokens (alg none) are refused";
    if (a[0] == 'H' && a[1] == 'S')
        return "HMAC-signed tokens (HS*) are refused";
    return "token alg is not RS256 or ES256";
}

/* See auth.h. */
int auth_jwt_verify(const auth_jwks_t *keys, const char *token, const char *issuer,
                    const char *audience, long long now, int skew_seconds, auth_claims_t *out,
                    einv_error_t *err)
{
    jwt_parts_t p;
    const char *dot1, *dot2, *why, *kid = NULL;
    struct json_object *v;
    size_t n, i, candidates = 0;
    int alg = ALG_RS256, verified = 0, rc;
    long long exp = 0, t = 0, skew = skew_seconds > 0 ? skew_seconds : 0;
    auth_claims_t c;

    memset(&p, 0, sizeof p);
    memset(&c, 0, sizeof c);
    if (out)
        memset(out, 0, sizeof *out);
    if (!keys || !token || !out)
        return refuse(err, out, "no token or no keys configured");
    n = strnlen(token, JWT_MAX_BYTES + 1);
    if (n > JWT_MAX_BYTES)
        return refuse(err, out, "token is larger than 16 KiB");

    /* Exactly three non-empty dot-separated segments (JWE's five are not accepted). */
    dot1 = memchr(token, '.', n);
    dot2 = dot1 ? memchr(dot1 + 1, '.', n - (size_t)(dot1 + 1 - token)) : NULL;
    if (!dot1 || !dot2 || memchr(dot2 + 1, '.', n - (size_t)(dot2 + 1 - token)))
        return refuse(err, out, "token is not a compact JWS (three parts)");
    why = "token header is not base64url-encoded JSON";
    if ((rc = decode_segment(token, (size_t)(dot1 - token), 1, &p.header_raw, &p.header_len, &p.header)) != 1) {
        why = rc == SEG_DUPLICATE ? "token header names a member twice"
              : rc == SEG_NOT_STRICT ? "token header is not strict JSON" : why;
        goto fail;
    }
    if ((why = header_alg(p.header, &alg)) != NULL)
        goto fail;
    /* RFC 7515 §4.1.11: extensions we do not implement must make the token invalid. */
    why = "token header has crit extensions";
    if (json_object_object_get_ex(p.header, "crit", NULL))
        goto fail;
    if (json_object_object_get_ex(p.header, "kid", &v)) {
        why = "token kid is not a short string";
        if (!json_object_is_type(v, json_type_string) ||
            json_object_get_string_len(v) >= KID_MAX ||
            strlen(json_object_get_string(v)) != (size_t)json_object_get_string_len(v))
            goto fail;
        kid = json_object_get_string(v);
    }
    /* The header decides what we accept, so it is judged first; the rest is decoded after. */
    why = "token signature is missing or not base64url";
    if (decode_segment(dot2 + 1, n - (size_t)(dot2 + 1 - token), 0, &p.sig, &p.sig_len, NULL) != 1 ||
        p.sig_len == 0)
        goto fail;
    why = "token payload is not base64url-encoded JSON";
    if ((rc = decode_segment(dot1 + 1, (size_t)(dot2 - dot1 - 1), 1, &p.payload_raw, &p.payload_len,
                             &p.payload)) != 1) {
        why = rc == SEG_DUPLICATE ? "token payload names a claim twice"
              : rc == SEG_NOT_STRICT ? "token payload is not strict JSON" : why;
        goto fail;
    }

    /* Only keys of the header's type are tried, so an RSA key can never be (mis)used under
     * another algorithm; header "jwk"/"jku"/"x5u" are ignored: keys come from our JWKS. */
    for (i = 0; !verified; i++) {
        const char *kkid;
        int is_ec;
        EVP_PKEY *pkey = auth_jwks_key(keys, i, &kkid, &is_ec, NULL);
        if (!pkey)
            break;
        if (is_ec != (alg == ALG_ES256))
            continue;
        if (kid && (!kkid || strcmp(kid, kkid) != 0))
            continue;
        candidates++;
        verified = verify_signature(pkey, alg, (const unsigned char *)token,
                                    (size_t)(dot2 - token), p.sig, p.sig_len);
    }
    why = kid ? "token kid names no key of its alg in the JWKS" : "the JWKS has no key for the token alg";
    if (candidates == 0)
        goto fail;
    why = "token signature is invalid";
    if (!verified)
        goto fail;

    /* Claims: only now, after the signature, is the payload trusted. */
    why = "token iss is not a string of at most 255 bytes";
    if (claim_string(p.payload, "iss", c.iss, sizeof c.iss) < 0)
        goto fail;
    why = "token issuer does not match";
    if (issuer && (!json_object_object_get_ex(p.payload, "iss", &v) || !json_str_equals(v, issuer)))
        goto fail;
    why = "token audience does not match";
    if (audience && (!json_object_object_get_ex(p.payload, "aud", &v) || !audience_matches(v, audience)))
        goto fail;
    why = "token has no valid exp";
    if (claim_time(p.payload, "exp", &exp) != 1)
        goto fail;
    c.exp = exp;
    why = "token has expired";
    if (exp <= now - skew)
        goto fail;
    why = "token nbf is not a number";
    rc = claim_time(p.payload, "nbf", &t);
    if (rc < 0)
        goto fail;
    why = "token is not valid yet (nbf)";
    if (rc == 1 && t > now + skew)
        goto fail;
    why = "token iat is not a number";
    rc = claim_time(p.payload, "iat", &t);
    if (rc < 0)
        goto fail;
    why = "token was issued in the future (iat)";
    if (rc == 1 && t > now + skew)
        goto fail;
    why = "token has no sub, or it is not a string of 1 to 255 bytes";
    if (claim_string(p.payload, "sub", c.sub, sizeof c.sub) != 1 || !c.sub[0])
        goto fail;
    why = "token email is not a string of at most 319 bytes";
    if (claim_string(p.payload, "email", c.email, sizeof c.email) < 0)
        goto fail;
    /* only the JSON boolean true verifies an email (OpenID Connect Core §5.1): a string
     * "true" is not taken, since the email is what an existing account is linked by */
    c.email_verified = json_object_object_get_ex(p.payload, "email_verified", &v) &&
                       json_object_is_type(v, json_type_boolean) && json_object_get_boolean(v);

    parts_free(&p);
    *out = c;
    return EINV_OK;
fail:
    parts_free(&p);
    return refuse(err, out, why);
}
