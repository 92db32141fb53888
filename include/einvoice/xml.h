/* einvoice SDK: the parsed source XML document and fast helpers over it.
 *
 * Rules that must agree with the official Schematron artefacts are evaluated against the
 * syntax tree itself (contexts, descendant searches and attribute presence decide their
 * verdicts). These helpers make that cheap: every element carries a namespace id in
 * node->extra, and the document keeps an index of elements by (namespace, local name)
 * so a `//cac:TaxCategory` style search costs O(matches), not O(document).
 * The tree is read-only for plugins: it is released as a whole (see docs/plugin-guide.md). */
#ifndef EINVOICE_XML_H
#define EINVOICE_XML_H

#include <stddef.h>
#include <libxml/tree.h>
#include "status.h"
#include "decimal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Namespace ids stored in xmlNode->extra of every element after einv_xdoc_parse(). */
typedef enum einv_ns {
    EINV_NS_NONE = 0,   /* no namespace */
    EINV_NS_OTHER,      /* a namespace we do not know */
    EINV_NS_UBL_INV,    /* urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 */
    EINV_NS_UBL_CN,     /* ...:CreditNote-2 */
    EINV_NS_CAC,        /* ...:CommonAggregateComponents-2 */
    EINV_NS_CBC,        /* ...:CommonBasicComponents-2 */
    EINV_NS_EXT,        /* ...:CommonExtensionComponents-2 */
    EINV_NS_RSM,        /* urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100 */
    EINV_NS_RAM,        /* ...:ReusableAggregateBusinessInformationEntity:100 */
    EINV_NS_UDT,        /* ...:UnqualifiedDataType:100 */
    EINV_NS_QDT,        /* ...:QualifiedDataType:100 */
    EINV_NS_COUNT
} einv_ns;

typedef enum einv_syntax {
    EINV_SYNTAX_UNKNOWN = 0,
    EINV_SYNTAX_UBL = 1,
    EINV_SYNTAX_CII = 2
} einv_syntax;

typedef struct einv_xdoc einv_xdoc_t;

/* Parse limits; zero fields take the defaults. */
typedef struct einv_xml_limits {
    size_t max_bytes;        /* default 256 MiB */
    int max_depth;           /* default 256 */
} einv_xml_limits_t;

/* Parse XML with no network access, no DTD, no entity expansion (a DOCTYPE is refused),
 * and bounded depth. The budget (limits.h) of the validation running on this thread applies
 * (else the defaults): attributes per element, elements, character data, the deadline;
 * limits->max_bytes, when set, replaces its max_xml_bytes. On failure returns NULL and writes
 * a one-line reason into err (err->message; err->detail holds "line L"); at a limit err->code
 * is EINV_ERR_LIMIT and err->detail names the limit's field ("max_attributes", ...), and the
 * engine reports the LIMIT-... finding itself. (transfer full): free with einv_xdoc_free. */
EINV_API einv_xdoc_t *einv_xdoc_parse(const void *data, size_t len,
                                      const einv_xml_limits_t *limits, einv_error_t *err);
EINV_API void einv_xdoc_free(einv_xdoc_t *d);

EINV_API xmlDocPtr einv_xdoc_xml(const einv_xdoc_t *d);     /* (transfer none) */
EINV_API xmlNodePtr einv_xdoc_root(const einv_xdoc_t *d);   /* (transfer none) */
/* UBL when the root is ubl:Invoice or cn:CreditNote, CII for rsm:CrossIndustryInvoice. */
EINV_API einv_syntax einv_xdoc_syntax(const einv_xdoc_t *d);
EINV_API int einv_xdoc_is_credit_note(const einv_xdoc_t *d);

/* A read-only list of nodes, owned by whoever returned it. */
typedef struct einv_nodelist {
    xmlNodePtr *v;
    size_t n;
} einv_nodelist_t;

/* All elements (ns, local) of the document in document order, i.e. `//ns:local`.
 * Never NULL; n == 0 when there are none. (transfer none: lives as long as d) */
EINV_API const einv_nodelist_t *einv_xdoc_all(const einv_xdoc_t *d, int ns, const char *local);

/* The einv_xdoc_t a node belongs to (via doc->_private). */
EINV_API einv_xdoc_t *einv_x_xdoc(const xmlNode *n);

/* ---- node helpers; all accept NULL and then answer "nothing" ---- */

static inline int einv_x_nsid(const xmlNode *n) { return n ? (int)n->extra : 0; }
/* 1 when n is an element with namespace id ns and local name local. */
EINV_API int einv_x_is(const xmlNode *n, int ns, const char *local);
/* First child element (ns, local), or NULL. */
EINV_API xmlNodePtr einv_x_child(const xmlNode *parent, int ns, const char *local);
/* Next following sibling element with the same namespace and local name as n. */
EINV_API xmlNodePtr einv_x_next_same(const xmlNode *n);
/* Number of child elements (ns, local). */
EINV_API size_t einv_x_count(const xmlNode *parent, int ns, const char *local);
/* First child element of any name, next element sibling of any name. */
EINV_API xmlNodePtr einv_x_first_elem(const xmlNode *parent);
EINV_API xmlNodePtr einv_x_next_elem(const xmlNode *n);

/* Relative location paths of child steps, written with the usual prefixes:
 * "cac:Party/cac:PartyLegalEntity/cbc:RegistrationName" (prefixes: ubl cn cac cbc ext
 * rsm ram udt qdt; "*" matches any element). einv_x_path returns the first node in
 * document order; einv_x_select appends every match to out (document order). */
EINV_API xmlNodePtr einv_x_path(const xmlNode *from, const char *path);
EINV_API size_t einv_x_path_count(const xmlNode *from, const char *path);

typedef struct einv_nodes {
    xmlNodePtr *v;
    size_t n, cap;
    xmlNodePtr inl[8];
} einv_nodes_t;
EINV_API void einv_nodes_init(einv_nodes_t *s);
EINV_API void einv_nodes_free(einv_nodes_t *s);
EINV_API int einv_nodes_push(einv_nodes_t *s, xmlNodePtr n);
EINV_API size_t einv_x_select(const xmlNode *from, const char *path, einv_nodes_t *out);

/* XPath string value of an element (concatenated descendant text). Never NULL: "" for
 * a NULL node. (transfer none: lives as long as the document) */
EINV_API const char *einv_x_text(const xmlNode *n);
/* normalize-space(string(n)) != '' */
EINV_API int einv_x_nonblank(const xmlNode *n);
/* normalize-space of the string value, written into buf (truncated to size). */
EINV_API const char *einv_x_norm(const xmlNode *n, char *buf, size_t size);
/* 1 when normalize-space(string(n)) equals s. */
EINV_API int einv_x_norm_eq(const xmlNode *n, const char *s);
/* Value of attribute `name` (no namespace), or NULL when absent. (transfer none) */
EINV_API const char *einv_x_attr(const xmlNode *n, const char *name);
EINV_API xmlAttrPtr einv_x_attr_node(const xmlNode *n, const char *name);
/* xs:decimal(string(n)); .ok = 0 when absent or not a decimal. */
EINV_API einv_dec_t einv_x_dec(const xmlNode *n);
/* Number of fraction digits as string-length(substring-after(string(n), '.')). */
EINV_API size_t einv_x_fraction_digits(const xmlNode *n);

/* XPath-like location of n: "/Invoice/cac:InvoiceLine[2]/cbc:ID" (index only where
 * siblings share the name). Attributes end in "/@name". (transfer full: free()) */
EINV_API char *einv_x_location(const xmlNode *n);

#ifdef __cplusplus
}
#endif
#endif
