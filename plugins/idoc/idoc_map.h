/* INVOIC02 / INVOIC01 IDoc segments -> canonical EN 16931 model (IDOC-INVOIC02.md §5). */
#ifndef EINV_IDOC_MAP_H
#define EINV_IDOC_MAP_H

#include <einvoice/einvoice.h>
#include "erp_map.h"

/* The specification identifier the converter writes (BT-24) when the requested profile
 * names none: the core standard. */
#define IDOC_SPEC_ID "urn:cen.eu:en16931:2017"

/* The default tables: what the export writes where the account's mapping document has no
 * entry, and what the import reads back where the mapping has none, so that importing an
 * export gives the invoice back (IDOC-INVOIC02.md §8: values the standard segments lack
 * travel as agreed codes and texts).
 * - Tax code MWSKZ: category and rate joined ("E0", "S20", "O" without rate), read back
 *   only when MSATZ carries the same rate.
 * - Condition types of allowances / charges: document ZA00 / ZC00, line ZA01 / ZC01.
 * - A line id longer than POSEX's 6 characters: POSEX is the line's position, the full id
 *   an item text E1EDPT1 with TDID ZLID.
 * - Item texts over a TDLINE's 70 characters: continuation lines with TDFORMAT "=" (SAPscript
 *   "continuous text"), joined back without separator.
 * - Paid amount BT-113 / rounding amount BT-114: E1EDS01 SUMID Z13 / Z14.
 * - The taxable amount BT-116 of a VAT breakdown (E1EDK04 has no base field): the tax
 *   condition E1EDK05 MWST of its tax code, KOBAS the base, BETRG the tax; without one the
 *   import computes BT-116 from the lines, allowances and charges. */
#define IDOC_COND_DOC_ALLOWANCE "ZA00"
#define IDOC_COND_DOC_CHARGE "ZC00"
#define IDOC_COND_LINE_ALLOWANCE "ZA01"
#define IDOC_COND_LINE_CHARGE "ZC01"
#define IDOC_COND_TAX "MWST"
#define IDOC_TDID_LINE_ID "ZLID"
#define IDOC_POSEX_LEN 6
#define IDOC_TDLINE_LEN 70
#define IDOC_SUMID_PAID "Z13"
#define IDOC_SUMID_ROUNDING "Z14"

/* Build the invoice of one IDOC element. Every value's node->src is the XPath-like
 * location of the IDoc field it came from ("/INVOIC02/IDOC/E1EDK02[1]/BELNR"); computed
 * values point at the segment they were computed from; values taken from the mapping
 * document point at "mapping:<JSON pointer>". spec / process: BT-24 / BT-23 of the
 * requested profile (the engine's options "specification-id" / "business-process"), NULL
 * for IDOC_SPEC_ID / none. (transfer full) */
einv_invoice_t *idoc_to_model(const xmlNode *idoc, const erp_map_t *map, const char *spec,
                              const char *process);

#endif
