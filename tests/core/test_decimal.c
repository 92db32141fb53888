/* Exact decimals: parsing per xs:decimal, arithmetic, XPath rounding. */
#include <CUnit/Basic.h>
#include <einvoice/decimal.h>
#include <string.h>

static const char *fmt(einv_dec_t d)
{
    static char buf[8][64];
    static int k;
    return einv_dec_format(d, buf[k++ & 7], 64);
}

static einv_dec_t D(const char *s)
{
    einv_dec_t d;
    einv_dec_parse(s, (size_t)-1, &d);
    return d;
}

static void test_parse(void)
{
    einv_dec_t d;
    CU_ASSERT_TRUE(einv_dec_parse(" 1234.50\n", (size_t)-1, &d));
    CU_ASSERT_STRING_EQUAL(fmt(d), "1234.50");
    CU_ASSERT_TRUE(einv_dec_parse("-.5", (size_t)-1, &d));
    CU_ASSERT_STRING_EQUAL(fmt(d), "-0.5");
    CU_ASSERT_TRUE(einv_dec_parse("+7.", (size_t)-1, &d));
    CU_ASSERT_STRING_EQUAL(fmt(d), "7");
    CU_ASSERT_FALSE(einv_dec_parse("1e3", (size_t)-1, &d));
    CU_ASSERT_FALSE(einv_dec_parse("", (size_t)-1, &d));
    CU_ASSERT_FALSE(einv_dec_parse("1,5", (size_t)-1, &d));
    CU_ASSERT_FALSE(einv_dec_parse("1 5", (size_t)-1, &d));
    CU_ASSERT_FALSE(einv_dec_parse(".", (size_t)-1, &d));
    CU_ASSERT_TRUE(einv_dec_parse_number("1.5E2", (size_t)-1, &d));
    CU_ASSERT_STRING_EQUAL(fmt(d), "150");
    /* 40 digits do not fit: refused, never truncated */
    CU_ASSERT_FALSE(einv_dec_parse("1234567890123456789012345678901234567890", (size_t)-1, &d));
}

static void test_arith(void)
{
    /* 0.1 + 0.2 is exactly 0.3, unlike binary floating point */
    CU_ASSERT_TRUE(einv_dec_eq(einv_dec_add(D("0.1"), D("0.2")), D("0.3")));
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_mul(D("19.99"), D("3"))), "59.97");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_sub(D("10"), D("0.01"))), "9.99");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_div(D("10"), D("3"), 4)), "3.3333");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_div(D("2"), D("3"), 2)), "0.67");
    CU_ASSERT_FALSE(einv_dec_div(D("1"), D("0"), 2).ok);
    /* operands of different scales */
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_div(D("470.36"), D("2"), 2)), "235.18");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_div(D("1"), D("0.3"), 3)), "3.333");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_div(D("-7.5"), D("0.25"), 1)), "-30.0");
    CU_ASSERT_EQUAL(einv_dec_cmp(D("1.50"), D("1.5")), 0);
    CU_ASSERT_EQUAL(einv_dec_cmp(D("-1"), D("0.001")), -1);
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_shift(D("19"), 2)), "0.19");
}

static void test_round(void)
{
    /* XPath round(): halves go toward positive infinity */
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_round(D("2.5"), 0)), "3");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_round(D("-2.5"), 0)), "-2");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_round(D("1.005"), 2)), "1.01");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_round(D("-1.005"), 2)), "-1.00");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_round(D("-1.006"), 2)), "-1.01");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_round_half_away(D("-2.5"), 0)), "-3");
    CU_ASSERT_STRING_EQUAL(fmt(einv_dec_round(D("7"), 2)), "7");
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("decimal", NULL, NULL);
    CU_add_test(s, "parse", test_parse);
    CU_add_test(s, "arithmetic", test_arith);
    CU_add_test(s, "rounding", test_round);
}
