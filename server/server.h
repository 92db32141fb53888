/* einvoiced internals shared by the HTTP layer, the workers and the admin commands. */
#ifndef EINV_SERVER_H
#define EINV_SERVER_H

#include <stddef.h>
#include "engine.h"
#include "store.h"
#include "auth.h"

typedef struct einv_config {
    char listen[128];           /* EINV_LISTEN, default 127.0.0.1:8080 */
    char database[1024];        /* EINV_DATABASE, default sqlite:var/einvoice.db */
    char plugin_dir[1024];      /* EINV_PLUGIN_DIR, "" = default */
    char plugin_path[4096];     /* EINV_PLUGIN_PATH: colon list searched first, "" = none */
    char docs_url[512];         /* EINV_DOCS_URL: template of documentationUrl */
    char schema_dir[1024];      /* EINV_SCHEMA_DIR, "" = next to the library */
    int xml_arena;              /* EINV_XML_ARENA: 0 = libxml2 on the C heap, default 1 */
    char plugins[1024];         /* EINV_PLUGINS, "" = all */
    int workers;                /* EINV_WORKERS, default 2 */
    size_t max_upload;          /* EINV_MAX_UPLOAD, default 20 MiB */
    char jwks_file[1024];       /* EINV_JWKS_FILE */
    char oidc_issuer[512];      /* EINV_OIDC_ISSUER */
    char oidc_audience[512];    /* EINV_OIDC_AUDIENCE, default: oidc_client_id */
    char oidc_client_id[256];   /* EINV_OIDC_CLIENT_ID: the dashboard's client at the issuer */
    char web_dir[1024];         /* EINV_WEB_DIR: the dashboard's files, "" = next to the binary */
    char super_admins[2048];    /* EINV_SUPER_ADMINS, comma list of emails */
    int queue_max;              /* EINV_QUEUE_MAX: pending jobs before 503, default 10000 */
    int lease_seconds;          /* EINV_JOB_LEASE: seconds before a claimed job is reclaimed, default 60 */
    int max_attempts;           /* EINV_JOB_MAX_ATTEMPTS: claims of a job before PROCESSING-TIMEOUT, default 3 */
    int job_deadline_seconds;   /* EINV_JOB_DEADLINE: seconds from a job's first claim to PROCESSING-TIMEOUT, default 600 */
    int http_threads;           /* EINV_HTTP_THREADS, default 128 */
    int pool_size;              /* EINV_DB_POOL, default 16 */
    int header_timeout_ms;      /* EINV_HTTP_HEADER_TIMEOUT_MS: request head must arrive within, default 10000 */
    int body_timeout_ms;        /* EINV_HTTP_BODY_TIMEOUT_MS: request body must arrive within, default 60000 */
    int max_connections;        /* EINV_MAX_CONNECTIONS: open client connections, default 1024 */
    int max_connections_per_client; /* EINV_MAX_CONNECTIONS_PER_CLIENT: per address while sending the head, default 64 */
    einv_limits_t limits;       /* EINV_LIMIT_*: the budget of one validation (limits.h defaults) */
    char log_level[16];         /* EINV_LOG_LEVEL: error|warn|info|debug, default info */
    char log_format[16];        /* EINV_LOG_FORMAT: text|json, default text */
    char metrics[16];           /* EINV_METRICS: off|loopback|token|public, default loopback */
    char metrics_token[256];    /* EINV_METRICS_TOKEN: the Bearer token of EINV_METRICS=token */
    /* EINV_WEBHOOK_*: webhook targets and deliveries (server/webhooks*.c) */
    int webhook_allow_private;  /* loopback/private targets allowed, default 0 */
    int webhook_workers;        /* delivery threads, default 2; 0 = this instance delivers none */
    int webhook_timeout_ms;     /* one attempt, connect to status line, default 5000 */
    int webhook_backoff_ms;     /* delay after the first failed attempt, doubled each time, default 1000 */
    int webhook_backoff_max_ms; /* the cap of that delay, default 300000 */
    int webhook_max_attempts;   /* attempts before a delivery fails, default 300 */
    int webhook_max_age;        /* seconds from the event after which it fails, default 86400 */
    int webhook_max_per_account; /* webhooks one account may register, default 10 */
    int webhook_poll_ms;        /* how often idle delivery threads look for due deliveries, default 1000 */
    int webhook_log_days;       /* days delivered and failed deliveries stay in the log, default 30 */
} einv_config_t;

/* Fill c from the environment (and an optional KEY=VALUE config file named by EINV_CONFIG,
 * whose values the environment overrides), every setting of the registry (settings.h).
 * Returns EINV_OK or EINV_ERR with err filled. */
int einv_config_load(einv_config_t *c, einv_error_t *err);
/* The engine's options from c (pointing into c: c must outlive the einv_engine_open). */
void einv_config_engine_options(const einv_config_t *c, einv_engine_options_t *o);
/* 1 when email is in the configured super-admin list (case-insensitive). */
int einv_config_is_super_admin(const einv_config_t *c, const char *email);
#endif
