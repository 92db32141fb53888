/* Writing XML text into an einv_buf_t (einvoice/export.h): escaped text and attribute
 * values that always parse back to the same string, and small element helpers. Compiled
 * into the plugins that export XML (cii, facturx, idoc). */
#ifndef PLUGINS_COMMON_XML_OUT_H
#define PLUGINS_COMMON_XML_OUT_H

#include <einvoice/export.h>

/* Escaped text (attr 0) or attribute value (attr 1). Characters XML 1.0 cannot carry are
 * dropped and invalid UTF-8 becomes U+FFFD; CR (and tab/LF in attributes) are written as
 * character references so a parser gives the same value back. s may be NULL. */
void xo_esc(einv_buf_t *b, const char *s, int attr);
/* Length of the valid UTF-8 sequence at p (lead byte >= 0x80), 0 when invalid; p is
 * NUL-terminated and NUL is never a continuation byte, so no end pointer is needed.
 * Inline: the UBL writer, which tests compile in, uses it without linking this file. */
static inline size_t xo_utf8_len(const unsigned char *p)
{
    unsigned char c = p[0], lo = 0x80, hi = 0xBF;
    size_t n, i;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        lo = c == 0xE0 ? 0xA0 : 0x80;
        hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        lo = c == 0xF0 ? 0x90 : 0x80;
        hi = c == 0xF4 ? 0x8F : 0xBF;
    } else
        return 0;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (i = 2; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}
/* <qn> and </qn>. */
void xo_open(einv_buf_t *b, const char *qn);
void xo_close(einv_buf_t *b, const char *qn);
/* <qn a0="v0" a1="v1">text</qn>; attributes with a NULL value are left out; nothing at all
 * when text is NULL. */
void xo_leaf(einv_buf_t *b, const char *qn, const char *text, const char *a0, const char *v0,
             const char *a1, const char *v1);
#endif
