/* The schema layer: the document against the official XSDs (UBL 2.1 Invoice / CreditNote,
 * UN/CEFACT CII D16B uncoupled), findings SCHEMA-* in kositResult. */
#ifndef EINV_XSD_H
#define EINV_XSD_H
#include <einvoice/plugin.h>
#include <libxml/xmlschemas.h>

typedef enum einv_xsd_kind {
    EINV_XSD_UBL_INVOICE = 0,
    EINV_XSD_UBL_CREDITNOTE = 1,
    EINV_XSD_CII = 2,
    EINV_XSD_KINDS = 3
} einv_xsd_kind;

/* Validate the context's document (if any) against its syntax's XSD and report SCHEMA-*
 * findings. The schemas are compiled on first use, once per process. */
void einv_xsd_check(einv_ctx_t *ctx);

/* xsd_load.c: the compiled schema of a kind (NULL when it could not be loaded; why is in
 * *why), and whether {ns}local is declared anywhere in that kind's XSDs (so that a
 * misplaced element is told apart from an unknown one). Read-only after the first call:
 * safe from any thread. */
xmlSchemaPtr einv_xsd_schema(einv_xsd_kind k, const char **why);
int einv_xsd_declares(einv_xsd_kind k, const char *ns, const char *local);
/* Whether the type of element {ns}parent requires a child named child (local names). */
int einv_xsd_requires(einv_xsd_kind k, const char *ns, const char *parent, const char *child);
/* The directory the XSDs are read from (EINV_SCHEMA_DIR, else next to the library, else
 * the install prefix). */
const char *einv_xsd_dir(void);
/* The folder of the XSDs (the engine's options, EINV_SCHEMA_DIR); NULL or "": found next to
 * the library. Process-wide; only before the first einv_xsd_dir counts. */
void einv_xsd_set_dir(const char *dir);

/* xsd_base64.c: whether a NUL-ended value is a valid xs:base64Binary, as libxml2 2.9 judges. */
int einv_xsd_b64_valid(const unsigned char *p);
int einv_xsd_b64_valid_n(const unsigned char *p, size_t len);   /* p[0..len), no NUL needed */
/* Copies src[0..n) to dst and judges it in the same pass: 1 valid, 0 not, -1 it holds a CR
 * (XML turns CR LF into LF, so the copy is not the text: nothing judged). */
int einv_xsd_b64_copy(unsigned char *dst, const unsigned char *src, size_t n);

/* xsd_fast.c: 1 when the walk over the compiled content models (core/xsd_tables.c) finds
 * the document valid against kind k's XSDs; 0 when it cannot vouch for it (an error, or
 * something beyond the tables), and libxml2's validator must judge. Thread-safe. */
int einv_xsd_fast_valid(einv_xsd_kind k, const einv_xdoc_t *xd);
int einv_xsd_fast_mode(void);
/* xml_doc.c: calls fn with each distinct (local name, namespace id) of the document's
 * elements (the index's entries), names as the document's dictionary interned them. */
void einv_xdoc_each_name(const einv_xdoc_t *d, void (*fn)(void *u, const xmlChar *name, int ns), void *u);
/* xml_doc.c: whether text node t, an attachment the bulk path put back (xml_bulk.h), is valid
 * xs:base64Binary (checked once, while its bytes were at hand); -1 when t is not one. */
int einv_xdoc_b64_checked(const einv_xdoc_t *d, const xmlNode *t);
void einv_xsd_fast_count(int vouched, int invalid);   /* mode 2 */

/* Test hooks: mode 1 (default) walks first and asks libxml2 only when the walk cannot
 * vouch; mode 0 asks libxml2 only; mode 2 runs both and counts documents the walk vouched
 * for (stats[0]), handed over (stats[1]), vouched for although libxml2 found them invalid
 * (stats[2]: a defect), and handed over although libxml2 found them valid (stats[3]: time
 * lost); mode -1 skips the schema layer (benchmarks, to see its cost). Set the mode before
 * validating; it is not synchronised. */
EINV_API void einv_xsd_set_fast_mode(int mode);
EINV_API void einv_xsd_fast_stats(size_t stats[4]);

/* SCHEMA-ORDER, -UNKNOWN-ELEMENT, -MISSING, -DATATYPE, -ATTRIBUTE, -CONTENT, -INVALID,
 * -UNAVAILABLE (listed with the core rules in engine.c) */
extern const einv_rule_t einv_xsd_rule_order, einv_xsd_rule_unknown, einv_xsd_rule_missing,
    einv_xsd_rule_datatype, einv_xsd_rule_attribute, einv_xsd_rule_content, einv_xsd_rule_invalid,
    einv_xsd_rule_unavailable;
#endif
