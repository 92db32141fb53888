/* Start tags with too many attributes, found before libxml2 parses them.
 *
 * libxml2 2.9's xmlParseStartTag2 is quadratic in the attributes of one tag (100,000 take
 * 2.35 s before any SAX callback runs), so the attribute limit must be applied to the
 * bytes. A lexer that follows the tag's quotes counts its attributes; xml_bulk.c runs it
 * only where a long stretch without '<' could hold such a tag. Works on code units, so
 * UTF-16/32 and EBCDIC documents are read as libxml2 reads them. */
#ifndef EINV_CORE_XML_TAGS_H
#define EINV_CORE_XML_TAGS_H

#include <stddef.h>

/* A document as a sequence of code units. */
typedef struct xt_text {
    const unsigned char *d;
    size_t n;                 /* code units */
    int width;                /* 1, 2 or 4 bytes */
    int big;                  /* big-endian units */
    int ebcdic;               /* single-byte EBCDIC: structural characters translated */
} xt_text;

/* The code units of data as libxml2 will read them (XML 1.0 appendix F: BOM or the bytes of
 * "<?"). Byte-oriented encodings other than EBCDIC read as ASCII. */
void xt_text_init(xt_text *t, const unsigned char *data, size_t len);
/* Attributes (namespace declarations included) of the start tag whose '<' is unit at,
 * counted as libxml2 would parse them: up to the tag's end or the first '<'. Counting
 * stops once it passes stop. 0 for anything that is not a start tag. */
size_t xt_tag_attrs(const xt_text *t, size_t at, size_t stop);
/* The whole scan for documents the bulk pass does not read (not ASCII-compatible): the byte
 * offset of the first start tag with more than max_attrs attributes and (*count) what was
 * counted, or (size_t)-1. */
size_t xt_find_over(const xt_text *t, size_t max_attrs, size_t *count);
/* Shortest stretch of units (from a '<' to the next) that can hold a tag with more than
 * max_attrs attributes: each one takes at least 5 (' a=""'). */
size_t xt_min_gap(size_t max_attrs);

#endif
