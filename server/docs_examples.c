/* Checked examples for the rule pages (docs_rules.h). No table says what a failing document
 * looks like, so the examples are found by trying: each installed profile validates the
 * embedded samples (docs_samples.c) with one change at a time (an element left out, repeated,
 * emptied or given a value outside any code list, a number raised by one, an attribute left out
 * or given such a value), and every code that the change makes appear gets the change as its example:
 * the changed fragment fails, the original passes, and both were validated by this engine.
 * Among changes that show the same code, the one that makes the fewest codes appear wins
 * (it is the most telling); a code keeps the example of the first profile (in load order)
 * that showed it, so a CEN rule's example comes from an otherwise valid EN16931 invoice.
 * The syntax rules that forbid an element (UBL-CR, CII-SR) name it in their text: for them the
 * element is added where the text says, and kept as the example only when the rule then fires.
 * Made once, on the first page that asks (about a second; longer under sanitizers). */
#define _GNU_SOURCE
#include "docs_rules.h"

#include <ctype.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FRAGMENT 3000
#define MAX_ELEMENTS 2000

enum change_kind { CH_REMOVE, CH_DUPLICATE, CH_EMPTY, CH_BAD, CH_BUMP, CH_ATTR_REMOVE, CH_ATTR_BAD };

/* One change: what, to which element (document order) and attribute. */
typedef struct change {
    enum change_kind kind;
    size_t element;
    int attr;               /* CH_ATTR_*: index among the element's attributes */
    char value[64];         /* CH_EMPTY, CH_BAD, CH_BUMP, CH_ATTR_BAD: the new value */
} change_t;

typedef struct ex_entry {
    char *code, *failing, *passing;
    const char *profile, *syntax;
    size_t n_new;           /* codes the change made appear */
} ex_entry_t;

static pthread_mutex_t ex_mu = PTHREAD_MUTEX_INITIALIZER;
static ex_entry_t *ex_tab;
static size_t ex_n, ex_cap;
static const einv_engine_t *ex_built_for;

/* ---- the documents ---- */

/* The elements of doc below the root, in document order. */
static size_t elements(xmlNodePtr n, xmlNodePtr *out, size_t k)
{
    xmlNodePtr c;
    for (c = n ? n->children : NULL; c && k < MAX_ELEMENTS; c = c->next)
        if (c->type == XML_ELEMENT_NODE) {
            out[k++] = c;
            k = elements(c, out, k);
        }
    return k;
}

static int is_leaf(xmlNodePtr n)
{
    xmlNodePtr c;
    for (c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            return 0;
    return 1;
}

static xmlAttrPtr attr_at(xmlNodePtr n, int i)
{
    xmlAttrPtr a = n->properties;
    for (; a && i > 0; i--)
        a = a->next;
    return a;
}

/* A leaf's text with the blanks at its ends cut (malloc'd). */
static char *leaf_text(xmlNodePtr n)
{
    xmlChar *t = xmlNodeGetContent(n);
    char *s = t ? (char *)t : NULL, *out;
    size_t b = 0, e = s ? strlen(s) : 0;
    while (s && b < e && isspace((unsigned char)s[b]))
        b++;
    while (s && e > b && isspace((unsigned char)s[e - 1]))
        e--;
    out = strndup(s ? s + b : "", e - b);
    xmlFree(t);
    return out;
}

/* text + 1 in its integer part when text is a plain decimal ("299.88" -> "300.88"). */
static int bump(const char *text, char *out, size_t size)
{
    const char *p = text, *dot;
    long long v;
    if (*p == '-')
        p++;
    if (!isdigit((unsigned char)*p) || strspn(p, "0123456789.") != strlen(p) || strlen(p) > 15)
        return -1;
    dot = strchr(p, '.');
    if (dot && (strchr(dot + 1, '.') || !dot[1]))
        return -1;
    v = strtoll(text, NULL, 10);
    snprintf(out, size, "%lld%s", v + (text[0] == '-' ? -1 : 1), dot ? dot : "");
    return 0;
}

/* Apply ch to the copy's element; 0, or -1 when it does not apply there. */
static int apply(xmlNodePtr n, const change_t *ch)
{
    xmlAttrPtr a;
    switch (ch->kind) {
    case CH_REMOVE:
        xmlUnlinkNode(n);
        xmlFreeNode(n);
        return 0;
    case CH_DUPLICATE: {
        xmlNodePtr twin = xmlCopyNode(n, 1);
        return twin && xmlAddNextSibling(n, twin) ? 0 : -1;
    }
    case CH_EMPTY:
    case CH_BAD:
    case CH_BUMP:
        xmlNodeSetContent(n, (const xmlChar *)"");
        if (ch->value[0])
            xmlNodeAddContent(n, (const xmlChar *)ch->value);
        return 0;
    case CH_ATTR_REMOVE:
        a = attr_at(n, ch->attr);
        return a ? xmlRemoveProp(a) : -1;
    case CH_ATTR_BAD:
        a = attr_at(n, ch->attr);
        return a && xmlSetNsProp(n, a->ns, a->name, (const xmlChar *)ch->value) ? 0 : -1;
    }
    return -1;
}

/* ---- fragments: the changed element in its parent, the siblings shortened ---- */

static void qname(FILE *o, xmlNodePtr n)
{
    if (n->ns && n->ns->prefix)
        fprintf(o, "%s:", (const char *)n->ns->prefix);
    fputs((const char *)n->name, o);
}

static void attrs(FILE *o, xmlNodePtr n, const change_t *ch)
{
    xmlAttrPtr a;
    int i = 0;
    for (a = n->properties; a; a = a->next, i++) {
        xmlChar *v;
        if (ch && ch->attr == i && ch->kind == CH_ATTR_REMOVE)
            continue;
        v = xmlNodeListGetString(n->doc, a->children, 1);
        fputc(' ', o);
        if (a->ns && a->ns->prefix)
            fprintf(o, "%s:", (const char *)a->ns->prefix);
        fprintf(o, "%s=\"%s\"", (const char *)a->name,
                ch && ch->attr == i && ch->kind == CH_ATTR_BAD ? ch->value : v ? (const char *)v : "");
        xmlFree(v);
    }
}

static void indent(FILE *o, int depth)
{
    for (int i = 0; i < depth; i++)
        fputs("  ", o);
}

static void open_tag(FILE *o, xmlNodePtr n, int depth, const change_t *ch)
{
    indent(o, depth);
    fputc('<', o);
    qname(o, n);
    attrs(o, n, ch);
    fputc('>', o);
}

/* n in full (its children too, a few levels), with ch applied when ch targets n. */
static void full(FILE *o, xmlNodePtr n, int depth, const change_t *ch)
{
    xmlNodePtr c;
    open_tag(o, n, depth, ch);
    if (is_leaf(n)) {
        char *t = leaf_text(n);
        fputs(ch && (ch->kind == CH_EMPTY || ch->kind == CH_BAD || ch->kind == CH_BUMP) ? ch->value : t, o);
        free(t);
    } else {
        fputc('\n', o);
        for (c = n->children; c; c = c->next)
            if (c->type == XML_ELEMENT_NODE) {
                if (depth >= 3) {
                    indent(o, depth + 1);
                    fputs("…\n", o);
                    break;
                }
                full(o, c, depth + 1, NULL);
            }
        indent(o, depth);
    }
    fputs("</", o);
    qname(o, n);
    fputs(">\n", o);
}

/* parent with its element children around the one at index center: full_node in full (changed
 * by ch, twice when ch repeats it, a marker when ch removes it), the nearest siblings in brief,
 * the others as "…". */
static char *render(xmlNodePtr parent, int center, xmlNodePtr full_node, const change_t *ch)
{
    xmlNodePtr c;
    char *buf = NULL;
    size_t len = 0;
    int j = 0, gap = 0;
    FILE *o = open_memstream(&buf, &len);
    if (!o)
        return NULL;
    open_tag(o, parent, 0, NULL);
    fputc('\n', o);
    for (c = parent->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (abs(j - center) > 2) {
            if (!gap++) {
                indent(o, 1);
                fputs("…\n", o);
            }
        } else if (c == full_node) {
            gap = 0;
            if (ch && ch->kind == CH_REMOVE) {
                indent(o, 1);
                fputs("<!-- no ", o);
                qname(o, c);
                fputs(" here -->\n", o);
            } else {
                full(o, c, 1, ch);
                if (ch && ch->kind == CH_DUPLICATE)
                    full(o, c, 1, ch);
            }
        } else {
            gap = 0;
            open_tag(o, c, 1, NULL);
            if (is_leaf(c)) {
                char *t = leaf_text(c);
                fputs(t, o);
                free(t);
            } else
                fputs("…", o);
            fputs("</", o);
            qname(o, c);
            fputs(">\n", o);
        }
        j++;
    }
    fputs("</", o);
    qname(o, parent);
    fputs(">", o);
    if (fclose(o) != 0 || len > MAX_FRAGMENT) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The position of n among its parent's element children. */
static int index_of(xmlNodePtr n)
{
    xmlNodePtr c;
    int i = 0;
    for (c = n->parent->children; c && c != n; c = c->next)
        i += c->type == XML_ELEMENT_NODE;
    return i;
}

static char *fragment(xmlNodePtr focus, const change_t *ch)
{
    return render(focus->parent, index_of(focus), focus, ch);
}

/* ---- trying the changes ---- */

/* The distinct codes of a validation of bytes under profile (malloc'd array of borrowed
 * strings; they live as long as the result, which is returned too). */
static einv_result_t *run(einv_engine_t *e, const char *profile, const void *bytes, size_t len)
{
    einv_validate_opts_t o;
    einv_error_t err;
    memset(&o, 0, sizeof o);
    o.profile = profile;
    return einv_validate(e, &o, bytes, len, &err);
}

static int has_code(const einv_result_t *r, const char *code)
{
    size_t i, n = r ? einv_result_count(r) : 0;
    for (i = 0; i < n; i++)
        if (strcmp(einv_result_at(r, i)->code, code) == 0)
            return 1;
    return 0;
}

static ex_entry_t *find(const char *code)
{
    size_t i;
    for (i = 0; i < ex_n; i++)
        if (strcmp(ex_tab[i].code, code) == 0)
            return &ex_tab[i];
    return NULL;
}

/* Keep failing/passing (malloc'd; taken over) as the example of code unless a better one is
 * there. */
static void keep(const char *code, const char *profile, const char *syntax, size_t n_new, char *failing,
                 char *passing)
{
    ex_entry_t *x = find(code);
    if ((x && (x->profile != profile || x->n_new <= n_new)) || !failing || !passing ||
        strcmp(failing, passing) == 0) {
        free(failing);
        free(passing);
        return;
    }
    if (!x) {
        if (ex_n == ex_cap) {
            size_t cap = ex_cap ? ex_cap * 2 : 256;
            ex_entry_t *t = realloc(ex_tab, cap * sizeof *t);
            if (!t) {
                free(failing);
                free(passing);
                return;
            }
            ex_tab = t;
            ex_cap = cap;
        }
        x = &ex_tab[ex_n++];
        memset(x, 0, sizeof *x);
        x->code = strdup(code);
    } else {
        free(x->failing);
        free(x->passing);
    }
    x->failing = failing;
    x->passing = passing;
    x->profile = profile;
    x->syntax = syntax;
    x->n_new = n_new;
}

/* The change ch of base_node as the example of code, unless a better one is there. */
static void offer(const char *code, const char *profile, const char *syntax, size_t n_new, xmlNodePtr base_node,
                  const change_t *ch)
{
    ex_entry_t *x = find(code);
    if (x && (x->profile != profile || x->n_new <= n_new))
        return;
    keep(code, profile, syntax, n_new, fragment(base_node, ch), fragment(base_node, NULL));
}

/* How many codes of r the base result before does not have. */
static size_t count_new(const einv_result_t *r, const einv_result_t *before);

/* Validate base with ch applied; offer it for every code that appears. */
static void try_change(einv_engine_t *e, const char *profile, const char *syntax, xmlDocPtr base,
                       xmlNodePtr *base_el, const einv_result_t *before, const change_t *ch)
{
    static xmlNodePtr copy_el[MAX_ELEMENTS];    /* under ex_mu */
    xmlDocPtr copy = xmlCopyDoc(base, 1);
    xmlChar *bytes = NULL;
    int len = 0;
    einv_result_t *r;
    size_t i, n, n_new = 0;
    if (!copy)
        return;
    if (elements(xmlDocGetRootElement(copy), copy_el, 0) <= ch->element ||
        apply(copy_el[ch->element], ch) != 0) {
        xmlFreeDoc(copy);
        return;
    }
    xmlDocDumpMemory(copy, &bytes, &len);
    xmlFreeDoc(copy);
    r = bytes ? run(e, profile, bytes, (size_t)len) : NULL;
    xmlFree(bytes);
    n = r ? einv_result_count(r) : 0;
    n_new = count_new(r, before);
    for (i = 0; i < n; i++) {
        const char *code = einv_result_at(r, i)->code;
        size_t k;
        if (has_code(before, code))
            continue;
        for (k = 0; k < i && strcmp(einv_result_at(r, k)->code, code) != 0; k++)
            ;
        if (k == i)     /* each code once */
            offer(code, profile, syntax, n_new, base_el[ch->element], ch);
    }
    einv_result_free(r);
}

/* Every change of every element of one sample under one profile. */
static void try_sample(einv_engine_t *e, const einv_profile_ops_t *p, const char *syntax, const char *sample)
{
    static xmlNodePtr el[MAX_ELEMENTS];         /* under ex_mu */
    xmlDocPtr base = xmlReadMemory(sample, (int)strlen(sample), NULL, NULL, XML_PARSE_NONET);
    einv_result_t *before = base ? run(e, p->name, sample, strlen(sample)) : NULL;
    size_t n = base ? elements(xmlDocGetRootElement(base), el, 0) : 0, i;
    for (i = 0; before && i < n; i++) {
        change_t ch;
        xmlAttrPtr a;
        char *t = is_leaf(el[i]) ? leaf_text(el[i]) : NULL;
        memset(&ch, 0, sizeof ch);
        ch.element = i;
        ch.attr = -1;
        ch.kind = CH_REMOVE;
        try_change(e, p->name, syntax, base, el, before, &ch);
        ch.kind = CH_DUPLICATE;
        try_change(e, p->name, syntax, base, el, before, &ch);
        if (t && *t) {
            ch.kind = CH_EMPTY;
            try_change(e, p->name, syntax, base, el, before, &ch);
            ch.kind = CH_BAD;
            snprintf(ch.value, sizeof ch.value, "XX");
            try_change(e, p->name, syntax, base, el, before, &ch);
            ch.kind = CH_BUMP;
            if (bump(t, ch.value, sizeof ch.value) == 0)
                try_change(e, p->name, syntax, base, el, before, &ch);
        }
        free(t);
        for (a = el[i]->properties, ch.attr = 0; a; a = a->next, ch.attr++) {
            ch.kind = CH_ATTR_REMOVE;
            try_change(e, p->name, syntax, base, el, before, &ch);
            ch.kind = CH_ATTR_BAD;
            snprintf(ch.value, sizeof ch.value, "XX");
            try_change(e, p->name, syntax, base, el, before, &ch);
        }
    }
    einv_result_free(before);
    xmlFreeDoc(base);
}

static size_t count_new(const einv_result_t *r, const einv_result_t *before)
{
    size_t i, n = r ? einv_result_count(r) : 0, k = 0;
    for (i = 0; i < n; i++)
        k += !has_code(before, einv_result_at(r, i)->code);
    return k;
}

/* ---- syntax rules that forbid an element or its repetition: add it ---- */

/* The element path a syntax rule's text names, and where: "P is not used by EN 16931" (UBL-CR:
 * under the root), "P is not part of the EN 16931 CII binding for ... (C) and ..." (CII-SR: under
 * the first C), "P occurs more than once in ... (C)" (again: P is added even if it is there).
 * 0 when the text has one of these shapes and the path is plain prefix:name steps. */
static int forbidden_path(const char *msg, char *path, size_t psz, char *ctx, size_t csz, int *again)
{
    const char *sp = strchr(msg, ' '), *m, *end;
    size_t n;
    ctx[0] = 0;
    *again = 0;
    if (!sp || (size_t)(sp - msg) >= psz)
        return -1;
    snprintf(path, psz, "%.*s", (int)(sp - msg), msg);
    if (!strchr(path, ':') || strpbrk(path, "@[()*"))
        return -1;
    if (strncmp(sp, " is not used by EN 16931", 24) == 0)
        return 0;
    if ((m = strstr(sp, " binding for ")))
        m += 13;
    else if (strncmp(sp, " occurs more than once in ", 26) == 0) {
        m = sp + 26;
        *again = 1;
    } else
        return -1;
    end = strstr(m, " and should");
    if (!end)
        end = m + strcspn(m, ".");
    /* "the line settlement (ram:X)" or "rsm:X" */
    {
        const char *open = memchr(m, '(', (size_t)(end - m));
        if (open) {
            m = open + 1;
            end = memchr(m, ')', (size_t)(end - m));
            if (!end)
                return -1;
        }
    }
    n = (size_t)(end - m);
    if (n == 0 || n >= csz || !memchr(m, ':', n) || memchr(m, ' ', n) || memchr(m, '/', n))
        return -1;
    snprintf(ctx, csz, "%.*s", (int)n, m);
    return 0;
}

static int is_qname(xmlNodePtr n, const char *q, size_t len)
{
    const char *colon = memchr(q, ':', len);
    size_t pl = colon ? (size_t)(colon - q) : 0;
    const char *local = colon ? colon + 1 : q;
    size_t ll = len - (size_t)(local - q);
    return n->type == XML_ELEMENT_NODE && n->ns && n->ns->prefix && strlen((const char *)n->ns->prefix) == pl &&
           strncmp((const char *)n->ns->prefix, q, pl) == 0 && strlen((const char *)n->name) == ll &&
           strncmp((const char *)n->name, local, ll) == 0;
}

/* The first element named q (prefix:name) at or below n, in document order. */
static xmlNodePtr find_named(xmlNodePtr n, const char *q)
{
    xmlNodePtr c, f;
    if (is_qname(n, q, strlen(q)))
        return n;
    for (c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && (f = find_named(c, q)))
            return f;
    return NULL;
}

/* Walk path's steps down from ctx as far as they exist (all but the first when again); the
 * deepest element reached, *rest the steps left (NULL: the whole path exists). */
static xmlNodePtr walk(xmlNodePtr ctx, const char *path, int again, const char **rest)
{
    const char *p = path;
    xmlNodePtr cur = ctx;
    while (*p && !again) {
        size_t len = strcspn(p, "/");
        xmlNodePtr c;
        for (c = cur->children; c && !is_qname(c, p, len); c = c->next)
            ;
        if (!c)
            break;
        cur = c;
        p += len + (p[len] == '/');
    }
    *rest = *p ? p : NULL;
    return cur;
}

/* Add the steps of rest under parent (the last one with the text "1"); the top added
 * element, or NULL when a prefix is not declared. */
static xmlNodePtr add_steps(xmlNodePtr parent, const char *rest)
{
    xmlNodePtr top = NULL, cur = parent;
    while (*rest) {
        size_t len = strcspn(rest, "/");
        char q[128], *colon;
        xmlNsPtr ns;
        xmlNodePtr el;
        if (len >= sizeof q)
            return NULL;
        snprintf(q, sizeof q, "%.*s", (int)len, rest);
        colon = strchr(q, ':');
        if (!colon)
            return NULL;
        *colon = 0;
        ns = xmlSearchNs(parent->doc, parent, (const xmlChar *)q);
        if (!ns)
            return NULL;
        el = xmlNewChild(cur, ns, (const xmlChar *)colon + 1, rest[len] ? NULL : (const xmlChar *)"1");
        if (!el)
            return NULL;
        if (!top)
            top = el;
        cur = el;
        rest += len + (rest[len] == '/');
    }
    return top;
}

/* The example of a forbidden-element rule r: the base with the element added fires it. */
static void try_add(einv_engine_t *e, const einv_profile_ops_t *p, const char *syntax, xmlDocPtr base,
                    const einv_result_t *before, const einv_rule_t *r)
{
    char path[256], ctx[128];
    const char *rest;
    int again;
    xmlDocPtr copy;
    xmlNodePtr bctx, cctx, bparent, cparent, top;
    xmlChar *bytes = NULL;
    int len = 0;
    einv_result_t *res;
    if (find(r->id) || has_code(before, r->id) ||
        forbidden_path(r->message, path, sizeof path, ctx, sizeof ctx, &again) != 0)
        return;
    bctx = ctx[0] ? find_named(xmlDocGetRootElement(base), ctx) : xmlDocGetRootElement(base);
    if (!bctx || !(copy = xmlCopyDoc(base, 1)))
        return;
    cctx = ctx[0] ? find_named(xmlDocGetRootElement(copy), ctx) : xmlDocGetRootElement(copy);
    bparent = walk(bctx, path, again, &rest);
    cparent = cctx ? walk(cctx, path, again, &rest) : NULL;
    top = cparent && rest ? add_steps(cparent, rest) : NULL;
    if (top)
        xmlDocDumpMemory(copy, &bytes, &len);
    res = bytes ? run(e, p->name, bytes, (size_t)len) : NULL;
    xmlFree(bytes);
    if (res && has_code(res, r->id)) {
        int n = 0;
        xmlNodePtr c;
        for (c = bparent->children; c; c = c->next)
            n += c->type == XML_ELEMENT_NODE;
        /* the same window on both sides: where the element was added, at the end */
        keep(r->id, p->name, syntax, count_new(res, before), render(cparent, index_of(top), top, NULL),
             render(bparent, n, NULL, NULL));
    }
    einv_result_free(res);
    xmlFreeDoc(copy);
}

/* Every forbidden-element rule of the formats that the sample's syntax has. */
static void try_adds(einv_engine_t *e, const einv_profile_ops_t *p, const char *syntax, const char *sample)
{
    xmlDocPtr base = xmlReadMemory(sample, (int)strlen(sample), NULL, NULL, XML_PARSE_NONET);
    einv_result_t *before = base ? run(e, p->name, sample, strlen(sample)) : NULL;
    size_t i, j;
    for (i = 0; before && i < einv_engine_format_count(e); i++) {
        const einv_format_ops_t *f = einv_engine_format_at(e, i);
        for (j = 0; f->rules && j < f->n_rules; j++)
            /* the syntax rules are named after their syntax (UBL-CR-001, CII-SR-010) */
            if (strncmp(f->rules[j]->id, syntax, 3) == 0)
                try_add(e, p, syntax, base, before, f->rules[j]);
    }
    einv_result_free(before);
    xmlFreeDoc(base);
}

static void build(einv_engine_t *e)
{
    size_t i;
    for (i = 0; i < einv_engine_profile_count(e); i++) {
        const einv_profile_ops_t *p = einv_engine_profile_at(e, i);
        if (p->syntaxes & EINV_SYNTAX_BIT(EINV_SYNTAX_UBL)) {
            try_sample(e, p, "UBL", docs_sample_ubl);
            try_adds(e, p, "UBL", docs_sample_ubl);
        }
        if (p->syntaxes & EINV_SYNTAX_BIT(EINV_SYNTAX_CII)) {
            try_sample(e, p, "CII", docs_sample_cii);
            try_adds(e, p, "CII", docs_sample_cii);
        }
    }
}

int docs_example(einv_engine_t *e, const char *code, docs_example_t *ex)
{
    ex_entry_t *x;
    int rc = -1;
    pthread_mutex_lock(&ex_mu);
    if (ex_built_for != e) {
        /* one engine per process in the service; a new one (tests) starts afresh */
        size_t i;
        for (i = 0; i < ex_n; i++) {
            free(ex_tab[i].code);
            free(ex_tab[i].failing);
            free(ex_tab[i].passing);
        }
        ex_n = 0;
        build(e);
        ex_built_for = e;
    }
    x = find(code);
    if (x) {
        ex->failing = x->failing;
        ex->passing = x->passing;
        ex->profile = x->profile;
        ex->syntax = x->syntax;
        rc = 0;
    }
    pthread_mutex_unlock(&ex_mu);
    return rc;
}
