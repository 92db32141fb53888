/* The business-term binding (include/einvoice/binding.h): the canonical invoice built on
 * first use by the format's binding, and an index of its nodes by term, built in one pass
 * over the invoice the first time a term is looked up. Documents whose rules never ask
 * cost nothing (the EN 16931 families read the source tree). */
#include "ctx_int.h"
#include <einvoice/binding.h>
#include <stddef.h>
#include <stdlib.h>

struct einv_term_index {
    size_t start[EINV_T__COUNT + 1];   /* nodes of term t: node[start[t] .. start[t + 1]) */
    const einv_node_t **node;
};

einv_invoice_t *einv_binding_model(einv_ctx_t *c)
{
    const einv_format_ops_t *f = c->fmt;
    if (c->inv || c->model_tried || !c->xdoc || !f ||
        f->struct_size < offsetof(einv_format_ops_t, to_model) + sizeof f->to_model || !f->to_model)
        return c->inv;
    c->model_tried = 1;
    c->inv = f->to_model(c->xdoc);
    if (!c->inv)
        c->oom = 1;   /* a rule on the model would silently not run: never valid */
    return c->inv;
}

void einv_binding_release(einv_ctx_t *c)
{
    if (c->terms) {
        free(c->terms->node);
        free(c->terms);
        c->terms = NULL;
    }
}

/* The next node in the invoice's order (depth first, children before siblings). */
static const einv_node_t *next_node(const einv_node_t *n)
{
    if (n->first)
        return n->first;
    while (n && !n->next)
        n = n->parent;
    return n ? n->next : NULL;
}

/* Count per term, then place: two passes over the invoice, one allocation. */
static struct einv_term_index *index_build(const einv_invoice_t *inv)
{
    struct einv_term_index *x = calloc(1, sizeof *x);
    const einv_node_t *root = einv_invoice_root(inv), *n;
    size_t fill[EINV_T__COUNT], t, total = 0;
    if (!x)
        return NULL;
    for (n = root; n; n = next_node(n))
        if ((size_t)n->term < EINV_T__COUNT)
            x->start[n->term + 1]++;
    for (t = 0; t < EINV_T__COUNT; t++) {
        total += x->start[t + 1];
        x->start[t + 1] = total;
        fill[t] = x->start[t];
    }
    x->node = malloc((total ? total : 1) * sizeof *x->node);
    if (!x->node) {
        free(x);
        return NULL;
    }
    for (n = root; n; n = next_node(n))
        if ((size_t)n->term < EINV_T__COUNT)
            x->node[fill[n->term]++] = n;
    return x;
}

size_t einv_ctx_term_nodes(einv_ctx_t *ctx, einv_term t, const einv_node_t *const **nodes)
{
    einv_invoice_t *inv = einv_ctx_invoice(ctx);
    size_t n;
    *nodes = NULL;
    if (!inv || (size_t)t >= EINV_T__COUNT)
        return 0;
    if (!ctx->terms && !(ctx->terms = index_build(inv))) {
        ctx->oom = 1;
        return 0;
    }
    n = ctx->terms->start[t + 1] - ctx->terms->start[t];
    if (n)
        *nodes = ctx->terms->node + ctx->terms->start[t];
    return n;
}

void einv_report_node(einv_ctx_t *ctx, const einv_rule_t *rule, const einv_node_t *n)
{
    if (n && n->src)   /* a location in a source that is not XML (or no longer parsed) */
        einv_report_at(ctx, rule, n->src);
    else
        einv_report(ctx, rule, n ? (const xmlNode *)n->src_node : NULL);
}
