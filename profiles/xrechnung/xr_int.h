/* Internal to the xrechnung profile: the rule table (xrechnung.c), the value helpers every
 * family shares (XPath 2.0 semantics of the KoSIT Schematron: regexes, the IBAN check,
 * the Skonto syntax, code-list lookups, decimal slack) and the per-syntax families:
 *   xr_ubl_de.c / xr_cii_de.c        the national pattern (BR-DE-*, BR-TMP-*)
 *   xr_ubl_ext.c / xr_cii_ext.c      the extension (BR-DEX-*) and CVD (BR-DE-CVD-*) patterns
 *   xr_ubl_peppol.c / xr_cii_peppol.c the PEPPOL-EN16931-R* asserts the XRechnung files carry */
#ifndef XR_INT_H
#define XR_INT_H

#include <einvoice/einvoice.h>
#include <string.h>

#define XR_INTERNAL __attribute__((visibility("hidden")))

/* ---- the rules (xrechnung.c) ---- */
#define XR_RULES(X)                                                                          \
    X(BR_DE_1) X(BR_DE_2) X(BR_DE_3) X(BR_DE_4) X(BR_DE_5) X(BR_DE_6) X(BR_DE_7) X(BR_DE_8)  \
    X(BR_DE_9) X(BR_DE_10) X(BR_DE_11) X(BR_DE_14) X(BR_DE_15) X(BR_DE_16) X(BR_DE_17)      \
    X(BR_DE_18) X(BR_DE_19) X(BR_DE_20) X(BR_DE_21) X(BR_DE_22) X(BR_DE_23_a) X(BR_DE_23_b) \
    X(BR_DE_24_a) X(BR_DE_24_b) X(BR_DE_25_a) X(BR_DE_25_b) X(BR_DE_26) X(BR_DE_27)         \
    X(BR_DE_28) X(BR_DE_30) X(BR_DE_31) X(BR_DE_TMP_32) X(BR_TMP_2) X(BR_TMP_3)            \
    X(BR_DE_CVD_01) X(BR_DE_CVD_02) X(BR_DE_CVD_03) X(BR_DE_CVD_04) X(BR_DE_CVD_05)        \
    X(BR_DE_CVD_06_a) X(BR_DE_CVD_06_b) X(BR_TMP_CVD_01)                                   \
    X(BR_DEX_01) X(BR_DEX_02) X(BR_DEX_03) X(BR_DEX_04) X(BR_DEX_05) X(BR_DEX_06)           \
    X(BR_DEX_07) X(BR_DEX_08) X(BR_DEX_09) X(BR_DEX_10) X(BR_DEX_11) X(BR_DEX_12)           \
    X(BR_DEX_13) X(BR_DEX_14) X(BR_DEX_15)                                                 \
    X(PP_R001) X(PP_R005) X(PP_R008) X(PP_R010) X(PP_R020) X(PP_R040) X(PP_R041)            \
    X(PP_R042) X(PP_R043) X(PP_R043_1) X(PP_R043_2) X(PP_R044) X(PP_R046) X(PP_R053)        \
    X(PP_R054) X(PP_R055) X(PP_R061) X(PP_R101) X(PP_R110) X(PP_R111) X(PP_R120)            \
    X(PP_R121) X(PP_R130)

#define XR_DECLARE(v) extern XR_INTERNAL const einv_rule_t xr_##v;
XR_RULES(XR_DECLARE)
#undef XR_DECLARE

/* ---- families ---- */
XR_INTERNAL void xr_ubl_de(einv_ctx_t *ctx, const einv_xdoc_t *d);
XR_INTERNAL void xr_ubl_ext(einv_ctx_t *ctx, const einv_xdoc_t *d);

/* xr_cvd_item.c: an item's classification codes and attributes as a syntax names them, and
 * the clean-vehicle rules on one item, for both syntaxes. */
typedef struct xr_item_names {
    int class_ns;
    const char *class_group;   /* cac:CommodityClassification, ram:DesignatedProductClassification */
    int code_ns;
    const char *code;          /* cbc:ItemClassificationCode, ram:ClassCode */
    int prop_ns;
    const char *prop;          /* cac:AdditionalItemProperty, ram:ApplicableProductCharacteristic */
    int name_ns;               /* the attribute's name and value */
    const char *name, *value;  /* cbc:Name / cbc:Value, ram:Description / ram:Value */
} xr_item_names;
extern XR_INTERNAL const xr_item_names xr_item_ubl, xr_item_cii;
XR_INTERNAL size_t xr_cvd_classes(const xr_item_names *s, const xmlNode *item);
XR_INTERNAL size_t xr_cva_props(const xr_item_names *s, const xmlNode *item);
XR_INTERNAL void xr_check_cvd_item(einv_ctx_t *ctx, const xr_item_names *s, const xmlNode *item);
XR_INTERNAL void xr_ubl_peppol(einv_ctx_t *ctx, const einv_xdoc_t *d);
XR_INTERNAL void xr_cii_de(einv_ctx_t *ctx, const einv_xdoc_t *d);
XR_INTERNAL void xr_cii_ext(einv_ctx_t *ctx, const einv_xdoc_t *d);
XR_INTERNAL void xr_cii_peppol(einv_ctx_t *ctx, const einv_xdoc_t *d);

/* ---- identifiers of the specification (common.sch, version 3.0 / CVD 0.9) ---- */
#define XR_CIUS_ID "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
#define XR_EXTENSION_ID XR_CIUS_ID "#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0"
#define XR_CVD_ID XR_CIUS_ID "#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9"

/* The space-separated code strings of the artefact, searched the way it does
 * (contains(list, concat(' ', code, ' '))), junctions included. */
extern XR_INTERNAL const char xr_icd_ext_codes[];     /* DiGA codes + ISO 6523 ICD */
extern XR_INTERNAL const char xr_eas_ext_codes[];     /* DiGA codes + CEF EAS */
extern XR_INTERNAL const char xr_7143_cvd_codes[];    /* CVD + UNTDID 7143 */

/* ---- value helpers (xrechnung.c) ---- */

/* Parent element, or NULL at the root. */
static inline xmlNodePtr xr_up(const xmlNode *n)
{
    return (n && n->parent && n->parent->type == XML_ELEMENT_NODE) ? n->parent : NULL;
}
static inline int xr_parent_is(const xmlNode *n, int ns, const char *local)
{
    return einv_x_is(xr_up(n), ns, local);
}
/* 1 when some ancestor of n is (ns, local). */
XR_INTERNAL int xr_has_ancestor(const xmlNode *n, int ns, const char *local);
/* Some child (ns, local) of p has a non-blank string value: X[boolean(normalize-space(.))]. */
XR_INTERNAL int xr_child_nonblank(const xmlNode *p, int ns, const char *local);
/* Some child (ns, local) of p has exactly the string value s (untyped = string). */
XR_INTERNAL int xr_child_text_is(const xmlNode *p, int ns, const char *local, const char *s);
/* normalize-space(string(n)) is one of the NULL-terminated list. */
XR_INTERNAL int xr_norm_in(const xmlNode *n, const char *const *list);
/* The concatenated text node children of n (its text()), normalized into buf. */
XR_INTERNAL const char *xr_own_text_norm(const xmlNode *n, char *buf, size_t size);
/* normalize-space(ns:local) of p into buf, as a match-pattern predicate sees it: NULL when
 * p has several such children (the call raises an error and the pattern does not match). */
XR_INTERNAL const char *xr_norm1(const xmlNode *p, int ns, const char *local, char *buf, size_t size);
/* normalize-space(s) = want */
XR_INTERNAL int xr_norm_eq_str(const char *s, const char *want);
/* (not(contains(normalize-space(s), ' ')) and contains(list, concat(' ', normalize-space(s), ' '))) */
XR_INTERNAL int xr_code_in(const char *list, const char *s);

/* BR-DE-19/-20: the artefact's IBAN test of the string value of id (NULL = absent). */
XR_INTERNAL int xr_iban_ok(const xmlNode *id);
/* BR-DE-18: the Skonto test over the first note of every payment terms group. */
XR_INTERNAL int xr_skonto_ok(const xmlNode *const *notes, size_t n);
/* BR-DE-27 / BR-DE-28 / BR-TMP-2 regexes. n may be NULL (empty string). */
XR_INTERNAL int xr_telephone_ok(const xmlNode *n);
XR_INTERNAL int xr_email_ok(const xmlNode *n);
XR_INTERNAL int xr_url_ok(const xmlNode *n);

/* xs:date(s) as a comparable key; 0 when s is no xs:date. */
XR_INTERNAL int xr_date_key(const char *s, long long *key);
/* xs:decimal `a div b` as Saxon computes it (scale max(18, sa - sb + 18)). */
XR_INTERNAL einv_dec_t xr_div(einv_dec_t a, einv_dec_t b);
/* u:slack(exp, val, slack): exp - slack <= val <= exp + slack. */
XR_INTERNAL int xr_slack(einv_dec_t exp, einv_dec_t val, einv_dec_t slack);
/* round(x * 10 * 10) div 100 */
XR_INTERNAL einv_dec_t xr_round2(einv_dec_t x);
/* An untyped value compared with the number 0: *c = -1/0/1 (a "-0.00" orders below 0, as
 * Saxon does). 0 when the value is no number. */
XR_INTERNAL int xr_cmp0(const xmlNode *n, int *c);

/* PEPPOL-EN16931-R008: every element with no child element and a blank string value.
 * skip_ram_ahtd: leave out elements whose name() is 'ram:ApplicableHeaderTradeDelivery'. */
XR_INTERNAL void xr_check_empty(einv_ctx_t *ctx, const einv_xdoc_t *d, int skip_ram_ahtd);

/* FOR_ALL(d, ns, name, n) { ... }: every //ns:name in document order. */
static inline xmlNode **xr_lbeg(const einv_nodelist_t *l) { return l->n ? l->v : NULL; }
static inline xmlNode **xr_lend(const einv_nodelist_t *l) { return l->n ? l->v + l->n : NULL; }
#define XR_FOR_ALL(d, ns, name, var)                                                   \
    for (xmlNode **var##_p = xr_lbeg(einv_xdoc_all(d, ns, name)),                      \
                 **var##_e = xr_lend(einv_xdoc_all(d, ns, name)), *var = NULL;         \
         var##_p < var##_e && (var = *var##_p) != NULL; var##_p++)

#endif
