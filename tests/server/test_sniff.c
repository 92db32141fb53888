/* Body sniffing of the submit endpoints (server/sniff.c, issue 15 item 6): a body of another
 * endpoint's format is refused with 415 naming the endpoint that takes it, before anything
 * is stored or counted (the account's usage and invoice list do not move, for live and
 * sandbox keys); bodies of no known format keep each endpoint's own handling. The sniffer
 * itself over tricky first bytes (prologs, prefixes, UTF-16, the JSON shapes, truncated and
 * hostile bodies), then the endpoints over real HTTP on loopback, SQLite and (with
 * EINV_TEST_PG_URL) PostgreSQL. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "http_client.h"
#include "server_proc.h"
#include "sniff.h"
#include "tsupport.h"

static sp_server_t S;
static char K[SP_KEY_MAX], K_SBX[SP_KEY_MAX];
static char *UBL, *CII, *IDOC, *ODATA, *CANON;
static size_t UBL_LEN, CII_LEN, IDOC_LEN, ODATA_LEN, CANON_LEN;
static const char PDF[] = "%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
static const char FLAT[] = "EDI_DC40  8000000000000123456789INVOIC02\nE2EDK01005 ...\n";

/* ---- the sniffer itself ---- */

static sniff_kind kind_of(const char *s) { return sniff_body((const unsigned char *)s, strlen(s)); }

static void test_sniff_xml(void)
{
    CU_ASSERT_EQUAL(sniff_body((const unsigned char *)UBL, UBL_LEN), SNIFF_UBL);
    CU_ASSERT_EQUAL(sniff_body((const unsigned char *)CII, CII_LEN), SNIFF_CII);
    CU_ASSERT_EQUAL(sniff_body((const unsigned char *)IDOC, IDOC_LEN), SNIFF_IDOC_XML);
    /* a prolog of declaration, comments, PIs and a DOCTYPE with an internal subset; a prefix */
    CU_ASSERT_EQUAL(kind_of("\xEF\xBB\xBF  <?xml version=\"1.0\"?>\n<!-- <Invoice> -->\n<?pi x?>"
                            "<!DOCTYPE x [<!ENTITY a \"<b>\">]>\n<ubl:Invoice xmlns:cbc=\"c\" "
                            "xmlns:ubl='urn:oasis:names:specification:ubl:schema:xsd:Invoice-2'/>"),
                    SNIFF_UBL);
    CU_ASSERT_EQUAL(kind_of("<CreditNote xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2\">"),
                    SNIFF_UBL);
    CU_ASSERT_EQUAL(kind_of("<rsm:CrossIndustryDocument xmlns:rsm=\"urn:ferd:CrossIndustryDocument:invoice:1p0\">"),
                    SNIFF_CII);
    /* the name alone is not enough: the namespace must match, and the prefix's own */
    CU_ASSERT_EQUAL(kind_of("<Invoice xmlns=\"urn:example:not-ubl\"/>"), SNIFF_XML_OTHER);
    CU_ASSERT_EQUAL(kind_of("<a:Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\" "
                            "xmlns:a=\"urn:x\"/>"),
                    SNIFF_XML_OTHER);
    /* an IDoc extension type, told by its control record */
    CU_ASSERT_EQUAL(kind_of("<ZINVOIC02><IDOC BEGIN=\"1\"><EDI_DC40 SEGMENT=\"1\"><IDOCTYP>INVOIC02</IDOCTYP>"),
                    SNIFF_IDOC_XML);
    CU_ASSERT_EQUAL(kind_of("<note>hi</note>"), SNIFF_XML_OTHER);
    /* cut short or malformed: never a crash, never a known format */
    CU_ASSERT_EQUAL(kind_of("<"), SNIFF_XML_OTHER);
    CU_ASSERT_EQUAL(kind_of("<Invoice xmlns=\"urn:oasis:names:specification:ubl:sch"), SNIFF_XML_OTHER);
    CU_ASSERT_EQUAL(kind_of("<!DOCTYPE [[[[["), SNIFF_UNKNOWN);
    CU_ASSERT_EQUAL(kind_of("<!-- never closed"), SNIFF_UNKNOWN);
    CU_ASSERT_EQUAL(kind_of("<Invoice xmlns=urn:x>"), SNIFF_XML_OTHER);
    {   /* UTF-16LE with BOM */
        const char *s = "<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"/>";
        size_t i, n = strlen(s);
        unsigned char *u = calloc(2 * n + 2, 1);
        u[0] = 0xFF;
        u[1] = 0xFE;
        for (i = 0; i < n; i++)
            u[2 + 2 * i] = (unsigned char)s[i];
        CU_ASSERT_EQUAL(sniff_body(u, 2 * n + 2), SNIFF_UBL);
        CU_ASSERT_EQUAL(sniff_body(u, 2), SNIFF_XML_OTHER);
        free(u);
    }
}

static void test_sniff_other(void)
{
    CU_ASSERT_EQUAL(sniff_body((const unsigned char *)ODATA, ODATA_LEN), SNIFF_ODATA);
    CU_ASSERT_EQUAL(sniff_body((const unsigned char *)CANON, CANON_LEN), SNIFF_CANONICAL);
    CU_ASSERT_EQUAL(kind_of("{\"d\":{\"results\":[{\"SupplierInvoice\":\"1\"}]}}"), SNIFF_ODATA);
    CU_ASSERT_EQUAL(kind_of("{\"SupplierInvoice\":\"1\",\"CompanyCode\":\"1010\"}"), SNIFF_ODATA);
    /* names only count as member names at the first level (and in "d"), not in values */
    CU_ASSERT_EQUAL(kind_of("{\"note\":\"\\\"invoiceNumber\\\": \\\"lines\\\":\",\"x\":{\"invoiceNumber\":1,\"lines\":[]}}"),
                    SNIFF_UNKNOWN);
    CU_ASSERT_EQUAL(kind_of("{\"invoiceNumber\":\"1\"}"), SNIFF_UNKNOWN);   /* one name is not enough */
    CU_ASSERT_EQUAL(kind_of("{\"d\":\"x\",\"invoiceNumber\":\"1\",\"lines\":[],\"currency\":\"EUR\"}"), SNIFF_CANONICAL);
    CU_ASSERT_EQUAL(kind_of("{\"invoiceNumber\":"), SNIFF_UNKNOWN);
    CU_ASSERT_EQUAL(kind_of("[1,2]"), SNIFF_UNKNOWN);
    CU_ASSERT_EQUAL(kind_of(PDF), SNIFF_PDF);
    CU_ASSERT_EQUAL(kind_of("junk before\n%PDF-1.4"), SNIFF_PDF);
    CU_ASSERT_EQUAL(kind_of(FLAT), SNIFF_IDOC_FLAT);
    CU_ASSERT_EQUAL(kind_of("hello"), SNIFF_UNKNOWN);
    CU_ASSERT_EQUAL(sniff_body(NULL, 0), SNIFF_UNKNOWN);
    {   /* 1 MiB of '{' and of '"': bounded to the first 64 KiB, no recursion */
        size_t n = 1 << 20;
        unsigned char *b = malloc(n);
        memset(b, '{', n);
        CU_ASSERT_EQUAL(sniff_body(b, n), SNIFF_UNKNOWN);
        memset(b + 1, '"', n - 1);
        CU_ASSERT_EQUAL(sniff_body(b, n), SNIFF_UNKNOWN);
        memset(b, '<', n);
        CU_ASSERT_EQUAL(sniff_body(b, n), SNIFF_XML_OTHER);
        free(b);
    }
}

/* ---- over HTTP ---- */

static json_object *body_json(const hc_response_t *res)
{
    return res->body ? json_tokener_parse(res->body) : NULL;
}

static json_object *jget(json_object *o, const char *k)
{
    json_object *v = NULL;
    return o && json_object_object_get_ex(o, k, &v) ? v : NULL;
}

static long long used_now(void)
{
    hc_response_t res;
    json_object *o;
    long long used = -1;
    if (hc_request_auth(S.port, "GET", "/api/v1/account", K, NULL, NULL, 0, &res) == 200 && (o = body_json(&res))) {
        used = json_object_get_int64(jget(jget(o, "usage"), "used"));
        json_object_put(o);
    }
    hc_response_free(&res);
    return used;
}

static long long invoices_now(const char *key)
{
    hc_response_t res;
    json_object *o;
    long long n = -1;
    if (hc_request_auth(S.port, "GET", "/api/v1/invoices", key, NULL, NULL, 0, &res) == 200 && (o = body_json(&res))) {
        n = json_object_get_int64(jget(o, "totalElements"));
        json_object_put(o);
    }
    hc_response_free(&res);
    return n;
}

static int send_file(const char *key, const char *path, const void *data, size_t len, hc_response_t *res)
{
    hc_multipart_t *mp = hc_mp_new();
    int st;
    hc_mp_field(mp, "profile", "EN16931");
    hc_mp_file(mp, "file", "upload", "application/octet-stream", data, len);
    st = hc_request_auth(S.port, "POST", path, key, hc_mp_content_type(mp), hc_mp_data(mp), hc_mp_len(mp), res);
    hc_mp_free(mp);
    return st;
}

static int send_json(const char *key, const char *path, const void *data, size_t len, hc_response_t *res)
{
    return hc_request_auth(S.port, "POST", path, key, "application/json", data, len, res);
}

/* A 415 whose message names `names`; prints the answer otherwise. */
static void expect_415(int st, hc_response_t *res, const char *what, const char *names)
{
    json_object *o = body_json(res);
    const char *m = json_object_get_string(jget(o, "message"));
    int ok = st == 415 && m && strstr(m, names) &&
             strcmp(json_object_get_string(jget(o, "error")) ? json_object_get_string(jget(o, "error")) : "",
                    "UNSUPPORTED_MEDIA_TYPE") == 0;
    if (!ok)
        fprintf(stderr, "\n  %s: %d %s (want 415 naming %s)", what, st, res->body ? res->body : res->error, names);
    CU_ASSERT_TRUE(ok);
    json_object_put(o);
    hc_response_free(res);
}

#define V "/api/v1/invoices/validate"
#define VI "/api/v1/invoices/validate/idoc"
#define VO "/api/v1/invoices/validate/odata?profile=EN16931"
#define VC "/api/v1/invoices"
#define VE "/api/v1/invoices/extract"

/* Every mismatch is 415 naming the right endpoint, for this key; counts nothing. */
static void refuse_all(const char *key)
{
    hc_response_t r;
    expect_415(send_file(key, VI, UBL, UBL_LEN, &r), &r, "UBL to idoc", "POST /api/v1/invoices/validate (");
    expect_415(send_file(key, VI, CII, CII_LEN, &r), &r, "CII to idoc", "a CII invoice");
    expect_415(send_file(key, VI, PDF, sizeof PDF - 1, &r), &r, "PDF to idoc", "POST /api/v1/invoices/extract");
    expect_415(send_file(key, VI, FLAT, sizeof FLAT - 1, &r), &r, "flat IDoc to idoc", "as XML");
    expect_415(send_file(key, V, IDOC, IDOC_LEN, &r), &r, "IDoc to validate", "POST /api/v1/invoices/validate/idoc");
    expect_415(send_file(key, V, ODATA, ODATA_LEN, &r), &r, "OData to validate", "POST /api/v1/invoices/validate/odata");
    expect_415(send_file(key, V, CANON, CANON_LEN, &r), &r, "canonical to validate", "POST /api/v1/invoices (JSON");
    expect_415(send_file(key, VE, CII, CII_LEN, &r), &r, "CII to extract", "POST /api/v1/invoices/validate (");
    expect_415(send_file(key, VE, IDOC, IDOC_LEN, &r), &r, "IDoc to extract", "validate/idoc");
    expect_415(send_json(key, VO, CANON, CANON_LEN, &r), &r, "canonical to odata", "POST /api/v1/invoices (JSON");
    expect_415(send_json(key, VO, IDOC, IDOC_LEN, &r), &r, "IDoc to odata", "validate/idoc");
    expect_415(send_json(key, VO, UBL, UBL_LEN, &r), &r, "UBL to odata", "a UBL invoice");
    expect_415(send_json(key, VC, ODATA, ODATA_LEN, &r), &r, "OData to canonical", "validate/odata");
    expect_415(send_json(key, VC, PDF, sizeof PDF - 1, &r), &r, "PDF to canonical", "a PDF");
}

static void test_refused_before_quota(void)
{
    long long used = used_now(), listed = invoices_now(K), sbx = invoices_now(K_SBX);
    hc_response_t r;
    char q[64];
    CU_ASSERT_TRUE_FATAL(used >= 0 && listed >= 0 && sbx >= 0);
    refuse_all(K);
    refuse_all(K_SBX);   /* sandbox keys take the same 415 */
    CU_ASSERT_EQUAL(used_now(), used);
    CU_ASSERT_EQUAL(invoices_now(K), listed);
    CU_ASSERT_EQUAL(invoices_now(K_SBX), sbx);
    /* a refused submit still tells the quota state it did not touch */
    CU_ASSERT_EQUAL(send_file(K, VI, UBL, UBL_LEN, &r), 415);
    CU_ASSERT_PTR_NOT_NULL(hc_header(&r, "X-Quota-Remaining", q, sizeof q));
    hc_response_free(&r);
    /* the counter does move for what each endpoint takes (the check above can fail) */
    CU_ASSERT_EQUAL(send_file(K, V, UBL, UBL_LEN, &r), 202);
    hc_response_free(&r);
    CU_ASSERT_EQUAL(send_file(K, VI, IDOC, IDOC_LEN, &r), 202);
    hc_response_free(&r);
    CU_ASSERT_EQUAL(send_json(K, VO, ODATA, ODATA_LEN, &r), 202);
    hc_response_free(&r);
    CU_ASSERT_EQUAL(send_json(K, VC, CANON, CANON_LEN, &r), 202);
    hc_response_free(&r);
    CU_ASSERT_EQUAL(used_now(), used + 4);
    CU_ASSERT_EQUAL(invoices_now(K), listed + 4);
}

/* Bodies of no known format keep today's handling on each endpoint. */
static void test_unknown_unchanged(void)
{
    hc_response_t r;
    static const char note[] = "<note>hi</note>";
    /* XML of no known kind: accepted, then a finding (validate, idoc) */
    CU_ASSERT_EQUAL(send_file(K, V, note, sizeof note - 1, &r), 202);
    hc_response_free(&r);
    CU_ASSERT_EQUAL(send_file(K, VI, note, sizeof note - 1, &r), 202);
    hc_response_free(&r);
    /* text: 415 as before, without an endpoint to name */
    CU_ASSERT_EQUAL(send_file(K, V, "hello", 5, &r), 415);
    hc_response_free(&r);
    CU_ASSERT_EQUAL(send_file(K, VE, "hello", 5, &r), 415);
    hc_response_free(&r);
    /* JSON endpoints: malformed JSON stays 400, an unknown object goes on */
    CU_ASSERT_EQUAL(send_json(K, VO, "{\"d\":", 5, &r), 400);
    hc_response_free(&r);
    CU_ASSERT_EQUAL(send_json(K, VO, note, sizeof note - 1, &r), 400);
    hc_response_free(&r);
    CU_ASSERT_EQUAL(send_json(K, VC, "{\"x\":1}", 7, &r), 400);   /* no validationProfile */
    hc_response_free(&r);
}

/* ---- suites ---- */

static int suite_init(sp_db_kind kind)
{
    if (sp_init(&S, kind) != 0 || sp_start(&S, NULL) != 0)
        return 1;
    if (sp_account_key(&S, "sniff@example.com", "FREE", 0, 0, -1, K) != 0 ||
        sp_account_key(&S, "sniff-sbx@example.com", "PRO", 0, 1, -1, K_SBX) != 0)
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

unsigned tst_after(void)
{
    free(UBL);
    free(CII);
    free(IDOC);
    free(ODATA);
    free(CANON);
    return 0;
}

static void add_http(CU_pSuite s)
{
    CU_add_test(s, "another endpoint's format: 415 naming it, nothing counted", test_refused_before_quota);
    CU_add_test(s, "no known format: each endpoint as before", test_unknown_unchanged);
}

void tst_suites(void)
{
    CU_pSuite s;
    UBL = tst_read_data("ubl/sample-invoice.xml", &UBL_LEN);
    CII = tst_read_data("cii/sample-invoice.xml", &CII_LEN);
    IDOC = tst_read_data("idoc/invoic02-standard.xml", &IDOC_LEN);
    ODATA = tst_read_data("odata/supplierinvoice-standard.json", &ODATA_LEN);
    CANON = tst_read_data("json/sample-invoice.json", &CANON_LEN);
    if (!UBL || !CII || !IDOC || !ODATA || !CANON) {
        tst_setup_failed("the samples of tests/data cannot be read");
        return;
    }
    s = CU_add_suite("sniff", NULL, NULL);
    CU_add_test(s, "XML roots, prologs, namespaces, UTF-16", test_sniff_xml);
    CU_add_test(s, "JSON shapes, PDF, IDoc flat file, hostile bodies", test_sniff_other);
    s = CU_add_suite("sniff_http_sqlite", init_sqlite, suite_clean);
    add_http(s);
    if (sp_pg_missing())
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL suite)");
    else {
        s = CU_add_suite("sniff_http_postgresql", init_pg, suite_clean);
        add_http(s);
    }
}
