/* The XMP metadata checks of a Factur-X / ZUGFeRD PDF: the packet exists, identifies
 * PDF/A part 3, carries the Factur-X/ZUGFeRD extension schema properties, and its
 * ConformanceLevel agrees with the guideline id (BT-24) of the embedded XML (Factur-X /
 * ZUGFeRD 2.x levels, and BASIC / COMFORT / EXTENDED of ZUGFeRD 1.0, whose XMP schema is
 * urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0# with the zf: prefix).
 *
 * XMP properties may be written as elements or as attributes of rdf:Description; both are
 * read. The packet is parsed with the SDK's hardened parser (no DTD, no entities). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <einvoice/xml.h>
#include "zf.h"
#include "zf_decode.h"

#define NS_PDFAID "http://www.aiim.org/pdfa/ns/id/"

typedef struct xmp_facts {
    char part[16], level[64], filename[256];
    int have_part, have_fx, have_level, have_filename;
} xmp_facts_t;

/* The Factur-X 1.0, ZUGFeRD 1.0 and ZUGFeRD 2.x (also XRechnung) schema namespaces. */
static int is_fx_ns(const xmlChar *href)
{
    const char *h = (const char *)href;
    return h && (strncmp(h, "urn:factur-x:pdfa:", 18) == 0 || strncmp(h, "urn:ferd:pdfa:", 14) == 0 ||
                 strncmp(h, "urn:zugferd:pdfa:", 17) == 0);
}

static void copy_trim(char *dst, size_t size, const char *s)
{
    size_t n;
    while (*s && isspace((unsigned char)*s))
        s++;
    n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    if (n >= size)
        n = size - 1;
    memcpy(dst, s, n);
    dst[n] = 0;
}

static void property(xmp_facts_t *f, const xmlNs *ns, const xmlChar *name, const char *value)
{
    if (!ns || !ns->href)
        return;
    if (strcmp((const char *)ns->href, NS_PDFAID) == 0 && strcmp((const char *)name, "part") == 0) {
        copy_trim(f->part, sizeof f->part, value);
        f->have_part = 1;
    } else if (is_fx_ns(ns->href)) {
        f->have_fx = 1;
        if (strcmp((const char *)name, "ConformanceLevel") == 0) {
            copy_trim(f->level, sizeof f->level, value);
            f->have_level = 1;
        } else if (strcmp((const char *)name, "DocumentFileName") == 0) {
            copy_trim(f->filename, sizeof f->filename, value);
            f->have_filename = 1;
        }
    }
}

static void walk(const xmlNode *n, xmp_facts_t *f)
{
    for (; n; n = n->next) {
        const xmlAttr *a;
        if (n->type != XML_ELEMENT_NODE)
            continue;
        for (a = n->properties; a; a = a->next)
            if (a->ns && a->children && a->children->content)
                property(f, a->ns, a->name, (const char *)a->children->content);
        if (n->ns && (is_fx_ns(n->ns->href) || strcmp((const char *)n->ns->href, NS_PDFAID) == 0))
            property(f, n->ns, n->name, einv_x_text(n));
        walk(n->children, f);
    }
}

/* Uppercase letters and digits only: "EN 16931" -> "EN16931", "BASIC WL" -> "BASICWL". */
static void squash(const char *s, char *out, size_t size)
{
    size_t k = 0;
    for (; *s && k + 1 < size; s++)
        if (isalnum((unsigned char)*s))
            out[k++] = (char)toupper((unsigned char)*s);
    out[k] = 0;
}

/* The XMP conformance level a guideline id (BT-24) stands for, or NULL when the id is
 * not one of the Factur-X / ZUGFeRD profiles. *zf1 is set for a ZUGFeRD 1.0 id, whose
 * COMFORT is its own level (in ZUGFeRD 2.0, COMFORT names the EN 16931 profile). */
static const char *level_of_guideline(const char *g, int *zf1)
{
    *zf1 = strstr(g, "urn:ferd:CrossIndustryDocument:invoice:1p0:") != NULL;
    if (*zf1) {
        if (strstr(g, ":1p0:comfort"))
            return "COMFORT";
        if (strstr(g, ":1p0:extended"))
            return "EXTENDED";
        if (strstr(g, ":1p0:basic"))
            return "BASIC";
        return NULL;
    }
    if (strstr(g, "xrechnung"))
        return "XRECHNUNG";
    if (strstr(g, ":extended"))
        return "EXTENDED";
    if (strstr(g, ":basicwl"))
        return "BASICWL";
    if (strstr(g, ":basic"))
        return "BASIC";
    if (strstr(g, ":minimum"))
        return "MINIMUM";
    if (strcmp(g, "urn:cen.eu:en16931:2017") == 0)
        return "EN16931";
    return NULL;
}

void zf_check_xmp(einv_ctx_t *ctx, qpdf_data q, const char *guideline, const char *attachment)
{
    qpdf_oh md = qpdf_oh_get_key_if_dict(q, qpdf_get_root(q), "/Metadata");
    unsigned char *buf = NULL;
    size_t len = 0;
    einv_error_t err;
    einv_xdoc_t *d;
    xmp_facts_t f;
    size_t cap;
    char why[160];
    int rc;
    if (!qpdf_oh_is_stream(q, md)) {
        einv_report_at(ctx, &zf_r_xmp_missing, "/Root/Metadata");
        return;
    }
    cap = einv_ctx_limits(ctx)->max_decoded < ZF_MAX_XMP ? einv_ctx_limits(ctx)->max_decoded : ZF_MAX_XMP;
    rc = zf_stream_bytes(ctx, q, md, cap, &buf, &len, why, sizeof why);
    if (rc == ZF_DEC_TIME) {
        zf_report_limit(ctx, rc, "The XMP metadata stream");
        return;
    }
    if (rc != ZF_DEC_OK || len == 0) {
        if (rc == ZF_DEC_LIMIT)
            einv_report_msg(ctx, &zf_r_xmp_missing, "/Root/Metadata",
                            "The XMP metadata stream is larger than %zu bytes.", cap);
        else
            einv_report_msg(ctx, &zf_r_xmp_missing, "/Root/Metadata", "The XMP metadata stream %s%s.",
                            rc == ZF_DEC_OK ? "is empty" : "cannot be decoded: ", rc == ZF_DEC_OK ? "" : why);
        free(buf);
        return;
    }
    d = einv_xdoc_parse(buf, len, NULL, &err);
    free(buf);
    if (!d) {
        zf_utf8_copy(err.message, sizeof err.message, err.message);
        zf_utf8_copy(err.detail, sizeof err.detail, err.detail);
        einv_report_msg(ctx, &zf_r_xmp_missing, "/Root/Metadata",
                        "The XMP metadata is not well-formed XML: %s (%s).", err.message, err.detail);
        return;
    }
    memset(&f, 0, sizeof f);
    walk(einv_xdoc_root(d), &f);
    einv_xdoc_free(d);

    if (!f.have_part || strcmp(f.part, "3") != 0)
        einv_report_msg(ctx, &zf_r_not_pdfa3, "/Root/Metadata",
                        f.have_part ? "The XMP metadata identifies PDF/A part %s, not PDF/A-3."
                                    : "The XMP metadata has no PDF/A identification (pdfaid:part)%s.",
                        f.have_part ? f.part : "");
    if (!f.have_fx) {
        einv_report_at(ctx, &zf_r_xmp_no_fx, "/Root/Metadata");
        return;
    }
    if (!f.have_level)
        einv_report_msg(ctx, &zf_r_xmp_no_fx, "/Root/Metadata",
                        "The Factur-X/ZUGFeRD XMP schema has no ConformanceLevel property.");
    if (f.have_level && guideline && *guideline) {
        char got[64];
        int zf1;
        const char *want = level_of_guideline(guideline, &zf1);
        squash(f.level, got, sizeof got);
        if (!zf1 && strcmp(got, "COMFORT") == 0)   /* the ZUGFeRD 2.0 name of the EN 16931 profile */
            snprintf(got, sizeof got, "EN16931");
        /* an XRechnung is a CIUS of EN 16931, so level EN 16931 describes it truly too
         * (ZUGFeRD 2.1 files embedding XRechnung 1.2/2.x often say so) */
        if (want && strcmp(got, want) != 0 &&
            !(strcmp(want, "XRECHNUNG") == 0 && strcmp(got, "EN16931") == 0))
            einv_report_msg(ctx, &zf_r_conformance, "/Root/Metadata",
                            "The XMP ConformanceLevel \"%s\" contradicts the invoice's specification identifier (BT-24) \"%s\".",
                            f.level, guideline);
    }
    if (f.have_filename && attachment && *attachment && strcmp(f.filename, attachment) != 0)
        einv_report_msg(ctx, &zf_r_filename, "/Root/Metadata",
                        "The XMP DocumentFileName \"%s\" differs from the attachment's name \"%s\".",
                        f.filename, attachment);
}
