/* Webhook targets and signatures: URL parsing and the SSRF checks (a webhook is a request
 * the service makes on a customer's behalf, so by default it may not reach the service's
 * own network), new secrets, and the HMAC-SHA256 signature of a delivery. */
#include <arpa/inet.h>
#include <ctype.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include "webhooks.h"

static int fail(char *msg, size_t cap, const char *text)
{
    snprintf(msg, cap, "url: %s", text);
    return -1;
}

int webhook_url_parse(const char *url, webhook_url_t *u, char *msg, size_t cap)
{
    const char *p, *auth_end, *h, *h_end;
    size_t n = url ? strlen(url) : 0;
    memset(u, 0, sizeof *u);
    if (n == 0)
        return fail(msg, cap, "must not be empty");
    if (n > WEBHOOK_URL_MAX)
        return fail(msg, cap, "must be at most 2048 characters");
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)url[i] <= 0x20 || (unsigned char)url[i] >= 0x7f)
            return fail(msg, cap, "must be printable ASCII without spaces (percent-encode the rest,"
                                  " punycode for international names)");
    if (strncasecmp(url, "https://", 8) == 0) {
        u->https = 1;
        p = url + 8;
    } else if (strncasecmp(url, "http://", 7) == 0) {
        p = url + 7;
    } else {
        return fail(msg, cap, "must be an http:// or https:// URL");
    }
    if (strchr(url, '#'))
        return fail(msg, cap, "must not have a #fragment");
    auth_end = p + strcspn(p, "/?");
    if (memchr(p, '@', (size_t)(auth_end - p)))
        return fail(msg, cap, "must not carry a user name or password (the signature authenticates us)");
    h = p;
    if (*h == '[') {
        h_end = memchr(h, ']', (size_t)(auth_end - h));
        if (!h_end)
            return fail(msg, cap, "unterminated [IPv6] host");
        p = h_end + 1;
        h++;
    } else {
        h_end = memchr(h, ':', (size_t)(auth_end - h));
        if (!h_end)
            h_end = auth_end;
        p = h_end;
        for (const char *c = h; c < h_end; c++)
            if (!isalnum((unsigned char)*c) && *c != '-' && *c != '.')
                return fail(msg, cap, "the host name may hold letters, digits, '-' and '.' only");
    }
    if (h_end == h || (size_t)(h_end - h) >= sizeof u->host)
        return fail(msg, cap, "must name a host (at most 255 characters)");
    memcpy(u->host, h, (size_t)(h_end - h));
    u->port = u->https ? 443 : 80;
    if (p < auth_end) {
        long port = 0;
        if (*p != ':' || p + 1 == auth_end || auth_end - p > 6)
            return fail(msg, cap, "bad port");
        for (const char *c = p + 1; c < auth_end; c++) {
            if (!isdigit((unsigned char)*c))
                return fail(msg, cap, "bad port");
            port = port * 10 + (*c - '0');
        }
        if (port < 1 || port > 65535)
            return fail(msg, cap, "the port must be within 1..65535");
        u->port = (int)port;
    }
    {
        unsigned char buf[16];
        u->host_is_ip = inet_pton(AF_INET, u->host, buf) == 1 || inet_pton(AF_INET6, u->host, buf) == 1;
        if (h[-1] == '[' && inet_pton(AF_INET6, u->host, buf) != 1)
            return fail(msg, cap, "the [bracketed] host must be an IPv6 address");
    }
    snprintf(u->path, sizeof u->path, "%s%s", *auth_end == '?' ? "/" : "", *auth_end ? auth_end : "/");
    return 0;
}

/* IPv4 address (host order) outside the public unicast space. */
static int v4_private(unsigned long a)
{
    static const struct { unsigned long net; int bits; } R[] = {
        {0x00000000UL, 8},  {0x0A000000UL, 8},  {0x64400000UL, 10}, {0x7F000000UL, 8},
        {0xA9FE0000UL, 16}, {0xAC100000UL, 12}, {0xC0000000UL, 24}, {0xC0000200UL, 24},
        {0xC0A80000UL, 16}, {0xC6120000UL, 15}, {0xC6336400UL, 24}, {0xCB007100UL, 24},
        {0xE0000000UL, 4},  {0xF0000000UL, 4},
    };
    for (size_t i = 0; i < sizeof R / sizeof R[0]; i++)
        if ((a >> (32 - R[i].bits)) == (R[i].net >> (32 - R[i].bits)))
            return 1;
    return 0;
}

int webhook_addr_private(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *s4 = (const struct sockaddr_in *)sa;
        return v4_private(ntohl(s4->sin_addr.s_addr));
    }
    if (sa->sa_family == AF_INET6) {
        const unsigned char *b = ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
        static const unsigned char zero[16];
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        static const unsigned char nat64[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
        if (memcmp(b, mapped, 12) == 0 || memcmp(b, nat64, 12) == 0 || memcmp(b, zero, 12) == 0)
            return v4_private((unsigned long)b[12] << 24 | (unsigned long)b[13] << 16 |
                              (unsigned long)b[14] << 8 | b[15]) ||
                   memcmp(b, zero, 12) == 0;    /* ::, ::1 and the old compatible form */
        return (b[0] & 0xfe) == 0xfc ||                  /* fc00::/7 unique local */
               (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) || /* fe80::/10 link-local */
               (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0) || /* fec0::/10 site-local */
               b[0] == 0xff ||                            /* multicast */
               (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8); /* documentation */
    }
    return 1;
}

int webhook_url_check(const char *url, int allow_private, char *msg, size_t cap)
{
    webhook_url_t u;
    size_t hl;
    if (webhook_url_parse(url, &u, msg, cap) != 0)
        return -1;
    if (allow_private)
        return 0;
    hl = strlen(u.host);
    if (strcasecmp(u.host, "localhost") == 0 ||
        (hl > 10 && strcasecmp(u.host + hl - 10, ".localhost") == 0))
        return fail(msg, cap, "loopback targets are not allowed on this server (EINV_WEBHOOK_ALLOW_PRIVATE)");
    if (u.host_is_ip) {
        struct sockaddr_storage ss;
        memset(&ss, 0, sizeof ss);
        if (inet_pton(AF_INET, u.host, &((struct sockaddr_in *)&ss)->sin_addr) == 1)
            ss.ss_family = AF_INET;
        else if (inet_pton(AF_INET6, u.host, &((struct sockaddr_in6 *)&ss)->sin6_addr) == 1)
            ss.ss_family = AF_INET6;
        if (webhook_addr_private((struct sockaddr *)&ss))
            return fail(msg, cap, "private, loopback and link-local addresses are not allowed on"
                                  " this server (EINV_WEBHOOK_ALLOW_PRIVATE)");
    }
    return 0;
}

int webhook_secret_new(char out[WEBHOOK_SECRET_MAX])
{
    static const char B64URL[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    unsigned char raw[33];
    size_t o = 6;
    if (RAND_bytes(raw, sizeof raw) != 1)
        return -1;
    memcpy(out, "whsec_", 6);
    /* 43 characters of 6 bits each: 258 bits drawn, 256 used meaningfully */
    for (int i = 0; i < 43; i++) {
        int bit = i * 6;
        unsigned v = ((unsigned)raw[bit / 8] << 8 | raw[bit / 8 + 1]) >> (10 - bit % 8);
        out[o++] = B64URL[v & 63];
    }
    out[o] = '\0';
    memset(raw, 0, sizeof raw);
    return 0;
}

void webhook_sign(const char *secret, const char *timestamp, const char *body, size_t len,
                  char out[WEBHOOK_SIGNATURE_MAX])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    size_t tl = strlen(timestamp);
    unsigned char *msg = malloc(tl + 1 + len + 1);
    out[0] = '\0';
    if (!msg)
        return;
    memcpy(msg, timestamp, tl);
    msg[tl] = '.';
    memcpy(msg + tl + 1, body, len);
    if (HMAC(EVP_sha256(), secret, (int)strlen(secret), msg, tl + 1 + len, md, &mdlen)) {
        memcpy(out, "sha256=", 7);
        for (unsigned i = 0; i < mdlen && i < 32; i++)
            snprintf(out + 7 + 2 * i, 3, "%02x", md[i]);
    }
    free(msg);
}
