/* Internal layout of the validation context. */
#ifndef EINV_CTX_INT_H
#define EINV_CTX_INT_H
#include <einvoice/plugin.h>
#include "arena.h"
#include <einvoice/limits.h>

/* Reports of one rule id in this validation (a small open-addressing table in the context:
 * the caps cost no scan of the findings). */
typedef struct einv_rule_tally {
    const char *id;              /* the rule's own id string; NULL = free slot */
    size_t reported;             /* every report since the last einv_ctx_drop of the id */
    size_t kept;                 /* stored in the findings list */
    size_t capped;               /* refused by max_findings_per_rule */
    einv_layer layer;
} einv_rule_tally_t;

struct einv_ctx {
    einv_xdoc_t *xdoc;
    einv_invoice_t *inv;
    einv_arena_t arena;          /* finding strings */
    einv_finding_t *findings;
    size_t n, cap;
    const char *const *options;  /* name, value pairs, NULL-terminated */
    char *extraction;            /* einv_ctx_set_extraction's copy, or NULL */
    const unsigned char *source; /* exports: the document the invoice was read from, or NULL */
    size_t source_len;
    einv_rule_tally_t *tally;    /* power-of-two size, at most half full */
    size_t ntally, tally_cap;
    size_t dropped;              /* refused by limits.max_findings */
    int oom;                     /* a finding could not be stored: never valid (sticky) */
    int oom_reported;            /* LIMIT-MEMORY is in the list */
    einv_limits_t limits;        /* the budget of this validation (limits.c) */
    uint64_t deadline_ns;        /* CLOCK_MONOTONIC, 0 = none */
    int expired;                 /* LIMIT-TIME reported */
    /* the binding (binding.c): the format whose to_model builds the invoice on first use,
     * whether it was tried, and the term -> nodes index */
    const einv_format_ops_t *fmt;
    int model_tried;
    struct einv_term_index *terms;
};

void einv_ctx_init(struct einv_ctx *c, const char *const *options);
void einv_ctx_release(struct einv_ctx *c);   /* frees xdoc, invoice, findings, extraction */
/* End of the pipeline: one FINDINGS-CAPPED per rule over max_findings_per_rule, then
 * FINDINGS-TRUNCATED when the total cap refused some, and LIMIT-MEMORY after a finding was
 * lost to memory. */
void einv_ctx_finish(struct einv_ctx *c);

/* Test hook: the allocator of the findings list (realloc). */
extern void *(*einv_ctx_realloc)(void *, size_t);

/* The invoice built on first use by the format's binding (binding.c); NULL without one. */
einv_invoice_t *einv_binding_model(struct einv_ctx *c);
/* Forget the term index (the invoice changed or goes). */
void einv_binding_release(struct einv_ctx *c);

extern const einv_rule_t einv_rule_findings_capped;     /* FINDINGS-CAPPED */
extern const einv_rule_t einv_rule_findings_truncated;  /* FINDINGS-TRUNCATED */
extern const einv_rule_t einv_rule_limit_memory;        /* LIMIT-MEMORY */
#endif
