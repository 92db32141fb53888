/* The registry refuses broken plugins with a message naming what differs, loads the good
 * ones, honours the allow-list, and routes by profile and format name. */
#include <CUnit/Basic.h>
#include "engine.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char logbuf[16384];

static void capture(int level, const char *msg)
{
    strncat(logbuf, msg, sizeof logbuf - strlen(logbuf) - 2);
    strcat(logbuf, "\n");
}

static int logged(const char *a, const char *b)
{
    const char *line = logbuf;
    while (line && *line) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char tmp[1024];
        snprintf(tmp, sizeof tmp, "%.*s", (int)n, line);
        if (strstr(tmp, a) && strstr(tmp, b))
            return 1;
        line = end ? end + 1 : NULL;
    }
    return 0;
}

static void test_broken_plugins(void)
{
    einv_error_t err;
    einv_engine_t *e;
    logbuf[0] = 0;
    einv_engine_set_log(capture);
    e = einv_engine_open(getenv("EINV_FIXTURE_PLUGIN_DIR"), NULL, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_TRUE(logged("bad_abi.so", "abi_major"));
    CU_ASSERT_TRUE(logged("bad_kind.so", "unknown plugin kind"));
    CU_ASSERT_TRUE(logged("bad_size.so", "struct_size"));
    CU_ASSERT_TRUE(logged("no_symbol.so", "einv_plugin_describe"));
    CU_ASSERT_TRUE(logged("init_fails.so", "fixture refuses to start"));
    /* dup_name.so sorts before good.so, so good.so is the one refused */
    CU_ASSERT_TRUE(logged("good.so", "already loaded"));
    /* init_fails registered HALF before failing: undone */
    CU_ASSERT_PTR_NULL(einv_engine_profile(e, "HALF"));
    /* an ABI 1.1 profile (shorter ops struct) still loads and validates */
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "OLD11"));
    if (einv_engine_profile(e, "OLD11")) {
        einv_validate_opts_t o = {"OLD11", NULL, NULL, 0, NULL};
        einv_result_t *r = einv_validate(e, &o, "<a/>", 4, &err);
        CU_ASSERT_PTR_NOT_NULL(r);
        einv_result_free(r);
    }
    if (!logged("bad_abi.so", "abi_major"))
        fprintf(stderr, "log was:\n%s", logbuf);
    einv_engine_close(e);
    einv_engine_set_log(NULL);
}

static void test_allow_list_and_routing(void)
{
    einv_error_t err;
    einv_engine_t *e = einv_engine_open(getenv("EINV_TEST_PLUGIN_DIR"), "ubl,en16931", &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(e);
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "EN16931"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_profile(e, "en16931"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_format(e, "ubl"));
    CU_ASSERT_PTR_NOT_NULL(einv_engine_format(e, "UBL"));
    CU_ASSERT_PTR_NULL(einv_engine_format(e, "cii"));   /* not in the allow-list */
    {
        einv_validate_opts_t o = {"NOPE", NULL, NULL, 0, NULL};
        CU_ASSERT_PTR_NULL(einv_validate(e, &o, "<a/>", 4, &err));
        CU_ASSERT_STRING_EQUAL(err.message, "unknown profile");
        o.profile = "EN16931";
        o.format = "cii";
        CU_ASSERT_PTR_NULL(einv_validate(e, &o, "<a/>", 4, &err));
        CU_ASSERT_STRING_EQUAL(err.message, "unknown format");
    }
    einv_engine_close(e);
}

int main(void)
{
    CU_pSuite s;
    unsigned fails;
    CU_initialize_registry();
    s = CU_add_suite("registry", NULL, NULL);
    CU_add_test(s, "broken plugins are refused", test_broken_plugins);
    CU_add_test(s, "allow-list and routing", test_allow_list_and_routing);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    fails = CU_get_number_of_failures();
    CU_cleanup_registry();
    return fails ? 1 : 0;
}
