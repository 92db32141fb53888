/* Internals of the webhooks part of the store (store_webhooks.h): the backend table that
 * store_webhooks.c dispatches to, the event body both backends write, and the emit calls
 * the backends make inside the transaction that stores a final status. Not for use outside
 * server/store*.c and tests. */
#ifndef EINV_STORE_WEBHOOKS_INT_H
#define EINV_STORE_WEBHOOKS_INT_H

#include <libpq-fe.h>
#include <sqlite3.h>
#include "store_int.h"
#include "store_webhooks.h"

/* One backend; store_webhooks.c has checked and normalised the arguments (UUIDs lower
 * case, non-NULL out pointers). */
typedef struct store_webhook_ops {
    int (*create)(einv_store_t *s, const char *account_id, const char *url, int events,
                  const char *description, const char *secret, int max_per_account,
                  store_webhook_t *out, einv_error_t *err);
    int (*list)(einv_store_t *s, const char *account_id, const char *id, store_webhook_t **out,
                size_t *n);     /* id NULL: all of the account's */
    int (*remove)(einv_store_t *s, const char *account_id, const char *id);
    int (*delivery_list)(einv_store_t *s, const char *webhook_id, long long page,
                         long long size, store_delivery_t **out, size_t *n, long long *total);
    int (*claim)(einv_store_t *s, int lease_ms, store_delivery_t *out);
    int (*finish)(einv_store_t *s, const char *id, int attempts, int delivered,
                  int status_code, const char *error, long long retry_ms);
    int (*release)(einv_store_t *s, const char *id, int attempts);
    int (*pending)(einv_store_t *s, long long *n);
    int (*prune)(einv_store_t *s, int keep_days, long long *removed);
    /* optional: attempts a previous run left in flight are due at once (single-process stores) */
    int (*recover)(einv_store_t *s);
} store_webhook_ops_t;

extern const store_webhook_ops_t store_webhooks_sqlite;
extern const store_webhook_ops_t store_webhooks_pg;

/* The event an invoice's final status raises: {id, type, createdAt, invoice: {id, status,
 * validationProfile, invoiceFormat, sandbox, createdAt, invoiceNumber, validationResult:
 * {valid, errorCount, warningCount}}} (docs/api.md "Webhooks"). (transfer full: free) */
char *store_event_body(const char *event_id, const char *type, const char *created_at,
                       const store_invoice_t *inv);
/* The event type of a final status ("validated" -> STORE_EVENT_VALIDATED, else FAILED). */
int store_event_of_status(const char *status);

/* Write the deliveries of the invoice's final status, one per matching webhook of its
 * account, on a connection inside the caller's write transaction. EINV_OK (also when no
 * webhook matches) or EINV_ERR (the caller rolls back). */
int sq_webhooks_emit(sqlite3 *db, const char *invoice_id);
/* Marks that an emitter wrote a delivery (store_delivery_written_take reads the mark). */
void store_delivery_written_mark(void);
int pg_webhooks_emit(PGconn *c, const char *invoice_id);
#endif
