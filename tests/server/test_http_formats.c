/* HTTP end-to-end tests of the format endpoints (API.md), against the real einvoiced run as
 * a child process, on SQLite and (EINV_TEST_PG_URL) PostgreSQL: an account PUTs the sample
 * ERP mapping document, then submits the authored samples — the two IDocs to
 * POST /v1/invoices/validate/idoc (multipart), the two OData entities to
 * /validate/odata?profile=EN16931, the canonical JSON sample to POST /v1/invoices and a
 * Factur-X PDF (the CII sample embedded, written here) to POST /v1/invoices/validate — and
 * polls each until final. Checked: invoiceFormat, the totals and VAT breakdown of
 * canonicalJson against the table of the samples' README (shared/samples/README.md), the
 * exact set of error codes the format notes predict, and that every finding's field is a
 * location in the submitted input (IDoc segment path, JSON pointer, mapping entry), never a
 * UBL XPath of the document generated for validation. Also: without a mapping the same IDoc
 * gives the missing-master-data findings; the mapping's "conditions" key is accepted, shape
 * checked and turns IDoc conditions into allowances and charges; BT-24 follows the profile. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"
#include "tpdf.h"

static sp_server_t S;
static char K_MAP[SP_KEY_MAX], K_NOMAP[SP_KEY_MAX];
static char *MAPPING;   /* tests/data/mapping/sample-mapping.json */
static int HAVE_IDOC, HAVE_ODATA, HAVE_JSON, HAVE_ZUGFERD;

/* The samples and what the README's table says they convert to. */
typedef struct sample {
    const char *file, *format, *number, *type;
    const char *bt106, *bt109, *bt110, *bt112, *bt115;
    const char *vat;     /* "BT-118 / BT-119 / BT-116 / BT-117 ; ..." as in the README */
    const char *codes;   /* the distinct error codes expected with the sample mapping */
} sample_t;

static const sample_t IDOC_STD = {"idoc/invoic02-standard.xml", "IDOC", "0090012345", "380", "1445.00", "1445.00",
                                  "251.75", "1696.75", "1696.75",
                                  "S / 19 / 1255.00 / 238.45 ; S / 7 / 190.00 / 13.30", "BR-49"};
static const sample_t IDOC_CRN = {"idoc/invoic02-creditnote.xml", "IDOC", "0090012399", "381", "365.00", "365.00",
                                  "60.23", "425.23", "425.23", "S / 19 / 289.00 / 54.91 ; S / 7 / 76.00 / 5.32", ""};
static const sample_t ODATA_STD = {"odata/supplierinvoice-standard.json", "ODATA", "NH-2025-004711", "380", "664.00",
                                   "664.00", "103.41", "767.41", "767.41",
                                   "S / 19 / 474.40 / 90.14 ; S / 7 / 189.60 / 13.27", "BR-49"};
static const sample_t ODATA_RC = {"odata/supplierinvoice-reversecharge.json", "ODATA", "KMB-25-0187", "380", "4240.00",
                                  "4240.00", "0.00", "4240.00", "4240.00", "AE / 0 / 4240.00 / 0.00", "BR-49"};
/* not in the README: the JSON sample's own totals, and the CII sample's inside the PDF */
static const sample_t JSON_SAMPLE = {"json/sample-invoice.json", "JSON", "INV-2026-0042", "380", "252.00", "252.00",
                                     "47.88", "299.88", "299.88", "S / 19 / 252.00 / 47.88", ""};
static const sample_t PDF_SAMPLE = {"cii/sample-invoice.xml", "ZUGFERD", "CII-2026-0042", "380", "252.00", "252.00",
                                    "47.88", "299.88", "299.88", "S / 19 / 252.00 / 47.88", ""};

/* ---- small helpers ---- */

static json_object *body_json(const hc_response_t *res)
{
    return res->body ? json_tokener_parse(res->body) : NULL;
}

static json_object *jget(json_object *o, const char *k)
{
    json_object *v = NULL;
    return o && json_object_object_get_ex(o, k, &v) ? v : NULL;
}

static const char *jstr(json_object *o, const char *k)
{
    json_object *v = jget(o, k);
    return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/* A member as JSON text: numbers keep the digits the server wrote ("1445.00"). */
static const char *jtext(json_object *o, const char *k)
{
    json_object *v = jget(o, k);
    return v ? json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN) : "(absent)";
}

#define ASSERT_STR(got, want)                                                              \
    do {                                                                                   \
        const char *g_ = (got) ? (got) : "(null)", *w_ = (want);                          \
        if (strcmp(g_, w_) != 0)                                                           \
            fprintf(stderr, "\n  %s: got %s, want %s", #got, g_, w_);                      \
        CU_ASSERT_STRING_EQUAL(g_, w_);                                                    \
    } while (0)

/* ---- requests ---- */

/* 202 and the new id, or "" (printed). */
static void accepted_id(int st, hc_response_t *res, char id[40])
{
    json_object *o = body_json(res);
    id[0] = 0;
    CU_ASSERT_EQUAL(st, 202);
    if (st == 202 && jstr(o, "id"))
        snprintf(id, 40, "%s", jstr(o, "id"));
    else
        fprintf(stderr, "\n  submit: %d %s", st, res->body ? res->body : res->error);
    json_object_put(o);
    hc_response_free(res);
}

static void submit_file(const char *key, const char *path, const char *profile, const void *data,
                        size_t len, const char *filename, char id[40])
{
    hc_response_t res;
    hc_multipart_t *mp = hc_mp_new();
    int st;
    hc_mp_field(mp, "profile", profile);
    hc_mp_file(mp, "file", filename, "application/octet-stream", data, len);
    st = hc_request_auth(S.port, "POST", path, key, hc_mp_content_type(mp), hc_mp_data(mp),
                         hc_mp_len(mp), &res);
    hc_mp_free(mp);
    accepted_id(st, &res, id);
}

static void submit_json(const char *key, const char *path, const char *body, char id[40])
{
    hc_response_t res;
    int st = hc_json(S.port, "POST", path, key, body, &res);
    accepted_id(st, &res, id);
}

/* Poll GET /v1/invoices/{id} until the status is final; the resource (or NULL). *raw gets
 * the response body (the canonicalJson spliced in as the server stored it; free()). */
static json_object *poll_final(const char *key, const char *id, char **raw)
{
    char path[128];
    double until = tst_now_ms() + 30000;
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    *raw = NULL;
    for (;;) {
        hc_response_t res;
        int st = hc_request_auth(S.port, "GET", path, key, NULL, NULL, 0, &res);
        json_object *o = body_json(&res);
        const char *s = jstr(o, "status");
        if ((st == 200 && s && strcmp(s, "processing") != 0) || tst_now_ms() > until) {
            if (tst_now_ms() > until)
                fprintf(stderr, "\n  invoice %s not final after 30 s (%d %s)", id, st, s ? s : "-");
            *raw = res.body ? strdup(res.body) : NULL;
            hc_response_free(&res);
            return o;
        }
        json_object_put(o);
        hc_response_free(&res);
        tst_sleep_ms(20);
    }
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The distinct codes of the ERROR findings, sorted, space separated (into buf). */
static const char *error_codes(json_object *errs, char *buf, size_t size)
{
    const char *v[256];
    size_t n = 0, i, k = 0, len = errs ? json_object_array_length(errs) : 0;
    for (i = 0; i < len && n < 256; i++) {
        json_object *f = json_object_array_get_idx(errs, i);
        if (jstr(f, "code") && jstr(f, "severity") && strcmp(jstr(f, "severity"), "ERROR") == 0)
            v[n++] = jstr(f, "code");
    }
    qsort(v, n, sizeof v[0], cmp_str);
    buf[0] = 0;
    for (i = 0; i < n && k < size; i++)
        if (!i || strcmp(v[i], v[i - 1]) != 0)
            k += (size_t)snprintf(buf + k, size - k, "%s%s", k ? " " : "", v[i]);
    return buf;
}

/* Every finding's field is a location in the submitted input: an IDoc segment path
 * (/INVOIC02/IDOC/...), a JSON pointer (OData, JSON) or a mapping entry ("mapping:/...");
 * never an XPath of the UBL generated for validation. */
static void check_fields(json_object *errs, const char *format)
{
    size_t i, n = errs ? json_object_array_length(errs) : 0;
    for (i = 0; i < n; i++) {
        const char *f = jstr(json_object_array_get_idx(errs, i), "field");
        int ok;
        if (!f) {
            CU_FAIL("a finding without field");
            continue;
        }
        if (strncmp(f, "mapping:/", 9) == 0)
            ok = 1;
        else if (strcmp(format, "IDOC") == 0)
            ok = strncmp(f, "/INVOIC02/IDOC", 14) == 0;
        else
            ok = f[0] == '/' || f[0] == 0;   /* JSON pointer ("" = the whole document) */
        ok = ok && !strstr(f, "cac:") && !strstr(f, "cbc:") && !strstr(f, "Invoice[") &&
             strncmp(f, "/Invoice", 8) != 0 && strncmp(f, "/ubl:", 5) != 0;
        if (!ok)
            fprintf(stderr, "\n  %s finding field is not an input location: %s", format, f);
        CU_ASSERT_TRUE(ok);
    }
}

/* "S / 19 / 1255.00 / 238.45 ; ..." from canonicalJson.taxBreakdown (into buf). */
static const char *vat_text(json_object *canon, char *buf, size_t size)
{
    json_object *tb = jget(canon, "taxBreakdown");
    size_t i, k = 0, n = tb && json_object_is_type(tb, json_type_array) ? json_object_array_length(tb) : 0;
    buf[0] = 0;
    for (i = 0; i < n && k < size; i++) {
        json_object *g = json_object_array_get_idx(tb, i);
        k += (size_t)snprintf(buf + k, size - k, "%s%s / %s / %s / %s", i ? " ; " : "",
                              jstr(g, "category") ? jstr(g, "category") : "-", jtext(g, "rate"),
                              jtext(g, "taxableAmount"), jtext(g, "taxAmount"));
    }
    return buf;
}

/* The final invoice against the sample's expected values. */
static void check_invoice(json_object *inv, const sample_t *x, const char *codes)
{
    json_object *vr = jget(inv, "validationResult"), *c = jget(inv, "canonicalJson");
    json_object *t = jget(c, "totals");
    char buf[1024];
    ASSERT_STR(jstr(inv, "invoiceFormat"), x->format);
    ASSERT_STR(jstr(inv, "validationProfile"), "EN16931");
    ASSERT_STR(jstr(inv, "status"), codes[0] ? "failed_validation" : "validated");
    ASSERT_STR(jstr(c, "invoiceNumber"), x->number);
    ASSERT_STR(jstr(c, "typeCode"), x->type);
    ASSERT_STR(jtext(t, "lineNetAmount"), x->bt106);
    ASSERT_STR(jtext(t, "taxExclusiveAmount"), x->bt109);
    ASSERT_STR(jtext(t, "taxAmount"), x->bt110);
    ASSERT_STR(jtext(t, "taxInclusiveAmount"), x->bt112);
    ASSERT_STR(jtext(t, "payableAmount"), x->bt115);
    ASSERT_STR(vat_text(c, buf, sizeof buf), x->vat);
    ASSERT_STR(error_codes(jget(vr, "errors"), buf, sizeof buf), codes);
    CU_ASSERT_EQUAL(json_object_get_boolean(jget(vr, "valid")), codes[0] == 0);
    check_fields(jget(vr, "errors"), x->format);
    /* the UBL generated from the model is schema-valid (kositResult), except where the input
     * has no payment means code (BR-49): then cbc:PaymentMeansCode, mandatory in the XSD,
     * is missing from the generated cac:PaymentMeans too */
    CU_ASSERT_EQUAL(json_object_get_boolean(jget(jget(vr, "kositResult"), "valid")), strstr(codes, "BR-49") == NULL);
}

/* Submit a sample to its endpoint, poll, check; returns the raw GET body (free()). */
static char *run_sample(const char *key, const sample_t *x, const char *codes)
{
    size_t len = 0;
    char *doc = tst_read_data(x->file, &len), id[40] = "", *raw = NULL;
    json_object *inv;
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    if (strcmp(x->format, "IDOC") == 0)
        submit_file(key, "/api/v1/invoices/validate/idoc", "EN16931", doc, len, "invoic02.xml", id);
    else if (strcmp(x->format, "ODATA") == 0)
        submit_json(key, "/api/v1/invoices/validate/odata?profile=EN16931", doc, id);
    else
        submit_json(key, "/api/v1/invoices", doc, id);
    free(doc);
    if (!id[0])
        return NULL;
    inv = poll_final(key, id, &raw);
    check_invoice(inv, x, codes);
    json_object_put(inv);
    return raw;
}

/* ---- a Factur-X PDF around the CII sample (the shape tests/plugins/test_zugferd.c writes:
 * PDF/A-3 XMP with the fx: schema, /AF and /EmbeddedFiles, AFRelationship /Data) ---- */

static char *facturx_pdf(const char *xml, size_t xml_len, size_t *len)
{
    tst_pdf_spec_t spec = {0};
    spec.xml = xml;
    spec.xml_len = xml_len;
    return tst_make_pdf(&spec, len);
}

/* ---- the tests ---- */

static int put_mapping(const char *key, const char *doc, hc_response_t *res)
{
    return hc_json(S.port, "PUT", "/api/v1/account/mappings", key, doc, res);
}

/* The sample mapping is stored and read back as sent. */
static void test_put_sample_mapping(void)
{
    hc_response_t res;
    json_object *o;
    CU_ASSERT_EQUAL(put_mapping(K_MAP, MAPPING, &res), 200);
    hc_response_free(&res);
    CU_ASSERT_EQUAL(hc_json(S.port, "GET", "/api/v1/account/mappings", K_MAP, NULL, &res), 200);
    o = body_json(&res);
    ASSERT_STR(jstr(jget(o, "units"), "PCE"), "H87");
    ASSERT_STR(jstr(jget(jget(o, "taxCodes"), "R1"), "exemptionCode"), "VATEX-EU-AE");
    CU_ASSERT_PTR_NOT_NULL(jget(jget(o, "parties"), "17300021"));
    CU_ASSERT_PTR_NOT_NULL(jget(jget(o, "companyCodes"), "1010"));
    CU_ASSERT_PTR_NULL(jget(o, "conditions"));   /* optional: not added when not sent */
    json_object_put(o);
    hc_response_free(&res);
}

static void test_idoc_samples(void)
{
    if (!HAVE_IDOC) {
        printf("skipped: the idoc module is not installed\n");
        return;
    }
    /* the standard invoice: only BR-49 (E1EDK28 gives payment instructions, an IDoc has no
     * BT-81, IDOC-INVOIC02.md §5.5); the credit note has no bank segment: clean */
    free(run_sample(K_MAP, &IDOC_STD, IDOC_STD.codes));
    free(run_sample(K_MAP, &IDOC_CRN, IDOC_CRN.codes));
}

static void test_odata_samples(void)
{
    if (!HAVE_ODATA) {
        printf("skipped: the odata module is not installed\n");
        return;
    }
    /* both: BR-49 only (an IBAN from the mapping / the one-time supplier data, no BT-81) */
    free(run_sample(K_MAP, &ODATA_STD, ODATA_STD.codes));
    free(run_sample(K_MAP, &ODATA_RC, ODATA_RC.codes));
}

static void test_json_sample(void)
{
    if (!HAVE_JSON) {
        printf("skipped: the json module is not installed\n");
        return;
    }
    free(run_sample(K_MAP, &JSON_SAMPLE, JSON_SAMPLE.codes));
}

static void test_facturx_pdf(void)
{
    size_t xml_len, pdf_len;
    char *xml, *pdf, id[40] = "", *raw = NULL;
    json_object *inv;
    if (!HAVE_ZUGFERD) {
        printf("skipped: the zugferd module is not installed\n");
        return;
    }
    xml = tst_read_data(PDF_SAMPLE.file, &xml_len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
    pdf = facturx_pdf(xml, xml_len, &pdf_len);
    submit_file(K_MAP, "/api/v1/invoices/validate", "EN16931", pdf, pdf_len, "invoice.pdf", id);
    if (id[0]) {
        inv = poll_final(K_MAP, id, &raw);
        check_invoice(inv, &PDF_SAMPLE, PDF_SAMPLE.codes);
        CU_ASSERT_EQUAL(json_object_array_length(jget(jget(inv, "validationResult"), "errors")), 0);
        json_object_put(inv);
    }
    free(raw);
    free(pdf);
    free(xml);
}

/* An account without a mapping document: the tax indicators and PCE stay unmapped, the
 * rules report the missing VAT categories and the unit (IDOC-INVOIC02.md §7) at the IDoc
 * fields; OData without enrichment lacks the party master data (README, sample 3). */
static void test_without_mapping(void)
{
    size_t len;
    char *doc, id[40] = "", *raw = NULL, codes[1024];
    json_object *inv, *vr;
    if (HAVE_IDOC) {
        doc = tst_read_data(IDOC_STD.file, &len);
        CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
        submit_file(K_NOMAP, "/api/v1/invoices/validate/idoc", "EN16931", doc, len, "invoic02.xml", id);
        free(doc);
        if (id[0]) {
            inv = poll_final(K_NOMAP, id, &raw);
            vr = jget(inv, "validationResult");
            ASSERT_STR(jstr(inv, "status"), "failed_validation");
            ASSERT_STR(jstr(inv, "invoiceFormat"), "IDOC");
            ASSERT_STR(error_codes(jget(vr, "errors"), codes, sizeof codes), "BR-47 BR-49 BR-CL-23 BR-CO-04");
            check_fields(jget(vr, "errors"), "IDOC");
            CU_ASSERT_PTR_NOT_NULL(raw && strstr(raw, "\"field\":\"/INVOIC02/IDOC/E1EDK04[1]\""));
            CU_ASSERT_PTR_NOT_NULL(raw && strstr(raw, "\"field\":\"/INVOIC02/IDOC/E1EDP01[1]/MENGE\""));
            /* the amounts are still the IDoc's */
            ASSERT_STR(jtext(jget(jget(inv, "canonicalJson"), "totals"), "taxInclusiveAmount"), "1696.75");
            json_object_put(inv);
            free(raw);
        }
    }
    if (HAVE_ODATA) {
        doc = tst_read_data(ODATA_STD.file, &len);
        CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
        submit_json(K_NOMAP, "/api/v1/invoices/validate/odata?profile=EN16931", doc, id);
        free(doc);
        if (id[0]) {
            inv = poll_final(K_NOMAP, id, &raw);
            vr = jget(inv, "validationResult");
            ASSERT_STR(jstr(inv, "status"), "failed_validation");
            error_codes(jget(vr, "errors"), codes, sizeof codes);
            CU_ASSERT_PTR_NOT_NULL(strstr(codes, "BR-06 BR-07 BR-08"));   /* seller/buyer names, address */
            CU_ASSERT_PTR_NOT_NULL(strstr(codes, "BR-10"));
            CU_ASSERT_PTR_NOT_NULL(strstr(codes, "BR-47"));
            CU_ASSERT_PTR_NOT_NULL(strstr(codes, "BR-CO-04"));
            check_fields(jget(vr, "errors"), "ODATA");
            json_object_put(inv);
            free(raw);
        }
    }
}

/* BT-24 / BT-23 of a converted IDoc follow the requested profile (PEPPOL is on the FREE plan). */
static void test_idoc_peppol(void)
{
    size_t len;
    char *doc, id[40] = "", *raw = NULL, codes[1024];
    json_object *inv;
    if (!HAVE_IDOC)
        return;
    doc = tst_read_data(IDOC_STD.file, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    submit_file(K_MAP, "/api/v1/invoices/validate/idoc", "PEPPOL", doc, len, "invoic02.xml", id);
    free(doc);
    if (!id[0])
        return;
    inv = poll_final(K_MAP, id, &raw);
    ASSERT_STR(jstr(inv, "validationProfile"), "PEPPOL");
    CU_ASSERT_PTR_NOT_NULL(raw && strstr(raw, "\"specificationId\":\"urn:cen.eu:en16931:2017#compliant#"
                                              "urn:fdc:peppol.eu:2017:poacc:billing:3.0\""));
    error_codes(jget(jget(inv, "validationResult"), "errors"), codes, sizeof codes);
    CU_ASSERT_PTR_NULL(strstr(codes, "PEPPOL-EN16931-R001"));
    CU_ASSERT_PTR_NULL(strstr(codes, "PEPPOL-EN16931-R004"));
    check_fields(jget(jget(inv, "validationResult"), "errors"), "IDOC");
    json_object_put(inv);
    free(raw);
}

/* The mapping's "conditions": shape checked on PUT (400 naming the member), then IDoc
 * conditions with a listed KSCHL become allowances and charges, the totals include them. */
static void test_conditions(void)
{
    static const struct {
        const char *body, *names;
    } bad[] = {
        {"{\"conditions\":[]}", "conditions"},
        {"{\"conditions\":{\"FRB1\":\"freight\"}}", "conditions.FRB1"},
        {"{\"conditions\":{\"FRB1\":{\"level\":\"header\",\"reasonCode\":\"FC\"}}}", "level"},
        {"{\"conditions\":{\"FRB1\":{\"kind\":\"discount\",\"reasonCode\":\"FC\"}}}", "kind"},
        {"{\"conditions\":{\"FRB1\":{\"reasonCode\":95}}}", "reasonCode"},
        {"{\"conditions\":{\"FRB1\":{\"reasonCode\":\"FC\",\"reason\":7}}}", "reason"},
        {"{\"conditions\":{\"FRB1\":{\"reasonCode\":\"FC\",\"colour\":\"red\"}}}", "colour"},
    };
    static const char entries[] =
        ",\"conditions\":{\"FRB1\":{\"level\":\"document\",\"reasonCode\":\"FC\",\"reason\":\"Freight\"},"
        "\"HA00\":{\"level\":\"document\",\"reasonCode\":\"95\",\"reason\":\"Header discount\"},"
        "\"K007\":{\"level\":\"line\",\"reasonCode\":\"95\"}}}";
    hc_response_t res;
    json_object *o, *inv, *c, *t;
    size_t i, len;
    char *map, *doc, *end, id[40] = "", *raw = NULL, codes[1024];
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int st = put_mapping(K_MAP, bad[i].body, &res);
        o = body_json(&res);
        CU_ASSERT_EQUAL(st, 400);
        if (!jstr(o, "message") || !strstr(jstr(o, "message"), bad[i].names))
            fprintf(stderr, "\n  PUT %s: %d %s", bad[i].body, st, res.body ? res.body : "");
        CU_ASSERT_PTR_NOT_NULL(jstr(o, "message") ? strstr(jstr(o, "message"), bad[i].names) : NULL);
        json_object_put(o);
        hc_response_free(&res);
    }
    /* the sample mapping plus the sender's condition types */
    end = strrchr(MAPPING, '}');
    CU_ASSERT_PTR_NOT_NULL_FATAL(end);
    map = malloc((size_t)(end - MAPPING) + sizeof entries);
    memcpy(map, MAPPING, (size_t)(end - MAPPING));
    strcpy(map + (end - MAPPING), entries);
    CU_ASSERT_EQUAL(put_mapping(K_MAP, map, &res), 200);
    o = body_json(&res);
    ASSERT_STR(jstr(jget(jget(o, "conditions"), "FRB1"), "reasonCode"), "FC");
    json_object_put(o);
    hc_response_free(&res);
    free(map);
    if (!HAVE_IDOC)
        return;
    doc = tst_read_data("idoc/invoic02-conditions.xml", &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
    submit_file(K_MAP, "/api/v1/invoices/validate/idoc", "EN16931", doc, len, "invoic02.xml", id);
    free(doc);
    if (!id[0])
        return;
    inv = poll_final(K_MAP, id, &raw);
    c = jget(inv, "canonicalJson");
    t = jget(c, "totals");
    ASSERT_STR(jtext(t, "lineNetAmount"), "1329.40");
    ASSERT_STR(jtext(t, "allowanceTotal"), "3.80");
    ASSERT_STR(jtext(t, "chargeTotal"), "25.00");
    ASSERT_STR(jtext(t, "taxExclusiveAmount"), "1350.60");
    ASSERT_STR(jtext(t, "taxInclusiveAmount"), "1584.87");
    ASSERT_STR(vat_text(c, codes, sizeof codes), "S / 19 / 1164.40 / 221.24 ; S / 7 / 186.20 / 13.03");
    ASSERT_STR(jstr(json_object_array_get_idx(jget(c, "charges"), 0), "reasonCode"), "FC");
    ASSERT_STR(jstr(json_object_array_get_idx(jget(c, "allowances"), 0), "reason"), "Header discount");
    ASSERT_STR(jtext(json_object_array_get_idx(jget(json_object_array_get_idx(jget(c, "lines"), 0), "allowances"), 0),
                     "amount"), "115.60");
    CU_ASSERT_EQUAL(json_object_array_length(jget(c, "charges")), 1);
    ASSERT_STR(error_codes(jget(jget(inv, "validationResult"), "errors"), codes, sizeof codes), "BR-49");
    json_object_put(inv);
    free(raw);
    /* back to the plain sample mapping: the same file's conditions are ignored again */
    CU_ASSERT_EQUAL(put_mapping(K_MAP, MAPPING, &res), 200);
    hc_response_free(&res);
}

/* ---- suites ---- */

static int suite_init(sp_db_kind kind)
{
    const char *env[] = {"EINV_WORKERS=2", NULL};
    if (sp_init(&S, kind) != 0 || sp_start(&S, env) != 0)
        return 1;
    if (sp_account_key(&S, "formats@example.com", "FREE", 0, 0, -1, K_MAP) != 0 ||
        sp_account_key(&S, "nomapping@example.com", "FREE", 0, 0, -1, K_NOMAP) != 0)
        return 1;
    return 0;
}

static int init_sqlite(void) { return suite_init(SP_SQLITE); }
static int init_pg(void) { return suite_init(SP_POSTGRES); }

static int suite_clean(void)
{
    sp_cleanup(&S);
    return 0;
}

/* The modules the server loads (the same plugin directory). */
static int load_fixtures(void)
{
    einv_error_t err;
    einv_engine_t *e = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    MAPPING = tst_read_data("mapping/sample-mapping.json", NULL);
    if (!e || !MAPPING) {
        fprintf(stderr, "fixtures missing (EINV_TEST_DATA, EINV_TEST_PLUGIN_DIR)\n");
        einv_engine_close(e);
        return -1;
    }
    HAVE_IDOC = einv_engine_format(e, "idoc") != NULL;
    HAVE_ODATA = einv_engine_format(e, "odata") != NULL;
    HAVE_JSON = einv_engine_format(e, "json") != NULL;
    HAVE_ZUGFERD = einv_engine_format(e, "zugferd") != NULL;
    einv_engine_close(e);
    return 0;
}

static void add_tests(CU_pSuite s)
{
    CU_add_test(s, "PUT the sample mapping", test_put_sample_mapping);
    CU_add_test(s, "IDoc samples via /validate/idoc", test_idoc_samples);
    CU_add_test(s, "OData samples via /validate/odata", test_odata_samples);
    CU_add_test(s, "JSON sample via POST /v1/invoices", test_json_sample);
    CU_add_test(s, "Factur-X PDF via /validate", test_facturx_pdf);
    CU_add_test(s, "without a mapping document", test_without_mapping);
    CU_add_test(s, "IDoc with profile PEPPOL: BT-24 from the profile", test_idoc_peppol);
    CU_add_test(s, "mapping conditions: allowances and charges", test_conditions);
}

unsigned tst_after(void)
{
    free(MAPPING);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    if (load_fixtures() != 0) {
        tst_setup_failed("the fixtures cannot be read");
        return;
    }
    s = CU_add_suite("http_formats_sqlite", init_sqlite, suite_clean);
    add_tests(s);
    if (sp_pg_missing())
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL suite)");
    else {
        s = CU_add_suite("http_formats_postgresql", init_pg, suite_clean);
        add_tests(s);
    }
}
