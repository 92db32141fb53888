/* The readable HTML report: one self-contained page (inline CSS, no script, no image, no
 * external resource, so it can be mailed, archived or printed as it is). For a run: the
 * summary (files, valid, invalid, findings per rule), then one section per document; for
 * one invoice (GET /api/v1/invoices/{id}/report) that section alone. A section gives the
 * verdict, the canonical invoice's key data (number, type, dates, seller, buyer, totals:
 * amounts as written in the document, never through a double) and the findings grouped
 * by layer, each with its rule, field, message (the rule text) and suggestion. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

static const char CSS[] =
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b1f24;margin:2em auto;"
    "max-width:1100px;padding:0 1em}"
    "h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.25em;margin:1.6em 0 .4em;border-bottom:2px solid #d0d7de}"
    "h3{font-size:1.05em;margin:1.2em 0 .3em}"
    "table{border-collapse:collapse;width:100%;margin:.4em 0}th,td{border:1px solid #d0d7de;padding:.3em .5em;"
    "text-align:left;vertical-align:top}th{background:#f3f5f7}td.num{text-align:right;font-variant-numeric:tabular-nums}"
    "code{font:12px/1.3 ui-monospace,Menlo,Consolas,monospace;word-break:break-all}"
    ".ok{color:#116329;font-weight:600}.bad{color:#a40e26;font-weight:600}"
    ".sev-ERROR{color:#a40e26;font-weight:600}.sev-WARNING{color:#7d4e00;font-weight:600}.sev-INFO{color:#0550ae}"
    ".kv{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:.6em 1.4em}"
    ".kv div{border:1px solid #d0d7de;border-radius:4px;padding:.4em .6em}.kv b{display:block;font-size:.8em;"
    "color:#57606a;text-transform:uppercase}.muted{color:#57606a}.hint{color:#57606a;font-size:.92em}"
    "section.doc{page-break-before:auto;break-inside:auto}"
    "@media print{body{margin:0;max-width:none;font-size:11px}a{color:inherit;text-decoration:none}"
    "section.doc+section.doc{break-before:page}tr{break-inside:avoid}th{background:#eee!important}}";

static const char *const LAYERS[] = {"SCHEMA", "SYNTAX", "CORE", "PROFILE", "PDF", "EXTRACTION"};
static const char *const LAYER_TITLES[] = {
    "Schema (well-formedness, structure, data types)", "Syntax binding rules", "EN 16931 business rules",
    "Profile rules (CIUS, extension)", "Hybrid PDF container", "Extraction confidence"};

struct einv_rep_html {
    char *title;
    FILE *spool;    /* the documents' sections */
    FILE *index;    /* one row per document for the run's summary */
    size_t docs;
};

static void esc(FILE *o, const char *s)
{
    einv_rep_xml_text(o, s);
}

/* ---- the canonical invoice's key data ---- */

static json_object *obj(json_object *o, const char *key)
{
    json_object *v;
    return o && json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_object) ? v : NULL;
}

/* A scalar member as its JSON text (numbers keep the document's digits); NULL if absent. */
static const char *text(json_object *o, const char *key)
{
    json_object *v;
    if (!o || !json_object_object_get_ex(o, key, &v) || !v || json_object_is_type(v, json_type_object) ||
        json_object_is_type(v, json_type_array))
        return NULL;
    return json_object_get_string(v);
}

static void kv(FILE *o, const char *label, const char *value, const char *unit)
{
    if (!value || !*value)
        return;
    fputs("<div><b>", o);
    esc(o, label);
    fputs("</b>", o);
    esc(o, value);
    if (unit && *unit) {
        fputs(" ", o);
        esc(o, unit);
    }
    fputs("</div>", o);
}

/* Name, VAT id and address of the seller or buyer in one box. */
static void party(FILE *o, const char *label, json_object *p)
{
    json_object *a = obj(p, "address");
    const char *parts[] = {text(a, "line1"), text(a, "postalCode"), text(a, "city"), text(a, "countryCode")};
    size_t i;
    int any = 0;
    if (!p)
        return;
    fputs("<div><b>", o);
    esc(o, label);
    fputs("</b>", o);
    esc(o, text(p, "name") ? text(p, "name") : "(no name)");
    if (text(p, "vatId")) {
        fputs("<br><span class=\"muted\">VAT ", o);
        esc(o, text(p, "vatId"));
        fputs("</span>", o);
    }
    for (i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (parts[i] && *parts[i]) {
            fputs(any ? (i == 2 ? " " : ", ") : "<br><span class=\"muted\">", o);
            esc(o, parts[i]);
            any = 1;
        }
    if (any)
        fputs("</span>", o);
    fputs("</div>", o);
}

static void key_data(FILE *o, json_object *c)
{
    static const struct {
        const char *key, *label;
    } TOTALS[] = {{"lineNetAmount", "Sum of line net amounts (BT-106)"},
                  {"taxExclusiveAmount", "Total without VAT (BT-109)"},
                  {"taxAmount", "Total VAT (BT-110)"},
                  {"taxInclusiveAmount", "Total with VAT (BT-112)"},
                  {"prepaidAmount", "Paid amount (BT-113)"},
                  {"payableAmount", "Amount due (BT-115)"}};
    json_object *t = obj(c, "totals");
    const char *cur = text(c, "currency");
    size_t i;
    fputs("<h3>Invoice</h3><div class=\"kv\">", o);
    kv(o, "Invoice number (BT-1)", text(c, "invoiceNumber"), NULL);
    kv(o, "Type code (BT-3)", text(c, "typeCode"), NULL);
    kv(o, "Issue date (BT-2)", text(c, "issueDate"), NULL);
    kv(o, "Due date (BT-9)", text(c, "dueDate"), NULL);
    kv(o, "Currency (BT-5)", cur, NULL);
    kv(o, "Buyer reference (BT-10)", text(c, "buyerReference"), NULL);
    party(o, "Seller (BG-4)", obj(c, "supplier"));
    party(o, "Buyer (BG-7)", obj(c, "buyer"));
    fputs("</div>", o);
    if (!t)
        return;
    fputs("<table><tr><th>Totals (BG-22)</th><th>Amount</th></tr>", o);
    for (i = 0; i < sizeof TOTALS / sizeof TOTALS[0]; i++) {
        const char *v = text(t, TOTALS[i].key);
        if (!v)
            continue;
        fputs("<tr><td>", o);
        esc(o, TOTALS[i].label);
        fputs("</td><td class=\"num\">", o);
        esc(o, v);
        if (cur) {
            fputs(" ", o);
            esc(o, cur);
        }
        fputs("</td></tr>", o);
    }
    fputs("</table>", o);
}

/* ---- findings ---- */

static void finding_row(FILE *o, const einv_rep_finding_t *f)
{
    fputs("<tr><td class=\"sev-", o);
    esc(o, f->severity);
    fputs("\">", o);
    esc(o, f->severity);
    fputs("</td><td><code>", o);
    if (*f->url) {
        fputs("<a href=\"", o);
        esc(o, f->url);
        fputs("\">", o);
        esc(o, f->code);
        fputs("</a>", o);
    } else
        esc(o, f->code);
    fputs("</code>", o);
    if (*f->terms) {
        fputs("<br><span class=\"hint\">", o);
        esc(o, f->terms);
        fputs("</span>", o);
    }
    fputs("</td><td>", o);
    esc(o, f->message);
    if (*f->suggestion) {
        fputs("<br><span class=\"hint\">Fix: ", o);
        esc(o, f->suggestion);
        fputs("</span>", o);
    }
    fputs("</td><td><code>", o);
    esc(o, f->field);
    fputs("</code></td></tr>", o);
}

static int layer_known(const char *layer)
{
    size_t i;
    for (i = 0; i < sizeof LAYERS / sizeof LAYERS[0]; i++)
        if (strcmp(layer, LAYERS[i]) == 0)
            return 1;
    return 0;
}

/* The findings of one layer (NULL: those of layers this page does not know). */
static void layer_table(FILE *o, const einv_rep_doc_t *d, const char *layer, const char *title)
{
    size_t i, n = 0;
    for (i = 0; i < d->n; i++)
        n += layer ? strcmp(d->f[i].layer, layer) == 0 : !layer_known(d->f[i].layer);
    if (!n)
        return;
    fprintf(o, "<h3>");
    esc(o, title);
    fprintf(o, " <span class=\"muted\">(%zu)</span></h3>", n);
    /* thead: a printed table repeats its header on every page */
    fputs("<table><thead><tr><th style=\"width:7em\">Severity</th><th style=\"width:14em\">Rule</th>"
          "<th>Finding and fix</th><th style=\"width:22em\">Field</th></tr></thead>", o);
    for (i = 0; i < d->n; i++)
        if (layer ? strcmp(d->f[i].layer, layer) == 0 : !layer_known(d->f[i].layer))
            finding_row(o, &d->f[i]);
    fputs("</table>", o);
}

static void doc_section(FILE *o, const einv_rep_doc_t *d, size_t index)
{
    size_t i;
    fprintf(o, "<section class=\"doc\" id=\"doc-%zu\"><h2>", index);
    esc(o, d->name);
    fprintf(o, " &mdash; <span class=\"%s\">%s</span></h2>", d->valid ? "ok" : "bad", d->valid ? "valid" : "invalid");
    fputs("<p>Profile <b>", o);
    esc(o, d->profile);
    fputs("</b>", o);
    if (*d->format) {
        fputs(", format <b>", o);
        esc(o, d->format);
        fputs("</b>", o);
    }
    fprintf(o, ": %zu error%s, %zu warning%s, %zu note%s.</p>", d->errors, d->errors == 1 ? "" : "s",
            d->warnings, d->warnings == 1 ? "" : "s", d->infos, d->infos == 1 ? "" : "s");
    if (d->canonical)
        key_data(o, d->canonical);
    else
        fputs("<p class=\"muted\">No canonical invoice: the document could not be read as an invoice.</p>", o);
    if (d->n == 0)
        fputs("<h3>Findings</h3><p class=\"ok\">No findings.</p>", o);
    for (i = 0; i < sizeof LAYERS / sizeof LAYERS[0]; i++)
        layer_table(o, d, LAYERS[i], LAYER_TITLES[i]);
    layer_table(o, d, NULL, "Other findings");
    fputs("</section>\n", o);
}

/* ---- the page ---- */

einv_rep_html_t *einv_rep_html_begin(const char *title)
{
    einv_rep_html_t *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->title = strdup(title ? title : "Validation report");
    h->spool = einv_rep_spool();
    h->index = einv_rep_spool();
    if (!h->title || !h->spool || !h->index) {
        if (h->spool)
            fclose(h->spool);
        if (h->index)
            fclose(h->index);
        free(h->title);
        free(h);
        return NULL;
    }
    return h;
}

void einv_rep_html_add(einv_rep_html_t *h, const einv_rep_doc_t *d)
{
    doc_section(h->spool, d, ++h->docs);
    fprintf(h->index, "<tr><td><a href=\"#doc-%zu\">", h->docs);
    esc(h->index, d->name);
    fprintf(h->index, "</a></td><td class=\"%s\">%s</td><td class=\"num\">%zu</td><td class=\"num\">%zu</td></tr>",
            d->valid ? "ok" : "bad", d->valid ? "valid" : "invalid", d->errors, d->warnings);
}

static void summary(FILE *o, const einv_rep_tally_t *t)
{
    size_t i;
    fprintf(o, "<h2>Summary</h2><table><tr><th>Files</th><th>Valid</th><th>Invalid</th><th>Unreadable</th></tr>"
               "<tr><td class=\"num\">%zu</td><td class=\"num ok\">%zu</td><td class=\"num bad\">%zu</td>"
               "<td class=\"num\">%zu</td></tr></table>",
            t->files, t->valid, t->invalid, t->unreadable);
    if (!t->n_rules)
        return;
    fputs("<h3>Findings per rule</h3><table><thead><tr><th>Rule</th><th>Severity</th><th>Findings</th>"
          "<th>Files</th></tr></thead>", o);
    for (i = 0; i < t->n_rules; i++) {
        fputs("<tr><td><code>", o);
        esc(o, t->rules[i].code);
        fputs("</code></td><td class=\"sev-", o);
        esc(o, t->rules[i].severity);
        fputs("\">", o);
        esc(o, t->rules[i].severity);
        fprintf(o, "</td><td class=\"num\">%zu</td><td class=\"num\">%zu</td></tr>", t->rules[i].findings,
                t->rules[i].files);
    }
    fputs("</table>", o);
}

/* The page up to its body's content, and its end. */
static void page_head(FILE *o, const char *title)
{
    char now[32];
    einv_rep_now(now);
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>", o);
    esc(o, title);
    fprintf(o, "</title><style>%s</style></head><body><header><h1>", CSS);
    esc(o, title);
    fprintf(o, "</h1><p class=\"muted\">Made by einvoice on %s (UTC).</p></header>\n", now);
}

static void page_tail(FILE *o)
{
    fputs("</body></html>\n", o);
}

int einv_rep_html_end(einv_rep_html_t *h, FILE *o, const einv_rep_tally_t *tally)
{
    int rc = 0;
    page_head(o, h->title);
    if (tally) {
        summary(o, tally);
        fputs("<h3>Files</h3><table><thead><tr><th>File</th><th>Verdict</th><th>Errors</th><th>Warnings</th>"
              "</tr></thead>", o);
        if (einv_rep_spool_copy(h->index, o) != 0)
            rc = -1;
        fputs("</table>\n", o);
    } else
        fclose(h->index);
    if (einv_rep_spool_copy(h->spool, o) != 0)
        rc = -1;
    page_tail(o);
    if (ferror(o))
        rc = -1;
    free(h->title);
    free(h);
    return rc;
}

/* One document needs no spool: the page is written straight into memory. */
char *einv_rep_html_single(const einv_rep_doc_t *d, const char *title, size_t *len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *o = open_memstream(&buf, &n);
    int failed;
    if (!o)
        return NULL;
    page_head(o, title ? title : "Validation report");
    doc_section(o, d, 1);
    page_tail(o);
    failed = ferror(o);
    if (fclose(o) != 0 || failed || !buf) {
        free(buf);
        return NULL;
    }
    if (len)
        *len = n;
    return buf;
}
