/* einvoice validate: files, directories (recursive) and "-" for stdin, validated in order
 * by one or --jobs N threads; per file a text block or (--json) one validationResult line
 * carrying "file"; reports (--report junit|sarif|html|xml, cli/report_*.c) to -o FILE, a
 * folder or stdout; a summary at the end; the exit status of docs/cli.md. */
#include "validate.h"
#include "convert.h"
#include "report.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { REP_JUNIT = 1, REP_SARIF = 2, REP_HTML = 4, REP_XML = 8 };

/* One input's outcome, made by a worker and consumed in order by the main thread. */
typedef struct slot {
    int done;
    int unreadable;     /* the file could not be read: an I/O error of the run */
    char *json;         /* the validationResult text */
    char *canonical;    /* canonicalJson (HTML report only) */
    char *format;
    double seconds;
} slot_t;

typedef struct run {
    einv_engine_t *e;
    einv_validate_opts_t o;
    char **files;
    size_t n, cap;
    slot_t *slots;
    size_t next, consumed, window;
    int fatal;          /* a usage error from the engine: stop */
    char fatal_msg[600];
    pthread_mutex_t mu;
    pthread_cond_t cv;
} run_t;

void validate_usage(FILE *f)
{
    fprintf(f,
            "usage: einvoice validate --profile P [options] FILE|DIR|- ...\n"
            "  --profile P             the profile (einvoice profiles lists them); required\n"
            "  --format F              auto (default) or ubl|cii|zugferd|idoc|odata|json|...\n"
            "  --mapping FILE          the ERP mapping document for IDoc/OData input\n"
            "  --json                  one validationResult object per file and line, with \"file\"\n"
            "  --report KIND           junit|sarif|html|xml (repeat or comma-separate for several)\n"
            "  -o, --output OUT        the report's file, or a folder (one that exists, ends in '/',\n"
            "                          or is needed for several kinds); without -o: stdout\n"
            "  --fail-on error|warning exit 1 on errors only (default) or on warnings too\n"
            "  --jobs N                validate N files at a time (1..256; default 1)\n"
            "  --no-progress           no progress line (it shows only on a terminal)\n"
            "  -h, --help              this text\n"
            "Directories are walked recursively for *.xml, *.json and *.pdf (hidden entries\n"
            "skipped, names in byte order); '-' reads stdin. Output keeps the input order.\n"
            "Exit status: 0 every file valid, 1 a file invalid (or with a warning under\n"
            "--fail-on warning), 2 usage error, unreadable file or unwritable report.\n");
}

/* ---- inputs ---- */

static int add_file(run_t *r, const char *path)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        char **nf = realloc(r->files, cap * sizeof *nf);
        if (!nf)
            return -1;
        r->files = nf;
        r->cap = cap;
    }
    if (!(r->files[r->n] = strdup(path)))
        return -1;
    r->n++;
    return 0;
}

static int wanted(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot && (strcasecmp(dot, ".xml") == 0 || strcasecmp(dot, ".json") == 0 || strcasecmp(dot, ".pdf") == 0);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Walk dir for invoice files; symlinked folders are not entered (no loops). */
static int add_dir(run_t *r, const char *dir, int depth)
{
    DIR *d;
    struct dirent *de;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    int rc = 0;
    if (depth > 64) {
        fprintf(stderr, "einvoice: %s: folders nested deeper than 64 levels\n", dir);
        return -1;
    }
    if (!(d = opendir(dir))) {
        fprintf(stderr, "einvoice: cannot read folder %s: %s\n", dir, strerror(errno));
        return -1;
    }
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **nn = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *nn);
            if (!nn) {
                rc = -1;
                break;
            }
            names = nn;
        }
        if (!(names[n] = strdup(de->d_name))) {
            rc = -1;
            break;
        }
        n++;
    }
    closedir(d);
    if (n > 1)
        qsort(names, n, sizeof *names, by_name);
    for (i = 0; i < n; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *p = malloc(len);
        struct stat st, lst;
        if (!p) {
            rc = -1;
            break;
        }
        snprintf(p, len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        if (rc == 0 && stat(p, &st) == 0) {
            if (S_ISDIR(st.st_mode)) {
                if (lstat(p, &lst) == 0 && !S_ISLNK(lst.st_mode) && add_dir(r, p, depth + 1) != 0)
                    rc = -1;
            } else if (S_ISREG(st.st_mode) && wanted(names[i]) && add_file(r, p) != 0)
                rc = -1;
        }
        free(p);
    }
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return rc;
}

static int add_input(run_t *r, const char *arg)
{
    struct stat st;
    if (strcmp(arg, "-") != 0 && stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
        return add_dir(r, arg, 0);
    return add_file(r, arg);   /* a missing file is reported when it is read */
}

/* ---- validation (workers) ---- */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The IO-READ validationResult of a file that could not be read. */
static char *io_result(const run_t *r, const char *why)
{
    char *buf = NULL, url[1100];
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (!m)
        return NULL;
    /* its page, like the engine's findings' (EINV_DOCS_URL) */
    if (einv_docs_url(einv_engine_docs_url(r->e), "IO-READ", r->o.profile, url, sizeof url) != 0)
        url[0] = 0;
    fputs("{\"valid\":false,\"errors\":[{\"code\":\"IO-READ\",\"message\":", m);
    einv_rep_json_str(m, why);
    fputs(",\"field\":\"\",\"suggestion\":\"Check the path and permissions\",\"documentationUrl\":", m);
    einv_rep_json_str(m, url);
    fputs(",\"layer\":\"SCHEMA\",\"severity\":\"ERROR\"}],\"kositResult\":{\"valid\":false,\"errors\":[]}}",
          m);
    fclose(m);
    return buf;
}

static void validate_one(run_t *r, size_t i, slot_t *s)
{
    size_t len;
    const char *why;
    double t0 = now_s();
    unsigned char *data = read_all(r->files[i], &len, &why);
    einv_error_t err;
    einv_result_t *res;
    if (!data) {
        fprintf(stderr, "einvoice: cannot read %s: %s\n", r->files[i], why);
        s->unreadable = 1;
        s->json = io_result(r, why);
        return;
    }
    res = einv_validate(r->e, &r->o, data, len, &err);
    free(data);
    if (!res) {
        pthread_mutex_lock(&r->mu);
        if (!r->fatal)
            snprintf(r->fatal_msg, sizeof r->fatal_msg, "%s: %s", err.message, err.detail);
        r->fatal = 1;
        pthread_mutex_unlock(&r->mu);
        return;
    }
    s->json = einv_result_json(res);
    if (r->o.want_canonical && einv_result_canonical(res))
        s->canonical = strdup(einv_result_canonical(res));
    s->format = strdup(einv_result_format(res) ? einv_result_format(res) : "");
    s->seconds = now_s() - t0;
    einv_result_free(res);
}

static void *worker(void *arg)
{
    run_t *r = arg;
    for (;;) {
        size_t i;
        pthread_mutex_lock(&r->mu);
        /* at most `window` results wait to be printed: memory stays bounded */
        while (!r->fatal && r->next < r->n && r->next >= r->consumed + r->window)
            pthread_cond_wait(&r->cv, &r->mu);
        if (r->fatal || r->next >= r->n) {
            pthread_mutex_unlock(&r->mu);
            return NULL;
        }
        i = r->next++;
        pthread_mutex_unlock(&r->mu);
        validate_one(r, i, &r->slots[i]);
        pthread_mutex_lock(&r->mu);
        r->slots[i].done = 1;
        pthread_cond_broadcast(&r->cv);
        pthread_mutex_unlock(&r->mu);
    }
}

/* ---- output ---- */

typedef struct out {
    int json, kinds, fail_warn, progress, to_stdout, dir_mode;
    const char *out;
    FILE *junit_f, *sarif_f, *html_f, *xml_f;   /* the run documents' streams */
    einv_rep_junit_t *junit;
    einv_rep_sarif_t *sarif;
    einv_rep_html_t *html;
    einv_rep_tally_t tally;
    size_t xml_docs;
    int write_error;
    int progress_shown;
    double progress_at;    /* when the progress line was last written */
} out_t;

static void print_human(FILE *o, const einv_rep_doc_t *d)
{
    size_t i;
    for (i = 0; i < d->n; i++) {
        fprintf(o, "  %-7s %-22s %s\n", d->f[i].severity, d->f[i].code, d->f[i].message);
        if (*d->f[i].field)
            fprintf(o, "          at %s\n", d->f[i].field);
    }
    fprintf(o, "%s: %s (%s, %zu error%s, %zu warning%s)\n", d->name, d->valid ? "valid" : "INVALID",
            *d->format ? d->format : "unknown format", d->errors, d->errors == 1 ? "" : "s", d->warnings,
            d->warnings == 1 ? "" : "s");
}

/* The validationResult line with "file" added as its last member. */
static void print_json(const char *json, const char *file)
{
    size_t l = strlen(json);
    while (l && json[l - 1] != '}')
        l--;
    if (!l)
        return;
    fwrite(json, 1, l - 1, stdout);
    fputs(",\"file\":", stdout);
    einv_rep_json_str(stdout, file);
    fputs("}\n", stdout);
}

/* A file name for per-document reports in a folder: the path (its last 200 bytes) with
 * every character but [A-Za-z0-9._-] as '_' ("-" is stdin), then the suffix. */
static char *doc_file(const char *dir, const char *name, const char *suffix)
{
    size_t l = strlen(dir) + strlen(name) + strlen(suffix) + 16, i, k;
    char *p = malloc(l);
    if (!p)
        return NULL;
    k = (size_t)snprintf(p, l, "%s/", dir);
    if (strcmp(name, "-") == 0)
        name = "stdin";
    while (name[0] == '/' || (name[0] == '.' && name[1] == '/'))
        name += name[0] == '/' ? 1 : 2;
    if (strlen(name) > 200)   /* a file name has at most 255 bytes: keep the path's tail */
        name += strlen(name) - 200;
    for (i = 0; name[i]; i++) {
        char c = name[i];
        int ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                 c == '_' || (c == '.' && i > 0);
        p[k++] = ok ? c : '_';
    }
    snprintf(p + k, l - k, "%s", suffix);
    return p;
}

static FILE *open_out(out_t *w, const char *name)
{
    FILE *f;
    char *path;
    if (w->to_stdout)
        return stdout;
    if (!w->dir_mode)
        return fopen(w->out, "wb");
    path = doc_file(w->out, name, "");
    f = path ? fopen(path, "wb") : NULL;
    if (!f)
        fprintf(stderr, "einvoice: cannot write %s: %s\n", path ? path : name, strerror(errno));
    free(path);
    return f;
}

static int close_out(out_t *w, FILE *f)
{
    if (!f || f == stdout)
        return f && fflush(f) == 0 ? 0 : -1;
    return fclose(f) == 0 ? 0 : -1;
}

static void progress_clear(out_t *w)
{
    if (w->progress_shown) {
        fputs("\r\033[K", stderr);
        w->progress_shown = 0;
    }
}

/* One document in order: its text or JSON line, the reports, the tally. */
static void consume(run_t *r, out_t *w, size_t i, slot_t *s, const char *profile)
{
    einv_rep_doc_t d;
    einv_rep_rules_t rules = {r->e, profile};
    progress_clear(w);
    if (!s->json || einv_rep_doc_init(&d, r->files[i], profile, s->format, s->json, s->canonical,
                                      einv_rep_engine_terms, &rules) != 0) {
        fprintf(stderr, "einvoice: %s: out of memory\n", r->files[i]);
        w->write_error = 1;
        return;
    }
    if (w->json)
        print_json(s->json, r->files[i]);
    else if (!w->to_stdout)
        print_human(stdout, &d);
    einv_rep_tally_add(&w->tally, &d, s->unreadable);
    if (w->junit)
        einv_rep_junit_add(w->junit, &d, s->seconds);
    if (w->sarif)
        einv_rep_sarif_add(w->sarif, &d);
    if (w->html)
        einv_rep_html_add(w->html, &d);
    if (w->kinds & REP_XML) {
        if (w->dir_mode) {
            char *name = doc_file("", d.name, ".report.xml");
            FILE *f = name ? open_out(w, name + 1) : NULL;
            if (f) {
                einv_rep_xml_doc(f, &d, 1);
                if (close_out(w, f) != 0)
                    w->write_error = 1;
            } else
                w->write_error = 1;
            free(name);
        } else {
            if (r->n > 1 && w->xml_docs == 0)
                einv_rep_xml_begin_many(w->xml_f);
            einv_rep_xml_doc(w->xml_f, &d, r->n == 1);
            w->xml_docs++;
        }
    }
    /* at most ten updates a second: a terminal is slower than the validator */
    if (w->progress && r->n > 1 && i + 1 < r->n && now_s() - w->progress_at >= 0.1) {
        fprintf(stderr, "[%zu/%zu] %s", i + 1, r->n, r->files[i]);
        w->progress_shown = 1;
        w->progress_at = now_s();
    }
    einv_rep_doc_clear(&d);
}

/* ---- options ---- */

static int parse_kinds(const char *v, int *kinds)
{
    char buf[128], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", v);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (strcmp(tok, "junit") == 0)
            *kinds |= REP_JUNIT;
        else if (strcmp(tok, "sarif") == 0)
            *kinds |= REP_SARIF;
        else if (strcmp(tok, "html") == 0)
            *kinds |= REP_HTML;
        else if (strcmp(tok, "xml") == 0)
            *kinds |= REP_XML;
        else {
            fprintf(stderr, "einvoice: --report %s: unknown kind (junit, sarif, html or xml)\n", tok);
            return -1;
        }
    }
    return 0;
}

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "einvoice: %s%s\n", msg, arg ? arg : "");
    fprintf(stderr, "(einvoice validate --help shows the options)\n");
    return 2;
}

static int mkdir_p(const char *dir)
{
    char buf[4096], *p;
    snprintf(buf, sizeof buf, "%s", dir);
    for (p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

/* Where the reports go: stdout, one file, or a folder. Opens the run documents. */
static int open_reports(out_t *w, size_t nfiles)
{
    struct stat st;
    int several = (w->kinds & (w->kinds - 1)) != 0;
    size_t l;
    if (!w->kinds)
        return w->out ? usage_error("-o needs --report", NULL) : 0;
    if (!w->out) {
        if (several)
            return usage_error("several report kinds need -o FOLDER", NULL);
        if (w->json)
            return usage_error("--json and a report on stdout would mix; give -o", NULL);
        w->to_stdout = 1;
    } else {
        l = strlen(w->out);
        w->dir_mode = several || (l && w->out[l - 1] == '/') || (stat(w->out, &st) == 0 && S_ISDIR(st.st_mode));
        if (w->dir_mode && mkdir_p(w->out) != 0) {
            fprintf(stderr, "einvoice: cannot create folder %s: %s\n", w->out, strerror(errno));
            return 2;
        }
        if (!w->dir_mode && strchr(w->out, '/')) {   /* -o reports/junit.xml: make reports/ */
            char parent[4096];
            snprintf(parent, sizeof parent, "%s", w->out);
            *strrchr(parent, '/') = 0;
            if (parent[0] && stat(parent, &st) != 0 && mkdir_p(parent) != 0) {
                fprintf(stderr, "einvoice: cannot create folder %s: %s\n", parent, strerror(errno));
                return 2;
            }
        }
    }
#define OPEN_RUN_DOC(kind, field, name)                                                                   \
    if (w->kinds & (kind)) {                                                                              \
        if (!(w->field = open_out(w, name))) {                                                            \
            if (!w->dir_mode)   /* open_out said which file in a folder */                           \
                fprintf(stderr, "einvoice: cannot write %s: %s\n", w->out, strerror(errno));            \
            return 2;                                                                                     \
        }                                                                                                 \
    }
    OPEN_RUN_DOC(REP_JUNIT, junit_f, "einvoice-junit.xml")
    OPEN_RUN_DOC(REP_SARIF, sarif_f, "einvoice.sarif")
    OPEN_RUN_DOC(REP_HTML, html_f, "einvoice-report.html")
    if (!w->dir_mode)
        OPEN_RUN_DOC(REP_XML, xml_f, "")
#undef OPEN_RUN_DOC
    if (w->junit_f && !(w->junit = einv_rep_junit_begin("einvoice validate", w->fail_warn)))
        return 2;
    if (w->sarif_f && !(w->sarif = einv_rep_sarif_begin(w->sarif_f, EINV_VERSION_STR)))
        return 2;
    if (w->html_f && !(w->html = einv_rep_html_begin(nfiles == 1 ? "Validation report" : "Validation report of a batch")))
        return 2;
    return 0;
}

/* Finish every report; -1 when one could not be written. */
static int close_reports(out_t *w, size_t nfiles, int exit_code)
{
    int rc = 0;
    if (w->junit)
        rc |= einv_rep_junit_end(w->junit, w->junit_f);
    if (w->sarif)
        rc |= einv_rep_sarif_end(w->sarif, exit_code);
    if (w->html)
        rc |= einv_rep_html_end(w->html, w->html_f, nfiles > 1 ? &w->tally : NULL);
    if (w->xml_f && nfiles > 1 && w->xml_docs)
        einv_rep_xml_end_many(w->xml_f);
    if (w->junit_f)
        rc |= close_out(w, w->junit_f);
    if (w->sarif_f)
        rc |= close_out(w, w->sarif_f);
    if (w->html_f)
        rc |= close_out(w, w->html_f);
    if (w->xml_f)
        rc |= close_out(w, w->xml_f);
    return rc ? -1 : 0;
}

static void summary(FILE *o, einv_rep_tally_t *t)
{
    size_t i;
    fprintf(o, "%zu file%s: %zu valid, %zu invalid", t->files, t->files == 1 ? "" : "s", t->valid, t->invalid);
    if (t->unreadable)
        fprintf(o, ", %zu unreadable", t->unreadable);
    fputs("\n", o);
    einv_rep_tally_sort(t);
    for (i = 0; i < t->n_rules; i++)
        fprintf(o, "  %-28s %-7s %6zu finding%s in %zu file%s\n", t->rules[i].code, t->rules[i].severity,
                t->rules[i].findings, t->rules[i].findings == 1 ? " " : "s", t->rules[i].files,
                t->rules[i].files == 1 ? "" : "s");
}

static int parse_args(run_t *r, out_t *w, int argc, char **argv, const char **mapping_file, int *jobs)
{
    const char *v;
    int i, stdin_seen = 0;
    for (i = 0; i < argc; i++) {
        if ((v = arg_value(argc, argv, &i, "--profile")))
            r->o.profile = v;
        else if ((v = arg_value(argc, argv, &i, "--format")))
            r->o.format = v;
        else if ((v = arg_value(argc, argv, &i, "--mapping")))
            *mapping_file = v;
        else if ((v = arg_value(argc, argv, &i, "--report"))) {
            if (parse_kinds(v, &w->kinds) != 0)
                return 2;
        } else if ((v = arg_value(argc, argv, &i, "--output")) || (v = arg_value(argc, argv, &i, "-o")))
            w->out = v;
        else if ((v = arg_value(argc, argv, &i, "--fail-on"))) {
            if (strcmp(v, "error") != 0 && strcmp(v, "warning") != 0)
                return usage_error("--fail-on takes error or warning, not ", v);
            w->fail_warn = strcmp(v, "warning") == 0;
        } else if ((v = arg_value(argc, argv, &i, "--jobs"))) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || end == v || n < 1 || n > 256)
                return usage_error("--jobs takes a whole number from 1 to 256, not ", v);
            *jobs = (int)n;
        } else if (strcmp(argv[i], "--json") == 0)
            w->json = 1;
        else if (strcmp(argv[i], "--no-progress") == 0)
            w->progress = 0;
        else if (strcmp(argv[i], "-") == 0) {
            if (stdin_seen++)
                return usage_error("'-' (stdin) may be given once", NULL);
            if (add_file(r, "-") != 0)
                return 2;
        } else if (argv[i][0] == '-')
            return usage_error("unknown or incomplete option ", argv[i]);
        else if (add_input(r, argv[i]) != 0)
            return 2;
    }
    if (!r->o.profile)
        return usage_error("validate needs --profile", NULL);
    return 0;
}

static char *load_mapping(const char *file)
{
    size_t ml;
    const char *why;
    char *m = (char *)read_all(file, &ml, &why), *m2;
    if (!m) {
        fprintf(stderr, "einvoice: cannot read mapping %s: %s\n", file, why);
        return NULL;
    }
    if (!(m2 = realloc(m, ml + 1))) {
        free(m);
        return NULL;
    }
    m2[ml] = 0;
    return m2;
}

/* Validate every input (in threads when jobs > 1) and consume the outcomes in order. */
static void run_all(run_t *r, out_t *w, int jobs)
{
    pthread_t th[256];
    int started = 0, k;
    size_t i;
    r->window = (size_t)jobs * 4;
    if (jobs > 1 && r->n > 1)
        for (k = 0; k < jobs && (size_t)k < r->n; k++)
            started += pthread_create(&th[started], NULL, worker, r) == 0;
    for (i = 0; i < r->n; i++) {
        slot_t *s = &r->slots[i];
        if (started) {
            pthread_mutex_lock(&r->mu);
            while (!s->done && !r->fatal)
                pthread_cond_wait(&r->cv, &r->mu);
            pthread_mutex_unlock(&r->mu);
        } else
            validate_one(r, i, s);
        if (r->fatal)
            break;
        consume(r, w, i, s, r->o.profile);
        free(s->json);
        free(s->canonical);
        free(s->format);
        memset(s, 0, sizeof *s);
        pthread_mutex_lock(&r->mu);
        r->consumed = i + 1;
        pthread_cond_broadcast(&r->cv);
        pthread_mutex_unlock(&r->mu);
    }
    for (k = 0; k < started; k++)
        pthread_join(th[k], NULL);
    for (i = 0; i < r->n; i++) {   /* what a fatal stop left behind */
        free(r->slots[i].json);
        free(r->slots[i].canonical);
        free(r->slots[i].format);
    }
    progress_clear(w);
}

int cmd_validate(einv_engine_t *e, const einv_limits_t *limits, int argc, char **argv)
{
    run_t r;
    out_t w;
    const char *mapping_file = NULL;
    char *mapping = NULL;
    int jobs = 1, rc, status = 0;
    size_t i;
    memset(&r, 0, sizeof r);
    memset(&w, 0, sizeof w);
    r.e = e;
    r.o.limits = limits;
    w.progress = isatty(STDERR_FILENO);
    pthread_mutex_init(&r.mu, NULL);
    pthread_cond_init(&r.cv, NULL);
    rc = parse_args(&r, &w, argc, argv, &mapping_file, &jobs);
    if (rc == 0 && r.n == 0)
        rc = usage_error("validate needs at least one FILE, DIR or - (a folder held no *.xml, *.json, *.pdf)", NULL);
    if (rc == 0 && !einv_engine_profile(e, r.o.profile)) {
        size_t k;
        fprintf(stderr, "einvoice: unknown profile '%s'; installed:", r.o.profile);
        for (k = 0; k < einv_engine_profile_count(e); k++)
            fprintf(stderr, " %s", einv_engine_profile_at(e, k)->name);
        fprintf(stderr, "\n");
        rc = 2;
    }
    if (rc == 0 && mapping_file && !(mapping = load_mapping(mapping_file)))
        rc = 2;
    r.o.mapping = mapping;
    if (rc == 0)
        rc = open_reports(&w, r.n);
    if (rc == 0 && !(r.slots = calloc(r.n, sizeof *r.slots)))
        rc = 2;
    if (rc == 0) {
        r.o.want_canonical = (w.kinds & REP_HTML) != 0;
        run_all(&r, &w, jobs);
        if (r.fatal) {
            fprintf(stderr, "einvoice: %s\n", r.fatal_msg);
            status = 2;
        } else if (w.write_error)
            status = 2;
        else if (w.tally.unreadable)
            status = 2;
        else if (w.tally.invalid)
            status = 1;
        else if (w.fail_warn)
            for (i = 0; i < w.tally.n_rules && !status; i++)
                status = strcmp(w.tally.rules[i].severity, "WARNING") == 0;
        einv_rep_tally_sort(&w.tally);
        if (close_reports(&w, r.n, status) != 0) {
            fprintf(stderr, "einvoice: the report could not be written completely\n");
            status = 2;
        }
        fflush(stdout);
        if (!r.fatal)
            summary(w.json || w.to_stdout ? stderr : stdout, &w.tally);
    } else {
        status = rc;
        close_reports(&w, 0, 2);
    }
    for (i = 0; i < r.n; i++)
        free(r.files[i]);
    free(r.files);
    free(r.slots);
    free(mapping);
    einv_rep_tally_clear(&w.tally);
    pthread_mutex_destroy(&r.mu);
    pthread_cond_destroy(&r.cv);
    return status;
}
