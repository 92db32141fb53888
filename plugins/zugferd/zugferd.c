/* The ZUGFeRD / Factur-X format plugin: a PDF/A-3 with the invoice XML embedded.
 *
 * parse() opens the PDF from memory with qpdf, refuses encrypted files, finds and decodes
 * the embedded invoice (zf_pdf.c), checks the XMP metadata (zf_xmp.c) and hands the
 * parsed XML to the context, so the syntax rules (check_syntax below: CII-SR/DT or UBL-*,
 * the same code as the cii/ubl plugins) and the profile rules run on it exactly as on a
 * bare XML upload; their findings' fields point into the embedded XML. Container problems
 * are PDF-layer findings with our own ids (PDF-*), their fields PDF object paths.
 *
 * A ZUGFeRD 1.0 ZUGFeRD-invoice.xml is read as the cii plugin reads a bare one: it becomes
 * the canonical model with the ZF1-LEGACY warning, and the engine validates the UBL it
 * writes from the model; the PDF-layer checks stay the same (XMP zf: schema, levels BASIC,
 * COMFORT, EXTENDED). */
#include <stdlib.h>
#include <string.h>
#include <einvoice/einvoice.h>
#include "zf.h"
#include "zf_decode.h"
#include "zf_qpdf_filters.h"
#include "../cii/cii_syntax_rules.h"
#include "../cii/cii_to_model.h"
#include "../cii/zf1_to_model.h"
#include "../ubl/ubl_syntax_rules.h"
#include "../ubl/ubl_to_model.h"

#define PDF_RULE(var, id, sev, terms, msg, sugg) \
    const einv_rule_t var = {id, sev, EINV_LAYER_PDF, terms, msg, sugg}

PDF_RULE(zf_r_unreadable, "PDF-UNREADABLE", EINV_SEV_ERROR, "", "The file is not a readable PDF.",
         "Send the complete PDF file as produced; check that the upload was not truncated or altered.");
PDF_RULE(zf_r_encrypted, "PDF-ENCRYPTED", EINV_SEV_ERROR, "",
         "The PDF is encrypted; an e-invoice PDF/A-3 must not be.",
         "Save the invoice PDF without password protection or encryption.");
PDF_RULE(zf_r_no_invoice, "PDF-NO-INVOICE", EINV_SEV_ERROR, "",
         "The PDF carries no embedded invoice XML (factur-x.xml, zugferd-invoice.xml or xrechnung.xml).",
         "Embed the structured invoice as factur-x.xml (Factur-X / ZUGFeRD 2) and list it in the catalog's /AF array.");
PDF_RULE(zf_r_xmp_missing, "PDF-XMP-MISSING", EINV_SEV_ERROR, "",
         "The PDF has no readable XMP metadata stream in its catalog (/Metadata).",
         "Write XMP metadata with the PDF/A identification and the Factur-X/ZUGFeRD extension schema.");
PDF_RULE(zf_r_xmp_no_fx, "PDF-XMP-NO-FACTURX-SCHEMA", EINV_SEV_ERROR, "",
         "The XMP metadata does not carry the Factur-X/ZUGFeRD extension schema properties.",
         "Add the fx: properties DocumentType, DocumentFileName, Version and ConformanceLevel to the XMP metadata.");
PDF_RULE(zf_r_conformance, "PDF-XMP-CONFORMANCE-MISMATCH", EINV_SEV_ERROR, "BT-24",
         "The conformance level in the XMP metadata contradicts the specification identifier (BT-24) of the embedded invoice.",
         "Make fx:ConformanceLevel name the profile the XML declares in GuidelineSpecifiedDocumentContextParameter/ID.");
PDF_RULE(zf_r_not_pdfa3, "PDF-NOT-PDFA3", EINV_SEV_ERROR, "",
         "The XMP metadata does not identify the file as PDF/A-3.",
         "Produce the hybrid invoice as PDF/A-3 (pdfaid:part 3); only PDF/A-3 allows the XML attachment.");
PDF_RULE(zf_r_afrel, "PDF-AFRELATIONSHIP-MISSING", EINV_SEV_ERROR, "",
         "The file specification of the embedded invoice has no /AFRelationship.",
         "Set /AFRelationship on the invoice's file specification (Data, Source or Alternative, per profile).");
PDF_RULE(zf_r_af_missing, "PDF-AF-MISSING", EINV_SEV_WARNING, "",
         "The embedded invoice is not listed in the catalog's associated files (/AF).",
         "Reference the invoice's file specification from the document catalog's /AF array, as PDF/A-3 requires.");
PDF_RULE(zf_r_filename, "PDF-XMP-FILENAME-MISMATCH", EINV_SEV_WARNING, "",
         "The file name declared in the XMP metadata differs from the embedded file's name.",
         "Make fx:DocumentFileName equal to the attachment's file name (e.g. factur-x.xml).");
PDF_RULE(zf_r_limit_decoded, "LIMIT-PDF-DECODED", EINV_SEV_ERROR, "",
         "A stream of the PDF decodes to more than the service's limit (max_decoded); the document was not fully checked.",
         "Embed the invoice XML with a single FlateDecode filter; a stream that expands this far is damaged or malicious.");
/* The core's ids for the XML layer, reported here for the embedded XML. */
const einv_rule_t zf_r_xml_wellformed = {
    "XML-WELLFORMED", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "", "The embedded invoice is not well-formed XML.",
    "Fix the XML syntax of the embedded invoice at the reported line; check encoding and closing tags."};
const einv_rule_t zf_r_xml_root = {
    "SCHEMA-ROOT", EINV_SEV_ERROR, EINV_LAYER_SCHEMA, "",
    "The embedded XML is not an invoice of a supported syntax.",
    "Embed a UN/CEFACT CrossIndustryInvoice (D16B) or a UBL 2.1 Invoice / CreditNote."};

/* The rules this plugin defines (the XML-layer ids above belong to the core's list). */
const einv_rule_t *const zf_rules[] = {&zf_r_unreadable, &zf_r_encrypted, &zf_r_no_invoice,
                                       &zf_r_xmp_missing, &zf_r_xmp_no_fx, &zf_r_conformance,
                                       &zf_r_not_pdfa3, &zf_r_afrel, &zf_r_af_missing,
                                       &zf_r_filename, &zf_r_limit_decoded};
const size_t zf_rules_count = sizeof zf_rules / sizeof zf_rules[0];

/* "%PDF-" within the first KiB, as PDF readers accept. */
static int zf_sniff(const unsigned char *data, size_t len, const einv_xdoc_t *xdoc)
{
    size_t i, n = len < 1024 ? len : 1024;
    if (xdoc)
        return EINV_DECLINED;
    for (i = 0; i + 5 <= n; i++)
        if (memcmp(data + i, "%PDF-", 5) == 0)
            return EINV_OK;
    return EINV_DECLINED;
}

/* BT-24 of the embedded XML (CII or UBL), or NULL. */
static const char *guideline_id(const einv_xdoc_t *d, char *buf, size_t size)
{
    xmlNodePtr root = einv_xdoc_root(d), n = NULL;
    if (einv_xdoc_syntax(d) == EINV_SYNTAX_CII)
        n = einv_x_path(root, "rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID");
    else if (einv_xdoc_syntax(d) == EINV_SYNTAX_UBL)
        n = einv_x_path(root, "cbc:CustomizationID");
    return n ? einv_x_norm(n, buf, size) : NULL;
}

/* A ZUGFeRD 1.0 attachment: the model only (the tree is freed), its guideline id for the
 * XMP check. 1 when it could be mapped. */
static int take_zf1(einv_ctx_t *ctx, einv_xdoc_t *d, char *guideline, size_t gsize)
{
    einv_invoice_t *inv = zf1_to_model(d);
    einv_xdoc_free(d);
    if (!inv)
        return 0;
    if (!zf1_guideline(inv, guideline, gsize))
        guideline[0] = 0;
    zf1_report_legacy(ctx, inv);
    einv_ctx_set_invoice(ctx, inv);
    return 1;
}

/* The XML part: parse the attachment, hand it to the context. 1 when it is an invoice. */
static int take_xml(einv_ctx_t *ctx, zf_invoice_file_t *file, char *guideline, size_t gsize)
{
    einv_error_t err;
    einv_xdoc_t *d = einv_xdoc_parse(file->data, file->len, NULL, &err);
    char field[300];
    snprintf(field, sizeof field, "/%s", file->name);
    guideline[0] = 0;
    if (!d) {
        /* a limit of the budget is not a syntax error: the engine reports it (LIMIT-...) */
        if (err.code != EINV_ERR_LIMIT) {
            zf_utf8_copy(err.message, sizeof err.message, err.message);
            zf_utf8_copy(err.detail, sizeof err.detail, err.detail);
            einv_report_msg(ctx, &zf_r_xml_wellformed, field, "The embedded %s is not well-formed XML: %s (%s).",
                            file->name, err.message, err.detail);
        }
        return 0;
    }
    if (zf1_is_document(d))
        return take_zf1(ctx, d, guideline, gsize);
    if (einv_xdoc_syntax(d) == EINV_SYNTAX_UNKNOWN) {
        xmlNodePtr root = einv_xdoc_root(d);
        einv_report_msg(ctx, &zf_r_xml_root, field,
                        "The root element <%s> of the embedded %s is not an invoice of a supported syntax.",
                        root ? (const char *)root->name : "?", file->name);
        einv_xdoc_free(d);
        return 0;
    }
    if (!guideline_id(d, guideline, gsize))
        guideline[0] = 0;
    einv_ctx_set_xdoc(ctx, d);   /* the core builds the model on first use (zf_to_model) */
    return 1;
}

/* The binding of the embedded XML: the CII or the UBL table, by its syntax. */
static einv_invoice_t *zf_to_model(const einv_xdoc_t *d)
{
    return einv_xdoc_syntax(d) == EINV_SYNTAX_CII ? cii_to_model(d) : ubl_to_model(d);
}

/* qpdf warns on stderr at cleanup about an error nobody fetched (e.g. from an object
 * lookup in a damaged file): fetch them all first. The thread's record of a limit qpdf's
 * decoding hit goes with the document. */
static void zf_close(qpdf_data q)
{
    while (qpdf_has_error(q))
        qpdf_get_error(q);
    qpdf_cleanup(&q);
    zf_qpdf_limit_take();   /* no limit state outlives this document on the thread */
}

/* A decode qpdf ran itself (a cross-reference or object stream) stopped at a limit: 1 and
 * the finding, else 0. */
static int qpdf_limit_reported(einv_ctx_t *ctx)
{
    int rc = zf_qpdf_limit_take();
    if (rc)
        zf_report_limit(ctx, rc, "A cross-reference or object stream");
    return rc != 0;
}

static int zf_parse(einv_ctx_t *ctx, const unsigned char *data, size_t len)
{
    qpdf_data q = qpdf_init();
    zf_invoice_file_t file;
    char guideline[512];
    int ok = 0;
    guideline[0] = 0;
    memset(&file, 0, sizeof file);
    if (!q) {
        einv_report_at(ctx, &zf_r_unreadable, "/");
        return EINV_ERR;
    }
    qpdf_silence_errors(q);
    qpdf_set_suppress_warnings(q, QPDF_TRUE);
    zf_qpdf_limit_take();
    if (qpdf_read_memory(q, "invoice.pdf", (const char *)data, len, NULL) & QPDF_ERRORS) {
        qpdf_error e = qpdf_get_error(q);
        if (qpdf_limit_reported(ctx))
            ;   /* the limit is the reason: no second finding about the same stream */
        else if (e && qpdf_get_error_code(q, e) == qpdf_e_password)
            einv_report_msg(ctx, &zf_r_encrypted, "/Encrypt",
                            "The PDF is encrypted and cannot be opened without a password.");
        else
            einv_report_msg(ctx, &zf_r_unreadable, "/", "The file is not a readable PDF: %s.",
                            e ? qpdf_get_error_message_detail(q, e) : "unknown error");
        zf_close(q);
        return EINV_ERR;
    }
    if (qpdf_is_encrypted(q)) {
        einv_report_at(ctx, &zf_r_encrypted, "/Encrypt");
        zf_close(q);
        return EINV_ERR;
    }
    if (!qpdf_oh_is_dictionary(q, qpdf_get_root(q))) {
        if (!qpdf_limit_reported(ctx))
            einv_report_msg(ctx, &zf_r_unreadable, "/Root", "The PDF has no document catalog.");
        zf_close(q);
        return EINV_ERR;
    }
    if (zf_find_invoice(ctx, q, &file))
        ok = take_xml(ctx, &file, guideline, sizeof guideline);
    free(file.data);
    file.data = NULL;
    zf_check_xmp(ctx, q, ok ? guideline : NULL, file.name);
    qpdf_limit_reported(ctx);
    zf_close(q);
    /* without an invoice there is nothing for the rules: the findings above say why */
    return ok ? EINV_OK : EINV_ERR;
}

/* The syntax rules of the embedded document's own syntax. */
static void zf_check_syntax(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    if (!d)
        return;
    if (einv_xdoc_syntax(d) == EINV_SYNTAX_CII)
        cii_check_syntax(ctx);
    else if (einv_xdoc_syntax(d) == EINV_SYNTAX_UBL)
        ubl_check_syntax(ctx);
}

static int zf_init(const einv_host_api_t *host, einv_error_t *err)
{
    static einv_format_ops_t ops = {sizeof(einv_format_ops_t), "zugferd", "ZUGFERD", zf_sniff, zf_parse,
                                    zf_check_syntax, zf_rules, 0, NULL, zf_to_model, NULL, 0};
    ops.n_rules = zf_rules_count;
    if (zf_qpdf_filters_register() != 0)
        return einv_error_set(err, EINV_ERR, "zugferd: cannot register the bounded stream decoders with qpdf",
                              NULL, NULL);
    return host->register_format(&ops, err);
}

EINV_PLUGIN_DEFINE("zugferd", EINV_PLUGIN_FORMAT, "0.1.0",
                   "ZUGFeRD 1.0 / 2.x / Factur-X hybrid PDF/A-3 with embedded CII (or UBL) invoice", zf_init, NULL)
