/* The validation context: what is being validated and the findings reported so far.
 * Findings are capped per rule id and in all (limits.h), so a hostile document cannot grow
 * the result without bound; what the caps hold back is summed up in one finding each. */
#include "ctx_int.h"
#include "model_schema.h"
#include "limits_int.h"
#include "registry.h"
#include <einvoice/json_strict.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const einv_rule_t einv_rule_findings_capped = {
    "FINDINGS-CAPPED", EINV_SEV_INFO, EINV_LAYER_CORE, "",
    "A rule fired more often than the result lists; the further occurrences are only counted.",
    "Fix the listed occurrences (they usually share one cause) and validate again."};
const einv_rule_t einv_rule_findings_truncated = {
    "FINDINGS-TRUNCATED", EINV_SEV_INFO, EINV_LAYER_CORE, "",
    "Too many findings; the list was cut.", "Fix the reported problems first and validate again."};
const einv_rule_t einv_rule_limit_memory = {
    "LIMIT-MEMORY", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The validator ran out of memory; findings were lost and the document was not fully checked.",
    "Validate the document again; if this persists, ask the operator to check the server's memory."};

void einv_ctx_init(struct einv_ctx *c, const char *const *options)
{
    memset(c, 0, sizeof *c);
    einv_arena_init(&c->arena);
    c->options = options;
    einv_limits_default(&c->limits);
}

void einv_ctx_release(struct einv_ctx *c)
{
    einv_binding_release(c);
    einv_xdoc_free(c->xdoc);
    einv_invoice_free(c->inv);
    free(c->findings);
    free(c->tally);
    free(c->extraction);
    einv_arena_free(&c->arena);
    memset(c, 0, sizeof *c);
}

const einv_xdoc_t *einv_ctx_xdoc(const einv_ctx_t *ctx) { return ctx->xdoc; }
einv_syntax einv_ctx_syntax(const einv_ctx_t *ctx) { return einv_xdoc_syntax(ctx->xdoc); }
einv_invoice_t *einv_ctx_invoice(const einv_ctx_t *ctx)
{
    /* built on first use: the context is the caller's own, const only in the signature */
    return ctx->inv ? ctx->inv : einv_binding_model((einv_ctx_t *)ctx);
}

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
    if (ctx->inv != inv)
        einv_binding_release(ctx);
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

const unsigned char *einv_ctx_source(const einv_ctx_t *ctx, size_t *len)
{
    if (len)
        *len = ctx->source ? ctx->source_len : 0;
    return ctx->source;
}

/* The service splices the object into the invoice resource as it is (no re-encoding, like
 * canonicalJson), so only one strict JSON object of bounded size is kept: anything else is
 * dropped here, with a log line, rather than stored or answered broken. */
int einv_ctx_set_extraction(einv_ctx_t *ctx, const char *json)
{
    einv_json_error_t jerr;
    size_t len;
    int rc;
    free(ctx->extraction);
    ctx->extraction = NULL;
    if (!json)
        return EINV_OK;
    len = strnlen(json, EINV_EXTRACTION_MAX + 1);
    if (len > EINV_EXTRACTION_MAX) {
        einv_log(EINV_LOG_WARN, "extraction object dropped: longer than the limit of %u bytes "
                 "(EINV_EXTRACTION_MAX); the invoice keeps its canonical JSON and findings",
                 EINV_EXTRACTION_MAX);
        return EINV_ERR_LIMIT;
    }
    rc = json[0] == '{' ? einv_json_check(json, len, NULL, &jerr) : EINV_ERR_USAGE;
    if (rc == EINV_ERR_NOMEM)
        return rc;
    if (rc != EINV_OK) {
        char why[512];
        einv_log(EINV_LOG_WARN, "extraction object dropped: not one JSON object (%s)",
                 json[0] == '{' ? einv_json_error_text(&jerr, why, sizeof why) : "it does not start with '{'");
        return EINV_ERR_USAGE;
    }
    if (!(ctx->extraction = malloc(len + 1)))
        return EINV_ERR_NOMEM;
    memcpy(ctx->extraction, json, len + 1);
    return EINV_OK;
}

static size_t id_hash(const char *id)
{
    size_t h = 2166136261u;
    for (; *id; id++)
        h = (h ^ (unsigned char)*id) * 16777619u;
    return h;
}

/* Doubles the tally table; -1 when out of memory. */
static int tally_grow(einv_ctx_t *ctx)
{
    size_t cap = ctx->tally_cap ? ctx->tally_cap * 2 : 64, k, i;
    einv_rule_tally_t *t = calloc(cap, sizeof *t);
    if (!t)
        return -1;
    for (k = 0; k < ctx->tally_cap; k++) {
        if (!ctx->tally[k].id)
            continue;
        for (i = id_hash(ctx->tally[k].id) & (cap - 1); t[i].id; i = (i + 1) & (cap - 1)) {}
        t[i] = ctx->tally[k];
    }
    free(ctx->tally);
    ctx->tally = t;
    ctx->tally_cap = cap;
    return 0;
}

/* The tally slot of id, made when new if create; NULL when there is none or no memory. */
static einv_rule_tally_t *tally_of(einv_ctx_t *ctx, const char *id, int create)
{
    size_t i, mask;
    if (create && ctx->ntally * 2 >= ctx->tally_cap && tally_grow(ctx) != 0)
        return NULL;
    if (!ctx->tally_cap)
        return NULL;
    mask = ctx->tally_cap - 1;
    for (i = id_hash(id) & mask; ctx->tally[i].id; i = (i + 1) & mask)
        if (ctx->tally[i].id == id || strcmp(ctx->tally[i].id, id) == 0)
            return &ctx->tally[i];
    if (!create)
        return NULL;
    ctx->ntally++;
    ctx->tally[i].id = id;
    return &ctx->tally[i];
}

/* The allocator the findings list grows with: a test hook (tests/core/test_limits.c makes
 * it fail to show the sticky out-of-memory flag). */
void *(*einv_ctx_realloc)(void *, size_t) = realloc;

/* A new slot at the end of the list, or NULL (out of memory: sticky, see einv_ctx_finish). */
static einv_finding_t *append(einv_ctx_t *ctx, const einv_rule_t *rule)
{
    einv_finding_t *f;
    if (ctx->n == ctx->cap) {
        size_t cap = ctx->cap ? ctx->cap * 2 : 32;
        einv_finding_t *v = einv_ctx_realloc(ctx->findings, cap * sizeof *v);
        if (!v) {
            ctx->oom = 1;
            return NULL;
        }
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

/* A slot for a report of rule, or NULL when a cap holds it back (counted) or memory ran
 * out (sticky). */
static einv_finding_t *push(einv_ctx_t *ctx, const einv_rule_t *rule)
{
    einv_rule_tally_t *t = tally_of(ctx, rule->id, 1);
    einv_finding_t *f;
    if (!t)
        ctx->oom = 1;   /* uncounted: the per-rule cap cannot hold, the total cap still does */
    else {
        t->reported++;
        t->layer = rule->layer;
        if (t->kept >= ctx->limits.max_findings_per_rule) {
            t->capped++;
            return NULL;
        }
    }
    if (ctx->n >= ctx->limits.max_findings) {
        ctx->dropped++;
        return NULL;
    }
    f = append(ctx, rule);
    if (f && t)
        t->kept++;
    return f;
}

/* A copy of s for the findings, as valid UTF-8: messages and fields quote the input
 * (a parser's message, an element name), and the API answers are JSON. Each byte that
 * does not start a valid sequence becomes U+FFFD. */
static const char *keep(einv_ctx_t *ctx, const char *s)
{
    size_t len, ok, out = 0;
    char *k;
    if (!s)
        return "";
    len = strlen(s);
    ok = einv_utf8_valid(s, len);
    if (ok == len)
        k = einv_arena_strndup(&ctx->arena, s, len);
    else if ((k = einv_arena_alloc(&ctx->arena, len * 3 + 1)) != NULL) {
        while (len) {
            memcpy(k + out, s, ok);
            out += ok;
            if (ok == len)
                break;
            memcpy(k + out, "\xEF\xBF\xBD", 3);
            out += 3;
            s += ok + 1;
            len -= ok + 1;
            ok = einv_utf8_valid(s, len);
        }
        k[out] = 0;
    }
    if (!k) {
        ctx->oom = 1;
        return "";
    }
    return k;
}

/* A document generated from the canonical model (the UBL plugin's from_model) carries in
 * each element's or attribute's _private the source location of the model value it came
 * from; elements the binding adds without a value of their own inherit the nearest
 * ancestor's. NULL for parsed documents, whose nodes never carry one. */
static const char *generated_src(const xmlNode *n)
{
    for (; n && (n->type == XML_ELEMENT_NODE || n->type == XML_ATTRIBUTE_NODE); n = n->parent)
        if (n->_private)
            return n->_private;
    return NULL;
}

/* The term whose EN 16931 code opens a rule's term list ("BT-59, BG-10" -> BT-59). */
static int rule_term(const einv_rule_t *rule, einv_term *out)
{
    char code[16];
    size_t k = 0, i;
    const char *s = rule->terms;
    while (s && k + 1 < sizeof code && *s && *s != ',' && *s != ' ')
        code[k++] = *s++;
    code[k] = 0;
    if (k < 4)
        return 0;
    for (i = 0; i < EINV_T__COUNT; i++)
        if (strcmp(einv_term_info((einv_term)i)->code, code) == 0) {
            *out = (einv_term)i;
            return 1;
        }
    return 0;
}

/* The model group a canonical-JSON pointer names ("" -> the invoice, "/lines/3" -> BG-25),
 * or 0 when it names a field, an array or nothing of the model. */
static int pointer_group(const char *p, einv_term *out)
{
    einv_term cur = EINV_T_INVOICE;
    int want_index = 0;
    while (*p == '/') {
        char seg[64];
        size_t k = 0;
        for (p++; *p && *p != '/'; p++) {
            char c = *p;
            if (c == '~' && (p[1] == '0' || p[1] == '1'))
                c = *++p == '0' ? '~' : '/';
            if (k + 1 >= sizeof seg)
                return 0;
            seg[k++] = c;
        }
        seg[k] = 0;
        if (want_index) {
            if (!k || strspn(seg, "0123456789") != k)
                return 0;
            want_index = 0;
            continue;
        }
        if (einv_term_by_json(cur, seg, &cur) != EINV_OK)
            return 0;
        want_index = einv_term_info(cur)->card == EINV_C_MANY;
    }
    if (*p || want_index || einv_term_info(cur)->kind != EINV_K_GROUP)
        return 0;
    *out = cur;
    return 1;
}

/* A finding on an element of a document generated from canonical JSON usually sits on a
 * group (the invoice for "seller name missing"); when the rule's first term lies inside
 * that group, point at the term itself: "" + BT-27 -> "/supplier/name", "/lines/0" +
 * BT-126 -> "/lines/0/id". A repeated group on the way ends the path at its array
 * ("/taxBreakdown"), as no index can be told. Otherwise the pointer stays as it is. */
static const char *refine_pointer(const einv_ctx_t *ctx, const einv_rule_t *rule,
                                  const char *ptr, char *buf, size_t size)
{
    einv_term group, t, chain[16];
    size_t n = 0, len;
    if (!einv_ctx_option(ctx, "src-canonical") || !pointer_group(ptr, &group) ||
        !rule_term(rule, &t) || t == group)
        return ptr;
    for (; t != group; t = einv_schema_parent(t)) {
        if (t == EINV_T_INVOICE || n == sizeof chain / sizeof chain[0])
            return ptr;   /* not inside the group */
        chain[n++] = t;
    }
    len = strlen(ptr);
    if (len >= size)
        return ptr;
    memcpy(buf, ptr, len + 1);
    while (n--) {
        const einv_term_info_t *ti = einv_term_info(chain[n]);
        size_t jl = strlen(ti->json);
        if (!jl)   /* inline groups (price, line VAT, item) add no JSON level */
            continue;
        if (len + jl + 2 > size)
            return ptr;
        buf[len++] = '/';
        memcpy(buf + len, ti->json, jl + 1);
        len += jl;
        if (ti->card == EINV_C_MANY)
            break;
    }
    return buf;
}

void einv_report(einv_ctx_t *ctx, const einv_rule_t *rule, const xmlNode *where)
{
    einv_finding_t *f = push(ctx, rule);
    const char *src;
    if (f && where && (src = generated_src(where))) {
        char buf[512];
        f->field = keep(ctx, refine_pointer(ctx, rule, src, buf, sizeof buf));
    } else if (f && where) {
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

/* f's message from fmt; the rule's own when it cannot be kept. */
static void set_message(einv_ctx_t *ctx, einv_finding_t *f, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    f->message = keep(ctx, buf);
    if (!*f->message)
        f->message = f->rule->message;
}

void einv_report_msg(einv_ctx_t *ctx, const einv_rule_t *rule, const char *field,
                     const char *fmt, ...)
{
    va_list ap;
    einv_finding_t *f = push(ctx, rule);
    if (!f)
        return;
    va_start(ap, fmt);
    set_message(ctx, f, fmt, ap);
    va_end(ap);
    f->field = keep(ctx, field);
}

/* Every report of the id, also those the caps held back. */
size_t einv_ctx_count(const einv_ctx_t *ctx, const char *rule_id)
{
    einv_rule_tally_t *t = tally_of((einv_ctx_t *)ctx, rule_id, 0);
    return t ? t->reported : 0;
}

/* The id's findings leave the list and its tally starts again; returns the reports
 * withdrawn (stored or held back by the per-rule cap). */
size_t einv_ctx_drop(einv_ctx_t *ctx, const char *rule_id)
{
    einv_rule_tally_t *t = tally_of(ctx, rule_id, 0);
    size_t i, k = 0, dropped;
    for (i = 0; i < ctx->n; i++)
        if (strcmp(ctx->findings[i].code, rule_id) != 0)
            ctx->findings[k++] = ctx->findings[i];
    dropped = ctx->n - k;
    ctx->n = k;
    if (t) {
        dropped += t->capped;
        t->reported = t->kept = t->capped = 0;
    }
    return dropped;
}

/* The id's findings reported again under another rule at the same places: withdraw them,
 * then report `as` once per withdrawn report (the kept ones with their fields; those the
 * per-rule cap held back count against `as`'s cap in the same way). */
size_t einv_ctx_rename(einv_ctx_t *ctx, const char *rule_id, const einv_rule_t *as)
{
    einv_rule_tally_t *t = tally_of(ctx, rule_id, 0);
    size_t i, n = 0, capped = t ? t->capped : 0;
    const char **fields;
    for (i = 0; i < ctx->n; i++)
        n += strcmp(ctx->findings[i].code, rule_id) == 0;
    fields = n ? malloc(n * sizeof *fields) : NULL;
    if (n && !fields) {
        ctx->oom = 1;
        return 0;
    }
    n = 0;
    for (i = 0; i < ctx->n; i++)
        if (strcmp(ctx->findings[i].code, rule_id) == 0)
            fields[n++] = ctx->findings[i].field;   /* arena strings: they outlive the drop */
    einv_ctx_drop(ctx, rule_id);
    for (i = 0; i < n; i++)
        einv_report_at(ctx, as, fields[i]);
    for (i = 0; i < capped; i++)
        einv_report_at(ctx, as, "");
    free(fields);
    return n + capped;
}

/* A summary finding, past the caps (one per rule id at most, so bounded). */
static void summary(einv_ctx_t *ctx, const einv_rule_t *rule, einv_layer layer, const char *fmt, ...)
{
    va_list ap;
    einv_finding_t *f = append(ctx, rule);
    if (!f)
        return;
    va_start(ap, fmt);
    set_message(ctx, f, fmt, ap);
    va_end(ap);
    f->layer = layer;
}

void einv_ctx_finish(einv_ctx_t *ctx)
{
    size_t i, n = ctx->n;
    /* in the order the capped rules first appear in the list */
    for (i = 0; i < n; i++) {
        einv_rule_tally_t *t = tally_of(ctx, ctx->findings[i].code, 0);
        if (!t || !t->capped)
            continue;
        /* the capped rule's layer, but never SCHEMA: an INFO there would read as a schema
         * error to tools that take any kositResult entry as one */
        summary(ctx, &einv_rule_findings_capped, t->layer == EINV_LAYER_SCHEMA ? EINV_LAYER_CORE : t->layer,
                "%s was reported %zu more time%s; only the first %zu are listed.", t->id, t->capped,
                t->capped == 1 ? "" : "s", t->kept);
        t->capped = 0;
    }
    if (ctx->dropped)
        summary(ctx, &einv_rule_findings_truncated, einv_rule_findings_truncated.layer,
                "%zu further finding%s not listed: the result lists at most %zu.", ctx->dropped,
                ctx->dropped == 1 ? " was" : "s were", ctx->limits.max_findings);
    if (ctx->oom && !ctx->oom_reported) {
        einv_finding_t *f = append(ctx, &einv_rule_limit_memory);
        ctx->oom_reported = f != NULL;
        if (f)
            f->field = "/";
    }
}
