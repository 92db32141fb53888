/* The example profile's own test, written with the SDK's installed harness
 * (einvoice/testing.h) as a partner would: EX-01 fires with EN 16931's rules, at BT-1's
 * node, for UBL and CII; a good invoice stays valid.
 *
 *   cc $(pkg-config --cflags einvoice) test_example.c -o test_example $(pkg-config --libs einvoice)
 *   ./test_example <folder of example.so> <tests/data> */
#include <einvoice/testing.h>
#include <stdio.h>
#include <string.h>

/* A copy of the file at path with one text replaced, written to out. 0 on success. */
static int rewrite(const char *path, const char *from, const char *to, const char *out)
{
    char buf[1 << 16];
    FILE *f = fopen(path, "rb"), *o;
    size_t n;
    char *at;
    if (!f)
        return -1;
    n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    if (!(at = strstr(buf, from)) || !(o = fopen(out, "wb")))
        return -1;
    fwrite(buf, 1, (size_t)(at - buf), o);
    fputs(to, o);
    fputs(at + strlen(from), o);
    return fclose(o);
}

int main(int argc, char **argv)
{
    char ubl[1024], cii[1024];
    const char *tmp = "test_example_bad.xml";
    /* the folder of example.so is searched before the installed built-in plugins */
    einv_test_t *t = argc == 3 ? einv_test_open(argv[1], NULL) : NULL;
    if (!t) {
        fprintf(stderr, "usage: test_example <folder of example.so> <tests/data>\n");
        return 2;
    }
    snprintf(ubl, sizeof ubl, "%s/ubl/sample-invoice.xml", argv[2]);
    snprintf(cii, sizeof cii, "%s/cii/sample-invoice.xml", argv[2]);
    EINV_TEST_CHECK(t, einv_test_has_profile(t, "EXAMPLE"));
    EINV_TEST_CHECK(t, einv_test_has_profile(t, "EN16931"));

    /* a good UBL invoice: valid */
    EINV_TEST_CHECK(t, einv_test_validate_file(t, "EXAMPLE", ubl) == EINV_OK);
    EINV_TEST_CHECK(t, einv_test_valid(t));
    /* a number without INV- and an unknown currency: EX-01 beside EN 16931's BR-CL-04 */
    EINV_TEST_CHECK(t, rewrite(ubl, "<cbc:ID>INV-2026-0042</cbc:ID>", "<cbc:ID>2026-0042</cbc:ID>", tmp) == 0);
    EINV_TEST_CHECK(t, rewrite(tmp, "<cbc:DocumentCurrencyCode>EUR<", "<cbc:DocumentCurrencyCode>ZZZ<", tmp) == 0);
    EINV_TEST_CHECK(t, einv_test_validate_file(t, "EXAMPLE", tmp) == EINV_OK);
    EINV_TEST_CHECK(t, !einv_test_valid(t));
    EINV_TEST_CHECK(t, einv_test_count(t, "EX-01") == 1);
    EINV_TEST_CHECK(t, einv_test_count(t, "BR-CL-04") == 1);
    EINV_TEST_CHECK(t, einv_test_field(t, "EX-01") && strcmp(einv_test_field(t, "EX-01"), "/Invoice/cbc:ID") == 0);

    /* the same rule on CII: the sample's number is CII-..., an INV- one passes */
    EINV_TEST_CHECK(t, einv_test_validate_file(t, "EXAMPLE", cii) == EINV_OK);
    EINV_TEST_CHECK(t, einv_test_count(t, "EX-01") == 1);
    EINV_TEST_CHECK(t, einv_test_field(t, "EX-01") && strstr(einv_test_field(t, "EX-01"), "ram:ID"));
    EINV_TEST_CHECK(t, rewrite(cii, "<ram:ID>CII-2026-0042<", "<ram:ID>INV-2026-0042<", tmp) == 0);
    EINV_TEST_CHECK(t, einv_test_validate_file(t, "EXAMPLE", tmp) == EINV_OK);
    EINV_TEST_CHECK(t, einv_test_count(t, "EX-01") == 0);
    remove(tmp);
    return einv_test_summary(t);
}
