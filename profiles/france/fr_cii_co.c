/* FRANCE profile, CII: the coherence asserts BR-FR-CO-* and the number formats
 * BR-FR-DEC-01 .. 04 of the FNFE-MPE CTC Flux 2 CII schematron 1.4.0.
 *
 * CO-07 compares the two date strings with a value comparison (ge): a missing or repeated
 * issue date makes it fail. In the DEC-01 pattern the BT-110 rule shadows the BT-111 rule
 * (same context), so every header ram:TaxTotalAmount is reported as BT-110. */
#include <stdlib.h>
#include <string.h>
#include "fr_int.h"

#define R EINV_NS_RAM

#define ED "rsm:ExchangedDocument"
#define EDC "rsm:ExchangedDocumentContext"
#define SCTT "rsm:SupplyChainTradeTransaction"
#define HTA SCTT "/ram:ApplicableHeaderTradeAgreement"
#define HTD SCTT "/ram:ApplicableHeaderTradeDelivery"
#define HTS SCTT "/ram:ApplicableHeaderTradeSettlement"
#define SUMS HTS "/ram:SpecifiedTradeSettlementHeaderMonetarySummation"
#define LI SCTT "/ram:IncludedSupplyChainTradeLineItem"

FR_RULE(R_CO_03, "BR-FR-CO-03_BT-3", "BT-3, BT-12, BG-14",
        "A global-discount credit note (type 262) lacks the contract reference or the invoicing period.",
        "Add ram:ContractReferencedDocument/ram:IssuerAssignedID and ram:BillingSpecifiedPeriod with start and end.")
FR_RULE(R_CO_04, "BR-FR-CO-04_BT-4", "BT-3, BT-25",
        "A corrective invoice (type 384, 471, 472 or 473) does not reference exactly one preceding invoice.",
        "Give exactly one ram:InvoiceReferencedDocument for the corrected invoice.")
FR_RULE(R_CO_05, "BR-FR-CO-05_BT-3", "BT-3, BT-25, BT-26",
        "A credit note (type 261, 381, 396, 502 or 503) references no preceding invoice with its date.",
        "Add ram:InvoiceReferencedDocument with ram:IssuerAssignedID and ram:FormattedIssueDateTime, at header "
        "level or on every line that is not GROUP or INFORMATION.")
FR_RULE(R_CO_07, "BR-FR-CO-07_BT-9", "BT-9, BT-2",
        "The payment due date (BT-9) is before the invoice issue date (BT-2).",
        "Use a due date on or after the issue date (only deposits and paid frameworks B2/S2/M2 may differ).")
FR_RULE(R_CO_08, "BR-FR-CO-08_BT-23", "BT-23, BT-3",
        "A final invoice after deposit (framework B4, S4 or M4) has a deposit type code (386, 500, 503).",
        "Use a final invoice type code, or another billing framework.")
FR_RULE(R_CO_09_1, "BR-FR-CO-09_BT-23-1", "BT-23, BT-113, BT-112",
        "An already paid invoice (framework B2, S2 or M2) has a paid amount (BT-113) different from the total (BT-112).",
        "Set ram:TotalPrepaidAmount equal to ram:GrandTotalAmount.")
FR_RULE(R_CO_09_2, "BR-FR-CO-09_BT-23-2", "BT-23, BT-115",
        "An already paid invoice (framework B2, S2 or M2) has an amount due (BT-115) other than 0.",
        "Set ram:DuePayableAmount to 0.")
FR_RULE(R_CO_09_3, "BR-FR-CO-09_BT-23-3", "BT-23, BT-9",
        "An already paid invoice (framework B2, S2 or M2) has no due date (BT-9) giving the payment date.",
        "Add ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime with the date of payment.")

#define SCHEME_SUG "Give every global identifier a schemeID attribute."
#define UNIQUE_SUG "Use each identification scheme (schemeID) only once for the party."
FR_RULE(R_CO_10_29_1, "BR-FR-CO-10_BT-29-1", "BT-29-1", "A seller global identifier (BT-29) has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_29_2, "BR-FR-CO-10_BT-29-2", "BT-29-1", "The seller global identifiers (BT-29) repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_46_1, "BR-FR-CO-10_BT-46-1", "BT-46-1", "A buyer global identifier (BT-46) has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_46_2, "BR-FR-CO-10_BT-46-2", "BT-46-1", "The buyer global identifiers (BT-46) repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_60_1, "BR-FR-CO-10_BT-60-1", "BT-60-1", "A payee global identifier (BT-60) has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_60_2, "BR-FR-CO-10_BT-60-2", "BT-60-1", "The payee global identifiers (BT-60) repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_06_1, "BR-FR-CO-10_EXT-FR-FE-06-1", "EXT-FR-FE-07", "A buyer agent global identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_06_2, "BR-FR-CO-10_EXT-FR-FE-06-2", "EXT-FR-FE-07", "The buyer agent global identifiers repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_46X_1, "BR-FR-CO-10_EXT-FR-FE-46-1", "EXT-FR-FE-47", "A payer global identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_46X_2, "BR-FR-CO-10_EXT-FR-FE-46-2", "EXT-FR-FE-47", "The payer global identifiers repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_69_1, "BR-FR-CO-10_EXT-FR-FE-69-1", "EXT-FR-FE-70", "A seller agent global identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_69_2, "BR-FR-CO-10_EXT-FR-FE-69-2", "EXT-FR-FE-70", "The seller agent global identifiers repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_92_1, "BR-FR-CO-10_EXT-FR-FE-92-1", "EXT-FR-FE-92-1", "An invoicee global identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_92_2, "BR-FR-CO-10_EXT-FR-FE-92-2", "EXT-FR-FE-92-1", "The invoicee global identifiers repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_115_1, "BR-FR-CO-10_EXT-FR-FE-115-1", "EXT-FR-FE-116", "An invoicer global identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_115_2, "BR-FR-CO-10_EXT-FR-FE-115-2", "EXT-FR-FE-116", "The invoicer global identifiers repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_71_1, "BR-FR-CO-10_BT-71-1", "BT-71-1", "A ship-to global identifier (BT-71) has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_71_2, "BR-FR-CO-10_BT-71-2", "BT-71-1", "The ship-to global identifiers (BT-71) repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_146_1, "BR-FR-CO-10_EXT-FR-FE-146-1", "EXT-FR-FE-148", "A line ship-to global identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_146_2, "BR-FR-CO-10_EXT-FR-FE-146-2", "EXT-FR-FE-148", "The line ship-to global identifiers repeat a scheme.", UNIQUE_SUG)

FR_RULE(R_CO_12, "BR-FR-CO-12_BT-5", "BT-5, BT-6, BT-111",
        "An invoice not in EUR lacks the EUR VAT accounting currency (BT-6) or the VAT total in EUR (BT-111).",
        "Set ram:TaxCurrencyCode to EUR and add a ram:TaxTotalAmount with currencyID EUR.")
FR_RULE(R_CO_14, "BR-FR-CO-14_BT-29-1", "BT-29-1, BT-22",
        "A seller member of a single VAT group (scheme 0231) has no TXD note MEMBRE_ASSUJETTI_UNIQUE.",
        "Add a ram:IncludedNote with subject code TXD and content MEMBRE_ASSUJETTI_UNIQUE.")
FR_RULE(R_CO_15, "BR-FR-CO-15_BT-29-1", "BT-29-1, BG-11, BT-63",
        "A seller member of a single VAT group (scheme 0231) has no tax representative with the group VAT number.",
        "Add ram:SellerTaxRepresentativeTradeParty with ram:SpecifiedTaxRegistration/ram:ID schemeID=\"VA\".")

#include "fr_rules_decimal.h"

static void must(einv_ctx_t *ctx, int ok, const einv_rule_t *r, const xmlNode *n)
{
    if (!ok)
        einv_report(ctx, r, n);
}

static const char *text_of(const xmlNode *n) { return n ? einv_x_text(n) : ""; }

/* Some node of the path has a value of the list. */
static int path_in(const xmlNode *from, const char *path, const char *const *list)
{
    int hit = 0;
    FR_EACH(from, path, n)
        if (!hit && fr_in(einv_x_text(n), list))
            hit = 1;
    return hit;
}

static double num_path(const xmlNode *root, const char *path, int *ok)
{
    double v = 0;
    xmlNodePtr n = fr_path(root, path);
    *ok = n && fr_number(einv_x_text(n), &v);
    return v;
}

/* BR-FR-CO-10 on one party: every ram:GlobalID has a schemeID, no schemeID twice. */
static void scheme_rules(einv_ctx_t *ctx, const xmlNode *p, const einv_rule_t *r1, const einv_rule_t *r2)
{
    xmlNodePtr g, h;
    int missing = 0, dup = 0;
    for (g = einv_x_child(p, R, "GlobalID"); g; g = einv_x_next_same(g)) {
        const char *v = einv_x_attr(g, "schemeID");
        if (!v) {
            missing = 1;
            continue;
        }
        for (h = einv_x_child(p, R, "GlobalID"); h != g; h = einv_x_next_same(h)) {
            const char *w = einv_x_attr(h, "schemeID");
            if (w && !strcmp(v, w))
                dup = 1;
        }
    }
    must(ctx, !missing, r1, p);
    must(ctx, !dup, r2, p);
}

static void check_co(einv_ctx_t *ctx, const xmlNode *root)
{
    static const char *const T262[] = {"262", NULL};
    static const char *const CORRECTIVE[] = {"384", "471", "472", "473", NULL};
    static const char *const CREDIT[] = {"261", "381", "396", "502", "503", NULL};
    static const char *const DEPOSIT[] = {"386", "500", "503", NULL};
    static const char *const PAID_FW[] = {"B2", "S2", "M2", NULL};
    static const char *const FINAL_FW[] = {"B4", "S4", "M4", NULL};
    static const struct { const char *path; const einv_rule_t *r1, *r2; } PARTIES[] = {
        {HTA "/ram:SellerTradeParty", &R_CO_10_29_1, &R_CO_10_29_2},
        {HTA "/ram:BuyerTradeParty", &R_CO_10_46_1, &R_CO_10_46_2},
        {HTS "/ram:PayeeTradeParty", &R_CO_10_60_1, &R_CO_10_60_2},
        {HTA "/ram:BuyerAgentTradeParty", &R_CO_10_06_1, &R_CO_10_06_2},
        {HTS "/ram:PayerTradeParty", &R_CO_10_46X_1, &R_CO_10_46X_2},
        {HTA "/ram:SalesAgentTradeParty", &R_CO_10_69_1, &R_CO_10_69_2},
        {HTS "/ram:InvoiceeTradeParty", &R_CO_10_92_1, &R_CO_10_92_2},
        {HTS "/ram:InvoicerTradeParty", &R_CO_10_115_1, &R_CO_10_115_2},
        {HTD "/ram:ShipToTradeParty", &R_CO_10_71_1, &R_CO_10_71_2},
        {LI "/ram:SpecifiedLineTradeDelivery/ram:ShipToTradeParty", &R_CO_10_146_1, &R_CO_10_146_2},
    };
    const char *const TYPE = ED "/ram:TypeCode", *const FW = EDC "/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID";
    const char *const DUE = HTS "/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString";
    size_t i;

    if (path_in(root, TYPE, T262))
        must(ctx, *text_of(fr_path(root, HTA "/ram:ContractReferencedDocument/ram:IssuerAssignedID")) &&
                      *text_of(fr_path(root, HTS "/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString")) &&
                      *text_of(fr_path(root, HTS "/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString")),
             &R_CO_03, root);
    if (path_in(root, TYPE, CORRECTIVE))
        must(ctx, fr_path_count(root, HTS "/ram:InvoiceReferencedDocument") == 1, &R_CO_04, root);
    if (path_in(root, TYPE, CREDIT)) {
        int header = 0, every = 1;
        FR_EACH(root, HTS "/ram:InvoiceReferencedDocument", ird)
            if (einv_x_child(ird, R, "IssuerAssignedID") && fr_path(ird, "ram:FormattedIssueDateTime/qdt:DateTimeString"))
                header = 1;
        FR_EACH(root, LI, li) {
            const char *const LSRC = "ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode";
            int has = 0;
            if (fr_path(li, LSRC) && !fr_path_is(li, LSRC, "DETAIL"))
                continue;
            FR_EACH(li, "ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument", ird)
                if (einv_x_child(ird, R, "IssuerAssignedID") && fr_path(ird, "ram:FormattedIssueDateTime/qdt:DateTimeString"))
                    has = 1;
            if (!has)
                every = 0;
        }
        must(ctx, header || every, &R_CO_05, root);
    }
    /* CO-07: value comparison $dueDate ge $issueDate (both must be single) */
    if (*text_of(fr_path(root, DUE)) && !path_in(root, TYPE, DEPOSIT) && !path_in(root, FW, PAID_FW)) {
        int ok = 0;
        if (fr_path_count(root, DUE) == 1 && fr_path_count(root, ED "/ram:IssueDateTime/udt:DateTimeString") == 1)
            ok = strcmp(text_of(fr_path(root, DUE)),
                        text_of(fr_path(root, ED "/ram:IssueDateTime/udt:DateTimeString"))) >= 0;
        must(ctx, ok, &R_CO_07, root);
    }
    if (path_in(root, FW, FINAL_FW))
        must(ctx, !path_in(root, TYPE, DEPOSIT), &R_CO_08, root);
    if (path_in(root, FW, PAID_FW)) {
        int ok1, ok2;
        double paid = num_path(root, SUMS "/ram:TotalPrepaidAmount", &ok1);
        double total = num_path(root, SUMS "/ram:GrandTotalAmount", &ok2);
        must(ctx, ok1 && ok2 && paid == total, &R_CO_09_1, root);
        paid = num_path(root, SUMS "/ram:DuePayableAmount", &ok1);
        must(ctx, ok1 && paid == 0, &R_CO_09_2, root);
        must(ctx, *text_of(fr_path(root, DUE)), &R_CO_09_3, root);
    }
    for (i = 0; i < sizeof PARTIES / sizeof PARTIES[0]; i++)
        FR_EACH(root, PARTIES[i].path, p)
            scheme_rules(ctx, p, PARTIES[i].r1, PARTIES[i].r2);
    {
        int not_eur = 0;
        FR_EACH(root, HTS "/ram:InvoiceCurrencyCode", c)
            if (strcmp(einv_x_text(c), "EUR"))
                not_eur = 1;
        if (not_eur)
            must(ctx, fr_path_is(root, HTS "/ram:TaxCurrencyCode", "EUR") &&
                          *text_of(fr_path_attr(root, SUMS "/ram:TaxTotalAmount", "currencyID", "EUR")),
                 &R_CO_12, root);
    }
    if (fr_path_attr(root, HTA "/ram:SellerTradeParty/ram:GlobalID", "schemeID", "0231")) {
        int txd = 0;
        FR_EACH(root, ED "/ram:IncludedNote", n)
            if (fr_child_is(n, R, "SubjectCode", "TXD") && fr_child_is(n, R, "Content", "MEMBRE_ASSUJETTI_UNIQUE"))
                txd = 1;
        must(ctx, txd, &R_CO_14, root);
        must(ctx, fr_path(root, HTA "/ram:SellerTaxRepresentativeTradeParty") &&
                      *text_of(fr_path_attr(root, HTA "/ram:SellerTaxRepresentativeTradeParty/ram:SpecifiedTaxRegistration/ram:ID",
                                            "schemeID", "VA")),
             &R_CO_15, root);
    }
}

/* ---- BR-FR-DEC-* ---- */

static void dec_path(einv_ctx_t *ctx, const xmlNode *root, const char *path, const einv_rule_t *r, int width,
                     int frac, int neg)
{
    FR_EACH(root, path, n)
        must(ctx, fr_decfmt_ok(einv_x_text(n), width, frac, neg), r, n);
}

static void check_dec(einv_ctx_t *ctx, const xmlNode *root)
{
    static const struct { const char *path; const einv_rule_t *r; } AMOUNTS[] = {
        {HTS "/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount", &R_DEC1_92},
        {HTS "/ram:SpecifiedTradeAllowanceCharge/ram:BasisAmount", &R_DEC1_93},
        {SUMS "/ram:LineTotalAmount", &R_DEC1_106},
        {SUMS "/ram:AllowanceTotalAmount", &R_DEC1_107},
        {SUMS "/ram:ChargeTotalAmount", &R_DEC1_108},
        {SUMS "/ram:TaxBasisTotalAmount", &R_DEC1_109},
        {SUMS "/ram:TaxTotalAmount", &R_DEC1_110},
        {SUMS "/ram:GrandTotalAmount", &R_DEC1_112},
        {SUMS "/ram:TotalPrepaidAmount", &R_DEC1_113},
        {SUMS "/ram:RoundingAmount", &R_DEC1_114},
        {SUMS "/ram:DuePayableAmount", &R_DEC1_115},
        {HTS "/ram:ApplicableTradeTax/ram:BasisAmount", &R_DEC1_116},
        {HTS "/ram:ApplicableTradeTax/ram:CalculatedAmount", &R_DEC1_117},
        {LI "/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount", &R_DEC1_131},
        {LI "/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount", &R_DEC1_136},
        {LI "/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:BasisAmount", &R_DEC1_137},
    };
    size_t i;
    xmlNodePtr fw = fr_path(root, EDC "/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID");
    int bd = fw && fr_special_contract(einv_x_text(fw)) == 2;
    for (i = 0; i < sizeof AMOUNTS / sizeof AMOUNTS[0]; i++)
        dec_path(ctx, root, AMOUNTS[i].path, AMOUNTS[i].r, 19, 2, 1);
    dec_path(ctx, root, LI "/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity", &R_DEC2_129, 19, 4, 1);
    dec_path(ctx, root, LI "/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity", &R_DEC2_149, 19, 4, 1);
    dec_path(ctx, root, LI "/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount", &R_DEC3_146, 19, 6, bd);
    dec_path(ctx, root, LI "/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount",
             &R_DEC3_147, 19, 6, bd);
    dec_path(ctx, root, LI "/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:ChargeAmount", &R_DEC3_148, 19, 6, bd);
    dec_path(ctx, root, HTS "/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax/ram:RateApplicablePercent", &R_DEC4_96, 4, 2, 0);
    dec_path(ctx, root, HTS "/ram:ApplicableTradeTax/ram:RateApplicablePercent", &R_DEC4_119, 4, 2, 0);
    dec_path(ctx, root, LI "/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:RateApplicablePercent", &R_DEC4_152, 4, 2, 0);
}

static void check(einv_ctx_t *ctx)
{
    xmlNodePtr root = einv_xdoc_root(einv_ctx_xdoc(ctx));
    if (!einv_x_is(root, EINV_NS_RSM, "CrossIndustryInvoice"))
        return;
    check_co(ctx, root);
    check_dec(ctx, root);
}

static const einv_rule_t *const RULES[] = {
    &R_CO_03, &R_CO_04, &R_CO_05, &R_CO_07, &R_CO_08, &R_CO_09_1, &R_CO_09_2, &R_CO_09_3,
    &R_CO_10_29_1, &R_CO_10_29_2, &R_CO_10_46_1, &R_CO_10_46_2, &R_CO_10_60_1, &R_CO_10_60_2,
    &R_CO_10_06_1, &R_CO_10_06_2, &R_CO_10_46X_1, &R_CO_10_46X_2, &R_CO_10_69_1, &R_CO_10_69_2,
    &R_CO_10_92_1, &R_CO_10_92_2, &R_CO_10_115_1, &R_CO_10_115_2, &R_CO_10_71_1, &R_CO_10_71_2,
    &R_CO_10_146_1, &R_CO_10_146_2, &R_CO_12, &R_CO_14, &R_CO_15,
    &R_DEC1_92, &R_DEC1_93, &R_DEC1_106, &R_DEC1_107, &R_DEC1_108, &R_DEC1_109, &R_DEC1_110,
    &R_DEC1_111, &R_DEC1_112, &R_DEC1_113, &R_DEC1_114, &R_DEC1_115, &R_DEC1_116, &R_DEC1_117,
    &R_DEC1_131, &R_DEC1_136, &R_DEC1_137, &R_DEC2_129, &R_DEC2_149, &R_DEC3_146, &R_DEC3_147,
    &R_DEC3_148, &R_DEC4_96, &R_DEC4_119, &R_DEC4_152,
};

const fr_family_t fr_cii_co = {"cii-co", EINV_SYNTAX_CII, check, RULES, sizeof RULES / sizeof RULES[0]};
