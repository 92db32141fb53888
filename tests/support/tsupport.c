#define _POSIX_C_SOURCE 200809L   /* clock_gettime, nanosleep */
/* Test support: one engine per test process, loaded from the build tree's plugins. */
#include <CUnit/Basic.h>
#include "tsupport.h"
#include "engine.h"
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

struct tst_result {
    einv_result_t *r;
    char error[300];
    char *codes;
};

static einv_engine_t *engine;

static void close_engine(void) { einv_engine_close(engine); }

static einv_engine_t *get_engine(void)
{
    if (!engine) {
        einv_error_t err;
        engine = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
        if (engine)
            atexit(close_engine);
    }
    return engine;
}

tst_result_t *tst_validate_bytes(const char *profile, const char *format, const void *data,
                                 size_t len)
{
    tst_result_t *t = calloc(1, sizeof *t);
    einv_engine_t *e = get_engine();
    einv_validate_opts_t o = {profile, format, NULL, 1, NULL};
    einv_error_t err;
    if (!e) {
        snprintf(t->error, sizeof t->error, "no engine");
        return t;
    }
    t->r = einv_validate(e, &o, data, len, &err);
    if (!t->r)
        snprintf(t->error, sizeof t->error, "%.140s: %.140s", err.message, err.detail);
    return t;
}

tst_result_t *tst_validate(const char *profile, const char *format, const char *xml)
{
    return tst_validate_bytes(profile, format, xml, strlen(xml));
}

size_t tst_count(const tst_result_t *t, const char *code)
{
    size_t i, k = 0;
    for (i = 0; t->r && i < einv_result_count(t->r); i++)
        if (strcmp(einv_result_at(t->r, i)->code, code) == 0)
            k++;
    return k;
}

int tst_has(const tst_result_t *t, const char *code, einv_severity sev)
{
    size_t i;
    for (i = 0; t->r && i < einv_result_count(t->r); i++)
        if (strcmp(einv_result_at(t->r, i)->code, code) == 0 &&
            einv_result_at(t->r, i)->severity == sev)
            return 1;
    return 0;
}

int tst_valid(const tst_result_t *t) { return t->r && einv_result_valid(t->r); }
const char *tst_error(const tst_result_t *t) { return t->error; }

const char *tst_codes(const tst_result_t *t)
{
    size_t i, len = 1;
    tst_result_t *m = (tst_result_t *)t;
    free(m->codes);
    for (i = 0; t->r && i < einv_result_count(t->r); i++)
        len += strlen(einv_result_at(t->r, i)->code) + 1;
    m->codes = calloc(1, len);
    for (i = 0; t->r && i < einv_result_count(t->r); i++) {
        strcat(m->codes, einv_result_at(t->r, i)->code);
        strcat(m->codes, " ");
    }
    return m->codes;
}

const char *tst_field(const tst_result_t *t, const char *code)
{
    size_t i;
    for (i = 0; t->r && i < einv_result_count(t->r); i++)
        if (strcmp(einv_result_at(t->r, i)->code, code) == 0)
            return einv_result_at(t->r, i)->field;
    return NULL;
}

void tst_free(tst_result_t *t)
{
    if (!t)
        return;
    einv_result_free(t->r);
    free(t->codes);
    free(t);
}

static char wrap_buf[1 << 20];

const char *tst_ubl(const char *body)
{
    snprintf(wrap_buf, sizeof wrap_buf,
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\" "
             "xmlns:cac=\"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2\" "
             "xmlns:cbc=\"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2\">%s</Invoice>",
             body);
    return wrap_buf;
}

const char *tst_ubl_cn(const char *body)
{
    snprintf(wrap_buf, sizeof wrap_buf,
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<CreditNote xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2\" "
             "xmlns:cac=\"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2\" "
             "xmlns:cbc=\"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2\">%s</CreditNote>",
             body);
    return wrap_buf;
}

const char *tst_cii(const char *body)
{
    snprintf(wrap_buf, sizeof wrap_buf,
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<rsm:CrossIndustryInvoice "
             "xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\" "
             "xmlns:ram=\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100\" "
             "xmlns:udt=\"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100\" "
             "xmlns:qdt=\"urn:un:unece:uncefact:data:standard:QualifiedDataType:100\">%s</rsm:CrossIndustryInvoice>",
             body);
    return wrap_buf;
}

char *tst_read_data(const char *rel, size_t *len)
{
    char path[1024];
    const char *dir = getenv("EINV_TEST_DATA");
    FILE *f;
    char *buf;
    long n;
    if (rel[0] == '/')
        snprintf(path, sizeof path, "%s", rel);
    else
        snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "tests/data", rel);
    if (!(f = fopen(path, "rb")))
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        if (len)
            *len = (size_t)n;
    }
    return buf;
}

double tst_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

void tst_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

const einv_finding_t *tst_find(const einv_result_t *r, const char *code)
{
    size_t i;
    for (i = 0; i < einv_result_count(r); i++)
        if (strcmp(einv_result_at(r, i)->code, code) == 0)
            return einv_result_at(r, i);
    return NULL;
}

size_t tst_count_code(const einv_result_t *r, const char *code)
{
    size_t i, k = 0;
    for (i = 0; i < einv_result_count(r); i++)
        k += strcmp(einv_result_at(r, i)->code, code) == 0;
    return k;
}

static int cmp_code(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

const char *tst_distinct_codes(const einv_result_t *r)
{
    static char buf[4096];
    const char *v[512];
    size_t n = 0, i, k = 0;
    for (i = 0; i < einv_result_count(r) && n < 512; i++)
        v[n++] = einv_result_at(r, i)->code;
    qsort(v, n, sizeof v[0], cmp_code);
    buf[0] = 0;
    for (i = 0; i < n; i++)
        if ((!i || strcmp(v[i], v[i - 1]) != 0) && k < sizeof buf)
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", k ? " " : "", v[i]);
    return buf;
}

/* ---- suites over the ERP formats (IDoc, OData) ---- */

int tst_erp_open(einv_engine_t **eng, char **mapping)
{
    einv_error_t err;
    *eng = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    *mapping = tst_read_data("mapping/sample-mapping.json", NULL);
    return *eng && *mapping ? 0 : -1;
}

void tst_erp_close(einv_engine_t *eng, char *mapping)
{
    einv_engine_close(eng);
    free(mapping);
}

einv_result_t *tst_run(einv_engine_t *eng, const char *profile, const char *format, const void *data,
                       size_t len, const char *map)
{
    einv_validate_opts_t o = {profile, format, map, 1, NULL};
    einv_error_t err;
    einv_result_t *r = einv_validate(eng, &o, data, len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

einv_result_t *tst_run_file(einv_engine_t *eng, const char *profile, const char *format, const char *rel,
                            const char *map)
{
    size_t len;
    char *data = tst_read_data(rel, &len);
    einv_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(data);
    r = tst_run(eng, profile, format, data, len, map);
    free(data);
    return r;
}
