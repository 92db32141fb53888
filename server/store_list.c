/* The WHERE clause of an invoice listing, shared by both backends (store_int.h): only the
 * conditions that are set are written, so each query has the shape an index serves
 * (account_id first, then status or invoice_number, then created_at: migration 003). Values
 * travel as parameters, never in the text. */
#include <stdio.h>
#include <string.h>
#include "store_int.h"

/* Append "AND <col> <op> <placeholder>" for one value. cast: the PostgreSQL type, or "". */
static void cond(store_where_t *w, int pg, const char *col, const char *op, const char *cast,
                 const char *val)
{
    size_t len = strlen(w->sql);
    if (w->n >= (int)(sizeof w->vals / sizeof w->vals[0]))
        return;
    w->vals[w->n++] = val;
    if (pg)
        snprintf(w->sql + len, sizeof w->sql - len, "%s%s %s $%d%s", len ? " AND " : "", col, op,
                 w->n, cast);
    else
        snprintf(w->sql + len, sizeof w->sql - len, "%s%s %s ?", len ? " AND " : "", col, op);
}

void store_list_where(store_where_t *w, const char *account_id, const store_list_filter_t *f, int pg)
{
    memset(w, 0, sizeof *w);
    if (account_id)
        cond(w, pg, "account_id", "=", pg ? "::uuid" : "", account_id);
    if (f->status)
        cond(w, pg, "status", "=", "", f->status);
    if (f->profile)
        cond(w, pg, "profile", "=", "", f->profile);
    if (f->format)
        cond(w, pg, "invoice_format", "=", "", f->format);
    if (f->invoice_number)
        cond(w, pg, "invoice_number", "=", "", f->invoice_number);
    /* SQLite keeps ISO 8601 UTC text with milliseconds, whose text order is time order;
     * PostgreSQL reads the same text as timestamptz */
    if (f->from_ms >= 0) {
        store_time_iso(f->from_ms, w->times[0]);
        cond(w, pg, "created_at", ">=", pg ? "::timestamptz" : "", w->times[0]);
    }
    if (f->to_ms >= 0) {
        store_time_iso(f->to_ms, w->times[1]);
        cond(w, pg, "created_at", "<=", pg ? "::timestamptz" : "", w->times[1]);
    }
    if (!w->sql[0])
        snprintf(w->sql, sizeof w->sql, "%s", pg ? "TRUE" : "1");
}

void store_list_after(store_where_t *w, const store_list_filter_t *f, int desc, int pg)
{
    /* (created_at, seq) past the cursor's row: the index on (account_id, created_at) serves
     * it (seq is SQLite's rowid; on PostgreSQL ties of created_at are few). An id that names
     * no invoice gives NULL and so no row (the route checks the cursor first). */
    size_t len;
    if (!f->after || w->n >= (int)(sizeof w->vals / sizeof w->vals[0]))
        return;
    if (!strcmp(w->sql, "1") || !strcmp(w->sql, "TRUE"))
        w->sql[0] = 0;
    len = strlen(w->sql);
    w->vals[w->n++] = f->after;
    if (pg)
        snprintf(w->sql + len, sizeof w->sql - len, "%s(created_at, seq) %s (SELECT created_at, seq"
                 " FROM invoices WHERE id = $%d::uuid)", len ? " AND " : "", desc ? "<" : ">", w->n);
    else
        snprintf(w->sql + len, sizeof w->sql - len, "%s(created_at, seq) %s (SELECT created_at, seq"
                 " FROM invoices WHERE id = ?)", len ? " AND " : "", desc ? "<" : ">");
}
