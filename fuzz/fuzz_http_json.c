/* libFuzzer target: JSON request bodies of the service (server/http_json.c): the strict
 * check plus json-c read of every body (http_json_object), and the text helpers that keep
 * stored and echoed names valid UTF-8. The input is the body. Checked on every input:
 *   - an accepted body is an object that serialises to valid JSON in valid UTF-8, and its
 *     string members read through http_json_text hold no NUL;
 *   - a refusal's 400 message is valid UTF-8 (it is echoed in the error body);
 *   - http_text_clean accepts only valid UTF-8; http_text_repair always yields valid UTF-8;
 *     http_text_prec cuts at a character boundary within its bound. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"
#include "http_json.h"

static void check_members(json_object *o)
{
    long long n;
    json_object_object_foreach(o, key, v)
    {
        const char *t = http_json_text(v);
        fz_check_utf8("an accepted member name", key, strlen(key));
        if (t && strlen(t) != (size_t)json_object_get_string_len(v))
            fz_die("http_json_text returned a string with a NUL inside", key);
        (void)http_json_int_range(v, -1000, 1000, &n);
    }
}

static void check_text_helpers(const uint8_t *data, size_t len)
{
    char *s = malloc(len + 1);
    int prec, max = (int)(len % 64);
    if (!s)
        return;
    memcpy(s, data, len);
    s[len] = '\0';
    if (http_text_clean(s, len))
        fz_check_utf8("text http_text_clean accepted", s, len);
    prec = http_text_prec(s, max);
    if (prec < 0 || prec > max || (size_t)prec > strlen(s))
        fz_die("http_text_prec is out of its bound", NULL);
    if (fz_utf8_prefix(s, strlen(s)) >= (size_t)prec)
        fz_check_utf8("the http_text_prec cut", s, (size_t)prec);
    http_text_repair(s);
    fz_check_utf8("text after http_text_repair", s, strlen(s));
    free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    char msg[512];
    json_object *o;
    msg[0] = '\0';
    o = http_json_object((const char *)data, len, "an object", msg, sizeof msg);
    if (o) {
        if (!json_object_is_type(o, json_type_object))
            fz_die("http_json_object accepted a body that is no object", NULL);
        fz_check_json("an accepted body, serialised", json_object_to_json_string(o));
        check_members(o);
        json_object_put(o);
    } else {
        if (!msg[0] || !memchr(msg, '\0', sizeof msg))
            fz_die("http_json_object refused without a message", NULL);
        fz_check_utf8("the 400 message of a JSON body", msg, strlen(msg));
    }
    check_text_helpers(data, len);
    return 0;
}
