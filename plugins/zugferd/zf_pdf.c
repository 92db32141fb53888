/* The PDF container side of the zugferd plugin: decode a stream through its filter chain
 * within the validation's budget, and find, check and decode the invoice attachment.
 *
 * Hostile input: qpdf hands us only the raw bytes of a stream (qpdf_dl_none, bounded by the
 * file), and the chain runs here stage by stage with small buffers (zf_decode.c), so a
 * Flate-of-Flate bomb stops at max_decoded instead of filling memory. The streams qpdf
 * decodes itself are bounded by the same decoders (zf_qpdf_filters.cc). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zf.h"
#include "zf_decode.h"

/* One /DecodeParms dictionary (or null) into f. */
static void decode_parms(qpdf_data q, qpdf_oh p, zf_filter_t *f)
{
    static const char *const keys[] = {"/Predictor", "/Colors", "/BitsPerComponent", "/Columns", "/EarlyChange"};
    int *fields[] = {&f->predictor, &f->colors, &f->bpc, &f->columns, &f->early_change};
    size_t i;
    if (!qpdf_oh_is_dictionary(q, p))
        return;
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        qpdf_oh v = qpdf_oh_get_key_if_dict(q, p, keys[i]);
        if (qpdf_oh_is_integer(q, v)) {
            long long x = qpdf_oh_get_int_value(q, v);
            *fields[i] = x < -1000000000LL || x > 1000000000LL ? -1 : (int)x;
        }
        qpdf_oh_release(q, v);
    }
}

void zf_utf8_copy(char *dst, size_t size, const char *src)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t k = 0;
    while (*s && k + 1 < size) {
        size_t n = *s < 0x80 ? 1 : (*s & 0xE0) == 0xC0 ? 2 : (*s & 0xF0) == 0xE0 ? 3 : (*s & 0xF8) == 0xF0 ? 4 : 0, i;
        int ok = n > 0 && k + n < size && !(n == 2 && *s < 0xC2) && !(n == 4 && *s > 0xF4);
        for (i = 1; ok && i < n; i++)
            ok = (s[i] & 0xC0) == 0x80;
        /* overlong three- and four-byte forms, surrogates, above U+10FFFF */
        if (ok && n == 3 && ((*s == 0xE0 && s[1] < 0xA0) || (*s == 0xED && s[1] >= 0xA0)))
            ok = 0;
        if (ok && n == 4 && ((*s == 0xF0 && s[1] < 0x90) || (*s == 0xF4 && s[1] >= 0x90)))
            ok = 0;
        if (!ok) {
            dst[k++] = '?';
            s++;
            continue;
        }
        memmove(dst + k, s, n);   /* dst may be src: the copy never runs ahead of it */
        k += n;
        s += n;
    }
    dst[k] = 0;
}

/* A PDF name for a message: bytes outside printable ASCII written #xx, as PDF writes them,
 * so the finding stays valid UTF-8 whatever the file holds. */
static void name_for_message(const char *name, char *buf, size_t size)
{
    size_t k = 0;
    for (; *name && k + 4 < size; name++) {
        unsigned char c = (unsigned char)*name;
        if (c > 32 && c < 127 && c != '#')
            buf[k++] = (char)c;
        else
            k += (size_t)snprintf(buf + k, size - k, "#%02X", c);
    }
    buf[k] = 0;
}

/* The stream's /Filter and /DecodeParms as a chain. Returns the number of filters, or -1
 * with why set (a filter we do not decode, a malformed entry, too many filters). */
static int filter_chain(qpdf_data q, qpdf_oh dict, zf_filter_t *fl, char *why, size_t size)
{
    qpdf_oh f = qpdf_oh_get_key_if_dict(q, dict, "/Filter"), p = qpdf_oh_get_key_if_dict(q, dict, "/DecodeParms");
    int i, n, array = qpdf_oh_is_array(q, f);
    if (qpdf_oh_is_null(q, f))
        return 0;
    n = array ? qpdf_oh_get_array_n_items(q, f) : qpdf_oh_is_name(q, f) ? 1 : -1;
    if (n < 0 || n > ZF_MAX_FILTERS) {
        snprintf(why, size, n < 0 ? "a /Filter that is neither a name nor an array"
                                  : "a chain of more than %d filters", ZF_MAX_FILTERS);
        return -1;
    }
    for (i = 0; i < n; i++) {
        qpdf_oh name = array ? qpdf_oh_get_array_item(q, f, i) : f;
        qpdf_oh parms = qpdf_oh_is_array(q, p) ? qpdf_oh_get_array_item(q, p, i) : p;
        const char *s = qpdf_oh_is_name(q, name) ? qpdf_oh_get_name(q, name) : "(not a name)";
        int kind = zf_filter_kind_of(s);
        char shown[72];
        name_for_message(s, shown, sizeof shown);
        if (kind < 0) {
            snprintf(why, size, "the filter %s, which an XML attachment cannot use", shown);
            return -1;
        }
        zf_filter_init(&fl[i], (zf_filter_kind)kind);
        decode_parms(q, parms, &fl[i]);
        if (zf_filter_check(&fl[i]) != ZF_DEC_OK) {
            snprintf(why, size, "%s with /DecodeParms this service does not decode", shown);
            return -1;
        }
    }
    return n;
}

int zf_stream_bytes(einv_ctx_t *ctx, qpdf_data q, qpdf_oh s, size_t cap, unsigned char **out, size_t *len,
                    char *why, size_t size)
{
    zf_filter_t fl[ZF_MAX_FILTERS];
    unsigned char *raw = NULL;
    size_t rawlen = 0;
    QPDF_BOOL filtered = QPDF_FALSE;
    int n, rc;
    *out = NULL;
    *len = 0;
    snprintf(why, size, "it cannot be read");
    if (!qpdf_oh_is_stream(q, s))
        return ZF_DEC_ERROR;
    if ((n = filter_chain(q, qpdf_oh_get_dict(q, s), fl, why, size)) < 0)
        return ZF_DEC_UNSUPPORTED;
    if (qpdf_oh_get_stream_data(q, s, qpdf_dl_none, &filtered, &raw, &rawlen) & QPDF_ERRORS) {
        qpdf_get_error(q);
        free(raw);
        return ZF_DEC_ERROR;
    }
    rc = zf_decode_chain(fl, (size_t)n, raw, rawlen, cap, einv_ctx_deadline_ns(ctx), out, len);
    free(raw);
    if (rc == ZF_DEC_ERROR)
        snprintf(why, size, "its data is corrupt for its filters");
    return rc;
}

void zf_report_limit(einv_ctx_t *ctx, int rc, const char *what)
{
    if (rc == ZF_DEC_TIME) {
        einv_ctx_expired(ctx);   /* reports LIMIT-TIME, once */
        return;
    }
    einv_report_msg(ctx, &zf_r_limit_decoded, "/Root",
                    "%s decodes to more than %zu bytes (max_decoded, setting EINV_LIMIT_PDF_DECODED); "
                    "the PDF was not fully read.",
                    what, einv_ctx_limits(ctx)->max_decoded);
}

/* ---- the invoice attachment ---- */

/* The embedded file stream of file specification fs, or 0. */
static qpdf_oh embedded_stream(qpdf_data q, qpdf_oh fs)
{
    qpdf_oh ef = qpdf_oh_get_key_if_dict(q, fs, "/EF"), stream = qpdf_oh_get_key_if_dict(q, ef, "/F");
    if (!qpdf_oh_is_stream(q, stream))
        stream = qpdf_oh_get_key_if_dict(q, ef, "/UF");
    return qpdf_oh_is_stream(q, stream) ? stream : 0;
}

int zf_find_invoice(einv_ctx_t *ctx, qpdf_data q, zf_invoice_file_t *out)
{
    qpdf_oh fs, stream;
    int in_af = 0, rc;
    char why[160], what[300];
    memset(out, 0, sizeof *out);
    if (!(fs = zf_find_filespec(ctx, q, &in_af))) {
        if (!einv_ctx_expired(ctx))
            einv_report_at(ctx, &zf_r_no_invoice, "/Root");
        return 0;
    }
    zf_filespec_name(q, fs, out->name, sizeof out->name);
    if (!out->name[0])
        snprintf(out->name, sizeof out->name, "factur-x.xml");
    if (!in_af)
        einv_report_msg(ctx, &zf_r_af_missing, "/Root/AF",
                        "The invoice attachment %s is not listed in the document's associated files (/AF).",
                        out->name);
    if (!qpdf_oh_is_name(q, qpdf_oh_get_key_if_dict(q, fs, "/AFRelationship")))
        einv_report_msg(ctx, &zf_r_afrel, in_af ? "/Root/AF" : "/Root/Names/EmbeddedFiles",
                        "The file specification of %s has no /AFRelationship.", out->name);
    if (!(stream = embedded_stream(q, fs))) {
        einv_report_msg(ctx, &zf_r_no_invoice, "/Root",
                        "The file specification of %s holds no embedded file stream (/EF /F).", out->name);
        return 0;
    }
    rc = zf_stream_bytes(ctx, q, stream, einv_ctx_limits(ctx)->max_decoded, &out->data, &out->len, why,
                         sizeof why);
    if (rc == ZF_DEC_LIMIT || rc == ZF_DEC_TIME) {
        snprintf(what, sizeof what, "The embedded %s", out->name);
        zf_report_limit(ctx, rc, what);
        return 0;
    }
    if (rc != ZF_DEC_OK) {
        einv_report_msg(ctx, &zf_r_unreadable, "/Root", "The embedded file stream of %s cannot be decoded: %s.",
                        out->name, rc == ZF_DEC_NOMEM ? "out of memory" : why);
        return 0;
    }
    return 1;
}
