/* Large base64 text (attachments: BT-125, embedded PDFs) lifted out of a document before
 * libxml2 parses it and put back into the tree afterwards.
 *
 * In real invoices most bytes are base64 attachments (84 % of the conformance documents),
 * and libxml2 checks and copies text one character at a time. A run of base64 characters
 * between '>' and '<' is always valid character data, so it can be checked with a wide
 * byte-class scan, replaced by a short marker for the parse, and copied back into its text
 * node: the tree is the one libxml2 builds from the original bytes. Whenever that cannot be
 * shown (a marker not found as a whole text node, a parse error), the caller parses the
 * original bytes instead. */
#ifndef EINV_CORE_XML_BULK_H
#define EINV_CORE_XML_BULK_H

#include <stddef.h>
#include <libxml/tree.h>

typedef struct xb_run {
    size_t off, len;          /* the run in the original bytes */
    size_t lines;             /* its line breaks, kept after the marker */
} xb_run;

#define XB_MAX_BLANK 8

typedef struct xb_plan {
    char *buf;                /* the document with markers in place of the runs */
    size_t len;
    xb_run *runs;
    size_t n;
    size_t lines;                 /* all runs' line breaks */
    xb_run blank[XB_MAX_BLANK];   /* prolog comments, reduced to their line breaks */
    size_t nblank;
    /* the first start tag found with more than max_attrs attributes: the offset of its '<'
     * and how many were counted (counting stops just past the limit); XB_NONE when none */
    size_t over_at, over_count;
} xb_plan;

#define XB_NONE ((size_t)-1)

/* Plans the cut for data: 1 with p filled (free with xb_plan_free), 0 when nothing is worth
 * cutting or the encoding is not ASCII-compatible (p left empty). Long comments before the
 * root element of a UTF-8 document are cut as well (they make no node; line breaks stay).
 *
 * With max_attrs > 0 the same pass also looks for a start tag with more than max_attrs
 * attributes (p->over_at, set whatever the return value): libxml2 2.9 spends time quadratic
 * in the attributes of one tag before any SAX callback can refuse it. A tag holds no '<',
 * and each attribute takes at least 5 characters (' a=""'), so only a '<' followed by a
 * gap of 5 * max_attrs characters without '<' can open such a tag; the tag lexer runs from
 * those alone. Documents under 8 KiB are not scanned (too small to cost anything). */
int xb_plan_make(const unsigned char *data, size_t len, size_t max_attrs, xb_plan *p);
/* Puts every run back into the text node holding its marker, given the candidate text
 * nodes (the parser's characters handler notes each one that begins with the marker
 * prefix; a node may be listed twice). 0 when each marker was found exactly once as a
 * whole text node; -1 otherwise (or out of memory): parse data instead. With restored
 * and b64 non-NULL (p->n entries each), restored[k] is run k's text node and b64[k] whether
 * its text is valid xs:base64Binary (judged in the same pass as the copy). */
int xb_restore_nodes(xmlNodePtr const *cand, size_t ncand, const unsigned char *data, const xb_plan *p,
                     xmlNodePtr *restored, int *b64);
/* Every marker begins with this (per process, random). */
const char *xb_mark_prefix(size_t *len);
void xb_plan_free(xb_plan *p);

#endif
