/* The extractor as a library (einv_extract): PDF bytes -> the canonical invoice as JSON
 * (invoiceFormat PDF_EXTRACTED) with per-field confidences and EXTRACTION findings. The
 * "extract" format plugin, the CLI (`einvoice extract`) and tools/extract-train use it. */
#ifndef PLUGINS_EXTRACT_EX_EXTRACT_H
#define PLUGINS_EXTRACT_EX_EXTRACT_H

#include <stddef.h>

typedef struct ex_engine ex_engine_t;

typedef struct ex_opts {
    int accurate;            /* ACCURATE tier */
    int max_pages;           /* 0: 20 */
    int page_ms;             /* OCR time limit per page; 0: 20000 (FAST), 60000 (ACCURATE) */
    double threshold;        /* confidence under which a field becomes a WARNING; 0: 0.5 */
    double accurate_s_page;  /* ACCURATE makes no further reading that would take the
                                document past this many seconds a page; 0: 9 */
    int max_readings;        /* ACCURATE: readings at most (1-4); 0: 4 */
} ex_opts_t;

/* The directory of the model files: the source tree's models/extract when it is there (a
 * build run in place), else the installed share/einvoice/models/extract. */
const char *ex_default_model_dir(void);
/* Load the models of dir (NULL: the default). NULL with msg when they cannot be loaded.
 * One engine may serve several threads one after another, not at once. */
ex_engine_t *ex_engine_open(const char *dir, char *msg, size_t size);
void ex_engine_close(ex_engine_t *e);

/* Extract one PDF. *out (malloc'd, caller frees) receives one JSON object:
 * {"invoiceFormat":"PDF_EXTRACTED","canonicalJson":{...}|null,"confidence":{path:c,...},
 *  "findings":[...],"pages":N,"ocrPages":N}. Returns 0 when an invoice came out, 1 when the
 * document could not be read or holds no invoice (canonicalJson null, a finding says why),
 * -1 out of memory. */
int ex_extract_pdf(ex_engine_t *e, const unsigned char *data, size_t len, const ex_opts_t *o, char **out);

#endif
