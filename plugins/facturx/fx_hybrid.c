/* The hybrid of an extracted invoice (fx_hybrid.h): keep the received pages when PDF/A-3
 * allows them as they are, else place them as images.
 *
 * The received PDF is opened with qpdf and walked without decoding any stream (a
 * compression bomb stays packed; the container copies streams as they are). What makes it
 * unfit to keep, in the order checked (the first reason found is the one reported):
 *   - it cannot be read, or is encrypted (PDF/A forbids encryption);
 *   - a font used by a page, a form XObject, a Type3 font or an annotation is not embedded;
 *   - transparency: a page or form group /S /Transparency, a soft mask (ExtGState /SMask,
 *     image /SMask or /SMaskInData), constant alpha under 1, a blend mode other than
 *     Normal / Compatible (issue 13 asks for images there);
 *   - device CMYK colour in a colour space, image, shading or pattern (the output intent
 *     is sRGB: PDF/A allows DeviceRGB and DeviceGray with it, not DeviceCMYK);
 *   - transfer functions, PostScript XObjects, OPI, image alternates, LZW streams, streams
 *     in external files;
 *   - annotations other than links (URI / GoTo) and pop-ups, interactive forms, optional
 *     content (layers).
 * What PDF/A forbids but does not change how the pages look is removed instead: document
 * and page actions (/OpenAction of JavaScript or Launch, /AA, /Names /JavaScript), /Perms,
 * /Requirements, /Collection, image /Interpolate, other attachments (the catalog's
 * /EmbeddedFiles and /AF are replaced by factur-x.xml), filtered /Metadata streams (qpdf's
 * writer would decode them: fx_hybrid_metadata.c); link annotations get the Print flag.
 * Content streams are not parsed: a colour operator (k/K) that sets DeviceCMYK without a
 * resource is not seen (docs/extraction.md). */
#include "fx_hybrid.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SEEN 4096   /* resource objects walked per document; more: imaged */
#define MAX_KEYS 512    /* entries of one resource dictionary; more: imaged */

typedef struct walk {
    qpdf_data q;
    char why[256];
    int seen[MAX_SEEN];
    size_t n_seen;
} walk_t;

static int unfit(walk_t *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int unfit(walk_t *w, const char *fmt, ...)
{
    va_list ap;
    if (!w->why[0]) {
        va_start(ap, fmt);
        vsnprintf(w->why, sizeof w->why, fmt, ap);
        va_end(ap);
    }
    return 1;
}

/* 1 when the indirect object o was walked already (a shared font, form or resource
 * dictionary is checked once); direct objects are never "seen". */
static int seen(walk_t *w, qpdf_oh o)
{
    int id = qpdf_oh_get_object_id(w->q, o);
    size_t i;
    if (id <= 0)
        return 0;
    for (i = 0; i < w->n_seen; i++)
        if (w->seen[i] == id)
            return 1;
    if (w->n_seen == MAX_SEEN)
        return unfit(w, "it has more than %d resource objects to check", MAX_SEEN), 1;
    w->seen[w->n_seen++] = id;
    return 0;
}

/* The values of a dictionary (qpdf's key iterator is one per document: collected first,
 * so that the walk may recurse). */
static size_t values(walk_t *w, qpdf_oh d, qpdf_oh *out)
{
    size_t n = 0;
    if (!qpdf_oh_is_dictionary(w->q, d))
        return 0;
    qpdf_oh_begin_dict_key_iter(w->q, d);
    while (qpdf_oh_dict_more_keys(w->q)) {
        const char *k = qpdf_oh_dict_next_key(w->q);
        if (n == MAX_KEYS) {
            unfit(w, "a resource dictionary has more than %d entries", MAX_KEYS);
            break;
        }
        out[n++] = qpdf_oh_get_key(w->q, d, k);
    }
    return n;
}

static int is_name(walk_t *w, qpdf_oh o, const char *name) { return qpdf_oh_is_name_and_equals(w->q, o, name); }

/* 1 when the colour space (a name or an array, e.g. [/Indexed /DeviceCMYK ...] or a
 * Separation whose alternate is DeviceCMYK) uses device CMYK. Streams (ICC profiles) are
 * device-independent. */
static int uses_cmyk(walk_t *w, qpdf_oh cs, int depth)
{
    int i, n;
    if (is_name(w, cs, "/DeviceCMYK") || is_name(w, cs, "/CMYK"))
        return 1;
    if (depth > 4 || !qpdf_oh_is_array(w->q, cs))
        return 0;
    n = qpdf_oh_get_array_n_items(w->q, cs);
    for (i = 0; i < n && i < 16; i++)
        if (uses_cmyk(w, qpdf_oh_get_array_item(w->q, cs, i), depth + 1))
            return 1;
    return 0;
}

/* Filters forbidden in PDF/A (LZW) and external stream data (/F). */
static int check_stream(walk_t *w, qpdf_oh s, const char *what)
{
    qpdf_oh d = qpdf_oh_get_dict(w->q, s), f = qpdf_oh_get_key(w->q, d, "/Filter");
    int i, n = qpdf_oh_is_array(w->q, f) ? qpdf_oh_get_array_n_items(w->q, f) : 0;
    if (qpdf_oh_has_key(w->q, d, "/F"))
        return unfit(w, "%s keeps its data in an external file", what);
    if (is_name(w, f, "/LZWDecode"))
        return unfit(w, "%s is LZW-compressed", what);
    for (i = 0; i < n; i++)
        if (is_name(w, qpdf_oh_get_array_item(w->q, f, i), "/LZWDecode"))
            return unfit(w, "%s is LZW-compressed", what);
    return 0;
}

static int check_resources(walk_t *w, qpdf_oh res, int depth);

static int check_font(walk_t *w, qpdf_oh font, int depth)
{
    qpdf_oh fd, sub = qpdf_oh_get_key(w->q, font, "/Subtype");
    const char *base;
    if (seen(w, font))
        return w->why[0] != 0;
    if (is_name(w, sub, "/Type3"))
        return check_resources(w, qpdf_oh_get_key(w->q, font, "/Resources"), depth + 1);
    if (is_name(w, sub, "/Type0")) {
        qpdf_oh desc = qpdf_oh_get_key(w->q, font, "/DescendantFonts");
        if (!qpdf_oh_is_array(w->q, desc) || qpdf_oh_get_array_n_items(w->q, desc) < 1)
            return unfit(w, "a composite font has no descendant font");
        return check_font(w, qpdf_oh_get_array_item(w->q, desc, 0), depth);
    }
    fd = qpdf_oh_get_key(w->q, font, "/FontDescriptor");
    if (qpdf_oh_has_key(w->q, fd, "/FontFile") || qpdf_oh_has_key(w->q, fd, "/FontFile2") ||
        qpdf_oh_has_key(w->q, fd, "/FontFile3"))
        return 0;
    base = qpdf_oh_is_name(w->q, qpdf_oh_get_key(w->q, font, "/BaseFont"))
               ? qpdf_oh_get_name(w->q, qpdf_oh_get_key(w->q, font, "/BaseFont")) : "?";
    return unfit(w, "the font %s is not embedded", base[0] == '/' ? base + 1 : base);
}

static int check_gstate(walk_t *w, qpdf_oh gs)
{
    qpdf_oh v;
    if (qpdf_oh_has_key(w->q, gs, "/SMask") && !is_name(w, qpdf_oh_get_key(w->q, gs, "/SMask"), "/None"))
        return unfit(w, "it uses transparency (a soft mask)");
    v = qpdf_oh_get_key(w->q, gs, "/CA");
    if (qpdf_oh_is_number(w->q, v) && qpdf_oh_get_numeric_value(w->q, v) < 1.0)
        return unfit(w, "it uses transparency (stroke alpha under 1)");
    v = qpdf_oh_get_key(w->q, gs, "/ca");
    if (qpdf_oh_is_number(w->q, v) && qpdf_oh_get_numeric_value(w->q, v) < 1.0)
        return unfit(w, "it uses transparency (fill alpha under 1)");
    v = qpdf_oh_get_key(w->q, gs, "/BM");
    if (qpdf_oh_has_key(w->q, gs, "/BM") && !is_name(w, v, "/Normal") && !is_name(w, v, "/Compatible"))
        return unfit(w, "it uses transparency (a blend mode)");
    if (qpdf_oh_has_key(w->q, gs, "/TR"))
        return unfit(w, "it uses a transfer function");
    if (qpdf_oh_has_key(w->q, gs, "/TR2") && !is_name(w, qpdf_oh_get_key(w->q, gs, "/TR2"), "/Default"))
        return unfit(w, "it uses a transfer function");
    return 0;
}

static int check_xobject(walk_t *w, qpdf_oh xo, int depth)
{
    qpdf_oh d, sub, v;
    if (!qpdf_oh_is_stream(w->q, xo) || seen(w, xo))
        return w->why[0] != 0;
    d = qpdf_oh_get_dict(w->q, xo);
    sub = qpdf_oh_get_key(w->q, d, "/Subtype");
    if (check_stream(w, xo, "an XObject"))
        return 1;
    if (qpdf_oh_has_key(w->q, d, "/OPI"))
        return unfit(w, "it has OPI comments");
    if (is_name(w, sub, "/PS") || qpdf_oh_has_key(w->q, d, "/PS") || is_name(w, qpdf_oh_get_key(w->q, d, "/Subtype2"), "/PS"))
        return unfit(w, "it has PostScript XObjects");
    if (is_name(w, sub, "/Image")) {
        v = qpdf_oh_get_key(w->q, d, "/SMaskInData");
        if (qpdf_oh_has_key(w->q, d, "/SMask") || (qpdf_oh_is_number(w->q, v) && qpdf_oh_get_numeric_value(w->q, v) > 0))
            return unfit(w, "it uses transparency (an image with a soft mask)");
        if (qpdf_oh_has_key(w->q, d, "/Alternates"))
            return unfit(w, "an image has alternates");
        if (uses_cmyk(w, qpdf_oh_get_key(w->q, d, "/ColorSpace"), 0))
            return unfit(w, "an image is in device CMYK (the output intent is sRGB)");
        qpdf_oh_remove_key(w->q, d, "/Interpolate");   /* PDF/A: not true; looks the same */
        return 0;
    }
    if (is_name(w, sub, "/Form")) {
        if (is_name(w, qpdf_oh_get_key(w->q, qpdf_oh_get_key(w->q, d, "/Group"), "/S"), "/Transparency"))
            return unfit(w, "it uses transparency (a transparency group)");
        return check_resources(w, qpdf_oh_get_key(w->q, d, "/Resources"), depth + 1);
    }
    return 0;
}

/* Everything a resource dictionary names: fonts, graphics states, XObjects (forms walked
 * recursively), colour spaces, patterns and shadings. 1 when unfit. */
static int check_resources(walk_t *w, qpdf_oh res, int depth)
{
    static const char *const KINDS[] = {"/Font", "/ExtGState", "/XObject", "/ColorSpace", "/Pattern", "/Shading"};
    qpdf_oh vals[MAX_KEYS];
    size_t k, i, n;
    if (depth > 12)
        return unfit(w, "its forms nest more than 12 deep");
    if (!qpdf_oh_is_dictionary(w->q, res) || seen(w, res))
        return w->why[0] != 0;
    for (k = 0; k < sizeof KINDS / sizeof *KINDS; k++) {
        n = values(w, qpdf_oh_get_key(w->q, res, KINDS[k]), vals);
        for (i = 0; i < n && !w->why[0]; i++) {
            qpdf_oh v = vals[i], d = qpdf_oh_is_stream(w->q, v) ? qpdf_oh_get_dict(w->q, v) : v;
            switch (k) {
            case 0: check_font(w, v, depth); break;
            case 1: check_gstate(w, v); break;
            case 2: check_xobject(w, v, depth); break;
            case 3:
                if (uses_cmyk(w, v, 0))
                    unfit(w, "it uses device CMYK colour (the output intent is sRGB)");
                break;
            case 4:   /* tiling patterns have resources; shading patterns a shading */
                if (qpdf_oh_is_stream(w->q, v) && !seen(w, v))
                    check_resources(w, qpdf_oh_get_key(w->q, d, "/Resources"), depth + 1);
                else if (uses_cmyk(w, qpdf_oh_get_key(w->q, qpdf_oh_get_key(w->q, d, "/Shading"), "/ColorSpace"), 0))
                    unfit(w, "a shading is in device CMYK (the output intent is sRGB)");
                break;
            default:
                if (uses_cmyk(w, qpdf_oh_get_key(w->q, d, "/ColorSpace"), 0))
                    unfit(w, "a shading is in device CMYK (the output intent is sRGB)");
            }
        }
    }
    return w->why[0] != 0;
}

/* Links (URI or GoTo) and pop-ups are kept (links get the Print flag PDF/A asks for); any
 * other annotation (form fields, notes, stamps, attachments) makes the page imaged, where
 * poppler draws its appearance as printed. */
static int check_annots(walk_t *w, qpdf_oh page)
{
    qpdf_oh annots = qpdf_oh_get_key(w->q, page, "/Annots");
    int i, n = qpdf_oh_is_array(w->q, annots) ? qpdf_oh_get_array_n_items(w->q, annots) : 0;
    for (i = 0; i < n; i++) {
        qpdf_oh a = qpdf_oh_get_array_item(w->q, annots, i), sub = qpdf_oh_get_key(w->q, a, "/Subtype"), act;
        if (is_name(w, sub, "/Popup"))
            continue;
        if (!is_name(w, sub, "/Link"))
            return unfit(w, "it has annotations (%s)",
                         qpdf_oh_is_name(w->q, sub) ? qpdf_oh_get_name(w->q, sub) + 1 : "unnamed");
        act = qpdf_oh_get_key(w->q, a, "/A");
        if (qpdf_oh_is_dictionary(w->q, act) && !is_name(w, qpdf_oh_get_key(w->q, act, "/S"), "/URI") &&
            !is_name(w, qpdf_oh_get_key(w->q, act, "/S"), "/GoTo"))
            return unfit(w, "a link runs an action PDF/A forbids");
        qpdf_oh_replace_key(w->q, a, "/F", qpdf_oh_new_integer(w->q, 4));
    }
    return 0;
}

static int check_page(walk_t *w, qpdf_oh page, int no)
{
    qpdf_oh c = qpdf_oh_get_key(w->q, page, "/Contents");
    int i, n;
    if (is_name(w, qpdf_oh_get_key(w->q, qpdf_oh_get_key(w->q, page, "/Group"), "/S"), "/Transparency"))
        return unfit(w, "page %d uses transparency (a page transparency group)", no);
    if (qpdf_oh_is_stream(w->q, c) && check_stream(w, c, "a content stream"))
        return 1;
    n = qpdf_oh_is_array(w->q, c) ? qpdf_oh_get_array_n_items(w->q, c) : 0;
    for (i = 0; i < n; i++)
        if (check_stream(w, qpdf_oh_get_array_item(w->q, c, i), "a content stream"))
            return 1;
    qpdf_oh_remove_key(w->q, page, "/AA");
    return check_resources(w, qpdf_oh_get_key(w->q, page, "/Resources"), 0) || check_annots(w, page);
}

/* The catalog: forms and layers make the pages imaged; actions and entries PDF/A forbids
 * that do not change the look are removed. */
static int check_catalog(walk_t *w)
{
    qpdf_oh root = qpdf_get_root(w->q), form = qpdf_oh_get_key(w->q, root, "/AcroForm");
    qpdf_oh fields = qpdf_oh_get_key(w->q, form, "/Fields"), oa = qpdf_oh_get_key(w->q, root, "/OpenAction");
    if (qpdf_oh_has_key(w->q, form, "/XFA") ||
        (qpdf_oh_is_array(w->q, fields) && qpdf_oh_get_array_n_items(w->q, fields) > 0))
        return unfit(w, "it has an interactive form");
    if (qpdf_oh_has_key(w->q, root, "/OCProperties"))
        return unfit(w, "it has optional content (layers)");
    qpdf_oh_remove_key(w->q, root, "/AcroForm");
    qpdf_oh_remove_key(w->q, qpdf_oh_get_key(w->q, root, "/Names"), "/JavaScript");
    if (qpdf_oh_is_dictionary(w->q, oa) && !is_name(w, qpdf_oh_get_key(w->q, oa, "/S"), "/GoTo"))
        qpdf_oh_remove_key(w->q, root, "/OpenAction");
    qpdf_oh_remove_key(w->q, root, "/AA");
    qpdf_oh_remove_key(w->q, root, "/Perms");
    qpdf_oh_remove_key(w->q, root, "/Requirements");
    qpdf_oh_remove_key(w->q, root, "/Collection");
    return 0;
}

/* 1 when the document q holds cannot stay as it is (w->why says why). */
static int unfit_document(walk_t *w)
{
    int i, n;
    if (qpdf_is_encrypted(w->q))
        return unfit(w, "it is encrypted");
    if (qpdf_push_inherited_attributes_to_page(w->q) & QPDF_ERRORS || (n = qpdf_get_num_pages(w->q)) < 1)
        return unfit(w, "its page tree cannot be read");
    if (check_catalog(w))
        return 1;
    for (i = 0; i < n; i++)
        if (check_page(w, qpdf_get_page_n(w->q, (size_t)i), i + 1))
            return 1;
    if (fx_drop_filtered_metadata(w->q, w->why, sizeof w->why) != 0)
        return 1;
    if (qpdf_has_error(w->q))
        return unfit(w, "qpdf found damage while reading it");
    return 0;
}

int fx_hybrid(const unsigned char *src, size_t len, const einv_buf_t *xml, const fx_meta *m,
              const char *icc_path, einv_buf_t *out, fx_hybrid_info *info, einv_error_t *err)
{
    walk_t *wp = calloc(1, sizeof *wp);   /* 16 KiB of object ids: not on the stack */
    qpdf_data q = qpdf_init();
    int rc;
    memset(info, 0, sizeof *info);
    if (!wp) {
        qpdf_cleanup(&q);
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
    }
    wp->q = q;
    qpdf_silence_errors(q);   /* handled here: a damaged source is imaged or refused */
    qpdf_set_suppress_warnings(q, QPDF_TRUE);
    if (qpdf_read_memory(q, "received PDF", (const char *)src, len, NULL) & QPDF_ERRORS)
        unfit(wp, "qpdf cannot read it");
    else if (!unfit_document(wp)) {
        info->pages = qpdf_get_num_pages(q);
        rc = fx_pdfa_doc(q, xml, m, icc_path, 0, out, err);
        if (rc == EINV_OK || rc == EINV_ERR_NOMEM || rc == EINV_ERR_IO) {
            qpdf_cleanup(&q);
            free(wp);
            return rc;
        }
        unfit(wp, "qpdf could not write it as it is (%s)", err->detail);
        memset(err, 0, sizeof *err);
    }
    qpdf_cleanup(&q);
    info->imaged = 1;
    snprintf(info->why, sizeof info->why, "%s", wp->why);
    free(wp);
    q = qpdf_init();
    qpdf_silence_errors(q);
    qpdf_set_suppress_warnings(q, QPDF_TRUE);
    if (qpdf_empty_pdf(q) & QPDF_ERRORS)
        rc = einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
    else if ((rc = fx_hybrid_images(q, src, len, &info->pages, err)) == EINV_OK)
        rc = fx_pdfa_doc(q, xml, m, icc_path, 0, out, err);
    qpdf_cleanup(&q);
    return rc;
}
