/* The store front door: picks the backend from the database URL, checks and normalises the
 * arguments of every call (so a hostile id or sort field never reaches SQL), dispatches
 * through the backend vtable, and holds the helpers both backends share (UUIDs, ISO
 * timestamps, the job wake-up signal, the *_clear functions). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <json-c/json.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include "store_int.h"
#include "log.h"
#include "metrics.h"

/* ---------------------------------------------------------------- shared helpers */

/* Every store error passes here: logged, and counted for /metrics. */
void store_log(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    metrics_store_error();
    log_fields(ELOG_ERROR, "store", NULL, buf, NULL, 0);
}

/* Bounded copy into a fixed field (see store_int.h). */
void store_copy(char *dst, size_t cap, const char *src)
{
    if (!cap)
        return;
    if (!src)
        src = "";
    size_t n = strlen(src);
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* strdup keeping NULL (see store_int.h). */
char *store_strdup(const char *src)
{
    return src ? strdup(src) : NULL;
}

/* 16 random bytes from the OpenSSL CSPRNG; falls back to a time-seeded mix only if the
 * CSPRNG fails (it does not on a working system), so ids stay unique either way. */
static void uuid_random(unsigned char b[16])
{
    if (RAND_bytes(b, 16) != 1) {
        static unsigned long long ctr;
        unsigned long long t = (unsigned long long)store_epoch_ms() ^
                               (__atomic_add_fetch(&ctr, 1, __ATOMIC_RELAXED) << 40);
        for (int i = 0; i < 16; i++) {
            t = t * 6364136223846793005ULL + 1442695040888963407ULL;
            b[i] = (unsigned char)(t >> 56);
        }
    }
}

/* b as a UUID of the given version (RFC 9562 variant bits). */
static void uuid_format(unsigned char b[16], int version, char out[37])
{
    b[6] = (unsigned char)((b[6] & 0x0f) | (version << 4));
    b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
    snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12],
             b[13], b[14], b[15]);
}

/* A random version-4 UUID. */
void store_uuid(char out[37])
{
    unsigned char b[16];
    uuid_random(b);
    uuid_format(b, 4, out);
}

/* See store.h. */
void store_uuid_v7(char out[37])
{
    unsigned char b[16];
    unsigned long long ms = (unsigned long long)store_epoch_ms();
    uuid_random(b);
    for (int i = 0; i < 6; i++)
        b[i] = (unsigned char)(ms >> (40 - 8 * i));
    uuid_format(b, 7, out);
}

/* Wall-clock milliseconds since 1970 (UTC). */
long long store_epoch_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* epoch_ms as "YYYY-MM-DDTHH:MM:SS.mmmZ" into out (32 bytes). */
void store_time_iso(long long epoch_ms, char out[32])
{
    time_t sec = (time_t)(epoch_ms / 1000);
    struct tm tm;
    gmtime_r(&sec, &tm);
    char buf[96];   /* roomy for the compiler's worst case; real values take 24 bytes */
    snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
             (int)(epoch_ms % 1000));
    store_copy(out, 32, buf);
}

/* The current UTC time as ISO 8601 with milliseconds (store.h). */
void store_now(char out[32])
{
    store_time_iso(store_epoch_ms(), out);
}

/* SHA-256 of text as lower-case hex (migration checksums). */
void store_sha256_hex(const char *text, char out[65])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    EVP_Digest(text, strlen(text), md, &n, EVP_sha256(), NULL);
    for (unsigned int i = 0; i < n && i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", md[i]);
    out[64] = '\0';
}

/* Reads invoiceNumber and finding counts out of a sandbox verdict (store_int.h);
 * *invoice_number is malloc'd or NULL. */
void store_result_summary(const char *canonical_json, const char *result_json,
                          char **invoice_number, int *valid, int *errors, int *warnings)
{
    json_object *o, *v;
    *invoice_number = NULL;
    *valid = 1;
    *errors = *warnings = 0;
    if (canonical_json && (o = json_tokener_parse(canonical_json)) != NULL) {
        if (json_object_object_get_ex(o, "invoiceNumber", &v) && json_object_is_type(v, json_type_string))
            *invoice_number = strdup(json_object_get_string(v));
        json_object_put(o);
    }
    if (result_json && (o = json_tokener_parse(result_json)) != NULL) {
        if (json_object_object_get_ex(o, "valid", &v) && json_object_is_type(v, json_type_boolean))
            *valid = json_object_get_boolean(v);
        if (json_object_object_get_ex(o, "errors", &v) && json_object_is_type(v, json_type_array)) {
            size_t n = json_object_array_length(v);
            for (size_t i = 0; i < n; i++) {
                json_object *f = json_object_array_get_idx(v, i), *sev;
                if (!f || !json_object_object_get_ex(f, "severity", &sev))
                    continue;
                const char *t = json_object_get_string(sev);
                if (t && strcmp(t, "ERROR") == 0)
                    (*errors)++;
                else if (t && strcmp(t, "WARNING") == 0)
                    (*warnings)++;
            }
        }
        json_object_put(o);
    }
}

/* Initialise a wake-up signal (condition on CLOCK_MONOTONIC). */
void store_waker_init(store_waker_t *w)
{
    pthread_condattr_t ca;
    pthread_mutex_init(&w->mu, NULL);
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&w->cond, &ca);
    pthread_condattr_destroy(&ca);
    w->gen = 1;
}

/* Release a wake-up signal; no thread may be waiting on it. */
void store_waker_destroy(store_waker_t *w)
{
    pthread_cond_destroy(&w->cond);
    pthread_mutex_destroy(&w->mu);
}

/* Wake every job waiter: a new generation. */
void store_waker_signal(store_waker_t *w)
{
    pthread_mutex_lock(&w->mu);
    w->gen++;
    pthread_cond_broadcast(&w->cond);
    pthread_mutex_unlock(&w->mu);
}

/* The generation this thread saw last, per waker (a worker thread waits on one store). */
static _Thread_local const store_waker_t *tl_waker;
static _Thread_local unsigned long long tl_seen;

/* Wait up to timeout_ms for a generation this thread has not seen; 1 woken, 0 timeout. */
int store_waker_wait(store_waker_t *w, int timeout_ms)
{
    struct timespec until;
    int woken = 0;
    if (timeout_ms < 0)
        timeout_ms = 0;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&w->mu);
    if (tl_waker != w) {
        /* first wait of this thread: anything before now was seen by its first claim */
        tl_waker = w;
        tl_seen = w->gen;
    }
    while (w->gen == tl_seen) {
        int rc = pthread_cond_timedwait(&w->cond, &w->mu, &until);
        if (rc == ETIMEDOUT)
            break;
    }
    woken = w->gen != tl_seen;
    tl_seen = w->gen;
    pthread_mutex_unlock(&w->mu);
    return woken;
}

/* ---------------------------------------------------------------- argument checks */

/* Copy a UUID into out in lower case; 0 when id is not a well-formed UUID. */
static int norm_uuid(const char *id, char out[37])
{
    if (!id || strlen(id) != 36)
        return 0;
    for (int i = 0; i < 36; i++) {
        unsigned char c = (unsigned char)id[i];
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (c != '-')
                return 0;
        } else if (!isxdigit(c)) {
            return 0;
        }
        out[i] = (char)tolower(c);
    }
    out[36] = '\0';
    return 1;
}

static int fits(const char *s, size_t cap)
{
    return !s || strlen(s) < cap;
}

static int period_ok(const char *p)
{
    return p && strlen(p) == 7 && isdigit((unsigned char)p[0]) && isdigit((unsigned char)p[1]) &&
           isdigit((unsigned char)p[2]) && isdigit((unsigned char)p[3]) && p[4] == '-' &&
           isdigit((unsigned char)p[5]) && isdigit((unsigned char)p[6]);
}

/* ---------------------------------------------------------------- open / close */

/* Open by URL: "sqlite:PATH" (also "sqlite://PATH") or "postgresql://..." / "postgres://...".
 * Applies the embedded migrations. (transfer full: store_close) */
einv_store_t *store_open(const char *url, int pool_size, einv_error_t *err)
{
    if (!url || !*url) {
        einv_error_set(err, EINV_ERR_USAGE, "no database URL", "",
                       "Set EINV_DATABASE to sqlite:PATH or postgresql://...");
        return NULL;
    }
    if (pool_size <= 0)
        pool_size = 4;
    if (pool_size > 256)
        pool_size = 256;
    if (strncmp(url, "sqlite:", 7) == 0) {
        const char *path = url + 7;
        if (strncmp(path, "//", 2) == 0)
            path += 2;
        return store_sqlite_open(path, pool_size, err);
    }
    if (strncmp(url, "postgresql://", 13) == 0 || strncmp(url, "postgres://", 11) == 0)
        return store_pg_open(url, pool_size, err);
    einv_error_set(err, EINV_ERR_USAGE, "unsupported database URL", "",
                   "Use sqlite:PATH or postgresql://user@host/db");
    return NULL;
}

/* Close the store and its connections; NULL is ignored. */
void store_close(einv_store_t *s)
{
    if (s)
        s->ops->close(s);
}

/* "sqlite" or "postgresql" ("" for NULL). */
const char *store_kind(const einv_store_t *s)
{
    return s ? s->ops->kind : "";
}

/* EINV_OK when the database answers a trivial query. */
int store_ping(einv_store_t *s)
{
    return s ? s->ops->ping(s) : EINV_ERR;
}

/* ---------------------------------------------------------------- accounts */

int store_account_create(einv_store_t *s, const char *email, int pro, int super_admin,
                         const char *subject, store_account_t *out, einv_error_t *err)
{
    store_account_t tmp;
    if (!s)
        return einv_error_set(err, EINV_ERR_USAGE, "no store", "", "");
    memset(&tmp, 0, sizeof tmp);
    int rc = s->ops->account_create(s, email && *email ? email : NULL, pro ? 1 : 0,
                                    super_admin ? 1 : 0, subject && *subject ? subject : NULL,
                                    out ? out : &tmp, err);
    store_account_clear(&tmp);
    return rc;
}

/* The account with this id (out filled, clear with store_account_clear) or NOTFOUND. */
int store_account_by_id(einv_store_t *s, const char *id, store_account_t *out)
{
    char u[37];
    if (!s || !out)
        return EINV_ERR;
    if (!norm_uuid(id, u))
        return EINV_ERR_NOTFOUND;
    return s->ops->account_by_id(s, u, out);
}

/* The account with this email, compared case-insensitively, or NOTFOUND. */
int store_account_by_email(einv_store_t *s, const char *email, store_account_t *out)
{
    if (!s || !out)
        return EINV_ERR;
    if (!email || !*email)
        return EINV_ERR_NOTFOUND;
    return s->ops->account_by_email(s, email, out);
}

/* The account of an ID-token subject, linked or created on first sight (store.h). */
int store_account_for_subject(einv_store_t *s, const char *subject, const char *email,
                              store_account_t *out, einv_error_t *err)
{
    if (!s || !out)
        return einv_error_set(err, EINV_ERR_USAGE, "no store", "", "");
    if (!subject || !*subject)
        return einv_error_set(err, EINV_ERR_USAGE, "ID token without a subject", "", "");
    return s->ops->account_for_subject(s, subject, email && *email ? email : NULL, out, err);
}

/* Bind a subject to the account with this email (store.h). */
int store_account_bind_subject(einv_store_t *s, const char *email, const char *subject,
                               store_account_t *out, einv_error_t *err)
{
    if (!s || !out)
        return einv_error_set(err, EINV_ERR_USAGE, "no store", "", "");
    if (!email || !*email || !subject || !strchr(subject, '|'))
        return einv_error_set(err, EINV_ERR_USAGE, "an email and an issuer|subject are required", "", "");
    return s->ops->account_bind_subject(s, email, subject, out, err);
}

/* Set FREE (0) / PRO (1); NOTFOUND for an unknown account. */
int store_account_set_plan(einv_store_t *s, const char *id, int pro)
{
    char u[37];
    if (!s)
        return EINV_ERR;
    if (!norm_uuid(id, u))
        return EINV_ERR_NOTFOUND;
    return s->ops->account_set_flag(s, u, "pro", pro ? 1 : 0);
}

/* Set the stored super-admin flag; NOTFOUND for an unknown account. */
int store_account_set_super_admin(einv_store_t *s, const char *id, int super_admin)
{
    char u[37];
    if (!s)
        return EINV_ERR;
    if (!norm_uuid(id, u))
        return EINV_ERR_NOTFOUND;
    return s->ops->account_set_flag(s, u, "super_admin", super_admin ? 1 : 0);
}

/* Counters of a period ("YYYY-MM"); either out pointer may be NULL; 0 when unused. */
int store_usage(einv_store_t *s, const char *account_id, const char *key_id, const char *period,
                long long *account_used, long long *key_used)
{
    char a[37], k[37];
    long long au = 0, ku = 0;
    if (account_used)
        *account_used = 0;
    if (key_used)
        *key_used = 0;
    if (!s || !period_ok(period))
        return EINV_ERR;
    if (!norm_uuid(account_id, a))
        return EINV_ERR_NOTFOUND;
    if (key_id && !norm_uuid(key_id, k))
        return EINV_ERR_NOTFOUND;
    int rc = s->ops->usage(s, a, key_id ? k : NULL, period, &au, &ku);
    if (account_used)
        *account_used = au;
    if (key_used)
        *key_used = ku;
    return rc;
}

/* Free the strings of an account and zero it. */
void store_account_clear(store_account_t *a)
{
    if (!a)
        return;
    free(a->email);
    free(a->subject);
    memset(a, 0, sizeof *a);
}

/* ---------------------------------------------------------------- API keys */

int store_key_create(einv_store_t *s, const char *account_id, const char *name, int sandbox,
                     long long quota_limit, const char *hash_hex, const char *prefix,
                     const char *last_four, store_key_t *out, einv_error_t *err)
{
    char a[37];
    store_key_t tmp;
    if (!s)
        return einv_error_set(err, EINV_ERR_USAGE, "no store", "", "");
    if (!norm_uuid(account_id, a))
        return einv_error_set(err, EINV_ERR_NOTFOUND, "unknown account", "", "");
    if (!name || !hash_hex || strlen(hash_hex) != 64 || !prefix || !fits(prefix, 16) ||
        !last_four || !fits(last_four, 8))
        return einv_error_set(err, EINV_ERR_USAGE, "bad API key record", "", "");
    if (quota_limit < 0)
        quota_limit = -1;
    memset(&tmp, 0, sizeof tmp);
    int rc = s->ops->key_create(s, a, name, sandbox ? 1 : 0, quota_limit, hash_hex, prefix,
                                last_four, out ? out : &tmp, err);
    store_key_clear(&tmp);
    return rc;
}

/* The key with this SHA-256 hex hash (revoked ones too) or NOTFOUND. */
int store_key_by_hash(einv_store_t *s, const char *hash_hex, store_key_t *out)
{
    if (!s || !out)
        return EINV_ERR;
    if (!hash_hex || strlen(hash_hex) != 64)
        return EINV_ERR_NOTFOUND;
    return s->ops->key_by_hash(s, hash_hex, out);
}

/* The key of hash_hex and its account in one statement (one round trip): authentication
 * reads both on every request, so a revoke or a plan change counts on the next one. */
int store_key_auth(einv_store_t *s, const char *hash_hex, store_key_t *key, store_account_t *account)
{
    if (!s || !key || !account)
        return EINV_ERR;
    memset(key, 0, sizeof *key);
    memset(account, 0, sizeof *account);
    if (!hash_hex || strlen(hash_hex) != 64)
        return EINV_ERR_NOTFOUND;
    return s->ops->key_auth(s, hash_hex, key, account);
}

/* *out is a malloc'd array of *n keys (newest first); the caller clears each with
 * store_key_clear and frees the array. */
int store_key_list(einv_store_t *s, const char *account_id, store_key_t **out, size_t *n)
{
    char a[37];
    if (!out || !n)
        return EINV_ERR;
    *out = NULL;
    *n = 0;
    if (!s)
        return EINV_ERR;
    if (!norm_uuid(account_id, a))
        return EINV_OK;     /* an unknown account has no keys */
    return s->ops->key_list(s, a, out, n);
}

/* Revoke a key of account_id (NULL: any account); again is EINV_OK, others' NOTFOUND. */
int store_key_revoke(einv_store_t *s, const char *account_id, const char *key_id)
{
    char a[37], k[37];
    if (!s)
        return EINV_ERR;
    if (account_id && !norm_uuid(account_id, a))
        return EINV_ERR_NOTFOUND;
    if (!norm_uuid(key_id, k))
        return EINV_ERR_NOTFOUND;
    return s->ops->key_revoke(s, account_id ? a : NULL, k);
}

/* Record that a key was just used (last_used_at). */
int store_key_touch(einv_store_t *s, const char *key_id)
{
    char k[37];
    if (!s)
        return EINV_ERR;
    if (!norm_uuid(key_id, k))
        return EINV_ERR_NOTFOUND;
    return s->ops->key_touch(s, k);
}

/* Free the strings of a key and zero it. */
void store_key_clear(store_key_t *k)
{
    if (!k)
        return;
    free(k->name);
    memset(k, 0, sizeof *k);
}

/* ---------------------------------------------------------------- submit and invoices */

int store_submit(einv_store_t *s, const store_submit_t *in, char out_id[37],
                 store_quota_state_t *q, einv_error_t *err)
{
    char a[37], k[37];
    store_submit_t c;
    store_quota_state_t tmpq;
    if (q)
        memset(q, 0, sizeof *q);
    if (!s || !in || !out_id)
        return einv_error_set(err, EINV_ERR_USAGE, "store_submit: missing argument", "", "");
    out_id[0] = '\0';
    if (!norm_uuid(in->account_id, a))
        return einv_error_set(err, EINV_ERR_NOTFOUND, "unknown account", "", "");
    if (in->key_id && !norm_uuid(in->key_id, k))
        return einv_error_set(err, EINV_ERR_NOTFOUND, "unknown API key", "", "");
    if (!in->profile || !*in->profile || !fits(in->profile, 16) || !fits(in->format, 16) ||
        !fits(in->api_format, 16) || !fits(in->tier, 64))
        return einv_error_set(err, EINV_ERR_USAGE, "store_submit: bad profile or format", "",
                              "");
    if (!in->payload && in->payload_len)
        return einv_error_set(err, EINV_ERR_USAGE, "store_submit: payload missing", "", "");
    if (in->counts && !in->sandbox && !period_ok(in->period))
        return einv_error_set(err, EINV_ERR_USAGE, "store_submit: bad period", in->period,
                              "Use YYYY-MM (UTC)");
    c = *in;
    c.account_id = a;
    c.key_id = in->key_id ? k : NULL;
    if (c.sandbox)
        c.counts = 0;
    if (c.key_limit < 0)
        c.key_limit = -1;
    if (c.account_limit < 0)
        c.account_limit = -1;
    if (c.format && !*c.format)
        c.format = NULL;
    if (c.api_format && !*c.api_format)
        c.api_format = NULL;
    int rc = s->ops->submit(s, &c, out_id, q ? q : &tmpq, err);
    if (rc == EINV_OK && !c.sandbox)     /* store_job_count_recent counts it until its next count */
        __atomic_add_fetch(&s->count_value, 1, __ATOMIC_RELAXED);
    return rc;
}

/* One invoice with its verdict; another account's is NOTFOUND (account_id NULL: any). */
int store_invoice_get(einv_store_t *s, const char *id, const char *account_id,
                      store_invoice_t *out)
{
    char i[37], a[37];
    if (!s || !out)
        return EINV_ERR;
    memset(out, 0, sizeof *out);
    if (!norm_uuid(id, i) || (account_id && !norm_uuid(account_id, a)))
        return EINV_ERR_NOTFOUND;
    return s->ops->invoice_get(s, i, account_id ? a : NULL, out);
}

/* The stored upload of an invoice: *data (malloc'd, *len bytes) and its content type. */
int store_invoice_payload(einv_store_t *s, const char *id, void **data, size_t *len,
                          char **content_type)
{
    char i[37];
    char *ct = NULL;
    if (!data || !len)
        return EINV_ERR;
    *data = NULL;
    *len = 0;
    if (content_type)
        *content_type = NULL;
    if (!s)
        return EINV_ERR;
    if (!norm_uuid(id, i))
        return EINV_ERR_NOTFOUND;
    int rc = s->ops->invoice_payload(s, i, data, len, &ct);
    if (content_type)
        *content_type = ct;
    else
        free(ct);
    return rc;
}

/* Column behind an API sort field; NULL when the field is unknown. */
static const char *sort_column(const char *field)
{
    if (!field || !*field || strcmp(field, "createdAt") == 0)
        return "created_at";
    if (strcmp(field, "status") == 0)
        return "status";
    if (strcmp(field, "validationProfile") == 0)
        return "profile";
    if (strcmp(field, "invoiceFormat") == 0)
        return "invoice_format";
    return NULL;
}

/* One page of invoice summaries, sorted by an API field with ties in insertion order. */
int store_invoice_list(einv_store_t *s, const char *account_id, long long page, long long size,
                       const char *sort_field, int desc, store_page_t *out)
{
    return store_invoice_list_where(s, account_id, NULL, page, size, sort_field, desc, out);
}

/* The same, of the invoices that pass the filters f (NULL: all). */
int store_invoice_list_where(einv_store_t *s, const char *account_id, const store_list_filter_t *f,
                             long long page, long long size, const char *sort_field, int desc,
                             store_page_t *out)
{
    static const store_list_filter_t none = {NULL, NULL, NULL, NULL, -1, -1, NULL};
    store_list_filter_t fk;
    char a[37], cursor[37];
    if (!out)
        return EINV_ERR;
    memset(out, 0, sizeof *out);
    const char *col = sort_column(sort_field);
    if (!s || !col || page < 0 || size < 0)
        return EINV_ERR;
    if (account_id && !norm_uuid(account_id, a))
        return EINV_OK;     /* an unknown account has no invoices */
    if (size > 0 && page > (long long)(9000000000000000000LL / size))
        page = 9000000000000000000LL / size;    /* far past the end: empty page, no overflow */
    if (f && f->after) {
        /* the cursor reaches SQL as a normalised id only; keyset pages begin at the cursor */
        if (!norm_uuid(f->after, cursor))
            return EINV_ERR_NOTFOUND;
        fk = *f;
        fk.after = cursor;
        f = &fk;
        page = 0;
    }
    return s->ops->invoice_list(s, account_id ? a : NULL, f ? f : &none, page, size, col, desc ? 1 : 0, out);
}

/* Number of invoices of an account (NULL: all). */
int store_count_invoices(einv_store_t *s, const char *account_id, long long *n)
{
    char a[37];
    if (!n)
        return EINV_ERR;
    *n = 0;
    if (!s)
        return EINV_ERR;
    if (account_id && !norm_uuid(account_id, a))
        return EINV_OK;
    return s->ops->count_invoices(s, account_id ? a : NULL, n);
}

/* Free the strings of an invoice and zero it. */
void store_invoice_clear(store_invoice_t *inv)
{
    if (!inv)
        return;
    free(inv->invoice_number);
    free(inv->canonical_json);
    free(inv->result_json);
    free(inv->extraction_json);
    memset(inv, 0, sizeof *inv);
}

/* Free a page and its items. */
void store_page_clear(store_page_t *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++)
        store_invoice_clear(&p->items[i]);
    free(p->items);
    memset(p, 0, sizeof *p);
}

/* ---------------------------------------------------------------- jobs */

int store_job_claim(einv_store_t *s, const char *worker, int lease_seconds, store_job_t *out)
{
    if (!s || !out)
        return EINV_ERR;
    memset(out, 0, sizeof *out);
    if (lease_seconds < 1)
        lease_seconds = 1;
    return s->ops->job_claim(s, worker && *worker ? worker : "worker", lease_seconds, out);
}

/* Claim up to max jobs (store.h); one at a time where the backend has no batched claim. */
int store_jobs_claim(einv_store_t *s, const char *worker, int lease_seconds, int max,
                     store_job_t *out, size_t *n)
{
    int rc;
    if (!n)
        return EINV_ERR;
    *n = 0;
    if (!s || !out || max < 1)
        return EINV_ERR;
    if (!s->ops->jobs_claim || max == 1) {
        rc = store_job_claim(s, worker, lease_seconds, out);
        *n = rc == EINV_OK;
        return rc;
    }
    memset(out, 0, (size_t)max * sizeof *out);
    return s->ops->jobs_claim(s, worker && *worker ? worker : "worker",
                              lease_seconds > 0 ? lease_seconds : 1, max, out, n);
}

/* Extend the leases of the claims a process holds, in one statement (store.h). */
int store_jobs_renew(einv_store_t *s, const store_lease_t *leases, size_t n, int lease_seconds,
                     unsigned char *held)
{
    if (!s || (n && (!leases || !held)))
        return EINV_ERR;
    if (n == 0)
        return EINV_OK;
    if (lease_seconds < 1)
        lease_seconds = 1;
    return s->ops->jobs_renew(s, leases, n, lease_seconds, held);
}

/* The checks of a verdict's arguments; n gets the verdict normalised (the invoice id in i,
 * no empty api_format, no negative count), as the backends take it. */
static int verdict_args(einv_store_t *s, const store_verdict_t *v, char i[37], store_verdict_t *n)
{
    if (!s || !v || !v->status)
        return EINV_ERR;
    if (strcmp(v->status, "validated") != 0 && strcmp(v->status, "failed_validation") != 0)
        return EINV_ERR;
    if (!fits(v->api_format, 16))
        return EINV_ERR;
    if (!norm_uuid(v->invoice_id, i))
        return EINV_ERR_NOTFOUND;
    *n = *v;
    n->invoice_id = i;
    n->api_format = v->api_format && *v->api_format ? v->api_format : NULL;
    n->error_count = v->error_count < 0 ? 0 : v->error_count;
    n->warning_count = v->warning_count < 0 ? 0 : v->warning_count;
    return EINV_OK;
}

/* Store the verdict and remove the job in one transaction, fenced on the claim (store.h). */
int store_job_complete(einv_store_t *s, long long job_id, int attempts, const store_verdict_t *v)
{
    char i[37];
    store_verdict_t n;
    int rc = verdict_args(s, v, i, &n);
    return rc == EINV_OK ? s->ops->job_complete(s, job_id, attempts, &n) : rc;
}

/* store_job_complete, answered through done (store.h). */
int store_job_complete_async(einv_store_t *s, long long job_id, int attempts, const store_verdict_t *v,
                             store_done_fn done, void *arg)
{
    char i[37];
    store_verdict_t n;
    int rc = done ? verdict_args(s, v, i, &n) : EINV_ERR;
    if (rc != EINV_OK)
        return rc;
    if (s->ops->job_complete_async)
        return s->ops->job_complete_async(s, job_id, attempts, &n, done, arg);
    done(s->ops->job_complete(s, job_id, attempts, &n), arg);
    return EINV_OK;
}

/* A copy of an optional text: 0, or -1 out of memory. */
static int copy_text(char **dst, const char *src, size_t *bytes)
{
    *dst = store_strdup(src);
    *bytes += src ? strlen(src) : 0;
    return src && !*dst ? -1 : 0;
}

/* See store_int.h. */
int store_verdict_copy(store_verdict_copy_t *c, const store_verdict_t *v)
{
    memset(c, 0, sizeof *c);
    store_copy(c->invoice_id, sizeof c->invoice_id, v->invoice_id);
    store_copy(c->status, sizeof c->status, v->status);
    store_copy(c->api_format, sizeof c->api_format, v->api_format);
    if (copy_text(&c->invoice_number, v->invoice_number, &c->bytes) ||
        copy_text(&c->canonical_json, v->canonical_json, &c->bytes) ||
        copy_text(&c->result_json, v->result_json, &c->bytes) ||
        copy_text(&c->extraction_json, v->extraction_json, &c->bytes)) {
        store_verdict_copy_free(c);
        return -1;
    }
    c->v = (store_verdict_t){c->invoice_id, c->status, v->api_format ? c->api_format : NULL,
                             c->invoice_number, c->canonical_json, c->result_json,
                             c->extraction_json, v->error_count, v->warning_count};
    return 0;
}

void store_verdict_copy_free(store_verdict_copy_t *c)
{
    free(c->invoice_number);
    free(c->canonical_json);
    free(c->result_json);
    free(c->extraction_json);
    c->invoice_number = c->canonical_json = c->result_json = c->extraction_json = NULL;
}

/* At a service start: release leases a previous run left behind where the store belongs to
 * one process (SQLite); shared stores (PostgreSQL) rely on lease expiry instead. */
int store_jobs_recover(einv_store_t *s)
{
    return s && s->ops->jobs_recover ? s->ops->jobs_recover(s) : EINV_OK;
}

/* Number of jobs not yet completed (leased ones included). */
int store_job_count(einv_store_t *s, long long *n)
{
    if (!n)
        return EINV_ERR;
    *n = 0;
    return s ? s->ops->job_count(s, n) : EINV_ERR;
}

/* store_job_count at most max_age_ms old: one count serves the submits of that time (a
 * count(*) per submit costs more than the rest of the submit once the queue is long). The
 * submits of this process since the count are added to it (verdicts are not subtracted), so
 * the answer errs on the full side only. */
int store_job_count_recent(einv_store_t *s, int max_age_ms, long long *n)
{
    long long now = store_epoch_ms(), at;
    int rc;
    if (!n || !s)
        return EINV_ERR;
    at = __atomic_load_n(&s->count_at_ms, __ATOMIC_ACQUIRE);
    if (at && now - at >= 0 && now - at < max_age_ms) {
        *n = __atomic_load_n(&s->count_value, __ATOMIC_RELAXED);
        return EINV_OK;
    }
    /* one thread counts; the others meanwhile take the value it is replacing (one count
     * older), instead of every waiting submit counting the whole queue at once */
    if (at && __atomic_exchange_n(&s->count_busy, 1, __ATOMIC_ACQUIRE)) {
        *n = __atomic_load_n(&s->count_value, __ATOMIC_RELAXED);
        return EINV_OK;
    }
    rc = store_job_count(s, n);
    if (rc == EINV_OK) {
        __atomic_store_n(&s->count_value, *n, __ATOMIC_RELAXED);
        __atomic_store_n(&s->count_at_ms, now, __ATOMIC_RELEASE);
    }
    if (at)
        __atomic_store_n(&s->count_busy, 0, __ATOMIC_RELEASE);
    return rc;
}

/* Wake this process's job waiters (a job was handed to them in memory). */
void store_job_signal(einv_store_t *s)
{
    if (s)
        store_waker_signal(&s->waker);
}

/* Block until a job may be there or timeout_ms passes; 1 woken, 0 timeout. */
int store_job_wait(einv_store_t *s, int timeout_ms)
{
    /* the waker answers 1/0; the store speaks einv_status */
    return s && s->ops->job_wait(s, timeout_ms) ? EINV_OK : EINV_DECLINED;
}

/* Free the tier and payload of a job and zero it. */
void store_job_clear(store_job_t *j)
{
    if (!j)
        return;
    free(j->tier);
    free(j->payload);
    free(j->mapping);
    memset(j, 0, sizeof *j);
}

/* ---------------------------------------------------------------- mappings */

int store_mappings_get(einv_store_t *s, const char *account_id, char **json)
{
    char a[37];
    if (!json)
        return EINV_ERR;
    *json = NULL;
    if (!s)
        return EINV_ERR;
    if (!norm_uuid(account_id, a))
        return EINV_ERR_NOTFOUND;
    return s->ops->mappings_get(s, a, json);
}

/* Store (replace) an account's ERP mapping document; NOTFOUND for an unknown account. */
int store_mappings_put(einv_store_t *s, const char *account_id, const char *json)
{
    char a[37];
    if (!s || !json)
        return EINV_ERR;
    if (!norm_uuid(account_id, a))
        return EINV_ERR_NOTFOUND;
    return s->ops->mappings_put(s, a, json);
}
