/* libFuzzer target: the account's ERP mapping document (plugins/common/erp_map.c, read by
 * the idoc and odata plugins). The input is the mapping; the document it is applied to is
 * a fixed sample, chosen by the input's length: the IDoc with conditions (allowances and
 * charges from "conditions"), the standard IDoc, or the OData invoice. The readers are
 * compiled into the plugins (hidden copies), so they are reached through the engine as in
 * production. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_engine.h"

static const struct {
    const char *format, *path;
} DOCS[] = {
    {"idoc", "tests/data/idoc/invoic02-conditions.xml"},
    {"idoc", "tests/data/idoc/invoic02-standard.xml"},
    {"odata", "tests/data/odata/supplierinvoice-standard.json"},
};
#define N_DOCS (sizeof DOCS / sizeof DOCS[0])
static char *doc[N_DOCS];
static size_t doc_len[N_DOCS];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    size_t i = len % N_DOCS;
    char *mapping;
    if (!doc[i])
        doc[i] = fz_read_source_file(DOCS[i].path, &doc_len[i]);
    /* the mapping option is NUL-terminated text: an embedded NUL ends it, as in the API */
    mapping = malloc(len + 1);
    if (!mapping)
        return 0;
    memcpy(mapping, data, len);
    mapping[len] = '\0';
    fz_validate(DOCS[i].format, "EN16931", mapping, (const uint8_t *)doc[i], doc_len[i]);
    free(mapping);
    return 0;
}
