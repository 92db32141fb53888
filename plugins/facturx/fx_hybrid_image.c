/* The received pages as images (fx_hybrid.h): each page rendered with poppler/cairo as it
 * prints, at 150 dpi (less for pages so large that 150 dpi would pass 12 megapixels),
 * stored Flate-compressed as DeviceGray when the page has no colour, else DeviceRGB, on a
 * page of the received page's size (as displayed: rotation applied), with the received
 * page's text layer as invisible words over the image (pdftotext, search and copy still
 * work). Built without poppler-glib/cairo, imaging is refused with a clear error. */
#include "fx_hybrid.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FX_IMAGE_DPI 150.0
#define FX_IMAGE_MAX_PIXELS 12000000.0
#define FX_IMAGE_MAX_PAGES 100
#define FX_IMAGE_MAX_PT 14400.0   /* PDF's largest page side (200 in) */

#ifdef EINV_FX_HAVE_POPPLER
#include <cairo.h>
#include <math.h>
#include <poppler.h>
#include <zlib.h>

/* The page's pixels (cairo RGB24) as Gray or RGB bytes, deflated into *z. 0 or -1. */
static int pack(cairo_surface_t *s, int wpx, int hpx, int *gray, unsigned char **z, size_t *zlen)
{
    const unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s), x, y, comps;
    size_t n = 0, raw_len;
    unsigned char *raw;
    uLongf bound;
    *gray = 1;
    for (y = 0; y < hpx && *gray; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (x = 0; x < wpx; x++) {
            uint32_t p = row[x];
            if (((p >> 16) & 0xff) != ((p >> 8) & 0xff) || ((p >> 8) & 0xff) != (p & 0xff)) {
                *gray = 0;
                break;
            }
        }
    }
    comps = *gray ? 1 : 3;
    raw_len = (size_t)wpx * (size_t)hpx * (size_t)comps;
    if (!(raw = malloc(raw_len)))
        return -1;
    for (y = 0; y < hpx; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
        for (x = 0; x < wpx; x++) {
            uint32_t p = row[x];
            if (comps == 1)
                raw[n++] = (unsigned char)(p & 0xff);
            else {
                raw[n++] = (unsigned char)((p >> 16) & 0xff);
                raw[n++] = (unsigned char)((p >> 8) & 0xff);
                raw[n++] = (unsigned char)(p & 0xff);
            }
        }
    }
    bound = compressBound((uLong)raw_len);
    if (!(*z = malloc(bound)) || compress2(*z, &bound, raw, (uLong)raw_len, 6) != Z_OK) {
        free(raw);
        free(*z);
        *z = NULL;
        return -1;
    }
    free(raw);
    *zlen = bound;
    return 0;
}

/* ---- the invisible text layer: the received page's words (poppler's text layer) drawn in
 * rendering mode 3 over the image, in a Type3 font whose glyphs are empty and whose
 * ToUnicode map gives the characters back, so that an imaged page still gives its text
 * (pdftotext, search, copy). Type3 fonts are embedded by nature (PDF/A, facturx-check).
 * One font a document, codes 1-255 given to characters in order of first use; characters
 * past 255 distinct ones are left out. ---- */
typedef struct text_font {
    uint32_t uni[256];        /* code -> Unicode code point (0: free) */
    int n;                    /* codes used: 1..n */
} text_font;

static int code_of(text_font *tf, uint32_t u)
{
    int c;
    for (c = 1; c <= tf->n; c++)
        if (tf->uni[c] == u)
            return c;
    if (tf->n == 255)
        return 0;
    tf->uni[++tf->n] = u;
    return tf->n;
}

/* Append printf-formatted text to a growing buffer (b, *n, *cap); -1 when out of memory. */
static int bprintf(char **b, size_t *n, size_t *cap, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int bprintf(char **b, size_t *n, size_t *cap, const char *fmt, ...)
{
    va_list ap;
    int k;
    if (*cap - *n < 256) {
        char *p = realloc(*b, *cap = *cap * 2 + 4096);
        if (!p)
            return -1;
        *b = p;
    }
    va_start(ap, fmt);
    k = vsnprintf(*b + *n, *cap - *n, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= *cap - *n)
        return -1;
    *n += (size_t)k;
    return 0;
}

/* One word (codes[0..nc), its box x0,y0,x1,y1 from the top of a page h points high). */
static int put_word(char **b, size_t *n, size_t *cap, const unsigned char *codes, int nc, double x0, double y0,
                    double x1, double y1, double h)
{
    double size = y1 - y0, tz;
    int i;
    if (nc <= 0 || size <= 0.5 || x1 <= x0)
        return 0;
    tz = 100.0 * (x1 - x0) / (nc * 0.5 * size);   /* the glyphs are 0.5 em wide */
    tz = tz < 1 ? 1 : tz > 1000 ? 1000 : tz;
    if (bprintf(b, n, cap, "/T1 %.2f Tf %.1f Tz 1 0 0 1 %.2f %.2f Tm <", size, tz, x0, h - y1 + 0.2 * size) != 0)
        return -1;
    for (i = 0; i < nc; i++)
        if (bprintf(b, n, cap, "%02X", codes[i]) != 0)
            return -1;
    return bprintf(b, n, cap, "> Tj\n");
}

/* The page's words as invisible text (a content stream, malloc'd into *out), or NULL when
 * the page has no text layer. */
static char *text_layer(PopplerPage *p, double h, text_font *tf, size_t *out_len)
{
    char *text = poppler_page_get_text(p), *b = NULL;
    PopplerRectangle *r = NULL;
    guint nr = 0, i = 0;
    size_t n = 0, cap = 0;
    const char *s;
    unsigned char codes[256];
    int nc = 0, fail = 0;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    if (!text || !*text || !poppler_page_get_text_layout(p, &r, &nr) || !nr) {
        g_free(text);
        g_free(r);
        return NULL;
    }
    fail = bprintf(&b, &n, &cap, "BT 3 Tr\n");
    /* rectangle i belongs to the i-th character of the text */
    for (s = text; *s && i < nr && !fail; s = g_utf8_next_char(s), i++) {
        gunichar u = g_utf8_get_char(s);
        if (g_unichar_isspace(u) || nc == (int)sizeof codes) {
            fail = put_word(&b, &n, &cap, codes, nc, x0, y0, x1, y1, h) != 0;
            nc = 0;
            if (g_unichar_isspace(u))
                continue;
        }
        {
            int c = code_of(tf, (uint32_t)u);
            double cx0 = fmin(r[i].x1, r[i].x2), cx1 = fmax(r[i].x1, r[i].x2);
            double cy0 = fmin(r[i].y1, r[i].y2), cy1 = fmax(r[i].y1, r[i].y2);
            if (!c)
                continue;
            /* poppler's text runs columns together without a space: a gap or another
             * baseline ends the word too */
            if (nc && (cx0 - x1 > 0.5 * (y1 - y0) || cx1 < x0 || cy0 >= y1 || cy1 <= y0)) {
                fail = put_word(&b, &n, &cap, codes, nc, x0, y0, x1, y1, h) != 0;
                nc = 0;
            }
            if (!nc)
                x0 = cx0, y0 = cy0, x1 = cx1, y1 = cy1;
            x0 = fmin(x0, cx0), x1 = fmax(x1, cx1), y0 = fmin(y0, cy0), y1 = fmax(y1, cy1);
            codes[nc++] = (unsigned char)c;
        }
    }
    if (!fail)
        fail = put_word(&b, &n, &cap, codes, nc, x0, y0, x1, y1, h) != 0 || bprintf(&b, &n, &cap, "ET\n") != 0;
    g_free(text);
    g_free(r);
    if (fail) {
        free(b);
        return NULL;
    }
    *out_len = n;
    return b;
}

/* The Type3 font of the text layer, filled in once every page gave its characters: empty
 * glyphs 0.5 em wide, codes 1..n, a ToUnicode CMap. */
static void finish_font(qpdf_data q, qpdf_oh font, const text_font *tf)
{
    char *cmap = NULL, buf[64];
    size_t n = 0, cap = 0;
    int c, fail;
    qpdf_oh glyph = qpdf_oh_new_stream(q), procs = qpdf_oh_new_dictionary(q), enc, diff, widths, tu;
    qpdf_oh_replace_stream_data(q, glyph, (const unsigned char *)"500 0 d0\n", 9, qpdf_oh_new_null(q), qpdf_oh_new_null(q));
    qpdf_oh_replace_key(q, procs, "/g", glyph);
    diff = qpdf_oh_new_array(q);
    widths = qpdf_oh_new_array(q);
    qpdf_oh_append_item(q, diff, qpdf_oh_new_integer(q, 1));
    for (c = 1; c <= (tf->n ? tf->n : 1); c++) {
        qpdf_oh_append_item(q, diff, qpdf_oh_new_name(q, "/g"));
        qpdf_oh_append_item(q, widths, qpdf_oh_new_integer(q, 500));
    }
    enc = qpdf_oh_new_dictionary(q);
    qpdf_oh_replace_key(q, enc, "/Type", qpdf_oh_new_name(q, "/Encoding"));
    qpdf_oh_replace_key(q, enc, "/Differences", diff);
    fail = bprintf(&cmap, &n, &cap, "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                                    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
                                    "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                                    "1 begincodespacerange\n<00> <FF>\nendcodespacerange\n");
    for (c = 1; c <= tf->n && !fail; c++) {
        uint32_t u = tf->uni[c];
        if ((c - 1) % 100 == 0)
            fail = bprintf(&cmap, &n, &cap, "%d beginbfchar\n", tf->n - c + 1 < 100 ? tf->n - c + 1 : 100);
        if (u >= 0x10000)   /* UTF-16 surrogate pair */
            snprintf(buf, sizeof buf, "<%02X> <%04X%04X>\n", c, 0xD800 + ((u - 0x10000) >> 10), 0xDC00 + ((u - 0x10000) & 0x3FF));
        else
            snprintf(buf, sizeof buf, "<%02X> <%04X>\n", c, u);
        fail = fail || bprintf(&cmap, &n, &cap, "%s", buf) != 0;
        if (!fail && (c % 100 == 0 || c == tf->n))
            fail = bprintf(&cmap, &n, &cap, "endbfchar\n");
    }
    fail = fail || bprintf(&cmap, &n, &cap, "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    qpdf_oh_replace_key(q, font, "/Type", qpdf_oh_new_name(q, "/Font"));
    qpdf_oh_replace_key(q, font, "/Subtype", qpdf_oh_new_name(q, "/Type3"));
    qpdf_oh_replace_key(q, font, "/FontBBox", qpdf_oh_parse(q, "[0 0 0 0]"));
    qpdf_oh_replace_key(q, font, "/FontMatrix", qpdf_oh_parse(q, "[0.001 0 0 0.001 0 0]"));
    qpdf_oh_replace_key(q, font, "/CharProcs", procs);
    qpdf_oh_replace_key(q, font, "/Encoding", enc);
    qpdf_oh_replace_key(q, font, "/FirstChar", qpdf_oh_new_integer(q, 1));
    qpdf_oh_replace_key(q, font, "/LastChar", qpdf_oh_new_integer(q, tf->n ? tf->n : 1));
    qpdf_oh_replace_key(q, font, "/Widths", widths);
    qpdf_oh_replace_key(q, font, "/Resources", qpdf_oh_new_dictionary(q));
    if (!fail) {
        tu = qpdf_oh_new_stream(q);
        fx_stream_data(q, tu, (const unsigned char *)cmap, n);
        qpdf_oh_replace_key(q, font, "/ToUnicode", tu);
    }
    free(cmap);
}

/* One page of size w x h points showing the deflated image, with the text layer (or NULL)
 * over it in font (the document's text-layer font). */
static void add_page(qpdf_data q, double w, double h, int wpx, int hpx, int gray, const unsigned char *z, size_t zlen,
                     const char *text, size_t text_len, qpdf_oh font)
{
    qpdf_oh img = qpdf_oh_new_stream(q), d, page, res, xo, content;
    char buf[160];
    qpdf_oh_replace_stream_data(q, img, z, zlen, qpdf_oh_new_name(q, "/FlateDecode"), qpdf_oh_new_null(q));
    d = qpdf_oh_get_dict(q, img);
    qpdf_oh_replace_key(q, d, "/Type", qpdf_oh_new_name(q, "/XObject"));
    qpdf_oh_replace_key(q, d, "/Subtype", qpdf_oh_new_name(q, "/Image"));
    qpdf_oh_replace_key(q, d, "/Width", qpdf_oh_new_integer(q, wpx));
    qpdf_oh_replace_key(q, d, "/Height", qpdf_oh_new_integer(q, hpx));
    qpdf_oh_replace_key(q, d, "/ColorSpace", qpdf_oh_new_name(q, gray ? "/DeviceGray" : "/DeviceRGB"));
    qpdf_oh_replace_key(q, d, "/BitsPerComponent", qpdf_oh_new_integer(q, 8));
    content = qpdf_oh_new_stream(q);
    snprintf(buf, sizeof buf, "q %.4f 0 0 %.4f 0 0 cm /Im0 Do Q\n", w, h);
    {
        /* the image, then the invisible words over it */
        size_t blen = strlen(buf);
        unsigned char *all = malloc(blen + text_len + 1);
        if (all) {
            memcpy(all, buf, blen);
            if (text)
                memcpy(all + blen, text, text_len);
            fx_stream_data(q, content, all, blen + (text ? text_len : 0));
            free(all);
        } else
            qpdf_oh_replace_stream_data(q, content, (const unsigned char *)buf, blen, qpdf_oh_new_null(q),
                                        qpdf_oh_new_null(q));
    }
    xo = qpdf_oh_new_dictionary(q);
    qpdf_oh_replace_key(q, xo, "/Im0", img);
    res = qpdf_oh_new_dictionary(q);
    qpdf_oh_replace_key(q, res, "/XObject", xo);
    if (text) {
        qpdf_oh fonts = qpdf_oh_new_dictionary(q);
        qpdf_oh_replace_key(q, fonts, "/T1", font);
        qpdf_oh_replace_key(q, res, "/Font", fonts);
    }
    page = qpdf_oh_new_dictionary(q);
    qpdf_oh_replace_key(q, page, "/Type", qpdf_oh_new_name(q, "/Page"));
    snprintf(buf, sizeof buf, "[0 0 %.4f %.4f]", w, h);
    qpdf_oh_replace_key(q, page, "/MediaBox", qpdf_oh_parse(q, buf));
    qpdf_oh_replace_key(q, page, "/Resources", res);
    qpdf_oh_replace_key(q, page, "/Contents", content);
    qpdf_add_page(q, q, qpdf_make_indirect_object(q, page), QPDF_FALSE);
}

int fx_hybrid_images(qpdf_data q, const unsigned char *src, size_t len, int *pages, einv_error_t *err)
{
    GBytes *bytes = g_bytes_new_static(src, len);
    GError *gerr = NULL;
    PopplerDocument *doc = poppler_document_new_from_bytes(bytes, NULL, &gerr);
    int i, n, rc = EINV_OK;
    text_font tf;
    qpdf_oh font = qpdf_make_indirect_object(q, qpdf_oh_new_dictionary(q));
    memset(&tf, 0, sizeof tf);
    *pages = 0;
    if (!doc) {
        rc = einv_error_set(err, EINV_ERR, "the received PDF can be neither kept nor rendered",
                            gerr && gerr->message ? gerr->message : "poppler cannot open it",
                            "Send the invoice as an unencrypted, undamaged PDF");
        if (gerr)
            g_error_free(gerr);
        g_bytes_unref(bytes);
        return rc;
    }
    n = poppler_document_get_n_pages(doc);
    if (n < 1 || n > FX_IMAGE_MAX_PAGES)
        rc = einv_error_set(err, EINV_ERR, "the received PDF cannot be rendered", n < 1 ? "it has no pages" : "too many pages",
                            "Send the invoice as a PDF of at most 100 pages");
    for (i = 0; i < n && rc == EINV_OK; i++) {
        PopplerPage *p = poppler_document_get_page(doc, i);
        double w = 0, h = 0, scale = FX_IMAGE_DPI / 72.0;
        int wpx, hpx, gray;
        cairo_surface_t *s;
        cairo_t *cr;
        unsigned char *z = NULL;
        char *text = NULL;
        size_t zlen = 0, text_len = 0;
        if (p)
            poppler_page_get_size(p, &w, &h);
        if (!p || !(w >= 1 && h >= 1 && w <= FX_IMAGE_MAX_PT && h <= FX_IMAGE_MAX_PT)) {
            rc = einv_error_set(err, EINV_ERR, "the received PDF cannot be rendered", "a page has no usable size",
                                "Send the invoice as an undamaged PDF");
            if (p)
                g_object_unref(p);
            break;
        }
        if (w * scale * h * scale > FX_IMAGE_MAX_PIXELS)
            scale = sqrt(FX_IMAGE_MAX_PIXELS / (w * h));
        wpx = (int)ceil(w * scale), hpx = (int)ceil(h * scale);
        s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, wpx, hpx);
        cr = cairo_create(s);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        cairo_scale(cr, (double)wpx / w, (double)hpx / h);
        poppler_page_render_for_printing(p, cr);
        cairo_destroy(cr);
        cairo_surface_flush(s);
        if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS || pack(s, wpx, hpx, &gray, &z, &zlen) != 0)
            rc = einv_error_set(err, EINV_ERR_NOMEM, "out of memory while rendering the received pages", "", "");
        else {
            text = text_layer(p, h, &tf, &text_len);
            add_page(q, w, h, wpx, hpx, gray, z, zlen, text, text_len, font);
        }
        free(text);
        free(z);
        cairo_surface_destroy(s);
        g_object_unref(p);
        (*pages)++;
    }
    g_object_unref(doc);
    g_bytes_unref(bytes);
    finish_font(q, font, &tf);
    if (rc == EINV_OK && qpdf_has_error(q))
        rc = einv_error_set(err, EINV_ERR, "the image pages could not be assembled",
                            qpdf_get_error_full_text(q, qpdf_get_error(q)), "");
    return rc;
}

#else

int fx_hybrid_images(qpdf_data q, const unsigned char *src, size_t len, int *pages, einv_error_t *err)
{
    (void)q, (void)src, (void)len;
    *pages = 0;
    return einv_error_set(err, EINV_ERR, "the received PDF cannot be kept as it is and this build cannot render it",
                          "the facturx plugin was built without poppler-glib and cairo",
                          "Install libpoppler-glib-dev and libcairo2-dev and rebuild (scripts/deps.sh)");
}

#endif
