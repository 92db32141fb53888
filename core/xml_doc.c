/* Hardened XML parsing and the per-document element index.
 *
 * Invoices never need a DTD, so a DOCTYPE stops the parse: that rules out external
 * entities (file or network) and entity-expansion bombs before any expansion happens.
 * libxml2's own limits bound depth and text node size; the validation budget (limits.h)
 * bounds attributes per element, elements, character data and time. While libxml2 builds
 * the tree, our SAX handlers tag every element with a namespace id (node->extra), bucket it
 * by name and number same-named siblings: no walk over the tree afterwards. */
#include <einvoice/xml.h>
#include <einvoice/limits.h>
#include "arena.h"
#include "limits_int.h"
#include "xml_arena.h"
#include "xml_bulk.h"
#include "xsd.h"
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct idx_entry {
    const xmlChar *name;   /* interned in the document dictionary */
    int ns;
    einv_nodelist_t list;  /* document order */
    size_t cap;            /* room in list.v: in the arena up to LIST_IN_ARENA, else on the heap */
    const xmlNode *sib_parent;   /* numbering of same-named siblings (number_children) */
    uintptr_t sib_count;
} idx_entry;

#define LIST_IN_ARENA 64

struct einv_xdoc {
    xmlDocPtr doc;
    einv_syntax syntax;
    int credit_note;
    einv_arena_t arena;
    xa_arena *xa;          /* holds the libxml2 tree, or NULL: freed by xmlFreeDoc */
    /* the index: one entry per distinct (namespace, name); while parsing, an element's
     * _private holds its entry's position + 1 */
    idx_entry *ent;
    size_t nent, ent_cap;
    unsigned *slot;        /* open addressing over ent: position + 1, 0 = free */
    size_t slot_cap;
    struct {                    /* attachments put back by the bulk path: valid base64? */
        const xmlNode *text;
        int valid;
    } *b64;
    size_t nb64;
    const xmlNs *ns_seen[64];   /* namespace id of the xmlNs objects met so far */
    int ns_id[64], nns;
    int oom;
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

static int ns_id_of(einv_xdoc_t *d, const xmlNs *ns)
{
    int i;
    if (!ns || !ns->href)
        return EINV_NS_NONE;
    for (i = 0; i < d->nns; i++)
        if (d->ns_seen[i] == ns)
            return d->ns_id[i];
    int id = EINV_NS_OTHER;
    for (i = 0; i < (int)(sizeof KNOWN_NS / sizeof KNOWN_NS[0]); i++)
        if (strcmp((const char *)ns->href, KNOWN_NS[i].href) == 0) {
            id = KNOWN_NS[i].id;
            break;
        }
    if (d->nns < 64) {
        d->ns_seen[d->nns] = ns;
        d->ns_id[d->nns++] = id;
    }
    return id;
}

static size_t hash_key(const xmlChar *name, int ns, size_t cap)
{
    size_t h = (size_t)(uintptr_t)name * 2654435761u ^ (size_t)ns * 40503u;
    h ^= h >> 15;
    return h & (cap - 1);
}

/* The entry of (name, ns), or NULL when there is none. */
static idx_entry *idx_find(const einv_xdoc_t *d, const xmlChar *name, int ns)
{
    size_t i;
    if (!d->slot_cap)
        return NULL;
    for (i = hash_key(name, ns, d->slot_cap); d->slot[i]; i = (i + 1) & (d->slot_cap - 1)) {
        idx_entry *e = &d->ent[d->slot[i] - 1];
        if (e->name == name && e->ns == ns)
            return e;
    }
    return NULL;
}

/* Position + 1 of the entry of (name, ns), made when new; 0 when out of memory. Distinct
 * names are few (a few hundred whatever the size of the invoice), so the tables start
 * small and double. */
static size_t idx_add(einv_xdoc_t *d, const xmlChar *name, int ns)
{
    size_t i;
    if (d->nent * 2 >= d->slot_cap) {
        size_t cap = d->slot_cap ? d->slot_cap * 2 : 512, k;
        unsigned *slot = einv_arena_alloc(&d->arena, cap * sizeof *slot);
        if (!slot)
            return 0;
        for (k = 0; k < d->nent; k++) {
            for (i = hash_key(d->ent[k].name, d->ent[k].ns, cap); slot[i]; i = (i + 1) & (cap - 1)) {}
            slot[i] = (unsigned)(k + 1);
        }
        d->slot = slot;
        d->slot_cap = cap;
    }
    for (i = hash_key(name, ns, d->slot_cap); d->slot[i]; i = (i + 1) & (d->slot_cap - 1)) {
        idx_entry *e = &d->ent[d->slot[i] - 1];
        if (e->name == name && e->ns == ns)
            return d->slot[i];
    }
    if (d->nent == d->ent_cap) {
        size_t cap = d->ent_cap ? d->ent_cap * 2 : 256;
        idx_entry *ent = einv_arena_alloc_raw(&d->arena, cap * sizeof *ent);   /* set one by one */
        if (!ent)
            return 0;
        if (d->nent)
            memcpy(ent, d->ent, d->nent * sizeof *ent);
        d->ent = ent;
        d->ent_cap = cap;
    }
    memset(&d->ent[d->nent], 0, sizeof d->ent[0]);
    d->ent[d->nent].name = name;
    d->ent[d->nent].ns = ns;
    d->slot[i] = (unsigned)++d->nent;
    return d->nent;
}

/* A new element: its namespace id, its entry, its place in the entry's list. */
static void index_element(einv_xdoc_t *d, xmlNodePtr n)
{
    size_t k;
    idx_entry *e;
    n->extra = (unsigned short)ns_id_of(d, n->ns);
    if (d->oom || !(k = idx_add(d, n->name, n->extra))) {
        d->oom = 1;
        return;
    }
    e = &d->ent[k - 1];
    if (e->list.n == e->cap) {
        /* small lists (most names of a document) grow in the document's arena, with no
         * malloc or free each; big ones move to the C heap, where realloc grows them in
         * place and the arena would keep every outgrown copy (28 MB more for 100,000
         * lines). cap > LIST_IN_ARENA says which. */
        size_t cap = e->cap ? e->cap * 2 : 4;
        xmlNodePtr *v;
        if (cap <= LIST_IN_ARENA)
            v = einv_arena_alloc_raw(&d->arena, cap * sizeof *v);
        else if (e->cap <= LIST_IN_ARENA)
            v = malloc(cap * sizeof *v);
        else
            v = realloc(e->list.v, cap * sizeof *v);
        if (!v) {
            d->oom = 1;
            return;
        }
        if (e->cap <= LIST_IN_ARENA && e->list.n)
            memcpy(v, e->list.v, e->list.n * sizeof *v);
        e->list.v = v;
        e->cap = cap;
    }
    e->list.v[e->list.n++] = n;
    n->_private = (void *)(uintptr_t)k;
}

/* Store in each child's psvi its 1-based position among its siblings of the same name, so
 * a finding's location costs O(depth) instead of a scan of every sibling (a finding on each
 * of 50,000 lines would otherwise be quadratic). Runs when n ends, its children complete;
 * the name's index entry keeps the count for the parent being numbered. */
static void number_children(einv_xdoc_t *d, xmlNodePtr n)
{
    xmlNodePtr c;
    for (c = n->children; c; c = c->next) {
        idx_entry *e;
        if (c->type != XML_ELEMENT_NODE || !c->_private)
            continue;
        e = &d->ent[(uintptr_t)c->_private - 1];
        c->_private = NULL;   /* _private belongs to the model's source locations */
        if (e->sib_parent != n) {
            e->sib_parent = n;
            e->sib_count = 0;
        }
        c->psvi = (void *)(++e->sib_count);
    }
}

/* The limits one parse applies, and which one stopped it. */
typedef enum { LIM_NONE, LIM_ATTRIBUTES, LIM_ELEMENTS, LIM_TEXT, LIM_TIME } limit_kind;

typedef struct parse_budget {
    size_t max_attributes, max_elements, max_text;
    uint64_t deadline_ns;     /* 0 = none */
    size_t elements, text;    /* so far, over both parse attempts' sum for text (runs) */
    unsigned ticks;           /* calls since the clock was last read */
    limit_kind hit;
    int line;                 /* where the parse stopped */
} parse_budget;

/* What the SAX handlers of one parse share (the parser context's _private). */
typedef struct parse_state {
    einv_xdoc_t *d;
    parse_budget *b;
    int doctype;              /* a DOCTYPE was refused, at this line */
    const char *mark;         /* the bulk plan's marker prefix, or NULL */
    size_t mark_len;
    xmlNodePtr *cand;         /* text nodes that begin with a marker */
    size_t ncand, cand_cap;
    int cand_oom;
    /* fast_start's namespace cache: while no element below the root declares a namespace,
     * a (prefix, URI) pair, both interned by the parser, always resolves to the same xmlNs */
    int ns_mixed;             /* some element below the root has declarations: no cache */
    int nns;
    struct {
        const xmlChar *prefix, *uri;
        xmlNsPtr ns;
    } ns_cache[8];
} parse_state;

/* Stops the parse at a limit; the first one reached is the one reported. */
static void stop_at(xmlParserCtxtPtr c, parse_budget *b, limit_kind k)
{
    if (b->hit == LIM_NONE) {
        b->hit = k;
        b->line = c->input ? c->input->line : 0;
    }
    xmlStopParser(c);
}

/* The clock is read once per 1,024 calls (elements or text chunks): cheap, and a chunk is
 * at most a few hundred bytes, so the deadline is seen within a millisecond or so. */
static int past_deadline(parse_budget *b)
{
    if (!b->deadline_ns || ++b->ticks < 1024)
        return 0;
    b->ticks = 0;
    return einv_now_ns() >= b->deadline_ns;
}

/* A zeroed node of the parse as libxml2's SAX2 handlers make it: name as given, line of
 * the input (capped as libxml2 caps it). */
static xmlNodePtr new_node(xmlParserCtxtPtr c, xmlElementType type, const xmlChar *name)
{
    xmlNodePtr n = xmlMalloc(sizeof *n);
    if (!n)
        return NULL;
    memset(n, 0, sizeof *n);
    n->type = type;
    n->name = name;
    if (c->linenumbers && c->input)
        n->line = c->input->line < 65535 ? (unsigned short)c->input->line : 65535;
    return n;
}

/* The namespace of an element without declarations of its own under parent, through the
 * cache; NULL when it is not cached and cannot be cached. */
static xmlNsPtr cached_ns(parse_state *st, xmlDocPtr doc, xmlNodePtr parent, const xmlChar *prefix,
                          const xmlChar *uri)
{
    xmlNsPtr ns;
    int i;
    for (i = 0; i < st->nns; i++)
        if (st->ns_cache[i].prefix == prefix && st->ns_cache[i].uri == uri)
            return st->ns_cache[i].ns;
    ns = xmlSearchNs(doc, parent, prefix);
    if (!ns || !xmlStrEqual(ns->href, uri))
        return NULL;
    if (st->nns < (int)(sizeof st->ns_cache / sizeof st->ns_cache[0])) {
        st->ns_cache[st->nns].prefix = prefix;
        st->ns_cache[st->nns].uri = uri;
        st->ns_cache[st->nns++].ns = ns;
    }
    return ns;
}

/* A text node holding ch[0..len) as xmlSAX2TextNode makes it: the content in the node itself
 * when short (XML_PARSE_COMPACT), else a copy of its own. */
static xmlNodePtr new_text(xmlParserCtxtPtr c, const xmlChar *ch, int len)
{
    xmlNodePtr t = new_node(c, XML_TEXT_NODE, xmlStringText);
    if (!t)
        return NULL;
    if (len < (int)(2 * sizeof(void *)) && (c->options & XML_PARSE_COMPACT))
        t->content = (xmlChar *)&t->properties;
    else if (!(t->content = xmlMalloc((size_t)len + 1))) {
        xmlFree(t);
        return NULL;
    }
    memcpy(t->content, ch, (size_t)len);
    t->content[len] = 0;
    return t;
}

/* Unprefixed attributes whose values the parser passed as they stand in the input (no
 * reference or whitespace to decode: the value then ends at its quote, not at a NUL). */
static int plain_attributes(int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
    int i;
    if (nb_defaulted)
        return 0;
    for (i = 0; i < nb_attributes; i++)
        if (attributes[5 * i + 1] || *attributes[5 * i + 4] == 0)
            return 0;
    return 1;
}

/* What xmlSAX2StartElementNs does for the common element, the child of an element with no
 * namespace declarations, in a known namespace, with plain attributes if any, without its
 * ancestor walk per element (xmlSearchNs was a third of its cost); 0 when the element is
 * not such a case and libxml2's own handler must build it. */
static int fast_start(xmlParserCtxtPtr c, parse_state *st, const xmlChar *localname,
                      const xmlChar *prefix, const xmlChar *URI, int nb_attributes,
                      int nb_defaulted, const xmlChar **attributes)
{
    xmlNodePtr parent = c->node, n;
    xmlNsPtr ns = NULL;
    int i;
    if (st->ns_mixed || !parent || parent->type != XML_ELEMENT_NODE || c->freeElems || !c->dictNames ||
        c->freeAttrs || !plain_attributes(nb_attributes, nb_defaulted, attributes))
        return 0;
    if (URI && !(ns = cached_ns(st, c->myDoc, parent, prefix, URI)))
        return 0;
    if (!URI && prefix)
        return 0;
    if (!(n = new_node(c, XML_ELEMENT_NODE, localname)))
        return 0;
    n->doc = c->myDoc;
    n->ns = ns;
    c->nodemem = -1;
    if (nodePush(c, n) < 0) {
        xmlFree(n);
        return 1;   /* too deep: nodePush stopped the parse */
    }
    n->parent = parent;
    if (!parent->children)
        parent->children = n;
    else {
        n->prev = parent->last;
        parent->last->next = n;
    }
    parent->last = n;
    for (i = 0; i < nb_attributes; i++) {
        const xmlChar **a = attributes + 5 * i;
        xmlAttrPtr at = xmlNewNsPropEatName(n, NULL, (xmlChar *)a[0], NULL);
        xmlNodePtr t = at ? new_text(c, a[3], (int)(a[4] - a[3])) : NULL;
        if (!t) {
            st->d->oom = 1;
            return 1;
        }
        t->parent = (xmlNodePtr)at;
        t->doc = at->doc;
        at->children = at->last = t;
    }
    return 1;
}

static void on_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI,
                     int nb_namespaces, const xmlChar **namespaces, int nb_attributes,
                     int nb_defaulted, const xmlChar **attributes)
{
    xmlParserCtxtPtr c = ctx;
    parse_state *st = c->_private;
    parse_budget *b = st->b;
    int depth = c->nodeNr;
    /* the pre-scan (xml_tags.c) catches long tags before libxml2 parses them; this catches
     * the short ones it does not look at */
    if ((size_t)nb_attributes + (size_t)nb_namespaces > b->max_attributes)
        return stop_at(c, b, LIM_ATTRIBUTES);
    if (++b->elements > b->max_elements)
        return stop_at(c, b, LIM_ELEMENTS);
    if (past_deadline(b))
        return stop_at(c, b, LIM_TIME);
    if (nb_namespaces ||
        !fast_start(c, st, localname, prefix, URI, nb_attributes, nb_defaulted, attributes)) {
        xmlSAX2StartElementNs(ctx, localname, prefix, URI, nb_namespaces, namespaces,
                              nb_attributes, nb_defaulted, attributes);
        if (depth > 0 && c->node && c->nodeNr == depth + 1 && c->node->nsDef)
            st->ns_mixed = 1;
    }
    if (c->nodeNr == depth + 1 && c->node && c->node->type == XML_ELEMENT_NODE)
        index_element(st->d, c->node);
    else
        st->d->oom = 1;   /* libxml2 could not make the node: the parse fails anyway */
}

static void on_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI)
{
    xmlParserCtxtPtr c = ctx;
    parse_state *st = c->_private;
    if (st->b->hit != LIM_NONE)
        return;
    if (c->node && c->node->type == XML_ELEMENT_NODE && !st->d->oom)
        number_children(st->d, c->node);
    xmlSAX2EndElementNs(ctx, localname, prefix, URI);
}

/* Character data counts against max_text whether it comes as text or CDATA. */
static int text_over(xmlParserCtxtPtr c, parse_budget *b, int len)
{
    b->text += (size_t)len;
    if (b->text > b->max_text)
        return stop_at(c, b, LIM_TEXT), 1;
    if (past_deadline(b))
        return stop_at(c, b, LIM_TIME), 1;
    return 0;
}

static void on_cdata(void *ctx, const xmlChar *ch, int len)
{
    xmlParserCtxtPtr c = ctx;
    if (!text_over(c, ((parse_state *)c->_private)->b, len))
        xmlSAX2CDataBlock(ctx, ch, len);
}

/* What xmlSAX2Characters does for the common text, the first child of an element (a leaf's
 * value): the node, its content in the node itself when short (XML_PARSE_COMPACT) and the
 * parser's coalescing state, so that more text of the same node still appends as libxml2
 * would. 0 when libxml2's own handler must do it (mixed content, a continuation). */
static int fast_text(xmlParserCtxtPtr c, const xmlChar *ch, int len)
{
    xmlNodePtr parent = c->node, t;
    if (!parent || parent->last || len <= 0 || !c->dictNames || !(t = new_text(c, ch, len)))
        return 0;
    t->parent = parent;
    t->doc = parent->doc;
    parent->children = parent->last = t;
    c->nodelen = len;
    c->nodemem = len + 1;
    return 1;
}

static void on_characters(void *ctx, const xmlChar *ch, int len)
{
    xmlParserCtxtPtr c = ctx;
    parse_state *st = c->_private;
    if (text_over(c, st->b, len))
        return;
    if (!fast_text(c, ch, len))
        xmlSAX2Characters(ctx, ch, len);
    if (st->mark && (size_t)len >= st->mark_len && ch[0] == (xmlChar)st->mark[0] &&
        memcmp(ch, st->mark, st->mark_len) == 0 && c->node) {
        if (st->ncand == st->cand_cap) {
            size_t cap = st->cand_cap ? st->cand_cap * 2 : 16;
            xmlNodePtr *v = realloc(st->cand, cap * sizeof *v);
            if (!v) {
                st->cand_oom = 1;
                return;
            }
            st->cand = v;
            st->cand_cap = cap;
        }
        st->cand[st->ncand++] = c->node->last;
    }
}

/* A DOCTYPE is never part of an invoice: stop at once, before any entity is declared. */
static void refuse_doctype(void *ctx, const xmlChar *name, const xmlChar *eid, const xmlChar *sid)
{
    xmlParserCtxtPtr c = ctx;
    ((parse_state *)c->_private)->doctype = c->input && c->input->line > 0 ? c->input->line : 1;
    xmlStopParser(c);
}

static void quiet(void *ctx, const xmlError *e) { (void)ctx; (void)e; }

/* err for the limit that stopped a parse: EINV_ERR_LIMIT, the limit's name in detail (as
 * limits.h spells the field), the place and the value in the message. */
static void limit_error(const parse_budget *b, einv_error_t *err)
{
    char msg[256];
    switch (b->hit) {
    case LIM_ATTRIBUTES:
        snprintf(msg, sizeof msg, "An element at line %d has more than %zu attributes and namespace declarations",
                 b->line, b->max_attributes);
        einv_error_set(err, EINV_ERR_LIMIT, msg, "max_attributes", "");
        break;
    case LIM_ELEMENTS:
        snprintf(msg, sizeof msg, "The document has more than %zu elements (stopped at line %d)",
                 b->max_elements, b->line);
        einv_error_set(err, EINV_ERR_LIMIT, msg, "max_elements", "");
        break;
    case LIM_TEXT:
        snprintf(msg, sizeof msg, "The document has more than %zu bytes of character data (stopped at line %d)",
                 b->max_text, b->line);
        einv_error_set(err, EINV_ERR_LIMIT, msg, "max_text", "");
        break;
    default:
        snprintf(msg, sizeof msg, "The time limit of the validation ran out while parsing (at line %d)", b->line);
        einv_error_set(err, EINV_ERR_LIMIT, msg, "timeout_ms", "");
        break;
    }
}

/* The budget of a parse: the validation's running on this thread, else the defaults. */
static void budget_init(parse_budget *b, size_t *max_bytes, const einv_xml_limits_t *xl)
{
    const einv_limits_t *l = einv_limits_active();
    einv_limits_t def;
    if (!l) {
        einv_limits_default(&def);
        l = &def;
    }
    memset(b, 0, sizeof *b);
    b->max_attributes = l->max_attributes;
    b->max_elements = l->max_elements;
    b->max_text = l->max_text;
    b->deadline_ns = einv_deadline_active_ns();
    *max_bytes = xl && xl->max_bytes ? xl->max_bytes : l->max_xml_bytes;
}

/* Line of byte offset at (LF bytes before it, plus one): for messages only. */
static int line_of(const unsigned char *data, size_t at)
{
    const unsigned char *p = data, *end = data + at;
    int line = 1;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        p++;
        line++;
    }
    return line;
}

/* One libxml2 parse of bytes with the hardened settings, indexing into st->d as it goes:
 * the document, or NULL with the reason (DOCTYPE, not well-formed at line N, out of
 * memory) in err. */
static xmlDocPtr parse_bytes(const void *bytes, size_t len, parse_state *st, einv_error_t *err)
{
    xmlParserCtxtPtr c = xmlCreateMemoryParserCtxt(bytes, (int)len);
    xmlDocPtr doc;
    char detail[64];
    if (!c)
        return einv_error_set(err, EINV_ERR_NOMEM, "Out of memory creating the XML parser", "", ""),
               NULL;
    xmlCtxtUseOptions(c, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_COMPACT | XML_PARSE_NOBLANKS);
    c->_private = st;
    c->sax->internalSubset = refuse_doctype;
    c->sax->startElementNs = on_start;
    c->sax->endElementNs = on_end;
    c->sax->characters = on_characters;
    c->sax->cdataBlock = on_cdata;
    /* comments and processing instructions carry no invoice data: do not build nodes */
    c->sax->comment = NULL;
    c->sax->processingInstruction = NULL;
    c->sax->externalSubset = NULL;
    c->loadsubset = 0;
    c->replaceEntities = 0;
    c->validate = 0;
    xmlParseDocument(c);
    doc = c->myDoc;
    if (st->b->hit != LIM_NONE || st->doctype || !c->wellFormed || !doc) {
        const xmlError *e = &c->lastError;
        if (st->b->hit != LIM_NONE)
            limit_error(st->b, err);
        else if (st->doctype) {
            snprintf(detail, sizeof detail, "line %d", st->doctype);
            einv_error_set(err, EINV_ERR, "The document has a DOCTYPE declaration; DTDs and entities are not allowed in invoices",
                           detail, "Remove the <!DOCTYPE ...> declaration");
        }
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

static void free_lists(einv_xdoc_t *d)
{
    size_t k;
    for (k = 0; k < d->nent; k++)
        if (d->ent[k].cap > LIST_IN_ARENA)
            free(d->ent[k].list.v);
}

/* An empty index for a new parse attempt. */
static void index_reset(einv_xdoc_t *d)
{
    free_lists(d);
    einv_arena_free(&d->arena);
    einv_arena_init(&d->arena);
    d->ent = NULL;
    d->nent = d->ent_cap = 0;
    d->slot = NULL;
    d->slot_cap = 0;
    d->nns = 0;
    d->oom = 0;
    d->b64 = NULL;
    d->nb64 = 0;
}

/* The first attempt: the document with its base64 runs cut out (xml_bulk.c). NULL when
 * that path cannot vouch for the tree (the caller parses the original bytes), or when a
 * limit stopped it (st->b->hit, err filled: the original would stop there too). */
static xmlDocPtr parse_planned(const unsigned char *data, xb_plan *plan, parse_state *st,
                               einv_error_t *err)
{
    einv_xdoc_t *d = st->d;
    parse_budget *b = st->b;
    einv_error_t perr;
    xmlDocPtr doc;
    xmlNodePtr *restored;
    int *valid;
    size_t k;
    for (k = 0; k < plan->n; k++)   /* the runs are character data the parse will not see */
        b->text += plan->runs[k].len;
    st->mark = plan->n ? xb_mark_prefix(&st->mark_len) : NULL;
    doc = parse_bytes(plan->buf, plan->len, st, &perr);
    /* the attachments go back with the schema layer's base64 verdict on each */
    restored = doc && plan->n ? einv_arena_alloc(&d->arena, plan->n * sizeof *restored) : NULL;
    valid = doc && plan->n ? einv_arena_alloc(&d->arena, plan->n * sizeof *valid) : NULL;
    d->b64 = doc && plan->n ? einv_arena_alloc(&d->arena, plan->n * sizeof *d->b64) : NULL;
    if (doc && (d->oom || st->cand_oom || (plan->n && (!restored || !valid || !d->b64)) ||
                xb_restore_nodes(st->cand, st->ncand, data, plan, restored, valid) != 0)) {
        xmlFreeDoc(doc);
        doc = NULL;
        d->b64 = NULL;
    }
    if (doc && plan->n) {
        for (k = 0; k < plan->n; k++) {
            d->b64[k].text = restored[k];
            d->b64[k].valid = valid[k];
        }
        d->nb64 = plan->n;
    }
    free(st->cand);
    if (!doc && b->hit != LIM_NONE) {
        *err = perr;
        return NULL;
    }
    if (!doc) {
        index_reset(d);
        memset(st, 0, sizeof *st);
        st->d = d;
        st->b = b;
        b->elements = b->text = 0;
    }
    return doc;
}

/* err for a limit reached before the parse; noted for the engine (limits_int.h). */
static einv_xdoc_t *refuse(einv_error_t *err, const char *msg, const char *limit)
{
    einv_error_t e;
    einv_error_set(&e, EINV_ERR_LIMIT, msg, limit, "");
    einv_limit_note(&e);
    *err = e;
    return NULL;
}

einv_xdoc_t *einv_xdoc_parse(const void *data, size_t len, const einv_xml_limits_t *limits,
                             einv_error_t *err)
{
    size_t max_bytes;
    xmlDocPtr doc = NULL;
    einv_xdoc_t *d;
    xb_plan plan;
    xa_arena *xa, *prev;
    parse_state st;
    parse_budget b;
    xmlNodePtr root;
    int planned;
    char msg[256];
    einv_error_t local;
    if (!err)
        err = &local;
    budget_init(&b, &max_bytes, limits);
    if (!data || len == 0)
        return einv_error_set(err, EINV_ERR, "The document is empty", "", "Send the invoice XML"),
               NULL;
    if (len > max_bytes || len > (size_t)INT32_MAX) {
        snprintf(msg, sizeof msg, "The document has %zu bytes of XML, more than the %zu allowed", len,
                 max_bytes < (size_t)INT32_MAX ? max_bytes : (size_t)INT32_MAX);
        return refuse(err, msg, "max_xml_bytes");
    }
    /* a start tag with too many attributes is refused before libxml2 spends quadratic time
     * on it; the scan is part of the bulk pass */
    planned = xb_plan_make(data, len, b.max_attributes, &plan);
    if (plan.over_at != XB_NONE) {
        snprintf(msg, sizeof msg, "An element at line %d has more than %zu attributes and namespace declarations",
                 line_of(data, plan.over_at), b.max_attributes);
        xb_plan_free(&plan);
        return refuse(err, msg, "max_attributes");
    }
    d = calloc(1, sizeof *d);
    if (!d) {
        xb_plan_free(&plan);
        return einv_error_set(err, EINV_ERR_NOMEM, "Out of memory", "", ""), NULL;
    }
    einv_arena_init(&d->arena);
    memset(&st, 0, sizeof st);
    st.d = d;
    st.b = &b;
    xmlSetStructuredErrorFunc(NULL, (xmlStructuredErrorFunc)quiet);
    /* libxml2 allocates the tree in an arena (xml_arena.c) when one is available */
    xa = xa_arena_new();
    prev = xa ? xa_begin(xa) : NULL;
    /* attachments' base64 is checked and copied in bulk (xml_bulk.c); whenever that path
     * cannot vouch for an identical tree, or the document has an error (whose line number
     * must be the original's), the original bytes are parsed as they are */
    if (planned)
        doc = parse_planned(data, &plan, &st, err);
    xb_plan_free(&plan);
    if (!doc && b.hit == LIM_NONE)
        doc = parse_bytes(data, len, &st, err);
    /* libxml2 keeps a copy of the last error per thread: it must not point into the arena */
    xmlResetLastError();
    if (xa)
        xa_end(prev);
    if (!doc) {
        xa_arena_free(xa);
        free_lists(d);
        einv_arena_free(&d->arena);
        free(d);
        if (b.hit != LIM_NONE)
            einv_limit_note(err);
        return NULL;
    }
    d->doc = doc;
    d->xa = xa;
    doc->_private = d;
    if (!(root = xmlDocGetRootElement(doc))) {
        einv_xdoc_free(d);
        return einv_error_set(err, EINV_ERR, "The document has no root element", "", ""), NULL;
    }
    if (d->oom) {
        einv_xdoc_free(d);
        return einv_error_set(err, EINV_ERR_NOMEM, "Out of memory indexing the document", "", ""),
               NULL;
    }
    root->_private = NULL;   /* the one element no parent numbered */
    root->psvi = (void *)(uintptr_t)1;
    if (einv_x_is(root, EINV_NS_UBL_INV, "Invoice"))
        d->syntax = EINV_SYNTAX_UBL;
    else if (einv_x_is(root, EINV_NS_UBL_CN, "CreditNote"))
        d->syntax = EINV_SYNTAX_UBL, d->credit_note = 1;
    else if (einv_x_is(root, EINV_NS_RSM, "CrossIndustryInvoice"))
        d->syntax = EINV_SYNTAX_CII;
    return d;
}

void einv_xdoc_free(einv_xdoc_t *d)
{
    if (!d)
        return;
    if (d->doc)
        free_tree(d->doc, d->xa);
    free_lists(d);
    einv_arena_free(&d->arena);
    free(d);
}

void einv_xdoc_each_name(const einv_xdoc_t *d, void (*fn)(void *u, const xmlChar *name, int ns), void *u)
{
    size_t k;
    for (k = 0; d && k < d->nent; k++)
        fn(u, d->ent[k].name, d->ent[k].ns);
}

int einv_xdoc_b64_checked(const einv_xdoc_t *d, const xmlNode *t)
{
    size_t k;
    for (k = 0; d && k < d->nb64; k++)
        if (d->b64[k].text == t)
            return d->b64[k].valid;
    return -1;
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
    e = name ? idx_find(m, name, ns) : NULL;
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
