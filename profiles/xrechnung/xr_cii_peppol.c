/* XRechnung CII: the PEPPOL-EN16931-R* asserts the KoSIT CII Schematron carries itself
 * (its three PEPPOL patterns). First-matching-rule semantics per pattern: a trade allowance
 * that fires R041 or R042 is not checked by R040/R043-1. The currency variables are the
 * node sets of the absolute paths; attribute = node compares strings exactly. */
#include "xr_int.h"

#define RAM EINV_NS_RAM

static xmlNodePtr ram(const xmlNode *p, const char *l) { return einv_x_child(p, RAM, l); }
#define EACH(var, parent, ns, name) \
    for (xmlNodePtr var = einv_x_child(parent, ns, name); var; var = einv_x_next_same(var))

typedef struct cdoc {
    const einv_xdoc_t *d;
    xmlNodePtr root;            /* rsm:CrossIndustryInvoice or NULL */
    einv_nodes_t doc_cur;       /* $documentCurrencyCode */
    einv_nodes_t tax_cur;       /* $taxCurrencyCode */
    einv_dec_t slack;
} cdoc;

/* attr = $set: some node of the set has the attribute's value */
static int in_set(const einv_nodes_t *set, const char *v)
{
    size_t i;
    for (i = 0; v && i < set->n; i++)
        if (strcmp(einv_x_text(set->v[i]), v) == 0)
            return 1;
    return 0;
}

/* attr != $set: some node of the set differs */
static int differs_from_set(const einv_nodes_t *set, const char *v)
{
    size_t i;
    for (i = 0; v && i < set->n; i++)
        if (strcmp(einv_x_text(set->v[i]), v) != 0)
            return 1;
    return 0;
}

/* ---- ram:ApplicableHeaderTradeSettlement: R005, R053, R054, R055 ---- */

/* MS/TTA[@currencyID = set] sign flags: bit 1 `< 0`, bit 2 `>= 0`; *count the matches */
static int tta_flags(const xmlNode *s, const einv_nodes_t *set, size_t *count)
{
    int f = 0, c;
    *count = 0;
    EACH(ms, s, RAM, "SpecifiedTradeSettlementHeaderMonetarySummation")
        EACH(t, ms, RAM, "TaxTotalAmount") {
            if (!in_set(set, einv_x_attr(t, "currencyID")))
                continue;
            (*count)++;
            if (xr_cmp0(t, &c))
                f |= (c < 0 ? 1 : 0) | (c >= 0 ? 2 : 0);
        }
    return f;
}

static void check_settlement(einv_ctx_t *ctx, const cdoc *c, const xmlNode *s)
{
    xmlNodePtr tcc = ram(s, "TaxCurrencyCode");
    size_t n_doc, n_tax, other = 0;
    int fd, ft;
    if (tcc) {
        char a[64], b[64];
        xr_own_text_norm(tcc, a, sizeof a);
        xr_own_text_norm(ram(s, "InvoiceCurrencyCode"), b, sizeof b);
        if (strcmp(a, b) == 0)
            einv_report(ctx, &xr_PP_R005, s);
    }
    fd = tta_flags(s, &c->doc_cur, &n_doc);
    ft = tta_flags(s, &c->tax_cur, &n_tax);
    if (n_doc > 1)
        einv_report(ctx, &xr_PP_R053, s);
    EACH(ms, s, RAM, "SpecifiedTradeSettlementHeaderMonetarySummation")
        EACH(t, ms, RAM, "TaxTotalAmount")
            other += differs_from_set(&c->doc_cur, einv_x_attr(t, "currencyID"));
    if (other != (tcc ? 1u : 0u))
        einv_report(ctx, &xr_PP_R054, s);
    if (c->tax_cur.n && n_doc && !((ft & 1) && (fd & 1)) && !((ft & 2) && (fd & 2)))
        einv_report(ctx, &xr_PP_R055, s);
}

/* ---- allowances and charges ---- */

static int indicator_ok(const xmlNode *ac)
{
    char b[16];
    xr_own_text_norm(einv_x_child(ram(ac, "ChargeIndicator"), EINV_NS_UDT, "Indicator"), b, sizeof b);
    return strcmp(b, "true") == 0 || strcmp(b, "false") == 0;
}

static void check_trade_ac(einv_ctx_t *ctx, const cdoc *c, const xmlNode *ac)
{
    int pct = ram(ac, "CalculationPercent") != NULL, base = ram(ac, "BasisAmount") != NULL;
    if (pct && !base) {
        einv_report(ctx, &xr_PP_R041, ac);
        return;
    }
    if (!pct && base) {
        einv_report(ctx, &xr_PP_R042, ac);
        return;
    }
    if (pct && base) {
        xmlNodePtr a = ram(ac, "ActualAmount");
        einv_dec_t amt = a ? einv_x_dec(a) : einv_dec_from_int(0);
        einv_dec_t val = einv_dec_shift(einv_dec_mul(einv_x_dec(ram(ac, "BasisAmount")),
                                                     einv_x_dec(ram(ac, "CalculationPercent"))), 2);
        if (amt.ok && val.ok && !xr_slack(amt, val, c->slack))
            einv_report(ctx, &xr_PP_R040, ac);
    }
    if (!indicator_ok(ac))
        einv_report(ctx, &xr_PP_R043_1, ac);
}

/* ---- lines: R120, R101 ---- */

static xmlNodePtr path2(const xmlNode *p, const char *a, const char *b)
{
    EACH(x, p, RAM, a) {
        xmlNodePtr y = ram(x, b);
        if (y)
            return y;
    }
    return NULL;
}

/* round(sum(SLTS/STAC[normalize-space(indicator) = want]/ActualAmount) * 100) div 100 */
static einv_dec_t line_ac_total(const xmlNode *line, const char *want)
{
    einv_dec_t sum = einv_dec_from_int(0);
    EACH(st, line, RAM, "SpecifiedLineTradeSettlement")
        EACH(ac, st, RAM, "SpecifiedTradeAllowanceCharge") {
            xmlNodePtr ind = einv_x_child(ram(ac, "ChargeIndicator"), EINV_NS_UDT, "Indicator");
            if (!einv_x_norm_eq(ind, want))
                continue;
            EACH(a, ac, RAM, "ActualAmount")
                sum = einv_dec_add(sum, einv_x_dec(a));
        }
    return xr_round2(sum);
}

/* the first SLTA/<price>/BasisQuantity that is present and not zero */
static int basis(const xmlNode *line, const char *price, einv_dec_t *out)
{
    xmlNodePtr q = NULL;
    EACH(ag, line, RAM, "SpecifiedLineTradeAgreement")
        if (!q)
            q = path2(ag, price, "BasisQuantity");
    if (q) {
        einv_dec_t v = einv_x_dec(q);
        if (v.ok && !einv_dec_is_zero(v)) {
            *out = v;
            return 1;
        }
    }
    return 0;
}

static void check_line(einv_ctx_t *ctx, const cdoc *c, const xmlNode *line)
{
    xmlNodePtr x = NULL;
    einv_dec_t lea, qty, price, base, calc;
    int ok = 0, has_ard = 0;
    EACH(st, line, RAM, "SpecifiedLineTradeSettlement")
        if (!x)
            x = path2(st, "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount");
    lea = x ? einv_x_dec(x) : einv_dec_from_int(0);
    x = path2(line, "SpecifiedLineTradeDelivery", "BilledQuantity");
    qty = x ? einv_x_dec(x) : einv_dec_from_int(1);
    x = NULL;
    EACH(ag, line, RAM, "SpecifiedLineTradeAgreement")
        if (!x)
            x = path2(ag, "NetPriceProductTradePrice", "ChargeAmount");
    price = x ? einv_x_dec(x) : einv_dec_from_int(0);
    if (!basis(line, "NetPriceProductTradePrice", &base) && !basis(line, "GrossPriceProductTradePrice", &base))
        base = einv_dec_from_int(1);
    calc = einv_dec_add(einv_dec_mul(qty, xr_div(price, base)),
                        einv_dec_sub(line_ac_total(line, "true"), line_ac_total(line, "false")));
    if (lea.ok && calc.ok && !xr_slack(lea, calc, c->slack))
        einv_report(ctx, &xr_PP_R120, line);
    EACH(st, line, RAM, "SpecifiedLineTradeSettlement")
        EACH(ard, st, RAM, "AdditionalReferencedDocument") {
            has_ard = 1;
            ok |= xr_child_text_is(ard, RAM, "TypeCode", "130");
        }
    if (has_ard && !ok)
        einv_report(ctx, &xr_PP_R101, line);
}

/* ---- line periods: R110, R111 (string comparison of the untyped date strings) ---- */

static void check_line_dates(einv_ctx_t *ctx, const cdoc *c, const char *name,
                             const einv_rule_t *rule, int want_ge)
{
    const xmlNode *last_tx = NULL;
    einv_nodes_t heads;   /* the header period elements and their date strings */
    size_t i;
    einv_nodes_init(&heads);
    XR_FOR_ALL(c->d, RAM, name, n) {
        xmlNodePtr per = xr_up(n), st = xr_up(per), line = xr_up(st), tx = xr_up(line);
        int any_head = 0, ok = 0;
        if (!einv_x_is(per, RAM, "BillingSpecifiedPeriod") ||
            !einv_x_is(st, RAM, "SpecifiedLineTradeSettlement") ||
            !einv_x_is(line, RAM, "IncludedSupplyChainTradeLineItem") ||
            !einv_x_is(tx, EINV_NS_RSM, "SupplyChainTradeTransaction"))
            continue;
        if (tx != last_tx) {   /* the header dates once per transaction, not per line */
            last_tx = tx;
            heads.n = 0;
            EACH(hs, tx, RAM, "ApplicableHeaderTradeSettlement")
                EACH(hp, hs, RAM, "BillingSpecifiedPeriod")
                    EACH(hd, hp, RAM, name) {
                        einv_nodes_push(&heads, hd);
                        EACH(b, hd, EINV_NS_UDT, "DateTimeString")
                            einv_nodes_push(&heads, b);
                    }
        }
        for (i = 0; i < heads.n; i++) {
            xmlNodePtr b = heads.v[i];
            if (!einv_x_is(b, EINV_NS_UDT, "DateTimeString")) {
                any_head = 1;
                continue;
            }
            EACH(a, n, EINV_NS_UDT, "DateTimeString") {
                int k = strcmp(einv_x_text(a), einv_x_text(b));
                if (want_ge ? k >= 0 : k <= 0)
                    ok = 1;
            }
        }
        if (any_head && !ok)
            einv_report(ctx, rule, n);
    }
    einv_nodes_free(&heads);
}

/* ---- gross price: R044, R046 ---- */

static void check_gross(einv_ctx_t *ctx, const xmlNode *g)
{
    int has_amount = 0, ok = 0;
    xmlNodePtr first = NULL;
    EACH(ac, g, RAM, "AppliedTradeAllowanceCharge") {
        xmlNodePtr a = ram(ac, "ActualAmount");
        if (a) {
            has_amount = 1;
            if (!first)
                first = a;
        }
        EACH(ci, ac, RAM, "ChargeIndicator")
            ok |= xr_child_text_is(ci, EINV_NS_UDT, "Indicator", "false");
    }
    if (has_amount && !ok)
        einv_report(ctx, &xr_PP_R044, g);
    if (ram(g, "ChargeAmount")) {
        einv_dec_t net = einv_x_dec(path2(xr_up(g), "NetPriceProductTradePrice", "ChargeAmount"));
        einv_dec_t gross = einv_x_dec(ram(g, "ChargeAmount"));
        einv_dec_t disc = first ? einv_x_dec(first) : einv_dec_from_int(0);
        einv_dec_t diff = einv_dec_sub(gross, disc);
        if (!net.ok || !diff.ok || !einv_dec_eq(net, diff))
            einv_report(ctx, &xr_PP_R046, g);
    }
}

void xr_cii_peppol(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    cdoc c;
    xmlNodePtr root = einv_xdoc_root(d);
    size_t i;
    c.d = d;
    c.root = einv_x_is(root, EINV_NS_RSM, "CrossIndustryInvoice") ? root : NULL;
    einv_nodes_init(&c.doc_cur);
    einv_nodes_init(&c.tax_cur);
    if (c.root) {
        einv_x_select(c.root, "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode", &c.doc_cur);
        einv_x_select(c.root, "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:TaxCurrencyCode", &c.tax_cur);
    }
    c.slack = einv_dec_shift(einv_dec_from_int(2), 2);
    for (i = 0; i < c.doc_cur.n; i++)
        if (strcmp(einv_x_text(c.doc_cur.v[i]), "HUF") == 0)
            c.slack = einv_dec_shift(einv_dec_from_int(5), 1);

    xr_check_empty(ctx, d, 1);

    XR_FOR_ALL(d, EINV_NS_RSM, "ExchangedDocumentContext", n)
        if (!path2(n, "BusinessProcessSpecifiedDocumentContextParameter", "ID"))
            einv_report(ctx, &xr_PP_R001, n);
    XR_FOR_ALL(d, RAM, "ApplicableHeaderTradeSettlement", n)
        check_settlement(ctx, &c, n);
    XR_FOR_ALL(d, RAM, "BuyerTradeParty", n)
        if (!path2(n, "URIUniversalCommunication", "URIID"))
            einv_report(ctx, &xr_PP_R010, n);
    XR_FOR_ALL(d, RAM, "SellerTradeParty", n)
        if (!path2(n, "URIUniversalCommunication", "URIID"))
            einv_report(ctx, &xr_PP_R020, n);
    XR_FOR_ALL(d, RAM, "SpecifiedTradeAllowanceCharge", n)
        check_trade_ac(ctx, &c, n);
    XR_FOR_ALL(d, RAM, "AppliedTradeAllowanceCharge", n)
        if (!indicator_ok(n))
            einv_report(ctx, &xr_PP_R043_2, n);
    XR_FOR_ALL(d, RAM, "SpecifiedTradeSettlementPaymentMeans", n) {
        char t[8];
        if (!xr_norm1(n, RAM, "TypeCode", t, sizeof t))
            continue;
        if ((!strcmp(t, "49") || !strcmp(t, "59")) &&
            !path2(xr_up(n), "SpecifiedTradePaymentTerms", "DirectDebitMandateID"))
            einv_report(ctx, &xr_PP_R061, n);
    }
    check_line_dates(ctx, &c, "StartDateTime", &xr_PP_R110, 1);
    check_line_dates(ctx, &c, "EndDateTime", &xr_PP_R111, 0);
    XR_FOR_ALL(d, RAM, "IncludedSupplyChainTradeLineItem", n)
        check_line(ctx, &c, n);
    XR_FOR_ALL(d, RAM, "NetPriceProductTradePrice", n) {
        xmlNodePtr q = ram(n, "BasisQuantity");
        einv_dec_t v = einv_x_dec(q);
        if (q && v.ok && einv_dec_sign(v) <= 0)
            einv_report(ctx, &xr_PP_R121, n);
    }
    XR_FOR_ALL(d, RAM, "GrossPriceProductTradePrice", n) {
        xmlNodePtr q = ram(n, "BasisQuantity");
        einv_dec_t v = einv_x_dec(q);
        if (q && v.ok && einv_dec_sign(v) <= 0)
            einv_report(ctx, &xr_PP_R121, n);
    }
    XR_FOR_ALL(d, RAM, "BasisQuantity", n) {
        const char *u = einv_x_attr(n, "unitCode");
        xmlNodePtr line;
        int ok = 0;
        if (!u || !(xr_parent_is(n, RAM, "NetPriceProductTradePrice") ||
                    xr_parent_is(n, RAM, "GrossPriceProductTradePrice")))
            continue;
        line = xr_up(xr_up(xr_up(n)));
        EACH(dl, line, RAM, "SpecifiedLineTradeDelivery")
            EACH(bq, dl, RAM, "BilledQuantity") {
                const char *bu = einv_x_attr(bq, "unitCode");
                ok |= bu && strcmp(bu, u) == 0;
            }
        if (!ok)
            einv_report(ctx, &xr_PP_R130, n);
    }
    XR_FOR_ALL(d, RAM, "GrossPriceProductTradePrice", n) {
        xmlNodePtr ag = xr_up(n), line = xr_up(ag);
        if (einv_x_is(ag, RAM, "SpecifiedLineTradeAgreement") &&
            einv_x_is(line, RAM, "IncludedSupplyChainTradeLineItem") &&
            xr_parent_is(line, EINV_NS_RSM, "SupplyChainTradeTransaction"))
            check_gross(ctx, n);
    }
    einv_nodes_free(&c.doc_cur);
    einv_nodes_free(&c.tax_cur);
}
