/* The PDF/A-3b container of a Factur-X invoice, with qpdf's C API over the PDF libharu
 * rendered (libharu writes neither XMP, output intents nor associated files):
 *   - catalog /Metadata: the XMP packet (fx_xmp.c), unfiltered (qpdf never compresses a
 *     /Type /Metadata stream);
 *   - trailer /Info: Title, Author, Subject, Creator, Producer, CreationDate, ModDate, each
 *     mirrored in the XMP;
 *   - /OutputIntents: one GTS_PDFA1 intent with the sRGB ICC profile (N 3);
 *   - the CII as an embedded file stream /Subtype /text#2Fxml with /Params (ModDate,
 *     CreationDate, Size), its file specification /F = /UF = factur-x.xml with
 *     /AFRelationship /Alternative, listed in the catalog's /AF and in /Names /EmbeddedFiles;
 *   - written as PDF 1.7 with a binary marker, no object streams, and a trailer /ID
 *     computed from the content (deterministic for the same bytes). */
#include "fx_pdfa.h"
#include <qpdf/qpdf-c.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The whole ICC profile file (malloc'd) or NULL. */
static unsigned char *read_icc(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *p = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 128 && n < (1L << 24) && fseek(f, 0, SEEK_SET) == 0 &&
        (p = malloc((size_t)n)) && fread(p, 1, (size_t)n, f) == (size_t)n)
        *len = (size_t)n;
    else {
        free(p);
        p = NULL;
    }
    fclose(f);
    return p;
}

void fx_stream_data(qpdf_data q, qpdf_oh s, const unsigned char *data, size_t len)
{
    uLongf zlen = len >= 128 && len < (1UL << 30) ? compressBound((uLong)len) : 0;
    unsigned char *z = zlen ? malloc(zlen) : NULL;
    /* without memory for it, or when it does not get smaller, the data goes in as it is */
    if (z && compress2(z, &zlen, data, (uLong)len, Z_DEFAULT_COMPRESSION) == Z_OK && zlen < len)
        qpdf_oh_replace_stream_data(q, s, z, zlen, qpdf_oh_new_name(q, "/FlateDecode"), qpdf_oh_new_null(q));
    else
        qpdf_oh_replace_stream_data(q, s, data, len, qpdf_oh_new_null(q), qpdf_oh_new_null(q));
    free(z);
}

/* A new stream of data: deflated, except the XMP packet (raw = 1), which PDF/A readers
 * expect unfiltered. */
static qpdf_oh new_stream(qpdf_data q, const unsigned char *data, size_t len, int raw)
{
    qpdf_oh s = qpdf_oh_new_stream(q);
    if (raw)
        qpdf_oh_replace_stream_data(q, s, data, len, qpdf_oh_new_null(q), qpdf_oh_new_null(q));
    else
        fx_stream_data(q, s, data, len);
    return s;
}

static void set_name(qpdf_data q, qpdf_oh dict, const char *key, const char *name)
{
    qpdf_oh_replace_key(q, dict, key, qpdf_oh_new_name(q, name));
}

static void set_text(qpdf_data q, qpdf_oh dict, const char *key, const char *utf8)
{
    if (utf8)
        qpdf_oh_replace_key(q, dict, key, qpdf_oh_new_unicode_string(q, utf8));
}

static void metadata(qpdf_data q, qpdf_oh root, const einv_buf_t *xmp)
{
    qpdf_oh s = new_stream(q, xmp->data, xmp->len, 1), d = qpdf_oh_get_dict(q, s);
    set_name(q, d, "/Type", "/Metadata");
    set_name(q, d, "/Subtype", "/XML");
    qpdf_oh_replace_key(q, root, "/Metadata", s);
}

static void info(qpdf_data q, const fx_meta *m)
{
    qpdf_oh d = qpdf_make_indirect_object(q, qpdf_oh_new_dictionary(q));
    set_text(q, d, "/Title", m->title);
    set_text(q, d, "/Author", m->author);
    set_text(q, d, "/Subject", m->subject);
    set_text(q, d, "/Creator", "einvoice Factur-X exporter");
    set_text(q, d, "/Producer", "einvoice");
    qpdf_oh_replace_key(q, d, "/CreationDate", qpdf_oh_new_string(q, m->date_pdf));
    qpdf_oh_replace_key(q, d, "/ModDate", qpdf_oh_new_string(q, m->date_pdf));
    qpdf_oh_replace_key(q, qpdf_get_trailer(q), "/Info", d);
}

static void output_intent(qpdf_data q, qpdf_oh root, const unsigned char *icc, size_t icc_len)
{
    qpdf_oh prof = new_stream(q, icc, icc_len, 0), arr = qpdf_oh_new_array(q);
    qpdf_oh oi = qpdf_oh_parse(q, "<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier "
                                  "(sRGB IEC61966-2.1) /Info (sRGB IEC61966-2.1) /RegistryName "
                                  "(http://www.color.org) >>");
    qpdf_oh_replace_key(q, qpdf_oh_get_dict(q, prof), "/N", qpdf_oh_new_integer(q, 3));
    qpdf_oh_replace_key(q, oi, "/DestOutputProfile", prof);
    qpdf_oh_append_item(q, arr, qpdf_make_indirect_object(q, oi));
    qpdf_oh_replace_key(q, root, "/OutputIntents", arr);
}

static void attachment(qpdf_data q, qpdf_oh root, const einv_buf_t *xml, const fx_meta *m)
{
    qpdf_oh ef = new_stream(q, xml->data, xml->len, 0), efd = qpdf_oh_get_dict(q, ef);
    qpdf_oh params = qpdf_oh_new_dictionary(q), fs, fsi, refs, names, emb, arr, af;
    set_name(q, efd, "/Type", "/EmbeddedFile");
    set_name(q, efd, "/Subtype", "/text/xml");
    qpdf_oh_replace_key(q, params, "/ModDate", qpdf_oh_new_string(q, m->date_pdf));
    qpdf_oh_replace_key(q, params, "/CreationDate", qpdf_oh_new_string(q, m->date_pdf));
    qpdf_oh_replace_key(q, params, "/Size", qpdf_oh_new_integer(q, (long long)xml->len));
    qpdf_oh_replace_key(q, efd, "/Params", params);
    fs = qpdf_oh_parse(q, "<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) "
                          "/AFRelationship /Alternative /Desc (Factur-X / ZUGFeRD invoice data) >>");
    refs = qpdf_oh_new_dictionary(q);
    qpdf_oh_replace_key(q, refs, "/F", ef);
    qpdf_oh_replace_key(q, refs, "/UF", ef);
    qpdf_oh_replace_key(q, fs, "/EF", refs);
    fsi = qpdf_make_indirect_object(q, fs);
    names = qpdf_oh_get_key(q, root, "/Names");
    if (!qpdf_oh_is_dictionary(q, names)) {
        names = qpdf_oh_new_dictionary(q);
        qpdf_oh_replace_key(q, root, "/Names", names);
    }
    emb = qpdf_oh_new_dictionary(q);
    arr = qpdf_oh_new_array(q);
    qpdf_oh_append_item(q, arr, qpdf_oh_new_string(q, "factur-x.xml"));
    qpdf_oh_append_item(q, arr, fsi);
    qpdf_oh_replace_key(q, emb, "/Names", arr);
    qpdf_oh_replace_key(q, names, "/EmbeddedFiles", emb);
    af = qpdf_oh_new_array(q);
    qpdf_oh_append_item(q, af, fsi);
    qpdf_oh_replace_key(q, root, "/AF", af);
}

/* libharu's UTF-8 fonts use the Unicode code point (BMP) as the character code, but their
 * ToUnicode CMap holds a cidrange, which is not a ToUnicode operator: readers warn and some
 * fall back to guessing. This CMap says the same correctly: identity over the BMP (without
 * the surrogates), one bfrange per 256 codes. */
static void to_unicode_cmap(einv_buf_t *b)
{
    unsigned hi;
    char line[64];
    einv_buf_puts(b, "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                     "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
                     "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                     "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
    for (hi = 0; hi < 256; hi++) {
        if (hi % 100 == 0)
            einv_buf_puts(b, hi + 100 <= 256 ? "100 beginbfrange\n" : "56 beginbfrange\n");
        /* the surrogate blocks map to U+FFFD (they are never used as codes) */
        snprintf(line, sizeof line, hi >= 0xD8 && hi <= 0xDF ? "<%02X00> <%02XFF> <FFFD>\n" : "<%02X00> <%02XFF> <%02X00>\n",
                 hi, hi, hi);
        einv_buf_puts(b, line);
        if (hi % 100 == 99 || hi == 255)
            einv_buf_puts(b, "endbfrange\n");
    }
    einv_buf_puts(b, "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
}

/* Give every Type0 font of the pages the correct ToUnicode CMap: one stream, deflated once,
 * that all of them share (every page lists the same fonts). */
static void fix_to_unicode(qpdf_data q)
{
    einv_buf_t cmap = {0};
    int i, n = qpdf_get_num_pages(q);
    qpdf_oh shared = 0;
    to_unicode_cmap(&cmap);
    if (!cmap.oom)
        shared = new_stream(q, cmap.data, cmap.len, 0);
    for (i = 0; i < n && shared; i++) {
        qpdf_oh fonts = qpdf_oh_get_key(q, qpdf_oh_get_key(q, qpdf_get_page_n(q, (size_t)i), "/Resources"), "/Font");
        if (!qpdf_oh_is_dictionary(q, fonts))
            continue;
        qpdf_oh_begin_dict_key_iter(q, fonts);
        while (qpdf_oh_dict_more_keys(q)) {
            qpdf_oh f = qpdf_oh_get_key(q, fonts, qpdf_oh_dict_next_key(q));
            qpdf_oh tu = qpdf_oh_get_key(q, f, "/ToUnicode");
            if (qpdf_oh_is_name_and_equals(q, qpdf_oh_get_key(q, f, "/Subtype"), "/Type0") && qpdf_oh_is_stream(q, tu))
                qpdf_oh_replace_key(q, f, "/ToUnicode", shared);
        }
    }
    einv_buf_release(&cmap);
}

static int qpdf_failed(qpdf_data q, einv_error_t *err)
{
    qpdf_error e = qpdf_get_error(q);
    return einv_error_set(err, EINV_ERR, "the PDF/A-3 container could not be written",
                          e ? qpdf_get_error_full_text(q, e) : "qpdf error", "");
}

int fx_pdfa_doc(qpdf_data q, const einv_buf_t *xml, const fx_meta *m, const char *icc_path, int rendered,
                einv_buf_t *out, einv_error_t *err)
{
    einv_buf_t xmp = {0};
    size_t icc_len = 0;
    unsigned char *icc = read_icc(icc_path, &icc_len);
    qpdf_oh root = qpdf_get_root(q);
    int rc = EINV_OK;
    if (!icc)
        return einv_error_set(err, EINV_ERR_IO, "the sRGB ICC profile cannot be read", icc_path,
                              "Install icc-profiles-free (/usr/share/color/icc/sRGB.icc)");
    if (fx_xmp(m, &xmp) != EINV_OK) {
        free(icc);
        einv_buf_release(&xmp);
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory while writing the XMP", "", "");
    }
    metadata(q, root, &xmp);
    info(q, m);
    output_intent(q, root, icc, icc_len);
    attachment(q, root, xml, m);
    if (rendered)
        fix_to_unicode(q);
    if (qpdf_init_write_memory(q) & QPDF_ERRORS)
        rc = qpdf_failed(q, err);
    else {
        qpdf_set_object_stream_mode(q, qpdf_o_disable);
        /* every stream is written as it is: libharu's (its /Filter [/FlateDecode] arrays
         * would otherwise be inflated and deflated again, a quarter of a 10-line export),
         * a received PDF's (never decoded: a compression bomb stays packed; fx_hybrid.c
         * drops filtered /Metadata streams, which qpdf would decode regardless) and ours,
         * deflated where they are made (fx_stream_data) */
        qpdf_set_compress_streams(q, QPDF_FALSE);
        qpdf_set_decode_level(q, qpdf_dl_none);
        qpdf_set_deterministic_ID(q, QPDF_TRUE);
        qpdf_force_pdf_version(q, "1.7");
        if (qpdf_write(q) & QPDF_ERRORS)
            rc = qpdf_failed(q, err);
        else
            rc = einv_buf_append(out, qpdf_get_buffer(q), (size_t)qpdf_get_buffer_length(q));
    }
    free(icc);
    einv_buf_release(&xmp);
    return rc;
}

int fx_pdfa(const einv_buf_t *pdf, const einv_buf_t *xml, const fx_meta *m, const char *icc_path,
            einv_buf_t *out, einv_error_t *err)
{
    qpdf_data q = qpdf_init();
    int rc;
    qpdf_set_suppress_warnings(q, QPDF_TRUE);
    if (qpdf_read_memory(q, "rendered invoice", (const char *)pdf->data, pdf->len, NULL) & QPDF_ERRORS)
        rc = qpdf_failed(q, err);
    else
        rc = fx_pdfa_doc(q, xml, m, icc_path, 1, out, err);
    qpdf_cleanup(&q);
    return rc;
}
