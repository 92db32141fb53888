/* The validation pipeline: detect the format, parse, run the syntax rules of the format
 * and the rules of the profile chain (base first), and collect the findings. */
#define _GNU_SOURCE   /* dladdr */
#include "engine.h"
#include <stddef.h>
#include "ctx_int.h"
#include "registry.h"
#include "jbuf.h"
#include "limits_int.h"
#include "xsd.h"
#include "xml_arena.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libgen.h>
#include <dlfcn.h>

/* The public documentation of every rule code (the CLI's default; einvoiced defaults to
 * its own pages, /docs/rules/{code}). */
#define DEFAULT_DOCS_URL "https://einvoice.dev/docs/rules/{code}"

struct einv_engine {
    einv_registry_t reg;
    char docs_url[512];
    einv_limits_t limits;        /* the budget of validations that name none */
};

const einv_registry_t *einv_engine_registry(const einv_engine_t *e) { return &e->reg; }

struct einv_result {
    einv_ctx_t ctx;
    const char *format;
    char *canonical;
    const char *docs_url;        /* the engine's (a template: einv_docs_url) */
    char profile[64];            /* the profile asked for, for {profile} */
};

/* Findings of the core itself (schema layer of API.md). */
static const einv_rule_t R_EMPTY = {
    "XML-EMPTY", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The document is empty.", "Send the invoice file itself, not an empty body."};
static const einv_rule_t R_WELLFORMED = {
    "XML-WELLFORMED", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The document is not well-formed XML.", "Fix the XML syntax at the reported line; check encoding and closing tags."};
static const einv_rule_t R_ROOT = {
    "SCHEMA-ROOT", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The root element is not an invoice of a supported syntax.",
    "Send a UBL 2.1 Invoice or CreditNote, or a UN/CEFACT CrossIndustryInvoice (D16B)."};
static const einv_rule_t R_FORMAT = {
    "FORMAT-UNKNOWN", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The input is not in a format this installation can read.",
    "Check the file type, or choose the format explicitly with --format."};
static const einv_rule_t R_SYNTAX = {
    "PROFILE-SYNTAX", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The chosen profile does not define rules for this syntax.",
    "Validate this document with a profile that covers its syntax, or convert it."};
static const einv_rule_t R_EXPORT = {
    "MODEL-EXPORT", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The invoice could not be converted to UBL for validation.",
    "Enable the UBL format plugin, which validates inputs that are not XML; if it is enabled, report this input."};

/* The budget's limits (limits.h): the document was not fully checked. */
static const einv_rule_t R_LIMIT_XML_SIZE = {
    "LIMIT-XML-SIZE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The XML document is larger than this installation parses; it was not checked.",
    "Send a smaller document; invoices rarely need more than a few megabytes."};
static const einv_rule_t R_LIMIT_ATTRIBUTES = {
    "LIMIT-ATTRIBUTES", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "An element has more attributes than this installation allows; the document was not checked further.",
    "Invoice elements carry a few attributes at most: check how the document was generated. "
    "If it is genuine, ask the operator to raise EINV_LIMIT_ATTRIBUTES."};
static const einv_rule_t R_LIMIT_ELEMENTS = {
    "LIMIT-ELEMENTS", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The document has more elements than this installation allows; it was not checked further.",
    "Split the invoice, or ask the operator to raise EINV_LIMIT_ELEMENTS."};
static const einv_rule_t R_LIMIT_TEXT = {
    "LIMIT-TEXT", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The document has more character data than this installation allows; it was not checked further.",
    "Send large attachments separately, or ask the operator to raise EINV_LIMIT_TEXT."};

EINV_API const einv_rule_t *const einv_core_rules[] = {
    &R_EMPTY, &R_WELLFORMED, &R_ROOT, &R_FORMAT, &R_SYNTAX, &R_EXPORT,
    &R_LIMIT_XML_SIZE, &R_LIMIT_ATTRIBUTES, &R_LIMIT_ELEMENTS, &R_LIMIT_TEXT,
    &einv_rule_limit_time, &einv_rule_limit_memory, &einv_rule_findings_capped,
    &einv_rule_findings_truncated, &einv_xsd_rule_order, &einv_xsd_rule_unknown,
    &einv_xsd_rule_missing, &einv_xsd_rule_datatype, &einv_xsd_rule_attribute,
    &einv_xsd_rule_content, &einv_xsd_rule_invalid, &einv_xsd_rule_unavailable};
EINV_API const size_t einv_core_rules_count = sizeof einv_core_rules / sizeof einv_core_rules[0];

/* The built-in plugin folder: <libdir>/einvoice beside this library (a copy installed under
 * any prefix, and the build tree), else <prefix>/lib/einvoice beside the running binary,
 * else the install-time default. */
static void default_dir(char *buf, size_t size)
{
    char exe[1024], probe[1100];
    Dl_info info;
    ssize_t n;
    if (dladdr((void *)default_dir, &info) && info.dli_fname) {
        snprintf(exe, sizeof exe, "%s", info.dli_fname);
        snprintf(probe, sizeof probe, "%s/einvoice", dirname(exe));
        if (access(probe, R_OK) == 0) {
            snprintf(buf, size, "%s", probe);
            return;
        }
    }
    n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        snprintf(probe, sizeof probe, "%s/../lib/einvoice", dirname(exe));
        if (access(probe, R_OK) == 0) {
            snprintf(buf, size, "%s", probe);
            return;
        }
    }
    snprintf(buf, size, "%s", EINV_DEFAULT_PLUGIN_DIR);
}

einv_engine_t *einv_engine_open(const einv_engine_options_t *opts, einv_error_t *err)
{
    char buf[1200];
    einv_engine_options_t o;
    const char *dir;
    einv_engine_t *e = calloc(1, sizeof *e);
    if (!e)
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", ""), NULL;
    /* a caller built against an older, shorter struct: the fields it lacks stay default */
    memset(&o, 0, sizeof o);
    if (opts)
        memcpy(&o, opts, opts->struct_size < sizeof o ? opts->struct_size : sizeof o);
    /* process-wide, so before the first parse; a default never undoes another engine's */
    if (o.no_xml_arena)
        xa_configure(0);
    if (o.schema_dir && *o.schema_dir)
        einv_xsd_set_dir(o.schema_dir);
    xmlInitParser();
    snprintf(e->docs_url, sizeof e->docs_url, "%s", o.docs_url && *o.docs_url ? o.docs_url : DEFAULT_DOCS_URL);
    einv_limits_merge(&e->limits, o.limits);
    dir = o.plugin_dir;
    if (!dir || !*dir) {
        default_dir(buf, sizeof buf);
        dir = buf;
    }
    einv_registry_load_path(&e->reg, o.plugin_path, dir, o.allow);
    if (e->reg.n_profiles == 0 || e->reg.n_formats == 0)
        einv_log(EINV_LOG_WARN, "no %s loaded from %s%s%s", e->reg.n_formats ? "profile" : "format",
                 o.plugin_path && *o.plugin_path ? o.plugin_path : "", o.plugin_path && *o.plugin_path ? ":" : "",
                 dir);
    return e;
}

einv_engine_t *einv_engine_open_dir(const char *dir, const char *allow, einv_error_t *err)
{
    einv_engine_options_t o;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.plugin_dir = dir;
    o.allow = allow;
    return einv_engine_open(&o, err);
}

void einv_engine_close(einv_engine_t *e)
{
    if (!e)
        return;
    einv_registry_unload(&e->reg);
    free(e);
}

const einv_profile_ops_t *einv_engine_profile(const einv_engine_t *e, const char *name)
{
    size_t i;
    for (i = 0; name && i < e->reg.n_profiles; i++)
        if (strcasecmp(e->reg.profiles[i]->name, name) == 0)
            return e->reg.profiles[i];
    return NULL;
}

const einv_format_ops_t *einv_engine_format(const einv_engine_t *e, const char *name)
{
    size_t i;
    for (i = 0; name && i < e->reg.n_formats; i++)
        if (strcasecmp(e->reg.formats[i]->name, name) == 0 ||
            (e->reg.formats[i]->api_format && strcasecmp(e->reg.formats[i]->api_format, name) == 0))
            return e->reg.formats[i];
    return NULL;
}

size_t einv_engine_profile_count(const einv_engine_t *e) { return e->reg.n_profiles; }
const einv_profile_ops_t *einv_engine_profile_at(const einv_engine_t *e, size_t i)
{
    return i < e->reg.n_profiles ? e->reg.profiles[i] : NULL;
}
size_t einv_engine_format_count(const einv_engine_t *e) { return e->reg.n_formats; }
const char *einv_engine_docs_url(const einv_engine_t *e) { return e->docs_url; }
size_t einv_engine_plugin_failures(const einv_engine_t *e) { return e ? e->reg.n_failed : 0; }
const einv_format_ops_t *einv_engine_format_at(const einv_engine_t *e, size_t i)
{
    return i < e->reg.n_formats ? e->reg.formats[i] : NULL;
}

static int looks_like_xml(const unsigned char *p, size_t n)
{
    size_t i = 0;
    if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
        i = 3;
    if (n >= 2 && ((p[0] == 0xFF && p[1] == 0xFE) || (p[0] == 0xFE && p[1] == 0xFF)))
        return 1;
    while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n'))
        i++;
    return i < n && p[i] == '<';
}

/* The format that writes a canonical invoice as XML for the rules: UBL. */
static const einv_format_ops_t *model_writer(const einv_engine_t *e)
{
    const einv_format_ops_t *f = einv_engine_format(e, "ubl");
    return f && f->from_model ? f : NULL;
}

/* BT-24 / BT-23 for invoices converted from ERP data: the profile's own, else its base's. */
static const char *profile_term(const einv_engine_t *e, const einv_profile_ops_t *p, int bt23)
{
    int depth;
    for (depth = 0; p && depth < 8; depth++) {
        size_t off = bt23 ? offsetof(einv_profile_ops_t, business_process)
                          : offsetof(einv_profile_ops_t, specification_id);
        if (p->struct_size >= off + sizeof(const char *)) {
            const char *v = bt23 ? p->business_process : p->specification_id;
            if (v && *v)
                return v;
        }
        p = p->base ? einv_engine_profile(e, p->base) : NULL;
    }
    return NULL;
}

/* A limit a parse reached (err from einv_xdoc_parse, EINV_ERR_LIMIT) as its LIMIT-...
 * finding: the parser's words (what, where, the value) and the setting that raises it. */
static void report_limit(einv_ctx_t *ctx, const einv_error_t *err)
{
    static const struct {
        const char *limit;
        const einv_rule_t *rule;
        const char *setting;
    } MAP[] = {{"max_xml_bytes", &R_LIMIT_XML_SIZE, NULL},
               {"max_attributes", &R_LIMIT_ATTRIBUTES, "EINV_LIMIT_ATTRIBUTES"},
               {"max_elements", &R_LIMIT_ELEMENTS, "EINV_LIMIT_ELEMENTS"},
               {"max_text", &R_LIMIT_TEXT, "EINV_LIMIT_TEXT"}};
    size_t i;
    for (i = 0; i < sizeof MAP / sizeof MAP[0]; i++)
        if (strcmp(err->detail, MAP[i].limit) == 0) {
            if (MAP[i].setting)
                einv_report_msg(ctx, MAP[i].rule, "/", "%s, the limit set by %s; the document was not checked further.",
                                err->message, MAP[i].setting);
            else
                einv_report_msg(ctx, MAP[i].rule, "/", "%s; it was not checked.", err->message);
            return;
        }
    einv_ctx_expire(ctx);   /* "timeout_ms" */
}

/* A limit reached by a parse inside a plugin (the XML of a PDF, a nested document): 1 when
 * one was, reported. */
static int nested_limit(einv_ctx_t *ctx)
{
    einv_error_t lerr;
    if (!einv_limit_take(&lerr))
        return 0;
    report_limit(ctx, &lerr);
    return 1;
}

/* Base first; the deadline is checked around every profile's rules. */
static void run_profile(einv_engine_t *e, const einv_profile_ops_t *p, einv_ctx_t *ctx, int depth)
{
    if (p->base && depth < 8) {
        const einv_profile_ops_t *b = einv_engine_profile(e, p->base);
        if (b)
            run_profile(e, b, ctx, depth + 1);
        else
            einv_log(EINV_LOG_WARN, "profile %s builds on %s, which is not loaded", p->name, p->base);
    }
    if (!einv_ctx_expired(ctx))
        p->check(ctx);
}

/* One validation as it passes through the stages of einv_validate. */
typedef struct run {
    einv_engine_t *e;
    const einv_validate_opts_t *o;
    einv_result_t *r;
    const unsigned char *bytes;
    size_t len;
    const einv_profile_ops_t *prof;
    const einv_format_ops_t *fmt;   /* the input's format (chosen, else detected) */
    const einv_format_ops_t *syn;   /* the format whose syntax rules run */
    const char **opt;               /* the run's options (name, value pairs) */
    size_t nopt;
    const char *const *extra;       /* the caller's plugin options (einv_validate_with) */
    einv_xdoc_t *xdoc;              /* the input parsed as XML, when it is XML */
} run_t;

/* What a stage tells einv_validate: go on, or the result is complete. */
enum { STAGE_NEXT = 0, STAGE_DONE = 1 };

/* prepare: the profile and a chosen format must be installed (a usage error otherwise),
 * and the run's options are set up. */
static int stage_prepare(run_t *v, einv_error_t *err)
{
    const einv_validate_opts_t *o = v->o;
    const char **opt;
    v->prof = einv_engine_profile(v->e, o->profile);
    if (!v->prof)
        return einv_error_set_subject(err, EINV_ERR_USAGE, EINV_SUBJECT_PROFILE, "unknown profile",
                                      o->profile ? o->profile : "(none)",
                                      "Run 'einvoice profiles' to list the installed profiles");
    if (o->format && *o->format && strcasecmp(o->format, "auto") != 0) {
        v->fmt = einv_engine_format(v->e, o->format);
        if (!v->fmt)
            return einv_error_set_subject(err, EINV_ERR_USAGE, EINV_SUBJECT_FORMAT, "unknown format",
                                          o->format, "Use auto or one of the installed formats");
    }
    /* room for mapping, canonical, specification-id, business-process, src-canonical, the
     * caller's options and the terminator */
    size_t nextra = 0;
    while (v->extra && v->extra[nextra] && v->extra[nextra + 1])
        nextra += 2;
    opt = einv_arena_alloc(&v->r->ctx.arena, (11 + nextra) * sizeof *opt);
    if (opt) {
        const char *spec = profile_term(v->e, v->prof, 0), *proc = profile_term(v->e, v->prof, 1);
        size_t n = 0;
        if (spec) {
            opt[n++] = "specification-id";
            opt[n++] = spec;
        }
        if (proc) {
            opt[n++] = "business-process";
            opt[n++] = proc;
        }
        if (o->mapping) {
            opt[n++] = "mapping";
            opt[n++] = o->mapping;
        }
        if (o->want_canonical) {
            opt[n++] = "canonical";
            opt[n++] = "1";
        }
        for (size_t k = 0; k < nextra; k++)
            opt[n++] = v->extra[k];
        opt[n] = NULL;
        v->r->ctx.options = opt;
        v->opt = opt;
        v->nopt = n;
    } else
        v->r->ctx.oom = 1;   /* the run goes on without its options, but is never valid */
    return EINV_OK;
}

/* detect: an empty body, XML that is not well-formed or too big, else the format (the one
 * chosen, or the first whose sniffer accepts the bytes). */
static int stage_detect(run_t *v)
{
    einv_result_t *r = v->r;
    const einv_format_ops_t *fmt = v->fmt;
    einv_error_t perr;
    size_t i;
    if (v->len == 0) {
        einv_report(&r->ctx, &R_EMPTY, NULL);
        return STAGE_DONE;
    }
    if (looks_like_xml(v->bytes, v->len)) {
        v->xdoc = einv_xdoc_parse(v->bytes, v->len, NULL, &perr);
        if (!v->xdoc && perr.code == EINV_ERR_LIMIT) {
            einv_limit_take(&perr);   /* reported here, not again as a nested one */
            report_limit(&r->ctx, &perr);
            r->format = fmt ? fmt->api_format : NULL;
            return STAGE_DONE;
        }
        if (!v->xdoc && (!fmt || fmt->api_format == NULL || strcmp(fmt->api_format, "UBL") == 0 ||
                         strcmp(fmt->api_format, "CII") == 0 || strcmp(fmt->api_format, "IDOC") == 0)) {
            if (*perr.detail)
                einv_report_msg(&r->ctx, &R_WELLFORMED, "/", "%s (%s).", perr.message, perr.detail);
            else
                einv_report_msg(&r->ctx, &R_WELLFORMED, "/", "%s.", perr.message);
            r->format = fmt ? fmt->api_format : NULL;
            return STAGE_DONE;
        }
    }
    for (i = 0; !fmt && i < v->e->reg.n_formats; i++)
        if (v->e->reg.formats[i]->sniff &&
            v->e->reg.formats[i]->sniff(v->bytes, v->len, v->xdoc) == EINV_OK)
            fmt = v->e->reg.formats[i];
    if (!fmt) {
        if (v->xdoc) {
            xmlNodePtr root = einv_xdoc_root(v->xdoc);
            einv_report_msg(&r->ctx, &R_ROOT, "/", "The root element <%s> (namespace %s) is not an invoice of a supported syntax.",
                            (const char *)root->name,
                            root->ns && root->ns->href ? (const char *)root->ns->href : "none");
        } else
            einv_report(&r->ctx, &R_FORMAT, NULL);
        einv_xdoc_free(v->xdoc);
        v->xdoc = NULL;
        return STAGE_DONE;
    }
    v->fmt = fmt;
    r->format = fmt->api_format;
    return STAGE_NEXT;
}

/* parse: the format plugin reads the input into the canonical invoice (and keeps the XML
 * tree of an XML syntax). */
static int stage_parse(run_t *v)
{
    einv_ctx_t *ctx = &v->r->ctx;
    /* node sources of the canonical JSON are JSON pointers into the input (see ctx.c) */
    if (v->opt && v->fmt->api_format && strcmp(v->fmt->api_format, "JSON") == 0) {
        v->opt[v->nopt++] = "src-canonical";
        v->opt[v->nopt++] = "1";
        v->opt[v->nopt] = NULL;
    }
    einv_ctx_set_xdoc(ctx, v->xdoc);   /* the context owns it from here */
    v->xdoc = NULL;
    ctx->fmt = v->fmt;   /* its binding builds the invoice when someone asks (binding.c) */
    if (v->fmt->parse(ctx, v->bytes, v->len) != EINV_OK) {
        if (!nested_limit(ctx) && ctx->n == 0)
            einv_report(ctx, &R_FORMAT, NULL);
        return STAGE_DONE;
    }
    if (nested_limit(ctx) || einv_ctx_expired(ctx))
        return STAGE_DONE;
    return STAGE_NEXT;
}

/* bind: the tree the rules read. An input that is not XML (canonical JSON, ...) left only
 * the model: validate the UBL it gives, so it meets exactly the rules of a UBL upload. The
 * generated elements carry their model values' sources, which become the findings' fields
 * (ctx.c). A syntax the profile does not cover is said so instead of silently passing. */
static int stage_bind(run_t *v)
{
    einv_ctx_t *ctx = &v->r->ctx;
    v->syn = v->fmt;
    if (!ctx->xdoc && ctx->inv) {
        const einv_format_ops_t *w = model_writer(v->e);
        einv_xdoc_t *gen = NULL;
        einv_error_t gerr;
        memset(&gerr, 0, sizeof gerr);
        if (w)
            gen = w->from_model(ctx->inv, &gerr);
        if (!gen) {
            if (!nested_limit(ctx))
                einv_report_msg(ctx, &R_EXPORT, "", "The invoice could not be converted to UBL for validation: %s.",
                                w ? gerr.message : "no installed format plugin writes UBL");
            return STAGE_DONE;
        }
        einv_ctx_set_xdoc(ctx, gen);
        v->syn = w;
    }
    if (ctx->xdoc && v->prof->syntaxes &&
        !(v->prof->syntaxes & EINV_SYNTAX_BIT(einv_xdoc_syntax(ctx->xdoc)))) {
        einv_report_msg(ctx, &R_SYNTAX, "/", "Profile %s has no rules for %s documents.", v->prof->name,
                        einv_xdoc_syntax(ctx->xdoc) == EINV_SYNTAX_CII ? "CII" : "UBL");
        return STAGE_DONE;
    }
    return STAGE_NEXT;
}

/* rules: the schema layer (kositResult) over every UBL/CII tree the rules see (also one
 * extracted from a PDF or generated from the model), the format's syntax rules, then the
 * profile chain, base first; the deadline is checked between them. */
static int stage_rules(run_t *v)
{
    einv_ctx_t *ctx = &v->r->ctx;
    einv_xsd_check(ctx);
    if (einv_ctx_expired(ctx))
        return STAGE_DONE;
    if (v->syn->check_syntax)
        v->syn->check_syntax(ctx);
    if (einv_ctx_expired(ctx))
        return STAGE_DONE;
    run_profile(v->e, v->prof, ctx, 0);
    return STAGE_NEXT;
}

/* export: the canonical JSON when asked, naming the profile actually applied (also over a
 * validationProfile the input named). */
static void stage_export(run_t *v)
{
    einv_result_t *r = v->r;
    einv_node_t *root, *vp;
    if (!v->o->want_canonical || !einv_ctx_invoice(&r->ctx))
        return;
    root = einv_invoice_root(r->ctx.inv);
    vp = einv_node_get(root, EINV_T_VALIDATION_PROFILE);
    if (vp)
        vp->text = einv_invoice_strdup(r->ctx.inv, v->prof->name, (size_t)-1);
    else
        einv_node_add(r->ctx.inv, root, EINV_T_VALIDATION_PROFILE, v->prof->name);
    r->canonical = einv_invoice_to_json(r->ctx.inv);
}

/* The hint of table h for finding f: its code's entry, else its rule's first term with one. */
static const char *hint_for(const einv_hint_t *h, size_t nh, const einv_finding_t *f)
{
    const char *t = f->rule && f->rule->terms ? f->rule->terms : "";
    size_t i;
    for (i = 0; i < nh; i++)
        if (h[i].key && f->code && strcmp(h[i].key, f->code) == 0)
            return h[i].suggestion;
    while (*t) {   /* "BT-117, BT-116, BT-119" */
        size_t n = strcspn(t, ", ");
        for (i = 0; n && i < nh; i++)
            if (h[i].key && strlen(h[i].key) == n && strncmp(h[i].key, t, n) == 0)
                return h[i].suggestion;
        t += n;
        t += strspn(t, ", ");
    }
    return NULL;
}

/* hints (ABI 1.7): when the rules ran over a tree the input's format did not read (the UBL
 * written from an IDoc's or an OData entity's model), suggestions say what to fill in the
 * input, in the format's own terms (einv_format_ops_t.hints), not in UBL's. */
static void stage_hints(run_t *v)
{
    einv_ctx_t *ctx = &v->r->ctx;
    const einv_hint_t *h;
    size_t nh, i;
    if (!v->fmt || v->syn == v->fmt || !(nh = einv_format_hints(v->fmt, &h)))
        return;
    for (i = 0; i < ctx->n; i++) {
        const char *s = hint_for(h, nh, &ctx->findings[i]);
        if (s)
            ctx->findings[i].suggestion = s;
    }
}

/* The stages in order; NULL when a usage error ends the run (err says which). */
static einv_result_t *validate(run_t *v, einv_error_t *err)
{
    if (stage_prepare(v, err) != EINV_OK)
        return NULL;
    if (!(stage_detect(v) == STAGE_DONE || stage_parse(v) == STAGE_DONE || stage_bind(v) == STAGE_DONE ||
          stage_rules(v) == STAGE_DONE))
        stage_export(v);
    stage_hints(v);
    return v->r;
}

/* The budget is set up here and is the thread's active one for the whole run, so nested
 * parses (the XML inside a PDF) count against it too. */
einv_result_t *einv_validate(einv_engine_t *e, const einv_validate_opts_t *o, const void *data,
                             size_t len, einv_error_t *err)
{
    return einv_validate_with(e, o, NULL, data, len, err);
}

einv_result_t *einv_validate_with(einv_engine_t *e, const einv_validate_opts_t *o,
                                  const char *const *options, const void *data, size_t len,
                                  einv_error_t *err)
{
    const einv_limits_t *prev_l;
    uint64_t prev_d;
    run_t v;
    einv_result_t *r = calloc(1, sizeof *r), *out;
    if (!r)
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", ""), NULL;
    einv_ctx_init(&r->ctx, NULL);
    r->docs_url = e->docs_url;
    snprintf(r->profile, sizeof r->profile, "%s", o->profile ? o->profile : "");
    einv_limits_merge(&r->ctx.limits, o->limits ? o->limits : &e->limits);
    if (r->ctx.limits.timeout_ms)
        r->ctx.deadline_ns = einv_now_ns() + (uint64_t)r->ctx.limits.timeout_ms * 1000000u;
    einv_limits_activate(&r->ctx.limits, r->ctx.deadline_ns, &prev_l, &prev_d);
    memset(&v, 0, sizeof v);
    v.e = e;
    v.o = o;
    v.r = r;
    v.bytes = data;
    v.len = len;
    v.extra = options;
    out = validate(&v, err);
    if (out)
        einv_ctx_finish(&r->ctx);
    einv_limits_activate(prev_l, prev_d, NULL, NULL);
    if (!out)
        einv_result_free(r);
    return out;
}

void einv_result_free(einv_result_t *r)
{
    if (!r)
        return;
    einv_ctx_release(&r->ctx);
    free(r->canonical);
    free(r);
}

int einv_result_valid(const einv_result_t *r)
{
    size_t i;
    if (r->ctx.oom)   /* a finding was lost: never valid */
        return 0;
    for (i = 0; i < r->ctx.n; i++)
        if (r->ctx.findings[i].severity == EINV_SEV_ERROR)
            return 0;
    return 1;
}

size_t einv_result_count(const einv_result_t *r) { return r->ctx.n; }
const einv_finding_t *einv_result_at(const einv_result_t *r, size_t i)
{
    return i < r->ctx.n ? &r->ctx.findings[i] : NULL;
}
const char *einv_result_format(const einv_result_t *r) { return r->format; }
const char *einv_result_canonical(const einv_result_t *r) { return r->canonical; }
const char *einv_result_extraction(const einv_result_t *r) { return r->ctx.extraction; }

static void finding_json(jbuf_t *b, const einv_result_t *r, const einv_finding_t *f)
{
    char url[1100];
    if (einv_docs_url(r->docs_url, f->code, r->profile, url, sizeof url) != 0)
        url[0] = 0;     /* a code too long for any sensible page: no link rather than a wrong one */
    jb_cstr(b, "{\"code\":");
    jb_str(b, f->code);
    jb_cstr(b, ",\"message\":");
    jb_str(b, f->message);
    jb_cstr(b, ",\"field\":");
    jb_str(b, f->field);
    jb_cstr(b, ",\"suggestion\":");
    jb_str(b, f->suggestion);
    jb_cstr(b, ",\"documentationUrl\":");
    jb_str(b, url);
    jb_cstr(b, ",\"layer\":\"");
    jb_cstr(b, einv_layer_name(f->layer));
    jb_cstr(b, "\",\"severity\":\"");
    jb_cstr(b, einv_severity_name(f->severity));
    jb_cstr(b, "\"}");
}

/* The findings of one side of the result as a JSON array's items: the SCHEMA layer
 * (kositResult, schema=1) or every other layer (errors). Each finding appears once. */
static void findings_json(jbuf_t *b, const einv_result_t *r, int schema)
{
    size_t i, k = 0;
    for (i = 0; i < r->ctx.n; i++) {
        if ((r->ctx.findings[i].layer == EINV_LAYER_SCHEMA) != schema)
            continue;
        if (k++)
            jb_raw(b, ",", 1);
        finding_json(b, r, &r->ctx.findings[i]);
    }
    /* a finding lost to memory that LIMIT-MEMORY itself could not be stored for */
    if (schema && r->ctx.oom && !r->ctx.oom_reported) {
        einv_finding_t f = {&einv_rule_limit_memory, einv_rule_limit_memory.id, einv_rule_limit_memory.message, "/",
                            einv_rule_limit_memory.suggestion, einv_rule_limit_memory.severity,
                            einv_rule_limit_memory.layer};
        if (k)
            jb_raw(b, ",", 1);
        finding_json(b, r, &f);
    }
}

/* validationResult: SCHEMA-layer findings in kositResult.errors only, all others in errors
 * only; valid = no ERROR in errors and kositResult.valid (API.md). */
char *einv_result_json(const einv_result_t *r)
{
    jbuf_t b;
    size_t i;
    int schema_valid = !r->ctx.oom;
    for (i = 0; i < r->ctx.n; i++)
        if (r->ctx.findings[i].layer == EINV_LAYER_SCHEMA && r->ctx.findings[i].severity == EINV_SEV_ERROR)
            schema_valid = 0;
    jb_init(&b);
    jb_cstr(&b, einv_result_valid(r) ? "{\"valid\":true,\"errors\":[" : "{\"valid\":false,\"errors\":[");
    findings_json(&b, r, 0);
    jb_cstr(&b, schema_valid ? "],\"kositResult\":{\"valid\":true,\"errors\":["
                             : "],\"kositResult\":{\"valid\":false,\"errors\":[");
    findings_json(&b, r, 1);
    jb_cstr(&b, "]}}");
    return jb_take(&b);
}
