/* The plugin registry: loaded shared objects and the formats and profiles they registered. */
#ifndef EINV_REGISTRY_H
#define EINV_REGISTRY_H
#include <einvoice/plugin.h>

#define EINV_MAX_PLUGINS 64

typedef struct einv_loaded {
    void *handle;
    const einv_plugin_desc_t *desc;
    char path[512];
} einv_loaded_t;

typedef struct einv_registry {
    einv_loaded_t plugins[EINV_MAX_PLUGINS];
    size_t n_plugins;
    const einv_format_ops_t *formats[EINV_MAX_PLUGINS];
    size_t n_formats;
    const einv_profile_ops_t *profiles[EINV_MAX_PLUGINS];
    size_t n_profiles;
    const einv_exporter_ops_t *exporters[EINV_MAX_PLUGINS];   /* ABI 1.4 */
    size_t n_exporters;
    size_t n_failed;    /* files, folders and profiles refused while loading (a metric) */
} einv_registry_t;

/* Load the plugins of each folder of the colon list path (may be NULL), then of dir (may be
 * NULL), only those whose descriptor name is in the comma list allow (NULL: all); the first
 * plugin found under a name wins. Then refuse the profiles whose base chain is missing or
 * cyclic. Returns the number of plugins loaded; refusals are logged, never fatal. */
int einv_registry_load_path(einv_registry_t *r, const char *path, const char *dir, const char *allow);
/* Load one plugin file: EINV_OK, EINV_DECLINED when allow (a comma list of names, NULL:
 * all) does not name it, or an error (logged, and in err). */
int einv_registry_load_file(einv_registry_t *r, const char *path, const char *allow, einv_error_t *err);
void einv_registry_unload(einv_registry_t *r);
/* The registry of an engine (core-internal; core/export.c looks exporters up in it). */
struct einv_engine;
const einv_registry_t *einv_engine_registry(const struct einv_engine *e);
void einv_log(int level, const char *fmt, ...);
#endif
