/* einvoice SDK: a small test harness for plugin authors, installed with the SDK.
 *
 * It opens a validation engine over the installed built-in plugins and the folders of a
 * plugin path (your build folder, as EINV_PLUGIN_PATH names it for einvoice/einvoiced),
 * validates documents with a profile, and answers what a test asks: was it valid, how many
 * findings of a rule, at which field. Checks print "FAIL file:line: expression" and are
 * counted; einv_test_summary prints "N passed, M failed" and returns the exit status.
 *
 *     einv_test_t *t = einv_test_open(getenv("EINV_PLUGIN_PATH"), NULL);
 *     EINV_TEST_CHECK(t, einv_test_validate_file(t, "EXAMPLE", "bad.xml") == EINV_OK);
 *     EINV_TEST_CHECK(t, einv_test_count(t, "EX-01") == 1);
 *     return einv_test_summary(t);   (also closes t)
 *
 * Link with `pkg-config --cflags --libs einvoice`. Not thread-safe: one harness per test. */
#ifndef EINVOICE_TESTING_H
#define EINVOICE_TESTING_H

#include <stddef.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct einv_test einv_test_t;

/* An engine over the plugins of the colon list plugin_path (may be NULL), then of
 * plugin_dir (NULL: the installed built-in folder). Loader messages go to stderr. NULL
 * only when memory ran out. (transfer full: einv_test_summary or einv_test_close) */
EINV_API einv_test_t *einv_test_open(const char *plugin_path, const char *plugin_dir);
EINV_API void einv_test_close(einv_test_t *t);
/* 1 when a profile of that name is loaded (a profile whose base is missing is not). */
EINV_API int einv_test_has_profile(const einv_test_t *t, const char *profile);

/* Validate a document (the bytes, or the file at path) with profile (format detected);
 * the result replaces the previous one. EINV_OK, or an error (printed: an unknown profile,
 * an unreadable file). */
EINV_API int einv_test_validate(einv_test_t *t, const char *profile, const void *data, size_t len);
EINV_API int einv_test_validate_file(einv_test_t *t, const char *profile, const char *path);

/* Questions about the last result: valid (no ERROR finding), the number of findings with
 * a rule code, the field of the first one (NULL: none), every code space-separated. The
 * strings stay valid until the next validation. (transfer none) */
EINV_API int einv_test_valid(const einv_test_t *t);
EINV_API size_t einv_test_count(const einv_test_t *t, const char *code);
EINV_API const char *einv_test_field(const einv_test_t *t, const char *code);
EINV_API const char *einv_test_codes(einv_test_t *t);

/* Count one check; when ok is 0 print "FAIL file:line: what" (and the last result's codes).
 * Returns ok. */
EINV_API int einv_test_check(einv_test_t *t, int ok, const char *file, int line, const char *what);
#define EINV_TEST_CHECK(t, cond) einv_test_check((t), (cond) != 0, __FILE__, __LINE__, #cond)
/* Print "N passed, M failed", close t; 0 when nothing failed (or t is NULL: 1). */
EINV_API int einv_test_summary(einv_test_t *t);

#ifdef __cplusplus
}
#endif
#endif
