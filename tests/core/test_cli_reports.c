/* einvoice validate for pipelines (docs/cli.md), run as the real binary on real files and
 * folders: folders walked recursively in order, '-' for stdin, --json lines carrying file,
 * --jobs keeping the order, --fail-on, --help of every command, the summary, the exit
 * codes; and the reports checked against their schemas: JUnit XML against
 * tests/data/schemas-reports/junit.xsd (libxml2), SARIF 2.1.0 against the SARIF schema
 * (json_schema_check.py; the official schema too when EINV_SARIF_SCHEMA or
 * ../shared/schemas/sarif-schema-2.1.0.json is there), the XML reports against
 * einvoice-report.xsd, the HTML report for its content and for being self-contained. */
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <libxml/parser.h>
#include <libxml/xmlschemas.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tsupport.h"

static char out[1 << 20], err_out[1 << 16];
static char dir[256];          /* the temp folder of this run */
static char in[300];           /* the input folder: a.xml, sub/b.xml, sub/c.xml (+ skipped) */
static char data[1024], schemas[1100], warn_file[300], broken[300];

/* Run a shell command line (einvoice is %1$s); stdout to out, stderr to err_out; exit code. */
static int run(const char *fmt, ...)
{
    char cmd[8192], tail[7000], errf[300];
    va_list ap;
    FILE *p, *e;
    size_t n;
    int st;
    va_start(ap, fmt);
    vsnprintf(tail, sizeof tail, fmt, ap);
    va_end(ap);
    snprintf(errf, sizeof errf, "%s/stderr", dir);
    snprintf(cmd, sizeof cmd, "%s %s 2>%s", getenv("EINV_CLI"), tail, errf);
    p = popen(cmd, "r");
    if (!p)
        return -1;
    n = fread(out, 1, sizeof out - 1, p);
    out[n] = 0;
    st = pclose(p);
    err_out[0] = 0;
    if ((e = fopen(errf, "r"))) {
        n = fread(err_out, 1, sizeof err_out - 1, e);
        err_out[n] = 0;
        fclose(e);
    }
    /* in a sanitizer build a report may exit 1, which looks like "invalid": never pass it */
    if (strstr(err_out, "Sanitizer") || strstr(err_out, "runtime error:")) {
        fprintf(stderr, "\n  %s\n%s", tail, err_out);
        CU_FAIL("the sanitizers reported a problem");
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    fwrite(text, 1, len, f);
    return fclose(f);
}

/* A file of this run, NUL-terminated (malloc'd); NULL when unreadable. */
static char *slurp(const char *path, size_t *len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n), *f = fopen(path, "rb");
    int c;
    if (!m || !f) {
        if (m)
            fclose(m);
        if (f)
            fclose(f);
        free(buf);
        return NULL;
    }
    while ((c = getc(f)) != EOF)
        putc(c, m);
    fclose(f);
    fclose(m);
    if (len)
        *len = n;
    return buf;
}

/* A test data file (tests/data/<rel>) copied to path. */
static int copy(const char *rel, const char *to)
{
    size_t n;
    char *s = tst_read_data(rel, &n);
    int rc = s ? write_file(to, s, n) : -1;
    free(s);
    return rc;
}

/* The sample UBL invoice with one substitution (NULL: none) written to path. */
static int variant(const char *path, const char *find, const char *repl)
{
    size_t n;
    char *s, *p;
    int rc;
    if (!(s = tst_read_data("ubl/sample-invoice.xml", &n)))
        return -1;
    if (!find || !(p = strstr(s, find)))
        rc = write_file(path, s, n);
    else {
        FILE *f = fopen(path, "wb");
        if (!f) {
            free(s);
            return -1;
        }
        fwrite(s, 1, (size_t)(p - s), f);
        fputs(repl, f);
        fputs(p + strlen(find), f);
        rc = fclose(f);
    }
    free(s);
    return rc;
}

#define BAD_TOTAL "<cbc:PayableAmount currencyID=\"EUR\">299.88", "<cbc:PayableAmount currencyID=\"EUR\">298.88"

static int setup(void)
{
    char p[1300];
    const char *d = getenv("EINV_TEST_DATA");
    if (!d || !getenv("EINV_CLI"))
        return 1;
    snprintf(data, sizeof data, "%s", d);
    snprintf(schemas, sizeof schemas, "%s/schemas-reports", data);
    snprintf(dir, sizeof dir, "/tmp/einv-cli-reports-XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    snprintf(in, sizeof in, "%s/in", dir);
    mkdir(in, 0700);
    snprintf(p, sizeof p, "%s/sub", in);
    mkdir(p, 0700);
    snprintf(p, sizeof p, "%s/.hidden", in);
    mkdir(p, 0700);
    snprintf(p, sizeof p, "%s/a.xml", in);
    if (variant(p, NULL, NULL))
        return 1;
    snprintf(p, sizeof p, "%s/sub/b.xml", in);
    if (variant(p, BAD_TOTAL))
        return 1;
    snprintf(p, sizeof p, "%s/sub/c.XML", in);   /* the extension in any case */
    if (copy("cii/sample-invoice.xml", p))
        return 1;
    snprintf(p, sizeof p, "%s/.hidden/x.xml", in);   /* skipped: hidden */
    write_file(p, "<x/>", 4);
    snprintf(p, sizeof p, "%s/notes.txt", in);       /* skipped: not an invoice file */
    write_file(p, "notes", 5);
    snprintf(warn_file, sizeof warn_file, "%s/warn.xml", dir);
    if (variant(warn_file, "<cbc:IssueDate>2026-11-21</cbc:IssueDate>",
                "<cbc:IssueDate>2026-11-21</cbc:IssueDate><cbc:IssueTime>10:00:00</cbc:IssueTime>"))
        return 1;
    snprintf(broken, sizeof broken, "%s/broken.xml", dir);
    return write_file(broken, "<Invoice><unclosed></Invoice>", 29) != 0;
}

static int teardown(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) != 0;
}

/* ---- schema checks ---- */

/* 1 when the XML file conforms to the XSD (libxml2); problems printed. */
static int xsd_valid(const char *xsd_name, const char *file)
{
    char xsd[1300];
    xmlSchemaParserCtxtPtr pc;
    xmlSchemaPtr schema;
    xmlSchemaValidCtxtPtr vc;
    xmlDocPtr doc;
    int ok = 0;
    snprintf(xsd, sizeof xsd, "%s/%s", schemas, xsd_name);
    pc = xmlSchemaNewParserCtxt(xsd);
    schema = pc ? xmlSchemaParse(pc) : NULL;
    vc = schema ? xmlSchemaNewValidCtxt(schema) : NULL;
    doc = xmlReadFile(file, NULL, XML_PARSE_NONET);
    if (vc && doc)
        ok = xmlSchemaValidateDoc(vc, doc) == 0;
    else
        fprintf(stderr, "\n  cannot check %s against %s", file, xsd);
    xmlFreeDoc(doc);
    xmlSchemaFreeValidCtxt(vc);
    xmlSchemaFree(schema);
    xmlSchemaFreeParserCtxt(pc);
    return ok;
}

/* json_schema_check.py's verdict on file: 0 conforms, 1 not, 2 could not check. */
static int json_schema(const char *schema, const char *file)
{
    char cmd[5000];
    int st;
    snprintf(cmd, sizeof cmd, "python3 '%s/json_schema_check.py' '%s' '%s' >&2", schemas, schema, file);
    st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}

/* The official SARIF schema when a copy is at hand, else NULL. */
static const char *official_sarif_schema(void)
{
    static char p[1200];
    const char *env = getenv("EINV_SARIF_SCHEMA"), *src = getenv("EINV_SOURCE_DIR");
    if (env && access(env, R_OK) == 0)
        return env;
    snprintf(p, sizeof p, "%s/../shared/schemas/sarif-schema-2.1.0.json", src ? src : ".");
    return access(p, R_OK) == 0 ? p : NULL;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (; (hay = strstr(hay, needle)); hay += strlen(needle))
        n++;
    return n;
}

/* ---- tests ---- */

static void test_help(void)
{
    static const char *const CMDS[] = {"validate", "rules", "convert", "profiles", "formats", "version"};
    size_t i;
    for (i = 0; i < sizeof CMDS / sizeof CMDS[0]; i++) {
        char want[64];
        CU_ASSERT_EQUAL(run("%s --help", CMDS[i]), 0);
        snprintf(want, sizeof want, "usage: einvoice %s", CMDS[i]);
        CU_ASSERT_PTR_NOT_NULL(strstr(out, want));
        CU_ASSERT_EQUAL(run("%s -h", CMDS[i]), 0);
    }
    CU_ASSERT_EQUAL(run("--help"), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "--report"));
    CU_ASSERT_EQUAL(run("frobnicate --help"), 2);
    CU_ASSERT_EQUAL(run(""), 2);
}

/* Folders recursively in name order, hidden and non-invoice files skipped, '-' last. */
static void test_folder_and_stdin(void)
{
    static const char *const WANT[] = {"/a.xml", "/sub/b.xml", "/sub/c.XML", "-"};
    char *line = out, *nl;
    size_t i = 0;
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --json '%s' - < '%s'", in, broken), 1);
    for (; (nl = strchr(line, '\n')); line = nl + 1, i++) {
        json_object *o, *f, *v;
        char want[400];
        *nl = 0;
        o = json_tokener_parse(line);
        CU_ASSERT_PTR_NOT_NULL_FATAL(o);
        CU_ASSERT_TRUE_FATAL(i < 4);
        snprintf(want, sizeof want, "%s%s", i < 3 ? in : "", WANT[i]);
        CU_ASSERT_TRUE(json_object_object_get_ex(o, "file", &f) && strcmp(json_object_get_string(f), want) == 0);
        CU_ASSERT_TRUE(json_object_object_get_ex(o, "valid", &v));
        CU_ASSERT_EQUAL(json_object_get_boolean(v), i == 0 || i == 2);
        CU_ASSERT_TRUE(json_object_object_get_ex(o, "kositResult", &v));
        json_object_put(o);
    }
    CU_ASSERT_EQUAL(i, 4);
    /* the summary goes to stderr beside --json */
    CU_ASSERT_PTR_NOT_NULL(strstr(err_out, "4 files: 2 valid, 2 invalid"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err_out, "BR-CO-16"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err_out, "XML-WELLFORMED"));
    /* without --json: the text and the summary on stdout */
    CU_ASSERT_EQUAL(run("validate --profile EN16931 '%s'", in), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "sub/b.xml: INVALID (UBL, 1 error, 0 warnings)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "3 files: 2 valid, 1 invalid"));
    CU_ASSERT_PTR_NULL(strstr(out, "x.xml"));
    CU_ASSERT_PTR_NULL(strstr(out, "notes.txt"));
}

/* 40 files in 4 threads: the same lines, in the same order, as one thread. */
static void test_jobs_keep_order(void)
{
    char many[400], p[500], *one;
    int i;
    snprintf(many, sizeof many, "%s/many", dir);
    mkdir(many, 0700);
    for (i = 0; i < 40; i++) {
        snprintf(p, sizeof p, "%s/f%02d.xml", many, i);
        CU_ASSERT_EQUAL_FATAL(i % 3 ? variant(p, NULL, NULL) : variant(p, BAD_TOTAL), 0);
    }
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --json --jobs 1 '%s'", many), 1);
    one = strdup(out);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --json --jobs 4 '%s'", many), 1);
    CU_ASSERT_STRING_EQUAL(out, one);
    CU_ASSERT_EQUAL(count(out, "\n"), 40);
    CU_ASSERT_EQUAL(count(out, "\"valid\":false"), 14);
    snprintf(p, sizeof p, "\"file\":\"%s/f39.xml\"}\n", many);
    CU_ASSERT_TRUE(strlen(out) > strlen(p) && strcmp(out + strlen(out) - strlen(p), p) == 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err_out, "40 files: 26 valid, 14 invalid"));
    /* piped: no progress line */
    CU_ASSERT_PTR_NULL(strstr(err_out, "[40/40]"));
    free(one);
}

static void test_fail_on(void)
{
    char junit[400], *x;
    CU_ASSERT_EQUAL(run("validate --profile EN16931 '%s'", warn_file), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "UBL-CR-006"));
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --fail-on error '%s'", warn_file), 0);
    snprintf(junit, sizeof junit, "%s/warn-junit.xml", dir);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --fail-on warning --report junit -o '%s' '%s'", junit, warn_file), 1);
    x = slurp(junit, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<failure type=\"UBL-CR-006\""));
    CU_ASSERT_TRUE(xsd_valid("junit.xsd", junit));
    free(x);
    /* the valid sample has no warning: 0 under --fail-on warning */
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --fail-on warning '%s/a.xml'", in), 0);
}

/* Every finding of a run: the errors, from the --json lines. */
static size_t error_findings(void)
{
    CU_ASSERT_EQUAL(run("validate --profile XRECHNUNG --json '%s' '%s'", in, broken), 1);
    return count(out, "\"severity\":\"ERROR\"");
}

static void test_junit(void)
{
    char f[400], *x;
    size_t errors = error_findings();
    snprintf(f, sizeof f, "%s/junit.xml", dir);
    CU_ASSERT_EQUAL(run("validate --profile XRECHNUNG --report junit -o '%s' '%s' '%s'", f, in, broken), 1);
    CU_ASSERT_TRUE(xsd_valid("junit.xsd", f));
    x = slurp(f, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_EQUAL(count(x, "<testcase "), 4);
    CU_ASSERT_EQUAL(count(x, "<failure "), errors);
    CU_ASSERT_TRUE(errors >= 4);
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<testsuite name=\"einvoice validate\" tests=\"4\" failures=\"4\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<failure type=\"XML-WELLFORMED\""));
    free(x);
    /* the text lines still go to stdout, the summary after them */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "4 files: 0 valid, 4 invalid"));
}

static void test_sarif(void)
{
    char f[400], *x;
    const char *official = official_sarif_schema();
    char schema[1200];
    json_object *o, *runs, *res, *rules, *v;
    size_t i, findings;
    CU_ASSERT_EQUAL(run("validate --profile XRECHNUNG --json '%s' '%s'", in, broken), 1);
    findings = count(out, "\"severity\":");
    snprintf(f, sizeof f, "%s/out.sarif", dir);
    CU_ASSERT_EQUAL(run("validate --profile XRECHNUNG --report sarif -o '%s' '%s' '%s'", f, in, broken), 1);
    snprintf(schema, sizeof schema, "%s/sarif-2.1.0-subset.schema.json", schemas);
    CU_ASSERT_EQUAL(json_schema(schema, f), 0);
    if (official) {
        CU_ASSERT_EQUAL(json_schema(official, f), 0);
    } else
        printf("\n  note: the official SARIF schema is not at hand; checked against the subset schema\n");
    x = slurp(f, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    o = json_tokener_parse(x);
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(o, "runs", &runs));
    CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(json_object_array_get_idx(runs, 0), "results", &res));
    CU_ASSERT_EQUAL(json_object_array_length(res), findings);
    CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(json_object_array_get_idx(runs, 0), "tool", &v));
    CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(v, "driver", &v));
    CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(v, "rules", &rules));
    for (i = 0; i < json_object_array_length(res); i++) {
        json_object *r = json_object_array_get_idx(res, i), *rid, *idx, *loc, *rule, *help, *lvl;
        CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(r, "ruleId", &rid));
        CU_ASSERT_TRUE_FATAL(json_object_object_get_ex(r, "ruleIndex", &idx));
        CU_ASSERT_TRUE(json_object_object_get_ex(r, "level", &lvl));
        rule = json_object_array_get_idx(rules, (size_t)json_object_get_int(idx));
        CU_ASSERT_PTR_NOT_NULL_FATAL(rule);
        CU_ASSERT_TRUE(json_object_object_get_ex(rule, "id", &v) &&
                       strcmp(json_object_get_string(v), json_object_get_string(rid)) == 0);
        /* the help URI is the rule's documentation URL */
        CU_ASSERT_TRUE(json_object_object_get_ex(rule, "helpUri", &help) &&
                       strstr(json_object_get_string(help), json_object_get_string(rid)) != NULL);
        CU_ASSERT_TRUE(json_object_object_get_ex(r, "locations", &loc));
        loc = json_object_array_get_idx(loc, 0);
        /* every finding here has a field: it is the logical location */
        CU_ASSERT_TRUE(json_object_object_get_ex(loc, "logicalLocations", &v) &&
                       json_object_object_get_ex(json_object_array_get_idx(v, 0), "fullyQualifiedName", &v) &&
                       json_object_get_string(v)[0] == '/');
    }
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "\"level\":\"error\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "\"level\":\"warning\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "\"level\":\"note\""));
    json_object_put(o);
    free(x);
}

static void test_xml_reports(void)
{
    static const char *const FILES[] = {"a.xml", "sub_b.xml", "sub_c.XML"};
    char folder[400], f[900], prefix[400], *x;
    size_t i, k;
    snprintf(folder, sizeof folder, "%s/xml-reports/", dir);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --report xml -o '%s' '%s'", folder, in), 1);
    /* per file: the path with '/' as '_' (the leading '/' dropped) */
    snprintf(prefix, sizeof prefix, "%s", in + 1);
    for (k = 0; prefix[k]; k++)
        if (prefix[k] == '/')
            prefix[k] = '_';
    for (i = 0; i < 3; i++) {
        snprintf(f, sizeof f, "%s%s_%s.report.xml", folder, prefix, FILES[i]);
        CU_ASSERT_TRUE(access(f, R_OK) == 0 && xsd_valid("einvoice-report.xsd", f));
    }
    snprintf(f, sizeof f, "%s%s_sub_b.xml.report.xml", folder, prefix);
    x = slurp(f, NULL);
    CU_ASSERT_TRUE(x && strstr(x, "valid=\"false\" errors=\"1\"") && strstr(x, "<finding code=\"BR-CO-16\""));
    CU_ASSERT_TRUE(x && strstr(x, "<terms>BT-115"));
    free(x);
    /* several files to one FILE: <reports> */
    snprintf(f, sizeof f, "%s/all.xml", dir);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --report xml -o '%s' '%s'", f, in), 1);
    CU_ASSERT_TRUE(xsd_valid("einvoice-report.xsd", f));
    x = slurp(f, NULL);
    CU_ASSERT_TRUE(x && count(x, "<report ") == 3 && strstr(x, "<reports "));
    free(x);
}

static void test_html(void)
{
    char f[400], *x;
    snprintf(f, sizeof f, "%s/new/folders/report.html", dir);   /* the folders are made */
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --report html -o '%s' '%s' '%s'", f, in, broken), 1);
    x = slurp(f, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_TRUE(strncmp(x, "<!DOCTYPE html>", 15) == 0);
    /* self-contained: nothing is loaded, nothing runs */
    CU_ASSERT_PTR_NULL(strstr(x, "<script"));
    CU_ASSERT_PTR_NULL(strstr(x, " src="));
    CU_ASSERT_PTR_NULL(strstr(x, "url("));
    CU_ASSERT_PTR_NULL(strstr(x, "@import"));
    CU_ASSERT_PTR_NULL(strstr(x, "<link"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "@media print"));
    /* the summary, per rule */
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<h2>Summary</h2>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "Findings per rule"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<a href=\"#doc-2\">"));   /* the files, linked to their sections */
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "<section class=\"doc\" id=\"doc-2\">"));
    /* key data of the canonical invoice, amounts as written */
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "INV-2026-0042"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "Northwind Trading GmbH"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "Contoso SARL"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "2026-11-21"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "299.88 EUR"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "298.88 EUR"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "252.00 EUR"));
    /* findings grouped by layer, with field, suggestion, rule text and terms */
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "EN 16931 business rules"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "Schema (well-formedness"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "/Invoice/cac:LegalMonetaryTotal"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "Fix: Recompute cbc:PayableAmount"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "The amount due (BT-115) is not total with VAT"));
    CU_ASSERT_PTR_NOT_NULL(strstr(x, "BT-115, BT-112"));
    CU_ASSERT_EQUAL(count(x, "<section class=\"doc\""), 4);
    free(x);
    /* one file, no -o: the page on stdout, the summary on stderr */
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --report html '%s/a.xml'", in), 0);
    CU_ASSERT_TRUE(strncmp(out, "<!DOCTYPE html>", 15) == 0);
    CU_ASSERT_PTR_NULL(strstr(out, "<h2>Summary</h2>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err_out, "1 file: 1 valid, 0 invalid"));
}

/* Every kind at once into a folder; a file name with markup, quotes and a byte that is not
 * UTF-8 keeps every report well-formed and schema-valid. */
static void test_hostile_name(void)
{
    char odd[400], folder[400], f[2000], schema[1200];
    snprintf(odd, sizeof odd, "%s/odd", dir);
    mkdir(odd, 0700);
    snprintf(f, sizeof f, "%s/we\"ird <&> n\xe9 #1%%.xml", odd);
    CU_ASSERT_EQUAL_FATAL(variant(f, BAD_TOTAL), 0);
    snprintf(folder, sizeof folder, "%s/all-kinds", dir);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --report junit,sarif,html --report xml -o '%s' '%s'", folder, odd), 1);
    snprintf(f, sizeof f, "%s/einvoice-junit.xml", folder);
    CU_ASSERT_TRUE(xsd_valid("junit.xsd", f));
    snprintf(f, sizeof f, "%s/einvoice.sarif", folder);
    snprintf(schema, sizeof schema, "%s/sarif-2.1.0-subset.schema.json", schemas);
    CU_ASSERT_EQUAL(json_schema(schema, f), 0);
    snprintf(f, sizeof f, "%s/einvoice-report.html", folder);
    CU_ASSERT_EQUAL(access(f, R_OK), 0);
    snprintf(f, sizeof f, "%s/%s_odd_we_ird_____n___1_.xml.report.xml", folder, dir + 1);
    for (char *c = f + strlen(folder) + 1; *c; c++)
        if (*c == '/')
            *c = '_';
    CU_ASSERT_TRUE(xsd_valid("einvoice-report.xsd", f));
}

static void test_usage_errors(void)
{
    char f[400], junit[400], *x;
    snprintf(f, sizeof f, "%s/a.xml", in);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --report bogus '%s'", f), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(err_out, "unknown kind"));
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --fail-on sometimes '%s'", f), 2);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --jobs 0 '%s'", f), 2);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --jobs 9x '%s'", f), 2);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --json --report junit '%s'", f), 2);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --report junit,sarif '%s'", f), 2);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 -o '%s/x' '%s'", dir, f), 2);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --report junit -o /proc/no/such/file '%s'", f), 2);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 - - < '%s'", f), 2);
    snprintf(f, sizeof f, "%s/empty", dir);   /* a folder without invoice files */
    mkdir(f, 0700);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 '%s' '%s/notes.txt'", f, in), 1);   /* named: taken */
    CU_ASSERT_EQUAL(run("validate --profile EN16931 '%s'", f), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(err_out, "needs at least one FILE"));
    snprintf(f, sizeof f, "%s/a.xml", in);
    CU_ASSERT_EQUAL(run("validate '%s'", f), 2);
    /* a format that is not installed stops the run, in threads too */
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --format nosuch --jobs 3 --json '%s'", in), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(err_out, "nosuch"));
    /* an unreadable file in JUnit: an <error>, not a failure */
    snprintf(junit, sizeof junit, "%s/io-junit.xml", dir);
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --report junit -o '%s' '%s' /nonexistent/x.xml", junit, f), 2);
    CU_ASSERT_TRUE(xsd_valid("junit.xsd", junit));
    x = slurp(junit, NULL);
    CU_ASSERT_TRUE(x && strstr(x, "tests=\"2\" failures=\"0\" errors=\"1\"") && strstr(x, "<error type=\"IO-READ\""));
    free(x);
    /* an unreadable file among good ones: 2, the others still validated */
    CU_ASSERT_EQUAL(run("validate --profile EN16931 --json '%s' /nonexistent/x.xml", f), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"code\":\"IO-READ\""));
    /* with its page, as the engine's findings (the CLI's default template) */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"documentationUrl\":\"https://einvoice.dev/docs/rules/IO-READ\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"file\":\"/nonexistent/x.xml\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(err_out, "2 files: 1 valid, 0 invalid, 1 unreadable"));
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("cli_reports", setup, teardown);
    CU_add_test(s, "--help for every command exits 0", test_help);
    CU_add_test(s, "folders recursively, stdin, --json lines with file, summary", test_folder_and_stdin);
    CU_add_test(s, "--jobs 4 keeps the order of --jobs 1", test_jobs_keep_order);
    CU_add_test(s, "--fail-on error|warning", test_fail_on);
    CU_add_test(s, "JUnit XML: schema-valid, a testcase per file, a failure per error", test_junit);
    CU_add_test(s, "SARIF 2.1.0: schema-valid, rule, level, logical location, helpUri", test_sarif);
    CU_add_test(s, "XML report per file and for several files", test_xml_reports);
    CU_add_test(s, "HTML report: self-contained, summary, key data, findings by layer", test_html);
    CU_add_test(s, "a hostile file name keeps every report valid", test_hostile_name);
    CU_add_test(s, "usage and I/O errors exit 2", test_usage_errors);
}
