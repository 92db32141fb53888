/* Internal to the PEPPOL core family (peppol_rules_*.c): each file evaluates one group of
 * the artefact's non-national patterns and lists the rules it may report.
 *   peppol_rules_doc.c   - the transaction pattern (PEPPOL-EN16931-R0xx/R1xx)
 *   peppol_rules_ids.c   - identifier formats in the same pattern (PEPPOL-COMMON-R0xx)
 *   peppol_rules_codes.c - the empty-element pattern (R008) and the code list pattern
 *                          (PEPPOL-EN16931-CL/P/F)
 *   peppol_rules_core.c  - pp_core: runs them in the artefact's order. */
#ifndef PEPPOL_RULES_INT_H
#define PEPPOL_RULES_INT_H

#include "peppol_int.h"
#include "peppol_util.h"

typedef struct pp_group {
    void (*check)(einv_ctx_t *ctx, const pp_doc_t *doc);
    const einv_rule_t *const *rules;
    size_t n_rules;
} pp_group_t;

/* Number of rules per group (checked by a static assertion in each group file). */
#define PP_N_EMPTY 1
#define PP_N_DOC 27
#define PP_N_IDS 17
#define PP_N_CODES 18

extern const pp_group_t pp_grp_empty;   /* R008 */
extern const pp_group_t pp_grp_doc;     /* R001..R130 */
extern const pp_group_t pp_grp_ids;     /* PEPPOL-COMMON-R040..R057 */
extern const pp_group_t pp_grp_codes;   /* CL001..CL008, P0100..P0112, F001 */

/* Rule metadata: profile layer, our own words. */
#define PP_RULE(var, id, sev, terms, msg, sug) \
    static const einv_rule_t var = {id, sev, EINV_LAYER_PROFILE, terms, msg, sug};

/* xs:date value as minutes since an epoch (timezone applied, none = UTC); 1 when s is a
 * valid xs:date lexical form (white space around allowed). */
int pp_xs_date(const char *s, long long *minutes);

#endif
