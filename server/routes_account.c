/* The caller's account (API.md): GET /v1/account (with this month's usage), PUT
 * /v1/account/plan, and the ERP mapping document GET/PUT /v1/account/mappings, whose shape
 * is checked here at every depth (plugins/common/erp_map_check.c, the same table the IDoc
 * and OData readers use) so that the conversions only ever see well-typed data. */
#define _GNU_SOURCE
#include "http.h"
#include "http_json.h"
#include "quota.h"
#include "erp_map_check.h"

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

/* The first shape problem, as the 400 message. */
static int first_problem(void *ud, const jr_value_t *v, const char *message, const char *brief)
{
    char *msg = ud;
    snprintf(msg, 400, "%s", message);
    (void)v;
    (void)brief;
    return 0;
}

/* Check the mapping document at every depth (erp_map_check.h: the shape the IDoc and OData
 * readers expect); 0 when fine, else -1 with msg naming the value by its JSON path. */
static int check_mappings(const char *body, size_t len, char *msg, size_t size)
{
    static const jr_limits_t LIMITS = {MAPPINGS_MAX, 64, MAPPINGS_MAX, 64};
    jr_error_t err;
    jr_doc_t *d = jr_parse(body, len, &LIMITS, &err);
    char first[400] = "";
    size_t n;
    if (!d) {   /* the strict checker accepted it already: only memory can fail here */
        snprintf(msg, size, "Malformed JSON: %s", err.message);
        return -1;
    }
    n = erp_map_check(jr_root(d), first_problem, first);
    jr_free(d);
    if (n)
        snprintf(msg, size, "%s", first);
    return n ? -1 : 0;
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
    if (doc && check_mappings(body, len, msg, sizeof msg) != 0) {
        json_object_put(doc);
        doc = NULL;
        http_send_error(r, 400, msg, NULL);
    }
    free(body);
    if (!doc)
        return;
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
