/* Item rows read by the columns of the table's head row ("Bezeichnung | Menge | Einzelpreis
 * | Betrag", "Désignation | Qté | PU HT | Montant HT", ...): for tables that the arithmetic
 * of ex_items cannot read (no unit price column, prices per 100, discounts, amounts without
 * decimals, quantity and price in an unusual order). Internal to plugins/extract. */
#ifndef PLUGINS_EXTRACT_EX_TABLE_H
#define PLUGINS_EXTRACT_EX_TABLE_H

#include "ex_items.h"

/* The rows under every table head of d into it (cleared first; it->n 0 when there is no
 * head or no row under it). A row's confidence says whether quantity x price gives its
 * amount. 0 or -1 (out of memory). */
int ex_table_find(const ex_doc_t *d, int dec_comma, ex_items_t *it);
/* How many rows of it make their amount by a printed quantity x a printed price. */
size_t ex_items_arith_ok(const ex_items_t *it);

#endif
