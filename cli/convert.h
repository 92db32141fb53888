/* einvoice convert: the canonical invoice of any input, written as canonical JSON or by an
 * exporter (cli/convert.c). */
#ifndef EINV_CLI_CONVERT_H
#define EINV_CLI_CONVERT_H

#include "engine.h"
#include <stddef.h>

/* Helpers of cli/einvoice.c. */
/* A whole file, or stdin for "-": malloc'd bytes, or NULL with *why set. */
unsigned char *read_all(const char *path, size_t *len, const char **why);
/* The value of option name at argv[*i] (--name V or --name=V), or NULL. */
const char *arg_value(int argc, char **argv, int *i, const char *name);

/* einvoice convert --to json|ubl|cii|facturx|idoc [--format F] [--mapping FILE]
 * [--profile P] FILE [-o OUT]. Returns the exit status: 0 written, 1 the input could not
 * be converted, 2 usage or I/O error. */
int cmd_convert(einv_engine_t *e, int argc, char **argv);
#endif
