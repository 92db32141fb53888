/* JSON request bodies: every body is judged by the strict checker (RFC 8259, valid UTF-8, no
 * duplicate names; include/einvoice/json_strict.h) before json-c reads it, so what json-c
 * would quietly accept (NaN, comments, single quotes, leading zeros, duplicate names whose
 * last one wins, invalid UTF-8) is a 400 that names the place. Integers are read exactly:
 * a value outside a field's range is refused, never clamped. */
#ifndef EINV_HTTP_JSON_H
#define EINV_HTTP_JSON_H

#include <stddef.h>
#include <json-c/json.h>

/* Nesting allowed in request bodies (hostile input: deep arrays). */
#define HTTP_JSON_MAX_DEPTH 64

/* Check body[0..len) strictly and parse it; it must be a JSON object. Returns the object
 * (transfer full: json_object_put), or NULL with msg filled: a 400 message that names the
 * place ("body: ..." or "/lines/3/price: duplicate key \"amount\" (line 4, column 7, byte
 * 83)"), or "body: a JSON object is required" (what = the expected shape, may be NULL). */
json_object *http_json_object(const char *body, size_t len, const char *what, char *msg, size_t size);

/* v as an integer in [min, max] (min > INT64_MIN): 1 and *out set; 0 when v is not a JSON
 * integer or out of range (json-c clamps beyond 64 bits; a clamped value is refused). */
int http_json_int_range(json_object *v, long long min, long long max, long long *out);

/* v's text when it is a JSON string without U+0000 (json-c's C string would end there and
 * "PRO\u0000x" read as "PRO"), else NULL. (transfer none) */
const char *http_json_text(json_object *v);

/* 1 when s (len bytes) is valid UTF-8 without control characters (C0, DEL, C1): safe to
 * store and echo as a name. */
int http_text_clean(const char *s, size_t len);

/* Make s (NUL-terminated, modified in place) valid UTF-8: each byte that starts no valid
 * sequence becomes '?'. For text stored before it was checked, so answers stay JSON.
 * Returns s. */
char *http_text_repair(char *s);

/* How many bytes of UTF-8 text s to print so that at most max bytes and only whole
 * characters appear: for "%.*s" with client text in messages. */
int http_text_prec(const char *s, int max);

#endif
