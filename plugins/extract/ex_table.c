/* Tables read by their head row (ex_table.h). The head's words name the columns; a figure
 * of a row belongs to the column whose band (between the midpoints to the neighbouring
 * heads) holds its centre, a text cell to the one its left edge starts in. A row is a line
 * with a figure in the amount column; text lines without one continue the description of
 * the row above (or, above the first row, of the row below). The table ends at a totals
 * label, a wide gap or the end of the page. */
#include "ex_table.h"
#include "ex_labels.h"
#include "ex_totals.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { C_POS, C_DESC, C_QTY, C_UNIT, C_PRICE, C_DISC, C_RATE, C_TAX, C_AMOUNT, C_GROSS, C_KINDS };

typedef struct { const char *w; int kind; } hw_t;

/* head words, folded (lower case, no accents), one to three words */
static const hw_t HEADS[] = {
    {"pos", C_POS}, {"pos.", C_POS}, {"position", C_POS}, {"nr", C_POS}, {"nr.", C_POS}, {"no", C_POS},
    {"no.", C_POS}, {"#", C_POS}, {"n°", C_POS}, {"lfd. nr.", C_POS}, {"ligne", C_POS}, {"line", C_POS},
    /* an article number's column is not the description's either */
    {"art.", C_POS}, {"art.-nr.", C_POS}, {"art.-nr", C_POS}, {"artikelnr.", C_POS}, {"artikel-nr.", C_POS},
    {"artikelnummer", C_POS}, {"art-nr.", C_POS}, {"item no.", C_POS}, {"item #", C_POS}, {"sku", C_POS},
    {"code", C_POS}, {"ref.", C_POS}, {"ref", C_POS}, {"reference", C_POS}, {"codice", C_POS}, {"cod.", C_POS},
    {"part no.", C_POS}, {"product code", C_POS}, {"item code", C_POS},
    {"bezeichnung", C_DESC}, {"beschreibung", C_DESC}, {"artikel", C_DESC}, {"artikelbezeichnung", C_DESC},
    {"leistung", C_DESC}, {"leistungen", C_DESC}, {"leistungsbeschreibung", C_DESC}, {"produkt", C_DESC},
    {"text", C_DESC}, {"artikel / leistung", C_DESC}, {"description", C_DESC}, {"item", C_DESC},
    {"items", C_DESC}, {"product", C_DESC}, {"products", C_DESC}, {"service", C_DESC}, {"services", C_DESC},
    {"details", C_DESC}, {"item description", C_DESC}, {"designation", C_DESC}, {"libelle", C_DESC},
    {"article", C_DESC}, {"produit", C_DESC}, {"prestation", C_DESC}, {"prestations", C_DESC},
    {"descrizione", C_DESC}, {"articolo", C_DESC}, {"prodotto", C_DESC}, {"servizio", C_DESC},
    {"oggetto", C_DESC}, {"denominazione", C_DESC}, {"articolo / servizio", C_DESC}, {"material", C_DESC},
    {"menge", C_QTY}, {"anzahl", C_QTY}, {"anz.", C_QTY}, {"qty", C_QTY}, {"qty.", C_QTY}, {"quantity", C_QTY},
    {"quantite", C_QTY}, {"qte", C_QTY}, {"qte.", C_QTY}, {"quantita", C_QTY}, {"q.ta", C_QTY}, {"qta", C_QTY},
    {"q.ta'", C_QTY}, {"hours", C_QTY}, {"hrs", C_QTY}, {"stunden", C_QTY}, {"nombre", C_QTY}, {"nb", C_QTY},
    {"einheit", C_UNIT}, {"me", C_UNIT}, {"eh", C_UNIT}, {"unit", C_UNIT}, {"unite", C_UNIT}, {"u.", C_UNIT},
    {"um", C_UNIT}, {"u.m.", C_UNIT}, {"unita", C_UNIT}, {"mengeneinheit", C_UNIT}, {"uom", C_UNIT},
    {"einzelpreis", C_PRICE}, {"ep", C_PRICE}, {"preis", C_PRICE}, {"stuckpreis", C_PRICE},
    {"e-preis", C_PRICE}, {"preis/einheit", C_PRICE}, {"preis / einheit", C_PRICE}, {"einzelpreis netto", C_PRICE},
    {"unit price", C_PRICE}, {"price", C_PRICE}, {"rate", C_PRICE}, {"unit cost", C_PRICE},
    {"price per unit", C_PRICE}, {"unit rate", C_PRICE}, {"prix unitaire", C_PRICE}, {"prix", C_PRICE},
    {"pu", C_PRICE}, {"p.u.", C_PRICE}, {"pu ht", C_PRICE}, {"p.u. ht", C_PRICE}, {"prix u.", C_PRICE},
    {"prix unit.", C_PRICE}, {"prix unitaire ht", C_PRICE}, {"tarif", C_PRICE}, {"prezzo", C_PRICE},
    {"prezzo unitario", C_PRICE}, {"prezzo unit.", C_PRICE}, {"prezzo un.", C_PRICE},
    {"rabatt", C_DISC}, {"discount", C_DISC}, {"remise", C_DISC}, {"sconto", C_DISC}, {"nachlass", C_DISC},
    {"allowances", C_DISC}, {"allowances / charges", C_DISC}, {"rab.", C_DISC}, {"disc.", C_DISC},
    {"mwst", C_RATE}, {"mwst.", C_RATE}, {"ust", C_RATE}, {"ust.", C_RATE}, {"vat", C_RATE}, {"tax", C_RATE},
    {"tva", C_RATE}, {"iva", C_RATE}, {"steuer", C_RATE}, {"%", C_RATE}, {"mwst %", C_RATE},
    {"mwst.-satz", C_RATE}, {"ust-satz", C_RATE}, {"steuersatz", C_RATE}, {"taux", C_RATE},
    {"taux tva", C_RATE}, {"tva %", C_RATE}, {"% tva", C_RATE}, {"aliquota", C_RATE}, {"% iva", C_RATE},
    {"iva %", C_RATE}, {"vat %", C_RATE}, {"vat rate", C_RATE}, {"tax rate", C_RATE}, {"tax %", C_RATE},
    {"betrag", C_AMOUNT}, {"gesamt", C_AMOUNT}, {"gesamtpreis", C_AMOUNT}, {"summe", C_AMOUNT},
    {"nettobetrag", C_AMOUNT}, {"gesamt netto", C_AMOUNT}, {"netto", C_AMOUNT}, {"wert", C_AMOUNT},
    {"positionsbetrag", C_AMOUNT}, {"total", C_AMOUNT}, {"amount", C_AMOUNT}, {"line total", C_AMOUNT},
    {"net amount", C_AMOUNT}, {"total price", C_AMOUNT}, {"subtotal", C_AMOUNT}, {"net", C_AMOUNT},
    {"montant", C_AMOUNT}, {"montant ht", C_AMOUNT}, {"total ht", C_AMOUNT}, {"prix total", C_AMOUNT},
    {"prix total ht", C_AMOUNT}, {"ht", C_AMOUNT}, {"importo", C_AMOUNT}, {"totale", C_AMOUNT},
    {"imponibile", C_AMOUNT}, {"valore", C_AMOUNT}, {"prix ht", C_AMOUNT},
    {"brutto", C_GROSS}, {"ttc", C_GROSS}, {"total ttc", C_GROSS}, {"montant ttc", C_GROSS},
    {"gross", C_GROSS}, {"gesamt brutto", C_GROSS}, {"bruttobetrag", C_GROSS},
};

/* words that belong to the head before them: "(€)", "netto", "HT", "in EUR" */
static const char *const MODS[] = {"(€)", "€", "eur", "(eur)", "in", "netto", "net", "ht", "h.t.", "excl.",
                                   "incl.", "/", "-", "(%)", "[€]", "[eur]", "chf", "usd", "gbp", "$", "£", NULL};

typedef struct col {
    int kind;
    double x0, x1;
} col_t;

typedef struct head {
    int line, last_line;
    col_t c[16];
    int n;
} head_t;

static void fold_word(const char *t, char *out, size_t size)
{
    size_t n;
    ex_fold(t, out, size);
    n = strlen(out);
    while (n && (out[n - 1] == ':' || out[n - 1] == ','))
        out[--n] = '\0';
}

static int ends_with(const char *s, const char *e)
{
    size_t n = strlen(s), k = strlen(e);
    return n > k && !strcmp(s + n - k, e);
}

static int head_kind(const char *f)
{
    size_t i;
    for (i = 0; i < sizeof HEADS / sizeof *HEADS; i++)
        if (!strcmp(f, HEADS[i].w))
            return HEADS[i].kind;
    /* German compounds: "Netto-Preis", "Stückpreis", "Positionsbetrag", "Liefermenge" */
    if (ends_with(f, "gesamtpreis") || ends_with(f, "endpreis") || ends_with(f, "betrag") || ends_with(f, "summe"))
        return C_AMOUNT;
    if (ends_with(f, "preis"))
        return C_PRICE;
    if (ends_with(f, "menge"))
        return C_QTY;
    return -1;
}

static int is_mod(const char *f)
{
    int i;
    for (i = 0; MODS[i]; i++)
        if (!strcmp(f, MODS[i]))
            return 1;
    return 0;
}

/* Read line li as a table head into h: 1 when it names a description or quantity column
 * and an amount or price column, three kinds at least, and holds no figure. */
static int read_head(const ex_doc_t *d, int li, head_t *h)
{
    const ex_line_t *l = &d->lines[li];
    int w0 = d->segs[l->s0].w0, w1 = d->segs[l->s1 - 1].w1, w = w0, unknown = 0, kinds = 0, k;
    unsigned seen = 0;
    memset(h, 0, sizeof *h);
    h->line = h->last_line = li;
    while (w < w1) {
        int best = -1, bk = 0;
        char buf[96] = "", f[96];
        /* the longest phrase of up to three words in one segment that is a head word */
        for (k = 1; k <= 3 && w + k <= w1; k++) {
            int kind;
            if (d->words[w + k - 1].seg != d->words[w].seg)
                break;
            if (k > 1)
                strncat(buf, " ", sizeof buf - strlen(buf) - 1);
            strncat(buf, d->words[w + k - 1].text, sizeof buf - strlen(buf) - 1);
            fold_word(buf, f, sizeof f);
            if ((kind = head_kind(f)) >= 0)
                best = kind, bk = k;
        }
        fold_word(d->words[w].text, f, sizeof f);
        if (best >= 0) {
            col_t *c = &h->c[h->n < 16 ? h->n : 15];
            /* "Unit | Price" as two words of one head: a unit head right before a price
             * head in the same segment is the price's */
            if (h->n && best == C_PRICE && h->c[h->n - 1].kind == C_UNIT &&
                d->words[w].seg == d->words[w - 1].seg) {
                h->c[h->n - 1].kind = C_PRICE;
                h->c[h->n - 1].x1 = d->words[w + bk - 1].x1;
            } else if (h->n < 16) {
                c->kind = best, c->x0 = d->words[w].x0, c->x1 = d->words[w + bk - 1].x1;
                h->n++;
            }
            seen |= 1u << best;
            w += bk;
        } else if (is_mod(f) && h->n && d->words[w].seg == d->words[w - 1].seg) {
            col_t *c = &h->c[h->n - 1];
            c->x1 = d->words[w].x1;
            if (!strcmp(f, "ttc") && c->kind == C_AMOUNT)
                c->kind = C_GROSS;
            w++;
        } else {
            ex_num_t num;
            if (ex_parse_num(d->words[w].text, -1, &num) && !num.percent)
                return 0;   /* a figure: a row, not a head */
            unknown++;
            w++;
        }
    }
    for (k = 0; k < C_KINDS; k++)
        kinds += (seen >> k) & 1u;
    return kinds >= 3 && (seen & ((1u << C_AMOUNT) | (1u << C_GROSS))) &&
           (seen & ((1u << C_DESC) | (1u << C_QTY))) && unknown <= h->n + 1;
}

/* The column of a box: figures by their centre, text by its left edge, in the bands
 * between the midpoints of neighbouring heads. */
static int col_of(const head_t *h, double x0, double x1, int text)
{
    double x = text ? x0 + 2 : (x0 + x1) / 2;
    int i;
    for (i = 0; i < h->n; i++) {
        double lo = i ? (h->c[i - 1].x1 + h->c[i].x0) / 2 : -1e9;
        double hi = i + 1 < h->n ? (h->c[i].x1 + h->c[i + 1].x0) / 2 : 1e9;
        if (x >= lo && x < hi)
            return i;
    }
    return -1;
}

static int64_t mul_round(int64_t qty_milli, int64_t price_cents)
{
    int64_t x = qty_milli * price_cents;
    return (x + (x >= 0 ? 500 : -500)) / 1000;
}

static void append(char *dst, size_t size, const char *s)
{
    size_t n = strlen(dst);
    if (n && n + 1 < size)
        dst[n++] = ' ', dst[n] = '\0';
    snprintf(dst + n, size - n, "%s", s);
}

/* What line li holds in the columns of h: figures by column, the text of the description
 * column, a unit word, a rate. 1 when the amount column (or, without one, the gross
 * column) has an amount. */
typedef struct rowv {
    int have[C_KINDS];
    ex_num_t v[C_KINDS];
    int w[C_KINDS];
    char desc[256];
    const char *unit;
    int64_t rate;
    int label;      /* a totals label on the line */
    double desc_x1; /* where the description text ends */
} rowv_t;

static int read_row(const ex_doc_t *d, int dec_comma, const head_t *h, int li, rowv_t *r)
{
    ex_tok_t t[32];
    const ex_line_t *l = &d->lines[li];
    size_t n = ex_line_numbers(d, l, dec_comma, t, 32), i;
    int s, amount_col = -1, desc_col = -1, used[32], n_used = 0, k, pass;
    memset(r, 0, sizeof *r);
    r->rate = -1;
    for (k = 0; k < h->n; k++) {
        if (h->c[k].kind == C_AMOUNT && amount_col < 0)
            amount_col = k;
        if (h->c[k].kind == C_DESC && desc_col < 0)
            desc_col = k;
    }
    if (amount_col < 0)
        for (k = 0; k < h->n; k++)
            if (h->c[k].kind == C_GROSS)
                amount_col = k;
    /* pass 0 the figures printed apart; pass 1 those inside a text cell of the description
     * column ("Schrauben (1 kg)" running past the column's middle), for a column still empty */
    for (pass = 0; pass < 2; pass++)
    for (i = 0; i < n; i++) {
        const ex_word_t *a = &d->words[t[i].w], *b = &d->words[t[i].w_end];
        int c = col_of(h, a->x0, b->x1, 0), kind, in_text = 0;
        char iso[11];
        if (c < 0 || ex_find_date(a->text, iso, NULL, NULL))
            continue;
        for (s = l->s0; s < l->s1; s++)
            if (d->segs[s].w0 < t[i].w && t[i].w < d->segs[s].w1) {
                int sc = col_of(h, d->segs[s].x0, d->segs[s].x1, 1);
                in_text = sc >= 0 && sc != c && h->c[sc].kind == C_DESC;
            }
        if (in_text != pass)
            continue;
        kind = h->c[c].kind;
        if (t[i].num.percent || (t[i].w_end + 1 < (int)d->n_words && d->words[t[i].w_end + 1].line == li &&
                                 !strcmp(d->words[t[i].w_end + 1].text, "%"))) {
            if (ex_num_scaled(&t[i].num, 2) <= 3000 && kind != C_DISC && !(pass && r->rate >= 0))
                r->rate = ex_num_scaled(&t[i].num, 2);
            if (n_used < 32) used[n_used++] = t[i].w;
            continue;
        }
        if (kind == C_DESC || kind == C_POS || kind == C_UNIT)
            continue;   /* a number of the text ("M8 x 40") or a position */
        if (r->have[kind])
            continue;   /* the first figure of the column: "20,00 | - 1,00 | = 19,00" */
        r->have[kind] = 1, r->v[kind] = t[i].num, r->w[kind] = t[i].w;
        if (n_used < 32) used[n_used++] = t[i].w;
    }
    /* text cells: the description column's, a unit word in the unit or quantity column */
    for (s = l->s0; s < l->s1; s++) {
        const ex_seg_t *sg = &d->segs[s];
        int c = col_of(h, sg->x0, sg->x1, 1), kind = c >= 0 ? h->c[c].kind : -1, w;
        int sk = 0, tk = ex_totals_label(sg->text, &sk);
        if (tk >= 0 && sk && tk != EXT_TAX && tk != EXT_ALLOW && tk != EXT_CHARGE)
            r->label = 1;
        for (w = sg->w0; w < sg->w1; w++) {
            const char *u = ex_unit_code(d->words[w].text);
            int j, taken = 0;
            for (j = 0; j < n_used; j++)
                taken |= used[j] == w;
            if (taken)
                continue;
            if (u && (kind == C_UNIT || kind == C_QTY || (kind == C_PRICE && w > sg->w0))) {
                r->unit = u;
                continue;
            }
            if (kind == C_DESC || (desc_col < 0 && kind != C_POS && kind != C_UNIT)) {
                ex_num_t num;
                /* the row's figures sit in their columns; a number of the text stays */
                if (kind != C_DESC && ex_parse_num(d->words[w].text, dec_comma, &num))
                    continue;
                append(r->desc, sizeof r->desc, d->words[w].text);
                if (d->words[w].x1 > r->desc_x1)
                    r->desc_x1 = d->words[w].x1;
            }
        }
    }
    if (!r->unit && r->have[C_QTY]) {
        /* "5 kg" in the quantity column, or "5kg" */
        int w = r->w[C_QTY];
        if (w + 1 < (int)d->n_words && d->words[w + 1].line == li)
            r->unit = ex_unit_code(d->words[w + 1].text);
    }
    if (amount_col < 0)
        return 0;
    k = h->c[amount_col].kind;
    return r->have[k] && (r->v[k].decimals == 2 || r->v[k].decimals == 0);
}

/* The row's item from its columns; the price from amount / quantity when no price is
 * printed; a confidence by whether quantity x price gives the amount. */
static void row_item(const rowv_t *r, int amount_kind, int has_qty_col, int ocr, int li, ex_item_t *it)
{
    int64_t n = ex_num_scaled(&r->v[amount_kind], 2), q = 1000, p;
    memset(it, 0, sizeof *it);
    it->line = li;
    it->net_w = r->w[amount_kind];
    it->net_cents = n;
    it->rate_cents = r->rate;
    it->unit = r->unit;
    snprintf(it->desc, sizeof it->desc, "%s", r->desc);
    if (r->have[C_QTY] && r->v[C_QTY].decimals <= 3 && r->v[C_QTY].v != 0)
        q = ex_num_scaled(&r->v[C_QTY], 3);
    it->qty_milli = q;
    if (r->have[C_PRICE]) {
        p = ex_num_scaled(&r->v[C_PRICE], 2);
        it->price_cents = p;
        if (mul_round(q, p) == n)
            it->conf = 0.9f;
        else if (r->have[C_DISC])
            it->conf = 0.6f;   /* a discount between them */
        else if (p > 0 && (n * 1000) % p == 0 && n / p > 0 && n / p < 100000 && (ocr || !r->have[C_QTY])) {
            /* the quantity misread by OCR or not in its column: the amount over the price */
            it->qty_milli = n * 1000 / p;
            it->conf = 0.5f;
            it->derived = 1;
        } else
            it->conf = 0.45f;
    } else {
        /* no price column: the amount over the quantity, to the cent */
        int64_t x = n * 1000;
        it->price_cents = q ? (x + (x >= 0 ? q / 2 : -q / 2)) / q : n;
        it->conf = mul_round(q, it->price_cents) == n ? 0.8f : 0.5f;
    }
    if (!it->desc[0])
        it->conf *= 0.6f;
    if (has_qty_col && !r->have[C_QTY] && !it->derived)
        it->conf *= 0.6f;   /* the quantity column holds nothing readable: 1 is a guess */
    it->derived |= !r->have[C_PRICE] || (has_qty_col && !r->have[C_QTY]);
    if (it->derived && it->conf > 0.5f)
        it->conf = 0.5f;   /* a row read in full by another reading or finder outweighs it */
}

static int push(ex_items_t *it, size_t *cap, const ex_item_t *x)
{
    if (it->n == *cap) {
        size_t c = *cap ? 2 * *cap : 16;
        ex_item_t *p = realloc(it->items, c * sizeof *p);
        if (!p)
            return -1;
        it->items = p, *cap = c;
    }
    it->items[it->n++] = *x;
    return 0;
}

/* The right edge of the description column's band (where a full line of it wraps). */
static double desc_right(const head_t *h)
{
    int i;
    for (i = 0; i < h->n; i++)
        if (h->c[i].kind == C_DESC)
            return i + 1 < h->n ? (h->c[i].x1 + h->c[i + 1].x0) / 2 : h->c[i].x1 + 200;
    return 1e9;
}

/* Text starts with a lower-case letter (ASCII or Latin-1 à..ÿ), or the text before it ends
 * as if it went on ("-", ","). */
static int goes_on(const char *before, const char *t)
{
    size_t n = strlen(before);
    return islower((unsigned char)t[0]) || ((unsigned char)t[0] == 0xC3 && (unsigned char)t[1] >= 0xA0) ||
           (n && (before[n - 1] == '-' || before[n - 1] == ','));
}

/* The rows under head h, from its last line to the end of the table. */
static int read_table(const ex_doc_t *d, int dec_comma, const head_t *h, ex_items_t *it, size_t *cap)
{
    size_t li;
    int amount_kind = C_AMOUNT, k, have_amount = 0, first = 1, has_qty = 0;
    double pitch = 0, last_y = d->lines[h->last_line].y1, right = desc_right(h), row_x1 = 0;
    double widest = 0;   /* the widest description line: full lines wrap near it */
    char pending[256] = "";
    for (k = 0; k < h->n; k++)
        have_amount |= h->c[k].kind == C_AMOUNT, has_qty |= h->c[k].kind == C_QTY;
    if (!have_amount)
        amount_kind = C_GROSS;
    for (li = (size_t)h->last_line + 1; li < d->n_lines; li++) {
        const ex_line_t *l = &d->lines[li];
        rowv_t r;
        head_t other;
        double lh = l->y1 - l->y0;
        if (l->page != d->lines[h->line].page)
            break;   /* a table goes on under the head its next page repeats */
        if (l->y0 - last_y > (pitch > 0 ? 3.5 * pitch : 6.0 * lh) + 4)
            break;
        if (read_head(d, (int)li, &other))
            break;
        if (read_row(d, dec_comma, h, (int)li, &r)) {
            ex_item_t x;
            if (r.label)
                break;   /* "Total HT  2 535,00" under the table */
            row_item(&r, amount_kind, has_qty, d->ocr_pages > 0, (int)li, &x);
            if (pending[0]) {
                /* description lines above the first row (cells aligned at the bottom) */
                char buf[256];
                snprintf(buf, sizeof buf, "%s", pending);
                append(buf, sizeof buf, x.desc);
                snprintf(x.desc, sizeof x.desc, "%s", buf);
                pending[0] = '\0';
            }
            if (push(it, cap, &x) != 0)
                return -1;
            row_x1 = r.desc_x1;
            if (r.desc_x1 > widest)
                widest = r.desc_x1;
            if (!first && pitch <= 0)
                pitch = l->y0 - last_y + lh;
            first = 0;
            last_y = l->y1;
            continue;
        }
        {
            /* a text line: the description of the row above goes on, unless it is a
             * "Label: value" attribute or a totals label */
            int sk = 0, tk = ex_totals_label(d->segs[l->s0].text, &sk), c;
            const ex_seg_t *sg = &d->segs[l->s0];
            c = col_of(h, sg->x0, sg->x1, 1);
            if (tk >= 0 && sk && tk != EXT_ALLOW && tk != EXT_CHARGE)
                break;
            /* the table goes on over its rows' attribute lines and cells of several lines:
             * a gap ends it when measured from the last of them */
            last_y = l->y1;
            if (!r.desc[0] || c < 0 || h->c[c].kind != C_DESC)
                continue;
            if (strchr(r.desc, ':') && strchr(r.desc, ':') - r.desc < 40)
                continue;   /* "Product Description: ...": an attribute, not the name */
            if (it->n && !first && l->y0 - last_y < 1.2 * lh + 2 && l->page == d->lines[it->items[it->n - 1].line].page) {
                /* the name goes on when its line was full (it ends near the column's
                 * edge or the widest description) or the text reads on; a shorter line
                 * under it is the item's detail ("Annual subscription"), not its name */
                double edge = right < 1e8 ? right : widest;
                const char *prev = it->items[it->n - 1].desc;
                if (row_x1 >= edge - 0.25 * (edge - sg->x0) || row_x1 >= widest - 12 || goes_on(prev, r.desc)) {
                    append(it->items[it->n - 1].desc, sizeof it->items[0].desc, r.desc);
                    row_x1 = r.desc_x1;
                }
            }
            else if (first)
                append(pending, sizeof pending, r.desc);
            last_y = l->y1;
        }
    }
    return 0;
}

int ex_table_find(const ex_doc_t *d, int dec_comma, ex_items_t *it)
{
    size_t li, cap = 0;
    memset(it, 0, sizeof *it);
    it->dec_comma = dec_comma;
    it->first_total_line = -1;
    for (li = 0; li < d->n_lines; li++) {
        head_t h;
        if (!read_head(d, (int)li, &h))
            continue;
        /* a head on two lines ("Allowances /" over "Charges"): the line below joins it
         * when it holds head words only */
        if (li + 1 < d->n_lines && d->lines[li + 1].page == d->lines[li].page &&
            d->lines[li + 1].y0 - d->lines[li].y1 < 0.8 * (d->lines[li].y1 - d->lines[li].y0)) {
            head_t h2;
            ex_tok_t t[4];
            if (!read_head(d, (int)li + 1, &h2) && ex_line_numbers(d, &d->lines[li + 1], dec_comma, t, 4) == 0) {
                int s, wordy = 0;
                for (s = d->lines[li + 1].s0; s < d->lines[li + 1].s1; s++)
                    wordy += strlen(d->segs[s].text) > 24;
                if (!wordy)
                    h.last_line = (int)li + 1;
            }
        }
        if (read_table(d, dec_comma, &h, it, &cap) != 0)
            return -1;
        li = (size_t)h.last_line;
    }
    if (it->n) {
        size_t i;
        it->net = 0;
        for (i = 0; i < it->n; i++)
            it->net += it->items[i].net_cents;
        ex_items_breakdown(it);
        it->gross = it->net + it->tax;
    }
    return 0;
}

size_t ex_items_arith_ok(const ex_items_t *it)
{
    size_t i, n = 0;
    for (i = 0; i < it->n; i++)
        n += !it->items[i].derived && mul_round(it->items[i].qty_milli, it->items[i].price_cents) == it->items[i].net_cents;
    return n;
}
