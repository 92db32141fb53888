/* UBL VAT-category family, part 2: values as the official XPath sees them (category codes,
 * VAT scheme, ChargeIndicator, xs:decimal / xs:double casts) and the BR-x-08 sums: one pass
 * over lines and allowances/charges per document fills per-category totals and, for the
 * rated categories S, L, M, totals per (category, rate) of the root VAT breakdown. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ubl_rules_vat_int.h"

/* cac:X[cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT'] */
int en_vat_scheme_is_vat(const xmlNode *x)
{
    const xmlNode *ts;
    for (ts = einv_x_child(x, EINV_NS_CAC, "TaxScheme"); ts; ts = einv_x_next_same(ts)) {
        xmlNodePtr id = einv_x_child(ts, EINV_NS_CBC, "ID");
        char b[8];
        size_t i;
        if (!id || einv_x_next_same(id))
            continue; /* no ID: ''; several: a dynamic error, never VAT */
        einv_x_norm(id, b, sizeof b);
        for (i = 0; b[i]; i++)
            if (b[i] >= 'a' && b[i] <= 'z')
                b[i] = (char)(b[i] - 'a' + 'A');
        if (strcmp(b, "VAT") == 0)
            return 1;
    }
    return 0;
}

/* VC_* of a code ("AE", "E", ... "Z"), VC_OTHER for anything else */
static int code_index(const char *s)
{
    static const signed char ONE[26] = {
        ['E' - 'A'] = VC_E + 1, ['G' - 'A'] = VC_G + 1, ['K' - 'A'] = VC_K + 1,
        ['L' - 'A'] = VC_L + 1, ['M' - 'A'] = VC_M + 1, ['O' - 'A'] = VC_O + 1,
        ['S' - 'A'] = VC_S + 1, ['Z' - 'A'] = VC_Z + 1};
    if (s[0] < 'A' || s[0] > 'Z')
        return VC_OTHER;
    if (!s[1])
        return ONE[s[0] - 'A'] ? ONE[s[0] - 'A'] - 1 : VC_OTHER;
    return s[0] == 'A' && s[1] == 'E' && !s[2] ? VC_AE : VC_OTHER;
}

int en_vat_norm_cat(const xmlNode *id)
{
    char b[8];
    if (!id)
        return VC_OTHER;
    einv_x_norm(id, b, sizeof b);
    return code_index(b);
}

void en_vat_tc_info(const xmlNode *t, vat_tc_t *o)
{
    xmlNodePtr id = einv_x_child(t, EINV_NS_CBC, "ID"), x;
    o->cat = VC_OTHER;
    o->single = id && !einv_x_next_same(id);
    o->vat = en_vat_scheme_is_vat(t);
    o->any = o->raw = 0;
    for (x = id; x; x = o->single ? NULL : einv_x_next_same(x)) {
        int c = en_vat_norm_cat(x), r = code_index(einv_x_text(x));
        if (x == id)
            o->cat = c;
        if (c < VC_N)
            o->any |= BIT(c);
        if (r < VC_N)
            o->raw |= BIT(r);
    }
}

unsigned en_vat_ci_bits(const xmlNode *ac)
{
    unsigned bits = 0;
    const xmlNode *ci;
    for (ci = einv_x_child(ac, EINV_NS_CBC, "ChargeIndicator"); ci; ci = einv_x_next_same(ci)) {
        char b[8];
        einv_x_norm(ci, b, sizeof b);
        if (!strcmp(b, "true") || !strcmp(b, "1"))
            bits |= VCI_TRUE;
        else if (!strcmp(b, "false") || !strcmp(b, "0"))
            bits |= VCI_FALSE;
    }
    return bits;
}

/* ---- values as XPath sees them ---- */

/* xs:decimal(child) where child must occur at most once (several: a dynamic error). */
int en_vat_dec_child(const xmlNode *parent, const char *local, einv_dec_t *out)
{
    xmlNodePtr n = einv_x_child(parent, EINV_NS_CBC, local);
    if (!n)
        return VV_ABSENT;
    if (einv_x_next_same(n))
        return VV_ERR;
    *out = einv_x_dec(n);
    return out->ok ? VV_OK : VV_ERR;
}

static int xml_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Cast of an untyped value to xs:double (XSD lexical form, INF and NaN included).
 * Returns 0 when the text is not a double (the cast raises an error). */
static int xs_double(const char *s, double *out)
{
    char b[128];
    size_t n, i = 0;
    int digits = 0;
    while (xml_space(*s))
        s++;
    for (n = strlen(s); n > 0 && xml_space(s[n - 1]); n--)
        ;
    if (n == 0 || n >= sizeof b)
        return 0;
    memcpy(b, s, n);
    b[n] = 0;
    if (!strcmp(b, "INF") || !strcmp(b, "+INF") || !strcmp(b, "-INF")) {
        *out = b[0] == '-' ? -HUGE_VAL : HUGE_VAL;
        return 1;
    }
    if (!strcmp(b, "NaN")) {
        *out = NAN;
        return 1;
    }
    if (b[i] == '+' || b[i] == '-')
        i++;
    for (; b[i] >= '0' && b[i] <= '9'; i++)
        digits++;
    if (b[i] == '.')
        for (i++; b[i] >= '0' && b[i] <= '9'; i++)
            digits++;
    if (!digits)
        return 0;
    if (b[i] == 'e' || b[i] == 'E') {
        i++;
        if (b[i] == '+' || b[i] == '-')
            i++;
        if (b[i] < '0' || b[i] > '9')
            return 0;
        while (b[i] >= '0' && b[i] <= '9')
            i++;
    }
    if (b[i])
        return 0;
    *out = strtod(b, NULL);
    return 1;
}

/* Sign of a value compared with a number (cast to xs:double); 0 when not comparable. */
int en_vat_double_sign(const char *s, int *sign)
{
    double d;
    if (!xs_double(s, &d) || isnan(d))
        return 0;
    *sign = d > 0 ? 1 : d < 0 ? -1 : 0;
    return 1;
}

/* xs:decimal(double) keeps the double's exact binary value (Saxon uses new BigDecimal(d)),
 * so `xs:decimal(TaxableAmount - 1) < sum` compares that exact value with the decimal sum.
 * With d = m * 2^e and s = S / 10^q: compare m * 5^q * 2^(e+q) with S, in integers. */
static int bitlen(unsigned __int128 x)
{
    int n = 0;
    while (x) {
        x >>= 1;
        n++;
    }
    return n;
}

static int cmp_double_dec(double d, einv_dec_t s)
{
    int e, t, c, neg_d = d < 0, neg_s = s.m < 0;
    uint64_t m = (uint64_t)ldexp(frexp(fabs(d), &e), 53);
    unsigned __int128 a = m, sm = neg_s ? -(unsigned __int128)s.m : (unsigned __int128)s.m;
    int q;
    if (m == 0 || sm == 0 || neg_d != neg_s) {
        int sd = m == 0 ? 0 : neg_d ? -1 : 1, ss = sm == 0 ? 0 : neg_s ? -1 : 1;
        return sd < ss ? -1 : sd > ss;
    }
    for (q = 0; q < s.scale; q++)   /* scale <= 30: 5^30 * 2^53 < 2^124 */
        a *= 5;
    t = e - 53 + s.scale;
    if (t >= 0) {
        if (bitlen(a) + t > 128)
            c = 1;   /* a * 2^t >= 2^128 exceeds any mantissa */
        else
            c = (a << t) < sm ? -1 : (a << t) > sm;
    } else {
        int u = -t;
        unsigned __int128 hi = u >= 128 ? 0 : a >> u;
        unsigned __int128 lo = u >= 128 ? a : a - (hi << u);
        c = hi < sm ? -1 : hi > sm ? 1 : lo != 0;
    }
    return neg_d ? -c : c;
}

/* ---- BR-x-08: per-category sums of root lines, allowances and charges ---- */


static int key_order(int cat, einv_dec_t rate, const rkey_t *k)
{
    if (cat != k->cat)
        return cat < k->cat ? -1 : 1;
    return einv_dec_cmp(rate, k->rate);
}

static int key_qsort(const void *a, const void *b)
{
    const rkey_t *x = a;
    return key_order(x->cat, x->rate, b);
}

static rkey_t *key_find(vat_sums_t *s, int cat, einv_dec_t rate)
{
    size_t lo = 0, hi = s->nkeys;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = key_order(cat, rate, &s->keys[mid]);
        if (c == 0)
            return &s->keys[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

static einv_dec_t dec_zero(void) { return einv_dec_from_int(0); }

static void key_add(vat_sums_t *s, int cat, einv_dec_t rate)
{
    rkey_t *k;
    if (s->nkeys == s->cap) {
        size_t cap = s->cap * 2;
        rkey_t *n = s->keys == s->inl ? malloc(cap * sizeof *n) : realloc(s->keys, cap * sizeof *n);
        if (!n)
            return;
        if (s->keys == s->inl)
            memcpy(n, s->inl, sizeof s->inl);
        s->keys = n;
        s->cap = cap;
    }
    k = &s->keys[s->nkeys++];
    memset(k, 0, sizeof *k);
    k->cat = cat;
    k->rate = rate;
    k->line[0] = k->line[1] = k->charge = k->allow = dec_zero();
}

/* Keys: the S/L/M TaxCategories of the root breakdown that have a decimal Percent. */
static void collect_keys(vat_sums_t *s, const xmlNode *root)
{
    const xmlNode *tot, *sub, *t;
    size_t i, j;
    for (tot = einv_x_child(root, EINV_NS_CAC, "TaxTotal"); tot; tot = einv_x_next_same(tot))
        for (sub = einv_x_child(tot, EINV_NS_CAC, "TaxSubtotal"); sub; sub = einv_x_next_same(sub))
            for (t = einv_x_child(sub, EINV_NS_CAC, "TaxCategory"); t; t = einv_x_next_same(t)) {
                vat_tc_t f;
                einv_dec_t r;
                en_vat_tc_info(t, &f);
                if (f.cat < VC_N && (RATED & BIT(f.cat)) && f.single && f.vat &&
                    en_vat_dec_child(t, "Percent", &r) == VV_OK)
                    key_add(s, f.cat, r);
            }
    if (s->nkeys < 2)
        return;
    qsort(s->keys, s->nkeys, sizeof *s->keys, key_qsort);
    for (i = 1, j = 0; i < s->nkeys; i++)
        if (key_order(s->keys[i].cat, s->keys[i].rate, &s->keys[j]) != 0)
            s->keys[++j] = s->keys[i];
    s->nkeys = j + 1;
}

/* Categories (first ID, normalized) of the `local` children of each `outer` child of x:
 * cac:Item/cac:ClassifiedTaxCategory for a line, cac:TaxCategory for an allowance. */
static unsigned cats_of(const xmlNode *x, const char *outer, const char *local)
{
    const xmlNode *o, *t;
    unsigned m = 0;
    for (o = outer ? einv_x_child(x, EINV_NS_CAC, outer) : x; o;
         o = outer ? einv_x_next_same(o) : NULL)
        for (t = einv_x_child(o, EINV_NS_CAC, local); t; t = einv_x_next_same(t)) {
            int c = en_vat_norm_cat(einv_x_child(t, EINV_NS_CBC, "ID"));
            if (c < VC_N)
                m |= BIT(c);
        }
    return m;
}

/* For every rate of the categories (existential, like the official predicates) call back
 * into the keys once per element: the stamp keeps a key from counting an element twice. */
static void add_rates(vat_sums_t *s, const xmlNode *x, const char *outer, const char *local,
                      unsigned mask, size_t stamp, int kind, int top, int have,
                      einv_dec_t amount, unsigned ci)
{
    const xmlNode *o, *t;
    for (o = outer ? einv_x_child(x, EINV_NS_CAC, outer) : x; o;
         o = outer ? einv_x_next_same(o) : NULL)
        for (t = einv_x_child(o, EINV_NS_CAC, local); t; t = einv_x_next_same(t)) {
            einv_dec_t r;
            int c;
            if (en_vat_dec_child(t, "Percent", &r) != VV_OK)
                continue;
            for (c = VC_L; c <= VC_S; c++) {
                rkey_t *k;
                if (!(mask & RATED & BIT(c)) || !(k = key_find(s, c, r)) || k->stamp == stamp)
                    continue;
                k->stamp = stamp;
                if (kind >= 0) {
                    k->ex_line[kind] = 1;
                    if (top && have)
                        k->line[kind] = einv_dec_add(k->line[kind], amount);
                } else {
                    k->ex_ac = 1;
                    if (top && have && (ci & VCI_TRUE))
                        k->charge = einv_dec_add(k->charge, amount);
                    if (top && have && (ci & VCI_FALSE))
                        k->allow = einv_dec_add(k->allow, amount);
                }
            }
        }
}

void en_vat_sums_build(vat_sums_t *s, const einv_xdoc_t *d, const xmlNode *root)
{
    static const char *const LINE[2] = {"InvoiceLine", "CreditNoteLine"};
    const einv_nodelist_t *l;
    size_t i, stamp = 0;
    int kind, c;
    memset(s, 0, sizeof *s);
    s->keys = s->inl;
    s->cap = sizeof s->inl / sizeof s->inl[0];
    for (c = 0; c < VC_N; c++)
        s->line[0][c] = s->line[1][c] = s->charge[c] = s->allow[c] = dec_zero();
    collect_keys(s, root);
    for (kind = 0; kind < 2; kind++) {
        l = einv_xdoc_all(d, EINV_NS_CAC, LINE[kind]);
        s->has_line[kind] = l->n > 0;
        for (i = 0; i < l->n; i++) {
            const xmlNode *x = l->v[i];
            unsigned m = cats_of(x, "Item", "ClassifiedTaxCategory");
            int top = x->parent == root, st = VV_ABSENT;
            einv_dec_t a = dec_zero();
            if (!m)
                continue;
            if (top)
                st = en_vat_dec_child(x, "LineExtensionAmount", &a);
            for (c = 0; top && st != VV_ABSENT && c < VC_N; c++)
                if (m & BIT(c))
                    s->line[kind][c] = einv_dec_add(s->line[kind][c], a);
            if ((m & RATED) && s->nkeys)
                add_rates(s, x, "Item", "ClassifiedTaxCategory", m, ++stamp, kind, top,
                          st != VV_ABSENT, a, 0);
        }
    }
    l = einv_xdoc_all(d, EINV_NS_CAC, "AllowanceCharge");
    for (i = 0; i < l->n; i++) {
        const xmlNode *x = l->v[i];
        unsigned m = cats_of(x, NULL, "TaxCategory"), ci;
        int top = x->parent == root, st = VV_ABSENT;
        einv_dec_t a = dec_zero();
        if (!m)
            continue;
        ci = en_vat_ci_bits(x);
        if (top)
            st = en_vat_dec_child(x, "Amount", &a);
        for (c = 0; top && st != VV_ABSENT && c < VC_N; c++) {
            if ((m & BIT(c)) && (ci & VCI_TRUE))
                s->charge[c] = einv_dec_add(s->charge[c], a);
            if ((m & BIT(c)) && (ci & VCI_FALSE))
                s->allow[c] = einv_dec_add(s->allow[c], a);
        }
        if ((m & RATED) && s->nkeys)
            add_rates(s, x, NULL, "TaxCategory", m, ++stamp, -1, top, st != VV_ABSENT, a, ci);
    }
}

void en_vat_sums_free(vat_sums_t *s)
{
    if (s->keys != s->inl)
        free(s->keys);
}

/* BR-x-08 on a breakdown TaxCategory t (sub = its TaxSubtotal). */
int en_vat_taxable_ok(vat_sums_t *s, const xmlNode *sub, const xmlNode *t, int cat, int calc)
{
    const xmlNode *tan;
    einv_dec_t v, e;
    rkey_t zero, *k;
    double ta;
    int kind, st, have;
    if (!calc) {
        /* xs:decimal(TaxableAmount) = sum(lines) + sum(charges) - sum(allowances), exactly */
        st = en_vat_dec_child(sub, "TaxableAmount", &v);
        if (st == VV_ERR)
            return 0;
        for (kind = 0; kind < 2; kind++) {
            if (!s->has_line[kind])
                continue;
            e = einv_dec_sub(einv_dec_add(s->line[kind][cat], s->charge[cat]), s->allow[cat]);
            if (!e.ok)
                return 0;
            if (st == VV_OK && einv_dec_eq(v, e))
                return 1;
        }
        return 0;
    }
    /* every $rate in xs:decimal(Percent): no Percent, nothing to check */
    st = en_vat_dec_child(t, "Percent", &v);
    if (st != VV_OK)
        return st == VV_ABSENT;
    if (!(k = key_find(s, cat, v))) {
        memset(&zero, 0, sizeof zero);
        zero.line[0] = zero.line[1] = zero.charge = zero.allow = dec_zero();
        k = &zero;
    }
    /* TaxableAmount - 1 and + 1 are xs:double arithmetic on the untyped value */
    tan = einv_x_child(sub, EINV_NS_CBC, "TaxableAmount");
    have = tan != NULL;
    if (tan && (einv_x_next_same(tan) || !xs_double(einv_x_text(tan), &ta) || !isfinite(ta)))
        return 0;
    for (kind = 0; kind < 2; kind++) {
        int gate = cat == VC_S ? (k->ex_line[kind] || k->ex_ac) : s->has_line[kind];
        if (!gate)
            continue;
        e = einv_dec_sub(einv_dec_add(k->line[kind], k->charge), k->allow);
        if (!e.ok)
            return 0;
        if (have && cmp_double_dec(ta - 1.0, e) < 0 && cmp_double_dec(ta + 1.0, e) > 0)
            return 1;
    }
    return 0;
}

/* BR-S/AF/AG-09: |TaxAmount| - 1 < round(|TaxableAmount| * Percent / 100, 2) < |TaxAmount| + 1
 * in xs:decimal arithmetic (round: half toward positive infinity). */
int en_vat_tax_calc_ok(const xmlNode *sub, const xmlNode *t)
{
    einv_dec_t tax, base, pct, calc, one = einv_dec_from_int(1);
    if (en_vat_dec_child(sub, "TaxAmount", &tax) != VV_OK ||
        en_vat_dec_child(sub, "TaxableAmount", &base) != VV_OK || en_vat_dec_child(t, "Percent", &pct) != VV_OK)
        return 0;
    calc = einv_dec_round(einv_dec_mul(einv_dec_abs(base), einv_dec_shift(pct, 2)), 2);
    tax = einv_dec_abs(tax);
    if (!calc.ok)
        return 0;
    return einv_dec_cmp(einv_dec_sub(tax, one), calc) < 0 &&
           einv_dec_cmp(einv_dec_add(tax, one), calc) > 0;
}
