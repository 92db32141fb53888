/* XRechnung CII: the extension pattern (BR-DEX-*, when BT-24 is the XRechnung extension
 * identifier) and the clean vehicles pattern (BR-DE-CVD-*, BR-TMP-CVD-01, when BT-24 is the
 * CVD identifier), each keyed on the text nodes of the guideline ram:ID. */
#include "xr_int.h"

#define RAM EINV_NS_RAM
#define RSM EINV_NS_RSM

static xmlNodePtr ram(const xmlNode *p, const char *l) { return einv_x_child(p, RAM, l); }
#define EACH(var, parent, ns, name) \
    for (xmlNodePtr var = einv_x_child(parent, ns, name); var; var = einv_x_next_same(var))

/* /rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecified.../ram:ID/text() = id */
static int guideline_is(const xmlNode *root, const char *id)
{
    EACH(edc, root, RSM, "ExchangedDocumentContext")
        EACH(g, edc, RAM, "GuidelineSpecifiedDocumentContextParameter")
            EACH(i, g, RAM, "ID")
                for (const xmlNode *t = i->children; t; t = t->next)
                    if ((t->type == XML_TEXT_NODE || t->type == XML_CDATA_SECTION_NODE) &&
                        t->content && strcmp((const char *)t->content, id) == 0)
                        return 1;
    return 0;
}

/* ---- extension ---- */

static const char *const MIME_EXT[] = {
    "application/pdf", "image/png", "image/jpeg", "text/csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.oasis.opendocument.spreadsheet", "application/xml", NULL};

static void check_extension(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root)
{
    if (einv_xdoc_all(d, RAM, "ParentLineID")->n)
        EACH(tx, root, RSM, "SupplyChainTradeTransaction")
            EACH(l, tx, RAM, "IncludedSupplyChainTradeLineItem")
                EACH(adl, l, RAM, "AssociatedDocumentLineDocument")
                    einv_report(ctx, &xr_BR_DEX_15, adl);
    XR_FOR_ALL(d, RAM, "GlobalID", n) {
        const char *s = einv_x_attr(n, "schemeID");
        const einv_rule_t *rule = NULL;
        if (!s)
            continue;
        if (!xr_has_ancestor(n, RAM, "SpecifiedTradeProduct") && !xr_has_ancestor(n, RAM, "ShipToTradeParty"))
            rule = &xr_BR_DEX_04;
        else if (xr_parent_is(n, RAM, "SpecifiedTradeProduct"))
            rule = &xr_BR_DEX_06;
        else if (xr_parent_is(n, RAM, "ShipToTradeParty") && xr_parent_is(xr_up(n), RAM, "ApplicableHeaderTradeDelivery"))
            rule = &xr_BR_DEX_08;
        if (rule && !xr_code_in(xr_icd_ext_codes, s))
            einv_report(ctx, rule, n);
    }
    XR_FOR_ALL(d, RAM, "ID", n) {
        const char *s = einv_x_attr(n, "schemeID");
        if (s && !xr_has_ancestor(n, RAM, "SpecifiedTaxRegistration") && !xr_code_in(xr_icd_ext_codes, s))
            einv_report(ctx, &xr_BR_DEX_05, n);
    }
    XR_FOR_ALL(d, RAM, "URIID", n) {
        const char *s = einv_x_attr(n, "schemeID");
        if (s && xr_parent_is(n, RAM, "URIUniversalCommunication") && !xr_code_in(xr_eas_ext_codes, s))
            einv_report(ctx, &xr_BR_DEX_07, n);
    }
    XR_FOR_ALL(d, RAM, "AttachmentBinaryObject", n) {
        const char *m = einv_x_attr(n, "mimeCode");
        const char *const *p = MIME_EXT;
        while (m && *p && strcmp(*p, m) != 0)
            p++;
        if (!m || !*p)
            einv_report(ctx, &xr_BR_DEX_01, n);
    }
}

/* ---- clean vehicles (CVD) ---- */

static void check_cvd(einv_ctx_t *ctx, const xmlNode *root)
{
    EACH(tx, root, RSM, "SupplyChainTradeTransaction") {
        int found = 0;
        EACH(l, tx, RAM, "IncludedSupplyChainTradeLineItem")
            EACH(p, l, RAM, "SpecifiedTradeProduct") {
                if (xr_cvd_classes(&xr_item_cii, p) && xr_cva_props(&xr_item_cii, p))
                    found = 1;
                xr_check_cvd_item(ctx, &xr_item_cii, p);
            }
        if (!found)
            einv_report(ctx, &xr_BR_DE_CVD_03, tx);
        EACH(ag, tx, RAM, "ApplicableHeaderTradeAgreement") {
            int contract = 0, tender = 0;
            EACH(c, ag, RAM, "ContractReferencedDocument")
                contract |= xr_child_nonblank(c, RAM, "IssuerAssignedID");
            if (!contract)
                einv_report(ctx, &xr_BR_DE_CVD_01, ag);
            EACH(a, ag, RAM, "AdditionalReferencedDocument")
                tender |= einv_x_norm_eq(ram(a, "TypeCode"), "50") && einv_x_nonblank(ram(a, "IssuerAssignedID"));
            if (!tender)
                einv_report(ctx, &xr_BR_DE_CVD_02, ag);
        }
    }
}

void xr_cii_ext(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    xmlNodePtr root = einv_xdoc_root(d);
    if (!einv_x_is(root, RSM, "CrossIndustryInvoice"))
        return;
    if (guideline_is(root, XR_EXTENSION_ID))
        check_extension(ctx, d, root);
    if (guideline_is(root, XR_CVD_ID))
        check_cvd(ctx, root);
}
