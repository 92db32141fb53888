/* Canonical model -> INVOIC02 items: one E1EDP01 per invoice line with its references
 * (E1EDP02), object identification (E1EDP19), amounts (E1EDP26), conditions (E1EDP05),
 * taxes (E1EDP04) and texts (E1EDPT1), read back by idoc_map.c's line(). The item name goes
 * to E1EDP19 KTEXT when it fits its 40 characters, else to the first item text, where the
 * import looks for it next, and the description to the text after it; a line id longer than
 * POSEX to the text ZLID (idoc_map.h). */
#include "idoc_export_int.h"
#include <stdio.h>
#include <string.h>

static size_t chars(const char *s)
{
    size_t n = 0;
    for (; s && *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static void object_id(ix_t *x, const char *qualf, const einv_node_t *id, const einv_node_t *name)
{
    if (!ix_text(id) && !ix_text(name))
        return;
    ix_open(x, "E1EDP19");
    xo_leaf(x->b, "QUALF", qualf, NULL, NULL, NULL, NULL);
    ix_field(x, "IDTNR", ix_text(id), 35, id);
    ix_field(x, "KTEXT", ix_text(name), 40, name);
    ix_close(x, "E1EDP19");
}

static int blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Where to end a TDLINE of at most IDOC_TDLINE_LEN characters of s so that the next one
 * continues it (TDFORMAT "="): between two characters that are not blank, since the import
 * trims every line; at the full length when there is no such place. */
static size_t cut_at(const char *s, size_t k)
{
    size_t c = k;
    while (c > 0) {
        if (!blank(s[c - 1]) && !blank(s[c]))
            return c;
        c--;
        while (c > 0 && ((unsigned char)s[c] & 0xC0) == 0x80)
            c--;
    }
    return k;
}

/* An item text E1EDPT1 `tdid` holding the whole value: lines of 70 characters, the first
 * "*" (new paragraph), the others "=" (continuous text), joined back without separator. */
static void item_text(ix_t *x, const char *tdid, const einv_node_t *n)
{
    const char *s = ix_text(n);
    int cut, first = 1;
    if (!s)
        return;
    ix_open(x, "E1EDPT1");
    xo_leaf(x->b, "TDID", tdid, NULL, NULL, NULL, NULL);
    while (*s) {
        size_t k = ix_prefix_bytes(s, IDOC_TDLINE_LEN, &cut);
        char buf[IDOC_TDLINE_LEN * 4 + 1];
        if (cut)
            k = cut_at(s, k);
        memcpy(buf, s, k);
        buf[k] = 0;
        ix_open(x, "E1EDPT2");
        xo_leaf(x->b, "TDLINE", buf, NULL, NULL, NULL, NULL);
        xo_leaf(x->b, "TDFORMAT", first ? "*" : "=", NULL, NULL, NULL, NULL);
        ix_close(x, "E1EDPT2");
        s += k;
        first = 0;
    }
    ix_close(x, "E1EDPT1");
}

static void line_conditions(ix_t *x, const einv_node_t *l)
{
    static const einv_term T[2][5] = {{EINV_T_BG_27, EINV_T_BT_136, EINV_T_BT_138, EINV_T_BT_139, EINV_T_BT_137},
                                      {EINV_T_BG_28, EINV_T_BT_141, EINV_T_BT_143, EINV_T_BT_144, EINV_T_BT_142}};
    int k;
    for (k = 0; k < 2; k++) {
        const einv_node_t *a;
        for (a = einv_node_get(l, T[k][0]); a; a = einv_node_next(a)) {
            ix_open(x, "E1EDP05");
            xo_leaf(x->b, "ALCKZ", k ? "+" : "-", NULL, NULL, NULL, NULL);
            xo_leaf(x->b, "KSCHL", k ? IDOC_COND_LINE_CHARGE : IDOC_COND_LINE_ALLOWANCE, NULL, NULL, NULL, NULL);
            ix_field(x, "KOTXT", ix_text(einv_node_get(a, T[k][3])), 80, einv_node_get(a, T[k][3]));
            ix_num(x, "BETRG", einv_node_get(a, T[k][1]));
            ix_num(x, "KPERC", einv_node_get(a, T[k][2]));
            ix_num(x, "KOBAS", einv_node_get(a, T[k][4]));
            ix_close(x, "E1EDP05");
        }
    }
}

static void line(ix_t *x, const einv_node_t *l, size_t pos)
{
    const einv_node_t *name = IX_GET(l, BT_153), *detail = IX_GET(l, BT_154), *sid = IX_GET(l, BT_155);
    const einv_node_t *std = IX_GET(l, BT_157), *cat = IX_GET(l, BT_151), *rate = IX_GET(l, BT_152);
    const einv_node_t *bq = IX_GET(l, BT_149), *order = IX_GET(l, BT_132);
    int short_name = chars(ix_text(name)) <= 40;
    const einv_node_t *id = IX_GET(l, BT_126);
    int long_id = chars(ix_text(id)) > IDOC_POSEX_LEN;
    char code[32], posex[16];
    ix_open(x, "E1EDP01");
    /* a longer id: the position as item number (§8: renumber), the id whole in text ZLID */
    snprintf(posex, sizeof posex, "%zu", pos);
    ix_field(x, "POSEX", long_id ? posex : ix_text(id), IDOC_POSEX_LEN, id);
    ix_num(x, "MENGE", IX_GET(l, BT_129));
    ix_field(x, "MENEE", ix_unit(x, ix_text(IX_GET(l, BT_130))), 3, IX_GET(l, BT_130));
    if (bq)
        ix_field(x, "PMENE", ix_unit(x, ix_text(IX_GET(l, BT_150))), 3, IX_GET(l, BT_150));
    ix_num(x, "VPREI", IX_GET(l, BT_146));
    ix_num(x, "PEINH", bq);
    ix_num(x, "NETWR", IX_GET(l, BT_131));
    ix_field(x, "CURCY", ix_text(IX_GET(x->root, BT_5)), 3, IX_GET(x->root, BT_5));
    ix_num(x, "PREIS", IX_GET(l, BT_148));
    if (ix_text(order)) {
        ix_open(x, "E1EDP02");
        xo_leaf(x->b, "QUALF", "001", NULL, NULL, NULL, NULL);
        ix_field(x, "BELNR", ix_text(IX_GET(x->root, BT_13)), 35, IX_GET(x->root, BT_13));
        ix_field(x, "ZEILE", ix_text(order), 6, order);
        ix_close(x, "E1EDP02");
    }
    object_id(x, "002", sid, short_name ? name : NULL);
    object_id(x, "001", IX_GET(l, BT_156), NULL);
    if (std && std->attr[0] && !strcmp(std->attr[0], "0160"))
        object_id(x, "003", std, NULL);
    else if (std)
        ix_lost(x, std, "E1EDP19 003 carries GTINs (scheme 0160) only");
    ix_open(x, "E1EDP26");
    xo_leaf(x->b, "QUALF", "003", NULL, NULL, NULL, NULL);
    ix_num(x, "BETRG", IX_GET(l, BT_131));
    ix_close(x, "E1EDP26");
    line_conditions(x, l);
    if (cat || rate) {
        ix_open(x, "E1EDP04");
        ix_field(x, "MWSKZ", ix_tax_code(x, ix_text(cat), ix_text(rate), code, sizeof code, cat), 7, cat);
        ix_num(x, "MSATZ", rate);
        ix_close(x, "E1EDP04");
    }
    if (short_name)
        item_text(x, "0001", detail);
    else {   /* the name in the first item text (the import's next place for it), then the description */
        item_text(x, "0001", name);
        item_text(x, "0002", detail);
    }
    if (long_id)
        item_text(x, IDOC_TDID_LINE_ID, id);
    ix_close(x, "E1EDP01");
}

void ix_lines(ix_t *x)
{
    const einv_node_t *l;
    size_t pos = 1;
    for (l = IX_GET(x->root, BG_25); l; l = einv_node_next(l), pos++)
        line(x, l, pos);
}
