/* The catalogue behind the rule pages (docs_rules.h): every code the installed plugins and
 * the service can report, looked up in the rule tables the engine already holds (the core's,
 * each format's syntax rules, each profile's), so the pages follow whatever is installed.
 * The service's own codes, which no table holds, are declared here. */
#include "docs_rules.h"

#include <string.h>

/* ---- the service's own codes (server/workers.c, cli/validate.c) ---- */
static const einv_rule_t S_TIMEOUT = {
    "PROCESSING-TIMEOUT", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The service gave up on the document: its validation was started EINV_JOB_MAX_ATTEMPTS times "
    "without finishing (each worker stopped or ran out of time), or it took longer than "
    "EINV_JOB_DEADLINE seconds in all.",
    "Check that the file is a complete invoice of ordinary size and submit it again; if a normal "
    "invoice ends like this, tell the operator (the server log names the invoice)."};
static const einv_rule_t S_FAILED = {
    "PROCESSING-FAILED", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "Older versions of the service gave this verdict when a document could not be processed; it "
    "is now reported as PROCESSING-TIMEOUT. Invoices stored before the change may still carry it.",
    "Submit the invoice again to get a verdict from the current rules."};
static const einv_rule_t S_PROFILE = {
    "PROFILE-UNAVAILABLE", EINV_SEV_ERROR, EINV_LAYER_PROFILE, "",
    "The invoice was accepted for a profile whose plugin is no longer loaded on the server that "
    "processed it (for example after a restart with another EINV_PLUGINS), so it was not validated.",
    "Submit the invoice again with one of the profiles this server lists, or ask the operator to "
    "enable the profile."};
static const einv_rule_t S_FORMAT = {
    "FORMAT-UNAVAILABLE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The invoice was accepted in a format whose plugin is not loaded on the server that processed "
    "it, so it could not be read.",
    "Submit the invoice in a format this server reads, or ask the operator to enable the format module."};
static const einv_rule_t S_IO = {
    "IO-READ", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The command-line validator could not read the file (it does not exist, is not readable, or is "
    "a special file); the other files of the run are still validated.",
    "Check the path and its permissions; pass '-' to read the invoice from standard input."};

const einv_rule_t *const docs_service_rules[] = {&S_TIMEOUT, &S_PROFILE, &S_FORMAT, &S_IO, &S_FAILED};
const size_t docs_service_rules_count = sizeof docs_service_rules / sizeof docs_service_rules[0];

/* ---- lookups ---- */

static const einv_rule_t *in_table(const einv_rule_t *const *rules, size_t n, const char *code)
{
    size_t i;
    for (i = 0; rules && i < n; i++)
        if (rules[i] && rules[i]->id && strcmp(rules[i]->id, code) == 0)
            return rules[i];
    return NULL;
}

static int withdrawn(const einv_profile_ops_t *p, const char *code)
{
    const char *const *ids;
    size_t i, n = einv_profile_withdraws(p, &ids);
    for (i = 0; i < n; i++)
        if (ids[i] && strcmp(ids[i], code) == 0)
            return 1;
    return 0;
}

/* p's chain, p first (cycles are refused at load; 8 bounds it all the same). */
static int chain_of(const einv_engine_t *e, const einv_profile_ops_t *p, const einv_profile_ops_t *chain[8])
{
    int n = 0;
    for (; p && n < 8; p = p->base ? einv_engine_profile(e, p->base) : NULL)
        chain[n++] = p;
    return n;
}

/* 1 when a profile of chain[0..k) withdraws code. */
static int withdrawn_below(const einv_profile_ops_t *const *chain, int k, const char *code)
{
    int m;
    for (m = 0; m < k; m++)
        if (withdrawn(chain[m], code))
            return 1;
    return 0;
}

size_t docs_lookup(const einv_engine_t *e, const char *code, docs_hit_t *hits, size_t max)
{
    size_t n = 0, i;
    const einv_rule_t *r;
    if (!code)
        return 0;
#define HIT(rl, src, prof)                                                                  \
    do {                                                                                      \
        if (n < max) {                                                                        \
            hits[n].rule = (rl);                                                            \
            hits[n].source = (src);                                                           \
            hits[n].profile = (prof);                                                         \
            n++;                                                                              \
        }                                                                                     \
    } while (0)
    if ((r = in_table(einv_core_rules, einv_core_rules_count, code)))
        HIT(r, "core", NULL);
    if ((r = in_table(docs_service_rules, docs_service_rules_count, code)))
        HIT(r, "service", NULL);
    for (i = 0; i < einv_engine_format_count(e); i++) {
        const einv_format_ops_t *f = einv_engine_format_at(e, i);
        if (f && (r = in_table(f->rules, f->n_rules, code)))
            HIT(r, f->name, NULL);
    }
    for (i = 0; i < einv_engine_profile_count(e); i++) {
        const einv_profile_ops_t *p = einv_engine_profile_at(e, i);
        if (p && (r = in_table(p->rules, p->n_rules, code)))
            HIT(r, p->name, p);
    }
#undef HIT
    return n;
}

int docs_profile_reports(const einv_engine_t *e, const einv_profile_ops_t *p, const char *code)
{
    const einv_profile_ops_t *chain[8];
    int n = chain_of(e, p, chain), k;
    size_t i;
    if (in_table(einv_core_rules, einv_core_rules_count, code))
        return 1;
    for (i = 0; i < einv_engine_format_count(e); i++) {
        const einv_format_ops_t *f = einv_engine_format_at(e, i);
        if (f && in_table(f->rules, f->n_rules, code) && !withdrawn_below(chain, n, code))
            return 1;
    }
    for (k = 0; k < n; k++)
        if (in_table(chain[k]->rules, chain[k]->n_rules, code) && !withdrawn_below(chain, k, code))
            return 1;
    return 0;
}

/* 1 when code was handed to fn already (a code in two tables is listed once). */
static int listed_before(const einv_engine_t *e, const einv_profile_ops_t *const *chain, int n,
                         const char *code, int upto_format, int upto_profile)
{
    size_t i;
    int k;
    for (i = 0; (int)i < upto_format && i < einv_engine_format_count(e); i++) {
        const einv_format_ops_t *f = einv_engine_format_at(e, i);
        if (f && in_table(f->rules, f->n_rules, code) && !withdrawn_below(chain, n, code))
            return 1;
    }
    for (k = n - 1; k > upto_profile; k--)
        if (in_table(chain[k]->rules, chain[k]->n_rules, code) && !withdrawn_below(chain, k, code))
            return 1;
    return 0;
}

void docs_profile_each(const einv_engine_t *e, const einv_profile_ops_t *p,
                       void (*fn)(void *arg, const einv_rule_t *r, const char *source), void *arg)
{
    const einv_profile_ops_t *chain[8];
    int n = chain_of(e, p, chain), k;
    size_t i, j, nf = einv_engine_format_count(e);
    for (j = 0; j < einv_core_rules_count; j++)
        fn(arg, einv_core_rules[j], "core");
    for (i = 0; i < nf; i++) {
        const einv_format_ops_t *f = einv_engine_format_at(e, i);
        for (j = 0; f && f->rules && j < f->n_rules; j++)
            if (!withdrawn_below(chain, n, f->rules[j]->id) &&
                !listed_before(e, chain, n, f->rules[j]->id, (int)i, n - 1))
                fn(arg, f->rules[j], f->name);
    }
    for (k = n - 1; k >= 0; k--)
        for (j = 0; chain[k]->rules && j < chain[k]->n_rules; j++)
            if (!withdrawn_below(chain, k, chain[k]->rules[j]->id) &&
                !listed_before(e, chain, n, chain[k]->rules[j]->id, (int)nf, k))
                fn(arg, chain[k]->rules[j], chain[k]->name);
}
