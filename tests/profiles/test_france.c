/* FRANCE profile (FNFE-MPE CTC BR-FR Flux 2 schematron 1.4.0, on EN16931): for every rule
 * pattern of both syntaxes a small document that makes the rule fire and one that does not.
 * Documents are fragments; each case only asserts the verdict of the rule it names (the base
 * profile and the other BR-FR rules report what they like).
 *
 * With EINV_FR_DUMP=<dir> every case document is also written to <dir>/NNN-<rule>-<0|1>.xml,
 * so the expectations can be cross-checked against the official XSLTs. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tsupport.h"

enum { PASS = 0, FIRE = 1 };
enum { UBL = 'U', UCN = 'N', CII = 'C' };

typedef struct tcase {
    int syntax;
    const char *rule;
    int expect;
    const char *body;
} tcase;

/* ---- UBL fragments ---- */
#define B_(n, v) "<cbc:" n ">" v "</cbc:" n ">"
#define BA(n, a, v) "<cbc:" n " " a ">" v "</cbc:" n ">"
#define A_(n, x) "<cac:" n ">" x "</cac:" n ">"
#define ASP(x) A_("AccountingSupplierParty", A_("Party", x))
#define ACP(x) A_("AccountingCustomerParty", A_("Party", x))
#define PID(s, v) A_("PartyIdentification", BA("ID", "schemeID=\"" s "\"", v))
#define PLE(s, v) A_("PartyLegalEntity", B_("RegistrationName", "X") BA("CompanyID", "schemeID=\"" s "\"", v))
#define EP(s, v) BA("EndpointID", "schemeID=\"" s "\"", v)
#define ILINE(x) A_("InvoiceLine", B_("ID", "1") x)
#define CLINE(x) A_("CreditNoteLine", B_("ID", "1") x)
#define BREF(x) A_("BillingReference", A_("InvoiceDocumentReference", x))
#define NOTE(v) B_("Note", v)
#define NOTES3 NOTE("#PMT#40 EUR") NOTE("#PMD#3 x taux legal") NOTE("#AAB#Pas d'escompte")
#define TCAT(x) A_("TaxCategory", x A_("TaxScheme", B_("ID", "VAT")))
#define SUBT(x) A_("TaxTotal", A_("TaxSubtotal", x))
#define ITEM(x) A_("Item", B_("Name", "Widget") x)
#define CTC(x) A_("ClassifiedTaxCategory", x A_("TaxScheme", B_("ID", "VAT")))
#define AMT(n, v) BA(n, "currencyID=\"EUR\"", v)
#define LMT(x) A_("LegalMonetaryTotal", x)
#define ADR(x) A_("AdditionalDocumentReference", B_("ID", "D1") x)
#define PROF(p) B_("ProfileID", p)

/* ---- CII fragments ---- */
#define R_(n, v) "<ram:" n ">" v "</ram:" n ">"
#define RA(n, a, v) "<ram:" n " " a ">" v "</ram:" n ">"
#define EDOC(x) "<rsm:ExchangedDocument>" x "</rsm:ExchangedDocument>"
#define ECTX(p) \
    "<rsm:ExchangedDocumentContext><ram:BusinessProcessSpecifiedDocumentContextParameter>" R_("ID", p) \
    "</ram:BusinessProcessSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>"
#define TX(x) "<rsm:SupplyChainTradeTransaction>" x "</rsm:SupplyChainTradeTransaction>"
#define AGR(x) R_("ApplicableHeaderTradeAgreement", x)
#define DLV(x) R_("ApplicableHeaderTradeDelivery", x)
#define STL(x) R_("ApplicableHeaderTradeSettlement", x)
#define SELLER(x) R_("SellerTradeParty", x)
#define BUYER(x) R_("BuyerTradeParty", x)
#define GID(s, v) RA("GlobalID", "schemeID=\"" s "\"", v)
#define SLO(s, v) R_("SpecifiedLegalOrganization", RA("ID", "schemeID=\"" s "\"", v))
#define URI(s, v) R_("URIUniversalCommunication", RA("URIID", "schemeID=\"" s "\"", v))
#define INOTE(code, v) R_("IncludedNote", R_("Content", v) R_("SubjectCode", code))
#define INOTES3 INOTE("PMT", "40 EUR") INOTE("PMD", "3 x") INOTE("AAB", "Aucun")
#define DTS(el, d) "<ram:" el "><udt:DateTimeString format=\"102\">" d "</udt:DateTimeString></ram:" el ">"
#define QDTS(el, d) "<ram:" el "><qdt:DateTimeString format=\"102\">" d "</qdt:DateTimeString></ram:" el ">"
#define LI(x) R_("IncludedSupplyChainTradeLineItem", x)
#define ADLD(x) R_("AssociatedDocumentLineDocument", x)
#define LAGR(x) R_("SpecifiedLineTradeAgreement", x)
#define LDLV(x) R_("SpecifiedLineTradeDelivery", x)
#define LSTL(x) R_("SpecifiedLineTradeSettlement", x)
#define LMS(x) R_("SpecifiedTradeSettlementLineMonetarySummation", x)
#define HMS(x) R_("SpecifiedTradeSettlementHeaderMonetarySummation", x)
#define ATT(x) R_("ApplicableTradeTax", R_("TypeCode", "VAT") x)
#define ARD(x) R_("AdditionalReferencedDocument", x)
#define IRD(x) R_("InvoiceReferencedDocument", x)

/* ---- special contracts ---- */
/* UBL S8/B9 skeleton: invoice F-1, a GROUP line 1 of the seller (SIREN 111111118) and a DETAIL
 * line 2 under it; the sub-invoice number (AFL) is the invoice number. */
#define SELF_BR(status, parent) \
    A_("BillingReference", A_("InvoiceDocumentReference", B_("ID", "F-1") B_("DocumentStatusCode", status)) parent)
#define PARENT(id) A_("BillingReferenceLine", B_("ID", id))
#define OBJ(s, v) A_("DocumentReference", BA("ID", "schemeID=\"" s "\"", v) B_("DocumentTypeCode", "130"))
#define VENDOR(id) \
    A_("ManufacturerParty", A_("PostalAddress", A_("Country", B_("IdentificationCode", "FR"))) \
       A_("PartyLegalEntity", B_("RegistrationName", "Vendeur") B_("CompanyID", id)))
#define LTAX(v) A_("TaxTotal", AMT("TaxAmount", v))
#define GROUP_LINE(id, lea, afl, vendor, extra)                                                       \
    A_("InvoiceLine", B_("ID", id) AMT("LineExtensionAmount", lea) SELF_BR("GROUP", "") OBJ("AFL", afl) \
       OBJ("AVV", "B1") LTAX("20.00") extra ITEM(VENDOR(vendor) CTC(B_("ID", "S") B_("Percent", "20"))))
#define DETAIL_LINE(id, parent, lea, afl, vendor, reason)                                                    \
    A_("InvoiceLine", B_("ID", id) AMT("LineExtensionAmount", lea) SELF_BR("DETAIL", PARENT(parent))          \
       OBJ("AFL", afl) ITEM(VENDOR(vendor) CTC(B_("ID", "S") B_("Percent", "20") B_("TaxExemptionReason", reason))))
#define MV_HEAD(p, type)                                                                               \
    PROF(p) B_("ID", "F-1") B_("InvoiceTypeCode", type) B_("DocumentCurrencyCode", "EUR")            \
    ASP(PLE("0002", "111111118")) ACP(PLE("0002", "222222226"))                                       \
    SUBT(AMT("TaxAmount", "20.00") TCAT(B_("ID", "S") B_("Percent", "20") B_("TaxExemptionReason", "#F-1#")))
#define MV_OK(p, type) \
    MV_HEAD(p, type) GROUP_LINE("1", "100.00", "F-1", "111111118", "") DETAIL_LINE("2", "1", "100.00", "F-1", "111111118", "#F-1#x")

/* CII S8 skeleton */
#define C_GROUP(id, total, afl, vendor, extra)                                                                \
    LI(ADLD(R_("LineID", id) R_("LineStatusReasonCode", "GROUP"))                                             \
       LAGR(R_("ItemSellerTradeParty", R_("Name", "Vendeur") R_("SpecifiedLegalOrganization", R_("ID", vendor)) \
                                       R_("PostalTradeAddress", R_("CountryID", "FR"))))                      \
       LSTL(ATT(R_("CategoryCode", "S") R_("RateApplicablePercent", "20"))                                    \
            ARD(R_("IssuerAssignedID", afl) R_("TypeCode", "130") R_("ReferenceTypeCode", "AFL"))             \
            ARD(R_("IssuerAssignedID", "B1") R_("TypeCode", "130") R_("ReferenceTypeCode", "AVV"))            \
            LMS(R_("LineTotalAmount", total) RA("TaxTotalAmount", "currencyID=\"EUR\"", "20.00") extra)))
#define C_DETAIL(id, parent, total, afl, vendor, reason)                                                      \
    LI(ADLD(R_("LineID", id) R_("ParentLineID", parent) R_("LineStatusReasonCode", "DETAIL"))                 \
       LAGR(R_("ItemSellerTradeParty", R_("Name", "Vendeur") R_("SpecifiedLegalOrganization", R_("ID", vendor)))) \
       LSTL(ATT(R_("CategoryCode", "S") R_("RateApplicablePercent", "20") R_("ExemptionReason", reason))     \
            ARD(R_("IssuerAssignedID", afl) R_("TypeCode", "130") R_("ReferenceTypeCode", "AFL"))             \
            LMS(R_("LineTotalAmount", total))))
#define C_HDR(type) EDOC(R_("ID", "F-1") R_("TypeCode", type))
#define C_SETTLE \
    STL(R_("InvoiceCurrencyCode", "EUR") ATT(R_("CalculatedAmount", "20.00") R_("CategoryCode", "S") R_("ExemptionReason", "#F-1#")))
#define C_PARTIES AGR(SELLER(SLO("0002", "111111118")) BUYER(SLO("0002", "222222226")))
#define C_MV_OK(p, type) \
    ECTX(p) C_HDR(type) TX(C_GROUP("1", "100.00", "F-1", "111111118", "") C_DETAIL("2", "1", "100.00", "F-1", "111111118", "#F-1#x") C_PARTIES C_SETTLE)

static const tcase CASES[] = {
    /* ---------------- UBL: identifiers, dates, codes ---------------- */
    {UBL, "BR-FR-01_BT-1-1", FIRE, B_("ID", "F-1234567890123456789012345678901234")},
    {UBL, "BR-FR-01_BT-1-1", PASS, B_("ID", "F-123456789012345678901234567890123")},
    {UBL, "BR-FR-01_BT-1-2", FIRE, B_("ID", "F 1")},
    {UBL, "BR-FR-01_BT-1-2", PASS, B_("ID", "\n\tF-2026/001+A_B\n")},
    {UBL, "BR-FR-02_BT-1", FIRE, B_("ID", "F.1")},
    {UBL, "BR-FR-02_BT-1", PASS, B_("ID", "F1")},
    {UBL, "BR-FR-01_BT-25-1", FIRE, BREF(B_("ID", "P-1234567890123456789012345678901234"))},
    {UBL, "BR-FR-01_BT-25-2", FIRE, BREF(B_("ID", "P#1"))},
    {UBL, "BR-FR-02_BT-25", FIRE, BREF(B_("ID", ""))},
    {UBL, "BR-FR-02_BT-25", PASS, BREF(B_("ID", "P-1"))},
    {UBL, "BR-FR-02_EXT-FR-FE-136", FIRE, ILINE(A_("DocumentReference", B_("ID", "A B")))},
    {UBL, "BR-FR-02_EXT-FR-FE-136", PASS, ILINE(A_("DocumentReference", B_("ID", "AB")))},
    {UBL, "BR-FR-01_EXT-FR-FE-136-1", FIRE,
     ILINE(A_("BillingReference", A_("DocumentReference", B_("ID", "P-1234567890123456789012345678901234"))))},
    {UBL, "BR-FR-01_BT-EXT-FR-FE-136-2", FIRE, ILINE(A_("BillingReference", A_("DocumentReference", B_("ID", "P;1"))))},
    {UBL, "BR-FR-01_BT-EXT-FR-FE-136-2", PASS, ILINE(A_("BillingReference", A_("DocumentReference", B_("ID", "P1"))))},
    {UBL, "BR-FR-03_BT-2", FIRE, B_("IssueDate", "1999-12-31")},
    {UBL, "BR-FR-03_BT-2", FIRE, B_("IssueDate", "2026-02-29")},
    {UBL, "BR-FR-03_BT-2", PASS, B_("IssueDate", "2024-02-29")},
    {UBL, "BR-FR-03_BT-7", FIRE, B_("TaxPointDate", "2026-04-31")},
    {UBL, "BR-FR-03_BT-9", FIRE, B_("DueDate", "2026-1-05")},
    {UBL, "BR-FR-03_BT-9", PASS, B_("DueDate", "2026-12-31")},
    {UBL, "BR-FR-03_BT-26", FIRE, BREF(B_("ID", "P1") B_("IssueDate", "1926-05-01"))},
    {UBL, "BR-FR-03_BT-72", FIRE, A_("Delivery", B_("ActualDeliveryDate", "2100-01-01"))},
    {UBL, "BR-FR-03_BT-73", FIRE, A_("InvoicePeriod", B_("StartDate", "2026-13-01"))},
    {UBL, "BR-FR-03_BT-74", FIRE, A_("InvoicePeriod", B_("EndDate", " 2026-01-31"))},
    {UBL, "BR-FR-03_BT-74", PASS, A_("InvoicePeriod", B_("EndDate", "2026-01-31"))},
    {UBL, "BR-FR-03_EXT-FR-FE-138", FIRE, ILINE(A_("DocumentReference", B_("ID", "D") B_("IssueDate", "1990-01-01")))},
    {UBL, "BR-FR-03_EXT-FR-FE-158", FIRE, ILINE(A_("Delivery", B_("ActualDeliveryDate", "26-01-01")))},
    {UBL, "BR-FR-03_BT-134", FIRE, ILINE(A_("InvoicePeriod", B_("StartDate", "2026-00-10")))},
    {UBL, "BR-FR-03_BT-135", FIRE, ILINE(A_("InvoicePeriod", B_("EndDate", "2026-06-31")))},
    {UBL, "BR-FR-03_BT-135", PASS, ILINE(A_("InvoicePeriod", B_("EndDate", "2026-06-30")))},
    {UBL, "BR-FR-04_BT-3", FIRE, B_("InvoiceTypeCode", "326")},
    {UBL, "BR-FR-04_BT-3", PASS, B_("InvoiceTypeCode", "389")},
    {UCN, "BR-FR-04_BT-3", FIRE, B_("CreditNoteTypeCode", "83")},
    {UCN, "BR-FR-04_BT-3", PASS, B_("CreditNoteTypeCode", "381")},
    {UBL, "BR-FR-04_EXT-FR-FE-02", FIRE, BREF(B_("ID", "P1") B_("DocumentTypeCode", "751"))},
    {UBL, "BR-FR-04_EXT-FR-FE-137", FIRE, ILINE(BREF(B_("ID", "P1") B_("DocumentTypeCode", "325")))},
    {UBL, "BR-FR-04_EXT-FR-FE-137", PASS, ILINE(BREF(B_("ID", "P1") B_("DocumentTypeCode", "380")))},

    /* ---------------- UBL: notes ---------------- */
    {UBL, "BR-FR-05_BT-22-1", FIRE, NOTE("#PMD#x") NOTE("#AAB#y")},
    {UBL, "BR-FR-05_BT-22-1", PASS, NOTE("#PM") NOTE("T#split over two notes")},
    {UBL, "BR-FR-05_BT-22-2", FIRE, NOTE("#PMT#x")},
    {UBL, "BR-FR-05_BT-22-3", FIRE, NOTE("#PMT##PMD#")},
    {UBL, "BR-FR-05_BT-22-3", PASS, NOTES3},
    {UBL, "BR-FR-06_BT-21-1", FIRE, NOTES3 NOTE("#PMT#again")},
    {UBL, "BR-FR-06_BT-21-1", PASS, NOTES3},
    {UBL, "BR-FR-06_BT-21-2", FIRE, NOTE("#PMD#a#PMD#b")},
    {UBL, "BR-FR-06_BT-21-3", FIRE, NOTE("#AAB#") NOTE("#AAB#")},
    {UBL, "BR-FR-06_BT-21-4", FIRE, NOTE("#TXD#A") NOTE("#TXD#B")},
    {UBL, "BR-FR-06_BT-21-4", PASS, NOTE("#TXD#MEMBRE_ASSUJETTI_UNIQUE")},
    {UBL, "BR-FR-08_BT-23", FIRE, B_("ID", "F1")},
    {UBL, "BR-FR-08_BT-23", FIRE, PROF("urn:fdc:peppol.eu:2017:poacc:billing:01:1.0")},
    {UBL, "BR-FR-08_BT-23", FIRE, PROF(" B1")},
    {UBL, "BR-FR-08_BT-23", PASS, PROF("M9")},
    {UBL, "BR-FR-20_BT-21", FIRE, NOTE("#BAR#B2G")},
    {UBL, "BR-FR-20_BT-21", FIRE, NOTE("#BAR#B2CINT")},
    {UBL, "BR-FR-20_BT-21", PASS, NOTE("#BAR#OUTOFSCOPE")},
    {UBL, "BR-FR-20_BT-21", PASS, NOTE("no processing note")},
    {UBL, "BR-FR-30_BT-21", FIRE, NOTE("#BAR#B2B") NOTE("#BAR#B2C")},
    {UBL, "BR-FR-30_BT-21", PASS, NOTE("#BAR#B2B") NOTE("#BAR#NOPE")},
    {UBL, "BR-FR-11_BT-47", FIRE, NOTE("#BAR#B2B") ACP(PLE("0002", "12345678"))},
    {UBL, "BR-FR-11_BT-47", PASS, NOTE("#BAR#B2B") ACP(PLE("0002", " 123456789 "))},
    {UBL, "BR-FR-11_BT-47", PASS, NOTE("#BAR#B2C")},
    {UBL, "BR-FR-21_BT-49", FIRE, NOTE("#BAR#B2B") B_("InvoiceTypeCode", "380") ACP(EP("0009", "12345678900011") PLE("0002", "123456789"))},
    {UBL, "BR-FR-21_BT-49", FIRE, NOTE("#BAR#B2B") ACP(EP("0225", "987654321") PLE("0002", "123456789"))},
    {UBL, "BR-FR-21_BT-49", PASS, NOTE("#BAR#B2B") ACP(EP("0225", "123456789_SVC") PLE("0002", "123456789"))},
    {UBL, "BR-FR-21_BT-49", PASS, NOTE("#BAR#B2B") B_("InvoiceTypeCode", "389")},
    {UBL, "BR-FR-22_BT-34", FIRE, NOTE("#BAR#B2C") B_("InvoiceTypeCode", "389") ASP(EP("0225", "99") PLE("0002", "123456789"))},
    {UBL, "BR-FR-22_BT-34", PASS, NOTE("#BAR#B2B") B_("InvoiceTypeCode", "389") ASP(EP("0225", "123456789") PLE("0002", "123456789"))},
    {UBL, "BR-FR-22_BT-34", PASS, B_("InvoiceTypeCode", "389") ASP(EP("0009", "1"))},

    /* ---------------- UBL: parties ---------------- */
    {UBL, "BR-FR-09_BT-29", FIRE, ASP(PID("0009", "1234567890001") PLE("0002", "123456789"))},
    {UBL, "BR-FR-09_BT-29", FIRE, ASP(PID("0009", "98765432100012") PLE("0002", "123456789"))},
    {UBL, "BR-FR-09_BT-29", PASS, ASP(PID("0009", "12345678900012") PLE("0002", "123456789"))},
    {UBL, "BR-FR-09_BT-46", FIRE, ACP(PID("0009", "12345678900012"))},
    {UBL, "BR-FR-09_BT-46", PASS, ACP(PID("0088", "1"))},
    {UBL, "BR-FR-09_BT-60", FIRE, A_("PayeeParty", PID("0009", "12345678900012") PLE("0002", "111111111"))},
    {UBL, "BR-FR-09_BT-60", PASS, A_("PayeeParty", PID("0009", "12345678900012"))},
    {UBL, "BR-FR-09_BT-71", FIRE, A_("Delivery", A_("DeliveryLocation", BA("ID", "schemeID=\"0009\"", "1234")))},
    {UBL, "BR-FR-09_BT-71", PASS, A_("Delivery", A_("DeliveryLocation", BA("ID", "schemeID=\"0009\"", "12345678900012"))
                                                 A_("DeliveryParty", PLE("0002", "123456789")))},
    {UBL, "BR-FR-09_EXT-FR-FE-06", FIRE, ACP(A_("AgentParty", PID("0009", "X"))) },
    {UBL, "BR-FR-09_EXT-FR-FE-69", FIRE, ASP(A_("AgentParty", PID("0009", "1234567890001X")))},
    {UBL, "BR-FR-09_EXT-FR-FE-92", FIRE, ACP(A_("ServiceProviderParty", A_("Party", PID("0009", "1"))))},
    {UBL, "BR-FR-09_EXT-FR-FE-115", FIRE, ASP(A_("ServiceProviderParty", A_("Party", PID("0009", "1"))))},
    {UBL, "BR-FR-09_EXT-FR-FE-46", FIRE,
     A_("PaymentMeans", A_("PaymentMandate", A_("PayerParty", PID("0009", "1"))))},
    {UBL, "BR-FR-10_BT-30", FIRE, ASP(PLE("0009", "123456789"))},
    {UBL, "BR-FR-10_BT-30", FIRE, ASP(PLE("0002", "12345678A"))},
    {UBL, "BR-FR-10_BT-30", PASS, ASP(PLE("0002", "\t123456789 "))},
    {UBL, "BR-FR-12_BT-49", FIRE, ACP(EP("0225", "  "))},
    {UBL, "BR-FR-12_BT-49", PASS, ACP(EP("0225", "123456789"))},
    {UBL, "BR-FR-13_BT-34", FIRE, ASP(PLE("0002", "123456789"))},
    {UBL, "BR-FR-13_BT-34", PASS, ASP(EP("0225", "123456789"))},
    {UBL, "BR-FR-23_BT-34", FIRE, ASP(EP("0225", "a@b.fr"))},
    {UBL, "BR-FR-23_BT-34", PASS, ASP(EP("0009", "a@b.fr"))},
    {UBL, "BR-FR-23_BT-49", FIRE, ACP(EP("0225", "123 456"))},
    {UBL, "BR-FR-23_BT-49", PASS, ACP(EP("0225", "123456789_a-b.c+d"))},
    {UBL, "BR-FR-23_EXT-FR-FE-29", FIRE, A_("PayeeParty", EP("0225", "x/y"))},
    {UBL, "BR-FR-23_EXT-FR-FE-12", FIRE, ACP(A_("AgentParty", EP("0225", "x/y")))},
    {UBL, "BR-FR-23_EXT-FR-FE-121", FIRE, ASP(A_("ServiceProviderParty", A_("Party", EP("0225", "x/y"))))},
    {UBL, "BR-FR-24_BT-29", FIRE, ASP(PID("0224", "abc def"))},
    {UBL, "BR-FR-24_BT-46", FIRE, ACP(PID("0224", "abc/def"))},
    {UBL, "BR-FR-24_BT-46", PASS, ACP(PID("0224", "abc.def"))},
    {UBL, "BR-FR-25_BT-49", FIRE, ACP(EP("0088", "1234567890123456789012345678901234567890123456789012345678901234567890"
                                                "1234567890123456789012345678901234567890123456789012345678"))},
    {UBL, "BR-FR-25_BT-49", PASS, ACP(EP("0088", "12345678901234567890123456789012345678901234567890123456789012345678901"
                                                "234567890123456789012345678901234567890123456789012345"))},
    {UBL, "BR-FR-26_BT-29", FIRE, ASP(PID("0224", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"))},
    {UBL, "BR-FR-26_BT-29", PASS, ASP(PID("0224", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"))},
    {UBL, "BR-FR-32-LEGALID", FIRE, ACP(PLE("0002", "1234567890"))},
    {UBL, "BR-FR-32-LEGALID", PASS, ACP(PLE("0002", "123456789"))},
    {UBL, "BR-FR-32-ID", FIRE, ASP(PID("0231", "12345"))},
    {UBL, "BR-FR-32-ID", PASS, ASP(PID("0002", " 123456789"))},

    /* ---------------- UBL: VAT, attachments, attributes, objects ---------------- */
    {UBL, "BR-FR-15_BT-118-1", FIRE, SUBT(TCAT(B_("ID", "B")))},
    {UBL, "BR-FR-15_BT-118-1", PASS, SUBT(TCAT(B_("ID", "AE")))},
    {UBL, "BR-FR-15_BT-118-2", FIRE, SUBT(TCAT(B_("ID", "M")))},
    {UBL, "BR-FR-15_BT-95_BT-102-1", FIRE, A_("AllowanceCharge", TCAT(B_("ID", "s")))},
    {UBL, "BR-FR-15_BT-95_BT-102-2", FIRE, A_("AllowanceCharge", TCAT(B_("ID", "L")))},
    {UBL, "BR-FR-15_BT-95_BT-102-1", PASS, A_("AllowanceCharge", TCAT(B_("Percent", "20")))},
    {UBL, "BR-FR-15_BT-151-1", FIRE, ILINE(ITEM(CTC(B_("ID", "X"))))},
    {UBL, "BR-FR-08_BT-151-2", FIRE, ILINE(ITEM(CTC(B_("ID", "L"))))},
    {UBL, "BR-FR-08_BT-151-2", PASS, ILINE(ITEM(CTC(B_("ID", "Z"))))},
    {UBL, "BR-FR-16_BT-96", FIRE, A_("AllowanceCharge", TCAT(B_("ID", "S") B_("Percent", "19")))},
    {UBL, "BR-FR-16_BT-96", PASS, A_("AllowanceCharge", TCAT(B_("ID", "S") B_("Percent", "5.50")))},
    {UBL, "BR-FR-16_BT-103", PASS, A_("AllowanceCharge", TCAT(B_("ID", "S") B_("Percent", "19")))},
    {UBL, "BR-FR-16_BT-119", FIRE, SUBT(TCAT(B_("ID", "S") B_("Percent", "20.000")))},
    {UBL, "BR-FR-16_BT-119", PASS, SUBT(TCAT(B_("ID", "S") B_("Percent", "8.5")))},
    {UBL, "BR-FR-16_BT-152", FIRE, ILINE(ITEM(CTC(B_("ID", "S") B_("Percent", "21"))))},
    {UCN, "BR-FR-16_BT-152", PASS, CLINE(ITEM(CTC(B_("ID", "S") B_("Percent", "21"))))},
    {UBL, "BR-FR-17_BT-123", FIRE, ADR(B_("DocumentDescription", "Facture lisible"))},
    {UBL, "BR-FR-17_BT-123", PASS, ADR(B_("DocumentDescription", "LISIBLE"))},
    {UBL, "BR-FR-17_BT-123", PASS, ADR("")},
    {UBL, "BR-FR-18_BT-123", FIRE, ADR(B_("DocumentDescription", "LISIBLE")) ADR(B_("DocumentDescription", "LISIBLE"))},
    {UBL, "BR-FR-18_BT-123", PASS, ADR(B_("DocumentDescription", "LISIBLE")) ADR(B_("DocumentDescription", "RIB"))},
    {UBL, "BR-FR-27_BG-32", FIRE, A_("Item", A_("AdditionalItemProperty", B_("Value", "v")))},
    {UBL, "BR-FR-27_BT-160", FIRE, A_("Item", A_("AdditionalItemProperty", B_("Name", " ")))},
    {UBL, "BR-FR-27_EXT-FR-FE-159", FIRE, A_("Item", A_("AdditionalItemProperty", B_("NameCode", "")))},
    {UBL, "BR-FR-27_BG-32", PASS, ILINE(ITEM(A_("AdditionalItemProperty", B_("Value", "v"))))},
    {UBL, "BR-FR-28-Value", FIRE, ILINE(ITEM(A_("AdditionalItemProperty", B_("Name", "n") B_("Value", "v") B_("ValueQuantity", "2"))))},
    {UBL, "BR-FR-28-Value", FIRE, ILINE(ITEM(A_("AdditionalItemProperty", B_("Name", "n") B_("ValueQuantity", "2"))))},
    {UBL, "BR-FR-28-Value", PASS, ILINE(ITEM(A_("AdditionalItemProperty", B_("Name", "n") BA("ValueQuantity", "unitCode=\"KGM\"", "2"))))},
    {UBL, "BR-FR-29_AFL", FIRE, A_("AdditionalDocumentReference", BA("ID", "schemeID=\"AFL\"", " "))},
    {UBL, "BR-FR-29_AVV", FIRE, A_("AdditionalDocumentReference", BA("ID", "schemeID=\"AVV\"", ""))},
    {UBL, "BR-FR-29_AVV", PASS, A_("AdditionalDocumentReference", BA("ID", "schemeID=\"AVV\"", "B1"))},
    {UBL, "BR-FR-29_BT-18", FIRE, A_("AdditionalDocumentReference", BA("ID", "schemeID=\"AFL\"", "1") BA("ID", "schemeID=\"AFL\"", "2"))},
    {UBL, "BR-FR-29_BT-18", PASS, A_("AdditionalDocumentReference", BA("ID", "schemeID=\"AFL\"", "1")) A_("AdditionalDocumentReference", BA("ID", "schemeID=\"AFL\"", "2"))},
    {UBL, "BR-FR-30_BT-128", FIRE, ILINE(A_("DocumentReference", BA("ID", "schemeID=\"AVV\"", "1") BA("ID", "schemeID=\"AVV\"", "2")))},
    {UBL, "BR-FR-30_AFL", FIRE, ILINE(A_("DocumentReference", BA("ID", "schemeID=\"AFL\"", "")))},
    {UBL, "BR-FR-30_AFL", PASS, ILINE(A_("DocumentReference", BA("ID", "schemeID=\"AFL\"", "S1")))},
    {UBL, "BR-FR-30_AVV", FIRE, ILINE(A_("DocumentReference", BA("ID", "schemeID=\"AVV\"", "")))},

    /* ---------------- UBL: coherence ---------------- */
    {UCN, "BR-FR-CO-03_BT-3", FIRE, B_("CreditNoteTypeCode", "262") A_("InvoicePeriod", B_("StartDate", "2026-01-01") B_("EndDate", "2026-01-31"))},
    {UCN, "BR-FR-CO-03_BT-3", PASS, B_("CreditNoteTypeCode", "262") A_("InvoicePeriod", B_("StartDate", "2026-01-01") B_("EndDate", "2026-01-31"))
                                    A_("ContractDocumentReference", B_("ID", "C-1"))},
    {UBL, "BR-FR-CO-04_BT-3", FIRE, B_("InvoiceTypeCode", "384")},
    {UBL, "BR-FR-CO-04_BT-3", FIRE, B_("InvoiceTypeCode", "471") BREF(B_("ID", "A")) BREF(B_("ID", "B"))},
    {UBL, "BR-FR-CO-04_BT-3", PASS, B_("InvoiceTypeCode", "384") BREF(B_("ID", "A"))},
    {UCN, "BR-FR-CO-05_BT-3", FIRE, B_("ID", "AV-1") B_("CreditNoteTypeCode", "381") CLINE("")},
    {UCN, "BR-FR-CO-05_BT-3", FIRE, B_("ID", "AV-1") B_("CreditNoteTypeCode", "381") BREF(B_("ID", "F-9")) CLINE("")},
    {UCN, "BR-FR-CO-05_BT-3", PASS, B_("ID", "AV-1") B_("CreditNoteTypeCode", "381") BREF(B_("ID", "F-9"))},
    {UCN, "BR-FR-CO-05_BT-3", PASS, B_("ID", "AV-1") B_("CreditNoteTypeCode", "381") BREF(B_("ID", "F-9") B_("IssueDate", "2026-01-02"))},
    {UCN, "BR-FR-CO-05_BT-3", PASS, B_("ID", "AV-1") B_("CreditNoteTypeCode", "381")
                                    CLINE(BREF(B_("ID", "F-9") B_("IssueDate", "2026-01-02")))
                                    A_("CreditNoteLine", B_("ID", "2") BREF(B_("ID", "AV-1") B_("DocumentStatusCode", "GROUP")))},
    {UCN, "BR-FR-CO-05_BT-3", PASS, B_("ID", "AV-1") B_("CreditNoteTypeCode", "380") CLINE("")},
    {UBL, "BR-FR-CO-07_BT-9", FIRE, B_("IssueDate", "2026-03-10") B_("DueDate", "2026-03-09")},
    {UBL, "BR-FR-CO-07_BT-9", PASS, B_("IssueDate", "2026-03-10") B_("DueDate", "2026-03-10")},
    {UBL, "BR-FR-CO-07_BT-9", PASS, PROF("M2") B_("IssueDate", "2026-03-10") B_("DueDate", "2026-03-09")},
    {UBL, "BR-FR-CO-07_BT-9", PASS, B_("IssueDate", "2026-03-10") B_("DueDate", "2026-03-09") B_("InvoiceTypeCode", "386")},
    {UBL, "BR-FR-CO-08_BT-23", FIRE, PROF("S4") B_("InvoiceTypeCode", "386")},
    {UBL, "BR-FR-CO-08_BT-23", PASS, PROF("S4") B_("InvoiceTypeCode", "380")},
    {UBL, "BR-FR-CO-09_BT-23-1", FIRE, PROF("B2") LMT(AMT("TaxInclusiveAmount", "120.00") AMT("PrepaidAmount", "100.00"))},
    {UBL, "BR-FR-CO-09_BT-23-1", PASS, PROF("B2") LMT(AMT("TaxInclusiveAmount", "120.00") AMT("PrepaidAmount", "120"))},
    {UBL, "BR-FR-CO-09_BT-23-2", FIRE, PROF("S2") LMT(AMT("PayableAmount", "0.01"))},
    {UBL, "BR-FR-CO-09_BT-23-2", PASS, PROF("S2") LMT(AMT("PayableAmount", "0.00"))},
    {UBL, "BR-FR-CO-09_BT-23-3", FIRE, PROF("M2")},
    {UBL, "BR-FR-CO-09_BT-23-3", PASS, PROF("M2") A_("PaymentMeans", B_("PaymentDueDate", "2026-01-01"))},
    {UBL, "BR-FR-CO-10_BT-29-1", FIRE, ASP(A_("PartyIdentification", B_("ID", "X")))},
    {UBL, "BR-FR-CO-10_BT-29-2", FIRE, ASP(PID("0009", "12345678900012") PID("0009", "12345678900020"))},
    {UBL, "BR-FR-CO-10_BT-29-2", PASS, ASP(PID("0009", "12345678900012") PID("0224", "ABC"))},
    {UBL, "BR-FR-CO-10_BT-46-1", FIRE, ACP(A_("PartyIdentification", B_("ID", "X")))},
    {UBL, "BR-FR-CO-10_BT-60-2", FIRE, A_("PayeeParty", PID("0088", "1") PID("0088", "2"))},
    {UBL, "BR-FR-CO-10_EXT-FR-FE-06-1", FIRE, ACP(A_("AgentParty", A_("PartyIdentification", B_("ID", "X"))))},
    {UBL, "BR-FR-CO-10_EXT-FR-FE-46-2", FIRE, A_("PaymentMeans", A_("PaymentMandate", A_("PayerParty", PID("1", "1") PID("1", "2"))))},
    {UBL, "BR-FR-CO-10_EXT-FR-FE-69-1", FIRE, ASP(A_("AgentParty", A_("PartyIdentification", B_("ID", "X"))))},
    {UBL, "BR-FR-CO-10_EXT-FR-FE-92-1", FIRE, ACP(A_("ServiceProviderParty", A_("Party", A_("PartyIdentification", B_("ID", "X")))))},
    {UBL, "BR-FR-CO-10_EXT-FR-FE-115-2", FIRE, ASP(A_("ServiceProviderParty", A_("Party", PID("9", "1") PID("9", "1"))))},
    {UBL, "BR-FR-CO-10_BT-71-1", FIRE, A_("Delivery", A_("DeliveryLocation", B_("ID", "X")))},
    {UBL, "BR-FR-CO-10_BT-71-1", PASS, A_("Delivery", A_("DeliveryLocation", BA("ID", "schemeID=\"0088\"", "X")))},
    {UBL, "BR-FR-CO-10_EXT-FR-FE-146-2", FIRE, ILINE(A_("Delivery", A_("DeliveryLocation", BA("ID", "schemeID=\"0088\"", "X") BA("ID", "schemeID=\"0088\"", "Y"))))},
    {UBL, "BR-FR-CO-10_BT-71-2", FIRE, A_("Delivery", A_("DeliveryLocation", BA("ID", "schemeID=\"0009\"", "1") BA("ID", "schemeID=\"0009\"", "2")))},
    {UBL, "BR-FR-CO-10_EXT-FR-FE-06-2", FIRE, ACP(A_("AgentParty", PID("0224", "A") PID("0224", "B")))},
    {UBL, "BR-FR-CO-10_EXT-FR-FE-69-2", FIRE, ASP(A_("AgentParty", PID("0224", "A") PID("0224", "B")))},
    {UBL, "BR-FR-CO-10_EXT-FR-FE-69-2", PASS, ASP(A_("AgentParty", PID("0224", "A") PID("0009", "B")))},
    {UBL, "BR-FR-CO-12_BT-5", FIRE, B_("DocumentCurrencyCode", "USD")},
    {UBL, "BR-FR-CO-12_BT-5", FIRE, B_("DocumentCurrencyCode", "USD") B_("TaxCurrencyCode", "EUR") A_("TaxTotal", BA("TaxAmount", "currencyID=\"USD\"", "1"))},
    {UBL, "BR-FR-CO-12_BT-5", PASS, B_("DocumentCurrencyCode", "USD") B_("TaxCurrencyCode", "EUR") A_("TaxTotal", AMT("TaxAmount", "1.00"))},
    {UBL, "BR-FR-CO-12_BT-5", PASS, B_("DocumentCurrencyCode", "EUR")},
    {UBL, "BR-FR-CO-14_BT-29-1", FIRE, ASP(PID("0231", "123456789")) NOTE("#TXD#MEMBRE")},
    {UBL, "BR-FR-CO-14_BT-29-1", PASS, ASP(PID("0231", "123456789")) NOTE("#TXD#MEMBRE_ASSUJETTI_UNIQUE")},
    {UBL, "BR-FR-CO-15_BT-29-1", FIRE, ASP(PID("0231", "123456789"))},
    {UBL, "BR-FR-CO-15_BT-29-1", PASS, ASP(PID("0231", "123456789"))
                                       A_("TaxRepresentativeParty", A_("PartyTaxScheme", B_("CompanyID", "FR00123456789")))},

    /* ---------------- UBL: number formats ---------------- */
    {UBL, "BR-FR-DEC-01_BT-106", FIRE, LMT(AMT("LineExtensionAmount", "+100.00"))},
    {UBL, "BR-FR-DEC-01_BT-106", PASS, LMT(AMT("LineExtensionAmount", "-100.5"))},
    {UBL, "BR-FR-DEC-01_BT-115", FIRE, LMT(AMT("PayableAmount", "1e2"))},
    {UBL, "BR-FR-DEC-01_BT-107", FIRE, LMT(AMT("AllowanceTotalAmount", "0.001"))},
    {UBL, "BR-FR-DEC-01_BT-108", FIRE, LMT(AMT("ChargeTotalAmount", "-"))},
    {UBL, "BR-FR-DEC-01_BT-109", FIRE, LMT(AMT("TaxExclusiveAmount", "1 000.00"))},
    {UBL, "BR-FR-DEC-01_BT-113", FIRE, LMT(AMT("PrepaidAmount", "-12345678901234567890"))},
    {UBL, "BR-FR-DEC-01_BT-113", PASS, LMT(AMT("PrepaidAmount", "-123456789012345678"))},
    {UBL, "BR-FR-DEC-01_BT-114", FIRE, LMT(AMT("PayableRoundingAmount", "0.005"))},
    {UBL, "BR-FR-DEC-01_BT-112", FIRE, LMT(AMT("TaxInclusiveAmount", "12345678901234567890"))},
    {UBL, "BR-FR-DEC-01_BT-112", PASS, LMT(AMT("TaxInclusiveAmount", "12345678901234567.89"))},
    {UBL, "BR-FR-DEC-01_BT-110", FIRE, A_("TaxTotal", AMT("TaxAmount", "1.001"))},
    {UBL, "BR-FR-DEC-01_BT-111", PASS, A_("TaxTotal", AMT("TaxAmount", "1.001"))},
    {UBL, "BR-FR-DEC-01_BT-117", FIRE, SUBT(AMT("TaxAmount", "1."))},
    {UBL, "BR-FR-DEC-01_BT-116", FIRE, SUBT(AMT("TaxableAmount", ".5"))},
    {UBL, "BR-FR-DEC-01_BT-92_BT-99", FIRE, A_("AllowanceCharge", AMT("Amount", "1,00"))},
    {UBL, "BR-FR-DEC-01_BT-93_BT-100", FIRE, A_("AllowanceCharge", AMT("BaseAmount", ""))},
    {UBL, "BR-FR-DEC-01_BT-131", FIRE, ILINE(AMT("LineExtensionAmount", "10.123"))},
    {UBL, "BR-FR-DEC-01_BT-136_BT-141", FIRE, ILINE(A_("AllowanceCharge", AMT("Amount", "1.234")))},
    {UBL, "BR-FR-DEC-01_BT-137_BT-142", FIRE, ILINE(A_("AllowanceCharge", AMT("BaseAmount", "1.234")))},
    {UBL, "BR-FR-DEC-02_BT-129", FIRE, ILINE(BA("InvoicedQuantity", "unitCode=\"C62\"", "1.23456"))},
    {UBL, "BR-FR-DEC-02_BT-129", PASS, ILINE(BA("InvoicedQuantity", "unitCode=\"C62\"", "-1.2345"))},
    {UCN, "BR-FR-DEC-02_BT-129", FIRE, CLINE(BA("CreditedQuantity", "unitCode=\"C62\"", "1.23456"))},
    {UBL, "BR-FR-DEC-02_BT-149", FIRE, ILINE(A_("Price", B_("BaseQuantity", "0.00001")))},
    {UBL, "BR-FR-DEC-03_BT-146", FIRE, ILINE(A_("Price", AMT("PriceAmount", "1.1234567")))},
    {UBL, "BR-FR-DEC-03_BT-146", FIRE, ILINE(A_("Price", AMT("PriceAmount", "-1")))},
    {UBL, "BR-FR-DEC-03_BT-146", PASS, PROF("S9") ILINE(A_("Price", AMT("PriceAmount", "-1.123456")))},
    {UBL, "BR-FR-DEC-03_BT-147", FIRE, ILINE(A_("Price", A_("AllowanceCharge", AMT("Amount", "-2"))))},
    {UBL, "BR-FR-DEC-03_BT-148", FIRE, ILINE(A_("Price", A_("AllowanceCharge", AMT("BaseAmount", "2.0000001"))))},
    {UBL, "BR-FR-DEC-04_BT-119", FIRE, SUBT(TCAT(B_("Percent", "-20")))},
    {UBL, "BR-FR-DEC-04_BT-119", PASS, SUBT(TCAT(B_("Percent", "5.50")))},
    {UBL, "BR-FR-DEC-04_BT-96_BT-103", FIRE, A_("AllowanceCharge", TCAT(B_("Percent", "10000")))},
    {UBL, "BR-FR-DEC-04_BT-152", FIRE, ILINE(ITEM(CTC(B_("Percent", "5.555"))))},

    /* ---------------- UBL: multi-vendor and bidirectional ---------------- */
    {UBL, "BR-FR-MV-01_EXT-FR-FE-163", PASS, MV_OK("S8", "380")},
    {UBL, "BR-FR-MV-01_EXT-FR-FE-163", FIRE, MV_OK("S8", "380") ILINE("")},
    {UBL, "BR-FR-MV-01_EXT-FR-FE-163", PASS, MV_HEAD("S1", "380") ILINE("")},
    {UBL, "BR-FR-MV-02_EXT-FR-FE-163", FIRE, MV_HEAD("M8", "380") DETAIL_LINE("2", "1", "100.00", "F-1", "111111118", "#F-1#x")},
    {UBL, "BR-FR-MV-02_EXT-FR-FE-163", PASS, MV_OK("M8", "380")},
    {UBL, "BR-FR-BD-02_EXT-FR-FE-163", FIRE, MV_OK("B9", "389")},
    {UBL, "BR-FR-BD-02_BT-47", FIRE, MV_OK("B9", "389")},
    {UBL, "BR-FR-BD-02_BT-30", PASS, MV_OK("B9", "389")},
    {UBL, "BR-FR-BD-02_BT-47", PASS, MV_OK("B9", "389") GROUP_LINE("3", "0.00", "S-2", "222222226", "")},
    {UBL, "BR-FR-MV-03_EXT-FR-FE-164", FIRE, MV_HEAD("S8", "380")
         A_("InvoiceLine", B_("ID", "1") SELF_BR("GROUP", "") ITEM(""))},
    {UBL, "BR-FR-MV-03_EXT-FR-FE-177", FIRE, MV_HEAD("S8", "380")
         A_("InvoiceLine", B_("ID", "1") SELF_BR("GROUP", "") ITEM(""))},
    {UBL, "BR-FR-MV-03_EXT-FR-FE-181", FIRE, MV_HEAD("S8", "380")
         A_("InvoiceLine", B_("ID", "1") SELF_BR("GROUP", "") A_("TaxTotal", BA("TaxAmount", "currencyID=\"USD\"", "1")))},
    {UBL, "BR-FR-MV-03_BT-128_AFL", FIRE, MV_HEAD("S8", "380") A_("InvoiceLine", B_("ID", "1") SELF_BR("GROUP", ""))},
    {UBL, "BR-FR-MV-03_BT-128_AVV", FIRE, MV_HEAD("S8", "380") A_("InvoiceLine", B_("ID", "1") SELF_BR("GROUP", "") OBJ("AVV", "S8"))},
    {UBL, "BR-FR-MV-03_BT-128_AVV", PASS, MV_OK("S8", "380")},
    {UBL, "BR-FR-MV-03_EXT-FR-FE-182", FIRE, MV_OK("S8", "380") B_("TaxCurrencyCode", "USD")},
    {UBL, "BR-FR-MV-05_EXT-FR-FE-BG-12", FIRE, MV_HEAD("S8", "380") GROUP_LINE("1", "100.02", "F-1", "111111118", "")
         DETAIL_LINE("2", "1", "100.00", "F-1", "111111118", "#F-1#x")},
    /* the tolerance is computed in xs:double: 100.01 - 100.00 is a little more than 0.01 */
    {UBL, "BR-FR-MV-05_EXT-FR-FE-BG-12", FIRE, MV_HEAD("S8", "380") GROUP_LINE("1", "100.01", "F-1", "111111118", "")
         DETAIL_LINE("2", "1", "100.00", "F-1", "111111118", "#F-1#x")},
    {UBL, "BR-FR-MV-05_EXT-FR-FE-BG-12", PASS, MV_HEAD("S8", "380") GROUP_LINE("1", "100.005", "F-1", "111111118", "")
         DETAIL_LINE("2", "1", "100.00", "F-1", "111111118", "#F-1#x")},
    {UBL, "BR-FR-MV-06_EXT-FR-FE-167", FIRE, MV_HEAD("S8", "380") GROUP_LINE("1", "100.00", "F-1", "111111118", "")
         DETAIL_LINE("2", "1", "100.00", "F-1", "999999999", "#F-1#x")},
    {UBL, "BR-FR-MV-06_EXT-FR-FE-167", PASS, MV_OK("S8", "380")},
    {UBL, "BR-FR-MV-07_BT-128", FIRE, MV_HEAD("S8", "380") GROUP_LINE("1", "100.00", "F-1", "111111118", "")
         DETAIL_LINE("2", "1", "100.00", "F-2", "111111118", "#F-2#x")},
    {UBL, "BR-FR-MV-07_BT-128", PASS, MV_OK("M8", "380")},
    {UBL, "BR-FR-MV-08_BT-128", FIRE, MV_HEAD("S8", "380") GROUP_LINE("1", "100.00", "F-1", "111111118", "")
         DETAIL_LINE("2", "1", "100.00", "F-1", "111111118", "F-1 exonere")},
    {UBL, "BR-FR-MV-08_BT-128", PASS, MV_OK("S8", "380")},
    {UBL, "BR-FR-MV-09_EXT-FR-FE-181", FIRE, MV_OK("S8", "380") SUBT(AMT("TaxAmount", "5.00") TCAT(B_("TaxExemptionReason", "#F-1#b")))},
    {UBL, "BR-FR-MV-09_EXT-FR-FE-181", PASS, MV_OK("S8", "380")},
    {UBL, "BR-FR-MV-10_EXT-FR-FE-184", FIRE, MV_HEAD("S8", "380")
         GROUP_LINE("1", "100.00", "F-1", "111111118", AMT("TaxInclusiveLineExtensionAmount", "121.00"))},
    {UBL, "BR-FR-MV-10_EXT-FR-FE-184", PASS, MV_HEAD("S8", "380")
         GROUP_LINE("1", "100.00", "F-1", "111111118", AMT("TaxInclusiveLineExtensionAmount", "120.00"))},
    {UBL, "BR-FR-MV-11_BT-128", FIRE, MV_HEAD("S8", "380") GROUP_LINE("1", "0", "F-9", "111111118", "")},
    {UBL, "BR-FR-MV-11_BT-128", PASS, MV_OK("S8", "380")},
    {UBL, "BR-FR-MV-12_BT-128", FIRE, MV_OK("S8", "380") GROUP_LINE("3", "0", "F-1", "333333334", "")},
    {UBL, "BR-FR-MV-12_BT-128", PASS, MV_OK("S8", "380") GROUP_LINE("3", "0", "F-3", "333333334", "")},
    {UBL, "BR-FR-MV-13_BT-3", FIRE, MV_OK("S8", "389")},
    {UBL, "BR-FR-MV-13_BT-3", PASS, MV_OK("S8", "380")},
    {UBL, "BR-FR-MV-BD_BT-3", FIRE, MV_OK("S9", "380")},
    {UBL, "BR-FR-MV-BD_BT-3", PASS, MV_OK("S9", "389")},
    {UBL, "BR-FR-MV-14-EXT-FR-FE-136", FIRE, MV_OK("S8", "384")},
    {UBL, "BR-FR-MV-14-EXT-FR-FE-138", FIRE, MV_HEAD("S8", "384")
         GROUP_LINE("1", "0", "F-1", "111111118", BREF(B_("ID", "F-0")))},
    {UBL, "BR-FR-MV-14-EXT-FR-FE-136", PASS, MV_HEAD("S8", "384")
         GROUP_LINE("1", "0", "F-1", "111111118", BREF(B_("ID", "F-0")))},
    {UBL, "BR-FR-BD-14-EXT-FR-FE-136", FIRE, MV_OK("B9", "471")},
    {UBL, "BR-FR-BD-14-EXT-FR-FE-136", PASS, MV_OK("B9", "389")},

    /* ---------------- CII: identifiers, dates, codes, notes ---------------- */
    {CII, "BR-FR-01_BT-1", FIRE, EDOC(R_("ID", "F-1234567890123456789012345678901234"))},
    {CII, "BR-FR-02_BT-1", FIRE, EDOC(R_("ID", "F 1"))},
    {CII, "BR-FR-02_BT-1", PASS, EDOC(R_("ID", "F-1"))},
    {CII, "BR-FR-01_BT-25", FIRE, TX(STL(IRD(R_("IssuerAssignedID", "P-1234567890123456789012345678901234"))))},
    {CII, "BR-FR-02_BT-25", FIRE, TX(STL(IRD(R_("IssuerAssignedID", "P:1"))))},
    {CII, "BR-FR-02_BT-25", PASS, TX(STL(IRD(R_("IssuerAssignedID", "P1"))))},
    {CII, "BR-FR-01_EXT-FR-FE-136", FIRE, TX(LI(LSTL(IRD(R_("IssuerAssignedID", "P-1234567890123456789012345678901234")))))},
    {CII, "BR-FR-02_EXT-FR-FE-136", FIRE, TX(LI(LSTL(IRD(R_("IssuerAssignedID", "P 1")))))},
    {CII, "BR-FR-03_BT-2", FIRE, EDOC(DTS("IssueDateTime", "19261231"))},
    {CII, "BR-FR-03_BT-2", PASS, EDOC(DTS("IssueDateTime", "20240229"))},
    {CII, "BR-FR-03_BT-2", PASS, EDOC(DTS("IssueDateTime", "20240229 and more"))},
    {CII, "BR-FR-03_BT-9", FIRE, TX(STL(R_("SpecifiedTradePaymentTerms", DTS("DueDateDateTime", "2026-01-01"))))},
    {CII, "BR-FR-03_BT-7", FIRE, TX(STL(ATT("<ram:TaxPointDate><udt:DateString>20260230</udt:DateString></ram:TaxPointDate>")))},
    {CII, "BR-FR-03_BT-26", FIRE, TX(STL(IRD(R_("IssuerAssignedID", "P") QDTS("FormattedIssueDateTime", "1926"))))},
    {CII, "BR-FR-03_BT-72", FIRE, TX(DLV(R_("ActualDeliverySupplyChainEvent", DTS("OccurrenceDateTime", "19260101"))))},
    {CII, "BR-FR-03_BT-73", FIRE, TX(STL(R_("BillingSpecifiedPeriod", DTS("StartDateTime", "20261301"))))},
    {CII, "BR-FR-03_BT-74", FIRE, TX(STL(R_("BillingSpecifiedPeriod", DTS("EndDateTime", "20260631"))))},
    {CII, "BR-FR-03_EXT-FR-FE-134", FIRE, TX(LI(LSTL(R_("BillingSpecifiedPeriod", DTS("StartDateTime", "2026")))))},
    {CII, "BR-FR-03_EXT-FR-FE-135", FIRE, TX(LI(LSTL(R_("BillingSpecifiedPeriod", DTS("EndDateTime", "21000101")))))},
    {CII, "BR-FR-03_EXT-FR-FE-138", FIRE, TX(LI(LSTL(IRD(QDTS("FormattedIssueDateTime", "19990101")))))},
    {CII, "BR-FR-03_EXT-FR-FE-158", FIRE, TX(LI(LDLV(R_("ActualDeliverySupplyChainEvent", DTS("OccurrenceDateTime", "x")))))},
    {CII, "BR-FR-04_BT-3", FIRE, EDOC(R_("TypeCode", "326"))},
    {CII, "BR-FR-04_BT-3", PASS, EDOC(R_("TypeCode", "503"))},
    {CII, "BR-FR-04_EXT-FR-FE-02", FIRE, TX(STL(IRD(R_("TypeCode", "71"))))},
    {CII, "BR-FR-04_EXT-FR-FE-137", FIRE, TX(LI(LSTL(IRD(R_("TypeCode", "71")))))},
    {CII, "BR-FR-05_BT-22_PMT", FIRE, EDOC(INOTE("PMD", "x"))},
    {CII, "BR-FR-05_BT-22_PMT", PASS, EDOC(INOTES3)},
    {CII, "BR-FR-05_BT-22_PMT", PASS, ""},
    {CII, "BR-FR-05_BT-22_PMD", FIRE, EDOC(INOTE("PMT", "x"))},
    {CII, "BR-FR-05_BT-22_AAB", FIRE, EDOC(INOTE("PMT", "#AAB#"))},
    {CII, "BR-FR-06_BT-21_PMT", FIRE, EDOC(INOTES3 INOTE("PMT", "again"))},
    {CII, "BR-FR-06_BT-21_PMD", FIRE, EDOC(INOTES3 INOTE("PMD", "again"))},
    {CII, "BR-FR-06_BT-21_AAB", FIRE, EDOC(INOTES3 INOTE("AAB", "again"))},
    {CII, "BR-FR-06_BT-21_TXD", FIRE, EDOC(INOTE("TXD", "a") INOTE("TXD", "b"))},
    {CII, "BR-FR-06_BT-21_TXD", PASS, EDOC(INOTES3 INOTE("TXD", "a"))},
    {CII, "BR-FR-08_BT-23", FIRE, ECTX("A1")},
    {CII, "BR-FR-08_BT-23", FIRE, "<rsm:ExchangedDocumentContext/>"},
    {CII, "BR-FR-08_BT-23", PASS, ECTX("S6")},
    {CII, "BR-FR-08_BT-23", PASS, EDOC(R_("ID", "F1"))},
    {CII, "BR-FR-20_BT-21", FIRE, EDOC(INOTE("BAR", "B2G"))},
    {CII, "BR-FR-20_BT-21", FIRE, EDOC(R_("IncludedNote", R_("SubjectCode", "BAR")))},
    {CII, "BR-FR-20_BT-21", PASS, EDOC(INOTE("BAR", "B2CINT"))},
    {CII, "BR-FR-31_BT-21", FIRE, EDOC(INOTE("BAR", "B2B") INOTE("BAR", " B2C "))},
    {CII, "BR-FR-31_BT-21", PASS, EDOC(INOTE("BAR", "B2B") INOTE("BAR", "B2X"))},
    {CII, "BR-FR-11_BT-47", FIRE, EDOC(INOTE("BAR", "B2B")) TX(AGR(BUYER(SLO("0002", " 123456789"))))},
    {CII, "BR-FR-11_BT-47", PASS, EDOC(INOTE("BAR", "B2B")) TX(AGR(BUYER(SLO("0002", "123456789"))))},
    {CII, "BR-FR-21_BT-49", FIRE, EDOC(INOTE("BAR", "B2B")) TX(AGR(BUYER(SLO("0002", "123456789") URI("0225", "987654321"))))},
    {CII, "BR-FR-21_BT-49", PASS, EDOC(INOTE("BAR", "B2B")) TX(AGR(BUYER(SLO("0002", "123456789") URI("0225", "123456789"))))},
    {CII, "BR-FR-21_BT-49", PASS, EDOC(R_("TypeCode", "389") INOTE("BAR", "B2B"))},
    {CII, "BR-FR-22_BT-34", FIRE, EDOC(R_("TypeCode", "389") INOTE("BAR", "B2B")) TX(AGR(SELLER(SLO("0002", "123456789") URI("0009", "123456789"))))},
    {CII, "BR-FR-22_BT-34", PASS, EDOC(R_("TypeCode", "389") INOTE("BAR", "B2C"))},

    /* ---------------- CII: parties ---------------- */
    {CII, "BR-FR-09_BT-29", FIRE, TX(AGR(SELLER(GID("0009", "12345678900012") SLO("0002", "223456789"))))},
    {CII, "BR-FR-09_BT-29", PASS, TX(AGR(SELLER(GID("0009", "12345678900012") SLO("0002", "123456789"))))},
    {CII, "BR-FR-09_BT-46", FIRE, TX(AGR(BUYER(GID("0009", "1234567890001"))))},
    {CII, "BR-FR-09_BT-60", PASS, TX(STL(R_("PayeeTradeParty", GID("0009", "12345678900012"))))},
    {CII, "BR-FR-09_BT-60", FIRE, TX(STL(R_("PayeeTradeParty", GID("0009", "12345678900012") SLO("0002", "1"))))},
    {CII, "BR-FR-09_EXT-FR-FE-06", FIRE, TX(AGR(R_("BuyerAgentTradeParty", GID("0009", "1"))))},
    {CII, "BR-FR-09_EXT-FR-FE-46", FIRE, TX(STL(R_("PayerTradeParty", GID("0009", "1"))))},
    {CII, "BR-FR-09_EXT-FR-FE-69", FIRE, TX(AGR(R_("SalesAgentTradeParty", GID("0009", "1"))))},
    {CII, "BR-FR-09_EXT-FR-FE-92", FIRE, TX(STL(R_("InvoiceeTradeParty", GID("0009", "1"))))},
    {CII, "BR-FR-09_EXT-FR-FE-115", FIRE, TX(STL(R_("InvoicerTradeParty", GID("0009", "1"))))},
    {CII, "BR-FR-09_BT-71", FIRE, TX(DLV(R_("ShipToTradeParty", GID("0009", "1"))))},
    {CII, "BR-FR-09_EXT-FR-FE-146", FIRE, TX(LI(LDLV(R_("ShipToTradeParty", GID("0009", "1")))))},
    {CII, "BR-FR-10_BT-30", FIRE, TX(AGR(SELLER(SLO("0009", "123456789"))))},
    {CII, "BR-FR-10_BT-30", PASS, TX(AGR(SELLER(SLO("0002", "123456789"))))},
    {CII, "BR-FR-12_BT-49", FIRE, TX(AGR(BUYER(SLO("0002", "123456789"))))},
    {CII, "BR-FR-12_BT-49", PASS, TX(AGR(BUYER(URI("0225", " "))))},
    {CII, "BR-FR-13_BT-34", FIRE, TX(AGR(SELLER(SLO("0002", "123456789"))))},
    {CII, "BR-FR-13_BT-34", PASS, TX(AGR(SELLER(URI("0225", "123456789"))))},
    {CII, "BR-FR-23_BT-34", FIRE, TX(AGR(SELLER(URI("0225", "a@b"))))},
    {CII, "BR-FR-23_BT-49", FIRE, TX(AGR(BUYER(URI("0225", "a b"))))},
    {CII, "BR-FR-23_BT-49", PASS, TX(AGR(BUYER(URI("EM", "a@b"))))},
    {CII, "BR-FR-23_EXT-FR-FE-98", FIRE, TX(STL(R_("InvoiceeTradeParty", URI("0225", "a/b"))))},
    {CII, "BR-FR-23_EXT-FR-FE-52", FIRE, TX(STL(R_("PayerTradeParty", URI("0225", "a/b"))))},
    {CII, "BR-FR-23_EXT-FR-FE-75", FIRE, TX(AGR(R_("SalesAgentTradeParty", URI("0225", "a/b"))))},
    {CII, "BR-FR-24_BT-29", FIRE, TX(AGR(SELLER(GID("0224", "a b"))))},
    {CII, "BR-FR-24_BT-46", PASS, TX(AGR(BUYER(GID("0224", "a_b"))))},
    {CII, "BR-FR-25_BT-34", FIRE, TX(AGR(SELLER(URI("0225", "1234567890123456789012345678901234567890123456789012345678901234567890"
                                                           "123456789012345678901234567890123456789012345678901234567"))))},
    {CII, "BR-FR-25_EXT-FR-FE-121", PASS, TX(STL(R_("InvoicerTradeParty", URI("0225", "1"))))},
    {CII, "BR-FR-26_BT-46", FIRE, TX(AGR(BUYER(GID("0224", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"))))},
    {CII, "BR-FR-32-LEGALID", FIRE, TX(AGR(BUYER(SLO("0002", "1234567890"))))},
    {CII, "BR-FR-32-LEGALID", PASS, TX(AGR(BUYER(SLO("0009", "1234567890"))))},
    {CII, "BR-FR-32-GLOBALID", FIRE, TX(AGR(SELLER(GID("0231", "12345678"))))},
    {CII, "BR-FR-32-GLOBALID", PASS, TX(AGR(SELLER(GID("0231", "123456789"))))},

    /* ---------------- CII: VAT, attachments, attributes, objects ---------------- */
    {CII, "BR-FR-15_BT-95_BT-118", FIRE, TX(STL(ATT("")))},
    {CII, "BR-FR-15_BT-95_BT-118", PASS, TX(STL(ATT(R_("CategoryCode", "K"))))},
    {CII, "BR-FR-15_BT-95_BT-118_LM", FIRE, TX(STL(ATT(R_("CategoryCode", "L"))))},
    {CII, "BR-FR-15_BT-95_BT-102", FIRE, TX(STL(R_("SpecifiedTradeAllowanceCharge", R_("CategoryTradeTax", R_("CategoryCode", "B")))))},
    {CII, "BR-FR-15_BT-95_BT-102_LM", FIRE, TX(STL(R_("SpecifiedTradeAllowanceCharge", R_("CategoryTradeTax", R_("CategoryCode", "M")))))},
    {CII, "BR-FR-15_BT-95_BT-151", FIRE, TX(LI(LSTL(ATT(""))))},
    {CII, "BR-FR-15_BT-95_BT-151", PASS, TX(LI(ADLD(R_("LineStatusReasonCode", "INFORMATION")) LSTL(ATT(""))))},
    {CII, "BR-FR-15_BT-95_BT-151_LM", FIRE, TX(LI(LSTL(ATT(R_("CategoryCode", "L")))))},
    {CII, "BR-FR-16_BT-119", FIRE, TX(STL(ATT(R_("CategoryCode", "S") R_("RateApplicablePercent", "19.0"))))},
    {CII, "BR-FR-16_BT-119", PASS, TX(STL(ATT(R_("CategoryCode", "S") R_("RateApplicablePercent", "2.10"))))},
    {CII, "BR-FR-16_BT-152", FIRE, TX(LI(LSTL(ATT(R_("RateApplicablePercent", "16")))))},
    {CII, "BR-FR-16_BT-96_BT-103", FIRE, TX(STL(R_("SpecifiedTradeAllowanceCharge", R_("CategoryTradeTax", R_("RateApplicablePercent", "4")))))},
    {CII, "BR-FR-17_BT-123", FIRE, TX(AGR(ARD(R_("IssuerAssignedID", "D") R_("TypeCode", "916") R_("Name", "photo"))))},
    {CII, "BR-FR-17_BT-123", PASS, TX(AGR(ARD(R_("IssuerAssignedID", "D") R_("TypeCode", "916") R_("Name", " RIB "))))},
    {CII, "BR-FR-17_BT-123", PASS, TX(AGR(ARD(R_("IssuerAssignedID", "D") R_("TypeCode", "50") R_("Name", "photo"))))},
    {CII, "BR-FR-18_BT-123", FIRE, TX(AGR(ARD(R_("Name", "LISIBLE")) ARD(R_("TypeCode", "50") R_("Name", "LISIBLE"))))},
    {CII, "BR-FR-18_BT-123", PASS, TX(AGR(ARD(R_("Name", "LISIBLE"))))},
    {CII, "BR-FR-27_BG-32", FIRE, TX(LI(R_("SpecifiedTradeProduct", R_("ApplicableProductCharacteristic", R_("Value", "v")))))},
    {CII, "BR-FR-27_BT-160", FIRE, TX(LI(R_("SpecifiedTradeProduct", R_("ApplicableProductCharacteristic", R_("Description", "")))))},
    {CII, "BR-FR-27_EXT-FR-FE-159", FIRE, TX(LI(R_("SpecifiedTradeProduct", R_("ApplicableProductCharacteristic", R_("TypeCode", " ")))))},
    {CII, "BR-FR-27_BG-32", PASS, TX(LI(R_("SpecifiedTradeProduct", R_("ApplicableProductCharacteristic", R_("TypeCode", "C") R_("Value", "v")))))},
    {CII, "BR-FR-28-Value", FIRE, TX(LI(R_("SpecifiedTradeProduct", R_("ApplicableProductCharacteristic", R_("Description", "d")))))},
    {CII, "BR-FR-28-Value", PASS, TX(LI(R_("SpecifiedTradeProduct", R_("ApplicableProductCharacteristic", R_("Description", "d") RA("ValueMeasure", "unitCode=\"KGM\"", "1")))))},
    {CII, "BR-FR-29_BT-18", FIRE, TX(AGR(ARD(R_("IssuerAssignedID", "1") R_("ReferenceTypeCode", "AFL")) ARD(R_("IssuerAssignedID", "2") R_("ReferenceTypeCode", "AFL"))))},
    {CII, "BR-FR-29_BT-18", PASS, TX(AGR(ARD(R_("IssuerAssignedID", "1") R_("ReferenceTypeCode", "AFL")) ARD(R_("IssuerAssignedID", "2") R_("ReferenceTypeCode", "AVV"))))},
    {CII, "BR-FR-29_AFL", FIRE, TX(AGR(ARD(R_("IssuerAssignedID", "") R_("ReferenceTypeCode", "AFL"))))},
    {CII, "BR-FR-29_AVV", FIRE, TX(AGR(ARD(R_("IssuerAssignedID", "") R_("ReferenceTypeCode", "AVV"))))},
    {CII, "BR-FR-30_BT-128", FIRE, TX(LI(ARD(R_("ReferenceTypeCode", "AVV")) ARD(R_("ReferenceTypeCode", "AVV"))))},
    {CII, "BR-FR-30_AFL", FIRE, TX(LI(ARD(R_("IssuerAssignedID", "") R_("ReferenceTypeCode", "AFL"))))},
    {CII, "BR-FR-30_AFL", PASS, TX(LI(LSTL(ARD(R_("IssuerAssignedID", "") R_("ReferenceTypeCode", "AFL")))))},

    /* ---------------- CII: coherence and formats ---------------- */
    {CII, "BR-FR-CO-03_BT-3", FIRE, EDOC(R_("TypeCode", "262"))},
    {CII, "BR-FR-CO-03_BT-3", PASS, EDOC(R_("TypeCode", "262")) TX(AGR(R_("ContractReferencedDocument", R_("IssuerAssignedID", "C"))) STL(R_("BillingSpecifiedPeriod", DTS("StartDateTime", "20260101") DTS("EndDateTime", "20260131"))))},
    {CII, "BR-FR-CO-04_BT-4", FIRE, EDOC(R_("TypeCode", "472"))},
    {CII, "BR-FR-CO-04_BT-4", PASS, EDOC(R_("TypeCode", "472")) TX(STL(IRD(R_("IssuerAssignedID", "P"))))},
    {CII, "BR-FR-CO-05_BT-3", FIRE, EDOC(R_("TypeCode", "381")) TX(LI(LSTL("")))},
    {CII, "BR-FR-CO-05_BT-3", PASS, EDOC(R_("TypeCode", "381")) TX(LI(ADLD(R_("LineStatusReasonCode", "GROUP"))))},
    {CII, "BR-FR-CO-05_BT-3", PASS, EDOC(R_("TypeCode", "381")) TX(STL(IRD(R_("IssuerAssignedID", "P") QDTS("FormattedIssueDateTime", "20260101"))))},
    {CII, "BR-FR-CO-07_BT-9", FIRE, EDOC(DTS("IssueDateTime", "20260310")) TX(STL(R_("SpecifiedTradePaymentTerms", DTS("DueDateDateTime", "20260309"))))},
    {CII, "BR-FR-CO-07_BT-9", FIRE, TX(STL(R_("SpecifiedTradePaymentTerms", DTS("DueDateDateTime", "20260309"))))},
    {CII, "BR-FR-CO-07_BT-9", PASS, EDOC(DTS("IssueDateTime", "20260310")) TX(STL(R_("SpecifiedTradePaymentTerms", DTS("DueDateDateTime", "20260310"))))},
    {CII, "BR-FR-CO-08_BT-23", FIRE, ECTX("M4") EDOC(R_("TypeCode", "500"))},
    {CII, "BR-FR-CO-08_BT-23", PASS, ECTX("M1") EDOC(R_("TypeCode", "500"))},
    {CII, "BR-FR-CO-09_BT-23-1", FIRE, ECTX("B2") TX(STL(HMS(R_("GrandTotalAmount", "10") R_("TotalPrepaidAmount", "9"))))},
    {CII, "BR-FR-CO-09_BT-23-1", PASS, ECTX("B2") TX(STL(HMS(R_("GrandTotalAmount", "10") R_("TotalPrepaidAmount", "10.00"))))},
    {CII, "BR-FR-CO-09_BT-23-2", FIRE, ECTX("B2") TX(STL(HMS(R_("DuePayableAmount", "1"))))},
    {CII, "BR-FR-CO-09_BT-23-3", FIRE, ECTX("S2")},
    {CII, "BR-FR-CO-09_BT-23-3", PASS, ECTX("S1")},
    {CII, "BR-FR-CO-10_BT-29-1", FIRE, TX(AGR(SELLER(R_("GlobalID", "1"))))},
    {CII, "BR-FR-CO-10_BT-29-2", FIRE, TX(AGR(SELLER(GID("0009", "1") GID("0009", "2"))))},
    {CII, "BR-FR-CO-10_BT-46-2", PASS, TX(AGR(BUYER(GID("0009", "1") GID("0088", "2"))))},
    {CII, "BR-FR-CO-10_BT-60-1", FIRE, TX(STL(R_("PayeeTradeParty", R_("GlobalID", "1"))))},
    {CII, "BR-FR-CO-10_EXT-FR-FE-92-2", FIRE, TX(STL(R_("InvoiceeTradeParty", GID("1", "1") GID("1", "1"))))},
    {CII, "BR-FR-CO-10_BT-71-1", FIRE, TX(DLV(R_("ShipToTradeParty", R_("GlobalID", "1"))))},
    {CII, "BR-FR-CO-10_EXT-FR-FE-146-1", FIRE, TX(LI(LDLV(R_("ShipToTradeParty", R_("GlobalID", "1")))))},
    {CII, "BR-FR-CO-10_EXT-FR-FE-06-2", FIRE, TX(AGR(R_("BuyerAgentTradeParty", GID("0088", "1") GID("0088", "2"))))},
    {CII, "BR-FR-CO-10_EXT-FR-FE-69-1", FIRE, TX(AGR(R_("SalesAgentTradeParty", R_("GlobalID", "1"))))},
    {CII, "BR-FR-CO-10_EXT-FR-FE-46-2", FIRE, TX(STL(R_("PayerTradeParty", GID("0088", "1") GID("0088", "2"))))},
    {CII, "BR-FR-CO-10_EXT-FR-FE-115-1", FIRE, TX(STL(R_("InvoicerTradeParty", R_("GlobalID", "1"))))},
    {CII, "BR-FR-CO-10_BT-71-2", FIRE, TX(DLV(R_("ShipToTradeParty", GID("0088", "1") GID("0088", "2"))))},
    {CII, "BR-FR-CO-10_BT-71-2", PASS, TX(DLV(R_("ShipToTradeParty", GID("0009", "1") GID("0088", "2"))))},
    {CII, "BR-FR-CO-12_BT-5", FIRE, TX(STL(R_("InvoiceCurrencyCode", "USD")))},
    {CII, "BR-FR-CO-12_BT-5", PASS, TX(STL(R_("TaxCurrencyCode", "EUR") R_("InvoiceCurrencyCode", "USD") HMS(RA("TaxTotalAmount", "currencyID=\"EUR\"", "2"))))},
    {CII, "BR-FR-CO-14_BT-29-1", FIRE, TX(AGR(SELLER(GID("0231", "123456789"))))},
    {CII, "BR-FR-CO-14_BT-29-1", PASS, EDOC(INOTE("TXD", "MEMBRE_ASSUJETTI_UNIQUE")) TX(AGR(SELLER(GID("0231", "123456789"))))},
    {CII, "BR-FR-CO-15_BT-29-1", FIRE, TX(AGR(SELLER(GID("0231", "123456789")) R_("SellerTaxRepresentativeTradeParty", R_("Name", "R"))))},
    {CII, "BR-FR-CO-15_BT-29-1", PASS, TX(AGR(SELLER(GID("0231", "123456789")) R_("SellerTaxRepresentativeTradeParty", R_("SpecifiedTaxRegistration", RA("ID", "schemeID=\"VA\"", "FR1")))))},
    {CII, "BR-FR-DEC-01_BT-106", FIRE, TX(STL(HMS(R_("LineTotalAmount", "1.005"))))},
    {CII, "BR-FR-DEC-01_BT-110", FIRE, TX(STL(HMS(R_("TaxTotalAmount", "+1"))))},
    {CII, "BR-FR-DEC-01_BT-111", PASS, TX(STL(HMS(R_("TaxTotalAmount", "+1"))))},
    {CII, "BR-FR-DEC-01_BT-114", FIRE, TX(STL(HMS(R_("RoundingAmount", "0.001"))))},
    {CII, "BR-FR-DEC-01_BT-107", FIRE, TX(STL(HMS(R_("AllowanceTotalAmount", "1.2.3"))))},
    {CII, "BR-FR-DEC-01_BT-108", FIRE, TX(STL(HMS(R_("ChargeTotalAmount", "1.234"))))},
    {CII, "BR-FR-DEC-01_BT-109", FIRE, TX(STL(HMS(R_("TaxBasisTotalAmount", "1.234"))))},
    {CII, "BR-FR-DEC-01_BT-112", FIRE, TX(STL(HMS(R_("GrandTotalAmount", "1.234"))))},
    {CII, "BR-FR-DEC-01_BT-113", FIRE, TX(STL(HMS(R_("TotalPrepaidAmount", "1.234"))))},
    {CII, "BR-FR-DEC-01_BT-115", FIRE, TX(STL(HMS(R_("DuePayableAmount", "1.234"))))},
    {CII, "BR-FR-DEC-01_BT-116", FIRE, TX(STL(ATT(R_("BasisAmount", "1.234"))))},
    {CII, "BR-FR-DEC-01_BT-93_BT-100", FIRE, TX(STL(R_("SpecifiedTradeAllowanceCharge", R_("BasisAmount", "1.234"))))},
    {CII, "BR-FR-DEC-01_BT-136_BT-141", FIRE, TX(LI(LSTL(R_("SpecifiedTradeAllowanceCharge", R_("ActualAmount", "1.234")))))},
    {CII, "BR-FR-DEC-01_BT-137_BT-142", FIRE, TX(LI(LSTL(R_("SpecifiedTradeAllowanceCharge", R_("BasisAmount", "1.234")))))},
    {CII, "BR-FR-DEC-04_BT-96_BT-103", FIRE, TX(STL(R_("SpecifiedTradeAllowanceCharge", R_("CategoryTradeTax", R_("RateApplicablePercent", "1E1")))))},
    {CII, "BR-FR-DEC-01_BT-117", FIRE, TX(STL(ATT(R_("CalculatedAmount", "1e1"))))},
    {CII, "BR-FR-DEC-01_BT-92_BT-99", FIRE, TX(STL(R_("SpecifiedTradeAllowanceCharge", R_("ActualAmount", "--1"))))},
    {CII, "BR-FR-DEC-01_BT-131", FIRE, TX(LI(LSTL(LMS(R_("LineTotalAmount", "1.234")))))},
    {CII, "BR-FR-DEC-01_BT-131", PASS, TX(LI(LSTL(LMS(R_("LineTotalAmount", " 1.23 ")))))},
    {CII, "BR-FR-DEC-02_BT-129", FIRE, TX(LI(LDLV(RA("BilledQuantity", "unitCode=\"C62\"", "1.00001"))))},
    {CII, "BR-FR-DEC-02_BT-149", FIRE, TX(LI(LAGR(R_("NetPriceProductTradePrice", R_("BasisQuantity", "")))))},
    {CII, "BR-FR-DEC-03_BT-146", FIRE, TX(LI(LAGR(R_("NetPriceProductTradePrice", R_("ChargeAmount", "1.1234567")))))},
    {CII, "BR-FR-DEC-03_BT-146", PASS, TX(LI(LAGR(R_("NetPriceProductTradePrice", R_("ChargeAmount", "1.123456")))))},
    {CII, "BR-FR-DEC-03_BT-146", PASS, ECTX("M9") TX(LI(LAGR(R_("NetPriceProductTradePrice", R_("ChargeAmount", "-1")))))},
    {CII, "BR-FR-DEC-03_BT-148", FIRE, TX(LI(LAGR(R_("GrossPriceProductTradePrice", R_("ChargeAmount", "-1")))))},
    {CII, "BR-FR-DEC-03_BT-147", FIRE, TX(LI(LAGR(R_("GrossPriceProductTradePrice", R_("AppliedTradeAllowanceCharge", R_("ActualAmount", "x"))))))},
    {CII, "BR-FR-DEC-04_BT-152", FIRE, TX(LI(LSTL(ATT(R_("RateApplicablePercent", "20.001")))))},
    {CII, "BR-FR-DEC-04_BT-119", PASS, TX(STL(ATT(R_("RateApplicablePercent", "20.00"))))},

    /* ---------------- CII: multi-vendor and bidirectional ---------------- */
    {CII, "BR-FR-MV-01_EXT-FR-FE-163", FIRE, ECTX("S8") TX(LI(ADLD(R_("LineStatusReasonCode", " "))))},
    {CII, "BR-FR-MV-01_EXT-FR-FE-163", PASS, ECTX("S8") TX(LI(ADLD(R_("LineID", "1"))))},
    {CII, "BR-FR-MV-02_EXT-FR-FE-163", FIRE, ECTX("B8") C_HDR("380") TX(C_PARTIES)},
    {CII, "BR-FR-MV-02_EXT-FR-FE-163", PASS, C_MV_OK("B8", "380")},
    {CII, "BR-FR-BD-02_EXT-FR-FE-163", FIRE, C_MV_OK("S9", "389")},
    {CII, "BR-FR-BD-02_BT-31", PASS, C_MV_OK("S9", "389")},
    {CII, "BR-FR-BD-02_BT-47", FIRE, C_MV_OK("S9", "389")},
    {CII, "BR-FR-MV-03_EXT-FR-FE-164", FIRE, ECTX("S8") TX(LI(ADLD(R_("LineStatusReasonCode", "GROUP"))))},
    {CII, "BR-FR-MV-03_EXT-FR-FE-164", PASS, C_MV_OK("S8", "380")},
    {CII, "BR-FR-MV-03_EXT-FR-FE-181", FIRE, ECTX("S8") TX(LI(ADLD(R_("LineStatusReasonCode", "GROUP"))))},
    {CII, "BR-FR-MV-03_EXT-FR-FE-182", FIRE, ECTX("S8") TX(LI(ADLD(R_("LineStatusReasonCode", "GROUP"))) STL(R_("TaxCurrencyCode", "EUR")))},
    {CII, "BR-FR-MV-03_BT-128_AFL", FIRE, ECTX("S8") TX(LI(ADLD(R_("LineStatusReasonCode", "GROUP")) LSTL(ARD(R_("TypeCode", "916") R_("ReferenceTypeCode", "AFL")))))},
    {CII, "BR-FR-MV-03_BT-128_AFL", PASS, ECTX("S8") TX(LI(ADLD(R_("LineStatusReasonCode", "GROUP"))))},
    {CII, "BR-FR-MV-03_BT-128_AVV", FIRE, ECTX("S8") TX(LI(ADLD(R_("LineStatusReasonCode", "GROUP")) LSTL(ARD(R_("IssuerAssignedID", "M8") R_("TypeCode", "130") R_("ReferenceTypeCode", "AVV")))))},
    {CII, "BR-FR-MV-05_EXT-FR-FE-BG-12", FIRE, ECTX("S8") C_HDR("380") TX(C_GROUP("1", "90.00", "F-1", "111111118", "") C_DETAIL("2", "1", "100.00", "F-1", "111111118", "#F-1#x") C_PARTIES C_SETTLE)},
    {CII, "BR-FR-MV-05_EXT-FR-FE-BG-12", PASS, C_MV_OK("S8", "380")},
    {CII, "BR-FR-MV-06_EXT-FR-FE-167", FIRE, ECTX("S8") C_HDR("380") TX(C_GROUP("1", "100.00", "F-1", "111111118", "") C_DETAIL("2", "1", "100.00", "F-1", "999999999", "#F-1#x") C_PARTIES C_SETTLE)},
    {CII, "BR-FR-MV-06_EXT-FR-FE-167", PASS, C_MV_OK("M8", "380")},
    {CII, "BR-FR-MV-07_BT-128", FIRE, ECTX("S8") C_HDR("380") TX(C_GROUP("1", "100.00", "F-1", "111111118", "") C_DETAIL("2", "1", "100.00", "F-7", "111111118", "#F-7#x") C_PARTIES C_SETTLE)},
    {CII, "BR-FR-MV-07_BT-128", PASS, C_MV_OK("S8", "380")},
    {CII, "BR-FR-MV-08_BT-128", FIRE, ECTX("S8") C_HDR("380") TX(C_GROUP("1", "100.00", "F-1", "111111118", "") C_DETAIL("2", "1", "100.00", "F-1", "111111118", "x#F-1#") C_PARTIES C_SETTLE)},
    {CII, "BR-FR-MV-08_BT-128", PASS, C_MV_OK("S8", "380")},
    {CII, "BR-FR-MV-09_EXT-FR-FE-181", FIRE, ECTX("S8") C_HDR("380") TX(C_GROUP("1", "100.00", "F-1", "111111118", "") C_DETAIL("2", "1", "100.00", "F-1", "111111118", "#F-1#x") C_PARTIES STL(R_("InvoiceCurrencyCode", "EUR")))},
    {CII, "BR-FR-MV-09_EXT-FR-FE-181", PASS, C_MV_OK("S8", "380")},
    {CII, "BR-FR-MV-10_EXT-FR-FE-184", FIRE, ECTX("S8") C_HDR("380") TX(C_GROUP("1", "100.00", "F-1", "111111118", R_("GrandTotalAmount", "120.02")) C_DETAIL("2", "1", "100.00", "F-1", "111111118", "#F-1#x") C_PARTIES C_SETTLE)},
    {CII, "BR-FR-MV-10_EXT-FR-FE-184", FIRE, ECTX("S8") C_HDR("380") TX(C_GROUP("1", "100.00", "F-1", "111111118", R_("GrandTotalAmount", "120.01")) C_DETAIL("2", "1", "100.00", "F-1", "111111118", "#F-1#x") C_PARTIES C_SETTLE)},
    {CII, "BR-FR-MV-10_EXT-FR-FE-184", PASS, ECTX("S8") C_HDR("380") TX(C_GROUP("1", "100.00", "F-1", "111111118", R_("GrandTotalAmount", "120.005")) C_DETAIL("2", "1", "100.00", "F-1", "111111118", "#F-1#x") C_PARTIES C_SETTLE)},
    {CII, "BR-FR-MV-11_BT-128", FIRE, ECTX("S8") C_HDR("380") TX(C_GROUP("1", "0", "F-5", "111111118", "") C_PARTIES C_SETTLE)},
    {CII, "BR-FR-MV-11_BT-128", PASS, C_MV_OK("S8", "380")},
    {CII, "BR-FR-MV-12_BT-128", FIRE, ECTX("S8") C_HDR("380") TX(C_GROUP("1", "0", "F-1", "111111118", "") C_GROUP("3", "0", "F-1", "333333334", "") C_PARTIES C_SETTLE)},
    {CII, "BR-FR-MV-12_BT-128", PASS, C_MV_OK("S8", "380")},
    {CII, "BR-FR-MV-13_BT-3", FIRE, C_MV_OK("M8", "501")},
    {CII, "BR-FR-MV-13_BT-3", PASS, C_MV_OK("M8", "380")},
    {CII, "BR-FR-BD-13_BT-3", FIRE, C_MV_OK("M9", "380")},
    {CII, "BR-FR-BD-13_BT-3", PASS, C_MV_OK("M9", " 389 ")},
    {CII, "BR-FR-MV-14-EXT-FR-FE-136", FIRE, C_MV_OK("S8", "381")},
    {CII, "BR-FR-MV-14-EXT-FR-FE-136", PASS, C_MV_OK("S8", "380")},
    {CII, "BR-FR-BD-14-EXT-FR-FE-138", FIRE, C_MV_OK("S9", "261")},
};
#define N_CASES (sizeof CASES / sizeof CASES[0])

static const char *wrap(const tcase *c)
{
    return c->syntax == CII ? tst_cii(c->body) : c->syntax == UCN ? tst_ubl_cn(c->body) : tst_ubl(c->body);
}

static void dump_cases(const char *dir)
{
    size_t i;
    for (i = 0; i < N_CASES; i++) {
        char path[512];
        FILE *f;
        snprintf(path, sizeof path, "%s/%03zu-%s-%d.xml", dir, i, CASES[i].rule, CASES[i].expect);
        f = fopen(path, "w");
        if (f) {
            fputs(wrap(&CASES[i]), f);
            fclose(f);
        }
    }
}

static void test_cases(void)
{
    size_t i;
    const char *dir = getenv("EINV_FR_DUMP");
    if (dir && *dir)
        dump_cases(dir);
    for (i = 0; i < N_CASES; i++) {
        const tcase *c = &CASES[i];
        tst_result_t *r = tst_validate("FRANCE", NULL, wrap(c));
        size_t n = tst_count(r, c->rule);
        if ((n > 0) != c->expect)
            fprintf(stderr, "\ncase %zu: %s expected %s, got %zu finding(s); codes: %s\n", i, c->rule,
                    c->expect ? "to fire" : "silence", n, tst_codes(r));
        CU_ASSERT((n > 0) == c->expect);
        if (c->expect)
            CU_ASSERT(tst_has(r, c->rule, EINV_SEV_ERROR));
        tst_free(r);
    }
}

/* A complete French B2B invoice: no BR-FR rule fires. */
static void test_clean_invoice(void)
{
    const char *body =
        PROF("B1") B_("ID", "F-2026-001") B_("IssueDate", "2026-09-22") B_("DueDate", "2026-10-22")
        B_("InvoiceTypeCode", "380") NOTES3 NOTE("#BAR#B2B") B_("DocumentCurrencyCode", "EUR")
        ASP(EP("0225", "435219316") PID("0009", "43521931600104") PLE("0002", "435219316"))
        ACP(EP("0225", "484113956") PID("0009", "48411395600029") PLE("0002", "484113956"))
        A_("TaxTotal", AMT("TaxAmount", "20.00") SUBT(AMT("TaxableAmount", "100.00") AMT("TaxAmount", "20.00")
                                                       TCAT(B_("ID", "S") B_("Percent", "20"))))
        LMT(AMT("LineExtensionAmount", "100.00") AMT("TaxExclusiveAmount", "100.00")
            AMT("TaxInclusiveAmount", "120.00") AMT("PayableAmount", "120.00"))
        ILINE(BA("InvoicedQuantity", "unitCode=\"C62\"", "2") AMT("LineExtensionAmount", "100.00")
              ITEM(CTC(B_("ID", "S") B_("Percent", "20"))) A_("Price", AMT("PriceAmount", "50.00")));
    tst_result_t *r = tst_validate("FRANCE", NULL, tst_ubl(body));
    const char *codes = tst_codes(r);
    CU_ASSERT_PTR_NULL(strstr(codes, "BR-FR"));
    if (strstr(codes, "BR-FR"))
        fprintf(stderr, "\nclean invoice: %s\n", codes);
    tst_free(r);
}

/* The profile runs the EN16931 rules first (base profile). */
static void test_base_runs(void)
{
    tst_result_t *r = tst_validate("FRANCE", NULL, tst_ubl(B_("ID", "F1")));
    CU_ASSERT(tst_count(r, "BR-02") == 0);
    CU_ASSERT(tst_count(r, "BR-03") > 0);   /* EN16931: issue date missing */
    CU_ASSERT(tst_count(r, "BR-FR-08_BT-23") > 0);
    tst_free(r);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("france", NULL, NULL);
    CU_add_test(s, "fire and silence per rule", test_cases);
    CU_add_test(s, "clean French invoice", test_clean_invoice);
    CU_add_test(s, "EN16931 base runs first", test_base_runs);
}
