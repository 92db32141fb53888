/* The worker pool of einvoiced: each thread claims a queued job from the store (with a
 * lease), validates the stored payload with the engine (profile, format, the account's ERP
 * mapping document) and stores the verdict. A job is deleted only together with its
 * verdict, so a crash loses nothing: the lease runs out and another worker (of this or
 * another instance) takes the job again. */
#define _GNU_SOURCE
#include "http.h"

#include <json-c/json.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A document that took the process down this many times is failed instead of retried. */
#define MAX_ATTEMPTS 5

struct einv_workers {
    einv_srv_t *srv;
    pthread_t *threads;
    int n;
    int started;
    volatile int stop;          /* read with __atomic builtins */
    volatile int wake;
};

typedef struct worker_arg {
    struct einv_workers *w;
    int index;
} worker_arg_t;

static void wlog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void wlog(const char *fmt, ...)
{
    char ts[40], msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    http_timestamp(ts);
    fprintf(stderr, "%s worker: %s\n", ts, msg);
}

/* A validationResult holding one ERROR finding (when the engine could not run at all). */
static char *single_finding_result(const char *code, const char *layer, const char *message,
                                   const char *suggestion)
{
    json_object *res = json_object_new_object(), *errs = json_object_new_array(), *f;
    json_object *kosit = json_object_new_object(), *kerrs = json_object_new_array();
    const char *base = getenv("EINV_DOCS_URL");
    char url[512];
    char *out;
    int schema = strcmp(layer, "SCHEMA") == 0;
    snprintf(url, sizeof url, "%s/%s", base && *base ? base : "https://einvoice.dev/docs/rules", code);
    f = json_object_new_object();
    json_object_object_add(f, "code", json_object_new_string(code));
    json_object_object_add(f, "message", json_object_new_string(message));
    json_object_object_add(f, "field", json_object_new_string("/"));
    json_object_object_add(f, "suggestion", json_object_new_string(suggestion));
    json_object_object_add(f, "documentationUrl", json_object_new_string(url));
    json_object_object_add(f, "layer", json_object_new_string(layer));
    json_object_object_add(f, "severity", json_object_new_string("ERROR"));
    if (schema)
        json_object_array_add(kerrs, json_object_get(f));
    json_object_array_add(errs, f);
    json_object_object_add(res, "valid", json_object_new_boolean(0));
    json_object_object_add(res, "errors", errs);
    json_object_object_add(kosit, "valid", json_object_new_boolean(!schema));
    json_object_object_add(kosit, "errors", kerrs);
    json_object_object_add(res, "kositResult", kosit);
    out = strdup(json_object_to_json_string_ext(res, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(res);
    return out;
}

/* BT-1 from the canonical JSON (malloc'd), or NULL. */
static char *invoice_number(const char *canonical)
{
    json_object *o, *v;
    char *out = NULL;
    if (!canonical)
        return NULL;
    o = json_tokener_parse(canonical);
    if (o && json_object_object_get_ex(o, "invoiceNumber", &v) && v &&
        json_object_is_type(v, json_type_string) && json_object_get_string_len(v) > 0)
        out = strdup(json_object_get_string(v));
    json_object_put(o);
    return out;
}

static void complete(einv_srv_t *srv, const store_job_t *job, int valid, const char *api_format,
                     const char *number, const char *canonical, const char *result, int errors,
                     int warnings)
{
    int rc = store_job_complete(srv->store, job->id, job->invoice_id,
                                valid ? "validated" : "failed_validation", api_format, number,
                                canonical, result, errors, warnings);
    if (rc != EINV_OK)
        /* the job stays queued; its lease runs out and it is processed again */
        wlog("could not store the verdict of invoice %s; it will be retried", job->invoice_id);
}

static void process(einv_srv_t *srv, const store_job_t *job)
{
    einv_validate_opts_t o;
    einv_result_t *res;
    einv_error_t err;
    char *mapping = NULL;
    const char *api_format = NULL;
    if (job->attempts > MAX_ATTEMPTS) {
        char *result = single_finding_result(
            "PROCESSING-FAILED", "SCHEMA",
            "The document could not be processed: validating it failed repeatedly.",
            "Check that the file is a complete invoice document and submit it again.");
        wlog("invoice %s failed %d times; giving up", job->invoice_id, job->attempts - 1);
        complete(srv, job, 0, NULL, NULL, NULL, result, 1, 0);
        free(result);
        return;
    }
    if (store_mappings_get(srv->store, job->account_id, &mapping) != EINV_OK) {
        free(mapping);
        mapping = NULL;
    }
    memset(&o, 0, sizeof o);
    memset(&err, 0, sizeof err);
    o.profile = job->profile;
    o.format = job->format[0] ? job->format : NULL;
    o.mapping = mapping;
    o.want_canonical = 1;
    o.limits = &srv->cfg.limits;
    res = einv_validate(srv->engine, &o, job->payload, job->payload_len, &err);
    if (o.format) {
        const einv_format_ops_t *f = einv_engine_format(srv->engine, o.format);
        api_format = f ? f->api_format : NULL;
    }
    if (!res) {
        /* a usage error (profile or format plugin not available here): the invoice still
         * gets a verdict that says why, instead of staying "processing" forever */
        char msg[700];
        int profile = strstr(err.message, "profile") != NULL;
        char *result;
        snprintf(msg, sizeof msg, "The invoice could not be validated: %s%s%s.", err.message,
                 err.detail[0] ? " " : "", err.detail);
        result = single_finding_result(profile ? "PROFILE-UNAVAILABLE" : "FORMAT-UNAVAILABLE",
                                       profile ? "PROFILE" : "SCHEMA", msg,
                                       profile ? "This server has no plugin for that profile; submit the invoice again with one of its profiles."
                                               : "This server has no plugin for that format; submit the invoice again in a supported format.");
        complete(srv, job, 0, api_format, NULL, NULL, result, 1, 0);
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
        if (json)
            complete(srv, job, einv_result_valid(res), api_format, number, canonical, json,
                     errors, warnings);
        else
            wlog("out of memory for the result of invoice %s; it will be retried", job->invoice_id);
        free(json);
        free(number);
        einv_result_free(res);
    }
    free(mapping);
}

static void *worker_main(void *p)
{
    worker_arg_t *a = p;
    struct einv_workers *w = a->w;
    einv_srv_t *srv = w->srv;
    char name[160], host[100] = "localhost";
    gethostname(host, sizeof host - 1);
    snprintf(name, sizeof name, "%s:%d:%d", host, (int)getpid(), a->index);
    free(a);
    while (!__atomic_load_n(&w->stop, __ATOMIC_SEQ_CST)) {
        store_job_t job;
        int rc;
        memset(&job, 0, sizeof job);
        rc = store_job_claim(srv->store, name, srv->cfg.lease_seconds, &job);
        if (rc == EINV_OK) {
            process(srv, &job);
            store_job_clear(&job);
            continue;
        }
        if (rc == EINV_ERR_NOTFOUND) {
            /* a submit of this process may have raced with the claim: try once more */
            if (__atomic_exchange_n(&w->wake, 0, __ATOMIC_SEQ_CST))
                continue;
            store_job_wait(srv->store, 1000);
        } else {
            wlog("cannot claim jobs (database unavailable?); retrying");
            store_job_wait(srv->store, 1000);
        }
    }
    return NULL;
}

einv_workers_t *workers_start(einv_srv_t *srv, int n)
{
    struct einv_workers *w = calloc(1, sizeof *w);
    int i;
    if (!w)
        return NULL;
    w->srv = srv;
    w->n = n;
    w->threads = calloc(n > 0 ? (size_t)n : 1, sizeof *w->threads);
    if (!w->threads) {
        free(w);
        return NULL;
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
    /* each thread finishes its current job (or its wait of at most 1 s) and leaves */
    for (i = 0; i < w->started; i++)
        pthread_join(w->threads[i], NULL);
    free(w->threads);
    free(w);
}
