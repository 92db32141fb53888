/* Body sniffing (sniff.h). Reads at most the first 64 KiB and never builds a tree: the XML
 * root is found by skipping the prolog (declaration, comments, processing instructions, a
 * DOCTYPE) and reading the first start tag's name and xmlns attributes; a JSON object by
 * the member names of its first level (and of "d"), counted against the properties of an
 * OData A_SupplierInvoice and the fields of the canonical model. */
#define _GNU_SOURCE
#include "sniff.h"

#include <stdio.h>
#include <string.h>

#define SNIFF_MAX (64 * 1024)

static const char UBL_INV[] = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2";
static const char UBL_CN[] = "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2";
static const char CII_NS[] = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100";
static const char ZF1_NS[] = "urn:ferd:CrossIndustryDocument:invoice:1p0";

static int blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int starts(const unsigned char *p, size_t n, size_t i, const char *s)
{
    size_t k = strlen(s);
    return i + k <= n && memcmp(p + i, s, k) == 0;
}

/* Index just after the first `end` at or after i, or n. */
static size_t past(const unsigned char *p, size_t n, size_t i, const char *end)
{
    const unsigned char *q = i < n ? memmem(p + i, n - i, end, strlen(end)) : NULL;
    return q ? (size_t)(q - p) + strlen(end) : n;
}

/* The '<' of the root element after the prolog, or n. */
static size_t xml_root(const unsigned char *p, size_t n)
{
    size_t i = 0;
    for (;;) {
        while (i < n && blank(p[i]))
            i++;
        if (i >= n || p[i] != '<')
            return n;
        if (starts(p, n, i, "<?"))
            i = past(p, n, i, "?>");
        else if (starts(p, n, i, "<!--"))
            i = past(p, n, i + 4, "-->");
        else if (starts(p, n, i, "<!")) {
            /* <!DOCTYPE ...> with an optional [internal subset] */
            int depth = 0;
            for (i += 2; i < n && (p[i] != '>' || depth > 0); i++)
                depth += p[i] == '[' ? 1 : p[i] == ']' ? -1 : 0;
            i++;
        } else
            return i;
    }
}

typedef struct root {
    char name[64];     /* local name */
    char ns[128];      /* namespace URI of the root's prefix, "" for none */
} root_t;

static int name_char(unsigned char c)
{
    return !blank(c) && c != '>' && c != '/' && c != '=' && c != '"' && c != '\'' && c != '<';
}

/* Read the root start tag at p[i] ('<'): its local name and namespace. 0 when cut short. */
static int read_root(const unsigned char *p, size_t n, size_t i, root_t *r)
{
    char prefix[64] = "", attr[80];
    size_t s = ++i, k, colon = 0;
    memset(r, 0, sizeof *r);
    while (i < n && name_char(p[i]))
        if (p[i++] == ':')
            colon = i;
    if (i == s || i - s >= sizeof r->name)
        return 0;
    if (colon) {
        snprintf(prefix, sizeof prefix, "%.*s", (int)(colon - 1 - s), (const char *)p + s);
        s = colon;
    }
    snprintf(r->name, sizeof r->name, "%.*s", (int)(i - s), (const char *)p + s);
    snprintf(attr, sizeof attr, prefix[0] ? "xmlns:%s" : "xmlns", prefix);
    for (;;) {   /* attributes until '>' */
        size_t a, v;
        unsigned char q;
        while (i < n && blank(p[i]))
            i++;
        if (i >= n || p[i] == '>' || p[i] == '/')
            return i < n;
        for (a = i; i < n && name_char(p[i]); i++)
            ;
        k = i - a;
        while (i < n && blank(p[i]))
            i++;
        if (i >= n || p[i] != '=')
            return 0;
        for (i++; i < n && blank(p[i]); i++)
            ;
        if (i >= n || (p[i] != '"' && p[i] != '\''))
            return 0;
        q = p[i++];
        for (v = i; i < n && p[i] != q; i++)
            ;
        if (i >= n)
            return 0;
        if (k == strlen(attr) && memcmp(p + a, attr, k) == 0)
            snprintf(r->ns, sizeof r->ns, "%.*s", (int)(i - v), (const char *)p + v);
        i++;
    }
}

static sniff_kind sniff_xml(const unsigned char *p, size_t n)
{
    size_t i = xml_root(p, n);
    root_t r;
    if (i >= n)
        return SNIFF_UNKNOWN;
    if (!read_root(p, n, i, &r))
        return SNIFF_XML_OTHER;
    if ((strcmp(r.name, "Invoice") == 0 && strcmp(r.ns, UBL_INV) == 0) ||
        (strcmp(r.name, "CreditNote") == 0 && strcmp(r.ns, UBL_CN) == 0))
        return SNIFF_UBL;
    if ((strcmp(r.name, "CrossIndustryInvoice") == 0 && strcmp(r.ns, CII_NS) == 0) ||
        (strcmp(r.name, "CrossIndustryDocument") == 0 && strcmp(r.ns, ZF1_NS) == 0))
        return SNIFF_CII;
    if (!r.ns[0] && (strcmp(r.name, "INVOIC02") == 0 || strcmp(r.name, "INVOIC01") == 0))
        return SNIFF_IDOC_XML;
    /* an extension IDoc type (ZINVOIC02, ...): the control record names the basic type */
    if (!r.ns[0] && memmem(p, n, "<EDI_DC40", 9) &&
        (memmem(p, n, "<IDOCTYP>INVOIC02<", 18) || memmem(p, n, "<IDOCTYP>INVOIC01<", 18)))
        return SNIFF_IDOC_XML;
    return SNIFF_XML_OTHER;
}

/* ---- JSON: the member names of the first level (and of "d") ---- */

static const char *const ODATA_KEYS[] = {
    "__metadata", "SupplierInvoice", "FiscalYear", "CompanyCode", "InvoicingParty", "DocumentCurrency",
    "SupplierInvoiceIDByInvcgParty", "InvoiceGrossAmount", "DocumentDate", "PostingDate",
    "SupplierInvoiceIsCreditMemo", "PaymentTerms", "to_SuplrInvcItemPurOrdRef", "to_SupplierInvoiceTax",
    "to_SupplierInvoiceItemGLAcct", "to_SuplrInvoiceAdditionalData", NULL};
static const char *const CANON_KEYS[] = {
    "invoiceNumber", "issueDate", "typeCode", "currency", "validationProfile", "buyerReference", "supplier",
    "buyer", "lines", "totals", "taxBreakdown", "dueDate", "payment", "notes", "payee", "delivery", NULL};

static int listed(const char *const *keys, const unsigned char *k, size_t len)
{
    for (; *keys; keys++)
        if (strlen(*keys) == len && memcmp(*keys, k, len) == 0)
            return 1;
    return 0;
}

/* Index after the string starting at p[i] ('"'), or n. */
static size_t string_end(const unsigned char *p, size_t n, size_t i)
{
    for (i++; i < n; i++) {
        if (p[i] == '\\')
            i++;
        else if (p[i] == '"')
            return i + 1;
    }
    return n;
}

static sniff_kind sniff_json(const unsigned char *p, size_t n, size_t i)
{
    int depth = 0, in_d = 0, odata = 0, canon = 0;
    int d_depth = 0;   /* depth of the "d" object, 0 when not in one */
    for (; i < n; i++) {
        unsigned char c = p[i];
        if (c == '{' || c == '[') {
            depth++;
            if (in_d && c == '{' && !d_depth)
                d_depth = depth;
            in_d = 0;
        } else if (c == '}' || c == ']') {
            if (depth == d_depth)
                d_depth = 0;
            if (--depth <= 0)
                break;
        } else if (c == '"') {
            size_t s = i + 1, e = string_end(p, n, i), k = e;
            while (k < n && blank(p[k]))
                k++;
            i = e - 1;
            if (k >= n || p[k] != ':' || e == n) {
                in_d = 0;   /* a value, not a member name */
                continue;
            }
            if (depth == 1 && e - 1 - s == 1 && p[s] == 'd') {
                in_d = 1;   /* {"d": {...}} is OData V2's envelope */
                odata += 2;
            } else if (depth == 1 || (d_depth && depth == d_depth)) {
                odata += listed(ODATA_KEYS, p + s, e - 1 - s);
                canon += listed(CANON_KEYS, p + s, e - 1 - s);
            }
        } else if (!blank(c) && c != ':' && c != ',')
            in_d = 0;
    }
    if (odata >= 2 && odata > canon)
        return SNIFF_ODATA;
    if (canon >= 2 && canon > odata)
        return SNIFF_CANONICAL;
    return SNIFF_UNKNOWN;
}

sniff_kind sniff_body(const unsigned char *d, size_t n)
{
    static _Thread_local unsigned char narrow[SNIFF_MAX / 2];
    sniff_kind kind;
    size_t i = 0, lim = n < SNIFF_MAX ? n : SNIFF_MAX;
    if (!d || !n)
        return SNIFF_UNKNOWN;
    for (i = 0; i + 5 <= (lim < 1024 ? lim : 1024); i++)   /* PDF 1.7 §7.5.2: junk may come first */
        if (memcmp(d + i, "%PDF-", 5) == 0)
            return SNIFF_PDF;
    if (n >= 2 && ((d[0] == 0xFE && d[1] == 0xFF) || (d[0] == 0xFF && d[1] == 0xFE))) {
        /* UTF-16: the names that matter are ASCII, one byte of each code unit holds them */
        size_t k, lo = d[0] == 0xFF ? 0 : 1;
        for (k = 0; 2 + 2 * k + 1 < lim && k < sizeof narrow; k++)
            narrow[k] = d[2 + 2 * k + lo];
        kind = sniff_xml(narrow, k);
        return kind == SNIFF_UNKNOWN ? SNIFF_XML_OTHER : kind;   /* the BOM says XML */
    }
    i = lim >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF ? 3 : 0;
    while (i < lim && blank(d[i]))
        i++;
    if (starts(d, lim, i, "EDI_DC40"))
        return SNIFF_IDOC_FLAT;
    if (i < lim && d[i] == '<')
        return sniff_xml(d + i, lim - i);
    if (i < lim && d[i] == '{')
        return sniff_json(d, lim, i);
    return SNIFF_UNKNOWN;
}

const char *sniff_kind_name(sniff_kind kind)
{
    switch (kind) {
    case SNIFF_XML_OTHER: return "XML of an unknown kind";
    case SNIFF_UBL: return "a UBL invoice";
    case SNIFF_CII: return "a CII invoice";
    case SNIFF_IDOC_XML: return "an SAP IDoc (INVOIC02/INVOIC01 XML)";
    case SNIFF_IDOC_FLAT: return "an SAP IDoc flat file";
    case SNIFF_PDF: return "a PDF";
    case SNIFF_ODATA: return "an SAP OData supplier invoice (JSON)";
    case SNIFF_CANONICAL: return "an invoice in the canonical JSON model";
    default: return "of no known format";
    }
}

/* Where a body of `kind` belongs, for the message. */
static const char *home(sniff_kind kind)
{
    switch (kind) {
    case SNIFF_UBL:
    case SNIFF_CII: return "POST /api/v1/invoices/validate (multipart field file)";
    case SNIFF_PDF: return "POST /api/v1/invoices/validate for a ZUGFeRD/Factur-X PDF, POST /api/v1/invoices/extract for any other PDF";
    case SNIFF_IDOC_XML: return "POST /api/v1/invoices/validate/idoc (multipart field file)";
    case SNIFF_IDOC_FLAT: return "POST /api/v1/invoices/validate/idoc, as XML (the flat file form is not read)";
    case SNIFF_ODATA: return "POST /api/v1/invoices/validate/odata?profile=... (JSON body)";
    case SNIFF_CANONICAL: return "POST /api/v1/invoices (JSON body)";
    default: return NULL;
    }
}

/* Whether ep takes kind: its own formats, and what no endpoint claims (today's handling). */
static int takes(sniff_endpoint ep, sniff_kind kind)
{
    if (kind == SNIFF_UNKNOWN)
        return 1;
    switch (ep) {
    case SNIFF_EP_VALIDATE:
        return kind == SNIFF_UBL || kind == SNIFF_CII || kind == SNIFF_PDF || kind == SNIFF_XML_OTHER;
    case SNIFF_EP_IDOC:
        return kind == SNIFF_IDOC_XML || kind == SNIFF_XML_OTHER;
    case SNIFF_EP_ODATA:
        return kind == SNIFF_ODATA || kind == SNIFF_XML_OTHER;
    case SNIFF_EP_CANONICAL:
        return kind == SNIFF_CANONICAL || kind == SNIFF_XML_OTHER;
    case SNIFF_EP_EXTRACT:
        return kind == SNIFF_PDF || kind == SNIFF_XML_OTHER;
    }
    return 1;
}

int sniff_refuse(sniff_endpoint ep, const char *field, const unsigned char *d, size_t n, char *msg, size_t size)
{
    sniff_kind kind = sniff_body(d, n);
    if (takes(ep, kind) || !home(kind))
        return 0;
    snprintf(msg, size, "%s: the content is %s, which this endpoint does not take; send it to %s", field,
             sniff_kind_name(kind), home(kind));
    return 1;
}
