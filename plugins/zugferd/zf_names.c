/* Finding the invoice's file specification in a PDF: the catalog's /AF array, then a real
 * lookup in the /Names /EmbeddedFiles name tree (ISO 32000-1 7.9.6: keys sorted, /Kids
 * chosen by their /Limits, so an attachment after thousands of others costs a few steps),
 * then, for trees that are not sorted or whose keys are not the file names, a walk of the
 * tree that compares the file specifications' names.
 *
 * Hostile trees stay bounded: descents stop at NT_MAX_DEPTH, every node is visited once
 * (a set of object ids breaks cycles), the walk stops after NT_MAX_NODES nodes and
 * NT_MAX_SCAN entries, and long loops look at the deadline. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "zf.h"

#define NT_MAX_DEPTH 32
#define NT_MAX_NODES 4096
#define NT_MAX_SCAN 100000
#define NT_SET_SLOTS 8192   /* > 2 x NT_MAX_NODES: open addressing stays short */
#define NT_CLOCK_EVERY 64   /* entries between looks at the clock (an entry may cost a decode) */

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

void zf_filespec_name(qpdf_data q, qpdf_oh fs, char *buf, size_t size)
{
    static const char *const keys[] = {"/UF", "/F"};
    size_t i;
    buf[0] = 0;
    if (!qpdf_oh_is_dictionary(q, fs))
        return;
    for (i = 0; i < 2; i++) {
        qpdf_oh v = qpdf_oh_get_key_if_dict(q, fs, keys[i]);
        if (qpdf_oh_is_string(q, v))
            snprintf(buf, size, "%s", qpdf_oh_get_utf8_value(q, v));
        qpdf_oh_release(q, v);
        if (buf[0])
            return;
    }
}

/* ---- the walk's state: visited nodes, work done ---- */

typedef struct nt_walk {
    qpdf_data q;
    einv_ctx_t *ctx;
    uint64_t seen[NT_SET_SLOTS];   /* object id/generation + 1; 0 = free */
    size_t nodes, entries;
    int stop;                      /* the deadline passed */
} nt_walk_t;

/* 1 the first time node is met (direct objects always), 0 when seen before or too many. */
static int nt_visit(nt_walk_t *w, qpdf_oh node)
{
    uint64_t key;
    size_t i;
    if (w->nodes >= NT_MAX_NODES)
        return 0;
    w->nodes++;
    if (!qpdf_oh_is_indirect(w->q, node))
        return 1;
    key = ((uint64_t)(uint32_t)qpdf_oh_get_object_id(w->q, node) << 20 ^
           (uint64_t)(uint32_t)qpdf_oh_get_generation(w->q, node)) + 1;
    for (i = (size_t)(key * 0x9E3779B97F4A7C15u >> 51) % NT_SET_SLOTS; w->seen[i]; i = (i + 1) % NT_SET_SLOTS)
        if (w->seen[i] == key)
            return 0;
    w->seen[i] = key;
    return 1;
}

/* Counts one entry of work; 0 once the walk must stop. */
static int nt_tick(nt_walk_t *w)
{
    if (w->stop || ++w->entries > NT_MAX_SCAN)
        return 0;
    if (w->entries % NT_CLOCK_EVERY == 0 && einv_ctx_expired(w->ctx))
        w->stop = 1;
    return !w->stop;
}

/* ---- lookup by key ---- */

/* memcmp order of the string s against key (PDF name-tree keys sort by their bytes);
 * *ok = 0 when s is no string. */
static int key_cmp(qpdf_data q, qpdf_oh s, const char *key, size_t klen, int *ok)
{
    size_t n = 0;
    const char *p;
    int c;
    *ok = qpdf_oh_is_string(q, s);
    if (!*ok)
        return 0;
    p = qpdf_oh_get_binary_string_value(q, s, &n);
    c = memcmp(p, key, n < klen ? n : klen);
    return c ? c : n < klen ? -1 : n > klen ? 1 : 0;
}

/* Where key falls against the /Limits of kid: -1 before, 1 after, 0 inside; 2 when the
 * kid has no usable /Limits. */
static int limits_place(qpdf_data q, qpdf_oh kid, const char *key, size_t klen)
{
    qpdf_oh lim = qpdf_oh_get_key_if_dict(q, kid, "/Limits"), lo, hi;
    int ok1 = 0, ok2 = 0, a = 0, b = 0;
    if (qpdf_oh_is_array(q, lim) && qpdf_oh_get_array_n_items(q, lim) == 2) {
        lo = qpdf_oh_get_array_item(q, lim, 0);
        hi = qpdf_oh_get_array_item(q, lim, 1);
        a = key_cmp(q, lo, key, klen, &ok1);
        b = key_cmp(q, hi, key, klen, &ok2);
        qpdf_oh_release(q, lo);
        qpdf_oh_release(q, hi);
    }
    qpdf_oh_release(q, lim);
    if (!ok1 || !ok2)
        return 2;
    return a > 0 ? -1 : b < 0 ? 1 : 0;
}

static qpdf_oh nt_lookup(nt_walk_t *w, qpdf_oh node, const char *key, size_t klen, int depth)
{
    qpdf_data q = w->q;
    qpdf_oh arr, found = 0;
    int lo, hi, ok;
    if (depth > NT_MAX_DEPTH || !qpdf_oh_is_dictionary(q, node) || !nt_visit(w, node))
        return 0;
    arr = qpdf_oh_get_key_if_dict(q, node, "/Names");
    if (qpdf_oh_is_array(q, arr)) {
        lo = 0;
        hi = qpdf_oh_get_array_n_items(q, arr) / 2 - 1;
        while (lo <= hi && !found) {
            int mid = lo + (hi - lo) / 2, c;
            qpdf_oh k = qpdf_oh_get_array_item(q, arr, 2 * mid);
            c = key_cmp(q, k, key, klen, &ok);
            qpdf_oh_release(q, k);
            if (!ok)
                break;   /* not a name tree leaf: the walk looks at it */
            if (c == 0)
                found = qpdf_oh_get_array_item(q, arr, 2 * mid + 1);
            else if (c < 0)
                lo = mid + 1;
            else
                hi = mid - 1;
        }
    }
    qpdf_oh_release(q, arr);
    if (found)
        return found;
    arr = qpdf_oh_get_key_if_dict(q, node, "/Kids");
    if (qpdf_oh_is_array(q, arr)) {
        lo = 0;
        hi = qpdf_oh_get_array_n_items(q, arr) - 1;
        while (lo <= hi && !found) {
            int mid = lo + (hi - lo) / 2;
            qpdf_oh kid = qpdf_oh_get_array_item(q, arr, mid);
            int place = limits_place(q, kid, key, klen);
            if (place == 0)
                found = nt_lookup(w, kid, key, klen, depth + 1);
            qpdf_oh_release(q, kid);
            if (place == 0 || place == 2)
                break;   /* found, absent, or no /Limits to choose by: the walk decides */
            if (place < 0)
                hi = mid - 1;
            else
                lo = mid + 1;
        }
    }
    qpdf_oh_release(q, arr);
    return found;
}

/* The invoice by its key: each file name as PDFDocEncoding and as UTF-16BE text. */
static qpdf_oh nt_find_key(nt_walk_t *w, qpdf_oh root)
{
    size_t i, k;
    for (i = 0; i < sizeof INVOICE_NAMES / sizeof INVOICE_NAMES[0]; i++) {
        const char *name = INVOICE_NAMES[i];
        char u16[2 + 2 * 32];
        size_t n = strlen(name);
        qpdf_oh fs;
        memset(w->seen, 0, sizeof w->seen);
        w->nodes = 0;
        if ((fs = nt_lookup(w, root, name, n, 0)) && qpdf_oh_is_dictionary(w->q, fs))
            return fs;
        u16[0] = (char)0xFE;
        u16[1] = (char)0xFF;
        for (k = 0; k < n; k++) {
            u16[2 + 2 * k] = 0;
            u16[3 + 2 * k] = name[k];
        }
        memset(w->seen, 0, sizeof w->seen);
        w->nodes = 0;
        if ((fs = nt_lookup(w, root, u16, 2 + 2 * n, 0)) && qpdf_oh_is_dictionary(w->q, fs))
            return fs;
    }
    return 0;
}

/* ---- the walk: by the file specifications' names ---- */

static qpdf_oh nt_scan(nt_walk_t *w, qpdf_oh node, int depth)
{
    qpdf_data q = w->q;
    qpdf_oh arr, found = 0;
    int i, n;
    char buf[256];
    if (depth > NT_MAX_DEPTH || w->stop || !qpdf_oh_is_dictionary(q, node) || !nt_visit(w, node))
        return 0;
    arr = qpdf_oh_get_key_if_dict(q, node, "/Names");
    n = qpdf_oh_is_array(q, arr) ? qpdf_oh_get_array_n_items(q, arr) : 0;
    for (i = 0; i + 1 < n && !found && nt_tick(w); i += 2) {
        qpdf_oh key = qpdf_oh_get_array_item(q, arr, i), fs = qpdf_oh_get_array_item(q, arr, i + 1);
        zf_filespec_name(q, fs, buf, sizeof buf);
        if (!buf[0] && qpdf_oh_is_string(q, key))
            snprintf(buf, sizeof buf, "%s", qpdf_oh_get_utf8_value(q, key));
        if (is_invoice_name(buf))
            found = fs;
        else
            qpdf_oh_release(q, fs);
        qpdf_oh_release(q, key);
    }
    qpdf_oh_release(q, arr);
    arr = qpdf_oh_get_key_if_dict(q, node, "/Kids");
    n = qpdf_oh_is_array(q, arr) ? qpdf_oh_get_array_n_items(q, arr) : 0;
    for (i = 0; i < n && !found && nt_tick(w); i++) {
        qpdf_oh kid = qpdf_oh_get_array_item(q, arr, i);
        found = nt_scan(w, kid, depth + 1);
        qpdf_oh_release(q, kid);
    }
    qpdf_oh_release(q, arr);
    return found;
}

/* The /AF entry whose file name is an invoice name, or 0. */
static qpdf_oh af_find(nt_walk_t *w, qpdf_oh root)
{
    qpdf_data q = w->q;
    qpdf_oh af = qpdf_oh_get_key_if_dict(q, root, "/AF"), found = 0;
    int i, n = qpdf_oh_is_array(q, af) ? qpdf_oh_get_array_n_items(q, af) : 0;
    char buf[256];
    for (i = 0; i < n && !found && nt_tick(w); i++) {
        qpdf_oh item = qpdf_oh_get_array_item(q, af, i);
        zf_filespec_name(q, item, buf, sizeof buf);
        if (is_invoice_name(buf))
            found = item;
        else
            qpdf_oh_release(q, item);
    }
    qpdf_oh_release(q, af);
    return found;
}

qpdf_oh zf_find_filespec(einv_ctx_t *ctx, qpdf_data q, int *in_af)
{
    nt_walk_t *w = calloc(1, sizeof *w);
    qpdf_oh root = qpdf_get_root(q), names, tree, fs = 0;
    *in_af = 0;
    if (!w)
        return 0;
    w->q = q;
    w->ctx = ctx;
    if ((fs = af_find(w, root))) {
        *in_af = 1;
        free(w);
        return fs;
    }
    names = qpdf_oh_get_key_if_dict(q, root, "/Names");
    tree = qpdf_oh_get_key_if_dict(q, names, "/EmbeddedFiles");
    fs = nt_find_key(w, tree);
    if (!fs && !w->stop) {
        memset(w->seen, 0, sizeof w->seen);
        w->nodes = 0;
        w->entries = 0;
        fs = nt_scan(w, tree, 0);
    }
    qpdf_oh_release(q, tree);
    qpdf_oh_release(q, names);
    free(w);
    return fs;
}
