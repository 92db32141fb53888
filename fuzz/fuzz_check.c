/* Invariants shared by the fuzz targets: see fuzz_check.h. */
#include "fuzz_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

void fz_die(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz harness: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

/* FUZZ_CHECK_UTF8=0 leaves the UTF-8 checks out, to hunt memory errors past a known
 * UTF-8 finding that is still open (docs/fuzzing.md). */
static int utf8_checked(void)
{
    static int on = -1;
    if (on < 0) {
        const char *v = getenv("FUZZ_CHECK_UTF8");
        on = !(v && strcmp(v, "0") == 0);
    }
    return on;
}

void fz_check_json(const char *what, const char *text)
{
    struct json_tokener *tok = json_tokener_new();
    struct json_object *o;
    size_t n = strlen(text);
    if (!tok)
        fz_die("out of memory", what);
    /* json-c's own UTF-8 check lets overlong forms and encoded surrogates through */
    fz_check_utf8(what, text, n);
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT | (utf8_checked() ? JSON_TOKENER_VALIDATE_UTF8 : 0));
    o = json_tokener_parse_ex(tok, text, (int)n);
    if (!o || json_tokener_get_error(tok) != json_tokener_success ||
        json_tokener_get_parse_end(tok) != n) {
        fprintf(stderr, "fuzz harness: %s is not valid JSON (%s) at byte %zu:\n%.2000s\n", what,
                json_tokener_error_desc(json_tokener_get_error(tok)),
                json_tokener_get_parse_end(tok), text);
        abort();
    }
    json_object_put(o);
    json_tokener_free(tok);
}

/* Length of the valid UTF-8 sequence at s (n bytes left), or 0 when it is not valid. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    size_t len, i;
    unsigned cp;
    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xC2 && s[0] <= 0xDF)
        len = 2, cp = s[0] & 0x1Fu;
    else if (s[0] >= 0xE0 && s[0] <= 0xEF)
        len = 3, cp = s[0] & 0x0Fu;
    else if (s[0] >= 0xF0 && s[0] <= 0xF4)
        len = 4, cp = s[0] & 0x07u;
    else
        return 0;
    if (n < len)
        return 0;
    for (i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

size_t fz_utf8_prefix(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0, k;
    while (i < n && (k = utf8_seq(p + i, n - i)) != 0)
        i += k;
    return i;
}

void fz_check_utf8(const char *what, const char *s, size_t n)
{
    size_t i;
    if (!utf8_checked() || (i = fz_utf8_prefix(s, n)) == n)
        return;
    fprintf(stderr, "fuzz harness: %s is not valid UTF-8 at byte %zu: \"%.*s\"\n", what, i,
            (int)(n < 300 ? n : 300), s);
    abort();
}
