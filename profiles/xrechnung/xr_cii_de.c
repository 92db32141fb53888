/* XRechnung CII: the national pattern of the KoSIT CII Schematron (BR-DE-*, BR-TMP-2,
 * BR-TMP-3 and the informational BR-DE-TMP-32). Contexts are absolute paths from
 * rsm:CrossIndustryInvoice; path tests over several trade transactions are existential. */
#include "xr_int.h"
#include <stdlib.h>

#define RAM EINV_NS_RAM
#define RSM EINV_NS_RSM

static xmlNodePtr ram(const xmlNode *p, const char *l) { return einv_x_child(p, RAM, l); }
#define EACH(var, parent, ns, name) \
    for (xmlNodePtr var = einv_x_child(parent, ns, name); var; var = einv_x_next_same(var))


static const char *const VAT_CODES[] = {"S", "Z", "E", "AE", "K", "G", "L", "M", NULL};
static const char *const TYPE_CODES[] = {"326", "380", "384", "389", "381", "875", "876", "877", NULL};

static int exact_in(const char *s, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(s, *list) == 0)
            return 1;
    return 0;
}

/* The header groups of every root trade transaction, gathered in one pass (a path from the
 * root would walk past every line of the transaction again). */
typedef struct hdr {
    einv_nodes_t agr, stl;
} hdr;

/* some node of l has a child ram:a (with a child ram:b when b is given) */
static xmlNodePtr any2(const einv_nodes_t *l, const char *a, const char *b)
{
    size_t i;
    for (i = 0; i < l->n; i++)
        EACH(x, l->v[i], RAM, a) {
            xmlNodePtr y = b ? ram(x, b) : x;
            if (y)
                return y;
        }
    return NULL;
}

/* ---- BR-DE-16 ---- */

static int br_de_16_ok(const einv_xdoc_t *d, const xmlNode *root, const hdr *h)
{
    int line_vat = 0, line_cat = 0, hdr_vat = 0, hdr_cat = 0;
    XR_FOR_ALL(d, RAM, "ApplicableTradeTax", t) {
        xmlNodePtr st = xr_up(t), line = xr_up(st), tx = xr_up(line);
        if (!einv_x_is(st, RAM, "SpecifiedLineTradeSettlement") ||
            !einv_x_is(line, RAM, "IncludedSupplyChainTradeLineItem") ||
            !einv_x_is(tx, RSM, "SupplyChainTradeTransaction") || xr_up(tx) != root)
            continue;
        line_vat |= xr_child_text_is(t, RAM, "TypeCode", "VAT");
        EACH(cc, t, RAM, "CategoryCode")
            line_cat |= exact_in(einv_x_text(cc), VAT_CODES);
    }
    XR_FOR_ALL(d, RAM, "SpecifiedTradeAllowanceCharge", ac) {
        xmlNodePtr st = xr_up(ac), tx = xr_up(st);
        if (!einv_x_is(st, RAM, "ApplicableHeaderTradeSettlement") ||
            !einv_x_is(tx, RSM, "SupplyChainTradeTransaction") || xr_up(tx) != root)
            continue;
        EACH(ctt, ac, RAM, "CategoryTradeTax") {
            /* the string value of the whole category element against 'VAT' */
            hdr_vat |= strcmp(einv_x_text(ctt), "VAT") == 0;
            EACH(cc, ctt, RAM, "CategoryCode")
                hdr_cat |= exact_in(einv_x_text(cc), VAT_CODES);
        }
    }
    if (!((line_vat && line_cat) || (hdr_vat && hdr_cat)))
        return 1;
    if (any2(&h->agr, "SellerTaxRepresentativeTradeParty", NULL))
        return 1;
    for (size_t i = 0; i < h->agr.n; i++)
        EACH(sp, h->agr.v[i], RAM, "SellerTradeParty")
            EACH(reg, sp, RAM, "SpecifiedTaxRegistration")
                EACH(id, reg, RAM, "ID") {
                    const char *sch = einv_x_attr(id, "schemeID");
                    if ((xr_norm_eq_str(sch, "VA") || xr_norm_eq_str(sch, "FC")) && einv_x_nonblank(id))
                        return 1;
                }
    return 0;
}

/* ---- BR-DE-22: //ram:AdditionalReferencedDocument, file names among preceding siblings ---- */

typedef struct fname {
    const xmlNode *parent;
    const char *name;
    size_t owner;
} fname;

static int fname_cmp(const void *a, const void *b)
{
    const fname *x = a, *y = b;
    int c;
    if (x->parent != y->parent)
        return x->parent < y->parent ? -1 : 1;
    c = strcmp(x->name, y->name);
    return c ? c : (x->owner < y->owner ? -1 : x->owner > y->owner);
}

static int br_de_22_ok(const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, RAM, "AdditionalReferencedDocument");
    fname inl[16], *v = inl;
    size_t n = 0, cap = 16, i;
    int bad = 0;
    for (i = 0; i < l->n; i++)
        EACH(obj, l->v[i], RAM, "AttachmentBinaryObject") {
            const char *f = einv_x_attr(obj, "filename");
            if (!f)
                continue;
            if (n == cap) {
                fname *nv = malloc(2 * cap * sizeof *nv);
                if (!nv)
                    goto out;
                memcpy(nv, v, n * sizeof *v);
                if (v != inl)
                    free(v);
                v = nv;
                cap *= 2;
            }
            v[n].parent = l->v[i]->parent;
            v[n].name = f;
            v[n++].owner = i;
        }
    qsort(v, n, sizeof *v, fname_cmp);
    for (i = 1; i < n && !bad; i++)
        bad = v[i].parent == v[i - 1].parent && strcmp(v[i].name, v[i - 1].name) == 0 &&
              v[i].owner != v[i - 1].owner;
out:
    if (v != inl)
        free(v);
    return !bad;
}

/* ---- the root rule ---- */

/* stl/SpecifiedTradePaymentTerms/DirectDebitMandateID or stl/CreditorReferenceID */
static int has_mandate_or_creditor(const hdr *h)
{
    return any2(&h->stl, "SpecifiedTradePaymentTerms", "DirectDebitMandateID") ||
           any2(&h->stl, "CreditorReferenceID", NULL);
}

static void check_root(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root, const hdr *h)
{
    int b89 = any2(&h->stl, "SpecifiedTradePaymentTerms", "DirectDebitMandateID") != NULL;
    int b90 = any2(&h->stl, "CreditorReferenceID", NULL) != NULL;
    int b91 = 0, none, ok = 0;
    const xmlNode *notes[16];
    size_t nn = 0, i;

    for (i = 0; i < h->stl.n && !b91; i++)
        EACH(pm, h->stl.v[i], RAM, "SpecifiedTradeSettlementPaymentMeans")
            if (einv_x_path(pm, "ram:PayerPartyDebtorFinancialAccount/ram:IBANID"))
                b91 = 1;
    none = !b89 && !b90 && !b91;
    if (!(((b89 || b91) && b90) || none))
        einv_report(ctx, &xr_BR_DE_30, root);
    if (!(((b89 || b90) && b91) || none))
        einv_report(ctx, &xr_BR_DE_31, root);
    if (!any2(&h->stl, "SpecifiedTradeSettlementPaymentMeans", NULL))
        einv_report(ctx, &xr_BR_DE_1, root);
    for (i = 0; i < h->agr.n; i++)
        ok |= xr_child_nonblank(h->agr.v[i], RAM, "BuyerReference");
    if (!ok)
        einv_report(ctx, &xr_BR_DE_15, root);
    if (!br_de_16_ok(d, root, h))
        einv_report(ctx, &xr_BR_DE_16, root);
    if (!xr_norm_in(einv_x_path(root, "rsm:ExchangedDocument/ram:TypeCode"), TYPE_CODES))
        einv_report(ctx, &xr_BR_DE_17, root);
    for (i = 0; i < h->stl.n; i++)
        EACH(t, h->stl.v[i], RAM, "SpecifiedTradePaymentTerms") {
            xmlNodePtr desc = ram(t, "Description");
            if (desc && nn < sizeof notes / sizeof notes[0])
                notes[nn++] = desc;
        }
    if (!xr_skonto_ok(notes, nn))
        einv_report(ctx, &xr_BR_DE_18, root);
    if (!br_de_22_ok(d))
        einv_report(ctx, &xr_BR_DE_22, root);
    if (einv_x_norm_eq(einv_x_path(root, "rsm:ExchangedDocument/ram:TypeCode"), "384") &&
        !any2(&h->stl, "InvoiceReferencedDocument", NULL))
        einv_report(ctx, &xr_BR_DE_26, root);
}

/* ---- payment means ---- */

static void check_payment_means(einv_ctx_t *ctx, int dd, const xmlNode *pm)
{
    char c[8];
    xmlNodePtr debtor_iban = einv_x_path(pm, "ram:PayerPartyDebtorFinancialAccount/ram:IBANID");
    if (!xr_norm1(pm, RAM, "TypeCode", c, sizeof c))
        return;
    if (!strcmp(c, "30") || !strcmp(c, "58")) {
        if (!strcmp(c, "58") &&
            !xr_iban_ok(einv_x_path(pm, "ram:PayeePartyCreditorFinancialAccount/ram:IBANID")))
            einv_report(ctx, &xr_BR_DE_19, pm);
        if (!ram(pm, "PayeePartyCreditorFinancialAccount"))
            einv_report(ctx, &xr_BR_DE_23_a, pm);
        if (ram(pm, "ApplicableTradeSettlementFinancialCard") || dd || debtor_iban)
            einv_report(ctx, &xr_BR_DE_23_b, pm);
    } else if (!strcmp(c, "48") || !strcmp(c, "54") || !strcmp(c, "55")) {
        if (!ram(pm, "ApplicableTradeSettlementFinancialCard"))
            einv_report(ctx, &xr_BR_DE_24_a, pm);
        if (ram(pm, "PayeePartyCreditorFinancialAccount") || dd || debtor_iban)
            einv_report(ctx, &xr_BR_DE_24_b, pm);
    } else if (!strcmp(c, "59")) {
        if (!xr_iban_ok(debtor_iban))
            einv_report(ctx, &xr_BR_DE_20, pm);
        if (!dd && !debtor_iban)
            einv_report(ctx, &xr_BR_DE_25_a, pm);
        if (ram(pm, "PayeePartyCreditorFinancialAccount") ||
            ram(pm, "PayeeSpecifiedCreditorFinancialInstitution") ||
            ram(pm, "PayerSpecifiedDebtorFinancialInstitution") ||
            ram(pm, "ApplicableTradeSettlementFinancialCard"))
            einv_report(ctx, &xr_BR_DE_25_b, pm);
    }
}

static void check_address(einv_ctx_t *ctx, const xmlNode *a, const einv_rule_t *city,
                          const einv_rule_t *zone)
{
    if (!xr_child_nonblank(a, RAM, "CityName"))
        einv_report(ctx, city, a);
    if (!xr_child_nonblank(a, RAM, "PostcodeCode"))
        einv_report(ctx, zone, a);
}

static void check_contact(einv_ctx_t *ctx, const xmlNode *ct)
{
    xmlNodePtr tel = einv_x_path(ct, "ram:TelephoneUniversalCommunication/ram:CompleteNumber");
    xmlNodePtr mail = einv_x_path(ct, "ram:EmailURIUniversalCommunication/ram:URIID");
    int ok = xr_child_nonblank(ct, RAM, "PersonName") || xr_child_nonblank(ct, RAM, "DepartmentName");
    if (!ok)
        einv_report(ctx, &xr_BR_DE_5, ct);
    ok = 0;
    EACH(t, ct, RAM, "TelephoneUniversalCommunication")
        ok |= xr_child_nonblank(t, RAM, "CompleteNumber");
    if (!ok)
        einv_report(ctx, &xr_BR_DE_6, ct);
    ok = 0;
    EACH(m, ct, RAM, "EmailURIUniversalCommunication")
        ok |= xr_child_nonblank(m, RAM, "URIID");
    if (!ok)
        einv_report(ctx, &xr_BR_DE_7, ct);
    if (!xr_telephone_ok(tel))
        einv_report(ctx, &xr_BR_DE_27, ct);
    if (!xr_email_ok(mail))
        einv_report(ctx, &xr_BR_DE_28, ct);
}

/* BR-TMP-3: gross and net base quantities (and units) agree, as strings */
static int base_quantities_ok(const xmlNode *line)
{
    einv_nodes_t g, n;
    size_t i, j;
    int eq = 0, gu = 0, nu = 0, ueq = 0, ok;
    einv_nodes_init(&g);
    einv_nodes_init(&n);
    einv_x_select(line, "ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity", &g);
    einv_x_select(line, "ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity", &n);
    for (i = 0; i < g.n; i++)
        gu |= einv_x_attr(g.v[i], "unitCode") != NULL;
    for (j = 0; j < n.n; j++)
        nu |= einv_x_attr(n.v[j], "unitCode") != NULL;
    for (i = 0; i < g.n; i++)
        for (j = 0; j < n.n; j++) {
            const char *a = einv_x_attr(g.v[i], "unitCode"), *b = einv_x_attr(n.v[j], "unitCode");
            eq |= strcmp(einv_x_text(g.v[i]), einv_x_text(n.v[j])) == 0;
            ueq |= a && b && strcmp(a, b) == 0;
        }
    ok = !(g.n && n.n) || (eq && (!(nu && gu) || ueq));
    einv_nodes_free(&g);
    einv_nodes_free(&n);
    return ok;
}

/* The rules whose context lies inside one trade transaction; lines are visited once. */
static void check_transaction(einv_ctx_t *ctx, const xmlNode *tx, int dd)
{
    int head_period = 0, all_lines = 1;
    for (xmlNodePtr c = einv_x_first_elem(tx); c; c = einv_x_next_elem(c)) {
        if (einv_x_is(c, RAM, "IncludedSupplyChainTradeLineItem")) {
            if (!base_quantities_ok(c))
                einv_report(ctx, &xr_BR_TMP_3, c);
            if (all_lines) {
                int has_period = 0;
                EACH(st, c, RAM, "SpecifiedLineTradeSettlement")
                    has_period |= ram(st, "BillingSpecifiedPeriod") != NULL;
                all_lines = has_period;
            }
        } else if (einv_x_is(c, RAM, "ApplicableHeaderTradeAgreement")) {
            EACH(s, c, RAM, "SellerTradeParty") {
                if (!ram(s, "DefinedTradeContact"))
                    einv_report(ctx, &xr_BR_DE_2, s);
                EACH(a, s, RAM, "PostalTradeAddress")
                    check_address(ctx, a, &xr_BR_DE_3, &xr_BR_DE_4);
                EACH(ct, s, RAM, "DefinedTradeContact")
                    check_contact(ctx, ct);
            }
            EACH(b, c, RAM, "BuyerTradeParty")
                EACH(a, b, RAM, "PostalTradeAddress")
                    check_address(ctx, a, &xr_BR_DE_8, &xr_BR_DE_9);
            EACH(ard, c, RAM, "AdditionalReferencedDocument") {
                xmlNodePtr uri = ram(ard, "URIID");
                if (xr_child_text_is(ard, RAM, "TypeCode", "916") && uri && !xr_url_ok(uri))
                    einv_report(ctx, &xr_BR_TMP_2, ard);
            }
        } else if (einv_x_is(c, RAM, "ApplicableHeaderTradeDelivery")) {
            EACH(st, c, RAM, "ShipToTradeParty")
                EACH(a, st, RAM, "PostalTradeAddress")
                    check_address(ctx, a, &xr_BR_DE_10, &xr_BR_DE_11);
            EACH(ev, c, RAM, "ActualDeliverySupplyChainEvent")
                head_period |= ram(ev, "OccurrenceDateTime") != NULL;
        } else if (einv_x_is(c, RAM, "ApplicableHeaderTradeSettlement")) {
            EACH(pm, c, RAM, "SpecifiedTradeSettlementPaymentMeans")
                check_payment_means(ctx, dd, pm);
            EACH(t, c, RAM, "ApplicableTradeTax")
                if (!xr_child_nonblank(t, RAM, "RateApplicablePercent"))
                    einv_report(ctx, &xr_BR_DE_14, t);
            head_period |= ram(c, "BillingSpecifiedPeriod") != NULL;
        }
    }
    /* BR-DE-TMP-32: a delivery date, an invoicing period or a period on every line */
    if (!head_period && !all_lines)
        einv_report(ctx, &xr_BR_DE_TMP_32, tx);
}

void xr_cii_de(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    xmlNodePtr root = einv_xdoc_root(d);
    hdr h;
    int dd;
    if (!einv_x_is(root, RSM, "CrossIndustryInvoice"))
        return;
    einv_nodes_init(&h.agr);
    einv_nodes_init(&h.stl);
    EACH(tx, root, RSM, "SupplyChainTradeTransaction")
        for (xmlNodePtr c = einv_x_first_elem(tx); c; c = einv_x_next_elem(c)) {
            if (einv_x_is(c, RAM, "ApplicableHeaderTradeAgreement"))
                einv_nodes_push(&h.agr, c);
            else if (einv_x_is(c, RAM, "ApplicableHeaderTradeSettlement"))
                einv_nodes_push(&h.stl, c);
        }
    check_root(ctx, d, root, &h);
    dd = has_mandate_or_creditor(&h);
    EACH(edc, root, RSM, "ExchangedDocumentContext") {
        int ok = 0;
        EACH(g, edc, RAM, "GuidelineSpecifiedDocumentContextParameter")
            ok |= xr_child_text_is(g, RAM, "ID", XR_CIUS_ID) || xr_child_text_is(g, RAM, "ID", XR_EXTENSION_ID) ||
                  xr_child_text_is(g, RAM, "ID", XR_CVD_ID);
        if (!ok)
            einv_report(ctx, &xr_BR_DE_21, edc);
    }
    EACH(tx, root, RSM, "SupplyChainTradeTransaction")
        check_transaction(ctx, tx, dd);
    einv_nodes_free(&h.agr);
    einv_nodes_free(&h.stl);
}
