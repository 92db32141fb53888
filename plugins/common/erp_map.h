/* The account's ERP mapping document (API.md): sender-specific tax codes, units and
 * party master data that SAP IDocs and OData entities leave out.
 *
 *   {"taxCodes": {"A1": {"category": "S", "rate": 19, "exemptionCode": ..., "exemptionReason": ...}},
 *    "units": {"PCE": "H87"},
 *    "parties": {"<partner or supplier number>": {party in the canonical model}},
 *    "companyCodes": {"<CompanyCode>": {party in the canonical model}},
 *    "conditions": {"<KSCHL>": {"level": "document"|"line", "kind": "allowance"|"charge",
 *                               "reasonCode": "95", "reason": "Discount"}},
 *    "defaults": {"paymentMeans": {...}, "seller": {party}, "buyer": {party}}}
 *
 * paymentMeans = {code (BT-81), text (BT-82), remittanceInformation (BT-83), iban (BT-84),
 * accountName (BT-85), bic (BT-86)}, in a party entry, a company code entry or the
 * defaults. Its shape is checked by erp_map_check.h.
 *
 * It arrives as the run option "mapping" (JSON text). Without an entry a conversion leaves
 * the term absent so that the EN 16931 rules report it; a value of the document always wins
 * over the mapping's. The IDoc and OData plugins both link this library ("conditions" is
 * read by the IDoc conversion only). */
#ifndef EINV_ERP_MAP_H
#define EINV_ERP_MAP_H

#include <einvoice/einvoice.h>
#include "json_reader.h"

typedef struct erp_map {
    jr_doc_t *doc;
    const jr_value_t *tax_codes, *units, *parties, *company_codes, *conditions, *defaults;
} erp_map_t;

typedef struct erp_tax {
    const char *category;          /* BT-118 / BT-151, or NULL */
    const char *rate;              /* BT-119 / BT-152 as decimal text, or NULL */
    const char *exemption_code;    /* BT-121 */
    const char *exemption_reason;  /* BT-120 */
    char src[256];                 /* "mapping:/taxCodes/A1" */
} erp_tax_t;

/* A "conditions" entry: the IDoc condition type (KSCHL) the sender uses for an allowance or
 * charge (IDOC-INVOIC02.md §4.6, §5.7). */
enum { ERP_LEVEL_DOCUMENT = 1, ERP_LEVEL_LINE = 2 };
enum { ERP_KIND_SIGN = 0, ERP_KIND_ALLOWANCE = 1, ERP_KIND_CHARGE = 2 };
typedef struct erp_cond {
    int levels;                    /* ERP_LEVEL_* bits; both without "level" */
    int kind;                      /* ERP_KIND_SIGN: the IDoc's ALCKZ decides */
    const char *reason_code;       /* BT-98 / BT-105 / BT-140 / BT-145, or NULL */
    const char *reason;            /* fallback text when the row has no KOTXT, or NULL */
    char src[256];                 /* "mapping:/conditions/FRB1" */
} erp_cond_t;

/* Read the "mapping" option of ctx. A document that is not usable JSON of the documented
 * shape is reported once (with the plugin's bad_rule) and ignored. Always leaves m usable. */
void erp_map_load(erp_map_t *m, einv_ctx_t *ctx, const einv_rule_t *bad_rule);
void erp_map_free(erp_map_t *m);

/* 1 and *out filled when the tax code has an entry. */
int erp_map_tax(const erp_map_t *m, const char *code, erp_tax_t *out);
/* 1 and *out filled when condition type kschl has a well-formed entry whose level includes
 * `level` (ERP_LEVEL_DOCUMENT or ERP_LEVEL_LINE); 0 otherwise (the row is then ignored). */
int erp_map_condition(const erp_map_t *m, const char *kschl, int level, erp_cond_t *out);
/* The Rec 20 unit for an ISO/SAP unit, or NULL without an entry. */
const char *erp_map_unit(const erp_map_t *m, const char *code);
/* The party object of `table` ("parties" or "companyCodes") for key, or NULL. */
const jr_value_t *erp_map_party(const erp_map_t *m, int company, const char *key);
/* Fill the still absent fields of model group `node` (BG-4, BG-7, ...) from a canonical
 * party object; values remember "mapping:<pointer>" as their source. */
void erp_map_fill(einv_invoice_t *inv, einv_node_t *node, const jr_value_t *party);
/* Fill the still absent fields of BG-4 (seller = 1) or BG-7 (seller = 0) from the
 * defaults' "seller" / "buyer" party; call it after the document and the entries. */
void erp_map_fill_defaults(const erp_map_t *m, einv_invoice_t *inv, einv_node_t *node, int seller);
/* Complete the payment instructions (BG-16) of inv from the mapping, after the document's
 * own: BT-81, BT-82 and BT-83 member by member from the seller's party entry (`party`, may
 * be NULL), the company code's entry (`company`, may be NULL), then the defaults; the
 * account (BT-84 iban, BT-85 accountName, BT-86 bic) as a whole from the first of them with
 * an iban (a party's older "iban" member counts), and only when the document names no
 * account (or names the same IBAN: then only its absent BT-85 / BT-86 are filled). The
 * mapping starts payment instructions only with an account: a code alone is not one. */
void erp_map_payment(const erp_map_t *m, einv_invoice_t *inv, const jr_value_t *party, const char *company);
/* A string member of obj, or NULL. */
const char *erp_str(const jr_value_t *obj, const char *name);
/* "mapping:" + the JSON pointer of v, into buf. */
const char *erp_src(const jr_value_t *v, char *buf, size_t size);

#endif
