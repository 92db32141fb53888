/* The UN/CEFACT CII D16B format plugin (EN 16931-3-3), which also reads ZUGFeRD 1.0.
 *
 * A D16B CrossIndustryInvoice keeps its tree: the CII syntax rules and the profiles run on
 * it. A ZUGFeRD 1.0 CrossIndustryDocument predates EN 16931 and has no rules of its own:
 * it becomes the canonical model (zf1_to_model.c), gets the ZF1-LEGACY warning, and its
 * tree is dropped so that the engine validates the UBL it writes from the model (as for
 * IDoc); findings point back into the 1.0 document through node->src. */
#include <einvoice/einvoice.h>
#include "cii_to_model.h"
#include "cii_syntax_rules.h"
#include "zf1_to_model.h"
#include "cii_from_model.h"
#include <stddef.h>

static int cii_sniff(const unsigned char *data, size_t len, const einv_xdoc_t *xdoc)
{
    return xdoc && (einv_xdoc_syntax(xdoc) == EINV_SYNTAX_CII || zf1_is_document(xdoc)) ? EINV_OK
                                                                                          : EINV_DECLINED;
}

/* ZUGFeRD 1.0: the model holds copies of everything, so the tree can go. */
static int cii_parse_zf1(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    einv_invoice_t *inv = zf1_to_model(d);
    if (!inv)
        return EINV_ERR_NOMEM;
    zf1_report_legacy(ctx, inv);
    einv_ctx_set_invoice(ctx, inv);
    einv_ctx_set_xdoc(ctx, NULL);
    return EINV_OK;
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
    if (zf1_is_document(d))
        return cii_parse_zf1(ctx, d);
    if (einv_xdoc_syntax(d) != EINV_SYNTAX_CII)
        return EINV_ERR;
    /* the rules read the source tree; the core builds the model with cii_to_model (the
     * binding) when someone asks for it */
    return EINV_OK;
}

/* The syntax rules plus ZF1-LEGACY, which only this plugin lists (the zugferd plugin
 * reports it too, as it reports the CII rules, without listing them again). A static
 * table: several engines in one process share this object and init again with the same
 * content, and nothing has to be freed. */
/* The "cii" exporter: the canonical invoice as a CII D16B document (cii_from_model.c). */
static int cii_export(einv_ctx_t *ctx, const einv_invoice_t *inv, einv_buf_t *out, einv_error_t *err)
{
    if (cii_write(ctx, inv, out) != EINV_OK)
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory while writing CII", "", "");
    return EINV_OK;
}

static const einv_exporter_ops_t CII_EXPORTER = {
    sizeof(einv_exporter_ops_t), "cii", "application/xml", "xml",
    "UN/CEFACT CII D16B (Factur-X 1.07 / ZUGFeRD 2.3 XML, EN 16931-3-3)", cii_export};

#define CII_MAX_RULES 1024
static const einv_rule_t *cii_rules[CII_MAX_RULES];

static int cii_init(const einv_host_api_t *host, einv_error_t *err)
{
    static einv_format_ops_t ops = {sizeof(einv_format_ops_t), "cii", "CII", cii_sniff,
                                    cii_parse, cii_check_syntax, cii_syntax_rules, 0, NULL,
                                    cii_to_model, NULL, 0};
    size_t i;
    ops.n_rules = cii_syntax_rules_count;
    if (cii_syntax_rules_count < CII_MAX_RULES) {
        for (i = 0; i < cii_syntax_rules_count; i++)
            cii_rules[i] = cii_syntax_rules[i];
        cii_rules[i] = &zf1_r_legacy;
        ops.rules = cii_rules;
        ops.n_rules = cii_syntax_rules_count + 1;
    }
    if (host->register_format(&ops, err) != EINV_OK)
        return EINV_ERR;
    /* hosts before ABI 1.4 have no exporters: the format alone is still useful */
    if (host->struct_size > offsetof(einv_host_api_t, register_exporter))
        return host->register_exporter(&CII_EXPORTER, err);
    return EINV_OK;
}

EINV_PLUGIN_DEFINE("cii", EINV_PLUGIN_FORMAT, "0.1.0",
                   "UN/CEFACT Cross Industry Invoice D16B (EN 16931-3-3); ZUGFeRD 1.0 read through the model",
                   cii_init, NULL)
