/* Internals shared by the parts of the CII writer (cii_from_model*.c). */
#ifndef CII_FROM_MODEL_INT_H
#define CII_FROM_MODEL_INT_H

#include <einvoice/einvoice.h>
#include "xml_out.h"

typedef struct cw {
    einv_ctx_t *ctx;             /* findings; may be NULL */
    einv_buf_t *b;
    const einv_invoice_t *inv;
    const einv_node_t *root;
    const char *guideline;       /* BT-24 written */
} cw_t;

/* First child of term t of p (NULL when p is NULL or t is EINV_T__COUNT). */
const einv_node_t *cw_get(const einv_node_t *p, einv_term t);
/* <qn>text</qn> of n, nothing when n is NULL. */
void cw_leaf(cw_t *w, const char *qn, const einv_node_t *n);
/* The same with schemeID from the node's scheme. */
void cw_id(cw_t *w, const char *qn, const einv_node_t *n);
/* ram:ID without a scheme, ram:GlobalID with one. */
void cw_leaf_or_global(cw_t *w, const einv_node_t *n);
/* Every identifier of term t under p: ram:ID ones, then ram:GlobalID ones. */
void cw_party_ids(cw_t *w, const einv_node_t *p, einv_term t);
/* <outer><inner format="102">YYYYMMDD</inner></outer> */
void cw_date(cw_t *w, const char *outer, const char *inner, const einv_node_t *n);
void cw_wrapped(cw_t *w, const char *outer, const char *qn, const einv_node_t *n);
void cw_address(cw_t *w, const einv_node_t *a, const einv_term t[7]);
void cw_additional_ref(cw_t *w, const einv_node_t *n, const char *type);
/* A WARNING finding: n's value was not written. */
void cw_lost(cw_t *w, const einv_node_t *n, const char *why);

/* An allowance or charge: terms amount, base, percent, reason, reason code, category,
 * rate (the last two EINV_T__COUNT on lines). */
void cw_allowance_charge(cw_t *w, const einv_node_t *a, int charge, const einv_term t[7]);
/* A period: start and end dates. */
void cw_period(cw_t *w, const einv_node_t *p, einv_term start, einv_term end);

void cw_line(cw_t *w, const einv_node_t *line);        /* cii_from_model_line.c */
void cw_settlement(cw_t *w);                            /* cii_from_model_settle.c */
#endif
