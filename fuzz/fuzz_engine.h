/* Shared harness of the engine fuzz targets (fuzz_ubl, fuzz_cii, fuzz_zugferd_pdf, fuzz_idoc,
 * fuzz_odata, fuzz_json, fuzz_mapping): one engine with the fuzz build's plugins, opened
 * once per process, and one validation per input through the real pipeline. */
#ifndef FUZZ_ENGINE_H
#define FUZZ_ENGINE_H

#include <stddef.h>
#include <stdint.h>

/* Open the engine (plugins from EINV_PLUGIN_DIR, else the fuzz build's plugin folder).
 * Aborts with a message when a needed plugin is missing: a target that fuzzes nothing
 * must not pass. */
void fz_engine_init(void);

/* Validate data as `format` (forced, never sniffed) against `profile`, with the mapping
 * document `mapping` (NULL: none), keeping the canonical JSON. Checks what must hold for
 * every input: the engine answers (no usage error), the validationResult and the canonical
 * JSON are valid JSON in valid UTF-8. A broken invariant aborts (a crash for libFuzzer). */
void fz_validate(const char *format, const char *profile, const char *mapping,
                 const uint8_t *data, size_t len);

/* A profile picked from the input, so that EN16931 and the national profiles each see a
 * share of the inputs and a reproducer always picks the same one. */
const char *fz_profile_for(const uint8_t *data, size_t len);

/* The sample ERP mapping document (tests/data/mapping), NUL-terminated. (transfer none) */
const char *fz_sample_mapping(void);

/* A file of the source tree (relative to it) read whole and NUL-terminated; aborts when it
 * cannot be read. (transfer full: free()) */
char *fz_read_source_file(const char *rel, size_t *len);

#endif
