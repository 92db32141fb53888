/* The strict JSON checker (einv_json_check): RFC 8259 texts accepted, each rejection class
 * refused with its place (byte offset, line:column, JSON pointer), duplicate names found
 * among 100,000 and 1,000,000 members, deep nesting bounded. */
#include <CUnit/Basic.h>
#include <einvoice/json_strict.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int check(const char *s, einv_json_error_t *e)
{
    return einv_json_check(s, strlen(s), NULL, e);
}

/* Assert that s is refused with status st at pointer ptr, the message naming `has`, and
 * (when offset >= 0) the fault at that byte. */
#define REFUSED(s, st, ptr, has, offset) refused(__LINE__, s, strlen(s), st, ptr, has, offset)
static void refused(int line, const char *s, size_t len, einv_json_status_t st, const char *ptr,
                    const char *has, long offset)
{
    einv_json_error_t e;
    int rc = einv_json_check(s, len, NULL, &e);
    int ok = rc == EINV_ERR_USAGE && e.status == st && strcmp(e.pointer, ptr) == 0 &&
             strstr(e.message, has) != NULL && (offset < 0 || (long)e.offset == offset);
    if (!ok)
        fprintf(stderr, "\n  line %d: rc=%d status=%d pointer=\"%s\" message=\"%s\" offset=%zu\n", line, rc,
                e.status, e.pointer, e.message, e.offset);
    CU_ASSERT_TRUE(ok);
}

static void test_accepts_rfc_texts(void)
{
    /* RFC 8259 §13, both examples */
    static const char ex1[] =
        "{\n  \"Image\": {\n    \"Width\":  800,\n    \"Height\": 600,\n    \"Title\":  \"View from 15th Floor\",\n"
        "    \"Thumbnail\": {\n      \"Url\":    \"http://www.example.com/image/481989943\",\n"
        "      \"Height\": 125,\n      \"Width\":  100\n    },\n    \"Animated\" : false,\n"
        "    \"IDs\": [116, 943, 234, 38793]\n  }\n}";
    static const char ex2[] =
        "[\n  {\n     \"precision\": \"zip\",\n     \"Latitude\":  37.7668,\n     \"Longitude\": -122.3959,\n"
        "     \"Address\":   \"\",\n     \"City\":      \"SAN FRANCISCO\",\n     \"State\":     \"CA\",\n"
        "     \"Zip\":       \"94107\",\n     \"Country\":   \"US\"\n  },\n  {\n     \"precision\": \"zip\",\n"
        "     \"Latitude\":  37.371991,\n     \"Longitude\": -122.026020,\n     \"Address\":   \"\",\n"
        "     \"City\":      \"SUNNYVALE\",\n     \"State\":     \"CA\",\n     \"Zip\":       \"94085\",\n"
        "     \"Country\":   \"US\"\n  }\n]";
    static const char *const ok[] = {
        ex1, ex2, "\"Hello world!\"", "42", "true", "false", "null", "-0", "0.5e-3", "1E+2", "[]", "{}",
        " \t\r\n[ ] ", "[[[]]]", "{\"a\":{\"b\":{}}}",
        "\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9 \\u20AC \\ud83d\\ude00 \\u0000\"",
        "\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF\"",   /* é € 😀 U+10FFFF */
        "\xEF\xBB\xBF{\"bom\":1}",
        /* the same name in different objects is fine, also after a nested one closes */
        "{\"a\":1,\"b\":{\"a\":2,\"b\":[{\"a\":3}]},\"c\":{\"b\":1}}", "{\"o\":{\"k\":1},\"k\":2}",
        "[{\"a\":1},{\"a\":1}]"};
    size_t i;
    einv_json_error_t e;
    for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        int rc = check(ok[i], &e);
        if (rc != EINV_OK)
            fprintf(stderr, "\n  refused %s: %s %s\n", ok[i], e.pointer, e.message);
        CU_ASSERT_EQUAL(rc, EINV_OK);
    }
    CU_ASSERT_EQUAL(einv_json_check("{\"a\":1}", 7, NULL, NULL), EINV_OK);   /* err may be NULL */
}

static void test_refuses_lenient_syntax(void)
{
    REFUSED("{\"a\":[1,NaN]}", EINV_JSON_SYNTAX, "/a/1", "NaN", 8);
    REFUSED("{\"a\":Infinity}", EINV_JSON_SYNTAX, "/a", "Infinity", 5);
    REFUSED("{\"a\":-Infinity}", EINV_JSON_SYNTAX, "/a", "Infinity", 5);
    REFUSED("// note\n{}", EINV_JSON_SYNTAX, "", "comments", 0);
    REFUSED("{\"a\":1 /* c */}", EINV_JSON_SYNTAX, "/a", "comments", 7);
    REFUSED("[1,/* c */2]", EINV_JSON_SYNTAX, "/1", "comments", 3);
    REFUSED("{'a':1}", EINV_JSON_SYNTAX, "", "single quotes", 1);
    REFUSED("{\"a\":'x'}", EINV_JSON_SYNTAX, "/a", "single quotes", 5);
    REFUSED("{\"n\":01}", EINV_JSON_SYNTAX, "/n", "leading zero", 5);
    REFUSED("[-012]", EINV_JSON_SYNTAX, "/0", "leading zero", 1);
    REFUSED("[1.]", EINV_JSON_SYNTAX, "/0", "decimal point", 1);
    REFUSED("[.5]", EINV_JSON_SYNTAX, "/0", "invalid value", 1);
    REFUSED("[1e]", EINV_JSON_SYNTAX, "/0", "exponent", 1);
    REFUSED("[+1]", EINV_JSON_SYNTAX, "/0", "invalid value", 1);
    REFUSED("[0x10]", EINV_JSON_SYNTAX, "/0", "expected ','", 2);
    REFUSED("[1,2,]", EINV_JSON_SYNTAX, "/2", "trailing comma", 5);
    REFUSED("{\"a\":1,}", EINV_JSON_SYNTAX, "", "trailing comma", 7);
    REFUSED("[,1]", EINV_JSON_SYNTAX, "/0", "trailing comma", 1);
    REFUSED("{\"a\" 1}", EINV_JSON_SYNTAX, "", "':'", 5);
    REFUSED("{a:1}", EINV_JSON_SYNTAX, "", "member name", 1);
    REFUSED("[True]", EINV_JSON_SYNTAX, "/0", "invalid value", 1);
    REFUSED("[nul]", EINV_JSON_SYNTAX, "/0", "invalid value", 1);
    REFUSED("{} x", EINV_JSON_SYNTAX, "", "after the JSON value", 3);
    REFUSED("{}{}", EINV_JSON_SYNTAX, "", "after the JSON value", 2);
    REFUSED("1 2", EINV_JSON_SYNTAX, "", "after the JSON value", 2);
    REFUSED("", EINV_JSON_SYNTAX, "", "empty", 0);
    REFUSED("  \n ", EINV_JSON_SYNTAX, "", "empty", 4);
    REFUSED("{\"a\":[1,2", EINV_JSON_SYNTAX, "/a/1", "unclosed array", 9);
    REFUSED("{\"a\":", EINV_JSON_SYNTAX, "/a", "value was expected", 5);
    REFUSED("{\"a\":\"xyz", EINV_JSON_SYNTAX, "/a", "unterminated string", 5);
    REFUSED("[\"a\tb\"]", EINV_JSON_SYNTAX, "/0", "U+0009 must be escaped", 3);
    REFUSED("[\"a\\x\"]", EINV_JSON_SYNTAX, "/0", "invalid escape", 3);
    REFUSED("[\"\\u12G4\"]", EINV_JSON_SYNTAX, "/0", "four hex digits", 2);
    /* a raw NUL outside and inside strings */
    refused(__LINE__, "[1,\0]", 5, EINV_JSON_SYNTAX, "/1", "invalid value", 3);
    refused(__LINE__, "[\"a\0\"]", 5, EINV_JSON_SYNTAX, "/0", "U+0000", 3);
}

static void test_refuses_bad_text(void)
{
    REFUSED("{\"k\":\"ab\xff\"}", EINV_JSON_UTF8, "/k", "0xFF", 8);
    REFUSED("{\"k\":\"\xC0\xAF\"}", EINV_JSON_UTF8, "/k", "invalid UTF-8", 6);        /* overlong '/' */
    REFUSED("{\"k\":\"\xE0\x80\xAF\"}", EINV_JSON_UTF8, "/k", "invalid UTF-8", 6);    /* overlong, 3 bytes */
    REFUSED("{\"k\":\"\xED\xA0\x80\"}", EINV_JSON_UTF8, "/k", "invalid UTF-8", 6);    /* U+D800 in UTF-8 */
    REFUSED("{\"k\":\"\xF4\x90\x80\x80\"}", EINV_JSON_UTF8, "/k", "invalid UTF-8", 6); /* > U+10FFFF */
    REFUSED("{\"k\":\"\xE2\x82\"}", EINV_JSON_UTF8, "/k", "invalid UTF-8", 6);        /* cut short */
    REFUSED("{\"k\":\"\x80\"}", EINV_JSON_UTF8, "/k", "invalid UTF-8", 6);            /* stray continuation */
    REFUSED("{\"\xff\":1}", EINV_JSON_UTF8, "", "invalid UTF-8", 2);                   /* in a name */
    REFUSED("[\"\xC3\xA9\", \xC3\xA9]", EINV_JSON_SYNTAX, "/1", "invalid value", 7);   /* outside strings */
    REFUSED("[\"a\\ud800\"]", EINV_JSON_UTF8, "/0", "lone high surrogate", 3);
    REFUSED("[\"a\\ud800\\u0041\"]", EINV_JSON_UTF8, "/0", "lone high surrogate", 3);
    REFUSED("[\"\\udc00\"]", EINV_JSON_UTF8, "/0", "lone low surrogate", 2);
    REFUSED("[\"\\ud800\\ud800\"]", EINV_JSON_UTF8, "/0", "lone high surrogate", 2);
    REFUSED("{\"\\udfff\":1}", EINV_JSON_UTF8, "", "lone low surrogate", 2);
}

static void test_duplicates(void)
{
    REFUSED("{\"lines\":[{},{},{},{\"price\":{\"amount\":1,\"amount\":2}}]}", EINV_JSON_DUPLICATE,
            "/lines/3/price", "duplicate key \"amount\"", 40);
    REFUSED("{\"a\":1,\"\\u0061\":2}", EINV_JSON_DUPLICATE, "", "duplicate key \"a\"", 7);   /* after unescaping */
    REFUSED("{\"\\u00e9\":1,\"\xC3\xA9\":2}", EINV_JSON_DUPLICATE, "", "duplicate key \"\xC3\xA9\"", 12);
    REFUSED("{\"a\":{\"a\":1,\"b\":2},\"b\":1,\"a\":3}", EINV_JSON_DUPLICATE, "", "duplicate key \"a\"", 25);
    REFUSED("{\"a/b~c\":{\"x\":1,\"x\":1}}", EINV_JSON_DUPLICATE, "/a~1b~0c", "\"x\"", 16);
    /* a name with control characters is shown escaped, never raw */
    REFUSED("{\"\\n\\u0001\":1,\"\\n\\u0001\":2}", EINV_JSON_DUPLICATE, "", "\"\\u000a\\u0001\"", -1);
    REFUSED("{\"\":1,\"\":2}", EINV_JSON_DUPLICATE, "", "duplicate key \"\"", 6);
}

static void test_place(void)
{
    einv_json_error_t e;
    char text[300];
    const char *s = "{\n  \"lines\": [\n    {\"price\": NaN}\n  ]\n}";
    CU_ASSERT_EQUAL(check(s, &e), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(e.line, 3);
    CU_ASSERT_EQUAL(e.column, 15);
    CU_ASSERT_EQUAL(e.offset, (size_t)(strstr(s, "NaN") - s));
    CU_ASSERT_STRING_EQUAL(e.pointer, "/lines/0/price");
    einv_json_error_text(&e, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "/lines/0/price: NaN is not a JSON value (line 3, column 15, byte 29)");
    /* columns count characters, not bytes */
    CU_ASSERT_EQUAL(check("[\"\xC3\xA9\xC3\xA9\", x]", &e), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(e.column, 8);
    CU_ASSERT_EQUAL(e.offset, 9);
    einv_json_error_text(&e, text, sizeof text);
    CU_ASSERT_STRING_EQUAL(text, "/1: invalid value (line 1, column 8, byte 9)");
    CU_ASSERT_EQUAL(check("{} x", &e), EINV_ERR_USAGE);
    CU_ASSERT_STRING_EQUAL(einv_json_error_text(&e, text, sizeof text),
                           "body: unexpected data after the JSON value (line 1, column 4, byte 3)");
    /* a cut text stays valid UTF-8: no half character at the end */
    einv_json_error_text(&e, text, 3);
    CU_ASSERT_STRING_EQUAL(text, "bo");
}

/* A long name: the pointer is cut at a character boundary and marked. */
static void test_long_pointer(void)
{
    einv_json_error_t e;
    size_t i, n = 600, len = 0;
    char *s = malloc(2 * n + 32);
    s[len++] = '{';
    s[len++] = '"';
    for (i = 0; i < n / 2; i++) {
        s[len++] = (char)0xC3;   /* é, two bytes each */
        s[len++] = (char)0xA9;
    }
    len += (size_t)sprintf(s + len, "\":NaN}");
    CU_ASSERT_EQUAL(einv_json_check(s, len, NULL, &e), EINV_ERR_USAGE);
    n = strlen(e.pointer);
    CU_ASSERT_TRUE(n < sizeof e.pointer);
    CU_ASSERT_EQUAL(strcmp(e.pointer + n - 3, "..."), 0);
    CU_ASSERT_EQUAL((unsigned char)e.pointer[n - 4], 0xA9);   /* the last whole é */
    CU_ASSERT_EQUAL((n - 4) % 2, 0);                          /* "/" + whole é pairs */
    free(s);
}

static char *nested(size_t n, const char *open, const char *mid, const char *close, size_t *len)
{
    size_t lo = strlen(open), lm = strlen(mid), lc = strlen(close), i;
    char *s = malloc(n * (lo + lc) + lm + 1), *p = s;
    for (i = 0; i < n; i++, p += lo)
        memcpy(p, open, lo);
    memcpy(p, mid, lm);
    p += lm;
    for (i = 0; i < n; i++, p += lc)
        memcpy(p, close, lc);
    *p = 0;
    *len = (size_t)(p - s);
    return s;
}

static void test_depth(void)
{
    einv_json_error_t e;
    einv_json_opts_t o = {1000, 0, 0};
    size_t len;
    char *s = nested(64, "[", "1", "]", &len);
    CU_ASSERT_EQUAL(einv_json_check(s, len, NULL, &e), EINV_OK);   /* default cap 64 */
    free(s);
    s = nested(65, "[", "1", "]", &len);
    CU_ASSERT_EQUAL(einv_json_check(s, len, NULL, &e), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(e.status, EINV_JSON_DEPTH);
    CU_ASSERT_EQUAL(e.offset, 64);
    free(s);
    s = nested(1000, "{\"a\":", "1", "}", &len);   /* a larger cap: frames on the heap */
    CU_ASSERT_EQUAL(einv_json_check(s, len, &o, &e), EINV_OK);
    free(s);
    /* a million levels: refused at the cap, no recursion to blow the stack */
    s = nested(1000000, "[", "", "]", &len);
    CU_ASSERT_EQUAL(einv_json_check(s, len, &o, &e), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(e.status, EINV_JSON_DEPTH);
    CU_ASSERT_EQUAL(e.offset, 1000);
    free(s);
}

static void test_sizes(void)
{
    einv_json_error_t e;
    einv_json_opts_t o = {0, 4, 5};
    CU_ASSERT_EQUAL(einv_json_check("[\"abcd\"]", 8, &o, &e), EINV_OK);
    CU_ASSERT_EQUAL(einv_json_check("[\"abcde\"]", 9, &o, &e), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(e.status, EINV_JSON_SIZE);
    CU_ASSERT_STRING_EQUAL(e.pointer, "/0");
    /* the limit is on decoded bytes: two \u00e9 are 4 bytes */
    CU_ASSERT_EQUAL(einv_json_check("[\"\\u00e9\\u00e9\"]", 16, &o, &e), EINV_OK);
    CU_ASSERT_EQUAL(einv_json_check("{\"abcde\":1}", 11, &o, &e), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(e.status, EINV_JSON_SIZE);
    CU_ASSERT_EQUAL(einv_json_check("[-1.25]", 7, &o, &e), EINV_OK);
    CU_ASSERT_EQUAL(einv_json_check("[-1.255]", 8, &o, &e), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(e.status, EINV_JSON_SIZE);
}

/* Objects that cross from compared-one-by-one to hashed names, mixed with small ones. */
static void test_small_and_large_objects(void)
{
    char s[8192];
    size_t len;
    int i;
    einv_json_error_t e;
    /* the 20th name repeats the 3rd: found through the hash after the switch */
    len = (size_t)snprintf(s, sizeof s, "{");
    for (i = 0; i < 19; i++)
        len += (size_t)snprintf(s + len, sizeof s - len, "\"k%d\":%d,", i, i);
    snprintf(s + len, sizeof s - len, "\"k2\":0}");
    REFUSED(s, EINV_JSON_DUPLICATE, "", "duplicate key \"k2\"", -1);
    /* ... spelled with an escape */
    snprintf(s + len, sizeof s - len, "\"\\u006b2\":0}");
    REFUSED(s, EINV_JSON_DUPLICATE, "", "duplicate key \"k2\"", -1);
    snprintf(s + len, sizeof s - len, "\"k19\":0}");
    CU_ASSERT_EQUAL(check(s, &e), EINV_OK);
    /* a small outer object around a large inner one (whose names outgrow the first table),
     * then a repeat in the outer one: the inner names are gone, the outer ones are compared */
    len = (size_t)snprintf(s, sizeof s, "{\"a\":1,\"in\":{");
    for (i = 0; i < 100; i++)
        len += (size_t)snprintf(s + len, sizeof s - len, "%s\"k%d\":%d", i ? "," : "", i, i);
    len += (size_t)snprintf(s + len, sizeof s - len, "},\"k5\":1,\"b\":2");
    snprintf(s + len, sizeof s - len, "}");
    CU_ASSERT_EQUAL(check(s, &e), EINV_OK);
    snprintf(s + len, sizeof s - len, ",\"in\":3}");
    REFUSED(s, EINV_JSON_DUPLICATE, "", "duplicate key \"in\"", -1);
    /* a large outer object with small inner ones naming the same keys, then a repeat outside */
    len = (size_t)snprintf(s, sizeof s, "{");
    for (i = 0; i < 30; i++)
        len += (size_t)snprintf(s + len, sizeof s - len, "\"k%d\":{\"k%d\":1,\"x\":[{\"k%d\":2}]},", i, i, i);
    snprintf(s + len, sizeof s - len, "\"last\":0}");
    CU_ASSERT_EQUAL(check(s, &e), EINV_OK);
    snprintf(s + len, sizeof s - len, "\"k29\":0}");
    REFUSED(s, EINV_JSON_DUPLICATE, "", "duplicate key \"k29\"", -1);
    snprintf(s + len, sizeof s - len, "\"z\":{\"q\":1,\"q\":2}}");
    REFUSED(s, EINV_JSON_DUPLICATE, "/z", "duplicate key \"q\"", -1);
}

/* n members "k0".."k<n-1>", then `last` (a repeat or a new name), in one object. */
static char *many_keys(size_t n, const char *last, size_t *len)
{
    char *s = malloc(n * 24 + 64);
    size_t i;
    *len = 0;
    s[(*len)++] = '{';
    for (i = 0; i < n; i++)
        *len += (size_t)sprintf(s + *len, "\"k%zu\":%zu,", i, i);
    *len += (size_t)sprintf(s + *len, "\"%s\":0}", last);
    return s;
}

static void test_many_keys(void)
{
    einv_json_error_t e;
    size_t len;
    clock_t t0;
    double secs;
    char *s = many_keys(100000, "new", &len);
    CU_ASSERT_EQUAL(einv_json_check(s, len, NULL, &e), EINV_OK);
    free(s);
    s = many_keys(100000, "k99998", &len);
    CU_ASSERT_EQUAL(einv_json_check(s, len, NULL, &e), EINV_ERR_USAGE);
    CU_ASSERT_EQUAL(e.status, EINV_JSON_DUPLICATE);
    CU_ASSERT_STRING_EQUAL(e.message, "duplicate key \"k99998\"");
    free(s);
    /* a million members: linear (a pairwise check would take hours); the bound is only a
     * guard against a quadratic regression, the speed itself is measured in bench/ */
    s = many_keys(1000000, "k0", &len);
    t0 = clock();
    CU_ASSERT_EQUAL(einv_json_check(s, len, NULL, &e), EINV_ERR_USAGE);
    secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    CU_ASSERT_EQUAL(e.status, EINV_JSON_DUPLICATE);
    CU_ASSERT_TRUE(secs < 20.0);
    free(s);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("json_strict", NULL, NULL);
    CU_add_test(s, "RFC 8259 texts accepted", test_accepts_rfc_texts);
    CU_add_test(s, "lenient syntax refused", test_refuses_lenient_syntax);
    CU_add_test(s, "invalid UTF-8 and lone surrogates refused", test_refuses_bad_text);
    CU_add_test(s, "duplicate member names", test_duplicates);
    CU_add_test(s, "small objects and hashed ones", test_small_and_large_objects);
    CU_add_test(s, "the place: line, column, byte, pointer", test_place);
    CU_add_test(s, "long pointers are cut at a character", test_long_pointer);
    CU_add_test(s, "depth cap", test_depth);
    CU_add_test(s, "string and number limits", test_sizes);
    CU_add_test(s, "100,000 and 1,000,000 members", test_many_keys);
}
