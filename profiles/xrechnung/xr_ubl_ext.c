/* XRechnung UBL: the extension pattern (BR-DEX-*, only when BT-24 is the XRechnung
 * extension identifier) and the clean vehicles pattern (BR-DE-CVD-*, BR-TMP-CVD-01, only when
 * BT-24 is the CVD identifier). Both identifiers are compared with the text nodes of
 * cbc:CustomizationID, exactly as written. */
#include "xr_int.h"

#define CAC EINV_NS_CAC
#define CBC EINV_NS_CBC

static xmlNodePtr cac(const xmlNode *p, const char *l) { return einv_x_child(p, CAC, l); }
static xmlNodePtr cbc(const xmlNode *p, const char *l) { return einv_x_child(p, CBC, l); }
#define EACH(var, parent, ns, name) \
    for (xmlNodePtr var = einv_x_child(parent, ns, name); var; var = einv_x_next_same(var))

/* (/ubl:Invoice | /cn:CreditNote)/cbc:CustomizationID/text() = id */
static int customization_is(const xmlNode *root, const char *id)
{
    EACH(c, root, CBC, "CustomizationID")
        for (const xmlNode *t = c->children; t; t = t->next)
            if ((t->type == XML_TEXT_NODE || t->type == XML_CDATA_SECTION_NODE) && t->content &&
                strcmp((const char *)t->content, id) == 0)
                return 1;
    return 0;
}

/* ---- extension ---- */

static const char *const MIME_EXT[] = {
    "application/pdf", "image/png", "image/jpeg", "text/csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.oasis.opendocument.spreadsheet", "application/xml", NULL};

/* xs:decimal(LineExtensionAmount) = sum(SubInvoiceLine/xs:decimal(LineExtensionAmount)) */
static int sub_sum_ok(const xmlNode *line)
{
    einv_dec_t own = einv_x_dec(cbc(line, "LineExtensionAmount")), sum = einv_dec_from_int(0);
    EACH(sl, line, CAC, "SubInvoiceLine") {
        xmlNodePtr a = cbc(sl, "LineExtensionAmount");
        if (a)
            sum = einv_dec_add(sum, einv_x_dec(a));
    }
    return own.ok && sum.ok && einv_dec_eq(own, sum);
}

static void check_invoice_ext(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root)
{
    int ok = 1;
    EACH(l, root, CAC, "InvoiceLine")
        if (cac(l, "SubInvoiceLine") && !sub_sum_ok(l))
            ok = 0;
    XR_FOR_ALL(d, CAC, "SubInvoiceLine", sl)
        if (cac(sl, "SubInvoiceLine") && !sub_sum_ok(sl))
            ok = 0;
    if (!ok)
        einv_report(ctx, &xr_BR_DEX_02, root);
    ok = 1;
    XR_FOR_ALL(d, CAC, "SubInvoiceLine", sl)
        EACH(it, sl, CAC, "Item")
            if (einv_x_count(it, CAC, "ClassifiedTaxCategory") != 1)
                ok = 0;
    if (!ok)
        einv_report(ctx, &xr_BR_DEX_03, root);
}

/* BR-DEX-09 on a cac:LegalMonetaryTotal */
static void check_totals_ext(einv_ctx_t *ctx, const xmlNode *lmt)
{
    xmlNodePtr x, up = xr_up(lmt);
    einv_dec_t zero = einv_dec_from_int(0), prepaid = zero, rounding = zero, third = zero, lhs, rhs;
    int any = 0;
    if ((x = cbc(lmt, "PrepaidAmount")) != NULL)
        prepaid = einv_x_dec(x);
    if ((x = cbc(lmt, "PayableRoundingAmount")) != NULL)
        rounding = einv_x_dec(x);
    EACH(pp, up, CAC, "PrepaidPayment")
        if (xr_child_nonblank(pp, CBC, "PaidAmount"))
            any = 1;
    if (any)
        EACH(pp, up, CAC, "PrepaidPayment")
            if ((x = cbc(pp, "PaidAmount")) != NULL)
                third = einv_dec_add(third, einv_x_dec(x));
    lhs = xr_round2(einv_dec_sub(einv_x_dec(cbc(lmt, "PayableAmount")), rounding));
    rhs = xr_round2(einv_dec_add(einv_dec_sub(einv_x_dec(cbc(lmt, "TaxInclusiveAmount")), prepaid), third));
    if (!lhs.ok || !rhs.ok || !einv_dec_eq(lhs, rhs))
        einv_report(ctx, &xr_BR_DEX_09, lmt);
}

/* BR-DEX-10..14 on /ubl:Invoice/cac:PrepaidPayment */
static void check_third_party(einv_ctx_t *ctx, const xmlNode *root, const xmlNode *pp)
{
    xmlNodePtr amt = cbc(pp, "PaidAmount");
    int ok = 0;
    if (!xr_child_nonblank(pp, CBC, "ID"))
        einv_report(ctx, &xr_BR_DEX_10, pp);
    if (!xr_child_nonblank(pp, CBC, "PaidAmount"))
        einv_report(ctx, &xr_BR_DEX_11, pp);
    if (!xr_child_nonblank(pp, CBC, "InstructionID"))
        einv_report(ctx, &xr_BR_DEX_12, pp);
    if (einv_x_fraction_digits(amt) > 2)
        einv_report(ctx, &xr_BR_DEX_13, pp);
    EACH(a, pp, CBC, "PaidAmount") {
        const char *cur = einv_x_attr(a, "currencyID");
        if (cur && xr_child_text_is(root, CBC, "DocumentCurrencyCode", cur))
            ok = 1;
    }
    if (!ok)
        einv_report(ctx, &xr_BR_DEX_14, pp);
}

/* A cbc element with @schemeID under the parent (CAC, parent_name): its scheme in `list`. */
static void check_schemes(einv_ctx_t *ctx, const einv_xdoc_t *d, const char *name,
                          const char *parent_name, const char *list, const einv_rule_t *rule)
{
    XR_FOR_ALL(d, CBC, name, n) {
        const char *s = einv_x_attr(n, "schemeID");
        if (!s || (parent_name && !xr_parent_is(n, CAC, parent_name)))
            continue;
        if (!xr_code_in(list, s))
            einv_report(ctx, rule, n);
    }
}

static void check_extension(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root)
{
    XR_FOR_ALL(d, CBC, "EmbeddedDocumentBinaryObject", n) {
        const char *m = einv_x_attr(n, "mimeCode");
        const char *const *p = MIME_EXT;
        while (m && *p && strcmp(*p, m) != 0)
            p++;
        if (!m || !*p)
            einv_report(ctx, &xr_BR_DEX_01, n);
    }
    if (einv_x_is(root, EINV_NS_UBL_INV, "Invoice"))
        check_invoice_ext(ctx, d, root);
    XR_FOR_ALL(d, CAC, "LegalMonetaryTotal", n)
        check_totals_ext(ctx, n);
    XR_FOR_ALL(d, CBC, "ID", n) {
        const char *s = einv_x_attr(n, "schemeID");
        if (!s || !xr_parent_is(n, CAC, "PartyIdentification") || xr_code_in(xr_icd_ext_codes, s))
            continue;
        /* SEPA is allowed for the seller and the payee */
        if (xr_norm_eq_str(s, "SEPA") &&
            (xr_has_ancestor(n, CAC, "AccountingSupplierParty") || xr_has_ancestor(n, CAC, "PayeeParty")))
            continue;
        einv_report(ctx, &xr_BR_DEX_04, n);
    }
    check_schemes(ctx, d, "CompanyID", "PartyLegalEntity", xr_icd_ext_codes, &xr_BR_DEX_05);
    check_schemes(ctx, d, "ID", "StandardItemIdentification", xr_icd_ext_codes, &xr_BR_DEX_06);
    check_schemes(ctx, d, "EndpointID", NULL, xr_eas_ext_codes, &xr_BR_DEX_07);
    check_schemes(ctx, d, "ID", "DeliveryLocation", xr_icd_ext_codes, &xr_BR_DEX_08);
    if (einv_x_is(root, EINV_NS_UBL_INV, "Invoice"))
        EACH(pp, root, CAC, "PrepaidPayment")
            check_third_party(ctx, root, pp);
}

/* ---- clean vehicles (CVD) ---- */

static void check_cvd(einv_ctx_t *ctx, const xmlNode *root)
{
    int inv = einv_x_is(root, EINV_NS_UBL_INV, "Invoice"), found = 0;
    int orig = 0, contract = 0;
    EACH(r, root, CAC, "OriginatorDocumentReference")
        orig |= xr_child_nonblank(r, CBC, "ID");
    if (!orig)
        einv_report(ctx, &xr_BR_DE_CVD_02, root);
    EACH(r, root, CAC, "ContractDocumentReference")
        contract |= xr_child_nonblank(r, CBC, "ID");
    if (!contract)
        einv_report(ctx, &xr_BR_DE_CVD_01, root);
    /* (InvoiceLine | CreditNoteLine)/Item with a CVD class and a cva attribute */
    for (xmlNodePtr l = einv_x_first_elem(root); l && !found; l = einv_x_next_elem(l))
        if (einv_x_is(l, CAC, "InvoiceLine") || einv_x_is(l, CAC, "CreditNoteLine"))
            EACH(it, l, CAC, "Item")
                if (xr_cvd_classes(&xr_item_ubl, it) && xr_cva_props(&xr_item_ubl, it))
                    found = 1;
    if (!found)
        einv_report(ctx, &xr_BR_DE_CVD_03, root);
    /* the line rules: Invoice/InvoiceLine or CreditNote/CreditNoteLine only */
    EACH(l, root, CAC, inv ? "InvoiceLine" : "CreditNoteLine")
        EACH(it, l, CAC, "Item")
            xr_check_cvd_item(ctx, &xr_item_ubl, it);
}

void xr_ubl_ext(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    xmlNodePtr root = einv_xdoc_root(d);
    if (!einv_x_is(root, EINV_NS_UBL_INV, "Invoice") && !einv_x_is(root, EINV_NS_UBL_CN, "CreditNote"))
        return;
    if (customization_is(root, XR_EXTENSION_ID))
        check_extension(ctx, d, root);
    if (customization_is(root, XR_CVD_ID))
        check_cvd(ctx, root);
}
