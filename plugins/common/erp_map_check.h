/* The shape of the ERP mapping document (erp_map.h), checked at every depth: the server
 * refuses a PUT /v1/account/mappings with the first problem (400), the IDoc and OData
 * readers report each problem of a --mapping file as a warning. A problem names the value
 * by its JSON path, e.g. "$.companyCodes.1000.paymentMeans.iban2". */
#ifndef EINV_ERP_MAP_CHECK_H
#define EINV_ERP_MAP_CHECK_H

#include <stddef.h>
#include "json_reader.h"

/* One problem: v is the value concerned; message the whole sentence naming v by its "$..."
 * path ("$.units.PCE must be a string ..."), brief what is wrong with it without the path
 * ("not a string ...", "unknown (allowed: ...)"). Return 0 to stop checking. */
typedef int (*erp_check_fn)(void *ud, const jr_value_t *v, const char *message, const char *brief);

/* Check root against the documented shape; calls fn per problem, in document order.
 * Returns the number of problems reported. */
size_t erp_map_check(const jr_value_t *root, erp_check_fn fn, void *ud);

/* The "$.a.b[2]['odd key']" path of v into buf (truncated, always NUL-terminated). */
const char *erp_map_path(const jr_value_t *v, char *buf, size_t size);

#endif
