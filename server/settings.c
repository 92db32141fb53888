/* The settings registry of einvoiced: every setting declared once with its name, type,
 * default, range and help (as PostgreSQL's GUC tables do), read from the environment and
 * the EINV_CONFIG file alike (server/config.c), printed by `einvoiced --help` and checked
 * against docs/operations.md by tests/server/test_settings.c. */
#include "settings.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CFG(f) offsetof(einv_config_t, f), sizeof(((einv_config_t *)0)->f)
#define K 1024LL
#define G (1024LL * 1024 * 1024)

static const einv_setting_t SETTINGS[] = {
    /* the service */
    {"EINV_LISTEN", EINV_SET_STR, "127.0.0.1:8080", 0, 0, CFG(listen), "host:port, [ipv6]:port or port to listen on"},
    {"EINV_DATABASE", EINV_SET_STR, "sqlite:var/einvoice.db", 0, 0, CFG(database), "sqlite:PATH or postgresql://..."},
    {"EINV_WORKERS", EINV_SET_INT, "2", 0, 256, CFG(workers), "validation worker threads"},
    {"EINV_MAX_UPLOAD", EINV_SET_BYTES, "20M", 1, 4 * G, CFG(max_upload), "largest request body in bytes, K/M/G allowed"},
    {"EINV_JWKS_FILE", EINV_SET_STR, "", 0, 0, CFG(jwks_file), "JWKS of the identity provider (enables ID tokens)"},
    {"EINV_OIDC_ISSUER", EINV_SET_STR, "", 0, 0, CFG(oidc_issuer), "required iss of ID tokens"},
    {"EINV_OIDC_AUDIENCE", EINV_SET_STR, "", 0, 0, CFG(oidc_audience),
     "required aud of ID tokens (default: EINV_OIDC_CLIENT_ID)"},
    {"EINV_OIDC_CLIENT_ID", EINV_SET_STR, "", 0, 0, CFG(oidc_client_id),
     "the dashboard's client id at EINV_OIDC_ISSUER (enables sign-in at /)"},
    {"EINV_WEB_DIR", EINV_SET_STR, "", 0, 0, CFG(web_dir),
     "folder of the dashboard's files (empty: <bindir>/../share/einvoice/web)"},
    {"EINV_SUPER_ADMINS", EINV_SET_STR, "", 0, 0, CFG(super_admins), "comma list of super-admin emails"},
    {"EINV_QUEUE_MAX", EINV_SET_INT, "10000", 1, INT_MAX, CFG(queue_max), "queued jobs before submits get 503"},
    {"EINV_JOB_LEASE", EINV_SET_INT, "60", 1, 86400, CFG(lease_seconds),
     "seconds a claimed job is leased; renewed every third while it runs"},
    {"EINV_JOB_MAX_ATTEMPTS", EINV_SET_INT, "3", 1, 100, CFG(max_attempts),
     "claims of a job before it ends with PROCESSING-TIMEOUT"},
    {"EINV_JOB_DEADLINE", EINV_SET_INT, "600", 1, 7 * 86400, CFG(job_deadline_seconds),
     "seconds from a job's first claim to PROCESSING-TIMEOUT"},
    {"EINV_HTTP_THREADS", EINV_SET_INT, "128", 1, 1024, CFG(http_threads), "HTTP worker threads"},
    {"EINV_DB_POOL", EINV_SET_INT, "16", 1, 1024, CFG(pool_size), "database connections"},
    {"EINV_HTTP_HEADER_TIMEOUT_MS", EINV_SET_INT, "10000", 100, 600000, CFG(header_timeout_ms),
     "milliseconds the request head must arrive within"},
    {"EINV_HTTP_BODY_TIMEOUT_MS", EINV_SET_INT, "60000", 100, 3600000, CFG(body_timeout_ms),
     "milliseconds the request body must arrive within"},
    {"EINV_MAX_CONNECTIONS", EINV_SET_INT, "1024", 16, 1000000, CFG(max_connections),
     "open client connections, more get 503"},
    {"EINV_MAX_CONNECTIONS_PER_CLIENT", EINV_SET_INT, "64", 1, 1000000, CFG(max_connections_per_client),
     "connections of one address still sending their request head; beyond it 1 s to finish it, else 503"},
    {"EINV_LOG_LEVEL", EINV_SET_STR, "info", 0, 0, CFG(log_level), "error|warn|info|debug: the least severe lines written"},
    {"EINV_LOG_FORMAT", EINV_SET_STR, "text", 0, 0, CFG(log_format), "text|json: json writes one JSON object per line"},
    {"EINV_METRICS", EINV_SET_STR, "loopback", 0, 0, CFG(metrics),
     "who may GET /metrics: off|loopback|token (Bearer EINV_METRICS_TOKEN)|public"},
    {"EINV_METRICS_TOKEN", EINV_SET_STR, "", 0, 0, CFG(metrics_token),
     "the Bearer token of EINV_METRICS=token (at least 16 characters)"},
    /* webhooks (docs/operations.md "Webhooks") */
    {"EINV_WEBHOOK_ALLOW_PRIVATE", EINV_SET_BOOL, "0", 0, 1, CFG(webhook_allow_private),
     "1 lets webhooks target loopback, private and link-local addresses (SSRF risk: tests and closed networks only)"},
    {"EINV_WEBHOOK_WORKERS", EINV_SET_INT, "2", 0, 64, CFG(webhook_workers),
     "webhook delivery threads (0: this instance sends no deliveries)"},
    {"EINV_WEBHOOK_TIMEOUT_MS", EINV_SET_INT, "5000", 100, 60000, CFG(webhook_timeout_ms),
     "milliseconds one delivery attempt may take, connect to status line"},
    {"EINV_WEBHOOK_BACKOFF_MS", EINV_SET_INT, "1000", 10, 3600000, CFG(webhook_backoff_ms),
     "milliseconds before the first retry, doubled after each failed attempt (+-20 % jitter)"},
    {"EINV_WEBHOOK_BACKOFF_MAX_MS", EINV_SET_INT, "300000", 10, 86400000, CFG(webhook_backoff_max_ms),
     "longest wait between two attempts, in milliseconds"},
    {"EINV_WEBHOOK_MAX_ATTEMPTS", EINV_SET_INT, "300", 1, 100000, CFG(webhook_max_attempts),
     "attempts before a delivery is given up (status failed)"},
    {"EINV_WEBHOOK_MAX_AGE", EINV_SET_INT, "86400", 1, 30 * 86400, CFG(webhook_max_age),
     "seconds after its event when a delivery that keeps failing is given up"},
    {"EINV_WEBHOOK_MAX_PER_ACCOUNT", EINV_SET_INT, "10", 1, 1000, CFG(webhook_max_per_account),
     "webhooks one account may register"},
    {"EINV_WEBHOOK_POLL_MS", EINV_SET_INT, "1000", 50, 60000, CFG(webhook_poll_ms),
     "milliseconds between looks for due deliveries (those of other instances and retries)"},
    {"EINV_WEBHOOK_LOG_DAYS", EINV_SET_INT, "30", 0, 3650, CFG(webhook_log_days),
     "days delivered and failed deliveries stay in the delivery log (0: removed once final)"},
    /* the engine (einv_engine_options_t) */
    {"EINV_PLUGIN_PATH", EINV_SET_STR, "", 0, 0, CFG(plugin_path),
     "colon-separated plugin folders searched before EINV_PLUGIN_DIR; the first plugin found under a name wins"},
    {"EINV_PLUGIN_DIR", EINV_SET_STR, "", 0, 0, CFG(plugin_dir),
     "the built-in plugin folder, searched last (empty: the installed one)"},
    {"EINV_PLUGINS", EINV_SET_STR, "", 0, 0, CFG(plugins), "comma list of plugin names to load (empty: all)"},
    {"EINV_DOCS_URL", EINV_SET_STR, "/docs/rules/{code}", 0, 0, CFG(docs_url),
     "template of each finding's documentationUrl: {code} and {profile} are replaced (a value with "
     "neither is a base: <base>/<code>); default: this server's own rule pages"},
    {"EINV_SCHEMA_DIR", EINV_SET_STR, "", 0, 0, CFG(schema_dir),
     "folder of the official XSDs (empty: <libdir>/../share/einvoice/schemas, else the installed one)"},
    {"EINV_XML_ARENA", EINV_SET_BOOL, "1", 0, 1, CFG(xml_arena),
     "0 parses every document on the C heap instead of a per-document arena (for allocator tools)"},
    /* the budget of one validation (include/einvoice/limits.h; the CLI reads them too) */
    {"EINV_LIMIT_ATTRIBUTES", EINV_SET_INT, "256", 1, 1000000, CFG(limits.max_attributes),
     "attributes + namespace declarations of one element"},
    {"EINV_LIMIT_ELEMENTS", EINV_SET_INT, "5000000", 1, 1000000000, CFG(limits.max_elements),
     "elements of one XML document"},
    {"EINV_LIMIT_TEXT", EINV_SET_BYTES, "256M", 1, 4 * G, CFG(limits.max_text),
     "bytes of character data of one document, K/M/G allowed"},
    {"EINV_LIMIT_PDF_DECODED", EINV_SET_BYTES, "64M", 1, 4 * G, CFG(limits.max_decoded),
     "bytes one PDF stream may decode to, K/M/G allowed"},
    {"EINV_LIMIT_TIMEOUT_MS", EINV_SET_INT, "20000", 1, 86400000, CFG(limits.timeout_ms),
     "wall time of one validation in milliseconds"},
    {"EINV_LIMIT_FINDINGS_PER_RULE", EINV_SET_INT, "50", 1, 1000000, CFG(limits.max_findings_per_rule),
     "findings listed per rule id, then one FINDINGS-CAPPED"},
    {"EINV_LIMIT_FINDINGS", EINV_SET_INT, "1000", 1, 10000000, CFG(limits.max_findings),
     "findings listed in all, then FINDINGS-TRUNCATED"},
};

size_t einv_settings_count(void) { return sizeof SETTINGS / sizeof SETTINGS[0]; }

const einv_setting_t *einv_setting_at(size_t i) { return i < einv_settings_count() ? &SETTINGS[i] : NULL; }

const einv_setting_t *einv_setting_find(const char *name)
{
    size_t i;
    for (i = 0; name && i < einv_settings_count(); i++)
        if (strcmp(SETTINGS[i].name, name) == 0)
            return &SETTINGS[i];
    return NULL;
}

/* A whole number within [min, max]; K/M/G (binary, optional B or iB) for byte sizes. */
static int parse_num(const einv_setting_t *s, const char *v, long long *out, einv_error_t *err)
{
    char *end, detail[300];
    long long n, mul = 1;
    errno = 0;
    n = strtoll(v, &end, 10);
    if (s->type == EINV_SET_BYTES && end != v && *end) {
        char c = (char)toupper((unsigned char)*end);
        if (c == 'K' || c == 'M' || c == 'G') {
            mul = c == 'K' ? K : c == 'M' ? K * K : G;
            end++;
            if (toupper((unsigned char)*end) == 'B' || *end == 'i')
                end += *end == 'i' && toupper((unsigned char)end[1]) == 'B' ? 2 : 1;
        }
    }
    if (end == v || *end || errno == ERANGE || !isdigit((unsigned char)*v)) {
        snprintf(detail, sizeof detail, "%s=%.200s", s->name, v);
        return einv_error_set_subject(err, EINV_ERR, EINV_SUBJECT_SETTING, "setting is not a number", detail,
                                      s->type == EINV_SET_BYTES ? "Use a whole number of bytes, optionally with K, M or G"
                                      : s->type == EINV_SET_BOOL ? "Use 0 or 1"
                                                                 : "Use a whole number");
    }
    if (n > s->max / mul || n * mul < s->min || n * mul > s->max) {
        snprintf(detail, sizeof detail, "%s=%.200s (allowed %lld..%lld)", s->name, v, s->min, s->max);
        return einv_error_set_subject(err, EINV_ERR, EINV_SUBJECT_SETTING, "setting out of range", detail, "");
    }
    *out = n * mul;
    return EINV_OK;
}

int einv_setting_apply(const einv_setting_t *s, einv_config_t *c, const char *v, einv_error_t *err)
{
    char *field = (char *)c + s->off;
    long long n;
    int rc;
    if (!v)
        v = s->def;
    if (s->type == EINV_SET_STR) {
        if (strlen(v) >= s->size)
            return einv_error_set_subject(err, EINV_ERR, EINV_SUBJECT_SETTING, "setting too long", s->name, "");
        memcpy(field, v, strlen(v) + 1);
        return EINV_OK;
    }
    if (!*v)
        v = s->def;   /* an empty number is its default, as before */
    if ((rc = parse_num(s, v, &n, err)) != EINV_OK)
        return rc;
    /* the field's own width: int, unsigned or size_t */
    if (s->size == sizeof(size_t) && s->size != sizeof(int)) {
        size_t z = (size_t)n;
        memcpy(field, &z, sizeof z);
    } else {
        int i = (int)n;
        memcpy(field, &i, sizeof i);
    }
    return EINV_OK;
}

void einv_settings_print(FILE *f)
{
    size_t i;
    for (i = 0; i < einv_settings_count(); i++) {
        const einv_setting_t *s = &SETTINGS[i];
        static const char *const TYPE[] = {"text", "number", "bytes", "0|1"};
        fprintf(f, "  %-32s %s (%s; default %s)\n", s->name, s->help, TYPE[s->type],
                *s->def ? s->def : "none");
    }
}
