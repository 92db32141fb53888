/* Temporary weak fallbacks while the canonical model is being written; the real
 * definitions in model.c override these at link time. */
#include <einvoice/invoice.h>
#include <stdlib.h>
__attribute__((weak)) void einv_invoice_free(einv_invoice_t *inv) { (void)inv; }
__attribute__((weak)) char *einv_invoice_to_json(const einv_invoice_t *inv) { (void)inv; return NULL; }
