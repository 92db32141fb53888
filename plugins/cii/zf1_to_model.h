/* ZUGFeRD 1.0 (rsm:CrossIndustryDocument, urn:ferd:CrossIndustryDocument:invoice:1p0) ->
 * canonical EN 16931 model. Compiled into the cii plugin (bare XML uploads) and, through
 * plugins/zugferd/zf_zf1_model.c, into the zugferd plugin (ZUGFeRD-invoice.xml in a PDF). */
#ifndef ZF1_TO_MODEL_H
#define ZF1_TO_MODEL_H

#include <stddef.h>
#include <einvoice/einvoice.h>

/* 1 when the document element is rsm:CrossIndustryDocument in the ZUGFeRD 1.0 namespace. */
int zf1_is_document(const einv_xdoc_t *doc);

/* Map a ZUGFeRD 1.0 document to a new canonical invoice, reading it with the CII D16B
 * binding (plugins/cii/cii_to_model.c) after renaming the 1.0 elements to their D16B
 * names; the tree is restored before returning. Every node's src is the XPath of its
 * value in the 1.0 document (prefixes as written there) and src_node is NULL, so the
 * invoice does not borrow the document. The document is changed while this runs (not
 * for concurrent readers). NULL only when out of memory. (transfer full) */
einv_invoice_t *zf1_to_model(const einv_xdoc_t *doc);

/* The guideline id (BT-24) of an invoice zf1_to_model made, trimmed, into buf; NULL when
 * it has none. */
const char *zf1_guideline(const einv_invoice_t *inv, char *buf, size_t size);

/* The warning every ZUGFeRD 1.0 input gets (our own id ZF1-LEGACY, layer SYNTAX). */
extern const einv_rule_t zf1_r_legacy;

/* Report zf1_r_legacy for inv, naming its ZUGFeRD 1.0 level, at the document element. */
void zf1_report_legacy(einv_ctx_t *ctx, const einv_invoice_t *inv);

#endif
