/* XML text output for the exporters (see xml_out.h). */
#include "xml_out.h"
#include <string.h>

/* The replacement of one ASCII character, or NULL to copy it. */
static const char *ascii_rep(unsigned char c, int attr)
{
    switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return attr ? "&quot;" : NULL;
    case '\r': return "&#13;";
    case '\n': return attr ? "&#10;" : NULL;
    case '\t': return attr ? "&#9;" : NULL;
    default: return c < 0x20 ? "" : NULL;
    }
}

void xo_esc(einv_buf_t *b, const char *s, int attr)
{
    const unsigned char *p = (const unsigned char *)s, *run = p;
    if (!s)
        return;
    while (*p) {
        const char *rep = NULL;
        size_t skip = 1;
        if (*p < 0x80)
            rep = ascii_rep(*p, attr);
        else {
            size_t n = xo_utf8_len(p);
            if (!n)
                rep = "\xEF\xBF\xBD";
            else if (n == 3 && p[0] == 0xEF && p[1] == 0xBF && (p[2] == 0xBE || p[2] == 0xBF))
                rep = "", skip = 3;   /* U+FFFE, U+FFFF: not XML characters */
            else
                skip = n;
        }
        if (rep) {
            einv_buf_append(b, run, (size_t)(p - run));
            einv_buf_puts(b, rep);
            run = p + skip;
        }
        p += skip;
    }
    einv_buf_append(b, run, (size_t)(p - run));
}

void xo_open(einv_buf_t *b, const char *qn)
{
    einv_buf_puts(b, "<");
    einv_buf_puts(b, qn);
    einv_buf_puts(b, ">");
}

void xo_close(einv_buf_t *b, const char *qn)
{
    einv_buf_puts(b, "</");
    einv_buf_puts(b, qn);
    einv_buf_puts(b, ">");
}

static void attr(einv_buf_t *b, const char *name, const char *v)
{
    if (!name || !v)
        return;
    einv_buf_puts(b, " ");
    einv_buf_puts(b, name);
    einv_buf_puts(b, "=\"");
    xo_esc(b, v, 1);
    einv_buf_puts(b, "\"");
}

void xo_leaf(einv_buf_t *b, const char *qn, const char *text, const char *a0, const char *v0,
             const char *a1, const char *v1)
{
    if (!text)
        return;
    einv_buf_puts(b, "<");
    einv_buf_puts(b, qn);
    attr(b, a0, v0);
    attr(b, a1, v1);
    einv_buf_puts(b, ">");
    xo_esc(b, text, 0);
    xo_close(b, qn);
}
