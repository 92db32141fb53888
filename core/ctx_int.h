/* Internal layout of the validation context. */
#ifndef EINV_CTX_INT_H
#define EINV_CTX_INT_H
#include <einvoice/plugin.h>
#include "arena.h"
#include <einvoice/limits.h>

struct einv_ctx {
    einv_xdoc_t *xdoc;
    einv_invoice_t *inv;
    einv_arena_t arena;          /* finding strings */
    einv_finding_t *findings;
    size_t n, cap;
    const char *const *options;  /* name, value pairs, NULL-terminated */
    size_t max_findings;         /* hostile documents cannot grow the list without bound */
    size_t dropped;
    einv_limits_t limits;        /* the budget of this validation (limits.c) */
    uint64_t deadline_ns;        /* CLOCK_MONOTONIC, 0 = none */
    int expired;                 /* LIMIT-TIME reported */
};

void einv_ctx_init(struct einv_ctx *c, const char *const *options);
void einv_ctx_release(struct einv_ctx *c);   /* frees xdoc, invoice, findings */
#endif
