/* pp_core: the non-national asserts of PEPPOL-EN16931-UBL 2026.5, i.e. every PEPPOL-* rule.
 * The document variables are computed once, then each pattern group runs over its contexts
 * (see peppol_rules_int.h). */
#include "peppol_rules_int.h"

static const pp_group_t *const GROUPS[] = {&pp_grp_empty, &pp_grp_doc, &pp_grp_ids, &pp_grp_codes};
#define N_GROUPS (sizeof GROUPS / sizeof GROUPS[0])

static void core_check(einv_ctx_t *ctx)
{
    pp_doc_t doc;
    size_t i;
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    if (!d || !einv_xdoc_root(d))
        return;
    pp_doc_init(&doc, d);
    for (i = 0; i < N_GROUPS; i++)
        GROUPS[i]->check(ctx, &doc);
}

/* The family's rule list: the groups' lists joined when the plugin is loaded (before its
 * init reads them); each group file asserts its count. */
#define N_RULES (PP_N_EMPTY + PP_N_DOC + PP_N_IDS + PP_N_CODES)
static const einv_rule_t *RULES[N_RULES];

__attribute__((constructor)) static void core_rules_join(void)
{
    size_t i, j, n = 0;
    for (i = 0; i < N_GROUPS; i++)
        for (j = 0; j < GROUPS[i]->n_rules && n < N_RULES; j++)
            RULES[n++] = GROUPS[i]->rules[j];
}

const pp_family_t pp_core = {"peppol-core", core_check, RULES, N_RULES};
