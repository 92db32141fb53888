/* The blocks of the visual invoice: seller, buyer and the document's dates and references;
 * the line table; document allowances and charges; the VAT breakdown; totals; payment
 * instructions; notes and supporting documents. Amounts print with the invoice's own
 * digits (the model's text, never reformatted) and its currency code. */
#include "fx_render.h"
#include "fx_render_int.h"
#include <stdio.h>
#include <string.h>

#define COL2 320.0f

/* "a b" of two optional parts (postcode and city, ...) into buf. */
static const char *join(char *buf, size_t n, const char *a, const char *sep, const char *b)
{
    if (!a && !b)
        return NULL;
    snprintf(buf, n, "%s%s%s", a ? a : "", a && b ? sep : "", b ? b : "");
    return buf;
}

/* An identifier with its scheme: "value (scheme)". */
static const char *with_scheme(char *buf, size_t n, const einv_node_t *id)
{
    const char *v = fx_text_of(id);
    if (!v)
        return NULL;
    if (!id->attr[0])
        return v;
    snprintf(buf, n, "%s (%s)", v, id->attr[0]);
    return buf;
}

/* A party block: heading, name, address, ids, contact. Returns the lowest y used. */
static float party(fx_doc *d, float x, float y, const char *heading, const einv_node_t *p,
                   const einv_term t[12])
{
    char b1[512], b2[512];
    const einv_node_t *a = p ? einv_node_get(p, t[1]) : NULL, *c = p ? einv_node_get(p, t[9]) : NULL;
    float w = 230.0f;
    if (!p)
        return y;
    fx_put(d, d->bold, 8.0f, x, y, heading, 0);
    y -= 12.0f;
    y -= 12.0f * (float)fx_wrap(d, d->bold, 10.0f, x, y, w, 12.0f, fx_text_of(einv_node_get(p, t[0])), 1);
    if (a) {
        int i;
        for (i = 2; i < 5; i++)
            y -= 10.0f * (float)fx_wrap(d, d->reg, 8.5f, x, y, w, 10.0f, fx_text_of(einv_node_get(a, t[i])), 1);
        y -= 10.0f * (float)fx_wrap(d, d->reg, 8.5f, x, y, w, 10.0f,
                                    join(b1, sizeof b1, fx_text_of(einv_node_get(a, t[5])), " ",
                                         fx_text_of(einv_node_get(a, t[6]))), 1);
        y -= 10.0f * (float)fx_wrap(d, d->reg, 8.5f, x, y, w, 10.0f,
                                    join(b2, sizeof b2, fx_text_of(einv_node_get(a, t[7])), ", ",
                                         fx_text_of(einv_node_get(a, t[8]))), 1);
    }
    y = fx_kv(d, x, y, 60.0f, w - 60.0f, "VAT ID", fx_text_of(t[10] != EINV_T__COUNT ? einv_node_get(p, t[10]) : NULL));
    y = fx_kv(d, x, y, 60.0f, w - 60.0f, "Legal ID", with_scheme(b1, sizeof b1, t[11] != EINV_T__COUNT ? einv_node_get(p, t[11]) : NULL));
    if (c) {
        y = fx_kv(d, x, y, 60.0f, w - 60.0f, "Contact", fx_text_of(einv_node_get(c, t[9] == EINV_T_BG_6 ? EINV_T_BT_41 : EINV_T_BT_56)));
        y = fx_kv(d, x, y, 60.0f, w - 60.0f, "Phone", fx_text_of(einv_node_get(c, t[9] == EINV_T_BG_6 ? EINV_T_BT_42 : EINV_T_BT_57)));
        y = fx_kv(d, x, y, 60.0f, w - 60.0f, "E-mail", fx_text_of(einv_node_get(c, t[9] == EINV_T_BG_6 ? EINV_T_BT_43 : EINV_T_BT_58)));
    }
    return y;
}

/* name, address, line1, line2, line3, postcode, city, subdivision, country, contact, vat, legal */
static const einv_term SELLER[12] = {EINV_T_BT_27, EINV_T_BG_5, EINV_T_BT_35, EINV_T_BT_36, EINV_T_BT_162,
                                     EINV_T_BT_38, EINV_T_BT_37, EINV_T_BT_39, EINV_T_BT_40, EINV_T_BG_6,
                                     EINV_T_BT_31, EINV_T_BT_30};
static const einv_term BUYER[12] = {EINV_T_BT_44, EINV_T_BG_8, EINV_T_BT_50, EINV_T_BT_51, EINV_T_BT_163,
                                    EINV_T_BT_53, EINV_T_BT_52, EINV_T_BT_54, EINV_T_BT_55, EINV_T_BG_9,
                                    EINV_T_BT_48, EINV_T_BT_47};
static const einv_term DELIVERY[12] = {EINV_T_BT_70, EINV_T_BG_15, EINV_T_BT_75, EINV_T_BT_76, EINV_T_BT_165,
                                       EINV_T_BT_78, EINV_T_BT_77, EINV_T_BT_79, EINV_T_BT_80, EINV_T__COUNT,
                                       EINV_T__COUNT, EINV_T__COUNT};
static const einv_term PAYEE[12] = {EINV_T_BT_59, EINV_T__COUNT, EINV_T__COUNT, EINV_T__COUNT, EINV_T__COUNT,
                                    EINV_T__COUNT, EINV_T__COUNT, EINV_T__COUNT, EINV_T__COUNT, EINV_T__COUNT,
                                    EINV_T__COUNT, EINV_T_BT_61};
static const einv_term TAXREP[12] = {EINV_T_BT_62, EINV_T_BG_12, EINV_T_BT_64, EINV_T_BT_65, EINV_T_BT_164,
                                     EINV_T_BT_67, EINV_T_BT_66, EINV_T_BT_68, EINV_T_BT_69, EINV_T__COUNT,
                                     EINV_T_BT_63, EINV_T__COUNT};

/* The document's dates and references, right column. */
static float references(fx_doc *d, float y)
{
    const einv_node_t *r = d->root, *per = FX_GET(r, BG_14), *prev = FX_GET(r, BG_3);
    char b1[256], b2[256];
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Invoice number", FX_TEXT(r, BT_1));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Issue date", FX_TEXT(r, BT_2));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Type code", FX_TEXT(r, BT_3));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Due date", FX_TEXT(r, BT_9));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Tax point date", FX_TEXT(r, BT_7));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Currency", join(b1, sizeof b1, FX_TEXT(r, BT_5), " / VAT in ", FX_TEXT(r, BT_6)));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Buyer reference", FX_TEXT(r, BT_10));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Purchase order", FX_TEXT(r, BT_13));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Sales order", FX_TEXT(r, BT_14));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Contract", FX_TEXT(r, BT_12));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Project", FX_TEXT(r, BT_11));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Tender or lot", FX_TEXT(r, BT_17));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Receiving advice", FX_TEXT(r, BT_15));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Despatch advice", FX_TEXT(r, BT_16));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Invoiced object", FX_TEXT(r, BT_18));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Accounting ref.", FX_TEXT(r, BT_19));
    y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Invoicing period",
              join(b2, sizeof b2, FX_TEXT(per, BT_73), " \xE2\x80\x93 ", FX_TEXT(per, BT_74)));
    for (; prev; prev = einv_node_next(prev))
        y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Preceding invoice",
                  join(b1, sizeof b1, FX_TEXT(prev, BT_25), " of ", FX_TEXT(prev, BT_26)));
    if (FX_GET(FX_GET(r, BG_13), BT_72))
        y = fx_kv(d, COL2, y, 95.0f, 140.0f, "Delivery date", FX_TEXT(FX_GET(r, BG_13), BT_72));
    return y;
}

void fx_block_header(fx_doc *d)
{
    char title[200];
    float yl, yr;
    const einv_node_t *r = d->root;
    fx_title(d->inv, title, sizeof title);
    d->y -= 8.0f * (float)fx_wrap(d, d->bold, 16.0f, FX_LEFT, d->y, FX_RIGHT - FX_LEFT, 18.0f, title, 1);
    d->y -= 18.0f;
    yl = party(d, FX_LEFT, d->y, "Seller", FX_GET(r, BG_4), SELLER);
    yr = references(d, d->y);
    d->y = (yl < yr ? yl : yr) - 12.0f;
    fx_need(d, 80.0f);
    yl = party(d, FX_LEFT, d->y, "Buyer", FX_GET(r, BG_7), BUYER);
    yr = party(d, COL2, d->y, "Deliver to", FX_GET(r, BG_13), DELIVERY);
    d->y = (yl < yr ? yl : yr) - 12.0f;
    if (FX_GET(r, BG_10) || FX_GET(r, BG_11)) {
        fx_need(d, 60.0f);
        yl = party(d, FX_LEFT, d->y, "Payee", FX_GET(r, BG_10), PAYEE);
        yr = party(d, COL2, d->y, "Seller's tax representative", FX_GET(r, BG_11), TAXREP);
        d->y = (yl < yr ? yl : yr) - 12.0f;
    }
}

static const fx_col LINE_COLS[] = {
    {"No.", 40.0f, 26.0f, 0}, {"Description", 68.0f, 215.0f, 0}, {"Quantity", 285.0f, 50.0f, 1},
    {"Unit", 340.0f, 30.0f, 0}, {"Unit price", 372.0f, 68.0f, 1}, {"VAT", 444.0f, 40.0f, 1},
    {"Net amount", 487.0f, 68.0f, 1}};

/* The description cell: item name, detailed description, item ids, period, note, line
 * allowances and charges; drawn (draw) or measured. Returns its number of lines. */
static int line_text(fx_doc *d, const einv_node_t *l, float y, int draw)
{
    const fx_col *c = &LINE_COLS[1];
    const einv_node_t *per = FX_GET(l, BG_26), *ac;
    char buf[512];
    int n = fx_wrap(d, d->reg, 8.5f, c->x, y, c->w, 10.0f, FX_TEXT(l, BT_153), draw);
    n += fx_wrap(d, d->reg, 7.5f, c->x, y - 10.0f * n, c->w, 10.0f, FX_TEXT(l, BT_154), draw);
    if (FX_TEXT(l, BT_155) || FX_TEXT(l, BT_157)) {
        snprintf(buf, sizeof buf, "Item %s%s%s", FX_TEXT(l, BT_155) ? FX_TEXT(l, BT_155) : "",
                 FX_TEXT(l, BT_155) && FX_TEXT(l, BT_157) ? " / " : "", FX_TEXT(l, BT_157) ? FX_TEXT(l, BT_157) : "");
        n += fx_wrap(d, d->reg, 7.5f, c->x, y - 10.0f * n, c->w, 10.0f, buf, draw);
    }
    if (per) {
        snprintf(buf, sizeof buf, "Period %s \xE2\x80\x93 %s", FX_TEXT(per, BT_134) ? FX_TEXT(per, BT_134) : "",
                 FX_TEXT(per, BT_135) ? FX_TEXT(per, BT_135) : "");
        n += fx_wrap(d, d->reg, 7.5f, c->x, y - 10.0f * n, c->w, 10.0f, buf, draw);
    }
    n += fx_wrap(d, d->reg, 7.5f, c->x, y - 10.0f * n, c->w, 10.0f, FX_TEXT(l, BT_127), draw);
    for (ac = FX_GET(l, BG_27); ac; ac = einv_node_next(ac)) {
        snprintf(buf, sizeof buf, "Allowance %s: -%s", FX_TEXT(ac, BT_139) ? FX_TEXT(ac, BT_139) : (FX_TEXT(ac, BT_140) ? FX_TEXT(ac, BT_140) : ""),
                 FX_TEXT(ac, BT_136) ? FX_TEXT(ac, BT_136) : "");
        n += fx_wrap(d, d->reg, 7.5f, c->x, y - 10.0f * n, c->w, 10.0f, buf, draw);
    }
    for (ac = FX_GET(l, BG_28); ac; ac = einv_node_next(ac)) {
        snprintf(buf, sizeof buf, "Charge %s: +%s", FX_TEXT(ac, BT_144) ? FX_TEXT(ac, BT_144) : (FX_TEXT(ac, BT_145) ? FX_TEXT(ac, BT_145) : ""),
                 FX_TEXT(ac, BT_141) ? FX_TEXT(ac, BT_141) : "");
        n += fx_wrap(d, d->reg, 7.5f, c->x, y - 10.0f * n, c->w, 10.0f, buf, draw);
    }
    return n ? n : 1;
}

void fx_block_lines(fx_doc *d)
{
    const einv_node_t *l;
    char rate[64];
    fx_table_begin(d, LINE_COLS, sizeof LINE_COLS / sizeof LINE_COLS[0]);
    for (l = FX_GET(d->root, BG_25); l; l = einv_node_next(l)) {
        int n = line_text(d, l, d->y, 0);
        fx_need(d, 10.0f * (float)n + 4.0f);
        fx_put(d, d->reg, 8.5f, LINE_COLS[0].x, d->y, FX_TEXT(l, BT_126), 0);
        line_text(d, l, d->y, 1);
        fx_put(d, d->reg, 8.5f, LINE_COLS[2].x + LINE_COLS[2].w, d->y, FX_TEXT(l, BT_129), 1);
        fx_put(d, d->reg, 8.5f, LINE_COLS[3].x, d->y, FX_TEXT(l, BT_130), 0);
        fx_put(d, d->reg, 8.5f, LINE_COLS[4].x + LINE_COLS[4].w, d->y, FX_TEXT(l, BT_146), 1);
        snprintf(rate, sizeof rate, "%s %s%%", FX_TEXT(l, BT_151) ? FX_TEXT(l, BT_151) : "",
                 FX_TEXT(l, BT_152) ? FX_TEXT(l, BT_152) : "");
        fx_put(d, d->reg, 8.5f, LINE_COLS[5].x + LINE_COLS[5].w, d->y, FX_TEXT(l, BT_152) ? rate : FX_TEXT(l, BT_151), 1);
        fx_put(d, d->reg, 8.5f, LINE_COLS[6].x + LINE_COLS[6].w, d->y, FX_TEXT(l, BT_131), 1);
        d->y -= 10.0f * (float)n + 4.0f;
    }
    fx_table_end(d);
}

static const fx_col AC_COLS[] = {
    {"Allowance / charge", 40.0f, 230.0f, 0}, {"Base", 275.0f, 65.0f, 1}, {"%", 345.0f, 40.0f, 1},
    {"VAT", 390.0f, 60.0f, 1}, {"Amount", 455.0f, 100.0f, 1}};

static void ac_rows(fx_doc *d, const einv_node_t *first, int charge)
{
    const einv_node_t *a;
    char what[512], vat[64];
    for (a = first; a; a = einv_node_next(a)) {
        const char *reason = charge ? FX_TEXT(a, BT_104) : FX_TEXT(a, BT_97);
        const char *code = charge ? FX_TEXT(a, BT_105) : FX_TEXT(a, BT_98);
        int n;
        snprintf(what, sizeof what, "%s%s%s%s%s", charge ? "Charge" : "Allowance", reason ? ": " : "",
                 reason ? reason : "", code ? " / " : "", code ? code : "");
        snprintf(vat, sizeof vat, "%s %s%%", charge ? (FX_TEXT(a, BT_102) ? FX_TEXT(a, BT_102) : "") : (FX_TEXT(a, BT_95) ? FX_TEXT(a, BT_95) : ""),
                 charge ? (FX_TEXT(a, BT_103) ? FX_TEXT(a, BT_103) : "") : (FX_TEXT(a, BT_96) ? FX_TEXT(a, BT_96) : ""));
        n = fx_wrap(d, d->reg, 8.5f, 0, 0, AC_COLS[0].w, 10.0f, what, 0);
        fx_need(d, 10.0f * (float)n + 4.0f);
        fx_wrap(d, d->reg, 8.5f, AC_COLS[0].x, d->y, AC_COLS[0].w, 10.0f, what, 1);
        fx_put(d, d->reg, 8.5f, AC_COLS[1].x + AC_COLS[1].w, d->y, charge ? FX_TEXT(a, BT_100) : FX_TEXT(a, BT_93), 1);
        fx_put(d, d->reg, 8.5f, AC_COLS[2].x + AC_COLS[2].w, d->y, charge ? FX_TEXT(a, BT_101) : FX_TEXT(a, BT_94), 1);
        fx_put(d, d->reg, 8.5f, AC_COLS[3].x + AC_COLS[3].w, d->y, vat, 1);
        fx_put(d, d->reg, 8.5f, AC_COLS[4].x + AC_COLS[4].w, d->y, charge ? FX_TEXT(a, BT_99) : FX_TEXT(a, BT_92), 1);
        d->y -= 10.0f * (float)n + 4.0f;
    }
}

void fx_block_allowances(fx_doc *d)
{
    const einv_node_t *al = FX_GET(d->root, BG_20), *ch = FX_GET(d->root, BG_21);
    if (!al && !ch)
        return;
    fx_table_begin(d, AC_COLS, sizeof AC_COLS / sizeof AC_COLS[0]);
    ac_rows(d, al, 0);
    ac_rows(d, ch, 1);
    fx_table_end(d);
}

static const fx_col VAT_COLS[] = {
    {"VAT category", 40.0f, 60.0f, 0}, {"Rate", 100.0f, 45.0f, 1}, {"Exemption reason", 155.0f, 200.0f, 0},
    {"Taxable amount", 360.0f, 95.0f, 1}, {"VAT amount", 460.0f, 95.0f, 1}};

void fx_block_vat(fx_doc *d)
{
    const einv_node_t *v = FX_GET(d->root, BG_23);
    char why[512];
    if (!v)
        return;
    fx_table_begin(d, VAT_COLS, sizeof VAT_COLS / sizeof VAT_COLS[0]);
    for (; v; v = einv_node_next(v)) {
        const char *reason = join(why, sizeof why, FX_TEXT(v, BT_120), " / ", FX_TEXT(v, BT_121));
        int n = fx_wrap(d, d->reg, 8.5f, 0, 0, VAT_COLS[2].w, 10.0f, reason, 0);
        if (!n)
            n = 1;
        fx_need(d, 10.0f * (float)n + 4.0f);
        fx_put(d, d->reg, 8.5f, VAT_COLS[0].x, d->y, FX_TEXT(v, BT_118), 0);
        fx_put(d, d->reg, 8.5f, VAT_COLS[1].x + VAT_COLS[1].w, d->y, FX_TEXT(v, BT_119), 1);
        fx_wrap(d, d->reg, 8.5f, VAT_COLS[2].x, d->y, VAT_COLS[2].w, 10.0f, reason, 1);
        fx_put(d, d->reg, 8.5f, VAT_COLS[3].x + VAT_COLS[3].w, d->y, FX_TEXT(v, BT_116), 1);
        fx_put(d, d->reg, 8.5f, VAT_COLS[4].x + VAT_COLS[4].w, d->y, FX_TEXT(v, BT_117), 1);
        d->y -= 10.0f * (float)n + 4.0f;
    }
    fx_table_end(d);
}

/* One total: label left of the right column, amount and currency right-aligned. */
static void total(fx_doc *d, const char *label, const einv_node_t *amount, const char *cur, int bold)
{
    char buf[160];
    const char *a = fx_text_of(amount);
    if (!a)
        return;
    fx_need(d, 12.0f);
    snprintf(buf, sizeof buf, "%s %s", a, cur ? cur : "");
    fx_put(d, bold ? d->bold : d->reg, bold ? 10.0f : 8.5f, 330.0f, d->y, label, 0);
    fx_put(d, bold ? d->bold : d->reg, bold ? 10.0f : 8.5f, FX_RIGHT, d->y, buf, 1);
    d->y -= bold ? 14.0f : 11.0f;
}

void fx_block_totals(fx_doc *d)
{
    const einv_node_t *t = FX_GET(d->root, BG_22);
    const char *cur = FX_TEXT(d->root, BT_5), *tcur = FX_TEXT(d->root, BT_6);
    if (!t)
        return;
    fx_need(d, 60.0f);
    total(d, "Sum of line net amounts", FX_GET(t, BT_106), cur, 0);
    total(d, "Allowances", FX_GET(t, BT_107), cur, 0);
    total(d, "Charges", FX_GET(t, BT_108), cur, 0);
    total(d, "Total without VAT", FX_GET(t, BT_109), cur, 0);
    total(d, "VAT", FX_GET(t, BT_110), cur, 0);
    total(d, "VAT in tax currency", FX_GET(t, BT_111), tcur, 0);
    total(d, "Total with VAT", FX_GET(t, BT_112), cur, 0);
    total(d, "Paid in advance", FX_GET(t, BT_113), cur, 0);
    total(d, "Rounding", FX_GET(t, BT_114), cur, 0);
    total(d, "Amount due", FX_GET(t, BT_115), cur, 1);
    d->y -= 8.0f;
}

/* A heading and label/value rows across the page. */
static void section(fx_doc *d, const char *heading)
{
    fx_need(d, 40.0f);
    fx_rule(d, d->y + 10.0f);
    fx_put(d, d->bold, 9.0f, FX_LEFT, d->y, heading, 0);
    d->y -= 13.0f;
}

static void row(fx_doc *d, const char *label, const char *value)
{
    int n;
    if (!value)
        return;
    n = fx_wrap(d, d->reg, 8.5f, 0, 0, 400.0f, 10.0f, value, 0);
    fx_need(d, 10.0f * (float)n);
    d->y = fx_kv(d, FX_LEFT, d->y, 115.0f, 400.0f, label, value);
}

void fx_block_payment(fx_doc *d)
{
    const einv_node_t *r = d->root, *p = FX_GET(r, BG_16), *ct, *card, *dd;
    char buf[256];
    if (!p && !FX_GET(r, BT_20) && !FX_GET(r, BT_9))
        return;
    section(d, "Payment");
    row(d, "Payment means", join(buf, sizeof buf, FX_TEXT(p, BT_81), " \xE2\x80\x93 ", FX_TEXT(p, BT_82)));
    row(d, "Remittance reference", FX_TEXT(p, BT_83));
    row(d, "Due date", FX_TEXT(r, BT_9));
    row(d, "Payment terms", FX_TEXT(r, BT_20));
    for (ct = FX_GET(p, BG_17); ct; ct = einv_node_next(ct)) {
        row(d, "IBAN / account", FX_TEXT(ct, BT_84));
        row(d, "Account name", FX_TEXT(ct, BT_85));
        row(d, "BIC", FX_TEXT(ct, BT_86));
    }
    if ((card = FX_GET(p, BG_18))) {
        row(d, "Card", FX_TEXT(card, BT_87));
        row(d, "Card holder", FX_TEXT(card, BT_88));
    }
    if ((dd = FX_GET(p, BG_19))) {
        row(d, "Mandate reference", FX_TEXT(dd, BT_89));
        row(d, "Creditor ID", FX_TEXT(dd, BT_90));
        row(d, "Debited account", FX_TEXT(dd, BT_91));
    }
}

void fx_block_notes(fx_doc *d)
{
    const einv_node_t *r = d->root, *n;
    if (FX_GET(r, BG_1)) {
        section(d, "Notes");
        for (n = FX_GET(r, BG_1); n; n = einv_node_next(n))
            row(d, FX_TEXT(n, BT_21) ? FX_TEXT(n, BT_21) : "Note", FX_TEXT(n, BT_22) ? FX_TEXT(n, BT_22) : "");
    }
    if (FX_GET(r, BG_24)) {
        char buf[512];
        section(d, "Supporting documents");
        for (n = FX_GET(r, BG_24); n; n = einv_node_next(n))
            row(d, FX_TEXT(n, BT_122) ? FX_TEXT(n, BT_122) : "Document",
                join(buf, sizeof buf, FX_TEXT(n, BT_123), " \xE2\x80\x93 ",
                     FX_GET(n, BT_125) && FX_GET(n, BT_125)->attr[1] ? FX_GET(n, BT_125)->attr[1] : FX_TEXT(n, BT_124)));
    }
}
