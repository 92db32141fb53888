/* Shared helpers of the italy profile: the XPath string functions and regular-expression
 * shapes the AgID asserts use, evaluated over UTF-8 string values in code points, and a few
 * tree look-ups with XPath's existential comparison semantics. */
#include "it_int.h"
#include <string.h>

uint32_t it_cp_next(const char **sp)
{
    const unsigned char *s = (const unsigned char *)*sp;
    uint32_t c = s[0];
    int n = 0;
    if (c < 0x80)
        n = 0;
    else if ((c & 0xE0) == 0xC0)
        n = 1, c &= 0x1F;
    else if ((c & 0xF0) == 0xE0)
        n = 2, c &= 0x0F;
    else
        n = 3, c &= 0x07;
    s++;
    while (n-- > 0 && (*s & 0xC0) == 0x80)
        c = (c << 6) | (*s++ & 0x3F);
    *sp = (const char *)s;
    return c;
}

size_t it_strlen(const char *s)
{
    size_t k = 0;
    for (; s && *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            k++;
    return k;
}

int it_cp_basic(uint32_t cp) { return cp < 0x80; }
int it_cp_latin(uint32_t cp) { return cp < 0x100; }
int it_cp_digit(uint32_t cp) { return cp >= '0' && cp <= '9'; }
int it_cp_alpha(uint32_t cp) { return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'); }
int it_cp_alnum(uint32_t cp) { return it_cp_alpha(cp) || it_cp_digit(cp); }
int it_cp_upnum(uint32_t cp) { return (cp >= 'A' && cp <= 'Z') || it_cp_digit(cp); }

/* \w is everything but punctuation, separators and "other" characters; in ASCII that leaves
 * letters, digits and the symbols $ + < = > ^ ` | ~ (so '_' and '-' are not word characters). */
int it_cp_word(uint32_t cp)
{
    if (cp >= 0x80)
        return !it_cp_is_nonword_hi(cp);
    return it_cp_alnum(cp) || (cp && strchr("$+<=>^`|~", (int)cp) != NULL);
}

int it_all(const char *s, it_cp_pred p, size_t min, size_t max)
{
    size_t k = 0;
    while (*s) {
        if (!p(it_cp_next(&s)))
            return 0;
        if (++k > max)
            return 0;
    }
    return k >= min;
}

/* Length of the run of \d at *s (advances *s). */
static size_t nd_run(const char **s)
{
    size_t k = 0;
    for (;;) {
        const char *p = *s;
        if (!*p || !it_cp_is_nd(it_cp_next(&p)))
            return k;
        *s = p;
        k++;
    }
}

int it_decimal(const char *s, int sign, size_t imin, size_t imax, size_t fmin, size_t fmax)
{
    size_t k;
    if (sign && *s == '-')
        s++;
    k = nd_run(&s);
    if (k < imin || k > imax || *s != '.')
        return 0;
    s++;
    k = nd_run(&s);
    return *s == 0 && k >= fmin && k <= fmax;
}

int it_has_person_marker(const char *s)
{
    /* '.' does not match CR or LF and '$' is the very end: the marker must lie on the last
     * line of the value */
    const char *tail = s, *p;
    for (p = s; *p; p++)
        if (*p == '\n' || *p == '\r')
            tail = p + 1;
    return strstr(tail, "Nome#Cognome") != NULL;
}

int it_name_ok(const char *s)
{
    size_t len = it_strlen(s), i = 0;
    const char *p = s;
    if (!it_all(s, it_cp_latin, 0, (size_t)-1))
        return 0;
    if (!it_has_person_marker(s))
        return len >= 1 && len <= 80;
    /* [latin]{1,60}#[latin]{1,60}: some '#' with 1..60 code points on either side */
    while (*p) {
        uint32_t c = it_cp_next(&p);
        if (c == '#' && i >= 1 && i <= 60 && len - 1 - i >= 1 && len - 1 - i <= 60)
            return 1;
        i++;
    }
    return 0;
}

int it_line_contains_digits(const char *s, const char *mid, int ndigits)
{
    size_t m = strlen(mid);
    const char *p;
    int found = 0;
    if (strpbrk(s, "\r\n"))
        return 0;
    for (p = s; *p && !found; p++) {
        int k;
        if (strncmp(p, mid, m) != 0)
            continue;
        for (k = 0; k < ndigits && it_cp_digit((unsigned char)p[m + k]); k++)
            ;
        found = k == ndigits;
    }
    return found;
}

static int xml_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* normalize-space into buf; returns the full normalized length (may exceed size - 1). */
static size_t norm_len(const char *s, char *buf, size_t size)
{
    size_t k = 0;
    int space = 0;
    while (*s && xml_ws(*s))
        s++;
    for (; *s; s++) {
        if (xml_ws(*s)) {
            space = 1;
            continue;
        }
        if (space) {
            if (k + 1 < size)
                buf[k] = ' ';
            k++;
        }
        space = 0;
        if (k + 1 < size)
            buf[k] = *s;
        k++;
    }
    if (size)
        buf[k < size ? k : size - 1] = 0;
    return k;
}

const char *it_norm(const char *s, char *buf, size_t size)
{
    norm_len(s, buf, size);
    return buf;
}

int it_in_spaced(const char *list, const char *s)
{
    char buf[256];
    size_t n = norm_len(s, buf + 1, sizeof buf - 2);
    if (n + 2 > strlen(list))
        return 0;   /* longer than the whole list: cannot be contained */
    buf[0] = ' ';
    buf[n + 1] = ' ';
    buf[n + 2] = 0;
    return strstr(list, buf) != NULL;
}

int it_token_in(const char *list, const char *s)
{
    char buf[256];
    size_t n = norm_len(s, buf, sizeof buf);
    if (n >= sizeof buf || strchr(buf, ' '))
        return 0;
    return it_in_spaced(list, s);
}

int it_any_eq(const xmlNode *from, const char *path, const char *s)
{
    einv_nodes_t v;
    size_t i;
    int r = 0;
    einv_nodes_init(&v);
    einv_x_select(from, path, &v);
    for (i = 0; i < v.n && !r; i++)
        r = strcmp(einv_x_text(v.v[i]), s) == 0;
    einv_nodes_free(&v);
    return r;
}

int it_any_ne(const xmlNode *from, const char *path, const char *s)
{
    einv_nodes_t v;
    size_t i;
    int r = 0;
    einv_nodes_init(&v);
    einv_x_select(from, path, &v);
    for (i = 0; i < v.n && !r; i++)
        r = strcmp(einv_x_text(v.v[i]), s) != 0;
    einv_nodes_free(&v);
    return r;
}

const char *it_str(const xmlNode *from, const char *path)
{
    return einv_x_text(einv_x_path(from, path));
}

int it_attr_eq(const xmlNode *n, const char *name, const char *s)
{
    const char *v = einv_x_attr(n, name);
    return v && strcmp(v, s) == 0;
}

int it_party_is_it(const xmlNode *party)
{
    return it_any_eq(party, "cac:PostalAddress/cac:Country/cbc:IdentificationCode", "IT");
}

/* Split the first step "pfx:name/..." of a path; answers the namespace id (-1 unknown). */
static int first_step(const char *path, char *name, size_t size, const char **rest)
{
    static const struct { const char *p; int ns; } MAP[] = {
        {"cac", EINV_NS_CAC}, {"cbc", EINV_NS_CBC}, {"ext", EINV_NS_EXT}};
    const char *colon = strchr(path, ':'), *slash = strchr(path, '/');
    size_t i, n;
    if (!colon || (slash && slash < colon))
        return -1;
    n = slash ? (size_t)(slash - colon - 1) : strlen(colon + 1);
    if (n + 1 > size)
        return -1;
    memcpy(name, colon + 1, n);
    name[n] = 0;
    *rest = slash ? slash + 1 : NULL;
    for (i = 0; i < sizeof MAP / sizeof MAP[0]; i++)
        if ((size_t)(colon - path) == strlen(MAP[i].p) && !strncmp(path, MAP[i].p, (size_t)(colon - path)))
            return MAP[i].ns;
    return -1;
}

size_t it_sel(const it_doc_t *doc, const char *path, einv_nodes_t *out)
{
    char name[64];
    const char *rest;
    size_t i, before = out->n;
    int ns = first_step(path, name, sizeof name, &rest);
    if (ns < 0)
        return 0;
    for (i = 0; i < doc->n_head; i++) {
        if (!einv_x_is(doc->head[i], ns, name))
            continue;
        if (rest)
            einv_x_select(doc->head[i], rest, out);
        else
            einv_nodes_push(out, doc->head[i]);
    }
    return out->n - before;
}

xmlNodePtr it_sel1(const it_doc_t *doc, const char *path)
{
    char name[64];
    const char *rest;
    size_t i;
    int ns = first_step(path, name, sizeof name, &rest);
    for (i = 0; ns >= 0 && i < doc->n_head; i++) {
        xmlNodePtr n;
        if (!einv_x_is(doc->head[i], ns, name))
            continue;
        n = rest ? einv_x_path(doc->head[i], rest) : doc->head[i];
        if (n)
            return n;
    }
    return NULL;
}

size_t it_sel_count(const it_doc_t *doc, const char *path)
{
    einv_nodes_t v;
    size_t n;
    einv_nodes_init(&v);
    n = it_sel(doc, path, &v);
    einv_nodes_free(&v);
    return n;
}
