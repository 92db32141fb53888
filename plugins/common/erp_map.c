/* The ERP mapping document (see erp_map.h): read once per run with the strict JSON reader,
 * then looked up by the IDoc / OData converters. */
#include "erp_map.h"
#include "erp_map_check.h"
#include <stdio.h>
#include <string.h>

static const jr_limits_t MAP_LIMITS = {(size_t)16 << 20, 32, (size_t)1 << 20, 64};

static int key_is(const jr_value_t *v, const char *name)
{
    size_t n = strlen(name);
    return v->klen == n && memcmp(v->key, name, n) == 0;
}

static int str_is(const jr_value_t *v, const char *s)
{
    return v->type == JR_STRING && v->len == strlen(s) && memcmp(v->s, s, v->len) == 0;
}

/* Read one "conditions" entry. 1 when well-formed (out filled if not NULL); else 0 with
 * *bad the offending value and why saying what it should be. null members count as absent,
 * as the server's check of PUT /v1/account/mappings does. */
static int cond_parse(const jr_value_t *e, erp_cond_t *out, const jr_value_t **bad, const char **why)
{
    erp_cond_t c;
    const jr_value_t *v;
    memset(&c, 0, sizeof c);
    c.levels = ERP_LEVEL_DOCUMENT | ERP_LEVEL_LINE;
    *bad = e;
    if (e->type != JR_OBJECT) {
        *why = "not an object {level, kind, reasonCode, reason}";
        return 0;
    }
    for (v = e->first; v; v = v->next) {
        *bad = v;
        if (v->type == JR_NULL)
            continue;
        if (key_is(v, "level")) {
            *why = "not \"document\" or \"line\"";
            if (str_is(v, "document"))
                c.levels = ERP_LEVEL_DOCUMENT;
            else if (str_is(v, "line"))
                c.levels = ERP_LEVEL_LINE;
            else
                return 0;
        } else if (key_is(v, "kind")) {
            *why = "not \"allowance\" or \"charge\"";
            if (str_is(v, "allowance"))
                c.kind = ERP_KIND_ALLOWANCE;
            else if (str_is(v, "charge"))
                c.kind = ERP_KIND_CHARGE;
            else
                return 0;
        } else if (key_is(v, "reasonCode") || key_is(v, "reason")) {
            *why = "not a string";
            if (v->type != JR_STRING)
                return 0;
            if (v->len && memchr(v->s, 0, v->len) == NULL)
                *(key_is(v, "reason") ? &c.reason : &c.reason_code) = v->s;
        } else {
            *why = "unknown (level, kind, reasonCode, reason)";
            return 0;
        }
    }
    if (out) {
        erp_src(e, c.src, sizeof c.src);
        *out = c;
    }
    return 1;
}

/* One shape problem of the document as a warning (at most MAX_REPORTED, then one more
 * saying how many were left out). */
#define MAX_REPORTED 20
typedef struct load_ud {
    einv_ctx_t *ctx;
    const einv_rule_t *rule;
    size_t n;
} load_ud_t;

static int report_problem(void *ud, const jr_value_t *v, const char *message, const char *brief)
{
    load_ud_t *u = ud;
    char field[300], ptr[300];
    if (u->n++ >= MAX_REPORTED)
        return 1;   /* counted only */
    jr_pointer(v, ptr, sizeof ptr);
    einv_report_msg(u->ctx, u->rule, erp_src(v, field, sizeof field),
                    "The ERP mapping document member %s is %s; that value was ignored.", ptr[0] ? ptr : "(root)", brief);
    (void)message;
    return 1;
}

void erp_map_load(erp_map_t *m, einv_ctx_t *ctx, const einv_rule_t *bad_rule)
{
    static const char *const SECTIONS[] = {"taxCodes", "units", "parties", "companyCodes", "conditions", "defaults"};
    const char *text = einv_ctx_option(ctx, "mapping");
    const jr_value_t *root, *c;
    const jr_value_t **slots[6];
    jr_error_t err;
    load_ud_t u = {ctx, bad_rule, 0};
    size_t i;
    memset(m, 0, sizeof *m);
    if (!text || !*text)
        return;
    m->doc = jr_parse(text, strlen(text), &MAP_LIMITS, &err);
    if (!m->doc) {
        char field[300];
        snprintf(field, sizeof field, "mapping:%s", err.where);
        einv_report_msg(ctx, bad_rule, field, "The ERP mapping document is not usable JSON: %s%s%s (line %zu, column %zu, byte %zu); it was ignored.",
                        err.where[0] ? err.where : "", err.where[0] ? ": " : "", err.message, err.line,
                        err.column, err.offset);
        return;
    }
    root = jr_root(m->doc);
    if (root->type != JR_OBJECT) {
        einv_report_msg(ctx, bad_rule, "mapping", "The ERP mapping document must be a JSON object; it was ignored.");
        return;
    }
    /* the server refuses such a document (400); a --mapping file is used as far as it goes:
     * lookups skip values of the wrong type */
    erp_map_check(root, report_problem, &u);
    if (u.n > MAX_REPORTED)
        einv_report_msg(ctx, bad_rule, "mapping", "The ERP mapping document has %zu more shape problems.", u.n - MAX_REPORTED);
    slots[0] = &m->tax_codes;
    slots[1] = &m->units;
    slots[2] = &m->parties;
    slots[3] = &m->company_codes;
    slots[4] = &m->conditions;
    slots[5] = &m->defaults;
    for (c = root->first; c; c = c->next)
        for (i = 0; i < 6; i++)
            if (key_is(c, SECTIONS[i]) && c->type == JR_OBJECT)
                *slots[i] = c;
}

void erp_map_free(erp_map_t *m)
{
    jr_free(m->doc);
    memset(m, 0, sizeof *m);
}

const char *erp_str(const jr_value_t *obj, const char *name)
{
    const jr_value_t *v = jr_member(obj, name);
    return v && (v->type == JR_STRING || v->type == JR_NUMBER) && v->len ? v->s : NULL;
}

const char *erp_src(const jr_value_t *v, char *buf, size_t size)
{
    size_t k = (size_t)snprintf(buf, size, "mapping:");
    if (k < size)
        jr_pointer(v, buf + k, size - k);
    return buf;
}

int erp_map_tax(const erp_map_t *m, const char *code, erp_tax_t *out)
{
    const jr_value_t *e = code ? jr_member(m->tax_codes, code) : NULL;
    memset(out, 0, sizeof *out);
    if (!e || e->type != JR_OBJECT)
        return 0;
    out->category = erp_str(e, "category");
    out->rate = erp_str(e, "rate");
    out->exemption_code = erp_str(e, "exemptionCode");
    out->exemption_reason = erp_str(e, "exemptionReason");
    erp_src(e, out->src, sizeof out->src);
    return 1;
}

int erp_map_condition(const erp_map_t *m, const char *kschl, int level, erp_cond_t *out)
{
    const jr_value_t *e = kschl ? jr_member(m->conditions, kschl) : NULL, *bad;
    const char *why;
    memset(out, 0, sizeof *out);
    return e && cond_parse(e, out, &bad, &why) && (out->levels & level);
}

const char *erp_map_unit(const erp_map_t *m, const char *code)
{
    const jr_value_t *e = code ? jr_member(m->units, code) : NULL;
    return e && e->type == JR_STRING && e->len ? e->s : NULL;
}

const jr_value_t *erp_map_party(const erp_map_t *m, int company, const char *key)
{
    const jr_value_t *e = key ? jr_member(company ? m->company_codes : m->parties, key) : NULL;
    return e && e->type == JR_OBJECT ? e : NULL;
}

static void fill_value(einv_invoice_t *inv, einv_node_t *node, einv_term t, const jr_value_t *v)
{
    const einv_term_info_t *ti = einv_term_info(t);
    char src[300];
    einv_node_t *n;
    if (ti->kind == EINV_K_GROUP) {
        if (v->type != JR_OBJECT)
            return;
        if (!(n = einv_node_get(node, t))) {
            n = einv_node_add(inv, node, t, NULL);
            einv_node_set_src(inv, n, erp_src(v, src, sizeof src), NULL);
        }
        erp_map_fill(inv, n, v);
        return;
    }
    if (ti->card == EINV_C_ONE && einv_node_get(node, t))
        return;   /* the document's own value wins */
    if (v->type == JR_OBJECT && ti->kind == EINV_K_ID) {
        const char *val = erp_str(v, "value");
        if (!val)
            return;
        n = einv_node_add(inv, node, t, val);
        einv_node_set_attr(inv, n, 0, erp_str(v, "scheme"));
        einv_node_set_attr(inv, n, 1, erp_str(v, "schemeVersion"));
    } else if (v->type == JR_STRING && v->len) {
        n = einv_node_add(inv, node, t, v->s);
    } else
        return;
    einv_node_set_src(inv, n, erp_src(v, src, sizeof src), NULL);
}

void erp_map_fill(einv_invoice_t *inv, einv_node_t *node, const jr_value_t *party)
{
    const jr_value_t *c, *item;
    for (c = party && party->type == JR_OBJECT ? party->first : NULL; c; c = c->next) {
        char key[64];
        einv_term t;
        if (c->klen >= sizeof key || memchr(c->key, 0, c->klen))
            continue;
        memcpy(key, c->key, c->klen);
        key[c->klen] = 0;
        if (einv_term_by_json(node->term, key, &t) != EINV_OK)
            continue;   /* e.g. "iban": the converter places it under the payment */
        if (einv_term_info(t)->card == EINV_C_MANY && c->type == JR_ARRAY) {
            if (einv_node_get(node, t))
                continue;
            for (item = c->first; item; item = item->next)
                fill_value(inv, node, t, item);
        } else if (einv_term_info(t)->card == EINV_C_MANY && einv_node_get(node, t)) {
            continue;
        } else
            fill_value(inv, node, t, c);
    }
}

void erp_map_fill_defaults(const erp_map_t *m, einv_invoice_t *inv, einv_node_t *node, int seller)
{
    const jr_value_t *p = jr_member(m->defaults, seller ? "seller" : "buyer");
    if (node && p && p->type == JR_OBJECT)
        erp_map_fill(inv, node, p);
}

/* ---- payment means ---- */

/* A non-empty string member of a paymentMeans object, or NULL. */
static const jr_value_t *pay_member(const jr_value_t *pm, const char *name)
{
    const jr_value_t *v = pm && pm->type == JR_OBJECT ? jr_member(pm, name) : NULL;
    return v && v->type == JR_STRING && v->len && !memchr(v->s, 0, v->len) ? v : NULL;
}

/* IBANs compared without blanks and case ("DE89 3704 ..." = "de893704..."). */
static int same_iban(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ')
            a++;
        while (*b == ' ')
            b++;
        if (!*a || !*b)
            return !*a && !*b;
        if ((*a | 0x20) != (*b | 0x20))
            return 0;
        a++;
        b++;
    }
}

static einv_node_t *add_from(einv_invoice_t *inv, einv_node_t *parent, einv_term t, const jr_value_t *v)
{
    char src[300];
    einv_node_t *n = einv_node_add(inv, parent, t, v->s);
    if (n)
        einv_node_set_src(inv, n, erp_src(v, src, sizeof src), NULL);
    return n;
}

void erp_map_payment(const erp_map_t *m, einv_invoice_t *inv, const jr_value_t *party, const char *company)
{
    static const struct {
        einv_term term;
        const char *key;
    } MEMBERS[] = {{EINV_T_BT_81, "code"}, {EINV_T_BT_82, "text"}, {EINV_T_BT_83, "remittanceInformation"}};
    const jr_value_t *cc = erp_map_party(m, 1, company);
    /* the sources, most specific first: the seller's entry, the company code's, defaults */
    const jr_value_t *pm[3];
    const jr_value_t *iban = NULL, *acct = NULL, *v;
    einv_node_t *root = einv_invoice_root(inv), *bg16, *ct = NULL, *n;
    size_t i, k;
    pm[0] = party && party->type == JR_OBJECT ? jr_member(party, "paymentMeans") : NULL;
    pm[1] = cc ? jr_member(cc, "paymentMeans") : NULL;
    pm[2] = jr_member(m->defaults, "paymentMeans");
    for (i = 0; i < 3 && !iban; i++)
        if ((iban = pay_member(pm[i], "iban")))
            acct = pm[i];
        else if (i == 0 && party && (v = jr_member(party, "iban")) && v->type == JR_STRING && v->len)
            iban = v, acct = pm[0];   /* the party's own "iban", with its paymentMeans' name and BIC */
    bg16 = einv_node_get(root, EINV_T_BG_16);
    if (!bg16) {
        if (!iban)
            return;
        bg16 = einv_node_add(inv, root, EINV_T_BG_16, NULL);
        if (!bg16)
            return;
        {
            char src[300];
            einv_node_set_src(inv, bg16, erp_src(iban, src, sizeof src), NULL);
        }
    }
    for (k = 0; k < sizeof MEMBERS / sizeof MEMBERS[0]; k++) {
        if (einv_node_get(bg16, MEMBERS[k].term))
            continue;   /* the document's own */
        for (i = 0; i < 3; i++)
            if ((v = pay_member(pm[i], MEMBERS[k].key))) {
                add_from(inv, bg16, MEMBERS[k].term, v);
                break;
            }
    }
    if (!iban)
        return;
    /* the document's account: the first credit transfer with an account id */
    for (n = einv_node_get(bg16, EINV_T_BG_17); n; n = einv_node_next(n))
        if (einv_node_get(n, EINV_T_BT_84)) {
            ct = n;
            break;
        }
    if (ct) {
        const char *doc = einv_node_text(ct, EINV_T_BT_84);
        if (!doc || !same_iban(doc, iban->s))
            return;   /* another account: nothing of the mapping's belongs to it */
    } else {
        ct = einv_node_get(bg16, EINV_T_BG_17);   /* one the document started, else a new one */
        if (!ct && !(ct = einv_node_add(inv, bg16, EINV_T_BG_17, NULL)))
            return;
        if (!ct->src) {
            char src[300];
            einv_node_set_src(inv, ct, erp_src(iban, src, sizeof src), NULL);
        }
        add_from(inv, ct, EINV_T_BT_84, iban);
    }
    if (!einv_node_get(ct, EINV_T_BT_85) && (v = pay_member(acct, "accountName")))
        add_from(inv, ct, EINV_T_BT_85, v);
    if (!einv_node_get(ct, EINV_T_BT_86) && (v = pay_member(acct, "bic")))
        add_from(inv, ct, EINV_T_BT_86, v);
}
