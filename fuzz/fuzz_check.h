/* Invariants the fuzz targets check on every input, beyond "no crash": what the service
 * sends must be valid JSON in valid UTF-8 (API.md). A broken invariant aborts, which
 * libFuzzer reports as a crash with the input saved. */
#ifndef FUZZ_CHECK_H
#define FUZZ_CHECK_H

#include <stddef.h>

/* Print "fuzz harness: what: detail" and abort(). */
_Noreturn void fz_die(const char *what, const char *detail);
/* Abort unless text (NUL-terminated) is exactly one JSON value in valid UTF-8. */
void fz_check_json(const char *what, const char *text);
/* Length of the longest valid UTF-8 prefix of the n bytes of s (RFC 3629: no overlongs, no
 * surrogates, nothing above U+10FFFF). */
size_t fz_utf8_prefix(const char *s, size_t n);
/* Abort unless the n bytes of s are valid UTF-8 (as fz_utf8_prefix judges). */
void fz_check_utf8(const char *what, const char *s, size_t n);

#endif
