/* einvoiced settings: environment variables (DESIGN.md "Fixed points"), optionally added to
 * by a KEY=VALUE file named by EINV_CONFIG (the environment wins), with defaults and
 * validation that names the offending setting. */
#define _GNU_SOURCE
#include "server.h"

#include <ctype.h>
#include <stddef.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Every setting the config file may hold (others are refused so typos do not pass). */
static const char *const known_keys[] = {
    "EINV_LISTEN", "EINV_DATABASE", "EINV_PLUGIN_DIR", "EINV_PLUGINS", "EINV_WORKERS",
    "EINV_MAX_UPLOAD", "EINV_JWKS_FILE", "EINV_OIDC_ISSUER", "EINV_OIDC_AUDIENCE",
    "EINV_SUPER_ADMINS", "EINV_QUEUE_MAX", "EINV_JOB_LEASE", "EINV_JOB_MAX_ATTEMPTS",
    "EINV_JOB_DEADLINE", "EINV_HTTP_THREADS", "EINV_DB_POOL",
    "EINV_HTTP_HEADER_TIMEOUT_MS", "EINV_HTTP_BODY_TIMEOUT_MS", "EINV_MAX_CONNECTIONS",
    "EINV_MAX_CONNECTIONS_PER_CLIENT",
    "EINV_LIMIT_ATTRIBUTES", "EINV_LIMIT_ELEMENTS", "EINV_LIMIT_TEXT", "EINV_LIMIT_PDF_DECODED",
    "EINV_LIMIT_TIMEOUT_MS", "EINV_LIMIT_FINDINGS_PER_RULE", "EINV_LIMIT_FINDINGS",
    NULL};

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
        int i, known = 0;
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
        for (i = 0; known_keys[i]; i++)
            if (strcmp(known_keys[i], k) == 0)
                known = 1;
        if (!known) {
            char d[300];
            snprintf(d, sizeof d, "%s line %d: %s", path, lineno, k);
            fclose(fp);
            return einv_error_set(err, EINV_ERR, "unknown setting in config file", d,
                                  "Known settings: EINV_LISTEN, EINV_DATABASE, EINV_WORKERS, ...");
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

static int set_str(char *dst, size_t size, const file_entries_t *f, const char *key,
                   const char *def, einv_error_t *err)
{
    const char *v = get(f, key);
    if (!v)
        v = def;
    if (strlen(v) >= size)
        return einv_error_set(err, EINV_ERR, "setting too long", key, "");
    strcpy(dst, v);
    return EINV_OK;
}

/* A whole number within [min, max]; size suffixes K/M/G (binary) when allow_suffix. */
static int set_num(long long *dst, const file_entries_t *f, const char *key, long long def,
                   long long min, long long max, int allow_suffix, einv_error_t *err)
{
    const char *v = get(f, key);
    char *end;
    long long n, mul = 1;
    char detail[256];
    if (!v || !*v) {
        *dst = def;
        return EINV_OK;
    }
    errno = 0;
    n = strtoll(v, &end, 10);
    if (allow_suffix && end != v && *end) {
        char c = (char)toupper((unsigned char)*end);
        if (c == 'K' || c == 'M' || c == 'G') {
            mul = c == 'K' ? 1024LL : c == 'M' ? 1024LL * 1024 : 1024LL * 1024 * 1024;
            end++;
            if (toupper((unsigned char)*end) == 'B' || *end == 'i')
                end += *end == 'i' && toupper((unsigned char)end[1]) == 'B' ? 2 : 1;
        }
    }
    if (end == v || *end || errno == ERANGE || !isdigit((unsigned char)*v)) {
        snprintf(detail, sizeof detail, "%s=%.200s", key, v);
        return einv_error_set(err, EINV_ERR, "setting is not a number", detail,
                              allow_suffix ? "Use a whole number of bytes, optionally with K, M or G"
                                           : "Use a whole number");
    }
    if (n > max / mul || n * mul < min || n * mul > max) {
        snprintf(detail, sizeof detail, "%s=%.200s (allowed %lld..%lld)", key, v, min, max);
        return einv_error_set(err, EINV_ERR, "setting out of range", detail, "");
    }
    *dst = n * mul;
    return EINV_OK;
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

/* The validation budget (include/einvoice/limits.h); defaults are the SDK's own. */
static int load_limits(einv_limits_t *l, const file_entries_t *f, einv_error_t *err)
{
    static const struct {
        const char *key;
        size_t off;
        long long max;
        int bytes;
    } LIMITS[] = {
        {"EINV_LIMIT_ATTRIBUTES", offsetof(einv_limits_t, max_attributes), 1000000, 0},
        {"EINV_LIMIT_ELEMENTS", offsetof(einv_limits_t, max_elements), 1000000000, 0},
        {"EINV_LIMIT_TEXT", offsetof(einv_limits_t, max_text), 4LL << 30, 1},
        {"EINV_LIMIT_PDF_DECODED", offsetof(einv_limits_t, max_decoded), 4LL << 30, 1},
        {"EINV_LIMIT_FINDINGS_PER_RULE", offsetof(einv_limits_t, max_findings_per_rule), 1000000, 0},
        {"EINV_LIMIT_FINDINGS", offsetof(einv_limits_t, max_findings), 10000000, 0}};
    size_t i;
    long long n;
    int rc;
    einv_limits_default(l);
    for (i = 0; i < sizeof LIMITS / sizeof LIMITS[0]; i++) {
        size_t *field = (size_t *)(void *)((char *)l + LIMITS[i].off);
        if ((rc = set_num(&n, f, LIMITS[i].key, (long long)*field, 1, LIMITS[i].max, LIMITS[i].bytes, err)) != EINV_OK)
            return rc;
        *field = (size_t)n;
    }
    if ((rc = set_num(&n, f, "EINV_LIMIT_TIMEOUT_MS", l->timeout_ms, 1, 86400000, 0, err)) != EINV_OK)
        return rc;
    l->timeout_ms = (unsigned)n;
    return EINV_OK;
}

int einv_config_load(einv_config_t *c, einv_error_t *err)
{
    file_entries_t f = {{0}, {0}, 0};
    const char *path = getenv("EINV_CONFIG");
    long long n;
    int rc = EINV_OK;
    memset(c, 0, sizeof *c);
    if (path && *path && (rc = read_file(path, &f, err)) != EINV_OK) {
        entries_free(&f);
        return rc;
    }
#define TRY(x)            \
    do {                  \
        if ((rc = (x)) != EINV_OK) \
            goto out;     \
    } while (0)
    TRY(set_str(c->listen, sizeof c->listen, &f, "EINV_LISTEN", "127.0.0.1:8080", err));
    TRY(set_str(c->database, sizeof c->database, &f, "EINV_DATABASE", "sqlite:var/einvoice.db", err));
    TRY(set_str(c->plugin_dir, sizeof c->plugin_dir, &f, "EINV_PLUGIN_DIR", "", err));
    TRY(set_str(c->plugins, sizeof c->plugins, &f, "EINV_PLUGINS", "", err));
    TRY(set_str(c->jwks_file, sizeof c->jwks_file, &f, "EINV_JWKS_FILE", "", err));
    TRY(set_str(c->oidc_issuer, sizeof c->oidc_issuer, &f, "EINV_OIDC_ISSUER", "", err));
    TRY(set_str(c->oidc_audience, sizeof c->oidc_audience, &f, "EINV_OIDC_AUDIENCE", "", err));
    TRY(set_str(c->super_admins, sizeof c->super_admins, &f, "EINV_SUPER_ADMINS", "", err));
    TRY(set_num(&n, &f, "EINV_WORKERS", 2, 0, 256, 0, err));
    c->workers = (int)n;
    TRY(set_num(&n, &f, "EINV_MAX_UPLOAD", 20LL * 1024 * 1024, 1, 4LL * 1024 * 1024 * 1024, 1, err));
    c->max_upload = (size_t)n;
    TRY(set_num(&n, &f, "EINV_QUEUE_MAX", 10000, 1, INT_MAX, 0, err));
    c->queue_max = (int)n;
    TRY(set_num(&n, &f, "EINV_JOB_LEASE", 60, 1, 86400, 0, err));
    c->lease_seconds = (int)n;
    TRY(set_num(&n, &f, "EINV_JOB_MAX_ATTEMPTS", 3, 1, 100, 0, err));
    c->max_attempts = (int)n;
    TRY(set_num(&n, &f, "EINV_JOB_DEADLINE", 600, 1, 7 * 86400, 0, err));
    c->job_deadline_seconds = (int)n;
    TRY(set_num(&n, &f, "EINV_HTTP_THREADS", 64, 1, 1024, 0, err));
    c->http_threads = (int)n;
    TRY(set_num(&n, &f, "EINV_DB_POOL", 16, 1, 1024, 0, err));
    c->pool_size = (int)n;
    /* slow clients (server/conn_guard.c, docs/operations.md) */
    TRY(set_num(&n, &f, "EINV_HTTP_HEADER_TIMEOUT_MS", 10000, 100, 600000, 0, err));
    c->header_timeout_ms = (int)n;
    TRY(set_num(&n, &f, "EINV_HTTP_BODY_TIMEOUT_MS", 60000, 100, 3600000, 0, err));
    c->body_timeout_ms = (int)n;
    TRY(set_num(&n, &f, "EINV_MAX_CONNECTIONS", 1024, 16, 1000000, 0, err));
    c->max_connections = (int)n;
    TRY(set_num(&n, &f, "EINV_MAX_CONNECTIONS_PER_CLIENT", 64, 1, 1000000, 0, err));
    c->max_connections_per_client = (int)n;
    TRY(load_limits(&c->limits, &f, err));
    TRY(check_listen(c->listen, err));
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
    if ((c->oidc_issuer[0] || c->oidc_audience[0]) && !c->jwks_file[0]) {
        rc = einv_error_set(err, EINV_ERR, "EINV_OIDC_ISSUER/EINV_OIDC_AUDIENCE need EINV_JWKS_FILE",
                            "", "Set EINV_JWKS_FILE to the identity provider's JWKS document");
        goto out;
    }
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
