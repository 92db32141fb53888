/* The visual invoice: libharu drawing primitives, pages and tables, and fx_render, which
 * lays out the blocks (fx_render_blocks.c) on A4 pages with a "page i of n" footer.
 *
 * Text is UTF-8 in an embedded DejaVu Sans subset (Type0/CIDFontType2), so every character
 * of German, French, Italian and Nordic invoices prints; a character the font lacks prints
 * as its .notdef box. Widths are measured per character (cached for ASCII), so wrapping is
 * linear in the text; a wrapped text stops after FX_MAX_LINES lines with an ellipsis (the
 * embedded XML carries every value in full). */
#include "fx_render.h"
#include "fx_render_int.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FX_MAX_LINES 60

const char *fx_text_of(const einv_node_t *n) { return n && n->text && *n->text ? n->text : NULL; }

static void HPDF_STDCALL on_error(HPDF_STATUS code, HPDF_STATUS detail, void *user)
{
    fx_doc *d = user;
    (void)detail;
    if (!d->hpdf_error)
        d->hpdf_error = code;
}

/* Bytes of the UTF-8 character at s (1 for a stray byte). */
static size_t char_len(const unsigned char *s)
{
    if (*s < 0xC0)
        return 1;
    if (*s < 0xE0)
        return s[1] ? 2 : 1;
    if (*s < 0xF0)
        return s[1] && s[2] ? 3 : 1;
    return s[1] && s[2] && s[3] ? 4 : 1;
}

float fx_width(fx_doc *d, HPDF_Font f, float size, const char *s, size_t n)
{
    char tmp[512];
    if (n >= sizeof tmp)
        n = sizeof tmp - 1;
    memcpy(tmp, s, n);
    tmp[n] = 0;
    HPDF_Page_SetFontAndSize(d->page, f, size);
    return HPDF_Page_TextWidth(d->page, tmp);
}

/* Width of one character at size 1 (ASCII from the document's cache per font; no static
 * or thread-local state: the plugin may be unloaded). */
static float char_width(fx_doc *d, HPDF_Font f, const char *s, size_t n)
{
    int k = f == d->bold;
    unsigned char c = (unsigned char)s[0];
    if (n == 1 && c < 128) {
        if (d->ascii_width[k][c] == 0.0f)
            d->ascii_width[k][c] = c < 0x20 ? fx_width(d, f, 100.0f, " ", 1) / 100.0f : fx_width(d, f, 100.0f, s, 1) / 100.0f;
        return d->ascii_width[k][c];
    }
    return fx_width(d, f, 100.0f, s, n) / 100.0f;
}

float fx_put(fx_doc *d, HPDF_Font f, float size, float x, float y, const char *s, int right)
{
    char *t;
    size_t i, n;
    float w;
    if (!s)
        return 0.0f;
    n = strlen(s);
    if (!(t = malloc(n + 1))) {
        d->oom = 1;
        return 0.0f;
    }
    for (i = 0; i < n; i++)
        t[i] = (unsigned char)s[i] < 0x20 ? ' ' : s[i];
    t[n] = 0;
    HPDF_Page_SetFontAndSize(d->page, f, size);
    w = HPDF_Page_TextWidth(d->page, t);
    HPDF_Page_BeginText(d->page);
    HPDF_Page_TextOut(d->page, right ? x - w : x, y, t);
    HPDF_Page_EndText(d->page);
    free(t);
    return w;
}

/* Draw (or count) the line s[0..n) with an optional trailing ellipsis. */
static void emit_line(fx_doc *d, HPDF_Font f, float size, float x, float y, const char *s, size_t n,
                      int ellipsis, int draw)
{
    char *t;
    if (!draw)
        return;
    if (!(t = malloc(n + 4))) {
        d->oom = 1;
        return;
    }
    memcpy(t, s, n);
    strcpy(t + n, ellipsis ? "\xE2\x80\xA6" : "");
    fx_put(d, f, size, x, y, t, 0);
    free(t);
}

int fx_wrap(fx_doc *d, HPDF_Font f, float size, float x, float y, float w, float lead, const char *s,
            int draw)
{
    const char *line, *brk = NULL, *p;
    float lw = 0.0f, bw = 0.0f;
    int lines = 0;
    if (!s)
        return 0;
    for (line = p = s; *p && lines < FX_MAX_LINES;) {
        size_t n = char_len((const unsigned char *)p);
        float cw = char_width(d, f, p, n) * size;
        if (*p == '\n') {
            emit_line(d, f, size, x, y - lines * lead, line, (size_t)(p - line), 0, draw);
            lines++;
            line = p + 1, brk = NULL, lw = 0.0f;
            p++;
            continue;
        }
        if (*p == ' ') {
            brk = p;
            bw = lw;
        }
        if (lw + cw > w && p > line) {
            const char *end = brk && brk > line ? brk : p;
            int last = lines + 1 == FX_MAX_LINES;
            emit_line(d, f, size, x, y - lines * lead, line, (size_t)(end - line), last, draw);
            lines++;
            line = end == brk ? brk + 1 : p;
            lw = end == brk ? lw - bw - char_width(d, f, " ", 1) * size : 0.0f;
            brk = NULL;
            continue;
        }
        lw += cw;
        p += n;
    }
    if (lines < FX_MAX_LINES && (*line || lines == 0)) {
        emit_line(d, f, size, x, y - lines * lead, line, strlen(line), 0, draw);
        lines++;
    }
    return lines;
}

void fx_rule(fx_doc *d, float y)
{
    HPDF_Page_SetLineWidth(d->page, 0.5f);
    HPDF_Page_SetGrayStroke(d->page, 0.6f);
    HPDF_Page_MoveTo(d->page, FX_LEFT, y);
    HPDF_Page_LineTo(d->page, FX_RIGHT, y);
    HPDF_Page_Stroke(d->page);
}

static void table_header(fx_doc *d)
{
    size_t i;
    HPDF_Page_SetGrayFill(d->page, 0.92f);
    HPDF_Page_Rectangle(d->page, FX_LEFT, d->y - 4.0f, FX_RIGHT - FX_LEFT, 15.0f);
    HPDF_Page_Fill(d->page);
    HPDF_Page_SetGrayFill(d->page, 0.0f);
    for (i = 0; i < d->ncols; i++)
        fx_put(d, d->bold, 8.0f, d->table[i].right ? d->table[i].x + d->table[i].w : d->table[i].x, d->y,
               d->table[i].title, d->table[i].right);
    d->y -= 16.0f;
}

void fx_new_page(fx_doc *d)
{
    HPDF_Page p = HPDF_AddPage(d->pdf);
    if (d->npages == d->cap) {
        size_t cap = d->cap ? d->cap * 2 : 8;
        HPDF_Page *np = realloc(d->pages, cap * sizeof *np);
        if (!np) {
            d->oom = 1;
            return;
        }
        d->pages = np;
        d->cap = cap;
    }
    d->pages[d->npages++] = p;
    d->page = p;
    HPDF_Page_SetSize(p, HPDF_PAGE_SIZE_A4, HPDF_PAGE_PORTRAIT);
    d->y = FX_TOP;
    if (d->table)
        table_header(d);
}

void fx_need(fx_doc *d, float h)
{
    if (d->y - h < FX_BOTTOM)
        fx_new_page(d);
}

void fx_table_begin(fx_doc *d, const fx_col *cols, size_t n)
{
    fx_need(d, 40.0f);
    d->table = cols;
    d->ncols = n;
    table_header(d);
}

void fx_table_end(fx_doc *d)
{
    d->table = NULL;
    d->y -= 6.0f;
}

float fx_kv(fx_doc *d, float x, float y, float wl, float wv, const char *label, const char *value)
{
    int n;
    if (!value)
        return y;
    fx_put(d, d->bold, 8.0f, x, y, label, 0);
    n = fx_wrap(d, d->reg, 8.0f, x + wl, y, wv, 10.0f, value, 1);
    return y - 10.0f * (float)(n ? n : 1);
}

void fx_title(const einv_invoice_t *inv, char *buf, size_t n)
{
    const einv_node_t *r = einv_invoice_root(inv);
    const char *code = FX_TEXT(r, BT_3), *no = FX_TEXT(r, BT_1);
    int credit = code && (!strcmp(code, "381") || !strcmp(code, "261") || !strcmp(code, "262") ||
                          !strcmp(code, "296") || !strcmp(code, "308") || !strcmp(code, "396") ||
                          !strcmp(code, "420") || !strcmp(code, "458") || !strcmp(code, "532"));
    snprintf(buf, n, "%s %s", credit ? "Credit note" : "Invoice", no ? no : "");
}

/* "Invoice X - page i of n" on every page, once the number of pages is known. */
static void footers(fx_doc *d)
{
    char buf[256], title[160];
    size_t i;
    fx_title(d->inv, title, sizeof title);
    for (i = 0; i < d->npages; i++) {
        d->page = d->pages[i];
        snprintf(buf, sizeof buf, "%s \xE2\x80\x93 page %zu of %zu", title, i + 1, d->npages);
        fx_put(d, d->reg, 7.5f, FX_RIGHT, 30.0f, buf, 1);
        fx_put(d, d->reg, 7.5f, FX_LEFT, 30.0f,
               "Factur-X / ZUGFeRD: the embedded factur-x.xml is the invoice's structured data.", 0);
    }
}

static int load_fonts(fx_doc *d, const char *font_dir, einv_error_t *err)
{
    char path[1024];
    const char *reg, *bold;
    snprintf(path, sizeof path, "%s/DejaVuSans.ttf", font_dir);
    reg = HPDF_LoadTTFontFromFile(d->pdf, path, HPDF_TRUE);
    snprintf(path, sizeof path, "%s/DejaVuSans-Bold.ttf", font_dir);
    bold = reg ? HPDF_LoadTTFontFromFile(d->pdf, path, HPDF_TRUE) : NULL;
    if (!reg || !bold)
        return einv_error_set(err, EINV_ERR_IO, "the PDF fonts cannot be loaded", path,
                              "Install fonts-dejavu-core (DejaVuSans.ttf, DejaVuSans-Bold.ttf)");
    d->reg = HPDF_GetFont(d->pdf, reg, "UTF-8");
    d->bold = HPDF_GetFont(d->pdf, bold, "UTF-8");
    return d->reg && d->bold ? EINV_OK : einv_error_set(err, EINV_ERR, "the PDF fonts cannot be used", path, "");
}

static int finish(fx_doc *d, einv_buf_t *out, einv_error_t *err)
{
    HPDF_UINT32 n;
    if (d->oom)
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory while rendering the PDF", "", "");
    if (!d->hpdf_error && HPDF_SaveToStream(d->pdf) == HPDF_OK && (n = HPDF_GetStreamSize(d->pdf)) > 0) {
        unsigned char *p = malloc(n);
        HPDF_UINT32 got = n;
        int rc = EINV_ERR_NOMEM;
        if (p && HPDF_ReadFromStream(d->pdf, p, &got) != HPDF_INVALID_OPERATION && got == n)
            rc = einv_buf_append(out, p, n);
        free(p);
        if (rc == EINV_OK)
            return EINV_OK;
    }
    {
        char detail[64];
        snprintf(detail, sizeof detail, "libharu error 0x%04lX", d->hpdf_error);
        return einv_error_set(err, EINV_ERR, "the PDF could not be rendered", detail, "");
    }
}

int fx_render(const einv_invoice_t *inv, const char *font_dir, einv_buf_t *out, einv_error_t *err)
{
    fx_doc d;
    int rc;
    memset(&d, 0, sizeof d);
    d.inv = inv;
    d.root = einv_invoice_root(inv);
    if (!(d.pdf = HPDF_New(on_error, &d)))
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory while rendering the PDF", "", "");
    HPDF_SetCompressionMode(d.pdf, HPDF_COMP_ALL);
    HPDF_UseUTFEncodings(d.pdf);
    if ((rc = load_fonts(&d, font_dir, err)) == EINV_OK) {
        fx_new_page(&d);
        fx_block_header(&d);
        fx_block_lines(&d);
        fx_block_allowances(&d);
        fx_block_vat(&d);
        fx_block_totals(&d);
        fx_block_payment(&d);
        fx_block_notes(&d);
        footers(&d);
        rc = finish(&d, out, err);
    }
    HPDF_Free(d.pdf);
    free(d.pages);
    return rc;
}
