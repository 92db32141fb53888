/* GET of the identity provider's discovery document and JWKS through libcurl (TLS with the
 * system's trust store, HTTPS_PROXY honoured, gzip, a deadline, a size cap). Plain http is
 * refused except to loopback hosts, so a token's keys never travel unprotected. */
#define _GNU_SOURCE
#include "auth_oidc.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct sink {
    char *buf;
    size_t len, cap, max;
    int too_big;
} sink_t;

static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static int g_curl_ok;

/* curl_global_init is not thread-safe: once per process, before any handle. */
static void curl_once(void) { g_curl_ok = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK; }

static size_t sink_write(char *p, size_t size, size_t n, void *ud)
{
    sink_t *s = ud;
    size_t add = size * n;
    if (s->len + add > s->max) {
        s->too_big = 1;
        return 0;           /* aborts the transfer */
    }
    if (s->len + add + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 8192;
        char *b;
        while (cap < s->len + add + 1)
            cap *= 2;
        if (!(b = realloc(s->buf, cap)))
            return 0;
        s->buf = b;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, p, add);
    s->len += add;
    s->buf[s->len] = '\0';
    return add;
}

/* See auth_oidc.h. */
int auth_oidc_url_allowed(const char *url)
{
    const char *h;
    size_t n;
    if (!url)
        return 0;
    if (strncasecmp(url, "https://", 8) == 0)
        return url[8] != '\0' && url[8] != '/';
    if (strncasecmp(url, "http://", 7) != 0)
        return 0;
    h = url + 7;
    n = strcspn(h, "/?#");
    if (n == 0 || memchr(h, '@', n))
        return 0;           /* userinfo could disguise the host */
    if (h[0] == '[')
        return strncmp(h, "[::1]", 5) == 0 && (n == 5 || h[5] == ':');
    {
        size_t hn = strcspn(h, ":/?#");
        if (hn == 9 && strncasecmp(h, "localhost", 9) == 0)
            return 1;
        if (hn >= 7 && strncmp(h, "127.", 4) == 0) {
            size_t i;
            for (i = 4; i < hn; i++)
                if (!(h[i] == '.' || (h[i] >= '0' && h[i] <= '9')))
                    return 0;
            return 1;
        }
    }
    return 0;
}

/* See auth_oidc.h. */
char *auth_oidc_fetch(const char *url, size_t max, int timeout_ms, einv_error_t *err)
{
    sink_t s = {NULL, 0, 0, max, 0};
    char errbuf[CURL_ERROR_SIZE] = "", detail[1200];
    long status = 0;
    CURL *c;
    CURLcode rc;
    snprintf(detail, sizeof detail, "%.1100s", url ? url : "");
    if (!auth_oidc_url_allowed(url)) {
        einv_error_set(err, EINV_ERR, "the identity provider's URL must be https:// (http:// only on loopback)",
                       detail, "");
        return NULL;
    }
    pthread_once(&g_once, curl_once);
    if (!g_curl_ok || !(c = curl_easy_init())) {
        einv_error_set(err, EINV_ERR, "libcurl could not be initialised", "", "");
        return NULL;
    }
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);       /* the issuer names the final URL */
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);             /* threads: no SIGALRM for DNS */
    curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, (long)timeout_ms);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, (long)timeout_ms);
    curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(c, CURLOPT_USERAGENT, "einvoiced-oidc");
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, sink_write);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &s);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
    rc = curl_easy_perform(c);
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_cleanup(c);
    if (rc != CURLE_OK || status != 200) {
        char msg[300];
        if (s.too_big)
            snprintf(msg, sizeof msg, "the identity provider's answer is larger than %zu bytes", max);
        else if (rc != CURLE_OK)
            snprintf(msg, sizeof msg, "cannot fetch from the identity provider: %.200s",
                     errbuf[0] ? errbuf : curl_easy_strerror(rc));
        else
            snprintf(msg, sizeof msg, "the identity provider answered HTTP %ld", status);
        einv_error_set(err, EINV_ERR, msg, detail, "");
        free(s.buf);
        return NULL;
    }
    if (!s.buf || s.len == 0 || memchr(s.buf, '\0', s.len)) {
        einv_error_set(err, EINV_ERR, "the identity provider's answer is empty or not text", detail, "");
        free(s.buf);
        return NULL;
    }
    return s.buf;
}
