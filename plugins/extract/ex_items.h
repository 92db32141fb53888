/* Item rows found by invoice arithmetic (quantity x price = net on one row), their
 * descriptions (wrapped cells joined), units and rates, and the tax breakdown and totals
 * reconciled with the amounts printed elsewhere. Internal to plugins/extract. */
#ifndef PLUGINS_EXTRACT_EX_ITEMS_H
#define PLUGINS_EXTRACT_EX_ITEMS_H

#include "ex_doc.h"
#include "ex_shape.h"
#include <stdint.h>

/* A number printed on a line: its first and last word (French groups "1 234,56" and OCR's
 * split "1657," "36" are joined) and its value. */
typedef struct ex_tok {
    int w, w_end;
    ex_num_t num;
    int is_num;
} ex_tok_t;

/* The numbers of line l in reading order (at most max). */
size_t ex_line_numbers(const ex_doc_t *d, const ex_line_t *l, int dec_comma, ex_tok_t *out, size_t max);

typedef struct ex_item {
    char desc[256];
    int64_t qty_milli, price_cents, net_cents;
    int64_t rate_cents;       /* percent x 100; -1 unknown */
    int rate_unsure;          /* the rate was not printed on the row but guessed */
    int derived;              /* quantity or price not printed: made from the amount */
    const char *unit;         /* Rec 20 code or NULL */
    int line;                 /* doc line of the row */
    int net_w;                /* word of the printed amount (-1: none) */
    ex_pos_t pos;             /* the row's box (set once the rows are chosen) */
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
/* The breakdown of the rows by rate (it->rates, highest first, the tax of each rounded half
 * up) and it->tax; a row without a rate counts at 0 %. */
void ex_items_breakdown(ex_items_t *it);
/* Rates for the rows printed without one (the rate whose tax on the rows' sum the page
 * prints, marked rate_unsure), the breakdown, the sums and totals_conf. */
void ex_items_reconcile(const ex_doc_t *d, ex_items_t *it);
/* An item's name as the invoice means it: an article code printed before it with a dash
 * ("GG-SCRW-A4-01 - High-Grade Screws", "1 12345 - Toller Artikel") is the seller's item id,
 * not the name (BT-155 against BT-153), and a base quantity in the row's unit after it
 * ("(1 kg)") is the price's. In place. */
void ex_desc_clean(char *desc, const char *unit);
/* 1 when the amount (cents) is printed somewhere on the document. */
int ex_amount_printed(const ex_doc_t *d, int dec_comma, int64_t cents);

#endif
