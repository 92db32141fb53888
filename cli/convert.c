/* einvoice convert: any input -> canonical invoice -> canonical JSON or an export.
 *
 * The input goes through the same pipeline as `validate` (with --profile, EN16931 by
 * default), which gives the canonical JSON; every other target is an exporter of the
 * registry (einvoice/export.h) run on that JSON, exactly as the service's download
 * endpoints run it on the stored canonical invoice. The output goes to stdout or to
 * -o OUT; a binary target (the PDF) is never written to a terminal. */
#include "convert.h"
#include "exports.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct conv_args {
    const char *to, *format, *mapping_file, *profile, *file, *out;
} conv_args;

static int parse_args(int argc, char **argv, conv_args *a)
{
    const char *v;
    int i;
    memset(a, 0, sizeof *a);
    for (i = 0; i < argc; i++) {
        if ((v = arg_value(argc, argv, &i, "--to")))
            a->to = v;
        else if ((v = arg_value(argc, argv, &i, "--format")))
            a->format = v;
        else if ((v = arg_value(argc, argv, &i, "--mapping")))
            a->mapping_file = v;
        else if ((v = arg_value(argc, argv, &i, "--profile")))
            a->profile = v;
        else if ((v = arg_value(argc, argv, &i, "-o")) || (v = arg_value(argc, argv, &i, "--output")))
            a->out = v;
        else if (argv[i][0] == '-' && argv[i][1] != 0) {
            fprintf(stderr, "einvoice: unknown or incomplete option %s\n", argv[i]);
            return -1;
        } else if (a->file) {
            fprintf(stderr, "einvoice: convert takes one FILE\n");
            return -1;
        } else
            a->file = argv[i];
    }
    if (!a->to || !a->file) {
        fprintf(stderr, "einvoice: convert needs --to json|ubl|cii|facturx|idoc and a FILE\n");
        return -1;
    }
    return 0;
}

/* Write the bytes to path, or stdout when path is NULL. */
static int write_out(const char *path, const void *data, size_t len, int binary)
{
    FILE *f = stdout;
    if (!path && binary && isatty(STDOUT_FILENO)) {
        fprintf(stderr, "einvoice: not writing a PDF to a terminal; use -o FILE or redirect the output\n");
        return 2;
    }
    if (path && !(f = fopen(path, "wb"))) {
        fprintf(stderr, "einvoice: cannot write %s: %s\n", path, strerror(errno));
        return 2;
    }
    if (fwrite(data, 1, len, f) != len || fflush(f) != 0) {
        fprintf(stderr, "einvoice: cannot write %s: %s\n", path ? path : "stdout", strerror(errno));
        if (path)
            fclose(f);
        return 2;
    }
    if (path && fclose(f) != 0) {
        fprintf(stderr, "einvoice: cannot write %s: %s\n", path, strerror(errno));
        return 2;
    }
    return 0;
}

/* The canonical JSON of the input, or NULL (the reasons are printed). (transfer full) */
static char *canonical_of(einv_engine_t *e, const conv_args *a, const char *mapping, int *rc)
{
    einv_validate_opts_t o;
    einv_error_t err;
    einv_result_t *r;
    const char *why;
    size_t len, k;
    unsigned char *data = read_all(a->file, &len, &why);
    char *json = NULL;
    if (!data) {
        fprintf(stderr, "einvoice: cannot read %s: %s\n", a->file, why);
        *rc = 2;
        return NULL;
    }
    memset(&o, 0, sizeof o);
    o.profile = a->profile ? a->profile : "EN16931";
    o.format = a->format;
    o.mapping = mapping;
    o.want_canonical = 1;
    r = einv_validate(e, &o, data, len, &err);
    free(data);
    if (!r) {
        fprintf(stderr, "einvoice: %s: %s\n", err.message, err.detail);
        *rc = 2;
        return NULL;
    }
    if (einv_result_canonical(r))
        json = strdup(einv_result_canonical(r));
    if (!json) {
        fprintf(stderr, "einvoice: %s could not be converted:\n", a->file);
        for (k = 0; k < einv_result_count(r); k++)
            if (einv_result_at(r, k)->severity == EINV_SEV_ERROR)
                fprintf(stderr, "  %s %s\n", einv_result_at(r, k)->code, einv_result_at(r, k)->message);
        *rc = 1;
    }
    einv_result_free(r);
    return json;
}

/* Run the exporter on the canonical JSON; its findings go to stderr. */
static int export_to(einv_engine_t *e, const conv_args *a, const char *json, const char *mapping)
{
    einv_export_opts_t o = {a->to, a->profile ? a->profile : "EN16931", mapping};
    einv_error_t err;
    einv_export_t *x = einv_export_json(e, &o, json, strlen(json), &err);
    const unsigned char *data;
    size_t len, k;
    int rc;
    if (!x) {
        fprintf(stderr, "einvoice: %s: %s\n", err.message, err.detail);
        if (err.code == EINV_ERR_NOTFOUND) {
            fprintf(stderr, "einvoice: installed exports: json");
            for (k = 0; k < einv_engine_exporter_count(e); k++)
                fprintf(stderr, " %s", einv_engine_exporter_at(e, k)->name);
            fprintf(stderr, "\n");
        }
        return 2;
    }
    for (k = 0; k < einv_export_count(x); k++) {
        const einv_finding_t *f = einv_export_at(x, k);
        fprintf(stderr, "einvoice: %s %s: %s%s%s\n", einv_severity_name(f->severity), f->code,
                f->message, f->field && *f->field ? " at " : "", f->field ? f->field : "");
    }
    if (!einv_export_ok(x)) {
        fprintf(stderr, "einvoice: %s: %s\n", einv_export_error(x)->message, einv_export_error(x)->detail);
        einv_export_free(x);
        return 1;
    }
    data = einv_export_data(x, &len);
    rc = write_out(a->out, data, len, strcmp(einv_export_exporter(x)->media_type, "application/xml") != 0);
    einv_export_free(x);
    return rc;
}

int cmd_convert(einv_engine_t *e, int argc, char **argv)
{
    conv_args a;
    char *mapping = NULL, *json;
    int rc = 0;
    if (parse_args(argc, argv, &a) != 0)
        return 2;
    if (strcmp(a.to, "json") != 0 && !einv_engine_exporter(e, a.to)) {
        size_t k;
        fprintf(stderr, "einvoice: unknown export '%s'; installed: json", a.to);
        for (k = 0; k < einv_engine_exporter_count(e); k++)
            fprintf(stderr, " %s", einv_engine_exporter_at(e, k)->name);
        fprintf(stderr, "\n");
        return 2;
    }
    if (a.mapping_file) {
        size_t ml;
        const char *why;
        char *m;
        if (!(mapping = (char *)read_all(a.mapping_file, &ml, &why)) || !(m = realloc(mapping, ml + 1))) {
            fprintf(stderr, "einvoice: cannot read mapping %s: %s\n", a.mapping_file, mapping ? "out of memory" : why);
            free(mapping);
            return 2;
        }
        mapping = m;
        mapping[ml] = 0;
    }
    json = canonical_of(e, &a, mapping, &rc);
    if (json) {
        if (strcmp(a.to, "json") == 0) {
            size_t n = strlen(json);
            json[n] = '\n';   /* one object per line, as before */
            rc = write_out(a.out, json, n + 1, 0);
            json[n] = 0;
        } else
            rc = export_to(e, &a, json, mapping);
    }
    free(json);
    free(mapping);
    return rc;
}
