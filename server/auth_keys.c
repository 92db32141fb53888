/* API keys: generation from the OS CSPRNG, the shape check, SHA-256 hashing for storage,
 * constant-time comparison, and the strict base64url codec the JWT code shares. */
#include "auth.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <stdlib.h>
#include <string.h>

static const char B64URL[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* The prefixes a raw key may carry; the part after it is the secret. */
static const char *const KEY_PREFIXES[] = {"svc_live_", "svc_test_"};
#define KEY_PREFIX_LEN 9
#define KEY_RANDOM_BYTES 32
#define KEY_MIN_SECRET 32

/* Value of one base64url character, -1 for anything else (including '=' and whitespace). */
static int b64url_value(unsigned char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '-')
        return 62;
    if (c == '_')
        return 63;
    return -1;
}

/* See auth.h. */
size_t auth_b64url_encode(const void *in, size_t n, char *out, size_t cap)
{
    const unsigned char *p = in;
    size_t need = n / 3 * 4 + (n % 3 ? n % 3 + 1 : 0);
    size_t o = 0, i = 0;
    if (!out || cap < need + 1)
        return 0;
    for (; i + 3 <= n; i += 3) {
        unsigned long v = (unsigned long)p[i] << 16 | (unsigned long)p[i + 1] << 8 | p[i + 2];
        out[o++] = B64URL[v >> 18 & 63];
        out[o++] = B64URL[v >> 12 & 63];
        out[o++] = B64URL[v >> 6 & 63];
        out[o++] = B64URL[v & 63];
    }
    if (n - i == 1) {
        unsigned long v = (unsigned long)p[i] << 16;
        out[o++] = B64URL[v >> 18 & 63];
        out[o++] = B64URL[v >> 12 & 63];
    } else if (n - i == 2) {
        unsigned long v = (unsigned long)p[i] << 16 | (unsigned long)p[i + 1] << 8;
        out[o++] = B64URL[v >> 18 & 63];
        out[o++] = B64URL[v >> 12 & 63];
        out[o++] = B64URL[v >> 6 & 63];
    }
    out[o] = '\0';
    return o;
}

/* See auth.h. */
unsigned char *auth_b64url_decode(const char *in, size_t len, size_t *out_len)
{
    unsigned char *out;
    size_t o = 0, i;
    unsigned long acc = 0;
    int bits = 0;
    if (!in || len % 4 == 1)
        return NULL;
    out = malloc(len / 4 * 3 + 3);
    if (!out)
        return NULL;
    for (i = 0; i < len; i++) {
        int v = b64url_value((unsigned char)in[i]);
        if (v < 0) {
            free(out);
            return NULL;
        }
        acc = (acc << 6 | (unsigned long)v) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (unsigned char)(acc >> bits & 0xff);
        }
    }
    /* Leftover bits must be zero: otherwise several spellings decode to the same bytes,
     * which lets a tampered token pass a string comparison elsewhere. */
    if (bits && (acc & ((1ul << bits) - 1))) {
        free(out);
        return NULL;
    }
    out[o] = '\0';
    if (out_len)
        *out_len = o;
    return out;
}

/* See auth.h. */
int auth_key_generate(int sandbox, char out[AUTH_KEY_MAX])
{
    unsigned char rnd[KEY_RANDOM_BYTES];
    const char *prefix = KEY_PREFIXES[sandbox ? 1 : 0];
    if (!out)
        return EINV_ERR;
    out[0] = '\0';
    if (RAND_bytes(rnd, sizeof rnd) != 1)
        return EINV_ERR;
    memcpy(out, prefix, KEY_PREFIX_LEN);
    if (!auth_b64url_encode(rnd, sizeof rnd, out + KEY_PREFIX_LEN, AUTH_KEY_MAX - KEY_PREFIX_LEN)) {
        OPENSSL_cleanse(rnd, sizeof rnd);
        out[0] = '\0';
        return EINV_ERR;
    }
    OPENSSL_cleanse(rnd, sizeof rnd);
    return EINV_OK;
}

/* See auth.h. Keys longer than AUTH_KEY_MAX-1 are refused so callers may copy them into
 * fixed buffers. */
int auth_key_well_formed(const char *raw)
{
    size_t n, i, k;
    int known = 0;
    if (!raw)
        return 0;
    n = strnlen(raw, AUTH_KEY_MAX);
    if (n >= AUTH_KEY_MAX || n < KEY_PREFIX_LEN + KEY_MIN_SECRET)
        return 0;
    for (k = 0; k < sizeof KEY_PREFIXES / sizeof KEY_PREFIXES[0]; k++)
        if (memcmp(raw, KEY_PREFIXES[k], KEY_PREFIX_LEN) == 0)
            known = 1;
    if (!known)
        return 0;
    for (i = KEY_PREFIX_LEN; i < n; i++)
        if (b64url_value((unsigned char)raw[i]) < 0)
            return 0;
    return 1;
}

/* See auth.h. A NULL key hashes like the empty string; out_hex is always filled. */
void auth_key_hash(const char *raw, char out_hex[65])
{
    static const char HEX[] = "0123456789abcdef";
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0, i;
    if (!raw)
        raw = "";
    if (EVP_Digest(raw, strlen(raw), md, &mdlen, EVP_sha256(), NULL) != 1 || mdlen != 32) {
        /* Cannot happen with a working libcrypto; never leave garbage that could match. */
        memset(out_hex, 'x', 64);
        out_hex[64] = '\0';
        return;
    }
    for (i = 0; i < 32; i++) {
        out_hex[2 * i] = HEX[md[i] >> 4];
        out_hex[2 * i + 1] = HEX[md[i] & 15];
    }
    out_hex[64] = '\0';
}

/* See auth.h. */
int auth_ct_equal(const void *a, const void *b, size_t n)
{
    if (n == 0)
        return 1;
    if (!a || !b)
        return 0;
    return CRYPTO_memcmp(a, b, n) == 0;
}
