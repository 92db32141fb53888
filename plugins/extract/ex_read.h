/* Reading the pages of a PDF into an ex_doc_t: the text layer through poppler-glib, pages
 * without text rendered with cairo and read by tesseract. Internal to plugins/extract. */
#ifndef PLUGINS_EXTRACT_EX_READ_H
#define PLUGINS_EXTRACT_EX_READ_H

#include "ex_doc.h"

typedef struct ex_read_opts {
    int accurate;            /* ACCURATE tier: higher dpi by default */
    int max_pages;           /* refuse documents with more pages (default 20) */
    int page_ms;             /* OCR time limit per page in ms (default 20000) */
    const char *langs;       /* tesseract languages (default "deu+eng+fra+ita") */
    int force_ocr;           /* OCR every page, text layer or not (tests, ACCURATE checks) */
    int dpi;                 /* OCR render resolution; 0: 300 (FAST), 400 (ACCURATE) */
    int psm;                 /* tesseract page segmentation mode; 0: automatic */
    int ocr_threads;         /* engines reading a page at once (1, 2); 0: 2 on two cores or
                                more, or EINV_EXTRACT_OCR_THREADS */
} ex_read_opts_t;

/* Why a document could not be read; EX_READ_OK when it was. */
enum {
    EX_READ_OK = 0,
    EX_READ_BROKEN = 1,      /* not a PDF poppler can open */
    EX_READ_ENCRYPTED = 2,   /* needs a password */
    EX_READ_TOO_MANY_PAGES = 3,
    EX_READ_IMAGE_BOMB = 4,  /* an image or a page too large to decode safely */
    EX_READ_OCR_FAILED = 5,  /* tesseract could not start (languages missing) */
    EX_READ_NOMEM = 6
};

/* Read data into d (cleared first by the caller). Returns EX_READ_*; msg (size bytes)
 * says why in a sentence. Pages whose OCR ran out of time are kept partial and counted in
 * *timeouts (may be NULL). */
int ex_read_pdf(const unsigned char *data, size_t len, const ex_read_opts_t *o, ex_doc_t *d,
                int *timeouts, char *msg, size_t size);

/* Re-read the box (points) of an OCR'd page of d as one line of text made of the characters
 * of whitelist only (NULL: any), from the page image at twice its scale: figures of table
 * cells that the page's reading garbled. 1 with the text in out (size bytes), 0 when the
 * page's image is not kept (text layer, or no OCR). */
int ex_ocr_reread(const ex_doc_t *d, int page, double x0, double y0, double x1, double y1,
                  const char *whitelist, char *out, size_t size);
/* Free what ex_read_pdf kept for re-reading (ex_doc_clear calls it). */
void ex_ocr_free(struct ex_ocr *o);

#endif
