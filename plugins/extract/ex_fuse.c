/* Per-field confidence fusion over the readings of the ACCURATE tier (ex_found.h). Each
 * reading votes for its value of a field with its confidence, weighted by whether its
 * computed total is printed on the page; the winner's confidence is the noisy-or of the
 * agreeing readings (agreement raises it) times their share of the weight (disagreement
 * lowers it, and may push it under the warning threshold). */
#include "ex_found.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_READINGS 8

/* One field across the readings: values (NUL-terminated text, "" = not found), their
 * confidences and weights. */
typedef struct field_votes {
    const char *v[MAX_READINGS];
    float c[MAX_READINGS];
    double w[MAX_READINGS];
    size_t n;
} field_votes_t;

static float clamp01(double x) { return x < 0 ? 0.0f : x > 1 ? 1.0f : (float)x; }

/* The index of the winning value and its fused confidence in *conf. Ties go to the lower
 * index (the base reading is always first). */
static size_t vote(const field_votes_t *fv, float *conf)
{
    size_t i, j, best = 0;
    double best_sup = -1, total = 0;
    for (i = 0; i < fv->n; i++) {
        double sup = 0;
        total += fv->w[i];
        for (j = 0; j < fv->n; j++)
            if (!strcmp(fv->v[i], fv->v[j]))
                sup += fv->w[j] * (fv->c[j] > 0.05f ? fv->c[j] : 0.05);
        if (sup > best_sup)
            best_sup = sup, best = i;
    }
    {
        double miss = 1, share = 0;
        for (j = 0; j < fv->n; j++)
            if (!strcmp(fv->v[best], fv->v[j]))
                miss *= 1.0 - clamp01(fv->c[j]), share += fv->w[j];
        *conf = clamp01((1.0 - miss) * (total > 0 ? share / total : 1));
    }
    return best;
}

/* A reading whose amount due the page's figures confirm and whose rows make the printed
 * line total weighs double. */
static double weight(const ex_reading_t *r)
{
    return r->tot.payable.conf >= 0.9f && r->tot.lines_match != 0 ? 2.0 : 1.0;
}

/* The readings in voting order: the base first, then the others. */
static size_t order(size_t n, size_t base, size_t *idx)
{
    size_t i, k = 0;
    idx[k++] = base;
    for (i = 0; i < n && k < MAX_READINGS; i++)
        if (i != base)
            idx[k++] = i;
    return k;
}

/* One text field of the readings (FIELD, CONF and its position POS: members of ex_reading_t) voted into the
 * base reading out, over ex_fuse's readings r[idx[0..k)]. */
#define FUSE_TEXT(FIELD, CONF, POS)                                                           \
    do {                                                                                      \
        field_votes_t fv = {.n = k};                                                          \
        size_t w;                                                                             \
        float c;                                                                              \
        for (i = 0; i < k; i++)                                                               \
            fv.v[i] = r[idx[i]].FIELD, fv.c[i] = r[idx[i]].CONF, fv.w[i] = weight(&r[idx[i]]); \
        w = vote(&fv, &c);                                                                    \
        if (idx[w] != base) {                                                                 \
            memcpy(out->FIELD, r[idx[w]].FIELD, sizeof out->FIELD);                           \
            out->POS = r[idx[w]].POS;                                                         \
        }                                                                                     \
        out->CONF = c;                                                                        \
    } while (0)

/* An address as one value (its parts are read together from one block). */
static void addr_key(const ex_party_t *p, char *buf, size_t size)
{
    snprintf(buf, size, "%s\x1f%s\x1f%s\x1f%s", p->line1, p->city, p->postal, p->country);
}

static void fuse_address(ex_reading_t *r, const size_t *idx, size_t k, size_t base, int buyer)
{
    char keys[MAX_READINGS][400];
    field_votes_t fv = {.n = k};
    size_t i, w;
    float c;
    ex_party_t *out = buyer ? &r[base].f.buy : &r[base].f.sup;
    for (i = 0; i < k; i++) {
        const ex_party_t *p = buyer ? &r[idx[i]].f.buy : &r[idx[i]].f.sup;
        addr_key(p, keys[i], sizeof keys[i]);
        fv.v[i] = keys[i], fv.c[i] = p->conf_addr, fv.w[i] = weight(&r[idx[i]]);
    }
    w = vote(&fv, &c);
    if (idx[w] != base) {
        const ex_party_t *p = buyer ? &r[idx[w]].f.buy : &r[idx[w]].f.sup;
        memcpy(out->line1, p->line1, sizeof out->line1);
        memcpy(out->city, p->city, sizeof out->city);
        memcpy(out->postal, p->postal, sizeof out->postal);
        memcpy(out->country, p->country, sizeof out->country);
        out->p_addr = p->p_addr;
    }
    out->conf_addr = c;
}

/* The row of reading rr that corresponds to the base's row at position pos with net
 * amount net: the same position when the row counts agree, else the first row with that
 * net at or after *from (rows keep their order). NULL when the reading has none. */
static const ex_item_t *matching_row(const ex_items_t *base, const ex_items_t *rr, size_t pos, size_t *from)
{
    size_t j;
    if (rr->n == base->n)
        return rr->items[pos].net_cents == base->items[pos].net_cents ? &rr->items[pos] : NULL;
    for (j = *from; j < rr->n; j++)
        if (rr->items[j].net_cents == base->items[pos].net_cents) {
            *from = j + 1;
            return &rr->items[j];
        }
    return NULL;
}

static const char *unit_or_empty(const ex_item_t *x) { return x && x->unit ? x->unit : ""; }

static int fuse_rows(ex_reading_t *r, const size_t *idx, size_t k, size_t base)
{
    ex_items_t *bi = &r[base].it;
    size_t from[MAX_READINGS] = {0}, pos, i;
    for (pos = 0; pos < bi->n; pos++) {
        const ex_item_t *row[MAX_READINGS];
        char qp[MAX_READINGS][48];
        field_votes_t d = {.n = k}, u = {.n = k}, q = {.n = k};
        float cd, cu, cq;
        size_t wd, wu, wq;
        ex_item_t chosen;
        for (i = 0; i < k; i++) {
            const ex_item_t *x = idx[i] == base ? &bi->items[pos] : matching_row(bi, &r[idx[i]].it, pos, &from[i]);
            row[i] = x;
            qp[i][0] = '\0';
            if (x)
                snprintf(qp[i], sizeof qp[i], "%lld/%lld", (long long)x->qty_milli, (long long)x->price_cents);
            /* a reading without the row votes for "no such row" with its weight */
            d.v[i] = x ? x->desc : "\x1f", u.v[i] = x ? unit_or_empty(x) : "\x1f", q.v[i] = x ? qp[i] : "\x1f";
            d.c[i] = u.c[i] = q.c[i] = x ? x->conf : 0.5f;
            d.w[i] = u.w[i] = q.w[i] = weight(&r[idx[i]]);
        }
        wd = vote(&d, &cd), wu = vote(&u, &cu), wq = vote(&q, &cq);
        chosen = bi->items[pos];
        /* a "no such row" majority keeps the base's values with the lowered confidence */
        if (row[wd])
            memcpy(chosen.desc, row[wd]->desc, sizeof chosen.desc);
        if (row[wu])
            chosen.unit = row[wu]->unit;
        if (row[wq])
            chosen.qty_milli = row[wq]->qty_milli, chosen.price_cents = row[wq]->price_cents;
        chosen.conf = cd < cu ? (cd < cq ? cd : cq) : (cu < cq ? cu : cq);
        bi->items[pos] = chosen;
    }
    return 0;
}

int ex_fuse(ex_reading_t *r, size_t n, size_t base)
{
    size_t idx[MAX_READINGS], k, i;
    ex_reading_t *out = &r[base];
    if (n < 2 || base >= n)
        return 0;
    k = order(n, base, idx);
    FUSE_TEXT(f.number, f.c_number, f.p_number);
    FUSE_TEXT(f.issue, f.c_issue, f.p_issue);
    FUSE_TEXT(f.due, f.c_due, f.p_due);
    FUSE_TEXT(f.ref, f.c_ref, f.p_ref);
    FUSE_TEXT(f.currency, f.c_currency, f.p_currency);
    FUSE_TEXT(f.iban, f.c_iban, f.p_iban);
    FUSE_TEXT(f.sup.name, f.sup.conf_name, f.sup.p_name);
    FUSE_TEXT(f.sup.vat, f.sup.conf_vat, f.sup.p_vat);
    FUSE_TEXT(f.buy.name, f.buy.conf_name, f.buy.p_name);
    FUSE_TEXT(f.buy.vat, f.buy.conf_vat, f.buy.p_vat);
    fuse_address(r, idx, k, base, 0);
    fuse_address(r, idx, k, base, 1);
    return fuse_rows(r, idx, k, base);
}
