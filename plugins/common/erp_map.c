/* The ERP mapping document (see erp_map.h): read once per run with the strict JSON reader,
 * then looked up by the IDoc / OData converters. */
#include "erp_map.h"
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

void erp_map_load(erp_map_t *m, einv_ctx_t *ctx, const einv_rule_t *bad_rule)
{
    const char *text = einv_ctx_option(ctx, "mapping");
    const jr_value_t *root, *c;
    jr_error_t err;
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
    for (c = root->first; c; c = c->next) {
        const jr_value_t **slot = NULL;
        if (c->klen == 8 && !memcmp(c->key, "taxCodes", 8))
            slot = &m->tax_codes;
        else if (c->klen == 5 && !memcmp(c->key, "units", 5))
            slot = &m->units;
        else if (c->klen == 7 && !memcmp(c->key, "parties", 7))
            slot = &m->parties;
        else if (c->klen == 12 && !memcmp(c->key, "companyCodes", 12))
            slot = &m->company_codes;
        else if (key_is(c, "conditions"))
            slot = &m->conditions;
        if (!slot || c->type != JR_OBJECT) {
            char ptr[300];
            jr_pointer(c, ptr, sizeof ptr);
            einv_report_msg(ctx, bad_rule, "mapping", "The ERP mapping document member %s is %s; it was ignored.", ptr,
                            slot ? "not an object" : "unknown (taxCodes, units, parties, companyCodes, conditions)");
            continue;
        }
        *slot = c;
        if (slot == &m->conditions) {
            /* entries of the wrong shape are reported here once; lookups skip them */
            const jr_value_t *e, *bad;
            const char *why;
            for (e = c->first; e; e = e->next)
                if (!cond_parse(e, NULL, &bad, &why)) {
                    char ptr[300];
                    jr_pointer(bad, ptr, sizeof ptr);
                    einv_report_msg(ctx, bad_rule, "mapping",
                                    "The ERP mapping document member %s is %s; the condition entry was ignored.", ptr, why);
                }
        }
    }
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
