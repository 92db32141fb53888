/* The schema layer's first pass: a walk of the tree over the content models compiled from
 * the shipped XSDs (core/xsd_tables.c, schemas/xsd_compile.py).
 *
 * libxml2's XSD validator costs about a third of a whole validation (its content-model
 * automata and simple-type checks, ~40 us per document). Nearly every document is valid, so
 * the walk only has to vouch for validity; the moment anything is wrong or beyond the tables
 * (an unexpected element, a value it cannot judge exactly, xsi:type, a signature under
 * UBLExtensions, ...) it says "cannot vouch" and libxml2 validates the document as before,
 * findings and all. So the walk must never accept what libxml2 rejects, and may hand over
 * anything it is unsure of; tests/core/test_xsd_fast.c runs both over the corpus and seeded
 * mutations to hold it to that.
 *
 * The tables are used only when the schema directory holds the very files they were compiled
 * from (a hash over them), so EINV_SCHEMA_DIR pointing at other XSDs falls back to libxml2. */
#include "xsd.h"
#include "xsd_tables.h"
#include <libxml/tree.h>
#include <libxml/xmlschemastypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The name table: open addressing on (namespace, local name), each slot holding the name's
 * length, namespace and key bytes, so that a probe touches the string only for the few
 * names longer than 24 bytes. */
typedef struct name_slot {
    uint64_t head, mid;   /* bytes 0-7 and 8-15, zero-padded */
    uint64_t tail;        /* the last 8 bytes (with head and mid: all of a name up to 24) */
    uint32_t meta;        /* length << 8 | namespace id; 0: free */
    int32_t id;
} name_slot;

/* A name's key words, as name_slot holds them. */
typedef struct name_key {
    uint64_t head, mid, tail;
    uint32_t meta;
} name_key;

static struct {
    pthread_once_t once;
    int usable[EINV_XSD_KINDS];   /* the schema directory holds the compiled files */
    name_slot *slot;              /* open addressing over xsdt_names */
    size_t cap;
    xmlSchemaTypePtr builtin[XSDT_V_BASE64 + 1];
    pthread_key_t key;            /* per thread: the walk's name table */
    int have_key;
} T = {PTHREAD_ONCE_INIT, {0}, NULL, 0, {NULL}, 0, 0};

static int mode = 1;
static size_t stats[4];
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;

void einv_xsd_set_fast_mode(int m) { mode = m; }

void einv_xsd_fast_stats(size_t out[4])
{
    pthread_mutex_lock(&stats_lock);
    memcpy(out, stats, sizeof stats);
    pthread_mutex_unlock(&stats_lock);
}

/* The tables' file check (same_files): FNV-1a's prime over four lanes of little-endian 64-bit
 * words, so the ~1.5 MB of schema files hash at several bytes a cycle instead of one byte per
 * multiply (the check runs before a process's first validation). xsd_compile.py computes the
 * same function. */
#define FH_PRIME 0x100000001B3ULL
#define FH_BASIS 0xCBF29CE484222325ULL

static uint64_t le64(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

static uint64_t file_hash(uint64_t h, const unsigned char *p, size_t n)
{
    uint64_t lane[4] = {FH_BASIS, FH_BASIS ^ 1, FH_BASIS ^ 2, FH_BASIS ^ 3};
    unsigned char tail[32];
    size_t i = 0;
    int j;
    for (; i + 32 <= n; i += 32)
        for (j = 0; j < 4; j++)
            lane[j] = (lane[j] ^ le64(p + i + 8 * (size_t)j)) * FH_PRIME;
    if (i < n) {
        memset(tail, 0, sizeof tail);
        memcpy(tail, p + i, n - i);
        for (j = 0; j < 4; j++)
            lane[j] = (lane[j] ^ le64(tail + 8 * j)) * FH_PRIME;
    }
    for (j = 0; j < 4; j++)
        h = (h ^ lane[j]) * FH_PRIME;
    return (h ^ (uint64_t)n) * FH_PRIME;
}

static uint64_t load8(const char *p, size_t n)
{
    uint64_t w = 0;
    memcpy(&w, p, n < 8 ? n : 8);
    return w;
}

/* Eight bytes at p, all inside the string (fixed-size copies: plain loads). */
static uint64_t word8(const char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

static name_key key_of(int ns, const char *local)
{
    name_key k;
    size_t n = strlen(local);
    if (n >= 8) {
        k.head = word8(local);
        k.tail = word8(local + n - 8);
        k.mid = n >= 16 ? word8(local + 8) : n > 8 ? load8(local + 8, n - 8) : 0;
    } else {
        k.head = k.tail = load8(local, n);
        k.mid = 0;
    }
    k.meta = (uint32_t)n << 8 | (uint32_t)ns;
    return k;
}

static size_t slot_of(const name_key *k, size_t cap)
{
    uint64_t h = (k->head ^ k->mid * 0xC2B2AE3D27D4EB4FULL ^ k->tail * 0x9E3779B97F4A7C15ULL ^ k->meta) *
                 0xFF51AFD7ED558CCDULL;
    return (size_t)(h ^ h >> 31) & (cap - 1);
}

/* Whether the files of kind k in the schema directory are those the tables came from. Runs
 * on whichever thread validates first, an HTTP thread's small stack included: the read
 * buffer is on the heap. */
static int same_files(einv_xsd_kind k)
{
    const char *dir = einv_xsd_dir();
    uint64_t h = FH_BASIS;
    size_t i, cap = 0;
    unsigned char *buf = NULL;
    int ok = 1;
    for (i = 0; ok && xsdt_kinds[k].files[i]; i++) {
        const char *rel = xsdt_kinds[k].files[i];
        size_t rl = strlen(rel) + 1, n;
        char path[1200];
        FILE *f;
        snprintf(path, sizeof path, "%.1100s/%s", dir, rel);
        if (!(f = fopen(path, "rb"))) {
            ok = 0;
            break;
        }
        /* the whole file after its name and a NUL, as one string */
        n = 0;
        for (;;) {
            size_t got;
            if (cap - n < 65536) {
                unsigned char *nb = realloc(buf, cap = n + 65536 * 2);
                if (!nb) {
                    ok = 0;
                    break;
                }
                buf = nb;
            }
            if (n == 0) {
                memcpy(buf, rel, rl);
                n = rl;
            }
            if ((got = fread(buf + n, 1, cap - n, f)) == 0)
                break;
            n += got;
        }
        fclose(f);
        if (ok)
            h = file_hash(h, buf, n);
    }
    free(buf);
    return ok && h == xsdt_kinds[k].hash;
}

static void init(void)
{
    static const xmlSchemaValType V[] = {
        [XSDT_V_DECIMAL] = XML_SCHEMAS_DECIMAL, [XSDT_V_DATE] = XML_SCHEMAS_DATE,
        [XSDT_V_DATETIME] = XML_SCHEMAS_DATETIME, [XSDT_V_TIME] = XML_SCHEMAS_TIME,
        [XSDT_V_BOOLEAN] = XML_SCHEMAS_BOOLEAN, [XSDT_V_ANYURI] = XML_SCHEMAS_ANYURI,
        [XSDT_V_LANGUAGE] = XML_SCHEMAS_LANGUAGE};
    size_t i, cap = 1;
    int k;
    xmlSchemaInitTypes();
    for (i = XSDT_V_DECIMAL; i <= XSDT_V_LANGUAGE; i++)
        if (!(T.builtin[i] = xmlSchemaGetBuiltInType(V[i])))
            return;
    while (cap < xsdt_n_names * 2)
        cap <<= 1;
    if (!(T.slot = calloc(cap, sizeof *T.slot)))
        return;
    T.cap = cap;
    for (i = 0; i < xsdt_n_names; i++) {
        name_key key = key_of(xsdt_names[i].ns, xsdt_names[i].local);
        size_t s;
        for (s = slot_of(&key, cap); T.slot[s].meta; s = (s + 1) & (cap - 1)) {}
        T.slot[s].head = key.head;
        T.slot[s].mid = key.mid;
        T.slot[s].tail = key.tail;
        T.slot[s].meta = key.meta;
        T.slot[s].id = (int32_t)i;
    }
    if (pthread_key_create(&T.key, free) != 0)
        return;
    T.have_key = 1;
    for (k = 0; k < EINV_XSD_KINDS; k++)
        T.usable[k] = same_files((einv_xsd_kind)k);
}

/* ---- element names ---- */

/* The tables' id of (namespace, local name), or -1: once per distinct name of a document. */
static int same_key(const name_slot *e, const name_key *key, const char *local)
{
    size_t n = key->meta >> 8;
    return e->meta == key->meta && e->head == key->head && e->mid == key->mid && e->tail == key->tail &&
           (n <= 24 || memcmp(xsdt_names[e->id].local + 16, local + 16, n - 24) == 0);
}

/* The id of key (and its slot in *slot), or -1. */
static int lookup_key(const name_key *key, const char *local, size_t *slot)
{
    size_t s;
    for (s = slot_of(key, T.cap); T.slot[s].meta; s = (s + 1) & (T.cap - 1))
        if (same_key(&T.slot[s], key, local)) {
            *slot = s;
            return T.slot[s].id;
        }
    return -1;
}

/* A walk's view of its document's names: the address the document's dictionary gave each
 * element name (names are interned per document) mapped to the name's id in the tables.
 * Filled from the document index's distinct names (a hundred or so) before the walk, so
 * each element costs one probe by address; emptied again after. */
#define MAP_SLOTS 1024
typedef struct map_slot {
    const xmlChar *name;
    int ns, id;
} map_slot;

#define RECENT_SLOTS 256
typedef struct walker {
    const einv_xdoc_t *xd;
    /* names met in this thread's earlier documents (the same hundred or so recur): a small
     * direct-mapped copy of their table slots, so most lookups stay in the L1 cache */
    name_slot recent[RECENT_SLOTS];
    map_slot map[MAP_SLOTS];
    unsigned short used[MAP_SLOTS / 2];   /* slots filled, to empty them again */
    size_t nused;
} walker;

static size_t map_hash(const xmlChar *name, int ns)
{
    uintptr_t a = (uintptr_t)name;
    return (size_t)((a >> 3) * 0x9E3779B1u ^ (a >> 17) ^ (uintptr_t)ns) & (MAP_SLOTS - 1);
}

static void note_name(void *u, const xmlChar *name, int ns)
{
    walker *w = u;
    size_t s;
    int id = -1;
    if (ns != EINV_NS_NONE && ns != EINV_NS_OTHER) {
        name_key key = key_of(ns, (const char *)name);
        size_t slot;
        name_slot *r;
        uint64_t h = key.head ^ key.tail * 0x9E3779B97F4A7C15ULL ^ key.meta;
        r = &w->recent[(h ^ h >> 29 ^ h >> 47) & (RECENT_SLOTS - 1)];
        if (r->meta && same_key(r, &key, (const char *)name)) {
            id = r->id;
        } else if ((id = lookup_key(&key, (const char *)name, &slot)) >= 0) {
            *r = T.slot[slot];
        }
    }
    if (id < 0 || w->nused == MAP_SLOTS / 2)
        return;   /* not in the tables (no match: handed over), or too many names to map */
    for (s = map_hash(name, ns); w->map[s].name; s = (s + 1) & (MAP_SLOTS - 1)) {}
    w->map[s].name = name;
    w->map[s].ns = ns;
    w->map[s].id = id;
    w->used[w->nused++] = (unsigned short)s;
}

/* The tables' id of element c's name, or -1. */
static int id_of(const walker *w, const xmlNode *c)
{
    size_t s;
    for (s = map_hash(c->name, c->extra); w->map[s].name; s = (s + 1) & (MAP_SLOTS - 1))
        if (w->map[s].name == c->name && w->map[s].ns == c->extra)
            return w->map[s].id;
    return -1;
}

/* ---- values ---- */

static int is_blank(xmlChar c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static int has_blank(const xmlChar *s)
{
    for (; *s; s++)
        if (is_blank(*s))
            return 1;
    return 0;
}

static size_t utf8_chars(const xmlChar *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += (*s & 0xC0) != 0x80;
    return n;
}

/* Whether whitespace normalisation leaves s as it is: no tab or line break, and for a token
 * (collapse) no space at either end or beside another. */
static int normalized(const xmlChar *s, int collapse)
{
    const xmlChar *p;
    for (p = s; *p; p++) {
        if (*p == '\t' || *p == '\n' || *p == '\r')
            return 0;
        if (collapse && *p == ' ' && (p == s || p[1] == ' ' || p[1] == 0))
            return 0;
    }
    return 1;
}

/* Whether a string-typed value meets its facets. Values needing whitespace normalisation
 * before a facet applies are left to libxml2. */
static int string_ok(const xmlChar *s, const xsdt_value *v, int fixed)
{
    size_t n;
    int i;
    if (fixed < 0 && v->enum_first < 0 && v->minlen == 0 && v->maxlen == XSDT_UNBOUNDED)
        return 1;   /* any string is one (normalizedString and token normalise, never fail) */
    if (v->v != XSDT_V_STRING && !normalized(s, v->v == XSDT_V_TOKEN))
        return 0;
    if (fixed >= 0 && strcmp((const char *)s, xsdt_strings[fixed]) != 0)
        return 0;
    if (v->enum_first >= 0) {
        for (i = 0; i < v->n_enum; i++)
            if (strcmp((const char *)s, xsdt_strings[v->enum_first + i]) == 0)
                break;
        if (i == v->n_enum)
            return 0;
    }
    n = utf8_chars(s);
    return n >= (size_t)v->minlen && (v->maxlen == XSDT_UNBOUNDED || n <= (size_t)v->maxlen);
}

/* The common decimal form, no libxml2 call: [+-]digits[.digits], at most 20 digits. */
static int plain_decimal(const xmlChar *s)
{
    int digits = 0, after = -1;
    if (*s == '-' || *s == '+')
        s++;
    for (; *s; s++) {
        if (*s >= '0' && *s <= '9') {
            digits++;
            after += after >= 0;
        } else if (*s == '.' && after < 0 && digits > 0) {
            after = 0;
        } else {
            return 0;
        }
    }
    return digits > 0 && digits <= 20 && after != 0;
}

static int value_ok(const xmlChar *s, int value, int fixed)
{
    const xsdt_value *v = &xsdt_values[value];
    switch (v->v) {
    case XSDT_V_STRING:
    case XSDT_V_NSTRING:
    case XSDT_V_TOKEN:
        return string_ok(s, v, fixed);
    case XSDT_V_BASE64:
        return fixed < 0 && einv_xsd_b64_valid(s);
    default:
        if (fixed >= 0 || has_blank(s))
            return 0;   /* libxml2 collapses some and not others: let it judge */
        if (v->v == XSDT_V_DECIMAL && plain_decimal(s))
            return 1;
        return xmlSchemaValidatePredefinedType(T.builtin[v->v], s, NULL) == 0;
    }
}

/* ---- the walk ---- */

static int known_ns(const xmlNs *ns)
{
    size_t i;
    for (i = 0; xsdt_declaring_ns[i]; i++)
        if (strcmp((const char *)ns->href, xsdt_declaring_ns[i]) == 0)
            return 1;
    return 0;
}

static int is_xsi(const xmlNs *ns)
{
    return strcmp((const char *)ns->href, "http://www.w3.org/2001/XMLSchema-instance") == 0;
}

/* The single text of an attribute or simple-content element ("" when empty), or NULL when
 * the content is anything else (several nodes, CDATA, an entity reference, an element). */
static const xmlChar *text_of(const xmlNode *first)
{
    static const xmlChar empty[1];
    if (!first)
        return empty;
    if (first->next || first->type != XML_TEXT_NODE)
        return NULL;
    return first->content ? first->content : empty;
}

static int attrs_ok(const xmlNode *e, const xsdt_type *t)
{
    uint32_t seen = 0;
    const xmlAttr *a;
    int j;
    for (a = e->properties; a; a = a->next) {
        const xmlChar *val;
        if (a->ns) {
            /* libxml2 takes the location hints as given; xsi:type, xsi:nil and the rest
             * change the validation */
            if (is_xsi(a->ns) && (xmlStrEqual(a->name, BAD_CAST "schemaLocation") ||
                                  xmlStrEqual(a->name, BAD_CAST "noNamespaceSchemaLocation")))
                continue;
            return 0;
        }
        for (j = 0; j < t->nattr; j++) {
            const char *an = xsdt_strings[xsdt_attrs[t->attr0 + j].name];
            if (an[0] == (char)a->name[0] && strcmp((const char *)a->name, an) == 0)
                break;
        }
        if (j == t->nattr || !(val = text_of(a->children)) ||
            !value_ok(val, xsdt_attrs[t->attr0 + j].value, xsdt_attrs[t->attr0 + j].fixed))
            return 0;
        seen |= 1u << j;
    }
    return (seen & t->required) == t->required;
}

/* Children that are not elements: blanks, comments and processing instructions only. */
static int other_child_ok(const xmlNode *c)
{
    const xmlChar *s;
    switch (c->type) {
    case XML_COMMENT_NODE:
    case XML_PI_NODE:
        return 1;
    case XML_TEXT_NODE:
        for (s = c->content; s && *s; s++)
            if (!is_blank(*s))
                return 0;
        return 1;
    default:
        return 0;
    }
}

/* Under a lax wildcard: nothing libxml2 would validate (an element or attribute of a
 * namespace the XSDs declare, xsi:*), else it skips the subtree as we do. */
static int unvalidated_subtree(const xmlNode *e, int depth)
{
    const xmlNode *c;
    const xmlAttr *a;
    if (depth > 64 || !e->ns || known_ns(e->ns))
        return 0;
    for (a = e->properties; a; a = a->next)
        if (a->ns && (is_xsi(a->ns) || known_ns(a->ns)))
            return 0;
    for (c = e->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && !unvalidated_subtree(c, depth + 1))
            return 0;
    return 1;
}

static int element_ok(const walker *w, const xmlNode *e, int type, int depth);

static int wildcard_ok(const walker *w, const xmlNode *e, const xsdt_type *t, int depth)
{
    const xsdt_part *p = &xsdt_parts[t->part0];
    const xmlNode *c;
    int n = 0;
    for (c = e->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE) {
            if (!other_child_ok(c))
                return 0;
            continue;
        }
        /* ##other: a namespace, not the wildcard's own */
        if (!c->ns || c->extra == p->ns || ++n > p->max)
            return 0;
        if (t->kind != XSDT_LAX_OTHER)
            continue;
        if (known_ns(c->ns)) {
            /* lax: a declared element is validated as declared (an element this kind's
             * XSDs do not declare would be skipped by libxml2: stricter here, never laxer) */
            int id = id_of(w, c);
            if (id < 0 || xsdt_global_type[id] < 0 || !element_ok(w, c, xsdt_global_type[id], depth + 1))
                return 0;
        } else if (!unvalidated_subtree(c, depth + 1)) {
            return 0;
        }
    }
    return n >= p->min;
}

/* The first element from c on, with its name's id in *id; NULL at the end, or (with *bad
 * set) at a child that may not stand between elements or an element the tables lack. */
static const xmlNode *element_from(const walker *w, const xmlNode *c, int *id, int *bad)
{
    for (; c; c = c->next) {
        if (c->type == XML_ELEMENT_NODE) {
            *bad = (*id = id_of(w, c)) < 0;
            return *bad ? NULL : c;
        }
        if (!other_child_ok(c)) {
            *bad = 1;
            return NULL;
        }
    }
    *bad = 0;
    return NULL;
}

static int sequence_ok(const walker *w, const xmlNode *e, const xsdt_type *t, int depth)
{
    const xsdt_part *p = &xsdt_parts[t->part0];
    const xmlNode *c;
    int at = 0, count = 0, id, bad;
    for (c = element_from(w, e->children, &id, &bad); c; c = element_from(w, c->next, &id, &bad)) {
        /* names are distinct within a sequence: move on to this one's particle, past
         * particles that had their minimum */
        while (at < t->npart && p[at].name != id) {
            if (count < p[at].min)
                return 0;
            at++;
            count = 0;
        }
        if (at == t->npart || (p[at].max != XSDT_UNBOUNDED && count >= p[at].max))
            return 0;
        count++;
        if (!element_ok(w, c, p[at].type, depth + 1))
            return 0;
    }
    if (bad)
        return 0;
    for (; at < t->npart; at++, count = 0)
        if (count < p[at].min)
            return 0;
    return 1;
}

static int choice_ok(const walker *w, const xmlNode *e, const xsdt_type *t, int depth)
{
    const xsdt_part *p = &xsdt_parts[t->part0];
    const xmlNode *c;
    int chosen = -1, count = 0, j, id, bad;
    for (c = element_from(w, e->children, &id, &bad); c; c = element_from(w, c->next, &id, &bad)) {
        if (chosen < 0) {
            for (j = 0; j < t->npart && p[j].name != id; j++) {}
            if (j == t->npart)
                return 0;
            chosen = j;
        } else if (p[chosen].name != id) {
            return 0;
        }
        if (p[chosen].max != XSDT_UNBOUNDED && count >= p[chosen].max)
            return 0;
        count++;
        if (!element_ok(w, c, p[chosen].type, depth + 1))
            return 0;
    }
    if (bad)
        return 0;
    if (chosen >= 0)
        return count >= p[chosen].min;
    for (j = 0; j < t->npart; j++)   /* nothing chosen: fine when a particle may be absent */
        if (p[j].min == 0)
            return 1;
    return 0;
}

static int element_ok(const walker *w, const xmlNode *e, int type, int depth)
{
    const xsdt_type *t = &xsdt_types[type];
    const xmlChar *val;
    if (depth > 64 || !attrs_ok(e, t))
        return 0;
    switch (t->kind) {
    case XSDT_SIMPLE:
        if (xsdt_values[t->value].v == XSDT_V_BASE64 && e->children && !e->children->next) {
            int v = einv_xdoc_b64_checked(w->xd, e->children);   /* an attachment: checked */
            if (v >= 0)
                return v;
        }
        return (val = text_of(e->children)) != NULL && value_ok(val, t->value, -1);
    case XSDT_EMPTY:
        return e->children == NULL;
    case XSDT_SEQ:
        return sequence_ok(w, e, t, depth);
    case XSDT_CHOICE:
        return choice_ok(w, e, t, depth);
    case XSDT_LAX_OTHER:
    case XSDT_SKIP_OTHER:
        return wildcard_ok(w, e, t, depth);
    default:
        return 0;
    }
}

/* The walker of this thread (kept for the next document). */
static walker *thread_walker(void)
{
    walker *w = pthread_getspecific(T.key);
    if (w)
        return w;
    if (!(w = calloc(1, sizeof *w)))
        return NULL;
    if (pthread_setspecific(T.key, w) != 0) {
        free(w);
        return NULL;
    }
    return w;
}

static int walk(einv_xsd_kind k, const einv_xdoc_t *xd)
{
    const xmlNode *root;
    walker *w;
    int ok;
    size_t i;
    pthread_once(&T.once, init);
    if (!T.have_key || !T.usable[k] || !(root = xmlDocGetRootElement(einv_xdoc_xml(xd))) || !(w = thread_walker()))
        return 0;
    w->xd = xd;
    einv_xdoc_each_name(xd, note_name, w);
    ok = id_of(w, root) == xsdt_kinds[k].root_name && element_ok(w, root, xsdt_kinds[k].root_type, 0);
    for (i = 0; i < w->nused; i++)
        w->map[w->used[i]].name = NULL;
    w->nused = 0;
    return ok;
}

int einv_xsd_fast_valid(einv_xsd_kind k, const einv_xdoc_t *xd)
{
    return mode > 0 && walk(k, xd);
}

int einv_xsd_fast_mode(void) { return mode; }

void einv_xsd_fast_count(int vouched, int invalid)
{
    pthread_mutex_lock(&stats_lock);
    stats[vouched ? 0 : 1]++;
    stats[2] += vouched && invalid;
    stats[3] += !vouched && !invalid;
    pthread_mutex_unlock(&stats_lock);
}
