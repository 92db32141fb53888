/* CII syntax-binding rules (plugins/cii/cii_syntax_rules.c): every CII-DT rule and a
 * representative set of CII-SR rules, each with a document that makes it fire (with the
 * artefact's severity) and one that does not. Documents are fragments wrapped in
 * rsm:CrossIndustryInvoice; each case only looks at the rule it names. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>
#include "tsupport.h"

enum { PASS = 0, ERR = 1, WARN = 2 };

typedef struct tcase {
    const char *rule;
    int expect;
    const char *body;
} tcase;

/* ---- fragments ---- */
#define EL(n, v) "<ram:" n ">" v "</ram:" n ">"
/* element n with attribute a="x" */
#define AT(n, a) "<ram:" n " " a "=\"x\">1</ram:" n ">"
#define CTXT(x) "<rsm:ExchangedDocumentContext>" x "</rsm:ExchangedDocumentContext>"
#define GUIDE(x) \
    "<ram:GuidelineSpecifiedDocumentContextParameter>" x "</ram:GuidelineSpecifiedDocumentContextParameter>"
#define BPROC(x) \
    "<ram:BusinessProcessSpecifiedDocumentContextParameter>" x \
    "</ram:BusinessProcessSpecifiedDocumentContextParameter>"
#define HEAD(x) "<rsm:ExchangedDocument>" x "</rsm:ExchangedDocument>"
#define TX(x) "<rsm:SupplyChainTradeTransaction>" x "</rsm:SupplyChainTradeTransaction>"
#define LINE(x) "<ram:IncludedSupplyChainTradeLineItem>" x "</ram:IncludedSupplyChainTradeLineItem>"
#define LDOC(x) "<ram:AssociatedDocumentLineDocument>" x "</ram:AssociatedDocumentLineDocument>"
#define PROD(x) "<ram:SpecifiedTradeProduct>" x "</ram:SpecifiedTradeProduct>"
#define CHAR(x) "<ram:ApplicableProductCharacteristic>" x "</ram:ApplicableProductCharacteristic>"
#define LAGR(x) "<ram:SpecifiedLineTradeAgreement>" x "</ram:SpecifiedLineTradeAgreement>"
#define GROSS(x) "<ram:GrossPriceProductTradePrice>" x "</ram:GrossPriceProductTradePrice>"
#define NET(x) "<ram:NetPriceProductTradePrice>" x "</ram:NetPriceProductTradePrice>"
#define LDLV(x) "<ram:SpecifiedLineTradeDelivery>" x "</ram:SpecifiedLineTradeDelivery>"
#define LSTL(x) "<ram:SpecifiedLineTradeSettlement>" x "</ram:SpecifiedLineTradeSettlement>"
#define AGR(x) "<ram:ApplicableHeaderTradeAgreement>" x "</ram:ApplicableHeaderTradeAgreement>"
#define DLV(x) "<ram:ApplicableHeaderTradeDelivery>" x "</ram:ApplicableHeaderTradeDelivery>"
#define STL(x) "<ram:ApplicableHeaderTradeSettlement>" x "</ram:ApplicableHeaderTradeSettlement>"
#define MS(x) \
    "<ram:SpecifiedTradeSettlementHeaderMonetarySummation>" x \
    "</ram:SpecifiedTradeSettlementHeaderMonetarySummation>"
#define SELLER(x) "<ram:SellerTradeParty>" x "</ram:SellerTradeParty>"
#define BUYER(x) "<ram:BuyerTradeParty>" x "</ram:BuyerTradeParty>"
#define SHIPTO(x) "<ram:ShipToTradeParty>" x "</ram:ShipToTradeParty>"
#define PAYEE(x) "<ram:PayeeTradeParty>" x "</ram:PayeeTradeParty>"
#define CONTACT(x) "<ram:DefinedTradeContact>" x "</ram:DefinedTradeContact>"
#define ADDR(x) "<ram:PostalTradeAddress>" x "</ram:PostalTradeAddress>"
#define PERIOD(x) "<ram:BillingSpecifiedPeriod>" x "</ram:BillingSpecifiedPeriod>"
#define TAX(x) "<ram:ApplicableTradeTax>" x "</ram:ApplicableTradeTax>"
#define CTT(x) "<ram:CategoryTradeTax>" x "</ram:CategoryTradeTax>"
#define AC(x) "<ram:SpecifiedTradeAllowanceCharge>" x "</ram:SpecifiedTradeAllowanceCharge>"
#define GAC(x) "<ram:AppliedTradeAllowanceCharge>" x "</ram:AppliedTradeAllowanceCharge>"
#define IND(b) "<ram:ChargeIndicator><udt:Indicator>" b "</udt:Indicator></ram:ChargeIndicator>"
#define PM(x) "<ram:SpecifiedTradeSettlementPaymentMeans>" x "</ram:SpecifiedTradeSettlementPaymentMeans>"
#define ARD(x) "<ram:AdditionalReferencedDocument>" x "</ram:AdditionalReferencedDocument>"
#define REFD(n, x) "<ram:" n "ReferencedDocument>" x "</ram:" n "ReferencedDocument>"
#define D102(d) "<udt:DateTimeString format=\"102\">" d "</udt:DateTimeString>"
#define QTY(n, a) "<ram:" n " " a ">1</ram:" n ">"
/* a line whose billed quantity has a unit code */
#define BILLED LINE(LDLV(QTY("BilledQuantity", "unitCode=\"C62\"")))

static int fired(tst_result_t *r, const tcase *tc)
{
    return tst_has(r, tc->rule, tc->expect == ERR ? EINV_SEV_ERROR : EINV_SEV_WARNING);
}

static void run_docs(const tcase *tc, size_t n, int wrap)
{
    for (size_t i = 0; i < n; i++) {
        tst_result_t *r = tst_validate("EN16931", NULL, wrap ? tst_cii(tc[i].body) : tc[i].body);
        int ok = tc[i].expect == PASS ? tst_count(r, tc[i].rule) == 0 : fired(r, &tc[i]);
        char msg[800];
        snprintf(msg, sizeof msg, "%s should %s: %.400s | got: %.200s [%s]", tc[i].rule,
                 tc[i].expect == PASS ? "not fire" : tc[i].expect == ERR ? "fire as error" : "fire as warning",
                 tc[i].body, tst_codes(r), tst_error(r) ? tst_error(r) : "");
        CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, __LINE__, msg, __FILE__, "", CU_FALSE);
        tst_free(r);
    }
}
#define RUN(t) run_docs(t, sizeof t / sizeof t[0], 1)

/* ---- CII-DT: data type restrictions ---- */

static void test_dt_identifiers(void)
{
    static const tcase t[] = {
        /* the four core identifiers: every scheme attribute is refused */
        {"CII-DT-001", ERR, HEAD(AT("ID", "schemeName"))},
        {"CII-DT-001", PASS, HEAD(EL("ID", "INV-1"))},
        {"CII-DT-002", ERR, CTXT(GUIDE(AT("ID", "schemeAgencyName")))},
        {"CII-DT-002", PASS, CTXT(GUIDE(EL("ID", "urn:cen.eu:en16931:2017")))},
        {"CII-DT-003", ERR, TX(LINE(LDOC(AT("LineID", "schemeDataURI"))))},
        {"CII-DT-003", PASS, TX(LINE(LDOC(EL("LineID", "1"))))},
        {"CII-DT-004", ERR, TX(LINE(PROD(AT("SellerAssignedID", "schemeURI"))))},
        {"CII-DT-004", PASS, TX(LINE(PROD(EL("SellerAssignedID", "A1"))))},
        {"CII-DT-005", ERR, HEAD(AT("ID", "schemeID"))},
        {"CII-DT-005", PASS, TX(AGR(SELLER(AT("ID", "schemeID"))))},   /* not a core identifier */
        {"CII-DT-006", ERR, HEAD(AT("ID", "schemeAgencyID"))},
        {"CII-DT-006", PASS, HEAD(EL("ID", "1"))},
        {"CII-DT-007", ERR, TX(LINE(LDOC(AT("LineID", "schemeVersionID"))))},
        {"CII-DT-007", PASS, TX(LINE(LDOC(EL("LineID", "1"))))},
        /* every other ram:*ID */
        {"CII-DT-101", ERR, TX(AGR(SELLER(AT("ID", "schemeName"))))},
        {"CII-DT-101", ERR, TX(STL(PM("<ram:PayeePartyCreditorFinancialAccount>" AT("IBANID", "schemeName")
                                      "</ram:PayeePartyCreditorFinancialAccount>")))},
        {"CII-DT-101", PASS, HEAD(AT("ID", "schemeName"))},   /* the core rule took it */
        {"CII-DT-101", PASS, TX(AGR(SELLER(EL("ID", "1"))))},
        {"CII-DT-102", ERR, TX(AGR(BUYER(AT("GlobalID", "schemeAgencyName"))))},
        {"CII-DT-102", PASS, TX(AGR(BUYER("<ram:GlobalID schemeID=\"0088\">1</ram:GlobalID>")))},
        {"CII-DT-103", ERR, TX(LINE(PROD(AT("BuyerAssignedID", "schemeDataURI"))))},
        {"CII-DT-103", PASS, TX(LINE(PROD(EL("BuyerAssignedID", "B"))))},
        {"CII-DT-104", ERR, TX(LINE(LDOC(EL("LineID", "1")) PROD(AT("ID", "schemeURI"))))},
        {"CII-DT-104", PASS, TX(LINE(PROD(EL("ID", "1"))))},
    };
    RUN(t);
}

static void test_dt_codes(void)
{
    static const tcase t[] = {
        {"CII-DT-008", ERR, HEAD(AT("TypeCode", "name"))},
        {"CII-DT-008", ERR, TX(STL(TAX(AT("TypeCode", "name"))))},
        {"CII-DT-008", PASS, HEAD(EL("TypeCode", "380"))},
        {"CII-DT-009", ERR, TX(STL(PM(AT("TypeCode", "listURI"))))},
        {"CII-DT-009", PASS, TX(STL(PM(EL("TypeCode", "58"))))},
        /* the document type code is taken by the //ram:TypeCode rule listed before */
        {"CII-DT-010", PASS, HEAD(AT("TypeCode", "listID"))},
        {"CII-DT-011", PASS, HEAD(AT("TypeCode", "listAgencyID"))},
        {"CII-DT-012", PASS, HEAD(AT("TypeCode", "listVersionID"))},
        {"CII-DT-045", WARN, TX(LINE(LSTL(TAX(AT("CategoryCode", "listID")))))},
        {"CII-DT-045", PASS, TX(STL(TAX(AT("CategoryCode", "listID"))))},   /* header level */
        {"CII-DT-046", WARN, TX(LINE(LSTL(TAX(AT("CategoryCode", "listAgencyID")))))},
        {"CII-DT-046", PASS, TX(LINE(LSTL(TAX(EL("CategoryCode", "S")))))},
        {"CII-DT-047", WARN, TX(LINE(LSTL(TAX(AT("CategoryCode", "listVersionID")))))},
        {"CII-DT-047", PASS, TX(LINE(LSTL(TAX(EL("CategoryCode", "S")))))},
        {"CII-DT-048", WARN, TX(LINE(LSTL(TAX(AT("CategoryCode", "listURI")))))},
        {"CII-DT-048", PASS, TX(LINE(LSTL(TAX(EL("CategoryCode", "S")))))},
    };
    RUN(t);
}

static void test_dt_root_attributes(void)
{
#define ROOT(attrs)                                                                            \
    "<rsm:CrossIndustryInvoice "                                                               \
    "xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\" "              \
    "xmlns:ram=\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100\" " \
    attrs "/>"
    static const tcase t[] = {
        {"CII-DT-013", ERR, ROOT("languageID=\"de\"")},
        {"CII-DT-013", PASS, ROOT("")},
        {"CII-DT-014", ERR, ROOT("languageLocaleID=\"de-DE\"")},
        {"CII-DT-014", PASS, ROOT("languageID=\"de\"")},
    };
#undef ROOT
    run_docs(t, sizeof t / sizeof t[0], 0);
}

static void test_dt_referenced_documents(void)
{
    static const tcase t[] = {
        {"CII-DT-015", ERR, TX(AGR(REFD("Contract", EL("URIID", "u"))))},
        {"CII-DT-015", ERR, TX(AGR(ARD(EL("TypeCode", "130") EL("URIID", "u"))))},
        {"CII-DT-015", PASS, TX(AGR(ARD(EL("TypeCode", "916") EL("URIID", "u"))))},
        {"CII-DT-016", ERR, TX(AGR(REFD("BuyerOrder", EL("StatusCode", "1"))))},
        {"CII-DT-016", PASS, TX(AGR(REFD("BuyerOrder", EL("IssuerAssignedID", "PO"))))},
        {"CII-DT-017", ERR, TX(AGR(REFD("Contract", EL("CopyIndicator", "1"))))},
        {"CII-DT-017", PASS, TX(AGR(REFD("Contract", EL("IssuerAssignedID", "C"))))},
        {"CII-DT-018", ERR, TX(AGR(REFD("Contract", EL("TypeCode", "50"))))},
        {"CII-DT-018", ERR, TX(AGR(ARD(EL("TypeCode", "1"))))},
        {"CII-DT-018", ERR, TX(AGR(ARD(EL("TypeCode", " 50"))))},   /* compared unnormalized */
        {"CII-DT-018", PASS, TX(AGR(ARD(EL("TypeCode", "50"))))},
        {"CII-DT-018", PASS, TX(AGR(ARD(EL("TypeCode", "130"))))},
        {"CII-DT-019", ERR, TX(AGR(REFD("Contract", EL("GlobalID", "g"))))},
        {"CII-DT-019", PASS, TX(AGR(REFD("Contract", "")))},
        {"CII-DT-020", ERR, TX(LINE(LAGR(REFD("BuyerOrder", EL("RevisionID", "2")))))},
        {"CII-DT-020", PASS, TX(LINE(LAGR(REFD("BuyerOrder", EL("LineID", "2")))))},
        {"CII-DT-021", ERR, TX(AGR(ARD(EL("TypeCode", "50") EL("Name", "n"))))},
        {"CII-DT-021", PASS, TX(AGR(ARD(EL("TypeCode", "916") EL("Name", "n"))))},
        {"CII-DT-022", ERR, TX(STL(REFD("Invoice", EL("AttachmentBinaryObject", "QQ=="))))},
        {"CII-DT-022", PASS, TX(AGR(ARD(EL("TypeCode", "916") EL("AttachmentBinaryObject", "QQ=="))))},
        {"CII-DT-023", ERR, TX(AGR(REFD("Contract", EL("Information", "i"))))},
        {"CII-DT-023", PASS, TX(AGR(REFD("Contract", "")))},
        {"CII-DT-024", ERR, TX(AGR(ARD(EL("TypeCode", "916") EL("ReferenceTypeCode", "AAA"))))},
        {"CII-DT-024", PASS, TX(AGR(ARD(EL("TypeCode", "130") EL("ReferenceTypeCode", "AAA"))))},
        {"CII-DT-025", ERR, TX(AGR(REFD("Contract", EL("SectionName", "s"))))},
        {"CII-DT-025", PASS, TX(AGR(REFD("Contract", "")))},
        {"CII-DT-026", ERR, TX(AGR(REFD("Contract", EL("PreviousRevisionID", "1"))))},
        {"CII-DT-026", PASS, TX(AGR(REFD("Contract", "")))},
        {"CII-DT-027", ERR, TX(AGR(REFD("Contract", "<ram:FormattedIssueDateTime/>")))},
        {"CII-DT-027", PASS, TX(STL(REFD("Invoice", "<ram:FormattedIssueDateTime/>")))},
        {"CII-DT-028", ERR, TX(AGR(REFD("Contract", "<ram:EffectiveSpecifiedPeriod/>")))},
        {"CII-DT-028", PASS, TX(AGR(REFD("Contract", "")))},
        {"CII-DT-029", ERR, TX(AGR(REFD("Contract", "<ram:IssuerTradeParty/>")))},
        {"CII-DT-029", PASS, TX(AGR(REFD("Contract", "")))},
        {"CII-DT-030", ERR, TX(AGR(REFD("Contract", "<ram:AttachedSpecifiedBinaryFile/>")))},
        {"CII-DT-030", PASS, TX(AGR(REFD("Contract", "")))},
    };
    RUN(t);
}

static void test_dt_amounts_quantities(void)
{
    static const tcase t[] = {
        {"CII-DT-031", ERR, TX(STL(MS(AT("LineTotalAmount", "currencyID"))))},
        {"CII-DT-031", PASS, TX(STL(MS("<ram:TaxTotalAmount currencyID=\"EUR\">1</ram:TaxTotalAmount>")))},
        {"CII-DT-032", ERR, TX(LINE(LAGR(NET(AT("ChargeAmount", "currencyCodeListVersionID")))))},
        {"CII-DT-032", PASS, TX(LINE(LAGR(NET(EL("ChargeAmount", "1")))))},
        /* a billed quantity outside /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction
         * does not count, so its own unitCode is refused */
        {"CII-DT-033", ERR, "<ram:X>" BILLED "</ram:X>"},
        {"CII-DT-033", ERR, TX(LINE(LDLV(EL("BilledQuantity", "1")) LAGR(NET(QTY("BasisQuantity", "unitCode=\"C62\"")))))},
        {"CII-DT-033", PASS, TX(BILLED LINE(LAGR(NET(QTY("BasisQuantity", "unitCode=\"C62\"")))))},
        {"CII-DT-034", ERR, TX(LINE(LDLV(QTY("BilledQuantity", "unitCodeListID=\"x\""))))},
        {"CII-DT-034", PASS, TX(BILLED)},
        {"CII-DT-035", ERR, TX(LINE(LDLV(QTY("BilledQuantity", "unitCodeListAgencyID=\"x\""))))},
        {"CII-DT-035", PASS, TX(BILLED)},
        {"CII-DT-036", ERR, TX(LINE(LDLV(QTY("BilledQuantity", "unitCodeListAgencyName=\"x\""))))},
        {"CII-DT-036", PASS, TX(BILLED)},
    };
    RUN(t);
}

static void test_dt_trade_tax(void)
{
    static const tcase t[] = {
        {"CII-DT-037", ERR, TX(STL(TAX(EL("TypeCode", "GST"))))},
        {"CII-DT-037", ERR, TX(STL(AC(CTT(EL("TypeCode", "vat")))))},
        {"CII-DT-037", PASS, TX(STL(TAX(EL("TypeCode", "VAT"))))},
        {"CII-DT-037", PASS, TX(STL(TAX(EL("CategoryCode", "S"))))},
        {"CII-DT-038", WARN, TX(STL(TAX(EL("CalculatedRate", "19"))))},
        {"CII-DT-038", PASS, TX(STL(TAX(EL("RateApplicablePercent", "19"))))},
        {"CII-DT-039", WARN, TX(STL(TAX(EL("CalculationSequenceNumeric", "1"))))},
        {"CII-DT-039", PASS, TX(STL(TAX("")))},
        {"CII-DT-040", WARN, TX(STL(TAX(EL("BasisQuantity", "1"))))},
        {"CII-DT-040", PASS, TX(STL(TAX("")))},
        {"CII-DT-041", WARN, TX(LINE(LSTL(TAX(EL("BasisAmount", "1")))))},
        {"CII-DT-041", PASS, TX(STL(TAX(EL("BasisAmount", "1"))))},
        {"CII-DT-042", WARN, TX(STL(TAX(EL("UnitBasisAmount", "1"))))},
        {"CII-DT-042", PASS, TX(STL(TAX("")))},
        {"CII-DT-043", WARN, TX(STL(TAX(EL("LineTotalBasisAmount", "1"))))},
        {"CII-DT-043", PASS, TX(STL(TAX("")))},
        {"CII-DT-044", WARN, TX(STL(TAX(EL("AllowanceChargeBasisAmount", "1"))))},
        {"CII-DT-044", PASS, TX(STL(TAX("")))},
        {"CII-DT-049", WARN, TX(STL(TAX(EL("CurrencyCode", "EUR"))))},
        {"CII-DT-049", PASS, TX(STL(TAX("")))},
        {"CII-DT-050", WARN, TX(STL(TAX(EL("Jurisdiction", "DE"))))},
        {"CII-DT-050", PASS, TX(STL(TAX("")))},
        {"CII-DT-051", WARN, TX(STL(TAX(EL("CustomsDutyIndicator", "1"))))},
        {"CII-DT-051", PASS, TX(STL(TAX("")))},
        {"CII-DT-052", WARN, TX(STL(AC(CTT(EL("ExemptionReasonCode", "VATEX-EU-O")))))},
        {"CII-DT-052", PASS, TX(STL(TAX(EL("ExemptionReasonCode", "VATEX-EU-O"))))},
        {"CII-DT-053", WARN, TX(STL(TAX(EL("TaxBasisAllowanceRate", "1"))))},
        {"CII-DT-053", PASS, TX(STL(TAX("")))},
        {"CII-DT-054", WARN, TX(LINE(LSTL(TAX(EL("TaxPointDate", "")))))},
        {"CII-DT-054", PASS, TX(STL(TAX(EL("TaxPointDate", ""))))},
        {"CII-DT-055", WARN, TX(STL(TAX(EL("Type", "t"))))},
        {"CII-DT-055", PASS, TX(STL(TAX("")))},
        {"CII-DT-056", WARN, TX(STL(TAX(EL("InformationAmount", "1"))))},
        {"CII-DT-056", PASS, TX(STL(TAX("")))},
        {"CII-DT-057", WARN, TX(STL(TAX(EL("CategoryName", "n"))))},
        {"CII-DT-057", PASS, TX(STL(TAX("")))},
        {"CII-DT-058", WARN, TX(LINE(LSTL(TAX(EL("DueDateTypeCode", "5")))))},
        {"CII-DT-058", PASS, TX(STL(TAX(EL("DueDateTypeCode", "5"))))},
        {"CII-DT-059", WARN, TX(STL(TAX(AT("RateApplicablePercent", "format"))))},
        {"CII-DT-059", PASS, TX(STL(TAX(EL("RateApplicablePercent", "19"))))},
        {"CII-DT-060", WARN, TX(STL(TAX("<ram:SpecifiedTradeAccountingAccount/>")))},
        {"CII-DT-060", PASS, TX(STL(TAX("")))},
        {"CII-DT-061", WARN, TX(STL(TAX("<ram:ServiceSupplyTradeCountry/>")))},
        {"CII-DT-061", PASS, TX(STL(TAX("")))},
        {"CII-DT-062", WARN, TX(STL(TAX("<ram:BuyerRepayableTaxSpecifiedTradeAccountingAccount/>")))},
        {"CII-DT-062", PASS, TX(STL(TAX("")))},
        {"CII-DT-063", WARN, TX(STL(TAX("<ram:SellerPayableTaxSpecifiedTradeAccountingAccount/>")))},
        {"CII-DT-063", PASS, TX(STL(TAX("")))},
        {"CII-DT-064", WARN, TX(STL(TAX("<ram:SellerRefundableTaxSpecifiedTradeAccountingAccount/>")))},
        {"CII-DT-064", PASS, TX(STL(TAX("")))},
        {"CII-DT-065", WARN, TX(STL(TAX("<ram:BuyerDeductibleTaxSpecifiedTradeAccountingAccount/>")))},
        {"CII-DT-065", PASS, TX(STL(TAX("")))},
        {"CII-DT-066", WARN, TX(STL(TAX("<ram:BuyerNonDeductibleTaxSpecifiedTradeAccountingAccount/>")))},
        {"CII-DT-066", PASS, TX(STL(TAX("")))},
        {"CII-DT-067", WARN, TX(LINE(LSTL(TAX("<ram:PlaceApplicableTradeLocation/>"))))},
        {"CII-DT-067", PASS, TX(LINE(LSTL(TAX(""))))},
        {"CII-DT-098", WARN, TX(LINE(LAGR(GROSS("<ram:IncludedTradeTax>" EL("ExemptionReason", "r")
                                                "</ram:IncludedTradeTax>"))))},
        {"CII-DT-098", PASS, TX(STL(TAX(EL("ExemptionReason", "r"))))},
    };
    RUN(t);
}

static void test_dt_period_address_date(void)
{
    static const tcase t[] = {
        {"CII-DT-068", ERR, TX(STL(PERIOD("<ram:StartDateTime><udt:DateTime>2024-01-01T00:00:00</udt:DateTime></ram:StartDateTime>")))},
        {"CII-DT-068", PASS, TX(STL(PERIOD("<ram:StartDateTime>" D102("20240101") "</ram:StartDateTime>")))},
        {"CII-DT-069", ERR, TX(STL(PERIOD(EL("DurationMeasure", "1"))))},
        {"CII-DT-069", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-070", ERR, TX(LINE(LSTL(PERIOD(EL("InclusiveIndicator", "1")))))},
        {"CII-DT-070", PASS, TX(LINE(LSTL(PERIOD(""))))},
        {"CII-DT-071", ERR, TX(STL(PERIOD(EL("Description", "d"))))},
        {"CII-DT-071", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-072", ERR, TX(STL(PERIOD("<ram:EndDateTime><udt:DateTime>2024-01-31T00:00:00</udt:DateTime></ram:EndDateTime>")))},
        {"CII-DT-072", PASS, TX(STL(PERIOD("<ram:EndDateTime>" D102("20240131") "</ram:EndDateTime>")))},
        {"CII-DT-073", ERR, TX(STL(PERIOD(EL("CompleteDateTime", ""))))},
        {"CII-DT-073", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-074", ERR, TX(STL(PERIOD(EL("OpenIndicator", ""))))},
        {"CII-DT-074", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-075", ERR, TX(STL(PERIOD(EL("SeasonCode", ""))))},
        {"CII-DT-075", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-076", ERR, TX(STL(PERIOD(EL("ID", "1"))))},
        {"CII-DT-076", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-077", ERR, TX(STL(PERIOD(EL("Name", "n"))))},
        {"CII-DT-077", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-078", ERR, TX(STL(PERIOD(EL("SequenceNumeric", "1"))))},
        {"CII-DT-078", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-079", ERR, TX(STL(PERIOD(EL("StartDateFlexibilityCode", "1"))))},
        {"CII-DT-079", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-080", ERR, TX(STL(PERIOD(EL("ContinuousIndicator", "1"))))},
        {"CII-DT-080", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-081", ERR, TX(STL(PERIOD(EL("PurposeCode", "1"))))},
        {"CII-DT-081", PASS, TX(STL(PERIOD("")))},
        {"CII-DT-082", ERR, TX(AGR(SELLER(ADDR(EL("ID", "1")))))},
        {"CII-DT-082", PASS, TX(AGR(SELLER(ADDR(EL("CountryID", "DE")))))},
        {"CII-DT-083", ERR, TX(AGR(BUYER(ADDR(EL("PostOfficeBox", "1")))))},
        {"CII-DT-083", PASS, TX(AGR(BUYER(ADDR(EL("LineOne", "Street 1")))))},
        {"CII-DT-084", ERR, TX(AGR(SELLER(ADDR(EL("BuildingName", "b")))))},
        {"CII-DT-084", PASS, TX(AGR(SELLER(ADDR(EL("LineTwo", "b")))))},
        {"CII-DT-086", ERR, TX(DLV(SHIPTO(ADDR(EL("LineFour", "4")))))},
        {"CII-DT-086", PASS, TX(DLV(SHIPTO(ADDR(EL("LineThree", "3")))))},
        {"CII-DT-087", ERR, TX(AGR(SELLER(ADDR(EL("LineFive", "5")))))},
        {"CII-DT-087", PASS, TX(AGR(SELLER(ADDR(""))))},
        {"CII-DT-088", ERR, TX(AGR(SELLER(ADDR(EL("StreetName", "s")))))},
        {"CII-DT-088", PASS, TX(AGR(SELLER(ADDR(""))))},
        {"CII-DT-089", ERR, TX(AGR(SELLER(ADDR(EL("CitySubDivisionName", "s")))))},
        {"CII-DT-089", PASS, TX(AGR(SELLER(ADDR(EL("CityName", "c")))))},
        {"CII-DT-090", ERR, TX(AGR(SELLER(ADDR(EL("CountryName", "Germany")))))},
        {"CII-DT-090", PASS, TX(AGR(SELLER(ADDR(EL("CountryID", "DE")))))},
        {"CII-DT-091", ERR, TX(AGR(SELLER(ADDR(EL("CountrySubDivisionID", "BY")))))},
        {"CII-DT-091", PASS, TX(AGR(SELLER(ADDR(EL("CountrySubDivisionName", "Bayern")))))},
        {"CII-DT-092", ERR, TX(AGR(SELLER(ADDR(EL("AttentionOf", "a")))))},
        {"CII-DT-092", PASS, TX(AGR(SELLER(ADDR(""))))},
        {"CII-DT-093", ERR, TX(AGR(SELLER(ADDR(EL("CareOf", "c")))))},
        {"CII-DT-093", PASS, TX(AGR(SELLER(ADDR(""))))},
        {"CII-DT-094", ERR, TX(AGR(SELLER(ADDR(EL("BuildingNumber", "1")))))},
        {"CII-DT-094", PASS, TX(AGR(SELLER(ADDR(""))))},
        {"CII-DT-095", ERR, TX(AGR(SELLER(ADDR(EL("DepartmentName", "d")))))},
        {"CII-DT-095", PASS, TX(AGR(SELLER(ADDR(""))))},
        {"CII-DT-096", ERR, TX(AGR(SELLER(ADDR(EL("AdditionalStreetName", "a")))))},
        {"CII-DT-096", PASS, TX(AGR(SELLER(ADDR(""))))},
        {"CII-DT-097", ERR, HEAD("<ram:IssueDateTime>" D102("20241301") "</ram:IssueDateTime>")},
        {"CII-DT-097", ERR, HEAD("<ram:IssueDateTime>" D102("20240100") "</ram:IssueDateTime>")},
        {"CII-DT-097", ERR, HEAD("<ram:IssueDateTime>" D102("2024-01-01") "</ram:IssueDateTime>")},
        {"CII-DT-097", ERR, HEAD("<ram:IssueDateTime>" D102("") "</ram:IssueDateTime>")},
        {"CII-DT-097", PASS, HEAD("<ram:IssueDateTime>" D102(" 20240131\n") "</ram:IssueDateTime>")},
        {"CII-DT-097", PASS, HEAD("<ram:IssueDateTime>" D102("20240231") "</ram:IssueDateTime>")},   /* no calendar check */
        {"CII-DT-097", PASS, HEAD("<ram:IssueDateTime>" D102("\xd9\xa2\xd9\xa0\xd9\xa2\xd9\xa4" "0101")
                                  "</ram:IssueDateTime>")},   /* \d is any Unicode digit */
        {"CII-DT-097", PASS, HEAD("<ram:IssueDateTime><udt:DateTimeString format=\"610\">202401"
                                  "</udt:DateTimeString></ram:IssueDateTime>")},
    };
    RUN(t);
}

/* ---- CII-SR: syntax restrictions ---- */

static void test_sr_absent(void)
{
    static const tcase t[] = {
        {"CII-SR-001", WARN, CTXT(EL("SpecifiedTransactionID", "1") GUIDE(EL("ID", "x")))},
        {"CII-SR-001", PASS, CTXT(GUIDE(EL("ID", "x")))},
        {"CII-SR-04", WARN, CTXT(GUIDE(EL("ID", "x") EL("Value", "v")))},
        {"CII-SR-04", PASS, CTXT(GUIDE(EL("ID", "x")))},
        {"CII-SR-05", WARN, CTXT(BPROC(EL("ID", "p") EL("SpecifiedDocumentVersion", "1")))},
        {"CII-SR-05", PASS, CTXT(BPROC(EL("ID", "p")))},
        {"CII-SR-015", WARN, HEAD("<ram:IssueDateTime><udt:DateTime>2024</udt:DateTime></ram:IssueDateTime>")},
        {"CII-SR-015", PASS, HEAD("<ram:IssueDateTime>" D102("20240101") "</ram:IssueDateTime>")},
        {"CII-SR-027", WARN, HEAD("<ram:IncludedNote>" EL("Subject", "s") "</ram:IncludedNote>")},
        {"CII-SR-027", PASS, HEAD("<ram:IncludedNote>" EL("Content", "c") "</ram:IncludedNote>")},
        {"CII-SR-036", WARN, TX(LINE(EL("ParentLineID", "1")))},
        {"CII-SR-036", PASS, TX(LINE(LDOC(EL("LineID", "1"))))},
        {"CII-SR-036", PASS, TX(STL(EL("ParentLineID", "1")))},   /* only inside a line */
        {"CII-SR-067", WARN, TX(LINE(PROD(CHAR(EL("ID", "1") EL("Description", "d") EL("Value", "v")))))},
        {"CII-SR-067", PASS, TX(LINE(PROD(CHAR(EL("Description", "d") EL("Value", "v")))))},
        {"CII-SR-120", WARN, TX(LINE(LAGR(GROSS(GAC(EL("ID", "1")))))) },
        {"CII-SR-120", PASS, TX(LINE(LAGR(GROSS(GAC(EL("Reason", "r"))))))},
        {"CII-SR-184", WARN, TX(LINE(LSTL(AC(EL("ID", "1")))))},
        {"CII-SR-193", WARN, TX(LINE(LSTL(AC(EL("ID", "1")))))},   /* same test, own id */
        {"CII-SR-193", PASS, TX(LINE(LSTL(AC(EL("Reason", "r")))))},
        {"CII-SR-186", WARN, TX(LINE(LSTL(AC(AT("CalculationPercent", "format")))))},
        {"CII-SR-186", PASS, TX(LINE(LSTL(AC(EL("CalculationPercent", "5")))))},
        {"CII-SR-221", WARN, TX(LINE("<ram:IncludedSubordinateTradeLineItem/>"))},
        {"CII-SR-221", PASS, TX(LINE(""))},
        {"CII-SR-232", WARN, TX(AGR(SELLER(CONTACT("<ram:TelephoneUniversalCommunication>" EL("URIID", "u")
                                                   "</ram:TelephoneUniversalCommunication>"))))},
        {"CII-SR-232", PASS, TX(AGR(SELLER(CONTACT("<ram:TelephoneUniversalCommunication>" EL("CompleteNumber", "1")
                                                   "</ram:TelephoneUniversalCommunication>"))))},
        {"CII-SR-322", WARN, TX(DLV("<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTime>x"
                                    "</udt:DateTime></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>"))},
        {"CII-SR-322", PASS, TX(DLV("<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>" D102("20240101")
                                    "</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>"))},
        {"CII-SR-333", WARN, TX(DLV(REFD("DespatchAdvice", EL("LineID", "1"))))},
        {"CII-SR-334", WARN, TX(DLV(REFD("DespatchAdvice", EL("LineID", "1"))))},
        {"CII-SR-334", PASS, TX(DLV(REFD("DespatchAdvice", EL("IssuerAssignedID", "1"))))},
        {"CII-SR-339", WARN, TX(STL(EL("DuePayableAmount", "1")))},
        {"CII-SR-339", PASS, TX(STL(MS(EL("DuePayableAmount", "1"))))},
        {"CII-SR-411", WARN, TX(STL(MS(EL("InformationAmount", "1"))))},
        {"CII-SR-411", PASS, TX(STL(MS(EL("GrandTotalAmount", "1"))))},
        {"CII-SR-438", WARN, "<ram:ValuationBreakdownStatement/>"},
        {"CII-SR-438", PASS, TX("")},
        {"CII-SR-464", WARN, TX(STL(PM("<ram:PayerSpecifiedDebtorFinancialInstitution/>")))},
        {"CII-SR-464", PASS, TX(STL(PM(EL("TypeCode", "58"))))},
        /* the absolute contexts need the document root: a misplaced line is not checked */
        {"CII-SR-035", WARN, TX(LINE(EL("DescriptionCode", "d")))},
        {"CII-SR-035", PASS, TX("<ram:X>" LINE(EL("DescriptionCode", "d")) "</ram:X>")},
    };
    RUN(t);
}

static void test_sr_counts(void)
{
    static const tcase t[] = {
        {"CII-SR-003", WARN, CTXT(BPROC(EL("ID", "a")) BPROC(EL("ID", "b")) GUIDE(EL("ID", "x")))},
        {"CII-SR-003", PASS, CTXT(BPROC(EL("ID", "a")) GUIDE(EL("ID", "x")))},
        {"CII-SR-009", ERR, CTXT("")},
        {"CII-SR-009", ERR, CTXT(GUIDE(EL("ID", "x")) GUIDE(EL("ID", "y")))},
        {"CII-SR-009", PASS, CTXT(GUIDE(EL("ID", "x")))},
        {"CII-SR-010", ERR, CTXT(GUIDE(""))},
        {"CII-SR-010", ERR, CTXT(GUIDE(EL("ID", "x") EL("ID", "y")))},
        {"CII-SR-010", PASS, CTXT(GUIDE(EL("ID", "")))},
        {"CII-SR-014", ERR, HEAD(EL("ID", "1"))},
        {"CII-SR-014", PASS, HEAD(EL("TypeCode", "380"))},
        {"CII-SR-030", WARN, HEAD("<ram:IncludedNote>" EL("Content", "a") EL("Content", "b") "</ram:IncludedNote>")},
        {"CII-SR-030", PASS, HEAD("<ram:IncludedNote>" EL("Content", "a") "</ram:IncludedNote>")},
        {"CII-SR-039", WARN, TX(LINE(LDOC("<ram:IncludedNote/><ram:IncludedNote/>")))},
        {"CII-SR-039", PASS, TX(LINE(LDOC("<ram:IncludedNote/>")))},
        {"CII-SR-040", WARN, TX(LINE(LDOC("<ram:IncludedNote>" EL("Content", "a") "</ram:IncludedNote>"
                                          "<ram:IncludedNote>" EL("Content", "b") "</ram:IncludedNote>")))},
        {"CII-SR-040", PASS, TX(LINE(LDOC("<ram:IncludedNote>" EL("Content", "a") "</ram:IncludedNote>")))},
        {"CII-SR-069", ERR, TX(LINE(PROD(CHAR(EL("Value", "v")))))},
        {"CII-SR-069", PASS, TX(LINE(PROD(CHAR(EL("Description", "d") EL("Value", "v")))))},
        {"CII-SR-072", ERR, TX(LINE(PROD(CHAR(EL("Description", "d") EL("Value", "v") EL("Value", "w")))))},
        {"CII-SR-072", PASS, TX(LINE(PROD(CHAR(EL("Description", "d") EL("Value", "v")))))},
        {"CII-SR-439", ERR, TX(LINE(LAGR(NET(""))))},
        {"CII-SR-439", PASS, TX(LINE(LAGR(NET(EL("ChargeAmount", "1")))))},
        {"CII-SR-441", ERR, TX(LINE(LAGR(NET(EL("ChargeAmount", "1") EL("ChargeAmount", "2")))))},
        {"CII-SR-441", PASS, TX(LINE(LAGR(NET(EL("ChargeAmount", "1")))))},
        {"CII-SR-440", ERR, TX(LINE(LAGR(GROSS(GAC(EL("ActualAmount", "1") EL("ActualAmount", "2"))))))},
        {"CII-SR-440", PASS, TX(LINE(LAGR(GROSS(GAC(EL("ActualAmount", "1"))))))},
        {"CII-SR-454", WARN, TX(LINE(LSTL(TAX("") TAX(""))))},
        {"CII-SR-454", WARN, TX(LINE(LSTL("")))},
        {"CII-SR-454", PASS, TX(LINE(LSTL(TAX(""))))},
        {"CII-SR-452", WARN, TX(STL("<ram:SpecifiedTradePaymentTerms/><ram:SpecifiedTradePaymentTerms/>"))},
        {"CII-SR-452", PASS, TX(STL("<ram:SpecifiedTradePaymentTerms/>"))},
        {"CII-SR-455", ERR, TX(AGR(SELLER(CONTACT("") CONTACT(""))))},
        {"CII-SR-455", PASS, TX(AGR(SELLER(CONTACT(""))))},
        {"CII-SR-460", ERR, TX(AGR(BUYER("<ram:URIUniversalCommunication/><ram:URIUniversalCommunication/>")))},
        {"CII-SR-460", PASS, TX(AGR(BUYER("<ram:URIUniversalCommunication/>")))},
        {"CII-SR-461", ERR, TX(STL(TAX(EL("TaxPointDate", "")) TAX(EL("TaxPointDate", ""))))},
        {"CII-SR-461", PASS, TX(STL(TAX(EL("TaxPointDate", "")) TAX("")))},
        /* every allowance or charge states its indicator, whatever its place */
        {"CII-SR-463", ERR, TX(STL(AC(EL("ActualAmount", "1"))))},
        {"CII-SR-463", ERR, "<ram:X>" AC("") "</ram:X>"},
        {"CII-SR-463", PASS, TX(STL(AC(IND("true"))))},
        /* a gross price allowance is not a SpecifiedTradeAllowanceCharge */
        {"CII-SR-463", PASS, TX(LINE(LAGR(GROSS(GAC(EL("ActualAmount", "1"))))))},
        {"CII-SR-471", ERR, TX(STL(AC(IND("true") EL("RateApplicablePercent", "1") EL("RateApplicablePercent", "2"))))},
        {"CII-SR-471", PASS, TX(STL(AC(IND("true") EL("RateApplicablePercent", "1"))))},
        {"CII-SR-477", ERR, TX(STL(MS(EL("LineTotalAmount", "1") EL("LineTotalAmount", "1"))))},
        {"CII-SR-477", PASS, TX(STL(MS(EL("LineTotalAmount", "1"))))},
        {"CII-SR-487", ERR, TX(STL(MS(EL("DuePayableAmount", "1") EL("DuePayableAmount", "1"))))},
        {"CII-SR-487", PASS, TX(STL(MS(EL("DuePayableAmount", "1"))))},
    };
    RUN(t);
}

static void test_sr_conditions(void)
{
    static const tcase t[] = {
        {"CII-SR-046", ERR, TX(LINE(PROD(EL("GlobalID", "4000001000005"))))},
        {"CII-SR-046", PASS, TX(LINE(PROD("<ram:GlobalID schemeID=\"0160\">4000001000005</ram:GlobalID>")))},
        {"CII-SR-046", PASS, TX(LINE(PROD(EL("GlobalID", "1") "<ram:GlobalID schemeID=\"0160\">2</ram:GlobalID>")))},
        {"CII-SR-090", ERR, TX(LINE(PROD("<ram:OriginTradeCountry/>")))},
        {"CII-SR-090", ERR, TX(LINE(PROD("<ram:OriginTradeCountry>" EL("ID", "DE") EL("ID", "FR") "</ram:OriginTradeCountry>")))},
        {"CII-SR-090", PASS, TX(LINE(PROD("<ram:OriginTradeCountry>" EL("ID", "DE") "</ram:OriginTradeCountry>")))},
        {"CII-SR-119", WARN, TX(LINE(LAGR(GROSS(GAC(IND("true") EL("ActualAmount", "1"))))))},
        {"CII-SR-119", WARN, TX(LINE(LAGR(GROSS(GAC(IND("false"))))))},
        {"CII-SR-119", WARN, TX(LINE(LAGR(GROSS(GAC(EL("ActualAmount", "1"))))))},
        {"CII-SR-119", PASS, TX(LINE(LAGR(GROSS(GAC(IND(" false ") EL("ActualAmount", "1"))))))},
        {"CII-SR-119", PASS, TX(LINE(LAGR(GROSS(GAC(IND("0") EL("ActualAmount", "1"))))))},
        {"CII-SR-119", PASS, TX(LINE(LAGR(GROSS(EL("ChargeAmount", "10")))))},
        {"CII-SR-449", WARN, TX(DLV(SHIPTO(EL("ID", "1") EL("GlobalID", "2"))))},
        {"CII-SR-449", PASS, TX(DLV(SHIPTO(EL("GlobalID", "2"))))},
        {"CII-SR-450", WARN, TX(AGR(BUYER(EL("ID", "1")) BUYER(EL("GlobalID", "2"))))},
        {"CII-SR-450", PASS, TX(AGR(BUYER(EL("ID", "1"))))},
        {"CII-SR-451", WARN, TX(STL(PAYEE(EL("ID", "1") EL("GlobalID", "2"))))},
        {"CII-SR-451", PASS, TX(STL(PAYEE(EL("ID", "1"))))},
        {"CII-SR-457", WARN, TX(AGR(ARD(EL("TypeCode", "50")) ARD(EL("TypeCode", "50"))))},
        {"CII-SR-457", PASS, TX(AGR(ARD(EL("TypeCode", "50")) ARD(EL("TypeCode", " 50"))))},
        {"CII-SR-458", WARN, TX(AGR(ARD(EL("TypeCode", "130")) ARD(EL("TypeCode", "130"))))},
        {"CII-SR-458", PASS, TX(AGR(ARD(EL("TypeCode", "130")) ARD(EL("TypeCode", "50"))))},
        {"CII-SR-462", ERR, TX(LINE(LSTL(TAX(EL("DueDateTypeCode", "5")))) STL(TAX(EL("DueDateTypeCode", "29"))))},
        {"CII-SR-462", ERR, TX(STL(TAX(EL("DueDateTypeCode", "5")) TAX(EL("DueDateTypeCode", "5 "))))},
        {"CII-SR-462", PASS, TX(STL(TAX(EL("DueDateTypeCode", "5")) TAX(EL("DueDateTypeCode", "5"))))},
        {"CII-SR-465", WARN, TX(AGR(SELLER(CONTACT(EL("PersonName", "p")) CONTACT(EL("DepartmentName", "d")))))},
        {"CII-SR-465", PASS, TX(AGR(SELLER(CONTACT(EL("PersonName", "p")))))},
        {"CII-SR-466", WARN, TX(AGR(BUYER(CONTACT(EL("PersonName", "p") EL("DepartmentName", "d")))))},
        {"CII-SR-466", PASS, TX(AGR(BUYER(CONTACT(EL("DepartmentName", "d")))))},
        {"CII-SR-467", ERR, TX(STL(PM(EL("TypeCode", "58")) PM(EL("TypeCode", "30"))))},
        {"CII-SR-467", PASS, TX(STL(PM(EL("TypeCode", "58")) PM(EL("TypeCode", " 58 "))))},
        {"CII-SR-468", ERR, TX(STL(PM(EL("Information", "a b")) PM(EL("Information", "a  c"))))},
        {"CII-SR-468", PASS, TX(STL(PM(EL("Information", "a b")) PM(EL("Information", " a  b"))))},
        {"CII-SR-469", ERR, TX(STL(EL("PaymentReference", "1") EL("PaymentReference", "2")))},
        {"CII-SR-469", PASS, TX(STL(EL("PaymentReference", "1")))},
        {"CII-SR-470", ERR, TX(STL(PM(EL("TypeCode", " 58 "))))},
        {"CII-SR-470", ERR, TX(STL(PM(EL("TypeCode", "30") "<ram:PayeePartyCreditorFinancialAccount>"
                                      EL("AccountName", "a") "</ram:PayeePartyCreditorFinancialAccount>")))},
        {"CII-SR-470", PASS, TX(STL(PM(EL("TypeCode", "58") "<ram:PayeePartyCreditorFinancialAccount>"
                                       EL("IBANID", "DE02120300000000202051") "</ram:PayeePartyCreditorFinancialAccount>")))},
        {"CII-SR-470", PASS, TX(STL(PM(EL("TypeCode", "31"))))},
        {"CII-SR-474", WARN, TX(LINE(LSTL(TAX("") ARD(EL("TypeCode", "130")) ARD(EL("TypeCode", " 130 ")))))},
        {"CII-SR-474", PASS, TX(LINE(LSTL(TAX("") ARD(EL("TypeCode", "130")))))},
        {"CII-SR-475", WARN, TX(AGR(ARD(EL("TypeCode", "916") EL("Name", "a") EL("Name", "b"))))},
        {"CII-SR-475", PASS, TX(AGR(ARD(EL("TypeCode", "916") EL("Name", "a")) ARD(EL("TypeCode", "50") EL("Name", "b"))))},
        {"CII-SR-476", WARN, TX(AGR(ARD(EL("TypeCode", "916") EL("AttachmentBinaryObject", "QQ=="))
                                    ARD(EL("TypeCode", "916") EL("AttachmentBinaryObject", "QQ=="))))},
        {"CII-SR-476", PASS, TX(AGR(ARD(EL("TypeCode", "916") EL("AttachmentBinaryObject", "QQ=="))))},
    };
    RUN(t);
}

/* One finding per failing context node, not one per offending child. */
static void test_one_finding_per_context(void)
{
    tst_result_t *r = tst_validate("EN16931", NULL,
                                   tst_cii(TX(LINE(EL("ParentLineID", "1") EL("ParentLineID", "2"))
                                              LINE(EL("ParentLineID", "3")) LINE(""))));
    CU_ASSERT_EQUAL(tst_count(r, "CII-SR-036"), 2);
    tst_free(r);
    r = tst_validate("EN16931", NULL,
                     tst_cii(TX(STL(AC(IND("true")) AC(EL("Reason", "r")) AC(EL("Reason", "s"))))));
    CU_ASSERT_EQUAL(tst_count(r, "CII-SR-463"), 2);
    tst_free(r);
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("cii_syntax_rules", NULL, NULL);
    CU_add_test(s, "DT identifiers", test_dt_identifiers);
    CU_add_test(s, "DT codes", test_dt_codes);
    CU_add_test(s, "DT root attributes", test_dt_root_attributes);
    CU_add_test(s, "DT referenced documents", test_dt_referenced_documents);
    CU_add_test(s, "DT amounts and quantities", test_dt_amounts_quantities);
    CU_add_test(s, "DT trade tax", test_dt_trade_tax);
    CU_add_test(s, "DT period, address, date", test_dt_period_address_date);
    CU_add_test(s, "SR absent elements", test_sr_absent);
    CU_add_test(s, "SR counts", test_sr_counts);
    CU_add_test(s, "SR conditions", test_sr_conditions);
    CU_add_test(s, "one finding per context", test_one_finding_per_context);
}
