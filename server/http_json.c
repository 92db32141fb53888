/* Strict JSON request bodies (see http_json.h). */
#include "http_json.h"

#include <einvoice/json_strict.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

json_object *http_json_object(const char *body, size_t len, const char *what, char *msg, size_t size)
{
    einv_json_opts_t opts = {HTTP_JSON_MAX_DEPTH, 0, 0};
    einv_json_error_t e;
    json_tokener *tok;
    json_object *o = NULL;
    char place[sizeof e.pointer + sizeof e.message + 80];
    if (len == 0) {
        snprintf(msg, size, "body: a JSON object%s%s is required", what ? " " : "", what ? what : "");
        return NULL;
    }
    if (einv_json_check(body, len, &opts, &e) != EINV_OK) {
        snprintf(msg, size, "Malformed JSON: %s", einv_json_error_text(&e, place, sizeof place));
        return NULL;
    }
    if (len >= 3 && memcmp(body, "\xEF\xBB\xBF", 3) == 0) {   /* the checker allows a BOM */
        body += 3;
        len -= 3;
    }
    /* json-c only builds the tree now: everything it could have accepted loosely is gone */
    tok = json_tokener_new_ex(HTTP_JSON_MAX_DEPTH + 1);
    if (tok) {
        o = json_tokener_parse_ex(tok, body, (int)len);
        if (json_tokener_get_error(tok) != json_tokener_success) {
            json_object_put(o);
            o = NULL;
        }
        json_tokener_free(tok);
    }
    if (!o || !json_object_is_type(o, json_type_object)) {
        json_object_put(o);
        snprintf(msg, size, o || !tok ? "body: a JSON object%s%s is required" : "body: cannot be read",
                 what ? " " : "", what ? what : "");
        return NULL;
    }
    return o;
}

int http_json_int_range(json_object *v, long long min, long long max, long long *out)
{
    long long x;
    if (!v || !json_object_is_type(v, json_type_int))
        return 0;
    /* json-c keeps values above INT64_MAX as uint64 and clamps beyond 64 bits (to INT64_MIN
     * below zero), so a clamped value is never taken for a real one */
    if (json_object_get_uint64(v) > (uint64_t)INT64_MAX)
        return 0;
    x = (long long)json_object_get_int64(v);
    if (x == INT64_MIN || x < min || x > max)
        return 0;
    *out = x;
    return 1;
}

const char *http_json_text(json_object *v)
{
    const char *s;
    if (!v || !json_object_is_type(v, json_type_string))
        return NULL;
    s = json_object_get_string(v);
    return strlen(s) == (size_t)json_object_get_string_len(v) ? s : NULL;
}

int http_text_clean(const char *s, size_t len)
{
    size_t i;
    if (einv_utf8_valid(s, len) != len)
        return 0;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7F || (c == 0xC2 && i + 1 < len && (unsigned char)s[i + 1] < 0xA0))
            return 0;   /* C0, DEL, C1 (U+0080..U+009F is C2 80..C2 9F) */
    }
    return 1;
}

char *http_text_repair(char *s)
{
    size_t n = strlen(s), i = 0;
    while (i < n) {
        i += einv_utf8_valid(s + i, n - i);
        if (i < n)
            s[i++] = '?';
    }
    return s;
}

int http_text_prec(const char *s, int max)
{
    int n = (int)strnlen(s, (size_t)max + 1);
    if (n <= max)
        return n;
    n = max;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return n;
}
