/* The schema layer (core/xsd.c): the shipped XSDs judge real documents and their seeded
 * mutations (order, unknown element, missing element, datatype, attribute, attachment),
 * each with its stable code, the element's location and a message naming what was expected. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tsupport.h"
#include "tpdf.h"

static char *ubl, *cii;

static size_t schema_findings(const tst_result_t *r)
{
    static const char *const CODES[] = {"SCHEMA-ORDER", "SCHEMA-UNKNOWN-ELEMENT", "SCHEMA-MISSING",
                                        "SCHEMA-DATATYPE", "SCHEMA-ATTRIBUTE", "SCHEMA-CONTENT",
                                        "SCHEMA-INVALID", "SCHEMA-UNAVAILABLE"};
    size_t i, k = 0;
    for (i = 0; i < sizeof CODES / sizeof CODES[0]; i++)
        k += tst_count(r, CODES[i]);
    return k;
}

/* the mutation of the UBL sample, validated under EN16931 */
static tst_result_t *mutated(const char *base, const char *from, const char *to)
{
    char *x = tst_replace(base, from, to);
    tst_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT_NOT_EQUAL(strcmp(x, base), 0);   /* the mutation applied */
    r = tst_validate("EN16931", NULL, x);
    free(x);
    return r;
}

static void test_samples_are_schema_valid(void)
{
    tst_result_t *r = tst_validate("EN16931", NULL, ubl);
    CU_ASSERT_EQUAL(schema_findings(r), 0);
    if (schema_findings(r))
        fprintf(stderr, "\nUBL sample: %s\n", tst_codes(r));
    tst_free(r);
    r = tst_validate("EN16931", NULL, cii);
    CU_ASSERT_EQUAL(schema_findings(r), 0);
    if (schema_findings(r))
        fprintf(stderr, "\nCII sample: %s\n", tst_codes(r));
    tst_free(r);
}

static void test_order(void)
{
    /* IssueDate after DueDate */
    tst_result_t *r = mutated(ubl, "  <cbc:IssueDate>2026-11-21</cbc:IssueDate>\n  <cbc:DueDate>2026-12-21</cbc:DueDate>",
                              "  <cbc:DueDate>2026-12-21</cbc:DueDate>\n  <cbc:IssueDate>2026-11-21</cbc:IssueDate>");
    CU_ASSERT_EQUAL(tst_count(r, "SCHEMA-ORDER"), 1);
    CU_ASSERT_STRING_EQUAL(tst_field(r, "SCHEMA-ORDER"), "/Invoice/cbc:DueDate");
    CU_ASSERT_FALSE(tst_valid(r));
    tst_free(r);
}

static void test_unknown_element(void)
{
    tst_result_t *r = mutated(ubl, "<cbc:ID>INV-2026-0042</cbc:ID>",
                              "<cbc:ID>INV-2026-0042</cbc:ID><cbc:InvoiceNumber>42</cbc:InvoiceNumber>");
    CU_ASSERT_EQUAL(tst_count(r, "SCHEMA-UNKNOWN-ELEMENT"), 1);
    CU_ASSERT_STRING_EQUAL(tst_field(r, "SCHEMA-UNKNOWN-ELEMENT"), "/Invoice/cbc:InvoiceNumber");
    CU_ASSERT_EQUAL(tst_count(r, "SCHEMA-ORDER"), 0);
    tst_free(r);
}

static void test_missing(void)
{
    /* IssueDate is mandatory in InvoiceType: reported at the element that came instead */
    tst_result_t *r = mutated(ubl, "  <cbc:IssueDate>2026-11-21</cbc:IssueDate>\n", "");
    CU_ASSERT_EQUAL(tst_count(r, "SCHEMA-MISSING"), 1);
    CU_ASSERT_STRING_EQUAL(tst_field(r, "SCHEMA-MISSING"), "/Invoice/cbc:DueDate");
    tst_free(r);
    /* a required child at the end of its parent: reported at the parent */
    r = mutated(ubl, "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>\n      </cac:PartyTaxScheme>",
                "\n      </cac:PartyTaxScheme>");
    CU_ASSERT_EQUAL(tst_count(r, "SCHEMA-MISSING"), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(tst_field(r, "SCHEMA-MISSING"), "cac:PartyTaxScheme"));
    tst_free(r);
}

static void test_datatype(void)
{
    tst_result_t *r = mutated(ubl, "<cbc:IssueDate>2026-11-21</cbc:IssueDate>", "<cbc:IssueDate>21.11.2026</cbc:IssueDate>");
    CU_ASSERT_EQUAL(tst_count(r, "SCHEMA-DATATYPE"), 1);
    CU_ASSERT_STRING_EQUAL(tst_field(r, "SCHEMA-DATATYPE"), "/Invoice/cbc:IssueDate");
    tst_free(r);
    r = mutated(cii, "<ram:LineTotalAmount>180.00</ram:LineTotalAmount>", "<ram:LineTotalAmount>180,00</ram:LineTotalAmount>");
    CU_ASSERT_EQUAL(tst_count(r, "SCHEMA-DATATYPE"), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(tst_field(r, "SCHEMA-DATATYPE"), "ram:LineTotalAmount"));
    tst_free(r);
}

static void test_attribute(void)
{
    tst_result_t *r = mutated(ubl, "<cbc:ID>INV-2026-0042</cbc:ID>", "<cbc:ID colour=\"red\">INV-2026-0042</cbc:ID>");
    CU_ASSERT_EQUAL(tst_count(r, "SCHEMA-ATTRIBUTE"), 1);
    tst_free(r);
}

/* SCHEMA-DATATYPE findings of the UBL sample with one attachment whose base64 text is
 * 1,200 characters of "QUJD" followed by tail (long enough for the wide check) */
static size_t attachment_errors(const char *tail)
{
    char text[1400], body[1800];
    size_t i, k;
    tst_result_t *r;
    for (i = 0; i < 1200; i++)
        text[i] = "QUJD"[i % 4];
    snprintf(text + 1200, sizeof text - 1200, "%s", tail);
    snprintf(body, sizeof body,
             "<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cac:Attachment>"
             "<cbc:EmbeddedDocumentBinaryObject mimeCode=\"text/csv\" filename=\"a.csv\">%s</cbc:EmbeddedDocumentBinaryObject>"
             "</cac:Attachment></cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>", text);
    r = mutated(ubl, "<cac:AccountingSupplierParty>", body);
    k = tst_count(r, "SCHEMA-DATATYPE");
    if (schema_findings(r) != k)
        fprintf(stderr, "\nattachment ...%s: %s\n", tail, tst_codes(r));
    CU_ASSERT_EQUAL(schema_findings(r), k);
    tst_free(r);
    return k;
}

/* attachments: libxml2's base64 rules, checked by our wide scan for valid ones; an invalid
 * one is left to libxml2, which reports it */
static void test_attachment(void)
{
    CU_ASSERT_EQUAL(attachment_errors(""), 0);
    CU_ASSERT_EQUAL(attachment_errors("QUI="), 0);           /* 2 bytes, one pad */
    CU_ASSERT_EQUAL(attachment_errors("QQ=="), 0);           /* 1 byte, two pads */
    CU_ASSERT_EQUAL(attachment_errors("\n QQ\t=\n= \n"), 0);  /* blanks anywhere */
    CU_ASSERT_EQUAL(attachment_errors("QUJ"), 1);            /* not a multiple of 4 */
    CU_ASSERT_EQUAL(attachment_errors("QR=="), 1);           /* pad bits not zero */
    CU_ASSERT_EQUAL(attachment_errors("QQ==QUJD"), 1);       /* letters after '=' */
    CU_ASSERT_EQUAL(attachment_errors("Q==="), 1);           /* three pads */
    CU_ASSERT_EQUAL(attachment_errors("QUJD!"), 0);          /* libxml2 skips stray characters */
}

/* the XML inside a Factur-X PDF is validated as a bare upload would be */
static void test_pdf(void)
{
    int bad;
    for (bad = 0; bad < 2; bad++) {
        tst_pdf_spec_t spec;
        char *xml = bad ? tst_replace(cii, "<ram:LineTotalAmount>180.00</ram:LineTotalAmount>",
                                      "<ram:LineTotalAmount>180,00</ram:LineTotalAmount>")
                        : strdup(cii);
        char *pdf;
        size_t len;
        tst_result_t *r;
        CU_ASSERT_PTR_NOT_NULL_FATAL(xml);
        memset(&spec, 0, sizeof spec);
        spec.xml = xml;
        spec.xml_len = strlen(xml);
        pdf = tst_make_pdf(&spec, &len);
        CU_ASSERT_PTR_NOT_NULL_FATAL(pdf);
        r = tst_validate_bytes("EN16931", NULL, pdf, len);
        CU_ASSERT_EQUAL(tst_count(r, "SCHEMA-DATATYPE"), (size_t)bad);
        CU_ASSERT_EQUAL(schema_findings(r), (size_t)bad);
        if (schema_findings(r) != (size_t)bad)
            fprintf(stderr, "\nPDF (%s): %s\n", bad ? "bad amount" : "sample", tst_codes(r));
        tst_free(r);
        free(pdf);
        free(xml);
    }
}

/* canonical JSON: the UBL generated from the model meets the XSD; without a payment means
 * code (BT-81) it lacks cbc:PaymentMeansCode, which the XSD requires */
static void test_json(void)
{
    char *json = tst_read_data("json/sample-invoice.json", NULL), *x;
    tst_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(json);
    r = tst_validate("EN16931", "json", json);
    CU_ASSERT_EQUAL(schema_findings(r), 0);
    if (schema_findings(r))
        fprintf(stderr, "\nJSON sample: %s\n", tst_codes(r));
    tst_free(r);
    x = tst_replace(json, "\"meansCode\": \"58\",", "");
    CU_ASSERT_NOT_EQUAL_FATAL(strcmp(x, json), 0);
    r = tst_validate("EN16931", "json", x);
    CU_ASSERT_EQUAL(tst_count(r, "SCHEMA-MISSING"), 1);
    CU_ASSERT_EQUAL(tst_count(r, "BR-49"), 1);
    tst_free(r);
    free(x);
    free(json);
}

/* a document with thousands of schema errors: the per-rule cap holds */
static void test_capped(void)
{
    size_t i, n = 0, cap = 400 * 40;
    char *many = malloc(cap), *x;
    tst_result_t *r;
    CU_ASSERT_PTR_NOT_NULL_FATAL(many);
    n += (size_t)snprintf(many + n, cap - n, "<cbc:ID>INV-2026-0042</cbc:ID>");
    for (i = 0; i < 300; i++)
        n += (size_t)snprintf(many + n, cap - n, "<cbc:Bogus>%zu</cbc:Bogus>", i);
    x = tst_replace(ubl, "<cbc:ID>INV-2026-0042</cbc:ID>", many);
    r = tst_validate("EN16931", NULL, x);
    CU_ASSERT_TRUE(tst_count(r, "SCHEMA-UNKNOWN-ELEMENT") >= 1);
    CU_ASSERT_TRUE(tst_count(r, "SCHEMA-UNKNOWN-ELEMENT") <= 50);
    tst_free(r);
    free(x);
    free(many);
}

unsigned tst_after(void)
{
    free(ubl);
    free(cii);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    ubl = tst_read_data("ubl/sample-invoice.xml", NULL);
    cii = tst_read_data("cii/sample-invoice.xml", NULL);
    if (!ubl || !cii) {
        tst_setup_failed("the sample invoices cannot be read");
        return;
    }
    s = CU_add_suite("xsd", NULL, NULL);
    CU_add_test(s, "the samples are schema-valid", test_samples_are_schema_valid);
    CU_add_test(s, "element order: SCHEMA-ORDER", test_order);
    CU_add_test(s, "unknown element: SCHEMA-UNKNOWN-ELEMENT", test_unknown_element);
    CU_add_test(s, "missing element: SCHEMA-MISSING", test_missing);
    CU_add_test(s, "bad date / decimal: SCHEMA-DATATYPE", test_datatype);
    CU_add_test(s, "undeclared attribute: SCHEMA-ATTRIBUTE", test_attribute);
    CU_add_test(s, "base64 attachments", test_attachment);
    CU_add_test(s, "the XML inside a PDF", test_pdf);
    CU_add_test(s, "UBL generated from canonical JSON", test_json);
    CU_add_test(s, "per-rule cap", test_capped);
}
