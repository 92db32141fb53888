/* XRechnung UBL: the PEPPOL-EN16931-R* asserts the KoSIT UBL Schematron carries itself
 * (its two PEPPOL patterns). Each element goes to the first rule of the pattern whose
 * context matches it, so an allowance that fires R041 or R042 is never checked by R040/R043.
 * Values follow XPath 2.0: untyped = string compares exactly, casts to numbers for `<= 0`. */
#include "xr_int.h"

#define CAC EINV_NS_CAC
#define CBC EINV_NS_CBC

typedef struct udoc {
    const einv_xdoc_t *d;
    int root_is_inv;      /* /ubl-invoice:Invoice */
    einv_dec_t slack;     /* $slackValue: 0.5 for HUF, else 0.02 */
} udoc;

static int is_inv(const xmlNode *n) { return einv_x_is(n, EINV_NS_UBL_INV, "Invoice"); }
static int is_cn(const xmlNode *n) { return einv_x_is(n, EINV_NS_UBL_CN, "CreditNote"); }
static xmlNodePtr cac(const xmlNode *p, const char *l) { return einv_x_child(p, CAC, l); }
static xmlNodePtr cbc(const xmlNode *p, const char *l) { return einv_x_child(p, CBC, l); }

/* xs:decimal(X) of the first child, or `dflt` when there is none; ok=0 when not a decimal */
static einv_dec_t dec_or(const xmlNode *x, long long dflt)
{
    return x ? einv_x_dec(x) : einv_dec_from_int(dflt);
}

/* ---- the document element: R001, R053, R054, R055 ---- */

/* Existential `TaxTotal/TaxAmount[@currencyID = cur] op 0` flags: bit 1 <= 0, bit 2 >= 0. */
static int tax_sign_flags(const xmlNode *doc, const char *cur)
{
    xmlNodePtr tt, ta;
    int f = 0, c;
    for (tt = cac(doc, "TaxTotal"); tt; tt = einv_x_next_same(tt))
        for (ta = cbc(tt, "TaxAmount"); ta; ta = einv_x_next_same(ta)) {
            const char *a = einv_x_attr(ta, "currencyID");
            if (!a || strcmp(a, cur) != 0 || !xr_cmp0(ta, &c))
                continue;
            f |= (c <= 0 ? 1 : 0) | (c >= 0 ? 2 : 0);
        }
    return f;
}

static void check_doc(einv_ctx_t *ctx, const xmlNode *doc)
{
    xmlNodePtr tt, tcc = cbc(doc, "TaxCurrencyCode");
    size_t with = 0, without = 0;
    if (!cbc(doc, "ProfileID"))
        einv_report(ctx, &xr_PP_R001, doc);
    for (tt = cac(doc, "TaxTotal"); tt; tt = einv_x_next_same(tt))
        if (cac(tt, "TaxSubtotal"))
            with++;
        else
            without++;
    if (with != 1)
        einv_report(ctx, &xr_PP_R053, doc);
    if (without != (tcc ? 1u : 0u))
        einv_report(ctx, &xr_PP_R054, doc);
    if (tcc) {
        char tc[64], dc[64];
        int a, b;
        einv_x_norm(tcc, tc, sizeof tc);
        einv_x_norm(cbc(doc, "DocumentCurrencyCode"), dc, sizeof dc);
        a = tax_sign_flags(doc, tc);
        b = tax_sign_flags(doc, dc);
        if (!((a & 1) && (b & 1)) && !((a & 2) && (b & 2)))
            einv_report(ctx, &xr_PP_R055, doc);
    }
}

/* ---- allowances and charges ---- */

/* Invoice/AC, Invoice/InvoiceLine/AC, CreditNote/AC, CreditNote/CreditNoteLine/AC */
static int in_ac_union(const xmlNode *ac)
{
    xmlNodePtr p = xr_up(ac);
    if (is_inv(p) || is_cn(p))
        return 1;
    if (einv_x_is(p, CAC, "InvoiceLine"))
        return is_inv(xr_up(p));
    if (einv_x_is(p, CAC, "CreditNoteLine"))
        return is_cn(xr_up(p));
    return 0;
}

static void check_ac(einv_ctx_t *ctx, const udoc *u, const xmlNode *ac)
{
    int mfn = cbc(ac, "MultiplierFactorNumeric") != NULL, base = cbc(ac, "BaseAmount") != NULL;
    char b[16];
    if (mfn && !base) {
        einv_report(ctx, &xr_PP_R041, ac);
        return;
    }
    if (!mfn && base) {
        einv_report(ctx, &xr_PP_R042, ac);
        return;
    }
    if (mfn && base) {
        einv_dec_t amt = dec_or(cbc(ac, "Amount"), 0);
        einv_dec_t val = einv_dec_shift(einv_dec_mul(einv_x_dec(cbc(ac, "BaseAmount")),
                                                     einv_x_dec(cbc(ac, "MultiplierFactorNumeric"))), 2);
        if (amt.ok && val.ok && !xr_slack(amt, val, u->slack))
            einv_report(ctx, &xr_PP_R040, ac);
    }
    xr_own_text_norm(cbc(ac, "ChargeIndicator"), b, sizeof b);
    if (strcmp(b, "true") != 0 && strcmp(b, "false") != 0)
        einv_report(ctx, &xr_PP_R043, ac);
}

/* cac:Price/cac:AllowanceCharge: R044, R046 */
static void check_price_ac(einv_ctx_t *ctx, const xmlNode *ac)
{
    if (!einv_x_norm_eq(cbc(ac, "ChargeIndicator"), "false"))
        einv_report(ctx, &xr_PP_R044, ac);
    if (cbc(ac, "BaseAmount")) {
        einv_dec_t net = einv_x_dec(cbc(xr_up(ac), "PriceAmount"));
        einv_dec_t gross = einv_x_dec(cbc(ac, "BaseAmount")), amt = einv_x_dec(cbc(ac, "Amount"));
        einv_dec_t diff = einv_dec_sub(gross, amt);
        if (!net.ok || !gross.ok || !amt.ok || !diff.ok || !einv_dec_eq(net, diff))
            einv_report(ctx, &xr_PP_R046, ac);
    }
}

/* ---- lines: R120, R121, R101 ---- */

/* round(sum(AC[normalize-space(ChargeIndicator) = want]/Amount) * 100) div 100 */
static einv_dec_t line_ac_total(const xmlNode *line, const char *want)
{
    einv_dec_t sum = einv_dec_from_int(0);
    xmlNodePtr ac, a;
    for (ac = cac(line, "AllowanceCharge"); ac; ac = einv_x_next_same(ac)) {
        if (!einv_x_norm_eq(cbc(ac, "ChargeIndicator"), want))
            continue;
        for (a = cbc(ac, "Amount"); a; a = einv_x_next_same(a))
            sum = einv_dec_add(sum, einv_x_dec(a));
    }
    return xr_round2(sum);
}

/* cac:Price/cbc:X: the first one over the line's prices */
static xmlNodePtr price_child(const xmlNode *line, const char *name)
{
    xmlNodePtr p, x;
    for (p = cac(line, "Price"); p; p = einv_x_next_same(p))
        if ((x = cbc(p, name)) != NULL)
            return x;
    return NULL;
}

static void check_line(einv_ctx_t *ctx, const udoc *u, const xmlNode *line)
{
    xmlNodePtr bq = price_child(line, "BaseQuantity"), dr;
    einv_dec_t lea = dec_or(cbc(line, "LineExtensionAmount"), 0);
    einv_dec_t qty = dec_or(cbc(line, u->root_is_inv ? "InvoicedQuantity" : "CreditedQuantity"), 1);
    einv_dec_t price = dec_or(price_child(line, "PriceAmount"), 0);
    einv_dec_t base = einv_dec_from_int(1), calc;
    int ok = 0;
    if (bq) {
        einv_dec_t v = einv_x_dec(bq);
        if (v.ok && !einv_dec_is_zero(v))
            base = v;
    }
    calc = einv_dec_add(einv_dec_mul(qty, xr_div(price, base)),
                        einv_dec_sub(line_ac_total(line, "true"), line_ac_total(line, "false")));
    if (lea.ok && calc.ok && !xr_slack(lea, calc, u->slack))
        einv_report(ctx, &xr_PP_R120, line);
    if (bq) {
        einv_dec_t v = einv_x_dec(bq);
        if (v.ok && einv_dec_sign(v) <= 0)
            einv_report(ctx, &xr_PP_R121, line);
    }
    dr = cac(line, "DocumentReference");
    if (dr) {
        for (; dr && !ok; dr = einv_x_next_same(dr))
            ok = xr_child_text_is(dr, CBC, "DocumentTypeCode", "130");
        if (!ok)
            einv_report(ctx, &xr_PP_R101, line);
    }
}

/* ---- line periods inside the invoicing period: R110, R111 ---- */

static int has_text_child(const xmlNode *n)
{
    const xmlNode *c;
    for (c = n->children; c; c = c->next)
        if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE)
            return 1;
    return 0;
}

static void check_line_dates(einv_ctx_t *ctx, const udoc *u, const char *name,
                             const einv_rule_t *rule, int want_ge)
{
    const xmlNode *last_doc = NULL;
    xmlNodePtr last_hd = NULL;
    XR_FOR_ALL(u->d, CBC, name, n) {
        xmlNodePtr per = xr_up(n), line = xr_up(per), doc = xr_up(line), hp, hd;
        long long a, b;
        char t[64];
        if (!einv_x_is(per, CAC, "InvoicePeriod"))
            continue;
        if (!((einv_x_is(line, CAC, "InvoiceLine") && is_inv(doc)) ||
              (einv_x_is(line, CAC, "CreditNoteLine") && is_cn(doc))))
            continue;
        if (doc != last_doc) {   /* one lookup per document element, not per line */
            last_doc = doc;
            last_hd = NULL;
            for (hp = cac(doc, "InvoicePeriod"); hp && !last_hd; hp = einv_x_next_same(hp))
                last_hd = cbc(hp, name);
        }
        hd = last_hd;
        if (!hd)
            continue;   /* Invoice[cac:InvoicePeriod/cbc:X] does not match */
        if (!xr_date_key(einv_x_text(hd), &b))
            continue;   /* a failing cast: no verdict */
        if (!has_text_child(n)) {
            einv_report(ctx, rule, n);   /* xs:date(()) is empty: the comparison is false */
            continue;
        }
        xr_own_text_norm(n, t, sizeof t);
        if (!xr_date_key(t, &a))
            continue;
        if (want_ge ? !(a >= b) : !(a <= b))
            einv_report(ctx, rule, n);
    }
}

void xr_ubl_peppol(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    xmlNodePtr root = einv_xdoc_root(d), dcc;
    udoc u;
    u.d = d;
    u.root_is_inv = is_inv(root);
    /* if ($documentCurrencyCode = 'HUF') then 0.5 else 0.02 */
    u.slack = einv_dec_shift(einv_dec_from_int(2), 2);
    for (dcc = cbc(root, "DocumentCurrencyCode"); dcc; dcc = einv_x_next_same(dcc))
        if (strcmp(einv_x_text(dcc), "HUF") == 0)
            u.slack = einv_dec_shift(einv_dec_from_int(5), 1);

    xr_check_empty(ctx, d, 0);

    XR_FOR_ALL(d, EINV_NS_UBL_INV, "Invoice", n)
        check_doc(ctx, n);
    XR_FOR_ALL(d, EINV_NS_UBL_CN, "CreditNote", n)
        check_doc(ctx, n);
    XR_FOR_ALL(d, CBC, "TaxCurrencyCode", n) {
        char a[64], b[64];
        xr_own_text_norm(n, a, sizeof a);
        xr_own_text_norm(cbc(xr_up(n), "DocumentCurrencyCode"), b, sizeof b);
        if (strcmp(a, b) == 0)
            einv_report(ctx, &xr_PP_R005, n);
    }
    XR_FOR_ALL(d, CAC, "Party", n) {
        if (xr_parent_is(n, CAC, "AccountingCustomerParty") && !cbc(n, "EndpointID"))
            einv_report(ctx, &xr_PP_R010, n);
        else if (xr_parent_is(n, CAC, "AccountingSupplierParty") && !cbc(n, "EndpointID"))
            einv_report(ctx, &xr_PP_R020, n);
    }
    XR_FOR_ALL(d, CAC, "AllowanceCharge", n) {
        if (in_ac_union(n))
            check_ac(ctx, &u, n);
        else if (xr_parent_is(n, CAC, "Price"))
            check_price_ac(ctx, n);
    }
    XR_FOR_ALL(d, CAC, "PaymentMeans", n) {
        char c[8];
        if (!xr_norm1(n, CBC, "PaymentMeansCode", c, sizeof c))
            continue;
        if ((!strcmp(c, "49") || !strcmp(c, "59")) && !cbc(cac(n, "PaymentMandate"), "ID"))
            einv_report(ctx, &xr_PP_R061, n);
    }
    check_line_dates(ctx, &u, "StartDate", &xr_PP_R110, 1);
    check_line_dates(ctx, &u, "EndDate", &xr_PP_R111, 0);
    XR_FOR_ALL(d, CAC, "InvoiceLine", n)
        check_line(ctx, &u, n);
    XR_FOR_ALL(d, CAC, "CreditNoteLine", n)
        check_line(ctx, &u, n);
    XR_FOR_ALL(d, CBC, "BaseQuantity", n) {
        const char *unit = einv_x_attr(n, "unitCode");
        xmlNodePtr line = xr_up(xr_up(n)), q;
        int has_q, ok = 0;
        if (!unit || !xr_parent_is(n, CAC, "Price"))
            continue;
        has_q = cbc(line, "InvoicedQuantity") || cbc(line, "CreditedQuantity");
        for (q = cbc(line, u.root_is_inv ? "InvoicedQuantity" : "CreditedQuantity"); q && !ok;
             q = einv_x_next_same(q)) {
            const char *qu = einv_x_attr(q, "unitCode");
            ok = qu && strcmp(qu, unit) == 0;
        }
        if (has_q && !ok)
            einv_report(ctx, &xr_PP_R130, n);
    }
}
