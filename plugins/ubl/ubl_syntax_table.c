/* Rule metadata of the UBL syntax binding (UBL-SR-*, UBL-DT-*, UBL-CR-*): identifiers,
 * severities and our own messages, indexed by rule number, plus the CR path table built
 * from ubl_syntax_table.def and the list of every rule for the plugin's rule listing.
 * The checking logic is in ubl_syntax_rules.c. */
#include <stddef.h>
#include "ubl_syntax_rules.h"

#define SEV_WARN EINV_SEV_WARNING
#define SEV_ERR EINV_SEV_ERROR
#define SR(n, terms, msg, sugg) \
    [1##n - 100] = {"UBL-SR-" #n, EINV_SEV_ERROR, EINV_LAYER_SYNTAX, terms, msg, sugg},
#define DT(n, sev, terms, msg, sugg) \
    [1##n - 100] = {"UBL-DT-" #n, sev, EINV_LAYER_SYNTAX, terms, msg, sugg},

/* Numbers are written with leading zeros as in the rule ids; 1##n - 100 turns "08" into 8
 * without octal surprises. */
const einv_rule_t ubl_sr[UBL_SR_MAX] = {
SR(01, "BT-12", "The contract reference (BT-12) is given more than once",
   "Keep a single cac:ContractDocumentReference/cbc:ID.")
SR(02, "BT-15", "The receiving advice reference (BT-15) is given more than once",
   "Keep a single cac:ReceiptDocumentReference/cbc:ID.")
SR(03, "BT-16", "The despatch advice reference (BT-16) is given more than once",
   "Keep a single cac:DespatchDocumentReference/cbc:ID.")
SR(04, "BT-18", "The invoiced object identifier (BT-18) is given more than once",
   "Keep one cac:AdditionalDocumentReference with document type code 130.")
SR(05, "BT-20", "The payment terms (BT-20) are given more than once",
   "Put all payment terms into a single cac:PaymentTerms/cbc:Note.")
SR(06, "BG-3", "A billing reference holds more than one preceding invoice reference",
   "Use one cac:BillingReference per preceding invoice.")
SR(07, "BT-25", "A preceding invoice reference (BG-3) lacks the preceding invoice number (BT-25)",
   "Add cac:InvoiceDocumentReference/cbc:ID to the cac:BillingReference.")
SR(08, "BG-14", "The invoicing period (BG-14) is given more than once",
   "Keep a single document level cac:InvoicePeriod.")
SR(09, "BT-27", "The seller name (BT-27) is given more than once",
   "Keep a single cac:PartyLegalEntity/cbc:RegistrationName for the seller.")
SR(10, "BT-28", "The seller trading name (BT-28) is given more than once",
   "Keep a single cac:PartyName/cbc:Name for the seller.")
SR(11, "BT-30", "The seller legal registration identifier (BT-30) is given more than once",
   "Keep a single cac:PartyLegalEntity/cbc:CompanyID for the seller.")
SR(12, "BT-31", "The seller VAT identifier (BT-31) is given more than once",
   "Keep a single seller cac:PartyTaxScheme with tax scheme VAT.")
SR(13, "BT-32", "The seller tax registration identifier (BT-32) is given more than once",
   "Keep a single seller cac:PartyTaxScheme with a tax scheme other than VAT.")
SR(14, "BT-33", "The seller additional legal information (BT-33) is given more than once",
   "Keep a single cac:PartyLegalEntity/cbc:CompanyLegalForm for the seller.")
SR(15, "BT-44", "The buyer name (BT-44) is given more than once",
   "Keep a single cac:PartyLegalEntity/cbc:RegistrationName for the buyer.")
SR(16, "BT-46", "The buyer identifier (BT-46) is given more than once",
   "Keep a single cac:PartyIdentification/cbc:ID for the buyer.")
SR(17, "BT-47", "The buyer legal registration identifier (BT-47) is given more than once",
   "Keep a single cac:PartyLegalEntity/cbc:CompanyID for the buyer.")
SR(18, "BT-48", "The buyer VAT identifier (BT-48) is given more than once",
   "Keep a single buyer cac:PartyTaxScheme with tax scheme VAT.")
SR(19, "BT-59", "The payee name (BT-59) must occur at most once and differ from the seller name",
   "Give the payee one cac:PartyName/cbc:Name, or leave cac:PayeeParty out when the seller is paid.")
SR(20, "BT-60", "The payee identifier (BT-60) must occur at most once, for a payee other than the seller",
   "Give the payee one identifier, or leave cac:PayeeParty out when the seller is paid.")
SR(21, "BT-61", "The payee legal registration identifier (BT-61) must occur at most once, for a payee other than the seller",
   "Give the payee one cac:PartyLegalEntity/cbc:CompanyID, or leave cac:PayeeParty out when the seller is paid.")
SR(22, "BT-62", "The seller tax representative name (BT-62) is given more than once",
   "Keep a single cac:PartyName/cbc:Name for the tax representative.")
SR(23, "BT-63", "The seller tax representative VAT identifier (BT-63) is given more than once",
   "Keep a single cac:PartyTaxScheme/cbc:CompanyID for the tax representative.")
SR(24, "BG-13", "The delivery information (BG-13) is given more than once",
   "Keep a single document level cac:Delivery.")
SR(25, "BT-70", "The deliver to party name (BT-70) is given more than once",
   "Keep a single cac:DeliveryParty/cac:PartyName/cbc:Name.")
SR(26, "BT-83", "A payment instruction holds more than one remittance information (BT-83)",
   "Keep a single cbc:PaymentID per cac:PaymentMeans.")
SR(27, "BT-81", "A payment instruction holds more than one payment means type code (BT-81)",
   "Keep a single cbc:PaymentMeansCode per cac:PaymentMeans.")
SR(28, "BT-89", "The mandate reference identifier (BT-89) is given more than once",
   "Keep a single cac:PaymentMandate/cbc:ID.")
SR(29, "BT-90", "The bank assigned creditor identifier (BT-90) is given more than once",
   "Keep a single party identifier with scheme SEPA.")
SR(30, "BT-97", "A document level allowance holds more than one reason text (BT-97)",
   "Keep a single cbc:AllowanceChargeReason per allowance.")
SR(31, "BT-104", "A document level charge holds more than one reason text (BT-104)",
   "Keep a single cbc:AllowanceChargeReason per charge.")
SR(32, "BT-120", "A VAT breakdown holds more than one exemption reason text (BT-120)",
   "Keep a single cbc:TaxExemptionReason per cac:TaxSubtotal.")
SR(33, "BT-123", "A supporting document has more than one description (BT-123)",
   "Keep a single cbc:DocumentDescription per cac:AdditionalDocumentReference.")
SR(34, "BT-127", "An invoice line has more than one note (BT-127)",
   "Join the line notes into a single cbc:Note.")
SR(35, "BT-132", "An invoice line references more than one purchase order line (BT-132)",
   "Keep a single cac:OrderLineReference/cbc:LineID per line.")
SR(36, "BG-26", "An invoice line has more than one invoice line period (BG-26)",
   "Keep a single cac:InvoicePeriod per line.")
SR(37, "BT-147", "An invoice line has more than one item price discount (BT-147)",
   "Keep a single cac:Price/cac:AllowanceCharge/cbc:Amount per line.")
SR(39, "BT-11", "The project reference (BT-11) is given more than once",
   "Keep a single cac:ProjectReference/cbc:ID.")
SR(40, "BT-45", "The buyer trading name (BT-45) is given more than once",
   "Keep a single cac:PartyName/cbc:Name for the buyer.")
SR(42, "BT-31, BT-32", "The seller has more than two tax registrations (cac:PartyTaxScheme)",
   "Give the seller at most one VAT and one other tax registration.")
SR(43, "BT-18-1", "A scheme identifier is only allowed on the invoiced object identifier (document type code 130, or 50 in a credit note)",
   "Remove the schemeID attribute from cbc:ID, or give the reference document type code 130.")
SR(44, "BT-83", "The payment instructions carry different remittance information (BT-83)",
   "Use the same cbc:PaymentID value in every cac:PaymentMeans.")
SR(45, "BT-9", "The payment due date (BT-9) is given more than once",
   "Keep a single cbc:PaymentDueDate.")
SR(46, "BT-82", "The payment means text (BT-82) is given more than once",
   "Keep the name attribute on a single cbc:PaymentMeansCode.")
SR(47, "BT-81", "The payment instructions use different payment means type codes (BT-81)",
   "Use the same cbc:PaymentMeansCode value in every cac:PaymentMeans.")
SR(48, "BG-30", "An invoice line must have exactly one item VAT category (BG-30)",
   "Give cac:Item exactly one cac:ClassifiedTaxCategory.")
SR(49, "BT-8", "The VAT point date code (BT-8) is given more than once",
   "Keep a single cac:InvoicePeriod/cbc:DescriptionCode.")
SR(50, "BT-154", "An item has more than one description (BT-154)",
   "Join the item descriptions into a single cbc:Description.")
SR(51, "BT-162, BT-163, BT-164, BT-165, BT-80", "An address has more than one third address line",
   "Keep a single cac:AddressLine in the address.")
SR(52, "BT-128", "An invoice line has more than one document reference (BT-128)",
   "Keep a single cac:DocumentReference per line.")
SR(53, "BT-31, BT-48, BT-63", "A tax registration (cac:PartyTaxScheme) lacks the VAT identifier or the tax scheme",
   "Give cac:PartyTaxScheme both cbc:CompanyID and cac:TaxScheme/cbc:ID.")
SR(54, "BG-18", "The payment card information (BG-18) is given more than once",
   "Keep a single cac:CardAccount.")
SR(55, "BG-19", "The direct debit mandate (BG-19) is given more than once",
   "Keep a single cac:PaymentMandate.")
SR(56, "BT-17", "The tender or lot reference (BT-17) is given more than once",
   "Keep a single cac:OriginatorDocumentReference/cbc:ID.")
};

/* Attributes EN 16931 does not use (each may appear nowhere in the document). */
#define DTA_MSG(a) "The " a " attribute is not used by EN 16931 and is ignored"
#define DTA_SUGG(a) "Remove the " a " attribute."
#define DTA(n, a) DT(n, SEV_WARN, "", DTA_MSG(a), DTA_SUGG(a))

const einv_rule_t ubl_dt[UBL_DT_MAX] = {
DT(01, SEV_ERR, "", "An amount has more than two decimals",
   "Round the amount to at most two fraction digits.")
DT(06, SEV_ERR, "BT-125-1", "An attached binary object lacks its MIME code (mimeCode attribute)",
   "Add the mimeCode attribute, e.g. mimeCode=\"application/pdf\".")
DT(07, SEV_ERR, "BT-125-2", "An attached binary object lacks its file name (filename attribute)",
   "Add the filename attribute.")

DTA(08, "schemeName")
DTA(09, "schemeAgencyName")
DTA(10, "schemeDataURI")
DTA(11, "schemeURI")
DTA(12, "format")
DTA(13, "unitCodeListIdentifier")
DTA(14, "unitCodeListAgencyIdentifier")
DTA(15, "unitCodeListAgencyName")
DTA(16, "listAgencyName")
DTA(17, "listName")
DT(18, SEV_WARN, "", "The name attribute is only used on the payment means code (BT-82)",
   "Remove the name attribute from elements other than cbc:PaymentMeansCode.")
DTA(19, "languageID")
DTA(20, "listURI")
DTA(21, "listSchemeURI")
DTA(22, "languageLocaleID")
DTA(23, "uri")
DTA(24, "currencyCodeListVersionID")
DTA(25, "characterSetCode")
DTA(26, "encodingCode")
DTA(27, "schemeAgencyID")
DTA(28, "listAgencyID")
};

/* CR rules: messages are built from the forbidden path. */
#define CR_MSG_ROOT(p) p " is not used by EN 16931 and is ignored"
#define CR_MSG_LINE(p) "Invoice line " p " is not used by EN 16931 and is ignored"
#define CR_MSG_ANY(p) p " is not used by EN 16931 and is ignored (wherever it occurs)"
#define CR_SUGG "Remove it; EN 16931 receivers do not process this information."
#define CR_IDX(n) [1##n - 1000]

const einv_rule_t ubl_cr[UBL_CR_MAX] = {
#define CR(n, kind, sev, flags, path) \
    CR_IDX(n) = {"UBL-CR-" #n, SEV_##sev, EINV_LAYER_SYNTAX, "", CR_MSG_##kind(path), CR_SUGG},
#define CRS(n, sev, path, msg, sugg) \
    CR_IDX(n) = {"UBL-CR-" #n, SEV_##sev, EINV_LAYER_SYNTAX, "", msg, sugg},
#include "ubl_syntax_table.def"
#undef CR
#undef CRS
};

#define F_INVOICE_ONLY UBL_CR_INVOICE_ONLY
const ubl_cr_path_t ubl_cr_path[UBL_CR_MAX] = {
#define CR(n, kind, sev, flags, path) CR_IDX(n) = {UBL_CR_##kind, flags, path},
#define CRS(n, sev, path, msg, sugg) CR_IDX(n) = {UBL_CR_SPECIAL, 0, path},
#include "ubl_syntax_table.def"
#undef CR
#undef CRS
};

const ubl_attr_rule_t ubl_attr_rules[] = {
    {"schemeName", &ubl_dt[8]},
    {"schemeAgencyName", &ubl_dt[9]},
    {"schemeDataURI", &ubl_dt[10]},
    {"schemeURI", &ubl_dt[11]},
    {"format", &ubl_dt[12]},
    {"unitCodeListIdentifier", &ubl_dt[13]},
    {"unitCodeListAgencyIdentifier", &ubl_dt[14]},
    {"unitCodeListAgencyName", &ubl_dt[15]},
    {"listAgencyName", &ubl_dt[16]},
    {"listName", &ubl_dt[17]},
    /* "name" (UBL-DT-18) is allowed on cbc:PaymentMeansCode: coded apart */
    {"languageID", &ubl_dt[19]},
    {"listURI", &ubl_dt[20]},
    {"listSchemeURI", &ubl_dt[21]},
    {"languageLocaleID", &ubl_dt[22]},
    {"uri", &ubl_dt[23]},
    {"currencyCodeListVersionID", &ubl_dt[24]},
    {"characterSetCode", &ubl_dt[25]},
    {"encodingCode", &ubl_dt[26]},
    {"schemeAgencyID", &ubl_dt[27]},
    {"listAgencyID", &ubl_dt[28]},
    {"unitCodeListID", &ubl_cr[663]},
};
const size_t ubl_attr_rules_count = sizeof ubl_attr_rules / sizeof ubl_attr_rules[0];

#define SRP(n) &ubl_sr[n]
#define DTP(n) &ubl_dt[n]
const einv_rule_t *const ubl_syntax_rules[] = {
    SRP(1), SRP(2), SRP(3), SRP(4), SRP(5), SRP(6), SRP(7), SRP(8), SRP(9), SRP(10),
    SRP(11), SRP(12), SRP(13), SRP(14), SRP(15), SRP(16), SRP(17), SRP(18), SRP(19), SRP(20),
    SRP(21), SRP(22), SRP(23), SRP(24), SRP(25), SRP(26), SRP(27), SRP(28), SRP(29), SRP(30),
    SRP(31), SRP(32), SRP(33), SRP(34), SRP(35), SRP(36), SRP(37), SRP(39), SRP(40), SRP(42),
    SRP(43), SRP(44), SRP(45), SRP(46), SRP(47), SRP(48), SRP(49), SRP(50), SRP(51), SRP(52),
    SRP(53), SRP(54), SRP(55), SRP(56),
    DTP(1), DTP(6), DTP(7), DTP(8), DTP(9), DTP(10), DTP(11), DTP(12), DTP(13), DTP(14),
    DTP(15), DTP(16), DTP(17), DTP(18), DTP(19), DTP(20), DTP(21), DTP(22), DTP(23), DTP(24),
    DTP(25), DTP(26), DTP(27), DTP(28),
#define CR(n, kind, sev, flags, path) &ubl_cr CR_IDX_P(n),
#define CRS(n, sev, path, msg, sugg) &ubl_cr CR_IDX_P(n),
#define CR_IDX_P(n) [1##n - 1000]
#include "ubl_syntax_table.def"
#undef CR
#undef CRS
};
const size_t ubl_syntax_rules_count = sizeof ubl_syntax_rules / sizeof ubl_syntax_rules[0];
