/* The ERP mapping document through the service (issue 15 item 7), over real HTTP on
 * loopback against einvoiced on SQLite and (EINV_TEST_PG_URL) PostgreSQL:
 * PUT /v1/account/mappings refuses unknown keys and wrong types at any depth with 400 naming
 * the JSON path, and leaves the stored document alone; tests/data/mapping-extended.json is
 * stored as sent (defaults included); the four SAP samples, submitted to their endpoints with
 * that mapping, end `validated` with no ERROR under EN16931 and carry the mapping's payment
 * means; their findings' suggestions never name UBL elements. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"

static sp_server_t S;
static char K[SP_KEY_MAX], K_BARE[SP_KEY_MAX];
static char *EXT;   /* tests/data/mapping-extended.json */

static json_object *body_json(const hc_response_t *res)
{
    return res->body ? json_tokener_parse(res->body) : NULL;
}

static json_object *jget(json_object *o, const char *k)
{
    json_object *v = NULL;
    return o && json_object_object_get_ex(o, k, &v) ? v : NULL;
}

static const char *jstr(json_object *o, const char *k)
{
    json_object *v = jget(o, k);
    return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

static int put_mapping(const char *key, const char *doc, hc_response_t *res)
{
    return hc_json(S.port, "PUT", "/api/v1/account/mappings", key, doc, res);
}

/* ---- PUT: the shape at every depth ---- */

static void test_put_refuses(void)
{
    static const struct {
        const char *doc, *names;
    } bad[] = {
        {"{\"companyCodes\":{\"1000\":{\"paymentMeans\":{\"iban2\":\"DE02120300000000202051\"}}}}",
         "Unknown key $.companyCodes.1000.paymentMeans.iban2 (allowed: code, text, remittanceInformation, iban, accountName, bic)"},
        {"{\"parties\":{\"17300021\":{\"contact\":{\"mail\":\"a@b.example\"}}}}", "$.parties.17300021.contact.mail"},
        {"{\"parties\":{\"1\":{\"address\":{\"street\":\"x\"}}}}", "Unknown key $.parties.1.address.street"},
        {"{\"parties\":{\"1\":{\"countryCode\":\"DE\"}}}", "Unknown key $.parties.1.countryCode"},
        {"{\"parties\":{\"1\":{\"electronicAddress\":{\"value\":\"x\",\"schemeId\":\"EM\"}}}}",
         "$.parties.1.electronicAddress.schemeId"},
        {"{\"parties\":{\"1\":{\"electronicAddress\":{\"scheme\":\"EM\"}}}}",
         "$.parties.1.electronicAddress.value is required"},
        {"{\"defaults\":{\"paymentMeans\":{\"code\":58}}}", "$.defaults.paymentMeans.code must be a string"},
        {"{\"defaults\":{\"paymentMeans\":[]}}", "$.defaults.paymentMeans must be an object"},
        {"{\"defaults\":{\"supplier\":{}}}", "Unknown key $.defaults.supplier (allowed: paymentMeans, seller, buyer)"},
        {"{\"defaults\":{\"seller\":{\"contact\":\"Petra\"}}}", "$.defaults.seller.contact must be an object"},
        {"{\"taxCodes\":{\"A1\":{\"category\":\"S\",\"rate\":\"19\"}}}", "$.taxCodes.A1.rate must be a number"},
        {"{\"conditions\":{\"FRB1\":{\"level\":\"header\"}}}", "$.conditions.FRB1.level must be"},
        {"{\"units\":{\"PCE\":5}}", "$.units.PCE must be a string"},
        {"{\"foo\":{}}", "Unknown key $.foo"},
    };
    hc_response_t res;
    json_object *o;
    size_t i;
    CU_ASSERT_EQUAL_FATAL(put_mapping(K, EXT, &res), 200);
    hc_response_free(&res);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int st = put_mapping(K, bad[i].doc, &res);
        const char *m;
        o = body_json(&res);
        m = jstr(o, "message");
        if (st != 400 || !m || !strstr(m, bad[i].names))
            fprintf(stderr, "\n  %s: %d %s (want 400 naming %s)", bad[i].doc, st, res.body ? res.body : res.error,
                    bad[i].names);
        CU_ASSERT_EQUAL(st, 400);
        CU_ASSERT_PTR_NOT_NULL(m ? strstr(m, bad[i].names) : NULL);
        json_object_put(o);
        hc_response_free(&res);
    }
    /* nothing of the refused documents was stored: the extended mapping is still there */
    CU_ASSERT_EQUAL(hc_json(S.port, "GET", "/api/v1/account/mappings", K, NULL, &res), 200);
    o = body_json(&res);
    CU_ASSERT_STRING_EQUAL(jstr(jget(jget(o, "defaults"), "paymentMeans"), "code") ?
                           jstr(jget(jget(o, "defaults"), "paymentMeans"), "code") : "", "30");
    CU_ASSERT_STRING_EQUAL(jstr(jget(jget(jget(o, "companyCodes"), "1010"), "paymentMeans"), "code") ?
                           jstr(jget(jget(jget(o, "companyCodes"), "1010"), "paymentMeans"), "code") : "", "58");
    json_object_put(o);
    hc_response_free(&res);
}

/* ---- the four samples ---- */

static void submit(const char *key, const char *rel, char id[40])
{
    size_t len = 0;
    char *doc = tst_read_data(rel, &len);
    hc_response_t res;
    json_object *o;
    int st;
    id[0] = 0;
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    if (strstr(rel, "idoc/")) {
        hc_multipart_t *mp = hc_mp_new();
        hc_mp_field(mp, "profile", "EN16931");
        hc_mp_file(mp, "file", "invoic02.xml", "application/xml", doc, len);
        st = hc_request_auth(S.port, "POST", "/api/v1/invoices/validate/idoc", key, hc_mp_content_type(mp),
                             hc_mp_data(mp), hc_mp_len(mp), &res);
        hc_mp_free(mp);
    } else
        st = hc_json(S.port, "POST", "/api/v1/invoices/validate/odata?profile=EN16931", key, doc, &res);
    free(doc);
    o = body_json(&res);
    CU_ASSERT_EQUAL(st, 202);
    if (st == 202 && jstr(o, "id"))
        snprintf(id, 40, "%s", jstr(o, "id"));
    else
        fprintf(stderr, "\n  submit %s: %d %s", rel, st, res.body ? res.body : res.error);
    json_object_put(o);
    hc_response_free(&res);
}

static json_object *poll_final(const char *key, const char *id)
{
    char path[200];
    double until = tst_now_ms() + 30000;
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    for (;;) {
        hc_response_t res;
        int st = hc_request_auth(S.port, "GET", path, key, NULL, NULL, 0, &res);
        json_object *o = body_json(&res);
        const char *s = jstr(o, "status");
        hc_response_free(&res);
        if ((st == 200 && s && strcmp(s, "processing") != 0) || tst_now_ms() > until)
            return o;
        json_object_put(o);
        tst_sleep_ms(20);
    }
}

/* ERROR findings of one side of the result; prints every finding (what remains). */
static size_t errors_of(json_object *list, const char *rel)
{
    size_t i, n = 0, len = list ? json_object_array_length(list) : 0;
    for (i = 0; i < len; i++) {
        json_object *f = json_object_array_get_idx(list, i);
        const char *sev = jstr(f, "severity"), *sug = jstr(f, "suggestion");
        printf("\n  %s: %s %s at %s", rel, sev ? sev : "?", jstr(f, "code"), jstr(f, "field"));
        n += sev && strcmp(sev, "ERROR") == 0;
        CU_ASSERT_PTR_NULL(sug ? strstr(sug, "cbc:") : NULL);
        CU_ASSERT_PTR_NULL(sug ? strstr(sug, "cac:") : NULL);
    }
    return n;
}

static void run_samples(const char *key, int extended)
{
    static const char *const SAMPLES[] = {"idoc/invoic02-standard.xml", "idoc/invoic02-creditnote.xml",
                                          "odata/supplierinvoice-standard.json",
                                          "odata/supplierinvoice-reversecharge.json"};
    char ids[4][40];
    size_t i;
    for (i = 0; i < 4; i++)
        submit(key, SAMPLES[i], ids[i]);
    for (i = 0; i < 4; i++) {
        json_object *inv = ids[i][0] ? poll_final(key, ids[i]) : NULL, *vr = jget(inv, "validationResult");
        size_t n = errors_of(jget(vr, "errors"), SAMPLES[i]) + errors_of(jget(jget(vr, "kositResult"), "errors"), SAMPLES[i]);
        const char *st = jstr(inv, "status");
        if (extended) {
            CU_ASSERT_EQUAL(n, 0);
            CU_ASSERT_STRING_EQUAL(st ? st : "", "validated");
        } else if (i != 1) {   /* the credit note has no bank segment: it never needed BT-81 */
            CU_ASSERT_TRUE(n > 0);
            CU_ASSERT_STRING_EQUAL(st ? st : "", "failed_validation");
        }
        if (extended && i != 1) {
            /* the payment means of the mapping: defaults (IDoc) and company code 1010 (OData) */
            const char *code = jstr(jget(jget(inv, "canonicalJson"), "payment"), "meansCode");
            CU_ASSERT_STRING_EQUAL(code ? code : "", i == 0 ? "30" : "58");
        }
        json_object_put(inv);
    }
}

static void test_samples_validated(void)
{
    hc_response_t res;
    CU_ASSERT_EQUAL_FATAL(put_mapping(K, EXT, &res), 200);
    hc_response_free(&res);
    run_samples(K, 1);
}

/* The same submissions with only ../shared/samples/mapping.json: BR-49 keeps them failed. */
static void test_samples_base_mapping(void)
{
    hc_response_t res;
    char *base = tst_read_data("mapping/sample-mapping.json", NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(base);
    CU_ASSERT_EQUAL_FATAL(put_mapping(K_BARE, base, &res), 200);
    hc_response_free(&res);
    free(base);
    run_samples(K_BARE, 0);
}

/* ---- suites ---- */

static int suite_init(sp_db_kind kind)
{
    const char *env[] = {"EINV_WORKERS=2", NULL};
    if (sp_init(&S, kind) != 0 || sp_start(&S, env) != 0)
        return 1;
    if (sp_account_key(&S, "erpmap@example.com", "FREE", 0, 0, -1, K) != 0 ||
        sp_account_key(&S, "erpmap-base@example.com", "FREE", 0, 0, -1, K_BARE) != 0)
        return 1;
    return 0;
}

static int init_sqlite(void) { return suite_init(SP_SQLITE); }
static int init_pg(void) { return suite_init(SP_POSTGRES); }

static int suite_clean(void)
{
    sp_cleanup(&S);
    return 0;
}

unsigned tst_after(void)
{
    free(EXT);
    return 0;
}

static void add_tests(CU_pSuite s)
{
    CU_add_test(s, "PUT refuses unknown keys and wrong types at any depth", test_put_refuses);
    CU_add_test(s, "the four SAP samples validated with the extended mapping", test_samples_validated);
    CU_add_test(s, "with the base mapping: BR-49", test_samples_base_mapping);
}

void tst_suites(void)
{
    CU_pSuite s;
    EXT = tst_read_data("mapping-extended.json", NULL);
    if (!EXT) {
        tst_setup_failed("tests/data/mapping-extended.json cannot be read");
        return;
    }
    s = CU_add_suite("erp_map_http_sqlite", init_sqlite, suite_clean);
    add_tests(s);
    if (sp_pg_missing())
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL suite)");
    else {
        s = CU_add_suite("erp_map_http_postgresql", init_pg, suite_clean);
        add_tests(s);
    }
}
