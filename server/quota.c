/* Plans and monthly quotas (API.md "Quota"): which limits a caller's submit counts against,
 * the X-Quota-* headers (the limit with fewer requests remaining), the 429 answer and the
 * usage block of GET /v1/account. The atomic check-and-count itself is store_submit's. */
#define _GNU_SOURCE
#include "quota.h"
#include "metrics.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

void quota_plan_for(const einv_req_t *r, quota_plan_t *q)
{
    int free_plan = !r->account.pro;
    q->counts = 0;
    q->key_limit = -1;
    q->account_limit = -1;
    if (r->via_key && r->key.sandbox)
        return;     /* sandbox requests never count and are never refused */
    q->counts = 1;
    if (free_plan)
        q->account_limit = QUOTA_FREE_LIMIT;
    if (r->via_key) {
        q->key_limit = r->key.quota_limit;
        /* a key made while the account was PRO keeps its row; the FREE cap still binds */
        if (free_plan && (q->key_limit < 0 || q->key_limit > QUOTA_FREE_LIMIT))
            q->key_limit = QUOTA_FREE_LIMIT;
    }
}

void quota_period(char out[8])
{
    time_t t = time(NULL);
    struct tm tm;
    char tmp[32];
    gmtime_r(&t, &tm);
    snprintf(tmp, sizeof tmp, "%04d-%02d", (tm.tm_year + 1900) % 10000, tm.tm_mon + 1);
    tmp[7] = 0;
    memcpy(out, tmp, strlen(tmp) + 1);
}

void quota_reset_time(char out[32])
{
    time_t t = time(NULL);
    struct tm tm;
    int y, m;
    gmtime_r(&t, &tm);
    y = tm.tm_year + 1900;
    m = tm.tm_mon + 2;      /* next month, 1-based */
    if (m > 12) {
        m = 1;
        y++;
    }
    snprintf(out, 32, "%04d-%02d-01T00:00:00Z", y % 10000, m);
}

void quota_fill_submit(const quota_plan_t *q, store_submit_t *in, char period[8])
{
    quota_period(period);
    in->counts = q->counts;
    in->period = period;
    in->key_limit = q->counts ? q->key_limit : -1;
    in->account_limit = q->counts ? q->account_limit : -1;
}

/* The binding limit: whichever of key/account leaves fewer requests (the key on a tie).
 * Returns 0 when no limit applies, 1 for the key's, 2 for the account's. */
static int binding(const quota_plan_t *q, const store_quota_state_t *st, long long *limit,
                   long long *remaining)
{
    int which = 0;
    long long kr = 0, ar;
    if (!q->counts)
        return 0;
    if (q->key_limit >= 0) {
        kr = q->key_limit - (st ? st->key_used : 0);
        *limit = q->key_limit;
        *remaining = kr;
        which = 1;
    }
    if (q->account_limit >= 0) {
        ar = q->account_limit - (st ? st->account_used : 0);
        if (!which || ar < kr) {
            *limit = q->account_limit;
            *remaining = ar;
            which = 2;
        }
    }
    if (which && *remaining < 0)
        *remaining = 0;
    return which;
}

char *quota_headers(const quota_plan_t *q, const store_quota_state_t *st, char *out,
                    size_t size)
{
    long long limit = 0, remaining = 0;
    char reset[32];
    if (!size)
        return out;
    out[0] = 0;
    if (!binding(q, st, &limit, &remaining))
        return out;
    quota_reset_time(reset);
    snprintf(out, size, "X-Quota-Limit: %lld\r\nX-Quota-Remaining: %lld\r\nX-Quota-Reset: %s\r\n",
             limit, remaining, reset);
    return out;
}

void quota_send_exceeded(einv_req_t *r, const quota_plan_t *q, const store_quota_state_t *st)
{
    long long limit = 0, remaining = 0;
    char reset[32], msg[300], hdr[256];
    int which = binding(q, st, &limit, &remaining);
    quota_reset_time(reset);
    if (which)
        snprintf(msg, sizeof msg,
                 "The monthly quota of %lld requests for %s is used up; it resets at %s", limit,
                 which == 2 ? "this account" : "this API key", reset);
    else
        snprintf(msg, sizeof msg, "The monthly quota is used up; it resets at %s", reset);
    if (which)
        snprintf(hdr, sizeof hdr,
                 "X-Quota-Limit: %lld\r\nX-Quota-Remaining: 0\r\nX-Quota-Reset: %s\r\n", limit,
                 reset);
    else
        hdr[0] = 0;
    metrics_quota_refusal();
    http_send_error(r, 429, msg, hdr);
}

int quota_usage(einv_req_t *r, char period[8], long long *used, long long *limit)
{
    quota_plan_t q;
    long long acc = 0, key = 0;
    int rc;
    quota_period(period);
    quota_plan_for(r, &q);
    rc = store_usage(r->srv->store, r->account.id, r->via_key ? r->key.id : NULL, period, &acc,
                     &key);
    if (rc == EINV_ERR_NOTFOUND) {
        acc = key = 0;
        rc = EINV_OK;
    }
    if (rc != EINV_OK)
        return rc;
    /* the account resource reports the account: every key's and the dashboard's submits
     * together, against the account's monthly cap (none on Pro) */
    (void)key;
    *used = acc;
    *limit = r->account.pro ? -1 : QUOTA_FREE_LIMIT;
    return EINV_OK;
}
