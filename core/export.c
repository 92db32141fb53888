/* Exports: the output buffer of the SDK (einvoice/export.h) and the engine's export entry
 * (exports.h): canonicalJson -> canonical invoice (the "json" format's parse) -> exporter. */
#include "exports.h"
#include "ctx_int.h"
#include "registry.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int einv_buf_append(einv_buf_t *b, const void *data, size_t n)
{
    if (b->oom)
        return EINV_ERR_NOMEM;
    if (b->cap - b->len < n) {
        size_t cap = b->cap ? b->cap : 4096;
        unsigned char *p;
        while (cap - b->len < n) {
            if (cap > ((size_t)-1) / 2) {
                b->oom = 1;
                return EINV_ERR_NOMEM;
            }
            cap *= 2;
        }
        if (!(p = realloc(b->data, cap))) {
            b->oom = 1;
            return EINV_ERR_NOMEM;
        }
        b->data = p;
        b->cap = cap;
    }
    if (n)
        memcpy(b->data + b->len, data, n);
    b->len += n;
    return EINV_OK;
}

int einv_buf_puts(einv_buf_t *b, const char *s) { return einv_buf_append(b, s, strlen(s)); }

void einv_buf_release(einv_buf_t *b)
{
    free(b->data);
    memset(b, 0, sizeof *b);
}

const einv_exporter_ops_t *einv_engine_exporter(const einv_engine_t *e, const char *name)
{
    const einv_registry_t *r = einv_engine_registry(e);
    size_t i;
    for (i = 0; name && i < r->n_exporters; i++)
        if (strcasecmp(r->exporters[i]->name, name) == 0)
            return r->exporters[i];
    return NULL;
}

size_t einv_engine_exporter_count(const einv_engine_t *e) { return einv_engine_registry(e)->n_exporters; }

const einv_exporter_ops_t *einv_engine_exporter_at(const einv_engine_t *e, size_t i)
{
    const einv_registry_t *r = einv_engine_registry(e);
    return i < r->n_exporters ? r->exporters[i] : NULL;
}

struct einv_export {
    einv_ctx_t ctx;                 /* the invoice, the findings, the options */
    const char *options[9];
    const einv_exporter_ops_t *ops;
    einv_buf_t out;
    einv_error_t err;
    int ok;
};

static const einv_format_ops_t *json_reader(const einv_engine_t *e)
{
    const einv_registry_t *r = einv_engine_registry(e);
    size_t i;
    for (i = 0; i < r->n_formats; i++)
        if (r->formats[i]->api_format && strcmp(r->formats[i]->api_format, "JSON") == 0)
            return r->formats[i];
    return NULL;
}

einv_export_t *einv_export_json(einv_engine_t *e, const einv_export_opts_t *o, const char *json,
                                size_t len, einv_error_t *err)
{
    return einv_export_json_from(e, o, json, len, NULL, 0, err);
}

einv_export_t *einv_export_json_from(einv_engine_t *e, const einv_export_opts_t *o, const char *json,
                                     size_t len, const void *source, size_t source_len,
                                     einv_error_t *err)
{
    const einv_exporter_ops_t *ops = einv_engine_exporter(e, o ? o->to : NULL);
    const einv_format_ops_t *reader = json_reader(e);
    einv_export_t *x;
    size_t n = 0;
    int rc;
    if (!ops)
        return einv_error_set(err, EINV_ERR_NOTFOUND, "unknown export", o && o->to ? o->to : "(none)",
                              "Run 'einvoice exports' to list the installed exporters"),
               NULL;
    if (!reader)
        return einv_error_set(err, EINV_ERR_NOTFOUND, "the json format plugin is not installed", "",
                              "Exports read the canonical invoice through the json plugin; enable it"),
               NULL;
    if (!(x = calloc(1, sizeof *x)))
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", ""), NULL;
    x->options[n++] = "canonical";
    x->options[n++] = "1";
    if (o->profile) {
        x->options[n++] = "profile";
        x->options[n++] = o->profile;
    }
    if (o->mapping) {
        x->options[n++] = "mapping";
        x->options[n++] = o->mapping;
    }
    x->options[n] = NULL;
    einv_ctx_init(&x->ctx, x->options);
    x->ops = ops;
    if (reader->parse(&x->ctx, (const unsigned char *)json, len) != EINV_OK || !x->ctx.inv) {
        einv_error_set(&x->err, EINV_ERR_USAGE, "the canonical invoice could not be read", "",
                       "See the findings");
        return x;
    }
    x->ctx.source = source;
    x->ctx.source_len = source ? source_len : 0;
    rc = ops->write(&x->ctx, x->ctx.inv, &x->out, &x->err);
    x->ctx.source = NULL;   /* borrowed for the call only */
    x->ctx.source_len = 0;
    if (rc != EINV_OK) {
        if (!x->err.message[0])
            einv_error_set(&x->err, EINV_ERR, "the export failed", ops->name, "");
        einv_buf_release(&x->out);
        return x;
    }
    if (x->out.oom) {
        einv_error_set(&x->err, EINV_ERR_NOMEM, "out of memory while exporting", ops->name, "");
        einv_buf_release(&x->out);
        return x;
    }
    x->ok = 1;
    return x;
}

int einv_export_ok(const einv_export_t *x) { return x && x->ok; }

const unsigned char *einv_export_data(const einv_export_t *x, size_t *len)
{
    *len = x->ok ? x->out.len : 0;
    return x->ok ? x->out.data : NULL;
}

const einv_error_t *einv_export_error(const einv_export_t *x) { return &x->err; }
size_t einv_export_count(const einv_export_t *x) { return x->ctx.n; }

const einv_finding_t *einv_export_at(const einv_export_t *x, size_t i)
{
    return i < x->ctx.n ? &x->ctx.findings[i] : NULL;
}

const einv_exporter_ops_t *einv_export_exporter(const einv_export_t *x) { return x->ops; }

void einv_export_free(einv_export_t *x)
{
    if (!x)
        return;
    einv_ctx_release(&x->ctx);
    einv_buf_release(&x->out);
    free(x);
}
