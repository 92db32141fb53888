/* XRECHNUNG profile (KoSIT XRechnung 3.0.2, xrechnung-schematron 2.5.0): for every rule of
 * the plugin, UBL and CII, a small document that makes it fire and one that does not. The
 * documents are fragments: each case only asserts the verdict of the rule it names (and its
 * severity: warnings and the informational BR-DE-TMP-32 must not be errors).
 * Set XR_TEST_DUMP=<dir> to write every document to that folder (to compare with the
 * official XSLT by hand). */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tsupport.h"

enum { PASS = 0, FIRE = 1 };
enum { UBL, UBLCN, CII };
#define E EINV_SEV_ERROR
#define W EINV_SEV_WARNING
#define I EINV_SEV_INFO

typedef struct tcase {
    int syntax;
    const char *rule;
    einv_severity sev;
    int expect;
    const char *body;
} tcase;

/* ---- identifiers ---- */
#define CIUS "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
#define EXT CIUS "#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0"
#define CVD CIUS "#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9"
#define GOOD_IBAN "DE75 5121 0800 1245 1261 99"
#define BAD_IBAN "DE75512108001245126198"

/* ---- UBL fragments ---- */
#define B(n, v) "<cbc:" n ">" v "</cbc:" n ">"
#define A(n, x) "<cac:" n ">" x "</cac:" n ">"
#define CUST(id) B("CustomizationID", id)
#define PM(code, x) A("PaymentMeans", B("PaymentMeansCode", code) x)
#define PFA(id) A("PayeeFinancialAccount", B("ID", id))
#define MANDATE(x) A("PaymentMandate", B("ID", "M-1") x)
#define PAYER(id) A("PayerFinancialAccount", B("ID", id))
#define CARD A("CardAccount", B("PrimaryAccountNumberID", "1234") B("NetworkID", "VISA"))
#define SUPPLIER(x) A("AccountingSupplierParty", A("Party", x))
#define CUSTOMER(x) A("AccountingCustomerParty", A("Party", x))
#define ADDR(x) A("PostalAddress", x)
#define CONTACT(x) A("Contact", x)
#define ULINE(x) A("InvoiceLine", B("ID", "1") x)
#define CAT(id) A("ClassifiedTaxCategory", B("ID", id) A("TaxScheme", B("ID", "VAT")))
#define VATID A("PartyTaxScheme", B("CompanyID", "DE123456789") A("TaxScheme", B("ID", "VAT")))
#define ADR(name) \
    A("AdditionalDocumentReference", B("ID", "A") A("Attachment", \
      "<cbc:EmbeddedDocumentBinaryObject mimeCode=\"application/pdf\" filename=\"" name "\">QQ==</cbc:EmbeddedDocumentBinaryObject>"))
#define EXTREF(uri) A("AdditionalDocumentReference", B("ID", "A") A("Attachment", A("ExternalReference", B("URI", uri))))
#define NOTE(t) A("PaymentTerms", B("Note", t))
#define AMT(n, v) "<cbc:" n " currencyID=\"EUR\">" v "</cbc:" n ">"
#define UAC(x) A("AllowanceCharge", x)
#define PRICE(x) A("Price", x)
#define ITEM(x) A("Item", B("Name", "Car") x)
#define CLASS(list, v) A("CommodityClassification", "<cbc:ItemClassificationCode listID=\"" list "\">" v "</cbc:ItemClassificationCode>")
#define PROP(n, v) A("AdditionalItemProperty", B("Name", n) B("Value", v))
#define SCHEMED(el, s, v) "<cbc:" el " schemeID=\"" s "\">" v "</cbc:" el ">"

/* ---- CII fragments ---- */
#define R(n, v) "<ram:" n ">" v "</ram:" n ">"
#define CTX(x) "<rsm:ExchangedDocumentContext>" x "</rsm:ExchangedDocumentContext>"
#define GUIDE(id) CTX(R("GuidelineSpecifiedDocumentContextParameter", R("ID", id)))
#define DOC(x) "<rsm:ExchangedDocument>" x "</rsm:ExchangedDocument>"
#define TX(x) "<rsm:SupplyChainTradeTransaction>" x "</rsm:SupplyChainTradeTransaction>"
#define AGR(x) R("ApplicableHeaderTradeAgreement", x)
#define DLV(x) R("ApplicableHeaderTradeDelivery", x)
#define STL(x) R("ApplicableHeaderTradeSettlement", x)
#define SELLER(x) R("SellerTradeParty", x)
#define BUYER(x) R("BuyerTradeParty", x)
#define CADDR(x) R("PostalTradeAddress", x)
#define CCONTACT(x) R("DefinedTradeContact", x)
#define TEL(v) R("TelephoneUniversalCommunication", R("CompleteNumber", v))
#define MAIL(v) R("EmailURIUniversalCommunication", R("URIID", v))
#define CPM(code, x) R("SpecifiedTradeSettlementPaymentMeans", R("TypeCode", code) x)
#define CREDITOR(iban) R("PayeePartyCreditorFinancialAccount", R("IBANID", iban))
#define DEBTOR(iban) R("PayerPartyDebtorFinancialAccount", R("IBANID", iban))
#define CCARD R("ApplicableTradeSettlementFinancialCard", R("ID", "1234"))
#define TERMS(x) R("SpecifiedTradePaymentTerms", x)
#define CLINE(x) R("IncludedSupplyChainTradeLineItem", x)
#define LAGR(x) R("SpecifiedLineTradeAgreement", x)
#define LDLV(x) R("SpecifiedLineTradeDelivery", x)
#define LSTL(x) R("SpecifiedLineTradeSettlement", x)
#define TAX(x) R("ApplicableTradeTax", x)
#define IND(b) R("ChargeIndicator", "<udt:Indicator>" b "</udt:Indicator>")
#define QTY(el, u, v) "<ram:" el " unitCode=\"" u "\">" v "</ram:" el ">"
#define DT(el, d) "<ram:" el "><udt:DateTimeString format=\"102\">" d "</udt:DateTimeString></ram:" el ">"
#define PRODUCT(x) R("SpecifiedTradeProduct", R("Name", "Car") x)
#define CCLASS(list, v) R("DesignatedProductClassification", "<ram:ClassCode listID=\"" list "\">" v "</ram:ClassCode>")
#define CHAR(d, v) R("ApplicableProductCharacteristic", R("Description", d) R("Value", v))
#define CSCHEMED(el, s, v) "<ram:" el " schemeID=\"" s "\">" v "</ram:" el ">"
#define SEPA_DD TERMS(R("DirectDebitMandateID", "M-1")) R("CreditorReferenceID", "DE98ZZZ09999999999")

static int dump_no;

static const char *wrap(int syntax, const char *body)
{
    return syntax == UBL ? tst_ubl(body) : syntax == UBLCN ? tst_ubl_cn(body) : tst_cii(body);
}

static void run(const tcase *tc, size_t n)
{
    size_t i;
    const char *dump = getenv("XR_TEST_DUMP");
    for (i = 0; i < n; i++) {
        const char *doc = wrap(tc[i].syntax, tc[i].body);
        tst_result_t *r = tst_validate("XRECHNUNG", NULL, doc);
        int ok;
        char msg[900];
        if (dump && *dump) {
            char path[512];
            FILE *f;
            snprintf(path, sizeof path, "%s/%04d-%s-%s.xml", dump, ++dump_no, tc[i].rule,
                     tc[i].expect == FIRE ? "fire" : "pass");
            if ((f = fopen(path, "w")) != NULL) {
                fputs(doc, f);
                fclose(f);
            }
        }
        if (tc[i].expect == FIRE)
            ok = tst_has(r, tc[i].rule, tc[i].sev);
        else
            ok = tst_count(r, tc[i].rule) == 0;
        snprintf(msg, sizeof msg, "%s should %s: %.400s | got: %.300s [%s]", tc[i].rule,
                 tc[i].expect == PASS ? "not fire" : "fire", tc[i].body, tst_codes(r),
                 tst_error(r) ? tst_error(r) : "");
        CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, __LINE__, msg, __FILE__, "", CU_FALSE);
        tst_free(r);
    }
}
#define RUN(t) run(t, sizeof t / sizeof t[0])

/* ---- UBL: the national rules ---- */
static void test_ubl_de(void)
{
    static const tcase t[] = {
        {UBL, "BR-DE-1", E, FIRE, B("ID", "1")},
        {UBL, "BR-DE-1", E, PASS, PM("1", "")},
        {UBL, "BR-DE-15", E, FIRE, B("BuyerReference", " ")},
        {UBL, "BR-DE-15", E, PASS, B("BuyerReference", "04011000-12345-03")},
        {UBL, "BR-DE-16", E, FIRE, ULINE(ITEM(CAT("S")))},
        {UBL, "BR-DE-16", E, FIRE, UAC(B("ChargeIndicator", "false") A("TaxCategory", B("ID", "Z")))},
        {UBL, "BR-DE-16", E, PASS, SUPPLIER(VATID) ULINE(ITEM(CAT("S")))},
        {UBL, "BR-DE-16", E, PASS, A("TaxRepresentativeParty", "") ULINE(ITEM(CAT("S")))},
        {UBL, "BR-DE-16", E, PASS, ULINE(ITEM(CAT("O")))},
        {UBL, "BR-DE-17", W, FIRE, B("InvoiceTypeCode", "386")},
        {UBL, "BR-DE-17", W, PASS, B("InvoiceTypeCode", " 380 ")},
        {UBLCN, "BR-DE-17", W, PASS, B("CreditNoteTypeCode", "381")},
        {UBL, "BR-DE-18", E, FIRE, NOTE("#SKONTO#TAGE=14#PROZENT=2.0#\n")},
        {UBL, "BR-DE-18", E, FIRE, NOTE("#SKONTO#TAGE=14#PROZENT=2.00#")},
        {UBL, "BR-DE-18", E, FIRE, NOTE("#skonto#TAGE=14#PROZENT=2.00#\n")},
        {UBL, "BR-DE-18", E, PASS, NOTE("Pay within 30 days\n#SKONTO#TAGE=14#PROZENT=2.00#\n")},
        {UBL, "BR-DE-18", E, PASS, NOTE("#SKONTO#TAGE=7#PROZENT=3.00#BASISBETRAG=-20.50#\n")},
        {UBL, "BR-DE-18", E, PASS, NOTE("No discount")},
        {UBL, "BR-DE-19", W, FIRE, PM("58", PFA(BAD_IBAN))},
        {UBL, "BR-DE-19", W, FIRE, PM("58", PFA("1234567"))},
        {UBL, "BR-DE-19", W, PASS, PM("58", PFA(GOOD_IBAN))},
        {UBL, "BR-DE-19", W, PASS, PM("30", PFA("1234567"))},
        {UBL, "BR-DE-20", W, FIRE, PM("59", MANDATE(PAYER(BAD_IBAN)))},
        {UBL, "BR-DE-20", W, PASS, PM("59", MANDATE(PAYER(GOOD_IBAN)))},
        {UBL, "BR-DE-21", W, FIRE, CUST("urn:cen.eu:en16931:2017")},
        {UBL, "BR-DE-21", W, PASS, CUST(CIUS)},
        {UBL, "BR-DE-21", W, PASS, CUST(EXT)},
        {UBL, "BR-DE-22", E, FIRE, ADR("a.pdf") ADR("b.pdf") ADR("a.pdf")},
        {UBL, "BR-DE-22", E, PASS, ADR("a.pdf") ADR("b.pdf")},
        {UBL, "BR-DE-23-a", E, FIRE, PM("30", "")},
        {UBL, "BR-DE-23-a", E, PASS, PM("30", PFA("123"))},
        {UBL, "BR-DE-23-b", E, FIRE, PM("58", PFA(GOOD_IBAN) CARD)},
        {UBL, "BR-DE-23-b", E, PASS, PM("58", PFA(GOOD_IBAN))},
        {UBL, "BR-DE-24-a", E, FIRE, PM("48", "")},
        {UBL, "BR-DE-24-a", E, PASS, PM("54", CARD)},
        {UBL, "BR-DE-24-b", E, FIRE, PM("55", CARD PFA("1"))},
        {UBL, "BR-DE-24-b", E, PASS, PM("55", CARD)},
        {UBL, "BR-DE-25-a", E, FIRE, PM("59", "")},
        {UBL, "BR-DE-25-a", E, PASS, PM("59", MANDATE(""))},
        {UBL, "BR-DE-25-b", E, FIRE, PM("59", MANDATE("") CARD)},
        {UBL, "BR-DE-25-b", E, PASS, PM("59", MANDATE(""))},
        {UBL, "BR-DE-26", W, FIRE, B("InvoiceTypeCode", "384")},
        {UBL, "BR-DE-26", W, PASS, B("InvoiceTypeCode", "384") A("BillingReference", A("InvoiceDocumentReference", B("ID", "R-1")))},
        {UBL, "BR-DE-30", E, FIRE, PM("59", MANDATE(PAYER(GOOD_IBAN)))},
        {UBL, "BR-DE-30", E, PASS, SUPPLIER(A("PartyIdentification", SCHEMED("ID", "SEPA", "DE98ZZZ09999999999"))) PM("59", MANDATE(PAYER(GOOD_IBAN)))},
        {UBL, "BR-DE-30", E, PASS, A("PayeeParty", A("PartyIdentification", SCHEMED("ID", "SEPA", "DE98ZZZ09999999999"))) PM("59", MANDATE(""))},
        {UBL, "BR-DE-31", E, FIRE, PM("59", MANDATE(""))},
        {UBL, "BR-DE-31", E, PASS, PM("59", MANDATE(PAYER(GOOD_IBAN)))},
        {UBL, "BR-DE-TMP-32", I, FIRE, ULINE("") ULINE(A("InvoicePeriod", B("StartDate", "2024-01-01")))},
        {UBL, "BR-DE-TMP-32", I, PASS, A("InvoicePeriod", B("StartDate", "2024-01-01")) ULINE("")},
        {UBL, "BR-DE-TMP-32", I, PASS, A("Delivery", B("ActualDeliveryDate", "2024-01-01")) ULINE("")},
        {UBL, "BR-DE-TMP-32", I, PASS, ULINE(A("InvoicePeriod", B("EndDate", "2024-01-31")))},
        {UBL, "BR-TMP-2", W, FIRE, EXTREF("www.example.com/a.pdf")},
        {UBL, "BR-TMP-2", W, PASS, EXTREF("https://www.example.com/a.pdf")},
        {UBL, "BR-DE-2", E, FIRE, SUPPLIER(B("EndpointID", "x"))},
        {UBL, "BR-DE-2", E, PASS, SUPPLIER(CONTACT(B("Name", "Hans")))},
        {UBL, "BR-DE-3", E, FIRE, SUPPLIER(ADDR(B("PostalZone", "10115")))},
        {UBL, "BR-DE-3", E, PASS, SUPPLIER(ADDR(B("CityName", "Berlin")))},
        {UBL, "BR-DE-4", E, FIRE, SUPPLIER(ADDR(B("CityName", "Berlin") B("PostalZone", ""))) },
        {UBL, "BR-DE-4", E, PASS, SUPPLIER(ADDR(B("PostalZone", "10115")))},
        {UBL, "BR-DE-5", E, FIRE, SUPPLIER(CONTACT(B("Telephone", "030 1234")))},
        {UBL, "BR-DE-5", E, PASS, SUPPLIER(CONTACT(B("Name", "Hans")))},
        {UBL, "BR-DE-6", E, FIRE, SUPPLIER(CONTACT(B("Name", "Hans")))},
        {UBL, "BR-DE-6", E, PASS, SUPPLIER(CONTACT(B("Telephone", "030 1234")))},
        {UBL, "BR-DE-7", E, FIRE, SUPPLIER(CONTACT(B("Name", "Hans")))},
        {UBL, "BR-DE-7", E, PASS, SUPPLIER(CONTACT(B("ElectronicMail", "hans@example.de")))},
        {UBL, "BR-DE-27", W, FIRE, SUPPLIER(CONTACT(B("Telephone", "+4 1")))},
        {UBL, "BR-DE-27", W, PASS, SUPPLIER(CONTACT(B("Telephone", "030 1234")))},
        {UBL, "BR-DE-28", W, FIRE, SUPPLIER(CONTACT(B("ElectronicMail", "hans@example")))},
        {UBL, "BR-DE-28", W, FIRE, SUPPLIER(CONTACT(B("ElectronicMail", "hans@@example.de")))},
        {UBL, "BR-DE-28", W, PASS, SUPPLIER(CONTACT(B("ElectronicMail", " hans.m@mail.example.de ")))},
        {UBL, "BR-DE-8", E, FIRE, CUSTOMER(ADDR(B("PostalZone", "10115")))},
        {UBL, "BR-DE-8", E, PASS, CUSTOMER(ADDR(B("CityName", "Berlin")))},
        {UBL, "BR-DE-9", E, FIRE, CUSTOMER(ADDR(B("CityName", "Berlin")))},
        {UBL, "BR-DE-9", E, PASS, CUSTOMER(ADDR(B("PostalZone", "10115")))},
        {UBL, "BR-DE-10", E, FIRE, A("Delivery", A("DeliveryLocation", A("Address", B("PostalZone", "1"))))},
        {UBL, "BR-DE-10", E, PASS, A("Delivery", A("DeliveryLocation", A("Address", B("CityName", "Bonn"))))},
        {UBL, "BR-DE-11", E, FIRE, A("Delivery", A("DeliveryLocation", A("Address", B("CityName", "Bonn"))))},
        {UBL, "BR-DE-11", E, PASS, A("Delivery", A("DeliveryLocation", A("Address", B("PostalZone", "53111"))))},
        {UBL, "BR-DE-14", E, FIRE, A("TaxTotal", A("TaxSubtotal", A("TaxCategory", B("ID", "S"))))},
        {UBL, "BR-DE-14", E, PASS, A("TaxTotal", A("TaxSubtotal", A("TaxCategory", B("ID", "E") B("Percent", "0"))))},
    };
    RUN(t);
}

/* ---- UBL: extension and clean vehicles ---- */
static void test_ubl_ext(void)
{
    static const tcase t[] = {
        {UBL, "BR-DEX-01", E, FIRE, CUST(EXT) A("AdditionalDocumentReference", A("Attachment", "<cbc:EmbeddedDocumentBinaryObject mimeCode=\"text/xml\">QQ==</cbc:EmbeddedDocumentBinaryObject>"))},
        {UBL, "BR-DEX-01", E, PASS, CUST(EXT) A("AdditionalDocumentReference", A("Attachment", "<cbc:EmbeddedDocumentBinaryObject mimeCode=\"application/xml\">QQ==</cbc:EmbeddedDocumentBinaryObject>"))},
        {UBL, "BR-DEX-01", E, PASS, CUST(CIUS) A("AdditionalDocumentReference", A("Attachment", "<cbc:EmbeddedDocumentBinaryObject mimeCode=\"text/xml\">QQ==</cbc:EmbeddedDocumentBinaryObject>"))},
        {UBL, "BR-DEX-02", W, FIRE, CUST(EXT) ULINE(AMT("LineExtensionAmount", "10.00") A("SubInvoiceLine", AMT("LineExtensionAmount", "4.00")))},
        {UBL, "BR-DEX-02", W, PASS, CUST(EXT) ULINE(AMT("LineExtensionAmount", "10.00") A("SubInvoiceLine", AMT("LineExtensionAmount", "4.00")) A("SubInvoiceLine", AMT("LineExtensionAmount", "6.00")))},
        {UBL, "BR-DEX-03", E, FIRE, CUST(EXT) ULINE(A("SubInvoiceLine", A("Item", B("Name", "x"))))},
        {UBL, "BR-DEX-03", E, PASS, CUST(EXT) ULINE(A("SubInvoiceLine", A("Item", CAT("S"))))},
        {UBL, "BR-DEX-04", E, FIRE, CUST(EXT) CUSTOMER(A("PartyIdentification", SCHEMED("ID", "SEPA", "X")))},
        {UBL, "BR-DEX-04", E, PASS, CUST(EXT) SUPPLIER(A("PartyIdentification", SCHEMED("ID", "SEPA", "X")))},
        {UBL, "BR-DEX-04", E, PASS, CUST(EXT) CUSTOMER(A("PartyIdentification", SCHEMED("ID", "XR01", "X")))},
        {UBL, "BR-DEX-05", E, FIRE, CUST(EXT) SUPPLIER(A("PartyLegalEntity", SCHEMED("CompanyID", "9999", "X")))},
        {UBL, "BR-DEX-05", E, PASS, CUST(EXT) SUPPLIER(A("PartyLegalEntity", SCHEMED("CompanyID", "0088", "X")))},
        {UBL, "BR-DEX-06", E, FIRE, CUST(EXT) ULINE(ITEM(A("StandardItemIdentification", SCHEMED("ID", "GTIN", "1"))))},
        {UBL, "BR-DEX-06", E, PASS, CUST(EXT) ULINE(ITEM(A("StandardItemIdentification", SCHEMED("ID", "0160", "1"))))},
        {UBL, "BR-DEX-07", E, FIRE, CUST(EXT) SUPPLIER(SCHEMED("EndpointID", "0001", "x"))},
        {UBL, "BR-DEX-07", E, PASS, CUST(EXT) SUPPLIER(SCHEMED("EndpointID", "EM", "a@b.de"))},
        {UBL, "BR-DEX-08", E, FIRE, CUST(EXT) A("Delivery", A("DeliveryLocation", SCHEMED("ID", "X", "1")))},
        {UBL, "BR-DEX-08", E, PASS, CUST(EXT) A("Delivery", A("DeliveryLocation", SCHEMED("ID", "0088", "1")))},
        {UBL, "BR-DEX-09", E, FIRE, CUST(EXT) A("LegalMonetaryTotal", AMT("TaxInclusiveAmount", "119.00") AMT("PayableAmount", "100.00"))},
        {UBL, "BR-DEX-09", E, PASS, CUST(EXT) A("PrepaidPayment", AMT("PaidAmount", "19.00")) A("LegalMonetaryTotal", AMT("TaxInclusiveAmount", "119.00") AMT("PrepaidAmount", "38.00") AMT("PayableAmount", "100.00"))},
        {UBL, "BR-DEX-10", E, FIRE, CUST(EXT) A("PrepaidPayment", AMT("PaidAmount", "1.00"))},
        {UBL, "BR-DEX-10", E, PASS, CUST(EXT) A("PrepaidPayment", B("ID", "Voucher"))},
        {UBL, "BR-DEX-11", E, FIRE, CUST(EXT) A("PrepaidPayment", B("ID", "Voucher"))},
        {UBL, "BR-DEX-11", E, PASS, CUST(EXT) A("PrepaidPayment", AMT("PaidAmount", "1.00"))},
        {UBL, "BR-DEX-12", E, FIRE, CUST(EXT) A("PrepaidPayment", B("ID", "Voucher"))},
        {UBL, "BR-DEX-12", E, PASS, CUST(EXT) A("PrepaidPayment", B("InstructionID", "Gift card"))},
        {UBL, "BR-DEX-13", E, FIRE, CUST(EXT) A("PrepaidPayment", AMT("PaidAmount", "1.005"))},
        {UBL, "BR-DEX-13", E, PASS, CUST(EXT) A("PrepaidPayment", AMT("PaidAmount", "1.50"))},
        {UBL, "BR-DEX-14", E, FIRE, CUST(EXT) B("DocumentCurrencyCode", "USD") A("PrepaidPayment", AMT("PaidAmount", "1.50"))},
        {UBL, "BR-DEX-14", E, PASS, CUST(EXT) B("DocumentCurrencyCode", "EUR") A("PrepaidPayment", AMT("PaidAmount", "1.50"))},
        {UBL, "BR-DE-CVD-01", E, FIRE, CUST(CVD)},
        {UBL, "BR-DE-CVD-01", E, PASS, CUST(CVD) A("ContractDocumentReference", B("ID", "C-1"))},
        {UBL, "BR-DE-CVD-01", E, PASS, CUST(CIUS)},
        {UBL, "BR-DE-CVD-02", E, FIRE, CUST(CVD)},
        {UBL, "BR-DE-CVD-02", E, PASS, CUST(CVD) A("OriginatorDocumentReference", B("ID", "T-1"))},
        {UBL, "BR-DE-CVD-03", E, FIRE, CUST(CVD) ULINE(ITEM(CLASS("CVD", "M1")))},
        {UBL, "BR-DE-CVD-03", E, PASS, CUST(CVD) ULINE(ITEM(CLASS("CVD", "M1") PROP("cva", "clean")))},
        {UBL, "BR-DE-CVD-04", E, FIRE, CUST(CVD) ULINE(ITEM(CLASS("CVD", "X1")))},
        {UBL, "BR-DE-CVD-04", E, PASS, CUST(CVD) ULINE(ITEM(CLASS("CVD", " N2 ")))},
        {UBL, "BR-DE-CVD-05", E, FIRE, CUST(CVD) ULINE(ITEM(PROP("cva", "diesel")))},
        {UBL, "BR-DE-CVD-05", E, PASS, CUST(CVD) ULINE(ITEM(PROP("cva", "zero-emission")))},
        {UBL, "BR-DE-CVD-06-a", E, FIRE, CUST(CVD) ULINE(ITEM(CLASS("CVD", "M1")))},
        {UBL, "BR-DE-CVD-06-a", E, PASS, CUST(CVD) ULINE(ITEM(CLASS("CVD", "M1") PROP("cva", "other")))},
        {UBL, "BR-DE-CVD-06-b", E, FIRE, CUST(CVD) ULINE(ITEM(PROP("cva", "other")))},
        {UBL, "BR-DE-CVD-06-b", E, PASS, CUST(CVD) ULINE(ITEM(CLASS("CVD", "M1") PROP("cva", "other")))},
        {UBLCN, "BR-DE-CVD-06-b", E, FIRE, CUST(CVD) A("CreditNoteLine", ITEM(PROP("cva", "other")))},
        {UBL, "BR-TMP-CVD-01", E, FIRE, CUST(CVD) ULINE(ITEM(CLASS("XYZ", "1")))},
        {UBL, "BR-TMP-CVD-01", E, PASS, CUST(CVD) ULINE(ITEM(CLASS("STI", "1")))},
    };
    RUN(t);
}

/* ---- UBL: the PEPPOL rules XRechnung carries ---- */
static void test_ubl_peppol(void)
{
    static const tcase t[] = {
        {UBL, "PEPPOL-EN16931-R001", E, FIRE, B("ID", "1")},
        {UBL, "PEPPOL-EN16931-R001", E, PASS, B("ProfileID", "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")},
        {UBL, "PEPPOL-EN16931-R005", E, FIRE, B("DocumentCurrencyCode", "EUR") B("TaxCurrencyCode", " EUR")},
        {UBL, "PEPPOL-EN16931-R005", E, PASS, B("DocumentCurrencyCode", "USD") B("TaxCurrencyCode", "EUR")},
        {UBL, "PEPPOL-EN16931-R008", E, FIRE, B("Note", " ")},
        {UBL, "PEPPOL-EN16931-R008", E, PASS, B("Note", "x")},
        {UBL, "PEPPOL-EN16931-R010", E, FIRE, CUSTOMER(B("Name", "x"))},
        {UBL, "PEPPOL-EN16931-R010", E, PASS, CUSTOMER(SCHEMED("EndpointID", "EM", "a@b.de"))},
        {UBL, "PEPPOL-EN16931-R020", E, FIRE, SUPPLIER(B("Name", "x"))},
        {UBL, "PEPPOL-EN16931-R020", E, PASS, SUPPLIER(SCHEMED("EndpointID", "EM", "a@b.de"))},
        {UBL, "PEPPOL-EN16931-R040", E, FIRE, UAC(B("ChargeIndicator", "false") B("MultiplierFactorNumeric", "10") AMT("Amount", "10.05") AMT("BaseAmount", "100.00"))},
        {UBL, "PEPPOL-EN16931-R040", E, PASS, UAC(B("ChargeIndicator", "false") B("MultiplierFactorNumeric", "10") AMT("Amount", "10.02") AMT("BaseAmount", "100.00"))},
        {UBL, "PEPPOL-EN16931-R040", E, PASS, B("DocumentCurrencyCode", "HUF") UAC(B("ChargeIndicator", "false") B("MultiplierFactorNumeric", "10") AMT("Amount", "10.40") AMT("BaseAmount", "100.00"))},
        {UBL, "PEPPOL-EN16931-R041", E, FIRE, ULINE(UAC(B("ChargeIndicator", "true") B("MultiplierFactorNumeric", "10")))},
        {UBL, "PEPPOL-EN16931-R041", E, PASS, ULINE(UAC(B("ChargeIndicator", "true") B("MultiplierFactorNumeric", "10") AMT("BaseAmount", "1")))},
        {UBL, "PEPPOL-EN16931-R042", E, FIRE, UAC(B("ChargeIndicator", "true") AMT("BaseAmount", "1"))},
        {UBL, "PEPPOL-EN16931-R042", E, PASS, UAC(B("ChargeIndicator", "true"))},
        {UBL, "PEPPOL-EN16931-R043", E, FIRE, UAC(B("ChargeIndicator", "1"))},
        {UBL, "PEPPOL-EN16931-R043", E, PASS, UAC(B("ChargeIndicator", " true "))},
        /* first matching rule: an allowance that fires R042 is not checked by R043 */
        {UBL, "PEPPOL-EN16931-R043", E, PASS, UAC(B("ChargeIndicator", "1") AMT("BaseAmount", "1"))},
        {UBL, "PEPPOL-EN16931-R044", E, FIRE, ULINE(PRICE(UAC(B("ChargeIndicator", "true"))))},
        {UBL, "PEPPOL-EN16931-R044", E, PASS, ULINE(PRICE(UAC(B("ChargeIndicator", "false"))))},
        {UBL, "PEPPOL-EN16931-R046", E, FIRE, ULINE(PRICE(AMT("PriceAmount", "9.00") UAC(B("ChargeIndicator", "false") AMT("Amount", "2.00") AMT("BaseAmount", "10.00"))))},
        {UBL, "PEPPOL-EN16931-R046", E, PASS, ULINE(PRICE(AMT("PriceAmount", "8.00") UAC(B("ChargeIndicator", "false") AMT("Amount", "2.00") AMT("BaseAmount", "10.00"))))},
        {UBL, "PEPPOL-EN16931-R053", E, FIRE, A("TaxTotal", AMT("TaxAmount", "1"))},
        {UBL, "PEPPOL-EN16931-R053", E, PASS, A("TaxTotal", AMT("TaxAmount", "1") A("TaxSubtotal", ""))},
        {UBL, "PEPPOL-EN16931-R054", E, FIRE, B("TaxCurrencyCode", "USD") A("TaxTotal", A("TaxSubtotal", ""))},
        {UBL, "PEPPOL-EN16931-R054", E, PASS, B("TaxCurrencyCode", "USD") A("TaxTotal", A("TaxSubtotal", "")) A("TaxTotal", B("TaxAmount", "1"))},
        {UBL, "PEPPOL-EN16931-R055", E, FIRE, B("DocumentCurrencyCode", "EUR") B("TaxCurrencyCode", "USD") A("TaxTotal", AMT("TaxAmount", "-5.00")) A("TaxTotal", "<cbc:TaxAmount currencyID=\"USD\">6.00</cbc:TaxAmount>")},
        {UBL, "PEPPOL-EN16931-R055", E, PASS, B("DocumentCurrencyCode", "EUR") B("TaxCurrencyCode", "USD") A("TaxTotal", AMT("TaxAmount", "5.00")) A("TaxTotal", "<cbc:TaxAmount currencyID=\"USD\">6.00</cbc:TaxAmount>")},
        {UBL, "PEPPOL-EN16931-R061", E, FIRE, PM("59", A("PaymentMandate", ""))},
        {UBL, "PEPPOL-EN16931-R061", E, PASS, PM("49", MANDATE(""))},
        {UBL, "PEPPOL-EN16931-R101", E, FIRE, ULINE(A("DocumentReference", B("ID", "1") B("DocumentTypeCode", "916")))},
        {UBL, "PEPPOL-EN16931-R101", E, PASS, ULINE(A("DocumentReference", B("ID", "1") B("DocumentTypeCode", "130")))},
        {UBL, "PEPPOL-EN16931-R110", E, FIRE, A("InvoicePeriod", B("StartDate", "2024-02-01")) ULINE(A("InvoicePeriod", B("StartDate", "2024-01-31")))},
        {UBL, "PEPPOL-EN16931-R110", E, PASS, A("InvoicePeriod", B("StartDate", "2024-02-01")) ULINE(A("InvoicePeriod", B("StartDate", "2024-02-01")))},
        {UBL, "PEPPOL-EN16931-R111", E, FIRE, A("InvoicePeriod", B("EndDate", "2024-02-29")) ULINE(A("InvoicePeriod", B("EndDate", "2024-03-01")))},
        {UBL, "PEPPOL-EN16931-R111", E, PASS, A("InvoicePeriod", B("EndDate", "2024-02-29")) ULINE(A("InvoicePeriod", B("EndDate", "2024-02-28")))},
        {UBL, "PEPPOL-EN16931-R120", W, FIRE, ULINE("<cbc:InvoicedQuantity unitCode=\"C62\">3</cbc:InvoicedQuantity>" AMT("LineExtensionAmount", "10.00") PRICE(AMT("PriceAmount", "10.00") "<cbc:BaseQuantity unitCode=\"C62\">2</cbc:BaseQuantity>"))},
        /* 3 x (10.00 / 3) is 9.99999999999999999999: within the slack */
        {UBL, "PEPPOL-EN16931-R120", W, PASS, ULINE("<cbc:InvoicedQuantity unitCode=\"C62\">3</cbc:InvoicedQuantity>" AMT("LineExtensionAmount", "10.00") PRICE(AMT("PriceAmount", "10.00") "<cbc:BaseQuantity unitCode=\"C62\">3</cbc:BaseQuantity>"))},
        {UBL, "PEPPOL-EN16931-R120", W, PASS, ULINE("<cbc:InvoicedQuantity unitCode=\"C62\">2</cbc:InvoicedQuantity>" AMT("LineExtensionAmount", "15.00") PRICE(AMT("PriceAmount", "10.00")) UAC(B("ChargeIndicator", "false") AMT("Amount", "5.00")))},
        {UBL, "PEPPOL-EN16931-R121", E, FIRE, ULINE(PRICE(B("BaseQuantity", "0")))},
        {UBL, "PEPPOL-EN16931-R121", E, PASS, ULINE(PRICE(B("BaseQuantity", "0.5")))},
        {UBL, "PEPPOL-EN16931-R130", E, FIRE, ULINE("<cbc:InvoicedQuantity unitCode=\"C62\">1</cbc:InvoicedQuantity>" PRICE("<cbc:BaseQuantity unitCode=\"KGM\">1</cbc:BaseQuantity>"))},
        {UBL, "PEPPOL-EN16931-R130", E, PASS, ULINE("<cbc:InvoicedQuantity unitCode=\"C62\">1</cbc:InvoicedQuantity>" PRICE("<cbc:BaseQuantity unitCode=\"C62\">1</cbc:BaseQuantity>"))},
        {UBLCN, "PEPPOL-EN16931-R130", E, FIRE, A("CreditNoteLine", "<cbc:CreditedQuantity unitCode=\"C62\">1</cbc:CreditedQuantity>" PRICE("<cbc:BaseQuantity unitCode=\"KGM\">1</cbc:BaseQuantity>"))},
    };
    RUN(t);
}

/* ---- CII: the national rules ---- */
static void test_cii_de(void)
{
    static const tcase t[] = {
        {CII, "BR-DE-1", E, FIRE, TX(STL(R("InvoiceCurrencyCode", "EUR")))},
        {CII, "BR-DE-1", E, PASS, TX(STL(CPM("1", "")))},
        {CII, "BR-DE-15", E, FIRE, TX(AGR(R("BuyerReference", "")))},
        {CII, "BR-DE-15", E, PASS, TX(AGR(R("BuyerReference", "991-01234-44")))},
        {CII, "BR-DE-16", E, FIRE, TX(CLINE(LSTL(TAX(R("TypeCode", "VAT") R("CategoryCode", "S")))))},
        {CII, "BR-DE-16", E, PASS, TX(CLINE(LSTL(TAX(R("TypeCode", "VAT") R("CategoryCode", "S")))) AGR(SELLER(R("SpecifiedTaxRegistration", CSCHEMED("ID", "VA", "DE123456789")))))},
        {CII, "BR-DE-16", E, PASS, TX(CLINE(LSTL(TAX(R("TypeCode", "VAT") R("CategoryCode", "O")))))},
        {CII, "BR-DE-17", W, FIRE, DOC(R("TypeCode", "751"))},
        {CII, "BR-DE-17", W, PASS, DOC(R("TypeCode", "381"))},
        {CII, "BR-DE-18", E, FIRE, TX(STL(TERMS(R("Description", "#SKONTO#TAGE=14#PROZENT=2,00#\n"))))},
        {CII, "BR-DE-18", E, PASS, TX(STL(TERMS(R("Description", "#SKONTO#TAGE=14#PROZENT=2.00#\n"))))},
        {CII, "BR-DE-19", W, FIRE, TX(STL(CPM("58", CREDITOR(BAD_IBAN))))},
        {CII, "BR-DE-19", W, PASS, TX(STL(CPM("58", CREDITOR(GOOD_IBAN))))},
        {CII, "BR-DE-20", W, FIRE, TX(STL(SEPA_DD CPM("59", DEBTOR("DE00"))))},
        {CII, "BR-DE-20", W, PASS, TX(STL(SEPA_DD CPM("59", DEBTOR(GOOD_IBAN))))},
        {CII, "BR-DE-21", W, FIRE, GUIDE("urn:cen.eu:en16931:2017")},
        {CII, "BR-DE-21", W, PASS, GUIDE(CVD)},
        {CII, "BR-DE-22", E, FIRE, TX(AGR(R("AdditionalReferencedDocument", "<ram:AttachmentBinaryObject mimeCode=\"application/pdf\" filename=\"a.pdf\">QQ==</ram:AttachmentBinaryObject>")
                                          R("AdditionalReferencedDocument", "<ram:AttachmentBinaryObject mimeCode=\"application/pdf\" filename=\"a.pdf\">QQ==</ram:AttachmentBinaryObject>")))},
        {CII, "BR-DE-22", E, PASS, TX(AGR(R("AdditionalReferencedDocument", "<ram:AttachmentBinaryObject mimeCode=\"application/pdf\" filename=\"a.pdf\">QQ==</ram:AttachmentBinaryObject>")
                                          R("AdditionalReferencedDocument", "<ram:AttachmentBinaryObject mimeCode=\"application/pdf\" filename=\"b.pdf\">QQ==</ram:AttachmentBinaryObject>")))},
        {CII, "BR-DE-23-a", E, FIRE, TX(STL(CPM("30", "")))},
        {CII, "BR-DE-23-a", E, PASS, TX(STL(CPM("30", R("PayeePartyCreditorFinancialAccount", R("ProprietaryID", "1")))))},
        {CII, "BR-DE-23-b", E, FIRE, TX(STL(SEPA_DD CPM("58", CREDITOR(GOOD_IBAN))))},
        {CII, "BR-DE-23-b", E, PASS, TX(STL(CPM("58", CREDITOR(GOOD_IBAN))))},
        {CII, "BR-DE-24-a", E, FIRE, TX(STL(CPM("54", "")))},
        {CII, "BR-DE-24-a", E, PASS, TX(STL(CPM("54", CCARD)))},
        {CII, "BR-DE-24-b", E, FIRE, TX(STL(CPM("48", CCARD CREDITOR(GOOD_IBAN))))},
        {CII, "BR-DE-24-b", E, PASS, TX(STL(CPM("48", CCARD)))},
        {CII, "BR-DE-25-a", E, FIRE, TX(STL(CPM("59", "")))},
        {CII, "BR-DE-25-a", E, PASS, TX(STL(CPM("59", DEBTOR(GOOD_IBAN))))},
        {CII, "BR-DE-25-b", E, FIRE, TX(STL(SEPA_DD CPM("59", DEBTOR(GOOD_IBAN) CCARD)))},
        {CII, "BR-DE-25-b", E, PASS, TX(STL(SEPA_DD CPM("59", DEBTOR(GOOD_IBAN))))},
        {CII, "BR-DE-26", W, FIRE, DOC(R("TypeCode", "384"))},
        {CII, "BR-DE-26", W, PASS, DOC(R("TypeCode", "384")) TX(STL(R("InvoiceReferencedDocument", R("IssuerAssignedID", "R-1"))))},
        {CII, "BR-DE-30", E, FIRE, TX(STL(TERMS(R("DirectDebitMandateID", "M-1"))))},
        {CII, "BR-DE-30", E, PASS, TX(STL(SEPA_DD))},
        {CII, "BR-DE-31", E, FIRE, TX(STL(SEPA_DD))},
        {CII, "BR-DE-31", E, PASS, TX(STL(SEPA_DD CPM("59", DEBTOR(GOOD_IBAN))))},
        {CII, "BR-DE-TMP-32", I, FIRE, TX(CLINE(LSTL("")))},
        {CII, "BR-DE-TMP-32", I, PASS, TX(CLINE(LSTL(R("BillingSpecifiedPeriod", DT("StartDateTime", "20240101")))))},
        {CII, "BR-DE-TMP-32", I, PASS, TX(CLINE("") DLV(R("ActualDeliverySupplyChainEvent", DT("OccurrenceDateTime", "20240101"))))},
        {CII, "BR-TMP-2", W, FIRE, TX(AGR(R("AdditionalReferencedDocument", R("IssuerAssignedID", "1") R("URIID", "//x.de/a.pdf") R("TypeCode", "916"))))},
        {CII, "BR-TMP-2", W, PASS, TX(AGR(R("AdditionalReferencedDocument", R("IssuerAssignedID", "1") R("URIID", "sftp://x.de/a.pdf") R("TypeCode", "916"))))},
        {CII, "BR-TMP-2", W, PASS, TX(AGR(R("AdditionalReferencedDocument", R("IssuerAssignedID", "1") R("URIID", "//x.de/a.pdf") R("TypeCode", "130"))))},
        {CII, "BR-TMP-3", E, FIRE, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", QTY("BasisQuantity", "C62", "1")) R("NetPriceProductTradePrice", QTY("BasisQuantity", "C62", "1.0")))))},
        {CII, "BR-TMP-3", E, FIRE, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", QTY("BasisQuantity", "C62", "1")) R("NetPriceProductTradePrice", QTY("BasisQuantity", "KGM", "1")))))},
        {CII, "BR-TMP-3", E, PASS, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", QTY("BasisQuantity", "C62", "1")) R("NetPriceProductTradePrice", QTY("BasisQuantity", "C62", "1")))))},
        {CII, "BR-DE-2", E, FIRE, TX(AGR(SELLER(R("Name", "S"))))},
        {CII, "BR-DE-2", E, PASS, TX(AGR(SELLER(CCONTACT(R("PersonName", "Hans")))))},
        {CII, "BR-DE-3", E, FIRE, TX(AGR(SELLER(CADDR(R("PostcodeCode", "1")))))},
        {CII, "BR-DE-3", E, PASS, TX(AGR(SELLER(CADDR(R("CityName", "Berlin")))))},
        {CII, "BR-DE-4", E, FIRE, TX(AGR(SELLER(CADDR(R("CityName", "Berlin")))))},
        {CII, "BR-DE-4", E, PASS, TX(AGR(SELLER(CADDR(R("PostcodeCode", "10115")))))},
        {CII, "BR-DE-5", E, FIRE, TX(AGR(SELLER(CCONTACT(TEL("030 1234")))))},
        {CII, "BR-DE-5", E, PASS, TX(AGR(SELLER(CCONTACT(R("DepartmentName", "Sales")))))},
        {CII, "BR-DE-6", E, FIRE, TX(AGR(SELLER(CCONTACT(R("PersonName", "Hans")))))},
        {CII, "BR-DE-6", E, PASS, TX(AGR(SELLER(CCONTACT(TEL("030 1234")))))},
        {CII, "BR-DE-7", E, FIRE, TX(AGR(SELLER(CCONTACT(R("PersonName", "Hans")))))},
        {CII, "BR-DE-7", E, PASS, TX(AGR(SELLER(CCONTACT(MAIL("a@b.de")))))},
        {CII, "BR-DE-27", W, FIRE, TX(AGR(SELLER(CCONTACT(TEL("call me")))))},
        {CII, "BR-DE-27", W, PASS, TX(AGR(SELLER(CCONTACT(TEL("110")))))},
        {CII, "BR-DE-28", W, FIRE, TX(AGR(SELLER(CCONTACT(MAIL("a b@c.de")))))},
        {CII, "BR-DE-28", W, PASS, TX(AGR(SELLER(CCONTACT(MAIL("a@b.de")))))},
        {CII, "BR-DE-8", E, FIRE, TX(AGR(BUYER(CADDR(R("PostcodeCode", "1")))))},
        {CII, "BR-DE-8", E, PASS, TX(AGR(BUYER(CADDR(R("CityName", "Bonn")))))},
        {CII, "BR-DE-9", E, FIRE, TX(AGR(BUYER(CADDR(R("CityName", "Bonn")))))},
        {CII, "BR-DE-9", E, PASS, TX(AGR(BUYER(CADDR(R("PostcodeCode", "53111")))))},
        {CII, "BR-DE-10", E, FIRE, TX(DLV(R("ShipToTradeParty", CADDR(R("PostcodeCode", "1")))))},
        {CII, "BR-DE-10", E, PASS, TX(DLV(R("ShipToTradeParty", CADDR(R("CityName", "Bonn")))))},
        {CII, "BR-DE-11", E, FIRE, TX(DLV(R("ShipToTradeParty", CADDR(R("CityName", "Bonn")))))},
        {CII, "BR-DE-11", E, PASS, TX(DLV(R("ShipToTradeParty", CADDR(R("PostcodeCode", "53111")))))},
        {CII, "BR-DE-14", E, FIRE, TX(STL(TAX(R("TypeCode", "VAT"))))},
        {CII, "BR-DE-14", E, PASS, TX(STL(TAX(R("TypeCode", "VAT") R("RateApplicablePercent", "7"))))},
    };
    RUN(t);
}

/* ---- CII: extension and clean vehicles ---- */
static void test_cii_ext(void)
{
    static const tcase t[] = {
        {CII, "BR-DEX-01", E, FIRE, GUIDE(EXT) TX(AGR(R("AdditionalReferencedDocument", "<ram:AttachmentBinaryObject mimeCode=\"text/html\" filename=\"a\">QQ==</ram:AttachmentBinaryObject>")))},
        {CII, "BR-DEX-01", E, PASS, GUIDE(EXT) TX(AGR(R("AdditionalReferencedDocument", "<ram:AttachmentBinaryObject mimeCode=\"application/xml\" filename=\"a\">QQ==</ram:AttachmentBinaryObject>")))},
        {CII, "BR-DEX-04", E, FIRE, GUIDE(EXT) TX(AGR(BUYER(CSCHEMED("GlobalID", "GLN", "1"))))},
        {CII, "BR-DEX-04", E, PASS, GUIDE(EXT) TX(AGR(BUYER(CSCHEMED("GlobalID", "0088", "1"))))},
        {CII, "BR-DEX-04", E, PASS, GUIDE(CIUS) TX(AGR(BUYER(CSCHEMED("GlobalID", "GLN", "1"))))},
        {CII, "BR-DEX-05", E, FIRE, GUIDE(EXT) TX(AGR(SELLER(R("SpecifiedLegalOrganization", CSCHEMED("ID", "HRB", "1")))))},
        {CII, "BR-DEX-05", E, PASS, GUIDE(EXT) TX(AGR(SELLER(R("SpecifiedLegalOrganization", CSCHEMED("ID", "0204", "1")))))},
        {CII, "BR-DEX-05", E, PASS, GUIDE(EXT) TX(AGR(SELLER(R("SpecifiedTaxRegistration", CSCHEMED("ID", "VA", "DE1")))))},
        {CII, "BR-DEX-06", E, FIRE, GUIDE(EXT) TX(CLINE(PRODUCT("") R("SpecifiedTradeProduct", CSCHEMED("GlobalID", "EAN", "1"))))},
        {CII, "BR-DEX-06", E, PASS, GUIDE(EXT) TX(CLINE(R("SpecifiedTradeProduct", CSCHEMED("GlobalID", "0160", "1"))))},
        {CII, "BR-DEX-07", E, FIRE, GUIDE(EXT) TX(AGR(SELLER(R("URIUniversalCommunication", CSCHEMED("URIID", "0001", "1")))))},
        {CII, "BR-DEX-07", E, PASS, GUIDE(EXT) TX(AGR(SELLER(R("URIUniversalCommunication", CSCHEMED("URIID", "XR02", "1")))))},
        {CII, "BR-DEX-08", E, FIRE, GUIDE(EXT) TX(DLV(R("ShipToTradeParty", CSCHEMED("GlobalID", "ILN", "1"))))},
        {CII, "BR-DEX-08", E, PASS, GUIDE(EXT) TX(DLV(R("ShipToTradeParty", CSCHEMED("GlobalID", "0088", "1"))))},
        {CII, "BR-DEX-15", W, FIRE, GUIDE(EXT) TX(CLINE(R("AssociatedDocumentLineDocument", R("LineID", "2") R("ParentLineID", "1"))))},
        {CII, "BR-DEX-15", W, PASS, GUIDE(EXT) TX(CLINE(R("AssociatedDocumentLineDocument", R("LineID", "2"))))},
        {CII, "BR-DE-CVD-01", E, FIRE, GUIDE(CVD) TX(AGR(R("BuyerReference", "x")))},
        {CII, "BR-DE-CVD-01", E, PASS, GUIDE(CVD) TX(AGR(R("ContractReferencedDocument", R("IssuerAssignedID", "C-1"))))},
        {CII, "BR-DE-CVD-02", E, FIRE, GUIDE(CVD) TX(AGR(R("AdditionalReferencedDocument", R("IssuerAssignedID", "T-1") R("TypeCode", "916"))))},
        {CII, "BR-DE-CVD-02", E, PASS, GUIDE(CVD) TX(AGR(R("AdditionalReferencedDocument", R("IssuerAssignedID", "T-1") R("TypeCode", "50"))))},
        {CII, "BR-DE-CVD-03", E, FIRE, GUIDE(CVD) TX(CLINE(PRODUCT(CHAR("cva", "clean"))))},
        {CII, "BR-DE-CVD-03", E, PASS, GUIDE(CVD) TX(CLINE(PRODUCT(CHAR("cva", "clean") CCLASS("CVD", "N1"))))},
        {CII, "BR-DE-CVD-04", E, FIRE, GUIDE(CVD) TX(CLINE(PRODUCT(CCLASS("CVD", "L3"))))},
        {CII, "BR-DE-CVD-04", E, PASS, GUIDE(CVD) TX(CLINE(PRODUCT(CCLASS("CVD", "M3"))))},
        {CII, "BR-DE-CVD-05", E, FIRE, GUIDE(CVD) TX(CLINE(PRODUCT(CHAR("cva", "Clean"))))},
        {CII, "BR-DE-CVD-05", E, PASS, GUIDE(CVD) TX(CLINE(PRODUCT(CHAR("cva", "clean"))))},
        {CII, "BR-DE-CVD-06-a", E, FIRE, GUIDE(CVD) TX(CLINE(PRODUCT(CCLASS("CVD", "M1") CHAR("cva", "clean") CHAR("cva", "other"))))},
        {CII, "BR-DE-CVD-06-a", E, PASS, GUIDE(CVD) TX(CLINE(PRODUCT(CCLASS("CVD", "M1") CHAR("cva", "clean"))))},
        {CII, "BR-DE-CVD-06-b", E, FIRE, GUIDE(CVD) TX(CLINE(PRODUCT(CHAR("cva", "clean"))))},
        {CII, "BR-DE-CVD-06-b", E, PASS, GUIDE(CVD) TX(CLINE(PRODUCT(CHAR("colour", "red"))))},
        {CII, "BR-TMP-CVD-01", E, FIRE, GUIDE(CVD) TX(CLINE(PRODUCT(CCLASS("cvd", "M1"))))},
        {CII, "BR-TMP-CVD-01", E, PASS, GUIDE(CVD) TX(CLINE(PRODUCT(CCLASS("HS", "8703"))))},
    };
    RUN(t);
}

/* ---- CII: the PEPPOL rules XRechnung carries ---- */
#define MS(x) R("SpecifiedTradeSettlementHeaderMonetarySummation", x)
#define TTA(cur, v) "<ram:TaxTotalAmount currencyID=\"" cur "\">" v "</ram:TaxTotalAmount>"
#define CAC_(x) R("SpecifiedTradeAllowanceCharge", x)
static void test_cii_peppol(void)
{
    static const tcase t[] = {
        {CII, "PEPPOL-EN16931-R001", E, FIRE, GUIDE(CIUS)},
        {CII, "PEPPOL-EN16931-R001", E, PASS, CTX(R("BusinessProcessSpecifiedDocumentContextParameter", R("ID", "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")))},
        {CII, "PEPPOL-EN16931-R005", E, FIRE, TX(STL(R("TaxCurrencyCode", "EUR") R("InvoiceCurrencyCode", "EUR")))},
        {CII, "PEPPOL-EN16931-R005", E, PASS, TX(STL(R("TaxCurrencyCode", "EUR") R("InvoiceCurrencyCode", "USD")))},
        {CII, "PEPPOL-EN16931-R008", E, FIRE, DOC(R("ID", ""))},
        {CII, "PEPPOL-EN16931-R008", E, PASS, TX(DLV(""))},
        {CII, "PEPPOL-EN16931-R010", E, FIRE, TX(AGR(BUYER(R("Name", "B"))))},
        {CII, "PEPPOL-EN16931-R010", E, PASS, TX(AGR(BUYER(R("URIUniversalCommunication", CSCHEMED("URIID", "EM", "a@b.de")))))},
        {CII, "PEPPOL-EN16931-R020", E, FIRE, TX(AGR(SELLER(R("Name", "S"))))},
        {CII, "PEPPOL-EN16931-R020", E, PASS, TX(AGR(SELLER(R("URIUniversalCommunication", CSCHEMED("URIID", "EM", "a@b.de")))))},
        {CII, "PEPPOL-EN16931-R040", E, FIRE, TX(STL(CAC_(IND("true") R("CalculationPercent", "5") R("BasisAmount", "200.00") R("ActualAmount", "9.00"))))},
        {CII, "PEPPOL-EN16931-R040", E, PASS, TX(STL(CAC_(IND("true") R("CalculationPercent", "5") R("BasisAmount", "200.00") R("ActualAmount", "10.00"))))},
        {CII, "PEPPOL-EN16931-R041", E, FIRE, TX(STL(CAC_(IND("true") R("CalculationPercent", "5"))))},
        {CII, "PEPPOL-EN16931-R041", E, PASS, TX(STL(CAC_(IND("true"))))},
        {CII, "PEPPOL-EN16931-R042", E, FIRE, TX(STL(CAC_(IND("true") R("BasisAmount", "200.00"))))},
        {CII, "PEPPOL-EN16931-R042", E, PASS, TX(STL(CAC_(IND("true") R("CalculationPercent", "5") R("BasisAmount", "200.00") R("ActualAmount", "10.00"))))},
        {CII, "PEPPOL-EN16931-R043-1", E, FIRE, TX(STL(CAC_(IND("yes"))))},
        {CII, "PEPPOL-EN16931-R043-1", E, PASS, TX(STL(CAC_(IND("false"))))},
        {CII, "PEPPOL-EN16931-R043-2", E, FIRE, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", R("AppliedTradeAllowanceCharge", IND("0"))))))},
        {CII, "PEPPOL-EN16931-R043-2", E, PASS, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", R("AppliedTradeAllowanceCharge", IND("false"))))))},
        {CII, "PEPPOL-EN16931-R044", E, FIRE, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", R("AppliedTradeAllowanceCharge", IND("true") R("ActualAmount", "1.00"))))))},
        {CII, "PEPPOL-EN16931-R044", E, PASS, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", R("AppliedTradeAllowanceCharge", IND("false") R("ActualAmount", "1.00"))))))},
        {CII, "PEPPOL-EN16931-R046", E, FIRE, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", R("ChargeAmount", "10.00") R("AppliedTradeAllowanceCharge", IND("false") R("ActualAmount", "1.00")))
                                                         R("NetPriceProductTradePrice", R("ChargeAmount", "8.00")))))},
        {CII, "PEPPOL-EN16931-R046", E, PASS, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", R("ChargeAmount", "10.00") R("AppliedTradeAllowanceCharge", IND("false") R("ActualAmount", "1.00")))
                                                         R("NetPriceProductTradePrice", R("ChargeAmount", "9.00")))))},
        {CII, "PEPPOL-EN16931-R053", E, FIRE, TX(STL(R("InvoiceCurrencyCode", "EUR") MS(TTA("EUR", "1.00") TTA("EUR", "1.00"))))},
        {CII, "PEPPOL-EN16931-R053", E, PASS, TX(STL(R("InvoiceCurrencyCode", "EUR") MS(TTA("EUR", "1.00"))))},
        {CII, "PEPPOL-EN16931-R054", E, FIRE, TX(STL(R("InvoiceCurrencyCode", "EUR") R("TaxCurrencyCode", "USD") MS(TTA("EUR", "1.00"))))},
        {CII, "PEPPOL-EN16931-R054", E, PASS, TX(STL(R("InvoiceCurrencyCode", "EUR") R("TaxCurrencyCode", "USD") MS(TTA("EUR", "1.00") TTA("USD", "1.10"))))},
        {CII, "PEPPOL-EN16931-R055", E, FIRE, TX(STL(R("InvoiceCurrencyCode", "EUR") R("TaxCurrencyCode", "USD") MS(TTA("EUR", "1.00") TTA("USD", "-1.10"))))},
        {CII, "PEPPOL-EN16931-R055", E, PASS, TX(STL(R("InvoiceCurrencyCode", "EUR") R("TaxCurrencyCode", "USD") MS(TTA("EUR", "-1.00") TTA("USD", "-1.10"))))},
        {CII, "PEPPOL-EN16931-R061", E, FIRE, TX(STL(CPM("59", DEBTOR(GOOD_IBAN))))},
        {CII, "PEPPOL-EN16931-R061", E, PASS, TX(STL(SEPA_DD CPM("59", DEBTOR(GOOD_IBAN))))},
        {CII, "PEPPOL-EN16931-R101", E, FIRE, TX(CLINE(LSTL(R("AdditionalReferencedDocument", R("IssuerAssignedID", "1") R("TypeCode", "916")))))},
        {CII, "PEPPOL-EN16931-R101", E, PASS, TX(CLINE(LSTL(R("AdditionalReferencedDocument", R("IssuerAssignedID", "1") R("TypeCode", "130")))))},
        {CII, "PEPPOL-EN16931-R110", E, FIRE, TX(CLINE(LSTL(R("BillingSpecifiedPeriod", DT("StartDateTime", "20231231")))) STL(R("BillingSpecifiedPeriod", DT("StartDateTime", "20240101"))))},
        {CII, "PEPPOL-EN16931-R110", E, PASS, TX(CLINE(LSTL(R("BillingSpecifiedPeriod", DT("StartDateTime", "20240101")))) STL(R("BillingSpecifiedPeriod", DT("StartDateTime", "20240101"))))},
        {CII, "PEPPOL-EN16931-R111", E, FIRE, TX(CLINE(LSTL(R("BillingSpecifiedPeriod", DT("EndDateTime", "20240201")))) STL(R("BillingSpecifiedPeriod", DT("EndDateTime", "20240131"))))},
        {CII, "PEPPOL-EN16931-R111", E, PASS, TX(CLINE(LSTL(R("BillingSpecifiedPeriod", DT("EndDateTime", "20240115")))) STL(R("BillingSpecifiedPeriod", DT("EndDateTime", "20240131"))))},
        {CII, "PEPPOL-EN16931-R120", W, FIRE, TX(CLINE(LAGR(R("NetPriceProductTradePrice", R("ChargeAmount", "10.00"))) LDLV(QTY("BilledQuantity", "C62", "2"))
                                                      LSTL(R("SpecifiedTradeSettlementLineMonetarySummation", R("LineTotalAmount", "20.50")))))},
        {CII, "PEPPOL-EN16931-R120", W, PASS, TX(CLINE(LAGR(R("NetPriceProductTradePrice", R("ChargeAmount", "10.00"))) LDLV(QTY("BilledQuantity", "C62", "2"))
                                                      LSTL(CAC_(IND("true") R("ActualAmount", "0.50")) R("SpecifiedTradeSettlementLineMonetarySummation", R("LineTotalAmount", "20.50")))))},
        {CII, "PEPPOL-EN16931-R121", E, FIRE, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", QTY("BasisQuantity", "C62", "-1")))))},
        {CII, "PEPPOL-EN16931-R121", E, PASS, TX(CLINE(LAGR(R("GrossPriceProductTradePrice", QTY("BasisQuantity", "C62", "1")))))},
        {CII, "PEPPOL-EN16931-R130", E, FIRE, TX(CLINE(LAGR(R("NetPriceProductTradePrice", QTY("BasisQuantity", "KGM", "1"))) LDLV(QTY("BilledQuantity", "C62", "2"))))},
        {CII, "PEPPOL-EN16931-R130", E, PASS, TX(CLINE(LAGR(R("NetPriceProductTradePrice", QTY("BasisQuantity", "C62", "1"))) LDLV(QTY("BilledQuantity", "C62", "2"))))},
    };
    RUN(t);
}

/* One finding per failing context node, and the IBAN check on a spaced, valid IBAN. */
static void test_counts(void)
{
    tst_result_t *r = tst_validate("XRECHNUNG", NULL, tst_ubl(B("Note", "") B("Note", " ") PM("58", PFA(GOOD_IBAN)) PM("58", PFA("DE75 5121 0800 1245 1261 98"))));
    CU_ASSERT_EQUAL(tst_count(r, "PEPPOL-EN16931-R008"), 2);
    CU_ASSERT_EQUAL(tst_count(r, "BR-DE-19"), 1);
    CU_ASSERT_EQUAL(tst_count(r, "BR-DE-1"), 0);
    tst_free(r);
    /* the CII exemption of an empty ram:ApplicableHeaderTradeDelivery holds for the ram prefix only */
    r = tst_validate("XRECHNUNG", NULL,
                     "<rsm:CrossIndustryInvoice xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\" "
                     "xmlns:r=\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100\">"
                     "<rsm:SupplyChainTradeTransaction><r:ApplicableHeaderTradeDelivery/></rsm:SupplyChainTradeTransaction>"
                     "</rsm:CrossIndustryInvoice>");
    CU_ASSERT_EQUAL(tst_count(r, "PEPPOL-EN16931-R008"), 1);
    tst_free(r);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("xrechnung", NULL, NULL);
    CU_add_test(s, "ubl national", test_ubl_de);
    CU_add_test(s, "ubl extension and cvd", test_ubl_ext);
    CU_add_test(s, "ubl peppol", test_ubl_peppol);
    CU_add_test(s, "cii national", test_cii_de);
    CU_add_test(s, "cii extension and cvd", test_cii_ext);
    CU_add_test(s, "cii peppol", test_cii_peppol);
    CU_add_test(s, "counts", test_counts);
}
