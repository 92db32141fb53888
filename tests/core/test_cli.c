/* The CLI contract of DESIGN.md: exit codes, one JSON object per file, usage errors. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char out[1 << 20];

/* Run a shell command line; capture stdout; return the exit status. */
static int run(const char *fmt, const char *a, const char *b)
{
    char cmd[4096];
    FILE *p;
    size_t n;
    int st;
    snprintf(cmd, sizeof cmd, fmt, getenv("EINV_CLI"), a ? a : "", b ? b : "");
    p = popen(cmd, "r");
    if (!p)
        return -1;
    n = fread(out, 1, sizeof out - 1, p);
    out[n] = 0;
    st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char sample[1024], broken[1024];

static int setup(void)
{
    FILE *f;
    snprintf(sample, sizeof sample, "%s/ubl/sample-invoice.xml", getenv("EINV_TEST_DATA"));
    snprintf(broken, sizeof broken, "/tmp/einv-cli-broken-%d.xml", (int)getpid());
    f = fopen(broken, "w");
    if (!f)
        return 1;
    fputs("<Invoice><unclosed></Invoice>", f);
    fclose(f);
    return 0;
}

static int teardown(void)
{
    remove(broken);
    return 0;
}

static void test_valid_exit_0(void)
{
    int rc = run("%s validate --profile EN16931 --json %s 2>/dev/null", sample, NULL);
    if (rc != 0)
        fprintf(stderr, "output: %s\n", out);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "{\"valid\":true,\"errors\":["));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"kositResult\":{\"valid\":true"));
}

static void test_invalid_exit_1(void)
{
    CU_ASSERT_EQUAL(run("%s validate --profile EN16931 --json %s 2>/dev/null", broken, NULL), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"code\":\"XML-WELLFORMED\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"layer\":\"SCHEMA\""));
}

static void test_several_files_one_line_each(void)
{
    int rc = run("%s validate --profile EN16931 --json %s %s 2>/dev/null", sample, broken);
    char *nl = strchr(out, '\n');
    CU_ASSERT_EQUAL(rc, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(nl);
    CU_ASSERT_TRUE(strncmp(out, "{\"valid\":true", 13) == 0);
    CU_ASSERT_TRUE(strncmp(nl + 1, "{\"valid\":false", 14) == 0);
    CU_ASSERT_PTR_NOT_NULL(strchr(nl + 1, '\n'));
}

static void test_usage_errors_exit_2(void)
{
    CU_ASSERT_EQUAL(run("%s validate --json %s 2>/dev/null", sample, NULL), 2);
    CU_ASSERT_EQUAL(run("%s validate --profile NOSUCH %s 2>/dev/null", sample, NULL), 2);
    CU_ASSERT_EQUAL(run("%s validate --profile EN16931 /nonexistent/file.xml 2>/dev/null", NULL, NULL), 2);
    CU_ASSERT_EQUAL(run("%s frobnicate 2>/dev/null", NULL, NULL), 2);
    CU_ASSERT_EQUAL(run("%s validate --profile EN16931 --format nosuch %s 2>/dev/null", sample, NULL), 2);
}

static void test_rules_listing(void)
{
    CU_ASSERT_EQUAL(run("%s rules --profile EN16931 2>/dev/null", NULL, NULL), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "BR-01 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "BR-CO-10 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "UBL-CR-001 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "CII-SR-001 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "BR-CL-01 "));
}

/* A profile's listing leaves out the base rules it withdraws (einv_profile_ops_t.withdraws):
 * ITALY (AgID 3.2.1) has no DE-R-001 although its base PEPPOL has; a rule it keeps in its own
 * form, or reports under another id, is listed once, as ITALY's. */
static void test_rules_withdrawn(void)
{
    const char *sr43;
    CU_ASSERT_EQUAL(run("%s rules --profile PEPPOL 2>/dev/null", NULL, NULL), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\nDE-R-001 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\nBR-AF-01 "));
    CU_ASSERT_EQUAL(run("%s rules --profile ITALY 2>/dev/null", NULL, NULL), 0);
    CU_ASSERT_PTR_NULL(strstr(out, "\nDE-R-001 "));
    CU_ASSERT_PTR_NULL(strstr(out, "\nBR-AF-01 "));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\nBR-IG-01 "));
    sr43 = strstr(out, "\nUBL-SR-43 ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(sr43);
    CU_ASSERT_PTR_NULL(strstr(sr43 + 1, "\nUBL-SR-43 "));   /* not the UBL plugin's too */
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\nBR-01 "));
}

static void test_convert_to_json(void)
{
    CU_ASSERT_EQUAL(run("%s convert --to json %s 2>/dev/null", sample, NULL), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"invoiceNumber\":\"INV-2026-0042\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"payableAmount\":299.88"));
    CU_ASSERT_EQUAL(run("%s convert --to json %s 2>/dev/null", broken, NULL), 1);
    CU_ASSERT_EQUAL(run("%s convert --to xml %s 2>/dev/null", sample, NULL), 2);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("cli", setup, teardown);
    CU_add_test(s, "valid invoice exits 0", test_valid_exit_0);
    CU_add_test(s, "invalid invoice exits 1", test_invalid_exit_1);
    CU_add_test(s, "several files: one JSON line each", test_several_files_one_line_each);
    CU_add_test(s, "usage and I/O errors exit 2", test_usage_errors_exit_2);
    CU_add_test(s, "rules listing", test_rules_listing);
    CU_add_test(s, "a profile's listing leaves out what it withdraws", test_rules_withdrawn);
    CU_add_test(s, "convert --to json", test_convert_to_json);
}
