/* JUnit XML (the Ant/Jenkins form CI systems read): <testsuites><testsuite> with one
 * <testcase> per document, classname the profile; each finding at or above the fail level
 * is one <failure> (type = rule code, message = code and text); the rest go to the
 * testcase's <system-out>. A file that could not be read is an <error> (IO-READ). The
 * testcases are spooled until the end, since the suite's counts come first. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

struct einv_rep_junit {
    char *name;
    int fail_on_warning;
    FILE *spool;        /* the testcases, in order */
    size_t tests, failures, errors;
    double seconds;
};

einv_rep_junit_t *einv_rep_junit_begin(const char *suite_name, int fail_on_warning)
{
    einv_rep_junit_t *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->name = strdup(suite_name ? suite_name : "einvoice");
    j->fail_on_warning = fail_on_warning;
    j->spool = einv_rep_spool();
    if (!j->name || !j->spool) {
        if (j->spool)
            fclose(j->spool);
        free(j->name);
        free(j);
        return NULL;
    }
    return j;
}

static int is_failure(const einv_rep_junit_t *j, const einv_rep_finding_t *f)
{
    return strcmp(f->severity, "ERROR") == 0 || (j->fail_on_warning && strcmp(f->severity, "WARNING") == 0);
}

/* label and value, when there is a value */
static void labelled(FILE *o, const char *label, const char *value)
{
    if (!*value)
        return;
    fputs(label, o);
    einv_rep_xml_text(o, value);
}

static void failure(FILE *o, const einv_rep_finding_t *f)
{
    fputs("      <failure type=\"", o);
    einv_rep_xml_text(o, f->code);
    fputs("\" message=\"", o);
    einv_rep_xml_text(o, f->code);
    fputs(": ", o);
    einv_rep_xml_text(o, f->message);
    fputs("\">", o);
    einv_rep_xml_text(o, f->severity);
    fputs(" ", o);
    einv_rep_xml_text(o, f->code);
    fputs(" (", o);
    einv_rep_xml_text(o, f->layer);
    fputs(")\n", o);
    einv_rep_xml_text(o, f->message);
    labelled(o, "\nat ", f->field);
    labelled(o, "\nfix: ", f->suggestion);
    labelled(o, "\nsee ", f->url);
    fputs("</failure>\n", o);
}

void einv_rep_junit_add(einv_rep_junit_t *j, const einv_rep_doc_t *d, double seconds)
{
    FILE *o = j->spool;
    size_t i, others = 0;
    int failed = 0;
    j->tests++;
    j->seconds += seconds;
    fputs("    <testcase name=\"", o);
    einv_rep_xml_text(o, d->name);
    fputs("\" classname=\"einvoice.", o);
    einv_rep_xml_text(o, d->profile);
    fprintf(o, "\" time=\"%.3f\">\n", seconds);
    if (d->n == 1 && strcmp(d->f[0].code, "IO-READ") == 0) {
        /* the file could not be read: the test could not run, a JUnit error */
        fputs("      <error type=\"IO-READ\" message=\"", o);
        einv_rep_xml_text(o, d->f[0].message);
        fputs("\"/>\n    </testcase>\n", o);
        j->errors++;
        return;
    }
    for (i = 0; i < d->n; i++) {
        if (is_failure(j, &d->f[i])) {
            failure(o, &d->f[i]);
            failed = 1;
        } else
            others++;
    }
    /* an invalid verdict without a failing finding (cannot happen today) still fails */
    if (!d->valid && !failed) {
        fputs("      <failure type=\"INVALID\" message=\"The document is not valid\"/>\n", o);
        failed = 1;
    }
    if (others) {
        fputs("      <system-out>", o);
        for (i = 0; i < d->n; i++)
            if (!is_failure(j, &d->f[i])) {
                einv_rep_xml_text(o, d->f[i].severity);
                fputs(" ", o);
                einv_rep_xml_text(o, d->f[i].code);
                fputs(": ", o);
                einv_rep_xml_text(o, d->f[i].message);
                labelled(o, " at ", d->f[i].field);
                fputs("\n", o);
            }
        fputs("</system-out>\n", o);
    }
    fputs("    </testcase>\n", o);
    if (failed)
        j->failures++;
}

int einv_rep_junit_end(einv_rep_junit_t *j, FILE *out)
{
    char now[32];
    int rc = 0;
    einv_rep_now(now);
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"");
    einv_rep_xml_text(out, j->name);
    fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" time=\"%.3f\">\n", j->tests, j->failures,
            j->errors, j->seconds);
    fputs("  <testsuite name=\"", out);
    einv_rep_xml_text(out, j->name);
    fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"0\" time=\"%.3f\" timestamp=\"%.19s\">\n",
            j->tests, j->failures, j->errors, j->seconds, now);
    if (einv_rep_spool_copy(j->spool, out) != 0)
        rc = -1;
    fputs("  </testsuite>\n</testsuites>\n", out);
    if (ferror(out))
        rc = -1;
    free(j->name);
    free(j);
    return rc;
}
