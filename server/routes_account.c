/* The caller's account (API.md): GET /v1/account (with this month's usage), PUT
 * /v1/account/plan, and the ERP mapping document GET/PUT /v1/account/mappings, whose shape
 * is checked here so that the IDoc and OData conversions only ever see well-typed data. */
#define _GNU_SOURCE
#include "http.h"
#include "http_json.h"
#include "quota.h"

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMALL_BODY_MAX (16 * 1024)
#define MAPPINGS_MAX (1024 * 1024)

static const char *to_json(json_object *o)
{
    return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
}

/* Parse a request body that must be a JSON object (strictly: http_json.h); sends 400 and
 * returns NULL otherwise. */
static json_object *parse_object(einv_req_t *r, const char *body, size_t len)
{
    char msg[600];
    json_object *o = http_json_object(body, len, NULL, msg, sizeof msg);
    if (!o)
        http_send_error(r, 400, msg, NULL);
    return o;
}

/* The account resource {id, email, plan, superAdmin, usage}; NULL after sending 503. */
static json_object *account_json(einv_req_t *r)
{
    json_object *o, *u;
    char period[8];
    long long used = 0, limit = -1;
    if (quota_usage(r, period, &used, &limit) != EINV_OK) {
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
        return NULL;
    }
    o = json_object_new_object();
    json_object_object_add(o, "id", json_object_new_string(r->account.id));
    json_object_object_add(o, "email", json_object_new_string(r->account.email ? r->account.email : ""));
    json_object_object_add(o, "plan", json_object_new_string(r->account.pro ? "PRO" : "FREE"));
    json_object_object_add(o, "superAdmin", json_object_new_boolean(r->super_admin));
    u = json_object_new_object();
    json_object_object_add(u, "period", json_object_new_string(period));
    json_object_object_add(u, "used", json_object_new_int64(used));
    json_object_object_add(u, "limit", limit >= 0 ? json_object_new_int64(limit) : NULL);
    json_object_object_add(o, "usage", u);
    return o;
}

static void send_account(einv_req_t *r)
{
    json_object *o = account_json(r);
    if (!o)
        return;
    http_send_json(r, 200, to_json(o), NULL);
    json_object_put(o);
}

static void get_account(einv_req_t *r, const char *const *params, int nparams)
{
    if (!http_authenticate(r))
        return;
    send_account(r);
}

static void put_plan(einv_req_t *r, const char *const *params, int nparams)
{
    char *body = NULL;
    size_t len = 0;
    json_object *o, *plan;
    const char *p;
    int pro;
    if (!http_authenticate(r))
        return;
    if (http_read_body(r, &body, &len, SMALL_BODY_MAX) != 0)
        return;
    o = parse_object(r, body, len);
    free(body);
    if (!o)
        return;
    if (!json_object_object_get_ex(o, "plan", &plan) || !plan) {
        json_object_put(o);
        http_send_error(r, 400, "plan is required: \"PRO\" or \"FREE\"", NULL);
        return;
    }
    if (!(p = http_json_text(plan))) {
        json_object_put(o);
        http_send_error(r, 400, "plan must be a string: \"PRO\" or \"FREE\"", NULL);
        return;
    }
    if (strcmp(p, "PRO") == 0)
        pro = 1;
    else if (strcmp(p, "FREE") == 0)
        pro = 0;
    else {
        json_object_put(o);
        http_send_error(r, 400, "plan must be \"PRO\" or \"FREE\"", NULL);
        return;
    }
    json_object_put(o);
    if (store_account_set_plan(r->srv->store, r->account.id, pro) != EINV_OK) {
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
        return;
    }
    r->account.pro = pro;
    send_account(r);
}

/* ---- mapping document ---- */

static int is_type(json_object *v, json_type t)
{
    return v && json_object_is_type(v, t);
}

static int is_number(json_object *v)
{
    return is_type(v, json_type_int) || is_type(v, json_type_double);
}

/* A party of the canonical model: an object; its well-known members have their types. */
static int check_party(json_object *party, const char *where, char *msg, size_t size)
{
    static const char *const text[] = {"name", "tradingName", "vatId", "taxRegistrationId",
                                       "leitwegId", "countryCode", NULL};
    static const char *const group[] = {"address", "contact", NULL};
    static const char *const id[] = {"legalId", "electronicAddress", NULL};
    int i;
    if (!is_type(party, json_type_object)) {
        snprintf(msg, size, "%s must be an object (a party of the canonical model)", where);
        return -1;
    }
    json_object_object_foreach(party, k, v) {
        if (!v)
            continue;
        for (i = 0; text[i]; i++)
            if (strcmp(k, text[i]) == 0 && !is_type(v, json_type_string)) {
                snprintf(msg, size, "%s.%s must be a string", where, k);
                return -1;
            }
        for (i = 0; group[i]; i++)
            if (strcmp(k, group[i]) == 0 && !is_type(v, json_type_object)) {
                snprintf(msg, size, "%s.%s must be an object", where, k);
                return -1;
            }
        for (i = 0; id[i]; i++)
            if (strcmp(k, id[i]) == 0 && !is_type(v, json_type_string) &&
                !is_type(v, json_type_object)) {
                snprintf(msg, size, "%s.%s must be a string or an object", where, k);
                return -1;
            }
        if (strcmp(k, "identifiers") == 0 && !is_type(v, json_type_array)) {
            snprintf(msg, size, "%s.identifiers must be an array", where);
            return -1;
        }
    }
    return 0;
}

static int check_tax_code(json_object *e, const char *where, char *msg, size_t size)
{
    json_object *v;
    if (!is_type(e, json_type_object)) {
        snprintf(msg, size, "%s must be an object {category, rate, exemptionCode, exemptionReason}", where);
        return -1;
    }
    json_object_object_foreach(e, k, val) {
        if (strcmp(k, "category") == 0 || strcmp(k, "exemptionCode") == 0 ||
            strcmp(k, "exemptionReason") == 0) {
            if (val && !is_type(val, json_type_string)) {
                snprintf(msg, size, "%s.%s must be a string", where, k);
                return -1;
            }
        } else if (strcmp(k, "rate") == 0) {
            if (val && !is_number(val)) {
                snprintf(msg, size, "%s.rate must be a number", where);
                return -1;
            }
        } else {
            snprintf(msg, size, "Unknown key %s.%.*s (allowed: category, rate, exemptionCode, exemptionReason)", where,
                     http_text_prec(k, 60), k);
            return -1;
        }
    }
    if (!json_object_object_get_ex(e, "category", &v) || !v) {
        snprintf(msg, size, "%s.category is required (a VAT category code such as S, AE, E)", where);
        return -1;
    }
    return 0;
}

/* A "conditions" entry: the IDoc condition type (KSCHL) of an allowance or charge,
 * {level: "document"|"line", kind: "allowance"|"charge", reasonCode (required), reason}. */
static int check_condition(json_object *e, const char *where, char *msg, size_t size)
{
    if (!is_type(e, json_type_object)) {
        snprintf(msg, size, "%s must be an object {level, kind, reasonCode, reason}", where);
        return -1;
    }
    json_object_object_foreach(e, k, val) {
        const char *s = val && is_type(val, json_type_string) ? json_object_get_string(val) : NULL;
        if (strcmp(k, "level") == 0) {
            if (val && (!s || (strcmp(s, "document") != 0 && strcmp(s, "line") != 0))) {
                snprintf(msg, size, "%s.level must be \"document\" or \"line\"", where);
                return -1;
            }
        } else if (strcmp(k, "kind") == 0) {
            if (val && (!s || (strcmp(s, "allowance") != 0 && strcmp(s, "charge") != 0))) {
                snprintf(msg, size, "%s.kind must be \"allowance\" or \"charge\"", where);
                return -1;
            }
        } else if (strcmp(k, "reasonCode") == 0 || strcmp(k, "reason") == 0) {
            if (val && !s) {
                snprintf(msg, size, "%s.%s must be a string", where, k);
                return -1;
            }
        } else {
            snprintf(msg, size, "Unknown key %s.%.*s (allowed: level, kind, reasonCode, reason)", where,
                     http_text_prec(k, 60), k);
            return -1;
        }
    }
    /* reasonCode is optional like in the plugin: an allowance or charge needs a reason or a
     * reason code (BR-33 / BR-38 ...), and the IDoc's KOTXT may be that reason */
    return 0;
}

/* Check the mapping document; 0 when fine, else -1 with msg naming the key or field. */
static int check_mappings(json_object *doc, char *msg, size_t size)
{
    static const char *const top[] = {"taxCodes", "units", "parties", "companyCodes", "conditions", NULL};
    char where[300];
    int i;
    json_object_object_foreach(doc, key, val) {
        int known = 0;
        for (i = 0; top[i]; i++)
            if (strcmp(key, top[i]) == 0)
                known = 1;
        if (!known) {
            snprintf(msg, size, "Unknown key %.*s in the mapping document (allowed: taxCodes, units, parties, companyCodes, conditions)",
                     http_text_prec(key, 200), key);
            return -1;
        }
        if (!is_type(val, json_type_object)) {
            snprintf(msg, size, "%s must be an object", key);
            return -1;
        }
        json_object_object_foreach(val, code, entry) {
            snprintf(where, sizeof where, "%s.%.*s", key, http_text_prec(code, 200), code);
            if (strcmp(key, "taxCodes") == 0) {
                if (check_tax_code(entry, where, msg, size) != 0)
                    return -1;
            } else if (strcmp(key, "units") == 0) {
                if (!is_type(entry, json_type_string)) {
                    snprintf(msg, size, "%s must be a string (a UN/ECE Rec 20 unit code)", where);
                    return -1;
                }
            } else if (strcmp(key, "conditions") == 0) {
                if (check_condition(entry, where, msg, size) != 0)
                    return -1;
            } else if (check_party(entry, where, msg, size) != 0)
                return -1;
        }
    }
    return 0;
}

static void get_mappings(einv_req_t *r, const char *const *params, int nparams)
{
    char *json = NULL;
    int rc;
    if (!http_authenticate(r))
        return;
    rc = store_mappings_get(r->srv->store, r->account.id, &json);
    if (rc == EINV_OK && json)
        http_send_json(r, 200, http_text_repair(json), NULL);   /* stored before checks, maybe */
    else if (rc == EINV_OK || rc == EINV_ERR_NOTFOUND)
        http_send_json(r, 200, "{\"taxCodes\":{},\"units\":{},\"parties\":{},\"companyCodes\":{}}", NULL);
    else
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
    free(json);
}

static void put_mappings(einv_req_t *r, const char *const *params, int nparams)
{
    /* "conditions" is optional and stays out when not sent (the four of API.md always) */
    static const char *const top[] = {"taxCodes", "units", "parties", "companyCodes", NULL};
    char *body = NULL, msg[400];
    size_t len = 0;
    json_object *doc;
    const char *out;
    int i;
    if (!http_authenticate(r))
        return;
    if (http_read_body(r, &body, &len, MAPPINGS_MAX) != 0)
        return;
    doc = parse_object(r, body, len);
    free(body);
    if (!doc)
        return;
    if (check_mappings(doc, msg, sizeof msg) != 0) {
        json_object_put(doc);
        http_send_error(r, 400, msg, NULL);
        return;
    }
    /* store the complete shape, so readers never meet a missing section */
    for (i = 0; top[i]; i++)
        if (!json_object_object_get_ex(doc, top[i], NULL))
            json_object_object_add(doc, top[i], json_object_new_object());
    out = to_json(doc);
    if (store_mappings_put(r->srv->store, r->account.id, out) != EINV_OK)
        http_send_error(r, 503, "The database is not available; try again shortly", NULL);
    else
        http_send_json(r, 200, out, NULL);
    json_object_put(doc);
}

/* Registers the account routes. */
void routes_account_register(void)
{
    http_route("GET", "/api/v1/account", get_account);
    http_route("PUT", "/api/v1/account/plan", put_plan);
    http_route("GET", "/api/v1/account/mappings", get_mappings);
    http_route("PUT", "/api/v1/account/mappings", put_mappings);
}
