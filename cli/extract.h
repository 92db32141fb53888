/* einvoice extract: plain and scanned PDF invoices -> the canonical invoice as JSON. */
#ifndef EINV_CLI_EXTRACT_H
#define EINV_CLI_EXTRACT_H
#include "engine.h"
#include <stdio.h>
/* Run `einvoice extract [--tier FAST|ACCURATE] [--profile P] FILE...`; returns the exit
 * status: 0 every file gave an invoice, 1 some did not, 2 usage, I/O or model errors. */
int cmd_extract(einv_engine_t *e, int argc, char **argv);
void extract_usage(FILE *f);
#endif
