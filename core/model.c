/* The canonical EN 16931 invoice (include/einvoice/invoice.h): the term table, an arena
 * per invoice, and the node tree.
 *
 * Inline groups (BG-29 price, BG-30 line VAT, BG-31 item; see terms.def) are real nodes,
 * but einv_node_add/get/count/text see through them: adding BT-153 under an invoice line
 * puts it under the line's BG-31 (created on first use), and einv_node_get(line, BT_153)
 * finds it there. Every other term goes exactly where the caller puts it. */
#include <einvoice/invoice.h>
#include <stdlib.h>
#include <string.h>
#include "arena.h"
#include "model_schema.h"

static const einv_term_info_t TERMS[EINV_T__COUNT] = {
#define EINV_TERM(name, code, json, kind, card) {#name, code, json, kind, card},
#include <einvoice/terms.def>
#undef EINV_TERM
};

struct einv_invoice {
    einv_arena_t arena;
    einv_node_t *root;
};

const einv_term_info_t *einv_term_info(einv_term t)
{
    return (unsigned)t < EINV_T__COUNT ? &TERMS[t] : NULL;
}

/* Children of `parent`, looking through inline groups (their fields are the parent's). */
static int by_json(einv_term parent, const char *json, einv_term *out)
{
    size_t n, i;
    const einv_term *k = einv_schema_children(parent, &n);
    for (i = 0; i < n; i++) {
        if (einv_schema_inline(k[i])) {
            if (by_json(k[i], json, out))
                return 1;
        } else if (strcmp(TERMS[k[i]].json, json) == 0) {
            *out = k[i];
            return 1;
        }
    }
    return 0;
}

/* EINV_OK and *out set when `json` names a field of `parent`'s JSON object, else
 * EINV_ERR_NOTFOUND. */
int einv_term_by_json(einv_term parent, const char *json, einv_term *out)
{
    einv_term t;
    if ((unsigned)parent >= EINV_T__COUNT || !json || !by_json(parent, json, &t))
        return EINV_ERR_NOTFOUND;
    if (out)
        *out = t;
    return EINV_OK;
}

einv_invoice_t *einv_invoice_new(void)
{
    einv_invoice_t *inv = malloc(sizeof *inv);
    if (!inv)
        return NULL;
    einv_arena_init(&inv->arena);
    inv->root = einv_arena_alloc(&inv->arena, sizeof *inv->root);
    if (!inv->root) {
        free(inv);
        return NULL;
    }
    inv->root->term = EINV_T_INVOICE;
    inv->root->present = 1;
    return inv;
}

void einv_invoice_free(einv_invoice_t *inv)
{
    if (!inv)
        return;
    einv_arena_free(&inv->arena);
    free(inv);
}

einv_node_t *einv_invoice_root(const einv_invoice_t *inv) { return inv ? inv->root : NULL; }

/* len may be (size_t)-1 for a NUL-terminated string. NULL in, NULL out. */
const char *einv_invoice_strdup(einv_invoice_t *inv, const char *s, size_t len)
{
    if (!inv || !s)
        return NULL;
    if (len == (size_t)-1)
        len = strlen(s);
    return einv_arena_strndup(&inv->arena, s, len);
}

static einv_node_t *first_of(const einv_node_t *parent, einv_term t)
{
    einv_node_t *c;
    for (c = parent ? parent->first : NULL; c; c = c->next)
        if (c->term == t)
            return c;
    return NULL;
}

/* The inline group between `parent` and t, when t's group is inlined into parent's. */
static einv_term inline_group(const einv_node_t *parent, einv_term t)
{
    einv_term g = einv_schema_parent(t);
    if (parent && parent->term != g && einv_schema_inline(g) &&
        einv_schema_parent(g) == parent->term)
        return g;
    return EINV_T__COUNT;
}

static int numeric_kind(einv_term_kind k)
{
    return k == EINV_K_AMOUNT || k == EINV_K_QUANTITY || k == EINV_K_PERCENT ||
           k == EINV_K_DECIMAL;
}

static einv_node_t *append(einv_invoice_t *inv, einv_node_t *parent, einv_term t,
                           const char *text)
{
    einv_node_t *n = einv_arena_alloc(&inv->arena, sizeof *n);
    if (!n)
        return NULL;
    n->term = t;
    n->present = 1;
    if (text) {
        n->text = einv_invoice_strdup(inv, text, (size_t)-1);
        if (!n->text)
            return NULL;
        if (numeric_kind(TERMS[t].kind))
            einv_dec_parse(n->text, (size_t)-1, &n->dec);
    }
    n->parent = parent;
    if (parent->last)
        parent->last->next = n;
    else
        parent->first = n;
    parent->last = n;
    return n;
}

/* Append a child of term t (text copied; numeric kinds parsed into dec). NULL when out of
 * memory or when parent is NULL or t is not a term. (transfer none: lives with inv) */
einv_node_t *einv_node_add(einv_invoice_t *inv, einv_node_t *parent, einv_term t,
                           const char *text)
{
    einv_term g;
    if (!inv || !parent || (unsigned)t >= EINV_T__COUNT)
        return NULL;
    g = inline_group(parent, t);
    if (g != EINV_T__COUNT) {
        /* mappers fill a group's fields one after the other: the last child is the usual hit */
        einv_node_t *gn = parent->last && parent->last->term == g ? parent->last
                                                                   : first_of(parent, g);
        if (!gn && !(gn = append(inv, parent, g, NULL)))
            return NULL;
        parent = gn;
    }
    return append(inv, parent, t, text);
}

void einv_node_set_attr(einv_invoice_t *inv, einv_node_t *n, int i, const char *v)
{
    if (!inv || !n || i < 0 || i > 1)
        return;
    n->attr[i] = v ? einv_invoice_strdup(inv, v, (size_t)-1) : NULL;
}

/* src is copied; src_node is borrowed (the source document must outlive its use). */
void einv_node_set_src(einv_invoice_t *inv, einv_node_t *n, const char *src,
                       const void *src_node)
{
    if (!inv || !n)
        return;
    n->src = src ? einv_invoice_strdup(inv, src, (size_t)-1) : NULL;
    n->src_node = src_node;
}

einv_node_t *einv_node_get(const einv_node_t *parent, einv_term t)
{
    einv_node_t *n = first_of(parent, t);
    einv_term g;
    if (n || (g = inline_group(parent, t)) == EINV_T__COUNT)
        return n;
    return first_of(first_of(parent, g), t);
}

einv_node_t *einv_node_next(const einv_node_t *n)
{
    einv_node_t *c;
    for (c = n ? n->next : NULL; c; c = c->next)
        if (c->term == n->term)
            return c;
    return NULL;
}

size_t einv_node_count(const einv_node_t *parent, einv_term t)
{
    size_t k = 0;
    const einv_node_t *c;
    einv_term g = inline_group(parent, t);
    if (g != EINV_T__COUNT)
        parent = first_of(parent, g);
    for (c = parent ? parent->first : NULL; c; c = c->next)
        k += c->term == t;
    return k;
}

const char *einv_node_text(const einv_node_t *parent, einv_term t)
{
    const einv_node_t *n = einv_node_get(parent, t);
    return n ? n->text : NULL;
}
