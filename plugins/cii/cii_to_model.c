/* UN/CEFACT CII D16B CrossIndustryInvoice -> canonical EN 16931 model, following the
 * EN 16931-3-3 syntax binding (the XPaths of the CEN CII artefacts).
 *
 * The mapping is data: one table per business group, each row {term, path relative to the
 * group's source element, flags, filter, attribute sources, sub-table}. A path is a chain
 * of child steps ("ram:SpecifiedTradeProduct/ram:Name"), may end in an attribute
 * ("ram:BilledQuantity/@unitCode"), may be "." (the group's own element) and may list
 * alternatives separated by '|'. Lists (terms with EINV_C_MANY) take every match, single
 * terms the first match in document order that passes the row's filter. Rows without a
 * term (IN) stand for syntax containers such as ram:ApplicableHeaderTradeSettlement: their
 * rows attach to the current group. Dates in format 102 (YYYYMMDD) become YYYY-MM-DD.
 * The rows of a group are served by one pass over its element's children, so the mapping
 * is linear in the size of the document.
 * (The engine mirrors plugins/ubl/ubl_to_model.c; the two plugins cannot share code.) */
#include "cii_to_model.h"
#include "xml_walk.h"
#include <stdint.h>
#include <string.h>

enum {
    CM_COND = 1,      /* group created only when one of its fields is found */
    CM_IF_ABSENT = 2  /* skipped when the parent already holds this term */
};

enum {
    CF_NONE = 0,
    CF_VA,            /* ram:SpecifiedTaxRegistration/ram:ID with schemeID VA (VAT id) */
    CF_FC,            /* ... with schemeID FC (tax registration id) */
    CF_TC50,          /* IssuerAssignedID of a referenced document with TypeCode 50 (BT-17) */
    CF_TC130,         /* ... with TypeCode 130 (invoiced object, BT-18 / BT-128) */
    CF_TC916,         /* a referenced document with TypeCode 916 (BG-24) */
    CF_ALLOWANCE,     /* an allowance/charge with ChargeIndicator false */
    CF_CHARGE,        /* ... with ChargeIndicator true */
    CF_CUR_DOC,       /* a TaxTotalAmount in the invoice currency (BT-110) */
    CF_CUR_FALLBACK,  /* a TaxTotalAmount not in a distinct tax currency */
    CF_CUR_TAX,       /* a TaxTotalAmount in the tax currency BT-6 (BT-111) */
    CF_CREDITOR       /* a payment means with a payee account or institution (BG-17) */
};

typedef struct cii_row {
    einv_term term;
    const char *path;
    unsigned char flags, filter;
    /* attribute sources: "@name" on the matched element, "^path" from its parent element;
     * NULL: the kind's default */
    const char *a0, *a1;
    const struct cii_row *sub;    /* the fields of a group */
    size_t nsub;
} cii_row;

typedef struct cii_map {
    einv_invoice_t *inv;
    const xmlNode *root;
    char cur_doc[16], cur_tax[16];   /* BT-5 and BT-6, white space trimmed */
} cii_map;

typedef xw_visit_fn cii_visit_fn;

/* ---- small helpers ---- */

/* xs:boolean of ram:ChargeIndicator (its udt:Indicator): 1, 0, or -1 missing/invalid. */
static int cii_charge_indicator(const xmlNode *ac)
{
    const xmlNode *ci = einv_x_child(ac, EINV_NS_RAM, "ChargeIndicator");
    const char *t = ci ? einv_x_text(ci) : NULL;
    if (xw_token_eq(t, "true", 0) || xw_token_eq(t, "1", 0))
        return 1;
    if (xw_token_eq(t, "false", 0) || xw_token_eq(t, "0", 0))
        return 0;
    return -1;
}

static int cii_walk(const xmlNode *ctx, const char *path, cii_visit_fn fn, void *arg)
{
    return xw_walk(NULL, ctx, path, fn, arg);
}

/* ---- filters ---- */

static int cii_type_code_is(const xmlNode *doc, const char *code)
{
    return xw_token_eq(einv_x_text(einv_x_child(doc, EINV_NS_RAM, "TypeCode")), code, 0);
}

static int cii_filter(const cii_map *m, int f, const xmlNode *n)
{
    switch (f) {
    case CF_VA:
        return xw_token_eq(einv_x_attr(n, "schemeID"), "VA", 0);
    case CF_FC:
        return xw_token_eq(einv_x_attr(n, "schemeID"), "FC", 0);
    case CF_TC50:
        return cii_type_code_is(n->parent, "50");
    case CF_TC130:
        return cii_type_code_is(n->parent, "130");
    case CF_TC916:
        return cii_type_code_is(n, "916");
    case CF_ALLOWANCE:
        return cii_charge_indicator(n) == 0;
    case CF_CHARGE:
        return cii_charge_indicator(n) == 1;
    case CF_CUR_DOC:
        return m->cur_doc[0] && xw_token_eq(einv_x_attr(n, "currencyID"), m->cur_doc, 0);
    case CF_CUR_FALLBACK:
        return !m->cur_tax[0] || !strcmp(m->cur_tax, m->cur_doc) ||
               !xw_token_eq(einv_x_attr(n, "currencyID"), m->cur_tax, 0);
    case CF_CUR_TAX:
        return m->cur_tax[0] && strcmp(m->cur_tax, m->cur_doc) != 0 &&
               xw_token_eq(einv_x_attr(n, "currencyID"), m->cur_tax, 0);
    case CF_CREDITOR:
        return einv_x_child(n, EINV_NS_RAM, "PayeePartyCreditorFinancialAccount") ||
               einv_x_child(n, EINV_NS_RAM, "PayeeSpecifiedCreditorFinancialInstitution");
    default:
        return 1;
    }
}

/* ---- building nodes ---- */

static void cii_rows(cii_map *m, const cii_row *rows, size_t n, einv_node_t *parent,
                     const xmlNode *ctx);
static int cii_has_any(const cii_map *m, const cii_row *rows, size_t n, const xmlNode *ctx);

typedef struct cii_visit {
    cii_map *m;
    const cii_row *row;
    einv_node_t *parent;
    int many;
} cii_visit;

/* Default attribute sources by kind: currency of amounts, unit of quantities, scheme of
 * identifiers, mime code and file name of attachments. */
static const char *cii_attr_src(const cii_row *r, einv_term_kind k, int i)
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

static const char *cii_attr_value(const xmlNode *x, const char *src)
{
    const xmlNode *n;
    if (src[0] == '@')
        return einv_x_attr(x, src + 1);
    if (src[0] == '^' && (n = xw_first(x->parent, src + 1)))
        return einv_x_text(n);
    return NULL;
}

/* udt:DateTimeString / udt:DateString / qdt:DateTimeString in format 102 -> YYYY-MM-DD;
 * anything else keeps its text. */
static const char *cii_date(const xmlNode *x, const char *text, char out[11])
{
    const char *fmt = einv_x_attr(x, "format");
    char t[16];
    int i;
    if (fmt && !xw_token_eq(fmt, "102", 0))
        return text;
    xw_trim_copy(text, t, sizeof t);
    for (i = 0; i < 8; i++)
        if (t[i] < '0' || t[i] > '9')
            return text;
    if (t[8])
        return text;
    memcpy(out, t, 4);
    out[4] = '-';
    memcpy(out + 5, t + 4, 2);
    out[7] = '-';
    memcpy(out + 8, t + 6, 2);
    out[10] = 0;
    return out;
}

static void cii_leaf(cii_map *m, einv_node_t *parent, const cii_row *r, const xmlNode *x)
{
    const einv_term_info_t *ti = einv_term_info(r->term);
    const char *text = einv_x_text(x);
    char date[11];
    einv_node_t *n;
    int i;
    if (ti->kind == EINV_K_DATE && x->type == XML_ELEMENT_NODE)
        text = cii_date(x, text, date);
    n = einv_node_add(m->inv, parent, r->term, text);
    if (!n)
        return;
    einv_node_set_src(m->inv, n, NULL, x);
    if (x->type != XML_ELEMENT_NODE)
        return;
    for (i = 0; i < 2; i++) {
        const char *src = cii_attr_src(r, ti->kind, i);
        const char *v = src ? cii_attr_value(x, src) : NULL;
        if (v)
            einv_node_set_attr(m->inv, n, i, v);
    }
}

/* Lists take every match; single terms and syntax containers the first. */
static int cii_many(einv_term t)
{
    return t != EINV_T__COUNT && einv_term_info(t)->card == EINV_C_MANY;
}

static int cii_visit_add(const xmlNode *x, void *arg)
{
    cii_visit *v = arg;
    const cii_row *r = v->row;
    if (!cii_filter(v->m, r->filter, x))
        return 0;
    if (r->term == EINV_T__COUNT) {   /* a syntax container: its fields stay with parent */
        cii_rows(v->m, r->sub, r->nsub, v->parent, x);
        return 1;
    }
    if (r->sub) {
        einv_node_t *g;
        if ((r->flags & CM_COND) && !cii_has_any(v->m, r->sub, r->nsub, x))
            return 0;
        g = einv_node_add(v->m->inv, v->parent, r->term, NULL);
        if (!g)
            return 1;
        einv_node_set_src(v->m->inv, g, NULL, x);
        cii_rows(v->m, r->sub, r->nsub, g, x);
    } else
        cii_leaf(v->m, v->parent, r, x);
    return !v->many;
}

static int cii_visit_probe(const xmlNode *x, void *arg)
{
    cii_visit *v = arg;
    const cii_row *r = v->row;
    if (!cii_filter(v->m, r->filter, x))
        return 0;
    return !(r->flags & CM_COND || r->term == EINV_T__COUNT) ||
           cii_has_any(v->m, r->sub, r->nsub, x);
}

static int cii_has_any(const cii_map *m, const cii_row *rows, size_t n, const xmlNode *ctx)
{
    size_t i;
    for (i = 0; i < n; i++) {
        cii_visit v = {(cii_map *)m, &rows[i], NULL, 0};
        if (cii_walk(ctx, rows[i].path, cii_visit_probe, &v))
            return 1;
    }
    return 0;
}

/* An alternative of a row that starts with a child step of the group's element. */
typedef struct cii_alt {
    const char *local, *rest, *end;   /* first step's local name; the steps after it */
    size_t len;
    int ns;
    unsigned ri;                      /* index of its row */
} cii_alt;

#define CII_MAX_ALTS 64
#define CII_BUCKETS 64
#define CII_BUCKET(name, len) \
    (((unsigned)(len) * 7u + (unsigned char)(name)[0] * 3u + (unsigned char)(name)[(len) - 1]) % CII_BUCKETS)

/* Split a row's path into child-step alternatives; 0 when some alternative starts
 * elsewhere ("/", ".", "@") or there is no room left. */
static int cii_child_alts(const cii_row *r, unsigned ri, cii_alt *alts, size_t *na)
{
    const char *p = r->path;
    size_t k = *na;
    for (;;) {
        const char *bar = strchr(p, '|');
        const char *end = bar ? bar : p + strlen(p);
        const char *slash = memchr(p, '/', (size_t)(end - p));
        const char *colon = memchr(p, ':', (size_t)((slash ? slash : end) - p));
        int ns = colon ? xw_prefix_ns(p, (size_t)(colon - p)) : -1;
        if (ns < 0 || k >= CII_MAX_ALTS)
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

static void cii_walk_row(cii_map *m, const cii_row *r, einv_node_t *parent, const xmlNode *ctx)
{
    cii_visit v = {m, r, parent, cii_many(r->term)};
    if ((r->flags & CM_IF_ABSENT) && einv_node_get(parent, r->term))
        return;
    cii_walk(ctx, r->path, cii_visit_add, &v);
}

/* Map the rows of one group instance. Rows whose paths start with child steps are served
 * by a single pass over ctx's children (so the document element's thousands of lines are
 * visited once, not once per row); a single-valued row takes its first match in document
 * order. The other rows walk their paths afterwards, CM_IF_ABSENT rows last. */
static void cii_rows(cii_map *m, const cii_row *rows, size_t n, einv_node_t *parent,
                     const xmlNode *ctx)
{
    cii_alt alts[CII_MAX_ALTS];
    unsigned char direct[CII_MAX_ALTS], head[CII_BUCKETS], chain[CII_MAX_ALTS];
    size_t na = 0, i, a;
    uint64_t done = 0, match = 0;
    const xmlChar *last = NULL;
    int last_ns = -1;
    const xmlNode *c;

    for (i = 0; i < n && i < CII_MAX_ALTS; i++) {
        size_t keep = na;
        direct[i] = 0;
        if ((rows[i].flags & CM_IF_ABSENT) || !cii_child_alts(&rows[i], (unsigned)i, alts, &na)) {
            na = keep;
            direct[i] = 1;
        }
    }
    /* bucket the alternatives by name shape, so each child is compared with ~1 of them */
    memset(head, 0xff, sizeof head);
    for (a = na; a-- > 0;) {
        unsigned h = CII_BUCKET(alts[a].local, alts[a].len);
        chain[a] = head[h];
        head[h] = (unsigned char)a;
    }
    for (c = na ? ctx->children : NULL; c; c = c->next) {
        int ns;
        if (c->type != XML_ELEMENT_NODE)
            continue;
        ns = einv_x_nsid(c);
        if (c->name != last || ns != last_ns) {   /* names are interned: one test per run */
            const char *name = (const char *)c->name;
            size_t len = strlen(name);
            match = 0;
            for (a = len ? head[CII_BUCKET(name, len)] : 0xff; a != 0xff; a = chain[a])
                if (alts[a].ns == ns && alts[a].len == len && !memcmp(name, alts[a].local, len))
                    match |= (uint64_t)1 << a;
            last = c->name;
            last_ns = ns;
        }
        for (uint64_t todo = match; todo; todo &= todo - 1) {
            const cii_row *r;
            cii_visit v;
            a = (size_t)__builtin_ctzll(todo);
            if ((done >> alts[a].ri) & 1)
                continue;
            r = &rows[alts[a].ri];
            v.m = m;
            v.row = r;
            v.parent = parent;
            v.many = cii_many(r->term);
            if (xw_steps(c, alts[a].rest, alts[a].end, cii_visit_add, &v))
                done |= (uint64_t)1 << alts[a].ri;
        }
    }
    for (i = 0; i < n; i++)
        if ((i >= CII_MAX_ALTS || direct[i]) &&
            !(rows[i].flags & CM_IF_ABSENT))
            cii_walk_row(m, &rows[i], parent, ctx);
    for (i = 0; i < n; i++)
        if (rows[i].flags & CM_IF_ABSENT)
            cii_walk_row(m, &rows[i], parent, ctx);
}

/* ---- the binding ---- */

#define N_(a) (sizeof(a) / sizeof((a)[0]))
#define F(t, p) {EINV_T_##t, p, 0, 0, NULL, NULL, NULL, 0}
#define FX(t, p, fl, flt) {EINV_T_##t, p, fl, flt, NULL, NULL, NULL, 0}
#define FA(t, p, flt, a0, a1) {EINV_T_##t, p, 0, flt, a0, a1, NULL, 0}
#define G(t, p, sub) {EINV_T_##t, p, 0, 0, NULL, NULL, sub, N_(sub)}
#define GX(t, p, fl, flt, sub) {EINV_T_##t, p, fl, flt, NULL, NULL, sub, N_(sub)}
/* a syntax container without a business group: its rows attach to the current group */
#define IN(p, sub) {EINV_T__COUNT, p, 0, 0, NULL, NULL, sub, N_(sub)}

#define SET_ "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/"

#define CII_ADDRESS(name, l1, l2, l3, city, zip, sub, country)                               \
    static const cii_row name[] = {                                                       \
        F(l1, "ram:LineOne"), F(l2, "ram:LineTwo"), F(l3, "ram:LineThree"),               \
        F(city, "ram:CityName"), F(zip, "ram:PostcodeCode"),                              \
        F(sub, "ram:CountrySubDivisionName"), F(country, "ram:CountryID")}
#define CII_CONTACT(name, person, phone, email)                                             \
    static const cii_row name[] = {                                                       \
        F(person, "ram:PersonName|ram:DepartmentName"),                                   \
        F(phone, "ram:TelephoneUniversalCommunication/ram:CompleteNumber"),               \
        F(email, "ram:EmailURIUniversalCommunication/ram:URIID")}

CII_ADDRESS(CII_SELLER_ADDRESS, BT_35, BT_36, BT_162, BT_37, BT_38, BT_39, BT_40);
CII_ADDRESS(CII_BUYER_ADDRESS, BT_50, BT_51, BT_163, BT_52, BT_53, BT_54, BT_55);
CII_ADDRESS(CII_TAXREP_ADDRESS, BT_64, BT_65, BT_164, BT_66, BT_67, BT_68, BT_69);
CII_ADDRESS(CII_DELIVERY_ADDRESS, BT_75, BT_76, BT_165, BT_77, BT_78, BT_79, BT_80);
CII_CONTACT(CII_SELLER_CONTACT, BT_41, BT_42, BT_43);
CII_CONTACT(CII_BUYER_CONTACT, BT_56, BT_57, BT_58);

static const cii_row CII_NOTE[] = {F(BT_21, "ram:SubjectCode"), F(BT_22, "ram:Content")};

static const cii_row CII_PROCESS[] = {
    F(BT_23, "ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID"),
    F(BT_24, "ram:GuidelineSpecifiedDocumentContextParameter/ram:ID")};

static const cii_row CII_PRECEDING[] = {
    F(BT_25, "ram:IssuerAssignedID"), F(BT_26, "ram:FormattedIssueDateTime/qdt:DateTimeString")};

static const cii_row CII_SELLER[] = {
    F(BT_27, "ram:Name"),
    F(BT_28, "ram:SpecifiedLegalOrganization/ram:TradingBusinessName"),
    F(BT_29, "ram:ID|ram:GlobalID"),
    F(BT_30, "ram:SpecifiedLegalOrganization/ram:ID"),
    FX(BT_31, "ram:SpecifiedTaxRegistration/ram:ID", 0, CF_VA),
    FX(BT_32, "ram:SpecifiedTaxRegistration/ram:ID", 0, CF_FC),
    F(BT_33, "ram:Description"),
    F(BT_34, "ram:URIUniversalCommunication/ram:URIID"),
    G(BG_5, "ram:PostalTradeAddress", CII_SELLER_ADDRESS),
    G(BG_6, "ram:DefinedTradeContact", CII_SELLER_CONTACT)};

static const cii_row CII_BUYER[] = {
    F(BT_44, "ram:Name"),
    F(BT_45, "ram:SpecifiedLegalOrganization/ram:TradingBusinessName"),
    F(BT_46, "ram:ID|ram:GlobalID"),
    F(BT_47, "ram:SpecifiedLegalOrganization/ram:ID"),
    FX(BT_48, "ram:SpecifiedTaxRegistration/ram:ID", 0, CF_VA),
    F(BT_49, "ram:URIUniversalCommunication/ram:URIID"),
    G(BG_8, "ram:PostalTradeAddress", CII_BUYER_ADDRESS),
    G(BG_9, "ram:DefinedTradeContact", CII_BUYER_CONTACT)};

static const cii_row CII_PAYEE[] = {
    F(BT_59, "ram:Name"), F(BT_60, "ram:ID|ram:GlobalID"),
    F(BT_61, "ram:SpecifiedLegalOrganization/ram:ID")};

static const cii_row CII_TAXREP[] = {
    F(BT_62, "ram:Name"),
    FX(BT_63, "ram:SpecifiedTaxRegistration/ram:ID", 0, CF_VA),
    G(BG_12, "ram:PostalTradeAddress", CII_TAXREP_ADDRESS)};

/* context: ram:ApplicableHeaderTradeDelivery (always there in CII, hence CM_COND) */
static const cii_row CII_DELIVERY[] = {
    F(BT_70, "ram:ShipToTradeParty/ram:Name"),
    F(BT_71, "ram:ShipToTradeParty/ram:ID|ram:ShipToTradeParty/ram:GlobalID"),
    F(BT_72, "ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString"),
    G(BG_15, "ram:ShipToTradeParty/ram:PostalTradeAddress", CII_DELIVERY_ADDRESS)};

static const cii_row CII_PERIOD[] = {
    F(BT_73, "ram:StartDateTime/udt:DateTimeString"), F(BT_74, "ram:EndDateTime/udt:DateTimeString")};

static const cii_row CII_TRANSFER[] = {
    F(BT_84, "ram:PayeePartyCreditorFinancialAccount/ram:IBANID|"
             "ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID"),
    F(BT_85, "ram:PayeePartyCreditorFinancialAccount/ram:AccountName"),
    F(BT_86, "ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID")};
static const cii_row CII_CARD[] = {F(BT_87, "ram:ID"), F(BT_88, "ram:CardholderName")};
/* context: ram:ApplicableHeaderTradeSettlement */
static const cii_row CII_DEBIT[] = {
    F(BT_89, "ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID"),
    F(BT_90, "ram:CreditorReferenceID"),
    F(BT_91, "ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerPartyDebtorFinancialAccount/ram:IBANID")};
static const cii_row CII_PAYMENT[] = {
    F(BT_81, "ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode"),
    F(BT_82, "ram:SpecifiedTradeSettlementPaymentMeans/ram:Information"),
    F(BT_83, "ram:PaymentReference"),
    GX(BG_17, "ram:SpecifiedTradeSettlementPaymentMeans", 0, CF_CREDITOR, CII_TRANSFER),
    G(BG_18, "ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard",
      CII_CARD),
    GX(BG_19, ".", CM_COND, 0, CII_DEBIT)};

static const cii_row CII_ALLOWANCE[] = {
    F(BT_92, "ram:ActualAmount"), F(BT_93, "ram:BasisAmount"), F(BT_94, "ram:CalculationPercent"),
    F(BT_95, "ram:CategoryTradeTax/ram:CategoryCode"),
    F(BT_96, "ram:CategoryTradeTax/ram:RateApplicablePercent"),
    F(BT_97, "ram:Reason"), F(BT_98, "ram:ReasonCode")};
static const cii_row CII_CHARGE[] = {
    F(BT_99, "ram:ActualAmount"), F(BT_100, "ram:BasisAmount"), F(BT_101, "ram:CalculationPercent"),
    F(BT_102, "ram:CategoryTradeTax/ram:CategoryCode"),
    F(BT_103, "ram:CategoryTradeTax/ram:RateApplicablePercent"),
    F(BT_104, "ram:Reason"), F(BT_105, "ram:ReasonCode")};

/* BT-110/BT-111 are the TaxTotalAmounts in the invoice / tax currency */
static const cii_row CII_TOTALS[] = {
    F(BT_106, "ram:LineTotalAmount"), F(BT_107, "ram:AllowanceTotalAmount"),
    F(BT_108, "ram:ChargeTotalAmount"), F(BT_109, "ram:TaxBasisTotalAmount"),
    FX(BT_110, "ram:TaxTotalAmount", 0, CF_CUR_DOC),
    FX(BT_110, "ram:TaxTotalAmount", CM_IF_ABSENT, CF_CUR_FALLBACK),
    FX(BT_111, "ram:TaxTotalAmount", 0, CF_CUR_TAX),
    F(BT_112, "ram:GrandTotalAmount"), F(BT_113, "ram:TotalPrepaidAmount"),
    F(BT_114, "ram:RoundingAmount"), F(BT_115, "ram:DuePayableAmount")};

static const cii_row CII_VAT_BREAKDOWN[] = {
    F(BT_116, "ram:BasisAmount"), F(BT_117, "ram:CalculatedAmount"),
    F(BT_118, "ram:CategoryCode"), F(BT_119, "ram:RateApplicablePercent"),
    F(BT_120, "ram:ExemptionReason"), F(BT_121, "ram:ExemptionReasonCode")};

static const cii_row CII_DOCUMENT[] = {
    F(BT_122, "ram:IssuerAssignedID"), F(BT_123, "ram:Name"), F(BT_124, "ram:URIID"),
    F(BT_125, "ram:AttachmentBinaryObject")};

static const cii_row CII_LINE_PERIOD[] = {
    F(BT_134, "ram:StartDateTime/udt:DateTimeString"), F(BT_135, "ram:EndDateTime/udt:DateTimeString")};
static const cii_row CII_LINE_ALLOWANCE[] = {
    F(BT_136, "ram:ActualAmount"), F(BT_137, "ram:BasisAmount"), F(BT_138, "ram:CalculationPercent"),
    F(BT_139, "ram:Reason"), F(BT_140, "ram:ReasonCode")};
static const cii_row CII_LINE_CHARGE[] = {
    F(BT_141, "ram:ActualAmount"), F(BT_142, "ram:BasisAmount"), F(BT_143, "ram:CalculationPercent"),
    F(BT_144, "ram:Reason"), F(BT_145, "ram:ReasonCode")};
/* context: ram:SpecifiedLineTradeAgreement */
static const cii_row CII_PRICE[] = {
    F(BT_146, "ram:NetPriceProductTradePrice/ram:ChargeAmount"),
    F(BT_147, "ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount"),
    F(BT_148, "ram:GrossPriceProductTradePrice/ram:ChargeAmount"),
    F(BT_149, "ram:NetPriceProductTradePrice/ram:BasisQuantity"),
    F(BT_150, "ram:NetPriceProductTradePrice/ram:BasisQuantity/@unitCode"),
    /* EN 16931 prices gross and net on the same base quantity: use the gross price's one
     * when the net price has none */
    FX(BT_149, "ram:GrossPriceProductTradePrice/ram:BasisQuantity", CM_IF_ABSENT, 0),
    FX(BT_150, "ram:GrossPriceProductTradePrice/ram:BasisQuantity/@unitCode", CM_IF_ABSENT, 0)};
static const cii_row CII_LINE_VAT[] = {
    F(BT_151, "ram:CategoryCode"), F(BT_152, "ram:RateApplicablePercent")};
static const cii_row CII_ITEM_ATTRIBUTE[] = {F(BT_160, "ram:Description"), F(BT_161, "ram:Value")};
static const cii_row CII_ITEM[] = {
    F(BT_153, "ram:Name"), F(BT_154, "ram:Description"),
    F(BT_155, "ram:SellerAssignedID"), F(BT_156, "ram:BuyerAssignedID"),
    F(BT_157, "ram:GlobalID"),
    FA(BT_158, "ram:DesignatedProductClassification/ram:ClassCode", 0, "@listID", "@listVersionID"),
    F(BT_159, "ram:OriginTradeCountry/ram:ID"),
    G(BG_32, "ram:ApplicableProductCharacteristic", CII_ITEM_ATTRIBUTE)};

/* context: ram:SpecifiedLineTradeAgreement */
static const cii_row CII_LINE_AGREEMENT[] = {
    F(BT_132, "ram:BuyerOrderReferencedDocument/ram:LineID"),
    GX(BG_29, ".", CM_COND, 0, CII_PRICE)};
/* context: ram:SpecifiedLineTradeSettlement */
static const cii_row CII_LINE_SETTLEMENT[] = {
    FA(BT_128, "ram:AdditionalReferencedDocument/ram:IssuerAssignedID", CF_TC130,
       "^ram:ReferenceTypeCode", NULL),
    F(BT_131, "ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount"),
    F(BT_133, "ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID"),
    G(BG_26, "ram:BillingSpecifiedPeriod", CII_LINE_PERIOD),
    GX(BG_27, "ram:SpecifiedTradeAllowanceCharge", 0, CF_ALLOWANCE, CII_LINE_ALLOWANCE),
    GX(BG_28, "ram:SpecifiedTradeAllowanceCharge", 0, CF_CHARGE, CII_LINE_CHARGE),
    G(BG_30, "ram:ApplicableTradeTax", CII_LINE_VAT)};
static const cii_row CII_LINE_DOCUMENT[] = {
    F(BT_126, "ram:LineID"), F(BT_127, "ram:IncludedNote/ram:Content")};
static const cii_row CII_LINE_DELIVERY[] = {
    F(BT_129, "ram:BilledQuantity"), F(BT_130, "ram:BilledQuantity/@unitCode")};

static const cii_row CII_LINE[] = {
    IN("ram:AssociatedDocumentLineDocument", CII_LINE_DOCUMENT),
    G(BG_31, "ram:SpecifiedTradeProduct", CII_ITEM),
    IN("ram:SpecifiedLineTradeAgreement", CII_LINE_AGREEMENT),
    IN("ram:SpecifiedLineTradeDelivery", CII_LINE_DELIVERY),
    IN("ram:SpecifiedLineTradeSettlement", CII_LINE_SETTLEMENT)};

/* context: rsm:ExchangedDocument */
static const cii_row CII_DOCUMENT_HEADER[] = {
    F(BT_1, "ram:ID"),
    F(BT_2, "ram:IssueDateTime/udt:DateTimeString"),
    F(BT_3, "ram:TypeCode"),
    G(BG_1, "ram:IncludedNote", CII_NOTE)};

/* context: ram:ApplicableHeaderTradeAgreement */
static const cii_row CII_AGREEMENT[] = {
    F(BT_10, "ram:BuyerReference"),
    F(BT_11, "ram:SpecifiedProcuringProject/ram:ID"),
    F(BT_12, "ram:ContractReferencedDocument/ram:IssuerAssignedID"),
    F(BT_13, "ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID"),
    F(BT_14, "ram:SellerOrderReferencedDocument/ram:IssuerAssignedID"),
    FX(BT_17, "ram:AdditionalReferencedDocument/ram:IssuerAssignedID", 0, CF_TC50),
    FA(BT_18, "ram:AdditionalReferencedDocument/ram:IssuerAssignedID", CF_TC130,
       "^ram:ReferenceTypeCode", NULL),
    G(BG_4, "ram:SellerTradeParty", CII_SELLER),
    G(BG_7, "ram:BuyerTradeParty", CII_BUYER),
    G(BG_11, "ram:SellerTaxRepresentativeTradeParty", CII_TAXREP),
    GX(BG_24, "ram:AdditionalReferencedDocument", 0, CF_TC916, CII_DOCUMENT)};

/* context: ram:ApplicableHeaderTradeDelivery */
static const cii_row CII_HEADER_DELIVERY[] = {
    F(BT_15, "ram:ReceivingAdviceReferencedDocument/ram:IssuerAssignedID"),
    F(BT_16, "ram:DespatchAdviceReferencedDocument/ram:IssuerAssignedID"),
    GX(BG_13, ".", CM_COND, 0, CII_DELIVERY)};

/* context: ram:ApplicableHeaderTradeSettlement */
static const cii_row CII_SETTLEMENT[] = {
    F(BT_5, "ram:InvoiceCurrencyCode"),
    F(BT_6, "ram:TaxCurrencyCode"),
    F(BT_7, "ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString"),
    F(BT_8, "ram:ApplicableTradeTax/ram:DueDateTypeCode"),
    F(BT_9, "ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString"),
    F(BT_19, "ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID"),
    F(BT_20, "ram:SpecifiedTradePaymentTerms/ram:Description"),
    G(BG_3, "ram:InvoiceReferencedDocument", CII_PRECEDING),
    G(BG_10, "ram:PayeeTradeParty", CII_PAYEE),
    G(BG_14, "ram:BillingSpecifiedPeriod", CII_PERIOD),
    GX(BG_16, ".", CM_COND, 0, CII_PAYMENT),
    GX(BG_20, "ram:SpecifiedTradeAllowanceCharge", 0, CF_ALLOWANCE, CII_ALLOWANCE),
    GX(BG_21, "ram:SpecifiedTradeAllowanceCharge", 0, CF_CHARGE, CII_CHARGE),
    G(BG_22, "ram:SpecifiedTradeSettlementHeaderMonetarySummation", CII_TOTALS),
    G(BG_23, "ram:ApplicableTradeTax", CII_VAT_BREAKDOWN)};

/* context: rsm:SupplyChainTradeTransaction */
static const cii_row CII_TRANSACTION[] = {
    G(BG_25, "ram:IncludedSupplyChainTradeLineItem", CII_LINE),
    IN("ram:ApplicableHeaderTradeAgreement", CII_AGREEMENT),
    IN("ram:ApplicableHeaderTradeDelivery", CII_HEADER_DELIVERY),
    IN("ram:ApplicableHeaderTradeSettlement", CII_SETTLEMENT)};

/* context: rsm:CrossIndustryInvoice */
static const cii_row CII_INVOICE[] = {
    G(BG_2, "rsm:ExchangedDocumentContext", CII_PROCESS),
    IN("rsm:ExchangedDocument", CII_DOCUMENT_HEADER),
    IN("rsm:SupplyChainTradeTransaction", CII_TRANSACTION)};

#undef F
#undef FX
#undef FA
#undef G
#undef GX
#undef IN
#undef N_
#undef CII_ADDRESS
#undef CII_CONTACT

einv_invoice_t *cii_to_model(const einv_xdoc_t *doc)
{
    const xmlNode *r = einv_xdoc_root(doc);
    if (r && einv_xdoc_syntax(doc) != EINV_SYNTAX_CII)
        r = NULL;
    return cii_to_model_root(r);
}

einv_invoice_t *cii_to_model_root(const xmlNode *croot)
{
    cii_map m;
    einv_node_t *root;
    memset(&m, 0, sizeof m);
    m.inv = einv_invoice_new();
    if (!m.inv)
        return NULL;
    m.root = croot;
    if (!m.root)
        return m.inv;
    xw_trim_copy(einv_x_text(xw_first(m.root, SET_ "ram:InvoiceCurrencyCode")), m.cur_doc,
                  sizeof m.cur_doc);
    xw_trim_copy(einv_x_text(xw_first(m.root, SET_ "ram:TaxCurrencyCode")), m.cur_tax,
                  sizeof m.cur_tax);
    root = einv_invoice_root(m.inv);
    einv_node_set_src(m.inv, root, NULL, m.root);
    cii_rows(&m, CII_INVOICE, sizeof CII_INVOICE / sizeof CII_INVOICE[0], root, m.root);
    return m.inv;
}

#undef SET_
