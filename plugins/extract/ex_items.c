/* Item rows: a row holds a quantity q, a price p and a net n (left to right, p and n with
 * two decimals) with round_half_up(q x p) = n. The arithmetic finds the rows in any table
 * layout and tells the columns apart; what is left of the row is description, unit word,
 * position number and rate. */
#include "ex_items.h"
#include "ex_shape.h"
#include "ex_labels.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tok {
    int w;               /* word index */
    ex_num_t num;
    int is_num;
} tok_t;

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

/* Numbers of a line: words parsed, "1 234,56" groups joined (French spacing). */
static size_t line_numbers(const ex_doc_t *d, const ex_line_t *l, int dec_comma, tok_t *out, size_t max)
{
    size_t n = 0;
    int s, w;
    for (s = l->s0; s < l->s1; s++) {
        const ex_seg_t *sg = &d->segs[s];
        for (w = sg->w0; w < sg->w1 && n < max; w++) {
            char buf[64];
            int k = w;
            ex_num_t num;
            snprintf(buf, sizeof buf, "%s", d->words[w].text);
            /* join "1 234,56": a 1-3 digit word followed by 3-digit groups */
            while (k + 1 < sg->w1 && strlen(buf) <= 3 + 0 * k && isdigit((unsigned char)buf[0])) {
                const char *nx = d->words[k + 1].text;
                if (isdigit((unsigned char)nx[0]) && isdigit((unsigned char)nx[1]) && isdigit((unsigned char)nx[2]) &&
                    (nx[3] == ',' || nx[3] == '.' || !nx[3] || !isdigit((unsigned char)nx[3])) && strlen(buf) + strlen(nx) + 2 < sizeof buf &&
                    strlen(nx) >= 3 && !dec_comma == 0) {
                    size_t bl = strlen(buf);
                    buf[bl] = ' ';
                    strcpy(buf + bl + 1, nx);
                    k++;
                } else
                    break;
            }
            if (ex_parse_num(buf, dec_comma, &num)) {
                out[n].w = w, out[n].num = num, out[n].is_num = 1;
                n++;
                w = k;
            } else if (k == w && ex_parse_num(d->words[w].text, dec_comma, &num)) {
                out[n].w = w, out[n].num = num, out[n].is_num = 1;
                n++;
            } else if (k == w && glued_unit(d->words[w].text, dec_comma, &num)) {
                out[n].w = w, out[n].num = num, out[n].is_num = 1;
                n++;
            }
        }
    }
    return n;
}

static int64_t mul_round(int64_t qty_milli, int64_t price_cents)
{
    /* q (1/1000) x p (1/100) -> cents, half up */
    int64_t x = qty_milli * price_cents;
    return (x + (x >= 0 ? 500 : -500)) / 1000;
}

/* Try to read line l as an item row. */
static int item_row(const ex_doc_t *d, const ex_line_t *l, int li, int dec_comma, ex_item_t *it, int *used_w, size_t *n_used)
{
    tok_t t[24];
    size_t n = line_numbers(d, l, dec_comma, t, 24);
    int a, b, c;
    if (n < 3)
        return 0;
    for (c = (int)n - 1; c >= 2; c--) {
        const ex_num_t *nn = &t[c].num;
        if (nn->percent || nn->decimals != 2)
            continue;
        for (b = c - 1; b >= 0; b--) {
            const ex_num_t *pp = &t[b].num;
            if (pp->percent || pp->decimals < 2 || pp->decimals > 4)
                continue;
            /* the quantity: first a number that starts its own cell, then any (a number
             * inside the description may equal it) */
            for (a = 0; a < 2 * (int)n; a++) {
                const ex_num_t *qq = &t[a % n].num;
                int64_t q, p;
                int w = t[a % n].w, own = w == d->segs[d->words[w].seg].w0;
                if ((a < (int)n) != own || a % (int)n == b || a % (int)n == c || qq->percent || qq->decimals > 3 || qq->v <= 0)
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
    return 0;
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

/* The description, unit and position of an item row; the text words left over. */
static void row_text(const ex_doc_t *d, const ex_line_t *l, ex_item_t *it, const int *used, size_t n_used,
                     double *desc_x0, double *desc_x1, double *num_x0)
{
    int s, w, best_seg = -1;
    size_t best_len = 0;
    *num_x0 = 1e9;
    /* the description: the longest segment of mostly letters */
    for (s = l->s0; s < l->s1; s++) {
        const ex_seg_t *sg = &d->segs[s];
        size_t letters = 0, k;
        for (k = 0; sg->text[k]; k++)
            letters += isalpha((unsigned char)sg->text[k]) || (unsigned char)sg->text[k] >= 0x80;
        if (in_used(used, n_used, sg->w0) && sg->w1 - sg->w0 == 1)
            continue;
        if (letters > best_len && !(sg->w1 - sg->w0 <= 2 && ex_unit_code(sg->text)))
            best_len = letters, best_seg = s;
    }
    it->desc[0] = '\0';
    if (best_seg >= 0) {
        const ex_seg_t *sg = &d->segs[best_seg];
        int first = sg->w0;
        /* a leading position number ("1", "12.") is not part of the description */
        if (sg->w1 - sg->w0 > 1) {
            const char *t0 = d->words[first].text;
            size_t k = 0;
            while (isdigit((unsigned char)t0[k])) k++;
            if (k && k <= 3 && (!t0[k] || (t0[k] == '.' && !t0[k + 1])))
                first++;
        }
        for (w = first; w < sg->w1; w++)
            if (!in_used(used, n_used, w))
                append(it->desc, sizeof it->desc, d->words[w].text);
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
    it->unit = NULL;
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
            if (!it->unit) {
                ex_num_t num;
                it->unit = glued_unit(d->words[w].text, -1, &num);
            }
        }
    }
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
            ex_num_t num;
            if (sg->x0 < x0 - 4 || sg->x0 > x1 + 4 || sg->x1 > num_x0 - 2 ||
                (ex_parse_num(sg->text, -1, &num) && sg->w1 - sg->w0 == 1))
                ok = 0;
        }
        if (!ok || l->s1 - l->s0 != 1)
            break;
        append(it->desc, sizeof it->desc, d->segs[l->s0].text);
        prev_bottom = l->y1;
    }
}

int ex_amount_printed(const ex_doc_t *d, int dec_comma, int64_t cents)
{
    size_t i;
    tok_t t[24];
    for (i = 0; i < d->n_lines; i++) {
        size_t n = line_numbers(d, &d->lines[i], dec_comma, t, 24), k;
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

static int64_t tax_of(int64_t base, int64_t rate_cents)
{
    /* base (cents) x rate (1/100 %) / 100 / 100 -> cents, half up */
    int64_t x = base * rate_cents;
    return (x + (x >= 0 ? 5000 : -5000)) / 10000;
}

/* Rates for items printed without one, and the breakdown. */
static void reconcile(const ex_doc_t *d, ex_items_t *it)
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
        if (best < 0)
            best = 0;
        for (i = 0; i < it->n; i++)
            if (it->items[i].rate_cents < 0)
                it->items[i].rate_cents = best;
    }
    /* breakdown, highest rate first */
    it->n_rates = 0;
    for (i = 0; i < it->n; i++) {
        int64_t r = it->items[i].rate_cents;
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
    it->gross = it->net + it->tax;
    it->totals_conf = ex_amount_printed(d, it->dec_comma, it->gross) ? 1.0f
                    : ex_amount_printed(d, it->dec_comma, it->net) ? 0.6f : 0.3f;
}

int ex_items_find(const ex_doc_t *d, ex_items_t *it)
{
    size_t li, cap = 16;
    int used[32];
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
        row_text(d, &d->lines[li], &row, used, n_used, &x0, &x1, &nx0);
        if (!row.desc[0] || (!row.unit && ex_label_prefix(row.desc) > 0 &&
                             (ex_label_mask(row.desc) & ((1u << EXL_TOTAL) | (1u << EXL_SUBTOTAL) | (1u << EXL_PAYABLE)))))
            continue;
        if (it->n == cap) {
            ex_item_t *p = realloc(it->items, 2 * cap * sizeof *p);
            if (!p)
                return -1;
            it->items = p, cap *= 2;
        }
        row.conf = 0.9f;
        it->items[it->n] = row;
        it->items[it->n].line = (int)li;
        /* remember the description column for continuation lines (done below) */
        it->items[it->n].conf = (float)x0;   /* temporarily: desc x0 */
        it->items[it->n].price_cents = row.price_cents;
        {
            ex_item_t *cur = &it->items[it->n];
            cur->conf = 0.9f;
            continuation(d, (int)li, -1, x0, x1 > x0 ? x1 + 200 : x0 + 300, nx0, cur);
            if (!cur->unit)
                cur->conf = 0.6f;
        }
        it->n++;
    }
    reconcile(d, it);
    return 0;
}

void ex_items_clear(ex_items_t *it)
{
    free(it->items);
    memset(it, 0, sizeof *it);
}
