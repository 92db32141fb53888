/* The self-hosted rule documentation (GET /docs/rules, /docs/rules/{code}; docs/api.md
 * "Rule documentation"): a catalogue of every code the installed plugins and the service can
 * report, read from the rule tables at run time (docs_catalog.c), the pages made from it
 * (docs_html.c) and checked examples of a failing and a passing fragment (docs_examples.c). */
#ifndef EINV_DOCS_RULES_H
#define EINV_DOCS_RULES_H

#include <stdio.h>
#include "engine.h"

/* One table a code appears in: the rule and who carries it. */
typedef struct docs_hit {
    const einv_rule_t *rule;
    const char *source;                 /* "core", "service", a format or a profile name */
    const einv_profile_ops_t *profile;  /* the profile whose table holds it, or NULL */
} docs_hit_t;

/* The service's own codes (the workers', the CLI's), which no plugin table holds. */
extern const einv_rule_t *const docs_service_rules[];
extern const size_t docs_service_rules_count;

/* Every table that holds code (at most max hits); returns how many. */
size_t docs_lookup(const einv_engine_t *e, const char *code, docs_hit_t *hits, size_t max);
/* 1 when a validation under profile p can report code (it is in the core's, a format's or
 * p's chain's tables and no profile of the chain withdraws it). */
int docs_profile_reports(const einv_engine_t *e, const einv_profile_ops_t *p, const char *code);
/* Call fn for every rule a validation under p can report, in the order of `einvoice rules`:
 * the core's, the formats' syntax rules, then the chain base first (withdrawn ones left out;
 * a code in several tables once). */
void docs_profile_each(const einv_engine_t *e, const einv_profile_ops_t *p,
                       void (*fn)(void *arg, const einv_rule_t *r, const char *source), void *arg);

/* A checked example: a fragment of a document that fires the rule and one that does not. */
typedef struct docs_example {
    const char *failing, *passing;      /* XML fragments (borrowed from the cache) */
    const char *profile, *syntax;       /* under which profile, "UBL" or "CII" */
} docs_example_t;
/* The example of code under profile p (NULL: the first profile that has one), made on first
 * use by changing a valid sample and validating both sides (docs_examples.c); 0 when there
 * is one (ex borrows from a process-wide cache), -1 when none could be shown. */
int docs_example(einv_engine_t *e, const char *code, docs_example_t *ex);

/* The valid samples the examples are made from (docs_samples.c). */
extern const char docs_sample_ubl[], docs_sample_cii[];

/* Pages (malloc'd HTML, NULL when out of memory). base: the relative path back to /docs/
 * from the page ("" for the index, "../" for a rule page). */
char *docs_html_index(einv_engine_t *e, const char *profile, const char *query, size_t *len);
char *docs_html_rule(einv_engine_t *e, const char *code, size_t *len);   /* NULL + *len 0: no such code */
char *docs_html_not_found(const char *code, size_t *len);
/* HTML-escape s onto o. */
void docs_html_text(FILE *o, const char *s);

#endif
