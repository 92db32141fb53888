/* The reader of the "json" format plugin (json_read.c): canonical JSON -> canonical
 * invoice, every node's src the JSON pointer of its value. Internal to plugins/json. */
#ifndef PLUGINS_JSON_JSON_READ_H
#define PLUGINS_JSON_JSON_READ_H

#include <einvoice/einvoice.h>

/* EINV_OK for a JSON object that names a canonical field (or has no members at all). */
int json_read_sniff(const unsigned char *data, size_t len, const einv_xdoc_t *xdoc);
/* Read the invoice into the context (einv_ctx_set_invoice); request errors become
 * JSON-* findings and EINV_ERR_USAGE. */
int json_read_parse(einv_ctx_t *ctx, const unsigned char *data, size_t len);
/* A JSON number literal as xs:decimal text into out ("1.50e1" -> "15.0"); 0 when it would
 * be unreasonably long. */
int json_number_text(const char *s, char *out, size_t size);
/* The JSON-* rules the reader reports. */
extern const einv_rule_t *const json_read_rules[];
extern const size_t json_read_rules_count;

#endif
