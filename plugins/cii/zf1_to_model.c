/* ZUGFeRD 1.0 (rsm:CrossIndustryDocument, 2014) -> canonical EN 16931 model.
 *
 * ZUGFeRD 1.0 is an earlier cut of the same UN/CEFACT library as CII D16B: most business
 * data sits under the same ram: names, and what differs is a handful of container names,
 * the namespaces and a few leaves. Instead of a second binding table, the 1.0 elements are
 * renamed in place to their D16B names (and tagged with the D16B namespace ids), the CII
 * mapper reads the tree, and every name and namespace id is put back. The renames follow
 * the ZUGFeRD 1.0 schema (CrossIndustryDocument, RABIE :12, UDT :15, QDT :12):
 *
 *   rsm:CrossIndustryDocument                      -> rsm:CrossIndustryInvoice
 *   rsm:SpecifiedExchangedDocumentContext          -> rsm:ExchangedDocumentContext
 *   rsm:HeaderExchangedDocument                    -> rsm:ExchangedDocument
 *   rsm:SpecifiedSupplyChainTradeTransaction       -> rsm:SupplyChainTradeTransaction
 *   ram:ApplicableSupplyChainTrade{Agreement,Delivery,Settlement} (header)
 *                                                  -> ram:ApplicableHeaderTrade{...}
 *   ram:SpecifiedSupplyChainTrade{Agreement,Delivery,Settlement} (line)
 *                                                  -> ram:SpecifiedLineTrade{...}
 *   ram:SpecifiedTradeSettlementMonetarySummation  -> ...HeaderMonetarySummation (header)
 *                                                     ...LineMonetarySummation (line)
 *   ram:ApplicablePercent (trade tax)              -> ram:RateApplicablePercent
 *   ram:ID of any ram:*ReferencedDocument          -> ram:IssuerAssignedID
 *
 * Two 1.0 constructs have no D16B counterpart the CII mapper reads: the header's
 * ram:SpecifiedLogisticsServiceCharge (freight, packing ...), which 1.0 counts among the
 * charges of the totals, becomes a document level charge (BG-21); a text line (a line item
 * with only a note: no line id, quantity, price or product, which 1.0 COMFORT allows and
 * EN 16931 has no place for) is hidden from the mapper and its note becomes an invoice
 * note (BT-22) instead of an empty invoice line.
 * 1.0 data without an EN 16931 term (invoicee, logistics details, ...) is not mapped.
 *
 * Afterwards each model node's source element becomes its XPath in the 1.0 document
 * (node->src), so findings on the UBL the engine writes from the model point into the
 * document the sender wrote, and the tree can be dropped. */
#include "zf1_to_model.h"
#include "cii_to_model.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define ZF1_NS_RSM "urn:ferd:CrossIndustryDocument:invoice:1p0"

/* The ZUGFeRD 1.0 namespaces and the ids of their D16B counterparts. */
static const struct {
    const char *href;
    unsigned short ns;
} ZF1_NS[] = {
    {ZF1_NS_RSM, EINV_NS_RSM},
    {"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12", EINV_NS_RAM},
    {"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15", EINV_NS_UDT},
    {"urn:un:unece:uncefact:data:standard:QualifiedDataType:12", EINV_NS_QDT}};
#define ZF1_NNS (sizeof ZF1_NS / sizeof ZF1_NS[0])

const einv_rule_t zf1_r_legacy = {
    "ZF1-LEGACY", EINV_SEV_WARNING, EINV_LAYER_SYNTAX, "BT-24",
    "ZUGFeRD 1.0 invoice: the format predates EN 16931, so it was converted to the EN 16931 "
    "model and the rules were applied to the converted invoice.",
    "Send the invoice as ZUGFeRD 2.x / Factur-X (CII D16B, profile EN 16931 or higher); "
    "ZUGFeRD 1.0 data that has no EN 16931 business term is not checked."};

int zf1_is_document(const einv_xdoc_t *doc)
{
    const xmlNode *r = einv_xdoc_root(doc);
    return r && r->ns && r->ns->href && strcmp((const char *)r->name, "CrossIndustryDocument") == 0 &&
           strcmp((const char *)r->ns->href, ZF1_NS_RSM) == 0;
}

/* ---- renaming ---- */

/* Element `from` of namespace ns is read as `to` when its parent is `parent`: NULL for
 * the document element, "" for any parent, "*X" for a parent whose name ends in X. */
typedef struct zf1_rename {
    unsigned short ns;
    const char *parent, *from, *to;
} zf1_rename;

static const zf1_rename ZF1_RENAMES[] = {
    {EINV_NS_RSM, NULL, "CrossIndustryDocument", "CrossIndustryInvoice"},
    {EINV_NS_RSM, "CrossIndustryDocument", "SpecifiedExchangedDocumentContext", "ExchangedDocumentContext"},
    {EINV_NS_RSM, "CrossIndustryDocument", "HeaderExchangedDocument", "ExchangedDocument"},
    {EINV_NS_RSM, "CrossIndustryDocument", "SpecifiedSupplyChainTradeTransaction",
     "SupplyChainTradeTransaction"},
    {EINV_NS_RAM, "SpecifiedSupplyChainTradeTransaction", "ApplicableSupplyChainTradeAgreement",
     "ApplicableHeaderTradeAgreement"},
    {EINV_NS_RAM, "SpecifiedSupplyChainTradeTransaction", "ApplicableSupplyChainTradeDelivery",
     "ApplicableHeaderTradeDelivery"},
    {EINV_NS_RAM, "SpecifiedSupplyChainTradeTransaction", "ApplicableSupplyChainTradeSettlement",
     "ApplicableHeaderTradeSettlement"},
    {EINV_NS_RAM, "IncludedSupplyChainTradeLineItem", "SpecifiedSupplyChainTradeAgreement",
     "SpecifiedLineTradeAgreement"},
    {EINV_NS_RAM, "IncludedSupplyChainTradeLineItem", "SpecifiedSupplyChainTradeDelivery",
     "SpecifiedLineTradeDelivery"},
    {EINV_NS_RAM, "IncludedSupplyChainTradeLineItem", "SpecifiedSupplyChainTradeSettlement",
     "SpecifiedLineTradeSettlement"},
    {EINV_NS_RAM, "ApplicableSupplyChainTradeSettlement", "SpecifiedTradeSettlementMonetarySummation",
     "SpecifiedTradeSettlementHeaderMonetarySummation"},
    {EINV_NS_RAM, "SpecifiedSupplyChainTradeSettlement", "SpecifiedTradeSettlementMonetarySummation",
     "SpecifiedTradeSettlementLineMonetarySummation"},
    {EINV_NS_RAM, "", "ApplicablePercent", "RateApplicablePercent"},
    {EINV_NS_RAM, "*ReferencedDocument", "ID", "IssuerAssignedID"}};

typedef struct zf1_saved {
    xmlNodePtr node;
    const xmlChar *name;   /* owned by the document (its dictionary): put back before any free */
} zf1_saved;

typedef struct zf1_walk {
    const xmlNs *cache_ns[16];   /* namespace declaration -> index in ZF1_NS, or -1 */
    int cache_k[16], ncache;
    int orig[ZF1_NNS];           /* node->extra the parser gave each 1.0 namespace, -1 unseen */
    zf1_saved *saved;            /* the renamed elements */
    size_t n, cap;
    int oom;
} zf1_walk;

static int zf1_ns_index(zf1_walk *w, const xmlNs *ns)
{
    int i, k = -1;
    if (!ns || !ns->href)
        return -1;
    for (i = 0; i < w->ncache; i++)
        if (w->cache_ns[i] == ns)
            return w->cache_k[i];
    for (i = 0; i < (int)ZF1_NNS; i++)
        if (strcmp((const char *)ns->href, ZF1_NS[i].href) == 0) {
            k = i;
            break;
        }
    if (w->ncache < 16) {
        w->cache_ns[w->ncache] = ns;
        w->cache_k[w->ncache++] = k;
    }
    return k;
}

static int zf1_parent_is(const char *want, const char *parent)
{
    size_t lw, lp;
    if (!want)
        return parent == NULL;
    if (!parent)
        return 0;
    if (!*want)
        return 1;
    if (*want != '*')
        return strcmp(want, parent) == 0;
    lw = strlen(want + 1);
    lp = strlen(parent);
    return lp >= lw && strcmp(parent + lp - lw, want + 1) == 0;
}

/* The D16B name of a 1.0 element, or NULL when it keeps its own. parent is the parent's
 * 1.0 name, "" for a parent outside the 1.0 namespaces, NULL for the document element. */
static const char *zf1_new_name(unsigned short ns, const char *name, const char *parent)
{
    size_t i;
    for (i = 0; i < sizeof ZF1_RENAMES / sizeof ZF1_RENAMES[0]; i++)
        if (ZF1_RENAMES[i].ns == ns && strcmp(ZF1_RENAMES[i].from, name) == 0 &&
            zf1_parent_is(ZF1_RENAMES[i].parent, parent))
            return ZF1_RENAMES[i].to;
    return NULL;
}

static int zf1_save(zf1_walk *w, xmlNodePtr n)
{
    if (w->n == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 64;
        zf1_saved *v = realloc(w->saved, cap * sizeof *v);
        if (!v) {
            w->oom = 1;
            return 0;
        }
        w->saved = v;
        w->cap = cap;
    }
    w->saved[w->n].node = n;
    w->saved[w->n++].name = n->name;
    return 1;
}

/* A 1.0 text line: an IncludedSupplyChainTradeLineItem carrying a note and nothing an
 * invoice line is made of (read before its children are renamed). */
static int zf1_text_line(const xmlNode *item)
{
    const xmlNode *c, *g;
    int note = 0;
    for (c = item->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (strcmp((const char *)c->name, "AssociatedDocumentLineDocument") == 0) {
            for (g = c->children; g; g = g->next)
                if (g->type == XML_ELEMENT_NODE) {
                    if (strcmp((const char *)g->name, "IncludedNote") != 0)
                        return 0;   /* LineID or anything else: a real line */
                    note = 1;
                }
        } else {
            for (g = c->children; g; g = g->next)
                if (g->type == XML_ELEMENT_NODE)
                    return 0;       /* agreement, delivery, settlement or product with content */
            if (strcmp((const char *)c->name, "SpecifiedTradeProduct") == 0)
                return 0;
        }
    }
    return note;
}

#define ZF1_TEXT_LINE "ZF1TextLine"   /* what a text line is called while the mapper reads */

/* Tag n and its descendants with D16B namespace ids and names. parent: the parent's 1.0
 * name when the parent is a 1.0 element, "" for a foreign parent, NULL at the root.
 * (Recursion depth is bounded by the parser's depth limit.) */
static void zf1_map_tree(zf1_walk *w, xmlNodePtr n, const char *parent)
{
    const char *name = (const char *)n->name, *to = NULL;
    int k = zf1_ns_index(w, n->ns);
    xmlNodePtr c;
    if (k >= 0) {
        if (w->orig[k] < 0)
            w->orig[k] = n->extra;
        n->extra = ZF1_NS[k].ns;
        to = zf1_new_name(ZF1_NS[k].ns, name, parent);
        if (!to && ZF1_NS[k].ns == EINV_NS_RAM && strcmp(name, "IncludedSupplyChainTradeLineItem") == 0 &&
            zf1_text_line(n))
            to = ZF1_TEXT_LINE;
        if (to && zf1_save(w, n))
            n->name = (const xmlChar *)to;
    }
    for (c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            zf1_map_tree(w, c, k >= 0 ? name : "");
}

/* Put back every name and namespace id zf1_map_tree changed. The parser derives an
 * element's id from its namespace URI alone, so one saved id per namespace is exact. */
static void zf1_restore_tree(zf1_walk *w, xmlNodePtr n)
{
    xmlNodePtr c;
    int k = zf1_ns_index(w, n->ns);
    if (k >= 0 && w->orig[k] >= 0)
        n->extra = (unsigned short)w->orig[k];
    for (c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            zf1_restore_tree(w, c);
}

/* ---- reading the renamed tree ---- */

static void zf1_leaf(einv_invoice_t *inv, einv_node_t *g, einv_term t, const xmlNode *x,
                     const char *attr)
{
    einv_node_t *n;
    if (!x)
        return;
    n = einv_node_add(inv, g, t, einv_x_text(x));
    if (!n)
        return;
    einv_node_set_src(inv, n, NULL, x);
    if (attr && einv_x_attr(x, attr))
        einv_node_set_attr(inv, n, 0, einv_x_attr(x, attr));
}

/* Header ram:SpecifiedLogisticsServiceCharge -> BG-21 (read while the tree is renamed). */
static void zf1_logistics_charges(einv_invoice_t *inv, const xmlNode *root)
{
    const xmlNode *set =
        einv_x_path(root, "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement");
    const xmlNode *c;
    for (c = einv_x_child(set, EINV_NS_RAM, "SpecifiedLogisticsServiceCharge"); c; c = einv_x_next_same(c)) {
        const xmlNode *amount = einv_x_child(c, EINV_NS_RAM, "AppliedAmount");
        const xmlNode *reason = einv_x_child(c, EINV_NS_RAM, "Description");
        const xmlNode *tax = einv_x_child(c, EINV_NS_RAM, "AppliedTradeTax");
        const xmlNode *cat = einv_x_child(tax, EINV_NS_RAM, "CategoryCode");
        const xmlNode *rate = einv_x_child(tax, EINV_NS_RAM, "RateApplicablePercent");
        einv_node_t *g;
        if (!amount && !reason && !cat && !rate)
            continue;
        g = einv_node_add(inv, einv_invoice_root(inv), EINV_T_BG_21, NULL);
        if (!g)
            return;
        einv_node_set_src(inv, g, NULL, c);
        zf1_leaf(inv, g, EINV_T_BT_99, amount, "currencyID");
        zf1_leaf(inv, g, EINV_T_BT_102, cat, NULL);
        zf1_leaf(inv, g, EINV_T_BT_103, rate, NULL);
        zf1_leaf(inv, g, EINV_T_BT_104, reason, NULL);
    }
}

/* The notes of 1.0 text lines -> invoice notes (BG-1), read while the tree is renamed. */
static void zf1_text_line_notes(einv_invoice_t *inv, const xmlNode *root)
{
    const xmlNode *tx = einv_x_child(root, EINV_NS_RSM, "SupplyChainTradeTransaction"), *t, *n;
    for (t = einv_x_child(tx, EINV_NS_RAM, ZF1_TEXT_LINE); t; t = einv_x_next_same(t)) {
        const xmlNode *doc = einv_x_child(t, EINV_NS_RAM, "AssociatedDocumentLineDocument");
        for (n = einv_x_child(doc, EINV_NS_RAM, "IncludedNote"); n; n = einv_x_next_same(n)) {
            const xmlNode *content = einv_x_child(n, EINV_NS_RAM, "Content");
            einv_node_t *g;
            if (!content)
                continue;
            g = einv_node_add(inv, einv_invoice_root(inv), EINV_T_BG_1, NULL);
            if (!g)
                return;
            einv_node_set_src(inv, g, NULL, n);
            zf1_leaf(inv, g, EINV_T_BT_22, content, NULL);
        }
    }
}

static int zf1_loc_add(zf1_loc *L, const char *a, const char *b, const char *c)
{
    size_t la = strlen(a), lb = b ? strlen(b) : 0, lc = c ? strlen(c) : 0;
    if (L->len + la + lb + lc + 1 > L->cap) {
        size_t cap = L->cap ? L->cap : 512;
        char *p;
        while (L->len + la + lb + lc + 1 > cap)
            cap *= 2;
        if (!(p = realloc(L->buf, cap)))
            return -1;
        L->buf = p;
        L->cap = cap;
    }
    memcpy(L->buf + L->len, a, la);
    if (lb)
        memcpy(L->buf + L->len + la, b, lb);
    if (lc)
        memcpy(L->buf + L->len + la + lb, c, lc);
    L->len += la + lb + lc;
    L->buf[L->len] = 0;
    return 0;
}

/* One element step; the position among same-named siblings comes from the parser's
 * numbering (node->psvi) and is written only when there are several. */
static int zf1_loc_step(zf1_loc *L, const xmlNode *n)
{
    size_t idx = (size_t)(uintptr_t)n->psvi;
    const char *prefix = n->ns && n->ns->prefix ? (const char *)n->ns->prefix : NULL;
    char pos[32];
    pos[0] = 0;
    if (idx > 1 || einv_x_next_same(n))
        snprintf(pos, sizeof pos, "[%zu]", idx);
    if (zf1_loc_add(L, "/", prefix, prefix ? ":" : NULL) != 0)
        return -1;
    return zf1_loc_add(L, (const char *)n->name, pos, NULL);
}

/* The location of x (element or attribute) in L->buf, or NULL when out of memory. */
const char *zf1_loc_of(zf1_loc *L, const xmlNode *x)
{
    const xmlNode *up[ZF1_LOC_DEPTH], *n = x->type == XML_ATTRIBUTE_NODE ? x->parent : x;
    int k = 0, c = 0, i;
    for (; n && n->type == XML_ELEMENT_NODE; n = n->parent) {
        if (k == ZF1_LOC_DEPTH || !n->psvi)
            return NULL;   /* not a parsed tree of sane depth: the caller falls back */
        up[k++] = n;
    }
    while (c < L->depth && c < k && L->chain[c] == up[k - 1 - c])
        c++;
    L->len = c ? L->end[c - 1] : 0;
    L->depth = c;
    for (i = c; i < k; i++) {
        if (zf1_loc_step(L, up[k - 1 - i]) != 0)
            return NULL;
        L->chain[i] = up[k - 1 - i];
        L->end[i] = L->len;
        L->depth = i + 1;
    }
    if (x->type == XML_ATTRIBUTE_NODE) {
        /* appended past the element steps: the next call truncates it away */
        if (zf1_loc_add(L, "/@", (const char *)x->name, NULL) != 0)
            return NULL;
    } else if (L->buf == NULL && zf1_loc_add(L, "", NULL, NULL) != 0)
        return NULL;
    L->buf[L->len] = 0;
    return L->buf;
}

/* Every node's source element -> its XPath in the (restored) 1.0 document. */
static int zf1_sources(zf1_loc *L, einv_invoice_t *inv, einv_node_t *n)
{
    for (; n; n = n->next) {
        if (n->src_node) {
            const char *loc = zf1_loc_of(L, n->src_node);
            if (loc)
                einv_node_set_src(inv, n, loc, NULL);
            else {
                char *slow = einv_x_location(n->src_node);
                if (!slow)
                    return -1;
                einv_node_set_src(inv, n, slow, NULL);
                free(slow);
                L->depth = 0;
            }
        }
        if (n->first && zf1_sources(L, inv, n->first) != 0)
            return -1;
    }
    return 0;
}

einv_invoice_t *zf1_to_model(const einv_xdoc_t *doc)
{
    xmlNodePtr root = einv_xdoc_root(doc);
    einv_invoice_t *inv = NULL;
    zf1_walk w;
    size_t i;
    if (!root || !zf1_is_document(doc))
        return einv_invoice_new();
    memset(&w, 0, sizeof w);
    for (i = 0; i < ZF1_NNS; i++)
        w.orig[i] = -1;
    zf1_map_tree(&w, root, NULL);
    if (!w.oom && (inv = cii_to_model_root(root)) != NULL) {
        zf1_logistics_charges(inv, root);
        zf1_text_line_notes(inv, root);
    }
    /* names first: the document's dictionary owns the originals, the renames are literals */
    for (i = w.n; i-- > 0;)
        w.saved[i].node->name = w.saved[i].name;
    zf1_restore_tree(&w, root);
    free(w.saved);
    if (inv) {
        zf1_loc *L = calloc(1, sizeof *L);
        if (!L || zf1_sources(L, inv, einv_invoice_root(inv)) != 0) {
            einv_invoice_free(inv);
            inv = NULL;
        }
        if (L)
            free(L->buf);
        free(L);
    }
    return inv;
}

const char *zf1_guideline(const einv_invoice_t *inv, char *buf, size_t size)
{
    const einv_node_t *bg2 = inv ? einv_node_get(einv_invoice_root(inv), EINV_T_BG_2) : NULL;
    const char *t = bg2 ? einv_node_text(bg2, EINV_T_BT_24) : NULL;
    size_t n;
    if (!t || !size)
        return NULL;
    while (*t == ' ' || *t == '\t' || *t == '\r' || *t == '\n')
        t++;
    n = strlen(t);
    while (n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\r' || t[n - 1] == '\n'))
        n--;
    if (!n)
        return NULL;
    if (n >= size)
        n = size - 1;
    memcpy(buf, t, n);
    buf[n] = 0;
    return buf;
}

void zf1_report_legacy(einv_ctx_t *ctx, const einv_invoice_t *inv)
{
    static const char *const LEVELS[] = {"BASIC", "COMFORT", "EXTENDED"};
    char g[256], level[64];
    const char *tail, *src = inv ? einv_invoice_root(inv)->src : NULL;
    size_t i;
    level[0] = 0;
    if (zf1_guideline(inv, g, sizeof g) && (tail = strstr(g, "invoice:1p0:")) != NULL)
        for (i = 0; i < 3; i++)
            if (strcasecmp(tail + 12, LEVELS[i]) == 0)
                snprintf(level, sizeof level, "%s", LEVELS[i]);
    einv_report_msg(ctx, &zf1_r_legacy, src ? src : "/",
                    "ZUGFeRD 1.0 invoice (%s): the format predates EN 16931, so it was converted to the "
                    "EN 16931 model and the rules were applied to the converted invoice.",
                    level[0] ? level : "no known ZUGFeRD 1.0 profile declared");
}
