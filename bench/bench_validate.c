/* Validation benchmark.
 *   einvoice_bench [--profile P] [--repeat M] FILE...    load the files once, validate each
 *       M times (warm, one process, one core) and print µs per document and documents per
 *       second, next to the time libxml2 alone needs to parse the same bytes.
 *       --validate-only skips the parse-only rounds (for profilers).
 *       --schema walk|libxml2|off   how the schema layer runs (default walk: the compiled
 *       content models, libxml2 only for what they cannot vouch for; off: to see its cost).
 *   einvoice_bench --lines N[,N...] [--profile P]        generate UBL invoices with N lines
 *       and print time and peak RSS per size, to show cost grows linearly. */
#include "engine.h"
#include "xsd.h"
#include <libxml/parser.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef struct { char *data; size_t len; const char *name; } doc_t;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static long peak_rss_kb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

static int load(const char *path, doc_t *d)
{
    FILE *f = fopen(path, "rb");
    long n;
    if (!f)
        return -1;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    d->data = malloc((size_t)n + 1);
    d->len = fread(d->data, 1, (size_t)n, f);
    fclose(f);
    d->name = path;
    return 0;
}

/* A UBL invoice with n lines at 19 % whose totals add up. */
static char *gen_ubl(long n, size_t *len)
{
    size_t cap = 4096 + (size_t)n * 900, k = 0;
    char *b = malloc(cap);
    long i;
    long long cents = 0;
    k += (size_t)sprintf(b + k,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\" "
        "xmlns:cac=\"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2\" "
        "xmlns:cbc=\"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2\">\n"
        "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>\n"
        "<cbc:ID>BENCH-%ld</cbc:ID><cbc:IssueDate>2026-11-21</cbc:IssueDate>"
        "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"
        "<cbc:BuyerReference>REF</cbc:BuyerReference>\n"
        "<cac:AccountingSupplierParty><cac:Party><cac:PostalAddress><cbc:CityName>Berlin</cbc:CityName>"
        "<cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"
        "<cac:PartyTaxScheme><cbc:CompanyID>DE123456789</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>"
        "<cac:PartyLegalEntity><cbc:RegistrationName>Seller GmbH</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>\n"
        "<cac:AccountingCustomerParty><cac:Party><cac:PostalAddress><cbc:CityName>Paris</cbc:CityName>"
        "<cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"
        "<cac:PartyLegalEntity><cbc:RegistrationName>Buyer SA</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>\n",
        n);
    for (i = 0; i < n; i++)
        cents += 1000 + (i % 97);
    {
        long long vat = (cents * 19 + 50) / 100;
        k += (size_t)sprintf(b + k,
            "<cac:TaxTotal><cbc:TaxAmount currencyID=\"EUR\">%lld.%02lld</cbc:TaxAmount><cac:TaxSubtotal>"
            "<cbc:TaxableAmount currencyID=\"EUR\">%lld.%02lld</cbc:TaxableAmount><cbc:TaxAmount currencyID=\"EUR\">%lld.%02lld</cbc:TaxAmount>"
            "<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>"
            "</cac:TaxSubtotal></cac:TaxTotal>\n"
            "<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID=\"EUR\">%lld.%02lld</cbc:LineExtensionAmount>"
            "<cbc:TaxExclusiveAmount currencyID=\"EUR\">%lld.%02lld</cbc:TaxExclusiveAmount>"
            "<cbc:TaxInclusiveAmount currencyID=\"EUR\">%lld.%02lld</cbc:TaxInclusiveAmount>"
            "<cbc:PayableAmount currencyID=\"EUR\">%lld.%02lld</cbc:PayableAmount></cac:LegalMonetaryTotal>\n",
            (vat) / 100, vat % 100, cents / 100, cents % 100, vat / 100, vat % 100, cents / 100, cents % 100,
            cents / 100, cents % 100, (cents + vat) / 100, (cents + vat) % 100, (cents + vat) / 100, (cents + vat) % 100);
    }
    for (i = 0; i < n; i++) {
        long c = 1000 + (i % 97);
        k += (size_t)sprintf(b + k,
            "<cac:InvoiceLine><cbc:ID>%ld</cbc:ID><cbc:InvoicedQuantity unitCode=\"C62\">1</cbc:InvoicedQuantity>"
            "<cbc:LineExtensionAmount currencyID=\"EUR\">%ld.%02ld</cbc:LineExtensionAmount>"
            "<cac:Item><cbc:Name>Item %ld</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>"
            "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>"
            "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">%ld.%02ld</cbc:PriceAmount></cac:Price></cac:InvoiceLine>\n",
            i + 1, c / 100, c % 100, i + 1, c / 100, c % 100);
    }
    k += (size_t)sprintf(b + k, "</Invoice>\n");
    *len = k;
    return b;
}

static int run_lines(einv_engine_t *e, const char *profile, const char *list)
{
    const char *p = list;
    printf("%10s %12s %12s %14s %12s %8s\n", "lines", "bytes", "parse ms", "validate ms", "peak RSS MB", "valid");
    while (*p) {
        long n = strtol(p, (char **)&p, 10);
        size_t len;
        char *x = gen_ubl(n, &len);
        einv_validate_opts_t o = {profile, NULL, NULL, 0, NULL};
        einv_error_t err;
        double t0 = now(), t1, t2, rss;
        /* validation first, so that the peak RSS printed is its own (sizes ascend) */
        einv_result_t *r = einv_validate(e, &o, x, len, &err);
        xmlDocPtr d;
        t2 = now() - t0;
        rss = (double)peak_rss_kb() / 1024.0;
        t0 = now();
        d = xmlReadMemory(x, (int)len, "x.xml", NULL, XML_PARSE_NONET);
        t1 = now() - t0;
        xmlFreeDoc(d);
        printf("%10ld %12zu %12.1f %14.1f %12.1f %8s\n", n, len, t1 * 1e3, t2 * 1e3, rss,
               r && einv_result_valid(r) ? "yes" : "no");
        if (r && !einv_result_valid(r) && n <= 1000) {
            size_t i;
            for (i = 0; i < einv_result_count(r) && i < 5; i++)
                printf("    %s %s\n", einv_result_at(r, i)->code, einv_result_at(r, i)->field);
        }
        einv_result_free(r);
        free(x);
        if (*p == ',')
            p++;
        else
            break;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *profile = "EN16931", *lines = NULL;
    int repeat = 200, i, nd = 0, validate_only = 0;
    doc_t *docs = calloc((size_t)argc, sizeof *docs);
    einv_error_t err;
    einv_engine_t *e;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--profile") == 0 && i + 1 < argc)
            profile = argv[++i];
        else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (strcmp(argv[i], "--lines") == 0 && i + 1 < argc)
            lines = argv[++i];
        else if (strcmp(argv[i], "--validate-only") == 0)
            validate_only = 1;
        else if (strcmp(argv[i], "--schema") == 0 && i + 1 < argc) {
            const char *m = argv[++i];
            einv_xsd_set_fast_mode(strcmp(m, "off") == 0 ? -1 : strcmp(m, "libxml2") == 0 ? 0 : 1);
        }
        else if (load(argv[i], &docs[nd]) == 0)
            nd++;
        else
            fprintf(stderr, "bench: cannot read %s\n", argv[i]);
    }
    e = einv_engine_open_dir(getenv("EINV_PLUGIN_DIR"), getenv("EINV_PLUGINS"), &err);   /* a tool: its settings */
    if (!e || !einv_engine_profile(e, profile)) {
        fprintf(stderr, "bench: profile %s not available\n", profile);
        return 2;
    }
    if (lines)
        return run_lines(e, profile, lines);
    if (nd == 0) {
        fprintf(stderr, "usage: einvoice_bench [--profile P] [--repeat M] FILE... | --lines N,N...\n");
        return 2;
    }
    {
        einv_validate_opts_t o = {profile, NULL, NULL, 0, NULL};
        double t0, tparse, tval, twall_sum, twall_best;
        int r, k;
        size_t bytes = 0;
        /* warm-up: page in code and the plugin tables */
        for (k = 0; k < nd; k++) {
            einv_result_t *res = einv_validate(e, &o, docs[k].data, docs[k].len, &err);
            einv_result_free(res);
            bytes += docs[k].len;
        }
        /* Interleave parse-only and validate rounds and keep each one's best round, in
         * process CPU time: a loaded machine then shifts both figures alike. */
        tparse = tval = twall_best = 1e30;
        twall_sum = 0;
        for (r = 0; r < repeat; r++) {
            double c0 = cpu_now(), c1, w0, w1;
            for (k = 0; k < nd && !validate_only; k++) {
                xmlDocPtr d = xmlReadMemory(docs[k].data, (int)docs[k].len, "x.xml", NULL, XML_PARSE_NONET);
                xmlFreeDoc(d);
            }
            c1 = cpu_now();
            if (c1 - c0 < tparse)
                tparse = c1 - c0;
            w0 = now();
            for (k = 0; k < nd; k++) {
                einv_result_t *res = einv_validate(e, &o, docs[k].data, docs[k].len, &err);
                einv_result_free(res);
            }
            w1 = now();
            c0 = cpu_now();
            twall_sum += w1 - w0;
            if (w1 - w0 < twall_best)
                twall_best = w1 - w0;
            if (c0 - c1 < tval)
                tval = c0 - c1;
        }
        tparse /= nd;
        tval /= nd;
        (void)t0;
        printf("documents: %d (%.1f KiB average), rounds: %d (best round, CPU time), profile: %s\n", nd,
               (double)bytes / nd / 1024.0, repeat, profile);
        printf("libxml2 parse only: %8.1f us/doc\n", tparse * 1e6);
        printf("einvoice validate:  %8.1f us/doc  %9.0f docs/s per core  (%.2fx parse)\n",
               tval * 1e6, 1.0 / tval, tval / tparse);
        /* the statistics the Saxon side reports too (compare.sh): mean and best wall time */
        printf("einvoice wall: mean %.1f us/doc over %d rounds, best round %.1f us/doc\n",
               twall_sum / repeat / nd * 1e6, repeat, twall_best / nd * 1e6);
        printf("peak RSS: %.1f MB\n", (double)peak_rss_kb() / 1024.0);
    }
    einv_engine_close(e);
    return 0;
}
