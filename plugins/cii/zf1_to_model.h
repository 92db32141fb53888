/* ZUGFeRD 1.0 (rsm:CrossIndustryDocument, urn:ferd:CrossIndustryDocument:invoice:1p0) ->
 * canonical EN 16931 model. Part of the CII binding library (plugins/cii/CMakeLists.txt),
 * linked by the cii plugin (bare XML uploads) and the zugferd plugin (ZUGFeRD-invoice.xml
 * in a PDF). */
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

/* Internal (tests/plugins/test_zugferd1.c looks at it): locations of many nodes, the text
 * einv_x_location() gives ("/rsm:A/ram:B[2]/@c"), at the cost of the steps below the
 * deepest ancestor shared with the previous node: the model lists a line's values
 * together, so most nodes add one or two steps. */
#define ZF1_LOC_DEPTH 300
typedef struct zf1_loc {
    const xmlNode *chain[ZF1_LOC_DEPTH];   /* element ancestors of the last location, root first */
    size_t end[ZF1_LOC_DEPTH];             /* length of buf after each of their steps */
    int depth;
    char *buf;
    size_t len, cap;
} zf1_loc;

/* The location of x (element or attribute) in L->buf (a zeroed zf1_loc at first; free
 * L->buf when done), or NULL when out of memory. */
const char *zf1_loc_of(zf1_loc *L, const xmlNode *x);

#endif
