/* PostgreSQL backend of the store (postgresql://...) through libpq: a lazily filled
 * connection pool that reconnects after a server restart, versioned migrations at open
 * (serialised between processes by an advisory lock), the LISTEN thread that wakes job
 * waiters, accounts, API keys and mapping documents. Invoices, submits and jobs are in
 * store_pg_invoices.c. Several einvoiced processes may share one database. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "store_pg_int.h"

#define PG_MAX_PARAMS 24
#define PG_MIGRATION_LOCK 0x65696e76    /* "einv": advisory lock held while migrating */

/* ---------------------------------------------------------------- statement helpers */

PGresult *pg_x(PGconn *c, int binary_result, const char *sql, const char *types, ...)
{
    const char *vals[PG_MAX_PARAMS];
    int lens[PG_MAX_PARAMS], fmts[PG_MAX_PARAMS];
    char nums[PG_MAX_PARAMS][24];
    int n = 0;
    va_list ap;
    va_start(ap, types);
    for (; types && types[n] && n < PG_MAX_PARAMS; n++) {
        lens[n] = 0;
        fmts[n] = 0;
        switch (types[n]) {
        case 's':
            vals[n] = va_arg(ap, const char *);
            break;
        case 'i':
            snprintf(nums[n], sizeof nums[n], "%d", va_arg(ap, int));
            vals[n] = nums[n];
            break;
        case 'l':
            snprintf(nums[n], sizeof nums[n], "%lld", va_arg(ap, long long));
            vals[n] = nums[n];
            break;
        case 'L': {
            long long v = va_arg(ap, long long);
            snprintf(nums[n], sizeof nums[n], "%lld", v);
            vals[n] = v < 0 ? NULL : nums[n];
            break;
        }
        case 'B':
            vals[n] = va_arg(ap, int) ? "t" : "f";
            break;
        case 'b': {
            const void *p = va_arg(ap, const void *);
            size_t len = va_arg(ap, size_t);
            vals[n] = p ? (const char *)p : "";
            lens[n] = p ? (int)len : 0;
            fmts[n] = 1;
            break;
        }
        default:
            vals[n] = NULL;
        }
    }
    va_end(ap);
    PGresult *r = pg_exec_cached(c, sql, n, vals, lens, fmts, binary_result ? 1 : 0);
    if (r && !pg_ok(r) && PQstatus(c) == CONNECTION_OK && strncmp(pg_state(r), "23", 2) != 0) {
        /* the primary message only: DETAIL lines may quote stored values */
        const char *m = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
        store_log("postgresql: %s (%s)", m ? m : "error", pg_state(r));
    }
    return r;
}

/* 1 for a successful command or query result. */
int pg_ok(const PGresult *r)
{
    ExecStatusType t = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    return t == PGRES_COMMAND_OK || t == PGRES_TUPLES_OK;
}

/* SQLSTATE of a result ("" when none). */
const char *pg_state(const PGresult *r)
{
    const char *st = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
    return st ? st : "";
}

/* Run a parameterless command; EINV_OK or EINV_ERR (logged). */
int pg_cmd(PGconn *c, const char *sql)
{
    PGresult *r = PQexec(c, sql);
    int ok = pg_ok(r);
    if (!ok && PQstatus(c) == CONNECTION_OK) {
        const char *m = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : NULL;
        store_log("postgresql: %s", m ? m : PQerrorMessage(c));
    }
    PQclear(r);
    return ok ? EINV_OK : EINV_ERR;
}

/* Rows touched by an INSERT/UPDATE/DELETE result. */
long long pg_affected(PGresult *r)
{
    const char *t = r ? PQcmdTuples(r) : "";
    return t && *t ? atoll(t) : 0;
}

/* A text column, malloc'd, or NULL for SQL NULL. */
char *pg_dup(const PGresult *r, int row, int col)
{
    return PQgetisnull(r, row, col) ? NULL : strdup(PQgetvalue(r, row, col));
}

/* A text column copied into a fixed field ("" for NULL). */
void pg_cpy(const PGresult *r, int row, int col, char *dst, size_t cap)
{
    store_copy(dst, cap, PQgetisnull(r, row, col) ? "" : PQgetvalue(r, row, col));
}

/* An integer column (null_value for SQL NULL). */
long long pg_ll(const PGresult *r, int row, int col, long long null_value)
{
    return PQgetisnull(r, row, col) ? null_value : atoll(PQgetvalue(r, row, col));
}

/* A boolean column (0 for SQL NULL). */
int pg_bool(const PGresult *r, int row, int col)
{
    return !PQgetisnull(r, row, col) && PQgetvalue(r, row, col)[0] == 't';
}

/* ---------------------------------------------------------------- connections */

static void quiet_notice(void *arg, const char *message)
{
    (void)arg;
    (void)message;  /* "relation already exists, skipping" and the like */
}

/* Connect with a default connect_timeout (the URL may override it). Never NULL except when
 * out of memory; check PQstatus. */
static PGconn *pg_connect(const char *url)
{
    const char *keys[] = {"connect_timeout", "fallback_application_name", "dbname", NULL};
    const char *vals[] = {"10", "einvoiced", url, NULL};
    PGconn *c = PQconnectdbParams(keys, vals, 1);
    if (c)
        PQsetNoticeProcessor(c, quiet_notice, NULL);
    return c;
}

PGconn *pg_acquire(pg_store_t *s)
{
    int slot = -1;
    pthread_mutex_lock(&s->pool_mu);
    while (slot < 0) {
        for (int i = 0; i < s->n; i++) {
            if (!s->busy[i]) {
                s->busy[i] = 1;
                slot = i;
                break;
            }
        }
        if (slot < 0)
            pthread_cond_wait(&s->pool_cond, &s->pool_mu);
    }
    pthread_mutex_unlock(&s->pool_mu);
    /* the slot is ours now: connect or repair it outside the pool lock */
    PGconn *c = s->conns[slot];
    if (!c) {
        c = pg_connect(s->url);
        pthread_mutex_lock(&s->pool_mu);   /* pg_release scans conns[] under the lock */
        s->conns[slot] = c;
        pthread_mutex_unlock(&s->pool_mu);
    } else if (PQstatus(c) != CONNECTION_OK)
        PQreset(c);
    if (!c || PQstatus(c) != CONNECTION_OK) {
        char why[256];
        store_copy(why, sizeof why, c ? PQerrorMessage(c) : "out of memory");
        why[strcspn(why, "\n")] = '\0';   /* libpq adds a second line of hints */
        store_log("postgresql: cannot connect: %s", why);
        pthread_mutex_lock(&s->pool_mu);
        s->busy[slot] = 0;
        pthread_cond_signal(&s->pool_cond);
        pthread_mutex_unlock(&s->pool_mu);
        return NULL;
    }
    return c;
}

/* Give a connection back to the pool (rolling back anything left open). */
void pg_release(pg_store_t *s, PGconn *c)
{
    /* never hand out a connection inside a transaction an error path forgot */
    if (PQstatus(c) == CONNECTION_OK && PQtransactionStatus(c) != PQTRANS_IDLE)
        pg_cmd(c, "ROLLBACK");
    pthread_mutex_lock(&s->pool_mu);
    for (int i = 0; i < s->n; i++)
        if (s->conns[i] == c)
            s->busy[i] = 0;
    pthread_cond_signal(&s->pool_cond);
    pthread_mutex_unlock(&s->pool_mu);
}

/* Reset a broken connection; 1 when it is usable again and the call should be retried. */
int pg_reconnect(PGconn *c)
{
    if (PQstatus(c) == CONNECTION_OK)
        return 0;
    store_log("postgresql: connection lost, reconnecting");
    PQreset(c);
    return PQstatus(c) == CONNECTION_OK;
}

/* ---------------------------------------------------------------- migrations */

static int migrate_one(PGconn *c, const store_migration_t *m, einv_error_t *err)
{
    char sum[65];
    store_sha256_hex(m->sql, sum);
    if (pg_cmd(c, "BEGIN") != EINV_OK)
        return einv_error_set(err, EINV_ERR, "cannot begin a migration", PQerrorMessage(c), "");
    PGresult *r = pg_x(c, 0, "SELECT checksum FROM schema_migrations WHERE version = $1::int",
                       "i", m->version);
    if (!pg_ok(r)) {
        PQclear(r);
        pg_cmd(c, "ROLLBACK");
        return einv_error_set(err, EINV_ERR, "cannot read schema_migrations", PQerrorMessage(c), "");
    }
    if (PQntuples(r) > 0) {
        int same = strcmp(PQgetvalue(r, 0, 0), sum) == 0;
        PQclear(r);
        pg_cmd(c, "ROLLBACK");
        return same ? EINV_OK
                    : einv_error_set(err, EINV_ERR, "an applied migration was changed", m->name,
                                     "Never edit an applied migration; add a new one");
    }
    PQclear(r);
    r = PQexec(c, m->sql);
    if (!pg_ok(r)) {
        const char *msg = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : NULL;
        einv_error_set(err, EINV_ERR, "migration failed", msg ? msg : PQerrorMessage(c), m->name);
        PQclear(r);
        pg_cmd(c, "ROLLBACK");
        return EINV_ERR;
    }
    PQclear(r);
    r = pg_x(c, 0, "INSERT INTO schema_migrations (version, name, checksum) VALUES ($1::int, $2, $3)",
             "iss", m->version, m->name, sum);
    int ok = pg_ok(r);
    PQclear(r);
    if (!ok || pg_cmd(c, "COMMIT") != EINV_OK) {
        pg_cmd(c, "ROLLBACK");
        return einv_error_set(err, EINV_ERR, "cannot record migration", m->name, "");
    }
    return EINV_OK;
}

/* Apply the embedded migrations not yet in schema_migrations, each in its own transaction,
 * under a session advisory lock so that instances starting together take turns. */
static int migrate(PGconn *c, einv_error_t *err)
{
    char sql[96];
    int rc = EINV_OK;
    snprintf(sql, sizeof sql, "SELECT pg_advisory_lock(%d)", PG_MIGRATION_LOCK);
    if (pg_cmd(c, sql) != EINV_OK)
        return einv_error_set(err, EINV_ERR, "cannot lock the database for migration",
                              PQerrorMessage(c), "");
    if (pg_cmd(c, "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY,"
                  " name text NOT NULL, checksum text NOT NULL,"
                  " applied_at timestamptz NOT NULL DEFAULT now())") != EINV_OK)
        rc = einv_error_set(err, EINV_ERR, "cannot create schema_migrations", PQerrorMessage(c),
                            "Does the database user have the CREATE privilege?");
    if (rc == EINV_OK) {
        PGresult *r = pg_x(c, 0, "SELECT coalesce(max(version), 0) FROM schema_migrations", "");
        long long newest = pg_ok(r) ? pg_ll(r, 0, 0, 0) : 0;
        PQclear(r);
        if (store_migrations_pg_n && newest > store_migrations_pg[store_migrations_pg_n - 1].version)
            rc = einv_error_set(err, EINV_ERR, "the database schema is newer than this program",
                                "", "Run the newer einvoiced, or restore a backup");
    }
    for (size_t i = 0; rc == EINV_OK && i < store_migrations_pg_n; i++)
        rc = migrate_one(c, &store_migrations_pg[i], err);
    snprintf(sql, sizeof sql, "SELECT pg_advisory_unlock(%d)", PG_MIGRATION_LOCK);
    pg_cmd(c, sql);
    return rc;
}

/* ---------------------------------------------------------------- LISTEN thread */

/* Owns one connection that LISTENs on the job channel and wakes the store's job waiters on
 * every notification, and once after each (re)connect since notifications sent while it
 * was away are lost. Stops when store_close writes to the pipe. */
static void *listener_main(void *arg)
{
    pg_store_t *s = arg;
    PGconn *c = NULL;
    int listening = 0, backoff_ms = 100;
    for (;;) {
        if (!listening) {
            if (!c)
                c = pg_connect(s->url);
            else
                PQreset(c);
            if (c && PQstatus(c) == CONNECTION_OK &&
                pg_cmd(c, "LISTEN " PG_NOTIFY_CHANNEL) == EINV_OK) {
                listening = 1;
                backoff_ms = 100;
                store_waker_signal(&s->base.waker);
            } else {
                struct pollfd stop = {s->lis_pipe[0], POLLIN, 0};
                if (poll(&stop, 1, backoff_ms) > 0)
                    break;
                backoff_ms = backoff_ms < 3200 ? backoff_ms * 2 : 5000;
                continue;
            }
        }
        struct pollfd p[2] = {{PQsocket(c), POLLIN, 0}, {s->lis_pipe[0], POLLIN, 0}};
        int n = poll(p, 2, 5000);
        if (n < 0 && errno != EINTR)
            break;
        if (n <= 0)
            continue;
        if (p[1].revents)
            break;
        if (p[0].revents) {
            int got = 0;
            PGnotify *nt;
            if (!PQconsumeInput(c) || PQstatus(c) != CONNECTION_OK) {
                listening = 0;      /* the server went away: reconnect and re-LISTEN */
                continue;
            }
            while ((nt = PQnotifies(c)) != NULL) {
                PQfreemem(nt);
                got = 1;
            }
            if (got)
                store_waker_signal(&s->base.waker);
        }
    }
    pg_stmt_forget(c);
    PQfinish(c);
    return NULL;
}

static int pg_job_wait(einv_store_t *base, int timeout_ms)
{
    pg_store_t *s = (pg_store_t *)base;
    pthread_mutex_lock(&s->lis_mu);
    if (!s->lis_started && s->lis_pipe[0] >= 0 &&
        pthread_create(&s->lis_thread, NULL, listener_main, s) == 0)
        s->lis_started = 1;
    pthread_mutex_unlock(&s->lis_mu);
    return store_waker_wait(&base->waker, timeout_ms);
}

static void pg_close(einv_store_t *base)
{
    pg_store_t *s = (pg_store_t *)base;
    pg_submits_stop(s);
    pg_verdicts_stop(s);
    if (s->lis_started) {
        ssize_t w = write(s->lis_pipe[1], "x", 1);
        (void)w;
        pthread_join(s->lis_thread, NULL);
    }
    if (s->lis_pipe[0] >= 0) {
        close(s->lis_pipe[0]);
        close(s->lis_pipe[1]);
    }
    for (int i = 0; i < s->n; i++)
        if (s->conns && s->conns[i])
        {
            pg_stmt_forget(s->conns[i]);
            PQfinish(s->conns[i]);
        }
    free(s->conns);
    free(s->busy);
    free(s->url);
    pthread_mutex_destroy(&s->pool_mu);
    pthread_cond_destroy(&s->pool_cond);
    pthread_mutex_destroy(&s->lis_mu);
    store_waker_destroy(&s->base.waker);
    free(s);
}

static int ping_on(PGconn *c)
{
    return pg_cmd(c, "SELECT 1");
}

static int pg_ping(einv_store_t *base)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, ping_on(c));
    return rc;
}

/* ---------------------------------------------------------------- accounts */

#define ACCOUNT_COLS "id, email, subject, pro, super_admin, einv_iso(created_at)"

/* The ACCOUNT_COLS of r's first row from column c on. */
static void read_account_at(const PGresult *r, int c, store_account_t *out)
{
    memset(out, 0, sizeof *out);
    pg_cpy(r, 0, c, out->id, sizeof out->id);
    out->email = pg_dup(r, 0, c + 1);
    out->subject = pg_dup(r, 0, c + 2);
    out->pro = pg_bool(r, 0, c + 3);
    out->super_admin = pg_bool(r, 0, c + 4);
    pg_cpy(r, 0, c + 5, out->created_at, sizeof out->created_at);
}

static void read_account(const PGresult *r, store_account_t *out)
{
    read_account_at(r, 0, out);
}

/* One account from a statement returning ACCOUNT_COLS with up to two text parameters. */
static int account_q(PGconn *c, const char *sql, const char *a, const char *b,
                     store_account_t *out)
{
    PGresult *r = pg_x(c, 0, sql, b ? "ss" : "s", a, b);
    int rc = !pg_ok(r) ? EINV_ERR : PQntuples(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    if (rc == EINV_OK)
        read_account(r, out);
    PQclear(r);
    return rc;
}

static int insert_account(PGconn *c, const char *email, int pro, int super_admin,
                          const char *subject, store_account_t *out, einv_error_t *err)
{
    char id[37];
    store_uuid(id);
    PGresult *r = pg_x(c, 0, "INSERT INTO accounts (id, email, subject, pro, super_admin)"
                             " VALUES ($1::uuid, $2, $3, $4::boolean, $5::boolean)"
                             " RETURNING " ACCOUNT_COLS,
                       "sssBB", id, email, subject, pro, super_admin);
    int rc = EINV_OK;
    if (pg_ok(r))
        read_account(r, out);
    else if (strcmp(pg_state(r), "23505") == 0)
        rc = einv_error_set(err, EINV_ERR_USAGE, "an account with this email or subject exists",
                            "", "Use the existing account");
    else
        rc = einv_error_set(err, EINV_ERR, "cannot create the account", "", "");
    PQclear(r);
    /* a duplicate is final: EINV_ERR_USAGE keeps PG_CALL from retrying it */
    return rc;
}

static int pg_account_create(einv_store_t *base, const char *email, int pro, int super_admin,
                             const char *subject, store_account_t *out, einv_error_t *err)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, insert_account(c, email, pro, super_admin, subject, out, err));
    if (rc == EINV_ERR_USAGE)
        rc = EINV_ERR;
    return rc;
}

static int pg_account_by_id(einv_store_t *base, const char *id, store_account_t *out)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c,
            account_q(c, "SELECT " ACCOUNT_COLS " FROM accounts WHERE id = $1::uuid", id, NULL, out));
    return rc;
}

static int pg_account_by_email(einv_store_t *base, const char *email, store_account_t *out)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c,
            account_q(c, "SELECT " ACCOUNT_COLS " FROM accounts WHERE lower(email) = lower($1)",
                      email, NULL, out));
    return rc;
}

/* Race-free without a transaction: every step is one statement that either finds, links or
 * creates; a concurrent creator makes our INSERT do nothing (or hit the email index), after
 * which the subject's row is there to be read. The linking rule (store.h): a verified email
 * links only to an account without a subject that is not a super-admin; otherwise the new
 * account's address is the email when it is free, else the subject. */
static int for_subject_on(PGconn *c, const char *subject, const char *email,
                          store_account_t *out, einv_error_t *err)
{
    static const char by_subject[] = "SELECT " ACCOUNT_COLS " FROM accounts WHERE subject = $1";
    int rc = account_q(c, by_subject, subject, NULL, out), attempt;
    if (rc != EINV_ERR_NOTFOUND)
        return rc;
    if (email) {
        rc = account_q(c, "UPDATE accounts SET subject = $1 WHERE lower(email) = lower($2)"
                          " AND subject IS NULL AND NOT super_admin RETURNING " ACCOUNT_COLS,
                       subject, email, out);
        if (rc != EINV_ERR_NOTFOUND)
            return rc;
    }
    for (attempt = 0; attempt < 2; attempt++) {
        /* the second attempt: the email belongs to an account we may not link to */
        const char *address = email && attempt == 0 ? email : subject;
        char id[37];
        store_uuid(id);
        PGresult *r = pg_x(c, 0, "INSERT INTO accounts (id, email, subject) VALUES ($1::uuid, $2, $3)"
                                 " ON CONFLICT (subject) DO NOTHING RETURNING " ACCOUNT_COLS,
                           "sss", id, address, subject);
        if (pg_ok(r) && PQntuples(r) == 1) {
            read_account(r, out);
            PQclear(r);
            return EINV_OK;
        }
        int dup = strcmp(pg_state(r), "23505") == 0, ok = pg_ok(r);
        PQclear(r);
        if (!ok && !dup)
            return EINV_ERR;
        rc = account_q(c, by_subject, subject, NULL, out);
        if (rc != EINV_ERR_NOTFOUND)
            return rc;
        if (address == subject)
            break;
    }
    return einv_error_set(err, EINV_ERR_USAGE, "cannot create an account for this identity", "", "");
}

static int update_q(PGconn *c, const char *sql, const char *types, const char *a, const char *b,
                    const char *d);

/* Bind subject to the account with this email (admin CLI): the subject leaves any other
 * account first, so a sign-in that went to a new account before the binding is redirected. */
static int bind_subject_on(PGconn *c, const char *email, const char *subject, store_account_t *out,
                           einv_error_t *err)
{
    store_account_t a;
    int rc = account_q(c, "SELECT " ACCOUNT_COLS " FROM accounts WHERE lower(email) = lower($1)", email,
                       NULL, &a);
    if (rc == EINV_ERR_NOTFOUND)
        return einv_error_set(err, EINV_ERR_NOTFOUND, "no account with this email", "",
                              "Create it first: einvoiced admin create-account --email E");
    if (rc != EINV_OK)
        return rc;
    rc = update_q(c, "UPDATE accounts SET subject = NULL WHERE subject = $1 AND id <> $2::uuid", "ss",
                  subject, a.id, NULL);
    if (rc == EINV_OK || rc == EINV_ERR_NOTFOUND)
        rc = account_q(c, "UPDATE accounts SET subject = $1 WHERE id = $2::uuid RETURNING " ACCOUNT_COLS,
                       subject, a.id, out);
    store_account_clear(&a);
    return rc;
}

static int pg_account_bind_subject(einv_store_t *base, const char *email, const char *subject,
                                   store_account_t *out, einv_error_t *err)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, bind_subject_on(c, email, subject, out, err));
    return rc;
}

static int pg_account_for_subject(einv_store_t *base, const char *subject, const char *email,
                                  store_account_t *out, einv_error_t *err)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, for_subject_on(c, subject, email, out, err));
    if (rc == EINV_ERR && err && !err->message[0])
        einv_error_set(err, EINV_ERR, "cannot find or create the account", "", "");
    return rc == EINV_ERR_USAGE ? EINV_ERR : rc;
}

/* An UPDATE/DELETE with text parameters: EINV_OK when it touched a row, NOTFOUND when none. */
static int update_q(PGconn *c, const char *sql, const char *types, const char *a, const char *b,
                    const char *d)
{
    PGresult *r = pg_x(c, 0, sql, types, a, b, d);
    int rc = !pg_ok(r) ? EINV_ERR : pg_affected(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    PQclear(r);
    return rc;
}

static int pg_account_set_flag(einv_store_t *base, const char *id, const char *column, int value)
{
    char sql[96];
    int rc;
    /* column is "pro" or "super_admin", chosen by store.c */
    snprintf(sql, sizeof sql, "UPDATE accounts SET %s = $1::boolean WHERE id = $2::uuid", column);
    PG_CALL((pg_store_t *)base, rc, c, update_q(c, sql, "ss", value ? "t" : "f", id, NULL));
    return rc;
}

static int pg_usage(einv_store_t *base, const char *account_id, const char *key_id,
                    const char *period, long long *account_used, long long *key_used)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c,
            pg_usage_read(c, account_id, key_id, period, account_used, key_used));
    return rc;
}

/* ---------------------------------------------------------------- API keys */

#define KEY_COLS "id, account_id, name, sandbox, prefix, last_four, quota_limit," \
                 " einv_iso(created_at), einv_iso(last_used_at), einv_iso(revoked_at)"

static void read_key(const PGresult *r, int row, store_key_t *k)
{
    memset(k, 0, sizeof *k);
    pg_cpy(r, row, 0, k->id, sizeof k->id);
    pg_cpy(r, row, 1, k->account_id, sizeof k->account_id);
    k->name = pg_dup(r, row, 2);
    k->sandbox = pg_bool(r, row, 3);
    pg_cpy(r, row, 4, k->prefix, sizeof k->prefix);
    pg_cpy(r, row, 5, k->last_four, sizeof k->last_four);
    k->quota_limit = pg_ll(r, row, 6, -1);
    pg_cpy(r, row, 7, k->created_at, sizeof k->created_at);
    pg_cpy(r, row, 8, k->last_used_at, sizeof k->last_used_at);
    pg_cpy(r, row, 9, k->revoked_at, sizeof k->revoked_at);
}

static int key_create_on(PGconn *c, const char *account_id, const char *name, int sandbox,
                         long long quota_limit, const char *hash_hex, const char *prefix,
                         const char *last_four, store_key_t *out, einv_error_t *err)
{
    char id[37];
    store_uuid(id);
    PGresult *r = pg_x(c, 0, "INSERT INTO api_keys (id, account_id, name, sandbox, key_hash,"
                             " prefix, last_four, quota_limit) VALUES ($1::uuid, $2::uuid, $3,"
                             " $4::boolean, $5, $6, $7, $8::bigint) RETURNING " KEY_COLS,
                       "sssBsssL", id, account_id, name, sandbox, hash_hex, prefix, last_four,
                       quota_limit);
    int rc = EINV_OK;
    if (pg_ok(r))
        read_key(r, 0, out);
    else if (strcmp(pg_state(r), "23503") == 0)
        rc = einv_error_set(err, EINV_ERR_NOTFOUND, "unknown account", "", "");
    else if (strcmp(pg_state(r), "23505") == 0)
        rc = einv_error_set(err, EINV_ERR_USAGE, "duplicate API key hash", "", "Generate a new key");
    else
        rc = einv_error_set(err, EINV_ERR, "cannot store the API key", "", "");
    PQclear(r);
    return rc;
}

static int pg_key_create(einv_store_t *base, const char *account_id, const char *name,
                         int sandbox, long long quota_limit, const char *hash_hex,
                         const char *prefix, const char *last_four, store_key_t *out,
                         einv_error_t *err)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, key_create_on(c, account_id, name, sandbox, quota_limit,
                                                    hash_hex, prefix, last_four, out, err));
    return rc == EINV_ERR_USAGE ? EINV_ERR : rc;
}

static int key_by_hash_on(PGconn *c, const char *hash_hex, store_key_t *out)
{
    PGresult *r = pg_x(c, 0, "SELECT " KEY_COLS " FROM api_keys WHERE key_hash = $1", "s", hash_hex);
    int rc = !pg_ok(r) ? EINV_ERR : PQntuples(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    if (rc == EINV_OK)
        read_key(r, 0, out);
    PQclear(r);
    return rc;
}

static int pg_key_by_hash(einv_store_t *base, const char *hash_hex, store_key_t *out)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, key_by_hash_on(c, hash_hex, out));
    return rc;
}

/* The key and its account in one round trip (store_key_auth). */
static int key_auth_on(PGconn *c, const char *hash_hex, store_key_t *key, store_account_t *account)
{
    PGresult *r = pg_x(c, 0, "SELECT " KEY_COLS ", a_id, email, subject, pro, super_admin,"
                             " einv_iso(a_created) FROM api_keys JOIN (SELECT id AS a_id, email,"
                             " subject, pro, super_admin, created_at AS a_created FROM accounts) a"
                             " ON a_id = account_id WHERE key_hash = $1", "s", hash_hex);
    int rc = !pg_ok(r) ? EINV_ERR : PQntuples(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    if (rc == EINV_OK) {
        read_key(r, 0, key);
        read_account_at(r, 10, account);
    }
    PQclear(r);
    return rc;
}

static int pg_key_auth(einv_store_t *base, const char *hash_hex, store_key_t *key,
                       store_account_t *account)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, key_auth_on(c, hash_hex, key, account));
    return rc;
}

static int key_list_on(PGconn *c, const char *account_id, store_key_t **out, size_t *n)
{
    PGresult *r = pg_x(c, 0, "SELECT " KEY_COLS " FROM api_keys WHERE account_id = $1::uuid"
                             " ORDER BY created_at DESC, seq DESC", "s", account_id);
    if (!pg_ok(r)) {
        PQclear(r);
        return EINV_ERR;
    }
    int rows = PQntuples(r);
    if (rows > 0) {
        *out = calloc((size_t)rows, sizeof **out);
        if (!*out) {
            PQclear(r);
            return EINV_ERR_NOMEM;
        }
        for (int i = 0; i < rows; i++)
            read_key(r, i, &(*out)[i]);
        *n = (size_t)rows;
    }
    PQclear(r);
    return EINV_OK;
}

static int pg_key_list(einv_store_t *base, const char *account_id, store_key_t **out, size_t *n)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, key_list_on(c, account_id, out, n));
    return rc == EINV_ERR_NOMEM ? EINV_ERR : rc;
}

static int pg_key_revoke(einv_store_t *base, const char *account_id, const char *key_id)
{
    int rc;
    /* COALESCE keeps the first revocation time when revoked again */
    PG_CALL((pg_store_t *)base, rc, c,
            update_q(c, "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now())"
                        " WHERE id = $1::uuid AND ($2::uuid IS NULL OR account_id = $2::uuid)",
                     "ss", key_id, account_id, NULL));
    return rc;
}

static int pg_key_touch(einv_store_t *base, const char *key_id)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c,
            update_q(c, "UPDATE api_keys SET last_used_at = now() WHERE id = $1::uuid", "s",
                     key_id, NULL, NULL));
    return rc;
}

/* ---------------------------------------------------------------- mappings */

static int mappings_get_on(PGconn *c, const char *account_id, char **json)
{
    PGresult *r = pg_x(c, 0, "SELECT document FROM account_mappings WHERE account_id = $1::uuid",
                       "s", account_id);
    int rc = !pg_ok(r) ? EINV_ERR : PQntuples(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    if (rc == EINV_OK && !(*json = pg_dup(r, 0, 0)))
        rc = EINV_ERR_NOMEM;
    PQclear(r);
    return rc;
}

static int pg_mappings_get(einv_store_t *base, const char *account_id, char **json)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, mappings_get_on(c, account_id, json));
    return rc == EINV_ERR_NOMEM ? EINV_ERR : rc;
}

static int mappings_put_on(PGconn *c, const char *account_id, const char *json)
{
    PGresult *r = pg_x(c, 0, "INSERT INTO account_mappings (account_id, document) VALUES"
                             " ($1::uuid, $2) ON CONFLICT (account_id) DO UPDATE SET"
                             " document = excluded.document, updated_at = now()",
                       "ss", account_id, json);
    int rc = pg_ok(r) ? EINV_OK : strcmp(pg_state(r), "23503") == 0 ? EINV_ERR_NOTFOUND : EINV_ERR;
    PQclear(r);
    return rc;
}

static int pg_mappings_put(einv_store_t *base, const char *account_id, const char *json)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, mappings_put_on(c, account_id, json));
    return rc;
}

static const store_ops_t pg_ops = {
    .kind = "postgresql",
    .close = pg_close,
    .ping = pg_ping,
    .account_create = pg_account_create,
    .account_by_id = pg_account_by_id,
    .account_by_email = pg_account_by_email,
    .account_for_subject = pg_account_for_subject,
    .account_bind_subject = pg_account_bind_subject,
    .account_set_flag = pg_account_set_flag,
    .usage = pg_usage,
    .key_create = pg_key_create,
    .key_by_hash = pg_key_by_hash,
    .key_auth = pg_key_auth,
    .key_list = pg_key_list,
    .key_revoke = pg_key_revoke,
    .key_touch = pg_key_touch,
    .submit = pg_submit,
    .invoice_get = pg_invoice_get,
    .invoice_payload = pg_invoice_payload,
    .invoice_list = pg_invoice_list,
    .count_invoices = pg_count_invoices,
    .job_claim = pg_job_claim,
    .jobs_claim = pg_jobs_claim,
    .jobs_renew = pg_jobs_renew,
    .job_complete = pg_job_complete,
    .job_complete_async = pg_job_complete_async,
    .job_count = pg_job_count,
    .job_wait = pg_job_wait,
    .mappings_get = pg_mappings_get,
    .mappings_put = pg_mappings_put,
};

/* Connect once (so a wrong URL fails at start, with libpq's reason), migrate, and keep that
 * connection as the pool's first. (transfer full: store_close) */
einv_store_t *store_pg_open(const char *url, int pool_size, einv_error_t *err)
{
    pg_store_t *s = calloc(1, sizeof *s);
    if (!s) {
        einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
        return NULL;
    }
    s->base.ops = &pg_ops;
    store_waker_init(&s->base.waker);
    pthread_mutex_init(&s->pool_mu, NULL);
    pthread_cond_init(&s->pool_cond, NULL);
    pthread_mutex_init(&s->lis_mu, NULL);
    s->lis_pipe[0] = s->lis_pipe[1] = -1;
    s->url = strdup(url);
    s->conns = calloc((size_t)pool_size, sizeof *s->conns);
    s->busy = calloc((size_t)pool_size, 1);
    s->n = pool_size;
    if (!s->url || !s->conns || !s->busy) {
        einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
        pg_close(&s->base);
        return NULL;
    }
    if (pipe(s->lis_pipe) != 0) {
        s->lis_pipe[0] = s->lis_pipe[1] = -1;
    } else {
        fcntl(s->lis_pipe[0], F_SETFD, FD_CLOEXEC);
        fcntl(s->lis_pipe[1], F_SETFD, FD_CLOEXEC);
    }
    s->conns[0] = pg_connect(url);
    if (!s->conns[0] || PQstatus(s->conns[0]) != CONNECTION_OK) {
        /* libpq's message names host and reason; the URL (maybe with a password) is not echoed */
        char why[256];
        store_copy(why, sizeof why, s->conns[0] ? PQerrorMessage(s->conns[0]) : "out of memory");
        why[strcspn(why, "\n")] = '\0';
        einv_error_set(err, EINV_ERR_IO, "cannot connect to PostgreSQL", why,
                       "Check EINV_DATABASE and that the server is running");
        pg_close(&s->base);
        return NULL;
    }
    if (migrate(s->conns[0], err) != EINV_OK) {
        pg_close(&s->base);
        return NULL;
    }
    return &s->base;
}
