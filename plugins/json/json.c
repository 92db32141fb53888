/* The "json" format plugin: the canonical EN 16931 model as JSON, read by json_read.c
 * (each node remembering the JSON pointer of its value in node->src). The plugin builds no
 * XML: the engine validates the UBL 2.1 the UBL plugin writes from the model, and findings
 * on it point back at the JSON pointers. */
#include <einvoice/einvoice.h>
#include "json_read.h"

static int json_init(const einv_host_api_t *host, einv_error_t *err)
{
    static const einv_format_ops_t OPS = {
        sizeof(einv_format_ops_t), "json", "JSON", json_read_sniff, json_read_parse, NULL,
        json_read_rules, 0, NULL, NULL, NULL, 0};
    static einv_format_ops_t ops;   /* the count is another unit's constant */
    ops = OPS;
    ops.n_rules = json_read_rules_count;
    return host->register_format(&ops, err);
}

EINV_PLUGIN_DEFINE("json", EINV_PLUGIN_FORMAT, "0.1.0",
                   "Canonical EN 16931 invoice as JSON (validated through generated UBL 2.1)",
                   json_init, NULL)
