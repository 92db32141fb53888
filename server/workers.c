/* The worker pool of einvoiced: each thread claims a queued job from the store (with a
 * lease), validates the stored payload with the engine (profile, format, the account's ERP
 * mapping document) and stores the verdict. A job is deleted only together with its
 * verdict, so a crash loses nothing: the lease runs out and another worker (of this or
 * another instance) takes the job again.
 *
 * Leases are kept, not just taken: one lease-keeper thread per process renews the leases of
 * every job its workers hold, in one store statement every third of EINV_JOB_LEASE, so a
 * long validation is never claimed a second time while it runs. Each claim carries a fencing
 * token (the job's claim count); renewal and completion apply only while it is current, so
 * a worker that lost its lease (a stalled process, a partition) cannot overwrite a newer
 * verdict. A job claimed more than EINV_JOB_MAX_ATTEMPTS times, or first claimed more than
 * EINV_JOB_DEADLINE seconds ago, ends failed_validation with PROCESSING-TIMEOUT instead of
 * being retried for ever; the keeper stops renewing a job past its deadline, so even a stuck
 * worker's job gets that verdict (and the stuck worker's late one is refused).
 *
 * In-process hand-off (issue 16): a submit accepted by this process stores its job already
 * claimed by this process (first attempt, leased) and hands it, with a copy of the payload,
 * to the workers through a bounded memory queue, so the usual path costs no claim
 * transaction and no payload read. The store row serves recovery only: if the process dies,
 * the lease runs out (SQLite: released at the next start) and any worker claims the job as
 * usual. A queued job waits at most a third of the lease unrenewed: older ones are renewed
 * (fenced) before they run and dropped when the claim was lost. When the queue is full, a
 * submit stores its job unclaimed and the workers claim it from the store. */
#define _GNU_SOURCE
#include "http.h"
#include "log.h"
#include "metrics.h"
#include "webhooks.h"

#include <json-c/json.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The claim a worker thread works on, as the lease keeper sees it (under einv_workers.mu). */
typedef struct lease_slot {
    long long job_id;           /* 0: the worker holds no job */
    int attempts;               /* the claim's fencing token */
    long long deadline_ms;      /* monotonic ms when the job deadline passes */
    int lost;                   /* the keeper found the claim taken over */
    int past_deadline;          /* no longer renewed (logged once) */
    char invoice_id[37];
} lease_slot_t;

/* A job handed off by a submit of this process (its payload is owned here). */
typedef struct handoff {
    store_job_t job;
    long long queued_ms;        /* monotonic: when the job was leased (at the submit) */
    int lost;                   /* the keeper found its claim taken over: drop it */
} handoff_t;

/* Hand-off bounds: entries and payload bytes waiting in memory (peak RSS stays bounded).
 * Jobs that may wait per worker thread: on SQLite (one process owns the store) 128, ~50 ms
 * of work at 0.4 ms a job; on PostgreSQL 2, so a backlog goes to the shared queue, where
 * an idle instance on the same database (or this one) claims it, instead of waiting here
 * for this instance's workers. Beyond the bound a submit stores its job unclaimed. */
#define HANDOFF_MAX 1024
#define HANDOFF_PER_WORKER_SQLITE 128
#define HANDOFF_PER_WORKER_SHARED 2
#define HANDOFF_MAX_BYTES (64u << 20)
/* Jobs one claim from the store may take at once (PostgreSQL: one statement). */
#define CLAIM_BATCH 8
/* Admission: a submit that finds the backlog full waits up to this long for room before
 * its job is stored for later (its 202 waits too). Closed-loop clients then submit at the
 * pace of the verdicts instead of building a backlog that trails by seconds, and the
 * CPU the HTTP threads would spend on submits goes to validation. */
#define ADMIT_WAIT_MS 1000

struct einv_workers {
    einv_srv_t *srv;
    pthread_t *threads;
    int n;
    int started;
    volatile int stop;          /* read with __atomic builtins */
    volatile int wake;
    pthread_mutex_t mu;         /* slots and keeper_stop */
    pthread_cond_t cond;        /* CLOCK_MONOTONIC; wakes the keeper to stop */
    lease_slot_t *slots;        /* one per worker thread */
    int keeper_stop;
    int keeper_started;
    pthread_t keeper;
    /* the hand-off queue (a ring), under hq_mu; reserved: slots taken by submits under way */
    pthread_mutex_t hq_mu;
    pthread_cond_t hq_room;     /* a job left the hand-off queue */
    handoff_t *hq;
    int hq_cap;                 /* ring size: HANDOFF_MAX + a batch claim per worker */
    int hq_head, hq_count, hq_reserved;
    size_t hq_bytes;
    char hq_name[160];          /* the claim's worker name: "host:pid:handoff" */
    int hq_per_worker;          /* HANDOFF_PER_WORKER_* of the store's kind */
    long long hq_renewed_ms;    /* monotonic: when the keeper's last renewal of the queue began */
};

typedef struct worker_arg {
    struct einv_workers *w;
    int index;
} worker_arg_t;

static long long mono_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static long long mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The CLOCK_MONOTONIC time ms from now (for timed waits on our conditions). */
static void mono_deadline(struct timespec *until, long long ms)
{
    clock_gettime(CLOCK_MONOTONIC, until);
    until->tv_sec += ms / 1000;
    until->tv_nsec += (ms % 1000) * 1000000L;
    if (until->tv_nsec >= 1000000000L) {
        until->tv_sec++;
        until->tv_nsec -= 1000000000L;
    }
}

static void wlog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The workers' lines are all about something that went wrong or was retried: warnings. */
static void wlog(const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    log_fields(ELOG_WARN, "worker", NULL, msg, NULL, 0);
}

/* The info line of a job done: the invoice id joins it to the access line of its
 * submission (which names the invoice), the request id is not stored with the job. */
static void log_done(const store_job_t *job, int valid, const char *api_format, long long usec)
{
    log_field_t f[5];
    char msg[120];
    if (!log_enabled(ELOG_INFO))
        return;
    snprintf(msg, sizeof msg, "invoice %.36s %s in %.1f ms", job->invoice_id,
             valid ? "validated" : "failed_validation", (double)usec / 1000.0);
    memset(f, 0, sizeof f);
    f[0] = (log_field_t){.key = "invoice", .type = ELOG_STR, .s = job->invoice_id, .json_only = 1};
    f[1] = (log_field_t){.key = "status", .type = ELOG_STR, .s = valid ? "validated" : "failed_validation", .json_only = 1};
    f[2] = (log_field_t){.key = "profile", .type = ELOG_STR, .s = job->profile};
    f[3] = (log_field_t){.key = "format", .type = ELOG_STR, .s = api_format ? api_format : "unknown"};
    f[4] = (log_field_t){.key = "duration_ms", .type = ELOG_MS, .ms = (double)usec / 1000.0, .json_only = 1};
    log_fields(ELOG_INFO, "worker", NULL, msg, f, 5);
}

/* A validationResult holding one ERROR finding (when the engine could not run at all). */
static char *single_finding_result(const char *docs_url, const char *profile, const char *code,
                                   const char *layer, const char *message, const char *suggestion)
{
    json_object *res = json_object_new_object(), *errs = json_object_new_array(), *f;
    json_object *kosit = json_object_new_object(), *kerrs = json_object_new_array();
    char url[1100];
    char *out;
    int schema = strcmp(layer, "SCHEMA") == 0;
    if (einv_docs_url(docs_url, code, profile, url, sizeof url) != 0)
        url[0] = 0;
    f = json_object_new_object();
    json_object_object_add(f, "code", json_object_new_string(code));
    json_object_object_add(f, "message", json_object_new_string(message));
    json_object_object_add(f, "field", json_object_new_string("/"));
    json_object_object_add(f, "suggestion", json_object_new_string(suggestion));
    json_object_object_add(f, "documentationUrl", json_object_new_string(url));
    json_object_object_add(f, "layer", json_object_new_string(layer));
    json_object_object_add(f, "severity", json_object_new_string("ERROR"));
    /* as in the engine's results: a SCHEMA finding is kositResult's only */
    json_object_array_add(schema ? kerrs : errs, f);
    json_object_object_add(res, "valid", json_object_new_boolean(0));
    json_object_object_add(res, "errors", errs);
    json_object_object_add(kosit, "valid", json_object_new_boolean(!schema));
    json_object_object_add(kosit, "errors", kerrs);
    json_object_object_add(res, "kositResult", kosit);
    out = strdup(json_object_to_json_string_ext(res, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(res);
    return out;
}

/* The top-level "invoiceNumber" of the canonical JSON when it is its first member, as the
 * writer puts it (core/model_json.c: terms.def order), and a plain string: 1, *out malloc'd
 * (NULL for ""); 0 when the text does not start so (invoice_number then parses it all).
 * Parsing the whole canonical JSON only for BT-1 was ~5 % of the server's CPU under load. */
static int invoice_number_first(const char *canonical, char **out)
{
    static const char head[] = "{\"invoiceNumber\":\"";
    const char *p, *e;
    *out = NULL;
    if (strncmp(canonical, head, sizeof head - 1) != 0)
        return 0;
    p = canonical + sizeof head - 1;
    for (e = p; *e && *e != '"' && *e != '\\' && (unsigned char)*e >= 0x20; e++)
        ;
    if (*e != '"')
        return 0;       /* an escape (or an unfinished text): json-c decodes it */
    if (e > p && !(*out = strndup(p, (size_t)(e - p))))
        return 0;
    return 1;
}

/* BT-1 from the canonical JSON (malloc'd), or NULL. */
static char *invoice_number(const char *canonical)
{
    json_object *o, *v;
    char *out = NULL;
    if (!canonical)
        return NULL;
    if (invoice_number_first(canonical, &out))
        return out;
    o = json_tokener_parse(canonical);
    if (o && json_object_object_get_ex(o, "invoiceNumber", &v) && v &&
        json_object_is_type(v, json_type_string) && json_object_get_string_len(v) > 0)
        out = strdup(json_object_get_string(v));
    json_object_put(o);
    return out;
}

/* Store the verdict under the worker's claim. A refused claim (NOTFOUND) means another
 * worker took the job over after this one lost its lease: the newer claim's verdict counts. */
typedef struct completion {
    char invoice_id[37];
    int attempts;
} completion_t;

/* The outcome of a verdict's commit (store_job_complete_async; frees c). */
static void completed(int rc, void *p)
{
    completion_t *c = p;
    if (rc == EINV_OK)
        webhooks_wake();    /* its webhook deliveries, if any, were stored with the verdict */
    else if (rc == EINV_ERR_NOTFOUND)
        wlog("invoice %s: attempt %d lost its lease to another claim; its verdict is discarded",
             c->invoice_id, c->attempts);
    else
        /* the job stays queued; its lease runs out and it is processed again */
        wlog("could not store the verdict of invoice %s; it will be retried", c->invoice_id);
    free(c);
}

/* The verdict v (its invoice id and status filled here) of the claim job. */
static void complete(einv_srv_t *srv, const store_job_t *job, int valid, store_verdict_t v)
{
    /* the worker does not wait for the commit (SQLite's group commit): it validates the next
     * job meanwhile, and the outcome is logged when it is known */
    completion_t *c = malloc(sizeof *c);
    int rc;
    if (!c) {
        wlog("could not store the verdict of invoice %s (out of memory); it will be retried",
             job->invoice_id);
        return;
    }
    snprintf(c->invoice_id, sizeof c->invoice_id, "%s", job->invoice_id);
    c->attempts = job->attempts;
    v.invoice_id = job->invoice_id;
    v.status = valid ? "validated" : "failed_validation";
    rc = store_job_complete_async(srv->store, job->id, job->attempts, &v, completed, c);
    if (rc != EINV_OK)
        completed(rc, c);
}

/* The verdict of a job that used up its attempts or its deadline: PROCESSING-TIMEOUT. */
static void time_out(einv_srv_t *srv, const store_job_t *job)
{
    char msg[300];
    char *result;
    if (job->attempts > srv->cfg.max_attempts)
        snprintf(msg, sizeof msg, "The document could not be processed: %d attempts to validate"
                 " it did not finish (each ended with its worker stopping or running out of"
                 " time).", job->attempts - 1);
    else
        snprintf(msg, sizeof msg, "The document could not be processed within the job"
                 " deadline of %d s.", srv->cfg.job_deadline_seconds);
    result = single_finding_result(
        srv->cfg.docs_url, job->profile, "PROCESSING-TIMEOUT", "SCHEMA", msg,
        "Check that the file is a complete invoice document of ordinary size and submit it again.");
    wlog("invoice %s: giving up after %d attempts and %lld s: PROCESSING-TIMEOUT",
         job->invoice_id, job->attempts - 1, job->running_ms / 1000);
    if (result)
        complete(srv, job, 0, (store_verdict_t){.result_json = result, .error_count = 1});
    free(result);
}

static void process(einv_srv_t *srv, const store_job_t *job)
{
    einv_validate_opts_t o;
    einv_limits_t extract_limits;
    einv_result_t *res;
    einv_error_t err;
    char *mapping = NULL;
    const char *api_format = NULL;
    long long t0, usec;
    if (job->mapping_known) {
        /* the claim brought it (PostgreSQL): no statement for it */
    } else if (store_mappings_get(srv->store, job->account_id, &mapping) != EINV_OK) {
        free(mapping);
        mapping = NULL;
    }
    memset(&o, 0, sizeof o);
    memset(&err, 0, sizeof err);
    o.profile = job->profile;
    o.format = job->format[0] ? job->format : NULL;
    o.mapping = job->mapping_known ? job->mapping : mapping;
    o.want_canonical = 1;
    o.limits = &srv->cfg.limits;
    if (job->tier && *job->tier) {
        /* an extraction (OCR: seconds a page, several readings under ACCURATE) is bounded by
         * its own guards (pages, OCR time a page) and the job deadline, not by the time
         * limit of validating a document (EINV_LIMIT_TIMEOUT_MS) */
        extract_limits = srv->cfg.limits;
        if (extract_limits.timeout_ms && extract_limits.timeout_ms < (unsigned)srv->cfg.job_deadline_seconds * 1000u)
            extract_limits.timeout_ms = (unsigned)srv->cfg.job_deadline_seconds * 1000u;
        o.limits = &extract_limits;
    }
    /* in flight while the engine runs: over before the verdict is stored, so a client that
     * sees the invoice final never sees it still counted */
    metrics_jobs_in_flight(1);
    t0 = mono_us();
    {
        /* the extraction tier of POST /v1/invoices/extract (the extract plugin's option) */
        const char *tier_opt[] = {"tier", job->tier, NULL};
        res = einv_validate_with(srv->engine, &o, job->tier && *job->tier ? tier_opt : NULL,
                                 job->payload, job->payload_len, &err);
    }
    usec = mono_us() - t0;
    metrics_jobs_in_flight(-1);
    if (o.format) {
        const einv_format_ops_t *f = einv_engine_format(srv->engine, o.format);
        api_format = f ? f->api_format : NULL;
    }
    if (!res) {
        /* a usage error (profile or format plugin not available here): the invoice still
         * gets a verdict that says why, instead of staying "processing" forever */
        char msg[700];
        int profile = err.subject == EINV_SUBJECT_PROFILE;
        char *result;
        snprintf(msg, sizeof msg, "The invoice could not be validated: %s%s%s.", err.message,
                 err.detail[0] ? " " : "", err.detail);
        result = single_finding_result(srv->cfg.docs_url, job->profile,
                                       profile ? "PROFILE-UNAVAILABLE" : "FORMAT-UNAVAILABLE",
                                       profile ? "PROFILE" : "SCHEMA", msg,
                                       profile ? "This server has no plugin for that profile; submit the invoice again with one of its profiles."
                                               : "This server has no plugin for that format; submit the invoice again in a supported format.");
        complete(srv, job, 0, (store_verdict_t){.api_format = api_format, .result_json = result, .error_count = 1});
        free(result);
    } else {
        size_t i, n = einv_result_count(res);
        int errors = 0, warnings = 0;
        char *json = einv_result_json(res);
        const char *canonical = einv_result_canonical(res);
        char *number = invoice_number(canonical);
        for (i = 0; i < n; i++) {
            const einv_finding_t *f = einv_result_at(res, i);
            if (f->severity == EINV_SEV_ERROR)
                errors++;
            else if (f->severity == EINV_SEV_WARNING)
                warnings++;
        }
        if (einv_result_format(res))
            api_format = einv_result_format(res);
        /* observed before the verdict is stored: whoever sees it final sees it counted */
        metrics_validation(api_format, job->profile, usec);
        if (json) {
            complete(srv, job, einv_result_valid(res),
                     (store_verdict_t){.api_format = api_format, .invoice_number = number,
                                       .canonical_json = canonical, .result_json = json,
                                       .extraction_json = einv_result_extraction(res),
                                       .error_count = errors, .warning_count = warnings});
            log_done(job, einv_result_valid(res), api_format, usec);
        }
        else
            wlog("out of memory for the result of invoice %s; it will be retried", job->invoice_id);
        free(json);
        free(number);
        einv_result_free(res);
    }
    free(mapping);
}

/* Hand the claim to the lease keeper (job NULL: the worker holds none any more). */
static void slot_set(struct einv_workers *w, int index, const store_job_t *job)
{
    lease_slot_t *sl = &w->slots[index];
    pthread_mutex_lock(&w->mu);
    memset(sl, 0, sizeof *sl);
    if (job) {
        sl->job_id = job->id;
        sl->attempts = job->attempts;
        sl->deadline_ms = mono_ms() + (long long)w->srv->cfg.job_deadline_seconds * 1000 -
                          job->running_ms;
        memcpy(sl->invoice_id, job->invoice_id, sizeof sl->invoice_id);
    }
    pthread_mutex_unlock(&w->mu);
}

/* The queued jobs whose renewal found their claim taken over (held[i] 0) are marked lost:
 * the worker that pops one drops it (the newer claim's worker runs the job). */
static void queue_mark_lost(struct einv_workers *w, const store_lease_t *leases,
                            const unsigned char *held, size_t n)
{
    pthread_mutex_lock(&w->hq_mu);
    for (size_t j = 0; j < n; j++) {
        if (held[j])
            continue;
        for (int i = 0; i < w->hq_count; i++) {
            handoff_t *h = &w->hq[(w->hq_head + i) % w->hq_cap];
            if (h->job.id == leases[j].job_id && h->job.attempts == leases[j].attempts)
                h->lost = 1;
        }
    }
    pthread_mutex_unlock(&w->hq_mu);
}

/* The lease keeper: every third of the lease, one renewal of all claims held here. */
static void *keeper_main(void *p)
{
    struct einv_workers *w = p;
    einv_srv_t *srv = w->srv;
    long long interval = (long long)srv->cfg.lease_seconds * 1000 / 3;
    /* the workers' claims, then the jobs waiting in the hand-off queue (leased here too) */
    size_t max = (size_t)w->n + (size_t)w->hq_cap;
    store_lease_t *leases = calloc(max, sizeof *leases);
    unsigned char *held = calloc(max, 1);
    int *idx = calloc(max, sizeof *idx);
    int failing = 0;
    if (interval < 100)
        interval = 100;
    pthread_mutex_lock(&w->mu);
    while (leases && held && idx && !w->keeper_stop) {
        struct timespec until;
        long long now;
        int k = 0, nslots, rc;
        mono_deadline(&until, interval);
        while (!w->keeper_stop && pthread_cond_timedwait(&w->cond, &w->mu, &until) == 0) {
        }
        if (w->keeper_stop)
            break;
        now = mono_ms();
        for (int i = 0; i < w->n; i++) {
            lease_slot_t *sl = &w->slots[i];
            if (!sl->job_id || sl->lost || sl->past_deadline)
                continue;
            if (now >= sl->deadline_ms) {
                /* let the lease run out: the next claim ends the job with PROCESSING-TIMEOUT */
                sl->past_deadline = 1;
                wlog("invoice %s ran past the job deadline (%d s); its lease is no longer renewed",
                     sl->invoice_id, srv->cfg.job_deadline_seconds);
                continue;
            }
            leases[k].job_id = sl->job_id;
            leases[k].attempts = sl->attempts;
            idx[k++] = i;
        }
        nslots = k;
        pthread_mutex_lock(&w->hq_mu);
        for (int i = 0; i < w->hq_count; i++) {
            const handoff_t *h = &w->hq[(w->hq_head + i) % w->hq_cap];
            if (!h->lost) {
                leases[k].job_id = h->job.id;
                leases[k].attempts = h->job.attempts;
                idx[k++] = -1;
            }
        }
        pthread_mutex_unlock(&w->hq_mu);
        if (k == 0)
            continue;
        pthread_mutex_unlock(&w->mu);
        rc = store_jobs_renew(srv->store, leases, (size_t)k, srv->cfg.lease_seconds, held);
        if (rc == EINV_OK && k > nslots) {
            __atomic_store_n(&w->hq_renewed_ms, now, __ATOMIC_SEQ_CST);
            queue_mark_lost(w, leases + nslots, held + nslots, (size_t)(k - nslots));
        }
        pthread_mutex_lock(&w->mu);
        if (rc != EINV_OK) {
            if (!failing++)
                wlog("cannot renew the leases of %d running jobs (database unavailable?); retrying", k);
            continue;
        }
        failing = 0;
        for (int j = 0; j < nslots; j++) {
            lease_slot_t *sl = &w->slots[idx[j]];
            /* the worker may have finished (or moved on) while the renewal ran */
            if (held[j] || sl->job_id != leases[j].job_id || sl->attempts != leases[j].attempts)
                continue;
            sl->lost = 1;
            wlog("invoice %s: attempt %d lost its lease (the job was claimed again)",
                 sl->invoice_id, sl->attempts);
        }
    }
    pthread_mutex_unlock(&w->mu);
    free(leases);
    free(held);
    free(idx);
    return NULL;
}

/* Take the oldest handed-off job (1) or none (0). */
static int handoff_pop(struct einv_workers *w, handoff_t *out)
{
    int got = 0;
    pthread_mutex_lock(&w->hq_mu);
    if (w->hq_count > 0) {
        *out = w->hq[w->hq_head];
        w->hq_head = (w->hq_head + 1) % w->hq_cap;
        w->hq_count--;
        w->hq_bytes -= out->job.payload_len;
        got = 1;
        pthread_cond_signal(&w->hq_room);
    }
    pthread_mutex_unlock(&w->hq_mu);
    return got;
}

/* A handed-off job about to run: its claim is renewed first when a third of the lease has
 * passed since the submit (the keeper renews it from then on). 1 run it, 0 the claim is gone. */
static int handoff_ready(struct einv_workers *w, handoff_t *h)
{
    einv_srv_t *srv = w->srv;
    long long now = mono_ms(), waited = now - h->queued_ms;
    long long renewed = __atomic_load_n(&w->hq_renewed_ms, __ATOMIC_SEQ_CST);
    store_lease_t lease = {h->job.id, h->job.attempts};
    unsigned char held = 0;
    h->job.running_ms += waited;
    if (h->lost)
        return 0;
    /* the keeper renews queued claims too; a claim it has not renewed lately is renewed here */
    if (now - (renewed > h->queued_ms ? renewed : h->queued_ms) <
        (long long)srv->cfg.lease_seconds * 1000 / 3)
        return 1;
    if (store_jobs_renew(srv->store, &lease, 1, srv->cfg.lease_seconds, &held) == EINV_OK && held)
        return 1;
    wlog("invoice %s waited %lld ms in the hand-off queue and its claim could not be renewed;"
         " the store's copy of the job is processed instead", h->job.invoice_id, waited);
    return 0;
}

/* Claim from the store: the first job into *first, and (where the store claims in batches)
 * up to CLAIM_BATCH - 1 more into the hand-off queue, as far as it has room; they are
 * leased to this worker and run by whichever worker of this process is free first. */
static int claim_batch(struct einv_workers *w, const char *name, store_job_t *first)
{
    einv_srv_t *srv = w->srv;
    store_job_t jobs[CLAIM_BATCH];
    size_t n = 0;
    int room, rc;
    pthread_mutex_lock(&w->hq_mu);
    room = HANDOFF_MAX - w->hq_count - w->hq_reserved;
    if (w->hq_bytes >= HANDOFF_MAX_BYTES / 2)
        room = 0;   /* claimed payloads are not checked against the bound one by one */
    pthread_mutex_unlock(&w->hq_mu);
    room = room < 0 ? 0 : room > CLAIM_BATCH - 1 ? CLAIM_BATCH - 1 : room;
    rc = store_jobs_claim(srv->store, name, srv->cfg.lease_seconds, room + 1, jobs, &n);
    if (rc != EINV_OK || n == 0)
        return rc == EINV_OK ? EINV_ERR_NOTFOUND : rc;
    *first = jobs[0];
    if (n > 1) {
        long long now = mono_ms();
        pthread_mutex_lock(&w->hq_mu);
        for (size_t k = 1; k < n; k++) {
            handoff_t h = {jobs[k], now, 0};
            w->hq[(w->hq_head + w->hq_count) % w->hq_cap] = h;
            w->hq_count++;
            w->hq_bytes += jobs[k].payload_len;
        }
        pthread_mutex_unlock(&w->hq_mu);
        store_job_signal(srv->store);   /* the other workers take them */
    }
    return EINV_OK;
}

/* Run one job under the worker's claim (the keeper renews its lease meanwhile). */
static void run_job(struct einv_workers *w, int index, store_job_t *job)
{
    einv_srv_t *srv = w->srv;
    if (job->payload_deferred) {
        char *ctype = NULL;
        free(job->payload);
        job->payload = NULL;
        if (store_invoice_payload(srv->store, job->invoice_id, &job->payload, &job->payload_len,
                                  &ctype) != EINV_OK) {
            /* the lease runs out and the job is claimed again */
            wlog("cannot read the payload of invoice %s; it will be retried", job->invoice_id);
            store_job_clear(job);
            return;
        }
        free(ctype);
        job->payload_deferred = 0;
    }
    if (job->attempts > 1)
        wlog("invoice %s: attempt %d (the claim of %s ended without a verdict)",
             job->invoice_id, job->attempts, job->prev_worker[0] ? job->prev_worker : "?");
    if (job->attempts > srv->cfg.max_attempts ||
        job->running_ms >= (long long)srv->cfg.job_deadline_seconds * 1000) {
        time_out(srv, job);
    } else {
        slot_set(w, index, job);
        process(srv, job);
        slot_set(w, index, NULL);
    }
    store_job_clear(job);
}

static void *worker_main(void *p)
{
    worker_arg_t *a = p;
    struct einv_workers *w = a->w;
    einv_srv_t *srv = w->srv;
    int index = a->index;
    char name[160], host[100] = "localhost";
    gethostname(host, sizeof host - 1);
    snprintf(name, sizeof name, "%s:%d:%d", host, (int)getpid(), index);
    free(a);
    /* handed-off jobs first; every 16th turn the store's queue is looked at even so, so
     * jobs left by other processes (or a full hand-off queue) are not starved. At a stop the
     * hand-off queue is drained (HTTP has stopped: nothing more is handed off). */
    unsigned turn = 0;
    for (;;) {
        int stopping = __atomic_load_n(&w->stop, __ATOMIC_SEQ_CST);
        store_job_t job;
        handoff_t h;
        int rc;
        if ((++turn % 16 != 0 || stopping) && handoff_pop(w, &h)) {
            if (handoff_ready(w, &h))
                run_job(w, index, &h.job);
            else
                store_job_clear(&h.job);
            continue;
        }
        if (stopping)
            break;
        memset(&job, 0, sizeof job);
        rc = claim_batch(w, name, &job);
        if (rc == EINV_OK) {
            run_job(w, index, &job);
            continue;
        }
        if (rc == EINV_ERR_NOTFOUND) {
            /* a submit of this process may have raced with the claim: try once more */
            if (__atomic_exchange_n(&w->wake, 0, __ATOMIC_SEQ_CST))
                continue;
            pthread_mutex_lock(&w->hq_mu);
            int queued = w->hq_count;
            pthread_mutex_unlock(&w->hq_mu);
            if (!queued)
                store_job_wait(srv->store, 1000);
        } else {
            wlog("cannot claim jobs (database unavailable?); retrying");
            store_job_wait(srv->store, 1000);
        }
    }
    return NULL;
}

/* Admission on a shared store: while the shared queue holds more than this instance's
 * workers could finish in about 50 ms (HANDOFF_PER_WORKER_SQLITE jobs each), wait up to
 * ADMIT_WAIT_MS for it to shrink, so the backlog (of all instances) stays short. */
static void admit_shared(struct einv_workers *w)
{
    einv_srv_t *srv = w->srv;
    long long backlog = (long long)w->started * HANDOFF_PER_WORKER_SQLITE, n = 0;
    for (int waited = 0; waited < ADMIT_WAIT_MS; waited += 5) {
        if (store_job_count_recent(srv->store, 20, &n) != EINV_OK || n < backlog ||
            __atomic_load_n(&w->stop, __ATOMIC_SEQ_CST))
            return;
        usleep(5000);
    }
}

/* See http.h. */
int workers_submit(einv_srv_t *srv, store_submit_t *in, char out_id[37],
                   store_quota_state_t *q, einv_error_t *err)
{
    struct einv_workers *w = srv->workers;
    handoff_t h;
    long long job_id = 0;
    int reserved = 0, rc;
    memset(&h, 0, sizeof h);
    if (w && w->started > 0 && !in->sandbox && !__atomic_load_n(&w->stop, __ATOMIC_SEQ_CST)) {
        int cap = w->started * w->hq_per_worker;
        struct timespec until;
        mono_deadline(&until, ADMIT_WAIT_MS);
        if (cap > HANDOFF_MAX)
            cap = HANDOFF_MAX;
        pthread_mutex_lock(&w->hq_mu);
        for (;;) {
            if (w->hq_count + w->hq_reserved < cap &&
                w->hq_bytes + in->payload_len <= HANDOFF_MAX_BYTES) {
                w->hq_reserved++;
                w->hq_bytes += in->payload_len;
                reserved = 1;
                break;
            }
            /* on a shared PostgreSQL a full local queue sends the job to the shared one at
             * once (another instance may be idle); on SQLite wait for room */
            if (w->hq_per_worker != HANDOFF_PER_WORKER_SQLITE || w->hq_count == 0 ||
                pthread_cond_timedwait(&w->hq_room, &w->hq_mu, &until) != 0)
                break;
        }
        pthread_mutex_unlock(&w->hq_mu);
        if (!reserved)
            admit_shared(w);
    }
    if (reserved) {
        /* the copy is made before the submit: after the commit nothing may fail */
        h.job.payload = malloc(in->payload_len ? in->payload_len : 1);
        if (h.job.payload) {
            memcpy(h.job.payload, in->payload, in->payload_len);
            h.job.payload_len = in->payload_len;
            h.job.tier = in->tier ? strdup(in->tier) : NULL;
        }
        if (!h.job.payload || (in->tier && !h.job.tier)) {
            store_job_clear(&h.job);
            pthread_mutex_lock(&w->hq_mu);
            w->hq_reserved--;
            w->hq_bytes -= in->payload_len;
            pthread_mutex_unlock(&w->hq_mu);
            reserved = 0;
        }
    }
    if (reserved) {
        in->claim_worker = w->hq_name;
        in->claim_lease_seconds = srv->cfg.lease_seconds;
        in->job_id = &job_id;
        h.queued_ms = mono_ms();
    }
    rc = store_submit(srv->store, in, out_id, q, err);
    in->claim_worker = NULL;
    in->job_id = NULL;
    if (!reserved)
        return rc;
    pthread_mutex_lock(&w->hq_mu);
    w->hq_reserved--;
    if (rc == EINV_OK) {
        h.job.id = job_id;
        h.job.attempts = 1;
        snprintf(h.job.invoice_id, sizeof h.job.invoice_id, "%s", out_id ? out_id : "");
        snprintf(h.job.account_id, sizeof h.job.account_id, "%s", in->account_id ? in->account_id : "");
        snprintf(h.job.profile, sizeof h.job.profile, "%s", in->profile ? in->profile : "");
        snprintf(h.job.format, sizeof h.job.format, "%s", in->format ? in->format : "");
        w->hq[(w->hq_head + w->hq_count) % w->hq_cap] = h;
        w->hq_count++;
    } else {
        w->hq_bytes -= in->payload_len;
        store_job_clear(&h.job);
    }
    pthread_mutex_unlock(&w->hq_mu);
    if (rc == EINV_OK)
        store_job_signal(srv->store);
    return rc;
}

einv_workers_t *workers_start(einv_srv_t *srv, int n)
{
    struct einv_workers *w = calloc(1, sizeof *w);
    pthread_condattr_t ca;
    int i;
    if (!w)
        return NULL;
    w->srv = srv;
    w->n = n;
    w->threads = calloc(n > 0 ? (size_t)n : 1, sizeof *w->threads);
    w->slots = calloc(n > 0 ? (size_t)n : 1, sizeof *w->slots);
    /* submits fill up to HANDOFF_MAX, each worker's batch claim may add CLAIM_BATCH - 1 */
    w->hq_cap = HANDOFF_MAX + (n > 0 ? n : 1) * CLAIM_BATCH;
    w->hq = calloc((size_t)w->hq_cap, sizeof *w->hq);
    if (!w->threads || !w->slots || !w->hq) {
        free(w->threads);
        free(w->slots);
        free(w->hq);
        free(w);
        return NULL;
    }
    pthread_mutex_init(&w->mu, NULL);
    pthread_mutex_init(&w->hq_mu, NULL);
    {
        pthread_condattr_t rc;
        pthread_condattr_init(&rc);
        pthread_condattr_setclock(&rc, CLOCK_MONOTONIC);
        pthread_cond_init(&w->hq_room, &rc);
        pthread_condattr_destroy(&rc);
    }
    {
        char host[100] = "localhost";
        gethostname(host, sizeof host - 1);
        snprintf(w->hq_name, sizeof w->hq_name, "%s:%d:handoff", host, (int)getpid());
    }
    w->hq_per_worker = strcmp(store_kind(srv->store), "sqlite") == 0 ? HANDOFF_PER_WORKER_SQLITE
                                                                     : HANDOFF_PER_WORKER_SHARED;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&w->cond, &ca);
    pthread_condattr_destroy(&ca);
    if (n > 0) {
        if (pthread_create(&w->keeper, NULL, keeper_main, w) == 0)
            w->keeper_started = 1;
        else
            wlog("the lease keeper did not start: jobs running longer than EINV_JOB_LEASE may be"
                 " taken over");
    }
    for (i = 0; i < n; i++) {
        worker_arg_t *a = malloc(sizeof *a);
        if (!a)
            break;
        a->w = w;
        a->index = i;
        if (pthread_create(&w->threads[i], NULL, worker_main, a) != 0) {
            free(a);
            break;
        }
        w->started++;
    }
    if (w->started < n)
        wlog("only %d of %d worker threads started", w->started, n);
    return w;
}

void workers_wake(einv_workers_t *w)
{
    if (w)
        __atomic_store_n(&w->wake, 1, __ATOMIC_SEQ_CST);
}

void workers_stop(einv_workers_t *w)
{
    int i;
    if (!w)
        return;
    __atomic_store_n(&w->stop, 1, __ATOMIC_SEQ_CST);
    /* each thread finishes its current job (or its wait of at most 1 s) and leaves; the
     * keeper goes on renewing their leases until then */
    for (i = 0; i < w->started; i++)
        pthread_join(w->threads[i], NULL);
    if (w->keeper_started) {
        pthread_mutex_lock(&w->mu);
        w->keeper_stop = 1;
        pthread_cond_broadcast(&w->cond);
        pthread_mutex_unlock(&w->mu);
        pthread_join(w->keeper, NULL);
    }
    pthread_cond_destroy(&w->cond);
    pthread_mutex_destroy(&w->mu);
    /* left only when no worker ran: their leases run out and the store's rows recover them */
    for (handoff_t h; handoff_pop(w, &h);)
        store_job_clear(&h.job);
    pthread_mutex_destroy(&w->hq_mu);
    pthread_cond_destroy(&w->hq_room);
    free(w->hq);
    free(w->slots);
    free(w->threads);
    free(w);
}
