/* What the schema layer costs, measured three ways on the same documents (warm, one
 * process, one core):
 *   parse       xmlReadMemory + xmlFreeDoc (the libxml2 parse-only floor);
 *   parse+tree  the same, then xmlSchemaValidateDoc on the tree (what core/xsd.c does), with
 *               a new validation context per document, and with one kept per schema;
 *   parse+sax   one parse with the validator plugged into its SAX stream (xmlSchemaSAXPlug).
 * usage: xsd_cost [--repeat M] SCHEMA_DIR FILE...
 * UBL Invoice/CreditNote and CII documents are told apart by their root element. */
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlschemas.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    char *data;
    int len;
    int kind;   /* 0 Invoice, 1 CreditNote, 2 CII, -1 other */
} doc_t;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void quiet(void *u, xmlErrorPtr e) { (void)u; (void)e; }

static xmlSchemaPtr compile(const char *dir, const char *rel)
{
    char path[2048];
    xmlSchemaParserCtxtPtr p;
    xmlSchemaPtr s;
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    p = xmlSchemaNewParserCtxt(path);
    s = xmlSchemaParse(p);
    xmlSchemaFreeParserCtxt(p);
    if (!s)
        fprintf(stderr, "xsd_cost: %s does not compile\n", path);
    return s;
}

static int kind_of(const char *data, int len)
{
    const char *end = data + len, *p = data;
    /* the first start tag that is not <? or <! */
    while ((p = memchr(p, '<', (size_t)(end - p))) != NULL && p + 1 < end && (p[1] == '?' || p[1] == '!'))
        p++;
    if (!p)
        return -1;
    {
        const char *gt = memchr(p, '>', (size_t)(end - p));
        size_t n = gt ? (size_t)(gt - p) : 0;
        char tag[256];
        if (n >= sizeof tag)
            n = sizeof tag - 1;
        memcpy(tag, p, n);
        tag[n] = 0;
        if (strstr(tag, "CrossIndustryInvoice"))
            return 2;
        if (strstr(tag, "CreditNote"))
            return 1;
        if (strstr(tag, "Invoice"))
            return 0;
    }
    return -1;
}

int main(int argc, char **argv)
{
    int repeat = 20, i, a = 1, n = 0, r, invalid = 0;
    doc_t *docs;
    xmlSchemaPtr schema[3];
    double t0, tparse, ttree, tsax, treuse = 0;
    xmlSchemaValidCtxtPtr kept[3];
    if (argc > 2 && strcmp(argv[1], "--repeat") == 0) {
        repeat = atoi(argv[2]);
        a = 3;
    }
    if (argc - a < 2) {
        fprintf(stderr, "usage: xsd_cost [--repeat M] SCHEMA_DIR FILE...\n");
        return 2;
    }
    xmlInitParser();
    t0 = now();
    schema[0] = compile(argv[a], "ubl-2.1/maindoc/UBL-Invoice-2.1.xsd");
    schema[1] = compile(argv[a], "ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd");
    schema[2] = compile(argv[a], "cii-d16b/CrossIndustryInvoice_100pD16B.xsd");
    printf("compile all three schemas: %.1f ms (once per process)\n", (now() - t0) * 1e3);
    if (!schema[0] || !schema[1] || !schema[2])
        return 1;
    docs = calloc((size_t)argc, sizeof *docs);
    for (i = a + 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        long len;
        if (!f)
            continue;
        fseek(f, 0, SEEK_END);
        len = ftell(f);
        fseek(f, 0, SEEK_SET);
        docs[n].data = malloc((size_t)len + 1);
        docs[n].len = (int)fread(docs[n].data, 1, (size_t)len, f);
        fclose(f);
        docs[n].kind = kind_of(docs[n].data, docs[n].len);
        if (docs[n].kind >= 0)
            n++;
        else
            free(docs[n].data);
    }
    if (!n)
        return 1;
    tparse = ttree = tsax = 0;
    for (i = 0; i < 3; i++) {
        kept[i] = xmlSchemaNewValidCtxt(schema[i]);
        xmlSchemaSetValidStructuredErrors(kept[i], quiet, NULL);
    }
    for (r = 0; r < repeat; r++) {
        /* the three ways alternate within each round, so machine noise hits all alike */
        for (i = 0; i < n; i++) {
            xmlDocPtr d;
            xmlSchemaValidCtxtPtr v;
            xmlParserCtxtPtr pc;
            xmlSchemaSAXPlugPtr plug;
            t0 = now();
            d = xmlReadMemory(docs[i].data, docs[i].len, "x.xml", NULL, XML_PARSE_NONET);
            xmlFreeDoc(d);
            tparse += now() - t0;

            t0 = now();
            d = xmlReadMemory(docs[i].data, docs[i].len, "x.xml", NULL, XML_PARSE_NONET);
            v = xmlSchemaNewValidCtxt(schema[docs[i].kind]);
            xmlSchemaSetValidStructuredErrors(v, quiet, NULL);
            if (d && xmlSchemaValidateDoc(v, d) != 0 && r == 0)
                invalid++;
            xmlSchemaFreeValidCtxt(v);
            xmlFreeDoc(d);
            ttree += now() - t0;

            t0 = now();   /* one validation context per schema, kept across documents */
            d = xmlReadMemory(docs[i].data, docs[i].len, "x.xml", NULL, XML_PARSE_NONET);
            if (d)
                xmlSchemaValidateDoc(kept[docs[i].kind], d);
            xmlFreeDoc(d);
            treuse += now() - t0;

            t0 = now();
            v = xmlSchemaNewValidCtxt(schema[docs[i].kind]);
            xmlSchemaSetValidStructuredErrors(v, quiet, NULL);
            pc = xmlCreateMemoryParserCtxt(docs[i].data, docs[i].len);
            xmlCtxtUseOptions(pc, XML_PARSE_NONET);
            plug = xmlSchemaSAXPlug(v, &pc->sax, &pc->userData);   /* restored by the unplug */
            xmlParseDocument(pc);
            xmlSchemaSAXUnplug(plug);
            xmlFreeDoc(pc->myDoc);
            pc->myDoc = NULL;
            xmlFreeParserCtxt(pc);
            xmlSchemaFreeValidCtxt(v);
            tsax += now() - t0;
        }
    }
    tparse /= (double)n * repeat;
    ttree /= (double)n * repeat;
    tsax /= (double)n * repeat;
    treuse /= (double)n * repeat;
    printf("%d documents (%d schema-invalid), %d rounds\n", n, invalid, repeat);
    printf("parse only:                 %8.1f us/doc\n", tparse * 1e6);
    printf("parse + XSD on the tree:    %8.1f us/doc (XSD %.1f us, %.2fx the parse)\n", ttree * 1e6,
           (ttree - tparse) * 1e6, (ttree - tparse) / tparse);
    printf("same, context kept:         %8.1f us/doc (XSD %.1f us, %.2fx the parse)\n", treuse * 1e6,
           (treuse - tparse) * 1e6, (treuse - tparse) / tparse);
    printf("parse with SAX-plugged XSD: %8.1f us/doc (XSD %.1f us, %.2fx the parse)\n", tsax * 1e6,
           (tsax - tparse) * 1e6, (tsax - tparse) / tparse);
    return 0;
}
