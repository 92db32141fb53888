/* Internals of the store (server/store.h): the vtable each backend fills, the embedded
 * schema migrations, the in-process job wake-up signal and small helpers shared by
 * store.c, store_sqlite.c and store_pg*.c. Not for use outside server/store*.c and tests. */
#ifndef EINV_STORE_INT_H
#define EINV_STORE_INT_H

#include <pthread.h>
#include "store.h"

/* One backend. store.c checks and normalises the arguments (non-NULL store and out
 * pointers, well-formed lower-case UUIDs) before calling these, so backends may rely on
 * them. Return conventions are those of store.h. */
typedef struct store_ops {
    const char *kind;
    void (*close)(einv_store_t *s);
    int (*ping)(einv_store_t *s);

    int (*account_create)(einv_store_t *s, const char *email, int pro, int super_admin,
                          const char *subject, store_account_t *out, einv_error_t *err);
    int (*account_by_id)(einv_store_t *s, const char *id, store_account_t *out);
    int (*account_by_email)(einv_store_t *s, const char *email, store_account_t *out);
    int (*account_for_subject)(einv_store_t *s, const char *subject, const char *email,
                               store_account_t *out, einv_error_t *err);
    int (*account_bind_subject)(einv_store_t *s, const char *email, const char *subject,
                                store_account_t *out, einv_error_t *err);
    int (*account_set_flag)(einv_store_t *s, const char *id, const char *column, int value);
    int (*usage)(einv_store_t *s, const char *account_id, const char *key_id,
                 const char *period, long long *account_used, long long *key_used);

    int (*key_create)(einv_store_t *s, const char *account_id, const char *name, int sandbox,
                      long long quota_limit, const char *hash_hex, const char *prefix,
                      const char *last_four, store_key_t *out, einv_error_t *err);
    int (*key_by_hash)(einv_store_t *s, const char *hash_hex, store_key_t *out);
    int (*key_auth)(einv_store_t *s, const char *hash_hex, store_key_t *key, store_account_t *account);
    int (*key_list)(einv_store_t *s, const char *account_id, store_key_t **out, size_t *n);
    int (*key_revoke)(einv_store_t *s, const char *account_id, const char *key_id);
    int (*key_touch)(einv_store_t *s, const char *key_id);

    int (*submit)(einv_store_t *s, const store_submit_t *in, char out_id[37],
                  store_quota_state_t *q, einv_error_t *err);
    int (*invoice_get)(einv_store_t *s, const char *id, const char *account_id,
                       store_invoice_t *out);
    int (*invoice_payload)(einv_store_t *s, const char *id, void **data, size_t *len,
                           char **content_type);
    /* sort_column is already mapped to a column name from a fixed list; f never NULL */
    int (*invoice_list)(einv_store_t *s, const char *account_id, const store_list_filter_t *f,
                        long long page, long long size, const char *sort_column, int desc,
                        store_page_t *out);
    int (*count_invoices)(einv_store_t *s, const char *account_id, long long *n);

    int (*job_claim)(einv_store_t *s, const char *worker, int lease_seconds, store_job_t *out);
    int (*jobs_renew)(einv_store_t *s, const store_lease_t *leases, size_t n,
                      int lease_seconds, unsigned char *held);
    /* v is normalised: a UUID, a known status, api_format NULL or not empty, counts >= 0 */
    int (*job_complete)(einv_store_t *s, long long job_id, int attempts, const store_verdict_t *v);
    /* may be NULL: store.c then runs job_complete and calls done */
    int (*job_complete_async)(einv_store_t *s, long long job_id, int attempts, const store_verdict_t *v,
                              store_done_fn done, void *arg);
    int (*job_count)(einv_store_t *s, long long *n);
    int (*job_wait)(einv_store_t *s, int timeout_ms);

    int (*mappings_get)(einv_store_t *s, const char *account_id, char **json);
    int (*mappings_put)(einv_store_t *s, const char *account_id, const char *json);
    /* optional: claim up to max jobs at once (store_jobs_claim falls back to job_claim) */
    int (*jobs_claim)(einv_store_t *s, const char *worker, int lease_seconds, int max,
                      store_job_t *out, size_t *n);
    /* optional: release leases left by a previous run (single-process stores only) */
    int (*jobs_recover)(einv_store_t *s);
} store_ops_t;

/* Wake-up of job waiters: a generation counter under a mutex and a condition variable.
 * Each waiting thread remembers (thread-locally) the generation it last saw, so a signal
 * that arrives between a worker's empty claim and its wait is not lost. */
typedef struct store_waker {
    pthread_mutex_t mu;
    pthread_cond_t cond;        /* CLOCK_MONOTONIC */
    unsigned long long gen;
} store_waker_t;

/* The common head of every backend's store struct (first member). */
struct einv_store {
    const store_ops_t *ops;
    store_waker_t waker;
    long long count_at_ms, count_value;     /* store_job_count_recent (atomics) */
    int count_busy;                         /* a thread is counting (atomic) */
};

void store_waker_init(store_waker_t *w);
void store_waker_destroy(store_waker_t *w);
/* Wake every waiter (after a submit commits, or when a NOTIFY arrives). */
void store_waker_signal(store_waker_t *w);
/* Wait for a signal newer than the calling thread last saw, up to timeout_ms.
 * 1 when woken, 0 on timeout. */
int store_waker_wait(store_waker_t *w, int timeout_ms);

/* One versioned migration, embedded in the binary (store_migrations_*.c). The same text is
 * in server/migrations/<backend>/NNN_name.sql; test_store checks both agree. */
typedef struct store_migration {
    int version;
    const char *name;           /* file name, e.g. "001_init.sql" */
    const char *sql;
} store_migration_t;

extern const store_migration_t store_migrations_sqlite[];
extern const size_t store_migrations_sqlite_n;
extern const store_migration_t store_migrations_pg[];
extern const size_t store_migrations_pg_n;

/* Backends: open by the part of the URL after the scheme (sqlite) or the whole URL (pg). */
einv_store_t *store_sqlite_open(const char *path, int pool_size, einv_error_t *err);
einv_store_t *store_pg_open(const char *url, int pool_size, einv_error_t *err);

/* Milliseconds since the epoch (UTC wall clock). */
long long store_epoch_ms(void);
/* ISO 8601 UTC with milliseconds of an epoch-milliseconds time. */
void store_time_iso(long long epoch_ms, char out[32]);
/* SHA-256 of a string as 64 lower-case hex characters (migration checksums). */
void store_sha256_hex(const char *text, char out[65]);
/* Copy src (may be NULL -> "") into a fixed buffer, truncating. */
void store_copy(char *dst, size_t cap, const char *src);
/* strdup that keeps NULL (returns NULL also when out of memory). */
char *store_strdup(const char *src);
/* Summary of a final verdict given as JSON (sandbox submits): invoiceNumber of the canonical
 * JSON (malloc'd, or NULL), and valid / ERROR / WARNING counts of validationResult.errors.
 * Unparsable JSON counts as valid with no findings. */
void store_result_summary(const char *canonical_json, const char *result_json,
                          char **invoice_number, int *valid, int *errors, int *warnings);
/* The WHERE clause of an invoice listing (store_list.c): the account (NULL: all) and the
 * filters that are set, as SQL text with parameters in the backend's style (pg: $1, $2,
 * ... with casts; else ?) and their values as text, in order. */
typedef struct store_where {
    char sql[400];
    const char *vals[8];
    char times[2][32];          /* the ISO texts of the time bounds (vals point here) */
    int n;
} store_where_t;
void store_list_where(store_where_t *w, const char *account_id, const store_list_filter_t *f, int pg);
/* Append the keyset condition of f->after (when set) for the sort direction desc. */
void store_list_after(store_where_t *w, const store_list_filter_t *f, int desc, int pg);
/* Owned copies of a verdict's texts, for a store that keeps the verdict past the call
 * (store_job_complete_async): v is the verdict given, its texts pointing at the copies. */
typedef struct store_verdict_copy {
    store_verdict_t v;
    char invoice_id[37], status[24], api_format[24];
    char *invoice_number, *canonical_json, *result_json, *extraction_json;
    size_t bytes;               /* of the JSON texts (the stores bound what they queue) */
} store_verdict_copy_t;
/* Fill c from v: 0, or -1 out of memory (nothing left to free). */
int store_verdict_copy(store_verdict_copy_t *c, const store_verdict_t *v);
void store_verdict_copy_free(store_verdict_copy_t *c);
/* Log one line to stderr ("einvoiced: store: ..."); never pass secrets. */
void store_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
