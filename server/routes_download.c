/* The downloads of a validated invoice (API.md "Endpoints"):
 *   GET /api/v1/invoices/{id}/download       the Factur-X PDF/A-3 hybrid (application/pdf)
 *   GET /api/v1/invoices/{id}/download/idoc  the SAP IDoc INVOIC02 (application/xml)
 * Checks in the documented order 401 -> 400 -> 404 -> 409 (routes_invoices_read.c), then
 * 501 when the export module is left out by EINV_PLUGINS, then 200. Exports are made on
 * request from the stored canonical invoice by the registered exporter (core/exports.h);
 * a submission that was itself a Factur-X / ZUGFeRD PDF downloads as submitted, byte for
 * byte. A sandbox invoice exports its canned canonical invoice. The IDoc uses the
 * invoice's account's mapping document when there is one. An extracted invoice
 * (PDF_EXTRACTED) downloads as its hybrid: the received PDF (the job's stored payload) goes
 * to the facturx exporter with the canonical invoice, which keeps its pages or places them
 * as images (docs/extraction.md); which of the two is logged and sent as X-Hybrid-Pages. */
#include "http.h"
#include "exports.h"
#include "log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void routes_download_send(einv_req_t *r, const store_invoice_t *inv, int idoc);

/* The invoice number as a file name: letters, digits, '.', '-', '_' (others become '_'),
 * at most 100 bytes, never empty nor starting with a dot. */
static void file_name(const char *number, const char *ext, char *out, size_t size)
{
    char base[101];
    size_t i, n = 0;
    for (i = 0; number && number[i] && n < sizeof base - 1; i++) {
        unsigned char c = (unsigned char)number[i];
        int ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                 c == '_' || (c == '.' && n > 0);
        base[n++] = ok ? (char)c : '_';
    }
    base[n] = 0;
    snprintf(out, size, "%s.%s", n ? base : "invoice", ext);
}

static void send_file(einv_req_t *r, const char *type, const void *data, size_t len, const char *name,
                      const char *extra)
{
    char headers[768];
    snprintf(headers, sizeof headers, "Content-Disposition: attachment; filename=\"%s\"\r\n"
                                      "Cache-Control: private, no-store\r\n%s", name, extra ? extra : "");
    http_send_bytes(r, 200, type, data, len, headers);
}

/* The hybrid's pages, kept or imaged (the facturx exporter's EXPORT-PDF-HYBRID finding):
 * one log line, and the X-Hybrid-Pages header into hdr. */
static void note_hybrid(einv_req_t *r, const store_invoice_t *inv, const einv_export_t *x, char *hdr, size_t size)
{
    size_t i;
    for (i = 0; i < einv_export_count(x); i++) {
        const einv_finding_t *f = einv_export_at(x, i);
        char msg[600];
        int imaged;
        if (strcmp(f->code, "EXPORT-PDF-HYBRID") != 0)
            continue;
        imaged = strstr(f->message, "as images") != NULL;
        snprintf(hdr, size, "X-Hybrid-Pages: %s\r\n", imaged ? "imaged" : "kept");
        snprintf(msg, sizeof msg, "invoice %.36s: hybrid download: %s", inv->id, f->message);
        log_fields(ELOG_INFO, "download", r->request_id, msg, NULL, 0);
        return;
    }
}

/* What the export had to leave out or add (EXPORT-CII-LOST, EXPORT-UBL-ADDED, ...): one log
 * line each, and their distinct codes in X-Export-Findings appended to hdr, so that a
 * client learns of them without the CLI. The hybrid's own finding has its header. */
static void note_findings(einv_req_t *r, const store_invoice_t *inv, const einv_export_t *x, char *hdr, size_t size)
{
    char codes[256] = "", msg[700];
    size_t i, n = strlen(hdr);
    for (i = 0; i < einv_export_count(x); i++) {
        const einv_finding_t *f = einv_export_at(x, i);
        size_t cl = strlen(codes), fl = strlen(f->code);
        const char *seen = strstr(codes, f->code);
        if (strcmp(f->code, "EXPORT-PDF-HYBRID") == 0)
            continue;
        snprintf(msg, sizeof msg, "invoice %.36s: export %s %s: %s%s%.200s", inv->id,
                 einv_severity_name(f->severity), f->code, f->message,
                 f->field && *f->field ? " at " : "", f->field ? f->field : "");
        log_fields(ELOG_INFO, "download", r->request_id, msg, NULL, 0);
        if ((seen && (seen[fl] == 0 || seen[fl] == ',')) || cl + fl + 3 > sizeof codes)
            continue;
        snprintf(codes + cl, sizeof codes - cl, "%s%s", cl ? ", " : "", f->code);
    }
    if (codes[0] && n < size)
        snprintf(hdr + n, size - n, "X-Export-Findings: %s\r\n", codes);
}

/* A Factur-X / ZUGFeRD submission: the stored PDF itself. 1 when sent. */
static int send_submitted_pdf(einv_req_t *r, const store_invoice_t *inv)
{
    void *data = NULL;
    size_t len = 0;
    char *ctype = NULL, name[128];
    if (inv->sandbox || strcmp(inv->format, "ZUGFERD") != 0)
        return 0;
    if (store_invoice_payload(r->srv->store, inv->id, &data, &len, &ctype) != EINV_OK) {
        free(data);
        free(ctype);
        http_send_error(r, 500, "The submitted PDF could not be read", NULL);
        return 1;
    }
    file_name(inv->invoice_number, "pdf", name, sizeof name);
    send_file(r, "application/pdf", data, len, name, NULL);
    free(data);
    free(ctype);
    return 1;
}

void routes_download_send(einv_req_t *r, const store_invoice_t *inv, int idoc)
{
    const char *to = idoc ? "idoc" : "facturx";
    const einv_exporter_ops_t *ops = einv_engine_exporter(r->srv->engine, to);
    einv_export_opts_t o;
    einv_export_t *x;
    einv_error_t err;
    char *mapping = NULL, msg[600], name[128], extra[384] = "", *ctype = NULL;
    const unsigned char *data;
    void *src = NULL;
    size_t len, src_len = 0;
    if (!idoc && send_submitted_pdf(r, inv))
        return;
    if (!ops) {
        snprintf(msg, sizeof msg, "The %s module is not enabled on this install", idoc ? "idoc export" : "pdf export");
        http_send_error(r, 501, msg, NULL);
        return;
    }
    if (!inv->canonical_json) {
        http_send_error(r, 500, "The invoice has no stored canonical invoice to export", NULL);
        return;
    }
    /* the hybrid of an extracted invoice shows the received pages: the stored payload */
    if (!idoc && !inv->sandbox && strcmp(inv->format, "PDF_EXTRACTED") == 0 &&
        store_invoice_payload(r->srv->store, inv->id, &src, &src_len, &ctype) != EINV_OK) {
        free(src);
        free(ctype);
        http_send_error(r, 500, "The received PDF of the extracted invoice could not be read", NULL);
        return;
    }
    free(ctype);
    if (idoc && store_mappings_get(r->srv->store, inv->account_id, &mapping) != EINV_OK) {
        free(mapping);
        mapping = NULL;
    }
    memset(&o, 0, sizeof o);
    o.to = to;
    o.profile = inv->profile;
    o.mapping = mapping;
    x = einv_export_json_from(r->srv->engine, &o, inv->canonical_json, strlen(inv->canonical_json), src,
                              src_len, &err);
    if (!x || !einv_export_ok(x)) {
        const einv_error_t *e = x ? einv_export_error(x) : &err;
        snprintf(msg, sizeof msg, "The export failed: %s%s%s", e->message, e->detail[0] ? ": " : "", e->detail);
        http_send_error(r, 500, msg, NULL);
    } else {
        data = einv_export_data(x, &len);
        if (src)
            note_hybrid(r, inv, x, extra, sizeof extra);
        note_findings(r, inv, x, extra, sizeof extra);
        file_name(inv->invoice_number, ops->extension, name, sizeof name);
        send_file(r, ops->media_type, data, len, name, extra);
    }
    einv_export_free(x);
    free(src);
    free(mapping);
}
