/* The front door of the webhooks part of the store (store_webhooks.h): checks and normalises
 * arguments, picks the backend by the store's kind, and holds what both backends share: the
 * event body and the event names. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include "store_webhooks_int.h"

static const store_webhook_ops_t *ops_of(einv_store_t *s)
{
    const char *k = store_kind(s);
    if (strcmp(k, "sqlite") == 0)
        return &store_webhooks_sqlite;
    if (strcmp(k, "postgresql") == 0)
        return &store_webhooks_pg;
    return NULL;
}

/* A well-formed UUID copied in lower case (the stores compare ids as text); 0 when not. */
static int uuid_lower(const char *id, char out[37])
{
    static const char shape[] = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx";
    if (!id || strlen(id) != 36)
        return 0;
    for (size_t i = 0; i < 36; i++) {
        unsigned char c = (unsigned char)id[i];
        if (shape[i] == '-' ? c != '-' : !isxdigit(c))
            return 0;
        out[i] = (char)tolower(c);
    }
    out[36] = '\0';
    return 1;
}

const char *store_event_name(int bit)
{
    return bit == STORE_EVENT_VALIDATED ? "invoice.validated"
           : bit == STORE_EVENT_FAILED  ? "invoice.failed"
                                        : NULL;
}

int store_event_bit(const char *name)
{
    if (name && strcmp(name, "invoice.validated") == 0)
        return STORE_EVENT_VALIDATED;
    if (name && strcmp(name, "invoice.failed") == 0)
        return STORE_EVENT_FAILED;
    return 0;
}

static int delivery_written;     /* __atomic builtins: set by emitters, taken by the wake-up */

void store_delivery_written_mark(void)
{
    __atomic_store_n(&delivery_written, 1, __ATOMIC_RELEASE);
}

int store_delivery_written_take(void)
{
    /* a plain load first: the usual answer (none) costs no write to a shared cache line */
    return __atomic_load_n(&delivery_written, __ATOMIC_ACQUIRE) &&
           __atomic_exchange_n(&delivery_written, 0, __ATOMIC_ACQ_REL);
}

int store_event_of_status(const char *status)
{
    return status && strcmp(status, "validated") == 0 ? STORE_EVENT_VALIDATED : STORE_EVENT_FAILED;
}

/* The event body (store_webhooks_int.h); the invoice part mirrors a GET /v1/invoices item. */
char *store_event_body(const char *event_id, const char *type, const char *created_at,
                       const store_invoice_t *inv)
{
    json_object *o = json_object_new_object(), *i = json_object_new_object();
    json_object *vr = json_object_new_object();
    char *out;
    json_object_object_add(o, "id", json_object_new_string(event_id));
    json_object_object_add(o, "type", json_object_new_string(type));
    json_object_object_add(o, "createdAt", json_object_new_string(created_at));
    json_object_object_add(i, "id", json_object_new_string(inv->id));
    json_object_object_add(i, "status", json_object_new_string(inv->status));
    json_object_object_add(i, "validationProfile", json_object_new_string(inv->profile));
    json_object_object_add(i, "invoiceFormat", inv->format[0] ? json_object_new_string(inv->format) : NULL);
    json_object_object_add(i, "sandbox", json_object_new_boolean(inv->sandbox));
    json_object_object_add(i, "createdAt", json_object_new_string(inv->created_at));
    json_object_object_add(i, "invoiceNumber", inv->invoice_number && *inv->invoice_number
                                                   ? json_object_new_string(inv->invoice_number)
                                                   : NULL);
    json_object_object_add(vr, "valid", json_object_new_boolean(inv->valid));
    json_object_object_add(vr, "errorCount", json_object_new_int(inv->error_count));
    json_object_object_add(vr, "warningCount", json_object_new_int(inv->warning_count));
    json_object_object_add(i, "validationResult", vr);
    json_object_object_add(o, "invoice", i);
    out = strdup(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(o);
    return out;
}

int store_webhook_create(einv_store_t *s, const char *account_id, const char *url, int events,
                         const char *description, const char *secret, int max_per_account,
                         store_webhook_t *out, einv_error_t *err)
{
    char a[37];
    store_webhook_t tmp;
    const store_webhook_ops_t *ops = ops_of(s);
    if (!ops)
        return einv_error_set(err, EINV_ERR_USAGE, "no store", "", "");
    if (!uuid_lower(account_id, a))
        return einv_error_set(err, EINV_ERR_NOTFOUND, "unknown account", "", "");
    if (!url || !*url || !secret || !*secret || (events & ~STORE_EVENT_ALL) || !events)
        return einv_error_set(err, EINV_ERR_USAGE, "bad webhook record", "", "");
    memset(&tmp, 0, sizeof tmp);
    int rc = ops->create(s, a, url, events, description && *description ? description : NULL,
                         secret, max_per_account, out ? out : &tmp, err);
    store_webhook_clear(&tmp);
    return rc;
}

int store_webhook_list(einv_store_t *s, const char *account_id, store_webhook_t **out, size_t *n)
{
    char a[37];
    const store_webhook_ops_t *ops = ops_of(s);
    if (!out || !n)
        return EINV_ERR;
    *out = NULL;
    *n = 0;
    if (!ops)
        return EINV_ERR;
    if (!uuid_lower(account_id, a))
        return EINV_OK;     /* an unknown account has none */
    return ops->list(s, a, NULL, out, n);
}

int store_webhook_get(einv_store_t *s, const char *account_id, const char *id, store_webhook_t *out)
{
    char a[37], w[37];
    store_webhook_t *list = NULL;
    size_t n = 0;
    const store_webhook_ops_t *ops = ops_of(s);
    if (!ops || !out)
        return EINV_ERR;
    memset(out, 0, sizeof *out);
    if (!uuid_lower(account_id, a) || !uuid_lower(id, w))
        return EINV_ERR_NOTFOUND;
    int rc = ops->list(s, a, w, &list, &n);
    if (rc != EINV_OK)
        return rc;
    if (n == 0) {
        free(list);
        return EINV_ERR_NOTFOUND;
    }
    *out = list[0];
    for (size_t i = 1; i < n; i++)
        store_webhook_clear(&list[i]);
    free(list);
    return EINV_OK;
}

int store_webhook_delete(einv_store_t *s, const char *account_id, const char *id)
{
    char a[37], w[37];
    const store_webhook_ops_t *ops = ops_of(s);
    if (!ops)
        return EINV_ERR;
    if (!uuid_lower(account_id, a) || !uuid_lower(id, w))
        return EINV_ERR_NOTFOUND;
    return ops->remove(s, a, w);
}

void store_webhook_clear(store_webhook_t *w)
{
    if (!w)
        return;
    free(w->url);
    free(w->description);
    if (w->secret)
        memset(w->secret, 0, strlen(w->secret));
    free(w->secret);
    memset(w, 0, sizeof *w);
}

int store_delivery_list(einv_store_t *s, const char *webhook_id, long long page, long long size,
                        store_delivery_t **out, size_t *n, long long *total)
{
    char w[37];
    const store_webhook_ops_t *ops = ops_of(s);
    if (!out || !n || !total)
        return EINV_ERR;
    *out = NULL;
    *n = 0;
    *total = 0;
    if (!ops || page < 0 || size < 0)
        return EINV_ERR;
    if (!uuid_lower(webhook_id, w))
        return EINV_OK;
    if (size > 0 && page > 9000000000000000000LL / size)
        page = 9000000000000000000LL / size;    /* far past the end: an empty page */
    return ops->delivery_list(s, w, page, size, out, n, total);
}

int store_delivery_claim(einv_store_t *s, int lease_ms, store_delivery_t *out)
{
    const store_webhook_ops_t *ops = ops_of(s);
    if (!ops || !out)
        return EINV_ERR;
    memset(out, 0, sizeof *out);
    return ops->claim(s, lease_ms < 1000 ? 1000 : lease_ms, out);
}

int store_delivery_finish(einv_store_t *s, const char *id, int attempts, int delivered,
                          int status_code, const char *error, long long retry_ms)
{
    char d[37];
    const store_webhook_ops_t *ops = ops_of(s);
    if (!ops)
        return EINV_ERR;
    if (!uuid_lower(id, d))
        return EINV_ERR_NOTFOUND;
    return ops->finish(s, d, attempts, delivered ? 1 : 0, status_code, error && *error ? error : NULL,
                       delivered ? 0 : retry_ms);
}

int store_delivery_release(einv_store_t *s, const char *id, int attempts)
{
    char d[37];
    const store_webhook_ops_t *ops = ops_of(s);
    if (!ops)
        return EINV_ERR;
    if (!uuid_lower(id, d))
        return EINV_ERR_NOTFOUND;
    return ops->release(s, d, attempts);
}

int store_delivery_recover(einv_store_t *s)
{
    const store_webhook_ops_t *ops = ops_of(s);
    if (!ops)
        return EINV_ERR;
    return ops->recover ? ops->recover(s) : EINV_OK;
}

int store_delivery_prune(einv_store_t *s, int keep_days, long long *removed)
{
    long long tmp = 0;
    const store_webhook_ops_t *ops = ops_of(s);
    if (!removed)
        removed = &tmp;
    *removed = 0;
    if (!ops || keep_days < 0)
        return EINV_ERR;
    return ops->prune(s, keep_days, removed);
}

int store_delivery_pending(einv_store_t *s, long long *n)
{
    const store_webhook_ops_t *ops = ops_of(s);
    if (!n)
        return EINV_ERR;
    *n = 0;
    return ops ? ops->pending(s, n) : EINV_ERR;
}

void store_delivery_clear(store_delivery_t *d)
{
    if (!d)
        return;
    free(d->last_error);
    free(d->body);
    free(d->url);
    if (d->secret)
        memset(d->secret, 0, strlen(d->secret));
    free(d->secret);
    memset(d, 0, sizeof *d);
}
