/* The engine's public surface: options handed to einv_engine_open (versioned by
 * struct_size, defaults without any environment), usage errors classified by code and
 * subject, and the error record's layout that keeps 1.x plugins compatible. */
#include <CUnit/Basic.h>
#include "engine.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static void test_error_record(void)
{
    einv_error_t err;
    /* the subject took four bytes of hint: same size, same offsets as SDK 1.0-1.3 */
    CU_ASSERT_EQUAL(sizeof(einv_error_t), 772);
    CU_ASSERT_EQUAL(offsetof(einv_error_t, hint), 516);
    CU_ASSERT_EQUAL(offsetof(einv_error_t, subject), 768);
    CU_ASSERT_EQUAL(einv_error_set_subject(&err, EINV_ERR, EINV_SUBJECT_STORE, "m", "d", "h"), EINV_ERR);
    CU_ASSERT_EQUAL(err.subject, EINV_SUBJECT_STORE);
    CU_ASSERT_EQUAL(einv_error_set(&err, EINV_ERR_IO, "m", "d", "h"), EINV_ERR_IO);
    CU_ASSERT_EQUAL(err.subject, EINV_SUBJECT_NONE);   /* never a stale subject */
    CU_ASSERT_EQUAL(einv_error_set_subject(NULL, EINV_ERR, EINV_SUBJECT_STORE, "m", "d", "h"), EINV_ERR);
}

/* Without options the engine finds the built-in plugins beside libeinvoice (the build tree
 * here), reading no environment. */
static void test_defaults_without_environment(void)
{
    einv_error_t err;
    einv_engine_t *e;
    unsetenv("EINV_PLUGIN_DIR");
    e = einv_engine_open(NULL, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "EN16931"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_format(e, "ubl"));
    einv_engine_close(e);
}

/* A caller built against a shorter options struct: the fields it lacks are the defaults,
 * whatever lies beyond its struct_size. */
static void test_shorter_options(void)
{
    einv_engine_options_t o;
    einv_error_t err;
    einv_engine_t *e;
    einv_result_t *r;
    einv_validate_opts_t v = {"EN16931", NULL, NULL, 0, NULL};
    char *json;
    memset(&o, 0, sizeof o);
    o.struct_size = offsetof(einv_engine_options_t, docs_url);
    o.plugin_dir = getenv("EINV_TEST_PLUGIN_DIR");
    o.allow = "ubl,en16931";
    o.docs_url = "https://beyond.example/not-read";
    e = einv_engine_open(&o, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_PTR_NULL(einv_engine_format(e, "cii"));   /* allow (inside the size) applied */
    r = einv_validate(e, &v, "", 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    json = einv_result_json(r);
    CU_ASSERT_PTR_NOT_NULL(strstr(json, "https://einvoice.dev/docs/rules/XML-EMPTY"));
    CU_ASSERT_PTR_NULL(strstr(json, "beyond.example"));
    free(json);
    einv_result_free(r);
    einv_engine_close(e);
}

static void test_usage_errors_by_subject(void)
{
    einv_error_t err;
    einv_engine_t *e = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), "ubl,en16931", &err);
    einv_validate_opts_t o = {"NOPE", NULL, NULL, 0, NULL};
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_PTR_NULL(einv_validate(e, &o, "<a/>", 4, &err));
    CU_ASSERT_EQUAL(err.code, EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(err.subject, EINV_SUBJECT_PROFILE);
    o.profile = "EN16931";
    o.format = "idoc";   /* installed elsewhere, not here */
    CU_ASSERT_PTR_NULL(einv_validate(e, &o, "<a/>", 4, &err));
    CU_ASSERT_EQUAL(err.code, EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(err.subject, EINV_SUBJECT_FORMAT);
    einv_engine_close(e);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("engine", NULL, NULL);
    CU_add_test(s, "the error record and its subject", test_error_record);
    CU_add_test(s, "defaults without any environment", test_defaults_without_environment);
    CU_add_test(s, "a shorter options struct", test_shorter_options);
    CU_add_test(s, "usage errors by code and subject", test_usage_errors_by_subject);
}
