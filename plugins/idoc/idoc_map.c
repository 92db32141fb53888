/* INVOIC02 segments -> canonical model, following IDOC-INVOIC02.md §5 and §6.
 *
 * Qualifiers decide meaning (PARVW partner roles, E1EDK02 QUALF references, E1EDK03 IDDAT
 * dates, E1EDS01 SUMID totals, E1EDP19/E1EDP26 item qualifiers); segment order is not
 * relied on and unknown segments are ignored. Business data the IDoc does not carry is
 * left absent so the EN 16931 rules report it; only pure functions of other terms are
 * computed (BT-106, BT-107/108, BT-115, BT-116, BT-109 without totals segment). Tax
 * indicators, units, party master data and the condition types that are allowances or
 * charges come from the account's mapping document, else from the default tables the
 * export writes (idoc_map.h), so that importing an export gives the invoice back. */
#include "idoc_map.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NS EINV_NS_NONE
#define MAX_VAT 64
/* the pricing procedure's price condition: BT-146, never an allowance or charge */
#define PRICE_COND "PR00"

typedef struct im {
    einv_invoice_t *inv;
    const erp_map_t *map;
    const xmlNode *idoc;
    const char *currency;
    const char *spec, *process;   /* BT-24 / BT-23 of the requested profile, or NULL */
    /* document-level allowances / charges mapped so far (BT-107 / BT-108) */
    einv_dec_t allow, charge;
    int n_allow, n_charge;
    const xmlNode *allow_seg, *charge_seg;   /* the first row of each: the totals' source */
} im_t;

/* ---- fields ---- */

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Trimmed text of field `name` of segment seg, copied into the invoice; NULL when the
 * field is absent or blank. *el receives the field element. */
static const char *fv(im_t *m, const xmlNode *seg, const char *name, xmlNodePtr *el)
{
    xmlNodePtr f = einv_x_child(seg, NS, name);
    const char *s = f ? einv_x_text(f) : NULL, *e;
    if (el)
        *el = f;
    if (!s)
        return NULL;
    while (is_space(*s))
        s++;
    e = s + strlen(s);
    while (e > s && is_space(e[-1]))
        e--;
    return e > s ? einv_invoice_strdup(m->inv, s, (size_t)(e - s)) : NULL;
}

/* The text of field `name` of seg as sent, blanks at its ends included (item names and
 * texts: the other formats' imports keep them too); NULL when absent or blank. */
static const char *fv_as_sent(im_t *m, const xmlNode *seg, const char *name, xmlNodePtr *el)
{
    xmlNodePtr f = einv_x_child(seg, NS, name);
    const char *s = f ? einv_x_text(f) : NULL, *p;
    if (el)
        *el = f;
    for (p = s; p && is_space(*p); p++)
        ;
    return p && *p ? einv_invoice_strdup(m->inv, s, (size_t)-1) : NULL;
}

/* 1 when field `name` of seg equals v (trimmed). */
static int fv_is(const xmlNode *seg, const char *name, const char *v)
{
    char buf[64];
    return einv_x_norm_eq(einv_x_child(seg, NS, name), v) ||
           (seg && strcmp(einv_x_norm(einv_x_child(seg, NS, name), buf, sizeof buf), v) == 0);
}

/* First child segment `name` of parent whose field qf equals q. */
static xmlNodePtr seg_q(const xmlNode *parent, const char *name, const char *qf, const char *q)
{
    xmlNodePtr s;
    for (s = einv_x_child(parent, NS, name); s; s = einv_x_next_same(s))
        if (fv_is(s, qf, q))
            return s;
    return NULL;
}

static void set_src(im_t *m, einv_node_t *n, const xmlNode *from)
{
    char *loc;
    if (!n || !from)
        return;
    loc = einv_x_location(from);
    einv_node_set_src(m->inv, n, loc, NULL);
    free(loc);
}

static einv_node_t *put(im_t *m, einv_node_t *parent, einv_term t, const char *text,
                        const xmlNode *from)
{
    einv_node_t *n;
    if (!text || !parent)
        return NULL;
    n = einv_node_add(m->inv, parent, t, text);
    set_src(m, n, from);
    return n;
}

static einv_node_t *put_f(im_t *m, einv_node_t *parent, einv_term t, const xmlNode *seg,
                          const char *field)
{
    xmlNodePtr el;
    const char *v = fv(m, seg, field, &el);
    return v ? put(m, parent, t, v, el) : NULL;
}

static einv_node_t *group(im_t *m, einv_node_t *parent, einv_term t, const xmlNode *from)
{
    einv_node_t *n = einv_node_get(parent, t);
    if (!n) {
        n = einv_node_add(m->inv, parent, t, NULL);
        set_src(m, n, from);
    }
    return n;
}

/* SAP number text: a trailing minus moves to the front ("25.00-" -> "-25.00"). */
static const char *num(im_t *m, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    char buf[80];
    if (!n || s[n - 1] != '-' || n >= sizeof buf - 1)
        return s;
    buf[0] = '-';
    memcpy(buf + 1, s, n - 1);
    buf[n] = 0;
    return einv_invoice_strdup(m->inv, buf, (size_t)-1);
}

static const char *fnum(im_t *m, const xmlNode *seg, const char *field, xmlNodePtr *el)
{
    return num(m, fv(m, seg, field, el));
}

/* YYYYMMDD -> YYYY-MM-DD; "00000000" (no date) -> NULL; anything else is kept as sent so
 * the date rules see it. */
static const char *date(im_t *m, const char *s)
{
    char buf[11];
    int i;
    if (!s || strcmp(s, "00000000") == 0)
        return NULL;
    if (strlen(s) != 8)
        return s;
    for (i = 0; i < 8; i++)
        if (s[i] < '0' || s[i] > '9')
            return s;
    snprintf(buf, sizeof buf, "%.4s-%.2s-%.2s", s, s + 4, s + 6);
    return einv_invoice_strdup(m->inv, buf, (size_t)-1);
}

static einv_node_t *put_date(im_t *m, einv_node_t *parent, einv_term t, const xmlNode *seg,
                             const char *field)
{
    xmlNodePtr el;
    const char *v = date(m, fv(m, seg, field, &el));
    return put(m, parent, t, v, el);
}

static einv_node_t *put_num(im_t *m, einv_node_t *parent, einv_term t, const xmlNode *seg,
                            const char *field)
{
    xmlNodePtr el;
    const char *v = fnum(m, seg, field, &el);
    return put(m, parent, t, v, el);
}

/* A rate "19.000" as "19", "7.500" as "7.5". */
static const char *rate_text(im_t *m, const char *s)
{
    einv_dec_t d;
    char buf[64];
    size_t n;
    if (!s || !einv_dec_parse(s, (size_t)-1, &d))
        return s;
    einv_dec_format(d, buf, sizeof buf);
    if (strchr(buf, '.')) {
        n = strlen(buf);
        while (n && buf[n - 1] == '0')
            buf[--n] = 0;
        if (n && buf[n - 1] == '.')
            buf[--n] = 0;
    }
    return einv_invoice_strdup(m->inv, buf, (size_t)-1);
}

static const char *dec_text(im_t *m, einv_dec_t d)
{
    char buf[64];
    return einv_invoice_strdup(m->inv, einv_dec_format(d, buf, sizeof buf), (size_t)-1);
}

/* ---- header ---- */

static const char *type_code(im_t *m, const xmlNode *k01, const xmlNode **from)
{
    static const struct { const char *in, *code; } BSART[] = {{"INVO", "380"}, {"CRME", "381"}};
    static const struct { const char *in, *code; } FKART[] = {
        {"F1", "380"}, {"F2", "380"}, {"G2", "381"}, {"RE", "381"}, {"S1", "381"}};
    xmlNodePtr el, k14;
    const char *v = fv(m, k01, "BSART", &el);
    size_t i;
    *from = el;
    for (i = 0; v && i < sizeof BSART / sizeof BSART[0]; i++)
        if (strcmp(v, BSART[i].in) == 0)
            return BSART[i].code;
    k14 = seg_q(m->idoc, "E1EDK14", "QUALF", "015");
    v = fv(m, k14, "ORGID", &el);
    *from = el;
    for (i = 0; v && i < sizeof FKART / sizeof FKART[0]; i++)
        if (strcmp(v, FKART[i].in) == 0)
            return FKART[i].code;
    return NULL;   /* BR-04 reports it */
}

/* Days since 1970-01-01 of a civil date and back (for BT-9 = baseline + net days). */
static long days_from_civil(long y, long mo, long d)
{
    long era, yoe, doy, doe;
    y -= mo <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void civil_from_days(long z, char *out, size_t size)
{
    long era, doe, yoe, y, doy, mp, d, mo;
    z += 719468;
    era = (z >= 0 ? z : z - 146096) / 146097;
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = yoe + era * 400;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    mo = mp + (mp < 10 ? 3 : -9);
    snprintf(out, size, "%04ld-%02ld-%02ld", y + (mo <= 2), mo, d);
}

static const char *add_days(im_t *m, const char *iso, const char *days)
{
    long y, mo, d;
    char *end;
    long n = days ? strtol(days, &end, 10) : 0;
    char buf[64];
    if (!iso || !days || *end || n < -36600 || n > 36600 ||
        sscanf(iso, "%4ld-%2ld-%2ld", &y, &mo, &d) != 3 || mo < 1 || mo > 12 || d < 1 || d > 31)
        return NULL;
    civil_from_days(days_from_civil(y, mo, d) + n, buf, sizeof buf);
    return einv_invoice_strdup(m->inv, buf, (size_t)-1);
}

static void header(im_t *m, einv_node_t *root)
{
    const xmlNode *k01 = einv_x_child(m->idoc, NS, "E1EDK01"), *from, *s;
    xmlNodePtr el;
    const char *v;
    static const char *const DATE_Q[] = {"012", "016", "026"};
    size_t i;
    einv_node_t *n;

    /* BT-1: E1EDK02 009, else E1EDK01/BELNR */
    if (!put_f(m, root, EINV_T_BT_1, seg_q(m->idoc, "E1EDK02", "QUALF", "009"), "BELNR"))
        put_f(m, root, EINV_T_BT_1, k01, "BELNR");
    /* BT-2: document date, invoice date, billing date, else the date of reference 009 */
    for (i = 0, n = NULL; i < 3 && !n; i++)
        n = put_date(m, root, EINV_T_BT_2, seg_q(m->idoc, "E1EDK03", "IDDAT", DATE_Q[i]), "DATUM");
    if (!n)
        put_date(m, root, EINV_T_BT_2, seg_q(m->idoc, "E1EDK02", "QUALF", "009"), "DATUM");
    if ((v = type_code(m, k01, &from)))
        put(m, root, EINV_T_BT_3, v, from);
    /* BT-5: header currency, else the totals' or the first item's */
    if ((n = put_f(m, root, EINV_T_BT_5, k01, "CURCY")) ||
        (n = put_f(m, root, EINV_T_BT_5, einv_x_child(m->idoc, NS, "E1EDS01"), "WAERQ")) ||
        (n = put_f(m, root, EINV_T_BT_5, einv_x_child(m->idoc, NS, "E1EDP01"), "CURCY")))
        m->currency = n->text;
    put_date(m, root, EINV_T_BT_7, seg_q(m->idoc, "E1EDK03", "IDDAT", "015"), "DATUM");
    /* BT-9: due date, else baseline (024 or BT-2) + net days of term 003 */
    if (!put_date(m, root, EINV_T_BT_9, seg_q(m->idoc, "E1EDK03", "IDDAT", "028"), "DATUM")) {
        const xmlNode *t3 = seg_q(m->idoc, "E1EDK18", "QUALF", "003");
        xmlNodePtr base_el = NULL;
        const char *base = date(m, fv(m, seg_q(m->idoc, "E1EDK03", "IDDAT", "024"), "DATUM", &base_el));
        const char *due;
        if (!base)
            base = einv_node_text(root, EINV_T_BT_2);
        if ((due = add_days(m, base, fv(m, t3, "TAGE", &el))))
            put(m, root, EINV_T_BT_9, due, el);
    }
    /* BT-10: the sold-to party's "your reference", when the sender fills it */
    put_f(m, root, EINV_T_BT_10, seg_q(m->idoc, "E1EDKA1", "PARVW", "AG"), "IHREZ");
    if (!put_f(m, root, EINV_T_BT_12, seg_q(m->idoc, "E1EDK02", "QUALF", "005"), "BELNR"))
        put_f(m, root, EINV_T_BT_12, seg_q(m->idoc, "E1EDK02", "QUALF", "006"), "BELNR");
    put_f(m, root, EINV_T_BT_13, seg_q(m->idoc, "E1EDK02", "QUALF", "001"), "BELNR");
    put_f(m, root, EINV_T_BT_14, seg_q(m->idoc, "E1EDK02", "QUALF", "002"), "BELNR");
    put_f(m, root, EINV_T_BT_16, seg_q(m->idoc, "E1EDK02", "QUALF", "012"), "BELNR");
    /* BT-20: the term text, else composed from the cash-discount steps and net days */
    if (!put_f(m, root, EINV_T_BT_20, seg_q(m->idoc, "E1EDK18", "QUALF", "005"), "ZTERM_TXT")) {
        char buf[256] = "";
        size_t k = 0;
        const xmlNode *first = NULL;
        for (s = einv_x_child(m->idoc, NS, "E1EDK18"); s; s = einv_x_next_same(s)) {
            const char *days = fv(m, s, "TAGE", NULL), *pct = fv(m, s, "PRZNT", NULL);
            if (!days)
                continue;
            if (!first)
                first = s;
            if (pct && k < sizeof buf)
                k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s days %s %%", k ? ", " : "", days, pct);
            else if (k < sizeof buf)
                k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s days net", k ? ", " : "", days);
        }
        if (buf[0])
            put(m, root, EINV_T_BT_20, buf, first);
    }
    /* BG-1: one note per text, its lines joined */
    for (s = einv_x_child(m->idoc, NS, "E1EDKT1"); s; s = einv_x_next_same(s)) {
        char *text = NULL;
        size_t len = 0;
        const xmlNode *l;
        for (l = einv_x_child(s, NS, "E1EDKT2"); l; l = einv_x_next_same(l)) {
            const char *line = fv(m, l, "TDLINE", NULL);
            size_t ln = line ? strlen(line) : 0;
            char *t;
            if (!ln || !(t = realloc(text, len + ln + 2)))
                continue;
            text = t;
            if (len)
                text[len++] = ' ';
            memcpy(text + len, line, ln + 1);
            len += ln;
        }
        if (text) {
            einv_node_t *note = group(m, root, EINV_T_BG_1, s);
            if (einv_node_get(note, EINV_T_BT_22))   /* a second text: its own note */
                note = einv_node_add(m->inv, root, EINV_T_BG_1, NULL), set_src(m, note, s);
            put(m, note, EINV_T_BT_22, text, s);
            free(text);
        }
    }
    n = einv_node_add(m->inv, root, EINV_T_BG_2, NULL);
    set_src(m, n, m->idoc);
    /* set from the requested profile (IDOC-INVOIC02.md §7), EN 16931 by default */
    if (m->process)
        put(m, n, EINV_T_BT_23, m->process, m->idoc);
    put(m, n, EINV_T_BT_24, m->spec ? m->spec : IDOC_SPEC_ID, m->idoc);
    /* BG-3: preceding invoice, default qualifier 011 */
    if ((s = seg_q(m->idoc, "E1EDK02", "QUALF", "011")) && fv(m, s, "BELNR", NULL)) {
        n = einv_node_add(m->inv, root, EINV_T_BG_3, NULL);
        set_src(m, n, s);
        put_f(m, n, EINV_T_BT_25, s, "BELNR");
        put_date(m, n, EINV_T_BT_26, s, "DATUM");
    }
}

/* ---- parties ---- */

static xmlNodePtr partner(im_t *m, const char *role1, const char *role2)
{
    xmlNodePtr p = seg_q(m->idoc, "E1EDKA1", "PARVW", role1);
    return p || !role2 ? p : seg_q(m->idoc, "E1EDKA1", "PARVW", role2);
}

/* Address of a partner segment into group g (line1/line2/line3/city/post code/region/country). */
static void address(im_t *m, einv_node_t *party, einv_term g, const xmlNode *p, const einv_term t[7])
{
    einv_node_t *a;
    xmlNodePtr el, hn;
    const char *street = fv(m, p, "STRAS", &el), *house = fv(m, p, "HAUSN", &hn);
    if (!fv(m, p, "STRAS", NULL) && !fv(m, p, "ORT01", NULL) && !fv(m, p, "PSTLZ", NULL) &&
        !fv(m, p, "LAND1", NULL) && !fv(m, p, "ISOAL", NULL))
        return;
    a = group(m, party, g, p);
    if (street && house) {
        char buf[200];
        snprintf(buf, sizeof buf, "%s %s", street, house);
        put(m, a, t[0], buf, el);
    } else
        put(m, a, t[0], street, el);
    if (!put_f(m, a, t[1], p, "STRS2"))
        put_f(m, a, t[1], p, "PFACH");
    put_f(m, a, t[2], p, "ORT02");
    put_f(m, a, t[3], p, "ORT01");
    if (!put_f(m, a, t[4], p, "PSTLZ"))
        put_f(m, a, t[4], p, "PSTL2");
    put_f(m, a, t[5], p, "REGIO");
    if (!put_f(m, a, t[6], p, "ISOAL"))
        put_f(m, a, t[6], p, "LAND1");
}

/* GLN of a partner (E1EDKA3 QUALP 001) as an identifier with scheme 0088. */
static einv_node_t *gln(im_t *m, einv_node_t *parent, einv_term t, const xmlNode *p)
{
    einv_node_t *n = put_f(m, parent, t, seg_q(p, "E1EDKA3", "QUALP", "001"), "STDPN");
    if (n)
        einv_node_set_attr(m->inv, n, 0, "0088");
    return n;
}

/* The seller's entry of the mapping document: by its own partner number, then the vendor
 * number the buyer knows. */
static const jr_value_t *seller_entry(im_t *m)
{
    const jr_value_t *md = erp_map_party(m->map, 0, fv(m, partner(m, "RS", "LF"), "PARTN", NULL));
    return md ? md : erp_map_party(m->map, 0, fv(m, partner(m, "LF", NULL), "PARTN", NULL));
}

/* The company code of E1EDK14 QUALF 011 (the receiver's, IDOC-INVOIC02.md §4.12), or NULL. */
static const char *company_code(im_t *m)
{
    return fv(m, seg_q(m->idoc, "E1EDK14", "QUALF", "011"), "ORGID", NULL);
}

static void seller(im_t *m, einv_node_t *root)
{
    static const einv_term ADDR[7] = {EINV_T_BT_35, EINV_T_BT_36, EINV_T_BT_162, EINV_T_BT_37,
                                      EINV_T_BT_38, EINV_T_BT_39, EINV_T_BT_40};
    xmlNodePtr s = partner(m, "RS", "LF"), lf = partner(m, "LF", NULL);
    const xmlNode *k01 = einv_x_child(m->idoc, NS, "E1EDK01");
    einv_node_t *bg4 = group(m, root, EINV_T_BG_4, s ? s : m->idoc), *c;
    const jr_value_t *md;
    put_f(m, bg4, EINV_T_BT_27, s, "NAME1");
    if (!gln(m, bg4, EINV_T_BT_29, s))
        put_f(m, bg4, EINV_T_BT_29, lf, "PARTN");
    put_f(m, bg4, EINV_T_BT_31, k01, "EIGENUINR");
    address(m, bg4, EINV_T_BG_5, s, ADDR);
    if (fv(m, s, "BNAME", NULL) || fv(m, s, "TELF1", NULL)) {
        c = group(m, bg4, EINV_T_BG_6, s);
        put_f(m, c, EINV_T_BT_41, s, "BNAME");
        put_f(m, c, EINV_T_BT_42, s, "TELF1");
    }
    /* master data of the mapping document, by partner number, then its defaults */
    if ((md = seller_entry(m)))
        erp_map_fill(m->inv, bg4, md);
    erp_map_fill_defaults(m->map, m->inv, bg4, 1);
}

static void buyer(im_t *m, einv_node_t *root)
{
    static const einv_term ADDR[7] = {EINV_T_BT_50, EINV_T_BT_51, EINV_T_BT_163, EINV_T_BT_52,
                                      EINV_T_BT_53, EINV_T_BT_54, EINV_T_BT_55};
    xmlNodePtr b = partner(m, "AG", "RE");
    const xmlNode *k01 = einv_x_child(m->idoc, NS, "E1EDK01");
    einv_node_t *bg7 = group(m, root, EINV_T_BG_7, b ? b : m->idoc), *c;
    const jr_value_t *md;
    put_f(m, bg7, EINV_T_BT_44, b, "NAME1");
    if (!gln(m, bg7, EINV_T_BT_46, b))
        put_f(m, bg7, EINV_T_BT_46, b, "PARTN");
    put_f(m, bg7, EINV_T_BT_48, k01, "KUNDEUINR");
    address(m, bg7, EINV_T_BG_8, b, ADDR);
    if (fv(m, b, "BNAME", NULL) || fv(m, b, "TELF1", NULL)) {
        c = group(m, bg7, EINV_T_BG_9, b);
        put_f(m, c, EINV_T_BT_56, b, "BNAME");
        put_f(m, c, EINV_T_BT_57, b, "TELF1");
    }
    if ((md = erp_map_party(m->map, 0, fv(m, b, "PARTN", NULL))))
        erp_map_fill(m->inv, bg7, md);
    /* the company code the IDoc names is the buyer's (as for OData supplier invoices) */
    if ((md = erp_map_party(m->map, 1, company_code(m))))
        erp_map_fill(m->inv, bg7, md);
    erp_map_fill_defaults(m->map, m->inv, bg7, 0);
}

static void payee_delivery(im_t *m, einv_node_t *root)
{
    static const einv_term ADDR[7] = {EINV_T_BT_75, EINV_T_BT_76, EINV_T_BT_165, EINV_T_BT_77,
                                      EINV_T_BT_78, EINV_T_BT_79, EINV_T_BT_80};
    xmlNodePtr ze = partner(m, "ZE", "BE"), we = partner(m, "WE", NULL), s = partner(m, "RS", "LF");
    const char *zn = fv(m, ze, "NAME1", NULL), *sn = fv(m, s, "NAME1", NULL);
    einv_node_t *n;
    const xmlNode *d;
    /* payee only when it differs from the seller */
    if (ze && zn && (!sn || strcmp(zn, sn) != 0)) {
        n = group(m, root, EINV_T_BG_10, ze);
        put_f(m, n, EINV_T_BT_59, ze, "NAME1");
        put_f(m, n, EINV_T_BT_60, ze, "PARTN");
    }
    d = seg_q(m->idoc, "E1EDK03", "IDDAT", "035");
    if (!d)
        d = seg_q(m->idoc, "E1EDK03", "IDDAT", "001");
    if (!we && !date(m, fv(m, d, "DATUM", NULL)))
        return;
    n = group(m, root, EINV_T_BG_13, we ? we : d);
    put_f(m, n, EINV_T_BT_70, we, "NAME1");
    gln(m, n, EINV_T_BT_71, we);
    put_date(m, n, EINV_T_BT_72, d, "DATUM");
    address(m, n, EINV_T_BG_15, we, ADDR);
}

/* IBAN check (ISO 13616 mod 97). */
static int iban_ok(const char *s)
{
    size_t n = s ? strlen(s) : 0, i;
    unsigned r = 0;
    if (n < 15 || n > 34 || s[0] < 'A' || s[0] > 'Z' || s[1] < 'A' || s[1] > 'Z')
        return 0;
    for (i = 0; i < n; i++) {
        char c = s[(i + 4) % n];
        if (c >= '0' && c <= '9')
            r = (r * 10 + (unsigned)(c - '0')) % 97;
        else if (c >= 'A' && c <= 'Z')
            r = (r * 100 + (unsigned)(c - 'A' + 10)) % 97;
        else
            return 0;
    }
    return r == 1;
}

static int bic_form(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    return (n == 8 || n == 11) && s[4] >= 'A' && s[4] <= 'Z' && s[5] >= 'A' && s[5] <= 'Z';
}

static void payment(im_t *m, einv_node_t *root)
{
    const xmlNode *k28 = einv_x_child(m->idoc, NS, "E1EDK28");
    xmlNodePtr el;
    const char *v;
    einv_node_t *bg16, *ct;
    if (k28) {
        bg16 = group(m, root, EINV_T_BG_16, k28);
        ct = einv_node_add(m->inv, bg16, EINV_T_BG_17, NULL);
        set_src(m, ct, k28);
        if ((v = fv(m, k28, "ACNUM", &el)) && iban_ok(v))
            put(m, ct, EINV_T_BT_84, v, el);
        else if ((v = fv(m, k28, "BIBAN", &el)))
            put(m, ct, EINV_T_BT_84, v, el);
        put_f(m, ct, EINV_T_BT_85, k28, "ACNAM");
        if ((v = fv(m, k28, "BRNUM", &el)) && bic_form(v))
            put(m, ct, EINV_T_BT_86, v, el);
    }
    /* what no IDoc field carries (BT-81, BT-82, BT-83) and an account the IDoc lacks come
     * from the mapping document: the seller's entry, the company code's, the defaults */
    erp_map_payment(m->map, m->inv, seller_entry(m), company_code(m));
}

/* ---- VAT groups and lines ---- */

typedef struct vgrp {
    const char *cat, *rate;       /* mapped category (or NULL) and rate text (or NULL) */
    erp_tax_t tax;
    int mapped, from_header;
    einv_dec_t base, amount;
    const char *sent_base;        /* BT-116 of the tax condition MWST (idoc_map.h), or NULL */
    xmlNodePtr sent_base_el;
    int has_amount;
    const xmlNode *seg;
    xmlNodePtr cat_el, rate_el, amount_el;
} vgrp_t;

typedef struct vat {
    vgrp_t g[MAX_VAT];
    size_t n;
    int closed;   /* the header's tax segments are the sender's breakdown: no group is added */
} vat_t;

static int same(const char *a, const char *b) { return (!a && !b) || (a && b && strcmp(a, b) == 0); }

/* The category of a default-table tax code (idoc_map.h): a UNCL 5305 category followed by
 * the rate MSATZ carries ("S20" with MSATZ 20, "O" without), else NULL. */
static const char *joined_category(const char *code, const char *msatz)
{
    static const char *const CATS[] = {"AE", "S", "Z", "E", "G", "K", "O", "L", "M", "B"};
    size_t i, n;
    einv_dec_t a, b;
    for (i = 0; code && i < sizeof CATS / sizeof CATS[0]; i++) {
        n = strlen(CATS[i]);
        if (strncmp(code, CATS[i], n) != 0)
            continue;
        if (!code[n])
            return msatz ? NULL : CATS[i];
        return msatz && einv_dec_parse(code + n, (size_t)-1, &a) && einv_dec_parse(msatz, (size_t)-1, &b) &&
               einv_dec_eq(a, b) ? CATS[i] : NULL;
    }
    return NULL;
}

/* Category and rate of a tax segment (E1EDK04 / E1EDP04, E1EDK05): MWSKZ through the
 * tax-code table, else the default table's joined code; rate from MSATZ (else the table's). */
static void tax_of(im_t *m, const xmlNode *seg, vgrp_t *out)
{
    const char *code, *msatz;
    memset(out, 0, sizeof *out);
    code = fv(m, seg, "MWSKZ", &out->cat_el);
    msatz = fv(m, seg, "MSATZ", &out->rate_el);
    out->mapped = erp_map_tax(m->map, code, &out->tax);
    out->cat = out->mapped ? out->tax.category : joined_category(code, msatz);
    out->rate = rate_text(m, msatz);
    if (!out->rate && out->mapped && out->tax.rate)
        out->rate = rate_text(m, out->tax.rate);
    out->seg = seg;
    out->base = einv_dec_from_int(0);
    out->amount = einv_dec_from_int(0);
}

/* 1 for a rate of zero ("0", "0.00"). */
static int zero_rate(const char *r)
{
    einv_dec_t d;
    return r && einv_dec_parse(r, (size_t)-1, &d) && einv_dec_sign(d) == 0;
}

/* The VAT group of k's category and rate; a category without rate (O, E lines often have
 * none) is the same group as that category at rate 0. */
static vgrp_t *vat_find(vat_t *v, const vgrp_t *k)
{
    size_t i;
    for (i = 0; i < v->n; i++)
        if (same(v->g[i].cat, k->cat) && (same(v->g[i].rate, k->rate) ||
            (k->cat && ((!k->rate && zero_rate(v->g[i].rate)) || (!v->g[i].rate && zero_rate(k->rate))))))
            return &v->g[i];
    if (v->n == MAX_VAT || v->closed)
        return NULL;
    v->g[v->n] = *k;
    return &v->g[v->n++];
}

static void add_amount(im_t *m, vgrp_t *g, const xmlNode *seg)
{
    xmlNodePtr el;
    einv_dec_t d;
    const char *a = fnum(m, seg, "MWSBT", &el);
    if (!a || !einv_dec_parse(a, (size_t)-1, &d))
        return;
    g->amount = einv_dec_add(g->amount, d);
    g->has_amount = 1;
    if (!g->amount_el)
        g->amount_el = el;
}

/* ---- allowances and charges: E1EDK05 / E1EDP05 rows whose KSCHL the mapping lists
 * (IDOC-INVOIC02.md §4.6, §5.7, BG-27/28 of §5.9) ---- */

typedef struct ac_terms {
    einv_term group, amount, base, pct, reason, code, cat, rate;
} ac_terms_t;

/* [line level][charge]; line allowances and charges have no VAT terms (EINV_T__COUNT) */
static const ac_terms_t AC[2][2] = {
    {{EINV_T_BG_20, EINV_T_BT_92, EINV_T_BT_93, EINV_T_BT_94, EINV_T_BT_97, EINV_T_BT_98, EINV_T_BT_95, EINV_T_BT_96},
     {EINV_T_BG_21, EINV_T_BT_99, EINV_T_BT_100, EINV_T_BT_101, EINV_T_BT_104, EINV_T_BT_105, EINV_T_BT_102, EINV_T_BT_103}},
    {{EINV_T_BG_27, EINV_T_BT_136, EINV_T_BT_137, EINV_T_BT_138, EINV_T_BT_139, EINV_T_BT_140, EINV_T__COUNT, EINV_T__COUNT},
     {EINV_T_BG_28, EINV_T_BT_141, EINV_T_BT_142, EINV_T_BT_143, EINV_T_BT_144, EINV_T_BT_145, EINV_T__COUNT, EINV_T__COUNT}}};

/* The absolute value of an SAP number (discounts come as "3.80-"); text that is no
 * decimal is kept as sent so the rules report it. */
static const char *abs_num(im_t *m, const char *s, einv_dec_t *out, int *ok)
{
    einv_dec_t d;
    *ok = s && einv_dec_parse(s, (size_t)-1, &d);
    if (!*ok)
        return s;
    *out = einv_dec_abs(d);
    return einv_dec_sign(d) < 0 ? dec_text(m, *out) : s;
}

/* A condition amount: its absolute value (abs_num), or as sent for the default tables' rows. */
static const char *cond_num(im_t *m, const char *s, int signed_amounts, einv_dec_t *out, int *ok)
{
    if (!signed_amounts)
        return abs_num(m, s, out, ok);
    *ok = s && einv_dec_parse(s, (size_t)-1, out);
    return s;
}

/* A value of the mapping's condition entry, its source "mapping:/conditions/<KSCHL>/<member>". */
static void put_mapped(im_t *m, einv_node_t *g, einv_term t, const char *v, const erp_cond_t *c,
                       const char *member)
{
    char src[300];
    if (!v)
        return;
    snprintf(src, sizeof src, "%s/%s", c->src, member);
    einv_node_set_src(m->inv, einv_node_add(m->inv, g, t, v), src, NULL);
}

/* The default tables' condition types (idoc_map.h), for a mapping that lists none of them. */
static int default_condition(const char *kschl, int level, erp_cond_t *c)
{
    int line = level == ERP_LEVEL_LINE;
    memset(c, 0, sizeof *c);
    c->levels = level;
    if (strcmp(kschl, line ? IDOC_COND_LINE_ALLOWANCE : IDOC_COND_DOC_ALLOWANCE) == 0)
        c->kind = ERP_KIND_ALLOWANCE;
    else if (strcmp(kschl, line ? IDOC_COND_LINE_CHARGE : IDOC_COND_DOC_CHARGE) == 0)
        c->kind = ERP_KIND_CHARGE;
    return c->kind != ERP_KIND_SIGN;
}

/* One condition row seg at `level` under parent (the invoice, or the line of item p).
 * The kind is the entry's "kind", else ALCKZ ('-' allowance, '+' charge), else the sign
 * of BETRG. Document rows also feed the VAT group of their MWSKZ/MSATZ (BT-116) and the
 * totals BT-107/108. Returns 1 when the row became an allowance or charge. */
static int condition(im_t *m, einv_node_t *parent, const xmlNode *seg, int level, const xmlNode *p,
                     vat_t *vat)
{
    erp_cond_t c;
    xmlNodePtr el;
    const char *kschl = fv(m, seg, "KSCHL", NULL), *sign, *raw, *amount, *v;
    const ac_terms_t *t;
    einv_dec_t d, x;
    einv_node_t *g;
    int charge, ok, pct_ok, base_ok, signed_amounts = 0;
    if (!kschl || strcmp(kschl, PRICE_COND) == 0)
        return 0;
    if (!erp_map_condition(m->map, kschl, level, &c)) {
        if (!default_condition(kschl, level, &c))
            return 0;   /* not listed: a line of the pricing procedure, informative only */
        signed_amounts = 1;   /* the export's rows: ALCKZ is the kind, a sign is the amount's */
    }
    raw = fnum(m, seg, "BETRG", &el);
    amount = cond_num(m, raw, signed_amounts, &d, &ok);
    sign = fv(m, seg, "ALCKZ", NULL);
    if (c.kind != ERP_KIND_SIGN)
        charge = c.kind == ERP_KIND_CHARGE;
    else if (sign && (strcmp(sign, "+") == 0 || strcmp(sign, "-") == 0))
        charge = sign[0] == '+';
    else if (ok)
        charge = raw[0] != '-';
    else
        return 0;   /* neither indicator nor amount: nothing to go by */
    t = &AC[level == ERP_LEVEL_LINE][charge];
    g = einv_node_add(m->inv, parent, t->group, NULL);
    set_src(m, g, seg);
    put(m, g, t->amount, amount, el);
    /* base and percentage; a line percentage without KOBAS is taken of the gross value */
    v = abs_num(m, fnum(m, seg, "KPERC", &el), &x, &pct_ok);
    put(m, g, t->pct, v, el);
    if ((v = fnum(m, seg, "KOBAS", &el)) || (level == ERP_LEVEL_LINE && pct_ok &&
        (v = fnum(m, seg_q(p, "E1EDP26", "QUALF", "002"), "BETRG", &el))))
        put(m, g, t->base, cond_num(m, v, signed_amounts, &x, &base_ok), el);
    if (!put_f(m, g, t->reason, seg, "KOTXT"))
        put_mapped(m, g, t->reason, c.reason, &c, "reason");
    put_mapped(m, g, t->code, c.reason_code, &c, "reasonCode");
    if (level == ERP_LEVEL_DOCUMENT) {
        vgrp_t k, *vg;
        tax_of(m, seg, &k);
        if (k.cat)
            put(m, g, t->cat, k.cat, k.cat_el);
        if (k.rate)
            put(m, g, t->rate, k.rate, k.rate_el ? k.rate_el : k.cat_el);
        if (ok && (k.cat || k.rate) && (vg = vat_find(vat, &k)))
            vg->base = charge ? einv_dec_add(vg->base, d) : einv_dec_sub(vg->base, d);
        if (ok && charge) {
            m->charge = m->n_charge++ ? einv_dec_add(m->charge, d) : d;
            if (!m->charge_seg)
                m->charge_seg = seg;
        } else if (ok) {
            m->allow = m->n_allow++ ? einv_dec_add(m->allow, d) : d;
            if (!m->allow_seg)
                m->allow_seg = seg;
        }
    }
    return 1;
}

/* The first item text of item p after `after` (NULL: from the first) that is no line id
 * (text ZLID). */
static const xmlNode *item_text(const xmlNode *p, const xmlNode *after)
{
    const xmlNode *t;
    for (t = after ? einv_x_next_same(after) : einv_x_child(p, NS, "E1EDPT1"); t; t = einv_x_next_same(t))
        if (!fv_is(t, "TDID", IDOC_TDID_LINE_ID))
            return t;
    return NULL;
}

/* The first line of text t1 (E1EDPT1 / E1EDKT1) with the lines that continue it (TDFORMAT
 * "=", SAPscript's continuous text) appended without separator, each as sent. */
static einv_node_t *text_line(im_t *m, einv_node_t *parent, einv_term term, const xmlNode *t1)
{
    const xmlNode *l = einv_x_child(t1, NS, "E1EDPT2"), *c;
    xmlNodePtr el;
    const char *first, *more;
    char *text;
    size_t len, k;
    einv_node_t *n;
    if (!l)
        l = einv_x_child(t1, NS, "E1EDKT2");
    if (!(first = fv_as_sent(m, l, "TDLINE", &el)))
        return NULL;
    /* two passes over the continuation lines: the length, then one copy (linear in the text) */
    len = strlen(first);
    for (c = einv_x_next_same(l); c && fv_is(c, "TDFORMAT", "="); c = einv_x_next_same(c))
        len += strlen(einv_x_text(einv_x_child(c, NS, "TDLINE")));
    if (len == strlen(first) || !(text = malloc(len + 1)))
        return put(m, parent, term, first, el);
    len = strlen(first);
    memcpy(text, first, len);
    for (c = einv_x_next_same(l); c && fv_is(c, "TDFORMAT", "="); c = einv_x_next_same(c)) {
        more = einv_x_text(einv_x_child(c, NS, "TDLINE"));
        k = strlen(more);
        memcpy(text + len, more, k);
        len += k;
    }
    text[len] = 0;
    n = put(m, parent, term, text, el);
    free(text);
    return n;
}

static const char *line_net(im_t *m, const xmlNode *p, xmlNodePtr *el)
{
    const char *v = fnum(m, seg_q(p, "E1EDP26", "QUALF", "003"), "BETRG", el);
    if (!v)
        v = fnum(m, p, "NETWR", el);
    if (!v)
        v = fnum(m, seg_q(p, "E1EDP26", "QUALF", "005"), "BETRG", el);
    return v;
}

static void line(im_t *m, einv_node_t *root, const xmlNode *p, vat_t *vat, einv_dec_t *sum, int *sum_ok)
{
    einv_node_t *ln = einv_node_add(m->inv, root, EINV_T_BG_25, NULL), *n;
    xmlNodePtr el;
    const xmlNode *p19, *t1, *p04 = einv_x_child(p, NS, "E1EDP04");
    const char *v, *unit;
    einv_dec_t d;
    set_src(m, ln, p);
    /* BT-126: the full line id of text ZLID (a long id, idoc_map.h), else POSEX */
    if (!text_line(m, ln, EINV_T_BT_126, seg_q(p, "E1EDPT1", "TDID", IDOC_TDID_LINE_ID)))
        put_f(m, ln, EINV_T_BT_126, p, "POSEX");
    /* item: name from the seller's material text, else any material text, else item text */
    p19 = seg_q(p, "E1EDP19", "QUALF", "002");
    t1 = item_text(p, NULL);
    if (!(v = fv_as_sent(m, p19, "KTEXT", &el)) || !put(m, ln, EINV_T_BT_153, v, el)) {
        const xmlNode *s;
        for (s = einv_x_child(p, NS, "E1EDP19"), n = NULL; s && !n; s = einv_x_next_same(s))
            n = put(m, ln, EINV_T_BT_153, fv_as_sent(m, s, "KTEXT", &el), el);
        if (!n && text_line(m, ln, EINV_T_BT_153, t1))   /* then the next text is BT-154 */
            text_line(m, ln, EINV_T_BT_154, item_text(p, t1));
    } else if (t1) {
        text_line(m, ln, EINV_T_BT_154, t1);
    }
    put_f(m, ln, EINV_T_BT_155, p19, "IDTNR");
    put_f(m, ln, EINV_T_BT_156, seg_q(p, "E1EDP19", "QUALF", "001"), "IDTNR");
    if ((n = put_f(m, ln, EINV_T_BT_157, seg_q(p, "E1EDP19", "QUALF", "003"), "IDTNR")))
        einv_node_set_attr(m->inv, n, 0, "0160");
    /* quantity and unit (through the unit table; ISO codes without an entry pass) */
    put_num(m, ln, EINV_T_BT_129, p, "MENGE");
    if ((v = fv(m, p, "MENEE", &el))) {
        unit = erp_map_unit(m->map, v);
        put(m, ln, EINV_T_BT_130, unit ? unit : v, el);
    }
    /* price: net price, else the price condition's rate */
    if (!put_num(m, ln, EINV_T_BT_146, p, "VPREI"))
        put_num(m, ln, EINV_T_BT_146, seg_q(p, "E1EDP05", "KSCHL", PRICE_COND), "KRATE");
    if ((v = fnum(m, p, "PEINH", &el)) && einv_dec_parse(v, (size_t)-1, &d) &&
        !einv_dec_eq(d, einv_dec_from_int(1))) {
        xmlNodePtr uel;
        const char *pu = fv(m, p, "PMENE", &uel);
        put(m, ln, EINV_T_BT_149, v, el);
        if (pu) {
            unit = erp_map_unit(m->map, pu);
            put(m, ln, EINV_T_BT_150, unit ? unit : pu, uel);
        }
    }
    /* line VAT */
    if (p04) {
        vgrp_t k, *g;
        tax_of(m, p04, &k);
        if (k.cat)
            put(m, ln, EINV_T_BT_151, k.cat, k.cat_el);
        if (k.rate)
            put(m, ln, EINV_T_BT_152, k.rate, k.rate_el ? k.rate_el : k.cat_el);
        if ((v = line_net(m, p, &el)) && einv_dec_parse(v, (size_t)-1, &d) && (g = vat_find(vat, &k))) {
            g->base = einv_dec_add(g->base, d);
            if (!g->from_header)
                add_amount(m, g, p04);
        }
    }
    /* BG-27 / BG-28: item conditions the mapping or the default tables list (BT-131
     * already contains them) */
    {
        const xmlNode *c;
        for (c = einv_x_child(p, NS, "E1EDP05"); c; c = einv_x_next_same(c))
            condition(m, ln, c, ERP_LEVEL_LINE, p, NULL);
    }
    v = line_net(m, p, &el);
    put(m, ln, EINV_T_BT_131, v, el);
    if (v && einv_dec_parse(v, (size_t)-1, &d))
        *sum = einv_dec_add(*sum, d);
    else
        *sum_ok = 0;
    put_f(m, ln, EINV_T_BT_132, seg_q(p, "E1EDP02", "QUALF", "001"), "ZEILE");
}

static void breakdown(im_t *m, einv_node_t *root, vat_t *vat)
{
    size_t i;
    for (i = 0; i < vat->n; i++) {
        vgrp_t *g = &vat->g[i];
        einv_node_t *b = einv_node_add(m->inv, root, EINV_T_BG_23, NULL);
        set_src(m, b, g->seg);
        if (g->cat)
            put(m, b, EINV_T_BT_118, g->cat, g->cat_el);
        if (g->rate)
            put(m, b, EINV_T_BT_119, g->rate, g->rate_el ? g->rate_el : g->cat_el);
        if (g->sent_base)
            put(m, b, EINV_T_BT_116, g->sent_base, g->sent_base_el);
        else
            put(m, b, EINV_T_BT_116, dec_text(m, g->base), g->seg);
        if (g->has_amount)
            put(m, b, EINV_T_BT_117, dec_text(m, g->amount), g->amount_el);
        if (g->mapped && g->tax.exemption_reason)
            einv_node_set_src(m->inv, einv_node_add(m->inv, b, EINV_T_BT_120, g->tax.exemption_reason),
                              g->tax.src, NULL);
        if (g->mapped && g->tax.exemption_code)
            einv_node_set_src(m->inv, einv_node_add(m->inv, b, EINV_T_BT_121, g->tax.exemption_code),
                              g->tax.src, NULL);
    }
}

/* ---- totals (§6: match the SUMME values against the computed net and net + tax) ---- */

static const xmlNode *sum_seg(im_t *m, const char *const *ids, size_t n, const einv_dec_t *want)
{
    size_t i;
    for (i = 0; i < n; i++) {
        const xmlNode *s = seg_q(m->idoc, "E1EDS01", "SUMID", ids[i]);
        einv_dec_t d;
        const char *v = fnum(m, s, "SUMME", NULL);
        if (!v || !einv_dec_parse(v, (size_t)-1, &d))
            continue;
        if (!want || einv_dec_eq(d, *want))
            return s;
    }
    return NULL;
}

static void totals(im_t *m, einv_node_t *root, einv_dec_t lines, int lines_ok, vat_t *vat)
{
    static const char *const NET[] = {"010", "011", "002", "017"};
    static const char *const GROSS[] = {"011", "010", "003", "012"};
    static const char *const DICT_NET[] = {"010"};
    static const char *const DICT_GROSS[] = {"011"};
    einv_node_t *t = einv_node_add(m->inv, root, EINV_T_BG_22, NULL), *n;
    const xmlNode *net_s, *gross_s, *tax_s = seg_q(m->idoc, "E1EDS01", "SUMID", "005");
    einv_dec_t tax = einv_dec_from_int(0), want_gross, net = lines;
    xmlNodePtr el;
    const char *v;
    size_t i;
    int tax_ok = 0;
    set_src(m, t, einv_x_child(m->idoc, NS, "E1EDS01") ? einv_x_child(m->idoc, NS, "E1EDS01") : m->idoc);
    if (lines_ok)
        put(m, t, EINV_T_BT_106, dec_text(m, lines), einv_x_child(m->idoc, NS, "E1EDP01"));
    /* BT-107 / BT-108 only when there are document allowances / charges; the expected net
     * BT-109 = BT-106 - BT-107 + BT-108 */
    if (m->n_allow) {
        put(m, t, EINV_T_BT_107, dec_text(m, m->allow), m->allow_seg);
        net = einv_dec_sub(net, m->allow);
    }
    if (m->n_charge) {
        put(m, t, EINV_T_BT_108, dec_text(m, m->charge), m->charge_seg);
        net = einv_dec_add(net, m->charge);
    }
    /* expected tax: the header tax segments (the VAT groups' amounts) */
    for (i = 0; i < vat->n; i++)
        if (vat->g[i].has_amount) {
            tax = einv_dec_add(tax, vat->g[i].amount);
            tax_ok = 1;
        }
    want_gross = einv_dec_add(net, tax);
    net_s = lines_ok ? sum_seg(m, NET, 4, &net) : NULL;
    gross_s = lines_ok && tax_ok ? sum_seg(m, GROSS, 4, &want_gross) : NULL;
    if (!net_s)   /* no match: the dictionary meaning, so BR-CO rules judge the values sent */
        net_s = sum_seg(m, DICT_NET, 1, NULL);
    if (!gross_s)
        gross_s = sum_seg(m, DICT_GROSS, 1, NULL);
    if (net_s)
        put_num(m, t, EINV_T_BT_109, net_s, "SUMME");
    else if (lines_ok)   /* a pure function of BT-106, BT-107 and BT-108 */
        put(m, t, EINV_T_BT_109, dec_text(m, net), m->idoc);
    if (tax_s)
        put_num(m, t, EINV_T_BT_110, tax_s, "SUMME");
    else if (tax_ok)
        put(m, t, EINV_T_BT_110, dec_text(m, tax), einv_x_child(m->idoc, NS, "E1EDK04"));
    if (gross_s) {
        v = fnum(m, gross_s, "SUMME", &el);
        n = put(m, t, EINV_T_BT_112, v, el);
    }
    else {
        einv_node_t *a = einv_node_get(t, EINV_T_BT_109), *b = einv_node_get(t, EINV_T_BT_110);
        n = NULL;
        if (a && b && a->dec.ok && b->dec.ok)
            n = put(m, t, EINV_T_BT_112, dec_text(m, einv_dec_add(a->dec, b->dec)), m->idoc);
    }
    /* BT-113 / BT-114 when the default tables' SUMIDs carry them (idoc_map.h); BT-115 =
     * BT-112 - BT-113 + BT-114 */
    {
        const xmlNode *ps = seg_q(m->idoc, "E1EDS01", "SUMID", IDOC_SUMID_PAID);
        const xmlNode *rs = seg_q(m->idoc, "E1EDS01", "SUMID", IDOC_SUMID_ROUNDING);
        einv_node_t *paid = put_num(m, t, EINV_T_BT_113, ps, "SUMME");
        einv_node_t *round = put_num(m, t, EINV_T_BT_114, rs, "SUMME");
        if (n && n->dec.ok && ((paid && paid->dec.ok) || (round && round->dec.ok))) {
            einv_dec_t due = n->dec;
            if (paid && paid->dec.ok)
                due = einv_dec_sub(due, paid->dec);
            if (round && round->dec.ok)
                due = einv_dec_add(due, round->dec);
            put(m, t, EINV_T_BT_115, dec_text(m, due), paid ? ps : rs);
        } else if (n)
            put(m, t, EINV_T_BT_115, n->text, gross_s ? (const xmlNode *)el : m->idoc);
    }
}

einv_invoice_t *idoc_to_model(const xmlNode *idoc, const erp_map_t *map, const char *spec,
                              const char *process)
{
    im_t m;
    einv_node_t *root;
    const xmlNode *s;
    vat_t *vat;
    einv_dec_t sum = einv_dec_from_int(0);
    int sum_ok = 1, nlines = 0;
    memset(&m, 0, sizeof m);
    m.map = map;
    m.idoc = idoc;
    m.spec = spec;
    m.process = process;
    if (!(m.inv = einv_invoice_new()))
        return NULL;
    if (!(vat = calloc(1, sizeof *vat))) {
        einv_invoice_free(m.inv);
        return NULL;
    }
    root = einv_invoice_root(m.inv);
    set_src(&m, root, idoc);
    header(&m, root);
    seller(&m, root);
    buyer(&m, root);
    payee_delivery(&m, root);
    payment(&m, root);
    /* header tax segments first: they fix the VAT groups (a line or condition of another
     * category and rate adds none: the breakdown is the sender's) and their amounts */
    for (s = einv_x_child(idoc, NS, "E1EDK04"); s; s = einv_x_next_same(s)) {
        vgrp_t k, *g;
        tax_of(&m, s, &k);
        if ((g = vat_find(vat, &k))) {
            g->from_header = 1;
            add_amount(&m, g, s);
        }
    }
    vat->closed = vat->n > 0;
    /* the tax conditions' bases: BT-116 as sent where there is one */
    for (s = einv_x_child(idoc, NS, "E1EDK05"); s; s = einv_x_next_same(s)) {
        vgrp_t k, *g;
        xmlNodePtr el;
        const char *base;
        if (!fv_is(s, "KSCHL", IDOC_COND_TAX) || !(base = fnum(&m, s, "KOBAS", &el)))
            continue;
        tax_of(&m, s, &k);
        if ((k.cat || k.rate) && (g = vat_find(vat, &k)) && !g->sent_base) {
            g->sent_base = base;
            g->sent_base_el = el;
        }
    }
    /* BG-20 / BG-21: header conditions the mapping or the default tables list */
    for (s = einv_x_child(idoc, NS, "E1EDK05"); s; s = einv_x_next_same(s))
        condition(&m, root, s, ERP_LEVEL_DOCUMENT, NULL, vat);
    for (s = einv_x_child(idoc, NS, "E1EDP01"); s; s = einv_x_next_same(s), nlines++)
        line(&m, root, s, vat, &sum, &sum_ok);
    breakdown(&m, root, vat);
    totals(&m, root, sum, sum_ok && nlines > 0, vat);
    free(vat);
    return m.inv;
}
