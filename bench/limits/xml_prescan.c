/* What the attribute pre-scan adds to the bulk pass (core/xml_bulk.c): xb_plan_make over
 * the given documents with the scan off (max_attrs 0) and on (256, the default), best of
 * 30 alternating rounds, in ns per document. The parse and the rules are not part of it; see
 * bench/run.sh for the whole validation.
 * usage: xml_prescan FILE...   (e.g. the 165 documents bench/run.sh uses) */
#include "xml_bulk.h"   /* internal to the core library: linked from einvoice_internal */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *b;
    long n;
    if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        return f ? fclose(f), NULL : NULL;
    b = malloc((size_t)n + 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return b;
}

/* ns per document of one round: every document planned 20 times. */
static double round_ns(unsigned char **doc, size_t *len, int n, size_t max_attrs)
{
    double t0 = now_ns();
    int k, i;
    for (k = 0; k < 20; k++)
        for (i = 0; i < n; i++) {
            xb_plan p;
            xb_plan_make(doc[i], len[i], max_attrs, &p);
            xb_plan_free(&p);
        }
    return (now_ns() - t0) / (20.0 * n);
}

int main(int argc, char **argv)
{
    int n = argc - 1, i;
    unsigned char **doc = calloc((size_t)(n > 0 ? n : 1), sizeof *doc);
    size_t *len = calloc((size_t)(n > 0 ? n : 1), sizeof *len), total = 0;
    if (n < 1) {
        fprintf(stderr, "usage: xml_prescan FILE...\n");
        return 2;
    }
    for (i = 0; i < n; i++) {
        if (!(doc[i] = slurp(argv[i + 1], &len[i]))) {
            fprintf(stderr, "xml_prescan: cannot read %s\n", argv[i + 1]);
            return 2;
        }
        total += len[i];
    }
    printf("%d documents, %.1f KB on average\n", n, total / 1024.0 / n);
    {
        /* rounds alternate, so that a busy machine weighs on both alike; best of 30 each */
        double off = 1e18, on = 1e18, t;
        int r;
        for (r = 0; r < 30; r++) {
            if ((t = round_ns(doc, len, n, 0)) < off)
                off = t;
            if ((t = round_ns(doc, len, n, 256)) < on)
                on = t;
        }
        printf("bulk pass without the attribute scan: %8.0f ns/doc\n", off);
        printf("bulk pass with the attribute scan:    %8.0f ns/doc\n", on);
    }
    for (i = 0; i < n; i++)
        free(doc[i]);
    free(doc);
    free(len);
    return 0;
}
