/* Internal to the en16931 profile: rule families, one per file, each for one syntax.
 * en16931.c runs the families that match the document's syntax and lists their rules. */
#ifndef EN16931_INT_H
#define EN16931_INT_H

#include <einvoice/einvoice.h>

typedef struct en_family {
    const char *name;                 /* "ubl-core", "cii-vat", ... */
    einv_syntax syntax;               /* the syntax this family is written for */
    void (*check)(einv_ctx_t *ctx);   /* evaluates every rule of the family */
    const einv_rule_t *const *rules;  /* every rule the family may report */
    size_t n_rules;
} en_family_t;

extern const en_family_t en_ubl_core;   /* ubl_rules_core.c: BR-nn, BR-CO, BR-DEC, BR-B */
extern const en_family_t en_ubl_vat;    /* ubl_rules_vat.c: BR-S/Z/E/AE/IC/G/O/AF/AG */
extern const en_family_t en_ubl_codes;  /* ubl_rules_codes.c: BR-CL */
extern const en_family_t en_cii_core;   /* cii_rules_core.c */
extern const en_family_t en_cii_vat;    /* cii_rules_vat.c */
extern const en_family_t en_cii_codes;  /* cii_rules_codes.c */

#endif
