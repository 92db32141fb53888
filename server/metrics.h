/* The metrics of einvoiced, served at GET /metrics in the Prometheus text exposition format
 * 0.0.4: requests by route and status, the validation latency by format and profile, queue
 * depth, jobs in flight, quota refusals, store errors, plugin load failures, process basics.
 * Counting is lock-free (C11 atomics, relaxed: a counter needs no ordering), so the hot path
 * pays one uncontended-or-not atomic add per event and nothing else; all the formatting
 * happens in the scrape. */
#ifndef EINV_SERVER_METRICS_H
#define EINV_SERVER_METRICS_H

#include "engine.h"

/* Routes with a counter of their own (http.c's table may not hold more). */
#define METRICS_MAX_ROUTES 64

/* Who may scrape (EINV_METRICS). */
enum { METRICS_OFF = 0, METRICS_LOOPBACK = 1, METRICS_TOKEN = 2, METRICS_PUBLIC = 3 };
/* Parse "off|loopback|token|public"; -1 when it is none of them. */
int metrics_mode_parse(const char *s);

/* Fix the label sets (the engine's formats and profiles) and the start time; call once,
 * after the engine is open and before any request or job. */
void metrics_init(const einv_engine_t *e);
/* Register GET /metrics (http_route). */
void routes_metrics_register(void);

/* One answer of the HTTP layer: route is the index of the matched route (http.c's table),
 * -1 when none matched; status the HTTP status sent. */
void metrics_request(int route, int status);
/* One validation by a worker: the invoiceFormat it was read as (NULL: unknown), the
 * profile, and how long einv_validate took. */
void metrics_validation(const char *api_format, const char *profile, long long usec);
/* A worker took (+1) or finished (-1) a job. */
void metrics_jobs_in_flight(int delta);
void metrics_quota_refusal(void);
void metrics_store_error(void);

#endif
