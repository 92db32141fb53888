/* The PEPPOL profile: OpenPEPPOL BIS Billing 3.0 release 2026.5 for UBL. The official chain
 * is the CEN EN16931-UBL 1.3.16 Schematron (the EN16931 base profile, run first by the
 * engine) followed by PEPPOL-EN16931-UBL.sch, whose asserts live in two families: the
 * PEPPOL-* rules (pp_core, peppol_rules_*.c) and the national rules (pp_national,
 * peppol_national_*.c). */
#include "peppol_int.h"
#include <stdlib.h>
#include <string.h>

/* pp_national is provided by another file group; a weak reference keeps the plugin loadable
 * (with the core rules only) while that family is absent from a build. */
#pragma weak pp_national

static const pp_family_t *family(size_t i)
{
    return i == 0 ? &pp_core : (&pp_national ? &pp_national : NULL);
}
#define N_FAMILIES 2

static void pp_check(einv_ctx_t *ctx)
{
    size_t i;
    if (einv_ctx_syntax(ctx) != EINV_SYNTAX_UBL || !einv_ctx_xdoc(ctx))
        return;
    for (i = 0; i < N_FAMILIES; i++)
        if (family(i) && family(i)->check)
            family(i)->check(ctx);
}

/* One list of the rules of both families (an id listed by both appears once). */
static const einv_rule_t **all_rules;
static size_t n_all;
/* Engines in one process share this object: build the list once, free it with the last. */
static int inits;

static int pp_init(const einv_host_api_t *host, einv_error_t *err)
{
    static einv_profile_ops_t ops = {
        sizeof(einv_profile_ops_t), "PEPPOL", "EN16931", 0,
        "OpenPEPPOL BIS Billing 3.0 release 2026.5 (PEPPOL-EN16931-UBL)",
        EINV_SYNTAX_BIT(EINV_SYNTAX_UBL), pp_check, NULL, 0,
        "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0",
        "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0", NULL, 0};
    size_t i, j, k, total = 0;
    if (inits++ > 0)
        return host->register_profile(&ops, err);
    n_all = 0;
    for (i = 0; i < N_FAMILIES; i++)
        if (family(i))
            total += family(i)->n_rules;
    all_rules = calloc(total ? total : 1, sizeof *all_rules);
    if (!all_rules) {
        inits = 0;
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
    }
    for (i = 0; i < N_FAMILIES; i++)
        for (j = 0; family(i) && j < family(i)->n_rules; j++) {
            const einv_rule_t *r = family(i)->rules[j];
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

static void pp_fini(void)
{
    if (inits > 0 && --inits > 0)
        return;
    free(all_rules);
    all_rules = NULL;
    n_all = 0;
}

EINV_PLUGIN_DEFINE("peppol", EINV_PLUGIN_PROFILE, "2026.5",
                   "OpenPEPPOL BIS Billing 3.0 (PEPPOL-EN16931-UBL 2026.5) on top of EN 16931",
                   pp_init, pp_fini)
