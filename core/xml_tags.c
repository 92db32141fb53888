/* Start tags with too many attributes, counted on the raw document (see xml_tags.h). */
#include "xml_tags.h"
#include <stdint.h>
#include <string.h>

/* EBCDIC (code pages 037 and 1047) to ASCII for the characters the lexer looks at; every
 * other byte reads as 'x', a name character. */
static unsigned char ebcdic_ascii(unsigned char c)
{
    switch (c) {
    case 0x4C: return '<';
    case 0x6E: return '>';
    case 0x7E: return '=';
    case 0x7F: return '"';
    case 0x7D: return '\'';
    case 0x61: return '/';
    case 0x5A: return '!';
    case 0x6F: return '?';
    case 0x40: return ' ';
    case 0x05: return '\t';
    case 0x25: case 0x15: return '\n';
    case 0x0D: return '\r';
    default: return 'x';
    }
}

static unsigned cu(const xt_text *t, size_t i)
{
    const unsigned char *p;
    if (t->width == 1)
        return t->ebcdic ? ebcdic_ascii(t->d[i]) : t->d[i];
    if (t->width == 2) {
        p = t->d + 2 * i;
        return t->big ? (unsigned)p[0] << 8 | p[1] : (unsigned)p[1] << 8 | p[0];
    }
    p = t->d + 4 * i;
    return t->big ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
                  : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static int ws(unsigned c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void xt_text_init(xt_text *t, const unsigned char *d, size_t len)
{
    static const struct { unsigned char b[4]; size_t n; int width, big, ebcdic; } SIG[] = {
        {{0x00, 0x00, 0xFE, 0xFF}, 4, 4, 1, 0}, {{0xFF, 0xFE, 0x00, 0x00}, 4, 4, 0, 0},
        {{0x00, 0x00, 0x00, 0x3C}, 4, 4, 1, 0}, {{0x3C, 0x00, 0x00, 0x00}, 4, 4, 0, 0},
        {{0xFE, 0xFF}, 2, 2, 1, 0},             {{0xFF, 0xFE}, 2, 2, 0, 0},
        {{0x00, 0x3C, 0x00, 0x3F}, 4, 2, 1, 0}, {{0x3C, 0x00, 0x3F, 0x00}, 4, 2, 0, 0},
        {{0x4C, 0x6F, 0xA7, 0x94}, 4, 1, 0, 1}};
    size_t i;
    memset(t, 0, sizeof *t);
    t->d = d;
    t->width = 1;
    for (i = 0; i < sizeof SIG / sizeof SIG[0]; i++)
        if (len >= SIG[i].n && memcmp(d, SIG[i].b, SIG[i].n) == 0) {
            t->width = SIG[i].width;
            t->big = SIG[i].big;
            t->ebcdic = SIG[i].ebcdic;
            break;
        }
    t->n = len / (size_t)t->width;
}

size_t xt_min_gap(size_t max_attrs)
{
    return max_attrs >= SIZE_MAX / 8 ? SIZE_MAX : 5 * (max_attrs + 1);
}

/* Follows libxml2's xmlParseStartTag2: name, then (blanks, name, '=', quoted value)*; a
 * missing blank, a '<' in a value or anything unexpected ends its attribute loop. */
size_t xt_tag_attrs(const xt_text *t, size_t at, size_t stop)
{
    size_t i = at + 1, e = t->n, n = 0, s;
    unsigned c, q;
    if (i >= e || cu(t, at) != '<')
        return 0;
    c = cu(t, i);
    if (c == '/' || c == '!' || c == '?' || ws(c) || c == '>')
        return 0;
    while (i < e && (c = cu(t, i)) != '>' && c != '/' && c != '<' && !ws(c))
        i++;
    while (n <= stop) {
        for (s = i; i < e && ws(cu(t, i)); i++) {}
        if (i == s)
            return n;
        for (s = i; i < e && (c = cu(t, i)) != '=' && c != '>' && c != '<' && c != '/' && !ws(c); i++) {}
        if (i == s)
            return n;
        for (; i < e && ws(cu(t, i)); i++) {}
        if (i >= e || cu(t, i) != '=')
            return n;
        for (i++; i < e && ws(cu(t, i)); i++) {}
        if (i >= e || ((q = cu(t, i)) != '"' && q != '\''))
            return n;
        for (i++; i < e && (c = cu(t, i)) != q; i++)
            if (c == '<')
                return n;
        if (i >= e)
            return n;
        i++;
        n++;
    }
    return n;
}

size_t xt_find_over(const xt_text *t, size_t max_attrs, size_t *count)
{
    size_t gap = xt_min_gap(max_attrs), last = 0, i, k;
    for (i = 0; i <= t->n; i++) {
        if (i < t->n && cu(t, i) != '<')
            continue;
        /* the stretch [last, i) may hold a long tag opened at last */
        if (i - last >= gap && (k = xt_tag_attrs(t, last, max_attrs)) > max_attrs) {
            *count = k;
            return last * (size_t)t->width;
        }
        last = i;
    }
    return (size_t)-1;
}
