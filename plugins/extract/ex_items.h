/* Item rows found by invoice arithmetic (quantity x price = net on one row), their
 * descriptions (wrapped cells joined), units and rates, and the tax breakdown and totals
 * reconciled with the amounts printed elsewhere. Internal to plugins/extract. */
#ifndef PLUGINS_EXTRACT_EX_ITEMS_H
#define PLUGINS_EXTRACT_EX_ITEMS_H

#include "ex_doc.h"
#include <stdint.h>

typedef struct ex_item {
    char desc[256];
    int64_t qty_milli, price_cents, net_cents;
    int64_t rate_cents;       /* percent x 100; -1 unknown */
    const char *unit;         /* Rec 20 code or NULL */
    int line;                 /* doc line of the row */
    int net_w;                /* word of the printed amount (-1: none) */
    float conf;
} ex_item_t;

typedef struct ex_rate {
    int64_t rate_cents, taxable, tax;
} ex_rate_t;

typedef struct ex_items {
    ex_item_t *items;
    size_t n;
    ex_rate_t rates[8];
    size_t n_rates;
    int64_t net, tax, gross;
    int dec_comma;            /* the document's decimal mark */
    float totals_conf;        /* 1: the computed total is printed on the document */
    int first_total_line;     /* first line below the table (totals area), -1 */
} ex_items_t;

/* Find the items and totals of d. 0 or -1 (out of memory). On scans the figures of a row
 * the arithmetic misses are re-read from the page image (ex_ocr_reread), and the words
 * take the re-read texts when the row then holds. */
int ex_items_find(ex_doc_t *d, ex_items_t *it);
void ex_items_clear(ex_items_t *it);
/* 1 when the amount (cents) is printed somewhere on the document. */
int ex_amount_printed(const ex_doc_t *d, int dec_comma, int64_t cents);

#endif
