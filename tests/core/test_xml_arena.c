/* The libxml2 arena (core/xml_arena.c): trees parsed into it equal trees parsed on the heap,
 * every block of a parse is the arena's and nothing after it is, free and realloc tell the
 * two apart (blocks from before the arena existed included), big blocks go back while the
 * parse runs, arenas nest and work from several threads at once.
 *
 * The arena is internal to the core: the suite links einvoice_internal (xml_arena.h). It
 * never calls the core's parser, so only this copy installs the allocation hooks. Under AddressSanitizer
 * the arena is off by design; the suite then checks that it says so. */
#include <CUnit/Basic.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include "xml_arena.h"

/* helpers unused when the arena is off (sanitizer builds) */
#define MAYBE_UNUSED __attribute__((unused))

MAYBE_UNUSED static const int OPTS = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING |
                        XML_PARSE_COMPACT | XML_PARSE_NOBLANKS;

/* An invoice-like document with n lines and some attributes, entities and CDATA. */
MAYBE_UNUSED static char *make_doc(int n, size_t *len)
{
    size_t cap = 256 + (size_t)n * 256, k = 0;
    char *b = malloc(cap);
    int i;
    k += (size_t)sprintf(b + k, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                "<Invoice xmlns=\"urn:x\" xmlns:c=\"urn:c\"><c:ID>A&amp;B</c:ID>");
    for (i = 0; i < n; i++)
        k += (size_t)sprintf(b + k,
                             "<c:Line no=\"%d\" unit=\"C62\"><c:Qty>%d</c:Qty><c:Note><![CDATA[x<%d>]]></c:Note>"
                             "<c:Name>Item &#x20AC; %d</c:Name></c:Line>\n",
                             i, i * 3, i, i);
    k += (size_t)sprintf(b + k, "</Invoice>\n");
    *len = k;
    return b;
}

MAYBE_UNUSED static char *dump(xmlDocPtr d)
{
    xmlChar *out = NULL;
    int len = 0;
    xmlDocDumpMemory(d, &out, &len);
    return (char *)out;
}

/* Every node, name, text and attribute of the tree lies in the arena. */
MAYBE_UNUSED static int all_owned(xmlNodePtr n)
{
    for (; n; n = n->next) {
        xmlAttrPtr a;
        if (!xa_owns(n))
            return 0;
        if (n->type == XML_TEXT_NODE && n->content && n->content != (xmlChar *)&n->properties &&
            !xa_owns(n->content))
            return 0;
        if (n->type == XML_ELEMENT_NODE)
            for (a = n->properties; a; a = a->next)
                if (!xa_owns(a) || !all_owned(a->children))
                    return 0;
        if (n->type == XML_ELEMENT_NODE && !all_owned(n->children))
            return 0;
    }
    return 1;
}

#ifdef XA_SANITIZED
static void test_off_under_sanitizer(void)
{
    CU_ASSERT_PTR_NULL(xa_arena_new());
}
#else

static void test_same_tree(void)
{
    size_t len;
    char *x = make_doc(300, &len), *da, *db;
    xa_arena *a, *prev;
    xmlDocPtr heap = xmlReadMemory(x, (int)len, NULL, NULL, OPTS), ar;
    CU_ASSERT_PTR_NOT_NULL_FATAL(heap);
    CU_ASSERT_FALSE(xa_owns(heap));
    a = xa_arena_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    prev = xa_begin(a);
    ar = xmlReadMemory(x, (int)len, NULL, NULL, OPTS);
    xa_end(prev);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ar);
    CU_ASSERT_TRUE(xa_owns(ar));
    CU_ASSERT_TRUE(all_owned(ar->children));
    da = dump(heap);   /* dumps are made after xa_end: on the heap */
    db = dump(ar);
    CU_ASSERT_FALSE(xa_owns(db));
    CU_ASSERT_STRING_EQUAL(da, db);
    xmlFree(da);
    xmlFree(db);
    CU_ASSERT_TRUE(xa_arena_bytes(a) >= ((size_t)1 << 20));
    xmlDictFree(ar->dict);
    xa_arena_free(a);
    xmlFreeDoc(heap);
    free(x);
}

/* free and realloc on blocks of either kind, whichever arena is current */
static void test_free_and_realloc(void)
{
    char *before = xmlMalloc(40), *in, *grown, *moved, *after;
    xa_arena *a = xa_arena_new(), *prev;
    CU_ASSERT_PTR_NOT_NULL_FATAL(before);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    strcpy(before, "heap block from before");
    prev = xa_begin(a);
    in = xmlMalloc(100);
    CU_ASSERT_TRUE(xa_owns(in));
    memset(in, 'a', 99);
    in[99] = 0;
    grown = xmlRealloc(in, 200);           /* the newest block grows where it is */
    CU_ASSERT_PTR_EQUAL(grown, in);
    CU_ASSERT_EQUAL(strlen(grown), 99);
    xmlFree(xmlMalloc(16));
    moved = xmlRealloc(grown, 400);        /* no longer the newest: copied */
    CU_ASSERT_PTR_NOT_EQUAL(moved, grown);
    CU_ASSERT_TRUE(xa_owns(moved));
    CU_ASSERT_EQUAL(strlen(moved), 99);
    before = xmlRealloc(before, 80);       /* a heap block stays on the heap */
    CU_ASSERT_FALSE(xa_owns(before));
    CU_ASSERT_STRING_EQUAL(before, "heap block from before");
    xmlFree(before);
    xa_end(prev);
    after = xmlRealloc(moved, 1000);       /* arena block, no arena current: to the heap */
    CU_ASSERT_FALSE(xa_owns(after));
    CU_ASSERT_EQUAL(strncmp(after, "aaaa", 4), 0);
    CU_ASSERT_EQUAL(after[98], 'a');
    xmlFree(after);
    xmlFree(moved);                        /* an arena block: left to its arena */
    {
        char *s = (char *)xmlStrdup((const xmlChar *)"on the heap");
        CU_ASSERT_FALSE(xa_owns(s));
        xmlFree(s);
    }
    xa_arena_free(a);
}

/* libxml2 grows big text by realloc: each outgrown mapping goes back at once */
static void test_big_blocks(void)
{
    xa_arena *a = xa_arena_new(), *prev;
    char *p;
    size_t n, peak = 0;
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    prev = xa_begin(a);
    p = xmlMalloc(300 * 1024);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    memset(p, 'z', 300 * 1024);
    for (n = 600 * 1024; n <= ((size_t)64 << 20); n *= 2) {
        p = xmlRealloc(p, n);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        CU_ASSERT_EQUAL(p[300 * 1024 - 1], 'z');
        memset(p, 'z', n);
        if (xa_arena_bytes(a) > peak)
            peak = xa_arena_bytes(a);
    }
    /* 64 MiB block, the first chunk, and never two big copies alive at once */
    CU_ASSERT_TRUE(peak <= ((size_t)66 << 20));
    xmlFree(p);
    CU_ASSERT_TRUE(xa_arena_bytes(a) <= ((size_t)1 << 20));
    xa_end(prev);
    xa_arena_free(a);
}

/* a 9 MB text node (under libxml2's 10 MB limit) parses with bounded arena memory */
static void test_big_text(void)
{
    size_t n = 9u << 20, k;
    char *x = malloc(n + 64);
    xa_arena *a = xa_arena_new(), *prev;
    xmlDocPtr d;
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    k = (size_t)sprintf(x, "<a>");
    memset(x + k, 'q', n);
    k += n;
    k += (size_t)sprintf(x + k, "</a>");
    prev = xa_begin(a);
    d = xmlReadMemory(x, (int)k, NULL, NULL, OPTS);
    xa_end(prev);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_EQUAL(strlen((const char *)d->children->children->content), n);
    CU_ASSERT_TRUE(xa_arena_bytes(a) < 4 * n);
    xmlDictFree(d->dict);
    xa_arena_free(a);
    free(x);
}

/* an arena opened while another is current, and freed in the other order */
static void test_nested(void)
{
    size_t len;
    char *x = make_doc(20, &len);
    xa_arena *outer = xa_arena_new(), *inner = xa_arena_new(), *p1, *p2;
    xmlDocPtr d1, d2;
    CU_ASSERT_PTR_NOT_NULL_FATAL(outer);
    CU_ASSERT_PTR_NOT_NULL_FATAL(inner);
    p1 = xa_begin(outer);
    d1 = xmlReadMemory(x, (int)len, NULL, NULL, OPTS);
    p2 = xa_begin(inner);
    CU_ASSERT_PTR_EQUAL(p2, outer);
    d2 = xmlReadMemory(x, (int)len, NULL, NULL, OPTS);
    xa_end(p2);
    CU_ASSERT_PTR_EQUAL(xa_current(), outer);
    xa_end(p1);
    CU_ASSERT_PTR_NULL(xa_current());
    CU_ASSERT_TRUE(xa_owns(d1) && xa_owns(d2));
    CU_ASSERT_PTR_EQUAL(xa_owner_of(d1), outer);
    CU_ASSERT_PTR_EQUAL(xa_owner_of(d2), inner);
    xmlDictFree(d1->dict);
    xmlDictFree(d2->dict);
    xa_arena_free(outer);
    {
        char *s = dump(d2);   /* the inner tree is intact after the outer arena went */
        CU_ASSERT_PTR_NOT_NULL(strstr(s, "Item"));
        xmlFree(s);
    }
    xa_arena_free(inner);
    free(x);
}

/* After many documents the arenas keep no more than the cache holds. */
static void test_reuse(void)
{
    size_t len;
    char *x = make_doc(2000, &len), *ref = NULL;
    int i, same = 1;
    for (i = 0; i < 50; i++) {
        xa_arena *a = xa_arena_new(), *prev = xa_begin(a);
        xmlDocPtr d = xmlReadMemory(x, (int)len, NULL, NULL, OPTS);
        char *s;
        xa_end(prev);
        s = dump(d);
        if (!ref)
            ref = s;
        else {
            same &= strcmp(ref, s) == 0;
            xmlFree(s);
        }
        xmlDictFree(d->dict);
        xa_arena_free(a);
    }
    CU_ASSERT_TRUE(same);
    CU_ASSERT_TRUE(xa_cache_within_bound());
    xmlFree(ref);
    free(x);
}

typedef struct { const char *x; size_t len; const char *want; int ok; xmlDocPtr give; xa_arena *give_a; } job_t;

static void *worker(void *arg)
{
    job_t *j = arg;
    int i;
    j->ok = 1;
    for (i = 0; i < 100; i++) {
        xa_arena *a = xa_arena_new(), *prev = xa_begin(a);
        xmlDocPtr d = xmlReadMemory(j->x, (int)j->len, NULL, NULL, OPTS);
        char *s;
        xa_end(prev);
        if (!d || !a) {
            j->ok = 0;
            break;
        }
        s = dump(d);
        j->ok &= strcmp(s, j->want) == 0 && all_owned(d->children);
        xmlFree(s);
        if (i == 99) {   /* the last tree is freed by the main thread */
            j->give = d;
            j->give_a = a;
            break;
        }
        xmlDictFree(d->dict);
        xa_arena_free(a);
    }
    return NULL;
}

static void test_threads(void)
{
    size_t len;
    char *x = make_doc(400, &len);
    xmlDocPtr ref = xmlReadMemory(x, (int)len, NULL, NULL, OPTS);
    char *want = dump(ref);
    pthread_t t[4];
    job_t j[4];
    int i;
    for (i = 0; i < 4; i++) {
        j[i] = (job_t){x, len, want, 0, NULL, NULL};
        CU_ASSERT_EQUAL_FATAL(pthread_create(&t[i], NULL, worker, &j[i]), 0);
    }
    for (i = 0; i < 4; i++) {
        pthread_join(t[i], NULL);
        CU_ASSERT_TRUE(j[i].ok);
        if (j[i].give) {
            char *s = dump(j[i].give);
            CU_ASSERT_STRING_EQUAL(s, want);
            xmlFree(s);
            xmlDictFree(j[i].give->dict);
            xa_arena_free(j[i].give_a);
        }
    }
    xmlFree(want);
    xmlFreeDoc(ref);
    free(x);
}
#endif

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("xml_arena", NULL, NULL);
#ifdef XA_SANITIZED
    CU_add_test(s, "off under a sanitizer", test_off_under_sanitizer);
#else
    CU_add_test(s, "same tree as on the heap, all of it in the arena", test_same_tree);
    CU_add_test(s, "free and realloc on heap and arena blocks", test_free_and_realloc);
    CU_add_test(s, "big blocks go back while growing", test_big_blocks);
    CU_add_test(s, "9 MB text node in bounded memory", test_big_text);
    CU_add_test(s, "nested arenas", test_nested);
    CU_add_test(s, "many documents, bounded cache", test_reuse);
    CU_add_test(s, "four threads, one tree freed by another thread", test_threads);
#endif
}
