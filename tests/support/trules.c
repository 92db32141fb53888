/* The shared loop of the UBL rule suites (trules.h). */
#include <stdio.h>

#include <CUnit/CUnit.h>

#include "trules.h"
#include "tsupport.h"

void tst_rule_cases_ubl(const char *profile, const tst_rule_case *tc, size_t n,
                        const char *file, int line)
{
    size_t i;
    for (i = 0; i < n; i++) {
        const char *doc = tc[i].credit_note ? tst_ubl_cn(tc[i].body) : tst_ubl(tc[i].body);
        tst_result_t *r = tst_validate(profile, NULL, doc);
        int ok;
        char msg[720];
        if (tc[i].expect == TST_FIRE)
            ok = tst_has(r, tc[i].rule, EINV_SEV_ERROR);
        else if (tc[i].expect == TST_WARN)
            ok = tst_has(r, tc[i].rule, EINV_SEV_WARNING) && !tst_has(r, tc[i].rule, EINV_SEV_ERROR);
        else
            ok = tst_count(r, tc[i].rule) == 0;
        snprintf(msg, sizeof msg, "%s should %s: %.300s | got: %.200s [%s]", tc[i].rule,
                 tc[i].expect == TST_PASS ? "not fire" : "fire", tc[i].body, tst_codes(r),
                 tst_error(r) ? tst_error(r) : "");
        CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, line, msg, file, "", CU_FALSE);
        tst_free(r);
    }
}
