/* The shapes of printed values: amounts and quantities (exact, integer-scaled: never
 * double), dates in the DE/EN/FR/IT forms, VAT ids and IBANs with their check digits, unit
 * words. Internal to plugins/extract. */
#ifndef PLUGINS_EXTRACT_EX_SHAPE_H
#define PLUGINS_EXTRACT_EX_SHAPE_H

#include <stddef.h>
#include <stdint.h>

/* A number as printed: value * 10^-scale; decimals = digits after the decimal mark. */
typedef struct ex_num {
    int64_t v;
    int scale;
    int decimals;
    int has_group;      /* thousands separators were used */
    int currency;       /* 1 when a currency sign or code was attached */
    int percent;        /* ended with % */
} ex_num_t;

/* Parse one token (or a short run of tokens) as a number. dec_comma: 1 the document writes
 * 1.234,56, 0 it writes 1,234.56, -1 unknown (guess from the token). 1 when it is a number. */
int ex_parse_num(const char *s, int dec_comma, ex_num_t *out);
/* value in units of 10^-scale (rounding half up when reducing the scale). */
int64_t ex_num_scaled(const ex_num_t *n, int scale);
/* Format cents as "1234.50" into buf. */
void ex_fmt_cents(int64_t cents, char *buf, size_t size);
/* Format a value with 3 decimals (thousandths) without trailing zeros: "2.5", "3". */
void ex_fmt_milli(int64_t milli, char *buf, size_t size);

/* Find a date in s: 1 and YYYY-MM-DD in iso (11 bytes), start and end its byte span. */
int ex_find_date(const char *s, char iso[11], size_t *start, size_t *end);
/* 1 when the string looks like a currency code or sign; ISO code in code (4 bytes). */
int ex_currency(const char *s, char code[4]);

/* A VAT id (any spacing/dots) normalised into out when its country pattern and check digits
 * hold: 2 checked, 1 pattern only (no algorithm for the country), 0 not a VAT id. */
int ex_vat_id(const char *s, char *out, size_t size);
/* IBAN with valid mod-97 check digits normalised into out (compact, upper): 1 or 0. */
int ex_iban(const char *s, char *out, size_t size);
/* US EIN 12-3456789: 1 or 0. */
int ex_ein(const char *s);
/* UN/ECE Rec 20 code of a printed unit word, or NULL. */
const char *ex_unit_code(const char *word);
/* ISO country code of a printed country name ("Deutschland", "France", "Italia", ...). */
const char *ex_country_code(const char *name);
/* s lower-cased without the diacritics of Latin-1 letters ("Énergie" -> "energie"), so that
 * OCR readings of one text with and without accents compare equal; the number of accented
 * letters s has (OCR drops accents far more often than it adds them). */
int ex_fold(const char *s, char *out, size_t size);

#endif
