/* The PDF/A-3 container of a Factur-X invoice, made with qpdf's C API (fx_pdfa.c), and its
 * XMP metadata (fx_xmp.c). */
#ifndef FX_PDFA_H
#define FX_PDFA_H

#include <einvoice/einvoice.h>
#include <qpdf/qpdf-c.h>

typedef struct fx_meta {
    const char *title;        /* "Invoice X" (Info /Title, dc:title) */
    const char *author;       /* the seller (Info /Author, dc:creator), or NULL */
    const char *subject;      /* Info /Subject, dc:description */
    const char *level;        /* fx:ConformanceLevel: "EN 16931", "XRECHNUNG", ... */
    char date_pdf[32];        /* D:YYYYMMDDHHmmSS+00'00' */
    char date_xmp[32];        /* YYYY-MM-DDTHH:mm:SS+00:00, the same instant */
} fx_meta;

/* The Factur-X conformance level of a guideline (BT-24). */
const char *fx_level(const char *guideline);
/* The guideline the embedded CII declares: the invoice's, except a ZUGFeRD 1.0 COMFORT id,
 * a profile Factur-X does not have (its XMP levels have no COMFORT): EN 16931 instead. */
const char *fx_guideline(const char *guideline);
/* Fill both date forms with the current time (UTC). */
void fx_meta_now(fx_meta *m);
/* The XMP packet: pdfaid part 3 / conformance B, the Info mirror, the Factur-X extension
 * properties and their pdfaExtension schema description. */
int fx_xmp(const fx_meta *m, einv_buf_t *out);

/* Set the data of stream s (one this plugin makes) to data, deflated with /Filter
 * /FlateDecode when that is smaller. The container is written without qpdf filtering any
 * stream (fx_pdfa_doc), so what is to be compressed is compressed here. */
void fx_stream_data(qpdf_data q, qpdf_oh s, const unsigned char *data, size_t len);

/* Make pdf (a PDF of libharu) a PDF/A-3b Factur-X hybrid into out: XMP, Info, sRGB
 * OutputIntent (ICC profile from icc_path), xml attached as factur-x.xml (/AFRelationship
 * /Alternative, in /AF and /Names /EmbeddedFiles), trailer /ID, PDF 1.7. */
int fx_pdfa(const einv_buf_t *pdf, const einv_buf_t *xml, const fx_meta *m, const char *icc_path,
            einv_buf_t *out, einv_error_t *err);
/* The same over a document already open in q (fx_hybrid.c: a received PDF, or its pages as
 * images): rendered 1 for libharu's rendering (its Type0 fonts get a correct ToUnicode
 * CMap). The caller keeps q (qpdf_cleanup). */
int fx_pdfa_doc(qpdf_data q, const einv_buf_t *xml, const fx_meta *m, const char *icc_path, int rendered,
                einv_buf_t *out, einv_error_t *err);
#endif
