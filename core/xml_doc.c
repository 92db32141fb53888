/* Hardened XML parsing and the per-document element index.
 *
 * Invoices never need a DTD, so a DOCTYPE stops the parse: that rules out external
 * entities (file or network) and entity-expansion bombs before any expansion happens.
 * libxml2's own limits bound depth and text node size. After parsing, one walk tags
 * every element with a namespace id (node->extra) and buckets elements by name. */
#include <einvoice/xml.h>
#include "arena.h"
#include "xml_arena.h"
#include "xml_bulk.h"
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct idx_entry {
    const xmlChar *name;   /* interned in the document dictionary */
    int ns;
    einv_nodelist_t list;
    size_t fill;
    const xmlNode *sib_parent;   /* numbering of same-named siblings (number_children) */
    uintptr_t sib_count;
} idx_entry;

struct einv_xdoc {
    xmlDocPtr doc;
    einv_syntax syntax;
    int credit_note;
    einv_arena_t arena;
    xa_arena *xa;          /* holds the libxml2 tree, or NULL: freed by xmlFreeDoc */
    idx_entry *idx;        /* open addressing, idx_cap slots */
    size_t idx_cap;
    /* einv_xdoc_all's recent answers: rules ask for the same few names by the same
     * literals, and hashing the name into the dictionary each time showed in profiles */
    struct {
        const char *local;
        int ns;
        const einv_nodelist_t *list;
        char name[40];   /* what local held: a caller's buffer may be reused */
    } all_memo[32];
};

static const struct { const char *href; int id; } KNOWN_NS[] = {
    {"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2", EINV_NS_UBL_INV},
    {"urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2", EINV_NS_UBL_CN},
    {"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2", EINV_NS_CAC},
    {"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2", EINV_NS_CBC},
    {"urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2", EINV_NS_EXT},
    {"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100", EINV_NS_RSM},
    {"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100", EINV_NS_RAM},
    {"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100", EINV_NS_UDT},
    {"urn:un:unece:uncefact:data:standard:QualifiedDataType:100", EINV_NS_QDT},
};

static int ns_id_of(const xmlNs *ns, const xmlNs **cache_ns, int *cache_id, int *ncache)
{
    int i;
    if (!ns || !ns->href)
        return EINV_NS_NONE;
    for (i = 0; i < *ncache; i++)
        if (cache_ns[i] == ns)
            return cache_id[i];
    int id = EINV_NS_OTHER;
    for (i = 0; i < (int)(sizeof KNOWN_NS / sizeof KNOWN_NS[0]); i++)
        if (strcmp((const char *)ns->href, KNOWN_NS[i].href) == 0) {
            id = KNOWN_NS[i].id;
            break;
        }
    if (*ncache < 64) {
        cache_ns[*ncache] = ns;
        cache_id[(*ncache)++] = id;
    }
    return id;
}

static size_t hash_key(const xmlChar *name, int ns, size_t cap)
{
    size_t h = (size_t)(uintptr_t)name * 2654435761u ^ (size_t)ns * 40503u;
    h ^= h >> 15;
    return h & (cap - 1);
}

static idx_entry *idx_slot(einv_xdoc_t *d, const xmlChar *name, int ns, int create)
{
    size_t i = hash_key(name, ns, d->idx_cap);
    for (;;) {
        idx_entry *e = &d->idx[i];
        if (!e->name) {
            if (!create)
                return NULL;
            e->name = name;
            e->ns = ns;
            return e;
        }
        if (e->name == name && e->ns == ns)
            return e;
        i = (i + 1) & (d->idx_cap - 1);
    }
}

/* Iterative pre-order walk over elements. */
static xmlNodePtr walk_next(xmlNodePtr n, xmlNodePtr root)
{
    if (n->children) {
        xmlNodePtr c = n->children;
        while (c && c->type != XML_ELEMENT_NODE)
            c = c->next;
        if (c)
            return c;
    }
    while (n && n != root) {
        xmlNodePtr s = n->next;
        while (s && s->type != XML_ELEMENT_NODE)
            s = s->next;
        if (s)
            return s;
        n = n->parent;
    }
    return NULL;
}

/* Store in each child's psvi its 1-based position among its siblings of the same name, so
 * a finding's location costs O(depth) instead of a scan of every sibling (a finding on each
 * of 50,000 lines would otherwise be quadratic). The name's index entry keeps the count
 * for the parent being numbered. */
static void number_children(einv_xdoc_t *d, xmlNodePtr n)
{
    xmlNodePtr c;
    for (c = n->children; c; c = c->next) {
        idx_entry *e;
        if (c->type != XML_ELEMENT_NODE)
            continue;
        e = c->_private;   /* set by the first walk of build_index */
        if (e->sib_parent != n) {
            e->sib_parent = n;
            e->sib_count = 0;
        }
        c->psvi = (void *)(++e->sib_count);
    }
}

static int build_index(einv_xdoc_t *d)
{
    xmlNodePtr root = xmlDocGetRootElement(d->doc), n;
    const xmlNs *cache_ns[64];
    int cache_id[64], ncache = 0;
    size_t distinct, i;
    /* Distinct names are few (an invoice uses a few hundred element names whatever its
     * size), so start small: zeroing a table sized by the element count cost more than
     * the rules. A document with more names restarts with a table 4x larger. */
    d->idx_cap = 512;
    for (;;) {
        int overflow = 0;
        d->idx = einv_arena_alloc(&d->arena, d->idx_cap * sizeof *d->idx);
        if (!d->idx)
            return -1;
        distinct = 0;
        /* one walk: namespace ids (idempotent, so a restart may redo them) and counts */
        for (n = root; n; n = walk_next(n, root)) {
            idx_entry *e;
            n->extra = (unsigned short)ns_id_of(n->ns, cache_ns, cache_id, &ncache);
            e = idx_slot(d, n->name, n->extra, 0);
            if (!e) {
                if (++distinct * 2 > d->idx_cap) {
                    overflow = 1;
                    break;
                }
                e = idx_slot(d, n->name, n->extra, 1);
            }
            e->list.n++;
            n->_private = e;   /* saves two look-ups in the second walk, which clears it */
        }
        if (!overflow)
            break;
        d->idx_cap <<= 2;
    }
    for (i = 0; i < d->idx_cap; i++) {
        idx_entry *e = &d->idx[i];
        if (e->name) {
            e->list.v = einv_arena_alloc(&d->arena, e->list.n * sizeof(xmlNodePtr));
            if (!e->list.v)
                return -1;
        }
    }
    /* a second walk fills the lists in document order and numbers same-named siblings */
    root->psvi = (void *)(uintptr_t)1;
    for (n = root; n; n = walk_next(n, root)) {
        idx_entry *e = n->_private;
        e->list.v[e->fill++] = n;
        number_children(d, n);   /* reads the children's _private: they come later */
        n->_private = NULL;      /* _private belongs to the model's source locations */
    }
    return 0;
}

/* A DOCTYPE is never part of an invoice: stop at once, before any entity is declared. */
static void refuse_doctype(void *ctx, const xmlChar *name, const xmlChar *eid, const xmlChar *sid)
{
    xmlParserCtxtPtr c = ctx;
    c->_private = (void *)1;
    xmlStopParser(c);
}

static void quiet(void *ctx, const xmlError *e) { (void)ctx; (void)e; }

/* One libxml2 parse of bytes with the hardened settings: the document, or NULL with the
 * reason (DOCTYPE, not well-formed at line N, out of memory) in err. */
static xmlDocPtr parse_bytes(const void *bytes, size_t len, einv_error_t *err)
{
    xmlParserCtxtPtr c = xmlCreateMemoryParserCtxt(bytes, (int)len);
    xmlDocPtr doc;
    char detail[64];
    if (!c)
        return einv_error_set(err, EINV_ERR_NOMEM, "Out of memory creating the XML parser", "", ""),
               NULL;
    xmlCtxtUseOptions(c, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_COMPACT | XML_PARSE_NOBLANKS);
    c->sax->internalSubset = refuse_doctype;
    /* comments and processing instructions carry no invoice data: do not build nodes */
    c->sax->comment = NULL;
    c->sax->processingInstruction = NULL;
    c->sax->externalSubset = NULL;
    c->loadsubset = 0;
    c->replaceEntities = 0;
    c->validate = 0;
    xmlParseDocument(c);
    doc = c->myDoc;
    if (c->_private || !c->wellFormed || !doc) {
        const xmlError *e = &c->lastError;
        if (c->_private)
            einv_error_set(err, EINV_ERR, "The document has a DOCTYPE declaration; DTDs and entities are not allowed in invoices",
                           "", "Remove the <!DOCTYPE ...> declaration");
        else {
            char msg[256];
            const char *m = e->message ? e->message : "not well-formed";
            size_t ml = strlen(m);
            while (ml && (m[ml - 1] == '\n' || m[ml - 1] == ' '))
                ml--;
            snprintf(msg, sizeof msg, "The document is not well-formed XML: %.*s", (int)ml, m);
            snprintf(detail, sizeof detail, "line %d", e->line);
            einv_error_set(err, EINV_ERR, msg, detail, "Fix the XML syntax at the given line");
        }
        if (doc)
            xmlFreeDoc(doc);
        xmlFreeParserCtxt(c);
        return NULL;
    }
    xmlFreeParserCtxt(c);
    return doc;
}

/* A tree in an arena goes with its arena; only what is on the C heap is freed one by one:
 * the dictionary's pools added after the parse, and the xml namespace that libxml2 adds to
 * a document the first time someone asks for it. */
static void free_tree(xmlDocPtr doc, xa_arena *xa)
{
    if (!xa) {
        xmlFreeDoc(doc);
        return;
    }
    if (doc->oldNs && !xa_owns(doc->oldNs))
        xmlFreeNsList(doc->oldNs);
    if (doc->dict)
        xmlDictFree(doc->dict);
    xa_arena_free(xa);
}

einv_xdoc_t *einv_xdoc_parse(const void *data, size_t len, const einv_xml_limits_t *limits,
                             einv_error_t *err)
{
    size_t max_bytes = limits && limits->max_bytes ? limits->max_bytes : (size_t)256 << 20;
    xmlDocPtr doc = NULL;
    einv_xdoc_t *d;
    xb_plan plan;
    xa_arena *xa, *prev;
    if (!data || len == 0)
        return einv_error_set(err, EINV_ERR, "The document is empty", "", "Send the invoice XML"),
               NULL;
    if (len > max_bytes || len > (size_t)INT32_MAX)
        return einv_error_set(err, EINV_ERR, "The document is larger than the parser allows", "",
                              "Split or shrink the document"),
               NULL;
    xmlSetStructuredErrorFunc(NULL, (xmlStructuredErrorFunc)quiet);
    /* libxml2 allocates the tree in an arena (xml_arena.c) when one is available */
    xa = xa_arena_new();
    prev = xa ? xa_begin(xa) : NULL;
    /* attachments' base64 is checked and copied in bulk (xml_bulk.c); whenever that path
     * cannot vouch for an identical tree, or the document has an error (whose line number
     * must be the original's), the original bytes are parsed as they are */
    if (xb_plan_make(data, len, &plan)) {
        einv_error_t ignored;
        doc = parse_bytes(plan.buf, plan.len, &ignored);
        if (doc && xb_restore(doc, data, &plan) != 0) {
            xmlFreeDoc(doc);
            doc = NULL;
        }
        xb_plan_free(&plan);
    }
    if (!doc)
        doc = parse_bytes(data, len, err);
    /* libxml2 keeps a copy of the last error per thread: it must not point into the arena */
    xmlResetLastError();
    if (xa)
        xa_end(prev);
    if (!doc) {
        xa_arena_free(xa);
        return NULL;
    }
    if (!xmlDocGetRootElement(doc)) {
        free_tree(doc, xa);
        return einv_error_set(err, EINV_ERR, "The document has no root element", "", ""), NULL;
    }
    d = calloc(1, sizeof *d);
    if (!d) {
        free_tree(doc, xa);
        return einv_error_set(err, EINV_ERR_NOMEM, "Out of memory", "", ""), NULL;
    }
    d->doc = doc;
    d->xa = xa;
    doc->_private = d;
    einv_arena_init(&d->arena);
    if (build_index(d) != 0) {
        einv_xdoc_free(d);
        return einv_error_set(err, EINV_ERR_NOMEM, "Out of memory indexing the document", "", ""),
               NULL;
    }
    {
        xmlNodePtr r = xmlDocGetRootElement(doc);
        if (einv_x_is(r, EINV_NS_UBL_INV, "Invoice"))
            d->syntax = EINV_SYNTAX_UBL;
        else if (einv_x_is(r, EINV_NS_UBL_CN, "CreditNote"))
            d->syntax = EINV_SYNTAX_UBL, d->credit_note = 1;
        else if (einv_x_is(r, EINV_NS_RSM, "CrossIndustryInvoice"))
            d->syntax = EINV_SYNTAX_CII;
    }
    return d;
}

void einv_xdoc_free(einv_xdoc_t *d)
{
    if (!d)
        return;
    if (d->doc)
        free_tree(d->doc, d->xa);
    einv_arena_free(&d->arena);
    free(d);
}

xmlDocPtr einv_xdoc_xml(const einv_xdoc_t *d) { return d ? d->doc : NULL; }
xmlNodePtr einv_xdoc_root(const einv_xdoc_t *d) { return d ? xmlDocGetRootElement(d->doc) : NULL; }
einv_syntax einv_xdoc_syntax(const einv_xdoc_t *d) { return d ? d->syntax : EINV_SYNTAX_UNKNOWN; }
int einv_xdoc_is_credit_note(const einv_xdoc_t *d) { return d ? d->credit_note : 0; }

const einv_nodelist_t *einv_xdoc_all(const einv_xdoc_t *d, int ns, const char *local)
{
    static const einv_nodelist_t empty = {NULL, 0};
    const xmlChar *name;
    idx_entry *e;
    const einv_nodelist_t *r;
    einv_xdoc_t *m = (einv_xdoc_t *)d;
    size_t h, len;
    if (!d || !local)
        return &empty;
    h = ((uintptr_t)local >> 3 ^ (unsigned)ns) % (sizeof m->all_memo / sizeof m->all_memo[0]);
    if (m->all_memo[h].local == local && m->all_memo[h].ns == ns &&
        strcmp(m->all_memo[h].name, local) == 0)
        return m->all_memo[h].list;
    name = xmlDictExists(d->doc->dict, (const xmlChar *)local, -1);
    e = name ? idx_slot(m, name, ns, 0) : NULL;
    r = e ? &e->list : &empty;
    len = strlen(local);
    if (len < sizeof m->all_memo[h].name) {
        m->all_memo[h].local = local;
        m->all_memo[h].ns = ns;
        m->all_memo[h].list = r;
        memcpy(m->all_memo[h].name, local, len + 1);
    }
    return r;
}

einv_xdoc_t *einv_x_xdoc(const xmlNode *n)
{
    return n && n->doc ? (einv_xdoc_t *)n->doc->_private : NULL;
}

/* Arena of the document a node belongs to, for derived strings. */
void *einv_xdoc_alloc_(const xmlNode *n, size_t size)
{
    einv_xdoc_t *d = einv_x_xdoc(n);
    return d ? einv_arena_alloc(&d->arena, size) : NULL;
}
