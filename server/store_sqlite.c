/* SQLite backend of the store (sqlite:PATH): a small pool of connections to one database
 * file in WAL mode, versioned migrations at open, accounts, API keys and mapping documents.
 * Invoices, submits and jobs are in store_sqlite_invoices.c. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "store_sqlite_int.h"

/* ---------------------------------------------------------------- statement helpers */

static int bind_args(sqlite3_stmt *st, const char *types, va_list *ap)
{
    int rc = SQLITE_OK;
    for (int i = 0; types && types[i] && rc == SQLITE_OK; i++) {
        int idx = i + 1;
        switch (types[i]) {
        case 's': {
            const char *v = va_arg(*ap, const char *);
            rc = v ? sqlite3_bind_text(st, idx, v, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(st, idx);
            break;
        }
        case 'i':
            rc = sqlite3_bind_int(st, idx, va_arg(*ap, int));
            break;
        case 'l':
            rc = sqlite3_bind_int64(st, idx, va_arg(*ap, long long));
            break;
        case 'L': {
            long long v = va_arg(*ap, long long);
            rc = v < 0 ? sqlite3_bind_null(st, idx) : sqlite3_bind_int64(st, idx, v);
            break;
        }
        case 'b': {
            const void *p = va_arg(*ap, const void *);
            size_t n = va_arg(*ap, size_t);
            rc = sqlite3_bind_blob64(st, idx, p ? p : "", p ? n : 0, SQLITE_STATIC);
            break;
        }
        default:
            rc = SQLITE_MISUSE;
        }
    }
    return rc;
}

/* Prepare (slot NULL: a statement of its own, for sq_prep's callers to finalize; else from
 * the statement cache, *slot for sq_stmt_put) and bind. */
static sqlite3_stmt *prep_v(sqlite3 *db, const char *sql, const char *types, va_list *ap, int *slot)
{
    sqlite3_stmt *st = NULL;
    if (slot)
        st = sq_stmt_get(db, sql, slot);
    else if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        sqlite3_finalize(st);
        st = NULL;
    }
    if (!st) {
        store_log("sqlite prepare failed: %s", sqlite3_errmsg(db));
        return NULL;
    }
    if (bind_args(st, types, ap) != SQLITE_OK) {
        store_log("sqlite bind failed: %s", sqlite3_errmsg(db));
        if (slot)
            sq_stmt_put(st, *slot);
        else
            sqlite3_finalize(st);
        return NULL;
    }
    return st;
}

/* Prepared and bound statement or NULL (store_sqlite_int.h). */
sqlite3_stmt *sq_prep(sqlite3 *db, const char *sql, const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    sqlite3_stmt *st = prep_v(db, sql, types, &ap, NULL);
    va_end(ap);
    return st;
}

/* sq_prep from the statement cache: give it back with sq_stmt_put(st, *slot). */
sqlite3_stmt *sq_prep_cached(sqlite3 *db, int *slot, const char *sql, const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    sqlite3_stmt *st = prep_v(db, sql, types, &ap, slot);
    va_end(ap);
    return st;
}

static int exec_v(sqlite3 *db, const char *sql, const char *types, va_list *ap)
{
    int rc, slot;
    sqlite3_stmt *st = prep_v(db, sql, types, ap, &slot);
    if (!st)
        return SQLITE_ERROR;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        ;
    if (rc != SQLITE_DONE && (rc & 0xff) != SQLITE_CONSTRAINT)
        store_log("sqlite statement failed: %s", sqlite3_errmsg(db));
    sq_stmt_put(st, slot);
    return rc;
}

/* Run one statement to its end; returns the sqlite3 result code. */
int sq_exec(sqlite3 *db, const char *sql, const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    int rc = exec_v(db, sql, types, &ap);
    va_end(ap);
    return rc;
}

/* One statement in its own write transaction (store_sqlite_int.h). */
int sq_write(sq_store_t *s, sqlite3 *db, int *changes, const char *sql, const char *types, ...)
{
    va_list ap;
    int rc;
    if (changes)
        *changes = 0;
    if (sq_begin(s, db) != EINV_OK)
        return SQLITE_BUSY;
    va_start(ap, types);
    rc = exec_v(db, sql, types, &ap);
    va_end(ap);
    if (changes)
        *changes = sqlite3_changes(db);
    if (rc != SQLITE_DONE) {
        sq_rollback(s, db);
        return rc;
    }
    return sq_commit(s, db) == EINV_OK ? SQLITE_DONE : SQLITE_ERROR;
}

/* First column of the first row as an integer (def when no row). */
int sq_scalar(sqlite3 *db, long long *out, long long def, const char *sql, const char *types, ...)
{
    va_list ap;
    int slot;
    va_start(ap, types);
    sqlite3_stmt *st = prep_v(db, sql, types, &ap, &slot);
    va_end(ap);
    *out = def;
    if (!st)
        return EINV_ERR;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
        *out = sqlite3_column_int64(st, 0);
    sq_stmt_put(st, slot);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? EINV_OK : EINV_ERR;
}

/* A text column, malloc'd, or NULL for SQL NULL. */
char *sq_coldup(sqlite3_stmt *st, int col)
{
    const unsigned char *t = sqlite3_column_text(st, col);
    return t ? strdup((const char *)t) : NULL;
}

/* A text column copied into a fixed field ("" for NULL). */
void sq_colcpy(sqlite3_stmt *st, int col, char *dst, size_t cap)
{
    store_copy(dst, cap, (const char *)sqlite3_column_text(st, col));
}

/* Take the process write mutex and BEGIN IMMEDIATE; EINV_OK or EINV_ERR (mutex released). */
int sq_begin(sq_store_t *s, sqlite3 *db)
{
    pthread_mutex_lock(&s->write_mu);
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
        store_log("sqlite BEGIN IMMEDIATE failed: %s", sqlite3_errmsg(db));
        pthread_mutex_unlock(&s->write_mu);
        return EINV_ERR;
    }
    return EINV_OK;
}

/* COMMIT (ROLLBACK when that fails) and release the write mutex. */
int sq_commit(sq_store_t *s, sqlite3 *db)
{
    int rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    if (rc != SQLITE_OK) {
        store_log("sqlite COMMIT failed: %s", sqlite3_errmsg(db));
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    }
    pthread_mutex_unlock(&s->write_mu);
    return rc == SQLITE_OK ? EINV_OK : EINV_ERR;
}

/* ROLLBACK and release the write mutex. */
void sq_rollback(sq_store_t *s, sqlite3 *db)
{
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    pthread_mutex_unlock(&s->write_mu);
}

/* ---------------------------------------------------------------- pool */

sqlite3 *sq_acquire(sq_store_t *s)
{
    pthread_mutex_lock(&s->pool_mu);
    for (;;) {
        for (int i = 0; i < s->n; i++) {
            if (!s->busy[i]) {
                s->busy[i] = 1;
                pthread_mutex_unlock(&s->pool_mu);
                return s->conns[i];
            }
        }
        pthread_cond_wait(&s->pool_cond, &s->pool_mu);
    }
}

/* Give a connection back to the pool. */
void sq_release(sq_store_t *s, sqlite3 *db)
{
    pthread_mutex_lock(&s->pool_mu);
    for (int i = 0; i < s->n; i++)
        if (s->conns[i] == db)
            s->busy[i] = 0;
    pthread_cond_signal(&s->pool_cond);
    pthread_mutex_unlock(&s->pool_mu);
}

/* mkdir -p of the directory part of path (the default database is var/einvoice.db). */
static int make_parent_dirs(const char *path, einv_error_t *err)
{
    char *dir = strdup(path);
    if (!dir)
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir) {
        free(dir);
        return EINV_OK;
    }
    *slash = '\0';
    for (char *p = dir + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(dir, 0750) != 0 && errno != EEXIST) {
                einv_error_set(err, EINV_ERR_IO, "cannot create the database directory", dir,
                               "Check the path in EINV_DATABASE and its permissions");
                free(dir);
                return EINV_ERR_IO;
            }
            *p = c;
            if (c == '\0')
                break;
        }
    }
    free(dir);
    return EINV_OK;
}

static sqlite3 *open_conn(const char *path, einv_error_t *err)
{
    sqlite3 *db = NULL;
    int rc = sqlite3_open_v2(path, &db,
                             SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        einv_error_set(err, EINV_ERR_IO, "cannot open the SQLite database",
                       db ? sqlite3_errmsg(db) : sqlite3_errstr(rc), path);
        sqlite3_close(db);
        return NULL;
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, 15000);
    /* WAL: readers never block the writer; synchronous FULL: an accepted (202) invoice
     * survives a power loss, not just a process crash. */
    if (sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; "
                         "PRAGMA foreign_keys=ON;", NULL, NULL, NULL) != SQLITE_OK) {
        einv_error_set(err, EINV_ERR_IO, "cannot configure the SQLite database",
                       sqlite3_errmsg(db), path);
        sqlite3_close(db);
        return NULL;
    }
    return db;
}

/* Apply the embedded migrations not yet recorded in schema_migrations, each in its own
 * transaction. Refuses a database written by a newer version, or one where an applied
 * migration's text changed (its checksum no longer matches). */
static int migrate(sq_store_t *s, sqlite3 *db, einv_error_t *err)
{
    long long newest = 0;
    if (sq_exec(db, "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                    " name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)",
                "") != SQLITE_DONE)
        return einv_error_set(err, EINV_ERR, "cannot create schema_migrations",
                              sqlite3_errmsg(db), "");
    if (sq_scalar(db, &newest, 0, "SELECT max(version) FROM schema_migrations", "") != EINV_OK)
        return einv_error_set(err, EINV_ERR, "cannot read schema_migrations", sqlite3_errmsg(db), "");
    if (store_migrations_sqlite_n &&
        newest > store_migrations_sqlite[store_migrations_sqlite_n - 1].version)
        return einv_error_set(err, EINV_ERR, "the database schema is newer than this program",
                              s->path, "Run the newer einvoiced, or restore a backup");
    for (size_t i = 0; i < store_migrations_sqlite_n; i++) {
        const store_migration_t *m = &store_migrations_sqlite[i];
        char sum[65], now[32];
        store_sha256_hex(m->sql, sum);
        if (sq_begin(s, db) != EINV_OK)
            return einv_error_set(err, EINV_ERR, "cannot lock the database for migration",
                                  sqlite3_errmsg(db), "Another process holds a write lock");
        sqlite3_stmt *st = sq_prep(db, "SELECT checksum FROM schema_migrations WHERE version=?",
                                   "i", m->version);
        int have = 0, same = 0;
        if (st && sqlite3_step(st) == SQLITE_ROW) {
            const unsigned char *t = sqlite3_column_text(st, 0);
            have = 1;
            same = t && strcmp((const char *)t, sum) == 0;
        }
        sqlite3_finalize(st);
        if (have) {
            sq_rollback(s, db);
            if (!same)
                return einv_error_set(err, EINV_ERR, "an applied migration was changed", m->name,
                                      "Never edit an applied migration; add a new one");
            continue;
        }
        char *msg = NULL;
        if (sqlite3_exec(db, m->sql, NULL, NULL, &msg) != SQLITE_OK) {
            einv_error_set(err, EINV_ERR, "migration failed", msg ? msg : m->name, m->name);
            sqlite3_free(msg);
            sq_rollback(s, db);
            return EINV_ERR;
        }
        store_now(now);
        if (sq_exec(db, "INSERT INTO schema_migrations (version, name, checksum, applied_at)"
                        " VALUES (?, ?, ?, ?)", "isss", m->version, m->name, sum, now) != SQLITE_DONE) {
            sq_rollback(s, db);
            return einv_error_set(err, EINV_ERR, "cannot record migration", m->name, "");
        }
        if (sq_commit(s, db) != EINV_OK)
            return einv_error_set(err, EINV_ERR, "cannot commit migration", m->name, "");
    }
    return EINV_OK;
}

static void sq_close(einv_store_t *base)
{
    sq_store_t *s = (sq_store_t *)base;
    sq_group_stop(s);   /* the queued writes are committed first */
    sq_checkpointer_stop(s);
    if (s->ckpt_db)
        sqlite3_close(s->ckpt_db);
    for (int i = 0; i < s->n; i++)
        if (s->conns && s->conns[i]) {
            sq_stmt_drop(s->conns[i]);
            sqlite3_close(s->conns[i]);
        }
    if (s->group_db) {
        sq_stmt_drop(s->group_db);
        sqlite3_close(s->group_db);
    }
    free(s->conns);
    free(s->busy);
    free(s->path);
    pthread_mutex_destroy(&s->pool_mu);
    pthread_cond_destroy(&s->pool_cond);
    pthread_mutex_destroy(&s->write_mu);
    pthread_mutex_destroy(&s->group_mu);
    pthread_cond_destroy(&s->group_cond);
    pthread_cond_destroy(&s->group_work);
    store_waker_destroy(&s->base.waker);
    free(s);
}

static int sq_ping(einv_store_t *base)
{
    sq_store_t *s = (sq_store_t *)base;
    long long one = 0;
    sqlite3 *db = sq_acquire(s);
    int rc = sq_scalar(db, &one, 0, "SELECT 1", "");
    sq_release(s, db);
    return rc == EINV_OK && one == 1 ? EINV_OK : EINV_ERR;
}

/* ---------------------------------------------------------------- accounts */

#define ACCOUNT_COLS "id, email, subject, pro, super_admin, created_at"

/* The ACCOUNT_COLS of st from column c on. */
static void read_account_at(sqlite3_stmt *st, int c, store_account_t *out)
{
    memset(out, 0, sizeof *out);
    sq_colcpy(st, c, out->id, sizeof out->id);
    out->email = sq_coldup(st, c + 1);
    out->subject = sq_coldup(st, c + 2);
    out->pro = sqlite3_column_int(st, c + 3);
    out->super_admin = sqlite3_column_int(st, c + 4);
    sq_colcpy(st, c + 5, out->created_at, sizeof out->created_at);
}

static void read_account(sqlite3_stmt *st, store_account_t *out)
{
    read_account_at(st, 0, out);
}

/* One account by a WHERE clause with one text parameter. */
static int account_where(sqlite3 *db, const char *where, const char *arg, store_account_t *out)
{
    char sql[256];
    int slot;
    snprintf(sql, sizeof sql, "SELECT " ACCOUNT_COLS " FROM accounts WHERE %s", where);
    sqlite3_stmt *st = sq_prep_cached(db, &slot, sql, "s", arg);   /* every request's account */
    if (!st)
        return EINV_ERR;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        read_account(st, out);
    sq_stmt_put(st, slot);
    return rc == SQLITE_ROW ? EINV_OK : rc == SQLITE_DONE ? EINV_ERR_NOTFOUND : EINV_ERR;
}

static int insert_account(sqlite3 *db, const char *email, int pro, int super_admin,
                          const char *subject, store_account_t *out, einv_error_t *err)
{
    char id[37], now[32];
    store_uuid(id);
    store_now(now);
    int rc = sq_exec(db, "INSERT INTO accounts (id, email, subject, pro, super_admin, created_at)"
                         " VALUES (?, ?, ?, ?, ?, ?)", "sssiis", id, email, subject, pro,
                     super_admin, now);
    if ((rc & 0xff) == SQLITE_CONSTRAINT)
        return einv_error_set(err, EINV_ERR, "an account with this email or subject exists",
                              "", "Use the existing account");
    if (rc != SQLITE_DONE)
        return einv_error_set(err, EINV_ERR, "cannot create the account", sqlite3_errmsg(db), "");
    memset(out, 0, sizeof *out);
    store_copy(out->id, sizeof out->id, id);
    out->email = store_strdup(email);
    out->subject = store_strdup(subject);
    out->pro = pro;
    out->super_admin = super_admin;
    store_copy(out->created_at, sizeof out->created_at, now);
    return EINV_OK;
}

static int sq_account_create(einv_store_t *base, const char *email, int pro, int super_admin,
                             const char *subject, store_account_t *out, einv_error_t *err)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int rc = sq_begin(s, db);
    if (rc != EINV_OK)
        rc = einv_error_set(err, EINV_ERR, "database busy", "", "Retry later");
    else if ((rc = insert_account(db, email, pro, super_admin, subject, out, err)) == EINV_OK)
        rc = sq_commit(s, db);
    else
        sq_rollback(s, db);
    sq_release(s, db);
    return rc;
}

static int sq_account_by_id(einv_store_t *base, const char *id, store_account_t *out)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int rc = account_where(db, "id = ?", id, out);
    sq_release(s, db);
    return rc;
}

static int sq_account_by_email(einv_store_t *base, const char *email, store_account_t *out)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int rc = account_where(db, "lower(email) = lower(?)", email, out);
    sq_release(s, db);
    return rc;
}

/* A connection inside a write transaction for the account functions, or NULL with err
 * set when the database stays busy. */
static sqlite3 *account_tx(sq_store_t *s, einv_error_t *err)
{
    sqlite3 *db = sq_acquire(s);
    if (sq_begin(s, db) == EINV_OK)
        return db;
    sq_release(s, db);
    einv_error_set(err, EINV_ERR, "database busy", "", "");
    return NULL;
}

/* Under one write transaction: the subject's account; else (the linking rule, store.h) an
 * account with the token's verified email that has no subject yet and is not a super-admin,
 * which is linked; else a new FREE account whose address is the email when it is free, else
 * the subject. Two threads racing for one subject serialise on the write lock. */
static int sq_account_for_subject(einv_store_t *base, const char *subject, const char *email,
                                  store_account_t *out, einv_error_t *err)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = account_tx(s, err);
    int rc;
    if (!db)
        return EINV_ERR;
    rc = account_where(db, "subject = ?", subject, out);
    if (rc == EINV_ERR_NOTFOUND && email) {
        rc = account_where(db, "lower(email) = lower(?)", email, out);
        if (rc == EINV_OK && (out->subject || out->super_admin)) {
            store_account_clear(out);   /* taken by an account we may not link to */
            email = NULL;
            rc = EINV_ERR_NOTFOUND;
        } else if (rc == EINV_OK) {
            if (sq_exec(db, "UPDATE accounts SET subject = ? WHERE id = ?", "ss", subject,
                        out->id) == SQLITE_DONE) {
                out->subject = strdup(subject);
            } else {
                store_account_clear(out);
                rc = einv_error_set(err, EINV_ERR, "cannot link the account", "", "");
            }
        }
    }
    if (rc == EINV_ERR_NOTFOUND)
        rc = insert_account(db, email ? email : subject, 0, 0, subject, out, err);
    if (rc == EINV_OK)
        rc = sq_commit(s, db);
    else
        sq_rollback(s, db);
    if (rc != EINV_OK && err && !err->message[0])
        einv_error_set(err, EINV_ERR, "cannot find or create the account", "", "");
    sq_release(s, db);
    return rc;
}

/* Bind subject to the account with this email (admin CLI), taking it from any other
 * account first, in one write transaction. */
static int sq_account_bind_subject(einv_store_t *base, const char *email, const char *subject,
                                   store_account_t *out, einv_error_t *err)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = account_tx(s, err);
    int rc;
    if (!db)
        return EINV_ERR;
    rc = account_where(db, "lower(email) = lower(?)", email, out);
    if (rc == EINV_ERR_NOTFOUND)
        einv_error_set(err, EINV_ERR_NOTFOUND, "no account with this email", "",
                       "Create it first: einvoiced admin create-account --email E");
    if (rc == EINV_OK &&
        (sq_exec(db, "UPDATE accounts SET subject = NULL WHERE subject = ? AND id <> ?", "ss", subject,
                 out->id) != SQLITE_DONE ||
         sq_exec(db, "UPDATE accounts SET subject = ? WHERE id = ?", "ss", subject, out->id) != SQLITE_DONE)) {
        store_account_clear(out);
        rc = einv_error_set(err, EINV_ERR, "cannot bind the subject", sqlite3_errmsg(db), "");
    }
    if (rc == EINV_OK) {
        free(out->subject);
        out->subject = strdup(subject);
        rc = sq_commit(s, db);
    } else
        sq_rollback(s, db);
    sq_release(s, db);
    return rc;
}

/* column is "pro" or "super_admin" (chosen by store.c, never user input). */
static int sq_account_set_flag(einv_store_t *base, const char *id, const char *column, int value)
{
    sq_store_t *s = (sq_store_t *)base;
    char sql[96];
    snprintf(sql, sizeof sql, "UPDATE accounts SET %s = ? WHERE id = ?", column);
    int changed;
    sqlite3 *db = sq_acquire(s);
    int rc = sq_write(s, db, &changed, sql, "is", value, id);
    sq_release(s, db);
    if (rc != SQLITE_DONE)
        return EINV_ERR;
    return changed ? EINV_OK : EINV_ERR_NOTFOUND;
}

static int sq_usage(einv_store_t *base, const char *account_id, const char *key_id,
                    const char *period, long long *account_used, long long *key_used)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int rc = sq_usage_read(db, account_id, key_id, period, account_used, key_used);
    sq_release(s, db);
    return rc;
}

/* ---------------------------------------------------------------- API keys */

#define KEY_COLS "id, account_id, name, sandbox, prefix, last_four, quota_limit, created_at," \
                 " last_used_at, revoked_at"

static void read_key(sqlite3_stmt *st, store_key_t *k)
{
    memset(k, 0, sizeof *k);
    sq_colcpy(st, 0, k->id, sizeof k->id);
    sq_colcpy(st, 1, k->account_id, sizeof k->account_id);
    k->name = sq_coldup(st, 2);
    k->sandbox = sqlite3_column_int(st, 3);
    sq_colcpy(st, 4, k->prefix, sizeof k->prefix);
    sq_colcpy(st, 5, k->last_four, sizeof k->last_four);
    k->quota_limit = sqlite3_column_type(st, 6) == SQLITE_NULL ? -1 : sqlite3_column_int64(st, 6);
    sq_colcpy(st, 7, k->created_at, sizeof k->created_at);
    sq_colcpy(st, 8, k->last_used_at, sizeof k->last_used_at);
    sq_colcpy(st, 9, k->revoked_at, sizeof k->revoked_at);
}

static int sq_key_create(einv_store_t *base, const char *account_id, const char *name,
                         int sandbox, long long quota_limit, const char *hash_hex,
                         const char *prefix, const char *last_four, store_key_t *out,
                         einv_error_t *err)
{
    sq_store_t *s = (sq_store_t *)base;
    char id[37], now[32];
    store_uuid(id);
    store_now(now);
    sqlite3 *db = sq_acquire(s);
    int rc = sq_write(s, db, NULL, "INSERT INTO api_keys (id, account_id, name, sandbox, key_hash, prefix,"
                         " last_four, quota_limit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     "sssisssLs", id, account_id, name, sandbox, hash_hex, prefix, last_four,
                     quota_limit, now);
    sq_release(s, db);
    if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
        return einv_error_set(err, EINV_ERR_NOTFOUND, "unknown account", "", "");
    if ((rc & 0xff) == SQLITE_CONSTRAINT)
        return einv_error_set(err, EINV_ERR, "duplicate API key hash", "", "Generate a new key");
    if (rc != SQLITE_DONE)
        return einv_error_set(err, EINV_ERR, "cannot store the API key", "", "");
    memset(out, 0, sizeof *out);
    store_copy(out->id, sizeof out->id, id);
    store_copy(out->account_id, sizeof out->account_id, account_id);
    out->name = strdup(name);
    out->sandbox = sandbox;
    store_copy(out->prefix, sizeof out->prefix, prefix);
    store_copy(out->last_four, sizeof out->last_four, last_four);
    out->quota_limit = quota_limit;
    store_copy(out->created_at, sizeof out->created_at, now);
    return EINV_OK;
}

static int sq_key_by_hash(einv_store_t *base, const char *hash_hex, store_key_t *out)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int slot;
    sqlite3_stmt *st = sq_prep_cached(db, &slot, "SELECT " KEY_COLS " FROM api_keys WHERE key_hash = ?",
                                      "s", hash_hex);
    int rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_ROW)
        read_key(st, out);
    sq_stmt_put(st, slot);
    sq_release(s, db);
    return rc == SQLITE_ROW ? EINV_OK : rc == SQLITE_DONE ? EINV_ERR_NOTFOUND : EINV_ERR;
}

/* The key and its account in one statement (store_key_auth): every API-key request reads
 * both, current (a revoke or a plan change counts on the next request). */
static int sq_key_auth(einv_store_t *base, const char *hash_hex, store_key_t *key,
                       store_account_t *account)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int slot;
    sqlite3_stmt *st = sq_prep_cached(db, &slot, "SELECT " KEY_COLS ", a_id, email, subject, pro,"
                                      " super_admin, a_created FROM api_keys JOIN (SELECT id AS a_id, email, subject, pro,"
                                      " super_admin, created_at AS a_created FROM accounts)"
                                      " ON a_id = account_id WHERE key_hash = ?", "s", hash_hex);
    int rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_ROW) {
        read_key(st, key);
        read_account_at(st, 10, account);
    }
    sq_stmt_put(st, slot);
    sq_release(s, db);
    return rc == SQLITE_ROW ? EINV_OK : rc == SQLITE_DONE ? EINV_ERR_NOTFOUND : EINV_ERR;
}

static int sq_key_list(einv_store_t *base, const char *account_id, store_key_t **out, size_t *n)
{
    sq_store_t *s = (sq_store_t *)base;
    size_t cap = 0;
    int rc;
    sqlite3 *db = sq_acquire(s);
    sqlite3_stmt *st = sq_prep(db, "SELECT " KEY_COLS " FROM api_keys WHERE account_id = ?"
                                   " ORDER BY created_at DESC, seq DESC", "s", account_id);
    if (!st) {
        sq_release(s, db);
        return EINV_ERR;
    }
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (*n == cap) {
            size_t nc = cap ? cap * 2 : 8;
            store_key_t *p = realloc(*out, nc * sizeof *p);
            if (!p) {
                rc = SQLITE_NOMEM;
                break;
            }
            *out = p;
            cap = nc;
        }
        read_key(st, &(*out)[(*n)++]);
    }
    sqlite3_finalize(st);
    sq_release(s, db);
    if (rc != SQLITE_DONE) {
        for (size_t i = 0; i < *n; i++)
            store_key_clear(&(*out)[i]);
        free(*out);
        *out = NULL;
        *n = 0;
        return EINV_ERR;
    }
    return EINV_OK;
}

static int sq_key_revoke(einv_store_t *base, const char *account_id, const char *key_id)
{
    sq_store_t *s = (sq_store_t *)base;
    char now[32];
    store_now(now);
    int changed;
    sqlite3 *db = sq_acquire(s);
    /* COALESCE keeps the first revocation time when revoked again */
    int rc = sq_write(s, db, &changed, "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?)"
                      " WHERE id = ? AND (? IS NULL OR account_id = ?)", "ssss", now, key_id,
                      account_id, account_id);
    sq_release(s, db);
    if (rc != SQLITE_DONE)
        return EINV_ERR;
    return changed ? EINV_OK : EINV_ERR_NOTFOUND;
}

static int sq_key_touch(einv_store_t *base, const char *key_id)
{
    sq_store_t *s = (sq_store_t *)base;
    char now[32];
    store_now(now);
    int changed;
    sqlite3 *db = sq_acquire(s);
    int rc = sq_write(s, db, &changed, "UPDATE api_keys SET last_used_at = ? WHERE id = ?", "ss",
                      now, key_id);
    sq_release(s, db);
    if (rc != SQLITE_DONE)
        return EINV_ERR;
    return changed ? EINV_OK : EINV_ERR_NOTFOUND;
}

/* ---------------------------------------------------------------- mappings */

static int sq_mappings_get(einv_store_t *base, const char *account_id, char **json)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int slot;
    sqlite3_stmt *st = sq_prep_cached(db, &slot, "SELECT document FROM account_mappings"
                                      " WHERE account_id = ?", "s", account_id);
    int rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_ROW) {
        *json = sq_coldup(st, 0);
        if (!*json)
            rc = SQLITE_NOMEM;
    }
    sq_stmt_put(st, slot);
    sq_release(s, db);
    return rc == SQLITE_ROW ? EINV_OK : rc == SQLITE_DONE ? EINV_ERR_NOTFOUND : EINV_ERR;
}

static int sq_mappings_put(einv_store_t *base, const char *account_id, const char *json)
{
    sq_store_t *s = (sq_store_t *)base;
    char now[32];
    store_now(now);
    sqlite3 *db = sq_acquire(s);
    int rc = sq_write(s, db, NULL, "INSERT INTO account_mappings (account_id, document, updated_at)"
                         " VALUES (?, ?, ?) ON CONFLICT (account_id) DO UPDATE SET"
                         " document = excluded.document, updated_at = excluded.updated_at",
                     "sss", account_id, json, now);
    sq_release(s, db);
    if ((rc & 0xff) == SQLITE_CONSTRAINT)
        return EINV_ERR_NOTFOUND;   /* no such account */
    return rc == SQLITE_DONE ? EINV_OK : EINV_ERR;
}

static int sq_job_wait(einv_store_t *base, int timeout_ms)
{
    return store_waker_wait(&base->waker, timeout_ms);
}

static const store_ops_t sq_ops = {
    .kind = "sqlite",
    .close = sq_close,
    .ping = sq_ping,
    .account_create = sq_account_create,
    .account_by_id = sq_account_by_id,
    .account_by_email = sq_account_by_email,
    .account_for_subject = sq_account_for_subject,
    .account_bind_subject = sq_account_bind_subject,
    .account_set_flag = sq_account_set_flag,
    .usage = sq_usage,
    .key_create = sq_key_create,
    .key_by_hash = sq_key_by_hash,
    .key_auth = sq_key_auth,
    .key_list = sq_key_list,
    .key_revoke = sq_key_revoke,
    .key_touch = sq_key_touch,
    .submit = sq_submit,
    .invoice_get = sq_invoice_get,
    .invoice_payload = sq_invoice_payload,
    .invoice_list = sq_invoice_list,
    .count_invoices = sq_count_invoices,
    .job_claim = sq_job_claim,
    .jobs_recover = sq_jobs_recover,
    .jobs_renew = sq_jobs_renew,
    .job_complete = sq_job_complete,
    .job_complete_async = sq_job_complete_async,
    .job_count = sq_job_count,
    .job_wait = sq_job_wait,
    .mappings_get = sq_mappings_get,
    .mappings_put = sq_mappings_put,
};

/* Open PATH (its directory is created when missing), fill the pool, apply migrations.
 * (transfer full: store_close) */
einv_store_t *store_sqlite_open(const char *path, int pool_size, einv_error_t *err)
{
    if (!path || !*path || strcmp(path, ":memory:") == 0 || strncmp(path, "file:", 5) == 0) {
        einv_error_set(err, EINV_ERR_USAGE, "sqlite: needs a file path", path ? path : "",
                       "Use sqlite:var/einvoice.db or sqlite:/absolute/path.db");
        return NULL;
    }
    if (make_parent_dirs(path, err) != EINV_OK)
        return NULL;
    sq_store_t *s = calloc(1, sizeof *s);
    if (!s) {
        einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
        return NULL;
    }
    s->base.ops = &sq_ops;
    store_waker_init(&s->base.waker);
    pthread_mutex_init(&s->pool_mu, NULL);
    pthread_cond_init(&s->pool_cond, NULL);
    pthread_mutex_init(&s->write_mu, NULL);
    pthread_mutex_init(&s->group_mu, NULL);
    pthread_cond_init(&s->group_cond, NULL);
    pthread_cond_init(&s->group_work, NULL);
    s->path = strdup(path);
    s->conns = calloc((size_t)pool_size, sizeof *s->conns);
    s->busy = calloc((size_t)pool_size, 1);
    if (!s->path || !s->conns || !s->busy) {
        einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
        sq_close(&s->base);
        return NULL;
    }
    /* the first connection creates the file and runs the migrations before the others */
    s->conns[0] = open_conn(path, err);
    s->n = s->conns[0] ? 1 : 0;
    if (!s->conns[0] || migrate(s, s->conns[0], err) != EINV_OK) {
        sq_close(&s->base);
        return NULL;
    }
    for (int i = 1; i < pool_size; i++) {
        s->conns[i] = open_conn(path, err);
        if (!s->conns[i]) {
            sq_close(&s->base);
            return NULL;
        }
        s->n = i + 1;
    }
    if (!(s->group_db = open_conn(path, err))) {
        sq_close(&s->base);
        return NULL;
    }
    /* the writes of a group touch index pages all over (random UUIDs): keep them cached;
     * statement journals (a statement's or a savepoint's undo copies of the pages it
     * touches) in memory: spilled to a temporary file they cost a 4 KiB write per page
     * touched, more than the WAL itself. A write touches a bounded set of existing pages
     * (new pages, such as a large payload's, are not journaled), so this stays small. */
    sqlite3_exec(s->group_db, "PRAGMA cache_size=-16384; PRAGMA temp_store=MEMORY", NULL, NULL, NULL);
    /* checkpoints once a group's callers are answered, mostly on the checkpointer's own
     * connection (store_sqlite_checkpoint.c), not inside the COMMIT the callers wait for */
    sqlite3_wal_hook(s->group_db, sq_group_wal_hook, s);
    /* the checkpointer's connection: without it the committer checkpoints itself */
    einv_error_t ckpt_err = {0};
    s->ckpt_db = open_conn(path, &ckpt_err);
    if (!s->ckpt_db)
        store_log("sqlite: no checkpointer connection (%s); the committer checkpoints", ckpt_err.message);
    sq_checkpointer_start(s);
    return &s->base;
}
