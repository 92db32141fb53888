/* The reader of the "json" format: the canonical EN 16931 model as JSON (API.md, the body
 * of POST /v1/invoices and canonicalJson). An internal library of plugins/json
 * (CMakeLists.txt there), so tests call it directly (json_read.h).
 *
 * The JSON is read strictly (json_reader.c) and mapped onto the model with the term table
 * (einv_term_by_json), each node remembering the JSON pointer of its value in node->src.
 * The plugin builds no XML: the engine turns the invoice into UBL 2.1 (the UBL plugin's
 * from_model) and runs the same rules as for a UBL upload, and findings on that generated
 * document point back at these JSON pointers.
 *
 * Request errors (400 in the service): malformed JSON, a wrong JSON type for a field, a
 * duplicate member name, a value over the size limits, a character XML cannot carry. They
 * are reported as SCHEMA findings naming the field, and parse() returns EINV_ERR_USAGE.
 * Unknown members are a warning. Missing business data is left to the rules (BR-02 ...). */
#include <einvoice/einvoice.h>
#include "json_reader.h"
#include "json_read.h"
#include "model_norm.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const einv_rule_t R_WELLFORMED = {
    "JSON-WELLFORMED", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The request body is not well-formed JSON.",
    "Send one UTF-8 JSON object; check quotes, commas and brackets at the reported position."};
static const einv_rule_t R_TYPE = {
    "JSON-TYPE", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "A field of the invoice JSON has the wrong JSON type.",
    "Send amounts, quantities and rates as JSON numbers, texts, codes and dates as strings, "
    "groups as objects and repeated groups as arrays."};
static const einv_rule_t R_UNKNOWN = {
    "JSON-UNKNOWN-FIELD", EINV_SEV_WARNING, EINV_LAYER_SCHEMA, "",
    "The invoice JSON has a field the canonical model does not define; it was ignored.",
    "Check the spelling against the canonical model (camelCase names) or remove the field."};
static const einv_rule_t R_DUPLICATE = {
    "JSON-DUPLICATE-KEY", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "A JSON object names the same field twice, so its value is ambiguous.",
    "Keep one occurrence of the field."};
static const einv_rule_t R_LIMIT = {
    "JSON-LIMIT", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The invoice JSON exceeds a size limit (nesting, text length or number of digits).",
    "Shorten the value: texts up to 8 MiB, numbers up to 64 characters, nesting up to 64 levels."};
static const einv_rule_t R_CHARACTER = {
    "JSON-CHARACTER", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "A text of the invoice JSON contains a control character that an invoice cannot carry.",
    "Remove control characters other than tab, line feed and carriage return."};

const einv_rule_t *const json_read_rules[] = {&R_WELLFORMED, &R_TYPE, &R_UNKNOWN,
                                                &R_DUPLICATE, &R_LIMIT, &R_CHARACTER};
const size_t json_read_rules_count = sizeof json_read_rules / sizeof json_read_rules[0];

/* Limits: a text up to 8 MiB stays under libxml2's 10 MB text-node limit once the invoice
 * is serialized as UBL (an attachment is the only big value an invoice has). */
static const jr_limits_t LIMITS = {(size_t)256 << 20, 64, (size_t)8 << 20, 64};

#define PTR_MAX 1024

typedef struct jm {
    einv_ctx_t *ctx;
    einv_invoice_t *inv;
    int errors;       /* request errors reported */
} jm_t;

/* ---- findings ---- */

static void jm_report(jm_t *m, const einv_rule_t *rule, const jr_value_t *v, const char *what)
{
    char ptr[PTR_MAX], name[PTR_MAX];
    jr_pointer(v, ptr, sizeof ptr);
    jr_dotted(v, name, sizeof name);
    if (rule->severity == EINV_SEV_ERROR)
        m->errors++;
    einv_report_msg(m->ctx, rule, ptr, "%s %s", name[0] ? name : "The request body", what);
}

static void jm_type(jm_t *m, const jr_value_t *v, const char *what)
{
    jm_report(m, &R_TYPE, v, what);
}

/* ---- values ---- */

/* 1 when every character of the text is allowed in XML 1.0 (the value becomes UBL). */
static int xml_chars_ok(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *e = p + n;
    for (; p < e; p++) {
        if (*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r')
            return 0;
        /* U+FFFE and U+FFFF (EF BF BE / EF BF BF) are not XML characters either */
        if (*p == 0xEF && e - p >= 3 && p[1] == 0xBF && (p[2] == 0xBE || p[2] == 0xBF))
            return 0;
    }
    return 1;
}

static int jm_string_ok(jm_t *m, const jr_value_t *v)
{
    if (xml_chars_ok(v->s, v->len))
        return 1;
    jm_report(m, &R_CHARACTER, v, "contains a control character that XML cannot carry");
    return 0;
}

/* A JSON number literal as xs:decimal text: as written when it has no exponent,
 * otherwise with the decimal point moved exactly ("1.50e1" -> "15.0"). 0 when the result
 * would be unreasonably long. */
int json_number_text(const char *s, char *out, size_t size)
{
    const char *ip, *fp = NULL, *ep;
    size_t ni, nf = 0, nd, k = 0, i;
    long exp = 0, pos;
    int neg = 0;
    char digits[160];
    const char *d;
    if (*s == '-')
        neg = 1, s++;
    ip = s;
    while (*s >= '0' && *s <= '9')
        s++;
    ni = (size_t)(s - ip);
    if (*s == '.') {
        fp = ++s;
        while (*s >= '0' && *s <= '9')
            s++;
        nf = (size_t)(s - fp);
    }
    if (*s != 'e' && *s != 'E') {   /* the common case: keep the spelling */
        size_t n = strlen(ip - neg);
        if (n + 1 > size)
            return 0;
        memcpy(out, ip - neg, n + 1);
        return 1;
    }
    ep = s + 1;
    exp = strtol(ep, NULL, 10);
    if (exp > 60 || exp < -60 || ni + nf >= sizeof digits)
        return 0;
    memcpy(digits, ip, ni);
    if (nf)
        memcpy(digits + ni, fp, nf);
    nd = ni + nf;
    d = digits;
    pos = (long)ni + exp;   /* the point sits after pos digits */
    while (nd > 1 && *d == '0') {
        d++;
        nd--;
        pos--;
    }
    if (nd == 1 && *d == '0') {
        if (size < 2)
            return 0;
        strcpy(out, "0");
        return 1;
    }
    if (nd + (size_t)(pos < 0 ? -pos : pos) + 4 > size)
        return 0;
    if (neg)
        out[k++] = '-';
    if (pos <= 0) {
        out[k++] = '0';
        out[k++] = '.';
        for (i = 0; i < (size_t)-pos; i++)
            out[k++] = '0';
        memcpy(out + k, d, nd);
        k += nd;
    } else if ((size_t)pos >= nd) {
        memcpy(out + k, d, nd);
        k += nd;
        for (i = nd; i < (size_t)pos; i++)
            out[k++] = '0';
    } else {
        memcpy(out + k, d, (size_t)pos);
        k += (size_t)pos;
        out[k++] = '.';
        memcpy(out + k, d + pos, nd - (size_t)pos);
        k += nd - (size_t)pos;
    }
    out[k] = 0;
    return 1;
}

static einv_node_t *jm_add(jm_t *m, einv_node_t *parent, einv_term t, const char *text,
                           const jr_value_t *v)
{
    char ptr[PTR_MAX];
    einv_node_t *n = einv_node_add(m->inv, parent, t, text);
    if (n) {
        jr_pointer(v, ptr, sizeof ptr);
        einv_node_set_src(m->inv, n, ptr, NULL);
    }
    return n;
}

static void jm_object(jm_t *m, const jr_value_t *obj, einv_term group, einv_node_t *node);

/* Identifier {"value", "scheme", "schemeVersion"} or attachment {"value", "mimeCode",
 * "filename"}; a plain string is accepted as the value alone. */
static void jm_attr_object(jm_t *m, const jr_value_t *v, einv_term t, einv_node_t *parent,
                           const char *a0, const char *a1)
{
    const jr_value_t *c, *val = NULL, *at[2] = {NULL, NULL};
    einv_node_t *n;
    int i, bad = 0;
    if (v->type == JR_STRING) {
        if (jm_string_ok(m, v))
            jm_add(m, parent, t, v->s, v);
        return;
    }
    if (v->type != JR_OBJECT) {
        jm_type(m, v, "must be a string or an object with \"value\"");
        return;
    }
    for (c = v->first; c; c = c->next) {
        const jr_value_t **slot = NULL;
        if (c->klen == 5 && !memcmp(c->key, "value", 5))
            slot = &val;
        else if (strlen(a0) == c->klen && !memcmp(c->key, a0, c->klen))
            slot = &at[0];
        else if (strlen(a1) == c->klen && !memcmp(c->key, a1, c->klen))
            slot = &at[1];
        if (!slot) {
            jm_report(m, &R_UNKNOWN, c, "is not a field of the canonical model; it was ignored");
            continue;
        }
        if (c->type == JR_NULL)
            continue;
        if (c->type != JR_STRING) {
            jm_type(m, c, "must be a string");
            bad = 1;
        } else if (!jm_string_ok(m, c))
            bad = 1;
        else
            *slot = c;
    }
    if (bad)
        return;
    n = jm_add(m, parent, t, val ? val->s : NULL, v);
    for (i = 0; n && i < 2; i++)
        if (at[i])
            einv_node_set_attr(m->inv, n, i, at[i]->s);
}

/* One value of term t (an item of the array when t is a list). */
static void jm_single(jm_t *m, const jr_value_t *v, einv_term t, einv_node_t *parent)
{
    const einv_term_info_t *ti = einv_term_info(t);
    char num[160];
    einv_node_t *n;
    switch (ti->kind) {
    case EINV_K_GROUP:
        if (v->type != JR_OBJECT) {
            jm_type(m, v, "must be an object");
            return;
        }
        if ((n = jm_add(m, parent, t, NULL, v)))
            jm_object(m, v, t, n);
        return;
    case EINV_K_AMOUNT:
    case EINV_K_QUANTITY:
    case EINV_K_PERCENT:
    case EINV_K_DECIMAL:
        if (v->type != JR_NUMBER) {
            jm_type(m, v, "must be a number");
            return;
        }
        if (!json_number_text(v->s, num, sizeof num)) {
            jm_report(m, &R_LIMIT, v, "is a number too large or too small for an invoice");
            return;
        }
        jm_add(m, parent, t, num, v);
        return;
    case EINV_K_BOOL:
        if (v->type != JR_TRUE && v->type != JR_FALSE) {
            jm_type(m, v, "must be true or false");
            return;
        }
        jm_add(m, parent, t, v->type == JR_TRUE ? "true" : "false", v);
        return;
    case EINV_K_ID:
        jm_attr_object(m, v, t, parent, "scheme", "schemeVersion");
        return;
    case EINV_K_BINARY:
        jm_attr_object(m, v, t, parent, "mimeCode", "filename");
        return;
    default:   /* text, code, date */
        if (v->type != JR_STRING) {
            jm_type(m, v, "must be a string");
            return;
        }
        if (jm_string_ok(m, v))
            jm_add(m, parent, t, v->s, v);
    }
}

/* The members of obj, the JSON object of `group` (node is its model node). */
static void jm_object(jm_t *m, const jr_value_t *obj, einv_term group, einv_node_t *node)
{
    const jr_value_t *c, *item;
    for (c = obj->first; c; c = c->next) {
        char key[64];
        einv_term t;
        if (c->klen >= sizeof key || memchr(c->key, 0, c->klen)) {
            jm_report(m, &R_UNKNOWN, c, "is not a field of the canonical model; it was ignored");
            continue;
        }
        memcpy(key, c->key, c->klen);
        key[c->klen] = 0;
        if (einv_term_by_json(group, key, &t) != EINV_OK) {
            jm_report(m, &R_UNKNOWN, c, "is not a field of the canonical model; it was ignored");
            continue;
        }
        if (c->type == JR_NULL)   /* null = absent: the rules say whether it is needed */
            continue;
        if (einv_term_info(t)->card == EINV_C_ONE) {
            jm_single(m, c, t, node);
            continue;
        }
        if (c->type != JR_ARRAY) {
            jm_type(m, c, "must be an array");
            continue;
        }
        for (item = c->first; item; item = item->next)
            jm_single(m, item, t, node);
    }
}

/* ---- reading ---- */

static const einv_rule_t *reader_rule(jr_status st)
{
    switch (st) {
    case JR_ERR_DEPTH:
    case JR_ERR_SIZE:
    case JR_ERR_NOMEM:
        return &R_LIMIT;
    case JR_ERR_DUPLICATE:
        return &R_DUPLICATE;
    default:
        return &R_WELLFORMED;
    }
}

static size_t skip_space(const unsigned char *p, size_t len)
{
    size_t i = len >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0;
    while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'))
        i++;
    return i;
}

/* A JSON object whose members include a canonical field, or no members at all. Objects
 * made only of other names (an OData entity, {"d": ...}) are left to their own plugins. */
int json_read_sniff(const unsigned char *data, size_t len, const einv_xdoc_t *xdoc)
{
    jr_error_t err;
    jr_doc_t *d;
    const jr_value_t *root, *c;
    int mine = 0;
    size_t i = skip_space(data, len);
    if (xdoc || i >= len || data[i] != '{')
        return EINV_DECLINED;
    if (!(d = jr_parse((const char *)data, len, &LIMITS, &err)))
        return EINV_DECLINED;
    root = jr_root(d);
    mine = root->type == JR_OBJECT && root->n == 0;
    for (c = root->type == JR_OBJECT ? root->first : NULL; c && !mine; c = c->next) {
        char key[64];
        if (c->klen < sizeof key && !memchr(c->key, 0, c->klen)) {
            memcpy(key, c->key, c->klen);
            key[c->klen] = 0;
            mine = einv_term_by_json(EINV_T_INVOICE, key, NULL) == EINV_OK;
        }
    }
    jr_free(d);
    return mine ? EINV_OK : EINV_DECLINED;
}

int json_read_parse(einv_ctx_t *ctx, const unsigned char *data, size_t len)
{
    jr_error_t err;
    jr_doc_t *d = jr_parse((const char *)data, len, &LIMITS, &err);
    const jr_value_t *root;
    jm_t m;
    if (!d) {
        const einv_rule_t *rule = reader_rule(err.status);
        einv_report_msg(ctx, rule, err.where, "The request body is not usable JSON: %s%s%s (line %zu, column %zu, byte %zu).",
                        err.where[0] ? err.where : "", err.where[0] ? ": " : "", err.message, err.line,
                        err.column, err.offset);
        return EINV_ERR_USAGE;
    }
    root = jr_root(d);
    if (root->type != JR_OBJECT) {
        einv_report_msg(ctx, &R_TYPE, "", "The request body must be a JSON object (the canonical invoice).");
        jr_free(d);
        return EINV_ERR_USAGE;
    }
    memset(&m, 0, sizeof m);
    m.ctx = ctx;
    m.inv = einv_invoice_new();
    if (!m.inv) {
        jr_free(d);
        return EINV_ERR_NOMEM;
    }
    einv_node_set_src(m.inv, einv_invoice_root(m.inv), "", NULL);
    jm_object(&m, root, EINV_T_INVOICE, einv_invoice_root(m.inv));
    jr_free(d);
    mn_gross_prices(m.inv);
    mn_seller_id_order(m.inv);
    einv_ctx_set_invoice(ctx, m.inv);
    return m.errors ? EINV_ERR_USAGE : EINV_OK;
}

