/* Internal to the core: the tree of the canonical model (which term hangs under which
 * group, which fields canonicalJson always writes). The data is core/model_schema.def. */
#ifndef EINV_MODEL_SCHEMA_H
#define EINV_MODEL_SCHEMA_H

#include <stddef.h>
#include <einvoice/invoice.h>

/* The group term t belongs to (INVOICE for INVOICE itself and for out-of-range ids). */
einv_term einv_schema_parent(einv_term t);
/* 1 when canonicalJson writes t even when it is absent (null, or [] for lists). */
int einv_schema_always(einv_term t);
/* 1 for groups whose fields are inlined into the parent's JSON object (empty JSON name). */
int einv_schema_inline(einv_term t);
/* The child terms of group p in terms.def order; *n gets their number. (transfer none) */
const einv_term *einv_schema_children(einv_term p, size_t *n);

#endif
