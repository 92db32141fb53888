/* Streaming multipart/form-data reader for the upload endpoints: one file part, kept in a
 * buffer bounded by the upload limit, plus a few small text fields (profile, tier). The
 * parser pulls bytes through a read callback, so it works on a CivetWeb connection and on
 * memory alike, and it stops reading as soon as a limit is exceeded. */
#ifndef EINV_MULTIPART_H
#define EINV_MULTIPART_H

#include <stddef.h>

#define MP_MAX_TEXT_FIELDS 8        /* distinct small fields kept (others are skipped) */
#define MP_TEXT_MAX 4096            /* bytes per text field */
#define MP_HEADERS_MAX 8192         /* bytes of headers per part */
#define MP_OVERHEAD 65536           /* body bytes allowed beyond the file limit */

/* Outcome of a parse; the values are the HTTP statuses to answer with. */
enum { MP_OK = 0, MP_BAD = 400, MP_TOO_LARGE = 413 };

typedef struct mp_text {
    char name[64];
    char *value;                    /* NUL-terminated, malloc'd */
    size_t len;
} mp_text_t;

typedef struct mp_form {
    int has_file;
    unsigned char *file;            /* malloc'd (NULL when empty) */
    size_t file_len;
    char filename[256];             /* as sent (may be "") */
    char file_type[128];            /* Content-Type of the file part (may be "") */
    mp_text_t text[MP_MAX_TEXT_FIELDS];
    size_t n_text;
} mp_form_t;

/* Read up to n bytes into buf: returns the count, 0 at the end of the body, < 0 on error. */
typedef long (*mp_read_fn)(void *ud, void *buf, size_t n);

/* Parse a multipart/form-data body. content_type: the request's Content-Type (its boundary
 * parameter is used); file_field: the name of the file part ("file"); max_file: the upload
 * limit. Fields other than the file are kept as text fields (up to MP_TEXT_MAX bytes each,
 * longer → MP_BAD); a second file part or a repeated text field → MP_BAD. Returns MP_OK,
 * MP_BAD (msg says what is wrong, naming the field where there is one) or MP_TOO_LARGE
 * (as soon as the file part, or the whole body, passes its bound; nothing more is read).
 * out is filled on MP_OK and must be cleared with mp_form_clear in every case. */
int mp_parse(const char *content_type, mp_read_fn rd, void *ud, const char *file_field,
             size_t max_file, mp_form_t *out, char *msg, size_t msglen);

/* Value of a text field, or NULL when absent. (transfer none) */
const char *mp_text(const mp_form_t *f, const char *name);
/* 1 when ct is multipart/form-data (case-insensitive, parameters ignored). */
int mp_is_multipart(const char *ct);
void mp_form_clear(mp_form_t *f);

struct einv_req;
/* Read the current request's multipart body from its connection: checks Content-Length
 * against max_file + MP_OVERHEAD first (413 without reading anything), then parses as
 * mp_parse does. Returns 0 with out filled (clear it with mp_form_clear), or the HTTP
 * status to answer (400, 413) with msg saying why; nothing is sent, so the caller can add
 * its headers. A request that is not multipart/form-data is a 400 naming the missing
 * 'file' part. */
int multipart_read(struct einv_req *r, const char *file_field, size_t max_file, mp_form_t *out,
                   char *msg, size_t msglen);

#endif
