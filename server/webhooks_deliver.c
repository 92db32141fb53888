/* The webhook delivery workers of einvoiced: each thread claims the delivery due longest
 * from the store (a leased claim, so a worker that dies leaves it due again and several
 * instances share the work), signs and posts it, and records the outcome: a 2xx answer is
 * delivered; anything else is retried after an exponential backoff with jitter until
 * EINV_WEBHOOK_MAX_ATTEMPTS attempts or EINV_WEBHOOK_MAX_AGE seconds, then failed. At least
 * once: a delivery whose answer was lost (crash, timeout) is sent again with the same event
 * id, which receivers use to drop repeats. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/rand.h>
#include "http.h"
#include "log.h"
#include "store_webhooks.h"
#include "webhooks.h"

struct webhooks {
    einv_srv_t *srv;
    pthread_t *threads;
    int started;
    volatile int stop;              /* read by the HTTP client between its 100 ms waits */
    pthread_mutex_t mu;
    pthread_cond_t cond;            /* CLOCK_MONOTONIC */
    unsigned long long gen;         /* wake-ups */
    long long next_prune_ms;        /* monotonic; the log's retention runs then (0: at once) */
};

#define PRUNE_EVERY_MS (10 * 60 * 1000)

/* The running workers of this process, for webhooks_wake (NULL when none). */
static struct webhooks *g_active;
static pthread_mutex_t g_active_mu = PTHREAD_MUTEX_INITIALIZER;

static void hlog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void hlog(const char *fmt, ...)
{
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    log_fields(ELOG_WARN, "webhooks", NULL, msg, NULL, 0);   /* failures and retries: warnings */
}

static long long mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The delivery log's retention (EINV_WEBHOOK_LOG_DAYS): an idle worker removes old final
 * deliveries at start and every 10 minutes, one worker at a time. */
static void maybe_prune(struct webhooks *w)
{
    long long now = mono_ms(), removed = 0;
    int days = w->srv->cfg.webhook_log_days, due;
    pthread_mutex_lock(&w->mu);
    if ((due = now >= w->next_prune_ms))
        w->next_prune_ms = now + PRUNE_EVERY_MS;
    pthread_mutex_unlock(&w->mu);
    if (due && store_delivery_prune(w->srv->store, days, &removed) == EINV_OK && removed > 0)
        log_msg(ELOG_INFO, "webhooks", NULL, "removed %lld deliveries completed more than %d days"
                " ago from the delivery logs", removed, days);
}

long long webhook_backoff_ms(int n, long long base_ms, long long max_ms)
{
    long long d = base_ms;
    unsigned int r = 0;
    for (int i = 1; i < n && d < max_ms; i++)
        d *= 2;
    if (d > max_ms)
        d = max_ms;
    /* +-20 %: receivers that went down together are not hit again all at once */
    RAND_bytes((unsigned char *)&r, sizeof r);
    d = d - d / 5 + (long long)(r % (unsigned int)(2 * (d / 5) + 1));
    return d > max_ms ? max_ms : d < 1 ? 1 : d;
}

/* Post one claimed delivery and record what happened. */
static void deliver(struct webhooks *w, store_delivery_t *d)
{
    const einv_config_t *cfg = &w->srv->cfg;
    webhook_url_t u;
    char err[300], ts[24], sig[WEBHOOK_SIGNATURE_MAX], headers[512];
    int status = 0, rc;
    size_t len = strlen(d->body);
    if (webhook_url_parse(d->url, &u, err, sizeof err) != 0) {
        /* registered before a stricter check: no attempt can succeed */
        store_delivery_finish(w->srv->store, d->id, d->attempts, 0, 0, err, -1);
        return;
    }
    snprintf(ts, sizeof ts, "%lld", (long long)time(NULL));
    webhook_sign(d->secret, ts, d->body, len, sig);
    snprintf(headers, sizeof headers,
             "X-Einvoice-Event: %s\r\nX-Einvoice-Event-Id: %s\r\nX-Einvoice-Delivery: %s\r\n"
             "X-Einvoice-Timestamp: %s\r\nX-Einvoice-Signature: %s\r\n",
             d->event_type, d->event_id, d->id, ts, sig);
    rc = webhook_post(&u, headers, d->body, len, cfg->webhook_timeout_ms,
                      cfg->webhook_allow_private, &w->stop, &status, err, sizeof err);
    if (rc == -2) {
        /* stopping: the attempt did not happen as far as we know; due again at once */
        store_delivery_release(w->srv->store, d->id, d->attempts);
        return;
    }
    if (rc == 0 && status >= 200 && status < 300) {
        if (store_delivery_finish(w->srv->store, d->id, d->attempts, 1, status, NULL, 0) == EINV_ERR)
            hlog("delivery %s was sent but could not be recorded; it will be sent again", d->id);
        return;
    }
    if (rc == 0)
        snprintf(err, sizeof err, "HTTP %d", status);
    long long retry = -1;
    if (d->attempts < cfg->webhook_max_attempts && d->age_ms < (long long)cfg->webhook_max_age * 1000)
        retry = webhook_backoff_ms(d->attempts, cfg->webhook_backoff_ms, cfg->webhook_backoff_max_ms);
    if (retry < 0)
        hlog("delivery %s of event %s to %s: attempt %d failed (%s); giving up", d->id,
             d->event_id, u.host, d->attempts, err);
    else if (d->attempts == 1)
        /* later failures of the same delivery are in its log (GET .../deliveries) */
        hlog("delivery %s of event %s to %s failed (%s); retrying with backoff", d->id,
             d->event_id, u.host, err);
    store_delivery_finish(w->srv->store, d->id, d->attempts, 0, status, err, retry);
}

/* Wait for a wake-up, a stop or timeout_ms. */
static void nap(struct webhooks *w, unsigned long long seen, int timeout_ms)
{
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&w->mu);
    while (!w->stop && w->gen == seen)
        if (pthread_cond_timedwait(&w->cond, &w->mu, &until) != 0)
            break;
    pthread_mutex_unlock(&w->mu);
}

static void *worker_main(void *p)
{
    struct webhooks *w = p;
    const einv_config_t *cfg = &w->srv->cfg;
    /* long enough for a whole attempt (connect, TLS, answer) and a margin */
    int lease_ms = cfg->webhook_timeout_ms + 15000;
    int failing = 0;
    while (!__atomic_load_n(&w->stop, __ATOMIC_SEQ_CST)) {
        store_delivery_t d;
        unsigned long long seen;
        pthread_mutex_lock(&w->mu);
        seen = w->gen;
        pthread_mutex_unlock(&w->mu);
        int rc = store_delivery_claim(w->srv->store, lease_ms, &d);
        if (rc == EINV_OK) {
            failing = 0;
            deliver(w, &d);
            store_delivery_clear(&d);
            continue;
        }
        if (rc != EINV_ERR_NOTFOUND && !failing++)
            hlog("cannot claim deliveries (database unavailable?); retrying");
        if (rc == EINV_ERR_NOTFOUND)
            maybe_prune(w);
        nap(w, seen, cfg->webhook_poll_ms);
    }
    return NULL;
}

webhooks_t *webhooks_start(struct einv_srv *srv)
{
    struct webhooks *w;
    pthread_condattr_t ca;
    int n = srv->cfg.webhook_workers;
    if (n <= 0)
        return NULL;
    if (!(w = calloc(1, sizeof *w)) || !(w->threads = calloc((size_t)n, sizeof *w->threads))) {
        free(w);
        return NULL;
    }
    w->srv = srv;
    pthread_mutex_init(&w->mu, NULL);
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&w->cond, &ca);
    pthread_condattr_destroy(&ca);
    for (int i = 0; i < n; i++)
        if (pthread_create(&w->threads[w->started], NULL, worker_main, w) == 0)
            w->started++;
    if (w->started < n)
        hlog("only %d of %d delivery threads started", w->started, n);
    pthread_mutex_lock(&g_active_mu);
    g_active = w;
    pthread_mutex_unlock(&g_active_mu);
    return w;
}

void webhooks_wake(void)
{
    /* most verdicts write no delivery: then the threads sleep on (no claim query per verdict) */
    if (!store_delivery_written_take())
        return;
    pthread_mutex_lock(&g_active_mu);
    if (g_active) {
        pthread_mutex_lock(&g_active->mu);
        g_active->gen++;
        pthread_cond_broadcast(&g_active->cond);
        pthread_mutex_unlock(&g_active->mu);
    }
    pthread_mutex_unlock(&g_active_mu);
}

void webhooks_stop(webhooks_t *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&g_active_mu);
    if (g_active == w)
        g_active = NULL;
    pthread_mutex_unlock(&g_active_mu);
    pthread_mutex_lock(&w->mu);
    __atomic_store_n(&w->stop, 1, __ATOMIC_SEQ_CST);
    pthread_cond_broadcast(&w->cond);
    pthread_mutex_unlock(&w->mu);
    for (int i = 0; i < w->started; i++)
        pthread_join(w->threads[i], NULL);
    pthread_cond_destroy(&w->cond);
    pthread_mutex_destroy(&w->mu);
    free(w->threads);
    free(w);
}
