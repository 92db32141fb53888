/* Canonical EN 16931 model -> UBL 2.1 Invoice / CreditNote, following the EN 16931-3-2
 * binding that ubl_to_model reads (so UBL -> model -> UBL keeps every business term).
 *
 * Used to validate inputs that are not UBL (the canonical JSON, and later IDoc / OData)
 * with exactly the rules a UBL upload meets. The text is written in one pass in the
 * element order of the UBL 2.1 schema, and for every element and attribute written, in
 * document order, the writer records the source location of the model value it came from.
 * The text is then parsed with einv_xdoc_parse (namespace ids and the element index the
 * rules need) and a walk over the parsed tree in the same order sets each node->_private
 * to its location: the model node's own src string, borrowed from the invoice.
 *
 * Only what the model holds is written: absent terms stay absent, so the rules report a
 * JSON invoice exactly as they report the equivalent UBL document. The binding's fixed
 * parts are added where a term needs them: TaxScheme "VAT", ChargeIndicator, document type
 * codes 130 / 50, schemeID "SEPA". Three values are filled in only for schema validity:
 * cac:OrderReference/cbc:ID "NA" when there is a sales order reference (BT-14) but no
 * purchase order reference (BT-13), cac:CardAccount/cbc:NetworkID "NA" (UBL requires one,
 * EN 16931 has no term for it), and the price discount next to a gross price without one
 * (BT-147 = BT-148 - BT-146, the definition of the net price). */
#include "ubl_from_model.h"
#include "xml_out.h"
#include <stdlib.h>
#include <string.h>

#define NS_INV "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
#define NS_CN "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"
#define NS_CAC "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
#define NS_CBC "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"

/* Source of one element or attribute: base (a model node's src) + optional suffix. */
typedef struct gsrc {
    const char *base, *suffix;
} gsrc;

typedef struct gen {
    char *p;
    size_t n, cap;
    gsrc *s;
    size_t ns, scap;
    int oom;
    const einv_node_t *root;
    int cn;                      /* CreditNote */
    int for_export;              /* an export, not the validation of a non-XML input */
    ubl_added_t added;           /* what an export wrote that the model lacks */
    const einv_node_t *bt5, *bt6;
    char cur_doc[16], cur_tax[16];
} gen_t;

#define GET(p, T) einv_node_get((p), EINV_T_##T)
#define SRC(n) ((n) ? (n)->src : NULL)

/* ---- output ---- */

static void g_raw(gen_t *g, const char *s, size_t n)
{
    if (g->oom)
        return;
    if (g->cap - g->n <= n) {
        size_t cap = g->cap ? g->cap : 16384;
        char *p;
        while (cap - g->n <= n)
            cap *= 2;
        if (!(p = realloc(g->p, cap))) {
            g->oom = 1;
            return;
        }
        g->p = p;
        g->cap = cap;
    }
    memcpy(g->p + g->n, s, n);
    g->n += n;
}

#define G_LIT(g, s) g_raw(g, s, sizeof(s) - 1)

static void g_push(gen_t *g, const char *base, const char *suffix)
{
    if (g->oom)
        return;
    if (g->ns == g->scap) {
        size_t cap = g->scap ? g->scap * 2 : 256;
        gsrc *s = realloc(g->s, cap * sizeof *s);
        if (!s) {
            g->oom = 1;
            return;
        }
        g->s = s;
        g->scap = cap;
    }
    g->s[g->ns].base = base;
    g->s[g->ns].suffix = suffix;
    g->ns++;
}

/* Escaped text or attribute value. Characters XML 1.0 cannot carry are dropped and
 * invalid UTF-8 becomes U+FFFD, so the document always parses (the JSON reader refuses
 * such input earlier; other sources may not). CR, and tab/LF in attributes, are written
 * as references so the parser gives back the same value. */
static void g_esc(gen_t *g, const char *s, int attr)
{
    const unsigned char *p = (const unsigned char *)s, *run = p;
    while (s && *p) {
        const char *rep = NULL;
        size_t skip = 1;
        unsigned char c = *p;
        if (c < 0x80) {
            switch (c) {
            case '&': rep = "&amp;"; break;
            case '<': rep = "&lt;"; break;
            case '>': rep = "&gt;"; break;
            case '"': rep = attr ? "&quot;" : NULL; break;
            case '\r': rep = "&#13;"; break;
            case '\n': rep = attr ? "&#10;" : NULL; break;
            case '\t': rep = attr ? "&#9;" : NULL; break;
            default: rep = c < 0x20 ? "" : NULL;
            }
        } else {
            size_t n = xo_utf8_len(p);
            if (!n)
                rep = "\xEF\xBF\xBD";
            else if (n == 3 && c == 0xEF && p[1] == 0xBF && (p[2] == 0xBE || p[2] == 0xBF))
                rep = "", skip = 3;
            else
                skip = n;
        }
        if (rep) {
            g_raw(g, (const char *)run, (size_t)(p - run));
            g_raw(g, rep, strlen(rep));
            run = p + skip;
        }
        p += skip;
    }
    if (s)
        g_raw(g, (const char *)run, (size_t)(p - run));
}

/* <qn ... : the element's source is recorded, attributes may follow, then g_gt. */
static void g_open(gen_t *g, const char *qn, const char *src)
{
    G_LIT(g, "<");
    g_raw(g, qn, strlen(qn));
    g_push(g, src, NULL);
}

static void g_attr(gen_t *g, const char *name, const char *val, const char *src,
                   const char *suffix)
{
    if (!val)
        return;
    G_LIT(g, " ");
    g_raw(g, name, strlen(name));
    G_LIT(g, "=\"");
    g_esc(g, val, 1);
    G_LIT(g, "\"");
    g_push(g, src, src ? suffix : NULL);
}

static void g_gt(gen_t *g) { G_LIT(g, ">"); }

static void g_close(gen_t *g, const char *qn)
{
    G_LIT(g, "</");
    g_raw(g, qn, strlen(qn));
    G_LIT(g, ">");
}

/* <qn>text</qn> with an explicit source (fixed binding values use their term's). */
static void g_text_el(gen_t *g, const char *qn, const char *text, const char *src)
{
    g_open(g, qn, src);
    g_gt(g);
    g_esc(g, text, 0);
    g_close(g, qn);
}

/* A plain term: <qn>text</qn>, nothing when n is absent. */
static void g_leaf(gen_t *g, const char *qn, const einv_node_t *n)
{
    if (n)
        g_text_el(g, qn, n->text, n->src);
}

/* <outer><qn>text</qn></outer> for a term wrapped in one aggregate. */
static void g_wrapped(gen_t *g, const char *outer, const char *qn, const einv_node_t *n)
{
    if (!n)
        return;
    g_open(g, outer, n->src);
    g_gt(g);
    g_leaf(g, qn, n);
    g_close(g, outer);
}

/* An identifier with its scheme (BT-n-1) in @schemeID. */
static void g_id(gen_t *g, const char *qn, const einv_node_t *n)
{
    if (!n)
        return;
    g_open(g, qn, n->src);
    g_attr(g, "schemeID", n->attr[0], n->src, "/scheme");
    g_gt(g);
    g_esc(g, n->text, 0);
    g_close(g, qn);
}

static void trim_copy(const char *s, char *out, size_t size)
{
    size_t k = 0;
    while (s && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
        s++;
    while (s && *s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r' && k + 1 < size)
        out[k++] = *s++;
    out[k] = 0;
}

/* An amount: @currencyID from the node when its source had one, else BT-5 (BT-6 for the
 * VAT total in accounting currency). text replaces the node's own when not NULL. */
static void g_amount_text(gen_t *g, const char *qn, const einv_node_t *n, const char *text,
                          int tax_currency)
{
    const einv_node_t *cur = tax_currency ? g->bt6 : g->bt5;
    const char *code = tax_currency ? g->cur_tax : g->cur_doc;
    if (!n)
        return;
    g_open(g, qn, n->src);
    if (n->attr[0])
        g_attr(g, "currencyID", n->attr[0], n->src, NULL);
    else if (cur && code[0])
        g_attr(g, "currencyID", code, cur->src, NULL);
    g_gt(g);
    g_esc(g, text ? text : n->text, 0);
    g_close(g, qn);
}

static void g_amount(gen_t *g, const char *qn, const einv_node_t *n, int tax_currency)
{
    g_amount_text(g, qn, n, NULL, tax_currency);
}

/* A quantity with @unitCode from its unit term (BT-130 / BT-150), else the node's own. */
static void g_quantity(gen_t *g, const char *qn, const einv_node_t *n, const einv_node_t *unit)
{
    if (!n)
        return;
    g_open(g, qn, n->src);
    if (unit && unit->text)
        g_attr(g, "unitCode", unit->text, unit->src, NULL);
    else if (n->attr[0])
        g_attr(g, "unitCode", n->attr[0], n->src, NULL);
    g_gt(g);
    g_esc(g, n->text, 0);
    g_close(g, qn);
}

/* cac:TaxScheme/cbc:ID "VAT" (or another scheme) under a tax category or tax scheme. */
static void g_tax_scheme(gen_t *g, const char *id, const char *src)
{
    g_open(g, "cac:TaxScheme", src);
    g_gt(g);
    g_text_el(g, "cbc:ID", id, src);
    g_close(g, "cac:TaxScheme");
}

/* ---- aggregates ---- */

/* Postal address; t = {line1, line2, line3, city, postal code, subdivision, country}. */
static void g_address(gen_t *g, const char *qn, const einv_node_t *a, const einv_term t[7])
{
    const einv_node_t *l3, *cc;
    if (!a)
        return;
    g_open(g, qn, a->src);
    g_gt(g);
    g_leaf(g, "cbc:StreetName", einv_node_get(a, t[0]));
    g_leaf(g, "cbc:AdditionalStreetName", einv_node_get(a, t[1]));
    g_leaf(g, "cbc:CityName", einv_node_get(a, t[3]));
    g_leaf(g, "cbc:PostalZone", einv_node_get(a, t[4]));
    g_leaf(g, "cbc:CountrySubentity", einv_node_get(a, t[5]));
    if ((l3 = einv_node_get(a, t[2])))
        g_wrapped(g, "cac:AddressLine", "cbc:Line", l3);
    if ((cc = einv_node_get(a, t[6])))
        g_wrapped(g, "cac:Country", "cbc:IdentificationCode", cc);
    g_close(g, qn);
}

static void g_contact(gen_t *g, const einv_node_t *c, einv_term name, einv_term tel,
                      einv_term mail)
{
    if (!c)
        return;
    g_open(g, "cac:Contact", c->src);
    g_gt(g);
    g_leaf(g, "cbc:Name", einv_node_get(c, name));
    g_leaf(g, "cbc:Telephone", einv_node_get(c, tel));
    g_leaf(g, "cbc:ElectronicMail", einv_node_get(c, mail));
    g_close(g, "cac:Contact");
}

static void g_party_tax_scheme(gen_t *g, const einv_node_t *id, const char *scheme)
{
    if (!id)
        return;
    g_open(g, "cac:PartyTaxScheme", id->src);
    g_gt(g);
    g_leaf(g, "cbc:CompanyID", id);
    g_tax_scheme(g, scheme, id->src);
    g_close(g, "cac:PartyTaxScheme");
}

static void g_party_id(gen_t *g, const einv_node_t *id)
{
    if (!id)
        return;
    g_open(g, "cac:PartyIdentification", id->src);
    g_gt(g);
    g_id(g, "cbc:ID", id);
    g_close(g, "cac:PartyIdentification");
}

/* BT-90, the bank assigned creditor identifier: a party identifier with scheme SEPA. */
static void g_sepa_id(gen_t *g, const einv_node_t *id)
{
    if (!id)
        return;
    g_open(g, "cac:PartyIdentification", id->src);
    g_gt(g);
    g_open(g, "cbc:ID", id->src);
    g_attr(g, "schemeID", "SEPA", id->src, NULL);
    g_gt(g);
    g_esc(g, id->text, 0);
    g_close(g, "cbc:ID");
    g_close(g, "cac:PartyIdentification");
}

static const einv_node_t *creditor_id(const gen_t *g)
{
    return GET(GET(GET(g->root, BG_16), BG_19), BT_90);
}

static const einv_term SELLER_ADDR[7] = {EINV_T_BT_35, EINV_T_BT_36, EINV_T_BT_162, EINV_T_BT_37,
                                         EINV_T_BT_38, EINV_T_BT_39, EINV_T_BT_40};
static const einv_term BUYER_ADDR[7] = {EINV_T_BT_50, EINV_T_BT_51, EINV_T_BT_163, EINV_T_BT_52,
                                        EINV_T_BT_53, EINV_T_BT_54, EINV_T_BT_55};
static const einv_term TAXREP_ADDR[7] = {EINV_T_BT_64, EINV_T_BT_65, EINV_T_BT_164, EINV_T_BT_66,
                                         EINV_T_BT_67, EINV_T_BT_68, EINV_T_BT_69};
static const einv_term DELIVERY_ADDR[7] = {EINV_T_BT_75, EINV_T_BT_76, EINV_T_BT_165, EINV_T_BT_77,
                                           EINV_T_BT_78, EINV_T_BT_79, EINV_T_BT_80};

static void g_seller(gen_t *g)
{
    const einv_node_t *s = GET(g->root, BG_4), *c;
    const einv_node_t *name = GET(s, BT_27), *legal = GET(s, BT_30), *form = GET(s, BT_33);
    if (!s)
        return;
    g_open(g, "cac:AccountingSupplierParty", s->src);
    g_gt(g);
    g_open(g, "cac:Party", s->src);
    g_gt(g);
    g_id(g, "cbc:EndpointID", GET(s, BT_34));
    for (c = GET(s, BT_29); c; c = einv_node_next(c))
        g_party_id(g, c);
    if (!GET(g->root, BG_10))   /* with a payee, the creditor id goes there */
        g_sepa_id(g, creditor_id(g));
    g_wrapped(g, "cac:PartyName", "cbc:Name", GET(s, BT_28));
    g_address(g, "cac:PostalAddress", GET(s, BG_5), SELLER_ADDR);
    g_party_tax_scheme(g, GET(s, BT_31), "VAT");
    g_party_tax_scheme(g, GET(s, BT_32), "TAX");   /* any scheme but VAT: tax registration */
    if (name || legal || form) {
        g_open(g, "cac:PartyLegalEntity", NULL);
        g_gt(g);
        g_leaf(g, "cbc:RegistrationName", name);
        g_id(g, "cbc:CompanyID", legal);
        g_leaf(g, "cbc:CompanyLegalForm", form);
        g_close(g, "cac:PartyLegalEntity");
    }
    g_contact(g, GET(s, BG_6), EINV_T_BT_41, EINV_T_BT_42, EINV_T_BT_43);
    g_close(g, "cac:Party");
    g_close(g, "cac:AccountingSupplierParty");
}

static void g_buyer(gen_t *g)
{
    const einv_node_t *b = GET(g->root, BG_7);
    const einv_node_t *name = GET(b, BT_44), *legal = GET(b, BT_47);
    if (!b)
        return;
    g_open(g, "cac:AccountingCustomerParty", b->src);
    g_gt(g);
    g_open(g, "cac:Party", b->src);
    g_gt(g);
    g_id(g, "cbc:EndpointID", GET(b, BT_49));
    g_party_id(g, GET(b, BT_46));
    g_wrapped(g, "cac:PartyName", "cbc:Name", GET(b, BT_45));
    g_address(g, "cac:PostalAddress", GET(b, BG_8), BUYER_ADDR);
    g_party_tax_scheme(g, GET(b, BT_48), "VAT");
    if (name || legal) {
        g_open(g, "cac:PartyLegalEntity", NULL);
        g_gt(g);
        g_leaf(g, "cbc:RegistrationName", name);
        g_id(g, "cbc:CompanyID", legal);
        g_close(g, "cac:PartyLegalEntity");
    }
    g_contact(g, GET(b, BG_9), EINV_T_BT_56, EINV_T_BT_57, EINV_T_BT_58);
    g_close(g, "cac:Party");
    g_close(g, "cac:AccountingCustomerParty");
}

static void g_payee(gen_t *g)
{
    const einv_node_t *p = GET(g->root, BG_10), *legal;
    if (!p)
        return;
    g_open(g, "cac:PayeeParty", p->src);
    g_gt(g);
    g_party_id(g, GET(p, BT_60));
    g_sepa_id(g, creditor_id(g));
    g_wrapped(g, "cac:PartyName", "cbc:Name", GET(p, BT_59));
    if ((legal = GET(p, BT_61))) {
        g_open(g, "cac:PartyLegalEntity", legal->src);
        g_gt(g);
        g_id(g, "cbc:CompanyID", legal);
        g_close(g, "cac:PartyLegalEntity");
    }
    g_close(g, "cac:PayeeParty");
}

static void g_tax_representative(gen_t *g)
{
    const einv_node_t *t = GET(g->root, BG_11);
    if (!t)
        return;
    g_open(g, "cac:TaxRepresentativeParty", t->src);
    g_gt(g);
    g_wrapped(g, "cac:PartyName", "cbc:Name", GET(t, BT_62));
    g_address(g, "cac:PostalAddress", GET(t, BG_12), TAXREP_ADDR);
    g_party_tax_scheme(g, GET(t, BT_63), "VAT");
    g_close(g, "cac:TaxRepresentativeParty");
}

static void g_delivery(gen_t *g)
{
    const einv_node_t *d = GET(g->root, BG_13), *loc, *addr, *party;
    if (!d)
        return;
    loc = GET(d, BT_71);
    addr = GET(d, BG_15);
    party = GET(d, BT_70);
    g_open(g, "cac:Delivery", d->src);
    g_gt(g);
    g_leaf(g, "cbc:ActualDeliveryDate", GET(d, BT_72));
    if (loc || addr) {
        g_open(g, "cac:DeliveryLocation", loc ? loc->src : addr->src);
        g_gt(g);
        g_id(g, "cbc:ID", loc);
        g_address(g, "cac:Address", addr, DELIVERY_ADDR);
        g_close(g, "cac:DeliveryLocation");
    }
    if (party) {
        g_open(g, "cac:DeliveryParty", party->src);
        g_gt(g);
        g_wrapped(g, "cac:PartyName", "cbc:Name", party);
        g_close(g, "cac:DeliveryParty");
    }
    g_close(g, "cac:Delivery");
}

/* BG-16. UBL has one financial account per cac:PaymentMeans, so each credit transfer
 * (BG-17) gets its own, repeating the code and remittance information; the payment means
 * text, the due date of a credit note, the card and the mandate go into the first only
 * (UBL-SR-45/46/54/55 allow them once). */
static void g_payment(gen_t *g)
{
    const einv_node_t *p = GET(g->root, BG_16), *due = g->cn ? GET(g->root, BT_9) : NULL;
    const einv_node_t *code = GET(p, BT_81), *text = GET(p, BT_82), *pid = GET(p, BT_83);
    const einv_node_t *card = GET(p, BG_18), *dd = GET(p, BG_19), *tr = GET(p, BG_17);
    const einv_node_t *mandate = GET(dd, BT_89), *debited = GET(dd, BT_91);
    const einv_node_t *c;
    int first = 1, other = 0;
    /* an empty payment group ("payment": {}) still gives its element, so BR-49 tells the
     * sender what is missing; a creditor id alone (BG-19) lives in a party, not here */
    for (c = p ? p->first : NULL; c; c = c->next)
        other |= c->term != EINV_T_BG_19;
    if (!code && !pid && !card && !tr && !mandate && !debited && !due &&
        !(p && (!p->first || other)))
        return;
    do {
        g_open(g, "cac:PaymentMeans", tr ? tr->src : p ? p->src : due->src);
        g_gt(g);
        if (code) {
            g_open(g, "cbc:PaymentMeansCode", code->src);
            if (first && text)
                g_attr(g, "name", text->text ? text->text : "", text->src, NULL);
            g_gt(g);
            g_esc(g, code->text, 0);
            g_close(g, "cbc:PaymentMeansCode");
        } else if (g->for_export) {
            /* CII carries a remittance reference (BT-83) without payment means; UBL's
             * cac:PaymentMeans requires a code: UNTDID 4461 "1", instrument not defined,
             * which the UBL reader reads back as no code (ubl_to_model.c) */
            const char *src = p ? p->src : due->src;
            g_text_el(g, "cbc:PaymentMeansCode", "1", src);
            g->added.means_code = src ? src : "";
        }
        if (first)
            g_leaf(g, "cbc:PaymentDueDate", due);
        g_leaf(g, "cbc:PaymentID", pid);
        if (first && card) {
            g_open(g, "cac:CardAccount", card->src);
            g_gt(g);
            g_leaf(g, "cbc:PrimaryAccountNumberID", GET(card, BT_87));
            g_text_el(g, "cbc:NetworkID", "NA", card->src);
            g_leaf(g, "cbc:HolderName", GET(card, BT_88));
            g_close(g, "cac:CardAccount");
        }
        if (tr) {
            const einv_node_t *branch = GET(tr, BT_86);
            g_open(g, "cac:PayeeFinancialAccount", tr->src);
            g_gt(g);
            g_leaf(g, "cbc:ID", GET(tr, BT_84));
            g_leaf(g, "cbc:Name", GET(tr, BT_85));
            g_wrapped(g, "cac:FinancialInstitutionBranch", "cbc:ID", branch);
            g_close(g, "cac:PayeeFinancialAccount");
        }
        if (first && (mandate || debited)) {
            g_open(g, "cac:PaymentMandate", dd->src);
            g_gt(g);
            g_leaf(g, "cbc:ID", mandate);
            g_wrapped(g, "cac:PayerFinancialAccount", "cbc:ID", debited);
            g_close(g, "cac:PaymentMandate");
        }
        g_close(g, "cac:PaymentMeans");
        first = 0;
    } while (tr && (tr = einv_node_next(tr)));
}

/* Allowance or charge; t = {amount, base, percentage, reason, reason code, VAT category,
 * VAT rate} (the last two EINV_T__COUNT on lines, which carry no tax category). */
static void g_allowance_charge(gen_t *g, const einv_node_t *a, int charge, const einv_term t[7])
{
    const einv_node_t *cat = t[5] != EINV_T__COUNT ? einv_node_get(a, t[5]) : NULL;
    const einv_node_t *rate = t[6] != EINV_T__COUNT ? einv_node_get(a, t[6]) : NULL;
    g_open(g, "cac:AllowanceCharge", a->src);
    g_gt(g);
    g_text_el(g, "cbc:ChargeIndicator", charge ? "true" : "false", a->src);
    g_leaf(g, "cbc:AllowanceChargeReasonCode", einv_node_get(a, t[4]));
    g_leaf(g, "cbc:AllowanceChargeReason", einv_node_get(a, t[3]));
    g_leaf(g, "cbc:MultiplierFactorNumeric", einv_node_get(a, t[2]));
    g_amount(g, "cbc:Amount", einv_node_get(a, t[0]), 0);
    g_amount(g, "cbc:BaseAmount", einv_node_get(a, t[1]), 0);
    if (cat || rate) {
        g_open(g, "cac:TaxCategory", cat ? cat->src : rate->src);
        g_gt(g);
        g_leaf(g, "cbc:ID", cat);
        g_leaf(g, "cbc:Percent", rate);
        g_tax_scheme(g, "VAT", cat ? cat->src : rate->src);
        g_close(g, "cac:TaxCategory");
    }
    g_close(g, "cac:AllowanceCharge");
}

static const einv_term DOC_ALLOWANCE[7] = {EINV_T_BT_92, EINV_T_BT_93, EINV_T_BT_94, EINV_T_BT_97,
                                           EINV_T_BT_98, EINV_T_BT_95, EINV_T_BT_96};
static const einv_term DOC_CHARGE[7] = {EINV_T_BT_99, EINV_T_BT_100, EINV_T_BT_101, EINV_T_BT_104,
                                        EINV_T_BT_105, EINV_T_BT_102, EINV_T_BT_103};
static const einv_term LINE_ALLOWANCE[7] = {EINV_T_BT_136, EINV_T_BT_137, EINV_T_BT_138,
                                            EINV_T_BT_139, EINV_T_BT_140, EINV_T__COUNT,
                                            EINV_T__COUNT};
static const einv_term LINE_CHARGE[7] = {EINV_T_BT_141, EINV_T_BT_142, EINV_T_BT_143,
                                         EINV_T_BT_144, EINV_T_BT_145, EINV_T__COUNT,
                                         EINV_T__COUNT};

static void g_allowances(gen_t *g, const einv_node_t *parent, einv_term allowance,
                         einv_term charge, const einv_term *ta, const einv_term *tc)
{
    const einv_node_t *c;
    for (c = einv_node_get(parent, allowance); c; c = einv_node_next(c))
        g_allowance_charge(g, c, 0, ta);
    for (c = einv_node_get(parent, charge); c; c = einv_node_next(c))
        g_allowance_charge(g, c, 1, tc);
}

/* A CII invoice may leave BT-110 out; UBL's cac:TaxTotal requires it. An export writes
 * the sum of the breakdown's BT-117 (what BR-CO-14 makes it); a validation leaves it out,
 * so that the sender hears of it. */
static void g_vat_total_sum(gen_t *g, const einv_node_t *first)
{
    const einv_node_t *s, *amt = GET(first, BT_117);
    einv_dec_t sum = einv_dec_from_int(0);
    char buf[64];
    for (s = first; s; s = einv_node_next(s)) {
        const einv_node_t *a = GET(s, BT_117);
        if (!a || !a->dec.ok || !(sum = einv_dec_add(sum, a->dec)).ok)
            return;
    }
    g_amount_text(g, "cbc:TaxAmount", amt, einv_dec_format(sum, buf, sizeof buf), 0);
    g->added.vat_total = SRC(GET(g->root, BG_22));
    if (!g->added.vat_total)
        g->added.vat_total = "";
}

/* BT-110 with the VAT breakdown (BG-23) in one cac:TaxTotal, BT-111 in a second one. */
static void g_tax_totals(gen_t *g)
{
    const einv_node_t *totals = GET(g->root, BG_22), *s;
    const einv_node_t *vat = GET(totals, BT_110), *vat_acc = GET(totals, BT_111);
    const einv_node_t *first = GET(g->root, BG_23);
    if (vat || first) {
        g_open(g, "cac:TaxTotal", SRC(vat));
        g_gt(g);
        if (vat || !g->for_export)
            g_amount(g, "cbc:TaxAmount", vat, 0);
        else
            g_vat_total_sum(g, first);
        for (s = first; s; s = einv_node_next(s)) {
            g_open(g, "cac:TaxSubtotal", s->src);
            g_gt(g);
            g_amount(g, "cbc:TaxableAmount", GET(s, BT_116), 0);
            g_amount(g, "cbc:TaxAmount", GET(s, BT_117), 0);
            g_open(g, "cac:TaxCategory", s->src);
            g_gt(g);
            g_leaf(g, "cbc:ID", GET(s, BT_118));
            g_leaf(g, "cbc:Percent", GET(s, BT_119));
            g_leaf(g, "cbc:TaxExemptionReasonCode", GET(s, BT_121));
            g_leaf(g, "cbc:TaxExemptionReason", GET(s, BT_120));
            g_tax_scheme(g, "VAT", s->src);
            g_close(g, "cac:TaxCategory");
            g_close(g, "cac:TaxSubtotal");
        }
        g_close(g, "cac:TaxTotal");
    }
    if (vat_acc) {
        g_open(g, "cac:TaxTotal", vat_acc->src);
        g_gt(g);
        g_amount(g, "cbc:TaxAmount", vat_acc, 1);
        g_close(g, "cac:TaxTotal");
    }
}

static void g_monetary_total(gen_t *g)
{
    static const struct { einv_term t; const char *qn; } F[] = {
        {EINV_T_BT_106, "cbc:LineExtensionAmount"}, {EINV_T_BT_109, "cbc:TaxExclusiveAmount"},
        {EINV_T_BT_112, "cbc:TaxInclusiveAmount"}, {EINV_T_BT_107, "cbc:AllowanceTotalAmount"},
        {EINV_T_BT_108, "cbc:ChargeTotalAmount"}, {EINV_T_BT_113, "cbc:PrepaidAmount"},
        {EINV_T_BT_114, "cbc:PayableRoundingAmount"}, {EINV_T_BT_115, "cbc:PayableAmount"}};
    const einv_node_t *t = GET(g->root, BG_22);
    size_t i, k = 0;
    for (i = 0; i < sizeof F / sizeof F[0]; i++)
        k += einv_node_get(t, F[i].t) != NULL;
    if (!k && !(t && !t->first))   /* an empty "totals": {} still gives the element */
        return;
    g_open(g, "cac:LegalMonetaryTotal", t->src);
    g_gt(g);
    for (i = 0; i < sizeof F / sizeof F[0]; i++)
        g_amount(g, F[i].qn, einv_node_get(t, F[i].t), 0);
    g_close(g, "cac:LegalMonetaryTotal");
}

static void g_item(gen_t *g, const einv_node_t *line)
{
    const einv_node_t *item = GET(line, BG_31), *vat = GET(line, BG_30), *c;
    if (!item && !vat)
        return;
    g_open(g, "cac:Item", SRC(item));
    g_gt(g);
    g_leaf(g, "cbc:Description", GET(line, BT_154));
    g_leaf(g, "cbc:Name", GET(line, BT_153));
    g_wrapped(g, "cac:BuyersItemIdentification", "cbc:ID", GET(line, BT_156));
    g_wrapped(g, "cac:SellersItemIdentification", "cbc:ID", GET(line, BT_155));
    if ((c = GET(line, BT_157))) {
        g_open(g, "cac:StandardItemIdentification", c->src);
        g_gt(g);
        g_id(g, "cbc:ID", c);
        g_close(g, "cac:StandardItemIdentification");
    }
    g_wrapped(g, "cac:OriginCountry", "cbc:IdentificationCode", GET(line, BT_159));
    for (c = GET(line, BT_158); c; c = einv_node_next(c)) {
        g_open(g, "cac:CommodityClassification", c->src);
        g_gt(g);
        g_open(g, "cbc:ItemClassificationCode", c->src);
        g_attr(g, "listID", c->attr[0], c->src, "/scheme");
        g_attr(g, "listVersionID", c->attr[1], c->src, "/schemeVersion");
        g_gt(g);
        g_esc(g, c->text, 0);
        g_close(g, "cbc:ItemClassificationCode");
        g_close(g, "cac:CommodityClassification");
    }
    if (vat) {
        const char *src = vat->src ? vat->src : SRC(GET(vat, BT_151));
        g_open(g, "cac:ClassifiedTaxCategory", src);
        g_gt(g);
        g_leaf(g, "cbc:ID", GET(vat, BT_151));
        g_leaf(g, "cbc:Percent", GET(vat, BT_152));
        g_tax_scheme(g, "VAT", src);
        g_close(g, "cac:ClassifiedTaxCategory");
    }
    for (c = GET(line, BG_32); c; c = einv_node_next(c)) {
        g_open(g, "cac:AdditionalItemProperty", c->src);
        g_gt(g);
        g_leaf(g, "cbc:Name", GET(c, BT_160));
        g_leaf(g, "cbc:Value", GET(c, BT_161));
        g_close(g, "cac:AdditionalItemProperty");
    }
    g_close(g, "cac:Item");
}

static void g_price(gen_t *g, const einv_node_t *line)
{
    const einv_node_t *price = GET(line, BG_29), *disc = GET(line, BT_147), *gross = GET(line, BT_148);
    if (!price)
        return;
    g_open(g, "cac:Price", price->src);
    g_gt(g);
    g_amount(g, "cbc:PriceAmount", GET(line, BT_146), 0);
    g_quantity(g, "cbc:BaseQuantity", GET(line, BT_149), GET(line, BT_150));
    if (disc || gross) {
        const char *src = disc ? disc->src : gross->src;
        g_open(g, "cac:AllowanceCharge", src);
        g_gt(g);
        g_text_el(g, "cbc:ChargeIndicator", "false", src);
        if (disc)
            g_amount(g, "cbc:Amount", disc, 0);
        else
            /* UBL needs an amount next to a gross price. Zero, which the UBL reader reads as
             * no discount, keeps the invoice as it is: deriving BT-148 - BT-146 would state a
             * discount the source does not (a VAT-inclusive "gross" price, say), and hide the
             * PEPPOL-EN16931-R046 the source gets from the profiles that check it. */
            g_amount_text(g, "cbc:Amount", gross, "0.00", 0);
        g_amount(g, "cbc:BaseAmount", gross, 0);
        g_close(g, "cac:AllowanceCharge");
    }
    g_close(g, "cac:Price");
}

static void g_line(gen_t *g, const einv_node_t *l)
{
    const char *qn = g->cn ? "cac:CreditNoteLine" : "cac:InvoiceLine";
    const einv_node_t *period = GET(l, BG_26), *obj = GET(l, BT_128);
    g_open(g, qn, l->src);
    g_gt(g);
    g_leaf(g, "cbc:ID", GET(l, BT_126));
    g_leaf(g, "cbc:Note", GET(l, BT_127));
    g_quantity(g, g->cn ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", GET(l, BT_129),
               GET(l, BT_130));
    g_amount(g, "cbc:LineExtensionAmount", GET(l, BT_131), 0);
    g_leaf(g, "cbc:AccountingCost", GET(l, BT_133));
    if (period) {
        g_open(g, "cac:InvoicePeriod", period->src);
        g_gt(g);
        g_leaf(g, "cbc:StartDate", GET(period, BT_134));
        g_leaf(g, "cbc:EndDate", GET(period, BT_135));
        g_close(g, "cac:InvoicePeriod");
    }
    g_wrapped(g, "cac:OrderLineReference", "cbc:LineID", GET(l, BT_132));
    if (obj) {
        g_open(g, "cac:DocumentReference", obj->src);
        g_gt(g);
        g_id(g, "cbc:ID", obj);
        g_text_el(g, "cbc:DocumentTypeCode", "130", obj->src);
        g_close(g, "cac:DocumentReference");
    }
    g_allowances(g, l, EINV_T_BG_27, EINV_T_BG_28, LINE_ALLOWANCE, LINE_CHARGE);
    g_item(g, l);
    g_price(g, l);
    g_close(g, qn);
}

/* ---- document level ---- */

static void g_notes(gen_t *g)
{
    const einv_node_t *n;
    for (n = GET(g->root, BG_1); n; n = einv_node_next(n)) {
        const einv_node_t *code = GET(n, BT_21), *text = GET(n, BT_22);
        g_open(g, "cbc:Note", n->src);
        g_gt(g);
        if (code && code->text && code->text[0]) {   /* "#CODE#text" carries BT-21 */
            G_LIT(g, "#");
            g_esc(g, code->text, 0);
            G_LIT(g, "#");
        }
        g_esc(g, text ? text->text : NULL, 0);
        g_close(g, "cbc:Note");
    }
}

static void g_doc_ref(gen_t *g, const char *qn, const einv_node_t *n)
{
    g_wrapped(g, qn, "cbc:ID", n);
}

/* cac:AdditionalDocumentReference: supporting documents (BG-24), the invoiced object
 * (BT-18, type 130) and, in a credit note, the project reference (BT-11, type 50). */
static void g_additional_documents(gen_t *g)
{
    const einv_node_t *d, *obj = GET(g->root, BT_18);
    const einv_node_t *proj = g->cn ? GET(g->root, BT_11) : NULL;
    for (d = GET(g->root, BG_24); d; d = einv_node_next(d)) {
        const einv_node_t *bin = GET(d, BT_125), *uri = GET(d, BT_124);
        g_open(g, "cac:AdditionalDocumentReference", d->src);
        g_gt(g);
        g_leaf(g, "cbc:ID", GET(d, BT_122));
        g_leaf(g, "cbc:DocumentDescription", GET(d, BT_123));
        if (bin || uri) {
            g_open(g, "cac:Attachment", NULL);
            g_gt(g);
            if (bin) {
                g_open(g, "cbc:EmbeddedDocumentBinaryObject", bin->src);
                g_attr(g, "mimeCode", bin->attr[0], bin->src, "/mimeCode");
                g_attr(g, "filename", bin->attr[1], bin->src, "/filename");
                g_gt(g);
                g_esc(g, bin->text, 0);
                g_close(g, "cbc:EmbeddedDocumentBinaryObject");
            }
            g_wrapped(g, "cac:ExternalReference", "cbc:URI", uri);
            g_close(g, "cac:Attachment");
        }
        g_close(g, "cac:AdditionalDocumentReference");
    }
    if (obj) {
        g_open(g, "cac:AdditionalDocumentReference", obj->src);
        g_gt(g);
        g_id(g, "cbc:ID", obj);
        g_text_el(g, "cbc:DocumentTypeCode", "130", obj->src);
        g_close(g, "cac:AdditionalDocumentReference");
    }
    if (proj) {
        g_open(g, "cac:AdditionalDocumentReference", proj->src);
        g_gt(g);
        g_leaf(g, "cbc:ID", proj);
        g_text_el(g, "cbc:DocumentTypeCode", "50", proj->src);
        g_close(g, "cac:AdditionalDocumentReference");
    }
}

/* BG-14 and BT-8 share the document's cac:InvoicePeriod. */
static void g_invoice_period(gen_t *g)
{
    const einv_node_t *p = GET(g->root, BG_14), *code = GET(g->root, BT_8);
    if (!p && !code)
        return;
    g_open(g, "cac:InvoicePeriod", p ? p->src : code->src);
    g_gt(g);
    g_leaf(g, "cbc:StartDate", GET(p, BT_73));
    g_leaf(g, "cbc:EndDate", GET(p, BT_74));
    if (g->for_export && code && code->text && (!strcmp(code->text, "5") || !strcmp(code->text, "29") ||
                                                 !strcmp(code->text, "72")))
        /* the model's BT-8 is the UNTDID 2005 code (the CII reader maps 2475 to it); a
         * canonical invoice stored before that still has CII's 2475 code: its 2005 code */
        g_text_el(g, "cbc:DescriptionCode", !strcmp(code->text, "5") ? "3" : !strcmp(code->text, "29") ? "35" : "432",
                  code->src);
    else
        g_leaf(g, "cbc:DescriptionCode", code);
    g_close(g, "cac:InvoicePeriod");
}

static void g_order_reference(gen_t *g)
{
    const einv_node_t *po = GET(g->root, BT_13), *so = GET(g->root, BT_14);
    if (!po && !so)
        return;
    g_open(g, "cac:OrderReference", po ? po->src : so->src);
    g_gt(g);
    if (po)
        g_leaf(g, "cbc:ID", po);
    else   /* the schema requires an order id: "NA" as the binding's users write it */
        g_text_el(g, "cbc:ID", "NA", so->src);
    g_leaf(g, "cbc:SalesOrderID", so);
    g_close(g, "cac:OrderReference");
}

/* The credit note type codes of UNTDID 1001 that the EN 16931 UBL binding puts in a
 * CreditNote document. */
static int is_credit_note_code(const char *s)
{
    static const char *const CN[] = {"81", "83", "261", "262", "296", "308", "381",
                                     "396", "420", "458", "502", "503", "532"};
    char code[8];
    size_t i;
    trim_copy(s, code, sizeof code);
    for (i = 0; i < sizeof CN / sizeof CN[0]; i++)
        if (strcmp(code, CN[i]) == 0)
            return 1;
    return 0;
}

static void g_document(gen_t *g)
{
    const einv_node_t *r = g->root, *bg2 = GET(r, BG_2), *n;
    const char *qn = g->cn ? "CreditNote" : "Invoice";
    const einv_node_t *buyer_ref = GET(r, BT_10);
    G_LIT(g, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    g_open(g, qn, r->src);
    if (g->cn)
        G_LIT(g, " xmlns=\"" NS_CN "\"");
    else
        G_LIT(g, " xmlns=\"" NS_INV "\"");
    G_LIT(g, " xmlns:cac=\"" NS_CAC "\" xmlns:cbc=\"" NS_CBC "\"");
    g_gt(g);
    g_leaf(g, "cbc:CustomizationID", GET(bg2, BT_24));
    g_leaf(g, "cbc:ProfileID", GET(bg2, BT_23));
    g_leaf(g, "cbc:ID", GET(r, BT_1));
    g_leaf(g, "cbc:IssueDate", GET(r, BT_2));
    if (!g->cn) {
        g_leaf(g, "cbc:DueDate", GET(r, BT_9));
        g_leaf(g, "cbc:InvoiceTypeCode", GET(r, BT_3));
        g_notes(g);
        g_leaf(g, "cbc:TaxPointDate", GET(r, BT_7));
    } else {
        g_leaf(g, "cbc:TaxPointDate", GET(r, BT_7));
        g_leaf(g, "cbc:CreditNoteTypeCode", GET(r, BT_3));
        g_notes(g);
    }
    g_leaf(g, "cbc:DocumentCurrencyCode", g->bt5);
    g_leaf(g, "cbc:TaxCurrencyCode", g->bt6);
    g_leaf(g, "cbc:AccountingCost", GET(r, BT_19));
    /* a Leitweg-ID given only as buyer.leitwegId is XRechnung's buyer reference */
    g_leaf(g, "cbc:BuyerReference", buyer_ref ? buyer_ref : GET(GET(r, BG_7), LEITWEG_ID));
    g_invoice_period(g);
    g_order_reference(g);
    for (n = GET(r, BG_3); n; n = einv_node_next(n)) {
        g_open(g, "cac:BillingReference", n->src);
        g_gt(g);
        g_open(g, "cac:InvoiceDocumentReference", n->src);
        g_gt(g);
        g_leaf(g, "cbc:ID", GET(n, BT_25));
        g_leaf(g, "cbc:IssueDate", GET(n, BT_26));
        g_close(g, "cac:InvoiceDocumentReference");
        g_close(g, "cac:BillingReference");
    }
    g_doc_ref(g, "cac:DespatchDocumentReference", GET(r, BT_16));
    g_doc_ref(g, "cac:ReceiptDocumentReference", GET(r, BT_15));
    if (!g->cn) {
        g_doc_ref(g, "cac:OriginatorDocumentReference", GET(r, BT_17));
        g_doc_ref(g, "cac:ContractDocumentReference", GET(r, BT_12));
        g_additional_documents(g);
        g_doc_ref(g, "cac:ProjectReference", GET(r, BT_11));
    } else {   /* the CreditNote schema orders these differently and has no ProjectReference */
        g_doc_ref(g, "cac:ContractDocumentReference", GET(r, BT_12));
        g_additional_documents(g);
        g_doc_ref(g, "cac:OriginatorDocumentReference", GET(r, BT_17));
    }
    g_seller(g);
    g_buyer(g);
    g_payee(g);
    g_tax_representative(g);
    g_delivery(g);
    g_payment(g);
    g_wrapped(g, "cac:PaymentTerms", "cbc:Note", GET(r, BT_20));
    g_allowances(g, r, EINV_T_BG_20, EINV_T_BG_21, DOC_ALLOWANCE, DOC_CHARGE);
    g_tax_totals(g);
    g_monetary_total(g);
    for (n = GET(r, BG_25); n; n = einv_node_next(n))
        g_line(g, n);
    g_close(g, qn);
}

static void g_init(gen_t *g, const einv_invoice_t *inv)
{
    memset(g, 0, sizeof *g);
    g->root = einv_invoice_root(inv);
    g->cn = is_credit_note_code(einv_node_text(g->root, EINV_T_BT_3));
    g->bt5 = GET(g->root, BT_5);
    g->bt6 = GET(g->root, BT_6);
    trim_copy(g->bt5 ? g->bt5->text : NULL, g->cur_doc, sizeof g->cur_doc);
    trim_copy(g->bt6 ? g->bt6->text : NULL, g->cur_tax, sizeof g->cur_tax);
}

char *ubl_model_to_xml(const einv_invoice_t *inv, size_t *len)
{
    return ubl_model_export(inv, len, 0, NULL);
}

char *ubl_model_export(const einv_invoice_t *inv, size_t *len, int for_export, ubl_added_t *added)
{
    gen_t g;
    if (!einv_invoice_root(inv))
        return NULL;
    g_init(&g, inv);
    g.for_export = for_export;
    g_document(&g);
    g_raw(&g, "", 1);   /* the terminator */
    free(g.s);
    if (added)
        *added = g.added;
    if (g.oom) {
        free(g.p);
        return NULL;
    }
    if (len)
        *len = g.n - 1;
    return g.p;
}

/* ---- sources onto the parsed tree ---- */

static xmlNodePtr next_element(xmlNodePtr n, xmlNodePtr root)
{
    xmlNodePtr c;
    for (c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            return c;
    for (; n && n != root; n = n->parent)
        for (c = n->next; c; c = c->next)
            if (c->type == XML_ELEMENT_NODE)
                return c;
    return NULL;
}

/* The location string of one recorded source: the model node's src itself (borrowed from
 * the invoice), or base + suffix copied into the invoice's arena (only attributes of
 * identifiers and attachments have a suffix). libxml2's dictionary is no place for them:
 * it slows down badly past a few hundred thousand distinct strings. */
static const char *source_string(einv_invoice_t *inv, const gsrc *s)
{
    char buf[512], *p = buf;
    size_t nb, ns;
    const char *r;
    if (!s->base || !s->suffix)
        return s->base;
    nb = strlen(s->base);
    ns = strlen(s->suffix);
    if (nb + ns + 1 > sizeof buf && !(p = malloc(nb + ns + 1)))
        return s->base;
    memcpy(p, s->base, nb);
    memcpy(p + nb, s->suffix, ns + 1);
    r = einv_invoice_strdup(inv, p, nb + ns);
    if (p != buf)
        free(p);
    return r ? r : s->base;
}

/* Walk the parsed tree in the order the writer recorded: element, its attributes, its
 * children. 0 when the counts agree; otherwise every _private is cleared (never a wrong
 * location). */
static int assign_sources(xmlDocPtr doc, const gen_t *g, einv_invoice_t *inv)
{
    xmlNodePtr root = xmlDocGetRootElement(doc), n;
    xmlAttrPtr a;
    size_t k = 0;
    int ok = 1;
    for (n = root; n && ok; n = next_element(n, root)) {
        if (k >= g->ns) {
            ok = 0;
            break;
        }
        n->_private = (void *)source_string(inv, &g->s[k++]);
        for (a = n->properties; a; a = a->next) {
            if (k >= g->ns) {
                ok = 0;
                break;
            }
            a->_private = (void *)source_string(inv, &g->s[k++]);
        }
    }
    if (ok && k == g->ns)
        return 0;
    for (n = root; n; n = next_element(n, root)) {
        n->_private = NULL;
        for (a = n->properties; a; a = a->next)
            a->_private = NULL;
    }
    return -1;
}

einv_xdoc_t *ubl_from_model(const einv_invoice_t *inv, einv_error_t *err)
{
    gen_t g;
    einv_xdoc_t *d;
    if (!einv_invoice_root(inv))
        return einv_error_set(err, EINV_ERR_USAGE, "no invoice to serialize", "", ""), NULL;
    g_init(&g, inv);
    g_document(&g);
    if (g.oom) {
        free(g.p);
        free(g.s);
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory writing UBL", "", ""), NULL;
    }
    d = einv_xdoc_parse(g.p, g.n, NULL, err);
    free(g.p);
    /* the invoice is const to its callers: only its arena grows, by the suffixed locations */
    if (d)
        assign_sources(einv_xdoc_xml(d), &g, (einv_invoice_t *)inv);
    free(g.s);
    return d;
}
