/* The storage interface of the service: accounts, API keys, invoices with their payloads,
 * the job queue, monthly quota counters and ERP mapping documents. Two implementations
 * behind one vtable, chosen by the database URL: SQLite (`sqlite:PATH`, the embedded default)
 * and PostgreSQL (`postgresql://...` or `postgres://...`). Both pass tests/server/test_store.c.
 *
 * Conventions: functions return an einv_status, never a database's own codes: EINV_OK,
 * EINV_ERR_NOTFOUND, STORE_QUOTA (quota refused) or EINV_ERR (err filled). Strings in out-structs are malloc'd and freed by the *_clear()
 * helpers. Ids are UUID strings (36 chars). Timestamps are ISO 8601 UTC with milliseconds
 * ("2026-11-21T09:30:00.123Z"). All functions are thread-safe (each call takes a connection
 * from the store's pool). */
#ifndef EINV_STORE_H
#define EINV_STORE_H

#include <stddef.h>
#include <stdint.h>
#include <einvoice/status.h>

/* submit refused: a quota is exhausted (nothing written). An einv_status: a limit reached */
#define STORE_QUOTA EINV_ERR_LIMIT

typedef struct einv_store einv_store_t;

typedef struct store_account {
    char id[37];
    char *email;
    char *subject;          /* "issuer|sub" of an ID-token account, or NULL */
    int pro;                /* 0 FREE, 1 PRO */
    int super_admin;        /* stored flag (config may add more) */
    char created_at[32];
} store_account_t;

typedef struct store_key {
    char id[37];
    char account_id[37];
    char *name;
    int sandbox;
    char prefix[16];        /* "svc_live_" / "svc_test_" */
    char last_four[8];
    long long quota_limit;  /* -1 = none */
    char created_at[32];
    char last_used_at[32];  /* "" = never */
    char revoked_at[32];    /* "" = active */
} store_key_t;

typedef struct store_invoice {
    char id[37];
    char account_id[37];
    char key_id[37];        /* "" for ID-token submissions */
    char status[24];        /* processing | validated | failed_validation */
    char profile[16];
    char format[16];        /* invoiceFormat: UBL, CII, ..., or "" until known */
    int sandbox;
    char created_at[32];
    char *invoice_number;   /* NULL until validated */
    char *canonical_json;   /* NULL while processing */
    char *result_json;      /* validationResult, NULL while processing */
    char *extraction_json;  /* the extraction object of an extracted invoice, else NULL */
    int error_count, warning_count, valid;
} store_invoice_t;

/* What a submit writes, in one transaction with the quota check. */
typedef struct store_submit {
    const char *account_id;
    const char *key_id;         /* NULL for ID-token submissions */
    const char *profile;
    const char *format;         /* requested/detected format name ("ubl", "idoc", "json", ...) or NULL = auto */
    const char *api_format;     /* invoiceFormat if already known, or NULL */
    const char *tier;           /* extract tier or NULL */
    int sandbox;
    const void *payload;        /* the bytes as received (kept for reprocessing and export) */
    size_t payload_len;
    const char *content_type;
    /* sandbox: stored final at once, no job, no quota */
    const char *sandbox_canonical_json;
    const char *sandbox_result_json;
    /* quota: counted only when counts != 0; a limit of -1 means none */
    int counts;
    const char *period;         /* "YYYY-MM" (UTC) */
    long long key_limit;        /* the key's monthly limit, -1 = none */
    long long account_limit;    /* the account's monthly cap across keys and tokens, -1 = none */
    /* in-process hand-off (server/workers.c): when claim_worker is set, the job is stored
     * already claimed by it (first attempt, leased for claim_lease_seconds), so no other
     * worker takes it while the lease holds; the row serves recovery only */
    const char *claim_worker;
    int claim_lease_seconds;
    long long *job_id;          /* out (may be NULL): the new job's id */
} store_submit_t;

typedef struct store_quota_state {
    long long key_used, account_used;   /* after this request (or current, when refused) */
} store_quota_state_t;

typedef struct store_job {
    long long id;
    char invoice_id[37];
    char account_id[37];
    char profile[16];
    char format[16];
    char *tier;
    void *payload;
    size_t payload_len;
    int attempts;               /* claims of this job, this one included; also this claim's
                                 * fencing token (renewal and completion pass it back) */
    long long running_ms;       /* since the job's first claim (0 on the first claim) */
    char prev_worker[160];      /* who held the previous claim ("" on the first claim) */
    int payload_deferred;       /* a batched claim left a large payload out: read it with
                                 * store_invoice_payload before running the job */
    int mapping_known;          /* the claim brought the account's mapping document (NULL:
                                 * none); else read it (store_mappings_get) when the job runs */
    char *mapping;
} store_job_t;

/* A claim a worker holds: what lease renewal is fenced on. */
typedef struct store_lease {
    long long job_id;
    int attempts;
} store_lease_t;

typedef struct store_page {
    store_invoice_t *items;     /* summaries: canonical_json NULL, result_json NULL */
    size_t n;
    long long total;
} store_page_t;

/* Open by URL; applies the versioned migrations (server/migrations) at once. */
einv_store_t *store_open(const char *url, int pool_size, einv_error_t *err);
void store_close(einv_store_t *s);
const char *store_kind(const einv_store_t *s);           /* "sqlite" or "postgresql" */
int store_ping(einv_store_t *s);                          /* EINV_OK when the database answers */

/* accounts */
int store_account_create(einv_store_t *s, const char *email, int pro, int super_admin,
                         const char *subject, store_account_t *out, einv_error_t *err);
int store_account_by_id(einv_store_t *s, const char *id, store_account_t *out);
int store_account_by_email(einv_store_t *s, const char *email, store_account_t *out);
/* Find the account of an ID-token subject, creating it (FREE) on first sight; race-free.
 * The linking rule: email (a verified one, or NULL) links the subject to an existing account
 * only when that account has no subject yet and is not a super-admin (the caller passes NULL
 * for an address EINV_SUPER_ADMINS names); otherwise the new account's address is the email
 * when no account holds it, else the subject. */
int store_account_for_subject(einv_store_t *s, const char *subject, const char *email,
                              store_account_t *out, einv_error_t *err);
/* Bind an ID-token subject ("issuer|sub") to the account with this email (admin CLI, the
 * only way for super-admins); the subject leaves any other account. NOTFOUND without one. */
int store_account_bind_subject(einv_store_t *s, const char *email, const char *subject,
                               store_account_t *out, einv_error_t *err);
int store_account_set_plan(einv_store_t *s, const char *id, int pro);
int store_account_set_super_admin(einv_store_t *s, const char *id, int super_admin);
/* Quota counters of a period: the account's total and (if key_id) one key's. */
int store_usage(einv_store_t *s, const char *account_id, const char *key_id, const char *period,
                long long *account_used, long long *key_used);
void store_account_clear(store_account_t *a);

/* API keys; the raw key is never stored, only its SHA-256 hex hash */
int store_key_create(einv_store_t *s, const char *account_id, const char *name, int sandbox,
                     long long quota_limit, const char *hash_hex, const char *prefix,
                     const char *last_four, store_key_t *out, einv_error_t *err);
/* Looks a key up by hash; revoked keys are returned too (revoked_at set). */
int store_key_by_hash(einv_store_t *s, const char *hash_hex, store_key_t *out);
/* The key of hash_hex and its account, read together (one statement); NOTFOUND when no key
 * has that hash (or its account is gone). Clear both with the *_clear functions. */
int store_key_auth(einv_store_t *s, const char *hash_hex, store_key_t *key, store_account_t *account);
int store_key_list(einv_store_t *s, const char *account_id, store_key_t **out, size_t *n);
/* EINV_OK (also when already revoked), EINV_ERR_NOTFOUND (unknown or another account's). */
int store_key_revoke(einv_store_t *s, const char *account_id, const char *key_id);
int store_key_touch(einv_store_t *s, const char *key_id);
void store_key_clear(store_key_t *k);

/* Submit: quota check and increment, invoice (status processing, or final for sandbox),
 * payload and job, in ONE transaction (on SQLite one group commit shared with concurrent
 * submits and verdicts); concurrent submits never exceed a limit. Returns once committed. On
 * STORE_QUOTA nothing is written. out_id receives the new invoice id. q may be NULL. */
int store_submit(einv_store_t *s, const store_submit_t *in, char out_id[37],
                 store_quota_state_t *q, einv_error_t *err);

/* Invoices. account_id NULL = any account (super-admin). */
int store_invoice_get(einv_store_t *s, const char *id, const char *account_id,
                      store_invoice_t *out);
/* Stored payload of an invoice (malloc'd). */
int store_invoice_payload(einv_store_t *s, const char *id, void **data, size_t *len,
                          char **content_type);
/* sort_field: createdAt | status | validationProfile | invoiceFormat; desc 0/1. */
int store_invoice_list(einv_store_t *s, const char *account_id, long long page, long long size,
                       const char *sort_field, int desc, store_page_t *out);
/* Filters of a listing (GET /v1/invoices): every given one must hold. Texts are compared
 * exactly (the route normalises them); NULL: any. Creation times are epoch milliseconds,
 * both bounds inclusive; a negative value: no bound. */
typedef struct store_list_filter {
    const char *status;             /* processing | validated | failed_validation */
    const char *profile;            /* validationProfile */
    const char *format;             /* invoiceFormat */
    const char *invoice_number;     /* BT-1, exact */
    long long from_ms, to_ms;       /* createdAt >= from_ms, <= to_ms */
    /* keyset paging: only invoices after this one (an id, normalised) in createdAt order of
     * the sort direction; the page is then the first of those (page 0) and total is not
     * counted (-1): a client following new invoices pays no count per page */
    const char *after;
} store_list_filter_t;
/* store_invoice_list with filters f (NULL: none); total counts the matching invoices (-1
 * with f->after). */
int store_invoice_list_where(einv_store_t *s, const char *account_id, const store_list_filter_t *f,
                             long long page, long long size, const char *sort_field, int desc,
                             store_page_t *out);
int store_count_invoices(einv_store_t *s, const char *account_id, long long *n);
void store_invoice_clear(store_invoice_t *inv);
void store_page_clear(store_page_t *p);

/* Jobs. claim: takes the oldest unclaimed job, or one whose lease expired (its worker died
 * or stopped renewing), leases it for lease_seconds and counts the claim (attempts, the
 * fencing token of this claim). EINV_ERR_NOTFOUND when there is none. */
int store_job_claim(einv_store_t *s, const char *worker, int lease_seconds, store_job_t *out);
/* Batched claim: up to max jobs (out has room for max), each leased and counted as by
 * store_job_claim, in one round trip where the backend can (PostgreSQL). *n gets the number
 * claimed; EINV_ERR_NOTFOUND when none. */
int store_jobs_claim(einv_store_t *s, const char *worker, int lease_seconds, int max,
                     store_job_t *out, size_t *n);
/* Heartbeat: extend the leases of the n claims to now + lease_seconds, in one statement.
 * held[i] becomes 1 when claim i is still current (renewed), 0 when the job was claimed
 * again or completed since (the lease was lost). EINV_OK, or EINV_ERR (held untouched). */
int store_jobs_renew(einv_store_t *s, const store_lease_t *leases, size_t n, int lease_seconds,
                     unsigned char *held);
/* The verdict of a job: the invoice's final status and what the engine made of it. */
typedef struct store_verdict {
    const char *invoice_id;
    const char *status;             /* validated | failed_validation */
    const char *api_format;         /* invoiceFormat detected, or NULL: keep the submitted one */
    const char *invoice_number;     /* BT-1, or NULL */
    const char *canonical_json;     /* canonicalJson, or NULL */
    const char *result_json;        /* validationResult */
    const char *extraction_json;    /* the extraction object (an extracted invoice), or NULL */
    int error_count, warning_count;
} store_verdict_t;
/* Finish: store the verdict on the invoice and delete the job, in one transaction, only
 * while the claim `attempts` is still current (fenced): EINV_ERR_NOTFOUND (nothing written)
 * when the job was claimed again or completed since, or the ids do not match. */
int store_job_complete(einv_store_t *s, long long job_id, int attempts, const store_verdict_t *v);
/* The outcome of an asynchronous store call: rc as the synchronous call would return it. */
typedef void (*store_done_fn)(int rc, void *arg);
/* store_job_complete without waiting for the commit where the store can (SQLite: the
 * verdict joins the next group commit and this returns at once, so the worker validates its
 * next job meanwhile); elsewhere it completes before returning. done(rc, arg) runs once the
 * verdict is stored or refused, maybe on another thread, maybe before this returns; the
 * strings are copied. Returns EINV_OK, or an argument error (then done is not called). */
int store_job_complete_async(einv_store_t *s, long long job_id, int attempts, const store_verdict_t *v,
                             store_done_fn done, void *arg);
/* At a service start: release the leases of a previous run when the store belongs to one
 * process (SQLite), so a crash's in-flight jobs restart at once; no-op on PostgreSQL, where
 * other live processes may hold leases (they expire instead). */
int store_jobs_recover(einv_store_t *s);
/* Jobs not finished (for the 503 queue bound and the tests). */
int store_job_count(einv_store_t *s, long long *n);
/* The same, but a count taken less than max_age_ms ago is reused (the 503 queue bound). */
int store_job_count_recent(einv_store_t *s, int max_age_ms, long long *n);
/* Block until a job may be available or timeout_ms passes (PostgreSQL: LISTEN/NOTIFY;
 * SQLite: in-process condition signalled by submit). EINV_OK when woken, EINV_DECLINED when
 * the time passed without a signal. */
int store_job_wait(einv_store_t *s, int timeout_ms);
/* Wake the job waiters of this process (store_job_wait returns). */
void store_job_signal(einv_store_t *s);
void store_job_clear(store_job_t *j);

/* ERP mapping document of an account (JSON text); NULL/NOTFOUND when none was stored. */
int store_mappings_get(einv_store_t *s, const char *account_id, char **json);
int store_mappings_put(einv_store_t *s, const char *account_id, const char *json);

/* Helpers shared by both backends. */
void store_uuid(char out[37]);                 /* random v4 UUID (OpenSSL RAND_bytes) */
/* A time-ordered v7 UUID (RFC 9562: 48 bits of Unix milliseconds, 74 random bits): invoice
 * ids, so each new row's id lands at the right edge of the id indexes instead of on a random
 * page (one shared index page per group commit instead of one page per invoice in the WAL). */
void store_uuid_v7(char out[37]);
void store_now(char out[32]);                  /* current UTC time, ISO 8601 with ms */
#endif
