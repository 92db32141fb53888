/* The UN/CEFACT CII D16B format plugin (EN 16931-3-3). */
#include <einvoice/einvoice.h>
#include "cii_to_model.h"
#include "cii_syntax_rules.h"

static int cii_sniff(const unsigned char *data, size_t len, const einv_xdoc_t *xdoc)
{
    return xdoc && einv_xdoc_syntax(xdoc) == EINV_SYNTAX_CII ? EINV_OK : EINV_DECLINED;
}

static int cii_parse(einv_ctx_t *ctx, const unsigned char *data, size_t len)
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
    if (einv_xdoc_syntax(d) != EINV_SYNTAX_CII)
        return EINV_ERR;
    /* the rules read the source tree; the model is built only when someone wants it */
    if (einv_ctx_option(ctx, "canonical"))
        einv_ctx_set_invoice(ctx, cii_to_model(d));
    return EINV_OK;
}

static int cii_init(const einv_host_api_t *host, einv_error_t *err)
{
    static einv_format_ops_t ops = {sizeof(einv_format_ops_t), "cii", "CII", cii_sniff,
                                    cii_parse, cii_check_syntax, cii_syntax_rules, 0, NULL};
    ops.n_rules = cii_syntax_rules_count;
    return host->register_format(&ops, err);
}

EINV_PLUGIN_DEFINE("cii", EINV_PLUGIN_FORMAT, "0.1.0",
                   "UN/CEFACT Cross Industry Invoice D16B (EN 16931-3-3)", cii_init, NULL)
