/* Navigation helpers over the parsed source tree: child steps, paths, string values,
 * attributes, decimals and locations. All accept NULL and then answer "nothing". */
#include <einvoice/xml.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <stdint.h>

void *einv_xdoc_alloc_(const xmlNode *n, size_t size);

int einv_x_is(const xmlNode *n, int ns, const char *local)
{
    return n && n->type == XML_ELEMENT_NODE && n->extra == ns && n->name[0] == (xmlChar)local[0] &&
           strcmp((const char *)n->name, local) == 0;
}

xmlNodePtr einv_x_first_elem(const xmlNode *parent)
{
    xmlNodePtr c = parent ? parent->children : NULL;
    while (c && c->type != XML_ELEMENT_NODE)
        c = c->next;
    return c;
}

xmlNodePtr einv_x_next_elem(const xmlNode *n)
{
    xmlNodePtr c = n ? n->next : NULL;
    while (c && c->type != XML_ELEMENT_NODE)
        c = c->next;
    return c;
}

xmlNodePtr einv_x_child(const xmlNode *parent, int ns, const char *local)
{
    xmlNodePtr c;
    if (!parent || parent->type != XML_ELEMENT_NODE)
        return NULL;
    for (c = parent->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && c->extra == ns && c->name[0] == (xmlChar)local[0] &&
            strcmp((const char *)c->name, local) == 0)
            return c;
    return NULL;
}

xmlNodePtr einv_x_next_same(const xmlNode *n)
{
    xmlNodePtr c;
    if (!n)
        return NULL;
    for (c = n->next; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && c->extra == n->extra &&
            (c->name == n->name ||
             (c->name[0] == n->name[0] && strcmp((const char *)c->name, (const char *)n->name) == 0)))
            return c;
    return NULL;
}

size_t einv_x_count(const xmlNode *parent, int ns, const char *local)
{
    size_t k = 0;
    xmlNodePtr c;
    for (c = einv_x_child(parent, ns, local); c; c = einv_x_next_same(c))
        k++;
    return k;
}

/* ---- paths ---- */

typedef struct step {
    int ns;        /* -1: any element */
    const char *name;
    size_t len;
} step;

/* The namespace id of a path prefix ("cbc", "ram", ...): rules evaluate paths by the
 * thousand, so this is a switch rather than a table scan. */
static int prefix_ns(const char *p, size_t n)
{
    if (n == 2 && p[0] == 'c' && p[1] == 'n')
        return EINV_NS_UBL_CN;
    if (n != 3)
        return EINV_NS_OTHER;
    switch (p[0]) {
    case 'c':
        if (p[2] == 'c' && p[1] == 'a')
            return EINV_NS_CAC;
        if (p[2] == 'c' && p[1] == 'b')
            return EINV_NS_CBC;
        break;
    case 'u':
        if (p[1] == 'b' && p[2] == 'l')
            return EINV_NS_UBL_INV;
        if (p[1] == 'd' && p[2] == 't')
            return EINV_NS_UDT;
        break;
    case 'r':
        if (p[1] == 'a' && p[2] == 'm')
            return EINV_NS_RAM;
        if (p[1] == 's' && p[2] == 'm')
            return EINV_NS_RSM;
        break;
    case 'e':
        if (p[1] == 'x' && p[2] == 't')
            return EINV_NS_EXT;
        break;
    case 'q':
        if (p[1] == 'd' && p[2] == 't')
            return EINV_NS_QDT;
        break;
    default:
        break;
    }
    return EINV_NS_OTHER;
}

static int parse_steps(const char *path, step *st, int max)
{
    int k = 0;
    const char *p = path;
    while (*p && k < max) {
        const char *q = p, *colon = NULL;
        size_t n;
        for (; *q && *q != '/'; q++)
            if (*q == ':' && !colon)
                colon = q;
        n = (size_t)(q - p);
        if (n == 1 && *p == '*') {
            st[k].ns = -1;
            st[k].name = NULL;
            st[k].len = 0;
        } else if (colon) {
            st[k].ns = prefix_ns(p, (size_t)(colon - p));
            st[k].name = colon + 1;
            st[k].len = n - (size_t)(colon - p) - 1;
        } else {
            st[k].ns = EINV_NS_NONE;
            st[k].name = p;
            st[k].len = n;
        }
        k++;
        p = *q ? q + 1 : q;
    }
    return k;
}

static int step_match(const xmlNode *c, const step *s)
{
    if (c->type != XML_ELEMENT_NODE)
        return 0;
    if (s->ns < 0)
        return 1;
    return c->extra == s->ns && c->name[0] == (xmlChar)s->name[0] &&
           strncmp((const char *)c->name, s->name, s->len) == 0 && c->name[s->len] == 0;
}

/* Depth-first over the steps: visits matches in document order. mode 0: first, 1: count,
 * 2: collect. */
static size_t eval(const xmlNode *from, const step *st, int k, int mode, xmlNodePtr *first,
                   einv_nodes_t *out)
{
    size_t total = 0;
    xmlNodePtr c;
    if (!from)
        return 0;
    for (c = from->children; c; c = c->next) {
        if (!step_match(c, st))
            continue;
        if (k == 1) {
            total++;
            if (mode == 0) {
                *first = c;
                return 1;
            }
            if (mode == 2)
                einv_nodes_push(out, c);
        } else {
            total += eval(c, st + 1, k - 1, mode, first, out);
            if (mode == 0 && total)
                return total;
        }
    }
    return total;
}

xmlNodePtr einv_x_path(const xmlNode *from, const char *path)
{
    step st[24];
    int k;
    xmlNodePtr first = NULL;
    if (!from || !path)
        return NULL;
    k = parse_steps(path, st, 24);
    if (k == 0)
        return (xmlNodePtr)from;
    eval(from, st, k, 0, &first, NULL);
    return first;
}

size_t einv_x_path_count(const xmlNode *from, const char *path)
{
    step st[24];
    int k;
    if (!from || !path)
        return 0;
    k = parse_steps(path, st, 24);
    return k ? eval(from, st, k, 1, NULL, NULL) : 1;
}

void einv_nodes_init(einv_nodes_t *s)
{
    s->v = s->inl;
    s->n = 0;
    s->cap = sizeof s->inl / sizeof s->inl[0];
}

void einv_nodes_free(einv_nodes_t *s)
{
    if (s->v != s->inl)
        free(s->v);
    einv_nodes_init(s);
}

int einv_nodes_push(einv_nodes_t *s, xmlNodePtr n)
{
    if (s->n == s->cap) {
        size_t cap = s->cap * 2;
        xmlNodePtr *v = s->v == s->inl ? malloc(cap * sizeof *v) : realloc(s->v, cap * sizeof *v);
        if (!v)
            return -1;
        if (s->v == s->inl)
            memcpy(v, s->inl, s->n * sizeof *v);
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = n;
    return 0;
}

size_t einv_x_select(const xmlNode *from, const char *path, einv_nodes_t *out)
{
    step st[24];
    int k;
    if (!from || !path)
        return 0;
    k = parse_steps(path, st, 24);
    if (k == 0) {
        einv_nodes_push(out, (xmlNodePtr)from);
        return 1;
    }
    return eval(from, st, k, 2, NULL, out);
}

/* ---- values ---- */

static size_t text_len(const xmlNode *n)
{
    size_t k = 0;
    const xmlNode *c;
    for (c = n->children; c; c = c->next) {
        if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content)
            k += strlen((const char *)c->content);
        else if (c->type == XML_ELEMENT_NODE)
            k += text_len(c);
    }
    return k;
}

static char *text_copy(const xmlNode *n, char *p)
{
    const xmlNode *c;
    for (c = n->children; c; c = c->next) {
        if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content) {
            size_t l = strlen((const char *)c->content);
            memcpy(p, c->content, l);
            p += l;
        } else if (c->type == XML_ELEMENT_NODE)
            p = text_copy(c, p);
    }
    return p;
}

const char *einv_x_text(const xmlNode *n)
{
    char *buf;
    if (!n)
        return "";
    if (n->type == XML_ATTRIBUTE_NODE) {
        const xmlNode *c = n->children;
        if (c && !c->next && c->content)
            return (const char *)c->content;
        return c ? einv_x_text(c) : "";
    }
    if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE)
        return n->content ? (const char *)n->content : "";
    if (!n->children)
        return "";
    if (!n->children->next && (n->children->type == XML_TEXT_NODE ||
                               n->children->type == XML_CDATA_SECTION_NODE))
        return n->children->content ? (const char *)n->children->content : "";
    buf = einv_xdoc_alloc_(n, text_len(n) + 1);
    if (!buf)
        return "";
    *text_copy(n, buf) = 0;
    return buf;
}

static int xml_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int einv_x_nonblank(const xmlNode *n)
{
    const char *s;
    if (!n)
        return 0;
    for (s = einv_x_text(n); *s; s++)
        if (!xml_ws(*s))
            return 1;
    return 0;
}

const char *einv_x_norm(const xmlNode *n, char *buf, size_t size)
{
    const char *s = einv_x_text(n);
    size_t k = 0;
    int space = 0;
    if (!size)
        return buf;
    while (*s && xml_ws(*s))
        s++;
    for (; *s && k + 1 < size; s++) {
        if (xml_ws(*s)) {
            space = 1;
            continue;
        }
        if (space && k + 2 < size)
            buf[k++] = ' ';
        space = 0;
        buf[k++] = *s;
    }
    buf[k] = 0;
    return buf;
}

int einv_x_norm_eq(const xmlNode *n, const char *want)
{
    const char *s = einv_x_text(n);
    int space = 0;
    if (!n)
        return 0;
    while (*s && xml_ws(*s))
        s++;
    for (; *s; s++) {
        if (xml_ws(*s)) {
            space = 1;
            continue;
        }
        if (space) {
            if (*want++ != ' ')
                return 0;
            space = 0;
        }
        if (*want++ != *s)
            return 0;
    }
    return *want == 0;
}

xmlAttrPtr einv_x_attr_node(const xmlNode *n, const char *name)
{
    xmlAttrPtr a;
    if (!n || n->type != XML_ELEMENT_NODE)
        return NULL;
    for (a = n->properties; a; a = a->next)
        if (!a->ns && strcmp((const char *)a->name, name) == 0)
            return a;
    return NULL;
}

const char *einv_x_attr(const xmlNode *n, const char *name)
{
    xmlAttrPtr a = einv_x_attr_node(n, name);
    if (!a)
        return NULL;
    if (!a->children)
        return "";
    return einv_x_text((const xmlNode *)a);
}

einv_dec_t einv_x_dec(const xmlNode *n)
{
    einv_dec_t d = {0, 0, 0};
    if (n)
        einv_dec_parse(einv_x_text(n), (size_t)-1, &d);
    return d;
}

size_t einv_x_fraction_digits(const xmlNode *n)
{
    const char *s = einv_x_text(n), *dot = strchr(s, '.');
    size_t k = 0;
    if (!dot)
        return 0;
    /* string-length counts characters, not bytes: skip UTF-8 continuation bytes */
    for (dot++; *dot; dot++)
        if (((unsigned char)*dot & 0xC0) != 0x80)
            k++;
    return k;
}

/* ---- locations ---- */

/* Sibling position from the parse-time numbering (node->psvi); a tree built elsewhere
 * (psvi unset) falls back to counting. */
static size_t sibling_pos(const xmlNode *n, size_t *total_gt1)
{
    const xmlNode *s;
    size_t idx = 0, total = 0;
    if (n->psvi && einv_x_xdoc(n)) {
        idx = (size_t)(uintptr_t)n->psvi;
        *total_gt1 = idx > 1 || einv_x_next_same(n) != NULL;
        return idx;
    }
    if (n->parent && n->parent->type == XML_ELEMENT_NODE)
        for (s = n->parent->children; s; s = s->next)
            if (s->type == XML_ELEMENT_NODE && s->extra == n->extra &&
                strcmp((const char *)s->name, (const char *)n->name) == 0) {
                total++;
                if (s == n)
                    idx = total;
            }
    *total_gt1 = total > 1;
    return idx;
}

static size_t loc_step(const xmlNode *n, char *buf, size_t size)
{
    size_t many = 0, idx = sibling_pos(n, &many);
    const char *prefix = n->ns && n->ns->prefix ? (const char *)n->ns->prefix : NULL;
    if (many)
        return (size_t)snprintf(buf, size, "/%s%s%s[%zu]", prefix ? prefix : "",
                                prefix ? ":" : "", (const char *)n->name, idx);
    return (size_t)snprintf(buf, size, "/%s%s%s", prefix ? prefix : "", prefix ? ":" : "",
                            (const char *)n->name);
}

char *einv_x_location(const xmlNode *n)
{
    const xmlNode *chain[300];
    int k = 0, i;
    size_t len = 0, cap = 256;
    char *out, step[512];
    const char *attr = NULL;
    if (!n)
        return strdup("");
    if (n->type == XML_ATTRIBUTE_NODE) {
        attr = (const char *)n->name;
        n = n->parent;
    }
    while (n && n->type == XML_ELEMENT_NODE && k < 300) {
        chain[k++] = n;
        n = n->parent;
    }
    out = malloc(cap);
    if (!out)
        return NULL;
    out[0] = 0;
    for (i = k - 1; i >= -1; i--) {
        size_t l;
        if (i >= 0)
            l = loc_step(chain[i], step, sizeof step);
        else if (attr)
            l = (size_t)snprintf(step, sizeof step, "/@%s", attr);
        else
            break;
        if (l >= sizeof step)
            l = sizeof step - 1;
        if (len + l + 1 > cap) {
            char *o;
            while (len + l + 1 > cap)
                cap *= 2;
            o = realloc(out, cap);
            if (!o) {
                free(out);
                return NULL;
            }
            out = o;
        }
        memcpy(out + len, step, l + 1);
        len += l;
    }
    return out;
}
