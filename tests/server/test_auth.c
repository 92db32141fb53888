/* Credentials: API keys (shape, randomness, hashing) and ID tokens verified with real
 * crypto. Keys are generated here at test time (RSA-2048, EC P-256), the JWKS is written from
 * their public parts and every token is signed here, including the classic attacks (alg none,
 * HS256 keyed with the RSA public key, tampering, wrong kid). */
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <openssl/core_names.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "auth.h"

#define NOW 1700000000LL
#define SKEW 60
#define ISS "https://idp.example.com"
#define AUD "einvoiced"

static EVP_PKEY *rsa_key, *rsa_other, *ec_key, *ec_other;
static auth_jwks_t *jwks;
static char *jwks_json;

/* ---------- helpers: encoding, JWKS, signing ---------- */

/* Set-up failures in helpers (some run in the suite initialiser, outside any test, where
 * CUnit assertions are not allowed) end the program with a message. */
static void need(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "test set-up failed: %s\n", what);
        exit(2);
    }
}

/* Own base64url encoder (independent of the one under test). (transfer full) */
static char *b64u(const void *data, size_t n)
{
    char *std = malloc(4 * ((n + 2) / 3) + 1), *o;
    int len = EVP_EncodeBlock((unsigned char *)std, data, (int)n);
    size_t i, k = 0;
    o = std;
    for (i = 0; i < (size_t)len; i++) {
        char c = std[i];
        if (c == '=')
            break;
        o[k++] = c == '+' ? '-' : c == '/' ? '_' : c;
    }
    o[k] = '\0';
    return o;
}

static char *b64u_str(const char *s) { return b64u(s, strlen(s)); }

static char *bn_b64u(EVP_PKEY *k, const char *param, int pad)
{
    BIGNUM *bn = NULL;
    unsigned char buf[1024];
    int n;
    char *out;
    need(EVP_PKEY_get_bn_param(k, param, &bn) == 1, param);
    n = pad ? BN_bn2binpad(bn, buf, pad) : BN_bn2bin(bn, buf);
    out = b64u(buf, (size_t)n);
    BN_free(bn);
    return out;
}

static char *rsa_jwk(EVP_PKEY *k, const char *kid)
{
    char *n = bn_b64u(k, OSSL_PKEY_PARAM_RSA_N, 0), *e = bn_b64u(k, OSSL_PKEY_PARAM_RSA_E, 0);
    char *out = malloc(strlen(n) + 256);
    sprintf(out, "{\"kty\":\"RSA\",\"kid\":\"%s\",\"use\":\"sig\",\"alg\":\"RS256\",\"n\":\"%s\",\"e\":\"%s\"}",
            kid, n, e);
    free(n);
    free(e);
    return out;
}

static char *ec_jwk(EVP_PKEY *k, const char *kid)
{
    char *x = bn_b64u(k, OSSL_PKEY_PARAM_EC_PUB_X, 32), *y = bn_b64u(k, OSSL_PKEY_PARAM_EC_PUB_Y, 32);
    char *out = malloc(512);
    sprintf(out, "{\"kty\":\"EC\",\"kid\":\"%s\",\"crv\":\"P-256\",\"x\":\"%s\",\"y\":\"%s\"}", kid, x, y);
    free(x);
    free(y);
    return out;
}

/* header.payload.signature from JSON texts and raw signature bytes. (transfer full) */
static char *assemble(const char *header, const char *payload, const unsigned char *sig, size_t sig_len)
{
    char *h = b64u_str(header), *p = b64u_str(payload), *s = b64u(sig, sig_len);
    char *out = malloc(strlen(h) + strlen(p) + strlen(s) + 3);
    sprintf(out, "%s.%s.%s", h, p, s);
    free(h);
    free(p);
    free(s);
    return out;
}

enum { SIG_PLAIN, SIG_ES_RAW };

/* Sign header.payload with k (SHA-256; EC signatures converted from DER to JOSE r||s
 * unless mode is SIG_PLAIN). (transfer full) */
static char *sign_with(const char *header, const char *payload, EVP_PKEY *k, int mode)
{
    char *h = b64u_str(header), *p = b64u_str(payload), *s, *out;
    char *tbs = malloc(strlen(h) + strlen(p) + 2);
    unsigned char sig[1024], raw[64];
    size_t sig_len = sizeof sig;
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    sprintf(tbs, "%s.%s", h, p);
    need(EVP_DigestSignInit_ex(md, NULL, "SHA256", NULL, NULL, k, NULL) == 1, "sign init");
    need(EVP_DigestSign(md, sig, &sig_len, (unsigned char *)tbs, strlen(tbs)) == 1, "sign");
    EVP_MD_CTX_free(md);
    if (mode == SIG_ES_RAW) {
        const unsigned char *q = sig;
        ECDSA_SIG *es = d2i_ECDSA_SIG(NULL, &q, (long)sig_len);
        const BIGNUM *r, *sv;
        need(es != NULL, "DER ECDSA signature");
        ECDSA_SIG_get0(es, &r, &sv);
        BN_bn2binpad(r, raw, 32);
        BN_bn2binpad(sv, raw + 32, 32);
        ECDSA_SIG_free(es);
        s = b64u(raw, 64);
    } else {
        s = b64u(sig, sig_len);
    }
    out = malloc(strlen(tbs) + strlen(s) + 2);
    sprintf(out, "%s.%s", tbs, s);
    free(h);
    free(p);
    free(s);
    free(tbs);
    return out;
}

static char *rs256(const char *header, const char *payload) { return sign_with(header, payload, rsa_key, SIG_PLAIN); }
static char *es256(const char *header, const char *payload) { return sign_with(header, payload, ec_key, SIG_ES_RAW); }

#define H_RSA "{\"alg\":\"RS256\",\"typ\":\"JWT\",\"kid\":\"rsa1\"}"
#define H_EC "{\"alg\":\"ES256\",\"typ\":\"JWT\",\"kid\":\"ec1\"}"

/* The standard claims with exp/iat relative to NOW and an optional extra member list. */
static const char *claims(long long exp_delta, const char *extra)
{
    static char buf[8][1024];
    static int k;
    char *b = buf[k++ & 7];
    snprintf(b, 1024,
             "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"user-42\",\"email\":\"ada@example.com\","
             "\"iat\":%lld,\"exp\":%lld%s%s}",
             NOW - 10, NOW + exp_delta, extra ? "," : "", extra ? extra : "");
    return b;
}

static einv_error_t err;
static auth_claims_t cl;

static int verify(const char *token)
{
    memset(&err, 0, sizeof err);
    return auth_jwt_verify(jwks, token, ISS, AUD, NOW, SKEW, &cl, &err);
}

/* Refused, for the expected reason, without the token's text in the message. */
static void expect_refused(char *token, const char *reason, int line)
{
    int rc = verify(token);
    CU_ASSERT_EQUAL(rc, EINV_ERR);
    if (rc != EINV_ERR || !strstr(err.message, reason))
        fprintf(stderr, "\n  line %d: rc=%d message=\"%s\" (wanted \"%s\")\n", line, rc, err.message, reason);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, reason));
    CU_ASSERT_STRING_EQUAL(cl.sub, "");
    if (strlen(token) > 10) {
        char head[11];
        memcpy(head, token, 10);
        head[10] = '\0';
        CU_ASSERT_PTR_NULL(strstr(err.message, head));
    }
    free(token);
}
#define REFUSED(tok, reason) expect_refused((tok), (reason), __LINE__)

static void expect_ok(char *token, int line)
{
    int rc = verify(token);
    if (rc != EINV_OK)
        fprintf(stderr, "\n  line %d: refused: %s\n", line, err.message);
    CU_ASSERT_EQUAL(rc, EINV_OK);
    free(token);
}
#define ACCEPTED(tok) expect_ok((tok), __LINE__)

static int suite_init(void)
{
    char *r1, *r2, *e1;
    einv_error_t e;
    rsa_key = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
    rsa_other = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
    ec_key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
    ec_other = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
    if (!rsa_key || !rsa_other || !ec_key || !ec_other)
        return 1;
    r1 = rsa_jwk(rsa_key, "rsa1");
    e1 = ec_jwk(ec_key, "ec1");
    /* An encryption key and a shared secret in the set must be ignored, never used. */
    r2 = rsa_jwk(rsa_other, "enc1");
    memcpy(strstr(r2, "\"use\":\"sig\""), "\"use\":\"enc\"", 11);
    jwks_json = malloc(strlen(r1) + strlen(r2) + strlen(e1) + 256);
    sprintf(jwks_json, "{\"keys\":[%s,%s,{\"kty\":\"oct\",\"kid\":\"hmac\",\"k\":\"c2VjcmV0\"},%s]}", r1, r2, e1);
    free(r1);
    free(r2);
    free(e1);
    jwks = auth_jwks_load_json(jwks_json, &e);
    if (!jwks)
        fprintf(stderr, "JWKS load failed: %s\n", e.message);
    return jwks ? 0 : 1;
}

static int suite_clean(void)
{
    auth_jwks_free(jwks);
    free(jwks_json);
    EVP_PKEY_free(rsa_key);
    EVP_PKEY_free(rsa_other);
    EVP_PKEY_free(ec_key);
    EVP_PKEY_free(ec_other);
    return 0;
}

/* ---------- API keys ---------- */

static int url_safe(const char *s)
{
    for (; *s; s++)
        if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
              *s == '-' || *s == '_'))
            return 0;
    return 1;
}

static void test_key_generate(void)
{
    char k[AUTH_KEY_MAX];
    CU_ASSERT_EQUAL(auth_key_generate(0, k), EINV_OK);
    CU_ASSERT_EQUAL(strncmp(k, "svc_live_", 9), 0);
    CU_ASSERT_TRUE(strlen(k + 9) >= 32);
    CU_ASSERT_EQUAL(strlen(k), 9 + 43);
    CU_ASSERT_TRUE(url_safe(k + 9));
    CU_ASSERT_TRUE(auth_key_well_formed(k));
    CU_ASSERT_EQUAL(auth_key_generate(1, k), EINV_OK);
    CU_ASSERT_EQUAL(strncmp(k, "svc_test_", 9), 0);
    CU_ASSERT_EQUAL(strlen(k), 9 + 43);
    CU_ASSERT_TRUE(url_safe(k + 9));
    CU_ASSERT_TRUE(auth_key_well_formed(k));
}

static int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

static void test_key_distinct(void)
{
    enum { N = 1000 };
    char(*keys)[AUTH_KEY_MAX] = calloc(N, AUTH_KEY_MAX);
    int i, dup = 0;
    for (i = 0; i < N; i++)
        CU_ASSERT_EQUAL(auth_key_generate(i & 1, keys[i]), EINV_OK);
    /* compare the secrets only, so live/test prefixes cannot hide a repeat */
    for (i = 0; i < N; i++)
        memmove(keys[i], keys[i] + 9, strlen(keys[i] + 9) + 1);
    qsort(keys, N, AUTH_KEY_MAX, cmp_str);
    for (i = 1; i < N; i++)
        if (strcmp(keys[i - 1], keys[i]) == 0)
            dup++;
    CU_ASSERT_EQUAL(dup, 0);
    free(keys);
}

static void test_key_hash(void)
{
    char h1[65], h2[65], h3[65], k[AUTH_KEY_MAX];
    int i;
    auth_key_generate(0, k);
    auth_key_hash(k, h1);
    auth_key_hash(k, h2);
    CU_ASSERT_EQUAL(strlen(h1), 64);
    for (i = 0; i < 64; i++)
        CU_ASSERT_PTR_NOT_NULL(strchr("0123456789abcdef", h1[i]));
    CU_ASSERT_STRING_EQUAL(h1, h2);
    k[20] ^= 1;
    auth_key_hash(k, h3);
    CU_ASSERT_STRING_NOT_EQUAL(h1, h3);
    /* FIPS 180-2 test vector */
    auth_key_hash("abc", h1);
    CU_ASSERT_STRING_EQUAL(h1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

static void test_key_well_formed(void)
{
    char k[AUTH_KEY_MAX + 20];
    const char *sec32 = "abcdefghijklmnopqrstuvwxyzABCD-_";     /* 32 chars */
    CU_ASSERT_FALSE(auth_key_well_formed(NULL));
    CU_ASSERT_FALSE(auth_key_well_formed(""));
    CU_ASSERT_FALSE(auth_key_well_formed("svc_live_"));
    snprintf(k, sizeof k, "svc_live_%s", sec32);
    CU_ASSERT_TRUE(auth_key_well_formed(k));
    snprintf(k, sizeof k, "svc_test_%s", sec32);
    CU_ASSERT_TRUE(auth_key_well_formed(k));
    snprintf(k, sizeof k, "svc_live_%.31s", sec32);
    CU_ASSERT_FALSE(auth_key_well_formed(k));
    snprintf(k, sizeof k, "svc_prod_%s", sec32);
    CU_ASSERT_FALSE(auth_key_well_formed(k));
    snprintf(k, sizeof k, "SVC_LIVE_%s", sec32);
    CU_ASSERT_FALSE(auth_key_well_formed(k));
    snprintf(k, sizeof k, "svc_live%s", sec32);
    CU_ASSERT_FALSE(auth_key_well_formed(k));
    snprintf(k, sizeof k, "svc_live_%s+", sec32);
    CU_ASSERT_FALSE(auth_key_well_formed(k));
    snprintf(k, sizeof k, "svc_live_%s/", sec32);
    CU_ASSERT_FALSE(auth_key_well_formed(k));
    snprintf(k, sizeof k, "svc_live_%s=", sec32);
    CU_ASSERT_FALSE(auth_key_well_formed(k));
    snprintf(k, sizeof k, "svc_live_%s ", sec32);
    CU_ASSERT_FALSE(auth_key_well_formed(k));
    snprintf(k, sizeof k, "svc_live_%s\xc3\xa9", sec32);
    CU_ASSERT_FALSE(auth_key_well_formed(k));
    /* too long to fit AUTH_KEY_MAX */
    memset(k, 'a', sizeof k - 1);
    k[sizeof k - 1] = '\0';
    memcpy(k, "svc_live_", 9);
    CU_ASSERT_FALSE(auth_key_well_formed(k));
}

static void test_ct_equal(void)
{
    CU_ASSERT_TRUE(auth_ct_equal("abcdef", "abcdef", 6));
    CU_ASSERT_FALSE(auth_ct_equal("abcdef", "abcdeg", 6));
    CU_ASSERT_FALSE(auth_ct_equal("Xbcdef", "abcdef", 6));
    CU_ASSERT_TRUE(auth_ct_equal("a", "b", 0));
}

static void test_base64url(void)
{
    unsigned char bytes[256], *d;
    char enc[400];
    size_t n, len;
    int i;
    for (i = 0; i < 256; i++)
        bytes[i] = (unsigned char)i;
    for (len = 0; len <= 40; len++) {
        n = auth_b64url_encode(bytes + 200, len, enc, sizeof enc);
        CU_ASSERT_EQUAL(n, strlen(enc));
        d = auth_b64url_decode(enc, n, &n);
        CU_ASSERT_PTR_NOT_NULL_FATAL(d);
        CU_ASSERT_EQUAL(n, len);
        CU_ASSERT_EQUAL(memcmp(d, bytes + 200, len), 0);
        free(d);
    }
    CU_ASSERT_EQUAL(auth_b64url_encode(bytes, 3, enc, 4), 0);   /* no room for the NUL */
    CU_ASSERT_PTR_NULL(auth_b64url_decode("QQ==", 4, &n));      /* padding */
    CU_ASSERT_PTR_NULL(auth_b64url_decode("a+b/", 4, &n));      /* standard alphabet */
    CU_ASSERT_PTR_NULL(auth_b64url_decode("QUJD R", 6, &n));    /* whitespace */
    CU_ASSERT_PTR_NULL(auth_b64url_decode("QUJDR", 5, &n));     /* 4k+1 length */
    CU_ASSERT_PTR_NULL(auth_b64url_decode("QR", 2, &n));        /* non-zero trailing bits */
    d = auth_b64url_decode("QQ", 2, &n);                        /* "A" */
    CU_ASSERT_PTR_NOT_NULL(d);
    CU_ASSERT_EQUAL(n, 1);
    free(d);
}

/* ---------- JWKS loading ---------- */

static void expect_jwks_refused(const char *json, const char *reason)
{
    einv_error_t e;
    auth_jwks_t *k;
    memset(&e, 0, sizeof e);
    k = auth_jwks_load_json(json, &e);
    CU_ASSERT_PTR_NULL(k);
    if (k || !strstr(e.message, reason))
        fprintf(stderr, "\n  JWKS: message=\"%s\" (wanted \"%s\")\n", e.message, reason);
    CU_ASSERT_PTR_NOT_NULL(strstr(e.message, reason));
    auth_jwks_free(k);
}

static void test_jwks_load(void)
{
    const char *kid;
    int is_ec, i;
    char *r1 = rsa_jwk(rsa_key, "a"), *buf = malloc(8192), path[] = "/tmp/einv_test_jwks_XXXXXX";
    einv_error_t e;
    auth_jwks_t *k;
    FILE *f;
    int fd;

    /* the suite's set: rsa1 and ec1 usable; the enc key and the oct key skipped */
    CU_ASSERT_PTR_NOT_NULL(auth_jwks_key(jwks, 0, &kid, &is_ec, NULL));
    CU_ASSERT_STRING_EQUAL(kid, "rsa1");
    CU_ASSERT_FALSE(is_ec);
    CU_ASSERT_PTR_NOT_NULL(auth_jwks_key(jwks, 1, &kid, &is_ec, NULL));
    CU_ASSERT_STRING_EQUAL(kid, "ec1");
    CU_ASSERT_TRUE(is_ec);
    CU_ASSERT_PTR_NULL(auth_jwks_key(jwks, 2, &kid, &is_ec, NULL));

    expect_jwks_refused("", "not valid JSON");
    expect_jwks_refused("{\"keys\":[", "not valid JSON");
    expect_jwks_refused("{\"keys\":[]} trailing", "not valid JSON");
    expect_jwks_refused("[1,2]", "\"keys\" array");
    expect_jwks_refused("{\"keys\":{}}", "\"keys\" array");
    expect_jwks_refused("{\"keys\":[]}", "no usable");
    expect_jwks_refused("{\"keys\":[1]}", "not an object");
    expect_jwks_refused("{\"keys\":[{\"kty\":\"oct\",\"k\":\"c2VjcmV0\"}]}", "no usable");
    expect_jwks_refused("{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-384\",\"x\":\"AA\",\"y\":\"AA\"}]}", "no usable");
    expect_jwks_refused("{\"keys\":[{\"kid\":\"x\"}]}", "kty");
    expect_jwks_refused("{\"keys\":[{\"kty\":\"RSA\",\"kid\":7,\"n\":\"AQAB\",\"e\":\"AQAB\"}]}", "non-string");
    expect_jwks_refused("{\"keys\":[{\"kty\":\"RSA\",\"n\":\"AQAB\"}]}", "n or e");
    expect_jwks_refused("{\"keys\":[{\"kty\":\"RSA\",\"n\":\"AQ==\",\"e\":\"AQAB\"}]}", "n or e");
    /* a 1024-bit modulus is too weak */
    {
        EVP_PKEY *weak = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)1024);
        char *w = rsa_jwk(weak, "weak");
        sprintf(buf, "{\"keys\":[%s]}", w);
        expect_jwks_refused(buf, "2048");
        free(w);
        EVP_PKEY_free(weak);
    }
    /* EC: coordinates of the wrong length, and a point that is not on the curve */
    expect_jwks_refused("{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"AQAB\",\"y\":\"AQAB\"}]}", "32 bytes");
    {
        unsigned char xy[32];
        char *x, *y;
        memset(xy, 0x11, sizeof xy);
        x = b64u(xy, 32);
        xy[31] = 0x12;
        y = b64u(xy, 32);
        sprintf(buf, "{\"keys\":[{\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"%s\",\"y\":\"%s\"}]}", x, y);
        expect_jwks_refused(buf, "not a valid P-256 point");
        free(x);
        free(y);
    }
    /* too many keys */
    strcpy(buf, "{\"keys\":[");
    for (i = 0; i < 70; i++)
        strcat(buf, i ? ",{\"kty\":\"oct\"}" : "{\"kty\":\"oct\"}");
    strcat(buf, "]}");
    expect_jwks_refused(buf, "too many");

    /* from a file, without kid */
    sprintf(buf, "{\"keys\":[%s]}", r1);
    memcpy(strstr(buf, "\"kid\":\"a\""), "\"xid\"", 5);
    fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    f = fdopen(fd, "w");
    fputs(buf, f);
    fclose(f);
    k = auth_jwks_load_file(path, &e);
    CU_ASSERT_PTR_NOT_NULL(k);
    CU_ASSERT_PTR_NOT_NULL(auth_jwks_key(k, 0, &kid, &is_ec, NULL));
    CU_ASSERT_PTR_NULL(kid);
    {
        /* a kid-less key verifies tokens with or without kid? Without: yes. */
        char *t = rs256("{\"alg\":\"RS256\"}", claims(600, NULL));
        CU_ASSERT_EQUAL(auth_jwt_verify(k, t, ISS, AUD, NOW, SKEW, &cl, &e), EINV_OK);
        free(t);
        t = rs256(H_RSA, claims(600, NULL));
        CU_ASSERT_EQUAL(auth_jwt_verify(k, t, ISS, AUD, NOW, SKEW, &cl, &e), EINV_ERR);
        free(t);
    }
    auth_jwks_free(k);
    unlink(path);
    CU_ASSERT_PTR_NULL(auth_jwks_load_file(path, &e));
    CU_ASSERT_EQUAL(e.code, EINV_ERR_IO);
    CU_ASSERT_PTR_NULL(auth_jwks_load_file(NULL, &e));
    free(r1);
    free(buf);
}

/* ---------- ID tokens ---------- */

static void test_valid_tokens(void)
{
    char *t = rs256(H_RSA, claims(600, NULL));
    CU_ASSERT_EQUAL(verify(t), EINV_OK);
    CU_ASSERT_STRING_EQUAL(cl.sub, "user-42");
    CU_ASSERT_STRING_EQUAL(cl.email, "ada@example.com");
    CU_ASSERT_STRING_EQUAL(cl.iss, ISS);
    CU_ASSERT_EQUAL(cl.exp, NOW + 600);
    free(t);

    t = es256(H_EC, claims(600, NULL));
    CU_ASSERT_EQUAL(verify(t), EINV_OK);
    CU_ASSERT_STRING_EQUAL(cl.sub, "user-42");
    CU_ASSERT_STRING_EQUAL(cl.email, "ada@example.com");
    CU_ASSERT_EQUAL(cl.exp, NOW + 600);
    free(t);

    /* no kid: any key of the right type is tried */
    ACCEPTED(rs256("{\"alg\":\"RS256\"}", claims(600, NULL)));
    ACCEPTED(es256("{\"alg\":\"ES256\"}", claims(600, NULL)));
    /* issuer and audience checks are skipped when not configured; email is optional */
    t = rs256(H_RSA, "{\"sub\":\"s\",\"exp\":1700000100}");
    CU_ASSERT_EQUAL(auth_jwt_verify(jwks, t, NULL, NULL, NOW, 0, &cl, &err), EINV_OK);
    CU_ASSERT_STRING_EQUAL(cl.email, "");
    CU_ASSERT_STRING_EQUAL(cl.iss, "");
    free(t);
    /* fractional NumericDate */
    ACCEPTED(rs256(H_RSA, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"s\",\"exp\":1700000600.5}"));
    /* email_verified counts only as the JSON boolean true */
    {
        static const struct { const char *claim; int verified; } V[] = {
            {"\"email_verified\":true", 1}, {"\"email_verified\":\"true\"", 0}, {"\"email_verified\":1", 0},
            {"\"email_verified\":false", 0}, {"\"email_verified\":\"TRUE\"", 0}, {NULL, 0}};
        size_t i;
        for (i = 0; i < sizeof V / sizeof V[0]; i++) {
            t = rs256(H_RSA, claims(600, V[i].claim));
            CU_ASSERT_EQUAL(verify(t), EINV_OK);
            CU_ASSERT_EQUAL(cl.email_verified, V[i].verified);
            free(t);
        }
    }
}

static void test_bad_signatures(void)
{
    char *t, *dot;
    /* signed by another key under our kid */
    REFUSED(sign_with(H_RSA, claims(600, NULL), rsa_other, SIG_PLAIN), "signature is invalid");
    REFUSED(sign_with(H_EC, claims(600, NULL), ec_other, SIG_ES_RAW), "signature is invalid");
    /* ES256 in DER form (what OpenSSL emits) instead of JOSE r||s */
    REFUSED(sign_with(H_EC, claims(600, NULL), ec_key, SIG_PLAIN), "signature is invalid");

    /* payload swapped for another one after signing */
    t = rs256(H_RSA, claims(600, NULL));
    {
        char *evil = b64u_str(claims(600, "\"admin\":true")), *first = strchr(t, '.'),
             *second = strchr(first + 1, '.');
        char *out = malloc(strlen(t) + strlen(evil) + 1);
        sprintf(out, "%.*s.%s%s", (int)(first - t), t, evil, second);
        REFUSED(out, "signature is invalid");
        free(evil);
    }
    /* one signature bit flipped */
    dot = strrchr(t, '.');
    dot[5] = dot[5] == 'A' ? 'B' : 'A';
    REFUSED(t, "signature is invalid");

    /* RS256 signature truncated by one byte */
    t = rs256(H_RSA, claims(600, NULL));
    {
        char *sig = strrchr(t, '.') + 1;
        size_t n;
        unsigned char *raw = auth_b64url_decode(sig, strlen(sig), &n);
        char *s2 = b64u(raw, n - 1), *out = malloc(strlen(t) + 1);
        sprintf(out, "%.*s%s", (int)(sig - t), t, s2);
        REFUSED(out, "signature is invalid");
        free(raw);
        free(s2);
        free(t);
    }
    /* a key of the other type named by kid */
    REFUSED(rs256("{\"alg\":\"RS256\",\"kid\":\"ec1\"}", claims(600, NULL)), "kid names no key");
    REFUSED(es256("{\"alg\":\"ES256\",\"kid\":\"rsa1\"}", claims(600, NULL)), "kid names no key");
    /* ignored keys of the set (use=enc, oct) are never used */
    REFUSED(sign_with("{\"alg\":\"RS256\",\"kid\":\"enc1\"}", claims(600, NULL), rsa_other, SIG_PLAIN),
            "kid names no key");
}

static void test_alg_attacks(void)
{
    unsigned char mac[64];
    size_t mac_len = 0;
    char *h, *p, *tbs, *pem, *tok;
    BIO *bio = BIO_new(BIO_s_mem());
    long pem_len;
    char *good = rs256(H_RSA, claims(600, NULL));
    const char *good_sig = strrchr(good, '.');

    /* alg none: empty signature, and with a valid signature from another token */
    REFUSED(assemble("{\"alg\":\"none\",\"kid\":\"rsa1\"}", claims(600, NULL), NULL, 0), "alg none");
    tok = assemble("{\"alg\":\"none\"}", claims(600, NULL), (const unsigned char *)"x", 1);
    REFUSED(tok, "alg none");
    h = b64u_str("{\"alg\":\"none\"}");
    p = b64u_str(claims(600, NULL));
    tok = malloc(strlen(h) + strlen(p) + strlen(good_sig) + 2);
    sprintf(tok, "%s.%s%s", h, p, good_sig);
    REFUSED(tok, "alg none");
    REFUSED(assemble("{\"alg\":\"None\"}", claims(600, NULL), (const unsigned char *)"x", 1), "not RS256 or ES256");
    REFUSED(assemble("{\"kid\":\"rsa1\"}", claims(600, NULL), (const unsigned char *)"x", 1), "no alg");
    REFUSED(assemble("{\"alg\":[\"RS256\"]}", claims(600, NULL), (const unsigned char *)"x", 1), "no alg");
    REFUSED(assemble("{\"alg\":\"RS384\"}", claims(600, NULL), (const unsigned char *)"x", 1), "not RS256 or ES256");
    REFUSED(assemble("{\"alg\":\"PS256\"}", claims(600, NULL), (const unsigned char *)"x", 1), "not RS256 or ES256");
    REFUSED(assemble("{\"alg\":\"RS256\\u0000\"}", claims(600, NULL), (const unsigned char *)"x", 1), "not RS256 or ES256");

    /* HS256 keyed with the RSA public key (PEM text, as a naive verifier would load it) */
    CU_ASSERT_FATAL(PEM_write_bio_PUBKEY(bio, rsa_key) == 1);
    pem_len = BIO_get_mem_data(bio, &pem);
    free(h);
    h = b64u_str("{\"alg\":\"HS256\",\"typ\":\"JWT\",\"kid\":\"rsa1\"}");
    tbs = malloc(strlen(h) + strlen(p) + 2);
    sprintf(tbs, "%s.%s", h, p);
    CU_ASSERT_FATAL(EVP_Q_mac(NULL, "HMAC", NULL, "SHA256", NULL, pem, (size_t)pem_len,
                              (unsigned char *)tbs, strlen(tbs), mac, sizeof mac, &mac_len) != NULL);
    {
        char *s = b64u(mac, mac_len);
        tok = malloc(strlen(tbs) + strlen(s) + 2);
        sprintf(tok, "%s.%s", tbs, s);
        free(s);
    }
    REFUSED(tok, "HMAC");
    REFUSED(assemble("{\"alg\":\"HS512\"}", claims(600, NULL), mac, mac_len), "HMAC");
    /* critical extensions are not understood, so refused */
    REFUSED(rs256("{\"alg\":\"RS256\",\"kid\":\"rsa1\",\"crit\":[\"exp\"],\"exp\":1}", claims(600, NULL)), "crit");
    /* an embedded jwk is ignored: the key comes from our JWKS only */
    {
        char *jwk = rsa_jwk(rsa_other, "x"), *hdr = malloc(strlen(jwk) + 64);
        sprintf(hdr, "{\"alg\":\"RS256\",\"jwk\":%s}", jwk);
        REFUSED(sign_with(hdr, claims(600, NULL), rsa_other, SIG_PLAIN), "signature is invalid");
        free(jwk);
        free(hdr);
    }
    free(h);
    free(p);
    free(tbs);
    free(good);
    BIO_free(bio);
}

static void test_unknown_kid(void)
{
    REFUSED(rs256("{\"alg\":\"RS256\",\"kid\":\"nope\"}", claims(600, NULL)), "kid names no key");
    REFUSED(rs256("{\"alg\":\"RS256\",\"kid\":\"rsa1\\u0000\"}", claims(600, NULL)), "kid is not");
    REFUSED(rs256("{\"alg\":\"RS256\",\"kid\":5}", claims(600, NULL)), "kid is not");
}

static void test_issuer_audience(void)
{
    char pl[512];
    snprintf(pl, sizeof pl, "{\"iss\":\"https://evil.example\",\"aud\":\"" AUD "\",\"sub\":\"s\",\"exp\":%lld}", NOW + 600);
    REFUSED(rs256(H_RSA, pl), "issuer does not match");
    snprintf(pl, sizeof pl, "{\"aud\":\"" AUD "\",\"sub\":\"s\",\"exp\":%lld}", NOW + 600);
    REFUSED(rs256(H_RSA, pl), "issuer does not match");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\\u0000x\",\"aud\":\"" AUD "\",\"sub\":\"s\",\"exp\":%lld}", NOW + 600);
    REFUSED(rs256(H_RSA, pl), "iss");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "/\",\"aud\":\"" AUD "\",\"sub\":\"s\",\"exp\":%lld}", NOW + 600);
    REFUSED(rs256(H_RSA, pl), "issuer does not match");

    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"other-app\",\"sub\":\"s\",\"exp\":%lld}", NOW + 600);
    REFUSED(rs256(H_RSA, pl), "audience does not match");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"sub\":\"s\",\"exp\":%lld}", NOW + 600);
    REFUSED(rs256(H_RSA, pl), "audience does not match");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":[\"a\",\"b\"],\"sub\":\"s\",\"exp\":%lld}", NOW + 600);
    REFUSED(es256(H_EC, pl), "audience does not match");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":{\"" AUD "\":1},\"sub\":\"s\",\"exp\":%lld}", NOW + 600);
    REFUSED(es256(H_EC, pl), "audience does not match");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":[\"a\",7,\"" AUD "\"],\"sub\":\"s\",\"exp\":%lld}", NOW + 600);
    ACCEPTED(rs256(H_RSA, pl));
    ACCEPTED(es256(H_EC, pl));
}

static void test_times(void)
{
    char pl[512];
    /* exp: expired beyond the skew, within the skew, exactly at the edge, missing, wrong type */
    REFUSED(rs256(H_RSA, claims(-SKEW - 1, NULL)), "expired");
    REFUSED(rs256(H_RSA, claims(-SKEW, NULL)), "expired");
    ACCEPTED(rs256(H_RSA, claims(-SKEW + 1, NULL)));
    ACCEPTED(es256(H_EC, claims(-30, NULL)));
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"s\"}");
    REFUSED(rs256(H_RSA, pl), "no valid exp");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"s\",\"exp\":\"%lld\"}", NOW + 600);
    REFUSED(rs256(H_RSA, pl), "no valid exp");
    /* nbf / iat in the future */
    REFUSED(rs256(H_RSA, claims(600, "\"nbf\":1700000061")), "not valid yet");
    ACCEPTED(rs256(H_RSA, claims(600, "\"nbf\":1700000060")));
    REFUSED(rs256(H_RSA, claims(600, "\"nbf\":true")), "nbf is not a number");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"s\",\"iat\":%lld,\"exp\":%lld}",
             NOW + 3600, NOW + 7200);
    REFUSED(rs256(H_RSA, pl), "issued in the future");
    /* a negative skew counts as none */
    {
        char *t = rs256(H_RSA, claims(-1, NULL));
        CU_ASSERT_EQUAL(auth_jwt_verify(jwks, t, ISS, AUD, NOW, -100, &cl, &err), EINV_ERR);
        free(t);
    }
}

static void test_claim_shapes(void)
{
    char pl[2048], big[400];
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"exp\":%lld}", NOW + 600);
    REFUSED(rs256(H_RSA, pl), "no sub");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"\",\"exp\":%lld}", NOW + 600);
    REFUSED(rs256(H_RSA, pl), "no sub");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":42,\"exp\":%lld}", NOW + 600);
    REFUSED(rs256(H_RSA, pl), "no sub");
    memset(big, 'a', 300);
    big[300] = '\0';
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"%s\",\"exp\":%lld}", big, NOW + 600);
    REFUSED(rs256(H_RSA, pl), "no sub");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"u\",\"email\":[\"x\"],\"exp\":%lld}",
             NOW + 600);
    REFUSED(rs256(H_RSA, pl), "email");
    /* a claim named twice is refused whatever a parser would keep of it */
    REFUSED(rs256(H_RSA, claims(600, "\"sub\":\"someone-else\"")), "names a claim twice");
    REFUSED(rs256(H_RSA, claims(600, "\"x\":NaN")), "not strict JSON");
    /* times beyond 64 bits are refused, not clamped to a far future */
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"u\",\"exp\":99999999999999999999}");
    REFUSED(rs256(H_RSA, pl), "no valid exp");
    snprintf(pl, sizeof pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"u\",\"exp\":%lld,\"nbf\":-99999999999999999999}",
             NOW + 600);
    REFUSED(rs256(H_RSA, pl), "nbf is not a number");
    /* payload must be a JSON object */
    REFUSED(rs256(H_RSA, "[1,2,3]"), "payload is not");
    REFUSED(rs256(H_RSA, "not json"), "payload is not");
}

static void test_malformed(void)
{
    char *t = rs256(H_RSA, claims(600, NULL)), *bad;
    size_t n = strlen(t);
    char *d1 = strchr(t, '.'), *d2 = strrchr(t, '.');

    ACCEPTED(strdup(t));
    /* padding, standard-alphabet characters, whitespace, non-canonical trailing bits */
    bad = malloc(n + 8);
    sprintf(bad, "%.*s==%s", (int)(d2 - t), t, d2);
    REFUSED(bad, "not base64url");
    bad = strdup(t);
    bad[2] = '+';
    REFUSED(bad, "header is not");
    bad = strdup(t);
    bad[(d1 - t) + 3] = '/';
    REFUSED(bad, "payload is not");
    bad = malloc(n + 8);
    sprintf(bad, "%.*s %s", (int)(d1 - t), t, d1);
    REFUSED(bad, "header is not");
    bad = malloc(n + 8);
    sprintf(bad, "%s\n", t);
    REFUSED(bad, "signature is missing or not base64url");
    {
        /* a header whose last character carries spare bits that must be zero */
        char *h = b64u_str("{\"alg\":\"RS256\",\"kid\":\"rsa1\"}!"); /* 29 bytes -> 39 chars, 2 spare bits */
        size_t hl = strlen(h);
        CU_ASSERT_EQUAL(hl % 4, 3);
        const char *abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        h[hl - 1] = abc[strchr(abc, h[hl - 1]) - abc + 1];     /* sets a spare bit */
        bad = malloc(hl + n + 2);
        sprintf(bad, "%s%s", h, d1);
        REFUSED(bad, "header is not");
        free(h);
    }
    /* wrong number of parts */
    bad = malloc(n + 1);
    sprintf(bad, "%.*s", (int)(d2 - t), t);
    REFUSED(bad, "three parts");
    bad = malloc(n + 8);
    sprintf(bad, "%s.AAAA", t);
    REFUSED(bad, "three parts");
    REFUSED(strdup(""), "three parts");
    REFUSED(strdup(".."), "header is not");
    REFUSED(strdup("abc"), "three parts");
    bad = malloc(n + 8);
    sprintf(bad, "%.*s.%s", (int)(d1 - t), t, d2);  /* empty payload */
    REFUSED(bad, "payload is not");
    /* non-JSON header, JSON that is not an object, trailing garbage */
    REFUSED(assemble("not json", claims(600, NULL), (const unsigned char *)"x", 1), "header is not");
    REFUSED(assemble("[\"RS256\"]", claims(600, NULL), (const unsigned char *)"x", 1), "header is not");
    REFUSED(assemble("{\"alg\":\"RS256\"}x", claims(600, NULL), (const unsigned char *)"x", 1), "header is not");
    REFUSED(assemble("{\"alg\":\"RS256\",}", claims(600, NULL), (const unsigned char *)"x", 1), "header is not");
    REFUSED(assemble("{\"alg\":\"\xff\xfe\"}", claims(600, NULL), (const unsigned char *)"x", 1), "header is not");
    {
        /* deeply nested header */
        char deep[300];
        int i;
        for (i = 0; i < 100; i++)
            deep[i] = '[';
        for (i = 0; i < 100; i++)
            deep[100 + i] = ']';
        deep[200] = '\0';
        REFUSED(assemble(deep, claims(600, NULL), (const unsigned char *)"x", 1), "header is not");
    }
    free(t);
    CU_ASSERT_EQUAL(auth_jwt_verify(jwks, NULL, ISS, AUD, NOW, SKEW, &cl, &err), EINV_ERR);
    CU_ASSERT_EQUAL(auth_jwt_verify(NULL, "a.b.c", ISS, AUD, NOW, SKEW, &cl, &err), EINV_ERR);
}

static void test_size_limit(void)
{
    char *pl = malloc(32 * 1024), *filler = malloc(24 * 1024);
    char *t;
    /* just under 16 KiB in total: accepted */
    memset(filler, 'x', 11000);
    filler[11000] = '\0';
    sprintf(pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"s\",\"exp\":%lld,\"pad\":\"%s\"}", NOW + 600, filler);
    t = rs256(H_RSA, pl);
    CU_ASSERT_TRUE(strlen(t) < 16 * 1024);
    ACCEPTED(t);
    /* well over: refused before any decoding */
    memset(filler, 'x', 20000);
    filler[20000] = '\0';
    sprintf(pl, "{\"iss\":\"" ISS "\",\"aud\":\"" AUD "\",\"sub\":\"s\",\"exp\":%lld,\"pad\":\"%s\"}", NOW + 600, filler);
    REFUSED(rs256(H_RSA, pl), "larger than 16 KiB");
    /* a megabyte of dots and letters */
    t = malloc(1 << 20);
    memset(t, 'A', (1 << 20) - 1);
    t[(1 << 20) - 1] = '\0';
    t[100] = '.';
    t[200] = '.';
    REFUSED(t, "larger than 16 KiB");
    free(pl);
    free(filler);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("api_keys", NULL, NULL);
    CU_add_test(s, "generate", test_key_generate);
    CU_add_test(s, "1000 distinct", test_key_distinct);
    CU_add_test(s, "hash", test_key_hash);
    CU_add_test(s, "well formed", test_key_well_formed);
    CU_add_test(s, "constant-time equal", test_ct_equal);
    CU_add_test(s, "base64url", test_base64url);
    s = CU_add_suite("id_tokens", suite_init, suite_clean);
    CU_add_test(s, "jwks load", test_jwks_load);
    CU_add_test(s, "valid RS256/ES256", test_valid_tokens);
    CU_add_test(s, "bad signatures", test_bad_signatures);
    CU_add_test(s, "alg attacks", test_alg_attacks);
    CU_add_test(s, "unknown kid", test_unknown_kid);
    CU_add_test(s, "issuer and audience", test_issuer_audience);
    CU_add_test(s, "exp/nbf/iat", test_times);
    CU_add_test(s, "claim shapes", test_claim_shapes);
    CU_add_test(s, "malformed", test_malformed);
    CU_add_test(s, "size limit", test_size_limit);
}
