/* The schema layer's walk over the compiled content models (core/xsd_fast.c) against
 * libxml2's validator: on the samples and on every seeded mutation of them (each element
 * removed, doubled, moved, renamed, given bad values, foreign attributes, text or children),
 * and on the shared conformance corpus when it is beside the checkout, the walk must never
 * vouch for a document libxml2 rejects (mode 2 runs both on every document). */
#include <CUnit/Basic.h>
#include <dirent.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tsupport.h"
#include "xsd.h"

static char *ubl, *cii;

static void stats_now(size_t s[4]) { einv_xsd_fast_stats(s); }

static void validate_bytes(const void *data, size_t len)
{
    tst_result_t *r = tst_validate_bytes("EN16931", NULL, data, len);
    tst_free(r);
}

static void test_samples_vouched(void)
{
    size_t a[4], b[4];
    stats_now(a);
    validate_bytes(ubl, strlen(ubl));
    validate_bytes(cii, strlen(cii));
    stats_now(b);
    CU_ASSERT_EQUAL(b[0] - a[0], 2);   /* the walk vouched for both */
    CU_ASSERT_EQUAL(b[2] - a[2], 0);
}

/* ---- mutations ---- */

typedef struct {
    size_t docs;
} mut_run;

static void run_doc(mut_run *m, xmlDocPtr d)
{
    xmlChar *out = NULL;
    int n = 0;
    xmlDocDumpMemory(d, &out, &n);
    if (out) {
        validate_bytes(out, (size_t)n);
        m->docs++;
        xmlFree(out);
    }
    xmlFreeDoc(d);
}

/* The k-th element of d in document order. */
static xmlNodePtr nth_element(xmlNodePtr n, size_t *k)
{
    for (; n; n = n->next) {
        xmlNodePtr hit;
        if (n->type != XML_ELEMENT_NODE)
            continue;
        if ((*k)-- == 0)
            return n;
        if ((hit = nth_element(n->children, k)))
            return hit;
    }
    return NULL;
}

static xmlNodePtr next_element(xmlNodePtr n)
{
    for (n = n->next; n && n->type != XML_ELEMENT_NODE; n = n->next) {}
    return n;
}

static int is_leaf(xmlNodePtr e)
{
    xmlNodePtr c;
    for (c = e->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            return 0;
    return 1;
}

enum { M_REMOVE, M_DOUBLE, M_SWAP, M_RENAME, M_FIRST, M_TEXT, M_CHILD, M_ATTR, M_XSI, M_DROP_ATTRS,
       M_VAL_ABC, M_VAL_EMPTY, M_VAL_SPACED, M_VAL_EXP, M_VAL_DATE, M_VAL_LONG, M_VAL_COMMA, M_VAL_B64,
       M_COUNT };

/* Apply mutation m to element e of its document; 0 when it does not apply there. */
static int mutate(xmlNodePtr e, int m)
{
    static const char *const VALUES[] = {"abc", "", " 12 ", "1.5E3", "2020-02-30",
                                         "123456789012345678901234567.5", "12,50", "QUJD=A"};
    xmlNodePtr nx, cp;
    xmlNsPtr xsi;
    switch (m) {
    case M_REMOVE:
        if (!e->parent || e->parent->type != XML_ELEMENT_NODE)
            return 0;
        xmlUnlinkNode(e);
        xmlFreeNode(e);
        return 1;
    case M_DOUBLE:
        if (!e->parent || e->parent->type != XML_ELEMENT_NODE || !(cp = xmlCopyNode(e, 1)))
            return 0;
        xmlAddNextSibling(e, cp);
        return 1;
    case M_SWAP:
        if (!(nx = next_element(e)))
            return 0;
        xmlUnlinkNode(nx);
        xmlAddPrevSibling(e, nx);
        return 1;
    case M_RENAME: {
        char name[300];
        snprintf(name, sizeof name, "X%s", (const char *)e->name);
        xmlNodeSetName(e, BAD_CAST name);
        return 1;
    }
    case M_FIRST:
        if (!e->parent || e->parent->type != XML_ELEMENT_NODE || e->parent->children == e)
            return 0;
        nx = e->parent->children;
        xmlUnlinkNode(e);
        xmlAddPrevSibling(nx, e);
        return 1;
    case M_TEXT:
        if (is_leaf(e) || !e->children)
            return 0;
        xmlAddPrevSibling(e->children, xmlNewText(BAD_CAST "stray"));
        return 1;
    case M_CHILD:
        xmlNewChild(e, e->ns, BAD_CAST "Note", BAD_CAST "x");
        return 1;
    case M_ATTR:
        xmlNewProp(e, BAD_CAST "foo", BAD_CAST "1");
        return 1;
    case M_XSI:
        xsi = xmlNewNs(e, BAD_CAST "http://www.w3.org/2001/XMLSchema-instance", BAD_CAST "xsi");
        xmlNewNsProp(e, xsi, BAD_CAST "nil", BAD_CAST "true");
        return 1;
    case M_DROP_ATTRS:
        if (!e->properties)
            return 0;
        while (e->properties)
            xmlRemoveProp(e->properties);
        return 1;
    default:
        if (!is_leaf(e))
            return 0;
        xmlNodeSetContent(e, BAD_CAST VALUES[m - M_VAL_ABC]);
        return 1;
    }
}

static void mutations_of(const char *text, mut_run *mr)
{
    xmlDocPtr base = xmlReadMemory(text, (int)strlen(text), "sample.xml", NULL, XML_PARSE_NONET);
    size_t i;
    int m;
    CU_ASSERT_PTR_NOT_NULL_FATAL(base);
    for (i = 0;; i++) {
        size_t k = i;
        if (!nth_element(xmlDocGetRootElement(base), &k))
            break;
        for (m = 0; m < M_COUNT; m++) {
            xmlDocPtr d = xmlCopyDoc(base, 1);
            xmlNodePtr e;
            k = i;
            e = nth_element(xmlDocGetRootElement(d), &k);
            if (e && mutate(e, m))
                run_doc(mr, d);
            else
                xmlFreeDoc(d);
        }
    }
    xmlFreeDoc(base);
}

static void test_mutations(void)
{
    size_t a[4], b[4];
    mut_run mr = {0};
    stats_now(a);
    mutations_of(ubl, &mr);
    mutations_of(cii, &mr);
    stats_now(b);
    fprintf(stderr, "\n  %zu mutated documents: walk vouched %zu, handed over %zu (libxml2 found %zu of those "
                    "valid); vouched but invalid: %zu\n",
            mr.docs, b[0] - a[0], b[1] - a[1], b[3] - a[3], b[2] - a[2]);
    /* a renamed or foreign root is not taken for UBL or CII and meets no schema */
    CU_ASSERT(mr.docs > 1000);
    CU_ASSERT(b[0] - a[0] + b[1] - a[1] > mr.docs * 9 / 10);
    CU_ASSERT(b[1] - a[1] > (b[0] - a[0]));   /* most mutations break the schema: handed over */
    CU_ASSERT(b[0] - a[0] > 0);               /* some stay valid (an optional element gone) */
    CU_ASSERT_EQUAL(b[2] - a[2], 0);
}

/* ---- the shared corpus, when it is beside the checkout ---- */

static void corpus_dir(const char *dir, size_t *files)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    if (!d)
        return;
    while ((de = readdir(d))) {
        char path[2048];
        size_t n = strlen(de->d_name);
        if (de->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if (n > 4 && strcmp(de->d_name + n - 4, ".xml") == 0) {
            size_t len;
            char *buf = path[0] == '/' ? tst_read_data(path, &len) : NULL;
            if (buf && len) {
                validate_bytes(buf, len);
                ++*files;
            }
            free(buf);
        } else if (!strchr(de->d_name, '.')) {
            corpus_dir(path, files);
        }
    }
    closedir(d);
}

static void test_corpus(void)
{
    const char *src = getenv("EINV_SOURCE_DIR");
    char dir[1024];
    size_t a[4], b[4], files = 0;
    char cwd[512];
    snprintf(dir, sizeof dir, "%s/../shared/conformance/cases",
             src && src[0] == '/' ? src : getcwd(cwd, sizeof cwd) ? cwd : ".");
    stats_now(a);
    corpus_dir(dir, &files);
    stats_now(b);
    if (!files) {
        fprintf(stderr, "\n  %s is not there: the corpus part did not run (the mutations did)\n", dir);
        return;
    }
    fprintf(stderr, "\n  %zu corpus documents: walk vouched %zu, handed over %zu (libxml2 found %zu of those "
                    "valid); vouched but invalid: %zu\n",
            files, b[0] - a[0], b[1] - a[1], b[3] - a[3], b[2] - a[2]);
    CU_ASSERT_EQUAL(b[2] - a[2], 0);
}

unsigned tst_after(void)
{
    free(ubl);
    free(cii);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    ubl = tst_read_data("ubl/sample-invoice.xml", NULL);
    cii = tst_read_data("cii/sample-invoice.xml", NULL);
    if (!ubl || !cii) {
        tst_setup_failed("the sample invoices cannot be read");
        return;
    }
    einv_xsd_set_fast_mode(2);
    s = CU_add_suite("xsd_fast", NULL, NULL);
    CU_add_test(s, "the walk vouches for the samples", test_samples_vouched);
    CU_add_test(s, "never vouches for a mutation libxml2 rejects", test_mutations);
    CU_add_test(s, "never vouches for a corpus document libxml2 rejects", test_corpus);
}
