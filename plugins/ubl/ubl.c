/* The UBL 2.1 format plugin: Invoice and CreditNote documents. Detects them by root
 * element, keeps the source tree for the syntax-bound rules and maps it to the model;
 * from_model writes a model back as UBL (how inputs that are not XML get validated). */
#include <einvoice/einvoice.h>
#include "ubl_to_model.h"
#include "ubl_from_model.h"
#include "ubl_syntax_rules.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static int ubl_sniff(const unsigned char *data, size_t len, const einv_xdoc_t *xdoc)
{
    return xdoc && einv_xdoc_syntax(xdoc) == EINV_SYNTAX_UBL ? EINV_OK : EINV_DECLINED;
}

static int ubl_parse(einv_ctx_t *ctx, const unsigned char *data, size_t len)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    if (!d) {
        einv_error_t err;
        einv_xdoc_t *nd = einv_xdoc_parse(data, len, NULL, &err);
        if (!nd)
            return EINV_ERR;
        einv_ctx_set_xdoc(ctx, nd);
        d = nd;
    }
    if (einv_xdoc_syntax(d) != EINV_SYNTAX_UBL)
        return EINV_ERR;
    /* the rules read the source tree; the core builds the model with ubl_to_model (the
     * binding) when someone asks for it */
    return EINV_OK;
}

static const einv_format_ops_t UBL_OPS = {
    sizeof(einv_format_ops_t), "ubl", "UBL", ubl_sniff, ubl_parse, ubl_check_syntax,
    ubl_syntax_rules, 0, ubl_from_model, ubl_to_model, NULL, 0};

static const einv_rule_t UBL_X_ADDED = {
    "EXPORT-UBL-ADDED", EINV_SEV_INFO, EINV_LAYER_SCHEMA, "",
    "The UBL document requires a value the invoice does not give; the export writes one.",
    "Check the exported document; the stored invoice is unchanged."};

/* What ubl_from_model.c wrote where UBL requires a value the model lacks (CII lets both
 * out): said, so that nobody takes it for the sender's. */
static void ubl_export_notices(einv_ctx_t *ctx, const ubl_added_t *added)
{
    if (added->means_code)
        einv_report_msg(ctx, &UBL_X_ADDED, added->means_code,
                        "BT-81 (payment means code) is absent; UBL requires one in "
                        "cac:PaymentMeans, and 1 (instrument not defined) was written.");
    if (added->vat_total)
        einv_report_msg(ctx, &UBL_X_ADDED, added->vat_total,
                        "BT-110 (invoice total VAT amount) is absent; UBL requires it, and the "
                        "sum of the VAT breakdown's tax amounts (BT-117) was written.");
}

/* The "ubl" exporter: the canonical invoice as a UBL 2.1 Invoice or CreditNote. */
static int ubl_export(einv_ctx_t *ctx, const einv_invoice_t *inv, einv_buf_t *out, einv_error_t *err)
{
    size_t len = 0;
    ubl_added_t added;
    char *xml = ubl_model_export(inv, &len, 1, &added);
    int rc;
    if (ctx && xml)
        ubl_export_notices(ctx, &added);
    if (!xml)
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory while writing UBL", "", "");
    rc = einv_buf_append(out, xml, len);
    free(xml);
    return rc == EINV_OK ? EINV_OK : einv_error_set(err, rc, "out of memory while writing UBL", "", "");
}

static const einv_exporter_ops_t UBL_EXPORTER = {
    sizeof(einv_exporter_ops_t), "ubl", "application/xml", "xml",
    "UBL 2.1 Invoice / CreditNote (EN 16931-3-2)", ubl_export};

static int ubl_init(const einv_host_api_t *host, einv_error_t *err)
{
    /* the count is a run-time constant of another translation unit */
    static einv_format_ops_t ops;
    ops = UBL_OPS;
    ops.n_rules = ubl_syntax_rules_count;
    if (host->register_format(&ops, err) != EINV_OK)
        return EINV_ERR;
    /* hosts before ABI 1.4 have no exporters: the format alone is still useful */
    if (host->struct_size > offsetof(einv_host_api_t, register_exporter))
        return host->register_exporter(&UBL_EXPORTER, err);
    return EINV_OK;
}

EINV_PLUGIN_DEFINE("ubl", EINV_PLUGIN_FORMAT, "0.1.0",
                   "UBL 2.1 Invoice and CreditNote (EN 16931-3-2)", ubl_init, NULL)
