/* einvoice SDK: the strict JSON checker (RFC 8259) every JSON input passes before it is read.
 *
 * One linear pass, iterative (no recursion), no allocation per value. It refuses what
 * lenient parsers take: NaN/Infinity, comments, single quotes, leading zeros, trailing
 * commas, invalid UTF-8 (overlongs, surrogates, above U+10FFFF), lone surrogate escapes,
 * raw control characters, anything after the value, the same member name twice in one
 * object (names compared after unescaping; a hash of the open objects' names keeps this
 * linear), nesting over a cap, and strings or numbers over their limits. A leading UTF-8
 * byte order mark is ignored (RFC 8259 §8.1 allows it).
 *
 * On failure it names the place: byte offset, line and column, and the JSON pointer
 * (RFC 6901) of the value concerned, e.g. "/lines/3/price: duplicate key \"amount\"".
 * Since ABI 1.3. */
#ifndef EINVOICE_JSON_STRICT_H
#define EINVOICE_JSON_STRICT_H

#include <stddef.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum einv_json_status {
    EINV_JSON_OK = 0,
    EINV_JSON_SYNTAX,       /* not JSON */
    EINV_JSON_UTF8,         /* invalid UTF-8, or a lone surrogate escape */
    EINV_JSON_DUPLICATE,    /* one member name twice in one object */
    EINV_JSON_DEPTH,        /* nested deeper than max_depth */
    EINV_JSON_SIZE,         /* the input, a string or a number over its limit */
    EINV_JSON_NOMEM
} einv_json_status_t;

typedef struct einv_json_opts {
    size_t max_depth;       /* arrays/objects nested; 0 = 64, at most 4096 */
    size_t max_string;      /* bytes of one decoded string or member name; 0 = no limit */
    size_t max_number;      /* characters of one number; 0 = no limit */
} einv_json_opts_t;

typedef struct einv_json_error {
    einv_json_status_t status;
    size_t offset;          /* byte offset of the fault in the input */
    size_t line, column;    /* 1-based; the column counts characters, not bytes */
    char pointer[256];      /* JSON pointer of the value concerned ("" = the whole text);
                             * valid UTF-8, ends in "..." when cut */
    char message[192];      /* what is wrong, in our words (valid UTF-8) */
} einv_json_error_t;

/* Check len bytes of data. opts may be NULL (defaults). Returns EINV_OK, or EINV_ERR_USAGE
 * (EINV_ERR_NOMEM when out of memory) with err (may be NULL) filled. Thread-safe; allocates
 * only for the member names of the open objects (one growing table), freed on return. */
EINV_API int einv_json_check(const void *data, size_t len, const einv_json_opts_t *opts,
                             einv_json_error_t *err);

/* Decode the raw spelling of a string einv_json_check accepted (the bytes between its
 * quotes) into out, which needs room for len bytes (decoding never grows; out may be raw).
 * Returns the decoded length; the result may hold U+0000 and is not NUL-terminated. */
EINV_API size_t einv_json_unescape(const char *raw, size_t len, char *out);

/* Length of the longest valid UTF-8 prefix of s (len when all of it is valid): the same
 * rules as inside JSON strings (no overlongs, no surrogates, nothing above U+10FFFF). */
EINV_API size_t einv_utf8_valid(const void *s, size_t len);

/* The error as one line, "POINTER: MESSAGE (line L, column C, byte B)" ("body" stands in
 * for the empty pointer), into buf (NUL-terminated, cut at a character boundary). Returns
 * buf. */
EINV_API char *einv_json_error_text(const einv_json_error_t *err, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
