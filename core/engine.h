/* The validation engine: plugin registry plus the pipeline that turns bytes into a
 * validationResult. Used by the CLI, the server and the tests; not part of the plugin SDK. */
#ifndef EINV_ENGINE_H
#define EINV_ENGINE_H

#include <einvoice/einvoice.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct einv_engine einv_engine_t;

/* Load every plugin of dir (NULL: EINV_PLUGIN_DIR from the environment, else the
 * build-time default), or only those named in allow (comma list, NULL = all).
 * Bad plugins are refused with a log line and skipped. (transfer full) */
EINV_API einv_engine_t *einv_engine_open(const char *dir, const char *allow, einv_error_t *err);
EINV_API void einv_engine_close(einv_engine_t *e);

/* Lookups (transfer none). */
EINV_API const einv_profile_ops_t *einv_engine_profile(const einv_engine_t *e, const char *name);
EINV_API const einv_format_ops_t *einv_engine_format(const einv_engine_t *e, const char *name);
EINV_API size_t einv_engine_profile_count(const einv_engine_t *e);
EINV_API const einv_profile_ops_t *einv_engine_profile_at(const einv_engine_t *e, size_t i);
EINV_API size_t einv_engine_format_count(const einv_engine_t *e);
EINV_API const einv_format_ops_t *einv_engine_format_at(const einv_engine_t *e, size_t i);
/* Log sink for plugin loading and the like: level, message. Default: stderr. */
EINV_API void einv_engine_set_log(void (*fn)(int level, const char *msg));

typedef struct einv_result einv_result_t;

typedef struct einv_validate_opts {
    const char *profile;        /* required */
    const char *format;         /* NULL or "auto": detect */
    const char *mapping;        /* ERP mapping document (JSON text) or NULL */
    int want_canonical;         /* also keep the canonical JSON */
    const einv_limits_t *limits; /* the budget (limits.h); NULL: the defaults */
} einv_validate_opts_t;

/* Validate one document. Returns NULL only for usage errors (unknown profile or format:
 * err says which); problems with the document itself are findings. (transfer full) */
EINV_API einv_result_t *einv_validate(einv_engine_t *e, const einv_validate_opts_t *o,
                                      const void *data, size_t len, einv_error_t *err);
EINV_API void einv_result_free(einv_result_t *r);

EINV_API int einv_result_valid(const einv_result_t *r);
EINV_API size_t einv_result_count(const einv_result_t *r);
EINV_API const einv_finding_t *einv_result_at(const einv_result_t *r, size_t i);
/* invoiceFormat of the input ("UBL", "CII", ...) or NULL when it could not be told. */
EINV_API const char *einv_result_format(const einv_result_t *r);
/* The validationResult object of API.md as JSON text. (transfer full: free()) */
EINV_API char *einv_result_json(const einv_result_t *r);
/* The findings the core itself can report (XML-WELLFORMED, SCHEMA-ROOT, ...). */
EINV_API extern const einv_rule_t *const einv_core_rules[];
EINV_API extern const size_t einv_core_rules_count;
/* canonicalJson or NULL. (transfer none) */
EINV_API const char *einv_result_canonical(const einv_result_t *r);

#ifdef __cplusplus
}
#endif
#endif
