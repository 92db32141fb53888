/* einvoice SDK: exporters (ABI 1.4).
 *
 * An exporter writes the canonical invoice in another format: CII D16B (Factur-X / ZUGFeRD
 * XML), UBL 2.1, a Factur-X PDF/A-3 hybrid, a SAP IDoc INVOIC02. It is the inverse of a
 * format's parse: canonical invoice in, bytes out, plus findings for what the target cannot
 * carry. A plugin registers exporters from its init with host->register_exporter (host
 * tables of ABI 1.4 and later; check host->struct_size before calling it), exactly as it
 * registers formats and profiles; one .so may register several. A partner ships another
 * export (say FatturaPA) as a module of its own. */
#ifndef EINVOICE_EXPORT_H
#define EINVOICE_EXPORT_H

#include <stddef.h>
#include "status.h"
#include "invoice.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Output bytes of one export, grown by einv_buf_append. The memory is libeinvoice's: the
 * host releases it with einv_buf_release, never with free(). */
typedef struct einv_buf {
    unsigned char *data;
    size_t len, cap;
    int oom;                 /* an append failed: the content is incomplete (sticky) */
} einv_buf_t;

/* Append n bytes; EINV_OK or EINV_ERR_NOMEM (then b->oom stays set). */
EINV_API int einv_buf_append(einv_buf_t *b, const void *data, size_t n);
/* Append a NUL-terminated string. */
EINV_API int einv_buf_puts(einv_buf_t *b, const char *s);
/* Free the bytes and reset b to empty. */
EINV_API void einv_buf_release(einv_buf_t *b);

struct einv_ctx;

typedef struct einv_exporter_ops {
    size_t struct_size;            /* sizeof(einv_exporter_ops_t) */
    const char *name;              /* "cii", "ubl", "facturx", "idoc": `convert --to` name */
    const char *media_type;        /* "application/xml", "application/pdf" */
    const char *extension;         /* file name extension without the dot: "xml", "pdf" */
    const char *description;
    /* Write inv into out. ctx holds the run's options (einv_ctx_option: "profile" = the
     * profile the invoice was validated against, "mapping" = an ERP mapping document as
     * JSON text) and takes findings (einv_report_at / einv_report_msg): a WARNING for each
     * value the target cannot carry, an ERROR when the output is unusable. inv is borrowed
     * (transfer none). Return EINV_OK, or an error code with err filled (the host then
     * discards out). */
    int (*write)(struct einv_ctx *ctx, const einv_invoice_t *inv, einv_buf_t *out,
                 einv_error_t *err);
} einv_exporter_ops_t;

#ifdef __cplusplus
}
#endif
#endif
