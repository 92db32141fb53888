/* The logger of einvoiced: one line per event on stderr, filtered by level
 * (EINV_LOG_LEVEL) and written as text or as one JSON object per line (EINV_LOG_FORMAT).
 * Every line about a request carries its request id. Thread-safe: a line is formatted on
 * the caller's stack and written with one write(2), so lines of concurrent threads never
 * interleave; nothing is locked. */
#ifndef EINV_SERVER_LOG_H
#define EINV_SERVER_LOG_H

#include <stddef.h>

/* Levels, the SDK's numbers (include/einvoice/plugin.h): lower is more severe. */
enum { ELOG_ERROR = 0, ELOG_WARN = 1, ELOG_INFO = 2, ELOG_DEBUG = 3 };

/* A structured field of a line. In the JSON format every field is a member of the object;
 * in the text format "key=value" follows the message, unless json_only (fields the text
 * message already says). */
typedef enum { ELOG_STR = 0, ELOG_INT = 1, ELOG_MS = 2 } log_type_t;
typedef struct log_field {
    const char *key;
    log_type_t type;
    const char *s;          /* ELOG_STR; NULL: the field is left out */
    long long i;            /* ELOG_INT */
    double ms;              /* ELOG_MS: milliseconds, written with 3 decimals */
    int json_only;
} log_field_t;

/* Set the level and format (called once at start, before any thread logs). level: ELOG_*;
 * json: 1 for JSON lines. Until called: info, text. */
void log_setup(int level, int json);
/* Parse "error|warn|info|debug" (case-insensitive); -1 when it is none of them. */
int log_level_parse(const char *s);
/* Parse "text|json"; 1 json, 0 text, -1 neither. */
int log_format_parse(const char *s);
/* 1 when lines of this level are written (callers skip building costly fields). */
int log_enabled(int level);

/* One line: component names the part of the server ("einvoiced", "worker", "access",
 * "store", "engine", "civetweb"); request_id may be NULL (no request). */
void log_msg(int level, const char *component, const char *request_id, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The same with fields (msg is taken as it is). */
void log_fields(int level, const char *component, const char *request_id, const char *msg,
                const log_field_t *fields, size_t n);

/* The engine's log sink (einv_engine_set_log): its lines under component "engine", its
 * INFO lines (each plugin loaded) at debug. */
void log_engine_sink(int level, const char *msg);

#endif
