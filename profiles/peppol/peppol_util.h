/* Shared helpers of the PEPPOL profile, for the core family (peppol_rules_*.c) and the
 * national family (peppol_national_*.c, which may include this header).
 *
 * - pp_doc_t: the artefact's document-wide variables ($profile, $supplierCountry,
 *   $customerCountry, $supplierCountryIsDE, $customerCountryIsDE), computed once per
 *   document with pp_doc_init().
 * - the artefact's check-digit functions (u:gln, u:mod11, u:checkSEOrgnr, ...) as C.
 * - small XPath string helpers (string-length in code points, substring, number()).
 *
 * The API is kept small and stable: add functions, do not change existing ones. */
#ifndef PEPPOL_UTIL_H
#define PEPPOL_UTIL_H

#include <stddef.h>
#include <einvoice/einvoice.h>

/* ---- document variables ---- */
enum { PP_PROFILE_UNKNOWN = 0, PP_PROFILE_01 = 1, PP_PROFILE_02 = 2 };

typedef struct pp_doc {
    const einv_xdoc_t *d;
    xmlNodePtr root;           /* the document element */
    int is_invoice;            /* root is ubl Invoice (/ubl-invoice:Invoice exists) */
    int is_credit_note;        /* root is ubl CreditNote */
    int profile;               /* $profile: PP_PROFILE_01 / _02 / _UNKNOWN */
    char supplier_country[16]; /* $supplierCountry: upper-cased code, or "XX" */
    char customer_country[16]; /* $customerCountry */
    int supplier_is_de;        /* $supplierCountryIsDE (seller postal country = DE) */
    int customer_is_de;        /* $customerCountryIsDE (buyer postal country = DE) */
} pp_doc_t;

void pp_doc_init(pp_doc_t *f, const einv_xdoc_t *d);

/* ---- string buffers: inline storage, heap only for long values ---- */
typedef struct pp_buf {
    char *s;        /* the value (points into inl or heap); never NULL after a pp_ call */
    char *heap;
    char inl[128];
} pp_buf_t;

static inline void pp_buf_init(pp_buf_t *b) { b->s = b->inl; b->heap = NULL; b->inl[0] = 0; }
void pp_buf_free(pp_buf_t *b);

/* normalize-space(s) into b; returns b->s. */
const char *pp_normalize(const char *s, pp_buf_t *b);
/* normalize-space(string(n)) into b. */
const char *pp_norm(const xmlNode *n, pp_buf_t *b);
/* The text() children of n (text and CDATA directly below n) concatenated, into b. */
const char *pp_text(const xmlNode *n, pp_buf_t *b);

/* XPath string-length(): number of code points of UTF-8 s (NULL = 0). */
size_t pp_strlen(const char *s);
/* XPath substring(s, start, len) for integer arguments (1-based; len < 0: to the end),
 * counted in code points, into b; returns b->s. */
const char *pp_substring(const char *s, long start, long len, pp_buf_t *b);
/* XPath number(s): 1 and *out when s is an xs:double lexical form (white space around
 * allowed), 0 for NaN. */
int pp_number(const char *s, double *out);
/* 1 when s (already normalized) is one or more ASCII digits and exactly n of them (n = 0:
 * any count) - matches(s, '^[0-9]{n}$'). */
int pp_digits(const char *s, size_t n);

/* ---- the artefact's functions (argument as the Schematron passes it) ---- */
int pp_gln(const char *val);          /* u:gln: GS1 check digit */
int pp_mod11(const char *val);        /* u:mod11: Norwegian organisation number */
int pp_se_orgnr(const char *val);     /* u:checkSEOrgnr: Luhn over a Swedish org. number */

#endif
