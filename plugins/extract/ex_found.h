/* What the decoder made of one reading of a document (ex_extract.c), and the fusion of the
 * ACCURATE tier's readings into one result with per-field confidences (ex_fuse.c).
 * Internal to plugins/extract. */
#ifndef PLUGINS_EXTRACT_EX_FOUND_H
#define PLUGINS_EXTRACT_EX_FOUND_H

#include "ex_items.h"
#include "ex_totals.h"
#include <stddef.h>

typedef struct ex_party {
    char name[128], line1[128], city[64], postal[16], country[3], vat[40];
    float conf_name, conf_addr, conf_vat;
    ex_pos_t p_name, p_addr, p_vat;
    int block;
} ex_party_t;

typedef struct ex_found {
    char number[96], issue[11], due[11], ref[96], currency[4], iban[40];
    float c_number, c_issue, c_due, c_ref, c_currency, c_iban;
    ex_pos_t p_number, p_issue, p_due, p_ref, p_currency, p_iban;
    ex_party_t sup, buy;
} ex_found_t;

/* One reading: the decoded fields and the item rows (owned). */
typedef struct ex_reading {
    ex_found_t f;
    ex_items_t it;
    ex_totals_t tot;          /* the printed totals, decided with the rows */
    int pages, ocr_pages, timeouts;
    size_t words;             /* words read (0: nothing on the pages) */
    int dpi, psm;             /* the OCR settings of this reading */
    int whole;                /* the page read whole by one engine */
} ex_reading_t;

/* Fuse readings r[0..n) into r[base] (the most self-consistent one: its item rows and
 * totals stay, so the arithmetic still holds). Per field, the value with the most weighted
 * confidence wins (a reading whose computed total is printed weighs double); its confidence
 * becomes the noisy-or of the agreeing readings' confidences times their share of the
 * weight, so agreement raises it and disagreement lowers it. Per item row, description,
 * unit and quantity/price are chosen among the readings' versions of the row with the
 * same net amount (the totals cannot change). 0, or -1 when out of memory. */
int ex_fuse(ex_reading_t *r, size_t n, size_t base);

#endif
