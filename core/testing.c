/* The partners' test harness (include/einvoice/testing.h): an engine, the last result and
 * two counters. Built on the engine's own API, so a partner's test sees exactly what
 * einvoice validate would report. */
#include <einvoice/testing.h>
#include "engine.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct einv_test {
    einv_engine_t *engine;
    einv_result_t *last;
    char *codes;        /* einv_test_codes of last */
    unsigned passed, failed;
};

einv_test_t *einv_test_open(const char *plugin_path, const char *plugin_dir)
{
    einv_engine_options_t o;
    einv_error_t err;
    einv_test_t *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.plugin_path = plugin_path;
    o.plugin_dir = plugin_dir;
    if (!(t->engine = einv_engine_open(&o, &err))) {
        fprintf(stderr, "einv_test_open: %s\n", err.message);
        free(t);
        return NULL;
    }
    return t;
}

static void drop_last(einv_test_t *t)
{
    einv_result_free(t->last);
    t->last = NULL;
    free(t->codes);
    t->codes = NULL;
}

void einv_test_close(einv_test_t *t)
{
    if (!t)
        return;
    drop_last(t);
    einv_engine_close(t->engine);
    free(t);
}

int einv_test_has_profile(const einv_test_t *t, const char *profile)
{
    return t && einv_engine_profile(t->engine, profile) != NULL;
}

int einv_test_validate(einv_test_t *t, const char *profile, const void *data, size_t len)
{
    einv_validate_opts_t o = {profile, NULL, NULL, 0, NULL};
    einv_error_t err;
    if (!t)
        return EINV_ERR_USAGE;
    drop_last(t);
    if (!(t->last = einv_validate(t->engine, &o, data, len, &err))) {
        fprintf(stderr, "einv_test_validate: %s: %s\n", err.message, err.detail);
        return err.code;
    }
    return EINV_OK;
}

int einv_test_validate_file(einv_test_t *t, const char *profile, const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n = -1;
    int rc = EINV_ERR_IO;
    if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n)
        rc = einv_test_validate(t, profile, buf, (size_t)n);
    else
        fprintf(stderr, "einv_test_validate_file: cannot read %s\n", path);
    if (f)
        fclose(f);
    free(buf);
    return rc;
}

int einv_test_valid(const einv_test_t *t) { return t && t->last && einv_result_valid(t->last); }

size_t einv_test_count(const einv_test_t *t, const char *code)
{
    size_t i, n = 0;
    for (i = 0; t && t->last && i < einv_result_count(t->last); i++)
        n += strcmp(einv_result_at(t->last, i)->code, code) == 0;
    return n;
}

const char *einv_test_field(const einv_test_t *t, const char *code)
{
    size_t i;
    for (i = 0; t && t->last && i < einv_result_count(t->last); i++)
        if (strcmp(einv_result_at(t->last, i)->code, code) == 0)
            return einv_result_at(t->last, i)->field;
    return NULL;
}

const char *einv_test_codes(einv_test_t *t)
{
    size_t i, len = 1;
    if (!t || !t->last)
        return "";
    if (t->codes)
        return t->codes;
    for (i = 0; i < einv_result_count(t->last); i++)
        len += strlen(einv_result_at(t->last, i)->code) + 1;
    if (!(t->codes = malloc(len)))
        return "";
    t->codes[0] = 0;
    for (i = 0; i < einv_result_count(t->last); i++) {
        if (i)
            strcat(t->codes, " ");
        strcat(t->codes, einv_result_at(t->last, i)->code);
    }
    return t->codes;
}

int einv_test_check(einv_test_t *t, int ok, const char *file, int line, const char *what)
{
    if (!t)
        return ok;
    if (ok) {
        t->passed++;
        return ok;
    }
    t->failed++;
    fprintf(stderr, "FAIL %s:%d: %s (last result: %s)\n", file, line, what,
            t->last ? einv_test_codes(t) : "none");
    return ok;
}

int einv_test_summary(einv_test_t *t)
{
    int rc;
    if (!t) {
        printf("0 passed, 1 failed (no harness)\n");
        return 1;
    }
    printf("%u passed, %u failed\n", t->passed, t->failed);
    rc = t->failed || !t->passed;
    einv_test_close(t);
    return rc;
}
