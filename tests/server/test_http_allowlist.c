/* An on-premise install enabling selected modules (EINV_PLUGINS): a profile whose plugin is
 * not enabled is an unknown profile (400), while the enabled ones work. */
#include <CUnit/Basic.h>
#include "http_client.h"
#include "server_proc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sp_server_t S;
static char key[SP_KEY_MAX];
static char *sample;
static size_t sample_len;

static int setup(void)
{
    const char *env[] = {"EINV_PLUGINS=ubl,cii,en16931", NULL};
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/ubl/sample-invoice.xml", getenv("EINV_TEST_DATA"));
    f = fopen(path, "rb");
    if (!f)
        return 1;
    sample = malloc(1 << 20);
    sample_len = fread(sample, 1, 1 << 20, f);
    fclose(f);
    if (sp_init(&S, SP_SQLITE) != 0 || sp_start(&S, env) != 0)
        return 1;
    return sp_account_key(&S, "onprem@example.com", "PRO", 0, 0, -1, key) != 0;
}

static int teardown(void)
{
    sp_cleanup(&S);
    free(sample);
    return 0;
}

static int submit(const char *profile, hc_response_t *r)
{
    hc_multipart_t *m = hc_mp_new();
    int st;
    hc_mp_field(m, "profile", profile);
    hc_mp_file(m, "file", "invoice.xml", "application/xml", sample, sample_len);
    st = hc_request_auth(S.port, "POST", "/api/v1/invoices/validate", key, hc_mp_content_type(m),
                         hc_mp_data(m), hc_mp_len(m), r);
    hc_mp_free(m);
    return st;
}

static void test_enabled_profile_works(void)
{
    hc_response_t r;
    CU_ASSERT_EQUAL(submit("EN16931", &r), 202);
    hc_response_free(&r);
}

static void test_disabled_profiles_are_unknown(void)
{
    static const char *disabled[] = {"PEPPOL", "XRECHNUNG", "FRANCE", "ITALY"};
    size_t i;
    for (i = 0; i < sizeof disabled / sizeof disabled[0]; i++) {
        hc_response_t r;
        CU_ASSERT_EQUAL(submit(disabled[i], &r), 400);
        CU_ASSERT_PTR_NOT_NULL(r.body ? strstr(r.body, "\"error\":\"BAD_REQUEST\"") : NULL);
        CU_ASSERT_PTR_NOT_NULL(r.body ? strstr(r.body, "profile") : NULL);
        hc_response_free(&r);
    }
}

static void test_disabled_format_is_not_implemented(void)
{
    hc_response_t r;
    /* the json plugin is not in the allow-list: its endpoint answers 501 naming the module */
    hc_json(S.port, "POST", "/api/v1/invoices", key, "{\"validationProfile\":\"EN16931\"}", &r);
    CU_ASSERT_EQUAL(r.status, 501);
    hc_response_free(&r);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("plugin allow-list", setup, teardown);
    CU_add_test(s, "an enabled profile works", test_enabled_profile_works);
    CU_add_test(s, "disabled profiles are unknown (400)", test_disabled_profiles_are_unknown);
    CU_add_test(s, "a disabled format's endpoint is 501", test_disabled_format_is_not_implemented);
}
