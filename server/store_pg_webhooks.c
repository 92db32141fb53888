/* PostgreSQL backend of the webhooks part of the store (store_webhooks.h): webhooks, the
 * deliveries written with a final status (pg_webhooks_emit, inside the caller's
 * transaction), and the claim / finish cycle of the delivery workers. Several einvoiced
 * processes share the deliveries: a claim takes the due row with FOR UPDATE SKIP LOCKED and
 * leases it by moving its next_attempt_at to the end of the lease. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "store_pg_int.h"
#include "store_webhooks_int.h"

#define WEBHOOK_COLS "id, account_id, url, events, description, einv_iso(created_at)"
#define DELIVERY_COLS "id, webhook_id, event_id, event_type, invoice_id, status, attempts," \
                      " einv_iso(created_at), einv_iso(next_attempt_at), einv_iso(last_attempt_at)," \
                      " einv_iso(completed_at), last_status_code, last_error"

static void read_webhook(const PGresult *r, int row, store_webhook_t *w)
{
    memset(w, 0, sizeof *w);
    pg_cpy(r, row, 0, w->id, sizeof w->id);
    pg_cpy(r, row, 1, w->account_id, sizeof w->account_id);
    w->url = pg_dup(r, row, 2);
    w->events = (int)pg_ll(r, row, 3, 0);
    w->description = pg_dup(r, row, 4);
    pg_cpy(r, row, 5, w->created_at, sizeof w->created_at);
}

static void read_delivery(const PGresult *r, int row, store_delivery_t *d)
{
    memset(d, 0, sizeof *d);
    pg_cpy(r, row, 0, d->id, sizeof d->id);
    pg_cpy(r, row, 1, d->webhook_id, sizeof d->webhook_id);
    pg_cpy(r, row, 2, d->event_id, sizeof d->event_id);
    pg_cpy(r, row, 3, d->event_type, sizeof d->event_type);
    pg_cpy(r, row, 4, d->invoice_id, sizeof d->invoice_id);
    pg_cpy(r, row, 5, d->status, sizeof d->status);
    d->attempts = (int)pg_ll(r, row, 6, 0);
    pg_cpy(r, row, 7, d->created_at, sizeof d->created_at);
    pg_cpy(r, row, 8, d->next_attempt_at, sizeof d->next_attempt_at);
    pg_cpy(r, row, 9, d->last_attempt_at, sizeof d->last_attempt_at);
    pg_cpy(r, row, 10, d->completed_at, sizeof d->completed_at);
    d->last_status_code = (int)pg_ll(r, row, 11, 0);
    d->last_error = pg_dup(r, row, 12);
}

typedef struct create_args {
    const char *account_id, *url, *description, *secret;
    int events, max;
    store_webhook_t *out;
    einv_error_t *err;
} create_args_t;

/* The account row is locked first, so concurrent creates of one account count in turn and
 * never pass the limit together. */
static int create_on(PGconn *c, const create_args_t *a)
{
    PGresult *r;
    int rc;
    if (pg_cmd(c, "BEGIN") != EINV_OK)
        return EINV_ERR;
    r = pg_x(c, 0, "SELECT (SELECT count(*) FROM webhooks WHERE account_id = $1::uuid)"
                   " FROM accounts WHERE id = $1::uuid FOR UPDATE", "s", a->account_id);
    if (!pg_ok(r))
        rc = EINV_ERR;
    else if (PQntuples(r) == 0)
        rc = einv_error_set(a->err, EINV_ERR_NOTFOUND, "unknown account", "", "");
    else if (a->max > 0 && pg_ll(r, 0, 0, 0) >= a->max)
        rc = einv_error_set(a->err, EINV_ERR_LIMIT, "webhook limit reached", "", "");
    else
        rc = EINV_OK;
    PQclear(r);
    if (rc == EINV_OK) {
        r = pg_x(c, 0, "INSERT INTO webhooks (id, account_id, url, events, description, secret)"
                       " VALUES ($1::uuid, $2::uuid, $3, $4::int, $5, $6) RETURNING einv_iso(created_at)",
                 "sssiss", a->out->id, a->account_id, a->url, a->events, a->description, a->secret);
        rc = pg_ok(r) && PQntuples(r) == 1 ? EINV_OK : EINV_ERR;
        if (rc == EINV_OK)
            pg_cpy(r, 0, 0, a->out->created_at, sizeof a->out->created_at);
        PQclear(r);
    }
    if (rc == EINV_OK)
        rc = pg_cmd(c, "COMMIT");
    else if (PQstatus(c) == CONNECTION_OK)
        pg_cmd(c, "ROLLBACK");
    return rc;
}

static int wh_create(einv_store_t *base, const char *account_id, const char *url, int events,
                     const char *description, const char *secret, int max_per_account,
                     store_webhook_t *out, einv_error_t *err)
{
    create_args_t a = {account_id, url, description, secret, events, max_per_account, out, err};
    int rc;
    memset(out, 0, sizeof *out);
    store_uuid(out->id);
    store_copy(out->account_id, sizeof out->account_id, account_id);
    PG_CALL((pg_store_t *)base, rc, c, create_on(c, &a));
    if (rc == EINV_ERR && !err->message[0])
        einv_error_set(err, EINV_ERR, "cannot store the webhook", "", "Retry later");
    if (rc == EINV_OK) {
        out->url = strdup(url);
        out->description = store_strdup(description);
        out->secret = strdup(secret);
        out->events = events;
    }
    return rc;
}

static int list_on(PGconn *c, const char *account_id, const char *id, store_webhook_t **out, size_t *n)
{
    PGresult *r = pg_x(c, 0, "SELECT " WEBHOOK_COLS " FROM webhooks WHERE account_id = $1::uuid"
                             " AND ($2::uuid IS NULL OR id = $2::uuid) ORDER BY seq", "ss",
                       account_id, id);
    int rc = pg_ok(r) ? EINV_OK : EINV_ERR, rows = rc == EINV_OK ? PQntuples(r) : 0;
    if (rows > 0 && !(*out = calloc((size_t)rows, sizeof **out)))
        rc = EINV_ERR_NOMEM;
    for (int i = 0; rc == EINV_OK && i < rows; i++)
        read_webhook(r, i, &(*out)[i]);
    if (rc == EINV_OK)
        *n = (size_t)rows;
    PQclear(r);
    return rc;
}

static int wh_list(einv_store_t *base, const char *account_id, const char *id,
                   store_webhook_t **out, size_t *n)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, list_on(c, account_id, id, out, n));
    return rc == EINV_ERR_NOMEM ? EINV_ERR : rc;
}

static int remove_on(PGconn *c, const char *account_id, const char *id)
{
    /* the deliveries go with it (ON DELETE CASCADE): pending ones are dropped */
    PGresult *r = pg_x(c, 0, "DELETE FROM webhooks WHERE id = $1::uuid AND account_id = $2::uuid",
                       "ss", id, account_id);
    int rc = !pg_ok(r) ? EINV_ERR : pg_affected(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    PQclear(r);
    return rc;
}

static int wh_remove(einv_store_t *base, const char *account_id, const char *id)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, remove_on(c, account_id, id));
    return rc;
}

typedef struct page_args {
    const char *webhook_id;
    long long page, size;
    store_delivery_t **out;
    size_t *n;
    long long *total;
} page_args_t;

static int delivery_list_on(PGconn *c, const page_args_t *a)
{
    PGresult *r = pg_x(c, 0, "SELECT count(*) FROM webhook_deliveries WHERE webhook_id = $1::uuid",
                       "s", a->webhook_id);
    int rc = pg_ok(r) ? EINV_OK : EINV_ERR;
    *a->total = rc == EINV_OK ? pg_ll(r, 0, 0, 0) : 0;
    PQclear(r);
    if (rc != EINV_OK || a->size == 0 || *a->total == 0)
        return rc;
    r = pg_x(c, 0, "SELECT " DELIVERY_COLS " FROM webhook_deliveries WHERE webhook_id = $1::uuid"
                   " ORDER BY seq DESC LIMIT $2::bigint OFFSET $3::bigint", "sll", a->webhook_id,
             a->size, a->page * a->size);
    int rows = pg_ok(r) ? PQntuples(r) : -1;
    if (rows < 0)
        rc = EINV_ERR;
    else if (rows > 0 && !(*a->out = calloc((size_t)rows, sizeof **a->out)))
        rc = EINV_ERR_NOMEM;
    for (int i = 0; rc == EINV_OK && i < rows; i++)
        read_delivery(r, i, &(*a->out)[i]);
    if (rc == EINV_OK && rows > 0)
        *a->n = (size_t)rows;
    PQclear(r);
    return rc;
}

static int wh_delivery_list(einv_store_t *base, const char *webhook_id, long long page,
                            long long size, store_delivery_t **out, size_t *n, long long *total)
{
    page_args_t a = {webhook_id, page, size, out, n, total};
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, delivery_list_on(c, &a));
    return rc == EINV_ERR_NOMEM ? EINV_ERR : rc;
}

/* One statement: the due row is picked once (MATERIALIZED, as in the job claim), locked
 * against other claimers (SKIP LOCKED passes over rows being claimed elsewhere) and leased. */
static int claim_on(PGconn *c, int lease_ms, store_delivery_t *out)
{
    PGresult *r = pg_x(c, 0,
        "WITH c AS MATERIALIZED (SELECT id FROM webhook_deliveries WHERE status = 'pending'"
        "       AND next_attempt_at <= now() ORDER BY next_attempt_at, seq LIMIT 1"
        "       FOR UPDATE SKIP LOCKED)"
        " UPDATE webhook_deliveries d SET attempts = d.attempts + 1, last_attempt_at = now(),"
        " last_status_code = -1,"
        " next_attempt_at = now() + make_interval(secs => ($1::int / 1000.0)::float8)"
        " FROM c, webhooks w WHERE d.id = c.id AND w.id = d.webhook_id"
        " RETURNING d.id, d.webhook_id, d.event_id, d.event_type, d.invoice_id, d.status, d.attempts,"
        " einv_iso(d.created_at), einv_iso(d.next_attempt_at), einv_iso(d.last_attempt_at),"
        " einv_iso(d.completed_at), d.last_status_code, d.last_error, d.body, w.url, w.secret,"
        " (extract(epoch FROM now() - d.created_at) * 1000)::bigint", "i", lease_ms);
    int rc = !pg_ok(r) ? EINV_ERR : PQntuples(r) == 1 ? EINV_OK : EINV_ERR_NOTFOUND;
    if (rc == EINV_OK) {
        read_delivery(r, 0, out);
        out->body = pg_dup(r, 0, 13);
        out->url = pg_dup(r, 0, 14);
        out->secret = pg_dup(r, 0, 15);
        out->age_ms = pg_ll(r, 0, 16, 0);
        if (!out->body || !out->url || !out->secret) {
            store_delivery_clear(out);
            rc = EINV_ERR;
        }
    }
    PQclear(r);
    return rc;
}

static int wh_claim(einv_store_t *base, int lease_ms, store_delivery_t *out)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, claim_on(c, lease_ms, out));
    return rc;
}

typedef struct finish_args {
    const char *id, *error;
    int attempts, delivered, status_code;
    long long retry_ms;
} finish_args_t;

static int finish_on(PGconn *c, const finish_args_t *a)
{
    const char *status = a->delivered ? "delivered" : a->retry_ms >= 0 ? "pending" : "failed";
    int final = strcmp(status, "pending") != 0;
    /* one statement; when the receiver failed, its other deliveries wait as long
     * (store_webhooks.h); the fenced row is the CTE's, the others the outer UPDATE's */
    PGresult *r = pg_x(c, 0,
        "WITH f AS (UPDATE webhook_deliveries SET status = $1,"
        " next_attempt_at = CASE WHEN $2::boolean THEN NULL"
        "   ELSE now() + make_interval(secs => ($3::bigint / 1000.0)::float8) END,"
        " completed_at = CASE WHEN $2::boolean THEN now() END,"
        " last_status_code = $4::int, last_error = $5"
        " WHERE id = $6::uuid AND attempts = $7::int AND status = 'pending'"
        " RETURNING webhook_id, next_attempt_at),"
        " o AS (UPDATE webhook_deliveries d SET next_attempt_at = f.next_attempt_at FROM f"
        " WHERE NOT $2::boolean AND d.webhook_id = f.webhook_id AND d.id <> $6::uuid"
        " AND d.status = 'pending' AND d.next_attempt_at < f.next_attempt_at)"
        " SELECT count(*) FROM f",
        "sBlissi", status, final, a->retry_ms > 0 ? a->retry_ms : 0, a->status_code, a->error,
        a->id, a->attempts);
    int rc = !pg_ok(r) ? EINV_ERR : pg_ll(r, 0, 0, 0) ? EINV_OK : EINV_ERR_NOTFOUND;
    PQclear(r);
    return rc;
}

static int wh_finish(einv_store_t *base, const char *id, int attempts, int delivered,
                     int status_code, const char *error, long long retry_ms)
{
    finish_args_t a = {id, error, attempts, delivered, status_code, retry_ms};
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, finish_on(c, &a));
    return rc;
}

static int release_on(PGconn *c, const char *id, int attempts)
{
    PGresult *r = pg_x(c, 0, "UPDATE webhook_deliveries SET attempts = attempts - 1,"
                             " next_attempt_at = now(), last_status_code = NULL"
                             " WHERE id = $1::uuid AND attempts = $2::int"
                             " AND status = 'pending'", "si", id, attempts);
    int rc = !pg_ok(r) ? EINV_ERR : pg_affected(r) ? EINV_OK : EINV_ERR_NOTFOUND;
    PQclear(r);
    return rc;
}

static int wh_release(einv_store_t *base, const char *id, int attempts)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, release_on(c, id, attempts));
    return rc;
}

static int prune_on(PGconn *c, int keep_days, long long *removed)
{
    PGresult *r = pg_x(c, 0, "DELETE FROM webhook_deliveries WHERE status <> 'pending'"
                             " AND completed_at <= now() - make_interval(days => $1::int)", "i", keep_days);
    int rc = pg_ok(r) ? EINV_OK : EINV_ERR;
    *removed = rc == EINV_OK ? pg_affected(r) : 0;
    PQclear(r);
    return rc;
}

static int wh_prune(einv_store_t *base, int keep_days, long long *removed)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, prune_on(c, keep_days, removed));
    return rc;
}

static int pending_on(PGconn *c, long long *n)
{
    PGresult *r = pg_x(c, 0, "SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'", "");
    int rc = pg_ok(r) ? EINV_OK : EINV_ERR;
    *n = rc == EINV_OK ? pg_ll(r, 0, 0, 0) : 0;
    PQclear(r);
    return rc;
}

static int wh_pending(einv_store_t *base, long long *n)
{
    int rc;
    PG_CALL((pg_store_t *)base, rc, c, pending_on(c, n));
    return rc;
}

/* The deliveries of an invoice's final status (store_webhooks_int.h); c is inside the
 * caller's transaction, which has just stored that status. */
int pg_webhooks_emit(PGconn *c, const char *invoice_id)
{
    store_invoice_t inv;
    char event_id[37], now[32];
    char *body = NULL;
    int rc = EINV_OK, bit;
    PGresult *w, *r = pg_x(c, 0, "SELECT account_id, status, profile, invoice_format, sandbox,"
                                 " einv_iso(created_at), invoice_number, valid, error_count,"
                                 " warning_count, einv_iso(now()) FROM invoices WHERE id = $1::uuid",
                           "s", invoice_id);
    if (!pg_ok(r) || PQntuples(r) != 1) {
        rc = pg_ok(r) ? EINV_OK : EINV_ERR;
        PQclear(r);
        return rc;
    }
    memset(&inv, 0, sizeof inv);
    store_copy(inv.id, sizeof inv.id, invoice_id);
    pg_cpy(r, 0, 0, inv.account_id, sizeof inv.account_id);
    pg_cpy(r, 0, 1, inv.status, sizeof inv.status);
    pg_cpy(r, 0, 2, inv.profile, sizeof inv.profile);
    pg_cpy(r, 0, 3, inv.format, sizeof inv.format);
    inv.sandbox = pg_bool(r, 0, 4);
    pg_cpy(r, 0, 5, inv.created_at, sizeof inv.created_at);
    inv.invoice_number = pg_dup(r, 0, 6);
    inv.valid = pg_bool(r, 0, 7);
    inv.error_count = (int)pg_ll(r, 0, 8, 0);
    inv.warning_count = (int)pg_ll(r, 0, 9, 0);
    pg_cpy(r, 0, 10, now, sizeof now);      /* the transaction's time, as the rows get */
    PQclear(r);
    bit = store_event_of_status(inv.status);
    w = pg_x(c, 0, "SELECT id FROM webhooks WHERE account_id = $1::uuid AND (events & $2::int) <> 0"
                   " ORDER BY seq", "si", inv.account_id, bit);
    if (!pg_ok(w))
        rc = EINV_ERR;
    /* one event id for all of the account's webhooks: it names the event, not the delivery */
    store_uuid(event_id);
    for (int i = 0; rc == EINV_OK && i < PQntuples(w); i++) {
        char did[37];
        if (!body && !(body = store_event_body(event_id, store_event_name(bit), now, &inv))) {
            rc = EINV_ERR;
            break;
        }
        store_uuid(did);
        r = pg_x(c, 0, "INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type,"
                       " invoice_id, body, next_attempt_at) VALUES ($1::uuid, $2::uuid, $3::uuid,"
                       " $4, $5::uuid, $6, now())", "ssssss", did, PQgetvalue(w, i, 0), event_id,
                 store_event_name(bit), invoice_id, body);
        rc = pg_ok(r) ? EINV_OK : EINV_ERR;
        PQclear(r);
        if (rc == EINV_OK)
            store_delivery_written_mark();
    }
    PQclear(w);
    free(body);
    store_invoice_clear(&inv);
    return rc;
}

const store_webhook_ops_t store_webhooks_pg = {
    .create = wh_create,
    .list = wh_list,
    .remove = wh_remove,
    .delivery_list = wh_delivery_list,
    .claim = wh_claim,
    .finish = wh_finish,
    .release = wh_release,
    .pending = wh_pending,
    .prune = wh_prune,
};
