/* Internals shared by the parts of the IDoc writer (idoc_export*.c). */
#ifndef IDOC_EXPORT_INT_H
#define IDOC_EXPORT_INT_H

#include "idoc_export.h"
#include "erp_map.h"
#include "idoc_map.h"
#include "xml_out.h"

typedef struct ix {
    einv_ctx_t *ctx;
    einv_buf_t *b;
    const einv_node_t *root;
    erp_map_t map;
    int have_map;              /* the account's mapping document is in use */
} ix_t;

#define IX_GET(p, T) ((p) ? einv_node_get((p), EINV_T_##T) : NULL)

const char *ix_text(const einv_node_t *n);
/* A field <NAME>value</NAME>: at most max characters (the rest is cut with a finding naming
 * the term of n); nothing when value is NULL. */
void ix_field(ix_t *x, const char *name, const char *value, size_t max, const einv_node_t *n);
/* A number field in SAP form: exact digits, a minus sign moved to the end ("25.00-"). */
void ix_num(ix_t *x, const char *name, const einv_node_t *n);
/* A date field YYYYMMDD from the model's YYYY-MM-DD. */
void ix_date(ix_t *x, const char *name, const einv_node_t *n);
/* Bytes of the first max characters of s (UTF-8); *cut = 1 when s is longer. */
size_t ix_prefix_bytes(const char *s, size_t max, int *cut);
void ix_open(ix_t *x, const char *seg);
void ix_close(ix_t *x, const char *seg);
/* MWSKZ for a VAT category and rate: the mapping's tax code (or the default table's);
 * without one, category and rate joined ("E0", "S20") with a finding. */
const char *ix_tax_code(ix_t *x, const char *cat, const char *rate, char *buf, size_t n,
                        const einv_node_t *where);
/* The SAP unit for a Rec 20 unit: the mapping's (or default table's) key, else the code. */
const char *ix_unit(ix_t *x, const char *rec20);
/* A WARNING: n's value has no place in the IDoc. */
void ix_lost(ix_t *x, const einv_node_t *n, const char *why);

void ix_lines(ix_t *x);   /* idoc_export_lines.c */
#endif
