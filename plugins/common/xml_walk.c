/* Path walking shared by the UBL and CII model mappers (see xml_walk.h). */
#include "xml_walk.h"
#include <string.h>

static int xw_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int xw_token_eq(const char *s, const char *want, int icase)
{
    size_t n = strlen(want), k;
    if (!s)
        return 0;
    while (xw_ws(*s))
        s++;
    for (k = 0; k < n; k++) {
        char a = s[k], b = want[k];
        if (icase && a >= 'a' && a <= 'z')
            a = (char)(a - 'a' + 'A');
        if (a != b)
            return 0;
    }
    for (s += n; *s; s++)
        if (!xw_ws(*s))
            return 0;
    return 1;
}

int xw_indicator(const xmlNode *n)
{
    const char *t = n ? einv_x_text(n) : NULL;
    if (xw_token_eq(t, "true", 0) || xw_token_eq(t, "1", 0))
        return 1;
    if (xw_token_eq(t, "false", 0) || xw_token_eq(t, "0", 0))
        return 0;
    return -1;
}

void xw_trim_copy(const char *s, char *out, size_t size)
{
    size_t k = 0;
    while (s && xw_ws(*s))
        s++;
    while (s && *s && !xw_ws(*s) && k + 1 < size)
        out[k++] = *s++;
    out[k] = 0;
}

int xw_prefix_ns(const char *p, size_t n)
{
    static const struct { const char p[4]; int ns; } map[] = {
        {"cbc", EINV_NS_CBC}, {"cac", EINV_NS_CAC}, {"ext", EINV_NS_EXT}, {"ram", EINV_NS_RAM},
        {"rsm", EINV_NS_RSM}, {"udt", EINV_NS_UDT}, {"qdt", EINV_NS_QDT}};
    size_t i;
    for (i = 0; n == 3 && i < sizeof map / sizeof map[0]; i++)
        if (!memcmp(p, map[i].p, 3))
            return map[i].ns;
    return -1;
}

int xw_steps(const xmlNode *from, const char *p, const char *end, xw_visit_fn fn, void *arg)
{
    const char *slash, *colon, *local;
    const xmlNode *c;
    size_t len;
    int ns, r;
    if (p >= end)
        return fn(from, arg);
    if (*p == '@') {
        const xmlAttr *a;
        len = (size_t)(end - p - 1);
        for (a = from->type == XML_ELEMENT_NODE ? from->properties : NULL; a; a = a->next)
            if (!a->ns && !strncmp((const char *)a->name, p + 1, len) && !a->name[len])
                return fn((const xmlNode *)a, arg);
        return 0;
    }
    slash = memchr(p, '/', (size_t)(end - p));
    if (!slash)
        slash = end;
    if (slash - p == 1 && *p == '.')
        return xw_steps(from, slash < end ? slash + 1 : end, end, fn, arg);
    colon = memchr(p, ':', (size_t)(slash - p));
    if (!colon || (ns = xw_prefix_ns(p, (size_t)(colon - p))) < 0)
        return 0;
    local = colon + 1;
    len = (size_t)(slash - local);
    for (c = from->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && einv_x_nsid(c) == ns &&
            !strncmp((const char *)c->name, local, len) && !c->name[len] &&
            (r = xw_steps(c, slash < end ? slash + 1 : end, end, fn, arg)))
            return r;
    return 0;
}

int xw_walk(const xmlNode *root, const xmlNode *ctx, const char *path, xw_visit_fn fn, void *arg)
{
    const char *p = path;
    for (;;) {
        const char *bar = strchr(p, '|');
        const char *end = bar ? bar : p + strlen(p);
        const xmlNode *from = ctx;
        int r;
        if (root && *p == '/') {
            from = root;
            p++;
        }
        if ((r = xw_steps(from, p, end, fn, arg)))
            return r;
        if (!bar)
            return 0;
        p = bar + 1;
    }
}

static int take_first(const xmlNode *n, void *arg)
{
    *(const xmlNode **)arg = n;
    return 1;
}

const xmlNode *xw_first(const xmlNode *ctx, const char *path)
{
    const xmlNode *n = NULL;
    if (ctx)
        xw_walk(NULL, ctx, path, take_first, &n);
    return n;
}
