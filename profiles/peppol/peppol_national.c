/* PEPPOL BIS Billing 3.0 (OpenPeppol release 2026.5), national rules of the PEPPOL-EN16931-UBL
 * Schematron: the family descriptor, the rule table, the document facts every national
 * pattern starts from (seller / buyer country the way the artefact derives them) and the
 * string helpers and checksums (Greek TIN, Swedish Luhn, Norwegian mod 11, IBAN, xs:date)
 * the country files share. The country patterns live in peppol_national_{nordic,gr_it,nl_de}.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "peppol_national_int.h"

/* ---- rule table ---- */
#define PN_DEFINE(var, id, sev, terms, msg, sug) \
    PN_INTERNAL const einv_rule_t PN_##var = {id, sev, EINV_LAYER_PROFILE, terms, msg, sug};
PN_RULES(PN_DEFINE)
#undef PN_DEFINE

#define PN_LIST(var, id, sev, terms, msg, sug) &PN_##var,
static const einv_rule_t *const RULES[] = {PN_RULES(PN_LIST)};
#undef PN_LIST

/* ---- string helpers ---- */

int pn_parent_is(const xmlNode *n, const char *name)
{
    return n && n->parent && n->parent->type == XML_ELEMENT_NODE &&
           einv_x_is(n->parent, PN_CAC, name);
}

const char *pn_own_text(const xmlNode *n, char *buf, size_t size)
{
    const xmlNode *c;
    size_t k = 0;
    if (!size)
        return "";
    buf[0] = 0;
    if (!n)
        return buf;
    for (c = n->children; c; c = c->next) {
        const char *s;
        if ((c->type != XML_TEXT_NODE && c->type != XML_CDATA_SECTION_NODE) || !c->content)
            continue;
        for (s = (const char *)c->content; *s && k + 1 < size; s++)
            buf[k++] = *s;
    }
    buf[k] = 0;
    return buf;
}

size_t pn_strlen(const char *s)
{
    size_t k = 0;
    for (; s && *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            k++;
    return k;
}

size_t pn_norm_len(const char *s)
{
    size_t k = 0;
    int space = 0, any = 0;
    for (; s && *s; s++) {
        if (pn_ws(*s)) {
            space = any;
            continue;
        }
        if (((unsigned char)*s & 0xC0) == 0x80)
            continue;
        k += (size_t)space + 1;
        space = 0;
        any = 1;
    }
    return k;
}

int pn_nonblank(const char *s)
{
    for (; s && *s; s++)
        if (!pn_ws(*s))
            return 1;
    return 0;
}

int pn_norm_eq(const char *s, const char *want)
{
    int space = 0;
    if (!s)
        s = "";
    while (*s && pn_ws(*s))
        s++;
    for (; *s; s++) {
        if (pn_ws(*s)) {
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

/* Decode one UTF-8 character at *p (advancing it); malformed bytes come back as themselves. */
static unsigned long utf8_next(const unsigned char **p)
{
    const unsigned char *s = *p;
    unsigned long c = s[0];
    int n = 0, i;
    if (c >= 0xF0 && c < 0xF8) {
        c &= 0x07;
        n = 3;
    } else if (c >= 0xE0) {
        c &= 0x0F;
        n = 2;
    } else if (c >= 0xC0) {
        c &= 0x1F;
        n = 1;
    }
    for (i = 1; i <= n; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *p = s + 1;
            return s[0];
        }
        c = (c << 6) | (s[i] & 0x3F);
    }
    *p = s + n + 1;
    return c;
}

/* upper-case() of one character as Saxon (Java) maps it, for the scripts that matter here:
 * ASCII, Latin-1, dotless i and long s. Others are left as they are. */
static unsigned long upper1(unsigned long c)
{
    if (c >= 'a' && c <= 'z')
        return c - 32;
    if ((c >= 0xE0 && c <= 0xFE && c != 0xF7))
        return c - 32;
    if (c == 0xFF)
        return 0x178;
    if (c == 0x131)
        return 'I';
    if (c == 0x17F)
        return 'S';
    if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 &&
        c != 0x17F) {
        /* Latin Extended-A alternates upper/lower in pairs (two parities) */
        if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E))
            return (c & 1) ? c : c - 1;
        return (c & 1) ? c - 1 : c;
    }
    return c;
}

int pn_upper_norm_eq(const char *s, const char *want)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    const unsigned char *w = (const unsigned char *)want;
    int space = 0;
    while (*p && pn_ws(*p))
        p++;
    while (*p) {
        unsigned long c;
        if (pn_ws(*p)) {
            space = 1;
            p++;
            continue;
        }
        if (space) {
            if (*w++ != ' ')
                return 0;
            space = 0;
        }
        c = upper1(utf8_next(&p));
        if (!*w || utf8_next(&w) != c)
            return 0;
    }
    return *w == 0;
}

const char *pn_substr(const char *s, long start, long len, char *buf, size_t size)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    long pos = 1;
    size_t k = 0;
    if (!size)
        return "";
    while (*p) {
        const unsigned char *q = p;
        utf8_next(&p);
        if (pos >= start && (len < 0 || pos < start + len)) {
            if (k + (size_t)(p - q) >= size)
                break;
            memcpy(buf + k, q, (size_t)(p - q));
            k += (size_t)(p - q);
        }
        pos++;
    }
    buf[k] = 0;
    return buf;
}

int pn_prefix(const char *s, const char *p)
{
    return s && strncmp(s, p, strlen(p)) == 0;
}

/* The xs:double lexical space (white space collapsed): 1 = finite number, 2 = INF, 3 = -INF,
 * 4 = NaN, 0 = not castable. */
static int double_kind(const char *s, const char **b, const char **e)
{
    const char *p, *end;
    int digits = 0;
    while (*s && pn_ws(*s))
        s++;
    end = s + strlen(s);
    while (end > s && pn_ws(end[-1]))
        end--;
    *b = s;
    *e = end;
    if (end - s == 3 && !strncmp(s, "INF", 3))
        return 2;
    if (end - s == 4 && !strncmp(s, "+INF", 4))
        return 2;
    if (end - s == 4 && !strncmp(s, "-INF", 4))
        return 3;
    if (end - s == 3 && !strncmp(s, "NaN", 3))
        return 4;
    p = s;
    if (p < end && (*p == '+' || *p == '-'))
        p++;
    for (; p < end && *p >= '0' && *p <= '9'; p++)
        digits++;
    if (p < end && *p == '.')
        for (p++; p < end && *p >= '0' && *p <= '9'; p++)
            digits++;
    if (!digits)
        return 0;
    if (p < end && (*p == 'e' || *p == 'E')) {
        int ed = 0;
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            p++;
        for (; p < end && *p >= '0' && *p <= '9'; p++)
            ed++;
        if (!ed)
            return 0;
    }
    return p == end ? 1 : 0;
}

int pn_is_number(const char *s)
{
    const char *b, *e;
    int k = double_kind(s ? s : "", &b, &e);
    return k >= 1 && k <= 3;
}

int pn_number(const char *s, double *out)
{
    const char *b, *e;
    char buf[128];
    int k = double_kind(s ? s : "", &b, &e);
    if (k == 2 || k == 3) {
        *out = k == 2 ? HUGE_VAL : -HUGE_VAL;
        return 1;
    }
    if (k != 1)
        return 0;
    if ((size_t)(e - b) >= sizeof buf) {
        /* a very long literal: strtod reads it from the original text */
        *out = strtod(b, NULL);
        return 1;
    }
    memcpy(buf, b, (size_t)(e - b));
    buf[e - b] = 0;
    *out = strtod(buf, NULL);
    return 1;
}

/* A one-step path "cac:X" / "cbc:X": its namespace id and local name, so the children can be
 * walked without the general path evaluator. 0 for longer paths. */
static int single_step(const char *path, int *ns, const char **local)
{
    if (strchr(path, '/') || strlen(path) < 5 || path[3] != ':')
        return 0;
    if (!strncmp(path, "cac:", 4))
        *ns = PN_CAC;
    else if (!strncmp(path, "cbc:", 4))
        *ns = PN_CBC;
    else
        return 0;
    *local = path + 4;
    return 1;
}

/* Calls fn on the nodes of path in document order until it returns non-zero. */
static int each_node(const xmlNode *from, const char *path, int (*fn)(const xmlNode *, const void *),
                     const void *arg)
{
    int ns, hit = 0;
    const char *local;
    if (single_step(path, &ns, &local)) {
        xmlNodePtr n;
        for (n = einv_x_child(from, ns, local); n && !hit; n = einv_x_next_same(n))
            hit = fn(n, arg);
    } else {
        einv_nodes_t v;
        size_t i;
        einv_nodes_init(&v);
        einv_x_select(from, path, &v);
        for (i = 0; i < v.n && !hit; i++)
            hit = fn(v.v[i], arg);
        einv_nodes_free(&v);
    }
    return hit;
}

static int text_is(const xmlNode *n, const void *value)
{
    return strcmp(einv_x_text(n), (const char *)value) == 0;
}

int pn_any_eq(const xmlNode *from, const char *path, const char *value)
{
    return each_node(from, path, text_is, value);
}

struct attr_arg {
    const char *attr, *value;
    const char *found;
};

static int attr_is(const xmlNode *n, const void *arg)
{
    const struct attr_arg *a = arg;
    const char *v = einv_x_attr(n, a->attr);
    return v && strcmp(v, a->value) == 0;
}

int pn_any_attr_eq(const xmlNode *from, const char *path, const char *attr, const char *value)
{
    struct attr_arg a = {attr, value, NULL};
    return each_node(from, path, attr_is, &a);
}

static int attr_first(const xmlNode *n, const void *arg)
{
    struct attr_arg *a = (struct attr_arg *)arg;
    a->found = einv_x_attr(n, a->attr);
    return a->found != NULL;
}

const char *pn_text(const xmlNode *from, const char *path)
{
    xmlNodePtr n = einv_x_path(from, path);
    return n ? einv_x_text(n) : "";
}

const char *pn_first_attr(const xmlNode *from, const char *path, const char *attr)
{
    struct attr_arg a = {attr, NULL, NULL};
    each_node(from, path, attr_first, &a);
    return a.found;
}

/* ---- checksums ---- */

int pn_gr_tin(const char *s)
{
    static const int w[8] = {256, 128, 64, 32, 16, 8, 4, 2};
    int i, sum = 0;
    if (!s)
        return 0;
    for (i = 0; i < 9; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    for (i = 0; i < 8; i++)
        sum += (s[i] - '0') * w[i];
    return (sum % 11) % 10 == s[8] - '0';
}

int pn_se_orgnr(const char *s)
{
    size_t n, i;
    int sum = 0;
    if (!s || !*s)
        return 0;
    for (n = 0; s[n]; n++)
        if (s[n] < '0' || s[n] > '9')
            return 0;   /* not ^\d+$, or a non-ASCII digit the check cannot read */
    if (n < 10)
        return 0;       /* no check digit: number('') is NaN */
    /* Luhn over the first 9 digits, doubling from the right-most one */
    for (i = 0; i < 9; i++) {
        int d = s[8 - i] - '0';
        if (i % 2 == 0) {
            d *= 2;
            d = d % 10 + d / 10;
        }
        sum += d;
    }
    return (10 - sum % 10) % 10 == s[9] - '0';
}

int pn_no_mod11(const char *s)
{
    size_t n = s ? strlen(s) : 0, i;
    int sum = 0, nonzero = 0;
    if (n == 0)
        return 0;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        if (s[i] != '0')
            nonzero = 1;
    }
    if (!nonzero)
        return 0;   /* number($val) > 0 */
    /* weights 2,3,4,5,6,7,2,... from the digit left of the check digit leftwards */
    for (i = 0; i + 1 < n; i++)
        sum += (s[n - 2 - i] - '0') * (int)((i % 6) + 2);
    return (11 - sum % 11) % 11 == s[n - 1] - '0';
}

int pn_iban_ok(const char *s)
{
    char v[256];
    size_t n = 0, i;
    int r = 0;
    for (; s && *s; s++) {
        if (pn_ws(*s))
            continue;
        if (n + 1 >= sizeof v)
            return 0;
        v[n++] = *s;
    }
    v[n] = 0;
    if (n < 4 || n > 34)
        return 0;
    for (i = 0; i < n; i++) {
        char c = v[i];
        int up = c >= 'A' && c <= 'Z', lo = c >= 'a' && c <= 'z', dg = c >= '0' && c <= '9';
        if (i < 2 ? !up : i < 4 ? !dg : !(up || lo || dg))
            return 0;
    }
    /* rearranged: account part, then country letters, then check digits */
    for (i = 0; i < n; i++) {
        char c = v[(i + 4) % n];
        int val = c > 64 ? c - 55 : c - 48;
        if (val >= 10)
            r = (r * 100 + val) % 97;
        else
            r = (r * 10 + val) % 97;
    }
    return r == 1;
}

int pn_is_xsdate(const char *s)
{
    static const int mdays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const char *p, *e;
    long year = 0;
    int ny = 0, mon, day, leap;
    if (!s)
        return 0;
    while (*s && pn_ws(*s))
        s++;
    e = s + strlen(s);
    while (e > s && pn_ws(e[-1]))
        e--;
    p = s;
    if (p < e && *p == '-')
        p++;
    if (p < e && *p == '0' && e - p > 4 && p[4] >= '0' && p[4] <= '9')
        return 0;   /* more than 4 year digits must not start with 0 */
    for (; p < e && *p >= '0' && *p <= '9'; p++, ny++)
        if (year < 100000000L)
            year = year * 10 + (*p - '0');
    if (ny < 4 || e - p < 6 || p[0] != '-' || p[3] != '-')
        return 0;
    if (p[1] < '0' || p[1] > '9' || p[2] < '0' || p[2] > '9' || p[4] < '0' || p[4] > '9' ||
        p[5] < '0' || p[5] > '9')
        return 0;
    mon = (p[1] - '0') * 10 + (p[2] - '0');
    day = (p[4] - '0') * 10 + (p[5] - '0');
    if (mon < 1 || mon > 12 || day < 1 || day > mdays[mon - 1])
        return 0;
    if (*s == '-')
        year = -year;       /* astronomical numbering (year 0000 exists, as Saxon accepts) */
    leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (mon == 2 && day == 29 && !leap)
        return 0;
    p += 6;
    if (p == e)
        return 1;
    if (e - p == 1 && *p == 'Z')
        return 1;
    if (e - p == 6 && (*p == '+' || *p == '-') && p[3] == ':') {
        int hh, mm;
        if (p[1] < '0' || p[1] > '9' || p[2] < '0' || p[2] > '9' || p[4] < '0' || p[4] > '9' ||
            p[5] < '0' || p[5] > '9')
            return 0;
        hh = (p[1] - '0') * 10 + (p[2] - '0');
        mm = (p[4] - '0') * 10 + (p[5] - '0');
        return mm <= 59 && (hh < 14 || (hh == 14 && mm == 0));
    }
    return 0;
}

/* ---- document facts ---- */

/* The sequence <party>/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/substring(cbc:CompanyID,
 * 1, 2) over the given party elements (cac:Party children when via_party): returns how many
 * items it has and writes the first into buf; *err is set when an item cannot be computed
 * (a scheme with two CompanyIDs). */
static int vat_prefix_seq(xmlNodePtr root, const char *name, int via_party, char *buf, size_t size,
                          int *err)
{
    xmlNodePtr ap, p, pts;
    int n = 0;
    buf[0] = 0;
    for (ap = einv_x_child(root, PN_CAC, name); ap; ap = einv_x_next_same(ap))
        for (p = via_party ? einv_x_child(ap, PN_CAC, "Party") : ap; p; p = via_party ? einv_x_next_same(p) : NULL)
            for (pts = einv_x_child(p, PN_CAC, "PartyTaxScheme"); pts; pts = einv_x_next_same(pts)) {
                xmlNodePtr cid;
                if (!pn_any_eq(pts, "cac:TaxScheme/cbc:ID", "VAT"))
                    continue;
                cid = einv_x_child(pts, PN_CBC, "CompanyID");
                if (cid && einv_x_next_same(cid))
                    *err = 1;
                if (n++ == 0)
                    pn_substr(einv_x_text(cid), 1, 2, buf, size);
            }
    return n;
}

/* upper-case(normalize-space(s)) into out (16 bytes). The variables are only ever compared
 * with two-letter codes, so a value that does not fit is replaced by one that equals none. */
static void upper_code(const char *s, char *out)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = 0;
    int space = 0;
    while (*p && pn_ws(*p))
        p++;
    while (*p) {
        unsigned long c;
        if (pn_ws(*p)) {
            space = 1;
            p++;
            continue;
        }
        if (space) {
            if (n + 1 >= 16)
                goto too_long;
            out[n++] = ' ';
            space = 0;
        }
        c = upper1(utf8_next(&p));
        if (n + 4 >= 16)
            goto too_long;
        if (c < 0x80) {
            out[n++] = (char)c;
        } else if (c < 0x800) {   /* upper1 maps into the BMP below U+0800 or leaves c as is */
            out[n++] = (char)(0xC0 | (c >> 6));
            out[n++] = (char)(0x80 | (c & 0x3F));
        } else {
            out[n++] = '?';       /* not a country code letter anyway */
        }
    }
    out[n] = 0;
    return;
too_long:
    strcpy(out, "~");
}

#define PARTY_CODE "cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode"

/* upper-case(normalize-space(root/cac:<party>/cac:Party/.../cbc:IdentificationCode)) = cc;
 * two codes make normalize-space fail, which leaves the rules using the flag unmatched. */
static int country_is(xmlNodePtr root, const char *party, const char *cc)
{
    char path[128], buf[16];
    xmlNodePtr code;
    snprintf(path, sizeof path, "cac:%s/" PARTY_CODE, party);
    if (einv_x_path_count(root, path) != 1)
        return 0;
    code = einv_x_path(root, path);
    upper_code(einv_x_text(code), buf);
    return strcmp(buf, cc) == 0;
}

/* $supplierCountry, $customerCountry and the Greek $accountingSupplierCountry: the VAT prefix
 * of the party (or, for the seller, of its tax representative) when it is not empty, else
 * the postal country code, else 'XX'. Where the artefact's expression fails (several VAT
 * schemes or codes) the value is PN_ERR, which equals no country, as the rules that test it
 * then do not match. */
static void party_country_var(xmlNodePtr root, const char *party, int with_taxrep, char *out)
{
    char buf[32], path[128];
    int err = 0, n;
    n = vat_prefix_seq(root, party, 1, buf, sizeof buf, &err);
    if (err || n > 1)
        goto fail;
    if (!(n == 1 && *buf) && with_taxrep) {
        n = vat_prefix_seq(root, "TaxRepresentativeParty", 0, buf, sizeof buf, &err);
        if (err || n > 1)
            goto fail;
    }
    if (n == 1 && *buf) {
        upper_code(buf, out);
        return;
    }
    snprintf(path, sizeof path, "cac:%s/" PARTY_CODE, party);
    n = (int)einv_x_path_count(root, path);
    if (n > 1)
        goto fail;
    if (n == 1)
        upper_code(einv_x_text(einv_x_path(root, path)), out);
    else
        strcpy(out, "XX");
    return;
fail:
    strcpy(out, PN_ERR);
}

/* concat(ubl-creditnote:CreditNote/<path>, ubl-invoice:Invoice/<path>): the raw code text;
 * PN_ERR when there are two codes (concat takes one). */
static const char *raw_country(const pn_doc_t *f, const char *party)
{
    char path[128];
    size_t n;
    if (!f->inv && !f->cn)
        return "";
    snprintf(path, sizeof path, "cac:%s/" PARTY_CODE, party);
    n = einv_x_path_count(f->root, path);
    if (n > 1)
        return PN_ERR;
    return n ? einv_x_text(einv_x_path(f->root, path)) : "";
}

static void pn_check(einv_ctx_t *ctx)
{
    pn_doc_t f;
    memset(&f, 0, sizeof f);
    f.ctx = ctx;
    f.d = einv_ctx_xdoc(ctx);
    if (!f.d || einv_ctx_syntax(ctx) != EINV_SYNTAX_UBL)
        return;
    f.root = einv_xdoc_root(f.d);
    if (!f.root)
        return;
    f.inv = einv_x_is(f.root, EINV_NS_UBL_INV, "Invoice");
    f.cn = einv_x_is(f.root, EINV_NS_UBL_CN, "CreditNote");
    party_country_var(f.root, "AccountingSupplierParty", 1, f.sup);
    party_country_var(f.root, "AccountingCustomerParty", 0, f.cus);
    party_country_var(f.root, "AccountingSupplierParty", 0, f.acc_sup);
    f.sup_de = country_is(f.root, "AccountingSupplierParty", "DE");
    f.cus_de = country_is(f.root, "AccountingCustomerParty", "DE");
    f.sup_nl = country_is(f.root, "AccountingSupplierParty", "NL");
    f.cus_nl = country_is(f.root, "AccountingCustomerParty", "NL");
    f.taxrep_nl = einv_x_path_count(f.root, "cac:TaxRepresentativeParty/cac:PostalAddress/cac:Country/cbc:IdentificationCode") == 1 &&
                  pn_upper_norm_eq(pn_text(f.root, "cac:TaxRepresentativeParty/cac:PostalAddress/cac:Country/cbc:IdentificationCode"), "NL");
    f.raw_sup = raw_country(&f, "AccountingSupplierParty");
    f.raw_cus = raw_country(&f, "AccountingCustomerParty");
    pn_check_nordic(&f);
    pn_check_gr_it(&f);
    pn_check_nl_de(&f);
}

const pp_family_t pp_national = {"national", pn_check, RULES, sizeof RULES / sizeof RULES[0]};
