/* JWKS loading: the identity provider's public keys (RSA from n/e, EC P-256 from x/y) turned
 * into OpenSSL EVP_PKEYs with EVP_PKEY_fromdata, plus the strict JSON parser the JWT code
 * shares. Keys of other types or uses are skipped; a malformed RSA/EC key fails the load so
 * a broken configuration is noticed at start-up instead of at the first login. */
#include "auth.h"

#include <json-c/json.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JWKS_MAX_BYTES (1024 * 1024)
#define JWKS_MAX_KEYS 64
#define JSON_MAX_DEPTH 32
#define KID_MAX 256
#define RSA_MIN_BITS 2048
#define RSA_MAX_BITS 8192

typedef struct jwk {
    char *kid;              /* NULL when the JWK has none */
    char *alg;              /* the JWK's "alg", NULL when absent */
    int is_ec;              /* 1: EC P-256, 0: RSA */
    EVP_PKEY *pkey;
} jwk_t;

struct auth_jwks {
    jwk_t *keys;
    size_t n;
};

/* See auth.h. */
struct json_object *auth_json_parse(const char *s, size_t len)
{
    struct json_tokener *tok;
    struct json_object *o;
    size_t end;
    if (!s || len == 0 || len > JWKS_MAX_BYTES || memchr(s, '\0', len))
        return NULL;
    tok = json_tokener_new_ex(JSON_MAX_DEPTH);
    if (!tok)
        return NULL;
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
    o = json_tokener_parse_ex(tok, s, (int)len);
    if (o && json_tokener_get_error(tok) == json_tokener_success) {
        end = json_tokener_get_parse_end(tok);
        while (end < len && (s[end] == ' ' || s[end] == '\t' || s[end] == '\n' || s[end] == '\r'))
            end++;
        if (end != len) {
            json_object_put(o);
            o = NULL;
        }
    } else {
        /* json_tokener_continue: the input ended inside a value. */
        json_object_put(o);
        o = NULL;
    }
    json_tokener_free(tok);
    return o;
}

/* A string member, NULL when absent or not a string. Sets *bad when present but not a
 * string or holding a NUL, so callers can tell "absent" from "wrong". */
static const char *member_string(struct json_object *o, const char *name, int *bad)
{
    struct json_object *v;
    const char *s;
    if (!json_object_object_get_ex(o, name, &v))
        return NULL;
    if (!json_object_is_type(v, json_type_string)) {
        *bad = 1;
        return NULL;
    }
    s = json_object_get_string(v);
    if (strlen(s) != (size_t)json_object_get_string_len(v)) {
        *bad = 1;
        return NULL;
    }
    return s;
}

/* Decode a base64url member into a BIGNUM; exact_len > 0 demands that many bytes (RFC 7518
 * fixes the EC coordinate length). NULL on any problem. */
static BIGNUM *member_bn(struct json_object *o, const char *name, size_t exact_len)
{
    int bad = 0;
    const char *s = member_string(o, name, &bad);
    unsigned char *raw;
    size_t n = 0;
    BIGNUM *bn;
    if (!s || bad)
        return NULL;
    raw = auth_b64url_decode(s, strlen(s), &n);
    if (!raw)
        return NULL;
    if (n == 0 || (exact_len && n != exact_len)) {
        free(raw);
        return NULL;
    }
    bn = BN_bin2bn(raw, (int)n, NULL);
    free(raw);
    return bn;
}

/* Build a key from parameters; selection EVP_PKEY_PUBLIC_KEY. NULL on failure. */
static EVP_PKEY *pkey_from_params(const char *type, OSSL_PARAM_BLD *bld)
{
    OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
    EVP_PKEY_CTX *ctx = params ? EVP_PKEY_CTX_new_from_name(NULL, type, NULL) : NULL;
    EVP_PKEY *pkey = NULL;
    if (ctx && EVP_PKEY_fromdata_init(ctx) == 1 &&
        EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) == 1) {
        /* fromdata does not validate everything (e.g. an EC point off the curve, an even
         * RSA exponent); the public check does. */
        EVP_PKEY_CTX *chk = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
        if (!chk || EVP_PKEY_public_check(chk) != 1) {
            EVP_PKEY_free(pkey);
            pkey = NULL;
        }
        EVP_PKEY_CTX_free(chk);
    }
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    return pkey;
}

static EVP_PKEY *rsa_from_jwk(struct json_object *o, const char **why)
{
    BIGNUM *n = member_bn(o, "n", 0), *e = member_bn(o, "e", 0);
    OSSL_PARAM_BLD *bld = NULL;
    EVP_PKEY *pkey = NULL;
    *why = "RSA key with a missing or malformed n or e";
    if (!n || !e)
        goto out;
    if (BN_num_bits(n) < RSA_MIN_BITS || BN_num_bits(n) > RSA_MAX_BITS) {
        *why = "RSA key size outside 2048..8192 bits";
        goto out;
    }
    if (BN_num_bits(e) > 64 || !BN_is_odd(e) || BN_is_one(e)) {
        *why = "RSA key with an invalid exponent";
        goto out;
    }
    bld = OSSL_PARAM_BLD_new();
    if (!bld || !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, n) ||
        !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, e))
        goto out;
    pkey = pkey_from_params("RSA", bld);
    if (!pkey)
        *why = "RSA key refused by OpenSSL";
out:
    OSSL_PARAM_BLD_free(bld);
    BN_free(n);
    BN_free(e);
    return pkey;
}

static EVP_PKEY *ec_from_jwk(struct json_object *o, const char **why)
{
    BIGNUM *x = member_bn(o, "x", 32), *y = member_bn(o, "y", 32);
    unsigned char point[65];
    OSSL_PARAM_BLD *bld = NULL;
    EVP_PKEY *pkey = NULL;
    *why = "EC key with a missing or malformed x or y (32 bytes each)";
    if (!x || !y)
        goto out;
    /* Uncompressed SEC1 point: 0x04 || X || Y. */
    point[0] = 0x04;
    if (BN_bn2binpad(x, point + 1, 32) != 32 || BN_bn2binpad(y, point + 33, 32) != 32)
        goto out;
    bld = OSSL_PARAM_BLD_new();
    if (!bld ||
        !OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) ||
        !OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, point, sizeof point))
        goto out;
    pkey = pkey_from_params("EC", bld);
    if (!pkey)
        *why = "EC key is not a valid P-256 point";
out:
    OSSL_PARAM_BLD_free(bld);
    BN_free(x);
    BN_free(y);
    return pkey;
}

void auth_jwks_free(auth_jwks_t *k)
{
    size_t i;
    if (!k)
        return;
    for (i = 0; i < k->n; i++) {
        free(k->keys[i].kid);
        free(k->keys[i].alg);
        EVP_PKEY_free(k->keys[i].pkey);
    }
    free(k->keys);
    free(k);
}

/* Add one JWK to k. Returns 1 added, 0 skipped (type/use we do not verify with), -1 error
 * with *why set. */
static int add_jwk(auth_jwks_t *k, struct json_object *o, const char **why)
{
    int bad = 0, is_ec;
    const char *kty = member_string(o, "kty", &bad), *use = member_string(o, "use", &bad);
    const char *kid = member_string(o, "kid", &bad), *alg = member_string(o, "alg", &bad);
    const char *crv = member_string(o, "crv", &bad);
    EVP_PKEY *pkey;
    jwk_t *j;
    if (bad || !kty) {
        *why = "a JWK has a missing or non-string kty, or a non-string kid/use/alg/crv";
        return -1;
    }
    if (use && strcmp(use, "sig") != 0)
        return 0;       /* encryption keys never verify signatures */
    if (strcmp(kty, "RSA") == 0) {
        if (alg && strcmp(alg, "RS256") != 0)
            return 0;
        is_ec = 0;
    } else if (strcmp(kty, "EC") == 0) {
        if (!crv || strcmp(crv, "P-256") != 0 || (alg && strcmp(alg, "ES256") != 0))
            return 0;
        is_ec = 1;
    } else {
        return 0;       /* "oct" (shared secrets), OKP, ...: not accepted here */
    }
    if (kid && strlen(kid) >= KID_MAX) {
        *why = "a JWK kid is too long";
        return -1;
    }
    if (k->n >= JWKS_MAX_KEYS) {
        *why = "too many keys in the JWKS";
        return -1;
    }
    pkey = is_ec ? ec_from_jwk(o, why) : rsa_from_jwk(o, why);
    if (!pkey)
        return -1;
    j = &k->keys[k->n];
    memset(j, 0, sizeof *j);
    j->is_ec = is_ec;
    j->pkey = pkey;
    j->kid = kid ? strdup(kid) : NULL;
    j->alg = alg ? strdup(alg) : NULL;
    k->n++;     /* counted first so auth_jwks_free releases it on the error below */
    if ((kid && !j->kid) || (alg && !j->alg)) {
        *why = "out of memory";
        return -1;
    }
    return 1;
}

/* See auth.h. */
auth_jwks_t *auth_jwks_load_json(const char *json, einv_error_t *err)
{
    struct json_object *doc = NULL, *arr;
    auth_jwks_t *k = NULL;
    const char *why;
    size_t i, n;
    if (!json) {
        einv_error_set(err, EINV_ERR_USAGE, "no JWKS given", "", "");
        return NULL;
    }
    why = "the JWKS is larger than 1 MiB";
    if (strnlen(json, JWKS_MAX_BYTES + 1) > JWKS_MAX_BYTES)
        goto fail;
    why = "JWKS is not valid JSON";
    doc = auth_json_parse(json, strlen(json));
    if (!doc)
        goto fail;
    why = "JWKS must be an object with a \"keys\" array";
    if (!json_object_is_type(doc, json_type_object) ||
        !json_object_object_get_ex(doc, "keys", &arr) || !json_object_is_type(arr, json_type_array))
        goto fail;
    n = json_object_array_length(arr);
    why = "too many keys in the JWKS";
    if (n > JWKS_MAX_KEYS)
        goto fail;
    why = "out of memory";
    k = calloc(1, sizeof *k);
    if (!k || !(k->keys = calloc(n ? n : 1, sizeof *k->keys)))
        goto fail;
    for (i = 0; i < n; i++) {
        struct json_object *o = json_object_array_get_idx(arr, i);
        why = "a JWKS entry is not an object";
        if (!json_object_is_type(o, json_type_object) || add_jwk(k, o, &why) < 0)
            goto fail;
    }
    why = "the JWKS holds no usable RS256 or ES256 signing key";
    if (k->n == 0)
        goto fail;
    json_object_put(doc);
    return k;
fail:
    ERR_clear_error();
    json_object_put(doc);
    auth_jwks_free(k);
    einv_error_set(err, EINV_ERR, why, "", "");
    return NULL;
}

/* See auth.h. */
auth_jwks_t *auth_jwks_load_file(const char *path, einv_error_t *err)
{
    FILE *f;
    char *buf;
    size_t n;
    auth_jwks_t *k;
    if (!path || !*path) {
        einv_error_set(err, EINV_ERR_USAGE, "no JWKS file given", "", "");
        return NULL;
    }
    f = fopen(path, "rb");
    if (!f) {
        einv_error_set(err, EINV_ERR_IO, "cannot open the JWKS file", path, "");
        return NULL;
    }
    buf = malloc(JWKS_MAX_BYTES + 1);
    if (!buf) {
        fclose(f);
        einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
        return NULL;
    }
    n = fread(buf, 1, JWKS_MAX_BYTES + 1, f);
    if (ferror(f) || n > JWKS_MAX_BYTES) {
        fclose(f);
        free(buf);
        einv_error_set(err, EINV_ERR_IO, n > JWKS_MAX_BYTES ? "the JWKS file is larger than 1 MiB"
                                                              : "cannot read the JWKS file",
                       path, "");
        return NULL;
    }
    fclose(f);
    buf[n] = '\0';
    if (memchr(buf, '\0', n)) {
        free(buf);
        einv_error_set(err, EINV_ERR, "the JWKS file is not text", path, "");
        return NULL;
    }
    k = auth_jwks_load_json(buf, err);
    free(buf);
    if (!k && err && !err->detail[0]) {
        snprintf(err->detail, sizeof err->detail, "%s", path);
    }
    return k;
}

/* See auth.h. */
struct evp_pkey_st *auth_jwks_key(const auth_jwks_t *k, size_t i, const char **kid, int *is_ec,
                                  const char **alg)
{
    if (!k || i >= k->n)
        return NULL;
    if (kid)
        *kid = k->keys[i].kid;
    if (is_ec)
        *is_ec = k->keys[i].is_ec;
    if (alg)
        *alg = k->keys[i].alg;
    return k->keys[i].pkey;
}
