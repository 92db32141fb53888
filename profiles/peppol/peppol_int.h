/* Internal to the peppol profile: its rule families (one per file group). peppol.c runs them
 * for UBL documents after the EN16931 base profile and lists their rules. */
#ifndef PEPPOL_INT_H
#define PEPPOL_INT_H

#include <einvoice/einvoice.h>

typedef struct pp_family {
    const char *name;
    void (*check)(einv_ctx_t *ctx);
    const einv_rule_t *const *rules;
    size_t n_rules;
} pp_family_t;

extern const pp_family_t pp_core;      /* peppol_rules_*.c: PEPPOL-EN16931-*, PEPPOL-COMMON-* */
extern const pp_family_t pp_national;  /* peppol_national_*.c: NL, NO, DK, IT, SE, GR, DE, IS, ... */
#endif
