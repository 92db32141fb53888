/* Received /Metadata streams that carry a filter, dropped before the hybrid is written
 * (fx_hybrid.h). qpdf's writer decodes every /Type /Metadata stream, whatever it is told,
 * because PDF/A wants metadata unfiltered; a compression bomb there would be inflated into
 * the output (a 400 KB upload, a 400 MB PDF). Object-level metadata is optional and does not
 * change how a page looks; the catalog's is replaced by the Factur-X XMP anyway.
 *
 * The walk goes over what the writer would write: everything reachable from the trailer,
 * each indirect object once, with an explicit stack (no recursion on hostile nesting) and a
 * bound on objects and container entries; past the bound the pages are imaged instead. */
#include "fx_hybrid.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OBJECTS 200000     /* indirect objects walked; more: imaged */
#define MAX_ENTRIES 4000000    /* dictionary and array entries looked at; more: imaged */

typedef struct idset {         /* open addressing over (id << 16 | generation) + 1 */
    uint64_t *slot;
    size_t cap, n;
} idset;

/* 1 when key was there already, 0 when added, -1 out of memory. */
static int idset_add(idset *s, uint64_t key)
{
    size_t i;
    if (2 * (s->n + 1) > s->cap) {
        size_t ncap = s->cap ? 2 * s->cap : 1024, j;
        uint64_t *ns = calloc(ncap, sizeof *ns);
        if (!ns)
            return -1;
        for (j = 0; j < s->cap; j++)
            if (s->slot[j]) {
                for (i = (size_t)(s->slot[j] * 0x9E3779B97F4A7C15ULL) & (ncap - 1); ns[i]; i = (i + 1) & (ncap - 1))
                    ;
                ns[i] = s->slot[j];
            }
        free(s->slot);
        s->slot = ns;
        s->cap = ncap;
    }
    for (i = (size_t)(key * 0x9E3779B97F4A7C15ULL) & (s->cap - 1); s->slot[i]; i = (i + 1) & (s->cap - 1))
        if (s->slot[i] == key)
            return 1;
    s->slot[i] = key;
    s->n++;
    return 0;
}

typedef struct walk {
    qpdf_data q;
    qpdf_oh *stack;
    size_t n, cap, entries, objects;
    idset seen;
    const char *why;           /* set when the walk gives up */
} walk;

static int push(walk *w, qpdf_oh o)
{
    if (w->n == w->cap) {
        size_t ncap = w->cap ? 2 * w->cap : 256;
        qpdf_oh *ns = realloc(w->stack, ncap * sizeof *ns);
        if (!ns)
            return w->why = "out of memory while checking its objects", -1;
        w->stack = ns;
        w->cap = ncap;
    }
    w->stack[w->n++] = o;
    return 0;
}

/* 1 when o is a stream of /Type /Metadata with a filter: the one the writer would decode. */
static int filtered_metadata(qpdf_data q, qpdf_oh o)
{
    qpdf_oh d, t, f;
    int r;
    if (!qpdf_oh_is_stream(q, o))
        return 0;
    d = qpdf_oh_get_dict(q, o);
    t = qpdf_oh_get_key(q, d, "/Type");
    f = qpdf_oh_get_key(q, d, "/Filter");
    r = qpdf_oh_is_name_and_equals(q, t, "/Metadata") && !qpdf_oh_is_null(q, f);
    qpdf_oh_release(q, f);
    qpdf_oh_release(q, t);
    qpdf_oh_release(q, d);
    return r;
}

/* Look at one entry of a container (v: its handle, released here unless kept on the
 * stack): drop it when it is such a stream (*drop), else walk it later when it is a
 * container or a stream not walked yet. qpdf's C API keeps every handle until it is
 * released; a walk over many objects releases them as it goes. */
static int visit(walk *w, qpdf_oh v, int *drop)
{
    qpdf_data q = w->q;
    int rc = 0;
    *drop = 0;
    if (++w->entries > MAX_ENTRIES)
        rc = (w->why = "it has too many objects to check", -1);
    else if (qpdf_oh_is_indirect(q, v)) {
        uint64_t key = ((uint64_t)(unsigned)qpdf_oh_get_object_id(q, v) << 16 |
                        (uint64_t)(qpdf_oh_get_generation(q, v) & 0xFFFF)) + 1;
        int r = idset_add(&w->seen, key);
        if (r < 0)
            rc = (w->why = "out of memory while checking its objects", -1);
        else if (r == 1)
            v = (qpdf_oh_release(q, v), 0);
        else if (++w->objects > MAX_OBJECTS)
            rc = (w->why = "it has too many objects to check", -1);
    }
    if (rc == 0 && v) {
        if (filtered_metadata(q, v))
            *drop = 1;
        else if (qpdf_oh_is_stream(q, v))
            rc = push(w, qpdf_oh_get_dict(q, v));
        else if (qpdf_oh_is_dictionary(q, v) || qpdf_oh_is_array(q, v))
            return push(w, v);   /* the stack keeps v */
    }
    if (v)
        qpdf_oh_release(q, v);
    return rc;
}

/* The keys of d (qpdf has one key iterator per document: collected before any is visited). */
static char **keys_of(qpdf_data q, qpdf_oh d, size_t *n)
{
    char **k = NULL;
    size_t cap = 0;
    *n = 0;
    qpdf_oh_begin_dict_key_iter(q, d);
    while (qpdf_oh_dict_more_keys(q)) {
        const char *key = qpdf_oh_dict_next_key(q);
        if (*n == cap) {
            char **nk = realloc(k, (cap = cap ? 2 * cap : 16) * sizeof *nk);
            if (!nk)
                break;
            k = nk;
        }
        if (!(k[*n] = strdup(key)))
            break;
        (*n)++;
    }
    return k;
}

static int walk_one(walk *w, qpdf_oh o)
{
    qpdf_data q = w->q;
    int drop, rc = 0;
    if (qpdf_oh_is_array(q, o)) {
        int i, n = qpdf_oh_get_array_n_items(q, o);
        for (i = 0; i < n && rc == 0; i++) {
            qpdf_oh v = qpdf_oh_get_array_item(q, o, i);
            if ((rc = visit(w, v, &drop)) == 0 && drop) {
                qpdf_oh null = qpdf_oh_new_null(q);
                qpdf_oh_set_array_item(q, o, i, null);
                qpdf_oh_release(q, null);
            }
        }
    } else if (qpdf_oh_is_dictionary(q, o)) {
        size_t i, n;
        char **k = keys_of(q, o, &n);
        for (i = 0; i < n; i++) {
            if (rc == 0 && (rc = visit(w, qpdf_oh_get_key(q, o, k[i]), &drop)) == 0 && drop)
                qpdf_oh_remove_key(q, o, k[i]);
            free(k[i]);
        }
        free(k);
    }
    qpdf_oh_release(q, o);
    return rc;
}

int fx_drop_filtered_metadata(qpdf_data q, char *why, size_t why_len)
{
    walk w;
    int rc = 0;
    memset(&w, 0, sizeof w);
    w.q = q;
    if (push(&w, qpdf_get_trailer(q)) == 0)
        while (w.n > 0 && rc == 0)
            rc = walk_one(&w, w.stack[--w.n]);
    else
        rc = -1;
    while (w.n > 0)   /* given up: what is left on the stack */
        qpdf_oh_release(q, w.stack[--w.n]);
    if (rc)
        snprintf(why, why_len, "%s", w.why ? w.why : "its objects cannot be checked");
    free(w.stack);
    free(w.seen.slot);
    return rc ? -1 : 0;
}
