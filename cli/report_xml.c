/* The XML report of one document, as the KoSIT validator writes one per file: the verdict,
 * the counts and every finding with its rule, severity, layer, field, message, suggestion
 * and documentation URL. Namespace urn:einvoice:report:1; its schema is
 * tests/data/schemas-reports/einvoice-report.xsd (docs/cli.md). */
#include "report.h"

#define REPORT_NS "urn:einvoice:report:1"

static void attr(FILE *o, const char *name, const char *value)
{
    fprintf(o, " %s=\"", name);
    einv_rep_xml_text(o, value);
    fputc('"', o);
}

static void element(FILE *o, const char *indent, const char *name, const char *text)
{
    if (!text || !*text)
        return;
    fprintf(o, "%s<%s>", indent, name);
    einv_rep_xml_text(o, text);
    fprintf(o, "</%s>\n", name);
}

void einv_rep_xml_doc(FILE *o, const einv_rep_doc_t *d, int standalone)
{
    char now[32];
    size_t i;
    einv_rep_now(now);
    if (standalone)
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", o);
    fputs("<report xmlns=\"" REPORT_NS "\"", o);
    attr(o, "file", d->name);
    attr(o, "profile", d->profile);
    if (*d->format)
        attr(o, "invoiceFormat", d->format);
    fprintf(o, " valid=\"%s\" errors=\"%zu\" warnings=\"%zu\" infos=\"%zu\" created=\"%s\">\n",
            d->valid ? "true" : "false", d->errors, d->warnings, d->infos, now);
    for (i = 0; i < d->n; i++) {
        const einv_rep_finding_t *f = &d->f[i];
        fputs("  <finding", o);
        attr(o, "code", f->code);
        attr(o, "severity", f->severity);
        attr(o, "layer", f->layer);
        fputs(">\n", o);
        element(o, "    ", "field", f->field);
        element(o, "    ", "message", f->message);
        element(o, "    ", "suggestion", f->suggestion);
        element(o, "    ", "terms", f->terms);
        element(o, "    ", "documentationUrl", f->url);
        fputs("  </finding>\n", o);
    }
    fputs("</report>\n", o);
}

void einv_rep_xml_begin_many(FILE *o)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<reports xmlns=\"" REPORT_NS "\">\n", o);
}

void einv_rep_xml_end_many(FILE *o)
{
    fputs("</reports>\n", o);
}
