/* Internal interface of the zugferd format plugin: the PDF container (qpdf) side, the XMP
 * metadata checks and the PDF-layer rules they report. */
#ifndef ZF_H
#define ZF_H

#include <stddef.h>
#include <qpdf/qpdf-c.h>
#include <einvoice/plugin.h>

/* Largest embedded invoice we decode; a stream that inflates beyond it is a bomb. */
#define ZF_MAX_XML (50u * 1024u * 1024u)
/* Largest XMP packet we decode. */
#define ZF_MAX_XMP (4u * 1024u * 1024u)

/* ---- PDF-layer rules (our own ids) ---- */
extern const einv_rule_t zf_r_unreadable, zf_r_encrypted, zf_r_no_invoice, zf_r_too_large,
    zf_r_xmp_missing, zf_r_xmp_no_fx, zf_r_conformance, zf_r_not_pdfa3, zf_r_afrel,
    zf_r_af_missing, zf_r_filename, zf_r_xml_wellformed, zf_r_xml_root;
extern const einv_rule_t *const zf_rules[];
extern const size_t zf_rules_count;

/* The embedded invoice as found in the PDF. */
typedef struct zf_invoice_file {
    char name[256];        /* its file name (/UF or /F of the file specification) */
    unsigned char *data;   /* decoded bytes (malloc'd), NULL when none */
    size_t len;
} zf_invoice_file_t;

/* Find the invoice attachment (catalog /AF first, then the /Names /EmbeddedFiles tree),
 * report the container findings about it and decode it into out. Returns 1 when out
 * holds the invoice bytes, 0 otherwise (a finding says why). */
int zf_find_invoice(einv_ctx_t *ctx, qpdf_data q, zf_invoice_file_t *out);

/* Decode the data of stream s into *out (malloc'd), at most cap bytes. Returns 0 on
 * success, 1 when the decoded data would exceed cap, -1 when it cannot be decoded. */
int zf_stream_bytes(qpdf_data q, qpdf_oh s, size_t cap, unsigned char **out, size_t *len);

/* Check the document's XMP metadata: present, PDF/A part 3, Factur-X/ZUGFeRD schema (also
 * the ZUGFeRD 1.0 zf: one), conformance level against the guideline id of the embedded XML
 * (a ZUGFeRD 2.x / Factur-X or 1.0 id; guideline may be NULL when there is none) and the
 * declared file name against the attachment's (may be ""). */
void zf_check_xmp(einv_ctx_t *ctx, qpdf_data q, const char *guideline, const char *attachment);

#endif
