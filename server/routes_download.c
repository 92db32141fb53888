/* The downloads of a validated invoice (API.md "Endpoints"):
 *   GET /api/v1/invoices/{id}/download       the Factur-X PDF/A-3 hybrid (application/pdf)
 *   GET /api/v1/invoices/{id}/download/idoc  the SAP IDoc INVOIC02 (application/xml)
 * Checks in the documented order 401 -> 400 -> 404 -> 409 (routes_invoices_read.c), then
 * 501 when the export module is left out by EINV_PLUGINS, then 200. Exports are made on
 * request from the stored canonical invoice by the registered exporter (core/exports.h);
 * a submission that was itself a Factur-X / ZUGFeRD PDF downloads as submitted, byte for
 * byte. A sandbox invoice exports its canned canonical invoice. The IDoc uses the
 * invoice's account's mapping document when there is one. */
#include "http.h"
#include "exports.h"

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

static void send_file(einv_req_t *r, const char *type, const void *data, size_t len, const char *name)
{
    char headers[256];
    snprintf(headers, sizeof headers, "Content-Disposition: attachment; filename=\"%s\"\r\n"
                                      "Cache-Control: private, no-store\r\n", name);
    http_send_bytes(r, 200, type, data, len, headers);
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
    send_file(r, "application/pdf", data, len, name);
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
    char *mapping = NULL, msg[300], name[128];
    const unsigned char *data;
    size_t len;
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
    if (idoc && store_mappings_get(r->srv->store, inv->account_id, &mapping) != EINV_OK) {
        free(mapping);
        mapping = NULL;
    }
    memset(&o, 0, sizeof o);
    o.to = to;
    o.profile = inv->profile;
    o.mapping = mapping;
    x = einv_export_json(r->srv->engine, &o, inv->canonical_json, strlen(inv->canonical_json), &err);
    if (!x || !einv_export_ok(x)) {
        snprintf(msg, sizeof msg, "The export failed: %s", x ? einv_export_error(x)->message : err.message);
        http_send_error(r, 500, msg, NULL);
    } else {
        data = einv_export_data(x, &len);
        file_name(inv->invoice_number, ops->extension, name, sizeof name);
        send_file(r, ops->media_type, data, len, name);
    }
    einv_export_free(x);
    free(mapping);
}
