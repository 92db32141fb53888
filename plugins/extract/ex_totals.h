/* The totals block as the page prints it: labelled amounts (line total, allowances,
 * charges, total without tax, tax, total with tax, prepaid, rounding, amount due) and the
 * VAT breakdown rows (rate, base, tax), read in any of the usual de/en/fr/it wordings, then
 * reconciled with each other and with the item rows. The result is what the page says, with
 * a confidence per total that only arithmetic between independent printed figures raises.
 * Internal to plugins/extract. */
#ifndef PLUGINS_EXTRACT_EX_TOTALS_H
#define PLUGINS_EXTRACT_EX_TOTALS_H

#include "ex_doc.h"
#include "ex_items.h"
#include <stdint.h>

/* what a totals label says */
enum ex_tkind {
    EXT_LINES,     /* sum of the line amounts (BT-106) */
    EXT_ALLOW,     /* a document-level allowance (BT-92) */
    EXT_CHARGE,    /* a document-level charge (BT-99) */
    EXT_NET,       /* total without tax (BT-109) */
    EXT_TAX,       /* tax (BT-110, or one rate's BT-117) */
    EXT_GROSS,     /* total with tax (BT-112) */
    EXT_PREPAID,   /* paid in advance (BT-113) */
    EXT_ROUND,     /* rounding (BT-114) */
    EXT_PAYABLE,   /* amount due (BT-115) */
    EXT_TOTAL,     /* "Total", "Summe": one of the totals, which one the arithmetic says */
    EXT_KINDS
};

typedef struct ex_tamount {
    int kind;              /* enum ex_tkind */
    int specific;          /* 1: the label names the total exactly ("Total TTC"), 0: generic */
    int64_t cents;
    int64_t rate;          /* a tax line's rate (percent x 100), -1 none */
    int line;
    ex_pos_t pos;
    char label[64];
} ex_tamount_t;

typedef struct ex_vatrow {
    int64_t rate, base, tax;   /* base -1: not printed */
    int from_items;            /* not printed: a rate of the rows the VAT rows left out */
    int line;
    ex_pos_t pos;
} ex_vatrow_t;

/* one decided total */
typedef struct ex_total {
    int have;
    int64_t cents;
    float conf;
    ex_pos_t pos;          /* page -1: not printed (derived) */
} ex_total_t;

typedef struct ex_totals {
    ex_tamount_t a[48];
    size_t n;
    ex_vatrow_t vat[8];
    size_t n_vat;
    struct { int64_t cents; ex_pos_t pos; } other[16];   /* figures under unknown labels */
    size_t n_other;
    /* decided (ex_totals_decide) */
    ex_total_t lines, allow, charge, net, tax, gross, prepaid, rounding, payable;
    int lines_match;       /* 1 the item rows add up to the printed line total, 0 they do not,
                              -1 nothing to compare with */
    int printed;           /* some total was printed and read */
    char note[160];        /* what disagreed, for the findings ("" when all agreed) */
} ex_totals_t;

/* Read the labelled amounts and VAT rows of d, skipping the lines of the item rows in it. */
void ex_totals_read(const ex_doc_t *d, const ex_items_t *it, ex_totals_t *t);
/* Decide every total from what was read and the item rows: the printed figures where the
 * arithmetic between them holds, the rows' sums where nothing is printed; the tax rate of
 * rows printed without one and the breakdown (it->rates) from the printed VAT rows when
 * they are there. Sets the confidences and t->note. */
void ex_totals_decide(const ex_doc_t *d, ex_items_t *it, ex_totals_t *t);
/* The kind of a totals label (enum ex_tkind) or -1; *specific as in ex_tamount_t. */
int ex_totals_label(const char *text, int *specific);

#endif
