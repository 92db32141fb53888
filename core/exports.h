/* Exports on request: the canonical invoice (as canonicalJson, what the service stores and
 * `einvoice convert` produces) written by a registered exporter (einvoice/export.h).
 * Used by the CLI's convert and the service's download endpoints; not part of the plugin
 * SDK. Exports never run during validation, so they cost the validation path nothing. */
#ifndef EINV_EXPORTS_H
#define EINV_EXPORTS_H

#include "engine.h"
#include <einvoice/export.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The exporter registered under name ("cii", "ubl", "facturx", "idoc"), or NULL.
 * (transfer none) */
EINV_API const einv_exporter_ops_t *einv_engine_exporter(const einv_engine_t *e, const char *name);
EINV_API size_t einv_engine_exporter_count(const einv_engine_t *e);
EINV_API const einv_exporter_ops_t *einv_engine_exporter_at(const einv_engine_t *e, size_t i);

typedef struct einv_export_opts {
    const char *to;          /* exporter name, required */
    const char *profile;     /* profile the invoice was validated against, or NULL */
    const char *mapping;     /* ERP mapping document (JSON text) for the IDoc export, or NULL */
} einv_export_opts_t;

typedef struct einv_export einv_export_t;

/* Export a canonical invoice given as canonicalJson (json, len bytes). Returns NULL with
 * err filled for usage errors (no such exporter: EINV_ERR_NOTFOUND; the "json" format that
 * reads canonicalJson is not installed: EINV_ERR_NOTFOUND) or when memory ran out; otherwise
 * a result whose einv_export_ok tells whether bytes were written. (transfer full) */
EINV_API einv_export_t *einv_export_json(einv_engine_t *e, const einv_export_opts_t *o,
                                         const char *json, size_t len, einv_error_t *err);
/* einv_export_json with the document the invoice was read from (source, source_len bytes,
 * borrowed until the call returns): the exporter reads it with einv_ctx_source. The facturx
 * exporter given a PDF keeps its pages (the hybrid of an extracted invoice). */
EINV_API einv_export_t *einv_export_json_from(einv_engine_t *e, const einv_export_opts_t *o,
                                              const char *json, size_t len, const void *source,
                                              size_t source_len, einv_error_t *err);
/* 1 when the export produced its bytes (it may still carry WARNING findings). */
EINV_API int einv_export_ok(const einv_export_t *x);
/* The bytes written, NULL when none. (transfer none: lives with x) */
EINV_API const unsigned char *einv_export_data(const einv_export_t *x, size_t *len);
/* What went wrong when einv_export_ok is 0 (transfer none). */
EINV_API const einv_error_t *einv_export_error(const einv_export_t *x);
/* Findings of the export: values the target cannot carry (WARNING), failures (ERROR). */
EINV_API size_t einv_export_count(const einv_export_t *x);
EINV_API const einv_finding_t *einv_export_at(const einv_export_t *x, size_t i);
EINV_API const einv_exporter_ops_t *einv_export_exporter(const einv_export_t *x);
EINV_API void einv_export_free(einv_export_t *x);

#ifdef __cplusplus
}
#endif
#endif
