/* Label dictionaries (DE/EN/FR/IT): which kinds of label a piece of text contains, as a bit
 * mask, so features say "the text left of this value reads like a due-date label" in any of
 * the four languages and any of their wordings. Internal to plugins/extract. */
#ifndef PLUGINS_EXTRACT_EX_LABELS_H
#define PLUGINS_EXTRACT_EX_LABELS_H

enum ex_label {
    EXL_NUMBER, EXL_DATE, EXL_DUE, EXL_REF, EXL_CUSTOMER, EXL_ORDER, EXL_DELIVERY, EXL_VAT,
    EXL_BANK, EXL_BILLTO, EXL_SHIPTO, EXL_TITLE, EXL_TOTAL, EXL_TAX, EXL_SUBTOTAL, EXL_PAYABLE,
    EXL_YOUR, EXL_PAGE, EXL_SELLER, EXL_COUNT
};

/* Bit (1 << enum ex_label) for every kind of label text contains (case-insensitive). */
unsigned ex_label_mask(const char *text);
/* 1 when text is nothing but labels of the kinds (mask) and punctuation ("Bill to:",
 * "Cessionario / Committente"), not a name that holds a label word ("Buyer Company"). */
int ex_label_only(const char *text, unsigned kinds);
/* Length of a leading label in text ("Rechnung Nr. 123" -> the bytes before "123"), 0 none. */
size_t ex_label_prefix(const char *text);

#endif
