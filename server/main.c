/* einvoiced: the REST service (CivetWeb + worker pool + store) and its admin commands
 * (create-account, create-key) that work on the configured database without a running
 * server. Settings come from the registry of server/settings.c (environment, else the
 * EINV_CONFIG file, else the default; server/config.c); SIGTERM/SIGINT stop it
 * gracefully: no new requests, requests in flight and jobs being validated finish. */
#define _GNU_SOURCE
#include "http.h"
#include "auth_oidc.h"
#include "conn_guard.h"
#include "log.h"
#include "metrics.h"
#include "quota.h"
#include "settings.h"
#include "store_webhooks.h"
#include "webhooks.h"

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* CivetWeb callbacks of http.c (JSON bodies for CivetWeb's own errors, its log lines). */
void http_callbacks(struct mg_callbacks *cb);

/* An info line of the service (server/log.c: level, text or JSON). */
static void logline(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logline(const char *fmt, ...)
{
    char msg[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    log_fields(ELOG_INFO, "einvoiced", NULL, msg, NULL, 0);
}

static void usage(FILE *f)
{
    fprintf(f,
            "Usage:\n"
            "  einvoiced                 run the service\n"
            "  einvoiced admin create-account --email E [--plan FREE|PRO] [--super-admin]\n"
            "  einvoiced admin create-key --email E --name N [--sandbox] [--quota N]\n"
            "  einvoiced admin bind-subject --email E --issuer I --subject S\n"
            "  einvoiced --help | --version\n"
            "\n"
            "create-account on an existing account updates the plan and super-admin flag given.\n"
            "create-key prints the raw key as the last line of its output; it is shown only once.\n"
            "bind-subject lets ID tokens with iss I and sub S sign in to the account of E (the only\n"
            "way to a super-admin account or one bound already: tokens never link to those by email).\n"
            "\n"
            "Settings (environment; EINV_CONFIG may name a KEY=VALUE file holding any of them, which\n"
            "the environment overrides; a limit reached is a LIMIT-... finding):\n");
    einv_settings_print(f);
}

static void print_error(const char *what, const einv_error_t *err)
{
    log_msg(ELOG_ERROR, "einvoiced", NULL, "%s: %s%s%s%s%s%s", what, err->message, err->detail[0] ? " (" : "",
            err->detail, err->detail[0] ? ")" : "", err->hint[0] ? "; hint: " : "", err->hint);
}

/* mkdir -p of the directory holding a sqlite: database, so the default just works. */
static void ensure_sqlite_dir(const char *url)
{
    char path[1024], *p;
    if (strncmp(url, "sqlite:", 7) != 0)
        return;
    snprintf(path, sizeof path, "%s", url + 7);
    if (strncmp(path, "file:", 5) == 0)
        return;
    p = strrchr(path, '/');
    if (!p || p == path)
        return;
    *p = 0;
    for (p = path + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(path, 0755);
            *p = '/';
        }
    mkdir(path, 0755);
}

static einv_store_t *open_store(const einv_config_t *cfg)
{
    einv_error_t err;
    einv_store_t *s;
    memset(&err, 0, sizeof err);
    ensure_sqlite_dir(cfg->database);
    s = store_open(cfg->database, cfg->pool_size, &err);
    if (!s)
        print_error("cannot open the database", &err);
    return s;
}

/* ---- admin commands ---- */

static const char *arg_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "einvoiced: %s needs a value\n", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

static int valid_email(const char *e)
{
    const char *at = strchr(e, '@');
    return at && at != e && at[1] && !strchr(at + 1, '@') && strlen(e) < 320 &&
           !strpbrk(e, " \t\r\n");
}

static int admin_create_account(const einv_config_t *cfg, int argc, char **argv)
{
    const char *email = NULL, *plan = NULL;
    int super_admin = 0, i, rc, pro;
    einv_store_t *s;
    store_account_t a;
    einv_error_t err;
    for (i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--email") == 0) {
            if (!(email = arg_value(argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--plan") == 0) {
            if (!(plan = arg_value(argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--super-admin") == 0)
            super_admin = 1;
        else {
            fprintf(stderr, "einvoiced: create-account: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (!email || !valid_email(email)) {
        fprintf(stderr, "einvoiced: create-account needs --email with a valid address\n");
        return 2;
    }
    if (plan && strcasecmp(plan, "FREE") != 0 && strcasecmp(plan, "PRO") != 0) {
        fprintf(stderr, "einvoiced: --plan must be FREE or PRO\n");
        return 2;
    }
    pro = plan && strcasecmp(plan, "PRO") == 0;
    if (!(s = open_store(cfg)))
        return 1;
    memset(&a, 0, sizeof a);
    memset(&err, 0, sizeof err);
    rc = store_account_by_email(s, email, &a);
    if (rc == EINV_OK) {
        /* existing account: apply what was asked, so scripts can run this repeatedly */
        if ((plan && store_account_set_plan(s, a.id, pro) != EINV_OK) ||
            (super_admin && store_account_set_super_admin(s, a.id, 1) != EINV_OK)) {
            fprintf(stderr, "einvoiced: cannot update account %s\n", email);
            store_account_clear(&a);
            store_close(s);
            return 1;
        }
        printf("account exists: %s %s plan=%s superAdmin=%s\n", a.id, a.email,
               plan ? (pro ? "PRO" : "FREE") : (a.pro ? "PRO" : "FREE"),
               super_admin || a.super_admin ? "true" : "false");
    } else if (rc == EINV_ERR_NOTFOUND) {
        rc = store_account_create(s, email, pro, super_admin, NULL, &a, &err);
        if (rc != EINV_OK) {
            print_error("cannot create the account", &err);
            store_close(s);
            return 1;
        }
        printf("created account: %s %s plan=%s superAdmin=%s\n", a.id, a.email, pro ? "PRO" : "FREE",
               super_admin ? "true" : "false");
    } else {
        fprintf(stderr, "einvoiced: cannot read accounts from the database\n");
        store_close(s);
        return 1;
    }
    store_account_clear(&a);
    store_close(s);
    return 0;
}

/* admin bind-subject: the only way an ID token reaches a super-admin account (or one that
 * already has a subject): tokens never link to those by email (docs/api.md "ID tokens"). */
static int admin_bind_subject(const einv_config_t *cfg, int argc, char **argv)
{
    const char *email = NULL, *issuer = NULL, *sub = NULL;
    char subject[600];
    einv_store_t *s;
    store_account_t a;
    einv_error_t err;
    int i, rc;
    for (i = 0; i < argc; i++) {
        const char **slot = strcmp(argv[i], "--email") == 0 ? &email : strcmp(argv[i], "--issuer") == 0 ? &issuer
                            : strcmp(argv[i], "--subject") == 0 ? &sub : NULL;
        if (!slot) {
            fprintf(stderr, "einvoiced: bind-subject: unknown option %s\n", argv[i]);
            return 2;
        }
        if (!(*slot = arg_value(argc, argv, &i)))
            return 2;
    }
    if (!email || !valid_email(email) || !issuer || !*issuer || !sub || !*sub || strlen(issuer) > 255 ||
        strlen(sub) > 255) {
        fprintf(stderr, "einvoiced: bind-subject needs --email E --issuer I --subject S (the token's iss and sub)\n");
        return 2;
    }
    snprintf(subject, sizeof subject, "%s|%s", issuer, sub);
    if (!(s = open_store(cfg)))
        return 1;
    memset(&a, 0, sizeof a);
    memset(&err, 0, sizeof err);
    rc = store_account_bind_subject(s, email, subject, &a, &err);
    if (rc == EINV_OK)
        printf("bound: %s %s subject=%s\n", a.id, a.email, subject);
    else
        print_error("cannot bind the subject", &err);
    store_account_clear(&a);
    store_close(s);
    return rc == EINV_OK ? 0 : 1;
}

static int admin_create_key(const einv_config_t *cfg, int argc, char **argv)
{
    const char *email = NULL, *name = NULL, *qs = NULL;
    int sandbox = 0, i;
    long long quota = -1;
    einv_store_t *s;
    store_account_t a;
    store_key_t k;
    einv_error_t err;
    char raw[AUTH_KEY_MAX], hash[65];
    for (i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--email") == 0) {
            if (!(email = arg_value(argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--name") == 0) {
            if (!(name = arg_value(argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--quota") == 0) {
            if (!(qs = arg_value(argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--sandbox") == 0)
            sandbox = 1;
        else {
            fprintf(stderr, "einvoiced: create-key: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (!email || !name || !*name) {
        fprintf(stderr, "einvoiced: create-key needs --email and --name\n");
        return 2;
    }
    if (strlen(name) > 200) {
        fprintf(stderr, "einvoiced: --name must be at most 200 characters\n");
        return 2;
    }
    if (qs) {
        char *end;
        errno = 0;
        quota = strtoll(qs, &end, 10);
        if (!*qs || *end || errno || quota < 1) {
            fprintf(stderr, "einvoiced: --quota must be a whole number >= 1\n");
            return 2;
        }
    }
    if (!(s = open_store(cfg)))
        return 1;
    memset(&a, 0, sizeof a);
    if (store_account_by_email(s, email, &a) != EINV_OK) {
        fprintf(stderr, "einvoiced: no account with email %s (create it with admin create-account)\n", email);
        store_close(s);
        return 1;
    }
    if (!a.pro && (quota < 0 || quota > QUOTA_FREE_LIMIT))
        quota = QUOTA_FREE_LIMIT;
    if (auth_key_generate(sandbox, raw) != EINV_OK) {
        fprintf(stderr, "einvoiced: cannot generate a key\n");
        store_account_clear(&a);
        store_close(s);
        return 1;
    }
    auth_key_hash(raw, hash);
    memset(&k, 0, sizeof k);
    memset(&err, 0, sizeof err);
    if (store_key_create(s, a.id, name, sandbox, quota, hash, sandbox ? "svc_test_" : "svc_live_",
                         raw + strlen(raw) - 4, &k, &err) != EINV_OK) {
        print_error("cannot create the key", &err);
        store_account_clear(&a);
        store_close(s);
        return 1;
    }
    {
        char q[40];
        if (quota < 0)
            snprintf(q, sizeof q, "no monthly quota");
        else
            snprintf(q, sizeof q, "quota %lld per month", quota);
        printf("created %s key %s \"%s\" for %s (%s)\n", sandbox ? "sandbox" : "live", k.id, name,
               a.email, q);
    }
    printf("The raw key is shown only this once:\n%s\n", raw);
    memset(raw, 0, sizeof raw);
    store_key_clear(&k);
    store_account_clear(&a);
    store_close(s);
    return 0;
}

static int admin(int argc, char **argv)
{
    einv_config_t cfg;
    einv_error_t err;
    memset(&err, 0, sizeof err);
    if (argc < 1 || strcmp(argv[0], "--help") == 0) {
        usage(argc < 1 ? stderr : stdout);
        return argc < 1 ? 2 : 0;
    }
    if (einv_config_load(&cfg, &err) != EINV_OK) {
        print_error("configuration error", &err);
        return 2;
    }
    if (strcmp(argv[0], "create-account") == 0)
        return admin_create_account(&cfg, argc - 1, argv + 1);
    if (strcmp(argv[0], "create-key") == 0)
        return admin_create_key(&cfg, argc - 1, argv + 1);
    if (strcmp(argv[0], "bind-subject") == 0)
        return admin_bind_subject(&cfg, argc - 1, argv + 1);
    fprintf(stderr, "einvoiced: unknown admin command %s\n", argv[0]);
    usage(stderr);
    return 2;
}

/* ---- the service ---- */

static void log_plugins(const einv_engine_t *e)
{
    char f[600] = "", p[600] = "";
    size_t i, off = 0;
    for (i = 0; i < einv_engine_format_count(e) && off < sizeof f - 40; i++)
        off += (size_t)snprintf(f + off, sizeof f - off, "%s%s", i ? "," : "",
                                einv_engine_format_at(e, i)->name);
    off = 0;
    for (i = 0; i < einv_engine_profile_count(e) && off < sizeof p - 40; i++)
        off += (size_t)snprintf(p + off, sizeof p - off, "%s%s", i ? "," : "",
                                einv_engine_profile_at(e, i)->name);
    logline("plugins loaded: %zu formats (%s), %zu profiles (%s)", einv_engine_format_count(e), f,
            einv_engine_profile_count(e), p);
}

static int serve(void)
{
    einv_srv_t srv;
    einv_error_t err;
    struct mg_callbacks cb;
    struct mg_init_data init;
    struct mg_error_data merr;
    char threads[16], idle_ms[16], mg_err[256] = "", gmsg[300] = "";
    unsigned mg_code = 0;
    const char *opts[24];
    sigset_t sigs;
    webhooks_t *webhooks = NULL;
    int sig = 0, n = 0;
    memset(&srv, 0, sizeof srv);
    memset(&err, 0, sizeof err);
    if (einv_config_load(&srv.cfg, &err) != EINV_OK) {
        print_error("configuration error", &err);
        return 2;
    }
    log_setup(log_level_parse(srv.cfg.log_level), log_format_parse(srv.cfg.log_format) == 1);
    einv_engine_set_log(log_engine_sink);   /* the engine's lines in the same form */
    /* Block the stop signals in every thread; the main thread takes them with sigwait. */
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGTERM);
    sigaddset(&sigs, SIGINT);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL);
    signal(SIGPIPE, SIG_IGN);

    logline("einvoiced %s starting", EINV_VERSION_STR);
    /* bodies of up to 20 MiB come and go: a fixed mmap threshold gives them back to the
     * system when freed (glibc's sliding threshold would keep them in the heap for good) */
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    {
        einv_engine_options_t eo;
        einv_config_engine_options(&srv.cfg, &eo);
        srv.engine = einv_engine_open(&eo, &err);
    }
    if (!srv.engine) {
        print_error("cannot load the plugins", &err);
        return 1;
    }
    if (srv.cfg.plugin_path[0])
        logline("plugin path: %s, then the built-in folder", srv.cfg.plugin_path);
    log_plugins(srv.engine);
    metrics_init(srv.engine);
    if (!(srv.store = open_store(&srv.cfg))) {
        einv_engine_close(srv.engine);
        return 1;
    }
    /* never the URL itself: a PostgreSQL URL may hold a password */
    logline("database: %s", store_kind(srv.store));
    if (srv.cfg.jwks_file[0]) {
        srv.jwks = auth_jwks_load_file(srv.cfg.jwks_file, &err);
        if (!srv.jwks) {
            print_error("cannot load EINV_JWKS_FILE", &err);
            store_close(srv.store);
            einv_engine_close(srv.engine);
            return 1;
        }
        logline("ID tokens: accepted (issuer %s, audience %s)",
                srv.cfg.oidc_issuer[0] ? srv.cfg.oidc_issuer : "any",
                srv.cfg.oidc_audience[0] ? srv.cfg.oidc_audience : "any");
    } else if (srv.cfg.oidc_issuer[0]) {
        /* keys from the issuer's discovery document; a provider that is down now is asked
         * again on the first token (server/auth_oidc.c) */
        auth_oidc_options_t oo = {.issuer = srv.cfg.oidc_issuer};
        if (!(srv.oidc = auth_oidc_new(&oo, &err))) {
            print_error("cannot use EINV_OIDC_ISSUER", &err);
            store_close(srv.store);
            einv_engine_close(srv.engine);
            return 1;
        }
        if (auth_oidc_refresh(srv.oidc, (long long)time(NULL), &err) != EINV_OK)
            log_msg(ELOG_WARN, "einvoiced", NULL, "ID tokens: the keys of %s are not available yet: %s (%s);"
                    " asked again on the first token", srv.cfg.oidc_issuer, err.message, err.detail);
        logline("ID tokens: accepted (issuer %s, audience %s; keys from its discovery document)",
                srv.cfg.oidc_issuer, srv.cfg.oidc_audience[0] ? srv.cfg.oidc_audience : "any");
    } else
        logline("ID tokens: not accepted (neither EINV_JWKS_FILE nor EINV_OIDC_ISSUER)");

    routes_health_register();
    routes_account_register();
    routes_keys_register();
    routes_invoices_register();
    routes_metrics_register();
    routes_docs_register();
    routes_webhooks_register();
    routes_dashboard_register();

    /* the accept layer owns EINV_LISTEN; CivetWeb gets only connections whose request head
     * is complete, on an internal loopback port (server/conn_guard.c) */
    if (conn_guard_open(&srv.cfg, gmsg, sizeof gmsg) != 0) {
        log_msg(ELOG_ERROR, "einvoiced", NULL, "cannot listen on %s", gmsg);
        auth_jwks_free(srv.jwks);
        auth_oidc_free(srv.oidc);
        store_close(srv.store);
        einv_engine_close(srv.engine);
        return 1;
    }
    mg_init_library(0);
    snprintf(threads, sizeof threads, "%d", srv.cfg.http_threads);
    snprintf(idle_ms, sizeof idle_ms, "%d", srv.cfg.header_timeout_ms < 15000 ? srv.cfg.header_timeout_ms : 15000);
    opts[n++] = "listening_ports";
    opts[n++] = conn_guard_civet_ports();
    opts[n++] = "num_threads";
    opts[n++] = threads;
    /* CivetWeb holds a thread per connection: a read or write that makes no progress for
     * this long ends it; Nagle off, or every keep-alive answer waits for the delayed ACK */
    opts[n++] = "request_timeout_ms";
    opts[n++] = idle_ms;
    /* the router decodes path segments itself, so "%00" cannot cut a path short */
    opts[n++] = "decode_url";
    opts[n++] = "no";
    opts[n++] = "enable_keep_alive";
    opts[n++] = "yes";
    opts[n++] = "keep_alive_timeout_ms";
    opts[n++] = "2000";
    opts[n++] = "tcp_nodelay";
    opts[n++] = "1";
    opts[n] = NULL;
    http_callbacks(&cb);
    conn_guard_callbacks(&cb);
    memset(&init, 0, sizeof init);
    init.callbacks = &cb;
    init.user_data = &srv;
    init.configuration_options = opts;
    memset(&merr, 0, sizeof merr);
    merr.code = &mg_code;
    merr.text = mg_err;
    merr.text_buffer_size = sizeof mg_err;
    srv.mg = mg_start2(&init, &merr);
    if (!srv.mg) {
        log_msg(ELOG_ERROR, "einvoiced", NULL, "cannot listen on %s: %s", srv.cfg.listen,
                mg_err[0] ? mg_err : "CivetWeb failed to start");
        auth_jwks_free(srv.jwks);
        auth_oidc_free(srv.oidc);
        store_close(srv.store);
        einv_engine_close(srv.engine);
        mg_exit_library();
        return 1;
    }
    http_install(&srv);
    if (conn_guard_start(srv.mg, gmsg, sizeof gmsg) != 0) {
        log_msg(ELOG_ERROR, "einvoiced", NULL, "cannot start the accept layer: %s", gmsg);
        mg_stop(srv.mg);
        auth_jwks_free(srv.jwks);
        auth_oidc_free(srv.oidc);
        store_close(srv.store);
        einv_engine_close(srv.engine);
        mg_exit_library();
        return 1;
    }
    /* jobs a crashed previous run held are taken up at once (SQLite: one process owns them) */
    if (store_jobs_recover(srv.store) != EINV_OK)
        log_msg(ELOG_WARN, "einvoiced", NULL, "could not release the job leases of a previous run");
    srv.workers = workers_start(&srv, srv.cfg.workers);
    if (store_delivery_recover(srv.store) != EINV_OK)
        log_msg(ELOG_WARN, "einvoiced", NULL, "could not release the webhook deliveries of a previous run");
    webhooks = webhooks_start(&srv);
    logline("webhooks: %d delivery threads, attempts time out after %d ms, retries from %d ms"
            " doubling up to %d ms, given up after %d attempts or %d s%s",
            webhooks ? srv.cfg.webhook_workers : 0, srv.cfg.webhook_timeout_ms,
            srv.cfg.webhook_backoff_ms, srv.cfg.webhook_backoff_max_ms,
            srv.cfg.webhook_max_attempts, srv.cfg.webhook_max_age,
            srv.cfg.webhook_allow_private ? "; private targets ALLOWED" : "");
    logline("workers: %d validation threads, %d HTTP threads", srv.cfg.workers, srv.cfg.http_threads);
    logline("jobs: lease %d s (renewed every %d ms while a job runs), at most %d attempts, deadline %d s",
            srv.cfg.lease_seconds, srv.cfg.lease_seconds * 1000 / 3, srv.cfg.max_attempts,
            srv.cfg.job_deadline_seconds);
    /* a bare port listens on every IPv4 address (conn_guard.c) */
    logline("listening on http://%s%s (max upload %zu bytes)", strchr(srv.cfg.listen, ':') ? "" : "0.0.0.0:",
            srv.cfg.listen, srv.cfg.max_upload);
    /* the limit applied, which the open-file limit may have lowered (logged above) */
    logline("slow clients: head within %d ms, body within %d ms, at most %d connections, %d per "
            "address still sending its head", srv.cfg.header_timeout_ms, srv.cfg.body_timeout_ms,
            conn_guard_max_connections(), srv.cfg.max_connections_per_client);

    while (sigwait(&sigs, &sig) != 0 || (sig != SIGTERM && sig != SIGINT)) {
    }
    logline("%s received: stopping (finishing requests and jobs in flight)",
            sig == SIGTERM ? "SIGTERM" : "SIGINT");
    conn_guard_stop();          /* no new connections; heads still arriving are dropped */
    mg_stop(srv.mg);            /* no new requests; those in flight complete */
    workers_stop(srv.workers);  /* jobs being validated complete; queued ones stay queued */
    webhooks_stop(webhooks);    /* an attempt in flight is abandoned; its delivery stays due */
    auth_jwks_free(srv.jwks);
    auth_oidc_free(srv.oidc);
    store_close(srv.store);
    einv_engine_close(srv.engine);
    mg_exit_library();
    logline("stopped");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--version") == 0) {
        printf("einvoiced %s\n", EINV_VERSION_STR);
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "admin") == 0)
        return admin(argc - 2, argv + 2);
    if (argc > 1) {
        fprintf(stderr, "einvoiced: unknown argument %s\n", argv[1]);
        usage(stderr);
        return 2;
    }
    return serve();
}
