/* EN16931 profile, UBL core family (ubl_rules_core.c, ubl_rules_totals.c): for every BR-nn,
 * BR-CO, BR-DEC and BR-B rule a small document that makes it fire and one that does not.
 * Like the official unit tests, the documents are fragments: each case only asserts the
 * verdict of the rule it names. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>
#include "trules.h"
#include "tsupport.h"

enum { PASS = TST_PASS, FIRE = TST_FIRE, WARN = TST_WARN };

typedef tst_rule_case tcase;

/* ---- reusable fragments ---- */
#define VATS "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>"
#define SUP(x) "<cac:AccountingSupplierParty><cac:Party>" x "</cac:Party></cac:AccountingSupplierParty>"
#define CUS(x) "<cac:AccountingCustomerParty><cac:Party>" x "</cac:Party></cac:AccountingCustomerParty>"
#define LINE(x) "<cac:InvoiceLine>" x "</cac:InvoiceLine>"
#define CNLINE(x) "<cac:CreditNoteLine>" x "</cac:CreditNoteLine>"
#define LMT(x) "<cac:LegalMonetaryTotal>" x "</cac:LegalMonetaryTotal>"
#define AMT(name, v) "<cbc:" name " currencyID=\"EUR\">" v "</cbc:" name ">"
#define ALW(x) "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>" x "</cac:AllowanceCharge>"
#define CHG(x) "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>" x "</cac:AllowanceCharge>"
#define SUBT(x) "<cac:TaxTotal><cac:TaxSubtotal>" x "</cac:TaxSubtotal></cac:TaxTotal>"
#define CAT(id, pct) "<cac:TaxCategory><cbc:ID>" id "</cbc:ID>" pct VATS "</cac:TaxCategory>"
#define PCT(v) "<cbc:Percent>" v "</cbc:Percent>"
#define REASON "<cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason>"

#define RUN(t) TST_RULES_UBL("EN16931", t)

/* ---- /ubl:Invoice | /cn:CreditNote ---- */
static void test_root(void)
{
    static const tcase t[] = {
        {"BR-01", FIRE, 0, "<cbc:CustomizationID>  </cbc:CustomizationID>"},
        {"BR-01", PASS, 0, "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>"},
        {"BR-02", FIRE, 0, "<cbc:ID/>"},
        {"BR-02", PASS, 0, "<cbc:ID>INV-7</cbc:ID>"},
        {"BR-03", FIRE, 1, "<cbc:ID>CN-1</cbc:ID>"},
        {"BR-03", PASS, 0, "<cbc:IssueDate>2024-03-01</cbc:IssueDate>"},
        {"BR-04", FIRE, 0, "<cbc:InvoiceTypeCode> </cbc:InvoiceTypeCode>"},
        {"BR-04", PASS, 0, "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"},
        {"BR-04", PASS, 1, "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>"},
        {"BR-05", FIRE, 0, "<cbc:ID>1</cbc:ID>"},
        {"BR-05", PASS, 0, "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"},
        {"BR-06", FIRE, 0, SUP("<cac:PartyLegalEntity><cbc:CompanyID>1</cbc:CompanyID></cac:PartyLegalEntity>")},
        {"BR-06", PASS, 0, SUP("<cac:PartyLegalEntity><cbc:RegistrationName>Seller AG</cbc:RegistrationName></cac:PartyLegalEntity>")},
        {"BR-07", FIRE, 0, CUS("<cac:PartyLegalEntity><cbc:RegistrationName> </cbc:RegistrationName></cac:PartyLegalEntity>")},
        {"BR-07", PASS, 1, CUS("<cac:PartyLegalEntity><cbc:RegistrationName>Buyer SA</cbc:RegistrationName></cac:PartyLegalEntity>")},
        {"BR-08", FIRE, 0, SUP("")},
        {"BR-08", PASS, 0, SUP("<cac:PostalAddress/>")},
        {"BR-10", FIRE, 0, CUS("")},
        {"BR-10", PASS, 0, CUS("<cac:PostalAddress/>")},
        {"BR-16", FIRE, 0, "<cbc:ID>1</cbc:ID>"},
        {"BR-16", PASS, 0, LINE("")},
        {"BR-16", PASS, 1, CNLINE("")},
        {"BR-53", FIRE, 0, "<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>"
                           "<cac:TaxTotal>" AMT("TaxAmount", "10") "</cac:TaxTotal>"},
        {"BR-53", PASS, 0, "<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>"
                           "<cac:TaxTotal><cbc:TaxAmount currencyID=\"SEK\">110</cbc:TaxAmount></cac:TaxTotal>"},
        {"BR-CO-03", FIRE, 0, "<cbc:TaxPointDate>2024-01-31</cbc:TaxPointDate>"
                              "<cac:InvoicePeriod><cbc:DescriptionCode>3</cbc:DescriptionCode></cac:InvoicePeriod>"},
        {"BR-CO-03", PASS, 0, "<cbc:TaxPointDate>2024-01-31</cbc:TaxPointDate>"},
        {"BR-CO-15", FIRE, 0, "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"
                              "<cac:TaxTotal>" AMT("TaxAmount", "19") "</cac:TaxTotal>"
                              LMT(AMT("TaxExclusiveAmount", "100") AMT("TaxInclusiveAmount", "120"))},
        {"BR-CO-15", FIRE, 0, "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"
                              "<cac:TaxTotal>" AMT("TaxAmount", "19") "</cac:TaxTotal>"
                              "<cac:TaxTotal>" AMT("TaxAmount", "19") "</cac:TaxTotal>"
                              LMT(AMT("TaxExclusiveAmount", "100") AMT("TaxInclusiveAmount", "119"))},
        {"BR-CO-15", PASS, 0, "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"
                              "<cac:TaxTotal>" AMT("TaxAmount", "19.00") "</cac:TaxTotal>"
                              LMT(AMT("TaxExclusiveAmount", "100.00") AMT("TaxInclusiveAmount", "119"))},
        {"BR-CO-18", FIRE, 0, "<cac:TaxTotal>" AMT("TaxAmount", "0") "</cac:TaxTotal>"},
        {"BR-CO-18", PASS, 0, SUBT("")},
        /* BR-DEC-13/15 compare @currencyID with a child of the TaxAmount itself, so only a
         * TaxAmount carrying such a child is ever examined (as in the official artefact) */
        {"BR-DEC-13", FIRE, 0, "<cac:TaxTotal><cbc:TaxAmount currencyID=\"EUR\">1.234"
                               "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode></cbc:TaxAmount></cac:TaxTotal>"},
        {"BR-DEC-13", PASS, 0, "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"
                               "<cac:TaxTotal>" AMT("TaxAmount", "1.234") "</cac:TaxTotal>"},
        {"BR-DEC-15", FIRE, 0, "<cac:TaxTotal><cbc:TaxAmount currencyID=\"SEK\">1.234"
                               "<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode></cbc:TaxAmount></cac:TaxTotal>"},
        {"BR-DEC-15", PASS, 0, "<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>"
                               "<cac:TaxTotal><cbc:TaxAmount currencyID=\"SEK\">1.2</cbc:TaxAmount></cac:TaxTotal>"},
        {"BR-B-01", FIRE, 0, SUP("<cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode>"
                                 "</cac:Country></cac:PostalAddress>") LINE("<cac:Item><cac:ClassifiedTaxCategory>"
                                 "<cbc:ID>B</cbc:ID></cac:ClassifiedTaxCategory></cac:Item>")},
        {"BR-B-01", PASS, 0, SUP("<cac:PostalAddress><cac:Country><cbc:IdentificationCode>IT</cbc:IdentificationCode>"
                                 "</cac:Country></cac:PostalAddress>") LINE("<cac:Item><cac:ClassifiedTaxCategory>"
                                 "<cbc:ID>B</cbc:ID></cac:ClassifiedTaxCategory></cac:Item>")},
        {"BR-B-02", FIRE, 0, SUBT(CAT("S", PCT("22"))) LINE("<cac:Item><cac:ClassifiedTaxCategory>"
                                 "<cbc:ID>B</cbc:ID></cac:ClassifiedTaxCategory></cac:Item>")},
        {"BR-B-02", PASS, 0, SUBT(CAT("B", PCT("22"))) LINE("<cac:Item><cac:ClassifiedTaxCategory>"
                                 "<cbc:ID>B</cbc:ID></cac:ClassifiedTaxCategory></cac:Item>")},
    };
    RUN(t);
}

/* ---- cac:InvoiceLine | cac:CreditNoteLine ---- */
static void test_lines(void)
{
    static const tcase t[] = {
        {"BR-21", FIRE, 0, LINE("<cbc:ID> </cbc:ID>")},
        {"BR-21", PASS, 0, LINE("<cbc:ID>1</cbc:ID>")},
        {"BR-22", FIRE, 0, LINE("<cbc:ID>1</cbc:ID>")},
        {"BR-22", PASS, 0, LINE("<cbc:InvoicedQuantity unitCode=\"C62\">2</cbc:InvoicedQuantity>")},
        {"BR-22", PASS, 1, CNLINE("<cbc:CreditedQuantity unitCode=\"C62\">2</cbc:CreditedQuantity>")},
        {"BR-23", FIRE, 0, LINE("<cbc:InvoicedQuantity>2</cbc:InvoicedQuantity>")},
        {"BR-23", FIRE, 1, CNLINE("<cbc:CreditedQuantity>2</cbc:CreditedQuantity>")},
        {"BR-23", PASS, 1, CNLINE("<cbc:CreditedQuantity unitCode=\"HUR\">2</cbc:CreditedQuantity>")},
        {"BR-24", FIRE, 0, LINE("<cbc:ID>1</cbc:ID>")},
        {"BR-24", PASS, 0, LINE(AMT("LineExtensionAmount", "10"))},
        {"BR-25", FIRE, 0, LINE("<cac:Item><cbc:Description>x</cbc:Description></cac:Item>")},
        {"BR-25", PASS, 0, LINE("<cac:Item><cbc:Name>Widget</cbc:Name></cac:Item>")},
        {"BR-26", FIRE, 0, LINE("<cac:Price/>")},
        {"BR-26", PASS, 0, LINE("<cac:Price>" AMT("PriceAmount", "4") "</cac:Price>")},
        {"BR-27", FIRE, 0, LINE("<cac:Price>" AMT("PriceAmount", "-0.01") "</cac:Price>")},
        {"BR-27", FIRE, 0, LINE("<cbc:ID>1</cbc:ID>")},
        {"BR-27", PASS, 0, LINE("<cac:Price>" AMT("PriceAmount", "0") "</cac:Price>")},
        {"BR-28", FIRE, 0, LINE("<cac:Price><cac:AllowanceCharge>" AMT("BaseAmount", "-5") "</cac:AllowanceCharge></cac:Price>")},
        {"BR-28", PASS, 0, LINE("<cac:Price><cac:AllowanceCharge>" AMT("BaseAmount", "5") "</cac:AllowanceCharge></cac:Price>")},
        {"BR-28", PASS, 0, LINE("<cac:Price/>")},
        {"BR-CO-04", FIRE, 0, LINE("<cac:Item><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cac:TaxScheme>"
                                   "<cbc:ID>GST</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>")},
        {"BR-CO-04", PASS, 0, LINE("<cac:Item><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cac:TaxScheme>"
                                   "<cbc:ID> vat </cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>")},
        {"BR-DEC-23", FIRE, 0, LINE(AMT("LineExtensionAmount", "10.001"))},
        {"BR-DEC-23", PASS, 0, LINE(AMT("LineExtensionAmount", "10.01"))},
        {"BR-54", FIRE, 0, LINE("<cac:Item><cac:AdditionalItemProperty><cbc:Name>Colour</cbc:Name>"
                                "</cac:AdditionalItemProperty></cac:Item>")},
        {"BR-54", PASS, 0, LINE("<cac:Item><cac:AdditionalItemProperty><cbc:Name>Colour</cbc:Name>"
                                "<cbc:Value>Red</cbc:Value></cac:AdditionalItemProperty></cac:Item>")},
        {"BR-64", FIRE, 0, LINE("<cac:Item><cac:StandardItemIdentification><cbc:ID>4000001</cbc:ID>"
                                "</cac:StandardItemIdentification></cac:Item>")},
        {"BR-64", PASS, 0, LINE("<cac:Item><cac:StandardItemIdentification><cbc:ID schemeID=\"0160\">4000001</cbc:ID>"
                                "</cac:StandardItemIdentification></cac:Item>")},
        {"BR-65", FIRE, 1, CNLINE("<cac:Item><cac:CommodityClassification><cbc:ItemClassificationCode>1"
                                  "</cbc:ItemClassificationCode></cac:CommodityClassification></cac:Item>")},
        {"BR-65", PASS, 0, LINE("<cac:Item><cac:CommodityClassification><cbc:ItemClassificationCode listID=\"STI\">1"
                                "</cbc:ItemClassificationCode></cac:CommodityClassification></cac:Item>")},
        /* line period: BR-30 / BR-CO-20, never the document rules */
        {"BR-30", FIRE, 0, LINE("<cac:InvoicePeriod><cbc:StartDate>2024-02-01</cbc:StartDate>"
                                "<cbc:EndDate>2024-01-31</cbc:EndDate></cac:InvoicePeriod>")},
        {"BR-29", PASS, 0, LINE("<cac:InvoicePeriod><cbc:StartDate>2024-02-01</cbc:StartDate>"
                                "<cbc:EndDate>2024-01-31</cbc:EndDate></cac:InvoicePeriod>")},
        {"BR-30", PASS, 0, LINE("<cac:InvoicePeriod><cbc:StartDate>2024-02-01</cbc:StartDate>"
                                "<cbc:EndDate>2024-02-01</cbc:EndDate></cac:InvoicePeriod>")},
        {"BR-CO-20", FIRE, 0, LINE("<cac:InvoicePeriod><cbc:DescriptionCode>35</cbc:DescriptionCode></cac:InvoicePeriod>")},
        {"BR-CO-19", PASS, 0, LINE("<cac:InvoicePeriod/>")},
        {"BR-CO-20", PASS, 0, LINE("<cac:InvoicePeriod><cbc:EndDate>2024-01-31</cbc:EndDate></cac:InvoicePeriod>")},
    };
    RUN(t);
}

/* ---- allowances and charges ---- */
static void test_allowances(void)
{
    static const tcase t[] = {
        {"BR-31", FIRE, 0, ALW(REASON)},
        {"BR-31", PASS, 0, ALW(AMT("Amount", "5"))},
        {"BR-32", FIRE, 0, ALW("<cac:TaxCategory><cbc:ID>S</cbc:ID></cac:TaxCategory>")},
        {"BR-32", PASS, 0, ALW(CAT("S", ""))},
        {"BR-33", FIRE, 0, ALW(AMT("Amount", "5"))},
        {"BR-33", PASS, 0, ALW("<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>")},
        {"BR-CO-21", FIRE, 1, ALW("")},
        {"BR-CO-21", PASS, 1, ALW(REASON)},
        {"BR-DEC-01", FIRE, 0, ALW(AMT("Amount", "5.125"))},
        {"BR-DEC-01", PASS, 0, ALW(AMT("Amount", "5.12"))},
        {"BR-DEC-02", FIRE, 0, ALW(AMT("BaseAmount", "100.001"))},
        {"BR-DEC-02", PASS, 0, ALW(AMT("BaseAmount", "100"))},
        {"BR-36", FIRE, 0, CHG(REASON)},
        {"BR-36", PASS, 0, CHG(AMT("Amount", "5"))},
        {"BR-37", FIRE, 0, CHG(REASON)},
        {"BR-37", PASS, 0, CHG(CAT("Z", ""))},
        {"BR-38", FIRE, 0, CHG("")},
        {"BR-38", PASS, 0, CHG(REASON)},
        {"BR-CO-22", FIRE, 0, CHG("")},
        {"BR-CO-22", PASS, 0, CHG("<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>")},
        {"BR-DEC-05", FIRE, 0, CHG(AMT("Amount", "1.999"))},
        {"BR-DEC-05", PASS, 0, CHG(AMT("Amount", "1.99"))},
        {"BR-DEC-06", FIRE, 0, CHG(AMT("BaseAmount", "1.999"))},
        {"BR-DEC-06", PASS, 0, CHG(AMT("BaseAmount", "1.9"))},
        /* a ChargeIndicator that is no boolean matches neither rule */
        {"BR-31", PASS, 0, "<cac:AllowanceCharge><cbc:ChargeIndicator>no</cbc:ChargeIndicator></cac:AllowanceCharge>"},
        {"BR-36", PASS, 0, "<cac:AllowanceCharge><cbc:ChargeIndicator>yes</cbc:ChargeIndicator></cac:AllowanceCharge>"},
        {"BR-41", FIRE, 0, LINE(ALW(REASON))},
        {"BR-41", PASS, 0, LINE(ALW(AMT("Amount", "1")))},
        {"BR-31", PASS, 0, LINE(ALW(REASON))},
        {"BR-42", FIRE, 0, LINE(ALW(""))},
        {"BR-42", PASS, 0, LINE(ALW(REASON))},
        {"BR-CO-23", FIRE, 0, LINE(ALW(""))},
        {"BR-CO-23", PASS, 0, LINE(ALW("<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>"))},
        {"BR-DEC-24", FIRE, 0, LINE(ALW(AMT("Amount", "0.001")))},
        {"BR-DEC-24", PASS, 0, LINE(ALW(AMT("Amount", "0.01")))},
        {"BR-DEC-25", FIRE, 0, LINE(ALW(AMT("BaseAmount", "0.001")))},
        {"BR-DEC-25", PASS, 0, LINE(ALW(AMT("BaseAmount", "0.1")))},
        {"BR-43", FIRE, 1, CNLINE(CHG(REASON))},
        {"BR-43", PASS, 1, CNLINE(CHG(AMT("Amount", "3")))},
        {"BR-44", FIRE, 0, LINE(CHG(""))},
        {"BR-44", PASS, 0, LINE(CHG(REASON))},
        {"BR-CO-24", FIRE, 0, LINE(CHG(""))},
        {"BR-CO-24", PASS, 0, LINE(CHG(REASON))},
        {"BR-DEC-27", FIRE, 0, LINE(CHG(AMT("Amount", "3.141")))},
        {"BR-DEC-27", PASS, 0, LINE(CHG(AMT("Amount", "3.14")))},
        {"BR-DEC-28", FIRE, 0, LINE(CHG(AMT("BaseAmount", "3.141")))},
        {"BR-DEC-28", PASS, 0, LINE(CHG(AMT("BaseAmount", "3")))},
        /* the allowance of a price is no line allowance */
        {"BR-41", PASS, 0, LINE("<cac:Price>" ALW("") "</cac:Price>")},
    };
    RUN(t);
}

/* ---- parties, addresses, references, payment ---- */
static void test_parties(void)
{
    static const tcase t[] = {
        {"BR-09", FIRE, 0, SUP("<cac:PostalAddress><cbc:CityName>Graz</cbc:CityName></cac:PostalAddress>")},
        {"BR-09", PASS, 0, SUP("<cac:PostalAddress><cac:Country><cbc:IdentificationCode>AT</cbc:IdentificationCode>"
                               "</cac:Country></cac:PostalAddress>")},
        {"BR-11", FIRE, 0, CUS("<cac:PostalAddress><cac:Country><cbc:IdentificationCode> </cbc:IdentificationCode>"
                               "</cac:Country></cac:PostalAddress>")},
        {"BR-11", PASS, 0, CUS("<cac:PostalAddress><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode>"
                               "</cac:Country></cac:PostalAddress>")},
        {"BR-62", FIRE, 0, SUP("<cbc:EndpointID>seller@example.com</cbc:EndpointID>")},
        {"BR-62", PASS, 0, SUP("<cbc:EndpointID schemeID=\"EM\">seller@example.com</cbc:EndpointID>")},
        {"BR-63", FIRE, 0, CUS("<cbc:EndpointID>buyer@example.com</cbc:EndpointID>")},
        {"BR-63", PASS, 0, CUS("<cbc:EndpointID schemeID=\"EM\">buyer@example.com</cbc:EndpointID>")},
        {"BR-CO-26", FIRE, 0, SUP("<cac:PartyIdentification><cbc:ID schemeID=\"SEPA\">DE98ZZZ09999999999</cbc:ID>"
                                  "</cac:PartyIdentification>")},
        {"BR-CO-26", PASS, 0, SUP("<cac:PartyIdentification><cbc:ID>S-17</cbc:ID></cac:PartyIdentification>")},
        {"BR-CO-26", PASS, 0, SUP("<cac:PartyTaxScheme><cbc:CompanyID>DE123456789</cbc:CompanyID>" VATS
                                  "</cac:PartyTaxScheme>")},
        {"BR-CO-09", FIRE, 0, SUP("<cac:PartyTaxScheme><cbc:CompanyID>XX123456789</cbc:CompanyID>" VATS
                                  "</cac:PartyTaxScheme>")},
        {"BR-CO-09", PASS, 0, SUP("<cac:PartyTaxScheme><cbc:CompanyID>EL123456789</cbc:CompanyID>" VATS
                                  "</cac:PartyTaxScheme>")},
        {"BR-CO-09", PASS, 0, SUP("<cac:PartyTaxScheme><cbc:CompanyID>XX123456789</cbc:CompanyID>"
                                  "<cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>")},
        {"BR-17", FIRE, 0, "<cac:PayeeParty><cac:PartyIdentification><cbc:ID>P1</cbc:ID></cac:PartyIdentification>"
                           "</cac:PayeeParty>"},
        {"BR-17", FIRE, 0, SUP("<cac:PartyName><cbc:Name>Acme</cbc:Name></cac:PartyName>")
                           "<cac:PayeeParty><cac:PartyName><cbc:Name>Acme</cbc:Name></cac:PartyName></cac:PayeeParty>"},
        {"BR-17", PASS, 0, SUP("<cac:PartyName><cbc:Name>Acme</cbc:Name></cac:PartyName>")
                           "<cac:PayeeParty><cac:PartyName><cbc:Name>Factor Bank</cbc:Name></cac:PartyName></cac:PayeeParty>"},
        {"BR-18", FIRE, 0, "<cac:TaxRepresentativeParty/>"},
        {"BR-19", FIRE, 0, "<cac:TaxRepresentativeParty/>"},
        {"BR-56", FIRE, 0, "<cac:TaxRepresentativeParty/>"},
        {"BR-20", FIRE, 0, "<cac:TaxRepresentativeParty><cac:PostalAddress/></cac:TaxRepresentativeParty>"},
        {"BR-18", PASS, 0, "<cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Rep</cbc:Name></cac:PartyName>"
                           "</cac:TaxRepresentativeParty>"},
        {"BR-19", PASS, 0, "<cac:TaxRepresentativeParty><cac:PostalAddress/></cac:TaxRepresentativeParty>"},
        {"BR-56", PASS, 0, "<cac:TaxRepresentativeParty><cac:PartyTaxScheme><cbc:CompanyID>FR12345678901</cbc:CompanyID>"
                           VATS "</cac:PartyTaxScheme></cac:TaxRepresentativeParty>"},
        {"BR-20", PASS, 0, "<cac:TaxRepresentativeParty><cac:PostalAddress><cac:Country><cbc:IdentificationCode>FR"
                           "</cbc:IdentificationCode></cac:Country></cac:PostalAddress></cac:TaxRepresentativeParty>"},
        {"BR-57", FIRE, 0, "<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:CityName>Oslo</cbc:CityName>"
                           "</cac:Address></cac:DeliveryLocation></cac:Delivery>"},
        {"BR-57", PASS, 0, "<cac:Delivery><cac:DeliveryLocation><cac:Address><cac:Country><cbc:IdentificationCode>NO"
                           "</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>"},
        {"BR-52", FIRE, 0, "<cac:AdditionalDocumentReference><cbc:DocumentDescription>x</cbc:DocumentDescription>"
                           "</cac:AdditionalDocumentReference>"},
        {"BR-52", PASS, 0, "<cac:AdditionalDocumentReference><cbc:ID>TS-1</cbc:ID></cac:AdditionalDocumentReference>"},
        {"BR-55", FIRE, 1, "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:IssueDate>2024-01-01</cbc:IssueDate>"
                           "</cac:InvoiceDocumentReference></cac:BillingReference>"},
        {"BR-55", PASS, 1, "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>INV-1</cbc:ID>"
                           "</cac:InvoiceDocumentReference></cac:BillingReference>"},
        {"BR-29", FIRE, 0, "<cac:InvoicePeriod><cbc:StartDate>2024-03-01</cbc:StartDate>"
                           "<cbc:EndDate>2024-02-29</cbc:EndDate></cac:InvoicePeriod>"},
        {"BR-29", PASS, 0, "<cac:InvoicePeriod><cbc:StartDate>2024-02-01</cbc:StartDate>"
                           "<cbc:EndDate>2024-02-29</cbc:EndDate></cac:InvoicePeriod>"},
        {"BR-CO-19", FIRE, 0, "<cac:InvoicePeriod/>"},
        {"BR-CO-19", PASS, 0, "<cac:InvoicePeriod><cbc:DescriptionCode>35</cbc:DescriptionCode></cac:InvoicePeriod>"},
        {"BR-49", FIRE, 0, "<cac:PaymentMeans><cbc:PaymentID>R-1</cbc:PaymentID></cac:PaymentMeans>"},
        {"BR-49", PASS, 0, "<cac:PaymentMeans><cbc:PaymentMeansCode>10</cbc:PaymentMeansCode></cac:PaymentMeans>"},
        {"BR-61", FIRE, 0, "<cac:PaymentMeans><cbc:PaymentMeansCode> 58 </cbc:PaymentMeansCode></cac:PaymentMeans>"},
        {"BR-61", PASS, 0, "<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>"
                           "<cac:PayeeFinancialAccount><cbc:ID>DE02120300000000202051</cbc:ID></cac:PayeeFinancialAccount>"
                           "</cac:PaymentMeans>"},
        {"BR-50", FIRE, 0, "<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>"
                           "<cac:PayeeFinancialAccount><cbc:ID> </cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>"},
        {"BR-50", PASS, 0, "<cac:PaymentMeans><cbc:PaymentMeansCode>31</cbc:PaymentMeansCode>"
                           "<cac:PayeeFinancialAccount/></cac:PaymentMeans>"},
        {"BR-51", WARN, 0, "<cac:PaymentMeans><cac:CardAccount><cbc:PrimaryAccountNumberID>4111111111111111"
                           "</cbc:PrimaryAccountNumberID></cac:CardAccount></cac:PaymentMeans>"},
        {"BR-51", PASS, 0, "<cac:PaymentMeans><cac:CardAccount><cbc:PrimaryAccountNumberID> 1111 </cbc:PrimaryAccountNumberID>"
                           "</cac:CardAccount></cac:PaymentMeans>"},
    };
    RUN(t);
}

/* ---- cac:LegalMonetaryTotal ---- */
static void test_totals(void)
{
    static const tcase t[] = {
        {"BR-12", FIRE, 0, LMT("")},
        {"BR-13", FIRE, 0, LMT("")},
        {"BR-14", FIRE, 0, LMT("")},
        {"BR-15", FIRE, 1, LMT("")},
        {"BR-12", PASS, 0, LMT(AMT("LineExtensionAmount", "0"))},
        {"BR-13", PASS, 0, LMT(AMT("TaxExclusiveAmount", "0"))},
        {"BR-14", PASS, 0, LMT(AMT("TaxInclusiveAmount", "0"))},
        {"BR-15", PASS, 1, LMT(AMT("PayableAmount", "0"))},
        {"BR-CO-10", FIRE, 0, LINE(AMT("LineExtensionAmount", "60")) LINE(AMT("LineExtensionAmount", "30"))
                              LMT(AMT("LineExtensionAmount", "100"))},
        {"BR-CO-10", PASS, 0, LINE(AMT("LineExtensionAmount", "60.10")) LINE(AMT("LineExtensionAmount", "29.9"))
                              LMT(AMT("LineExtensionAmount", "90.00"))},
        {"BR-CO-10", PASS, 1, CNLINE(AMT("LineExtensionAmount", "5")) LMT(AMT("LineExtensionAmount", "5"))},
        {"BR-CO-11", FIRE, 0, ALW(AMT("Amount", "2")) ALW(AMT("Amount", "2")) LMT(AMT("AllowanceTotalAmount", "5"))},
        {"BR-CO-11", FIRE, 0, ALW(AMT("Amount", "2")) LMT("")},
        {"BR-CO-11", PASS, 0, ALW(AMT("Amount", "2")) ALW(AMT("Amount", "2")) LMT(AMT("AllowanceTotalAmount", "4"))},
        {"BR-CO-11", PASS, 0, LMT("")},
        {"BR-CO-12", FIRE, 0, CHG(AMT("Amount", "7")) LMT(AMT("ChargeTotalAmount", "6"))},
        {"BR-CO-12", PASS, 0, CHG(AMT("Amount", "7")) LMT(AMT("ChargeTotalAmount", "7.00"))},
        {"BR-CO-13", FIRE, 0, LMT(AMT("LineExtensionAmount", "100") AMT("AllowanceTotalAmount", "10")
                                  AMT("ChargeTotalAmount", "5") AMT("TaxExclusiveAmount", "100"))},
        {"BR-CO-13", PASS, 0, LMT(AMT("LineExtensionAmount", "100") AMT("AllowanceTotalAmount", "10")
                                  AMT("ChargeTotalAmount", "5") AMT("TaxExclusiveAmount", "95"))},
        {"BR-CO-13", PASS, 0, LMT(AMT("LineExtensionAmount", "100") AMT("TaxExclusiveAmount", "100.0"))},
        {"BR-CO-13", FIRE, 0, LMT(AMT("LineExtensionAmount", "100"))},
        {"BR-CO-16", FIRE, 0, LMT(AMT("TaxInclusiveAmount", "119") AMT("PrepaidAmount", "19") AMT("PayableAmount", "99"))},
        {"BR-CO-16", PASS, 0, LMT(AMT("TaxInclusiveAmount", "119") AMT("PrepaidAmount", "19") AMT("PayableAmount", "100"))},
        {"BR-CO-16", PASS, 0, LMT(AMT("TaxInclusiveAmount", "119.99") AMT("PayableRoundingAmount", "0.01")
                                  AMT("PayableAmount", "120"))},
        {"BR-CO-16", FIRE, 0, LMT(AMT("TaxInclusiveAmount", "119.99") AMT("PayableAmount", "120"))},
        {"BR-DEC-09", FIRE, 0, LMT(AMT("LineExtensionAmount", "1.123"))},
        {"BR-DEC-10", FIRE, 0, LMT(AMT("AllowanceTotalAmount", "1.123"))},
        {"BR-DEC-11", FIRE, 0, LMT(AMT("ChargeTotalAmount", "1.123"))},
        {"BR-DEC-12", FIRE, 0, LMT(AMT("TaxExclusiveAmount", "1.123"))},
        {"BR-DEC-14", FIRE, 0, LMT(AMT("TaxInclusiveAmount", "1.123"))},
        {"BR-DEC-16", FIRE, 0, LMT(AMT("PrepaidAmount", "1.123"))},
        {"BR-DEC-17", FIRE, 0, LMT(AMT("PayableRoundingAmount", "1.123"))},
        {"BR-DEC-18", FIRE, 0, LMT(AMT("PayableAmount", "1.123"))},
        {"BR-DEC-09", PASS, 0, LMT(AMT("LineExtensionAmount", "1.12"))},
        {"BR-DEC-10", PASS, 0, LMT(AMT("AllowanceTotalAmount", "1.1"))},
        {"BR-DEC-11", PASS, 0, LMT(AMT("ChargeTotalAmount", "1"))},
        {"BR-DEC-12", PASS, 0, LMT(AMT("TaxExclusiveAmount", "1.12"))},
        {"BR-DEC-14", PASS, 0, LMT(AMT("TaxInclusiveAmount", "1.12"))},
        {"BR-DEC-16", PASS, 0, LMT(AMT("PrepaidAmount", "1.12"))},
        {"BR-DEC-17", PASS, 0, LMT(AMT("PayableRoundingAmount", "0.01"))},
        {"BR-DEC-18", PASS, 0, LMT(AMT("PayableAmount", "1.12"))},
    };
    RUN(t);
}

/* ---- cac:TaxTotal, cac:TaxSubtotal ---- */
static void test_vat_breakdown(void)
{
    static const tcase t[] = {
        {"BR-CO-14", FIRE, 0, "<cac:TaxTotal>" AMT("TaxAmount", "10") "<cac:TaxSubtotal>" AMT("TaxAmount", "4")
                              "</cac:TaxSubtotal><cac:TaxSubtotal>" AMT("TaxAmount", "5") "</cac:TaxSubtotal></cac:TaxTotal>"},
        {"BR-CO-14", PASS, 0, "<cac:TaxTotal>" AMT("TaxAmount", "9") "<cac:TaxSubtotal>" AMT("TaxAmount", "4")
                              "</cac:TaxSubtotal><cac:TaxSubtotal>" AMT("TaxAmount", "5") "</cac:TaxSubtotal></cac:TaxTotal>"},
        {"BR-CO-14", PASS, 0, "<cac:TaxTotal>" AMT("TaxAmount", "9") "</cac:TaxTotal>"},
        {"BR-45", FIRE, 0, SUBT("")},
        {"BR-46", FIRE, 0, SUBT("")},
        {"BR-47", FIRE, 0, SUBT("")},
        {"BR-48", FIRE, 0, SUBT("")},
        {"BR-45", PASS, 0, SUBT(AMT("TaxableAmount", "100"))},
        {"BR-46", PASS, 0, SUBT(AMT("TaxAmount", "0"))},
        {"BR-47", PASS, 0, SUBT(CAT("S", PCT("20")))},
        {"BR-48", PASS, 0, SUBT(CAT("S", PCT("20")))},
        {"BR-48", PASS, 0, SUBT(CAT("O", ""))},
        {"BR-48", FIRE, 0, SUBT(CAT("E", ""))},
        {"BR-CO-17", FIRE, 0, SUBT(AMT("TaxableAmount", "100") AMT("TaxAmount", "25") CAT("S", PCT("20")))},
        {"BR-CO-17", FIRE, 0, SUBT(AMT("TaxableAmount", "100") AMT("TaxAmount", "21") CAT("S", PCT("20")))},
        {"BR-CO-17", PASS, 0, SUBT(AMT("TaxableAmount", "100") AMT("TaxAmount", "20.99") CAT("S", PCT("20")))},
        {"BR-CO-17", PASS, 0, SUBT(AMT("TaxableAmount", "-100") AMT("TaxAmount", "-20") CAT("S", PCT("20")))},
        {"BR-CO-17", PASS, 0, SUBT(AMT("TaxableAmount", "100") AMT("TaxAmount", "0") CAT("E", PCT("0")))},
        {"BR-CO-17", FIRE, 0, SUBT(AMT("TaxableAmount", "100") AMT("TaxAmount", "1") CAT("E", PCT("0")))},
        {"BR-CO-17", PASS, 0, SUBT(AMT("TaxableAmount", "100") AMT("TaxAmount", "0.2") CAT("O", ""))},
        {"BR-DEC-19", FIRE, 0, SUBT(AMT("TaxableAmount", "1.001"))},
        {"BR-DEC-19", PASS, 0, SUBT(AMT("TaxableAmount", "1.01"))},
        {"BR-DEC-20", FIRE, 0, SUBT(AMT("TaxAmount", "1.001"))},
        {"BR-DEC-20", PASS, 0, SUBT(AMT("TaxAmount", "1.01"))},
    };
    RUN(t);
}

/* ---- a complete invoice passes every rule of the family ---- */
static void test_complete(void)
{
    static const char *const ids[] = {
        "BR-01", "BR-02", "BR-03", "BR-04", "BR-05", "BR-06", "BR-07", "BR-08", "BR-09", "BR-10",
        "BR-11", "BR-12", "BR-13", "BR-14", "BR-15", "BR-16", "BR-21", "BR-22", "BR-23", "BR-24",
        "BR-25", "BR-26", "BR-27", "BR-45", "BR-46", "BR-47", "BR-48", "BR-49", "BR-61",
        "BR-CO-04", "BR-CO-10", "BR-CO-11", "BR-CO-12", "BR-CO-13", "BR-CO-14", "BR-CO-15",
        "BR-CO-16", "BR-CO-17", "BR-CO-18", "BR-CO-26", "BR-CO-09", "BR-B-01", "BR-B-02"};
    const char *body =
        "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID><cbc:ID>42</cbc:ID>"
        "<cbc:IssueDate>2024-05-02</cbc:IssueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"
        "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"
        SUP("<cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>"
            "</cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>DE123456789</cbc:CompanyID>" VATS
            "</cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>Seller GmbH</cbc:RegistrationName>"
            "</cac:PartyLegalEntity>")
        CUS("<cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>"
            "</cac:PostalAddress><cac:PartyLegalEntity><cbc:RegistrationName>Buyer KG</cbc:RegistrationName>"
            "</cac:PartyLegalEntity>")
        "<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount>"
        "<cbc:ID>DE02120300000000202051</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>"
        ALW(AMT("Amount", "10.00") REASON CAT("S", PCT("19")))
        CHG(AMT("Amount", "5.00") REASON CAT("S", PCT("19")))
        "<cac:TaxTotal>" AMT("TaxAmount", "18.05")
        "<cac:TaxSubtotal>" AMT("TaxableAmount", "95.00") AMT("TaxAmount", "18.05") CAT("S", PCT("19"))
        "</cac:TaxSubtotal></cac:TaxTotal>"
        LMT(AMT("LineExtensionAmount", "100.00") AMT("TaxExclusiveAmount", "95.00")
            AMT("TaxInclusiveAmount", "113.05") AMT("AllowanceTotalAmount", "10.00")
            AMT("ChargeTotalAmount", "5.00") AMT("PayableAmount", "113.05"))
        LINE("<cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode=\"C62\">4</cbc:InvoicedQuantity>"
             AMT("LineExtensionAmount", "100.00") "<cac:Item><cbc:Name>Widget</cbc:Name>"
             "<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID>" PCT("19") VATS "</cac:ClassifiedTaxCategory>"
             "</cac:Item><cac:Price>" AMT("PriceAmount", "25") "</cac:Price>");
    tst_result_t *r = tst_validate("EN16931", NULL, tst_ubl(body));
    size_t i;
    CU_ASSERT_PTR_NULL_FATAL(tst_error(r) && *tst_error(r) ? tst_error(r) : NULL);
    for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        char msg[256];
        snprintf(msg, sizeof msg, "%s fired on the complete invoice: %.150s", ids[i], tst_codes(r));
        CU_assertImplementation(tst_count(r, ids[i]) == 0 ? CU_TRUE : CU_FALSE, __LINE__, msg,
                                __FILE__, "", CU_FALSE);
    }
    tst_free(r);
}

/* ---- one finding per failing context node ---- */
static void test_one_per_node(void)
{
    tst_result_t *r = tst_validate("EN16931", NULL,
                                   tst_ubl(LINE("<cbc:ID>1</cbc:ID>") LINE("<cbc:ID>2</cbc:ID>")
                                           LINE("<cbc:ID>3</cbc:ID><cbc:InvoicedQuantity>1</cbc:InvoicedQuantity>")));
    CU_ASSERT_EQUAL(tst_count(r, "BR-22"), 2);
    CU_ASSERT_EQUAL(tst_count(r, "BR-23"), 3);
    CU_ASSERT_EQUAL(tst_count(r, "BR-21"), 0);
    tst_free(r);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("ubl_rules_core", NULL, NULL);
    CU_add_test(s, "document root", test_root);
    CU_add_test(s, "invoice lines", test_lines);
    CU_add_test(s, "allowances and charges", test_allowances);
    CU_add_test(s, "parties and payment", test_parties);
    CU_add_test(s, "document totals", test_totals);
    CU_add_test(s, "VAT breakdown", test_vat_breakdown);
    CU_add_test(s, "complete invoice", test_complete);
    CU_add_test(s, "one finding per node", test_one_per_node);
}
