/* INVOIC02 / INVOIC01 IDoc segments -> canonical EN 16931 model (IDOC-INVOIC02.md §5). */
#ifndef EINV_IDOC_MAP_H
#define EINV_IDOC_MAP_H

#include <einvoice/einvoice.h>
#include "erp_map.h"

/* The specification identifier the converter writes (BT-24) when the requested profile
 * names none: the core standard. */
#define IDOC_SPEC_ID "urn:cen.eu:en16931:2017"

/* Build the invoice of one IDOC element. Every value's node->src is the XPath-like
 * location of the IDoc field it came from ("/INVOIC02/IDOC/E1EDK02[1]/BELNR"); computed
 * values point at the segment they were computed from; values taken from the mapping
 * document point at "mapping:<JSON pointer>". spec / process: BT-24 / BT-23 of the
 * requested profile (the engine's options "specification-id" / "business-process"), NULL
 * for IDOC_SPEC_ID / none. (transfer full) */
einv_invoice_t *idoc_to_model(const xmlNode *idoc, const erp_map_t *map, const char *spec,
                              const char *process);

#endif
