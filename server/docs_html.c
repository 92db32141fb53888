/* The rule pages (docs_rules.h): the index (per profile, searchable by code, business term or
 * text with a plain GET form), one page per code and the not-found page. Self-contained: inline
 * CSS, no script, no image, nothing loaded from elsewhere; links are relative so the pages work
 * behind a proxy that mounts the service under a prefix. */
#define _GNU_SOURCE
#include "docs_rules.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_RESULTS 300

static const char CSS[] =
    "body{font:15px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b1f24;margin:0 auto;"
    "max-width:1100px;padding:1em}header{display:flex;gap:1em;align-items:center;flex-wrap:wrap;"
    "border-bottom:2px solid #d0d7de;padding-bottom:.5em}header a{font-weight:600}"
    "h1{font-size:1.6em;margin:.6em 0 .2em}h2{font-size:1.2em;margin:1.4em 0 .4em}"
    "table{border-collapse:collapse;width:100%}th,td{border:1px solid #d0d7de;padding:.3em .5em;text-align:left;"
    "vertical-align:top}th{background:#f3f5f7}code,pre{font:13px/1.4 ui-monospace,Menlo,Consolas,monospace}"
    "pre{background:#f6f8fa;border:1px solid #d0d7de;padding:.6em;overflow-x:auto;white-space:pre-wrap}"
    "pre.bad{border-left:4px solid #a40e26}pre.good{border-left:4px solid #116329}"
    "dl{display:grid;grid-template-columns:max-content 1fr;gap:.3em 1em}dt{font-weight:600;color:#57606a}"
    "dd{margin:0}.sev-ERROR{color:#a40e26;font-weight:600}.sev-WARNING{color:#7d4e00;font-weight:600}"
    ".sev-INFO{color:#0550ae}.muted{color:#57606a}input[type=search]{min-width:18em;padding:.2em}";

void docs_html_text(FILE *o, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", o); break;
        case '<': fputs("&lt;", o); break;
        case '>': fputs("&gt;", o); break;
        case '"': fputs("&quot;", o); break;
        case '\'': fputs("&#39;", o); break;
        default: fputc(*s, o);
        }
    }
}

/* A path segment or query value, percent-encoded (then safe in an attribute too). */
static void url_part(FILE *o, const char *s)
{
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
            c == '.' || c == '_' || c == '~')
            fputc(c, o);
        else
            fprintf(o, "%%%02X", c);
    }
}

/* base: the way back to /docs/ from the page ("" from /docs/rules, "../" from a rule page). */
static void head(FILE *o, const char *title, const char *base, const char *query)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>", o);
    docs_html_text(o, title);
    fprintf(o, "</title><style>%s</style></head><body><header><a href=\"%srules\">Rule documentation</a>"
               "<form method=\"get\" action=\"%srules\"><input type=\"search\" name=\"q\" "
               "placeholder=\"code, BT-/BG- term or words\" aria-label=\"Search rules\" value=\"",
            CSS, base, base);
    docs_html_text(o, query);
    fputs("\"> <button type=\"submit\">Search</button></form></header><main>\n", o);
}

static char *finish(FILE *o, char **buf, size_t *len)
{
    fputs("</main></body></html>\n", o);
    if (fclose(o) != 0) {
        free(*buf);
        *len = 0;
        return NULL;
    }
    return *buf;
}

static void rule_row(FILE *o, const char *base, const einv_rule_t *r, const char *source)
{
    fprintf(o, "<tr><td><a href=\"%srules/", base);
    url_part(o, r->id);
    fputs("\"><code>", o);
    docs_html_text(o, r->id);
    fprintf(o, "</code></a></td><td class=\"sev-%s\">%s</td><td>%s</td><td>", einv_severity_name(r->severity),
            einv_severity_name(r->severity), einv_layer_name(r->layer));
    docs_html_text(o, r->terms);
    fputs("</td><td>", o);
    docs_html_text(o, r->message);
    fputs("</td><td class=\"muted\">", o);
    docs_html_text(o, source);
    fputs("</td></tr>\n", o);
}

static const char TABLE_HEAD[] =
    "<table><thead><tr><th>Code</th><th>Severity</th><th>Layer</th><th>Terms</th><th>What it checks</th>"
    "<th>From</th></tr></thead><tbody>\n";

typedef struct emit {
    FILE *o;
    const char *query;
    size_t n;
    /* search: the codes shown so far (a code in several tables is shown once) */
    const char *shown[MAX_RESULTS];
} emit_t;

static void emit_all(void *arg, const einv_rule_t *r, const char *source)
{
    emit_t *m = arg;
    rule_row(m->o, "", r, source);
    m->n++;
}

/* Search: case-insensitive substring of the code, the terms or the text. */
static void emit_match(void *arg, const einv_rule_t *r, const char *source)
{
    emit_t *m = arg;
    size_t i;
    if (m->n >= MAX_RESULTS ||
        !(strcasestr(r->id, m->query) || (r->terms && strcasestr(r->terms, m->query)) ||
          (r->message && strcasestr(r->message, m->query))))
        return;
    for (i = 0; i < m->n; i++)
        if (strcmp(m->shown[i], r->id) == 0)
            return;
    m->shown[m->n++] = r->id;
    rule_row(m->o, "", r, source);
}

static void count_one(void *arg, const einv_rule_t *r, const char *source)
{
    (void)r;
    (void)source;
    ++*(size_t *)arg;
}

static void profiles_table(FILE *o, einv_engine_t *e)
{
    size_t i;
    fputs("<h2>Profiles installed here</h2><table><thead><tr><th>Profile</th><th>Builds on</th>"
          "<th>Follows</th><th>Rules</th></tr></thead><tbody>\n", o);
    for (i = 0; i < einv_engine_profile_count(e); i++) {
        const einv_profile_ops_t *p = einv_engine_profile_at(e, i);
        size_t count = 0;
        docs_profile_each(e, p, count_one, &count);
        fputs("<tr><td><a href=\"rules?profile=", o);
        url_part(o, p->name);
        fputs("\">", o);
        docs_html_text(o, p->name);
        fputs("</a></td><td>", o);
        docs_html_text(o, p->base ? p->base : "—");
        fputs("</td><td>", o);
        docs_html_text(o, p->artefact);
        fprintf(o, "</td><td>%zu</td></tr>\n", count);
    }
    fputs("</tbody></table>\n", o);
}

char *docs_html_index(einv_engine_t *e, const char *profile, const char *query, size_t *len)
{
    char *buf = NULL;
    FILE *o = open_memstream(&buf, len);
    emit_t m = {0};
    size_t i;
    if (!o)
        return NULL;
    m.o = o;
    if (profile && *profile) {
        const einv_profile_ops_t *p = einv_engine_profile(e, profile);
        char title[200];
        snprintf(title, sizeof title, "%s rules", p->name);
        head(o, title, "", "");
        fputs("<h1>", o);
        docs_html_text(o, title);
        fputs("</h1><p>Every code a validation under this profile can report: the core's own findings, "
              "the syntax-binding rules of the format plugins, then the rules of the profile chain, base "
              "first. It follows <b>", o);
        docs_html_text(o, p->artefact);
        fputs("</b>.</p>\n", o);
        fputs(TABLE_HEAD, o);
        docs_profile_each(e, p, emit_all, &m);
        fprintf(o, "</tbody></table><p class=\"muted\">%zu codes.</p>\n", m.n);
    } else if (query && *query) {
        head(o, "Rule search", "", query);
        fputs("<h1>Rules matching “", o);
        docs_html_text(o, query);
        fputs("”</h1>\n", o);
        fputs(TABLE_HEAD, o);
        m.query = query;
        for (i = 0; i < docs_service_rules_count; i++)
            emit_match(&m, docs_service_rules[i], "service");
        for (i = 0; i < einv_engine_profile_count(e); i++)
            docs_profile_each(e, einv_engine_profile_at(e, i), emit_match, &m);
        fprintf(o, "</tbody></table><p class=\"muted\">%zu found%s.</p>\n", m.n,
                m.n >= MAX_RESULTS ? " (the first ones only: narrow the search)" : "");
    } else {
        head(o, "Rule documentation", "", "");
        fputs("<h1>Rule documentation</h1><p>One page for every code this installation can report, "
              "made from the rule tables of its plugins: what the rule checks, the business terms, "
              "how to fix it, and for many rules a checked example. Findings link here through their "
              "<code>documentationUrl</code> (setting <code>EINV_DOCS_URL</code>).</p>\n", o);
        profiles_table(o, e);
        fputs("<h2>Codes of the service itself</h2>", o);
        fputs(TABLE_HEAD, o);
        for (i = 0; i < docs_service_rules_count; i++)
            rule_row(o, "", docs_service_rules[i], "service");
        fputs("</tbody></table>\n", o);
    }
    return finish(o, &buf, len);
}

/* ---- one rule ---- */

static void example_section(FILE *o, einv_engine_t *e, const char *code, const docs_hit_t *hits, size_t n)
{
    docs_example_t ex;
    size_t i;
    int service = 0;
    fputs("<h2>Example</h2>\n", o);
    if (docs_example(e, code, &ex) == 0) {
        fprintf(o, "<p>Checked by this server: the two fragments are the only difference between two "
                   "complete %s invoices validated under %s. The first is reported with this code, the "
                   "second is not (it may still be reported with others that the sample has anyway).</p>"
                   "<h3>Fails</h3><pre class=\"bad\">", ex.syntax, ex.profile);
        docs_html_text(o, ex.failing);
        fputs("</pre><h3>Passes</h3><pre class=\"good\">", o);
        docs_html_text(o, ex.passing);
        fputs("</pre>\n", o);
        return;
    }
    for (i = 0; i < n; i++)
        service |= strcmp(hits[i].source, "service") == 0 || strcmp(hits[i].source, "core") == 0;
    fputs("<p class=\"muted\">No example is shown: ", o);
    fputs(service ? "this code is about the document or the processing as a whole (its size, its form, "
                    "the service's limits), not about one element that a fragment could show."
                  : "none of the changes this server tries on its valid sample invoices (removing an "
                    "element, giving it a value outside its code list, changing an amount) makes this "
                    "rule fire on its own, so no example could be checked.", o);
    fputs("</p>\n", o);
}

static void profiles_reporting(FILE *o, einv_engine_t *e, const char *code, const char *base)
{
    size_t i, k = 0;
    fputs("<dt>Reported under</dt><dd>", o);
    for (i = 0; i < einv_engine_profile_count(e); i++) {
        const einv_profile_ops_t *p = einv_engine_profile_at(e, i);
        if (!docs_profile_reports(e, p, code))
            continue;
        fprintf(o, "%s<a href=\"%srules?profile=", k++ ? ", " : "", base);
        url_part(o, p->name);
        fputs("\">", o);
        docs_html_text(o, p->name);
        fputs("</a> <span class=\"muted\">(", o);
        docs_html_text(o, p->artefact);
        fputs(")</span>", o);
    }
    fputs(k ? "</dd>\n" : "the service itself (not a profile's rule)</dd>\n", o);
}

char *docs_html_rule(einv_engine_t *e, const char *code, size_t *len)
{
    docs_hit_t hits[16];
    size_t n = docs_lookup(e, code, hits, 16), i, j;
    char *buf = NULL, title[300];
    FILE *o;
    *len = 0;
    if (n == 0)
        return NULL;
    o = open_memstream(&buf, len);
    if (!o)
        return NULL;
    snprintf(title, sizeof title, "%s: %s", code, hits[0].rule->message);
    head(o, title, "../", "");
    fputs("<h1><code>", o);
    docs_html_text(o, code);
    fputs("</code></h1>\n<dl>", o);
    fprintf(o, "<dt>Severity</dt><dd class=\"sev-%s\">%s</dd><dt>Layer</dt><dd>%s</dd>",
            einv_severity_name(hits[0].rule->severity), einv_severity_name(hits[0].rule->severity),
            einv_layer_name(hits[0].rule->layer));
    fputs("<dt>Business terms</dt><dd>", o);
    docs_html_text(o, hits[0].rule->terms && *hits[0].rule->terms ? hits[0].rule->terms : "none in particular");
    fputs("</dd><dt>Defined by</dt><dd>", o);
    for (i = 0; i < n; i++) {
        fputs(i ? ", " : "", o);
        docs_html_text(o, strcmp(hits[i].source, "core") == 0 ? "the validation core"
                          : strcmp(hits[i].source, "service") == 0 ? "the service"
                                                                   : hits[i].source);
        if (hits[i].profile) {
            fputs(" <span class=\"muted\">(", o);
            docs_html_text(o, hits[i].profile->artefact);
            fputs(")</span>", o);
        } else if (!strcmp(hits[i].source, "core") || !strcmp(hits[i].source, "service"))
            ;
        else
            fputs(" <span class=\"muted\">(format plugin: syntax binding rules)</span>", o);
    }
    fputs("</dd>", o);
    profiles_reporting(o, e, code, "../");
    fputs("</dl>\n", o);
    /* the text of each table that holds the code (a profile may word or flag it otherwise) */
    for (i = 0; i < n; i++) {
        for (j = 0; j < i; j++)
            if (strcmp(hits[j].rule->message, hits[i].rule->message) == 0 &&
                strcmp(hits[j].rule->suggestion, hits[i].rule->suggestion) == 0)
                break;
        if (j < i)
            continue;
        /* several tables with their own words: a section each, headed by who reports it */
        const char *h = n > 1 ? "h3" : "h2";
        if (n > 1) {
            fputs("<h2>As ", o);
            docs_html_text(o, hits[i].source);
            fputs(" reports it</h2>", o);
        }
        fprintf(o, "<%s>What it checks</%s><p>", h, h);
        docs_html_text(o, hits[i].rule->message);
        fprintf(o, "</p><%s>How to fix it</%s><p>", h, h);
        docs_html_text(o, hits[i].rule->suggestion);
        fputs("</p>\n", o);
    }
    example_section(o, e, code, hits, n);
    return finish(o, &buf, len);
}

char *docs_html_not_found(const char *code, size_t *len)
{
    char *buf = NULL;
    FILE *o = open_memstream(&buf, len);
    if (!o)
        return NULL;
    head(o, "No such rule", "../", code);
    fputs("<h1>No such rule</h1><p>No plugin installed here reports <code>", o);
    docs_html_text(o, code);
    fputs("</code>, and it is not one of the service's own codes. Search the <a href=\"../rules\">rule "
          "documentation</a>, or ask the operator which modules this installation enables.</p>\n", o);
    return finish(o, &buf, len);
}
