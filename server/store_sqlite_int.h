/* Internals of the SQLite store, shared by store_sqlite.c (pool, migrations, accounts, keys,
 * mappings) and store_sqlite_invoices.c (submit, invoices, jobs). */
#ifndef EINV_STORE_SQLITE_INT_H
#define EINV_STORE_SQLITE_INT_H

#include <sqlite3.h>
#include "store_int.h"

typedef struct sq_store {
    struct einv_store base;     /* first: the vtable and the job wake-up signal */
    char *path;
    int n;                      /* pool size */
    sqlite3 **conns;
    unsigned char *busy;
    pthread_mutex_t pool_mu;
    pthread_cond_t pool_cond;
    /* One writer at a time in this process: SQLite allows one anyway, and taking turns on a
     * mutex is fairer and faster than every thread sleeping in the busy handler. Other
     * processes (admin commands) are waited for by busy_timeout. */
    pthread_mutex_t write_mu;
    /* group commit (store_sqlite_group.c): queued writes and whether a leader commits */
    pthread_mutex_t group_mu;
    pthread_cond_t group_cond;
    struct sq_gop *group_head, *group_tail;
    int group_leader;
    /* the group leader's own connection (one leader at a time): its page cache stays warm,
     * whereas a pooled connection's cache is emptied whenever another one has committed */
    sqlite3 *group_db;
    /* the committer thread (started on the first group write) runs the groups; writes of
     * callers that do not wait (sq_group_write_async) are bounded by group_async_n */
    pthread_t group_thread;
    int group_started, group_stop, group_async_n;
    size_t group_async_bytes;
    pthread_cond_t group_work;
    int group_wal_frames;       /* the WAL's frames after the committer's last commit */
    /* the checkpointer (store_sqlite_checkpoint.c): its thread, its own connection, whether
     * the committer asked for a pass (ckpt_due) and at how many frames it last asked */
    sqlite3 *ckpt_db;
    pthread_t ckpt_thread;
    pthread_mutex_t ckpt_mu;
    pthread_cond_t ckpt_cond;
    int ckpt_init, ckpt_started, ckpt_stop, ckpt_due, ckpt_asked_at;
} sq_store_t;

/* One write of a group: runs inside the group's transaction (and its own savepoint) on db;
 * returns EINV_OK to keep what it wrote, anything else to have it undone. */
typedef int (*sq_group_fn)(sqlite3 *db, void *arg);
/* Run fn(db, arg) in the next group commit and wait for that commit: fn's result, or
 * EINV_ERR when the group's transaction failed (nothing of it written). durable: the
 * commit must reach the disk before this returns (synchronous=FULL; submits), else a
 * group of such writes only commits with synchronous=NORMAL (verdicts). */
int sq_group_write(sq_store_t *s, sq_group_fn fn, void *arg, int durable);
/* Queue fn(db, arg) for the next group commit without waiting for it (never durable: a
 * verdict); after(rc, arg) runs on the committer thread once that commit is over (rc as
 * sq_group_write returns it) and must release arg. bytes: what arg holds. When SQ_ASYNC_MAX
 * writes (or SQ_ASYNC_MAX_BYTES) are queued
 * already, waits for room first (memory stays bounded). */
void sq_group_write_async(sq_store_t *s, sq_group_fn fn, void *arg, size_t bytes,
                          void (*after)(int rc, void *arg));
/* The WAL hook of the committer's connection (sqlite3_wal_hook): notes the WAL's size after
 * each commit, for sq_checkpoint_due once the group's callers are answered. Replaces SQLite's
 * automatic checkpoint on that connection, which ran inside the COMMIT they waited for. */
int sq_group_wal_hook(void *s, sqlite3 *db, const char *name, int frames);
/* WAL checkpoints (store_sqlite_checkpoint.c): start the checkpointer thread on s->ckpt_db
 * (opened by the caller; NULL or a failed thread: the committer checkpoints itself), stop it
 * (sq_close, after the committer), and what the committer calls after each group: asks the
 * checkpointer for a pass as the WAL grows, checkpoints itself past a hard bound. */
void sq_checkpointer_start(sq_store_t *s);
void sq_checkpointer_stop(sq_store_t *s);
void sq_checkpoint_due(sq_store_t *s);
/* Stop the committer thread once the queue is empty (sq_close). */
void sq_group_stop(sq_store_t *s);

/* Borrow a connection from the pool (blocks while all are in use) / give it back. */
sqlite3 *sq_acquire(sq_store_t *s);
void sq_release(sq_store_t *s, sqlite3 *db);

/* Statement cache (store_sqlite_stmt.c): a prepared statement of db for sql, reset and
 * unbound, and *slot for sq_stmt_put (-1: not cached, put finalizes it); NULL when sql does
 * not prepare. sq_stmt_drop finalizes db's cached statements (before sqlite3_close). */
sqlite3_stmt *sq_stmt_get(sqlite3 *db, const char *sql, int *slot);
void sq_stmt_put(sqlite3_stmt *st, int slot);
void sq_stmt_drop(sqlite3 *db);

/* Prepare sql and bind arguments described by types, one letter per parameter:
 *   s  const char *      (NULL binds NULL)
 *   i  int
 *   l  long long
 *   L  long long         (negative binds NULL: "no limit")
 *   b  const void *, size_t   (blob; NULL binds an empty blob)
 * Returns the statement or NULL (error logged). */
sqlite3_stmt *sq_prep(sqlite3 *db, const char *sql, const char *types, ...);
/* sq_prep from the statement cache (store_sqlite_stmt.c) for statements run on every
 * request or job: give it back with sq_stmt_put(st, *slot), never sqlite3_finalize. */
sqlite3_stmt *sq_prep_cached(sqlite3 *db, int *slot, const char *sql, const char *types, ...);
/* Prepare (from the statement cache), bind, step to the end; returns the final sqlite3 result
 * code (SQLITE_DONE on success) so callers can tell constraint violations apart. */
int sq_exec(sqlite3 *db, const char *sql, const char *types, ...);
/* One statement in its own write transaction (BEGIN IMMEDIATE under the write mutex, so a
 * stale WAL snapshot can never make it fail with SQLITE_BUSY_SNAPSHOT). Returns the step's
 * result code (SQLITE_DONE on success); *changes (may be NULL) gets the rows changed. */
int sq_write(sq_store_t *s, sqlite3 *db, int *changes, const char *sql, const char *types, ...);
/* One integer from a one-row query, or def when there is no row. EINV_OK / EINV_ERR. */
int sq_scalar(sqlite3 *db, long long *out, long long def, const char *sql, const char *types, ...);

/* Write transactions: take the process write mutex, then BEGIN IMMEDIATE. */
int sq_begin(sq_store_t *s, sqlite3 *db);
int sq_commit(sq_store_t *s, sqlite3 *db);
void sq_rollback(sq_store_t *s, sqlite3 *db);

/* Column helpers */
char *sq_coldup(sqlite3_stmt *st, int col);
void sq_colcpy(sqlite3_stmt *st, int col, char *dst, size_t cap);

/* Backend functions implemented in store_sqlite_invoices.c */
int sq_submit(einv_store_t *s, const store_submit_t *in, char out_id[37],
              store_quota_state_t *q, einv_error_t *err);
int sq_usage_read(sqlite3 *db, const char *account_id, const char *key_id, const char *period,
                  long long *account_used, long long *key_used);
int sq_invoice_get(einv_store_t *s, const char *id, const char *account_id,
                   store_invoice_t *out);
int sq_invoice_payload(einv_store_t *s, const char *id, void **data, size_t *len,
                       char **content_type);
int sq_invoice_list(einv_store_t *s, const char *account_id, const store_list_filter_t *f,
                    long long page, long long size, const char *sort_column, int desc,
                    store_page_t *out);
int sq_count_invoices(einv_store_t *s, const char *account_id, long long *n);
int sq_job_claim(einv_store_t *s, const char *worker, int lease_seconds, store_job_t *out);
int sq_jobs_renew(einv_store_t *s, const store_lease_t *leases, size_t n, int lease_seconds,
                  unsigned char *held);
int sq_job_complete(einv_store_t *s, long long job_id, int attempts, const store_verdict_t *v);
int sq_job_complete_async(einv_store_t *s, long long job_id, int attempts, const store_verdict_t *v,
                          store_done_fn done, void *arg);
int sq_job_count(einv_store_t *s, long long *n);
int sq_jobs_recover(einv_store_t *s);
#endif
