/* The one CUnit main of the suites: each suite file (tests/<area>/test_*.c) declares its
 * suites and tests in tst_suites() (tsupport.h); this runs them verbosely and exits 1 when
 * any test, assertion or suite set-up failed, or tst_after() counts more failures. It lives
 * in an archive of its own, so a suite file with a main of its own would keep it. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tsupport.h"

/* The default: nothing to clean up after the run, no failures of its own. */
__attribute__((weak)) unsigned tst_after(void) { return 0; }

static int set_up_failed(void) { return -1; }
static void never_runs(void) {}

void tst_setup_failed(const char *why)
{
    fprintf(stderr, "test set-up failed: %s\n", why);
    CU_add_test(CU_add_suite(why, set_up_failed, NULL), "set-up", never_runs);
}

int tst_skip(const char *what)
{
    const char *ci = getenv("CI");
    printf("skipped: %s\n", what);
    if (ci && strcmp(ci, "true") == 0) {
        tst_setup_failed(what);   /* CI must run every suite */
        return 1;
    }
    return 0;
}

int main(void)
{
    unsigned fails;
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 1;
    tst_suites();
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    fails = CU_get_number_of_failures() + CU_get_number_of_tests_failed() + CU_get_number_of_suites_failed();
    CU_cleanup_registry();
    fails += tst_after();
    return fails ? 1 : 0;
}
