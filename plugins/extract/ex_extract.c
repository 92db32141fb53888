/* The extraction pipeline: read the pages, find items by arithmetic, score header and
 * address candidates with the learned models, pick the assignment the check digits and
 * totals support, and write the canonical invoice with a confidence per field. */
#include "ex_extract.h"
#include "ex_cand.h"
#include "ex_found.h"
#include "ex_items.h"
#include "ex_labels.h"
#include "ex_model.h"
#include "ex_out.h"
#include "ex_read.h"
#include "ex_shape.h"
#include "ex_table.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#ifndef EINV_EXTRACT_MODEL_DIR
#define EINV_EXTRACT_MODEL_DIR "models/extract"
#endif

struct ex_engine {
    ex_model_t *head, *block;
};

#ifndef EINV_EXTRACT_MODEL_DIR_INSTALLED
#define EINV_EXTRACT_MODEL_DIR_INSTALLED EINV_EXTRACT_MODEL_DIR
#endif

const char *ex_default_model_dir(void)
{
    FILE *f = fopen(EINV_EXTRACT_MODEL_DIR "/head.json", "rb");
    if (f) {
        fclose(f);
        return EINV_EXTRACT_MODEL_DIR;
    }
    return EINV_EXTRACT_MODEL_DIR_INSTALLED;
}

ex_engine_t *ex_engine_open(const char *dir, char *msg, size_t size)
{
    char path[1024];
    ex_engine_t *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(msg, size, "out of memory");
        return NULL;
    }
    if (!dir)
        dir = ex_default_model_dir();
    snprintf(path, sizeof path, "%s/head.json", dir);
    e->head = ex_model_load(path, msg, size);
    snprintf(path, sizeof path, "%s/block.json", dir);
    if (e->head)
        e->block = ex_model_load(path, msg, size);
    if (!e->head || !e->block) {
        ex_engine_close(e);
        return NULL;
    }
    return e;
}

void ex_engine_close(ex_engine_t *e)
{
    if (e) {
        ex_model_free(e->head);
        ex_model_free(e->block);
        free(e);
    }
}

/* ---- what was found (ex_found.h) ---- */
typedef ex_party_t party_t;
typedef ex_found_t found_t;

static int score(ex_engine_t *e, ex_cands_t *c)
{
    size_t i;
    float *rows, *out;
    if (c->n_head) {
        rows = malloc(c->n_head * EX_NF_HEAD * sizeof *rows);
        out = malloc(c->n_head * EXH_COUNT * sizeof *out);
        if (!rows || !out) {
            free(rows), free(out);
            return -1;
        }
        for (i = 0; i < c->n_head; i++)
            memcpy(rows + i * EX_NF_HEAD, c->head[i].f, sizeof c->head[i].f);
        if (ex_model_predict(e->head, rows, c->n_head, EX_NF_HEAD, EXH_COUNT, out) == 0)
            for (i = 0; i < c->n_head; i++)
                memcpy(c->head[i].p, out + i * EXH_COUNT, sizeof c->head[i].p);
        free(rows), free(out);
    }
    if (c->n_blocks) {
        rows = malloc(c->n_blocks * EX_NF_BLOCK * sizeof *rows);
        out = malloc(c->n_blocks * EXB_COUNT * sizeof *out);
        if (!rows || !out) {
            free(rows), free(out);
            return -1;
        }
        for (i = 0; i < c->n_blocks; i++)
            memcpy(rows + i * EX_NF_BLOCK, c->blocks[i].f, sizeof c->blocks[i].f);
        if (ex_model_predict(e->block, rows, c->n_blocks, EX_NF_BLOCK, EXB_COUNT, out) == 0)
            for (i = 0; i < c->n_blocks; i++)
                memcpy(c->blocks[i].p, out + i * EXB_COUNT, sizeof c->blocks[i].p);
        free(rows), free(out);
    }
    return 0;
}

/* Best candidate of class k among dates (want_date 1) or identifiers, skipping index skip. */
static int best_head(const ex_cands_t *c, int k, int want_date, int skip, const char *not_iso)
{
    size_t i;
    int best = -1;
    for (i = 0; i < c->n_head; i++) {
        if ((int)i == skip || c->head[i].is_date != want_date)
            continue;
        if (not_iso && want_date && !strcmp(c->head[i].iso, not_iso))
            continue;
        if (best < 0 || c->head[i].p[k] > c->head[best].p[k])
            best = (int)i;
    }
    return best;
}

static void decode_head(const ex_doc_t *d, const ex_cands_t *c, found_t *f)
{
    int n = best_head(c, EXH_NUMBER, 0, -1, NULL), r, is, du;
    if (n >= 0 && c->head[n].p[EXH_NUMBER] > 0.05f) {
        snprintf(f->number, sizeof f->number, "%s", c->head[n].value);
        f->c_number = c->head[n].p[EXH_NUMBER];
        f->p_number = ex_pos_seg(d, c->head[n].seg);
    }
    r = best_head(c, EXH_REF, 0, n, NULL);
    if (r >= 0 && c->head[r].p[EXH_REF] > 0.4f && strcmp(c->head[r].value, f->number)) {
        snprintf(f->ref, sizeof f->ref, "%s", c->head[r].value);
        f->c_ref = c->head[r].p[EXH_REF];
        f->p_ref = ex_pos_seg(d, c->head[r].seg);
    } else {
        f->c_ref = r >= 0 ? 1.0f - c->head[r].p[EXH_REF] : 0.9f;
    }
    is = best_head(c, EXH_ISSUE, 1, -1, NULL);
    if (is >= 0) {
        memcpy(f->issue, c->head[is].iso, 11);
        f->c_issue = c->head[is].p[EXH_ISSUE];
        f->p_issue = ex_pos_seg(d, c->head[is].seg);
    }
    du = best_head(c, EXH_DUE, 1, is, f->issue);
    if (du >= 0 && c->head[du].p[EXH_DUE] > 0.35f && strcmp(c->head[du].iso, f->issue) > 0) {
        memcpy(f->due, c->head[du].iso, 11);
        f->c_due = c->head[du].p[EXH_DUE];
        f->p_due = ex_pos_seg(d, c->head[du].seg);
    } else {
        f->c_due = du >= 0 ? 1.0f - c->head[du].p[EXH_DUE] : 0.9f;
    }
}

static int same_addr(const ex_block_t *a, const ex_block_t *b)
{
    return !strcmp(a->postal, b->postal) && !strcmp(a->line1, b->line1);
}

/* The name of a party: the block's, or that of another block at the same address with a
 * legal form (letterheads often print the name apart from the address). */
static void party_from(const ex_doc_t *d, const ex_cands_t *c, int bi, int cls, party_t *p)
{
    const ex_block_t *b = &c->blocks[bi];
    size_t i;
    int name_from = -1;
    snprintf(p->line1, sizeof p->line1, "%s", b->line1);
    snprintf(p->city, sizeof p->city, "%s", b->city);
    snprintf(p->postal, sizeof p->postal, "%s", b->postal);
    memcpy(p->country, b->country, 3);
    p->conf_addr = b->p[cls];
    p->block = bi;
    if (ex_has_legal_form(b->name))
        name_from = bi;
    for (i = 0; i < c->n_blocks && name_from < 0; i++)
        if (same_addr(&c->blocks[i], b) && ex_has_legal_form(c->blocks[i].name))
            name_from = (int)i;
    snprintf(p->name, sizeof p->name, "%s", c->blocks[name_from >= 0 ? name_from : bi].name);
    p->p_name = ex_pos_seg(d, c->blocks[name_from >= 0 ? name_from : bi].name_seg);
    p->p_addr = ex_pos_union(ex_pos_seg(d, b->line1_seg), ex_pos_seg(d, b->pc_seg));
    p->conf_name = name_from >= 0 ? b->p[cls] : b->p[cls] * 0.5f;
}

/* The supplier's name from the letterhead: the largest text of the first page that carries
 * a legal form (and is not the buyer's name). */
static void letterhead_name(const ex_doc_t *d, found_t *f)
{
    size_t i;
    double best = 0;
    for (i = 0; i < d->n_segs; i++) {
        const ex_seg_t *s = &d->segs[i];
        double h = s->y1 - s->y0;
        const char *t = s->text;
        int digits = 0;
        for (; *t; t++)
            digits += isdigit((unsigned char)*t) != 0;
        /* a name, not a footer line that holds one ("IBAN: ... Inhaber: Muster GmbH") */
        if (d->lines[s->line].page != 0 || !ex_has_legal_form(s->text) || !strcmp(s->text, f->buy.name) ||
            strlen(s->text) >= sizeof f->sup.name || strstr(s->text, " \xc2\xb7 ") || strchr(s->text, ':') ||
            digits >= 5 || strlen(s->text) > 60)
            continue;
        if (h > best) {
            best = h;
            snprintf(f->sup.name, sizeof f->sup.name, "%s", s->text);
            f->sup.p_name = ex_pos_seg(d, (int)i);
        }
    }
}

static void decode_parties(const ex_doc_t *d, const ex_cands_t *c, found_t *f)
{
    int s = -1, b = -1, si, bi;
    double best = -1;
    /* the pair (supplier block, buyer block) of the highest joint score, either may be
     * none (the supplier 0, the buyer 0.02): a lone bill-to block is the buyer's. A name
     * without an address (ex_cand's one_liner 3) is never the buyer, and the supplier only
     * when no other block with an address reads as the supplier's rather than the buyer's */
    for (si = -1; si < (int)c->n_blocks; si++)
        for (bi = -1; bi < (int)c->n_blocks; bi++) {
            double sc;
            int k, rival = 0;
            if (si >= 0 && bi >= 0 && same_addr(&c->blocks[si], &c->blocks[bi]))
                continue;
            if (bi >= 0 && c->blocks[bi].one_liner == 3)
                continue;
            for (k = 0; si >= 0 && c->blocks[si].one_liner == 3 && k < (int)c->n_blocks; k++)
                rival |= k != bi && c->blocks[k].one_liner != 3 && c->blocks[k].p[EXB_SUPPLIER] > 0.3f &&
                         c->blocks[k].p[EXB_SUPPLIER] > c->blocks[k].p[EXB_BUYER];
            if (rival)
                continue;
            /* every invoice names both parties: a block the model doubts still beats none */
            sc = (si >= 0 ? c->blocks[si].p[EXB_SUPPLIER] + 0.05 : 0.0) + (bi >= 0 ? c->blocks[bi].p[EXB_BUYER] + 0.05 : 0.0);
            if (sc > best)
                best = sc, s = si, b = bi;
        }
    f->sup.block = f->buy.block = -1;
    if (s >= 0)
        party_from(d, c, s, EXB_SUPPLIER, &f->sup);
    if (b >= 0)
        party_from(d, c, b, EXB_BUYER, &f->buy);
    if (!ex_has_legal_form(f->sup.name))
        letterhead_name(d, f);
}

/* ---- VAT ids, IBAN, currency ---- */
typedef struct vat_c {
    char v[40];
    int seg, your, level;
} vat_c_t;

static size_t find_vats(const ex_doc_t *d, vat_c_t *out, size_t max)
{
    size_t si, n = 0;
    for (si = 0; si < d->n_segs && n < max; si++) {
        const ex_seg_t *s = &d->segs[si];
        int w, k;
        int up = ex_seg_above(d, (int)si, 2.5 * (s->y1 - s->y0) + 4);
        /* the label in the segment, left of it, or above it (metadata cells) */
        unsigned lab = ex_label_mask(s->text) | (si > 0 && d->segs[si - 1].line == s->line ? ex_label_mask(d->segs[si - 1].text) : 0) |
                       (up >= 0 ? ex_label_mask(d->segs[up].text) : 0);
        for (w = s->w0; w < s->w1 && n < max; w++)
            for (k = 5; k >= 1; k--) {
                char buf[96] = "", v[24];
                int j, lvl;
                if (w + k > s->w1)
                    continue;
                for (j = w; j < w + k; j++) {
                    if (j > w) strncat(buf, " ", sizeof buf - strlen(buf) - 1);
                    strncat(buf, d->words[j].text, sizeof buf - strlen(buf) - 1);
                }
                lvl = ex_vat_id(buf, v, sizeof v);
                if (lvl == 1 && !(lab & (1u << EXL_VAT)))
                    lvl = 0;   /* 11 digits pass Luhn one time in ten: only after a VAT label */
                if (!lvl && k == 1 && ex_ein(buf) && (lab & (1u << EXL_VAT)))
                    snprintf(v, sizeof v, "%s", buf), lvl = 1;
                if (!lvl && k == 1 && (lab & (1u << EXL_VAT)) && d->ocr_pages > 0 && strlen(buf) > 4) {
                    /* OCR's digits for the country's letters after a VAT label: "1E9876543W" */
                    static const char from[] = "10582", to[] = "IOSBZ";
                    char fix[96];
                    const char *a = strchr(from, buf[0]), *b = strchr(from, buf[1]);
                    snprintf(fix, sizeof fix, "%s", buf);
                    if (a && *a)
                        fix[0] = to[a - from];
                    if (b && *b && isupper((unsigned char)fix[0]))
                        fix[1] = to[b - from];
                    if ((a && *a) || (b && *b))
                        lvl = ex_vat_id(fix, v, sizeof v) ? 1 : 0;
                }
                if (lvl) {
                    snprintf(out[n].v, sizeof out[n].v, "%s", v);
                    out[n].seg = (int)si;
                    out[n].your = (lab & (1u << EXL_YOUR)) != 0;
                    out[n].level = lvl;
                    n++;
                    w += k - 1;
                    break;
                }
            }
    }
    return n;
}

/* 1 when segment si sits in the address block bi (same column, just below its lines). */
static int in_block(const ex_doc_t *d, const ex_cands_t *c, int bi, int si)
{
    const ex_block_t *b;
    const ex_seg_t *s = &d->segs[si], *pc;
    if (bi < 0)
        return 0;
    b = &c->blocks[bi];
    if (b->pc_seg < 0 || b->one_liner)
        return 0;
    pc = &d->segs[b->pc_seg];
    return d->lines[s->line].page == d->lines[pc->line].page && s->y0 >= pc->y0 - 1 &&
           s->y0 - pc->y1 < 4.5 * (pc->y1 - pc->y0) + 6 && s->x0 > pc->x0 - 30 && s->x0 < pc->x1 + 10;
}

static const char *vat_country(const char *v)
{
    static char cc[3];
    if (ex_ein(v))
        return "US";
    if (!strncmp(v, "ATU", 3))
        return "AT";
    if (isalpha((unsigned char)v[0]) && isalpha((unsigned char)v[1])) {
        cc[0] = v[0], cc[1] = v[1], cc[2] = '\0';
        return !strcmp(cc, "EL") ? "GR" : cc;
    }
    return NULL;
}

/* 1 when segment si is on a line of the blocks at party p's address, or one line from it. */
static int near_party(const ex_doc_t *d, const ex_cands_t *c, const party_t *p, int si)
{
    size_t i;
    int line = d->segs[si].line;
    if (p->block < 0)
        return 0;
    for (i = 0; i < c->n_blocks; i++) {
        const ex_block_t *b = &c->blocks[i];
        const int segs[3] = {b->name_seg, b->line1_seg, b->pc_seg};
        int k;
        if (strcmp(b->postal, p->postal) || strcmp(b->line1, p->line1))
            continue;
        for (k = 0; k < 3; k++)
            if (segs[k] >= 0 && abs(d->segs[segs[k]].line - line) <= 1 &&
                d->lines[d->segs[segs[k]].line].page == d->lines[line].page)
                return 1;
    }
    return 0;
}

/* The VAT ids by evidence: a "your" label or the buyer's block for the buyer; the lines of
 * the supplier's address blocks, the page footer and repetition for the supplier. */
static void decode_vats(const ex_doc_t *d, const ex_cands_t *c, found_t *f)
{
    vat_c_t v[32];
    double sup[32] = {0}, buy[32] = {0};
    size_t n = find_vats(d, v, 32), i, j;
    int bs = -1, bb = -1;
    for (i = 0; i < n; i++) {
        const ex_seg_t *sg = &d->segs[v[i].seg];
        int pg = d->lines[sg->line].page;
        double ph = pg < 32 && d->page_h[pg] > 0 ? d->page_h[pg] : 842;
        buy[i] += 3.0 * v[i].your + 3.0 * in_block(d, c, f->buy.block, v[i].seg) +
                  1.5 * near_party(d, c, &f->buy, v[i].seg);
        sup[i] += 3.0 * in_block(d, c, f->sup.block, v[i].seg) + 1.5 * near_party(d, c, &f->sup, v[i].seg) +
                  (sg->y0 > 0.85 * ph) + (v[i].level == 2 ? 0.2 : 0);
        for (j = 0; j < n; j++)
            if (j != i && !strcmp(v[i].v, v[j].v))
                sup[i] += 0.5;
        if (f->iban[0] && !strncmp(v[i].v, f->iban, 2))
            sup[i] += 0.5;
    }
    for (i = 0; i < n; i++)
        if (bs < 0 || sup[i] - buy[i] > sup[bs] - buy[bs])
            bs = (int)i;
    for (i = 0; i < n; i++)
        if (bs >= 0 && strcmp(v[i].v, v[bs].v) && (bb < 0 || buy[i] - sup[i] > buy[bb] - sup[bb]))
            bb = (int)i;
    if (bs >= 0) {
        snprintf(f->sup.vat, sizeof f->sup.vat, "%.39s", v[bs].v);
        f->sup.p_vat = ex_pos_seg(d, v[bs].seg);
        f->sup.conf_vat = sup[bs] - buy[bs] > 1 ? 0.9f : 0.6f;
    }
    if (bb >= 0) {
        snprintf(f->buy.vat, sizeof f->buy.vat, "%.39s", v[bb].v);
        f->buy.p_vat = ex_pos_seg(d, v[bb].seg);
        f->buy.conf_vat = buy[bb] - sup[bb] > 1 ? 0.9f : 0.6f;
    } else {
        f->buy.conf_vat = 0.8f;
    }
}

/* The IBAN-shaped value of the words from w0 on (one segment, its line): upper case without
 * spaces into buf; the word after it in *end. 1 when it has the shape (two letters, two digits,
 * 15 to 34 characters). */
static int iban_words(const ex_doc_t *d, size_t w0, char *buf, size_t size, size_t *end)
{
    size_t j, k = 0;
    for (j = w0; j < d->n_words && j <= w0 + 8 && d->words[j].line == d->words[w0].line; j++) {
        const char *t = d->words[j].text, *q;
        int lower = 0;
        if (j == w0 && (!strcmp(t, ":") || !strcmp(t, "-")))
            continue;
        for (q = t; *q; q++)
            lower |= islower((unsigned char)*q) || *q == ':';
        if (lower || !strcmp(t, "-") || !strncmp(t, "BIC", 3) || !strncmp(t, "SWIFT", 5) ||
            (k && d->words[j].seg != d->words[j - 1].seg))
            break;   /* the next item of the line */
        for (; *t && k + 1 < size; t++)
            if (isalnum((unsigned char)*t))
                buf[k++] = (char)toupper((unsigned char)*t);
        if (k >= 34)
            break;
    }
    buf[k] = '\0';
    *end = j;
    return k >= 15 && k <= 34 && isalpha((unsigned char)buf[0]) && isalpha((unsigned char)buf[1]) &&
           isdigit((unsigned char)buf[2]) && isdigit((unsigned char)buf[3]);
}

/* "IBAN: GB99 NWBK 6016 1312 3456 78" whose check digits fail (a test invoice, a typo, an
 * OCR slip): taken as printed after its label, or under it when the label ends its cell,
 * under the confidence threshold. */
static void labelled_iban(const ex_doc_t *d, found_t *f)
{
    size_t w, end;
    for (w = 0; w + 1 < d->n_words && !f->iban[0]; w++) {
        const ex_word_t *lw = &d->words[w];
        char buf[36];   /* 34 characters at most */
        int below;
        if (strncasecmp(lw->text, "IBAN", 4))
            continue;
        if (iban_words(d, w + 1, buf, sizeof buf, &end)) {
            snprintf(f->iban, sizeof f->iban, "%s", buf);
            f->c_iban = 0.4f;
            f->p_iban = ex_pos_union(ex_pos_seg(d, lw->seg), ex_pos_seg(d, d->words[end - 1].seg));
            continue;
        }
        /* "IBAN:" alone at the end of its cell, the number on the line below it */
        if ((size_t)d->segs[lw->seg].w1 != w + 1 && !(w + 2 == (size_t)d->segs[lw->seg].w1 && !strcmp(d->words[w + 1].text, ":")))
            continue;
        below = ex_seg_below(d, lw->seg, 2.5 * (d->segs[lw->seg].y1 - d->segs[lw->seg].y0) + 4);
        if (below < 0 || fabs(d->segs[below].x0 - d->segs[lw->seg].x0) > 8)
            continue;
        if (iban_words(d, (size_t)d->segs[below].w0, buf, sizeof buf, &end)) {
            snprintf(f->iban, sizeof f->iban, "%s", buf);
            f->c_iban = 0.4f;
            f->p_iban = ex_pos_seg(d, below);
        }
    }
}

static void decode_iban(const ex_doc_t *d, found_t *f)
{
    size_t w;
    for (w = 0; w < d->n_words && !f->iban[0]; w++) {
        int k;
        for (k = 9; k >= 1; k--) {
            char buf[96] = "", v[40];
            int j;
            if (w + (size_t)k > d->n_words || d->words[w + k - 1].line != d->words[w].line)
                continue;
            for (j = 0; j < k; j++)
                strncat(buf, d->words[w + j].text, sizeof buf - strlen(buf) - 1);
            if (ex_iban(buf, v, sizeof v)) {
                snprintf(f->iban, sizeof f->iban, "%s", v);
                f->c_iban = 0.95f;
                f->p_iban = ex_pos_union(ex_pos_seg(d, d->words[w].seg), ex_pos_seg(d, d->words[w + k - 1].seg));
                break;
            }
        }
    }
}

static void decode_currency(const ex_doc_t *d, found_t *f, int dec_comma)
{
    static const char *const codes[] = {"EUR", "GBP", "USD", "CHF"};
    int counts[4] = {0}, i, best = -1;
    size_t w;
    for (w = 0; w < d->n_words; w++) {
        char code[4];
        if (ex_currency(d->words[w].text, code))
            for (i = 0; i < 4; i++)
                if (!strcmp(code, codes[i]))
                    counts[i] += strlen(d->words[w].text) <= 4 ? 2 : 1;
    }
    for (i = 0; i < 4; i++)
        if (counts[i] && (best < 0 || counts[i] > counts[best]))
            best = i;
    if (best >= 0) {
        memcpy(f->currency, codes[best], 4);
        f->c_currency = 0.9f;
    } else {
        /* nothing printed (or OCR lost the sign): the seller's country's, but decimal
         * commas are the euro's, not the pound's or the dollar's */
        const char *cc = f->sup.country;
        memcpy(f->currency, dec_comma ? "EUR" : !strcmp(cc, "GB") ? "GBP" : !strcmp(cc, "US") ? "USD" : "EUR", 4);
        f->c_currency = 0.6f;
    }
}

static void decode_countries(found_t *f)
{
    const char *c;
    if (!f->sup.country[0] || !strcmp(f->sup.country, "IT") || !strcmp(f->sup.country, "NL") ||
        !strcmp(f->sup.country, "GB") || !strcmp(f->sup.country, "US")) {
        if (!f->sup.country[0] && (c = vat_country(f->sup.vat)))
            memcpy(f->sup.country, c, 3);
        else if (!f->sup.country[0] && f->iban[0])
            f->sup.country[0] = f->iban[0], f->sup.country[1] = f->iban[1], f->sup.country[2] = '\0';
    }
    if (!f->buy.country[0]) {
        if ((c = vat_country(f->buy.vat)))
            memcpy(f->buy.country, c, 3);
        else
            memcpy(f->buy.country, f->sup.country, 3);
    }
}

/* ---- output ---- */
typedef struct conf_list {
    ex_out_t conf, find, fields;
    double threshold;
    const char *doubt;        /* why the totals are in doubt ("" none): the note of their fields */
} conf_list_t;

static const ex_pos_t NOWHERE = {-1, 0, 0, 0, 0};

/* A field's confidence (the "confidence" map), its entry in "fields" (confidence, page
 * 1-based, box in points from the top left, a note) and, under the threshold, a WARNING. */
static void note_at(conf_list_t *cl, const char *path, float c, const char *what, ex_pos_t pos, const char *note)
{
    char num[32], box[128];
    snprintf(num, sizeof num, "%.2f", c < 0 ? 0 : c > 1 ? 1 : c);
    eo_key(&cl->conf, path);
    eo_raw(&cl->conf, num);
    eo_key(&cl->fields, path);
    eo_raw(&cl->fields, "{\"confidence\":");
    eo_raw(&cl->fields, num);
    if (pos.page >= 0) {
        snprintf(box, sizeof box, ",\"page\":%d,\"box\":[%.1f,%.1f,%.1f,%.1f]", pos.page + 1, pos.x0, pos.y0,
                 pos.x1, pos.y1);
        eo_raw(&cl->fields, box);
    }
    if (note && *note) {
        eo_key(&cl->fields, "note");
        eo_str(&cl->fields, note);
    }
    eo_raw(&cl->fields, "}");
    if (c < cl->threshold) {
        char msg[256];
        eo_raw(&cl->find, cl->find.n > 1 ? ",{" : "{");
        eo_key(&cl->find, "layer"), eo_str(&cl->find, "EXTRACTION");
        eo_key(&cl->find, "severity"), eo_str(&cl->find, "WARNING");
        eo_key(&cl->find, "rule"), eo_str(&cl->find, "EXTRACTION-LOW-CONFIDENCE");
        eo_key(&cl->find, "field"), eo_str(&cl->find, path);
        snprintf(msg, sizeof msg, "The %s was read with confidence %s, under the threshold %.2f.", what, num, cl->threshold);
        eo_key(&cl->find, "message"), eo_str(&cl->find, msg);
        eo_key(&cl->find, "suggestion"), eo_str(&cl->find, "Check this field against the document and correct it before booking.");
        eo_raw(&cl->find, "}");
    }
}

static void note_conf(conf_list_t *cl, const char *path, float c, const char *what)
{
    note_at(cl, path, c, what, NOWHERE, NULL);
}

static void out_party(ex_out_t *o, conf_list_t *cl, const char *role, const party_t *p, int is_sup, const char *iban)
{
    char path[64];
    eo_key(o, role);
    eo_raw(o, "{");
    eo_key(o, "name"), eo_str(o, p->name);
    eo_key(o, "vatId"), eo_str(o, p->vat);
    eo_key(o, "address");
    eo_raw(o, "{");
    eo_key(o, "line1"), eo_str(o, p->line1);
    eo_key(o, "city"), eo_str(o, p->city);
    eo_key(o, "postalCode"), eo_str(o, p->postal);
    eo_key(o, "countryCode"), eo_str(o, p->country);
    eo_raw(o, "}");
    (void)is_sup, (void)iban;   /* the IBAN is payment.creditTransfers[0].accountId */
    eo_raw(o, "}");
    snprintf(path, sizeof path, "/%s/name", role), note_at(cl, path, p->conf_name, "name", p->p_name, NULL);
    snprintf(path, sizeof path, "/%s/vatId", role), note_at(cl, path, p->conf_vat, "VAT id", p->p_vat, NULL);
    snprintf(path, sizeof path, "/%s/address", role), note_at(cl, path, p->conf_addr, "address", p->p_addr, NULL);
}

static void out_amount(ex_out_t *o, const char *key, int64_t cents)
{
    char b[32];
    ex_fmt_cents(cents, b, sizeof b);
    eo_key(o, key);
    eo_raw(o, b);
}

static const char *category(int64_t rate, const found_t *f)
{
    if (rate > 0)
        return "S";
    return strcmp(f->sup.country, f->buy.country) && f->buy.vat[0] && strcmp(f->buy.country, "GB") &&
                   strcmp(f->buy.country, "US") ? "AE" : "G";
}

static void out_invoice(ex_out_t *o, conf_list_t *cl, const found_t *f, const ex_items_t *it, const ex_totals_t *t)
{
    size_t i;
    char b[48];
    eo_raw(o, "{");
    eo_key(o, "invoiceNumber"), eo_str(o, f->number), note_at(cl, "/invoiceNumber", f->c_number, "invoice number", f->p_number, NULL);
    eo_key(o, "issueDate"), eo_str(o, f->issue), note_at(cl, "/issueDate", f->c_issue, "issue date", f->p_issue, NULL);
    eo_key(o, "typeCode"), eo_str(o, "380");
    eo_key(o, "currency"), eo_str(o, f->currency), note_conf(cl, "/currency", f->c_currency, "currency");
    eo_key(o, "dueDate"), eo_str(o, f->due), note_at(cl, "/dueDate", f->c_due, "due date", f->p_due, NULL);
    eo_key(o, "buyerReference"), eo_str(o, f->ref), note_at(cl, "/buyerReference", f->c_ref, "buyer reference", f->p_ref, NULL);
    /* an extracted invoice is read as an EN 16931 invoice (BT-24) */
    eo_key(o, "processControl"), eo_raw(o, "{\"specificationId\":\"urn:cen.eu:en16931:2017\"}");
    out_party(o, cl, "supplier", &f->sup, 1, f->iban);
    out_party(o, cl, "buyer", &f->buy, 0, NULL);
    if (f->iban[0]) {
        eo_key(o, "payment");
        eo_raw(o, "{\"meansCode\":\"58\",\"creditTransfers\":[{\"accountId\":");
        eo_str(o, f->iban);
        eo_raw(o, "}]}");
        note_at(cl, "/payment/creditTransfers/0/accountId", f->c_iban, "IBAN", f->p_iban, NULL);
    }
    eo_key(o, "totals");
    eo_raw(o, "{");
    out_amount(o, "lineNetAmount", t->lines.cents);
    if (t->allow.have)
        out_amount(o, "allowanceTotal", t->allow.cents);
    if (t->charge.have)
        out_amount(o, "chargeTotal", t->charge.cents);
    out_amount(o, "taxExclusiveAmount", t->net.cents);
    out_amount(o, "taxAmount", t->tax.cents);
    out_amount(o, "taxInclusiveAmount", t->gross.cents);
    if (t->prepaid.have)
        out_amount(o, "prepaidAmount", t->prepaid.cents);
    if (t->rounding.have)
        out_amount(o, "roundingAmount", t->rounding.cents);
    out_amount(o, "payableAmount", t->payable.cents);
    eo_raw(o, "}");
    /* a total in doubt carries the reason as its note */
#define TOTAL_NOTE(x) ((x).conf < cl->threshold ? cl->doubt : NULL)
    note_at(cl, "/totals/lineNetAmount", t->lines.conf, "sum of the line amounts", t->lines.pos, TOTAL_NOTE(t->lines));
    note_at(cl, "/totals/taxExclusiveAmount", t->net.conf, "total without VAT", t->net.pos, TOTAL_NOTE(t->net));
    note_at(cl, "/totals/taxAmount", t->tax.conf, "VAT total", t->tax.pos, TOTAL_NOTE(t->tax));
    note_at(cl, "/totals/taxInclusiveAmount", t->gross.conf, "total with VAT", t->gross.pos, TOTAL_NOTE(t->gross));
    note_at(cl, "/totals/payableAmount", t->payable.conf, "amount due", t->payable.pos, TOTAL_NOTE(t->payable));
    if (t->prepaid.have)
        note_at(cl, "/totals/prepaidAmount", t->prepaid.conf, "prepaid amount", t->prepaid.pos, NULL);
#undef TOTAL_NOTE
    eo_key(o, "taxBreakdown");
    eo_raw(o, "[");
    for (i = 0; i < it->n_rates; i++) {
        eo_raw(o, i ? ",{" : "{");
        eo_key(o, "category"), eo_str(o, category(it->rates[i].rate_cents, f));
        ex_fmt_cents(it->rates[i].rate_cents, b, sizeof b);
        eo_key(o, "rate"), eo_raw(o, b);
        out_amount(o, "taxableAmount", it->rates[i].taxable);
        out_amount(o, "taxAmount", it->rates[i].tax);
        eo_raw(o, "}");
        {
            char path[48];
            ex_pos_t where = NOWHERE;
            size_t k;
            for (k = 0; k < t->n_vat; k++)
                if (t->vat[k].rate == it->rates[i].rate_cents && !t->vat[k].from_items)
                    where = t->vat[k].pos;
            snprintf(path, sizeof path, "/taxBreakdown/%zu", i);
            note_at(cl, path, where.page >= 0 ? t->tax.conf : t->tax.conf * 0.8f, "VAT breakdown entry", where, NULL);
        }
    }
    eo_raw(o, "]");
    eo_key(o, "lines");
    eo_raw(o, "[");
    for (i = 0; i < it->n; i++) {
        const ex_item_t *x = &it->items[i];
        char path[64];
        eo_raw(o, i ? ",{" : "{");
        snprintf(b, sizeof b, "%zu", i + 1);
        eo_key(o, "id"), eo_str(o, b);
        eo_key(o, "description"), eo_str(o, x->desc);
        ex_fmt_milli(x->qty_milli, b, sizeof b);
        eo_key(o, "quantity"), eo_raw(o, b);
        eo_key(o, "unit"), eo_str(o, x->unit ? x->unit : "C62");
        ex_fmt_cents(x->price_cents, b, sizeof b);
        eo_key(o, "price"), eo_raw(o, b);
        eo_key(o, "taxCategory"), eo_str(o, category(x->rate_cents, f));
        ex_fmt_cents(x->rate_cents, b, sizeof b);
        eo_key(o, "taxRate"), eo_raw(o, b);
        out_amount(o, "netAmount", x->net_cents);
        eo_raw(o, "}");
        snprintf(path, sizeof path, "/lines/%zu", i);
        /* rows that do not make the printed line total: any of them may be wrong */
        note_at(cl, path, t->lines_match == 0 && x->conf > 0.4f ? 0.4f : x->conf, "item line", x->pos,
                t->lines_match == 0 ? cl->doubt : NULL);
    }
    eo_raw(o, "]");
    eo_raw(o, "}");
}

static int error_result(char **out, const char *rule, const char *msg, int pages)
{
    ex_out_t o = {0};
    char n[16];
    eo_raw(&o, "{\"invoiceFormat\":\"PDF_EXTRACTED\",\"canonicalJson\":null,\"confidence\":{},\"findings\":[{");
    eo_key(&o, "layer"), eo_str(&o, "EXTRACTION");
    eo_key(&o, "severity"), eo_str(&o, "ERROR");
    eo_key(&o, "rule"), eo_str(&o, rule);
    eo_key(&o, "field"), eo_str(&o, "/");
    eo_key(&o, "message"), eo_str(&o, msg);
    eo_raw(&o, "}]");
    snprintf(n, sizeof n, "%d", pages);
    eo_key(&o, "pages"), eo_raw(&o, n);
    eo_raw(&o, "}");
    if (o.oom) {
        free(o.p);
        return -1;
    }
    *out = o.p;
    return 1;
}

/* The OCR settings of the readings (dpi, tesseract page segmentation mode, engines a page:
 * 0 two halves at once where there are two cores, 1 the page whole, which segments it
 * otherwise): FAST reads once with the first; ACCURATE reads a scanned document again with
 * the next ones. */
static const int VARIANTS[][3] = {{300, 3, 0}, {300, 3, 1}, {400, 3, 0}, {300, 11, 0}};
#define N_VARIANTS ((int)(sizeof VARIANTS / sizeof *VARIANTS))
/* ACCURATE stops adding readings when one more would take the document past this many
 * seconds per page (the tier's target is a median of 10 s a page; ex_opts_t can say). */
#define ACCURATE_S_PER_PAGE 9.0

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The header and parties of one reading (r->f) from its pages. 0 or -1. */
static int decode(ex_engine_t *e, const ex_doc_t *d, ex_reading_t *r)
{
    ex_cands_t c;
    found_t *f = &r->f;
    if (ex_cands_build(d, &c) != 0)
        return -1;
    if (score(e, &c) != 0) {
        ex_cands_clear(&c);
        return -1;
    }
    if (getenv("EINV_EXTRACT_DEBUG")) {
        /* the candidates and their scores, for working on the decoder */
        size_t i;
        for (i = 0; i < c.n_blocks; i++)
            fprintf(stderr, "block %zu: sup %.2f buy %.2f | %s | %s | %s %s | %s\n", i, c.blocks[i].p[EXB_SUPPLIER],
                    c.blocks[i].p[EXB_BUYER], c.blocks[i].name, c.blocks[i].line1, c.blocks[i].postal,
                    c.blocks[i].city, c.blocks[i].country);
        for (i = 0; i < c.n_head; i++)
            fprintf(stderr, "head %zu: num %.2f iss %.2f due %.2f ref %.2f | %s %s\n", i, c.head[i].p[EXH_NUMBER],
                    c.head[i].p[EXH_ISSUE], c.head[i].p[EXH_DUE], c.head[i].p[EXH_REF], c.head[i].value,
                    c.head[i].iso);
    }
    decode_head(d, &c, f);
    decode_parties(d, &c, f);
    decode_iban(d, f);
    if (!f->iban[0])
        labelled_iban(d, f);
    decode_vats(d, &c, f);
    decode_countries(f);
    decode_currency(d, f, r->it.dec_comma);
    ex_cands_clear(&c);
    return 0;
}

/* How well rows explain the page: a sum equal to a printed line or net total weighs most,
 * then the rows whose quantity x price make their amount, then the rows. */
static double items_fit(const ex_items_t *it, const ex_totals_t *t)
{
    size_t i;
    int64_t sum = 0;
    int printed = 0;
    for (i = 0; i < it->n; i++)
        sum += it->items[i].net_cents;
    for (i = 0; i < t->n && it->n; i++)
        if ((t->a[i].kind == EXT_LINES || t->a[i].kind == EXT_NET || t->a[i].kind == EXT_TOTAL) && t->a[i].cents == sum)
            printed = 1;
    return printed * 100.0 + (double)ex_items_arith_ok(it) * 2.0 + (double)it->n * 0.5;
}

/* The rows the arithmetic found (a) or those the table head's columns give, whichever
 * explains the printed totals better; a keeps the tie. 0 or -1. */
static int choose_items(const ex_doc_t *d, ex_items_t *a)
{
    ex_items_t tab;
    ex_totals_t *t = malloc(sizeof *t);
    double fa, ft;
    if (!t || ex_table_find(d, a->dec_comma, &tab) != 0) {
        free(t);
        return -1;
    }
    if (!tab.n) {
        free(t);
        ex_items_clear(&tab);
        return 0;
    }
    ex_totals_read(d, a->n ? a : &tab, t);
    fa = items_fit(a, t), ft = items_fit(&tab, t);
    if (ft > fa) {
        ex_items_clear(a);
        *a = tab;
        ex_items_reconcile(d, a);
    } else {
        ex_items_clear(&tab);
    }
    free(t);
    return 0;
}

/* One reading with the settings o: the pages, the items (by arithmetic) and the decoded
 * fields; the pages are freed once decoded. EX_READ_* (msg says why). */
static int read_one(ex_engine_t *e, const unsigned char *data, size_t len, const ex_read_opts_t *o,
                    ex_reading_t *r, char *msg, size_t size)
{
    ex_doc_t d;
    int rc;
    memset(&d, 0, sizeof d);
    memset(r, 0, sizeof *r);
    r->dpi = o->dpi, r->psm = o->psm, r->whole = o->ocr_threads == 1;
    {
        ex_pos_t *ps[] = {&r->f.p_number, &r->f.p_issue, &r->f.p_due, &r->f.p_ref, &r->f.p_currency, &r->f.p_iban,
                          &r->f.sup.p_name, &r->f.sup.p_addr, &r->f.sup.p_vat, &r->f.buy.p_name,
                          &r->f.buy.p_addr, &r->f.buy.p_vat};
        size_t k;
        for (k = 0; k < sizeof ps / sizeof *ps; k++)
            *ps[k] = NOWHERE;
    }
    rc = ex_read_pdf(data, len, o, &d, &r->timeouts, msg, size);
    r->pages = d.n_pages, r->ocr_pages = d.ocr_pages, r->words = d.n_words;
    if (rc == EX_READ_OK && (ex_layout(&d) != 0 || ex_items_find(&d, &r->it) != 0 || choose_items(&d, &r->it) != 0))
        rc = EX_READ_NOMEM;
    if (rc == EX_READ_OK) {
        size_t k;
        for (k = 0; k < r->it.n; k++) {
            r->it.items[k].pos = ex_pos_line(&d, r->it.items[k].line);
            ex_desc_clean(r->it.items[k].desc, r->it.items[k].unit);
        }
        ex_totals_read(&d, &r->it, &r->tot);
        ex_totals_decide(&d, &r->it, &r->tot);
        /* a page with a printed total is answered even without item rows */
        if ((r->it.n || r->tot.printed) && decode(e, &d, r) != 0)
            rc = EX_READ_NOMEM;
    }
    ex_doc_clear(&d);
    return rc;
}

/* How self-consistent a reading is: an amount due the printed figures confirm, rows that
 * make the printed line total, rows whose quantity x price make their amount, rows. */
static double consistency(const ex_reading_t *r)
{
    return (r->tot.payable.conf >= 0.9f ? 100.0 : 0.0) + (r->tot.lines_match == 1 ? 50.0 : 0.0) +
           2.0 * (double)ex_items_arith_ok(&r->it) + (double)r->it.n;
}

/* A reading whose figures reconcile (for the ACCURATE tier's stop and report). */
static int reconciled(const ex_reading_t *r)
{
    return r->tot.payable.conf >= 0.9f && r->tot.lines_match != 0;
}

/* Read the document: FAST once; ACCURATE, for scans, again at other resolutions and
 * segmentation modes until two readings reconcile (their computed totals are printed on the
 * page), all were made, or time runs short. *n readings into rd; the most self-consistent
 * one's index into *base. EX_READ_* of the first reading (later failures end the series). */
static int read_readings(ex_engine_t *e, const unsigned char *data, size_t len, const ex_read_opts_t *base_o,
                         double budget, int max, ex_reading_t *rd, int *n, int *base, char *msg, size_t size)
{
    double t0 = now_s();
    int v, rc = EX_READ_OK, n_reconciled = 0;
    *n = 0, *base = 0;
    for (v = 0; v < (base_o->accurate ? max : 1); v++) {
        ex_read_opts_t o = *base_o;
        double spent;
        o.dpi = VARIANTS[v][0], o.psm = VARIANTS[v][1], o.ocr_threads = VARIANTS[v][2];
        rc = read_one(e, data, len, &o, &rd[*n], msg, size);
        if (rc != EX_READ_OK) {
            ex_items_clear(&rd[*n].it);
            if (*n == 0 || rc == EX_READ_NOMEM)
                return rc;
            break;   /* keep the readings we have */
        }
        n_reconciled += reconciled(&rd[*n]);
        if (getenv("EINV_EXTRACT_DEBUG")) {
            size_t k;
            fprintf(stderr, "reading %d: %d dpi psm %d, %zu rows, consistency %.0f%s\n", *n, o.dpi, o.psm, rd[*n].it.n,
                    consistency(&rd[*n]), reconciled(&rd[*n]) ? ", reconciled" : "");
            for (k = 0; k < rd[*n].it.n; k++)
                fprintf(stderr, "  row %lld x %lld = %lld conf %.2f %s\n", (long long)rd[*n].it.items[k].qty_milli,
                        (long long)rd[*n].it.items[k].price_cents, (long long)rd[*n].it.items[k].net_cents,
                        rd[*n].it.items[k].conf, rd[*n].it.items[k].desc);
        }
        if (consistency(&rd[*n]) > consistency(&rd[*base]))
            *base = *n;
        (*n)++;
        spent = now_s() - t0;
        if (!rd[0].ocr_pages || (*n >= 2 && n_reconciled >= 2) ||
            (spent + spent / *n) / (rd[0].pages > 0 ? rd[0].pages : 1) > budget)
            break;   /* the text layer reads the same every time */
    }
    return EX_READ_OK;
}

static void out_finding(conf_list_t *cl, const char *severity, const char *rule, const char *msg)
{
    eo_raw(&cl->find, cl->find.n > 1 ? ",{" : "{");
    eo_key(&cl->find, "layer"), eo_str(&cl->find, "EXTRACTION");
    eo_key(&cl->find, "severity"), eo_str(&cl->find, severity);
    eo_key(&cl->find, "rule"), eo_str(&cl->find, rule);
    eo_key(&cl->find, "field"), eo_str(&cl->find, "/");
    eo_key(&cl->find, "message"), eo_str(&cl->find, msg);
    eo_raw(&cl->find, "}");
}

int ex_extract_pdf(ex_engine_t *e, const unsigned char *data, size_t len, const ex_opts_t *o, char **out)
{
    static const char *const RULES[] = {"", "EXTRACTION-UNREADABLE", "EXTRACTION-ENCRYPTED",
                                        "EXTRACTION-TOO-MANY-PAGES", "EXTRACTION-IMAGE-LIMIT",
                                        "EXTRACTION-OCR-UNAVAILABLE", "EXTRACTION-NOMEM"};
    ex_read_opts_t ro;
    ex_reading_t rd[N_VARIANTS];
    conf_list_t cl;
    ex_out_t res = {0};
    char msg[512], n[32];
    int rc, nr = 0, b = 0, i;
    const ex_reading_t *r;
    memset(&ro, 0, sizeof ro);
    memset(&cl, 0, sizeof cl);
    ro.accurate = o->accurate;
    ro.max_pages = o->max_pages;
    ro.page_ms = o->page_ms ? o->page_ms : o->accurate ? 60000 : 20000;
    *out = NULL;
    rc = read_readings(e, data, len, &ro, o->accurate_s_page > 0 ? o->accurate_s_page : ACCURATE_S_PER_PAGE,
                       o->max_readings > 0 && o->max_readings < N_VARIANTS ? o->max_readings : N_VARIANTS, rd, &nr, &b,
                       msg, sizeof msg);
    if (rc == EX_READ_NOMEM) {
        for (i = 0; i < nr; i++)
            ex_items_clear(&rd[i].it);
        return -1;
    }
    if (rc != EX_READ_OK)
        return error_result(out, RULES[rc], msg, rd[0].pages);
    r = &rd[b];
    if (!r->it.n && !r->tot.printed) {
        int pages = r->pages;
        snprintf(msg, sizeof msg, r->words ? "neither an item line nor a printed total was found: the "
                                             "document does not look like an invoice"
                                           : "no text was found on the pages (empty or unreadable scan)");
        for (i = 0; i < nr; i++)
            ex_items_clear(&rd[i].it);
        return error_result(out, "EXTRACTION-NOT-AN-INVOICE", msg, pages);
    }
    if (nr > 1)
        ex_fuse(rd, (size_t)nr, (size_t)b);
    cl.threshold = o->threshold > 0 ? o->threshold : 0.5;
    cl.doubt = r->tot.note;
    eo_raw(&cl.conf, "{");
    eo_raw(&cl.fields, "{");
    eo_raw(&cl.find, "[");
    eo_raw(&res, "{\"invoiceFormat\":\"PDF_EXTRACTED\",\"canonicalJson\":");
    out_invoice(&res, &cl, &r->f, &r->it, &r->tot);
    eo_raw(&cl.conf, "}");
    eo_raw(&cl.fields, "}");
    if (r->tot.note[0]) {
        snprintf(msg, sizeof msg, "The totals read do not reconcile: %s; the fields in doubt carry low confidence.",
                 r->tot.note);
        out_finding(&cl, "WARNING", "EXTRACTION-TOTALS-MISMATCH", msg);
    }
    if (r->timeouts) {
        snprintf(msg, sizeof msg, "OCR ran out of time on %d page(s); what it read by then was used", r->timeouts);
        out_finding(&cl, "WARNING", "EXTRACTION-PAGE-TIMEOUT", msg);
    }
    if (o->accurate) {
        /* what the tier did, as an INFO finding (the service stores no other trace of it) */
        int k = snprintf(msg, sizeof msg, "Read with the ACCURATE tier: ");
        if (!r->ocr_pages)
            snprintf(msg + k, sizeof msg - (size_t)k, "the text layer (no OCR needed, read once).");
        else {
            for (i = 0; i < nr && k < (int)sizeof msg - 64; i++)
                k += snprintf(msg + k, sizeof msg - (size_t)k, "%s%d dpi/psm %d%s%s", i ? ", " : "", rd[i].dpi, rd[i].psm,
                              rd[i].whole ? "/whole page" : "",
                              reconciled(&rd[i]) ? " (reconciled)" : "");
            snprintf(msg + k, sizeof msg - (size_t)k, nr > 1 ? "; %d readings fused per field." : "; one reading.", nr);
        }
        out_finding(&cl, "INFO", "EXTRACTION-TIER", msg);
    }
    eo_raw(&cl.find, "]");
    eo_key(&res, "confidence"), eo_raw(&res, cl.conf.p ? cl.conf.p : "{}");
    eo_key(&res, "fields"), eo_raw(&res, cl.fields.p ? cl.fields.p : "{}");
    eo_key(&res, "findings"), eo_raw(&res, cl.find.p ? cl.find.p : "[]");
    snprintf(n, sizeof n, "%d", r->pages);
    eo_key(&res, "pages"), eo_raw(&res, n);
    snprintf(n, sizeof n, "%d", r->ocr_pages);
    eo_key(&res, "ocrPages"), eo_raw(&res, n);
    eo_key(&res, "tier"), eo_str(&res, o->accurate ? "ACCURATE" : "FAST");
    snprintf(n, sizeof n, "%d", nr);
    eo_key(&res, "readings"), eo_raw(&res, n);
    eo_raw(&res, "}");
    free(cl.conf.p), free(cl.find.p), free(cl.fields.p);
    for (i = 0; i < nr; i++)
        ex_items_clear(&rd[i].it);
    if (res.oom || cl.conf.oom || cl.find.oom || cl.fields.oom) {
        free(res.p);
        return -1;
    }
    *out = res.p;
    return 0;
}
