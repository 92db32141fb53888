/* Canonical EN 16931 model -> SAP IDoc INVOIC02 as XML (IDOC-INVOIC02.md §8), the inverse of
 * idoc_map.c: importing the export with the same mapping document gives the invoice back
 * (totals, VAT breakdown and lines; see docs/exports.md for what an IDoc cannot carry). */
#ifndef IDOC_EXPORT_H
#define IDOC_EXPORT_H

#include <einvoice/einvoice.h>

/* Write inv as one INVOIC02 IDoc into out. The run option "mapping" (the account's mapping
 * document) gives the tax codes, units and condition types; without one the default tables
 * are used. Values the IDoc cannot carry, and truncations to SAP field lengths, are WARNING
 * findings on ctx. Returns EINV_OK or EINV_ERR_NOMEM. */
int idoc_export(einv_ctx_t *ctx, const einv_invoice_t *inv, einv_buf_t *out);

extern const einv_rule_t idoc_x_lost;       /* EXPORT-IDOC-LOST */
extern const einv_rule_t idoc_x_truncated;  /* EXPORT-IDOC-TRUNCATED */
extern const einv_rule_t idoc_x_taxcode;    /* EXPORT-IDOC-TAXCODE */
#endif
