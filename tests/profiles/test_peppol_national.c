/* PEPPOL profile, national rules (profiles/peppol/peppol_national_*.c): for every NO, DK, IT,
 * SE, GR, IS, NL and DE rule of PEPPOL-EN16931-UBL 2026.5 a small document that makes it fire
 * and one that does not, plus the country derivation and the cases where the artefact's
 * country expression fails (then the rules that depend on it stay silent). Like the official
 * unit tests, the documents are fragments: each case only asserts the rule it names. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>
#include "trules.h"
#include "tsupport.h"

enum { PASS = TST_PASS, FIRE = TST_FIRE, WARN = TST_WARN };

typedef tst_rule_case tcase;

/* ---- reusable fragments ---- */
#define SCHEME(s) "<cac:TaxScheme><cbc:ID>" s "</cbc:ID></cac:TaxScheme>"
#define PTS(id, s) "<cac:PartyTaxScheme><cbc:CompanyID>" id "</cbc:CompanyID>" SCHEME(s) "</cac:PartyTaxScheme>"
#define ADDR(cc) "<cac:PostalAddress><cac:Country><cbc:IdentificationCode>" cc "</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"
#define FULLADDR(cc) "<cac:PostalAddress><cbc:StreetName>Main 1</cbc:StreetName><cbc:CityName>Town</cbc:CityName>" \
    "<cbc:PostalZone>1000</cbc:PostalZone><cac:Country><cbc:IdentificationCode>" cc "</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"
#define PLE(attr, id) "<cac:PartyLegalEntity><cbc:RegistrationName>X</cbc:RegistrationName><cbc:CompanyID" attr ">" id "</cbc:CompanyID></cac:PartyLegalEntity>"
#define NAME(n) "<cac:PartyName><cbc:Name>" n "</cbc:Name></cac:PartyName>"
#define SUP(x) "<cac:AccountingSupplierParty><cac:Party>" x "</cac:Party></cac:AccountingSupplierParty>"
#define CUS(x) "<cac:AccountingCustomerParty><cac:Party>" x "</cac:Party></cac:AccountingCustomerParty>"
#define PM(x) "<cac:PaymentMeans>" x "</cac:PaymentMeans>"
#define PMC(c) "<cbc:PaymentMeansCode>" c "</cbc:PaymentMeansCode>"
#define PID(p) "<cbc:PaymentID>" p "</cbc:PaymentID>"
#define PFA(id) "<cac:PayeeFinancialAccount><cbc:ID>" id "</cbc:ID></cac:PayeeFinancialAccount>"
#define PFA_FIB(id, fib) "<cac:PayeeFinancialAccount><cbc:ID>" id "</cbc:ID><cac:FinancialInstitutionBranch><cbc:ID>" fib \
    "</cbc:ID></cac:FinancialInstitutionBranch></cac:PayeeFinancialAccount>"
#define MANDATE(id, acc) "<cac:PaymentMandate><cbc:ID>" id "</cbc:ID><cac:PayerFinancialAccount><cbc:ID>" acc \
    "</cbc:ID></cac:PayerFinancialAccount></cac:PaymentMandate>"
#define CARD "<cac:CardAccount><cbc:PrimaryAccountNumberID>1234</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>"
#define LMT(v) "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"EUR\">" v "</cbc:PayableAmount></cac:LegalMonetaryTotal>"
#define ADR(id, desc) "<cac:AdditionalDocumentReference><cbc:ID>" id "</cbc:ID><cbc:DocumentDescription>" desc \
    "</cbc:DocumentDescription></cac:AdditionalDocumentReference>"
#define CAT(tag, id, pct) "<cac:" tag "><cbc:ID>" id "</cbc:ID>" pct SCHEME("VAT") "</cac:" tag ">"
#define PCT(v) "<cbc:Percent>" v "</cbc:Percent>"

/* the countries */
#define DKDK SUP(ADDR("DK")) CUS(ADDR("DK"))
#define NO_SUP(x) SUP(PTS("NO999999999MVA", "VAT") x)
#define IT_SUP(x) SUP(PTS("IT12345678901", "VAT") x)
#define SE_SUP(x) SUP(ADDR("SE") PTS("SE556677889901", "VAT") x)
#define GR_SUP(x) SUP(NAME("Seller") ADDR("GR") PTS("EL094259216", "VAT") x)
#define GR_CUS(x) CUS(NAME("Buyer") ADDR("GR") PTS("EL094259216", "VAT") x)
#define GR_ID(v) "<cbc:ID>" v "</cbc:ID><cbc:IssueDate>2010-10-01</cbc:IssueDate>"
#define GR_OKID "094259216|01/10/2010|0|1.1|A|1"
#define IS_SUP(x) SUP(FULLADDR("IS") x)
#define IS_FULL_SUP IS_SUP(PLE(" schemeID=\"0196\"", "1234567890"))
#define DEDE_SUP(x) SUP(x ADDR("DE"))
#define DEDE(x) SUP(ADDR("DE") x) CUS(ADDR("DE"))
#define NL_SUP(x) SUP(ADDR("NL") x)

#define RUN(t) TST_RULES_UBL("PEPPOL", t)

static void test_norway(void)
{
    static const tcase t[] = {
        {"NO-R-001", FIRE, 0, SUP(PTS("NO999999998MVA", "VAT"))},
        {"NO-R-001", FIRE, 0, SUP(PTS("NO99999999MVA", "VAT"))},
        {"NO-R-001", FIRE, 0, SUP(PTS("NO000000000MVA", "VAT"))},
        {"NO-R-001", PASS, 0, SUP(PTS("NO999999999MVA", "VAT"))},
        {"NO-R-001", PASS, 0, SUP(PTS("SE556677889901", "VAT") ADDR("NO"))},
        {"NO-R-002", WARN, 0, NO_SUP("")},
        {"NO-R-002", PASS, 0, NO_SUP(PTS(" Foretaksregisteret ", "TAX"))},
        {"NO-R-002", PASS, 0, SUP(PTS("DK12345678", "VAT"))},
        /* the seller country comes from the postal address when there is no VAT prefix */
        {"NO-R-002", WARN, 0, SUP(ADDR("no"))},
        /* two VAT schemes make $supplierCountry fail: the Norwegian context never matches */
        {"NO-R-002", PASS, 0, SUP(PTS("NO999999999MVA", "VAT") PTS("NO999999999MVA", "VAT"))},
    };
    RUN(t);
}

static void test_denmark(void)
{
    static const tcase t[] = {
        {"DK-R-002", FIRE, 0, SUP(ADDR("DK"))},
        {"DK-R-002", FIRE, 0, SUP(ADDR("DK") PLE(" schemeID=\"0184\"", " "))},
        {"DK-R-002", PASS, 0, SUP(ADDR("DK") PLE(" schemeID=\"0184\"", "12345678"))},
        {"DK-R-002", PASS, 0, SUP(ADDR("dk"))},   /* the DK patterns compare the raw code */
        {"DK-R-014", FIRE, 0, SUP(ADDR("DK") PLE("", "12345678"))},
        {"DK-R-014", PASS, 0, SUP(ADDR("DK") PLE(" schemeID=\" 0184 \"", "12345678"))},
        {"DK-R-016", FIRE, 1, DKDK LMT("-10.00")},
        {"DK-R-016", PASS, 1, DKDK LMT("10.00")},
        {"DK-R-016", PASS, 0, DKDK LMT("-10.00")},
        {"DK-R-013", FIRE, 0, SUP("<cac:PartyIdentification><cbc:ID>1</cbc:ID></cac:PartyIdentification>" ADDR("DK")) CUS(ADDR("DK"))},
        {"DK-R-013", FIRE, 0, SUP(ADDR("DK")) CUS("<cac:PartyIdentification><cbc:ID schemeID=\" \">1</cbc:ID></cac:PartyIdentification>" ADDR("DK"))},
        {"DK-R-013", PASS, 0, SUP("<cac:PartyIdentification><cbc:ID schemeID=\"0184\">1</cbc:ID></cac:PartyIdentification>" ADDR("DK")) CUS(ADDR("DK"))},
        {"DK-R-013", PASS, 0, SUP("<cac:PartyIdentification><cbc:ID>1</cbc:ID></cac:PartyIdentification>" ADDR("DK")) CUS(ADDR("SE"))},
        {"DK-R-005", FIRE, 0, DKDK PM(PMC("30"))},
        {"DK-R-005", FIRE, 0, DKDK PM("")},
        {"DK-R-005", PASS, 0, DKDK PM(PMC("1"))},
        {"DK-R-005", PASS, 1, DKDK PM(PMC("30"))},   /* the payment means rules apply to invoices */
        {"DK-R-006", FIRE, 0, DKDK PM(PMC("31") PFA("1234"))},
        {"DK-R-006", PASS, 0, DKDK PM(PMC("42") PFA_FIB("1234", "5678"))},
        {"DK-R-007", FIRE, 0, DKDK PM(PMC("49") "<cac:PaymentMandate><cbc:ID>M1</cbc:ID></cac:PaymentMandate>")},
        {"DK-R-007", PASS, 0, DKDK PM(PMC("49") MANDATE("M1", "1234"))},
        {"DK-R-008", FIRE, 0, DKDK PM(PMC("50") PID("02#123") PFA("1234567"))},
        {"DK-R-008", FIRE, 0, DKDK PM(PMC("50") PID("01#123") PFA("123456"))},
        {"DK-R-008", PASS, 0, DKDK PM(PMC("50") PID("01#123") PFA("12345678"))},
        {"DK-R-009", FIRE, 0, DKDK PM(PMC("50") PID("04#123") PFA("1234567"))},
        {"DK-R-009", PASS, 0, DKDK PM(PMC("50") PID("04#1234567890123456") PFA("1234567"))},
        {"DK-R-010", FIRE, 0, DKDK PM(PMC("93") PID("72#1") PFA("12345678"))},
        {"DK-R-010", FIRE, 0, DKDK PM(PMC("93") PID("73#1") PFA("1234567"))},
        {"DK-R-010", PASS, 0, DKDK PM(PMC("93") PID("73#1") PFA("12345678"))},
        {"DK-R-011", FIRE, 0, DKDK PM(PMC("93") PID("71#123") PFA("12345678"))},
        {"DK-R-011", PASS, 0, DKDK PM(PMC("93") PID("71#123456789012345") PFA("12345678"))},
        {"DK-R-017", FIRE, 0, SUP(ADDR("DK")) CUS(ADDR("DK") PLE(" schemeID=\"0088\"", "1"))},
        {"DK-R-017", PASS, 0, SUP(ADDR("DK")) CUS(ADDR("DK") PLE(" schemeID=\"0184\"", "1"))},
        {"DK-R-003", FIRE, 0, DKDK "<cac:InvoiceLine><cbc:ID>1</cbc:ID><cac:Item><cac:CommodityClassification>"
                               "<cbc:ItemClassificationCode listID=\"TST\" listVersionID=\"19.05.02\">1</cbc:ItemClassificationCode>"
                               "</cac:CommodityClassification></cac:Item></cac:InvoiceLine>"},
        {"DK-R-003", PASS, 0, DKDK "<cac:InvoiceLine><cbc:ID>1</cbc:ID><cac:Item><cac:CommodityClassification>"
                               "<cbc:ItemClassificationCode listID=\"TST\" listVersionID=\"26.08.01\">1</cbc:ItemClassificationCode>"
                               "</cac:CommodityClassification></cac:Item></cac:InvoiceLine>"},
        {"DK-R-004", FIRE, 0, DKDK "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>"
                               "<cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode>"
                               "<cbc:AllowanceChargeReason>#fee</cbc:AllowanceChargeReason></cac:AllowanceCharge>"},
        {"DK-R-004", FIRE, 0, DKDK "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>"
                               "<cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>"},
        {"DK-R-004", PASS, 0, DKDK "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>"
                               "<cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode>"
                               "<cbc:AllowanceChargeReason>0012</cbc:AllowanceChargeReason></cac:AllowanceCharge>"},
        {"DK-R-004", PASS, 0, DKDK "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>"
                               "<cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode>"
                               "<cbc:AllowanceChargeReason>Fee#1</cbc:AllowanceChargeReason></cac:AllowanceCharge>"},
    };
    RUN(t);
}

static void test_italy(void)
{
    static const tcase t[] = {
        {"IT-R-001", FIRE, 0, IT_SUP(PTS("abc", "TAX"))},
        {"IT-R-001", FIRE, 0, IT_SUP("<cac:PartyTaxScheme>" SCHEME("TAX") "</cac:PartyTaxScheme>")},
        {"IT-R-001", PASS, 0, IT_SUP(PTS(" RSSMRA80A01H501U ", "TAX"))},
        {"IT-R-001", PASS, 0, SUP(PTS("FR12345678901", "VAT") PTS("abc", "TAX"))},
        {"IT-R-002", FIRE, 0, IT_SUP(ADDR("IT"))},
        {"IT-R-002", PASS, 0, IT_SUP(FULLADDR("IT"))},
        {"IT-R-003", FIRE, 0, IT_SUP(ADDR("IT"))},
        {"IT-R-003", PASS, 0, IT_SUP(FULLADDR("IT"))},
        {"IT-R-004", FIRE, 0, IT_SUP("")},
        {"IT-R-004", PASS, 0, IT_SUP(FULLADDR("IT"))},
    };
    RUN(t);
}

static void test_sweden(void)
{
    static const tcase t[] = {
        {"SE-R-001", FIRE, 0, SUP(ADDR("SE") PTS("SE55667788990", "VAT"))},
        {"SE-R-001", PASS, 0, SUP(ADDR("SE") PTS("SE556677889901", "VAT"))},
        {"SE-R-002", FIRE, 0, SUP(ADDR("SE") PTS("SE55667788990A", "VAT"))},
        {"SE-R-002", PASS, 0, SUP(ADDR("SE") PTS("SE556677889901", "VAT"))},
        {"SE-R-002", PASS, 0, SUP(ADDR("FI") PTS("SE55667788990A", "VAT"))},
        {"SE-R-003", FIRE, 0, SE_SUP(PLE("", "556732-1707"))},
        {"SE-R-003", PASS, 0, SE_SUP(PLE("", "5567321707"))},
        {"SE-R-004", FIRE, 0, SE_SUP(PLE("", "556732170"))},
        {"SE-R-004", PASS, 0, SE_SUP(PLE("", " 5567321707 "))},
        {"SE-R-013", FIRE, 0, SE_SUP(PLE("", "5567321708"))},
        {"SE-R-013", PASS, 0, SE_SUP(PLE("", "5567321707"))},
        {"SE-R-005", FIRE, 0, SE_SUP(PTS("F-skatt", "TAX") PLE("", "5567321707"))},
        {"SE-R-005", PASS, 0, SE_SUP(PTS("godk\xC3\xa4nd  f\xC3\xb6r f-skatt", "TAX") PLE("", "5567321707"))},
        {"SE-R-005", PASS, 0, SE_SUP(PTS("F-skatt", "TAX"))},   /* only with a legal registration id */
        {"SE-R-006", FIRE, 0, SE_SUP("") "<cac:TaxTotal><cac:TaxSubtotal>" CAT("TaxCategory", "S", PCT("20")) "</cac:TaxSubtotal></cac:TaxTotal>"},
        {"SE-R-006", FIRE, 0, SE_SUP("") "<cac:InvoiceLine><cac:Item>" CAT("ClassifiedTaxCategory", "S", "") "</cac:Item></cac:InvoiceLine>"},
        {"SE-R-006", PASS, 0, SE_SUP("") "<cac:TaxTotal><cac:TaxSubtotal>" CAT("TaxCategory", "S", PCT("12.00")) "</cac:TaxSubtotal></cac:TaxTotal>"},
        {"SE-R-006", PASS, 0, SE_SUP("") "<cac:TaxTotal><cac:TaxSubtotal>" CAT("TaxCategory", "Z", PCT("0")) "</cac:TaxSubtotal></cac:TaxTotal>"},
        {"SE-R-007", WARN, 0, SE_SUP("") PM(PMC("30") PFA_FIB("12a", "SE:PLUSGIRO"))},
        {"SE-R-007", PASS, 0, SE_SUP("") PM(PMC("30") PFA_FIB("1234567", "SE:PLUSGIRO"))},
        {"SE-R-010", WARN, 0, SE_SUP("") PM(PMC("30") PFA_FIB("123456789", "SE:PLUSGIRO"))},
        {"SE-R-010", PASS, 0, SE_SUP("") PM(PMC("30") PFA_FIB("12", "SE:PLUSGIRO"))},
        {"SE-R-008", WARN, 0, SE_SUP("") PM(PMC("30") PFA_FIB("12a4567", "SE:BANKGIRO"))},
        {"SE-R-008", PASS, 0, SE_SUP("") PM(PMC("30") PFA_FIB("1234567", "SE:BANKGIRO"))},
        {"SE-R-009", WARN, 0, SE_SUP("") PM(PMC("30") PFA_FIB("123456", "SE:BANKGIRO"))},
        {"SE-R-009", PASS, 0, SE_SUP("") PM(PMC("30") PFA_FIB("12345678", "SE:BANKGIRO"))},
        {"SE-R-009", PASS, 0, SE_SUP("") PM(PMC("58") PFA_FIB("123456", "SE:BANKGIRO"))},
        {"SE-R-011", WARN, 0, SE_SUP("") PM(PMC("56"))},
        {"SE-R-011", PASS, 0, SE_SUP("") PM(PMC("30"))},
        {"SE-R-012", WARN, 0, SE_SUP("") CUS(ADDR("SE")) PM(PMC("31"))},
        {"SE-R-012", PASS, 0, SE_SUP("") CUS(ADDR("NO")) PM(PMC("31"))},
    };
    RUN(t);
}

static void test_greece_id(void)
{
    static const tcase t[] = {
        {"GR-R-001-1", FIRE, 0, GR_ID("094259216|01/10/2010|0|1.1|A") GR_SUP("")},
        {"GR-R-001-1", PASS, 0, GR_ID(GR_OKID) GR_SUP("")},
        {"GR-R-001-1", PASS, 0, GR_ID("1|2") SUP(PTS("FR12345678901", "VAT") ADDR("GR"))},
        {"GR-R-001-2", FIRE, 0, GR_ID("094259217|01/10/2010|0|1.1|A|1") GR_SUP("")},
        {"GR-R-001-2", FIRE, 0, GR_ID("061828591|01/10/2010|0|1.1|A|1") GR_SUP("")},
        {"GR-R-001-2", PASS, 0, GR_ID(GR_OKID) GR_SUP("")},
        {"GR-R-001-3", FIRE, 0, GR_ID("094259216|02/10/2010|0|1.1|A|1") GR_SUP("")},
        {"GR-R-001-3", FIRE, 0, GR_ID("094259216|1/10/2010|0|1.1|A|1") GR_SUP("")},
        {"GR-R-001-3", PASS, 0, GR_ID(GR_OKID) GR_SUP("")},
        {"GR-R-001-4", FIRE, 0, GR_ID("094259216|01/10/2010|x|1.1|A|1") GR_SUP("")},
        {"GR-R-001-4", FIRE, 0, GR_ID("094259216|01/10/2010|-2|1.1|A|1") GR_SUP("")},
        {"GR-R-001-4", PASS, 0, GR_ID("094259216|01/10/2010|12|1.1|A|1") GR_SUP("")},
        {"GR-R-001-5", FIRE, 0, GR_ID("094259216|01/10/2010|0|3.3|A|1") GR_SUP("")},
        {"GR-R-001-5", PASS, 0, GR_ID("094259216|01/10/2010|0|5.2|A|1") GR_SUP("")},
        {"GR-R-001-6", FIRE, 0, GR_ID("094259216|01/10/2010|0|1.1||1") GR_SUP("")},
        {"GR-R-001-6", PASS, 0, GR_ID(GR_OKID) GR_SUP("")},
        {"GR-R-001-7", FIRE, 0, GR_ID("094259216|01/10/2010|0|1.1|A|") GR_SUP("")},
        {"GR-R-001-7", PASS, 0, GR_ID(GR_OKID) GR_SUP("")},
    };
    RUN(t);
}

static void test_greece(void)
{
    static const tcase t[] = {
        {"GR-R-002", FIRE, 0, SUP(ADDR("GR") PTS("EL094259216", "VAT"))},
        {"GR-R-002", PASS, 0, GR_SUP("")},
        {"GR-S-011", WARN, 0, SUP(NAME("S") PTS("GR094259216", "VAT"))},
        {"GR-S-011", PASS, 0, GR_SUP("")},
        {"GR-R-003", FIRE, 0, SUP(NAME("S") PTS("EL094259217", "VAT"))},
        {"GR-R-003", PASS, 0, GR_SUP("")},
        {"GR-R-004-1", FIRE, 0, GR_SUP("")},
        {"GR-R-004-1", PASS, 0, ADR("123", "##M.AR.K##") GR_SUP("")},
        {"GR-R-004-1", PASS, 0, SUP(NAME("S") ADDR("CY") PTS("EL094259216", "VAT"))},
        {"GR-R-004-2", FIRE, 0, ADR("0123", "##M.AR.K##") GR_SUP("")},
        {"GR-R-004-2", PASS, 0, ADR("400001", "##M.AR.K##") GR_SUP("")},
        {"GR-S-008-1", WARN, 0, GR_SUP("")},
        {"GR-S-008-1", PASS, 0, ADR("u", "##INVOICE|URL##") GR_SUP("")},
        {"GR-R-008-2", FIRE, 0, ADR("u", "##INVOICE|URL##") ADR("v", "##INVOICE|URL##") GR_SUP("")},
        {"GR-R-008-2", PASS, 0, ADR("u", "##INVOICE|URL##") GR_SUP("")},
        {"GR-R-008-3", FIRE, 0, ADR("u", "##INVOICE|URL##") GR_SUP("")},
        {"GR-R-008-3", PASS, 0, "<cac:AdditionalDocumentReference><cbc:ID>u</cbc:ID><cbc:DocumentDescription>##INVOICE|URL##"
                                "</cbc:DocumentDescription><cac:Attachment><cac:ExternalReference><cbc:URI>https://x</cbc:URI>"
                                "</cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>" GR_SUP("")},
        {"GR-R-005", FIRE, 0, GR_SUP("") CUS(ADDR("FR"))},
        {"GR-R-005", PASS, 0, GR_SUP("") CUS(NAME("B") ADDR("FR"))},
        {"GR-R-006", FIRE, 0, GR_SUP("") CUS(NAME("B") ADDR("GR"))},
        {"GR-R-006", PASS, 0, GR_SUP("") GR_CUS("")},
        {"GR-R-006", PASS, 0, GR_SUP("") CUS(NAME("B") ADDR("FR"))},
        {"GR-R-009", FIRE, 0, SUP("<cbc:EndpointID schemeID=\"0088\">094259216</cbc:EndpointID>" NAME("S") PTS("EL094259216", "VAT"))},
        {"GR-R-009", PASS, 0, SUP("<cbc:EndpointID schemeID=\"9933\">094259216</cbc:EndpointID>" NAME("S") PTS("EL094259216", "VAT"))},
        {"GR-R-010", FIRE, 0, GR_SUP("") CUS("<cbc:EndpointID schemeID=\"9933\">094259217</cbc:EndpointID>" NAME("B") ADDR("GR"))},
        {"GR-R-010", PASS, 0, GR_SUP("") CUS("<cbc:EndpointID schemeID=\"9933\">094259216</cbc:EndpointID>" NAME("B") ADDR("GR"))},
    };
    RUN(t);
}

static void test_iceland(void)
{
    static const tcase t[] = {
        {"IS-R-001", WARN, 0, "<cbc:InvoiceTypeCode>383</cbc:InvoiceTypeCode>" IS_FULL_SUP},
        {"IS-R-001", PASS, 0, "<cbc:InvoiceTypeCode> 380 </cbc:InvoiceTypeCode>" IS_FULL_SUP},
        {"IS-R-001", PASS, 1, "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>" IS_FULL_SUP},
        {"IS-R-002", FIRE, 0, IS_SUP("")},
        {"IS-R-002", FIRE, 0, IS_SUP(PLE(" schemeID=\"0088\"", "1234567890"))},
        {"IS-R-002", PASS, 0, IS_FULL_SUP},
        {"IS-R-003", FIRE, 0, SUP(ADDR("IS"))},
        {"IS-R-003", PASS, 0, IS_FULL_SUP},
        {"IS-R-004", FIRE, 0, IS_FULL_SUP CUS(FULLADDR("IS"))},
        {"IS-R-004", PASS, 0, IS_FULL_SUP CUS(FULLADDR("IS") PLE(" schemeID=\"0196\"", "1"))},
        {"IS-R-004", PASS, 0, IS_FULL_SUP CUS(FULLADDR("NO"))},
        {"IS-R-005", FIRE, 0, IS_FULL_SUP CUS(ADDR("IS"))},
        {"IS-R-005", PASS, 0, IS_FULL_SUP CUS(FULLADDR("IS"))},
        {"IS-R-006", FIRE, 0, IS_FULL_SUP PM(PMC("9") PFA("01236612345"))},
        {"IS-R-006", PASS, 0, IS_FULL_SUP PM(PMC("9") PFA("012366123456"))},
        {"IS-R-007", FIRE, 0, IS_FULL_SUP PM(PMC("42"))},
        {"IS-R-007", PASS, 0, IS_FULL_SUP PM(PMC("42") PFA(" 012326123456 "))},
        {"IS-R-008", FIRE, 0, "<cbc:DueDate>2020-01-31</cbc:DueDate>" ADR("2020-02-30", "EINDAGI") IS_FULL_SUP},
        {"IS-R-008", PASS, 0, "<cbc:DueDate>2020-01-31</cbc:DueDate>" ADR("2020-02-29", "EINDAGI") IS_FULL_SUP},
        {"IS-R-009", FIRE, 0, ADR("2020-02-15", "EINDAGI") IS_FULL_SUP},
        {"IS-R-009", PASS, 0, "<cbc:DueDate>2020-01-31</cbc:DueDate>" ADR("2020-02-15", "EINDAGI") IS_FULL_SUP},
        {"IS-R-010", FIRE, 0, "<cbc:DueDate>2020-03-01</cbc:DueDate>" ADR("2020-02-15", "EINDAGI") IS_FULL_SUP},
        {"IS-R-010", PASS, 0, "<cbc:DueDate>2020-02-15</cbc:DueDate>" ADR("2020-02-15", "EINDAGI") IS_FULL_SUP},
    };
    RUN(t);
}

static void test_netherlands(void)
{
    static const tcase t[] = {
        {"NL-R-001", FIRE, 1, "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>" NL_SUP("")},
        {"NL-R-001", PASS, 1, "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode><cac:BillingReference><cac:InvoiceDocumentReference>"
                              "<cbc:ID>INV-1</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>" NL_SUP("")},
        {"NL-R-002", FIRE, 0, NL_SUP("")},
        {"NL-R-002", PASS, 0, SUP(FULLADDR("nl"))},
        {"NL-R-003", FIRE, 0, NL_SUP(PLE(" schemeID=\"0184\"", "12345678"))},
        {"NL-R-003", FIRE, 0, NL_SUP(PLE(" schemeID=\"0106\"", " "))},
        {"NL-R-003", PASS, 0, NL_SUP(PLE(" schemeID=\"0106\"", "12345678"))},
        {"NL-R-004", FIRE, 0, NL_SUP("") CUS(ADDR("NL"))},
        {"NL-R-004", PASS, 0, NL_SUP("") CUS(FULLADDR("NL"))},
        {"NL-R-004", PASS, 0, NL_SUP("") CUS(ADDR("BE"))},
        {"NL-R-005", FIRE, 0, NL_SUP("") CUS(ADDR("NL") PLE("", "1"))},
        {"NL-R-005", PASS, 0, NL_SUP("") CUS(ADDR("NL") PLE(" schemeID=\"0190\"", "1"))},
        {"NL-R-006", FIRE, 0, NL_SUP("") "<cac:TaxRepresentativeParty>" ADDR("NL") "</cac:TaxRepresentativeParty>"},
        {"NL-R-006", PASS, 0, NL_SUP("") "<cac:TaxRepresentativeParty>" FULLADDR("NL") "</cac:TaxRepresentativeParty>"},
        {"NL-R-007", FIRE, 0, NL_SUP("") LMT("100.00")},
        {"NL-R-007", PASS, 0, NL_SUP("") LMT("0.00")},
        {"NL-R-007", PASS, 0, NL_SUP("") PM(PMC("30")) LMT("100.00")},
        {"NL-R-007", FIRE, 1, NL_SUP("") LMT("-1.00")},
        {"NL-R-008", FIRE, 0, NL_SUP("") CUS(ADDR("NL")) PM(PMC("31"))},
        {"NL-R-008", PASS, 0, NL_SUP("") CUS(ADDR("NL")) PM(PMC(" 58 "))},
        {"NL-R-009", FIRE, 0, NL_SUP("") "<cac:InvoiceLine><cac:OrderLineReference><cbc:LineID>1</cbc:LineID></cac:OrderLineReference></cac:InvoiceLine>"},
        {"NL-R-009", PASS, 0, "<cac:OrderReference><cbc:ID>PO</cbc:ID></cac:OrderReference>" NL_SUP("")
                              "<cac:InvoiceLine><cac:OrderLineReference><cbc:LineID>1</cbc:LineID></cac:OrderLineReference></cac:InvoiceLine>"},
        /* two seller country codes make $supplierCountryIsNL fail: no NL context matches */
        {"NL-R-002", PASS, 0, SUP(ADDR("NL") ADDR("NL"))},
    };
    RUN(t);
}

#define DE_CONTACT(n, tel, mail) "<cac:Contact><cbc:Name>" n "</cbc:Name><cbc:Telephone>" tel "</cbc:Telephone><cbc:ElectronicMail>" \
    mail "</cbc:ElectronicMail></cac:Contact>"
#define DE_LINE(cat) "<cac:InvoiceLine><cbc:ID>1</cbc:ID><cac:Item>" CAT("ClassifiedTaxCategory", cat, PCT("19")) "</cac:Item></cac:InvoiceLine>"
#define ATT(file) "<cac:AdditionalDocumentReference><cbc:ID>a</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject " \
    "mimeCode=\"application/pdf\" filename=\"" file "\">AA==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>"
#define NOTE(n) "<cac:PaymentTerms><cbc:Note>" n "</cbc:Note></cac:PaymentTerms>"

static void test_germany_document(void)
{
    static const tcase t[] = {
        {"DE-R-001", FIRE, 0, DEDE("")},
        {"DE-R-001", PASS, 0, DEDE("") PM(PMC("30"))},
        {"DE-R-001", PASS, 0, SUP(ADDR("DE")) CUS(ADDR("AT"))},
        {"DE-R-015", FIRE, 0, "<cbc:BuyerReference> </cbc:BuyerReference>" DEDE("")},
        {"DE-R-015", PASS, 0, "<cbc:BuyerReference>04011000-1234512345-06</cbc:BuyerReference>" DEDE("")},
        {"DE-R-016", FIRE, 0, DEDE("") DE_LINE("S")},
        {"DE-R-016", PASS, 0, DEDE(PTS("DE123456789", "VAT")) DE_LINE("S")},
        {"DE-R-016", PASS, 0, DEDE("") "<cac:TaxRepresentativeParty/>" DE_LINE("S")},
        {"DE-R-016", PASS, 0, DEDE("") DE_LINE("O")},
        {"DE-R-017", WARN, 0, "<cbc:InvoiceTypeCode>383</cbc:InvoiceTypeCode>" DEDE("")},
        {"DE-R-017", PASS, 0, "<cbc:InvoiceTypeCode>875</cbc:InvoiceTypeCode>" DEDE("")},
        {"DE-R-018", FIRE, 0, DEDE("") NOTE("#SKONTO#TAGE=7#PROZENT=2#\n")},
        {"DE-R-018", FIRE, 0, DEDE("") NOTE("#SKONTO#TAGE=7#PROZENT=2.00#")},
        {"DE-R-018", PASS, 0, DEDE("") NOTE("#SKONTO#TAGE=7#PROZENT=2.00#\n#SKONTO#TAGE=14#PROZENT=1.00#BASISBETRAG=-10.00#\n")},
        {"DE-R-018", PASS, 0, DEDE("") NOTE("Zahlbar sofort")},
        {"DE-R-022", FIRE, 0, ATT("a.pdf") ATT("a.pdf") DEDE("")},
        {"DE-R-022", PASS, 0, ATT("a.pdf") ATT("b.pdf") DEDE("")},
        {"DE-R-026", WARN, 0, "<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>" DEDE("")},
        {"DE-R-026", PASS, 0, "<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode><cac:BillingReference><cac:InvoiceDocumentReference>"
                              "<cbc:ID>1</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>" DEDE("")},
        {"DE-R-030", FIRE, 0, DEDE("") PM(PMC("59") MANDATE("M", "DE89370400440532013000"))},
        {"DE-R-030", PASS, 0, SUP("<cac:PartyIdentification><cbc:ID schemeID=\"SEPA\">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification>"
                              ADDR("DE")) CUS(ADDR("DE")) PM(PMC("59") MANDATE("M", "DE89370400440532013000"))},
        {"DE-R-031", FIRE, 0, DEDE("") PM(PMC("59") "<cac:PaymentMandate><cbc:ID>M</cbc:ID></cac:PaymentMandate>")},
        {"DE-R-031", PASS, 0, DEDE("") PM(PMC("59") MANDATE("M", "DE89370400440532013000"))},
        {"DE-R-T02", WARN, 0, "<cac:AdditionalDocumentReference><cbc:ID>a</cbc:ID><cac:Attachment><cac:ExternalReference>"
                              "<cbc:URI>www.example.de</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>" DEDE("")},
        {"DE-R-T02", PASS, 0, "<cac:AdditionalDocumentReference><cbc:ID>a</cbc:ID><cac:Attachment><cac:ExternalReference>"
                              "<cbc:URI>https://www.example.de</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>" DEDE("")},
    };
    RUN(t);
}

static void test_germany_parties(void)
{
    static const tcase t[] = {
        {"DE-R-002", FIRE, 0, DEDE("")},
        {"DE-R-002", PASS, 0, DEDE(DE_CONTACT("A", "030 123", "a@b.de"))},
        {"DE-R-003", FIRE, 0, DEDE("")},
        {"DE-R-003", PASS, 0, SUP(FULLADDR("DE")) CUS(ADDR("DE"))},
        {"DE-R-004", FIRE, 0, DEDE("")},
        {"DE-R-004", PASS, 0, SUP(FULLADDR("DE")) CUS(ADDR("DE"))},
        {"DE-R-005", FIRE, 0, DEDE(DE_CONTACT(" ", "030 123", "a@b.de"))},
        {"DE-R-005", PASS, 0, DEDE(DE_CONTACT("A", "030 123", "a@b.de"))},
        {"DE-R-006", FIRE, 0, DEDE("<cac:Contact><cbc:Name>A</cbc:Name></cac:Contact>")},
        {"DE-R-006", PASS, 0, DEDE(DE_CONTACT("A", "030 123", "a@b.de"))},
        {"DE-R-007", FIRE, 0, DEDE("<cac:Contact><cbc:Name>A</cbc:Name></cac:Contact>")},
        {"DE-R-007", PASS, 0, DEDE(DE_CONTACT("A", "030 123", "a@b.de"))},
        {"DE-R-027", WARN, 0, DEDE(DE_CONTACT("A", "12", "a@b.de"))},
        {"DE-R-027", PASS, 0, DEDE(DE_CONTACT("A", "+49 (0)30 1", "a@b.de"))},
        {"DE-R-028", WARN, 0, DEDE(DE_CONTACT("A", "030 123", "a@b"))},
        {"DE-R-028", WARN, 0, DEDE(DE_CONTACT("A", "030 123", "a b@c.de"))},
        {"DE-R-028", PASS, 0, DEDE(DE_CONTACT("A", "030 123", " first.last@mail.example.de "))},
        {"DE-R-008", FIRE, 0, DEDE("")},
        {"DE-R-008", PASS, 0, SUP(ADDR("DE")) CUS(FULLADDR("DE"))},
        {"DE-R-009", FIRE, 0, DEDE("")},
        {"DE-R-009", PASS, 0, SUP(ADDR("DE")) CUS(FULLADDR("DE"))},
        {"DE-R-010", FIRE, 0, DEDE("") "<cac:Delivery><cac:DeliveryLocation><cac:Address/></cac:DeliveryLocation></cac:Delivery>"},
        {"DE-R-010", PASS, 0, DEDE("") "<cac:Delivery><cac:DeliveryLocation>" FULLADDR("DE") "</cac:DeliveryLocation></cac:Delivery>"},
        {"DE-R-011", FIRE, 0, DEDE("") "<cac:Delivery><cac:DeliveryLocation><cac:Address/></cac:DeliveryLocation></cac:Delivery>"},
        {"DE-R-011", PASS, 0, DEDE("") "<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:PostalZone>1</cbc:PostalZone></cac:Address></cac:DeliveryLocation></cac:Delivery>"},
        {"DE-R-014", FIRE, 0, DEDE("") "<cac:TaxTotal><cac:TaxSubtotal>" CAT("TaxCategory", "S", "") "</cac:TaxSubtotal></cac:TaxTotal>"},
        {"DE-R-014", PASS, 0, DEDE("") "<cac:TaxTotal><cac:TaxSubtotal>" CAT("TaxCategory", "S", PCT("19")) "</cac:TaxSubtotal></cac:TaxTotal>"},
    };
    RUN(t);
}

static void test_germany_payment(void)
{
    static const tcase t[] = {
        {"DE-R-019", WARN, 0, DEDE("") PM(PMC("58") PFA("DE89370400440532013001"))},
        {"DE-R-019", PASS, 0, DEDE("") PM(PMC("58") PFA("DE89 3704 0044 0532 0130 00"))},
        {"DE-R-019", PASS, 0, DEDE("") PM(PMC("30") PFA("1234"))},
        {"DE-R-020", WARN, 0, DEDE("") PM(PMC("59") MANDATE("M", "DE8937040044053201300"))},
        {"DE-R-020", PASS, 0, DEDE("") PM(PMC("59") MANDATE("M", "GB29NWBK60161331926819"))},
        {"DE-R-023-1", FIRE, 0, DEDE("") PM(PMC("30"))},
        {"DE-R-023-1", PASS, 0, DEDE("") PM(PMC("30") PFA("1234"))},
        {"DE-R-023-2", FIRE, 0, DEDE("") PM(PMC("30") PFA("1234") CARD)},
        {"DE-R-023-2", PASS, 0, DEDE("") PM(PMC("30") PFA("1234"))},
        {"DE-R-024-1", FIRE, 0, DEDE("") PM(PMC("48"))},
        {"DE-R-024-1", PASS, 0, DEDE("") PM(PMC("54") CARD)},
        {"DE-R-024-2", FIRE, 0, DEDE("") PM(PMC("55") CARD PFA("1"))},
        {"DE-R-024-2", PASS, 0, DEDE("") PM(PMC("55") CARD)},
        {"DE-R-025-1", FIRE, 0, DEDE("") PM(PMC("59"))},
        {"DE-R-025-1", PASS, 0, DEDE("") PM(PMC("59") MANDATE("M", "DE89370400440532013000"))},
        {"DE-R-025-2", FIRE, 0, DEDE("") PM(PMC("59") MANDATE("M", "DE89370400440532013000") CARD)},
        {"DE-R-025-2", PASS, 0, DEDE("") PM(PMC("59") MANDATE("M", "DE89370400440532013000"))},
        /* two payment means codes: normalize-space() fails, none of the three contexts matches */
        {"DE-R-023-1", PASS, 0, DEDE("") PM(PMC("30") PMC("30"))},
    };
    RUN(t);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("peppol_national", NULL, NULL);
    CU_add_test(s, "Norway", test_norway);
    CU_add_test(s, "Denmark", test_denmark);
    CU_add_test(s, "Italy", test_italy);
    CU_add_test(s, "Sweden", test_sweden);
    CU_add_test(s, "Greece invoice number", test_greece_id);
    CU_add_test(s, "Greece", test_greece);
    CU_add_test(s, "Iceland", test_iceland);
    CU_add_test(s, "Netherlands", test_netherlands);
    CU_add_test(s, "Germany document", test_germany_document);
    CU_add_test(s, "Germany parties", test_germany_parties);
    CU_add_test(s, "Germany payment", test_germany_payment);
}
