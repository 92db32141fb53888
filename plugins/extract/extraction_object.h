/* The extraction object of an extracted invoice (docs/api.md "Extracted invoices"): what the
 * extractor read, per field of the canonical invoice, so the clerk sees what to check. The
 * extract plugin attaches it to the result (einv_ctx_set_extraction); the service returns it
 * as the invoice resource's `extraction`. A library of its own (einv_extract_object) so that
 * tests/plugins/test_extraction_object.c can feed it extractor output the extractor does not
 * (yet) write. */
#ifndef PLUGINS_EXTRACT_EXTRACTION_OBJECT_H
#define PLUGINS_EXTRACT_EXTRACTION_OBJECT_H

#include <json-c/json.h>

/* Notes longer than this are cut (at a character boundary): a note is a sentence. */
#define EXTRACTION_NOTE_MAX 500

/* {"tier", "readings", "pages", "ocrPages", "fields": {pointer: {"confidence", "page"?,
 * "box"?, "note"?}}} from res, the extractor's output (ex_extract.h). tier is the tier asked
 * for, used when res names none. The entries come from res's "confidence" map, completed and
 * overridden by its "fields" map when there is one; only pointers to a value (not null) of
 * res's canonicalJson are kept, each member only with the type and range the API documents
 * (confidence in [0, 1], page 1..pages, box four coordinates in points from the top left).
 * NULL only when out of memory. (transfer full: json_object_put) */
json_object *extraction_object(json_object *res, const char *tier);

#endif
