/* PEPPOL core rules: the transaction rules of PEPPOL-EN16931-UBL 2026.5 (PEPPOL-EN16931-R0xx
 * and R1xx: document level, parties, allowances/charges, payment, currencies, line periods,
 * line amounts and prices) plus the separate credit note pattern (R080).
 *
 * In the artefact these rules share one pattern with the identifier rules of
 * peppol_rules_ids.c; their contexts select different elements, except the allowance/charge
 * rules, which are ordered: a percentage without base amount meets only R041, a base amount
 * without percentage only R042, every other document/line allowance R040 and R043.
 * Values the artefact casts with xs:decimal / xs:date and that are not valid lexical forms
 * stop the official evaluation with a dynamic error; those asserts report nothing here. */
#include "peppol_rules_int.h"
#include <stdio.h>
#include <string.h>

#define E EINV_SEV_ERROR

PP_RULE(R_R001, "PEPPOL-EN16931-R001", E, "BT-23", "The business process (BT-23) is missing.",
        "Add cbc:ProfileID, e.g. urn:fdc:peppol.eu:2017:poacc:billing:01:1.0.")
PP_RULE(R_R002, "PEPPOL-EN16931-R002", E, "BT-22",
        "The document has more than one note (BT-22) on document level.",
        "Merge the notes into one cbc:Note (several are only accepted between German parties).")
PP_RULE(R_R003, "PEPPOL-EN16931-R003", E, "BT-10, BT-13",
        "Neither a buyer reference (BT-10) nor a purchase order reference (BT-13) is given.",
        "Add cbc:BuyerReference or cac:OrderReference/cbc:ID.")
PP_RULE(R_R004, "PEPPOL-EN16931-R004", E, "BT-24",
        "The specification identifier (BT-24) is not the PEPPOL BIS Billing 3.0 one.",
        "Start cbc:CustomizationID with urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0 (no '::').")
PP_RULE(R_R005, "PEPPOL-EN16931-R005", E, "BT-5, BT-6",
        "The VAT accounting currency (BT-6) is the same as the invoice currency (BT-5).",
        "Omit cbc:TaxCurrencyCode when VAT is accounted in the invoice currency.")
PP_RULE(R_R007, "PEPPOL-EN16931-R007", E, "BT-23",
        "The business process (BT-23) is not an approved PEPPOL profile identifier.",
        "Use urn:fdc:peppol.eu:2017:poacc:billing:01:1.0 as cbc:ProfileID.")
PP_RULE(R_R010, "PEPPOL-EN16931-R010", E, "BT-49", "The buyer electronic address (BT-49) is missing.",
        "Add cbc:EndpointID with a schemeID to the buyer party.")
PP_RULE(R_R020, "PEPPOL-EN16931-R020", E, "BT-34", "The seller electronic address (BT-34) is missing.",
        "Add cbc:EndpointID with a schemeID to the seller party.")
PP_RULE(R_R040, "PEPPOL-EN16931-R040", E, "BT-92, BT-93, BT-94, BT-136, BT-137, BT-138",
        "The allowance/charge amount differs from base amount x percentage / 100.",
        "Make cbc:Amount equal cbc:BaseAmount x cbc:MultiplierFactorNumeric / 100 (within 0.02).")
PP_RULE(R_R041, "PEPPOL-EN16931-R041", E, "BT-93, BT-100, BT-137, BT-142",
        "An allowance/charge percentage is given without its base amount.",
        "Add cbc:BaseAmount next to cbc:MultiplierFactorNumeric, or drop the percentage.")
PP_RULE(R_R042, "PEPPOL-EN16931-R042", E, "BT-94, BT-101, BT-138, BT-143",
        "An allowance/charge base amount is given without its percentage.",
        "Add cbc:MultiplierFactorNumeric next to cbc:BaseAmount, or drop the base amount.")
PP_RULE(R_R043, "PEPPOL-EN16931-R043", E, "",
        "The allowance/charge indicator is neither 'true' nor 'false'.",
        "Write cbc:ChargeIndicator as true (charge) or false (allowance).")
PP_RULE(R_R044, "PEPPOL-EN16931-R044", E, "BT-147",
        "A charge is given on price level; only a price discount is allowed there.",
        "Set cbc:ChargeIndicator to false in cac:Price/cac:AllowanceCharge; put charges on the line.")
PP_RULE(R_R046, "PEPPOL-EN16931-R046", E, "BT-146, BT-147, BT-148",
        "The item net price (BT-146) is not the gross price (BT-148) minus the price discount (BT-147).",
        "Make cbc:PriceAmount equal cac:AllowanceCharge/cbc:BaseAmount minus its cbc:Amount.")
PP_RULE(R_R051, "PEPPOL-EN16931-R051", E, "BT-5",
        "An amount's currencyID differs from the invoice currency code (BT-5).",
        "Give every amount the document currency; only the VAT total in accounting currency (BT-111) may differ.")
PP_RULE(R_R053, "PEPPOL-EN16931-R053", E, "BT-110, BG-23",
        "There is not exactly one tax total with VAT breakdown (tax subtotals).",
        "Provide exactly one cac:TaxTotal that contains the cac:TaxSubtotal elements.")
PP_RULE(R_R054, "PEPPOL-EN16931-R054", E, "BT-6, BT-111",
        "The number of tax totals without breakdown does not fit the VAT accounting currency.",
        "Add one cac:TaxTotal without subtotals (the VAT in accounting currency) only when cbc:TaxCurrencyCode is given.")
PP_RULE(R_R055, "PEPPOL-EN16931-R055", E, "BT-110, BT-111",
        "The total VAT (BT-110) and the total VAT in accounting currency (BT-111) differ in sign.",
        "Give both VAT totals the same sign.")
PP_RULE(R_R061, "PEPPOL-EN16931-R061", E, "BT-89",
        "A direct debit (payment means 49 or 59) has no mandate reference (BT-89).",
        "Add cac:PaymentMandate/cbc:ID with the mandate reference.")
PP_RULE(R_R080, "PEPPOL-EN16931-R080", E, "BT-11",
        "The credit note has more than one project reference (BT-11).",
        "Keep a single cac:AdditionalDocumentReference with cbc:DocumentTypeCode 50.")
PP_RULE(R_R100, "PEPPOL-EN16931-R100", E, "BT-128",
        "An invoice line has more than one invoiced object reference (BT-128).",
        "Keep at most one cac:DocumentReference per line.")
PP_RULE(R_R101, "PEPPOL-EN16931-R101", E, "BT-128",
        "A line document reference is not an invoiced object reference (type code 130).",
        "Set cbc:DocumentTypeCode to 130 in the line's cac:DocumentReference.")
PP_RULE(R_R110, "PEPPOL-EN16931-R110", E, "BT-73, BT-134",
        "The line period starts (BT-134) before the invoicing period (BT-73).",
        "Make the line period start on or after the invoice period start date.")
PP_RULE(R_R111, "PEPPOL-EN16931-R111", E, "BT-74, BT-135",
        "The line period ends (BT-135) after the invoicing period (BT-74).",
        "Make the line period end on or before the invoice period end date.")
PP_RULE(R_R120, "PEPPOL-EN16931-R120", E, "BT-131",
        "The line net amount (BT-131) is not quantity x (net price / base quantity) + line charges - line allowances.",
        "Recompute cbc:LineExtensionAmount from quantity, price, base quantity and line allowances/charges (within 0.02).")
PP_RULE(R_R121, "PEPPOL-EN16931-R121", E, "BT-149", "The item price base quantity (BT-149) is not above zero.",
        "Give cac:Price/cbc:BaseQuantity a positive value, or omit it.")
PP_RULE(R_R130, "PEPPOL-EN16931-R130", E, "BT-130, BT-150",
        "The unit of the price base quantity (BT-150) differs from the invoiced quantity's unit (BT-130).",
        "Use the same unitCode on cbc:BaseQuantity as on the invoiced quantity.")

static xmlNodePtr cbc(const xmlNode *n, const char *local) { return einv_x_child(n, EINV_NS_CBC, local); }
static xmlNodePtr cac(const xmlNode *n, const char *local) { return einv_x_child(n, EINV_NS_CAC, local); }
static int is_doc_elem(const xmlNode *n)
{
    return einv_x_is(n, EINV_NS_UBL_INV, "Invoice") || einv_x_is(n, EINV_NS_UBL_CN, "CreditNote");
}

/* normalize-space(x) = want */
static int norm_is(const xmlNode *x, const char *want)
{
    pp_buf_t b;
    int r;
    pp_buf_init(&b);
    r = strcmp(pp_norm(x, &b), want) == 0;
    pp_buf_free(&b);
    return r;
}

/* normalize-space(x/text()) */
static const char *norm_text(const xmlNode *x, pp_buf_t *t, pp_buf_t *b)
{
    return pp_normalize(pp_text(x, t), b);
}

static const einv_dec_t ZERO = {0, 0, 1}, ONE = {1, 0, 1}, SLACK = {2, 2, 1};

/* u:slack(exp, val, 0.02) */
static int slack_ok(einv_dec_t exp, einv_dec_t val)
{
    return einv_dec_cmp(einv_dec_add(exp, SLACK), val) >= 0 &&
           einv_dec_cmp(einv_dec_sub(exp, SLACK), val) <= 0;
}

/* ---- document level ---- */

/* The sign test of R055 over cac:TaxTotal/cbc:TaxAmount[@currencyID = cur]: bit 1 when
 * some amount is <= 0, bit 2 when some is >= 0 (numbers compare as xs:double). */
static int tax_amount_signs(const xmlNode *doc, const char *cur)
{
    int r = 0;
    xmlNodePtr tt, ta;
    for (tt = cac(doc, "TaxTotal"); tt; tt = einv_x_next_same(tt))
        for (ta = cbc(tt, "TaxAmount"); ta; ta = einv_x_next_same(ta)) {
            const char *c = einv_x_attr(ta, "currencyID");
            double v;
            if (!c || strcmp(c, cur) != 0 || !pp_number(einv_x_text(ta), &v))
                continue;
            if (v <= 0)
                r |= 1;
            if (v >= 0)
                r |= 2;
        }
    return r;
}

static void check_document(einv_ctx_t *ctx, const pp_doc_t *doc, const xmlNode *n)
{
    xmlNodePtr tcc = cbc(n, "TaxCurrencyCode"), c;
    size_t with = 0, without = 0;
    pp_buf_t t, b;
    pp_buf_init(&t);
    pp_buf_init(&b);
    if (!cbc(n, "ProfileID"))
        einv_report(ctx, &R_R001, n);
    if (doc->profile == PP_PROFILE_UNKNOWN)
        einv_report(ctx, &R_R007, n);
    if (einv_x_count(n, EINV_NS_CBC, "Note") > 1 && !(doc->supplier_is_de && doc->customer_is_de))
        einv_report(ctx, &R_R002, n);
    if (!cbc(n, "BuyerReference") && !einv_x_path(n, "cac:OrderReference/cbc:ID"))
        einv_report(ctx, &R_R003, n);
    {
        const char *ci = norm_text(cbc(n, "CustomizationID"), &t, &b);
        static const char PFX[] = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
        if (strncmp(ci, PFX, sizeof PFX - 1) != 0 || strstr(ci, "::"))
            einv_report(ctx, &R_R004, n);
    }
    for (c = cac(n, "TaxTotal"); c; c = einv_x_next_same(c)) {
        if (cac(c, "TaxSubtotal"))
            with++;
        else
            without++;
    }
    if (with != 1)
        einv_report(ctx, &R_R053, n);
    if (without != (tcc ? 1u : 0u))
        einv_report(ctx, &R_R054, n);
    if (tcc) {
        char cur_tax[64], cur_doc[64];
        int a, d;
        snprintf(cur_tax, sizeof cur_tax, "%s", pp_norm(tcc, &b));
        snprintf(cur_doc, sizeof cur_doc, "%s", pp_norm(cbc(n, "DocumentCurrencyCode"), &b));
        a = tax_amount_signs(n, cur_tax);
        d = tax_amount_signs(n, cur_doc);
        if (!((a & 1) && (d & 1)) && !((a & 2) && (d & 2)))
            einv_report(ctx, &R_R055, n);
    }
    pp_buf_free(&t);
    pp_buf_free(&b);
}

static void check_credit_note_projects(einv_ctx_t *ctx, const xmlNode *n)
{
    xmlNodePtr r;
    size_t k = 0;
    for (r = cac(n, "AdditionalDocumentReference"); r; r = einv_x_next_same(r)) {
        xmlNodePtr t;
        for (t = cbc(r, "DocumentTypeCode"); t; t = einv_x_next_same(t))
            if (strcmp(einv_x_text(t), "50") == 0) {
                k++;
                break;
            }
    }
    if (k > 1)
        einv_report(ctx, &R_R080, n);
}

static void check_tax_currency(einv_ctx_t *ctx, const xmlNode *tcc)
{
    pp_buf_t t1, b1, t2, b2;
    pp_buf_init(&t1);
    pp_buf_init(&b1);
    pp_buf_init(&t2);
    pp_buf_init(&b2);
    if (strcmp(norm_text(tcc, &t1, &b1), norm_text(cbc(tcc->parent, "DocumentCurrencyCode"), &t2, &b2)) == 0)
        einv_report(ctx, &R_R005, tcc);
    pp_buf_free(&t1);
    pp_buf_free(&b1);
    pp_buf_free(&t2);
    pp_buf_free(&b2);
}

/* ---- allowances and charges ---- */

/* Invoice/AllowanceCharge, Invoice/InvoiceLine/AllowanceCharge and the credit note forms. */
static int ac_in_scope(const xmlNode *ac)
{
    const xmlNode *p = ac->parent;
    if (is_doc_elem(p))
        return 1;
    if (einv_x_is(p, EINV_NS_CAC, "InvoiceLine"))
        return einv_x_is(p->parent, EINV_NS_UBL_INV, "Invoice");
    if (einv_x_is(p, EINV_NS_CAC, "CreditNoteLine"))
        return einv_x_is(p->parent, EINV_NS_UBL_CN, "CreditNote");
    return 0;
}

static void check_allowance_charge(einv_ctx_t *ctx, const xmlNode *ac)
{
    xmlNodePtr mfn = cbc(ac, "MultiplierFactorNumeric"), base = cbc(ac, "BaseAmount");
    pp_buf_t t, b;
    const char *ci;
    if (mfn && !base) {
        einv_report(ctx, &R_R041, ac);
        return;
    }
    if (!mfn && base) {
        einv_report(ctx, &R_R042, ac);
        return;
    }
    if (mfn && base) {
        xmlNodePtr amt = cbc(ac, "Amount");
        einv_dec_t a = amt ? einv_x_dec(amt) : ZERO, bd = einv_x_dec(base), m = einv_x_dec(mfn);
        if (a.ok && bd.ok && m.ok) {
            einv_dec_t v = einv_dec_shift(einv_dec_mul(bd, m), 2);
            if (v.ok && !slack_ok(a, v))
                einv_report(ctx, &R_R040, ac);
        }
    }
    pp_buf_init(&t);
    pp_buf_init(&b);
    ci = norm_text(cbc(ac, "ChargeIndicator"), &t, &b);
    if (strcmp(ci, "true") != 0 && strcmp(ci, "false") != 0)
        einv_report(ctx, &R_R043, ac);
    pp_buf_free(&t);
    pp_buf_free(&b);
}

static void check_price_allowance(einv_ctx_t *ctx, const xmlNode *ac)
{
    xmlNodePtr base = cbc(ac, "BaseAmount");
    if (!norm_is(cbc(ac, "ChargeIndicator"), "false"))
        einv_report(ctx, &R_R044, ac);
    if (base) {
        xmlNodePtr pa = cbc(ac->parent, "PriceAmount"), amt = cbc(ac, "Amount");
        if (!pa || !amt) {
            einv_report(ctx, &R_R046, ac);   /* an empty operand makes the comparison false */
        } else {
            einv_dec_t p = einv_x_dec(pa), bd = einv_x_dec(base), a = einv_x_dec(amt);
            if (p.ok && bd.ok && a.ok && einv_dec_cmp(p, einv_dec_sub(bd, a)) != 0)
                einv_report(ctx, &R_R046, ac);
        }
    }
}

/* ---- lines ---- */

/* round(sum(AllowanceCharge[normalize-space(ChargeIndicator) = which]/Amount) * 100) div 100;
 * 0 when the line has no such allowance/charge; ok = 0 when an amount is not a decimal. */
static einv_dec_t line_ac_total(const xmlNode *line, const char *which)
{
    xmlNodePtr ac, a;
    einv_dec_t sum = ZERO;
    int any = 0;
    for (ac = cac(line, "AllowanceCharge"); ac; ac = einv_x_next_same(ac)) {
        if (!norm_is(cbc(ac, "ChargeIndicator"), which))
            continue;
        any = 1;
        for (a = cbc(ac, "Amount"); a; a = einv_x_next_same(a))
            sum = einv_dec_add(sum, einv_x_dec(a));
    }
    return any ? einv_dec_round(sum, 2) : ZERO;
}

/* a div b to `scale` fraction digits, rounded half away from zero; ok = 0 on overflow or
 * b = 0. (Written here: the SDK's einv_dec_div misplaces the point when the operands'
 * scales differ.) */
static einv_dec_t dec_div(einv_dec_t a, einv_dec_t b, int scale)
{
    /* mantissa at scale+1 = a.m * 10^(scale + 1 + b.scale - a.scale) / b.m */
    einv_i128 num = a.m, den = b.m;
    const einv_i128 lim = (einv_i128)1000000000000000000LL * 100000000000000000LL;
    int k = scale + 1 + b.scale - a.scale;
    einv_dec_t r = {0, 0, 0};
    if (!a.ok || !b.ok || b.m == 0)
        return r;
    for (; k > 0; k--) {
        if (num > lim || num < -lim)
            return r;
        num *= 10;
    }
    for (; k < 0; k++) {
        if (den > lim || den < -lim)
            return r;
        den *= 10;
    }
    r.m = num / den;
    r.scale = scale + 1;
    r.ok = 1;
    return einv_dec_round_half_away(r, scale);
}

/* quantity * (price div base) as Saxon computes it (division to 18 fraction digits); fewer
 * digits only when the exact product would not fit. */
static einv_dec_t qty_times_unit_price(einv_dec_t q, einv_dec_t price, einv_dec_t base)
{
    static const int SCALES[] = {18, 12, 8};
    size_t i;
    einv_dec_t r = {0, 0, 0};
    if (einv_dec_cmp(base, ONE) == 0)
        return einv_dec_mul(q, price);
    for (i = 0; i < sizeof SCALES / sizeof SCALES[0]; i++) {
        r = einv_dec_mul(q, dec_div(price, base, SCALES[i]));
        if (r.ok)
            break;
    }
    return r;
}

static void check_line_amount(einv_ctx_t *ctx, const pp_doc_t *doc, const xmlNode *line)
{
    xmlNodePtr lea = cbc(line, "LineExtensionAmount");
    xmlNodePtr qn = cbc(line, doc->is_invoice ? "InvoicedQuantity" : "CreditedQuantity");
    xmlNodePtr pa = einv_x_path(line, "cac:Price/cbc:PriceAmount");
    xmlNodePtr bq = einv_x_path(line, "cac:Price/cbc:BaseQuantity");
    einv_dec_t l = lea ? einv_x_dec(lea) : ZERO, q = qn ? einv_x_dec(qn) : ONE;
    einv_dec_t p = pa ? einv_x_dec(pa) : ZERO, b = ONE, allow, charge, v;
    if (bq) {
        b = einv_x_dec(bq);
        if (!b.ok)
            return;
        if (einv_dec_is_zero(b))
            b = ONE;
    }
    if (!l.ok || !q.ok || !p.ok)
        return;
    allow = line_ac_total(line, "false");
    charge = line_ac_total(line, "true");
    if (!allow.ok || !charge.ok)
        return;
    v = einv_dec_sub(einv_dec_add(qty_times_unit_price(q, p, b), charge), allow);
    if (v.ok && !slack_ok(l, v))
        einv_report(ctx, &R_R120, line);
}

static void check_line(einv_ctx_t *ctx, const pp_doc_t *doc, const xmlNode *line)
{
    xmlNodePtr bq = einv_x_path(line, "cac:Price/cbc:BaseQuantity"), r;
    size_t refs = einv_x_count(line, EINV_NS_CAC, "DocumentReference");
    check_line_amount(ctx, doc, line);
    if (bq) {
        einv_dec_t b = einv_x_dec(bq);
        if (b.ok && einv_dec_sign(b) <= 0)
            einv_report(ctx, &R_R121, line);
    }
    if (refs > 1)
        einv_report(ctx, &R_R100, line);
    if (refs) {
        int ok = 0;
        for (r = cac(line, "DocumentReference"); r && !ok; r = einv_x_next_same(r)) {
            xmlNodePtr t;
            for (t = cbc(r, "DocumentTypeCode"); t; t = einv_x_next_same(t))
                if (strcmp(einv_x_text(t), "130") == 0)
                    ok = 1;
        }
        if (!ok)
            einv_report(ctx, &R_R101, line);
    }
}

/* R110/R111: a line period date against the invoice period date of the same name. */
static void check_line_period_date(einv_ctx_t *ctx, const xmlNode *dt, int end)
{
    const xmlNode *per = dt->parent, *line = per ? per->parent : NULL;
    const xmlNode *top = line ? line->parent : NULL;
    const char *name = end ? "EndDate" : "StartDate";
    xmlNodePtr inv;
    pp_buf_t t;
    long long a, b;
    if (!einv_x_is(per, EINV_NS_CAC, "InvoicePeriod"))
        return;
    if (!((einv_x_is(line, EINV_NS_CAC, "InvoiceLine") && einv_x_is(top, EINV_NS_UBL_INV, "Invoice")) ||
          (einv_x_is(line, EINV_NS_CAC, "CreditNoteLine") && einv_x_is(top, EINV_NS_UBL_CN, "CreditNote"))))
        return;
    inv = NULL;
    {
        xmlNodePtr ip;
        for (ip = cac(top, "InvoicePeriod"); ip && !inv; ip = einv_x_next_same(ip))
            inv = cbc(ip, name);
    }
    if (!inv)
        return;   /* the context requires an invoice period date */
    if (!pp_xs_date(einv_x_text(inv), &b))
        return;   /* dynamic error in the artefact */
    pp_buf_init(&t);
    pp_text(dt, &t);
    {
        int has_text = 0;
        const xmlNode *c;
        for (c = dt->children; c; c = c->next)
            if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE)
                has_text = 1;
        if (!has_text)
            einv_report(ctx, end ? &R_R111 : &R_R110, dt);   /* xs:date(()) compares false */
        else if (pp_xs_date(t.s, &a) && (end ? a > b : a < b))
            einv_report(ctx, end ? &R_R111 : &R_R110, dt);
    }
    pp_buf_free(&t);
}

static void check_base_quantity_unit(einv_ctx_t *ctx, const pp_doc_t *doc, const xmlNode *bq)
{
    const xmlNode *line = bq->parent ? bq->parent->parent : NULL;
    const char *unit = einv_x_attr(bq, "unitCode");
    xmlNodePtr q;
    if (!unit || !einv_x_is(bq->parent, EINV_NS_CAC, "Price") || !line)
        return;
    if (!cbc(line, "InvoicedQuantity") && !cbc(line, "CreditedQuantity"))
        return;
    for (q = cbc(line, doc->is_invoice ? "InvoicedQuantity" : "CreditedQuantity"); q; q = einv_x_next_same(q)) {
        const char *u = einv_x_attr(q, "unitCode");
        if (u && strcmp(u, unit) == 0)
            return;
    }
    einv_report(ctx, &R_R130, bq);
}

/* ---- currencies ---- */

static const char *const AMOUNTS[] = {
    "Amount", "BaseAmount", "PriceAmount", "TaxAmount", "TaxableAmount", "LineExtensionAmount",
    "TaxExclusiveAmount", "TaxInclusiveAmount", "AllowanceTotalAmount", "ChargeTotalAmount",
    "PrepaidAmount", "PayableRoundingAmount", "PayableAmount",
};

static void check_currencies(einv_ctx_t *ctx, const pp_doc_t *doc)
{
    size_t k, i, j, ndc = 0;
    const char *dcs[8];
    const einv_nodelist_t *all_dc = einv_xdoc_all(doc->d, EINV_NS_CBC, "DocumentCurrencyCode");
    /* the document currency codes (children of the root), once: scanning the root's siblings
     * per amount would be quadratic in lines */
    for (j = 0; j < all_dc->n && ndc < 8; j++)
        if (all_dc->v[j]->parent == doc->root)
            dcs[ndc++] = einv_x_text(all_dc->v[j]);
    for (k = 0; k < sizeof AMOUNTS / sizeof AMOUNTS[0]; k++) {
        const einv_nodelist_t *l = einv_xdoc_all(doc->d, EINV_NS_CBC, AMOUNTS[k]);
        int tax = strcmp(AMOUNTS[k], "TaxAmount") == 0;
        for (i = 0; i < l->n; i++) {
            const xmlNode *n = l->v[i];
            const char *c = einv_x_attr(n, "currencyID");
            int same = 0;
            /* only the VAT total with breakdown and the subtotals' VAT amounts */
            if (tax && !(einv_x_is(n->parent, EINV_NS_CAC, "TaxSubtotal") ||
                         (einv_x_is(n->parent, EINV_NS_CAC, "TaxTotal") && cac(n->parent, "TaxSubtotal"))))
                continue;
            for (j = 0; c && j < ndc && !same; j++)
                same = strcmp(dcs[j], c) == 0;
            if (!same)
                einv_report(ctx, &R_R051, n);
        }
    }
}

/* ---- the group ---- */

static void check_doc(einv_ctx_t *ctx, const pp_doc_t *doc)
{
    const einv_xdoc_t *d = doc->d;
    const einv_nodelist_t *l;
    size_t i;

    l = einv_xdoc_all(d, EINV_NS_UBL_CN, "CreditNote");
    for (i = 0; i < l->n; i++)
        check_credit_note_projects(ctx, l->v[i]);
    for (i = 0; i < l->n; i++)
        check_document(ctx, doc, l->v[i]);
    l = einv_xdoc_all(d, EINV_NS_UBL_INV, "Invoice");
    for (i = 0; i < l->n; i++)
        check_document(ctx, doc, l->v[i]);

    l = einv_xdoc_all(d, EINV_NS_CBC, "TaxCurrencyCode");
    for (i = 0; i < l->n; i++)
        check_tax_currency(ctx, l->v[i]);

    l = einv_xdoc_all(d, EINV_NS_CAC, "Party");
    for (i = 0; i < l->n; i++) {
        const xmlNode *p = l->v[i];
        if (einv_x_is(p->parent, EINV_NS_CAC, "AccountingCustomerParty")) {
            if (!cbc(p, "EndpointID"))
                einv_report(ctx, &R_R010, p);
        } else if (einv_x_is(p->parent, EINV_NS_CAC, "AccountingSupplierParty")) {
            if (!cbc(p, "EndpointID"))
                einv_report(ctx, &R_R020, p);
        }
    }

    l = einv_xdoc_all(d, EINV_NS_CAC, "AllowanceCharge");
    for (i = 0; i < l->n; i++) {
        if (ac_in_scope(l->v[i]))
            check_allowance_charge(ctx, l->v[i]);
        else if (einv_x_is(l->v[i]->parent, EINV_NS_CAC, "Price"))
            check_price_allowance(ctx, l->v[i]);
    }

    l = einv_xdoc_all(d, EINV_NS_CAC, "PaymentMeans");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr code = cbc(l->v[i], "PaymentMeansCode");
        /* normalize-space() of several codes is an error: the context does not match */
        if (code && !einv_x_next_same(code) && (norm_is(code, "49") || norm_is(code, "59")) &&
            !einv_x_path(l->v[i], "cac:PaymentMandate/cbc:ID"))
            einv_report(ctx, &R_R061, l->v[i]);
    }

    check_currencies(ctx, doc);

    l = einv_xdoc_all(d, EINV_NS_CBC, "StartDate");
    for (i = 0; i < l->n; i++)
        check_line_period_date(ctx, l->v[i], 0);
    l = einv_xdoc_all(d, EINV_NS_CBC, "EndDate");
    for (i = 0; i < l->n; i++)
        check_line_period_date(ctx, l->v[i], 1);

    l = einv_xdoc_all(d, EINV_NS_CAC, "InvoiceLine");
    for (i = 0; i < l->n; i++)
        check_line(ctx, doc, l->v[i]);
    l = einv_xdoc_all(d, EINV_NS_CAC, "CreditNoteLine");
    for (i = 0; i < l->n; i++)
        check_line(ctx, doc, l->v[i]);

    l = einv_xdoc_all(d, EINV_NS_CBC, "BaseQuantity");
    for (i = 0; i < l->n; i++)
        check_base_quantity_unit(ctx, doc, l->v[i]);
}

static const einv_rule_t *const DOC_RULES[] = {
    &R_R001, &R_R002, &R_R003, &R_R004, &R_R005, &R_R007, &R_R010, &R_R020, &R_R040,
    &R_R041, &R_R042, &R_R043, &R_R044, &R_R046, &R_R051, &R_R053, &R_R054, &R_R055,
    &R_R061, &R_R080, &R_R100, &R_R101, &R_R110, &R_R111, &R_R120, &R_R121, &R_R130,
};
_Static_assert(sizeof DOC_RULES / sizeof DOC_RULES[0] == PP_N_DOC, "PP_N_DOC");
const pp_group_t pp_grp_doc = {check_doc, DOC_RULES, PP_N_DOC};
