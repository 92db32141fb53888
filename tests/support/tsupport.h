/* Test support: validate documents with the real core and the real plugins built into
 * the build tree (the directory comes from EINV_TEST_PLUGIN_DIR, set by CTest). */
#ifndef TSUPPORT_H
#define TSUPPORT_H

#include <stddef.h>
#include <einvoice/einvoice.h>
#include "engine.h"

/* Defined by each suite file: add its suites and tests (CU_add_suite, CU_add_test); the
 * shared main (tmain.c) runs them. */
void tst_suites(void);
/* Optional in a suite file: runs after the tests (clean-up) and returns failures of its own
 * to add (0 when it has none). */
unsigned tst_after(void);
/* In tst_suites: set-up that failed fails the run (a suite whose init fails), with why. */
void tst_setup_failed(const char *why);
/* In tst_suites: a suite not run here ("EINV_TEST_PG_URL not set ..."): says so, and under
 * CI=true fails the run (returns 1 then). */
int tst_skip(const char *what);

typedef struct tst_result tst_result_t;

/* Validate `xml` (NUL-terminated) against `profile` ("EN16931", ...). format may be NULL
 * (auto). Never NULL: on an engine error the result holds no findings and
 * tst_error() says why. (transfer full: tst_free) */
tst_result_t *tst_validate(const char *profile, const char *format, const char *xml);
/* Same for bytes. */
tst_result_t *tst_validate_bytes(const char *profile, const char *format, const void *data,
                                 size_t len);
/* Number of findings with this code (in errors; kositResult findings included). */
size_t tst_count(const tst_result_t *r, const char *code);
/* 1 when some finding with this code has this severity. */
int tst_has(const tst_result_t *r, const char *code, einv_severity sev);
int tst_valid(const tst_result_t *r);
const char *tst_error(const tst_result_t *r);
/* All codes, space separated, for failure messages. */
const char *tst_codes(const tst_result_t *r);
/* The field of the first finding with this code, or NULL. */
const char *tst_field(const tst_result_t *r, const char *code);
void tst_free(tst_result_t *r);

/* Wrap a UBL Invoice body: returns a static buffer holding a complete
 * <Invoice xmlns... > BODY </Invoice> (cac, cbc declared). Not reentrant. */
const char *tst_ubl(const char *body);
const char *tst_ubl_cn(const char *body);
/* Same for CII: <rsm:CrossIndustryInvoice xmlns:rsm xmlns:ram xmlns:udt xmlns:qdt> BODY */
const char *tst_cii(const char *body);

/* Findings of an engine result: the first with this code (or NULL), how many have it, and
 * the distinct codes sorted and space separated (static buffer, not reentrant). */
const einv_finding_t *tst_find(const einv_result_t *r, const char *code);
size_t tst_count_code(const einv_result_t *r, const char *code);
const char *tst_distinct_codes(const einv_result_t *r);

/* The canonical JSON of r holds `want` verbatim (amounts keep the document's digits). */
#define TST_ASSERT_CANON(r, want)                                                          \
    do {                                                                                   \
        const char *c_ = einv_result_canonical(r);                                         \
        CU_ASSERT_PTR_NOT_NULL_FATAL(c_);                                                  \
        if (!strstr(c_, want))                                                             \
            fprintf(stderr, "\nmissing %s\nin %s\n", want, c_);                            \
        CU_ASSERT_PTR_NOT_NULL(strstr(c_, want));                                          \
    } while (0)

/* The distinct codes of r are exactly `want` (sorted, space separated). */
#define TST_ASSERT_CODES(r, want)                                                          \
    do {                                                                                   \
        const char *k_ = tst_distinct_codes(r);                                            \
        if (strcmp(k_, want) != 0)                                                         \
            fprintf(stderr, "\ncodes: got \"%s\", want \"%s\"\n", k_, want);               \
        CU_ASSERT_STRING_EQUAL(k_, want);                                                  \
    } while (0)

/* Suites over the ERP formats: an engine over the build's plugins and the sample mapping
 * document (tests/data/mapping), 0 when both are there; tst_erp_close frees them. */
int tst_erp_open(einv_engine_t **eng, char **mapping);
void tst_erp_close(einv_engine_t *eng, char *mapping);
/* Validate data (or a data file) with profile, asking for the canonical JSON; map is the
 * ERP mapping document or NULL. Fails the test (fatally) when there is no result. */
einv_result_t *tst_run(einv_engine_t *eng, const char *profile, const char *format, const void *data,
                       size_t len, const char *map);
einv_result_t *tst_run_file(einv_engine_t *eng, const char *profile, const char *format, const char *rel,
                            const char *map);

/* A file under the test data directory (EINV_TEST_DATA, else tests/data), or at rel itself
 * when it is an absolute path; NUL-terminated (malloc'd); its length in *len when len is not
 * NULL; NULL when unreadable. */
char *tst_read_data(const char *rel, size_t *len);
/* Monotonic milliseconds, and a sleep, for polling loops. */
double tst_now_ms(void);
void tst_sleep_ms(int ms);

#endif
