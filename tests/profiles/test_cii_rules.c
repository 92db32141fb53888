/* EN16931 profile, CII business rules (cii_rules_core.c, cii_rules_totals.c, cii_rules_vat.c):
 * for every BR-nn, BR-CO, BR-DEC, BR-B and VAT-category rule of the CII model pattern a small
 * document that makes it fire and one that does not. Documents are fragments wrapped in
 * rsm:CrossIndustryInvoice: each case only asserts the verdict of the rule it names. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>
#include "tsupport.h"

enum { PASS = 0, FIRE = 1 };

typedef struct tcase {
    const char *rule;
    int expect;
    const char *body;
} tcase;

/* ---- reusable fragments ---- */
#define EL(n, v) "<ram:" n ">" v "</ram:" n ">"
#define TX(x) "<rsm:SupplyChainTradeTransaction>" x "</rsm:SupplyChainTradeTransaction>"
#define AGR(x) "<ram:ApplicableHeaderTradeAgreement>" x "</ram:ApplicableHeaderTradeAgreement>"
#define DLV(x) "<ram:ApplicableHeaderTradeDelivery>" x "</ram:ApplicableHeaderTradeDelivery>"
#define STL(x) "<ram:ApplicableHeaderTradeSettlement>" x "</ram:ApplicableHeaderTradeSettlement>"
#define SELLER(x) "<ram:SellerTradeParty>" x "</ram:SellerTradeParty>"
#define BUYER(x) "<ram:BuyerTradeParty>" x "</ram:BuyerTradeParty>"
#define ADDR(c) "<ram:PostalTradeAddress>" c "</ram:PostalTradeAddress>"
#define CTRY(c) ADDR(EL("CountryID", c))
#define REG(scheme, id) \
    "<ram:SpecifiedTaxRegistration><ram:ID schemeID=\"" scheme "\">" id "</ram:ID></ram:SpecifiedTaxRegistration>"
#define LEGAL(id) "<ram:SpecifiedLegalOrganization>" EL("ID", id) "</ram:SpecifiedLegalOrganization>"
#define REP(x) "<ram:SellerTaxRepresentativeTradeParty>" x "</ram:SellerTaxRepresentativeTradeParty>"
#define LINE(x) "<ram:IncludedSupplyChainTradeLineItem>" x "</ram:IncludedSupplyChainTradeLineItem>"
#define LAGR(x) "<ram:SpecifiedLineTradeAgreement>" x "</ram:SpecifiedLineTradeAgreement>"
#define LSTL(x) "<ram:SpecifiedLineTradeSettlement>" x "</ram:SpecifiedLineTradeSettlement>"
#define LMS(amt) \
    "<ram:SpecifiedTradeSettlementLineMonetarySummation>" EL("LineTotalAmount", amt) \
    "</ram:SpecifiedTradeSettlementLineMonetarySummation>"
#define TAX(x) "<ram:ApplicableTradeTax>" x "</ram:ApplicableTradeTax>"
#define VAT EL("TypeCode", "VAT")
#define CC(c) EL("CategoryCode", c)
#define RATE(r) EL("RateApplicablePercent", r)
#define WHY EL("ExemptionReason", "Exempt")
#define IND(b) "<ram:ChargeIndicator><udt:Indicator>" b "</udt:Indicator></ram:ChargeIndicator>"
#define AC(x) "<ram:SpecifiedTradeAllowanceCharge>" x "</ram:SpecifiedTradeAllowanceCharge>"
#define CTT(x) "<ram:CategoryTradeTax>" x "</ram:CategoryTradeTax>"
#define ALW(amt, x) AC(IND("false") EL("ActualAmount", amt) EL("Reason", "Discount") x)
#define CHG(amt, x) AC(IND("true") EL("ActualAmount", amt) EL("Reason", "Freight") x)
#define MS(x) \
    "<ram:SpecifiedTradeSettlementHeaderMonetarySummation>" x \
    "</ram:SpecifiedTradeSettlementHeaderMonetarySummation>"
#define TTA(cur, v) "<ram:TaxTotalAmount currencyID=\"" cur "\">" v "</ram:TaxTotalAmount>"
#define DATE(el, d) \
    "<ram:" el "><udt:DateTimeString format=\"102\">" d "</udt:DateTimeString></ram:" el ">"
#define PERIOD(x) "<ram:BillingSpecifiedPeriod>" x "</ram:BillingSpecifiedPeriod>"
#define PRODUCT(x) "<ram:SpecifiedTradeProduct>" x "</ram:SpecifiedTradeProduct>"
/* a line of category c (with rate fragment r) and net amount amt */
#define CLINE(amt, c, r) LINE(LSTL(TAX(VAT CC(c) r) LMS(amt)))
/* a header breakdown */
#define BRK(basis, tax, c, x) \
    TAX(EL("CalculatedAmount", tax) VAT EL("BasisAmount", basis) CC(c) x)
#define SELLER_VAT AGR(SELLER(REG("VA", "DE123456789")))

/* A complete invoice that no business rule objects to. */
#define CLEAN                                                                                   \
    "<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>"            \
    EL("ID", "urn:cen.eu:en16931:2017") "</ram:GuidelineSpecifiedDocumentContextParameter>"     \
    "</rsm:ExchangedDocumentContext><rsm:ExchangedDocument>" EL("ID", "INV-1")                  \
    EL("TypeCode", "380") DATE("IssueDateTime", "20240115") "</rsm:ExchangedDocument>"           \
    TX(LINE("<ram:AssociatedDocumentLineDocument>" EL("LineID", "1")                           \
            "</ram:AssociatedDocumentLineDocument>" PRODUCT(EL("Name", "Widget"))             \
            LAGR("<ram:NetPriceProductTradePrice>" EL("ChargeAmount", "50.00")                \
                 "</ram:NetPriceProductTradePrice>")                                          \
            "<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode=\"C62\">2"          \
            "</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>"                          \
            LSTL(TAX(VAT CC("S") RATE("19")) LMS("100.00")))                                   \
       AGR(SELLER(EL("Name", "Seller GmbH") CTRY("DE") REG("VA", "DE123456789"))               \
           BUYER(EL("Name", "Buyer SA") CTRY("FR")))                                           \
       DLV("")                                                                                 \
       STL(EL("InvoiceCurrencyCode", "EUR") BRK("100.00", "19.00", "S", RATE("19"))            \
           MS(EL("LineTotalAmount", "100.00") EL("TaxBasisTotalAmount", "100.00")              \
              TTA("EUR", "19.00") EL("GrandTotalAmount", "119.00")                            \
              EL("DuePayableAmount", "119.00"))))

static void run(const tcase *tc, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        tst_result_t *r = tst_validate("EN16931", NULL, tst_cii(tc[i].body));
        int ok;
        char msg[700];
        if (tc[i].expect == FIRE)
            ok = tst_has(r, tc[i].rule, EINV_SEV_ERROR);
        else
            ok = tst_count(r, tc[i].rule) == 0;
        snprintf(msg, sizeof msg, "%s should %s: %.300s | got: %.200s [%s]", tc[i].rule,
                 tc[i].expect == PASS ? "not fire" : "fire", tc[i].body, tst_codes(r),
                 tst_error(r) ? tst_error(r) : "");
        CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, __LINE__, msg, __FILE__, "", CU_FALSE);
        tst_free(r);
    }
}
#define RUN(t) run(t, sizeof t / sizeof t[0])

/* ---- the invoice root ---- */
static void test_root(void)
{
    static const tcase t[] = {
        {"BR-01", FIRE, ""},
        {"BR-01", FIRE, "<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>"
                        EL("ID", " ") "</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>"},
        {"BR-01", PASS, "<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>"
                        EL("ID", "urn:x") "</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>"},
        {"BR-02", FIRE, "<rsm:ExchangedDocument>" EL("ID", "") "</rsm:ExchangedDocument>"},
        {"BR-02", PASS, "<rsm:ExchangedDocument>" EL("ID", "7") "</rsm:ExchangedDocument>"},
        {"BR-03", FIRE, "<rsm:ExchangedDocument><ram:IssueDateTime><udt:DateTimeString format=\"610\">202401"
                        "</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>"},
        {"BR-03", PASS, "<rsm:ExchangedDocument>" DATE("IssueDateTime", "20240101") "</rsm:ExchangedDocument>"},
        {"BR-04", FIRE, "<rsm:ExchangedDocument>" EL("ID", "7") "</rsm:ExchangedDocument>"},
        {"BR-04", PASS, "<rsm:ExchangedDocument>" EL("TypeCode", "380") "</rsm:ExchangedDocument>"},
        {"BR-05", FIRE, TX(STL(""))},
        {"BR-05", PASS, TX(STL(EL("InvoiceCurrencyCode", "EUR")))},
        {"BR-06", FIRE, TX(AGR(SELLER(EL("Name", " "))))},
        {"BR-06", PASS, TX(AGR(SELLER(EL("Name", "S"))))},
        {"BR-07", FIRE, TX(AGR(BUYER("")))},
        {"BR-07", PASS, TX(AGR(BUYER(EL("Name", "B"))))},
        {"BR-08", FIRE, TX(AGR(SELLER("")))},
        {"BR-08", PASS, TX(AGR(SELLER(ADDR(""))))},
        {"BR-09", FIRE, TX(AGR(SELLER(ADDR(""))))},
        {"BR-09", PASS, TX(AGR(SELLER(CTRY("DE"))))},
        {"BR-10", FIRE, TX(AGR(BUYER("")))},
        {"BR-10", PASS, TX(AGR(BUYER(ADDR(""))))},
        {"BR-11", FIRE, TX(AGR(BUYER(ADDR(EL("PostcodeCode", "1")))))},
        {"BR-11", PASS, TX(AGR(BUYER(CTRY("FR"))))},
        {"BR-16", FIRE, TX("")},
        {"BR-16", PASS, TX(LINE(""))},
        {"BR-62", FIRE, TX(AGR(SELLER("<ram:URIUniversalCommunication>" EL("URIID", "a@b.c")
                                      "</ram:URIUniversalCommunication>")))},
        {"BR-62", PASS, TX(AGR(SELLER("<ram:URIUniversalCommunication><ram:URIID schemeID=\"EM\">a@b.c"
                                      "</ram:URIID></ram:URIUniversalCommunication>")))},
        {"BR-62", PASS, TX(AGR(SELLER("")))},
        {"BR-63", FIRE, TX(AGR(BUYER("<ram:URIUniversalCommunication><ram:URIID schemeID=\" \">x"
                                     "</ram:URIID></ram:URIUniversalCommunication>")))},
        {"BR-63", PASS, TX(AGR(BUYER("<ram:URIUniversalCommunication><ram:URIID schemeID=\"0088\">x"
                                     "</ram:URIID></ram:URIUniversalCommunication>")))},
        {"BR-B-01", FIRE, TX(AGR(SELLER(CTRY("DE"))) CLINE("1", "B", ""))},
        {"BR-B-01", PASS, TX(AGR(SELLER(CTRY("IT"))) CLINE("1", "B", ""))},
        {"BR-B-01", PASS, TX(AGR(SELLER(CTRY("DE"))) CLINE("1", "S", ""))},
        {"BR-B-02", FIRE, TX(CLINE("1", "B", "") CLINE("1", "S", ""))},
        {"BR-B-02", PASS, TX(CLINE("1", "B", "") CLINE("1", "Z", ""))},
        /* a complete invoice is clean */
        {"BR-01", PASS, CLEAN}, {"BR-03", PASS, CLEAN}, {"BR-16", PASS, CLEAN},
        {"BR-CO-10", PASS, CLEAN}, {"BR-CO-13", PASS, CLEAN}, {"BR-CO-14", PASS, CLEAN},
        {"BR-CO-15", PASS, CLEAN}, {"BR-CO-16", PASS, CLEAN}, {"BR-CO-17", PASS, CLEAN},
        {"BR-S-01", PASS, CLEAN}, {"BR-S-02", PASS, CLEAN}, {"BR-S-05", PASS, CLEAN},
        {"BR-S-08", PASS, CLEAN}, {"BR-S-09", PASS, CLEAN}, {"BR-CO-26", PASS, CLEAN},
        {"BR-CO-09", PASS, CLEAN}, {"BR-21", PASS, CLEAN}, {"BR-23", PASS, CLEAN},
        {"BR-27", PASS, CLEAN}, {"BR-CO-04", PASS, CLEAN}, {"BR-CO-18", PASS, CLEAN},
    };
    RUN(t);
}

/* ---- invoice lines ---- */
#define FULLLINE                                                                               \
    LINE("<ram:AssociatedDocumentLineDocument>" EL("LineID", "1")                              \
         "</ram:AssociatedDocumentLineDocument>" PRODUCT(EL("Name", "W"))                      \
         LAGR("<ram:GrossPriceProductTradePrice>" EL("ChargeAmount", "12")                     \
              "</ram:GrossPriceProductTradePrice><ram:NetPriceProductTradePrice>"              \
              EL("ChargeAmount", "0") "</ram:NetPriceProductTradePrice>")                      \
         "<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode=\"H87\">1"              \
         "</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>"                              \
         LSTL(TAX(VAT CC("S")) LMS("10.00")))

static void test_lines(void)
{
    static const tcase t[] = {
        {"BR-21", FIRE, TX(LINE(""))},
        {"BR-21", PASS, TX(FULLLINE)},
        {"BR-22", FIRE, TX(LINE(""))},
        {"BR-22", PASS, TX(FULLLINE)},
        {"BR-23", FIRE, TX(LINE("<ram:SpecifiedLineTradeDelivery>" EL("BilledQuantity", "1")
                                "</ram:SpecifiedLineTradeDelivery>"))},
        {"BR-23", PASS, TX(FULLLINE)},
        {"BR-24", FIRE, TX(LINE(LSTL("")))},
        {"BR-24", PASS, TX(FULLLINE)},
        {"BR-25", FIRE, TX(LINE(PRODUCT(EL("Name", ""))))},
        {"BR-25", PASS, TX(FULLLINE)},
        {"BR-26", FIRE, TX(LINE(LAGR("")))},
        {"BR-26", PASS, TX(FULLLINE)},
        {"BR-27", FIRE, TX(LINE(LAGR("<ram:NetPriceProductTradePrice>" EL("ChargeAmount", "-0.01")
                                     "</ram:NetPriceProductTradePrice>")))},
        {"BR-27", FIRE, TX(LINE(""))},   /* a missing price is not >= 0 either */
        {"BR-27", PASS, TX(FULLLINE)},
        {"BR-28", FIRE, TX(LINE(LAGR("<ram:GrossPriceProductTradePrice>" EL("ChargeAmount", "-5")
                                     "</ram:GrossPriceProductTradePrice>")))},
        {"BR-28", PASS, TX(LINE(""))},
        {"BR-28", PASS, TX(FULLLINE)},
        {"BR-64", FIRE, TX(LINE(PRODUCT(EL("GlobalID", "4012345678901"))))},
        {"BR-64", PASS, TX(LINE(PRODUCT("<ram:GlobalID schemeID=\"0160\">4012345678901</ram:GlobalID>")))},
        {"BR-CO-04", FIRE, TX(LINE(LSTL(TAX(EL("TypeCode", "GST") CC("S")))))},
        {"BR-CO-04", PASS, TX(LINE(LSTL(TAX(EL("TypeCode", "vat") CC("S")))))},
        {"BR-CO-18", FIRE, TX(LINE(""))},
        {"BR-CO-18", PASS, TX(LINE("") STL(TAX("")))},
        {"BR-DEC-23", FIRE, TX(LINE(LSTL(LMS("1.234"))))},
        {"BR-DEC-23", PASS, TX(LINE(LSTL(LMS("1.23"))))},
        {"BR-54", FIRE, TX(LINE(PRODUCT("<ram:ApplicableProductCharacteristic>" EL("Description", "Colour")
                                        "</ram:ApplicableProductCharacteristic>")))},
        {"BR-54", PASS, TX(LINE(PRODUCT("<ram:ApplicableProductCharacteristic>" EL("Description", "Colour")
                                        EL("Value", "Red") "</ram:ApplicableProductCharacteristic>")))},
        {"BR-65", FIRE, TX(LINE(PRODUCT("<ram:DesignatedProductClassification>" EL("ClassCode", "1")
                                        "</ram:DesignatedProductClassification>")))},
        {"BR-65", PASS, TX(LINE(PRODUCT("<ram:DesignatedProductClassification><ram:ClassCode listID=\"STI\">1"
                                        "</ram:ClassCode></ram:DesignatedProductClassification>")))},
        {"BR-65", PASS, TX(LINE(PRODUCT("<ram:DesignatedProductClassification/>")))},
        /* line allowances and charges */
        {"BR-41", FIRE, TX(LINE(LSTL(AC(IND("false")))))},
        {"BR-41", PASS, TX(LINE(LSTL(ALW("1.00", ""))))},
        {"BR-42", FIRE, TX(LINE(LSTL(AC(IND("false") EL("ActualAmount", "1")))))},
        {"BR-42", PASS, TX(LINE(LSTL(AC(IND("false") EL("ReasonCode", "95")))))},
        {"BR-CO-23", FIRE, TX(LINE(LSTL(AC(IND("false")))))},
        {"BR-CO-23", PASS, TX(LINE(LSTL(ALW("1.00", ""))))},
        {"BR-DEC-24", FIRE, TX(LINE(LSTL(ALW("1.001", ""))))},
        {"BR-DEC-24", PASS, TX(LINE(LSTL(ALW("1.01", ""))))},
        {"BR-DEC-25", FIRE, TX(LINE(LSTL(AC(IND("false") EL("BasisAmount", "10.123")))))},
        {"BR-DEC-25", PASS, TX(LINE(LSTL(AC(IND("false") EL("BasisAmount", "10.12")))))},
        {"BR-43", FIRE, TX(LINE(LSTL(AC(IND("true")))))},
        {"BR-43", PASS, TX(LINE(LSTL(CHG("1.00", ""))))},
        {"BR-44", FIRE, TX(LINE(LSTL(AC(IND("true") EL("ActualAmount", "1")))))},
        {"BR-44", PASS, TX(LINE(LSTL(AC(IND("true") EL("Reason", "x")))))},
        {"BR-CO-24", FIRE, TX(LINE(LSTL(AC(IND("true")))))},
        {"BR-CO-24", PASS, TX(LINE(LSTL(CHG("1.00", ""))))},
        {"BR-DEC-27", FIRE, TX(LINE(LSTL(CHG("0.005", ""))))},
        {"BR-DEC-27", PASS, TX(LINE(LSTL(CHG("0.5", ""))))},
        {"BR-DEC-28", FIRE, TX(LINE(LSTL(AC(IND("true") EL("BasisAmount", "1.000")))))},
        {"BR-DEC-28", PASS, TX(LINE(LSTL(AC(IND("true") EL("BasisAmount", "1")))))},
        /* the indicator is compared as text: " true " is neither allowance nor charge here */
        {"BR-43", PASS, TX(LINE(LSTL(AC(IND(" true ")))))},
        {"BR-CO-07", PASS, TX(LINE(LSTL(AC(IND("false")))))},
        {"BR-CO-08", PASS, TX(LINE(LSTL(AC(IND("true")))))},
        /* line period */
        {"BR-30", FIRE, TX(LINE(LSTL(PERIOD(DATE("StartDateTime", "20240201") DATE("EndDateTime", "20240131")))))},
        {"BR-30", PASS, TX(LINE(LSTL(PERIOD(DATE("StartDateTime", "20240101") DATE("EndDateTime", "20240131")))))},
        {"BR-30", PASS, TX(LINE(LSTL(PERIOD(DATE("EndDateTime", "20240131")))))},
        {"BR-CO-20", FIRE, TX(LINE(LSTL(PERIOD(""))))},
        {"BR-CO-20", PASS, TX(LINE(LSTL(PERIOD(DATE("StartDateTime", "20240101")))))},
    };
    RUN(t);
}

/* ---- document level allowances / charges, periods, parties, payment ---- */
static void test_header(void)
{
    static const tcase t[] = {
        {"BR-31", FIRE, TX(STL(AC(IND("false"))))},
        {"BR-31", PASS, TX(STL(ALW("5.00", "")))},
        {"BR-32", FIRE, TX(STL(ALW("5.00", CTT(EL("TypeCode", "GST") CC("S")))))},
        {"BR-32", PASS, TX(STL(ALW("5.00", CTT(VAT CC("S")))))},
        {"BR-33", FIRE, TX(STL(AC(IND("false") EL("ActualAmount", "5"))))},
        {"BR-33", PASS, TX(STL(ALW("5.00", "")))},
        {"BR-CO-21", FIRE, TX(STL(AC(IND("false"))))},
        {"BR-CO-21", PASS, TX(STL(AC(IND("false") EL("ReasonCode", "95"))))},
        {"BR-DEC-01", FIRE, TX(STL(ALW("5.001", "")))},
        {"BR-DEC-01", PASS, TX(STL(ALW("5.00", "")))},
        {"BR-DEC-02", FIRE, TX(STL(AC(IND("false") EL("BasisAmount", "1.111"))))},
        {"BR-DEC-02", PASS, TX(STL(AC(IND("false") EL("BasisAmount", "1.11"))))},
        {"BR-36", FIRE, TX(STL(AC(IND("true"))))},
        {"BR-36", PASS, TX(STL(CHG("5.00", "")))},
        {"BR-37", FIRE, TX(STL(CHG("5.00", "")))},
        {"BR-37", PASS, TX(STL(CHG("5.00", CTT(VAT CC("Z")))))},
        {"BR-38", FIRE, TX(STL(AC(IND("true") EL("ActualAmount", "5"))))},
        {"BR-38", PASS, TX(STL(CHG("5.00", "")))},
        {"BR-CO-22", FIRE, TX(STL(AC(IND("true"))))},
        {"BR-CO-22", PASS, TX(STL(AC(IND("true") EL("Reason", "x"))))},
        {"BR-DEC-05", FIRE, TX(STL(CHG("5.001", "")))},
        {"BR-DEC-05", PASS, TX(STL(CHG("5.1", "")))},
        {"BR-DEC-06", FIRE, TX(STL(AC(IND("true") EL("BasisAmount", "1.111"))))},
        {"BR-DEC-06", PASS, TX(STL(AC(IND("true") EL("BasisAmount", "1"))))},
        {"BR-CO-05", PASS, TX(STL(AC(IND("false"))))},
        {"BR-CO-06", PASS, TX(STL(AC(IND("true"))))},
        /* invoicing period */
        {"BR-29", FIRE, TX(STL(PERIOD(DATE("StartDateTime", "20240102") DATE("EndDateTime", "20240101"))))},
        {"BR-29", PASS, TX(STL(PERIOD(DATE("StartDateTime", "20240101") DATE("EndDateTime", "20240101"))))},
        {"BR-CO-19", FIRE, TX(STL(PERIOD("")))},
        {"BR-CO-19", PASS, TX(STL(PERIOD(DATE("EndDateTime", "20240101"))))},
        /* parties */
        {"BR-17", FIRE, TX(STL("<ram:PayeeTradeParty>" EL("ID", "1") "</ram:PayeeTradeParty>"))},
        {"BR-17", FIRE, TX(AGR(SELLER(EL("Name", "Same"))) STL("<ram:PayeeTradeParty>" EL("Name", "Same") "</ram:PayeeTradeParty>"))},
        {"BR-17", PASS, TX(AGR(SELLER(EL("Name", "Seller"))) STL("<ram:PayeeTradeParty>" EL("Name", "Factor") "</ram:PayeeTradeParty>"))},
        {"BR-18", FIRE, TX(AGR(REP("")))},
        {"BR-18", PASS, TX(AGR(REP(EL("Name", "Rep"))))},
        {"BR-19", FIRE, TX(AGR(REP("")))},
        {"BR-19", PASS, TX(AGR(REP(ADDR(""))))},
        {"BR-20", FIRE, TX(AGR(REP(ADDR(""))))},
        {"BR-20", PASS, TX(AGR(REP(CTRY("DE"))))},
        {"BR-56", FIRE, TX(AGR(REP(REG("FC", "123"))))},
        {"BR-56", PASS, TX(AGR(REP(REG("VA", "DE123456789"))))},
        {"BR-CO-26", FIRE, TX(AGR(SELLER(EL("Name", "S") REG("FC", "123"))))},
        {"BR-CO-26", PASS, TX(AGR(SELLER(LEGAL("HRB 1"))))},
        {"BR-CO-26", PASS, TX(AGR(SELLER(REG("VA", "DE123456789"))))},
        {"BR-CO-09", FIRE, TX(AGR(BUYER(REG("VA", "123456789"))))},
        {"BR-CO-09", FIRE, TX(AGR(SELLER(REG("VA", "XX123"))))},
        {"BR-CO-09", PASS, TX(AGR(SELLER(REG("VA", "EL123456789"))))},
        {"BR-CO-09", PASS, TX(AGR(SELLER(REG("FC", "123456789"))))},
        {"BR-57", FIRE, TX(DLV("<ram:ShipToTradeParty>" ADDR("") "</ram:ShipToTradeParty>"))},
        {"BR-57", PASS, TX(DLV("<ram:ShipToTradeParty>" CTRY("FR") "</ram:ShipToTradeParty>"))},
        {"BR-57", PASS, TX(DLV("<ram:ShipToTradeParty>" EL("Name", "x") "</ram:ShipToTradeParty>"))},
        /* payment */
        {"BR-49", FIRE, TX(STL("<ram:SpecifiedTradeSettlementPaymentMeans/>"))},
        {"BR-49", PASS, TX(STL("<ram:SpecifiedTradeSettlementPaymentMeans>" EL("TypeCode", "1")
                               "</ram:SpecifiedTradeSettlementPaymentMeans>"))},
        {"BR-50", FIRE, TX(STL("<ram:SpecifiedTradeSettlementPaymentMeans>" EL("TypeCode", "58")
                               "<ram:PayeePartyCreditorFinancialAccount>" EL("IBANID", " ")
                               "</ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>"))},
        {"BR-50", PASS, TX(STL("<ram:SpecifiedTradeSettlementPaymentMeans>" EL("TypeCode", "30")
                               "<ram:PayeePartyCreditorFinancialAccount>" EL("ProprietaryID", "123")
                               "</ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>"))},
        {"BR-50", PASS, TX(STL("<ram:SpecifiedTradeSettlementPaymentMeans>" EL("TypeCode", "42")
                               "<ram:PayeePartyCreditorFinancialAccount/></ram:SpecifiedTradeSettlementPaymentMeans>"))},
        {"BR-61", FIRE, TX(STL("<ram:SpecifiedTradeSettlementPaymentMeans>" EL("TypeCode", "30")
                               "<ram:PayeePartyCreditorFinancialAccount>" EL("AccountName", "x")
                               "</ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>"))},
        {"BR-61", PASS, TX(STL("<ram:SpecifiedTradeSettlementPaymentMeans>" EL("TypeCode", "30")
                               "<ram:PayeePartyCreditorFinancialAccount>" EL("IBANID", "")
                               "</ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>"))},
        {"BR-51", FIRE, TX(STL("<ram:SpecifiedTradeSettlementPaymentMeans><ram:ApplicableTradeSettlementFinancialCard>"
                               EL("ID", "12345678901") "</ram:ApplicableTradeSettlementFinancialCard>"
                               "</ram:SpecifiedTradeSettlementPaymentMeans>"))},
        {"BR-51", PASS, TX(STL("<ram:SpecifiedTradeSettlementPaymentMeans><ram:ApplicableTradeSettlementFinancialCard>"
                               EL("ID", "  ****  1234 ") "</ram:ApplicableTradeSettlementFinancialCard>"
                               "</ram:SpecifiedTradeSettlementPaymentMeans>"))},
        /* references */
        {"BR-52", FIRE, TX(AGR("<ram:AdditionalReferencedDocument>" EL("TypeCode", "916") "</ram:AdditionalReferencedDocument>"))},
        {"BR-52", PASS, TX(AGR("<ram:AdditionalReferencedDocument>" EL("IssuerAssignedID", "D1") "</ram:AdditionalReferencedDocument>"))},
        {"BR-55", FIRE, TX(STL("<ram:InvoiceReferencedDocument/>"))},
        {"BR-55", PASS, TX(STL("<ram:InvoiceReferencedDocument>" EL("IssuerAssignedID", "INV-0") "</ram:InvoiceReferencedDocument>"))},
    };
    RUN(t);
}

/* ---- monetary summation and totals ---- */
static void test_totals(void)
{
    static const tcase t[] = {
        {"BR-12", FIRE, TX(STL(MS("")))},
        {"BR-12", PASS, TX(STL(MS(EL("LineTotalAmount", "0"))))},
        {"BR-13", FIRE, TX(STL(MS("")))},
        {"BR-13", PASS, TX(STL(MS(EL("TaxBasisTotalAmount", "0"))))},
        {"BR-14", FIRE, TX(STL(MS("")))},
        {"BR-14", PASS, TX(STL(MS(EL("GrandTotalAmount", "0"))))},
        {"BR-15", FIRE, TX(STL(MS("")))},
        {"BR-15", PASS, TX(STL(MS(EL("DuePayableAmount", "0"))))},
        {"BR-53", FIRE, TX(STL(EL("TaxCurrencyCode", "SEK") EL("InvoiceCurrencyCode", "EUR") MS(TTA("EUR", "19.00"))))},
        {"BR-53", FIRE, TX(STL(EL("TaxCurrencyCode", "EUR") EL("InvoiceCurrencyCode", "EUR") MS(TTA("EUR", "19.00"))))},
        {"BR-53", PASS, TX(STL(EL("TaxCurrencyCode", "SEK") EL("InvoiceCurrencyCode", "EUR")
                               MS(TTA("EUR", "19.00") TTA("SEK", "209.00"))))},
        {"BR-53", PASS, TX(STL(EL("InvoiceCurrencyCode", "EUR") MS("")))},
        {"BR-CO-10", FIRE, TX(CLINE("10.00", "S", "") CLINE("5.01", "S", "") STL(MS(EL("LineTotalAmount", "15.00"))))},
        {"BR-CO-10", PASS, TX(CLINE("10.00", "S", "") CLINE("5.01", "S", "") STL(MS(EL("LineTotalAmount", "15.01"))))},
        {"BR-CO-10", FIRE, TX(STL(MS("")))},
        {"BR-CO-10", PASS, TX(STL(MS(EL("LineTotalAmount", "0.00"))))},
        {"BR-CO-11", FIRE, TX(STL(ALW("5.00", "") ALW("2.50", "") MS(EL("AllowanceTotalAmount", "7.00"))))},
        {"BR-CO-11", FIRE, TX(STL(ALW("5.00", "") MS("")))},
        {"BR-CO-11", PASS, TX(STL(ALW("5.00", "") ALW("2.50", "") MS(EL("AllowanceTotalAmount", "7.5"))))},
        {"BR-CO-11", PASS, TX(STL(MS("")))},
        {"BR-CO-12", FIRE, TX(STL(CHG("5.00", "") MS(EL("ChargeTotalAmount", "4.99"))))},
        {"BR-CO-12", FIRE, TX(STL(MS(EL("ChargeTotalAmount", "1"))))},
        {"BR-CO-12", PASS, TX(STL(CHG("5.00", "") MS(EL("ChargeTotalAmount", "5.00"))))},
        {"BR-CO-13", FIRE, TX(STL(MS(EL("LineTotalAmount", "100") EL("AllowanceTotalAmount", "10")
                                     EL("TaxBasisTotalAmount", "100"))))},
        {"BR-CO-13", PASS, TX(STL(MS(EL("LineTotalAmount", "100") EL("ChargeTotalAmount", "5")
                                     EL("AllowanceTotalAmount", "10") EL("TaxBasisTotalAmount", "95.00"))))},
        {"BR-CO-13", PASS, TX(STL(MS(EL("LineTotalAmount", "100") EL("TaxBasisTotalAmount", "100"))))},
        {"BR-CO-14", FIRE, TX(STL(EL("InvoiceCurrencyCode", "EUR") BRK("100", "19.00", "S", RATE("19"))
                                  BRK("100", "7.00", "S", RATE("7")) MS(TTA("EUR", "25.00"))))},
        {"BR-CO-14", PASS, TX(STL(EL("InvoiceCurrencyCode", "EUR") BRK("100", "19.00", "S", RATE("19"))
                                  BRK("100", "7.00", "S", RATE("7")) MS(TTA("EUR", "26.00"))))},
        {"BR-CO-14", PASS, TX(STL(EL("InvoiceCurrencyCode", "EUR") MS(TTA("SEK", "26.00"))))},
        {"BR-CO-15", FIRE, TX(STL(EL("InvoiceCurrencyCode", "EUR") MS(EL("TaxBasisTotalAmount", "100")
                                  TTA("EUR", "19") EL("GrandTotalAmount", "118.99"))))},
        {"BR-CO-15", FIRE, TX(STL(EL("InvoiceCurrencyCode", "EUR") MS(EL("TaxBasisTotalAmount", "100")
                                  TTA("EUR", "19") TTA("EUR", "19") EL("GrandTotalAmount", "119"))))},
        {"BR-CO-15", PASS, TX(STL(EL("InvoiceCurrencyCode", "EUR") MS(EL("TaxBasisTotalAmount", "100")
                                  TTA("EUR", "19") EL("GrandTotalAmount", "119.00"))))},
        {"BR-CO-15", PASS, TX(STL(EL("InvoiceCurrencyCode", "EUR") MS(EL("TaxBasisTotalAmount", "100")
                                  EL("GrandTotalAmount", "100"))))},
        {"BR-CO-16", FIRE, TX(STL(MS(EL("GrandTotalAmount", "119") EL("TotalPrepaidAmount", "19")
                                     EL("DuePayableAmount", "119"))))},
        {"BR-CO-16", PASS, TX(STL(MS(EL("GrandTotalAmount", "119") EL("TotalPrepaidAmount", "19")
                                     EL("RoundingAmount", "0.01") EL("DuePayableAmount", "100.01"))))},
        {"BR-CO-16", PASS, TX(STL(MS(EL("GrandTotalAmount", "119") EL("DuePayableAmount", "119.00"))))},
        {"BR-DEC-09", FIRE, TX(STL(MS(EL("LineTotalAmount", "1.001"))))},
        {"BR-DEC-09", PASS, TX(STL(MS(EL("LineTotalAmount", "1.01"))))},
        {"BR-DEC-10", FIRE, TX(STL(MS(EL("AllowanceTotalAmount", "1.001"))))},
        {"BR-DEC-10", PASS, TX(STL(MS(EL("AllowanceTotalAmount", "1"))))},
        {"BR-DEC-11", FIRE, TX(STL(MS(EL("ChargeTotalAmount", "1.001"))))},
        {"BR-DEC-11", PASS, TX(STL(MS(EL("ChargeTotalAmount", "1.1"))))},
        {"BR-DEC-12", FIRE, TX(STL(MS(EL("TaxBasisTotalAmount", "1.001"))))},
        {"BR-DEC-12", PASS, TX(STL(MS(EL("TaxBasisTotalAmount", "1.00"))))},
        {"BR-DEC-13", FIRE, TX(STL(EL("InvoiceCurrencyCode", "EUR") MS(TTA("EUR", "1.001"))))},
        {"BR-DEC-13", PASS, TX(STL(EL("InvoiceCurrencyCode", "EUR") MS(TTA("EUR", "1.010"))))},
        {"BR-DEC-13", PASS, TX(STL(EL("InvoiceCurrencyCode", "EUR") MS(TTA("SEK", "1.001"))))},
        {"BR-DEC-14", FIRE, TX(STL(MS(EL("GrandTotalAmount", "1.001"))))},
        {"BR-DEC-14", PASS, TX(STL(MS(EL("GrandTotalAmount", "1.00"))))},
        {"BR-DEC-15", FIRE, TX(STL(EL("TaxCurrencyCode", "SEK") MS(TTA("SEK", "1.001"))))},
        {"BR-DEC-15", PASS, TX(STL(EL("TaxCurrencyCode", "SEK") MS(TTA("SEK", "1.00"))))},
        {"BR-DEC-15", PASS, TX(STL(MS(TTA("SEK", "1.001"))))},
        {"BR-DEC-16", FIRE, TX(STL(MS(EL("TotalPrepaidAmount", "1.001"))))},
        {"BR-DEC-16", PASS, TX(STL(MS(EL("TotalPrepaidAmount", "1.00"))))},
        {"BR-DEC-17", FIRE, TX(STL(MS(EL("RoundingAmount", "0.001"))))},
        {"BR-DEC-17", PASS, TX(STL(MS(EL("RoundingAmount", "0.01"))))},
        {"BR-DEC-18", FIRE, TX(STL(MS(EL("DuePayableAmount", "1.001"))))},
        {"BR-DEC-18", PASS, TX(STL(MS(EL("DuePayableAmount", "1.00"))))},
    };
    RUN(t);
}

/* ---- the general VAT breakdown rule ---- */
static void test_breakdown(void)
{
    static const tcase t[] = {
        {"BR-45", FIRE, TX(STL(TAX(VAT CC("S"))))},
        {"BR-45", PASS, TX(STL(TAX(EL("BasisAmount", "1"))))},
        {"BR-46", FIRE, TX(STL(TAX(VAT CC("S"))))},
        {"BR-46", PASS, TX(STL(TAX(EL("CalculatedAmount", "1"))))},
        {"BR-47", FIRE, TX(STL(TAX(VAT)))},
        {"BR-47", FIRE, TX(STL(TAX(EL("TypeCode", "GST") CC("S"))))},
        {"BR-47", PASS, TX(STL(TAX(VAT CC("S"))))},
        {"BR-48", FIRE, TX(STL(TAX(VAT CC("S"))))},
        {"BR-48", PASS, TX(STL(TAX(VAT CC("S") RATE("19"))))},
        /* an O breakdown is handled by the O rule, not by the general one */
        {"BR-48", PASS, TX(STL(TAX(VAT CC("O"))))},
        {"BR-45", PASS, TX(STL(TAX(VAT CC("O"))))},
        {"BR-45", FIRE, TX(STL(TAX(EL("TypeCode", "GST") CC("O"))))},
        {"BR-CO-03", FIRE, TX(STL(TAX(EL("DueDateTypeCode", "5")) TAX(DATE("TaxPointDate", "20240101"))))},
        {"BR-CO-03", PASS, TX(STL(TAX(EL("DueDateTypeCode", "5"))))},
        {"BR-CO-17", FIRE, TX(STL(BRK("100.00", "20.01", "S", RATE("19"))))},
        {"BR-CO-17", PASS, TX(STL(BRK("100.00", "20.00", "S", RATE("19"))))},
        {"BR-CO-17", PASS, TX(STL(BRK("-100.00", "-19.00", "S", RATE("19"))))},
        {"BR-CO-17", FIRE, TX(STL(BRK("100.00", "1.00", "Z", RATE("0"))))},
        {"BR-CO-17", PASS, TX(STL(BRK("100.00", "0.00", "Z", RATE("0"))))},
        {"BR-CO-17", PASS, TX(STL(BRK("100.00", "0.40", "E", "")))},
        {"BR-DEC-19", FIRE, TX(STL(TAX(EL("BasisAmount", "1.001"))))},
        {"BR-DEC-19", PASS, TX(STL(TAX(EL("BasisAmount", "1.01"))))},
        {"BR-DEC-20", FIRE, TX(STL(TAX(EL("CalculatedAmount", "1.001"))))},
        {"BR-DEC-20", PASS, TX(STL(TAX(EL("CalculatedAmount", "1"))))},
    };
    RUN(t);
}

/* ---- VAT categories: one breakdown per category (-01) ---- */
#define SINGLE(rule, c, r)                                                                    \
    {rule, FIRE, TX(CLINE("100", c, r))},                                                     \
    {rule, FIRE, TX(CLINE("100", c, r) STL(BRK("50", "0", c, r) BRK("50", "0", c, r)))},      \
    {rule, FIRE, TX(STL(BRK("100", "0", c, r)))},                                             \
    {rule, PASS, TX(CLINE("100", c, r) STL(BRK("100", "0", c, r)))},                          \
    {rule, PASS, TX(STL(ALW("1", CTT(VAT CC(c) r)) BRK("100", "0", c, r)))}

static void test_vat_once(void)
{
    static const tcase t[] = {
        SINGLE("BR-Z-01", "Z", RATE("0")),
        SINGLE("BR-E-01", "E", RATE("0")),
        SINGLE("BR-AE-01", "AE", RATE("0")),
        SINGLE("BR-IC-01", "K", RATE("0")),
        SINGLE("BR-G-01", "G", RATE("0")),
        {"BR-O-01", PASS, TX(CLINE("100", "O", ""))},
        {"BR-O-01", FIRE, TX(STL(BRK("100", "0", "O", "")))},
        {"BR-O-01", FIRE, TX(CLINE("100", "O", "") STL(BRK("50", "0", "O", "") BRK("50", "0", "O", "")))},
        {"BR-O-01", PASS, TX(CLINE("100", "O", "") STL(BRK("100", "0", "O", "")))},
        {"BR-S-01", FIRE, TX(CLINE("100", "S", RATE("19")))},
        {"BR-S-01", FIRE, TX(STL(ALW("1", CTT(VAT CC("S") RATE("19")))))},
        {"BR-S-01", PASS, TX(CLINE("100", "S", RATE("19")) STL(BRK("100", "19", "S", RATE("19"))))},
        {"BR-S-01", PASS, TX(CLINE("100", "S", RATE("19")) CLINE("100", "S", RATE("7")))},
        {"BR-AF-01", FIRE, TX(CLINE("100", "L", RATE("7")))},
        {"BR-AF-01", PASS, TX(CLINE("100", "L", RATE("7")) STL(BRK("100", "7", "L", RATE("7"))))},
        {"BR-AG-01", FIRE, TX(STL(CHG("1", CTT(VAT CC("M") RATE("4")))))},
        {"BR-AG-01", PASS, TX(STL(CHG("1", CTT(VAT CC("M") RATE("4"))) BRK("1", "0.04", "M", RATE("4"))))},
    };
    RUN(t);
}

/* ---- VAT categories: seller / buyer identification (-02..-04) ---- */
#define IDS(pre, c, r)                                                                        \
    {pre "-02", FIRE, TX(CLINE("1", c, r))},                                                  \
    {pre "-03", FIRE, TX(STL(ALW("1", CTT(VAT CC(c) r))))},                                   \
    {pre "-04", FIRE, TX(STL(CHG("1", CTT(VAT CC(c) r))))}

static void test_vat_ids(void)
{
#define BUYER_VAT AGR(BUYER(REG("VA", "FR12345678901")))
    static const tcase t[] = {
        IDS("BR-S", "S", RATE("19")), IDS("BR-Z", "Z", RATE("0")), IDS("BR-E", "E", RATE("0")),
        IDS("BR-AE", "AE", RATE("0")), IDS("BR-IC", "K", RATE("0")), IDS("BR-G", "G", RATE("0")),
        IDS("BR-AF", "L", RATE("7")), IDS("BR-AG", "M", RATE("4")),
        {"BR-S-02", PASS, TX(AGR(SELLER(REG("FC", "201/113/40209"))) CLINE("1", "S", RATE("19")))},
        {"BR-S-03", PASS, TX(AGR(REP(REG("VA", "DE1"))) STL(ALW("1", CTT(VAT CC("S") RATE("19")))))},
        {"BR-S-04", PASS, TX(SELLER_VAT STL(CHG("1", CTT(VAT CC("S") RATE("19")))))},
        {"BR-Z-02", PASS, TX(SELLER_VAT CLINE("1", "Z", RATE("0")))},
        {"BR-E-03", PASS, TX(SELLER_VAT STL(ALW("1", CTT(VAT CC("E") RATE("0")))))},
        {"BR-AF-04", PASS, TX(SELLER_VAT STL(CHG("1", CTT(VAT CC("L") RATE("7")))))},
        {"BR-AG-02", PASS, TX(SELLER_VAT CLINE("1", "M", RATE("4")))},
        /* reverse charge needs the buyer too (VAT id or legal registration) */
        {"BR-AE-02", FIRE, TX(SELLER_VAT CLINE("1", "AE", RATE("0")))},
        {"BR-AE-02", PASS, TX(SELLER_VAT AGR(BUYER(LEGAL("123"))) CLINE("1", "AE", RATE("0")))},
        {"BR-AE-03", PASS, TX(SELLER_VAT BUYER_VAT STL(ALW("1", CTT(VAT CC("AE") RATE("0")))))},
        {"BR-AE-04", PASS, TX(SELLER_VAT BUYER_VAT STL(CHG("1", CTT(VAT CC("AE") RATE("0")))))},
        /* intra-community supply needs both VAT identifiers; FC does not count */
        {"BR-IC-02", FIRE, TX(AGR(SELLER(REG("FC", "1"))) BUYER_VAT CLINE("1", "K", RATE("0")))},
        {"BR-IC-02", PASS, TX(SELLER_VAT BUYER_VAT CLINE("1", "K", RATE("0")))},
        {"BR-IC-03", PASS, TX(SELLER_VAT BUYER_VAT STL(ALW("1", CTT(VAT CC("K") RATE("0")))))},
        {"BR-IC-04", PASS, TX(SELLER_VAT BUYER_VAT STL(CHG("1", CTT(VAT CC("K") RATE("0")))))},
        {"BR-G-02", FIRE, TX(AGR(SELLER(REG("FC", "1"))) CLINE("1", "G", RATE("0")))},
        {"BR-G-02", PASS, TX(SELLER_VAT CLINE("1", "G", RATE("0")))},
        {"BR-G-03", PASS, TX(SELLER_VAT STL(ALW("1", CTT(VAT CC("G") RATE("0")))))},
        {"BR-G-04", PASS, TX(SELLER_VAT STL(CHG("1", CTT(VAT CC("G") RATE("0")))))},
        /* not subject to VAT: no VAT identifier at all */
        {"BR-O-02", FIRE, TX(BUYER_VAT CLINE("1", "O", ""))},
        {"BR-O-02", PASS, TX(AGR(SELLER(REG("FC", "1"))) CLINE("1", "O", ""))},
        {"BR-O-03", FIRE, TX(SELLER_VAT STL(ALW("1", CTT(VAT CC("O")))))},
        {"BR-O-03", PASS, TX(STL(ALW("1", CTT(VAT CC("O")))))},
        {"BR-O-04", FIRE, TX(AGR(REP(REG("VA", "DE1"))) STL(CHG("1", CTT(VAT CC("O")))))},
        {"BR-O-04", PASS, TX(STL(CHG("1", CTT(VAT CC("O")))))},
        /* first matching rule: a line naming AE and S is an AE line only */
        {"BR-S-02", PASS, TX(LINE(LSTL(TAX(VAT CC("AE") CC("S") RATE("0")))))},
        {"BR-AE-02", FIRE, TX(LINE(LSTL(TAX(VAT CC("AE") CC("S") RATE("0")))))},
        /* not VAT: no category rule */
        {"BR-S-02", PASS, TX(LINE(LSTL(TAX(EL("TypeCode", "GST") CC("S")))))},
    };
    RUN(t);
}

/* ---- VAT categories: rates (-05..-07) ---- */
#define RATES(pre, c, bad, good)                                                              \
    {pre "-05", FIRE, TX(CLINE("1", c, bad))},                                                \
    {pre "-05", PASS, TX(CLINE("1", c, good))},                                               \
    {pre "-06", FIRE, TX(STL(ALW("1", CTT(VAT CC(c) bad))))},                                 \
    {pre "-06", PASS, TX(STL(ALW("1", CTT(VAT CC(c) good))))},                                \
    {pre "-07", FIRE, TX(STL(CHG("1", CTT(VAT CC(c) bad))))},                                 \
    {pre "-07", PASS, TX(STL(CHG("1", CTT(VAT CC(c) good))))}

static void test_vat_rates(void)
{
    static const tcase t[] = {
        RATES("BR-S", "S", RATE("0"), RATE("19")),
        RATES("BR-Z", "Z", RATE("1"), RATE("0.00")),
        RATES("BR-E", "E", "", RATE("0")),
        RATES("BR-AE", "AE", RATE("19"), RATE("0")),
        RATES("BR-IC", "K", RATE("7"), RATE("0")),
        RATES("BR-G", "G", RATE("-1"), RATE("0")),
        RATES("BR-O", "O", RATE("0"), ""),
        RATES("BR-AF", "L", RATE("0"), RATE("7")),
        RATES("BR-AG", "M", RATE("-4"), RATE("0")),
        /* an allowance with an invalid indicator is no allowance */
        {"BR-S-06", PASS, TX(STL(AC(IND("maybe") CTT(VAT CC("S") RATE("0")))))},
        {"BR-S-07", FIRE, TX(STL(AC(IND("1") CTT(VAT CC("S") RATE("0")))))},
    };
    RUN(t);
}

/* ---- VAT categories: taxable amounts, tax amounts and reasons of the breakdown ---- */
#define ZEROCAT(pre, c)                                                                          \
    {pre "-08", FIRE, TX(CLINE("100.00", c, RATE("0")) STL(BRK("98.00", "0", c, RATE("0") WHY)))}, \
    {pre "-08", PASS, TX(CLINE("100.00", c, RATE("0")) STL(BRK("99.50", "0", c, RATE("0") WHY)))}, \
    {pre "-08", PASS, TX(CLINE("100.00", c, RATE("0")) STL(ALW("10", CTT(VAT CC(c))) CHG("5", CTT(VAT CC(c))) \
                                                       BRK("95.00", "0", c, RATE("0") WHY)))},   \
    {pre "-09", FIRE, TX(STL(BRK("0", "0.01", c, RATE("0"))))},                                  \
    {pre "-09", PASS, TX(STL(BRK("0", "0.00", c, RATE("0"))))},                                  \
    {pre "-10", FIRE, TX(STL(BRK("0", "0", c, RATE("0"))))},                                     \
    {pre "-10", PASS, TX(STL(BRK("0", "0", c, RATE("0") EL("ExemptionReasonCode", "VATEX-EU-G"))))}

static void test_vat_breakdowns(void)
{
    static const tcase t[] = {
        ZEROCAT("BR-E", "E"), ZEROCAT("BR-AE", "AE"), ZEROCAT("BR-IC", "K"), ZEROCAT("BR-G", "G"),
        /* Z: like the others, but it must not carry an exemption reason */
        {"BR-Z-08", FIRE, TX(CLINE("100.00", "Z", RATE("0")) STL(BRK("101.00", "0", "Z", RATE("0"))))},
        {"BR-Z-08", PASS, TX(CLINE("100.00", "Z", RATE("0")) STL(BRK("100.99", "0", "Z", RATE("0"))))},
        {"BR-Z-09", FIRE, TX(STL(BRK("0", "1", "Z", RATE("0"))))},
        {"BR-Z-09", PASS, TX(STL(BRK("0", "0", "Z", RATE("0"))))},
        {"BR-Z-10", FIRE, TX(STL(BRK("0", "0", "Z", RATE("0") WHY)))},
        {"BR-Z-10", PASS, TX(STL(BRK("0", "0", "Z", RATE("0"))))},
        /* S: per rate */
        {"BR-S-08", FIRE, TX(CLINE("100.00", "S", RATE("19")) CLINE("50.00", "S", RATE("7"))
                             STL(BRK("150.00", "28.50", "S", RATE("19"))))},
        {"BR-S-08", PASS, TX(CLINE("100.00", "S", RATE("19")) CLINE("50.00", "S", RATE("7"))
                             STL(ALW("10.00", CTT(VAT CC("S") RATE("19.00")))
                                 BRK("90.00", "17.10", "S", RATE("19")) BRK("50.00", "3.50", "S", RATE("7"))))},
        {"BR-S-09", FIRE, TX(STL(BRK("100.00", "20.00", "S", RATE("19"))))},
        {"BR-S-09", PASS, TX(STL(BRK("100.00", "19.99", "S", RATE("19"))))},
        {"BR-S-09", FIRE, TX(STL(BRK("100.00", "19", "S", "")))},
        {"BR-S-10", FIRE, TX(STL(BRK("0", "0", "S", RATE("19") WHY)))},
        {"BR-S-10", PASS, TX(STL(BRK("0", "0", "S", RATE("19"))))},
        /* IC: delivery date or period, deliver-to country */
        {"BR-IC-11", FIRE, TX(STL(BRK("0", "0", "K", RATE("0"))))},
        {"BR-IC-11", PASS, TX(STL(PERIOD(DATE("StartDateTime", "20240101")) BRK("0", "0", "K", RATE("0"))))},
        {"BR-IC-11", PASS, TX(DLV("<ram:ActualDeliverySupplyChainEvent>" DATE("OccurrenceDateTime", "20240101")
                                  "</ram:ActualDeliverySupplyChainEvent>") STL(BRK("0", "0", "K", RATE("0"))))},
        {"BR-IC-12", FIRE, TX(STL(BRK("0", "0", "K", RATE("0"))))},
        {"BR-IC-12", PASS, TX(DLV("<ram:ShipToTradeParty>" CTRY("FR") "</ram:ShipToTradeParty>")
                              STL(BRK("0", "0", "K", RATE("0"))))},
        /* O */
        {"BR-O-08", FIRE, TX(CLINE("100.00", "O", "") STL(BRK("99.50", "0", "O", WHY)))},
        {"BR-O-08", PASS, TX(CLINE("100.00", "O", "") STL(CHG("1", CTT(VAT CC("O"))) BRK("101.00", "0", "O", WHY)))},
        {"BR-O-09", FIRE, TX(STL(BRK("0", "1", "O", WHY)))},
        {"BR-O-09", PASS, TX(STL(BRK("0", "0", "O", WHY)))},
        {"BR-O-10", FIRE, TX(STL(BRK("0", "0", "O", "")))},
        {"BR-O-10", PASS, TX(STL(BRK("0", "0", "O", WHY)))},
        {"BR-O-11", FIRE, TX(STL(BRK("0", "0", "O", WHY) BRK("0", "0", "E", WHY)))},
        {"BR-O-11", PASS, TX(STL(BRK("0", "0", "O", WHY)))},
        {"BR-O-12", FIRE, TX(CLINE("1", "S", RATE("19")) STL(BRK("0", "0", "O", WHY)))},
        {"BR-O-12", PASS, TX(CLINE("1", "O", "") STL(BRK("0", "0", "O", WHY)))},
        {"BR-O-13", FIRE, TX(STL(ALW("1", CTT(VAT CC("E"))) BRK("0", "0", "O", WHY)))},
        {"BR-O-13", PASS, TX(STL(ALW("1", CTT(VAT CC("O"))) BRK("0", "0", "O", WHY)))},
        {"BR-O-14", FIRE, TX(STL(CHG("1", CTT(VAT CC("S"))) BRK("0", "0", "O", WHY)))},
        {"BR-O-14", PASS, TX(STL(BRK("0", "0", "O", WHY)))},
        /* L and M: exemption reasons; the taxable amount test reads the rate one level up */
        {"BR-AF-10", FIRE, TX(STL(BRK("0", "0", "L", RATE("7") WHY)))},
        {"BR-AF-10", PASS, TX(STL(BRK("0", "0", "L", RATE("7"))))},
        {"BR-AF-08", PASS, TX(CLINE("100.00", "L", RATE("7")) STL(BRK("1.00", "0.07", "L", RATE("7"))))},
        {"BR-AF-08", FIRE, TX(CLINE("100.00", "L", RATE("7")) STL(RATE("7") EL("BasisAmount", "1")
                                                                BRK("1.00", "0.07", "L", RATE("7"))))},
        {"BR-AF-09", PASS, TX(STL(BRK("100", "99", "L", RATE("7"))))},
        {"BR-AG-10", FIRE, TX(STL(BRK("0", "0", "M", RATE("4") EL("ExemptionReasonCode", "X"))))},
        {"BR-AG-10", PASS, TX(STL(BRK("0", "0", "M", RATE("4"))))},
        {"BR-AG-08", FIRE, TX(CLINE("100.00", "M", RATE("4")) STL(RATE("4") EL("BasisAmount", "100.01")
                                                                BRK("1.00", "0.04", "M", RATE("4"))))},
        {"BR-AG-08", PASS, TX(CLINE("100.00", "M", RATE("4")) STL(RATE("4") EL("BasisAmount", "100.00")
                                                                BRK("1.00", "0.04", "M", RATE("4"))))},
        {"BR-AG-09", PASS, TX(STL(BRK("100", "99", "M", RATE("4"))))},
    };
    RUN(t);
}

/* Value semantics of the official tests: an untyped "-0.00" is a negative zero that is
 * below 0 when compared with a number ("-0" alone is plain zero); amounts compared as text
 * are not normalised; a zero rate rounding to 0 counts as zero for BR-CO-17. */
static void test_value_semantics(void)
{
    static const tcase t[] = {
        {"BR-Z-09", FIRE, TX(STL(BRK("0", "-0.00", "Z", RATE("0"))))},
        {"BR-Z-09", PASS, TX(STL(BRK("0", "-0", "Z", RATE("0"))))},
        {"BR-Z-05", FIRE, TX(CLINE("1", "Z", RATE("-0.0")))},
        {"BR-28", FIRE, TX(LINE(LAGR("<ram:GrossPriceProductTradePrice>" EL("ChargeAmount", "-0.00")
                                     "</ram:GrossPriceProductTradePrice>")))},
        {"BR-27", PASS, TX(LINE(LAGR("<ram:NetPriceProductTradePrice>" EL("ChargeAmount", "0e0")
                                     "</ram:NetPriceProductTradePrice>")))},
        {"BR-CO-11", FIRE, TX(STL(ALW("0.00", "") MS(EL("AllowanceTotalAmount", "-0.00"))))},
        {"BR-CO-11", PASS, TX(STL(ALW("-0.00", "") MS(EL("AllowanceTotalAmount", "-0.00"))))},
        {"BR-CO-13", PASS, TX(STL(MS(EL("LineTotalAmount", "-0.00") EL("TaxBasisTotalAmount", "0"))))},
        {"BR-CO-17", PASS, TX(STL(BRK("1000.00", "0.00", "S", RATE("0.4"))))},
        {"BR-CO-17", FIRE, TX(STL(BRK("1000.00", "0.00", "S", RATE("0.5"))))},
        {"BR-29", PASS, TX(STL(PERIOD(DATE("StartDateTime", "2024-01-02") DATE("EndDateTime", "2024-01-10"))))},
        {"BR-S-08", PASS, TX(CLINE("100.00", "S", RATE("19.0")) STL(BRK("100", "19.00", "S", RATE("19"))
                                                                      BRK("100", "19.00", "S", RATE("19"))))},
        {"BR-S-01", PASS, TX(CLINE("100.00", "S", RATE("19")) CLINE("100.00", "S", RATE("19")))},
    };
    RUN(t);
}

/* One finding per failing context node. */
static void test_one_per_node(void)
{
    tst_result_t *r = tst_validate("EN16931", NULL, tst_cii(TX(LINE("") LINE("") LINE(""))));
    CU_ASSERT_EQUAL(tst_count(r, "BR-21"), 3);
    CU_ASSERT_EQUAL(tst_count(r, "BR-CO-18"), 3);
    CU_ASSERT_EQUAL(tst_count(r, "BR-16"), 0);
    tst_free(r);
    r = tst_validate("EN16931", NULL, tst_cii(TX(CLINE("1", "S", "") CLINE("1", "S", ""))));
    CU_ASSERT_EQUAL(tst_count(r, "BR-S-02"), 2);
    CU_ASSERT_EQUAL(tst_count(r, "BR-S-05"), 2);
    tst_free(r);
}

/* The complete invoice passes every business rule. */
static void test_clean(void)
{
    tst_result_t *r = tst_validate("EN16931", NULL, tst_cii(CLEAN));
    const char *codes = tst_codes(r);
    int br = strstr(codes, "BR-") != NULL;
    CU_ASSERT_FALSE_FATAL(tst_error(r) && *tst_error(r));
    if (br)
        fprintf(stderr, "clean CII invoice got: %s\n", codes);
    CU_ASSERT_FALSE(br);
    tst_free(r);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("cii_rules", NULL, NULL);
    CU_add_test(s, "root", test_root);
    CU_add_test(s, "lines", test_lines);
    CU_add_test(s, "header groups", test_header);
    CU_add_test(s, "totals", test_totals);
    CU_add_test(s, "breakdown", test_breakdown);
    CU_add_test(s, "vat -01", test_vat_once);
    CU_add_test(s, "vat -02..-04", test_vat_ids);
    CU_add_test(s, "vat -05..-07", test_vat_rates);
    CU_add_test(s, "vat -08..", test_vat_breakdowns);
    CU_add_test(s, "value semantics", test_value_semantics);
    CU_add_test(s, "one per node", test_one_per_node);
    CU_add_test(s, "clean", test_clean);
}
