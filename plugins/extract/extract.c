/* The "extract" format plugin: plain and scanned PDF invoices read by the extractor
 * (einv_extract, docs/extraction.md) into the canonical invoice (invoiceFormat
 * PDF_EXTRACTED). It never claims a document by sniffing (a PDF is the zugferd plugin's
 * unless the caller asks for extraction); parse runs the extractor, hands the canonical
 * JSON to the JSON reader, reports the fields under the confidence threshold as EXTRACTION
 * warnings and attaches the extraction object (every field's confidence and place on the
 * page, extraction_object.c) to the result. Its format name is "pdf" (the service's POST
 * /v1/invoices/extract asks for that module). Options: "tier" (FAST|ACCURATE),
 * "extract_model_dir". */
#include <einvoice/einvoice.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>
#include "ex_extract.h"
#include "extraction_object.h"
#include "json_read.h"

static const einv_rule_t R_LOW = {"EXTRACTION-LOW-CONFIDENCE", EINV_SEV_WARNING, EINV_LAYER_EXTRACTION, "",
                                  "An extracted field was read with low confidence.",
                                  "Check this field against the document and correct it before booking."};
static const einv_rule_t R_FAIL = {"EXTRACTION-FAILED", EINV_SEV_ERROR, EINV_LAYER_EXTRACTION, "",
                                   "No invoice could be extracted from the PDF.",
                                   "Send a readable PDF invoice (not encrypted, at most 20 pages)."};
static const einv_rule_t R_WARN = {"EXTRACTION-PAGE-TIMEOUT", EINV_SEV_WARNING, EINV_LAYER_EXTRACTION, "",
                                   "OCR ran out of time on a page.", "Send a cleaner scan or the original PDF."};
static const einv_rule_t R_TIER = {"EXTRACTION-TIER", EINV_SEV_INFO, EINV_LAYER_EXTRACTION, "",
                                   "How the ACCURATE tier read the document: its readings and their fusion.",
                                   "Nothing to do; a field that the readings disagreed on is also a low-confidence warning."};
static const einv_rule_t R_TOTALS = {"EXTRACTION-TOTALS-MISMATCH", EINV_SEV_WARNING, EINV_LAYER_EXTRACTION, "",
                                     "The totals read from the page do not reconcile with each other or with the item lines.",
                                     "Compare the item lines and the totals with the document; the fields in doubt carry low confidence."};
static const einv_rule_t *const RULES[] = {&R_LOW, &R_FAIL, &R_WARN, &R_TIER, &R_TOTALS};

static int ex_sniff(const unsigned char *data, size_t len, const einv_xdoc_t *xdoc)
{
    (void)data, (void)len, (void)xdoc;
    return EINV_DECLINED;
}

static void report_findings(einv_ctx_t *ctx, json_object *findings)
{
    size_t i, n = findings ? json_object_array_length(findings) : 0;
    for (i = 0; i < n; i++) {
        json_object *f = json_object_array_get_idx(findings, i), *v;
        const char *rule = "", *field = "", *msg = "";
        if (json_object_object_get_ex(f, "rule", &v)) rule = json_object_get_string(v);
        if (json_object_object_get_ex(f, "field", &v)) field = json_object_get_string(v);
        if (json_object_object_get_ex(f, "message", &v)) msg = json_object_get_string(v);
        const einv_rule_t *r = &R_FAIL;
        for (size_t k = 0; k < sizeof RULES / sizeof *RULES; k++)
            if (!strcmp(rule, RULES[k]->id))
                r = RULES[k];
        einv_report_msg(ctx, r, field, "%s", msg);
    }
}

/* The extraction object of the result (the invoice resource's `extraction`); one the core
 * refuses (over EINV_EXTRACTION_MAX) is dropped there with a log line, the invoice stays. */
static void attach_extraction(einv_ctx_t *ctx, json_object *res, const char *tier)
{
    json_object *x = extraction_object(res, tier);
    if (x)
        einv_ctx_set_extraction(ctx, json_object_to_json_string_ext(x, JSON_C_TO_STRING_PLAIN |
                                                                        JSON_C_TO_STRING_NOSLASHESCAPE));
    json_object_put(x);
}

static int ex_parse(einv_ctx_t *ctx, const unsigned char *data, size_t len)
{
    const char *tier = einv_ctx_option(ctx, "tier"), *dir = einv_ctx_option(ctx, "extract_model_dir");
    char msg[512], *out = NULL;
    ex_opts_t o;
    ex_engine_t *e;
    json_object *res, *canon, *findings = NULL;
    int rc;
    memset(&o, 0, sizeof o);
    o.accurate = tier && !strcmp(tier, "ACCURATE");
    if (!(e = ex_engine_open(dir, msg, sizeof msg))) {
        einv_report_msg(ctx, &R_FAIL, "/", "%s", msg);
        return EINV_OK;
    }
    rc = ex_extract_pdf(e, data, len, &o, &out);
    ex_engine_close(e);
    if (rc < 0 || !out) {
        einv_report_msg(ctx, &R_FAIL, "/", "out of memory while extracting the invoice");
        free(out);
        return EINV_OK;
    }
    res = json_tokener_parse(out);
    free(out);
    json_object_object_get_ex(res, "findings", &findings);
    report_findings(ctx, findings);
    if (res)
        attach_extraction(ctx, res, tier);
    if (res && json_object_object_get_ex(res, "canonicalJson", &canon) && json_object_is_type(canon, json_type_object)) {
        const char *txt = json_object_to_json_string_ext(canon, JSON_C_TO_STRING_PLAIN);
        json_read_parse(ctx, (const unsigned char *)txt, strlen(txt));
    }
    json_object_put(res);
    return EINV_OK;
}

static int ex_init(const einv_host_api_t *host, einv_error_t *err)
{
    static const einv_format_ops_t OPS = {sizeof(einv_format_ops_t), "pdf", "PDF_EXTRACTED", ex_sniff,
                                          ex_parse, NULL, RULES, sizeof RULES / sizeof *RULES, NULL, NULL,
                                          NULL, 0};
    return host->register_format(&OPS, err);
}

EINV_PLUGIN_DEFINE("extract", EINV_PLUGIN_FORMAT, "0.1.0",
                   "Plain and scanned PDF invoices: fields extracted by OCR and a trained model",
                   ex_init, NULL)
