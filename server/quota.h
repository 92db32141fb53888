/* Plans and monthly quotas (API.md "Quota"): what a submit by the authenticated caller
 * counts against, the X-Quota-* headers and the 429 answer. Shared by the invoice routes
 * (submit) and the account route (usage).
 *
 * Usage in a submit handler, after the 401/400/413/415/501/403 checks:
 *     quota_plan_t q; char period[8];
 *     quota_plan_for(r, &q);
 *     store_submit_t in = {...};  quota_fill_submit(&q, &in, period);
 *     store_quota_state_t st;
 *     rc = store_submit(r->srv->store, &in, id, &st, &err);
 *     if (rc == STORE_QUOTA) { quota_send_exceeded(r, &q, &st); return; }
 *     char hdr[256]; quota_headers(&q, &st, hdr, sizeof hdr);   // "" when no limit applies
 *     http_send_json(r, 202, body, hdr); */
#ifndef EINV_QUOTA_H
#define EINV_QUOTA_H

#include <stddef.h>
#include "http.h"

/* Monthly cap of a FREE account (across its keys and its ID-token submissions), and the
 * largest quotaLimit a FREE account's key may have. */
#define QUOTA_FREE_LIMIT 500

typedef struct quota_plan {
    int counts;                 /* 1 when a submit by this caller counts (live key, ID token) */
    long long key_limit;        /* the key's effective monthly limit, -1 = none */
    long long account_limit;    /* the account's monthly cap, -1 = none */
} quota_plan_t;

/* The limits that apply to the authenticated caller of r: sandbox key → counts 0 and no
 * limit; live key → its quotaLimit (FREE: at most 500) and, for FREE, the account cap 500;
 * ID token → FREE: the account cap 500, PRO: none. */
void quota_plan_for(const einv_req_t *r, quota_plan_t *q);
/* The current period "YYYY-MM" (UTC). */
void quota_period(char out[8]);
/* The next reset, 00:00 UTC on the next 1st, as ISO 8601 ("2026-12-01T00:00:00Z"). */
void quota_reset_time(char out[32]);
/* Fill the quota fields of a store_submit (counts, period, key_limit, account_limit);
 * period is the caller's buffer and must outlive the submit. */
void quota_fill_submit(const quota_plan_t *q, store_submit_t *in, char period[8]);
/* X-Quota-Limit / X-Quota-Remaining / X-Quota-Reset lines ("Name: value\r\n") for the state
 * after a submit, describing the limit with fewer requests remaining; "" when no limit
 * applies (sandbox, PRO without key limit). Returns out. */
char *quota_headers(const quota_plan_t *q, const store_quota_state_t *st, char *out,
                    size_t size);
/* Send 429 {"error":"Quota exceeded", message, code, timestamp, path} with the quota
 * headers (remaining 0). st: the counters reported by the refused store_submit. */
void quota_send_exceeded(einv_req_t *r, const quota_plan_t *q, const store_quota_state_t *st);
/* Usage of the caller for GET /v1/account: key caller → the key's counter and effective
 * limit; ID token → the account's counter and cap. limit -1 = none (JSON null). Returns
 * EINV_OK or the store's error. */
int quota_usage(einv_req_t *r, char period[8], long long *used, long long *limit);

#endif
