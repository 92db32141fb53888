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

/* The "ubl" exporter: the canonical invoice as a UBL 2.1 Invoice or CreditNote. */
static int ubl_export(einv_ctx_t *ctx, const einv_invoice_t *inv, einv_buf_t *out, einv_error_t *err)
{
    size_t len = 0;
    char *xml = ubl_model_export(inv, &len, 1);
    int rc;
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
