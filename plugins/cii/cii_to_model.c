/* UN/CEFACT CII D16B CrossIndustryInvoice -> canonical EN 16931 model, following the
 * EN 16931-3-3 syntax binding (the XPaths of the CEN CII artefacts).
 *
 * The mapping is data: one table per business group, each row {term, path relative to the
 * group's source element, flags, filter, attribute sources, sub-table}, walked by the one
 * binding walker of plugins/common/model_bind.c (which says what a path may be). Rows
 * without a term (IN) stand for syntax containers such as ram:ApplicableHeaderTradeSettlement:
 * their rows attach to the current group. What is CII's own is here: the row filters
 * (scheme ids, type codes, charge indicators, currencies) and dates in format 102
 * (YYYYMMDD), which become YYYY-MM-DD. */
#include "cii_to_model.h"
#include "model_bind.h"
#include "xml_walk.h"
#include <string.h>

enum {
    CF_NONE = 0,
    CF_VA,            /* ram:SpecifiedTaxRegistration/ram:ID with schemeID VA (VAT id) */
    CF_FC,            /* ... with schemeID FC (tax registration id) */
    CF_TC50,          /* IssuerAssignedID of a referenced document with TypeCode 50 (BT-17) */
    CF_TC130,         /* ... with TypeCode 130 (invoiced object, BT-18 / BT-128) */
    CF_TC916,         /* a referenced document with TypeCode 916 (BG-24) */
    CF_ALLOWANCE,     /* an allowance/charge with ChargeIndicator false */
    CF_CHARGE,        /* ... with ChargeIndicator true */
    CF_CUR_DOC,       /* a TaxTotalAmount in the invoice currency (BT-110) */
    CF_CUR_FALLBACK,  /* a TaxTotalAmount not in a distinct tax currency */
    CF_CUR_TAX,       /* a TaxTotalAmount in the tax currency BT-6 (BT-111) */
    CF_CREDITOR       /* a payment means with a payee account or institution (BG-17) */
};

typedef mb_row cii_row;

/* ---- filters ---- */

static int cii_type_code_is(const xmlNode *doc, const char *code)
{
    return xw_token_eq(einv_x_text(einv_x_child(doc, EINV_NS_RAM, "TypeCode")), code, 0);
}

static int cii_filter(const mb_map *m, int f, const xmlNode *n)
{
    switch (f) {
    case CF_VA:
        return xw_token_eq(einv_x_attr(n, "schemeID"), "VA", 0);
    case CF_FC:
        return xw_token_eq(einv_x_attr(n, "schemeID"), "FC", 0);
    case CF_TC50:
        return cii_type_code_is(n->parent, "50");
    case CF_TC130:
        return cii_type_code_is(n->parent, "130");
    case CF_TC916:
        return cii_type_code_is(n, "916");
    case CF_ALLOWANCE:
        return xw_indicator(einv_x_child(n, EINV_NS_RAM, "ChargeIndicator")) == 0;
    case CF_CHARGE:
        return xw_indicator(einv_x_child(n, EINV_NS_RAM, "ChargeIndicator")) == 1;
    case CF_CUR_DOC:
        return m->cur_doc[0] && xw_token_eq(einv_x_attr(n, "currencyID"), m->cur_doc, 0);
    case CF_CUR_FALLBACK:
        return !m->cur_tax[0] || !strcmp(m->cur_tax, m->cur_doc) ||
               !xw_token_eq(einv_x_attr(n, "currencyID"), m->cur_tax, 0);
    case CF_CUR_TAX:
        return m->cur_tax[0] && strcmp(m->cur_tax, m->cur_doc) != 0 &&
               xw_token_eq(einv_x_attr(n, "currencyID"), m->cur_tax, 0);
    case CF_CREDITOR:
        return einv_x_child(n, EINV_NS_RAM, "PayeePartyCreditorFinancialAccount") ||
               einv_x_child(n, EINV_NS_RAM, "PayeeSpecifiedCreditorFinancialInstitution");
    default:
        return 1;
    }
}

/* BT-8 in the model is the EN 16931 semantic code, UNTDID 2005 (3, 35, 432), as UBL writes
 * it; CII D16B codes the same three meanings from UNTDID 2475 (5, 29, 72). A D16B code of
 * the three becomes its 2005 code, so a CII and a UBL invoice give the same model; any other
 * text stays as sent (the rules read the CII tree, never this value). ZUGFeRD 1.0 has no
 * DueDateTypeCode: its text is kept, since its model is what the UBL rules then check. */
static const char *cii_tax_point_code(const xmlNode *x, const char *text)
{
    static const char *const MAP[][2] = {{"5", "3"}, {"29", "35"}, {"72", "432"}};
    size_t i;
    if (!x->ns || !x->ns->href ||
        strcmp((const char *)x->ns->href,
               "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100") != 0)
        return text;
    for (i = 0; i < MB_N(MAP); i++)
        if (xw_token_eq(text, MAP[i][0], 0))
            return MAP[i][1];
    return text;
}

/* Dates (udt:DateTimeString / udt:DateString / qdt:DateTimeString) in format 102 become
 * YYYY-MM-DD; BT-8 becomes its UNTDID 2005 code; anything else keeps its text. */
static const char *cii_text(const mb_row *r, const xmlNode *x, const char *text, char out[16])
{
    const char *fmt;
    char t[16];
    int i;
    if (r->term == EINV_T_BT_8 && x->type == XML_ELEMENT_NODE)
        return cii_tax_point_code(x, text);
    if (x->type != XML_ELEMENT_NODE || einv_term_info(r->term)->kind != EINV_K_DATE)
        return text;
    fmt = einv_x_attr(x, "format");
    if (fmt && !xw_token_eq(fmt, "102", 0))
        return text;
    xw_trim_copy(text, t, sizeof t);
    for (i = 0; i < 8; i++)
        if (t[i] < '0' || t[i] > '9')
            return text;
    if (t[8])
        return text;
    memcpy(out, t, 4);
    out[4] = '-';
    memcpy(out + 5, t + 4, 2);
    out[7] = '-';
    memcpy(out + 8, t + 6, 2);
    out[10] = 0;
    return out;
}

static const mb_syntax CII_SYNTAX = {cii_filter, cii_text};

/* ---- the binding ---- */

#define N_(a) MB_N(a)
#define F(t, p) {EINV_T_##t, p, 0, 0, NULL, NULL, NULL, 0}
#define FX(t, p, fl, flt) {EINV_T_##t, p, fl, flt, NULL, NULL, NULL, 0}
#define FA(t, p, flt, a0, a1) {EINV_T_##t, p, 0, flt, a0, a1, NULL, 0}
#define G(t, p, sub) {EINV_T_##t, p, 0, 0, NULL, NULL, sub, N_(sub)}
#define GX(t, p, fl, flt, sub) {EINV_T_##t, p, fl, flt, NULL, NULL, sub, N_(sub)}
/* a syntax container without a business group: its rows attach to the current group */
#define IN(p, sub) {EINV_T__COUNT, p, 0, 0, NULL, NULL, sub, N_(sub)}

#define SET_ "rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/"

#define CII_ADDRESS(name, l1, l2, l3, city, zip, sub, country)                               \
    static const cii_row name[] = {                                                       \
        F(l1, "ram:LineOne"), F(l2, "ram:LineTwo"), F(l3, "ram:LineThree"),               \
        F(city, "ram:CityName"), F(zip, "ram:PostcodeCode"),                              \
        F(sub, "ram:CountrySubDivisionName"), F(country, "ram:CountryID")}
#define CII_CONTACT(name, person, phone, email)                                             \
    static const cii_row name[] = {                                                       \
        F(person, "ram:PersonName|ram:DepartmentName"),                                   \
        F(phone, "ram:TelephoneUniversalCommunication/ram:CompleteNumber"),               \
        F(email, "ram:EmailURIUniversalCommunication/ram:URIID")}

CII_ADDRESS(CII_SELLER_ADDRESS, BT_35, BT_36, BT_162, BT_37, BT_38, BT_39, BT_40);
CII_ADDRESS(CII_BUYER_ADDRESS, BT_50, BT_51, BT_163, BT_52, BT_53, BT_54, BT_55);
CII_ADDRESS(CII_TAXREP_ADDRESS, BT_64, BT_65, BT_164, BT_66, BT_67, BT_68, BT_69);
CII_ADDRESS(CII_DELIVERY_ADDRESS, BT_75, BT_76, BT_165, BT_77, BT_78, BT_79, BT_80);
CII_CONTACT(CII_SELLER_CONTACT, BT_41, BT_42, BT_43);
CII_CONTACT(CII_BUYER_CONTACT, BT_56, BT_57, BT_58);

static const cii_row CII_NOTE[] = {F(BT_21, "ram:SubjectCode"), F(BT_22, "ram:Content")};

static const cii_row CII_PROCESS[] = {
    F(BT_23, "ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID"),
    F(BT_24, "ram:GuidelineSpecifiedDocumentContextParameter/ram:ID")};

static const cii_row CII_PRECEDING[] = {
    F(BT_25, "ram:IssuerAssignedID"), F(BT_26, "ram:FormattedIssueDateTime/qdt:DateTimeString")};

static const cii_row CII_SELLER[] = {
    F(BT_27, "ram:Name"),
    F(BT_28, "ram:SpecifiedLegalOrganization/ram:TradingBusinessName"),
    F(BT_29, "ram:ID|ram:GlobalID"),
    F(BT_30, "ram:SpecifiedLegalOrganization/ram:ID"),
    FX(BT_31, "ram:SpecifiedTaxRegistration/ram:ID", 0, CF_VA),
    FX(BT_32, "ram:SpecifiedTaxRegistration/ram:ID", 0, CF_FC),
    F(BT_33, "ram:Description"),
    F(BT_34, "ram:URIUniversalCommunication/ram:URIID"),
    G(BG_5, "ram:PostalTradeAddress", CII_SELLER_ADDRESS),
    G(BG_6, "ram:DefinedTradeContact", CII_SELLER_CONTACT)};

static const cii_row CII_BUYER[] = {
    F(BT_44, "ram:Name"),
    F(BT_45, "ram:SpecifiedLegalOrganization/ram:TradingBusinessName"),
    F(BT_46, "ram:ID|ram:GlobalID"),
    F(BT_47, "ram:SpecifiedLegalOrganization/ram:ID"),
    FX(BT_48, "ram:SpecifiedTaxRegistration/ram:ID", 0, CF_VA),
    F(BT_49, "ram:URIUniversalCommunication/ram:URIID"),
    G(BG_8, "ram:PostalTradeAddress", CII_BUYER_ADDRESS),
    G(BG_9, "ram:DefinedTradeContact", CII_BUYER_CONTACT)};

static const cii_row CII_PAYEE[] = {
    F(BT_59, "ram:Name"), F(BT_60, "ram:ID|ram:GlobalID"),
    F(BT_61, "ram:SpecifiedLegalOrganization/ram:ID")};

static const cii_row CII_TAXREP[] = {
    F(BT_62, "ram:Name"),
    FX(BT_63, "ram:SpecifiedTaxRegistration/ram:ID", 0, CF_VA),
    G(BG_12, "ram:PostalTradeAddress", CII_TAXREP_ADDRESS)};

/* context: ram:ApplicableHeaderTradeDelivery (always there in CII, hence MB_COND) */
static const cii_row CII_DELIVERY[] = {
    F(BT_70, "ram:ShipToTradeParty/ram:Name"),
    F(BT_71, "ram:ShipToTradeParty/ram:ID|ram:ShipToTradeParty/ram:GlobalID"),
    F(BT_72, "ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString"),
    G(BG_15, "ram:ShipToTradeParty/ram:PostalTradeAddress", CII_DELIVERY_ADDRESS)};

static const cii_row CII_PERIOD[] = {
    F(BT_73, "ram:StartDateTime/udt:DateTimeString"), F(BT_74, "ram:EndDateTime/udt:DateTimeString")};

static const cii_row CII_TRANSFER[] = {
    F(BT_84, "ram:PayeePartyCreditorFinancialAccount/ram:IBANID|"
             "ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID"),
    F(BT_85, "ram:PayeePartyCreditorFinancialAccount/ram:AccountName"),
    F(BT_86, "ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID")};
static const cii_row CII_CARD[] = {F(BT_87, "ram:ID"), F(BT_88, "ram:CardholderName")};
/* context: ram:ApplicableHeaderTradeSettlement */
static const cii_row CII_DEBIT[] = {
    F(BT_89, "ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID"),
    F(BT_90, "ram:CreditorReferenceID"),
    F(BT_91, "ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerPartyDebtorFinancialAccount/ram:IBANID")};
static const cii_row CII_PAYMENT[] = {
    F(BT_81, "ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode"),
    F(BT_82, "ram:SpecifiedTradeSettlementPaymentMeans/ram:Information"),
    F(BT_83, "ram:PaymentReference"),
    GX(BG_17, "ram:SpecifiedTradeSettlementPaymentMeans", 0, CF_CREDITOR, CII_TRANSFER),
    G(BG_18, "ram:SpecifiedTradeSettlementPaymentMeans/ram:ApplicableTradeSettlementFinancialCard",
      CII_CARD),
    GX(BG_19, ".", MB_COND, 0, CII_DEBIT)};

static const cii_row CII_ALLOWANCE[] = {
    F(BT_92, "ram:ActualAmount"), F(BT_93, "ram:BasisAmount"), F(BT_94, "ram:CalculationPercent"),
    F(BT_95, "ram:CategoryTradeTax/ram:CategoryCode"),
    F(BT_96, "ram:CategoryTradeTax/ram:RateApplicablePercent"),
    F(BT_97, "ram:Reason"), F(BT_98, "ram:ReasonCode")};
static const cii_row CII_CHARGE[] = {
    F(BT_99, "ram:ActualAmount"), F(BT_100, "ram:BasisAmount"), F(BT_101, "ram:CalculationPercent"),
    F(BT_102, "ram:CategoryTradeTax/ram:CategoryCode"),
    F(BT_103, "ram:CategoryTradeTax/ram:RateApplicablePercent"),
    F(BT_104, "ram:Reason"), F(BT_105, "ram:ReasonCode")};

/* BT-110/BT-111 are the TaxTotalAmounts in the invoice / tax currency */
static const cii_row CII_TOTALS[] = {
    F(BT_106, "ram:LineTotalAmount"), F(BT_107, "ram:AllowanceTotalAmount"),
    F(BT_108, "ram:ChargeTotalAmount"), F(BT_109, "ram:TaxBasisTotalAmount"),
    FX(BT_110, "ram:TaxTotalAmount", 0, CF_CUR_DOC),
    FX(BT_110, "ram:TaxTotalAmount", MB_IF_ABSENT, CF_CUR_FALLBACK),
    FX(BT_111, "ram:TaxTotalAmount", 0, CF_CUR_TAX),
    F(BT_112, "ram:GrandTotalAmount"), F(BT_113, "ram:TotalPrepaidAmount"),
    F(BT_114, "ram:RoundingAmount"), F(BT_115, "ram:DuePayableAmount")};

static const cii_row CII_VAT_BREAKDOWN[] = {
    F(BT_116, "ram:BasisAmount"), F(BT_117, "ram:CalculatedAmount"),
    F(BT_118, "ram:CategoryCode"), F(BT_119, "ram:RateApplicablePercent"),
    F(BT_120, "ram:ExemptionReason"), F(BT_121, "ram:ExemptionReasonCode")};

static const cii_row CII_DOCUMENT[] = {
    F(BT_122, "ram:IssuerAssignedID"), F(BT_123, "ram:Name"), F(BT_124, "ram:URIID"),
    F(BT_125, "ram:AttachmentBinaryObject")};

static const cii_row CII_LINE_PERIOD[] = {
    F(BT_134, "ram:StartDateTime/udt:DateTimeString"), F(BT_135, "ram:EndDateTime/udt:DateTimeString")};
static const cii_row CII_LINE_ALLOWANCE[] = {
    F(BT_136, "ram:ActualAmount"), F(BT_137, "ram:BasisAmount"), F(BT_138, "ram:CalculationPercent"),
    F(BT_139, "ram:Reason"), F(BT_140, "ram:ReasonCode")};
static const cii_row CII_LINE_CHARGE[] = {
    F(BT_141, "ram:ActualAmount"), F(BT_142, "ram:BasisAmount"), F(BT_143, "ram:CalculationPercent"),
    F(BT_144, "ram:Reason"), F(BT_145, "ram:ReasonCode")};
/* context: ram:SpecifiedLineTradeAgreement */
static const cii_row CII_PRICE[] = {
    F(BT_146, "ram:NetPriceProductTradePrice/ram:ChargeAmount"),
    F(BT_147, "ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount"),
    F(BT_148, "ram:GrossPriceProductTradePrice/ram:ChargeAmount"),
    F(BT_149, "ram:NetPriceProductTradePrice/ram:BasisQuantity"),
    F(BT_150, "ram:NetPriceProductTradePrice/ram:BasisQuantity/@unitCode"),
    /* EN 16931 prices gross and net on the same base quantity: use the gross price's one
     * when the net price has none */
    FX(BT_149, "ram:GrossPriceProductTradePrice/ram:BasisQuantity", MB_IF_ABSENT, 0),
    FX(BT_150, "ram:GrossPriceProductTradePrice/ram:BasisQuantity/@unitCode", MB_IF_ABSENT, 0)};
static const cii_row CII_LINE_VAT[] = {
    F(BT_151, "ram:CategoryCode"), F(BT_152, "ram:RateApplicablePercent")};
static const cii_row CII_ITEM_ATTRIBUTE[] = {F(BT_160, "ram:Description"), F(BT_161, "ram:Value")};
static const cii_row CII_ITEM[] = {
    F(BT_153, "ram:Name"), F(BT_154, "ram:Description"),
    F(BT_155, "ram:SellerAssignedID"), F(BT_156, "ram:BuyerAssignedID"),
    F(BT_157, "ram:GlobalID"),
    FA(BT_158, "ram:DesignatedProductClassification/ram:ClassCode", 0, "@listID", "@listVersionID"),
    F(BT_159, "ram:OriginTradeCountry/ram:ID"),
    G(BG_32, "ram:ApplicableProductCharacteristic", CII_ITEM_ATTRIBUTE)};

/* context: ram:SpecifiedLineTradeAgreement */
static const cii_row CII_LINE_AGREEMENT[] = {
    F(BT_132, "ram:BuyerOrderReferencedDocument/ram:LineID"),
    GX(BG_29, ".", MB_COND, 0, CII_PRICE)};
/* context: ram:SpecifiedLineTradeSettlement */
static const cii_row CII_LINE_SETTLEMENT[] = {
    FA(BT_128, "ram:AdditionalReferencedDocument/ram:IssuerAssignedID", CF_TC130,
       "^ram:ReferenceTypeCode", NULL),
    F(BT_131, "ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount"),
    F(BT_133, "ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID"),
    G(BG_26, "ram:BillingSpecifiedPeriod", CII_LINE_PERIOD),
    GX(BG_27, "ram:SpecifiedTradeAllowanceCharge", 0, CF_ALLOWANCE, CII_LINE_ALLOWANCE),
    GX(BG_28, "ram:SpecifiedTradeAllowanceCharge", 0, CF_CHARGE, CII_LINE_CHARGE),
    G(BG_30, "ram:ApplicableTradeTax", CII_LINE_VAT)};
static const cii_row CII_LINE_DOCUMENT[] = {
    F(BT_126, "ram:LineID"), F(BT_127, "ram:IncludedNote/ram:Content")};
static const cii_row CII_LINE_DELIVERY[] = {
    F(BT_129, "ram:BilledQuantity"), F(BT_130, "ram:BilledQuantity/@unitCode")};

static const cii_row CII_LINE[] = {
    IN("ram:AssociatedDocumentLineDocument", CII_LINE_DOCUMENT),
    G(BG_31, "ram:SpecifiedTradeProduct", CII_ITEM),
    IN("ram:SpecifiedLineTradeAgreement", CII_LINE_AGREEMENT),
    IN("ram:SpecifiedLineTradeDelivery", CII_LINE_DELIVERY),
    IN("ram:SpecifiedLineTradeSettlement", CII_LINE_SETTLEMENT)};

/* context: rsm:ExchangedDocument */
static const cii_row CII_DOCUMENT_HEADER[] = {
    F(BT_1, "ram:ID"),
    F(BT_2, "ram:IssueDateTime/udt:DateTimeString"),
    F(BT_3, "ram:TypeCode"),
    G(BG_1, "ram:IncludedNote", CII_NOTE)};

/* context: ram:ApplicableHeaderTradeAgreement */
static const cii_row CII_AGREEMENT[] = {
    F(BT_10, "ram:BuyerReference"),
    F(BT_11, "ram:SpecifiedProcuringProject/ram:ID"),
    F(BT_12, "ram:ContractReferencedDocument/ram:IssuerAssignedID"),
    F(BT_13, "ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID"),
    F(BT_14, "ram:SellerOrderReferencedDocument/ram:IssuerAssignedID"),
    FX(BT_17, "ram:AdditionalReferencedDocument/ram:IssuerAssignedID", 0, CF_TC50),
    FA(BT_18, "ram:AdditionalReferencedDocument/ram:IssuerAssignedID", CF_TC130,
       "^ram:ReferenceTypeCode", NULL),
    G(BG_4, "ram:SellerTradeParty", CII_SELLER),
    G(BG_7, "ram:BuyerTradeParty", CII_BUYER),
    G(BG_11, "ram:SellerTaxRepresentativeTradeParty", CII_TAXREP),
    GX(BG_24, "ram:AdditionalReferencedDocument", 0, CF_TC916, CII_DOCUMENT)};

/* context: ram:ApplicableHeaderTradeDelivery */
static const cii_row CII_HEADER_DELIVERY[] = {
    F(BT_15, "ram:ReceivingAdviceReferencedDocument/ram:IssuerAssignedID"),
    F(BT_16, "ram:DespatchAdviceReferencedDocument/ram:IssuerAssignedID"),
    GX(BG_13, ".", MB_COND, 0, CII_DELIVERY)};

/* context: ram:ApplicableHeaderTradeSettlement */
static const cii_row CII_SETTLEMENT[] = {
    F(BT_5, "ram:InvoiceCurrencyCode"),
    F(BT_6, "ram:TaxCurrencyCode"),
    F(BT_7, "ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString"),
    F(BT_8, "ram:ApplicableTradeTax/ram:DueDateTypeCode"),
    F(BT_9, "ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString"),
    F(BT_19, "ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID"),
    F(BT_20, "ram:SpecifiedTradePaymentTerms/ram:Description"),
    G(BG_3, "ram:InvoiceReferencedDocument", CII_PRECEDING),
    G(BG_10, "ram:PayeeTradeParty", CII_PAYEE),
    G(BG_14, "ram:BillingSpecifiedPeriod", CII_PERIOD),
    GX(BG_16, ".", MB_COND, 0, CII_PAYMENT),
    GX(BG_20, "ram:SpecifiedTradeAllowanceCharge", 0, CF_ALLOWANCE, CII_ALLOWANCE),
    GX(BG_21, "ram:SpecifiedTradeAllowanceCharge", 0, CF_CHARGE, CII_CHARGE),
    G(BG_22, "ram:SpecifiedTradeSettlementHeaderMonetarySummation", CII_TOTALS),
    G(BG_23, "ram:ApplicableTradeTax", CII_VAT_BREAKDOWN)};

/* context: rsm:SupplyChainTradeTransaction */
static const cii_row CII_TRANSACTION[] = {
    G(BG_25, "ram:IncludedSupplyChainTradeLineItem", CII_LINE),
    IN("ram:ApplicableHeaderTradeAgreement", CII_AGREEMENT),
    IN("ram:ApplicableHeaderTradeDelivery", CII_HEADER_DELIVERY),
    IN("ram:ApplicableHeaderTradeSettlement", CII_SETTLEMENT)};

/* context: rsm:CrossIndustryInvoice */
static const cii_row CII_INVOICE[] = {
    G(BG_2, "rsm:ExchangedDocumentContext", CII_PROCESS),
    IN("rsm:ExchangedDocument", CII_DOCUMENT_HEADER),
    IN("rsm:SupplyChainTradeTransaction", CII_TRANSACTION)};

#undef F
#undef FX
#undef FA
#undef G
#undef GX
#undef IN
#undef N_
#undef CII_ADDRESS
#undef CII_CONTACT

einv_invoice_t *cii_to_model(const einv_xdoc_t *doc)
{
    const xmlNode *r = einv_xdoc_root(doc);
    if (r && einv_xdoc_syntax(doc) != EINV_SYNTAX_CII)
        r = NULL;
    return cii_to_model_root(r);
}

einv_invoice_t *cii_to_model_root(const xmlNode *croot)
{
    mb_map m;
    if (!mb_begin(&m, &CII_SYNTAX, croot) || !croot)
        return m.inv;
    xw_trim_copy(einv_x_text(xw_first(croot, SET_ "ram:InvoiceCurrencyCode")), m.cur_doc,
                 sizeof m.cur_doc);
    xw_trim_copy(einv_x_text(xw_first(croot, SET_ "ram:TaxCurrencyCode")), m.cur_tax,
                 sizeof m.cur_tax);
    mb_build(&m, CII_INVOICE, MB_N(CII_INVOICE));
    return m.inv;
}

#undef SET_
