/* The extraction object of the extract plugin (plugins/extract/extraction_object.c) over
 * extractor output written here, the "fields" map of the extractor's contract included
 * (confidence, page, box, note): only pointers to values of the canonical invoice, every
 * member in its documented type and range, hostile values left out; then the plugin through
 * the engine on a text PDF, whose object names only fields of the canonical JSON the service
 * stores. */
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include "extraction_object.h"
#include "tsupport.h"

/* A canonical invoice with a null member (the extractor writes absent values as null). */
#define CANON "\"canonicalJson\":{\"invoiceNumber\":\"INV-1\",\"buyerReference\":null," \
              "\"totals\":{\"payableAmount\":1234.00},\"lines\":[{\"description\":\"Pens\"},{\"description\":\"Ink\"}]}"

/* The object made of the extractor output text res (tier asked: FAST), as plain JSON text
 * (static buffer). */
static const char *object_of(const char *res, const char *tier)
{
    static char out[8192];
    json_object *in = json_tokener_parse(res), *x;
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    x = extraction_object(in, tier);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    snprintf(out, sizeof out, "%s",
             json_object_to_json_string_ext(x, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(x);
    json_object_put(in);
    return out;
}

static void expect(const char *got, const char *want)
{
    if (strcmp(got, want))
        fprintf(stderr, "\n  got  %s\n  want %s\n", got, want);
    CU_ASSERT_STRING_EQUAL(got, want);
}

/* Without "fields": the confidences alone; pointers to nothing or to null left out. */
static void test_from_confidences(void)
{
    expect(object_of("{" CANON ",\"confidence\":{\"/invoiceNumber\":0.97,\"/buyerReference\":1,"
                     "\"/dueDate\":0.4,\"/lines/1\":1.2,\"/lines/0\":-0.1,\"/lines/7\":0.9,\"/totals\":\"high\"},"
                     "\"pages\":2,\"ocrPages\":1,\"tier\":\"FAST\",\"readings\":1}", "FAST"),
           "{\"tier\":\"FAST\",\"readings\":1,\"pages\":2,\"ocrPages\":1,\"fields\":{"
           "\"/invoiceNumber\":{\"confidence\":0.97},\"/lines/1\":{\"confidence\":1},"
           "\"/lines/0\":{\"confidence\":0}}}");
}

/* "fields" completes and overrides the confidences; each member only in its shape. */
static void test_fields_map(void)
{
    expect(object_of("{" CANON ",\"confidence\":{\"/invoiceNumber\":0.97,\"/lines/0\":0.9},"
                     "\"fields\":{"
                     "\"/invoiceNumber\":{\"confidence\":0.95,\"page\":1,\"box\":[56.69,70.1,180,82.25]},"
                     "\"/totals/payableAmount\":{\"confidence\":0.3,\"page\":2,\"box\":[400,700,520,712],"
                     "\"note\":\"printed amount due 1,234.00 differs from the lines\"},"
                     "\"/lines/0\":{\"page\":3,\"box\":[1,2,3],\"note\":7},"
                     "\"/lines/1\":{\"page\":1},"
                     "\"/buyerReference\":{\"confidence\":0.8},"
                     "\"/nothing\":{\"confidence\":0.8},"
                     "\"/lines\":[0.5]},"
                     "\"pages\":2,\"ocrPages\":0,\"tier\":\"ACCURATE\",\"readings\":2}", "FAST"),
           "{\"tier\":\"ACCURATE\",\"readings\":2,\"pages\":2,\"ocrPages\":0,\"fields\":{"
           "\"/invoiceNumber\":{\"confidence\":0.95,\"page\":1,\"box\":[56.7,70.1,180.0,82.2]},"
           "\"/lines/0\":{\"confidence\":0.9},"
           "\"/totals/payableAmount\":{\"confidence\":0.3,\"page\":2,\"box\":[400.0,700.0,520.0,712.0],"
           "\"note\":\"printed amount due 1,234.00 differs from the lines\"}}}");
}

/* Pages outside the document, boxes that are not four coordinates on a page. */
static void test_hostile_members(void)
{
    expect(object_of("{" CANON ",\"fields\":{"
                     "\"/invoiceNumber\":{\"confidence\":0.5,\"page\":0,\"box\":[10,20,5,30]},"
                     "\"/lines/0\":{\"confidence\":0.5,\"page\":\"1\",\"box\":[-1,0,1,1]},"
                     "\"/lines/1\":{\"confidence\":0.5,\"page\":3,\"box\":[0,0,1e9,1]},"
                     "\"/totals/payableAmount\":{\"confidence\":\"0.5\",\"page\":1}},"
                     "\"pages\":2,\"readings\":-4,\"tier\":\"TURBO\"}", NULL),
           "{\"tier\":\"FAST\",\"readings\":0,\"pages\":2,\"ocrPages\":0,\"fields\":{"
           "\"/invoiceNumber\":{\"confidence\":0.5},\"/lines/0\":{\"confidence\":0.5},"
           "\"/lines/1\":{\"confidence\":0.5}}}");
}

/* A note is cut to EXTRACTION_NOTE_MAX bytes at a character boundary, invalid UTF-8 too. */
static void test_notes_bounded(void)
{
    char res[2048], *p;
    const char *got, *note;
    size_t i, n;
    p = res + snprintf(res, sizeof res, "{" CANON ",\"fields\":{\"/invoiceNumber\":{\"confidence\":0.5,\"note\":\"");
    *p++ = 'a';   /* then 600 bytes of é: the limit falls inside a character */
    for (i = 0; i < 300; i++)
        p += sprintf(p, "\xc3\xa9");
    sprintf(p, "\"},\"/lines/0\":{\"confidence\":0.5,\"note\":\"ok \xff rest\"}}}");
    got = object_of(res, "FAST");
    note = strstr(got, "\"note\":\"");
    CU_ASSERT_PTR_NOT_NULL_FATAL(note);
    note += 8;
    n = (size_t)(strchr(note, '"') - note);
    CU_ASSERT_EQUAL(n, EXTRACTION_NOTE_MAX - 1);   /* "a" and 249 whole characters */
    CU_ASSERT_EQUAL(einv_utf8_valid(note, n), n);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "\"/lines/0\":{\"confidence\":0.5,\"note\":\"ok \"}"));
    CU_ASSERT_EQUAL(einv_json_check(got, strlen(got), NULL, NULL), EINV_OK);
}

/* A document that gave no invoice: the counts, no fields. */
static void test_no_invoice(void)
{
    expect(object_of("{\"invoiceFormat\":\"PDF_EXTRACTED\",\"canonicalJson\":null,\"confidence\":{},"
                     "\"findings\":[],\"pages\":3}", "ACCURATE"),
           "{\"tier\":\"ACCURATE\",\"readings\":0,\"pages\":3,\"ocrPages\":0,\"fields\":{}}");
}

/* The plugin through the engine: every field it names is a value of the canonical JSON the
 * result carries (what the service stores), with a confidence in [0, 1]. */
static einv_engine_t *ENG;

static void test_through_the_engine(void)
{
    einv_error_t err;
    einv_validate_opts_t o = {.profile = "EN16931", .format = "pdf", .want_canonical = 1};
    const char *const opts[] = {"tier", "FAST", NULL};
    size_t len, n = 0;
    char *pdf;
    einv_result_t *r;
    json_object *x, *canon, *fields, *v;
    pdf = tst_read_data("extract/invoice-text.pdf", &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pdf);
    r = einv_validate_with(ENG, &o, opts, pdf, len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(einv_result_extraction(r));
    x = json_tokener_parse(einv_result_extraction(r));
    canon = json_tokener_parse(einv_result_canonical(r));
    CU_ASSERT_FATAL(x && canon && json_object_object_get_ex(x, "fields", &fields));
    CU_ASSERT_STRING_EQUAL(json_object_get_string(json_object_object_get(x, "tier")), "FAST");
    CU_ASSERT_EQUAL(json_object_get_int(json_object_object_get(x, "pages")), 1);
    json_object_object_foreach(fields, path, f) {
        double c = json_object_get_double(json_object_object_get(f, "confidence"));
        v = NULL;
        if (json_pointer_get(canon, path, &v) != 0 || !v)
            fprintf(stderr, "\n  %s is not in the canonical JSON", path);
        CU_ASSERT(json_pointer_get(canon, path, &v) == 0 && v);
        CU_ASSERT(c >= 0 && c <= 1);
        n++;
    }
    CU_ASSERT(n >= 10);   /* number, dates, parties, totals, the 7 lines */
    CU_ASSERT_PTR_NOT_NULL(json_object_object_get(fields, "/invoiceNumber"));
    CU_ASSERT_PTR_NOT_NULL(json_object_object_get(fields, "/lines/6"));
    json_object_put(x);
    json_object_put(canon);
    einv_result_free(r);
    free(pdf);
}

unsigned tst_after(void)
{
    einv_engine_close(ENG);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("extraction object", NULL, NULL);
    CU_add_test(s, "from the confidences alone", test_from_confidences);
    CU_add_test(s, "the fields map: page, box, note", test_fields_map);
    CU_add_test(s, "hostile members left out", test_hostile_members);
    CU_add_test(s, "notes bounded, valid UTF-8", test_notes_bounded);
    CU_add_test(s, "no invoice: counts only", test_no_invoice);
    einv_error_t err;
    if (!(ENG = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err))) {
        tst_setup_failed("no engine over the build's plugins");
        return;
    }
    if (einv_engine_format(ENG, "pdf"))
        CU_add_test(s, "the plugin through the engine", test_through_the_engine);
    else
        tst_skip("the extraction object through the engine: the extract plugin is not built");
}
