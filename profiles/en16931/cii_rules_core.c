/* EN 16931 core business rules for UN/CEFACT CII D16B: the BR-nn, BR-CO, BR-DEC and BR-B
 * asserts of the CEN "EN16931-CII-Model" Schematron pattern (the VAT category families are
 * in cii_rules_vat.c, code lists in cii_rules_codes.c).
 *
 * Each rule context of the pattern is evaluated over the syntax tree with the pattern's
 * first-matching-rule semantics (an element is handed to one rule only) and with the exact
 * paths of the artefact, so fragments and odd documents get the official verdicts. The
 * amount rules (totals, VAT breakdown, allowance sums) are in cii_rules_totals.c. */
#include <string.h>
#include "cii_rules_util.h"
#include "cii_rules_core_int.h"

/* ---- rule metadata (our own words) ---- */
#define R(var, id, terms, msg, sug) \
    static const einv_rule_t var = {id, EINV_SEV_ERROR, EINV_LAYER_CORE, terms, msg, sug};

R(R_BR_01, "BR-01", "BT-24", "The specification identifier (BT-24) is missing.",
  "Fill rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID.")
R(R_BR_02, "BR-02", "BT-1", "The invoice number (BT-1) is missing.",
  "Fill rsm:ExchangedDocument/ram:ID with the invoice number.")
R(R_BR_03, "BR-03", "BT-2", "The invoice issue date (BT-2) is missing.",
  "Add rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString with format=\"102\" (YYYYMMDD).")
R(R_BR_04, "BR-04", "BT-3", "The invoice type code (BT-3) is missing.",
  "Fill rsm:ExchangedDocument/ram:TypeCode, e.g. 380 for an invoice or 381 for a credit note.")
R(R_BR_05, "BR-05", "BT-5", "The invoice currency code (BT-5) is missing.",
  "Fill ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode with an ISO 4217 code.")
R(R_BR_06, "BR-06", "BT-27", "The seller name (BT-27) is missing.",
  "Fill ram:SellerTradeParty/ram:Name.")
R(R_BR_07, "BR-07", "BT-44", "The buyer name (BT-44) is missing.",
  "Fill ram:BuyerTradeParty/ram:Name.")
R(R_BR_08, "BR-08", "BG-5", "The seller postal address (BG-5) is missing.",
  "Add ram:PostalTradeAddress to ram:SellerTradeParty.")
R(R_BR_09, "BR-09", "BT-40", "The seller postal address has no country code (BT-40).",
  "Fill ram:SellerTradeParty/ram:PostalTradeAddress/ram:CountryID (ISO 3166-1 alpha-2).")
R(R_BR_10, "BR-10", "BG-8", "The buyer postal address (BG-8) is missing.",
  "Add ram:PostalTradeAddress to ram:BuyerTradeParty.")
R(R_BR_11, "BR-11", "BT-55", "The buyer postal address has no country code (BT-55).",
  "Fill ram:BuyerTradeParty/ram:PostalTradeAddress/ram:CountryID (ISO 3166-1 alpha-2).")
R(R_BR_16, "BR-16", "BG-25", "The invoice has no invoice line (BG-25).",
  "Add at least one ram:IncludedSupplyChainTradeLineItem.")
R(R_BR_17, "BR-17", "BT-59, BG-10",
  "The payee (BG-10) has no name (BT-59) or is not distinct from the seller.",
  "Give ram:PayeeTradeParty its own ram:Name and identifiers, or drop it when the seller is paid.")
R(R_BR_18, "BR-18", "BT-62", "The seller tax representative name (BT-62) is missing.",
  "Fill ram:SellerTaxRepresentativeTradeParty/ram:Name.")
R(R_BR_19, "BR-19", "BG-12", "The seller tax representative postal address (BG-12) is missing.",
  "Add ram:PostalTradeAddress to ram:SellerTaxRepresentativeTradeParty.")
R(R_BR_20, "BR-20", "BT-69", "The tax representative address has no country code (BT-69).",
  "Fill ram:SellerTaxRepresentativeTradeParty/ram:PostalTradeAddress/ram:CountryID.")
R(R_BR_21, "BR-21", "BT-126", "An invoice line has no line identifier (BT-126).",
  "Fill ram:AssociatedDocumentLineDocument/ram:LineID on every line.")
R(R_BR_22, "BR-22", "BT-129", "An invoice line has no invoiced quantity (BT-129).",
  "Add ram:SpecifiedLineTradeDelivery/ram:BilledQuantity to the line.")
R(R_BR_23, "BR-23", "BT-130", "The invoiced quantity has no unit of measure (BT-130).",
  "Add a unitCode attribute (UN/ECE Rec 20, e.g. C62) to ram:BilledQuantity.")
R(R_BR_24, "BR-24", "BT-131", "An invoice line has no line net amount (BT-131).",
  "Add ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount to the line.")
R(R_BR_25, "BR-25", "BT-153", "An invoice line has no item name (BT-153).",
  "Fill ram:SpecifiedTradeProduct/ram:Name on the line.")
R(R_BR_26, "BR-26", "BT-146", "An invoice line has no item net price (BT-146).",
  "Add ram:NetPriceProductTradePrice/ram:ChargeAmount to ram:SpecifiedLineTradeAgreement.")
R(R_BR_27, "BR-27", "BT-146", "The item net price (BT-146) is negative or not a number.",
  "Use a net price of zero or more; express reductions as allowances.")
R(R_BR_28, "BR-28", "BT-148", "The item gross price (BT-148) is negative.",
  "Use a ram:GrossPriceProductTradePrice/ram:ChargeAmount of zero or more.")
R(R_BR_29, "BR-29", "BT-73, BT-74", "The invoicing period ends (BT-74) before it starts (BT-73).",
  "Make the period's ram:EndDateTime the same as or later than its ram:StartDateTime.")
R(R_BR_30, "BR-30", "BT-134, BT-135",
  "The invoice line period ends (BT-135) before it starts (BT-134).",
  "Make the line period's ram:EndDateTime the same as or later than its ram:StartDateTime.")
R(R_BR_31, "BR-31", "BT-92", "A document level allowance has no amount (BT-92).",
  "Add ram:ActualAmount to the allowance.")
R(R_BR_32, "BR-32", "BT-95", "A document level allowance has no VAT category code (BT-95).",
  "Add ram:CategoryTradeTax with ram:TypeCode VAT and a ram:CategoryCode to the allowance.")
R(R_BR_33, "BR-33", "BT-97, BT-98", "A document level allowance gives no reason (BT-97/BT-98).",
  "Add ram:Reason or ram:ReasonCode to the allowance.")
R(R_BR_36, "BR-36", "BT-99", "A document level charge has no amount (BT-99).",
  "Add ram:ActualAmount to the charge.")
R(R_BR_37, "BR-37", "BT-102", "A document level charge has no VAT category code (BT-102).",
  "Add ram:CategoryTradeTax with ram:TypeCode VAT and a ram:CategoryCode to the charge.")
R(R_BR_38, "BR-38", "BT-104, BT-105", "A document level charge gives no reason (BT-104/BT-105).",
  "Add ram:Reason or ram:ReasonCode to the charge.")
R(R_BR_41, "BR-41", "BT-136", "An invoice line allowance has no amount (BT-136).",
  "Add ram:ActualAmount to the line allowance.")
R(R_BR_42, "BR-42", "BT-139, BT-140", "An invoice line allowance gives no reason (BT-139/BT-140).",
  "Add ram:Reason or ram:ReasonCode to the line allowance.")
R(R_BR_43, "BR-43", "BT-141", "An invoice line charge has no amount (BT-141).",
  "Add ram:ActualAmount to the line charge.")
R(R_BR_44, "BR-44", "BT-144, BT-145", "An invoice line charge gives no reason (BT-144/BT-145).",
  "Add ram:Reason or ram:ReasonCode to the line charge.")
R(R_BR_49, "BR-49", "BT-81", "A payment instruction has no payment means type code (BT-81).",
  "Add ram:TypeCode (UNTDID 4461) to ram:SpecifiedTradeSettlementPaymentMeans.")
R(R_BR_50, "BR-50", "BT-84", "A credit transfer has no payment account identifier (BT-84).",
  "Fill ram:IBANID or ram:ProprietaryID in ram:PayeePartyCreditorFinancialAccount.")
R(R_BR_51, "BR-51", "BT-87", "The payment card number (BT-87) shows more than 10 characters.",
  "Show at most the first 6 and last 4 digits of the card number.")
R(R_BR_52, "BR-52", "BT-122", "A supporting document (BG-24) has no reference (BT-122).",
  "Fill ram:IssuerAssignedID of every ram:AdditionalReferencedDocument.")
R(R_BR_54, "BR-54", "BT-160, BT-161", "An item attribute lacks its name (BT-160) or value (BT-161).",
  "Give every ram:ApplicableProductCharacteristic a ram:Description and a ram:Value.")
R(R_BR_55, "BR-55", "BT-25", "A preceding invoice reference (BG-3) has no invoice number (BT-25).",
  "Fill ram:InvoiceReferencedDocument/ram:IssuerAssignedID.")
R(R_BR_56, "BR-56", "BT-63", "The seller tax representative has no VAT identifier (BT-63).",
  "Add ram:SpecifiedTaxRegistration/ram:ID with schemeID=\"VA\" to the tax representative.")
R(R_BR_57, "BR-57", "BT-80", "The deliver-to address (BG-15) has no country code (BT-80).",
  "Fill ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID.")
R(R_BR_61, "BR-61", "BT-84", "A credit transfer payment has no payment account identifier (BT-84).",
  "For payment means 30 or 58 add ram:IBANID or ram:ProprietaryID.")
R(R_BR_62, "BR-62", "BT-34", "The seller electronic address (BT-34) has no scheme identifier.",
  "Add a schemeID attribute to the seller's ram:URIUniversalCommunication/ram:URIID.")
R(R_BR_63, "BR-63", "BT-49", "The buyer electronic address (BT-49) has no scheme identifier.",
  "Add a schemeID attribute to the buyer's ram:URIUniversalCommunication/ram:URIID.")
R(R_BR_64, "BR-64", "BT-157", "The item standard identifier (BT-157) has no scheme identifier.",
  "Add a schemeID attribute to ram:SpecifiedTradeProduct/ram:GlobalID.")
R(R_BR_65, "BR-65", "BT-158", "The item classification identifier (BT-158) has no scheme identifier.",
  "Add a listID attribute to ram:DesignatedProductClassification/ram:ClassCode.")
R(R_BR_CO_04, "BR-CO-04", "BT-151", "An invoice line has no VAT category code (BT-151).",
  "Add ram:ApplicableTradeTax with ram:TypeCode VAT and a ram:CategoryCode to the line settlement.")
R(R_BR_CO_05, "BR-CO-05", "BT-97, BT-98",
  "The allowance reason code (BT-98) and reason text (BT-97) disagree.",
  "Use a reason text that matches the allowance reason code.")
R(R_BR_CO_06, "BR-CO-06", "BT-104, BT-105",
  "The charge reason code (BT-105) and reason text (BT-104) disagree.",
  "Use a reason text that matches the charge reason code.")
R(R_BR_CO_07, "BR-CO-07", "BT-139, BT-140",
  "The line allowance reason code (BT-140) and reason text (BT-139) disagree.",
  "Use a reason text that matches the line allowance reason code.")
R(R_BR_CO_08, "BR-CO-08", "BT-144, BT-145",
  "The line charge reason code (BT-145) and reason text (BT-144) disagree.",
  "Use a reason text that matches the line charge reason code.")
R(R_BR_CO_09, "BR-CO-09", "BT-31, BT-48, BT-63",
  "A VAT identifier does not start with an ISO 3166-1 alpha-2 country prefix.",
  "Prefix the VAT number with its country code (e.g. DE123456789; Greece may use EL).")
R(R_BR_CO_18, "BR-CO-18", "BG-23", "The invoice has no VAT breakdown (BG-23).",
  "Add at least one ram:ApplicableTradeTax to ram:ApplicableHeaderTradeSettlement.")
R(R_BR_CO_19, "BR-CO-19", "BG-14, BT-73, BT-74",
  "The invoicing period (BG-14) has neither start date (BT-73) nor end date (BT-74).",
  "Add ram:StartDateTime and/or ram:EndDateTime, or drop the empty period.")
R(R_BR_CO_20, "BR-CO-20", "BG-26, BT-134, BT-135",
  "An invoice line period (BG-26) has neither start date (BT-134) nor end date (BT-135).",
  "Add ram:StartDateTime and/or ram:EndDateTime, or drop the empty line period.")
R(R_BR_CO_21, "BR-CO-21", "BT-97, BT-98",
  "A document level allowance has neither reason (BT-97) nor reason code (BT-98).",
  "Add ram:Reason and/or ram:ReasonCode to the allowance.")
R(R_BR_CO_22, "BR-CO-22", "BT-104, BT-105",
  "A document level charge has neither reason (BT-104) nor reason code (BT-105).",
  "Add ram:Reason and/or ram:ReasonCode to the charge.")
R(R_BR_CO_23, "BR-CO-23", "BT-139, BT-140",
  "An invoice line allowance has neither reason (BT-139) nor reason code (BT-140).",
  "Add ram:Reason and/or ram:ReasonCode to the line allowance.")
R(R_BR_CO_24, "BR-CO-24", "BT-144, BT-145",
  "An invoice line charge has neither reason (BT-144) nor reason code (BT-145).",
  "Add ram:Reason and/or ram:ReasonCode to the line charge.")
R(R_BR_CO_26, "BR-CO-26", "BT-29, BT-30, BT-31",
  "The seller has no identifier, legal registration identifier or VAT identifier.",
  "Give ram:SellerTradeParty a ram:ID, ram:GlobalID, ram:SpecifiedLegalOrganization/ram:ID or "
  "a VAT ram:SpecifiedTaxRegistration/ram:ID (schemeID VA).")
R(R_BR_DEC_01, "BR-DEC-01", "BT-92", "The document level allowance amount (BT-92) has more than 2 decimals.",
  "Round the allowance ram:ActualAmount to 2 decimals.")
R(R_BR_DEC_02, "BR-DEC-02", "BT-93", "The document level allowance base amount (BT-93) has more than 2 decimals.",
  "Round the allowance ram:BasisAmount to 2 decimals.")
R(R_BR_DEC_05, "BR-DEC-05", "BT-99", "The document level charge amount (BT-99) has more than 2 decimals.",
  "Round the charge ram:ActualAmount to 2 decimals.")
R(R_BR_DEC_06, "BR-DEC-06", "BT-100", "The document level charge base amount (BT-100) has more than 2 decimals.",
  "Round the charge ram:BasisAmount to 2 decimals.")
R(R_BR_DEC_23, "BR-DEC-23", "BT-131", "An invoice line net amount (BT-131) has more than 2 decimals.",
  "Round the line ram:LineTotalAmount to 2 decimals.")
R(R_BR_DEC_24, "BR-DEC-24", "BT-136", "An invoice line allowance amount (BT-136) has more than 2 decimals.",
  "Round the line allowance ram:ActualAmount to 2 decimals.")
R(R_BR_DEC_25, "BR-DEC-25", "BT-137", "An invoice line allowance base amount (BT-137) has more than 2 decimals.",
  "Round the line allowance ram:BasisAmount to 2 decimals.")
R(R_BR_DEC_27, "BR-DEC-27", "BT-141", "An invoice line charge amount (BT-141) has more than 2 decimals.",
  "Round the line charge ram:ActualAmount to 2 decimals.")
R(R_BR_DEC_28, "BR-DEC-28", "BT-142", "An invoice line charge base amount (BT-142) has more than 2 decimals.",
  "Round the line charge ram:BasisAmount to 2 decimals.")
R(R_BR_B_01, "BR-B-01", "BT-118, BT-40",
  "Split payment (VAT category B) is used outside a purely Italian invoice.",
  "Use category B only when every country code in the invoice is IT.")
R(R_BR_B_02, "BR-B-02", "BT-118",
  "Split payment (VAT category B) is mixed with standard rated (S) VAT.",
  "Do not combine categories B and S in one invoice.")

static const char *const VA[] = {"VA", NULL};

#define AGR "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/"
#define STL "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/"

/* ---- helpers ---- */

static int str_nonblank(const char *s)
{
    for (; s && *s; s++)
        if (!cii_ws(*s))
            return 1;
    return 0;
}

/* The first `name` attribute on the nodes of ram:a (or ram:a/ram:b) under from, in document
 * order, or NULL: normalize-space(a/b/@name) reads the first item. */
static const char *first_attr(const xmlNode *from, const char *a, const char *b, const char *name)
{
    for (xmlNodePtr x = cii_c(from, a); x; x = einv_x_next_same(x)) {
        if (!b) {
            const char *v = einv_x_attr(x, name);
            if (v)
                return v;
            continue;
        }
        for (xmlNodePtr y = cii_c(x, b); y; y = einv_x_next_same(y)) {
            const char *v = einv_x_attr(y, name);
            if (v)
                return v;
        }
    }
    return NULL;
}

/* Collect ram:a (or ram:a/ram:b) under p. */
static void collect(const xmlNode *p, const char *a, const char *b, einv_nodes_t *out)
{
    for (xmlNodePtr x = cii_c(p, a); x; x = einv_x_next_same(x)) {
        if (!b)
            einv_nodes_push(out, x);
        else
            for (xmlNodePtr y = cii_c(x, b); y; y = einv_x_next_same(y))
                einv_nodes_push(out, y);
    }
}

/* BR-17: some payee value a[/b] equals (as text) some value of
 * ../../ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/a[/b], tx being ../.. */
static int same_as_seller(const xmlNode *payee, const xmlNode *tx, const char *a, const char *b)
{
    einv_nodes_t x, y;
    int hit = 0;
    einv_nodes_init(&x);
    einv_nodes_init(&y);
    collect(payee, a, b, &x);
    if (x.n)
        for (xmlNodePtr agr = cii_c(tx, "ApplicableHeaderTradeAgreement"); agr; agr = einv_x_next_same(agr))
            for (xmlNodePtr s = cii_c(agr, "SellerTradeParty"); s; s = einv_x_next_same(s))
                collect(s, a, b, &y);
    for (size_t i = 0; i < x.n && !hit; i++)
        for (size_t j = 0; j < y.n && !hit; j++)
            hit = strcmp(einv_x_text(x.v[i]), einv_x_text(y.v[j])) == 0;
    einv_nodes_free(&x);
    einv_nodes_free(&y);
    return hit;
}

/* ---- document-level allowances and charges ---- */

static void check_charge_indicators(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, EINV_NS_RAM, "ChargeIndicator");
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr ci = l->v[i], ac = cii_up(ci), where = cii_up(ac);
        if (!einv_x_is(ac, EINV_NS_RAM, "SpecifiedTradeAllowanceCharge"))
            continue;
        int reason = cii_c(ac, "Reason") || cii_c(ac, "ReasonCode");
        int amount = cii_c(ac, "ActualAmount") != NULL;
        if (einv_x_is(where, EINV_NS_RAM, "ApplicableHeaderTradeSettlement")) {
            int allowance = cii_ci_str(ci, "false");
            if (!allowance && !cii_ci_str(ci, "true"))
                continue;
            int vatcat = 0;
            for (xmlNodePtr t = cii_c(ac, "CategoryTradeTax"); t && !vatcat; t = einv_x_next_same(t))
                vatcat = cii_is_vat(t, 0) && cii_c(t, "CategoryCode");
            if (!amount)
                einv_report(ctx, allowance ? &R_BR_31 : &R_BR_36, ci);
            if (!vatcat)
                einv_report(ctx, allowance ? &R_BR_32 : &R_BR_37, ci);
            if (!reason) {
                einv_report(ctx, allowance ? &R_BR_33 : &R_BR_38, ci);
                einv_report(ctx, allowance ? &R_BR_CO_21 : &R_BR_CO_22, ci);
            }
            if (!cii_dec2(ac, "ActualAmount"))
                einv_report(ctx, allowance ? &R_BR_DEC_01 : &R_BR_DEC_05, ci);
            if (!cii_dec2(ac, "BasisAmount"))
                einv_report(ctx, allowance ? &R_BR_DEC_02 : &R_BR_DEC_06, ci);
        } else if (einv_x_is(where, EINV_NS_RAM, "SpecifiedLineTradeSettlement")) {
            int allowance = cii_ci_str(ci, "false");
            if (!allowance && !cii_ci_str(ci, "true"))
                continue;
            if (!amount)
                einv_report(ctx, allowance ? &R_BR_41 : &R_BR_43, ci);
            if (!reason) {
                einv_report(ctx, allowance ? &R_BR_42 : &R_BR_44, ci);
                einv_report(ctx, allowance ? &R_BR_CO_23 : &R_BR_CO_24, ci);
            }
            if (!cii_dec2(ac, "ActualAmount"))
                einv_report(ctx, allowance ? &R_BR_DEC_24 : &R_BR_DEC_27, ci);
            if (!cii_dec2(ac, "BasisAmount"))
                einv_report(ctx, allowance ? &R_BR_DEC_25 : &R_BR_DEC_28, ci);
        }
    }
}

/* ---- the invoice root ---- */

static void check_root(einv_ctx_t *ctx, const einv_xdoc_t *d, xmlNodePtr root)
{
    if (!einv_x_nonblank(cii_abs_first(d, "rsm:ExchangedDocumentContext/"
                                          "ram:GuidelineSpecifiedDocumentContextParameter/ram:ID")))
        einv_report(ctx, &R_BR_01, root);
    if (!einv_x_nonblank(cii_abs_first(d, "rsm:ExchangedDocument/ram:ID")))
        einv_report(ctx, &R_BR_02, root);
    {   /* udt:DateTimeString[@format='102']: the first one with that format */
        einv_nodes_t s;
        xmlNodePtr first = NULL;
        einv_nodes_init(&s);
        cii_abs(d, "rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString", &s);
        for (size_t i = 0; i < s.n && !first; i++) {
            const char *f = einv_x_attr(s.v[i], "format");
            if (f && strcmp(f, "102") == 0)
                first = s.v[i];
        }
        einv_nodes_free(&s);
        if (!einv_x_nonblank(first))
            einv_report(ctx, &R_BR_03, root);
    }
    if (!einv_x_nonblank(cii_abs_first(d, "rsm:ExchangedDocument/ram:TypeCode")))
        einv_report(ctx, &R_BR_04, root);
    if (!einv_x_nonblank(cii_abs_first(d, STL "ram:InvoiceCurrencyCode")))
        einv_report(ctx, &R_BR_05, root);

    static const struct { const char *path; const einv_rule_t *rule; int text; } PARTY[] = {
        {AGR "ram:SellerTradeParty/ram:Name", &R_BR_06, 1},
        {AGR "ram:BuyerTradeParty/ram:Name", &R_BR_07, 1},
        {AGR "ram:SellerTradeParty/ram:PostalTradeAddress", &R_BR_08, 0},
        {AGR "ram:SellerTradeParty/ram:PostalTradeAddress/ram:CountryID", &R_BR_09, 1},
        {AGR "ram:BuyerTradeParty/ram:PostalTradeAddress", &R_BR_10, 0},
        {AGR "ram:BuyerTradeParty/ram:PostalTradeAddress/ram:CountryID", &R_BR_11, 1},
    };
    for (size_t i = 0; i < sizeof PARTY / sizeof PARTY[0]; i++) {
        xmlNodePtr n = cii_abs_first(d, PARTY[i].path);
        if (PARTY[i].text ? !einv_x_nonblank(n) : !n)
            einv_report(ctx, PARTY[i].rule, root);
    }
    if (einv_xdoc_all(d, EINV_NS_RAM, "IncludedSupplyChainTradeLineItem")->n == 0)
        einv_report(ctx, &R_BR_16, root);

    /* BR-62/63: the first URIUniversalCommunication of each party, its URIID/@schemeID */
    static const struct { const char *party; const einv_rule_t *rule; } URI[] = {
        {AGR "ram:SellerTradeParty", &R_BR_62},
        {AGR "ram:BuyerTradeParty", &R_BR_63},
    };
    for (size_t k = 0; k < 2; k++) {
        einv_nodes_t s;
        int any_uri = 0;
        const char *scheme = NULL;
        einv_nodes_init(&s);
        cii_abs(d, URI[k].party, &s);
        for (size_t i = 0; i < s.n; i++) {
            xmlNodePtr u = cii_c(s.v[i], "URIUniversalCommunication");
            if (!u)
                continue;
            any_uri = 1;
            for (xmlNodePtr id = cii_c(u, "URIID"); id && !scheme; id = einv_x_next_same(id))
                scheme = einv_x_attr(id, "schemeID");
        }
        einv_nodes_free(&s);
        if (any_uri && !str_nonblank(scheme))
            einv_report(ctx, URI[k].rule, root);
    }

    /* BR-B-01/02 over every ram:CountryID / ram:CategoryCode of the document */
    const einv_nodelist_t *cats = einv_xdoc_all(d, EINV_NS_RAM, "CategoryCode");
    const einv_nodelist_t *ctry = einv_xdoc_all(d, EINV_NS_RAM, "CountryID");
    int has_b = 0, has_s = 0, non_it = 0;
    for (size_t i = 0; i < cats->n; i++) {
        const char *s = einv_x_text(cats->v[i]);
        has_b |= strcmp(s, "B") == 0;
        has_s |= strcmp(s, "S") == 0;
    }
    for (size_t i = 0; i < ctry->n && !non_it; i++)
        non_it = strcmp(einv_x_text(ctry->v[i]), "IT") != 0;
    if (has_b && non_it)
        einv_report(ctx, &R_BR_B_01, root);
    if (has_b && has_s)
        einv_report(ctx, &R_BR_B_02, root);
}

/* ---- invoice lines ---- */

static void check_lines(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, EINV_NS_RAM, "IncludedSupplyChainTradeLineItem");
    if (!l->n)
        return;
    /* //rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax */
    int breakdown = 0;
    const einv_nodelist_t *att = einv_xdoc_all(d, EINV_NS_RAM, "ApplicableTradeTax");
    for (size_t i = 0; i < att->n && !breakdown; i++) {
        xmlNodePtr hs = cii_up(att->v[i]);
        breakdown = einv_x_is(hs, EINV_NS_RAM, "ApplicableHeaderTradeSettlement") &&
                    cii_parent_is(hs, EINV_NS_RSM, "SupplyChainTradeTransaction");
    }
    einv_dec_t zero = einv_dec_from_int(0);
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr li = l->v[i], x, y;
        if (!einv_x_nonblank(cii_c2(li, "AssociatedDocumentLineDocument", "LineID")))
            einv_report(ctx, &R_BR_21, li);
        int qty = 0, unit = 0;
        for (x = cii_c(li, "SpecifiedLineTradeDelivery"); x; x = einv_x_next_same(x))
            for (y = cii_c(x, "BilledQuantity"); y; y = einv_x_next_same(y)) {
                qty = 1;
                unit |= einv_x_attr_node(y, "unitCode") != NULL;
            }
        if (!qty)
            einv_report(ctx, &R_BR_22, li);
        if (!unit)
            einv_report(ctx, &R_BR_23, li);

        xmlNodePtr lta = cii_c3(li, "SpecifiedLineTradeSettlement",
                                "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount");
        if (!lta)
            einv_report(ctx, &R_BR_24, li);
        if (!einv_x_nonblank(cii_c2(li, "SpecifiedTradeProduct", "Name")))
            einv_report(ctx, &R_BR_25, li);

        /* net price: present (BR-26) and some value >= 0 (BR-27); gross price >= 0 (BR-28) */
        int net = 0, net_ok = 0, gross = 0, gross_ok = 0, c = 0;
        for (x = cii_c(li, "SpecifiedLineTradeAgreement"); x; x = einv_x_next_same(x)) {
            for (y = cii_c(x, "NetPriceProductTradePrice"); y; y = einv_x_next_same(y))
                for (xmlNodePtr a = cii_c(y, "ChargeAmount"); a; a = einv_x_next_same(a)) {
                    net = 1;
                    net_ok |= cii_untyped_cmp(a, zero, 0, &c) && c >= 0;
                }
            for (y = cii_c(x, "GrossPriceProductTradePrice"); y; y = einv_x_next_same(y))
                for (xmlNodePtr a = cii_c(y, "ChargeAmount"); a; a = einv_x_next_same(a)) {
                    gross = 1;
                    gross_ok |= cii_untyped_cmp(a, zero, 0, &c) && c >= 0;
                }
        }
        if (!net)
            einv_report(ctx, &R_BR_26, li);
        if (!net_ok)
            einv_report(ctx, &R_BR_27, li);
        if (gross && !gross_ok)
            einv_report(ctx, &R_BR_28, li);

        if (cii_c2(li, "SpecifiedTradeProduct", "GlobalID") &&
            !str_nonblank(first_attr(li, "SpecifiedTradeProduct", "GlobalID", "schemeID")))
            einv_report(ctx, &R_BR_64, li);

        int vatcat = 0;
        for (x = cii_c(li, "SpecifiedLineTradeSettlement"); x && !vatcat; x = einv_x_next_same(x))
            for (y = cii_c(x, "ApplicableTradeTax"); y && !vatcat; y = einv_x_next_same(y))
                vatcat = cii_is_vat(y, 0) && cii_c(y, "CategoryCode");
        if (!vatcat)
            einv_report(ctx, &R_BR_CO_04, li);
        if (!breakdown)
            einv_report(ctx, &R_BR_CO_18, li);
        if (einv_x_fraction_digits(lta) > 2)
            einv_report(ctx, &R_BR_DEC_23, li);
    }
}

/* ---- periods, parties, payment, references ---- */

/* (End/udt:DateTimeString[@format='102']) >= (Start/...): untyped on both sides, so the
 * comparison is on strings, existential over both sides. */
static int period_ordered(const xmlNode *p)
{
    xmlNodePtr e = cii_c(p, "EndDateTime"), s = cii_c(p, "StartDateTime");
    if (!e || !s)
        return 1;
    for (xmlNodePtr ee = e; ee; ee = einv_x_next_same(ee))
        for (xmlNodePtr a = einv_x_child(ee, EINV_NS_UDT, "DateTimeString"); a; a = einv_x_next_same(a)) {
            const char *fa = einv_x_attr(a, "format");
            if (!fa || strcmp(fa, "102") != 0)
                continue;
            for (xmlNodePtr ss = s; ss; ss = einv_x_next_same(ss))
                for (xmlNodePtr b = einv_x_child(ss, EINV_NS_UDT, "DateTimeString"); b;
                     b = einv_x_next_same(b)) {
                    const char *fb = einv_x_attr(b, "format");
                    if (fb && strcmp(fb, "102") == 0 && strcmp(einv_x_text(a), einv_x_text(b)) >= 0)
                        return 1;
                }
        }
    return 0;
}

static void check_periods(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, EINV_NS_RAM, "BillingSpecifiedPeriod");
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr p = l->v[i];
        int line = cii_parent_is(p, EINV_NS_RAM, "SpecifiedLineTradeSettlement");
        if (!line && !cii_parent_is(p, EINV_NS_RAM, "ApplicableHeaderTradeSettlement"))
            continue;
        if (!period_ordered(p))
            einv_report(ctx, line ? &R_BR_30 : &R_BR_29, p);
        if (!cii_c(p, "StartDateTime") && !cii_c(p, "EndDateTime"))
            einv_report(ctx, line ? &R_BR_CO_20 : &R_BR_CO_19, p);
    }
}

/* First character count of normalize-space(X) above 10 (card number, BR-51). */
static int longer_than_10(const xmlNode *n)
{
    char buf[64];
    size_t k = 0;
    for (const char *s = einv_x_norm(n, buf, sizeof buf); *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            k++;
    return k > 10;
}

static void check_misc(einv_ctx_t *ctx, const einv_xdoc_t *d, xmlNodePtr root)
{
    const einv_nodelist_t *l;
    size_t i;

    l = einv_xdoc_all(d, EINV_NS_RAM, "DesignatedProductClassification");
    for (i = 0; i < l->n; i++)
        if (cii_c(l->v[i], "ClassCode") && !str_nonblank(first_attr(l->v[i], "ClassCode", NULL, "listID")))
            einv_report(ctx, &R_BR_65, l->v[i]);

    l = einv_xdoc_all(d, EINV_NS_RAM, "AdditionalReferencedDocument");
    for (i = 0; i < l->n; i++)
        if (!einv_x_nonblank(cii_c(l->v[i], "IssuerAssignedID")))
            einv_report(ctx, &R_BR_52, l->v[i]);

    l = einv_xdoc_all(d, EINV_NS_RAM, "ApplicableTradeSettlementFinancialCard");
    for (i = 0; i < l->n; i++)
        if (longer_than_10(cii_c(l->v[i], "ID")))
            einv_report(ctx, &R_BR_51, l->v[i]);

    l = einv_xdoc_all(d, EINV_NS_RAM, "PayeePartyCreditorFinancialAccount");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr a = l->v[i], pm = cii_up(a);
        if (!einv_x_is(pm, EINV_NS_RAM, "SpecifiedTradeSettlementPaymentMeans") ||
            !(cii_child_eq(pm, "TypeCode", "30") || cii_child_eq(pm, "TypeCode", "58")))
            continue;
        if (!einv_x_nonblank(cii_c(a, "IBANID")) && !einv_x_nonblank(cii_c(a, "ProprietaryID")))
            einv_report(ctx, &R_BR_50, a);
        if (!cii_c(a, "IBANID") && !cii_c(a, "ProprietaryID"))
            einv_report(ctx, &R_BR_61, a);
    }

    l = einv_xdoc_all(d, EINV_NS_RAM, "SpecifiedTradeSettlementPaymentMeans");
    for (i = 0; i < l->n; i++)
        if (!cii_c(l->v[i], "TypeCode"))
            einv_report(ctx, &R_BR_49, l->v[i]);

    l = einv_xdoc_all(d, EINV_NS_RAM, "ApplicableProductCharacteristic");
    for (i = 0; i < l->n; i++)
        if (!cii_c(l->v[i], "Description") || !cii_c(l->v[i], "Value"))
            einv_report(ctx, &R_BR_54, l->v[i]);

    l = einv_xdoc_all(d, EINV_NS_RAM, "PayeeTradeParty");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr p = l->v[i], tx = cii_up(cii_up(p));
        if (!cii_c(p, "Name") || same_as_seller(p, tx, "Name", NULL) ||
            same_as_seller(p, tx, "ID", NULL) ||
            same_as_seller(p, tx, "SpecifiedLegalOrganization", "ID"))
            einv_report(ctx, &R_BR_17, p);
    }

    l = einv_xdoc_all(d, EINV_NS_RAM, "SellerTradeParty");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr p = l->v[i];
        int ok = cii_c(p, "ID") || cii_c(p, "GlobalID") ||
                 cii_c2(p, "SpecifiedLegalOrganization", "ID");
        for (xmlNodePtr r = cii_c(p, "SpecifiedTaxRegistration"); r && !ok; r = einv_x_next_same(r))
            ok = cii_child_attr_in(r, "ID", "schemeID", VA);
        if (!ok)
            einv_report(ctx, &R_BR_CO_26, p);
    }

    l = einv_xdoc_all(d, EINV_NS_RAM, "SellerTaxRepresentativeTradeParty");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr p = l->v[i], vat = NULL;
        if (!einv_x_nonblank(cii_c(p, "Name")))
            einv_report(ctx, &R_BR_18, p);
        if (!cii_c(p, "PostalTradeAddress"))
            einv_report(ctx, &R_BR_19, p);
        if (!einv_x_nonblank(cii_c2(p, "PostalTradeAddress", "CountryID")))
            einv_report(ctx, &R_BR_20, p);
        for (xmlNodePtr r = cii_c(p, "SpecifiedTaxRegistration"); r && !vat; r = einv_x_next_same(r))
            for (xmlNodePtr id = cii_c(r, "ID"); id && !vat; id = einv_x_next_same(id)) {
                const char *sch = einv_x_attr(id, "schemeID");
                if (sch && strcmp(sch, "VA") == 0)
                    vat = id;
            }
        if (!einv_x_nonblank(vat))
            einv_report(ctx, &R_BR_56, p);
    }

    /* BR-CO-09: //ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA'] */
    static const char COUNTRIES[] =
        " 1A AD AE AF AG AI AL AM AN AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BL BJ BM BN"
        " BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ"
        " DK DM DO DZ EC EE EG EH EL ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP"
        " GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH"
        " KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN"
        " MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH"
        " PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR"
        " ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE"
        " VG VI VN VU WF WS XI YE YT ZA ZM ZW ";
    l = einv_xdoc_all(d, EINV_NS_RAM, "ID");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr id = l->v[i];
        const char *sch = einv_x_attr(id, "schemeID");
        if (!sch || strcmp(sch, "VA") != 0 || !cii_parent_is(id, EINV_NS_RAM, "SpecifiedTaxRegistration"))
            continue;
        const unsigned char *s = (const unsigned char *)einv_x_text(id);
        /* substring(., 1, 2) must be two ASCII non-space characters of the list */
        int ok = s[0] > ' ' && s[0] < 0x80 && s[1] > ' ' && s[1] < 0x80;
        if (ok) {
            char key[5] = {' ', (char)s[0], (char)s[1], ' ', 0};
            ok = strstr(COUNTRIES, key) != NULL;
        }
        if (!ok)
            einv_report(ctx, &R_BR_CO_09, id);
    }

    if (root) {
        einv_nodes_t s;
        einv_nodes_init(&s);
        cii_abs(d, STL "ram:InvoiceReferencedDocument", &s);
        for (i = 0; i < s.n; i++)
            if (!einv_x_nonblank(cii_c(s.v[i], "IssuerAssignedID")))
                einv_report(ctx, &R_BR_55, s.v[i]);
        einv_nodes_free(&s);

        einv_nodes_init(&s);
        cii_abs(d, "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery", &s);
        for (i = 0; i < s.n; i++)
            if (cii_c2(s.v[i], "ShipToTradeParty", "PostalTradeAddress") &&
                !einv_x_nonblank(cii_c3(s.v[i], "ShipToTradeParty", "PostalTradeAddress", "CountryID")))
                einv_report(ctx, &R_BR_57, s.v[i]);
        einv_nodes_free(&s);
    }
}

static void check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    if (!d)
        return;
    xmlNodePtr root = cii_root(d);
    check_charge_indicators(ctx, d);
    if (root)
        check_root(ctx, d, root);
    check_lines(ctx, d);
    check_periods(ctx, d);
    check_misc(ctx, d, root);
    en_cii_core_totals_(ctx, d, root);
}

static const einv_rule_t *const RULES[] = {
    &R_BR_01, &R_BR_02, &R_BR_03, &R_BR_04, &R_BR_05, &R_BR_06, &R_BR_07, &R_BR_08, &R_BR_09,
    &R_BR_10, &R_BR_11, &EN_CII_R(BR_12), &EN_CII_R(BR_13), &EN_CII_R(BR_14), &EN_CII_R(BR_15), &R_BR_16, &R_BR_17, &R_BR_18,
    &R_BR_19, &R_BR_20, &R_BR_21, &R_BR_22, &R_BR_23, &R_BR_24, &R_BR_25, &R_BR_26, &R_BR_27,
    &R_BR_28, &R_BR_29, &R_BR_30, &R_BR_31, &R_BR_32, &R_BR_33, &R_BR_36, &R_BR_37, &R_BR_38,
    &R_BR_41, &R_BR_42, &R_BR_43, &R_BR_44, &EN_CII_R(BR_45), &EN_CII_R(BR_46), &EN_CII_R(BR_47), &EN_CII_R(BR_48), &R_BR_49,
    &R_BR_50, &R_BR_51, &R_BR_52, &EN_CII_R(BR_53), &R_BR_54, &R_BR_55, &R_BR_56, &R_BR_57, &R_BR_61,
    &R_BR_62, &R_BR_63, &R_BR_64, &R_BR_65,
    &EN_CII_R(BR_CO_03), &R_BR_CO_04, &R_BR_CO_05, &R_BR_CO_06, &R_BR_CO_07, &R_BR_CO_08, &R_BR_CO_09, &EN_CII_R(BR_CO_10),
    &EN_CII_R(BR_CO_11), &EN_CII_R(BR_CO_12), &EN_CII_R(BR_CO_13), &EN_CII_R(BR_CO_14),
    &EN_CII_R(BR_CO_15), &EN_CII_R(BR_CO_16), &EN_CII_R(BR_CO_17), &R_BR_CO_18,
    &R_BR_CO_19, &R_BR_CO_20, &R_BR_CO_21, &R_BR_CO_22, &R_BR_CO_23, &R_BR_CO_24, &R_BR_CO_26,
    &R_BR_DEC_01, &R_BR_DEC_02, &R_BR_DEC_05, &R_BR_DEC_06, &EN_CII_R(BR_DEC_09),
    &EN_CII_R(BR_DEC_10), &EN_CII_R(BR_DEC_11), &EN_CII_R(BR_DEC_12), &EN_CII_R(BR_DEC_13),
    &EN_CII_R(BR_DEC_14), &EN_CII_R(BR_DEC_15), &EN_CII_R(BR_DEC_16), &EN_CII_R(BR_DEC_17),
    &EN_CII_R(BR_DEC_18), &EN_CII_R(BR_DEC_19), &EN_CII_R(BR_DEC_20),
    &R_BR_DEC_23, &R_BR_DEC_24, &R_BR_DEC_25, &R_BR_DEC_27, &R_BR_DEC_28,
    &R_BR_B_01, &R_BR_B_02,
};

const en_family_t en_cii_core = {"cii-core", EINV_SYNTAX_CII, check, RULES,
                                 sizeof RULES / sizeof RULES[0]};
