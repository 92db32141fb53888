/* Item rows: a row holds a quantity q, a price p and a net n (left to right, p and n with
 * two decimals) with round_half_up(q x p) = n. The arithmetic finds the rows in any table
 * layout and tells the columns apart; what is left of the row is description, unit word,
 * position number and rate. */
#include "ex_items.h"
#include "ex_shape.h"
#include "ex_labels.h"
#include "ex_read.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef ex_tok_t tok_t;

/* The description column of a row: its text's left and right edge, the first figure's left. */
typedef struct desc_col {
    double x0, x1, nx0;
} desc_col_t;

static int guess_dec_comma(const ex_doc_t *d)
{
    size_t i;
    int comma = 0, dot = 0;
    for (i = 0; i < d->n_words; i++) {
        const char *t = d->words[i].text;
        size_t n = strlen(t);
        while (n && !isdigit((unsigned char)t[n - 1]))
            n--;
        if (n >= 4 && isdigit((unsigned char)t[n - 1]) && isdigit((unsigned char)t[n - 2])) {
            if (t[n - 3] == ',' && isdigit((unsigned char)t[n - 4])) comma++;
            if (t[n - 3] == '.' && isdigit((unsigned char)t[n - 4])) dot++;
        }
    }
    return comma > dot ? 1 : 0;
}


/* "8h", "25kg": a quantity with its unit word glued on; the unit code or NULL. */
static const char *glued_unit(const char *t, int dec_comma, ex_num_t *num)
{
    char buf[32];
    size_t i = 0;
    while (t[i] && (isdigit((unsigned char)t[i]) || t[i] == ',' || t[i] == '.'))
        i++;
    if (!i || !t[i] || i >= sizeof buf || !ex_unit_code(t + i))
        return NULL;
    memcpy(buf, t, i);
    buf[i] = '\0';
    return ex_parse_num(buf, dec_comma, num) ? ex_unit_code(t + i) : NULL;
}

size_t ex_line_numbers(const ex_doc_t *d, const ex_line_t *l, int dec_comma, tok_t *out, size_t max)
{
    size_t n = 0;
    int s, w;
    for (s = l->s0; s < l->s1; s++) {
        const ex_seg_t *sg = &d->segs[s];
        for (w = sg->w0; w < sg->w1 && n < max; w++) {
            char buf[64];
            int k = w;
            ex_num_t num;
            {   /* OCR glues a rule's underscore to a figure: "_2,826.00" */
                const char *wt = d->words[w].text;
                while (d->words[w].conf < 1.0f && *wt == '_' && isdigit((unsigned char)wt[1 + (wt[1] == '_')]))
                    wt++;
                snprintf(buf, sizeof buf, "%s", wt);
            }
            /* OCR splits "1657,36" after the mark: "1657," "36" */
            {
                size_t bl = strlen(buf);
                const char *nx = w + 1 < sg->w1 ? d->words[w + 1].text : "";
                int two = isdigit((unsigned char)nx[0]) && isdigit((unsigned char)nx[1]) &&
                          (!nx[2] || !isalnum((unsigned char)nx[2]));
                int group = isdigit((unsigned char)nx[0]) && isdigit((unsigned char)nx[1]) &&
                            isdigit((unsigned char)nx[2]) && (nx[3] == '.' || nx[3] == ',') &&
                            isdigit((unsigned char)nx[4]) && isdigit((unsigned char)nx[5]);
                if (bl >= 2 && (buf[bl - 1] == ',' || buf[bl - 1] == '.') && isdigit((unsigned char)buf[bl - 2]) &&
                    (two || group) && bl + strlen(nx) < sizeof buf) {
                    strcat(buf, nx);
                    k++;
                }
            }
            /* join "1 234,56": a 1-3 digit word followed by 3-digit groups */
            while (k + 1 < sg->w1 && strlen(buf) <= 3 && isdigit((unsigned char)buf[0])) {
                const char *nx = d->words[k + 1].text;
                if (isdigit((unsigned char)nx[0]) && isdigit((unsigned char)nx[1]) && isdigit((unsigned char)nx[2]) &&
                    (nx[3] == ',' || nx[3] == '.' || !nx[3] || !isdigit((unsigned char)nx[3])) && strlen(buf) + strlen(nx) + 2 < sizeof buf &&
                    strlen(nx) >= 3 && dec_comma) {
                    size_t bl = strlen(buf);
                    buf[bl] = ' ';
                    strcpy(buf + bl + 1, nx);
                    k++;
                } else
                    break;
            }
            if (ex_parse_num(buf, dec_comma, &num)) {
                out[n].w = w, out[n].w_end = k, out[n].num = num, out[n].is_num = 1;
                n++;
                w = k;
            } else if (k == w && ex_parse_num(d->words[w].text, dec_comma, &num)) {
                out[n].w = w, out[n].w_end = w, out[n].num = num, out[n].is_num = 1;
                n++;
            } else if (k == w && glued_unit(d->words[w].text, dec_comma, &num)) {
                out[n].w = w, out[n].w_end = w, out[n].num = num, out[n].is_num = 1;
                n++;
            }
        }
    }
    return n;
}

/* Word w is followed by a unit word in its own cell ("1 pauschal Versandkosten"), or by one
 * that ends its cell or precedes a figure ("12 | kit"), not by one that starts the next
 * cell's description ("2 | Kit d'outillage": position 2). */
static int unit_after(const ex_doc_t *d, int w, int li)
{
    const ex_seg_t *sg;
    if (!(w + 1 < (int)d->n_words && d->words[w + 1].line == li && ex_unit_code(d->words[w + 1].text)))
        return 0;
    sg = &d->segs[d->words[w + 1].seg];
    return d->words[w].seg == d->words[w + 1].seg || w + 2 >= sg->w1 ||
           !isalpha((unsigned char)d->words[w + 2].text[0]);
}

static int64_t mul_round(int64_t qty_milli, int64_t price_cents)
{
    /* q (1/1000) x p (1/100) -> cents, half up */
    int64_t x = qty_milli * price_cents;
    return (x + (x >= 0 ? 500 : -500)) / 1000;
}

static int64_t tax_of(int64_t base, int64_t rate_cents)
{
    /* base (cents) x rate (1/100 %) / 100 / 100 -> cents, half up */
    int64_t x = base * rate_cents;
    return (x + (x >= 0 ? 5000 : -5000)) / 10000;
}

/* "Tax 20% on 726,546.63  145,309.33": a percentage of the line times a base gives its
 * amount; a tax line, not an item whose quantity would be 0.2. */
static int tax_line(const ex_doc_t *d, const tok_t *t, size_t n, int64_t base, int64_t amount)
{
    size_t k;
    for (k = 0; k < n; k++) {
        const char *nx = t[k].w + 1 < (int)d->n_words ? d->words[t[k].w + 1].text : "";
        if ((t[k].num.percent || !strcmp(nx, "%") || !strcmp(nx, "%)")) && t[k].num.v > 0 &&
            tax_of(base, ex_num_scaled(&t[k].num, 2)) == amount)   /* "21 %" in two words too */
            return 1;
    }
    return 0;
}

/* A scanned row whose price OCR could not read ("EIS" for 0.75): the quantity is the number
 * before the unit word, the net the last amount, the price their quotient when it gives the
 * net back exactly. Less sure than a row whose three figures agree (confidence 0.5). */
static int ocr_fallback(const ex_doc_t *d, const ex_line_t *l, int li, const tok_t *t, size_t n,
                        ex_item_t *it, int *used_w, size_t *n_used)
{
    size_t a;
    const tok_t *net = n ? &t[n - 1] : NULL;
    if (!d->ocr_pages || n < 2 || net->num.percent || net->num.decimals != 2)
        return 0;
    for (a = 0; a + 1 < n; a++) {
        int w = t[a].w;
        int64_t q, nc, p;
        ex_num_t gl;
        if (t[a].num.percent || t[a].num.v <= 0 || t[a].num.decimals > 3)
            continue;
        if (!unit_after(d, w, li) && !glued_unit(d->words[w].text, -1, &gl))
            continue;   /* "8m": the unit glued on counts too */
        q = ex_num_scaled(&t[a].num, 3), nc = ex_num_scaled(&net->num, 2);
        p = (nc * 1000 + q / 2) / q;
        if (mul_round(q, p) != nc)
            continue;
        memset(it, 0, sizeof *it);
        it->qty_milli = q, it->price_cents = p, it->net_cents = nc, it->rate_cents = -1, it->line = li;
        *n_used = 0;
        used_w[(*n_used)++] = w, used_w[(*n_used)++] = net->w;
        it->net_w = net->w;
        (void)l;
        it->conf = 0.5f;
        return 2;
    }
    /* the quantity garbled ("23,90:" for 23,50): net / price when it has at most two
     * decimals and gives the net back */
    for (a = 0; a + 1 < n; a++) {
        int64_t p, nc = ex_num_scaled(&net->num, 2), q;
        if (t[a].num.percent || t[a].num.decimals != 2 || t[a].num.v <= 0)
            continue;
        p = ex_num_scaled(&t[a].num, 2);
        q = (nc * 1000 + p / 2) / p;
        if (q <= 0 || q % 10 != 0 || mul_round(q, p) != nc)
            continue;
        if (a == 0)
            continue;   /* the garbled quantity is a token left of the price */
        if (tax_line(d, t, n, p, nc))
            continue;
        memset(it, 0, sizeof *it);
        it->qty_milli = q, it->price_cents = p, it->net_cents = nc, it->rate_cents = -1, it->line = li;
        *n_used = 0;
        used_w[(*n_used)++] = t[a].w, used_w[(*n_used)++] = net->w;
        it->net_w = net->w;
        it->conf = 0.5f;
        return 2;
    }
    return 0;
}

/* Digits of a word ("8,139.15:£" -> "813915"); their count. */
static size_t digits_of(const char *t, char *out, size_t size)
{
    size_t k = 0;
    for (; *t && k + 1 < size; t++)
        if (isdigit((unsigned char)*t))
            out[k++] = *t;
    out[k] = '\0';
    return k;
}

/* a and b differ in at most two digits (same length), or by one digit left out */
static int near_digits(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b), i, diff = 0;
    if (na == nb) {
        for (i = 0; i < na; i++)
            diff += a[i] != b[i];
        return diff <= 2 && diff < na / 2;
    }
    if (na + 1 == nb || nb + 1 == na) {   /* one digit dropped or doubled */
        const char *lo = na < nb ? a : b, *hi = na < nb ? b : a;
        size_t skip;
        for (skip = 0; skip < strlen(hi); skip++) {
            size_t x = 0, y = 0, ok = 1;
            for (; hi[y]; y++) {
                if (y == skip)
                    continue;
                if (hi[y] != lo[x++]) {
                    ok = 0;
                    break;
                }
            }
            if (ok)
                return strlen(lo) >= 4;
        }
    }
    return 0;
}

/* A scanned row whose amount OCR garbled ("7315,90" for 7375,50, "8,139.15:£" for
 * 3,135.15): a quantity before its unit word and a price whose product differs from the
 * row's last figure in at most two digits. The product is the amount (confidence 0.5; the
 * subtotal check in reconcile() still weighs the sum). */
static int ocr_net_repair(const ex_doc_t *d, const ex_line_t *l, int li, const tok_t *t, size_t n,
                          ex_item_t *it, int *used_w, size_t *n_used)
{
    const ex_seg_t *last;
    char got[32], want[32];
    size_t a, b;
    int lw;
    if (!d->ocr_pages || n < 2 || l->s1 <= l->s0)
        return 0;
    last = &d->segs[l->s1 - 1];
    lw = last->w1 - 1;
    if (digits_of(d->words[lw].text, got, sizeof got) < 3)
        return 0;
    for (a = 0; a < n; a++) {
        int64_t q;
        if (t[a].num.percent || t[a].num.v <= 0 || t[a].num.decimals > 3 || t[a].w >= lw || !unit_after(d, t[a].w, li))
            continue;
        q = ex_num_scaled(&t[a].num, 3);
        for (b = a + 1; b < n; b++) {
            int64_t p, net;
            if (t[b].w >= lw || t[b].num.percent || t[b].num.decimals < 2 || t[b].num.decimals > 4 || t[b].num.v <= 0)
                continue;
            p = ex_num_scaled(&t[b].num, 2);
            net = mul_round(q, p);
            snprintf(want, sizeof want, "%lld", (long long)net);
            if (net < 100 || !near_digits(want, got))
                continue;
            memset(it, 0, sizeof *it);
            it->qty_milli = q, it->price_cents = p, it->net_cents = net, it->rate_cents = -1, it->line = li;
            *n_used = 0;
            used_w[(*n_used)++] = t[a].w, used_w[(*n_used)++] = t[b].w, used_w[(*n_used)++] = lw;
            it->net_w = lw;
            it->conf = 0.5f;
            return 1;
        }
    }
    return 0;
}

/* Try to read line l as an item row. */
static int item_row(const ex_doc_t *d, const ex_line_t *l, int li, int dec_comma, ex_item_t *it, int *used_w, size_t *n_used)
{
    tok_t t[24];
    size_t n = ex_line_numbers(d, l, dec_comma, t, 24);
    int a, b, c;
    if (n < 3) {
        /* a scanned row whose price OCR garbled beyond parsing ("AL tae DO 110,29.%"): two
         * figures with a word holding digits between them */
        int w, garbled = 0;
        char dg[32];
        if (n != 2 || !d->ocr_pages)
            return 0;
        for (w = t[0].w + 1; w < t[1].w; w++)
            garbled |= digits_of(d->words[w].text, dg, sizeof dg) >= 2;
        return garbled && ocr_fallback(d, l, li, t, n, it, used_w, n_used);
    }
    for (c = (int)n - 1; c >= 2; c--) {
        ex_num_t nv = t[c].num;
        const ex_num_t *nn = &nv;
        /* OCR drops decimal marks ("1,315.41" -> "131541"): two implied decimals, which
         * only the arithmetic below can confirm */
        if (!nv.percent && nv.decimals == 0 && nv.v >= 100 && d->ocr_pages)
            nv.scale = nv.decimals = 2;
        if (nn->percent || nn->decimals != 2)
            continue;
        for (b = c - 1; b >= 0; b--) {
            ex_num_t pv = t[b].num;
            const ex_num_t *pp = &pv;
            if (!pv.percent && pv.decimals == 0 && pv.v >= 100 && d->ocr_pages)
                pv.scale = pv.decimals = 2;   /* "2.21" read as "221" */
            if (pp->percent || pp->decimals < 2 || pp->decimals > 4)
                continue;
            if (pv.scale != t[b].num.scale && nv.scale != t[c].num.scale)
                continue;   /* two implied decimal marks ("1 July 2026 ... 2026") prove nothing */
            /* the quantity: first a number followed by a unit word, then one that starts
             * its own cell, then any (a position number or a number inside the description
             * may equal it) */
            for (a = 0; a < 3 * (int)n; a++) {
                const ex_num_t *qq = &t[a % n].num;
                int64_t q, p;
                int w = t[a % n].w, own = w == d->segs[d->words[w].seg].w0, pass = a / (int)n;
                int unit = unit_after(d, w, li);
                if ((pass == 0 && !unit) || (pass == 1 && !own) || a % (int)n == b || a % (int)n == c ||
                    qq->percent || qq->decimals > 3 || qq->v <= 0)
                    continue;
                q = ex_num_scaled(qq, 3), p = ex_num_scaled(pp, 2);
                if (p > 0 && mul_round(q, p) == ex_num_scaled(nn, 2)) {
                    int k;
                    memset(it, 0, sizeof *it);
                    it->qty_milli = q, it->price_cents = p, it->net_cents = ex_num_scaled(nn, 2);
                    it->rate_cents = -1;
                    it->line = li;
                    *n_used = 0;
                    used_w[(*n_used)++] = t[a % n].w, used_w[(*n_used)++] = t[b].w, used_w[(*n_used)++] = t[c].w;
                    it->net_w = t[c].w;
                    for (k = 0; k < (int)n; k++)
                        if (t[k].num.percent && t[k].num.v >= 0) {
                            it->rate_cents = ex_num_scaled(&t[k].num, 2);
                            used_w[(*n_used)++] = t[k].w;
                        }
                    /* "19 %" as two words */
                    for (k = 0; k < (int)n; k++) {
                        int w = t[k].w;
                        if (it->rate_cents < 0 && w + 1 < (int)d->n_words && !strcmp(d->words[w + 1].text, "%") &&
                            d->words[w + 1].line == li) {
                            it->rate_cents = ex_num_scaled(&t[k].num, 2);
                            used_w[(*n_used)++] = w;
                        }
                    }
                    return 1;
                }
            }
        }
    }
    return ocr_fallback(d, l, li, t, n, it, used_w, n_used) ||
           ocr_net_repair(d, l, li, t, n, it, used_w, n_used);
}

static int in_used(const int *u, size_t n, int w)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (u[i] == w)
            return 1;
    return 0;
}

static void append(char *dst, size_t size, const char *s)
{
    size_t n = strlen(dst);
    if (n && n + 1 < size)
        dst[n++] = ' ', dst[n] = '\0';
    snprintf(dst + n, size - n, "%s", s);
}

/* OCR debris in a description: a word of punctuation only ("|", ":", "‘"). */
static int junk_word(const char *t)
{
    for (; *t; t++)
        if (isalnum((unsigned char)*t) || (unsigned char)*t >= 0xC3 || strchr("&+%/()", *t))
            return 0;
    return 1;
}

/* A table rule OCR glued to the first word of a cell: "[Pulizia", "{Detergente". */
static const char *strip_rule(const char *t, float conf)
{
    for (;;) {
        if (conf < 1.0f && (*t == '[' || *t == '{' || *t == '|' || *t == '\'' || *t == '`') && t[1])
            t++;
        else if (conf < 1.0f && *t == '"' && isupper((unsigned char)t[1]) && !strchr(t + 1, '"'))
            t++;   /* a rule read as an opening quote that nothing closes: "\"Schrauben" */
        else if (conf < 1.0f && (!strncmp(t, "\xe2\x80\x98", 3) || !strncmp(t, "\xe2\x80\x9a", 3)) && t[3])
            t += 3;   /* ‘ ‚ */
        else
            return t;
    }
}

/* "1", "12.": a position number. */
static int pos_number(const char *t)
{
    size_t k = 0;
    while (isdigit((unsigned char)t[k]))
        k++;
    return k && k <= 3 && (!t[k] || (t[k] == '.' && !t[k + 1]));
}

/* Segment k of a row is description text: letters, not a figure of the row, not a unit. */
static int text_cell(const ex_doc_t *d, int k, const int *used, size_t n_used)
{
    const ex_seg_t *sg = &d->segs[k];
    size_t i, letters = 0;
    int w;
    for (w = sg->w0; w < sg->w1; w++)
        if (in_used(used, n_used, w))
            return 0;
    if (!strcmp(sg->text, "-") || !strcmp(sg->text, "\xe2\x80\x93"))
        return 1;   /* a dash OCR set apart: "Software development | - | order management" */
    for (i = 0; sg->text[i]; i++)
        letters += isalpha((unsigned char)sg->text[i]) || (unsigned char)sg->text[i] >= 0x80;
    return letters >= 3 && !ex_unit_code(sg->text) && !(sg->w1 - sg->w0 == 1 && pos_number(sg->text));
}

/* A unit word alone in a cell of the row outside the words [w0, w1). */
static int unit_cell_elsewhere(const ex_doc_t *d, const ex_line_t *l, int w0, int w1)
{
    int s;
    for (s = l->s0; s < l->s1; s++) {
        const ex_seg_t *sg = &d->segs[s];
        if (sg->w0 >= w0 && sg->w1 <= w1)
            continue;
        if (ex_unit_code(sg->text) || (sg->w1 - sg->w0 == 2 && ex_unit_code(d->words[sg->w1 - 1].text)))
            return 1;
    }
    return 0;
}

/* The description, unit and position of an item row; the text words left over. */
static void row_text(const ex_doc_t *d, const ex_line_t *l, ex_item_t *it, const int *used, size_t n_used,
                     double *desc_x0, double *desc_x1, double *num_x0)
{
    int s, w, best_seg = -1;
    size_t best_len = 0;
    const char *found_unit = NULL, *weak = NULL;
    char cur[4];
    *num_x0 = 1e9;
    /* the description: the longest segment of mostly letters */
    for (s = l->s0; s < l->s1; s++) {
        const ex_seg_t *sg = &d->segs[s];
        size_t letters = 0, k;
        for (k = 0; sg->text[k]; k++)
            letters += isalpha((unsigned char)sg->text[k]) || (unsigned char)sg->text[k] >= 0x80;
        if (in_used(used, n_used, sg->w0) && sg->w1 - sg->w0 == 1)
            continue;
        if (letters > best_len && !(sg->w1 - sg->w0 <= 2 && ex_unit_code(sg->text)) && !ex_currency(sg->text, cur))
            best_len = letters, best_seg = s;
    }
    it->desc[0] = '\0';
    if (best_seg >= 0) {
        const ex_seg_t *sg = &d->segs[best_seg];
        int first = sg->w0, last_w = sg->w1;
        /* a leading position number ("1", "12.") is not part of the description */
        if (sg->w1 - sg->w0 > 1 && pos_number(d->words[first].text))
            first++;
        /* neighbouring text cells of the same description ("Sviluppo software  modulo
         * gestione ordini"): joined when close and left of the figures */
        {
            int s0 = best_seg, s1 = best_seg, k;
            double gap = 3.0 * (d->median_size > 0 ? d->median_size : 9);
            for (k = best_seg - 1; k >= l->s0; k--)
                if (text_cell(d, k, used, n_used) && d->segs[k + 1].x0 - d->segs[k].x1 < gap)
                    s0 = k;
                else
                    break;
            for (k = best_seg + 1; k < l->s1; k++)
                if (text_cell(d, k, used, n_used) && d->segs[k].x0 - d->segs[k - 1].x1 < gap)
                    s1 = k;
                else
                    break;
            if (s0 < best_seg) {
                sg = &d->segs[s0];
                first = sg->w0;
                if (sg->w1 - sg->w0 > 1 && pos_number(d->words[first].text))
                    first++;
            }
            if (s1 > best_seg)
                last_w = d->segs[s1].w1;
        }
        /* "12 sets Screw set M8": the unit word after a quantity in the same cell run is
         * the unit, not the start of the description, unless the row prints its unit in a
         * cell of its own ("16,00 Kit attrezzi elettrici ... kit") */
        while (first < last_w) {
            char two[64];
            const char *u = NULL;
            if (in_used(used, n_used, first)) {   /* the quantity itself */
                first++;
                continue;
            }
            if (first == 0 || !in_used(used, n_used, first - 1))
                break;
            if (first + 1 < last_w) {
                snprintf(two, sizeof two, "%s %s", d->words[first].text, d->words[first + 1].text);
                if ((u = ex_unit_code(two)) != NULL) {
                    found_unit = u, first += 2;
                    continue;
                }
            }
            if (!(u = ex_unit_code(d->words[first].text)) || unit_cell_elsewhere(d, l, sg->w0, last_w))
                break;
            found_unit = u, first++;
        }
        for (w = first; w < last_w; w++)
            if (!in_used(used, n_used, w) &&
                !(d->words[w].conf < 1.0f && (w == first || w == last_w - 1) && junk_word(d->words[w].text)))
                append(it->desc, sizeof it->desc, w == first ? strip_rule(d->words[w].text, d->words[w].conf)
                                                             : d->words[w].text);
        *desc_x0 = d->words[first < sg->w1 ? first : sg->w0].x0, *desc_x1 = sg->x1;
        /* the first number column right of the description bounds its wrapped lines */
        for (s = l->s0; s < l->s1; s++)
            for (w = d->segs[s].w0; w < d->segs[s].w1; w++)
                if (in_used(used, n_used, w) && d->words[w].x0 > sg->x0 && d->words[w].x0 < *num_x0)
                    *num_x0 = d->words[w].x0;
    } else {
        *desc_x0 = *desc_x1 = -1;
    }
    /* the unit: a unit word outside the description (two-word units first) */
    it->unit = found_unit;
    for (s = l->s0; s < l->s1 && !it->unit; s++) {
        if (s == best_seg)
            continue;
        for (w = d->segs[s].w0; w < d->segs[s].w1 && !it->unit; w++) {
            char two[64];
            if (w + 1 < d->segs[s].w1) {
                snprintf(two, sizeof two, "%s %s", d->words[w].text, d->words[w + 1].text);
                if ((it->unit = ex_unit_code(two)))
                    break;
            }
            it->unit = ex_unit_code(d->words[w].text);
            if (it->unit && d->words[w].conf < 1.0f && strchr("iI", d->words[w].text[0]) && !d->words[w].text[1]) {
                /* OCR's "I" is the litre's l or a quantity's 1 ("I | pce"): the litre only
                 * when the row has no other unit word */
                weak = it->unit;
                it->unit = NULL;
                continue;
            }
            if (!it->unit) {
                ex_num_t num;
                it->unit = glued_unit(d->words[w].text, -1, &num);
            }
        }
    }
    if (!it->unit)
        it->unit = weak;
}

/* A row with a unit word but no text cell: its description wrapped so that only a figure
 * is left on the row ("11 | 943336) | 4 jour(s) | 813,97"). The cells left of the figures
 * that are neither a position number nor a figure of the row are the description; its
 * other lines are found above or below (precursor, continuation). */
static void bare_row_text(const ex_doc_t *d, const ex_line_t *l, ex_item_t *it, const int *used, size_t n_used,
                          double *desc_x0, double *desc_x1, double *num_x0)
{
    int s, w;
    double first_fig = 1e9;
    for (s = l->s0; s < l->s1; s++)
        for (w = d->segs[s].w0; w < d->segs[s].w1; w++)
            if (in_used(used, n_used, w) && d->words[w].x0 < first_fig)
                first_fig = d->words[w].x0;
    for (s = l->s0; s < l->s1; s++) {
        const ex_seg_t *sg = &d->segs[s];
        int mine = 1;
        if (sg->x1 > first_fig - 2 || (s == l->s0 && sg->w1 - sg->w0 == 1 && pos_number(sg->text)))
            continue;
        for (w = sg->w0; w < sg->w1; w++)
            mine &= !in_used(used, n_used, w);
        if (!mine)
            continue;
        if (!it->desc[0])
            *desc_x0 = sg->x0;
        append(it->desc, sizeof it->desc, sg->text);
        *desc_x1 = sg->x1;
    }
    *num_x0 = first_fig;
}

/* Continuation lines of a wrapped description: below the row, text only, inside the
 * description column, before the next row. */
static void continuation(const ex_doc_t *d, int li, int next_item_line, double x0, double x1, double num_x0, ex_item_t *it)
{
    int k;
    double prev_bottom = d->lines[li].y1, lh = d->lines[li].y1 - d->lines[li].y0;
    for (k = li + 1; k < (int)d->n_lines && (next_item_line < 0 || k < next_item_line); k++) {
        const ex_line_t *l = &d->lines[k];
        int s, ok = 1;
        if (l->page != d->lines[li].page || l->y0 - prev_bottom > 0.9 * lh)
            break;
        for (s = l->s0; s < l->s1; s++) {
            const ex_seg_t *sg = &d->segs[s];
            if ((s == l->s0 && sg->x0 < x0 - 4) || sg->x0 > x1 + 4 || sg->x1 > num_x0 - 2)
                ok = 0;
            /* OCR cuts a wrapped line at a wide word gap: its parts sit close together */
            if (s > l->s0 && (d->words[sg->w0].conf >= 1.0f || sg->x0 - d->segs[s - 1].x1 > 3.0 * lh))
                ok = 0;
        }
        if (!ok)
            break;
        if (d->words[d->segs[l->s0].w0].conf < 1.0f && l->s1 - l->s0 == 1 &&
            (junk_word(d->segs[l->s0].text) || strlen(d->segs[l->s0].text) == 1))
            continue;   /* OCR debris between rows */
        for (s = l->s0; s < l->s1; s++)
            append(it->desc, sizeof it->desc, d->segs[s].text);
        prev_bottom = l->y1;
    }
}

/* Line k is text of a description column [x0, x1) left of the figures at num_x0: one
 * segment inside the column, directly below the line whose top is prev_top. */
static int desc_line(const ex_doc_t *d, int k, double x0, double x1, double num_x0)
{
    const ex_line_t *l = &d->lines[k];
    const ex_seg_t *sg = &d->segs[l->s0];
    return l->s1 - l->s0 == 1 && sg->x0 >= x0 - 4 && sg->x0 <= x1 + 4 && sg->x1 <= num_x0 - 2 &&
           !(d->words[sg->w0].conf < 1.0f && (junk_word(sg->text) || strlen(sg->text) == 1));
}

/* Rows whose figures sit on the last line of their wrapped description (cells aligned at
 * the bottom): the description lines above the row, after the previous row, go first. */
static void precursor(const ex_doc_t *d, int li, int prev_item_line, double x0, double x1, double num_x0,
                      ex_item_t *it)
{
    int k, first = li;
    double lh = d->lines[li].y1 - d->lines[li].y0;
    char buf[sizeof it->desc];
    for (k = li - 1; k > prev_item_line && d->lines[k].page == d->lines[li].page; k--) {
        if (d->lines[first].y0 - d->lines[k].y1 > 0.9 * lh || !desc_line(d, k, x0, x1, num_x0))
            break;
        first = k;
    }
    if (first == li)
        return;
    buf[0] = '\0';
    for (k = first; k < li; k++)
        append(buf, sizeof buf, d->segs[d->lines[k].s0].text);
    append(buf, sizeof buf, it->desc);
    memcpy(it->desc, buf, sizeof buf);
}

int ex_amount_printed(const ex_doc_t *d, int dec_comma, int64_t cents)
{
    size_t i;
    tok_t t[24];
    for (i = 0; i < d->n_lines; i++) {
        size_t n = ex_line_numbers(d, &d->lines[i], dec_comma, t, 24), k;
        for (k = 0; k < n; k++)
            if (!t[k].num.percent && t[k].num.decimals == 2 && ex_num_scaled(&t[k].num, 2) == cents)
                return 1;
    }
    return 0;
}

/* Percentages printed outside the item rows (the tax lines), as rate candidates. */
static size_t rate_candidates(const ex_doc_t *d, int dec_comma, int64_t *out, size_t max)
{
    size_t i, n = 0;
    for (i = 0; i < d->n_words && n < max; i++) {
        ex_num_t num;
        const char *t = d->words[i].text;
        int pct = 0;
        char buf[32];
        snprintf(buf, sizeof buf, "%s", t[0] == '(' ? t + 1 : t);
        if (ex_parse_num(buf, dec_comma, &num) && num.percent)
            pct = 1;
        else if (ex_parse_num(buf, dec_comma, &num) && i + 1 < d->n_words &&
                 (!strcmp(d->words[i + 1].text, "%") || !strcmp(d->words[i + 1].text, "%)")))
            pct = 1;
        if (pct && num.v >= 0 && ex_num_scaled(&num, 2) <= 3000) {
            int64_t r = ex_num_scaled(&num, 2);
            size_t k;
            for (k = 0; k < n && out[k] != r; k++)
                ;
            if (k == n)
                out[n++] = r;
        }
    }
    return n;
}

void ex_items_breakdown(ex_items_t *it)
{
    size_t i, k;
    it->n_rates = 0;
    for (i = 0; i < it->n; i++) {
        int64_t r = it->items[i].rate_cents < 0 ? 0 : it->items[i].rate_cents;
        for (k = 0; k < it->n_rates && it->rates[k].rate_cents != r; k++)
            ;
        if (k == it->n_rates) {
            if (k == 8)
                continue;
            it->rates[k].rate_cents = r, it->rates[k].taxable = 0;
            it->n_rates++;
        }
        it->rates[k].taxable += it->items[i].net_cents;
    }
    /* highest rate first */
    for (i = 0; i < it->n_rates; i++)
        for (k = i + 1; k < it->n_rates; k++)
            if (it->rates[k].rate_cents > it->rates[i].rate_cents) {
                ex_rate_t t = it->rates[i];
                it->rates[i] = it->rates[k], it->rates[k] = t;
            }
    it->tax = 0;
    for (i = 0; i < it->n_rates; i++) {
        it->rates[i].tax = tax_of(it->rates[i].taxable, it->rates[i].rate_cents);
        it->tax += it->rates[i].tax;
    }
}

void ex_items_reconcile(const ex_doc_t *d, ex_items_t *it)
{
    int64_t cand[16], net = 0;
    size_t n_cand = rate_candidates(d, it->dec_comma, cand, 16), i, k;
    int missing = 0;
    for (i = 0; i < it->n; i++) {
        net += it->items[i].net_cents;
        missing += it->items[i].rate_cents < 0;
    }
    it->net = net;
    if (missing) {
        /* the one rate whose tax and total are printed, else 0 when the net is the total */
        int64_t best = -1;
        for (k = 0; k < n_cand; k++) {
            int64_t tx = tax_of(net, cand[k]);
            if (cand[k] > 0 && ex_amount_printed(d, it->dec_comma, tx) &&
                ex_amount_printed(d, it->dec_comma, net + tx)) {
                best = cand[k];
                break;
            }
        }
        if (best < 0) {
            for (k = 0; k < n_cand; k++)
                if (cand[k] > 0 && ex_amount_printed(d, it->dec_comma, tax_of(net, cand[k]))) {
                    best = cand[k];
                    break;
                }
        }
        if (best < 0) {
            /* nothing reconciles (OCR misread the tax lines): a printed 0 % stands, else a
             * usual VAT rate printed on the page */
            static const int64_t USUAL[] = {1900, 700, 2000, 1000, 1300, 550, 2200, 400, 2100, 900, 600, 1200, 500};
            size_t u;
            for (k = 0; k < n_cand && best < 0; k++)
                if (cand[k] == 0)
                    best = 0;
            for (k = 0; k < n_cand && best < 0; k++)
                for (u = 0; u < sizeof USUAL / sizeof *USUAL; u++)
                    if (cand[k] == USUAL[u])
                        best = cand[k];
            if (best < 0)
                best = 0;
        }
        for (i = 0; i < it->n; i++)
            if (it->items[i].rate_cents < 0)
                it->items[i].rate_cents = best, it->items[i].rate_unsure = 1;
    }
    ex_items_breakdown(it);
    it->gross = it->net + it->tax;
    it->totals_conf = ex_amount_printed(d, it->dec_comma, it->gross) ? 1.0f
                    : ex_amount_printed(d, it->dec_comma, it->net) ? 0.6f : 0.3f;
}

/* A row's quantity (a number before a unit word) and price (two decimals, not the last
 * figure) when its amount is unreadable: the amount is their product. 1 when found. */
static int qty_price(const ex_doc_t *d, const tok_t *t, size_t n, size_t li, ex_item_t *row)
{
    size_t a, b;
    for (a = 0; a + 2 < n; a++) {
        int w = t[a].w;
        if (t[a].num.percent || t[a].num.v <= 0 || t[a].num.decimals > 3 || !unit_after(d, w, (int)li))
            continue;
        for (b = a + 1; b + 1 < n; b++) {
            if (t[b].num.percent || t[b].num.decimals != 2 || t[b].num.v <= 0)
                continue;
            row->qty_milli = ex_num_scaled(&t[a].num, 3);
            row->price_cents = ex_num_scaled(&t[b].num, 2);
            row->net_cents = mul_round(row->qty_milli, row->price_cents);
            return 1;
        }
    }
    return 0;
}

static int by_line(const void *a, const void *b)
{
    return ((const ex_item_t *)a)->line - ((const ex_item_t *)b)->line;
}

/* Scans: rows inside the table whose quantity or price OCR garbled beyond repair. When
 * adding their amounts makes Σ nets equal an amount printed on the page (the subtotal), they
 * are items: the amount and the description stand, the quantity is taken as 1 (confidence
 * 0.3: a WARNING names them). */
static void fill_gaps(const ex_doc_t *d, ex_items_t *it)
{
    ex_item_t extra[16];
    size_t n_extra = 0, i, li, first = (size_t)it->items[0].line, last = (size_t)it->items[it->n - 1].line;
    int64_t sum = 0;
    tok_t t[24];
    for (i = 0; i < it->n; i++)
        sum += it->items[i].net_cents;
    if (ex_amount_printed(d, it->dec_comma, sum))
        return;   /* the rows found already make the printed subtotal */
    /* from two lines above the first row found (the first row itself may be the garbled
     * one) to the line below the last */
    for (li = first >= 2 ? first - 2 : 0; li <= last + 1 && li < d->n_lines && n_extra < 16; li++) {
        size_t n, k;
        int known = 0, used[2];
        double x0, x1, nx0;
        ex_item_t row;
        ex_num_t nv;
        for (k = 0; k < it->n; k++)
            known |= (size_t)it->items[k].line == li;
        if (known || (li > first && d->lines[li].page != d->lines[last].page) ||
            (li < first && d->lines[li].page != d->lines[first].page))
            continue;
        n = ex_line_numbers(d, &d->lines[li], it->dec_comma, t, 24);
        if (n < 2)
            continue;
        memset(&row, 0, sizeof row);
        row.rate_cents = -1, row.line = (int)li, row.net_w = t[n - 1].w;
        if (qty_price(d, t, n, li, &row)) {
            used[0] = t[n - 1].w, used[1] = t[0].w;   /* the amount OCR garbled: q x p */
        } else {
            nv = t[n - 1].num;
            if (!nv.percent && nv.decimals == 0 && nv.v >= 100)
                nv.scale = nv.decimals = 2;
            if (nv.percent || nv.decimals != 2 || nv.v <= 0)
                continue;
            row.net_cents = ex_num_scaled(&nv, 2);
            row.qty_milli = 1000, row.price_cents = row.net_cents, row.derived = 1;
            used[0] = t[n - 1].w, used[1] = t[0].w;
        }
        row_text(d, &d->lines[li], &row, used, 1, &x0, &x1, &nx0);
        if (!row.desc[0] || ex_label_prefix(row.desc) > 0 ||
            (ex_label_mask(row.desc) & ((1u << EXL_TAX) | (1u << EXL_TOTAL) | (1u << EXL_SUBTOTAL) | (1u << EXL_PAYABLE))))
            continue;
        row.conf = 0.3f;
        extra[n_extra++] = row;
        sum += row.net_cents;
    }
    if (!n_extra || !ex_amount_printed(d, it->dec_comma, sum))
        return;
    {
        ex_item_t *p = realloc(it->items, (it->n + n_extra) * sizeof *p);
        if (!p)
            return;
        it->items = p;
        memcpy(it->items + it->n, extra, n_extra * sizeof *extra);
        it->n += n_extra;
        qsort(it->items, it->n, sizeof *it->items, by_line);
    }
}


/* OCR reads the litre's "l" as "1" or "I": glued to the quantity ("3481" for 348 l, a word
 * the arithmetic did not use) or alone in the unit cell right of the description. Such a
 * word is marked used (it is no description text); 1 when one was found. */
static int litre_misread(const ex_doc_t *d, const ex_line_t *l, const ex_item_t *row, int dec_comma,
                         double desc_x1, int *used, size_t *n_used, size_t max)
{
    char q[32];
    size_t qn;
    int s, w;
    int64_t frac = row->qty_milli % 1000;
    if (frac == 0)
        snprintf(q, sizeof q, "%lld", (long long)(row->qty_milli / 1000));
    else {
        snprintf(q, sizeof q, "%lld%c%03lld", (long long)(row->qty_milli / 1000), dec_comma ? ',' : '.',
                 (long long)frac);
        for (qn = strlen(q); q[qn - 1] == '0'; qn--)
            q[qn - 1] = '\0';
    }
    qn = strlen(q);
    if (desc_x1 < 0 && *n_used && *n_used < max && used[0] + 1 < (int)d->n_words) {
        /* "56,4 1", "67,6 1:": the word after the quantity, in its cell */
        int qw = used[0], nw = qw + 1;
        const char *t = d->words[nw].text;
        ex_num_t qv;
        if (d->words[qw].seg == d->words[nw].seg && !in_used(used, *n_used, nw) &&
            ex_parse_num(d->words[qw].text, dec_comma, &qv) && ex_num_scaled(&qv, 3) == row->qty_milli &&
            (!strcmp(t, "1") || !strcmp(t, "1:") || !strcmp(t, "I") || !strcmp(t, "l"))) {
            used[(*n_used)++] = nw;
            return 1;
        }
    }
    for (s = l->s0; s < l->s1; s++)
        for (w = d->segs[s].w0; w < d->segs[s].w1; w++) {
            const char *t = d->words[w].text;
            /* glued: before the description is taken (desc_x1 < 0); alone: right of it */
            int glued = desc_x1 < 0 && !strncmp(t, q, qn) && t[qn] && strchr("1Il|", t[qn]) && !t[qn + 1];
            int alone = desc_x1 >= 0 && d->words[w].x0 > desc_x1 && d->segs[s].w1 - d->segs[s].w0 == 1 &&
                        t[0] && strchr("1Il", t[0]) && !t[1];
            if (in_used(used, *n_used, w) || !(glued || alone) || *n_used >= max)
                continue;
            used[(*n_used)++] = w;
            return 1;
        }
    return 0;
}

/* The net total printed under the table: the last figure with two decimals on the first
 * line after line `from` whose label is a subtotal ("Zwischensumme", "Total HT"); -1. */
static int64_t printed_subtotal(const ex_doc_t *d, int dec_comma, size_t from)
{
    size_t li, k;
    tok_t t[24];
    for (li = from + 1; li < d->n_lines && li < from + 40; li++) {
        const ex_line_t *l = &d->lines[li];
        int s, lab = 0;
        for (s = l->s0; s < l->s1; s++)
            lab |= (ex_label_mask(d->segs[s].text) & (1u << EXL_SUBTOTAL)) != 0;
        if (!lab)
            continue;
        k = ex_line_numbers(d, l, dec_comma, t, 24);
        while (k-- > 0)
            if (!t[k].num.percent && t[k].num.decimals == 2 && t[k].num.v > 0)
                return ex_num_scaled(&t[k].num, 2);
        return -1;
    }
    return -1;
}

/* The amount of a figure OCR may have garbled: as printed with two decimals, else its digits
 * with two implied decimals ("55323274", "1.844,8A"); -1 without three digits. */
static int64_t garbled_amount(const ex_doc_t *d, int w, int dec_comma, int *clean)
{
    ex_num_t num;
    char dg[32];
    *clean = 0;
    if (ex_parse_num(d->words[w].text, dec_comma, &num) && !num.percent && num.decimals == 2) {
        *clean = 1;
        return ex_num_scaled(&num, 2);
    }
    if (digits_of(d->words[w].text, dg, sizeof dg) < 3 || strlen(dg) > 15)
        return -1;
    return strtoll(dg, NULL, 10);
}

/* Re-read the figures of line li from the page image (digits, marks, %, currency signs;
 * one line at twice the scale) and try the arithmetic again. 1 when the row now holds: the
 * re-read texts then replace the words' (the row's OCR reading was wrong), else they are
 * dropped and the words stay as they were. */
static int reread_row(ex_doc_t *d, int li, int dec_comma, ex_item_t *row, int *used, size_t *n_used)
{
    const ex_line_t *l = &d->lines[li];
    char *old[24];
    int ws[24], s, w, ok;
    size_t n = 0, k;
    for (s = l->s0; s < l->s1 && n + (size_t)(d->segs[s].w1 - d->segs[s].w0) <= 24; s++) {
        const ex_seg_t *sg = &d->segs[s];
        char dg[32], buf[64], *nt;
        ex_num_t gl;
        size_t a, b;
        int text = 0;
        for (w = sg->w0; w < sg->w1; w++) {   /* a text cell ("Cable duct 60x40 mm") stays */
            const char *c = d->words[w].text;
            int letters = 0;
            for (; *c; c++)
                letters += isalpha((unsigned char)*c) != 0;
            text |= letters >= 3 || glued_unit(d->words[w].text, -1, &gl) || ex_unit_code(d->words[w].text);
        }
        if (text || !digits_of(sg->text, dg, sizeof dg) ||
            !ex_ocr_reread(d, d->words[sg->w0].page, sg->x0, sg->y0, sg->x1, sg->y1,
                           "0123456789.,%'-\xe2\x82\xac\xc2\xa3$", buf, sizeof buf))
            continue;
        for (a = b = 0; buf[a]; a++)   /* the cell as one word */
            if (buf[a] != ' ')
                buf[b++] = buf[a];
        buf[b] = '\0';
        if (!b || !strcmp(buf, sg->text))
            continue;
        for (w = sg->w0; w < sg->w1; w++) {
            if (!(nt = strdup(w == sg->w0 ? buf : "")))
                break;
            old[n] = d->words[w].text, ws[n++] = w;
            d->words[w].text = nt;
        }
    }
    if (!n)
        return 0;
    ok = item_row(d, l, li, dec_comma, row, used, n_used);
    for (k = 0; k < n; k++) {
        if (ok)
            free(old[k]);
        else {
            free(d->words[ws[k]].text);
            d->words[ws[k]].text = old[k];
        }
    }
    return ok;
}

/* Scans: a line between the rows found (or right after them) with a description and a
 * figure in the amount column is a row, even when OCR garbled its quantity and price beyond
 * the arithmetic: dropping it would shift every later row. Its values are the best the
 * figures allow (quantity before a unit word, a price, the amount; one of them derived from
 * the other two when it divides exactly), confidence 0.3. When one row is recovered and the
 * rows do not make the printed subtotal, its amount is what makes them. */
static int recover_rows(ex_doc_t *d, ex_items_t *it, desc_col_t **colp, size_t *cap)
{
    double xs[64], ax1, tol, lh;
    size_t i, nx = 0, li, first, last, n_new = 0, new_at = 0;
    int64_t sum = 0;
    tok_t t[24];
    if (!d->ocr_pages || it->n < 1)
        return 0;
    for (i = 0; i < it->n && nx < 64; i++)
        if (it->items[i].net_w >= 0)
            xs[nx++] = d->words[it->items[i].net_w].x1;
    if (nx < 1)
        return 0;
    for (i = 1; i < nx; i++) {   /* median right edge of the amounts */
        double v = xs[i];
        size_t k = i;
        while (k > 0 && xs[k - 1] > v)
            xs[k] = xs[k - 1], k--;
        xs[k] = v;
    }
    ax1 = xs[nx / 2];
    tol = d->median_size > 4 ? d->median_size : 6;
    first = (size_t)it->items[0].line, last = (size_t)it->items[it->n - 1].line;
    lh = d->lines[last].y1 - d->lines[last].y0;
    for (li = first > 3 ? first - 3 : 0; li < d->n_lines && li <= last + 8; li++) {
        const ex_line_t *l = &d->lines[li];
        ex_item_t row;
        int used[8], used2[32], aw = -1, s, w, clean, k, qa = -1, pb = -1, lab = 0;
        size_t n_used = 0, n_used2 = 0, n, j;
        double x0, x1, nx0;
        int64_t amount;
        for (j = 0; j < it->n && (size_t)it->items[j].line != li; j++)
            ;
        if (j < it->n)
            continue;
        for (s = l->s0; s < l->s1; s++)
            lab |= (ex_label_mask(d->segs[s].text) &
                    ((1u << EXL_TAX) | (1u << EXL_TOTAL) | (1u << EXL_SUBTOTAL) | (1u << EXL_PAYABLE))) != 0;
        if (li > last && (lab || l->page != d->lines[last].page || l->y0 - d->lines[li - 1].y1 > 2.5 * lh))
            break;   /* the totals start, or the table ended */
        if (lab || (li < first && l->page != d->lines[first].page))
            continue;
        for (s = l->s0; s < l->s1; s++)   /* the figure in the amount column */
            for (w = d->segs[s].w0; w < d->segs[s].w1; w++)
                if (fabs(d->words[w].x1 - ax1) <= tol)
                    aw = w;
        if (aw < 0 || (amount = garbled_amount(d, aw, it->dec_comma, &clean)) <= 0)
            continue;
        {
            char iso[11];
            size_t a0, a1;
            if (ex_find_date(d->segs[d->words[aw].seg].text, iso, &a0, &a1) || (li < first && !clean))
                continue;   /* "Bilbao, 29 September 2026" above the table */
        }
        if (reread_row(d, (int)li, it->dec_comma, &row, used2, &n_used2)) {
            row.conf = 0.6f;
            row_text(d, l, &row, used2, n_used2, &x0, &x1, &nx0);
            if (row.desc[0] && ex_label_prefix(row.desc) == 0)
                goto insert;
        }
        memset(&row, 0, sizeof row);
        row.rate_cents = -1, row.line = (int)li, row.net_w = aw, row.conf = 0.3f;
        used[n_used++] = aw;
        n = ex_line_numbers(d, l, it->dec_comma, t, 24);
        for (k = 0; k < (int)n; k++) {   /* a quantity (before a unit word first), a price */
            ex_num_t gl;
            if (t[k].w >= aw || t[k].num.percent || t[k].num.v <= 0)
                continue;
            if (qa < 0 && t[k].num.decimals <= 3 &&
                (unit_after(d, t[k].w, (int)li) || glued_unit(d->words[t[k].w].text, -1, &gl)))
                qa = k;
            else if (pb < 0 && qa >= 0 && t[k].num.decimals >= 2 && t[k].num.decimals <= 4)
                pb = k;
        }
        if (qa < 0)   /* no unit word: a figure that starts its own cell left of the price */
            for (k = 0; k < (int)n; k++)
                if (t[k].w < aw && !t[k].num.percent && t[k].num.v > 0 && t[k].num.decimals <= 3 &&
                    t[k].w == d->segs[d->words[t[k].w].seg].w0 && k + 1 < (int)n && t[k + 1].w < aw &&
                    t[k + 1].num.decimals >= 2 && !t[k + 1].num.percent) {
                    qa = k, pb = k + 1;
                    break;
                }
        if (pb < 0 && qa < 0)
            for (k = 0; k < (int)n; k++)
                if (t[k].w < aw && !t[k].num.percent && t[k].num.decimals == 2 && t[k].num.v > 0)
                    pb = k;
        row.qty_milli = qa >= 0 ? ex_num_scaled(&t[qa].num, 3) : 1000;
        row.price_cents = pb >= 0 ? ex_num_scaled(&t[pb].num, 2) : -1;
        row.net_cents = amount;
        if (qa >= 0 && pb >= 0 && (!clean || mul_round(row.qty_milli, row.price_cents) != amount)) {
            int64_t prod = mul_round(row.qty_milli, row.price_cents), p2, q2;
            char a[32], b[32];
            snprintf(a, sizeof a, "%lld", (long long)prod);
            digits_of(d->words[aw].text, b, sizeof b);
            p2 = (amount * 1000 + row.qty_milli / 2) / row.qty_milli;
            q2 = (amount * 1000 + row.price_cents / 2) / row.price_cents;
            if (!clean || near_digits(a, b) || strstr(b, a))
                row.net_cents = prod;            /* the amount garbled */
            else if (mul_round(row.qty_milli, p2) == amount)
                row.price_cents = p2;            /* the price garbled */
            else if (q2 > 0 && q2 % 10 == 0 && mul_round(q2, row.price_cents) == amount)
                row.qty_milli = q2;              /* the quantity garbled */
        } else if (pb < 0) {
            int64_t p2 = (amount * 1000 + row.qty_milli / 2) / row.qty_milli;
            row.price_cents = p2;
        } else if (qa < 0) {
            int64_t q2 = (amount * 1000 + row.price_cents / 2) / row.price_cents;
            if (q2 > 0 && q2 % 10 == 0 && mul_round(q2, row.price_cents) == amount)
                row.qty_milli = q2;
            else
                row.price_cents = amount;
        }
        if (qa >= 0)
            used[n_used++] = t[qa].w;
        if (pb >= 0)
            used[n_used++] = t[pb].w;
        row_text(d, l, &row, used, n_used, &x0, &x1, &nx0);
        if (!row.desc[0] || ex_label_prefix(row.desc) > 0 || strlen(row.desc) < 3)
            continue;
        {
            size_t letters = 0, c;
            for (c = 0; row.desc[c]; c++)
                letters += isalpha((unsigned char)row.desc[c]) != 0;
            if (letters < 3)
                continue;
        }
insert:
        if (it->n == *cap) {
            ex_item_t *p = realloc(it->items, 2 * *cap * sizeof *p);
            desc_col_t *q;
            if (!p)
                return -1;
            it->items = p;
            if (!(q = realloc(*colp, 2 * *cap * sizeof *q)))
                return -1;
            *colp = q;
            *cap *= 2;
        }
        /* insert in line order, with its description column */
        for (j = it->n; j > 0 && it->items[j - 1].line > (int)li; j--) {
            it->items[j] = it->items[j - 1];
            (*colp)[j] = (*colp)[j - 1];
        }
        it->items[j] = row;
        (*colp)[j].x0 = x0, (*colp)[j].x1 = x1 > x0 ? x1 + 200 : x0 + 300, (*colp)[j].nx0 = nx0;
        it->n++;
        n_new++, new_at = j;
        if (li > last)
            last = li;
    }
    if (n_new == 1) {
        int64_t sub = printed_subtotal(d, it->dec_comma, (size_t)it->items[it->n - 1].line);
        ex_item_t *r = &it->items[new_at];
        for (i = 0; i < it->n; i++)
            sum += it->items[i].net_cents;
        if (sub > 0 && sub != sum && sub - (sum - r->net_cents) > 0) {
            int64_t nn = sub - (sum - r->net_cents);
            int64_t p2 = (nn * 1000 + r->qty_milli / 2) / r->qty_milli;
            r->net_cents = nn;
            if (mul_round(r->qty_milli, p2) == nn)
                r->price_cents = p2;
            else
                r->qty_milli = 1000, r->price_cents = nn, r->derived = 1;
        }
    }
    return (int)n_new;
}

/* Text starts with a lower-case letter (ASCII or Latin-1 à..ÿ). */
static int starts_lower(const char *t)
{
    return islower((unsigned char)t[0]) || ((unsigned char)t[0] == 0xC3 && (unsigned char)t[1] >= 0xA0);
}

/* Line k lies directly above (dir -1) or below (+1) line li, on its page. */
static int adjacent(const ex_doc_t *d, int li, int k)
{
    const ex_line_t *a = &d->lines[li < k ? li : k], *b = &d->lines[li < k ? k : li];
    return k >= 0 && k < (int)d->n_lines && a->page == b->page && b->y0 - a->y1 < 0.9 * (a->y1 - a->y0);
}

/* Are the table's cells aligned at the bottom (the figures on the last line of a wrapped
 * description)? Evidence: description text right above the first row (the head above it
 * has several cells); rows whose own text starts in lower case below a description line
 * (the tail of a wrapped text) for; description lines starting in lower case below a row
 * (its wrapped tail) against. */
static int bottom_aligned(const ex_doc_t *d, const ex_items_t *it, const desc_col_t *col)
{
    size_t i;
    int up = 0, down = 0;
    if (!it->n)
        return 0;
    for (i = 0; i < it->n; i++) {
        int li = it->items[i].line;
        if (li > 0 && adjacent(d, li, li - 1) && desc_line(d, li - 1, col[i].x0, col[i].x1, col[i].nx0) &&
            (i == 0 || li - 1 > it->items[i - 1].line))
            up += i == 0 ? 2 : starts_lower(it->items[i].desc);
        if (adjacent(d, li, li + 1) && desc_line(d, li + 1, col[i].x0, col[i].x1, col[i].nx0) &&
            (i + 1 >= it->n || li + 1 < it->items[i + 1].line))
            down += starts_lower(d->segs[d->lines[li + 1].s0].text) || i + 1 == it->n;
    }
    return up > down;
}

int ex_items_find(ex_doc_t *d, ex_items_t *it)
{
    size_t li, cap = 16, i;
    int used[32], bottom = 0;
    desc_col_t *col = NULL;
    memset(it, 0, sizeof *it);
    it->first_total_line = -1;
    it->dec_comma = guess_dec_comma(d);
    it->items = malloc(cap * sizeof *it->items);
    if (!it->items)
        return -1;
    for (li = 0; li < d->n_lines; li++) {
        ex_item_t row;
        size_t n_used = 0;
        double x0, x1, nx0;
        if (!item_row(d, &d->lines[li], (int)li, it->dec_comma, &row, used, &n_used))
            continue;
        /* a totals line "Tax 19 % on 1.234,56  234,57" can fake a row: it has no text
         * description, or a total/tax label */
        {
            int litre = d->ocr_pages && litre_misread(d, &d->lines[li], &row, it->dec_comma, -1, used, &n_used, 32);
            row_text(d, &d->lines[li], &row, used, n_used, &x0, &x1, &nx0);
            if (!row.unit && d->ocr_pages && !litre && x1 > 0)
                litre = litre_misread(d, &d->lines[li], &row, it->dec_comma, x1, used, &n_used, 32);
            if (litre && !row.unit)
                row.unit = "LTR";
        }
        if (!row.desc[0] && row.unit)
            bare_row_text(d, &d->lines[li], &row, used, n_used, &x0, &x1, &nx0);
        if (!row.desc[0] || (!row.unit && ex_label_prefix(row.desc) > 0 &&
                             (ex_label_mask(row.desc) & ((1u << EXL_TOTAL) | (1u << EXL_SUBTOTAL) | (1u << EXL_PAYABLE)))))
            continue;
        if (it->n == cap || !col) {
            ex_item_t *p = it->n == cap ? realloc(it->items, 2 * cap * sizeof *p) : it->items;
            void *q;
            if (!p) {
                free(col);
                return -1;
            }
            it->items = p;
            cap = it->n == cap ? 2 * cap : cap;
            if (!(q = realloc(col, cap * sizeof *col))) {
                free(col);
                return -1;
            }
            col = q;
        }
        {
            ex_item_t *cur = &it->items[it->n];
            float conf = row.conf > 0 ? row.conf : 0.9f;   /* 0.5: the OCR fallback */
            *cur = row;
            cur->line = (int)li;
            cur->conf = conf;
            col[it->n].x0 = x0, col[it->n].x1 = x1 > x0 ? x1 + 200 : x0 + 300, col[it->n].nx0 = nx0;
            if (!cur->unit)
                cur->conf = conf * 0.67f;
        }
        it->n++;
    }
    if (recover_rows(d, it, &col, &cap) < 0) {
        free(col);
        return -1;
    }
    bottom = bottom_aligned(d, it, col);
    for (i = 0; i < it->n; i++) {
        if (bottom)
            precursor(d, it->items[i].line, i ? it->items[i - 1].line : it->items[0].line - 8,
                      col[i].x0, col[i].x1, col[i].nx0, &it->items[i]);
        else
            continuation(d, it->items[i].line, -1, col[i].x0, col[i].x1, col[i].nx0, &it->items[i]);
    }
    free(col);
    /* a description OCR read with its accents on one row and without on another: the
     * accented reading for both (ex_fold) */
    for (i = 0; d->ocr_pages && i < it->n; i++) {
        char a[sizeof it->items[0].desc], b[sizeof it->items[0].desc];
        int acc = ex_fold(it->items[i].desc, a, sizeof a);
        size_t j;
        for (j = 0; j < it->n; j++)
            if (j != i && ex_fold(it->items[j].desc, b, sizeof b) > acc && !strcmp(a, b)) {
                memcpy(it->items[i].desc, it->items[j].desc, sizeof it->items[i].desc);
                acc = ex_fold(it->items[i].desc, a, sizeof a);
            }
    }
    if (it->n && d->ocr_pages)
        fill_gaps(d, it);
    ex_items_reconcile(d, it);
    return 0;
}

void ex_items_clear(ex_items_t *it)
{
    free(it->items);
    memset(it, 0, sizeof *it);
}

/* Length of an article code at t ("GG-SCRW-A4-01", "12345", "4711.20"): one word of digits,
 * letters and . / - _ with a digit in it, three characters at least; 0 when t starts with none. */
static size_t code_len(const char *t)
{
    size_t n = 0;
    int digit = 0;
    while (t[n] && (isalnum((unsigned char)t[n]) || strchr("./-_", t[n]))) {
        digit |= isdigit((unsigned char)t[n]);
        n++;
    }
    return digit && n >= 3 ? n : 0;
}

/* A base quantity printed after the name, "Premium Schrauben (1 kg)": the price's unit,
 * not part of the name. Cut when the brackets hold a number and the unit the row's quantity
 * is counted in ("(100 Stk)" after a quantity in boxes is the name's). */
static void cut_base_quantity(char *desc, const char *row_unit)
{
    size_t n = strlen(desc), i, k;
    char unit[16];
    char *open;
    if (n < 6 || desc[n - 1] != ')' || !(open = strrchr(desc, '(')) || open == desc || open[-1] != ' ')
        return;
    for (i = 1; isdigit((unsigned char)open[i]) || open[i] == ',' || open[i] == '.'; i++)
        ;
    if (i == 1 || open[i] != ' ')
        return;
    for (k = 0, i++; open[i] && open[i] != ')' && k + 1 < sizeof unit; i++)
        unit[k++] = open[i];
    unit[k] = '\0';
    if (open[i] != ')' || !k || !row_unit || !ex_unit_code(unit) || strcmp(ex_unit_code(unit), row_unit))
        return;
    for (open--; open > desc && open[-1] == ' '; open--)
        ;
    *open = '\0';
}

void ex_desc_clean(char *desc, const char *unit)
{
    const char *p = desc, *rest;
    size_t k, c;
    cut_base_quantity(desc, unit);
    /* a position number before the code ("1 01234567 - ...") */
    for (k = 0; isdigit((unsigned char)p[k]) && k < 4; k++)
        ;
    if (k && k <= 3 && p[k] == ' ' && code_len(p + k + 1))
        p += k + 1;
    if (!(c = code_len(p)))
        return;
    rest = p + c;
    if (!strncmp(rest, " - ", 3))
        rest += 3;
    else if (!strncmp(rest, " \xe2\x80\x93 ", 5))
        rest += 5;
    else
        return;
    for (k = 0; rest[k] && k < 3; k++)
        if (!(isalpha((unsigned char)rest[k]) || (unsigned char)rest[k] >= 0x80))
            return;
    if (k == 3)
        memmove(desc, rest, strlen(rest) + 1);
}
