/* CII syntax-binding rules: every assert of the "EN16931-CII-Syntax" pattern of the CEN
 * EN 16931 validation artefacts v1.3.16 (CII-SR-*, CII-DT-*), layer SYNTAX.
 *
 * How it runs (linear in the document):
 *  - one pre-order walk over all elements. Each element gets the FIRST rule context of the
 *    pattern that matches it, as Schematron does (classify). Absolute contexts are known
 *    from a position code carried down the walk, "//" contexts from the element's name.
 *  - the presence / count asserts are data: CII_CHECKS in cii_syntax_table.inc holds
 *    {context, kind, relative path, rule}, sorted so that the checks of one context form a
 *    trie of steps. The same walk carries "cursors" (a context node's checks matched so
 *    far) down the tree, counting the nodes each path reaches; when the walk leaves the
 *    context node, the kind of each check decides its verdict (close_context).
 *  - the few asserts that test values or conditions are written out below (custom_*).
 * The table file is generated from the artefact's pattern; the wording is ours. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/tree.h>
#include <einvoice/plugin.h>
#include <einvoice/xml.h>
#include "cii_syntax_rules.h"

/* Rule contexts of the pattern, in the artefact's order (first match wins). */
enum cii_context {
    C_PAYMENT_MEANS, C_DOC_CONTEXT, C_DOC, C_DOC_NOTE, C_LINE, C_LINE_DOC, C_LINE_PRODUCT,
    C_LINE_PRODUCT_CHAR, C_LINE_AGREEMENT, C_ALLOWANCE_CHARGE, C_GROSS_PRICE_AC,
    C_LINE_DELIVERY, C_LINE_SETTLEMENT, C_HDR_AGREEMENT, C_HDR_DELIVERY, C_HDR_SETTLEMENT,
    C_HDR_TOTALS, C_ROOT, C_CONTEXT_PARAM, C_CORE_ID, C_ANY_ID, C_TYPE_CODE,
    C_DOC_TYPE_CODE, /* never matched: //ram:TypeCode comes first in the pattern */
    C_LINE_VAT_CATEGORY, C_REF_DOC, C_AMOUNT, C_QUANTITY, C_TRADE_TAX, C_BILLING_PERIOD,
    C_POSTAL_ADDRESS, C_DATE_102,
    C_COUNT,
    C_NONE = -1
};

/* What a path check asserts about the number of nodes the path reaches. */
enum cii_kind {
    K_ABSENT,   /* not(path) */
    K_MAX1,     /* count(path) <= 1 */
    K_ONE,      /* count(path) = 1 */
    K_PRESENT   /* boolean(path) */
};

typedef struct cii_check {
    unsigned char ctx, kind;
    const char *path;   /* "ram:A/ram:B", "ram:A/@attr" or "@attr", relative to the context */
    const einv_rule_t *rule;
} cii_check_t;

#include "cii_syntax_table.inc"

const size_t cii_syntax_rules_count = sizeof cii_syntax_rules / sizeof cii_syntax_rules[0];

/* Step lookups repeat for every invoice line; libxml interns element names, so a small
 * cache keyed by the name pointer answers most of them without a binary search. A pointer
 * match is exact (the names live as long as the tree); a miss only costs the search. */
#define STEP_CACHE 512
typedef struct step_memo {
    const xmlChar *name;
    unsigned short lo, off, a, b;
    unsigned char ns;
} step_memo_t;

/* Same idea for the name part of classify(). */
#define NAME_CACHE 256
typedef struct name_memo {
    const xmlChar *name;
    int ns;
    int cls;
} name_memo_t;

/* A context node whose path checks are being counted while the walk is inside it. */
typedef struct open_ctx {
    const xmlNode *node;
    int ctx;
    int touched;                                     /* some path reached a node */
    unsigned char cnt[CII_MAX_CHECKS_PER_CONTEXT];   /* nodes reached per check, max 2 */
} open_ctx_t;

/* A node of the walk has matched the first `off` characters of checks [lo, hi) of the
 * open context `oc`; the next step is to be matched by its children. */
typedef struct cursor {
    unsigned short oc, lo, hi, off;
} cursor_t;

/* One element on the walk's current path. */
typedef struct frame {
    size_t cursors;        /* its cursors are cur[cursors .. next frame's cursors) */
    unsigned char pos;     /* enum cii_pos */
    unsigned char opened;  /* 1 when it opened a context (the top of oc) */
} frame_t;

typedef struct walk {
    einv_ctx_t *ctx;
    const einv_xdoc_t *xd;
    signed char billed_unit;   /* DT-033 document fact, -1 = not computed yet */
    signed char due_codes;     /* SR-462 document fact, -1 = not computed yet */
    step_memo_t memo[STEP_CACHE];
    name_memo_t names[NAME_CACHE];
    /* growable stacks, sized by the document's depth (allocated once per document) */
    frame_t *fr;
    size_t fr_cap;
    cursor_t *cur;
    size_t ncur, cur_cap;
    open_ctx_t *oc;
    size_t noc, oc_cap;
} walk_t;

/* ---- small tree helpers (direct libxml access: these run for most elements) ---- */

static int is_el(const xmlNode *n, int ns, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && einv_x_nsid(n) == ns &&
           strcmp((const char *)n->name, name) == 0;
}

static const xmlNode *next_el(const xmlNode *n)
{
    for (n = n->next; n; n = n->next)
        if (n->type == XML_ELEMENT_NODE) return n;
    return NULL;
}

static const xmlNode *first_el(const xmlNode *p)
{
    for (const xmlNode *n = p->children; n; n = n->next)
        if (n->type == XML_ELEMENT_NODE) return n;
    return NULL;
}

/* First child ram:name of p. */
static const xmlNode *kid(const xmlNode *p, const char *name)
{
    for (const xmlNode *n = first_el(p); n; n = next_el(n))
        if (is_el(n, EINV_NS_RAM, name)) return n;
    return NULL;
}

/* Next sibling ram:name after n. */
static const xmlNode *next_kid(const xmlNode *n, const char *name)
{
    for (n = next_el(n); n; n = next_el(n))
        if (is_el(n, EINV_NS_RAM, name)) return n;
    return NULL;
}

#define FOR_KIDS(var, parent, name) \
    for (const xmlNode *var = kid((parent), (name)); var; var = next_kid(var, (name)))

/* exists(p/ram:a/ram:b) */
static int has_path2(const xmlNode *p, const char *a, const char *b)
{
    FOR_KIDS(x, p, a)
        if (kid(x, b)) return 1;
    return 0;
}

/* The attribute `name` in no namespace, as @name selects it. */
static const xmlAttr *attr(const xmlNode *n, const char *name)
{
    for (const xmlAttr *a = n->properties; a; a = a->next)
        if (!a->ns && strcmp((const char *)a->name, name) == 0) return a;
    return NULL;
}

static int is_ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* normalize-space(a) = normalize-space(b) */
static int norm_equal(const char *a, const char *b)
{
    for (;;) {
        while (is_ws(*a)) a++;
        while (is_ws(*b)) b++;
        if (!*a || !*b) return !*a && !*b;
        while (*a && !is_ws(*a) && *b && !is_ws(*b)) {
            if (*a != *b) return 0;
            a++, b++;
        }
        if ((*a && !is_ws(*a)) || (*b && !is_ws(*b))) return 0;   /* token lengths differ */
    }
}

/* normalize-space(p/ram:name) = v. Over no node the string is ''; over several nodes
 * XPath raises an error, we use the first. */
static int kid_norm_is(const xmlNode *p, const char *name, const char *v)
{
    const xmlNode *k = kid(p, name);
    return norm_equal(k ? einv_x_text(k) : "", v);
}

/* p/ram:name = v, existential over the children, exact string comparison. */
static int kid_text_is(const xmlNode *p, const char *name, const char *v)
{
    FOR_KIDS(k, p, name)
        if (strcmp(einv_x_text(k), v) == 0) return 1;
    return 0;
}

static int has_ancestor(const xmlNode *n, const char *name)
{
    for (n = n->parent; n && n->type == XML_ELEMENT_NODE; n = n->parent)
        if (is_el(n, EINV_NS_RAM, name)) return 1;
    return 0;
}

static int ends_with(const char *s, size_t len, const char *suffix, size_t slen)
{
    return len >= slen && memcmp(s + len - slen, suffix, slen) == 0;
}
#define ENDS(s, len, lit) ends_with((s), (len), lit, sizeof lit - 1)

/* ---- positions: which absolute context paths lead to an element ---- */

enum cii_pos {
    P_NONE, P_DOC, P_ROOT, P_EDC, P_EDC_GUIDE, P_EDC_GUIDE_ID, P_ED, P_ED_NOTE, P_ED_ID,
    P_SCTT, P_LINE, P_L_DOC, P_L_DOC_LINEID, P_L_PROD, P_L_PROD_CHAR, P_L_PROD_SAID,
    P_L_AGR, P_L_DEL, P_L_SET, P_L_SET_TAX, P_L_SET_TAX_CAT, P_HA, P_HD, P_HS, P_HS_SUM
};

static const struct { unsigned char from; unsigned char ns; const char *name; unsigned char to; }
POS_STEPS[] = {
    {P_DOC, EINV_NS_RSM, "CrossIndustryInvoice", P_ROOT},
    {P_ROOT, EINV_NS_RSM, "ExchangedDocumentContext", P_EDC},
    {P_ROOT, EINV_NS_RSM, "ExchangedDocument", P_ED},
    {P_ROOT, EINV_NS_RSM, "SupplyChainTradeTransaction", P_SCTT},
    {P_EDC, EINV_NS_RAM, "GuidelineSpecifiedDocumentContextParameter", P_EDC_GUIDE},
    {P_EDC_GUIDE, EINV_NS_RAM, "ID", P_EDC_GUIDE_ID},
    {P_ED, EINV_NS_RAM, "IncludedNote", P_ED_NOTE},
    {P_ED, EINV_NS_RAM, "ID", P_ED_ID},
    {P_SCTT, EINV_NS_RAM, "IncludedSupplyChainTradeLineItem", P_LINE},
    {P_SCTT, EINV_NS_RAM, "ApplicableHeaderTradeAgreement", P_HA},
    {P_SCTT, EINV_NS_RAM, "ApplicableHeaderTradeDelivery", P_HD},
    {P_SCTT, EINV_NS_RAM, "ApplicableHeaderTradeSettlement", P_HS},
    {P_LINE, EINV_NS_RAM, "AssociatedDocumentLineDocument", P_L_DOC},
    {P_LINE, EINV_NS_RAM, "SpecifiedTradeProduct", P_L_PROD},
    {P_LINE, EINV_NS_RAM, "SpecifiedLineTradeAgreement", P_L_AGR},
    {P_LINE, EINV_NS_RAM, "SpecifiedLineTradeDelivery", P_L_DEL},
    {P_LINE, EINV_NS_RAM, "SpecifiedLineTradeSettlement", P_L_SET},
    {P_L_DOC, EINV_NS_RAM, "LineID", P_L_DOC_LINEID},
    {P_L_PROD, EINV_NS_RAM, "ApplicableProductCharacteristic", P_L_PROD_CHAR},
    {P_L_PROD, EINV_NS_RAM, "SellerAssignedID", P_L_PROD_SAID},
    {P_L_SET, EINV_NS_RAM, "ApplicableTradeTax", P_L_SET_TAX},
    {P_L_SET_TAX, EINV_NS_RAM, "CategoryCode", P_L_SET_TAX_CAT},
    {P_HS, EINV_NS_RAM, "SpecifiedTradeSettlementHeaderMonetarySummation", P_HS_SUM},
};

static int pos_of(int parent_pos, const xmlNode *n)
{
    if (parent_pos == P_NONE) return P_NONE;
    int ns = einv_x_nsid(n);
    for (size_t i = 0; i < sizeof POS_STEPS / sizeof POS_STEPS[0]; i++)
        if (POS_STEPS[i].from == parent_pos && POS_STEPS[i].ns == ns &&
            strcmp((const char *)n->name, POS_STEPS[i].name) == 0)
            return POS_STEPS[i].to;
    return P_NONE;
}

/* Name-only outcomes that still depend on the node. */
enum { N_GROSS_PRICE_AC = C_COUNT, N_DATE_STRING };

/* The "//" contexts, decided by namespace and name alone, in the pattern's order. */
static int classify_name(const char *name, int ns)
{
    size_t len = strlen(name);
    if (ns == EINV_NS_RAM) {
        if (strcmp(name, "SpecifiedTradeSettlementPaymentMeans") == 0) return C_PAYMENT_MEANS;
        if (strcmp(name, "SpecifiedTradeAllowanceCharge") == 0) return C_ALLOWANCE_CHARGE;
        if (strcmp(name, "AppliedTradeAllowanceCharge") == 0) return N_GROSS_PRICE_AC;
    }
    /* the ends-with(name(), ...) context matches any namespace; a prefix never changes the suffix */
    if (ENDS(name, len, "DocumentContextParameter")) return C_CONTEXT_PARAM;
    if (ns == EINV_NS_RAM) {
        if (ENDS(name, len, "ID")) return C_ANY_ID;
        if (strcmp(name, "TypeCode") == 0) return C_TYPE_CODE;
        if (ENDS(name, len, "ReferencedDocument")) return C_REF_DOC;
        if (ENDS(name, len, "Amount") && strcmp(name, "TaxTotalAmount") != 0) return C_AMOUNT;
        if (ENDS(name, len, "Quantity")) return C_QUANTITY;
        if (ENDS(name, len, "TradeTax")) return C_TRADE_TAX;
        if (strcmp(name, "BillingSpecifiedPeriod") == 0) return C_BILLING_PERIOD;
        if (strcmp(name, "PostalTradeAddress") == 0) return C_POSTAL_ADDRESS;
    } else if (ns == EINV_NS_UDT && strcmp(name, "DateTimeString") == 0) {
        return N_DATE_STRING;
    }
    return C_NONE;
}

/* @a = v for an attribute node (string value = its text children). */
static int attr_equals(const xmlAttr *a, const char *v)
{
    size_t off = 0;
    for (const xmlNode *t = a->children; t; t = t->next) {
        if (!t->content) continue;
        size_t l = strlen((const char *)t->content);
        if (strncmp(v + off, (const char *)t->content, l) != 0) return 0;
        off += l;
    }
    return v[off] == '\0';
}

/* The first rule context of the pattern matching n (at position pos), or C_NONE. The
 * positional (absolute) contexts never share a name with the "//" ones, except where
 * spelled out below, so testing them first keeps the pattern's first-match order. */
static int classify(walk_t *w, const xmlNode *n, int pos)
{
    switch (pos) {
    case P_ROOT: return C_ROOT;
    case P_EDC: return C_DOC_CONTEXT;
    case P_ED: return C_DOC;
    case P_ED_NOTE: return C_DOC_NOTE;
    case P_LINE: return C_LINE;
    case P_L_DOC: return C_LINE_DOC;
    case P_L_PROD: return C_LINE_PRODUCT;
    case P_L_PROD_CHAR: return C_LINE_PRODUCT_CHAR;
    case P_L_AGR: return C_LINE_AGREEMENT;
    case P_L_DEL: return C_LINE_DELIVERY;
    case P_L_SET: return C_LINE_SETTLEMENT;
    case P_HA: return C_HDR_AGREEMENT;
    case P_HD: return C_HDR_DELIVERY;
    case P_HS: return C_HDR_SETTLEMENT;
    case P_HS_SUM: return C_HDR_TOTALS;
    /* these identifiers would also match //ram:*[ends-with(name(),'ID')], which comes later */
    case P_EDC_GUIDE_ID: case P_ED_ID: case P_L_DOC_LINEID: case P_L_PROD_SAID: return C_CORE_ID;
    /* listed after //ram:TypeCode but CategoryCode is not a TypeCode: no overlap */
    case P_L_SET_TAX_CAT: return C_LINE_VAT_CATEGORY;
    default: break;
    }
    int ns = einv_x_nsid(n);
    name_memo_t *m = &w->names[((size_t)n->name >> 4) % NAME_CACHE];
    if (m->name != n->name || m->ns != ns)
        *m = (name_memo_t){n->name, ns, classify_name((const char *)n->name, ns)};
    switch (m->cls) {
    case N_GROSS_PRICE_AC:
        return is_el(n->parent, EINV_NS_RAM, "GrossPriceProductTradePrice") ? C_GROSS_PRICE_AC
                                                                            : C_NONE;
    case N_DATE_STRING: {
        const xmlAttr *f = attr(n, "format");
        return f && attr_equals(f, "102") ? C_DATE_102 : C_NONE;
    }
    default: return m->cls;
    }
}

/* ---- the path checks: CII_CHECKS as a trie ---- */

static const char *ns_prefix(int ns)
{
    switch (ns) {
    case EINV_NS_RAM: return "ram";
    case EINV_NS_UDT: return "udt";
    case EINV_NS_RSM: return "rsm";
    case EINV_NS_QDT: return "qdt";
    default: return NULL;
    }
}

/* Compare the step starting at p (ended by '/' or NUL) with key ("ram:Name"). The table
 * is sorted with strcmp; since steps are letters and one ':' at a fixed place, strcmp
 * order of whole paths equals this order on their first steps. */
static int step_cmp(const char *p, const char *key)
{
    for (;; p++, key++) {
        int pc = *p == '/' ? 0 : (unsigned char)*p;
        int kc = (unsigned char)*key;
        if (pc != kc) return pc - kc;
        if (!pc) return 0;
    }
}

static size_t bound(size_t lo, size_t hi, size_t off, const char *key, int upper)
{
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = step_cmp(CII_CHECKS[mid].path + off, key);
        if (c < 0 || (upper && c == 0)) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static void bump(open_ctx_t *o, size_t i)
{
    o->touched = 1;
    if (o->cnt[i] < 2) o->cnt[i]++;
}

/* ---- the step index: every (cursor, next step) of CII_CHECKS, built once ----
 * A cursor is known by (lo, off): its first check and how much of the path it matched.
 * Each document used to search the table for its own element names; the answers are the
 * same for every document, so they are computed once per process, keyed by the step's
 * namespace and local name, and only the per-document cache in front is keyed by pointer. */
typedef struct step_key {
    const char *name;   /* local name inside a path string, not NUL-terminated */
    unsigned short lo, off, a, b;
    unsigned char ns, len;
} step_key_t;

static step_key_t *step_index;
static size_t step_mask;
static pthread_once_t step_once = PTHREAD_ONCE_INIT;

static unsigned name_hash(const char *s, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static size_t step_slot(unsigned h, size_t lo, size_t off, int ns)
{
    return (h ^ (unsigned)lo * 0x9E3779B1u ^ (unsigned)off * 0x85EBCA77u ^ (unsigned)ns * 0xC2B2AE3Du) & step_mask;
}

static int prefix_ns(const char *p)
{
    static const int ids[] = {EINV_NS_RAM, EINV_NS_UDT, EINV_NS_RSM, EINV_NS_QDT};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (memcmp(p, ns_prefix(ids[i]), 3) == 0) return ids[i];
    return -1;
}

/* Visits the cursor a push_cursor(lo, hi, off) would make, and everything below it; with
 * add == 0 only counts the steps. */
static size_t step_visit(size_t lo, size_t hi, size_t off, int add)
{
    size_t n = 0;
    while (lo < hi && CII_CHECKS[lo].path[off] == '@') lo++;
    for (size_t i = lo; i < hi;) {
        const char *st = CII_CHECKS[i].path + off;
        size_t len = strcspn(st, "/"), j = i + 1, end = off + len, a;
        while (j < hi && strncmp(CII_CHECKS[j].path + off, st, len) == 0 &&
               (CII_CHECKS[j].path[end] == '/' || CII_CHECKS[j].path[end] == '\0'))
            j++;
        int ns = len > 4 && st[3] == ':' ? prefix_ns(st) : -1;
        if (ns >= 0 && add) {
            unsigned h = name_hash(st + 4, len - 4);
            size_t k = step_slot(h, lo, off, ns);
            while (step_index[k].name) k = (k + 1) & step_mask;
            step_index[k] = (step_key_t){st + 4, (unsigned short)lo, (unsigned short)off,
                                         (unsigned short)i, (unsigned short)j,
                                         (unsigned char)ns, (unsigned char)(len - 4)};
        }
        n++;
        for (a = i; a < j && CII_CHECKS[a].path[end] == '\0'; a++) {}
        if (a < j) n += step_visit(a, j, end + 1, add);
        i = j;
    }
    return n;
}

static void step_index_build(void)
{
    size_t n = 0, cap = 64;
    for (int c = 0; c < C_COUNT; c++) n += step_visit(CII_FIRST[c], CII_FIRST[c + 1], 0, 0);
    while (cap < 2 * n) cap *= 2;
    step_index = calloc(cap, sizeof *step_index);
    if (!step_index) return;   /* find_step then searches the table itself */
    step_mask = cap - 1;
    for (int c = 0; c < C_COUNT; c++) step_visit(CII_FIRST[c], CII_FIRST[c + 1], 0, 1);
}

/* The plugin may be unloaded (dlclose) before the process ends: give the index back then. */
__attribute__((destructor)) static void step_index_free(void)
{
    free(step_index);
    step_index = NULL;
}

/* The checks in [lo, hi) whose step at off is ns:name, by binary search. */
static void search_step(const char *name, int ns, size_t lo, size_t hi, size_t off, size_t *a,
                        size_t *b)
{
    const char *pfx = ns_prefix(ns);
    size_t nl = strlen(name);
    char key[128];
    *a = *b = lo;
    if (pfx && nl + 5 <= sizeof key) {
        memcpy(key, pfx, 3);
        key[3] = ':';
        memcpy(key + 4, name, nl + 1);
        size_t x = bound(lo, hi, off, key, 0);
        if (x < hi && step_cmp(CII_CHECKS[x].path + off, key) == 0)
            *a = x, *b = bound(x, hi, off, key, 1);
    }
}

/* The checks in [lo, hi) whose step at off is c's name: [*a, *b), empty when none. */
static void find_step(walk_t *w, const xmlNode *c, size_t lo, size_t hi, size_t off,
                      size_t *a, size_t *b)
{
    int ns = einv_x_nsid(c);
    size_t h = (((size_t)c->name >> 4) ^ (lo * 31) ^ (off * 7)) % STEP_CACHE;
    step_memo_t *m = &w->memo[h];
    if (m->name == c->name && m->ns == ns && m->lo == lo && m->off == off) {
        *a = m->a, *b = m->b;
        return;
    }
    *a = *b = lo;
    if (step_index) {
        const char *name = (const char *)c->name;
        size_t nl = strlen(name);
        size_t k = step_slot(name_hash(name, nl), lo, off, ns);
        for (; step_index[k].name; k = (k + 1) & step_mask) {
            const step_key_t *e = &step_index[k];
            if (e->lo == lo && e->off == off && e->ns == ns && e->len == nl &&
                memcmp(e->name, name, nl) == 0) {
                *a = e->a, *b = e->b;
                break;
            }
        }
#ifndef NDEBUG
        size_t a2, b2;
        search_step(name, ns, lo, hi, off, &a2, &b2);
        assert(a2 == *a && b2 == *b);
#endif
    } else {
        search_step((const char *)c->name, ns, lo, hi, off, a, b);
    }
    *m = (step_memo_t){c->name, (unsigned short)lo, (unsigned short)off, (unsigned short)*a,
                       (unsigned short)*b, (unsigned char)ns};
}

static int grow(void **v, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return 1;
    size_t n = *cap ? *cap * 2 : 64;
    while (n < need) n *= 2;
    void *p = realloc(*v, n * size);
    if (!p) return 0;
    *v = p, *cap = n;
    return 1;
}

/* Push a cursor for node n, first settling the "@attr" checks that end at n. */
static int push_cursor(walk_t *w, const xmlNode *n, size_t oc, size_t lo, size_t hi,
                       size_t off)
{
    open_ctx_t *o = &w->oc[oc];
    size_t base = CII_FIRST[o->ctx];
    for (; lo < hi && CII_CHECKS[lo].path[off] == '@'; lo++)   /* '@' sorts before steps */
        if (attr(n, CII_CHECKS[lo].path + off + 1)) bump(o, lo - base);
    if (lo >= hi) return 1;
    if (!grow((void **)&w->cur, &w->cur_cap, w->ncur + 1, sizeof *w->cur)) return 0;
    w->cur[w->ncur++] = (cursor_t){(unsigned short)oc, (unsigned short)lo, (unsigned short)hi,
                                   (unsigned short)off};
    return 1;
}

/* n enters the walk below a parent whose cursors are cur[from .. to): move each one
 * step down. */
static int advance_cursors(walk_t *w, const xmlNode *n, size_t from, size_t to)
{
    for (size_t k = from; k < to; k++) {
        cursor_t pc = w->cur[k];
        size_t a, b;
        find_step(w, n, pc.lo, pc.hi, pc.off, &a, &b);
        if (a == b) continue;
        open_ctx_t *o = &w->oc[pc.oc];
        size_t base = CII_FIRST[o->ctx], end = pc.off + 4 + strlen((const char *)n->name);
        for (; a < b && CII_CHECKS[a].path[end] == '\0'; a++) bump(o, a - base);
        if (a < b && !push_cursor(w, n, pc.oc, a, b, end + 1)) return 0;
    }
    return 1;
}

/* Start counting the path checks of context c at node n. */
static int open_context(walk_t *w, const xmlNode *n, int c)
{
    if (w->noc >= 0xFFFF || !grow((void **)&w->oc, &w->oc_cap, w->noc + 1, sizeof *w->oc))
        return 0;
    open_ctx_t *o = &w->oc[w->noc++];
    o->node = n, o->ctx = c, o->touched = 0;
    memset(o->cnt, 0, CII_FIRST[c + 1] - CII_FIRST[c]);
    return push_cursor(w, n, w->noc - 1, CII_FIRST[c], CII_FIRST[c + 1], 0);
}

/* The walk has left the subtree of the innermost open context: judge its counts. */
static void close_context(walk_t *w)
{
    open_ctx_t *o = &w->oc[--w->noc];
    if (!o->touched && !CII_HAS_REQUIRED[o->ctx]) return;   /* nothing present, nothing missing */
    size_t lo = CII_FIRST[o->ctx], hi = CII_FIRST[o->ctx + 1];
    for (size_t i = lo; i < hi; i++) {
        unsigned n = o->cnt[i - lo];
        int ok;
        switch (CII_CHECKS[i].kind) {
        case K_ABSENT: ok = n == 0; break;
        case K_MAX1: ok = n <= 1; break;
        case K_ONE: ok = n == 1; break;
        default: ok = n > 0; break;
        }
        if (!ok) einv_report(w->ctx, CII_CHECKS[i].rule, o->node);
    }
}

/* ---- the asserts that test values or conditions ---- */

static void fail_if(walk_t *w, int failed, const einv_rule_t *r, const xmlNode *n)
{
    if (failed) einv_report(w->ctx, r, n);
}

/* (not(P/ID) and P/GlobalID) or (P/ID and not(P/GlobalID)) or (not(P/ID) and not(P/GlobalID))
 * is simply: not both. */
static int id_and_global(const xmlNode *n, const char *party)
{
    return has_path2(n, party, "ID") && has_path2(n, party, "GlobalID");
}

/* udt:Indicator = false(): the text is cast to xs:boolean; a text that is no boolean
 * would be a dynamic error, which we count as "not false". */
static int indicator_false(const xmlNode *ind)
{
    const char *s = einv_x_text(ind);
    while (is_ws(*s)) s++;
    size_t len = strlen(s);
    while (len && is_ws(s[len - 1])) len--;
    return (len == 5 && memcmp(s, "false", 5) == 0) || (len == 1 && s[0] == '0');
}

static void custom_line_agreement(walk_t *w, const xmlNode *n)
{
    /* CII-SR-119 over all GrossPriceProductTradePrice/AppliedTradeAllowanceCharge */
    int indicator = 0, is_false = 0, amount = 0;
    FOR_KIDS(gp, n, "GrossPriceProductTradePrice")
        FOR_KIDS(ac, gp, "AppliedTradeAllowanceCharge") {
            FOR_KIDS(ci, ac, "ChargeIndicator") {
                indicator = 1;
                for (const xmlNode *i = first_el(ci); i; i = next_el(i))
                    if (is_el(i, EINV_NS_UDT, "Indicator") && indicator_false(i)) is_false = 1;
            }
            if (kid(ac, "ActualAmount")) amount = 1;
        }
    fail_if(w, !((is_false && amount) || (!indicator && !amount)), &R_SR_119, n);
}

/* count(p/ram:AdditionalReferencedDocument[normalize-space(ram:TypeCode) = code]) */
static size_t count_ard_norm(const xmlNode *p, const char *code)
{
    size_t k = 0;
    FOR_KIDS(d, p, "AdditionalReferencedDocument")
        if (kid_norm_is(d, "TypeCode", code)) k++;
    return k;
}

static void custom_hdr_agreement(walk_t *w, const xmlNode *n)
{
    fail_if(w, id_and_global(n, "BuyerTradeParty"), &R_SR_450, n);
    size_t t50 = 0, t130 = 0, names = 0, files = 0;
    FOR_KIDS(d, n, "AdditionalReferencedDocument") {
        t50 += kid_text_is(d, "TypeCode", "50");
        t130 += kid_text_is(d, "TypeCode", "130");
        if (kid_norm_is(d, "TypeCode", "916")) {
            FOR_KIDS(x, d, "Name") names++;
            FOR_KIDS(x, d, "AttachmentBinaryObject") files++;
        }
    }
    fail_if(w, t50 > 1, &R_SR_457, n);
    fail_if(w, t130 > 1, &R_SR_458, n);
    /* existential over all contacts: the two names may sit in different contacts */
    static const struct { const char *party; const einv_rule_t *rule; } P[] = {
        {"SellerTradeParty", &R_SR_465}, {"BuyerTradeParty", &R_SR_466}};
    for (size_t i = 0; i < 2; i++) {
        int person = 0, dept = 0;
        FOR_KIDS(p, n, P[i].party)
            FOR_KIDS(c, p, "DefinedTradeContact") {
                person |= kid(c, "PersonName") != NULL;
                dept |= kid(c, "DepartmentName") != NULL;
            }
        fail_if(w, person && dept, P[i].rule, n);
    }
    fail_if(w, names > 1, &R_SR_475, n);
    fail_if(w, files > 1, &R_SR_476, n);
}

/* SR-462: count(//ram:ApplicableTradeTax/ram:DueDateTypeCode) = 0 or
 * count(distinct-values(...)) = 1, i.e. all those codes have the same string value. */
static int due_codes_agree(walk_t *w)
{
    if (w->due_codes < 0) {
        const einv_nodelist_t *l = einv_xdoc_all(w->xd, EINV_NS_RAM, "DueDateTypeCode");
        const char *first = NULL;
        w->due_codes = 1;
        for (size_t i = 0; i < l->n && w->due_codes; i++) {
            if (!is_el(l->v[i]->parent, EINV_NS_RAM, "ApplicableTradeTax")) continue;
            const char *s = einv_x_text(l->v[i]);
            if (!first) first = s;
            else if (strcmp(first, s) != 0) w->due_codes = 0;
        }
    }
    return w->due_codes;
}

static void custom_hdr_settlement(walk_t *w, const xmlNode *n)
{
    fail_if(w, id_and_global(n, "PayeeTradeParty"), &R_SR_451, n);
    fail_if(w, !due_codes_agree(w), &R_SR_462, n);
    int transfer_without_account = 0;
    FOR_KIDS(pm, n, "SpecifiedTradeSettlementPaymentMeans") {
        if (!kid_norm_is(pm, "TypeCode", "30") && !kid_norm_is(pm, "TypeCode", "58")) continue;
        if (!has_path2(pm, "PayeePartyCreditorFinancialAccount", "IBANID") &&
            !has_path2(pm, "PayeePartyCreditorFinancialAccount", "ProprietaryID"))
            transfer_without_account = 1;
    }
    fail_if(w, transfer_without_account, &R_SR_470, n);
}

/* SR-467/468: every //ram:SpecifiedTradeSettlementPaymentMeans/ram:<name> has the same
 * normalized value as the first one in document order. */
static int payment_means_values_agree(walk_t *w, const char *name)
{
    const einv_nodelist_t *l = einv_xdoc_all(w->xd, EINV_NS_RAM, name);
    const char *first = NULL;
    for (size_t i = 0; i < l->n; i++) {
        if (!is_el(l->v[i]->parent, EINV_NS_RAM, "SpecifiedTradeSettlementPaymentMeans"))
            continue;
        const char *s = einv_x_text(l->v[i]);
        if (!first) first = s;
        else if (!norm_equal(first, s)) return 0;
    }
    return 1;
}

static void custom_root(walk_t *w, const xmlNode *n)
{
    fail_if(w, !payment_means_values_agree(w, "TypeCode"), &R_SR_467, n);
    fail_if(w, !payment_means_values_agree(w, "Information"), &R_SR_468, n);
    const einv_nodelist_t *l = einv_xdoc_all(w->xd, EINV_NS_RAM, "PaymentReference");
    size_t k = 0;
    for (size_t i = 0; i < l->n; i++)
        k += is_el(l->v[i]->parent, EINV_NS_RAM, "ApplicableHeaderTradeSettlement");
    fail_if(w, k > 1, &R_SR_469, n);
}

static void custom_ref_doc(walk_t *w, const xmlNode *n)
{
    int additional = strcmp((const char *)n->name, "AdditionalReferencedDocument") == 0;
    int t916 = additional && kid_text_is(n, "TypeCode", "916");
    int t130 = additional && kid_text_is(n, "TypeCode", "130");
    fail_if(w, kid(n, "URIID") && !t916, &R_DT_015, n);
    fail_if(w, kid(n, "TypeCode") &&
                   !(additional && (kid_text_is(n, "TypeCode", "50") || t130 || t916)),
            &R_DT_018, n);
    fail_if(w, kid(n, "Name") && !t916, &R_DT_021, n);
    fail_if(w, kid(n, "AttachmentBinaryObject") && !t916, &R_DT_022, n);
    fail_if(w, kid(n, "ReferenceTypeCode") && !t130, &R_DT_024, n);
    fail_if(w, kid(n, "FormattedIssueDateTime") &&
                   strcmp((const char *)n->name, "InvoiceReferencedDocument") != 0,
            &R_DT_027, n);
}

/* DT-033 fact: /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/
 * ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode */
static int billed_unit_exists(walk_t *w)
{
    if (w->billed_unit < 0) {
        const einv_nodelist_t *l = einv_xdoc_all(w->xd, EINV_NS_RAM, "BilledQuantity");
        w->billed_unit = 0;
        for (size_t i = 0; i < l->n && !w->billed_unit; i++) {
            const xmlNode *q = l->v[i], *d = q->parent, *li = d ? d->parent : NULL;
            const xmlNode *tx = li ? li->parent : NULL, *root = tx ? tx->parent : NULL;
            w->billed_unit = attr(q, "unitCode") && is_el(d, EINV_NS_RAM, "SpecifiedLineTradeDelivery") &&
                             is_el(li, EINV_NS_RAM, "IncludedSupplyChainTradeLineItem") &&
                             is_el(tx, EINV_NS_RSM, "SupplyChainTradeTransaction") &&
                             is_el(root, EINV_NS_RSM, "CrossIndustryInvoice") &&
                             root->parent && root->parent->type == XML_DOCUMENT_NODE;
        }
    }
    return w->billed_unit;
}

static void custom_trade_tax(walk_t *w, const xmlNode *n)
{
    const xmlNode *tc = kid(n, "TypeCode");
    fail_if(w, tc && !kid_text_is(n, "TypeCode", "VAT"), &R_DT_037, n);
    int apt = strcmp((const char *)n->name, "ApplicableTradeTax") == 0;
    fail_if(w, kid(n, "BasisAmount") && !has_ancestor(n, "ApplicableHeaderTradeSettlement"),
            &R_DT_041, n);
    fail_if(w, kid(n, "ExemptionReasonCode") && !apt, &R_DT_052, n);
    fail_if(w, kid(n, "ExemptionReason") && !apt, &R_DT_098, n);
    fail_if(w, kid(n, "TaxPointDate") && !has_ancestor(n, "ApplicableHeaderTradeSettlement"),
            &R_DT_054, n);
    fail_if(w, kid(n, "DueDateTypeCode") && !has_ancestor(n, "ApplicableHeaderTradeSettlement"),
            &R_DT_058, n);
}

/* Unicode decimal digits (\d in XPath regular expressions is \p{Nd}): the first code point
 * of each run of ten. */
static const unsigned ND_ZERO[] = {
    0x30, 0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66,
    0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80,
    0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50,
    0xABF0, 0xFF10, 0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450,
    0x114D0, 0x11650, 0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0,
    0x16A60, 0x16AC0, 0x16B50, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140,
    0x1E2F0, 0x1E950, 0x1FBF0};

/* One \d at *p (UTF-8); advances *p on success. */
static int take_digit(const unsigned char **p)
{
    const unsigned char *s = *p;
    unsigned cp, n;
    if (s[0] < 0x80) cp = s[0], n = 1;
    else if ((s[0] & 0xE0) == 0xC0 && (s[1] & 0xC0) == 0x80) cp = (s[0] & 0x1Fu) << 6 | (s[1] & 0x3Fu), n = 2;
    else if ((s[0] & 0xF0) == 0xE0 && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80)
        cp = (s[0] & 0x0Fu) << 12 | (s[1] & 0x3Fu) << 6 | (s[2] & 0x3Fu), n = 3;
    else if ((s[0] & 0xF8) == 0xF0 && (s[1] & 0xC0) == 0x80 && (s[2] & 0xC0) == 0x80 &&
             (s[3] & 0xC0) == 0x80)
        cp = (s[0] & 0x07u) << 18 | (s[1] & 0x3Fu) << 12 | (s[2] & 0x3Fu) << 6 | (s[3] & 0x3Fu), n = 4;
    else return 0;
    for (size_t i = 0; i < sizeof ND_ZERO / sizeof ND_ZERO[0]; i++)
        if (cp >= ND_ZERO[i] && cp < ND_ZERO[i] + 10) {
            *p = s + n;
            return 1;
        }
    return 0;
}

/* matches(., '^\s*(\d{4})(1[0-2]|0[1-9]){1}(3[01]|[12][0-9]|0[1-9]){1}\s*$') */
static int date102_ok(const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    while (is_ws(*p)) p++;
    for (int i = 0; i < 4; i++)
        if (!take_digit(&p)) return 0;
    if (!((p[0] == '1' && p[1] >= '0' && p[1] <= '2') || (p[0] == '0' && p[1] >= '1' && p[1] <= '9')))
        return 0;
    p += 2;
    if (!((p[0] == '3' && (p[1] == '0' || p[1] == '1')) ||
          ((p[0] == '1' || p[0] == '2') && p[1] >= '0' && p[1] <= '9') ||
          (p[0] == '0' && p[1] >= '1' && p[1] <= '9')))
        return 0;
    p += 2;
    while (is_ws(*p)) p++;
    return *p == '\0';
}

static void custom_line_product(walk_t *w, const xmlNode *n)
{
    int global = 0, scheme = 0;
    FOR_KIDS(g, n, "GlobalID") {
        global = 1;
        scheme |= attr(g, "schemeID") != NULL;
    }
    fail_if(w, global && !scheme, &R_SR_046, n);
    int origin = 0;
    size_t ids = 0;
    FOR_KIDS(o, n, "OriginTradeCountry") {
        origin = 1;
        FOR_KIDS(x, o, "ID") ids++;
    }
    fail_if(w, origin && ids != 1, &R_SR_090, n);
}

static void custom_checks(walk_t *w, const xmlNode *n, int c)
{
    switch (c) {
    case C_LINE_PRODUCT: custom_line_product(w, n); break;
    case C_LINE_AGREEMENT: custom_line_agreement(w, n); break;
    case C_LINE_SETTLEMENT: fail_if(w, count_ard_norm(n, "130") > 1, &R_SR_474, n); break;
    case C_HDR_AGREEMENT: custom_hdr_agreement(w, n); break;
    case C_HDR_DELIVERY: fail_if(w, id_and_global(n, "ShipToTradeParty"), &R_SR_449, n); break;
    case C_HDR_SETTLEMENT: custom_hdr_settlement(w, n); break;
    case C_ROOT: custom_root(w, n); break;
    case C_REF_DOC: custom_ref_doc(w, n); break;
    case C_QUANTITY:
        fail_if(w, attr(n, "unitCode") && !billed_unit_exists(w), &R_DT_033, n);
        break;
    case C_TRADE_TAX: custom_trade_tax(w, n); break;
    case C_DATE_102: fail_if(w, !date102_ok(einv_x_text(n)), &R_DT_097, n); break;
    default: break;
    }
}

/* ---- the walk ---- */

/* n enters the walk at depth d (its parent is frame d - 1). */
static int enter(walk_t *w, const xmlNode *n, size_t d)
{
    if (!grow((void **)&w->fr, &w->fr_cap, d + 1, sizeof *w->fr)) return 0;
    frame_t *f = &w->fr[d];
    int parent_pos = d ? w->fr[d - 1].pos
                       : (n->parent && n->parent->type == XML_DOCUMENT_NODE ? P_DOC : P_NONE);
    f->cursors = w->ncur;
    f->pos = (unsigned char)pos_of(parent_pos, n);
    f->opened = 0;
    if (d && !advance_cursors(w, n, w->fr[d - 1].cursors, f->cursors)) return 0;
    int c = classify(w, n, f->pos);
    if (c == C_NONE) return 1;
    if (CII_FIRST[c] < CII_FIRST[c + 1]) {
        if (!open_context(w, n, c)) return 0;
        f->opened = 1;
    }
    custom_checks(w, n, c);
    return 1;
}

static void leave(walk_t *w, size_t d)
{
    w->ncur = w->fr[d].cursors;
    if (w->fr[d].opened) close_context(w);
}

#ifndef NDEBUG
/* The walk relies on the table's order: contexts ascending, paths in strcmp order. */
static int table_is_sorted(void)
{
    size_t n = sizeof CII_CHECKS / sizeof CII_CHECKS[0];
    if (CII_FIRST[0] != 0 || CII_FIRST[C_COUNT] != n) return 0;
    for (int c = 0; c < C_COUNT; c++)
        for (size_t i = CII_FIRST[c]; i < CII_FIRST[c + 1]; i++)
            if (CII_CHECKS[i].ctx != c ||
                (i > CII_FIRST[c] && strcmp(CII_CHECKS[i - 1].path, CII_CHECKS[i].path) > 0))
                return 0;
    return 1;
}
#endif

void cii_check_syntax(einv_ctx_t *ctx)
{
    assert(table_is_sorted());
    pthread_once(&step_once, step_index_build);
    const einv_xdoc_t *xd = einv_ctx_xdoc(ctx);
    const xmlNode *root = xd ? einv_xdoc_root(xd) : NULL;
    if (!root) return;
    walk_t *w = calloc(1, sizeof *w);
    if (!w) return;
    w->ctx = ctx, w->xd = xd, w->billed_unit = -1, w->due_codes = -1;
    /* pre-order walk; a node is left once its whole subtree has been seen */
    const xmlNode *n = root;
    size_t d = 0;
    int ok = enter(w, n, 0);
    while (ok) {
        const xmlNode *next = first_el(n);
        if (next) {
            n = next;
            ok = enter(w, n, ++d);
            continue;
        }
        for (;;) {
            leave(w, d);
            if (n == root) goto done;
            if ((next = next_el(n))) {
                n = next;
                ok = enter(w, n, d);
                break;
            }
            n = n->parent;
            d--;
        }
    }
done:
    free(w->fr);
    free(w->cur);
    free(w->oc);
    free(w);
}
