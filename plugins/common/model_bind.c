/* The one walker of the syntax bindings (model_bind.h): tables in, canonical invoice out. */
#include "model_bind.h"
#include "xml_walk.h"
#include <stdint.h>
#include <string.h>

typedef struct mb_visit {
    mb_map *m;
    const mb_row *row;
    einv_node_t *parent;
    int many;
} mb_visit;

static void mb_rows(mb_map *m, const mb_row *rows, size_t n, einv_node_t *parent,
                    const xmlNode *ctx);
static int mb_has_any(const mb_map *m, const mb_row *rows, size_t n, const xmlNode *ctx);

static int mb_filter(const mb_map *m, const mb_row *r, const xmlNode *n)
{
    return !r->filter || m->syn->filter(m, r->filter, n);
}

static int mb_row_applies(const mb_map *m, const mb_row *r)
{
    return !((r->flags & MB_INV) && m->credit_note) && !((r->flags & MB_CN) && !m->credit_note);
}

/* Lists take every match; single terms and syntax containers the first. */
static int mb_many(einv_term t)
{
    return t != EINV_T__COUNT && einv_term_info(t)->card == EINV_C_MANY;
}

static const char *mb_text(const mb_map *m, const mb_row *r, const xmlNode *x, char buf[16])
{
    const char *text = einv_x_text(x);
    return m->syn->text ? m->syn->text(r, x, text, buf) : text;
}

/* Default attribute sources by kind: currency of amounts, unit of quantities, scheme of
 * identifiers, mime code and file name of attachments. */
static const char *mb_attr_src(const mb_row *r, einv_term_kind k, int i)
{
    const char *s = i ? r->a1 : r->a0;
    if (s)
        return s;
    switch (k) {
    case EINV_K_AMOUNT: return i ? NULL : "@currencyID";
    case EINV_K_QUANTITY: return i ? NULL : "@unitCode";
    case EINV_K_ID: return i ? NULL : "@schemeID";
    case EINV_K_BINARY: return i ? "@filename" : "@mimeCode";
    default: return NULL;
    }
}

static const char *mb_attr_value(const xmlNode *x, const char *src)
{
    const xmlNode *n;
    if (src[0] == '@')
        return einv_x_attr(x, src + 1);
    if (src[0] == '^' && (n = xw_first(x->parent, src + 1)))
        return einv_x_text(n);
    return NULL;
}

static void mb_leaf(mb_map *m, einv_node_t *parent, const mb_row *r, const xmlNode *x)
{
    const einv_term_info_t *ti = einv_term_info(r->term);
    char buf[16];
    const char *text = mb_text(m, r, x, buf);
    einv_node_t *n;
    int i;
    if (!text)
        return;
    n = einv_node_add(m->inv, parent, r->term, text);
    if (!n)
        return;
    einv_node_set_src(m->inv, n, NULL, x);
    if (x->type != XML_ELEMENT_NODE)
        return;
    for (i = 0; i < 2; i++) {
        const char *src = mb_attr_src(r, ti->kind, i);
        const char *v = src ? mb_attr_value(x, src) : NULL;
        if (v)
            einv_node_set_attr(m->inv, n, i, v);
    }
}

static int mb_visit_add(const xmlNode *x, void *arg)
{
    mb_visit *v = arg;
    const mb_row *r = v->row;
    if (!mb_filter(v->m, r, x))
        return 0;
    if (r->term == EINV_T__COUNT) {   /* a syntax container: its fields stay with parent */
        mb_rows(v->m, r->sub, r->nsub, v->parent, x);
        return 1;
    }
    if (r->sub) {
        einv_node_t *g;
        if ((r->flags & MB_COND) && !mb_has_any(v->m, r->sub, r->nsub, x))
            return 0;
        g = einv_node_add(v->m->inv, v->parent, r->term, NULL);
        if (!g)
            return 1;
        einv_node_set_src(v->m->inv, g, NULL, x);
        mb_rows(v->m, r->sub, r->nsub, g, x);
    } else
        mb_leaf(v->m, v->parent, r, x);
    return !v->many;
}

static int mb_visit_probe(const xmlNode *x, void *arg)
{
    mb_visit *v = arg;
    const mb_row *r = v->row;
    char buf[16];
    if (!mb_filter(v->m, r, x))
        return 0;
    if (!r->sub)
        return mb_text(v->m, r, x, buf) != NULL;
    return !(r->flags & MB_COND || r->term == EINV_T__COUNT) ||
           mb_has_any(v->m, r->sub, r->nsub, x);
}

static int mb_has_any(const mb_map *m, const mb_row *rows, size_t n, const xmlNode *ctx)
{
    size_t i;
    for (i = 0; i < n; i++) {
        mb_visit v = {(mb_map *)m, &rows[i], NULL, 0};
        if (mb_row_applies(m, &rows[i]) &&
            xw_walk(m->root, ctx, rows[i].path, mb_visit_probe, &v))
            return 1;
    }
    return 0;
}

/* An alternative of a row that starts with a child step of the group's element. */
typedef struct mb_alt {
    const char *local, *rest, *end;   /* first step's local name; the steps after it */
    size_t len;
    int ns;
    unsigned ri;                      /* index of its row */
} mb_alt;

#define MB_MAX_ALTS 64
#define MB_BUCKETS 64
#define MB_BUCKET(name, len) \
    (((unsigned)(len) * 7u + (unsigned char)(name)[0] * 3u + (unsigned char)(name)[(len) - 1]) % MB_BUCKETS)

/* Split a row's path into child-step alternatives; 0 when some alternative starts
 * elsewhere ("/", ".", "@") or there is no room left. */
static int mb_child_alts(const mb_row *r, unsigned ri, mb_alt *alts, size_t *na)
{
    const char *p = r->path;
    size_t k = *na;
    for (;;) {
        const char *bar = strchr(p, '|');
        const char *end = bar ? bar : p + strlen(p);
        const char *slash = memchr(p, '/', (size_t)(end - p));
        const char *colon = memchr(p, ':', (size_t)((slash ? slash : end) - p));
        int ns = colon ? xw_prefix_ns(p, (size_t)(colon - p)) : -1;
        if (ns < 0 || k >= MB_MAX_ALTS)
            return 0;
        alts[k].ns = ns;
        alts[k].local = colon + 1;
        alts[k].len = (size_t)((slash ? slash : end) - alts[k].local);
        alts[k].rest = slash ? slash + 1 : end;
        alts[k].end = end;
        alts[k].ri = ri;
        k++;
        if (!bar)
            break;
        p = bar + 1;
    }
    *na = k;
    return 1;
}

static void mb_walk_row(mb_map *m, const mb_row *r, einv_node_t *parent, const xmlNode *ctx)
{
    mb_visit v = {m, r, parent, mb_many(r->term)};
    if ((r->flags & MB_IF_ABSENT) && einv_node_get(parent, r->term))
        return;
    xw_walk(m->root, ctx, r->path, mb_visit_add, &v);
}

/* The bits of the alternatives whose first step is (ns, name). */
static uint64_t mb_match(const mb_alt *alts, const unsigned char *head, const unsigned char *chain,
                         int ns, const char *name)
{
    size_t len = strlen(name), a;
    uint64_t match = 0;
    for (a = len ? head[MB_BUCKET(name, len)] : 0xff; a != 0xff; a = chain[a])
        if (alts[a].ns == ns && alts[a].len == len && !memcmp(name, alts[a].local, len))
            match |= (uint64_t)1 << a;
    return match;
}

/* Map the rows of one group instance. Rows whose paths start with child steps are served
 * by a single pass over ctx's children (so the document element's thousands of lines are
 * visited once, not once per row); a single-valued row takes its first match in document
 * order. The other rows walk their paths afterwards, MB_IF_ABSENT rows last. */
static void mb_rows(mb_map *m, const mb_row *rows, size_t n, einv_node_t *parent,
                    const xmlNode *ctx)
{
    mb_alt alts[MB_MAX_ALTS];
    unsigned char direct[MB_MAX_ALTS], head[MB_BUCKETS], chain[MB_MAX_ALTS];
    size_t na = 0, i, a;
    uint64_t done = 0, match = 0;
    const xmlChar *last = NULL;
    int last_ns = -1;
    const xmlNode *c;

    for (i = 0; i < n && i < MB_MAX_ALTS; i++) {
        size_t keep = na;
        direct[i] = 0;
        if (!mb_row_applies(m, &rows[i]))
            continue;
        if ((rows[i].flags & MB_IF_ABSENT) || !mb_child_alts(&rows[i], (unsigned)i, alts, &na)) {
            na = keep;
            direct[i] = 1;
        }
    }
    /* bucket the alternatives by name shape, so each child is compared with ~1 of them */
    memset(head, 0xff, sizeof head);
    for (a = na; a-- > 0;) {
        unsigned h = MB_BUCKET(alts[a].local, alts[a].len);
        chain[a] = head[h];
        head[h] = (unsigned char)a;
    }
    for (c = na ? ctx->children : NULL; c; c = c->next) {
        int ns;
        if (c->type != XML_ELEMENT_NODE)
            continue;
        ns = einv_x_nsid(c);
        if (c->name != last || ns != last_ns) {   /* names are interned: one test per run */
            match = mb_match(alts, head, chain, ns, (const char *)c->name);
            last = c->name;
            last_ns = ns;
        }
        for (uint64_t todo = match; todo; todo &= todo - 1) {
            mb_visit v;
            a = (size_t)__builtin_ctzll(todo);
            if ((done >> alts[a].ri) & 1)
                continue;
            v.m = m;
            v.row = &rows[alts[a].ri];
            v.parent = parent;
            v.many = mb_many(v.row->term);
            if (xw_steps(c, alts[a].rest, alts[a].end, mb_visit_add, &v))
                done |= (uint64_t)1 << alts[a].ri;
        }
    }
    for (i = 0; i < n; i++)
        if ((i >= MB_MAX_ALTS || direct[i]) && mb_row_applies(m, &rows[i]) &&
            !(rows[i].flags & MB_IF_ABSENT))
            mb_walk_row(m, &rows[i], parent, ctx);
    for (i = 0; i < n; i++)
        if ((rows[i].flags & MB_IF_ABSENT) && mb_row_applies(m, &rows[i]))
            mb_walk_row(m, &rows[i], parent, ctx);
}

einv_invoice_t *mb_begin(mb_map *m, const mb_syntax *syn, const xmlNode *root)
{
    memset(m, 0, sizeof *m);
    m->syn = syn;
    m->root = root;
    m->inv = einv_invoice_new();
    return m->inv;
}

void mb_build(mb_map *m, const mb_row *rows, size_t n)
{
    einv_node_t *root;
    if (!m->inv || !m->root)
        return;
    root = einv_invoice_root(m->inv);
    einv_node_set_src(m->inv, root, NULL, m->root);
    mb_rows(m, rows, n, root, m->root);
}
