/* Pins the layout of the public SDK structs: a change here is an ABI change and needs an
 * ABI version bump (see CONTRIBUTING.md). */
#include <CUnit/Basic.h>
#include <einvoice/einvoice.h>
#include <stddef.h>

static void test_sizes(void)
{
    CU_ASSERT_EQUAL(sizeof(einv_dec_t), 32);
    CU_ASSERT_EQUAL(sizeof(einv_rule_t), 40);
    CU_ASSERT_EQUAL(sizeof(einv_finding_t), 48);
    CU_ASSERT_EQUAL(sizeof(einv_error_t), 772);
    CU_ASSERT_EQUAL(sizeof(einv_plugin_desc_t), 72);
    CU_ASSERT_EQUAL(sizeof(einv_format_ops_t), 96);
    CU_ASSERT_EQUAL(offsetof(einv_format_ops_t, hints), 80);   /* 1.7 */
    CU_ASSERT_EQUAL(sizeof(einv_profile_ops_t), 104);
    CU_ASSERT_EQUAL(offsetof(einv_profile_ops_t, withdraws), 88);   /* 1.6 */
    CU_ASSERT_EQUAL(sizeof(einv_host_api_t), 48);
    CU_ASSERT_EQUAL(sizeof(einv_exporter_ops_t), 48);
    CU_ASSERT_EQUAL(sizeof(einv_buf_t), 32);
    CU_ASSERT_EQUAL(sizeof(einv_node_t), 112);
}

static void test_offsets(void)
{
    /* fields only ever grow at the end of these structs */
    CU_ASSERT_EQUAL(offsetof(einv_plugin_desc_t, struct_size), 0);
    CU_ASSERT_EQUAL(offsetof(einv_host_api_t, struct_size), 0);
    CU_ASSERT_EQUAL(offsetof(einv_format_ops_t, struct_size), 0);
    CU_ASSERT_EQUAL(offsetof(einv_profile_ops_t, struct_size), 0);
    CU_ASSERT_EQUAL(offsetof(einv_plugin_desc_t, init), 56);
    CU_ASSERT_EQUAL(offsetof(einv_profile_ops_t, check), 48);
    CU_ASSERT_EQUAL(offsetof(einv_format_ops_t, from_model), 64);
    CU_ASSERT_EQUAL(offsetof(einv_format_ops_t, to_model), 72);   /* 1.5 */
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("abi", NULL, NULL);
    CU_add_test(s, "struct sizes", test_sizes);
    CU_add_test(s, "field offsets", test_offsets);
}
