/* Internal to the CII core family: cii_rules_core.c lists every rule of the family and
 * cii_rules_totals.c evaluates the amount rules (monetary totals, VAT breakdown). The rule
 * objects shared between the two files have hidden visibility (not exported). */
#ifndef CII_RULES_CORE_INT_H
#define CII_RULES_CORE_INT_H

#include "en16931_int.h"

#define EN_CII_R(x) en_cii_rule_##x##_

#define EN_CII_TOTALS_RULES(X)                                                               \
    X(BR_12) X(BR_13) X(BR_14) X(BR_15) X(BR_45) X(BR_46) X(BR_47) X(BR_48) X(BR_53)         \
    X(BR_CO_03) X(BR_CO_10) X(BR_CO_11) X(BR_CO_12) X(BR_CO_13) X(BR_CO_14) X(BR_CO_15)      \
    X(BR_CO_16) X(BR_CO_17) X(BR_DEC_09) X(BR_DEC_10) X(BR_DEC_11) X(BR_DEC_12)              \
    X(BR_DEC_13) X(BR_DEC_14) X(BR_DEC_15) X(BR_DEC_16) X(BR_DEC_17) X(BR_DEC_18)            \
    X(BR_DEC_19) X(BR_DEC_20)

#define EN_CII_DECLARE(x) extern const einv_rule_t EN_CII_R(x);
EN_CII_TOTALS_RULES(EN_CII_DECLARE)
#undef EN_CII_DECLARE

/* Monetary summation, VAT breakdown and total rules; root is the rsm:CrossIndustryInvoice
 * root element or NULL. */
void en_cii_core_totals_(einv_ctx_t *ctx, const einv_xdoc_t *d, xmlNodePtr root);

#endif
