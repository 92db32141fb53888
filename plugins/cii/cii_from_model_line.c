/* Canonical model -> CII D16B: one ram:IncludedSupplyChainTradeLineItem (BG-25 with its
 * item information, price details, line VAT, period, allowances and charges, references),
 * in D16B element order. */
#include "cii_from_model_int.h"

static const einv_term LINE_ALLOWANCE[7] = {EINV_T_BT_136, EINV_T_BT_137, EINV_T_BT_138,
                                            EINV_T_BT_139, EINV_T_BT_140, EINV_T__COUNT, EINV_T__COUNT};
static const einv_term LINE_CHARGE[7] = {EINV_T_BT_141, EINV_T_BT_142, EINV_T_BT_143,
                                         EINV_T_BT_144, EINV_T_BT_145, EINV_T__COUNT, EINV_T__COUNT};

/* BG-31: ram:SpecifiedTradeProduct */
static void cw_product(cw_t *w, const einv_node_t *l)
{
    const einv_node_t *n, *origin;
    xo_open(w->b, "ram:SpecifiedTradeProduct");
    cw_id(w, "ram:GlobalID", cw_get(l, EINV_T_BT_157));
    cw_leaf(w, "ram:SellerAssignedID", cw_get(l, EINV_T_BT_155));
    cw_leaf(w, "ram:BuyerAssignedID", cw_get(l, EINV_T_BT_156));
    cw_leaf(w, "ram:Name", cw_get(l, EINV_T_BT_153));
    cw_leaf(w, "ram:Description", cw_get(l, EINV_T_BT_154));
    for (n = cw_get(l, EINV_T_BG_32); n; n = einv_node_next(n)) {
        xo_open(w->b, "ram:ApplicableProductCharacteristic");
        cw_leaf(w, "ram:Description", cw_get(n, EINV_T_BT_160));
        cw_leaf(w, "ram:Value", cw_get(n, EINV_T_BT_161));
        xo_close(w->b, "ram:ApplicableProductCharacteristic");
    }
    for (n = cw_get(l, EINV_T_BT_158); n; n = einv_node_next(n)) {
        xo_open(w->b, "ram:DesignatedProductClassification");
        xo_leaf(w->b, "ram:ClassCode", n->text ? n->text : "", "listID", n->attr[0],
                "listVersionID", n->attr[1]);
        xo_close(w->b, "ram:DesignatedProductClassification");
    }
    if ((origin = cw_get(l, EINV_T_BT_159)))
        cw_wrapped(w, "ram:OriginTradeCountry", "ram:ID", origin);
    xo_close(w->b, "ram:SpecifiedTradeProduct");
}

/* BG-29 in ram:SpecifiedLineTradeAgreement, after the order line reference (BT-132). */
static void cw_line_agreement(cw_t *w, const einv_node_t *l)
{
    const einv_node_t *gross = cw_get(l, EINV_T_BT_148), *disc = cw_get(l, EINV_T_BT_147);
    const einv_node_t *net = cw_get(l, EINV_T_BT_146), *bq = cw_get(l, EINV_T_BT_149),
                      *bu = cw_get(l, EINV_T_BT_150);
    xo_open(w->b, "ram:SpecifiedLineTradeAgreement");
    cw_wrapped(w, "ram:BuyerOrderReferencedDocument", "ram:LineID", cw_get(l, EINV_T_BT_132));
    if (gross || disc) {
        xo_open(w->b, "ram:GrossPriceProductTradePrice");
        if (gross)
            cw_leaf(w, "ram:ChargeAmount", gross);
        else if (net && net->dec.ok && disc->dec.ok) {
            /* CII needs the gross price next to a discount: BT-148 = BT-146 + BT-147 */
            char buf[64];
            xo_leaf(w->b, "ram:ChargeAmount", einv_dec_format(einv_dec_add(net->dec, disc->dec), buf, sizeof buf),
                    NULL, NULL, NULL, NULL);
        }
        if (disc) {
            xo_open(w->b, "ram:AppliedTradeAllowanceCharge");
            xo_open(w->b, "ram:ChargeIndicator");
            xo_leaf(w->b, "udt:Indicator", "false", NULL, NULL, NULL, NULL);
            xo_close(w->b, "ram:ChargeIndicator");
            cw_leaf(w, "ram:ActualAmount", disc);
            xo_close(w->b, "ram:AppliedTradeAllowanceCharge");
        }
        xo_close(w->b, "ram:GrossPriceProductTradePrice");
    }
    if (net || bq) {
        xo_open(w->b, "ram:NetPriceProductTradePrice");
        cw_leaf(w, "ram:ChargeAmount", net);
        if (bq)
            xo_leaf(w->b, "ram:BasisQuantity", bq->text ? bq->text : "", "unitCode",
                    bu && bu->text ? bu->text : NULL, NULL, NULL);
        xo_close(w->b, "ram:NetPriceProductTradePrice");
    }
    if (bu && !bq)
        cw_lost(w, bu, "CII carries the unit only on a base quantity");
    xo_close(w->b, "ram:SpecifiedLineTradeAgreement");
}

static void cw_line_settlement(cw_t *w, const einv_node_t *l)
{
    const einv_node_t *cat = cw_get(l, EINV_T_BT_151), *rate = cw_get(l, EINV_T_BT_152), *n;
    xo_open(w->b, "ram:SpecifiedLineTradeSettlement");
    if (cat || rate) {
        xo_open(w->b, "ram:ApplicableTradeTax");
        xo_leaf(w->b, "ram:TypeCode", "VAT", NULL, NULL, NULL, NULL);
        cw_leaf(w, "ram:CategoryCode", cat);
        cw_leaf(w, "ram:RateApplicablePercent", rate);
        xo_close(w->b, "ram:ApplicableTradeTax");
    }
    cw_period(w, cw_get(l, EINV_T_BG_26), EINV_T_BT_134, EINV_T_BT_135);
    for (n = cw_get(l, EINV_T_BG_27); n; n = einv_node_next(n))
        cw_allowance_charge(w, n, 0, LINE_ALLOWANCE);
    for (n = cw_get(l, EINV_T_BG_28); n; n = einv_node_next(n))
        cw_allowance_charge(w, n, 1, LINE_CHARGE);
    xo_open(w->b, "ram:SpecifiedTradeSettlementLineMonetarySummation");
    cw_leaf(w, "ram:LineTotalAmount", cw_get(l, EINV_T_BT_131));
    xo_close(w->b, "ram:SpecifiedTradeSettlementLineMonetarySummation");
    cw_additional_ref(w, cw_get(l, EINV_T_BT_128), "130");
    cw_wrapped(w, "ram:ReceivableSpecifiedTradeAccountingAccount", "ram:ID", cw_get(l, EINV_T_BT_133));
    xo_close(w->b, "ram:SpecifiedLineTradeSettlement");
}

void cw_line(cw_t *w, const einv_node_t *l)
{
    const einv_node_t *qty = cw_get(l, EINV_T_BT_129), *unit = cw_get(l, EINV_T_BT_130),
                      *note = cw_get(l, EINV_T_BT_127);
    xo_open(w->b, "ram:IncludedSupplyChainTradeLineItem");
    xo_open(w->b, "ram:AssociatedDocumentLineDocument");
    cw_leaf(w, "ram:LineID", cw_get(l, EINV_T_BT_126));
    if (note)
        cw_wrapped(w, "ram:IncludedNote", "ram:Content", note);
    xo_close(w->b, "ram:AssociatedDocumentLineDocument");
    cw_product(w, l);
    cw_line_agreement(w, l);
    xo_open(w->b, "ram:SpecifiedLineTradeDelivery");
    if (qty)
        xo_leaf(w->b, "ram:BilledQuantity", qty->text ? qty->text : "", "unitCode",
                unit && unit->text ? unit->text : NULL, NULL, NULL);
    else if (unit)
        cw_lost(w, unit, "CII carries the unit only on a quantity");
    xo_close(w->b, "ram:SpecifiedLineTradeDelivery");
    cw_line_settlement(w, l);
    xo_close(w->b, "ram:IncludedSupplyChainTradeLineItem");
}
