/* Verdicts in batches on PostgreSQL (store_job_complete_async): workers queue their verdicts
 * and go on validating; one batcher thread (started with the first verdict) stores what is
 * queued, up to PG_BATCH_MAX at a time, in one transaction on a pooled connection: one
 * round trip per verdict (its fenced DELETE and UPDATE in one statement, plus its webhook
 * deliveries when the account has webhooks) and one commit for them all, instead of a commit
 * (and a wait for the disk) per verdict.
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
    pthread_mutex_t mu;
    pthread_cond_t work, room;
    pg_verdict_t *head, *tail;
    int n, stop;
    size_t bytes;
    pthread_t thread;
};

static void verdict_free(pg_verdict_t *v)
{
    store_verdict_copy_free(&v->v);
    free(v);
}

/* One batch in one transaction; each verdict's own outcome in v->rc. */
static int batch_on(PGconn *c, pg_verdict_t *first)
{
    pg_verdict_t *v;
    if (pg_cmd(c, "BEGIN") != EINV_OK)
        return EINV_ERR;
    int rc = pg_cmd(c, "SET LOCAL synchronous_commit TO off");
    for (v = first; rc == EINV_OK && v; v = v->next) {
        v->rc = pg_verdict_in_tx(c, &v->a);
        if (v->rc == EINV_ERR)
            rc = EINV_ERR;
    }
    if (rc == EINV_OK)
        return pg_cmd(c, "COMMIT");
    if (PQstatus(c) == CONNECTION_OK)
        pg_cmd(c, "ROLLBACK");
    return EINV_ERR;
}

static void *batcher(void *p)
{
    pg_store_t *s = p;
    struct pg_verdicts *q = s->verdicts;
    pthread_mutex_lock(&q->mu);
    for (;;) {
        while (!q->head && !q->stop)
            pthread_cond_wait(&q->work, &q->mu);
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
        pthread_mutex_unlock(&q->mu);
        PG_CALL(s, rc, c, batch_on(c, first));
        for (v = first; v; v = next) {
            next = v->next;
            bytes += v->bytes;
            v->done(rc == EINV_OK ? v->rc : EINV_ERR, v->arg);
            verdict_free(v);
        }
        pthread_mutex_lock(&q->mu);
        q->n -= n;
        q->bytes -= bytes;
        pthread_cond_broadcast(&q->room);
    }
    pthread_mutex_unlock(&q->mu);
    return NULL;
}

/* The batcher of s, started on first use; NULL when it cannot run (then verdicts are
 * stored one by one, waiting). */
static struct pg_verdicts *batcher_of(pg_store_t *s)
{
    static pthread_mutex_t start_mu = PTHREAD_MUTEX_INITIALIZER;
    struct pg_verdicts *q;
    pthread_mutex_lock(&start_mu);
    if (!s->verdicts && (q = calloc(1, sizeof *q)) != NULL) {
        pthread_mutex_init(&q->mu, NULL);
        pthread_cond_init(&q->work, NULL);
        pthread_cond_init(&q->room, NULL);
        s->verdicts = q;
        if (pthread_create(&q->thread, NULL, batcher, s) != 0) {
            s->verdicts = NULL;
            pthread_mutex_destroy(&q->mu);
            pthread_cond_destroy(&q->work);
            pthread_cond_destroy(&q->room);
            free(q);
        }
    }
    q = s->verdicts;
    pthread_mutex_unlock(&start_mu);
    return q;
}

/* See store_pg_int.h. */
int pg_job_complete_async(einv_store_t *base, long long job_id, int attempts, const char *invoice_id,
                          const char *status, const char *api_format, const char *invoice_number,
                          const char *canonical_json, const char *result_json, int error_count,
                          int warning_count, store_done_fn done, void *arg)
{
    pg_store_t *s = (pg_store_t *)base;
    struct pg_verdicts *q = batcher_of(s);
    pg_verdict_t *v = q ? calloc(1, sizeof *v) : NULL;
    if (!v || store_verdict_copy(&v->v, invoice_id, status, api_format, invoice_number,
                                 canonical_json, result_json) != 0) {
        /* no batcher or no memory for the copies: store it now, waiting */
        free(v);
        done(pg_job_complete(base, job_id, attempts, invoice_id, status, api_format, invoice_number,
                             canonical_json, result_json, error_count, warning_count), arg);
        return EINV_OK;
    }
    v->a = (complete_args_t){job_id, attempts, v->v.invoice_id, v->v.status,
                             api_format ? v->v.api_format : NULL, v->v.invoice_number,
                             v->v.canonical_json, v->v.result_json, error_count, warning_count};
    v->done = done;
    v->arg = arg;
    v->bytes = (canonical_json ? strlen(canonical_json) : 0) + (result_json ? strlen(result_json) : 0);
    pthread_mutex_lock(&q->mu);
    while (q->n > 0 && (q->n >= PG_QUEUED_MAX || q->bytes + v->bytes > PG_QUEUED_MAX_BYTES) && !q->stop)
        pthread_cond_wait(&q->room, &q->mu);
    q->n++;
    q->bytes += v->bytes;
    if (q->tail)
        q->tail->next = v;
    else
        q->head = v;
    q->tail = v;
    pthread_cond_signal(&q->work);
    pthread_mutex_unlock(&q->mu);
    return EINV_OK;
}

/* See store_pg_int.h. */
void pg_verdicts_stop(pg_store_t *s)
{
    struct pg_verdicts *q = s->verdicts;
    if (!q)
        return;
    pthread_mutex_lock(&q->mu);
    q->stop = 1;
    pthread_cond_signal(&q->work);
    pthread_mutex_unlock(&q->mu);
    pthread_join(q->thread, NULL);
    pthread_mutex_destroy(&q->mu);
    pthread_cond_destroy(&q->work);
    pthread_cond_destroy(&q->room);
    free(q);
    s->verdicts = NULL;
}
