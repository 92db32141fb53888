/* einvoice extract (docs/extraction.md): each FILE goes through the extractor (the
 * einv_extract library of plugins/extract) and prints one JSON object per line:
 * {"invoiceFormat":"PDF_EXTRACTED","canonicalJson":{...},"confidence":{...},"findings":[...]}.
 * Built without the extractor's libraries the command says so and exits 2. */
#include <stdio.h>
#include "extract.h"
#include "convert.h"
#include "exports.h"
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef EINV_HAVE_EXTRACT
/* --profile: the profile's rules on the extracted invoice (read back through the "json"
 * format, as the service validates any input); the validationResult joins the object. */
static char *with_validation(einv_engine_t *e, char *result, const char *profile)
{
    json_object *res = json_tokener_parse(result), *canon;
    einv_validate_opts_t o;
    einv_error_t err;
    einv_result_t *r;
    const char *txt;
    char *vr, *out = NULL;
    if (!res || !json_object_object_get_ex(res, "canonicalJson", &canon) || !json_object_is_type(canon, json_type_object)) {
        json_object_put(res);
        return result;
    }
    memset(&o, 0, sizeof o);
    o.profile = profile;
    o.format = "json";
    txt = json_object_to_json_string_ext(canon, JSON_C_TO_STRING_PLAIN);
    r = einv_validate(e, &o, txt, strlen(txt), &err);
    if (!r) {
        fprintf(stderr, "einvoice: %s\n", err.message);
    } else if ((vr = einv_result_json(r)) != NULL) {
        size_t n = strlen(result);
        out = malloc(n + strlen(vr) + 32);
        if (out && n && result[n - 1] == '}') {
            memcpy(out, result, n - 1);
            sprintf(out + n - 1, ",\"validationResult\":%s}", vr);
        } else {
            free(out);
            out = NULL;
        }
        free(vr);
    }
    if (r)
        einv_result_free(r);
    json_object_put(res);
    if (!out)
        return result;
    free(result);
    return out;
}

/* -o: the hybrid: the received pages (src) with the extracted invoice's CII, through the
 * facturx exporter given the received PDF (docs/extraction.md "The hybrid"). */
static int write_hybrid(einv_engine_t *e, const char *result, const char *profile, const unsigned char *src,
                        size_t src_len, const char *path)
{
    json_object *res = json_tokener_parse(result), *canon;
    einv_export_opts_t o = {"facturx", profile ? profile : "EN16931", NULL};
    einv_error_t err;
    einv_export_t *x;
    const unsigned char *data;
    const char *txt;
    size_t len;
    FILE *f;
    int rc = 1;
    if (!res || !json_object_object_get_ex(res, "canonicalJson", &canon) || !json_object_is_type(canon, json_type_object)) {
        fprintf(stderr, "einvoice: no invoice was extracted, %s not written\n", path);
        json_object_put(res);
        return 1;
    }
    txt = json_object_to_json_string_ext(canon, JSON_C_TO_STRING_PLAIN);
    x = einv_export_json_from(e, &o, txt, strlen(txt), src, src_len, &err);
    for (size_t i = 0; x && i < einv_export_count(x); i++)
        if (!strcmp(einv_export_at(x, i)->code, "EXPORT-PDF-HYBRID"))
            fprintf(stderr, "einvoice: %s: %s\n", path, einv_export_at(x, i)->message);
    if (!x) {
        fprintf(stderr, "einvoice: %s\n", err.message);
    } else if (!einv_export_ok(x)) {
        fprintf(stderr, "einvoice: %s: %s\n", einv_export_error(x)->message, einv_export_error(x)->detail);
    } else if ((data = einv_export_data(x, &len)) && (f = fopen(path, "wb"))) {
        rc = fwrite(data, 1, len, f) == len ? 0 : 2;
        rc = fclose(f) == 0 ? rc : 2;
    } else {
        fprintf(stderr, "einvoice: cannot write %s\n", path);
        rc = 2;
    }
    einv_export_free(x);
    json_object_put(res);
    return rc;
}

#include "ex_extract.h"
#endif

void extract_usage(FILE *f)
{
    fprintf(f, "usage: einvoice extract [--tier FAST|ACCURATE] [--profile P] FILE... [-o OUT.pdf]\n"
               "Reads plain and scanned PDF invoices and prints the canonical invoice of each as JSON,\n"
               "one object per line (canonicalJson, per-field confidence, EXTRACTION findings).\n"
               "--profile P adds the validationResult of the extracted invoice under profile P.\n"
               "-o writes the hybrid of a single FILE: its pages (kept, or as images where PDF/A-3 needs\n"
               "it) with the extracted invoice as factur-x.xml, a Factur-X PDF/A-3.\n"
               "EINV_EXTRACT_MODEL_DIR names the model folder (default: the committed models/extract);\n"
               "EINV_EXTRACT_ACCURATE_S_PAGE the seconds a page ACCURATE may take for more readings (9).\n"
               "Exit status: 0 every file gave an invoice, 1 some did not, 2 usage, I/O or model errors.\n");
}


int cmd_extract(einv_engine_t *e, int argc, char **argv)
{
#ifdef EINV_HAVE_EXTRACT
    ex_opts_t o;
    ex_engine_t *x;
    char msg[512];
    int i, rc = 0, files = 0;
    char *is_file = calloc((size_t)argc + 1, 1);
    const char *v, *dir = getenv("EINV_EXTRACT_MODEL_DIR"), *out_pdf = NULL, *profile = NULL;
    /* tesseract's OpenMP threads spin on a busy machine (3x the CPU for the same page):
     * one thread, set before libgomp starts, so re-run with it in the environment */
    if (!getenv("OMP_THREAD_LIMIT") && setenv("OMP_THREAD_LIMIT", "1", 1) == 0)
        execv("/proc/self/exe", argv - 2);   /* argv is main's argv + 2 */
    memset(&o, 0, sizeof o);
    /* ACCURATE's time budget a page (docs/extraction.md "Tiers"): a benchmark on a busy
     * machine can lift it to see the full series of readings */
    if ((v = getenv("EINV_EXTRACT_ACCURATE_S_PAGE")) && atof(v) > 0)
        o.accurate_s_page = atof(v);
    for (i = 0; i < argc; i++) {
        if ((v = arg_value(argc, argv, &i, "--tier"))) {
            if (strcmp(v, "FAST") && strcmp(v, "ACCURATE")) {
                fprintf(stderr, "einvoice: --tier is FAST or ACCURATE, not '%s'\n", v);
                return 2;
            }
            o.accurate = !strcmp(v, "ACCURATE");
        } else if ((v = arg_value(argc, argv, &i, "--profile"))) {
            profile = v;   /* validation of the extracted invoice, and the -o export's profile */
        } else if ((v = arg_value(argc, argv, &i, "-o")) || (v = arg_value(argc, argv, &i, "--output"))) {
            out_pdf = v;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "einvoice: unknown or incomplete option %s\n", argv[i]);
            extract_usage(stderr);
            free(is_file);
            return 2;
        } else {
            if (is_file)
                is_file[i] = 1;
            files++;
        }
    }
    if (!files || !is_file || (out_pdf && files != 1)) {
        if (out_pdf && files > 1)
            fprintf(stderr, "einvoice: -o takes one FILE\n");
        free(is_file);
        extract_usage(stderr);
        return 2;
    }
    x = ex_engine_open(dir, msg, sizeof msg);
    if (!x) {
        fprintf(stderr, "einvoice: %s\n", msg);
        free(is_file);
        return 2;
    }
    for (i = 0; i < argc; i++) {
        unsigned char *data;
        size_t len = 0;
        char *out = NULL;
        const char *why = NULL;
        int r;
        if (!is_file[i])
            continue;
        if (!(data = read_all(argv[i], &len, &why))) {
            fprintf(stderr, "einvoice: cannot read %s: %s\n", argv[i], why ? why : "error");
            rc = 2;
            continue;
        }
        r = ex_extract_pdf(x, data, len, &o, &out);
        if (r < 0) {
            fprintf(stderr, "einvoice: out of memory extracting %s\n", argv[i]);
            free(data);
            rc = 2;
            continue;
        }
        if (profile && r == 0)
            out = with_validation(e, out, profile);
        printf("%s\n", out);
        fflush(stdout);
        if (out_pdf) {
            int w = write_hybrid(e, out, profile, data, len, out_pdf);
            if (w > rc)
                rc = w;
        }
        free(data);
        free(out);
        if (r > 0 && rc == 0)
            rc = 1;
    }
    ex_engine_close(x);
    free(is_file);
    return rc;
#else
    (void)e, (void)argc, (void)argv;
    fprintf(stderr, "einvoice: this build has no extractor (poppler-glib, tesseract and xgboost "
                    "were not found at build time; scripts/deps.sh installs them)\n");
    return 2;
#endif
}
