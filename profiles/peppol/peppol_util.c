/* Shared helpers of the PEPPOL profile (see peppol_util.h): the Schematron's global
 * variables computed once per document, its check-digit functions, and XPath string
 * helpers that count code points the way string-length()/substring() do. */
#include "peppol_util.h"
#include <stdlib.h>
#include <string.h>
#include <math.h>

static int xml_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* ---- buffers ---- */

void pp_buf_free(pp_buf_t *b)
{
    free(b->heap);
    b->heap = NULL;
    b->s = b->inl;
    b->inl[0] = 0;
}

/* Room for n bytes (plus NUL) in b; b->s points at it. NULL when out of memory. */
static char *buf_room(pp_buf_t *b, size_t n)
{
    if (n < sizeof b->inl) {
        b->s = b->inl;
        return b->s;
    }
    free(b->heap);
    b->heap = malloc(n + 1);
    if (!b->heap) {
        b->inl[0] = 0;
        b->s = b->inl;
        return NULL;
    }
    b->s = b->heap;
    return b->s;
}

const char *pp_normalize(const char *s, pp_buf_t *b)
{
    size_t k = 0;
    int space = 0;
    char *o;
    if (!s)
        s = "";
    o = buf_room(b, strlen(s));
    if (!o)
        return b->s;
    while (*s && xml_ws(*s))
        s++;
    for (; *s; s++) {
        if (xml_ws(*s)) {
            space = 1;
            continue;
        }
        if (space)
            o[k++] = ' ';
        space = 0;
        o[k++] = *s;
    }
    o[k] = 0;
    return o;
}

const char *pp_norm(const xmlNode *n, pp_buf_t *b) { return pp_normalize(einv_x_text(n), b); }

const char *pp_text(const xmlNode *n, pp_buf_t *b)
{
    const xmlNode *c, *only = NULL;
    size_t len = 0, k = 0;
    int count = 0;
    char *o;
    for (c = n ? n->children : NULL; c; c = c->next)
        if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content) {
            len += strlen((const char *)c->content);
            only = c;
            count++;
        }
    if (count == 1 && len < sizeof b->inl) {
        memcpy(b->inl, only->content, len + 1);
        b->s = b->inl;
        return b->s;
    }
    o = buf_room(b, len);
    if (!o)
        return b->s;
    for (c = n ? n->children : NULL; c; c = c->next)
        if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content) {
            size_t l = strlen((const char *)c->content);
            memcpy(o + k, c->content, l);
            k += l;
        }
    o[k] = 0;
    return o;
}

/* ---- XPath string functions ---- */

size_t pp_strlen(const char *s)
{
    size_t n = 0;
    if (!s)
        return 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            n++;
    return n;
}

/* Byte offset of code point index i (0-based) in s, or strlen(s) past the end. */
static size_t cp_offset(const char *s, size_t i)
{
    size_t off = 0;
    while (s[off] && i > 0) {
        off++;
        while (((unsigned char)s[off] & 0xC0) == 0x80)
            off++;
        i--;
    }
    return off;
}

const char *pp_substring(const char *s, long start, long len, pp_buf_t *b)
{
    /* characters at positions p with start <= p < start + len (1-based) */
    long first = start < 1 ? 1 : start;
    size_t a, z, cps;
    char *o;
    if (!s)
        s = "";
    cps = pp_strlen(s);
    if (len >= 0 && start + len <= first) {
        buf_room(b, 0);
        b->s[0] = 0;
        return b->s;
    }
    if ((size_t)first > cps) {
        buf_room(b, 0);
        b->s[0] = 0;
        return b->s;
    }
    a = cp_offset(s, (size_t)(first - 1));
    if (len < 0 || (size_t)(start + len - 1) >= cps)
        z = strlen(s);
    else
        z = a + cp_offset(s + a, (size_t)(start + len - first));
    o = buf_room(b, z - a);
    if (!o)
        return b->s;
    memcpy(o, s + a, z - a);
    o[z - a] = 0;
    return o;
}

int pp_number(const char *s, double *out)
{
    /* xs:double: sign? (digits (. digits?)? | . digits) ([eE] sign? digits)?, INF, -INF */
    const char *p, *e;
    char tmp[64];
    size_t n;
    int digits = 0;
    if (!s)
        return 0;
    while (*s && xml_ws(*s))
        s++;
    e = s + strlen(s);
    while (e > s && xml_ws(e[-1]))
        e--;
    n = (size_t)(e - s);
    if (n == 3 && memcmp(s, "INF", 3) == 0) {
        *out = HUGE_VAL;
        return 1;
    }
    if (n == 4 && memcmp(s, "-INF", 4) == 0) {
        *out = -HUGE_VAL;
        return 1;
    }
    p = s;
    if (p < e && (*p == '+' || *p == '-'))
        p++;
    while (p < e && *p >= '0' && *p <= '9')
        p++, digits++;
    if (p < e && *p == '.') {
        p++;
        while (p < e && *p >= '0' && *p <= '9')
            p++, digits++;
    }
    if (!digits)
        return 0;
    if (p < e && (*p == 'e' || *p == 'E')) {
        int ed = 0;
        p++;
        if (p < e && (*p == '+' || *p == '-'))
            p++;
        while (p < e && *p >= '0' && *p <= '9')
            p++, ed++;
        if (!ed)
            return 0;
    }
    if (p != e)
        return 0;
    if (n < sizeof tmp) {
        memcpy(tmp, s, n);
        tmp[n] = 0;
        *out = strtod(tmp, NULL);
    } else {
        char *h = malloc(n + 1);
        if (!h)
            return 0;
        memcpy(h, s, n);
        h[n] = 0;
        *out = strtod(h, NULL);
        free(h);
    }
    return 1;
}

int pp_digits(const char *s, size_t n)
{
    size_t k = 0;
    if (!s || !*s)
        return 0;
    for (; *s; s++, k++)
        if (*s < '0' || *s > '9')
            return 0;
    return n == 0 || k == n;
}

/* ---- check digits ---- */

/* The artefact takes code points minus 48 of every character but the last (right to left)
 * and compares the computed check with number(last character). */
static int last_digit(const char *val, long *d)
{
    size_t n = strlen(val);
    unsigned char c;
    if (!n)
        return 0;
    c = (unsigned char)val[n - 1];
    if (c < '0' || c > '9')
        return 0;   /* number() of anything else is NaN: never equal */
    *d = c - '0';
    return 1;
}

/* Code point values (minus 48) of the characters before the last, right to left. */
static size_t body_digits(const char *val, long *out, size_t max)
{
    size_t n = strlen(val), k = 0, i;
    if (n == 0)
        return 0;
    for (i = n - 1; i-- > 0 && k < max;)
        out[k++] = (long)(unsigned char)val[i] - 48;
    return k;
}

int pp_gln(const char *val)
{
    long d[512], sum = 0, chk;
    size_t n, i;
    if (!val || !last_digit(val, &chk) || strlen(val) > 512)
        return 0;
    n = body_digits(val, d, 512);
    for (i = 0; i < n; i++)
        sum += d[i] * (1 + (long)(((i + 1) % 2) * 2));
    return ((10 - ((sum % 10 + 10) % 10)) % 10) == chk;
}

int pp_mod11(const char *val)
{
    long d[512], sum = 0, chk, m;
    size_t n, i;
    double num;
    if (!val || !pp_number(val, &num) || !(num > 0) || !last_digit(val, &chk) ||
        strlen(val) > 512)
        return 0;
    n = body_digits(val, d, 512);
    for (i = 0; i < n; i++)
        sum += d[i] * (long)((i % 6) + 2);
    m = sum % 11;   /* XPath mod keeps the dividend's sign */
    return ((11 - m) % 11) == chk;
}

int pp_se_orgnr(const char *val)
{
    size_t n, i, main;
    long sum = 0, chk;
    if (!val || !*val)
        return 0;
    for (i = 0; val[i]; i++)
        if (val[i] < '0' || val[i] > '9')
            return 0;
    n = strlen(val);
    if (n < 10)
        return 0;   /* no 10th character: number('') is NaN */
    main = 9;
    chk = val[9] - '0';
    for (i = 1; i <= main; i++) {
        long d = val[main - i] - '0';
        sum += (i % 2 == 1) ? (d * 2) % 10 + (d * 2) / 10 : d;
    }
    return (10 - sum % 10) % 10 == chk;
}

/* ---- document variables ---- */

static void upper_into(const char *s, char *out, size_t size)
{
    size_t k = 0;
    for (; *s && k + 1 < size; s++)
        out[k++] = (*s >= 'a' && *s <= 'z') ? (char)(*s - 32) : *s;
    out[k] = 0;
}

/* The first `PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/substring(cbc:CompanyID, 1, 2)`
 * below party, when that string is non-empty: upper-case(normalize-space(...)) into out. */
static int vat_prefix(const xmlNode *party, char *out, size_t size)
{
    xmlNodePtr pts, ts, id;
    for (pts = einv_x_child(party, EINV_NS_CAC, "PartyTaxScheme"); pts; pts = einv_x_next_same(pts)) {
        int vat = 0;
        for (ts = einv_x_child(pts, EINV_NS_CAC, "TaxScheme"); ts && !vat; ts = einv_x_next_same(ts))
            for (id = einv_x_child(ts, EINV_NS_CBC, "ID"); id; id = einv_x_next_same(id))
                if (strcmp(einv_x_text(id), "VAT") == 0) {
                    vat = 1;
                    break;
                }
        if (vat) {
            pp_buf_t b, c;
            int ok;
            pp_buf_init(&b);
            pp_buf_init(&c);
            pp_substring(einv_x_text(einv_x_child(pts, EINV_NS_CBC, "CompanyID")), 1, 2, &b);
            ok = b.s[0] != 0;
            if (ok)
                upper_into(pp_normalize(b.s, &c), out, size);
            pp_buf_free(&b);
            pp_buf_free(&c);
            return ok;   /* the first item decides the if(): more items would be an error */
        }
    }
    return 0;
}

static int postal_country(const xmlNode *party, char *out, size_t size)
{
    xmlNodePtr code = einv_x_path(party, "cac:PostalAddress/cac:Country/cbc:IdentificationCode");
    pp_buf_t b;
    if (!code)
        return 0;
    pp_buf_init(&b);
    upper_into(pp_norm(code, &b), out, size);
    pp_buf_free(&b);
    return 1;
}

void pp_doc_init(pp_doc_t *f, const einv_xdoc_t *d)
{
    xmlNodePtr sup, cus, rep, pid;
    char tmp[16];
    memset(f, 0, sizeof *f);
    f->d = d;
    f->root = d ? einv_xdoc_root(d) : NULL;
    f->is_invoice = einv_x_is(f->root, EINV_NS_UBL_INV, "Invoice");
    f->is_credit_note = einv_x_is(f->root, EINV_NS_UBL_CN, "CreditNote");
    strcpy(f->supplier_country, "XX");
    strcpy(f->customer_country, "XX");
    if (!f->root)
        return;
    pid = einv_x_child(f->root, EINV_NS_CBC, "ProfileID");
    if (pid) {
        pp_buf_t b;
        const char *p;
        pp_buf_init(&b);
        p = pp_norm(pid, &b);
        if (strcmp(p, "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0") == 0 ||
            strcmp(p, "urn:peppol:france:billing:regulated") == 0 ||
            strcmp(p, "urn:peppol:france:billing:non-regulated") == 0)
            f->profile = PP_PROFILE_01;
        else if (strcmp(p, "urn:peppol:bis:billing_with_response") == 0)
            f->profile = PP_PROFILE_02;
        pp_buf_free(&b);
    }
    sup = einv_x_path(f->root, "cac:AccountingSupplierParty/cac:Party");
    cus = einv_x_path(f->root, "cac:AccountingCustomerParty/cac:Party");
    rep = einv_x_child(f->root, EINV_NS_CAC, "TaxRepresentativeParty");
    if (!vat_prefix(sup, f->supplier_country, sizeof f->supplier_country) &&
        !vat_prefix(rep, f->supplier_country, sizeof f->supplier_country))
        postal_country(sup, f->supplier_country, sizeof f->supplier_country);
    if (!vat_prefix(cus, f->customer_country, sizeof f->customer_country))
        postal_country(cus, f->customer_country, sizeof f->customer_country);
    f->supplier_is_de = postal_country(sup, tmp, sizeof tmp) && strcmp(tmp, "DE") == 0;
    f->customer_is_de = postal_country(cus, tmp, sizeof tmp) && strcmp(tmp, "DE") == 0;
}
