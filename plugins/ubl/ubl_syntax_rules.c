/* UBL syntax-binding rules of the CEN EN 16931 artefacts v1.3.16 (pattern "UBL-syntax"):
 * UBL-CR-* (elements and attributes EN 16931 does not use), UBL-SR-* (cardinalities) and
 * UBL-DT-* (datatypes, attributes). Rule metadata lives in ubl_syntax_table.c; the CR
 * paths are data (ubl_syntax_table.def).
 *
 * Speed: once per process the CR paths are compiled into a trie of child steps, and every
 * local name the family knows gets a small integer id. One pre-order walk over the document
 * then, per element, maps its (interned) name pointer to an id through a per-document
 * cache, advances the trie by a hash probe, checks its attributes and dispatches it to its
 * SR/DT context with integer compares. Cost is linear in the document.
 *
 * Semantics follow the Schematron pattern: each element is handled by the first rule whose
 * context matches it. The contexts of this pattern are disjoint by element name, except
 * the two AllowanceCharge rules, where the ChargeIndicator = false() one comes first. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/tree.h>
#include <einvoice/plugin.h>
#include "ubl_syntax_rules.h"

#define SR(n) (&ubl_sr[n])
#define DT(n) (&ubl_dt[n])
#define CR(n) (&ubl_cr[n])

/* ------------------------------------------------------------------------------------ */
/* Name ids                                                                             */

/* Names the code refers to directly; registered first, so their ids are these constants. */
#define FIXED_NAMES(X)                                                                    \
    X(Invoice) X(CreditNote) X(PostalAddress) X(Address) X(AddressLine) X(Party)          \
    X(AccountingSupplierParty) X(AccountingCustomerParty) X(AdditionalDocumentReference)  \
    X(Delivery) X(DeliveryParty) X(AllowanceCharge) X(ChargeIndicator)                    \
    X(AllowanceChargeReason) X(PartyTaxScheme) X(TaxScheme) X(CompanyID) X(InvoiceLine)  \
    X(CreditNoteLine) X(PayeeParty) X(PaymentMeans) X(BillingReference)                   \
    X(InvoiceDocumentReference) X(TaxRepresentativeParty) X(TaxSubtotal) X(TaxCategory)  \
    X(TaxExemptionReason) X(Price) X(PartyIdentification) X(PartyName) X(Name) X(ID)     \
    X(PartyLegalEntity) X(RegistrationName) X(CompanyLegalForm) X(DocumentDescription)   \
    X(DocumentTypeCode) X(Attachment) X(Note) X(OrderLineReference) X(LineID)            \
    X(InvoicePeriod) X(DescriptionCode) X(Amount) X(Item) X(ClassifiedTaxCategory)       \
    X(Description) X(DocumentReference) X(PaymentID) X(PaymentMeansCode) X(PaymentMandate) \
    X(PaymentDueDate) X(CardAccount) X(PaymentTerms) X(UBLVersionID)                      \
    X(ContractDocumentReference) X(ReceiptDocumentReference) X(DespatchDocumentReference) \
    X(OriginatorDocumentReference) X(ProjectReference)                                    \
    X(name) X(schemeID) X(mimeCode) X(filename)

enum {
    NM_UNKNOWN = 0,
#define X(n) NM_##n,
    FIXED_NAMES(X)
#undef X
    NM_FIXED_END
};
static const char *const FIXED_STR[] = {
    "",
#define X(n) #n,
    FIXED_NAMES(X)
#undef X
};

#define NM_MAX 2048           /* ids fit 11 bits (trie keys) */
#define NM_HASH 4096
static const char *nm_str[NM_MAX];
static uint8_t nm_len[NM_MAX];             /* strlen, capped at 255 (then compare fully) */
static uint16_t nm_hash[NM_HASH];          /* open addressing, 0 = empty */
static uint16_t nm_count;
static uint8_t nm_attr[NM_MAX];            /* 1 + index into ubl_attr_rules, 0 none */
static uint8_t nm_any_head[NM_MAX];        /* first step of some "//" CR path */

static uint32_t str_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static int nm_find(const char *s, size_t n)
{
    for (uint32_t h = str_hash(s, n) & (NM_HASH - 1);; h = (h + 1) & (NM_HASH - 1)) {
        uint16_t id = nm_hash[h];
        if (!id)
            return -(int)h - 1;            /* free slot for an insert */
        if (nm_len[id] != (n < 255 ? n : 255))
            continue;
        if (n < 255 ? !memcmp(nm_str[id], s, n) : (!strncmp(nm_str[id], s, n) && !nm_str[id][n]))
            return id;
    }
}

static int nm_add(const char *s, size_t n, const char *stored)
{
    int f = nm_find(s, n);
    if (f > 0)
        return f;
    if (nm_count + 1 >= NM_MAX)
        return -1;
    nm_str[++nm_count] = stored;
    nm_len[nm_count] = (uint8_t)(n < 255 ? n : 255);
    nm_hash[-f - 1] = nm_count;
    return nm_count;
}

/* Flags of a name, computed once per distinct name per document. Any namespace: the
 * Schematron tests name(), whose prefix never changes these suffixes. */
enum { FL_AMOUNT = 1, FL_BINOBJ = 2 };
static uint8_t name_flags(const char *s)
{
    size_t n = strlen(s);
    if (!n || s[n - 1] != 't')             /* both suffixes end in 't' */
        return 0;
    if (n >= 6 && !memcmp(s + n - 6, "Amount", 6))
        return (n >= 11 && !memcmp(s + n - 11, "PriceAmount", 11)) ? 0 : FL_AMOUNT;
    if (n >= 12 && !memcmp(s + n - 12, "BinaryObject", 12))
        return FL_BINOBJ;
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* The CR trie                                                                          */

#define T_MAX_NODES 2048
#define T_MAX_RULES 1024
#define TH_SIZE 4096
#define T_POOL 32768

typedef struct tnode {
    int16_t rule;         /* first rule link, -1 none */
    uint8_t has_edges;
} tnode_t;
typedef struct trule {
    uint16_t cr;          /* CR number */
    int16_t next;
    uint16_t attr;        /* 0: the element itself; else the name id of an attribute on it */
} trule_t;

enum { T_ROOT = 0, T_ANY = 1, T_LINE = 2 };

static tnode_t T[T_MAX_NODES];
static trule_t TR[T_MAX_RULES];
static uint32_t th_key[TH_SIZE];           /* (node << 16 | ns << 11 | id), 0 = empty */
static uint16_t th_to[TH_SIZE];
static size_t t_nodes, t_rules;
static char t_pool[T_POOL];
static size_t t_pool_used;
static int t_ok;
static pthread_once_t t_once = PTHREAD_ONCE_INIT;

static inline uint32_t th_slot(uint32_t key) { return (key * 2654435761u) >> 20; }

static inline int trie_step(int node, int ns, int id)
{
    if (!id || ns >= 32)
        return -1;
    uint32_t key = (uint32_t)node << 16 | (uint32_t)ns << 11 | (uint32_t)id;
    for (uint32_t h = th_slot(key);; h = (h + 1) & (TH_SIZE - 1)) {
        if (th_key[h] == key)
            return th_to[h];
        if (!th_key[h])
            return -1;
    }
}

static int new_node(void)
{
    if (t_nodes >= T_MAX_NODES)
        return -1;
    T[t_nodes].rule = -1;
    return (int)t_nodes++;
}

static int name_id(const char *s, size_t n)
{
    int f = nm_find(s, n);
    if (f > 0)
        return f;
    if (t_pool_used + n + 1 > T_POOL)
        return -1;
    char *p = t_pool + t_pool_used;
    memcpy(p, s, n);
    p[n] = '\0';
    t_pool_used += n + 1;
    return nm_add(s, n, p);
}

static void add_edge(int node, int ns, int id, int to)
{
    uint32_t key = (uint32_t)node << 16 | (uint32_t)ns << 11 | (uint32_t)id;
    uint32_t h = th_slot(key);
    while (th_key[h])
        h = (h + 1) & (TH_SIZE - 1);
    th_key[h] = key;
    th_to[h] = (uint16_t)to;
    T[node].has_edges = 1;
}

/* Child of `node` by (ns, id), created when missing. */
static int child_node(int node, int ns, int id)
{
    int to = trie_step(node, ns, id);
    if (to < 0 && (to = new_node()) >= 0)
        add_edge(node, ns, id, to);
    return to;
}

static int prefix_ns(const char *p, size_t n)
{
    if (n == 3 && !memcmp(p, "cac", 3)) return EINV_NS_CAC;
    if (n == 3 && !memcmp(p, "cbc", 3)) return EINV_NS_CBC;
    if (n == 3 && !memcmp(p, "ext", 3)) return EINV_NS_EXT;
    return -1;
}

static int insert_path(int node, const char *path, int cr)
{
    int attr = 0, first = 1;
    for (const char *s = path; *s;) {
        const char *end = strchr(s, '/');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        if (*s == '@') {                       /* attribute: always the last step */
            if ((attr = name_id(s + 1, len - 1)) < 0)
                return -1;
            break;
        }
        const char *colon = memchr(s, ':', len);
        int ns = colon ? prefix_ns(s, (size_t)(colon - s)) : -1;
        int id = ns < 0 ? -1 : name_id(colon + 1, len - (size_t)(colon - s) - 1);
        if (id < 0)
            return -1;
        if (first && node == T_ANY)
            nm_any_head[id] = 1;
        first = 0;
        if ((node = child_node(node, ns, id)) < 0)
            return -1;
        s += len;
        if (*s == '/')
            s++;
    }
    if (t_rules >= T_MAX_RULES)
        return -1;
    TR[t_rules] = (trule_t){(uint16_t)cr, T[node].rule, (uint16_t)attr};
    T[node].rule = (int16_t)t_rules++;
    return 0;
}

static void build(void)
{
    for (int i = 1; i < NM_FIXED_END; i++)
        if (nm_add(FIXED_STR[i], strlen(FIXED_STR[i]), FIXED_STR[i]) != i)
            return;
    for (size_t i = 0; i < ubl_attr_rules_count; i++) {
        int id = name_id(ubl_attr_rules[i].name, strlen(ubl_attr_rules[i].name));
        if (id < 0)
            return;
        nm_attr[id] = (uint8_t)(i + 1);
    }
    for (int i = 0; i < 3; i++)
        if (new_node() != i)
            return;
    /* Line paths hang below both line element names, children of the root. */
    add_edge(T_ROOT, EINV_NS_CAC, NM_InvoiceLine, T_LINE);
    add_edge(T_ROOT, EINV_NS_CAC, NM_CreditNoteLine, T_LINE);
    for (int n = 1; n < UBL_CR_MAX; n++) {
        const ubl_cr_path_t *c = &ubl_cr_path[n];
        int start = c->kind == UBL_CR_ROOT ? T_ROOT : c->kind == UBL_CR_LINE ? T_LINE
                  : c->kind == UBL_CR_ANY ? T_ANY : -1;
        if (start >= 0 && insert_path(start, c->path, n) < 0)
            return;
    }
    t_ok = 1;
}

/* ------------------------------------------------------------------------------------ */
/* Walk state and small tree helpers                                                    */

#define NC_SIZE 512
typedef struct nameinfo {
    uint16_t id;          /* NM_UNKNOWN for names the family does not know */
    uint8_t fl;           /* FL_* */
} nameinfo_t;
typedef struct ncache {
    const xmlChar *p;
    nameinfo_t ni;
} ncache_t;

typedef struct walk {
    einv_ctx_t *ctx;
    const xmlNode *root;
    int root_ctx;            /* root is ubl:Invoice or cn:CreditNote */
    int credit_note;         /* the root's local name is CreditNote */
    int cn_root;             /* the root is cn:CreditNote */
    int dt18;                /* a name attribute outside cbc:PaymentMeansCode */
    int r665, r666, r673;
    size_t sepa_ids;         /* SR-29 */
    const char *pid0, *pmc0;      /* value of the first cbc:PaymentID / cbc:PaymentMeansCode */
    int pid_multi, pmc_multi;     /* SR-44 / SR-47: another value seen */
    unsigned char attr_hit[32];
    unsigned char fired[UBL_CR_MAX];
    size_t nc_used;
    ncache_t nc[NC_SIZE];    /* name pointer -> id, see nm() */
} walk_t;

/* Id and flags of an element or attribute name. The parser interns names, so the pointer
 * identifies the name within a document: an open-addressing table keyed by pointer makes
 * each distinct name cost one string lookup per document. */
static nameinfo_t nm(walk_t *w, const xmlChar *p)
{
    uintptr_t u = (uintptr_t)p;
    size_t h = (size_t)(((uint64_t)u * 0x9E3779B97F4A7C15ull) >> 55) & (NC_SIZE - 1);
    ncache_t *e;
    for (;; h = (h + 1) & (NC_SIZE - 1)) {
        e = &w->nc[h];
        if (e->p == p)
            return e->ni;
        if (!e->p)
            break;
    }
    if (w->nc_used >= NC_SIZE / 2) {     /* names not interned, or very many: start over */
        memset(w->nc, 0, sizeof w->nc);
        w->nc_used = 0;
        e = &w->nc[(size_t)(((uint64_t)u * 0x9E3779B97F4A7C15ull) >> 55) & (NC_SIZE - 1)];
    }
    int id = nm_find((const char *)p, strlen((const char *)p));
    e->p = p;
    e->ni.id = id > 0 ? (uint16_t)id : NM_UNKNOWN;
    e->ni.fl = name_flags((const char *)p);
    w->nc_used++;
    return e->ni;
}

static inline int is_el(walk_t *w, const xmlNode *n, int ns, int id)
{
    return n->type == XML_ELEMENT_NODE && (int)n->extra == ns && nm(w, n->name).id == id;
}

static inline const xmlNode *first_el(const xmlNode *p)
{
    const xmlNode *c = p->children;
    while (c && c->type != XML_ELEMENT_NODE)
        c = c->next;
    return c;
}

static inline const xmlNode *next_el(const xmlNode *c)
{
    for (c = c->next; c && c->type != XML_ELEMENT_NODE; c = c->next)
        ;
    return c;
}

#define EACH_CHILD(c, p) for (const xmlNode *c = first_el(p); c; c = next_el(c))

/* count(p/ns:id) */
static size_t cnt1(walk_t *w, const xmlNode *p, int ns, int id)
{
    size_t k = 0;
    EACH_CHILD(c, p)
        k += is_el(w, c, ns, id);
    return k;
}

/* count(p/ns1:id1/ns2:id2) */
static size_t cnt2(walk_t *w, const xmlNode *p, int ns1, int id1, int ns2, int id2)
{
    size_t k = 0;
    EACH_CHILD(c, p)
        if (is_el(w, c, ns1, id1))
            k += cnt1(w, c, ns2, id2);
    return k;
}

static const xmlNode *child(walk_t *w, const xmlNode *p, int ns, int id)
{
    EACH_CHILD(c, p)
        if (is_el(w, c, ns, id))
            return c;
    return NULL;
}

/* The no-namespace attribute's value, or NULL. The parser gives an attribute a single
 * text child (entities cannot occur: a DOCTYPE is refused). */
static const char *attr_val(const xmlNode *n, const char *name)
{
    for (const xmlAttr *a = n->properties; a; a = a->next)
        if (!a->ns && !strcmp((const char *)a->name, name))
            return a->children && a->children->content ? (const char *)a->children->content : "";
    return NULL;
}

/* XPath string value; the usual single-text-child case without a copy. */
static const char *sval(const xmlNode *n)
{
    const xmlNode *t = n->children;
    if (!t)
        return "";
    if (!t->next && (t->type == XML_TEXT_NODE || t->type == XML_CDATA_SECTION_NODE) && t->content)
        return (const char *)t->content;
    return einv_x_text(n);
}

/* Some child ns:id whose string value equals (eq = 1) / differs from (eq = 0) v. */
static int child_cmp(walk_t *w, const xmlNode *p, int ns, int id, const char *v, int eq)
{
    EACH_CHILD(c, p)
        if (is_el(w, c, ns, id) && (strcmp(sval(c), v) == 0) == eq)
            return 1;
    return 0;
}

/* Some child cbc:ID carries a schemeID attribute. */
static int id_with_scheme(walk_t *w, const xmlNode *p)
{
    EACH_CHILD(c, p)
        if (is_el(w, c, EINV_NS_CBC, NM_ID) && attr_val(c, "schemeID"))
            return 1;
    return 0;
}

/* upper-case(s) = up for an ASCII upper-case target. Besides a-z only U+017F (long s, to
 * 'S') and U+0131 (dotless i, to 'I') upper-case to single ASCII letters. */
static int upper_eq(const char *s, const char *up)
{
    const unsigned char *p = (const unsigned char *)s;
    for (; *up; up++) {
        unsigned ch = *p;
        if (ch >= 'a' && ch <= 'z')
            ch -= 32, p++;
        else if (ch == 0xC5 && p[1] == 0xBF)
            ch = 'S', p += 2;
        else if (ch == 0xC4 && p[1] == 0xB1)
            ch = 'I', p += 2;
        else if (ch)
            p++;
        if (ch != (unsigned char)*up)
            return 0;
    }
    return *p == '\0';
}

/* xs:boolean cast of a string value: 1 true, 0 false, -1 not a boolean. */
static int xs_bool(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    if ((n == 4 && !memcmp(s, "true", 4)) || (n == 1 && *s == '1'))
        return 1;
    if ((n == 5 && !memcmp(s, "false", 5)) || (n == 1 && *s == '0'))
        return 0;
    return -1;
}

/* cbc:ChargeIndicator = want(): existential; a value that is no boolean is an error, which
 * makes the rule context not match (treated as false). */
static int charge_is(walk_t *w, const xmlNode *ac, int want)
{
    EACH_CHILD(c, ac)
        if (is_el(w, c, EINV_NS_CBC, NM_ChargeIndicator)) {
            int b = xs_bool(sval(c));
            if (b < 0)
                return 0;
            if (b == want)
                return 1;
        }
    return 0;
}

/* string-length(substring-after(., '.')): characters, not bytes. */
static size_t frac_chars(const xmlNode *n)
{
    const char *s = strchr(sval(n), '.');
    size_t k = 0;
    if (s)
        for (s++; *s; s++)
            k += ((unsigned char)*s & 0xC0) != 0x80;
    return k;
}

/* ------------------------------------------------------------------------------------ */
/* Element contexts                                                                     */

static void fire_node(walk_t *w, int node, const xmlNode *el)
{
    for (int r = T[node].rule; r >= 0; r = TR[r].next) {
        const trule_t *t = &TR[r];
        if (w->fired[t->cr])
            continue;
        if ((ubl_cr_path[t->cr].flags & UBL_CR_INVOICE_ONLY) && w->cn_root)
            continue;   /* "... or ../cn:CreditNote" */
        if (!t->attr || attr_val(el, nm_str[t->attr]))
            w->fired[t->cr] = 1;
    }
}

static void scan_attrs(walk_t *w, const xmlNode *el, int ns, int id)
{
    for (const xmlAttr *a = el->properties; a; a = a->next) {
        if (a->ns)
            continue;
        int aid = nm(w, a->name).id;
        if (aid == NM_name) {
            if (!(ns == EINV_NS_CBC && id == NM_PaymentMeansCode))
                w->dt18 = 1;
        } else if (aid && nm_attr[aid]) {
            w->attr_hit[nm_attr[aid] - 1] = 1;
        }
    }
}

/* Payees (UBL-SR-19/20/21) compare their names with the seller names next to them:
 * (cac:PartyName/cbc:Name) != (../cac:AccountingSupplierParty/cac:Party/
 * cac:PartyLegalEntity/cbc:RegistrationName), true when some pair of values differs.
 * The seller names are summarised per parent element in one pass over the supplier
 * parties, so the check stays linear however the payees are placed. */
typedef struct seller_sum {
    const xmlNode *parent;
    const char *first;    /* first seller name, NULL when none */
    int mixed;            /* the seller names are not all equal */
} seller_sum_t;

/* The summary of `parent`: created when insert is set (the table has room for every
 * supplier party's parent), else NULL when absent. */
static seller_sum_t *sum_slot(seller_sum_t *t, size_t cap, const xmlNode *parent, int insert)
{
    uintptr_t u = (uintptr_t)parent;
    size_t h = (size_t)(((uint64_t)u * 0x9E3779B97F4A7C15ull) >> 32) & (cap - 1);
    while (t[h].parent && t[h].parent != parent)
        h = (h + 1) & (cap - 1);
    if (!t[h].parent) {
        if (!insert)
            return NULL;
        t[h].parent = parent;
    }
    return &t[h];
}

static void ctx_payee(walk_t *w, const xmlNode *el, const seller_sum_t *sellers)
{
    int differs = 0;
    if (sellers && sellers->first)
        EACH_CHILD(pn, el) {
            if (!is_el(w, pn, EINV_NS_CAC, NM_PartyName))
                continue;
            EACH_CHILD(a, pn)
                if (is_el(w, a, EINV_NS_CBC, NM_Name) && (sellers->mixed || strcmp(sval(a), sellers->first)))
                    differs = 1;
        }
    size_t ids = 0;
    EACH_CHILD(pi, el) {
        if (!is_el(w, pi, EINV_NS_CAC, NM_PartyIdentification))
            continue;
        EACH_CHILD(id, pi)
            if (is_el(w, id, EINV_NS_CBC, NM_ID)) {
                const char *s = attr_val(id, "schemeID");
                ids += !upper_eq(s ? s : "", "SEPA");   /* upper-case(()) is "" */
            }
    }
    if (!(cnt2(w, el, EINV_NS_CAC, NM_PartyName, EINV_NS_CBC, NM_Name) <= 1 && differs))
        einv_report(w->ctx, SR(19), el);
    if (!(ids <= 1 && differs))
        einv_report(w->ctx, SR(20), el);
    if (!(cnt2(w, el, EINV_NS_CAC, NM_PartyLegalEntity, EINV_NS_CBC, NM_CompanyID) <= 1 && differs))
        einv_report(w->ctx, SR(21), el);
}

static void payee_rules(walk_t *w, const einv_xdoc_t *d)
{
    const einv_nodelist_t *payees = einv_xdoc_all(d, EINV_NS_CAC, "PayeeParty");
    const einv_nodelist_t *sups = einv_xdoc_all(d, EINV_NS_CAC, "AccountingSupplierParty");
    seller_sum_t *t = NULL;
    size_t cap = 4;
    if (!payees->n)
        return;
    while (cap < 2 * sups->n + 2)
        cap *= 2;
    if (sups->n && !(t = calloc(cap, sizeof *t)))
        return;
    for (size_t i = 0; i < sups->n; i++) {
        seller_sum_t *e = sum_slot(t, cap, sups->v[i]->parent, 1);
        EACH_CHILD(p, sups->v[i]) {
            if (!is_el(w, p, EINV_NS_CAC, NM_Party))
                continue;
            EACH_CHILD(le, p) {
                if (!is_el(w, le, EINV_NS_CAC, NM_PartyLegalEntity))
                    continue;
                EACH_CHILD(rn, le) {
                    if (!is_el(w, rn, EINV_NS_CBC, NM_RegistrationName))
                        continue;
                    const char *v = sval(rn);
                    if (!e->first)
                        e->first = v;
                    else if (strcmp(v, e->first))
                        e->mixed = 1;
                }
            }
        }
    }
    for (size_t i = 0; i < payees->n; i++)
        ctx_payee(w, payees->v[i], t ? sum_slot(t, cap, payees->v[i]->parent, 0) : NULL);
    free(t);
}

static void ctx_line(walk_t *w, const xmlNode *el)
{
    size_t notes = 0, olr = 0, periods = 0, disc = 0, ctc = 0, desc = 0, docref = 0;
    EACH_CHILD(c, el) {
        int ns = (int)c->extra, id = nm(w, c->name).id;
        if (ns == EINV_NS_CBC)
            notes += id == NM_Note;
        else if (ns != EINV_NS_CAC)
            continue;
        else if (id == NM_OrderLineReference)
            olr += cnt1(w, c, EINV_NS_CBC, NM_LineID);
        else if (id == NM_InvoicePeriod)
            periods++;
        else if (id == NM_Price)
            disc += cnt2(w, c, EINV_NS_CAC, NM_AllowanceCharge, EINV_NS_CBC, NM_Amount);
        else if (id == NM_Item) {
            EACH_CHILD(i, c) {
                ctc += is_el(w, i, EINV_NS_CAC, NM_ClassifiedTaxCategory);
                desc += is_el(w, i, EINV_NS_CBC, NM_Description);
            }
        } else if (id == NM_DocumentReference)
            docref++;
    }
    if (notes > 1) einv_report(w->ctx, SR(34), el);
    if (olr > 1) einv_report(w->ctx, SR(35), el);
    if (periods > 1) einv_report(w->ctx, SR(36), el);
    if (disc > 1) einv_report(w->ctx, SR(37), el);
    if (ctc != 1) einv_report(w->ctx, SR(48), el);
    if (desc > 1) einv_report(w->ctx, SR(50), el);
    if (docref > 1) einv_report(w->ctx, SR(52), el);
}

static void ctx_adr(walk_t *w, const xmlNode *el)
{
    int has_dtc = child(w, el, EINV_NS_CBC, NM_DocumentTypeCode) != NULL;
    int is130 = has_dtc && child_cmp(w, el, EINV_NS_CBC, NM_DocumentTypeCode, "130", 1);
    int scheme = id_with_scheme(w, el);
    if (cnt1(w, el, EINV_NS_CBC, NM_DocumentDescription) > 1)
        einv_report(w->ctx, SR(33), el);
    if (!(is130 || (w->credit_note && child_cmp(w, el, EINV_NS_CBC, NM_DocumentTypeCode, "50", 1)) ||
          (!scheme && !has_dtc)))
        einv_report(w->ctx, SR(43), el);
    /* CR-665/666/673 look at every cac:AdditionalDocumentReference of the document */
    if (is130) {
        w->r666 |= child(w, el, EINV_NS_CAC, NM_Attachment) != NULL;
        w->r673 |= child(w, el, EINV_NS_CBC, NM_DocumentDescription) != NULL;
    }
    if (scheme && (!has_dtc || child_cmp(w, el, EINV_NS_CBC, NM_DocumentTypeCode, "130", 0)))
        w->r665 = 1;
}

/* Distinct string values of //cbc:PaymentID and //cbc:PaymentMeansCode (SR-44, SR-47). */
static void distinct(const xmlNode *el, const char **first, int *multi)
{
    if (!*first)
        *first = sval(el);
    else if (!*multi && strcmp(*first, sval(el)))
        *multi = 1;
}

/* The SR/DT context of an element (plus collectors for document-wide rules). */
static void dispatch(walk_t *w, const xmlNode *el, int ns, nameinfo_t ne, int in_price_ac)
{
    einv_ctx_t *ctx = w->ctx;
    if (ns == EINV_NS_CAC) {
        switch (ne.id) {
        case NM_PostalAddress:
        case NM_Address:
            if (cnt1(w, el, EINV_NS_CAC, NM_AddressLine) > 1)
                einv_report(ctx, SR(51), el);
            return;
        case NM_Party: {
            const xmlNode *p = el->parent;
            if (p && is_el(w, p, EINV_NS_CAC, NM_AccountingSupplierParty) &&
                cnt1(w, el, EINV_NS_CAC, NM_PartyTaxScheme) > 2)
                einv_report(ctx, SR(42), el);
            return;
        }
        case NM_AdditionalDocumentReference:
            ctx_adr(w, el);
            return;
        case NM_Delivery: {
            size_t k = 0;
            EACH_CHILD(dp, el)
                if (is_el(w, dp, EINV_NS_CAC, NM_DeliveryParty))
                    k += cnt2(w, dp, EINV_NS_CAC, NM_PartyName, EINV_NS_CBC, NM_Name);
            if (k > 1)
                einv_report(ctx, SR(25), el);
            return;
        }
        case NM_AllowanceCharge: {
            const einv_rule_t *r = charge_is(w, el, 0) ? SR(30) : charge_is(w, el, 1) ? SR(31) : NULL;
            if (r && cnt1(w, el, EINV_NS_CBC, NM_AllowanceChargeReason) > 1)
                einv_report(ctx, r, el);
            return;
        }
        case NM_PartyTaxScheme:
            if (!cnt2(w, el, EINV_NS_CAC, NM_TaxScheme, EINV_NS_CBC, NM_ID) ||
                !child(w, el, EINV_NS_CBC, NM_CompanyID))
                einv_report(ctx, SR(53), el);
            return;
        case NM_InvoiceLine:
        case NM_CreditNoteLine:
            ctx_line(w, el);
            return;
        case NM_PayeeParty:   /* after the walk: payee_rules() */
            return;
        case NM_PaymentMeans:
            if (cnt1(w, el, EINV_NS_CBC, NM_PaymentID) > 1)
                einv_report(ctx, SR(26), el);
            if (cnt1(w, el, EINV_NS_CBC, NM_PaymentMeansCode) > 1)
                einv_report(ctx, SR(27), el);
            if (cnt2(w, el, EINV_NS_CAC, NM_PaymentMandate, EINV_NS_CBC, NM_ID) > 1)
                einv_report(ctx, SR(28), el);
            return;
        case NM_BillingReference:
            if (cnt1(w, el, EINV_NS_CAC, NM_InvoiceDocumentReference) > 1)
                einv_report(ctx, SR(6), el);
            if (!cnt2(w, el, EINV_NS_CAC, NM_InvoiceDocumentReference, EINV_NS_CBC, NM_ID))
                einv_report(ctx, SR(7), el);
            return;
        case NM_TaxRepresentativeParty:
            if (cnt2(w, el, EINV_NS_CAC, NM_PartyName, EINV_NS_CBC, NM_Name) > 1)
                einv_report(ctx, SR(22), el);
            if (cnt2(w, el, EINV_NS_CAC, NM_PartyTaxScheme, EINV_NS_CBC, NM_CompanyID) > 1)
                einv_report(ctx, SR(23), el);
            return;
        case NM_TaxSubtotal:
            if (cnt2(w, el, EINV_NS_CAC, NM_TaxCategory, EINV_NS_CBC, NM_TaxExemptionReason) > 1)
                einv_report(ctx, SR(32), el);
            return;
        case NM_PartyIdentification:   /* collector for SR-29, not a context */
            EACH_CHILD(id, el)
                if (is_el(w, id, EINV_NS_CBC, NM_ID)) {
                    const char *s = attr_val(id, "schemeID");
                    w->sepa_ids += s && upper_eq(s, "SEPA");
                }
            return;
        }
    } else if (ns == EINV_NS_CBC) {
        if (ne.id == NM_PaymentID)
            distinct(el, &w->pid0, &w->pid_multi);
        else if (ne.id == NM_PaymentMeansCode)
            distinct(el, &w->pmc0, &w->pmc_multi);
    }
    if (ne.fl & FL_AMOUNT) {
        if (!in_price_ac && frac_chars(el) > 2)
            einv_report(ctx, DT(1), el);
    } else if (ne.fl & FL_BINOBJ) {
        if (!attr_val(el, "mimeCode"))
            einv_report(ctx, DT(6), el);
        if (!attr_val(el, "filename"))
            einv_report(ctx, DT(7), el);
    }
}

/* Trie walk below an element that starts a "//" CR path. */
static void visit_any(walk_t *w, const xmlNode *el, int st)
{
    if (T[st].rule >= 0)
        fire_node(w, st, el);
    if (!T[st].has_edges)
        return;
    EACH_CHILD(c, el) {
        int cs = trie_step(st, (int)c->extra, nm(w, c->name).id);
        if (cs >= 0)
            visit_any(w, c, cs);
    }
}

/* Pre-order walk. st: trie node of el (-1 none); in_price_ac: some ancestor cac:Price has
 * a cac:AllowanceCharge child (such amounts are exempt from UBL-DT-01). */
static void visit(walk_t *w, const xmlNode *el, nameinfo_t ne, int st, int in_price_ac)
{
    int ns = (int)el->extra;
    if (st >= 0 && T[st].rule >= 0)
        fire_node(w, st, el);
    if (w->root_ctx && ne.id && nm_any_head[ne.id]) {
        int a = trie_step(T_ANY, ns, ne.id);
        if (a >= 0)
            visit_any(w, el, a);
    }
    if (el->properties)
        scan_attrs(w, el, ns, ne.id);
    dispatch(w, el, ns, ne, in_price_ac);
    if (!in_price_ac && ns == EINV_NS_CAC && ne.id == NM_Price)
        in_price_ac = child(w, el, EINV_NS_CAC, NM_AllowanceCharge) != NULL;
    int edges = st >= 0 && T[st].has_edges;
    EACH_CHILD(c, el) {
        nameinfo_t ce = nm(w, c->name);
        visit(w, c, ce, edges ? trie_step(st, (int)c->extra, ce.id) : -1, in_price_ac);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Root context                                                                         */

/* Company ids of a party's tax registrations, by whether the scheme is VAT:
 * cac:PartyTaxScheme[cac:TaxScheme/upper-case(cbc:ID) = / != 'VAT']/cbc:CompanyID. */
static void party_tax(walk_t *w, const xmlNode *party, size_t *vat, size_t *other)
{
    EACH_CHILD(pts, party) {
        if (!is_el(w, pts, EINV_NS_CAC, NM_PartyTaxScheme))
            continue;
        int is_vat = 0, not_vat = 0;
        EACH_CHILD(ts, pts)
            if (is_el(w, ts, EINV_NS_CAC, NM_TaxScheme)) {
                const xmlNode *id = child(w, ts, EINV_NS_CBC, NM_ID);
                if (upper_eq(id ? sval(id) : "", "VAT"))
                    is_vat = 1;
                else
                    not_vat = 1;
            }
        size_t ids = (is_vat || not_vat) ? cnt1(w, pts, EINV_NS_CBC, NM_CompanyID) : 0;
        if (is_vat)
            *vat += ids;
        if (not_vat && other)
            *other += ids;
    }
}

static void root_rules(walk_t *w)
{
    const xmlNode *root = w->root;
    einv_ctx_t *ctx = w->ctx;
    size_t c[UBL_SR_MAX] = {0};   /* counts by SR number */
    size_t sup_vat = 0, sup_other = 0, buy_vat = 0;
    int version = 0, version21 = 0;

    EACH_CHILD(k, root) {
        int ns = (int)k->extra, id = nm(w, k->name).id;
        if (ns == EINV_NS_CBC && id == NM_UBLVersionID) {
            version = 1;
            version21 |= !strcmp(sval(k), "2.1");
        }
        if (ns != EINV_NS_CAC)
            continue;
        switch (id) {
        case NM_ContractDocumentReference: c[1] += cnt1(w, k, EINV_NS_CBC, NM_ID); break;
        case NM_ReceiptDocumentReference: c[2] += cnt1(w, k, EINV_NS_CBC, NM_ID); break;
        case NM_DespatchDocumentReference: c[3] += cnt1(w, k, EINV_NS_CBC, NM_ID); break;
        case NM_AdditionalDocumentReference:
            if (child_cmp(w, k, EINV_NS_CBC, NM_DocumentTypeCode, "130", 1))
                c[4] += cnt1(w, k, EINV_NS_CBC, NM_ID);
            break;
        case NM_PaymentTerms: c[5] += cnt1(w, k, EINV_NS_CBC, NM_Note); break;
        case NM_InvoicePeriod:
            c[8]++;
            c[49] += cnt1(w, k, EINV_NS_CBC, NM_DescriptionCode);
            break;
        case NM_AccountingSupplierParty:
            EACH_CHILD(p, k) {
                if (!is_el(w, p, EINV_NS_CAC, NM_Party))
                    continue;
                c[9] += cnt2(w, p, EINV_NS_CAC, NM_PartyLegalEntity, EINV_NS_CBC, NM_RegistrationName);
                c[10] += cnt2(w, p, EINV_NS_CAC, NM_PartyName, EINV_NS_CBC, NM_Name);
                c[11] += cnt2(w, p, EINV_NS_CAC, NM_PartyLegalEntity, EINV_NS_CBC, NM_CompanyID);
                c[14] += cnt2(w, p, EINV_NS_CAC, NM_PartyLegalEntity, EINV_NS_CBC, NM_CompanyLegalForm);
                party_tax(w, p, &sup_vat, &sup_other);
            }
            break;
        case NM_AccountingCustomerParty:
            EACH_CHILD(p, k) {
                if (!is_el(w, p, EINV_NS_CAC, NM_Party))
                    continue;
                c[15] += cnt2(w, p, EINV_NS_CAC, NM_PartyLegalEntity, EINV_NS_CBC, NM_RegistrationName);
                c[16] += cnt2(w, p, EINV_NS_CAC, NM_PartyIdentification, EINV_NS_CBC, NM_ID);
                c[17] += cnt2(w, p, EINV_NS_CAC, NM_PartyLegalEntity, EINV_NS_CBC, NM_CompanyID);
                c[40] += cnt2(w, p, EINV_NS_CAC, NM_PartyName, EINV_NS_CBC, NM_Name);
                party_tax(w, p, &buy_vat, NULL);
            }
            break;
        case NM_Delivery: c[24]++; break;
        case NM_ProjectReference: c[39] += cnt1(w, k, EINV_NS_CBC, NM_ID); break;
        case NM_PaymentMeans:
            EACH_CHILD(m, k) {
                c[45] += is_el(w, m, EINV_NS_CBC, NM_PaymentDueDate);
                c[46] += is_el(w, m, EINV_NS_CBC, NM_PaymentMeansCode) && attr_val(m, "name");
                c[54] += is_el(w, m, EINV_NS_CAC, NM_CardAccount);
                c[55] += is_el(w, m, EINV_NS_CAC, NM_PaymentMandate);
            }
            break;
        case NM_OriginatorDocumentReference: c[56] += cnt1(w, k, EINV_NS_CBC, NM_ID); break;
        }
    }
    c[12] = sup_vat;
    c[13] = sup_other;
    c[18] = buy_vat;
    c[29] = w->sepa_ids;

    static const unsigned char AT_MOST_ONCE[] = {1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                                 17, 18, 24, 29, 39, 40, 45, 46, 49, 54, 55, 56};
    for (size_t i = 0; i < sizeof AT_MOST_ONCE; i++)
        if (c[AT_MOST_ONCE[i]] > 1)
            einv_report(ctx, SR(AT_MOST_ONCE[i]), root);
    if (w->pid_multi)
        einv_report(ctx, SR(44), root);
    if (w->pmc_multi)
        einv_report(ctx, SR(47), root);

    for (int n = 1; n < UBL_CR_MAX; n++)
        if (w->fired[n])
            einv_report(ctx, CR(n), root);
    if (version && !version21)
        einv_report(ctx, CR(2), root);
    if (w->r665) einv_report(ctx, CR(665), root);
    if (w->r666) einv_report(ctx, CR(666), root);
    if (w->r673) einv_report(ctx, CR(673), root);
    for (size_t i = 0; i < ubl_attr_rules_count; i++)
        if (w->attr_hit[i])
            einv_report(ctx, ubl_attr_rules[i].rule, root);
    if (w->dt18)
        einv_report(ctx, DT(18), root);
}

void ubl_check_syntax(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    const xmlNode *root = d ? einv_xdoc_root(d) : NULL;
    if (!root)
        return;
    pthread_once(&t_once, build);
    if (!t_ok || ubl_attr_rules_count > sizeof ((walk_t *)0)->attr_hit)
        return;   /* cannot happen with the shipped tables */

    walk_t *w = calloc(1, sizeof *w);   /* ~10 KiB: keep it off small thread stacks */
    if (!w)
        return;
    w->ctx = ctx;
    w->root = root;
    int rns = (int)root->extra, rid = nm(w, root->name).id;
    w->cn_root = rns == EINV_NS_UBL_CN && rid == NM_CreditNote;
    w->root_ctx = (rns == EINV_NS_UBL_INV && rid == NM_Invoice) || w->cn_root;
    w->credit_note = !strcmp((const char *)root->name, "CreditNote");

    visit(w, root, nm(w, root->name), w->root_ctx ? T_ROOT : -1, 0);
    payee_rules(w, d);
    if (w->root_ctx)
        root_rules(w);
    free(w);
}
