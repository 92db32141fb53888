/* The query of GET /api/v1/invoices: known parameters only, each at most once, and the
 * filters (status, profile, format, invoiceNumber, from, to) checked and normalised for the
 * store (routes_invoices_filter.h). A mistyped filter must not silently list everything, so
 * anything unknown is a 400 that names it. */
#include "routes_invoices_filter.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const KNOWN[] = {"page", "size", "sort", "status", "profile",
                                    "format", "invoiceNumber", "from", "to", "after"};
#define N_KNOWN (sizeof KNOWN / sizeof KNOWN[0])
#define KNOWN_LIST "page, size, sort, status, profile, format, invoiceNumber, from, to, after"

static const char *const STATUSES[] = {"processing", "validated", "failed_validation"};
static const char *const FORMATS[] = {"UBL", "CII", "ZUGFERD", "IDOC", "ODATA", "JSON", "PDF_EXTRACTED"};

/* A parameter name for a message: printable ASCII, cut short. */
static void echo_name(const char *in, char *out, size_t size)
{
    size_t i = 0;
    for (; *in && i + 4 < size; in++)
        out[i++] = (*in > 0x20 && *in < 0x7f) ? *in : '?';
    if (*in)
        out[i++] = '.', out[i++] = '.', out[i++] = '.';
    out[i] = 0;
}

/* Every name in the query is known and none is repeated; else a 400 naming it. */
static int check_names(einv_req_t *r)
{
    const char *q = r->ri ? r->ri->query_string : NULL;
    int seen[N_KNOWN] = {0};
    char name[64], echo[48], msg[200];
    while (q && *q) {
        size_t len = strcspn(q, "&"), nlen = strcspn(q, "=&");
        size_t i;
        int known = -1;
        if (nlen > 0) {
            /* a name longer than any known one is unknown; decode the rest */
            if (nlen >= sizeof name || mg_url_decode(q, (int)nlen, name, (int)sizeof name, 1) < 0 ||
                !name[0])
                snprintf(name, sizeof name, "%.*s", (int)(nlen < 40 ? nlen : 40), q);
            for (i = 0; i < N_KNOWN; i++)
                if (strcmp(name, KNOWN[i]) == 0)
                    known = (int)i;
            echo_name(name, echo, sizeof echo);
            if (known < 0) {
                snprintf(msg, sizeof msg, "%s: unknown query parameter (accepted: " KNOWN_LIST ")", echo);
                http_send_error(r, 400, msg, NULL);
                return -1;
            }
            if (seen[known]++) {
                snprintf(msg, sizeof msg, "%s: given more than once", echo);
                http_send_error(r, 400, msg, NULL);
                return -1;
            }
        }
        q += len;
        if (*q == '&')
            q++;
    }
    return 0;
}

/* The value of one of list (exact, or case-insensitive when fold) copied to out; 1 when
 * absent, 0 when set, -1 after a 400. */
static int one_of(einv_req_t *r, const char *name, const char *const *list, size_t n, int fold,
                  char *out, size_t size, const char *accepted)
{
    char raw[64], msg[240];
    size_t i;
    if (!http_query(r, name, raw, sizeof raw))
        return 1;
    for (i = 0; i < n; i++)
        if (fold ? strcasecmp(raw, list[i]) == 0 : strcmp(raw, list[i]) == 0) {
            snprintf(out, size, "%s", list[i]);
            return 0;
        }
    snprintf(msg, sizeof msg, "%s: must be one of %s", name, accepted);
    http_send_error(r, 400, msg, NULL);
    return -1;
}

/* The profile filter: an installed profile's name, case-insensitive. */
static int read_profile(einv_req_t *r, list_query_t *q)
{
    char raw[64], msg[400], list[200] = "";
    size_t i, n = einv_engine_profile_count(r->srv->engine), off = 0;
    if (!http_query(r, "profile", raw, sizeof raw))
        return 0;
    for (i = 0; i < n; i++) {
        const einv_profile_ops_t *p = einv_engine_profile_at(r->srv->engine, i);
        if (p && p->name && *raw && strcasecmp(p->name, raw) == 0) {
            snprintf(q->profile, sizeof q->profile, "%s", p->name);
            q->f.profile = q->profile;
            return 0;
        }
        if (p && p->name && off < sizeof list - 20)
            off += (size_t)snprintf(list + off, sizeof list - off, "%s%s", i ? ", " : "", p->name);
    }
    snprintf(msg, sizeof msg, "profile: unknown profile (installed and enabled: %s)", n ? list : "none");
    http_send_error(r, 400, msg, NULL);
    return -1;
}

/* ---- ISO 8601 dates and date-times ---- */

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
static long long days_from_civil(long long y, unsigned m, unsigned d)
{
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400;
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (long long)doe - 719468;
}

/* n digits at s as a number, or -1. */
static int digits(const char *s, int n)
{
    int v = 0, i;
    for (i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

static int days_in_month(int y, int m)
{
    static const int D[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : D[m - 1];
}

int list_query_time(const char *s, int end, long long *ms)
{
    int y, mo, d, h = 0, mi = 0, sec = 0, frac = 0, off = 0;
    const char *p;
    if (!s || strlen(s) < 10 || s[4] != '-' || s[7] != '-')
        return -1;
    y = digits(s, 4), mo = digits(s + 5, 2), d = digits(s + 8, 2);
    if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > days_in_month(y, mo))
        return -1;
    p = s + 10;
    if (!*p) {
        /* a date is its whole day */
        *ms = (days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400LL + (end ? 86399 : 0)) * 1000LL
              + (end ? 999 : 0);
        return 0;
    }
    if ((*p != 'T' && *p != 't') || (h = digits(p + 1, 2)) < 0 || p[3] != ':' || (mi = digits(p + 4, 2)) < 0)
        return -1;
    p += 6;
    if (*p == ':') {
        if ((sec = digits(p + 1, 2)) < 0)
            return -1;
        p += 3;
        if (*p == '.' || *p == ',') {
            int n = 0;
            for (p++; isdigit((unsigned char)*p); p++, n++)
                if (n < 3)
                    frac = frac * 10 + (*p - '0');
            if (n == 0)
                return -1;
            for (; n < 3; n++)
                frac *= 10;
        }
    }
    if (h > 23 || mi > 59 || sec > 59)
        return -1;
    if (*p == 'Z' || *p == 'z')
        p++;
    else if (*p == '+' || *p == '-' || *p == ' ') {
        /* ' ': a '+' that the query's form decoding turned into a space */
        int oh = digits(p + 1, 2), om = p[3] == ':' ? digits(p + 4, 2) : -1;
        if (oh < 0 || oh > 23 || om < 0 || om > 59)
            return -1;
        off = (oh * 60 + om) * (*p == '-' ? -1 : 1);
        p += 6;
    }
    if (*p)
        return -1;
    *ms = ((days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400LL + h * 3600LL + mi * 60LL + sec
            - off * 60LL) * 1000LL) + frac;
    return 0;
}

/* from / to: -1 when absent; 0 set; -1 after a 400. */
static int read_time(einv_req_t *r, const char *name, int end, long long *ms)
{
    char raw[64], msg[240];
    *ms = -1;
    if (!http_query(r, name, raw, sizeof raw))
        return 0;
    if (list_query_time(raw, end, ms) != 0) {
        snprintf(msg, sizeof msg, "%s: not an ISO 8601 date (YYYY-MM-DD) or date-time "
                 "(YYYY-MM-DDThh:mm:ss[.sss] with Z or an offset; encode + as %%2B) from 1970 on", name);
        http_send_error(r, 400, msg, NULL);
        return -1;
    }
    if (*ms < 0)
        *ms = 0;    /* an offset took it before the epoch: no invoice is older anyway */
    return 0;
}

int list_query_read(einv_req_t *r, list_query_t *q)
{
    char msg[120];
    int rc;
    memset(q, 0, sizeof *q);
    q->f.from_ms = q->f.to_ms = -1;
    if (check_names(r) != 0)
        return -1;
    rc = one_of(r, "status", STATUSES, 3, 0, q->status, sizeof q->status,
                "processing, validated, failed_validation");
    if (rc < 0)
        return -1;
    q->f.status = rc == 0 ? q->status : NULL;
    rc = one_of(r, "format", FORMATS, sizeof FORMATS / sizeof FORMATS[0], 1, q->format, sizeof q->format,
                "UBL, CII, ZUGFERD, IDOC, ODATA, JSON, PDF_EXTRACTED");
    if (rc < 0)
        return -1;
    q->f.format = rc == 0 ? q->format : NULL;
    if (read_profile(r, q) != 0)
        return -1;
    if (http_query(r, "invoiceNumber", q->number, sizeof q->number)) {
        if (!q->number[0] || strlen(q->number) > 512) {
            http_send_error(r, 400, "invoiceNumber: must be 1 to 512 bytes", NULL);
            return -1;
        }
        q->f.invoice_number = q->number;
    }
    if (read_time(r, "from", 0, &q->f.from_ms) != 0 || read_time(r, "to", 1, &q->f.to_ms) != 0)
        return -1;
    if (q->f.from_ms >= 0 && q->f.to_ms >= 0 && q->f.from_ms > q->f.to_ms) {
        snprintf(msg, sizeof msg, "from: later than to");
        http_send_error(r, 400, msg, NULL);
        return -1;
    }
    if (http_query(r, "after", q->after, sizeof q->after)) {
        /* keyset paging; the route checks that the invoice is the caller's */
        if (!http_is_uuid(q->after)) {
            http_send_error(r, 400, "after: not a valid UUID", NULL);
            return -1;
        }
        q->f.after = q->after;
    }
    return 0;
}
