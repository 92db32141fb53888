/* The CEN EN 16931 UBL rules (release 1.3.10) inside the AgID artefact, where they differ
 * from the CEN 1.3.16 rules our EN16931 base runs, reported where the older rule fires and
 * the base does not (the base's own finding stands elsewhere). Most differences are code
 * lists: 1.3.10 lacks codes added later, so it rejects them; for those we need only the codes
 * added since ("delta" tables below), not the whole lists.
 *
 * The base rules 1.3.10 does not have (UBL-SR-53 to -56, UBL-SR-35, the warnings UBL-CR-001,
 * -018, -170, -195, -528, -529 and others) are withdrawn by italy.c, and BR-AF-* / BR-AG-*
 * reported again as BR-IG-* / BR-IP-* (the 1.3.10 ids), from the generated tables
 * (it_agid_ids.c, made from the artefact's own id list).
 *
 * The currency rules BR-CL-03..05 and the EAS rule BR-CL-25 (1.3.16 dropped currencies and
 * EAS 9901, 9955) are reported in full with the artefact's own lists (it_agid_ids.c), the
 * base's withdrawn.
 *
 * So are, in check_own_forms, UBL-SR-22/-23 (1.3.10 counts under a cac:Party that a valid
 * document never has), BR-CO-26 (1.3.16 no longer counts SEPA identifiers) and BR-B-02 (1.3.10
 * looks for S on a path that never exists). */
#include "it_int.h"
#include "it_agid.h"
#include <string.h>

#define R(var, id, sev, layer, terms, msg, sug) \
    static const einv_rule_t var = {id, sev, layer, terms, msg, sug};
#define E EINV_SEV_ERROR
#define W EINV_SEV_WARNING
#define CORE EINV_LAYER_CORE
#define SYN EINV_LAYER_SYNTAX

R(R_66, "BR-66", E, CORE, "BG-18", "An invoice may contain at most one card payment (BG-18).",
  "Keep a single cac:PaymentMeans/cac:CardAccount.")
R(R_67, "BR-67", E, CORE, "BG-19", "An invoice may contain at most one direct debit mandate (BG-19).",
  "Keep a single cac:PaymentMeans/cac:PaymentMandate.")
R(R_CO25, "BR-CO-25", E, CORE, "BT-9, BT-20, BT-115",
  "A positive amount due for payment (BT-115) needs a payment due date (BT-9) or payment terms (BT-20).",
  "Add cbc:DueDate or cac:PaymentTerms/cbc:Note.")
R(R_51, "BR-51", W, CORE, "BT-87",
  "The card account number (BT-87) should show at most the first 6 and last 4 digits.",
  "Mask the card number, e.g. 123456****1234 without the hidden digits.")
R(R_CR572, "UBL-CR-572", W, SYN, "", "A buyer's item identifier carries a barcode symbology (BarecodeSymbologyID).",
  "Remove the barcode symbology from cac:BuyersItemIdentification.")
R(R_CR577, "UBL-CR-577", W, SYN, "", "A seller's item identifier carries a barcode symbology (BarecodeSymbologyID).",
  "Remove the barcode symbology from cac:SellersItemIdentification.")
R(R_CR583, "UBL-CR-583", W, SYN, "", "A standard item identifier carries a barcode symbology (BarecodeSymbologyID).",
  "Remove the barcode symbology from cac:StandardItemIdentification.")
R(R_CR631, "UBL-CR-631", W, SYN, "", "An invoice line price carries an orderable unit factor rate, which EN 16931 does not use.",
  "Remove cbc:OrderableUnitFactorRate from the line price.")
R(R_CR674, "UBL-CR-674", W, SYN, "", "A card account number (cbc:PrimaryAccountNumber) carries a scheme identifier.",
  "Remove the schemeID attribute from the card number.")
R(R_SR43, "UBL-SR-43", E, SYN, "BT-18",
  "An additional document identifier with a scheme must be an invoiced object identifier (document type 130).",
  "Add cbc:DocumentTypeCode 130, or remove the scheme attribute from the identifier.")
R(R_SR51, "UBL-SR-51", E, SYN, "", "An address line must contain exactly one line text.",
  "Give each cac:AddressLine exactly one cbc:Line.")
R(R_SR22, "UBL-SR-22", E, SYN, "BT-62", "The tax representative has more than one name (cac:Party/cac:PartyName/cbc:Name).",
  "Keep one name for the tax representative.")
R(R_SR23, "UBL-SR-23", E, SYN, "BT-63", "The tax representative has more than one VAT identifier (cac:Party/cac:PartyTaxScheme/cbc:CompanyID).",
  "Keep one VAT identifier for the tax representative.")
R(R_B02, "BR-B-02", E, CORE, "BT-95, BT-102, BT-118, BT-151",
  "An invoice with split payment (VAT category B) must not contain standard rated items (category S).",
  "Split payment and standard rate cannot be mixed in one invoice: issue two invoices.")
R(R_CO26, "BR-CO-26", E, CORE, "BT-29, BT-30, BT-31",
  "The seller has no identifier (BT-29), legal registration identifier (BT-30) or VAT identifier (BT-31).",
  "Add the seller's VAT identifier, a cac:PartyIdentification/cbc:ID or the cac:PartyLegalEntity/cbc:CompanyID.")

#define CL(var, id, terms, what, sug) \
    R(var, id, E, CORE, terms, what " uses a code the AgID rules (CEN release 1.3.10) do not know yet.", sug)
CL(R_CL01, "BR-CL-01", "BT-3", "The invoice type code", "Use an invoice type code of the older UNTDID 1001 subset, e.g. 380.")
CL(R_CL03, "BR-CL-03", "BT-5", "An amount's currencyID", "Use a currency code of the older ISO 4217 list.")
CL(R_CL04, "BR-CL-04", "BT-5", "The invoice currency code", "Use a currency code of the older ISO 4217 list.")
CL(R_CL05, "BR-CL-05", "BT-6", "The VAT accounting currency code", "Use a currency code of the older ISO 4217 list.")
CL(R_CL07, "BR-CL-07", "BT-18", "The invoiced object identifier scheme", "Use a UNTDID 1153 qualifier of the older list.")
CL(R_CL10, "BR-CL-10", "BT-29, BT-46, BT-60", "A party identifier scheme", "Use an ICD scheme of the older list (up to 0220).")
CL(R_CL11, "BR-CL-11", "BT-30, BT-47, BT-61", "A legal registration identifier scheme", "Use an ICD scheme of the older list (up to 0220).")
CL(R_CL13, "BR-CL-13", "BT-158", "The item classification scheme", "Use a UNTDID 7143 code of the older list.")
CL(R_CL16, "BR-CL-16", "BT-81", "The payment means code", "Use a UNTDID 4461 code of the older list.")
CL(R_CL20, "BR-CL-20", "BT-105, BT-145", "A charge reason code", "Use a UNTDID 7161 code of the older list.")
CL(R_CL21, "BR-CL-21", "BT-157", "The item standard identifier scheme", "Use an ICD scheme of the older list (up to 0220).")
CL(R_CL22, "BR-CL-22", "BT-121", "The VAT exemption reason code", "Use a VATEX code of the older list.")
CL(R_CL25, "BR-CL-25", "BT-34, BT-49", "An electronic address scheme", "Use an EAS code of the older list.")
CL(R_CL26, "BR-CL-26", "BT-71", "The deliver-to location identifier scheme", "Use an ICD scheme of the older list (up to 0220).")

/* Codes 1.3.16 accepts and 1.3.10 does not (sorted lists, space separated). */
static const char D_1001_INV[] = " 471 472 473 500 501 ";
static const char D_1001_CN[] = " 502 503 ";
static const char D_1153[] = " AXU ";
static const char D_ICD[] = " 0221 0222 0223 0224 0225 0226 0227 0228 0229 0230 0231 0232 0233 0234 "
                            "0235 0236 0237 0238 0239 0240 0241 0242 0243 0244 0245 0246 0247 0248 ";
static const char D_7143[] = " EMD GMN PPI ";
static const char D_4461[] = " 98 ";
static const char D_7161[] = " PRV ";
static const char D_VATEX[] =
    " VATEX-EU-135-1 VATEX-EU-144 VATEX-EU-146-1E VATEX-EU-153 VATEX-EU-159 "
    "VATEX-FR-298SEXDECIESA VATEX-FR-AE VATEX-FR-CGI261-1 VATEX-FR-CGI261-2 VATEX-FR-CGI261-3 "
    "VATEX-FR-CGI261-4 VATEX-FR-CGI261-5 VATEX-FR-CGI261-7 VATEX-FR-CGI261-8 VATEX-FR-CGI261A "
    "VATEX-FR-CGI261B VATEX-FR-CGI261C-1 VATEX-FR-CGI261C-2 VATEX-FR-CGI261C-3 VATEX-FR-CGI261D-1 "
    "VATEX-FR-CGI261D-1BIS VATEX-FR-CGI261D-2 VATEX-FR-CGI261D-3 VATEX-FR-CGI261D-4 "
    "VATEX-FR-CGI261E-1 VATEX-FR-CGI261E-2 VATEX-FR-CGI275 VATEX-FR-CGI277A VATEX-FR-CGI295 "
    "VATEX-FR-CNWVAT VATEX-FR-FRANCHISE ";

#define C EINV_NS_CAC
#define B EINV_NS_CBC

/* Report rule at each //name (cbc) whose normalized value is a delta code. */
static void delta_text(einv_ctx_t *ctx, const einv_xdoc_t *d, const char *name, const char *delta,
                       const einv_rule_t *rule)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, B, name);
    size_t i;
    for (i = 0; i < l->n; i++)
        if (it_token_in(delta, einv_x_text(l->v[i])))
            einv_report(ctx, rule, l->v[i]);
}

/* Report rule at each //name (cbc) whose normalized value is not a code of `list`. */
static void own_text(einv_ctx_t *ctx, const einv_xdoc_t *d, const char *name, const char *list,
                     const einv_rule_t *rule)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, B, name);
    size_t i;
    for (i = 0; i < l->n; i++)
        if (!it_token_in(list, einv_x_text(l->v[i])))
            einv_report(ctx, rule, l->v[i]);
}

/* Same for an attribute of //name elements whose parent is `parent` (NULL: any parent). */
static void delta_attr(einv_ctx_t *ctx, const einv_xdoc_t *d, const char *parent, const char *name,
                       const char *attr, const char *delta, const einv_rule_t *rule)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, B, name);
    size_t i;
    for (i = 0; i < l->n; i++) {
        const char *v = einv_x_attr(l->v[i], attr);
        if (!v || (parent && !einv_x_is(l->v[i]->parent, C, parent)))
            continue;
        if (it_token_in(delta, v))
            einv_report(ctx, rule, l->v[i]);
    }
}

/* cbc:ChargeIndicator = true()/false(): some indicator that casts to the boolean `want` */
static int charge_is(const xmlNode *ac, int want)
{
    const xmlNode *ci;
    for (ci = einv_x_child(ac, B, "ChargeIndicator"); ci; ci = einv_x_next_same(ci)) {
        char buf[16];
        const char *v = it_norm(einv_x_text(ci), buf, sizeof buf);
        int b = !strcmp(v, "true") || !strcmp(v, "1") ? 1 : !strcmp(v, "false") || !strcmp(v, "0") ? 0 : -1;
        if (b == want)
            return 1;
    }
    return 0;
}

static void check_codes(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    static const char *const AMOUNTS[] = {
        "Amount", "BaseAmount", "PriceAmount", "TaxAmount", "TaxableAmount", "LineExtensionAmount",
        "TaxExclusiveAmount", "TaxInclusiveAmount", "AllowanceTotalAmount", "ChargeTotalAmount",
        "PrepaidAmount", "PayableRoundingAmount", "PayableAmount"};
    const einv_nodelist_t *l;
    size_t i, k;
    delta_text(ctx, d, "InvoiceTypeCode", D_1001_INV, &R_CL01);
    delta_text(ctx, d, "CreditNoteTypeCode", D_1001_CN, &R_CL01);
    /* the currency rules in their 1.3.10 form, with its list (the base's are withdrawn,
     * italy.c): a missing currencyID is no code of the list either */
    for (k = 0; k < sizeof AMOUNTS / sizeof AMOUNTS[0]; k++) {
        l = einv_xdoc_all(d, B, AMOUNTS[k]);
        for (i = 0; i < l->n; i++) {
            const char *cur = einv_x_attr(l->v[i], "currencyID");
            if (!it_token_in(it_agid_cen_iso4217, cur ? cur : ""))
                einv_report(ctx, &R_CL03, l->v[i]);
        }
    }
    own_text(ctx, d, "DocumentCurrencyCode", it_agid_cen_iso4217, &R_CL04);
    own_text(ctx, d, "TaxCurrencyCode", it_agid_cen_iso4217, &R_CL05);
    /* (cac:AdditionalDocumentReference | cac:DocumentReference)[cbc:DocumentTypeCode = '130']/cbc:ID */
    l = einv_xdoc_all(d, B, "ID");
    for (i = 0; i < l->n; i++) {
        const xmlNode *id = l->v[i], *p = id->parent;
        const char *sch = einv_x_attr(id, "schemeID");
        if (!sch)
            continue;
        if ((einv_x_is(p, C, "AdditionalDocumentReference") || einv_x_is(p, C, "DocumentReference")) &&
            it_any_eq(p, "cbc:DocumentTypeCode", "130") && it_token_in(D_1153, sch))
            einv_report(ctx, &R_CL07, id);
        else if (einv_x_is(p, C, "PartyIdentification") && it_token_in(D_ICD, sch))
            einv_report(ctx, &R_CL10, id);
        else if (einv_x_is(p, C, "StandardItemIdentification") && it_token_in(D_ICD, sch))
            einv_report(ctx, &R_CL21, id);
        else if (einv_x_is(p, C, "DeliveryLocation") && it_token_in(D_ICD, sch))
            einv_report(ctx, &R_CL26, id);
    }
    delta_attr(ctx, d, "PartyLegalEntity", "CompanyID", "schemeID", D_ICD, &R_CL11);
    delta_attr(ctx, d, "CommodityClassification", "ItemClassificationCode", "listID", D_7143, &R_CL13);
    l = einv_xdoc_all(d, B, "PaymentMeansCode");
    for (i = 0; i < l->n; i++)
        if (einv_x_is(l->v[i]->parent, C, "PaymentMeans") && it_token_in(D_4461, einv_x_text(l->v[i])))
            einv_report(ctx, &R_CL16, l->v[i]);
    /* cac:AllowanceCharge[cbc:ChargeIndicator = true()]/cbc:AllowanceChargeReasonCode, unless
     * the allowance rule (ChargeIndicator = false()) takes the element first */
    l = einv_xdoc_all(d, B, "AllowanceChargeReasonCode");
    for (i = 0; i < l->n; i++) {
        const xmlNode *ac = l->v[i]->parent;
        if (einv_x_is(ac, C, "AllowanceCharge") && !charge_is(ac, 0) && charge_is(ac, 1) &&
            it_token_in(D_7161, einv_x_text(l->v[i])))
            einv_report(ctx, &R_CL20, l->v[i]);
    }
    /* the VATEX test upper-cases the value it looks up */
    l = einv_xdoc_all(d, B, "TaxExemptionReasonCode");
    for (i = 0; i < l->n; i++) {
        char buf[64];
        size_t j;
        it_norm(einv_x_text(l->v[i]), buf, sizeof buf);
        for (j = 0; buf[j]; j++)
            if (buf[j] >= 'a' && buf[j] <= 'z')
                buf[j] = (char)(buf[j] - 'a' + 'A');
        if (strlen(einv_x_text(l->v[i])) < sizeof buf && it_token_in(D_VATEX, buf))
            einv_report(ctx, &R_CL22, l->v[i]);
    }
    /* BR-CL-25 in full with the 1.3.10 EAS list (the base's is withdrawn, italy.c) */
    l = einv_xdoc_all(d, B, "EndpointID");
    for (i = 0; i < l->n; i++) {
        const char *v = einv_x_attr(l->v[i], "schemeID");
        if (v && !it_token_in(it_agid_cen_eas, v))
            einv_report(ctx, &R_CL25, l->v[i]);
    }
}

/* The line item identification an element sits in when it is
 * (cac:InvoiceLine|cac:CreditNoteLine)/cac:Item/cac:<ident>/<el> below the root, else NULL. */
static const char *line_item_ident(const it_doc_t *doc, const xmlNode *el)
{
    const xmlNode *ident = el->parent, *item = ident ? ident->parent : NULL;
    const xmlNode *line = item ? item->parent : NULL;
    if (!line || line->parent != doc->root || !einv_x_is(item, C, "Item") ||
        !(einv_x_is(line, C, "InvoiceLine") || einv_x_is(line, C, "CreditNoteLine")) ||
        einv_x_nsid(ident) != C)
        return NULL;
    return (const char *)ident->name;
}

/* Syntax-binding differences at the document root (UBL-syntax pattern, root rule). The
 * elements concerned are rare: look them up by name, then check where they are. */
static void check_root_syntax(einv_ctx_t *ctx, const it_doc_t *doc)
{
    static const struct { const char *ident; const einv_rule_t *rule; } BARCODE[] = {
        {"BuyersItemIdentification", &R_CR572},
        {"SellersItemIdentification", &R_CR577},
        {"StandardItemIdentification", &R_CR583}};
    const einv_nodelist_t *mis = einv_xdoc_all(doc->d, B, "BarecodeSymbologyID");
    const einv_nodelist_t *ok = einv_xdoc_all(doc->d, B, "BarcodeSymbologyID");
    const einv_nodelist_t *l;
    size_t i, k;
    for (k = 0; mis->n && k < 3; k++) {
        int misspelled = 0, spelled = 0;
        for (i = 0; i < mis->n && !misspelled; i++) {
            const char *id = line_item_ident(doc, mis->v[i]);
            misspelled = id && !strcmp(id, BARCODE[k].ident);
        }
        for (i = 0; i < ok->n && misspelled && !spelled; i++) {
            const char *id = line_item_ident(doc, ok->v[i]);
            spelled = id && !strcmp(id, BARCODE[k].ident);
        }
        if (misspelled && !spelled)
            einv_report(ctx, BARCODE[k].rule, doc->root);
    }
    l = einv_xdoc_all(doc->d, B, "OrderableUnitFactorRate");
    for (i = 0; i < l->n; i++) {
        const xmlNode *price = l->v[i]->parent, *line = price ? price->parent : NULL;
        if (einv_x_is(price, C, "Price") && line && line->parent == doc->root &&
            (einv_x_is(line, C, "InvoiceLine") || einv_x_is(line, C, "CreditNoteLine"))) {
            einv_report(ctx, &R_CR631, doc->root);
            break;
        }
    }
    {
        const einv_nodelist_t *a = einv_xdoc_all(doc->d, B, "PrimaryAccountNumber");
        const einv_nodelist_t *b = einv_xdoc_all(doc->d, B, "PrimaryAccountNumberID");
        int old = 0, cur = 0;
        for (k = 0; k < a->n; k++)
            old |= einv_x_attr(a->v[k], "schemeID") != NULL;
        for (k = 0; old && k < b->n; k++)
            cur |= einv_x_attr(b->v[k], "schemeID") != NULL;
        if (old && !cur)
            einv_report(ctx, &R_CR674, doc->root);
    }
}

/* The seller has a VAT identifier as 1.3.10 finds it: a PartyTaxScheme whose scheme id is
 * 'VAT' after normalize-space(upper-case()) and which has a CompanyID. */
static int seller_vat_id(const xmlNode *party)
{
    const xmlNode *pts, *ts, *id;
    for (pts = einv_x_child(party, C, "PartyTaxScheme"); pts; pts = einv_x_next_same(pts)) {
        int vat = 0;
        for (ts = einv_x_child(pts, C, "TaxScheme"); ts && !vat; ts = einv_x_next_same(ts))
            for (id = einv_x_child(ts, B, "ID"); id && !vat; id = einv_x_next_same(id)) {
                char buf[16], *c;
                it_norm(einv_x_text(id), buf, sizeof buf);
                for (c = buf; *c; c++)
                    if (*c >= 'a' && *c <= 'z')
                        *c = (char)(*c - 'a' + 'A');
                vat = strcmp(buf, "VAT") == 0;
            }
        if (vat && einv_x_child(pts, B, "CompanyID"))
            return 1;
    }
    return 0;
}

/* Some //cac:ClassifiedTaxCategory/cbc:ID equals s. */
static int classified_is(const it_doc_t *doc, const char *s)
{
    const einv_nodelist_t *l = einv_xdoc_all(doc->d, C, "ClassifiedTaxCategory");
    size_t i;
    for (i = 0; i < l->n; i++)
        if (it_any_eq(l->v[i], "cbc:ID", s))
            return 1;
    return 0;
}

/* Rules whose 1.3.10 form fires less than the base's (the base's are withdrawn, italy.c). */
static void check_own_forms(einv_ctx_t *ctx, const it_doc_t *doc)
{
    const einv_nodelist_t *l = einv_xdoc_all(doc->d, C, "AccountingSupplierParty");
    size_t i;
    /* BR-B-02: 1.3.10 looks for S on cac:TaxTotal/cac:TaxSubtotal/cbc:ID, which never exists,
     * so an S in the breakdown alone does not count */
    if (doc->is_invoice || doc->is_credit_note) {
        int b = it_any_eq(doc->root, "cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID", "B") ||
                it_any_eq(doc->root, "cac:AllowanceCharge/cac:TaxCategory/cbc:ID", "B") || classified_is(doc, "B");
        int s = it_any_eq(doc->root, "cac:AllowanceCharge/cac:TaxCategory/cbc:ID", "S") || classified_is(doc, "S");
        if (b && s)
            einv_report(ctx, &R_B02, doc->root);
    }
    /* BR-CO-26: 1.3.16 no longer counts a SEPA creditor identifier as the seller's identifier */
    for (i = 0; i < l->n; i++) {
        const xmlNode *party, *asp = l->v[i];
        int ok = 0;
        for (party = einv_x_child(asp, C, "Party"); party && !ok; party = einv_x_next_same(party))
            ok = seller_vat_id(party) || einv_x_path(party, "cac:PartyIdentification/cbc:ID") ||
                 einv_x_path(party, "cac:PartyLegalEntity/cbc:CompanyID");
        if (!ok)
            einv_report(ctx, &R_CO26, asp);
    }
    /* UBL-SR-22/-23 count under cac:TaxRepresentativeParty/cac:Party, which a valid document
     * never has (1.3.16 counts under the representative itself) */
    l = einv_xdoc_all(doc->d, C, "TaxRepresentativeParty");
    for (i = 0; i < l->n; i++) {
        einv_nodes_t v;
        einv_nodes_init(&v);
        if (einv_x_select(l->v[i], "cac:Party/cac:PartyName/cbc:Name", &v) > 1)
            einv_report(ctx, &R_SR22, l->v[i]);
        einv_nodes_free(&v);
        einv_nodes_init(&v);
        if (einv_x_select(l->v[i], "cac:Party/cac:PartyTaxScheme/cbc:CompanyID", &v) > 1)
            einv_report(ctx, &R_SR23, l->v[i]);
        einv_nodes_free(&v);
    }
}

static void check(einv_ctx_t *ctx, const it_doc_t *doc)
{
    const xmlNode *root = doc->root, *x;
    const einv_nodelist_t *l;
    size_t i;

    if (doc->is_invoice || doc->is_credit_note) {
        if (it_sel_count(doc, "cac:PaymentMeans/cac:CardAccount") > 1)
            einv_report(ctx, &R_66, root);
        if (it_sel_count(doc, "cac:PaymentMeans/cac:PaymentMandate") > 1)
            einv_report(ctx, &R_67, root);
        check_root_syntax(ctx, doc);
    }
    /* BR-CO-25 as 1.3.10 words it: on the invoice's amount due */
    if (doc->is_invoice) {
        einv_nodes_t v;
        einv_nodes_init(&v);
        it_sel(doc, "cac:LegalMonetaryTotal/cbc:PayableAmount", &v);
        for (i = 0; i < v.n; i++) {
            einv_dec_t a;
            int num = einv_dec_parse_number(einv_x_text(v.v[i]), (size_t)-1, &a);
            int terms = einv_xdoc_all(doc->d, B, "DueDate")->n > 0;
            const einv_nodelist_t *pt = einv_xdoc_all(doc->d, C, "PaymentTerms");
            size_t k;
            for (k = 0; k < pt->n && !terms; k++)
                terms = einv_x_child(pt->v[k], B, "Note") != NULL;
            if (!num || (einv_dec_sign(a) > 0 && !terms))
                einv_report(ctx, &R_CO25, v.v[i]);
        }
        einv_nodes_free(&v);
    }
    /* BR-51 read the unnormalized number on the card account */
    l = einv_xdoc_all(doc->d, C, "CardAccount");
    for (i = 0; i < l->n; i++) {
        const xmlNode *pan = einv_x_child(l->v[i], B, "PrimaryAccountNumberID");
        char buf[64];
        if (!einv_x_is(l->v[i]->parent, C, "PaymentMeans") || !pan)
            continue;
        if (it_strlen(einv_x_text(pan)) > 10 && strlen(einv_x_text(pan)) < sizeof buf &&
            it_strlen(it_norm(einv_x_text(pan), buf, sizeof buf)) <= 10)
            einv_report(ctx, &R_51, l->v[i]);
    }
    /* UBL-SR-43 in its 1.3.10 form (the base's is withdrawn, italy.c): 1.3.10 looks for
     * @scheme where 1.3.16 looks for @schemeID. Passes with some type code '130' (a credit
     * note: or '50'), or with no type code and no identifier carrying @scheme. */
    l = einv_xdoc_all(doc->d, C, "AdditionalDocumentReference");
    for (i = 0; i < l->n; i++) {
        const xmlNode *adr = l->v[i];
        int scheme = 0, has_type = 0, ok = 0;
        for (x = einv_x_child(adr, B, "DocumentTypeCode"); x; x = einv_x_next_same(x)) {
            has_type = 1;
            ok |= strcmp(einv_x_text(x), "130") == 0 ||
                  (doc->is_credit_note && strcmp(einv_x_text(x), "50") == 0);
        }
        for (x = einv_x_child(adr, B, "ID"); x; x = einv_x_next_same(x))
            scheme |= einv_x_attr(x, "scheme") != NULL;
        if (!ok && (scheme || has_type))
            einv_report(ctx, &R_SR43, adr);
    }
    /* UBL-SR-51 in 1.3.10: every cac:AddressLine has exactly one cbc:Line */
    l = einv_xdoc_all(doc->d, C, "AddressLine");
    for (i = 0; i < l->n; i++)
        if (einv_x_count(l->v[i], B, "Line") != 1)
            einv_report(ctx, &R_SR51, l->v[i]);
    check_codes(ctx, doc->d);
    check_own_forms(ctx, doc);
}

static const einv_rule_t *const RULES[] = {
    &R_66, &R_67, &R_CO25, &R_51, &R_CR572, &R_CR577, &R_CR583, &R_CR631, &R_CR674, &R_SR43, &R_SR22, &R_SR23, &R_CO26, &R_B02,
    &R_SR51, &R_CL01, &R_CL03, &R_CL04, &R_CL05, &R_CL07, &R_CL10, &R_CL11, &R_CL13, &R_CL16,
    &R_CL20, &R_CL21, &R_CL22, &R_CL25, &R_CL26,
};

const it_family_t it_legacy = {"it-legacy-cen", check, RULES, sizeof RULES / sizeof RULES[0]};
