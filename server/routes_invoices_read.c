/* The read endpoints of the invoice API (API.md "Endpoints"):
 *   GET /api/v1/invoices/{id}                the invoice resource
 *   GET /api/v1/invoices?page=&size=&sort=   the page envelope of summaries, filtered by
 *       status, profile, format, invoiceNumber, from, to (routes_invoices_filter.c)
 *   GET /api/v1/invoices/{id}/download       PDF/A-3 hybrid (export module)
 *   GET /api/v1/invoices/{id}/download/idoc  INVOIC02 IDoc XML (export module)
 * Another account's invoice is 404, never 403, unless the caller is a super-admin. The
 * stored canonicalJson, validationResult and extraction are spliced in as stored, never
 * re-encoded, so amounts keep the document's own decimals. */
#include "http.h"
#include "routes_invoices_filter.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PAGE_SIZE_DEFAULT 20
#define PAGE_SIZE_MAX 100
#define PAGE_MAX 1000000000LL

/* ---- a growable text buffer for the JSON answers ---- */

typedef struct jb {
    char *s;
    size_t n, cap;
    int oom;
} jb_t;

static void jb_add(jb_t *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->n + n + 1)
            cap *= 2;
        char *ns = realloc(b->s, cap);
        if (!ns) {
            b->oom = 1;
            return;
        }
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void jb_cstr(jb_t *b, const char *s)
{
    jb_add(b, s, strlen(s));
}

/* A JSON string literal (or null for NULL). */
static void jb_str(jb_t *b, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    if (!s) {
        jb_cstr(b, "null");
        return;
    }
    jb_add(b, "\"", 1);
    for (; *p; p++) {
        char esc[8];
        switch (*p) {
        case '"': jb_add(b, "\\\"", 2); break;
        case '\\': jb_add(b, "\\\\", 2); break;
        case '\n': jb_add(b, "\\n", 2); break;
        case '\r': jb_add(b, "\\r", 2); break;
        case '\t': jb_add(b, "\\t", 2); break;
        default:
            if (*p < 0x20) {
                snprintf(esc, sizeof esc, "\\u%04x", *p);
                jb_add(b, esc, 6);
            } else
                jb_add(b, (const char *)p, 1);
        }
    }
    jb_add(b, "\"", 1);
}

/* A stored JSON text as is, or null when absent. */
static void jb_raw_or_null(jb_t *b, const char *json)
{
    jb_cstr(b, json && *json ? json : "null");
}

static char *jb_take(jb_t *b)
{
    if (b->oom) {
        free(b->s);
        return NULL;
    }
    return b->s ? b->s : strdup("");
}

/* The fields the full resource and the summary share. */
static void common_fields(jb_t *b, const store_invoice_t *inv)
{
    jb_cstr(b, "{\"id\":");
    jb_str(b, inv->id);
    jb_cstr(b, ",\"status\":");
    jb_str(b, inv->status);
    jb_cstr(b, ",\"validationProfile\":");
    jb_str(b, inv->profile);
    jb_cstr(b, ",\"invoiceFormat\":");
    jb_str(b, inv->format[0] ? inv->format : NULL);
    jb_cstr(b, inv->sandbox ? ",\"sandbox\":true" : ",\"sandbox\":false");
    jb_cstr(b, ",\"createdAt\":");
    jb_str(b, inv->created_at);
}

static int is_processing(const store_invoice_t *inv)
{
    return strcmp(inv->status, "processing") == 0;
}

/* The invoice resource of API.md (malloc'd JSON text, NULL on OOM). */
static char *invoice_json(const store_invoice_t *inv)
{
    jb_t b = {0};
    int final = !is_processing(inv);
    common_fields(&b, inv);
    jb_cstr(&b, ",\"canonicalJson\":");
    jb_raw_or_null(&b, final ? inv->canonical_json : NULL);
    jb_cstr(&b, ",\"validationResult\":");
    jb_raw_or_null(&b, final ? inv->result_json : NULL);
    /* the extraction object (what was read, per field, for the clerk): an invoice's that was
     * extracted, null for every other; the engine vouched for it being one JSON object */
    jb_cstr(&b, ",\"extraction\":");
    jb_raw_or_null(&b, final ? inv->extraction_json : NULL);
    jb_cstr(&b, "}");
    return jb_take(&b);
}

/* One list item: no canonicalJson, validationResult reduced, plus invoiceNumber. */
static void summary_json(jb_t *b, const store_invoice_t *inv, const char *owner_email)
{
    char tmp[128];
    common_fields(b, inv);
    if (owner_email) {
        /* super-admins list every account's invoices: whose each one is (the dashboard) */
        jb_cstr(b, ",\"ownerEmail\":");
        jb_str(b, owner_email);
    }
    jb_cstr(b, ",\"invoiceNumber\":");
    jb_str(b, inv->invoice_number && *inv->invoice_number ? inv->invoice_number : NULL);
    jb_cstr(b, ",\"validationResult\":");
    if (is_processing(inv))
        jb_cstr(b, "null");
    else {
        snprintf(tmp, sizeof tmp, "{\"valid\":%s,\"errorCount\":%d,\"warningCount\":%d}",
                 inv->valid ? "true" : "false", inv->error_count, inv->warning_count);
        jb_cstr(b, tmp);
    }
    jb_cstr(b, "}");
}

/* ---- handlers ---- */

/* The invoice named by the path, readable by the caller: sends 400/404/500 and returns
 * -1 when there is none. */
static int load_invoice(einv_req_t *r, const char *id, store_invoice_t *inv)
{
    int rc;
    memset(inv, 0, sizeof *inv);
    if (!http_is_uuid(id)) {
        http_send_error(r, 400, "id: not a valid UUID", NULL);
        return -1;
    }
    rc = store_invoice_get(r->srv->store, id, r->super_admin ? NULL : r->account.id, inv);
    if (rc == EINV_ERR_NOTFOUND) {
        http_send_error(r, 404, "No invoice with this id", NULL);
        return -1;
    }
    if (rc != EINV_OK) {
        store_invoice_clear(inv);
        http_send_error(r, 500, "The invoice could not be read", NULL);
        return -1;
    }
    return 0;
}

static void h_get(einv_req_t *r, const char *const *p, int np)
{
    store_invoice_t inv;
    char *json;
    if (!http_authenticate(r))
        return;
    if (load_invoice(r, p[0], &inv) != 0)
        return;
    json = invoice_json(&inv);
    http_send_json(r, 200, json, NULL);
    free(json);
    store_invoice_clear(&inv);
}

/* A non-negative decimal query value; -1 when absent, -2 when malformed. */
static long long query_number(einv_req_t *r, const char *name, char *raw, size_t size)
{
    long long v = 0;
    size_t i;
    if (!http_query(r, name, raw, size))
        return -1;
    if (!raw[0] || strlen(raw) > 12)
        return -2;
    for (i = 0; raw[i]; i++) {
        if (!isdigit((unsigned char)raw[i]))
            return -2;
        v = v * 10 + (raw[i] - '0');
    }
    return v;
}

static void h_list(einv_req_t *r, const char *const *p, int np)
{
    static const char *const fields[] = {"createdAt", "status", "validationProfile", "invoiceFormat"};
    char raw[64], sortbuf[80], msg[200];
    const char *field = "createdAt";
    int desc = 1;
    long long page = 0, size = PAGE_SIZE_DEFAULT, v;
    store_page_t pg;
    list_query_t q;
    jb_t b = {0};
    size_t i;
    char *json;
    int rc;
    if (!http_authenticate(r))
        return;
    if (list_query_read(r, &q) != 0)
        return;
    v = query_number(r, "page", raw, sizeof raw);
    if (v == -2 || v > PAGE_MAX) {
        http_send_error(r, 400, "page: must be an integer >= 0", NULL);
        return;
    }
    if (v >= 0)
        page = v;
    v = query_number(r, "size", raw, sizeof raw);
    if (v == -2 || v == 0) {
        http_send_error(r, 400, "size: must be an integer between 1 and 100", NULL);
        return;
    }
    if (v > PAGE_SIZE_MAX) {
        http_send_error(r, 400, "size: at most 100", NULL);
        return;
    }
    if (v > 0)
        size = v;
    if (http_query(r, "sort", sortbuf, sizeof sortbuf)) {
        char *comma = strchr(sortbuf, ',');
        const char *dir = NULL;
        if (comma) {
            *comma = 0;
            dir = comma + 1;
        }
        field = NULL;
        for (i = 0; i < sizeof fields / sizeof fields[0]; i++)
            if (strcmp(sortbuf, fields[i]) == 0)
                field = fields[i];
        if (!field) {
            http_send_error(r, 400, "sort: unknown field (createdAt, status, validationProfile or invoiceFormat)", NULL);
            return;
        }
        /* a bare field sorts ascending, as in Spring Data; createdAt,desc is the default
         * only when sort is absent */
        if (!dir || strcasecmp(dir, "asc") == 0)
            desc = 0;
        else if (strcasecmp(dir, "desc") == 0)
            desc = 1;
        else {
            http_send_error(r, 400, "sort: direction must be asc or desc", NULL);
            return;
        }
    }
    if (q.f.after) {
        /* keyset paging: new invoices since the cursor, in createdAt order, no count */
        store_invoice_t cur;
        if (strcmp(field, "createdAt") != 0) {
            http_send_error(r, 400, "after: only with sort=createdAt (asc or desc)", NULL);
            return;
        }
        if (page != 0) {
            http_send_error(r, 400, "after: not with page (the page begins after the cursor)", NULL);
            return;
        }
        memset(&cur, 0, sizeof cur);
        rc = store_invoice_get(r->srv->store, q.f.after, r->super_admin ? NULL : r->account.id, &cur);
        store_invoice_clear(&cur);
        if (rc != EINV_OK) {
            http_send_error(r, rc == EINV_ERR_NOTFOUND ? 400 : 500, rc == EINV_ERR_NOTFOUND
                            ? "after: no invoice with this id" : "The invoices could not be listed", NULL);
            return;
        }
    }
    memset(&pg, 0, sizeof pg);
    rc = store_invoice_list_where(r->srv->store, r->super_admin ? NULL : r->account.id, &q.f, page,
                                  size, field, desc, &pg);
    if (rc != EINV_OK) {
        http_send_error(r, 500, "The invoices could not be listed", NULL);
        return;
    }
    jb_cstr(&b, "{\"content\":[");
    for (i = 0; i < pg.n; i++) {
        store_account_t owner;
        int have = 0;
        if (i)
            jb_cstr(&b, ",");
        memset(&owner, 0, sizeof owner);
        if (r->super_admin)
            have = store_account_by_id(r->srv->store, pg.items[i].account_id, &owner) == EINV_OK;
        summary_json(&b, &pg.items[i], have ? owner.email : NULL);
        store_account_clear(&owner);
    }
    if (pg.total < 0)   /* a keyset page (after): not counted */
        snprintf(msg, sizeof msg, "],\"page\":0,\"size\":%lld,\"totalElements\":null,\"totalPages\":null,\"sort\":",
                 size);
    else
        snprintf(msg, sizeof msg,
                 "],\"page\":%lld,\"size\":%lld,\"totalElements\":%lld,\"totalPages\":%lld,\"sort\":",
                 page, size, pg.total, (pg.total + size - 1) / size);
    jb_cstr(&b, msg);
    snprintf(sortbuf, sizeof sortbuf, "%s,%s", field, desc ? "desc" : "asc");
    jb_str(&b, sortbuf);
    jb_cstr(&b, "}");
    store_page_clear(&pg);
    json = jb_take(&b);
    http_send_json(r, 200, json, NULL);
    free(json);
}

/* Downloads: 401 → 400 → 404 → 409 here, then 501 (export module left out) or 200 in
 * routes_download.c. */
void routes_download_send(einv_req_t *r, const store_invoice_t *inv, int idoc);

static void download(einv_req_t *r, const char *id, int idoc)
{
    store_invoice_t inv;
    if (!http_authenticate(r))
        return;
    if (load_invoice(r, id, &inv) != 0)
        return;
    if (is_processing(&inv))
        http_send_error(r, 409, "The invoice is still being processed; retry shortly",
                        "Retry-After: 2\r\n");
    else if (strcmp(inv.status, "validated") != 0)
        http_send_error(r, 409, "The invoice failed validation and cannot be exported", NULL);
    else
        routes_download_send(r, &inv, idoc);
    store_invoice_clear(&inv);
}

static void h_download_pdf(einv_req_t *r, const char *const *p, int np)
{
    download(r, p[0], 0);
}

static void h_download_idoc(einv_req_t *r, const char *const *p, int np)
{
    download(r, p[0], 1);
}

/* Registered by routes_invoices_register (routes_invoices.c). */
void routes_invoices_read_register(void);
void routes_invoices_read_register(void)
{
    http_route("GET", "/api/v1/invoices", h_list);
    http_route("GET", "/api/v1/invoices/{id}", h_get);
    http_route("GET", "/api/v1/invoices/{id}/download", h_download_pdf);
    http_route("GET", "/api/v1/invoices/{id}/download/idoc", h_download_idoc);
}
