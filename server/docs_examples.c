/* Checked examples for the rule pages (docs_rules.h). */
#include "docs_rules.h"

int docs_example(einv_engine_t *e, const char *code, docs_example_t *ex)
{
    (void)e;
    (void)code;
    (void)ex;
    return -1;
}
