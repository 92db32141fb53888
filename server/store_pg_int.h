/* Internals of the PostgreSQL store, shared by store_pg.c (pool, reconnect, migrations,
 * LISTEN thread, accounts, keys, mappings) and store_pg_invoices.c (submit, invoices, jobs). */
#ifndef EINV_STORE_PG_INT_H
#define EINV_STORE_PG_INT_H

#include <libpq-fe.h>
#include <pthread.h>
#include "store_int.h"

#define PG_NOTIFY_CHANNEL "einv_jobs"

/* The queue lock, the wake-up and the thread of a batcher (store_pg_batcher.c); the first
 * member of each batcher's own state. */
typedef struct pg_batcher {
    pthread_mutex_t mu;
    pthread_cond_t work;
    int stop;
    pthread_t thread;
} pg_batcher_t;

typedef struct pg_store {
    struct einv_store base;     /* first: the vtable and the job wake-up signal */
    char *url;
    int n;                      /* pool size; connections are opened on first use */
    PGconn **conns;
    unsigned char *busy;
    pthread_mutex_t pool_mu;
    pthread_cond_t pool_cond;
    /* LISTEN connection, owned by a thread started on the first store_job_wait */
    pthread_mutex_t lis_mu;
    int lis_started;
    pthread_t lis_thread;
    int lis_pipe[2];            /* written to by store_close to stop the thread */
    pg_batcher_t *verdicts;         /* the verdict batcher (store_pg_verdicts.c), or NULL */
    pg_batcher_t *submits;          /* the submit batcher (store_pg_submits.c), or NULL */
} pg_store_t;

/* A verdict to store (store_job_complete's arguments). */
typedef struct complete_args {
    long long job_id;
    int attempts;
    store_verdict_t v;
} complete_args_t;
/* Run sql with parameters as a statement prepared once per connection (store_pg_stmt.c),
 * else unprepared; the result as PQexecParams gives it. pg_stmt_forget drops c's entries
 * (before PQfinish: a later connection may get the same address). */
PGresult *pg_exec_cached(PGconn *c, const char *sql, int n, const char *const *vals,
                         const int *lens, const int *fmts, int binary_result);
void pg_stmt_forget(const PGconn *c);
/* store_job_complete_async on PostgreSQL (store_pg_verdicts.c), and the batcher's stop
 * (pg_close: the queued verdicts are stored first). */
int pg_job_complete_async(einv_store_t *s, long long job_id, int attempts, const store_verdict_t *v,
                          store_done_fn done, void *arg);
void pg_verdicts_stop(pg_store_t *s);

/* A counted submit (store.h's store_submit_t, not a sandbox) with the submits queued
 * meanwhile, in one transaction (store_pg_submits.c; without limits one statement); alone: as
 * before, on its own. EINV_OK (job id and counters set), STORE_QUOTA (counters set),
 * EINV_ERR_NOTFOUND (no such account or key) or EINV_ERR. pg_submits_stop (pg_close) stores
 * what is queued first. */
int pg_submit_batched(pg_store_t *s, const store_submit_t *in, const char *id,
                      store_quota_state_t *q);
int pg_submit_alone(einv_store_t *s, const store_submit_t *in, const char *id,
                    store_quota_state_t *q);
void pg_submits_stop(pg_store_t *s);

/* Array parameters of the batch statements (store_pg_arrays.c). A text literal: pg_arr_open,
 * then one pg_arr_text (NULL sends NULL) or pg_arr_int per element, then pg_arr_close; a
 * binary text[] (format 1, length b.n): pg_arr_bin_open with the element count, then
 * pg_arr_bin_text per element. b.ok is 0 once memory ran out; free(b.p) afterwards. */
typedef struct pg_arr {
    char *p;
    size_t n, cap;
    int ok, items;
} pg_arr_t;
void pg_arr_open(pg_arr_t *b);
void pg_arr_text(pg_arr_t *b, const char *s);
void pg_arr_int(pg_arr_t *b, long long v);
int pg_arr_close(pg_arr_t *b);
void pg_arr_bin_open(pg_arr_t *b, int n);
void pg_arr_bin_text(pg_arr_t *b, const char *s);
void pg_arr_put(pg_arr_t *b, const void *s, size_t n);

/* Start run(arg) as *slot's thread unless it runs already: a zeroed object of size bytes
 * (its first member the pg_batcher_t), init (may be NULL) called on it first; *slot (NULL when
 * it cannot start). pg_batcher_stop: stop flag, wake-up, join, fini (may be NULL), free. */
pg_batcher_t *pg_batcher_start(pg_batcher_t **slot, size_t size, void (*init)(pg_batcher_t *),
                               void *(*run)(void *), void *arg);
void pg_batcher_stop(pg_batcher_t **slot, void (*fini)(pg_batcher_t *));

/* Borrow a connected connection (blocks while all are in use; (re)connects as needed).
 * NULL when the database cannot be reached. Give it back with pg_release. */
PGconn *pg_acquire(pg_store_t *s);
void pg_release(pg_store_t *s, PGconn *c);
/* After a failed operation: when the connection is broken (the server restarted or dropped
 * it), reset it; 1 when the operation should be retried on the fresh connection. */
int pg_reconnect(PGconn *c);

/* Run expr (an int-valued call using the connection named conn) on a pooled connection;
 * when it fails with EINV_ERR because the connection broke (server restart, dropped
 * backend), reconnect and run it once more. expr must leave no transaction open. */
#define PG_CALL(s, rc, conn, expr)                                                            \
    do {                                                                                      \
        PGconn *conn = pg_acquire(s);                                                         \
        if (!conn) {                                                                          \
            (rc) = EINV_ERR;                                                                  \
            break;                                                                            \
        }                                                                                     \
        (rc) = (expr);                                                                        \
        if ((rc) == EINV_ERR && pg_reconnect(conn))                                           \
            (rc) = (expr);                                                                    \
        pg_release(s, conn);                                                                  \
    } while (0)

/* Run a statement with parameters described by types, one letter per parameter:
 *   s  const char *          text (NULL sends NULL)
 *   i  int                   l  long long      L  long long, negative sends NULL
 *   B  int                   boolean
 *   b  const void *, size_t  binary (bytea)
 * binary_result asks for binary result columns (used for bytea reads only).
 * Returns the result (caller PQclear), or NULL when out of memory; check with pg_ok. */
PGresult *pg_x(PGconn *c, int binary_result, const char *sql, const char *types, ...);
/* 1 when r is a successful command or query result. */
int pg_ok(const PGresult *r);
/* SQLSTATE of a failed result ("" when none), e.g. "23505" unique, "23503" foreign key. */
const char *pg_state(const PGresult *r);
/* Run a parameterless command; EINV_OK or EINV_ERR (logged). */
int pg_cmd(PGconn *c, const char *sql);
/* Row count of an UPDATE/DELETE/INSERT result. */
long long pg_affected(PGresult *r);
/* Column helpers (text results) */
char *pg_dup(const PGresult *r, int row, int col);          /* NULL for SQL NULL */
void pg_cpy(const PGresult *r, int row, int col, char *dst, size_t cap);
long long pg_ll(const PGresult *r, int row, int col, long long null_value);
int pg_bool(const PGresult *r, int row, int col);

/* Backend functions implemented in store_pg_invoices.c */
int pg_submit(einv_store_t *s, const store_submit_t *in, char out_id[37],
              store_quota_state_t *q, einv_error_t *err);
int pg_usage_read(PGconn *c, const char *account_id, const char *key_id, const char *period,
                  long long *account_used, long long *key_used);
int pg_invoice_get(einv_store_t *s, const char *id, const char *account_id,
                   store_invoice_t *out);
int pg_invoice_payload(einv_store_t *s, const char *id, void **data, size_t *len,
                       char **content_type);
int pg_invoice_list(einv_store_t *s, const char *account_id, const store_list_filter_t *f,
                    long long page, long long size, const char *sort_column, int desc,
                    store_page_t *out);
int pg_count_invoices(einv_store_t *s, const char *account_id, long long *n);
int pg_job_claim(einv_store_t *s, const char *worker, int lease_seconds, store_job_t *out);
int pg_jobs_claim(einv_store_t *s, const char *worker, int lease_seconds, int max,
                  store_job_t *out, size_t *n);
int pg_jobs_renew(einv_store_t *s, const store_lease_t *leases, size_t n, int lease_seconds,
                  unsigned char *held);
int pg_job_complete(einv_store_t *s, long long job_id, int attempts, const store_verdict_t *v);
int pg_job_count(einv_store_t *s, long long *n);
#endif
