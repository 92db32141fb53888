/* einvoiced settings: each setting of the registry (server/settings.c) is read from the
 * environment (DESIGN.md "Fixed points"), else from a KEY=VALUE file named by EINV_CONFIG,
 * else its default; then the checks across settings, naming the offending one. */
#define _GNU_SOURCE
#include "server.h"
#include "settings.h"
#include "log.h"
#include "metrics.h"

#include <ctype.h>
#include <stddef.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_FILE_ENTRIES 64

typedef struct file_entries {
    char *key[MAX_FILE_ENTRIES];
    char *val[MAX_FILE_ENTRIES];
    int n;
} file_entries_t;

static void entries_free(file_entries_t *f)
{
    int i;
    for (i = 0; i < f->n; i++) {
        free(f->key[i]);
        free(f->val[i]);
    }
    f->n = 0;
}

static char *trim(char *s)
{
    char *e;
    while (isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

/* Read KEY=VALUE lines ('#' comments, blank lines, optional "export ", optional quotes). */
static int read_file(const char *path, file_entries_t *f, einv_error_t *err)
{
    FILE *fp = fopen(path, "r");
    char line[4096];
    int lineno = 0;
    if (!fp)
        return einv_error_set(err, EINV_ERR, "cannot read the config file named by EINV_CONFIG",
                              path, strerror(errno));
    while (fgets(line, sizeof line, fp)) {
        char *s = trim(line), *eq, *k, *v;
        size_t vl;
        lineno++;
        if (!*s || *s == '#')
            continue;
        if (strncmp(s, "export ", 7) == 0)
            s = trim(s + 7);
        eq = strchr(s, '=');
        if (!eq) {
            char d[300];
            snprintf(d, sizeof d, "%s line %d: expected KEY=VALUE", path, lineno);
            fclose(fp);
            return einv_error_set(err, EINV_ERR, "malformed config file", d, "");
        }
        *eq = 0;
        k = trim(s);
        v = trim(eq + 1);
        vl = strlen(v);
        if (vl >= 2 && (v[0] == '"' || v[0] == '\'') && v[vl - 1] == v[0]) {
            v[vl - 1] = 0;
            v++;
        }
        if (!einv_setting_find(k)) {
            char d[300];
            snprintf(d, sizeof d, "%s line %d: %s", path, lineno, k);
            fclose(fp);
            return einv_error_set_subject(err, EINV_ERR, EINV_SUBJECT_SETTING, "unknown setting in config file", d,
                                          "Run einvoiced --help for the list of settings");
        }
        if (f->n >= MAX_FILE_ENTRIES)
            break;
        f->key[f->n] = strdup(k);
        f->val[f->n] = strdup(v);
        f->n++;
    }
    fclose(fp);
    return EINV_OK;
}

/* The value of a setting: environment first, then the file (last entry wins), else NULL. */
static const char *get(const file_entries_t *f, const char *key)
{
    const char *v = getenv(key);
    int i;
    if (v)
        return v;
    for (i = f->n - 1; i >= 0; i--)
        if (strcmp(f->key[i], key) == 0)
            return f->val[i];
    return NULL;
}

/* EINV_LISTEN: "host:port", "[v6]:port" or "port"; the port must be 1..65535. */
static int check_listen(const char *v, einv_error_t *err)
{
    const char *colon = strrchr(v, ':');
    const char *port = colon ? colon + 1 : v;
    char *end;
    long p;
    char detail[200];
    snprintf(detail, sizeof detail, "EINV_LISTEN=%.150s", v);
    if (v[0] == '[' && (!colon || colon[-1] != ']'))
        return einv_error_set(err, EINV_ERR, "invalid listen address", detail,
                              "Use host:port, [ipv6]:port or port");
    errno = 0;
    p = strtol(port, &end, 10);
    if (!*port || *end || p < 1 || p > 65535 || !isdigit((unsigned char)*port))
        return einv_error_set(err, EINV_ERR, "invalid listen address", detail,
                              "Use host:port with a port between 1 and 65535 (e.g. 127.0.0.1:8080)");
    if (colon && colon == v)
        return einv_error_set(err, EINV_ERR, "invalid listen address", detail,
                              "Use host:port, [ipv6]:port or port");
    return EINV_OK;
}

/* EINV_LOG_LEVEL, EINV_LOG_FORMAT, EINV_METRICS (and its token) name known values. */
static int check_observability(const einv_config_t *c, einv_error_t *err)
{
    char d[200];
    if (log_level_parse(c->log_level) < 0) {
        snprintf(d, sizeof d, "EINV_LOG_LEVEL=%.100s", c->log_level);
        return einv_error_set_subject(err, EINV_ERR, EINV_SUBJECT_SETTING, "unknown log level", d,
                                      "Use error, warn, info or debug");
    }
    if (log_format_parse(c->log_format) < 0) {
        snprintf(d, sizeof d, "EINV_LOG_FORMAT=%.100s", c->log_format);
        return einv_error_set_subject(err, EINV_ERR, EINV_SUBJECT_SETTING, "unknown log format", d,
                                      "Use text or json");
    }
    if (metrics_mode_parse(c->metrics) < 0) {
        snprintf(d, sizeof d, "EINV_METRICS=%.100s", c->metrics);
        return einv_error_set_subject(err, EINV_ERR, EINV_SUBJECT_SETTING, "unknown metrics access", d,
                                      "Use off, loopback, token or public");
    }
    if (metrics_mode_parse(c->metrics) == METRICS_TOKEN && strlen(c->metrics_token) < 16)
        return einv_error_set_subject(err, EINV_ERR, EINV_SUBJECT_SETTING,
                                      "EINV_METRICS=token needs EINV_METRICS_TOKEN of at least 16 characters",
                                      "EINV_METRICS_TOKEN", "e.g. EINV_METRICS_TOKEN=$(openssl rand -hex 24)");
    return EINV_OK;
}

int einv_config_load(einv_config_t *c, einv_error_t *err)
{
    file_entries_t f = {{0}, {0}, 0};
    const char *path = getenv("EINV_CONFIG");
    size_t i;
    int rc = EINV_OK;
    memset(c, 0, sizeof *c);
    einv_limits_default(&c->limits);   /* struct_size and the limits without a setting */
    if (path && *path && (rc = read_file(path, &f, err)) != EINV_OK) {
        entries_free(&f);
        return rc;
    }
#define TRY(x)            \
    do {                  \
        if ((rc = (x)) != EINV_OK) \
            goto out;     \
    } while (0)
    for (i = 0; i < einv_settings_count(); i++) {
        const einv_setting_t *st = einv_setting_at(i);
        TRY(einv_setting_apply(st, c, get(&f, st->name), err));
    }
    TRY(check_listen(c->listen, err));
    TRY(check_observability(c, err));
    if (strncmp(c->database, "sqlite:", 7) != 0 && strncmp(c->database, "postgresql://", 13) != 0 &&
        strncmp(c->database, "postgres://", 11) != 0) {
        rc = einv_error_set(err, EINV_ERR, "unsupported EINV_DATABASE",
                            "expected sqlite:PATH or postgresql://...",
                            "e.g. EINV_DATABASE=sqlite:var/einvoice.db");
        goto out;
    }
    if (strcmp(c->database, "sqlite:") == 0) {
        rc = einv_error_set(err, EINV_ERR, "EINV_DATABASE names no file", "sqlite:", "e.g. sqlite:var/einvoice.db");
        goto out;
    }
    /* the keys come from EINV_JWKS_FILE or from the issuer's discovery document */
    if ((c->oidc_audience[0] || c->oidc_client_id[0]) && !c->jwks_file[0] && !c->oidc_issuer[0]) {
        rc = einv_error_set(err, EINV_ERR, "EINV_OIDC_AUDIENCE/EINV_OIDC_CLIENT_ID need EINV_OIDC_ISSUER",
                            "", "Set EINV_OIDC_ISSUER to the identity provider's issuer URL (or EINV_JWKS_FILE)");
        goto out;
    }
    /* the dashboard's ID tokens name its client id as audience */
    if (!c->oidc_audience[0] && c->oidc_client_id[0])
        memcpy(c->oidc_audience, c->oidc_client_id, strlen(c->oidc_client_id) + 1);
#undef TRY
out:
    entries_free(&f);
    return rc;
}

int einv_config_is_super_admin(const einv_config_t *c, const char *email)
{
    const char *p;
    size_t el;
    if (!c || !email || !*email)
        return 0;
    el = strlen(email);
    p = c->super_admins;
    while (*p) {
        const char *q = strchr(p, ',');
        const char *s = p, *e = q ? q : p + strlen(p);
        while (s < e && isspace((unsigned char)*s))
            s++;
        while (e > s && isspace((unsigned char)e[-1]))
            e--;
        if ((size_t)(e - s) == el && strncasecmp(s, email, el) == 0)
            return 1;
        if (!q)
            break;
        p = q + 1;
    }
    return 0;
}

void einv_config_engine_options(const einv_config_t *c, einv_engine_options_t *o)
{
    memset(o, 0, sizeof *o);
    o->struct_size = sizeof *o;
    o->plugin_path = c->plugin_path;
    o->plugin_dir = c->plugin_dir;
    o->allow = c->plugins;
    o->docs_url = c->docs_url;
    o->schema_dir = c->schema_dir;
    o->no_xml_arena = !c->xml_arena;
    o->limits = &c->limits;
}
