/* libFuzzer target: the SDK's strict JSON checker (core/json_strict.c), which every JSON
 * input passes before it is read. The input is the JSON text. Checked on every input:
 *   - the UTF-8 validator agrees with the harness's own (fz_utf8_prefix) to the byte;
 *   - accepted text is valid UTF-8, and json-c (strict, UTF-8 checked) reads it too;
 *   - tighter limits never accept what the defaults refuse (the limits only take away);
 *   - a refusal names a place inside the input, in valid UTF-8 (the service echoes it). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>
#include <einvoice/json_strict.h>

#include "fuzz_check.h"

static void check_refusal(const einv_json_error_t *e, size_t len)
{
    char line[600];
    if (e->offset > len || e->line < 1 || e->column < 1)
        fz_die("json_strict: a refusal points outside the input", e->message);
    if (!memchr(e->message, '\0', sizeof e->message) || !memchr(e->pointer, '\0', sizeof e->pointer))
        fz_die("json_strict: message or pointer not NUL-terminated", NULL);
    fz_check_utf8("the json_strict message", e->message, strlen(e->message));
    fz_check_utf8("the json_strict pointer", e->pointer, strlen(e->pointer));
    einv_json_error_text(e, line, sizeof line);
    fz_check_utf8("the json_strict error text", line, strlen(line));
}

/* json-c must read what the strict checker accepted (it is what reads it next). */
static void check_json_c(const uint8_t *data, size_t len)
{
    struct json_tokener *tok = json_tokener_new_ex(4096);
    struct json_object *o;
    size_t skip = len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    /* a trailing space ends a top-level number, which json-c would otherwise wait on */
    char *text = malloc(len - skip + 1);
    if (!tok || !text)
        fz_die("out of memory", NULL);
    memcpy(text, data + skip, len - skip);
    text[len - skip] = ' ';
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
    o = json_tokener_parse_ex(tok, text, (int)(len - skip + 1));
    if (!o && json_tokener_get_error(tok) != json_tokener_success)
        fz_die("json_strict accepted a text json-c refuses",
               json_tokener_error_desc(json_tokener_get_error(tok)));
    json_object_put(o);
    json_tokener_free(tok);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    einv_json_error_t e, e2;
    einv_json_opts_t tight = {4, 16, 8};
    size_t mine = fz_utf8_prefix((const char *)data, len);
    int rc, rc2;
    if (einv_utf8_valid(data, len) != mine)
        fz_die("einv_utf8_valid disagrees with the harness on the valid prefix", NULL);
    memset(&e, 0, sizeof e);
    rc = einv_json_check(data, len, NULL, &e);
    if (rc == EINV_OK) {
        size_t skip = len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
        fz_check_utf8("text json_strict accepted", (const char *)data + skip, len - skip);
        check_json_c(data, len);
    } else {
        check_refusal(&e, len);
    }
    memset(&e2, 0, sizeof e2);
    rc2 = einv_json_check(data, len, &tight, &e2);
    if (rc2 == EINV_OK && rc != EINV_OK)
        fz_die("json_strict: tighter limits accepted what the defaults refuse", e.message);
    if (rc2 != EINV_OK)
        check_refusal(&e2, len);
    return 0;
}
