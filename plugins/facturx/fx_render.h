/* The visual invoice of a Factur-X PDF, rendered with libharu (fx_render*.c). */
#ifndef FX_RENDER_H
#define FX_RENDER_H

#include <einvoice/einvoice.h>

/* Render inv as an A4 PDF (fonts: DejaVu Sans regular and bold from font_dir, embedded as
 * subset TrueType) into out. info_title receives the document title (also written to the
 * PDF's Info by the container step). Returns EINV_OK or an error with err filled. */
int fx_render(const einv_invoice_t *inv, const char *font_dir, einv_buf_t *out, einv_error_t *err);

/* "Invoice MAX-1" / "Credit note MAX-1": the title of the document (static storage
 * not needed: written into buf of size n). */
void fx_title(const einv_invoice_t *inv, char *buf, size_t n);
#endif
