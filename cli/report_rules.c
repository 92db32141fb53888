/* The business terms of a finding's rule, looked up in the engine's rule tables: the
 * core's own rules, every format's syntax rules and the profile's chain (the rules the
 * validation could have reported). */
#include "report.h"
#include "engine.h"

#include <string.h>

static const char *in_table(const einv_rule_t *const *rules, size_t n, const char *code)
{
    size_t i;
    for (i = 0; rules && i < n; i++)
        if (rules[i] && strcmp(rules[i]->id, code) == 0)
            return rules[i]->terms;
    return NULL;
}

const char *einv_rep_engine_terms(void *arg, const char *code)
{
    const einv_rep_rules_t *r = arg;
    const einv_profile_ops_t *p;
    const char *t;
    size_t i;
    int depth;
    if (!r || !r->engine || !code)
        return NULL;
    if ((t = in_table(einv_core_rules, einv_core_rules_count, code)))
        return t;
    for (i = 0; i < einv_engine_format_count(r->engine); i++) {
        const einv_format_ops_t *f = einv_engine_format_at(r->engine, i);
        if ((t = in_table(f->rules, f->n_rules, code)))
            return t;
    }
    /* the profile chain is short (refused at load when cyclic); 8 bounds it all the same */
    p = r->profile ? einv_engine_profile(r->engine, r->profile) : NULL;
    for (depth = 0; p && depth < 8; depth++) {
        if ((t = in_table(p->rules, p->n_rules, code)))
            return t;
        p = p->base ? einv_engine_profile(r->engine, p->base) : NULL;
    }
    return NULL;
}
