/* libFuzzer target: the multipart/form-data reader of the upload endpoints
 * (server/multipart.c, mp_parse), fed from memory.
 *
 * Input layout (fuzz/seeds.sh writes seeds in it):
 *   byte 0      read size: the reader hands out 1..128 bytes per call (0: all at once), so
 *               boundaries and headers are split across reads at every offset;
 *   byte 1      bit 0: a tiny upload limit (64 bytes) instead of 1 MiB, to reach the 413 paths;
 *   then        the Content-Type header value up to the first '\n' (at most 255 bytes);
 *   the rest    the request body.
 * Beyond memory safety it checks what the endpoints rely on: a parsed file never exceeds
 * the limit, text fields are NUL-terminated at their length, and the message of a 400 is
 * valid UTF-8 (the service echoes it in a JSON error body). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_check.h"
#include "multipart.h"

typedef struct {
    const uint8_t *p;
    size_t left, step;
} feed_t;

static long feed_read(void *ud, void *buf, size_t n)
{
    feed_t *f = ud;
    size_t k = f->left < n ? f->left : n;
    if (f->step && k > f->step)
        k = f->step;
    memcpy(buf, f->p, k);
    f->p += k;
    f->left -= k;
    return (long)k;
}

static void check_form(const mp_form_t *form, size_t max_file)
{
    size_t i;
    if (form->file_len > max_file)
        fz_die("mp_parse accepted a file larger than the limit", form->filename);
    if (form->file_len && !form->file)
        fz_die("mp_parse: file_len without file bytes", NULL);
    if (form->n_text > MP_MAX_TEXT_FIELDS)
        fz_die("mp_parse: more text fields than MP_MAX_TEXT_FIELDS", NULL);
    if (!memchr(form->filename, '\0', sizeof form->filename) ||
        !memchr(form->file_type, '\0', sizeof form->file_type))
        fz_die("mp_parse: filename or type not NUL-terminated", NULL);
    for (i = 0; i < form->n_text; i++) {
        const mp_text_t *t = &form->text[i];
        if (!memchr(t->name, '\0', sizeof t->name) || !t->value || t->value[t->len] != '\0' ||
            t->len > MP_TEXT_MAX)
            fz_die("mp_parse: a text field is not a bounded NUL-terminated value", t->name);
        if (mp_text(form, t->name) != t->value)
            fz_die("mp_text does not find a parsed field", t->name);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    char ct[256], msg[512];
    const uint8_t *nl;
    size_t ct_len, max_file;
    feed_t f;
    mp_form_t form;
    int rc;
    if (len < 2)
        return 0;
    f.step = data[0] > 128 ? 0 : data[0];
    max_file = (data[1] & 1) ? 64 : (size_t)1 << 20;
    data += 2, len -= 2;
    nl = memchr(data, '\n', len < sizeof ct ? len : sizeof ct);
    if (!nl)
        return 0;
    ct_len = (size_t)(nl - data);
    memcpy(ct, data, ct_len);
    ct[ct_len] = '\0';
    f.p = nl + 1;
    f.left = len - ct_len - 1;

    (void)mp_is_multipart(ct);
    rc = mp_parse(ct, feed_read, &f, "file", max_file, &form, msg, sizeof msg);
    if (rc == MP_OK)
        check_form(&form, max_file);
    else if (rc == MP_BAD || rc == MP_TOO_LARGE)
        fz_check_utf8("the multipart error message", msg, strnlen(msg, sizeof msg));
    else
        fz_die("mp_parse returned a status other than 0, 400 or 413", NULL);
    mp_form_clear(&form);
    return 0;
}
