/* The schema layer: libxml2's XSD validator on the parsed tree, its errors turned into
 * SCHEMA-* findings (code by kind of error, field = the element's location, a message in
 * plain words naming what was expected).
 *
 * The tree may live in a read-only arena (xml_arena.h): validation runs without
 * XML_SCHEMA_VAL_VC_I_CREATE, so no default attribute is added; the ID table libxml2 builds
 * for xs:ID attributes (xmldsig inside UBLExtensions) is taken off the document again. */
#include "xsd.h"
#include "ctx_int.h"
#include "limits_int.h"
#include "registry.h"
#include <einvoice/json_strict.h>
#include <libxml/valid.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const einv_rule_t einv_xsd_rule_order = {
    "SCHEMA-ORDER", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "An element is not allowed at this position (XSD: wrong order or a second occurrence).",
    "Move the element to the place the schema gives it, after the elements listed before it; "
    "remove it if it occurs more often than allowed."};
const einv_rule_t einv_xsd_rule_unknown = {
    "SCHEMA-UNKNOWN-ELEMENT", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The document contains an element the XSD does not declare.",
    "Check the element's name and namespace for typos; custom data belongs in an extension "
    "(UBL: ext:UBLExtensions) or in an additional document reference."};
const einv_rule_t einv_xsd_rule_missing = {
    "SCHEMA-MISSING", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "An element the XSD requires is missing.",
    "Add the required element at the named place, even where a business rule would allow it empty."};
const einv_rule_t einv_xsd_rule_datatype = {
    "SCHEMA-DATATYPE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "A value does not have the datatype the XSD requires (date, number, code, ...).",
    "Write dates as YYYY-MM-DD (CII: format 102, YYYYMMDD), numbers with a dot and no "
    "thousands separator, indicators as true/false, and no blanks around values."};
const einv_rule_t einv_xsd_rule_attribute = {
    "SCHEMA-ATTRIBUTE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "An attribute is missing, or is not allowed on this element.",
    "Add the required attribute (e.g. currencyID on amounts), or remove the attribute the schema does not define."};
const einv_rule_t einv_xsd_rule_content = {
    "SCHEMA-CONTENT", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "An element has content the XSD does not allow here (text in an element that holds only "
    "elements, or elements in one that holds only text).",
    "Remove the stray text or child elements; values belong in the leaf elements."};
const einv_rule_t einv_xsd_rule_invalid = {
    "SCHEMA-INVALID", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The document does not conform to the XSD.",
    "Correct the element named in the message so that the document matches the official schema."};
const einv_rule_t einv_xsd_rule_unavailable = {
    "SCHEMA-UNAVAILABLE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The official XSD could not be loaded, so the document's structure was not checked.",
    "This is an installation problem: the operator must install the schemas directory or set "
    "EINV_SCHEMA_DIR to it."};

static const struct {
    const char *href;
    const char *prefix;   /* "" = the document's own (default) namespace */
} PREFIX[] = {
    {"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2", ""},
    {"urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2", ""},
    {"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2", "cac:"},
    {"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2", "cbc:"},
    {"urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2", "ext:"},
    {"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100", "rsm:"},
    {"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100", "ram:"},
    {"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100", "udt:"},
    {"urn:un:unece:uncefact:data:standard:QualifiedDataType:100", "qdt:"},
    {"http://www.w3.org/2001/XMLSchema", "xs:"},
};

typedef struct sink {
    einv_ctx_t *ctx;
    einv_xsd_kind kind;
    const void *last_node;     /* consecutive errors on one node: one finding (libxml2 reports
                                * a failed facet and then the failed type) */
    const einv_rule_t *last_rule;
    xmlDocPtr doc;
    size_t errors;             /* libxml2's error reports */
} sink;

typedef struct text {
    char *s;
    size_t n, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->n + n >= t->cap)
        n = t->cap - t->n - 1;
    memcpy(t->s + t->n, s, n);
    t->n += n;
    t->s[t->n] = 0;
}

static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

/* s[0..n) with every "{namespace}name" written as prefix:name for the known namespaces. */
static void put_names(text *t, const char *s, size_t n)
{
    const char *end = s + n;
    while (s < end) {
        const char *open = memchr(s, '{', (size_t)(end - s)), *close;
        size_t i, hl;
        if (!open) {
            put(t, s, (size_t)(end - s));
            return;
        }
        put(t, s, (size_t)(open - s));
        close = memchr(open, '}', (size_t)(end - open));
        if (!close) {
            put(t, open, (size_t)(end - open));
            return;
        }
        hl = (size_t)(close - open - 1);
        for (i = 0; i < sizeof PREFIX / sizeof PREFIX[0]; i++)
            if (strlen(PREFIX[i].href) == hl && memcmp(PREFIX[i].href, open + 1, hl) == 0)
                break;
        if (i < sizeof PREFIX / sizeof PREFIX[0])
            puts_(t, PREFIX[i].prefix);
        else
            put(t, open, (size_t)(close - open + 1));
        s = close + 1;
    }
}

/* The element's name as written in findings: cbc:IssueDate, ram:ID, Invoice. */
static void put_qname(text *t, const xmlNode *n)
{
    char q[512];
    if (n->ns && n->ns->href)
        snprintf(q, sizeof q, "{%s}%s", (const char *)n->ns->href, (const char *)n->name);
    else
        snprintf(q, sizeof q, "%s", (const char *)n->name);
    put_names(t, q, strlen(q));
}

/* "Expected is ( a, b )" / "Expected is one of ( a, b, ... )" of msg as "a, b", at most
 * `most` names (the choice at the start of a UBL Invoice lists dozens). */
static void put_expected(text *t, const char *msg, int most)
{
    const char *p = strstr(msg, "Expected is"), *open, *close;
    int k = 0;
    if (!p || !(open = strchr(p, '(')) || !(close = strrchr(p, ')'))) {
        puts_(t, "nothing more at this place");
        return;
    }
    for (p = open + 1; p < close;) {
        const char *comma = memchr(p, ',', (size_t)(close - p));
        const char *e = comma ? comma : close;
        while (p < e && *p == ' ')
            p++;
        while (e > p && e[-1] == ' ')
            e--;
        if (e > p) {
            if (k == most) {
                puts_(t, ", ...");
                return;
            }
            if (k++)
                puts_(t, strstr(msg, "one of") && !comma ? " or " : ", ");
            put_names(t, p, (size_t)(e - p));
        }
        p = (comma ? comma : close) + 1;
    }
}

/* The first name of libxml2's expected list (as "{ns}local") that parent's type requires
 * and that neither elem nor a later sibling has (elem NULL: at the parent's end); 0 when
 * there is none (then elem is misplaced rather than something missing before it). */
static int required_absent(einv_xsd_kind k, const xmlNode *parent, const xmlNode *elem, const char *msg,
                           char *out, size_t size)
{
    const xmlNode *sib;
    const char *p = strstr(msg, "Expected is"), *open, *close;
    if (!parent || parent->type != XML_ELEMENT_NODE || !p || !(open = strchr(p, '(')) ||
        !(close = strrchr(p, ')')))
        return 0;
    for (p = open + 1; p < close;) {
        const char *comma = memchr(p, ',', (size_t)(close - p)), *e = comma ? comma : close;
        const char *local;
        char name[300], full[300];
        while (p < e && *p == ' ')
            p++;
        while (e > p && e[-1] == ' ')
            e--;
        snprintf(full, sizeof full, "%.*s", (int)(e - p), p);
        local = strrchr(full, '}') ? strrchr(full, '}') + 1 : full;
        snprintf(name, sizeof name, "%s", local);
        if (*name && einv_xsd_requires(k, parent->ns ? (const char *)parent->ns->href : "",
                                       (const char *)parent->name, name)) {
            for (sib = elem; sib; sib = sib->next)
                if (sib->type == XML_ELEMENT_NODE && strcmp((const char *)sib->name, name) == 0)
                    break;
            if (!sib) {
                snprintf(out, size, "%s", full);
                return 1;
            }
        }
        p = (comma ? comma : close) + 1;
    }
    return 0;
}

/* libxml2's text after "Element '...': " (and "attribute '...': "), names shortened. */
static const char *body_of(const char *msg)
{
    const char *p = strstr(msg, "': ");
    if (strncmp(msg, "Element '", 9) != 0 || !p)
        return msg;
    return p + 3;
}

static void report(sink *s, const einv_rule_t *rule, const xmlNode *node, const char *msg)
{
    einv_ctx_t *ctx = s->ctx;
    size_t before = ctx->n;
    einv_report(ctx, rule, node);
    if (ctx->n > before && ctx->findings[ctx->n - 1].rule == rule) {
        size_t len = strlen(msg), ok = einv_utf8_valid(msg, len);
        char *m = einv_arena_strndup(&ctx->arena, msg, ok);   /* a cut multi-byte end dropped */
        if (m)
            ctx->findings[ctx->n - 1].message = m;
    }
}

/* One libxml2 validity error -> one finding. */
#if LIBXML_VERSION >= 21200
static void on_error(void *u, const xmlError *e)
#else
static void on_error(void *u, xmlErrorPtr e)
#endif
{
    sink *s = u;
    const xmlNode *node = e ? e->node : NULL;
    const xmlNode *elem;
    const einv_rule_t *rule = &einv_xsd_rule_invalid;
    char buf[1024], raw[1024], missing[300];
    text t = {buf, 0, sizeof buf};
    const char *body;
    size_t rl;
    if (!e || !e->message)
        return;
    s->errors++;
    if (!node || (node->type != XML_ELEMENT_NODE && node->type != XML_ATTRIBUTE_NODE))
        node = xmlDocGetRootElement(s->doc);   /* never silent: at the root when unplaced */
    if (!node)
        return;
    snprintf(raw, sizeof raw, "%s", e->message);
    rl = strlen(raw);
    while (rl && (raw[rl - 1] == '\n' || raw[rl - 1] == ' '))
        raw[--rl] = 0;
    elem = node->type == XML_ATTRIBUTE_NODE ? node->parent : node;
    body = body_of(raw);
    switch (e->code) {
    case XML_SCHEMAV_ELEMENT_CONTENT:
        if (strncmp(body, "Missing child element", 21) == 0) {
            rule = &einv_xsd_rule_missing;
            put_qname(&t, elem);
            if (required_absent(s->kind, elem, NULL, body, missing, sizeof missing)) {
                puts_(&t, " lacks the required ");
                put_names(&t, missing, strlen(missing));
                puts_(&t, " (expected next: ");
                put_expected(&t, body, 8);
                puts_(&t, ").");
            } else {
                puts_(&t, " is incomplete: expected ");
                put_expected(&t, body, 8);
                puts_(&t, " next.");
            }
        } else if (strncmp(body, "This element is not expected", 28) == 0 &&
                   required_absent(s->kind, elem->parent, elem, body, missing, sizeof missing)) {
            /* a required element is expected here and does not follow: it is missing */
            rule = &einv_xsd_rule_missing;
            put_qname(&t, elem->parent);
            puts_(&t, " lacks the required ");
            put_names(&t, missing, strlen(missing));
            puts_(&t, ", expected before ");
            put_qname(&t, elem);
            puts_(&t, " (expected here: ");
            put_expected(&t, body, 8);
            puts_(&t, ").");
        } else if (strncmp(body, "This element is not expected", 28) == 0) {
            const char *ns = elem->ns && elem->ns->href ? (const char *)elem->ns->href : "";
            int known = einv_xsd_declares(s->kind, ns, (const char *)elem->name);
            rule = known ? &einv_xsd_rule_order : &einv_xsd_rule_unknown;
            put_qname(&t, elem);
            if (known)
                puts_(&t, " is not allowed at this position");
            else
                puts_(&t, " is not an element the schema knows here");
            if (elem->parent && elem->parent->type == XML_ELEMENT_NODE) {
                puts_(&t, " in ");
                put_qname(&t, elem->parent);
            }
            puts_(&t, "; expected here: ");
            put_expected(&t, body, 8);
            puts_(&t, ".");
        } else {
            rule = &einv_xsd_rule_content;
            put_qname(&t, elem);
            puts_(&t, ": ");
            put_names(&t, body, strlen(body));
        }
        break;
    case XML_SCHEMAV_CVC_COMPLEX_TYPE_2_1:
    case XML_SCHEMAV_CVC_COMPLEX_TYPE_2_2:
    case XML_SCHEMAV_CVC_COMPLEX_TYPE_2_3:
    case XML_SCHEMAV_CVC_COMPLEX_TYPE_2_4:
        rule = &einv_xsd_rule_content;
        break;
    case XML_SCHEMAV_CVC_COMPLEX_TYPE_3_1:
    case XML_SCHEMAV_CVC_COMPLEX_TYPE_3_2_1:
    case XML_SCHEMAV_CVC_COMPLEX_TYPE_3_2_2:
    case XML_SCHEMAV_CVC_COMPLEX_TYPE_4:
    case XML_SCHEMAV_ATTRUNKNOWN:
    case XML_SCHEMAV_INVALIDATTR:
        rule = &einv_xsd_rule_attribute;
        break;
    case XML_SCHEMAV_CVC_ELT_1:
    case XML_SCHEMAV_UNDECLAREDELEM:
        rule = &einv_xsd_rule_unknown;
        break;
    default:
        if ((e->code >= XML_SCHEMAV_VALUE && e->code <= XML_SCHEMAV_CVC_ENUMERATION_VALID) ||
            (e->code >= XML_SCHEMAV_CVC_ELT_5_1_1 && e->code <= XML_SCHEMAV_CVC_ELT_5_2_2_2_2) ||
            (e->code >= XML_SCHEMAV_CVC_ATTRIBUTE_1 && e->code <= XML_SCHEMAV_CVC_ATTRIBUTE_4) ||
            e->code == XML_SCHEMAV_CVC_AU || e->code == XML_SCHEMAV_ATTRINVALID)
            rule = &einv_xsd_rule_datatype;
        break;
    }
    if (!t.n) {   /* the remaining kinds: libxml2's own sentence, names shortened */
        put_qname(&t, elem);
        if (node->type == XML_ATTRIBUTE_NODE) {
            puts_(&t, "/@");
            puts_(&t, (const char *)node->name);
        }
        puts_(&t, ": ");
        if (strncmp(body, "attribute '", 11) == 0 && strstr(body, "': "))
            body = strstr(body, "': ") + 3;
        put_names(&t, body, strlen(body));
    }
    if (node == s->last_node && rule == s->last_rule)
        return;
    s->last_node = node;
    s->last_rule = rule;
    report(s, rule, node, buf);
}

/* Attachments whose base64 is valid are shown to libxml2 as empty (also valid) while it
 * validates; their text is put back right after. Only a single text child is swapped. */
typedef struct swap {
    xmlNodePtr text;
    xmlChar *content;
} swap;

static size_t hide_attachments(const einv_xdoc_t *xd, einv_xsd_kind k, swap *out, size_t cap)
{
    static const char *const CII_NAMES[] = {"AttachmentBinaryObject", "IncludedBinaryObject",
                                            "DescriptionBinaryObject", "ReferenceFileBinaryObject"};
    static xmlChar empty[1];
    size_t n = 0, j, names = k == EINV_XSD_CII ? 4 : 1;
    for (j = 0; j < names; j++) {
        const einv_nodelist_t *l = k == EINV_XSD_CII ? einv_xdoc_all(xd, EINV_NS_RAM, CII_NAMES[j])
                                                     : einv_xdoc_all(xd, EINV_NS_CBC, "EmbeddedDocumentBinaryObject");
        size_t i;
        for (i = 0; l && i < l->n && n < cap; i++) {
            xmlNodePtr t = l->v[i]->children;
            int checked;
            if (!t || t->next || t->type != XML_TEXT_NODE || !t->content || t->content == empty)
                continue;
            if ((checked = einv_xdoc_b64_checked(xd, t)) < 0)   /* not put back by the bulk path */
                checked = strlen((const char *)t->content) >= 256 && einv_xsd_b64_valid(t->content);
            if (!checked)
                continue;
            out[n].text = t;
            out[n++].content = t->content;
            t->content = empty;
        }
    }
    return n;
}

/* One validation context per thread and schema, kept across documents: libxml2 keeps its
 * element and attribute records between runs (a quarter of the XSD time when made anew). */
static pthread_key_t vkey[EINV_XSD_KINDS];
static pthread_once_t vkey_once = PTHREAD_ONCE_INIT;

static void free_vctxt(void *v) { xmlSchemaFreeValidCtxt(v); }

static void make_keys(void)
{
    size_t k;
    for (k = 0; k < EINV_XSD_KINDS; k++)
        if (pthread_key_create(&vkey[k], free_vctxt) != 0)
            vkey[k] = (pthread_key_t)-1;
}

static xmlSchemaValidCtxtPtr thread_vctxt(einv_xsd_kind k, xmlSchemaPtr schema, int *owned)
{
    xmlSchemaValidCtxtPtr v;
    pthread_once(&vkey_once, make_keys);
    *owned = 0;
    if (vkey[k] != (pthread_key_t)-1 && (v = pthread_getspecific(vkey[k])) != NULL)
        return v;
    v = xmlSchemaNewValidCtxt(schema);
    if (v && (vkey[k] == (pthread_key_t)-1 || pthread_setspecific(vkey[k], v) != 0))
        *owned = 1;   /* not kept: freed after this document */
    return v;
}

void einv_xsd_check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *xd = ctx->xdoc;
    xmlDocPtr doc = einv_xdoc_xml(xd);
    einv_xsd_kind k;
    xmlSchemaPtr schema;
    xmlSchemaValidCtxtPtr v;
    const char *why = "";
    sink s;
    void *ids;
    swap hidden[64];
    size_t nhidden;
    int owned, rc, fast, vouched;
    if (!doc)
        return;
    switch (einv_xdoc_syntax(xd)) {
    case EINV_SYNTAX_UBL:
        k = einv_xdoc_is_credit_note(xd) ? EINV_XSD_UBL_CREDITNOTE : EINV_XSD_UBL_INVOICE;
        break;
    case EINV_SYNTAX_CII:
        k = EINV_XSD_CII;
        break;
    default:
        return;
    }
    /* nearly every document is valid: the walk over the compiled tables vouches for it at a
     * fraction of libxml2's cost; libxml2 judges (and explains) whatever it cannot vouch for */
    if ((fast = einv_xsd_fast_mode()) < 0)
        return;
    vouched = einv_xsd_fast_valid(k, xd);
    if (vouched && fast == 1)
        return;
    schema = einv_xsd_schema(k, &why);
    if (!schema) {
        einv_report_msg(ctx, &einv_xsd_rule_unavailable, "/", "The official XSD could not be loaded, so the structure was not checked: %s.", why);
        return;
    }
    v = thread_vctxt(k, schema, &owned);
    if (!v) {
        ctx->oom = 1;
        return;
    }
    memset(&s, 0, sizeof s);
    s.ctx = ctx;
    s.kind = k;
    s.doc = doc;
    xmlSchemaSetValidStructuredErrors(v, on_error, &s);
    ids = doc->ids;
    nhidden = hide_attachments(xd, k, hidden, sizeof hidden / sizeof hidden[0]);
    rc = xmlSchemaValidateDoc(v, doc);
    while (nhidden--)
        hidden[nhidden].text->content = hidden[nhidden].content;
    xmlSchemaSetValidStructuredErrors(v, NULL, NULL);   /* s goes out of scope */
    if (rc != 0 && s.errors == 0)   /* a verdict without a report: say so, never pass */
        einv_report_msg(ctx, &einv_xsd_rule_invalid, "/",
                        rc < 0 ? "The schema check stopped with an internal error; the structure was not fully checked."
                               : "The document does not conform to the XSD.");
    if (fast == 2)
        einv_xsd_fast_count(vouched, rc != 0 || s.errors != 0);
    if (owned)
        xmlSchemaFreeValidCtxt(v);
    if (doc->ids != ids) {   /* built for xs:ID attributes; the tree stays as parsed */
        xmlFreeIDTable(doc->ids);
        doc->ids = ids;
    }
}
