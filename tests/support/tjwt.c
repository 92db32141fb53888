/* ES256 ID tokens for the server suites (see tjwt.h). */
#include "tjwt.h"

#include <openssl/core_names.h>
#include <openssl/ecdsa.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *tjwt_b64u(const void *data, size_t n)
{
    char *std = malloc(4 * ((n + 2) / 3) + 1);
    int len = EVP_EncodeBlock((unsigned char *)std, data, (int)n), i, k = 0;
    for (i = 0; i < len && std[i] != '='; i++)
        std[k++] = std[i] == '+' ? '-' : std[i] == '/' ? '_' : std[i];
    std[k] = 0;
    return std;
}

static char *coord(EVP_PKEY *k, const char *param)
{
    BIGNUM *bn = NULL;
    unsigned char buf[32];
    EVP_PKEY_get_bn_param(k, param, &bn);
    BN_bn2binpad(bn, buf, 32);
    BN_free(bn);
    return tjwt_b64u(buf, 32);
}

char *tjwt_jwk(EVP_PKEY *key, const char *kid)
{
    char *x = coord(key, OSSL_PKEY_PARAM_EC_PUB_X), *y = coord(key, OSSL_PKEY_PARAM_EC_PUB_Y);
    char *out = malloc(strlen(kid) + 300);
    sprintf(out, "{\"kty\":\"EC\",\"crv\":\"P-256\",\"kid\":\"%s\",\"alg\":\"ES256\","
                 "\"use\":\"sig\",\"x\":\"%s\",\"y\":\"%s\"}",
            kid, x, y);
    free(x);
    free(y);
    return out;
}

int tjwt_write_jwks(EVP_PKEY *key, const char *path)
{
    char *jwk = tjwt_jwk(key, "k1");
    FILE *f = fopen(path, "w");
    int rc = -1;
    if (f) {
        fprintf(f, "{\"keys\":[%s]}", jwk);
        rc = fclose(f) == 0 ? 0 : -1;
    }
    free(jwk);
    return rc;
}

char *tjwt_sign(EVP_PKEY *key, const char *payload)
{
    return tjwt_sign_kid(key, "k1", payload);
}

char *tjwt_sign_kid(EVP_PKEY *key, const char *kid, const char *payload)
{
    char header[300];
    char *h, *p, *input, *sig64, *out;
    unsigned char der[128], raw[64];
    size_t dl = sizeof der;
    const unsigned char *dp = der;
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    ECDSA_SIG *es;
    snprintf(header, sizeof header, "{\"alg\":\"ES256\",\"typ\":\"JWT\",\"kid\":\"%.200s\"}", kid);
    h = tjwt_b64u(header, strlen(header));
    p = tjwt_b64u(payload, strlen(payload));
    input = malloc(strlen(h) + strlen(p) + 2);
    sprintf(input, "%s.%s", h, p);
    EVP_DigestSignInit(md, NULL, EVP_sha256(), NULL, key);
    EVP_DigestSign(md, der, &dl, (unsigned char *)input, strlen(input));
    EVP_MD_CTX_free(md);
    es = d2i_ECDSA_SIG(NULL, &dp, (long)dl);
    BN_bn2binpad(ECDSA_SIG_get0_r(es), raw, 32);
    BN_bn2binpad(ECDSA_SIG_get0_s(es), raw + 32, 32);
    ECDSA_SIG_free(es);
    sig64 = tjwt_b64u(raw, 64);
    out = malloc(strlen(input) + strlen(sig64) + 2);
    sprintf(out, "%s.%s", input, sig64);
    free(h);
    free(p);
    free(input);
    free(sig64);
    return out;
}
