/* Internals of the libharu renderer: the page state and the drawing primitives
 * (fx_render.c) the blocks of the invoice (fx_render_blocks.c) are made of. */
#ifndef FX_RENDER_INT_H
#define FX_RENDER_INT_H

#include <einvoice/einvoice.h>
#include <hpdf.h>

#define FX_LEFT 40.0f
#define FX_RIGHT 555.0f
#define FX_TOP 800.0f
#define FX_BOTTOM 60.0f

typedef struct fx_col {
    const char *title;
    float x, w;
    int right;                 /* right-aligned (numbers) */
} fx_col;

typedef struct fx_doc {
    HPDF_Doc pdf;
    HPDF_Font reg, bold;
    HPDF_Page *pages;
    size_t npages, cap;
    HPDF_Page page;
    float y;
    unsigned long hpdf_error;  /* first libharu error (its error handler records it) */
    int oom;
    const einv_invoice_t *inv;
    const einv_node_t *root;
    const fx_col *table;       /* the table whose header a new page repeats, or NULL */
    size_t ncols;
    float ascii_width[2][128]; /* regular, bold: width at size 1, 0 = not measured yet */
} fx_doc;

#define FX_GET(p, T) ((p) ? einv_node_get((p), EINV_T_##T) : NULL)
#define FX_TEXT(p, T) fx_text_of(FX_GET(p, T))

const char *fx_text_of(const einv_node_t *n);
/* A new page (the current table's header repeated on it). */
void fx_new_page(fx_doc *d);
/* Room for h points below y, else a new page. */
void fx_need(fx_doc *d, float h);
/* One line of text at (x, y) (control characters shown as spaces); right: x is the right
 * edge. Returns the width. */
float fx_put(fx_doc *d, HPDF_Font f, float size, float x, float y, const char *s, int right);
float fx_width(fx_doc *d, HPDF_Font f, float size, const char *s, size_t n);
/* Wrap s into lines of at most w points; draws them from y downwards (when draw) and returns
 * the number of lines. */
int fx_wrap(fx_doc *d, HPDF_Font f, float size, float x, float y, float w, float lead, const char *s,
            int draw);
/* A thin rule across the page at y. */
void fx_rule(fx_doc *d, float y);
/* Start a table: its header now (and on every page it continues on). */
void fx_table_begin(fx_doc *d, const fx_col *cols, size_t n);
void fx_table_end(fx_doc *d);
/* A label: value row in a key-value block at x; returns the next y. Nothing when value is
 * NULL. */
float fx_kv(fx_doc *d, float x, float y, float wl, float wv, const char *label, const char *value);

/* fx_render_blocks.c */
void fx_block_header(fx_doc *d);
void fx_block_lines(fx_doc *d);
void fx_block_allowances(fx_doc *d);
void fx_block_vat(fx_doc *d);
void fx_block_totals(fx_doc *d);
void fx_block_payment(fx_doc *d);
void fx_block_notes(fx_doc *d);
#endif
