/* The hybrid of an extracted invoice: the received PDF's pages, as they look, in the Factur-X
 * PDF/A-3 container (fx_pdfa.c) with the extracted invoice's CII as factur-x.xml. The pages
 * are kept as they are when nothing in them stops the document from being PDF/A-3 (fonts
 * embedded, no transparency, no encryption, ...: fx_hybrid.c); otherwise each page is
 * rendered with poppler/cairo and placed as a compressed image, page size kept
 * (fx_hybrid_image.c). */
#ifndef FX_HYBRID_H
#define FX_HYBRID_H

#include "fx_pdfa.h"

typedef struct fx_hybrid_info {
    int imaged;              /* 1: the pages are images of the received ones */
    int pages;
    char why[256];           /* why the pages were imaged (a sentence), or "" */
} fx_hybrid_info;

/* Make the hybrid of src (the received PDF, len bytes) and xml into out. EINV_OK, or an
 * error with err filled (the received PDF can be neither kept nor rendered). */
int fx_hybrid(const unsigned char *src, size_t len, const einv_buf_t *xml, const fx_meta *m,
              const char *icc_path, einv_buf_t *out, fx_hybrid_info *info, einv_error_t *err);

/* Drop every /Type /Metadata stream with a filter reachable from q's trailer (qpdf's
 * writer would decode it; fx_hybrid_metadata.c). 0, or -1 with why set when the document
 * has too many objects to check (its pages are then imaged). */
int fx_drop_filtered_metadata(qpdf_data q, char *why, size_t why_len);

/* The pages of src rendered as images into q (an empty PDF: qpdf_empty_pdf), one page each
 * with the received page's size (fx_hybrid_image.c). EINV_OK or an error. */
int fx_hybrid_images(qpdf_data q, const unsigned char *src, size_t len, int *pages, einv_error_t *err);

#endif
