/* The printed totals (ex_totals.h): labelled amounts and VAT rows are read line by line,
 * then the assignment of printed figures to the chain
 *     lines - allowances + charges = net,  net + tax = gross,  gross - prepaid + rounding = due
 * that the arithmetic supports best is chosen. A figure counts as confirmed only when an
 * equation between it and other, independently printed figures (or the item rows) holds;
 * a figure the page prints but nothing confirms keeps a confidence under the threshold. */
#include "ex_totals.h"
#include "ex_labels.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXTOK 32

static int64_t tax_of(int64_t base, int64_t rate)
{
    /* base (cents) x rate (percent x 100) / 10000, half away from zero */
    int64_t x = base * rate;
    return (x + (x >= 0 ? 5000 : -5000)) / 10000;
}

static int64_t llabs64(int64_t v) { return v < 0 ? -v : v; }

static ex_pos_t word_pos(const ex_doc_t *d, int w0, int w1)
{
    ex_pos_t p;
    int i;
    p.page = d->words[w0].page;
    p.x0 = (float)d->words[w0].x0, p.y0 = (float)d->words[w0].y0;
    p.x1 = (float)d->words[w0].x1, p.y1 = (float)d->words[w0].y1;
    for (i = w0 + 1; i <= w1; i++) {
        if (d->words[i].x1 > p.x1) p.x1 = (float)d->words[i].x1;
        if (d->words[i].y0 < p.y0) p.y0 = (float)d->words[i].y0;
        if (d->words[i].y1 > p.y1) p.y1 = (float)d->words[i].y1;
    }
    return p;
}

/* A minus printed apart from its figure ("- €13.50", "−13,50") or after it ("13,50-"). */
static int minus_before(const ex_doc_t *d, int w)
{
    const char *t;
    if (w <= 0 || d->words[w - 1].line != d->words[w].line)
        return 0;
    t = d->words[w - 1].text;
    return !strcmp(t, "-") || !strcmp(t, "\xe2\x88\x92") || !strcmp(t, "\xe2\x80\x93");
}

typedef struct amt {
    int64_t cents;
    int is_rate;
    int w0, w1;
} amt_t;

/* The amounts and percentages of line li: amounts have two decimals, or none when a
 * currency is printed with them ("50 €"); dates and years are not amounts. */
static size_t line_amounts(const ex_doc_t *d, int li, int dec_comma, amt_t *out, size_t max)
{
    ex_tok_t t[MAXTOK];
    size_t n = ex_line_numbers(d, &d->lines[li], dec_comma, t, MAXTOK), i, k = 0;
    for (i = 0; i < n && k < max; i++) {
        const ex_num_t *v = &t[i].num;
        const char *w = d->words[t[i].w].text;
        int pct = v->percent, cur = v->currency;
        char iso[11];
        if (ex_find_date(w, iso, NULL, NULL))
            continue;
        if (!pct && t[i].w_end + 1 < (int)d->n_words && d->words[t[i].w_end + 1].line == li) {
            const char *nx = d->words[t[i].w_end + 1].text;
            char code[4];
            pct = !strcmp(nx, "%") || !strcmp(nx, "%)");
            cur = cur || (strlen(nx) <= 3 && ex_currency(nx, code));
        }
        if (!cur && t[i].w > 0 && d->words[t[i].w - 1].line == li) {
            char code[4];
            const char *pv = d->words[t[i].w - 1].text;
            cur = strlen(pv) <= 3 && ex_currency(pv, code);
        }
        if (pct) {
            if (v->v < 0 || ex_num_scaled(v, 2) > 10000 || v->decimals > 3)
                continue;
            out[k].is_rate = 1;
            out[k].cents = ex_num_scaled(v, 2);
        } else {
            if (!(v->decimals == 2 || (v->decimals == 0 && cur && !v->has_group && llabs64(v->v) < 10000000)))
                continue;
            out[k].is_rate = 0;
            out[k].cents = ex_num_scaled(v, 2);
            if (minus_before(d, t[i].w) && out[k].cents > 0)
                out[k].cents = -out[k].cents;
            {
                const char *e = d->words[t[i].w_end].text;
                size_t el = strlen(e);
                if (el > 1 && e[el - 1] == '-' && out[k].cents > 0)
                    out[k].cents = -out[k].cents;   /* "13,50-": a German ERP's credit */
            }
        }
        out[k].w0 = t[i].w, out[k].w1 = t[i].w_end;
        k++;
    }
    return k;
}

static int is_item_line(const ex_items_t *it, int li)
{
    size_t i;
    for (i = 0; it && i < it->n; i++)
        if (it->items[i].line == li)
            return 1;
    return 0;
}

static void add_amount(ex_totals_t *t, const ex_doc_t *d, int kind, int specific, int64_t cents, int64_t rate,
                       int li, int w0, int w1, const char *label)
{
    ex_tamount_t *a;
    if (t->n >= sizeof t->a / sizeof *t->a)
        return;
    a = &t->a[t->n++];
    a->kind = kind, a->specific = specific, a->cents = cents, a->rate = rate, a->line = li;
    a->pos = word_pos(d, w0, w1);
    snprintf(a->label, sizeof a->label, "%s", label);
}

static void add_vat(ex_totals_t *t, const ex_doc_t *d, int64_t rate, int64_t base, int64_t tax, int li, int w0, int w1)
{
    size_t i;
    for (i = 0; i < t->n_vat; i++)
        if (t->vat[i].rate == rate) {
            /* the same rate again (a summary repeated): keep the one with its base */
            if (t->vat[i].base < 0 && base >= 0)
                t->vat[i].base = base, t->vat[i].tax = tax;
            return;
        }
    if (t->n_vat >= sizeof t->vat / sizeof *t->vat)
        return;
    t->vat[t->n_vat].rate = rate, t->vat[t->n_vat].base = base, t->vat[t->n_vat].tax = tax;
    t->vat[t->n_vat].line = li;
    t->vat[t->n_vat].pos = word_pos(d, w0, w1);
    t->n_vat++;
}

static int has_letters(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += isalpha((unsigned char)*s) || (unsigned char)*s >= 0xC0;
    return n >= 3;
}

/* The text of words [w0, w1) of one line, joined. */
static void words_text(const ex_doc_t *d, int w0, int w1, char *out, size_t size)
{
    int i;
    out[0] = '\0';
    for (i = w0; i < w1; i++) {
        size_t k = strlen(out);
        snprintf(out + k, size - k, "%s%s", k ? " " : "", d->words[i].text);
    }
}

/* A VAT row: a rate with a base and its tax (base x rate = tax to a cent), maybe the gross
 * after them; or a tax label, a rate and one amount (the tax of that rate). */
static int vat_row(ex_totals_t *t, const ex_doc_t *d, int li, const amt_t *a, size_t n, int tax_label)
{
    size_t r, b, x;
    for (r = 0; r < n; r++) {
        if (!a[r].is_rate || a[r].cents > 3000)
            continue;
        for (b = 0; b < n; b++) {
            if (a[b].is_rate || b == r)
                continue;
            for (x = b + 1; x < n; x++) {
                int64_t want;
                if (a[x].is_rate)
                    continue;
                want = tax_of(a[b].cents, a[r].cents);
                if (a[r].cents == 0 ? (a[x].cents == 0 && a[b].cents != 0 && tax_label)
                                    : (a[b].cents != 0 && llabs64(want - a[x].cents) <= 1 &&
                                       llabs64(a[x].cents) < llabs64(a[b].cents))) {
                    add_vat(t, d, a[r].cents, a[b].cents, a[x].cents, li, a[x].w0, a[x].w1);
                    return 1;
                }
            }
        }
    }
    return 0;
}

void ex_totals_read(const ex_doc_t *d, const ex_items_t *it, ex_totals_t *t)
{
    size_t li;
    int dec_comma = it ? it->dec_comma : 0;
    memset(t, 0, sizeof *t);
    t->lines_match = -1;
    {
        ex_total_t *x[] = {&t->lines, &t->allow, &t->charge, &t->net, &t->tax, &t->gross, &t->prepaid,
                           &t->rounding, &t->payable};
        size_t k;
        for (k = 0; k < sizeof x / sizeof *x; k++)
            x[k]->pos.page = -1;
    }
    for (li = 0; li < d->n_lines; li++) {
        const ex_line_t *l = &d->lines[li];
        amt_t a[MAXTOK];
        size_t n, i;
        int w0 = d->segs[l->s0].w0, w1 = d->segs[l->s1 - 1].w1, w, kind = -1, spec = 0, any_label = 0;
        int64_t rate = -1;
        char label[64] = "";
        int tax_label = 0;
        if (is_item_line(it, (int)li))
            continue;
        n = line_amounts(d, (int)li, dec_comma, a, MAXTOK);
        /* labelled amounts: the runs of words between the figures are labels; a figure
         * belongs to the last label before it on the line */
        {
            size_t k = 0;
            int run0 = w0, unknown = 0;
            int64_t pend[MAXTOK];
            int pw0[MAXTOK], pw1[MAXTOK];
            size_t np = 0;
            for (w = w0; w <= w1; w++) {
                int at_num = k < n && w == a[k].w0;
                if (w == w1 || at_num) {
                    /* the run [run0, w) is text: a label when it names a total */
                    if (w > run0) {
                        char txt[160];
                        int s2 = 0, k2;
                        words_text(d, run0, w, txt, sizeof txt);
                        k2 = strlen(txt) <= 60 ? ex_totals_label(txt, &s2) : -1;
                        unknown = k2 < 0 && strlen(txt) <= 40 && has_letters(txt);
                        if (k2 >= 0) {
                            /* flush the previous label's figures: its value is the last */
                            if (kind >= 0 && np)
                                add_amount(t, d, kind, spec, pend[np - 1], rate, (int)li, pw0[np - 1], pw1[np - 1], label);
                            np = 0, rate = -1;
                            kind = k2, spec = s2, any_label = 1;
                            snprintf(label, sizeof label, "%s", txt);
                            tax_label |= k2 == EXT_TAX;
                        }
                    }
                    if (w == w1)
                        break;
                }
                if (at_num) {
                    if (a[k].is_rate) {
                        if (kind >= 0)
                            rate = a[k].cents;
                    } else if (kind < 0 && unknown && t->n_other < sizeof t->other / sizeof *t->other) {
                        /* a figure under a label we do not know ("Accompte :"): the chain
                         * may need it (a prepaid amount, an allowance) */
                        t->other[t->n_other].cents = a[k].cents;
                        t->other[t->n_other].pos = word_pos(d, a[k].w0, a[k].w1);
                        t->n_other++;
                    } else if (np < MAXTOK) {
                        pend[np] = a[k].cents, pw0[np] = a[k].w0, pw1[np] = a[k].w1;
                        np++;
                    }
                    w = a[k].w1;
                    k++;
                    run0 = w + 1;
                }
            }
            if (kind >= 0 && np) {
                /* "Summe 121,50 23,09 144,59": net, tax and gross of a summary row */
                if (kind == EXT_TOTAL && np == 3 && pend[0] + pend[1] == pend[2]) {
                    add_amount(t, d, EXT_NET, 0, pend[0], -1, (int)li, pw0[0], pw1[0], label);
                    add_amount(t, d, EXT_TAX, 0, pend[1], -1, (int)li, pw0[1], pw1[1], label);
                    add_amount(t, d, EXT_GROSS, 0, pend[2], -1, (int)li, pw0[2], pw1[2], label);
                } else {
                    add_amount(t, d, kind, spec, pend[np - 1], rate, (int)li, pw0[np - 1], pw1[np - 1], label);
                }
            } else if (kind >= 0 && !np && l->s1 - l->s0 <= 3) {
                /* a label with its figure below it (boxed cells: label above value) */
                int si;
                for (si = l->s0; si < l->s1; si++) {
                    const ex_seg_t *s = &d->segs[si];
                    int s2 = 0, k2 = ex_totals_label(s->text, &s2);
                    size_t lj;
                    if (k2 < 0 || strlen(s->text) > 60)
                        continue;
                    for (lj = li + 1; lj < d->n_lines && lj <= li + 2 && d->lines[lj].page == l->page; lj++) {
                        const ex_line_t *m = &d->lines[lj];
                        int sj, done = 0;
                        if (m->y0 - l->y1 > 2.2 * (l->y1 - l->y0) + 2 || is_item_line(it, (int)lj))
                            break;   /* a table head's word over its first row is no total */
                        for (sj = m->s0; sj < m->s1 && !done; sj++) {
                            const ex_seg_t *v = &d->segs[sj];
                            amt_t b[4];
                            size_t nb;
                            if (v->x1 < s->x0 - 4 || v->x0 > s->x1 + 4)
                                continue;
                            nb = line_amounts(d, (int)lj, dec_comma, b, 4);
                            for (i = 0; i < nb; i++)
                                if (!b[i].is_rate && b[i].w0 >= v->w0 && b[i].w1 < v->w1 && b[i].w0 == v->w0) {
                                    add_amount(t, d, k2, s2, b[i].cents, -1, (int)lj, b[i].w0, b[i].w1, s->text);
                                    done = 1;
                                    break;
                                }
                        }
                        if (done)
                            break;
                    }
                }
            }
        }
        /* VAT rows, labelled or in a table of rates */
        if (n >= 3 || (n == 2 && tax_label))
            if (!vat_row(t, d, (int)li, a, n, tax_label || any_label) && tax_label && n >= 2) {
                /* "MwSt 19 %  23,09": the tax of one rate without its base */
                size_t r, x;
                for (r = 0; r < n; r++)
                    if (a[r].is_rate && a[r].cents > 0 && a[r].cents <= 3000)
                        for (x = r + 1; x < n; x++)
                            if (!a[x].is_rate) {
                                size_t y;
                                int last = 1;
                                for (y = x + 1; y < n; y++)
                                    last &= a[y].is_rate;
                                if (last) {
                                    add_vat(t, d, a[r].cents, -1, a[x].cents, (int)li, a[x].w0, a[x].w1);
                                    r = n;
                                    break;
                                }
                            }
            }
    }
    t->printed = t->n > 0;
}

/* ---- the decision ---- */

enum { V_L, V_N, V_T, V_G, V_D, NV };
#define NC 6   /* candidates per variable: printed ones, the pseudo one, none */

typedef struct cand {
    int64_t v;
    int src;       /* index into t->a, or -2 the item rows / VAT rows, -1 none */
    int prior;
} cand_t;

static int add_cand(cand_t *c, int *n, int64_t v, int src, int prior)
{
    int i;
    for (i = 0; i < *n; i++)
        if (c[i].v == v && c[i].src >= 0 && src >= 0) {
            if (prior > c[i].prior)
                c[i].prior = prior, c[i].src = src;
            return 0;
        }
    if (*n >= NC - 1)
        return 0;
    c[*n].v = v, c[*n].src = src, c[*n].prior = prior;
    (*n)++;
    return 1;
}

static int64_t sum_kind(const ex_totals_t *t, int kind, int absolute, int *count, int *first)
{
    size_t i, j;
    int64_t s = 0;
    *count = 0, *first = -1;
    for (i = 0; i < t->n; i++) {
        int dup = 0;
        if (t->a[i].kind != kind)
            continue;
        for (j = 0; j < i; j++)   /* the same figure twice (a box at the top, the totals) */
            dup |= t->a[j].kind == kind && t->a[j].cents == t->a[i].cents;
        if (dup)
            continue;
        s += absolute ? llabs64(t->a[i].cents) : t->a[i].cents;
        if (*first < 0)
            *first = (int)i;
        (*count)++;
    }
    return s;
}

static void set_total(ex_total_t *x, int64_t v, float conf, const ex_totals_t *t, int src)
{
    x->have = 1, x->cents = v, x->conf = conf;
    if (src >= 0)
        x->pos = t->a[src].pos;
    else
        x->pos.page = -1;
}

/* Rows without a rate take the printed VAT rows' rate: the only one, or the one whose base
 * the rows without a rate make up. */
static void rates_from_vat(ex_items_t *it, const ex_totals_t *t)
{
    size_t i, k;
    int64_t missing_net = 0;
    int missing = 0;
    for (i = 0; i < it->n; i++)
        if (it->items[i].rate_cents < 0 || it->items[i].rate_unsure) {
            missing_net += it->items[i].net_cents;
            missing++;
        }
    if (!missing || !t->n_vat)
        return;
    if (t->n_vat == 1) {
        for (i = 0; i < it->n; i++)
            if (it->items[i].rate_cents < 0 || it->items[i].rate_unsure)
                it->items[i].rate_cents = t->vat[0].rate, it->items[i].rate_unsure = 0;
        return;
    }
    /* several rates: the rows of known rate leave bases to fill; a rate whose base the
     * unknown rows make up exactly takes them all */
    for (k = 0; k < t->n_vat; k++) {
        int64_t known = 0;
        for (i = 0; i < it->n; i++)
            if (it->items[i].rate_cents == t->vat[k].rate && !it->items[i].rate_unsure)
                known += it->items[i].net_cents;
        if (t->vat[k].base >= 0 && t->vat[k].base - known == missing_net) {
            for (i = 0; i < it->n; i++)
                if (it->items[i].rate_cents < 0 || it->items[i].rate_unsure)
                    it->items[i].rate_cents = t->vat[k].rate, it->items[i].rate_unsure = 0;
            return;
        }
    }
}

/* Rates printed on the rows that the VAT rows read leave out (OCR garbled their row): their
 * bases and taxes from the rows, so that the breakdown and the tax total stay whole. */
static void merge_item_rates(ex_totals_t *t, const ex_items_t *it)
{
    size_t i, k;
    for (i = 0; i < it->n && t->n_vat; i++) {
        int64_t r = it->items[i].rate_cents, base = 0;
        if (r < 0 || it->items[i].rate_unsure)
            continue;
        for (k = 0; k < t->n_vat && t->vat[k].rate != r; k++)
            ;
        if (k < t->n_vat || t->n_vat >= sizeof t->vat / sizeof *t->vat)
            continue;
        for (k = 0; k < it->n; k++)
            if (it->items[k].rate_cents == r)
                base += it->items[k].net_cents;
        memset(&t->vat[t->n_vat], 0, sizeof t->vat[0]);
        t->vat[t->n_vat].rate = r, t->vat[t->n_vat].base = base, t->vat[t->n_vat].tax = tax_of(base, r);
        t->vat[t->n_vat].from_items = 1, t->vat[t->n_vat].line = -1, t->vat[t->n_vat].pos.page = -1;
        t->n_vat++;
    }
}

/* The breakdown from the printed VAT rows, when their taxes make the decided tax. */
static int breakdown_from_vat(ex_items_t *it, const ex_totals_t *t)
{
    size_t i, k;
    int64_t tax = 0;
    if (!t->n_vat || t->n_vat > 8)
        return 0;
    for (i = 0; i < t->n_vat; i++)
        tax += t->vat[i].tax;
    if (t->tax.have && tax != t->tax.cents)
        return 0;
    it->n_rates = 0;
    for (i = 0; i < t->n_vat; i++) {
        int64_t base = t->vat[i].base;
        if (base < 0) {
            if (t->n_vat == 1 && t->net.have)
                base = t->net.cents;
            else {
                base = 0;
                for (k = 0; k < it->n; k++)
                    if (it->items[k].rate_cents == t->vat[i].rate)
                        base += it->items[k].net_cents;
            }
        }
        it->rates[it->n_rates].rate_cents = t->vat[i].rate;
        it->rates[it->n_rates].taxable = base;
        it->rates[it->n_rates].tax = t->vat[i].tax;
        it->n_rates++;
    }
    for (i = 0; i < it->n_rates; i++)
        for (k = i + 1; k < it->n_rates; k++)
            if (it->rates[k].rate_cents > it->rates[i].rate_cents) {
                ex_rate_t x = it->rates[i];
                it->rates[i] = it->rates[k], it->rates[k] = x;
            }
    return 1;
}

/* One equation: +5 when it holds, -4 when not, counted for the variables in it (-1: none). */
static int eq(int ok, int v1, int v2, int v3, int *sat, int *bad)
{
    int *c = ok ? sat : bad, v[3] = {v1, v2, v3}, i;
    for (i = 0; i < 3; i++)
        if (v[i] >= 0)
            c[v[i]]++;
    return ok ? 5 : -4;
}

/* The chain's equations on one assignment x (src -1: absent), with the allowances,
 * charges, prepaid and rounding amounts printed: +5 for each that holds between figures of
 * different sources, -4 for each that fails. A missing net is the lines' total less the
 * allowances plus the charges, a missing gross the amount due plus prepaid less rounding,
 * so that "Subtotal / VAT / Total" checks too. sat[v] and bad[v] count per variable. */
static int other_has(const ex_totals_t *t, int64_t v)
{
    size_t i;
    for (i = 0; i < t->n_other; i++)
        if (t->other[i].cents == v || t->other[i].cents == -v)
            return (int)i + 1;
    return 0;
}

static int chain_score(const ex_totals_t *t, const cand_t *const *x, int64_t A, int64_t C, int64_t P, int64_t R, int64_t items,
                       int have_items, int64_t vtax, int have_vtax, int64_t vbase, int have_vbase, int *sat, int *bad)
{
    int score = 0, hl = x[V_L]->src != -1, hn = x[V_N]->src != -1, ht = x[V_T]->src != -1;
    int hg = x[V_G]->src != -1, hd = x[V_D]->src != -1;
    int64_t n = hn ? x[V_N]->v : x[V_L]->v - A + C, g = hg ? x[V_G]->v : x[V_D]->v + P - R;
    int nv = hn ? V_N : V_L, gv = hg ? V_G : V_D;
    /* a difference printed under a label we do not know is the allowance or the prepaid
     * amount the labels did not name */
    if (hl && hn)
        score += eq(x[V_L]->v - A + C == x[V_N]->v || (!A && !C && x[V_L]->v != x[V_N]->v &&
                                                     other_has(t, x[V_L]->v - x[V_N]->v)),
                    V_L, V_N, -1, sat, bad);
    if ((hn || hl) && ht && (hg || hd))
        score += eq(n + x[V_T]->v == g, nv, V_T, gv, sat, bad);
    if (hg && hd)
        score += eq(x[V_G]->v - P + R == x[V_D]->v || (!P && x[V_G]->v - x[V_D]->v + R > 0 &&
                                                     other_has(t, x[V_G]->v - x[V_D]->v + R)),
                    V_G, V_D, -1, sat, bad);
    /* the printed rows and VAT rows against the printed totals */
    if (hl && x[V_L]->src >= 0 && have_items && items == x[V_L]->v)
        score += 3, sat[V_L]++;
    if (ht && x[V_T]->src >= 0 && have_vtax)
        score += eq(vtax == x[V_T]->v, V_T, -1, -1, sat, bad);
    if ((hn || hl) && have_vbase && !(hn && x[V_N]->src == -2))
        score += eq(vbase == n, nv, -1, -1, sat, bad);
    return score;
}

void ex_totals_decide(const ex_doc_t *d, ex_items_t *it, ex_totals_t *t)
{
    cand_t c[NV][NC];
    int nc[NV] = {0}, pick[NV], best[NV] = {0}, i, best_score = -1000000;
    int nA, nC, nP, nR, fA, fC, fP, fR;
    int64_t A = sum_kind(t, EXT_ALLOW, 1, &nA, &fA), C = sum_kind(t, EXT_CHARGE, 1, &nC, &fC);
    int64_t P = sum_kind(t, EXT_PREPAID, 1, &nP, &fP), R = sum_kind(t, EXT_ROUND, 0, &nR, &fR);
    int64_t items = 0, vbase = 0, vtax = 0;
    int vbase_ok = t->n_vat > 0, sat_count[NV] = {0}, bad_count[NV] = {0};
    size_t k;
    int n_rates = 0;
    (void)d;
    rates_from_vat(it, t);
    merge_item_rates(t, it);
    for (k = 0; k < it->n; k++)
        items += it->items[k].net_cents;
    /* how many rates the page has: a tax line of one rate is the tax total only then */
    {
        int64_t seen[16];
        size_t j;
        for (k = 0; k < t->n_vat + it->n + t->n; k++) {
            int64_t r = k < t->n_vat ? t->vat[k].rate
                      : k < t->n_vat + it->n ? (it->items[k - t->n_vat].rate_unsure ? -1 : it->items[k - t->n_vat].rate_cents)
                      : (t->a[k - t->n_vat - it->n].kind == EXT_TAX ? t->a[k - t->n_vat - it->n].rate : -1);
            if (r < 0)
                continue;
            for (j = 0; j < (size_t)n_rates && seen[j] != r; j++)
                ;
            if (j == (size_t)n_rates && n_rates < 16)
                seen[n_rates++] = r;
        }
    }
    for (k = 0; k < t->n_vat; k++) {
        vtax += t->vat[k].tax;
        if (t->vat[k].base < 0)
            vbase_ok = 0;
        else
            vbase += t->vat[k].base;
    }
    /* candidates: the printed figures of each kind, generic totals for any, the rows' and
     * VAT rows' sums, and none */
    for (k = 0; k < t->n; k++) {
        const ex_tamount_t *a = &t->a[k];
        int pr = a->specific ? 3 : 1;
        switch (a->kind) {
        case EXT_LINES: add_cand(c[V_L], &nc[V_L], a->cents, (int)k, pr); break;
        case EXT_NET: add_cand(c[V_N], &nc[V_N], a->cents, (int)k, pr); break;
        case EXT_TAX:
            if (a->rate < 0 || n_rates <= 1)
                add_cand(c[V_T], &nc[V_T], a->cents, (int)k, pr);
            break;
        case EXT_GROSS: add_cand(c[V_G], &nc[V_G], a->cents, (int)k, pr); break;
        case EXT_PAYABLE: add_cand(c[V_D], &nc[V_D], a->cents, (int)k, pr); break;
        case EXT_TOTAL:
            add_cand(c[V_L], &nc[V_L], a->cents, (int)k, 1);
            add_cand(c[V_N], &nc[V_N], a->cents, (int)k, 1);
            add_cand(c[V_G], &nc[V_G], a->cents, (int)k, 1);
            add_cand(c[V_D], &nc[V_D], a->cents, (int)k, 1);
            break;
        default: break;
        }
    }
    if (it->n)
        add_cand(c[V_L], &nc[V_L], items, -2, 1);
    if (vbase_ok)
        add_cand(c[V_N], &nc[V_N], vbase, -2, 1);
    if (t->n_vat)
        add_cand(c[V_T], &nc[V_T], vtax, -2, 1);
    for (i = 0; i < NV; i++)
        c[i][nc[i]].v = 0, c[i][nc[i]].src = -1, c[i][nc[i]].prior = 0, nc[i]++;
    /* every assignment (at most 6^5), each printed figure used once */
    for (pick[V_L] = 0; pick[V_L] < nc[V_L]; pick[V_L]++)
        for (pick[V_N] = 0; pick[V_N] < nc[V_N]; pick[V_N]++)
            for (pick[V_T] = 0; pick[V_T] < nc[V_T]; pick[V_T]++)
                for (pick[V_G] = 0; pick[V_G] < nc[V_G]; pick[V_G]++)
                    for (pick[V_D] = 0; pick[V_D] < nc[V_D]; pick[V_D]++) {
                        const cand_t *x[NV];
                        int score = 0, j, m, clash = 0, sat[NV] = {0}, bad[NV] = {0};
                        for (j = 0; j < NV; j++) {
                            x[j] = &c[j][pick[j]];
                            score += x[j]->prior;
                            for (m = 0; m < j; m++)
                                clash |= x[j]->src >= 0 && x[j]->src == x[m]->src;
                        }
                        if (clash)
                            continue;
                        score += chain_score(t, x, A, C, P, R, items, it->n > 0, vtax, t->n_vat > 0, vbase, vbase_ok, sat, bad);
                        if (score > best_score) {
                            best_score = score;
                            memcpy(best, pick, sizeof best);
                            memcpy(sat_count, sat, sizeof sat);
                            memcpy(bad_count, bad, sizeof bad);
                        }
                    }
    {
        const cand_t *L = &c[V_L][best[V_L]], *N = &c[V_N][best[V_N]], *T = &c[V_T][best[V_T]];
        const cand_t *G = &c[V_G][best[V_G]], *D = &c[V_D][best[V_D]];
        float cf;
#define CONF(v, x) ((x)->src == -1 ? 0.0f : bad_count[v] ? 0.3f : sat_count[v] ? ((x)->src == -2 ? 0.9f : 0.97f) \
                                                                               : ((x)->src == -2 ? 0.35f : 0.45f))
        t->printed = t->n > 0;
        if (L->src != -1)
            set_total(&t->lines, L->v, CONF(V_L, L), t, L->src);
        if (N->src != -1)
            set_total(&t->net, N->v, CONF(V_N, N), t, N->src);
        if (T->src != -1)
            set_total(&t->tax, T->v, CONF(V_T, T), t, T->src);
        if (G->src != -1)
            set_total(&t->gross, G->v, CONF(V_G, G), t, G->src);
        if (D->src != -1)
            set_total(&t->payable, D->v, CONF(V_D, D), t, D->src);
#undef CONF
        /* a figure the page prints under the exact label of a total, other than the one
         * chosen, contradicts it: then the chosen one is in doubt */
        for (k = 0; k < t->n; k++) {
            const ex_tamount_t *a = &t->a[k];
            ex_total_t *x = a->kind == EXT_LINES ? &t->lines : a->kind == EXT_NET ? &t->net
                          : a->kind == EXT_GROSS ? &t->gross : a->kind == EXT_PAYABLE ? &t->payable
                          : a->kind == EXT_TAX && (a->rate < 0 || n_rates <= 1) ? &t->tax : NULL;
            if (x && x->have && a->specific && a->cents != x->cents && x->conf > 0.4f) {
                x->conf = 0.4f;
                if (!t->note[0])
                    snprintf(t->note, sizeof t->note, "the page prints %s %lld.%02lld, which does not fit the other totals",
                             a->label, (long long)(a->cents / 100), (long long)llabs64(a->cents % 100));
            }
        }
        /* the amounts the chain took from figures under unknown labels */
        if (!nP && G->src != -1 && D->src != -1 && G->v - R - D->v > 0 && other_has(t, G->v - D->v + R)) {
            P = G->v - D->v + R, nP = 1;
            set_total(&t->prepaid, P, sat_count[V_D] ? 0.8f : 0.45f, t, -2);
            t->prepaid.pos = t->other[other_has(t, P) - 1].pos;
        }
        if (!nA && !nC && L->src != -1 && N->src != -1 && L->v != N->v && other_has(t, L->v - N->v)) {
            int64_t diff = L->v - N->v;
            int oi = other_has(t, diff) - 1;
            if (diff > 0)
                A = diff, nA = 1, fA = -2;
            else
                C = -diff, nC = 1, fC = -2;
            set_total(diff > 0 ? &t->allow : &t->charge, diff > 0 ? diff : -diff, 0.8f, t, -2);
            (diff > 0 ? &t->allow : &t->charge)->pos = t->other[oi].pos;
        }
        if (nA && !t->allow.have)
            set_total(&t->allow, A, sat_count[V_N] && sat_count[V_L] ? 0.9f : 0.45f, t, fA);
        if (nC && !t->charge.have)
            set_total(&t->charge, C, sat_count[V_N] && sat_count[V_L] ? 0.9f : 0.45f, t, fC);
        if (nP && !t->prepaid.have)
            set_total(&t->prepaid, P, sat_count[V_D] ? 0.9f : 0.45f, t, fP);
        if (nR)
            set_total(&t->rounding, R, sat_count[V_D] ? 0.9f : 0.45f, t, fR);
        /* what is not printed follows from what is */
        if (!t->lines.have && it->n)
            set_total(&t->lines, items, 0.4f, t, -2);
        if (!t->lines.have && t->net.have)
            set_total(&t->lines, t->net.cents + A - C, t->net.conf * 0.9f, t, -2);
        if (!t->net.have && t->lines.have)
            set_total(&t->net, t->lines.cents - A + C, t->lines.conf * 0.9f, t, -2);
        if (!t->net.have && t->gross.have && t->tax.have)
            set_total(&t->net, t->gross.cents - t->tax.cents, 0.9f * (t->gross.conf < t->tax.conf ? t->gross.conf : t->tax.conf), t, -2);
        if (!t->tax.have && t->gross.have && t->net.have)
            set_total(&t->tax, t->gross.cents - t->net.cents, 0.9f * (t->gross.conf < t->net.conf ? t->gross.conf : t->net.conf), t, -2);
        if (!breakdown_from_vat(it, t))
            ex_items_breakdown(it);
        if (!t->tax.have) {
            int64_t s = 0;
            for (k = 0; k < it->n_rates; k++)
                s += it->rates[k].tax;
            set_total(&t->tax, s, t->net.have ? t->net.conf * 0.8f : 0.3f, t, -2);
        }
        if (!t->net.have)
            set_total(&t->net, items, 0.3f, t, -2);
        if (!t->gross.have)
            set_total(&t->gross, t->net.cents + t->tax.cents,
                      0.9f * (t->net.conf < t->tax.conf ? t->net.conf : t->tax.conf), t, -2);
        if (!t->payable.have) {
            cf = t->gross.conf * (nP || nR ? 0.8f : 0.9f);
            /* nothing printed confirms it: the amount due stays under the threshold */
            set_total(&t->payable, t->gross.cents - P + R, sat_count[V_G] ? cf : (cf < 0.45f ? cf : 0.45f), t, -2);
        }
        /* the rows against the printed line total */
        if (L->src >= 0 && it->n) {
            t->lines_match = items == L->v;
            if (!t->lines_match)
                snprintf(t->note, sizeof t->note, "the item lines read add up to %lld.%02lld, the page prints %lld.%02lld",
                         (long long)(items / 100), (long long)llabs64(items % 100), (long long)(L->v / 100),
                         (long long)llabs64(L->v % 100));
        } else if (!t->note[0] && (bad_count[V_N] || bad_count[V_G] || bad_count[V_D])) {
            snprintf(t->note, sizeof t->note, "the printed totals do not add up");
        }
    }
}
