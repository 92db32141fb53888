/* Canonical EN 16931 model -> UBL 2.1 Invoice / CreditNote (the inverse of ubl_to_model). */
#ifndef UBL_FROM_MODEL_H
#define UBL_FROM_MODEL_H

#include <einvoice/einvoice.h>

/* Serialize inv as UBL 2.1 (a CreditNote when BT-3 is a credit note type code, else an
 * Invoice), every business term the model holds in the element order of the UBL 2.1
 * schema, and parse it with einv_xdoc_parse (namespace ids, index). Each element (and
 * attribute) that comes from a model node with a source location carries that location
 * in node->_private; elements without one have NULL and inherit their nearest ancestor's.
 * The strings belong to inv (node->src, or its arena for an attribute's "/scheme" style
 * location): inv must outlive every use of _private, as it does in a validation context.
 * Not for concurrent calls on one invoice (its arena grows). NULL with err filled when out
 * of memory or when the text does not parse. (transfer full: einv_xdoc_free) */
einv_xdoc_t *ubl_from_model(const einv_invoice_t *inv, einv_error_t *err);

/* The same document as text (UTF-8, NUL-terminated, *len bytes). (transfer full: free) */
char *ubl_model_to_xml(const einv_invoice_t *inv, size_t *len);
/* What an export wrote where UBL requires a value the model lacks: the model locations
 * (node src) of the payment instructions given payment means code 1, and of the totals
 * given the breakdown's sum as BT-110; NULL when nothing was added there. */
typedef struct ubl_added {
    const char *means_code, *vat_total;
} ubl_added_t;

/* The same; for_export = 1 also recodes a BT-8 in UNTDID 2475 (CII's code, in canonical
 * invoices stored before the model took the 2005 code) to 2005, which validation must see
 * as the input said it, and writes the values UBL requires that the model lacks, saying
 * which in *added (when not NULL). */
char *ubl_model_export(const einv_invoice_t *inv, size_t *len, int for_export, ubl_added_t *added);

#endif
