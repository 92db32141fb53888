/* UBL syntax-binding family (plugins/ubl/ubl_syntax_rules.c): for every UBL-SR and UBL-DT
 * rule a small document that makes it fire and one that does not, and a sample of the
 * UBL-CR rules (root, line and "anywhere" paths, attribute paths and the conditional ones).
 * The documents are fragments; each case only asserts the verdict of the rule it names. */
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
#define ITEM_OK "<cac:Item><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID>" VATS "</cac:ClassifiedTaxCategory></cac:Item>"
#define PLE(x) "<cac:PartyLegalEntity>" x "</cac:PartyLegalEntity>"
#define PNAME(x) "<cac:PartyName><cbc:Name>" x "</cbc:Name></cac:PartyName>"
#define PID(attrs, x) "<cac:PartyIdentification><cbc:ID" attrs ">" x "</cbc:ID></cac:PartyIdentification>"
#define PTS(scheme, id) "<cac:PartyTaxScheme><cbc:CompanyID>" id "</cbc:CompanyID><cac:TaxScheme><cbc:ID>" scheme "</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>"
#define REGN(x) "<cbc:RegistrationName>" x "</cbc:RegistrationName>"
#define CID(x) "<cbc:CompanyID>" x "</cbc:CompanyID>"
#define PM(x) "<cac:PaymentMeans>" x "</cac:PaymentMeans>"
#define PMC(x) "<cbc:PaymentMeansCode>" x "</cbc:PaymentMeansCode>"
#define ADR(x) "<cac:AdditionalDocumentReference>" x "</cac:AdditionalDocumentReference>"
#define DTC(x) "<cbc:DocumentTypeCode>" x "</cbc:DocumentTypeCode>"
#define AC(ind, x) "<cac:AllowanceCharge><cbc:ChargeIndicator>" ind "</cbc:ChargeIndicator>" x "</cac:AllowanceCharge>"
#define REASON(x) "<cbc:AllowanceChargeReason>" x "</cbc:AllowanceChargeReason>"
#define BIN(attrs) "<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cac:Attachment>" \
    "<cbc:EmbeddedDocumentBinaryObject" attrs ">QUJD</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>"
#define EXT_NS "xmlns:ext=\"urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2\""

#define RUN(t) TST_RULES_UBL("EN16931", t)

/* ---- UBL-SR: root context cardinalities ---- */
static void test_sr_root(void)
{
    static const tcase t[] = {
        {"UBL-SR-01", FIRE, 0, "<cac:ContractDocumentReference><cbc:ID>C1</cbc:ID></cac:ContractDocumentReference>"
                               "<cac:ContractDocumentReference><cbc:ID>C2</cbc:ID></cac:ContractDocumentReference>"},
        {"UBL-SR-01", PASS, 0, "<cac:ContractDocumentReference><cbc:ID>C1</cbc:ID></cac:ContractDocumentReference>"},
        {"UBL-SR-02", FIRE, 0, "<cac:ReceiptDocumentReference><cbc:ID>R1</cbc:ID><cbc:ID>R2</cbc:ID></cac:ReceiptDocumentReference>"},
        {"UBL-SR-02", PASS, 0, "<cac:ReceiptDocumentReference><cbc:ID>R1</cbc:ID></cac:ReceiptDocumentReference>"},
        {"UBL-SR-03", FIRE, 0, "<cac:DespatchDocumentReference><cbc:ID>D1</cbc:ID></cac:DespatchDocumentReference>"
                               "<cac:DespatchDocumentReference><cbc:ID>D2</cbc:ID></cac:DespatchDocumentReference>"},
        {"UBL-SR-03", PASS, 0, "<cac:DespatchDocumentReference><cbc:ID>D1</cbc:ID></cac:DespatchDocumentReference>"},
        {"UBL-SR-04", FIRE, 0, ADR("<cbc:ID>O1</cbc:ID>" DTC("130")) ADR("<cbc:ID>O2</cbc:ID>" DTC("130"))},
        {"UBL-SR-04", PASS, 0, ADR("<cbc:ID>O1</cbc:ID>" DTC("130")) ADR("<cbc:ID>S1</cbc:ID>")},
        {"UBL-SR-05", FIRE, 0, "<cac:PaymentTerms><cbc:Note>30 days</cbc:Note><cbc:Note>2% early</cbc:Note></cac:PaymentTerms>"},
        {"UBL-SR-05", PASS, 0, "<cac:PaymentTerms><cbc:Note>30 days</cbc:Note></cac:PaymentTerms>"},
        {"UBL-SR-08", FIRE, 0, "<cac:InvoicePeriod/><cac:InvoicePeriod/>"},
        {"UBL-SR-08", PASS, 0, "<cac:InvoicePeriod/>" LINE("<cac:InvoicePeriod/>" ITEM_OK)},
        {"UBL-SR-09", FIRE, 0, SUP(PLE(REGN("A")) PLE(REGN("B")))},
        {"UBL-SR-09", PASS, 0, SUP(PLE(REGN("A")))},
        {"UBL-SR-10", FIRE, 0, SUP(PNAME("A") PNAME("B"))},
        {"UBL-SR-10", PASS, 0, SUP(PNAME("A"))},
        {"UBL-SR-11", FIRE, 0, SUP(PLE(CID("1")) PLE(CID("2")))},
        {"UBL-SR-11", PASS, 0, SUP(PLE(CID("1")))},
        {"UBL-SR-12", FIRE, 0, SUP(PTS("VAT", "DE1") PTS("vat", "DE2"))},
        {"UBL-SR-12", PASS, 0, SUP(PTS("VAT", "DE1") PTS("FC", "123/456"))},
        {"UBL-SR-13", FIRE, 0, SUP(PTS("FC", "1") PTS("LOC", "2"))},
        {"UBL-SR-13", PASS, 0, SUP(PTS("VAT", "DE1") PTS("FC", "123/456"))},
        {"UBL-SR-14", FIRE, 0, SUP(PLE("<cbc:CompanyLegalForm>GmbH</cbc:CompanyLegalForm>") PLE("<cbc:CompanyLegalForm>AG</cbc:CompanyLegalForm>"))},
        {"UBL-SR-14", PASS, 0, SUP(PLE("<cbc:CompanyLegalForm>GmbH</cbc:CompanyLegalForm>"))},
        {"UBL-SR-15", FIRE, 0, CUS(PLE(REGN("A")) PLE(REGN("B")))},
        {"UBL-SR-15", PASS, 1, CUS(PLE(REGN("A")))},
        {"UBL-SR-16", FIRE, 0, CUS(PID("", "1") PID("", "2"))},
        {"UBL-SR-16", PASS, 0, CUS(PID("", "1"))},
        {"UBL-SR-17", FIRE, 0, CUS(PLE(CID("1")) PLE(CID("2")))},
        {"UBL-SR-17", PASS, 0, CUS(PLE(CID("1")))},
        {"UBL-SR-18", FIRE, 0, CUS(PTS("VAT", "FR1") PTS("VAT", "FR2"))},
        {"UBL-SR-18", PASS, 0, CUS(PTS("VAT", "FR1") PTS("FC", "2"))},
        {"UBL-SR-24", FIRE, 0, "<cac:Delivery/><cac:Delivery/>"},
        {"UBL-SR-24", PASS, 0, "<cac:Delivery/>"},
        /* anywhere in the document; the scheme is compared upper-cased */
        {"UBL-SR-29", FIRE, 0, SUP(PID(" schemeID=\"SEPA\"", "DE98ZZZ1")) "<cac:PayeeParty>" PID(" schemeID=\"sepa\"", "DE98ZZZ2") "</cac:PayeeParty>"},
        {"UBL-SR-29", PASS, 0, SUP(PID(" schemeID=\"SEPA\"", "DE98ZZZ1") PID(" schemeID=\"0088\"", "4000001"))},
        {"UBL-SR-39", FIRE, 0, "<cac:ProjectReference><cbc:ID>P1</cbc:ID></cac:ProjectReference><cac:ProjectReference><cbc:ID>P2</cbc:ID></cac:ProjectReference>"},
        {"UBL-SR-39", PASS, 0, "<cac:ProjectReference><cbc:ID>P1</cbc:ID></cac:ProjectReference>"},
        {"UBL-SR-40", FIRE, 0, CUS(PNAME("A") PNAME("B"))},
        {"UBL-SR-40", PASS, 0, CUS(PNAME("A"))},
        {"UBL-SR-44", FIRE, 0, PM(PMC("30") "<cbc:PaymentID>REF1</cbc:PaymentID>") PM(PMC("30") "<cbc:PaymentID>REF2</cbc:PaymentID>")},
        {"UBL-SR-44", PASS, 0, PM(PMC("30") "<cbc:PaymentID>REF1</cbc:PaymentID>") PM(PMC("30") "<cbc:PaymentID>REF1</cbc:PaymentID>")},
        {"UBL-SR-45", FIRE, 0, PM("<cbc:PaymentDueDate>2024-01-01</cbc:PaymentDueDate>") PM("<cbc:PaymentDueDate>2024-01-01</cbc:PaymentDueDate>")},
        {"UBL-SR-45", PASS, 0, PM("<cbc:PaymentDueDate>2024-01-01</cbc:PaymentDueDate>") PM(PMC("30"))},
        {"UBL-SR-46", FIRE, 0, PM("<cbc:PaymentMeansCode name=\"Transfer\">30</cbc:PaymentMeansCode>") PM("<cbc:PaymentMeansCode name=\"Transfer\">30</cbc:PaymentMeansCode>")},
        {"UBL-SR-46", PASS, 0, PM("<cbc:PaymentMeansCode name=\"Transfer\">30</cbc:PaymentMeansCode>") PM(PMC("30"))},
        {"UBL-SR-47", FIRE, 0, PM(PMC("30")) PM(PMC("58"))},
        {"UBL-SR-47", PASS, 0, PM(PMC("58")) PM(PMC("58"))},
        {"UBL-SR-49", FIRE, 0, "<cac:InvoicePeriod><cbc:DescriptionCode>3</cbc:DescriptionCode><cbc:DescriptionCode>35</cbc:DescriptionCode></cac:InvoicePeriod>"},
        {"UBL-SR-49", PASS, 0, "<cac:InvoicePeriod><cbc:DescriptionCode>3</cbc:DescriptionCode></cac:InvoicePeriod>"},
        {"UBL-SR-54", FIRE, 0, PM("<cac:CardAccount/>") PM("<cac:CardAccount/>")},
        {"UBL-SR-54", PASS, 0, PM("<cac:CardAccount/>")},
        {"UBL-SR-55", FIRE, 0, PM("<cac:PaymentMandate/>") PM("<cac:PaymentMandate/>")},
        {"UBL-SR-55", PASS, 0, PM("<cac:PaymentMandate/>")},
        {"UBL-SR-56", FIRE, 0, "<cac:OriginatorDocumentReference><cbc:ID>T1</cbc:ID><cbc:ID>T2</cbc:ID></cac:OriginatorDocumentReference>"},
        {"UBL-SR-56", PASS, 0, "<cac:OriginatorDocumentReference><cbc:ID>T1</cbc:ID></cac:OriginatorDocumentReference>"},
    };
    RUN(t);
}

/* ---- UBL-SR: element contexts ---- */
static void test_sr_elements(void)
{
    static const tcase t[] = {
        {"UBL-SR-06", FIRE, 0, "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>1</cbc:ID></cac:InvoiceDocumentReference>"
                               "<cac:InvoiceDocumentReference><cbc:ID>2</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>"},
        {"UBL-SR-06", PASS, 0, "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>1</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>"},
        {"UBL-SR-07", FIRE, 0, "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:IssueDate>2024-01-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>"},
        {"UBL-SR-07", PASS, 1, "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>1</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>"},
        /* payee rules also fail when the payee name equals the seller name or is missing */
        {"UBL-SR-19", FIRE, 0, SUP(PLE(REGN("Seller"))) "<cac:PayeeParty>" PNAME("Seller") "</cac:PayeeParty>"},
        {"UBL-SR-19", FIRE, 0, SUP(PLE(REGN("Seller"))) "<cac:PayeeParty>" PNAME("Factor") PNAME("Factor 2") "</cac:PayeeParty>"},
        {"UBL-SR-19", PASS, 0, SUP(PLE(REGN("Seller"))) "<cac:PayeeParty>" PNAME("Factor") "</cac:PayeeParty>"},
        {"UBL-SR-20", FIRE, 0, SUP(PLE(REGN("Seller"))) "<cac:PayeeParty>" PID("", "1") PID("", "2") PNAME("Factor") "</cac:PayeeParty>"},
        {"UBL-SR-20", FIRE, 0, SUP(PLE(REGN("Seller"))) "<cac:PayeeParty>" PID("", "1") "</cac:PayeeParty>"},
        {"UBL-SR-20", PASS, 0, SUP(PLE(REGN("Seller"))) "<cac:PayeeParty>" PID("", "1") PID(" schemeID=\"SEPA\"", "2") PNAME("Factor") "</cac:PayeeParty>"},
        {"UBL-SR-21", FIRE, 0, SUP(PLE(REGN("Seller"))) "<cac:PayeeParty>" PNAME("Factor") PLE(CID("1")) PLE(CID("2")) "</cac:PayeeParty>"},
        {"UBL-SR-21", PASS, 0, SUP(PLE(REGN("Seller"))) "<cac:PayeeParty>" PNAME("Factor") PLE(CID("1")) "</cac:PayeeParty>"},
        {"UBL-SR-22", FIRE, 0, "<cac:TaxRepresentativeParty>" PNAME("A") PNAME("B") "</cac:TaxRepresentativeParty>"},
        {"UBL-SR-22", PASS, 0, "<cac:TaxRepresentativeParty>" PNAME("A") "</cac:TaxRepresentativeParty>"},
        {"UBL-SR-23", FIRE, 0, "<cac:TaxRepresentativeParty>" PTS("VAT", "1") PTS("VAT", "2") "</cac:TaxRepresentativeParty>"},
        {"UBL-SR-23", PASS, 0, "<cac:TaxRepresentativeParty>" PTS("VAT", "1") "</cac:TaxRepresentativeParty>"},
        {"UBL-SR-25", FIRE, 0, "<cac:Delivery><cac:DeliveryParty>" PNAME("A") PNAME("B") "</cac:DeliveryParty></cac:Delivery>"},
        {"UBL-SR-25", PASS, 0, "<cac:Delivery><cac:DeliveryParty>" PNAME("A") "</cac:DeliveryParty></cac:Delivery>"},
        {"UBL-SR-26", FIRE, 0, PM("<cbc:PaymentID>1</cbc:PaymentID><cbc:PaymentID>1</cbc:PaymentID>")},
        {"UBL-SR-26", PASS, 0, PM("<cbc:PaymentID>1</cbc:PaymentID>")},
        {"UBL-SR-27", FIRE, 0, PM(PMC("30") PMC("30"))},
        {"UBL-SR-27", PASS, 0, PM(PMC("30"))},
        {"UBL-SR-28", FIRE, 0, PM("<cac:PaymentMandate><cbc:ID>M1</cbc:ID><cbc:ID>M2</cbc:ID></cac:PaymentMandate>")},
        {"UBL-SR-28", PASS, 0, PM("<cac:PaymentMandate><cbc:ID>M1</cbc:ID></cac:PaymentMandate>")},
        /* the false() rule comes first; a missing indicator matches neither rule */
        {"UBL-SR-30", FIRE, 0, AC("false", REASON("a") REASON("b"))},
        {"UBL-SR-30", FIRE, 0, AC(" 0 ", REASON("a") REASON("b"))},
        {"UBL-SR-30", PASS, 0, AC("true", REASON("a") REASON("b"))},
        {"UBL-SR-30", PASS, 0, "<cac:AllowanceCharge>" REASON("a") REASON("b") "</cac:AllowanceCharge>"},
        {"UBL-SR-31", FIRE, 0, AC("true", REASON("a") REASON("b"))},
        {"UBL-SR-31", PASS, 0, AC("false", REASON("a") REASON("b"))},
        {"UBL-SR-31", PASS, 0, AC("true", REASON("a"))},
        {"UBL-SR-32", FIRE, 0, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:TaxExemptionReason>a</cbc:TaxExemptionReason>"
                               "<cbc:TaxExemptionReason>b</cbc:TaxExemptionReason></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
        {"UBL-SR-32", PASS, 0, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:TaxExemptionReason>a</cbc:TaxExemptionReason></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
        {"UBL-SR-33", FIRE, 0, ADR("<cbc:ID>1</cbc:ID><cbc:DocumentDescription>a</cbc:DocumentDescription><cbc:DocumentDescription>b</cbc:DocumentDescription>")},
        {"UBL-SR-33", PASS, 0, ADR("<cbc:ID>1</cbc:ID><cbc:DocumentDescription>a</cbc:DocumentDescription>")},
        {"UBL-SR-42", FIRE, 0, SUP(PTS("VAT", "1") PTS("FC", "2") PTS("X", "3"))},
        {"UBL-SR-42", PASS, 0, SUP(PTS("VAT", "1") PTS("FC", "2")) CUS(PTS("VAT", "1") PTS("FC", "2") PTS("X", "3"))},
        /* a scheme identifier only on the invoiced object (130; 50 in a credit note) */
        {"UBL-SR-43", FIRE, 0, ADR("<cbc:ID schemeID=\"ABT\">1</cbc:ID>")},
        {"UBL-SR-43", FIRE, 0, ADR("<cbc:ID>1</cbc:ID>" DTC("50"))},
        {"UBL-SR-43", PASS, 1, ADR("<cbc:ID schemeID=\"ABT\">1</cbc:ID>" DTC("50"))},
        {"UBL-SR-43", PASS, 0, ADR("<cbc:ID schemeID=\"ABT\">1</cbc:ID>" DTC("130"))},
        {"UBL-SR-43", PASS, 0, ADR("<cbc:ID>1</cbc:ID>")},
        {"UBL-SR-51", FIRE, 0, SUP("<cac:PostalAddress><cac:AddressLine><cbc:Line>a</cbc:Line></cac:AddressLine>"
                                   "<cac:AddressLine><cbc:Line>b</cbc:Line></cac:AddressLine></cac:PostalAddress>")},
        {"UBL-SR-51", FIRE, 0, "<cac:Delivery><cac:DeliveryLocation><cac:Address><cac:AddressLine/><cac:AddressLine/></cac:Address></cac:DeliveryLocation></cac:Delivery>"},
        {"UBL-SR-51", PASS, 0, SUP("<cac:PostalAddress><cac:AddressLine><cbc:Line>a</cbc:Line></cac:AddressLine></cac:PostalAddress>")},
        {"UBL-SR-53", FIRE, 0, SUP("<cac:PartyTaxScheme>" VATS "</cac:PartyTaxScheme>")},
        {"UBL-SR-53", FIRE, 0, CUS("<cac:PartyTaxScheme>" CID("FR1") "<cac:TaxScheme/></cac:PartyTaxScheme>")},
        {"UBL-SR-53", PASS, 0, SUP(PTS("VAT", "DE1"))},
    };
    RUN(t);
}

/* ---- UBL-SR: invoice lines ---- */
static void test_sr_lines(void)
{
    static const tcase t[] = {
        {"UBL-SR-34", FIRE, 0, LINE("<cbc:Note>a</cbc:Note><cbc:Note>b</cbc:Note>" ITEM_OK)},
        {"UBL-SR-34", PASS, 0, LINE("<cbc:Note>a</cbc:Note>" ITEM_OK)},
        {"UBL-SR-35", FIRE, 0, LINE("<cac:OrderLineReference><cbc:LineID>1</cbc:LineID></cac:OrderLineReference>"
                                    "<cac:OrderLineReference><cbc:LineID>2</cbc:LineID></cac:OrderLineReference>" ITEM_OK)},
        {"UBL-SR-35", PASS, 0, LINE("<cac:OrderLineReference><cbc:LineID>1</cbc:LineID></cac:OrderLineReference>" ITEM_OK)},
        {"UBL-SR-36", FIRE, 1, CNLINE("<cac:InvoicePeriod/><cac:InvoicePeriod/>" ITEM_OK)},
        {"UBL-SR-36", PASS, 1, CNLINE("<cac:InvoicePeriod/>" ITEM_OK)},
        {"UBL-SR-37", FIRE, 0, LINE(ITEM_OK "<cac:Price>" AC("false", "<cbc:Amount currencyID=\"EUR\">1</cbc:Amount>")
                                    AC("false", "<cbc:Amount currencyID=\"EUR\">2</cbc:Amount>") "</cac:Price>")},
        {"UBL-SR-37", PASS, 0, LINE(ITEM_OK "<cac:Price>" AC("false", "<cbc:Amount currencyID=\"EUR\">1</cbc:Amount>") "</cac:Price>")},
        {"UBL-SR-48", FIRE, 0, LINE("<cac:Item><cbc:Name>Pen</cbc:Name></cac:Item>")},
        {"UBL-SR-48", FIRE, 0, LINE("<cac:Item><cac:ClassifiedTaxCategory/><cac:ClassifiedTaxCategory/></cac:Item>")},
        {"UBL-SR-48", PASS, 0, LINE(ITEM_OK)},
        {"UBL-SR-50", FIRE, 0, LINE("<cac:Item><cbc:Description>a</cbc:Description><cbc:Description>b</cbc:Description>"
                                    "<cac:ClassifiedTaxCategory/></cac:Item>")},
        {"UBL-SR-50", PASS, 0, LINE("<cac:Item><cbc:Description>a</cbc:Description><cac:ClassifiedTaxCategory/></cac:Item>")},
        {"UBL-SR-52", FIRE, 0, LINE("<cac:DocumentReference><cbc:ID>1</cbc:ID></cac:DocumentReference>"
                                    "<cac:DocumentReference><cbc:ID>2</cbc:ID></cac:DocumentReference>" ITEM_OK)},
        {"UBL-SR-52", PASS, 0, LINE("<cac:DocumentReference><cbc:ID>1</cbc:ID></cac:DocumentReference>" ITEM_OK)},
    };
    RUN(t);
}

/* ---- UBL-DT ---- */
static void test_dt(void)
{
    static const tcase t[] = {
        {"UBL-DT-01", FIRE, 0, "<cac:TaxTotal><cbc:TaxAmount currencyID=\"EUR\">10.125</cbc:TaxAmount></cac:TaxTotal>"},
        {"UBL-DT-01", FIRE, 0, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"EUR\">1.\xc3\xa9\xc3\xa9\xc3\xa9</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
        {"UBL-DT-01", PASS, 0, "<cac:TaxTotal><cbc:TaxAmount currencyID=\"EUR\">10.12</cbc:TaxAmount></cac:TaxTotal>"},
        {"UBL-DT-01", PASS, 0, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"EUR\">1.\xc3\xa9\xc3\xa9</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
        /* prices and everything under a price with an allowance are exempt */
        {"UBL-DT-01", PASS, 0, LINE(ITEM_OK "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">1.2345</cbc:PriceAmount></cac:Price>")},
        {"UBL-DT-01", PASS, 0, LINE(ITEM_OK "<cac:Price>" AC("false", "<cbc:Amount currencyID=\"EUR\">0.125</cbc:Amount>"
                                    "<cbc:BaseAmount currencyID=\"EUR\">1.125</cbc:BaseAmount>") "</cac:Price>")},
        {"UBL-DT-06", FIRE, 0, BIN(" filename=\"a.pdf\"")},
        {"UBL-DT-06", PASS, 0, BIN(" mimeCode=\"application/pdf\"")},
        {"UBL-DT-07", FIRE, 0, BIN(" mimeCode=\"application/pdf\"")},
        {"UBL-DT-07", PASS, 0, BIN(" filename=\"a.pdf\"")},
        {"UBL-DT-08", WARN, 0, "<cbc:ID schemeName=\"x\">1</cbc:ID>"},
        {"UBL-DT-08", PASS, 0, "<cbc:ID>1</cbc:ID>"},
        {"UBL-DT-09", WARN, 0, SUP(PID(" schemeAgencyName=\"x\"", "1"))},
        {"UBL-DT-10", WARN, 0, "<cbc:ID schemeDataURI=\"x\">1</cbc:ID>"},
        {"UBL-DT-11", WARN, 0, "<cbc:ID schemeURI=\"x\">1</cbc:ID>"},
        {"UBL-DT-12", WARN, 0, "<cbc:IssueDate format=\"x\">2024-01-01</cbc:IssueDate>"},
        {"UBL-DT-13", WARN, 0, LINE("<cbc:InvoicedQuantity unitCode=\"C62\" unitCodeListIdentifier=\"x\">1</cbc:InvoicedQuantity>" ITEM_OK)},
        {"UBL-DT-14", WARN, 0, LINE("<cbc:InvoicedQuantity unitCode=\"C62\" unitCodeListAgencyIdentifier=\"x\">1</cbc:InvoicedQuantity>" ITEM_OK)},
        {"UBL-DT-15", WARN, 0, LINE("<cbc:InvoicedQuantity unitCode=\"C62\" unitCodeListAgencyName=\"x\">1</cbc:InvoicedQuantity>" ITEM_OK)},
        {"UBL-DT-16", WARN, 0, "<cbc:InvoiceTypeCode listAgencyName=\"x\">380</cbc:InvoiceTypeCode>"},
        {"UBL-DT-17", WARN, 0, "<cbc:InvoiceTypeCode listName=\"x\">380</cbc:InvoiceTypeCode>"},
        {"UBL-DT-18", WARN, 0, "<cbc:InvoiceTypeCode name=\"x\">380</cbc:InvoiceTypeCode>"},
        {"UBL-DT-18", PASS, 0, PM("<cbc:PaymentMeansCode name=\"Credit transfer\">30</cbc:PaymentMeansCode>")},
        {"UBL-DT-19", WARN, 0, "<cbc:Note languageID=\"en\">x</cbc:Note>"},
        {"UBL-DT-20", WARN, 0, "<cbc:InvoiceTypeCode listURI=\"x\">380</cbc:InvoiceTypeCode>"},
        {"UBL-DT-21", WARN, 0, "<cbc:InvoiceTypeCode listSchemeURI=\"x\">380</cbc:InvoiceTypeCode>"},
        {"UBL-DT-22", WARN, 0, "<cbc:Note languageLocaleID=\"x\">x</cbc:Note>"},
        {"UBL-DT-23", WARN, 0, BIN(" mimeCode=\"application/pdf\" filename=\"a.pdf\" uri=\"x\"")},
        {"UBL-DT-24", WARN, 0, "<cbc:DocumentCurrencyCode currencyCodeListVersionID=\"x\">EUR</cbc:DocumentCurrencyCode>"},
        {"UBL-DT-25", WARN, 0, BIN(" mimeCode=\"application/pdf\" filename=\"a.pdf\" characterSetCode=\"x\"")},
        {"UBL-DT-26", WARN, 0, BIN(" mimeCode=\"application/pdf\" filename=\"a.pdf\" encodingCode=\"x\"")},
        {"UBL-DT-27", WARN, 0, "<cbc:ID schemeAgencyID=\"x\">1</cbc:ID>"},
        {"UBL-DT-28", WARN, 0, "<cbc:InvoiceTypeCode listAgencyID=\"6\">380</cbc:InvoiceTypeCode>"},
        {"UBL-DT-28", PASS, 0, "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"},
    };
    RUN(t);
}

/* ---- UBL-CR: a sample of every kind ---- */
static void test_cr(void)
{
    static const tcase t[] = {
        {"UBL-CR-001", WARN, 0, "<ext:UBLExtensions " EXT_NS "/>"},
        {"UBL-CR-001", PASS, 0, "<cbc:ID>1</cbc:ID>"},
        /* UBLVersionID is tolerated when it says 2.1 */
        {"UBL-CR-002", WARN, 0, "<cbc:UBLVersionID>2.0</cbc:UBLVersionID>"},
        {"UBL-CR-002", PASS, 0, "<cbc:UBLVersionID>2.1</cbc:UBLVersionID>"},
        {"UBL-CR-005", WARN, 1, "<cbc:UUID>x</cbc:UUID>"},
        {"UBL-CR-012", WARN, 0, "<cac:InvoicePeriod><cbc:StartTime>10:00:00</cbc:StartTime></cac:InvoicePeriod>"},
        {"UBL-CR-012", PASS, 0, "<cac:InvoicePeriod><cbc:StartDate>2024-01-01</cbc:StartDate></cac:InvoicePeriod>"
                                LINE("<cac:InvoicePeriod><cbc:StartTime>10:00:00</cbc:StartTime></cac:InvoicePeriod>" ITEM_OK)},
        {"UBL-CR-018", WARN, 0, "<cac:OrderReference><cbc:ID>1</cbc:ID><cbc:IssueDate>2024-01-01</cbc:IssueDate></cac:OrderReference>"},
        {"UBL-CR-018", PASS, 0, "<cac:OrderReference><cbc:ID>1</cbc:ID></cac:OrderReference>"},
        /* PaymentDueDate inside PaymentMeans: only for invoices */
        {"UBL-CR-412", WARN, 0, PM("<cbc:PaymentDueDate>2024-01-01</cbc:PaymentDueDate>")},
        {"UBL-CR-412", PASS, 1, PM("<cbc:PaymentDueDate>2024-01-01</cbc:PaymentDueDate>")},
        /* line paths: direct line children of the root only */
        {"UBL-CR-515", WARN, 0, LINE("<cbc:UUID>x</cbc:UUID>" ITEM_OK)},
        {"UBL-CR-515", WARN, 1, CNLINE("<cbc:UUID>x</cbc:UUID>" ITEM_OK)},
        {"UBL-CR-515", PASS, 0, LINE(ITEM_OK "<cac:SubInvoiceLine><cbc:UUID>x</cbc:UUID></cac:SubInvoiceLine>")},
        {"UBL-CR-646", WARN, 0, LINE(ITEM_OK "<cac:SubInvoiceLine/>")},
        {"UBL-CR-604", WARN, 0, LINE("<cac:Item><cac:ClassifiedTaxCategory><cac:TaxScheme><cbc:Name>x</cbc:Name></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>")},
        /* attribute paths */
        {"UBL-CR-650", WARN, 0, "<cbc:ID schemeID=\"x\">1</cbc:ID>"},
        {"UBL-CR-650", PASS, 0, "<cbc:ID>1</cbc:ID>" CUS(PID(" schemeID=\"0088\"", "1"))},
        {"UBL-CR-656", WARN, 0, "<cbc:InvoiceTypeCode listID=\"UNCL1001\">380</cbc:InvoiceTypeCode>"},
        /* "//" paths: anywhere */
        {"UBL-CR-660", WARN, 0, SUP("<cac:PostalAddress><cac:Country><cbc:IdentificationCode listID=\"ISO3166-1:Alpha2\">DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>")},
        {"UBL-CR-660", PASS, 0, SUP("<cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>")},
        {"UBL-CR-663", WARN, 0, LINE("<cbc:InvoicedQuantity unitCode=\"C62\" unitCodeListID=\"x\">1</cbc:InvoicedQuantity>" ITEM_OK)},
        {"UBL-CR-664", WARN, 0, PM("<cac:PayeeFinancialAccount><cac:FinancialInstitutionBranch><cac:FinancialInstitution/></cac:FinancialInstitutionBranch></cac:PayeeFinancialAccount>")},
        {"UBL-CR-671", WARN, 0, LINE(ITEM_OK "<cac:Price>" AC("false", "<cbc:MultiplierFactorNumeric>1</cbc:MultiplierFactorNumeric>") "</cac:Price>")},
        {"UBL-CR-678", WARN, 0, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID schemeID=\"UNCL5305\">S</cbc:ID></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
        {"UBL-CR-678", PASS, 0, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID>S</cbc:ID></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
        /* conditional on the document type code of the reference */
        {"UBL-CR-665", WARN, 0, ADR("<cbc:ID schemeID=\"ABT\">1</cbc:ID>" DTC("916"))},
        {"UBL-CR-665", PASS, 0, ADR("<cbc:ID schemeID=\"ABT\">1</cbc:ID>" DTC("130"))},
        {"UBL-CR-666", FIRE, 0, ADR("<cbc:ID>1</cbc:ID>" DTC("130") "<cac:Attachment/>")},
        {"UBL-CR-666", PASS, 0, ADR("<cbc:ID>1</cbc:ID><cac:Attachment/>")},
        {"UBL-CR-673", FIRE, 0, ADR("<cbc:ID>1</cbc:ID>" DTC("130") "<cbc:DocumentDescription>x</cbc:DocumentDescription>")},
        {"UBL-CR-673", PASS, 0, ADR("<cbc:ID>1</cbc:ID><cbc:DocumentDescription>x</cbc:DocumentDescription>")},
        {"UBL-CR-682", WARN, 0, "<cac:Delivery><cac:DeliveryAddress/></cac:Delivery>"},
    };
    RUN(t);
}

/* One finding per rule and context: CR rules report once, at the root; element rules at
 * the element. */
static void test_counts_and_fields(void)
{
    tst_result_t *r = tst_validate("EN16931", NULL,
        tst_ubl("<cbc:UUID>a</cbc:UUID><cbc:UUID>b</cbc:UUID>"
                "<cbc:Note languageID=\"en\">x</cbc:Note><cbc:Note languageID=\"de\">y</cbc:Note>"
                SUP("<cac:PostalAddress><cac:AddressLine/><cac:AddressLine/></cac:PostalAddress>")
                CUS("<cac:PostalAddress><cac:AddressLine/><cac:AddressLine/></cac:PostalAddress>")));
    CU_ASSERT_EQUAL(tst_count(r, "UBL-CR-005"), 1);
    CU_ASSERT_EQUAL(tst_count(r, "UBL-DT-19"), 1);
    CU_ASSERT_EQUAL(tst_count(r, "UBL-SR-51"), 2);
    CU_ASSERT_STRING_EQUAL(tst_field(r, "UBL-CR-005") ? tst_field(r, "UBL-CR-005") : "", "/Invoice");
    CU_ASSERT_PTR_NOT_NULL(tst_field(r, "UBL-SR-51") ? strstr(tst_field(r, "UBL-SR-51"), "PostalAddress") : NULL);
    tst_free(r);
}

/* A clean document raises nothing of the family. */
static void test_clean(void)
{
    tst_result_t *r = tst_validate("EN16931", NULL,
        tst_ubl("<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID><cbc:ID>1</cbc:ID>"
                SUP(PNAME("S") PTS("VAT", "DE1") PLE(REGN("S")))
                CUS(PLE(REGN("B")))
                PM(PMC("30") "<cbc:PaymentID>R</cbc:PaymentID>")
                "<cac:TaxTotal><cbc:TaxAmount currencyID=\"EUR\">19.00</cbc:TaxAmount></cac:TaxTotal>"
                LINE("<cbc:ID>1</cbc:ID>" ITEM_OK "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">100.0000</cbc:PriceAmount></cac:Price>")));
    const char *codes = tst_codes(r);
    CU_ASSERT_PTR_NULL(strstr(codes, "UBL-"));
    tst_free(r);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("ubl_syntax_rules", NULL, NULL);
    CU_add_test(s, "SR root context", test_sr_root);
    CU_add_test(s, "SR element contexts", test_sr_elements);
    CU_add_test(s, "SR invoice lines", test_sr_lines);
    CU_add_test(s, "DT rules", test_dt);
    CU_add_test(s, "CR sample", test_cr);
    CU_add_test(s, "counts and fields", test_counts_and_fields);
    CU_add_test(s, "clean document", test_clean);
}
