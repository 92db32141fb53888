/* Keeps docs/openapi.yaml true to the server: every route einvoiced registers (all
 * routes_*_register, listed by http_routes_list) must appear in the OpenAPI document under
 * the same path (the document's paths are relative to the server URL, which ends in /api,
 * so "/api/v1/x" is "/v1/x" there) with the same method, and every operation the document
 * lists must be a registered route. The YAML is read line by line: path keys at two spaces
 * of indent under "paths:", method keys at four. */
#include <CUnit/Basic.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "http.h"
#include "metrics.h"
#include "webhooks.h"

#define MAX_OPS 256

typedef struct op {
    char method[16];    /* upper case */
    char path[256];
} op_t;

static op_t doc_ops[MAX_OPS];
static size_t n_doc_ops;
static const char *r_methods[MAX_OPS], *r_patterns[MAX_OPS];
static size_t n_routes;

static int load_doc(void)
{
    char path[1024], line[2048], cur[256] = "";
    const char *src = getenv("EINV_SOURCE_DIR");
    int in_paths = 0;
    FILE *f;
    snprintf(path, sizeof path, "%s/docs/openapi.yaml", src && *src ? src : ".");
    f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        size_t n = strcspn(line, "\r\n");
        line[n] = 0;
        if (!line[0] || line[0] == '#')
            continue;
        if (line[0] != ' ') {
            in_paths = strncmp(line, "paths:", 6) == 0;
            cur[0] = 0;
            continue;
        }
        if (!in_paths)
            continue;
        if (line[0] == ' ' && line[1] == ' ' && line[2] != ' ') {
            /* a path key: "  /v1/x:" or "  '/v1/x':" */
            char *p = line + 2, *e;
            if (*p == '\'' || *p == '"')
                p++;
            e = strrchr(p, ':');
            if (!e)
                continue;
            *e = 0;
            n = strlen(p);
            if (n && (p[n - 1] == '\'' || p[n - 1] == '"'))
                p[n - 1] = 0;
            snprintf(cur, sizeof cur, "%s", p);
        } else if (cur[0] && strncmp(line, "    ", 4) == 0 && line[4] != ' ') {
            static const char *const methods[] = {"get", "post", "put", "delete", "patch", "head", "options"};
            size_t i;
            for (i = 0; i < sizeof methods / sizeof methods[0]; i++) {
                size_t ml = strlen(methods[i]);
                if (strncmp(line + 4, methods[i], ml) == 0 && line[4 + ml] == ':' &&
                    n_doc_ops < MAX_OPS) {
                    op_t *o = &doc_ops[n_doc_ops++];
                    size_t k;
                    for (k = 0; k < ml; k++)
                        o->method[k] = (char)toupper((unsigned char)methods[i][k]);
                    o->method[ml] = 0;
                    snprintf(o->path, sizeof o->path, "%s", cur);
                }
            }
        }
    }
    fclose(f);
    return 0;
}

/* The document path of a server pattern: drop the "/api" the server URL ends in. */
static const char *doc_path(const char *pattern)
{
    return strncmp(pattern, "/api/", 5) == 0 ? pattern + 4 : pattern;
}

static int suite_init(void)
{
    routes_health_register();
    routes_account_register();
    routes_keys_register();
    routes_invoices_register();
    routes_webhooks_register();
    routes_docs_register();     /* outside /api: the document gives them the root as server */
    routes_metrics_register();  /* outside /api too */
    routes_dashboard_register(); /* the dashboard: /, /assets/{file}, /dashboard/config.json */
    n_routes = http_routes_list(r_methods, r_patterns, MAX_OPS);
    if (n_routes > MAX_OPS)
        n_routes = MAX_OPS;
    return load_doc();
}

static void test_routes_documented(void)
{
    size_t i, j, missing = 0;
    CU_ASSERT_TRUE(n_routes >= 17);      /* every endpoint of API.md */
    for (i = 0; i < n_routes; i++) {
        int found = 0;
        CU_ASSERT_TRUE(strncmp(r_patterns[i], "/api/", 5) == 0 || strncmp(r_patterns[i], "/docs/", 6) == 0 ||
                       strcmp(r_patterns[i], "/metrics") == 0 || strcmp(r_patterns[i], "/") == 0 ||
                       strncmp(r_patterns[i], "/assets/", 8) == 0 || strncmp(r_patterns[i], "/dashboard/", 11) == 0);
        for (j = 0; j < n_doc_ops && !found; j++)
            found = strcmp(doc_ops[j].path, doc_path(r_patterns[i])) == 0 &&
                    strcasecmp(doc_ops[j].method, r_methods[i]) == 0;
        if (!found) {
            fprintf(stderr, "\n  not in docs/openapi.yaml: %s %s", r_methods[i], doc_path(r_patterns[i]));
            missing++;
        }
    }
    CU_ASSERT_EQUAL(missing, 0);
}

static void test_document_has_no_phantoms(void)
{
    size_t i, j, extra = 0;
    CU_ASSERT_TRUE(n_doc_ops >= 17);
    for (i = 0; i < n_doc_ops; i++) {
        int found = 0;
        for (j = 0; j < n_routes && !found; j++)
            found = strcmp(doc_ops[i].path, doc_path(r_patterns[j])) == 0 &&
                    strcasecmp(doc_ops[i].method, r_methods[j]) == 0;
        if (!found) {
            fprintf(stderr, "\n  documented but not served: %s %s", doc_ops[i].method, doc_ops[i].path);
            extra++;
        }
    }
    CU_ASSERT_EQUAL(extra, 0);
}

static void test_api_endpoints_listed(void)
{
    /* the endpoint table of API.md, as the document must show it */
    static const char *const want[][2] = {
        {"POST", "/v1/invoices/validate"}, {"POST", "/v1/invoices/validate/idoc"},
        {"POST", "/v1/invoices/validate/odata"}, {"POST", "/v1/invoices"},
        {"POST", "/v1/invoices/extract"}, {"GET", "/v1/invoices/{id}"},
        {"GET", "/v1/invoices"}, {"GET", "/v1/invoices/{id}/download"},
        {"GET", "/v1/invoices/{id}/download/idoc"}, {"POST", "/v1/api-keys"},
        {"GET", "/v1/api-keys"}, {"DELETE", "/v1/api-keys/{id}"}, {"GET", "/v1/account"},
        {"PUT", "/v1/account/plan"}, {"GET", "/v1/account/mappings"},
        {"PUT", "/v1/account/mappings"}, {"GET", "/health"}};
    size_t i, j;
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        int found = 0;
        for (j = 0; j < n_doc_ops && !found; j++)
            found = strcmp(doc_ops[j].method, want[i][0]) == 0 && strcmp(doc_ops[j].path, want[i][1]) == 0;
        if (!found)
            fprintf(stderr, "\n  API.md endpoint missing: %s %s", want[i][0], want[i][1]);
        CU_ASSERT_TRUE(found);
    }
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("openapi_routes", suite_init, NULL);
    CU_add_test(s, "every registered route is documented", test_routes_documented);
    CU_add_test(s, "every documented operation is served", test_document_has_no_phantoms);
    CU_add_test(s, "every API.md endpoint is documented", test_api_endpoints_listed);
}
