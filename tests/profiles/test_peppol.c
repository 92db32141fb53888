/* PEPPOL profile, core family (profiles/peppol/peppol_rules_*.c): for every PEPPOL-EN16931
 * and PEPPOL-COMMON rule a small UBL document that makes it fire and one that does not.
 * As in the official unit tests the documents are fragments: a case only asserts the
 * verdict of the rule it names. A complete invoice checks that a correct document passes
 * every PEPPOL rule. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>
#include "trules.h"
#include "tsupport.h"

enum { PASS = TST_PASS, FIRE = TST_FIRE, WARN = TST_WARN };

typedef tst_rule_case tcase;

/* ---- reusable fragments ---- */
#define P(id) "PEPPOL-EN16931-" id
#define C(id) "PEPPOL-COMMON-" id
#define VATS "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>"
#define SUP(x) "<cac:AccountingSupplierParty><cac:Party>" x "</cac:Party></cac:AccountingSupplierParty>"
#define CUS(x) "<cac:AccountingCustomerParty><cac:Party>" x "</cac:Party></cac:AccountingCustomerParty>"
#define ADDR(cc) "<cac:PostalAddress><cac:Country><cbc:IdentificationCode>" cc "</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"
#define LINE(x) "<cac:InvoiceLine>" x "</cac:InvoiceLine>"
#define CNLINE(x) "<cac:CreditNoteLine>" x "</cac:CreditNoteLine>"
#define AMT(name, v) "<cbc:" name " currencyID=\"EUR\">" v "</cbc:" name ">"
#define AMTC(name, cur, v) "<cbc:" name " currencyID=\"" cur "\">" v "</cbc:" name ">"
#define EUR "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"
#define ALW(x) "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>" x "</cac:AllowanceCharge>"
#define CHG(x) "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>" x "</cac:AllowanceCharge>"
#define BILLING "<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>"
#define QTY(v) "<cbc:InvoicedQuantity unitCode=\"C62\">" v "</cbc:InvoicedQuantity>"
#define PRICE(x) "<cac:Price>" x "</cac:Price>"
#define EP(scheme, v) "<cbc:EndpointID schemeID=\"" scheme "\">" v "</cbc:EndpointID>"
#define PID(scheme, v) "<cac:PartyIdentification><cbc:ID schemeID=\"" scheme "\">" v "</cbc:ID></cac:PartyIdentification>"
#define LEGAL(scheme, v) "<cac:PartyLegalEntity><cbc:CompanyID schemeID=\"" scheme "\">" v "</cbc:CompanyID></cac:PartyLegalEntity>"
#define VATID(v) "<cac:PartyTaxScheme><cbc:CompanyID>" v "</cbc:CompanyID>" VATS "</cac:PartyTaxScheme>"
#define PERIOD(s, e) "<cac:InvoicePeriod><cbc:StartDate>" s "</cbc:StartDate><cbc:EndDate>" e "</cbc:EndDate></cac:InvoicePeriod>"
#define EXEMPT(cat, code) "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID>" cat "</cbc:ID>" \
    "<cbc:TaxExemptionReasonCode>" code "</cbc:TaxExemptionReasonCode>" VATS "</cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"

#define RUN(t) TST_RULES_UBL("PEPPOL", t)

/* ---- empty elements, document level ---- */
static void test_document(void)
{
    static const tcase t[] = {
        {P("R008"), FIRE, 0, "<cbc:Note>  </cbc:Note>"},
        {P("R008"), FIRE, 0, "<cac:PayeeParty/>"},
        {P("R008"), PASS, 0, "<cbc:Note>text</cbc:Note><cac:PayeeParty><cbc:ID>1</cbc:ID></cac:PayeeParty>"},
        {P("R080"), FIRE, 1, "<cac:AdditionalDocumentReference><cbc:ID>P1</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"
                             "<cac:AdditionalDocumentReference><cbc:ID>P2</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"},
        {P("R080"), PASS, 1, "<cac:AdditionalDocumentReference><cbc:ID>P1</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"
                             "<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID></cac:AdditionalDocumentReference>"},
        {P("R001"), FIRE, 0, "<cbc:ID>1</cbc:ID>"},
        {P("R001"), PASS, 0, "<cbc:ProfileID>anything</cbc:ProfileID>"},
        {P("R007"), FIRE, 0, "<cbc:ProfileID>urn:example:other</cbc:ProfileID>"},
        {P("R007"), PASS, 0, BILLING},
        {P("R007"), PASS, 1, "<cbc:ProfileID> urn:peppol:bis:billing_with_response </cbc:ProfileID>"},
        {P("R002"), FIRE, 0, "<cbc:Note>a</cbc:Note><cbc:Note>b</cbc:Note>"},
        {P("R002"), PASS, 0, "<cbc:Note>a</cbc:Note>"},
        {P("R002"), PASS, 0, "<cbc:Note>a</cbc:Note><cbc:Note>b</cbc:Note>" SUP(ADDR("DE")) CUS(ADDR("de"))},
        {P("R003"), FIRE, 0, "<cac:OrderReference><cbc:SalesOrderID>9</cbc:SalesOrderID></cac:OrderReference>"},
        {P("R003"), PASS, 0, "<cbc:BuyerReference>REF</cbc:BuyerReference>"},
        {P("R003"), PASS, 1, "<cac:OrderReference><cbc:ID>PO-1</cbc:ID></cac:OrderReference>"},
        {P("R004"), FIRE, 0, "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>"},
        {P("R004"), FIRE, 0, "<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::x</cbc:CustomizationID>"},
        {P("R004"), PASS, 0, "<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>"},
        {P("R053"), FIRE, 0, "<cac:TaxTotal><cbc:TaxAmount currencyID=\"EUR\">1</cbc:TaxAmount></cac:TaxTotal>"},
        {P("R053"), PASS, 0, "<cac:TaxTotal><cac:TaxSubtotal><cbc:TaxAmount currencyID=\"EUR\">1</cbc:TaxAmount></cac:TaxSubtotal></cac:TaxTotal>"},
        {P("R054"), FIRE, 0, "<cac:TaxTotal><cbc:TaxAmount currencyID=\"EUR\">1</cbc:TaxAmount></cac:TaxTotal>"},
        {P("R054"), FIRE, 0, "<cbc:TaxCurrencyCode>NOK</cbc:TaxCurrencyCode>"},
        {P("R054"), PASS, 0, "<cbc:TaxCurrencyCode>NOK</cbc:TaxCurrencyCode><cac:TaxTotal><cbc:TaxAmount currencyID=\"NOK\">1</cbc:TaxAmount></cac:TaxTotal>"},
        {P("R055"), FIRE, 0, EUR "<cbc:TaxCurrencyCode>NOK</cbc:TaxCurrencyCode>"
                             "<cac:TaxTotal>" AMT("TaxAmount", "10") "</cac:TaxTotal><cac:TaxTotal>" AMTC("TaxAmount", "NOK", "-80") "</cac:TaxTotal>"},
        {P("R055"), PASS, 0, EUR "<cbc:TaxCurrencyCode>NOK</cbc:TaxCurrencyCode>"
                             "<cac:TaxTotal>" AMT("TaxAmount", "10") "</cac:TaxTotal><cac:TaxTotal>" AMTC("TaxAmount", "NOK", "80") "</cac:TaxTotal>"},
        {P("R055"), PASS, 0, EUR},
        {P("R005"), FIRE, 0, EUR "<cbc:TaxCurrencyCode> EUR </cbc:TaxCurrencyCode>"},
        {P("R005"), PASS, 0, EUR "<cbc:TaxCurrencyCode>SEK</cbc:TaxCurrencyCode>"},
        {P("R010"), FIRE, 0, CUS("<cbc:ID>1</cbc:ID>")},
        {P("R010"), PASS, 0, CUS(EP("0088", "5790000436101"))},
        {P("R020"), FIRE, 1, SUP("<cbc:ID>1</cbc:ID>")},
        {P("R020"), PASS, 0, SUP(EP("0088", "5790000436101"))},
    };
    RUN(t);
}

/* ---- allowances, charges, payment, currencies ---- */
static void test_allowances(void)
{
    static const tcase t[] = {
        {P("R041"), FIRE, 0, ALW("<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>" AMT("Amount", "10"))},
        {P("R041"), FIRE, 0, LINE(CHG("<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>"))},
        {P("R041"), PASS, 0, ALW("<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>" AMT("Amount", "10") AMT("BaseAmount", "100"))},
        {P("R041"), PASS, 0, LINE(PRICE(ALW("<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>")))},
        {P("R042"), FIRE, 1, ALW(AMT("Amount", "10") AMT("BaseAmount", "100"))},
        {P("R042"), PASS, 0, ALW(AMT("Amount", "10"))},
        {P("R040"), FIRE, 0, ALW("<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>" AMT("Amount", "10.03") AMT("BaseAmount", "100"))},
        {P("R040"), PASS, 0, ALW("<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>" AMT("Amount", "10.02") AMT("BaseAmount", "100"))},
        {P("R040"), PASS, 0, LINE(CHG("<cbc:MultiplierFactorNumeric>2.5</cbc:MultiplierFactorNumeric>" AMT("Amount", "3.00") AMT("BaseAmount", "120")))},
        {P("R043"), FIRE, 0, "<cac:AllowanceCharge><cbc:ChargeIndicator>yes</cbc:ChargeIndicator></cac:AllowanceCharge>"},
        {P("R043"), FIRE, 0, "<cac:AllowanceCharge>" AMT("Amount", "1") "</cac:AllowanceCharge>"},
        {P("R043"), PASS, 0, "<cac:AllowanceCharge><cbc:ChargeIndicator> true </cbc:ChargeIndicator></cac:AllowanceCharge>"},
        {P("R044"), FIRE, 0, LINE(PRICE(CHG(AMT("Amount", "1"))))},
        {P("R044"), PASS, 0, LINE(PRICE(ALW(AMT("Amount", "1"))))},
        {P("R046"), FIRE, 0, LINE(PRICE(AMT("PriceAmount", "90") ALW(AMT("Amount", "5") AMT("BaseAmount", "100"))))},
        {P("R046"), FIRE, 0, LINE(PRICE(ALW(AMT("Amount", "5") AMT("BaseAmount", "100"))))},
        {P("R046"), PASS, 0, LINE(PRICE(AMT("PriceAmount", "95.00") ALW(AMT("Amount", "5") AMT("BaseAmount", "100"))))},
        {P("R046"), PASS, 0, LINE(PRICE(AMT("PriceAmount", "90") ALW(AMT("Amount", "5"))))},
        {P("R061"), FIRE, 0, "<cac:PaymentMeans><cbc:PaymentMeansCode>49</cbc:PaymentMeansCode></cac:PaymentMeans>"},
        {P("R061"), FIRE, 1, "<cac:PaymentMeans><cbc:PaymentMeansCode> 59 </cbc:PaymentMeansCode><cac:PaymentMandate><cbc:Note>x</cbc:Note></cac:PaymentMandate></cac:PaymentMeans>"},
        {P("R061"), PASS, 0, "<cac:PaymentMeans><cbc:PaymentMeansCode>59</cbc:PaymentMeansCode><cac:PaymentMandate><cbc:ID>M1</cbc:ID></cac:PaymentMandate></cac:PaymentMeans>"},
        {P("R061"), PASS, 0, "<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode></cac:PaymentMeans>"},
        {P("R051"), FIRE, 0, EUR "<cac:LegalMonetaryTotal>" AMTC("PayableAmount", "NOK", "1") "</cac:LegalMonetaryTotal>"},
        {P("R051"), FIRE, 0, "<cac:LegalMonetaryTotal>" AMT("PayableAmount", "1") "</cac:LegalMonetaryTotal>"},
        {P("R051"), PASS, 0, EUR "<cac:LegalMonetaryTotal>" AMT("PayableAmount", "1") "</cac:LegalMonetaryTotal>"},
        {P("R051"), PASS, 0, EUR "<cac:TaxTotal>" AMTC("TaxAmount", "NOK", "1") "</cac:TaxTotal>"},
    };
    RUN(t);
}

/* ---- invoice lines ---- */
static void test_lines(void)
{
    static const tcase t[] = {
        {P("R110"), FIRE, 0, PERIOD("2024-01-01", "2024-01-31") LINE(PERIOD("2023-12-31", "2024-01-31"))},
        {P("R110"), PASS, 0, PERIOD("2024-01-01", "2024-01-31") LINE(PERIOD("2024-01-01", "2024-01-31"))},
        {P("R110"), PASS, 0, LINE(PERIOD("2023-12-31", "2024-01-31"))},
        {P("R111"), FIRE, 1, PERIOD("2024-01-01", "2024-01-31") CNLINE(PERIOD("2024-01-01", "2024-02-01"))},
        {P("R111"), PASS, 1, PERIOD("2024-01-01", "2024-01-31") CNLINE(PERIOD("2024-01-01", "2024-01-31"))},
        {P("R120"), FIRE, 0, LINE(QTY("2") AMT("LineExtensionAmount", "20.03") PRICE(AMT("PriceAmount", "10")))},
        {P("R120"), PASS, 0, LINE(QTY("2") AMT("LineExtensionAmount", "20.02") PRICE(AMT("PriceAmount", "10")))},
        {P("R120"), PASS, 0, LINE(QTY("3") AMT("LineExtensionAmount", "14.00") ALW(AMT("Amount", "1"))
                                  PRICE(AMT("PriceAmount", "10") "<cbc:BaseQuantity>2</cbc:BaseQuantity>"))},
        {P("R120"), FIRE, 1, CNLINE("<cbc:CreditedQuantity>3</cbc:CreditedQuantity>" AMT("LineExtensionAmount", "30")
                                    CHG(AMT("Amount", "1")) PRICE(AMT("PriceAmount", "10")))},
        {P("R121"), FIRE, 0, LINE(PRICE(AMT("PriceAmount", "10") "<cbc:BaseQuantity>0</cbc:BaseQuantity>"))},
        {P("R121"), PASS, 0, LINE(PRICE(AMT("PriceAmount", "10") "<cbc:BaseQuantity>0.5</cbc:BaseQuantity>"))},
        {P("R100"), FIRE, 0, LINE("<cac:DocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference>"
                                  "<cac:DocumentReference><cbc:ID>B</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference>")},
        {P("R100"), PASS, 0, LINE("<cac:DocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference>")},
        {P("R101"), FIRE, 0, LINE("<cac:DocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:DocumentReference>")},
        {P("R101"), PASS, 0, LINE("<cac:DocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference>")},
        {P("R130"), FIRE, 0, LINE(QTY("1") PRICE("<cbc:BaseQuantity unitCode=\"H87\">1</cbc:BaseQuantity>"))},
        {P("R130"), PASS, 0, LINE(QTY("1") PRICE("<cbc:BaseQuantity unitCode=\"C62\">1</cbc:BaseQuantity>"))},
        {P("R130"), PASS, 0, LINE(PRICE("<cbc:BaseQuantity unitCode=\"H87\">1</cbc:BaseQuantity>"))},
    };
    RUN(t);
}

/* ---- identifier formats ---- */
static void test_identifiers(void)
{
    static const tcase t[] = {
        {C("R040"), FIRE, 0, SUP(EP("0088", "5790000436102"))},
        {C("R040"), PASS, 0, SUP(EP("0088", "5790000436101"))},
        {C("R041"), FIRE, 0, SUP(LEGAL("0192", "923609017"))},
        {C("R041"), PASS, 0, SUP(LEGAL("0192", "923609016"))},
        {C("R042"), FIRE, 0, CUS(PID("0184", "1234567"))},
        {C("R042"), PASS, 0, CUS(PID("0184", "12345678"))},
        {C("R042"), PASS, 0, CUS(PID("0184", "DK12345678"))},
        {C("R043"), FIRE, 0, SUP(EP("0208", "0403578494"))},
        {C("R043"), PASS, 0, SUP(EP("0208", "0403578495"))},
        {C("R044"), WARN, 0, CUS(EP("0201", "ABC12!"))},
        {C("R044"), PASS, 0, CUS(EP("0201", "UFAB12"))},
        {C("R045"), WARN, 0, CUS(PID("0210", "RSSMRA85T10A56"))},
        {C("R045"), PASS, 0, CUS(PID("0210", "RSSMRA85T10A562S"))},
        {C("R045"), PASS, 0, CUS(PID("0210", "12345678901"))},
        {C("R046"), WARN, 0, CUS(EP("9907", "1234"))},
        {C("R046"), PASS, 0, CUS(EP("9907", "RSSMRA85T10A562S"))},
        {C("R046"), PASS, 0, CUS(PID("9907", "1234"))},
        {C("R047"), WARN, 0, SUP(EP("0211", "IT01234567890"))},
        {C("R047"), PASS, 0, SUP(EP("0211", "IT01234567897"))},
        {C("R047"), PASS, 0, SUP(EP("0211", "FR01234567890"))},
        {C("R049"), FIRE, 0, SUP(LEGAL("0007", "5560360794"))},
        {C("R049"), PASS, 0, SUP(LEGAL("0007", "5560360793"))},
        {C("R050"), FIRE, 0, SUP(EP("0151", "51824753557"))},
        {C("R050"), PASS, 0, SUP(EP("0151", "51824753556"))},
        {C("R052"), FIRE, 0, SUP(EP("0096", "123456789"))},
        {C("R052"), PASS, 0, SUP(EP("0096", "1234567890"))},
        {C("R053"), FIRE, 0, SUP(EP("0198", "12345678"))},
        {C("R053"), PASS, 0, SUP(EP("0198", "DK12345678"))},
        {C("R054"), WARN, 0, SUP(LEGAL("0106", "1234567"))},
        {C("R054"), PASS, 0, SUP(LEGAL("0106", "12345678"))},
        {C("R055"), WARN, 0, SUP(PID("0190", "1234567890"))},
        {C("R055"), PASS, 0, SUP(PID("0190", "12345678901234567890"))},
        {C("R056-1"), WARN, 0, SUP(EP("9944", "NL12345678B01"))},
        {C("R056-1"), PASS, 0, SUP(EP("9944", "NL123456789B01"))},
        {C("R056-2"), WARN, 0, SUP(VATID("NL123"))},
        {C("R056-2"), PASS, 0, SUP(VATID("NL123456789B01"))},
        {C("R056-2"), PASS, 0, SUP(VATID("BE0403578495"))},
        /* a schemeID handled earlier in the pattern wins over the NL VAT rule */
        {C("R056-2"), PASS, 0, SUP("<cac:PartyTaxScheme><cbc:CompanyID schemeID=\"0106\">NL1</cbc:CompanyID>" VATS "</cac:PartyTaxScheme>")},
        {C("R054"), WARN, 0, SUP("<cac:PartyTaxScheme><cbc:CompanyID schemeID=\"0106\">NL1</cbc:CompanyID>" VATS "</cac:PartyTaxScheme>")},
        {C("R057"), WARN, 0, SUP(EP("0217", "12345678901"))},
        {C("R057"), PASS, 0, SUP(EP("0217", "123456789012"))},
    };
    RUN(t);
}

/* ---- code lists and formats ---- */
static void test_codes(void)
{
    static const tcase t[] = {
        {P("CL001"), FIRE, 0, "<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment>"
                              "<cbc:EmbeddedDocumentBinaryObject mimeCode=\"image/gif\" filename=\"a.gif\">QQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>"},
        {P("CL001"), PASS, 0, "<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment>"
                              "<cbc:EmbeddedDocumentBinaryObject mimeCode=\"application/pdf\" filename=\"a.pdf\">QQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>"},
        {P("CL002"), FIRE, 0, ALW("<cbc:AllowanceChargeReasonCode>1</cbc:AllowanceChargeReasonCode>")},
        {P("CL002"), PASS, 0, ALW("<cbc:AllowanceChargeReasonCode> 95 </cbc:AllowanceChargeReasonCode>")},
        {P("CL003"), FIRE, 0, CHG("<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>")},
        {P("CL003"), PASS, 0, CHG("<cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>")},
        {P("CL006"), FIRE, 0, "<cac:InvoicePeriod><cbc:DescriptionCode>5</cbc:DescriptionCode></cac:InvoicePeriod>"},
        {P("CL006"), PASS, 0, "<cac:InvoicePeriod><cbc:DescriptionCode>35</cbc:DescriptionCode></cac:InvoicePeriod>"},
        {P("CL007"), FIRE, 0, "<cac:LegalMonetaryTotal>" AMTC("PayableAmount", "ABC", "1") "</cac:LegalMonetaryTotal>"},
        {P("CL007"), FIRE, 0, "<cac:TaxTotal><cbc:TaxAmount>1</cbc:TaxAmount></cac:TaxTotal>"},
        {P("CL007"), PASS, 0, "<cac:LegalMonetaryTotal>" AMTC("PayableAmount", "SEK", "1") "</cac:LegalMonetaryTotal>"},
        {P("CL008"), FIRE, 0, SUP(EP("9999", "x"))},
        {P("CL008"), PASS, 0, SUP(EP("9930", "DE123456789"))},
        {P("P0100"), FIRE, 0, BILLING "<cbc:InvoiceTypeCode>999</cbc:InvoiceTypeCode>"},
        {P("P0100"), PASS, 0, BILLING "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"},
        {P("P0100"), PASS, 0, "<cbc:ProfileID>other</cbc:ProfileID><cbc:InvoiceTypeCode>999</cbc:InvoiceTypeCode>"},
        {P("P0101"), FIRE, 1, BILLING "<cbc:CreditNoteTypeCode>380</cbc:CreditNoteTypeCode>"},
        {P("P0101"), PASS, 1, BILLING "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>"},
        {P("P0112"), FIRE, 0, "<cbc:InvoiceTypeCode>326</cbc:InvoiceTypeCode>" SUP(ADDR("DE")) CUS(ADDR("AT"))},
        {P("P0112"), PASS, 0, "<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>" SUP(ADDR("DE")) CUS(ADDR("DE"))},
        {P("P0104"), FIRE, 0, EXEMPT("E", "VATEX-EU-G")},
        {P("P0104"), PASS, 0, EXEMPT("G", "vatex-eu-g")},
        {P("P0105"), FIRE, 0, EXEMPT("E", "VATEX-EU-O")},
        {P("P0105"), PASS, 0, EXEMPT("O", "VATEX-EU-O")},
        {P("P0106"), FIRE, 0, EXEMPT("E", "VATEX-EU-IC")},
        {P("P0106"), PASS, 0, EXEMPT("K", "VATEX-EU-IC")},
        {P("P0107"), FIRE, 0, EXEMPT("E", "VATEX-EU-AE")},
        {P("P0107"), PASS, 0, EXEMPT("AE", "VATEX-EU-AE")},
        {P("P0108"), FIRE, 0, EXEMPT("S", "VATEX-EU-D")},
        {P("P0108"), PASS, 0, EXEMPT("E", "VATEX-EU-D")},
        {P("P0109"), FIRE, 0, EXEMPT("S", "VATEX-EU-F")},
        {P("P0109"), PASS, 0, EXEMPT("E", "VATEX-EU-F")},
        {P("P0110"), FIRE, 0, EXEMPT("S", "VATEX-EU-I")},
        {P("P0110"), PASS, 0, EXEMPT("E", "VATEX-EU-I")},
        {P("P0111"), FIRE, 0, EXEMPT("S", "VATEX-EU-J")},
        {P("P0111"), PASS, 0, EXEMPT("E", "VATEX-EU-J")},
        {P("F001"), FIRE, 0, "<cbc:IssueDate>2024-02-30</cbc:IssueDate>"},
        {P("F001"), FIRE, 0, "<cbc:DueDate>20240101</cbc:DueDate>"},
        {P("F001"), FIRE, 0, "<cbc:IssueDate>2024-01-01Z</cbc:IssueDate>"},
        {P("F001"), PASS, 0, "<cbc:IssueDate>2024-02-29</cbc:IssueDate>"},
    };
    RUN(t);
}

/* ---- one finding per failing context node ---- */
static void test_one_per_node(void)
{
    tst_result_t *r = tst_validate("PEPPOL", NULL,
                                   tst_ubl(EUR "<cac:LegalMonetaryTotal>" AMTC("LineExtensionAmount", "NOK", "1")
                                           AMTC("PayableAmount", "NOK", "1") AMT("TaxExclusiveAmount", "1")
                                           "</cac:LegalMonetaryTotal><cbc:Note/><cbc:Note/>"));
    CU_ASSERT_EQUAL(tst_count(r, P("R051")), 2);
    CU_ASSERT_EQUAL(tst_count(r, P("R008")), 2);
    CU_ASSERT_EQUAL(tst_count(r, P("R002")), 1);
    tst_free(r);
}

/* ---- a complete, correct PEPPOL invoice (Belgian seller and buyer) ---- */
static void test_complete(void)
{
    static const char body[] =
        "<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>"
        BILLING
        "<cbc:ID>INV-2024-001</cbc:ID><cbc:IssueDate>2024-03-01</cbc:IssueDate><cbc:DueDate>2024-03-31</cbc:DueDate>"
        "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:Note>Thank you</cbc:Note>" EUR
        "<cbc:BuyerReference>PO-77</cbc:BuyerReference>"
        "<cac:InvoicePeriod><cbc:StartDate>2024-02-01</cbc:StartDate><cbc:EndDate>2024-02-29</cbc:EndDate></cac:InvoicePeriod>"
        SUP(EP("0208", "0403578495")
            "<cac:PostalAddress><cbc:StreetName>Rue Haute 1</cbc:StreetName><cbc:CityName>Bruxelles</cbc:CityName>"
            "<cbc:PostalZone>1000</cbc:PostalZone><cac:Country><cbc:IdentificationCode>BE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"
            VATID("BE0403578495")
            "<cac:PartyLegalEntity><cbc:RegistrationName>Seller SA</cbc:RegistrationName>"
            "<cbc:CompanyID schemeID=\"0208\">0403578495</cbc:CompanyID></cac:PartyLegalEntity>")
        CUS(EP("0088", "5790000436101")
            "<cac:PostalAddress><cbc:CityName>Gent</cbc:CityName><cac:Country><cbc:IdentificationCode>BE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"
            "<cac:PartyLegalEntity><cbc:RegistrationName>Buyer NV</cbc:RegistrationName></cac:PartyLegalEntity>")
        "<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>"
        "<cac:PayeeFinancialAccount><cbc:ID>BE68539007547034</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>"
        "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>"
        "<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason>"
        "<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>" AMT("Amount", "10.00") AMT("BaseAmount", "100.00")
        "<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent>" VATS "</cac:TaxCategory></cac:AllowanceCharge>"
        "<cac:TaxTotal>" AMT("TaxAmount", "18.90")
        "<cac:TaxSubtotal>" AMT("TaxableAmount", "90.00") AMT("TaxAmount", "18.90")
        "<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent>" VATS "</cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"
        "<cac:LegalMonetaryTotal>" AMT("LineExtensionAmount", "100.00") AMT("TaxExclusiveAmount", "90.00")
        AMT("TaxInclusiveAmount", "108.90") AMT("AllowanceTotalAmount", "10.00") AMT("PayableAmount", "108.90")
        "</cac:LegalMonetaryTotal>"
        LINE("<cbc:ID>1</cbc:ID>" QTY("4") AMT("LineExtensionAmount", "100.00")
             "<cac:InvoicePeriod><cbc:StartDate>2024-02-01</cbc:StartDate><cbc:EndDate>2024-02-15</cbc:EndDate></cac:InvoicePeriod>"
             "<cac:Item><cbc:Name>Consulting</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent>"
             VATS "</cac:ClassifiedTaxCategory></cac:Item>"
             PRICE(AMT("PriceAmount", "50.00") "<cbc:BaseQuantity unitCode=\"C62\">2</cbc:BaseQuantity>"
                   ALW(AMT("Amount", "5.00") AMT("BaseAmount", "55.00"))));
    tst_result_t *r = tst_validate("PEPPOL", NULL, tst_ubl(body));
    char msg[512];
    CU_ASSERT_PTR_NULL_FATAL(tst_error(r) && *tst_error(r) ? tst_error(r) : NULL);
    snprintf(msg, sizeof msg, "the complete invoice should be valid: %.400s", tst_codes(r));
    CU_assertImplementation(tst_valid(r) ? CU_TRUE : CU_FALSE, __LINE__, msg, __FILE__, "", CU_FALSE);
    tst_free(r);
}

/* ---- the profile is UBL only and names its artefact ---- */
static void test_cii_refused(void)
{
    tst_result_t *r = tst_validate("PEPPOL", NULL, tst_cii("<rsm:ExchangedDocument/>"));
    CU_ASSERT_FALSE(tst_valid(r));
    CU_ASSERT_EQUAL(tst_count(r, P("R001")), 0);
    tst_free(r);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("peppol", NULL, NULL);
    CU_add_test(s, "document level", test_document);
    CU_add_test(s, "allowances, payment, currencies", test_allowances);
    CU_add_test(s, "invoice lines", test_lines);
    CU_add_test(s, "identifier formats", test_identifiers);
    CU_add_test(s, "code lists and formats", test_codes);
    CU_add_test(s, "one finding per node", test_one_per_node);
    CU_add_test(s, "complete invoice", test_complete);
    CU_add_test(s, "CII is not covered", test_cii_refused);
}
