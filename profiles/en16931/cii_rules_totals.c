/* EN 16931 amount rules for CII (part of the "cii-core" family, see cii_rules_core.c):
 * the monetary summation rules (BR-12..15, BR-53, BR-CO-10..16, BR-DEC-09..18), the
 * invoice-level total check BR-CO-15 and the general VAT breakdown rule (BR-45..48,
 * BR-CO-03, BR-CO-17, BR-DEC-19/20).
 *
 * Amounts are exact decimals. Where the official test sums or multiplies untyped values
 * (which XPath does in xs:double) the exact decimal result is used: both agree for amounts
 * with two decimals. Casts that would raise a dynamic error make the assertion fail. */
#include <string.h>
#include "cii_rules_util.h"
#include "cii_rules_core_int.h"

/* ---- rule metadata (our own words) ---- */
#define R(x, id, terms, msg, sug) \
    const einv_rule_t EN_CII_R(x) = {id, EINV_SEV_ERROR, EINV_LAYER_CORE, terms, msg, sug};

R(BR_12, "BR-12", "BT-106", "The sum of invoice line net amounts (BT-106) is missing.",
  "Add ram:LineTotalAmount to ram:SpecifiedTradeSettlementHeaderMonetarySummation.")
R(BR_13, "BR-13", "BT-109", "The invoice total without VAT (BT-109) is missing.",
  "Add ram:TaxBasisTotalAmount to ram:SpecifiedTradeSettlementHeaderMonetarySummation.")
R(BR_14, "BR-14", "BT-112", "The invoice total with VAT (BT-112) is missing.",
  "Add ram:GrandTotalAmount to ram:SpecifiedTradeSettlementHeaderMonetarySummation.")
R(BR_15, "BR-15", "BT-115", "The amount due for payment (BT-115) is missing.",
  "Add ram:DuePayableAmount to ram:SpecifiedTradeSettlementHeaderMonetarySummation.")
R(BR_45, "BR-45", "BT-116", "A VAT breakdown has no taxable amount (BT-116).",
  "Add ram:BasisAmount to the header ram:ApplicableTradeTax.")
R(BR_46, "BR-46", "BT-117", "A VAT breakdown has no tax amount (BT-117).",
  "Add ram:CalculatedAmount to the header ram:ApplicableTradeTax.")
R(BR_47, "BR-47", "BT-118", "A VAT breakdown has no VAT category code (BT-118).",
  "Give the header ram:ApplicableTradeTax ram:TypeCode VAT and a ram:CategoryCode.")
R(BR_48, "BR-48", "BT-119", "A VAT breakdown has no VAT rate (BT-119).",
  "Add ram:RateApplicablePercent; only category O (not subject to VAT) may go without.")
R(BR_53, "BR-53", "BT-6, BT-111",
  "The VAT accounting currency (BT-6) is given without the VAT total in that currency (BT-111).",
  "Add a ram:TaxTotalAmount whose currencyID is the ram:TaxCurrencyCode (which must differ "
  "from the invoice currency), or drop ram:TaxCurrencyCode.")
R(BR_CO_03, "BR-CO-03", "BT-7, BT-8",
  "The VAT point date (BT-7) and the VAT point date code (BT-8) are both given.",
  "Keep either ram:TaxPointDate or ram:DueDateTypeCode, not both.")
R(BR_CO_10, "BR-CO-10", "BT-106, BT-131",
  "The sum of line net amounts (BT-106) differs from the total of the invoice lines (BT-131).",
  "Set ram:LineTotalAmount of the header summation to the sum of the lines' ram:LineTotalAmount.")
R(BR_CO_11, "BR-CO-11", "BT-107, BT-92",
  "The sum of document allowances (BT-107) differs from the allowance amounts (BT-92).",
  "Set ram:AllowanceTotalAmount to the sum of the document level allowances' ram:ActualAmount.")
R(BR_CO_12, "BR-CO-12", "BT-108, BT-99",
  "The sum of document charges (BT-108) differs from the charge amounts (BT-99).",
  "Set ram:ChargeTotalAmount to the sum of the document level charges' ram:ActualAmount.")
R(BR_CO_13, "BR-CO-13", "BT-109, BT-106, BT-107, BT-108",
  "The total without VAT (BT-109) is not line total minus allowances plus charges.",
  "Set ram:TaxBasisTotalAmount = ram:LineTotalAmount - ram:AllowanceTotalAmount + "
  "ram:ChargeTotalAmount.")
R(BR_CO_14, "BR-CO-14", "BT-110, BT-117",
  "The invoice VAT total (BT-110) differs from the sum of the VAT breakdown amounts (BT-117).",
  "Set ram:TaxTotalAmount (invoice currency) to the sum of the breakdowns' ram:CalculatedAmount.")
R(BR_CO_15, "BR-CO-15", "BT-112, BT-109, BT-110",
  "The total with VAT (BT-112) is not the total without VAT plus the VAT total.",
  "Set ram:GrandTotalAmount = ram:TaxBasisTotalAmount + ram:TaxTotalAmount (invoice currency), "
  "with exactly one ram:TaxTotalAmount in the invoice currency.")
R(BR_CO_16, "BR-CO-16", "BT-115, BT-112, BT-113, BT-114",
  "The amount due (BT-115) is not total with VAT minus paid amount plus rounding.",
  "Set ram:DuePayableAmount = ram:GrandTotalAmount - ram:TotalPrepaidAmount + ram:RoundingAmount.")
R(BR_CO_17, "BR-CO-17", "BT-117, BT-116, BT-119",
  "A VAT category tax amount (BT-117) is not its taxable amount times its rate.",
  "Set ram:CalculatedAmount = ram:BasisAmount x ram:RateApplicablePercent / 100, rounded to 2 "
  "decimals.")
R(BR_DEC_09, "BR-DEC-09", "BT-106", "The sum of line net amounts (BT-106) has more than 2 decimals.",
  "Round ram:LineTotalAmount of the header summation to 2 decimals.")
R(BR_DEC_10, "BR-DEC-10", "BT-107", "The sum of allowances (BT-107) has more than 2 decimals.",
  "Round ram:AllowanceTotalAmount to 2 decimals.")
R(BR_DEC_11, "BR-DEC-11", "BT-108", "The sum of charges (BT-108) has more than 2 decimals.",
  "Round ram:ChargeTotalAmount to 2 decimals.")
R(BR_DEC_12, "BR-DEC-12", "BT-109", "The total without VAT (BT-109) has more than 2 decimals.",
  "Round ram:TaxBasisTotalAmount to 2 decimals.")
R(BR_DEC_13, "BR-DEC-13", "BT-110", "The invoice VAT total (BT-110) has more than 2 decimals.",
  "Round the ram:TaxTotalAmount in the invoice currency to 2 decimals.")
R(BR_DEC_14, "BR-DEC-14", "BT-112", "The total with VAT (BT-112) has more than 2 decimals.",
  "Round ram:GrandTotalAmount to 2 decimals.")
R(BR_DEC_15, "BR-DEC-15", "BT-111",
  "The VAT total in accounting currency (BT-111) has more than 2 decimals.",
  "Round the ram:TaxTotalAmount in the VAT accounting currency to 2 decimals.")
R(BR_DEC_16, "BR-DEC-16", "BT-113", "The paid amount (BT-113) has more than 2 decimals.",
  "Round ram:TotalPrepaidAmount to 2 decimals.")
R(BR_DEC_17, "BR-DEC-17", "BT-114", "The rounding amount (BT-114) has more than 2 decimals.",
  "Round ram:RoundingAmount to 2 decimals.")
R(BR_DEC_18, "BR-DEC-18", "BT-115", "The amount due (BT-115) has more than 2 decimals.",
  "Round ram:DuePayableAmount to 2 decimals.")
R(BR_DEC_19, "BR-DEC-19", "BT-116", "A VAT category taxable amount (BT-116) has more than 2 decimals.",
  "Round ram:BasisAmount of the VAT breakdown to 2 decimals.")
R(BR_DEC_20, "BR-DEC-20", "BT-117", "A VAT category tax amount (BT-117) has more than 2 decimals.",
  "Round ram:CalculatedAmount of the VAT breakdown to 2 decimals.")

#define HDR "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/"

/* Facts about the document computed once. */
typedef struct tot {
    xmlNodePtr root;
    einv_nodes_t icc, tcc;     /* /rsm:CII/rsm:SCTT/ram:AHTS/ram:InvoiceCurrencyCode, TaxCurrencyCode */
    int has_ac[2];             /* [0] allowances, [1] charges of the header settlement */
    int ac_ok[2];              /* their sum could be formed (every amount a number) */
    einv_dec_t ac_sum[2];      /* sum of their first ram:ActualAmount */
    int ac_negzero[2];         /* that sum, rounded, is a negative zero in double arithmetic */
} tot_t;

/* Some node of set has string value s. */
static int in_set(const char *s, const einv_nodes_t *set)
{
    for (size_t i = 0; i < set->n; i++)
        if (strcmp(s, einv_x_text(set->v[i])) == 0)
            return 1;
    return 0;
}

/* round(sum(nodes) * 100) div 100 as the official test computes it (the untyped values are
 * summed as numbers). *negzero tells whether double arithmetic would give a negative zero:
 * a negative sum that rounds to zero, or a sum of negative zeros only. 0 when some value is
 * not a number. */
static int sum_untyped(const einv_nodes_t *nodes, einv_dec_t *out, int *negzero)
{
    einv_dec_t sum = einv_dec_from_int(0), v;
    int all_neg = nodes->n > 0;
    for (size_t i = 0; i < nodes->n; i++) {
        if (!cii_num(nodes->v[i], &v))
            return 0;
        all_neg = all_neg && cii_negzero(nodes->v[i], v);
        sum = einv_dec_add(sum, v);
    }
    *out = cii_round2(sum);
    *negzero = einv_dec_is_zero(*out) && (einv_dec_sign(sum) < 0 || all_neg);
    return 1;
}

static void tot_init(tot_t *t, const einv_xdoc_t *d, xmlNodePtr root)
{
    memset(t, 0, sizeof *t);
    t->root = root;
    einv_nodes_init(&t->icc);
    einv_nodes_init(&t->tcc);
    t->ac_sum[0] = t->ac_sum[1] = einv_dec_from_int(0);
    t->ac_ok[0] = t->ac_ok[1] = 1;
    if (!root)
        return;
    cii_abs(d, HDR "ram:InvoiceCurrencyCode", &t->icc);
    cii_abs(d, HDR "ram:TaxCurrencyCode", &t->tcc);
    einv_nodes_t ac, amounts[2];
    einv_nodes_init(&ac);
    einv_nodes_init(&amounts[0]);
    einv_nodes_init(&amounts[1]);
    cii_abs(d, HDR "ram:SpecifiedTradeAllowanceCharge", &ac);
    for (size_t i = 0; i < ac.n; i++)
        for (int k = 0; k < 2; k++) {
            if (!cii_ac_is(ac.v[i], k))
                continue;
            t->has_ac[k] = 1;
            xmlNodePtr a = cii_c(ac.v[i], "ActualAmount");   /* ram:ActualAmount[1] */
            if (a)
                einv_nodes_push(&amounts[k], a);
        }
    for (int k = 0; k < 2; k++) {
        t->ac_ok[k] = sum_untyped(&amounts[k], &t->ac_sum[k], &t->ac_negzero[k]);
        einv_nodes_free(&amounts[k]);
    }
    einv_nodes_free(&ac);
}

static void tot_free(tot_t *t)
{
    einv_nodes_free(&t->icc);
    einv_nodes_free(&t->tcc);
}

/* BR-CO-13: total without VAT = round(lines - allowances + charges) with whichever of the
 * allowance / charge totals is present (the first of each element). */
static int co13_ok(const xmlNode *ms)
{
    einv_dec_t tb, lt, at, ct;
    int has_at = cii_c(ms, "AllowanceTotalAmount") != NULL;
    int has_ct = cii_c(ms, "ChargeTotalAmount") != NULL;
    if (!cii_dec_first(ms, "TaxBasisTotalAmount", &tb) || !cii_dec_first(ms, "LineTotalAmount", &lt))
        return 0;
    int at_ok = cii_dec_first(ms, "AllowanceTotalAmount", &at);
    int ct_ok = cii_dec_first(ms, "ChargeTotalAmount", &ct);
    if (at_ok && ct_ok &&
        einv_dec_eq(tb, cii_round2(einv_dec_add(einv_dec_sub(lt, at), ct))))
        return 1;
    if (at_ok && !has_ct && einv_dec_eq(tb, cii_round2(einv_dec_sub(lt, at))))
        return 1;
    if (ct_ok && !has_at && einv_dec_eq(tb, cii_round2(einv_dec_add(lt, ct))))
        return 1;
    return !has_at && !has_ct && einv_dec_eq(tb, cii_round2(lt));
}

/* BR-CO-16: amount due = total with VAT - paid amount + rounding (exact, no rounding). */
static int co16_ok(const xmlNode *ms)
{
    einv_dec_t dp, gt, pp, ra;
    int has_pp = cii_c(ms, "TotalPrepaidAmount") != NULL;
    int has_ra = cii_c(ms, "RoundingAmount") != NULL;
    if (!cii_dec_first(ms, "DuePayableAmount", &dp) || !cii_dec_first(ms, "GrandTotalAmount", &gt))
        return 0;
    int pp_ok = cii_dec_first(ms, "TotalPrepaidAmount", &pp);
    int ra_ok = cii_dec_first(ms, "RoundingAmount", &ra);
    if (pp_ok && ra_ok && einv_dec_eq(dp, einv_dec_add(einv_dec_sub(gt, pp), ra)))
        return 1;
    if (ra_ok && !has_pp && einv_dec_eq(dp, einv_dec_add(gt, ra)))
        return 1;
    if (pp_ok && !has_ra && einv_dec_eq(dp, einv_dec_sub(gt, pp)))
        return 1;
    return !has_pp && !has_ra && einv_dec_eq(dp, gt);
}

/* BR-CO-10: xs:decimal(LineTotalAmount) = round(sum of the lines' net amounts, 2), the lines
 * being those of the summation's grandparent (normally the trade transaction). */
static int co10_ok(const xmlNode *ms)
{
    einv_dec_t lt, sum = einv_dec_from_int(0), v;
    einv_nodes_t s;
    int ok = 1;
    if (!cii_dec1(ms, "LineTotalAmount", &lt))
        return 0;
    einv_nodes_init(&s);
    einv_x_select(cii_up(cii_up(ms)),
                  "ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/"
                  "ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount", &s);
    for (size_t i = 0; i < s.n && ok; i++) {
        ok = cii_num(s.v[i], &v);
        if (ok)
            sum = einv_dec_add(sum, v);
    }
    einv_nodes_free(&s);
    return ok && einv_dec_eq(lt, cii_round2(sum));
}

/* `. = round(. * 100) div 100`: the value is a number with no significant third decimal. */
static int two_decimals(const xmlNode *n)
{
    einv_dec_t v;
    return cii_num(n, &v) && einv_dec_eq(v, cii_round2(v));
}

static void check_summation(einv_ctx_t *ctx, const tot_t *t, xmlNodePtr ms)
{
    static const struct { const char *el; const einv_rule_t *present, *dec; } EL[] = {
        {"LineTotalAmount", &EN_CII_R(BR_12), &EN_CII_R(BR_DEC_09)},
        {"TaxBasisTotalAmount", &EN_CII_R(BR_13), &EN_CII_R(BR_DEC_12)},
        {"GrandTotalAmount", &EN_CII_R(BR_14), &EN_CII_R(BR_DEC_14)},
        {"DuePayableAmount", &EN_CII_R(BR_15), &EN_CII_R(BR_DEC_18)},
        {"AllowanceTotalAmount", NULL, &EN_CII_R(BR_DEC_10)},
        {"ChargeTotalAmount", NULL, &EN_CII_R(BR_DEC_11)},
        {"TotalPrepaidAmount", NULL, &EN_CII_R(BR_DEC_16)},
        {"RoundingAmount", NULL, &EN_CII_R(BR_DEC_17)},
    };
    for (size_t i = 0; i < 4; i++)
        if (!cii_c(ms, EL[i].el))
            einv_report(ctx, EL[i].present, ms);

    if (t->tcc.n) {   /* BR-53 */
        int ok = 0;
        for (xmlNodePtr a = cii_c(ms, "TaxTotalAmount"); a && !ok; a = einv_x_next_same(a)) {
            const char *cur = einv_x_attr(a, "currencyID");
            ok = cur && in_set(cur, &t->tcc);
        }
        for (size_t i = 0; i < t->tcc.n && ok; i++)
            ok = !in_set(einv_x_text(t->tcc.v[i]), &t->icc);
        if (!ok)
            einv_report(ctx, &EN_CII_R(BR_53), ms);
    }
    if (!co10_ok(ms))
        einv_report(ctx, &EN_CII_R(BR_CO_10), ms);
    for (int k = 0; k < 2; k++) {   /* BR-CO-11 (allowances), BR-CO-12 (charges) */
        const char *el = k ? "ChargeTotalAmount" : "AllowanceTotalAmount";
        int ok = !t->has_ac[k] && !cii_c(ms, el), c = 0;
        for (xmlNodePtr a = cii_c(ms, el); a && !ok && t->ac_ok[k]; a = einv_x_next_same(a))
            ok = cii_untyped_cmp(a, t->ac_sum[k], t->ac_negzero[k], &c) && c == 0;
        if (!ok)
            einv_report(ctx, k ? &EN_CII_R(BR_CO_12) : &EN_CII_R(BR_CO_11), ms);
    }
    if (!co13_ok(ms))
        einv_report(ctx, &EN_CII_R(BR_CO_13), ms);
    if (!co16_ok(ms))
        einv_report(ctx, &EN_CII_R(BR_CO_16), ms);
    for (size_t i = 0; i < sizeof EL / sizeof EL[0]; i++)
        if (!cii_dec2(ms, EL[i].el))
            einv_report(ctx, EL[i].dec, ms);

    /* BR-DEC-13 / BR-DEC-15: some VAT total is either in another currency or has at most
     * two significant decimals */
    xmlNodePtr first = cii_c(ms, "TaxTotalAmount");
    if (first) {
        int ok13 = 0, ok15 = 0;
        for (xmlNodePtr a = first; a; a = einv_x_next_same(a)) {
            const char *cur = einv_x_attr(a, "currencyID");
            int in_icc = cur && in_set(cur, &t->icc);
            int in_tcc = cur && in_set(cur, &t->tcc);
            if (!in_icc || two_decimals(a))
                ok13 = 1;
            if (!t->tcc.n || (in_tcc && two_decimals(a)))
                ok15 = 1;
        }
        if (!ok13)
            einv_report(ctx, &EN_CII_R(BR_DEC_13), ms);
        if (!ok15)
            einv_report(ctx, &EN_CII_R(BR_DEC_15), ms);
    }
}

/* BR-CO-14 on every VAT total in the invoice currency. */
static void check_vat_totals(einv_ctx_t *ctx, const einv_xdoc_t *d, const tot_t *t)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, EINV_NS_RAM, "TaxTotalAmount");
    int have_sum = 0, sum_ok = 1, negzero = 0, c = 0;
    einv_dec_t sum = einv_dec_from_int(0);
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr a = l->v[i];
        const char *cur = einv_x_attr(a, "currencyID");
        if (!cur || !in_set(cur, &t->icc) ||
            !cii_parent_is(a, EINV_NS_RAM, "SpecifiedTradeSettlementHeaderMonetarySummation"))
            continue;
        if (!have_sum) {
            einv_nodes_t s;
            einv_nodes_init(&s);
            cii_abs(d, HDR "ram:ApplicableTradeTax/ram:CalculatedAmount", &s);
            sum_ok = sum_untyped(&s, &sum, &negzero);
            einv_nodes_free(&s);
            have_sum = 1;
        }
        if (!sum_ok || !cii_untyped_cmp(a, sum, negzero, &c) || c != 0)
            einv_report(ctx, &EN_CII_R(BR_CO_14), a);
    }
}

/* BR-CO-15 (root context): for every invoice currency code, exactly one VAT total in that
 * currency and total with VAT = round(total without VAT + that VAT total), unless the
 * totals with and without VAT are equal. */
static void check_grand_total(einv_ctx_t *ctx, const einv_xdoc_t *d, const tot_t *t)
{
    einv_nodes_t gt, tb, tt;
    einv_dec_t g, b, v;
    einv_nodes_init(&gt);
    einv_nodes_init(&tb);
    einv_nodes_init(&tt);
    cii_abs(d, HDR "ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:GrandTotalAmount", &gt);
    cii_abs(d, HDR "ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxBasisTotalAmount", &tb);
    cii_abs(d, HDR "ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount", &tt);
    int g_ok = gt.n && (g = einv_x_dec(gt.v[0])).ok;
    int b_ok = tb.n && (b = einv_x_dec(tb.v[0])).ok;
    int equal = g_ok && b_ok && einv_dec_eq(g, b);
    for (size_t i = 0; i < t->icc.n && !equal; i++) {
        const char *cur = einv_x_text(t->icc.v[i]);
        size_t count = 0;
        xmlNodePtr first = NULL;
        for (size_t k = 0; k < tt.n; k++) {
            const char *c = einv_x_attr(tt.v[k], "currencyID");
            if (c && strcmp(c, cur) == 0) {
                if (!count++)
                    first = tt.v[k];
            }
        }
        int ok = count == 1 && g_ok && b_ok && (v = einv_x_dec(first)).ok &&
                 einv_dec_eq(g, cii_round2(einv_dec_add(b, v)));
        if (!ok) {
            einv_report(ctx, &EN_CII_R(BR_CO_15), t->root);
            break;
        }
    }
    einv_nodes_free(&gt);
    einv_nodes_free(&tb);
    einv_nodes_free(&tt);
}

/* BR-CO-17 on one breakdown: zero-rated (rate rounding to 0) needs a tax amount rounding to
 * 0; otherwise the tax amount must be within 1 of round(|basis| x rate / 100, 2); a
 * breakdown without a VAT rate needs a tax amount rounding to 0. */
static int co17_ok(const xmlNode *att)
{
    einv_dec_t rap, ca, ba;
    int vat = cii_is_vat(att, 1);
    size_t nrap = vat ? einv_x_count(att, EINV_NS_RAM, "RateApplicablePercent") : 0;
    int ca_ok = cii_dec1(att, "CalculatedAmount", &ca);
    if (nrap == 0)
        return ca_ok && einv_dec_is_zero(einv_dec_round(ca, 0));
    if (nrap > 1 || !cii_dec1(att, "RateApplicablePercent", &rap))
        return 0;   /* a sequence of rates or a bad rate is an error */
    if (einv_dec_is_zero(einv_dec_round(rap, 0)))
        return ca_ok && einv_dec_is_zero(einv_dec_round(ca, 0));
    if (!ca_ok || !cii_dec1(att, "BasisAmount", &ba))
        return 0;
    einv_dec_t expect = cii_round2(einv_dec_shift(einv_dec_mul(einv_dec_abs(ba), rap), 2));
    einv_dec_t a = einv_dec_abs(ca), one = einv_dec_from_int(1);
    return einv_dec_cmp(einv_dec_sub(a, one), expect) <= 0 &&
           einv_dec_cmp(einv_dec_add(a, one), expect) >= 0;
}

/* The general VAT breakdown rule: //ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax
 * not already taken by the IGIC / IPSI / not-subject rules earlier in the pattern. */
static void check_breakdowns(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, EINV_NS_RAM, "ApplicableTradeTax");
    int co03 = einv_xdoc_all(d, EINV_NS_RAM, "TaxPointDate")->n &&
               einv_xdoc_all(d, EINV_NS_RAM, "DueDateTypeCode")->n;
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr att = l->v[i];
        if (!cii_parent_is(att, EINV_NS_RAM, "ApplicableHeaderTradeSettlement") ||
            cii_hdr_tax_special(att) >= 0)
            continue;
        int vat = cii_is_vat(att, 0);
        if (!cii_c(att, "BasisAmount"))
            einv_report(ctx, &EN_CII_R(BR_45), att);
        if (!cii_c(att, "CalculatedAmount"))
            einv_report(ctx, &EN_CII_R(BR_46), att);
        if (!vat || !cii_c(att, "CategoryCode"))
            einv_report(ctx, &EN_CII_R(BR_47), att);
        if (!vat || (!cii_c(att, "RateApplicablePercent") && !cii_child_eq(att, "CategoryCode", "O")))
            einv_report(ctx, &EN_CII_R(BR_48), att);
        if (co03)
            einv_report(ctx, &EN_CII_R(BR_CO_03), att);
        if (!co17_ok(att))
            einv_report(ctx, &EN_CII_R(BR_CO_17), att);
        if (!cii_dec2(att, "BasisAmount"))
            einv_report(ctx, &EN_CII_R(BR_DEC_19), att);
        if (!cii_dec2(att, "CalculatedAmount"))
            einv_report(ctx, &EN_CII_R(BR_DEC_20), att);
    }
}

void en_cii_core_totals_(einv_ctx_t *ctx, const einv_xdoc_t *d, xmlNodePtr root)
{
    tot_t t;
    tot_init(&t, d, root);
    const einv_nodelist_t *ms =
        einv_xdoc_all(d, EINV_NS_RAM, "SpecifiedTradeSettlementHeaderMonetarySummation");
    for (size_t i = 0; i < ms->n; i++)
        check_summation(ctx, &t, ms->v[i]);
    if (root) {
        check_grand_total(ctx, d, &t);
        check_vat_totals(ctx, d, &t);
    }
    check_breakdowns(ctx, d);
    tot_free(&t);
}
