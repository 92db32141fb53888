/* Canonical model -> CII D16B: ram:ApplicableHeaderTradeSettlement (currencies, payee,
 * payment means and terms, VAT breakdown, invoicing period, document allowances and
 * charges, totals, preceding invoices, buyer accounting reference), in D16B element order. */
#include "cii_from_model_int.h"
#include <string.h>

void cw_period(cw_t *w, const einv_node_t *p, einv_term start, einv_term end)
{
    if (!cw_get(p, start) && !cw_get(p, end))   /* an empty period has nothing to say */
        return;
    xo_open(w->b, "ram:BillingSpecifiedPeriod");
    cw_date(w, "ram:StartDateTime", "udt:DateTimeString", cw_get(p, start));
    cw_date(w, "ram:EndDateTime", "udt:DateTimeString", cw_get(p, end));
    xo_close(w->b, "ram:BillingSpecifiedPeriod");
}

void cw_allowance_charge(cw_t *w, const einv_node_t *a, int charge, const einv_term t[7])
{
    const einv_node_t *cat = cw_get(a, t[5]), *rate = cw_get(a, t[6]);
    xo_open(w->b, "ram:SpecifiedTradeAllowanceCharge");
    xo_open(w->b, "ram:ChargeIndicator");
    xo_leaf(w->b, "udt:Indicator", charge ? "true" : "false", NULL, NULL, NULL, NULL);
    xo_close(w->b, "ram:ChargeIndicator");
    cw_leaf(w, "ram:CalculationPercent", cw_get(a, t[2]));
    cw_leaf(w, "ram:BasisAmount", cw_get(a, t[1]));
    cw_leaf(w, "ram:ActualAmount", cw_get(a, t[0]));
    cw_leaf(w, "ram:ReasonCode", cw_get(a, t[4]));
    cw_leaf(w, "ram:Reason", cw_get(a, t[3]));
    if (cat || rate) {
        xo_open(w->b, "ram:CategoryTradeTax");
        xo_leaf(w->b, "ram:TypeCode", "VAT", NULL, NULL, NULL, NULL);
        cw_leaf(w, "ram:CategoryCode", cat);
        cw_leaf(w, "ram:RateApplicablePercent", rate);
        xo_close(w->b, "ram:CategoryTradeTax");
    }
    xo_close(w->b, "ram:SpecifiedTradeAllowanceCharge");
}

static const einv_term DOC_ALLOWANCE[7] = {EINV_T_BT_92, EINV_T_BT_93, EINV_T_BT_94, EINV_T_BT_97,
                                           EINV_T_BT_98, EINV_T_BT_95, EINV_T_BT_96};
static const einv_term DOC_CHARGE[7] = {EINV_T_BT_99, EINV_T_BT_100, EINV_T_BT_101, EINV_T_BT_104,
                                        EINV_T_BT_105, EINV_T_BT_102, EINV_T_BT_103};

/* An IBAN starts with a country code and two check digits; anything else is proprietary. */
static int looks_like_iban(const char *s)
{
    return s && s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'A' && s[1] <= 'Z' && s[2] >= '0' &&
           s[2] <= '9' && s[3] >= '0' && s[3] <= '9';
}

/* One payment means: type code and text, then (first means only) card and debited account,
 * then the credit transfer account ct, if any. */
static void cw_means(cw_t *w, const einv_node_t *pay, const einv_node_t *ct, int first)
{
    const einv_node_t *card = first ? cw_get(pay, EINV_T_BG_18) : NULL;
    const einv_node_t *debit = first ? cw_get(cw_get(pay, EINV_T_BG_19), EINV_T_BT_91) : NULL;
    const einv_node_t *acc = cw_get(ct, EINV_T_BT_84), *name = cw_get(ct, EINV_T_BT_85),
                      *bic = cw_get(ct, EINV_T_BT_86);
    xo_open(w->b, "ram:SpecifiedTradeSettlementPaymentMeans");
    cw_leaf(w, "ram:TypeCode", cw_get(pay, EINV_T_BT_81));
    cw_leaf(w, "ram:Information", cw_get(pay, EINV_T_BT_82));
    if (card) {
        xo_open(w->b, "ram:ApplicableTradeSettlementFinancialCard");
        cw_leaf(w, "ram:ID", cw_get(card, EINV_T_BT_87));
        cw_leaf(w, "ram:CardholderName", cw_get(card, EINV_T_BT_88));
        xo_close(w->b, "ram:ApplicableTradeSettlementFinancialCard");
    }
    if (debit)
        cw_wrapped(w, "ram:PayerPartyDebtorFinancialAccount", "ram:IBANID", debit);
    if (acc || name) {
        xo_open(w->b, "ram:PayeePartyCreditorFinancialAccount");
        if (acc && looks_like_iban(acc->text))
            cw_leaf(w, "ram:IBANID", acc);
        cw_leaf(w, "ram:AccountName", name);
        if (acc && !looks_like_iban(acc->text))
            cw_leaf(w, "ram:ProprietaryID", acc);
        xo_close(w->b, "ram:PayeePartyCreditorFinancialAccount");
    }
    if (bic)
        cw_wrapped(w, "ram:PayeeSpecifiedCreditorFinancialInstitution", "ram:BICID", bic);
    xo_close(w->b, "ram:SpecifiedTradeSettlementPaymentMeans");
}

static void cw_payment_means(cw_t *w, const einv_node_t *pay)
{
    const einv_node_t *ct = cw_get(pay, EINV_T_BG_17);
    int first = 1;
    if (!pay)
        return;
    if (!ct) {
        if (cw_get(pay, EINV_T_BT_81) || cw_get(pay, EINV_T_BT_82) || cw_get(pay, EINV_T_BG_18) ||
            cw_get(cw_get(pay, EINV_T_BG_19), EINV_T_BT_91))
            cw_means(w, pay, NULL, 1);
        return;
    }
    for (; ct; ct = einv_node_next(ct), first = 0)
        cw_means(w, pay, ct, first);
}

/* BT-8 is the UNTDID 2005 code in the model, as in UBL (3, 35, 432); CII codes the same
 * three meanings from UNTDID 2475 (5, 29, 72), and cii_to_model maps them back. Any other
 * text (a 2475 code of a canonical invoice stored before the model took 2005) is kept. */
static void cw_tax_point_code(cw_t *w, const einv_node_t *n)
{
    static const char *const MAP[][2] = {{"3", "5"}, {"35", "29"}, {"432", "72"}};
    size_t i;
    if (!n)
        return;
    for (i = 0; i < 3; i++)
        if (n->text && strcmp(n->text, MAP[i][0]) == 0) {
            xo_leaf(w->b, "ram:DueDateTypeCode", MAP[i][1], NULL, NULL, NULL, NULL);
            return;
        }
    cw_leaf(w, "ram:DueDateTypeCode", n);
}

/* 1 when a line, document allowance or charge has VAT category cat. */
static int category_used(const einv_node_t *r, const char *cat)
{
    static const einv_term GROUP[3] = {EINV_T_BG_25, EINV_T_BG_20, EINV_T_BG_21};
    static const einv_term CODE[3] = {EINV_T_BT_151, EINV_T_BT_95, EINV_T_BT_102};
    const einv_node_t *n;
    int k;
    for (k = 0; k < 3; k++)
        for (n = cw_get(r, GROUP[k]); n; n = einv_node_next(n)) {
            const char *c = einv_node_text(n, CODE[k]);
            if (c && strcmp(c, cat) == 0)
                return 1;
        }
    return 0;
}

/* A breakdown CII cannot carry: in CII a breakdown of a category other than S (and the
 * Canary/Ceuta ones) needs a line, allowance or charge of that category (BR-E-01 and its
 * siblings as the CII artefact words them; the UBL one only counts from the lines). */
static int breakdown_unused(const cw_t *w, const einv_node_t *v)
{
    const char *cat = einv_node_text(v, EINV_T_BT_118);
    return cat && strcmp(cat, "S") && strcmp(cat, "L") && strcmp(cat, "M") && !category_used(w->root, cat);
}

/* BG-23; the tax point date (BT-7) and its code (BT-8) go with the first breakdown. */
static void cw_vat_breakdown(cw_t *w)
{
    const einv_node_t *r = w->root, *v;
    int first = 1;
    for (v = cw_get(r, EINV_T_BG_23); v; v = einv_node_next(v)) {
        if (breakdown_unused(w, v)) {
            cw_lost(w, cw_get(v, EINV_T_BT_118), "CII has no VAT breakdown of a category that no line, allowance or charge uses");
            continue;
        }
        xo_open(w->b, "ram:ApplicableTradeTax");
        cw_leaf(w, "ram:CalculatedAmount", cw_get(v, EINV_T_BT_117));
        xo_leaf(w->b, "ram:TypeCode", "VAT", NULL, NULL, NULL, NULL);
        cw_leaf(w, "ram:ExemptionReason", cw_get(v, EINV_T_BT_120));
        cw_leaf(w, "ram:BasisAmount", cw_get(v, EINV_T_BT_116));
        cw_leaf(w, "ram:CategoryCode", cw_get(v, EINV_T_BT_118));
        cw_leaf(w, "ram:ExemptionReasonCode", cw_get(v, EINV_T_BT_121));
        if (first) {
            cw_date(w, "ram:TaxPointDate", "udt:DateString", cw_get(r, EINV_T_BT_7));
            cw_tax_point_code(w, cw_get(r, EINV_T_BT_8));
        }
        cw_leaf(w, "ram:RateApplicablePercent", cw_get(v, EINV_T_BT_119));
        xo_close(w->b, "ram:ApplicableTradeTax");
        first = 0;
    }
    if (first) {
        cw_lost(w, cw_get(r, EINV_T_BT_7), "CII carries it in a VAT breakdown and there is none");
        cw_lost(w, cw_get(r, EINV_T_BT_8), "CII carries it in a VAT breakdown and there is none");
    }
}

static void cw_payment_terms(cw_t *w)
{
    const einv_node_t *r = w->root;
    const einv_node_t *desc = cw_get(r, EINV_T_BT_20), *due = cw_get(r, EINV_T_BT_9),
                      *mandate = cw_get(cw_get(cw_get(r, EINV_T_BG_16), EINV_T_BG_19), EINV_T_BT_89);
    if (!desc && !due && !mandate)
        return;
    xo_open(w->b, "ram:SpecifiedTradePaymentTerms");
    cw_leaf(w, "ram:Description", desc);
    cw_date(w, "ram:DueDateDateTime", "udt:DateTimeString", due);
    cw_leaf(w, "ram:DirectDebitMandateID", mandate);
    xo_close(w->b, "ram:SpecifiedTradePaymentTerms");
}

/* An amount with currencyID: only the two tax totals carry one in CII. */
static void cw_tax_total(cw_t *w, const einv_node_t *n, const einv_node_t *cur)
{
    if (n)
        xo_leaf(w->b, "ram:TaxTotalAmount", n->text ? n->text : "", "currencyID",
                cur && cur->text ? cur->text : n->attr[0], NULL, NULL);
}

static void cw_totals(cw_t *w)
{
    const einv_node_t *r = w->root, *t = cw_get(r, EINV_T_BG_22);
    if (!t)
        return;
    xo_open(w->b, "ram:SpecifiedTradeSettlementHeaderMonetarySummation");
    cw_leaf(w, "ram:LineTotalAmount", cw_get(t, EINV_T_BT_106));
    cw_leaf(w, "ram:ChargeTotalAmount", cw_get(t, EINV_T_BT_108));
    cw_leaf(w, "ram:AllowanceTotalAmount", cw_get(t, EINV_T_BT_107));
    cw_leaf(w, "ram:TaxBasisTotalAmount", cw_get(t, EINV_T_BT_109));
    cw_tax_total(w, cw_get(t, EINV_T_BT_110), cw_get(r, EINV_T_BT_5));
    cw_tax_total(w, cw_get(t, EINV_T_BT_111), cw_get(r, EINV_T_BT_6));
    cw_leaf(w, "ram:RoundingAmount", cw_get(t, EINV_T_BT_114));
    cw_leaf(w, "ram:GrandTotalAmount", cw_get(t, EINV_T_BT_112));
    cw_leaf(w, "ram:TotalPrepaidAmount", cw_get(t, EINV_T_BT_113));
    cw_leaf(w, "ram:DuePayableAmount", cw_get(t, EINV_T_BT_115));
    xo_close(w->b, "ram:SpecifiedTradeSettlementHeaderMonetarySummation");
}

static void cw_payee(cw_t *w, const einv_node_t *p)
{
    const einv_node_t *legal;
    if (!p)
        return;
    xo_open(w->b, "ram:PayeeTradeParty");
    if (cw_get(p, EINV_T_BT_60))
        cw_leaf_or_global(w, cw_get(p, EINV_T_BT_60));
    cw_leaf(w, "ram:Name", cw_get(p, EINV_T_BT_59));
    if ((legal = cw_get(p, EINV_T_BT_61))) {
        xo_open(w->b, "ram:SpecifiedLegalOrganization");
        cw_id(w, "ram:ID", legal);
        xo_close(w->b, "ram:SpecifiedLegalOrganization");
    }
    xo_close(w->b, "ram:PayeeTradeParty");
}

void cw_settlement(cw_t *w)
{
    const einv_node_t *r = w->root, *pay = cw_get(r, EINV_T_BG_16), *n, *tax_cur, *doc_cur;
    xo_open(w->b, "ram:ApplicableHeaderTradeSettlement");
    cw_leaf(w, "ram:CreditorReferenceID", cw_get(cw_get(pay, EINV_T_BG_19), EINV_T_BT_90));
    cw_leaf(w, "ram:PaymentReference", cw_get(pay, EINV_T_BT_83));
    tax_cur = cw_get(r, EINV_T_BT_6);
    doc_cur = cw_get(r, EINV_T_BT_5);
    /* CII states a VAT accounting currency only when it differs (BR-53 in its CII form) */
    if (tax_cur && doc_cur && tax_cur->text && doc_cur->text && strcmp(tax_cur->text, doc_cur->text) == 0)
        cw_lost(w, tax_cur, "CII names a VAT accounting currency only when it differs from the invoice currency");
    else
        cw_leaf(w, "ram:TaxCurrencyCode", tax_cur);
    cw_leaf(w, "ram:InvoiceCurrencyCode", cw_get(r, EINV_T_BT_5));
    cw_payee(w, cw_get(r, EINV_T_BG_10));
    cw_payment_means(w, pay);
    cw_vat_breakdown(w);
    cw_period(w, cw_get(r, EINV_T_BG_14), EINV_T_BT_73, EINV_T_BT_74);
    for (n = cw_get(r, EINV_T_BG_20); n; n = einv_node_next(n))
        cw_allowance_charge(w, n, 0, DOC_ALLOWANCE);
    for (n = cw_get(r, EINV_T_BG_21); n; n = einv_node_next(n))
        cw_allowance_charge(w, n, 1, DOC_CHARGE);
    cw_payment_terms(w);
    cw_totals(w);
    /* D16B has room for one preceding invoice at document level */
    if ((n = cw_get(r, EINV_T_BG_3))) {
        xo_open(w->b, "ram:InvoiceReferencedDocument");
        cw_leaf(w, "ram:IssuerAssignedID", cw_get(n, EINV_T_BT_25));
        cw_date(w, "ram:FormattedIssueDateTime", "qdt:DateTimeString", cw_get(n, EINV_T_BT_26));
        xo_close(w->b, "ram:InvoiceReferencedDocument");
        for (n = einv_node_next(n); n; n = einv_node_next(n))
            cw_lost(w, cw_get(n, EINV_T_BT_25), "CII D16B has room for one preceding invoice");
    }
    cw_wrapped(w, "ram:ReceivableSpecifiedTradeAccountingAccount", "ram:ID", cw_get(r, EINV_T_BT_19));
    xo_close(w->b, "ram:ApplicableHeaderTradeSettlement");
}
