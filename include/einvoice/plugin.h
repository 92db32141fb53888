/* einvoice SDK: the plugin interface.
 *
 * A plugin is a shared object exporting exactly one symbol, einv_plugin_describe(), which
 * returns a static descriptor (use EINV_PLUGIN_DEFINE). The core checks the descriptor's
 * size, ABI major/minor and build signature before calling any other plugin code, then
 * calls init() with the host table; init registers one or more formats or profiles.
 * Plugins use the SDK functions of libeinvoice (decimals, XML helpers, model, reporting)
 * and never free memory the core allocated. */
#ifndef EINVOICE_PLUGIN_H
#define EINVOICE_PLUGIN_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "finding.h"
#include "xml.h"
#include "invoice.h"
#include "limits.h"
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EINV_ABI_MAJOR 1
#define EINV_ABI_MINOR 8   /* 1.8: einv_ctx_set_extraction; 1.7: einv_format_ops_t.hints; 1.6: einv_profile_ops_t.withdraws; 1.5: the binding (binding.h, einv_format_ops_t.to_model) */
/* Options that change struct layouts go into this string; plugins must match exactly. */
#define EINV_BUILD_SIGNATURE "einv-abi1:lp64:i128"

typedef enum einv_plugin_kind {
    EINV_PLUGIN_FORMAT = 1,
    EINV_PLUGIN_PROFILE = 2
} einv_plugin_kind;

/* ---- validation context (opaque; one per validated document) ---- */
typedef struct einv_ctx einv_ctx_t;

EINV_API const einv_xdoc_t *einv_ctx_xdoc(const einv_ctx_t *ctx);        /* may be NULL */
EINV_API einv_syntax einv_ctx_syntax(const einv_ctx_t *ctx);
/* The canonical invoice of the document, for every input and every caller: built on first
 * use from the source tree by the format's binding (to_model) when parse set none. NULL
 * only when there is no document or memory ran out (then the result is never valid). */
EINV_API einv_invoice_t *einv_ctx_invoice(const einv_ctx_t *ctx);
/* Hand the parsed XML / the canonical invoice to the context. (transfer full) */
EINV_API void einv_ctx_set_xdoc(einv_ctx_t *ctx, einv_xdoc_t *d);
EINV_API void einv_ctx_set_invoice(einv_ctx_t *ctx, einv_invoice_t *inv);
/* A named option of this run (e.g. "mapping" = path or JSON text), or NULL. */
EINV_API const char *einv_ctx_option(const einv_ctx_t *ctx, const char *name);
/* The document an export's invoice was read from, when the caller gave it (the received PDF
 * of an extracted invoice: the facturx exporter then keeps its pages), else NULL. *len gets
 * its size. (transfer none) */
EINV_API const unsigned char *einv_ctx_source(const einv_ctx_t *ctx, size_t *len);

/* ABI 1.8: the extraction object of a format that reads its invoice by extraction rather
 * than from structured data (the extract plugin: what was read, per field of the canonical
 * invoice, with its confidence and place on the page; docs/extraction.md). json is the text
 * of one strict JSON object (json_strict.h), at most EINV_EXTRACTION_MAX bytes; it is
 * copied, and the result carries it (einv_result_extraction), the service as the invoice's
 * `extraction` member. A later call replaces it; NULL removes it. Returns EINV_OK;
 * EINV_ERR_LIMIT when the text is longer than the limit and EINV_ERR_USAGE when it is not
 * one JSON object (both logged; the result then carries no extraction object); or
 * EINV_ERR_NOMEM. */
#define EINV_EXTRACTION_MAX (256u * 1024u)
EINV_API int einv_ctx_set_extraction(einv_ctx_t *ctx, const char *json);

/* Report one finding of `rule` at XML node `where` (element or attribute; may be NULL). */
EINV_API void einv_report(einv_ctx_t *ctx, const einv_rule_t *rule, const xmlNode *where);
/* Same, with an explicit location (JSON pointer, IDoc segment/field, ...). */
EINV_API void einv_report_at(einv_ctx_t *ctx, const einv_rule_t *rule, const char *field);
/* Same, with a message that replaces the rule's own (printf style). */
EINV_API void einv_report_msg(einv_ctx_t *ctx, const einv_rule_t *rule, const char *field,
                              const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Remove the findings reported so far under rule_id; returns how many. For a profile whose
 * official artefact embeds an older version of its base (it runs after the base, so it can
 * withdraw a base rule the artefact does not have and report its own form instead). Since
 * ABI 1.1. */
EINV_API size_t einv_ctx_drop(einv_ctx_t *ctx, const char *rule_id);
/* Report the findings made so far under rule_id again as rule `as`, at the same fields
 * (for a profile whose artefact names or flags a base rule otherwise); returns how many.
 * Since ABI 1.3. */
EINV_API size_t einv_ctx_rename(einv_ctx_t *ctx, const char *rule_id, const einv_rule_t *as);
/* Number of reports so far under this rule id, those the per-rule cap held back included
 * (used by tests and by rules that must not repeat themselves). */
EINV_API size_t einv_ctx_count(const einv_ctx_t *ctx, const char *rule_id);

/* ---- format plugins ---- */

/* ABI 1.7: a suggestion in a format's own terms. key is a rule id ("BR-49", "SCHEMA-MISSING")
 * or a business term or group ("BT-81", "BG-30"); suggestion names what to fill in the
 * input (an IDoc segment/field, an OData property, a mapping document entry). */
typedef struct einv_hint {
    const char *key;
    const char *suggestion;
} einv_hint_t;

typedef struct einv_format_ops {
    size_t struct_size;            /* sizeof(einv_format_ops_t) */
    const char *name;              /* CLI name: "ubl", "cii", "zugferd", ... */
    const char *api_format;        /* invoiceFormat: "UBL", "CII", ... */
    /* EINV_OK when the bytes are this format, EINV_DECLINED otherwise. xdoc is the parsed
     * XML when the input was well-formed XML, else NULL. */
    int (*sniff)(const unsigned char *data, size_t len, const einv_xdoc_t *xdoc);
    /* Turn the input into the canonical invoice (einv_ctx_set_invoice) and, for XML
     * syntaxes, leave the source tree in the context. Problems become findings; return
     * EINV_OK unless the input could not be read at all. */
    int (*parse)(einv_ctx_t *ctx, const unsigned char *data, size_t len);
    /* Syntax-binding rules (UBL-CR/SR/DT, CII-SR/DT) over the source tree; may be NULL. */
    void (*check_syntax)(einv_ctx_t *ctx);
    const einv_rule_t *const *rules;   /* the rules check_syntax may report */
    size_t n_rules;
    /* Serialize a canonical invoice in this format as a parsed document whose elements
     * carry in node->_private the source location (inv's node->src, e.g. a JSON pointer)
     * of the value they came from, or NULL. The strings are inv's: inv must outlive the
     * document's use of them. The engine uses the "ubl" format's to validate inputs that
     * are not XML. May be NULL. (transfer full: einv_xdoc_free) */
    einv_xdoc_t *(*from_model)(const einv_invoice_t *inv, einv_error_t *err);
    /* The binding (ABI 1.5): the canonical invoice of the source tree parse left in the
     * context, every node's src_node its source element or attribute. The core calls it
     * on first use (einv_ctx_invoice, einv_ctx_term_nodes) when parse set no invoice, so
     * a format need not build the model for rules that never ask. NULL only when out of
     * memory. May be NULL (parse always sets the invoice). (transfer full) */
    einv_invoice_t *(*to_model)(const einv_xdoc_t *doc);
    /* ABI 1.7: when the rules ran over a tree this format did not read (the UBL written
     * from the model of an IDoc, OData or JSON input), each finding's suggestion is replaced
     * by the entry for its code, else by the entry for the first of its rule's terms that
     * has one; findings without an entry keep the rule's. NULL: none. Plugins built for 1.6
     * and earlier end before these: read them with einv_format_hints. */
    const einv_hint_t *hints;
    size_t n_hints;
} einv_format_ops_t;

/* The hint table of f (none for a plugin built before 1.7). */
static inline size_t einv_format_hints(const einv_format_ops_t *f, const einv_hint_t **hints)
{
    if (!f || f->struct_size < sizeof(einv_format_ops_t) || !f->hints) {
        *hints = NULL;
        return 0;
    }
    *hints = f->hints;
    return f->n_hints;
}

/* ---- profile plugins ---- */
typedef struct einv_profile_ops {
    size_t struct_size;            /* sizeof(einv_profile_ops_t) */
    const char *name;              /* "EN16931", "PEPPOL", ... */
    const char *base;              /* profile whose rules run first, or NULL; a profile whose
                                    * base chain is not loaded (or is cyclic) is refused */
    int requires_pro;              /* 1: needs the Pro plan */
    const char *artefact;          /* the official artefact and version followed */
    unsigned syntaxes;             /* bit (1 << einv_syntax) per supported syntax */
    /* The profile's rules over one document, after its base's. May run concurrently on
     * several threads (one context each): keep no mutable state outside ctx unguarded. */
    void (*check)(einv_ctx_t *ctx);
    const einv_rule_t *const *rules;
    size_t n_rules;
    /* ABI 1.2: the specification identifier (BT-24) and business process (BT-23) that
     * converters of ERP data (IDoc, OData) write into the invoices they make for this
     * profile; NULL: the base profile's. Plugins built for 1.1 end before these. */
    const char *specification_id;
    const char *business_process;
    /* ABI 1.6: ids of base-chain rules this profile withdraws or replaces (its artefact lacks
     * them, or names or flags them otherwise); the profile drops their findings itself
     * (einv_ctx_drop, einv_ctx_rename), and rule listings (`einvoice rules`, docs/rules) leave
     * the base's entries out. NULL: none. Plugins built for 1.5 and earlier end before these:
     * read them with einv_profile_withdraws. */
    const char *const *withdraws;
    size_t n_withdraws;
} einv_profile_ops_t;

/* The rule ids p withdraws from its base chain (none for a plugin built before 1.6). */
static inline size_t einv_profile_withdraws(const einv_profile_ops_t *p, const char *const **ids)
{
    if (!p || p->struct_size < sizeof(einv_profile_ops_t) || !p->withdraws) {
        *ids = NULL;
        return 0;
    }
    *ids = p->withdraws;
    return p->n_withdraws;
}

/* ---- host services, handed to init ---- */
typedef struct einv_host_api {
    size_t struct_size;            /* grows only at the end */
    int abi_major, abi_minor;
    void (*log)(int level, const char *plugin, const char *fmt, ...);
    /* Register by value; the ops struct and everything it points to must stay valid
     * until the plugin's fini (static storage). Names must be unique. */
    int (*register_format)(const einv_format_ops_t *ops, einv_error_t *err);
    int (*register_profile)(const einv_profile_ops_t *ops, einv_error_t *err);
    /* ABI 1.4: register an exporter (export.h), same rules as above. A plugin that may run
     * on an older host checks host->struct_size > offsetof(einv_host_api_t,
     * register_exporter) first. */
    int (*register_exporter)(const einv_exporter_ops_t *ops, einv_error_t *err);
} einv_host_api_t;

enum { EINV_LOG_ERROR = 0, EINV_LOG_WARN = 1, EINV_LOG_INFO = 2, EINV_LOG_DEBUG = 3 };

typedef struct einv_plugin_desc {
    size_t struct_size;            /* sizeof(einv_plugin_desc_t) of the plugin's build: at
                                    * least the host's (a newer, longer one is accepted) */
    uint16_t abi_major, abi_minor;
    const char *build_signature;   /* EINV_BUILD_SIGNATURE */
    const char *name;              /* unique: "ubl", "en16931", ...; what EINV_PLUGINS names,
                                    * the first plugin found under a name wins */
    einv_plugin_kind kind;
    const char *version;
    const char *description;
    int (*init)(const einv_host_api_t *host, einv_error_t *err);
    void (*fini)(void);
} einv_plugin_desc_t;

typedef const einv_plugin_desc_t *(*einv_plugin_describe_fn)(void);
#define EINV_PLUGIN_SYMBOL "einv_plugin_describe"

#define EINV_PLUGIN_DEFINE(name_, kind_, version_, description_, init_, fini_)          \
    EINV_API const einv_plugin_desc_t *einv_plugin_describe(void);                    \
    EINV_API const einv_plugin_desc_t *einv_plugin_describe(void)                     \
    {                                                                                 \
        static const einv_plugin_desc_t d = {sizeof(einv_plugin_desc_t),             \
                                             EINV_ABI_MAJOR, EINV_ABI_MINOR,          \
                                             EINV_BUILD_SIGNATURE, name_, kind_,      \
                                             version_, description_, init_, fini_};   \
        return &d;                                                                    \
    }

#define EINV_SYNTAX_BIT(s) (1u << (unsigned)(s))

#ifdef __cplusplus
}
#endif
#endif
