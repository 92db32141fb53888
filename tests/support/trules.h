/* Rule tables for the UBL rule suites: one row is a rule, whether it must fire (as an ERROR
 * or a WARNING) or stay silent, and the UBL body it is checked on. */
#ifndef TRULES_H
#define TRULES_H

#include <stddef.h>

enum { TST_PASS = 0, TST_FIRE = 1, TST_WARN = 2 };

typedef struct tst_rule_case {
    const char *rule;
    int expect;       /* TST_PASS, TST_FIRE (an ERROR) or TST_WARN (a WARNING, no ERROR) */
    int credit_note;  /* the body goes into a CreditNote instead of an Invoice */
    const char *body;
} tst_rule_case;

/* Validates every row under `profile` and asserts its expectation; a failure names the rule,
 * the body and the codes that did fire, at the caller's file and line. */
void tst_rule_cases_ubl(const char *profile, const tst_rule_case *tc, size_t n,
                        const char *file, int line);

#define TST_RULES_UBL(profile, t) \
    tst_rule_cases_ubl(profile, t, sizeof t / sizeof t[0], __FILE__, __LINE__)

#endif
