/* The PDF container side of the zugferd plugin: find the invoice attachment of a
 * Factur-X / ZUGFeRD PDF through the catalog's /AF array and the /Names /EmbeddedFiles
 * name tree, check its file specification, and decode its stream with a size bound.
 *
 * Hostile input: every walk is bounded (array items, name-tree nodes, depth), and
 * FlateDecode streams are inflated here with zlib and a cap, because qpdf's C API decodes
 * a whole stream into memory before we could look at its size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>
#include "zf.h"

#define MAX_AF_ITEMS 1000
#define MAX_TREE_NODES 4096
#define MAX_TREE_DEPTH 32
/* Filters other than Flate are decoded by qpdf only for small streams: LZW and RunLength
 * expand by a bounded factor (< 3000), so this keeps their output below ZF_MAX_XML. */
#define MAX_RAW_FOR_QPDF_DECODE (16u * 1024u)

/* The file names of the invoice XML the Factur-X / ZUGFeRD / XRechnung specs use. */
static const char *const INVOICE_NAMES[] = {"factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml",
                                            "ZUGFeRD-invoice.xml"};

static int is_invoice_name(const char *s)
{
    size_t i;
    for (i = 0; i < sizeof INVOICE_NAMES / sizeof INVOICE_NAMES[0]; i++)
        if (strcasecmp(s, INVOICE_NAMES[i]) == 0)
            return 1;
    return 0;
}

/* The file name of a file specification: /UF (text string) before /F. "" when none. */
static void filespec_name(qpdf_data q, qpdf_oh fs, char *buf, size_t size)
{
    static const char *const keys[] = {"/UF", "/F"};
    size_t i;
    buf[0] = 0;
    if (!qpdf_oh_is_dictionary(q, fs))
        return;
    for (i = 0; i < 2; i++) {
        qpdf_oh v = qpdf_oh_get_key_if_dict(q, fs, keys[i]);
        if (qpdf_oh_is_string(q, v)) {
            snprintf(buf, size, "%s", qpdf_oh_get_utf8_value(q, v));
            if (buf[0])
                return;
        }
    }
}

/* Walk one name-tree node; sets *found to the first file specification whose name (or
 * whose key in the tree) is an invoice file name. */
typedef struct tree_walk {
    int nodes;
    qpdf_oh found;
    int have;
} tree_walk_t;

static void walk_names(qpdf_data q, qpdf_oh node, int depth, tree_walk_t *w)
{
    qpdf_oh names, kids;
    int i, n;
    char buf[256];
    if (w->have || depth > MAX_TREE_DEPTH || ++w->nodes > MAX_TREE_NODES || !qpdf_oh_is_dictionary(q, node))
        return;
    names = qpdf_oh_get_key_if_dict(q, node, "/Names");
    if (qpdf_oh_is_array(q, names)) {
        n = qpdf_oh_get_array_n_items(q, names);
        for (i = 0; i + 1 < n && i < 2 * MAX_AF_ITEMS && !w->have; i += 2) {
            qpdf_oh key = qpdf_oh_get_array_item(q, names, i);
            qpdf_oh fs = qpdf_oh_get_array_item(q, names, i + 1);
            filespec_name(q, fs, buf, sizeof buf);
            if (!buf[0] && qpdf_oh_is_string(q, key))
                snprintf(buf, sizeof buf, "%s", qpdf_oh_get_utf8_value(q, key));
            if (is_invoice_name(buf)) {
                w->found = fs;
                w->have = 1;
            }
        }
    }
    kids = qpdf_oh_get_key_if_dict(q, node, "/Kids");
    if (qpdf_oh_is_array(q, kids)) {
        n = qpdf_oh_get_array_n_items(q, kids);
        for (i = 0; i < n && !w->have && w->nodes <= MAX_TREE_NODES; i++)
            walk_names(q, qpdf_oh_get_array_item(q, kids, i), depth + 1, w);
    }
}

/* ---- bounded decoding ---- */

static int inflate_capped(const unsigned char *in, size_t inlen, size_t cap, unsigned char **out,
                          size_t *outlen)
{
    z_stream z;
    size_t size = inlen * 4 + 4096, used = 0;
    unsigned char *buf;
    int rc;
    if (size > cap + 1)
        size = cap + 1;
    buf = malloc(size);
    if (!buf)
        return -1;
    memset(&z, 0, sizeof z);
    if (inflateInit(&z) != Z_OK) {
        free(buf);
        return -1;
    }
    z.next_in = (unsigned char *)in;
    z.avail_in = (uInt)(inlen > 0xFFFFFFFFu ? 0xFFFFFFFFu : inlen);
    for (;;) {
        if (used == size) {
            size_t ns;
            unsigned char *nb;
            if (size > cap) {   /* already holds cap + 1 bytes: a bomb */
                inflateEnd(&z);
                free(buf);
                return 1;
            }
            ns = size * 2 > cap + 1 ? cap + 1 : size * 2;
            nb = realloc(buf, ns);
            if (!nb) {
                inflateEnd(&z);
                free(buf);
                return -1;
            }
            buf = nb;
            size = ns;
        }
        z.next_out = buf + used;
        z.avail_out = (uInt)(size - used > 0x40000000u ? 0x40000000u : size - used);
        rc = inflate(&z, Z_NO_FLUSH);
        used = (size_t)(z.next_out - buf);
        if (rc == Z_STREAM_END)
            break;
        if (rc == Z_BUF_ERROR && z.avail_out > 0)
            break;   /* input ended early: keep what we have, as PDF readers do */
        if (rc != Z_OK) {
            if (used > 0)
                break;   /* trailing garbage after data: keep the data */
            inflateEnd(&z);
            free(buf);
            return -1;
        }
    }
    inflateEnd(&z);
    if (used > cap) {
        free(buf);
        return 1;
    }
    *out = buf;
    *outlen = used;
    return 0;
}

/* 1 when the stream's filter chain is exactly FlateDecode without a predictor. */
static int plain_flate(qpdf_data q, qpdf_oh dict)
{
    qpdf_oh f = qpdf_oh_get_key_if_dict(q, dict, "/Filter");
    qpdf_oh p = qpdf_oh_get_key_if_dict(q, dict, "/DecodeParms");
    if (qpdf_oh_is_array(q, f)) {
        if (qpdf_oh_get_array_n_items(q, f) != 1)
            return 0;
        f = qpdf_oh_get_array_item(q, f, 0);
        if (qpdf_oh_is_array(q, p))
            p = qpdf_oh_get_array_item(q, p, 0);
    }
    if (!qpdf_oh_is_name_and_equals(q, f, "/FlateDecode") && !qpdf_oh_is_name_and_equals(q, f, "/Fl"))
        return 0;
    if (qpdf_oh_is_dictionary(q, p)) {
        qpdf_oh pr = qpdf_oh_get_key_if_dict(q, p, "/Predictor");
        if (qpdf_oh_is_integer(q, pr) && qpdf_oh_get_int_value(q, pr) > 1)
            return 0;
    }
    return 1;
}

int zf_stream_bytes(qpdf_data q, qpdf_oh s, size_t cap, unsigned char **out, size_t *len)
{
    qpdf_oh dict, filter;
    unsigned char *raw = NULL;
    size_t rawlen = 0;
    QPDF_BOOL filtered = QPDF_FALSE;
    int rc;
    *out = NULL;
    *len = 0;
    if (!qpdf_oh_is_stream(q, s))
        return -1;
    dict = qpdf_oh_get_dict(q, s);
    filter = qpdf_oh_get_key_if_dict(q, dict, "/Filter");
    if (qpdf_oh_get_stream_data(q, s, qpdf_dl_none, &filtered, &raw, &rawlen) & QPDF_ERRORS) {
        qpdf_get_error(q);
        free(raw);
        return -1;
    }
    if (qpdf_oh_is_null(q, filter)) {
        if (rawlen > cap) {
            free(raw);
            return 1;
        }
        *out = raw;
        *len = rawlen;
        return 0;
    }
    if (plain_flate(q, dict)) {
        rc = inflate_capped(raw, rawlen, cap, out, len);
        free(raw);
        return rc;
    }
    free(raw);
    if (rawlen > MAX_RAW_FOR_QPDF_DECODE)
        return -1;
    raw = NULL;
    if ((qpdf_oh_get_stream_data(q, s, qpdf_dl_generalized, &filtered, &raw, &rawlen) & QPDF_ERRORS) ||
        !filtered) {
        qpdf_get_error(q);
        free(raw);
        return -1;
    }
    if (rawlen > cap) {
        free(raw);
        return 1;
    }
    *out = raw;
    *len = rawlen;
    return 0;
}

/* ---- the invoice attachment ---- */

int zf_find_invoice(einv_ctx_t *ctx, qpdf_data q, zf_invoice_file_t *out)
{
    qpdf_oh root = qpdf_get_root(q), af, fs = 0, ef, stream;
    int have = 0, in_af = 0, i, n, rc;
    char buf[256];
    memset(out, 0, sizeof *out);
    af = qpdf_oh_get_key_if_dict(q, root, "/AF");
    if (qpdf_oh_is_array(q, af)) {
        n = qpdf_oh_get_array_n_items(q, af);
        for (i = 0; i < n && i < MAX_AF_ITEMS && !have; i++) {
            qpdf_oh item = qpdf_oh_get_array_item(q, af, i);
            filespec_name(q, item, buf, sizeof buf);
            if (is_invoice_name(buf)) {
                fs = item;
                have = in_af = 1;
            }
        }
    }
    if (!have) {
        tree_walk_t w = {0, 0, 0};
        qpdf_oh names = qpdf_oh_get_key_if_dict(q, root, "/Names");
        walk_names(q, qpdf_oh_get_key_if_dict(q, names, "/EmbeddedFiles"), 0, &w);
        if (w.have) {
            fs = w.found;
            have = 1;
        }
    }
    if (!have) {
        einv_report_at(ctx, &zf_r_no_invoice, "/Root");
        return 0;
    }
    filespec_name(q, fs, out->name, sizeof out->name);
    if (!out->name[0])
        snprintf(out->name, sizeof out->name, "factur-x.xml");
    if (!in_af)
        einv_report_msg(ctx, &zf_r_af_missing, "/Root/AF",
                        "The invoice attachment %s is not listed in the document's associated files (/AF).",
                        out->name);
    if (!qpdf_oh_is_name(q, qpdf_oh_get_key_if_dict(q, fs, "/AFRelationship")))
        einv_report_msg(ctx, &zf_r_afrel, in_af ? "/Root/AF" : "/Root/Names/EmbeddedFiles",
                        "The file specification of %s has no /AFRelationship.", out->name);
    ef = qpdf_oh_get_key_if_dict(q, fs, "/EF");
    stream = qpdf_oh_get_key_if_dict(q, ef, "/F");
    if (!qpdf_oh_is_stream(q, stream))
        stream = qpdf_oh_get_key_if_dict(q, ef, "/UF");
    if (!qpdf_oh_is_stream(q, stream)) {
        einv_report_msg(ctx, &zf_r_no_invoice, "/Root",
                        "The file specification of %s holds no embedded file stream (/EF /F).", out->name);
        return 0;
    }
    rc = zf_stream_bytes(q, stream, ZF_MAX_XML, &out->data, &out->len);
    if (rc == 1) {
        einv_report_msg(ctx, &zf_r_too_large, "/Root",
                        "The embedded %s decodes to more than %u MB.", out->name, ZF_MAX_XML / (1024u * 1024u));
        return 0;
    }
    if (rc != 0) {
        einv_report_msg(ctx, &zf_r_unreadable, "/Root",
                        "The embedded file stream of %s cannot be decoded.", out->name);
        return 0;
    }
    return 1;
}
