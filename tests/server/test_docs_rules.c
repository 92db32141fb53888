/* The self-hosted rule documentation (docs/api.md "Rule documentation") over real HTTP against
 * the real einvoiced: every code the installed plugins list (the core's, every format's, every
 * profile's table, read here through the engine, independently of the server's catalogue) and
 * the service's own codes have a page (200, text/html with a strict CSP, naming the code);
 * every link of the index pages resolves; an unknown code is a 404 page that shows the hostile
 * code escaped; and EINV_DOCS_URL's template ({code}, {profile}; a bare base appends /code;
 * default: these pages) is what the findings of a stored validationResult carry. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "docs_rules.h"
#include "engine.h"
#include "http_client.h"
#include "server_proc.h"
#include "tsupport.h"

static sp_server_t S;
static char KEY[SP_KEY_MAX];
static einv_engine_t *E;
static char *UBL_BAD;

/* ---- a small set of strings ---- */
typedef struct strset {
    char **v;
    size_t n, cap;
} strset_t;

static int set_add(strset_t *s, const char *x)
{
    size_t i;
    for (i = 0; i < s->n; i++)
        if (strcmp(s->v[i], x) == 0)
            return 0;
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 256;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = strdup(x);
    return 1;
}

static strset_t PAGES_OK;   /* paths that answered 200 already (the links test need not ask again) */

static void set_free(strset_t *s)
{
    size_t i;
    for (i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
    memset(s, 0, sizeof *s);
}

static void add_table(strset_t *s, const einv_rule_t *const *rules, size_t n)
{
    size_t i;
    for (i = 0; rules && i < n; i++)
        set_add(s, rules[i]->id);
}

/* Every code the installed plugins' tables hold. */
static void plugin_codes(strset_t *s)
{
    size_t i;
    add_table(s, einv_core_rules, einv_core_rules_count);
    for (i = 0; i < einv_engine_format_count(E); i++)
        add_table(s, einv_engine_format_at(E, i)->rules, einv_engine_format_at(E, i)->n_rules);
    for (i = 0; i < einv_engine_profile_count(E); i++)
        add_table(s, einv_engine_profile_at(E, i)->rules, einv_engine_profile_at(E, i)->n_rules);
}

/* A path segment percent-encoded as the pages link it. */
static void encode(const char *in, char *out, size_t size)
{
    size_t o = 0;
    for (; *in && o + 4 < size; in++) {
        unsigned char c = (unsigned char)*in;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
            c == '_' || c == '~')
            out[o++] = (char)c;
        else
            o += (size_t)snprintf(out + o, size - o, "%%%02X", c);
    }
    out[o] = 0;
}

/* GET path: status; the body in *body (malloc'd) when asked; checks the HTML headers. */
static int get_page(const char *path, char **body)
{
    hc_response_t res;
    char ct[100], csp[300];
    int st = hc_request(S.port, "GET", path, NULL, NULL, 0, &res);
    if (st == 200 || st == 404) {
        CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Content-Type", ct, sizeof ct));
        CU_ASSERT_TRUE(strncmp(ct, "text/html", 9) == 0);
        CU_ASSERT_PTR_NOT_NULL(hc_header(&res, "Content-Security-Policy", csp, sizeof csp));
        CU_ASSERT_PTR_NOT_NULL(strstr(csp, "default-src 'none'"));
        CU_ASSERT_PTR_NULL(strstr(csp, "script-src"));
        CU_ASSERT_TRUE(res.body && strncmp(res.body, "<!DOCTYPE html>", 15) == 0);
        /* self-contained: nothing loaded from anywhere */
        CU_ASSERT_TRUE(res.body && !strstr(res.body, "<script") && !strstr(res.body, "<img") &&
                       !strstr(res.body, "<link") && !strstr(res.body, "src="));
    }
    if (body)
        *body = res.body ? strdup(res.body) : NULL;
    hc_response_free(&res);
    return st;
}

/* The hrefs of page, resolved against the page's folder (dir ends in '/'). */
static void links(const char *page, const char *dir, strset_t *out)
{
    const char *p = page;
    while (p && (p = strstr(p, "href=\""))) {
        char url[600], res[700];
        const char *e;
        p += 6;
        e = strchr(p, '"');
        if (!e || e - p >= (long)sizeof url)
            break;
        snprintf(url, sizeof url, "%.*s", (int)(e - p), p);
        /* the pages link relatively: "rules...", "../rules..." */
        if (strncmp(url, "../", 3) == 0) {
            char up[300];
            snprintf(up, sizeof up, "%s", dir);
            up[strlen(up) - 1] = 0;
            *strrchr(up, '/') = 0;
            snprintf(res, sizeof res, "%s/%s", up, url + 3);
        } else
            snprintf(res, sizeof res, "%s%s", dir, url);
        /* &amp; in an attribute is & */
        for (char *a; (a = strstr(res, "&amp;"));)
            memmove(a + 1, a + 5, strlen(a + 5) + 1);
        set_add(out, res);
        p = e;
    }
}

/* ---- fixtures ---- */

static int start(const char *const *env)
{
    if (sp_init(&S, SP_SQLITE) != 0 || sp_start(&S, env) != 0)
        return 1;
    return sp_account_key(&S, "docs@example.com", "PRO", 0, 0, -1, KEY) != 0;
}

static int init_default(void) { return start(NULL); }
static int clean(void)
{
    sp_cleanup(&S);
    return 0;
}

/* ---- pages ---- */

/* The text of the first <pre class="cls"> of page (malloc'd), or NULL. */
static char *pre_block(const char *page, const char *cls)
{
    char open[40];
    const char *b, *e;
    snprintf(open, sizeof open, "<pre class=\"%s\">", cls);
    b = page ? strstr(page, open) : NULL;
    e = b ? strstr(b, "</pre>") : NULL;
    return b && e ? strndup(b + strlen(open), (size_t)(e - b - strlen(open))) : NULL;
}

static void test_every_code_has_a_page(void)
{
    strset_t codes = {0};
    size_t i, bad = 0, examples = 0;
    plugin_codes(&codes);
    CU_ASSERT_TRUE(codes.n > 500);
    for (i = 0; i < codes.n; i++) {
        char path[300], enc[200], *body = NULL;
        int st;
        encode(codes.v[i], enc, sizeof enc);
        snprintf(path, sizeof path, "/docs/rules/%s", enc);
        st = get_page(path, &body);
        if (st != 200 || !body || !strstr(body, codes.v[i])) {
            if (bad++ < 5)
                fprintf(stderr, "\n  %s: %d", path, st);
        } else
            set_add(&PAGES_OK, path);
        if (body && strstr(body, "<h3>Fails</h3>")) {
            /* an example has both sides, and they differ */
            char *f = pre_block(body, "bad"), *g = pre_block(body, "good");
            CU_ASSERT_TRUE(f && g && *f && *g && strcmp(f, g) != 0);
            examples++;
            free(f);
            free(g);
        } else if (body)
            CU_ASSERT_PTR_NOT_NULL(strstr(body, "No example is shown"));
        free(body);
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_TRUE(examples * 3 > codes.n);     /* most "must not be present" rules, many BR rules */
    printf("\n  %zu plugin codes, each with a page, %zu with a checked example", codes.n, examples);
    set_free(&codes);
}

static void test_service_codes(void)
{
    static const char *const CODES[] = {"PROCESSING-TIMEOUT", "PROCESSING-FAILED", "PROFILE-UNAVAILABLE",
                                        "FORMAT-UNAVAILABLE", "IO-READ"};
    size_t i;
    char *idx = NULL;
    CU_ASSERT_EQUAL(get_page("/docs/rules", &idx), 200);
    for (i = 0; i < sizeof CODES / sizeof CODES[0]; i++) {
        char path[100], *body = NULL;
        snprintf(path, sizeof path, "/docs/rules/%s", CODES[i]);
        CU_ASSERT_EQUAL(get_page(path, &body), 200);
        CU_ASSERT_TRUE(body && strstr(body, CODES[i]) && strstr(body, "How to fix"));
        /* listed on the index */
        CU_ASSERT_TRUE(idx && strstr(idx, CODES[i]));
        free(body);
    }
    free(idx);
}

static void test_index_links_resolve(void)
{
    strset_t pages = {0}, seen = {0};
    size_t i, bad = 0, k;
    char *body = NULL;
    CU_ASSERT_EQUAL_FATAL(get_page("/docs/rules", &body), 200);
    links(body, "/docs/", &pages);
    free(body);
    /* the index links every installed profile's list */
    for (i = 0; i < einv_engine_profile_count(E); i++) {
        char want[120];
        snprintf(want, sizeof want, "/docs/rules?profile=%s", einv_engine_profile_at(E, i)->name);
        CU_ASSERT_TRUE(set_add(&seen, want) == 1);
        for (k = 0; k < pages.n && strcmp(pages.v[k], want) != 0; k++)
            ;
        CU_ASSERT_TRUE(k < pages.n);
    }
    set_free(&seen);
    /* follow the profile lists' links one level: every link answers 200 */
    for (i = 0; i < pages.n; i++) {
        if (!strstr(pages.v[i], "?profile="))
            continue;
        body = NULL;
        CU_ASSERT_EQUAL(get_page(pages.v[i], &body), 200);
        links(body, "/docs/", &seen);
        free(body);
    }
    CU_ASSERT_TRUE(seen.n > 500);
    for (i = 0; i < pages.n; i++)
        set_add(&seen, pages.v[i]);
    for (i = 0; i < seen.n; i++) {
        size_t j;
        int st;
        for (j = 0; j < PAGES_OK.n && strcmp(PAGES_OK.v[j], seen.v[i]) != 0; j++)
            ;
        if (j < PAGES_OK.n)
            continue;       /* the same URL answered 200 in the test of every code */
        st = get_page(seen.v[i], NULL);
        if (st != 200 && bad++ < 5)
            fprintf(stderr, "\n  link %s: %d", seen.v[i], st);
    }
    CU_ASSERT_EQUAL(bad, 0);
    /* and the rule pages link back to lists that resolve */
    body = NULL;
    CU_ASSERT_EQUAL(get_page("/docs/rules/BR-CO-10", &body), 200);
    set_free(&pages);
    links(body, "/docs/rules/", &pages);
    free(body);
    CU_ASSERT_TRUE(pages.n >= 2);
    for (i = 0; i < pages.n; i++)
        CU_ASSERT_EQUAL(get_page(pages.v[i], NULL), 200);
    printf("\n  %zu index links followed", seen.n);
    set_free(&pages);
    set_free(&seen);
}

/* Examples of the three kinds of change: a value raised, an element emptied, one added. */
static void test_examples(void)
{
    static const struct {
        const char *code, *failing_has, *passing_has;
    } EX[] = {{"BR-CO-10", "253.00", "252.00"},                       /* BT-106 raised by one */
              {"BR-02", "&lt;cbc:ID&gt;&lt;/cbc:ID&gt;", "INV-2026-0042"},   /* BT-1 emptied */
              {"UBL-CR-500", "cbc:BaseUnitMeasure", "cac:TaxSubtotal"}};  /* an element added */
    size_t i;
    for (i = 0; i < sizeof EX / sizeof EX[0]; i++) {
        char path[100], *body = NULL, *f, *g;
        snprintf(path, sizeof path, "/docs/rules/%s", EX[i].code);
        CU_ASSERT_EQUAL(get_page(path, &body), 200);
        f = pre_block(body, "bad");
        g = pre_block(body, "good");
        if (!f || !strstr(f, EX[i].failing_has) || !g || !strstr(g, EX[i].passing_has))
            fprintf(stderr, "\n  %s: example\n%s\n--\n%s", EX[i].code, f ? f : "(none)", g ? g : "(none)");
        CU_ASSERT_TRUE(f && strstr(f, EX[i].failing_has));
        CU_ASSERT_TRUE(g && strstr(g, EX[i].passing_has) && !strstr(g, EX[i].failing_has));
        free(f);
        free(g);
        free(body);
    }
}

/* The embedded samples are the test data's (a changed sample would change the examples). */
static void test_samples_current(void)
{
    size_t len;
    char *ubl = tst_read_data("ubl/sample-invoice.xml", &len), *cii = tst_read_data("cii/sample-invoice.xml", &len);
    CU_ASSERT_TRUE(ubl && strcmp(ubl, docs_sample_ubl) == 0);
    CU_ASSERT_TRUE(cii && strcmp(cii, docs_sample_cii) == 0);
    free(ubl);
    free(cii);
}

static void test_search_and_unknown(void)
{
    char *body = NULL;
    CU_ASSERT_EQUAL(get_page("/docs/rules?q=br-co-10", &body), 200);
    CU_ASSERT_TRUE(body && strstr(body, "rules/BR-CO-10\""));
    free(body);
    body = NULL;
    CU_ASSERT_EQUAL(get_page("/docs/rules?q=BT-106", &body), 200);
    CU_ASSERT_TRUE(body && strstr(body, "BR-CO-10"));
    free(body);
    body = NULL;
    CU_ASSERT_EQUAL(get_page("/docs/rules/NO-SUCH-RULE-1", &body), 404);
    CU_ASSERT_TRUE(body && strstr(body, "NO-SUCH-RULE-1"));
    free(body);
    body = NULL;
    /* a hostile code comes back escaped, never as markup */
    CU_ASSERT_EQUAL(get_page("/docs/rules/%3Cscript%3Ealert(1)%3C%2Fscript%3E", &body), 404);
    CU_ASSERT_TRUE(body && strstr(body, "&lt;script&gt;") && !strstr(body, "<script>"));
    free(body);
    body = NULL;
    CU_ASSERT_EQUAL(get_page("/docs/rules?profile=%22%3E%3Cb%3E", &body), 404);
    CU_ASSERT_TRUE(body && !strstr(body, "\"><b>"));
    free(body);
    body = NULL;
    CU_ASSERT_EQUAL(get_page("/docs/rules?q=%22%3E%3Cscript%3E", &body), 200);
    CU_ASSERT_TRUE(body && !strstr(body, "<script>"));
    free(body);
    /* no authentication needed, and the API's paths are untouched */
    {
        hc_response_t res;
        CU_ASSERT_EQUAL(hc_request(S.port, "GET", "/docs/rules/BR-01/more", NULL, NULL, 0, &res), 404);
        hc_response_free(&res);
    }
}

/* ---- documentationUrl ---- */

/* Submit the invalid sample and check every finding's documentationUrl with want(code). */
static void check_urls(const char *prefix, const char *suffix, int follow)
{
    hc_multipart_t *mp = hc_mp_new();
    hc_response_t res;
    json_object *o = NULL, *v, *list[2];
    char id[64] = "", path[200];
    size_t i, n = 0, k;
    int st, tries;
    hc_mp_field(mp, "profile", "EN16931");
    hc_mp_file(mp, "file", "bad.xml", "application/xml", UBL_BAD, strlen(UBL_BAD));
    st = hc_request_auth(S.port, "POST", "/api/v1/invoices/validate", KEY, hc_mp_content_type(mp),
                         hc_mp_data(mp), hc_mp_len(mp), &res);
    hc_mp_free(mp);
    CU_ASSERT_EQUAL_FATAL(st, 202);
    o = json_tokener_parse(res.body);
    snprintf(id, sizeof id, "%s", json_object_object_get_ex(o, "id", &v) ? json_object_get_string(v) : "");
    json_object_put(o);
    hc_response_free(&res);
    snprintf(path, sizeof path, "/api/v1/invoices/%s", id);
    for (tries = 0, o = NULL; tries < 500; tries++) {
        json_object_put(o);
        hc_json(S.port, "GET", path, KEY, NULL, &res);
        o = json_tokener_parse(res.body);
        hc_response_free(&res);
        if (json_object_object_get_ex(o, "status", &v) && strcmp(json_object_get_string(v), "processing") != 0)
            break;
        tst_sleep_ms(20);
    }
    CU_ASSERT_FATAL(json_object_object_get_ex(o, "validationResult", &v));
    list[0] = json_object_object_get(v, "errors");
    list[1] = json_object_object_get(json_object_object_get(v, "kositResult"), "errors");
    for (k = 0; k < 2; k++)
        for (i = 0; list[k] && i < json_object_array_length(list[k]); i++, n++) {
            json_object *f = json_object_array_get_idx(list[k], i);
            const char *code = json_object_get_string(json_object_object_get(f, "code"));
            const char *url = json_object_get_string(json_object_object_get(f, "documentationUrl"));
            char want[400];
            snprintf(want, sizeof want, "%s%s%s", prefix, code, suffix);
            if (!url || strcmp(url, want) != 0)
                fprintf(stderr, "\n  documentationUrl %s, want %s", url ? url : "(none)", want);
            CU_ASSERT_TRUE(url && strcmp(url, want) == 0);
            if (follow && url)
                CU_ASSERT_EQUAL(get_page(url, NULL), 200);   /* the default resolves here */
        }
    CU_ASSERT_TRUE(n >= 1);
    json_object_put(o);
}

static void test_default_url_is_ours(void) { check_urls("/docs/rules/", "", 1); }

static void test_template(void)
{
    const char *env[] = {"EINV_DOCS_URL=https://docs.example.test/{profile}/rules/{code}.html?from={profile}", NULL};
    sp_cleanup(&S);
    CU_ASSERT_EQUAL_FATAL(start(env), 0);
    check_urls("https://docs.example.test/EN16931/rules/", ".html?from=EN16931", 0);
}

static void test_bare_base_appends_code(void)
{
    const char *env[] = {"EINV_DOCS_URL=https://legacy.example.test/rules", NULL};
    sp_cleanup(&S);
    CU_ASSERT_EQUAL_FATAL(start(env), 0);
    check_urls("https://legacy.example.test/rules/", "", 0);
}

static void test_url_function(void)
{
    char out[64];
    CU_ASSERT_EQUAL(einv_docs_url("/d/{code}", "BR-01", "X", out, sizeof out), 0);
    CU_ASSERT_STRING_EQUAL(out, "/d/BR-01");
    CU_ASSERT_EQUAL(einv_docs_url("https://x/", "BR-01", "X", out, sizeof out), 0);
    CU_ASSERT_STRING_EQUAL(out, "https://x/BR-01");
    CU_ASSERT_EQUAL(einv_docs_url("{profile}:{code}", "A B/&", "P Q", out, sizeof out), 0);
    CU_ASSERT_STRING_EQUAL(out, "P%20Q:A%20B%2F%26");
    CU_ASSERT_EQUAL(einv_docs_url("{code}{code}", "BR-01", "", out, 10), -1);
    CU_ASSERT_EQUAL(einv_docs_url("{nothing}/", "BR-01", "", out, sizeof out), 0);
    CU_ASSERT_STRING_EQUAL(out, "{nothing}/BR-01");
}

unsigned tst_after(void)
{
    set_free(&PAGES_OK);
    einv_engine_close(E);
    free(UBL_BAD);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    einv_error_t err;
    size_t len;
    char *ubl = tst_read_data("ubl/sample-invoice.xml", &len), *p;
    E = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    if (!ubl || !E || !(p = strstr(ubl, ">299.88</cbc:PayableAmount>"))) {
        tst_setup_failed("the sample or the plugins cannot be read");
        free(ubl);
        return;
    }
    memcpy(p, ">300.00", 7);    /* BR-CO-16 and friends fire: findings to look at */
    UBL_BAD = ubl;
    s = CU_add_suite("docs_rules_function", NULL, NULL);
    CU_add_test(s, "einv_docs_url", test_url_function);
    CU_add_test(s, "the examples' samples are the test data's", test_samples_current);
    s = CU_add_suite("docs_rules_http", init_default, clean);
    CU_add_test(s, "every plugin code has a page", test_every_code_has_a_page);
    CU_add_test(s, "the service's own codes have pages", test_service_codes);
    CU_add_test(s, "index links resolve", test_index_links_resolve);
    CU_add_test(s, "checked examples: raised, emptied, added", test_examples);
    CU_add_test(s, "search, 404 page, escaping", test_search_and_unknown);
    CU_add_test(s, "documentationUrl defaults to these pages", test_default_url_is_ours);
    CU_add_test(s, "EINV_DOCS_URL template with {code} and {profile}", test_template);
    CU_add_test(s, "EINV_DOCS_URL without placeholders: base/code", test_bare_base_appends_code);
}
