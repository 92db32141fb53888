/* EN 16931 VAT category rules for CII D16B: BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O,
 * BR-AF (IGIC, code L) and BR-AG (IPSI, code M) of the CEN "EN16931-CII-Model" pattern.
 *
 * Contexts follow the official pattern and its first-matching-rule order: a line
 * ram:ApplicableTradeTax or an allowance/charge ram:CategoryTradeTax naming several
 * categories is handled by the first category in pattern order (AE, L, M, E, G, K, O, S, Z);
 * header breakdowns of L, M and O are taken before the general breakdown rule (see
 * cii_hdr_tax_special), the other categories are checked on the header ram:CategoryCode. */
#include <stdlib.h>
#include <string.h>
#include "cii_rules_util.h"

#define R(var, id, terms, msg, sug) \
    static const einv_rule_t var = {id, EINV_SEV_ERROR, EINV_LAYER_CORE, terms, msg, sug};

/* ---- shared wording ---- */
#define SELLER_VAT_SUG "Add ram:SpecifiedTaxRegistration/ram:ID (schemeID VA or FC) to the seller, " \
                       "or a VA one to the seller tax representative."
#define SELLER_VA_SUG "Add ram:SpecifiedTaxRegistration/ram:ID with schemeID VA to the seller or " \
                      "to the seller tax representative."
#define LINE "An invoice line"
#define ALLOW "A document level allowance"
#define CHARGE "A document level charge"
#define T_L "BT-151"
#define T_A "BT-95"
#define T_C "BT-102"
#define RT_L "BT-152"
#define RT_A "BT-96"
#define RT_C "BT-103"
#define BASIS_SUG "Set ram:BasisAmount to the category's line net amounts plus its document " \
                  "level charges minus its document level allowances."

/* Seller identification for a category. */
#define ID3(P, ID, name, sug, extra_terms, what)                                                   \
    R(P##_02, ID "-02", T_L ", " extra_terms, LINE " in VAT category " name " " what ".", sug) \
    R(P##_03, ID "-03", T_A ", " extra_terms, ALLOW " in VAT category " name " " what ".", sug) \
    R(P##_04, ID "-04", T_C ", " extra_terms, CHARGE " in VAT category " name " " what ".", sug)

/* VAT rate for a category. */
#define RATE3(P, ID, name, cond, sug)                                                               \
    R(P##_05, ID "-05", RT_L, LINE " in VAT category " name " " cond ".", sug)                   \
    R(P##_06, ID "-06", RT_A, ALLOW " in VAT category " name " " cond ".", sug)                  \
    R(P##_07, ID "-07", RT_C, CHARGE " in VAT category " name " " cond ".", sug)

#define SELLER_WHAT "needs the seller VAT identifier (BT-31), tax registration (BT-32) or tax " \
                    "representative VAT identifier (BT-63)"
#define SELLER_TERMS "BT-31, BT-32, BT-63"

ID3(BR_S, "BR-S", "S (standard rated)", SELLER_VAT_SUG, SELLER_TERMS, SELLER_WHAT)
RATE3(BR_S, "BR-S", "S (standard rated)", "must have a VAT rate above zero",
      "Set ram:RateApplicablePercent to the positive standard rate.")
ID3(BR_Z, "BR-Z", "Z (zero rated)", SELLER_VAT_SUG, SELLER_TERMS, SELLER_WHAT)
RATE3(BR_Z, "BR-Z", "Z (zero rated)", "must have a VAT rate of 0", "Set ram:RateApplicablePercent to 0.")
ID3(BR_E, "BR-E", "E (exempt)", SELLER_VAT_SUG, SELLER_TERMS, SELLER_WHAT)
RATE3(BR_E, "BR-E", "E (exempt)", "must have a VAT rate of 0", "Set ram:RateApplicablePercent to 0.")
ID3(BR_AE, "BR-AE", "AE (reverse charge)",
    "Give the seller (or its tax representative) a VAT identifier and the buyer a VAT "
    "identifier or a legal registration identifier.",
    "BT-31, BT-32, BT-63, BT-48, BT-47",
    "needs seller VAT identification (BT-31/BT-32/BT-63) and a buyer VAT or legal identifier "
    "(BT-48/BT-47)")
RATE3(BR_AE, "BR-AE", "AE (reverse charge)", "must have a VAT rate of 0", "Set ram:RateApplicablePercent to 0.")
ID3(BR_IC, "BR-IC", "K (intra-community supply)",
    "Give the seller (or its tax representative) and the buyer a ram:SpecifiedTaxRegistration/"
    "ram:ID with schemeID VA.",
    "BT-31, BT-63, BT-48", "needs the seller (or tax representative) and buyer VAT identifiers")
RATE3(BR_IC, "BR-IC", "K (intra-community supply)", "must have a VAT rate of 0",
      "Set ram:RateApplicablePercent to 0.")
ID3(BR_G, "BR-G", "G (export outside the EU)", SELLER_VA_SUG, "BT-31, BT-63",
    "needs the seller VAT identifier (BT-31) or tax representative VAT identifier (BT-63)")
RATE3(BR_G, "BR-G", "G (export outside the EU)", "must have a VAT rate of 0",
      "Set ram:RateApplicablePercent to 0.")
ID3(BR_O, "BR-O", "O (not subject to VAT)",
    "Remove the VAT identifiers (schemeID VA) of seller, tax representative and buyer, or use "
    "another VAT category.",
    "BT-31, BT-63, BT-48",
    "excludes seller, tax representative and buyer VAT identifiers (BT-31/BT-63/BT-48)")
RATE3(BR_O, "BR-O", "O (not subject to VAT)", "must not have a VAT rate",
      "Remove ram:RateApplicablePercent.")
ID3(BR_AF, "BR-AF", "L (IGIC, Canary Islands)", SELLER_VAT_SUG, SELLER_TERMS, SELLER_WHAT)
RATE3(BR_AF, "BR-AF", "L (IGIC, Canary Islands)", "must have a VAT rate above zero",
      "Set ram:RateApplicablePercent to the positive IGIC rate.")
ID3(BR_AG, "BR-AG", "M (IPSI, Ceuta and Melilla)", SELLER_VAT_SUG, SELLER_TERMS, SELLER_WHAT)
RATE3(BR_AG, "BR-AG", "M (IPSI, Ceuta and Melilla)", "must have a VAT rate of zero or more",
      "Set ram:RateApplicablePercent to 0 or a positive IPSI rate.")

/* ---- breakdown (header) rules ---- */
R(BR_S_01, "BR-S-01", "BG-23, BT-118",
  "Standard rated (S) lines, allowances or charges have no standard rated VAT breakdown.",
  "Add a header ram:ApplicableTradeTax with ram:CategoryCode S for each standard rate used.")
R(BR_S_08, "BR-S-08", "BT-116, BT-119",
  "The taxable amount (BT-116) of a standard rated breakdown does not match its rate's lines, "
  "allowances and charges.", "Per S rate, " BASIS_SUG)
R(BR_S_09, "BR-S-09", "BT-117, BT-116, BT-119",
  "The tax amount (BT-117) of a standard rated breakdown is not its taxable amount times its rate.",
  "Set ram:CalculatedAmount = ram:BasisAmount x ram:RateApplicablePercent / 100.")
R(BR_S_10, "BR-S-10", "BT-120, BT-121",
  "A standard rated VAT breakdown carries a VAT exemption reason.",
  "Remove ram:ExemptionReason and ram:ExemptionReasonCode from the S breakdown.")

#define SINGLE_BREAKDOWN(P, ID, code, name)                                                          \
    R(P##_01, ID "-01", "BG-23, BT-118",                                                         \
      "Category " code " (" name ") needs exactly one VAT breakdown, used by lines, allowances or " \
      "charges of that category.",                                                               \
      "Give the invoice one header ram:ApplicableTradeTax with ram:CategoryCode " code           \
      " when lines, allowances or charges use it, and none otherwise.")                          \
    R(P##_08, ID "-08", "BT-116",                                                                \
      "The taxable amount (BT-116) of the " code " breakdown does not match the category's lines, " \
      "allowances and charges.", BASIS_SUG)

SINGLE_BREAKDOWN(BR_Z, "BR-Z", "Z", "zero rated")
SINGLE_BREAKDOWN(BR_E, "BR-E", "E", "exempt")
SINGLE_BREAKDOWN(BR_AE, "BR-AE", "AE", "reverse charge")
SINGLE_BREAKDOWN(BR_IC, "BR-IC", "K", "intra-community supply")
SINGLE_BREAKDOWN(BR_G, "BR-G", "G", "export outside the EU")

R(BR_O_01, "BR-O-01", "BG-23, BT-118",
  "The not-subject-to-VAT (O) breakdown must be unique and used by lines, allowances or charges.",
  "Keep one header ram:ApplicableTradeTax with ram:CategoryCode O, matching O lines, allowances "
  "or charges.")
R(BR_O_08, "BR-O-08", "BT-116",
  "The taxable amount (BT-116) of the O breakdown does not match the category's lines, "
  "allowances and charges.", BASIS_SUG)
R(BR_AF_01, "BR-AF-01", "BG-23, BT-118",
  "IGIC (L) lines, allowances or charges have no IGIC VAT breakdown.",
  "Add a header ram:ApplicableTradeTax with ram:CategoryCode L for each IGIC rate used.")
R(BR_AF_08, "BR-AF-08", "BT-116, BT-119",
  "The taxable amount (BT-116) of an IGIC breakdown does not match its rate's lines, allowances "
  "and charges.", "Per L rate, " BASIS_SUG)
R(BR_AF_09, "BR-AF-09", "BT-117, BT-116, BT-119",
  "The tax amount (BT-117) of an IGIC breakdown is not its taxable amount times its rate.",
  "Set ram:CalculatedAmount = ram:BasisAmount x ram:RateApplicablePercent / 100.")
R(BR_AF_10, "BR-AF-10", "BT-120, BT-121", "An IGIC VAT breakdown carries a VAT exemption reason.",
  "Remove ram:ExemptionReason and ram:ExemptionReasonCode from the L breakdown.")
R(BR_AG_01, "BR-AG-01", "BG-23, BT-118",
  "IPSI (M) lines, allowances or charges have no IPSI VAT breakdown.",
  "Add a header ram:ApplicableTradeTax with ram:CategoryCode M for each IPSI rate used.")
R(BR_AG_08, "BR-AG-08", "BT-116, BT-119",
  "The taxable amount (BT-116) of an IPSI breakdown does not match its rate's lines, allowances "
  "and charges.", "Per M rate, " BASIS_SUG)
R(BR_AG_09, "BR-AG-09", "BT-117, BT-116, BT-119",
  "The tax amount (BT-117) of an IPSI breakdown is not its taxable amount times its rate.",
  "Set ram:CalculatedAmount = ram:BasisAmount x ram:RateApplicablePercent / 100.")
R(BR_AG_10, "BR-AG-10", "BT-120, BT-121", "An IPSI VAT breakdown carries a VAT exemption reason.",
  "Remove ram:ExemptionReason and ram:ExemptionReasonCode from the M breakdown.")

#define ZERO_TAX(P, ID, code)                                                                    \
    R(P##_09, ID "-09", "BT-117", "The tax amount (BT-117) of the " code " breakdown is not 0.", \
      "Set ram:CalculatedAmount of the " code " breakdown to 0.")
ZERO_TAX(BR_Z, "BR-Z", "Z")
ZERO_TAX(BR_E, "BR-E", "E")
ZERO_TAX(BR_AE, "BR-AE", "AE")
ZERO_TAX(BR_IC, "BR-IC", "K")
ZERO_TAX(BR_G, "BR-G", "G")
ZERO_TAX(BR_O, "BR-O", "O")

#define NEED_REASON(P, ID, code)                                                                 \
    R(P##_10, ID "-10", "BT-120, BT-121",                                                    \
      "The " code " VAT breakdown gives no VAT exemption reason (BT-120/BT-121).",            \
      "Add ram:ExemptionReason or ram:ExemptionReasonCode to the " code " breakdown.")
NEED_REASON(BR_E, "BR-E", "E")
NEED_REASON(BR_AE, "BR-AE", "AE")
NEED_REASON(BR_IC, "BR-IC", "K")
NEED_REASON(BR_G, "BR-G", "G")
NEED_REASON(BR_O, "BR-O", "O")
R(BR_Z_10, "BR-Z-10", "BT-120, BT-121", "A zero rated VAT breakdown carries a VAT exemption reason.",
  "Remove ram:ExemptionReason and ram:ExemptionReasonCode from the Z breakdown.")

R(BR_IC_11, "BR-IC-11", "BT-72, BG-14",
  "An intra-community supply needs the actual delivery date (BT-72) or an invoicing period (BG-14).",
  "Add ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime or a ram:BillingSpecifiedPeriod "
  "with a start or end date.")
R(BR_IC_12, "BR-IC-12", "BT-80",
  "An intra-community supply needs the deliver-to country code (BT-80).",
  "Add ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID to the header delivery.")
R(BR_O_11, "BR-O-11", "BG-23, BT-118",
  "An invoice with a not-subject-to-VAT (O) breakdown has a VAT breakdown of another category.",
  "Use category O for every VAT breakdown, or do not use O.")
R(BR_O_12, "BR-O-12", "BT-151",
  "An invoice with a not-subject-to-VAT (O) breakdown has a line of another VAT category.",
  "Use category O on every line, or do not use O.")
R(BR_O_13, "BR-O-13", "BT-95",
  "An invoice with a not-subject-to-VAT (O) breakdown has an allowance of another VAT category.",
  "Use category O on every document level allowance, or do not use O.")
R(BR_O_14, "BR-O-14", "BT-102",
  "An invoice with a not-subject-to-VAT (O) breakdown has a charge of another VAT category.",
  "Use category O on every document level charge, or do not use O.")

/* Per category, in CII_AE..CII_Z order: seller identification (line, allowance, charge), the
 * rate rules (same), and the root rule X-01. */
typedef struct cat_rules {
    const einv_rule_t *id[3];
    const einv_rule_t *rate[3];
    const einv_rule_t *once;
} cat_rules_t;
#define CAT(P) {{&P##_02, &P##_03, &P##_04}, {&P##_05, &P##_06, &P##_07}, &P##_01}
static const cat_rules_t CATS[CII_NCAT] = {CAT(BR_AE), CAT(BR_AF), CAT(BR_AG), CAT(BR_E), CAT(BR_G),
                                          CAT(BR_IC), CAT(BR_O), CAT(BR_S), CAT(BR_Z)};

#define HDR "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/"
#define AGR "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/"

static const char *const VAT_FC[] = {"VA", "FC", NULL};
static const char *const VA[] = {"VA", NULL};

/* A cached expected taxable amount: per category, rate (or none), cast variant. */
typedef struct basis_memo {
    int cat, has_rate, cast, ok;
    einv_dec_t rate, value;
} basis_memo_t;

/* What the taxable-amount sums need from one line settlement. */
typedef struct line_fact {
    unsigned cats;        /* categories named by its ram:ApplicableTradeTax children */
    int ok;               /* every ram:LineTotalAmount it contributes is a single decimal */
    einv_dec_t amount;    /* sum of those amounts */
} line_fact_t;

typedef struct vat {
    einv_ctx_t *ctx;
    const einv_xdoc_t *d;
    xmlNodePtr root;
    einv_nodes_t lines;   /* /rsm:CII/rsm:SCTT/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement */
    einv_nodes_t acs;     /* /rsm:CII/rsm:SCTT/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge */
    int id_ok[CII_NCAT];  /* the seller/buyer identification test of X-02..04 holds */
    line_fact_t *facts;   /* per entry of lines, built on first use */
    basis_memo_t memo[16];
    size_t n_memo;
} vat_t;

/* ---- seller / buyer identification, computed once ---- */

static int abs_reg(const einv_xdoc_t *d, const char *party_path, const char *const *schemes)
{
    einv_nodes_t s;
    int hit = 0;
    einv_nodes_init(&s);
    cii_abs(d, party_path, &s);
    for (size_t i = 0; i < s.n && !hit; i++)
        hit = cii_child_attr_in(s.v[i], "ID", "schemeID", schemes);
    einv_nodes_free(&s);
    return hit;
}

static void party_facts(vat_t *v)
{
    int seller_vafc = 0, seller_va = 0, rep_va = 0, buyer_va = 0, buyer_legal = 0;
    const einv_nodelist_t *l = einv_xdoc_all(v->d, EINV_NS_RAM, "SpecifiedTaxRegistration");
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr r = l->v[i], p = cii_up(r);
        if (einv_x_is(p, EINV_NS_RAM, "SellerTradeParty")) {
            seller_vafc |= cii_child_attr_in(r, "ID", "schemeID", VAT_FC);
            seller_va |= cii_child_attr_in(r, "ID", "schemeID", VA);
        } else if (einv_x_is(p, EINV_NS_RAM, "SellerTaxRepresentativeTradeParty")) {
            rep_va |= cii_child_attr_in(r, "ID", "schemeID", VA);
        } else if (einv_x_is(p, EINV_NS_RAM, "BuyerTradeParty")) {
            buyer_va |= cii_child_attr_in(r, "ID", "schemeID", VA);
        }
    }
    l = einv_xdoc_all(v->d, EINV_NS_RAM, "SpecifiedLegalOrganization");
    for (size_t i = 0; i < l->n && !buyer_legal; i++)
        buyer_legal = cii_parent_is(l->v[i], EINV_NS_RAM, "BuyerTradeParty") && cii_c(l->v[i], "ID");

    /* the absolute-path variants (/rsm:CrossIndustryInvoice/...ApplicableHeaderTradeAgreement) */
    int abs_seller_vafc = abs_reg(v->d, AGR "ram:SellerTradeParty/ram:SpecifiedTaxRegistration", VAT_FC);
    int abs_seller_va = abs_reg(v->d, AGR "ram:SellerTradeParty/ram:SpecifiedTaxRegistration", VA);
    int abs_rep_va = abs_reg(v->d, AGR "ram:SellerTaxRepresentativeTradeParty/ram:SpecifiedTaxRegistration", VA);

    int seller_abs = abs_seller_vafc || abs_rep_va;
    v->id_ok[CII_AE] = (seller_vafc || rep_va) && (buyer_va || buyer_legal);
    v->id_ok[CII_L] = v->id_ok[CII_M] = v->id_ok[CII_E] = v->id_ok[CII_S] = v->id_ok[CII_Z] = seller_abs;
    v->id_ok[CII_G] = seller_va || rep_va;
    v->id_ok[CII_K] = (seller_va || rep_va) && buyer_va;
    v->id_ok[CII_O] = !abs_seller_va && !abs_rep_va && !buyer_va;
}

/* ---- expected taxable amounts (X-08) ---- */

/* Some tax child (ram, tax) of p with a single ram:RateApplicablePercent equal to rate as a
 * decimal (`ram:X/xs:decimal(ram:RateApplicablePercent) = $rate`). */
static int has_rate(const xmlNode *p, const char *tax, einv_dec_t rate)
{
    for (xmlNodePtr t = cii_c(p, tax); t; t = einv_x_next_same(t)) {
        einv_dec_t r;
        if (cii_dec1(t, "RateApplicablePercent", &r) && einv_dec_eq(r, rate))
            return 1;
    }
    return 0;
}

/* Some tax child (ram, tax) of p with a ram:CategoryCode equal to code. */
static int has_cat(const xmlNode *p, const char *tax, const char *code)
{
    for (xmlNodePtr t = cii_c(p, tax); t; t = einv_x_next_same(t))
        if (cii_child_eq(t, "CategoryCode", code))
            return 1;
    return 0;
}

/* round(sum(lines), 2) + round(sum(charges), 2) - round(sum(allowances), 2) for category k,
 * optionally restricted to one rate; cast selects the `(... cast as xs:boolean)` form of the
 * charge indicator test. Returns 0 when a summed value is not a decimal. */
static int line_facts(vat_t *v)
{
    if (v->facts || !v->lines.n)
        return 1;
    v->facts = calloc(v->lines.n, sizeof *v->facts);
    if (!v->facts)
        return 0;
    for (size_t i = 0; i < v->lines.n; i++) {
        xmlNodePtr st = v->lines.v[i];
        line_fact_t *f = &v->facts[i];
        for (xmlNodePtr t = cii_c(st, "ApplicableTradeTax"); t; t = einv_x_next_same(t))
            f->cats |= cii_cat_bits(t);
        f->ok = 1;
        f->amount = einv_dec_from_int(0);
        for (xmlNodePtr m = cii_c(st, "SpecifiedTradeSettlementLineMonetarySummation"); m;
             m = einv_x_next_same(m)) {
            xmlNodePtr a = cii_c(m, "LineTotalAmount");
            einv_dec_t x;
            if (!a)
                continue;
            if (einv_x_next_same(a) || !(x = einv_x_dec(a)).ok)
                f->ok = 0;
            else
                f->amount = einv_dec_add(f->amount, x);
        }
    }
    return 1;
}

static int compute_basis(vat_t *v, int k, const einv_dec_t *rate, int cast, einv_dec_t *out)
{
    const char *code = cii_cat_code(k);
    einv_dec_t lines = einv_dec_from_int(0), ac[2] = {einv_dec_from_int(0), einv_dec_from_int(0)};
    if (!line_facts(v))
        return 0;
    for (size_t i = 0; i < v->lines.n; i++) {
        const line_fact_t *f = &v->facts[i];
        if (!(f->cats & (1u << k)) ||
            (rate && !has_rate(v->lines.v[i], "ApplicableTradeTax", *rate)))
            continue;
        if (!f->ok)
            return 0;
        lines = einv_dec_add(lines, f->amount);
    }
    for (size_t i = 0; i < v->acs.n; i++) {
        xmlNodePtr a = v->acs.v[i];
        for (int want = 0; want < 2; want++) {
            if (!(cast ? cii_ac_cast_is(a, want) : cii_ac_is(a, want)) ||
                !has_cat(a, "CategoryTradeTax", code) ||
                (rate && !has_rate(a, "CategoryTradeTax", *rate)))
                continue;
            xmlNodePtr amt = cii_c(a, "ActualAmount");
            einv_dec_t x;
            if (!amt)
                continue;
            if (!(x = einv_x_dec(amt)).ok)
                return 0;
            ac[want] = einv_dec_add(ac[want], x);
        }
    }
    *out = einv_dec_sub(einv_dec_add(cii_round2(lines), cii_round2(ac[1])), cii_round2(ac[0]));
    return 1;
}

static int expected_basis(vat_t *v, int k, const einv_dec_t *rate, int cast, einv_dec_t *out)
{
    for (size_t i = 0; i < v->n_memo; i++) {
        basis_memo_t *m = &v->memo[i];
        if (m->cat == k && m->cast == cast && m->has_rate == (rate != NULL) &&
            (!rate || einv_dec_eq(m->rate, *rate))) {
            *out = m->value;
            return m->ok;
        }
    }
    int ok = compute_basis(v, k, rate, cast, out);
    if (v->n_memo < sizeof v->memo / sizeof v->memo[0]) {
        basis_memo_t *m = &v->memo[v->n_memo++];
        m->cat = k;
        m->has_rate = rate != NULL;
        m->cast = cast;
        m->ok = ok;
        m->rate = rate ? *rate : einv_dec_from_int(0);
        m->value = *out;
    }
    return ok;
}

/* (BA - 1 < X) and (BA + 1 > X) with BA the single ram:BasisAmount of the breakdown. */
static int basis_near(vat_t *v, const xmlNode *att, int k, int cast)
{
    einv_dec_t ba, x, one = einv_dec_from_int(1);
    if (!cii_num1(att, "BasisAmount", &ba) || !expected_basis(v, k, NULL, cast, &x))
        return 0;
    return einv_dec_cmp(einv_dec_sub(ba, one), x) < 0 && einv_dec_cmp(einv_dec_add(ba, one), x) > 0;
}

/* every $rate in rates_of/ram:RateApplicablePercent satisfies
 * basis_of/ram:BasisAmount = expected(category, $rate). */
static int basis_per_rate(vat_t *v, const xmlNode *rates_of, const xmlNode *basis_of, int k)
{
    for (xmlNodePtr r = cii_c(rates_of, "RateApplicablePercent"); r; r = einv_x_next_same(r)) {
        einv_dec_t rate = einv_x_dec(r), x;
        if (!rate.ok || !expected_basis(v, k, &rate, 0, &x) ||
            !cii_child_num(basis_of, "BasisAmount", CII_EQ, x))
            return 0;
    }
    return 1;
}

static int exemption(const xmlNode *att)
{
    return cii_c(att, "ExemptionReason") || cii_c(att, "ExemptionReasonCode");
}

/* ---- header breakdowns on ram:CategoryCode (AE, E, G, K, S, Z) ---- */

/* BR-S-09: |CA| within 1 of round(|BA| x rate) / 100. */
static int s09_ok(const xmlNode *att)
{
    einv_dec_t ca, ba, rate, one = einv_dec_from_int(1);
    if (!cii_dec1(att, "CalculatedAmount", &ca) || !cii_dec1(att, "BasisAmount", &ba) ||
        !cii_num1(att, "RateApplicablePercent", &rate))
        return 0;
    einv_dec_t x = einv_dec_shift(einv_dec_round(einv_dec_mul(einv_dec_abs(ba), rate), 0), 2);
    einv_dec_t a = einv_dec_abs(ca);
    return einv_dec_cmp(einv_dec_sub(a, one), x) < 0 && einv_dec_cmp(einv_dec_add(a, one), x) > 0;
}

static void check_header_codes(vat_t *v)
{
    static const struct { int k; const einv_rule_t *r08, *r09, *r10; } ZERO[] = {
        {CII_AE, &BR_AE_08, &BR_AE_09, &BR_AE_10}, {CII_E, &BR_E_08, &BR_E_09, &BR_E_10},
        {CII_G, &BR_G_08, &BR_G_09, &BR_G_10},     {CII_K, &BR_IC_08, &BR_IC_09, &BR_IC_10},
    };
    const einv_nodelist_t *l = einv_xdoc_all(v->d, EINV_NS_RAM, "CategoryCode");
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr cc = l->v[i], att = cii_up(cc), hs = cii_up(att);
        if (!einv_x_is(att, EINV_NS_RAM, "ApplicableTradeTax") ||
            !einv_x_is(hs, EINV_NS_RAM, "ApplicableHeaderTradeSettlement"))
            continue;
        const char *s = einv_x_text(cc);
        if (strcmp(s, "S") == 0) {
            if (!basis_per_rate(v, att, att, CII_S))
                einv_report(v->ctx, &BR_S_08, cc);
            if (!s09_ok(att))
                einv_report(v->ctx, &BR_S_09, cc);
            if (exemption(att))
                einv_report(v->ctx, &BR_S_10, cc);
            continue;
        }
        if (strcmp(s, "Z") == 0) {
            if (!basis_near(v, att, CII_Z, 1))
                einv_report(v->ctx, &BR_Z_08, cc);
            if (!cii_child_int(att, "CalculatedAmount", CII_EQ, 0))
                einv_report(v->ctx, &BR_Z_09, cc);
            if (exemption(att))
                einv_report(v->ctx, &BR_Z_10, cc);
            continue;
        }
        if (!cii_parent_is(hs, EINV_NS_RSM, "SupplyChainTradeTransaction") || !cii_is_vat(att, 0))
            continue;
        for (size_t z = 0; z < sizeof ZERO / sizeof ZERO[0]; z++) {
            if (strcmp(s, cii_cat_code(ZERO[z].k)) != 0)
                continue;
            if (!basis_near(v, att, ZERO[z].k, 0))
                einv_report(v->ctx, ZERO[z].r08, cc);
            if (!cii_child_int(att, "CalculatedAmount", CII_EQ, 0))
                einv_report(v->ctx, ZERO[z].r09, cc);
            if (!exemption(att))
                einv_report(v->ctx, ZERO[z].r10, cc);
            if (ZERO[z].k == CII_K) {
                int dated = cii_abs_first(v->d, "rsm:SupplyChainTradeTransaction/"
                                                "ram:ApplicableHeaderTradeDelivery/"
                                                "ram:ActualDeliverySupplyChainEvent/"
                                                "ram:OccurrenceDateTime/udt:DateTimeString") ||
                            cii_c2(hs, "BillingSpecifiedPeriod", "StartDateTime") ||
                            cii_c2(hs, "BillingSpecifiedPeriod", "EndDateTime");
                if (!dated)
                    einv_report(v->ctx, &BR_IC_11, cc);
                if (!cii_abs_first(v->d, "rsm:SupplyChainTradeTransaction/"
                                         "ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/"
                                         "ram:PostalTradeAddress/ram:CountryID"))
                    einv_report(v->ctx, &BR_IC_12, cc);
            }
        }
    }
}

/* ---- header breakdowns on ram:ApplicableTradeTax (L, M, O) ---- */

static void check_header_taxes(vat_t *v)
{
    const einv_nodelist_t *l = einv_xdoc_all(v->d, EINV_NS_RAM, "ApplicableTradeTax");
    int other_tax = -1, other_ac = -1;   /* BR-O-11..14 facts, computed when first needed */
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr att = l->v[i];
        int k = cii_hdr_tax_special(att);
        if (k == CII_L || k == CII_M) {
            /* the official test reads rate and basis one level up (the settlement), so it
             * only bites when those are present there */
            if (!basis_per_rate(v, cii_up(att), cii_up(att), k))
                einv_report(v->ctx, k == CII_L ? &BR_AF_08 : &BR_AG_08, att);
            if (exemption(att))
                einv_report(v->ctx, k == CII_L ? &BR_AF_10 : &BR_AG_10, att);
        } else if (k == CII_O) {
            einv_dec_t x;
            if (!expected_basis(v, CII_O, NULL, 1, &x) || !cii_child_num(att, "BasisAmount", CII_EQ, x))
                einv_report(v->ctx, &BR_O_08, att);
            if (!cii_child_int(att, "CalculatedAmount", CII_EQ, 0))
                einv_report(v->ctx, &BR_O_09, att);
            if (!exemption(att))
                einv_report(v->ctx, &BR_O_10, att);
            if (other_tax < 0) {
                other_tax = other_ac = 0;
                for (size_t j = 0; j < l->n && !other_tax; j++)
                    other_tax = cii_child_ne(l->v[j], "CategoryCode", "O");
                const einv_nodelist_t *c = einv_xdoc_all(v->d, EINV_NS_RAM, "CategoryTradeTax");
                for (size_t j = 0; j < c->n && !other_ac; j++)
                    other_ac = cii_child_ne(c->v[j], "CategoryCode", "O");
            }
            if (other_tax) {
                einv_report(v->ctx, &BR_O_11, att);
                einv_report(v->ctx, &BR_O_12, att);
            }
            if (other_ac) {
                einv_report(v->ctx, &BR_O_13, att);
                einv_report(v->ctx, &BR_O_14, att);
            }
        }
    }
}

/* ---- lines, allowances and charges ---- */

/* The rate rule of category k on a line / allowance / charge tax element. */
static int rate_ok(int k, const xmlNode *tax)
{
    switch (k) {
    case CII_S:
    case CII_L: return cii_child_int(tax, "RateApplicablePercent", CII_GT, 0);
    case CII_M: return cii_child_int(tax, "RateApplicablePercent", CII_GE, 0);
    case CII_O: return cii_c(tax, "RateApplicablePercent") == NULL;
    default: return cii_child_int(tax, "RateApplicablePercent", CII_EQ, 0);
    }
}

/* First category of tax in pattern order, or -1. */
static int first_cat(const xmlNode *tax)
{
    unsigned b = cii_cat_bits(tax);
    for (int k = 0; k < CII_NCAT; k++)
        if (b & (1u << k))
            return k;
    return -1;
}

static void check_item_taxes(vat_t *v)
{
    /* //rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/
     *   ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax[cat][VAT] */
    const einv_nodelist_t *l = einv_xdoc_all(v->d, EINV_NS_RAM, "ApplicableTradeTax");
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr t = l->v[i], st = cii_up(t), li = cii_up(st);
        if (!einv_x_is(st, EINV_NS_RAM, "SpecifiedLineTradeSettlement") ||
            !einv_x_is(li, EINV_NS_RAM, "IncludedSupplyChainTradeLineItem") ||
            !cii_parent_is(li, EINV_NS_RSM, "SupplyChainTradeTransaction"))
            continue;
        int k = first_cat(t);
        if (k < 0 || !cii_is_vat(t, 0))
            continue;
        if (!v->id_ok[k])
            einv_report(v->ctx, CATS[k].id[0], t);
        if (!rate_ok(k, t))
            einv_report(v->ctx, CATS[k].rate[0], t);
    }
    /* //ram:SpecifiedTradeAllowanceCharge[indicator]/ram:CategoryTradeTax[cat][VAT] */
    l = einv_xdoc_all(v->d, EINV_NS_RAM, "CategoryTradeTax");
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr t = l->v[i], ac = cii_up(t);
        if (!einv_x_is(ac, EINV_NS_RAM, "SpecifiedTradeAllowanceCharge"))
            continue;
        int k = first_cat(t);
        if (k < 0 || !cii_is_vat(t, 0))
            continue;
        int which = cii_ac_is(ac, 0) ? 1 : cii_ac_is(ac, 1) ? 2 : 0;
        if (!which)
            continue;
        if (!v->id_ok[k])
            einv_report(v->ctx, CATS[k].id[which], t);
        if (!rate_ok(k, t))
            einv_report(v->ctx, CATS[k].rate[which], t);
    }
}

/* ---- root: one breakdown per category (X-01) ---- */

static void check_root(vat_t *v)
{
    size_t h[CII_NCAT] = {0}, ln[CII_NCAT] = {0}, c[CII_NCAT] = {0};
    const einv_nodelist_t *l = einv_xdoc_all(v->d, EINV_NS_RAM, "ApplicableTradeTax");
    for (size_t i = 0; i < l->n; i++) {
        xmlNodePtr t = l->v[i];
        size_t *cnt = cii_parent_is(t, EINV_NS_RAM, "ApplicableHeaderTradeSettlement") ? h
                      : cii_parent_is(t, EINV_NS_RAM, "SpecifiedLineTradeSettlement") ? ln
                                                                                       : NULL;
        if (!cnt)
            continue;
        unsigned b = cii_cat_bits(t);
        for (int k = 0; k < CII_NCAT; k++)
            cnt[k] += (b >> k) & 1u;
    }
    l = einv_xdoc_all(v->d, EINV_NS_RAM, "CategoryTradeTax");
    for (size_t i = 0; i < l->n; i++) {
        unsigned b = cii_cat_bits(l->v[i]);
        for (int k = 0; k < CII_NCAT; k++)
            c[k] += (b >> k) & 1u;
    }
    for (int k = 0; k < CII_NCAT; k++) {
        int ok;
        if (k == CII_S || k == CII_L || k == CII_M)
            ok = (ln[k] + h[k] >= 2 || !ln[k]) && (c[k] + h[k] >= 2 || !c[k]);
        else if (k == CII_O)
            ok = !h[k] || (h[k] == 1 && (ln[k] || c[k]));
        else
            ok = (!h[k] && !ln[k] && !c[k]) || (h[k] == 1 && (ln[k] || c[k]));
        if (!ok)
            einv_report(v->ctx, CATS[k].once, v->root);
    }
}

static void check(einv_ctx_t *ctx)
{
    vat_t v;
    memset(&v, 0, sizeof v);
    v.ctx = ctx;
    v.d = einv_ctx_xdoc(ctx);
    if (!v.d)
        return;
    v.root = cii_root(v.d);
    einv_nodes_init(&v.lines);
    einv_nodes_init(&v.acs);
    if (v.root) {
        cii_abs(v.d, "rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/"
                     "ram:SpecifiedLineTradeSettlement", &v.lines);
        cii_abs(v.d, HDR "ram:SpecifiedTradeAllowanceCharge", &v.acs);
        check_root(&v);
    }
    party_facts(&v);
    check_header_codes(&v);
    check_header_taxes(&v);
    check_item_taxes(&v);
    free(v.facts);
    einv_nodes_free(&v.lines);
    einv_nodes_free(&v.acs);
}

#define ALL6(P) &P##_02, &P##_03, &P##_04, &P##_05, &P##_06, &P##_07
static const einv_rule_t *const RULES[] = {
    &BR_S_01, ALL6(BR_S), &BR_S_08, &BR_S_09, &BR_S_10,
    &BR_Z_01, ALL6(BR_Z), &BR_Z_08, &BR_Z_09, &BR_Z_10,
    &BR_E_01, ALL6(BR_E), &BR_E_08, &BR_E_09, &BR_E_10,
    &BR_AE_01, ALL6(BR_AE), &BR_AE_08, &BR_AE_09, &BR_AE_10,
    &BR_IC_01, ALL6(BR_IC), &BR_IC_08, &BR_IC_09, &BR_IC_10, &BR_IC_11, &BR_IC_12,
    &BR_G_01, ALL6(BR_G), &BR_G_08, &BR_G_09, &BR_G_10,
    &BR_O_01, ALL6(BR_O), &BR_O_08, &BR_O_09, &BR_O_10, &BR_O_11, &BR_O_12, &BR_O_13, &BR_O_14,
    &BR_AF_01, ALL6(BR_AF), &BR_AF_08, &BR_AF_09, &BR_AF_10,
    &BR_AG_01, ALL6(BR_AG), &BR_AG_08, &BR_AG_09, &BR_AG_10,
};

const en_family_t en_cii_vat = {"cii-vat", EINV_SYNTAX_CII, check, RULES,
                                sizeof RULES / sizeof RULES[0]};
