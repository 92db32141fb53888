/* CII syntax-binding rules (CII-SR-*, CII-DT-*): the "EN16931-CII-Syntax" pattern of the
 * CEN EN 16931 validation artefacts v1.3.16, evaluated over the source tree. */
#ifndef CII_SYNTAX_RULES_H
#define CII_SYNTAX_RULES_H

#include <stddef.h>
#include <einvoice/plugin.h>

/* Report every failing CII-SR/CII-DT assert of the document in ctx (no-op without a tree). */
void cii_check_syntax(einv_ctx_t *ctx);

/* All rules cii_check_syntax may report, in the artefact's order. */
extern const einv_rule_t *const cii_syntax_rules[];
extern const size_t cii_syntax_rules_count;

#endif
