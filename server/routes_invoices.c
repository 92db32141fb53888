/* The submit endpoints of the invoice API (API.md "Endpoints"):
 *   POST /api/v1/invoices/validate        multipart: file (UBL/CII XML or ZUGFeRD PDF), profile
 *   POST /api/v1/invoices/validate/idoc   multipart: file (IDoc XML), profile
 *   POST /api/v1/invoices/validate/odata  ?profile=P, JSON body (OData V2 entity, with or without "d")
 *   POST /api/v1/invoices                 JSON body: canonical model incl. validationProfile
 *   POST /api/v1/invoices/extract         multipart: file (PDF), profile (EN16931), tier (FAST|ACCURATE)
 * Every submit runs the decided order of checks: 401 → 400 (request shape, unknown profile
 * or tier) → 413/415 → 501 (format module not enabled) → 403 (plan) → 503 (queue full) →
 * 429 (quota, atomically inside store_submit) → 202 {id, status} with the X-Quota-* headers.
 * Sandbox keys take the same 401/400/413/415/501 path, skip plan, queue and quota, and are
 * stored final at once with a canned verdict. The worker pool does the validation. The
 * read endpoints live in routes_invoices_read.c. */
#define _GNU_SOURCE
#include "http.h"
#include "http_json.h"
#include "log.h"
#include "multipart.h"
#include "quota.h"
#include "sniff.h"

#include <ctype.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* routes_invoices_read.c: GET one, list, downloads. */
void routes_invoices_read_register(void);
void routes_report_register(void);

/* The verdict every sandbox submit gets (API.md "Sandbox keys"). */
static const char SANDBOX_RESULT[] =
    "{\"valid\":true,\"errors\":[],\"kositResult\":{\"valid\":true,\"errors\":[]}}";

/* The canned canonical invoice of sandbox submits: a complete, valid EN 16931 invoice.
 * Only validationProfile follows the request, so the stored invoice is self-consistent. */
static const char SANDBOX_CANONICAL_FMT[] =
    "{\"invoiceNumber\":\"SANDBOX-0001\",\"issueDate\":\"2026-01-15\",\"typeCode\":\"380\","
    "\"currency\":\"EUR\",\"dueDate\":\"2026-02-14\",\"buyerReference\":\"SANDBOX-PO-1\","
    "\"notes\":[{\"text\":\"Sandbox invoice: canned data, not derived from the upload.\"}],"
    "\"processControl\":{\"specificationId\":\"urn:cen.eu:en16931:2017\"},"
    "\"supplier\":{\"name\":\"Sandbox Supplier GmbH\",\"vatId\":\"DE123456789\",\"leitwegId\":null,"
    "\"electronicAddress\":{\"value\":\"billing@supplier.example\",\"scheme\":\"EM\"},"
    "\"address\":{\"line1\":\"Hafenstrasse 12\",\"city\":\"Hamburg\",\"postalCode\":\"20457\",\"countryCode\":\"DE\"}},"
    "\"buyer\":{\"name\":\"Sandbox Buyer SARL\",\"vatId\":\"FR40303265045\",\"leitwegId\":null,"
    "\"electronicAddress\":{\"value\":\"ap@buyer.example\",\"scheme\":\"EM\"},"
    "\"address\":{\"line1\":\"Rue de la Paix 3\",\"city\":\"Lyon\",\"postalCode\":\"69002\",\"countryCode\":\"FR\"}},"
    "\"payment\":{\"meansCode\":\"58\",\"creditTransfers\":[{\"accountId\":\"DE89370400440532013000\"}]},"
    "\"totals\":{\"lineNetAmount\":100.00,\"taxExclusiveAmount\":100.00,\"taxAmount\":19.00,"
    "\"taxInclusiveAmount\":119.00,\"payableAmount\":119.00},"
    "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19,\"taxableAmount\":100.00,\"taxAmount\":19.00}],"
    "\"lines\":[{\"id\":\"1\",\"description\":\"Sandbox item\",\"quantity\":1,\"unit\":\"C62\","
    "\"price\":100.00,\"taxCategory\":\"S\",\"taxRate\":19,\"netAmount\":100.00}],"
    "\"validationProfile\":\"%s\"}";

/* What a submit endpoint hands to the common tail. */
typedef struct submission {
    const einv_profile_ops_t *profile;
    const char *format;         /* format plugin the job uses, NULL = detect */
    const char *api_format;     /* invoiceFormat known before processing, or NULL */
    const char *tier;           /* extract tier or NULL */
    const char *module;         /* format module this submit needs (501 without it), or NULL */
    const char *module_label;   /* its name in the 501 message */
    int pro_only_tier;          /* tier=ACCURATE */
    const void *payload;
    size_t len;
    const char *content_type;
} submission_t;

/* ---- small helpers ---- */

static int is_sandbox(const einv_req_t *r)
{
    return r->via_key && r->key.sandbox;
}

/* The X-Quota-* lines of the caller's current state (nothing is counted), so that submit
 * answers which end before the quota step carry them too; "" when no limit applies. */
static void quota_now(einv_req_t *r, char *hdr, size_t size)
{
    quota_plan_t q;
    store_quota_state_t st;
    char period[8];
    long long acc = 0, key = 0;
    int rc;
    hdr[0] = 0;
    if (!r->authenticated)
        return;
    quota_plan_for(r, &q);
    if (!q.counts || (q.key_limit < 0 && q.account_limit < 0))
        return;
    quota_period(period);
    rc = store_usage(r->srv->store, r->account.id, r->via_key ? r->key.id : NULL, period, &acc, &key);
    if (rc != EINV_OK && rc != EINV_ERR_NOTFOUND)
        return;
    st.key_used = rc == EINV_OK ? key : 0;
    st.account_used = rc == EINV_OK ? acc : 0;
    quota_headers(&q, &st, hdr, size);
}

/* An error answer of a submit endpoint (after authentication): the API error body plus
 * the quota headers where a limit applies. */
static void send_err(einv_req_t *r, int status, const char *msg, const char *extra)
{
    char q[256], hdr[512];
    quota_now(r, q, sizeof q);
    snprintf(hdr, sizeof hdr, "%s%s", q, extra ? extra : "");
    http_send_error(r, status, msg, hdr[0] ? hdr : NULL);
}

/* A printable, bounded copy of a client value for error messages. */
static void safe_echo(const char *in, char *out, size_t size)
{
    size_t i = 0;
    for (; in && *in && i + 4 < size; in++)
        out[i++] = (*in >= 0x20 && *in < 0x7f) ? *in : '?';
    if (in && *in && size > 4) {
        memcpy(out + i, "...", 3);
        i += 3;
    }
    if (size)
        out[i < size ? i : size - 1] = 0;
}

/* Trim ASCII whitespace in place; returns s. */
static char *trim(char *s)
{
    char *e;
    while (*s && isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

/* The installed profile named raw (case-insensitive), or NULL. */
static const einv_profile_ops_t *find_profile(einv_engine_t *e, const char *raw)
{
    size_t i, n = einv_engine_profile_count(e);
    for (i = 0; i < n; i++) {
        const einv_profile_ops_t *p = einv_engine_profile_at(e, i);
        if (p && p->name && strcasecmp(p->name, raw) == 0)
            return p;
    }
    return NULL;
}

/* Resolve the profile field: sends 400 and returns NULL when missing or unknown. */
static const einv_profile_ops_t *resolve_profile(einv_req_t *r, const char *field,
                                                 const char *value)
{
    char buf[64], echo[48], msg[400], list[200] = "";
    const einv_profile_ops_t *p;
    size_t i, n, off = 0;
    if (!value || strlen(value) >= sizeof buf) {
        if (value) {
            snprintf(msg, sizeof msg, "%s: unknown profile", field);
            send_err(r, 400, msg, NULL);
            return NULL;
        }
        snprintf(msg, sizeof msg, "%s: required field is missing", field);
        send_err(r, 400, msg, NULL);
        return NULL;
    }
    memcpy(buf, value, strlen(value) + 1);
    char *v = trim(buf);
    if (!*v) {
        snprintf(msg, sizeof msg, "%s: required field is missing", field);
        send_err(r, 400, msg, NULL);
        return NULL;
    }
    p = find_profile(r->srv->engine, v);
    if (p)
        return p;
    n = einv_engine_profile_count(r->srv->engine);
    for (i = 0; i < n && off < sizeof list - 20; i++) {
        const einv_profile_ops_t *q = einv_engine_profile_at(r->srv->engine, i);
        off += (size_t)snprintf(list + off, sizeof list - off, "%s%s", i ? ", " : "", q->name);
    }
    safe_echo(v, echo, sizeof echo);
    snprintf(msg, sizeof msg, "%s: unknown profile '%s' (installed and enabled: %s)", field, echo,
             n ? list : "none");
    send_err(r, 400, msg, NULL);
    return NULL;
}

/* The plugin says whether its profile needs the Pro plan (API.md "Pro-only"). */
static int needs_pro(const einv_profile_ops_t *p) { return p->requires_pro != 0; }

/* Content sniffing: enough to route and to refuse what is neither XML nor PDF. */
static int looks_pdf(const unsigned char *d, size_t n)
{
    size_t i, lim = n < 1024 ? n : 1024;    /* the header may follow junk bytes (PDF 1.7 §7.5.2) */
    for (i = 0; i + 5 <= lim; i++)
        if (memcmp(d + i, "%PDF-", 5) == 0)
            return 1;
    return 0;
}

/* The same test as the engine's (core/engine.c), so the server takes what the CLI takes: a
 * UTF-16 byte order mark says XML whatever follows (blanks, a comment, the root: the parser
 * reports what is wrong); otherwise blanks after an optional UTF-8 BOM, then '<'. */
static int is_utf16_bom(const unsigned char *d, size_t n)
{
    return n >= 2 && ((d[0] == 0xFE && d[1] == 0xFF) || (d[0] == 0xFF && d[1] == 0xFE));
}

static int looks_xml(const unsigned char *d, size_t n)
{
    size_t i = 0;
    if (is_utf16_bom(d, n))
        return 1;
    if (n >= 3 && d[0] == 0xEF && d[1] == 0xBB && d[2] == 0xBF)
        i = 3;
    while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
        i++;
    return i < n && d[i] == '<';
}

/* invoiceFormat of an XML upload told from its namespaces in the first 4 KiB, so the
 * resource says UBL or CII while it is processing (and for sandbox uploads, which never run
 * the engine); NULL when it is neither. The worker stores what the engine detects. */
static const char *xml_format_hint(const unsigned char *d, size_t n)
{
    size_t lim = n < 4096 ? n : 4096;
    unsigned char narrow[4096];
    if (is_utf16_bom(d, n)) {
        /* UTF-16: the namespace names are ASCII, one byte of each code unit holds them */
        size_t i, lo = d[0] == 0xFF ? 0 : 1;
        for (i = 0; 2 + 2 * i + 1 < n && i < sizeof narrow; i++)
            narrow[i] = d[2 + 2 * i + lo];
        d = narrow;
        lim = i;
    }
    static const char *const ubl[] = {"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
                                      "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"};
    static const char cii[] = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice";
    if (memmem(d, lim, ubl[0], strlen(ubl[0])) || memmem(d, lim, ubl[1], strlen(ubl[1])))
        return "UBL";
    if (memmem(d, lim, cii, strlen(cii)))
        return "CII";
    return NULL;
}

/* ---- the common tail: 501 → 403 → 503 → 429 → 202 ---- */

static void submit(einv_req_t *r, const submission_t *s)
{
    einv_srv_t *srv = r->srv;
    int sandbox = is_sandbox(r);
    char msg[300], id[37], period[8], hdr[256], canonical[sizeof SANDBOX_CANONICAL_FMT + 32];
    quota_plan_t q;
    store_submit_t in;
    store_quota_state_t st;
    einv_error_t err;
    int rc;

    if (s->module && !einv_engine_format(srv->engine, s->module)) {
        snprintf(msg, sizeof msg, "The %s module is not enabled on this install", s->module_label);
        send_err(r, 501, msg, NULL);
        return;
    }
    if (!sandbox) {
        if (!r->account.pro && needs_pro(s->profile)) {
            snprintf(msg, sizeof msg, "profile: %s requires the Pro plan", s->profile->name);
            send_err(r, 403, msg, NULL);
            return;
        }
        if (!r->account.pro && s->pro_only_tier) {
            send_err(r, 403, "tier: ACCURATE requires the Pro plan", NULL);
            return;
        }
        long long jobs = 0;
        /* a count at most 100 ms old plus the submits since: no count(*) per submit */
        if (srv->cfg.queue_max > 0 && store_job_count_recent(srv->store, 100, &jobs) == EINV_OK &&
            jobs >= srv->cfg.queue_max) {
            send_err(r, 503, "The work queue is full; retry later", "Retry-After: 5\r\n");
            return;
        }
    }

    memset(&in, 0, sizeof in);
    memset(&st, 0, sizeof st);
    memset(&err, 0, sizeof err);
    in.account_id = r->account.id;
    in.key_id = r->via_key ? r->key.id : NULL;
    in.profile = s->profile->name;
    in.format = s->format;
    in.api_format = s->api_format;
    in.tier = s->tier;
    in.sandbox = sandbox;
    in.payload = s->payload;
    in.payload_len = s->len;
    in.content_type = s->content_type;
    if (sandbox) {
        snprintf(canonical, sizeof canonical, SANDBOX_CANONICAL_FMT, s->profile->name);
        in.sandbox_canonical_json = canonical;
        in.sandbox_result_json = SANDBOX_RESULT;
    }
    quota_plan_for(r, &q);
    quota_fill_submit(&q, &in, period);
    rc = workers_submit(srv, &in, id, &st, &err);  /* in-process hand-off when there is room */
    if (rc == STORE_QUOTA) {
        quota_send_exceeded(r, &q, &st);
        return;
    }
    if (rc != EINV_OK) {
        log_msg(ELOG_ERROR, "einvoiced", r->request_id, "submit failed: %s %s", err.message, err.detail);
        send_err(r, 500, "The invoice could not be stored", NULL);
        return;
    }
    quota_headers(&q, &st, hdr, sizeof hdr);
    http_send_accepted(r, id, sandbox ? "validated" : "processing", hdr);
    if (!sandbox && srv->workers)
        workers_wake(srv->workers);
}

/* ---- multipart endpoints ---- */

enum upload_kind { UP_VALIDATE, UP_IDOC, UP_EXTRACT };

static void multipart_submit(einv_req_t *r, enum upload_kind kind)
{
    mp_form_t f;
    const char *profile_raw, *tier_raw = NULL;
    const einv_profile_ops_t *profile;
    char tier[16] = "FAST";
    submission_t s;
    if (!http_authenticate(r))
        return;
    {
        char msg[300];
        int st = multipart_read(r, "file", r->srv->cfg.max_upload, &f, msg, sizeof msg);
        if (st != 0) {
            send_err(r, st, msg, NULL);
            return;
        }
    }
    profile_raw = mp_text(&f, "profile");
    if (!f.has_file && !profile_raw && kind != UP_EXTRACT) {
        send_err(r, 400, "file, profile: required fields are missing", NULL);
        goto out;
    }
    if (!f.has_file) {
        send_err(r, 400, "file: required part is missing", NULL);
        goto out;
    }
    if (kind == UP_EXTRACT && (!profile_raw || !*profile_raw))
        profile_raw = "EN16931";
    profile = resolve_profile(r, "profile", profile_raw);
    if (!profile)
        goto out;
    if (kind == UP_EXTRACT && (tier_raw = mp_text(&f, "tier")) != NULL) {
        char buf[32], echo[40], msg[120];
        snprintf(buf, sizeof buf, "%s", tier_raw);
        char *t = trim(buf);
        if (!*t || strcasecmp(t, "FAST") == 0)
            snprintf(tier, sizeof tier, "FAST");
        else if (strcasecmp(t, "ACCURATE") == 0)
            snprintf(tier, sizeof tier, "ACCURATE");
        else {
            safe_echo(tier_raw, echo, sizeof echo);
            snprintf(msg, sizeof msg, "tier: unknown tier '%s' (FAST or ACCURATE)", echo);
            send_err(r, 400, msg, NULL);
            goto out;
        }
    }
    if (f.file_len == 0) {
        send_err(r, 415, "file: the uploaded file is empty", NULL);
        goto out;
    }
    {   /* another endpoint's format: 415 naming it, before anything is stored or counted */
        static const sniff_endpoint EP[] = {SNIFF_EP_VALIDATE, SNIFF_EP_IDOC, SNIFF_EP_EXTRACT};
        char msg[400];
        if (sniff_refuse(EP[kind], "file", f.file, f.file_len, msg, sizeof msg)) {
            send_err(r, 415, msg, NULL);
            goto out;
        }
    }

    memset(&s, 0, sizeof s);
    s.profile = profile;
    s.payload = f.file;
    s.len = f.file_len;
    switch (kind) {
    case UP_VALIDATE:
        if (looks_pdf(f.file, f.file_len)) {
            s.format = "zugferd";
            s.api_format = "ZUGFERD";
            s.module = "zugferd";
            s.module_label = "ZUGFeRD/Factur-X PDF format (zugferd)";
            s.content_type = "application/pdf";
        } else if (looks_xml(f.file, f.file_len)) {
            s.format = NULL;        /* UBL or CII: the worker decides */
            /* shown while processing; the worker stores what it detects */
            s.api_format = xml_format_hint(f.file, f.file_len);
            s.content_type = "application/xml";
        } else {
            send_err(r, 415, "file: the content is neither XML (UBL, CII) nor PDF (ZUGFeRD/Factur-X)", NULL);
            goto out;
        }
        break;
    case UP_IDOC:
        if (!looks_xml(f.file, f.file_len)) {
            send_err(r, 415, "file: an IDoc must be XML (INVOIC02)", NULL);
            goto out;
        }
        s.format = "idoc";
        s.api_format = "IDOC";
        s.module = "idoc";
        s.module_label = "SAP IDoc format (idoc)";
        s.content_type = "application/xml";
        break;
    case UP_EXTRACT:
        if (!looks_pdf(f.file, f.file_len)) {
            send_err(r, 415, "file: extraction needs a PDF", NULL);
            goto out;
        }
        s.format = "pdf";
        s.api_format = "PDF_EXTRACTED";
        s.module = "pdf";
        s.module_label = "PDF extraction format (pdf)";
        s.content_type = "application/pdf";
        s.tier = tier;
        s.pro_only_tier = strcmp(tier, "ACCURATE") == 0;
        break;
    }
    submit(r, &s);
out:
    mp_form_clear(&f);
}

static void h_validate(einv_req_t *r, const char *const *p, int np)
{
    multipart_submit(r, UP_VALIDATE);
}

static void h_validate_idoc(einv_req_t *r, const char *const *p, int np)
{
    multipart_submit(r, UP_IDOC);
}

static void h_extract(einv_req_t *r, const char *const *p, int np)
{
    multipart_submit(r, UP_EXTRACT);
}

/* ---- JSON endpoints ---- */

/* Content-Type acceptable for a JSON body: absent, application/json or any +json type. */
static int json_content_type(const char *ct)
{
    const char *semi;
    size_t n;
    if (!ct || !*ct)
        return 1;
    while (*ct == ' ')
        ct++;
    semi = strchr(ct, ';');
    n = semi ? (size_t)(semi - ct) : strlen(ct);
    while (n && ct[n - 1] == ' ')
        n--;
    if (n == 16 && strncasecmp(ct, "application/json", 16) == 0)
        return 1;
    if (n > 5 && strncasecmp(ct + n - 5, "+json", 5) == 0)
        return 1;
    return 0;
}

/* Read and parse a JSON object body. Sends 400/413 and returns NULL on failure; on
 * success *raw holds the body as received (malloc'd). */
static json_object *read_json_body(einv_req_t *r, sniff_endpoint ep, char **raw, size_t *len)
{
    json_object *o;
    char msg[600];
    *raw = NULL;
    if (r->ri->content_length > 0 &&
        (unsigned long long)r->ri->content_length > (unsigned long long)r->srv->cfg.max_upload) {
        /* refused before reading, like http_read_body, but with the quota headers */
        snprintf(msg, sizeof msg, "body: the request body exceeds the configured limit of %zu bytes",
                 r->srv->cfg.max_upload);
        send_err(r, 413, msg, NULL);
        return NULL;
    }
    if (http_read_body(r, raw, len, r->srv->cfg.max_upload) != 0)
        return NULL;
    /* another endpoint's format (XML, PDF, the other JSON shape): 415 naming it */
    if (sniff_refuse(ep, "body", (const unsigned char *)*raw, *len, msg, sizeof msg)) {
        send_err(r, 415, msg, NULL);
        goto fail;
    }
    /* strict RFC 8259 before json-c: NaN, comments, duplicate names, invalid UTF-8, raw NUL
     * bytes ... are a 400 naming the place */
    o = http_json_object(*raw, *len, NULL, msg, sizeof msg);
    if (!o) {
        send_err(r, 400, msg, NULL);
        goto fail;
    }
    return o;
fail:
    free(*raw);
    *raw = NULL;
    return NULL;
}

static void refuse_content_type(einv_req_t *r)
{
    send_err(r, 415, "Content-Type: the body must be application/json", NULL);
}

/* POST /api/v1/invoices/validate/odata?profile=P */
static void h_validate_odata(einv_req_t *r, const char *const *p, int np)
{
    char qp[128], *raw = NULL;
    size_t len = 0;
    const einv_profile_ops_t *profile;
    json_object *o;
    submission_t s;
    if (!http_authenticate(r))
        return;
    if (!http_query(r, "profile", qp, sizeof qp)) {
        send_err(r, 400, "profile: required query parameter is missing", NULL);
        return;
    }
    profile = resolve_profile(r, "profile", qp);
    if (!profile)
        return;
    o = read_json_body(r, SNIFF_EP_ODATA, &raw, &len);
    if (!o)
        return;
    json_object_put(o);
    if (!json_content_type(mg_get_header(r->conn, "Content-Type"))) {
        refuse_content_type(r);
        free(raw);
        return;
    }
    memset(&s, 0, sizeof s);
    s.profile = profile;
    s.format = "odata";
    s.api_format = "ODATA";
    s.module = "odata";
    s.module_label = "SAP OData format (odata)";
    s.payload = raw;
    s.len = len;
    s.content_type = "application/json";
    submit(r, &s);
    free(raw);
}

/* The first wrong-JSON-type finding of the json format plugin (code JSON-TYPE...), as a
 * 400 message naming the field; 0 when the body has none. */
static int json_type_error(einv_req_t *r, const einv_profile_ops_t *profile, const char *raw,
                           size_t len, char *msg, size_t size)
{
    einv_validate_opts_t o;
    einv_error_t err;
    einv_result_t *res;
    size_t i, n;
    int found = 0;
    memset(&o, 0, sizeof o);
    o.profile = profile->name;
    o.format = "json";
    o.limits = &r->srv->cfg.limits;
    res = einv_validate(r->srv->engine, &o, raw, len, &err);
    if (!res)
        return 0;
    n = einv_result_count(res);
    for (i = 0; i < n && !found; i++) {
        const einv_finding_t *f = einv_result_at(res, i);
        if (f->code && strncmp(f->code, "JSON-TYPE", 9) == 0) {
            snprintf(msg, size, "%s: %s", f->field && *f->field ? f->field : "body",
                     f->message ? f->message : "wrong JSON type");
            found = 1;
        }
    }
    einv_result_free(res);
    return found;
}

/* POST /api/v1/invoices: the canonical model as JSON. */
static void h_create(einv_req_t *r, const char *const *p, int np)
{
    char *raw = NULL, msg[600];
    size_t len = 0;
    json_object *o, *vp;
    const einv_profile_ops_t *profile;
    submission_t s;
    if (!http_authenticate(r))
        return;
    o = read_json_body(r, SNIFF_EP_CANONICAL, &raw, &len);
    if (!o)
        return;
    if (!json_object_object_get_ex(o, "validationProfile", &vp) || vp == NULL) {
        json_object_put(o);
        free(raw);
        send_err(r, 400, "validationProfile: required field is missing", NULL);
        return;
    }
    if (!http_json_text(vp)) {   /* a string, and no U+0000 to cut it short */
        json_object_put(o);
        free(raw);
        send_err(r, 400, "validationProfile: must be a string (a profile name)", NULL);
        return;
    }
    profile = resolve_profile(r, "validationProfile", http_json_text(vp));
    json_object_put(o);
    if (!profile) {
        free(raw);
        return;
    }
    if (!json_content_type(mg_get_header(r->conn, "Content-Type"))) {
        refuse_content_type(r);
        free(raw);
        return;
    }
    /* wrong JSON types are request errors (400 naming the field): the json plugin tells */
    if (einv_engine_format(r->srv->engine, "json") &&
        json_type_error(r, profile, raw, len, msg, sizeof msg)) {
        free(raw);
        send_err(r, 400, msg, NULL);
        return;
    }
    memset(&s, 0, sizeof s);
    s.profile = profile;
    s.format = "json";
    s.api_format = "JSON";
    s.module = "json";
    s.module_label = "structured JSON format (json)";
    s.payload = raw;
    s.len = len;
    s.content_type = "application/json";
    submit(r, &s);
    free(raw);
}

void routes_invoices_register(void)
{
    http_route("POST", "/api/v1/invoices/validate", h_validate);
    http_route("POST", "/api/v1/invoices/validate/idoc", h_validate_idoc);
    http_route("POST", "/api/v1/invoices/validate/odata", h_validate_odata);
    http_route("POST", "/api/v1/invoices/extract", h_extract);
    http_route("POST", "/api/v1/invoices", h_create);
    routes_invoices_read_register();
    routes_report_register();   /* GET /api/v1/invoices/{id}/report (routes_report.c) */
}
