/* The text layer (poppler-glib: characters with boxes, font sizes from the text attributes)
 * and OCR for pages without text (poppler/cairo render, tesseract's C API with a deadline
 * per page). Guards: page count, encrypted and broken files, oversized images and pages. */
#include "ex_read.h"
#include <poppler.h>
#include <cairo.h>
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#define EX_MAX_IMAGE_PIXELS 150000000.0   /* 12k x 12k: more is a decompression bomb */
#define EX_MAX_PAGE_PT 5000.0             /* 1.76 m: no invoice page is larger */

/* Image XObjects announce their size in their dictionaries; a huge one would be decoded
 * by poppler when the page renders. Looks at "/Width N" ... "/Height M" pairs nearby. */
static int has_image_bomb(const unsigned char *data, size_t len)
{
    size_t i;
    for (i = 0; i + 8 < len; i++) {
        if (data[i] == '/' && memcmp(data + i, "/Width", 6) == 0) {
            double w = strtod((const char *)data + i + 6, NULL), h = 0;
            size_t j, end = i + 400 < len ? i + 400 : len;
            size_t k0 = i > 400 ? i - 400 : 0;
            for (j = k0; j + 7 < end; j++)
                if (data[j] == '/' && memcmp(data + j, "/Height", 7) == 0) {
                    h = strtod((const char *)data + j + 7, NULL);
                    break;
                }
            if (w > 0 && h > 0 && w * h > EX_MAX_IMAGE_PIXELS)
                return 1;
        }
    }
    return 0;
}

/* Font size of each character from the text attributes (0 where unknown). */
static double *char_sizes(PopplerPage *page, size_t n)
{
    double *sz = calloc(n + 1, sizeof *sz);
    GList *attrs, *it;
    if (!sz)
        return NULL;
    attrs = poppler_page_get_text_attributes(page);
    for (it = attrs; it; it = it->next) {
        PopplerTextAttributes *a = it->data;
        int k;
        for (k = a->start_index; k <= a->end_index && k >= 0 && (size_t)k < n; k++)
            sz[k] = a->font_size;
    }
    poppler_page_free_text_attributes(attrs);
    return sz;
}

/* Words of the text layer: runs of non-space characters, the box their characters' union. */
static int read_text_layer(PopplerPage *page, int pno, ex_doc_t *d, int *has_text)
{
    char *text = poppler_page_get_text(page);
    PopplerRectangle *rects = NULL;
    guint n_rects = 0;
    double *sz;
    const char *p, *start = NULL;
    size_t ci = 0, cstart = 0;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0, fs = 0;
    int rc = 0;
    *has_text = 0;
    if (!text)
        return 0;
    if (!poppler_page_get_text_layout(page, &rects, &n_rects) || !n_rects) {
        g_free(text);
        return 0;
    }
    sz = char_sizes(page, n_rects);
    if (!sz) {
        g_free(text), g_free(rects);
        return -1;
    }
    for (p = text;; p = g_utf8_next_char(p), ci++) {
        gunichar c = *p ? g_utf8_get_char(p) : ' ';
        int space = !*p || g_unichar_isspace(c) || c == 0xA0 || c == 0x202F || ci >= n_rects;
        if (!space && start) {
            /* no space in the text but a gap on the page (table columns) or another row:
             * the word ends here */
            PopplerRectangle *r = &rects[ci], *q = &rects[ci - 1];
            double h = q->y2 - q->y1 > 1 ? q->y2 - q->y1 : 1;
            if (r->x1 - q->x2 > 0.3 * h || q->x1 - r->x1 > h || fabs(r->y1 - q->y1) > 0.5 * h) {
                if (ex_doc_add_word(d, start, (size_t)(p - start), x0, y0, x1, y1, fs, 1.0f, pno) != 0) {
                    rc = -1;
                    break;
                }
                *has_text = 1;
                start = NULL;
            }
        }
        if (!space) {
            PopplerRectangle *r = &rects[ci];
            if (!start) {
                start = p, cstart = ci;
                x0 = r->x1, y0 = r->y1, x1 = r->x2, y1 = r->y2, fs = sz[ci];
            } else {
                if (r->x1 < x0) x0 = r->x1;
                if (r->y1 < y0) y0 = r->y1;
                if (r->x2 > x1) x1 = r->x2;
                if (r->y2 > y1) y1 = r->y2;
                if (sz[ci] > fs) fs = sz[ci];
            }
        } else if (start) {
            (void)cstart;
            if (ex_doc_add_word(d, start, (size_t)(p - start), x0, y0, x1, y1, fs, 1.0f, pno) != 0) {
                rc = -1;
                break;
            }
            *has_text = 1;
            start = NULL;
        }
        if (!*p || ci >= n_rects)
            break;
    }
    free(sz);
    g_free(rects);
    g_free(text);
    return rc;
}

/* Render the page at dpi as 8-bit grey (caller frees). */
static unsigned char *render_grey(PopplerPage *page, int dpi, int *w_out, int *h_out)
{
    double pw, ph, s = dpi / 72.0;
    int w, h, x, y, stride;
    cairo_surface_t *surf;
    cairo_t *cr;
    unsigned char *grey, *src;
    poppler_page_get_size(page, &pw, &ph);
    w = (int)(pw * s + 0.5), h = (int)(ph * s + 0.5);
    surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    if (cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surf);
        return NULL;
    }
    cr = cairo_create(surf);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, s, s);
    poppler_page_render(page, cr);
    cairo_destroy(cr);
    cairo_surface_flush(surf);
    src = cairo_image_surface_get_data(surf);
    stride = cairo_image_surface_get_stride(surf);
    grey = malloc((size_t)w * h);
    if (grey)
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                uint32_t px = *(uint32_t *)(src + (size_t)y * stride + 4 * x);
                grey[(size_t)y * w + x] = (unsigned char)((((px >> 16) & 255) * 77 +
                                            ((px >> 8) & 255) * 150 + (px & 255) * 29) >> 8);
            }
    cairo_surface_destroy(surf);
    *w_out = w, *h_out = h;
    return grey;
}

/* What a read document keeps for re-reading cells: the OCR engine and each OCR'd page's
 * straightened image (the word boxes are in its coordinates). */
struct ex_ocr {
    TessBaseAPI *api, *api2;   /* api2: the second engine of a page read in two halves */
    PIX *pix[32];
    int dpi[32];
};

/* Straighten the page (scans are rotated by a degree or so, which would tilt every table
 * row across two lines): the image tesseract reads, or NULL (out of memory). */
static PIX *deskew(const unsigned char *grey, int w, int h)
{
    char head[64];
    int hn = snprintf(head, sizeof head, "P5\n%d %d\n255\n", w, h);
    size_t n = (size_t)hn + (size_t)w * h;
    unsigned char *pgm = malloc(n);
    PIX *pix, *straight;
    if (!pgm)
        return NULL;
    memcpy(pgm, head, (size_t)hn);
    memcpy(pgm + hn, grey, (size_t)w * h);
    pix = pixReadMem(pgm, n);
    free(pgm);
    if (!pix)
        return NULL;
    straight = pixDeskew(pix, 0);
    if (!straight)
        return pix;   /* the page as it is */
    pixDestroy(&pix);
    return straight;
}

/* Words OCR makes of table rules and box edges: only '|', '_', dashes, quotes, spaces. */
static int rule_artifact(const char *t)
{
    for (; *t; t++)
        if (!strchr("|_-=~'`\" \t[]", *t) && (unsigned char)*t < 0x80)
            return 0;
    return 1;
}

/* OCR one rendered page into words (points). Returns 0, 1 when the deadline cut it short,
 * -1 out of memory. */
static int ocr_words(TessBaseAPI *api, PIX *pix, int dpi, int psm, int ms, int pno, ex_doc_t *d)
{
    ETEXT_DESC *mon = TessMonitorCreate();
    TessResultIterator *ri;
    double s = 72.0 / dpi;
    int rc = 0, timed_out = 0;
    TessBaseAPISetPageSegMode(api, (TessPageSegMode)psm);
    TessBaseAPISetImage2(api, pix);
    TessBaseAPISetSourceResolution(api, dpi);
    TessMonitorSetDeadlineMSecs(mon, ms > 0 ? ms : 20000);
    if (TessBaseAPIRecognize(api, mon) != 0)
        timed_out = 1;
    TessMonitorDelete(mon);
    ri = TessBaseAPIGetIterator(api);
    if (ri) {
        const TessPageIterator *pi = TessResultIteratorGetPageIteratorConst(ri);
        do {
            int l, t, r, b;
            char *txt;
            if (!TessPageIteratorBoundingBox(pi, RIL_WORD, &l, &t, &r, &b))
                continue;
            txt = TessResultIteratorGetUTF8Text(ri, RIL_WORD);
            if (txt) {   /* blanks, and a rule read as '|' glued to a word */
                size_t n = strlen(txt);
                while (n && (txt[n - 1] == ' ' || txt[n - 1] == '|'))
                    txt[--n] = '\0';
                while ((txt[0] == '|' || txt[0] == ' ') && txt[1])
                    memmove(txt, txt + 1, strlen(txt));
            }
            /* a lone dash narrower than 6 pt is a hyphen of the text ("development -
             * order"), not a rule */
            if (txt && *txt && (!rule_artifact(txt) || (!strcmp(txt, "-") && (r - l) * s < 6.0))) {
                float conf = TessResultIteratorConfidence(ri, RIL_WORD) / 100.0f;
                /* a word box spans its ascenders and descenders: about 1.2 x the size */
                if (ex_doc_add_word(d, txt, strlen(txt), l * s, t * s, r * s, b * s,
                                    (b - t) * s / 1.0, conf, pno) != 0)
                    rc = -1;
            }
            TessDeleteText(txt);
        } while (rc == 0 && TessResultIteratorNext(ri, RIL_WORD));
        TessResultIteratorDelete(ri);
    }
    TessBaseAPIClear(api);
    return rc < 0 ? rc : timed_out;
}

/* Misreadings tesseract makes of invoice text that no arithmetic catches, repaired where
 * the context leaves no doubt: "mm?" / "g/m”" for the superscript two of m² (a question
 * mark never follows a unit), "Schliissel" / "Stiick" for the German ü (a double i inside a
 * word, before a consonant, is no word of the four languages), "Emanuele Il, 142" for the
 * roman II before a house number, "F.Ili" for the Italian "F.lli" (Fratelli), "Heizòl" for
 * Heizöl (ò and ù only end Italian words). */
static int ocr_fix_word(ex_word_t *w, const char *next)
{
    char *t = w->text;
    size_t n = strlen(t), i;
    for (i = 1; i + 1 < n; i++)   /* ii -> ü */
        if (t[i] == 'i' && t[i + 1] == 'i' && isalpha((unsigned char)t[i - 1]) && i + 2 < n &&
            isalpha((unsigned char)t[i + 2]) && !strchr("aeiouy", t[i + 2])) {
            t[i] = (char)0xC3, t[i + 1] = (char)0xBC;
            i++;
        }
    for (i = 1; i + 2 < n; i++)   /* "Heizòl": ò and ù end Italian words, inside one they are ö, ü */
        if ((unsigned char)t[i] == 0xC3 && ((unsigned char)t[i + 1] == 0xB2 || (unsigned char)t[i + 1] == 0xB9) &&
            isalpha((unsigned char)t[i - 1]) && isalpha((unsigned char)t[i + 2]))
            t[i + 1] = (char)((unsigned char)t[i + 1] == 0xB2 ? 0xB6 : 0xBC);
    if ((!strcmp(t, "Il,") || (!strcmp(t, "Il") && next && isdigit((unsigned char)next[0]))))
        t[1] = 'I';
    if (!strncmp(t, "F.Ili", 5))
        t[2] = 'l';
    {   /* m? m” m" -> m² at the end of the word (before , . ; ) ) */
        size_t e = n;
        while (e > 0 && strchr(",.;)", t[e - 1]))
            e--;
        for (i = 1; i < e; i++) {
            size_t ql = !strncmp(t + i, "\xe2\x80\x9d", 3) ? 3 : (t[i] == '?' || t[i] == '"') ? 1 : 0;
            if (ql && i + ql == e && t[i - 1] == 'm' &&
                (i == 1 || strchr("0123456789m/x", t[i - 2]))) {
                char *nt = malloc(n - ql + 3);
                if (!nt)
                    return -1;
                memcpy(nt, t, i);
                memcpy(nt + i, "\xc2\xb2", 2);
                memcpy(nt + i + 2, t + e, n - e + 1);
                free(w->text);
                w->text = nt;
                break;
            }
        }
    }
    return 0;
}

static int ocr_fix(ex_doc_t *d, size_t from)
{
    size_t i;
    for (i = from; i < d->n_words; i++) {
        const char *next = i + 1 < d->n_words ? d->words[i + 1].text : NULL;
        if (ocr_fix_word(&d->words[i], next) != 0)
            return -1;
    }
    return 0;
}

/* The row at which a page can be cut in two for two engines: the middle of the widest band
 * of blank rows between 35 % and 65 % of its height (no text line is cut), or -1 when
 * there is none (an 8-bit image only). */
static int blank_cut(PIX *pix)
{
    int w = (int)pixGetWidth(pix), h = (int)pixGetHeight(pix), wpl = pixGetWpl(pix), y, run = 0, best = -1, best_run = 0;
    l_uint32 *data = pixGetData(pix);
    if (pixGetDepth(pix) != 8 || h < 200)
        return -1;
    for (y = h * 35 / 100; y < h * 65 / 100; y++) {
        l_uint32 *line = data + (size_t)y * wpl;
        int x, dark = 0;
        for (x = 0; x < w; x += 2)
            dark += GET_DATA_BYTE(line, x) < 140;
        if (dark <= w / 800) {
            run++;
            /* the widest band; of equal ones the nearest to the middle */
            if (run > best_run || (run == best_run && abs(y - run / 2 - h / 2) < abs(best - h / 2)))
                best_run = run, best = y - run / 2;
        } else {
            run = 0;
        }
    }
    return best_run >= 4 ? best : -1;
}

typedef struct half {
    TessBaseAPI *api;
    PIX *pix;
    int dpi, psm, ms, pno, rc;
    ex_doc_t words;
} half_t;

static void *ocr_half(void *arg)
{
    half_t *hf = arg;
    hf->rc = ocr_words(hf->api, hf->pix, hf->dpi, hf->psm, hf->ms, hf->pno, &hf->words);
    return NULL;
}

/* OCR the page in two halves at once, on two engines (two cores read a page in about half
 * the time): the bottom half's words moved down by the cut. Same returns as ocr_words; -2
 * when the page could not be cut (the caller reads it whole). */
static int ocr_halves(TessBaseAPI *api, TessBaseAPI *api2, PIX *pix, int dpi, int psm, int ms, int pno, ex_doc_t *d)
{
    int cut = blank_cut(pix), w = (int)pixGetWidth(pix), h = (int)pixGetHeight(pix), i, rc = 0;
    half_t hf[2];
    pthread_t th;
    BOX *b0, *b1;
    size_t k;
    if (cut < 0)
        return -2;
    memset(hf, 0, sizeof hf);
    b0 = boxCreate(0, 0, w, cut), b1 = boxCreate(0, cut, w, h - cut);
    hf[0].pix = b0 ? pixClipRectangle(pix, b0, NULL) : NULL;
    hf[1].pix = b1 ? pixClipRectangle(pix, b1, NULL) : NULL;
    boxDestroy(&b0), boxDestroy(&b1);
    if (!hf[0].pix || !hf[1].pix) {
        pixDestroy(&hf[0].pix), pixDestroy(&hf[1].pix);
        return -1;
    }
    for (i = 0; i < 2; i++)
        hf[i].api = i ? api2 : api, hf[i].dpi = dpi, hf[i].psm = psm, hf[i].ms = ms, hf[i].pno = pno;
    if (pthread_create(&th, NULL, ocr_half, &hf[1]) != 0) {
        ocr_half(&hf[1]);
        ocr_half(&hf[0]);
    } else {
        ocr_half(&hf[0]);
        pthread_join(th, NULL);
    }
    for (i = 0; i < 2; i++) {
        double dy = i ? cut * 72.0 / dpi : 0;
        if (hf[i].rc < 0)
            rc = -1;
        else if (hf[i].rc > 0 && rc == 0)
            rc = 1;
        for (k = 0; k < hf[i].words.n_words && rc >= 0; k++) {
            const ex_word_t *x = &hf[i].words.words[k];
            if (ex_doc_add_word(d, x->text, strlen(x->text), x->x0, x->y0 + dy, x->x1, x->y1 + dy, x->size, x->conf,
                                pno) != 0)
                rc = -1;
        }
        ex_doc_clear(&hf[i].words);
        pixDestroy(&hf[i].pix);
    }
    return rc;
}

/* OCR a page at the tier's resolution and segmentation mode (ACCURATE tries several
 * combinations and keeps the most self-consistent reading: ex_extract.c). With a second
 * engine the page is read in two halves at once. */
static int ocr_page(TessBaseAPI *api, TessBaseAPI *api2, PopplerPage *page, int pno, const ex_read_opts_t *o,
                    ex_doc_t *d, int *timeouts)
{
    int dpi = o->dpi > 0 ? o->dpi : o->accurate ? 400 : 300, w, h, rc;
    size_t from = d->n_words;
    unsigned char *grey = render_grey(page, dpi, &w, &h);
    PIX *pix;
    if (!grey)
        return -1;
    pix = deskew(grey, w, h);
    free(grey);
    if (!pix)
        return -1;
    rc = api2 ? ocr_halves(api, api2, pix, dpi, o->psm > 0 ? o->psm : PSM_AUTO, o->page_ms, pno, d) : -2;
    if (rc == -2)
        rc = ocr_words(api, pix, dpi, o->psm > 0 ? o->psm : PSM_AUTO, o->page_ms, pno, d);
    if (rc >= 0 && ocr_fix(d, from) != 0)
        rc = -1;
    if (rc > 0)
        (*timeouts)++;
    if (pno < 32 && (d->ocr || (d->ocr = calloc(1, sizeof *d->ocr)) != NULL)) {
        d->ocr->pix[pno] = pix, d->ocr->dpi[pno] = dpi;   /* kept for re-reading cells */
        pix = NULL;
    }
    pixDestroy(&pix);
    return rc < 0 ? -1 : 0;
}

static void end_engine(TessBaseAPI *api)
{
    if (api) {
        TessBaseAPIEnd(api);
        TessBaseAPIDelete(api);
    }
}

typedef struct engine_start {
    TessBaseAPI *api;
    const char *langs;
    int ok;
} engine_start_t;

static void *start_one(void *arg)
{
    engine_start_t *e = arg;
    e->api = TessBaseAPICreate();
    e->ok = e->api && TessBaseAPIInit3(e->api, NULL, e->langs) == 0;
    return NULL;
}

/* How many engines read a page at once: EINV_EXTRACT_OCR_THREADS (1 or 2), else 2 on a
 * machine of two cores or more. */
static int ocr_threads(const ex_read_opts_t *o)
{
    const char *env = getenv("EINV_EXTRACT_OCR_THREADS");
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (o->ocr_threads > 0)
        return o->ocr_threads >= 2 ? 2 : 1;
    if (env && *env)
        return atoi(env) >= 2 ? 2 : 1;
    return cpus >= 2 ? 2 : 1;
}

/* The OCR engine(s), loaded at once on two threads when the page is read in halves.
 * EX_READ_OK or EX_READ_OCR_FAILED. */
static int start_engines(const ex_read_opts_t *o, TessBaseAPI **api, TessBaseAPI **api2)
{
    engine_start_t e[2] = {{NULL, o->langs ? o->langs : "deu+eng+fra+ita", 0},
                           {NULL, o->langs ? o->langs : "deu+eng+fra+ita", 0}};
    pthread_t th;
    int two = ocr_threads(o) >= 2, joined = 0;
    if (two && pthread_create(&th, NULL, start_one, &e[1]) == 0)
        joined = 1;
    start_one(&e[0]);
    if (joined)
        pthread_join(th, NULL);
    if (!e[0].ok) {
        end_engine(e[0].api);
        end_engine(e[1].api);
        return EX_READ_OCR_FAILED;
    }
    *api = e[0].api;
    if (e[1].ok)
        *api2 = e[1].api;
    else
        end_engine(e[1].api);
    return EX_READ_OK;
}

int ex_read_pdf(const unsigned char *data, size_t len, const ex_read_opts_t *o, ex_doc_t *d,
                int *timeouts, char *msg, size_t size)
{
    GBytes *bytes;
    GError *gerr = NULL;
    PopplerDocument *doc;
    TessBaseAPI *api = NULL, *api2 = NULL;
    int n, i, rc = EX_READ_OK, to = 0, max_pages = o->max_pages > 0 ? o->max_pages : 20;
    if (len < 8 || memcmp(data, "%PDF-", 5) != 0) {
        snprintf(msg, size, "the file is not a PDF (no %%PDF- header)");
        return EX_READ_BROKEN;
    }
    if (has_image_bomb(data, len)) {
        snprintf(msg, size, "the PDF holds an image of more than %.0f million pixels "
                 "(a decompression bomb?); it is not read", EX_MAX_IMAGE_PIXELS / 1e6);
        return EX_READ_IMAGE_BOMB;
    }
    bytes = g_bytes_new(data, len);
    doc = poppler_document_new_from_bytes(bytes, NULL, &gerr);
    g_bytes_unref(bytes);
    if (!doc) {
        int enc = gerr && gerr->domain == POPPLER_ERROR && gerr->code == POPPLER_ERROR_ENCRYPTED;
        snprintf(msg, size, enc ? "the PDF is encrypted with a password; it cannot be read"
                                : "the PDF is damaged and cannot be opened (%s)",
                 gerr ? gerr->message : "unknown error");
        if (gerr)
            g_error_free(gerr);
        return enc ? EX_READ_ENCRYPTED : EX_READ_BROKEN;
    }
    n = poppler_document_get_n_pages(doc);
    if (n > max_pages) {
        snprintf(msg, size, "the PDF has %d pages, more than the %d an invoice may have", n, max_pages);
        g_object_unref(doc);
        return EX_READ_TOO_MANY_PAGES;
    }
    if (n <= 0) {
        snprintf(msg, size, "the PDF has no pages");
        g_object_unref(doc);
        return EX_READ_BROKEN;
    }
    d->n_pages = n;
    for (i = 0; i < n && rc == EX_READ_OK; i++) {
        PopplerPage *page = poppler_document_get_page(doc, i);
        int has_text = 0;
        double pw = 0, ph = 0;
        if (!page)
            continue;
        poppler_page_get_size(page, &pw, &ph);
        if (i < 32)
            d->page_w[i] = pw, d->page_h[i] = ph;
        if (pw > EX_MAX_PAGE_PT || ph > EX_MAX_PAGE_PT || pw <= 0 || ph <= 0) {
            snprintf(msg, size, "page %d measures %.0f x %.0f pt; it is not read", i + 1, pw, ph);
            rc = EX_READ_IMAGE_BOMB;
        } else if (!o->force_ocr && read_text_layer(page, i, d, &has_text) != 0) {
            rc = EX_READ_NOMEM;
        } else if (!has_text) {
            if (!api && (rc = start_engines(o, &api, &api2)) != EX_READ_OK)
                snprintf(msg, size, "OCR could not start: tesseract language data '%s' "
                         "missing (install tesseract-ocr-deu/eng/fra/ita)",
                         o->langs ? o->langs : "deu+eng+fra+ita");
            if (rc == EX_READ_OK) {
                if (ocr_page(api, api2, page, i, o, d, &to) != 0)
                    rc = EX_READ_NOMEM;
                else
                    d->ocr_pages++;
            }
        }
        g_object_unref(page);
    }
    if (api && d->ocr && rc == EX_READ_OK) {
        d->ocr->api = api;   /* the cells' re-reads use it; ex_doc_clear ends it */
        d->ocr->api2 = api2;
    } else {
        end_engine(api);
        end_engine(api2);
    }
    g_object_unref(doc);
    if (rc == EX_READ_NOMEM)
        snprintf(msg, size, "out of memory while reading the PDF");
    if (timeouts)
        *timeouts = to;
    return rc;
}

int ex_ocr_reread(const ex_doc_t *d, int page, double x0, double y0, double x1, double y1,
                  const char *whitelist, char *out, size_t size)
{
    const struct ex_ocr *o = d->ocr;
    PIX *crop, *big;
    BOX *box;
    char *txt;
    double k;
    int bx, by, bw, bh, pw, ph;
    if (!o || !o->api || page < 0 || page >= 32 || !o->pix[page] || size < 2)
        return 0;
    k = o->dpi[page] / 72.0;
    pw = (int)pixGetWidth(o->pix[page]), ph = (int)pixGetHeight(o->pix[page]);
    /* the box with a margin of a fifth of its height (OCR boxes hug the ink) */
    bx = (int)((x0 - 0.2 * (y1 - y0)) * k), by = (int)((y0 - 0.2 * (y1 - y0)) * k);
    bw = (int)((x1 - x0 + 0.4 * (y1 - y0)) * k + 0.5), bh = (int)((y1 - y0) * 1.4 * k + 0.5);
    if (bx < 0) bw += bx, bx = 0;
    if (by < 0) bh += by, by = 0;
    if (bx + bw > pw) bw = pw - bx;
    if (by + bh > ph) bh = ph - by;
    if (bw < 4 || bh < 4 || bw > 4000 || bh > 400)
        return 0;
    box = boxCreate(bx, by, bw, bh);
    crop = box ? pixClipRectangle(o->pix[page], box, NULL) : NULL;
    boxDestroy(&box);
    if (!crop)
        return 0;
    big = pixScale(crop, 2.0f, 2.0f);
    pixDestroy(&crop);
    if (!big)
        return 0;
    {   /* a white border: tesseract reads glyphs touching the edge badly */
        PIX *framed = pixAddBorder(big, 16, 0xff);
        pixDestroy(&big);
        if (!framed)
            return 0;
        big = framed;
    }
    TessBaseAPISetPageSegMode(o->api, PSM_SINGLE_LINE);
    TessBaseAPISetVariable(o->api, "tessedit_char_whitelist", whitelist ? whitelist : "");
    TessBaseAPISetImage2(o->api, big);
    TessBaseAPISetSourceResolution(o->api, 2 * o->dpi[page]);
    txt = TessBaseAPIGetUTF8Text(o->api);
    TessBaseAPISetVariable(o->api, "tessedit_char_whitelist", "");
    TessBaseAPIClear(o->api);
    pixDestroy(&big);
    if (!txt)
        return 0;
    {
        size_t n = strlen(txt);
        while (n && (txt[n - 1] == '\n' || txt[n - 1] == ' '))
            txt[--n] = '\0';
        snprintf(out, size, "%s", txt);
    }
    TessDeleteText(txt);
    return 1;
}

void ex_ocr_free(struct ex_ocr *o)
{
    int i;
    if (!o)
        return;
    for (i = 0; i < 32; i++)
        pixDestroy(&o->pix[i]);
    if (o->api) {
        TessBaseAPIEnd(o->api);
        TessBaseAPIDelete(o->api);
        end_engine(o->api2);
    }
    free(o);
}
