/* XRechnung UBL: the national pattern of the KoSIT UBL Schematron (BR-DE-*, BR-TMP-2 and
 * the informational BR-DE-TMP-32). Every context is an absolute path from the Invoice or
 * CreditNote root, so each rule is a walk over the root's children. */
#include "xr_int.h"
#include <stdlib.h>

#define CAC EINV_NS_CAC
#define CBC EINV_NS_CBC

static xmlNodePtr cac(const xmlNode *p, const char *l) { return einv_x_child(p, CAC, l); }
static xmlNodePtr cbc(const xmlNode *p, const char *l) { return einv_x_child(p, CBC, l); }
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

/* ---- BR-DE-16: a listed VAT category anywhere requires a seller VAT/tax id or representative ---- */

static int cat_ids_listed(const xmlNode *owner, const char *cat)
{
    EACH(tc, owner, CAC, cat)
        EACH(id, tc, CBC, "ID")
            if (exact_in(einv_x_text(id), VAT_CODES))
                return 1;
    return 0;
}

static int br_de_16_ok(const xmlNode *root)
{
    int used = 0;
    EACH(ac, root, CAC, "AllowanceCharge") {
        /* BT-95 (indicator 'false') or BT-102 (indicator 'true'), compared as strings */
        if ((xr_child_text_is(ac, CBC, "ChargeIndicator", "false") ||
             xr_child_text_is(ac, CBC, "ChargeIndicator", "true")) &&
            cat_ids_listed(ac, "TaxCategory")) {
            used = 1;
            break;
        }
    }
    for (xmlNodePtr l = einv_x_first_elem(root); l && !used; l = einv_x_next_elem(l))
        if (einv_x_is(l, CAC, "InvoiceLine") || einv_x_is(l, CAC, "CreditNoteLine"))
            EACH(it, l, CAC, "Item")
                if (cat_ids_listed(it, "ClassifiedTaxCategory")) {
                    used = 1;
                    break;
                }
    if (!used || cac(root, "TaxRepresentativeParty"))
        return 1;
    EACH(sp, root, CAC, "AccountingSupplierParty")
        EACH(p, sp, CAC, "Party")
            EACH(pts, p, CAC, "PartyTaxScheme")
                if (xr_child_nonblank(pts, CBC, "CompanyID"))
                    return 1;
    return 0;
}

/* ---- BR-DE-22: no attachment file name repeats one of a preceding sibling ---- */

typedef struct fname {
    const char *name;
    size_t owner;
} fname;

static int fname_cmp(const void *a, const void *b)
{
    const fname *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->owner < y->owner ? -1 : x->owner > y->owner);
}

/* 1 when two different owners share a name (sorting keeps it O(n log n)). */
static int names_repeat(fname *v, size_t n)
{
    size_t i;
    qsort(v, n, sizeof *v, fname_cmp);
    for (i = 1; i < n; i++)
        if (strcmp(v[i].name, v[i - 1].name) == 0 && v[i].owner != v[i - 1].owner)
            return 1;
    return 0;
}

static int br_de_22_ok(const xmlNode *root)
{
    fname inl[16], *v = inl;
    size_t n = 0, cap = 16, k = 0;
    int bad;
    EACH(adr, root, CAC, "AdditionalDocumentReference") {
        k++;
        EACH(att, adr, CAC, "Attachment")
            EACH(obj, att, CBC, "EmbeddedDocumentBinaryObject") {
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
                v[n].name = f;
                v[n++].owner = k;
            }
    }
out:
    bad = names_repeat(v, n);
    if (v != inl)
        free(v);
    return !bad;
}

/* ---- the root rule ---- */

static void check_root(einv_ctx_t *ctx, const xmlNode *root)
{
    int mandate = 0, ok;
    const xmlNode *notes[16];
    size_t nn = 0;

    if (!cac(root, "PaymentMeans"))
        einv_report(ctx, &xr_BR_DE_1, root);
    if (!xr_child_nonblank(root, CBC, "BuyerReference"))
        einv_report(ctx, &xr_BR_DE_15, root);
    if (!br_de_16_ok(root))
        einv_report(ctx, &xr_BR_DE_16, root);
    ok = xr_norm_in(cbc(root, "InvoiceTypeCode"), TYPE_CODES) ||
         xr_norm_in(cbc(root, "CreditNoteTypeCode"), TYPE_CODES);
    if (!ok)
        einv_report(ctx, &xr_BR_DE_17, root);
    EACH(pt, root, CAC, "PaymentTerms") {
        xmlNodePtr note = cbc(pt, "Note");
        if (note && nn < sizeof notes / sizeof notes[0])
            notes[nn++] = note;
    }
    if (!xr_skonto_ok(notes, nn))
        einv_report(ctx, &xr_BR_DE_18, root);
    if (!xr_child_text_is(root, CBC, "CustomizationID", XR_CIUS_ID) &&
        !xr_child_text_is(root, CBC, "CustomizationID", XR_EXTENSION_ID) &&
        !xr_child_text_is(root, CBC, "CustomizationID", XR_CVD_ID))
        einv_report(ctx, &xr_BR_DE_21, root);
    if (!br_de_22_ok(root))
        einv_report(ctx, &xr_BR_DE_22, root);
    if (einv_x_norm_eq(cbc(root, "InvoiceTypeCode"), "384") ||
        einv_x_norm_eq(cbc(root, "CreditNoteTypeCode"), "384")) {
        ok = 0;
        EACH(br, root, CAC, "BillingReference")
            if (cac(br, "InvoiceDocumentReference"))
                ok = 1;
        if (!ok)
            einv_report(ctx, &xr_BR_DE_26, root);
    }
    EACH(pm, root, CAC, "PaymentMeans")
        if (cac(pm, "PaymentMandate"))
            mandate = 1;
    if (mandate) {
        /* BT-90: a SEPA party identifier of the seller or the payee */
        ok = 0;
        EACH(sp, root, CAC, "AccountingSupplierParty")
            EACH(p, sp, CAC, "Party")
                EACH(pi, p, CAC, "PartyIdentification")
                    EACH(id, pi, CBC, "ID") {
                        const char *s = einv_x_attr(id, "schemeID");
                        ok |= s && strcmp(s, "SEPA") == 0;
                    }
        EACH(pp, root, CAC, "PayeeParty")
            EACH(pi, pp, CAC, "PartyIdentification")
                EACH(id, pi, CBC, "ID") {
                    const char *s = einv_x_attr(id, "schemeID");
                    ok |= s && strcmp(s, "SEPA") == 0;
                }
        if (!ok)
            einv_report(ctx, &xr_BR_DE_30, root);
        ok = 0;
        EACH(pm, root, CAC, "PaymentMeans")
            EACH(md, pm, CAC, "PaymentMandate")
                EACH(pfa, md, CAC, "PayerFinancialAccount")
                    if (cbc(pfa, "ID"))
                        ok = 1;
        if (!ok)
            einv_report(ctx, &xr_BR_DE_31, root);
    }
    /* BR-DE-TMP-32: a delivery date, an invoicing period or a period on every line */
    ok = cac(root, "InvoicePeriod") != NULL;
    EACH(dl, root, CAC, "Delivery")
        if (cbc(dl, "ActualDeliveryDate"))
            ok = 1;
    if (!ok) {
        ok = 1;
        for (xmlNodePtr l = einv_x_first_elem(root); l && ok; l = einv_x_next_elem(l))
            if ((einv_x_is(l, CAC, "InvoiceLine") || einv_x_is(l, CAC, "CreditNoteLine")) &&
                !cac(l, "InvoicePeriod"))
                ok = 0;
        if (!ok)
            einv_report(ctx, &xr_BR_DE_TMP_32, root);
    }
}

/* ---- payment means ---- */

/* The first node of the path cac:A/cbc:B (over every A), or NULL. */
static xmlNodePtr first_of(const xmlNode *p, const char *a, const char *b)
{
    EACH(x, p, CAC, a) {
        xmlNodePtr y = cbc(x, b);
        if (y)
            return y;
    }
    return NULL;
}

static void check_payment_means(einv_ctx_t *ctx, const xmlNode *pm)
{
    char c[8];
    if (!xr_norm1(pm, CBC, "PaymentMeansCode", c, sizeof c))
        return;
    if (!strcmp(c, "30") || !strcmp(c, "58")) {
        if (!strcmp(c, "58") && !xr_iban_ok(first_of(pm, "PayeeFinancialAccount", "ID")))
            einv_report(ctx, &xr_BR_DE_19, pm);
        if (!cac(pm, "PayeeFinancialAccount"))
            einv_report(ctx, &xr_BR_DE_23_a, pm);
        if (cac(pm, "CardAccount") || cac(pm, "PaymentMandate"))
            einv_report(ctx, &xr_BR_DE_23_b, pm);
    } else if (!strcmp(c, "48") || !strcmp(c, "54") || !strcmp(c, "55")) {
        if (!cac(pm, "CardAccount"))
            einv_report(ctx, &xr_BR_DE_24_a, pm);
        if (cac(pm, "PayeeFinancialAccount") || cac(pm, "PaymentMandate"))
            einv_report(ctx, &xr_BR_DE_24_b, pm);
    } else if (!strcmp(c, "59")) {
        xmlNodePtr id = NULL;
        EACH(md, pm, CAC, "PaymentMandate")
            if (!id)
                id = first_of(md, "PayerFinancialAccount", "ID");
        if (!xr_iban_ok(id))
            einv_report(ctx, &xr_BR_DE_20, pm);
        if (!cac(pm, "PaymentMandate"))
            einv_report(ctx, &xr_BR_DE_25_a, pm);
        if (cac(pm, "PayeeFinancialAccount") || cac(pm, "CardAccount"))
            einv_report(ctx, &xr_BR_DE_25_b, pm);
    }
}

/* the city and post code of a postal address */
static void check_address(einv_ctx_t *ctx, const xmlNode *a, const einv_rule_t *city,
                          const einv_rule_t *zone)
{
    if (!xr_child_nonblank(a, CBC, "CityName"))
        einv_report(ctx, city, a);
    if (!xr_child_nonblank(a, CBC, "PostalZone"))
        einv_report(ctx, zone, a);
}

void xr_ubl_de(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    xmlNodePtr root = einv_xdoc_root(d);
    if (!einv_x_is(root, EINV_NS_UBL_INV, "Invoice") && !einv_x_is(root, EINV_NS_UBL_CN, "CreditNote"))
        return;
    check_root(ctx, root);
    EACH(adr, root, CAC, "AdditionalDocumentReference")
        EACH(att, adr, CAC, "Attachment")
            EACH(ext, att, CAC, "ExternalReference")
                if (!xr_url_ok(cbc(ext, "URI")))
                    einv_report(ctx, &xr_BR_TMP_2, ext);
    EACH(sp, root, CAC, "AccountingSupplierParty") {
        int ok = 0;
        EACH(p, sp, CAC, "Party")
            if (cac(p, "Contact"))
                ok = 1;
        if (!ok)
            einv_report(ctx, &xr_BR_DE_2, sp);
        EACH(p, sp, CAC, "Party") {
            EACH(a, p, CAC, "PostalAddress")
                check_address(ctx, a, &xr_BR_DE_3, &xr_BR_DE_4);
            EACH(ct, p, CAC, "Contact") {
                if (!xr_child_nonblank(ct, CBC, "Name"))
                    einv_report(ctx, &xr_BR_DE_5, ct);
                if (!xr_child_nonblank(ct, CBC, "Telephone"))
                    einv_report(ctx, &xr_BR_DE_6, ct);
                if (!xr_child_nonblank(ct, CBC, "ElectronicMail"))
                    einv_report(ctx, &xr_BR_DE_7, ct);
                if (!xr_telephone_ok(cbc(ct, "Telephone")))
                    einv_report(ctx, &xr_BR_DE_27, ct);
                if (!xr_email_ok(cbc(ct, "ElectronicMail")))
                    einv_report(ctx, &xr_BR_DE_28, ct);
            }
        }
    }
    EACH(cp, root, CAC, "AccountingCustomerParty")
        EACH(p, cp, CAC, "Party")
            EACH(a, p, CAC, "PostalAddress")
                check_address(ctx, a, &xr_BR_DE_8, &xr_BR_DE_9);
    EACH(dl, root, CAC, "Delivery")
        EACH(loc, dl, CAC, "DeliveryLocation")
            EACH(a, loc, CAC, "Address")
                check_address(ctx, a, &xr_BR_DE_10, &xr_BR_DE_11);
    EACH(pm, root, CAC, "PaymentMeans")
        check_payment_means(ctx, pm);
    EACH(tt, root, CAC, "TaxTotal")
        EACH(st, tt, CAC, "TaxSubtotal") {
            int ok = 0;
            EACH(tc, st, CAC, "TaxCategory")
                if (xr_child_nonblank(tc, CBC, "Percent"))
                    ok = 1;
            if (!ok)
                einv_report(ctx, &xr_BR_DE_14, st);
        }
}
