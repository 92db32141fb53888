/* Loads plugins from a search path (EINV_PLUGIN_PATH's folders, then the built-in one):
 * *.so files that are, or link to, regular files owned by us or root and writable by no one
 * else; the descriptor checked (size, ABI, build signature, kind) before any other plugin
 * code runs; the first plugin found under a name wins; a profile whose base chain is
 * missing or cyclic is refused; nothing unloaded before exit. */
#include "registry.h"
#include "engine.h"
#include <dirent.h>
#include <stddef.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void (*log_sink)(int, const char *);

void einv_engine_set_log(void (*fn)(int level, const char *msg)) { log_sink = fn; }

void einv_log(int level, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (log_sink)
        log_sink(level, buf);
    else if (level <= EINV_LOG_WARN)
        fprintf(stderr, "einvoice: %s\n", buf);
}

static void host_log(int level, const char *plugin, const char *fmt, ...)
{
    char buf[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    einv_log(level, "plugin %s: %s", plugin ? plugin : "?", buf);
}

/* The registry being filled by the init() currently running (init runs single-threaded). */
static einv_registry_t *current;

static int reg_format(const einv_format_ops_t *ops, einv_error_t *err)
{
    size_t i;
    if (!current || !ops || ops->struct_size < offsetof(einv_format_ops_t, to_model) || !ops->name)
        return einv_error_set(err, EINV_ERR_ABI, "format registration refused: bad ops struct", "", "");
    for (i = 0; i < current->n_formats; i++)
        if (strcmp(current->formats[i]->name, ops->name) == 0)
            return einv_error_set(err, EINV_ERR, "format already registered", ops->name,
                                  "Two plugins provide the same format; enable only one");
    if (current->n_formats >= EINV_MAX_PLUGINS)
        return einv_error_set(err, EINV_ERR, "too many formats", "", "");
    current->formats[current->n_formats++] = ops;
    return EINV_OK;
}

static int reg_profile(const einv_profile_ops_t *ops, einv_error_t *err)
{
    size_t i;
    /* a 1.1 plugin's struct ends before specification_id (see einv_profile_spec_id) */
    if (!current || !ops || ops->struct_size < offsetof(einv_profile_ops_t, specification_id) || !ops->name ||
        !ops->check)
        return einv_error_set(err, EINV_ERR_ABI, "profile registration refused: bad ops struct", "", "");
    for (i = 0; i < current->n_profiles; i++)
        if (strcmp(current->profiles[i]->name, ops->name) == 0)
            return einv_error_set(err, EINV_ERR, "profile already registered", ops->name,
                                  "Two plugins provide the same profile; enable only one");
    if (current->n_profiles >= EINV_MAX_PLUGINS)
        return einv_error_set(err, EINV_ERR, "too many profiles", "", "");
    current->profiles[current->n_profiles++] = ops;
    return EINV_OK;
}

/* Exporters (ABI 1.4): unique by name, like formats. */
static int reg_exporter(const einv_exporter_ops_t *ops, einv_error_t *err)
{
    size_t i;
    if (!current || !ops || ops->struct_size < sizeof(einv_exporter_ops_t) || !ops->name || !ops->write)
        return einv_error_set(err, EINV_ERR_ABI, "exporter registration refused: bad ops struct", "", "");
    for (i = 0; i < current->n_exporters; i++)
        if (strcmp(current->exporters[i]->name, ops->name) == 0)
            return einv_error_set(err, EINV_ERR, "exporter already registered", ops->name,
                                  "Two plugins provide the same export; enable only one");
    if (current->n_exporters >= EINV_MAX_PLUGINS)
        return einv_error_set(err, EINV_ERR, "too many exporters", "", "");
    current->exporters[current->n_exporters++] = ops;
    return EINV_OK;
}

static const einv_host_api_t HOST = {sizeof(einv_host_api_t), EINV_ABI_MAJOR, EINV_ABI_MINOR,
                                     host_log, reg_format, reg_profile, reg_exporter};

static int refuse(einv_error_t *err, const char *path, const char *why, const char *detail,
                  const char *hint)
{
    einv_error_set_subject(err, EINV_ERR_ABI, EINV_SUBJECT_PLUGIN, why, detail, hint);
    einv_log(EINV_LOG_ERROR, "refusing plugin %s: %s%s%s", path, why, detail && *detail ? ": " : "",
             detail ? detail : "");
    return EINV_ERR_ABI;
}

/* Whether the comma list allow (NULL or "": everything) names the plugin called name
 * (its descriptor's name, case-insensitive). */
static int allowed(const char *allow, const char *name)
{
    const char *p = allow;
    size_t n = strlen(name);
    if (!allow || !*allow)
        return 1;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        while (l && *p == ' ')
            p++, l--;
        while (l && p[l - 1] == ' ')
            l--;
        if (l == n && strncasecmp(p, name, l) == 0)
            return 1;
        if (!e)
            break;
        p = e + 1;
    }
    return 0;
}

int einv_registry_load_file(einv_registry_t *r, const char *path, const char *allow, einv_error_t *err)
{
    void *h;
    einv_plugin_describe_fn fn;
    const einv_plugin_desc_t *d;
    char detail[256];
    size_t i, nf, np, nx;
    int rc;
    if (r->n_plugins >= EINV_MAX_PLUGINS)
        return refuse(err, path, "too many plugins", "", "");
    h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return refuse(err, path, "cannot be loaded", dlerror(), "Check that the file is a plugin built for this version");
    *(void **)&fn = dlsym(h, EINV_PLUGIN_SYMBOL);
    if (!fn) {
        dlclose(h);
        return refuse(err, path, "no " EINV_PLUGIN_SYMBOL "() symbol", "",
                      "A plugin must export einv_plugin_describe(); use EINV_PLUGIN_DEFINE");
    }
    d = fn();
    if (!d) {
        dlclose(h);
        return refuse(err, path, "descriptor is NULL", "", "");
    }
    /* a newer SDK's descriptor may be longer: the fields this host knows come first */
    if (d->struct_size < sizeof(einv_plugin_desc_t)) {
        snprintf(detail, sizeof detail, "descriptor size %zu, host expects at least %zu", d->struct_size,
                 sizeof(einv_plugin_desc_t));
        dlclose(h);
        return refuse(err, path, "struct_size differs", detail, "Rebuild the plugin against this SDK");
    }
    /* EINV_PLUGINS names plugins as their descriptors do; the others are left alone */
    if (d->name && !allowed(allow, d->name)) {
        dlclose(h);
        return EINV_DECLINED;
    }
    if (d->abi_major != EINV_ABI_MAJOR || d->abi_minor > EINV_ABI_MINOR) {
        snprintf(detail, sizeof detail, "plugin ABI %u.%u, host ABI %d.%d", d->abi_major,
                 d->abi_minor, EINV_ABI_MAJOR, EINV_ABI_MINOR);
        dlclose(h);
        return refuse(err, path, "abi_major/abi_minor not supported", detail,
                      "Rebuild the plugin against this SDK");
    }
    if (!d->build_signature || strcmp(d->build_signature, EINV_BUILD_SIGNATURE) != 0) {
        snprintf(detail, sizeof detail, "plugin \"%s\", host \"%s\"",
                 d->build_signature ? d->build_signature : "(none)", EINV_BUILD_SIGNATURE);
        dlclose(h);
        return refuse(err, path, "build_signature differs", detail, "Rebuild the plugin with the same options");
    }
    if (d->kind != EINV_PLUGIN_FORMAT && d->kind != EINV_PLUGIN_PROFILE) {
        snprintf(detail, sizeof detail, "kind %d", (int)d->kind);
        dlclose(h);
        return refuse(err, path, "unknown plugin kind", detail, "kind must be format or profile");
    }
    if (!d->name || !d->init) {
        dlclose(h);
        return refuse(err, path, "descriptor lacks name or init", "", "");
    }
    for (i = 0; i < r->n_plugins; i++)
        if (strcmp(r->plugins[i].desc->name, d->name) == 0) {
            /* the first found wins (an earlier folder of the path shadows a later one);
             * copy before dlclose: d lives in the object being closed */
            snprintf(detail, sizeof detail, "%.100s (from %.140s)", d->name, r->plugins[i].path);
            dlclose(h);
            einv_error_set_subject(err, EINV_ERR, EINV_SUBJECT_PLUGIN, "a plugin with this name is already loaded",
                                   detail, "");
            einv_log(EINV_LOG_WARN, "ignoring plugin %s: a plugin with this name is already loaded: %s; the first found wins",
                     path, detail);
            return EINV_ERR;
        }
    nf = r->n_formats;
    np = r->n_profiles;
    nx = r->n_exporters;
    current = r;
    rc = d->init(&HOST, err);
    current = NULL;
    if (rc != EINV_OK) {
        /* undo what init registered before failing */
        r->n_formats = nf;
        r->n_profiles = np;
        r->n_exporters = nx;
        if (d->fini)
            d->fini();
        snprintf(detail, sizeof detail, "%s", err ? err->message : "init failed");
        dlclose(h);
        return refuse(err, path, "init failed", detail, "");
    }
    {
        const char *want = d->kind == EINV_PLUGIN_FORMAT ? "format" : "profile";
        if ((d->kind == EINV_PLUGIN_FORMAT && r->n_profiles != np) ||
            (d->kind == EINV_PLUGIN_PROFILE && r->n_formats != nf))
            einv_log(EINV_LOG_WARN, "plugin %s declared kind %s but registered other kinds too",
                     d->name, want);
    }
    r->plugins[r->n_plugins].handle = h;
    r->plugins[r->n_plugins].desc = d;
    snprintf(r->plugins[r->n_plugins].path, sizeof r->plugins[0].path, "%s", path);
    r->n_plugins++;
    einv_log(EINV_LOG_INFO, "loaded plugin %s %s from %s", d->name, d->version ? d->version : "", path);
    return EINV_OK;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A plugin file we may load: the file (a symlink is followed) is a regular file owned by
 * us or root and writable by no one else, so no other user can put code into the process. */
static int trusted_file(const char *path)
{
    struct stat st;
    const char *why = NULL;
    if (stat(path, &st) != 0)
        why = "a broken link or unreadable";
    else if (!S_ISREG(st.st_mode))
        why = "not a regular file";
    else if (st.st_uid != geteuid() && st.st_uid != 0)
        why = "owned by another user";
    else if (st.st_mode & (S_IWGRP | S_IWOTH))
        why = "writable by group or others";
    if (why)
        einv_log(EINV_LOG_WARN, "skipping %s: %s", path, why);
    return why == NULL;
}

/* Load the *.so of one folder in name order (formats sniff in the same order on every
 * machine); returns the number loaded. */
static int load_dir(einv_registry_t *r, const char *dir, const char *allow)
{
    DIR *dp = opendir(dir);
    struct dirent *de;
    char *names[256];
    size_t n = 0, i;
    int loaded = 0;
    if (!dp) {
        einv_log(EINV_LOG_ERROR, "plugin directory %s cannot be read", dir);
        r->n_failed++;
        return 0;
    }
    while ((de = readdir(dp)) && n < 256) {
        size_t l = strlen(de->d_name);
        if (l > 3 && strcmp(de->d_name + l - 3, ".so") == 0 && (names[n] = strdup(de->d_name)))
            n++;
    }
    closedir(dp);
    qsort(names, n, sizeof names[0], cmp_str);
    for (i = 0; i < n; i++) {
        char path[1024];
        einv_error_t err;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (!trusted_file(path))
            r->n_failed++;
        else {
            int rc = einv_registry_load_file(r, path, allow, &err);
            loaded += rc == EINV_OK;
            r->n_failed += rc == EINV_ERR_ABI;   /* refused; a shadowed duplicate is not a failure */
        }
        free(names[i]);
    }
    return loaded;
}

/* The profile p's base chain ends in a profile without base: NULL, else why not (the
 * missing base, or a cycle), written into why. */
static const char *chain_broken(const einv_registry_t *r, const einv_profile_ops_t *p, char *why, size_t size)
{
    const einv_profile_ops_t *cur = p;
    size_t steps, i;
    for (steps = 0; cur->base; steps++) {
        const einv_profile_ops_t *b = NULL;
        if (steps > r->n_profiles) {
            snprintf(why, size, "its base chain is cyclic (%s comes back to itself)", p->name);
            return why;
        }
        for (i = 0; i < r->n_profiles && !b; i++)
            if (strcasecmp(r->profiles[i]->name, cur->base) == 0)
                b = r->profiles[i];
        if (!b) {
            if (cur == p)
                snprintf(why, size, "its base profile %s is not loaded", cur->base);
            else
                snprintf(why, size, "its base chain needs %s (base of %s), which is not loaded", cur->base,
                         cur->name);
            return why;
        }
        cur = b;
    }
    return NULL;
}

/* As CREATE EXTENSION refuses a missing dependency: a profile whose rules could not run in
 * full is not offered at all (it would report "valid" for what its base refuses). Repeated
 * until nothing changes, as refusing one may break another's chain. */
static void refuse_broken_chains(einv_registry_t *r)
{
    int changed = 1;
    while (changed) {
        size_t i;
        changed = 0;
        for (i = 0; i < r->n_profiles; i++) {
            char why[300];
            if (!chain_broken(r, r->profiles[i], why, sizeof why))
                continue;
            einv_log(EINV_LOG_ERROR, "refusing profile %s: %s; it is not offered", r->profiles[i]->name, why);
            r->n_failed++;
            memmove(&r->profiles[i], &r->profiles[i + 1], (r->n_profiles - i - 1) * sizeof r->profiles[0]);
            r->n_profiles--;
            changed = 1;
            break;
        }
    }
}

int einv_registry_load_path(einv_registry_t *r, const char *path, const char *dir, const char *allow)
{
    int loaded = 0;
    const char *p = path;
    while (p && *p) {
        const char *e = strchr(p, ':');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        char one[1024];
        if (l > 0 && l < sizeof one) {
            memcpy(one, p, l);
            one[l] = 0;
            loaded += load_dir(r, one, allow);
        } else if (l >= sizeof one) {
            einv_log(EINV_LOG_ERROR, "plugin path entry too long: %.60s...", p);
            r->n_failed++;
        }
        p = e ? e + 1 : NULL;
    }
    if (dir && *dir)
        loaded += load_dir(r, dir, allow);
    refuse_broken_chains(r);
    return loaded;
}

void einv_registry_unload(einv_registry_t *r)
{
    size_t i;
    for (i = r->n_plugins; i-- > 0;) {
        if (r->plugins[i].desc->fini)
            r->plugins[i].desc->fini();
        dlclose(r->plugins[i].handle);
    }
    memset(r, 0, sizeof *r);
}
