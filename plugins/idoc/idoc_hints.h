/* The IDoc format's suggestions (idoc_hints.c), for einv_format_ops_t.hints. */
#ifndef EINV_IDOC_HINTS_H
#define EINV_IDOC_HINTS_H

#include <einvoice/einvoice.h>

extern const einv_hint_t idoc_hints[];
extern const size_t idoc_hints_count;

#endif
