/* The validation engine: plugin registry plus the pipeline that turns bytes into a
 * validationResult. Used by the CLI, the server and the tests; not part of the plugin SDK. */
#ifndef EINV_ENGINE_H
#define EINV_ENGINE_H

#include <einvoice/einvoice.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct einv_engine einv_engine_t;

/* Everything the engine is configured with (the settings registry of the server and the
 * CLI fill it from EINV_* settings; the core itself reads no environment). Versioned like
 * the SDK structs: set struct_size to sizeof(einv_engine_options_t); fields are only ever
 * added at the end, and a zero field means the default. */
typedef struct einv_engine_options {
    size_t struct_size;
    /* Colon-separated folders searched for plugins before plugin_dir (EINV_PLUGIN_PATH);
     * the first plugin found under a name wins. NULL or "": none. */
    const char *plugin_path;
    /* The built-in folder, searched last (EINV_PLUGIN_DIR); NULL or "": <prefix>/lib/einvoice
     * next to the running binary, else the install-time default. */
    const char *plugin_dir;
    /* Comma list of plugin names (descriptor names, e.g. "ubl,en16931") to load
     * (EINV_PLUGINS); NULL or "": all. */
    const char *allow;
    /* Template of every finding's documentationUrl (EINV_DOCS_URL, einv_docs_url); NULL:
     * the public docs, https://einvoice.dev/docs/rules/{code}. */
    const char *docs_url;
    /* Folder of the official XSDs (EINV_SCHEMA_DIR); NULL: next to the library, else the
     * install-time default. Process-wide: set by an engine opened before the first
     * validation. */
    const char *schema_dir;
    /* 1: libxml2 allocates on the C heap instead of the per-document arena
     * (EINV_XML_ARENA=0). Process-wide, like schema_dir: any engine asking it before the
     * first parse turns the arena off. */
    int no_xml_arena;
    /* The budget of validations that name none (einv_validate_opts_t.limits NULL);
     * NULL: the SDK defaults. Copied. */
    const einv_limits_t *limits;
} einv_engine_options_t;

/* Open an engine with options o (NULL: all defaults). Bad plugins are refused with a log
 * line and skipped, never fatal; NULL only when memory ran out. (transfer full) */
EINV_API einv_engine_t *einv_engine_open(const einv_engine_options_t *o, einv_error_t *err);
/* Shorthand for tests and tools: the plugins of dir (NULL: the default folder), only those
 * named in allow (NULL: all), everything else default. (transfer full) */
EINV_API einv_engine_t *einv_engine_open_dir(const char *dir, const char *allow, einv_error_t *err);
EINV_API void einv_engine_close(einv_engine_t *e);

/* Lookups (transfer none). */
EINV_API const einv_profile_ops_t *einv_engine_profile(const einv_engine_t *e, const char *name);
EINV_API const einv_format_ops_t *einv_engine_format(const einv_engine_t *e, const char *name);
EINV_API size_t einv_engine_profile_count(const einv_engine_t *e);
EINV_API const einv_profile_ops_t *einv_engine_profile_at(const einv_engine_t *e, size_t i);
EINV_API size_t einv_engine_format_count(const einv_engine_t *e);
EINV_API const einv_format_ops_t *einv_engine_format_at(const einv_engine_t *e, size_t i);
/* Plugin files, folders and profiles refused while the engine loaded (each logged). */
EINV_API size_t einv_engine_plugin_failures(const einv_engine_t *e);
/* Log sink for plugin loading and the like: level, message. Default: stderr. */
EINV_API void einv_engine_set_log(void (*fn)(int level, const char *msg));

typedef struct einv_result einv_result_t;

typedef struct einv_validate_opts {
    const char *profile;        /* required */
    const char *format;         /* NULL or "auto": detect */
    const char *mapping;        /* ERP mapping document (JSON text) or NULL */
    int want_canonical;         /* also keep the canonical JSON */
    const einv_limits_t *limits; /* the budget (limits.h); NULL: the engine's (its options) */
} einv_validate_opts_t;

/* Validate one document. Returns NULL only for usage errors: err->code is EINV_ERR_USAGE
 * and err->subject EINV_SUBJECT_PROFILE or EINV_SUBJECT_FORMAT for a profile or format that
 * is not installed (EINV_ERR_NOMEM when memory ran out); problems with the document itself
 * are findings. Results refer to the engine: free them before einv_engine_close.
 * (transfer full) */
EINV_API einv_result_t *einv_validate(einv_engine_t *e, const einv_validate_opts_t *o,
                                      const void *data, size_t len, einv_error_t *err);
/* einv_validate with plugin options: name, value pairs (NULL-terminated) that the format and
 * profile plugins read with einv_ctx_option, after the engine's own (which win on a clash),
 * e.g. {"tier", "ACCURATE", NULL} for the extract plugin. options may be NULL. */
EINV_API einv_result_t *einv_validate_with(einv_engine_t *e, const einv_validate_opts_t *o,
                                           const char *const *options, const void *data,
                                           size_t len, einv_error_t *err);
EINV_API void einv_result_free(einv_result_t *r);

EINV_API int einv_result_valid(const einv_result_t *r);
EINV_API size_t einv_result_count(const einv_result_t *r);
EINV_API const einv_finding_t *einv_result_at(const einv_result_t *r, size_t i);
/* invoiceFormat of the input ("UBL", "CII", ...) or NULL when it could not be told. */
EINV_API const char *einv_result_format(const einv_result_t *r);
/* The validationResult object of API.md as JSON text. (transfer full: free()) */
EINV_API char *einv_result_json(const einv_result_t *r);
/* The documentationUrl template the engine was opened with (its option, else the public
 * docs' https://einvoice.dev/docs/rules/{code}), for findings made outside it (the CLI's
 * IO-READ). (transfer none) */
EINV_API const char *einv_engine_docs_url(const einv_engine_t *e);
/* A finding's documentationUrl from template tmpl (EINV_DOCS_URL): every {code} and
 * {profile} replaced by code and profile, percent-encoded; a template with neither is a
 * base, giving tmpl/code. Writes out (size bytes); 0, or -1 when it does not fit. */
EINV_API int einv_docs_url(const char *tmpl, const char *code, const char *profile, char *out,
                           size_t size);
/* The findings the core itself can report (XML-WELLFORMED, SCHEMA-ROOT, ...). */
EINV_API extern const einv_rule_t *const einv_core_rules[];
EINV_API extern const size_t einv_core_rules_count;
/* canonicalJson or NULL. (transfer none) */
EINV_API const char *einv_result_canonical(const einv_result_t *r);
/* The extraction object the format plugin attached (einv_ctx_set_extraction: JSON text of
 * one object, at most EINV_EXTRACTION_MAX bytes), or NULL: every format but extraction.
 * (transfer none) */
EINV_API const char *einv_result_extraction(const einv_result_t *r);

#ifdef __cplusplus
}
#endif
#endif
