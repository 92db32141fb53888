/* Submits sharing a commit on PostgreSQL (the group commit of counted submits): the
 * submitting thread queues its submit and waits; one thread (started with the first submit)
 * stores everything queued meanwhile, up to PG_SUBMITS_MAX, in ONE statement: the usage
 * counters of each (key, period) and (account, period) upserted once by +K, the invoices,
 * payloads and jobs inserted from arrays (unnest), the NOTIFY; then every waiting submit gets
 * its answer (the 202 still follows the commit).
 *
 * Why: with a statement per submit, every submit upserted the SAME key_usage and
 * account_usage rows and held them row-locked until its commit, so concurrent submits of one
 * account queued on those rows (2 ms of a submit's 2.1 ms in PostgreSQL was that wait), each
 * update left one more version of the hot row to step over and prune, and each commit wrote
 * and flushed alone. Counts stay exact: the upserts lock the rows as before and add what the
 * batch stored, and each submit's "used after this request" is the batch's final value less
 * the submits queued after it.
 *
 * With a quota (a key's limit or an account's cap) in the batch, one transaction: the
 * counters are locked and read first, the submits accepted in queue order while their limits
 * leave room and the rest refused (STORE_QUOTA, the same 429 as alone), then the accepted ones
 * stored as above; the locks make it exact across instances as a submit alone was.
 *
 * A batch that fails (a key deleted meanwhile, the connection lost twice) is stored again one
 * submit at a time, so each submit gets its own outcome, as before. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "store_pg_int.h"

#define PG_SUBMITS_MAX 64
#define PG_SUBMITS_BYTES (8u << 20)     /* payload bytes of one batch (a larger one goes alone) */

typedef struct pg_sub {
    const store_submit_t *in;
    const char *id;
    store_quota_state_t *q;
    int rc, done;
    int accepted;               /* 0: refused by a quota (rc STORE_QUOTA, q set) */
    pthread_cond_t cond;        /* the waiting submitter's */
    struct pg_sub *next;
} pg_sub_t;

struct pg_submits {
    pg_batcher_t b;             /* first: lock, wake-up, thread */
    pg_sub_t *head, *tail;
};

enum { C_ID, C_ACCOUNT, C_KEY, C_PROFILE, C_FORMAT, C_API_FORMAT, C_TIER, C_CTYPE, C_OFF, C_LEN,
       C_WORKER, C_LEASE, C_PERIOD, N_ARRAYS };

/* The batch's statement. Its rows: one per job (invoice id, job id, the NOTIFY when nobody
 * holds the job yet: several NOTIFYs of one transaction are delivered as one), each with the
 * counters' values after the batch ("owner period used" joined by ','). */
static const char BATCH_SQL[] =
    "WITH v AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[],"
    " $6::text[], $7::text[], $8::text[], $9::int[], $10::int[], $11::text[], $12::int[], $13::text[])"
    " AS v(id, account_id, key_id, profile, fmt, api_format, tier, ctype, off, len, worker, lease,"
    " period)),"
    " ku AS (INSERT INTO key_usage (key_id, period, used) SELECT key_id, period, count(*) FROM v"
    " WHERE key_id IS NOT NULL GROUP BY key_id, period ON CONFLICT (key_id, period)"
    " DO UPDATE SET used = key_usage.used + EXCLUDED.used RETURNING key_id, period, used),"
    " au AS (INSERT INTO account_usage (account_id, period, used) SELECT account_id, period,"
    " count(*) FROM v GROUP BY account_id, period ON CONFLICT (account_id, period)"
    " DO UPDATE SET used = account_usage.used + EXCLUDED.used RETURNING account_id, period, used),"
    " i AS (INSERT INTO invoices (id, account_id, key_id, status, profile, source_format,"
    " invoice_format, tier, sandbox) SELECT id, account_id, key_id, 'processing', profile, fmt,"
    " api_format, tier, false FROM v),"
    " p AS (INSERT INTO invoice_payloads (invoice_id, content_type, data)"
    " SELECT id, ctype, substring($14::bytea FROM off FOR len) FROM v),"
    " j AS (INSERT INTO jobs (invoice_id, worker, lease_until, attempts, first_claimed_at)"
    " SELECT id, worker, CASE WHEN worker IS NULL THEN NULL"
    " ELSE now() + make_interval(secs => lease) END, CASE WHEN worker IS NULL THEN 0 ELSE 1 END,"
    " CASE WHEN worker IS NULL THEN NULL ELSE now() END FROM v RETURNING invoice_id, id, worker)"
    " SELECT j.invoice_id, j.id, CASE WHEN j.worker IS NULL THEN pg_notify('" PG_NOTIFY_CHANNEL "', '') END,"
    " (SELECT string_agg(key_id::text || ' ' || period || ' ' || used, ',') FROM ku),"
    " (SELECT string_agg(account_id::text || ' ' || period || ' ' || used, ',') FROM au) FROM j";

/* The value of "owner period" in a counters list ("owner period used,..."), -1 when absent. */
static long long counter_of(const char *list, const char *owner, const char *period)
{
    size_t on = strlen(owner), pn = strlen(period);
    for (const char *p = list; p && *p;) {
        if (strncasecmp(p, owner, on) == 0 && p[on] == ' ' && strncmp(p + on + 1, period, pn) == 0 &&
            p[on + 1 + pn] == ' ')
            return strtoll(p + on + 2 + pn, NULL, 10);
        p = strchr(p, ',');
        p = p ? p + 1 : NULL;
    }
    return -1;
}

/* Each submit's counters after itself: the batch's final values less the submits after it
 * (queue order is the order the batch counts them in). */
static void counters_per_submit(pg_sub_t *first, const char *keys, const char *accounts)
{
    for (pg_sub_t *s = first; s; s = s->next) {
        long long kafter = 0, aafter = 0;
        if (!s->accepted)
            continue;
        for (pg_sub_t *t = s->next; t; t = t->next) {
            if (!t->accepted || strcmp(t->in->period, s->in->period) != 0)
                continue;
            aafter += strcasecmp(t->in->account_id, s->in->account_id) == 0;
            kafter += s->in->key_id && t->in->key_id && strcasecmp(t->in->key_id, s->in->key_id) == 0;
        }
        s->q->account_used = counter_of(accounts, s->in->account_id, s->in->period) - aafter;
        s->q->key_used = s->in->key_id ? counter_of(keys, s->in->key_id, s->in->period) - kafter : 0;
    }
}

/* The accepted submits of the batch in one statement; EINV_OK with their job ids and
 * counters set. */
static int insert_on(PGconn *c, pg_sub_t *first)
{
    pg_arr_t a[N_ARRAYS];
    char *payloads = NULL;
    size_t total = 0, off = 0;
    int rc = EINV_ERR, n = 0, k;
    pg_sub_t *s;
    for (k = 0; k < N_ARRAYS; k++)
        pg_arr_open(&a[k]);
    for (s = first; s; s = s->next)
        total += s->accepted ? s->in->payload_len : 0;
    payloads = malloc(total ? total : 1);
    for (s = first; payloads && s; s = s->next) {
        const store_submit_t *in = s->in;
        if (!s->accepted)
            continue;
        n++;
        pg_arr_text(&a[C_ID], s->id);
        pg_arr_text(&a[C_ACCOUNT], in->account_id);
        pg_arr_text(&a[C_KEY], in->key_id);
        pg_arr_text(&a[C_PROFILE], in->profile);
        pg_arr_text(&a[C_FORMAT], in->format);
        pg_arr_text(&a[C_API_FORMAT], in->api_format ? in->api_format : "");
        pg_arr_text(&a[C_TIER], in->tier);
        pg_arr_text(&a[C_CTYPE], in->content_type);
        pg_arr_int(&a[C_OFF], (long long)off + 1);     /* substring counts from 1 */
        pg_arr_int(&a[C_LEN], (long long)in->payload_len);
        pg_arr_text(&a[C_WORKER], in->claim_worker);
        pg_arr_int(&a[C_LEASE], in->claim_lease_seconds);
        pg_arr_text(&a[C_PERIOD], in->period);
        if (in->payload_len)
            memcpy(payloads + off, in->payload, in->payload_len);
        off += in->payload_len;
    }
    int ok = payloads != NULL;
    for (k = 0; k < N_ARRAYS; k++)
        ok = pg_arr_close(&a[k]) && ok;
    if (ok && n == 0)
        rc = EINV_OK;   /* every submit refused by its quota */
    else if (ok) {
        const char *vals[N_ARRAYS + 1];
        int lens[N_ARRAYS + 1] = {0}, fmts[N_ARRAYS + 1] = {0};
        for (k = 0; k < N_ARRAYS; k++)
            vals[k] = a[k].p;
        vals[N_ARRAYS] = payloads;
        lens[N_ARRAYS] = (int)total;
        fmts[N_ARRAYS] = 1;
        PGresult *r = pg_exec_cached(c, BATCH_SQL, N_ARRAYS + 1, vals, lens, fmts, 0);
        if (pg_ok(r) && PQntuples(r) == n) {
            rc = EINV_OK;
            for (s = first; s; s = s->next) {
                int row;
                if (!s->accepted)
                    continue;
                for (row = 0; row < n && strcasecmp(PQgetvalue(r, row, 0), s->id) != 0; row++)
                    ;
                if (row == n) {
                    rc = EINV_ERR;
                    break;
                }
                if (s->in->job_id)
                    *s->in->job_id = pg_ll(r, row, 1, 0);
            }
            if (rc == EINV_OK)
                counters_per_submit(first, PQgetvalue(r, 0, 3), PQgetvalue(r, 0, 4));
        } else if (!pg_ok(r) && PQstatus(c) == CONNECTION_OK && strcmp(pg_state(r), "23503") != 0) {
            store_log("postgresql submit batch of %d failed: %s", n, PQerrorMessage(c));
        }
        PQclear(r);
    }
    for (k = 0; k < N_ARRAYS; k++)
        free(a[k].p);
    free(payloads);
    return rc;
}

/* The counters of a batch with limits: each (key, period) and (account, period) row locked
 * (created at 0 when missing) and read, in one statement, in a fixed order (keys, then
 * accounts, each sorted) so that batches of several instances cannot deadlock on them. */
static const char LOCK_SQL[] =
    "WITH k AS (INSERT INTO key_usage (key_id, period, used) SELECT DISTINCT o, p, 0"
    " FROM unnest($1::uuid[], $2::text[]) AS t(o, p) ORDER BY o, p ON CONFLICT (key_id, period)"
    " DO UPDATE SET used = key_usage.used RETURNING key_id, period, used),"
    " a AS (INSERT INTO account_usage (account_id, period, used) SELECT DISTINCT o, p, 0"
    " FROM unnest($3::uuid[], $4::text[]) AS t(o, p) ORDER BY o, p ON CONFLICT (account_id, period)"
    " DO UPDATE SET used = account_usage.used RETURNING account_id, period, used)"
    " SELECT 'k', key_id::text, period, used FROM k UNION ALL"
    " SELECT 'a', account_id::text, period, used FROM a";

typedef struct counter {
    char kind;                  /* 'k' key, 'a' account */
    const char *owner, *period; /* in the locking result */
    long long used;
} counter_t;

static counter_t *counter_find(counter_t *t, int n, char kind, const char *owner, const char *period)
{
    for (int i = 0; i < n; i++)
        if (t[i].kind == kind && strcasecmp(t[i].owner, owner) == 0 && strcmp(t[i].period, period) == 0)
            return &t[i];
    return NULL;
}

/* Lock the batch's counters and accept its submits in queue order while their key's and
 * account's limits leave room (as a submit alone: the key's limit first, then the account's
 * cap; a limit of 0 refuses all); the others are refused with the counters as they stand
 * at their turn. Inside the caller's transaction. */
static int lock_and_decide(PGconn *c, pg_sub_t *first)
{
    pg_arr_t a[4];
    pg_sub_t *s;
    int k, rc = EINV_ERR;
    for (k = 0; k < 4; k++)
        pg_arr_open(&a[k]);
    for (s = first; s; s = s->next) {
        if (s->in->key_id) {
            pg_arr_text(&a[0], s->in->key_id);
            pg_arr_text(&a[1], s->in->period);
        }
        pg_arr_text(&a[2], s->in->account_id);
        pg_arr_text(&a[3], s->in->period);
    }
    int ok = 1;
    for (k = 0; k < 4; k++)
        ok = pg_arr_close(&a[k]) && ok;
    PGresult *r = ok ? pg_exec_cached(c, LOCK_SQL, 4, (const char *const[]){a[0].p, a[1].p, a[2].p, a[3].p},
                                      NULL, NULL, 0)
                     : NULL;
    int rows = pg_ok(r) ? PQntuples(r) : 0;
    counter_t *t = rows ? calloc((size_t)rows, sizeof *t) : NULL;
    if (t) {
        for (int i = 0; i < rows; i++)
            t[i] = (counter_t){PQgetvalue(r, i, 0)[0], PQgetvalue(r, i, 1), PQgetvalue(r, i, 2),
                               pg_ll(r, i, 3, 0)};
        rc = EINV_OK;
        for (s = first; rc == EINV_OK && s; s = s->next) {
            const store_submit_t *in = s->in;
            counter_t *kc = in->key_id ? counter_find(t, rows, 'k', in->key_id, in->period) : NULL;
            counter_t *ac = counter_find(t, rows, 'a', in->account_id, in->period);
            if (!ac || (in->key_id && !kc)) {
                rc = EINV_ERR;
                break;
            }
            int room = (!kc || in->key_limit < 0 || kc->used < in->key_limit) &&
                       (in->account_limit < 0 || ac->used < in->account_limit);
            if (room) {
                ac->used++;
                if (kc)
                    kc->used++;
            } else {
                s->accepted = 0;
                s->rc = STORE_QUOTA;
                s->q->account_used = ac->used;
                s->q->key_used = kc ? kc->used : 0;
            }
        }
    } else if (r && !pg_ok(r) && PQstatus(c) == CONNECTION_OK && strcmp(pg_state(r), "23503") != 0) {
        store_log("postgresql submit batch: cannot lock the counters: %s", PQerrorMessage(c));
    }
    free(t);
    PQclear(r);
    for (k = 0; k < 4; k++)
        free(a[k].p);
    return rc;
}

/* The batch: without limits one statement (its own transaction); with a limit among them,
 * the counters locked and the submits accepted in queue order first, in one transaction
 * (rolled back when none was accepted). Each submit's outcome in s->accepted / s->rc. */
static int batch_on(PGconn *c, pg_sub_t *first)
{
    pg_sub_t *s;
    int limited = 0, accepted = 0, rc;
    for (s = first; s; s = s->next) {
        s->accepted = 1;
        s->rc = EINV_OK;
        limited |= s->in->key_limit >= 0 || s->in->account_limit >= 0;
    }
    if (!limited)
        return insert_on(c, first);
    if (pg_cmd(c, "BEGIN") != EINV_OK)
        return EINV_ERR;
    rc = lock_and_decide(c, first);
    for (s = first; s; s = s->next)
        accepted += s->accepted;
    if (rc == EINV_OK && accepted)
        rc = insert_on(c, first);
    if (rc == EINV_OK)
        return pg_cmd(c, accepted ? "COMMIT" : "ROLLBACK");
    if (PQstatus(c) == CONNECTION_OK)
        pg_cmd(c, "ROLLBACK");
    return EINV_ERR;
}

static void finish(struct pg_submits *q, pg_sub_t *s, int rc)
{
    pthread_mutex_lock(&q->b.mu);
    s->rc = rc;
    s->done = 1;
    pthread_cond_signal(&s->cond);
    pthread_mutex_unlock(&q->b.mu);
}

static void *submitter(void *p)
{
    pg_store_t *st = p;
    struct pg_submits *q = (struct pg_submits *)st->submits;
    pthread_mutex_lock(&q->b.mu);
    for (;;) {
        while (!q->head && !q->b.stop)
            pthread_cond_wait(&q->b.work, &q->b.mu);
        if (!q->head)
            break;
        pg_sub_t *first = q->head, *last = first, *s, *next;
        size_t bytes = first->in->payload_len;
        int n = 1, rc;
        while (last->next && n < PG_SUBMITS_MAX && bytes + last->next->in->payload_len <= PG_SUBMITS_BYTES) {
            last = last->next;
            bytes += last->in->payload_len;
            n++;
        }
        q->head = last->next;
        if (!q->head)
            q->tail = NULL;
        last->next = NULL;
        pthread_mutex_unlock(&q->b.mu);
        PG_CALL(st, rc, c, batch_on(c, first));
        for (s = first; s; s = next) {
            next = s->next;
            /* a failed batch: each submit alone, for its own outcome (23503: its key or
             * account is gone; a PK clash: a first attempt did commit) */
            finish(q, s, rc == EINV_OK ? s->rc : pg_submit_alone(&st->base, s->in, s->id, s->q));
        }
        pthread_mutex_lock(&q->b.mu);
    }
    pthread_mutex_unlock(&q->b.mu);
    return NULL;
}

/* See store_pg_int.h. */
int pg_submit_batched(pg_store_t *st, const store_submit_t *in, const char *id,
                      store_quota_state_t *q)
{
    struct pg_submits *b = (struct pg_submits *)pg_batcher_start(
        &st->submits, sizeof(struct pg_submits), NULL, submitter, st);
    pg_sub_t s;
    if (!b)
        return pg_submit_alone(&st->base, in, id, q);
    memset(&s, 0, sizeof s);
    s.in = in;
    s.id = id;
    s.q = q;
    pthread_cond_init(&s.cond, NULL);
    pthread_mutex_lock(&b->b.mu);
    if (b->b.stop) {
        pthread_mutex_unlock(&b->b.mu);
        pthread_cond_destroy(&s.cond);
        return pg_submit_alone(&st->base, in, id, q);
    }
    if (b->tail)
        b->tail->next = &s;
    else
        b->head = &s;
    b->tail = &s;
    pthread_cond_signal(&b->b.work);
    while (!s.done)
        pthread_cond_wait(&s.cond, &b->b.mu);
    pthread_mutex_unlock(&b->b.mu);
    pthread_cond_destroy(&s.cond);
    return s.rc;
}

/* See store_pg_int.h. */
void pg_submits_stop(pg_store_t *s)
{
    pg_batcher_stop(&s->submits, NULL);
}
