/* JSON submission parsing: what the strict checker costs next to the parsers it guards.
 *
 * usage: bench_json [--repeat N] FILE...
 * For each file prints MB/s and µs per document of
 *   check       einv_json_check alone (the server's added step before json-c)
 *   json-c      json_tokener_parse_ex (the server's parse; what it did alone before)
 *   check+json-c
 *   reader      jr_parse: the plugins' reader (the version this binary was built with, see
 *               bench/json/run.sh, which builds it against the current and a baseline reader)
 * Times are the best of --repeat runs (default 20), in thread CPU time. */
#define _GNU_SOURCE
#include <einvoice/json_strict.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "json_reader.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);   /* CPU time: less noise on a shared machine */
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *b;
    long n;
    if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        return NULL;
    b = malloc((size_t)n + 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return b;
}

enum { CHECK, JSONC, BOTH, READER, N_WAYS };
static const char *const NAMES[N_WAYS] = {"check", "json-c", "check+json-c", "reader"};

/* One parse the given way; 0 when the text was accepted. */
static int once(int way, const char *s, size_t len)
{
    json_tokener *tok;
    json_object *o;
    jr_error_t je;
    jr_doc_t *d;
    int ok;
    if ((way == CHECK || way == BOTH) && einv_json_check(s, len, NULL, NULL) != EINV_OK)
        return -1;
    if (way == CHECK)
        return 0;
    if (way == READER) {
        d = jr_parse(s, len, NULL, &je);
        jr_free(d);
        return d ? 0 : -1;
    }
    tok = json_tokener_new_ex(65);
    o = json_tokener_parse_ex(tok, s, (int)len);
    ok = o && json_tokener_get_error(tok) == json_tokener_success;
    json_object_put(o);
    json_tokener_free(tok);
    return ok ? 0 : -1;
}

int main(int argc, char **argv)
{
    int repeat = 20, i, way, r;
    for (i = 1; i < argc; i++) {
        size_t len;
        char *s;
        if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
            repeat = atoi(argv[++i]);
            continue;
        }
        if (!(s = slurp(argv[i], &len))) {
            fprintf(stderr, "bench_json: cannot read %s\n", argv[i]);
            return 2;
        }
        printf("%s: %.2f MB\n", argv[i], (double)len / 1e6);
        for (way = 0; way < N_WAYS; way++) {
            double best = 1e30;
            for (r = 0; r < repeat; r++) {
                double t0 = now_s();
                if (once(way, s, len) != 0) {
                    fprintf(stderr, "bench_json: %s refused %s\n", NAMES[way], argv[i]);
                    return 1;
                }
                t0 = now_s() - t0;
                best = t0 < best ? t0 : best;
            }
            printf("  %-13s %9.1f us  %7.1f MB/s\n", NAMES[way], best * 1e6, (double)len / 1e6 / best);
        }
        free(s);
    }
    return 0;
}
