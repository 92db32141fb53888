/* The pages of one PDF as the extractor sees them: words with boxes (PDF points, origin top
 * left), grouped into lines (one visual row of the page) and segments (runs of words on a
 * line without a wide gap: a cell, a label, a value). Internal to plugins/extract. */
#ifndef PLUGINS_EXTRACT_EX_DOC_H
#define PLUGINS_EXTRACT_EX_DOC_H

#include <stddef.h>

typedef struct ex_word {
    char *text;              /* UTF-8, owned by the document */
    double x0, y0, x1, y1;   /* box in points, y grows downwards */
    double size;             /* font size in points (OCR: box height estimate) */
    float conf;              /* 0..1: 1 for the text layer, tesseract's confidence for OCR */
    int page;                /* 0-based */
    int line, seg;           /* indexes into lines / segs, set by ex_layout */
} ex_word_t;

typedef struct ex_seg {
    int line;                /* line index */
    int w0, w1;              /* words [w0, w1) (consecutive in the sorted word array) */
    double x0, y0, x1, y1;
    char *text;              /* words joined with single spaces */
} ex_seg_t;

typedef struct ex_line {
    int page;
    int s0, s1;              /* segments [s0, s1) */
    double x0, y0, x1, y1;
} ex_line_t;

/* Where a value is printed: page (0-based; -1 nowhere: derived), box in points, origin top
 * left. The API gives it with each extracted field. */
typedef struct ex_pos {
    int page;
    float x0, y0, x1, y1;
} ex_pos_t;

typedef struct ex_doc {
    ex_word_t *words;
    size_t n_words, cap_words;
    ex_seg_t *segs;
    size_t n_segs;
    ex_line_t *lines;
    size_t n_lines;
    int n_pages;
    double page_w[32], page_h[32];   /* first pages' sizes (points) */
    int ocr_pages;                   /* pages read by OCR */
    double median_size;              /* median word size */
    struct ex_ocr *ocr;              /* OCR'd pages' images for re-reading cells (ex_read.h) */
} ex_doc_t;

/* Append a word (text copied). 0 or -1 when out of memory. */
int ex_doc_add_word(ex_doc_t *d, const char *text, size_t len, double x0, double y0,
                    double x1, double y1, double size, float conf, int page);
/* Sort the words into reading order and build lines and segments. 0 or -1. */
int ex_layout(ex_doc_t *d);
/* The box of segment si / line li. */
ex_pos_t ex_pos_seg(const ex_doc_t *d, int si);
ex_pos_t ex_pos_line(const ex_doc_t *d, int li);
/* The union of two boxes (a page -1 box gives the other). */
ex_pos_t ex_pos_union(ex_pos_t a, ex_pos_t b);
/* Free everything the document holds (not d itself). */
void ex_doc_clear(ex_doc_t *d);

#endif
