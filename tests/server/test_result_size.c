/* The stored result stays small whatever the input: one canonical-JSON request of about
 * 1 MB with 100,000 unknown keys (each a JSON-UNKNOWN-FIELD warning) is stored, and read
 * back, in at most 2 MB: 50 warnings listed, one FINDINGS-CAPPED with the rest, nothing
 * listed twice (issue 9). Real server, real HTTP on loopback, SQLite. */
#include <CUnit/Basic.h>
#include "server_proc.h"
#include "http_client.h"
#include "tsupport.h"
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sp_server_t S;
static char KEY[SP_KEY_MAX];

static int suite_init(void)
{
    static const char *const env[] = {"EINV_WORKERS=1", NULL};
    if (sp_init(&S, SP_SQLITE) != 0 || sp_start(&S, env) != 0)
        return -1;
    return sp_account_key(&S, "size@example.com", "PRO", 0, 0, -1, KEY);
}

static int suite_clean(void)
{
    sp_cleanup(&S);
    return 0;
}

static size_t occurrences(const char *s, const char *w)
{
    size_t k = 0;
    for (; (s = strstr(s, w)) != NULL; s++)
        k++;
    return k;
}

/* {"validationProfile":"EN16931","invoiceNumber":"BIG-1","x000000":0,...} */
static char *unknown_keys_body(size_t n, size_t *len)
{
    size_t cap = 64 + n * 16, o, i;
    char *b = malloc(cap);
    o = (size_t)sprintf(b, "{\"validationProfile\":\"EN16931\",\"invoiceNumber\":\"BIG-1\"");
    for (i = 0; i < n; i++)
        o += (size_t)sprintf(b + o, ",\"x%06zu\":0", i);
    b[o++] = '}';
    b[o] = 0;
    *len = o;
    return b;
}

static void test_unknown_keys_result_size(void)
{
    size_t len;
    char *body = unknown_keys_body(100000, &len), path[128];
    hc_response_t res;
    json_object *o, *vr, *errs, *kosit;
    double until = tst_now_ms() + 60000;
    size_t i, listed = 0, capped = 0;
    CU_ASSERT_TRUE(len >= 1000000);
    CU_ASSERT_EQUAL_FATAL(hc_request_auth(S.port, "POST", "/api/v1/invoices", KEY, "application/json", body, len, &res), 202);
    o = json_tokener_parse(res.body);
    snprintf(path, sizeof path, "/api/v1/invoices/%s", json_object_get_string(json_object_object_get(o, "id")));
    json_object_put(o);
    hc_response_free(&res);
    free(body);
    for (;;) {
        CU_ASSERT_EQUAL_FATAL(hc_request_auth(S.port, "GET", path, KEY, NULL, NULL, 0, &res), 200);
        if (!strstr(res.body, "\"status\":\"processing\"") || tst_now_ms() > until)
            break;
        hc_response_free(&res);
        tst_sleep_ms(50);
    }
    fprintf(stderr, "\n  stored result read back: %zu bytes\n", res.body_len);
    CU_ASSERT_TRUE(res.body_len <= 2u * 1024 * 1024);
    o = json_tokener_parse(res.body);
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_STRING_NOT_EQUAL(json_object_get_string(json_object_object_get(o, "status")), "processing");
    vr = json_object_object_get(o, "validationResult");
    errs = json_object_object_get(vr, "errors");
    kosit = json_object_object_get(json_object_object_get(vr, "kositResult"), "errors");
    CU_ASSERT_PTR_NOT_NULL_FATAL(errs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(kosit);
    /* JSON-UNKNOWN-FIELD is a SCHEMA warning: listed once, in kositResult, 50 times */
    for (i = 0; i < json_object_array_length(kosit); i++)
        listed += strcmp(json_object_get_string(json_object_object_get(json_object_array_get_idx(kosit, i), "code")),
                         "JSON-UNKNOWN-FIELD") == 0;
    for (i = 0; i < json_object_array_length(errs); i++) {
        json_object *f = json_object_array_get_idx(errs, i);
        const char *code = json_object_get_string(json_object_object_get(f, "code"));
        CU_ASSERT_STRING_NOT_EQUAL(json_object_get_string(json_object_object_get(f, "layer")), "SCHEMA");
        if (strcmp(code, "FINDINGS-CAPPED") == 0 &&
            strstr(json_object_get_string(json_object_object_get(f, "message")), "JSON-UNKNOWN-FIELD was reported 99950 more times"))
            capped++;
    }
    CU_ASSERT_EQUAL(listed, 50);
    CU_ASSERT_EQUAL(capped, 1);
    CU_ASSERT_EQUAL(occurrences(res.body, "\"JSON-UNKNOWN-FIELD\""), 50);
    json_object_put(o);
    hc_response_free(&res);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("result size", suite_init, suite_clean);
    CU_add_test(s, "100,000 unknown JSON keys: stored result <= 2 MB", test_unknown_keys_result_size);
}
