/* EN 16931 core rules for UBL, amounts part: document totals (cac:LegalMonetaryTotal),
 * the VAT total and breakdown (cac:TaxTotal, cac:TaxSubtotal) and the root-level total
 * checks BR-CO-15 / BR-CO-18. Called from ubl_rules_core.c, which owns the family.
 *
 * Arithmetic follows the Schematron's xs:decimal expressions exactly: round(x*10*10) div 100
 * is einv_dec_round(x, 2) (half toward +infinity); a missing or non-decimal operand makes
 * the comparison false, so the rule fires. */
#include <string.h>
#include "en16931_int.h"

/* ---- internal to the plugin: shared with ubl_rules_core.c ---- */
#define EN_INTERNAL __attribute__((visibility("hidden")))
EN_INTERNAL int enuc_is_vat_scheme(const xmlNode *cat);
EN_INTERNAL int enuc_charge_indicator_is(const xmlNode *ac, int want);
EN_INTERNAL void enuc_check_totals(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root,
                                   einv_dec_t line_sum);

#define R(var, id, terms, msg, sug) \
    EN_INTERNAL const einv_rule_t var = {id, EINV_SEV_ERROR, EINV_LAYER_CORE, terms, msg, sug};

R(enuc_BR_12, "BR-12", "BT-106", "The sum of invoice line net amounts (BT-106) is missing.",
  "Add cbc:LineExtensionAmount to cac:LegalMonetaryTotal.")
R(enuc_BR_13, "BR-13", "BT-109", "The invoice total without VAT (BT-109) is missing.",
  "Add cbc:TaxExclusiveAmount to cac:LegalMonetaryTotal.")
R(enuc_BR_14, "BR-14", "BT-112", "The invoice total with VAT (BT-112) is missing.",
  "Add cbc:TaxInclusiveAmount to cac:LegalMonetaryTotal.")
R(enuc_BR_15, "BR-15", "BT-115", "The amount due for payment (BT-115) is missing.",
  "Add cbc:PayableAmount to cac:LegalMonetaryTotal.")
R(enuc_BR_45, "BR-45", "BT-116", "A VAT breakdown has no taxable amount (BT-116).",
  "Add cbc:TaxableAmount to the cac:TaxSubtotal.")
R(enuc_BR_46, "BR-46", "BT-117", "A VAT breakdown has no VAT amount (BT-117).",
  "Add cbc:TaxAmount to the cac:TaxSubtotal.")
R(enuc_BR_47, "BR-47", "BT-118", "A VAT breakdown has no VAT category code (BT-118).",
  "Add cac:TaxCategory with cbc:ID and cac:TaxScheme/cbc:ID = VAT to the cac:TaxSubtotal.")
R(enuc_BR_48, "BR-48", "BT-119", "A VAT breakdown has no VAT rate (BT-119).",
  "Add cac:TaxCategory/cbc:Percent (only category O may go without a rate).")
R(enuc_BR_CO_10, "BR-CO-10", "BT-106, BT-131",
  "The sum of line net amounts (BT-106) differs from the total of the invoice lines (BT-131).",
  "Set cbc:LineExtensionAmount of the totals to the sum of the lines' cbc:LineExtensionAmount.")
R(enuc_BR_CO_11, "BR-CO-11", "BT-107, BT-92",
  "The sum of document allowances (BT-107) differs from the allowances given (BT-92).",
  "Set cbc:AllowanceTotalAmount to the sum of the document level allowance amounts.")
R(enuc_BR_CO_12, "BR-CO-12", "BT-108, BT-99",
  "The sum of document charges (BT-108) differs from the charges given (BT-99).",
  "Set cbc:ChargeTotalAmount to the sum of the document level charge amounts.")
R(enuc_BR_CO_13, "BR-CO-13", "BT-109, BT-106, BT-107, BT-108",
  "The total without VAT (BT-109) is not line total - allowances + charges.",
  "Recompute cbc:TaxExclusiveAmount as BT-106 - BT-107 + BT-108.")
R(enuc_BR_CO_14, "BR-CO-14", "BT-110, BT-117",
  "The invoice VAT total (BT-110) differs from the sum of the VAT breakdown amounts (BT-117).",
  "Set cac:TaxTotal/cbc:TaxAmount to the sum of its cac:TaxSubtotal/cbc:TaxAmount.")
R(enuc_BR_CO_15, "BR-CO-15", "BT-112, BT-109, BT-110",
  "The total with VAT (BT-112) is not the total without VAT (BT-109) plus the VAT total (BT-110).",
  "Give exactly one VAT total in the invoice currency and set BT-112 = BT-109 + BT-110.")
R(enuc_BR_CO_16, "BR-CO-16", "BT-115, BT-112, BT-113, BT-114",
  "The amount due (BT-115) is not total with VAT - paid amount + rounding amount.",
  "Recompute cbc:PayableAmount as BT-112 - BT-113 + BT-114.")
R(enuc_BR_CO_17, "BR-CO-17", "BT-117, BT-116, BT-119",
  "A VAT breakdown amount (BT-117) is not its taxable amount (BT-116) times its rate (BT-119).",
  "Set cbc:TaxAmount to cbc:TaxableAmount x cbc:Percent / 100, rounded to 2 decimals.")
R(enuc_BR_CO_18, "BR-CO-18", "BG-23", "The invoice has no VAT breakdown (BG-23).",
  "Add at least one cac:TaxTotal/cac:TaxSubtotal.")
R(enuc_BR_DEC_09, "BR-DEC-09", "BT-106", "The sum of line net amounts (BT-106) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(enuc_BR_DEC_10, "BR-DEC-10", "BT-107", "The sum of allowances (BT-107) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(enuc_BR_DEC_11, "BR-DEC-11", "BT-108", "The sum of charges (BT-108) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(enuc_BR_DEC_12, "BR-DEC-12", "BT-109", "The total without VAT (BT-109) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(enuc_BR_DEC_14, "BR-DEC-14", "BT-112", "The total with VAT (BT-112) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(enuc_BR_DEC_16, "BR-DEC-16", "BT-113", "The paid amount (BT-113) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(enuc_BR_DEC_17, "BR-DEC-17", "BT-114", "The rounding amount (BT-114) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(enuc_BR_DEC_18, "BR-DEC-18", "BT-115", "The amount due for payment (BT-115) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(enuc_BR_DEC_19, "BR-DEC-19", "BT-116", "A VAT category taxable amount (BT-116) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(enuc_BR_DEC_20, "BR-DEC-20", "BT-117", "A VAT category tax amount (BT-117) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")

/* FOR_KIDS(d, parent, ns, name, n) { ... }: the ns:name children of parent, found through the
 * document index (the root has one child per invoice line, so no child-list scans). */
static xmlNode **lbeg(const einv_nodelist_t *l) { return l->n ? l->v : NULL; }
static xmlNode **lend(const einv_nodelist_t *l) { return l->n ? l->v + l->n : NULL; }
#define FOR_KIDS(d, up, ns, name, var)                                                 \
    for (xmlNode **var##_p = lbeg(einv_xdoc_all(d, ns, name)),                         \
                 **var##_e = lend(einv_xdoc_all(d, ns, name)), *var = NULL;            \
         var##_p < var##_e && (var = *var##_p) != NULL; var##_p++)                     \
        if (var->parent != (up)) continue; else

/* ---- decimal helpers ---- */

static xmlNodePtr cbc(const xmlNode *n, const char *name) { return einv_x_child(n, EINV_NS_CBC, name); }

/* xs:decimal(cbc:NAME); .ok = 0 when absent or not castable. */
static einv_dec_t dec(const xmlNode *n, const char *name) { return einv_x_dec(cbc(n, name)); }

/* round(x * 10 * 10) div 100 */
static einv_dec_t r2(einv_dec_t x) { return einv_dec_round(x, 2); }

/* a = b over two xs:decimal values, false when either is missing/invalid. */
static int deq(einv_dec_t a, einv_dec_t b) { return a.ok && b.ok && einv_dec_eq(a, b); }

/* Sum of xs:decimal(cbc:NAME) over every such child of n, added into *acc. */
static void sum_children(const xmlNode *n, const char *name, einv_dec_t *acc)
{
    xmlNodePtr c;
    for (c = cbc(n, name); c; c = einv_x_next_same(c))
        *acc = einv_dec_add(*acc, einv_x_dec(c));
}

static int dec2_ok(const xmlNode *n, const char *name) { return einv_x_fraction_digits(cbc(n, name)) <= 2; }

/* ---- cac:LegalMonetaryTotal ---- */

/* sum(../cac:AllowanceCharge[cbc:ChargeIndicator = want]/xs:decimal(cbc:Amount)); *any
 * tells whether such an allowance/charge exists at all. */
static einv_dec_t sum_ac(const einv_xdoc_t *d, const xmlNode *up, int want, int *any)
{
    einv_dec_t s = einv_dec_from_int(0);
    *any = 0;
    if (!up)
        return s;
    FOR_KIDS(d, up, EINV_NS_CAC, "AllowanceCharge", ac) {
        if (enuc_charge_indicator_is(ac, want)) {
            *any = 1;
            sum_children(ac, "Amount", &s);
        }
    }
    return s;
}

static void check_lmt(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *t, einv_dec_t line_sum)
{
    const xmlNode *up = t->parent && t->parent->type == XML_ELEMENT_NODE ? t->parent : NULL;
    einv_dec_t lea = dec(t, "LineExtensionAmount"), tea = dec(t, "TaxExclusiveAmount");
    einv_dec_t tia = dec(t, "TaxInclusiveAmount"), pa = dec(t, "PayableAmount");
    einv_dec_t ata = dec(t, "AllowanceTotalAmount"), cta = dec(t, "ChargeTotalAmount");
    einv_dec_t pre = dec(t, "PrepaidAmount"), rnd = dec(t, "PayableRoundingAmount"), s, want;
    int has_a = cbc(t, "AllowanceTotalAmount") != NULL, has_c = cbc(t, "ChargeTotalAmount") != NULL;
    int has_p = cbc(t, "PrepaidAmount") != NULL, has_r = cbc(t, "PayableRoundingAmount") != NULL;
    int any, ok;

    if (!cbc(t, "LineExtensionAmount"))
        einv_report(ctx, &enuc_BR_12, t);
    if (!cbc(t, "TaxExclusiveAmount"))
        einv_report(ctx, &enuc_BR_13, t);
    if (!cbc(t, "TaxInclusiveAmount"))
        einv_report(ctx, &enuc_BR_14, t);
    if (!cbc(t, "PayableAmount"))
        einv_report(ctx, &enuc_BR_15, t);

    if (!deq(lea, r2(line_sum)))
        einv_report(ctx, &enuc_BR_CO_10, t);

    s = sum_ac(d, up, 0, &any);
    if (!(deq(ata, r2(s)) || (!has_a && !any)))
        einv_report(ctx, &enuc_BR_CO_11, t);
    s = sum_ac(d, up, 1, &any);
    if (!(deq(cta, r2(s)) || (!has_c && !any)))
        einv_report(ctx, &enuc_BR_CO_12, t);

    if (has_c && has_a)
        want = r2(einv_dec_sub(einv_dec_add(lea, cta), ata));
    else if (has_a)
        want = r2(einv_dec_sub(lea, ata));
    else if (has_c)
        want = r2(einv_dec_add(lea, cta));
    else
        want = lea;
    if (!deq(tea, want))
        einv_report(ctx, &enuc_BR_CO_13, t);

    if (has_p && !has_r)
        ok = deq(pa, r2(einv_dec_sub(tia, pre)));
    else if (!has_p && !has_r)
        ok = deq(pa, tia);
    else if (has_p)
        ok = deq(r2(einv_dec_sub(pa, rnd)), r2(einv_dec_sub(tia, pre)));
    else
        ok = deq(r2(einv_dec_sub(pa, rnd)), tia);
    if (!ok)
        einv_report(ctx, &enuc_BR_CO_16, t);

    if (!dec2_ok(t, "LineExtensionAmount"))
        einv_report(ctx, &enuc_BR_DEC_09, t);
    if (!dec2_ok(t, "AllowanceTotalAmount"))
        einv_report(ctx, &enuc_BR_DEC_10, t);
    if (!dec2_ok(t, "ChargeTotalAmount"))
        einv_report(ctx, &enuc_BR_DEC_11, t);
    if (!dec2_ok(t, "TaxExclusiveAmount"))
        einv_report(ctx, &enuc_BR_DEC_12, t);
    if (!dec2_ok(t, "TaxInclusiveAmount"))
        einv_report(ctx, &enuc_BR_DEC_14, t);
    if (!dec2_ok(t, "PrepaidAmount"))
        einv_report(ctx, &enuc_BR_DEC_16, t);
    if (!dec2_ok(t, "PayableRoundingAmount"))
        einv_report(ctx, &enuc_BR_DEC_17, t);
    if (!dec2_ok(t, "PayableAmount"))
        einv_report(ctx, &enuc_BR_DEC_18, t);
}

/* ---- cac:TaxSubtotal (under any cac:TaxTotal) ---- */

static void check_subtotal(einv_ctx_t *ctx, const xmlNode *st)
{
    xmlNodePtr cat, pct = NULL;
    int vat_id = 0, vat_pct = 0, cat_o = 0;
    einv_dec_t ta = dec(st, "TaxAmount"), tba = dec(st, "TaxableAmount");
    int ok;

    for (cat = einv_x_child(st, EINV_NS_CAC, "TaxCategory"); cat; cat = einv_x_next_same(cat)) {
        if (!enuc_is_vat_scheme(cat))
            continue;
        vat_id |= cbc(cat, "ID") != NULL;
        cat_o |= einv_x_norm_eq(cbc(cat, "ID"), "O");
        if (cbc(cat, "Percent")) {
            vat_pct = 1;
            if (!pct)
                pct = cbc(cat, "Percent");
        }
    }
    if (!cbc(st, "TaxableAmount"))
        einv_report(ctx, &enuc_BR_45, st);
    if (!cbc(st, "TaxAmount"))
        einv_report(ctx, &enuc_BR_46, st);
    if (!vat_id)
        einv_report(ctx, &enuc_BR_47, st);
    if (!vat_pct && !cat_o)
        einv_report(ctx, &enuc_BR_48, st);

    if (vat_pct) {
        einv_dec_t p = einv_x_dec(pct), rp = einv_dec_round(p, 0);
        if (!p.ok)
            ok = 0;
        else if (einv_dec_is_zero(rp))
            ok = ta.ok && einv_dec_is_zero(einv_dec_round(ta, 0));
        else {
            /* |TA| - 1 < round(|TBA| * P/100 * 100) div 100 < |TA| + 1 */
            einv_dec_t calc = r2(einv_dec_shift(einv_dec_mul(einv_dec_abs(tba), p), 2));
            einv_dec_t one = einv_dec_from_int(1), a = einv_dec_abs(ta);
            ok = ta.ok && tba.ok && calc.ok &&
                 einv_dec_cmp(einv_dec_sub(a, one), calc) < 0 &&
                 einv_dec_cmp(einv_dec_add(a, one), calc) > 0;
        }
    } else {
        ok = ta.ok && einv_dec_is_zero(einv_dec_round(ta, 0));
    }
    if (!ok)
        einv_report(ctx, &enuc_BR_CO_17, st);

    if (!dec2_ok(st, "TaxableAmount"))
        einv_report(ctx, &enuc_BR_DEC_19, st);
    if (!dec2_ok(st, "TaxAmount"))
        einv_report(ctx, &enuc_BR_DEC_20, st);
}

/* ---- root level: BR-CO-14 on each root cac:TaxTotal, BR-CO-15, BR-CO-18 ---- */

static void check_root_totals(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root)
{
    xmlNodePtr lmt = NULL;
    int has_sub = 0, bad15 = 0;

    FOR_KIDS(d, root, EINV_NS_CAC, "LegalMonetaryTotal", m) {
        lmt = m;
        break;
    }
    FOR_KIDS(d, root, EINV_NS_CAC, "TaxTotal", tt) {
        xmlNodePtr st = einv_x_child(tt, EINV_NS_CAC, "TaxSubtotal");
        einv_dec_t s = einv_dec_from_int(0);
        if (!st)
            continue;
        has_sub = 1;
        for (; st; st = einv_x_next_same(st))
            sum_children(st, "TaxAmount", &s);
        if (!deq(dec(tt, "TaxAmount"), r2(s)))
            einv_report(ctx, &enuc_BR_CO_14, tt);
    }

    /* every $c in cbc:DocumentCurrencyCode: exactly one cac:TaxTotal/cbc:TaxAmount in $c and
     * LegalMonetaryTotal/TaxInclusiveAmount = round2(TaxExclusiveAmount + that amount) */
    FOR_KIDS(d, root, EINV_NS_CBC, "DocumentCurrencyCode", cur) {
        const char *c = einv_x_text(cur);
        xmlNodePtr hit = NULL, ta;
        size_t n = 0;
        int ok = 0;
        FOR_KIDS(d, root, EINV_NS_CAC, "TaxTotal", tt) {
            for (ta = cbc(tt, "TaxAmount"); ta; ta = einv_x_next_same(ta)) {
                const char *a = einv_x_attr(ta, "currencyID");
                if (a && strcmp(a, c) == 0) {
                    n++;
                    hit = ta;
                }
            }
        }
        if (n == 1) {
            einv_dec_t want = r2(einv_dec_add(dec(lmt, "TaxExclusiveAmount"), einv_x_dec(hit)));
            FOR_KIDS(d, root, EINV_NS_CAC, "LegalMonetaryTotal", m) {
                xmlNodePtr tia;
                for (tia = cbc(m, "TaxInclusiveAmount"); tia && !ok; tia = einv_x_next_same(tia))
                    ok = deq(einv_x_dec(tia), want);
                if (ok)
                    break;
            }
        }
        if (!ok) {
            bad15 = 1;
            break;
        }
    }
    if (bad15)
        einv_report(ctx, &enuc_BR_CO_15, root);

    if (!has_sub)
        einv_report(ctx, &enuc_BR_CO_18, root);
}

/* line_sum: sum(//(cac:InvoiceLine|cac:CreditNoteLine)/xs:decimal(cbc:LineExtensionAmount)),
 * gathered by the line pass of ubl_rules_core.c. */
void enuc_check_totals(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root, einv_dec_t line_sum)
{
    const einv_nodelist_t *l;
    size_t i;

    l = einv_xdoc_all(d, EINV_NS_CAC, "LegalMonetaryTotal");
    for (i = 0; i < l->n; i++)
        check_lmt(ctx, d, l->v[i], line_sum);

    l = einv_xdoc_all(d, EINV_NS_CAC, "TaxSubtotal");
    for (i = 0; i < l->n; i++)
        if (einv_x_is(l->v[i]->parent, EINV_NS_CAC, "TaxTotal"))
            check_subtotal(ctx, l->v[i]);

    if (root)
        check_root_totals(ctx, d, root);
}
