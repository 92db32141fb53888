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
#include "fx_hybrid.h"
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

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

/* The hybrid of an extracted invoice: how its pages were placed (kept or imaged, and why). */
static const einv_rule_t R_HYBRID = {
    "EXPORT-PDF-HYBRID", EINV_SEV_INFO, EINV_LAYER_SCHEMA, "",
    "The hybrid shows the received pages: kept as they are, or placed as images where PDF/A-3 does not allow them as they are.",
    "Nothing to do; imaged pages carry the received text as an invisible layer, the invoice data is the embedded factur-x.xml."};

/* libharu keeps large tables on the stack while it builds a Type0 font (a 64 K-entry
 * code map, over 128 KiB), more than the threads of an HTTP server may have: the
 * rendering runs on a thread of its own with a stack that surely suffices. */
#define FX_STACK ((size_t)8 << 20)

/* A function run on a thread whose stack surely suffices (libharu's font tables; poppler
 * and qpdf over a received PDF), or on the caller's when its stack is large enough. */
typedef struct big_job {
    int (*fn)(void *arg);
    void *arg;
    int rc;
} big_job;

static void *big_main(void *arg)
{
    big_job *j = arg;
    j->rc = j->fn(j->arg);
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

static int on_big_stack(int (*fn)(void *), void *arg, einv_error_t *err)
{
    big_job j = {fn, arg, EINV_ERR};
    pthread_attr_t a;
    pthread_t t;
    int ok;
    if (stack_suffices())
        return fn(arg);
    ok = pthread_attr_init(&a) == 0 && pthread_attr_setstacksize(&a, FX_STACK) == 0 &&
         pthread_create(&t, &a, big_main, &j) == 0;
    pthread_attr_destroy(&a);
    if (!ok)
        return einv_error_set(err, EINV_ERR_NOMEM, "no thread for the PDF rendering", "", "");
    pthread_join(t, NULL);
    return j.rc;
}

typedef struct render_args {
    const einv_invoice_t *inv;
    einv_buf_t *pdf;
    einv_error_t *err;
} render_args;

static int render_fn(void *a)
{
    render_args *r = a;
    return fx_render(r->inv, EINV_FACTURX_FONT_DIR, r->pdf, r->err);
}

typedef struct hybrid_args {
    const unsigned char *src;
    size_t len;
    const einv_buf_t *xml;
    const fx_meta *m;
    einv_buf_t *out;
    fx_hybrid_info *info;
    einv_error_t *err;
} hybrid_args;

static int hybrid_fn(void *a)
{
    hybrid_args *h = a;
    return fx_hybrid(h->src, h->len, h->xml, h->m, EINV_FACTURX_ICC, h->out, h->info, h->err);
}

/* The export's source when it is a PDF (an extracted invoice's received document): its
 * header within the first 1024 bytes, as PDF readers accept it. */
static const unsigned char *source_pdf(einv_ctx_t *ctx, size_t *len)
{
    const unsigned char *src = ctx ? einv_ctx_source(ctx, len) : NULL;
    size_t i;
    for (i = 0; src && i + 5 <= *len && i < 1024; i++)
        if (!memcmp(src + i, "%PDF-", 5))
            return src;
    return NULL;
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
    size_t src_len = 0;
    const unsigned char *src = source_pdf(ctx, &src_len);
    render_args ra = {inv, &pdf, err};
    fx_hybrid_info info;
    rc = cii_write_as(ctx, inv, guideline, &xml) == EINV_OK
             ? (src ? EINV_OK : on_big_stack(render_fn, &ra, err))
             : einv_error_set(err, EINV_ERR_NOMEM, "out of memory while writing CII", "", "");
    if (rc == EINV_OK) {
        fx_title(inv, title, sizeof title);
        snprintf(subject, sizeof subject, "%s (Factur-X %s)", title, fx_level(guideline));
        m.title = title;
        m.author = seller ? einv_node_text(seller, EINV_T_BT_27) : NULL;
        m.subject = subject;
        m.level = fx_level(guideline);
        fx_meta_now(&m);
        if (src) {
            /* the hybrid of an extracted invoice: the received pages, kept or imaged */
            hybrid_args ha = {src, src_len, &xml, &m, out, &info, err};
            rc = on_big_stack(hybrid_fn, &ha, err);
            if (rc == EINV_OK && ctx && info.imaged)
                einv_report_msg(ctx, &R_HYBRID, "", "The received pages (%d) are placed as images: %s.", info.pages,
                                info.why);
            else if (rc == EINV_OK && ctx)
                einv_report_msg(ctx, &R_HYBRID, "", "The received pages (%d) are kept as they are.", info.pages);
        } else
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
