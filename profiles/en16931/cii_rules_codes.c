/* EN 16931 code-list rules (BR-CL-*) over the CII syntax tree, following the CEN CII
 * artefact v1.3.16. Contexts are relative, so matching elements anywhere are checked.
 * Within the artefact's pattern the first matching rule wins, which matters here for
 * ram:ID (BR-CL-11 before BR-CL-15), ram:GlobalID (BR-CL-10 before BR-CL-21/26) and
 * allowance/charge reason codes (BR-CL-19 before BR-CL-20). */
#include "en16931_int.h"
#include <einvoice/codelists.h>

#include <string.h>

#define S EINV_SEV_ERROR
#define L EINV_LAYER_CORE

static const einv_rule_t R_CL01 = {"BR-CL-01", S, L, "BT-3",
    "The invoice type code (BT-3) is not an allowed UNTDID 1001 invoice or credit note code.",
    "Use a document type code such as 380 (commercial invoice) or 381 (credit note)."};
static const einv_rule_t R_CL03 = {"BR-CL-03", S, L, "BT-110, BT-111",
    "The currencyID of a VAT total amount is not an ISO 4217 currency code.",
    "Write the currencyID of the tax total amount as a three-letter ISO 4217 code, e.g. EUR."};
static const einv_rule_t R_CL04 = {"BR-CL-04", S, L, "BT-5",
    "The invoice currency code (BT-5) is not an ISO 4217 currency code.",
    "Write the invoice currency as a three-letter ISO 4217 code, e.g. EUR."};
static const einv_rule_t R_CL05 = {"BR-CL-05", S, L, "BT-6",
    "The VAT accounting currency code (BT-6) is not an ISO 4217 currency code.",
    "Write the VAT accounting currency as a three-letter ISO 4217 code, e.g. EUR."};
static const einv_rule_t R_CL06 = {"BR-CL-06", S, L, "BT-8",
    "The value added tax point date code (BT-8) is not one of the allowed UNTDID 2475 codes.",
    "Use 5 (invoice date), 29 (delivery date) or 72 (paid to date) as the due date type code."};
static const einv_rule_t R_CL07 = {"BR-CL-07", S, L, "BT-18",
    "A reference type code is not a UNTDID 1153 reference qualifier.",
    "Use a UNTDID 1153 code as reference type code, e.g. AAA, or remove it."};
static const einv_rule_t R_CL08 = {"BR-CL-08", S, L, "BT-21",
    "The invoice note subject code (BT-21) is not a UNTDID 4451 code.",
    "Use a UNTDID 4451 text subject qualifier, e.g. AAI (general information), or omit the subject code."};
static const einv_rule_t R_CL10 = {"BR-CL-10", S, L, "BT-29, BT-46, BT-60",
    "A party global identifier uses a scheme that is not an ISO/IEC 6523 ICD code.",
    "Set schemeID of the global identifier to an ICD code such as 0088."};
static const einv_rule_t R_CL11 = {"BR-CL-11", S, L, "BT-30, BT-47, BT-61",
    "An identifier uses a scheme that is not an ISO/IEC 6523 ICD code.",
    "Set schemeID of the identifier to an ICD code such as 0002, or remove the attribute."};
static const einv_rule_t R_CL13 = {"BR-CL-13", S, L, "BT-158",
    "The item classification identifier uses a scheme that is not a UNTDID 7143 code.",
    "Set listID of the class code to a UNTDID 7143 code, e.g. STI or HS."};
static const einv_rule_t R_CL14 = {"BR-CL-14", S, L, "BT-40, BT-55, BT-69, BT-80",
    "A country code is not an ISO 3166-1 alpha-2 code.",
    "Write the country as a two-letter ISO 3166-1 code in upper case, e.g. DE."};
static const einv_rule_t R_CL15 = {"BR-CL-15", S, L, "BT-159",
    "The item country of origin (BT-159) is not an ISO 3166-1 alpha-2 code.",
    "Write the country of origin as a two-letter ISO 3166-1 code in upper case, e.g. CN."};
static const einv_rule_t R_CL16 = {"BR-CL-16", S, L, "BT-81",
    "The payment means type code (BT-81) is not a UNTDID 4461 code.",
    "Use a UNTDID 4461 payment means code, e.g. 30 (credit transfer) or 58 (SEPA credit transfer)."};
static const einv_rule_t R_CL17 = {"BR-CL-17", S, L, "BT-95, BT-102",
    "A VAT category code of an allowance or charge is not a UNTDID 5305 code.",
    "Use one of the VAT category codes S, Z, E, AE, K, G, O, L, M or B."};
static const einv_rule_t R_CL18 = {"BR-CL-18", S, L, "BT-118, BT-151",
    "A VAT category code is not a UNTDID 5305 code.",
    "Use one of the VAT category codes S, Z, E, AE, K, G, O, L, M or B."};
static const einv_rule_t R_CL19 = {"BR-CL-19", S, L, "BT-98, BT-140",
    "An allowance reason code is not a UNTDID 5189 code.",
    "Use a UNTDID 5189 allowance reason code, e.g. 95 (discount), or only give the reason as text."};
static const einv_rule_t R_CL20 = {"BR-CL-20", S, L, "BT-105, BT-145",
    "A charge reason code is not a UNTDID 7161 code.",
    "Use a UNTDID 7161 charge reason code, e.g. FC (freight), or only give the reason as text."};
static const einv_rule_t R_CL21 = {"BR-CL-21", S, L, "BT-157",
    "The item standard identifier uses a scheme that is not an ISO/IEC 6523 ICD code.",
    "Set schemeID of the product's global identifier to an ICD code, e.g. 0160 for GTIN."};
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
    "Set schemeID of the URI identifier to an EAS code, e.g. 0088 or 9930."};
static const einv_rule_t R_CL26 = {"BR-CL-26", S, L, "BT-71",
    "The deliver-to location identifier uses a scheme that is not an ISO/IEC 6523 ICD code.",
    "Set schemeID of the ship-to party's global identifier to an ICD code, e.g. 0088."};

#undef S
#undef L

static const einv_rule_t *const RULES[] = {
    &R_CL01, &R_CL03, &R_CL04, &R_CL05, &R_CL06, &R_CL07, &R_CL08, &R_CL10,
    &R_CL11, &R_CL13, &R_CL14, &R_CL15, &R_CL16, &R_CL17, &R_CL18, &R_CL19,
    &R_CL20, &R_CL21, &R_CL22, &R_CL23, &R_CL24, &R_CL25, &R_CL26,
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

static const einv_nodelist_t *all_ram(const einv_xdoc_t *d, const char *local)
{
    return einv_xdoc_all(d, EINV_NS_RAM, local);
}

static int parent_is(const xmlNode *n, const char *ram_local)
{
    return einv_x_is(n->parent, EINV_NS_RAM, ram_local);
}

static int has_ram_ancestor(const xmlNode *n, const char *local)
{
    const xmlNode *p;
    for (p = n->parent; p && p->type == XML_ELEMENT_NODE; p = p->parent)
        if (einv_x_is(p, EINV_NS_RAM, local))
            return 1;
    return 0;
}

/* Every element `local` (any parent): its text must be in the list. */
static void check_all_text(einv_ctx_t *ctx, const einv_xdoc_t *d, const char *local,
                           const einv_rule_t *r, list_fn f)
{
    const einv_nodelist_t *l = all_ram(d, local);
    size_t i;
    for (i = 0; i < l->n; i++)
        check_text(ctx, r, l->v[i], f);
}

/* Every element `local` carrying `attr`: the attribute must be in the list. */
static void check_all_attr(einv_ctx_t *ctx, const einv_xdoc_t *d, const char *local,
                           const char *attr, const einv_rule_t *r, list_fn f)
{
    const einv_nodelist_t *l = all_ram(d, local);
    size_t i;
    for (i = 0; i < l->n; i++) {
        const char *v = einv_x_attr(l->v[i], attr);
        if (v)
            check_value(ctx, r, l->v[i], v, f);
    }
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

/* `[ram:ChargeIndicator/udt:Indicator = want]`: existential, evaluated in document order;
 * a non-boolean indicator met before a match is a dynamic error, i.e. no match. */
static int charge_indicator_is(const xmlNode *ac, int want)
{
    const xmlNode *ci, *ind;
    for (ci = einv_x_child(ac, EINV_NS_RAM, "ChargeIndicator"); ci; ci = einv_x_next_same(ci))
        for (ind = einv_x_child(ci, EINV_NS_UDT, "Indicator"); ind; ind = einv_x_next_same(ind)) {
            int b = xs_boolean(einv_x_text(ind));
            if (b < 0)
                return 0;
            if (b == want)
                return 1;
        }
    return 0;
}

static void check_type_codes(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = all_ram(d, "TypeCode");
    size_t i;
    for (i = 0; i < l->n; i++) {
        const xmlNode *n = l->v[i];
        if (einv_x_is(n->parent, EINV_NS_RSM, "ExchangedDocument"))
            check_text(ctx, &R_CL01, n, einv_code_in_uncl1001);
        else if (parent_is(n, "SpecifiedTradeSettlementPaymentMeans"))
            check_text(ctx, &R_CL16, n, einv_code_in_uncl4461);
    }
}

/* ram:GlobalID[@schemeID]: BR-CL-10 unless inside a product or ship-to party, then the
 * product (BR-CL-21) or delivery ship-to (BR-CL-26) rule. */
static void check_global_ids(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = all_ram(d, "GlobalID");
    size_t i;
    for (i = 0; i < l->n; i++) {
        const xmlNode *n = l->v[i];
        const char *v = einv_x_attr(n, "schemeID");
        if (!v)
            continue;
        if (!has_ram_ancestor(n, "SpecifiedTradeProduct") &&
            !has_ram_ancestor(n, "ShipToTradeParty"))
            check_value(ctx, &R_CL10, n, v, einv_code_in_icd);
        else if (parent_is(n, "SpecifiedTradeProduct"))
            check_value(ctx, &R_CL21, n, v, einv_code_in_icd);
        else if (parent_is(n, "ShipToTradeParty") &&
                 einv_x_is(n->parent->parent, EINV_NS_RAM, "ApplicableHeaderTradeDelivery"))
            check_value(ctx, &R_CL26, n, v, einv_code_in_icd);
    }
}

/* ram:ID: with a scheme outside a tax registration BR-CL-11, else the origin country
 * identifier (BR-CL-15). */
static void check_ram_ids(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = all_ram(d, "ID");
    size_t i;
    for (i = 0; i < l->n; i++) {
        const xmlNode *n = l->v[i];
        const char *v = einv_x_attr(n, "schemeID");
        if (v && !has_ram_ancestor(n, "SpecifiedTaxRegistration"))
            check_value(ctx, &R_CL11, n, v, einv_code_in_icd);
        else if (parent_is(n, "OriginTradeCountry"))
            check_text(ctx, &R_CL15, n, einv_code_in_iso3166_cii);
    }
}

static void check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    const einv_nodelist_t *l;
    size_t i;

    if (!d)
        return;

    check_type_codes(ctx, d);
    check_all_attr(ctx, d, "TaxTotalAmount", "currencyID", &R_CL03, einv_code_in_iso4217);
    check_all_text(ctx, d, "InvoiceCurrencyCode", &R_CL04, einv_code_in_iso4217);
    check_all_text(ctx, d, "TaxCurrencyCode", &R_CL05, einv_code_in_iso4217);
    check_all_text(ctx, d, "DueDateTypeCode", &R_CL06, einv_code_in_uncl2475);
    check_all_text(ctx, d, "ReferenceTypeCode", &R_CL07, einv_code_in_uncl1153);
    check_all_text(ctx, d, "SubjectCode", &R_CL08, einv_code_in_uncl4451);
    check_global_ids(ctx, d);
    check_ram_ids(ctx, d);
    check_all_attr(ctx, d, "ClassCode", "listID", &R_CL13, einv_code_in_uncl7143);
    check_all_text(ctx, d, "CountryID", &R_CL14, einv_code_in_iso3166_cii);

    l = all_ram(d, "CategoryCode");
    for (i = 0; i < l->n; i++) {
        if (parent_is(l->v[i], "CategoryTradeTax"))
            check_text(ctx, &R_CL17, l->v[i], einv_code_in_uncl5305);
        else if (parent_is(l->v[i], "ApplicableTradeTax"))
            check_text(ctx, &R_CL18, l->v[i], einv_code_in_uncl5305);
    }

    l = all_ram(d, "ReasonCode");
    for (i = 0; i < l->n; i++) {
        const xmlNode *ac = l->v[i]->parent;
        if (!einv_x_is(ac, EINV_NS_RAM, "SpecifiedTradeAllowanceCharge"))
            continue;
        if (charge_indicator_is(ac, 0))
            check_text(ctx, &R_CL19, l->v[i], einv_code_in_uncl5189);
        else if (charge_indicator_is(ac, 1))
            check_text(ctx, &R_CL20, l->v[i], einv_code_in_uncl7161);
    }

    l = all_ram(d, "ExemptionReasonCode");
    for (i = 0; i < l->n; i++) {
        char buf[64];
        if (!einv_code_in_vatex(einv_code_token_upper(einv_x_text(l->v[i]), buf, sizeof buf)))
            einv_report(ctx, &R_CL22, l->v[i]);
    }

    check_all_attr(ctx, d, "BasisQuantity", "unitCode", &R_CL23, einv_code_in_rec20);
    check_all_attr(ctx, d, "BilledQuantity", "unitCode", &R_CL23, einv_code_in_rec20);

    l = all_ram(d, "AttachmentBinaryObject");
    for (i = 0; i < l->n; i++) {
        const char *m = einv_x_attr(l->v[i], "mimeCode");
        if (m && !einv_code_in_mime(m))   /* exact comparison, no normalization */
            einv_report(ctx, &R_CL24, l->v[i]);
    }

    l = all_ram(d, "URIID");
    for (i = 0; i < l->n; i++) {
        const char *v = einv_x_attr(l->v[i], "schemeID");
        if (v && parent_is(l->v[i], "URIUniversalCommunication"))
            check_value(ctx, &R_CL25, l->v[i], v, einv_code_in_eas);
    }
}

const en_family_t en_cii_codes = {
    "cii-codes", EINV_SYNTAX_CII, check, RULES, sizeof RULES / sizeof RULES[0],
};
