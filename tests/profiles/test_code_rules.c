/* Tests of the EN 16931 code-list rules (BR-CL-*) for UBL and CII: for each rule a small
 * document where it fires and one where it stays quiet, plus the syntax-specific corner
 * cases (first-match contexts, missing attributes, normalization, case folding). */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>
#include "tsupport.h"

enum { UBL, UBL_CN, CII };

typedef struct code_case {
    int syntax;
    const char *rule;
    size_t expect;      /* number of findings of `rule` */
    const char *body;
} code_case_t;

/* ---- UBL ---- */
static const code_case_t UBL_CASES[] = {
    {UBL, "BR-CL-01", 0, "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"},
    {UBL, "BR-CL-01", 0, "<cbc:InvoiceTypeCode> 389\n</cbc:InvoiceTypeCode>"},
    {UBL, "BR-CL-01", 1, "<cbc:InvoiceTypeCode>381</cbc:InvoiceTypeCode>"},
    {UBL, "BR-CL-01", 1, "<cbc:InvoiceTypeCode></cbc:InvoiceTypeCode>"},
    {UBL_CN, "BR-CL-01", 0, "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>"},
    {UBL_CN, "BR-CL-01", 1, "<cbc:CreditNoteTypeCode>380</cbc:CreditNoteTypeCode>"},

    {UBL, "BR-CL-03", 0, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"EUR\">1</cbc:PayableAmount>"
                         "<cbc:PrepaidAmount currencyID=\" SEK \">0</cbc:PrepaidAmount></cac:LegalMonetaryTotal>"},
    {UBL, "BR-CL-03", 1, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"EURO\">1</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    /* no [@currencyID] in the context: an amount without the attribute fails */
    {UBL, "BR-CL-03", 2, "<cac:TaxTotal><cbc:TaxAmount>1</cbc:TaxAmount><cac:TaxSubtotal>"
                         "<cbc:TaxableAmount currencyID=\"eur\">5</cbc:TaxableAmount></cac:TaxSubtotal></cac:TaxTotal>"},

    {UBL, "BR-CL-04", 0, "<cbc:DocumentCurrencyCode> EUR </cbc:DocumentCurrencyCode>"},
    {UBL, "BR-CL-04", 1, "<cbc:DocumentCurrencyCode>EU R</cbc:DocumentCurrencyCode>"},
    {UBL, "BR-CL-05", 0, "<cbc:TaxCurrencyCode>DKK</cbc:TaxCurrencyCode>"},
    {UBL, "BR-CL-05", 1, "<cbc:TaxCurrencyCode>XYZ1</cbc:TaxCurrencyCode>"},

    {UBL, "BR-CL-06", 0, "<cac:InvoicePeriod><cbc:DescriptionCode>432</cbc:DescriptionCode></cac:InvoicePeriod>"},
    {UBL, "BR-CL-06", 1, "<cac:InvoicePeriod><cbc:DescriptionCode>5</cbc:DescriptionCode></cac:InvoicePeriod>"},
    {UBL, "BR-CL-06", 0, "<cac:Foo><cbc:DescriptionCode>5</cbc:DescriptionCode></cac:Foo>"},

    {UBL, "BR-CL-07", 0, "<cac:AdditionalDocumentReference><cbc:ID schemeID=\"AAA\">X</cbc:ID>"
                         "<cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"},
    {UBL, "BR-CL-07", 1, "<cac:AdditionalDocumentReference><cbc:ID schemeID=\"QQQQ\">X</cbc:ID>"
                         "<cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"},
    {UBL, "BR-CL-07", 0, "<cac:AdditionalDocumentReference><cbc:ID schemeID=\"QQQQ\">X</cbc:ID>"
                         "<cbc:DocumentTypeCode>916</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"},

    {UBL, "BR-CL-08", 0, "<cbc:Note>#AAI#General information</cbc:Note>"},
    {UBL, "BR-CL-08", 1, "<cbc:Note>#QQQ#Unknown subject</cbc:Note>"},
    {UBL, "BR-CL-08", 0, "<cbc:Note>#QQQQ#four characters are not a subject code</cbc:Note>"},

    {UBL, "BR-CL-10", 0, "<cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification>"
                         "<cbc:ID schemeID=\"0088\">1</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingCustomerParty>"},
    {UBL, "BR-CL-10", 0, "<cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification>"
                         "<cbc:ID schemeID=\"SEPA\">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingSupplierParty>"},
    {UBL, "BR-CL-10", 1, "<cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification>"
                         "<cbc:ID schemeID=\"SEPA\">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification></cac:Party></cac:AccountingCustomerParty>"},
    {UBL, "BR-CL-10", 1, "<cac:PartyIdentification><cbc:ID schemeID=\"GLN\">1</cbc:ID></cac:PartyIdentification>"},
    {UBL, "BR-CL-10", 0, "<cac:PartyIdentification><cbc:ID>1</cbc:ID></cac:PartyIdentification>"},

    {UBL, "BR-CL-11", 0, "<cac:PartyLegalEntity><cbc:CompanyID schemeID=\"0002\">1</cbc:CompanyID></cac:PartyLegalEntity>"},
    {UBL, "BR-CL-11", 1, "<cac:PartyLegalEntity><cbc:CompanyID schemeID=\"\">1</cbc:CompanyID></cac:PartyLegalEntity>"},

    {UBL, "BR-CL-13", 0, "<cac:CommodityClassification><cbc:ItemClassificationCode listID=\"STI\">1</cbc:ItemClassificationCode></cac:CommodityClassification>"},
    {UBL, "BR-CL-13", 1, "<cac:CommodityClassification><cbc:ItemClassificationCode listID=\"CPVX\">1</cbc:ItemClassificationCode></cac:CommodityClassification>"},

    {UBL, "BR-CL-14", 0, "<cac:PostalAddress><cac:Country><cbc:IdentificationCode>SS</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"},
    {UBL, "BR-CL-14", 1, "<cac:PostalAddress><cac:Country><cbc:IdentificationCode>de</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"},
    {UBL, "BR-CL-14", 1, "<cac:PostalAddress><cac:Country><cbc:IdentificationCode>AN</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"},
    {UBL, "BR-CL-15", 0, "<cac:Item><cac:OriginCountry><cbc:IdentificationCode>CN</cbc:IdentificationCode></cac:OriginCountry></cac:Item>"},
    {UBL, "BR-CL-15", 1, "<cac:Item><cac:OriginCountry><cbc:IdentificationCode>XX</cbc:IdentificationCode></cac:OriginCountry></cac:Item>"},

    {UBL, "BR-CL-16", 0, "<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode></cac:PaymentMeans>"},
    {UBL, "BR-CL-16", 1, "<cac:PaymentMeans><cbc:PaymentMeansCode>71</cbc:PaymentMeansCode></cac:PaymentMeans>"},

    {UBL, "BR-CL-17", 0, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID>AE</cbc:ID></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
    {UBL, "BR-CL-17", 1, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID>X</cbc:ID></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
    {UBL, "BR-CL-18", 0, "<cac:Item><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID></cac:ClassifiedTaxCategory></cac:Item>"},
    {UBL, "BR-CL-18", 1, "<cac:Item><cac:ClassifiedTaxCategory><cbc:ID>s</cbc:ID></cac:ClassifiedTaxCategory></cac:Item>"},

    {UBL, "BR-CL-19", 0, "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>"
                         "<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {UBL, "BR-CL-19", 1, "<cac:AllowanceCharge><cbc:ChargeIndicator> 0 </cbc:ChargeIndicator>"
                         "<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {UBL, "BR-CL-20", 0, "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>"
                         "<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {UBL, "BR-CL-20", 0, "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>"
                         "<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {UBL, "BR-CL-20", 1, "<cac:AllowanceCharge><cbc:ChargeIndicator>1</cbc:ChargeIndicator>"
                         "<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    /* a non-boolean indicator matches neither context */
    {UBL, "BR-CL-19", 0, "<cac:AllowanceCharge><cbc:ChargeIndicator>yes</cbc:ChargeIndicator>"
                         "<cbc:AllowanceChargeReasonCode>QQ</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {UBL, "BR-CL-20", 0, "<cac:AllowanceCharge><cbc:ChargeIndicator>yes</cbc:ChargeIndicator>"
                         "<cbc:AllowanceChargeReasonCode>QQ</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},

    {UBL, "BR-CL-21", 0, "<cac:Item><cac:StandardItemIdentification><cbc:ID schemeID=\"0160\">1</cbc:ID></cac:StandardItemIdentification></cac:Item>"},
    {UBL, "BR-CL-21", 1, "<cac:Item><cac:StandardItemIdentification><cbc:ID schemeID=\"GTIN\">1</cbc:ID></cac:StandardItemIdentification></cac:Item>"},

    {UBL, "BR-CL-22", 0, "<cac:TaxCategory><cbc:TaxExemptionReasonCode>vatex-eu-ic</cbc:TaxExemptionReasonCode></cac:TaxCategory>"},
    {UBL, "BR-CL-22", 1, "<cac:TaxCategory><cbc:TaxExemptionReasonCode>VATEX-EU-XX</cbc:TaxExemptionReasonCode></cac:TaxCategory>"},

    {UBL, "BR-CL-23", 0, "<cac:InvoiceLine><cbc:InvoicedQuantity unitCode=\"C62\">1</cbc:InvoicedQuantity>"
                         "<cac:Price><cbc:BaseQuantity>1</cbc:BaseQuantity></cac:Price></cac:InvoiceLine>"},
    {UBL, "BR-CL-23", 2, "<cac:InvoiceLine><cbc:InvoicedQuantity unitCode=\"PIECE\">1</cbc:InvoicedQuantity>"
                         "<cac:Price><cbc:BaseQuantity unitCode=\"h87\">1</cbc:BaseQuantity></cac:Price></cac:InvoiceLine>"},

    {UBL, "BR-CL-24", 0, "<cac:AdditionalDocumentReference><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode=\"application/pdf\" filename=\"a.pdf\">QQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>"},
    {UBL, "BR-CL-24", 1, "<cac:AdditionalDocumentReference><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode=\"image/gif\" filename=\"a.gif\">QQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>"},
    /* compared exactly: no trimming */
    {UBL, "BR-CL-24", 1, "<cac:AdditionalDocumentReference><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode=\" text/csv\" filename=\"a.csv\">QQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>"},

    {UBL, "BR-CL-25", 0, "<cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID=\"9930\">DE123</cbc:EndpointID></cac:Party></cac:AccountingSupplierParty>"},
    {UBL, "BR-CL-25", 1, "<cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID=\"EMAIL\">a@b.c</cbc:EndpointID></cac:Party></cac:AccountingSupplierParty>"},

    {UBL, "BR-CL-26", 0, "<cac:Delivery><cac:DeliveryLocation><cbc:ID schemeID=\"0088\">1</cbc:ID></cac:DeliveryLocation></cac:Delivery>"},
    {UBL, "BR-CL-26", 1, "<cac:Delivery><cac:DeliveryLocation><cbc:ID schemeID=\"GLN\">1</cbc:ID></cac:DeliveryLocation></cac:Delivery>"},
};

/* ---- CII ---- */
#define CII_AC(ind, code)                                                               \
    "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>" ind      \
    "</udt:Indicator></ram:ChargeIndicator><ram:ReasonCode>" code                      \
    "</ram:ReasonCode></ram:SpecifiedTradeAllowanceCharge>"

static const code_case_t CII_CASES[] = {
    {CII, "BR-CL-01", 0, "<rsm:ExchangedDocument><ram:TypeCode>381</ram:TypeCode></rsm:ExchangedDocument>"},
    {CII, "BR-CL-01", 1, "<rsm:ExchangedDocument><ram:TypeCode>999</ram:TypeCode></rsm:ExchangedDocument>"},

    {CII, "BR-CL-03", 0, "<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:TaxTotalAmount currencyID=\"EUR\">1</ram:TaxTotalAmount>"
                         "<ram:TaxTotalAmount>1</ram:TaxTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>"},
    {CII, "BR-CL-03", 1, "<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:TaxTotalAmount currencyID=\"E\">1</ram:TaxTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>"},

    {CII, "BR-CL-04", 0, "<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode></ram:ApplicableHeaderTradeSettlement>"},
    {CII, "BR-CL-04", 1, "<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>Euro</ram:InvoiceCurrencyCode></ram:ApplicableHeaderTradeSettlement>"},
    {CII, "BR-CL-05", 0, "<ram:ApplicableHeaderTradeSettlement><ram:TaxCurrencyCode>GBP</ram:TaxCurrencyCode></ram:ApplicableHeaderTradeSettlement>"},
    {CII, "BR-CL-05", 1, "<ram:ApplicableHeaderTradeSettlement><ram:TaxCurrencyCode></ram:TaxCurrencyCode></ram:ApplicableHeaderTradeSettlement>"},

    {CII, "BR-CL-06", 0, "<ram:ApplicableTradeTax><ram:DueDateTypeCode>29</ram:DueDateTypeCode></ram:ApplicableTradeTax>"},
    {CII, "BR-CL-06", 1, "<ram:ApplicableTradeTax><ram:DueDateTypeCode>35</ram:DueDateTypeCode></ram:ApplicableTradeTax>"},

    {CII, "BR-CL-07", 0, "<ram:AdditionalReferencedDocument><ram:ReferenceTypeCode>AAA</ram:ReferenceTypeCode></ram:AdditionalReferencedDocument>"},
    {CII, "BR-CL-07", 1, "<ram:AdditionalReferencedDocument><ram:ReferenceTypeCode>QQQQ</ram:ReferenceTypeCode></ram:AdditionalReferencedDocument>"},

    {CII, "BR-CL-08", 0, "<rsm:ExchangedDocument><ram:IncludedNote><ram:SubjectCode>AAI</ram:SubjectCode></ram:IncludedNote></rsm:ExchangedDocument>"},
    {CII, "BR-CL-08", 1, "<rsm:ExchangedDocument><ram:IncludedNote><ram:SubjectCode>XYZ</ram:SubjectCode></ram:IncludedNote></rsm:ExchangedDocument>"},

    {CII, "BR-CL-10", 0, "<ram:SellerTradeParty><ram:GlobalID schemeID=\"0088\">1</ram:GlobalID></ram:SellerTradeParty>"},
    {CII, "BR-CL-10", 1, "<ram:SellerTradeParty><ram:GlobalID schemeID=\"SEPA\">1</ram:GlobalID></ram:SellerTradeParty>"},
    /* inside a product or a ship-to party the GlobalID belongs to other rules */
    {CII, "BR-CL-10", 0, "<ram:SpecifiedTradeProduct><ram:GlobalID schemeID=\"XX\">1</ram:GlobalID></ram:SpecifiedTradeProduct>"},
    {CII, "BR-CL-21", 0, "<ram:SpecifiedTradeProduct><ram:GlobalID schemeID=\"0160\">1</ram:GlobalID></ram:SpecifiedTradeProduct>"},
    {CII, "BR-CL-21", 1, "<ram:SpecifiedTradeProduct><ram:GlobalID schemeID=\"XX\">1</ram:GlobalID></ram:SpecifiedTradeProduct>"},
    {CII, "BR-CL-26", 0, "<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:GlobalID schemeID=\"0088\">1</ram:GlobalID></ram:ShipToTradeParty></ram:ApplicableHeaderTradeDelivery>"},
    {CII, "BR-CL-26", 1, "<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:GlobalID schemeID=\"XX\">1</ram:GlobalID></ram:ShipToTradeParty></ram:ApplicableHeaderTradeDelivery>"},
    {CII, "BR-CL-10", 0, "<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:GlobalID schemeID=\"XX\">1</ram:GlobalID></ram:ShipToTradeParty></ram:ApplicableHeaderTradeDelivery>"},

    {CII, "BR-CL-11", 0, "<ram:SpecifiedLegalOrganization><ram:ID schemeID=\"0002\">1</ram:ID></ram:SpecifiedLegalOrganization>"},
    {CII, "BR-CL-11", 1, "<ram:SpecifiedLegalOrganization><ram:ID schemeID=\"VA\">1</ram:ID></ram:SpecifiedLegalOrganization>"},
    {CII, "BR-CL-11", 0, "<ram:SpecifiedTaxRegistration><ram:ID schemeID=\"VA\">DE1</ram:ID></ram:SpecifiedTaxRegistration>"},

    {CII, "BR-CL-13", 0, "<ram:DesignatedProductClassification><ram:ClassCode listID=\"HS\">1</ram:ClassCode></ram:DesignatedProductClassification>"},
    {CII, "BR-CL-13", 1, "<ram:DesignatedProductClassification><ram:ClassCode listID=\"hs\">1</ram:ClassCode></ram:DesignatedProductClassification>"},

    {CII, "BR-CL-14", 0, "<ram:PostalTradeAddress><ram:CountryID>AN</ram:CountryID></ram:PostalTradeAddress>"},
    {CII, "BR-CL-14", 1, "<ram:PostalTradeAddress><ram:CountryID>SS</ram:CountryID></ram:PostalTradeAddress>"},
    {CII, "BR-CL-15", 0, "<ram:OriginTradeCountry><ram:ID>CN</ram:ID></ram:OriginTradeCountry>"},
    {CII, "BR-CL-15", 1, "<ram:OriginTradeCountry><ram:ID>China</ram:ID></ram:OriginTradeCountry>"},
    /* with a schemeID the origin country identifier is taken by BR-CL-11 first */
    {CII, "BR-CL-15", 0, "<ram:OriginTradeCountry><ram:ID schemeID=\"0088\">China</ram:ID></ram:OriginTradeCountry>"},

    {CII, "BR-CL-16", 0, "<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>ZZZ</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>"},
    {CII, "BR-CL-16", 1, "<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>99</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>"},

    {CII, "BR-CL-17", 0, "<ram:SpecifiedTradeAllowanceCharge><ram:CategoryTradeTax><ram:CategoryCode>Z</ram:CategoryCode></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>"},
    {CII, "BR-CL-17", 1, "<ram:SpecifiedTradeAllowanceCharge><ram:CategoryTradeTax><ram:CategoryCode>VAT</ram:CategoryCode></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>"},
    {CII, "BR-CL-18", 0, "<ram:ApplicableTradeTax><ram:CategoryCode>K</ram:CategoryCode></ram:ApplicableTradeTax>"},
    {CII, "BR-CL-18", 1, "<ram:ApplicableTradeTax><ram:CategoryCode>Q</ram:CategoryCode></ram:ApplicableTradeTax>"},

    {CII, "BR-CL-19", 0, CII_AC("false", "95")},
    {CII, "BR-CL-19", 1, CII_AC("false", "FC")},
    {CII, "BR-CL-20", 0, CII_AC("true", "FC")},
    {CII, "BR-CL-20", 1, CII_AC("true", "95")},
    {CII, "BR-CL-19", 0, CII_AC("maybe", "QQ")},
    {CII, "BR-CL-20", 0, CII_AC("maybe", "QQ")},

    {CII, "BR-CL-22", 0, "<ram:ApplicableTradeTax><ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode></ram:ApplicableTradeTax>"},
    {CII, "BR-CL-22", 1, "<ram:ApplicableTradeTax><ram:ExemptionReasonCode>VATEX EU AE</ram:ExemptionReasonCode></ram:ApplicableTradeTax>"},

    {CII, "BR-CL-23", 0, "<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode=\"KGM\">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>"
                         "<ram:NetPriceProductTradePrice><ram:BasisQuantity>1</ram:BasisQuantity></ram:NetPriceProductTradePrice>"},
    {CII, "BR-CL-23", 2, "<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode=\"kg\">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>"
                         "<ram:NetPriceProductTradePrice><ram:BasisQuantity unitCode=\"\">1</ram:BasisQuantity></ram:NetPriceProductTradePrice>"},

    {CII, "BR-CL-24", 0, "<ram:AdditionalReferencedDocument><ram:AttachmentBinaryObject mimeCode=\"image/png\" filename=\"a.png\">QQ==</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>"},
    {CII, "BR-CL-24", 1, "<ram:AdditionalReferencedDocument><ram:AttachmentBinaryObject mimeCode=\"application/xml\" filename=\"a.xml\">QQ==</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>"},

    {CII, "BR-CL-25", 0, "<ram:URIUniversalCommunication><ram:URIID schemeID=\"0088\">1</ram:URIID></ram:URIUniversalCommunication>"},
    {CII, "BR-CL-25", 1, "<ram:URIUniversalCommunication><ram:URIID schemeID=\"MAIL\">a@b.c</ram:URIID></ram:URIUniversalCommunication>"},
};

static void run_cases(const code_case_t *cases, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        const code_case_t *c = &cases[i];
        const char *xml = c->syntax == CII      ? tst_cii(c->body)
                          : c->syntax == UBL_CN ? tst_ubl_cn(c->body)
                                                : tst_ubl(c->body);
        tst_result_t *r = tst_validate("EN16931", NULL, xml);
        size_t got = tst_count(r, c->rule);
        char msg[512];
        int ok = got == c->expect && (c->expect == 0 || tst_has(r, c->rule, EINV_SEV_ERROR));

        snprintf(msg, sizeof msg, "%s expected %zu got %zu (%s) in: %.300s", c->rule, c->expect,
                 got, tst_error(r)[0] ? tst_error(r) : "ok", c->body);
        CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, __LINE__, msg, __FILE__, "", CU_FALSE);
        tst_free(r);
    }
}

static void test_ubl_codes(void) { run_cases(UBL_CASES, sizeof UBL_CASES / sizeof UBL_CASES[0]); }
static void test_cii_codes(void) { run_cases(CII_CASES, sizeof CII_CASES / sizeof CII_CASES[0]); }

/* Every BR-CL rule of the family appears with a firing and a quiet case. */
static void test_coverage(void)
{
    static const char *const UBL_IDS[] = {"01", "03", "04", "05", "06", "07", "10", "11",
                                          "13", "14", "15", "16", "17", "18", "19", "20",
                                          "21", "22", "23", "24", "25", "26"};
    static const char *const CII_IDS[] = {"01", "03", "04", "05", "06", "07", "08", "10",
                                          "11", "13", "14", "15", "16", "17", "18", "19",
                                          "20", "21", "22", "23", "24", "25", "26"};
    size_t i, j;
    for (i = 0; i < 2; i++) {
        const char *const *ids = i ? CII_IDS : UBL_IDS;
        size_t nids = i ? sizeof CII_IDS / sizeof *CII_IDS : sizeof UBL_IDS / sizeof *UBL_IDS;
        const code_case_t *cases = i ? CII_CASES : UBL_CASES;
        size_t n = i ? sizeof CII_CASES / sizeof *CII_CASES : sizeof UBL_CASES / sizeof *UBL_CASES;
        for (j = 0; j < nids; j++) {
            char id[16];
            size_t k;
            int fire = 0, quiet = 0;
            snprintf(id, sizeof id, "BR-CL-%s", ids[j]);
            for (k = 0; k < n; k++)
                if (strcmp(cases[k].rule, id) == 0) {
                    fire |= cases[k].expect > 0;
                    quiet |= cases[k].expect == 0;
                }
            CU_assertImplementation(fire && quiet ? CU_TRUE : CU_FALSE, __LINE__,
                                    i ? "CII rule lacks a case" : "UBL rule lacks a case",
                                    __FILE__, "", CU_FALSE);
        }
    }
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("en16931-codes", NULL, NULL);
    CU_add_test(s, "ubl", test_ubl_codes);
    CU_add_test(s, "cii", test_cii_codes);
    CU_add_test(s, "coverage", test_coverage);
}
