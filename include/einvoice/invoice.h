/* einvoice SDK: the canonical EN 16931 invoice.
 *
 * The model is a tree of nodes, each tagged with a semantic term of EN 16931 (a business
 * group BG-n or business term BT-n, plus a few structural terms). Every node remembers
 * whether it was present in the source, its raw text, its exact decimal value where the
 * term is numeric, its attributes (scheme, currency, unit, mime code ...) and where in the
 * source it came from. The list of terms, their JSON names and kinds is one table
 * (core/model_terms.def), so parsers, the JSON serializer and the JSON reader share it. */
#ifndef EINVOICE_INVOICE_H
#define EINVOICE_INVOICE_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "decimal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Term ids: EINV_T_<NAME> from the terms table. */
typedef enum einv_term {
#define EINV_TERM(name, code, json, kind, card) EINV_T_##name,
#include "terms.def"
#undef EINV_TERM
    EINV_T__COUNT
} einv_term;

typedef enum einv_term_kind {
    EINV_K_GROUP = 0,   /* has children only */
    EINV_K_TEXT,        /* free text */
    EINV_K_ID,          /* identifier; attr[0] = scheme id, attr[1] = scheme version/agency */
    EINV_K_CODE,        /* code from a list */
    EINV_K_DATE,        /* YYYY-MM-DD in the model */
    EINV_K_AMOUNT,      /* decimal; attr[0] = currency */
    EINV_K_QUANTITY,    /* decimal; attr[0] = unit code */
    EINV_K_PERCENT,     /* decimal */
    EINV_K_DECIMAL,     /* other decimal (price base quantity is a quantity) */
    EINV_K_BINARY,      /* base64 text; attr[0] = mime code, attr[1] = filename */
    EINV_K_BOOL         /* "true" / "false" */
} einv_term_kind;

typedef enum einv_card {
    EINV_C_ONE = 0,     /* 0..1 or 1..1: serialized as a JSON value */
    EINV_C_MANY = 1     /* 0..n or 1..n: serialized as a JSON array */
} einv_card;

typedef struct einv_term_info {
    const char *name;      /* "BT_1" style C name */
    const char *code;      /* "BT-1", "BG-25", or "" for structural terms */
    const char *json;      /* camelCase name in canonicalJson */
    einv_term_kind kind;
    einv_card card;
} einv_term_info_t;

EINV_API const einv_term_info_t *einv_term_info(einv_term t);
/* Look a term up by its JSON name among the children allowed under `parent`. */
EINV_API int einv_term_by_json(einv_term parent, const char *json, einv_term *out);

typedef struct einv_node einv_node_t;
struct einv_node {
    einv_term term;
    uint8_t present;          /* 1: the element existed in the source (even if empty) */
    const char *text;         /* raw text as in the source; NULL for groups */
    einv_dec_t dec;           /* numeric terms: parsed text (.ok = 0 when not a number) */
    const char *attr[2];      /* see einv_term_kind; NULL when absent */
    const char *src;          /* source path of the value (XPath, JSON pointer, IDoc field) */
    const void *src_node;     /* the xmlNode it came from, when the source is XML */
    einv_node_t *parent, *first, *last, *next;
};

typedef struct einv_invoice einv_invoice_t;

/* Create an empty invoice (root node of term EINV_T_INVOICE). All memory of the
 * invoice comes from one arena freed by einv_invoice_free. (transfer full) */
EINV_API einv_invoice_t *einv_invoice_new(void);
EINV_API void einv_invoice_free(einv_invoice_t *inv);
EINV_API einv_node_t *einv_invoice_root(const einv_invoice_t *inv);

/* Copy a string into the invoice's arena. (transfer none: lives with inv) */
EINV_API const char *einv_invoice_strdup(einv_invoice_t *inv, const char *s, size_t len);
/* Append a child of term t under parent; text may be NULL (copied). Returns the node. */
EINV_API einv_node_t *einv_node_add(einv_invoice_t *inv, einv_node_t *parent, einv_term t,
                                    const char *text);
EINV_API void einv_node_set_attr(einv_invoice_t *inv, einv_node_t *n, int i, const char *v);
EINV_API void einv_node_set_src(einv_invoice_t *inv, einv_node_t *n, const char *src,
                                const void *src_node);

/* First child of term t, next sibling of the same term, count of children of term t. */
EINV_API einv_node_t *einv_node_get(const einv_node_t *parent, einv_term t);
EINV_API einv_node_t *einv_node_next(const einv_node_t *n);
EINV_API size_t einv_node_count(const einv_node_t *parent, einv_term t);
/* Text of the first child of term t, or NULL. */
EINV_API const char *einv_node_text(const einv_node_t *parent, einv_term t);

/* Serialize as canonicalJson (API.md). Returns a malloc'd NUL-terminated string.
 * (transfer full: free()) */
EINV_API char *einv_invoice_to_json(const einv_invoice_t *inv);

#ifdef __cplusplus
}
#endif
#endif
