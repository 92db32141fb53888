/* Run the real einvoiced as a child process for the HTTP integration tests: a fresh
 * database (SQLite file in a temp dir, or a new PostgreSQL database created from
 * EINV_TEST_PG_URL), a free loopback port, wait until /api/health answers, admin commands
 * (accounts, keys) on the same database, stop (SIGTERM or SIGKILL) and restart.
 *
 * Usage:
 *     sp_server_t s;
 *     if (sp_init(&s, SP_SQLITE) != 0) ...                 // or SP_POSTGRES (see sp_skip_pg)
 *     const char *env[] = {"EINV_WORKERS=1", NULL};        // extra settings, may be NULL
 *     if (sp_start(&s, env) != 0) ...                      // the log is printed on failure
 *     char key[SP_KEY_MAX];
 *     sp_account_key(&s, "a@example.com", "FREE", 0, 0, -1, key);   // account + live key
 *     hc_json(s.port, "GET", "/api/v1/account", key, NULL, &res);   // see http_client.h
 *     sp_stop(&s);  sp_start(&s, env);                     // restart on the same database
 *     sp_kill(&s);                                         // crash (SIGKILL)
 *     sp_cleanup(&s);                                      // stop, drop database, remove dir
 *
 * The child gets the parent's environment minus every EINV_* variable, then EINV_LISTEN,
 * EINV_DATABASE, EINV_PLUGIN_DIR (from EINV_TEST_PLUGIN_DIR), EINV_WORKERS=2, then the
 * caller's env (which overrides). The binary is EINV_SERVER_BIN (set by CTest), else
 * build/bin/einvoiced. Its stdout and stderr go to s.log_path. */
#ifndef TESTS_SERVER_PROC_H
#define TESTS_SERVER_PROC_H

#include <stddef.h>
#include <sys/types.h>

#define SP_KEY_MAX 128

typedef enum sp_db_kind { SP_SQLITE = 0, SP_POSTGRES = 1 } sp_db_kind;

typedef struct sp_server {
    pid_t pid;              /* 0 when not running */
    int port;
    sp_db_kind kind;
    char dir[256];          /* temp dir: database file (SQLite), server log */
    char database[1024];    /* the EINV_DATABASE value */
    char pg_admin_url[1024];/* EINV_TEST_PG_URL (SP_POSTGRES) */
    char pg_dbname[64];     /* the database created for this server (SP_POSTGRES) */
    char log_path[300];     /* server stdout+stderr (appended across restarts) */
    char **env;             /* extra env of the last sp_start (owned) */
} sp_server_t;

/* Prepare a fresh database. Returns 0; -1 on failure (printed); 1 when kind is SP_POSTGRES
 * and EINV_TEST_PG_URL is not set (prints "skipped: EINV_TEST_PG_URL not set"). */
int sp_init(sp_server_t *s, sp_db_kind kind);
/* 1 when a PostgreSQL run must be skipped (EINV_TEST_PG_URL unset), 0 otherwise. When
 * CI=true a skip is a failure: the caller should then count it as one. */
int sp_pg_missing(void);
/* Start the server with extra settings env ("KEY=VALUE" strings, NULL-terminated; NULL
 * for none; SP_SAME_ENV for those of the previous sp_start, e.g. for a restart). Picks a
 * free port (s->port; the same one again on a restart when it is still free) and waits up
 * to 30 s for GET /api/health to answer 200. Returns 0, or -1 (log tail printed). */
#define SP_SAME_ENV ((const char *const *)1)
int sp_start(sp_server_t *s, const char *const *env);
/* SIGTERM, wait up to 15 s (then SIGKILL). Returns the exit status (0 = clean), -1 when it
 * had to be killed or was not running. */
int sp_stop(sp_server_t *s);
/* SIGKILL at once (a crash). */
void sp_kill(sp_server_t *s);
/* Run `einvoiced <args...>` (args NULL-terminated, e.g. {"admin","create-key",...,NULL})
 * with the same database settings (plus the env of the last sp_start). Stdout goes to out
 * (NUL-terminated, may be NULL), stderr to the log. Returns the exit code (-1 when it could
 * not run). */
int sp_run(sp_server_t *s, const char *const *args, char *out, size_t out_size);
/* Create an account (plan "FREE"/"PRO", super_admin 0/1) and one key (sandbox 0/1, quota
 * -1 = none) through the admin commands; key receives the raw key. The account may exist
 * already: then its plan is set to plan (super_admin 1 sets the flag, 0 leaves it) and a
 * further key is added. Returns 0 or -1. */
int sp_account_key(sp_server_t *s, const char *email, const char *plan, int super_admin,
                   int sandbox, long long quota, char key[SP_KEY_MAX]);
/* 1 when the server log contains needle. */
int sp_log_contains(const sp_server_t *s, const char *needle);
/* Print the last lines of the server log to stderr (for failure diagnostics). */
void sp_log_tail(const sp_server_t *s, int lines);
/* Stop if running, drop the PostgreSQL database, remove the temp dir. */
void sp_cleanup(sp_server_t *s);

#endif
