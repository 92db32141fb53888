/* UN/CEFACT CII D16B CrossIndustryInvoice -> canonical EN 16931 model (EN 16931-3-3). */
#ifndef CII_TO_MODEL_H
#define CII_TO_MODEL_H

#include <einvoice/einvoice.h>

/* Map the parsed document to a new canonical invoice. Only terms present in the source
 * become nodes (absent data stays absent); dates in format 102 (YYYYMMDD) become
 * YYYY-MM-DD. Each node keeps its source element (or attribute) in src_node, so the
 * document must outlive any use of src_node. A document that is not CII gives an empty
 * invoice. NULL only when out of memory. (transfer full: einv_invoice_free) */
einv_invoice_t *cii_to_model(const einv_xdoc_t *doc);
/* The same from a root element read with the D16B names and namespace ids (the ZUGFeRD 1.0
 * reader lends its renamed tree); NULL root: an empty invoice. */
einv_invoice_t *cii_to_model_root(const xmlNode *root);

#endif
