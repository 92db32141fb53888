/* Internal to the italy profile: its rule families and the helpers they share.
 *
 * italy.c runs these families over UBL documents, after the PEPPOL base profile:
 *   it_cius, it_cius2   (it_cius.c, it_cius_b.c) the AgID "Italy-CIUS-rules" pattern:
 *                       BR-IT-*, BR-IT-DC-*
 *   it_ext              (it_ext.c) the AgID "Italy-EXTENSION-rules" pattern: BR-IT-DE-*
 *   it_legacy, it_legacy_pp (it_legacy.c, it_legacy_pp.c) the asserts of the older CEN
 *                       (1.3.10) and PEPPOL (3.0.14) copies inside the AgID artefact, where
 *                       they fire and the base does not.
 *
 * The AgID tests are XPath regular expressions; the helpers below evaluate the handful of
 * shapes they use over the UTF-8 string values exactly as XPath does (code points, \d = any
 * Unicode decimal digit, ^ and $ anchored at the ends of the whole string). */
#ifndef IT_INT_H
#define IT_INT_H

#include <stddef.h>
#include <stdint.h>
#include <einvoice/einvoice.h>

#define IT_INTERNAL __attribute__((visibility("hidden")))

/* Facts about the document that several rules read, computed once. */
typedef struct it_doc {
    const einv_xdoc_t *d;
    xmlNodePtr root;
    int is_invoice;          /* root is ubl:Invoice */
    int is_credit_note;      /* root is cn:CreditNote */
    /* the seller country codes (root AccountingSupplierParty/Party/PostalAddress/Country/
     * IdentificationCode) compared with 'IT' the XPath way, existentially */
    int sup_cc_eq_it;        /* some code = 'IT' */
    int sup_cc_ne_it;        /* some code != 'IT' */
    /* the root's child elements other than the invoice lines, in document order: paths
     * from the root start here, so they never walk the (possibly many) lines */
    xmlNodePtr *head;
    size_t n_head;
} it_doc_t;

typedef struct it_family {
    const char *name;
    void (*check)(einv_ctx_t *ctx, const it_doc_t *doc);
    const einv_rule_t *const *rules;
    size_t n_rules;
} it_family_t;

extern IT_INTERNAL const it_family_t it_cius;    /* it_cius.c: root, references, seller */
extern IT_INTERNAL const it_family_t it_cius2;   /* it_cius_b.c: buyer, payment, amounts, lines */
extern IT_INTERNAL const it_family_t it_ext;
extern IT_INTERNAL const it_family_t it_legacy;      /* it_legacy.c: CEN 1.3.10 */
extern IT_INTERNAL const it_family_t it_legacy_pp;   /* it_legacy_pp.c: PEPPOL 3.0.14 */

/* '^[A-Z]{2}[A-Z0-9]{0,28}$', the VAT identifier shape (it_cius.c) */
IT_INTERNAL int it_vat_id_ok(const char *s);

/* ---- Unicode (it_unicode.c) ---- */
IT_INTERNAL int it_cp_is_nd(uint32_t cp);          /* XPath \d */
IT_INTERNAL int it_cp_is_nonword_hi(uint32_t cp);  /* not \w, for cp >= 0x80 */

/* ---- strings (it_util.c) ---- */
/* Decode the next code point of valid UTF-8 and advance *s. */
IT_INTERNAL uint32_t it_cp_next(const char **s);
/* string-length(): code points. */
IT_INTERNAL size_t it_strlen(const char *s);

typedef int (*it_cp_pred)(uint32_t cp);
IT_INTERNAL int it_cp_basic(uint32_t cp);     /* \p{IsBasicLatin} */
IT_INTERNAL int it_cp_latin(uint32_t cp);     /* \p{IsBasicLatin} or \p{IsLatin-1Supplement} */
IT_INTERNAL int it_cp_upnum(uint32_t cp);     /* [A-Z0-9] */
IT_INTERNAL int it_cp_alnum(uint32_t cp);     /* [a-zA-Z0-9] */
IT_INTERNAL int it_cp_alpha(uint32_t cp);     /* [a-zA-Z] */
IT_INTERNAL int it_cp_digit(uint32_t cp);     /* [0-9] */
IT_INTERNAL int it_cp_word(uint32_t cp);      /* \w */

/* matches(s, '^[P]{min,max}$'): every code point satisfies P and there are min..max. */
IT_INTERNAL int it_all(const char *s, it_cp_pred p, size_t min, size_t max);
/* matches(s, '^-?\d{imin,imax}\.\d{fmin,fmax}$') (sign only when `sign`). */
IT_INTERNAL int it_decimal(const char *s, int sign, size_t imin, size_t imax, size_t fmin,
                           size_t fmax);
/* The AgID person-or-company name test (BR-IT-091, -171, -222). */
IT_INTERNAL int it_name_ok(const char *s);
/* matches(s, 'Nome#Cognome.*$'). */
IT_INTERNAL int it_has_person_marker(const char *s);
/* matches(s, '^(.*)X(.*)$') where X is `mid` followed by `ndigits` [0-9]: no CR/LF in s and
 * such an occurrence somewhere. */
IT_INTERNAL int it_line_contains_digits(const char *s, const char *mid, int ndigits);
/* contains(list, concat(' ', normalize-space(s), ' ')) where list is " A B C ". */
IT_INTERNAL int it_in_spaced(const char *list, const char *s);
/* The token test of the AgID lists: not(contains(normalize-space(s), ' ')) and in list. */
IT_INTERNAL int it_token_in(const char *list, const char *s);
/* normalize-space(s) into buf (truncated to size). */
IT_INTERNAL const char *it_norm(const char *s, char *buf, size_t size);

/* ---- tree ---- */
/* einv_x_select / einv_x_path from the document root for a path whose first step is not
 * an invoice line ("cac:AccountingSupplierParty/cac:Party"). */
IT_INTERNAL size_t it_sel(const it_doc_t *doc, const char *path, einv_nodes_t *out);
IT_INTERNAL xmlNodePtr it_sel1(const it_doc_t *doc, const char *path);
IT_INTERNAL size_t it_sel_count(const it_doc_t *doc, const char *path);
/* Some node of `path` below `from` has the string value s / a value other than s. */
IT_INTERNAL int it_any_eq(const xmlNode *from, const char *path, const char *s);
IT_INTERNAL int it_any_ne(const xmlNode *from, const char *path, const char *s);
/* String value of the first node of path ("" when there is none): what a function taking
 * one string sees for a path that selects at most one node. */
IT_INTERNAL const char *it_str(const xmlNode *from, const char *path);
/* Attribute value equals s (exact string comparison); absent answers 0. */
IT_INTERNAL int it_attr_eq(const xmlNode *n, const char *name, const char *s);
/* The party has a postal country code 'IT' (some code equals 'IT'). */
IT_INTERNAL int it_party_is_it(const xmlNode *party);

#endif
