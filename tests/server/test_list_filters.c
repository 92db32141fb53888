/* GET /api/v1/invoices filters (docs/api.md "Listing invoices") over real HTTP against the
 * real einvoiced, on SQLite and (EINV_TEST_PG_URL) PostgreSQL: status, profile, format,
 * invoiceNumber, from/to (dates and date-times with offsets, both bounds inclusive), their
 * combination with paging, tenant isolation, and 400 naming the parameter for an unknown or
 * repeated parameter or a bad value. Each filtered answer is compared with the same
 * selection made here from the unfiltered list, and every filter is checked to select a
 * proper, non-empty part of it, so a filter that is ignored fails. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <ctype.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http_client.h"
#include "routes_invoices_filter.h"
#include "server_proc.h"
#include "store_int.h"

#include <sqlite3.h>
#include "tsupport.h"

#define N_INV 6

static sp_server_t S;
static char KA[SP_KEY_MAX], KB[SP_KEY_MAX];
static char *UBL, *CII;
static size_t UBL_LEN, CII_LEN;
static json_object *ALL;    /* account A's invoices, createdAt ascending (unfiltered list) */

static const char *jstr(json_object *o, const char *k)
{
    json_object *v;
    return o && json_object_object_get_ex(o, k, &v) && json_object_is_type(v, json_type_string)
               ? json_object_get_string(v) : NULL;
}

static json_object *get_json(const char *key, const char *path, int *status, hc_response_t *keep)
{
    hc_response_t res;
    json_object *o;
    *status = hc_request_auth(S.port, "GET", path, key, NULL, NULL, 0, &res);
    o = res.body ? json_tokener_parse(res.body) : NULL;
    if (keep)
        *keep = res;
    else
        hc_response_free(&res);
    return o;
}

/* s with the first from replaced by to (malloc'd). */
static char *replace(const char *s, const char *from, const char *to)
{
    const char *p = strstr(s, from);
    char *out;
    if (!p)
        return strdup(s);
    out = malloc(strlen(s) - strlen(from) + strlen(to) + 1);
    sprintf(out, "%.*s%s%s", (int)(p - s), s, to, p + strlen(from));
    return out;
}

static int submit(const char *key, const char *profile, const char *data, size_t len)
{
    hc_multipart_t *mp = hc_mp_new();
    hc_response_t res;
    int st;
    hc_mp_field(mp, "profile", profile);
    hc_mp_file(mp, "file", "invoice.xml", "application/xml", data, len);
    st = hc_request_auth(S.port, "POST", "/api/v1/invoices/validate", key, hc_mp_content_type(mp),
                         hc_mp_data(mp), hc_mp_len(mp), &res);
    hc_mp_free(mp);
    if (st != 202)
        fprintf(stderr, "\n  submit: %d %s", st, res.body ? res.body : "");
    hc_response_free(&res);
    tst_sleep_ms(15);   /* distinct createdAt milliseconds, for the time bounds */
    return st;
}

/* Wait until no invoice of key is processing; the unfiltered list, createdAt ascending. */
static json_object *settled_list(const char *key)
{
    double until = tst_now_ms() + 60000;
    for (;;) {
        int st, busy = 0;
        json_object *o = get_json(key, "/api/v1/invoices?size=100&sort=createdAt,asc", &st, NULL), *c;
        size_t i;
        if (st == 200 && json_object_object_get_ex(o, "content", &c)) {
            for (i = 0; i < json_object_array_length(c); i++)
                busy += strcmp(jstr(json_object_array_get_idx(c, i), "status"), "processing") == 0;
            if (!busy || tst_now_ms() > until)
                return o;
        }
        json_object_put(o);
        if (tst_now_ms() > until)
            return NULL;
        tst_sleep_ms(50);
    }
}

static json_object *content(json_object *page)
{
    json_object *c = NULL;
    json_object_object_get_ex(page, "content", &c);
    return c;
}

/* A selection made here: 1 when invoice i of ALL has member key equal to value. */
typedef int (*pick_fn)(json_object *inv, const void *arg);

static int pick_eq(json_object *inv, const void *arg)
{
    const char *const *kv = arg;
    const char *v = jstr(inv, kv[0]);
    return v && strcmp(v, kv[1]) == 0;
}

/* Every page of the filtered list (pages of 2) equals ALL's invoices that pick selects,
 * in order; and that selection is a proper, non-empty part of ALL. */
static void expect_filter(const char *query, pick_fn pick, const void *arg)
{
    json_object *all = content(ALL);
    size_t n = json_object_array_length(all), i, k = 0, want = 0;
    int page;
    for (i = 0; i < n; i++)
        want += pick(json_object_array_get_idx(all, i), arg) != 0;
    if (want == 0 || want == n)
        fprintf(stderr, "\n  %s: selects %zu of %zu (the test data must split)", query, want, n);
    CU_ASSERT_TRUE(want > 0 && want < n);
    for (page = 0; page < N_INV; page++) {
        char path[400];
        int st;
        json_object *o, *c, *tot;
        snprintf(path, sizeof path, "/api/v1/invoices?%s&size=2&page=%d&sort=createdAt,asc", query, page);
        o = get_json(KA, path, &st, NULL);
        CU_ASSERT_EQUAL(st, 200);
        c = content(o);
        if (st != 200 || !c) {
            json_object_put(o);
            return;
        }
        if (json_object_object_get_ex(o, "totalElements", &tot))
            CU_ASSERT_EQUAL(json_object_get_int64(tot), (int64_t)want);
        for (i = 0; i < json_object_array_length(c); i++) {
            const char *id = jstr(json_object_array_get_idx(c, i), "id");
            /* the next invoice of the selection made here */
            while (k < n && !pick(json_object_array_get_idx(all, k), arg))
                k++;
            CU_ASSERT_TRUE_FATAL(k < n);
            CU_ASSERT_STRING_EQUAL(id, jstr(json_object_array_get_idx(all, k), "id"));
            k++;
        }
        i = json_object_array_length(c);
        json_object_put(o);
        if (i < 2)
            break;
    }
    while (k < n && !pick(json_object_array_get_idx(all, k), arg))
        k++;
    CU_ASSERT_EQUAL(k, n);      /* nothing of the selection left unlisted */
}

/* ---- fixtures ---- */

static int suite_init(sp_db_kind kind)
{
    const char *env[] = {"EINV_WORKERS=2", NULL};
    char *bad, *other;
    int ok = 1;
    if (sp_init(&S, kind) != 0 || sp_start(&S, env) != 0)
        return 1;
    if (sp_account_key(&S, "a@example.com", "PRO", 0, 0, -1, KA) != 0 ||
        sp_account_key(&S, "b@example.com", "PRO", 0, 0, -1, KB) != 0)
        return 1;
    /* A: validated UBL, failed UBL (other number), validated CII, UBL under PEPPOL, UBL again
     * (same number as the first), CII with another number; B: the same UBL number */
    bad = replace(UBL, "<cbc:ID>INV-2026-0042</cbc:ID>", "<cbc:ID>INV-F-2</cbc:ID>");
    other = replace(CII, "<ram:ID>CII-2026-0042</ram:ID>", "<ram:ID>CII-B-7</ram:ID>");
    {
        char *t = replace(bad, ">299.88</cbc:PayableAmount>", ">300.00</cbc:PayableAmount>");
        free(bad);
        bad = t;
    }
    ok &= submit(KA, "EN16931", UBL, UBL_LEN) == 202;
    ok &= submit(KA, "EN16931", bad, strlen(bad)) == 202;
    ok &= submit(KA, "EN16931", CII, CII_LEN) == 202;
    ok &= submit(KA, "PEPPOL", UBL, UBL_LEN) == 202;
    ok &= submit(KA, "EN16931", UBL, UBL_LEN) == 202;
    ok &= submit(KA, "EN16931", other, strlen(other)) == 202;
    ok &= submit(KB, "EN16931", UBL, UBL_LEN) == 202;
    free(bad);
    free(other);
    ALL = ok ? settled_list(KA) : NULL;
    json_object_put(settled_list(KB));
    return !ALL || json_object_array_length(content(ALL)) != N_INV;
}

static int init_sqlite(void) { return suite_init(SP_SQLITE); }
static int init_pg(void) { return suite_init(SP_POSTGRES); }
static int suite_clean(void)
{
    json_object_put(ALL);
    ALL = NULL;
    sp_cleanup(&S);
    return 0;
}

/* ---- tests ---- */

static void test_equality_filters(void)
{
    static const char *const validated[] = {"status", "validated"};
    static const char *const failed[] = {"status", "failed_validation"};
    static const char *const ubl[] = {"invoiceFormat", "UBL"};
    static const char *const cii[] = {"invoiceFormat", "CII"};
    static const char *const peppol[] = {"validationProfile", "PEPPOL"};
    static const char *const en[] = {"validationProfile", "EN16931"};
    static const char *const number[] = {"invoiceNumber", "INV-2026-0042"};
    static const char *const cii_b[] = {"invoiceNumber", "CII-B-7"};
    expect_filter("status=validated", pick_eq, validated);
    expect_filter("status=failed_validation", pick_eq, failed);
    expect_filter("format=UBL", pick_eq, ubl);
    expect_filter("format=cii", pick_eq, cii);      /* the format name is case-insensitive */
    expect_filter("profile=peppol", pick_eq, peppol);
    expect_filter("profile=EN16931", pick_eq, en);
    expect_filter("invoiceNumber=INV-2026-0042", pick_eq, number);
    expect_filter("invoiceNumber=CII-B-7", pick_eq, cii_b);
}

static int pick_ubl_validated_en(json_object *inv, const void *arg)
{
    (void)arg;
    return strcmp(jstr(inv, "invoiceFormat"), "UBL") == 0 && strcmp(jstr(inv, "status"), "validated") == 0 &&
           strcmp(jstr(inv, "validationProfile"), "EN16931") == 0;
}

static void test_combined_and_isolated(void)
{
    int st;
    json_object *o;
    expect_filter("status=validated&format=UBL&profile=EN16931", pick_ubl_validated_en, NULL);
    /* B's invoice has the same number: A never sees it, B sees only its own */
    o = get_json(KB, "/api/v1/invoices?invoiceNumber=INV-2026-0042", &st, NULL);
    CU_ASSERT_EQUAL(st, 200);
    CU_ASSERT_EQUAL(json_object_array_length(content(o)), 1);
    json_object_put(o);
    o = get_json(KB, "/api/v1/invoices?invoiceNumber=CII-B-7", &st, NULL);
    CU_ASSERT_EQUAL(json_object_array_length(content(o)), 0);
    json_object_put(o);
    /* a number nobody has: an empty page, not an error */
    o = get_json(KA, "/api/v1/invoices?invoiceNumber=NOPE%20%26%20%27x", &st, NULL);
    CU_ASSERT_EQUAL(st, 200);
    CU_ASSERT_EQUAL(json_object_array_length(content(o)), 0);
    json_object_put(o);
}

/* createdAt of ALL's invoice i as epoch ms. */
static long long created_ms(size_t i)
{
    long long ms = -1;
    list_query_time(jstr(json_object_array_get_idx(content(ALL), i), "createdAt"), 0, &ms);
    return ms;
}

static int pick_time(json_object *inv, const void *arg)
{
    const long long *b = arg;   /* {from, to}, -1: none */
    long long ms = -1;
    list_query_time(jstr(inv, "createdAt"), 0, &ms);
    return (b[0] < 0 || ms >= b[0]) && (b[1] < 0 || ms <= b[1]);
}

static void test_time_bounds(void)
{
    json_object *all = content(ALL);
    char q[300], enc[80];
    const char *c2 = jstr(json_object_array_get_idx(all, 2), "createdAt");
    const char *c4 = jstr(json_object_array_get_idx(all, 4), "createdAt");
    long long from_to[2] = {created_ms(2), -1};
    int st;
    json_object *o;
    CU_ASSERT_TRUE_FATAL(from_to[0] > 0 && created_ms(4) > from_to[0]);
    /* from is inclusive: the invoice created at that very millisecond is listed */
    snprintf(q, sizeof q, "from=%s", c2);
    expect_filter(q, pick_time, from_to);
    /* to is inclusive as well */
    from_to[0] = -1;
    from_to[1] = created_ms(4);
    snprintf(q, sizeof q, "to=%s", c4);
    expect_filter(q, pick_time, from_to);
    from_to[0] = created_ms(2);
    snprintf(q, sizeof q, "from=%s&to=%s", c2, c4);
    expect_filter(q, pick_time, from_to);
    /* the same instant with an offset: +01:00 written %2B, and a raw + (form-decoded to a
     * space), and -02:30 */
    {
        long long ms = created_ms(2);
        static const struct { long long shift_min; const char *fmt; } OFF[] = {
            {60, "%%2B01:00"}, {60, "+01:00"}, {-150, "-02:30"}};
        size_t k;
        from_to[0] = ms;
        from_to[1] = -1;
        for (k = 0; k < sizeof OFF / sizeof OFF[0]; k++) {
            long long local = ms + OFF[k].shift_min * 60000;
            long long sec = local / 1000, day = sec / 86400, rem = sec % 86400;
            /* civil date of day (H. Hinnant's civil_from_days) */
            long long z = day + 719468, era = z / 146097, doe = z - era * 146097;
            long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
            long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
            long long d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9, y = yoe + era * 400 + (m <= 2);
            snprintf(enc, sizeof enc, OFF[k].fmt, 0);
            snprintf(q, sizeof q, "from=%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%03lld%s", y, m, d, rem / 3600,
                     rem / 60 % 60, rem % 60, local % 1000, enc);
            expect_filter(q, pick_time, from_to);
        }
    }
    /* dates: a day is all of it; today holds everything, a day long past nothing */
    snprintf(q, sizeof q, "/api/v1/invoices?from=%.10s&to=%.10s", c2, c4);
    o = get_json(KA, q, &st, NULL);
    CU_ASSERT_EQUAL(st, 200);
    CU_ASSERT_TRUE(json_object_array_length(content(o)) >= 3);
    json_object_put(o);
    o = get_json(KA, "/api/v1/invoices?to=2001-02-03", &st, NULL);
    CU_ASSERT_EQUAL(st, 200);
    CU_ASSERT_EQUAL(json_object_array_length(content(o)), 0);
    json_object_put(o);
    o = get_json(KA, "/api/v1/invoices?from=9999-12-31", &st, NULL);
    CU_ASSERT_EQUAL(json_object_array_length(content(o)), 0);
    json_object_put(o);
}

static void expect_400(const char *query, const char *names)
{
    char path[400];
    hc_response_t res;
    int st;
    json_object *o, *m;
    snprintf(path, sizeof path, "/api/v1/invoices?%s", query);
    o = get_json(KA, path, &st, &res);
    CU_ASSERT_EQUAL(st, 400);
    m = NULL;
    json_object_object_get_ex(o, "message", &m);
    if (st != 400 || !m || strncmp(json_object_get_string(m), names, strlen(names)) != 0)
        fprintf(stderr, "\n  %s: want 400 naming '%s', got %d %s", query, names, st, res.body ? res.body : "");
    CU_ASSERT_TRUE(m && strncmp(json_object_get_string(m), names, strlen(names)) == 0);
    json_object_put(o);
    hc_response_free(&res);
}

static void test_refusals(void)
{
    /* unknown, misspelt or repeated parameters */
    expect_400("foo=1", "foo:");
    expect_400("Status=validated", "Status:");
    expect_400("status=validated&invoice_number=X", "invoice_number:");
    expect_400("page=0&%73tatu=1", "statu:");               /* names are decoded first */
    expect_400("status=validated&status=processing", "status: given more than once");
    expect_400("size=5&size=6", "size: given more than once");
    expect_400("%00=1", "%00:");
    /* bad values */
    expect_400("status=done", "status:");
    expect_400("status=", "status:");
    expect_400("format=PDF", "format:");
    expect_400("profile=NOPE", "profile:");
    expect_400("profile=", "profile:");
    expect_400("invoiceNumber=", "invoiceNumber:");
    expect_400("from=yesterday", "from:");
    expect_400("from=2026-13-01", "from:");
    expect_400("to=2026-02-30", "to:");
    expect_400("to=2026-02-28T24:00:00Z", "to:");
    expect_400("to=2026-02-28T10:00:00+1:00", "to:");
    expect_400("from=1969-12-31", "from:");
    expect_400("from=2026-01-02&to=2026-01-01", "from: later than to");
    /* the known checks still come with the filters */
    expect_400("status=validated&size=0", "size:");
}

/* ---- keyset pages (after=<id>): what a client following its own invoices asks ---- */

/* The ids of one keyset page of A (query without the leading '?'), or NULL on a non-200. */
static json_object *keyset(const char *query, int *st)
{
    char path[400];
    json_object *o;
    snprintf(path, sizeof path, "/api/v1/invoices?%s", query);
    o = get_json(KA, path, st, NULL);
    if (*st != 200) {
        json_object_put(o);
        return NULL;
    }
    return o;
}

/* Page o lists exactly ALL's invoices first..first+n-1 (step -1: downwards), uncounted. */
static void expect_ids(json_object *o, int first, int n, int step)
{
    json_object *c = content(o), *tot = NULL;
    int i;
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_EQUAL(json_object_array_length(c), (size_t)n);
    for (i = 0; i < n && i < (int)json_object_array_length(c); i++)
        CU_ASSERT_STRING_EQUAL(jstr(json_object_array_get_idx(c, i), "id"),
                               jstr(json_object_array_get_idx(content(ALL), first + i * step), "id"));
    /* keyset pages are not counted: totalElements is null, not a wrong number */
    CU_ASSERT_TRUE(json_object_object_get_ex(o, "totalElements", &tot) && tot == NULL);
}

static const char *all_id(int i)
{
    return jstr(json_object_array_get_idx(content(ALL), i), "id");
}

static void test_keyset(void)
{
    char q[300];
    int st, i;
    json_object *o;
    /* ascending: after invoice i come i+1 and i+2; after the last one, nothing */
    for (i = 0; i < N_INV; i++) {
        int n = N_INV - 1 - i < 2 ? N_INV - 1 - i : 2;
        snprintf(q, sizeof q, "sort=createdAt,asc&size=2&after=%s", all_id(i));
        o = keyset(q, &st);
        CU_ASSERT_EQUAL(st, 200);
        if (o)
            expect_ids(o, i + 1, n, 1);
        json_object_put(o);
    }
    /* descending: after invoice 3 come 2, 1, 0; an upper-case id is the same invoice */
    {
        char up[40];
        snprintf(up, sizeof up, "%s", all_id(3));
        for (i = 0; up[i]; i++)
            up[i] = (char)toupper((unsigned char)up[i]);
        snprintf(q, sizeof q, "sort=createdAt,desc&size=10&after=%s", up);
    }
    o = keyset(q, &st);
    CU_ASSERT_EQUAL(st, 200);
    if (o)
        expect_ids(o, 2, 3, -1);
    json_object_put(o);
    /* with a filter: only the matching invoices after the cursor (ALL's 0 and 1 are a
     * validated and a failed UBL, so status=failed_validation after 0 starts with 1) */
    snprintf(q, sizeof q, "sort=createdAt,asc&status=failed_validation&after=%s", all_id(0));
    o = keyset(q, &st);
    CU_ASSERT_EQUAL(st, 200);
    if (o) {
        CU_ASSERT_TRUE(json_object_array_length(content(o)) >= 1);
        CU_ASSERT_STRING_EQUAL(jstr(json_object_array_get_idx(content(o), 0), "id"), all_id(1));
        for (i = 0; i < (int)json_object_array_length(content(o)); i++)
            CU_ASSERT_STRING_EQUAL(jstr(json_object_array_get_idx(content(o), i), "status"), "failed_validation");
    }
    json_object_put(o);
    /* refusals: a cursor that is not a UUID, unknown, or another account's; another sort
     * field; page with after */
    expect_400("after=nope", "after: not a valid UUID");
    expect_400("after=00000000-0000-4000-8000-000000000000", "after: no invoice with this id");
    {
        json_object *b = get_json(KB, "/api/v1/invoices?size=1", &st, NULL);
        const char *bid = jstr(json_object_array_get_idx(content(b), 0), "id");
        CU_ASSERT_PTR_NOT_NULL(bid);
        if (bid) {
            snprintf(q, sizeof q, "after=%s", bid);
            expect_400(q, "after: no invoice with this id");
        }
        json_object_put(b);
    }
    snprintf(q, sizeof q, "sort=status,asc&after=%s", all_id(0));
    expect_400(q, "after: only with sort=createdAt");
    snprintf(q, sizeof q, "page=1&after=%s", all_id(0));
    expect_400(q, "after: not with page");
    snprintf(q, sizeof q, "after=%s&after=%s", all_id(0), all_id(1));
    expect_400(q, "after: given more than once");
}

static void test_time_parser(void)
{
    long long ms;
    CU_ASSERT_EQUAL(list_query_time("1970-01-01", 0, &ms), 0);
    CU_ASSERT_EQUAL(ms, 0);
    CU_ASSERT_EQUAL(list_query_time("1970-01-01", 1, &ms), 0);
    CU_ASSERT_EQUAL(ms, 86399999);
    CU_ASSERT_EQUAL(list_query_time("2024-02-29T12:30:15.1234Z", 0, &ms), 0);
    CU_ASSERT_EQUAL(ms, 1709209815123LL);
    CU_ASSERT_EQUAL(list_query_time("2024-02-29T13:30+01:00", 0, &ms), 0);
    CU_ASSERT_EQUAL(ms, 1709209800000LL);
    CU_ASSERT_EQUAL(list_query_time("2024-02-29T12:30:00", 0, &ms), 0);     /* no offset: UTC */
    CU_ASSERT_EQUAL(ms, 1709209800000LL);
    CU_ASSERT_EQUAL(list_query_time("2023-02-29", 0, &ms), -1);
    CU_ASSERT_EQUAL(list_query_time("2024-02-29T12:30:00.Z", 0, &ms), -1);
    CU_ASSERT_EQUAL(list_query_time("2024-02-29T12:30:00Zjunk", 0, &ms), -1);
    CU_ASSERT_EQUAL(list_query_time("2024-2-29", 0, &ms), -1);
}

/* The plan SQLite makes for the listing's count with filter f names index. */
static int uses_index(sqlite3 *db, const store_list_filter_t *f, const char *index)
{
    char sql[600];
    store_where_t w;
    sqlite3_stmt *st = NULL;
    int i, found = 0;
    store_list_where(&w, "00000000-0000-4000-8000-000000000000", f, 0);
    store_list_after(&w, f, 0, 0);
    snprintf(sql, sizeof sql, "EXPLAIN QUERY PLAN SELECT count(*) FROM invoices WHERE %s", w.sql);
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return 0;
    for (i = 0; i < w.n; i++)
        sqlite3_bind_text(st, i + 1, w.vals[i], -1, SQLITE_TRANSIENT);
    while (sqlite3_step(st) == SQLITE_ROW)
        found |= strstr((const char *)sqlite3_column_text(st, 3), index) != NULL;
    if (!found)
        fprintf(stderr, "\n  %s: no %s in the plan", w.sql, index);
    sqlite3_finalize(st);
    return found;
}

/* Each filter's query is served by an index of migration 004 (or the account's). */
static void test_sqlite_plans(void)
{
    sqlite3 *db = NULL;
    store_list_filter_t f = {NULL, NULL, NULL, NULL, -1, -1, NULL};
    CU_ASSERT_EQUAL_FATAL(strncmp(S.database, "sqlite:", 7), 0);
    CU_ASSERT_EQUAL_FATAL(sqlite3_open_v2(S.database + 7, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    f.status = "validated";
    CU_ASSERT_TRUE(uses_index(db, &f, "invoices_account_status_created"));
    f.from_ms = 1700000000000LL;
    CU_ASSERT_TRUE(uses_index(db, &f, "invoices_account_status_created"));
    f.status = NULL;
    f.from_ms = -1;
    f.invoice_number = "INV-1";
    CU_ASSERT_TRUE(uses_index(db, &f, "invoices_account_number"));
    f.invoice_number = NULL;
    f.from_ms = 1700000000000LL;
    f.to_ms = 1800000000000LL;
    CU_ASSERT_TRUE(uses_index(db, &f, "invoices_account_created"));
    f.from_ms = f.to_ms = -1;
    f.format = "UBL";
    CU_ASSERT_TRUE(uses_index(db, &f, "invoices_account"));
    {   /* a keyset page's condition keeps the account's index */
        store_list_filter_t k = {NULL, NULL, NULL, NULL, -1, -1, "00000000-0000-4000-8000-000000000001"};
        CU_ASSERT_TRUE(uses_index(db, &k, "invoices_account_created"));
    }
    sqlite3_close(db);
}

static void add_tests(CU_pSuite s)
{
    CU_add_test(s, "status, format, profile, invoiceNumber", test_equality_filters);
    CU_add_test(s, "combined filters and tenant isolation", test_combined_and_isolated);
    CU_add_test(s, "from/to: inclusive, offsets, dates", test_time_bounds);
    CU_add_test(s, "unknown, repeated and bad parameters: 400 naming them", test_refusals);
    CU_add_test(s, "keyset pages (after): order, direction, filters, refusals", test_keyset);
}

unsigned tst_after(void)
{
    free(UBL);
    free(CII);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    UBL = tst_read_data("ubl/sample-invoice.xml", &UBL_LEN);
    CII = tst_read_data("cii/sample-invoice.xml", &CII_LEN);
    if (!UBL || !CII) {
        tst_setup_failed("the samples cannot be read (EINV_TEST_DATA)");
        return;
    }
    s = CU_add_suite("list_filters_parser", NULL, NULL);
    CU_add_test(s, "ISO 8601 dates and date-times", test_time_parser);
    s = CU_add_suite("list_filters_sqlite", init_sqlite, suite_clean);
    add_tests(s);
    CU_add_test(s, "the filters' queries use the indexes (SQLite plans)", test_sqlite_plans);
    if (sp_pg_missing())
        tst_skip("EINV_TEST_PG_URL not set (PostgreSQL suite)");
    else {
        s = CU_add_suite("list_filters_postgresql", init_pg, suite_clean);
        add_tests(s);
    }
}
