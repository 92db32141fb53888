/* GET /api/v1/invoices/{id}/report: the readable HTML report of an invoice (docs/api.md
 * "Reports"): the same page `einvoice validate --report html` makes (cli/report_html.c),
 * from the stored validationResult and canonicalJson. Self-contained and printable: inline
 * CSS, no script, nothing loaded, and a Content-Security-Policy that forbids anything else.
 * Checks in the order of the other GETs on an invoice: 401 -> 400 -> 404 -> 409 (still
 * processing, with Retry-After) -> 200. A failed_validation invoice has a report too (that is
 * when it is most needed). */
#include "http.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* (Cache-Control: no-store and nosniff come with every answer of the HTTP layer) */
#define REPORT_HEADERS                                                                        \
    "Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; " \
    "form-action 'none'; frame-ancestors 'none'\r\n"

static void send_report(einv_req_t *r, const store_invoice_t *inv)
{
    einv_rep_doc_t d;
    einv_rep_rules_t rules = {r->srv->engine, inv->profile};
    char title[200], *html;
    size_t len = 0;
    if (einv_rep_doc_init(&d, inv->id, inv->profile, inv->format, inv->result_json, inv->canonical_json,
                          einv_rep_engine_terms, &rules) != 0) {
        http_send_error(r, 500, "The stored validation result could not be read", NULL);
        return;
    }
    snprintf(title, sizeof title, "Validation report: invoice %.120s",
             inv->invoice_number && *inv->invoice_number ? inv->invoice_number : inv->id);
    html = einv_rep_html_single(&d, title, &len);
    einv_rep_doc_clear(&d);
    if (!html) {
        http_send_error(r, 500, "The report could not be made (out of memory)", NULL);
        return;
    }
    http_send_bytes(r, 200, "text/html; charset=utf-8", html, len, REPORT_HEADERS);
    free(html);
}

static void h_report(einv_req_t *r, const char *const *p, int np)
{
    store_invoice_t inv;
    int rc;
    if (!http_authenticate(r))
        return;
    if (!http_is_uuid(p[0])) {
        http_send_error(r, 400, "id: not a valid UUID", NULL);
        return;
    }
    memset(&inv, 0, sizeof inv);
    rc = store_invoice_get(r->srv->store, p[0], r->super_admin ? NULL : r->account.id, &inv);
    if (rc == EINV_ERR_NOTFOUND)
        http_send_error(r, 404, "No invoice with this id", NULL);
    else if (rc != EINV_OK)
        http_send_error(r, 500, "The invoice could not be read", NULL);
    else if (strcmp(inv.status, "processing") == 0 || !inv.result_json)
        http_send_error(r, 409, "The invoice is still being processed; retry shortly", "Retry-After: 2\r\n");
    else
        send_report(r, &inv);
    store_invoice_clear(&inv);
}

/* Registered by routes_invoices_register (routes_invoices.c). */
void routes_report_register(void);
void routes_report_register(void)
{
    http_route("GET", "/api/v1/invoices/{id}/report", h_report);
}
