/* einvoice SDK: the cost budget of one validation.
 *
 * Every document gets the same bounded budget, whatever its format: caps on what the XML
 * parser builds, on what a PDF stream may decode to, on the findings kept, and a deadline.
 * A limit that is reached becomes a LIMIT-... finding (an ERROR: the document was not fully
 * checked), never a crash or an unbounded wait. Since ABI 1.3. */
#ifndef EINVOICE_LIMITS_H
#define EINVOICE_LIMITS_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct einv_limits {
    size_t struct_size;             /* sizeof(einv_limits_t) of the caller's build */
    size_t max_xml_bytes;           /* one XML document (default 256 MiB) */
    size_t max_attributes;          /* attributes + namespace declarations of one element (256) */
    size_t max_elements;            /* elements of one document (5,000,000) */
    size_t max_text;                /* bytes of character data of one document (256 MiB) */
    size_t max_decoded;             /* bytes one PDF stream may decode to (64 MiB) */
    unsigned timeout_ms;            /* wall time of one validation, 0 = none (20,000) */
    size_t max_findings_per_rule;   /* findings kept per rule id (50) */
    size_t max_findings;            /* findings kept in all (1,000) */
} einv_limits_t;

/* Fill l with the documented defaults (struct_size set). */
EINV_API void einv_limits_default(einv_limits_t *l);

typedef struct einv_ctx einv_ctx_t;
/* The budget of this validation (never NULL). */
EINV_API const einv_limits_t *einv_ctx_limits(const einv_ctx_t *ctx);
/* 1 once this validation's deadline has passed, else 0. The first call that sees it
 * expired reports LIMIT-TIME; rules and decoders that loop over input call it now and then
 * (it reads a monotonic clock) and stop when it answers 1. */
EINV_API int einv_ctx_expired(einv_ctx_t *ctx);
/* Monotonic deadline of this validation in nanoseconds (CLOCK_MONOTONIC), 0 = none. */
EINV_API uint64_t einv_ctx_deadline_ns(const einv_ctx_t *ctx);

/* The budget of the validation running on the calling thread, or NULL when none runs.
 * einv_xdoc_parse() with NULL limits uses it, so a plugin's nested parse (the XML inside a
 * PDF) counts against the same budget. */
EINV_API const einv_limits_t *einv_limits_active(void);
EINV_API uint64_t einv_deadline_active_ns(void);
/* CLOCK_MONOTONIC now, in nanoseconds. */
EINV_API uint64_t einv_now_ns(void);

#ifdef __cplusplus
}
#endif
#endif
