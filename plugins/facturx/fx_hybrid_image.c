/* The received pages as images (fx_hybrid.h): each page rendered with poppler/cairo as it
 * prints, at 150 dpi (less for pages so large that 150 dpi would pass 12 megapixels),
 * stored Flate-compressed as DeviceGray when the page has no colour, else DeviceRGB, on a
 * page of the received page's size (as displayed: rotation applied). Built without
 * poppler-glib/cairo, imaging is refused with a clear error. */
#include "fx_hybrid.h"
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

/* One page of size w x h points showing the deflated image. */
static void add_page(qpdf_data q, double w, double h, int wpx, int hpx, int gray, const unsigned char *z, size_t zlen)
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
    qpdf_oh_replace_stream_data(q, content, (const unsigned char *)buf, strlen(buf), qpdf_oh_new_null(q),
                                qpdf_oh_new_null(q));
    xo = qpdf_oh_new_dictionary(q);
    qpdf_oh_replace_key(q, xo, "/Im0", img);
    res = qpdf_oh_new_dictionary(q);
    qpdf_oh_replace_key(q, res, "/XObject", xo);
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
        size_t zlen = 0;
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
        else
            add_page(q, w, h, wpx, hpx, gray, z, zlen);
        free(z);
        cairo_surface_destroy(s);
        g_object_unref(p);
        (*pages)++;
    }
    g_object_unref(doc);
    g_bytes_unref(bytes);
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
