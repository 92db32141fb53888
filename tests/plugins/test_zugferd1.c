/* ZUGFeRD 1.0 (rsm:CrossIndustryDocument) as a bare XML upload (cii plugin) and embedded in
 * a PDF as ZUGFeRD-invoice.xml (zugferd plugin): the mapping to the canonical model
 * (plugins/cii/zf1_to_model.c, linked in from the CII binding library), the
 * ZF1-LEGACY warning, the EN 16931 rules on the converted invoice with fields pointing into
 * the 1.0 document, the PDF-layer checks with the 1.0 XMP schema, and hostile input.
 * The three invoices (BASIC, COMFORT, EXTENDED) are written for this test. */
#include <CUnit/Basic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <einvoice/einvoice.h>
#include "engine.h"
#include "tpdf.h"
#include "tsupport.h"
#include "cii_to_model.h"
#include "zf1_to_model.h"

static einv_engine_t *eng;

#define ZF1_OPEN(level)                                                                       \
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"                                            \
    "<rsm:CrossIndustryDocument xmlns:rsm=\"urn:ferd:CrossIndustryDocument:invoice:1p0\"\n"   \
    " xmlns:ram=\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12\"\n" \
    " xmlns:udt=\"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15\">\n"            \
    "<rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>" \
    "<ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:" level "</ram:ID>"                  \
    "</ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>\n"
#define DATE(d) "<udt:DateTimeString format=\"102\">" d "</udt:DateTimeString>"
#define AMT(name, v) "<ram:" name " currencyID=\"EUR\">" v "</ram:" name ">"
#define VAT(cat, rate) "<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>" cat "</ram:CategoryCode>" \
                       "<ram:ApplicablePercent>" rate "</ram:ApplicablePercent>"
#define SELLER                                                                                \
    "<ram:SellerTradeParty><ram:Name>Lindenholz Moebelwerk GmbH</ram:Name>"                   \
    "<ram:PostalTradeAddress><ram:PostcodeCode>01067</ram:PostcodeCode>"                      \
    "<ram:LineOne>Schlossweg 4</ram:LineOne><ram:CityName>Dresden</ram:CityName>"             \
    "<ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>"                              \
    "<ram:SpecifiedTaxRegistration><ram:ID schemeID=\"VA\">DE987654321</ram:ID></ram:SpecifiedTaxRegistration>" \
    "</ram:SellerTradeParty>\n"
#define BUYER                                                                                 \
    "<ram:BuyerTradeParty><ram:Name>Buerobedarf Kranich KG</ram:Name>"                        \
    "<ram:PostalTradeAddress><ram:PostcodeCode>04109</ram:PostcodeCode>"                      \
    "<ram:LineOne>Marktgasse 9</ram:LineOne><ram:CityName>Leipzig</ram:CityName>"             \
    "<ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress></ram:BuyerTradeParty>\n"
#define PAYMENT                                                                               \
    "<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode>"               \
    "<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID>" \
    "</ram:PayeePartyCreditorFinancialAccount><ram:PayeeSpecifiedCreditorFinancialInstitution>" \
    "<ram:BICID>BYLADEM1001</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>"     \
    "</ram:SpecifiedTradeSettlementPaymentMeans>\n"
#define TERMS "<ram:SpecifiedTradePaymentTerms><ram:Description>30 Tage netto</ram:Description>" \
              "<ram:DueDateDateTime>" DATE("20141203") "</ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>\n"

/* Two lines (320 + 100), freight 30 as a logistics service charge, 19 % VAT. */
static const char COMFORT[] =
    ZF1_OPEN("comfort")
    "<rsm:HeaderExchangedDocument><ram:ID>ZF1-2014-117</ram:ID><ram:Name>RECHNUNG</ram:Name>"
    "<ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime>" DATE("20141103") "</ram:IssueDateTime>"
    "<ram:IncludedNote><ram:Content>Lieferung wie vereinbart.</ram:Content></ram:IncludedNote>"
    "</rsm:HeaderExchangedDocument>\n"
    "<rsm:SpecifiedSupplyChainTradeTransaction>\n"
    "<ram:ApplicableSupplyChainTradeAgreement><ram:BuyerReference>K-4711</ram:BuyerReference>\n"
    SELLER BUYER
    "<ram:BuyerOrderReferencedDocument><ram:ID>B-2014-88</ram:ID></ram:BuyerOrderReferencedDocument>"
    "</ram:ApplicableSupplyChainTradeAgreement>\n"
    "<ram:ApplicableSupplyChainTradeDelivery><ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>"
    DATE("20141031") "</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent></ram:ApplicableSupplyChainTradeDelivery>\n"
    "<ram:ApplicableSupplyChainTradeSettlement><ram:PaymentReference>ZF1-2014-117</ram:PaymentReference>"
    "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>\n" PAYMENT
    "<ram:ApplicableTradeTax>" AMT("CalculatedAmount", "85.50") "<ram:TypeCode>VAT</ram:TypeCode>"
    AMT("BasisAmount", "450.00") "<ram:CategoryCode>S</ram:CategoryCode><ram:ApplicablePercent>19</ram:ApplicablePercent>"
    "</ram:ApplicableTradeTax>\n"
    "<ram:SpecifiedLogisticsServiceCharge><ram:Description>Versand</ram:Description>" AMT("AppliedAmount", "30.00")
    "<ram:AppliedTradeTax>" VAT("S", "19") "</ram:AppliedTradeTax></ram:SpecifiedLogisticsServiceCharge>\n"
    TERMS
    "<ram:SpecifiedTradeSettlementMonetarySummation>" AMT("LineTotalAmount", "420.00")
    AMT("ChargeTotalAmount", "30.00") AMT("AllowanceTotalAmount", "0.00") AMT("TaxBasisTotalAmount", "450.00")
    AMT("TaxTotalAmount", "85.50") AMT("GrandTotalAmount", "535.50") AMT("DuePayableAmount", "535.50")
    "</ram:SpecifiedTradeSettlementMonetarySummation></ram:ApplicableSupplyChainTradeSettlement>\n"
    "<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID>"
    "</ram:AssociatedDocumentLineDocument><ram:SpecifiedSupplyChainTradeAgreement>"
    "<ram:GrossPriceProductTradePrice>" AMT("ChargeAmount", "160.00") "</ram:GrossPriceProductTradePrice>"
    "<ram:NetPriceProductTradePrice>" AMT("ChargeAmount", "160.00") "</ram:NetPriceProductTradePrice>"
    "</ram:SpecifiedSupplyChainTradeAgreement><ram:SpecifiedSupplyChainTradeDelivery>"
    "<ram:BilledQuantity unitCode=\"C62\">2</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>"
    "<ram:SpecifiedSupplyChainTradeSettlement><ram:ApplicableTradeTax>" VAT("S", "19") "</ram:ApplicableTradeTax>"
    "<ram:SpecifiedTradeSettlementMonetarySummation>" AMT("LineTotalAmount", "320.00")
    "</ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>"
    "<ram:SpecifiedTradeProduct><ram:SellerAssignedID>LH-STUHL-3</ram:SellerAssignedID>"
    "<ram:Name>Stuhl Eiche</ram:Name></ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>\n"
    "<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>2</ram:LineID>"
    "</ram:AssociatedDocumentLineDocument><ram:SpecifiedSupplyChainTradeAgreement>"
    "<ram:NetPriceProductTradePrice>" AMT("ChargeAmount", "25.00") "</ram:NetPriceProductTradePrice>"
    "</ram:SpecifiedSupplyChainTradeAgreement><ram:SpecifiedSupplyChainTradeDelivery>"
    "<ram:BilledQuantity unitCode=\"C62\">4</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>"
    "<ram:SpecifiedSupplyChainTradeSettlement><ram:ApplicableTradeTax>" VAT("S", "19") "</ram:ApplicableTradeTax>"
    "<ram:SpecifiedTradeSettlementMonetarySummation>" AMT("LineTotalAmount", "100.00")
    "</ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>"
    "<ram:SpecifiedTradeProduct><ram:Name>Sitzkissen</ram:Name></ram:SpecifiedTradeProduct>"
    "</ram:IncludedSupplyChainTradeLineItem>\n"
    "</rsm:SpecifiedSupplyChainTradeTransaction></rsm:CrossIndustryDocument>\n";

/* BASIC: lines carry only quantity, net amount and name (no line id, price or VAT). */
static const char BASIC[] =
    ZF1_OPEN("basic")
    "<rsm:HeaderExchangedDocument><ram:ID>B-9</ram:ID><ram:TypeCode>380</ram:TypeCode>"
    "<ram:IssueDateTime>" DATE("20140702") "</ram:IssueDateTime></rsm:HeaderExchangedDocument>\n"
    "<rsm:SpecifiedSupplyChainTradeTransaction>\n"
    "<ram:ApplicableSupplyChainTradeAgreement>" SELLER BUYER "</ram:ApplicableSupplyChainTradeAgreement>\n"
    "<ram:ApplicableSupplyChainTradeDelivery/>\n"
    "<ram:ApplicableSupplyChainTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>"
    "<ram:ApplicableTradeTax>" AMT("CalculatedAmount", "9.50") "<ram:TypeCode>VAT</ram:TypeCode>"
    AMT("BasisAmount", "50.00") "<ram:CategoryCode>S</ram:CategoryCode><ram:ApplicablePercent>19</ram:ApplicablePercent>"
    "</ram:ApplicableTradeTax>" TERMS
    "<ram:SpecifiedTradeSettlementMonetarySummation>" AMT("LineTotalAmount", "50.00")
    AMT("TaxBasisTotalAmount", "50.00") AMT("TaxTotalAmount", "9.50") AMT("GrandTotalAmount", "59.50")
    AMT("DuePayableAmount", "59.50") "</ram:SpecifiedTradeSettlementMonetarySummation>"
    "</ram:ApplicableSupplyChainTradeSettlement>\n"
    "<ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedSupplyChainTradeDelivery>"
    "<ram:BilledQuantity unitCode=\"C62\">5</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>"
    "<ram:SpecifiedSupplyChainTradeSettlement><ram:SpecifiedTradeSettlementMonetarySummation>"
    AMT("LineTotalAmount", "50.00") "</ram:SpecifiedTradeSettlementMonetarySummation>"
    "</ram:SpecifiedSupplyChainTradeSettlement><ram:SpecifiedTradeProduct><ram:Name>Leim 1 kg</ram:Name>"
    "</ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>\n"
    "</rsm:SpecifiedSupplyChainTradeTransaction></rsm:CrossIndustryDocument>\n";

/* EXTENDED: price discount, a line allowance, a document allowance, freight, two VAT
 * rates, contact, ship-to, contract / despatch / supporting documents, billing period,
 * prepaid amount, an invoicee party (no EN 16931 term) and a foreign extension element.
 * Lines 100 + 36 = 136; - 6 + 10 = 140; VAT 19 % of 104 = 19.76, 7 % of 36 = 2.52. */
static const char EXTENDED[] =
    ZF1_OPEN("extended")
    "<rsm:HeaderExchangedDocument><ram:ID>X-2014-5</ram:ID><ram:TypeCode>380</ram:TypeCode>"
    "<ram:IssueDateTime>" DATE("20141215") "</ram:IssueDateTime>"
    "<ram:IncludedNote><ram:Content>Teillieferung</ram:Content><ram:SubjectCode>AAI</ram:SubjectCode></ram:IncludedNote>"
    "</rsm:HeaderExchangedDocument>\n"
    "<rsm:SpecifiedSupplyChainTradeTransaction>\n"
    "<ram:ApplicableSupplyChainTradeAgreement>"
    "<ram:SellerTradeParty><ram:Name>Lindenholz Moebelwerk GmbH</ram:Name>"
    "<ram:DefinedTradeContact><ram:PersonName>Ida Sommer</ram:PersonName><ram:TelephoneUniversalCommunication>"
    "<ram:CompleteNumber>+49 351 0000</ram:CompleteNumber></ram:TelephoneUniversalCommunication>"
    "<ram:EmailURIUniversalCommunication><ram:URIID>ida@lindenholz.example</ram:URIID></ram:EmailURIUniversalCommunication>"
    "</ram:DefinedTradeContact><ram:PostalTradeAddress><ram:PostcodeCode>01067</ram:PostcodeCode>"
    "<ram:LineOne>Schlossweg 4</ram:LineOne><ram:CityName>Dresden</ram:CityName><ram:CountryID>DE</ram:CountryID>"
    "</ram:PostalTradeAddress><ram:SpecifiedTaxRegistration><ram:ID schemeID=\"FC\">201/113/40209</ram:ID>"
    "</ram:SpecifiedTaxRegistration><ram:SpecifiedTaxRegistration><ram:ID schemeID=\"VA\">DE987654321</ram:ID>"
    "</ram:SpecifiedTaxRegistration></ram:SellerTradeParty>\n" BUYER
    "<ram:ContractReferencedDocument><ram:ID>RV-12</ram:ID></ram:ContractReferencedDocument>"
    "<ram:AdditionalReferencedDocument><ram:TypeCode>916</ram:TypeCode><ram:ID>LS-77</ram:ID>"
    "</ram:AdditionalReferencedDocument></ram:ApplicableSupplyChainTradeAgreement>\n"
    "<ram:ApplicableSupplyChainTradeDelivery><ram:ShipToTradeParty><ram:Name>Lager Kranich</ram:Name>"
    "<ram:PostalTradeAddress><ram:PostcodeCode>04229</ram:PostcodeCode><ram:CityName>Leipzig</ram:CityName>"
    "<ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty>"
    "<ram:DespatchAdviceReferencedDocument><ram:ID>DA-3</ram:ID></ram:DespatchAdviceReferencedDocument>"
    "<ram:DeliveryNoteReferencedDocument><ram:ID>LN-3</ram:ID></ram:DeliveryNoteReferencedDocument>"
    "</ram:ApplicableSupplyChainTradeDelivery>\n"
    "<ram:ApplicableSupplyChainTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>"
    "<ram:InvoiceeTradeParty><ram:Name>Kranich Buchhaltung</ram:Name></ram:InvoiceeTradeParty>\n" PAYMENT
    "<ram:ApplicableTradeTax>" AMT("CalculatedAmount", "19.76") "<ram:TypeCode>VAT</ram:TypeCode>"
    AMT("BasisAmount", "104.00") "<ram:CategoryCode>S</ram:CategoryCode><ram:ApplicablePercent>19</ram:ApplicablePercent>"
    "</ram:ApplicableTradeTax>"
    "<ram:ApplicableTradeTax>" AMT("CalculatedAmount", "2.52") "<ram:TypeCode>VAT</ram:TypeCode>"
    AMT("BasisAmount", "36.00") "<ram:CategoryCode>S</ram:CategoryCode><ram:ApplicablePercent>7</ram:ApplicablePercent>"
    "</ram:ApplicableTradeTax>\n"
    "<ram:BillingSpecifiedPeriod><ram:StartDateTime>" DATE("20141101") "</ram:StartDateTime>"
    "<ram:EndDateTime>" DATE("20141130") "</ram:EndDateTime></ram:BillingSpecifiedPeriod>\n"
    "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>"
    AMT("ActualAmount", "6.00") "<ram:Reason>Treuerabatt</ram:Reason><ram:CategoryTradeTax>" VAT("S", "19")
    "</ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>\n"
    "<ram:SpecifiedLogisticsServiceCharge><ram:Description>Fracht</ram:Description>" AMT("AppliedAmount", "10.00")
    "<ram:AppliedTradeTax>" VAT("S", "19") "</ram:AppliedTradeTax></ram:SpecifiedLogisticsServiceCharge>\n"
    TERMS "<ext:Hint xmlns:ext=\"urn:example:zf1-extension\"><ram:ID>not an invoice term</ram:ID></ext:Hint>"
    "<ram:SpecifiedTradeSettlementMonetarySummation>" AMT("LineTotalAmount", "136.00")
    AMT("ChargeTotalAmount", "10.00") AMT("AllowanceTotalAmount", "6.00") AMT("TaxBasisTotalAmount", "140.00")
    AMT("TaxTotalAmount", "22.28") AMT("GrandTotalAmount", "162.28") AMT("TotalPrepaidAmount", "20.00")
    AMT("DuePayableAmount", "142.28") "</ram:SpecifiedTradeSettlementMonetarySummation>"
    "</ram:ApplicableSupplyChainTradeSettlement>\n"
    "<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>10</ram:LineID>"
    "</ram:AssociatedDocumentLineDocument><ram:SpecifiedSupplyChainTradeAgreement>"
    "<ram:GrossPriceProductTradePrice>" AMT("ChargeAmount", "12.00") "<ram:AppliedTradeAllowanceCharge>"
    "<ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>" AMT("ActualAmount", "2.00")
    "</ram:AppliedTradeAllowanceCharge></ram:GrossPriceProductTradePrice>"
    "<ram:NetPriceProductTradePrice>" AMT("ChargeAmount", "10.00") "</ram:NetPriceProductTradePrice>"
    "</ram:SpecifiedSupplyChainTradeAgreement><ram:SpecifiedSupplyChainTradeDelivery>"
    "<ram:BilledQuantity unitCode=\"H87\">10</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>"
    "<ram:SpecifiedSupplyChainTradeSettlement><ram:ApplicableTradeTax>" VAT("S", "19") "</ram:ApplicableTradeTax>"
    "<ram:SpecifiedTradeSettlementMonetarySummation>" AMT("LineTotalAmount", "100.00")
    "</ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>"
    "<ram:SpecifiedTradeProduct><ram:GlobalID schemeID=\"0160\">4012345000017</ram:GlobalID>"
    "<ram:Name>Regalboden</ram:Name></ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>\n"
    "<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>20</ram:LineID>"
    "</ram:AssociatedDocumentLineDocument><ram:SpecifiedSupplyChainTradeAgreement>"
    "<ram:NetPriceProductTradePrice>" AMT("ChargeAmount", "8.00") "</ram:NetPriceProductTradePrice>"
    "</ram:SpecifiedSupplyChainTradeAgreement><ram:SpecifiedSupplyChainTradeDelivery>"
    "<ram:BilledQuantity unitCode=\"H87\">5</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>"
    "<ram:SpecifiedSupplyChainTradeSettlement><ram:ApplicableTradeTax>" VAT("S", "7") "</ram:ApplicableTradeTax>"
    "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>"
    AMT("ActualAmount", "4.00") "<ram:Reason>Mengenrabatt</ram:Reason></ram:SpecifiedTradeAllowanceCharge>"
    "<ram:SpecifiedTradeSettlementMonetarySummation>" AMT("LineTotalAmount", "36.00")
    "</ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>"
    "<ram:SpecifiedTradeProduct><ram:Name>Fachbuch Holzbau</ram:Name></ram:SpecifiedTradeProduct>"
    "</ram:IncludedSupplyChainTradeLineItem>\n"
    "</rsm:SpecifiedSupplyChainTradeTransaction></rsm:CrossIndustryDocument>\n";

#define SUMMATION "/rsm:CrossIndustryDocument/rsm:SpecifiedSupplyChainTradeTransaction/" \
                  "ram:ApplicableSupplyChainTradeSettlement/ram:SpecifiedTradeSettlementMonetarySummation"

/* ---- helpers ---- */

/* s with the first `from` replaced by `to` (malloc'd); from must occur. */
static char *replace(const char *s, const char *from, const char *to)
{
    char *out = tst_replace(s, from, to);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    return out;
}

static einv_result_t *run(const char *format, const void *data, size_t len)
{
    einv_validate_opts_t o = {"EN16931", format, NULL, 1, NULL};
    einv_error_t err;
    einv_result_t *r = einv_validate(eng, &o, data, len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

static void show(const char *what, const einv_result_t *r)
{
    size_t i;
    for (i = 0; i < einv_result_count(r); i++)
        fprintf(stderr, "  [%s] %s at '%s': %s\n", what, einv_result_at(r, i)->code, einv_result_at(r, i)->field,
                einv_result_at(r, i)->message);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The codes of r, sorted and space separated (malloc'd). */
static char *codes(const einv_result_t *r)
{
    size_t i, n = einv_result_count(r);
    const char **v = calloc(n + 1, sizeof *v);
    tst_buf_t b = {0};
    for (i = 0; i < n; i++)
        v[i] = einv_result_at(r, i)->code;
    qsort(v, n, sizeof *v, cmp_str);
    tst_buf_add(&b, "", 0);
    for (i = 0; i < n; i++)
        tst_buf_fmt(&b, "%s ", v[i]);
    free(v);
    return b.p;
}

/* ---- a ZUGFeRD 1.0 hybrid PDF: catalog /AF + /Names, XMP with the zf: schema ---- */

typedef struct zf1_pdf {
    const char *xml;
    size_t len;
    const char *level;   /* zf:ConformanceLevel; default COMFORT */
} zf1_pdf_t;

static char *make_pdf(const zf1_pdf_t *z, size_t *len)
{
    tst_pdf_spec_t s = {0};
    s.xml = z->xml;
    s.xml_len = z->len;
    s.zf1 = 1;
    s.level = z->level;
    return tst_make_pdf(&s, len);
}

static einv_result_t *run_pdf(const char *xml, size_t len, const char *level)
{
    zf1_pdf_t s = {xml, len, level};
    size_t plen;
    char *pdf = make_pdf(&s, &plen);
    einv_result_t *r = run(NULL, pdf, plen);
    free(pdf);
    return r;
}

/* ---- the model ---- */

static einv_xdoc_t *parse(const char *xml)
{
    einv_error_t err;
    einv_xdoc_t *d = einv_xdoc_parse(xml, strlen(xml), NULL, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    return d;
}

/* Text of term t under p (inline groups looked through), "" when absent. */
static const char *T(const einv_node_t *p, einv_term t)
{
    const einv_node_t *n = p ? einv_node_get(p, t) : NULL;
    return n && n->text ? n->text : "";
}

static const char *SRC(const einv_node_t *p, einv_term t)
{
    const einv_node_t *n = p ? einv_node_get(p, t) : NULL;
    return n && n->src ? n->src : "";
}

/* No node keeps a pointer into the document; every node that came from it has a src. */
static int all_sources_are_strings(const einv_node_t *n)
{
    for (; n; n = n->next) {
        if (n->src_node)
            return 0;
        if (n->text && (!n->src || strncmp(n->src, "/rsm:CrossIndustryDocument", 26) != 0))
            return 0;
        if (!all_sources_are_strings(n->first))
            return 0;
    }
    return 1;
}

static void test_model_comfort(void)
{
    einv_xdoc_t *d = parse(COMFORT);
    einv_invoice_t *inv = zf1_to_model(d);
    const einv_node_t *root, *tot, *line, *vat, *ch, *pay;
    char g[128];
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    root = einv_invoice_root(inv);
    CU_ASSERT_STRING_EQUAL(T(root, EINV_T_BT_1), "ZF1-2014-117");
    CU_ASSERT_STRING_EQUAL(T(root, EINV_T_BT_2), "2014-11-03");
    CU_ASSERT_STRING_EQUAL(T(root, EINV_T_BT_3), "380");
    CU_ASSERT_STRING_EQUAL(T(root, EINV_T_BT_5), "EUR");
    CU_ASSERT_STRING_EQUAL(T(root, EINV_T_BT_9), "2014-12-03");
    CU_ASSERT_STRING_EQUAL(T(root, EINV_T_BT_10), "K-4711");
    CU_ASSERT_STRING_EQUAL(T(root, EINV_T_BT_13), "B-2014-88");   /* ram:ID of a referenced document */
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_2), EINV_T_BT_24),
                           "urn:ferd:CrossIndustryDocument:invoice:1p0:comfort");
    CU_ASSERT_STRING_EQUAL(zf1_guideline(inv, g, sizeof g), "urn:ferd:CrossIndustryDocument:invoice:1p0:comfort");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_4), EINV_T_BT_27), "Lindenholz Moebelwerk GmbH");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_4), EINV_T_BT_31), "DE987654321");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(einv_node_get(root, EINV_T_BG_4), EINV_T_BG_5), EINV_T_BT_40), "DE");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_7), EINV_T_BT_44), "Buerobedarf Kranich KG");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_13), EINV_T_BT_72), "2014-10-31");
    pay = einv_node_get(root, EINV_T_BG_16);
    CU_ASSERT_STRING_EQUAL(T(pay, EINV_T_BT_81), "58");
    CU_ASSERT_STRING_EQUAL(T(pay, EINV_T_BT_83), "ZF1-2014-117");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(pay, EINV_T_BG_17), EINV_T_BT_84), "DE02120300000000202051");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(pay, EINV_T_BG_17), EINV_T_BT_86), "BYLADEM1001");

    tot = einv_node_get(root, EINV_T_BG_22);
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_106), "420.00");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_108), "30.00");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_109), "450.00");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_110), "85.50");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_112), "535.50");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_115), "535.50");
    CU_ASSERT_STRING_EQUAL(SRC(tot, EINV_T_BT_106), SUMMATION "/ram:LineTotalAmount");
    CU_ASSERT_STRING_EQUAL(tot->src, SUMMATION);
    CU_ASSERT_STRING_EQUAL(root->src, "/rsm:CrossIndustryDocument");

    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_23), 1);
    vat = einv_node_get(root, EINV_T_BG_23);
    CU_ASSERT_STRING_EQUAL(T(vat, EINV_T_BT_116), "450.00");
    CU_ASSERT_STRING_EQUAL(T(vat, EINV_T_BT_117), "85.50");
    CU_ASSERT_STRING_EQUAL(T(vat, EINV_T_BT_118), "S");
    CU_ASSERT_STRING_EQUAL(T(vat, EINV_T_BT_119), "19");   /* ram:ApplicablePercent */

    /* the logistics service charge is a document level charge */
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_21), 1);
    ch = einv_node_get(root, EINV_T_BG_21);
    CU_ASSERT_STRING_EQUAL(T(ch, EINV_T_BT_99), "30.00");
    CU_ASSERT_STRING_EQUAL(T(ch, EINV_T_BT_102), "S");
    CU_ASSERT_STRING_EQUAL(T(ch, EINV_T_BT_103), "19");
    CU_ASSERT_STRING_EQUAL(T(ch, EINV_T_BT_104), "Versand");
    CU_ASSERT_PTR_NOT_NULL(strstr(ch->src, "/ram:SpecifiedLogisticsServiceCharge"));

    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_25), 2);
    line = einv_node_get(root, EINV_T_BG_25);
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_126), "1");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_129), "2");
    CU_ASSERT_STRING_EQUAL(einv_node_get(line, EINV_T_BT_129)->attr[0], "C62");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_131), "320.00");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_146), "160.00");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_148), "160.00");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_151), "S");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_152), "19");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_153), "Stuhl Eiche");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_155), "LH-STUHL-3");
    line = einv_node_next(line);
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_131), "100.00");
    CU_ASSERT_STRING_EQUAL(SRC(line, EINV_T_BT_131),
                           "/rsm:CrossIndustryDocument/rsm:SpecifiedSupplyChainTradeTransaction/"
                           "ram:IncludedSupplyChainTradeLineItem[2]/ram:SpecifiedSupplyChainTradeSettlement/"
                           "ram:SpecifiedTradeSettlementMonetarySummation/ram:LineTotalAmount");
    CU_ASSERT_STRING_EQUAL(SRC(line, EINV_T_BT_130),
                           "/rsm:CrossIndustryDocument/rsm:SpecifiedSupplyChainTradeTransaction/"
                           "ram:IncludedSupplyChainTradeLineItem[2]/ram:SpecifiedSupplyChainTradeDelivery/"
                           "ram:BilledQuantity/@unitCode");
    CU_ASSERT_TRUE(all_sources_are_strings(root));
    einv_invoice_free(inv);
    einv_xdoc_free(d);   /* the invoice no longer needs the document */
}

static void test_model_basic(void)
{
    einv_xdoc_t *d = parse(BASIC);
    einv_invoice_t *inv = zf1_to_model(d);
    const einv_node_t *root, *line, *tot;
    einv_xdoc_free(d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    root = einv_invoice_root(inv);
    tot = einv_node_get(root, EINV_T_BG_22);
    CU_ASSERT_STRING_EQUAL(T(root, EINV_T_BT_1), "B-9");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_106), "50.00");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_109), "50.00");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_110), "9.50");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_112), "59.50");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_115), "59.50");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_23), EINV_T_BT_119), "19");
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_25), 1);
    line = einv_node_get(root, EINV_T_BG_25);
    CU_ASSERT_PTR_NULL(einv_node_get(line, EINV_T_BT_126));
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_129), "5");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_131), "50.00");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_153), "Leim 1 kg");
    CU_ASSERT_PTR_NULL(einv_node_get(root, EINV_T_BG_21));
    CU_ASSERT_TRUE(all_sources_are_strings(root));
    einv_invoice_free(inv);
}

static void test_model_extended(void)
{
    einv_xdoc_t *d = parse(EXTENDED);
    einv_invoice_t *inv = zf1_to_model(d);
    const einv_node_t *root, *tot, *vat, *line, *seller;
    einv_xdoc_free(d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    root = einv_invoice_root(inv);
    tot = einv_node_get(root, EINV_T_BG_22);
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_106), "136.00");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_107), "6.00");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_108), "10.00");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_109), "140.00");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_110), "22.28");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_112), "162.28");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_113), "20.00");
    CU_ASSERT_STRING_EQUAL(T(tot, EINV_T_BT_115), "142.28");
    CU_ASSERT_STRING_EQUAL(T(root, EINV_T_BT_12), "RV-12");
    CU_ASSERT_STRING_EQUAL(T(root, EINV_T_BT_16), "DA-3");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_24), EINV_T_BT_122), "LS-77");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_14), EINV_T_BT_73), "2014-11-01");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_13), EINV_T_BT_70), "Lager Kranich");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_1), EINV_T_BT_21), "AAI");
    seller = einv_node_get(root, EINV_T_BG_4);
    CU_ASSERT_STRING_EQUAL(T(seller, EINV_T_BT_31), "DE987654321");
    CU_ASSERT_STRING_EQUAL(T(seller, EINV_T_BT_32), "201/113/40209");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(seller, EINV_T_BG_6), EINV_T_BT_41), "Ida Sommer");
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(seller, EINV_T_BG_6), EINV_T_BT_43), "ida@lindenholz.example");
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_20), 1);
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_20), EINV_T_BT_96), "19");
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_21), 1);
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(root, EINV_T_BG_21), EINV_T_BT_99), "10.00");
    CU_ASSERT_EQUAL(einv_node_count(root, EINV_T_BG_23), 2);
    vat = einv_node_next(einv_node_get(root, EINV_T_BG_23));
    CU_ASSERT_STRING_EQUAL(T(vat, EINV_T_BT_116), "36.00");
    CU_ASSERT_STRING_EQUAL(T(vat, EINV_T_BT_119), "7");
    line = einv_node_get(root, EINV_T_BG_25);
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_147), "2.00");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_148), "12.00");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_157), "4012345000017");
    line = einv_node_next(line);
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(line, EINV_T_BG_27), EINV_T_BT_136), "4.00");
    CU_ASSERT_STRING_EQUAL(T(line, EINV_T_BT_152), "7");
    CU_ASSERT_TRUE(all_sources_are_strings(root));
    einv_invoice_free(inv);
}

/* After mapping, the tree is exactly as parsed: names (the dictionary's pointers), namespace
 * ids and sibling numbers; so locations and the index still work. */
typedef struct snap {
    const xmlChar *name;
    unsigned short extra;
    void *psvi;
} snap_t;

static size_t snapshot(xmlNodePtr n, snap_t *v, size_t k, size_t cap)
{
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        if (k < cap) {
            v[k].name = n->name;
            v[k].extra = n->extra;
            v[k].psvi = n->psvi;
        }
        k = snapshot(n->children, v, k + 1, cap);
    }
    return k;
}

static void test_tree_restored(void)
{
    einv_xdoc_t *d = parse(EXTENDED);
    snap_t before[600], after[600];
    size_t nb = snapshot(einv_xdoc_root(d), before, 0, 600), na, k;
    einv_invoice_t *inv = zf1_to_model(d);
    CU_ASSERT_PTR_NOT_NULL(inv);
    na = snapshot(einv_xdoc_root(d), after, 0, 600);
    CU_ASSERT_TRUE(nb < 600);
    CU_ASSERT_EQUAL(na, nb);
    for (k = 0; k < nb && k < na; k++)
        if (before[k].name != after[k].name || before[k].extra != after[k].extra || before[k].psvi != after[k].psvi)
            break;
    CU_ASSERT_EQUAL(k, nb);
    CU_ASSERT_EQUAL(einv_x_nsid(einv_xdoc_root(d)), EINV_NS_OTHER);
    CU_ASSERT_EQUAL(einv_xdoc_syntax(d), EINV_SYNTAX_UNKNOWN);
    CU_ASSERT_TRUE(zf1_is_document(d));
    einv_invoice_free(inv);
    /* a second mapping of the same document gives the same invoice */
    inv = zf1_to_model(d);
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(einv_invoice_root(inv), EINV_T_BG_22), EINV_T_BT_115), "142.28");
    einv_invoice_free(inv);
    einv_xdoc_free(d);
}

/* The incremental location writer gives einv_x_location()'s text for every element and
 * attribute, whatever the order of the calls. */
static size_t collect(xmlNodePtr n, const xmlNode **v, size_t k, size_t cap)
{
    xmlAttrPtr a;
    for (; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        if (k < cap)
            v[k++] = n;
        for (a = n->properties; a; a = a->next)
            if (k < cap)
                v[k++] = (const xmlNode *)a;
        k = collect(n->children, v, k, cap);
    }
    return k;
}

static void test_locations(void)
{
    static const char *const docs[] = {COMFORT, EXTENDED};
    static const xmlNode *v[2000];
    size_t d, i, n, bad = 0;
    for (d = 0; d < 2; d++) {
        einv_xdoc_t *x = parse(docs[d]);
        zf1_loc *L = calloc(1, sizeof *L);
        unsigned r = 99;
        n = collect(einv_xdoc_root(x), v, 0, 2000);
        CU_ASSERT_TRUE(n > 100 && n < 2000);
        for (i = 0; i < 3 * n; i++) {
            /* document order, then reverse, then scattered */
            size_t j = i < n ? i : i < 2 * n ? 2 * n - 1 - i : (r = r * 1103515245u + 12345u) % n;
            char *want = einv_x_location(v[j]);
            const char *got = zf1_loc_of(L, v[j]);
            if (!got || strcmp(got, want) != 0) {
                if (bad++ < 5)
                    fprintf(stderr, "  location %s != %s\n", got ? got : "(null)", want);
            }
            free(want);
        }
        free(L->buf);
        free(L);
        einv_xdoc_free(x);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* Prefixes are the sender's: a document with other prefixes maps the same and its
 * locations use its own prefixes. */
static void test_other_prefixes(void)
{
    tst_buf_t b = {0};
    const char *p;
    einv_xdoc_t *d;
    einv_invoice_t *inv;
    /* rsm -> f, ram -> a (the namespace URIs decide, not the prefixes) */
    for (p = COMFORT; *p; p++) {
        if (!strncmp(p, "rsm:", 4) || !strncmp(p, "ram:", 4)) {
            tst_buf_add(&b, p[1] == 's' ? "f:" : "a:", 2);
            p += 3;
        } else if (!strncmp(p, "xmlns:rsm=", 10) || !strncmp(p, "xmlns:ram=", 10)) {
            tst_buf_add(&b, p[7] == 's' ? "xmlns:f=" : "xmlns:a=", 8);
            p += 9;
        } else
            tst_buf_add(&b, p, 1);
    }
    d = parse(b.p);
    inv = zf1_to_model(d);
    CU_ASSERT_STRING_EQUAL(T(einv_node_get(einv_invoice_root(inv), EINV_T_BG_22), EINV_T_BT_112), "535.50");
    CU_ASSERT_STRING_EQUAL(SRC(einv_node_get(einv_invoice_root(inv), EINV_T_BG_22), EINV_T_BT_112),
                           "/f:CrossIndustryDocument/f:SpecifiedSupplyChainTradeTransaction/"
                           "a:ApplicableSupplyChainTradeSettlement/a:SpecifiedTradeSettlementMonetarySummation/"
                           "a:GrandTotalAmount");
    einv_invoice_free(inv);
    einv_xdoc_free(d);
    {
        einv_result_t *r = run(NULL, b.p, b.n);
        CU_ASSERT_STRING_EQUAL(einv_result_format(r), "CII");
        CU_ASSERT_EQUAL(einv_result_count(r), 1);
        CU_ASSERT_STRING_EQUAL(tst_find(r, "ZF1-LEGACY") ? tst_find(r, "ZF1-LEGACY")->field : "", "/f:CrossIndustryDocument");
        einv_result_free(r);
    }
    free(b.p);
}

/* ---- validation of the bare XML ---- */

static void test_clean_comfort_only_the_warning(void)
{
    einv_result_t *r = run(NULL, COMFORT, strlen(COMFORT));
    const einv_finding_t *f = tst_find(r, "ZF1-LEGACY");
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "CII");
    CU_ASSERT_TRUE(einv_result_valid(r));
    CU_ASSERT_EQUAL(einv_result_count(r), 1);
    if (einv_result_count(r) != 1)
        show("comfort", r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_EQUAL(f->severity, EINV_SEV_WARNING);
    CU_ASSERT_EQUAL(f->layer, EINV_LAYER_SYNTAX);
    CU_ASSERT_STRING_EQUAL(f->field, "/rsm:CrossIndustryDocument");
    CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "COMFORT"));
    CU_ASSERT_PTR_NOT_NULL(strstr(f->suggestion, "Factur-X"));
    CU_ASSERT_PTR_NOT_NULL(einv_result_canonical(r));
    CU_ASSERT_PTR_NOT_NULL(strstr(einv_result_canonical(r), "\"invoiceNumber\":\"ZF1-2014-117\""));
    einv_result_free(r);
    /* the format chosen explicitly */
    r = run("cii", COMFORT, strlen(COMFORT));
    CU_ASSERT_EQUAL(einv_result_count(r), 1);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "ZF1-LEGACY"));
    einv_result_free(r);
}

/* A 1.0 text line (a note and an empty settlement, as 1.0 COMFORT allows) is no invoice
 * line: its note becomes an invoice note and the invoice stays valid. */
static void test_text_line(void)
{
    static const char TEXT_LINE[] =
        "<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:IncludedNote>"
        "<ram:Content>Positionen aus Lieferung 2014-51:</ram:Content></ram:IncludedNote>"
        "</ram:AssociatedDocumentLineDocument><ram:SpecifiedSupplyChainTradeSettlement/>"
        "</ram:IncludedSupplyChainTradeLineItem>\n<ram:IncludedSupplyChainTradeLineItem>"
        "<ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID>";
    char *xml = replace(COMFORT, "<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID>",
                        TEXT_LINE);
    einv_result_t *r = run(NULL, xml, strlen(xml));
    const char *c = einv_result_canonical(r);
    CU_ASSERT_TRUE(einv_result_valid(r));
    CU_ASSERT_EQUAL(einv_result_count(r), 1);
    if (einv_result_count(r) != 1)
        show("text line", r);
    CU_ASSERT_PTR_NOT_NULL(c && strstr(c, "Positionen aus Lieferung 2014-51:"));
    einv_result_free(r);
    /* a line with a note and a line id is a real line: its missing data is reported */
    free(xml);
    xml = replace(COMFORT, "<ram:LineID>2</ram:LineID>", "<ram:LineID>2</ram:LineID><ram:IncludedNote><ram:Content>x</ram:Content></ram:IncludedNote>");
    r = run(NULL, xml, strlen(xml));
    CU_ASSERT_TRUE(einv_result_valid(r));
    einv_result_free(r);
    free(xml);
}

static void test_clean_extended_only_the_warning(void)
{
    einv_result_t *r = run(NULL, EXTENDED, strlen(EXTENDED));
    CU_ASSERT_TRUE(einv_result_valid(r));
    CU_ASSERT_EQUAL(einv_result_count(r), 1);
    if (einv_result_count(r) != 1)
        show("extended", r);
    CU_ASSERT_PTR_NOT_NULL(strstr(tst_find(r, "ZF1-LEGACY") ? tst_find(r, "ZF1-LEGACY")->message : "", "EXTENDED"));
    einv_result_free(r);
}

/* BASIC lacks what EN 16931 requires of a line: the rules say so after conversion. */
static void test_basic_findings(void)
{
    einv_result_t *r = run(NULL, BASIC, strlen(BASIC));
    const einv_finding_t *f = tst_find(r, "BR-21");
    CU_ASSERT_FALSE(einv_result_valid(r));
    CU_ASSERT_PTR_NOT_NULL(strstr(tst_find(r, "ZF1-LEGACY") ? tst_find(r, "ZF1-LEGACY")->message : "", "BASIC"));
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f->field, "/rsm:CrossIndustryDocument/rsm:SpecifiedSupplyChainTradeTransaction/"
                                     "ram:IncludedSupplyChainTradeLineItem");
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-26"));   /* no net price */
    einv_result_free(r);
}

static void test_broken_totals_fields_into_zf1(void)
{
    char *bad = replace(COMFORT, AMT("LineTotalAmount", "420.00"), AMT("LineTotalAmount", "421.00"));
    einv_result_t *r = run(NULL, bad, strlen(bad));
    const einv_finding_t *f = tst_find(r, "BR-CO-10");
    CU_ASSERT_FALSE(einv_result_valid(r));
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_STRING_EQUAL(f->field, SUMMATION);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "ZF1-LEGACY"));
    einv_result_free(r);
    free(bad);
    /* BT-112 != BT-109 + BT-110 (a rule of the whole invoice) and BT-115 then off too */
    bad = replace(COMFORT, AMT("GrandTotalAmount", "535.50"), AMT("GrandTotalAmount", "536.50"));
    r = run(NULL, bad, strlen(bad));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-CO-15"));
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-CO-15") ? tst_find(r, "BR-CO-15")->field : "", "/rsm:CrossIndustryDocument");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-CO-16") ? tst_find(r, "BR-CO-16")->field : "", SUMMATION);
    einv_result_free(r);
    free(bad);
    /* a VAT breakdown amount off by more than the tolerance of BR-CO-17: that rule on the
     * breakdown, BR-CO-14 (breakdowns vs. BT-110) on the VAT total itself */
    bad = replace(COMFORT, AMT("CalculatedAmount", "85.50"), AMT("CalculatedAmount", "83.50"));
    r = run(NULL, bad, strlen(bad));
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-CO-17") ? tst_find(r, "BR-CO-17")->field : "",
                           "/rsm:CrossIndustryDocument/rsm:SpecifiedSupplyChainTradeTransaction/"
                           "ram:ApplicableSupplyChainTradeSettlement/ram:ApplicableTradeTax");
    CU_ASSERT_STRING_EQUAL(tst_find(r, "BR-CO-14") ? tst_find(r, "BR-CO-14")->field : "", SUMMATION "/ram:TaxTotalAmount");
    einv_result_free(r);
    free(bad);
}

/* ---- the same inside a PDF ---- */

static void test_pdf_same_ids(void)
{
    static const char *const docs[] = {COMFORT, EXTENDED, BASIC};
    static const char *const levels[] = {"COMFORT", "EXTENDED", "BASIC"};
    char *broken = replace(COMFORT, AMT("LineTotalAmount", "420.00"), AMT("LineTotalAmount", "421.00"));
    size_t i;
    for (i = 0; i < 4; i++) {
        const char *xml = i < 3 ? docs[i] : broken;
        einv_result_t *x = run(NULL, xml, strlen(xml));
        einv_result_t *p = run_pdf(xml, strlen(xml), i < 3 ? levels[i] : "COMFORT");
        char *cx = codes(x), *cp = codes(p);
        CU_ASSERT_STRING_EQUAL(einv_result_format(p), "ZUGFERD");
        CU_ASSERT_STRING_EQUAL(cp, cx);
        if (strcmp(cp, cx) != 0)
            show("pdf", p);
        CU_ASSERT_EQUAL(einv_result_valid(p), einv_result_valid(x));
        if (i == 3) {
            CU_ASSERT_STRING_EQUAL(tst_find(p, "BR-CO-10") ? tst_find(p, "BR-CO-10")->field : "", SUMMATION);
        }
        CU_ASSERT_PTR_NOT_NULL(einv_result_canonical(p));
        free(cx);
        free(cp);
        einv_result_free(x);
        einv_result_free(p);
    }
    free(broken);
}

/* The 1.0 XMP levels against the 1.0 guideline ids: a mismatch only off the diagonal
 * (COMFORT is 1.0's own level here, not the ZUGFeRD 2.0 alias of EN 16931). */
static void test_pdf_levels(void)
{
    static const char *const docs[] = {BASIC, COMFORT, EXTENDED};
    static const char *const levels[] = {"BASIC", "COMFORT", "EXTENDED", "EN 16931"};
    size_t i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 4; j++) {
            einv_result_t *r = run_pdf(docs[i], strlen(docs[i]), levels[j]);
            if ((tst_find(r, "PDF-XMP-CONFORMANCE-MISMATCH") != NULL) != (i != j)) {
                fprintf(stderr, "  level %s vs document %zu\n", levels[j], i);
                CU_FAIL("conformance mismatch verdict");
            }
            CU_ASSERT_PTR_NULL(tst_find(r, "PDF-XMP-NO-FACTURX-SCHEMA"));
            einv_result_free(r);
        }
}

/* ---- hostile input ---- */

static void test_truncated(void)
{
    size_t len = strlen(COMFORT), cut;
    for (cut = 1; cut < len; cut += 97) {
        einv_result_t *r = run(NULL, COMFORT, cut);
        CU_ASSERT_FALSE(einv_result_valid(r));
        CU_ASSERT_PTR_NULL(tst_find(r, "ZF1-LEGACY"));
        einv_result_free(r);
        r = run_pdf(COMFORT, cut, NULL);
        CU_ASSERT_PTR_NOT_NULL(tst_find(r, "XML-WELLFORMED"));
        CU_ASSERT_FALSE(einv_result_valid(r));
        einv_result_free(r);
    }
    {
        einv_result_t *r = run(NULL, COMFORT, len / 2);
        CU_ASSERT_PTR_NOT_NULL(tst_find(r, "XML-WELLFORMED"));
        einv_result_free(r);
    }
}

static void test_empty_root(void)
{
    static const char EMPTY[] = "<rsm:CrossIndustryDocument xmlns:rsm=\"urn:ferd:CrossIndustryDocument:invoice:1p0\"/>";
    static const char JUNK[] =
        "<rsm:CrossIndustryDocument xmlns:rsm=\"urn:ferd:CrossIndustryDocument:invoice:1p0\">x<rsm:HeaderExchangedDocument/>"
        "<rsm:HeaderExchangedDocument><y:ID xmlns:y=\"urn:y\">1</y:ID></rsm:HeaderExchangedDocument>"
        "<rsm:SpecifiedSupplyChainTradeTransaction><rsm:SpecifiedSupplyChainTradeTransaction/>"
        "</rsm:SpecifiedSupplyChainTradeTransaction></rsm:CrossIndustryDocument>";
    static const char OTHER_NS[] = "<rsm:CrossIndustryDocument xmlns:rsm=\"urn:ferd:CrossIndustryDocument:invoice:2p0\"/>";
    einv_result_t *r = run(NULL, EMPTY, strlen(EMPTY));
    CU_ASSERT_STRING_EQUAL(einv_result_format(r), "CII");
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "ZF1-LEGACY"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-01"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-02"));
    CU_ASSERT_PTR_NOT_NULL(strstr(tst_find(r, "ZF1-LEGACY") ? tst_find(r, "ZF1-LEGACY")->message : "", "no known"));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    r = run_pdf(EMPTY, strlen(EMPTY), NULL);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "ZF1-LEGACY"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-01"));
    CU_ASSERT_PTR_NULL(tst_find(r, "PDF-XMP-CONFORMANCE-MISMATCH"));   /* no guideline to compare */
    einv_result_free(r);
    r = run(NULL, JUNK, strlen(JUNK));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "ZF1-LEGACY"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-02"));
    einv_result_free(r);
    r = run(NULL, OTHER_NS, strlen(OTHER_NS));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "SCHEMA-ROOT"));
    CU_ASSERT_PTR_NULL(tst_find(r, "ZF1-LEGACY"));
    einv_result_free(r);
}

/* Damaged copies (random bytes overwritten): findings or a verdict, never a crash. */
static void test_mutations(void)
{
    size_t len = strlen(EXTENDED), i, k;
    char *m = malloc(len + 1);
    unsigned x = 4242;
    for (i = 0; i < 300; i++) {
        einv_result_t *r;
        memcpy(m, EXTENDED, len + 1);
        for (k = 0; k < 1 + i % 6; k++) {
            x = x * 1103515245u + 12345u;
            m[(x >> 8) % len] = "<>/:\"= aZ"[(x >> 4) % 9];
        }
        r = run(NULL, m, len);
        /* not XML, another root, or read as 1.0: there is always something to say */
        CU_ASSERT_TRUE(einv_result_count(r) >= 1);
        einv_result_free(r);
    }
    free(m);
}

/* ZF1-LEGACY is listed once, by the cii plugin (so `einvoice rules` and the rule docs
 * have it), and reported by both plugins. */
static void test_rule_listed_once(void)
{
    size_t f, j, n = 0;
    for (f = 0; f < einv_engine_format_count(eng); f++) {
        const einv_format_ops_t *fo = einv_engine_format_at(eng, f);
        for (j = 0; fo->rules && j < fo->n_rules; j++)
            if (strcmp(fo->rules[j]->id, "ZF1-LEGACY") == 0) {
                n++;
                CU_ASSERT_STRING_EQUAL(fo->name, "cii");
            }
    }
    CU_ASSERT_EQUAL(n, 1);
}

static int suite_init(void)
{
    einv_error_t err;
    eng = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    if (!eng || !einv_engine_format(eng, "zugferd") || !einv_engine_format(eng, "cii")) {
        fprintf(stderr, "the cii and zugferd plugins are not loaded\n");
        return -1;
    }
    return 0;
}

static int suite_clean(void)
{
    einv_engine_close(eng);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s = CU_add_suite("zugferd1", suite_init, suite_clean);
    CU_add_test(s, "COMFORT model", test_model_comfort);
    CU_add_test(s, "BASIC model", test_model_basic);
    CU_add_test(s, "EXTENDED model", test_model_extended);
    CU_add_test(s, "tree restored after mapping", test_tree_restored);
    CU_add_test(s, "locations as einv_x_location", test_locations);
    CU_add_test(s, "other prefixes", test_other_prefixes);
    CU_add_test(s, "clean COMFORT: only ZF1-LEGACY", test_clean_comfort_only_the_warning);
    CU_add_test(s, "clean EXTENDED: only ZF1-LEGACY", test_clean_extended_only_the_warning);
    CU_add_test(s, "text lines become invoice notes", test_text_line);
    CU_add_test(s, "BASIC: line findings", test_basic_findings);
    CU_add_test(s, "wrong totals: fields into the 1.0 document", test_broken_totals_fields_into_zf1);
    CU_add_test(s, "PDF: same ids as the bare XML", test_pdf_same_ids);
    CU_add_test(s, "PDF: 1.0 XMP levels", test_pdf_levels);
    CU_add_test(s, "truncated", test_truncated);
    CU_add_test(s, "empty and odd roots", test_empty_root);
    CU_add_test(s, "damaged copies", test_mutations);
    CU_add_test(s, "ZF1-LEGACY listed once", test_rule_listed_once);
}
