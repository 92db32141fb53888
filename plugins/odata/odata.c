/* The "odata" format plugin: an SAP S/4HANA supplier invoice (A_SupplierInvoice of
 * API_SUPPLIERINVOICE_PROCESS_SRV) as OData V2 JSON, with or without the {"d": ...}
 * envelope (invoiceFormat ODATA, POST /v1/invoices/validate/odata); see
 * ODATA-SUPPLIERINVOICE.md.
 *
 * The body is read with the strict JSON reader, mapped onto the canonical model
 * (odata_map.c) with the account's mapping document (erp_map.c), and validated through
 * the UBL the engine writes from the model; findings point back at JSON pointers into the
 * body. A property of the wrong JSON type is an ODATA-TYPE finding and is left out. */
#include <einvoice/einvoice.h>
#include "json_reader.h"
#include "erp_map.h"
#include "odata_hints.h"
#include "odata_map.h"
#include <string.h>

static const einv_rule_t R_WELLFORMED = {
    "ODATA-WELLFORMED", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The body is not well-formed JSON.",
    "Send the supplier invoice entity as UTF-8 JSON; check quotes, commas and brackets at the reported position."};
static const einv_rule_t R_STRUCTURE = {
    "ODATA-STRUCTURE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The body is not an A_SupplierInvoice entity in OData V2 JSON.",
    "Send one supplier invoice entity, bare or wrapped as {\"d\": {...}}, with its navigations expanded."};
static const einv_rule_t R_TYPE = {
    "ODATA-TYPE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "A property of the supplier invoice entity has the wrong JSON type; it was ignored.",
    "Send decimals as strings such as \"12.50\", dates as \"/Date(ms)/\", texts and flags as strings, "
    "navigations as {\"results\": [...]}."};
static const einv_rule_t R_MULTIPLE = {
    "ODATA-MULTIPLE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The body is a collection of several supplier invoices; only the first was converted and validated.",
    "Send one supplier invoice entity per request."};
static const einv_rule_t R_MAPPING = {
    "ODATA-MAPPING", EINV_SEV_WARNING, EINV_LAYER_SCHEMA, "",
    "The ERP mapping document could not be used as given.",
    "Correct the mapping document to its documented shape (docs/formats.md, \"The ERP mapping document\"): "
    "the message names the value by its JSON path."};

static const einv_rule_t *const ODATA_RULES[] = {&R_WELLFORMED, &R_STRUCTURE, &R_TYPE, &R_MULTIPLE,
                                                 &R_MAPPING};

static const jr_limits_t LIMITS = {(size_t)256 << 20, 64, (size_t)8 << 20, 64};

/* The entity of a body: unwrap "d", then a collection's first element. *count = number of
 * entities when the body is a collection. */
static const jr_value_t *entity_of(const jr_value_t *root, size_t *count)
{
    const jr_value_t *d = jr_member(root, "d"), *r;
    *count = 1;
    if (d)
        root = d;
    if (root && root->type == JR_ARRAY) {   /* V1 servers: {"d": [...]} */
        *count = root->n;
        return root->first;
    }
    if (root && root->type == JR_OBJECT && (r = jr_member(root, "results")) && r->type == JR_ARRAY) {
        *count = r->n;
        return r->first;
    }
    return root;
}

/* An object that looks like A_SupplierInvoice: its metadata type, or two of its keys. */
static int is_supplier_invoice(const jr_value_t *e)
{
    static const char *const KEYS[] = {"SupplierInvoice", "FiscalYear", "CompanyCode", "InvoicingParty",
                                       "DocumentCurrency", "SupplierInvoiceIDByInvcgParty"};
    const jr_value_t *md = jr_member(e, "__metadata"), *t = jr_member(md, "type");
    size_t i, k = 0;
    if (!e || e->type != JR_OBJECT)
        return 0;
    if (t && t->type == JR_STRING && strstr(t->s, "A_SupplierInvoiceType"))
        return 1;
    for (i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++)
        k += jr_member(e, KEYS[i]) != NULL;
    return k >= 2;
}

static size_t skip_space(const unsigned char *p, size_t len)
{
    size_t i = len >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0;
    while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'))
        i++;
    return i;
}

static int odata_sniff(const unsigned char *data, size_t len, const einv_xdoc_t *xdoc)
{
    jr_error_t err;
    jr_doc_t *d;
    size_t n, i = skip_space(data, len);
    int mine;
    if (xdoc || i >= len || data[i] != '{')
        return EINV_DECLINED;
    if (!(d = jr_parse((const char *)data, len, &LIMITS, &err)))
        return EINV_DECLINED;
    mine = is_supplier_invoice(entity_of(jr_root(d), &n));
    jr_free(d);
    return mine ? EINV_OK : EINV_DECLINED;
}

static int odata_parse(einv_ctx_t *ctx, const unsigned char *data, size_t len)
{
    jr_error_t err;
    jr_doc_t *d = jr_parse((const char *)data, len, &LIMITS, &err);
    const jr_value_t *e;
    einv_invoice_t *inv;
    erp_map_t map;
    size_t n;
    if (!d) {
        einv_report_msg(ctx, &R_WELLFORMED, err.where, "The body is not usable JSON: %s%s%s (line %zu, column %zu, byte %zu).",
                        err.where[0] ? err.where : "", err.where[0] ? ": " : "", err.message, err.line,
                        err.column, err.offset);
        return EINV_ERR_USAGE;
    }
    e = entity_of(jr_root(d), &n);
    if (!e || e->type != JR_OBJECT || !is_supplier_invoice(e)) {
        char ptr[300] = "";
        if (e)
            jr_pointer(e, ptr, sizeof ptr);
        einv_report_msg(ctx, &R_STRUCTURE, ptr, "%s", e && e->type == JR_OBJECT
                            ? "The object is not an A_SupplierInvoice entity (no SupplierInvoice, CompanyCode, InvoicingParty ... properties)."
                            : "The body must be a JSON object: the supplier invoice entity, bare or as {\"d\": {...}}.");
        jr_free(d);
        return EINV_ERR_USAGE;
    }
    if (n > 1) {
        char ptr[300];
        jr_pointer(e->next, ptr, sizeof ptr);
        einv_report_at(ctx, &R_MULTIPLE, ptr);
    }
    erp_map_load(&map, ctx, &R_MAPPING);
    inv = odata_to_model(ctx, e, &map, &R_TYPE);
    erp_map_free(&map);
    jr_free(d);
    if (!inv)
        return EINV_ERR_NOMEM;
    einv_ctx_set_invoice(ctx, inv);
    return EINV_OK;
}

static int odata_init(const einv_host_api_t *host, einv_error_t *err)
{
    static einv_format_ops_t ops = {
        sizeof(einv_format_ops_t), "odata", "ODATA", odata_sniff, odata_parse, NULL,
        ODATA_RULES, sizeof ODATA_RULES / sizeof ODATA_RULES[0], NULL, NULL, odata_hints, 0};
    ops.n_hints = odata_hints_count;   /* another unit's constant */
    return host->register_format(&ops, err);
}

EINV_PLUGIN_DEFINE("odata", EINV_PLUGIN_FORMAT, "0.1.0",
                   "SAP S/4HANA supplier invoice, OData V2 JSON (validated through generated UBL 2.1)",
                   odata_init, NULL)
