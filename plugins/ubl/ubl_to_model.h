/* UBL 2.1 Invoice / CreditNote -> canonical EN 16931 model (EN 16931-3-2 binding). */
#ifndef UBL_TO_MODEL_H
#define UBL_TO_MODEL_H

#include <einvoice/einvoice.h>

/* Map the parsed document to a new canonical invoice. Only terms present in the source
 * become nodes (absent data stays absent); each node keeps its source element (or
 * attribute) in src_node, so the document must outlive any use of src_node. A document
 * that is not UBL gives an empty invoice. NULL only when out of memory.
 * (transfer full: einv_invoice_free) */
einv_invoice_t *ubl_to_model(const einv_xdoc_t *doc);

#endif
