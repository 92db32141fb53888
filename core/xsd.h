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

/* SCHEMA-ORDER, -UNKNOWN-ELEMENT, -MISSING, -DATATYPE, -ATTRIBUTE, -CONTENT, -INVALID,
 * -UNAVAILABLE (listed with the core rules in engine.c) */
extern const einv_rule_t einv_xsd_rule_order, einv_xsd_rule_unknown, einv_xsd_rule_missing,
    einv_xsd_rule_datatype, einv_xsd_rule_attribute, einv_xsd_rule_content, einv_xsd_rule_invalid,
    einv_xsd_rule_unavailable;
#endif
