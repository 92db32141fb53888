/* PostgreSQL backend, invoices and work: the submit transaction (quota counters incremented
 * with INSERT ... ON CONFLICT DO UPDATE ... WHERE used < limit, so concurrent submits from
 * any number of instances never pass a limit), invoice reads and pages, and the job queue
 * (FOR UPDATE SKIP LOCKED, leases, NOTIFY on submit). */
#include <stdlib.h>
#include <string.h>
#include "store_pg_int.h"
#include "store_webhooks_int.h"

/* Current counters of a period (0 when no row); EINV_OK / EINV_ERR. */
int pg_usage_read(PGconn *c, const char *account_id, const char *key_id, const char *period,
                  long long *account_used, long long *key_used)
{
    PGresult *r = pg_x(c, 0, "SELECT (SELECT used FROM account_usage WHERE account_id = $1::uuid"
                             " AND period = $3), (SELECT used FROM key_usage WHERE key_id = $2::uuid"
                             " AND period = $3)", "sss", account_id, key_id, period);
    int ok = pg_ok(r) && PQntuples(r) == 1;
    *account_used = ok ? pg_ll(r, 0, 0, 0) : 0;
    *key_used = ok ? pg_ll(r, 0, 1, 0) : 0;
    PQclear(r);
    return ok ? EINV_OK : EINV_ERR;
}

/* Count one request on a counter row unless it is at its limit (limit < 0: none). 1 counted
 * (*used = new value), 0 refused, EINV_ERR / EINV_ERR_NOTFOUND (no such account or key). */
static int count_one(PGconn *c, const char *table, const char *col, const char *owner,
                     const char *period, long long limit, long long *used)
{
    char sql[400];
    if (limit == 0)
        return 0;
    /* the row lock taken by ON CONFLICT DO UPDATE serialises concurrent submits; the WHERE
     * is evaluated on the newest committed value, after the lock is ours */
    snprintf(sql, sizeof sql,
             "INSERT INTO %s (%s, period, used) VALUES ($1::uuid, $2, 1) ON CONFLICT (%s, period)"
             " DO UPDATE SET used = %s.used + 1 WHERE $3::bigint IS NULL OR %s.used < $3::bigint"
             " RETURNING used", table, col, col, table, table);
    PGresult *r = pg_x(c, 0, sql, "ssL", owner, period, limit);
    int rc;
    if (!pg_ok(r))
        rc = strcmp(pg_state(r), "23503") == 0 ? EINV_ERR_NOTFOUND : EINV_ERR;
    else if (PQntuples(r) == 0)
        rc = 0;
    else {
        *used = pg_ll(r, 0, 0, 0);
        rc = 1;
    }
    PQclear(r);
    return rc;
}

typedef struct submit_final {
    char *number;
    int valid, errors, warnings;
} submit_final_t;

/* The submit of a key and an account without limits (no quota can refuse it; not a
 * sandbox): both usage counters, the invoice, its payload and its job in ONE statement (its
 * own transaction: one round trip instead of seven), the job's NOTIFY inside it (delivered at
 * its commit). The counters are row-locked by their upserts as in the transaction below, so
 * the counts stay exact; the payload's and the job's foreign keys are checked at the end of
 * the statement, when the invoice row is there. */
static int submit_one_statement(PGconn *c, const store_submit_t *in, const char *id,
                                store_quota_state_t *q, einv_error_t *err)
{
    PGresult *r = pg_x(c, 0,
        "WITH ku AS (INSERT INTO key_usage (key_id, period, used) SELECT $3::uuid, $12, 1"
        " WHERE $3::uuid IS NOT NULL ON CONFLICT (key_id, period)"
        " DO UPDATE SET used = key_usage.used + 1 RETURNING used),"
        " au AS (INSERT INTO account_usage (account_id, period, used) VALUES ($2::uuid, $12, 1)"
        " ON CONFLICT (account_id, period) DO UPDATE SET used = account_usage.used + 1 RETURNING used),"
        " i AS (INSERT INTO invoices (id, account_id, key_id, status, profile, source_format,"
        " invoice_format, tier, sandbox) VALUES ($1::uuid, $2::uuid, $3::uuid, 'processing', $4, $5,"
        " $6, $7, false) RETURNING id),"
        " p AS (INSERT INTO invoice_payloads (invoice_id, content_type, data)"
        " SELECT id, $8, $9::bytea FROM i),"
        " j AS (INSERT INTO jobs (invoice_id, worker, lease_until, attempts, first_claimed_at)"
        " SELECT id, $10, CASE WHEN $10::text IS NULL THEN NULL"
        " ELSE now() + make_interval(secs => $11::int) END,"
        " CASE WHEN $10::text IS NULL THEN 0 ELSE 1 END,"
        " CASE WHEN $10::text IS NULL THEN NULL ELSE now() END FROM i RETURNING id)"
        " SELECT j.id, CASE WHEN $10::text IS NULL THEN pg_notify('" PG_NOTIFY_CHANNEL "', '') END,"
        " (SELECT used FROM au), (SELECT used FROM ku) FROM j",
        "ssssssssbsis", id, in->account_id, in->key_id, in->profile, in->format,
        in->api_format ? in->api_format : "", in->tier, in->content_type, in->payload,
        in->payload_len, in->claim_worker, in->claim_lease_seconds, in->period);
    int rc = pg_ok(r) && PQntuples(r) == 1 ? EINV_OK
             : !pg_ok(r) && strcmp(pg_state(r), "23503") == 0 ? EINV_ERR_NOTFOUND : EINV_ERR;
    if (rc == EINV_OK) {
        if (in->job_id)
            *in->job_id = pg_ll(r, 0, 0, 0);
        q->account_used = pg_ll(r, 0, 2, 0);
        q->key_used = in->key_id ? pg_ll(r, 0, 3, 0) : 0;
    }
    PQclear(r);
    if (rc == EINV_ERR_NOTFOUND)
        return einv_error_set(err, EINV_ERR_NOTFOUND, "unknown account or API key", "", "");
    if (rc != EINV_OK)
        return einv_error_set(err, EINV_ERR, "cannot store the invoice", "", "Retry later");
    return EINV_OK;
}

static int submit_on(PGconn *c, const store_submit_t *in, const char *id, const submit_final_t *f,
                     store_quota_state_t *q, einv_error_t *err)
{
    long long au = 0, ku = 0;
    PGresult *r;
    int rc;
    if (pg_cmd(c, "BEGIN") != EINV_OK)
        return einv_error_set(err, EINV_ERR, "database unavailable", "", "Retry later");
    if (in->counts) {
        rc = 1;
        if (in->key_id)
            rc = count_one(c, "key_usage", "key_id", in->key_id, in->period, in->key_limit, &ku);
        if (rc == 1)
            rc = count_one(c, "account_usage", "account_id", in->account_id, in->period,
                           in->account_limit, &au);
        if (rc == 0) {
            pg_cmd(c, "ROLLBACK");
            if (pg_usage_read(c, in->account_id, in->key_id, in->period, &au, &ku) != EINV_OK)
                return einv_error_set(err, EINV_ERR, "cannot read the quota counters", "", "");
            q->account_used = au;
            q->key_used = ku;
            return STORE_QUOTA;
        }
        if (rc != 1)
            goto fail;
        if (!in->key_id)
            ku = 0;
    } else if (!in->sandbox && in->period &&
               pg_usage_read(c, in->account_id, in->key_id, in->period, &au, &ku) != EINV_OK) {
        rc = EINV_ERR;
        goto fail;
    }
    if (in->sandbox)
        r = pg_x(c, 0, "INSERT INTO invoices (id, account_id, key_id, status, profile,"
                       " source_format, invoice_format, tier, sandbox, completed_at, invoice_number,"
                       " canonical_json, result_json, valid, error_count, warning_count) VALUES"
                       " ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6, $7, $8, true, now(), $9, $10, $11,"
                       " $12::boolean, $13::int, $14::int)",
                 "sssssssssssBii", id, in->account_id, in->key_id,
                 f->valid ? "validated" : "failed_validation", in->profile, in->format,
                 in->api_format ? in->api_format : "", in->tier, f->number,
                 in->sandbox_canonical_json, in->sandbox_result_json, f->valid, f->errors,
                 f->warnings);
    else
        r = pg_x(c, 0, "INSERT INTO invoices (id, account_id, key_id, status, profile,"
                       " source_format, invoice_format, tier, sandbox) VALUES ($1::uuid, $2::uuid,"
                       " $3::uuid, 'processing', $4, $5, $6, $7, false)",
                 "sssssss", id, in->account_id, in->key_id, in->profile, in->format,
                 in->api_format ? in->api_format : "", in->tier);
    rc = pg_ok(r) ? EINV_OK : strcmp(pg_state(r), "23503") == 0 ? EINV_ERR_NOTFOUND : EINV_ERR;
    PQclear(r);
    if (rc != EINV_OK)
        goto fail;
    r = pg_x(c, 0, "INSERT INTO invoice_payloads (invoice_id, content_type, data)"
                   " VALUES ($1::uuid, $2, $3::bytea)", "ssb", id, in->content_type, in->payload,
             in->payload_len);
    rc = pg_ok(r) ? EINV_OK : EINV_ERR;
    PQclear(r);
    if (rc == EINV_OK && !in->sandbox) {
        if (in->claim_worker)   /* handed off in memory: leased to this process at once */
            r = pg_x(c, 0, "INSERT INTO jobs (invoice_id, worker, lease_until, attempts,"
                           " first_claimed_at) VALUES ($1::uuid, $2, now() +"
                           " make_interval(secs => $3::int), 1, now()) RETURNING id", "ssi", id,
                     in->claim_worker, in->claim_lease_seconds);
        else
            r = pg_x(c, 0, "INSERT INTO jobs (invoice_id) VALUES ($1::uuid) RETURNING id", "s", id);
        rc = pg_ok(r) && PQntuples(r) == 1 ? EINV_OK : EINV_ERR;
        if (rc == EINV_OK && in->job_id)
            *in->job_id = pg_ll(r, 0, 0, 0);
        PQclear(r);
        /* delivered to every LISTENing instance when (and only if) the transaction commits;
         * a handed-off job is nobody else's to claim */
        if (rc == EINV_OK && !in->claim_worker)
            rc = pg_cmd(c, "NOTIFY " PG_NOTIFY_CHANNEL);
    }
    if (rc == EINV_OK && in->sandbox)
        rc = pg_webhooks_emit(c, id);   /* a sandbox verdict is final at once: its event commits with it */
    if (rc != EINV_OK)
        goto fail;
    if (pg_cmd(c, "COMMIT") != EINV_OK)
        return einv_error_set(err, EINV_ERR, "cannot commit the invoice", "", "Retry later");
    q->account_used = au;
    q->key_used = ku;
    return EINV_OK;
fail:
    if (PQstatus(c) == CONNECTION_OK)
        pg_cmd(c, "ROLLBACK");
    if (rc == EINV_ERR_NOTFOUND)
        return einv_error_set(err, EINV_ERR_NOTFOUND, "unknown account or API key", "", "");
    return einv_error_set(err, EINV_ERR, "cannot store the invoice", "", "Retry later");
}

/* See store_pg_int.h: one counted submit on its own (without limits: one statement; with a
 * limit: its transaction of row-locked counters). */
int pg_submit_alone(einv_store_t *base, const store_submit_t *in, const char *id,
                    store_quota_state_t *q)
{
    submit_final_t f = {NULL, 1, 0, 0};
    int rc;
    if (in->key_limit < 0 && in->account_limit < 0)
        PG_CALL((pg_store_t *)base, rc, c, submit_one_statement(c, in, id, q, NULL));
    else
        PG_CALL((pg_store_t *)base, rc, c, submit_on(c, in, id, &f, q, NULL));
    return rc;
}

/* Submit in one transaction with row-locked quota counters (store.h); retried once on a
 * broken connection. */
int pg_submit(einv_store_t *base, const store_submit_t *in, char out_id[37],
              store_quota_state_t *q, einv_error_t *err)
{
    pg_store_t *s = (pg_store_t *)base;
    submit_final_t f = {NULL, 1, 0, 0};
    char id[37];
    int rc;
    /* one id for both attempts: if a first COMMIT did land before the connection broke, the
     * retry fails on the primary key instead of storing (and counting) the invoice twice */
    store_uuid_v7(id);     /* time-ordered: appended to the id indexes */
    if (in->sandbox)
        store_result_summary(in->sandbox_canonical_json, in->sandbox_result_json, &f.number,
                             &f.valid, &f.errors, &f.warnings);
    if (!in->sandbox && in->counts && in->period) {
        /* it shares a statement and a commit with the submits queued meanwhile, its quota
         * checked in queue order (store_pg_submits.c) */
        rc = pg_submit_batched(s, in, id, q);
        if (rc == EINV_ERR_NOTFOUND)
            einv_error_set(err, EINV_ERR_NOTFOUND, "unknown account or API key", "", "");
        else if (rc != EINV_OK && rc != STORE_QUOTA)
            einv_error_set(err, EINV_ERR, "cannot store the invoice", "", "Retry later");
    } else {
        PG_CALL(s, rc, c, submit_on(c, in, id, &f, q, err));
    }
    free(f.number);
    if (rc == EINV_OK) {
        store_copy(out_id, 37, id);
        if (!in->sandbox && !in->claim_worker)
            store_waker_signal(&s->base.waker);     /* local workers need not wait for NOTIFY */
    }
    return rc;
}

#define SUMMARY_COLS "id, account_id, key_id, status, profile, invoice_format, sandbox," \
                     " einv_iso(created_at), invoice_number, valid, error_count, warning_count"

static void read_summary(const PGresult *r, int row, store_invoice_t *inv)
{
    memset(inv, 0, sizeof *inv);
    pg_cpy(r, row, 0, inv->id, sizeof inv->id);
    pg_cpy(r, row, 1, inv->account_id, sizeof inv->account_id);
    pg_cpy(r, row, 2, inv->key_id, sizeof inv->key_id);
    pg_cpy(r, row, 3, inv->status, sizeof inv->status);
    pg_cpy(r, row, 4, inv->profile, sizeof inv->profile);
    pg_cpy(r, row, 5, inv->format, sizeof inv->format);
    inv->sandbox = pg_bool(r, row, 6);
    pg_cpy(r, row, 7, inv->created_at, sizeof inv->created_at);
    inv->invoice_number = pg_dup(r, row, 8);
    inv->valid = pg_bool(r, row, 9);
    inv->error_count = (int)pg_ll(r, row, 10, 0);
    inv->warning_count = (int)pg_ll(r, row, 11, 0);
}

static int invoice_get_on(PGconn *c, const char *id, const char *account_id,
                          store_invoice_t *out)
{
    PGresult *r = pg_x(c, 0, "SELECT " SUMMARY_COLS ", canonical_json, result_json, extraction_json"
                             " FROM invoices WHERE id = $1::uuid AND ($2::uuid IS NULL OR account_id = $2::uuid)",
                       "ss", id, account_id);
    int rc = !pg_ok(r) ? EINV_ERR : PQntuples(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    if (rc == EINV_OK) {
        read_summary(r, 0, out);
        out->canonical_json = pg_dup(r, 0, 12);
        out->result_json = pg_dup(r, 0, 13);
        out->extraction_json = pg_dup(r, 0, 14);
    }
    PQclear(r);
    return rc;
}

/* store_invoice_get on PostgreSQL. */
int pg_invoice_get(einv_store_t *base, const char *id, const char *account_id,
                   store_invoice_t *out)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, invoice_get_on(c, id, account_id, out));
    return rc;
}

/* Bytes of a binary-format result column, copied (NUL-terminated for text columns). */
static char *bin_dup(const PGresult *r, int col, size_t *len)
{
    size_t n = (size_t)PQgetlength(r, 0, col);
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, PQgetvalue(r, 0, col), n);
        p[n] = '\0';
        if (len)
            *len = n;
    }
    return p;
}

static int payload_on(PGconn *c, const char *id, void **data, size_t *len, char **content_type)
{
    PGresult *r = pg_x(c, 1, "SELECT data, content_type FROM invoice_payloads WHERE invoice_id = $1::uuid",
                       "s", id);
    int rc = !pg_ok(r) ? EINV_ERR : PQntuples(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    if (rc == EINV_OK) {
        *data = bin_dup(r, 0, len);
        *content_type = PQgetisnull(r, 0, 1) ? NULL : bin_dup(r, 1, NULL);
        if (!*data)
            rc = EINV_ERR_NOMEM;
    }
    PQclear(r);
    return rc;
}

/* store_invoice_payload on PostgreSQL (bytea read in binary). */
int pg_invoice_payload(einv_store_t *base, const char *id, void **data, size_t *len,
                       char **content_type)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, payload_on(c, id, data, len, content_type));
    if (rc == EINV_ERR_NOMEM) {
        free(*content_type);
        *content_type = NULL;
        rc = EINV_ERR;
    }
    return rc;
}

static int count_on(PGconn *c, const char *account_id, long long *n)
{
    PGresult *r = account_id
        ? pg_x(c, 0, "SELECT count(*) FROM invoices WHERE account_id = $1::uuid", "s", account_id)
        : pg_x(c, 0, "SELECT count(*) FROM invoices", "");
    int rc = pg_ok(r) ? EINV_OK : EINV_ERR;
    *n = rc == EINV_OK ? pg_ll(r, 0, 0, 0) : 0;
    PQclear(r);
    return rc;
}

/* store_count_invoices on PostgreSQL. */
int pg_count_invoices(einv_store_t *base, const char *account_id, long long *n)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, count_on(c, account_id, n));
    return rc;
}

typedef struct list_args {
    const char *account_id, *sort_column;
    const store_list_filter_t *f;
    long long page, size;
    int desc;
} list_args_t;

/* Run sql with the where clause's texts as its parameters, then n_extra more texts. */
static PGresult *exec_where(PGconn *c, const char *sql, const store_where_t *w,
                            const char *const *extra, int n_extra)
{
    const char *vals[10];
    int i, n = 0;
    for (i = 0; i < w->n && n < 10; i++)
        vals[n++] = w->vals[i];
    for (i = 0; i < n_extra && n < 10; i++)
        vals[n++] = extra[i];
    PGresult *r = PQexecParams(c, sql, n, NULL, vals, NULL, NULL, 0);
    if (!pg_ok(r) && PQstatus(c) == CONNECTION_OK)
        store_log("postgresql list failed: %s", PQerrorMessage(c));
    return r;
}

/* sort_column comes from store.c's fixed list; ties are broken by insertion order (seq) in
 * the same direction, so pages never overlap or skip rows. Only the filters that are set
 * appear in the text, so the indexes on (account_id, ...) serve it. */
static int list_on(PGconn *c, const list_args_t *a, store_page_t *out)
{
    char sql[800], lim[2][24];
    const char *extra[2] = {lim[0], lim[1]};
    const char *dir = a->desc ? "DESC" : "ASC";
    store_where_t w;
    PGresult *r;
    store_list_where(&w, a->account_id, a->f, 1);
    store_list_after(&w, a->f, a->desc, 1);
    out->total = -1;    /* keyset pages (f->after) are not counted */
    if (!a->f->after) {
        snprintf(sql, sizeof sql, "SELECT count(*) FROM invoices WHERE %s", w.sql);
        r = exec_where(c, sql, &w, NULL, 0);
        if (!pg_ok(r) || PQntuples(r) != 1) {
            PQclear(r);
            return EINV_ERR;
        }
        out->total = pg_ll(r, 0, 0, 0);
        PQclear(r);
    }
    if (a->size == 0 || out->total == 0)
        return EINV_OK;
    snprintf(lim[0], sizeof lim[0], "%lld", a->size);
    snprintf(lim[1], sizeof lim[1], "%lld", a->page * a->size);
    snprintf(sql, sizeof sql, "SELECT " SUMMARY_COLS " FROM invoices WHERE %s ORDER BY %s %s, seq %s"
             " LIMIT $%d::bigint OFFSET $%d::bigint", w.sql, a->sort_column, dir, dir, w.n + 1, w.n + 2);
    r = exec_where(c, sql, &w, extra, 2);
    if (!pg_ok(r)) {
        PQclear(r);
        return EINV_ERR;
    }
    int rows = PQntuples(r);
    if (rows > 0) {
        out->items = calloc((size_t)rows, sizeof *out->items);
        if (!out->items) {
            PQclear(r);
            return EINV_ERR_NOMEM;
        }
        for (int i = 0; i < rows; i++)
            read_summary(r, i, &out->items[i]);
        out->n = (size_t)rows;
    }
    PQclear(r);
    return EINV_OK;
}

/* store_invoice_list on PostgreSQL. */
int pg_invoice_list(einv_store_t *base, const char *account_id, const store_list_filter_t *f,
                    long long page, long long size, const char *sort_column, int desc,
                    store_page_t *out)
{
    list_args_t a = {account_id, sort_column, f, page, size, desc};
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, list_on(c, &a, out));
    return rc == EINV_ERR_NOMEM ? EINV_ERR : rc;
}

/* Payloads up to this size come with a batched claim; larger ones are read when they run. */
#define CLAIM_INLINE_MAX (256 * 1024)

/* Lease the up to max oldest jobs nobody holds (or whose lease ran out) with their
 * payloads, in ONE statement (one round trip, its own transaction). SKIP LOCKED: concurrent
 * claimers (threads or instances) pass over a job another is leasing right now instead of
 * waiting for it, and never get the same one. The picking query is a MATERIALIZED CTE so it
 * runs once: as a plain subquery in FROM, a plan that rescans it per row (seen with some
 * table statistics) made each rescan skip the rows this statement had just updated and pick
 * the next, so one claim leased the whole queue. Each job comes with its account's mapping
 * document (store_job_t.mapping_known). *n: the jobs claimed (0: NOTFOUND). */
static int claim_on(PGconn *c, const char *worker, int lease_seconds, int max, store_job_t *out,
                    size_t *n)
{
    PGresult *r = pg_x(c, 0,
        "WITH c AS MATERIALIZED (SELECT id, worker, first_claimed_at FROM jobs"
        "       WHERE lease_until IS NULL OR lease_until < now()"
        "       ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)"
        " UPDATE jobs j SET worker = $1, lease_until = now() + make_interval(secs => $2::int),"
        " attempts = j.attempts + 1, first_claimed_at = COALESCE(j.first_claimed_at, now())"
        " FROM c JOIN invoices i ON true LEFT JOIN invoice_payloads p ON p.invoice_id = i.id"
        " LEFT JOIN account_mappings m ON m.account_id = i.account_id"
        " WHERE j.id = c.id AND i.id = j.invoice_id"
        " RETURNING j.id, j.invoice_id, j.attempts, i.account_id, i.profile, i.source_format, i.tier,"
        " c.worker, COALESCE((extract(epoch FROM now() - c.first_claimed_at) * 1000)::bigint, 0),"
        " CASE WHEN octet_length(p.data) <= $4::int THEN p.data END, octet_length(p.data),"
        " m.document",
        "siii", worker, lease_seconds, max, CLAIM_INLINE_MAX);
    int rows, rc = EINV_OK;
    *n = 0;
    if (!pg_ok(r)) {
        PQclear(r);
        return EINV_ERR;
    }
    rows = PQntuples(r);
    for (int k = 0; k < rows && k < max; k++) {
        store_job_t *o = &out[k];
        memset(o, 0, sizeof *o);
        o->id = pg_ll(r, k, 0, 0);
        pg_cpy(r, k, 1, o->invoice_id, sizeof o->invoice_id);
        o->attempts = (int)pg_ll(r, k, 2, 1);
        pg_cpy(r, k, 3, o->account_id, sizeof o->account_id);
        pg_cpy(r, k, 4, o->profile, sizeof o->profile);
        pg_cpy(r, k, 5, o->format, sizeof o->format);
        o->tier = pg_dup(r, k, 6);
        pg_cpy(r, k, 7, o->prev_worker, sizeof o->prev_worker);
        o->running_ms = pg_ll(r, k, 8, 0);
        /* a large payload is not carried by the claim (8 of them would be a result of up to
         * 8 x 2 x EINV_MAX_UPLOAD): its worker reads it when it runs the job */
        o->payload_deferred = PQgetisnull(r, k, 9) && !PQgetisnull(r, k, 10);
        /* the account's mapping document comes with the claim: no statement per job for it */
        o->mapping_known = 1;
        o->mapping = pg_dup(r, k, 11);
        if (!PQgetisnull(r, k, 11) && !o->mapping)
            rc = EINV_ERR;
        if (!PQgetisnull(r, k, 9)) {
            /* text-format bytea (hex): unescaped, then copied to be free()d like the rest */
            size_t len = 0;
            unsigned char *raw = PQunescapeBytea((const unsigned char *)PQgetvalue(r, k, 9), &len);
            o->payload = raw ? malloc(len ? len : 1) : NULL;
            if (o->payload) {
                memcpy(o->payload, raw, len);
                o->payload_len = len;
            } else {
                rc = EINV_ERR;
            }
            PQfreemem(raw);
        }
        (*n)++;
    }
    PQclear(r);
    if (rc != EINV_OK) {
        /* out of memory: the claims stay leased and run out; another claim retries them */
        for (size_t k = 0; k < *n; k++)
            store_job_clear(&out[k]);
        *n = 0;
        return EINV_ERR;
    }
    return *n ? EINV_OK : EINV_ERR_NOTFOUND;
}

/* store_jobs_claim on PostgreSQL: up to max jobs in one statement. */
int pg_jobs_claim(einv_store_t *base, const char *worker, int lease_seconds, int max,
                  store_job_t *out, size_t *n)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, claim_on(c, worker, lease_seconds, max, out, n));
    return rc;
}

/* store_job_claim on PostgreSQL (SKIP LOCKED, leases). */
int pg_job_claim(einv_store_t *base, const char *worker, int lease_seconds, store_job_t *out)
{
    int rc;
    size_t n = 0;
    PG_CALL((pg_store_t *)base, rc, c, claim_on(c, worker, lease_seconds, 1, out, &n));
    return rc;
}

typedef struct renew_args {
    const store_lease_t *leases;
    size_t n;
    int lease_seconds;
    unsigned char *held;
} renew_args_t;

/* Append "{id,...}" of one column of the claims to buf (cap bytes); 0 when it does not fit. */
static int array_literal(char *buf, size_t cap, const store_lease_t *l, size_t n, int ids)
{
    size_t used = 1;
    buf[0] = '{';
    for (size_t i = 0; i < n; i++) {
        int w = ids ? snprintf(buf + used, cap - used, "%s%lld", i ? "," : "", l[i].job_id)
                    : snprintf(buf + used, cap - used, "%s%d", i ? "," : "", l[i].attempts);
        if (w < 0 || (size_t)w >= cap - used)
            return 0;
        used += (size_t)w;
    }
    if (used + 2 > cap)
        return 0;
    buf[used++] = '}';
    buf[used] = '\0';
    return 1;
}

/* One UPDATE for every claim of this process, fenced on (id, attempts); the rows it returns
 * are the claims still held. */
static int renew_on(PGconn *c, const renew_args_t *a)
{
    size_t cap = a->n * 24 + 8;
    char *ids = malloc(cap), *att = malloc(cap);
    int rc = EINV_ERR;
    if (ids && att && array_literal(ids, cap, a->leases, a->n, 1) &&
        array_literal(att, cap, a->leases, a->n, 0)) {
        PGresult *r = pg_x(c, 0,
            "UPDATE jobs j SET lease_until = now() + make_interval(secs => $1::int)"
            " FROM unnest($2::bigint[], $3::int[]) AS h(id, attempts)"
            " WHERE j.id = h.id AND j.attempts = h.attempts RETURNING j.id, j.attempts",
            "iss", a->lease_seconds, ids, att);
        if (pg_ok(r)) {
            memset(a->held, 0, a->n);
            for (int row = 0; row < PQntuples(r); row++) {
                long long id = pg_ll(r, row, 0, 0), attempts = pg_ll(r, row, 1, 0);
                for (size_t i = 0; i < a->n; i++)
                    if (a->leases[i].job_id == id && a->leases[i].attempts == attempts)
                        a->held[i] = 1;
            }
            rc = EINV_OK;
        }
        PQclear(r);
    }
    free(ids);
    free(att);
    return rc;
}

/* store_jobs_renew on PostgreSQL. */
int pg_jobs_renew(einv_store_t *base, const store_lease_t *leases, size_t n, int lease_seconds,
                  unsigned char *held)
{
    renew_args_t a = {leases, n, lease_seconds, held};
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, renew_on(c, &a));
    return rc;
}

/* One statement, so verdict and job removal go together; the invoice is updated only from
 * the row the fenced DELETE removed (the claim was still current). The webhook deliveries
 * of the verdict are written in the same transaction. */
#define COMPLETE_UPDATE                                                                          \
    " UPDATE invoices SET status = $3, invoice_format = COALESCE($4, invoice_format),"         \
    " invoice_number = $5, canonical_json = $6, result_json = $7, valid = $8::boolean,"        \
    " error_count = $9::int, warning_count = $10::int, completed_at = now(),"                  \
    " attempts = d.attempts, completed_by = d.worker, extraction_json = $12"                   \
    " FROM d WHERE invoices.id = $2::uuid"

static PGresult *complete_stmt(PGconn *c, const complete_args_t *a, const char *sql)
{
    const store_verdict_t *v = &a->v;
    return pg_x(c, 0, sql, "lssssssBiiis", a->job_id, v->invoice_id, v->status, v->api_format,
                v->invoice_number, v->canonical_json, v->result_json,
                strcmp(v->status, "validated") == 0, v->error_count, v->warning_count, a->attempts,
                v->extraction_json);
}

static int complete_on(PGconn *c, const complete_args_t *a)
{
    /* the usual verdict, of an account without webhooks: one statement and one round trip,
     * no transaction block (the fenced DELETE and the UPDATE commit together). It applies
     * only while the account has no webhook; otherwise (or when the claim is gone) the
     * transaction below writes the deliveries with the status, or answers NOTFOUND. */
    PGresult *r = complete_stmt(c, a,
        "WITH h AS (SELECT EXISTS (SELECT 1 FROM webhooks w JOIN invoices i"
        " ON w.account_id = i.account_id WHERE i.id = $2::uuid) AS hooks),"
        " d AS (DELETE FROM jobs WHERE id = $1::bigint AND invoice_id = $2::uuid"
        " AND attempts = $11::int AND NOT (SELECT hooks FROM h) RETURNING worker, attempts)"
        COMPLETE_UPDATE);
    int rc = !pg_ok(r) ? EINV_ERR : pg_affected(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    PQclear(r);
    if (rc != EINV_ERR_NOTFOUND)
        return rc;
    if (pg_cmd(c, "BEGIN") != EINV_OK)
        return EINV_ERR;
    r = complete_stmt(c, a,
        "WITH d AS (DELETE FROM jobs WHERE id = $1::bigint AND invoice_id = $2::uuid"
        " AND attempts = $11::int RETURNING worker, attempts)" COMPLETE_UPDATE);
    rc = !pg_ok(r) ? EINV_ERR : pg_affected(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    PQclear(r);
    if (rc == EINV_OK)
        rc = pg_webhooks_emit(c, a->v.invoice_id);
    if (rc == EINV_OK)
        return pg_cmd(c, "COMMIT");
    if (PQstatus(c) == CONNECTION_OK)
        pg_cmd(c, "ROLLBACK");
    return rc;
}

/* store_job_complete on PostgreSQL. */
int pg_job_complete(einv_store_t *base, long long job_id, int attempts, const store_verdict_t *v)
{
    complete_args_t a = {job_id, attempts, *v};
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, complete_on(c, &a));
    return rc;
}

static int job_count_on(PGconn *c, long long *n)
{
    PGresult *r = pg_x(c, 0, "SELECT count(*) FROM jobs", "");
    int rc = pg_ok(r) ? EINV_OK : EINV_ERR;
    *n = rc == EINV_OK ? pg_ll(r, 0, 0, 0) : 0;
    PQclear(r);
    return rc;
}

/* store_job_count on PostgreSQL. */
int pg_job_count(einv_store_t *base, long long *n)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, job_count_on(c, n));
    return rc;
}
