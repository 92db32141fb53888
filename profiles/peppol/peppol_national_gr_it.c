/* PEPPOL national rules for Greece (GR-R, GR-S: the "sender" pattern and the "sender and
 * receiver" pattern) and Italy (IT-R). Greece decides on $supplierCountry / $customerCountry
 * being GR or EL, the electronic-address rule on the seller's own country only. */
#include <string.h>
#include "peppol_national_int.h"

#define ALL(f, name) einv_xdoc_all((f)->d, PN_CAC, name)

static int is_gr(const char *c) { return !strcmp(c, "GR") || !strcmp(c, "EL"); }

/* ======================= Greece ======================= */

/* tokenize(s, sep) with a one-character separator: the k-th token (1-based) into buf, or
 * NULL when there is no such token. An empty string has no tokens. */
static const char *token(const char *s, char sep, int k, char *buf, size_t size)
{
    const char *b = s, *e;
    int i;
    size_t n;
    if (!*s)
        return NULL;
    for (i = 1; i < k; i++) {
        b = strchr(b, sep);
        if (!b)
            return NULL;
        b++;
    }
    e = strchr(b, sep);
    n = e ? (size_t)(e - b) : strlen(b);
    if (n >= size)
        n = size - 1;
    memcpy(buf, b, n);
    buf[n] = 0;
    return buf;
}

static int count_tokens(const char *s, char sep)
{
    int n = 1;
    if (!*s)
        return 0;
    for (; *s; s++)
        n += *s == sep;
    return n;
}

static int dig(char c) { return c >= '0' && c <= '9'; }

static int day_ok(const char *s, int len)
{
    if (len == 1)
        return s[0] >= '1' && s[0] <= '9';
    return (s[0] == '0' && s[1] >= '1' && s[1] <= '9') || ((s[0] == '1' || s[0] == '2') && dig(s[1])) ||
           (s[0] == '3' && (s[1] == '0' || s[1] == '1'));
}

static int month_ok(const char *s, int len)
{
    if (len == 1)
        return s[0] >= '1' && s[0] <= '9';
    return (s[0] == '0' && s[1] >= '1' && s[1] <= '9') || (s[0] == '1' && s[1] >= '0' && s[1] <= '2');
}

static int date_sep(char c) { return c == '-' || c == '\\' || c == '/' || c == ' '; }

/* matches(s, '^(0?[1-9]|[12][0-9]|3[01])[-\\/ ]?(0?[1-9]|1[0-2])[-\\/ ]?(19|20)[0-9]{2}'):
 * every way the optional parts can be read is tried, as the regex engine would. */
static int gr_date_prefix(const char *s)
{
    int dl, s1, ml, s2;
    for (dl = 1; dl <= 2; dl++) {
        const char *p = s;
        if ((dl == 2 && !s[0]) || !day_ok(p, dl))
            continue;
        p += dl;
        for (s1 = 0; s1 <= 1; s1++) {
            const char *q = p;
            if (s1 && !date_sep(*q))
                continue;
            q += s1;
            for (ml = 1; ml <= 2; ml++) {
                const char *r = q;
                if ((ml == 2 && !q[0]) || !month_ok(r, ml))
                    continue;
                r += ml;
                for (s2 = 0; s2 <= 1; s2++) {
                    const char *t = r;
                    if (s2 && !date_sep(*t))
                        continue;
                    t += s2;
                    if (((t[0] == '1' && t[1] == '9') || (t[0] == '2' && t[1] == '0')) && dig(t[2]) && dig(t[3]))
                        return 1;
                }
            }
        }
    }
    return 0;
}

/* xs:integer(s) >= 0, with a cast failure counted as a failed test */
static int nonneg_integer(const char *s)
{
    const char *p = s, *e;
    int neg = 0, digits = 0, nonzero = 0;
    while (*p && pn_ws(*p))
        p++;
    e = p + strlen(p);
    while (e > p && pn_ws(e[-1]))
        e--;
    if (p < e && (*p == '+' || *p == '-'))
        neg = *p++ == '-';
    for (; p < e; p++) {
        if (!dig(*p))
            return 0;
        digits++;
        nonzero |= *p != '0';
    }
    return digits && !(neg && nonzero);
}

/* $IdSegments[1] = (seller | tax representative) VAT PartyTaxScheme/substring(cbc:CompanyID, 3, 9) */
static int gr_tin_of_party(const xmlNode *party, const char *seg)
{
    xmlNodePtr pts;
    char buf[64];
    for (pts = einv_x_child(party, PN_CAC, "PartyTaxScheme"); pts; pts = einv_x_next_same(pts))
        if (pn_any_eq(pts, "cac:TaxScheme/cbc:ID", "VAT") &&
            !strcmp(pn_substr(pn_text(pts, "cbc:CompanyID"), 3, 9, buf, sizeof buf), seg))
            return 1;
    return 0;
}

static int gr_seg1_matches_party(const pn_doc_t *f, const char *seg)
{
    xmlNodePtr ap, party;
    for (ap = einv_x_child(f->root, PN_CAC, "AccountingSupplierParty"); ap; ap = einv_x_next_same(ap))
        for (party = einv_x_child(ap, PN_CAC, "Party"); party; party = einv_x_next_same(party))
            if (gr_tin_of_party(party, seg))
                return 1;
    for (ap = einv_x_child(f->root, PN_CAC, "TaxRepresentativeParty"); ap; ap = einv_x_next_same(ap))
        if (gr_tin_of_party(ap, seg))
            return 1;
    return 0;
}

static void gr_invoice_id(const pn_doc_t *f, xmlNodePtr id)
{
    static const char *const types[6] = {"1.1", "1.6", "2.1", "2.4", "5.1", "5.2"};
    const char *s = einv_x_text(id), *issue = pn_text(f->root, "cbc:IssueDate");
    char seg[512], a[64], b[64];
    const char *sg;
    int n = count_tokens(s, '|'), k, ok;
    if (n != 6)
        PN_REPORT(f, GR_R_001_1, id);
    sg = token(s, '|', 1, seg, sizeof seg);
    if (!(sg && pn_norm_len(sg) == 9 && pn_gr_tin(sg) && gr_seg1_matches_party(f, sg)))
        PN_REPORT(f, GR_R_001_2, id);
    sg = token(s, '|', 2, seg, sizeof seg);
    ok = sg && pn_norm_len(sg) > 0 && gr_date_prefix(sg);
    /* tokenize($IdSegments[2], '/') against tokenize(root/cbc:IssueDate, '-') reversed */
    for (k = 1; ok && k <= 3; k++) {
        const char *x = token(sg, '/', k, a, sizeof a), *y = token(issue, '-', 4 - k, b, sizeof b);
        ok = x && y && !strcmp(x, y);
    }
    if (!ok)
        PN_REPORT(f, GR_R_001_3, id);
    sg = token(s, '|', 3, seg, sizeof seg);
    if (!(sg && pn_norm_len(sg) > 0 && pn_is_number(sg) && nonneg_integer(sg)))
        PN_REPORT(f, GR_R_001_4, id);
    sg = token(s, '|', 4, seg, sizeof seg);
    ok = 0;
    for (k = 0; sg && pn_norm_len(sg) > 0 && k < 6 && !ok; k++)
        ok = !strcmp(sg, types[k]);
    if (!ok)
        PN_REPORT(f, GR_R_001_5, id);
    sg = token(s, '|', 5, seg, sizeof seg);
    if (!(sg && *sg))
        PN_REPORT(f, GR_R_001_6, id);
    sg = token(s, '|', 6, seg, sizeof seg);
    if (!(sg && *sg))
        PN_REPORT(f, GR_R_001_7, id);
}

/* count(cac:PartyTaxScheme[normalize-space(cac:TaxScheme/cbc:ID) = 'VAT']/cbc:CompanyID) = 1,
 * starting EL and followed by a valid TIN */
static int gr_single_el_vat(const xmlNode *party)
{
    xmlNodePtr pts, cid, only = NULL;
    int n = 0;
    char buf[64];
    for (pts = einv_x_child(party, PN_CAC, "PartyTaxScheme"); pts; pts = einv_x_next_same(pts)) {
        if (!pn_norm_eq(pn_text(pts, "cac:TaxScheme/cbc:ID"), "VAT"))
            continue;
        for (cid = einv_x_child(pts, PN_CBC, "CompanyID"); cid; cid = einv_x_next_same(cid)) {
            only = cid;
            n++;
        }
    }
    return n == 1 && pn_prefix(einv_x_text(only), "EL") &&
           pn_gr_tin(pn_substr(einv_x_text(only), 3, -1, buf, sizeof buf));
}

/* @schemeID = '9933' and u:TinVerification(.) */
static int gr_endpoint_ok(const xmlNode *ep)
{
    const char *sid = einv_x_attr(ep, "schemeID");
    return sid && !strcmp(sid, "9933") && pn_gr_tin(einv_x_text(ep));
}

static size_t count_adr(const xmlNode *root, const char *desc)
{
    xmlNodePtr adr;
    size_t n = 0;
    for (adr = einv_x_child(root, PN_CAC, "AdditionalDocumentReference"); adr; adr = einv_x_next_same(adr))
        n += (size_t)pn_any_eq(adr, "cbc:DocumentDescription", desc);
    return n;
}

static void check_gr(const pn_doc_t *f)
{
    int sender = is_gr(f->sup), both = sender && is_gr(f->cus), own = is_gr(f->acc_sup);
    int root_gr = pn_any_eq(f->root, "cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode", "GR");
    size_t i;
    xmlNodePtr n, party, pts, cid;
    const einv_nodelist_t *l;
    if (sender && (f->inv || f->cn)) {
        /* /Invoice/cbc:ID, /CreditNote/cbc:ID */
        for (n = einv_x_child(f->root, PN_CBC, "ID"); n; n = einv_x_next_same(n))
            gr_invoice_id(f, n);
        if (root_gr) {
            size_t mark = count_adr(f->root, "##M.AR.K##"), url = count_adr(f->root, "##INVOICE|URL##");
            if (mark != 1)
                PN_REPORT(f, GR_R_004_1, f->root);
            if (url != 1)
                PN_REPORT(f, GR_S_008_1, f->root);
            if (url > 1)
                PN_REPORT(f, GR_R_008_2, f->root);
        }
    }
    l = ALL(f, "AccountingSupplierParty");
    for (i = 0; i < l->n; i++)
        for (party = einv_x_child(l->v[i], PN_CAC, "Party"); party; party = einv_x_next_same(party)) {
            if (sender) {
                if (pn_strlen(pn_text(party, "cac:PartyName/cbc:Name")) == 0)
                    PN_REPORT(f, GR_R_002, party);
                if (!gr_single_el_vat(party))
                    PN_REPORT(f, GR_S_011, party);
                for (pts = einv_x_child(party, PN_CAC, "PartyTaxScheme"); pts; pts = einv_x_next_same(pts)) {
                    char buf[64];
                    if (einv_x_path_count(pts, "cac:TaxScheme/cbc:ID") > 1 ||
                        !pn_norm_eq(pn_text(pts, "cac:TaxScheme/cbc:ID"), "VAT"))
                        continue;
                    for (cid = einv_x_child(pts, PN_CBC, "CompanyID"); cid; cid = einv_x_next_same(cid))
                        if (!(pn_prefix(einv_x_text(cid), "EL") &&
                              pn_gr_tin(pn_substr(einv_x_text(cid), 3, -1, buf, sizeof buf))))
                            PN_REPORT(f, GR_R_003, cid);
                }
            }
            if (own)
                for (n = einv_x_child(party, PN_CBC, "EndpointID"); n; n = einv_x_next_same(n))
                    if (!gr_endpoint_ok(n))
                        PN_REPORT(f, GR_R_009, n);
        }
    if (sender) {
        l = ALL(f, "AdditionalDocumentReference");
        for (i = 0; i < l->n; i++) {
            xmlNodePtr adr = l->v[i];
            if (root_gr && pn_any_eq(adr, "cbc:DocumentDescription", "##M.AR.K##"))
                for (n = einv_x_child(adr, PN_CBC, "ID"); n; n = einv_x_next_same(n)) {
                    const char *t = einv_x_text(n);
                    if (!(t[0] >= '1' && t[0] <= '9'))
                        PN_REPORT(f, GR_R_004_2, n);
                }
            if (pn_any_eq(adr, "cbc:DocumentDescription", "##INVOICE|URL##") &&
                pn_norm_len(pn_text(adr, "cac:Attachment/cac:ExternalReference/cbc:URI")) == 0)
                PN_REPORT(f, GR_R_008_3, adr);
        }
        l = ALL(f, "AccountingCustomerParty");
        for (i = 0; i < l->n; i++)
            for (party = einv_x_child(l->v[i], PN_CAC, "Party"); party; party = einv_x_next_same(party)) {
                if (pn_strlen(pn_text(party, "cac:PartyName/cbc:Name")) == 0)
                    PN_REPORT(f, GR_R_005, party);
                if (!both)
                    continue;
                /* the sender-and-receiver pattern */
                if (!gr_single_el_vat(party))
                    PN_REPORT(f, GR_R_006, party);
                for (n = einv_x_child(party, PN_CBC, "EndpointID"); n; n = einv_x_next_same(n))
                    if (!gr_endpoint_ok(n))
                        PN_REPORT(f, GR_R_010, n);
            }
    }
}

/* ======================= Italy ======================= */

/* matches(normalize-space(s), '^[A-Z0-9]{11,16}$') */
static int it_tax_id_ok(const char *s)
{
    size_t n = 0;
    while (*s && pn_ws(*s))
        s++;
    for (; *s; s++) {
        if (pn_ws(*s)) {
            /* inner white space survives normalize-space as a space: not allowed */
            const char *t = s;
            while (*t && pn_ws(*t))
                t++;
            if (*t)
                return 0;
            break;
        }
        if (!((*s >= 'A' && *s <= 'Z') || dig(*s)))
            return 0;
        n++;
    }
    return n >= 11 && n <= 16;
}

static void check_it(const pn_doc_t *f)
{
    const einv_nodelist_t *l;
    size_t i;
    xmlNodePtr party, pts;
    if (strcmp(f->sup, "IT") != 0)
        return;
    l = ALL(f, "AccountingSupplierParty");
    for (i = 0; i < l->n; i++)
        for (party = einv_x_child(l->v[i], PN_CAC, "Party"); party; party = einv_x_next_same(party)) {
            for (pts = einv_x_child(party, PN_CAC, "PartyTaxScheme"); pts; pts = einv_x_next_same(pts))
                /* two scheme IDs make normalize-space() fail: the context does not match */
                if (einv_x_path_count(pts, "cac:TaxScheme/cbc:ID") < 2 &&
                    !pn_norm_eq(pn_text(pts, "cac:TaxScheme/cbc:ID"), "VAT") &&
                    !it_tax_id_ok(pn_text(pts, "cbc:CompanyID")))
                    PN_REPORT(f, IT_R_001, pts);
            if (!einv_x_path(party, "cac:PostalAddress/cbc:StreetName"))
                PN_REPORT(f, IT_R_002, party);
            if (!einv_x_path(party, "cac:PostalAddress/cbc:CityName"))
                PN_REPORT(f, IT_R_003, party);
            if (!einv_x_path(party, "cac:PostalAddress/cbc:PostalZone"))
                PN_REPORT(f, IT_R_004, party);
        }
}

void pn_check_gr_it(const pn_doc_t *f)
{
    check_gr(f);
    check_it(f);
}
