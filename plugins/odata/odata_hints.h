/* The OData format's suggestions (odata_hints.c), for einv_format_ops_t.hints. */
#ifndef EINV_ODATA_HINTS_H
#define EINV_ODATA_HINTS_H

#include <einvoice/einvoice.h>

extern const einv_hint_t odata_hints[];
extern const size_t odata_hints_count;

#endif
