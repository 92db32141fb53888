/* Internal to the UBL VAT-category family (ubl_rules_vat.c, ubl_rules_vat_sums.c): category
 * facts of TaxCategory elements, XPath value semantics and the per-category breakdown sums.
 * Nothing here leaves the plugin (built with -fvisibility=hidden). */
#ifndef UBL_RULES_VAT_INT_H
#define UBL_RULES_VAT_INT_H

#include "en16931_int.h"

/* VAT category codes in the pattern's rule order; VC_OTHER: any other value or none */
enum { VC_AE, VC_E, VC_G, VC_K, VC_L, VC_M, VC_O, VC_S, VC_Z, VC_N, VC_OTHER = VC_N };
enum { VCI_TRUE = 1, VCI_FALSE = 2 };      /* cbc:ChargeIndicator = true() / = false() */
enum { VV_ABSENT, VV_OK, VV_ERR };         /* xs:decimal(child): (), a value, an error */

/* Facts about one cac:TaxCategory / cac:ClassifiedTaxCategory. */
typedef struct vat_tc {
    int cat;       /* code of normalize-space(cbc:ID) (first ID), VC_OTHER when none */
    int single;    /* exactly one cbc:ID: otherwise a context predicate errs, i.e. no match */
    int vat;       /* some cac:TaxScheme says VAT (upper-cased, space-normalized) */
    unsigned any;  /* codes some cbc:ID equals after normalize-space */
    unsigned raw;  /* codes some cbc:ID equals as it stands */
} vat_tc_t;

#define BIT(c) (1u << (unsigned)(c))

enum { K_IL, K_CNL };   /* cac:InvoiceLine, cac:CreditNoteLine */
#define RATED (BIT(VC_S) | BIT(VC_L) | BIT(VC_M))

/* One (category, rate) of the root breakdown for S, L, M. A sum that met an invalid
 * amount has ok = 0 (the official sum raises an error, the assert fails). */
typedef struct rkey {
    int cat;
    einv_dec_t rate;
    einv_dec_t line[2], charge, allow;
    unsigned char ex_line[2];   /* exists(//cac:InvoiceLine[cat][rate]) (resp. CreditNoteLine) */
    unsigned char ex_ac;        /* exists(//cac:AllowanceCharge[cat][rate]) */
    size_t stamp;               /* last line / allowance that counted here */
} rkey_t;

typedef struct vat_sums {
    einv_dec_t line[2][VC_N], charge[VC_N], allow[VC_N];
    int has_line[2];            /* exists(//cac:InvoiceLine), exists(//cac:CreditNoteLine) */
    rkey_t *keys;
    size_t nkeys, cap;
    rkey_t inl[16];
} vat_sums_t;

/* cac:X[cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT'] */
int en_vat_scheme_is_vat(const xmlNode *x);
/* category code of normalize-space(id), VC_OTHER for anything else or no node */
int en_vat_norm_cat(const xmlNode *id);
void en_vat_tc_info(const xmlNode *t, vat_tc_t *o);
/* VCI_TRUE / VCI_FALSE bits of cbc:ChargeIndicator = true() / false() (existential) */
unsigned en_vat_ci_bits(const xmlNode *ac);
/* xs:decimal(cbc:local) of parent: VV_ABSENT, VV_OK (value in *out) or VV_ERR */
int en_vat_dec_child(const xmlNode *parent, const char *local, einv_dec_t *out);
/* sign of an untyped value compared with a number (xs:double); 0 when not comparable */
int en_vat_double_sign(const char *s, int *sign);

/* Sums of the root lines, allowances and charges per category (and rate), one pass. */
void en_vat_sums_build(vat_sums_t *s, const einv_xdoc_t *d, const xmlNode *root);
void en_vat_sums_free(vat_sums_t *s);
/* BR-x-08 on breakdown TaxCategory t (sub: its TaxSubtotal); calc: per rate, tolerance 1 */
int en_vat_taxable_ok(vat_sums_t *s, const xmlNode *sub, const xmlNode *t, int cat, int calc);
/* BR-S/AF/AG-09: the VAT amount matches taxable amount x rate within 1 */
int en_vat_tax_calc_ok(const xmlNode *sub, const xmlNode *t);

#endif
