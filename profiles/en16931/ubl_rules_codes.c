/* EN 16931 code-list rules (BR-CL-*) over the UBL syntax tree, following the CEN UBL
 * artefact v1.3.16. Every rule checks the element or attribute its context names against
 * one list of codelists.c; a context element found anywhere in the document is checked
 * (the artefact's contexts are relative). Within the artefact's pattern the first rule
 * matching an element wins; among these contexts that only matters for allowance/charge
 * reason codes (BR-CL-19 before BR-CL-20). */
#include "en16931_int.h"
#include <einvoice/codelists.h>

#include <string.h>

#define S EINV_SEV_ERROR
#define L EINV_LAYER_CORE

static const einv_rule_t R_CL01 = {"BR-CL-01", S, L, "BT-3",
    "The invoice type code is not a UNTDID 1001 code allowed for this document (Invoice or CreditNote).",
    "Use an invoice type code such as 380 for an Invoice, or a credit note code such as 381 for a CreditNote."};
static const einv_rule_t R_CL03 = {"BR-CL-03", S, L, "BT-5",
    "An amount carries a currencyID that is not an ISO 4217 currency code.",
    "Give every amount a currencyID attribute with a three-letter ISO 4217 code, e.g. EUR."};
static const einv_rule_t R_CL04 = {"BR-CL-04", S, L, "BT-5",
    "The invoice currency code (BT-5) is not an ISO 4217 currency code.",
    "Write the invoice currency as a three-letter ISO 4217 code, e.g. EUR."};
static const einv_rule_t R_CL05 = {"BR-CL-05", S, L, "BT-6",
    "The VAT accounting currency code (BT-6) is not an ISO 4217 currency code.",
    "Write the VAT accounting currency as a three-letter ISO 4217 code, e.g. EUR."};
static const einv_rule_t R_CL06 = {"BR-CL-06", S, L, "BT-8",
    "The value added tax point date code (BT-8) is not one of the allowed UNTDID 2005 codes.",
    "Use 3 (invoice date), 35 (delivery date) or 432 (paid to date) in the invoice period description code."};
static const einv_rule_t R_CL07 = {"BR-CL-07", S, L, "BT-18",
    "The scheme of the invoiced object identifier (BT-18) is not a UNTDID 1153 reference qualifier.",
    "Set schemeID of the object identifier to a UNTDID 1153 code, e.g. AAA, or remove it."};
static const einv_rule_t R_CL08 = {"BR-CL-08", S, L, "BT-21",
    "The invoice note subject code (BT-21, written as #CODE# at the start of the note) is not a UNTDID 4451 code.",
    "Start the note with a UNTDID 4451 subject code between hashes, e.g. #AAI#, or drop the prefix."};
static const einv_rule_t R_CL10 = {"BR-CL-10", S, L, "BT-29, BT-46, BT-60",
    "A party identifier uses a scheme that is not an ISO/IEC 6523 ICD code.",
    "Set the party identifier's schemeID to an ICD code such as 0088; SEPA is allowed only for seller and payee."};
static const einv_rule_t R_CL11 = {"BR-CL-11", S, L, "BT-30, BT-47, BT-61",
    "A legal registration identifier uses a scheme that is not an ISO/IEC 6523 ICD code.",
    "Set schemeID of the company identifier to an ICD code such as 0002, or remove the attribute."};
static const einv_rule_t R_CL13 = {"BR-CL-13", S, L, "BT-158",
    "The item classification identifier uses a scheme that is not a UNTDID 7143 code.",
    "Set listID of the item classification code to a UNTDID 7143 code, e.g. STI or HS."};
static const einv_rule_t R_CL14 = {"BR-CL-14", S, L, "BT-40, BT-55, BT-69, BT-80",
    "A country code is not an ISO 3166-1 alpha-2 code.",
    "Write the country as a two-letter ISO 3166-1 code in upper case, e.g. DE."};
static const einv_rule_t R_CL15 = {"BR-CL-15", S, L, "BT-159",
    "The item country of origin (BT-159) is not an ISO 3166-1 alpha-2 code.",
    "Write the country of origin as a two-letter ISO 3166-1 code in upper case, e.g. CN."};
static const einv_rule_t R_CL16 = {"BR-CL-16", S, L, "BT-81",
    "The payment means type code (BT-81) is not a UNTDID 4461 code.",
    "Use a UNTDID 4461 payment means code, e.g. 30 (credit transfer) or 58 (SEPA credit transfer)."};
static const einv_rule_t R_CL17 = {"BR-CL-17", S, L, "BT-95, BT-102, BT-118",
    "A VAT category code is not a UNTDID 5305 code.",
    "Use one of the VAT category codes S, Z, E, AE, K, G, O, L, M or B."};
static const einv_rule_t R_CL18 = {"BR-CL-18", S, L, "BT-151",
    "The invoiced item VAT category code (BT-151) is not a UNTDID 5305 code.",
    "Use one of the VAT category codes S, Z, E, AE, K, G, O, L, M or B for the item."};
static const einv_rule_t R_CL19 = {"BR-CL-19", S, L, "BT-98, BT-140",
    "An allowance reason code is not a UNTDID 5189 code.",
    "Use a UNTDID 5189 allowance reason code, e.g. 95 (discount), or only give the reason as text."};
static const einv_rule_t R_CL20 = {"BR-CL-20", S, L, "BT-105, BT-145",
    "A charge reason code is not a UNTDID 7161 code.",
    "Use a UNTDID 7161 charge reason code, e.g. FC (freight), or only give the reason as text."};
static const einv_rule_t R_CL21 = {"BR-CL-21", S, L, "BT-157",
    "The item standard identifier uses a scheme that is not an ISO/IEC 6523 ICD code.",
    "Set schemeID of the standard item identifier to an ICD code, e.g. 0160 for GTIN."};
static const einv_rule_t R_CL22 = {"BR-CL-22", S, L, "BT-121",
    "The VAT exemption reason code (BT-121) is not a VATEX code.",
    "Use a code from the VATEX list, e.g. VATEX-EU-IC for an intra-community supply."};
static const einv_rule_t R_CL23 = {"BR-CL-23", S, L, "BT-130, BT-150",
    "A unit of measure code is not a UN/ECE Recommendation 20 or 21 code.",
    "Use a UN/ECE Rec 20/21 unit code, e.g. C62 (one), H87 (piece), KGM (kilogram)."};
static const einv_rule_t R_CL24 = {"BR-CL-24", S, L, "BT-125",
    "The attached document's MIME type is not one of the allowed media types.",
    "Attach PDF, PNG, JPEG, CSV, XLSX or ODS and give its exact MIME type in mimeCode."};
static const einv_rule_t R_CL25 = {"BR-CL-25", S, L, "BT-34, BT-49",
    "An electronic address uses a scheme that is not in the EAS code list.",
    "Set schemeID of the endpoint identifier to an EAS code, e.g. 0088 or 9930."};
static const einv_rule_t R_CL26 = {"BR-CL-26", S, L, "BT-71",
    "The deliver-to location identifier uses a scheme that is not an ISO/IEC 6523 ICD code.",
    "Set schemeID of the delivery location identifier to an ICD code, e.g. 0088."};

#undef S
#undef L

static const einv_rule_t *const RULES[] = {
    &R_CL01, &R_CL03, &R_CL04, &R_CL05, &R_CL06, &R_CL07, &R_CL08, &R_CL10, &R_CL11,
    &R_CL13, &R_CL14, &R_CL15, &R_CL16, &R_CL17, &R_CL18, &R_CL19, &R_CL20,
    &R_CL21, &R_CL22, &R_CL23, &R_CL24, &R_CL25, &R_CL26,
};

typedef int (*list_fn)(const char *code);

/* Assert "normalize-space(value) is one token of the list"; value may be NULL (absent). */
static void check_value(einv_ctx_t *ctx, const einv_rule_t *r, const xmlNode *n,
                        const char *value, list_fn in_list)
{
    char buf[64];
    if (!in_list(einv_code_token(value, buf, sizeof buf)))
        einv_report(ctx, r, n);
}

static void check_text(einv_ctx_t *ctx, const einv_rule_t *r, const xmlNode *n, list_fn f)
{
    check_value(ctx, r, n, einv_x_text(n), f);
}

static void check_attr(einv_ctx_t *ctx, const einv_rule_t *r, const xmlNode *n,
                       const char *attr, list_fn f)
{
    check_value(ctx, r, n, einv_x_attr(n, attr), f);
}

static const einv_nodelist_t *all_cbc(const einv_xdoc_t *d, const char *local)
{
    return einv_xdoc_all(d, EINV_NS_CBC, local);
}

static int parent_is(const xmlNode *n, const char *cac_local)
{
    return einv_x_is(n->parent, EINV_NS_CAC, cac_local);
}

static int has_cac_ancestor(const xmlNode *n, const char *local)
{
    const xmlNode *p;
    for (p = n->parent; p && p->type == XML_ELEMENT_NODE; p = p->parent)
        if (einv_x_is(p, EINV_NS_CAC, local))
            return 1;
    return 0;
}

/* xs:boolean cast of a string (white space collapsed): 1 true, 0 false, -1 invalid. */
static int xs_boolean(const char *s)
{
    size_t len;
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    len = strlen(s);
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\n' ||
                   s[len - 1] == '\r'))
        len--;
    if ((len == 4 && !memcmp(s, "true", 4)) || (len == 1 && s[0] == '1'))
        return 1;
    if ((len == 5 && !memcmp(s, "false", 5)) || (len == 1 && s[0] == '0'))
        return 0;
    return -1;
}

/* `cac:AllowanceCharge[cbc:ChargeIndicator = want]`: existential, evaluated in document
 * order; a non-boolean indicator met before a match is a dynamic error, i.e. no match. */
static int charge_indicator_is(const xmlNode *ac, int want)
{
    const xmlNode *ci;
    for (ci = einv_x_child(ac, EINV_NS_CBC, "ChargeIndicator"); ci; ci = einv_x_next_same(ci)) {
        int b = xs_boolean(einv_x_text(ci));
        if (b < 0)
            return 0;
        if (b == want)
            return 1;
    }
    return 0;
}

/* The parent has a cbc:DocumentTypeCode whose string value is exactly '130'. */
static int object_reference(const xmlNode *ref)
{
    const xmlNode *c;
    for (c = einv_x_child(ref, EINV_NS_CBC, "DocumentTypeCode"); c; c = einv_x_next_same(c))
        if (strcmp(einv_x_text(c), "130") == 0)
            return 1;
    return 0;
}

/* BR-CL-10: ICD, or SEPA for the seller's or the payee's identifier. */
static void check_party_id(einv_ctx_t *ctx, const xmlNode *n)
{
    char buf[64];
    const char *tok = einv_code_token(einv_x_attr(n, "schemeID"), buf, sizeof buf);
    if (einv_code_in_icd(tok))
        return;
    if (tok && strcmp(tok, "SEPA") == 0 &&
        (has_cac_ancestor(n, "AccountingSupplierParty") || has_cac_ancestor(n, "PayeeParty")))
        return;
    einv_report(ctx, &R_CL10, n);
}

/* Every cbc:ID: the rule is chosen by its parent. */
static void check_ids(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = all_cbc(d, "ID");
    size_t i;
    for (i = 0; i < l->n; i++) {
        const xmlNode *n = l->v[i];
        const xmlNode *p = n->parent;
        int scheme = einv_x_attr(n, "schemeID") != NULL;

        if (einv_x_is(p, EINV_NS_CAC, "TaxCategory"))
            check_text(ctx, &R_CL17, n, einv_code_in_uncl5305);
        else if (einv_x_is(p, EINV_NS_CAC, "ClassifiedTaxCategory"))
            check_text(ctx, &R_CL18, n, einv_code_in_uncl5305);
        else if (!scheme)
            continue;
        else if ((einv_x_is(p, EINV_NS_CAC, "AdditionalDocumentReference") ||
                  einv_x_is(p, EINV_NS_CAC, "DocumentReference")) && object_reference(p))
            check_attr(ctx, &R_CL07, n, "schemeID", einv_code_in_uncl1153);
        else if (einv_x_is(p, EINV_NS_CAC, "PartyIdentification"))
            check_party_id(ctx, n);
        else if (einv_x_is(p, EINV_NS_CAC, "StandardItemIdentification"))
            check_attr(ctx, &R_CL21, n, "schemeID", einv_code_in_icd);
        else if (einv_x_is(p, EINV_NS_CAC, "DeliveryLocation"))
            check_attr(ctx, &R_CL26, n, "schemeID", einv_code_in_icd);
    }
}

/* Elements named `local` whose parent is cac:`parent`, checked on their text. */
static void check_child_text(einv_ctx_t *ctx, const einv_xdoc_t *d, const char *local,
                             const char *parent, const einv_rule_t *r, list_fn f)
{
    const einv_nodelist_t *l = all_cbc(d, local);
    size_t i;
    for (i = 0; i < l->n; i++)
        if (parent_is(l->v[i], parent))
            check_text(ctx, r, l->v[i], f);
}

/* Elements named `local` (any parent) that carry `attr`, checked on the attribute; with
 * need_attr == 0 the attribute is required and its absence fails too. */
static void check_all_attr(einv_ctx_t *ctx, const einv_xdoc_t *d, const char *local,
                           const char *attr, int need_attr, const einv_rule_t *r, list_fn f)
{
    const einv_nodelist_t *l = all_cbc(d, local);
    size_t i;
    for (i = 0; i < l->n; i++) {
        const char *v = einv_x_attr(l->v[i], attr);
        if (need_attr && !v)
            continue;
        check_value(ctx, r, l->v[i], v, f);
    }
}

static void check_all_text(einv_ctx_t *ctx, const einv_xdoc_t *d, const char *local,
                           const einv_rule_t *r, list_fn f)
{
    const einv_nodelist_t *l = all_cbc(d, local);
    size_t i;
    for (i = 0; i < l->n; i++)
        check_text(ctx, r, l->v[i], f);
}

static const char *const AMOUNTS[] = {
    "Amount", "BaseAmount", "PriceAmount", "TaxAmount", "TaxableAmount",
    "LineExtensionAmount", "TaxExclusiveAmount", "TaxInclusiveAmount",
    "AllowanceTotalAmount", "ChargeTotalAmount", "PrepaidAmount",
    "PayableRoundingAmount", "PayableAmount",
};

static const char *const QUANTITIES[] = {"InvoicedQuantity", "BaseQuantity", "CreditedQuantity"};

/* BR-CL-08 (context: the document's own cbc:Note elements): when the note holds a '#',
 * the text between the first two '#' must, if it is 3 characters long, be a UNTDID 4451
 * code. A note without a second '#' yields an empty code and passes, as in the artefact. */
static void check_note_subjects(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    xmlNodePtr n;
    for (n = einv_x_child(einv_xdoc_root(d), EINV_NS_CBC, "Note"); n; n = einv_x_next_same(n)) {
        const char *t = einv_x_text(n), *a = strchr(t, '#'), *b;
        char code[8];
        size_t len = 0;
        if (!a)
            continue;
        b = strchr(a + 1, '#');
        if (!b)
            continue;
        for (const char *p = a + 1; p < b; p++)
            if (((unsigned char)*p & 0xC0) != 0x80)
                len++;
        if (len != 3 || (size_t)(b - a - 1) >= sizeof code)
            continue;
        memcpy(code, a + 1, (size_t)(b - a - 1));
        code[b - a - 1] = 0;
        if (!einv_code_in_uncl4451(code))
            einv_report(ctx, &R_CL08, n);
    }
}

static void check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    const einv_nodelist_t *l;
    size_t i;

    if (!d)
        return;

    check_all_text(ctx, d, "InvoiceTypeCode", &R_CL01, einv_code_in_uncl1001_inv);
    check_all_text(ctx, d, "CreditNoteTypeCode", &R_CL01, einv_code_in_uncl1001_cn);
    for (i = 0; i < sizeof AMOUNTS / sizeof AMOUNTS[0]; i++)
        check_all_attr(ctx, d, AMOUNTS[i], "currencyID", 0, &R_CL03, einv_code_in_iso4217);
    check_all_text(ctx, d, "DocumentCurrencyCode", &R_CL04, einv_code_in_iso4217);
    check_all_text(ctx, d, "TaxCurrencyCode", &R_CL05, einv_code_in_iso4217);
    check_child_text(ctx, d, "DescriptionCode", "InvoicePeriod", &R_CL06, einv_code_in_uncl2005);

    check_ids(ctx, d);
    check_note_subjects(ctx, d);

    l = all_cbc(d, "CompanyID");
    for (i = 0; i < l->n; i++)
        if (parent_is(l->v[i], "PartyLegalEntity") && einv_x_attr(l->v[i], "schemeID"))
            check_attr(ctx, &R_CL11, l->v[i], "schemeID", einv_code_in_icd);

    l = all_cbc(d, "ItemClassificationCode");
    for (i = 0; i < l->n; i++)
        if (parent_is(l->v[i], "CommodityClassification") && einv_x_attr(l->v[i], "listID"))
            check_attr(ctx, &R_CL13, l->v[i], "listID", einv_code_in_uncl7143);

    l = all_cbc(d, "IdentificationCode");
    for (i = 0; i < l->n; i++) {
        if (parent_is(l->v[i], "Country"))
            check_text(ctx, &R_CL14, l->v[i], einv_code_in_iso3166);
        else if (parent_is(l->v[i], "OriginCountry"))
            check_text(ctx, &R_CL15, l->v[i], einv_code_in_iso3166);
    }

    check_child_text(ctx, d, "PaymentMeansCode", "PaymentMeans", &R_CL16, einv_code_in_uncl4461);

    l = all_cbc(d, "AllowanceChargeReasonCode");
    for (i = 0; i < l->n; i++) {
        const xmlNode *ac = l->v[i]->parent;
        if (!einv_x_is(ac, EINV_NS_CAC, "AllowanceCharge"))
            continue;
        if (charge_indicator_is(ac, 0))
            check_text(ctx, &R_CL19, l->v[i], einv_code_in_uncl5189);
        else if (charge_indicator_is(ac, 1))
            check_text(ctx, &R_CL20, l->v[i], einv_code_in_uncl7161);
    }

    l = all_cbc(d, "TaxExemptionReasonCode");
    for (i = 0; i < l->n; i++) {
        char buf[64];
        if (!einv_code_in_vatex(einv_code_token_upper(einv_x_text(l->v[i]), buf, sizeof buf)))
            einv_report(ctx, &R_CL22, l->v[i]);
    }

    for (i = 0; i < sizeof QUANTITIES / sizeof QUANTITIES[0]; i++)
        check_all_attr(ctx, d, QUANTITIES[i], "unitCode", 1, &R_CL23, einv_code_in_rec20);

    l = all_cbc(d, "EmbeddedDocumentBinaryObject");
    for (i = 0; i < l->n; i++) {
        const char *m = einv_x_attr(l->v[i], "mimeCode");
        if (m && !einv_code_in_mime(m))   /* exact comparison, no normalization */
            einv_report(ctx, &R_CL24, l->v[i]);
    }

    check_all_attr(ctx, d, "EndpointID", "schemeID", 1, &R_CL25, einv_code_in_eas);
}

const en_family_t en_ubl_codes = {
    "ubl-codes", EINV_SYNTAX_UBL, check, RULES, sizeof RULES / sizeof RULES[0],
};
