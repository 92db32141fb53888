/* The extraction object a format plugin attaches to a result (einv_ctx_set_extraction, ABI
 * 1.8; einv_result_extraction): copied, replaced by a later call, bounded by
 * EINV_EXTRACTION_MAX and kept only when it is one strict JSON object (anything else is
 * dropped with a log line, since the service answers the text as it is), and NULL for a
 * format that attaches none. */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>
#include "ctx_int.h"
#include "tsupport.h"

static char g_log[1024];

static void capture(int level, const char *msg)
{
    (void)level;
    snprintf(g_log, sizeof g_log, "%s", msg);
}

static void test_copied_and_replaced(void)
{
    struct einv_ctx c;
    char text[] = "{\"tier\":\"FAST\",\"fields\":{\"/invoiceNumber\":{\"confidence\":0.97}}}";
    einv_ctx_init(&c, NULL);
    CU_ASSERT_EQUAL(einv_ctx_set_extraction(&c, text), EINV_OK);
    text[2] = 'X';   /* the context has its own copy */
    CU_ASSERT_PTR_NOT_NULL_FATAL(c.extraction);
    CU_ASSERT_STRING_EQUAL(c.extraction, "{\"tier\":\"FAST\",\"fields\":{\"/invoiceNumber\":{\"confidence\":0.97}}}");
    CU_ASSERT_EQUAL(einv_ctx_set_extraction(&c, "{}"), EINV_OK);
    CU_ASSERT_STRING_EQUAL(c.extraction, "{}");
    CU_ASSERT_EQUAL(einv_ctx_set_extraction(&c, NULL), EINV_OK);
    CU_ASSERT_PTR_NULL(c.extraction);
    CU_ASSERT_EQUAL(einv_ctx_set_extraction(&c, "{\"a\":[1,2]}"), EINV_OK);
    einv_ctx_release(&c);   /* frees it (the leak check of the ASan run holds it) */
}

/* At the limit it is kept; one byte over, it is dropped (also an earlier one) and logged. */
static void test_bounded(void)
{
    struct einv_ctx c;
    size_t n = EINV_EXTRACTION_MAX;
    char *big = malloc(n + 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(big);
    memset(big, ' ', n + 1);
    memcpy(big, "{\"note\":\"", 9);
    memset(big + 9, 'x', n - 9 - 2);
    memcpy(big + n - 2, "\"}", 2);
    big[n] = '\0';
    einv_ctx_init(&c, NULL);
    einv_engine_set_log(capture);
    CU_ASSERT_EQUAL(einv_ctx_set_extraction(&c, big), EINV_OK);
    CU_ASSERT(c.extraction && strlen(c.extraction) == n);
    big[n - 1] = ' ', big[n] = '}', big[n + 1] = '\0';   /* the same object, one byte longer */
    g_log[0] = '\0';
    CU_ASSERT_EQUAL(einv_ctx_set_extraction(&c, big), EINV_ERR_LIMIT);
    CU_ASSERT_PTR_NULL(c.extraction);
    CU_ASSERT_PTR_NOT_NULL(strstr(g_log, "extraction object dropped: longer than the limit of 262144 bytes"));
    einv_engine_set_log(NULL);
    einv_ctx_release(&c);
    free(big);
}

/* What the service could not answer as an object member is refused, with the reason logged. */
static void test_only_one_json_object(void)
{
    static const char *const bad[] = {"", "[1]", "\"text\"", " {}", "{", "{\"a\":1,\"a\":2}", "{} {}",
                                      "{\"a\":\"\xff\"}", "{\"a\":NaN}"};
    struct einv_ctx c;
    size_t i;
    einv_ctx_init(&c, NULL);
    einv_engine_set_log(capture);
    for (i = 0; i < sizeof bad / sizeof *bad; i++) {
        g_log[0] = '\0';
        CU_ASSERT_EQUAL(einv_ctx_set_extraction(&c, "{}"), EINV_OK);
        CU_ASSERT_EQUAL(einv_ctx_set_extraction(&c, bad[i]), EINV_ERR_USAGE);
        CU_ASSERT_PTR_NULL(c.extraction);
        CU_ASSERT_PTR_NOT_NULL(strstr(g_log, "extraction object dropped: not one JSON object"));
    }
    CU_ASSERT_PTR_NOT_NULL(strstr(g_log, "/a"));   /* the place of the fault is named */
    einv_engine_set_log(NULL);
    einv_ctx_release(&c);
}

/* Formats that read structured data attach none. */
static void test_none_for_other_formats(void)
{
    einv_error_t err;
    einv_engine_t *e = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    einv_validate_opts_t o = {.profile = "EN16931", .want_canonical = 1};
    size_t len;
    char *xml = tst_read_data("ubl/sample-invoice.xml", &len);
    einv_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    r = einv_validate(e, &o, xml, len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_PTR_NOT_NULL(einv_result_canonical(r));
    CU_ASSERT_PTR_NULL(einv_result_extraction(r));
    einv_result_free(r);
    einv_engine_close(e);
    free(xml);
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("extraction object", NULL, NULL);
    CU_add_test(s, "copied, replaced, removed", test_copied_and_replaced);
    CU_add_test(s, "bounded by EINV_EXTRACTION_MAX", test_bounded);
    CU_add_test(s, "one strict JSON object only", test_only_one_json_object);
    CU_add_test(s, "NULL for every other format", test_none_for_other_formats);
}
