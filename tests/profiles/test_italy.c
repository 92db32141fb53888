/* Tests of the ITALY profile (AgID PEPPOL Italy 3.2.1, CIUS-IT, UBL): for every rule the
 * profile adds, a small document where it fires and one where it stays quiet - the AgID
 * BR-IT-*, BR-IT-DC-* and BR-IT-DE-* rules and the asserts of the older CEN/PEPPOL copies the
 * AgID artefact carries. Only the count of the rule under test is checked, so the base
 * profiles' findings on these fragments do not matter. */
#include <CUnit/Basic.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "tsupport.h"
#include "../../profiles/italy/it_agid.h"

enum { INV, CN };

typedef struct it_case {
    int kind;
    const char *rule;
    size_t expect;      /* number of findings of `rule` */
    const char *body;
} it_case_t;

#define CTRY(c) "<cac:Country><cbc:IdentificationCode>" c "</cbc:IdentificationCode></cac:Country>"
#define SELLER(c, inner) "<cac:AccountingSupplierParty><cac:Party>" inner \
    "<cac:PostalAddress>" CTRY(c) "</cac:PostalAddress></cac:Party></cac:AccountingSupplierParty>"
#define BUYER(c, inner) "<cac:AccountingCustomerParty><cac:Party>" inner \
    "<cac:PostalAddress>" CTRY(c) "</cac:PostalAddress></cac:Party></cac:AccountingCustomerParty>"
#define LINE(inner) "<cac:InvoiceLine><cbc:ID>1</cbc:ID>" inner "</cac:InvoiceLine>"
#define EXTNS "xmlns:ext=\"urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2\""
#define EXT(uri, content) "<ext:UBLExtensions " EXTNS "><ext:UBLExtension><ext:ExtensionURI>" \
    "urn:fdc:agid.gov.it:fatturapa:" uri "</ext:ExtensionURI><ext:ExtensionContent>" content \
    "</ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>"
#define X20 "XXXXXXXXXXXXXXXXXXXX"
#define X80 X20 X20 X20 X20
#define PM(code, acc, bic) "<cac:PaymentMeans><cbc:PaymentMeansCode>" code "</cbc:PaymentMeansCode>" \
    "<cac:PayeeFinancialAccount><cbc:ID>" acc "</cbc:ID>" bic "</cac:PayeeFinancialAccount></cac:PaymentMeans>"
#define BRANCH(b) "<cac:FinancialInstitutionBranch><cbc:ID>" b "</cbc:ID></cac:FinancialInstitutionBranch>"
#define WTT(amount, subs) "<cac:WithholdingTaxTotal><cbc:TaxAmount>" amount "</cbc:TaxAmount>" subs \
    "</cac:WithholdingTaxTotal>"
#define WST(amount, cat, pct, type) "<cac:TaxSubtotal><cbc:TaxAmount>" amount "</cbc:TaxAmount>" \
    "<cac:TaxCategory><cbc:ID>" cat "</cbc:ID><cbc:Percent>" pct "</cbc:Percent><cac:TaxScheme>" \
    "<cbc:ID>SWT</cbc:ID>" type "</cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>"
#define ADDR(inner) "<cac:PostalAddress>" inner "</cac:PostalAddress>"
#define SELLER_ADDR(inner) "<cac:AccountingSupplierParty><cac:Party>" ADDR(inner) "</cac:Party></cac:AccountingSupplierParty>"
#define FULL_ADDR "<cbc:StreetName>Via 1</cbc:StreetName><cbc:CityName>Roma</cbc:CityName>" \
    "<cbc:PostalZone>00100</cbc:PostalZone><cbc:CountrySubentity>RM</cbc:CountrySubentity>" CTRY("IT")

/* ---- AgID CIUS rules (BR-IT-*, BR-IT-DC-*) ---- */
static const it_case_t CIUS[] = {
    {INV, "BR-IT-260", 1, "<cbc:ID>1</cbc:ID>"},
    {INV, "BR-IT-260", 0, "<cac:PaymentMeans/>"},
    {INV, "BR-IT-261", 1, "<cac:PaymentTerms/>"},
    {INV, "BR-IT-261", 0, "<cac:PaymentTerms><cbc:Note>30 days</cbc:Note></cac:PaymentTerms>"},
    {INV, "BR-IT-DC-480", 0, SELLER("IT", "") "<cac:AllowanceCharge><cbc:AllowanceChargeReasonCode>SAE</cbc:AllowanceChargeReasonCode>"
        "<cbc:AllowanceChargeReason>BOLLO</cbc:AllowanceChargeReason><cbc:Amount>0.00</cbc:Amount>"
        "<cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent></cac:TaxCategory></cac:AllowanceCharge>"},
    {INV, "BR-IT-DC-480", 1, SELLER("IT", "") "<cac:AllowanceCharge><cbc:AllowanceChargeReasonCode>SAE</cbc:AllowanceChargeReasonCode>"
        "<cbc:AllowanceChargeReason>BOLLO</cbc:AllowanceChargeReason><cbc:Amount>2.00</cbc:Amount>"
        "<cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent></cac:TaxCategory></cac:AllowanceCharge>"},
    {INV, "BR-IT-DC-480", 0, SELLER("FR", "") "<cac:AllowanceCharge><cbc:AllowanceChargeReasonCode>SAE</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {INV, "BR-IT-010", 0, "<cbc:ID>FT-2024/1</cbc:ID>"},
    {INV, "BR-IT-010", 1, "<cbc:ID>ABC</cbc:ID>"},
    {INV, "BR-IT-010", 1, "<cbc:ID>123456789012345678901</cbc:ID>"},
    {INV, "BR-IT-020", 0, "<cac:ProjectReference><cbc:ID>B12C34567890123</cbc:ID></cac:ProjectReference>"},
    {INV, "BR-IT-020", 1, "<cac:ProjectReference><cbc:ID>B12C345678901234</cbc:ID></cac:ProjectReference>"},
    {INV, "BR-IT-030", 0, "<cac:ContractDocumentReference><cbc:ID>" X20 "</cbc:ID></cac:ContractDocumentReference>"},
    {INV, "BR-IT-030", 1, "<cac:ContractDocumentReference><cbc:ID>" X20 "X</cbc:ID></cac:ContractDocumentReference>"},
    {INV, "BR-IT-040", 0, "<cac:OrderReference><cbc:ID>PO-1</cbc:ID></cac:OrderReference>"},
    {INV, "BR-IT-040", 1, "<cac:OrderReference><cbc:ID>ordine n\xc2\xb0 1</cbc:ID></cac:OrderReference>"},
    {INV, "BR-IT-050", 1, "<cac:ReceiptDocumentReference><cbc:ID>" X20 "X</cbc:ID></cac:ReceiptDocumentReference>"},
    {INV, "BR-IT-050", 0, "<cac:ReceiptDocumentReference><cbc:ID>R1</cbc:ID></cac:ReceiptDocumentReference>"},
    {INV, "BR-IT-060", 1, "<cac:DespatchDocumentReference><cbc:ID>" X20 "X</cbc:ID></cac:DespatchDocumentReference>"},
    {INV, "BR-IT-060", 0, "<cac:DespatchDocumentReference><cbc:ID>DDT1</cbc:ID></cac:DespatchDocumentReference>"},
    {INV, "BR-IT-070", 1, "<cac:OriginatorDocumentReference><cbc:ID>1234567890123456</cbc:ID></cac:OriginatorDocumentReference>"},
    {INV, "BR-IT-070", 0, "<cac:OriginatorDocumentReference><cbc:ID>1234567890</cbc:ID></cac:OriginatorDocumentReference>"},
    {INV, "BR-IT-080", 1, "<cbc:AccountingCost>" X20 "X</cbc:AccountingCost>"},
    {INV, "BR-IT-080", 0, "<cbc:AccountingCost>CC-1</cbc:AccountingCost>"},
    {INV, "BR-IT-081", 1, "<cbc:Note>Prezzo \xe2\x82\xac 10</cbc:Note>"},
    {INV, "BR-IT-081", 1, "<cac:PaymentTerms><cbc:Note>\xe2\x82\xac</cbc:Note></cac:PaymentTerms>"},
    {INV, "BR-IT-081", 0, "<cbc:Note>Perch\xc3\xa9 s\xc3\xac</cbc:Note>"},
    {INV, "BR-IT-081", 1, "<cbc:Note></cbc:Note>"},
    {INV, "BR-IT-090", 1, "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>" X20 "X</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>"},
    {INV, "BR-IT-090", 0, "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>FT1</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>"},
    {INV, "BR-IT-DC-100A", 0, SELLER("IT", "<cac:PartyIdentification><cbc:ID>EORI:IT1234567890123456</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-IT-DC-100A", 1, SELLER("IT", "<cac:PartyIdentification><cbc:ID>EORI:IT123</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-IT-DC-100A", 0, SELLER("FR", "<cac:PartyIdentification><cbc:ID>EORI:IT123</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-IT-DC-100B", 0, SELLER("IT", "<cac:PartyIdentification><cbc:ID>ALBO:Ingegneri#123#2020-01-01</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-IT-DC-100B", 1, SELLER("IT", "<cac:PartyIdentification><cbc:ID>ALBO:Ing1</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-IT-DC-100C", 0, SELLER("IT", "<cac:PartyIdentification><cbc:ID>REA:RM#323284</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-IT-DC-100C", 1, SELLER("IT", "<cac:PartyIdentification><cbc:ID>REA:RM#abc</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-IT-DC-110A", 1, SELLER("IT", "<PartyLegalEntity xmlns=\"\"><x/></PartyLegalEntity>")},
    {INV, "BR-IT-DC-110A", 0, SELLER("IT", "<cac:PartyLegalEntity><cbc:RegistrationName>A</cbc:RegistrationName></cac:PartyLegalEntity>")},
    {INV, "BR-IT-DC-110B", 0, SELLER("IT", "<cac:PartyLegalEntity><cbc:RegistrationName>ACME</cbc:RegistrationName><cbc:CompanyID schemeID=\"0210\">02188520544</cbc:CompanyID></cac:PartyLegalEntity>")},
    {INV, "BR-IT-DC-110B", 1, SELLER("IT", "<cac:PartyLegalEntity><cbc:RegistrationName>ACME</cbc:RegistrationName><cbc:CompanyID schemeID=\"0210\">0218852054</cbc:CompanyID></cac:PartyLegalEntity>")},
    {INV, "BR-IT-DC-110B", 1, SELLER("IT", "<cac:PartyLegalEntity><cbc:RegistrationName>Nome#Cognome:Mario#Rossi</cbc:RegistrationName><cbc:CompanyID schemeID=\"0210\">02188520544</cbc:CompanyID></cac:PartyLegalEntity>")},
    {INV, "BR-IT-520B", 0, BUYER("IT", "<cac:PartyLegalEntity><cbc:CompanyID>RSSMRA80A01H501U</cbc:CompanyID></cac:PartyLegalEntity>")},
    {INV, "BR-IT-520B", 1, BUYER("IT", "<cac:PartyLegalEntity><cbc:CompanyID>123</cbc:CompanyID></cac:PartyLegalEntity>")},
    {INV, "BR-IT-091", 0, SELLER("IT", "<cac:PartyLegalEntity><cbc:RegistrationName>Nome#Cognome:Mario#Rossi</cbc:RegistrationName></cac:PartyLegalEntity>")},
    {INV, "BR-IT-091", 1, SELLER("IT", "<cac:PartyLegalEntity><cbc:RegistrationName>" X80 "X</cbc:RegistrationName></cac:PartyLegalEntity>")},
    {INV, "BR-IT-091", 1, SELLER("IT", "<cac:PartyLegalEntity><cbc:RegistrationName>Nome#Cognome" X20 X20 X20 "</cbc:RegistrationName></cac:PartyLegalEntity>")},
    {INV, "BR-IT-120", 0, SELLER("IT", "<cac:PartyTaxScheme><cbc:CompanyID>IT02188520544</cbc:CompanyID></cac:PartyTaxScheme>")},
    {INV, "BR-IT-120", 1, SELLER("IT", "<cac:PartyTaxScheme><cbc:CompanyID>it02188520544</cbc:CompanyID></cac:PartyTaxScheme>")},
    {INV, "BR-IT-171", 1, BUYER("IT", "<cac:PartyLegalEntity><cbc:RegistrationName>" X80 "X</cbc:RegistrationName></cac:PartyLegalEntity>")},
    {INV, "BR-IT-171", 0, BUYER("IT", "<cac:PartyLegalEntity><cbc:RegistrationName>Cliente SpA</cbc:RegistrationName></cac:PartyLegalEntity>")},
    {INV, "BR-IT-DC-122", 0, SELLER("IT", "<cac:PartyLegalEntity><cbc:CompanyLegalForm>100000.00#SU#LN</cbc:CompanyLegalForm></cac:PartyLegalEntity>")},
    {INV, "BR-IT-DC-122", 1, SELLER("IT", "<cac:PartyLegalEntity><cbc:CompanyLegalForm>1,00</cbc:CompanyLegalForm></cac:PartyLegalEntity>")},
    {INV, "BR-IT-DC-140", 0, SELLER_ADDR("<cbc:StreetName>Via Roma 1</cbc:StreetName><cbc:CityName>Roma</cbc:CityName><cbc:PostalZone>00100</cbc:PostalZone><cbc:CountrySubentity>RM</cbc:CountrySubentity>" CTRY("IT"))},
    {INV, "BR-IT-DC-140", 1, SELLER_ADDR("<cbc:StreetName>Via Roma</cbc:StreetName><cbc:CityName>Roma</cbc:CityName><cbc:PostalZone>00100</cbc:PostalZone>" CTRY("IT"))},
    {INV, "BR-IT-DC-150", 1, SELLER_ADDR("<cbc:CountrySubentity>XX</cbc:CountrySubentity>" CTRY("IT"))},
    {INV, "BR-IT-DC-150", 0, SELLER_ADDR("<cbc:CountrySubentity> MI </cbc:CountrySubentity>" CTRY("IT"))},
    {INV, "BR-IT-DC-141", 1, SELLER_ADDR("<cbc:AdditionalStreetName>civico</cbc:AdditionalStreetName>" CTRY("IT"))},
    {INV, "BR-IT-DC-141", 0, SELLER_ADDR("<cbc:AdditionalStreetName>s.n.c.</cbc:AdditionalStreetName>" CTRY("IT"))},
    {INV, "BR-IT-DC-161", 1, "<cac:Contact><cbc:Telephone>1234</cbc:Telephone></cac:Contact>"},
    {INV, "BR-IT-DC-161", 0, "<cac:Contact><cbc:Telefax>0612345</cbc:Telefax></cac:Contact>"},
    {INV, "BR-IT-DC-221", 1, "<cac:PayeeParty><cac:PartyName><cbc:Name>\xc4\x80</cbc:Name></cac:PartyName></cac:PayeeParty>"},
    {INV, "BR-IT-DC-221", 0, "<cac:PayeeParty><cac:PartyName><cbc:Name>Payee</cbc:Name></cac:PartyName></cac:PayeeParty>"},
    {INV, "BR-IT-DC-262", 1, "<cac:PaymentMeans><cbc:PaymentID>" X20 X20 X20 "X</cbc:PaymentID></cac:PaymentMeans>"},
    {INV, "BR-IT-DC-262", 0, "<cac:PaymentMeans><cbc:PaymentID>RF1</cbc:PaymentID></cac:PaymentMeans>"},
    {INV, "BR-IT-DC-291", 0, SELLER("IT", "") "<cac:AllowanceCharge><cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Cassa TC22</cbc:AllowanceChargeReason></cac:AllowanceCharge>"},
    {INV, "BR-IT-DC-291", 1, SELLER("IT", "") "<cac:AllowanceCharge><cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Cassa</cbc:AllowanceChargeReason></cac:AllowanceCharge>"},
    {INV, "BR-IT-DC-291", 0, SELLER("FR", "") "<cac:AllowanceCharge><cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {INV, "BR-IT-DC-351", 1, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:TaxExemptionReason>\xe2\x82\xac</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-IT-DC-351", 0, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:TaxExemptionReason>N2.2</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-IT-180", 1, BUYER("IT", "<cac:PartyTaxScheme><cbc:CompanyID>it1</cbc:CompanyID></cac:PartyTaxScheme>")},
    {INV, "BR-IT-180", 0, BUYER("IT", "<cac:PartyTaxScheme><cbc:CompanyID>IT00907371009</cbc:CompanyID></cac:PartyTaxScheme>")},
    {INV, "BR-IT-200", 0, BUYER("IT", "<cbc:EndpointID schemeID=\"0201\">UFABCD</cbc:EndpointID>")},
    {INV, "BR-IT-200", 1, BUYER("IT", "<cbc:EndpointID schemeID=\"0201\">ufabcd</cbc:EndpointID>")},
    {INV, "BR-IT-DC-202", 0, BUYER("IT", "<cbc:EndpointID schemeID=\"0205\">ABC1234</cbc:EndpointID>")},
    {INV, "BR-IT-DC-202", 1, BUYER("IT", "<cbc:EndpointID schemeID=\"0205\">ABC12345</cbc:EndpointID>")},
    {INV, "BR-IT-DC-203", 0, BUYER("IT", "<cbc:EndpointID schemeID=\"0202\">mario_rossi@pec.it</cbc:EndpointID>")},
    {INV, "BR-IT-DC-203", 1, BUYER("IT", "<cbc:EndpointID schemeID=\"0202\">ab@x_y.it</cbc:EndpointID>")},
    {INV, "BR-IT-DC-203", 1, BUYER("IT", "<cbc:EndpointID schemeID=\"0202\">mario@pecit</cbc:EndpointID>")},
    {INV, "BR-IT-071", 1, "<cac:AdditionalDocumentReference><cbc:ID schemeID=\"AVV\">" X20 "X</cbc:ID></cac:AdditionalDocumentReference>"},
    {INV, "BR-IT-071", 0, "<cac:AdditionalDocumentReference><cbc:ID schemeID=\"AVV\">A1</cbc:ID></cac:AdditionalDocumentReference>"},
    {INV, "BR-IT-210", 1, BUYER("IT", "")},
    {INV, "BR-IT-210", 0, "<cac:AccountingCustomerParty><cac:Party>" ADDR(FULL_ADDR) "</cac:Party></cac:AccountingCustomerParty>"},
    {INV, "BR-IT-220", 1, BUYER("IT", "")},
    {INV, "BR-IT-220", 0, BUYER("FR", "")},
    {INV, "BR-IT-222", 1, "<cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>" X80 "X</cbc:Name></cac:PartyName></cac:TaxRepresentativeParty>"},
    {INV, "BR-IT-222", 0, "<cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>Rep</cbc:Name></cac:PartyName></cac:TaxRepresentativeParty>"},
    {INV, "BR-IT-230", 1, "<cac:TaxRepresentativeParty><cac:PartyTaxScheme><cbc:CompanyID>it1</cbc:CompanyID></cac:PartyTaxScheme></cac:TaxRepresentativeParty>"},
    {INV, "BR-IT-230", 0, "<cac:TaxRepresentativeParty><cac:PartyTaxScheme><cbc:CompanyID>IT1</cbc:CompanyID></cac:PartyTaxScheme></cac:TaxRepresentativeParty>"},
    {INV, "BR-IT-240", 1, "<cac:Delivery><cac:DeliveryLocation><cac:Address>" CTRY("IT") "</cac:Address></cac:DeliveryLocation></cac:Delivery>"},
    {INV, "BR-IT-240", 0, "<cac:Delivery><cac:DeliveryLocation><cac:Address>" FULL_ADDR "</cac:Address></cac:DeliveryLocation></cac:Delivery>"},
    {INV, "BR-IT-250", 1, "<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:CountrySubentity>R M</cbc:CountrySubentity>" CTRY("IT") "</cac:Address></cac:DeliveryLocation></cac:Delivery>"},
    {INV, "BR-IT-250", 0, "<cac:Delivery><cac:DeliveryLocation><cac:Address>" CTRY("DE") "</cac:Address></cac:DeliveryLocation></cac:Delivery>"},
    {INV, "BR-IT-270", 0, PM("58", "IT60X0542811101000000123456", "")},
    {INV, "BR-IT-270", 1, PM("58", "123", "")},
    {INV, "BR-IT-270", 0, PM("1", "123", "")},
    {INV, "BR-IT-280", 0, PM("58", "IT60X0542811101000000123456", BRANCH("UNCRIT2B"))},
    {INV, "BR-IT-280", 1, PM("58", "IT60X0542811101000000123456", BRANCH("UNCRIT2O"))},
    {INV, "BR-IT-290", 1, "<cac:AllowanceCharge><cbc:Amount>1.5</cbc:Amount></cac:AllowanceCharge>"},
    {INV, "BR-IT-290", 0, "<cac:AllowanceCharge><cbc:Amount>-1.50</cbc:Amount></cac:AllowanceCharge>"},
    {INV, "BR-IT-300", 1, "<cac:LegalMonetaryTotal><cbc:TaxInclusiveAmount>1</cbc:TaxInclusiveAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-IT-300", 0, "<cac:LegalMonetaryTotal><cbc:TaxInclusiveAmount>1.00</cbc:TaxInclusiveAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-IT-310", 1, "<cac:LegalMonetaryTotal><cbc:PayableRoundingAmount>0.1</cbc:PayableRoundingAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-IT-310", 0, "<cac:LegalMonetaryTotal><cbc:PayableRoundingAmount>0.01</cbc:PayableRoundingAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-IT-320", 1, "<cac:LegalMonetaryTotal><cbc:PayableAmount>123456789012.00</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-IT-320", 0, "<cac:LegalMonetaryTotal><cbc:PayableAmount>12.00</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-IT-330", 1, "<cac:TaxTotal><cac:TaxSubtotal><cbc:TaxableAmount>1.001</cbc:TaxableAmount></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-IT-330", 0, "<cac:TaxTotal><cac:TaxSubtotal><cbc:TaxableAmount>1.00</cbc:TaxableAmount></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-IT-340", 1, "<cac:TaxTotal><cac:TaxSubtotal><cbc:TaxAmount>0</cbc:TaxAmount></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-IT-340", 0, "<cac:TaxTotal><cac:TaxSubtotal><cbc:TaxAmount>0.00</cbc:TaxAmount></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-IT-350", 1, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID>O</cbc:ID></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-IT-350", 1, LINE("<cac:Item><cac:ClassifiedTaxCategory><cbc:ID>L</cbc:ID></cac:ClassifiedTaxCategory></cac:Item>")},
    {INV, "BR-IT-350", 0, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID>S</cbc:ID></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-IT-360", 1, "<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID></cac:AdditionalDocumentReference>"},
    {INV, "BR-IT-360", 0, "<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cac:Attachment><cac:ExternalReference><cbc:URI>https://x</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>"},
    {INV, "BR-IT-360", 0, "<cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"},
    {INV, "BR-IT-361", 1, "<cac:InvoiceLine><cbc:ID>10000</cbc:ID></cac:InvoiceLine>"},
    {INV, "BR-IT-361", 0, "<cac:InvoiceLine><cbc:ID>9999</cbc:ID></cac:InvoiceLine>"},
    {INV, "BR-IT-190A", 1, BUYER("IT", "")},
    {INV, "BR-IT-190A", 0, BUYER("IT", "<cbc:EndpointID schemeID=\"0205\">ABC1234</cbc:EndpointID>")},
    {INV, "BR-IT-190A", 0, BUYER("FR", "")},
    {INV, "BR-IT-520A", 1, BUYER("IT", "")},
    {INV, "BR-IT-520A", 0, BUYER("IT", "<cac:PartyTaxScheme><cbc:CompanyID>IT1</cbc:CompanyID></cac:PartyTaxScheme>")},
    {INV, "BR-IT-520C", 1, BUYER("IT", "<cac:PartyLegalEntity><cbc:CompanyID>00907371009</cbc:CompanyID></cac:PartyLegalEntity>")},
    {INV, "BR-IT-520C", 0, BUYER("IT", "<cac:PartyLegalEntity><cbc:CompanyID schemeID=\"0210\">00907371009</cbc:CompanyID></cac:PartyLegalEntity>")},
    {INV, "BR-IT-521", 1, "<cac:AccountingCustomerParty><cac:PartyIdentification><cbc:ID>EORI:ABC</cbc:ID></cac:PartyIdentification></cac:AccountingCustomerParty>"},
    {INV, "BR-IT-521", 0, "<cac:AccountingCustomerParty><cac:PartyIdentification><cbc:ID>EORI:ABCDEFGHIJKLM</cbc:ID></cac:PartyIdentification></cac:AccountingCustomerParty>"},
    {INV, "BR-IT-530", 1, LINE("<cac:Item><cbc:Name>\xc4\x80</cbc:Name></cac:Item>")},
    {INV, "BR-IT-530", 0, LINE("<cac:Item><cbc:Description>Caff\xc3\xa8</cbc:Description><cbc:Name>x</cbc:Name></cac:Item>")},
    {INV, "BR-IT-370", 1, LINE("<cac:DocumentReference><cbc:ID>" X80 X20 "X</cbc:ID></cac:DocumentReference>")},
    {INV, "BR-IT-370", 0, LINE("<cac:DocumentReference><cbc:ID>CIG1</cbc:ID></cac:DocumentReference>")},
    {INV, "BR-IT-380", 1, LINE("<cbc:InvoicedQuantity>1</cbc:InvoicedQuantity>")},
    {INV, "BR-IT-380", 0, LINE("<cbc:InvoicedQuantity>1.00</cbc:InvoicedQuantity>")},
    {CN, "BR-IT-380", 1, "<cac:CreditNoteLine><cbc:CreditedQuantity>1.0</cbc:CreditedQuantity></cac:CreditNoteLine>"},
    {INV, "BR-IT-390", 1, LINE("<cbc:LineExtensionAmount>1.234</cbc:LineExtensionAmount>")},
    {INV, "BR-IT-390", 0, LINE("<cbc:LineExtensionAmount>1.2</cbc:LineExtensionAmount>")},
    {INV, "BR-IT-400", 1, LINE("<cac:OrderLineReference><cbc:LineID>" X20 "X</cbc:LineID></cac:OrderLineReference>")},
    {INV, "BR-IT-400", 0, LINE("<cac:OrderLineReference><cbc:LineID>1</cbc:LineID></cac:OrderLineReference>")},
    {INV, "BR-IT-410", 1, LINE("<cbc:AccountingCost>" X20 "X</cbc:AccountingCost>")},
    {INV, "BR-IT-410", 0, LINE("<cbc:AccountingCost>CC</cbc:AccountingCost>")},
    {INV, "BR-IT-431", 1, LINE("<cac:Price><cac:AllowanceCharge><cbc:Amount>1</cbc:Amount></cac:AllowanceCharge></cac:Price>")},
    {INV, "BR-IT-431", 0, LINE("<cac:Price><cac:AllowanceCharge><cbc:Amount>1.12345678</cbc:Amount></cac:AllowanceCharge></cac:Price>")},
    {INV, "BR-IT-432", 1, LINE("<cac:Price><cbc:PriceAmount>1</cbc:PriceAmount></cac:Price>")},
    {INV, "BR-IT-432", 0, LINE("<cac:Price><cac:AllowanceCharge><cbc:BaseAmount>10</cbc:BaseAmount></cac:AllowanceCharge></cac:Price>")},
    {INV, "BR-IT-433", 1, LINE("<cac:Price><cac:AllowanceCharge><cbc:BaseAmount>10</cbc:BaseAmount></cac:AllowanceCharge></cac:Price>")},
    {INV, "BR-IT-433", 0, LINE("<cac:Price><cac:AllowanceCharge><cbc:BaseAmount>10.00</cbc:BaseAmount></cac:AllowanceCharge></cac:Price>")},
    {INV, "BR-IT-440", 1, LINE("<cac:Item><cac:SellersItemIdentification><cbc:ID>" X20 "XXXXXXXXXXXXXXXX</cbc:ID></cac:SellersItemIdentification></cac:Item>")},
    {INV, "BR-IT-440", 0, LINE("<cac:Item><cac:SellersItemIdentification><cbc:ID>A1</cbc:ID></cac:SellersItemIdentification></cac:Item>")},
    {INV, "BR-IT-470", 1, LINE("<cac:Item><cac:CommodityClassification><cbc:ItemClassificationCode>" X20 "XXXXXXXXXXXXXXXX</cbc:ItemClassificationCode></cac:CommodityClassification></cac:Item>")},
    {INV, "BR-IT-470", 0, LINE("<cac:Item><cac:CommodityClassification><cbc:ItemClassificationCode>123</cbc:ItemClassificationCode></cac:CommodityClassification></cac:Item>")},
};

/* ---- AgID extension rules (BR-IT-DE-*) ---- */
#define SELLER_AGENT(inner) SELLER("IT", "<cac:AgentParty>" ADDR(inner) "</cac:AgentParty>")
#define BUYER_AGENT(inner) BUYER("IT", "<cac:AgentParty>" ADDR(inner) "</cac:AgentParty>")
#define SVC(inner) SELLER("IT", "<cac:ServiceProviderParty><cac:Party>" inner "</cac:Party></cac:ServiceProviderParty>")
#define CARRIER(inner) "<cac:Delivery><cac:CarrierParty>" inner "</cac:CarrierParty></cac:Delivery>"
#define SHIP(inner) "<cac:Delivery><cac:Shipment>" inner "</cac:Shipment></cac:Delivery>"
#define ATTORNEY(inner) BUYER("IT", "<cac:PowerOfAttorney><cac:AgentParty>" inner "</cac:AgentParty></cac:PowerOfAttorney>")
#define VATPTS(id) "<cac:PartyTaxScheme><cbc:CompanyID>" id "</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>"

static const it_case_t EXTENSION[] = {
    {INV, "BR-IT-DE-001", 1, EXT("SoggettoEmittente", "<cbc:TypeCode>XX</cbc:TypeCode>")},
    {INV, "BR-IT-DE-001", 0, EXT("SoggettoEmittente", "<cbc:TypeCode>CC</cbc:TypeCode>")},
    {INV, "BR-IT-DE-002", 1, EXT("TipoDocumento", "<cbc:TypeCode>TD07</cbc:TypeCode>")},
    {INV, "BR-IT-DE-002", 0, EXT("TipoDocumento", "<cbc:TypeCode>TD01</cbc:TypeCode>")},
    {INV, "BR-IT-DE-003", 1, EXT("TipoRitenuta::1", "<cbc:TypeCode>RT09</cbc:TypeCode>")},
    {INV, "BR-IT-DE-003", 0, EXT("TipoRitenuta::1", "<cbc:TypeCode>RT02</cbc:TypeCode>")},
    {INV, "BR-IT-DE-004", 1, EXT("Art73", "<cbc:TypeCode>NO</cbc:TypeCode>")},
    {INV, "BR-IT-DE-004", 0, EXT("Art73", "<cbc:TypeCode>SI</cbc:TypeCode>")},
    {INV, "BR-IT-DE-005", 1, EXT("RiepilogoIVA:Arrotondamento::1", "<cbc:Amount>0.001</cbc:Amount>")},
    {INV, "BR-IT-DE-005", 0, EXT("RiepilogoIVA:Arrotondamento::1", "<cbc:Amount>-0.01</cbc:Amount>")},
    {INV, "BR-IT-DE-006", 1, EXT("ScontoMaggiorazione", "")},
    {INV, "BR-IT-DE-006", 0, EXT("ScontoMaggiorazione", "<cac:AllowanceCharge><cbc:Amount>1.50</cbc:Amount></cac:AllowanceCharge>")},
    {INV, "BR-IT-DE-007", 1, EXT("ScontoMaggiorazione", "<cac:AllowanceCharge><cbc:Amount>1.5</cbc:Amount></cac:AllowanceCharge>")},
    {INV, "BR-IT-DE-007", 0, EXT("ScontoMaggiorazione", "<cac:AllowanceCharge><cbc:Amount>1.50</cbc:Amount></cac:AllowanceCharge>")},
    {INV, "BR-IT-DE-008", 1, EXT("ScontoMaggiorazione", "<cac:AllowanceCharge><cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric></cac:AllowanceCharge>")},
    {INV, "BR-IT-DE-008", 0, EXT("ScontoMaggiorazione", "<cac:AllowanceCharge><cbc:MultiplierFactorNumeric>10.00</cbc:MultiplierFactorNumeric></cac:AllowanceCharge>")},
    {INV, "BR-IT-DE-009FT1", 1, WTT("1.00", "") WTT("2.00", "")},
    {INV, "BR-IT-DE-009FT1", 0, WTT("1.00", "")},
    {CN, "BR-IT-DE-009NC1", 1, EXT("Ritenuta", "")},
    {CN, "BR-IT-DE-009NC1", 0, EXT("Ritenuta", WTT("1.00", ""))},
    {INV, "BR-IT-DE-010", 1, WTT("1", "")},
    {INV, "BR-IT-DE-010", 0, WTT("1.00", "")},
    {INV, "BR-IT-DE-011", 1, WTT("1.00", "")},
    {INV, "BR-IT-DE-011", 0, WTT("1.00", WST("1.00", "S", "20.00", ""))},
    {INV, "BR-IT-DE-012", 1, WTT("1.00", WST("1", "S", "20.00", ""))},
    {INV, "BR-IT-DE-012", 0, WTT("1.00", WST("1.00", "S", "20.00", ""))},
    {INV, "BR-IT-DE-013", 1, SELLER("IT", "") WTT("1.00", WST("1.00", "Z", "20.00", "<cbc:TaxTypeCode>RT01</cbc:TaxTypeCode>"))},
    {INV, "BR-IT-DE-013", 0, SELLER("IT", "") WTT("1.00", WST("1.00", "S", "20.00", "<cbc:TaxTypeCode>RT01</cbc:TaxTypeCode>"))},
    {INV, "BR-IT-DE-013", 0, SELLER("FR", "") WTT("1.00", WST("1.00", "Z", "2", ""))},
    {INV, "BR-IT-DE-014", 1, "<cac:BillingReference><cac:AdditionalDocumentReference><cbc:ID>X</cbc:ID></cac:AdditionalDocumentReference></cac:BillingReference>"},
    {INV, "BR-IT-DE-014", 0, "<cac:BillingReference><cac:AdditionalDocumentReference><cbc:ID>X</cbc:ID><cbc:IssueDate>2024-01-01</cbc:IssueDate></cac:AdditionalDocumentReference></cac:BillingReference>"},
    {INV, "BR-IT-DE-015", 1, "<cac:BillingReference><cac:AdditionalDocumentReference><cbc:ID>" X20 "X</cbc:ID></cac:AdditionalDocumentReference></cac:BillingReference>"},
    {INV, "BR-IT-DE-015", 0, "<cac:BillingReference><cac:AdditionalDocumentReference><cbc:ID>X</cbc:ID></cac:AdditionalDocumentReference></cac:BillingReference>"},
    {INV, "BR-IT-DE-016", 1, "<cac:DespatchDocumentReference><cbc:ID>DDT1</cbc:ID></cac:DespatchDocumentReference>"},
    {INV, "BR-IT-DE-016", 0, "<cac:DespatchDocumentReference><cbc:ID>DDT1</cbc:ID><cbc:IssueDate>2024-01-01</cbc:IssueDate></cac:DespatchDocumentReference>"},
    {INV, "BR-IT-DE-017", 1, SELLER("IT", "<cac:PartyTaxScheme><cbc:TaxLevelCode>RF03</cbc:TaxLevelCode></cac:PartyTaxScheme>")},
    {INV, "BR-IT-DE-017", 0, SELLER("IT", "<cac:PartyTaxScheme><cbc:TaxLevelCode>RF01</cbc:TaxLevelCode></cac:PartyTaxScheme>")},
    {INV, "BR-IT-DE-018", 1, SELLER_AGENT("<cbc:CityName>Roma</cbc:CityName>")},
    {INV, "BR-IT-DE-018", 0, SELLER_AGENT(FULL_ADDR)},
    {INV, "BR-IT-DE-019", 1, SELLER_AGENT("<cbc:StreetName>" X20 X20 X20 "X</cbc:StreetName>")},
    {INV, "BR-IT-DE-019", 0, SELLER_AGENT(FULL_ADDR)},
    {INV, "BR-IT-DE-020", 1, SELLER_AGENT("<cbc:Cityname>" X20 X20 X20 "X</cbc:Cityname>")},
    {INV, "BR-IT-DE-020", 0, SELLER_AGENT("<cbc:CityName>" X20 X20 X20 "X</cbc:CityName>")},
    {INV, "BR-IT-DE-021", 1, SELLER_AGENT("<cbc:PostalZone>001</cbc:PostalZone>")},
    {INV, "BR-IT-DE-021", 0, SELLER_AGENT(FULL_ADDR)},
    {INV, "BR-IT-DE-022", 1, SELLER_AGENT("<cbc:CountrySubentity>rm</cbc:CountrySubentity>")},
    {INV, "BR-IT-DE-022", 0, SELLER_AGENT(FULL_ADDR)},
    {INV, "BR-IT-DE-023", 1, SVC("<cac:PartyName><cbc:Name>SP</cbc:Name></cac:PartyName>")},
    {INV, "BR-IT-DE-023", 0, SVC(VATPTS("FR1") "<cac:PartyName><cbc:Name>SP</cbc:Name></cac:PartyName>")},
    {INV, "BR-IT-DE-050", 1, SVC(VATPTS("it1"))},
    {INV, "BR-IT-DE-050", 0, SVC(VATPTS("IT1") "<cac:PartyIdentification><cbc:ID schemeID=\"0210\">12345678901</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-IT-DE-051", 1, SVC("<cac:PartyName><cbc:Name>" X80 "X</cbc:Name></cac:PartyName>")},
    {INV, "BR-IT-DE-051", 0, SVC("<cac:PartyName><cbc:Name>SP</cbc:Name></cac:PartyName>")},
    {INV, "BR-IT-DE-024", 1, "<cac:TaxRepresentativeParty><cac:PartyIdentification><cbc:ID schemeID=\"0210\">abc</cbc:ID></cac:PartyIdentification></cac:TaxRepresentativeParty>"},
    {INV, "BR-IT-DE-024", 0, "<cac:TaxRepresentativeParty><cac:PartyIdentification><cbc:ID schemeID=\"0210\">RSSMRA80A01H501U</cbc:ID></cac:PartyIdentification></cac:TaxRepresentativeParty>"},
    {INV, "BR-IT-DE-025", 1, "<cac:TaxRepresentativeParty><cac:PartyIdentification><cbc:ID>EORI:AB</cbc:ID></cac:PartyIdentification></cac:TaxRepresentativeParty>"},
    {INV, "BR-IT-DE-025", 0, "<cac:TaxRepresentativeParty><cac:PartyIdentification><cbc:ID schemeID=\"0210\">EORI:AB</cbc:ID></cac:PartyIdentification></cac:TaxRepresentativeParty>"},
    {INV, "BR-IT-DE-026", 1, CARRIER("<cac:PartyIdentification><cbc:ID>12345678901</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-IT-DE-026", 0, CARRIER("<cac:PartyIdentification><cbc:ID schemeID=\"0210\">12345678901</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-IT-DE-027", 1, CARRIER("<cac:PartyName><cbc:Name>" X80 "X</cbc:Name></cac:PartyName><cac:Person><cbc:FirstName>" X20 X20 X20 "X</cbc:FirstName></cac:Person>")},
    {INV, "BR-IT-DE-027", 0, CARRIER("<cac:PartyName><cbc:Name>" X80 "X</cbc:Name></cac:PartyName><cac:Person><cbc:FirstName>A</cbc:FirstName></cac:Person>")},
    {INV, "BR-IT-DE-028", 1, CARRIER("<cac:PartyTaxScheme><cbc:CompanyID>IT-1</cbc:CompanyID></cac:PartyTaxScheme>")},
    {INV, "BR-IT-DE-028", 0, CARRIER("<cac:PartyTaxScheme><cbc:CompanyID>IT1</cbc:CompanyID></cac:PartyTaxScheme>")},
    {INV, "BR-IT-DE-029", 1, CARRIER("")},
    {INV, "BR-IT-DE-029", 0, CARRIER(VATPTS("IT1"))},
    {INV, "BR-IT-DE-030", 1, CARRIER("<cac:Person><cac:IdentityDocumentReference><cbc:ID>ab</cbc:ID></cac:IdentityDocumentReference></cac:Person>")},
    {INV, "BR-IT-DE-030", 0, CARRIER("<cac:Person><cac:IdentityDocumentReference><cbc:ID>AB1</cbc:ID><cbc:DocumentTypeCode>40</cbc:DocumentTypeCode></cac:IdentityDocumentReference></cac:Person>")},
    {INV, "BR-IT-DE-031", 1, SHIP("<cbc:GrossWeightMeasure>12345.5</cbc:GrossWeightMeasure>")},
    {INV, "BR-IT-DE-031", 0, SHIP("<cbc:GrossWeightMeasure>12.5</cbc:GrossWeightMeasure><cbc:NetWeightMeasure>1.25</cbc:NetWeightMeasure>")},
    {INV, "BR-IT-DE-032", 1, SHIP("<cbc:TotalTransportHandlingUnitQuantity>3.0</cbc:TotalTransportHandlingUnitQuantity>")},
    {INV, "BR-IT-DE-032", 0, SHIP("<cbc:TotalTransportHandlingUnitQuantity>3</cbc:TotalTransportHandlingUnitQuantity>")},
    {INV, "BR-IT-DE-033", 1, SHIP("<cac:GoodsItem><cbc:Description>" X80 X20 "X</cbc:Description></cac:GoodsItem>")},
    {INV, "BR-IT-DE-033", 0, SHIP("<cac:GoodsItem><cbc:Description>Merce</cbc:Description></cac:GoodsItem>")},
    {INV, "BR-IT-DE-034", 1, SHIP("<cac:ShipmentStage><cbc:TransportMeansTypeCode>" X80 "X</cbc:TransportMeansTypeCode></cac:ShipmentStage>")},
    {INV, "BR-IT-DE-034", 0, SHIP("<cac:ShipmentStage><cbc:TransportMeansTypeCode>Camion</cbc:TransportMeansTypeCode></cac:ShipmentStage>")},
    {INV, "BR-IT-DE-035", 1, "<cac:Despatch><cbc:Instructions>not ok</cbc:Instructions></cac:Despatch>"},
    {INV, "BR-IT-DE-035", 0, "<cac:Despatch><cbc:Instructions>ok</cbc:Instructions></cac:Despatch>"},
    {INV, "BR-IT-DE-036", 1, "<cac:DeliveryTerms><cbc:ID>EX</cbc:ID></cac:DeliveryTerms>"},
    {INV, "BR-IT-DE-036", 0, "<cac:DeliveryTerms><cbc:ID>EXW</cbc:ID></cac:DeliveryTerms>"},
    {INV, "BR-IT-DE-037", 1, "<cac:PaymentTerms><cbc:SettlementDiscountAmount>1</cbc:SettlementDiscountAmount></cac:PaymentTerms>"},
    {INV, "BR-IT-DE-037", 0, "<cac:PaymentTerms><cbc:SettlementDiscountAmount>1.00</cbc:SettlementDiscountAmount></cac:PaymentTerms>"},
    {INV, "BR-IT-DE-038", 1, "<cac:PaymentTerms><cbc:PenaltyAmount>1.5</cbc:PenaltyAmount></cac:PaymentTerms>"},
    {INV, "BR-IT-DE-038", 0, "<cac:PaymentTerms><cbc:PenaltyAmount>1.50</cbc:PenaltyAmount></cac:PaymentTerms>"},
    {INV, "BR-IT-DE-039", 1, LINE("<cac:OrderLineReference><cac:OrderReference><cbc:ID>" X20 "X</cbc:ID></cac:OrderReference></cac:OrderLineReference>")},
    {INV, "BR-IT-DE-039", 0, LINE("<cac:OrderLineReference><cac:OrderReference><cbc:ID>PO1</cbc:ID></cac:OrderReference></cac:OrderLineReference>")},
    {INV, "BR-IT-DE-040", 1, LINE("<cac:DespatchLineReference><cbc:LineID>1</cbc:LineID></cac:DespatchLineReference>")},
    {INV, "BR-IT-DE-040", 0, LINE("<cac:DespatchLineReference><cbc:LineID>NA</cbc:LineID></cac:DespatchLineReference>")},
    {INV, "BR-IT-DE-041", 1, LINE("<cac:DespatchLineReference><cac:DocumentReference><cbc:ID>" X20 "X</cbc:ID></cac:DocumentReference></cac:DespatchLineReference>")},
    {INV, "BR-IT-DE-041", 0, LINE("<cac:DespatchLineReference><cac:DocumentReference><cbc:ID>D1</cbc:ID></cac:DocumentReference></cac:DespatchLineReference>")},
    {INV, "BR-IT-DE-042", 1, LINE("<cac:DespatchLineReference><cac:DocumentReference><cbc:ID>D1</cbc:ID></cac:DocumentReference></cac:DespatchLineReference>")},
    {INV, "BR-IT-DE-042", 0, LINE("<cac:DespatchLineReference><cac:DocumentReference><cbc:IssueDate>2024-01-01</cbc:IssueDate></cac:DocumentReference></cac:DespatchLineReference>")},
    {INV, "BR-IT-DE-043", 1, BUYER_AGENT("")},
    {INV, "BR-IT-DE-043", 0, BUYER_AGENT(FULL_ADDR)},
    {INV, "BR-IT-DE-044", 1, BUYER_AGENT("<cbc:StreetName>" X20 X20 X20 "X</cbc:StreetName>")},
    {INV, "BR-IT-DE-044", 0, BUYER_AGENT(FULL_ADDR)},
    {INV, "BR-IT-DE-045", 1, BUYER_AGENT("<cbc:Cityname>\xc3\xa8</cbc:Cityname>")},
    {INV, "BR-IT-DE-045", 0, BUYER_AGENT(FULL_ADDR)},
    {INV, "BR-IT-DE-046", 1, BUYER_AGENT("<cbc:PostalZone>001000</cbc:PostalZone>")},
    {INV, "BR-IT-DE-046", 0, BUYER_AGENT(FULL_ADDR)},
    {INV, "BR-IT-DE-047", 1, BUYER_AGENT("<cbc:CountrySubentity>RMA</cbc:CountrySubentity>")},
    {INV, "BR-IT-DE-047", 0, BUYER_AGENT(FULL_ADDR)},
    {INV, "BR-IT-DE-048", 1, ATTORNEY("<cac:PartyLegalEntity><cbc:RegistrationName>R</cbc:RegistrationName></cac:PartyLegalEntity>")},
    {INV, "BR-IT-DE-048", 0, ATTORNEY(VATPTS("IT1") "<cac:PartyLegalEntity><cbc:RegistrationName>R</cbc:RegistrationName></cac:PartyLegalEntity>")},
    {INV, "BR-IT-DE-049", 1, ATTORNEY("<cac:PartyLegalEntity><cbc:RegistrationName></cbc:RegistrationName></cac:PartyLegalEntity>")},
    {INV, "BR-IT-DE-049", 0, ATTORNEY("<cac:PartyLegalEntity><cbc:RegistrationName>R</cbc:RegistrationName></cac:PartyLegalEntity>")},
    {INV, "BR-IT-DE-052", 1, SELLER("IT", "") "<cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:LineID>1</cbc:LineID></cac:InvoiceLine>"},
    {INV, "BR-IT-DE-052", 0, SELLER("IT", "") "<cac:OrderReference><cbc:ID>1</cbc:ID></cac:OrderReference><cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:LineID>1</cbc:LineID></cac:InvoiceLine>"},
};

/* ---- the older CEN (1.3.10) and PEPPOL (3.0.14) asserts inside the AgID artefact, where
 * they fire and the newer base rules do not ---- */
#define PID(p) "<cbc:ProfileID>" p "</cbc:ProfileID>"
#define BILLING01 PID("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")
#define CARD(pan) "<cac:PaymentMeans><cac:CardAccount><cbc:PrimaryAccountNumberID>" pan \
    "</cbc:PrimaryAccountNumberID></cac:CardAccount></cac:PaymentMeans>"
#define MANDATE "<cac:PaymentMeans><cac:PaymentMandate><cbc:ID>1</cbc:ID></cac:PaymentMandate></cac:PaymentMeans>"
#define ADR130(id) "<cac:AdditionalDocumentReference><cbc:ID>" id "</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"
#define DKDK(inner) SELLER("DK", "") BUYER("DK", "") inner
#define AC_ZZZ(reason) "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>" \
    "<cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>" reason \
    "</cbc:AllowanceChargeReason></cac:AllowanceCharge>"

static const it_case_t LEGACY[] = {
    {INV, "BR-66", 1, CARD("1") CARD("2")},
    {INV, "BR-66", 0, CARD("1")},
    {INV, "BR-67", 1, MANDATE MANDATE},
    {INV, "BR-67", 0, MANDATE},
    {INV, "BR-CO-25", 1, "<cac:LegalMonetaryTotal><cbc:PayableAmount>10.00</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-CO-25", 0, "<cbc:DueDate>2024-01-31</cbc:DueDate><cac:LegalMonetaryTotal><cbc:PayableAmount>10.00</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {CN, "BR-CO-25", 0, "<cac:LegalMonetaryTotal><cbc:PayableAmount>10.00</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-51", 1, CARD("     1234     ")},
    {INV, "BR-51", 0, CARD("1234")},
    {INV, "UBL-CR-572", 1, LINE("<cac:Item><cac:BuyersItemIdentification><cbc:BarecodeSymbologyID>x</cbc:BarecodeSymbologyID></cac:BuyersItemIdentification></cac:Item>")},
    {INV, "UBL-CR-572", 0, LINE("<cac:Item><cac:BuyersItemIdentification><cbc:ID>x</cbc:ID></cac:BuyersItemIdentification></cac:Item>")},
    {INV, "UBL-CR-577", 1, LINE("<cac:Item><cac:SellersItemIdentification><cbc:BarecodeSymbologyID>x</cbc:BarecodeSymbologyID></cac:SellersItemIdentification></cac:Item>")},
    {INV, "UBL-CR-577", 0, LINE("<cac:Item><cac:BuyersItemIdentification><cbc:BarecodeSymbologyID>x</cbc:BarecodeSymbologyID></cac:BuyersItemIdentification></cac:Item>")},
    {INV, "UBL-CR-583", 1, LINE("<cac:Item><cac:StandardItemIdentification><cbc:BarecodeSymbologyID>x</cbc:BarecodeSymbologyID></cac:StandardItemIdentification></cac:Item>")},
    {INV, "UBL-CR-583", 0, LINE("<cac:Item/>")},
    {INV, "UBL-CR-631", 1, LINE("<cac:Price><cbc:OrderableUnitFactorRate>1</cbc:OrderableUnitFactorRate></cac:Price>")},
    {INV, "UBL-CR-631", 0, LINE("<cac:Price/>")},
    {INV, "UBL-CR-674", 1, "<cac:PaymentMeans><cac:CardAccount><cbc:PrimaryAccountNumber schemeID=\"x\">1</cbc:PrimaryAccountNumber></cac:CardAccount></cac:PaymentMeans>"},
    {INV, "UBL-CR-674", 0, "<cac:PaymentMeans><cac:CardAccount><cbc:PrimaryAccountNumber>1</cbc:PrimaryAccountNumber></cac:CardAccount></cac:PaymentMeans>"},
    {INV, "UBL-SR-43", 1, "<cac:AdditionalDocumentReference><cbc:ID scheme=\"x\">A</cbc:ID></cac:AdditionalDocumentReference>"},
    {INV, "UBL-SR-43", 0, "<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID></cac:AdditionalDocumentReference>"},
    /* 1.3.10 asks for @scheme, 1.3.16 for @schemeID: the base's finding is withdrawn */
    {INV, "UBL-SR-43", 0, "<cac:AdditionalDocumentReference><cbc:ID schemeID=\"AVV\">A</cbc:ID></cac:AdditionalDocumentReference>"},
    {INV, "UBL-SR-43", 1, "<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentTypeCode>916</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"},
    {INV, "UBL-SR-43", 0, "<cac:AdditionalDocumentReference><cbc:ID scheme=\"x\">A</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"},
    {INV, "UBL-SR-43", 1, "<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"},
    {CN, "UBL-SR-43", 0, "<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"},
    {INV, "UBL-SR-51", 1, SELLER("IT", ADDR("<cac:AddressLine><cbc:Line>a</cbc:Line><cbc:Line>b</cbc:Line></cac:AddressLine>"))},
    {INV, "UBL-SR-51", 0, SELLER("IT", ADDR("<cac:AddressLine><cbc:Line>a</cbc:Line></cac:AddressLine>"))},
    /* BR-B-02 in 1.3.10: an S only in the VAT breakdown does not count */
    {INV, "BR-B-02", 0, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID>B</cbc:ID></cac:TaxCategory></cac:TaxSubtotal>"
        "<cac:TaxSubtotal><cac:TaxCategory><cbc:ID>S</cbc:ID></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-B-02", 1, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID>B</cbc:ID></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"
        LINE("<cac:Item><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID></cac:ClassifiedTaxCategory></cac:Item>")},
    {INV, "BR-B-02", 0, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID>B</cbc:ID></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
    /* BR-CO-26 as 1.3.10 words it: a SEPA creditor identifier counts as the seller's identifier */
    {INV, "BR-CO-26", 0, SELLER("IT", "<cac:PartyIdentification><cbc:ID schemeID=\"SEPA\">IT00ZZZ1</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-CO-26", 0, SELLER("IT", "<cac:PartyTaxScheme><cbc:CompanyID>IT01234567890</cbc:CompanyID><cac:TaxScheme><cbc:ID> vat </cbc:ID>"
        "</cac:TaxScheme></cac:PartyTaxScheme>")},
    {INV, "BR-CO-26", 1, SELLER("IT", "<cac:PartyTaxScheme><cbc:CompanyID>IT01234567890</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID>"
        "</cac:TaxScheme></cac:PartyTaxScheme>")},
    /* UBL-SR-22/-23 count under cac:TaxRepresentativeParty/cac:Party in 1.3.10 */
    {INV, "UBL-SR-22", 0, "<cac:TaxRepresentativeParty><cac:PartyName><cbc:Name>a</cbc:Name></cac:PartyName><cac:PartyName>"
        "<cbc:Name>b</cbc:Name></cac:PartyName></cac:TaxRepresentativeParty>"},
    {INV, "UBL-SR-22", 1, "<cac:TaxRepresentativeParty><cac:Party><cac:PartyName><cbc:Name>a</cbc:Name></cac:PartyName><cac:PartyName>"
        "<cbc:Name>b</cbc:Name></cac:PartyName></cac:Party></cac:TaxRepresentativeParty>"},
    {INV, "UBL-SR-23", 0, "<cac:TaxRepresentativeParty><cac:PartyTaxScheme><cbc:CompanyID>a</cbc:CompanyID></cac:PartyTaxScheme>"
        "<cac:PartyTaxScheme><cbc:CompanyID>b</cbc:CompanyID></cac:PartyTaxScheme></cac:TaxRepresentativeParty>"},
    {INV, "UBL-SR-23", 1, "<cac:TaxRepresentativeParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>a</cbc:CompanyID></cac:PartyTaxScheme>"
        "<cac:PartyTaxScheme><cbc:CompanyID>b</cbc:CompanyID></cac:PartyTaxScheme></cac:Party></cac:TaxRepresentativeParty>"},
    {INV, "BR-CL-01", 1, "<cbc:InvoiceTypeCode>471</cbc:InvoiceTypeCode>"},
    {INV, "BR-CL-01", 0, "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"},
    {CN, "BR-CL-01", 1, "<cbc:CreditNoteTypeCode>502</cbc:CreditNoteTypeCode>"},
    {INV, "BR-CL-03", 1, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"CNH\">1</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-CL-03", 0, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"EUR\">1</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-CL-04", 1, "<cbc:DocumentCurrencyCode> VES </cbc:DocumentCurrencyCode>"},
    {INV, "BR-CL-04", 0, "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"},
    {INV, "BR-CL-05", 1, "<cbc:TaxCurrencyCode>ZWG</cbc:TaxCurrencyCode>"},
    {INV, "BR-CL-05", 0, "<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>"},
    /* codes 1.3.16 dropped are still valid for the AgID copies (the base's findings are withdrawn) */
    {INV, "BR-CL-03", 0, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"HRK\">1</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-CL-03", 1, "<cac:LegalMonetaryTotal><cbc:PayableAmount>1</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-CL-04", 0, "<cbc:DocumentCurrencyCode>HRK</cbc:DocumentCurrencyCode>"},
    {INV, "BR-CL-05", 0, "<cbc:TaxCurrencyCode> SLL </cbc:TaxCurrencyCode>"},
    {INV, "PEPPOL-EN16931-CL007", 0, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"HRK\">1</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    /* R051 in 3.0.14: of the VAT amounts only the total with breakdown, not the subtotals */
    {INV, "PEPPOL-EN16931-R051", 1, "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cac:LegalMonetaryTotal>"
        "<cbc:PayableAmount currencyID=\"USD\">1</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "PEPPOL-EN16931-R051", 1, "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cac:TaxTotal>"
        "<cbc:TaxAmount currencyID=\"USD\">1</cbc:TaxAmount><cac:TaxSubtotal/></cac:TaxTotal>"},
    {INV, "PEPPOL-EN16931-R051", 0, "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cac:TaxTotal>"
        "<cbc:TaxAmount currencyID=\"EUR\">1</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxAmount currencyID=\"USD\">1</cbc:TaxAmount>"
        "</cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "PEPPOL-EN16931-R051", 0, "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cac:WithholdingTaxTotal>"
        "<cbc:TaxAmount currencyID=\"EUR\">1</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxAmount currencyID=\"USD\">1</cbc:TaxAmount>"
        "</cac:TaxSubtotal></cac:WithholdingTaxTotal>"},
    {INV, "PEPPOL-EN16931-CL007", 1, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\" EUR\">1</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "BR-CL-07", 1, "<cac:AdditionalDocumentReference><cbc:ID schemeID=\"AXU\">1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>"},
    {INV, "BR-CL-07", 0, "<cac:AdditionalDocumentReference><cbc:ID schemeID=\"AXU\">1</cbc:ID></cac:AdditionalDocumentReference>"},
    {INV, "BR-CL-10", 1, SELLER("IT", "<cac:PartyIdentification><cbc:ID schemeID=\"0225\">1</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-CL-10", 0, SELLER("IT", "<cac:PartyIdentification><cbc:ID schemeID=\"0088\">1</cbc:ID></cac:PartyIdentification>")},
    {INV, "BR-CL-11", 1, SELLER("IT", "<cac:PartyLegalEntity><cbc:CompanyID schemeID=\"0230\">1</cbc:CompanyID></cac:PartyLegalEntity>")},
    {INV, "BR-CL-11", 0, SELLER("IT", "<cac:PartyLegalEntity><cbc:CompanyID schemeID=\"0210\">1</cbc:CompanyID></cac:PartyLegalEntity>")},
    {INV, "BR-CL-13", 1, LINE("<cac:Item><cac:CommodityClassification><cbc:ItemClassificationCode listID=\"GMN\">1</cbc:ItemClassificationCode></cac:CommodityClassification></cac:Item>")},
    {INV, "BR-CL-13", 0, LINE("<cac:Item><cac:CommodityClassification><cbc:ItemClassificationCode listID=\"STI\">1</cbc:ItemClassificationCode></cac:CommodityClassification></cac:Item>")},
    {INV, "BR-CL-16", 1, "<cac:PaymentMeans><cbc:PaymentMeansCode>98</cbc:PaymentMeansCode></cac:PaymentMeans>"},
    {INV, "BR-CL-16", 0, "<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode></cac:PaymentMeans>"},
    {INV, "BR-CL-20", 1, "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>PRV</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {INV, "BR-CL-20", 0, "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {INV, "BR-CL-21", 1, LINE("<cac:Item><cac:StandardItemIdentification><cbc:ID schemeID=\"0240\">1</cbc:ID></cac:StandardItemIdentification></cac:Item>")},
    {INV, "BR-CL-21", 0, LINE("<cac:Item><cac:StandardItemIdentification><cbc:ID schemeID=\"0160\">1</cbc:ID></cac:StandardItemIdentification></cac:Item>")},
    {INV, "BR-CL-22", 1, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:TaxExemptionReasonCode>vatex-eu-144</cbc:TaxExemptionReasonCode></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-CL-22", 0, "<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:TaxExemptionReasonCode>VATEX-EU-AE</cbc:TaxExemptionReasonCode></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>"},
    {INV, "BR-CL-25", 1, BUYER("IT", "<cbc:EndpointID schemeID=\"0225\">1</cbc:EndpointID>")},
    {INV, "BR-CL-25", 0, BUYER("IT", "<cbc:EndpointID schemeID=\"0205\">ABC1234</cbc:EndpointID>")},
    /* EAS codes 1.3.16 dropped are still valid for the AgID copy (the base's finding is withdrawn) */
    {INV, "BR-CL-25", 0, BUYER("IT", "<cbc:EndpointID schemeID=\"9901\">X</cbc:EndpointID>")},
    {INV, "BR-CL-25", 1, BUYER("IT", "<cbc:EndpointID schemeID=\" 99 01\">X</cbc:EndpointID>")},
    {INV, "BR-CL-26", 1, "<cac:Delivery><cac:DeliveryLocation><cbc:ID schemeID=\"0240\">1</cbc:ID></cac:DeliveryLocation></cac:Delivery>"},
    {INV, "BR-CL-26", 0, "<cac:Delivery><cac:DeliveryLocation><cbc:ID schemeID=\"0088\">1</cbc:ID></cac:DeliveryLocation></cac:Delivery>"},
    {INV, "PEPPOL-EN16931-R006", 1, ADR130("1") ADR130("2")},
    {INV, "PEPPOL-EN16931-R006", 0, ADR130("1")},
    {INV, "PEPPOL-EN16931-R002", 1, "<cbc:Note>a</cbc:Note><cbc:Note>b</cbc:Note>" SELLER("DE", "") BUYER("DE", "")},
    {INV, "PEPPOL-EN16931-R002", 0, "<cbc:Note>a</cbc:Note>" SELLER("DE", "") BUYER("DE", "")},
    {INV, "PEPPOL-EN16931-R007", 1, PID("urn:peppol:bis:billing_with_response")},
    {INV, "PEPPOL-EN16931-R007", 0, BILLING01},
    /* R004 in 3.0.14: the prefix only, no '::' check */
    {INV, "PEPPOL-EN16931-R004", 0, "<cbc:CustomizationID> urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::x"
        "</cbc:CustomizationID>"},
    {INV, "PEPPOL-EN16931-R004", 1, "<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>"},
    {INV, "PEPPOL-EN16931-R004", 1, "<cbc:ID>1</cbc:ID>"},
    /* 3.0.14 matches the process unanchored: a known process for the AgID chain, not for 2026.5 */
    {INV, "PEPPOL-EN16931-R007", 0, PID("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0X")},
    {INV, "PEPPOL-EN16931-R007", 1, PID("urn:fdc:peppol.eu:2017:poacc:billing:XX:1.0")},
    {INV, "PEPPOL-EN16931-R007", 1, PID("billing:01")},
    {INV, "PEPPOL-EN16931-P0100", 1, BILLING01 "<cbc:InvoiceTypeCode>326</cbc:InvoiceTypeCode>"},
    {INV, "PEPPOL-EN16931-P0100", 0, BILLING01 "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"},
    {CN, "PEPPOL-EN16931-P0101", 1, PID("x urn:fdc:peppol.eu:2017:poacc:billing:01:1.0") "<cbc:CreditNoteTypeCode>380</cbc:CreditNoteTypeCode>"},
    {CN, "PEPPOL-EN16931-P0101", 0, PID("x urn:fdc:peppol.eu:2017:poacc:billing:01:1.0") "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>"},
    {INV, "PEPPOL-EN16931-CL003", 1, "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>PRV</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {INV, "PEPPOL-EN16931-CL003", 0, "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>PRV</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
    {INV, "PEPPOL-EN16931-CL007", 1, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"SLE\">1</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "PEPPOL-EN16931-CL007", 0, "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"EUR\">1</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "PEPPOL-EN16931-CL008", 1, BUYER("FR", "<cbc:EndpointID schemeID=\"0225\">1</cbc:EndpointID>")},
    {INV, "PEPPOL-EN16931-CL008", 0, BUYER("FR", "<cbc:EndpointID schemeID=\"0088\">1</cbc:EndpointID>")},
    /* an Italian scheme 2026.5 dropped is still valid for the AgID chain */
    {INV, "PEPPOL-EN16931-CL008", 0, BUYER("IT", "<cbc:EndpointID schemeID=\"0205\">ABC123</cbc:EndpointID>")},
    /* COMMON-R049 in its 3.0.14 form: ten numeric characters, no checksum */
    {INV, "PEPPOL-COMMON-R049", 1, BUYER("SE", "<cbc:EndpointID schemeID=\"0007\">12345</cbc:EndpointID>")},
    {INV, "PEPPOL-COMMON-R049", 0, BUYER("SE", "<cbc:EndpointID schemeID=\"0007\">1234567890</cbc:EndpointID>")},
    {INV, "PEPPOL-COMMON-R042", 1, BUYER("DK", "<cbc:EndpointID schemeID=\"0184\">12345678</cbc:EndpointID>")},
    {INV, "PEPPOL-COMMON-R042", 0, BUYER("DK", "<cbc:EndpointID schemeID=\"0184\">DK12345678</cbc:EndpointID>")},
    {INV, "DK-R-004", 1, DKDK(AC_ZZZ("a#b"))},
    {INV, "DK-R-004", 0, DKDK(AC_ZZZ("1234"))},
    {INV, "DK-R-008", 1, DKDK("<cac:PaymentMeans><cbc:PaymentMeansCode>50</cbc:PaymentMeansCode><cbc:PaymentID>01#1</cbc:PaymentID><cac:PayeeFinancialAccount><cbc:ID>12345678</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>")},
    {INV, "DK-R-008", 0, DKDK("<cac:PaymentMeans><cbc:PaymentMeansCode>50</cbc:PaymentMeansCode><cbc:PaymentID>01#1</cbc:PaymentID><cac:PayeeFinancialAccount><cbc:ID>1234567</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>")},
    {CN, "NL-R-007", 1, SELLER("NL", "") "<cac:LegalMonetaryTotal><cbc:PayableAmount>10.00</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {CN, "NL-R-007", 0, SELLER("NL", "") "<cac:LegalMonetaryTotal><cbc:PayableAmount>0.00</cbc:PayableAmount></cac:LegalMonetaryTotal>"},
    {INV, "NL-R-008", 1, SELLER("NL", "") BUYER("BE", "") "<cac:PaymentMeans><cbc:PaymentMeansCode>31</cbc:PaymentMeansCode></cac:PaymentMeans>"},
    {INV, "NL-R-008", 0, SELLER("NL", "") BUYER("BE", "") "<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode></cac:PaymentMeans>"},
};

static void run_cases(const it_case_t *cases, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        const it_case_t *c = &cases[i];
        tst_result_t *r = tst_validate("ITALY", NULL, c->kind == CN ? tst_ubl_cn(c->body) : tst_ubl(c->body));
        size_t got = tst_count(r, c->rule);
        char msg[600];
        snprintf(msg, sizeof msg, "%s expected %zu got %zu (%s) in: %.400s", c->rule, c->expect, got,
                 tst_error(r)[0] ? tst_error(r) : tst_codes(r), c->body);
        CU_assertImplementation(got == c->expect ? CU_TRUE : CU_FALSE, __LINE__, msg, __FILE__, "", CU_FALSE);
        tst_free(r);
    }
}

#define N(a) (sizeof a / sizeof a[0])
static void test_cius(void) { run_cases(CIUS, N(CIUS)); }
static void test_extension(void) { run_cases(EXTENSION, N(EXTENSION)); }
static void test_legacy(void) { run_cases(LEGACY, N(LEGACY)); }

/* Severity and layer of what the profile reports: AgID rules are fatal profile rules; the
 * syntax-binding warnings of the older CEN copy stay warnings. */
static void test_severity(void)
{
    tst_result_t *r = tst_validate("ITALY", NULL, tst_ubl("<cbc:ID>ABC</cbc:ID>"));
    CU_ASSERT(tst_has(r, "BR-IT-010", EINV_SEV_ERROR));
    CU_ASSERT(!tst_valid(r));
    tst_free(r);
    r = tst_validate("ITALY", NULL, tst_ubl(LINE("<cac:Price><cbc:OrderableUnitFactorRate>1</cbc:OrderableUnitFactorRate></cac:Price>")));
    CU_ASSERT(tst_has(r, "UBL-CR-631", EINV_SEV_WARNING));
    tst_free(r);
}

/* The shadowed AgID rules (BR-IT-001, BR-IT-DC-002: their context is always taken by the
 * BR-IT-260 rule) never fire, whatever the specification identifier says. */
static void test_shadowed(void)
{
    tst_result_t *r = tst_validate("ITALY", NULL, tst_ubl("<cbc:CustomizationID>x</cbc:CustomizationID>"
                                                          "<cbc:ProfileID>y</cbc:ProfileID>" SELLER("IT", "")));
    CU_ASSERT_EQUAL(tst_count(r, "BR-IT-DC-002"), 0);
    CU_ASSERT_EQUAL(tst_count(r, "BR-IT-001"), 0);
    tst_free(r);
}

/* A base rule the profile reports again under the AgID id or flag (it_agid_ids.c): its test
 * is the base's, covered by the base's suites; test_italy_ids.c checks the hand-over. */
static int reported_again(const char *id)
{
    char path[1024];
    void *h;
    const it_agid_tables_t *(*fn)(void);
    const it_agid_tables_t *t;
    size_t i;
    int found = 0;
    snprintf(path, sizeof path, "%s/italy.so", getenv("EINV_TEST_PLUGIN_DIR"));
    h = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    if (!h)
        return 0;
    *(void **)&fn = dlsym(h, "einv_italy_agid_tables");
    t = fn ? fn() : NULL;
    for (i = 0; t && i < t->n_again && !found; i++)
        found = strcmp(t->again[i].agid_id, id) == 0;
    dlclose(h);
    return found;
}

/* Every rule the profile lists has a case where it fires and one where it does not. */
static void test_coverage(void)
{
    einv_error_t err;
    /* our plugin and its base chain (a profile without its base is refused at load) */
    einv_engine_t *e = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), "italy,peppol,en16931", &err);
    const einv_profile_ops_t *p = e ? einv_engine_profile(e, "ITALY") : NULL;
    const it_case_t *const sets[] = {CIUS, EXTENSION, LEGACY};
    const size_t sizes[] = {N(CIUS), N(EXTENSION), N(LEGACY)};
    size_t i, j, k, again = 0;
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(p->base, "PEPPOL");
    CU_ASSERT_EQUAL(p->requires_pro, 1);
    CU_ASSERT(p->n_rules > 150);
    for (i = 0; i < p->n_rules; i++) {
        int fire = 0, quiet = 0;
        char msg[128];
        if (reported_again(p->rules[i]->id)) {
            again++;
            continue;
        }
        for (j = 0; j < 3; j++)
            for (k = 0; k < sizes[j]; k++)
                if (strcmp(sets[j][k].rule, p->rules[i]->id) == 0) {
                    fire |= sets[j][k].expect > 0;
                    quiet |= sets[j][k].expect == 0;
                }
        snprintf(msg, sizeof msg, "%s lacks a %s case", p->rules[i]->id, fire ? "quiet" : "firing");
        CU_assertImplementation(fire && quiet ? CU_TRUE : CU_FALSE, __LINE__, msg, __FILE__, "", CU_FALSE);
        CU_ASSERT(p->rules[i]->message && p->rules[i]->message[0] && p->rules[i]->suggestion &&
                  p->rules[i]->suggestion[0]);
    }
    CU_ASSERT(again > 0 && again < 40);   /* the lookup works and skips few */
    einv_engine_close(e);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("italy", NULL, NULL);
    CU_add_test(s, "cius", test_cius);
    CU_add_test(s, "extension", test_extension);
    CU_add_test(s, "legacy", test_legacy);
    CU_add_test(s, "severity", test_severity);
    CU_add_test(s, "shadowed", test_shadowed);
    CU_add_test(s, "coverage", test_coverage);
}
