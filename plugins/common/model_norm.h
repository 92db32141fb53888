/* Normalisations of a freshly read model shared by the UBL and JSON readers
 * (model_norm.c). */
#ifndef PLUGINS_COMMON_MODEL_NORM_H
#define PLUGINS_COMMON_MODEL_NORM_H

#include <einvoice/einvoice.h>

/* A line's gross price (BT-148) = net price + discount when only those two are given. */
void mn_gross_prices(einv_invoice_t *inv);
/* Seller identifiers (BT-29) without a scheme first, each kind in its order. */
void mn_seller_id_order(einv_invoice_t *inv);

#endif
