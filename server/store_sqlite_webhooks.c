/* SQLite backend of the webhooks part of the store (store_webhooks.h): webhooks, the
 * deliveries written with a final status (sq_webhooks_emit, inside the caller's write
 * transaction), and the claim / finish cycle of the delivery workers. One process owns an
 * SQLite store, so claims need no row locks: BEGIN IMMEDIATE under the write mutex. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "store_sqlite_int.h"
#include "store_webhooks_int.h"

#define WEBHOOK_COLS "id, account_id, url, events, description, created_at"
#define DELIVERY_COLS "id, webhook_id, event_id, event_type, invoice_id, status, attempts," \
                      " created_at, next_attempt_at, last_attempt_at, completed_at," \
                      " last_status_code, last_error"

static void read_webhook(sqlite3_stmt *st, store_webhook_t *w)
{
    memset(w, 0, sizeof *w);
    sq_colcpy(st, 0, w->id, sizeof w->id);
    sq_colcpy(st, 1, w->account_id, sizeof w->account_id);
    w->url = sq_coldup(st, 2);
    w->events = sqlite3_column_int(st, 3);
    w->description = sq_coldup(st, 4);
    sq_colcpy(st, 5, w->created_at, sizeof w->created_at);
}

static void read_delivery(sqlite3_stmt *st, store_delivery_t *d)
{
    memset(d, 0, sizeof *d);
    sq_colcpy(st, 0, d->id, sizeof d->id);
    sq_colcpy(st, 1, d->webhook_id, sizeof d->webhook_id);
    sq_colcpy(st, 2, d->event_id, sizeof d->event_id);
    sq_colcpy(st, 3, d->event_type, sizeof d->event_type);
    sq_colcpy(st, 4, d->invoice_id, sizeof d->invoice_id);
    sq_colcpy(st, 5, d->status, sizeof d->status);
    d->attempts = sqlite3_column_int(st, 6);
    sq_colcpy(st, 7, d->created_at, sizeof d->created_at);
    sq_colcpy(st, 8, d->next_attempt_at, sizeof d->next_attempt_at);
    sq_colcpy(st, 9, d->last_attempt_at, sizeof d->last_attempt_at);
    sq_colcpy(st, 10, d->completed_at, sizeof d->completed_at);
    d->last_status_code = sqlite3_column_int(st, 11);
    d->last_error = sq_coldup(st, 12);
}

static int wh_create(einv_store_t *base, const char *account_id, const char *url, int events,
                     const char *description, const char *secret, int max_per_account,
                     store_webhook_t *out, einv_error_t *err)
{
    sq_store_t *s = (sq_store_t *)base;
    long long have = 0;
    int rc;
    memset(out, 0, sizeof *out);
    store_uuid(out->id);
    store_now(out->created_at);
    store_copy(out->account_id, sizeof out->account_id, account_id);
    sqlite3 *db = sq_acquire(s);
    if (sq_begin(s, db) != EINV_OK) {
        sq_release(s, db);
        return einv_error_set(err, EINV_ERR, "database busy", "", "Retry later");
    }
    /* the count and the insert in one write transaction: concurrent creates cannot pass the limit */
    if (sq_scalar(db, &have, 0, "SELECT count(*) FROM webhooks WHERE account_id = ?", "s",
                  account_id) != EINV_OK) {
        rc = einv_error_set(err, EINV_ERR, "cannot count the webhooks", "", "");
    } else if (max_per_account > 0 && have >= max_per_account) {
        rc = einv_error_set(err, EINV_ERR_LIMIT, "webhook limit reached", "", "");
    } else {
        rc = sq_exec(db, "INSERT INTO webhooks (id, account_id, url, events, description, secret,"
                         " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)", "sssisss", out->id,
                     account_id, url, events, description, secret, out->created_at);
        rc = rc == SQLITE_DONE ? EINV_OK
             : rc == SQLITE_CONSTRAINT_FOREIGNKEY
                 ? einv_error_set(err, EINV_ERR_NOTFOUND, "unknown account", "", "")
                 : einv_error_set(err, EINV_ERR, "cannot store the webhook", sqlite3_errmsg(db), "");
    }
    if (rc == EINV_OK && sq_commit(s, db) != EINV_OK)
        rc = einv_error_set(err, EINV_ERR, "cannot commit the webhook", "", "");
    else if (rc != EINV_OK)
        sq_rollback(s, db);
    sq_release(s, db);
    if (rc == EINV_OK) {
        out->url = strdup(url);
        out->description = store_strdup(description);
        out->secret = strdup(secret);
        out->events = events;
    }
    return rc;
}

/* Step st to its end, reading each row into a growing array of item_size items (*out,
 * *n). SQLITE_DONE, or the failing code with the array freed (clear frees one item). */
static int collect(sqlite3_stmt *st, void **out, size_t *n, size_t item_size,
                   void (*read)(sqlite3_stmt *, void *), void (*clear)(void *))
{
    size_t cap = 0;
    int rc = st ? SQLITE_DONE : SQLITE_ERROR;
    while (st && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (*n == cap) {
            size_t nc = cap ? cap * 2 : 8;
            void *p = realloc(*out, nc * item_size);
            if (!p) {
                rc = SQLITE_NOMEM;
                break;
            }
            *out = p;
            cap = nc;
        }
        read(st, (char *)*out + (*n)++ * item_size);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
        for (size_t i = 0; i < *n; i++)
            clear((char *)*out + i * item_size);
        free(*out);
        *out = NULL;
        *n = 0;
    }
    return rc;
}

static void read_webhook_v(sqlite3_stmt *st, void *w) { read_webhook(st, w); }
static void clear_webhook_v(void *w) { store_webhook_clear(w); }
static void read_delivery_v(sqlite3_stmt *st, void *d) { read_delivery(st, d); }
static void clear_delivery_v(void *d) { store_delivery_clear(d); }

static int wh_list(einv_store_t *base, const char *account_id, const char *id,
                   store_webhook_t **out, size_t *n)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    sqlite3_stmt *st = sq_prep(db, "SELECT " WEBHOOK_COLS " FROM webhooks WHERE account_id = ?"
                                   " AND (? IS NULL OR id = ?) ORDER BY seq", "sss",
                               account_id, id, id);
    int rc = collect(st, (void **)out, n, sizeof **out, read_webhook_v, clear_webhook_v);
    sq_release(s, db);
    return rc == SQLITE_DONE ? EINV_OK : EINV_ERR;
}

static int wh_remove(einv_store_t *base, const char *account_id, const char *id)
{
    sq_store_t *s = (sq_store_t *)base;
    int changes = 0;
    sqlite3 *db = sq_acquire(s);
    /* the deliveries go with it (ON DELETE CASCADE): pending ones are dropped */
    int rc = sq_write(s, db, &changes, "DELETE FROM webhooks WHERE id = ? AND account_id = ?", "ss",
                      id, account_id);
    sq_release(s, db);
    return rc != SQLITE_DONE ? EINV_ERR : changes ? EINV_OK : EINV_ERR_NOTFOUND;
}

static int wh_delivery_list(einv_store_t *base, const char *webhook_id, long long page,
                            long long size, store_delivery_t **out, size_t *n, long long *total)
{
    sq_store_t *s = (sq_store_t *)base;
    int rc = SQLITE_DONE;
    sqlite3 *db = sq_acquire(s);
    if (sq_scalar(db, total, 0, "SELECT count(*) FROM webhook_deliveries WHERE webhook_id = ?", "s",
                  webhook_id) != EINV_OK)
        rc = SQLITE_ERROR;
    else if (size > 0 && *total > 0)
        rc = collect(sq_prep(db, "SELECT " DELIVERY_COLS " FROM webhook_deliveries"
                                 " WHERE webhook_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?",
                             "sll", webhook_id, size, page * size),
                     (void **)out, n, sizeof **out, read_delivery_v, clear_delivery_v);
    sq_release(s, db);
    return rc == SQLITE_DONE ? EINV_OK : EINV_ERR;
}

static int wh_claim(einv_store_t *base, int lease_ms, store_delivery_t *out)
{
    sq_store_t *s = (sq_store_t *)base;
    char now[32], until[32];
    long long t = store_epoch_ms();
    store_time_iso(t, now);
    store_time_iso(t + lease_ms, until);
    sqlite3 *db = sq_acquire(s);
    if (sq_begin(s, db) != EINV_OK) {
        sq_release(s, db);
        return EINV_ERR;
    }
    sqlite3_stmt *st = sq_prep(db, "SELECT " DELIVERY_COLS ", body, CAST(round((julianday(?1)"
                                   " - julianday(created_at)) * 86400000.0) AS INTEGER)"
                                   " FROM webhook_deliveries WHERE status = 'pending'"
                                   " AND next_attempt_at <= ?1 ORDER BY next_attempt_at, seq LIMIT 1",
                               "s", now);
    int rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_ROW) {
        read_delivery(st, out);
        out->body = sq_coldup(st, 13);
        out->age_ms = sqlite3_column_int64(st, 14);
        out->attempts++;
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW) {
        st = sq_prep(db, "SELECT url, secret FROM webhooks WHERE id = ?", "s", out->webhook_id);
        rc = st ? sqlite3_step(st) : SQLITE_ERROR;
        if (rc == SQLITE_ROW) {
            out->url = sq_coldup(st, 0);
            out->secret = sq_coldup(st, 1);
        }
        sqlite3_finalize(st);
    }
    if (rc != SQLITE_ROW || !out->body || !out->url || !out->secret) {
        sq_rollback(s, db);
        sq_release(s, db);
        store_delivery_clear(out);
        return rc == SQLITE_DONE ? EINV_ERR_NOTFOUND : EINV_ERR;
    }
    /* the lease: due again at its end, should this worker never report back */
    rc = sq_exec(db, "UPDATE webhook_deliveries SET attempts = ?, next_attempt_at = ?,"
                     " last_attempt_at = ?, last_status_code = -1 WHERE id = ?", "isss",
                 out->attempts, until, now, out->id);
    if (rc != SQLITE_DONE || sq_commit(s, db) != EINV_OK) {
        if (sqlite3_get_autocommit(db) == 0)
            sq_rollback(s, db);
        sq_release(s, db);
        store_delivery_clear(out);
        return EINV_ERR;
    }
    sq_release(s, db);
    store_copy(out->next_attempt_at, sizeof out->next_attempt_at, until);
    store_copy(out->last_attempt_at, sizeof out->last_attempt_at, now);
    return EINV_OK;
}

static int wh_finish(einv_store_t *base, const char *id, int attempts, int delivered,
                     int status_code, const char *error, long long retry_ms)
{
    sq_store_t *s = (sq_store_t *)base;
    char now[32], next[32];
    int changes = 0;
    long long t = store_epoch_ms();
    const char *status = delivered ? "delivered" : retry_ms >= 0 ? "pending" : "failed";
    int final = strcmp(status, "pending") != 0;
    store_time_iso(t, now);
    store_time_iso(t + (retry_ms > 0 ? retry_ms : 0), next);
    sqlite3 *db = sq_acquire(s);
    if (sq_begin(s, db) != EINV_OK) {
        sq_release(s, db);
        return EINV_ERR;
    }
    int rc = sq_exec(db, "UPDATE webhook_deliveries SET status = ?, next_attempt_at = ?,"
                         " completed_at = ?, last_status_code = ?, last_error = ?"
                         " WHERE id = ? AND attempts = ? AND status = 'pending'",
                     "sssissi", status, final ? NULL : next, final ? now : NULL,
                     status_code, error, id, attempts);
    changes = sqlite3_changes(db);
    /* the receiver failed: its other deliveries wait as long (store_webhooks.h) */
    if (rc == SQLITE_DONE && changes && !final)
        rc = sq_exec(db, "UPDATE webhook_deliveries SET next_attempt_at = ?1 WHERE webhook_id ="
                         " (SELECT webhook_id FROM webhook_deliveries WHERE id = ?2) AND id <> ?2"
                         " AND status = 'pending' AND next_attempt_at < ?1", "ss", next, id);
    if (rc == SQLITE_DONE)
        rc = sq_commit(s, db) == EINV_OK ? SQLITE_DONE : SQLITE_ERROR;
    else
        sq_rollback(s, db);
    sq_release(s, db);
    return rc != SQLITE_DONE ? EINV_ERR : changes ? EINV_OK : EINV_ERR_NOTFOUND;
}

static int wh_release(einv_store_t *base, const char *id, int attempts)
{
    sq_store_t *s = (sq_store_t *)base;
    char now[32];
    int changes = 0;
    store_now(now);
    sqlite3 *db = sq_acquire(s);
    int rc = sq_write(s, db, &changes,
                      "UPDATE webhook_deliveries SET attempts = attempts - 1, next_attempt_at = ?,"
                      " last_status_code = NULL WHERE id = ? AND attempts = ? AND status = 'pending'",
                      "ssi", now, id, attempts);
    sq_release(s, db);
    return rc != SQLITE_DONE ? EINV_ERR : changes ? EINV_OK : EINV_ERR_NOTFOUND;
}

static int wh_prune(einv_store_t *base, int keep_days, long long *removed)
{
    sq_store_t *s = (sq_store_t *)base;
    char before[32];
    int changes = 0;
    store_time_iso(store_epoch_ms() - (long long)keep_days * 86400000LL, before);
    sqlite3 *db = sq_acquire(s);
    int rc = sq_write(s, db, &changes, "DELETE FROM webhook_deliveries WHERE status <> 'pending'"
                                       " AND completed_at <= ?", "s", before);
    sq_release(s, db);
    *removed = changes;
    return rc == SQLITE_DONE ? EINV_OK : EINV_ERR;
}

/* One process owns an SQLite store: at its start, every attempt still marked in flight
 * (last_status_code -1, set by the claim) died with the previous run; due at once again. */
static int wh_recover(einv_store_t *base)
{
    sq_store_t *s = (sq_store_t *)base;
    char now[32];
    store_now(now);
    sqlite3 *db = sq_acquire(s);
    int rc = sq_write(s, db, NULL, "UPDATE webhook_deliveries SET next_attempt_at = ?,"
                                   " last_status_code = 0, last_error = 'interrupted: the server"
                                   " stopped during the attempt' WHERE status = 'pending'"
                                   " AND last_status_code = -1", "s", now);
    sq_release(s, db);
    return rc == SQLITE_DONE ? EINV_OK : EINV_ERR;
}

static int wh_pending(einv_store_t *base, long long *n)
{
    sq_store_t *s = (sq_store_t *)base;
    sqlite3 *db = sq_acquire(s);
    int rc = sq_scalar(db, n, 0, "SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'", "");
    sq_release(s, db);
    return rc;
}

/* The deliveries of an invoice's final status (store_webhooks_int.h); db is inside the
 * caller's write transaction, which has just stored that status. */
int sq_webhooks_emit(sqlite3 *db, const char *invoice_id)
{
    store_invoice_t inv;
    char event_id[37], now[32];
    const char *type;
    char *body = NULL;
    int rc, bit;
    long long hooks = 0;
    memset(&inv, 0, sizeof inv);
    /* most accounts have no webhook: one indexed look-up, and nothing more to read */
    if (sq_scalar(db, &hooks, 0, "SELECT EXISTS (SELECT 1 FROM invoices i JOIN webhooks w"
                                 " ON w.account_id = i.account_id WHERE i.id = ?)", "s", invoice_id) != EINV_OK)
        return EINV_ERR;
    if (!hooks)
        return EINV_OK;
    sqlite3_stmt *st = sq_prep(db, "SELECT account_id, status, profile, invoice_format, sandbox,"
                                   " created_at, invoice_number, valid, error_count, warning_count"
                                   " FROM invoices WHERE id = ?", "s", invoice_id);
    rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_ROW) {
        store_copy(inv.id, sizeof inv.id, invoice_id);
        sq_colcpy(st, 0, inv.account_id, sizeof inv.account_id);
        sq_colcpy(st, 1, inv.status, sizeof inv.status);
        sq_colcpy(st, 2, inv.profile, sizeof inv.profile);
        sq_colcpy(st, 3, inv.format, sizeof inv.format);
        inv.sandbox = sqlite3_column_int(st, 4);
        sq_colcpy(st, 5, inv.created_at, sizeof inv.created_at);
        inv.invoice_number = sq_coldup(st, 6);
        inv.valid = sqlite3_column_int(st, 7);
        inv.error_count = sqlite3_column_int(st, 8);
        inv.warning_count = sqlite3_column_int(st, 9);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW) {
        store_invoice_clear(&inv);
        return rc == SQLITE_DONE ? EINV_OK : EINV_ERR;
    }
    bit = store_event_of_status(inv.status);
    type = store_event_name(bit);
    /* one event id for all of the account's webhooks: it names the event, not the delivery */
    store_uuid(event_id);
    store_now(now);
    st = sq_prep(db, "SELECT id FROM webhooks WHERE account_id = ? AND (events & ?) != 0 ORDER BY seq",
                 "si", inv.account_id, bit);
    rc = st ? SQLITE_DONE : SQLITE_ERROR;
    while (st && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        char wid[37], did[37];
        sq_colcpy(st, 0, wid, sizeof wid);
        if (!body && !(body = store_event_body(event_id, type, now, &inv))) {
            rc = SQLITE_NOMEM;
            break;
        }
        store_uuid(did);
        if (sq_exec(db, "INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_type,"
                        " invoice_id, body, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    "ssssssss", did, wid, event_id, type, invoice_id, body, now, now) != SQLITE_DONE) {
            rc = SQLITE_ERROR;
            break;
        }
        store_delivery_written_mark();
    }
    sqlite3_finalize(st);
    free(body);
    store_invoice_clear(&inv);
    return rc == SQLITE_DONE ? EINV_OK : EINV_ERR;
}

const store_webhook_ops_t store_webhooks_sqlite = {
    .create = wh_create,
    .list = wh_list,
    .remove = wh_remove,
    .delivery_list = wh_delivery_list,
    .claim = wh_claim,
    .finish = wh_finish,
    .release = wh_release,
    .pending = wh_pending,
    .prune = wh_prune,
    .recover = wh_recover,
};
