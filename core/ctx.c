/* The validation context: what is being validated and the findings reported so far. */
#include "ctx_int.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void einv_ctx_init(struct einv_ctx *c, const char *const *options)
{
    memset(c, 0, sizeof *c);
    einv_arena_init(&c->arena);
    c->options = options;
    c->max_findings = 100000;
}

void einv_ctx_release(struct einv_ctx *c)
{
    einv_xdoc_free(c->xdoc);
    einv_invoice_free(c->inv);
    free(c->findings);
    einv_arena_free(&c->arena);
    memset(c, 0, sizeof *c);
}

const einv_xdoc_t *einv_ctx_xdoc(const einv_ctx_t *ctx) { return ctx->xdoc; }
einv_syntax einv_ctx_syntax(const einv_ctx_t *ctx) { return einv_xdoc_syntax(ctx->xdoc); }
einv_invoice_t *einv_ctx_invoice(const einv_ctx_t *ctx) { return ctx->inv; }

void einv_ctx_set_xdoc(einv_ctx_t *ctx, einv_xdoc_t *d)
{
    if (ctx->xdoc && ctx->xdoc != d)
        einv_xdoc_free(ctx->xdoc);
    ctx->xdoc = d;
}

void einv_ctx_set_invoice(einv_ctx_t *ctx, einv_invoice_t *inv)
{
    if (ctx->inv && ctx->inv != inv)
        einv_invoice_free(ctx->inv);
    ctx->inv = inv;
}

const char *einv_ctx_option(const einv_ctx_t *ctx, const char *name)
{
    const char *const *o;
    for (o = ctx->options; o && o[0]; o += 2)
        if (strcmp(o[0], name) == 0)
            return o[1];
    return NULL;
}

static einv_finding_t *push(einv_ctx_t *ctx, const einv_rule_t *rule)
{
    einv_finding_t *f;
    if (ctx->n >= ctx->max_findings) {
        ctx->dropped++;
        return NULL;
    }
    if (ctx->n == ctx->cap) {
        size_t cap = ctx->cap ? ctx->cap * 2 : 32;
        einv_finding_t *v = realloc(ctx->findings, cap * sizeof *v);
        if (!v)
            return NULL;
        ctx->findings = v;
        ctx->cap = cap;
    }
    f = &ctx->findings[ctx->n++];
    f->rule = rule;
    f->code = rule->id;
    f->message = rule->message;
    f->suggestion = rule->suggestion;
    f->severity = rule->severity;
    f->layer = rule->layer;
    f->field = "";
    return f;
}

static const char *keep(einv_ctx_t *ctx, const char *s)
{
    return s ? einv_arena_strndup(&ctx->arena, s, strlen(s)) : "";
}

void einv_report(einv_ctx_t *ctx, const einv_rule_t *rule, const xmlNode *where)
{
    einv_finding_t *f = push(ctx, rule);
    if (f && where) {
        char *loc = einv_x_location(where);
        f->field = keep(ctx, loc);
        free(loc);
    }
}

void einv_report_at(einv_ctx_t *ctx, const einv_rule_t *rule, const char *field)
{
    einv_finding_t *f = push(ctx, rule);
    if (f)
        f->field = keep(ctx, field);
}

void einv_report_msg(einv_ctx_t *ctx, const einv_rule_t *rule, const char *field,
                     const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    einv_finding_t *f = push(ctx, rule);
    if (!f)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    f->message = keep(ctx, buf);
    f->field = keep(ctx, field);
}

size_t einv_ctx_count(const einv_ctx_t *ctx, const char *rule_id)
{
    size_t i, k = 0;
    for (i = 0; i < ctx->n; i++)
        if (strcmp(ctx->findings[i].code, rule_id) == 0)
            k++;
    return k;
}
