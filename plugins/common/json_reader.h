/* A strict RFC 8259 JSON reader for the JSON, OData and mapping-document readers.
 *
 * Why not json-c: json-c keeps the last of duplicate member names without telling, clamps
 * integers beyond 64 bits (12345678901234567890123 -> 18446744073709551615) and drops the
 * spelling of integers ("-0" -> 0), and the plugin build links only libxml2. The text is
 * judged by the SDK's strict checker (einvoice/json_strict.h: RFC 8259 only, valid UTF-8,
 * no lone surrogates, no duplicate names, depth and size limits), which names the place of
 * a fault; an accepted text becomes a small tree in its own arena that keeps every
 * number's literal text. A hostile body ends in one error record, never in a crash or
 * unbounded memory. */
#ifndef EINV_JSON_READER_H
#define EINV_JSON_READER_H

#include <stddef.h>

typedef enum jr_type {
    JR_NULL = 0,
    JR_FALSE,
    JR_TRUE,
    JR_NUMBER,   /* s = the literal text as written */
    JR_STRING,   /* s = decoded UTF-8 (may contain U+0000; len is exact) */
    JR_ARRAY,
    JR_OBJECT
} jr_type;

typedef struct jr_value jr_value_t;
struct jr_value {
    jr_type type;
    const char *s;        /* NUL-terminated copy; NULL for containers and literals */
    size_t len;
    const char *key;      /* member name (decoded) when the parent is an object, else NULL */
    size_t klen;
    size_t index;         /* position among the parent's children */
    size_t offset;        /* byte offset of the value in the input */
    jr_value_t *parent, *first, *last, *next;
    size_t n;             /* number of children */
};

typedef struct jr_limits {
    size_t max_bytes;     /* whole input; default 256 MiB */
    int max_depth;        /* nesting of arrays/objects; default 64 */
    size_t max_string;    /* bytes of one decoded string or name; default 8 MiB */
    size_t max_number;    /* characters of one number literal; default 64 */
} jr_limits_t;

typedef enum jr_status {
    JR_OK = 0,
    JR_ERR_SYNTAX,        /* not JSON */
    JR_ERR_UTF8,          /* invalid UTF-8 or a lone surrogate escape */
    JR_ERR_DEPTH,         /* nested deeper than max_depth */
    JR_ERR_SIZE,          /* input, a string or a number over its limit */
    JR_ERR_DUPLICATE,     /* the same member name twice in one object */
    JR_ERR_NOMEM
} jr_status;

typedef struct jr_error {
    jr_status status;
    size_t offset, line, column;   /* where it happened (line/column 1-based) */
    char message[192];             /* our own words (valid UTF-8) */
    char where[256];               /* JSON pointer of the value concerned ("" = the root) */
} jr_error_t;

typedef struct jr_doc jr_doc_t;

/* Parse data (UTF-8, an optional BOM is skipped). NULL on failure with err filled.
 * (transfer full: jr_free) */
jr_doc_t *jr_parse(const char *data, size_t len, const jr_limits_t *limits, jr_error_t *err);
void jr_free(jr_doc_t *d);
const jr_value_t *jr_root(const jr_doc_t *d);

/* Member `name` of an object, or NULL. Linear: for the few fixed names of small objects. */
const jr_value_t *jr_member(const jr_value_t *obj, const char *name);

/* JSON pointer of v ("" for the root, "/lines/0/quantity"), written into buf (truncated to
 * size, always NUL-terminated). Returns the length it needed. */
size_t jr_pointer(const jr_value_t *v, char *buf, size_t size);
/* The same path in the dotted form used in messages: "lines[0].quantity" ("" for root). */
size_t jr_dotted(const jr_value_t *v, char *buf, size_t size);

#endif
