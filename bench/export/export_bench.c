/* Export timings: a canonical invoice of N lines (built here, every line a different
 * description) exported by each installed exporter (facturx, cii, ubl, idoc), repeated R
 * times; prints the median and the fastest run per exporter and size in milliseconds, and
 * the output size. What is timed is exactly what GET /v1/invoices/{id}/download does after
 * reading the stored canonical invoice: einv_export_json.
 *
 *   build/bin/export_bench [--plugins DIR] [--lines 10,1000] [--runs 15]
 *
 * Targets (issue 12): PDF of 10 lines under 50 ms, of 1,000 lines under 1 s. Run on an
 * otherwise idle machine; figures from a shared CI box are noisy. */
#include "exports.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A valid EN 16931 canonical invoice of n lines (19 % VAT, amounts exact). */
static char *invoice(int n)
{
    size_t cap = 4096 + (size_t)n * 400, len = 0;
    char *s = malloc(cap);
    long long net = 0;
    int i;
    len += (size_t)snprintf(s + len, cap - len,
        "{\"invoiceNumber\":\"BENCH-%d\",\"issueDate\":\"2026-11-25\",\"typeCode\":\"380\",\"currency\":\"EUR\","
        "\"dueDate\":\"2026-12-25\",\"buyerReference\":\"PO-1\",\"processControl\":{\"specificationId\":\"urn:cen.eu:en16931:2017\"},"
        "\"supplier\":{\"name\":\"Nordwind Handel GmbH\",\"vatId\":\"DE123456789\",\"electronicAddress\":{\"value\":\"s@x.example\",\"scheme\":\"EM\"},"
        "\"address\":{\"line1\":\"Hafenstraße 12\",\"city\":\"Hamburg\",\"postalCode\":\"20457\",\"countryCode\":\"DE\"}},"
        "\"buyer\":{\"name\":\"Contoso SARL\",\"vatId\":\"FR40552100554\",\"electronicAddress\":{\"value\":\"b@x.example\",\"scheme\":\"EM\"},"
        "\"address\":{\"line1\":\"Rue de la Paix 3\",\"city\":\"Lyon\",\"postalCode\":\"69002\",\"countryCode\":\"FR\"}},"
        "\"payment\":{\"meansCode\":\"58\",\"remittanceInformation\":\"BENCH\",\"creditTransfers\":[{\"accountId\":\"DE89370400440532013000\"}]},"
        "\"lines\":[", n);
    for (i = 0; i < n; i++) {
        long long amount = 1000 + (i % 97) * 13;   /* cents */
        net += amount;
        len += (size_t)snprintf(s + len, cap - len,
            "%s{\"id\":\"%d\",\"description\":\"Artikel %d – Größe %d, Lieferung ab Lager Nord, Charge %d\",\"quantity\":1,"
            "\"unit\":\"C62\",\"price\":%lld.%02lld,\"taxCategory\":\"S\",\"taxRate\":19,\"netAmount\":%lld.%02lld}",
            i ? "," : "", i + 1, i + 1, i % 50, i * 7, amount / 100, amount % 100, amount / 100, amount % 100);
    }
    {
        long long tax = (net * 19 + 50) / 100, gross = net + tax;
        len += (size_t)snprintf(s + len, cap - len,
            "],\"totals\":{\"lineNetAmount\":%lld.%02lld,\"taxExclusiveAmount\":%lld.%02lld,\"taxAmount\":%lld.%02lld,"
            "\"taxInclusiveAmount\":%lld.%02lld,\"payableAmount\":%lld.%02lld},"
            "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19,\"taxableAmount\":%lld.%02lld,\"taxAmount\":%lld.%02lld}]}",
            net / 100, net % 100, net / 100, net % 100, tax / 100, tax % 100, gross / 100, gross % 100,
            gross / 100, gross % 100, net / 100, net % 100, tax / 100, tax % 100);
    }
    return s;
}

int main(int argc, char **argv)
{
    const char *dir = NULL, *sizes = "10,1000";
    int runs = 15, i;
    einv_error_t err;
    einv_engine_t *e;
    char list[256], *tok, *save;
    for (i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--plugins"))
            dir = argv[i + 1];
        else if (!strcmp(argv[i], "--lines"))
            sizes = argv[i + 1];
        else if (!strcmp(argv[i], "--runs"))
            runs = atoi(argv[i + 1]);
    }
    if (runs < 1 || runs > 1000 || !(e = einv_engine_open_dir(dir, NULL, &err))) {
        fprintf(stderr, "usage: export_bench [--plugins DIR] [--lines 10,1000] [--runs N]\n");
        return 2;
    }
    printf("%-8s %6s %10s %10s %10s\n", "export", "lines", "median ms", "min ms", "bytes");
    snprintf(list, sizeof list, "%s", sizes);
    for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int n = atoi(tok);
        char *json = invoice(n);
        size_t k;
        for (k = 0; k < einv_engine_exporter_count(e); k++) {
            const einv_exporter_ops_t *x = einv_engine_exporter_at(e, k);
            einv_export_opts_t o = {x->name, "EN16931", NULL};
            double *t = calloc((size_t)runs, sizeof *t);
            size_t bytes = 0;
            int r, ok = 1;
            for (r = 0; r < runs && ok; r++) {
                double t0 = now_ms();
                einv_export_t *res = einv_export_json(e, &o, json, strlen(json), &err);
                t[r] = now_ms() - t0;
                ok = res && einv_export_ok(res);
                if (ok)
                    einv_export_data(res, &bytes);
                einv_export_free(res);
            }
            if (!ok)
                printf("%-8s %6d failed\n", x->name, n);
            else {
                qsort(t, (size_t)runs, sizeof *t, cmp_d);
                printf("%-8s %6d %10.2f %10.2f %10zu\n", x->name, n, t[runs / 2], t[0], bytes);
            }
            free(t);
        }
        free(json);
    }
    einv_engine_close(e);
    return 0;
}
