/* einvoice extract (docs/extraction.md): each FILE goes through the extractor (the
 * einv_extract library of plugins/extract) and prints one JSON object per line:
 * {"invoiceFormat":"PDF_EXTRACTED","canonicalJson":{...},"confidence":{...},"findings":[...]}.
 * Built without the extractor's libraries the command says so and exits 2. */
#include <stdio.h>
#include "extract.h"
#include "convert.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef EINV_HAVE_EXTRACT
#include "ex_extract.h"
#endif

void extract_usage(FILE *f)
{
    fprintf(f, "usage: einvoice extract [--tier FAST|ACCURATE] [--profile P] FILE...\n"
               "Reads plain and scanned PDF invoices and prints the canonical invoice of each as JSON,\n"
               "one object per line (canonicalJson, per-field confidence, EXTRACTION findings).\n"
               "EINV_EXTRACT_MODEL_DIR names the model folder (default: the committed models/extract).\n"
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
    const char *v, *dir = getenv("EINV_EXTRACT_MODEL_DIR");
    (void)e;
    /* tesseract's OpenMP threads spin on a busy machine (3x the CPU for the same page):
     * one thread, set before libgomp starts, so re-run with it in the environment */
    if (!getenv("OMP_THREAD_LIMIT") && setenv("OMP_THREAD_LIMIT", "1", 1) == 0)
        execv("/proc/self/exe", argv - 2);   /* argv is main's argv + 2 */
    memset(&o, 0, sizeof o);
    for (i = 0; i < argc; i++) {
        if ((v = arg_value(argc, argv, &i, "--tier"))) {
            if (strcmp(v, "FAST") && strcmp(v, "ACCURATE")) {
                fprintf(stderr, "einvoice: --tier is FAST or ACCURATE, not '%s'\n", v);
                return 2;
            }
            o.accurate = !strcmp(v, "ACCURATE");
        } else if ((v = arg_value(argc, argv, &i, "--profile"))) {
            (void)v;   /* validation of the extracted invoice: see docs/extraction.md */
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
    if (!files || !is_file) {
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
        free(data);
        if (r < 0) {
            fprintf(stderr, "einvoice: out of memory extracting %s\n", argv[i]);
            rc = 2;
            continue;
        }
        printf("%s\n", out);
        fflush(stdout);
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
