/* einvoice validate (cli/validate.c). */
#ifndef EINV_CLI_VALIDATE_H
#define EINV_CLI_VALIDATE_H

#include "engine.h"
#include <stdio.h>

/* The options of validate, for --help (stdout, exit 0) and usage errors (stderr). */
void validate_usage(FILE *f);
/* einvoice validate ...: argv without "einvoice validate"; limits: the run's budget.
 * Returns the exit status (docs/cli.md): 0 valid, 1 invalid, 2 usage or I/O error. */
int cmd_validate(einv_engine_t *e, const einv_limits_t *limits, int argc, char **argv);
#endif
