/* Path walking for the UBL and CII model mappers (the einv_bind_walk library):
 * relative child paths with the usual prefixes, "." steps, a final "@attr" step and "|"
 * alternatives, visited in document order with early exit; plus the token helpers the
 * mapping filters use. */
#ifndef PLUGINS_COMMON_XML_WALK_H
#define PLUGINS_COMMON_XML_WALK_H

#include <stddef.h>
#include <einvoice/xml.h>

/* Called per match; a nonzero return stops the walk and is returned by it. */
typedef int (*xw_visit_fn)(const xmlNode *n, void *arg);

/* normalize-space(s) = want for a single token (ASCII case-insensitive when icase). */
int xw_token_eq(const char *s, const char *want, int icase);
/* xs:boolean of n's text: 1 true, 0 false, -1 missing or invalid (charge indicators). */
int xw_indicator(const xmlNode *n);
/* The first token of s (leading white space skipped) into out. */
void xw_trim_copy(const char *s, char *out, size_t size);
/* Namespace id of a path prefix of n bytes (cbc cac ext rsm ram udt qdt), or -1. */
int xw_prefix_ns(const char *p, size_t n);
/* Child steps p..end from `from` (prefixes cbc cac ext rsm ram udt qdt). */
int xw_steps(const xmlNode *from, const char *p, const char *end, xw_visit_fn fn, void *arg);
/* Every alternative of path ("a|b"); an alternative starting with "/" starts at root (when
 * root is not NULL), the others at ctx. */
int xw_walk(const xmlNode *root, const xmlNode *ctx, const char *path, xw_visit_fn fn, void *arg);
/* The first match of path from ctx, or NULL. */
const xmlNode *xw_first(const xmlNode *ctx, const char *path);
#endif
