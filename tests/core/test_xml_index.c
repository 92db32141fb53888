/* The element index and sibling numbering of the SDK parser (core/xml_doc.c): every
 * element is listed under its (namespace, name) in document order, and a finding's
 * location names the right position among same-named siblings, also under a parent with
 * many distinct child names and with same-named elements nested inside each other. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <einvoice/xml.h>
#include "tpdf.h"

static einv_xdoc_t *parse(const char *xml)
{
    einv_error_t err;
    einv_xdoc_t *d = einv_xdoc_parse(xml, strlen(xml), NULL, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    return d;
}

static void test_many_distinct_siblings(void)
{
    tst_buf_t b = {0};
    einv_xdoc_t *d;
    const einv_nodelist_t *l;
    int i;
    tst_buf_fmt(&b, "<r><x/>");
    for (i = 0; i < 100; i++)
        tst_buf_fmt(&b, "<e%d/>", i);
    tst_buf_fmt(&b, "<x/><e5/></r>");
    d = parse(b.p);
    l = einv_xdoc_all(d, EINV_NS_NONE, "x");
    CU_ASSERT_EQUAL_FATAL(l ? l->n : 0, 2);
    {
        char *a = einv_x_location(l->v[0]), *z = einv_x_location(l->v[1]);
        CU_ASSERT_STRING_EQUAL(a, "/r/x[1]");
        CU_ASSERT_STRING_EQUAL(z, "/r/x[2]");
        free(a);
        free(z);
    }
    l = einv_xdoc_all(d, EINV_NS_NONE, "e5");
    CU_ASSERT_EQUAL_FATAL(l ? l->n : 0, 2);
    {
        char *z = einv_x_location(l->v[1]);
        CU_ASSERT_STRING_EQUAL(z, "/r/e5[2]");
        free(z);
    }
    einv_xdoc_free(d);
    free(b.p);
}

static void test_nested_same_names(void)
{
    einv_xdoc_t *d = parse("<a><b><b/><b/></b><c/><b><b/></b></a>");
    const einv_nodelist_t *l = einv_xdoc_all(d, EINV_NS_NONE, "b");
    static const char *const want[] = {"/a/b[1]", "/a/b[1]/b[1]", "/a/b[1]/b[2]", "/a/b[2]", "/a/b[2]/b"};
    size_t i;
    CU_ASSERT_EQUAL_FATAL(l ? l->n : 0, 5);
    for (i = 0; i < 5; i++) {
        char *loc = einv_x_location(l->v[i]);
        CU_ASSERT_STRING_EQUAL(loc, want[i]);
        free(loc);
    }
    einv_xdoc_free(d);
}

/* More distinct names than the first index table holds: the index grows and stays right. */
static void test_many_names(void)
{
    tst_buf_t b = {0};
    einv_xdoc_t *d;
    int i;
    tst_buf_fmt(&b, "<r>");
    for (i = 0; i < 5000; i++)
        tst_buf_fmt(&b, "<n%d><n%d/></n%d>", i, i, i);
    tst_buf_fmt(&b, "</r>");
    d = parse(b.p);
    for (i = 0; i < 5000; i += 499) {
        char name[16];
        const einv_nodelist_t *l;
        snprintf(name, sizeof name, "n%d", i);
        l = einv_xdoc_all(d, EINV_NS_NONE, name);
        CU_ASSERT_EQUAL(l ? l->n : 0, 2);
    }
    einv_xdoc_free(d);
    free(b.p);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("xml_index", NULL, NULL);
    CU_add_test(s, "positions under a parent with 100 distinct child names", test_many_distinct_siblings);
    CU_add_test(s, "positions of nested same-named elements", test_nested_same_names);
    CU_add_test(s, "5,000 distinct names", test_many_names);
}
