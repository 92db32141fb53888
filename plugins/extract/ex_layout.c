/* Words -> lines -> segments. A line is one visual row of a page (words whose vertical
 * extents overlap by more than half), a segment a run of words on it without a gap wider
 * than about one em: table cells, labels and values become separate segments. */
#include "ex_doc.h"
#include "ex_read.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

int ex_doc_add_word(ex_doc_t *d, const char *text, size_t len, double x0, double y0,
                    double x1, double y1, double size, float conf, int page)
{
    ex_word_t *w;
    if (d->n_words == d->cap_words) {
        size_t cap = d->cap_words ? d->cap_words * 2 : 256;
        ex_word_t *p = realloc(d->words, cap * sizeof *p);
        if (!p)
            return -1;
        d->words = p;
        d->cap_words = cap;
    }
    w = &d->words[d->n_words];
    memset(w, 0, sizeof *w);
    w->text = malloc(len + 1);
    if (!w->text)
        return -1;
    {
        /* the hyphens of typesetting (U+2010, U+2011 non-breaking, U+2012 figure dash) and
         * the minus sign (U+2212) are a hyphen-minus in numbers, dates and identifiers */
        size_t i, k = 0;
        for (i = 0; i < len; i++) {
            const unsigned char *c = (const unsigned char *)text + i;
            if (i + 2 < len && c[0] == 0xE2 && ((c[1] == 0x80 && c[2] >= 0x90 && c[2] <= 0x92) ||
                                                 (c[1] == 0x88 && c[2] == 0x92))) {
                w->text[k++] = '-';
                i += 2;
            } else {
                w->text[k++] = (char)c[0];
            }
        }
        w->text[k] = '\0';
    }
    w->x0 = x0, w->y0 = y0, w->x1 = x1, w->y1 = y1;
    w->size = size > 0 ? size : (y1 - y0);
    w->conf = conf;
    w->page = page;
    w->line = w->seg = -1;
    d->n_words++;
    return 0;
}

static int by_page_top(const void *a, const void *b)
{
    const ex_word_t *p = a, *q = b;
    double ya = (p->y0 + p->y1) / 2, yb = (q->y0 + q->y1) / 2;
    if (p->page != q->page)
        return p->page - q->page;
    return ya < yb ? -1 : ya > yb ? 1 : (p->x0 < q->x0 ? -1 : p->x0 > q->x0);
}

static int by_line_x(const void *a, const void *b)
{
    const ex_word_t *p = a, *q = b;
    if (p->line != q->line)
        return p->line - q->line;
    return p->x0 < q->x0 ? -1 : p->x0 > q->x0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Assign line numbers: a word joins the last line of its page it overlaps vertically. */
static size_t assign_lines(ex_doc_t *d)
{
    size_t i, n_lines = 0, first_open = 0;
    double *top = malloc((d->n_words + 1) * sizeof *top), *bot = malloc((d->n_words + 1) * sizeof *bot);
    int *pg = malloc((d->n_words + 1) * sizeof *pg);
    if (!top || !bot || !pg) {
        free(top), free(bot), free(pg);
        return (size_t)-1;
    }
    for (i = 0; i < d->n_words; i++) {
        ex_word_t *w = &d->words[i];
        double h = w->y1 - w->y0;
        size_t j, best = (size_t)-1;
        double best_ov = 0;
        /* only recent lines can overlap: words come sorted by their centre */
        while (first_open < n_lines && (pg[first_open] != w->page || bot[first_open] < w->y0 - 2 * h))
            first_open++;
        for (j = first_open; j < n_lines; j++) {
            double lh = bot[j] - top[j], ov;
            if (pg[j] != w->page)
                continue;
            /* centres closer than 0.4 of the smaller height: same row (overlap alone
             * merges tightly set lines, whose font boxes overlap) */
            ov = fabs((w->y0 + w->y1) / 2 - (top[j] + bot[j]) / 2);
            if (ov < 0.4 * (h < lh ? h : lh) && (best == (size_t)-1 || ov < best_ov))
                best_ov = ov, best = j;
        }
        if (best == (size_t)-1) {
            best = n_lines++;
            top[best] = w->y0, bot[best] = w->y1, pg[best] = w->page;
        }
        w->line = (int)best;
    }
    free(top), free(bot), free(pg);
    return n_lines;
}

/* Scans straightened imperfectly tilt a table row so that its right end falls on a line of
 * its own ("mm   295,00" a few points below the rest of the row). Two neighbouring lines
 * whose words interleave without overlapping, with centres closer than 0.75 of the height,
 * are one row. Words are sorted by line; returns the new line count. */
static size_t merge_tilted(ex_doc_t *d, size_t n_lines)
{
    int *map = malloc(n_lines * sizeof *map);
    size_t i, a = 0, out = 0;
    if (!map)
        return n_lines;
    for (i = 0; i < n_lines; i++)
        map[i] = (int)i;
    while (a < d->n_words) {
        size_t b = a, c, e, x, y;
        int ok = 1;
        double ca = 0, cb = 0, h;
        while (b < d->n_words && d->words[b].line == d->words[a].line)
            b++;
        if (b >= d->n_words || d->words[b].page != d->words[a].page ||
            d->words[b].line != d->words[a].line + 1)
            { a = b; continue; }
        for (c = b; c < d->n_words && d->words[c].line == d->words[b].line; c++)
            ;
        h = 0;   /* the mean height of the longer line (':' and '-' have tiny boxes) */
        for (x = a; x < b; x++) ca += (d->words[x].y0 + d->words[x].y1) / 2, h += d->words[x].y1 - d->words[x].y0;
        for (y = b; y < c; y++) cb += (d->words[y].y0 + d->words[y].y1) / 2;
        ca /= (double)(b - a), cb /= (double)(c - b), h /= (double)(b - a);
        if (fabs(cb - ca) >= 0.75 * h || d->words[a].conf >= 1.0f)
            ok = 0;   /* the text layer is never tilted */
        for (x = a; x < b && ok; x++)
            for (y = b; y < c && ok; y++)
                if (d->words[y].x0 < d->words[x].x1 + 2 && d->words[x].x0 < d->words[y].x1 + 2)
                    ok = 0;
        if (ok) {
            for (e = b; e < c; e++)
                d->words[e].line = d->words[a].line;
            /* a may take the next line too: look again from a */
            continue;
        }
        a = b;
    }
    /* renumber the lines that are left, in order */
    for (i = 0; i < d->n_words; i++) {
        if (i == 0 || d->words[i].line != d->words[i - 1].line)
            map[d->words[i].line] = (int)out++;
    }
    for (i = 0; i < d->n_words; i++)
        d->words[i].line = map[d->words[i].line];
    free(map);
    return out;
}

static int join_seg(ex_doc_t *d, ex_seg_t *s)
{
    size_t len = 0, k;
    int i;
    for (i = s->w0; i < s->w1; i++)
        len += strlen(d->words[i].text) + 1;
    s->text = malloc(len + 1);
    if (!s->text)
        return -1;
    k = 0;
    for (i = s->w0; i < s->w1; i++) {
        size_t n = strlen(d->words[i].text);
        if (k)
            s->text[k++] = ' ';
        memcpy(s->text + k, d->words[i].text, n);
        k += n;
    }
    s->text[k] = '\0';
    return 0;
}

/* The word space of OCR'd text: the median gap between neighbouring words of a line that
 * are closer than an em (scans at 200 dpi and wide fonts space words wider than the glyph
 * boxes' height suggests). 0 without OCR'd words. */
static double ocr_word_gap(const ex_doc_t *d)
{
    size_t i, n = 0;
    double *g = malloc((d->n_words + 1) * sizeof *g), m;
    if (!g)
        return 0;
    for (i = 1; i < d->n_words; i++) {
        const ex_word_t *a = &d->words[i - 1], *b = &d->words[i];
        double gap = b->x0 - a->x1, em = fmax(b->size, d->median_size) * 1.1;
        if (a->line == b->line && b->conf < 1.0f && a->conf < 1.0f && gap > 0 && gap < 1.2 * em)
            g[n++] = gap;
    }
    qsort(g, n, sizeof *g, cmp_double);
    m = n >= 20 ? g[n / 2] : 0;
    free(g);
    return m;
}

int ex_layout(ex_doc_t *d)
{
    size_t i, n_lines;
    double *sizes, space;
    if (!d->n_words)
        return 0;
    qsort(d->words, d->n_words, sizeof *d->words, by_page_top);
    n_lines = assign_lines(d);
    if (n_lines == (size_t)-1)
        return -1;
    qsort(d->words, d->n_words, sizeof *d->words, by_line_x);
    n_lines = merge_tilted(d, n_lines);
    qsort(d->words, d->n_words, sizeof *d->words, by_line_x);
    d->lines = calloc(n_lines, sizeof *d->lines);
    d->segs = calloc(d->n_words, sizeof *d->segs);
    sizes = malloc(d->n_words * sizeof *sizes);
    if (!d->lines || !d->segs || !sizes) {
        free(sizes);
        return -1;
    }
    for (i = 0; i < d->n_words; i++)
        sizes[i] = d->words[i].size;
    qsort(sizes, d->n_words, sizeof *sizes, cmp_double);
    d->median_size = sizes[d->n_words / 2];
    free(sizes);
    space = ocr_word_gap(d);
    d->n_lines = n_lines;
    for (i = 0; i < d->n_words; i++) {
        ex_word_t *w = &d->words[i];
        ex_line_t *l = &d->lines[w->line];
        ex_seg_t *s = d->n_segs ? &d->segs[d->n_segs - 1] : NULL;
        /* OCR boxes hug the glyphs ("marzo" is shorter than "Data"): the page's median
         * size is the em of an OCR'd word, so that a date or a name stays one segment */
        double em = w->conf < 1.0f ? fmax(w->size, d->median_size) * 1.1 : w->size > 4 ? w->size : 4;
        double cut = w->conf < 1.0f ? fmax(0.9 * em, 1.8 * space * fmax(1.0, w->size / fmax(d->median_size, 1))) : 0.9 * em;
        if (!s || s->line != w->line || w->x0 - s->x1 > cut) {
            if (s && join_seg(d, s) != 0)
                return -1;
            s = &d->segs[d->n_segs++];
            s->line = w->line;
            s->w0 = (int)i;
            s->x0 = w->x0, s->y0 = w->y0, s->x1 = w->x1, s->y1 = w->y1;
            if (!l->s1 && !l->s0 && l->x1 == 0)
                l->s0 = (int)d->n_segs - 1, l->page = w->page, l->x0 = w->x0, l->y0 = w->y0,
                l->x1 = w->x1, l->y1 = w->y1;
        }
        s->w1 = (int)i + 1;
        if (w->x1 > s->x1) s->x1 = w->x1;
        if (w->y0 < s->y0) s->y0 = w->y0;
        if (w->y1 > s->y1) s->y1 = w->y1;
        l->s1 = (int)d->n_segs;
        if (w->x0 < l->x0) l->x0 = w->x0;
        if (w->x1 > l->x1) l->x1 = w->x1;
        if (w->y0 < l->y0) l->y0 = w->y0;
        if (w->y1 > l->y1) l->y1 = w->y1;
        w->seg = (int)d->n_segs - 1;
    }
    return d->n_segs ? join_seg(d, &d->segs[d->n_segs - 1]) : 0;
}

ex_pos_t ex_pos_seg(const ex_doc_t *d, int si)
{
    ex_pos_t p = {-1, 0, 0, 0, 0};
    if (si >= 0 && (size_t)si < d->n_segs) {
        const ex_seg_t *s = &d->segs[si];
        p.page = d->lines[s->line].page;
        p.x0 = (float)s->x0, p.y0 = (float)s->y0, p.x1 = (float)s->x1, p.y1 = (float)s->y1;
    }
    return p;
}

ex_pos_t ex_pos_line(const ex_doc_t *d, int li)
{
    ex_pos_t p = {-1, 0, 0, 0, 0};
    if (li >= 0 && (size_t)li < d->n_lines) {
        const ex_line_t *l = &d->lines[li];
        p.page = l->page;
        p.x0 = (float)l->x0, p.y0 = (float)l->y0, p.x1 = (float)l->x1, p.y1 = (float)l->y1;
    }
    return p;
}

ex_pos_t ex_pos_union(ex_pos_t a, ex_pos_t b)
{
    if (a.page < 0)
        return b;
    if (b.page != a.page)
        return a;   /* across pages: the first part's box */
    if (b.x0 < a.x0) a.x0 = b.x0;
    if (b.y0 < a.y0) a.y0 = b.y0;
    if (b.x1 > a.x1) a.x1 = b.x1;
    if (b.y1 > a.y1) a.y1 = b.y1;
    return a;
}

void ex_doc_clear(ex_doc_t *d)
{
    size_t i;
    for (i = 0; i < d->n_words; i++)
        free(d->words[i].text);
    for (i = 0; i < d->n_segs; i++)
        free(d->segs[i].text);
    free(d->words), free(d->segs), free(d->lines);
    ex_ocr_free(d->ocr);
    memset(d, 0, sizeof *d);
}
