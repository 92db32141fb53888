/* The reports of one validation run: JUnit XML, SARIF 2.1.0, an XML report per file and a
 * self-contained printable HTML report (docs/cli.md "Reports"). A small library (einvreport)
 * used by the CLI and by einvoiced's GET /api/v1/invoices/{id}/report.
 *
 * Every report is made from what the API already stores for an invoice: the
 * validationResult JSON text and, when there is one, the canonicalJson text. Writers take a
 * FILE* (the server writes into open_memstream) and never fail half-way silently: a write
 * error shows in ferror() of that stream. */
#ifndef EINV_CLI_REPORT_H
#define EINV_CLI_REPORT_H

#include <json-c/json.h>
#include <stddef.h>
#include <stdio.h>

/* One finding, its strings borrowed from the document's parsed JSON ("" when absent). */
typedef struct einv_rep_finding {
    const char *code, *message, *field, *suggestion, *url, *layer, *severity;
    const char *terms;   /* business terms of the rule ("" when unknown) */
} einv_rep_finding_t;

/* One validated document. */
typedef struct einv_rep_doc {
    char *name;          /* the file as given ("-" for stdin) or the invoice id */
    char *profile;
    char *format;        /* invoiceFormat ("UBL", ...) or "" */
    int valid;
    size_t errors, warnings, infos;
    size_t n;
    einv_rep_finding_t *f;
    json_object *result;      /* the parsed validationResult (owned) */
    json_object *canonical;   /* the parsed canonicalJson or NULL (owned) */
} einv_rep_doc_t;

/* Rule lookup for the business terms of a code: returns "" or the terms (borrowed). */
typedef const char *(*einv_rep_terms_fn)(void *arg, const char *code);

/* The terms lookup over an engine's rules (the core's, every format's, the profile
 * chain's): pass an einv_rep_rules_t as terms_arg. */
struct einv_engine;
typedef struct einv_rep_rules {
    const struct einv_engine *engine;
    const char *profile;
} einv_rep_rules_t;
const char *einv_rep_engine_terms(void *rules, const char *code);

/* Fill d from a validationResult text and an optional canonicalJson text; terms may be
 * NULL. Returns 0, or -1 when the result is not the validationResult JSON object (d is then
 * cleared). (transfer: d owns copies; free with einv_rep_doc_clear) */
int einv_rep_doc_init(einv_rep_doc_t *d, const char *name, const char *profile, const char *format,
                      const char *result_json, const char *canonical_json, einv_rep_terms_fn terms,
                      void *terms_arg);
void einv_rep_doc_clear(einv_rep_doc_t *d);

/* Output helpers shared by the writers: text escaped for XML/HTML content and attributes,
 * and for a JSON string literal (with its quotes). NULL writes nothing / "". */
void einv_rep_xml_text(FILE *out, const char *s);
void einv_rep_json_str(FILE *out, const char *s);
/* A spool for what a report writes before its header can be (JUnit's counts come first,
 * the HTML summary precedes the documents): an unlinked temporary file, so a batch of any
 * size costs disk, not memory. einv_rep_spool_copy appends it to out and closes it;
 * returns 0, or -1 when it could not be read back. */
FILE *einv_rep_spool(void);
int einv_rep_spool_copy(FILE *spool, FILE *out);
/* The current UTC time as ISO 8601 (e.g. 2026-11-25T20:30:00Z). */
void einv_rep_now(char out[32]);

/* ---- JUnit XML: one testsuite, one testcase per document, one <failure> per finding at
 * or above the fail level (lower ones are listed in <system-out>). ---- */
typedef struct einv_rep_junit einv_rep_junit_t;
/* fail_on_warning: warnings are failures too (--fail-on warning). (transfer full) */
einv_rep_junit_t *einv_rep_junit_begin(const char *suite_name, int fail_on_warning);
void einv_rep_junit_add(einv_rep_junit_t *j, const einv_rep_doc_t *d, double seconds);
/* Writes the whole document to out and frees j. Returns 0, -1 on a write error. */
int einv_rep_junit_end(einv_rep_junit_t *j, FILE *out);

/* ---- SARIF 2.1.0: one run, one result per finding (ruleId, level, message, the file as
 * physical location, the field as logical location), the rules with their helpUri. ---- */
typedef struct einv_rep_sarif einv_rep_sarif_t;
/* Results stream to out as they come. (transfer full) */
einv_rep_sarif_t *einv_rep_sarif_begin(FILE *out, const char *tool_version);
void einv_rep_sarif_add(einv_rep_sarif_t *s, const einv_rep_doc_t *d);
/* exit_code: the exit status of the run (invocations[0]). Frees s; returns 0, -1 on a write error. */
int einv_rep_sarif_end(einv_rep_sarif_t *s, int exit_code);

/* ---- the XML report of one document (namespace urn:einvoice:report:1). ---- */
/* standalone: with the XML declaration (a file of its own); 0 inside <reports>. */
void einv_rep_xml_doc(FILE *out, const einv_rep_doc_t *d, int standalone);
void einv_rep_xml_begin_many(FILE *out);
void einv_rep_xml_end_many(FILE *out);

/* ---- the run's tally: files, valid, invalid, unreadable, and findings per rule. ---- */
typedef struct einv_rep_rule_count {
    char *code;
    char *severity;
    size_t findings, files;
} einv_rep_rule_count_t;
typedef struct einv_rep_tally {
    size_t files, valid, invalid, unreadable;
    size_t n_rules, cap_rules;
    einv_rep_rule_count_t *rules;
} einv_rep_tally_t;
/* unreadable: the document is an I/O failure of the run, not an invoice verdict. */
void einv_rep_tally_add(einv_rep_tally_t *t, const einv_rep_doc_t *d, int unreadable);
/* Sort the rules by findings (most first), then code. */
void einv_rep_tally_sort(einv_rep_tally_t *t);
void einv_rep_tally_clear(einv_rep_tally_t *t);

/* ---- the HTML report: self-contained (inline CSS, no script, nothing loaded), printable.
 * A run summary (when given), then per document its key data (number, dates, seller, buyer,
 * totals) and its findings grouped by layer with field, suggestion and rule text. ---- */
typedef struct einv_rep_html einv_rep_html_t;
einv_rep_html_t *einv_rep_html_begin(const char *title);   /* (transfer full) */
void einv_rep_html_add(einv_rep_html_t *h, const einv_rep_doc_t *d);
/* Writes the whole page to out and frees h; tally NULL: no run summary (one invoice).
 * Returns 0, -1 on a write error or when memory ran out. */
int einv_rep_html_end(einv_rep_html_t *h, FILE *out, const einv_rep_tally_t *tally);
/* The page of one document as one malloc'd text (the server's report); NULL on OOM. */
char *einv_rep_html_single(const einv_rep_doc_t *d, const char *title, size_t *len);

#endif
