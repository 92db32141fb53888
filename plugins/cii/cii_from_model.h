/* Canonical EN 16931 model -> UN/CEFACT CII D16B CrossIndustryInvoice (Factur-X 1.07 /
 * ZUGFeRD 2.3 XML), the inverse of cii_to_model. Compiled into the cii plugin (the "cii"
 * exporter) and the facturx plugin (the XML embedded in the PDF). */
#ifndef CII_FROM_MODEL_H
#define CII_FROM_MODEL_H

#include <einvoice/einvoice.h>

/* Append inv as a CrossIndustryInvoice (UTF-8, with XML declaration) to out. Every
 * business term the model holds is written at its EN 16931-3-3 place; findings (WARNING)
 * go to ctx for values CII cannot carry (ctx may be NULL). Returns EINV_OK, or
 * EINV_ERR_NOMEM when out ran out of memory. */
int cii_write(einv_ctx_t *ctx, const einv_invoice_t *inv, einv_buf_t *out);
/* The same with another guideline (BT-24) than the model's, or the model's when NULL. */
int cii_write_as(einv_ctx_t *ctx, const einv_invoice_t *inv, const char *guideline, einv_buf_t *out);

/* The guideline (BT-24) the document gets: the model's, else EN 16931's. */
const char *cii_guideline(const einv_invoice_t *inv);

extern const einv_rule_t cii_x_lost;   /* EXPORT-CII-LOST: a value CII cannot carry */
#endif
