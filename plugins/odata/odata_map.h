/* SAP S/4HANA A_SupplierInvoice (OData V2 JSON) -> canonical EN 16931 model
 * (ODATA-SUPPLIERINVOICE.md §4). */
#ifndef EINV_ODATA_MAP_H
#define EINV_ODATA_MAP_H

#include <einvoice/einvoice.h>
#include "json_reader.h"
#include "erp_map.h"

#define ODATA_SPEC_ID "urn:cen.eu:en16931:2017"

/* Build the invoice of one entity object. node->src = JSON pointer into the body
 * ("/d/to_SupplierInvoiceTax/results/1/TaxAmount"); values from the mapping document
 * point at "mapping:<pointer>". A property of the wrong JSON type is reported with
 * type_rule (and left out). (transfer full) */
einv_invoice_t *odata_to_model(einv_ctx_t *ctx, const jr_value_t *entity, const erp_map_t *map,
                               const einv_rule_t *type_rule);

#endif
