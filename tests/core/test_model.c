/* The canonical model: term table, node tree, canonicalJson, and the UBL and CII bindings
 * (the plugins' internal libraries einv_ubl_binding and einv_cii_binding, linked in). */
#include <CUnit/Basic.h>
#include <einvoice/einvoice.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tsupport.h"
#include "ubl_to_model.h"
#include "cii_to_model.h"

/* ---- helpers ---- */

/* A minimal JSON well-formedness check (RFC 8259 grammar, no semantics). */
static const char *jv_value(const char *p);

static const char *jv_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

static const char *jv_string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    for (; *p != '"'; p++) {
        if ((unsigned char)*p < 0x20)
            return NULL;
        if (*p == '\\') {
            p++;
            if (*p == 'u') {
                int i;
                for (i = 1; i <= 4; i++)
                    if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
                        return NULL;
                p += 4;
            } else if (!*p || !strchr("\"\\/bfnrt", *p))
                return NULL;
        }
    }
    return p + 1;
}

static const char *jv_number(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (*p >= '1' && *p <= '9')
        while (*p >= '0' && *p <= '9')
            p++;
    else
        return NULL;
    if (*p == '.') {
        p++;
        if (*p < '0' || *p > '9')
            return NULL;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return p;
}

static const char *jv_value(const char *p)
{
    p = jv_ws(p);
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        int obj = *p == '{';
        p = jv_ws(p + 1);
        if (*p == close)
            return p + 1;
        for (;;) {
            if (obj) {
                if (!(p = jv_string(jv_ws(p))))
                    return NULL;
                p = jv_ws(p);
                if (*p++ != ':')
                    return NULL;
            }
            if (!(p = jv_value(p)))
                return NULL;
            p = jv_ws(p);
            if (*p == close)
                return p + 1;
            if (*p++ != ',')
                return NULL;
        }
    }
    if (*p == '"')
        return jv_string(p);
    if (!strncmp(p, "null", 4) || !strncmp(p, "true", 4))
        return p + 4;
    if (!strncmp(p, "false", 5))
        return p + 5;
    return jv_number(p);
}

static int json_ok(const char *j)
{
    const char *e = j ? jv_value(j) : NULL;
    return e && *jv_ws(e) == 0;
}

/* Parse xml, map it with the mapper of its syntax; *json gets canonicalJson. */
static einv_invoice_t *map_doc(const char *xml, einv_xdoc_t **doc, char **json)
{
    einv_error_t err;
    einv_invoice_t *inv;
    *doc = einv_xdoc_parse(xml, strlen(xml), NULL, &err);
    if (!*doc) {
        fprintf(stderr, "parse failed: %s %s\n", err.message, err.detail);
        return NULL;
    }
    inv = einv_xdoc_syntax(*doc) == EINV_SYNTAX_CII ? cii_to_model(*doc) : ubl_to_model(*doc);
    *json = einv_invoice_to_json(inv);
    if (!json_ok(*json))
        fprintf(stderr, "bad JSON: %s\n", *json ? *json : "(null)");
    return inv;
}

static void unmap(einv_invoice_t *inv, einv_xdoc_t *doc, char *json)
{
    free(json);
    einv_invoice_free(inv);
    einv_xdoc_free(doc);
}

static int has(const char *json, const char *frag)
{
    if (json && strstr(json, frag))
        return 1;
    fprintf(stderr, "\n  missing %s\n  in %s\n", frag, json ? json : "(null)");
    return 0;
}

static const char *path_text(const einv_node_t *n, const einv_term *path, size_t k)
{
    size_t i;
    for (i = 0; n && i + 1 < k; i++)
        n = einv_node_get(n, path[i]);
    return n ? einv_node_text(n, path[k - 1]) : NULL;
}
#define TXT(root, ...)                                                                     \
    path_text(root, (const einv_term[]){__VA_ARGS__},                                     \
              sizeof((const einv_term[]){__VA_ARGS__}) / sizeof(einv_term))

/* ---- the term table ---- */

static void test_terms(void)
{
    int bt[166] = {0}, bg[33] = {0}, i;
    const einv_term_info_t *ti = einv_term_info(EINV_T_BT_1);
    einv_term t, o;
    CU_ASSERT_STRING_EQUAL(ti->name, "BT_1");
    CU_ASSERT_STRING_EQUAL(ti->code, "BT-1");
    CU_ASSERT_STRING_EQUAL(ti->json, "invoiceNumber");
    CU_ASSERT_EQUAL(einv_term_info(EINV_T_BG_25)->card, EINV_C_MANY);
    CU_ASSERT_EQUAL(einv_term_info(EINV_T_BT_115)->kind, EINV_K_AMOUNT);
    CU_ASSERT_PTR_NULL(einv_term_info(EINV_T__COUNT));
    /* every business term and group of EN 16931-1 exactly once */
    for (t = 0; t < EINV_T__COUNT; t++) {
        const char *c = einv_term_info(t)->code;
        if (!strncmp(c, "BT-", 3))
            bt[atoi(c + 3)]++;
        else if (!strncmp(c, "BG-", 3))
            bg[atoi(c + 3)]++;
    }
    for (i = 1; i <= 165; i++)
        CU_ASSERT_EQUAL(bt[i], i == 4 ? 0 : 1);
    for (i = 1; i <= 32; i++)
        CU_ASSERT_EQUAL(bg[i], 1);
    /* every named term is a field of some group's JSON object */
    for (t = 1; t < EINV_T__COUNT; t++) {
        const char *json = einv_term_info(t)->json;
        einv_term p;
        int found = 0;
        if (!json[0])
            continue;   /* inline groups */
        for (p = 0; p < EINV_T__COUNT && !found; p++)
            found = einv_term_by_json(p, json, &o) == EINV_OK && o == t;
        if (!found)
            fprintf(stderr, "\n  unreachable term %s\n", einv_term_info(t)->name);
        CU_ASSERT_TRUE(found);
    }
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T_INVOICE, "totals", &o), EINV_OK);
    CU_ASSERT_EQUAL(o, EINV_T_BG_22);
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T_BG_22, "payableAmount", &o), EINV_OK);
    CU_ASSERT_EQUAL(o, EINV_T_BT_115);
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T_BG_23, "category", &o), EINV_OK);
    CU_ASSERT_EQUAL(o, EINV_T_BT_118);
    /* fields of inline groups belong to the line object */
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T_BG_25, "description", &o), EINV_OK);
    CU_ASSERT_EQUAL(o, EINV_T_BT_153);
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T_BG_25, "price", &o), EINV_OK);
    CU_ASSERT_EQUAL(o, EINV_T_BT_146);
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T_BG_25, "taxRate", &o), EINV_OK);
    CU_ASSERT_EQUAL(o, EINV_T_BT_152);
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T_BG_7, "leitwegId", &o), EINV_OK);
    CU_ASSERT_EQUAL(o, EINV_T_LEITWEG_ID);
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T_BG_4, "leitwegId", &o), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T_INVOICE, "payableAmount", &o), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T_INVOICE, "nope", &o), EINV_ERR_NOTFOUND);
    CU_ASSERT_EQUAL(einv_term_by_json(EINV_T__COUNT, "totals", &o), EINV_ERR_NOTFOUND);
}

/* ---- the node tree ---- */

static void test_nodes(void)
{
    einv_invoice_t *inv = einv_invoice_new();
    einv_node_t *root = einv_invoice_root(inv), *l1, *l2, *n;
    char big[100];
    CU_ASSERT_EQUAL(root->term, EINV_T_INVOICE);
    CU_ASSERT_PTR_NOT_NULL(einv_node_add(inv, root, EINV_T_BT_1, "INV-1"));
    CU_ASSERT_STRING_EQUAL(einv_node_text(root, EINV_T_BT_1), "INV-1");
    CU_ASSERT_PTR_NULL(einv_node_text(root, EINV_T_BT_2));
    CU_ASSERT_PTR_NULL(einv_node_add(inv, NULL, EINV_T_BT_2, "x"));
    CU_ASSERT_PTR_NULL(einv_node_add(inv, root, EINV_T__COUNT, "x"));

    l1 = einv_node_add(inv, root, EINV_T_BG_25, NULL);
    l2 = einv_node_add(inv, root, EINV_T_BG_25, NULL);
    CU_ASSERT_PTR_NULL(l1->text);
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_25), 2);
    CU_ASSERT_PTR_EQUAL(einv_node_get(root, EINV_T_BG_25), l1);
    CU_ASSERT_PTR_EQUAL(einv_node_next(l1), l2);
    CU_ASSERT_PTR_NULL(einv_node_next(l2));

    /* item fields go into the line's BG-31, created once, and are found through it */
    n = einv_node_add(inv, l1, EINV_T_BT_153, "Widget");
    CU_ASSERT_EQUAL(n->parent->term, EINV_T_BG_31);
    CU_ASSERT_PTR_EQUAL(n->parent->parent, l1);
    einv_node_add(inv, l1, EINV_T_BT_129, "3");
    einv_node_add(inv, l1, EINV_T_BT_154, "A blue widget");
    CU_ASSERT_EQUAL(einv_node_count(l1, EINV_T_BG_31), 1);
    CU_ASSERT_EQUAL(einv_node_count(l1, EINV_T_BT_153), 1);
    CU_ASSERT_STRING_EQUAL(einv_node_text(l1, EINV_T_BT_154), "A blue widget");
    CU_ASSERT_STRING_EQUAL(einv_node_text(einv_node_get(l1, EINV_T_BG_31), EINV_T_BT_153),
                           "Widget");

    /* decimals are parsed for numeric kinds, attributes and sources are kept */
    n = einv_node_add(inv, l1, EINV_T_BT_146, "12.50");
    CU_ASSERT_EQUAL(n->parent->term, EINV_T_BG_29);
    CU_ASSERT_TRUE(n->dec.ok);
    CU_ASSERT_EQUAL(n->dec.scale, 2);
    CU_ASSERT_STRING_EQUAL(einv_dec_format(n->dec, big, sizeof big), "12.50");
    einv_node_set_attr(inv, n, 0, "EUR");
    einv_node_set_attr(inv, n, 5, "ignored");
    CU_ASSERT_STRING_EQUAL(n->attr[0], "EUR");
    CU_ASSERT_PTR_NULL(n->attr[1]);
    einv_node_set_src(inv, n, "/Invoice/cac:InvoiceLine[1]/cac:Price/cbc:PriceAmount", big);
    CU_ASSERT_STRING_EQUAL(n->src, "/Invoice/cac:InvoiceLine[1]/cac:Price/cbc:PriceAmount");
    CU_ASSERT_PTR_EQUAL(n->src_node, big);
    n = einv_node_add(inv, l1, EINV_T_BT_131, "abc");
    CU_ASSERT_FALSE(n->dec.ok);
    n = einv_node_add(inv, root, EINV_T_BT_22, "text");   /* not numeric: no parse */
    CU_ASSERT_FALSE(n->dec.ok);

    memset(big, 'x', sizeof big);
    CU_ASSERT_STRING_EQUAL(einv_invoice_strdup(inv, big, 3), "xxx");
    CU_ASSERT_STRING_EQUAL(einv_invoice_strdup(inv, "abc", (size_t)-1), "abc");
    CU_ASSERT_PTR_NULL(einv_invoice_strdup(inv, NULL, 0));
    einv_invoice_free(inv);
    einv_invoice_free(NULL);
}

/* ---- canonicalJson ---- */

static void test_json_empty(void)
{
    einv_invoice_t *inv = einv_invoice_new();
    char *j = einv_invoice_to_json(inv);
    CU_ASSERT_STRING_EQUAL(j, "{\"invoiceNumber\":null,\"issueDate\":null,\"currency\":null,"
                              "\"buyerReference\":null,\"supplier\":{\"name\":null,\"vatId\":null},"
                              "\"buyer\":{\"name\":null,\"vatId\":null,\"leitwegId\":null},"
                              "\"lines\":[],\"validationProfile\":null}");
    free(j);
    CU_ASSERT_PTR_NULL(einv_invoice_to_json(NULL));
    einv_invoice_free(inv);
}

static void test_json_values(void)
{
    einv_invoice_t *inv = einv_invoice_new();
    einv_node_t *root = einv_invoice_root(inv), *tot, *line, *n;
    char *j;
    einv_node_add(inv, root, EINV_T_VALIDATION_PROFILE, "EN16931");
    einv_node_add(inv, root, EINV_T_BT_1, "A \"q\" \\ \n\t\x01 \xc3\xa9");
    tot = einv_node_add(inv, root, EINV_T_BG_22, NULL);
    einv_node_add(inv, tot, EINV_T_BT_115, "1234.50");
    einv_node_add(inv, tot, EINV_T_BT_112, " +007.50\n");
    einv_node_add(inv, tot, EINV_T_BT_109, "1,5");
    einv_node_add(inv, tot, EINV_T_BT_106, "-.5");
    einv_node_add(inv, tot, EINV_T_BT_110, "5.");
    einv_node_add(inv, tot, EINV_T_BT_113, "-0.00");
    einv_node_add(inv, tot, EINV_T_BT_114, "1e3");
    line = einv_node_add(inv, root, EINV_T_BG_25, NULL);
    einv_node_add(inv, line, EINV_T_BT_146, "0.10");
    n = einv_node_add(inv, line, EINV_T_BT_158, "12345");
    einv_node_set_attr(inv, n, 0, "STI");
    einv_node_set_attr(inv, n, 1, "2.0");
    einv_node_add(inv, line, EINV_T_BT_158, "678");
    j = einv_invoice_to_json(inv);
    CU_ASSERT_TRUE(json_ok(j));
    CU_ASSERT_TRUE(has(j, "\"invoiceNumber\":\"A \\\"q\\\" \\\\ \\n\\t\\u0001 \xc3\xa9\""));
    CU_ASSERT_TRUE(has(j, "\"payableAmount\":1234.50"));
    CU_ASSERT_TRUE(has(j, "\"taxInclusiveAmount\":7.50"));
    CU_ASSERT_TRUE(has(j, "\"taxExclusiveAmount\":null"));
    CU_ASSERT_TRUE(has(j, "\"lineNetAmount\":-0.5"));
    CU_ASSERT_TRUE(has(j, "\"taxAmount\":5,"));
    CU_ASSERT_TRUE(has(j, "\"prepaidAmount\":-0.00"));
    CU_ASSERT_TRUE(has(j, "\"roundingAmount\":null"));
    /* totals in terms.def order whatever the insertion order */
    CU_ASSERT_TRUE(has(j, "\"totals\":{\"lineNetAmount\":-0.5,\"taxExclusiveAmount\":null,"
                          "\"taxAmount\":5,\"taxInclusiveAmount\":7.50,\"prepaidAmount\":-0.00,"
                          "\"roundingAmount\":null,\"payableAmount\":1234.50}"));
    /* an invoice line keeps its always-written fields even when absent */
    CU_ASSERT_TRUE(has(j, "\"lines\":[{\"description\":null,\"classifications\":["
                          "{\"value\":\"12345\",\"scheme\":\"STI\",\"schemeVersion\":\"2.0\"},"
                          "{\"value\":\"678\"}],\"quantity\":null,\"unit\":null,"
                          "\"price\":0.10,\"taxRate\":null}]"));
    CU_ASSERT_TRUE(has(j, "\"validationProfile\":\"EN16931\""));
    free(j);
    einv_invoice_free(inv);
}

static void test_leitweg(void)
{
    static const struct {
        const char *bt10, *json;
    } cases[] = {
        {"991-33333TEST-33", "\"leitwegId\":\"991-33333TEST-33\""},
        {" 04011000-1234512345-06 ", "\"leitwegId\":\"04011000-1234512345-06\""},
        {"04011000-12345-03", "\"leitwegId\":\"04011000-12345-03\""},
        {"991-01234-44", "\"leitwegId\":null"},       /* check digits wrong */
        {"2023-01", "\"leitwegId\":null"},            /* a date-like reference */
        {"PO-4711", "\"leitwegId\":null"},
        {"991-33333TEST-3X", "\"leitwegId\":null"},
        {"1-2-3-4", "\"leitwegId\":null"},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        einv_invoice_t *inv = einv_invoice_new();
        char *j;
        einv_node_add(inv, einv_invoice_root(inv), EINV_T_BT_10, cases[i].bt10);
        j = einv_invoice_to_json(inv);
        CU_ASSERT_TRUE(has(j, cases[i].json));
        free(j);
        einv_invoice_free(inv);
    }
    {   /* an explicit node (set by an input format) wins */
        einv_invoice_t *inv = einv_invoice_new();
        einv_node_t *buyer = einv_node_add(inv, einv_invoice_root(inv), EINV_T_BG_7, NULL);
        char *j;
        einv_node_add(inv, buyer, EINV_T_LEITWEG_ID, "04011000-1234512345-06");
        j = einv_invoice_to_json(inv);
        CU_ASSERT_TRUE(has(j, "\"buyer\":{\"name\":null,\"vatId\":null,"
                              "\"leitwegId\":\"04011000-1234512345-06\"}"));
        free(j);
        einv_invoice_free(inv);
    }
}

/* ---- UBL ---- */

static const char UBL_BODY[] =
    "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>"
    "<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>"
    "<cbc:ID>INV-2024-001</cbc:ID>"
    "<cbc:IssueDate>2024-03-15</cbc:IssueDate>"
    "<cbc:DueDate>2024-04-14</cbc:DueDate>"
    "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"
    "<cbc:Note>#AAI#Thank you</cbc:Note><cbc:Note>Plain note</cbc:Note>"
    "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"
    "<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>"
    "<cbc:BuyerReference>991-33333TEST-33</cbc:BuyerReference>"
    "<cac:InvoicePeriod><cbc:StartDate>2024-03-01</cbc:StartDate>"
    "<cbc:EndDate>2024-03-31</cbc:EndDate></cac:InvoicePeriod>"
    "<cac:OrderReference><cbc:ID>PO-77</cbc:ID></cac:OrderReference>"
    "<cac:AdditionalDocumentReference><cbc:ID schemeID=\"AAA\">OBJ-1</cbc:ID>"
    "<cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"
    "<cac:AdditionalDocumentReference><cbc:ID>TS-9</cbc:ID>"
    "<cbc:DocumentDescription>Timesheet</cbc:DocumentDescription><cac:Attachment>"
    "<cbc:EmbeddedDocumentBinaryObject mimeCode=\"application/pdf\" filename=\"ts.pdf\">"
    "QUJD</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>"
    "<cac:AccountingSupplierParty><cac:Party>"
    "<cbc:EndpointID schemeID=\"0088\">7300010000001</cbc:EndpointID>"
    "<cac:PartyIdentification><cbc:ID schemeID=\"0088\">7300010000001</cbc:ID></cac:PartyIdentification>"
    "<cac:PartyIdentification><cbc:ID schemeID=\"SEPA\">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification>"
    "<cac:PartyName><cbc:Name>Acme Trading</cbc:Name></cac:PartyName>"
    "<cac:PostalAddress><cbc:StreetName>Main Street 1</cbc:StreetName>"
    "<cbc:CityName>Berlin</cbc:CityName><cbc:PostalZone>10115</cbc:PostalZone>"
    "<cac:AddressLine><cbc:Line>Building C</cbc:Line></cac:AddressLine>"
    "<cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"
    "<cac:PartyTaxScheme><cbc:CompanyID>DE123456789</cbc:CompanyID>"
    "<cac:TaxScheme><cbc:ID>vat</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>"
    "<cac:PartyTaxScheme><cbc:CompanyID>201/113/40209</cbc:CompanyID>"
    "<cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>"
    "<cac:PartyLegalEntity><cbc:RegistrationName>Acme Trading GmbH</cbc:RegistrationName>"
    "<cbc:CompanyID schemeID=\"0002\">HRB 1234</cbc:CompanyID></cac:PartyLegalEntity>"
    "<cac:Contact><cbc:Name>Jane</cbc:Name><cbc:ElectronicMail>jane@acme.example</cbc:ElectronicMail></cac:Contact>"
    "</cac:Party></cac:AccountingSupplierParty>"
    "<cac:AccountingCustomerParty><cac:Party>"
    "<cac:PartyTaxScheme><cbc:CompanyID>FR12345678901</cbc:CompanyID>"
    "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>"
    "<cac:PartyLegalEntity><cbc:RegistrationName>Client SA</cbc:RegistrationName></cac:PartyLegalEntity>"
    "</cac:Party></cac:AccountingCustomerParty>"
    "<cac:PaymentMeans><cbc:PaymentMeansCode name=\"Transfer\">58</cbc:PaymentMeansCode>"
    "<cbc:PaymentID>INV-2024-001</cbc:PaymentID>"
    "<cac:PayeeFinancialAccount><cbc:ID>DE89370400440532013000</cbc:ID>"
    "<cac:FinancialInstitutionBranch><cbc:ID>COBADEFFXXX</cbc:ID></cac:FinancialInstitutionBranch>"
    "</cac:PayeeFinancialAccount></cac:PaymentMeans>"
    "<cac:PaymentTerms><cbc:Note>30 days net</cbc:Note></cac:PaymentTerms>"
    "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>"
    "<cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason>"
    "<cbc:Amount currencyID=\"EUR\">10.00</cbc:Amount>"
    "<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>"
    "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>"
    "<cac:AllowanceCharge><cbc:ChargeIndicator> true </cbc:ChargeIndicator>"
    "<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>"
    "<cbc:Amount currencyID=\"EUR\">5.00</cbc:Amount></cac:AllowanceCharge>"
    "<cac:AllowanceCharge><cbc:ChargeIndicator>maybe</cbc:ChargeIndicator>"
    "<cbc:Amount currencyID=\"EUR\">99</cbc:Amount></cac:AllowanceCharge>"
    "<cac:TaxTotal><cbc:TaxAmount currencyID=\"EUR\">234.55</cbc:TaxAmount>"
    "<cac:TaxSubtotal><cbc:TaxableAmount currencyID=\"EUR\">1234.50</cbc:TaxableAmount>"
    "<cbc:TaxAmount currencyID=\"EUR\">234.55</cbc:TaxAmount>"
    "<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19.00</cbc:Percent>"
    "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"
    "<cac:TaxTotal><cbc:TaxAmount currencyID=\"SEK\">2600.10</cbc:TaxAmount></cac:TaxTotal>"
    "<cac:LegalMonetaryTotal>"
    "<cbc:LineExtensionAmount currencyID=\"EUR\">1239.50</cbc:LineExtensionAmount>"
    "<cbc:TaxExclusiveAmount currencyID=\"EUR\">1234.50</cbc:TaxExclusiveAmount>"
    "<cbc:TaxInclusiveAmount currencyID=\"EUR\">1469.05</cbc:TaxInclusiveAmount>"
    "<cbc:AllowanceTotalAmount currencyID=\"EUR\">10.00</cbc:AllowanceTotalAmount>"
    "<cbc:ChargeTotalAmount currencyID=\"EUR\">5.00</cbc:ChargeTotalAmount>"
    "<cbc:PayableAmount currencyID=\"EUR\">1469.05</cbc:PayableAmount>"
    "</cac:LegalMonetaryTotal>"
    "<cac:InvoiceLine><cbc:ID>1</cbc:ID>"
    "<cbc:InvoicedQuantity unitCode=\"HUR\">10.000</cbc:InvoicedQuantity>"
    "<cbc:LineExtensionAmount currencyID=\"EUR\">1234.50</cbc:LineExtensionAmount>"
    "<cac:OrderLineReference><cbc:LineID>3</cbc:LineID></cac:OrderLineReference>"
    "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>"
    "<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>"
    "<cbc:MultiplierFactorNumeric>2.5</cbc:MultiplierFactorNumeric>"
    "<cbc:Amount currencyID=\"EUR\">2.50</cbc:Amount>"
    "<cbc:BaseAmount currencyID=\"EUR\">100.00</cbc:BaseAmount></cac:AllowanceCharge>"
    "<cac:Item><cbc:Description>Senior consultant, on site</cbc:Description>"
    "<cbc:Name>Consulting</cbc:Name>"
    "<cac:SellersItemIdentification><cbc:ID>C-1</cbc:ID></cac:SellersItemIdentification>"
    "<cac:CommodityClassification><cbc:ItemClassificationCode listID=\"STI\" listVersionID=\"3\">"
    "8517</cbc:ItemClassificationCode></cac:CommodityClassification>"
    "<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>"
    "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>"
    "<cac:AdditionalItemProperty><cbc:Name>Level</cbc:Name><cbc:Value>Senior</cbc:Value></cac:AdditionalItemProperty>"
    "</cac:Item>"
    "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">123.450</cbc:PriceAmount>"
    "<cbc:BaseQuantity unitCode=\"HUR\">1</cbc:BaseQuantity>"
    "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>"
    "<cbc:Amount currencyID=\"EUR\">1.55</cbc:Amount><cbc:BaseAmount currencyID=\"EUR\">125.00</cbc:BaseAmount>"
    "</cac:AllowanceCharge></cac:Price>"
    "</cac:InvoiceLine>"
    "<cac:InvoiceLine><cbc:ID>2</cbc:ID>"
    "<cbc:InvoicedQuantity unitCode=\"C62\">1</cbc:InvoicedQuantity>"
    "<cbc:LineExtensionAmount currencyID=\"EUR\">5.00</cbc:LineExtensionAmount>"
    "<cac:Item><cbc:Name>Travel</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID>"
    "<cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>"
    "</cac:ClassifiedTaxCategory></cac:Item>"
    "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">5.00</cbc:PriceAmount></cac:Price>"
    "</cac:InvoiceLine>";

static void test_ubl_invoice(void)
{
    einv_xdoc_t *doc;
    char *j;
    einv_invoice_t *inv = map_doc(tst_ubl(UBL_BODY), &doc, &j);
    einv_node_t *root = einv_invoice_root(inv), *line, *n;
    CU_ASSERT_TRUE(json_ok(j));
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BT_1), "INV-2024-001");
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_2, EINV_T_BT_24), "urn:cen.eu:en16931:2017");
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_4, EINV_T_BT_27), "Acme Trading GmbH");
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_4, EINV_T_BT_31), "DE123456789");   /* "vat" */
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_4, EINV_T_BT_32), "201/113/40209");
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_4, EINV_T_BG_5, EINV_T_BT_162), "Building C");
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_16, EINV_T_BG_19, EINV_T_BT_90),
                           "DE98ZZZ09999999999");
    CU_ASSERT_EQUAL(einv_node_count(einv_node_get(root, EINV_T_BG_4), EINV_T_BT_29), 1);
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_22, EINV_T_BT_110), "234.55");
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_22, EINV_T_BT_111), "2600.10");
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_20), 1);
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_21), 1);   /* "maybe" is neither */
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_25), 2);
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_24), 1);   /* 130 is BT-18 */

    line = einv_node_get(root, EINV_T_BG_25);
    n = einv_node_get(line, EINV_T_BT_129);
    CU_ASSERT_STRING_EQUAL(n->attr[0], "HUR");
    CU_ASSERT_TRUE(n->dec.ok);
    CU_ASSERT_STRING_EQUAL(einv_node_text(line, EINV_T_BT_130), "HUR");
    CU_ASSERT_STRING_EQUAL(einv_node_text(line, EINV_T_BT_153), "Consulting");   /* via BG-31 */
    n = einv_node_get(line, EINV_T_BT_146);
    CU_ASSERT_STRING_EQUAL(n->attr[0], "EUR");
    CU_ASSERT_EQUAL(n->dec.scale, 3);
    /* nodes remember their source element */
    CU_ASSERT_PTR_NOT_NULL(n->src_node);
    CU_ASSERT_STRING_EQUAL((const char *)((const xmlNode *)n->src_node)->name, "PriceAmount");
    n = einv_node_get(line, EINV_T_BT_130);
    CU_ASSERT_EQUAL(((const xmlNode *)n->src_node)->type, XML_ATTRIBUTE_NODE);

    /* API.md names, exact decimals */
    CU_ASSERT_TRUE(has(j, "{\"invoiceNumber\":\"INV-2024-001\",\"issueDate\":\"2024-03-15\","
                          "\"typeCode\":\"380\",\"currency\":\"EUR\",\"taxCurrency\":\"SEK\","));
    CU_ASSERT_TRUE(has(j, "\"dueDate\":\"2024-04-14\",\"buyerReference\":\"991-33333TEST-33\""));
    CU_ASSERT_TRUE(has(j, "\"notes\":[{\"subjectCode\":\"AAI\",\"text\":\"Thank you\"},"
                          "{\"text\":\"Plain note\"}]"));
    CU_ASSERT_TRUE(has(j, "\"invoicedObjectId\":{\"value\":\"OBJ-1\",\"scheme\":\"AAA\"}"));
    CU_ASSERT_TRUE(has(j, "\"supplier\":{\"name\":\"Acme Trading GmbH\",\"tradingName\":\"Acme Trading\","
                          "\"identifiers\":[{\"value\":\"7300010000001\",\"scheme\":\"0088\"}],"
                          "\"legalId\":{\"value\":\"HRB 1234\",\"scheme\":\"0002\"},"
                          "\"vatId\":\"DE123456789\",\"taxRegistrationId\":\"201/113/40209\","
                          "\"electronicAddress\":{\"value\":\"7300010000001\",\"scheme\":\"0088\"},"
                          "\"address\":{\"line1\":\"Main Street 1\",\"line3\":\"Building C\","
                          "\"city\":\"Berlin\",\"postalCode\":\"10115\",\"countryCode\":\"DE\"},"
                          "\"contact\":{\"name\":\"Jane\",\"email\":\"jane@acme.example\"}}"));
    CU_ASSERT_TRUE(has(j, "\"buyer\":{\"name\":\"Client SA\",\"vatId\":\"FR12345678901\","
                          "\"leitwegId\":\"991-33333TEST-33\"}"));
    CU_ASSERT_TRUE(has(j, "\"invoicePeriod\":{\"startDate\":\"2024-03-01\",\"endDate\":\"2024-03-31\"}"));
    CU_ASSERT_TRUE(has(j, "\"payment\":{\"meansCode\":\"58\",\"meansText\":\"Transfer\","
                          "\"remittanceInformation\":\"INV-2024-001\",\"creditTransfers\":["
                          "{\"accountId\":\"DE89370400440532013000\",\"serviceProviderId\":\"COBADEFFXXX\"}],"
                          "\"directDebit\":{\"creditorId\":\"DE98ZZZ09999999999\"}}"));
    CU_ASSERT_TRUE(has(j, "\"allowances\":[{\"amount\":10.00,\"taxCategory\":\"S\",\"taxRate\":19,"
                          "\"reason\":\"Discount\"}]"));
    CU_ASSERT_TRUE(has(j, "\"charges\":[{\"amount\":5.00,\"reasonCode\":\"FC\"}]"));
    CU_ASSERT_TRUE(has(j, "\"totals\":{\"lineNetAmount\":1239.50,\"allowanceTotal\":10.00,"
                          "\"chargeTotal\":5.00,\"taxExclusiveAmount\":1234.50,\"taxAmount\":234.55,"
                          "\"taxAmountInTaxCurrency\":2600.10,\"taxInclusiveAmount\":1469.05,"
                          "\"payableAmount\":1469.05}"));
    CU_ASSERT_TRUE(has(j, "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":19.00,"
                          "\"taxableAmount\":1234.50,\"taxAmount\":234.55}]"));
    CU_ASSERT_TRUE(has(j, "\"supportingDocuments\":[{\"reference\":\"TS-9\",\"description\":\"Timesheet\","
                          "\"attachment\":{\"value\":\"QUJD\",\"mimeCode\":\"application/pdf\","
                          "\"filename\":\"ts.pdf\"}}]"));
    CU_ASSERT_TRUE(has(j, "\"lines\":[{\"id\":\"1\",\"description\":\"Consulting\","
                          "\"detailedDescription\":\"Senior consultant, on site\",\"sellerItemId\":\"C-1\","
                          "\"classifications\":[{\"value\":\"8517\",\"scheme\":\"STI\",\"schemeVersion\":\"3\"}],"
                          "\"attributes\":[{\"name\":\"Level\",\"value\":\"Senior\"}],"
                          "\"quantity\":10.000,\"unit\":\"HUR\",\"price\":123.450,\"priceDiscount\":1.55,"
                          "\"grossPrice\":125.00,\"priceBaseQuantity\":1,\"priceBaseUnit\":\"HUR\","
                          "\"taxCategory\":\"S\",\"taxRate\":19,\"netAmount\":1234.50,"
                          "\"orderLineReference\":\"3\",\"allowances\":[{\"amount\":2.50,"
                          "\"baseAmount\":100.00,\"percentage\":2.5,\"reasonCode\":\"95\"}]},"));
    CU_ASSERT_TRUE(has(j, "{\"id\":\"2\",\"description\":\"Travel\",\"quantity\":1,\"unit\":\"C62\","
                          "\"price\":5.00,\"taxCategory\":\"S\",\"taxRate\":19,\"netAmount\":5.00}]"));
    CU_ASSERT_PTR_NULL(strstr(j, "\"delivery\""));   /* absent data stays absent */
    CU_ASSERT_PTR_NULL(strstr(j, "\"payee\""));
    unmap(inv, doc, j);
}

static void test_ubl_credit_note(void)
{
    einv_xdoc_t *doc;
    char *j;
    einv_invoice_t *inv = map_doc(
        tst_ubl_cn("<cbc:ID>CN-1</cbc:ID><cbc:IssueDate>2024-05-02</cbc:IssueDate>"
                   "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>"
                   "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"
                   "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>INV-9</cbc:ID>"
                   "<cbc:IssueDate>2024-04-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>"
                   "<cac:AdditionalDocumentReference><cbc:ID>PRJ-5</cbc:ID>"
                   "<cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"
                   "<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>"
                   "<cbc:PaymentDueDate>2024-06-01</cbc:PaymentDueDate></cac:PaymentMeans>"
                   "<cac:CreditNoteLine><cbc:ID>1</cbc:ID>"
                   "<cbc:CreditedQuantity unitCode=\"C62\">-2</cbc:CreditedQuantity>"
                   "<cbc:LineExtensionAmount currencyID=\"EUR\">-20.00</cbc:LineExtensionAmount>"
                   "<cac:Item><cbc:Name>Returned part</cbc:Name></cac:Item>"
                   "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">10.00</cbc:PriceAmount></cac:Price>"
                   "</cac:CreditNoteLine>"),
        &doc, &j);
    CU_ASSERT_TRUE(has(j, "\"invoiceNumber\":\"CN-1\",\"issueDate\":\"2024-05-02\",\"typeCode\":\"381\""));
    CU_ASSERT_TRUE(has(j, "\"dueDate\":\"2024-06-01\""));
    CU_ASSERT_TRUE(has(j, "\"projectReference\":\"PRJ-5\""));
    CU_ASSERT_TRUE(has(j, "\"precedingInvoices\":[{\"reference\":\"INV-9\",\"issueDate\":\"2024-04-01\"}]"));
    CU_ASSERT_TRUE(has(j, "\"payment\":{\"meansCode\":\"30\"}"));
    CU_ASSERT_TRUE(has(j, "\"lines\":[{\"id\":\"1\",\"description\":\"Returned part\",\"quantity\":-2,"
                          "\"unit\":\"C62\",\"price\":10.00,\"taxRate\":null,\"netAmount\":-20.00}]"));
    CU_ASSERT_PTR_NULL(strstr(j, "supportingDocuments"));   /* type 50 is BT-11 here */
    unmap(inv, doc, j);
}

static void test_ubl_minimal(void)
{
    einv_xdoc_t *doc;
    char *j;
    einv_invoice_t *inv = map_doc(tst_ubl("<cbc:ID>7</cbc:ID><cac:AccountingSupplierParty/>"), &doc, &j);
    CU_ASSERT_STRING_EQUAL(j, "{\"invoiceNumber\":\"7\",\"issueDate\":null,\"currency\":null,"
                              "\"buyerReference\":null,\"supplier\":{\"name\":null,\"vatId\":null},"
                              "\"buyer\":{\"name\":null,\"vatId\":null,\"leitwegId\":null},"
                              "\"lines\":[],\"validationProfile\":null}");
    CU_ASSERT_PTR_NULL(einv_node_get(einv_invoice_root(inv), EINV_T_BG_4));   /* no cac:Party */
    unmap(inv, doc, j);
    /* empty elements are present (with empty text), not absent */
    inv = map_doc(tst_ubl("<cbc:ID/><cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"EUR\"/>"
                          "</cac:LegalMonetaryTotal>"), &doc, &j);
    CU_ASSERT_STRING_EQUAL(TXT(einv_invoice_root(inv), EINV_T_BT_1), "");
    CU_ASSERT_TRUE(has(j, "\"invoiceNumber\":\"\""));
    CU_ASSERT_TRUE(has(j, "\"totals\":{\"payableAmount\":null}"));
    unmap(inv, doc, j);
}

/* ---- CII ---- */

static const char CII_BODY[] =
    "<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>"
    "<ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>"
    "</rsm:ExchangedDocumentContext>"
    "<rsm:ExchangedDocument><ram:ID>CII-42</ram:ID><ram:TypeCode>380</ram:TypeCode>"
    "<ram:IssueDateTime><udt:DateTimeString format=\"102\">20240315</udt:DateTimeString></ram:IssueDateTime>"
    "<ram:IncludedNote><ram:Content>Hello</ram:Content><ram:SubjectCode>AAI</ram:SubjectCode></ram:IncludedNote>"
    "</rsm:ExchangedDocument>"
    "<rsm:SupplyChainTradeTransaction>"
    "<ram:IncludedSupplyChainTradeLineItem>"
    "<ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>"
    "<ram:SpecifiedTradeProduct><ram:GlobalID schemeID=\"0160\">4012345000009</ram:GlobalID>"
    "<ram:Name>Paper</ram:Name></ram:SpecifiedTradeProduct>"
    "<ram:SpecifiedLineTradeAgreement>"
    "<ram:GrossPriceProductTradePrice><ram:ChargeAmount>5.00</ram:ChargeAmount>"
    "<ram:BasisQuantity unitCode=\"C62\">10</ram:BasisQuantity></ram:GrossPriceProductTradePrice>"
    "<ram:NetPriceProductTradePrice><ram:ChargeAmount>4.50</ram:ChargeAmount></ram:NetPriceProductTradePrice>"
    "</ram:SpecifiedLineTradeAgreement>"
    "<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode=\"H87\">20</ram:BilledQuantity>"
    "</ram:SpecifiedLineTradeDelivery>"
    "<ram:SpecifiedLineTradeSettlement>"
    "<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode>"
    "<ram:RateApplicablePercent>7</ram:RateApplicablePercent></ram:ApplicableTradeTax>"
    "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>true</udt:Indicator>"
    "</ram:ChargeIndicator><ram:ActualAmount>1.00</ram:ActualAmount><ram:Reason>Packing</ram:Reason>"
    "</ram:SpecifiedTradeAllowanceCharge>"
    "<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>91.00</ram:LineTotalAmount>"
    "</ram:SpecifiedTradeSettlementLineMonetarySummation>"
    "<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>M-7</ram:IssuerAssignedID>"
    "<ram:TypeCode>130</ram:TypeCode><ram:ReferenceTypeCode>AAB</ram:ReferenceTypeCode>"
    "</ram:AdditionalReferencedDocument>"
    "</ram:SpecifiedLineTradeSettlement>"
    "</ram:IncludedSupplyChainTradeLineItem>"
    "<ram:ApplicableHeaderTradeAgreement>"
    "<ram:BuyerReference>04011000-1234512345-06</ram:BuyerReference>"
    "<ram:SellerTradeParty><ram:ID>S-1</ram:ID><ram:GlobalID schemeID=\"0088\">4000001000005</ram:GlobalID>"
    "<ram:Name>Papier AG</ram:Name>"
    "<ram:DefinedTradeContact><ram:DepartmentName>Sales</ram:DepartmentName>"
    "<ram:TelephoneUniversalCommunication><ram:CompleteNumber>+49 30 1</ram:CompleteNumber>"
    "</ram:TelephoneUniversalCommunication></ram:DefinedTradeContact>"
    "<ram:PostalTradeAddress><ram:PostcodeCode>10115</ram:PostcodeCode><ram:LineOne>Weg 2</ram:LineOne>"
    "<ram:CityName>Berlin</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>"
    "<ram:URIUniversalCommunication><ram:URIID schemeID=\"EM\">bill@papier.example</ram:URIID>"
    "</ram:URIUniversalCommunication>"
    "<ram:SpecifiedTaxRegistration><ram:ID schemeID=\"FC\">30/123/45678</ram:ID></ram:SpecifiedTaxRegistration>"
    "<ram:SpecifiedTaxRegistration><ram:ID schemeID=\"VA\">DE999999999</ram:ID></ram:SpecifiedTaxRegistration>"
    "</ram:SellerTradeParty>"
    "<ram:BuyerTradeParty><ram:Name>Amt</ram:Name></ram:BuyerTradeParty>"
    "<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>LOT-3</ram:IssuerAssignedID>"
    "<ram:TypeCode>50</ram:TypeCode></ram:AdditionalReferencedDocument>"
    "<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>ATT-1</ram:IssuerAssignedID>"
    "<ram:URIID>https://example.com/a.pdf</ram:URIID><ram:TypeCode>916</ram:TypeCode>"
    "</ram:AdditionalReferencedDocument>"
    "</ram:ApplicableHeaderTradeAgreement>"
    "<ram:ApplicableHeaderTradeDelivery><ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>"
    "<udt:DateTimeString format=\"102\">20240310</udt:DateTimeString></ram:OccurrenceDateTime>"
    "</ram:ActualDeliverySupplyChainEvent></ram:ApplicableHeaderTradeDelivery>"
    "<ram:ApplicableHeaderTradeSettlement>"
    "<ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID>"
    "<ram:PaymentReference>CII-42</ram:PaymentReference>"
    "<ram:TaxCurrencyCode>USD</ram:TaxCurrencyCode>"
    "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>"
    "<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>59</ram:TypeCode>"
    "<ram:PayerPartyDebtorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID>"
    "</ram:PayerPartyDebtorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>"
    "<ram:ApplicableTradeTax><ram:CalculatedAmount>6.37</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>"
    "<ram:BasisAmount>91.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode>"
    "<ram:RateApplicablePercent>7</ram:RateApplicablePercent></ram:ApplicableTradeTax>"
    "<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format=\"102\">20240301"
    "</udt:DateTimeString></ram:StartDateTime></ram:BillingSpecifiedPeriod>"
    "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator>"
    "</ram:ChargeIndicator><ram:ActualAmount>0.50</ram:ActualAmount>"
    "<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode>"
    "<ram:RateApplicablePercent>7</ram:RateApplicablePercent></ram:CategoryTradeTax>"
    "</ram:SpecifiedTradeAllowanceCharge>"
    "<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format=\"102\">20240414"
    "</udt:DateTimeString></ram:DueDateDateTime><ram:DirectDebitMandateID>MANDATE-1</ram:DirectDebitMandateID>"
    "</ram:SpecifiedTradePaymentTerms>"
    "<ram:SpecifiedTradeSettlementHeaderMonetarySummation>"
    "<ram:LineTotalAmount>91.00</ram:LineTotalAmount>"
    "<ram:AllowanceTotalAmount>0.50</ram:AllowanceTotalAmount>"
    "<ram:TaxBasisTotalAmount>90.50</ram:TaxBasisTotalAmount>"
    "<ram:TaxTotalAmount currencyID=\"USD\">6.90</ram:TaxTotalAmount>"
    "<ram:TaxTotalAmount currencyID=\"EUR\">6.34</ram:TaxTotalAmount>"
    "<ram:GrandTotalAmount>96.84</ram:GrandTotalAmount>"
    "<ram:DuePayableAmount>96.84</ram:DuePayableAmount>"
    "</ram:SpecifiedTradeSettlementHeaderMonetarySummation>"
    "</ram:ApplicableHeaderTradeSettlement>"
    "</rsm:SupplyChainTradeTransaction>";

static void test_cii_invoice(void)
{
    einv_xdoc_t *doc;
    char *j;
    einv_invoice_t *inv = map_doc(tst_cii(CII_BODY), &doc, &j);
    einv_node_t *root = einv_invoice_root(inv), *line;
    CU_ASSERT_TRUE(json_ok(j));
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BT_2), "2024-03-15");
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_4, EINV_T_BT_31), "DE999999999");
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_4, EINV_T_BT_32), "30/123/45678");
    CU_ASSERT_EQUAL(einv_node_count(einv_node_get(root, EINV_T_BG_4), EINV_T_BT_29), 2);
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_22, EINV_T_BT_110), "6.34");
    CU_ASSERT_STRING_EQUAL(TXT(root, EINV_T_BG_22, EINV_T_BT_111), "6.90");
    line = einv_node_get(root, EINV_T_BG_25);
    CU_ASSERT_STRING_EQUAL(einv_node_text(line, EINV_T_BT_130), "H87");
    CU_ASSERT_STRING_EQUAL(einv_node_get(line, EINV_T_BT_128)->attr[0], "AAB");

    CU_ASSERT_TRUE(has(j, "{\"invoiceNumber\":\"CII-42\",\"issueDate\":\"2024-03-15\",\"typeCode\":\"380\","
                          "\"currency\":\"EUR\",\"taxCurrency\":\"USD\",\"dueDate\":\"2024-04-14\","
                          "\"buyerReference\":\"04011000-1234512345-06\",\"tenderOrLotReference\":\"LOT-3\","
                          "\"notes\":[{\"subjectCode\":\"AAI\",\"text\":\"Hello\"}],"
                          "\"processControl\":{\"specificationId\":\"urn:cen.eu:en16931:2017\"},"));
    CU_ASSERT_TRUE(has(j, "\"supplier\":{\"name\":\"Papier AG\",\"identifiers\":[{\"value\":\"S-1\"},"
                          "{\"value\":\"4000001000005\",\"scheme\":\"0088\"}],\"vatId\":\"DE999999999\","
                          "\"taxRegistrationId\":\"30/123/45678\","
                          "\"electronicAddress\":{\"value\":\"bill@papier.example\",\"scheme\":\"EM\"},"
                          "\"address\":{\"line1\":\"Weg 2\",\"city\":\"Berlin\",\"postalCode\":\"10115\","
                          "\"countryCode\":\"DE\"},\"contact\":{\"name\":\"Sales\",\"phone\":\"+49 30 1\"}}"));
    CU_ASSERT_TRUE(has(j, "\"buyer\":{\"name\":\"Amt\",\"vatId\":null,\"leitwegId\":\"04011000-1234512345-06\"}"));
    CU_ASSERT_TRUE(has(j, "\"delivery\":{\"actualDeliveryDate\":\"2024-03-10\"}"));
    CU_ASSERT_TRUE(has(j, "\"invoicePeriod\":{\"startDate\":\"2024-03-01\"}"));
    CU_ASSERT_TRUE(has(j, "\"payment\":{\"meansCode\":\"59\",\"remittanceInformation\":\"CII-42\","
                          "\"directDebit\":{\"mandateReference\":\"MANDATE-1\","
                          "\"creditorId\":\"DE98ZZZ09999999999\","
                          "\"debitedAccountId\":\"DE02120300000000202051\"}}"));
    CU_ASSERT_TRUE(has(j, "\"allowances\":[{\"amount\":0.50,\"taxCategory\":\"S\",\"taxRate\":7}]"));
    CU_ASSERT_TRUE(has(j, "\"totals\":{\"lineNetAmount\":91.00,\"allowanceTotal\":0.50,"
                          "\"taxExclusiveAmount\":90.50,\"taxAmount\":6.34,\"taxAmountInTaxCurrency\":6.90,"
                          "\"taxInclusiveAmount\":96.84,\"payableAmount\":96.84}"));
    CU_ASSERT_TRUE(has(j, "\"taxBreakdown\":[{\"category\":\"S\",\"rate\":7,\"taxableAmount\":91.00,"
                          "\"taxAmount\":6.37}]"));
    CU_ASSERT_TRUE(has(j, "\"supportingDocuments\":[{\"reference\":\"ATT-1\","
                          "\"externalLocation\":\"https://example.com/a.pdf\"}]"));
    /* the gross price's base quantity stands in for the net price's */
    CU_ASSERT_TRUE(has(j, "\"lines\":[{\"id\":\"1\",\"description\":\"Paper\","
                          "\"standardItemId\":{\"value\":\"4012345000009\",\"scheme\":\"0160\"},"
                          "\"quantity\":20,\"unit\":\"H87\",\"price\":4.50,\"grossPrice\":5.00,"
                          "\"priceBaseQuantity\":10,\"priceBaseUnit\":\"C62\",\"taxCategory\":\"S\","
                          "\"taxRate\":7,\"netAmount\":91.00,\"objectId\":{\"value\":\"M-7\",\"scheme\":\"AAB\"},"
                          "\"charges\":[{\"amount\":1.00,\"reason\":\"Packing\"}]}]"));
    CU_ASSERT_PTR_NULL(strstr(j, "\"creditTransfers\""));
    unmap(inv, doc, j);
}

static void test_cii_odd_dates(void)
{
    einv_xdoc_t *doc;
    char *j;
    einv_invoice_t *inv = map_doc(
        tst_cii("<rsm:ExchangedDocument><ram:ID>1</ram:ID><ram:IssueDateTime>"
                "<udt:DateTimeString format=\"610\">202403</udt:DateTimeString></ram:IssueDateTime>"
                "</rsm:ExchangedDocument><rsm:SupplyChainTradeTransaction>"
                "<ram:ApplicableHeaderTradeDelivery/><ram:ApplicableHeaderTradeSettlement>"
                "<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format=\"102\">"
                "2024-4-1</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>"
                "</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction>"),
        &doc, &j);
    CU_ASSERT_TRUE(has(j, "\"issueDate\":\"202403\""));   /* not format 102: kept as is */
    CU_ASSERT_TRUE(has(j, "\"dueDate\":\"2024-4-1\""));
    CU_ASSERT_PTR_NULL(strstr(j, "\"delivery\""));        /* empty header delivery: no BG-13 */
    CU_ASSERT_PTR_NULL(strstr(j, "\"payment\""));
    unmap(inv, doc, j);
}

/* Many lines: every line mapped, once, in order (the mapper is linear in lines). */
static void test_many_lines(void)
{
    enum { N = 2500 };   /* tst_ubl wraps at most 1 MiB */
    const char *line = "<cac:InvoiceLine><cbc:ID>%d</cbc:ID>"
                       "<cbc:InvoicedQuantity unitCode=\"C62\">1</cbc:InvoicedQuantity>"
                       "<cbc:LineExtensionAmount currencyID=\"EUR\">%d.10</cbc:LineExtensionAmount>"
                       "<cac:Item><cbc:Name>Item %d</cbc:Name></cac:Item>"
                       "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">%d.10</cbc:PriceAmount></cac:Price>"
                       "</cac:InvoiceLine>";
    size_t cap = N * 400 + 1000, k = 0;
    char *body = malloc(cap), *j;
    einv_xdoc_t *doc;
    einv_invoice_t *inv;
    const einv_node_t *l;
    int i, ok = 1;
    k += (size_t)snprintf(body, cap, "<cbc:ID>BIG</cbc:ID>");
    for (i = 1; i <= N; i++)
        k += (size_t)snprintf(body + k, cap - k, line, i, i, i, i);
    inv = map_doc(tst_ubl(body), &doc, &j);
    CU_ASSERT_EQUAL(einv_node_count(einv_invoice_root(inv), EINV_T_BG_25), N);
    for (i = 1, l = einv_node_get(einv_invoice_root(inv), EINV_T_BG_25); l; l = einv_node_next(l), i++)
        ok &= atoi(einv_node_text(l, EINV_T_BT_126)) == i;
    CU_ASSERT_TRUE(ok);
    CU_ASSERT_TRUE(json_ok(j));
    CU_ASSERT_TRUE(has(j, "{\"id\":\"2500\",\"description\":\"Item 2500\",\"quantity\":1,\"unit\":\"C62\","
                          "\"price\":2500.10,\"taxRate\":null,\"netAmount\":2500.10}]"));
    unmap(inv, doc, j);
    free(body);
}

/* A document of the other syntax maps to an empty invoice, never NULL. */
static void test_wrong_syntax(void)
{
    einv_error_t err;
    const char *x = tst_cii("<rsm:ExchangedDocument><ram:ID>1</ram:ID></rsm:ExchangedDocument>");
    einv_xdoc_t *doc = einv_xdoc_parse(x, strlen(x), NULL, &err);
    einv_invoice_t *inv = ubl_to_model(doc);
    CU_ASSERT_PTR_NOT_NULL(inv);
    CU_ASSERT_PTR_NULL(einv_invoice_root(inv)->first);
    einv_invoice_free(inv);
    inv = cii_to_model(doc);
    CU_ASSERT_STRING_EQUAL(einv_node_text(einv_invoice_root(inv), EINV_T_BT_1), "1");
    einv_invoice_free(inv);
    einv_xdoc_free(doc);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("model", NULL, NULL);
    CU_add_test(s, "term table", test_terms);
    CU_add_test(s, "node tree", test_nodes);
    CU_add_test(s, "json of an empty invoice", test_json_empty);
    CU_add_test(s, "json values", test_json_values);
    CU_add_test(s, "leitwegId", test_leitweg);
    CU_add_test(s, "ubl invoice", test_ubl_invoice);
    CU_add_test(s, "ubl credit note", test_ubl_credit_note);
    CU_add_test(s, "ubl minimal", test_ubl_minimal);
    CU_add_test(s, "cii invoice", test_cii_invoice);
    CU_add_test(s, "cii dates", test_cii_odd_dates);
    CU_add_test(s, "many lines", test_many_lines);
    CU_add_test(s, "wrong syntax", test_wrong_syntax);
}
