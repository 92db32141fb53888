/* The webhooks part of the store (server/store.h conventions: einv_status returns, UUID ids,
 * ISO 8601 UTC timestamps, strings malloc'd and freed by the *_clear helpers, thread-safe).
 *
 * A webhook belongs to an account: a URL, the events it wants and a secret that signs each
 * delivery. When an invoice reaches its final status, the store writes one delivery row per
 * matching webhook IN THE SAME TRANSACTION as that status (store_job_complete, and the
 * sandbox submit), so an event is never lost and never announced for a status that was not
 * stored. Delivery workers of any number of processes claim due deliveries with a lease
 * (PostgreSQL: FOR UPDATE SKIP LOCKED), post them and record the outcome, fenced on the
 * claim's attempt number. */
#ifndef EINV_STORE_WEBHOOKS_H
#define EINV_STORE_WEBHOOKS_H

#include "store.h"

/* The event types, as bits of store_webhook_t.events. */
#define STORE_EVENT_VALIDATED 1     /* "invoice.validated" */
#define STORE_EVENT_FAILED 2        /* "invoice.failed" */
#define STORE_EVENT_ALL 3

typedef struct store_webhook {
    char id[37];
    char account_id[37];
    char *url;
    char *description;          /* NULL when none */
    char *secret;               /* only filled by store_webhook_create (shown once) */
    int events;                 /* STORE_EVENT_* bits */
    char created_at[32];
} store_webhook_t;

typedef struct store_delivery {
    char id[37];
    char webhook_id[37];
    char event_id[37];
    char event_type[24];        /* "invoice.validated" | "invoice.failed" */
    char invoice_id[37];
    char status[12];            /* pending | delivered | failed */
    int attempts;               /* attempts made (a claim counts one; its fencing token) */
    char created_at[32];
    char next_attempt_at[32];   /* "" when final */
    char last_attempt_at[32];   /* "" before the first attempt */
    char completed_at[32];      /* "" while pending */
    int last_status_code;       /* 0: no HTTP answer (or no attempt yet); -1: an attempt in flight */
    char *last_error;           /* NULL when none */
    /* filled by store_delivery_claim only: what the worker posts */
    char *body;
    char *url;
    char *secret;
    long long age_ms;           /* since the event was written */
} store_delivery_t;

/* Register a webhook for an account unless it has max_per_account already (EINV_ERR_LIMIT,
 * nothing written). secret is the raw secret, stored as given. */
int store_webhook_create(einv_store_t *s, const char *account_id, const char *url, int events,
                         const char *description, const char *secret, int max_per_account,
                         store_webhook_t *out, einv_error_t *err);
/* The account's webhooks, oldest first, without secrets (*out malloc'd; clear each item with
 * store_webhook_clear and free the array). */
int store_webhook_list(einv_store_t *s, const char *account_id, store_webhook_t **out, size_t *n);
/* One webhook of the account (no secret), or EINV_ERR_NOTFOUND (another account's too). */
int store_webhook_get(einv_store_t *s, const char *account_id, const char *id, store_webhook_t *out);
/* Remove a webhook and its deliveries (pending ones are dropped); NOTFOUND when unknown or
 * another account's. */
int store_webhook_delete(einv_store_t *s, const char *account_id, const char *id);
void store_webhook_clear(store_webhook_t *w);

/* One page of a webhook's deliveries, newest first (no body, url or secret). */
int store_delivery_list(einv_store_t *s, const char *webhook_id, long long page, long long size,
                        store_delivery_t **out, size_t *n, long long *total);
/* Claim the delivery due longest: counts the attempt and leases it for lease_ms (it comes
 * due again when the claimer dies). EINV_ERR_NOTFOUND when none is due. */
int store_delivery_claim(einv_store_t *s, int lease_ms, store_delivery_t *out);
/* Record the outcome of the claim (id, attempts): delivered, or failed with retry_ms >= 0
 * (due again then) or retry_ms < 0 (given up: status failed). status_code 0 = no HTTP
 * answer; error may be NULL. A failure with a retry also holds back the webhook's other
 * pending deliveries due earlier until that time, so a receiver that is down costs one
 * attempt per backoff period rather than one per event (and a slow one does not take every
 * delivery thread from the other webhooks). EINV_ERR_NOTFOUND when the claim is no longer
 * current (the webhook was deleted, or the lease ran out and another worker claimed it). */
int store_delivery_finish(einv_store_t *s, const char *id, int attempts, int delivered,
                          int status_code, const char *error, long long retry_ms);
/* Give a claim back without counting it (the worker is stopping): due at once again. */
int store_delivery_release(einv_store_t *s, const char *id, int attempts);
/* At a service start: attempts a crashed previous run left in flight are due at once where
 * the store belongs to one process (SQLite); elsewhere (PostgreSQL) their leases run out. */
int store_delivery_recover(einv_store_t *s);
/* Remove delivered and failed deliveries completed more than keep_days days ago (the log's
 * retention); *removed (may be NULL) gets how many. Pending deliveries are never removed. */
int store_delivery_prune(einv_store_t *s, int keep_days, long long *removed);
/* Deliveries not final yet (tests and metrics). */
int store_delivery_pending(einv_store_t *s, long long *n);
void store_delivery_clear(store_delivery_t *d);

/* Whether deliveries were written since the last call (and clears the mark): the emitters
 * mark every delivery they write, so the delivery threads are woken after a verdict only when
 * it has one (their claim query is not run for every verdict of accounts without webhooks). */
int store_delivery_written_take(void);

/* Event type names and bits. */
const char *store_event_name(int bit);
int store_event_bit(const char *name);      /* 0 when unknown */
#endif
