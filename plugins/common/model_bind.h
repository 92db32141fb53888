/* The one walker of the syntax bindings: builds the canonical EN 16931 invoice from an XML
 * source tree and a binding table, the data a format plugin owns (plugins/ubl/ubl_to_model.c
 * for EN 16931-3-2, plugins/cii/cii_to_model.c for EN 16931-3-3).
 *
 * A table has one row per business term or group: {term, path relative to the group's
 * source element, flags, filter, attribute sources, sub-table}. A path is a chain of child
 * steps ("cac:Item/cbc:Name"), may end in an attribute ("cbc:X/@unitCode"), may start at the
 * document element ("/cac:TaxTotal/..."), may be "." (the group's own element) and may list
 * alternatives separated by '|'. Lists (terms with EINV_C_MANY) take every match, single
 * terms the first match in document order that passes the row's filter. A row without a
 * term (EINV_T__COUNT) stands for a syntax container (CII's ram:ApplicableHeaderTrade...):
 * its rows attach to the current group. The rows of a group are served by one pass over its
 * element's children, so building the model is linear in the size of the document. Every
 * node keeps its source element (or attribute) in src_node: that is what
 * einv_ctx_term_nodes() (einvoice/binding.h) hands to the rules. */
#ifndef PLUGINS_COMMON_MODEL_BIND_H
#define PLUGINS_COMMON_MODEL_BIND_H

#include <einvoice/einvoice.h>

enum {
    MB_COND = 1,       /* group created only when one of its fields is found */
    MB_IF_ABSENT = 2,  /* skipped when the parent already holds this term */
    MB_INV = 4,        /* Invoice documents only */
    MB_CN = 8          /* CreditNote documents only */
    /* 16 and up: the syntax's own (its text hook reads them) */
};

typedef struct mb_row {
    einv_term term;               /* EINV_T__COUNT: a syntax container */
    const char *path;
    unsigned char flags, filter;  /* filter: the syntax's code, 0 = none */
    /* attribute sources: "@name" on the matched element, "^path" the text of an element
     * found from its parent; NULL: the kind's default (currency, unit, scheme, mime code) */
    const char *a0, *a1;
    const struct mb_row *sub;     /* the fields of a group */
    size_t nsub;
} mb_row;

typedef struct mb_map mb_map;

/* What differs between syntaxes besides the table: the row filters and the text of a leaf. */
typedef struct mb_syntax {
    /* 1 when n passes the row filter f (never called with f = 0) */
    int (*filter)(const mb_map *m, int f, const xmlNode *n);
    /* The text a leaf row takes from x (its own text `text`; buf for a rewritten one, e.g.
     * a CII date); NULL: x gives no value for this row. NULL hook: the text as it is. */
    const char *(*text)(const mb_row *r, const xmlNode *x, const char *text, char buf[16]);
} mb_syntax;

struct mb_map {
    einv_invoice_t *inv;
    const xmlNode *root;
    const mb_syntax *syn;
    int credit_note;
    char cur_doc[16], cur_tax[16];   /* BT-5 and BT-6, white space trimmed */
};

/* Start a mapping of the document element root (NULL: an empty invoice). NULL only when out
 * of memory. The caller sets credit_note and the currencies, then calls mb_build. */
einv_invoice_t *mb_begin(mb_map *m, const mb_syntax *syn, const xmlNode *root);
/* Map the rows of the document element into m->inv (its root takes root as source). */
void mb_build(mb_map *m, const mb_row *rows, size_t n);

#define MB_N(a) (sizeof(a) / sizeof((a)[0]))

#endif
