/* Canonical model -> INVOIC02 (IDOC-INVOIC02.md §8): the control record, E1EDK01, the
 * partners, references, dates, conditions, taxes, payment terms, bank data, texts, the
 * items (idoc_export_lines.c) and the totals, in the segment order of §3, every field in
 * SAP form (dates YYYYMMDD, numbers with the invoice's own digits and a trailing minus) and
 * cut to its SAP length with a finding.
 *
 * The tables are the inverse of the import's: tax codes, units and condition types come
 * from the account's mapping document when there is one, else from the default tables
 * below (those of ../shared/samples/mapping.json: A1 = S 19 %, A2 = S 7 %, R1 = AE, PCE =
 * H87), so that importing the export with that mapping gives the invoice back. The seller
 * is partner RS, the buyer AG, ship-to WE, payee ZE; totals E1EDS01 in the dictionary
 * meaning (010 net, 005 tax, 011 gross). */
#include "idoc_export_int.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

const einv_rule_t idoc_x_lost = {
    "EXPORT-IDOC-LOST", EINV_SEV_WARNING, EINV_LAYER_SCHEMA, "",
    "A value of the invoice has no place in an INVOIC02 IDoc and was left out.",
    "Agree an extension or a text id with the receiver if the value matters to them."};
const einv_rule_t idoc_x_truncated = {
    "EXPORT-IDOC-TRUNCATED", EINV_SEV_WARNING, EINV_LAYER_SCHEMA, "",
    "A value is longer than its IDoc field and was cut to the field's length.",
    "Shorten the value in the invoice if the receiver needs it whole."};
const einv_rule_t idoc_x_taxcode = {
    "EXPORT-IDOC-TAXCODE", EINV_SEV_WARNING, EINV_LAYER_SCHEMA, "",
    "No tax code (MWSKZ) is known for a VAT category and rate; the IDoc carries category and rate joined.",
    "Add the receiver's tax code for this category and rate to the account's mapping document (taxCodes)."};

/* The default tables: the sample mapping's (an SAP system's usual codes). */
static const struct { const char *code, *cat, *rate; } TAX[] = {
    {"A1", "S", "19"}, {"A2", "S", "7"}, {"R1", "AE", "0"}};
static const struct { const char *sap, *rec20; } UNITS[] = {{"PCE", "H87"}};

const char *ix_text(const einv_node_t *n) { return n && n->text && *n->text ? n->text : NULL; }

void ix_lost(ix_t *x, const einv_node_t *n, const char *why)
{
    if (x->ctx && n)
        einv_report_msg(x->ctx, &idoc_x_lost, n->src ? n->src : "", "%s (%s) was not exported: %s.",
                        einv_term_info(n->term)->code, einv_term_info(n->term)->json, why);
}

void ix_open(ix_t *x, const char *seg)
{
    einv_buf_puts(x->b, "<");
    einv_buf_puts(x->b, seg);
    einv_buf_puts(x->b, " SEGMENT=\"1\">");
}

void ix_close(ix_t *x, const char *seg) { xo_close(x->b, seg); }

size_t ix_prefix_bytes(const char *s, size_t max, int *cut)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t chars = 0;
    while (*p && chars < max) {
        p++;
        while ((*p & 0xC0) == 0x80)
            p++;
        chars++;
    }
    *cut = *p != 0;
    return (size_t)(p - (const unsigned char *)s);
}

void ix_field(ix_t *x, const char *name, const char *value, size_t max, const einv_node_t *n)
{
    char buf[1024];
    int cut;
    size_t k;
    if (!value)
        return;
    k = ix_prefix_bytes(value, max < 300 ? max : 300, &cut);
    if (cut && x->ctx)
        einv_report_msg(x->ctx, &idoc_x_truncated, n && n->src ? n->src : "",
                        "%s (%s) is cut to the %zu characters of IDoc field %s.", n ? einv_term_info(n->term)->code : name,
                        n ? einv_term_info(n->term)->json : name, max, name);
    memcpy(buf, value, k);
    buf[k] = 0;
    xo_leaf(x->b, name, buf, NULL, NULL, NULL, NULL);
}

void ix_num(ix_t *x, const char *name, const einv_node_t *n)
{
    const char *t = ix_text(n);
    char buf[80];
    if (!t)
        return;
    if (t[0] == '-' && strlen(t) < sizeof buf - 1) {
        snprintf(buf, sizeof buf, "%s-", t + 1);
        t = buf;
    }
    ix_field(x, name, t, 18, n);
}

void ix_date(ix_t *x, const char *name, const einv_node_t *n)
{
    const char *t = ix_text(n);
    char d[9];
    if (t && strlen(t) == 10 && t[4] == '-' && t[7] == '-') {
        snprintf(d, sizeof d, "%.4s%.2s%.2s", t, t + 5, t + 8);
        t = d;
    }
    ix_field(x, name, t, 8, n);
}

static int rate_eq(const char *a, const char *b)
{
    einv_dec_t x, y;
    if (!a || !b)
        return !a && !b;
    return einv_dec_parse(a, (size_t)-1, &x) && einv_dec_parse(b, (size_t)-1, &y) ? einv_dec_eq(x, y)
                                                                                   : strcmp(a, b) == 0;
}

const char *ix_tax_code(ix_t *x, const char *cat, const char *rate, char *buf, size_t n,
                        const einv_node_t *where)
{
    size_t i;
    if (!cat)
        return NULL;
    if (x->have_map) {
        const jr_value_t *e;
        for (e = x->map.tax_codes ? x->map.tax_codes->first : NULL; e; e = e->next) {
            const char *c = e->type == JR_OBJECT ? erp_str(e, "category") : NULL;
            if (c && !strcmp(c, cat) && rate_eq(erp_str(e, "rate"), rate ? rate : erp_str(e, "rate")) && e->key)
                return e->key;
        }
    } else
        for (i = 0; i < sizeof TAX / sizeof TAX[0]; i++)
            if (!strcmp(TAX[i].cat, cat) && rate_eq(TAX[i].rate, rate ? rate : TAX[i].rate))
                return TAX[i].code;
    snprintf(buf, n, "%s%s", cat, rate ? rate : "");
    if (rate && strchr(buf, '.')) {   /* "S20.00" as "S20": MWSKZ has 7 characters */
        size_t k = strlen(buf);
        while (k && buf[k - 1] == '0')
            buf[--k] = 0;
        if (k && buf[k - 1] == '.')
            buf[--k] = 0;
    }
    if (x->ctx)
        einv_report_msg(x->ctx, &idoc_x_taxcode, where && where->src ? where->src : "",
                        "No tax code for VAT category %s at %s %%; MWSKZ %s was written.", cat, rate ? rate : "-", buf);
    return buf;
}

const char *ix_unit(ix_t *x, const char *rec20)
{
    size_t i;
    if (!rec20)
        return NULL;
    if (x->have_map) {
        const jr_value_t *e;
        for (e = x->map.units ? x->map.units->first : NULL; e; e = e->next)
            if (e->type == JR_STRING && e->s && !strcmp(e->s, rec20) && e->key)
                return e->key;
        return rec20;
    }
    for (i = 0; i < sizeof UNITS / sizeof UNITS[0]; i++)
        if (!strcmp(UNITS[i].rec20, rec20))
            return UNITS[i].sap;
    return rec20;
}

/* ---- header ---- */

static void control_record(ix_t *x)
{
    char date[16], tim[16];
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y%m%d", &tm);
    strftime(tim, sizeof tim, "%H%M%S", &tm);
    ix_open(x, "EDI_DC40");
    xo_leaf(x->b, "TABNAM", "EDI_DC40", NULL, NULL, NULL, NULL);
    xo_leaf(x->b, "DIRECT", "2", NULL, NULL, NULL, NULL);
    xo_leaf(x->b, "IDOCTYP", "INVOIC02", NULL, NULL, NULL, NULL);
    xo_leaf(x->b, "MESTYP", "INVOIC", NULL, NULL, NULL, NULL);
    xo_leaf(x->b, "MESCOD", "MM", NULL, NULL, NULL, NULL);
    xo_leaf(x->b, "CREDAT", date, NULL, NULL, NULL, NULL);
    xo_leaf(x->b, "CRETIM", tim, NULL, NULL, NULL, NULL);
    ix_close(x, "EDI_DC40");
}

/* 381 and the other credit note codes of UNTDID 1001 are CRME, everything else INVO. */
static const char *bsart(const char *code)
{
    static const char *const CREDIT[] = {"381", "261", "262", "296", "308", "396", "420", "458", "532"};
    size_t i;
    for (i = 0; code && i < sizeof CREDIT / sizeof CREDIT[0]; i++)
        if (!strcmp(code, CREDIT[i]))
            return "CRME";
    return "INVO";
}

static void general(ix_t *x)
{
    const einv_node_t *r = x->root;
    ix_open(x, "E1EDK01");
    ix_field(x, "CURCY", ix_text(IX_GET(r, BT_5)), 3, IX_GET(r, BT_5));
    ix_field(x, "HWAER", ix_text(IX_GET(r, BT_6)), 3, IX_GET(r, BT_6));
    ix_field(x, "KUNDEUINR", ix_text(IX_GET(IX_GET(r, BG_7), BT_48)), 20, IX_GET(IX_GET(r, BG_7), BT_48));
    ix_field(x, "EIGENUINR", ix_text(IX_GET(IX_GET(r, BG_4), BT_31)), 20, IX_GET(IX_GET(r, BG_4), BT_31));
    xo_leaf(x->b, "BSART", bsart(ix_text(IX_GET(r, BT_3))), NULL, NULL, NULL, NULL);
    ix_field(x, "BELNR", ix_text(IX_GET(r, BT_1)), 35, IX_GET(r, BT_1));
    ix_close(x, "E1EDK01");
}

/* One E1EDKA1: role, partner number, name, address (terms a[]: line1, line2, line3, city,
 * postcode, subdivision, country), contact name and phone, GLN as E1EDKA3. */
static void partner(ix_t *x, const char *role, const einv_node_t *p, einv_term name, einv_term id,
                    einv_term addr, const einv_term a[7], einv_term contact, const einv_term c[2],
                    einv_term ref)
{
    const einv_node_t *ad = p && addr != EINV_T__COUNT ? einv_node_get(p, addr) : NULL;
    const einv_node_t *ct = p && contact != EINV_T__COUNT ? einv_node_get(p, contact) : NULL;
    const einv_node_t *pid = p && id != EINV_T__COUNT ? einv_node_get(p, id) : NULL, *gln = NULL;
    if (!p)
        return;
    ix_open(x, "E1EDKA1");
    xo_leaf(x->b, "PARVW", role, NULL, NULL, NULL, NULL);
    for (; pid; pid = einv_node_next(pid)) {
        if (pid->attr[0] && !strcmp(pid->attr[0], "0088") && !gln)
            gln = pid;
        else if (!pid->attr[0]) {
            ix_field(x, "PARTN", ix_text(pid), 17, pid);
            break;
        }
    }
    ix_field(x, "NAME1", ix_text(einv_node_get(p, name)), 35, einv_node_get(p, name));
    if (ad) {
        ix_field(x, "STRAS", ix_text(einv_node_get(ad, a[0])), 35, einv_node_get(ad, a[0]));
        ix_field(x, "STRS2", ix_text(einv_node_get(ad, a[1])), 35, einv_node_get(ad, a[1]));
        ix_field(x, "ORT01", ix_text(einv_node_get(ad, a[3])), 35, einv_node_get(ad, a[3]));
        ix_field(x, "PSTLZ", ix_text(einv_node_get(ad, a[4])), 10, einv_node_get(ad, a[4]));
        ix_field(x, "LAND1", ix_text(einv_node_get(ad, a[6])), 3, einv_node_get(ad, a[6]));
    }
    if (ct)
        ix_field(x, "TELF1", ix_text(einv_node_get(ct, c[1])), 25, einv_node_get(ct, c[1]));
    if (ad) {
        ix_field(x, "ORT02", ix_text(einv_node_get(ad, a[2])), 35, einv_node_get(ad, a[2]));
        ix_field(x, "REGIO", ix_text(einv_node_get(ad, a[5])), 3, einv_node_get(ad, a[5]));
        ix_field(x, "ISOAL", ix_text(einv_node_get(ad, a[6])), 2, einv_node_get(ad, a[6]));
    }
    if (ref != EINV_T__COUNT)
        ix_field(x, "IHREZ", ix_text(IX_GET(x->root, BT_10)), 30, IX_GET(x->root, BT_10));
    if (ct)
        ix_field(x, "BNAME", ix_text(einv_node_get(ct, c[0])), 35, einv_node_get(ct, c[0]));
    if (gln) {
        ix_open(x, "E1EDKA3");
        xo_leaf(x->b, "QUALP", "001", NULL, NULL, NULL, NULL);
        ix_field(x, "STDPN", ix_text(gln), 70, gln);
        ix_close(x, "E1EDKA3");
    }
    ix_close(x, "E1EDKA1");
}

static void partners(ix_t *x)
{
    static const einv_term SA[7] = {EINV_T_BT_35, EINV_T_BT_36, EINV_T_BT_162, EINV_T_BT_37, EINV_T_BT_38, EINV_T_BT_39, EINV_T_BT_40};
    static const einv_term BA[7] = {EINV_T_BT_50, EINV_T_BT_51, EINV_T_BT_163, EINV_T_BT_52, EINV_T_BT_53, EINV_T_BT_54, EINV_T_BT_55};
    static const einv_term DA[7] = {EINV_T_BT_75, EINV_T_BT_76, EINV_T_BT_165, EINV_T_BT_77, EINV_T_BT_78, EINV_T_BT_79, EINV_T_BT_80};
    static const einv_term SC[2] = {EINV_T_BT_41, EINV_T_BT_42}, BC[2] = {EINV_T_BT_56, EINV_T_BT_57};
    const einv_node_t *r = x->root, *d = IX_GET(r, BG_13);
    partner(x, "RS", IX_GET(r, BG_4), EINV_T_BT_27, EINV_T_BT_29, EINV_T_BG_5, SA, EINV_T_BG_6, SC, EINV_T__COUNT);
    partner(x, "AG", IX_GET(r, BG_7), EINV_T_BT_44, EINV_T_BT_46, EINV_T_BG_8, BA, EINV_T_BG_9, BC, EINV_T_BT_10);
    if (d && (IX_GET(d, BT_70) || IX_GET(d, BG_15) || IX_GET(d, BT_71)))
        partner(x, "WE", d, EINV_T_BT_70, EINV_T_BT_71, EINV_T_BG_15, DA, EINV_T__COUNT, SC, EINV_T__COUNT);
    partner(x, "ZE", IX_GET(r, BG_10), EINV_T_BT_59, EINV_T_BT_60, EINV_T__COUNT, SA, EINV_T__COUNT, SC, EINV_T__COUNT);
}

static void reference(ix_t *x, const char *qualf, const einv_node_t *n, const einv_node_t *date)
{
    if (!ix_text(n))
        return;
    ix_open(x, "E1EDK02");
    xo_leaf(x->b, "QUALF", qualf, NULL, NULL, NULL, NULL);
    ix_field(x, "BELNR", ix_text(n), 35, n);
    ix_date(x, "DATUM", date);
    ix_close(x, "E1EDK02");
}

static void dated(ix_t *x, const char *iddat, const einv_node_t *n)
{
    if (!ix_text(n))
        return;
    ix_open(x, "E1EDK03");
    xo_leaf(x->b, "IDDAT", iddat, NULL, NULL, NULL, NULL);
    ix_date(x, "DATUM", n);
    ix_close(x, "E1EDK03");
}

static void references_dates(ix_t *x)
{
    const einv_node_t *r = x->root, *p;
    reference(x, "009", IX_GET(r, BT_1), IX_GET(r, BT_2));
    reference(x, "001", IX_GET(r, BT_13), NULL);
    reference(x, "002", IX_GET(r, BT_14), NULL);
    reference(x, "005", IX_GET(r, BT_12), NULL);
    reference(x, "012", IX_GET(r, BT_16), NULL);
    if ((p = IX_GET(r, BG_3))) {
        reference(x, "011", IX_GET(p, BT_25), IX_GET(p, BT_26));
        for (p = einv_node_next(p); p; p = einv_node_next(p))
            ix_lost(x, IX_GET(p, BT_25), "the IDoc carries one preceding invoice (E1EDK02 011)");
    }
    dated(x, "012", IX_GET(r, BT_2));
    dated(x, "015", IX_GET(r, BT_7));
    dated(x, "028", IX_GET(r, BT_9));
    dated(x, "035", IX_GET(IX_GET(r, BG_13), BT_72));
}

/* The condition type of a document allowance or charge: the mapping's entry of that
 * kind and level, else the default table's ZA00 / ZC00 (idoc_map.h); always the default
 * for a negative amount, since the import takes a mapped row's amount as absolute value. */
static const char *kschl(ix_t *x, int charge, const einv_node_t *amount)
{
    const jr_value_t *e;
    const char *a = ix_text(amount);
    for (e = x->have_map && x->map.conditions && !(a && a[0] == '-') ? x->map.conditions->first : NULL; e;
         e = e->next) {
        erp_cond_t c;
        if (e->key && erp_map_condition(&x->map, e->key, ERP_LEVEL_DOCUMENT, &c) &&
            c.kind == (charge ? ERP_KIND_CHARGE : ERP_KIND_ALLOWANCE))
            return e->key;
    }
    return charge ? IDOC_COND_DOC_CHARGE : IDOC_COND_DOC_ALLOWANCE;
}

static void conditions(ix_t *x)
{
    static const einv_term T[2][7] = {
        {EINV_T_BG_20, EINV_T_BT_92, EINV_T_BT_94, EINV_T_BT_97, EINV_T_BT_95, EINV_T_BT_96, EINV_T_BT_93},
        {EINV_T_BG_21, EINV_T_BT_99, EINV_T_BT_101, EINV_T_BT_104, EINV_T_BT_102, EINV_T_BT_103, EINV_T_BT_100}};
    int k;
    for (k = 0; k < 2; k++) {
        const einv_node_t *a;
        for (a = einv_node_get(x->root, T[k][0]); a; a = einv_node_next(a)) {
            char code[32];
            const einv_node_t *cat = einv_node_get(a, T[k][4]), *rate = einv_node_get(a, T[k][5]);
            ix_open(x, "E1EDK05");
            xo_leaf(x->b, "ALCKZ", k ? "+" : "-", NULL, NULL, NULL, NULL);
            xo_leaf(x->b, "KSCHL", kschl(x, k, einv_node_get(a, T[k][1])), NULL, NULL, NULL, NULL);
            ix_field(x, "KOTXT", ix_text(einv_node_get(a, T[k][3])), 80, einv_node_get(a, T[k][3]));
            ix_num(x, "BETRG", einv_node_get(a, T[k][1]));
            ix_num(x, "KPERC", einv_node_get(a, T[k][2]));
            ix_field(x, "MWSKZ", ix_tax_code(x, ix_text(cat), ix_text(rate), code, sizeof code, cat), 7, cat);
            ix_num(x, "MSATZ", rate);
            ix_num(x, "KOBAS", einv_node_get(a, T[k][6]));
            ix_close(x, "E1EDK05");
        }
    }
}

/* The tax condition MWST of each VAT breakdown (idoc_map.h): its taxable amount BT-116 has
 * no other place (E1EDK04 has no base field). */
static void tax_conditions(ix_t *x)
{
    const einv_node_t *a;
    for (a = IX_GET(x->root, BG_23); a; a = einv_node_next(a)) {
        char code[32];
        const einv_node_t *cat = IX_GET(a, BT_118), *rate = IX_GET(a, BT_119);
        einv_ctx_t *ctx = x->ctx;
        if (!ix_text(IX_GET(a, BT_116)))
            continue;
        ix_open(x, "E1EDK05");
        xo_leaf(x->b, "ALCKZ", "+", NULL, NULL, NULL, NULL);
        xo_leaf(x->b, "KSCHL", IDOC_COND_TAX, NULL, NULL, NULL, NULL);
        ix_num(x, "BETRG", IX_GET(a, BT_117));
        x->ctx = NULL;   /* the code's finding comes once, with E1EDK04 */
        ix_field(x, "MWSKZ", ix_tax_code(x, ix_text(cat), ix_text(rate), code, sizeof code, cat), 7, cat);
        x->ctx = ctx;
        ix_num(x, "MSATZ", rate);
        ix_num(x, "KOBAS", IX_GET(a, BT_116));
        ix_close(x, "E1EDK05");
    }
}

static void taxes(ix_t *x)
{
    const einv_node_t *v;
    for (v = IX_GET(x->root, BG_23); v; v = einv_node_next(v)) {
        char code[32];
        const einv_node_t *cat = IX_GET(v, BT_118), *rate = IX_GET(v, BT_119);
        ix_open(x, "E1EDK04");
        ix_field(x, "MWSKZ", ix_tax_code(x, ix_text(cat), ix_text(rate), code, sizeof code, cat), 7, cat);
        ix_num(x, "MSATZ", rate);
        ix_num(x, "MWSBT", IX_GET(v, BT_117));
        ix_field(x, "KTEXT", ix_text(IX_GET(v, BT_120)), 50, IX_GET(v, BT_120));
        ix_close(x, "E1EDK04");
    }
}

/* Texts split into TDLINEs of at most 70 characters under one E1EDKT1 per note, at a space
 * where there is one (the import joins the lines with one space, so the note comes back as
 * it was). */
static void text_lines(ix_t *x, const char *t1, const char *t2, const char *tdid, const einv_node_t *n)
{
    const char *s = ix_text(n);
    int cut;
    if (!s)
        return;
    ix_open(x, t1);
    xo_leaf(x->b, "TDID", tdid, NULL, NULL, NULL, NULL);
    xo_leaf(x->b, "TSSPRAS_ISO", "EN", NULL, NULL, NULL, NULL);
    while (*s) {
        size_t k = ix_prefix_bytes(s, IDOC_TDLINE_LEN, &cut), take = k, skip = 0;
        char buf[300];
        if (cut) {
            size_t sp = k;
            while (sp > 0 && s[sp] != ' ')
                sp--;
            if (sp > 0 && s[sp] == ' ')
                take = sp, skip = 1;
        }
        memcpy(buf, s, take);
        buf[take] = 0;
        ix_open(x, t2);
        xo_leaf(x->b, "TDLINE", buf, NULL, NULL, NULL, NULL);
        ix_close(x, t2);
        s += take + skip;
    }
    ix_close(x, t1);
}

static void terms_bank_texts(ix_t *x)
{
    const einv_node_t *r = x->root, *p = IX_GET(r, BG_16), *ct, *n;
    if (IX_GET(r, BT_20)) {
        ix_open(x, "E1EDK18");
        xo_leaf(x->b, "QUALF", "005", NULL, NULL, NULL, NULL);
        ix_field(x, "ZTERM_TXT", ix_text(IX_GET(r, BT_20)), 70, IX_GET(r, BT_20));
        ix_close(x, "E1EDK18");
    }
    for (ct = IX_GET(p, BG_17); ct; ct = einv_node_next(ct)) {
        const char *acc = ix_text(IX_GET(ct, BT_84));
        char country[3] = "";
        if (acc && strlen(acc) > 2)
            snprintf(country, sizeof country, "%.2s", acc);
        ix_open(x, "E1EDK28");
        ix_field(x, "BCOUN", country[0] ? country : NULL, 3, NULL);
        ix_field(x, "BRNUM", ix_text(IX_GET(ct, BT_86)), 15, IX_GET(ct, BT_86));
        ix_field(x, "ACNUM", acc, 34, IX_GET(ct, BT_84));
        ix_field(x, "ACNAM", ix_text(IX_GET(ct, BT_85)), 35, IX_GET(ct, BT_85));
        ix_close(x, "E1EDK28");
    }
    for (n = IX_GET(r, BG_1); n; n = einv_node_next(n))
        text_lines(x, "E1EDKT1", "E1EDKT2", "0001", IX_GET(n, BT_22));
}

/* E1EDS01 001 (number of lines), then 010 net, 005 tax (without amount when the invoice
 * has no VAT total), 011 gross in the dictionary meaning and the paid and rounding amounts under the default tables' SUMIDs (idoc_map.h). */
static void totals(ix_t *x)
{
    const einv_node_t *t = IX_GET(x->root, BG_22);
    char n[32];
    static const struct { const char *id; einv_term term; } S[] = {
        {"010", EINV_T_BT_109}, {"005", EINV_T_BT_110}, {"011", EINV_T_BT_112},
        {IDOC_SUMID_PAID, EINV_T_BT_113}, {IDOC_SUMID_ROUNDING, EINV_T_BT_114}};
    size_t i;
    snprintf(n, sizeof n, "%zu", einv_node_count(x->root, EINV_T_BG_25));
    ix_open(x, "E1EDS01");
    xo_leaf(x->b, "SUMID", "001", NULL, NULL, NULL, NULL);
    xo_leaf(x->b, "SUMME", n, NULL, NULL, NULL, NULL);
    ix_close(x, "E1EDS01");
    for (i = 0; t && i < sizeof S / sizeof S[0]; i++) {
        const einv_node_t *v = einv_node_get(t, S[i].term);
        if (!ix_text(v) && S[i].term == EINV_T_BT_110 && IX_GET(x->root, BG_23)) {
            /* no VAT total (BT-110 may be absent without VAT): 005 without amount, so the
             * import does not sum the breakdown's into one */
            ix_open(x, "E1EDS01");
            xo_leaf(x->b, "SUMID", S[i].id, NULL, NULL, NULL, NULL);
            ix_close(x, "E1EDS01");
        }
        if (!ix_text(v))
            continue;
        ix_open(x, "E1EDS01");
        xo_leaf(x->b, "SUMID", S[i].id, NULL, NULL, NULL, NULL);
        ix_num(x, "SUMME", v);
        ix_field(x, "WAERQ", ix_text(IX_GET(x->root, BT_5)), 3, IX_GET(x->root, BT_5));
        ix_close(x, "E1EDS01");
    }
}

int idoc_export(einv_ctx_t *ctx, const einv_invoice_t *inv, einv_buf_t *out)
{
    ix_t x;
    memset(&x, 0, sizeof x);
    x.ctx = ctx;
    x.b = out;
    x.root = einv_invoice_root(inv);
    if (ctx)
        erp_map_load(&x.map, ctx, &idoc_x_lost);
    x.have_map = x.map.doc != NULL;
    einv_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<INVOIC02><IDOC BEGIN=\"1\">");
    control_record(&x);
    general(&x);
    partners(&x);
    references_dates(&x);
    conditions(&x);
    tax_conditions(&x);
    taxes(&x);
    terms_bank_texts(&x);
    ix_lines(&x);
    totals(&x);
    einv_buf_puts(out, "</IDOC></INVOIC02>\n");
    erp_map_free(&x.map);
    return out->oom ? EINV_ERR_NOMEM : EINV_OK;
}
