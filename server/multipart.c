/* Streaming multipart/form-data parser (RFC 7578 / RFC 2046) used by the upload endpoints.
 * Bytes are pulled through a callback into a fixed 64 KiB window; part bodies are handed
 * on as they arrive, so memory stays bounded by the upload limit and reading stops the
 * moment a limit is passed (the caller answers 413 without draining the rest). */
#include "multipart.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http.h"
#include "http_json.h"

#define WIN 65536

typedef struct mp_state {
    mp_read_fn rd;
    void *ud;
    unsigned char buf[WIN];
    size_t len;                     /* bytes held in buf */
    int eof;
    size_t total;                   /* body bytes read so far */
    size_t max_total;
    size_t max_file;
    char delim[80];                 /* "\r\n--" boundary */
    size_t dlen;
    const char *file_field;
    mp_form_t *form;
    char *msg;
    size_t msglen;
    /* the part being read */
    enum { PART_FILE, PART_TEXT, PART_SKIP } kind;
    mp_text_t *text;
    size_t file_cap;
} mp_state_t;

static int fail(mp_state_t *s, int code, const char *fmt, const char *arg)
{
    /* arg may be the client's field name: the message is echoed in a JSON answer */
    if (s->msg && s->msglen) {
        snprintf(s->msg, s->msglen, fmt, arg ? arg : "");
        http_text_repair(s->msg);
    }
    return code;
}

static size_t find(const unsigned char *h, size_t hl, const char *n, size_t nl)
{
    size_t i;
    if (nl == 0 || hl < nl)
        return (size_t)-1;
    for (i = 0; i + nl <= hl; i++) {
        const unsigned char *p = memchr(h + i, (unsigned char)n[0], hl - nl + 1 - i);
        if (!p)
            return (size_t)-1;
        i = (size_t)(p - h);
        if (memcmp(p, n, nl) == 0)
            return i;
    }
    return (size_t)-1;
}

/* Read more bytes into the window. Returns MP_OK (maybe at eof), MP_BAD on a read error,
 * MP_TOO_LARGE when the body passes its overall bound. */
static int fill(mp_state_t *s)
{
    long n;
    if (s->eof || s->len >= WIN)
        return MP_OK;
    n = s->rd(s->ud, s->buf + s->len, WIN - s->len);
    if (n < 0)
        return fail(s, MP_BAD, "multipart: the request body could not be read%s", NULL);
    if (n == 0) {
        s->eof = 1;
        return MP_OK;
    }
    s->len += (size_t)n;
    s->total += (size_t)n;
    if (s->total > s->max_total)
        return fail(s, MP_TOO_LARGE, "the request body exceeds the configured upload limit%s", NULL);
    return MP_OK;
}

static void consume(mp_state_t *s, size_t n)
{
    memmove(s->buf, s->buf + n, s->len - n);
    s->len -= n;
}

/* Parse a header parameter (name="value" or name=token) out of a header value. */
static int header_param(const char *v, const char *name, char *out, size_t size)
{
    size_t nl = strlen(name);
    const char *p = v;
    while ((p = strchr(p, ';')) != NULL) {
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncasecmp(p, name, nl) == 0) {
            const char *q = p + nl;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q != '=')
                continue;
            q++;
            while (*q == ' ' || *q == '\t')
                q++;
            size_t k = 0;
            if (*q == '"') {
                q++;
                while (*q && *q != '"') {
                    if (*q == '\\' && q[1])
                        q++;
                    if (k + 1 < size)
                        out[k++] = *q;
                    q++;
                }
                if (*q != '"')
                    return 0;
            } else {
                while (*q && *q != ';' && *q != ' ' && *q != '\t') {
                    if (k + 1 < size)
                        out[k++] = *q;
                    q++;
                }
            }
            out[k] = '\0';
            return 1;
        }
    }
    return 0;
}

int mp_is_multipart(const char *ct)
{
    static const char mt[] = "multipart/form-data";
    if (!ct)
        return 0;
    while (*ct == ' ')
        ct++;
    return strncasecmp(ct, mt, sizeof mt - 1) == 0 &&
           (ct[sizeof mt - 1] == '\0' || ct[sizeof mt - 1] == ';' || ct[sizeof mt - 1] == ' ');
}

const char *mp_text(const mp_form_t *f, const char *name)
{
    size_t i;
    for (i = 0; i < f->n_text; i++)
        if (strcmp(f->text[i].name, name) == 0)
            return f->text[i].value;
    return NULL;
}

void mp_form_clear(mp_form_t *f)
{
    size_t i;
    if (!f)
        return;
    free(f->file);
    for (i = 0; i < f->n_text; i++)
        free(f->text[i].value);
    memset(f, 0, sizeof *f);
}

/* Headers of one part (NUL-terminated copy in h): pick the field name and kind. */
static int begin_part(mp_state_t *s, char *h)
{
    char name[256] = "", filename[256] = "", ctype[128] = "";
    int has_disp = 0, has_filename = 0;
    char *line = h, *next;
    for (; line && *line; line = next) {
        next = strstr(line, "\r\n");
        if (next) {
            *next = '\0';
            next += 2;
        }
        char *colon = strchr(line, ':');
        if (!colon)
            return fail(s, MP_BAD, "multipart: malformed part header%s", NULL);
        *colon = '\0';
        char *val = colon + 1;
        while (*val == ' ' || *val == '\t')
            val++;
        if (strcasecmp(line, "Content-Disposition") == 0) {
            if (strncasecmp(val, "form-data", 9) != 0)
                return fail(s, MP_BAD, "multipart: a part is not form-data%s", NULL);
            has_disp = 1;
            if (!header_param(val, "name", name, sizeof name))
                return fail(s, MP_BAD, "multipart: a part has no name%s", NULL);
            has_filename = header_param(val, "filename", filename, sizeof filename);
        } else if (strcasecmp(line, "Content-Type") == 0) {
            snprintf(ctype, sizeof ctype, "%s", val);
        }
    }
    if (!has_disp)
        return fail(s, MP_BAD, "multipart: a part has no Content-Disposition%s", NULL);
    if (strcmp(name, s->file_field) == 0) {
        if (s->form->has_file)
            return fail(s, MP_BAD, "%s: more than one file part", s->file_field);
        s->form->has_file = 1;
        snprintf(s->form->filename, sizeof s->form->filename, "%s", filename);
        snprintf(s->form->file_type, sizeof s->form->file_type, "%s", ctype);
        s->kind = PART_FILE;
        return MP_OK;
    }
    if (has_filename || strlen(name) >= sizeof s->text[0].name) {
        s->kind = PART_SKIP;        /* other uploads are not ours: skip their bytes */
        return MP_OK;
    }
    if (mp_text(s->form, name))
        return fail(s, MP_BAD, "%s: the field is given more than once", name);
    if (s->form->n_text >= MP_MAX_TEXT_FIELDS) {
        s->kind = PART_SKIP;
        return MP_OK;
    }
    s->text = &s->form->text[s->form->n_text++];
    snprintf(s->text->name, sizeof s->text->name, "%.*s", (int)sizeof s->text->name - 1, name);
    s->text->value = calloc(1, 1);
    if (!s->text->value)
        return fail(s, MP_BAD, "out of memory%s", NULL);
    s->kind = PART_TEXT;
    return MP_OK;
}

/* Hand n body bytes of the current part on. */
static int sink(mp_state_t *s, const unsigned char *p, size_t n)
{
    if (n == 0)
        return MP_OK;
    if (s->kind == PART_FILE) {
        mp_form_t *f = s->form;
        if (f->file_len + n > s->max_file)
            return fail(s, MP_TOO_LARGE, "%s: the upload exceeds the configured limit", s->file_field);
        if (f->file_len + n > s->file_cap) {
            size_t cap = s->file_cap ? s->file_cap : 65536;
            while (cap < f->file_len + n)
                cap *= 2;
            if (cap > s->max_file)
                cap = s->max_file;
            unsigned char *nb = realloc(f->file, cap);
            if (!nb)
                return fail(s, MP_TOO_LARGE, "%s: the upload is too large for this server", s->file_field);
            f->file = nb;
            s->file_cap = cap;
        }
        memcpy(f->file + f->file_len, p, n);
        f->file_len += n;
    } else if (s->kind == PART_TEXT) {
        mp_text_t *t = s->text;
        if (t->len + n > MP_TEXT_MAX)
            return fail(s, MP_BAD, "%s: the field is too long", t->name);
        char *nv = realloc(t->value, t->len + n + 1);
        if (!nv)
            return fail(s, MP_BAD, "out of memory%s", NULL);
        memcpy(nv + t->len, p, n);
        t->len += n;
        nv[t->len] = '\0';
        t->value = nv;
    }
    return MP_OK;
}

int mp_parse(const char *content_type, mp_read_fn rd, void *ud, const char *file_field,
             size_t max_file, mp_form_t *out, char *msg, size_t msglen)
{
    mp_state_t *s;
    char boundary[128];
    int rc = MP_OK;
    enum { PREAMBLE, AFTER_DELIM, HEADERS, BODY, DONE } st = PREAMBLE;
    memset(out, 0, sizeof *out);
    if (msg && msglen)
        msg[0] = '\0';
    if (!mp_is_multipart(content_type)) {
        if (msg && msglen)
            snprintf(msg, msglen, "%s: the request must be multipart/form-data with a '%s' part",
                     file_field, file_field);
        return MP_BAD;
    }
    if (!header_param(content_type, "boundary", boundary, sizeof boundary) || !boundary[0] ||
        strlen(boundary) > 70) {
        if (msg && msglen)
            snprintf(msg, msglen, "multipart: the Content-Type has no valid boundary");
        return MP_BAD;
    }
    s = calloc(1, sizeof *s);
    if (!s)
        return MP_BAD;
    s->rd = rd;
    s->ud = ud;
    s->max_file = max_file;
    s->max_total = max_file + MP_OVERHEAD;
    s->file_field = file_field;
    s->form = out;
    s->msg = msg;
    s->msglen = msglen;
    s->dlen = (size_t)snprintf(s->delim, sizeof s->delim, "\r\n--%s", boundary);
    /* the first delimiter may open the body without a CRLF: pretend one was there */
    s->buf[0] = '\r';
    s->buf[1] = '\n';
    s->len = 2;

    while (st != DONE && rc == MP_OK) {
        size_t pos;
        switch (st) {
        case PREAMBLE:
            pos = find(s->buf, s->len, s->delim, s->dlen);
            if (pos != (size_t)-1) {
                consume(s, pos + s->dlen);
                st = AFTER_DELIM;
                continue;
            }
            if (s->eof) {
                rc = fail(s, MP_BAD, "multipart: the body holds no part (boundary not found)%s", NULL);
                break;
            }
            if (s->len >= s->dlen)
                consume(s, s->len - (s->dlen - 1));
            break;
        case AFTER_DELIM:
            if (s->len >= 2 && s->buf[0] == '-' && s->buf[1] == '-') {
                st = DONE;      /* close delimiter; the epilogue is ignored */
                continue;
            }
            pos = 0;
            while (pos < s->len && (s->buf[pos] == ' ' || s->buf[pos] == '\t'))
                pos++;
            if (pos + 2 <= s->len) {
                if (s->buf[pos] != '\r' || s->buf[pos + 1] != '\n') {
                    rc = fail(s, MP_BAD, "multipart: malformed boundary line%s", NULL);
                    break;
                }
                consume(s, pos + 2);
                st = HEADERS;
                continue;
            }
            if (s->eof || pos > 256) {
                rc = fail(s, MP_BAD, "multipart: the body ends without a closing boundary%s", NULL);
                break;
            }
            break;
        case HEADERS: {
            size_t hend;
            if (s->len >= 2 && s->buf[0] == '\r' && s->buf[1] == '\n')
                hend = 0;
            else {
                pos = find(s->buf, s->len, "\r\n\r\n", 4);
                hend = pos == (size_t)-1 ? (size_t)-1 : pos + 2;
            }
            if (hend == (size_t)-1) {
                if (s->len > MP_HEADERS_MAX) {
                    rc = fail(s, MP_BAD, "multipart: part headers are too long%s", NULL);
                    break;
                }
                if (s->eof) {
                    rc = fail(s, MP_BAD, "multipart: the body ends inside part headers%s", NULL);
                    break;
                }
                break;
            }
            if (hend > MP_HEADERS_MAX || memchr(s->buf, '\0', hend)) {
                rc = fail(s, MP_BAD, "multipart: malformed part headers%s", NULL);
                break;
            }
            char *h = malloc(hend + 1);
            if (!h) {
                rc = fail(s, MP_BAD, "out of memory%s", NULL);
                break;
            }
            memcpy(h, s->buf, hend);
            h[hend] = '\0';
            rc = begin_part(s, h);
            free(h);
            consume(s, hend + 2);
            st = BODY;
            continue;
        }
        case BODY:
            pos = find(s->buf, s->len, s->delim, s->dlen);
            if (pos != (size_t)-1) {
                rc = sink(s, s->buf, pos);
                consume(s, pos + s->dlen);
                st = AFTER_DELIM;
                continue;
            }
            if (s->eof) {
                rc = fail(s, MP_BAD, "multipart: the body ends inside a part (no closing boundary)%s", NULL);
                break;
            }
            if (s->len >= s->dlen) {
                size_t n = s->len - (s->dlen - 1);
                rc = sink(s, s->buf, n);
                consume(s, n);
            }
            break;
        case DONE:
            break;
        }
        if (rc != MP_OK || st == DONE)
            break;
        /* every state that did not `continue` needs more bytes */
        if (s->eof) {
            rc = fail(s, MP_BAD, "multipart: the body ends unexpectedly%s", NULL);
            break;
        }
        rc = fill(s);
    }
    free(s);
    return rc;
}

/* ---- on a CivetWeb connection ---- */

static long conn_read(void *ud, void *buf, size_t n)
{
    int k = mg_read((struct mg_connection *)ud, buf, n);
    return k < 0 ? -1 : (long)k;
}

int multipart_read(einv_req_t *r, const char *file_field, size_t max_file, mp_form_t *out,
                   char *msg, size_t msglen)
{
    const char *ct = mg_get_header(r->conn, "Content-Type");
    int rc;
    memset(out, 0, sizeof *out);
    if (msglen)
        msg[0] = '\0';
    if (r->ri->content_length > 0 && (unsigned long long)r->ri->content_length > max_file + MP_OVERHEAD) {
        snprintf(msg, msglen, "%s: the upload exceeds the configured limit of %zu bytes", file_field, max_file);
        return MP_TOO_LARGE;
    }
    rc = mp_parse(ct, conn_read, r->conn, file_field, max_file, out, msg, msglen);
    if (rc == MP_OK)
        return 0;
    mp_form_clear(out);
    if (msglen && !msg[0])
        snprintf(msg, msglen, "malformed multipart body");
    return rc;
}
