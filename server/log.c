/* The logger of einvoiced (log.h): level filter, text or JSON lines, one write(2) per line.
 * Text:  <ts> <LEVEL> <component>: <msg> key=value... request_id=<id>
 * JSON:  {"ts":..,"level":"info","component":..,"msg":..,"request_id":..,<fields>}
 * Whatever a client sent (paths, ids) may reach a line: text lines get control characters
 * replaced, JSON strings are escaped and malformed UTF-8 replaced, so a hostile request can
 * neither forge a line nor break the JSON. */
#define _GNU_SOURCE
#include "log.h"
#include "http.h"

#include <einvoice/json_strict.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define LINE_MAX_BYTES 8192

static int g_level = ELOG_INFO;
static int g_json;

static const char *const LEVEL_TEXT[] = {"ERROR", "WARN", "INFO", "DEBUG"};
static const char *const LEVEL_JSON[] = {"error", "warn", "info", "debug"};

void log_setup(int level, int json)
{
    g_level = level < ELOG_ERROR ? ELOG_ERROR : level > ELOG_DEBUG ? ELOG_DEBUG : level;
    g_json = json != 0;
}

int log_level_parse(const char *s)
{
    int i;
    for (i = 0; s && i < 4; i++)
        if (strcasecmp(s, LEVEL_JSON[i]) == 0)
            return i;
    if (s && strcasecmp(s, "warning") == 0)
        return ELOG_WARN;
    return -1;
}

int log_format_parse(const char *s)
{
    if (s && strcasecmp(s, "text") == 0)
        return 0;
    if (s && strcasecmp(s, "json") == 0)
        return 1;
    return -1;
}

int log_enabled(int level) { return level <= g_level; }

/* ---- a bounded line buffer: appends never overflow, the end is kept for the newline ---- */

typedef struct line {
    char b[LINE_MAX_BYTES];
    size_t n;
} line_t;

/* Each string is cut to its own budget (the message 3000 bytes, a field 400, at most
 * MAX_FIELDS fields), so a line never reaches the buffer's end and a JSON line is always
 * complete; room() is only the last guard. */
#define MSG_BUDGET 3000
#define FIELD_BUDGET 400
#define MAX_FIELDS 8

static size_t room(const line_t *l) { return l->n + 8 < sizeof l->b ? sizeof l->b - 8 - l->n : 0; }

static void put_raw(line_t *l, const char *s, size_t len)
{
    if (len > room(l))
        len = room(l);
    memcpy(l->b + l->n, s, len);
    l->n += len;
}

static void put(line_t *l, const char *s) { put_raw(l, s, strlen(s)); }

/* Text: control characters (line breaks above all) become '?'. */
static void put_text(line_t *l, const char *s, size_t budget)
{
    size_t end = l->n + budget;
    for (; s && *s && room(l) > 0 && l->n < end; s++) {
        unsigned char c = (unsigned char)*s;
        l->b[l->n++] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
}

/* Length of the well-formed UTF-8 sequence at s (1..4), 0 when malformed (the SDK's
 * checker, on at most the sequence's own bytes). */
static int utf8_len(const unsigned char *s)
{
    size_t n = s[0] < 0x80 ? 1 : s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
    return einv_utf8_valid(s, strnlen((const char *)s, n)) >= n ? (int)n : 0;
}

/* A JSON string, quoted and escaped, of at most budget bytes; malformed UTF-8 becomes
 * U+FFFD. */
static void put_json_str(line_t *l, const char *s, size_t budget)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    size_t end = l->n + budget;
    put(l, "\"");
    while (*p && room(l) > 8 && l->n + 8 < end) {
        int k;
        char esc[8];
        if (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\') {
            /* the common case: a run of plain ASCII, copied at once */
            const unsigned char *q = p;
            size_t lim = room(l) - 8 < end - l->n - 8 ? room(l) - 8 : end - l->n - 8;
            while (*q >= 0x20 && *q < 0x7f && *q != '"' && *q != '\\' && (size_t)(q - p) < lim)
                q++;
            put_raw(l, (const char *)p, (size_t)(q - p));
            p = q;
            continue;
        }
        k = utf8_len(p);
        if (*p == '"' || *p == '\\') {
            esc[0] = '\\';
            esc[1] = (char)*p;
            put_raw(l, esc, 2);
            p++;
        } else if (*p < 0x20 || *p == 0x7f) {
            snprintf(esc, sizeof esc, "\\u%04x", *p);
            put(l, esc);
            p++;
        } else if (k == 0) {
            put(l, "\\ufffd");
            p++;
        } else {
            put_raw(l, (const char *)p, (size_t)k);
            p += k;
        }
    }
    put(l, "\"");
}

static void put_value(line_t *l, const log_field_t *f)
{
    char num[48];
    if (f->type == ELOG_INT)
        snprintf(num, sizeof num, "%lld", f->i);
    else if (f->type == ELOG_MS)
        snprintf(num, sizeof num, "%.3f", f->ms);
    if (f->type == ELOG_STR) {
        if (g_json)
            put_json_str(l, f->s, FIELD_BUDGET);
        else
            put_text(l, f->s, FIELD_BUDGET);
    } else
        put(l, num);
}

/* Write the whole line; a short write (a pipe that is full) goes on where it stopped. */
static void emit(const line_t *l)
{
    size_t off = 0;
    while (off < l->n) {
        ssize_t w = write(STDERR_FILENO, l->b + off, l->n - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return;
        off += (size_t)w;
    }
}

void log_fields(int level, const char *component, const char *request_id, const char *msg,
                const log_field_t *fields, size_t n)
{
    line_t l;
    char ts[40];
    size_t i;
    if (!log_enabled(level))
        return;
    if (level < ELOG_ERROR)
        level = ELOG_ERROR;
    if (n > MAX_FIELDS)
        n = MAX_FIELDS;
    l.n = 0;
    http_timestamp(ts);
    if (g_json) {
        put(&l, "{\"ts\":\"");
        put(&l, ts);
        put(&l, "\",\"level\":\"");
        put(&l, LEVEL_JSON[level]);
        put(&l, "\",\"component\":");
        put_json_str(&l, component ? component : "einvoiced", 64);
        put(&l, ",\"msg\":");
        put_json_str(&l, msg, MSG_BUDGET);
        if (request_id) {
            put(&l, ",\"request_id\":");
            put_json_str(&l, request_id, 300);
        }
        for (i = 0; i < n; i++) {
            if (fields[i].type == ELOG_STR && !fields[i].s)
                continue;
            put(&l, ",");
            put_json_str(&l, fields[i].key, 64);
            put(&l, ":");
            put_value(&l, &fields[i]);
        }
        put(&l, "}");
    } else {
        put(&l, ts);
        put(&l, " ");
        put(&l, LEVEL_TEXT[level]);
        put(&l, " ");
        put_text(&l, component ? component : "einvoiced", 64);
        put(&l, ": ");
        put_text(&l, msg, MSG_BUDGET);
        for (i = 0; i < n; i++) {
            if (fields[i].json_only || (fields[i].type == ELOG_STR && !fields[i].s))
                continue;
            put(&l, " ");
            put_text(&l, fields[i].key, 64);
            put(&l, "=");
            put_value(&l, &fields[i]);
        }
        if (request_id) {
            put(&l, " request_id=");
            put_text(&l, request_id, 300);
        }
    }
    l.b[l.n++] = '\n';   /* room() keeps 8 bytes back */
    emit(&l);
}

void log_msg(int level, const char *component, const char *request_id, const char *fmt, ...)
{
    char msg[4096];
    va_list ap;
    if (!log_enabled(level))
        return;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    log_fields(level, component, request_id, msg, NULL, 0);
}

void log_engine_sink(int level, const char *msg)
{
    /* the engine's INFO is one line per plugin loaded: detail, not news */
    log_fields(level >= ELOG_INFO ? ELOG_DEBUG : level, "engine", NULL, msg, NULL, 0);
}
