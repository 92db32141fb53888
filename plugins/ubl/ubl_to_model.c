/* UBL 2.1 Invoice / CreditNote -> canonical EN 16931 model, following the EN 16931-3-2
 * syntax binding (the XPaths of the CEN UBL artefacts).
 *
 * The mapping is data: one table per business group, each row {term, path relative to the
 * group's source element, flags, filter, attribute sources, sub-table}, walked by the one
 * binding walker of plugins/common/model_bind.c (which says what a path may be). What is
 * UBL's own is here: the row filters (tax schemes, document type codes, charge indicators,
 * currencies) and the "#CODE#" prefix of notes. */
#include "ubl_to_model.h"
#include "model_bind.h"
#include "model_norm.h"
#include "xml_walk.h"
#include <string.h>

enum {
    UM_NOTE_CODE = 16, /* BT-21: the "#CODE#" prefix of a cbc:Note */
    UM_NOTE_TEXT = 32  /* BT-22: a cbc:Note without that prefix */
};

enum {
    UF_NONE = 0,
    UF_VAT,           /* cac:PartyTaxScheme/cbc:CompanyID of the VAT scheme */
    UF_NOT_VAT,       /* ... of any other tax scheme */
    UF_SEPA,          /* an identifier with schemeID SEPA (BT-90) */
    UF_NOT_SEPA,      /* any other identifier */
    UF_DOC130,        /* cbc:ID of a document reference with DocumentTypeCode 130 (BT-18) */
    UF_DOC50,         /* ... with DocumentTypeCode 50 (BT-11 of a CreditNote) */
    UF_BG24,          /* an AdditionalDocumentReference that is neither of the above */
    UF_ALLOWANCE,     /* cac:AllowanceCharge with ChargeIndicator false */
    UF_CHARGE,        /* cac:AllowanceCharge with ChargeIndicator true */
    UF_CUR_DOC,       /* a TaxTotal/TaxAmount in the document currency (BT-110) */
    UF_CUR_FALLBACK,  /* a TaxTotal/TaxAmount not in a distinct tax currency */
    UF_CUR_TAX        /* a TaxTotal/TaxAmount in the tax currency BT-6 (BT-111) */
};

typedef mb_row ubl_row;

/* ---- filters ---- */

static int ubl_doc_type_is(const xmlNode *ref, const char *code)
{
    return xw_token_eq(einv_x_text(einv_x_child(ref, EINV_NS_CBC, "DocumentTypeCode")), code, 0);
}

static int ubl_charge_indicator(const xmlNode *ac)
{
    return xw_indicator(einv_x_child(ac, EINV_NS_CBC, "ChargeIndicator"));
}

static int ubl_filter(const mb_map *m, int f, const xmlNode *n)
{
    const char *cur;
    switch (f) {
    case UF_VAT:
    case UF_NOT_VAT: {
        const xmlNode *ts = einv_x_child(n->parent, EINV_NS_CAC, "TaxScheme");
        int vat = xw_token_eq(einv_x_text(einv_x_child(ts, EINV_NS_CBC, "ID")), "VAT", 1);
        return f == UF_VAT ? vat : !vat;
    }
    case UF_SEPA:
        return xw_token_eq(einv_x_attr(n, "schemeID"), "SEPA", 0);
    case UF_NOT_SEPA:
        return !xw_token_eq(einv_x_attr(n, "schemeID"), "SEPA", 0);
    case UF_DOC130:
        return ubl_doc_type_is(n->parent, "130");
    case UF_DOC50:
        return ubl_doc_type_is(n->parent, "50");
    case UF_BG24:
        return !ubl_doc_type_is(n, "130") && !(m->credit_note && ubl_doc_type_is(n, "50"));
    case UF_ALLOWANCE:
        return ubl_charge_indicator(n) == 0;
    case UF_CHARGE:
        return ubl_charge_indicator(n) == 1;
    case UF_CUR_DOC:
        return m->cur_doc[0] && xw_token_eq(einv_x_attr(n, "currencyID"), m->cur_doc, 0);
    case UF_CUR_FALLBACK:
        cur = einv_x_attr(n, "currencyID");
        return !m->cur_tax[0] || !strcmp(m->cur_tax, m->cur_doc) ||
               !xw_token_eq(cur, m->cur_tax, 0);
    case UF_CUR_TAX:
        return m->cur_tax[0] && strcmp(m->cur_tax, m->cur_doc) != 0 &&
               xw_token_eq(einv_x_attr(n, "currencyID"), m->cur_tax, 0);
    default:
        return 1;
    }
}

/* "#AAI#text" notes carry the subject code BT-21 in front of the text BT-22. */
static size_t ubl_note_code_len(const char *t)
{
    return t[0] == '#' && t[1] && t[1] != '#' && t[2] && t[2] != '#' && t[3] && t[3] != '#' &&
                   t[4] == '#'
               ? 5
               : 0;
}

/* What the binding makes a sender write where UBL cannot do without a value, read as the
 * absence it stands for (so an export of the model and its read-back agree):
 * - cac:OrderReference/cbc:ID "NA" next to a cbc:SalesOrderID: no purchase order (BT-13);
 *   the binding asks for "NA" when there is only a sales order reference (BT-14);
 * - a price allowance cbc:Amount of zero: no price discount (BT-147); the schema requires
 *   the amount whenever the gross price (BT-148, cbc:BaseAmount) is given;
 * - cbc:PaymentMeansCode "1" (instrument not defined), without a name, in a
 *   cac:PaymentMeans that holds nothing but a remittance reference (BT-83) or a credit
 *   note's due date: no payment means code (BT-81), as in a CII invoice that gives only
 *   ram:PaymentReference; the schema requires a code in every cac:PaymentMeans. */
static int ubl_means_placeholder(const xmlNode *code, const char *text)
{
    const xmlNode *c;
    int held = 0;
    if (!xw_token_eq(text, "1", 0) || einv_x_attr(code, "name"))
        return 0;
    for (c = code->parent->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE || c == code)
            continue;
        if (!einv_x_is(c, EINV_NS_CBC, "PaymentID") && !einv_x_is(c, EINV_NS_CBC, "PaymentDueDate"))
            return 0;
        held = 1;
    }
    return held;
}

static int ubl_placeholder(const mb_row *r, const xmlNode *x, const char *text)
{
    einv_dec_t d;
    if (r->term == EINV_T_BT_13)
        return xw_token_eq(text, "NA", 0) && einv_x_child(x->parent, EINV_NS_CBC, "SalesOrderID");
    if (r->term == EINV_T_BT_147)
        return text && einv_dec_parse(text, (size_t)-1, &d) && d.m == 0;
    if (r->term == EINV_T_BT_81)
        return ubl_means_placeholder(x, text);
    return 0;
}

/* xs:date may carry a time zone ("2016-04-04+01:00", "2016-04-04Z"); an EN 16931 date has
 * none and CII's format 102 has no room for one, so the model keeps the day alone. */
static int ubl_zoned_date(const char *t)
{
    size_t n = t ? strlen(t) : 0;
    for (size_t i = 0; i < 10 && i < n; i++)
        if ((i == 4 || i == 7) ? t[i] != '-' : (t[i] < '0' || t[i] > '9'))
            return 0;
    if (n == 11)
        return t[10] == 'Z';
    return n == 16 && (t[10] == '+' || t[10] == '-') && t[13] == ':';
}

static const char *ubl_text(const mb_row *r, const xmlNode *x, const char *text, char buf[16])
{
    if (ubl_placeholder(r, x, text))
        return NULL;
    if (r->term != EINV_T__COUNT && einv_term_info(r->term)->kind == EINV_K_DATE &&
        ubl_zoned_date(text)) {
        memcpy(buf, text, 10);
        buf[10] = 0;
        return buf;
    }
    if (r->flags & UM_NOTE_CODE) {
        if (!ubl_note_code_len(text))
            return NULL;
        memcpy(buf, text + 1, 3);
        buf[3] = 0;
        return buf;
    }
    if (r->flags & UM_NOTE_TEXT)
        return text + ubl_note_code_len(text);
    return text;
}

static const mb_syntax UBL_SYNTAX = {ubl_filter, ubl_text};

/* ---- the binding ---- */

#define N_(a) MB_N(a)
#define F(t, p) {EINV_T_##t, p, 0, 0, NULL, NULL, NULL, 0}
#define FX(t, p, fl, flt) {EINV_T_##t, p, fl, flt, NULL, NULL, NULL, 0}
#define FA(t, p, a0, a1) {EINV_T_##t, p, 0, 0, a0, a1, NULL, 0}
#define G(t, p, sub) {EINV_T_##t, p, 0, 0, NULL, NULL, sub, N_(sub)}
#define GX(t, p, fl, flt, sub) {EINV_T_##t, p, fl, flt, NULL, NULL, sub, N_(sub)}

#define UBL_ADDRESS(name, l1, l2, l3, city, zip, sub, country)                               \
    static const ubl_row name[] = {                                                       \
        F(l1, "cbc:StreetName"), F(l2, "cbc:AdditionalStreetName"),                       \
        F(l3, "cac:AddressLine/cbc:Line"), F(city, "cbc:CityName"),                       \
        F(zip, "cbc:PostalZone"), F(sub, "cbc:CountrySubentity"),                         \
        F(country, "cac:Country/cbc:IdentificationCode")}

UBL_ADDRESS(UBL_SELLER_ADDRESS, BT_35, BT_36, BT_162, BT_37, BT_38, BT_39, BT_40);
UBL_ADDRESS(UBL_BUYER_ADDRESS, BT_50, BT_51, BT_163, BT_52, BT_53, BT_54, BT_55);
UBL_ADDRESS(UBL_TAXREP_ADDRESS, BT_64, BT_65, BT_164, BT_66, BT_67, BT_68, BT_69);
UBL_ADDRESS(UBL_DELIVERY_ADDRESS, BT_75, BT_76, BT_165, BT_77, BT_78, BT_79, BT_80);

static const ubl_row UBL_SELLER_CONTACT[] = {
    F(BT_41, "cbc:Name"), F(BT_42, "cbc:Telephone"), F(BT_43, "cbc:ElectronicMail")};
static const ubl_row UBL_BUYER_CONTACT[] = {
    F(BT_56, "cbc:Name"), F(BT_57, "cbc:Telephone"), F(BT_58, "cbc:ElectronicMail")};

static const ubl_row UBL_NOTE[] = {
    FX(BT_21, ".", UM_NOTE_CODE, 0), FX(BT_22, ".", UM_NOTE_TEXT, 0)};

static const ubl_row UBL_PROCESS[] = {
    F(BT_23, "cbc:ProfileID"), F(BT_24, "cbc:CustomizationID")};

static const ubl_row UBL_PRECEDING[] = {F(BT_25, "cbc:ID"), F(BT_26, "cbc:IssueDate")};

static const ubl_row UBL_SELLER[] = {
    F(BT_27, "cac:PartyLegalEntity/cbc:RegistrationName"),
    F(BT_28, "cac:PartyName/cbc:Name"),
    FX(BT_29, "cac:PartyIdentification/cbc:ID", 0, UF_NOT_SEPA),
    F(BT_30, "cac:PartyLegalEntity/cbc:CompanyID"),
    FX(BT_31, "cac:PartyTaxScheme/cbc:CompanyID", 0, UF_VAT),
    FX(BT_32, "cac:PartyTaxScheme/cbc:CompanyID", 0, UF_NOT_VAT),
    F(BT_33, "cac:PartyLegalEntity/cbc:CompanyLegalForm"),
    F(BT_34, "cbc:EndpointID"),
    G(BG_5, "cac:PostalAddress", UBL_SELLER_ADDRESS),
    G(BG_6, "cac:Contact", UBL_SELLER_CONTACT)};

static const ubl_row UBL_BUYER[] = {
    F(BT_44, "cac:PartyLegalEntity/cbc:RegistrationName"),
    F(BT_45, "cac:PartyName/cbc:Name"),
    F(BT_46, "cac:PartyIdentification/cbc:ID"),
    F(BT_47, "cac:PartyLegalEntity/cbc:CompanyID"),
    FX(BT_48, "cac:PartyTaxScheme/cbc:CompanyID", 0, UF_VAT),
    F(BT_49, "cbc:EndpointID"),
    G(BG_8, "cac:PostalAddress", UBL_BUYER_ADDRESS),
    G(BG_9, "cac:Contact", UBL_BUYER_CONTACT)};

static const ubl_row UBL_PAYEE[] = {
    F(BT_59, "cac:PartyName/cbc:Name"),
    FX(BT_60, "cac:PartyIdentification/cbc:ID", 0, UF_NOT_SEPA),
    F(BT_61, "cac:PartyLegalEntity/cbc:CompanyID")};

static const ubl_row UBL_TAXREP[] = {
    F(BT_62, "cac:PartyName/cbc:Name"),
    FX(BT_63, "cac:PartyTaxScheme/cbc:CompanyID", 0, UF_VAT),
    G(BG_12, "cac:PostalAddress", UBL_TAXREP_ADDRESS)};

static const ubl_row UBL_DELIVERY[] = {
    F(BT_70, "cac:DeliveryParty/cac:PartyName/cbc:Name"),
    F(BT_71, "cac:DeliveryLocation/cbc:ID"),
    F(BT_72, "cbc:ActualDeliveryDate"),
    G(BG_15, "cac:DeliveryLocation/cac:Address", UBL_DELIVERY_ADDRESS)};

static const ubl_row UBL_PERIOD[] = {F(BT_73, "cbc:StartDate"), F(BT_74, "cbc:EndDate")};

static const ubl_row UBL_TRANSFER[] = {
    F(BT_84, "cbc:ID"), F(BT_85, "cbc:Name"), F(BT_86, "cac:FinancialInstitutionBranch/cbc:ID")};
static const ubl_row UBL_CARD[] = {
    F(BT_87, "cbc:PrimaryAccountNumberID"), F(BT_88, "cbc:HolderName")};
/* context: the document element; the creditor id is a SEPA party identifier */
static const ubl_row UBL_DEBIT[] = {
    F(BT_89, "cac:PaymentMeans/cac:PaymentMandate/cbc:ID"),
    FX(BT_90, "cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID|"
              "cac:PayeeParty/cac:PartyIdentification/cbc:ID", 0, UF_SEPA),
    F(BT_91, "cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID")};
/* context: the document element (BG-16 spans every cac:PaymentMeans) */
static const ubl_row UBL_PAYMENT[] = {
    F(BT_81, "cac:PaymentMeans/cbc:PaymentMeansCode"),
    F(BT_82, "cac:PaymentMeans/cbc:PaymentMeansCode/@name"),
    F(BT_83, "cac:PaymentMeans/cbc:PaymentID"),
    G(BG_17, "cac:PaymentMeans/cac:PayeeFinancialAccount", UBL_TRANSFER),
    G(BG_18, "cac:PaymentMeans/cac:CardAccount", UBL_CARD),
    GX(BG_19, ".", MB_COND, 0, UBL_DEBIT)};

static const ubl_row UBL_ALLOWANCE[] = {
    F(BT_92, "cbc:Amount"), F(BT_93, "cbc:BaseAmount"), F(BT_94, "cbc:MultiplierFactorNumeric"),
    F(BT_95, "cac:TaxCategory/cbc:ID"), F(BT_96, "cac:TaxCategory/cbc:Percent"),
    F(BT_97, "cbc:AllowanceChargeReason"), F(BT_98, "cbc:AllowanceChargeReasonCode")};
static const ubl_row UBL_CHARGE[] = {
    F(BT_99, "cbc:Amount"), F(BT_100, "cbc:BaseAmount"), F(BT_101, "cbc:MultiplierFactorNumeric"),
    F(BT_102, "cac:TaxCategory/cbc:ID"), F(BT_103, "cac:TaxCategory/cbc:Percent"),
    F(BT_104, "cbc:AllowanceChargeReason"), F(BT_105, "cbc:AllowanceChargeReasonCode")};

/* BT-110/BT-111 are the TaxTotal amounts in the document / tax currency */
#define UBL_TAX_TOTALS                                                                     \
    FX(BT_110, "/cac:TaxTotal/cbc:TaxAmount", 0, UF_CUR_DOC),                              \
    FX(BT_110, "/cac:TaxTotal/cbc:TaxAmount", MB_IF_ABSENT, UF_CUR_FALLBACK),              \
    FX(BT_111, "/cac:TaxTotal/cbc:TaxAmount", 0, UF_CUR_TAX)
static const ubl_row UBL_TOTALS[] = {
    F(BT_106, "cbc:LineExtensionAmount"), F(BT_107, "cbc:AllowanceTotalAmount"),
    F(BT_108, "cbc:ChargeTotalAmount"), F(BT_109, "cbc:TaxExclusiveAmount"),
    UBL_TAX_TOTALS,
    F(BT_112, "cbc:TaxInclusiveAmount"), F(BT_113, "cbc:PrepaidAmount"),
    F(BT_114, "cbc:PayableRoundingAmount"), F(BT_115, "cbc:PayableAmount")};
/* without cac:LegalMonetaryTotal the tax total still belongs to BG-22 */
static const ubl_row UBL_TAX_ONLY_TOTALS[] = {UBL_TAX_TOTALS};

static const ubl_row UBL_VAT_BREAKDOWN[] = {
    F(BT_116, "cbc:TaxableAmount"), F(BT_117, "cbc:TaxAmount"),
    F(BT_118, "cac:TaxCategory/cbc:ID"), F(BT_119, "cac:TaxCategory/cbc:Percent"),
    F(BT_120, "cac:TaxCategory/cbc:TaxExemptionReason"),
    F(BT_121, "cac:TaxCategory/cbc:TaxExemptionReasonCode")};

static const ubl_row UBL_DOCUMENT[] = {
    F(BT_122, "cbc:ID"), F(BT_123, "cbc:DocumentDescription"),
    F(BT_124, "cac:Attachment/cac:ExternalReference/cbc:URI"),
    F(BT_125, "cac:Attachment/cbc:EmbeddedDocumentBinaryObject")};

static const ubl_row UBL_LINE_PERIOD[] = {F(BT_134, "cbc:StartDate"), F(BT_135, "cbc:EndDate")};
static const ubl_row UBL_LINE_ALLOWANCE[] = {
    F(BT_136, "cbc:Amount"), F(BT_137, "cbc:BaseAmount"), F(BT_138, "cbc:MultiplierFactorNumeric"),
    F(BT_139, "cbc:AllowanceChargeReason"), F(BT_140, "cbc:AllowanceChargeReasonCode")};
static const ubl_row UBL_LINE_CHARGE[] = {
    F(BT_141, "cbc:Amount"), F(BT_142, "cbc:BaseAmount"), F(BT_143, "cbc:MultiplierFactorNumeric"),
    F(BT_144, "cbc:AllowanceChargeReason"), F(BT_145, "cbc:AllowanceChargeReasonCode")};
static const ubl_row UBL_PRICE[] = {
    F(BT_146, "cbc:PriceAmount"), F(BT_147, "cac:AllowanceCharge/cbc:Amount"),
    F(BT_148, "cac:AllowanceCharge/cbc:BaseAmount"), F(BT_149, "cbc:BaseQuantity"),
    F(BT_150, "cbc:BaseQuantity/@unitCode")};
static const ubl_row UBL_LINE_VAT[] = {F(BT_151, "cbc:ID"), F(BT_152, "cbc:Percent")};
static const ubl_row UBL_ITEM_ATTRIBUTE[] = {F(BT_160, "cbc:Name"), F(BT_161, "cbc:Value")};
static const ubl_row UBL_ITEM[] = {
    F(BT_153, "cbc:Name"), F(BT_154, "cbc:Description"),
    F(BT_155, "cac:SellersItemIdentification/cbc:ID"),
    F(BT_156, "cac:BuyersItemIdentification/cbc:ID"),
    F(BT_157, "cac:StandardItemIdentification/cbc:ID"),
    FA(BT_158, "cac:CommodityClassification/cbc:ItemClassificationCode", "@listID",
       "@listVersionID"),
    F(BT_159, "cac:OriginCountry/cbc:IdentificationCode"),
    G(BG_32, "cac:AdditionalItemProperty", UBL_ITEM_ATTRIBUTE)};

static const ubl_row UBL_LINE[] = {
    F(BT_126, "cbc:ID"),
    F(BT_127, "cbc:Note"),
    F(BT_128, "cac:DocumentReference/cbc:ID"),
    F(BT_129, "cbc:InvoicedQuantity|cbc:CreditedQuantity"),
    F(BT_130, "cbc:InvoicedQuantity/@unitCode|cbc:CreditedQuantity/@unitCode"),
    F(BT_131, "cbc:LineExtensionAmount"),
    F(BT_132, "cac:OrderLineReference/cbc:LineID"),
    F(BT_133, "cbc:AccountingCost"),
    G(BG_26, "cac:InvoicePeriod", UBL_LINE_PERIOD),
    GX(BG_27, "cac:AllowanceCharge", 0, UF_ALLOWANCE, UBL_LINE_ALLOWANCE),
    GX(BG_28, "cac:AllowanceCharge", 0, UF_CHARGE, UBL_LINE_CHARGE),
    G(BG_29, "cac:Price", UBL_PRICE),
    G(BG_30, "cac:Item/cac:ClassifiedTaxCategory", UBL_LINE_VAT),
    G(BG_31, "cac:Item", UBL_ITEM)};

static const ubl_row UBL_INVOICE[] = {
    F(BT_1, "cbc:ID"),
    F(BT_2, "cbc:IssueDate"),
    F(BT_3, "cbc:InvoiceTypeCode|cbc:CreditNoteTypeCode"),
    F(BT_5, "cbc:DocumentCurrencyCode"),
    F(BT_6, "cbc:TaxCurrencyCode"),
    F(BT_7, "cbc:TaxPointDate"),
    F(BT_8, "cac:InvoicePeriod/cbc:DescriptionCode"),
    FX(BT_9, "cbc:DueDate", MB_INV, 0),
    FX(BT_9, "cac:PaymentMeans/cbc:PaymentDueDate", MB_CN, 0),
    F(BT_10, "cbc:BuyerReference"),
    FX(BT_11, "cac:ProjectReference/cbc:ID", MB_INV, 0),
    FX(BT_11, "cac:AdditionalDocumentReference/cbc:ID", MB_CN, UF_DOC50),
    F(BT_12, "cac:ContractDocumentReference/cbc:ID"),
    F(BT_13, "cac:OrderReference/cbc:ID"),
    F(BT_14, "cac:OrderReference/cbc:SalesOrderID"),
    F(BT_15, "cac:ReceiptDocumentReference/cbc:ID"),
    F(BT_16, "cac:DespatchDocumentReference/cbc:ID"),
    F(BT_17, "cac:OriginatorDocumentReference/cbc:ID"),
    FX(BT_18, "cac:AdditionalDocumentReference/cbc:ID", 0, UF_DOC130),
    F(BT_19, "cbc:AccountingCost"),
    F(BT_20, "cac:PaymentTerms/cbc:Note"),
    G(BG_1, "cbc:Note", UBL_NOTE),
    GX(BG_2, ".", MB_COND, 0, UBL_PROCESS),
    G(BG_3, "cac:BillingReference/cac:InvoiceDocumentReference", UBL_PRECEDING),
    G(BG_4, "cac:AccountingSupplierParty/cac:Party", UBL_SELLER),
    G(BG_7, "cac:AccountingCustomerParty/cac:Party", UBL_BUYER),
    G(BG_10, "cac:PayeeParty", UBL_PAYEE),
    G(BG_11, "cac:TaxRepresentativeParty", UBL_TAXREP),
    G(BG_13, "cac:Delivery", UBL_DELIVERY),
    /* a cac:InvoicePeriod holding only BT-8 (a document-level term) is no invoicing period:
     * CII has no empty one (BR-CO-19 wants a date there) */
    GX(BG_14, "cac:InvoicePeriod", MB_COND, 0, UBL_PERIOD),
    GX(BG_16, ".", MB_COND, 0, UBL_PAYMENT),
    GX(BG_20, "cac:AllowanceCharge", 0, UF_ALLOWANCE, UBL_ALLOWANCE),
    GX(BG_21, "cac:AllowanceCharge", 0, UF_CHARGE, UBL_CHARGE),
    G(BG_22, "cac:LegalMonetaryTotal", UBL_TOTALS),
    GX(BG_22, ".", MB_COND | MB_IF_ABSENT, 0, UBL_TAX_ONLY_TOTALS),
    G(BG_23, "cac:TaxTotal/cac:TaxSubtotal", UBL_VAT_BREAKDOWN),
    GX(BG_24, "cac:AdditionalDocumentReference", 0, UF_BG24, UBL_DOCUMENT),
    G(BG_25, "cac:InvoiceLine|cac:CreditNoteLine", UBL_LINE)};

#undef F
#undef FX
#undef FA
#undef G
#undef GX
#undef N_
#undef UBL_ADDRESS
#undef UBL_TAX_TOTALS

einv_invoice_t *ubl_to_model(const einv_xdoc_t *doc)
{
    mb_map m;
    const xmlNode *root = einv_xdoc_root(doc);
    if (root && einv_xdoc_syntax(doc) != EINV_SYNTAX_UBL)
        root = NULL;
    if (!mb_begin(&m, &UBL_SYNTAX, root) || !root)
        return m.inv;
    m.credit_note = einv_xdoc_is_credit_note(doc);
    xw_trim_copy(einv_x_text(einv_x_child(root, EINV_NS_CBC, "DocumentCurrencyCode")),
                 m.cur_doc, sizeof m.cur_doc);
    xw_trim_copy(einv_x_text(einv_x_child(root, EINV_NS_CBC, "TaxCurrencyCode")),
                 m.cur_tax, sizeof m.cur_tax);
    mb_build(&m, UBL_INVOICE, MB_N(UBL_INVOICE));
    if (m.inv) {
        mn_gross_prices(m.inv);
        mn_seller_id_order(m.inv);
    }
    return m.inv;
}
