/* The web dashboard (docs/dashboard.md): its static files from the web folder and the
 * sign-in settings it reads at start. The page signs in at the identity provider itself
 * (authorization code + PKCE) and calls the same /api/v1 endpoints with the ID token as
 * Bearer; the server only serves files here, so there is no second API to secure. Every
 * answer carries a Content-Security-Policy without 'unsafe-inline' (the files have no inline
 * script or style), frame-ancestors 'none' and nosniff (http_send_bytes). */
#define _GNU_SOURCE
#include "routes_dashboard.h"

#include <json-c/json.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "auth_oidc.h"
#include "http.h"

#ifndef EINV_WEB_DEFAULT_DIR
#define EINV_WEB_DEFAULT_DIR "/usr/local/share/einvoice/web"
#endif
#define ASSET_MAX (4 * 1024 * 1024)

static const struct {
    const char *ext, *type;
} TYPES[] = {
    {".html", "text/html; charset=utf-8"},   {".js", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},     {".svg", "image/svg+xml"},
    {".png", "image/png"},                   {".ico", "image/x-icon"},
    {".json", "application/json"},
};

/* See routes_dashboard.h. */
int dashboard_asset_name_ok(const char *name, const char **type)
{
    size_t i, n = name ? strlen(name) : 0;
    if (n == 0 || n > 100 || name[0] == '.')
        return 0;
    for (i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_' || c == '.'))
            return 0;
    }
    for (i = 0; i < sizeof TYPES / sizeof TYPES[0]; i++) {
        size_t e = strlen(TYPES[i].ext);
        if (n > e && strcmp(name + n - e, TYPES[i].ext) == 0) {
            if (type)
                *type = TYPES[i].type;
            return 1;
        }
    }
    return 0;
}

static int has_index(const char *dir)
{
    char p[PATH_MAX + 20];
    struct stat st;
    snprintf(p, sizeof p, "%s/index.html", dir);
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* See routes_dashboard.h. */
int dashboard_web_dir(const einv_config_t *c, char *out, size_t cap)
{
    char exe[PATH_MAX];
    ssize_t n;
    if (c && c->web_dir[0]) {
        snprintf(out, cap, "%s", c->web_dir);
        return has_index(out);
    }
    n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        char *slash;
        exe[n] = '\0';
        if ((slash = strrchr(exe, '/')) != NULL) {
            *slash = '\0';
            snprintf(out, cap, "%s/../share/einvoice/web", exe);
            if (has_index(out))
                return 1;
        }
    }
    snprintf(out, cap, "%s", EINV_WEB_DEFAULT_DIR);
    return has_index(out);
}

/* scheme://host[:port] of url into out ("" when url is not http(s)). */
static void origin_of(const char *url, char *out, size_t cap)
{
    const char *p = strstr(url ? url : "", "://");
    size_t n;
    out[0] = '\0';
    if (!p || (strncmp(url, "https://", 8) != 0 && strncmp(url, "http://", 7) != 0))
        return;
    n = (size_t)(p + 3 - url) + strcspn(p + 3, "/?#");
    /* a CSP source may not contain these; such a URL is not one we would use anyway */
    if (n >= cap || strcspn(url, " ;,'\"\r\n") < n)
        return;
    memcpy(out, url, n);
    out[n] = '\0';
}

/* See routes_dashboard.h. */
void dashboard_csp(const char *issuer, const char *token_endpoint, char *out, size_t cap)
{
    char a[AUTH_OIDC_URL_MAX], b[AUTH_OIDC_URL_MAX];
    origin_of(issuer, a, sizeof a);
    origin_of(token_endpoint, b, sizeof b);
    if (strcmp(a, b) == 0)
        b[0] = '\0';
    snprintf(out, cap,
             "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
             "connect-src 'self'%s%s%s%s; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
             a[0] ? " " : "", a, b[0] ? " " : "", b);
}

/* The security headers of every dashboard answer (lines for http_send_bytes); the page
 * may connect to the issuer (discovery) and to its token endpoint (the code exchange). */
static void headers(einv_req_t *r, char *out, size_t cap)
{
    char csp[3 * AUTH_OIDC_URL_MAX];
    auth_oidc_endpoints_t ep;
    memset(&ep, 0, sizeof ep);
    if (r->srv->oidc)
        auth_oidc_endpoints(r->srv->oidc, (long long)time(NULL), &ep);
    dashboard_csp(r->srv->cfg.oidc_issuer, ep.token, csp, sizeof csp);
    snprintf(out, cap,
             "Content-Security-Policy: %s\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n"
             "Cross-Origin-Opener-Policy: same-origin\r\n",
             csp);
}

static void send_file(einv_req_t *r, const char *name, const char *type)
{
    char dir[PATH_MAX], path[PATH_MAX + 128], extra[4 * AUTH_OIDC_URL_MAX];
    struct stat st;
    FILE *f;
    char *buf;
    size_t n;
    if (!dashboard_web_dir(&r->srv->cfg, dir, sizeof dir)) {
        http_send_error(r, 404, "The dashboard is not installed (no index.html in the web folder; "
                        "set EINV_WEB_DIR)", NULL);
        return;
    }
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!(f = fopen(path, "rb")) || fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > ASSET_MAX) {
        if (f)
            fclose(f);
        http_send_error(r, 404, "No such resource", NULL);
        return;
    }
    /* the file's own size (+1: a file that grew meanwhile is cut, never overrun) */
    buf = malloc((size_t)st.st_size + 1);
    n = buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
    fclose(f);
    if (!buf) {
        http_send_error(r, 503, "Out of memory; try again shortly", NULL);
        return;
    }
    headers(r, extra, sizeof extra);
    http_send_bytes(r, 200, type, buf, n, extra);
    free(buf);
}

static void get_index(einv_req_t *r, const char *const *p, int np)
{
    (void)p;
    (void)np;
    send_file(r, "index.html", "text/html; charset=utf-8");
}

static void get_asset(einv_req_t *r, const char *const *p, int np)
{
    char name[128];
    const char *type = NULL;
    if (np != 1 || !dashboard_asset_name_ok(p[0], &type)) {
        http_send_error(r, 404, "No such resource", NULL);
        return;
    }
    snprintf(name, sizeof name, "assets/%s", p[0]);
    send_file(r, name, type);
}

/* {issuer, clientId, authorizationEndpoint, tokenEndpoint, endSessionEndpoint, scope}: what
 * the page needs to sign in; the endpoints come from the server's copy of the discovery
 * document (null when the server could not fetch it: the page then asks the issuer). */
static void get_config(einv_req_t *r, const char *const *p, int np)
{
    const einv_config_t *c = &r->srv->cfg;
    auth_oidc_endpoints_t ep;
    json_object *o = json_object_new_object();
    char extra[4 * AUTH_OIDC_URL_MAX];
    int have = 0;
    (void)p;
    (void)np;
    memset(&ep, 0, sizeof ep);
    if (r->srv->oidc)
        have = auth_oidc_endpoints(r->srv->oidc, (long long)time(NULL), &ep) == EINV_OK;
    json_object_object_add(o, "issuer", c->oidc_issuer[0] ? json_object_new_string(c->oidc_issuer) : NULL);
    json_object_object_add(o, "clientId", c->oidc_client_id[0] ? json_object_new_string(c->oidc_client_id) : NULL);
    json_object_object_add(o, "authorizationEndpoint",
                           have && ep.authorization[0] ? json_object_new_string(ep.authorization) : NULL);
    json_object_object_add(o, "tokenEndpoint", have && ep.token[0] ? json_object_new_string(ep.token) : NULL);
    json_object_object_add(o, "endSessionEndpoint",
                           have && ep.end_session[0] ? json_object_new_string(ep.end_session) : NULL);
    json_object_object_add(o, "scope", json_object_new_string("openid email profile"));
    headers(r, extra, sizeof extra);
    http_send_json(r, 200, json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE), extra);
    json_object_put(o);
}

void routes_dashboard_register(void)
{
    http_route("GET", "/", get_index);
    http_route("GET", "/assets/{file}", get_asset);
    http_route("GET", "/dashboard/config.json", get_config);
}
