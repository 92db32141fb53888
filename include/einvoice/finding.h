/* einvoice SDK: rules and findings. A rule is static metadata owned by the plugin that
 * defines it; a finding is one occurrence of a rule, owned by the core's context. */
#ifndef EINVOICE_FINDING_H
#define EINVOICE_FINDING_H

#include <stddef.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum einv_severity {
    EINV_SEV_ERROR = 0,     /* official flag fatal / error */
    EINV_SEV_WARNING = 1,   /* official flag warning */
    EINV_SEV_INFO = 2       /* anything else (e.g. XRechnung "information") */
} einv_severity;

typedef enum einv_layer {
    EINV_LAYER_SCHEMA = 0,      /* well-formedness, structure, datatypes (kositResult) */
    EINV_LAYER_SYNTAX = 1,      /* UBL-/CII- syntax binding rules */
    EINV_LAYER_CORE = 2,        /* EN 16931 business rules */
    EINV_LAYER_PROFILE = 3,     /* CIUS / extension rules */
    EINV_LAYER_PDF = 4,         /* hybrid PDF container checks */
    EINV_LAYER_EXTRACTION = 5   /* confidence of extracted fields */
} einv_layer;

/* Static description of one rule. Plugins declare these as `static const` and pass
 * pointers to einv_report(); the core never copies or frees them. */
typedef struct einv_rule {
    const char *id;          /* official id, e.g. "BR-CO-10", or our own, e.g. "XML-WELLFORMED" */
    einv_severity severity;
    einv_layer layer;
    const char *terms;       /* business terms concerned, e.g. "BT-106, BT-131" (may be "") */
    const char *message;     /* our own words */
    const char *suggestion;  /* an actionable hint */
} einv_rule_t;

/* One finding as the core keeps it (read-only for plugins). Strings are owned by the
 * context that produced the finding and live until it is freed. */
typedef struct einv_finding {
    const einv_rule_t *rule;
    const char *code;
    const char *message;
    const char *field;       /* XPath-like location in the submitted document, or "" */
    const char *suggestion;
    einv_severity severity;
    einv_layer layer;
} einv_finding_t;

EINV_API const char *einv_severity_name(einv_severity s);   /* "ERROR", "WARNING", "INFO" */
EINV_API const char *einv_layer_name(einv_layer l);         /* "SCHEMA", "SYNTAX", ... */

#ifdef __cplusplus
}
#endif
#endif
