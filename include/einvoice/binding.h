/* einvoice SDK: the business-term binding (ABI 1.5).
 *
 * Every format plugin owns the mapping between EN 16931 business terms and its source as
 * data (UBL: EN 16931-3-2, CII: EN 16931-3-3; JSON, IDoc and OData through their readers);
 * the core builds from it, per document and on first use, the canonical invoice
 * (einv_ctx_invoice) and an index of its nodes by term. A partner rule written once on
 * terms then fires for every syntax, and its findings point at the right place of the
 * submitted document:
 *
 *     const einv_node_t *const *due;
 *     size_t i, n = einv_ctx_term_nodes(ctx, EINV_T_BT_115, &due);
 *     for (i = 0; i < n; i++)
 *         if (due[i]->dec.ok && einv_dec_cmp(due[i]->dec, limit) > 0)
 *             einv_report_node(ctx, &ACME_02, due[i]);
 *
 * The field of that finding is "/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount" for UBL,
 * ".../ram:DuePayableAmount" for CII, "/totals/payableAmount" for canonical JSON, the IDoc
 * segment and field, or the OData JSON pointer. */
#ifndef EINVOICE_BINDING_H
#define EINVOICE_BINDING_H

#include "plugin.h"
#include "invoice.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The model nodes of term t (a BT or BG, or a structural term) in the canonical invoice's
 * order (document order within a group), as an array the context owns (transfer none; valid
 * while ctx is): *nodes is set (NULL when there are none) and their number returned. The
 * invoice and the index are built on first use. 0 when t is unknown or memory ran out. */
EINV_API size_t einv_ctx_term_nodes(einv_ctx_t *ctx, einv_term t, const einv_node_t *const **nodes);

/* Report rule at where n came from in the submitted document: its element or attribute for
 * XML input (UBL, CII, the XML of a PDF), its location (JSON pointer, IDoc segment/field)
 * for JSON, IDoc and OData input. NULL n: a finding without a field. */
EINV_API void einv_report_node(einv_ctx_t *ctx, const einv_rule_t *rule, const einv_node_t *n);

#ifdef __cplusplus
}
#endif
#endif
