/* The cost budget of one validation (include/einvoice/limits.h): defaults, the deadline,
 * and the budget of the validation running on this thread, which nested parses inherit. */
#include <einvoice/limits.h>
#include <einvoice/plugin.h>
#include "ctx_int.h"
#include "limits_int.h"
#include <string.h>
#include <time.h>

const einv_rule_t einv_rule_limit_time = {
    "LIMIT-TIME", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The validation did not finish within its time limit; the document was not fully checked.",
    "Send a smaller document, or ask the operator to raise EINV_LIMIT_TIMEOUT_MS."};

static _Thread_local const einv_limits_t *active_limits;
static _Thread_local uint64_t active_deadline;
/* the first limit a parse reached during the active validation (code 0: none) */
static _Thread_local einv_error_t limit_hit;

void einv_limits_default(einv_limits_t *l)
{
    memset(l, 0, sizeof *l);
    l->struct_size = sizeof *l;
    l->max_xml_bytes = (size_t)256 << 20;
    l->max_attributes = 256;
    l->max_elements = 5000000;
    l->max_text = (size_t)256 << 20;
    l->max_decoded = (size_t)64 << 20;
    l->timeout_ms = 20000;
    l->max_findings_per_rule = 50;
    l->max_findings = 1000;
}

/* A caller's limits over the defaults: zero fields and fields past the caller's
 * struct_size keep the default. */
void einv_limits_merge(einv_limits_t *out, const einv_limits_t *in)
{
    einv_limits_default(out);
    if (!in)
        return;
#define TAKE(f)                                                                         \
    if (in->struct_size >= offsetof(einv_limits_t, f) + sizeof in->f && in->f)          \
        out->f = in->f;
    TAKE(max_xml_bytes)
    TAKE(max_attributes)
    TAKE(max_elements)
    TAKE(max_text)
    TAKE(max_decoded)
    TAKE(timeout_ms)
    TAKE(max_findings_per_rule)
    TAKE(max_findings)
#undef TAKE
}

uint64_t einv_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void einv_limits_activate(const einv_limits_t *l, uint64_t deadline_ns,
                          const einv_limits_t **prev_l, uint64_t *prev_deadline)
{
    if (prev_l)
        *prev_l = active_limits;
    if (prev_deadline)
        *prev_deadline = active_deadline;
    active_limits = l;
    active_deadline = deadline_ns;
    limit_hit.code = 0;
}

void einv_limit_note(const einv_error_t *err)
{
    if (limit_hit.code == 0 && err->code == EINV_ERR_LIMIT)
        limit_hit = *err;
}

int einv_limit_take(einv_error_t *out)
{
    if (limit_hit.code != EINV_ERR_LIMIT)
        return 0;
    *out = limit_hit;
    limit_hit.code = 0;
    return 1;
}

const einv_limits_t *einv_limits_active(void) { return active_limits; }
uint64_t einv_deadline_active_ns(void) { return active_deadline; }

const einv_limits_t *einv_ctx_limits(const einv_ctx_t *ctx) { return &ctx->limits; }
uint64_t einv_ctx_deadline_ns(const einv_ctx_t *ctx) { return ctx->deadline_ns; }

int einv_ctx_expired(einv_ctx_t *ctx)
{
    if (ctx->expired)
        return 1;
    if (!ctx->deadline_ns || einv_now_ns() < ctx->deadline_ns)
        return 0;
    einv_ctx_expire(ctx);
    return 1;
}

void einv_ctx_expire(einv_ctx_t *ctx)
{
    if (ctx->expired)
        return;
    ctx->expired = 1;
    einv_report_msg(ctx, &einv_rule_limit_time, "/",
                    "The validation did not finish within its time limit of %u ms; the document was not fully checked.",
                    ctx->limits.timeout_ms);
}
