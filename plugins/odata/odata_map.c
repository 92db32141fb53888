/* A_SupplierInvoice entity -> canonical model, following ODATA-SUPPLIERINVOICE.md §4, §7.
 *
 * The entity is the buyer's record of a received invoice: seller and buyer master data are
 * mostly absent and come from the mapping document (parties by supplier number,
 * companyCodes for the buyer) or stay absent for the rules to report. Decimals arrive as
 * JSON strings (numbers accepted too), dates as "/Date(ms)/" (UTC calendar date) or ISO
 * text; navigations are {"results": [...]}, and a "__deferred" navigation means "not
 * supplied". Only pure functions of other terms are computed (BT-106, BT-109, BT-115,
 * BT-9 from baseline + net days, BT-146 = amount / quantity). */
#include "odata_map.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TAX 64

typedef struct om {
    einv_ctx_t *ctx;
    einv_invoice_t *inv;
    const erp_map_t *map;
    const einv_rule_t *type_rule;
    int credit;
} om_t;

/* ---- typed property access; a wrong JSON type is a finding and the value is skipped ---- */

static void bad_type(om_t *m, const jr_value_t *v, const char *want)
{
    char ptr[512], name[512];
    jr_pointer(v, ptr, sizeof ptr);
    jr_dotted(v, name, sizeof name);
    einv_report_msg(m->ctx, m->type_rule, ptr, "%s must be %s.", name, want);
}

/* A non-empty string property (flags, codes, texts), else NULL. */
static const jr_value_t *str(om_t *m, const jr_value_t *obj, const char *name)
{
    const jr_value_t *v = jr_member(obj, name);
    if (!v || v->type == JR_NULL)
        return NULL;
    if (v->type != JR_STRING) {
        bad_type(m, v, "a string");
        return NULL;
    }
    return v->len ? v : NULL;
}

static const char *str_s(om_t *m, const jr_value_t *obj, const char *name)
{
    const jr_value_t *v = str(m, obj, name);
    return v ? v->s : NULL;
}

/* An Edm.Decimal: a JSON string (SAP's form) or number holding an xs:decimal. */
static const jr_value_t *dec(om_t *m, const jr_value_t *obj, const char *name, einv_dec_t *out)
{
    const jr_value_t *v = jr_member(obj, name);
    if (!v || v->type == JR_NULL || (v->type == JR_STRING && v->len == 0))
        return NULL;
    if ((v->type != JR_STRING && v->type != JR_NUMBER) || !einv_dec_parse(v->s, v->len, out)) {
        bad_type(m, v, "a decimal number (a string such as \"12.50\")");
        return NULL;
    }
    return v;
}

/* An Edm.DateTime as YYYY-MM-DD: "/Date(ms)/" with an optional offset suffix (the UTC
 * calendar date is taken, never shifted), or ISO "YYYY-MM-DD[T...]". */
static void civil(long long z, char *out, size_t size)
{
    long long era, doe, yoe, y, doy, mp, d, mo;
    z += 719468;
    era = (z >= 0 ? z : z - 146096) / 146097;
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = yoe + era * 400;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    mo = mp + (mp < 10 ? 3 : -9);
    snprintf(out, size, "%04lld-%02lld-%02lld", y + (mo <= 2), mo, d);
}

static long long days_of(const char *iso)
{
    long long y, mo, d, era, yoe, doy;
    if (sscanf(iso, "%4lld-%2lld-%2lld", &y, &mo, &d) != 3)
        return 0;
    y -= mo <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

static const jr_value_t *date(om_t *m, const jr_value_t *obj, const char *name, char out[64])
{
    const jr_value_t *v = jr_member(obj, name);
    const char *s;
    if (!v || v->type == JR_NULL || (v->type == JR_STRING && v->len == 0))
        return NULL;
    s = v->type == JR_STRING ? v->s : "";
    if (strncmp(s, "/Date(", 6) == 0 || strncmp(s, "\\/Date(", 7) == 0) {
        char *end;
        long long ms = strtoll(s + (s[0] == '/' ? 6 : 7), &end, 10), days;
        if (end != s + (s[0] == '/' ? 6 : 7) && ms > -8000000000000000LL && ms < 8000000000000000LL) {
            days = ms >= 0 ? ms / 86400000 : -((-ms + 86399999) / 86400000);
            civil(days, out, 64);
            return v;
        }
    } else if (strlen(s) >= 10 && s[4] == '-' && s[7] == '-' && (s[10] == 0 || s[10] == 'T')) {
        memcpy(out, s, 10);
        out[10] = 0;
        return v;
    }
    bad_type(m, v, "an OData date (\"/Date(milliseconds)/\" or \"YYYY-MM-DD\")");
    return NULL;
}

/* The entries of a to-many navigation; NULL when absent, null or not expanded. */
static const jr_value_t *nav(om_t *m, const jr_value_t *obj, const char *name)
{
    const jr_value_t *v = jr_member(obj, name), *r;
    if (!v || v->type == JR_NULL)
        return NULL;
    if (v->type == JR_OBJECT && jr_member(v, "__deferred"))
        return NULL;
    if (v->type == JR_ARRAY)   /* tolerate a bare array */
        return v;
    if (v->type != JR_OBJECT || !(r = jr_member(v, "results")) || r->type != JR_ARRAY) {
        bad_type(m, v, "an expanded navigation {\"results\": [...]}");
        return NULL;
    }
    return r;
}

/* ---- model ---- */

static void set_src(om_t *m, einv_node_t *n, const jr_value_t *v)
{
    char ptr[512];
    if (!n || !v)
        return;
    jr_pointer(v, ptr, sizeof ptr);
    einv_node_set_src(m->inv, n, ptr, NULL);
}

static einv_node_t *put(om_t *m, einv_node_t *parent, einv_term t, const char *text, const jr_value_t *v)
{
    einv_node_t *n;
    if (!text || !parent)
        return NULL;
    n = einv_node_add(m->inv, parent, t, text);
    set_src(m, n, v);
    return n;
}

static einv_node_t *put_s(om_t *m, einv_node_t *parent, einv_term t, const jr_value_t *obj, const char *name)
{
    const jr_value_t *v = str(m, obj, name);
    return v ? put(m, parent, t, v->s, v) : NULL;
}

static einv_node_t *put_date(om_t *m, einv_node_t *parent, einv_term t, const jr_value_t *obj, const char *name)
{
    char buf[64];
    const jr_value_t *v = date(m, obj, name, buf);
    return v ? put(m, parent, t, buf, v) : NULL;
}

static einv_node_t *group(om_t *m, einv_node_t *parent, einv_term t, const jr_value_t *v)
{
    einv_node_t *n = einv_node_get(parent, t);
    if (!n) {
        n = einv_node_add(m->inv, parent, t, NULL);
        set_src(m, n, v);
    }
    return n;
}

static const char *dtext(om_t *m, einv_dec_t d)
{
    char buf[64];
    return einv_invoice_strdup(m->inv, einv_dec_format(d, buf, sizeof buf), (size_t)-1);
}

static int is_x(const char *s) { return s && strcmp(s, "X") == 0; }

/* ---- header ---- */

static void header(om_t *m, einv_node_t *root, const jr_value_t *e)
{
    const jr_value_t *v, *dn, *base_v;
    char base[64], buf[320];
    einv_dec_t days;
    einv_node_t *n;
    size_t k = 0;
    put_s(m, root, EINV_T_BT_1, e, "SupplierInvoiceIDByInvcgParty");
    put_date(m, root, EINV_T_BT_2, e, "DocumentDate");
    v = jr_member(e, "SupplierInvoiceIsCreditMemo");
    m->credit = is_x(str_s(m, e, "SupplierInvoiceIsCreditMemo"));
    put(m, root, EINV_T_BT_3, m->credit ? "381" : "380", v ? v : e);
    put_s(m, root, EINV_T_BT_5, e, "DocumentCurrency");
    /* BT-9 = baseline + net days (both needed) */
    if ((base_v = date(m, e, "DueCalculationBaseDate", base)) && (v = dec(m, e, "NetPaymentDays", &days)) &&
        days.scale == 0 && days.m >= 0 && days.m <= 3660) {
        char due[64];
        civil(days_of(base) + (long long)days.m, due, sizeof due);
        put(m, root, EINV_T_BT_9, due, v);
    }
    /* BT-16: the first selected delivery note */
    if ((dn = nav(m, e, "to_SelectedDeliveryNotes")) && dn->first)
        put_s(m, root, EINV_T_BT_16, dn->first, "InboundDeliveryNote");
    /* BT-20 from the payment-terms key and its steps */
    {
        const char *key = str_s(m, e, "PaymentTerms");
        einv_dec_t p1, d1, p2, d2, net;
        const jr_value_t *vp1 = dec(m, e, "CashDiscount1Percent", &p1), *vd1 = dec(m, e, "CashDiscount1Days", &d1);
        const jr_value_t *vp2 = dec(m, e, "CashDiscount2Percent", &p2), *vd2 = dec(m, e, "CashDiscount2Days", &d2);
        const jr_value_t *vn = dec(m, e, "NetPaymentDays", &net);
        char a[64], b[64];
        if (key)
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%s", key);
        if (vp1 && vd1 && !einv_dec_is_zero(p1) && k < sizeof buf)
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s %% within %s days", k ? ": " : "",
                                  einv_dec_format(p1, a, sizeof a), einv_dec_format(d1, b, sizeof b));
        if (vp2 && vd2 && !einv_dec_is_zero(p2) && k < sizeof buf)
            k += (size_t)snprintf(buf + k, sizeof buf - k, ", %s %% within %s days",
                                  einv_dec_format(p2, a, sizeof a), einv_dec_format(d2, b, sizeof b));
        if (vn && !einv_dec_is_zero(net) && k < sizeof buf)
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s days net", k ? (vp1 && !einv_dec_is_zero(p1) ? ", " : ": ") : "",
                                  einv_dec_format(net, a, sizeof a));
        if (k)
            put(m, root, EINV_T_BT_20, buf, jr_member(e, "PaymentTerms") ? jr_member(e, "PaymentTerms") : e);
    }
    /* BG-1: one note per header text */
    if ((v = str(m, e, "DocumentHeaderText"))) {
        n = einv_node_add(m->inv, root, EINV_T_BG_1, NULL);
        set_src(m, n, v);
        put(m, n, EINV_T_BT_22, v->s, v);
    }
    if ((v = str(m, e, "SupplierPostingLineItemText"))) {
        n = einv_node_add(m->inv, root, EINV_T_BG_1, NULL);
        set_src(m, n, v);
        put(m, n, EINV_T_BT_22, v->s, v);
    }
    n = einv_node_add(m->inv, root, EINV_T_BG_2, NULL);
    set_src(m, n, e);
    /* set from the requested profile (the format document's rule), EN 16931 by default */
    {
        const char *spec = einv_ctx_option(m->ctx, "specification-id");
        const char *proc = einv_ctx_option(m->ctx, "business-process");
        if (proc)
            put(m, n, EINV_T_BT_23, proc, e);
        put(m, n, EINV_T_BT_24, spec ? spec : ODATA_SPEC_ID, e);
    }
}

/* ---- parties and payment ---- */

static void parties(om_t *m, einv_node_t *root, const jr_value_t *e)
{
    const jr_value_t *ad = jr_member(e, "to_SuplrInvoiceAdditionalData"), *v, *md, *mc, *cc;
    einv_node_t *s, *b, *a, *pay = NULL, *ct = NULL;
    if (ad && ad->type != JR_OBJECT && ad->type != JR_NULL) {
        bad_type(m, ad, "an object or null");
        ad = NULL;
    }
    if (ad && (ad->type != JR_OBJECT || jr_member(ad, "__deferred")))
        ad = NULL;
    s = group(m, root, EINV_T_BG_4, jr_member(e, "InvoicingParty") ? jr_member(e, "InvoicingParty") : e);
    put_s(m, s, EINV_T_BT_27, ad, "InvoicingPartyName1");
    put_s(m, s, EINV_T_BT_29, e, "InvoicingParty");
    if (!put_s(m, s, EINV_T_BT_31, e, "SupplierVATRegistration"))
        put_s(m, s, EINV_T_BT_31, ad, "VATRegistration");
    if (ad && (str(m, ad, "StreetAddressName") || str(m, ad, "CityName") || str(m, ad, "Country"))) {
        a = group(m, s, EINV_T_BG_5, ad);
        put_s(m, a, EINV_T_BT_35, ad, "StreetAddressName");
        put_s(m, a, EINV_T_BT_36, ad, "POBox");
        put_s(m, a, EINV_T_BT_37, ad, "CityName");
        if (!put_s(m, a, EINV_T_BT_38, ad, "PostalCode"))
            put_s(m, a, EINV_T_BT_38, ad, "POBoxPostalCode");
        put_s(m, a, EINV_T_BT_39, ad, "Region");
        put_s(m, a, EINV_T_BT_40, ad, "Country");
    }
    if ((v = str(m, ad, "OneTimeBusinessPartnerEmail")))
        put(m, group(m, s, EINV_T_BG_6, v), EINV_T_BT_43, v->s, v);
    md = erp_map_party(m->map, 0, str_s(m, e, "InvoicingParty"));
    if (md)
        erp_map_fill(m->inv, s, md);
    erp_map_fill_defaults(m->map, m->inv, s, 1);
    /* buyer: the company code's master data from the mapping document */
    cc = jr_member(e, "CompanyCode");
    b = group(m, root, EINV_T_BG_7, cc ? cc : e);
    if ((mc = erp_map_party(m->map, 1, str_s(m, e, "CompanyCode"))))
        erp_map_fill(m->inv, b, mc);
    erp_map_fill_defaults(m->map, m->inv, b, 0);
    /* payment: reference and the one-time supplier's account; what the entity lacks (BT-81,
     * BT-82, an account) from the supplier's entry, the company code's, the defaults */
    if ((v = str(m, e, "PaymentReference")))
        put(m, (pay = group(m, root, EINV_T_BG_16, v)), EINV_T_BT_83, v->s, v);
    if ((v = str(m, ad, "IBAN"))) {
        pay = pay ? pay : group(m, root, EINV_T_BG_16, v);
        ct = einv_node_add(m->inv, pay, EINV_T_BG_17, NULL);
        set_src(m, ct, v);
        put(m, ct, EINV_T_BT_84, v->s, v);
        put_s(m, ct, EINV_T_BT_86, ad, "SWIFTCode");
    }
    erp_map_payment(m->map, m->inv, md, str_s(m, e, "CompanyCode"));
    {   /* BT-72: the supply date SAP records for tax */
        char d[64];
        const jr_value_t *tf = date(m, e, "TaxFulfillmentDate", d);
        if (tf)
            put(m, group(m, root, EINV_T_BG_13, tf), EINV_T_BT_72, d, tf);
    }
}

/* ---- lines and VAT ---- */

typedef struct tgrp {
    const char *code;
    const jr_value_t *code_v, *seg;
    erp_tax_t tax;
    int mapped, has_base, has_amount;
    einv_dec_t base, amount, lines;
} tgrp_t;

typedef struct tax {
    tgrp_t g[MAX_TAX];
    size_t n;
} tax_t;

static tgrp_t *tax_find(om_t *m, tax_t *t, const char *code, const jr_value_t *code_v, const jr_value_t *seg)
{
    size_t i;
    for (i = 0; i < t->n; i++)
        if (strcmp(t->g[i].code, code) == 0)
            return &t->g[i];
    if (t->n == MAX_TAX)
        return NULL;
    memset(&t->g[t->n], 0, sizeof t->g[0]);
    t->g[t->n].code = code;
    t->g[t->n].code_v = code_v;
    t->g[t->n].seg = seg;
    t->g[t->n].mapped = erp_map_tax(m->map, code, &t->g[t->n].tax);
    t->g[t->n].base = t->g[t->n].amount = t->g[t->n].lines = einv_dec_from_int(0);
    return &t->g[t->n++];
}

typedef struct lsum {
    einv_dec_t net;
    int ok, n;
    const char *po;     /* the one purchase order of all PO items, or NULL */
    int po_mixed;
    const jr_value_t *po_v;
} lsum_t;

static void line(om_t *m, einv_node_t *root, const jr_value_t *it, int po_item, tax_t *tax, lsum_t *ls)
{
    einv_node_t *ln;
    const jr_value_t *qv, *av, *pv, *cv, *tv;
    einv_dec_t q, a, pq;
    const char *unit, *code, *po;
    if (it->type != JR_OBJECT) {
        bad_type(m, it, "an object");
        return;
    }
    ln = einv_node_add(m->inv, root, EINV_T_BG_25, NULL);
    set_src(m, ln, it);
    ls->n++;
    put_s(m, ln, EINV_T_BT_126, it, "SupplierInvoiceItem");
    put_s(m, ln, EINV_T_BT_153, it, "SupplierInvoiceItemText");
    put_s(m, ln, EINV_T_BT_156, it, "Material");
    /* quantity and unit; a G/L line without quantity counts as 1 piece */
    qv = dec(m, it, po_item ? "QuantityInPurchaseOrderUnit" : "Quantity", &q);
    cv = str(m, it, po_item ? "PurchaseOrderQtyUnitISOCode" : "SuplrInvcItmQtyUnitISOCode");
    if (qv) {
        put(m, ln, EINV_T_BT_129, qv->s, qv);
        if (cv) {
            unit = erp_map_unit(m->map, cv->s);
            put(m, ln, EINV_T_BT_130, unit ? unit : cv->s, cv);
        }
    } else if (!po_item) {
        q = einv_dec_from_int(1);
        put(m, ln, EINV_T_BT_129, "1", it);
        put(m, ln, EINV_T_BT_130, "C62", it);
        qv = it;
    }
    /* net amount: credit memos are positive; an invoice's credit postings are negative */
    av = dec(m, it, "SupplierInvoiceItemAmount", &a);
    if (av) {
        const char *dc = str_s(m, it, "DebitCreditCode");
        a = einv_dec_abs(a);
        if (!m->credit && dc && strcmp(dc, "H") == 0)
            a = einv_dec_neg(a);
        /* BT-146: amount / quantity in the price unit (PO items) or / quantity */
        pv = po_item ? dec(m, it, "QtyInPurchaseOrderPriceUnit", &pq) : NULL;
        if (!pv && qv)
            pq = q, pv = qv;
        if (pv && !einv_dec_is_zero(pq)) {
            einv_dec_t price = einv_dec_div(einv_dec_abs(a), einv_dec_abs(pq), a.scale > 2 ? a.scale : 2);
            if (price.ok)
                put(m, ln, EINV_T_BT_146, dtext(m, price), av);
        }
    }
    /* line VAT from the tax-code table */
    if ((tv = str(m, it, "TaxCode"))) {
        tgrp_t *g;
        code = tv->s;
        g = tax_find(m, tax, code, tv, it);
        if (g && g->mapped && g->tax.category)
            put(m, ln, EINV_T_BT_151, g->tax.category, tv);
        if (g && g->mapped && g->tax.rate)
            put(m, ln, EINV_T_BT_152, g->tax.rate, tv);
        if (g && av)
            g->lines = einv_dec_add(g->lines, a);
    }
    if (av) {
        put(m, ln, EINV_T_BT_131, dtext(m, a), av);
        ls->net = einv_dec_add(ls->net, a);
    } else
        ls->ok = 0;
    if (po_item && (po = str_s(m, it, "PurchaseOrder"))) {
        if (ls->po && strcmp(ls->po, po) != 0)
            ls->po_mixed = 1;
        ls->po = po;
        ls->po_v = jr_member(it, "PurchaseOrder");
    }
    put_s(m, ln, EINV_T_BT_132, it, "PurchaseOrderItem");
}

static void taxes(om_t *m, einv_node_t *root, const jr_value_t *e, tax_t *tax, int *any)
{
    const jr_value_t *r = nav(m, e, "to_SupplierInvoiceTax"), *t, *cv, *bv, *av;
    einv_dec_t b, a;
    size_t i;
    for (t = r ? r->first : NULL; t; t = t->next) {
        tgrp_t *g;
        if (t->type != JR_OBJECT) {
            bad_type(m, t, "an object");
            continue;
        }
        if (!(cv = str(m, t, "TaxCode")) || !(g = tax_find(m, tax, cv->s, cv, t)))
            continue;
        g->seg = t;
        g->code_v = cv;
        if ((bv = dec(m, t, "TaxBaseAmountInTransCrcy", &b)))
            g->base = einv_dec_add(g->base, einv_dec_abs(b)), g->has_base = 1;
        if ((av = dec(m, t, "TaxAmount", &a)))   /* "with +/- sign": BT-117 is the absolute value */
            g->amount = einv_dec_add(g->amount, einv_dec_abs(a)), g->has_amount = 1;
    }
    *any = r != NULL;
    for (i = 0; i < tax->n; i++) {
        tgrp_t *g = &tax->g[i];
        einv_node_t *bd = einv_node_add(m->inv, root, EINV_T_BG_23, NULL);
        set_src(m, bd, g->seg);
        if (g->mapped && g->tax.category)
            put(m, bd, EINV_T_BT_118, g->tax.category, g->code_v);
        if (g->mapped && g->tax.rate)
            put(m, bd, EINV_T_BT_119, g->tax.rate, g->code_v);
        put(m, bd, EINV_T_BT_116, dtext(m, g->has_base ? g->base : g->lines), g->seg);
        if (g->has_amount)
            put(m, bd, EINV_T_BT_117, dtext(m, g->amount), jr_member(g->seg, "TaxAmount"));
        if (g->mapped && g->tax.exemption_reason)
            einv_node_set_src(m->inv, einv_node_add(m->inv, bd, EINV_T_BT_120, g->tax.exemption_reason), g->tax.src, NULL);
        if (g->mapped && g->tax.exemption_code)
            einv_node_set_src(m->inv, einv_node_add(m->inv, bd, EINV_T_BT_121, g->tax.exemption_code), g->tax.src, NULL);
    }
}

einv_invoice_t *odata_to_model(einv_ctx_t *ctx, const jr_value_t *e, const erp_map_t *map,
                               const einv_rule_t *type_rule)
{
    static const char *const NAVS[] = {"to_SuplrInvcItemPurOrdRef", "to_SupplierInvoiceItemGLAcct",
                                       "to_SuplrInvcItemMaterial", "to_SuplrInvcItemAsset"};
    om_t m;
    einv_node_t *root, *t, *n;
    tax_t *tax;
    lsum_t ls;
    const jr_value_t *r, *it, *cv, *gv;
    einv_dec_t charge, gross, sum_tax = einv_dec_from_int(0);
    size_t i;
    int any_tax = 0, has_charge = 0;
    memset(&m, 0, sizeof m);
    memset(&ls, 0, sizeof ls);
    m.ctx = ctx;
    m.map = map;
    m.type_rule = type_rule;
    if (!(m.inv = einv_invoice_new()))
        return NULL;
    if (!(tax = calloc(1, sizeof *tax))) {
        einv_invoice_free(m.inv);
        return NULL;
    }
    root = einv_invoice_root(m.inv);
    set_src(&m, root, e);
    header(&m, root, e);
    parties(&m, root, e);
    ls.ok = 1;
    ls.net = einv_dec_from_int(0);
    for (i = 0; i < sizeof NAVS / sizeof NAVS[0]; i++)
        for (it = (r = nav(&m, e, NAVS[i])) ? r->first : NULL; it; it = it->next)
            line(&m, root, it, i == 0, tax, &ls);
    /* BT-13: the one purchase order of the PO items */
    if (ls.po && !ls.po_mixed) {
        einv_node_t *po = einv_node_add(m.inv, root, EINV_T_BT_13, ls.po);
        set_src(&m, po, ls.po_v);
    }
    /* BG-21: unplanned delivery costs are a document-level charge */
    if ((cv = dec(&m, e, "UnplannedDeliveryCost", &charge)) && einv_dec_sign(charge) > 0) {
        const jr_value_t *tc = str(&m, e, "UnplannedDeliveryCostTaxCode");
        erp_tax_t tx;
        n = einv_node_add(m.inv, root, EINV_T_BG_21, NULL);
        set_src(&m, n, cv);
        put(&m, n, EINV_T_BT_99, cv->s, cv);
        if (tc && erp_map_tax(map, tc->s, &tx)) {
            put(&m, n, EINV_T_BT_102, tx.category, tc);
            put(&m, n, EINV_T_BT_103, tx.rate, tc);
        }
        put(&m, n, EINV_T_BT_104, "Unplanned delivery costs", cv);
        has_charge = 1;
    }
    taxes(&m, root, e, tax, &any_tax);
    t = einv_node_add(m.inv, root, EINV_T_BG_22, NULL);
    set_src(&m, t, e);
    if (ls.ok && ls.n) {
        einv_dec_t net = ls.net;
        put(&m, t, EINV_T_BT_106, dtext(&m, ls.net), e);
        if (has_charge) {
            put(&m, t, EINV_T_BT_108, cv->s, cv);
            net = einv_dec_add(net, charge);
        }
        put(&m, t, EINV_T_BT_109, dtext(&m, net), e);
    }
    for (i = 0; i < tax->n; i++)
        if (tax->g[i].has_amount)
            sum_tax = einv_dec_add(sum_tax, tax->g[i].amount);
    if (any_tax)
        put(&m, t, EINV_T_BT_110, dtext(&m, sum_tax), jr_member(e, "to_SupplierInvoiceTax"));
    if ((gv = dec(&m, e, "InvoiceGrossAmount", &gross))) {
        const char *g = dtext(&m, einv_dec_abs(gross));
        put(&m, t, EINV_T_BT_112, g, gv);
        put(&m, t, EINV_T_BT_115, g, gv);
    }
    free(tax);
    return m.inv;
}
