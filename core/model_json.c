/* canonicalJson: the canonical invoice as the camelCase JSON object of API.md.
 *
 * A hand-written writer (no json-c tree, no per-piece function calls: canonicalJson of a
 * large invoice is megabytes). Fields come out in terms.def order whatever the order of
 * the nodes; absent terms are omitted except the "always" fields of model_schema.def
 * (null, or [] for lists). Amounts, quantities and percentages are JSON numbers spelled
 * with the document's own digits (never through a double); a value that is not an
 * xs:decimal is written as null. Node sources (src, src_node) are not serialized. */
#include <einvoice/invoice.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "model_schema.h"

typedef struct jw {
    char *p;
    size_t n, cap;
    int oom;
    const einv_node_t *root;   /* for buyer.leitwegId, derived from BT-10 */
} jw_t;

static int jw_grow(jw_t *w, size_t need)
{
    size_t cap = w->cap ? w->cap : 4096;
    char *p;
    if (w->oom)
        return 0;
    while (cap - w->n < need)
        cap *= 2;
    if (!(p = realloc(w->p, cap))) {
        w->oom = 1;
        return 0;
    }
    w->p = p;
    w->cap = cap;
    return 1;
}

static inline void put(jw_t *w, const char *s, size_t n)
{
    if (w->cap - w->n <= n && !jw_grow(w, n + 1))
        return;
    memcpy(w->p + w->n, s, n);
    w->n += n;
}

#define PUT_LIT(w, s) put(w, s, sizeof(s) - 1)

/* A JSON string; NULL is null. Runs of plain characters are copied at once. */
static void put_str(jw_t *w, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s, *run;
    if (!s) {
        PUT_LIT(w, "null");
        return;
    }
    PUT_LIT(w, "\"");
    for (run = p;; p++) {
        unsigned char c = *p;
        char esc[6];
        size_t n = 2;
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        put(w, (const char *)run, (size_t)(p - run));
        if (!c)
            break;
        esc[0] = '\\';
        switch (c) {
        case '"': esc[1] = '"'; break;
        case '\\': esc[1] = '\\'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        default:
            memcpy(esc + 1, "u00", 3);
            esc[4] = hex[c >> 4];
            esc[5] = hex[c & 15];
            n = 6;
        }
        put(w, esc, n);
        run = p + 1;
    }
    PUT_LIT(w, "\"");
}

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Write the xs:decimal text s as a JSON number: surrounding white space and a '+' sign
 * dropped, leading zeros of the integer part dropped ("007.50" -> 7.50, ".5" -> 0.5,
 * "5." -> 5), the fraction digits kept exactly. null when s is not an xs:decimal. */
static void put_number(jw_t *w, const char *s)
{
    const char *p, *int0, *int1, *frac0 = NULL, *frac1 = NULL;
    int neg = 0;
    if (!s) {
        PUT_LIT(w, "null");
        return;
    }
    p = s;
    while (is_ws(*p))
        p++;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    int0 = p;
    while (is_digit(*p))
        p++;
    int1 = p;
    if (*p == '.') {
        frac0 = ++p;
        while (is_digit(*p))
            p++;
        frac1 = p;
    }
    while (is_ws(*p))
        p++;
    if (*p || (int0 == int1 && frac0 == frac1)) {
        PUT_LIT(w, "null");
        return;
    }
    while (int1 - int0 > 1 && *int0 == '0')
        int0++;
    if (neg)
        PUT_LIT(w, "-");
    if (int0 == int1)
        PUT_LIT(w, "0");
    else
        put(w, int0, (size_t)(int1 - int0));
    if (frac0 && frac1 > frac0) {
        PUT_LIT(w, ".");
        put(w, frac0, (size_t)(frac1 - frac0));
    }
}

/* xs:boolean lexical forms; anything else is null. */
static void put_bool(jw_t *w, const char *s)
{
    char t[8];
    size_t k = 0;
    while (s && is_ws(*s))
        s++;
    while (s && *s && !is_ws(*s) && k < sizeof t - 1)
        t[k++] = *s++;
    t[k] = 0;
    if (!strcmp(t, "true") || !strcmp(t, "1"))
        PUT_LIT(w, "true");
    else if (!strcmp(t, "false") || !strcmp(t, "0"))
        PUT_LIT(w, "false");
    else
        PUT_LIT(w, "null");
}

/* {"value": text, "<n0>": attr[0], "<n1>": attr[1]} with absent attributes omitted.
 * n0/n1 are JSON fragments: ",\"scheme\":" etc. */
static void put_attr_object(jw_t *w, const einv_node_t *n, const char *n0, const char *n1)
{
    PUT_LIT(w, "{\"value\":");
    put_str(w, n->text);
    if (n->attr[0]) {
        put(w, n0, strlen(n0));
        put_str(w, n->attr[0]);
    }
    if (n->attr[1]) {
        put(w, n1, strlen(n1));
        put_str(w, n->attr[1]);
    }
    PUT_LIT(w, "}");
}

/* A Leitweg-ID: coarse address (2-12 digits), optional fine address (1-30 letters or
 * digits), check digits (2), joined by '-', valid per ISO 7064 MOD 97-10 (letters count
 * A=10 .. Z=35). Writes the trimmed id into out (size >= 48); 1 when s is one. */
static int leitweg_form(const char *s, char *out)
{
    size_t k = 0, part = 0, plen = 0, lens[3] = {0, 0, 0};
    unsigned r = 0;
    if (!s)
        return 0;
    while (is_ws(*s))
        s++;
    for (; *s && !is_ws(*s); s++) {
        char c = *s;
        if (k >= 46)
            return 0;
        out[k++] = c;
        if (c == '-') {
            if (plen == 0 || part == 2)
                return 0;
            lens[part++] = plen;
            plen = 0;
            continue;
        }
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        if (is_digit(c))
            r = (r * 10 + (unsigned)(c - '0')) % 97;
        else if (c >= 'A' && c <= 'Z' && part == 1)
            r = (r * 100 + (unsigned)(c - 'A' + 10)) % 97;
        else
            return 0;
        plen++;
    }
    while (is_ws(*s))
        s++;
    if (*s || part == 0 || plen == 0)
        return 0;
    lens[part] = plen;
    out[k] = 0;
    if (lens[0] < 2 || lens[0] > 12 || lens[part] != 2 || (part == 2 && lens[1] > 30))
        return 0;
    /* letters are only allowed in the fine address: with two parts, part 1 is the check */
    if (part == 1 && (!is_digit(out[lens[0] + 1]) || !is_digit(out[lens[0] + 2])))
        return 0;
    return r == 1;
}

static void put_members(jw_t *w, const einv_node_t *node, einv_term group, int *first);

static void put_value(jw_t *w, const einv_node_t *n)
{
    const einv_term_info_t *ti = einv_term_info(n->term);
    switch (ti->kind) {
    case EINV_K_GROUP: {
        int first = 1;
        PUT_LIT(w, "{");
        put_members(w, n, n->term, &first);
        PUT_LIT(w, "}");
        break;
    }
    case EINV_K_AMOUNT:
    case EINV_K_QUANTITY:
    case EINV_K_PERCENT:
    case EINV_K_DECIMAL:
        put_number(w, n->text);
        break;
    case EINV_K_BOOL:
        put_bool(w, n->text);
        break;
    case EINV_K_ID:
        put_attr_object(w, n, ",\"scheme\":", ",\"schemeVersion\":");
        break;
    case EINV_K_BINARY:
        put_attr_object(w, n, ",\"mimeCode\":", ",\"filename\":");
        break;
    default:
        put_str(w, n->text);
    }
}

static void put_key(jw_t *w, const char *json, int *first)
{
    if (!*first)
        PUT_LIT(w, ",");
    *first = 0;
    PUT_LIT(w, "\"");   /* JSON names are plain identifiers */
    put(w, json, strlen(json));
    PUT_LIT(w, "\":");
}

/* buyer.leitwegId when no input format set one: BT-10 if it has the Leitweg-ID form. */
static void put_derived_leitweg(jw_t *w, const char *json, int *first)
{
    char id[48];
    put_key(w, json, first);
    if (leitweg_form(einv_node_text(w->root, EINV_T_BT_10), id))
        put_str(w, id);
    else
        PUT_LIT(w, "null");
}

/* The fields of `group` taken from node's children (node may be NULL: an absent inline
 * group still writes its "always" fields). */
static void put_members(jw_t *w, const einv_node_t *node, einv_term group, int *first)
{
    uint64_t seen[(EINV_T__COUNT + 63) / 64] = {0};
    const einv_node_t *c;
    const einv_term *kids;
    size_t nk, i;

    for (c = node ? node->first : NULL; c; c = c->next)
        if ((unsigned)c->term < EINV_T__COUNT)
            seen[c->term / 64] |= (uint64_t)1 << (c->term % 64);
    kids = einv_schema_children(group, &nk);
    for (i = 0; i < nk; i++) {
        einv_term t = kids[i];
        const einv_term_info_t *ti = einv_term_info(t);
        int present = (seen[t / 64] >> (t % 64)) & 1;
        if (einv_schema_inline(t)) {
            const einv_node_t *g = NULL;
            for (c = present ? node->first : NULL; c && !g; c = c->next)
                if (c->term == t)
                    g = c;
            put_members(w, g, t, first);
            continue;
        }
        if (!present) {
            if (t == EINV_T_LEITWEG_ID)
                put_derived_leitweg(w, ti->json, first);
            else if (einv_schema_always(t)) {
                put_key(w, ti->json, first);
                if (ti->card == EINV_C_MANY)
                    PUT_LIT(w, "[]");
                else if (ti->kind == EINV_K_GROUP) {   /* supplier/buyer: their own nulls */
                    int f = 1;
                    PUT_LIT(w, "{");
                    put_members(w, NULL, t, &f);
                    PUT_LIT(w, "}");
                } else
                    PUT_LIT(w, "null");
            }
            continue;
        }
        put_key(w, ti->json, first);
        if (ti->card == EINV_C_MANY) {
            int n = 0;
            PUT_LIT(w, "[");
            for (c = node->first; c; c = c->next)
                if (c->term == t) {
                    if (n++)
                        PUT_LIT(w, ",");
                    put_value(w, c);
                }
            PUT_LIT(w, "]");
        } else {
            for (c = node->first; c->term != t; c = c->next)
                ;
            put_value(w, c);   /* a repeated single-valued term: the first one is shown */
        }
    }
}

/* Serialize as canonicalJson (API.md). NULL when out of memory or inv is NULL.
 * (transfer full: free()) */
char *einv_invoice_to_json(const einv_invoice_t *inv)
{
    jw_t w;
    int first = 1;
    const einv_node_t *root = einv_invoice_root(inv);
    if (!root)
        return NULL;
    memset(&w, 0, sizeof w);
    w.root = root;
    PUT_LIT(&w, "{");
    put_members(&w, root, EINV_T_INVOICE, &first);
    PUT_LIT(&w, "}");
    put(&w, "", 0);
    if (w.oom || !w.p) {
        free(w.p);
        return NULL;
    }
    w.p[w.n] = 0;   /* put() always leaves room for the terminator */
    return w.p;
}
