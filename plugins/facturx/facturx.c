/* The "facturx" exporter: a Factur-X 1.07 / ZUGFeRD 2.3 hybrid invoice, a PDF/A-3b whose
 * pages show the invoice (fx_render*.c, libharu) and which carries the CII D16B document
 * (the cii plugin's writer, compiled in) as factur-x.xml (fx_pdfa.c, qpdf).
 *
 * The fonts and the ICC profile are Debian's (fonts-dejavu-core, icc-profiles-free); the
 * exporter refuses with a clear message when they are missing. A plugin of kind format
 * that registers no format: only the exporter. */
#define _GNU_SOURCE   /* pthread_getattr_np */
#include <einvoice/einvoice.h>
#include "cii_from_model.h"
#include "fx_render.h"
#include "fx_pdfa.h"
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#ifndef EINV_FACTURX_FONT_DIR
#define EINV_FACTURX_FONT_DIR "/usr/share/fonts/truetype/dejavu"
#endif
#ifndef EINV_FACTURX_ICC
#define EINV_FACTURX_ICC "/usr/share/color/icc/sRGB.icc"
#endif

static const einv_rule_t R_EXPORT_FAILED = {
    "EXPORT-PDF", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The Factur-X PDF could not be made.", "See the detail; the operator may need to install the PDF fonts or the ICC profile."};

static const einv_rule_t R_GUIDELINE = {
    "EXPORT-PDF-GUIDELINE", EINV_SEV_WARNING, EINV_LAYER_SCHEMA, "BT-24",
    "The invoice's specification identifier has no Factur-X conformance level; the PDF declares EN 16931.",
    "Check that the receiver accepts the invoice as EN 16931."};

/* libharu keeps large tables on the stack while it builds a Type0 font (a 64 K-entry
 * code map, over 128 KiB), more than the threads of an HTTP server may have: the
 * rendering runs on a thread of its own with a stack that surely suffices. */
#define FX_STACK ((size_t)8 << 20)

typedef struct render_job {
    const einv_invoice_t *inv;
    einv_buf_t *pdf;
    einv_error_t *err;
    int rc;
} render_job;

static void *render_main(void *arg)
{
    render_job *j = arg;
    j->rc = fx_render(j->inv, EINV_FACTURX_FONT_DIR, j->pdf, j->err);
    return NULL;
}

/* 1 when the calling thread's stack is large enough (2 MiB: a main thread's is, an HTTP
 * worker's is not); then no thread is needed. */
static int stack_suffices(void)
{
    pthread_attr_t a;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &a) != 0)
        return 0;
    pthread_attr_getstacksize(&a, &size);
    pthread_attr_destroy(&a);
    return size >= FX_STACK / 4;
}

static int render_big_stack(const einv_invoice_t *inv, einv_buf_t *pdf, einv_error_t *err)
{
    render_job j = {inv, pdf, err, EINV_ERR};
    pthread_attr_t a;
    pthread_t t;
    int ok;
    if (stack_suffices())
        return fx_render(inv, EINV_FACTURX_FONT_DIR, pdf, err);
    ok = pthread_attr_init(&a) == 0 && pthread_attr_setstacksize(&a, FX_STACK) == 0 &&
         pthread_create(&t, &a, render_main, &j) == 0;
    pthread_attr_destroy(&a);
    if (!ok)
        return einv_error_set(err, EINV_ERR_NOMEM, "no thread for the PDF rendering", "", "");
    pthread_join(t, NULL);
    return j.rc;
}

static int fx_export(einv_ctx_t *ctx, const einv_invoice_t *inv, einv_buf_t *out, einv_error_t *err)
{
    einv_buf_t xml = {0}, pdf = {0};
    fx_meta m;
    char title[256], subject[320];
    const einv_node_t *seller = einv_node_get(einv_invoice_root(inv), EINV_T_BG_4);
    const char *guideline = fx_guideline(cii_guideline(inv));
    int rc;
    if (guideline != cii_guideline(inv))
        einv_report_msg(ctx, &R_GUIDELINE, "", "The guideline %s has no Factur-X conformance level; the embedded "
                        "invoice declares %s.", cii_guideline(inv), guideline);
    rc = cii_write_as(ctx, inv, guideline, &xml) == EINV_OK
             ? render_big_stack(inv, &pdf, err)
             : einv_error_set(err, EINV_ERR_NOMEM, "out of memory while writing CII", "", "");
    if (rc == EINV_OK) {
        fx_title(inv, title, sizeof title);
        snprintf(subject, sizeof subject, "%s (Factur-X %s)", title, fx_level(guideline));
        m.title = title;
        m.author = seller ? einv_node_text(seller, EINV_T_BT_27) : NULL;
        m.subject = subject;
        m.level = fx_level(guideline);
        fx_meta_now(&m);
        rc = fx_pdfa(&pdf, &xml, &m, EINV_FACTURX_ICC, out, err);
    }
    if (rc != EINV_OK && ctx)
        einv_report_msg(ctx, &R_EXPORT_FAILED, "", "The Factur-X PDF could not be made: %s (%s).", err->message,
                        err->detail);
    einv_buf_release(&xml);
    einv_buf_release(&pdf);
    return rc;
}

static const einv_exporter_ops_t FACTURX_EXPORTER = {
    sizeof(einv_exporter_ops_t), "facturx", "application/pdf", "pdf",
    "Factur-X 1.07 / ZUGFeRD 2.3 PDF/A-3b with the CII D16B XML embedded", fx_export};

static int fx_init(const einv_host_api_t *host, einv_error_t *err)
{
    if (host->struct_size <= offsetof(einv_host_api_t, register_exporter))
        return einv_error_set(err, EINV_ERR_ABI, "this host has no exporters (ABI before 1.4)", "", "");
    return host->register_exporter(&FACTURX_EXPORTER, err);
}

EINV_PLUGIN_DEFINE("facturx", EINV_PLUGIN_FORMAT, "0.1.0",
                   "Factur-X / ZUGFeRD PDF/A-3 export (libharu render, qpdf container)", fx_init, NULL)
