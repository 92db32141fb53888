/* UBL syntax-binding rules (UBL-CR-*, UBL-SR-*, UBL-DT-*) of the CEN EN 16931 artefacts,
 * run by the ubl format plugin's check_syntax op. */
#ifndef UBL_SYNTAX_RULES_H
#define UBL_SYNTAX_RULES_H

#include <stddef.h>
#include <einvoice/plugin.h>

/* Run every rule of the family on einv_ctx_xdoc(ctx); does nothing without a tree. */
void ubl_check_syntax(einv_ctx_t *ctx);

/* Every rule of the family, for listing. */
extern const einv_rule_t *const ubl_syntax_rules[];
extern const size_t ubl_syntax_rules_count;

/* ---- internal to the family (ubl_syntax_table.c -> ubl_syntax_rules.c) ---- */

#define UBL_SR_MAX 57     /* UBL-SR-01 .. UBL-SR-56 */
#define UBL_DT_MAX 29     /* UBL-DT-01 .. UBL-DT-28 */
#define UBL_CR_MAX 683    /* UBL-CR-001 .. UBL-CR-682 */

/* Rules indexed by their number; numbers the artefacts do not use have id NULL. */
extern const einv_rule_t ubl_sr[UBL_SR_MAX];
extern const einv_rule_t ubl_dt[UBL_DT_MAX];
extern const einv_rule_t ubl_cr[UBL_CR_MAX];

enum { UBL_CR_NONE = 0, UBL_CR_ROOT, UBL_CR_LINE, UBL_CR_ANY, UBL_CR_SPECIAL };
enum { UBL_CR_INVOICE_ONLY = 1 };   /* does not apply when the root is a credit note */

/* What a CR rule forbids: a path of child steps ("cac:X/cbc:Y", optionally ending in
 * "/@attr") from the root (ROOT), from a root-level invoice/credit note line (LINE) or from
 * any element named by its first step (ANY); SPECIAL rules are coded by hand. */
typedef struct ubl_cr_path {
    unsigned char kind, flags;
    const char *path;
} ubl_cr_path_t;
extern const ubl_cr_path_t ubl_cr_path[UBL_CR_MAX];

/* No-namespace attributes that may appear nowhere in the document. */
typedef struct ubl_attr_rule {
    const char *name;
    const einv_rule_t *rule;
} ubl_attr_rule_t;
extern const ubl_attr_rule_t ubl_attr_rules[];
extern const size_t ubl_attr_rules_count;

#endif
