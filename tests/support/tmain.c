/* The one CUnit main of the suites: each suite file (tests/<area>/test_*.c) declares its suites and tests in
 * tst_suites() (tsupport.h); this runs them verbosely and exits 1 when any test, assertion
 * or suite set-up failed. A suite file that still has a main of its own keeps it (this
 * lives in its own archive, pulled in only when main is missing). */
#include <CUnit/Basic.h>
#include "tsupport.h"

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
    return fails ? 1 : 0;
}
