/* The self-hosted rule documentation, outside /api and without authentication (findings link
 * here by default: EINV_DOCS_URL = /docs/rules/{code}):
 *   GET /docs/rules                 the index: profiles, the service's codes; ?profile=P lists
 *                                   what P can report, ?q= searches codes, terms and texts
 *   GET /docs/rules/{code}          the page of one code; 404 page for a code nobody reports
 * text/html, self-contained, with a Content-Security-Policy that allows nothing but the inline
 * style and the search form (docs_html.c). The pages follow the installed plugins. */
#include "docs_rules.h"
#include "http.h"

#include <stdlib.h>
#include <string.h>

/* The pages' policy: no script, no image, no frame, nothing loaded; the search form submits
 * to this origin only. (Cache-Control: no-store and nosniff come from the HTTP layer.) */
#define DOCS_HEADERS                                                                          \
    "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; " \
    "base-uri 'none'; frame-ancestors 'none'\r\nReferrer-Policy: no-referrer\r\n"

static void send_html(einv_req_t *r, int status, char *html, size_t len)
{
    if (!html) {
        http_send_error(r, 500, "The page could not be made (out of memory)", NULL);
        return;
    }
    http_send_bytes(r, status, "text/html; charset=utf-8", html, len, DOCS_HEADERS);
    free(html);
}

static void h_index(einv_req_t *r, const char *const *p, int np)
{
    char profile[64], q[128];
    size_t len = 0;
    (void)p;
    (void)np;
    http_query(r, "profile", profile, sizeof profile);
    http_query(r, "q", q, sizeof q);
    char *html;
    if (profile[0] && !einv_engine_profile(r->srv->engine, profile)) {
        html = docs_html_not_found(profile, &len);
        send_html(r, 404, html, len);
        return;
    }
    html = docs_html_index(r->srv->engine, profile, q, &len);
    send_html(r, 200, html, len);
}

static void h_rule(einv_req_t *r, const char *const *p, int np)
{
    size_t len = 0;
    docs_hit_t hit;
    (void)np;
    if (docs_lookup(r->srv->engine, p[0], &hit, 1) == 0) {
        char *html = docs_html_not_found(p[0], &len);
        send_html(r, 404, html, len);
    } else {
        char *html = docs_html_rule(r->srv->engine, p[0], &len);
        send_html(r, 200, html, len);
    }
}

/* Registered from main.c beside the API's route groups. */
void routes_docs_register(void)
{
    http_route("GET", "/docs/rules", h_index);
    http_route("GET", "/docs/rules/{code}", h_rule);
}
