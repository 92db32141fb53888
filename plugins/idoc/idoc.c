/* The "idoc" format plugin: SAP IDoc INVOIC02 / INVOIC01 serialised as XML (invoiceFormat
 * IDOC, POST /v1/invoices/validate/idoc), see docs IDOC-INVOIC02.md.
 *
 * sniff: XML whose root is INVOIC02 / INVOIC01, or an extension root whose IDOC child has
 * EDI_DC40/IDOCTYP INVOIC02|INVOIC01 and MESTYP INVOIC. parse: the segments become the
 * canonical model (idoc_map.c) with the account's mapping document applied (erp_map.c);
 * the IDoc tree is then dropped so that the engine validates the UBL it writes from the
 * model, and findings point back at the IDoc fields through node->src. */
#include <einvoice/einvoice.h>
#include "idoc_map.h"
#include "erp_map.h"
#include "idoc_hints.h"
#include "idoc_export.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static const einv_rule_t R_STRUCTURE = {
    "IDOC-STRUCTURE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The document is not an INVOIC02 or INVOIC01 IDoc in XML form.",
    "Send the IDoc as XML: a root INVOIC02 (or the extension name) holding an IDOC element "
    "with the control record EDI_DC40 and the E1EDK01 / E1EDP01 segments."};
static const einv_rule_t R_MULTIPLE = {
    "IDOC-MULTIPLE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The file holds several IDocs; only the first invoice was converted and validated.",
    "Send one IDOC element per request, so that every invoice gets its own result."};
static const einv_rule_t R_MAPPING = {
    "IDOC-MAPPING", EINV_SEV_WARNING, EINV_LAYER_SCHEMA, "",
    "The ERP mapping document could not be used as given.",
    "Correct the mapping document to its documented shape (docs/formats.md, \"The ERP mapping document\"): "
    "the message names the value by its JSON path."};

static const einv_rule_t *const IDOC_RULES[] = {&R_STRUCTURE, &R_MULTIPLE, &R_MAPPING};

static int name_is(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && einv_x_nsid(n) == EINV_NS_NONE &&
           strcmp((const char *)n->name, name) == 0;
}

static int invoic_type(const xmlNode *n)
{
    return einv_x_norm_eq(n, "INVOIC02") || einv_x_norm_eq(n, "INVOIC01");
}

/* An IDOC element whose control record names an invoice IDoc. */
static int invoice_idoc(const xmlNode *idoc)
{
    const xmlNode *dc = einv_x_child(idoc, EINV_NS_NONE, "EDI_DC40");
    const xmlNode *mt = einv_x_child(dc, EINV_NS_NONE, "MESTYP");
    return dc && invoic_type(einv_x_child(dc, EINV_NS_NONE, "IDOCTYP")) &&
           (!mt || einv_x_norm_eq(mt, "INVOIC"));
}

static int is_idoc_root(const xmlNode *root)
{
    const xmlNode *i;
    if (name_is(root, "INVOIC02") || name_is(root, "INVOIC01"))
        return 1;
    for (i = einv_x_child(root, EINV_NS_NONE, "IDOC"); i; i = einv_x_next_same(i))
        if (invoice_idoc(i))
            return 1;
    return 0;
}

static int idoc_sniff(const unsigned char *data, size_t len, const einv_xdoc_t *xdoc)
{
    return xdoc && is_idoc_root(einv_xdoc_root(xdoc)) ? EINV_OK : EINV_DECLINED;
}

static int idoc_parse(einv_ctx_t *ctx, const unsigned char *data, size_t len)
{
    const einv_xdoc_t *xdoc = einv_ctx_xdoc(ctx);
    const xmlNode *root = xdoc ? einv_xdoc_root(xdoc) : NULL, *idoc, *next;
    einv_invoice_t *inv;
    erp_map_t map;
    if (!root || !is_idoc_root(root)) {
        if (root)
            einv_report_msg(ctx, &R_STRUCTURE, "/", "The root element <%s> is not an INVOIC02 / INVOIC01 IDoc.",
                            (const char *)root->name);
        else
            einv_report_msg(ctx, &R_STRUCTURE, "", "The input is not XML, so it cannot be an IDoc in XML form.");
        return EINV_ERR_USAGE;
    }
    idoc = einv_x_child(root, EINV_NS_NONE, "IDOC");
    if (!idoc) {
        einv_report_msg(ctx, &R_STRUCTURE, "/", "The IDoc has no IDOC element holding the segments.");
        return EINV_ERR_USAGE;
    }
    if ((next = einv_x_next_same(idoc))) {
        char *loc = einv_x_location(next);
        einv_report_at(ctx, &R_MULTIPLE, loc ? loc : "");
        free(loc);
    }
    erp_map_load(&map, ctx, &R_MAPPING);
    inv = idoc_to_model(idoc, &map, einv_ctx_option(ctx, "specification-id"),
                        einv_ctx_option(ctx, "business-process"));
    erp_map_free(&map);
    if (!inv)
        return EINV_ERR_NOMEM;
    einv_ctx_set_invoice(ctx, inv);
    /* the model holds copies of everything: drop the IDoc so the engine writes UBL */
    einv_ctx_set_xdoc(ctx, NULL);
    return EINV_OK;
}

/* The "idoc" exporter: the canonical invoice as an INVOIC02 (idoc_export.c). */
static int idoc_write(einv_ctx_t *ctx, const einv_invoice_t *inv, einv_buf_t *out, einv_error_t *err)
{
    return idoc_export(ctx, inv, out) == EINV_OK
               ? EINV_OK
               : einv_error_set(err, EINV_ERR_NOMEM, "out of memory while writing the IDoc", "", "");
}

static const einv_exporter_ops_t IDOC_EXPORTER = {
    sizeof(einv_exporter_ops_t), "idoc", "application/xml", "xml",
    "SAP IDoc INVOIC02 XML for a buyer's invoice verification", idoc_write};

static int idoc_init(const einv_host_api_t *host, einv_error_t *err)
{
    static einv_format_ops_t ops = {
        sizeof(einv_format_ops_t), "idoc", "IDOC", idoc_sniff, idoc_parse, NULL,
        IDOC_RULES, sizeof IDOC_RULES / sizeof IDOC_RULES[0], NULL, NULL,   /* parse sets the model */
        idoc_hints, 0};
    ops.n_hints = idoc_hints_count;   /* another unit's constant */
    if (host->register_format(&ops, err) != EINV_OK)
        return EINV_ERR;
    /* hosts before ABI 1.4 have no exporters: the format alone is still useful */
    if (host->struct_size > offsetof(einv_host_api_t, register_exporter))
        return host->register_exporter(&IDOC_EXPORTER, err);
    return EINV_OK;
}

EINV_PLUGIN_DEFINE("idoc", EINV_PLUGIN_FORMAT, "0.1.0",
                   "SAP IDoc INVOIC02/INVOIC01 XML (validated through generated UBL 2.1)",
                   idoc_init, NULL)
