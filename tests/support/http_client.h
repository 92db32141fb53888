/* A tiny blocking HTTP/1.1 client for the service integration tests: one request per TCP
 * connection to 127.0.0.1 (Connection: close), plus a multipart/form-data body builder.
 *
 * Usage:
 *     hc_response_t res;
 *     hc_request(port, "GET", "/api/v1/account", "Authorization: Bearer svc_live_...\r\n",
 *                NULL, 0, &res);
 *     CU_ASSERT_EQUAL(res.status, 200);
 *     json_object *o = json_tokener_parse(res.body);        // body is NUL-terminated
 *     char v[64]; hc_header(&res, "X-Quota-Remaining", v, sizeof v);
 *     hc_response_free(&res);
 *
 *     hc_multipart_t *mp = hc_mp_new();
 *     hc_mp_field(mp, "profile", "EN16931");
 *     hc_mp_file(mp, "file", "invoice.xml", "application/xml", xml, strlen(xml));
 *     hc_request_auth(port, "POST", "/api/v1/invoices/validate", key,
 *                     hc_mp_content_type(mp), hc_mp_data(mp), hc_mp_len(mp), &res);
 *     hc_mp_free(mp);
 *
 *     hc_raw(port, bytes, n, &res);     // hand-made (hostile) requests, sent as they are
 *
 * All functions are thread-safe (no shared state), so tests may fire concurrent requests
 * from several threads. A response that does not arrive within 60 s counts as failure. */
#ifndef TESTS_HTTP_CLIENT_H
#define TESTS_HTTP_CLIENT_H

#include <stddef.h>

typedef struct hc_response {
    int status;             /* HTTP status, or -1 when the request failed (see error) */
    char *headers;          /* raw header lines after the status line, "Name: value\r\n"... */
    char *body;             /* body, de-chunked, always NUL-terminated (NULL only on failure) */
    size_t body_len;
    char error[128];        /* why status is -1 */
} hc_response_t;

/* Send one request to 127.0.0.1:port. headers: NULL or extra lines "Name: value\r\n"
 * (Host, Content-Length and Connection: close are added). body may be NULL (len 0); with a
 * body, Content-Length is always sent. Fills out (free with hc_response_free). Returns
 * out->status. */
int hc_request(int port, const char *method, const char *path, const char *headers,
               const void *body, size_t len, hc_response_t *out);
/* Same with "Authorization: Bearer <token>" (token NULL: none) and Content-Type
 * (content_type NULL: none). */
int hc_request_auth(int port, const char *method, const char *path, const char *token,
                    const char *content_type, const void *body, size_t len, hc_response_t *out);
/* JSON helper: Bearer token (may be NULL) and a JSON text body (may be NULL for none). */
int hc_json(int port, const char *method, const char *path, const char *token,
            const char *json, hc_response_t *out);
/* Send raw bytes as they are (the caller writes the whole request) and read the answer.
 * The server may answer and close before everything is sent (413): sending stops quietly
 * and the answer is still read. */
int hc_raw(int port, const void *data, size_t len, hc_response_t *out);
/* Value of a response header (case-insensitive name) into buf; returns buf, or NULL when
 * absent. */
const char *hc_header(const hc_response_t *r, const char *name, char *buf, size_t size);
void hc_response_free(hc_response_t *r);

/* multipart/form-data builder (transfer full: hc_mp_free). */
typedef struct hc_multipart hc_multipart_t;
hc_multipart_t *hc_mp_new(void);
/* A plain text field. */
void hc_mp_field(hc_multipart_t *m, const char *name, const char *value);
/* A file part; filename and content_type may be NULL (then left out). */
void hc_mp_file(hc_multipart_t *m, const char *name, const char *filename,
                const char *content_type, const void *data, size_t len);
/* "multipart/form-data; boundary=..." (transfer none). */
const char *hc_mp_content_type(const hc_multipart_t *m);
/* The finished body (closing boundary added on first call; add no parts afterwards). */
const void *hc_mp_data(hc_multipart_t *m);
size_t hc_mp_len(hc_multipart_t *m);
void hc_mp_free(hc_multipart_t *m);

#endif
