/* The EN16931 profile: the business rules of the CEN validation artefacts v1.3.16 for
 * UBL and CII. Each syntax has its own rule families because the official Schematron
 * binds every rule to that syntax's structure (contexts, paths, attributes). */
#include "en16931_int.h"
#include <stdlib.h>
#include <string.h>

static const en_family_t *const FAMILIES[] = {&en_ubl_core, &en_ubl_vat, &en_ubl_codes,
                                              &en_cii_core, &en_cii_vat, &en_cii_codes};
#define N_FAMILIES (sizeof FAMILIES / sizeof FAMILIES[0])

static void en_check(einv_ctx_t *ctx)
{
    einv_syntax s = einv_ctx_syntax(ctx);
    size_t i;
    for (i = 0; i < N_FAMILIES; i++)
        if (FAMILIES[i]->syntax == s)
            FAMILIES[i]->check(ctx);
}

/* One list of every rule id (a rule shared by both syntaxes is listed once). */
static const einv_rule_t **all_rules;
static size_t n_all;
/* Engines in one process share the loaded object (dlopen is refcounted): build the list on
 * the first init, free it on the last fini. Engines open and close on one thread. */
static int inits;

static int en_init(const einv_host_api_t *host, einv_error_t *err)
{
    static einv_profile_ops_t ops = {
        sizeof(einv_profile_ops_t), "EN16931", NULL, 0,
        "CEN/TC 434 EN 16931 validation artefacts 1.3.16 (UBL and CII Schematron)",
        EINV_SYNTAX_BIT(EINV_SYNTAX_UBL) | EINV_SYNTAX_BIT(EINV_SYNTAX_CII), en_check, NULL, 0,
        "urn:cen.eu:en16931:2017", NULL, NULL, 0};
    size_t i, j, k, total = 0;
    if (inits++ > 0)
        return host->register_profile(&ops, err);
    n_all = 0;
    for (i = 0; i < N_FAMILIES; i++)
        total += FAMILIES[i]->n_rules;
    all_rules = calloc(total ? total : 1, sizeof *all_rules);
    if (!all_rules) {
        inits = 0;
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
    }
    for (i = 0; i < N_FAMILIES; i++)
        for (j = 0; j < FAMILIES[i]->n_rules; j++) {
            const einv_rule_t *r = FAMILIES[i]->rules[j];
            for (k = 0; k < n_all; k++)
                if (strcmp(all_rules[k]->id, r->id) == 0)
                    break;
            if (k == n_all)
                all_rules[n_all++] = r;
        }
    ops.rules = all_rules;
    ops.n_rules = n_all;
    return host->register_profile(&ops, err);
}

static void en_fini(void)
{
    if (inits > 0 && --inits > 0)
        return;
    free(all_rules);
    all_rules = NULL;
    n_all = 0;
}

EINV_PLUGIN_DEFINE("en16931", EINV_PLUGIN_PROFILE, "1.3.16",
                   "EN 16931 core rules (CEN validation artefacts 1.3.16)", en_init, en_fini)
