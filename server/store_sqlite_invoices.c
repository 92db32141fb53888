/* SQLite backend, invoices and work: the submit transaction (quota check and increment,
 * invoice, payload, job), invoice reads and pages, and the job queue with leases. Write
 * transactions are BEGIN IMMEDIATE under the process write mutex, so the quota counters read
 * at the start of a submit cannot change before it commits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "store_sqlite_int.h"
#include "store_webhooks_int.h"

/* Current counters of a period (0 when no row); EINV_OK / EINV_ERR. */
int sq_usage_read(sqlite3 *db, const char *account_id, const char *key_id, const char *period,
                  long long *account_used, long long *key_used)
{
    *account_used = *key_used = 0;
    if (sq_scalar(db, account_used, 0, "SELECT used FROM account_usage WHERE account_id = ?"
                                        " AND period = ?", "ss", account_id, period) != EINV_OK)
        return EINV_ERR;
    if (key_id && sq_scalar(db, key_used, 0, "SELECT used FROM key_usage WHERE key_id = ?"
                                             " AND period = ?", "ss", key_id, period) != EINV_OK)
        return EINV_ERR;
    return EINV_OK;
}

/* Error for a failed insert: a foreign key means the account or key does not exist. */
static int insert_error(sqlite3 *db, int rc, einv_error_t *err)
{
    if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
        return einv_error_set(err, EINV_ERR_NOTFOUND, "unknown account or API key", "", "");
    return einv_error_set(err, EINV_ERR, "cannot store the invoice", sqlite3_errmsg(db), "");
}

/* One submit as a write of a group commit (store_sqlite_group.c). */
typedef struct sq_submit_op {
    const store_submit_t *in;
    char id[37], now[32], until[32];
    char *number;
    int valid, errors, warnings;
    long long au, ku, job_id;
    einv_error_t *err;
    int failed;                 /* submit_write refused or failed (err says why) */
} sq_submit_op_t;

/* The submit's writes inside the group's transaction: quota, invoice, payload, job (leased
 * at once to in->claim_worker for an in-process hand-off). EINV_OK, STORE_QUOTA or an error. */
static int submit_writes(sqlite3 *db, sq_submit_op_t *o);
static int submit_write(sqlite3 *db, void *arg)
{
    sq_submit_op_t *o = arg;
    /* createdAt is taken here, in the single writer's order: it is then the order in which
     * invoices become visible, so a client following new invoices by keyset pages (after=)
     * never finds one appearing behind its cursor */
    long long t = store_epoch_ms();
    store_time_iso(t, o->now);
    store_time_iso(t + (long long)o->in->claim_lease_seconds * 1000, o->until);
    int rc = submit_writes(db, o);
    o->failed = rc != EINV_OK;
    return rc;
}

static int submit_writes(sqlite3 *db, sq_submit_op_t *o)
{
    const store_submit_t *in = o->in;
    int rc;
    if (!in->sandbox && in->period &&
        sq_usage_read(db, in->account_id, in->key_id, in->period, &o->au, &o->ku) != EINV_OK)
        return einv_error_set(o->err, EINV_ERR, "cannot read the quota counters", "", "");
    if (in->counts) {
        if ((in->key_id && in->key_limit >= 0 && o->ku >= in->key_limit) ||
            (in->account_limit >= 0 && o->au >= in->account_limit))
            return STORE_QUOTA;
        if (in->key_id) {
            rc = sq_exec(db, "INSERT INTO key_usage (key_id, period, used) VALUES (?, ?, 1)"
                             " ON CONFLICT (key_id, period) DO UPDATE SET used = used + 1",
                         "ss", in->key_id, in->period);
            if (rc != SQLITE_DONE)
                return insert_error(db, rc, o->err);
            o->ku++;
        }
        rc = sq_exec(db, "INSERT INTO account_usage (account_id, period, used) VALUES (?, ?, 1)"
                         " ON CONFLICT (account_id, period) DO UPDATE SET used = used + 1",
                     "ss", in->account_id, in->period);
        if (rc != SQLITE_DONE)
            return insert_error(db, rc, o->err);
        o->au++;
    }
    if (in->sandbox)
        rc = sq_exec(db, "INSERT INTO invoices (id, account_id, key_id, status, profile,"
                         " source_format, invoice_format, tier, sandbox, created_at, completed_at,"
                         " invoice_number, canonical_json, result_json, valid, error_count,"
                         " warning_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)",
                     "sssssssssssssiii", o->id, in->account_id, in->key_id,
                     o->valid ? "validated" : "failed_validation", in->profile, in->format,
                     in->api_format ? in->api_format : "", in->tier, o->now, o->now, o->number,
                     in->sandbox_canonical_json, in->sandbox_result_json, o->valid, o->errors,
                     o->warnings);
    else
        rc = sq_exec(db, "INSERT INTO invoices (id, account_id, key_id, status, profile,"
                         " source_format, invoice_format, tier, sandbox, created_at)"
                         " VALUES (?, ?, ?, 'processing', ?, ?, ?, ?, 0, ?)",
                     "ssssssss", o->id, in->account_id, in->key_id, in->profile, in->format,
                     in->api_format ? in->api_format : "", in->tier, o->now);
    if (rc != SQLITE_DONE)
        return insert_error(db, rc, o->err);
    rc = sq_exec(db, "INSERT INTO invoice_payloads (invoice_id, content_type, data) VALUES (?, ?, ?)",
                 "ssb", o->id, in->content_type, in->payload, in->payload_len);
    if (rc == SQLITE_DONE && !in->sandbox && in->claim_worker)
        rc = sq_exec(db, "INSERT INTO jobs (invoice_id, created_at, worker, lease_until, attempts,"
                         " first_claimed_at) VALUES (?, ?, ?, ?, 1, ?)", "sssss", o->id, o->now,
                     in->claim_worker, o->until, o->now);
    else if (rc == SQLITE_DONE && !in->sandbox)
        rc = sq_exec(db, "INSERT INTO jobs (invoice_id, created_at) VALUES (?, ?)", "ss", o->id, o->now);
    if (rc == SQLITE_DONE && !in->sandbox)
        o->job_id = sqlite3_last_insert_rowid(db);
    if (rc == SQLITE_DONE && in->sandbox && sq_webhooks_emit(db, o->id) != EINV_OK)
        rc = SQLITE_ERROR;      /* a sandbox verdict is final at once: its event commits with it */
    if (rc != SQLITE_DONE)
        return insert_error(db, rc, o->err);
    return EINV_OK;
}

/* Submit: its writes in one group commit with the concurrent submits and verdicts (store.h). */
int sq_submit(einv_store_t *base, const store_submit_t *in, char out_id[37],
              store_quota_state_t *q, einv_error_t *err)
{
    sq_store_t *s = (sq_store_t *)base;
    sq_submit_op_t o;
    int rc;
    memset(&o, 0, sizeof o);
    o.in = in;
    o.err = err;
    o.valid = 1;
    store_uuid_v7(o.id);   /* time-ordered: appended to the id indexes */
    if (in->sandbox)
        store_result_summary(in->sandbox_canonical_json, in->sandbox_result_json, &o.number,
                             &o.valid, &o.errors, &o.warnings);
    rc = sq_group_write(s, submit_write, &o, 1);
    free(o.number);
    if (rc != EINV_OK && !o.failed)
        rc = einv_error_set(err, EINV_ERR, "cannot commit the invoice", "", "Retry later");
    if (rc != EINV_OK && rc != STORE_QUOTA)
        return rc;
    q->account_used = o.au;
    q->key_used = o.ku;
    if (rc == STORE_QUOTA)
        return rc;
    store_copy(out_id, 37, o.id);
    if (in->job_id)
        *in->job_id = o.job_id;
    if (!in->sandbox && !in->claim_worker)
        store_waker_signal(&s->base.waker);
    return EINV_OK;
}

#define SUMMARY_COLS "id, account_id, key_id, status, profile, invoice_format, sandbox," \
                     " created_at, invoice_number, valid, error_count, warning_count"

static void read_summary(sqlite3_stmt *st, store_invoice_t *inv)
{
    memset(inv, 0, sizeof *inv);
    sq_colcpy(st, 0, inv->id, sizeof inv->id);
    sq_colcpy(st, 1, inv->account_id, sizeof inv->account_id);
    sq_colcpy(st, 2, inv->key_id, sizeof inv->key_id);
    sq_colcpy(st, 3, inv->status, sizeof inv->status);
    sq_colcpy(st, 4, inv->profile, sizeof inv->profile);
    sq_colcpy(st, 5, inv->format, sizeof inv->format);
    inv->sandbox = sqlite3_column_int(st, 6);
    sq_colcpy(st, 7, inv->created_at, sizeof inv->created_at);
    inv->invoice_number = sq_coldup(st, 8);
    inv->valid = sqlite3_column_int(st, 9);
    inv->error_count = sqlite3_column_int(st, 10);
    inv->warning_count = sqlite3_column_int(st, 11);
}

/* store_invoice_get on SQLite. */
int sq_invoice_get(einv_store_t *base, const char *id, const char *account_id,
                   store_invoice_t *out)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int slot;   /* a client polling its invoice asks this again and again: prepared once */
    sqlite3_stmt *st = sq_prep_cached(db, &slot, "SELECT " SUMMARY_COLS ", canonical_json, result_json,"
                                      " extraction_json FROM invoices WHERE id = ? AND (? IS NULL OR account_id = ?)",
                                      "sss", id, account_id, account_id);
    int rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_ROW) {
        read_summary(st, out);
        out->canonical_json = sq_coldup(st, 12);
        out->result_json = sq_coldup(st, 13);
        out->extraction_json = sq_coldup(st, 14);
    }
    sq_stmt_put(st, slot);
    sq_release(s, db);
    return rc == SQLITE_ROW ? EINV_OK : rc == SQLITE_DONE ? EINV_ERR_NOTFOUND : EINV_ERR;
}

/* store_invoice_payload on SQLite. */
int sq_invoice_payload(einv_store_t *base, const char *id, void **data, size_t *len,
                       char **content_type)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    sqlite3_stmt *st = sq_prep(db, "SELECT data, content_type FROM invoice_payloads"
                                   " WHERE invoice_id = ?", "s", id);
    int rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_ROW) {
        const void *p = sqlite3_column_blob(st, 0);
        size_t n = (size_t)sqlite3_column_bytes(st, 0);
        *data = malloc(n ? n : 1);
        if (*data) {
            if (n)
                memcpy(*data, p, n);
            *len = n;
            *content_type = sq_coldup(st, 1);
        } else {
            rc = SQLITE_NOMEM;
        }
    }
    sqlite3_finalize(st);
    sq_release(s, db);
    return rc == SQLITE_ROW ? EINV_OK : rc == SQLITE_DONE ? EINV_ERR_NOTFOUND : EINV_ERR;
}

/* store_count_invoices on SQLite. */
int sq_count_invoices(einv_store_t *base, const char *account_id, long long *n)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int rc = sq_scalar(db, n, 0, account_id ? "SELECT count(*) FROM invoices WHERE account_id = ?"
                                            : "SELECT count(*) FROM invoices WHERE ? IS NULL",
                       "s", account_id);
    sq_release(s, db);
    return rc;
}

/* Prepare sql (from the statement cache: a listing's texts are few, one per combination
 * of filters and order, and a client following its invoices asks for the same one again and
 * again) and bind the where clause's texts, then n_extra integers after them; *slot for
 * sq_stmt_put. */
static sqlite3_stmt *prep_where(sqlite3 *db, int *slot, const char *sql, const store_where_t *w,
                                const long long *extra, int n_extra)
{
    sqlite3_stmt *st = sq_prep_cached(db, slot, sql, "");
    int i, rc = SQLITE_OK;
    for (i = 0; st && i < w->n && rc == SQLITE_OK; i++)
        rc = sqlite3_bind_text(st, i + 1, w->vals[i], -1, SQLITE_TRANSIENT);
    for (i = 0; st && i < n_extra && rc == SQLITE_OK; i++)
        rc = sqlite3_bind_int64(st, w->n + i + 1, extra[i]);
    if (st && rc != SQLITE_OK) {
        store_log("sqlite bind failed: %s", sqlite3_errmsg(db));
        sq_stmt_put(st, *slot);
        st = NULL;
    }
    return st;
}

/* sort_column comes from store.c's fixed list; ties are broken by insertion order (seq) in
 * the same direction, so pages never overlap or skip rows. Only the filters that are set
 * appear in the text, so the indexes on (account_id, ...) serve it. */
int sq_invoice_list(einv_store_t *base, const char *account_id, const store_list_filter_t *f,
                    long long page, long long size, const char *sort_column, int desc,
                    store_page_t *out)
{
    sq_store_t *s = (sq_store_t *)base;
    char sql[800];
    const char *dir = desc ? "DESC" : "ASC";
    store_where_t w;
    long long lim[2] = {size, page * size};
    int rc, slot;
    sqlite3 *db = sq_acquire(s);
    sqlite3_stmt *st;
    store_list_where(&w, account_id, f, 0);
    store_list_after(&w, f, desc, 0);
    out->total = -1;    /* keyset pages (f->after) are not counted */
    if (!f->after) {
        snprintf(sql, sizeof sql, "SELECT count(*) FROM invoices WHERE %s", w.sql);
        st = prep_where(db, &slot, sql, &w, NULL, 0);
        rc = st ? sqlite3_step(st) : SQLITE_ERROR;
        out->total = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
        sq_stmt_put(st, slot);
        if (rc != SQLITE_ROW) {
            sq_release(s, db);
            return EINV_ERR;
        }
    }
    if (size == 0 || out->total == 0) {
        sq_release(s, db);
        return EINV_OK;
    }
    /* an invoice number selects a handful of rows: without statistics SQLite would rather walk
     * the sort column's index over the whole account ("+" keeps it from ordering by an index) */
    snprintf(sql, sizeof sql, "SELECT " SUMMARY_COLS " FROM invoices WHERE %s"
             " ORDER BY %s%s %s, seq %s LIMIT ? OFFSET ?", w.sql, f->invoice_number ? "+" : "",
             sort_column, dir, dir);
    st = prep_where(db, &slot, sql, &w, lim, 2);
    if (!st) {
        sq_release(s, db);
        return EINV_ERR;
    }
    size_t cap = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (out->n == cap) {
            size_t nc = cap ? cap * 2 : 16;
            store_invoice_t *p = realloc(out->items, nc * sizeof *p);
            if (!p) {
                rc = SQLITE_NOMEM;
                break;
            }
            out->items = p;
            cap = nc;
        }
        read_summary(st, &out->items[out->n++]);
    }
    sq_stmt_put(st, slot);
    sq_release(s, db);
    if (rc != SQLITE_DONE) {
        store_page_clear(out);
        return EINV_ERR;
    }
    return EINV_OK;
}

/* The oldest job that nobody holds (or whose lease ran out) is leased in one write
 * transaction; the payload is read afterwards (the lease keeps the job ours). */
/* Worker writes (claim, verdict) need not wait for the disk: in WAL mode they become durable
 * with the next synchronous commit (the WAL is written in order), and losing one to a power
 * cut only means the job runs again. The 202 path (submit) stays synchronous=FULL. */
static sqlite3 *acquire_relaxed(sq_store_t *s)
{
    sqlite3 *db = sq_acquire(s);
    if (db)
        sqlite3_exec(db, "PRAGMA synchronous=NORMAL", NULL, NULL, NULL);
    return db;
}

static void release_relaxed(sq_store_t *s, sqlite3 *db)
{
    if (db)
        sqlite3_exec(db, "PRAGMA synchronous=FULL", NULL, NULL, NULL);
    sq_release(s, db);
}

int sq_job_claim(einv_store_t *base, const char *worker, int lease_seconds, store_job_t *out)
{
    sq_store_t *s = (sq_store_t *)base;
    char now[32], until[32];
    long long t = store_epoch_ms();
    store_time_iso(t, now);
    store_time_iso(t + (long long)lease_seconds * 1000, until);
    /* first, without the write lock: is there anything to claim? The workers ask every 16th
     * job even while the hand-off feeds them, and the write lock would make a worker wait for
     * the group commit under way (its fsync included) only to find nothing, as is usual */
    long long any = 0;
    sqlite3 *db = sq_acquire(s);
    int rc = sq_scalar(db, &any, 0, "SELECT EXISTS (SELECT 1 FROM jobs WHERE lease_until IS NULL"
                                    " OR lease_until < ?)", "s", now);
    sq_release(s, db);
    if (rc == EINV_OK && !any)
        return EINV_ERR_NOTFOUND;
    db = acquire_relaxed(s);
    if (sq_begin(s, db) != EINV_OK) {
        release_relaxed(s, db);
        return EINV_ERR;
    }
    /* running_ms: julianday() reads our ISO texts ("...Z" included) */
    sqlite3_stmt *st = sq_prep(db, "SELECT j.id, j.invoice_id, j.attempts, i.account_id,"
                                   " i.profile, i.source_format, i.tier, j.worker,"
                                   " CAST(round((julianday(?1) - julianday(j.first_claimed_at))"
                                   " * 86400000.0) AS INTEGER) FROM jobs j JOIN invoices i"
                                   " ON i.id = j.invoice_id WHERE j.lease_until IS NULL OR"
                                   " j.lease_until < ?1 ORDER BY j.id LIMIT 1", "s", now);
    rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_ROW) {
        out->id = sqlite3_column_int64(st, 0);
        sq_colcpy(st, 1, out->invoice_id, sizeof out->invoice_id);
        out->attempts = sqlite3_column_int(st, 2) + 1;
        sq_colcpy(st, 3, out->account_id, sizeof out->account_id);
        sq_colcpy(st, 4, out->profile, sizeof out->profile);
        sq_colcpy(st, 5, out->format, sizeof out->format);
        out->tier = sq_coldup(st, 6);
        sq_colcpy(st, 7, out->prev_worker, sizeof out->prev_worker);
        out->running_ms = sqlite3_column_int64(st, 8);  /* NULL (first claim) reads 0 */
        if (out->running_ms < 0)
            out->running_ms = 0;
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW) {
        sq_rollback(s, db);
        release_relaxed(s, db);
        store_job_clear(out);
        return rc == SQLITE_DONE ? EINV_ERR_NOTFOUND : EINV_ERR;
    }
    if (sq_exec(db, "UPDATE jobs SET worker = ?, lease_until = ?, attempts = ?,"
                    " first_claimed_at = COALESCE(first_claimed_at, ?) WHERE id = ?", "ssisl",
                worker, until, out->attempts, now, out->id) != SQLITE_DONE ||
        sq_commit(s, db) != EINV_OK) {
        if (sqlite3_get_autocommit(db) == 0)
            sq_rollback(s, db);
        release_relaxed(s, db);
        store_job_clear(out);
        return EINV_ERR;
    }
    st = sq_prep(db, "SELECT data FROM invoice_payloads WHERE invoice_id = ?", "s", out->invoice_id);
    rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_ROW) {
        size_t n = (size_t)sqlite3_column_bytes(st, 0);
        out->payload = malloc(n ? n : 1);
        if (out->payload) {
            if (n)
                memcpy(out->payload, sqlite3_column_blob(st, 0), n);
            out->payload_len = n;
        } else {
            rc = SQLITE_NOMEM;
        }
    } else if (rc == SQLITE_DONE) {
        rc = SQLITE_ROW;    /* no payload row: the worker sees an empty document */
    }
    sqlite3_finalize(st);
    release_relaxed(s, db);
    if (rc != SQLITE_ROW) {
        store_job_clear(out);   /* the lease runs out and another claim retries it */
        return EINV_ERR;
    }
    return EINV_OK;
}

/* Heartbeat on SQLite: every claim renewed in one write transaction with one prepared
 * statement, fenced on (id, attempts). */
int sq_jobs_renew(einv_store_t *base, const store_lease_t *leases, size_t n, int lease_seconds,
                  unsigned char *held)
{
    sq_store_t *s = (sq_store_t *)base;
    char until[32];
    int rc = SQLITE_DONE;
    store_time_iso(store_epoch_ms() + (long long)lease_seconds * 1000, until);
    sqlite3 *db = acquire_relaxed(s);
    if (sq_begin(s, db) != EINV_OK) {
        release_relaxed(s, db);
        return EINV_ERR;
    }
    sqlite3_stmt *st = sq_prep(db, "UPDATE jobs SET lease_until = ? WHERE id = ? AND attempts = ?",
                               "s", until);
    for (size_t i = 0; st && i < n && rc == SQLITE_DONE; i++) {
        sqlite3_bind_int64(st, 2, leases[i].job_id);
        sqlite3_bind_int(st, 3, leases[i].attempts);
        rc = sqlite3_step(st);
        held[i] = rc == SQLITE_DONE && sqlite3_changes(db) > 0;
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    if (!st || rc != SQLITE_DONE) {
        sq_rollback(s, db);
        release_relaxed(s, db);
        return EINV_ERR;
    }
    rc = sq_commit(s, db);
    release_relaxed(s, db);
    return rc;
}

/* A verdict as a write of a group commit (store_sqlite_group.c). */
typedef struct sq_complete_op {
    long long job_id;
    int attempts;
    store_verdict_t v;
    char now[32];
} sq_complete_op_t;

/* Verdict on the invoice and job removal, only while the claim is current: the DELETE of
 * the (id, attempts) row decides, and the invoice is updated only when it removed the job.
 * The webhook deliveries of this status are written in the same transaction. */
static int complete_write(sqlite3 *db, void *arg)
{
    sq_complete_op_t *o = arg;
    const store_verdict_t *v = &o->v;
    char by[160] = "";
    int valid = strcmp(v->status, "validated") == 0;
    int slot;
    sqlite3_stmt *st = sq_prep_cached(db, &slot, "DELETE FROM jobs WHERE id = ? AND invoice_id = ?"
                                      " AND attempts = ? RETURNING worker", "lsi", o->job_id,
                                      v->invoice_id, o->attempts);
    int rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    int held = rc == SQLITE_ROW;
    if (held) {
        sq_colcpy(st, 0, by, sizeof by);
        rc = sqlite3_step(st);
    }
    sq_stmt_put(st, slot);
    if (rc != SQLITE_DONE || !held)
        return rc == SQLITE_DONE ? EINV_ERR_NOTFOUND : EINV_ERR;
    rc = sq_exec(db, "UPDATE invoices SET status = ?, invoice_format = COALESCE(?, invoice_format),"
                     " invoice_number = ?, canonical_json = ?, result_json = ?, extraction_json = ?,"
                     " valid = ?, error_count = ?, warning_count = ?, completed_at = ?, attempts = ?,"
                     " completed_by = ? WHERE id = ?",
                 "ssssssiiisiss", v->status, v->api_format, v->invoice_number, v->canonical_json,
                 v->result_json, v->extraction_json, valid, v->error_count, v->warning_count, o->now,
                 o->attempts, by, v->invoice_id);
    if (rc != SQLITE_DONE || sqlite3_changes(db) == 0)
        return rc == SQLITE_DONE ? EINV_ERR_NOTFOUND : EINV_ERR;
    /* the webhook deliveries of this status commit with it, or neither does */
    return sq_webhooks_emit(db, v->invoice_id) == EINV_OK ? EINV_OK : EINV_ERR;
}

/* store_job_complete on SQLite: one write of the next group commit. */
int sq_job_complete(einv_store_t *base, long long job_id, int attempts, const store_verdict_t *v)
{
    sq_complete_op_t o = {job_id, attempts, *v, ""};
    store_now(o.now);
    return sq_group_write((sq_store_t *)base, complete_write, &o, 0);
}

/* A verdict queued without waiting: owned copies of its texts, and whom to tell. */
typedef struct sq_async_complete {
    sq_complete_op_t o;         /* first: the group write's argument is the whole record */
    store_verdict_copy_t v;
    store_done_fn done;
    void *arg;
} sq_async_complete_t;

static void async_complete_after(int rc, void *p)
{
    sq_async_complete_t *a = p;
    a->done(rc, a->arg);
    store_verdict_copy_free(&a->v);
    free(a);
}

/* store_job_complete_async on SQLite: the verdict joins the next group; the worker goes on. */
int sq_job_complete_async(einv_store_t *base, long long job_id, int attempts, const store_verdict_t *v,
                          store_done_fn done, void *arg)
{
    sq_async_complete_t *a = calloc(1, sizeof *a);
    if (!a || store_verdict_copy(&a->v, v) != 0) {
        /* no memory for the copies: store it the waiting way */
        free(a);
        done(sq_job_complete(base, job_id, attempts, v), arg);
        return EINV_OK;
    }
    a->o = (sq_complete_op_t){job_id, attempts, a->v.v, ""};
    store_now(a->o.now);
    a->done = done;
    a->arg = arg;
    sq_group_write_async((sq_store_t *)base, complete_write, &a->o, a->v.bytes, async_complete_after);
    return EINV_OK;
}

/* store_job_count on SQLite. */
int sq_job_count(einv_store_t *base, long long *n)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int rc = sq_scalar(db, n, 0, "SELECT count(*) FROM jobs", "");
    sq_release(s, db);
    return rc;
}

/* store_jobs_recover on SQLite: one process owns an SQLite store, so at its start every
 * lease belongs to a worker of a previous run that is gone; release them at once instead of
 * waiting for the lease to run out. */
int sq_jobs_recover(einv_store_t *base)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int rc = sq_write(s, db, NULL, "UPDATE jobs SET lease_until = NULL"
                                   " WHERE lease_until IS NOT NULL", "");
    sq_release(s, db);
    /* sq_write answers in SQLite's codes (SQLITE_DONE on success); the store's are EINV_* */
    return rc == SQLITE_DONE ? EINV_OK : EINV_ERR;
}
