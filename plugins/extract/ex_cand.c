/* Candidates and features (ex_cand.h). Features are position, font size, token shape and
 * the label kinds of the text before the value, left of it and above it. */
#include "ex_cand.h"
#include "ex_labels.h"
#include "ex_shape.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double page_w(const ex_doc_t *d, int p) { return p < 32 && d->page_w[p] > 0 ? d->page_w[p] : 595; }
static double page_h(const ex_doc_t *d, int p) { return p < 32 && d->page_h[p] > 0 ? d->page_h[p] : 842; }

static double seg_size(const ex_doc_t *d, const ex_seg_t *s)
{
    int i;
    double m = 0;
    for (i = s->w0; i < s->w1; i++)
        if (d->words[i].size > m)
            m = d->words[i].size;
    return m;
}

/* The nearest segment above s (previous lines of its page) overlapping it horizontally. */
int ex_seg_above(const ex_doc_t *d, int si, double max_dy)
{
    const ex_seg_t *s = &d->segs[si];
    int li = s->line, pg = d->lines[li].page, k;
    for (k = li - 1; k >= 0 && d->lines[k].page == pg; k--) {
        const ex_line_t *l = &d->lines[k];
        int j, best = -1;
        double best_ov = 0;
        if (s->y0 - l->y1 > max_dy)
            break;
        for (j = l->s0; j < l->s1; j++) {
            const ex_seg_t *t = &d->segs[j];
            double ov = fmin(t->x1, s->x1) - fmax(t->x0, s->x0);
            if (fabs(t->x0 - s->x0) < 6)
                ov = fmax(ov, 1e3);
            if (ov > best_ov)
                best_ov = ov, best = j;
        }
        if (best >= 0)
            return best;
    }
    return -1;
}

int ex_seg_below(const ex_doc_t *d, int si, double max_dy)
{
    const ex_seg_t *s = &d->segs[si];
    int li = s->line, pg = d->lines[li].page;
    size_t k;
    for (k = (size_t)li + 1; k < d->n_lines && d->lines[k].page == pg; k++) {
        const ex_line_t *l = &d->lines[k];
        int j, best = -1;
        double best_ov = 0;
        if (l->y0 - s->y1 > max_dy)
            break;
        for (j = l->s0; j < l->s1; j++) {
            const ex_seg_t *t = &d->segs[j];
            double ov = fmin(t->x1, s->x1) - fmax(t->x0, s->x0);
            if (fabs(t->x0 - s->x0) < 6 || fabs(t->x1 - s->x1) < 6)
                ov = fmax(ov, 1e3);
            if (ov > best_ov)
                best_ov = ov, best = j;
        }
        if (best >= 0)
            return best;
    }
    return -1;
}

static void put_mask(float *f, unsigned m)
{
    int i;
    for (i = 0; i < EXL_COUNT; i++)
        f[i] = (m >> i) & 1u ? 1.0f : 0.0f;
}

static int count_occurrences(const ex_doc_t *d, const char *v)
{
    size_t i;
    int n = 0;
    if (!*v)
        return 0;
    for (i = 0; i < d->n_segs && n < 20; i++)
        if (strstr(d->segs[i].text, v))
            n++;
    return n;
}

static double max_size_on_page(const ex_doc_t *d, int page)
{
    size_t i;
    double m = 0;
    for (i = 0; i < d->n_words; i++)
        if (d->words[i].page == page && d->words[i].size > m)
            m = d->words[i].size;
    return m;
}

/* Room for one more element in *arr (n used, *cap allocated): 0 or -1. */
static int grow(void **arr, size_t n, size_t *cap, size_t elem)
{
    void *p;
    size_t c;
    if (n < *cap)
        return 0;
    c = *cap ? 2 * *cap : 16;
    if (!(p = realloc(*arr, c * elem)))
        return -1;
    *arr = p, *cap = c;
    return 0;
}

static ex_head_cand_t *add_head(ex_cands_t *c)
{
    if (grow((void **)&c->head, c->n_head, &c->cap_head, sizeof *c->head) != 0)
        return NULL;
    memset(&c->head[c->n_head], 0, sizeof *c->head);
    return &c->head[c->n_head++];
}

/* Common features of a value at segment si whose text before it (inside the segment) is
 * own (may be ""). */
static void head_features(const ex_doc_t *d, int si, const char *own, const char *value,
                          int is_date, float *f, const double *page_max)
{
    const ex_seg_t *s = &d->segs[si];
    const ex_line_t *l = &d->lines[s->line];
    int pg = l->page, left = si > l->s0 ? si - 1 : -1, above = ex_seg_above(d, si, 3.2 * (s->y1 - s->y0) + 4);
    double W = page_w(d, pg), H = page_h(d, pg), sz = seg_size(d, s);
    size_t n = strlen(value), i, dig = 0, alp = 0;
    ex_num_t num;
    char tmp[64];
    for (i = 0; i < n; i++) {
        dig += isdigit((unsigned char)value[i]) != 0;
        alp += isalpha((unsigned char)value[i]) != 0;
    }
    f[0] = (float)is_date, f[1] = (float)!is_date;
    f[2] = (float)(s->x0 / W), f[3] = (float)(s->y0 / H), f[4] = (float)(s->x1 / W);
    f[5] = (float)(pg > 3 ? 3 : pg);
    f[6] = (float)(d->median_size > 0 ? sz / d->median_size : 1);
    f[7] = (float)(s->w1 - s->w0), f[8] = (float)n;
    f[9] = n ? (float)dig / n : 0, f[10] = n ? (float)alp / n : 0;
    f[11] = strchr(value, '-') != NULL, f[12] = strchr(value, '/') != NULL, f[13] = strchr(value, ' ') != NULL;
    f[14] = dig == n && n > 0;
    f[15] = ex_parse_num(value, -1, &num) && num.decimals == 2;
    f[16] = ex_vat_id(value, tmp, sizeof tmp) == 2;
    f[17] = ex_iban(value, tmp, sizeof tmp);
    f[18] = n && isalpha((unsigned char)value[0]);
    put_mask(f + 19, own && *own ? ex_label_mask(own) : 0);
    put_mask(f + 19 + EXL_COUNT, left >= 0 ? ex_label_mask(d->segs[left].text) : 0);
    f[19 + 2 * EXL_COUNT] = left >= 0 ? (float)((s->x0 - d->segs[left].x1) / W) : -1;
    put_mask(f + 20 + 2 * EXL_COUNT, above >= 0 ? ex_label_mask(d->segs[above].text) : 0);
    f[20 + 3 * EXL_COUNT] = above >= 0 ? (float)((s->y0 - d->segs[above].y1) / H) : -1;
    {
        int k = 21 + 3 * EXL_COUNT;   /* after the three label masks */
        f[k++] = (float)s->line / (float)(d->n_lines ? d->n_lines : 1);
        f[k++] = own && strchr(own, ',') != NULL && isalpha((unsigned char)own[0]);
        f[k++] = (float)(l->s1 - l->s0);
        f[k++] = page_max && pg < 32 && sz >= page_max[pg] - 0.5;
        f[k++] = (float)count_occurrences(d, value);
        f[k++] = left >= 0 && d->segs[left].text[strlen(d->segs[left].text) - 1] == ':';
        f[k++] = own && *own ? (float)strlen(own) : 0;
        f[k++] = (float)(l->x1 / W);
        f[k++] = above >= 0 ? (float)((d->segs[above].x0 - s->x0) / W) : 0;
    }
}

/* An identifier-like value: has a digit, not a date, not an amount, short. */
static int id_like(const char *v)
{
    size_t n = strlen(v), i, dig = 0, spaces = 0;
    ex_num_t num;
    char iso[11];
    if (n < 2 || n > 40)
        return 0;
    for (i = 0; i < n; i++) {
        dig += isdigit((unsigned char)v[i]) != 0;
        spaces += v[i] == ' ';
    }
    if (!dig || spaces > 3)
        return 0;
    if (ex_find_date(v, iso, NULL, NULL))
        return 0;
    if (ex_parse_num(v, -1, &num) && (num.decimals == 2 || num.percent || num.currency))
        return 0;
    return 1;
}

static int head_cands(const ex_doc_t *d, ex_cands_t *c, const double *page_max)
{
    size_t si;
    for (si = 0; si < d->n_segs; si++) {
        const char *t = d->segs[si].text;
        size_t pre = ex_label_prefix(t), a, b;
        char own[128], iso[11];
        const char *rest = t;
        ex_head_cand_t *h;
        char joined[256];
        /* OCR cuts "Jun 12, | 2026" into two segments: a segment without a date is read
         * together with the next one on its line when that one starts with a year */
        if (!ex_find_date(t, iso, NULL, NULL) && si + 1 < d->n_segs && d->segs[si + 1].line == d->segs[si].line &&
            isdigit((unsigned char)d->segs[si + 1].text[0]) &&
            d->segs[si + 1].x0 - d->segs[si].x1 < 2.5 * (d->median_size > 0 ? d->median_size : 9)) {
            snprintf(joined, sizeof joined, "%s %s", t, d->segs[si + 1].text);
            /* only a date that starts in this segment and ends in the next one (an invoice
             * number beside a date cell, "SI-40738 | 6. Januar 2026", stays itself) */
            if (ex_find_date(joined, iso, &a, &b) && a < strlen(t) && b > strlen(t) + 1)
                rest = joined, t = joined;
        }
        /* dates anywhere in the segment, the text before them as their own label */
        while (ex_find_date(rest, iso, &a, &b)) {
            size_t off = (size_t)(rest - t) + a;
            snprintf(own, sizeof own, "%.*s", (int)(off < sizeof own ? off : sizeof own - 1), t);
            if (!(h = add_head(c)))
                return -1;
            h->seg = (int)si, h->is_date = 1;
            memcpy(h->iso, iso, 11);
            snprintf(h->value, sizeof h->value, "%.*s", (int)(b - a), rest + a);
            head_features(d, (int)si, own, h->value, 1, h->f, page_max);
            rest += b;
        }
        /* the value after a leading label, or the whole segment; a segment of several
         * "label: value" parts joined by " · " or " | " gives one candidate per part */
        {
            char part[256];
            const char *q = t;
            (void)pre;
            while (*q) {
                const char *sep = strstr(q, " \xc2\xb7 "), *sep2 = strstr(q, " | ");
                size_t n, ppre, skip = 4;
                if (sep2 && (!sep || sep2 < sep))
                    sep = sep2, skip = 3;
                n = sep ? (size_t)(sep - q) : strlen(q);
                snprintf(part, sizeof part, "%.*s", (int)(n < sizeof part ? n : sizeof part - 1), q);
                ppre = ex_label_prefix(part);
                /* "N°F-2024-0014": the number sign glued to the value */
                if (!ppre && (!strncmp(part, "N\xc2\xb0", 3) || !strncmp(part, "n\xc2\xb0", 3) ||
                              !strncmp(part, "N\xc2\xba", 3)) && isalnum((unsigned char)part[3]))
                    ppre = 3;
                if (id_like(part + ppre)) {
                    if (!(h = add_head(c)))
                        return -1;
                    snprintf(own, sizeof own, "%.*s", (int)(ppre < sizeof own ? ppre : sizeof own - 1), part);
                    h->seg = (int)si;
                    snprintf(h->value, sizeof h->value, "%s", part + ppre);
                    head_features(d, (int)si, own, h->value, 0, h->f, page_max);
                }
                q += n;
                if (sep)
                    q += skip;
            }
        }
    }
    return 0;
}

/* ---- address blocks ---- */
int ex_has_legal_form(const char *s)
{
    static const char *const F[] = {"GmbH", " AG", " KG", "e.K.", " UG", " OG", "SAS", "SARL", " SA",
                                    "EURL", "SASU", " SRL", "SPRL", " SC", "S.r.l.", "S.p.A.", "S.n.c.",
                                    "S.a.s.", "B.V.", "N.V.", "V.O.F.", "S.L.", "S.A.", "Ltd", "Limited",
                                    "PLC", "LLP", "Inc.", "LLC", "Corp.", " Co.", " NV", " BV", " AB", " AS",
                                    " Oy", " ApS", " SE", " SpA", " Srl", " eG", "e.V.", " GbR", " mbH", " OHG",
                                    " KGaA", " SNC", " SCI", " EI", " Ltd", " SARL", "S.A.S", " sas", " sarl", NULL};
    int i;
    for (i = 0; F[i]; i++) {
        const char *p = strstr(s, F[i]);
        if (p) {
            size_t n = strlen(F[i]);
            if (!isalnum((unsigned char)p[n]))
                return 1;
        }
    }
    return 0;
}

static int is_gb_postcode(const char *s)
{
    /* A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA, AA9A 9AA */
    size_t n = strlen(s), i;
    const char *sp = strchr(s, ' ');
    if (n < 6 || n > 8 || !sp || !isalpha((unsigned char)s[0]))
        return 0;
    if (strlen(sp + 1) != 3 || !isdigit((unsigned char)sp[1]) || !isalpha((unsigned char)sp[2]) ||
        !isalpha((unsigned char)sp[3]))
        return 0;
    for (i = 0; s + i < sp; i++)
        if (!isalnum((unsigned char)s[i]) || islower((unsigned char)s[i]))
            return 0;
    return sp - s >= 2 && sp - s <= 4 && isdigit((unsigned char)s[1] ) | isdigit((unsigned char)s[2]);
}

static void trim_copy(char *out, size_t size, const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == ',')) s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == ',')) n--;
    snprintf(out, size, "%.*s", (int)n, s);
}

/* Parse "10115 Berlin", "1017 AB Amsterdam", "Boston, MA 02108", "London EC1V 9HX",
 * "20121 Milano (MI)", "EC1V 9HX" (city elsewhere). 1 when it is a postcode line. */
static int parse_pc_line(const char *s, char *city, size_t csz, char *pc, size_t psz, char *cc)
{
    size_t n = strlen(s), i;
    const char *p;
    cc[0] = '\0';
    {   /* "D-10115 Berlin", "F-75001 Paris", "CH-8001 Zürich": the country's prefix */
        static const struct { const char *p; const char *c; } PFX[] = {
            {"D-", "DE"}, {"DE-", "DE"}, {"F-", "FR"}, {"FR-", "FR"}, {"A-", "AT"}, {"AT-", "AT"},
            {"CH-", "CH"}, {"I-", "IT"}, {"IT-", "IT"}, {"B-", "BE"}, {"BE-", "BE"}, {"L-", "LU"},
            {"LU-", "LU"}, {"NL-", "NL"}, {"E-", "ES"}, {"ES-", "ES"}};
        size_t k;
        for (k = 0; k < sizeof PFX / sizeof *PFX; k++) {
            size_t pl = strlen(PFX[k].p);
            if (!strncmp(s, PFX[k].p, pl) && isdigit((unsigned char)s[pl]) &&
                parse_pc_line(s + pl, city, csz, pc, psz, cc)) {
                memcpy(cc, PFX[k].c, 3);
                return 1;
            }
        }
    }
    if (n < 5 || n > 60)
        return 0;
    /* NL: 4 digits, space, 2 capitals */
    if (n > 8 && isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[3]) && s[4] == ' ' &&
        isupper((unsigned char)s[5]) && isupper((unsigned char)s[6]) && s[7] == ' ' &&
        !isdigit((unsigned char)s[8])) {
        snprintf(pc, psz, "%.7s", s);
        trim_copy(city, csz, s + 8, strlen(s + 8));
        memcpy(cc, "NL", 3);
        return 1;
    }
    /* 4 or 5 digits then a city word */
    for (i = 0; i < n && isdigit((unsigned char)s[i]); i++)
        ;
    if ((i == 4 || i == 5) && s[i] == ' ' && isalpha((unsigned char)s[i + 1] ) | ((unsigned char)s[i + 1] >= 0x80)) {
        const char *end = s + n, *paren = strchr(s + i, '(');
        snprintf(pc, psz, "%.*s", (int)i, s);
        if (paren)
            end = paren;
        trim_copy(city, csz, s + i + 1, (size_t)(end - (s + i + 1)));
        if (paren)
            memcpy(cc, "IT", 3);
        {   /* "Paris, FR", "Berlin, Germany", "Toulon - France": the country after the city */
            char *comma = strrchr(city, ','), *dash = strstr(city, " - ");
            const char *dcode = dash ? ex_country_code(dash + 3) : NULL;
            if (dcode) {
                memcpy(cc, dcode, 3);
                *dash = '\0';
                comma = NULL;
            }
            const char *code;
            if (comma && (code = ex_country_code(comma + 1 + (comma[1] == ' ')))) {
                memcpy(cc, code, 3);
                *comma = '\0';
            } else if (comma && strlen(comma) == 4 && comma[1] == ' ' && isupper((unsigned char)comma[2]) &&
                       isupper((unsigned char)comma[3])) {
                cc[0] = comma[2], cc[1] = comma[3], cc[2] = '\0';
                *comma = '\0';
            }
        }
        /* a city starts with a capital and is no unit word ("1554 litres") */
        return strlen(city) > 1 && !strpbrk(city, "0123456789") && !ex_unit_code(city) &&
               (isupper((unsigned char)city[0]) || (unsigned char)city[0] >= 0xC3);
    }
    /* US: City, ST 02108 */
    p = strrchr(s, ',');
    if (p && p[1] == ' ' && isupper((unsigned char)p[2]) && isupper((unsigned char)p[3]) && p[4] == ' ') {
        const char *z = p + 5;
        size_t zn = strlen(z);
        if ((zn == 5 || zn == 10) && isdigit((unsigned char)z[0]) && isdigit((unsigned char)z[4])) {
            snprintf(pc, psz, "%s", z);
            trim_copy(city, csz, s, (size_t)(p - s));
            memcpy(cc, "US", 3);
            return 1;
        }
    }
    /* GB: a postcode alone or at the end after the city */
    if (is_gb_postcode(s)) {
        snprintf(pc, psz, "%s", s);
        city[0] = '\0';
        memcpy(cc, "GB", 3);
        return 1;
    }
    {
        /* a GB postcode or an Irish Eircode ("D02 XA00") before the city */
        char head[16];
        const char *sp1 = strchr(s, ' '), *sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
        if (sp2 && sp2 - s < (long)sizeof head && isupper((unsigned char)sp2[1])) {
            memcpy(head, s, (size_t)(sp2 - s));
            head[sp2 - s] = '\0';
            if (is_gb_postcode(head) || (strlen(head) == 8 && isupper((unsigned char)head[0]) &&
                                         isdigit((unsigned char)head[1]) && isdigit((unsigned char)head[2]) &&
                                         head[3] == ' ' && isalnum((unsigned char)head[4]) &&
                                         isalnum((unsigned char)head[7]))) {
                snprintf(pc, psz, "%s", head);
                trim_copy(city, csz, sp2 + 1, strlen(sp2 + 1));
                memcpy(cc, is_gb_postcode(head) ? "GB" : "IE", 3);
                return !strpbrk(city, "0123456789") && strlen(city) > 1;
            }
        }
    }
    for (p = s + n - 1; p > s && *p != ' '; p--)
        ;
    for (p--; p > s && *p != ' '; p--)
        ;
    if (p > s && is_gb_postcode(p + 1)) {
        snprintf(pc, psz, "%s", p + 1);
        trim_copy(city, csz, s, (size_t)(p - s));
        memcpy(cc, "GB", 3);
        return !strpbrk(city, "0123456789");
    }
    return 0;
}

static ex_block_t *add_block(ex_cands_t *c)
{
    if (grow((void **)&c->blocks, c->n_blocks, &c->cap_blocks, sizeof *c->blocks) != 0)
        return NULL;
    memset(&c->blocks[c->n_blocks], 0, sizeof *c->blocks);
    c->blocks[c->n_blocks].name_seg = c->blocks[c->n_blocks].line1_seg = c->blocks[c->n_blocks].pc_seg = -1;
    return &c->blocks[c->n_blocks++];
}

/* A line of an address block that is not its street: a suite, floor, building, c/o or
 * attention line, a department, a post box. */
static int extra_line(const char *t)
{
    static const char *const W[] = {"suite", "building", "bldg", "floor", "etage", "stock", "c/o", "attn",
                                    "z. hd", "z.hd", "zu händen", "bâtiment", "batiment", "bat.", "apt",
                                    "appartement", "unit ", "room", "raum", "zimmer", "postfach", "po box",
                                    "p.o. box", "boîte postale", "bp ", "cs ", "casella postale", "abteilung",
                                    "department", "dept", "service ", "einkauf", "buchhaltung", "accounts",
                                    "scala", "piano", "interno", NULL};
    char f[160];
    int i;
    ex_fold(t, f, sizeof f);
    for (i = 0; W[i]; i++) {
        const char *p = strstr(f, W[i]);
        if (p && (p == f || !isalnum((unsigned char)p[-1])))
            return 1;
    }
    return 0;
}

/* The line reads like a street: a number with a word ("Hauptstr. 5", "12 rue Bleue", "Via
 * Roma 1", "5th Avenue") or a street word alone ("Lieu-dit Poiriers" has neither). */
static int street_like(const char *t)
{
    static const char *const W[] = {"str.", "strasse", "straße", "weg", "platz", "allee", "gasse", "ring ",
                                    "damm", "ufer", "chaussee", "rue ", "avenue", "av. ", "boulevard", "bd ",
                                    "chemin", "place ", "impasse", "allée", "quai", "route", "via ", "viale",
                                    "piazza", "corso", "vicolo", "street", " st", "road", " rd", "lane", "drive",
                                    " ave", "way", "court", "square", "calle", "carrer", "laan", "straat", "plein",
                                    "gracht", NULL};
    char f[160];
    int i, digit = 0, alpha = 0;
    const char *p;
    ex_fold(t, f, sizeof f);
    for (p = f; *p; p++)
        digit |= isdigit((unsigned char)*p), alpha += isalpha((unsigned char)*p) != 0;
    if (digit && alpha >= 3)
        return 2;
    for (i = 0; W[i]; i++)
        if (strstr(f, W[i]))
            return 1;
    return 0;
}

/* A one-line address "Name · Street 1 · 10115 Berlin" (sender line, footer line). */
static int one_liner(const char *t, ex_block_t *b)
{
    const char *parts[8];
    size_t lens[8], k = 0, i;
    const char *p = t;
    while (k < 8) {
        /* separators: middle dot, bar, hyphen, en dash, em dash, bullet */
        static const char *const SEP[] = {" \xc2\xb7 ", " | ", " - ", " \xe2\x80\x93 ", " \xe2\x80\x94 ",
                                          " \xe2\x80\xa2 "};
        const char *q = NULL;
        size_t skip = 0, j;
        for (j = 0; j < sizeof SEP / sizeof *SEP; j++) {
            const char *x = strstr(p, SEP[j]);
            if (x && (!q || x < q))
                q = x, skip = strlen(SEP[j]);
        }
        parts[k] = p;
        lens[k] = q ? (size_t)(q - p) : strlen(p);
        k++;
        if (!q)
            break;
        p = q + skip;
    }
    if (k < 2)
        return 0;
    for (i = 1; i < k; i++) {
        char tmp[96];
        trim_copy(tmp, sizeof tmp, parts[i], lens[i]);
        if (parse_pc_line(tmp, b->city, sizeof b->city, b->postal, sizeof b->postal, b->country)) {
            /* "Name · Street 1 · Suite 2 · 10115 Berlin": the name is the first part, the
             * street the first part after it that reads like one; "Street 1 · 10115 Berlin":
             * the name is elsewhere (the caller looks above) */
            size_t st = i - 1, j;
            for (j = i >= 2 ? 1 : 0; j < i; j++) {
                char pt[96];
                trim_copy(pt, sizeof pt, parts[j], lens[j]);
                if (street_like(pt) == 2 && !extra_line(pt)) {
                    st = j;
                    break;
                }
            }
            if (i >= 2 && st >= 1)
                trim_copy(b->name, sizeof b->name, parts[0], lens[0]);
            trim_copy(b->line1, sizeof b->line1, parts[st], lens[st]);
            if (i + 1 < k) {
                char cn[64];
                const char *code;
                trim_copy(cn, sizeof cn, parts[i + 1], lens[i + 1]);
                if ((code = ex_country_code(cn)))
                    memcpy(b->country, code, 3);
            }
            return 1;
        }
    }
    return 0;
}

static void block_features(const ex_doc_t *d, ex_block_t *b, int anchor, const double *page_max)
{
    const ex_seg_t *s = &d->segs[anchor];
    int pg = d->lines[s->line].page, above = ex_seg_above(d, anchor, 3.5 * (s->y1 - s->y0) + 6), sk;
    double W = page_w(d, pg), H = page_h(d, pg), sz = seg_size(d, s);
    float *f = b->f;
    int k, vat_below = 0;
    f[0] = (float)(s->x0 / W), f[1] = (float)(s->y0 / H), f[2] = (float)(pg > 3 ? 3 : pg);
    f[3] = (float)(d->median_size > 0 ? sz / d->median_size : 1);
    f[4] = pg < 32 && sz >= page_max[pg] - 0.5;
    put_mask(f + 5, above >= 0 ? ex_label_mask(d->segs[above].text) : 0);
    k = 5 + EXL_COUNT;
    f[k++] = above >= 0 ? (float)((s->y0 - d->segs[above].y1) / H) : -1;
    f[k++] = (float)b->one_liner;
    f[k++] = s->y0 / H > 0.8;
    f[k++] = b->country[0] != 0;
    f[k++] = (float)count_occurrences(d, b->name);
    f[k++] = ex_has_legal_form(b->name);
    f[k++] = b->line1_seg >= 0 ? (float)(d->segs[b->line1_seg].y0 - s->y0) / (float)H : 0;
    f[k++] = (float)strlen(b->name);
    f[k++] = (float)(s->x1 / W);
    /* a VAT label or id near below the block */
    for (sk = b->pc_seg >= 0 ? b->pc_seg : anchor; sk >= 0 && sk < (int)d->n_segs; ) {
        int nb = ex_seg_below(d, sk, 2.5 * (s->y1 - s->y0) + 4);
        if (nb < 0)
            break;
        if (ex_label_mask(d->segs[nb].text) & (1u << EXL_VAT))
            vat_below = 1;
        sk = nb;
        if (d->segs[sk].y0 - s->y0 > 80)
            break;
    }
    /* the label two segments up (a label above a name with a blank line) */
    if (above >= 0) {
        int a2 = ex_seg_above(d, above, 3.5 * (s->y1 - s->y0) + 6);
        put_mask(f + k, a2 >= 0 ? ex_label_mask(d->segs[a2].text) : 0);
    }
    k += EXL_COUNT;
    f[k++] = (float)(d->lines[s->line].s1 - d->lines[s->line].s0);
    f[k++] = (float)vat_below;
}

/* A line whose segments are the parts of a one-line address ("Street 67 | : 3566 TR Utrecht
 * : Netherlands": OCR reads the middle dots as colons and cuts at the gaps): the segments
 * joined with " · ", colons between parts made separators. 1 when it reads as one. */
static int joined_one_liner(const ex_doc_t *d, const ex_line_t *l, ex_block_t *b)
{
    char buf[512];
    size_t k = 0;
    int s;
    for (s = l->s0; s < l->s1 && k + 8 < sizeof buf; s++) {
        const char *t = d->segs[s].text;
        while (*t == ':' || *t == ' ' || *t == '|')
            t++;
        if (s > l->s0)
            k += (size_t)snprintf(buf + k, sizeof buf - k, " \xc2\xb7 ");
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%s", t);
    }
    if (k >= sizeof buf)
        return 0;
    {   /* " : " -> " · " */
        char out[600];
        size_t i, o = 0;
        for (i = 0; buf[i] && o + 4 < sizeof out; i++) {
            if (buf[i] == ' ' && buf[i + 1] == ':' && buf[i + 2] == ' ') {
                memcpy(out + o, " \xc2\xb7 ", 4);
                o += 4;
                i += 2;
            } else {
                out[o++] = buf[i];
            }
        }
        out[o] = '\0';
        return one_liner(out, b);
    }
}

/* The block of address lines whose postcode line is segment pc: the lines stacked above it
 * in its column (same left edge or overlapping, close, of a similar size), at most seven,
 * up to a label line or a gap; the name is the top line, the street the first line below it
 * that reads like one (a suite or attention line is not), the country the line below. */
static int stack_block(const ex_doc_t *d, ex_cands_t *c, int pc, const char *city, const char *postal,
                       const char *cc, const double *page_max)
{
    int up[8], n = 0, cur = pc, i, l1 = -1, below;
    const ex_seg_t *ps = &d->segs[pc];
    double h = ps->y1 - ps->y0, sz = seg_size(d, ps), pitch = 0;
    int wrapped = -1;
    ex_block_t *b, scratch;
    while (n < 7) {
        int a = ex_seg_above(d, cur, 1.9 * h + 3);
        const ex_seg_t *as;
        double asz;
        if (a < 0)
            break;
        as = &d->segs[a];
        asz = seg_size(d, as);
        /* the same column: left edges close, the one above starting inside this one's
         * extent, or right edges close (a right-aligned letterhead) */
        if (fabs(as->x0 - ps->x0) > 0.6 * sz + 8 && !(as->x0 >= ps->x0 - 2 && as->x0 < ps->x1) &&
            fabs(as->x1 - ps->x1) > 0.4 * sz + 3)
            break;
        if (asz < 0.8 * sz)
            break;   /* a small sender line above the window */
        if (asz > 1.9 * sz) {
            /* a title, or the letterhead's name in large type over its address */
            if (n >= 1 && asz <= 3.2 * sz && !strpbrk(as->text, "0123456789") &&
                d->segs[cur].y0 - as->y1 < 1.5 * pitch + 2) {
                int a2 = ex_seg_above(d, a, 0.8 * (as->y1 - as->y0) + 2);
                up[n++] = a;
                /* a name in large type wrapped onto two lines ("Wienerwald
                 * Softwarelösungen" over "Ges.m.b.H."): the line above joins it */
                if (a2 >= 0 && fabs(seg_size(d, &d->segs[a2]) - asz) < 0.3 * asz &&
                    !strpbrk(d->segs[a2].text, "0123456789") && fabs(d->segs[a2].x0 - as->x0) < 0.6 * asz + 8)
                    wrapped = a2;
            }
            break;
        }
        /* the lines of a block are evenly spaced: a wider pitch starts another block */
        if (n == 0)
            pitch = d->segs[cur].y0 - as->y0;
        else if (d->segs[cur].y0 - as->y0 > 1.35 * pitch + 1.5) {
            /* a name set apart from its street by a blank line, then nothing more */
            size_t al = strlen(as->text);
            int a2 = ex_seg_above(d, a, 1.9 * h + 3);
            if (n == 1 && d->segs[cur].y0 - as->y0 < 2.3 * pitch + 1.5 && !strpbrk(as->text, "0123456789") &&
                al && as->text[al - 1] != ':') {
                if (a2 < 0) {
                    up[n++] = a;
                } else if (fabs(seg_size(d, &d->segs[a2]) - asz) < 0.3 * asz &&
                           !strpbrk(d->segs[a2].text, "0123456789")) {
                    up[n++] = a;   /* a large name wrapped onto two lines */
                    wrapped = a2;
                }
            }
            break;
        }
        {
            unsigned m = ex_label_mask(as->text);
            size_t len = strlen(as->text);
            /* "Rechnung an:", "Bill to", "Client :": the label ends the block */
            size_t words = 1, q;
            for (q = 0; q < len; q++)
                words += as->text[q] == ' ';
            unsigned party_labels = (1u << EXL_BILLTO) | (1u << EXL_SHIPTO) | (1u << EXL_SELLER) | (1u << EXL_YOUR);
            if (len < 40 && (m & party_labels) && !strpbrk(as->text, "0123456789") && !ex_has_legal_form(as->text) &&
                (as->text[len - 1] == ':' || (words <= 4 && ex_label_only(as->text, party_labels | (1u << EXL_TITLE)))))
                break;
            if (one_liner(as->text, &scratch))
                break;   /* the sender line above a window */
        }
        up[n++] = a;
        cur = a;
    }
    if (!n)
        return 0;
    /* up[n-1] is the top line: the name; the street is the topmost street-like line below it */
    for (i = n - 2; i >= 0 && l1 < 0; i--)
        if (street_like(d->segs[up[i]].text) == 2 && !extra_line(d->segs[up[i]].text))
            l1 = up[i];
    for (i = n - 2; i >= 0 && l1 < 0; i--)
        if (street_like(d->segs[up[i]].text) && !extra_line(d->segs[up[i]].text))
            l1 = up[i];
    if (l1 < 0 && n >= 2)
        l1 = up[0];
    if (n == 1 && street_like(d->segs[up[0]].text))
        l1 = up[0];   /* street and postcode only: the name is elsewhere */
    if (!(b = add_block(c)))
        return -1;
    b->pc_seg = pc;
    snprintf(b->postal, sizeof b->postal, "%s", postal);
    memcpy(b->country, cc, 3);
    if (!city[0]) {
        /* GB: the city is the line above the postcode */
        snprintf(b->city, sizeof b->city, "%s", d->segs[up[0]].text);
        if (l1 == up[0])
            l1 = n >= 3 ? up[1] : -1;
    } else {
        snprintf(b->city, sizeof b->city, "%s", city);
    }
    if (l1 >= 0) {
        b->line1_seg = l1;
        snprintf(b->line1, sizeof b->line1, "%s", d->segs[l1].text);
    }
    if (up[n - 1] != l1) {
        b->name_seg = up[n - 1];
        if (wrapped >= 0)
            snprintf(b->name, sizeof b->name, "%s %s", d->segs[wrapped].text, d->segs[up[n - 1]].text);
        else
            snprintf(b->name, sizeof b->name, "%s", d->segs[up[n - 1]].text);
    }
    below = ex_seg_below(d, pc, 2.2 * h + 4);
    if (below >= 0) {
        const char *code = ex_country_code(d->segs[below].text);
        if (code)
            memcpy(b->country, code, 3);
    }
    if (!strcmp(b->country, "IT") && !strcmp(cc, "IT"))
        b->country[0] = '\0';   /* "(MI)" says Italian, not the country printed */
    block_features(d, b, b->name_seg >= 0 ? b->name_seg : l1 >= 0 ? l1 : pc, page_max);
    if (!strcmp(cc, "IT"))
        memcpy(b->country, "IT", 3);
    return 0;
}

/* A letterhead without an address on the page ("RDO18" over "France"): the first lines of
 * the first page's top fifth that read like a name, not part of an address block, each a
 * block of a name only (one_liner 3) for the model to weigh. */
static int name_only_blocks(const ex_doc_t *d, ex_cands_t *c, const double *page_max, size_t n_addr)
{
    size_t li, i;
    int made = 0;
    double H = page_h(d, 0);
    for (li = 0; li < d->n_lines && made < 2; li++) {
        const ex_line_t *l = &d->lines[li];
        int ends[2] = {l->s0, l->s1 - 1}, e;
        if (l->page != 0 || l->y0 > 0.2 * H)
            break;
        for (e = 0; e < (ends[0] == ends[1] ? 1 : 2) && made < 2; e++) {
            const ex_seg_t *sg = &d->segs[ends[e]];
            size_t n = strlen(sg->text), letters = 0, k;
            int used = 0, below;
            char iso[11];
            ex_num_t num;
            ex_block_t *b;
            for (k = 0; k < n; k++)
                letters += isalpha((unsigned char)sg->text[k]) || (unsigned char)sg->text[k] >= 0xC3;
            size_t digits = 0;
            for (k = 0; k < n; k++)
                digits += isdigit((unsigned char)sg->text[k]) != 0;
            if (letters < 3 || n > 50 || digits >= 5 || ex_label_mask(sg->text) || ex_find_date(sg->text, iso, NULL, NULL) ||
                ex_parse_num(sg->text, -1, &num) || strchr(sg->text, '@') || strstr(sg->text, "www.") ||
                (!strchr(sg->text, ' ') && strchr(sg->text, '.') && n - (size_t)(strrchr(sg->text, '.') - sg->text) <= 4) ||
                strchr(sg->text, ':'))
                continue;
            if (ex_country_code(sg->text))
                continue;
            for (i = 0; i < n_addr; i++)
                used |= c->blocks[i].name_seg == ends[e] || c->blocks[i].line1_seg == ends[e] ||
                        c->blocks[i].pc_seg == ends[e] || !strcmp(c->blocks[i].name, sg->text);
            if (used)
                continue;
            if (!(b = add_block(c)))
                return -1;
            b->name_seg = ends[e];
            b->one_liner = 3;
            snprintf(b->name, sizeof b->name, "%s", sg->text);
            below = ex_seg_below(d, ends[e], 2.2 * (sg->y1 - sg->y0) + 4);
            if (below >= 0) {
                const char *code = ex_country_code(d->segs[below].text);
                if (code)
                    memcpy(b->country, code, 3);
            }
            block_features(d, b, ends[e], page_max);
            made++;
        }
    }
    return 0;
}

static int block_cands(const ex_doc_t *d, ex_cands_t *c, const double *page_max)
{
    size_t si, li;
    for (li = 0; li < d->n_lines; li++) {
        const ex_line_t *l = &d->lines[li];
        ex_block_t tmp, *b;
        int s, apart = 0;
        /* one OCR'd segment whose parts OCR separated by colons ("Zuidplein 67 : 3566 TR
         * Utrecht : Netherlands - VAT ...") reads the same way */
        if (l->s1 - l->s0 < 2 && !(d->words[d->segs[l->s0].w0].conf < 1.0f && strstr(d->segs[l->s0].text, " : ")))
            continue;
        /* parts of one address sit close; blocks side by side are far apart */
        for (s = l->s0 + 1; s < l->s1; s++)
            apart |= d->segs[s].x0 - d->segs[s - 1].x1 > 3.0 * (l->y1 - l->y0);
        memset(&tmp, 0, sizeof tmp);
        if (apart || !joined_one_liner(d, l, &tmp))
            continue;
        if (!(b = add_block(c)))
            return -1;
        *b = tmp;
        b->name_seg = b->line1_seg = b->pc_seg = l->s0;
        b->one_liner = 1;
        if (!b->name[0]) {
            int up = ex_seg_above(d, l->s0, 3.0 * (l->y1 - l->y0) + 30);
            if (up >= 0)
                snprintf(b->name, sizeof b->name, "%s", d->segs[up].text), b->name_seg = up;
            b->one_liner = 2;
        }
        block_features(d, b, l->s0, page_max);
    }
    for (si = 0; si < d->n_segs; si++) {
        const char *t = d->segs[si].text;
        char city[64], pc[16], cc[3];
        ex_block_t tmp, *b;
        memset(&tmp, 0, sizeof tmp);
        if (one_liner(t, &tmp)) {
            if (!(b = add_block(c)))
                return -1;
            *b = tmp;
            b->name_seg = b->line1_seg = b->pc_seg = (int)si;
            b->one_liner = 1;
            if (!b->name[0]) {
                int up = ex_seg_above(d, (int)si, 3.0 * (d->segs[si].y1 - d->segs[si].y0) + 30);
                if (up >= 0)
                    snprintf(b->name, sizeof b->name, "%s", d->segs[up].text), b->name_seg = up;
                b->one_liner = 2;
            }
            block_features(d, b, (int)si, page_max);
            continue;
        }
        char both[200];
        /* OCR cuts "Chicago, | IL 60601" and "Glasgow | G2 1DY" at the gap */
        if (!parse_pc_line(t, city, sizeof city, pc, sizeof pc, cc) && si + 1 < d->n_segs &&
            d->segs[si + 1].line == d->segs[si].line && d->words[d->segs[si].w0].conf < 1.0f &&
            d->segs[si + 1].x0 - d->segs[si].x1 < 2.5 * (d->median_size > 0 ? d->median_size : 9)) {
            snprintf(both, sizeof both, "%s %s", t, d->segs[si + 1].text);
            t = both;
        }
        if (parse_pc_line(t, city, sizeof city, pc, sizeof pc, cc) &&
            stack_block(d, c, (int)si, city, pc, cc, page_max) != 0)
            return -1;
    }
    return 0;
}

/* Scans print a name or street several times (letterhead, sender line, address block,
 * footer) and OCR reads some of them without their accents ("Garnier Energie EURL"): the
 * reading with the most accented letters among those that equal t without accents wins.
 * The parts of one-line addresses (" · ", " : ", " | ") count as readings. */
static void respell(const ex_doc_t *d, char *t, size_t size)
{
    char want[160], got[160], part[160];
    const char *best = NULL;
    size_t i, best_len = 0;
    int best_acc;
    if (!*t)
        return;
    best_acc = ex_fold(t, want, sizeof want);
    for (i = 0; i < d->n_segs; i++) {
        const char *p = d->segs[i].text;
        while (*p) {
            const char *q = p, *end = NULL;
            size_t n;
            for (; *q; q++)
                if (!strncmp(q, " \xc2\xb7 ", 4) || !strncmp(q, " : ", 3) || !strncmp(q, " | ", 3)) {
                    end = q;
                    break;
                }
            n = end ? (size_t)(end - p) : strlen(p);
            if (n < sizeof part) {
                int acc;
                memcpy(part, p, n);
                part[n] = '\0';
                acc = ex_fold(part, got, sizeof got);
                if (acc > best_acc && !strcmp(got, want))
                    best_acc = acc, best = p, best_len = n;
            }
            if (!end)
                break;
            p = end + (end[1] == '\xc2' ? 4 : 3);
        }
    }
    if (best && best_len < size) {
        memmove(t, best, best_len);
        t[best_len] = '\0';
    }
}

static int block_top(const ex_block_t *b)
{
    return b->name_seg >= 0 ? b->name_seg : b->line1_seg >= 0 ? b->line1_seg : b->pc_seg;
}

/* Label kinds (mask) of the segments up to three lines above segment si in its column. */
static unsigned labels_above(const ex_doc_t *d, int si)
{
    unsigned m = 0;
    int k, cur = si;
    for (k = 0; k < 3; k++) {
        int a = ex_seg_above(d, cur, 3.5 * (d->segs[cur].y1 - d->segs[cur].y0) + 6);
        if (a < 0)
            break;
        m |= ex_label_mask(d->segs[a].text);
        cur = a;
    }
    return m;
}

/* Features of a block among the others and the page (the model's last ten): a sender line
 * just above it (the DIN window), its rank from the top, a block beside it, its postcode
 * repeated in a page footer, an IBAN below it, "your"/bill-to and seller labels above it,
 * its name in the page's largest type, the blocks of its page, the blocks at its address. */
static void block_context(const ex_doc_t *d, ex_cands_t *c, const double *page_max)
{
    size_t i, j, k;
    for (i = 0; i < c->n_blocks; i++) {
        ex_block_t *b = &c->blocks[i];
        int top = block_top(b), pg, rank = 0, side = -1, same = 0, on_page = 0;
        const ex_seg_t *ts, *ps;
        float *f = b->f;
        if (top < 0 || b->pc_seg < 0)
            continue;
        ts = &d->segs[top], ps = &d->segs[b->pc_seg];
        pg = d->lines[ts->line].page;
        f[54] = 0;
        for (j = 0; j < c->n_blocks; j++) {
            const ex_block_t *o = &c->blocks[j];
            int ot = block_top(o);
            const ex_seg_t *os;
            if (j == i || ot < 0 || o->pc_seg < 0)
                continue;
            os = &d->segs[ot];
            if (d->lines[os->line].page != pg)
                continue;
            on_page++;
            same += !strcmp(o->postal, b->postal);
            if (o->one_liner && !b->one_liner && d->segs[o->pc_seg].y1 <= ts->y0 + 1 &&
                ts->y0 - d->segs[o->pc_seg].y1 < 40 && d->segs[o->pc_seg].x0 < ts->x1 && d->segs[o->pc_seg].x1 > ts->x0)
                f[54] = 1;
            if (os->y0 < ts->y0 - 2)
                rank++;
            if (!o->one_liner && !b->one_liner && fabs(os->y0 - ts->y0) < 40 && fabs(os->x0 - ts->x0) > 60)
                side = os->x0 > ts->x0 ? 0 : 1;
        }
        f[55] = (float)(rank > 5 ? 5 : rank);
        f[56] = (float)side;
        f[57] = 0;
        for (k = 0; k < d->n_segs && b->postal[0]; k++) {
            const ex_seg_t *s = &d->segs[k];
            int sp = d->lines[s->line].page;
            double ph = sp < 32 && d->page_h[sp] > 0 ? d->page_h[sp] : 842;
            if ((int)k != b->pc_seg && s->y0 > 0.85 * ph && strstr(s->text, b->postal))
                f[57] = 1;
        }
        f[58] = 0;
        for (k = (size_t)ps->line; k < d->n_lines && k <= (size_t)ps->line + 8; k++) {
            const ex_line_t *l = &d->lines[k];
            int s2;
            if (l->page != pg)
                break;
            for (s2 = l->s0; s2 < l->s1; s2++)
                if (d->segs[s2].x0 < ps->x1 + 20 && d->segs[s2].x1 > ps->x0 - 20 &&
                    (ex_label_mask(d->segs[s2].text) & (1u << EXL_BANK)))
                    f[58] = 1;
        }
        {
            unsigned m = labels_above(d, top);
            f[59] = (m & ((1u << EXL_YOUR) | (1u << EXL_BILLTO))) != 0;
            f[60] = (m & (1u << EXL_SELLER)) != 0;
        }
        f[61] = b->name_seg >= 0 && pg < 32 && seg_size(d, &d->segs[b->name_seg]) >= page_max[pg] - 0.5;
        f[62] = (float)on_page;
        f[63] = (float)same;
    }
}

int ex_cands_build(const ex_doc_t *d, ex_cands_t *c)
{
    double page_max[32] = {0};
    int p;
    size_t i;
    memset(c, 0, sizeof *c);
    for (p = 0; p < d->n_pages && p < 32; p++)
        page_max[p] = max_size_on_page(d, p);
    if (head_cands(d, c, page_max) != 0 || block_cands(d, c, page_max) != 0 ||
        name_only_blocks(d, c, page_max, c->n_blocks) != 0)
        return -1;
    block_context(d, c, page_max);
    for (i = 0; d->ocr_pages && i < c->n_blocks; i++) {
        respell(d, c->blocks[i].name, sizeof c->blocks[i].name);
        respell(d, c->blocks[i].line1, sizeof c->blocks[i].line1);
        respell(d, c->blocks[i].city, sizeof c->blocks[i].city);
    }
    return 0;
}

void ex_cands_clear(ex_cands_t *c)
{
    free(c->head);
    free(c->blocks);
    memset(c, 0, sizeof *c);
}
