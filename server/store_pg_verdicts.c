/* Verdicts in batches on PostgreSQL (store_job_complete_async): workers queue their verdicts
 * and go on validating; one batcher thread (started with the first verdict) stores what is
 * queued, up to PG_BATCH_MAX at a time, in one transaction on a pooled connection: ONE
 * statement for the whole batch (every job's fenced DELETE and its invoice's UPDATE, from
 * arrays), plus the webhook deliveries of the verdicts whose account has webhooks, and one
 * commit for them all, instead of a statement and a commit (and a wait for the disk) per
 * verdict.
 *
 * The batch commits with synchronous_commit off: a verdict is not waited for by any client
 * (nothing is answered on it), and one lost to a crash of PostgreSQL itself is lost with its
 * job's removal, so the job runs again (as a verdict group on SQLite with synchronous=NORMAL).
 * A batch that fails as a whole (connection lost twice, a statement error) answers every
 * verdict with EINV_ERR: their jobs stay leased and run again when the lease runs out. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "store_pg_int.h"
#include "store_webhooks_int.h"

#define PG_BATCH_MAX 64
#define PG_QUEUED_MAX 1024      /* queued verdicts (each holds its JSON): bounded memory */
#define PG_QUEUED_MAX_BYTES (64u << 20)

typedef struct pg_verdict {
    complete_args_t a;
    store_verdict_copy_t v;
    store_done_fn done;
    void *arg;
    int rc;
    size_t bytes;
    struct pg_verdict *next;
} pg_verdict_t;

struct pg_verdicts {
    pg_batcher_t b;             /* first: lock, wake-up, thread */
    pthread_cond_t room;
    pg_verdict_t *head, *tail;
    int n;
    size_t bytes;
};

static void verdict_free(pg_verdict_t *v)
{
    store_verdict_copy_free(&v->v);
    free(v);
}

/* the texts arrays (from V_CANONICAL on) are binary text[]: JSON is sent as it is */
enum { V_JOB, V_INVOICE, V_ATTEMPTS, V_STATUS, V_API_FORMAT, V_NUMBER, V_ERRORS, V_WARNINGS,
       V_CANONICAL, V_RESULT, V_EXTRACTION, N_VARRAYS };

/* Every verdict of a batch in ONE statement: each job's fenced DELETE (its claim still
 * current) and its invoice's UPDATE from the row it removed (as store_job_complete does for
 * one); a verdict whose claim is gone matches no job and writes nothing. The rows returned
 * are the verdicts stored, with whether their account has webhooks (then their deliveries
 * are written in the same transaction). The jobs are found by their ids in the primary key
 * (= ANY): a join with the unnested rows was planned as a scan of the whole jobs table,
 * dead rows of the jobs completed since the last vacuum included. */
static const char BATCH_SQL[] =
    "WITH v AS (SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::int[], $4::text[], $5::text[],"
    " $6::text[], $7::int[], $8::int[], $9::text[], $10::text[], $11::text[]) AS v(job_id, invoice_id,"
    " attempts, status, api_format, number, errors, warnings, canonical, result, extraction)),"
    " d AS (DELETE FROM jobs j WHERE j.id = ANY ($1::bigint[]) AND (j.id, j.invoice_id, j.attempts)"
    " IN (SELECT job_id, invoice_id, attempts FROM v) RETURNING j.id, j.worker, j.attempts)"
    " UPDATE invoices i SET status = v.status, invoice_format = COALESCE(v.api_format, i.invoice_format),"
    " invoice_number = v.number, canonical_json = v.canonical, result_json = v.result,"
    " extraction_json = v.extraction,"
    " valid = v.status = 'validated', error_count = v.errors, warning_count = v.warnings,"
    " completed_at = now(), attempts = d.attempts, completed_by = d.worker"
    " FROM v JOIN d ON d.id = v.job_id AND d.attempts = v.attempts WHERE i.id = v.invoice_id"
    " RETURNING v.job_id, v.attempts, i.id, EXISTS (SELECT 1 FROM webhooks w"
    " WHERE w.account_id = i.account_id)";

/* The batch's statement; v->rc of each verdict: EINV_OK stored, EINV_ERR_NOTFOUND claim gone. */
static int batch_stmt(PGconn *c, pg_verdict_t *first)
{
    pg_arr_t a[N_VARRAYS];
    pg_verdict_t *v;
    int n = 0, k, ok = 1, rc = EINV_ERR;
    for (v = first; v; v = v->next)
        n++;
    for (k = 0; k < V_CANONICAL; k++)
        pg_arr_open(&a[k]);
    for (k = V_CANONICAL; k < N_VARRAYS; k++)
        pg_arr_bin_open(&a[k], n);
    for (v = first; v; v = v->next) {
        const store_verdict_t *d = &v->a.v;
        pg_arr_int(&a[V_JOB], v->a.job_id);
        pg_arr_text(&a[V_INVOICE], d->invoice_id);
        pg_arr_int(&a[V_ATTEMPTS], v->a.attempts);
        pg_arr_text(&a[V_STATUS], d->status);
        pg_arr_text(&a[V_API_FORMAT], d->api_format);
        pg_arr_text(&a[V_NUMBER], d->invoice_number);
        pg_arr_int(&a[V_ERRORS], d->error_count);
        pg_arr_int(&a[V_WARNINGS], d->warning_count);
        pg_arr_bin_text(&a[V_CANONICAL], d->canonical_json);
        pg_arr_bin_text(&a[V_RESULT], d->result_json);
        pg_arr_bin_text(&a[V_EXTRACTION], d->extraction_json);
        v->rc = EINV_ERR_NOTFOUND;
    }
    for (k = 0; k < V_CANONICAL; k++)
        ok = pg_arr_close(&a[k]) && ok;
    for (k = V_CANONICAL; k < N_VARRAYS; k++)
        ok = ok && a[k].ok;
    if (ok) {
        const char *vals[N_VARRAYS];
        int lens[N_VARRAYS] = {0}, fmts[N_VARRAYS] = {0};
        for (k = 0; k < N_VARRAYS; k++)
            vals[k] = a[k].p;
        for (k = V_CANONICAL; k < N_VARRAYS; k++) {
            lens[k] = (int)a[k].n;
            fmts[k] = 1;
        }
        PGresult *r = pg_exec_cached(c, BATCH_SQL, N_VARRAYS, vals, lens, fmts, 0);
        if (pg_ok(r)) {
            rc = EINV_OK;
            for (int row = 0; rc == EINV_OK && row < PQntuples(r); row++) {
                long long job = pg_ll(r, row, 0, 0), attempts = pg_ll(r, row, 1, 0);
                for (v = first; v; v = v->next)
                    if (v->a.job_id == job && v->a.attempts == attempts)
                        break;
                if (!v)
                    continue;
                v->rc = EINV_OK;
                if (pg_bool(r, row, 3) && pg_webhooks_emit(c, v->a.v.invoice_id) != EINV_OK)
                    rc = EINV_ERR;
            }
        } else if (PQstatus(c) == CONNECTION_OK) {
            store_log("postgresql verdict batch of %d failed: %s", n, PQerrorMessage(c));
        }
        PQclear(r);
    }
    for (k = 0; k < N_VARRAYS; k++)
        free(a[k].p);
    return rc;
}

/* One batch in one transaction; each verdict's own outcome in v->rc. */
static int batch_on(PGconn *c, pg_verdict_t *first)
{
    if (pg_cmd(c, "BEGIN") != EINV_OK)
        return EINV_ERR;
    int rc = pg_cmd(c, "SET LOCAL synchronous_commit TO off");
    if (rc == EINV_OK)
        rc = batch_stmt(c, first);
    if (rc == EINV_OK)
        return pg_cmd(c, "COMMIT");
    if (PQstatus(c) == CONNECTION_OK)
        pg_cmd(c, "ROLLBACK");
    return EINV_ERR;
}

static void *batcher(void *p)
{
    pg_store_t *s = p;
    struct pg_verdicts *q = (struct pg_verdicts *)s->verdicts;
    pthread_mutex_lock(&q->b.mu);
    for (;;) {
        while (!q->head && !q->b.stop)
            pthread_cond_wait(&q->b.work, &q->b.mu);
        if (!q->head)
            break;
        pg_verdict_t *first = q->head, *last = first, *v, *next;
        int n = 1, rc;
        size_t bytes = 0;
        while (last->next && n < PG_BATCH_MAX) {
            last = last->next;
            n++;
        }
        q->head = last->next;
        if (!q->head)
            q->tail = NULL;
        last->next = NULL;
        pthread_mutex_unlock(&q->b.mu);
        PG_CALL(s, rc, c, batch_on(c, first));
        for (v = first; v; v = next) {
            next = v->next;
            bytes += v->bytes;
            v->done(rc == EINV_OK ? v->rc : EINV_ERR, v->arg);
            verdict_free(v);
        }
        pthread_mutex_lock(&q->b.mu);
        q->n -= n;
        q->bytes -= bytes;
        pthread_cond_broadcast(&q->room);
    }
    pthread_mutex_unlock(&q->b.mu);
    return NULL;
}

static void room_init(pg_batcher_t *b)
{
    pthread_cond_init(&((struct pg_verdicts *)b)->room, NULL);
}

static void room_fini(pg_batcher_t *b)
{
    pthread_cond_destroy(&((struct pg_verdicts *)b)->room);
}

/* The batcher of s, started on first use; NULL when it cannot run (then verdicts are
 * stored one by one, waiting). */
static struct pg_verdicts *batcher_of(pg_store_t *s)
{
    return (struct pg_verdicts *)pg_batcher_start(&s->verdicts, sizeof(struct pg_verdicts),
                                                  room_init, batcher, s);
}

/* See store_pg_int.h. */
int pg_job_complete_async(einv_store_t *base, long long job_id, int attempts, const store_verdict_t *d,
                          store_done_fn done, void *arg)
{
    pg_store_t *s = (pg_store_t *)base;
    struct pg_verdicts *q = batcher_of(s);
    pg_verdict_t *v = q ? calloc(1, sizeof *v) : NULL;
    if (!v || store_verdict_copy(&v->v, d) != 0) {
        /* no batcher or no memory for the copies: store it now, waiting */
        free(v);
        done(pg_job_complete(base, job_id, attempts, d), arg);
        return EINV_OK;
    }
    v->a = (complete_args_t){job_id, attempts, v->v.v};
    v->done = done;
    v->arg = arg;
    v->bytes = v->v.bytes;
    pthread_mutex_lock(&q->b.mu);
    while (q->n > 0 && (q->n >= PG_QUEUED_MAX || q->bytes + v->bytes > PG_QUEUED_MAX_BYTES) && !q->b.stop)
        pthread_cond_wait(&q->room, &q->b.mu);
    q->n++;
    q->bytes += v->bytes;
    if (q->tail)
        q->tail->next = v;
    else
        q->head = v;
    q->tail = v;
    pthread_cond_signal(&q->b.work);
    pthread_mutex_unlock(&q->b.mu);
    return EINV_OK;
}

/* See store_pg_int.h. */
void pg_verdicts_stop(pg_store_t *s)
{
    pg_batcher_stop(&s->verdicts, room_fini);
}
