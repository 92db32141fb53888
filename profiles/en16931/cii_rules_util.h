/* Header-only helpers shared by the CII business-rule families (cii_rules_core.c,
 * cii_rules_vat.c). They reproduce the XPath 2.0 value semantics the official CII
 * Schematron relies on, directly over the CII syntax tree:
 *   - string comparisons of untyped values are exact (no white-space normalisation);
 *   - comparisons with a number cast the untyped value to a number (exponents allowed);
 *   - general comparisons over several nodes are existential;
 *   - xs:decimal()/xs:boolean casts that would raise a dynamic error count as "no match";
 *   - an untyped "-0.00" compared with a number is a negative zero below 0 (as Saxon does).
 * Everything here is `static inline`, so nothing is exported from the plugin. */
#ifndef CII_RULES_UTIL_H
#define CII_RULES_UTIL_H

#include <string.h>
#include "en16931_int.h"

/* ---- tree navigation ---- */

static inline xmlNodePtr cii_c(const xmlNode *p, const char *local)
{
    return einv_x_child(p, EINV_NS_RAM, local);
}

/* Parent element (NULL at the root). */
static inline xmlNodePtr cii_up(const xmlNode *n)
{
    return (n && n->parent && n->parent->type == XML_ELEMENT_NODE) ? n->parent : NULL;
}

/* 1 when n's parent is the element (ns, local). */
static inline int cii_parent_is(const xmlNode *n, int ns, const char *local)
{
    return einv_x_is(cii_up(n), ns, local);
}

/* The rsm:CrossIndustryInvoice root (the start of every absolute path), or NULL. */
static inline xmlNodePtr cii_root(const einv_xdoc_t *d)
{
    xmlNodePtr r = einv_xdoc_root(d);
    return einv_x_is(r, EINV_NS_RSM, "CrossIndustryInvoice") ? r : NULL;
}

/* Name test of one path step: namespace id and local name of length len. */
static inline int cii_step_is(const xmlNode *n, int ns, const char *name, size_t len)
{
    return n && n->type == XML_ELEMENT_NODE && einv_x_nsid(n) == ns &&
           strncmp((const char *)n->name, name, len) == 0 && n->name[len] == 0;
}

/* Nodes of the absolute path /rsm:CrossIndustryInvoice/PATH ("rsm:A/ram:B/udt:C", at most
 * 12 steps), appended to out in document order. The candidates come from the document's
 * element index (the last step), so the cost is that of the matches, not of the tree. */
static inline size_t cii_abs(const einv_xdoc_t *d, const char *path, einv_nodes_t *out)
{
    const char *name[12];
    size_t len[12];
    int ns[12], k = 0;
    for (const char *p = path; *p && k < 12; k++) {
        const char *colon = strchr(p, ':'), *end = strchr(p, '/');
        if (!end)
            end = p + strlen(p);
        ns[k] = p[1] == 's' ? EINV_NS_RSM : p[0] == 'u' ? EINV_NS_UDT : EINV_NS_RAM;
        name[k] = colon + 1;
        len[k] = (size_t)(end - colon - 1);
        p = *end ? end + 1 : end;
    }
    xmlNodePtr root = cii_root(d);
    size_t found = 0;
    if (!root || !k)
        return 0;
    const einv_nodelist_t *l = einv_xdoc_all(d, ns[k - 1], name[k - 1]);
    for (size_t i = 0; i < l->n; i++) {
        const xmlNode *n = l->v[i];
        int j = k - 2;
        for (; j >= 0; j--) {
            n = cii_up(n);
            if (!cii_step_is(n, ns[j], name[j], len[j]))
                break;
        }
        if (j < 0 && cii_up(n) == root) {
            einv_nodes_push(out, l->v[i]);
            found++;
        }
    }
    return found;
}

/* The first node of an absolute path (see cii_abs), or NULL. */
static inline xmlNodePtr cii_abs_first(const einv_xdoc_t *d, const char *path)
{
    einv_nodes_t s;
    xmlNodePtr first;
    einv_nodes_init(&s);
    cii_abs(d, path, &s);
    first = s.n ? s.v[0] : NULL;
    einv_nodes_free(&s);
    return first;
}

/* First grandchild (ram a / ram b) of p in document order: `a/b` read as one item. */
static inline xmlNodePtr cii_c2(const xmlNode *p, const char *a, const char *b)
{
    for (xmlNodePtr x = cii_c(p, a); x; x = einv_x_next_same(x)) {
        xmlNodePtr y = cii_c(x, b);
        if (y)
            return y;
    }
    return NULL;
}

/* First node of ram a / ram b / ram c under p. */
static inline xmlNodePtr cii_c3(const xmlNode *p, const char *a, const char *b, const char *c)
{
    for (xmlNodePtr x = cii_c(p, a); x; x = einv_x_next_same(x)) {
        xmlNodePtr y = cii_c2(x, b, c);
        if (y)
            return y;
    }
    return NULL;
}

/* ---- strings ---- */

static inline int cii_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Some child (ram, local) of p whose string value equals s exactly (`ram:X = 's'`). */
static inline int cii_child_eq(const xmlNode *p, const char *local, const char *s)
{
    for (xmlNodePtr c = cii_c(p, local); c; c = einv_x_next_same(c))
        if (strcmp(einv_x_text(c), s) == 0)
            return 1;
    return 0;
}

/* Some child (ram, local) of p whose string value differs from s (`ram:X != 's'`). */
static inline int cii_child_ne(const xmlNode *p, const char *local, const char *s)
{
    for (xmlNodePtr c = cii_c(p, local); c; c = einv_x_next_same(c))
        if (strcmp(einv_x_text(c), s) != 0)
            return 1;
    return 0;
}

/* upper-case(ram:TypeCode) = 'VAT' on a tax element; with norm, normalize-space() is applied
 * too. More than one TypeCode would be a type error: no match. */
static inline int cii_is_vat(const xmlNode *tax, int norm)
{
    xmlNodePtr t = cii_c(tax, "TypeCode");
    if (!t || einv_x_next_same(t))
        return 0;
    char buf[8];
    const char *s = norm ? einv_x_norm(t, buf, sizeof buf) : einv_x_text(t);
    if (strlen(s) != 3)
        return 0;
    return (s[0] == 'V' || s[0] == 'v') && (s[1] == 'A' || s[1] == 'a') &&
           (s[2] == 'T' || s[2] == 't');
}

/* Some attribute `name` on children (ram, local) of p equal to one of the values in vals
 * (NULL terminated): `ram:X[@name = ('a','b')]`. */
static inline int cii_child_attr_in(const xmlNode *p, const char *local, const char *name,
                                    const char *const *vals)
{
    for (xmlNodePtr c = cii_c(p, local); c; c = einv_x_next_same(c)) {
        const char *a = einv_x_attr(c, name);
        if (!a)
            continue;
        for (const char *const *v = vals; *v; v++)
            if (strcmp(a, *v) == 0)
                return 1;
    }
    return 0;
}

/* ---- booleans ---- */

/* xs:boolean cast of a string (white space collapsed). Returns 1 and sets *v when valid. */
static inline int cii_str_bool(const char *s, int *v)
{
    while (cii_ws(*s))
        s++;
    size_t n = strlen(s);
    while (n && cii_ws(s[n - 1]))
        n--;
    if (n == 4 && memcmp(s, "true", 4) == 0) { *v = 1; return 1; }
    if (n == 5 && memcmp(s, "false", 5) == 0) { *v = 0; return 1; }
    if (n == 1 && (s[0] == '1' || s[0] == '0')) { *v = s[0] == '1'; return 1; }
    return 0;
}

/* ram:ChargeIndicator[udt:Indicator = 'text']: exact string match of some indicator. */
static inline int cii_ci_str(const xmlNode *ci, const char *text)
{
    for (xmlNodePtr i = einv_x_child(ci, EINV_NS_UDT, "Indicator"); i; i = einv_x_next_same(i))
        if (strcmp(einv_x_text(i), text) == 0)
            return 1;
    return 0;
}

/* allowance/charge[ram:ChargeIndicator/udt:Indicator = true()/false()]: some indicator
 * child casts to want. */
static inline int cii_ac_is(const xmlNode *ac, int want)
{
    for (xmlNodePtr ci = cii_c(ac, "ChargeIndicator"); ci; ci = einv_x_next_same(ci))
        for (xmlNodePtr i = einv_x_child(ci, EINV_NS_UDT, "Indicator"); i;
             i = einv_x_next_same(i)) {
            int v;
            if (cii_str_bool(einv_x_text(i), &v) && v == want)
                return 1;
        }
    return 0;
}

/* (ram:ChargeIndicator/udt:Indicator cast as xs:boolean) = want: needs exactly one
 * indicator in the whole path, otherwise the cast fails. */
static inline int cii_ac_cast_is(const xmlNode *ac, int want)
{
    const xmlNode *only = NULL;
    size_t n = 0;
    for (xmlNodePtr ci = cii_c(ac, "ChargeIndicator"); ci; ci = einv_x_next_same(ci))
        for (xmlNodePtr i = einv_x_child(ci, EINV_NS_UDT, "Indicator"); i;
             i = einv_x_next_same(i)) {
            only = i;
            n++;
        }
    int v;
    return n == 1 && cii_str_bool(einv_x_text(only), &v) && v == want;
}

/* ---- numbers ---- */

enum { CII_EQ, CII_NE, CII_LT, CII_LE, CII_GT, CII_GE };

static inline int cii_cmp_op(int c, int op)
{
    switch (op) {
    case CII_EQ: return c == 0;
    case CII_NE: return c != 0;
    case CII_LT: return c < 0;
    case CII_LE: return c <= 0;
    case CII_GT: return c > 0;
    default: return c >= 0;
    }
}

/* Untyped value cast to a number for a comparison with a number (xs:double lexical
 * forms); 0 when it is not a (finite) number. */
static inline int cii_num(const xmlNode *n, einv_dec_t *out)
{
    if (!n)
        return 0;
    return einv_dec_parse_number(einv_x_text(n), (size_t)-1, out);
}

/* Saxon reads an untyped value with a minus sign and a fraction or exponent ("-0.00") as
 * a negative zero, and orders it below any other zero when it compares it with a number
 * ("-0" alone reads as plain zero). */
static inline int cii_negzero(const xmlNode *n, einv_dec_t v)
{
    if (!einv_dec_is_zero(v))
        return 0;
    const char *s = einv_x_text(n);
    while (cii_ws(*s))
        s++;
    return *s == '-' && strpbrk(s, ".eE") != NULL;
}

/* General comparison of an untyped node with a number: *c = -1/0/1. rhs_negzero marks a
 * negative zero on the right (from double arithmetic). 0 when the node is no number. */
static inline int cii_untyped_cmp(const xmlNode *n, einv_dec_t rhs, int rhs_negzero, int *c)
{
    einv_dec_t v;
    if (!rhs.ok || !cii_num(n, &v))
        return 0;
    *c = einv_dec_cmp(v, rhs);
    if (*c == 0 && einv_dec_is_zero(v))
        *c = rhs_negzero - cii_negzero(n, v);   /* -0 < +0 */
    return 1;
}

/* `ram:X op rhs` with rhs a number: some child (ram, local) of p satisfies it. */
static inline int cii_child_num(const xmlNode *p, const char *local, int op, einv_dec_t rhs)
{
    int c;
    for (xmlNodePtr n = cii_c(p, local); n; n = einv_x_next_same(n))
        if (cii_untyped_cmp(n, rhs, 0, &c) && cii_cmp_op(c, op))
            return 1;
    return 0;
}

/* Same as cii_child_num with an integer right-hand side. */
static inline int cii_child_int(const xmlNode *p, const char *local, int op, long long rhs)
{
    return cii_child_num(p, local, op, einv_dec_from_int(rhs));
}

/* xs:decimal(ram:X) where a single item is required: 1 when p has exactly one child
 * (ram, local) and it is a valid decimal. */
static inline int cii_dec1(const xmlNode *p, const char *local, einv_dec_t *out)
{
    xmlNodePtr c = cii_c(p, local);
    if (!c || einv_x_next_same(c))
        return 0;
    *out = einv_x_dec(c);
    return out->ok;
}

/* xs:decimal(ram:X[1]): the first child only. */
static inline int cii_dec_first(const xmlNode *p, const char *local, einv_dec_t *out)
{
    xmlNodePtr c = cii_c(p, local);
    if (!c)
        return 0;
    *out = einv_x_dec(c);
    return out->ok;
}

/* Untyped value in arithmetic (cast to a number); one item required. */
static inline int cii_num1(const xmlNode *p, const char *local, einv_dec_t *out)
{
    xmlNodePtr c = cii_c(p, local);
    if (!c || einv_x_next_same(c))
        return 0;
    return cii_num(c, out);
}

/* string-length(substring-after(X, '.')) <= 2 for the first child (ram, local); an absent
 * element passes. */
static inline int cii_dec2(const xmlNode *p, const char *local)
{
    return einv_x_fraction_digits(cii_c(p, local)) <= 2;
}

/* round(x * 100) div 100 (half towards positive infinity). */
static inline einv_dec_t cii_round2(einv_dec_t x)
{
    return einv_dec_round(x, 2);
}

/* ---- VAT categories ---- */

/* Category code letters in the order the official pattern lists the line / allowance
 * contexts: AE, L, M, E, G, K, O, S, Z. */
enum { CII_AE, CII_L, CII_M, CII_E, CII_G, CII_K, CII_O, CII_S, CII_Z, CII_NCAT };
static inline const char *cii_cat_code(int k)
{
    static const char *const codes[CII_NCAT] = {"AE", "L", "M", "E", "G", "K", "O", "S", "Z"};
    return codes[k];
}

/* Bit set of the categories named by the ram:CategoryCode children of tax (existential
 * `ram:CategoryCode = 'X'`). */
static inline unsigned cii_cat_bits(const xmlNode *tax)
{
    unsigned bits = 0;
    for (xmlNodePtr c = cii_c(tax, "CategoryCode"); c; c = einv_x_next_same(c)) {
        const char *s = einv_x_text(c);
        for (int k = 0; k < CII_NCAT; k++)
            if (strcmp(s, cii_cat_code(k)) == 0)
                bits |= 1u << k;
    }
    return bits;
}

/* A header VAT breakdown the official pattern hands to its IGIC (L), IPSI (M) or
 * not-subject (O) rule instead of the general breakdown rule: context
 * //rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax
 * [ram:CategoryCode = 'X'][upper-case(ram:TypeCode) = 'VAT'], tried in the order L, M, O.
 * Returns CII_L, CII_M, CII_O or -1. */
static inline int cii_hdr_tax_special(const xmlNode *att)
{
    xmlNodePtr hs = cii_up(att);
    if (!einv_x_is(hs, EINV_NS_RAM, "ApplicableHeaderTradeSettlement") ||
        !cii_parent_is(hs, EINV_NS_RSM, "SupplyChainTradeTransaction"))
        return -1;
    unsigned b = cii_cat_bits(att);
    if (!(b & ((1u << CII_L) | (1u << CII_M) | (1u << CII_O))) || !cii_is_vat(att, 0))
        return -1;
    if (b & (1u << CII_L))
        return CII_L;
    if (b & (1u << CII_M))
        return CII_M;
    return CII_O;
}

#endif
