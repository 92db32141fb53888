/* PDFs in the suites: poppler-utils (pdfinfo, pdftotext) and ../shared/tools/facturx-check run
 * over bytes written to a temporary file. scripts/deps.sh installs poppler-utils; without
 * ../shared (a clone on its own) the container check is skipped with a note. */
#ifndef TESTS_TPDF_TOOLS_H
#define TESTS_TPDF_TOOLS_H

#include <stddef.h>

/* Run cmd_fmt (with one %s: the file) over the bytes; its stdout (malloc'd, NUL-terminated)
 * or NULL; *status gets pclose's status. */
char *tpdf_run(const void *data, size_t len, const char *cmd_fmt, int *status);
/* facturx-check over the bytes: 1 when it passes (or is not there), 0 when it fails (its
 * report on stderr). */
int tpdf_facturx_check(const void *data, size_t len);
/* The page count and every page's size as displayed (rotation applied), from pdfinfo:
 * "2|595.28 x 841.89|...", malloc'd, or NULL when pdfinfo cannot read the bytes. */
char *tpdf_pages(const void *data, size_t len);
/* The text of the pages (pdftotext), malloc'd, or NULL. */
char *tpdf_text(const void *data, size_t len);
/* The share (0..1) of want's words (runs without white space) found in text. */
double tpdf_words_found(const char *want, const char *text);

#endif
