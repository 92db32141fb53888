/* The web dashboard's routes (server/routes_dashboard.c): GET / (index.html), GET
 * /assets/{file} (its scripts, styles, images) and GET /dashboard/config.json (the sign-in
 * settings the page needs), all with the dashboard's security headers. */
#ifndef EINV_ROUTES_DASHBOARD_H
#define EINV_ROUTES_DASHBOARD_H

#include <stddef.h>
#include "server.h"

/* The folder the dashboard's files are served from: EINV_WEB_DIR, else
 * <folder of the running binary>/../share/einvoice/web (build tree and installs alike),
 * else the installed EINV_WEB_DEFAULT_DIR. Writes it into out; 1 when it holds index.html. */
int dashboard_web_dir(const einv_config_t *c, char *out, size_t cap);
/* 1 when name is a file name the dashboard serves: [A-Za-z0-9_-] and dots, not starting
 * with a dot, with a known extension; *type receives its Content-Type. */
int dashboard_asset_name_ok(const char *name, const char **type);
/* The Content-Security-Policy header value, allowing connections to the origins of the
 * issuer and of the token endpoint (either may be ""). */
void dashboard_csp(const char *issuer, const char *token_endpoint, char *out, size_t cap);

#endif
