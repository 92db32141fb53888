/* Internal interface of the zugferd format plugin: the PDF container (qpdf) side, the XMP
 * metadata checks and the PDF-layer rules they report. */
#ifndef ZF_H
#define ZF_H

#include <stddef.h>
#include <qpdf/qpdf-c.h>
#include <einvoice/plugin.h>

/* Largest XMP packet we decode (the budget's max_decoded bounds it too). */
#define ZF_MAX_XMP (4u * 1024u * 1024u)

/* ---- PDF-layer rules (our own ids) ---- */
extern const einv_rule_t zf_r_unreadable, zf_r_encrypted, zf_r_no_invoice,
    zf_r_xmp_missing, zf_r_xmp_no_fx, zf_r_conformance, zf_r_not_pdfa3, zf_r_afrel,
    zf_r_af_missing, zf_r_filename, zf_r_xml_wellformed, zf_r_xml_root, zf_r_limit_decoded;
extern const einv_rule_t *const zf_rules[];
extern const size_t zf_rules_count;

/* The embedded invoice as found in the PDF. */
typedef struct zf_invoice_file {
    char name[256];        /* its file name (/UF or /F of the file specification) */
    unsigned char *data;   /* decoded bytes (malloc'd), NULL when none */
    size_t len;
} zf_invoice_file_t;

/* Find the invoice attachment (catalog /AF first, then the /Names /EmbeddedFiles tree),
 * report the container findings about it and decode it into out, within the budget of
 * ctx. Returns 1 when out holds the invoice bytes, 0 otherwise (a finding says why). */
int zf_find_invoice(einv_ctx_t *ctx, qpdf_data q, zf_invoice_file_t *out);

/* The invoice's file specification (zf_names.c): from /AF (then *in_af = 1), else by key
 * in the /EmbeddedFiles name tree, else by file name in that tree; 0 when none. Bounded
 * for hostile trees (depth, cycles, size, the deadline of ctx). */
qpdf_oh zf_find_filespec(einv_ctx_t *ctx, qpdf_data q, int *in_af);
/* The file name of a file specification: /UF (text string) before /F; "" when none. */
void zf_filespec_name(qpdf_data q, qpdf_oh fs, char *buf, size_t size);

/* Decode the data of stream s through its filter chain as a stream (zf_decode.h), no
 * stage beyond cap bytes, the deadline of ctx checked as it goes. Returns a ZF_DEC_ code;
 * on ZF_DEC_OK *out (malloc'd, transfer full) holds *len bytes. On ZF_DEC_UNSUPPORTED or
 * ZF_DEC_ERROR, why (size bytes) says what. */
int zf_stream_bytes(einv_ctx_t *ctx, qpdf_data q, qpdf_oh s, size_t cap, unsigned char **out, size_t *len,
                    char *why, size_t size);

/* src into dst (size bytes, NUL-terminated) with every byte that is not part of valid
 * UTF-8 written '?' (dst may be src): parser messages quote the document's bytes, and
 * findings must be UTF-8. */
void zf_utf8_copy(char *dst, size_t size, const char *src);

/* Report LIMIT-PDF-DECODED (or, for the deadline, let the context report LIMIT-TIME) for
 * a decode of `what` that stopped at a limit; rc is ZF_DEC_LIMIT or ZF_DEC_TIME. */
void zf_report_limit(einv_ctx_t *ctx, int rc, const char *what);

/* Check the document's XMP metadata: present, PDF/A part 3, Factur-X/ZUGFeRD schema (also
 * the ZUGFeRD 1.0 zf: one), conformance level against the guideline id of the embedded XML
 * (a ZUGFeRD 2.x / Factur-X or 1.0 id; guideline may be NULL when there is none) and the
 * declared file name against the attachment's (may be ""). */
void zf_check_xmp(einv_ctx_t *ctx, qpdf_data q, const char *guideline, const char *attachment);

#endif
