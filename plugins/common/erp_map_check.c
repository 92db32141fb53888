/* The mapping document's shape as a small table of shapes (erp_map_check.h), walked once
 * over the strict JSON tree: unknown members at any depth, wrong JSON types and missing
 * required members are problems named by their "$..." path. */
#include "erp_map_check.h"
#include <stdio.h>
#include <string.h>

typedef enum { S_STR, S_NUM, S_ID, S_ENUM, S_OBJ, S_MAP, S_ARR } skind;

typedef struct shape shape_t;
typedef struct field {
    const char *name;
    const shape_t *shape;
    int required;            /* 1: must be present (and not null) */
    const char *why;         /* what a missing one should be, for the message */
} field_t;

struct shape {
    skind kind;
    const char *what;        /* "a string", "an object {…}": the type message */
    const field_t *fields;   /* S_OBJ: NULL-terminated; their names are the allowed keys */
    const shape_t *item;     /* S_MAP, S_ARR: every entry's shape */
    const char *const *values;   /* S_ENUM: the allowed strings */
};

static const shape_t STR = {S_STR, "a string", NULL, NULL, NULL};
static const shape_t NUM = {S_NUM, "a number", NULL, NULL, NULL};

/* An identifier with a scheme (EINV_K_ID): "text" or {value, scheme, schemeVersion}. */
static const field_t ID_FIELDS[] = {{"value", &STR, 1, "the identifier"}, {"scheme", &STR, 0, NULL},
                                    {"schemeVersion", &STR, 0, NULL}, {NULL, NULL, 0, NULL}};
static const shape_t ID = {S_ID, "a string or an object {value, scheme, schemeVersion}", ID_FIELDS, NULL, NULL};
static const shape_t IDS = {S_ARR, "an array of identifiers", NULL, &ID, NULL};

static const char *const LEVELS[] = {"document", "line", NULL};
static const char *const KINDS[] = {"allowance", "charge", NULL};
static const shape_t LEVEL = {S_ENUM, "\"document\" or \"line\"", NULL, NULL, LEVELS};
static const shape_t KIND = {S_ENUM, "\"allowance\" or \"charge\"", NULL, NULL, KINDS};

static const field_t TAX_FIELDS[] = {
    {"category", &STR, 1, "a VAT category code such as S, AE, E"}, {"rate", &NUM, 0, NULL},
    {"exemptionCode", &STR, 0, NULL}, {"exemptionReason", &STR, 0, NULL}, {NULL, NULL, 0, NULL}};
static const shape_t TAX = {S_OBJ, "an object {category, rate, exemptionCode, exemptionReason}", TAX_FIELDS, NULL, NULL};

static const field_t COND_FIELDS[] = {{"level", &LEVEL, 0, NULL}, {"kind", &KIND, 0, NULL},
                                      {"reasonCode", &STR, 0, NULL}, {"reason", &STR, 0, NULL},
                                      {NULL, NULL, 0, NULL}};
static const shape_t COND = {S_OBJ, "an object {level, kind, reasonCode, reason}", COND_FIELDS, NULL, NULL};

/* BG-16 / BG-17 terms the ERP formats do not carry (erp_map.h, erp_map_payment). */
static const field_t PAY_FIELDS[] = {
    {"code", &STR, 0, NULL}, {"text", &STR, 0, NULL}, {"remittanceInformation", &STR, 0, NULL},
    {"iban", &STR, 0, NULL}, {"accountName", &STR, 0, NULL}, {"bic", &STR, 0, NULL}, {NULL, NULL, 0, NULL}};
static const shape_t PAY = {S_OBJ, "an object {code, text, remittanceInformation, iban, accountName, bic}",
                            PAY_FIELDS, NULL, NULL};

static const field_t ADDR_FIELDS[] = {
    {"line1", &STR, 0, NULL}, {"line2", &STR, 0, NULL}, {"line3", &STR, 0, NULL}, {"city", &STR, 0, NULL},
    {"postalCode", &STR, 0, NULL}, {"countrySubdivision", &STR, 0, NULL}, {"countryCode", &STR, 0, NULL},
    {NULL, NULL, 0, NULL}};
static const shape_t ADDR = {S_OBJ, "an object (a postal address of the canonical model)", ADDR_FIELDS, NULL, NULL};
static const field_t CONTACT_FIELDS[] = {{"name", &STR, 0, NULL}, {"phone", &STR, 0, NULL},
                                         {"email", &STR, 0, NULL}, {NULL, NULL, 0, NULL}};
static const shape_t CONTACT = {S_OBJ, "an object {name, phone, email}", CONTACT_FIELDS, NULL, NULL};

/* A party of the canonical model (the seller's and the buyer's fields), plus the payment
 * data of the mapping: "iban" (BT-84, kept for documents written before paymentMeans) and
 * "paymentMeans". */
static const field_t PARTY_FIELDS[] = {
    {"name", &STR, 0, NULL}, {"tradingName", &STR, 0, NULL}, {"identifiers", &IDS, 0, NULL},
    {"identifier", &ID, 0, NULL}, {"legalId", &ID, 0, NULL}, {"vatId", &STR, 0, NULL},
    {"taxRegistrationId", &STR, 0, NULL}, {"additionalLegalInfo", &STR, 0, NULL},
    {"leitwegId", &STR, 0, NULL}, {"electronicAddress", &ID, 0, NULL}, {"address", &ADDR, 0, NULL},
    {"contact", &CONTACT, 0, NULL}, {"iban", &STR, 0, NULL}, {"paymentMeans", &PAY, 0, NULL},
    {NULL, NULL, 0, NULL}};
static const shape_t PARTY = {S_OBJ, "an object (a party of the canonical model)", PARTY_FIELDS, NULL, NULL};

static const field_t DEFAULT_FIELDS[] = {{"paymentMeans", &PAY, 0, NULL}, {"seller", &PARTY, 0, NULL},
                                         {"buyer", &PARTY, 0, NULL}, {NULL, NULL, 0, NULL}};
static const shape_t DEFAULTS = {S_OBJ, "an object {paymentMeans, seller, buyer}", DEFAULT_FIELDS, NULL, NULL};

static const shape_t TAXES = {S_MAP, "an object (tax code -> {category, rate, ...})", NULL, &TAX, NULL};
static const shape_t UNIT = {S_STR, "a string (a UN/ECE Rec 20 unit code)", NULL, NULL, NULL};
static const shape_t UNITS = {S_MAP, "an object (unit -> Rec 20 code)", NULL, &UNIT, NULL};
static const shape_t PARTIES = {S_MAP, "an object (partner number -> party)", NULL, &PARTY, NULL};
static const shape_t COMPANIES = {S_MAP, "an object (company code -> party)", NULL, &PARTY, NULL};
static const shape_t CONDS = {S_MAP, "an object (condition type -> {level, kind, ...})", NULL, &COND, NULL};

/* The sections are never null: "companyCodes": null is refused, as before. */
static const field_t ROOT_FIELDS[] = {
    {"taxCodes", &TAXES, -1, NULL}, {"units", &UNITS, -1, NULL}, {"parties", &PARTIES, -1, NULL},
    {"companyCodes", &COMPANIES, -1, NULL}, {"conditions", &CONDS, -1, NULL},
    {"defaults", &DEFAULTS, -1, NULL}, {NULL, NULL, 0, NULL}};
static const shape_t ROOT = {S_OBJ, "a JSON object (the mapping document)", ROOT_FIELDS, NULL, NULL};

/* ---- paths ---- */

static int plain_key(const char *k, size_t n)
{
    size_t i;
    if (!n)
        return 0;
    for (i = 0; i < n; i++)
        if (!((k[i] >= 'A' && k[i] <= 'Z') || (k[i] >= 'a' && k[i] <= 'z') || (k[i] >= '0' && k[i] <= '9') ||
              k[i] == '_' || k[i] == '-'))
            return 0;
    return 1;
}

/* Append one step for v (its parent's member or item) to buf at *off. */
static void path_step(const jr_value_t *v, char *buf, size_t size, size_t *off)
{
    size_t i;
    if (*off >= size)
        return;
    if (!v->key) {
        *off += (size_t)snprintf(buf + *off, size - *off, "[%zu]", v->index);
        return;
    }
    if (plain_key(v->key, v->klen)) {
        *off += (size_t)snprintf(buf + *off, size - *off, ".%.*s", (int)v->klen, v->key);
        return;
    }
    /* ['...'] with quote, backslash and control bytes escaped, so the path stays one line */
    *off += (size_t)snprintf(buf + *off, size - *off, "['");
    for (i = 0; i < v->klen && *off < size; i++) {
        unsigned char c = (unsigned char)v->key[i];
        if (c == '\'' || c == '\\')
            *off += (size_t)snprintf(buf + *off, size - *off, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            *off += (size_t)snprintf(buf + *off, size - *off, "\\u%04x", c);
        else
            buf[(*off)++] = (char)c;
    }
    if (*off < size)
        *off += (size_t)snprintf(buf + *off, size - *off, "']");
}

const char *erp_map_path(const jr_value_t *v, char *buf, size_t size)
{
    const jr_value_t *chain[64];
    size_t n = 0, off;
    if (!size)
        return buf;
    for (; v && v->parent && n < sizeof chain / sizeof chain[0]; v = v->parent)
        chain[n++] = v;
    off = (size_t)snprintf(buf, size, "$");
    while (n-- > 0 && off < size)
        path_step(chain[n], buf, size, &off);
    if (off >= size)
        buf[size - 1] = 0;
    return buf;
}

/* ---- the walk ---- */

typedef struct walk {
    erp_check_fn fn;
    void *ud;
    size_t problems;
    int stop;
} walk_t;

enum { P_TYPE, P_UNKNOWN, P_MISSING };

/* Report a problem at v: P_TYPE (detail = what v must be), P_UNKNOWN (detail = the allowed
 * keys), P_MISSING (v is the object, name its missing member, detail what it should be). */
static void problem(walk_t *w, const jr_value_t *v, int kind, const char *name, const char *detail)
{
    char path[512], msg[1024], brief[700];
    if (w->stop)
        return;
    erp_map_path(v, path, sizeof path);
    if (kind == P_TYPE) {
        snprintf(msg, sizeof msg, "%s must be %s", path, detail);
        snprintf(brief, sizeof brief, "not %s", detail);
    } else if (kind == P_UNKNOWN) {
        snprintf(msg, sizeof msg, "Unknown key %s (allowed: %s)", path, detail);
        snprintf(brief, sizeof brief, "unknown (allowed: %s)", detail);
    } else {
        snprintf(msg, sizeof msg, "%s.%s is required (%s)", path, name, detail);
        snprintf(brief, sizeof brief, "without its required member %s (%s)", name, detail);
    }
    w->problems++;
    if (!w->fn(w->ud, v, msg, brief))
        w->stop = 1;
}

static int key_is(const jr_value_t *v, const char *name)
{
    size_t n = strlen(name);
    return v->klen == n && memcmp(v->key, name, n) == 0;
}

static void allowed_list(const field_t *f, char *buf, size_t size)
{
    size_t off = 0;
    buf[0] = 0;
    for (; f->name && off < size; f++)
        off += (size_t)snprintf(buf + off, size - off, "%s%s", off ? ", " : "", f->name);
}

static void check(walk_t *w, const jr_value_t *v, const shape_t *s);

static void check_fields(walk_t *w, const jr_value_t *v, const field_t *fields)
{
    const jr_value_t *c;
    const field_t *f;
    char list[400];
    for (c = v->first; c && !w->stop; c = c->next) {
        for (f = fields; f->name && !key_is(c, f->name); f++)
            ;
        if (!f->name) {
            allowed_list(fields, list, sizeof list);
            problem(w, c, P_UNKNOWN, NULL, list);
        } else if (c->type != JR_NULL || f->required < 0)
            check(w, c, f->shape);
    }
    for (f = fields; f->name && !w->stop; f++) {
        c = jr_member(v, f->name);
        if (f->required > 0 && (!c || c->type == JR_NULL))
            problem(w, v, P_MISSING, f->name, f->why ? f->why : "a value");
    }
}

static void check(walk_t *w, const jr_value_t *v, const shape_t *s)
{
    const jr_value_t *c;
    const char *const *e;
    switch (s->kind) {
    case S_STR:
        if (v->type != JR_STRING)
            problem(w, v, P_TYPE, NULL, s->what);
        return;
    case S_NUM:
        if (v->type != JR_NUMBER)
            problem(w, v, P_TYPE, NULL, s->what);
        return;
    case S_ENUM:
        if (v->type == JR_STRING)
            for (e = s->values; *e; e++)
                if (v->len == strlen(*e) && memcmp(v->s, *e, v->len) == 0)
                    return;
        problem(w, v, P_TYPE, NULL, s->what);
        return;
    case S_ID:
        if (v->type == JR_STRING)
            return;
        if (v->type != JR_OBJECT)
            problem(w, v, P_TYPE, NULL, s->what);
        else
            check_fields(w, v, s->fields);
        return;
    case S_OBJ:
        if (v->type != JR_OBJECT)
            problem(w, v, P_TYPE, NULL, s->what);
        else
            check_fields(w, v, s->fields);
        return;
    case S_MAP:
    case S_ARR:
        if (v->type != (s->kind == S_MAP ? JR_OBJECT : JR_ARRAY)) {
            problem(w, v, P_TYPE, NULL, s->what);
            return;
        }
        for (c = v->first; c && !w->stop; c = c->next)
            check(w, c, s->item);
        return;
    }
}

size_t erp_map_check(const jr_value_t *root, erp_check_fn fn, void *ud)
{
    walk_t w = {fn, ud, 0, 0};
    if (root)
        check(&w, root, &ROOT);
    return w.problems;
}
