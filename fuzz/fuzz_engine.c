/* Shared harness of the engine fuzz targets: see fuzz_engine.h. The engine is opened once
 * (LLVMFuzzerInitialize) so that the plugins are loaded, and their coverage counters
 * registered, before libFuzzer starts mutating. */
#include "fuzz_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "xsd.h"
#include "fuzz_check.h"

static einv_engine_t *engine;
static einv_limits_t limits;
static char *sample_mapping;

/* The profiles a document is checked against; fz_profile_for picks one per input. */
static const char *const PROFILES[] = {"EN16931", "XRECHNUNG", "PEPPOL", "FRANCE", "ITALY"};
#define N_PROFILES (sizeof PROFILES / sizeof PROFILES[0])

char *fz_read_source_file(const char *rel, size_t *len)
{
    char path[1024];
    FILE *f;
    long n;
    char *buf;
    snprintf(path, sizeof path, "%s/%s", FUZZ_SOURCE_DIR, rel);
    f = fopen(path, "rb");
    if (!f)
        fz_die("cannot open", path);
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
        fz_die("cannot size", path);
    buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
        fz_die("cannot read", path);
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = (size_t)n;
    return buf;
}

void fz_engine_init(void)
{
    const char *dir = getenv("EINV_PLUGIN_DIR");
    const char *const need_formats[] = {"ubl", "cii", "zugferd", "idoc", "odata", "json"};
    const char *t;
    einv_error_t err;
    size_t i;
    if (engine)
        return;
    memset(&err, 0, sizeof err);
    engine = einv_engine_open_dir(dir && *dir ? dir : FUZZ_PLUGIN_DIR, NULL, &err);
    if (!engine)
        fz_die("the engine did not open", err.message);
    for (i = 0; i < sizeof need_formats / sizeof need_formats[0]; i++)
        if (!einv_engine_format(engine, need_formats[i]))
            fz_die("format plugin not loaded (check EINV_PLUGIN_DIR)", need_formats[i]);
    for (i = 0; i < N_PROFILES; i++)
        if (!einv_engine_profile(engine, PROFILES[i]))
            fz_die("profile plugin not loaded (check EINV_PLUGIN_DIR)", PROFILES[i]);
    /* The product's budget, with a deadline well under libFuzzer's -timeout: an input that
     * still runs into the libFuzzer timeout escaped the deadline, which is a bug. */
    einv_limits_default(&limits);
    t = getenv("FUZZ_EINV_TIMEOUT_MS");
    limits.timeout_ms = t && *t ? (unsigned)strtoul(t, NULL, 10) : 5000;
    sample_mapping = fz_read_source_file("tests/data/mapping/sample-mapping.json", NULL);
    /* the schema layer runs its compiled walk and libxml2's validator on every document: the
     * walk must never vouch for one libxml2 rejects (checked after each input) */
    einv_xsd_set_fast_mode(2);
}

const char *fz_sample_mapping(void)
{
    return sample_mapping;
}

const char *fz_profile_for(const uint8_t *data, size_t len)
{
    /* the length, not the content: byte flips keep the profile, so coverage stays
     * comparable between a seed and its mutants */
    (void)data;
    return PROFILES[len % N_PROFILES];
}

void fz_validate(const char *format, const char *profile, const char *mapping,
                 const uint8_t *data, size_t len)
{
    einv_validate_opts_t o;
    einv_result_t *r;
    einv_error_t err;
    const char *canon;
    char *json;
    memset(&o, 0, sizeof o);
    memset(&err, 0, sizeof err);
    o.profile = profile;
    o.format = format;
    o.mapping = mapping;
    o.want_canonical = 1;
    o.limits = &limits;
    r = einv_validate(engine, &o, data, len, &err);
    if (!r)
        fz_die("einv_validate refused a document (only usage errors may do that)", err.message);
    {
        size_t st[4];
        einv_xsd_fast_stats(st);
        if (st[2])
            fz_die("the schema walk vouched for a document libxml2's XSD validator rejects", format);
    }
    json = einv_result_json(r);
    if (!json)
        fz_die("no validationResult JSON", format);
    fz_check_json("the validationResult", json);
    free(json);
    canon = einv_result_canonical(r);
    if (canon)
        fz_check_json("the canonicalJson", canon);
    einv_result_free(r);
}

/* libFuzzer calls this once before the first input. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_engine_init();
    return 0;
}
