/* Internal to the PEPPOL national rule family (peppol_national_*.c): the document facts the
 * national patterns share (seller/buyer country as the artefact derives it), the small
 * XPath-like string helpers and checksums they use, and the rule table.
 *
 * The rule table is one X-macro list so that the definitions (peppol_national.c) and the
 * declarations used by the country files cannot drift apart. */
#ifndef PEPPOL_NATIONAL_INT_H
#define PEPPOL_NATIONAL_INT_H

#include <stddef.h>
#include "peppol_int.h"

#define PN_INTERNAL __attribute__((visibility("hidden")))

/* ---- the rules: X(var, id, severity, terms, message, suggestion) ---- */
#define PN_E EINV_SEV_ERROR
#define PN_W EINV_SEV_WARNING
#define PN_RULES(X)                                                                               \
    /* Norway */                                                                                  \
    X(NO_R_001, "NO-R-001", PN_E, "BT-31",                                                        \
      "A Norwegian seller VAT identifier (BT-31) is not NO + a valid 9-digit organisation number + MVA.", \
      "Write the VAT identifier as NO, the organisation number (mod 11 check digit) and MVA, e.g. NO999999999MVA.") \
    X(NO_R_002, "NO-R-002", PN_W, "BT-32",                                                        \
      "A Norwegian seller does not state 'Foretaksregisteret' as its tax registration (BT-32).",  \
      "Add a cac:PartyTaxScheme with cbc:CompanyID 'Foretaksregisteret' and TaxScheme ID TAX when the seller is registered there.") \
    /* Denmark */                                                                                 \
    X(DK_R_002, "DK-R-002", PN_E, "BT-30",                                                        \
      "A Danish seller gives no legal registration identifier (BT-30, CVR number).",              \
      "Fill cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID with the CVR number.") \
    X(DK_R_003, "DK-R-003", PN_E, "BT-158",                                                       \
      "A Danish item classification with list TST does not name UNSPSC version 19.05.01 or 26.08.01.", \
      "Set listVersionID of the TST cbc:ItemClassificationCode to 19.05.01 or 26.08.01.")          \
    X(DK_R_004, "DK-R-004", PN_E, "BT-97, BT-98, BT-104, BT-105",                                 \
      "A Danish non-VAT tax (reason code ZZZ) has no 4-digit tax category or '#'-separated reason.", \
      "With reason code ZZZ put the 4-digit tax category, or a text with an inner '#', in cbc:AllowanceChargeReason.") \
    X(DK_R_005, "DK-R-005", PN_E, "BT-81",                                                        \
      "The payment means code (BT-81) is not one Danish invoices allow.",                         \
      "Use one of 1, 10, 31, 42, 48, 49, 50, 58, 59, 93 or 97.")                                   \
    X(DK_R_006, "DK-R-006", PN_E, "BT-84, BT-86",                                                 \
      "Danish payment means 31 or 42 lacks the account number (BT-84) or the bank registration number (BT-86).", \
      "Fill cac:PayeeFinancialAccount/cbc:ID and its cac:FinancialInstitutionBranch/cbc:ID.")     \
    X(DK_R_007, "DK-R-007", PN_E, "BT-89, BT-91",                                                 \
      "Danish payment means 49 lacks the mandate reference (BT-89) or the debited account (BT-91).", \
      "Fill cac:PaymentMandate/cbc:ID and cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID.")  \
    X(DK_R_008, "DK-R-008", PN_E, "BT-83, BT-84",                                                 \
      "Danish Giro payment (50) needs a payment id starting 01#, 04# or 15# and a 7-8 digit account.", \
      "Start cbc:PaymentID with the card type code (01#, 04# or 15#) and give the 7 or 8 digit Giro account number.") \
    X(DK_R_009, "DK-R-009", PN_E, "BT-83",                                                        \
      "A Danish Giro payment id starting 04# or 15# is not followed by the 16-digit instruction id.", \
      "Write the payment id as the card type code and 16 digits, e.g. 04#1234567890123456.")        \
    X(DK_R_010, "DK-R-010", PN_E, "BT-83, BT-84",                                                 \
      "Danish FIK payment (93) needs a payment id starting 71#, 73# or 75# and an 8-character account.", \
      "Start cbc:PaymentID with 71#, 73# or 75# and give the 8-character creditor number as account id.") \
    X(DK_R_011, "DK-R-011", PN_E, "BT-83",                                                        \
      "A Danish FIK payment id starting 71# or 75# is not followed by a 15 or 16 digit instruction id.", \
      "Write the payment id as 71# or 75# followed by the 15-16 digit instruction id.")            \
    X(DK_R_013, "DK-R-013", PN_E, "BT-29, BT-46",                                                 \
      "A Danish party identifier (BT-29/BT-46) has no scheme identifier.",                        \
      "Add a schemeID attribute to cac:PartyIdentification/cbc:ID.")                               \
    X(DK_R_014, "DK-R-014", PN_E, "BT-30",                                                        \
      "The Danish seller legal registration identifier (BT-30) does not use scheme 0184 (CVR).",  \
      "Set schemeID=\"0184\" on the seller's cac:PartyLegalEntity/cbc:CompanyID.")                 \
    X(DK_R_016, "DK-R-016", PN_E, "BT-115",                                                       \
      "A Danish credit note to a Danish buyer has a negative amount due (BT-115).",               \
      "Issue an invoice instead, or make the credit note total positive.")                         \
    X(DK_R_017, "DK-R-017", PN_E, "BT-47",                                                        \
      "The Danish buyer legal registration identifier (BT-47) does not use scheme 0184 (CVR).",   \
      "Set schemeID=\"0184\" on the buyer's cac:PartyLegalEntity/cbc:CompanyID.")                  \
    /* Italy */                                                                                   \
    X(IT_R_001, "IT-R-001", PN_E, "BT-32",                                                        \
      "An Italian seller tax registration identifier (BT-32) is not 11 to 16 upper-case letters or digits.", \
      "Give the codice fiscale (11-16 characters A-Z, 0-9) in the non-VAT cac:PartyTaxScheme.")    \
    X(IT_R_002, "IT-R-002", PN_E, "BT-35", "An Italian seller address has no address line 1 (BT-35).", \
      "Add cbc:StreetName to the seller postal address.")                                          \
    X(IT_R_003, "IT-R-003", PN_E, "BT-37", "An Italian seller address has no city (BT-37).",      \
      "Add cbc:CityName to the seller postal address.")                                            \
    X(IT_R_004, "IT-R-004", PN_E, "BT-38", "An Italian seller address has no post code (BT-38).", \
      "Add cbc:PostalZone (CAP) to the seller postal address.")                                    \
    /* Sweden */                                                                                  \
    X(SE_R_001, "SE-R-001", PN_E, "BT-31", "A Swedish seller VAT identifier (BT-31) is not 14 characters long.", \
      "Write it as SE, the 10-digit organisation number and 01, e.g. SE556677889901.")             \
    X(SE_R_002, "SE-R-002", PN_E, "BT-31",                                                        \
      "The 12 characters after SE in a Swedish seller VAT identifier (BT-31) are not numeric.",   \
      "Use digits only after the SE prefix.")                                                      \
    X(SE_R_003, "SE-R-003", PN_E, "BT-30", "A Swedish seller organisation number (BT-30) is not numeric.", \
      "Give the organisation number as 10 digits without a hyphen.")                               \
    X(SE_R_004, "SE-R-004", PN_E, "BT-30", "A Swedish seller organisation number (BT-30) is not 10 characters long.", \
      "Give the organisation number as exactly 10 digits.")                                        \
    X(SE_R_005, "SE-R-005", PN_E, "BT-32",                                                        \
      "A Swedish seller tax registration (BT-32) does not read 'Godkänd för F-skatt'.",           \
      "State 'Godkänd för F-skatt' in the non-VAT cac:PartyTaxScheme/cbc:CompanyID, or leave it out.") \
    X(SE_R_006, "SE-R-006", PN_E, "BT-119, BT-152",                                               \
      "A Swedish seller uses a standard VAT rate other than 25, 12 or 6 percent.",                \
      "Use 25, 12 or 6 as cbc:Percent for category S.")                                            \
    X(SE_R_007, "SE-R-007", PN_W, "BT-84", "A Swedish Plusgiro account number (BT-84) is not numeric.", \
      "Give the Plusgiro number as digits only.")                                                  \
    X(SE_R_008, "SE-R-008", PN_W, "BT-84", "A Swedish Bankgiro account number (BT-84) is not numeric.", \
      "Give the Bankgiro number as digits only.")                                                  \
    X(SE_R_009, "SE-R-009", PN_W, "BT-84", "A Swedish Bankgiro account number (BT-84) is not 7 or 8 characters long.", \
      "Give the Bankgiro number as 7 or 8 digits.")                                                \
    X(SE_R_010, "SE-R-010", PN_W, "BT-84", "A Swedish Plusgiro account number (BT-84) is not 2 to 8 characters long.", \
      "Give the Plusgiro number as 2 to 8 digits.")                                                \
    X(SE_R_011, "SE-R-011", PN_W, "BT-81",                                                        \
      "A Swedish seller uses payment means 50 or 56 for Bankgiro/Plusgiro.",                       \
      "Use payment means 30 with FinancialInstitutionBranch ID SE:BANKGIRO or SE:PLUSGIRO.")       \
    X(SE_R_012, "SE-R-012", PN_W, "BT-81",                                                        \
      "A domestic Swedish invoice uses payment means 31 for a credit transfer.",                  \
      "Use payment means code 30 between Swedish trading partners.")                               \
    X(SE_R_013, "SE-R-013", PN_E, "BT-30",                                                        \
      "The check digit of a Swedish seller organisation number (BT-30) is wrong (Luhn).",         \
      "Correct the organisation number; its last digit is a Luhn check digit.")                    \
    /* Greece */                                                                                  \
    X(GR_R_001_1, "GR-R-001-1", PN_E, "BT-1", "A Greek seller's invoice number (BT-1) does not have 6 '|'-separated segments.", \
      "Build the invoice number as TIN|date|branch|type|series|number.")                           \
    X(GR_R_001_2, "GR-R-001-2", PN_E, "BT-1",                                                     \
      "The first segment of a Greek invoice number (BT-1) is not a valid TIN of the seller or its tax representative.", \
      "Start the invoice number with the 9-digit TIN of the seller's (or representative's) VAT identifier.") \
    X(GR_R_001_3, "GR-R-001-3", PN_E, "BT-1, BT-2",                                               \
      "The second segment of a Greek invoice number (BT-1) is not the issue date (BT-2) as DD/MM/YYYY.", \
      "Put the issue date as DD/MM/YYYY in the second segment.")                                   \
    X(GR_R_001_4, "GR-R-001-4", PN_E, "BT-1", "The third segment of a Greek invoice number (BT-1) is not a non-negative integer.", \
      "Put the installation (branch) number, e.g. 0, in the third segment.")                       \
    X(GR_R_001_5, "GR-R-001-5", PN_E, "BT-1", "The fourth segment of a Greek invoice number (BT-1) is not a Greek document type.", \
      "Use one of 1.1, 1.6, 2.1, 2.4, 5.1 or 5.2 as the fourth segment.")                         \
    X(GR_R_001_6, "GR-R-001-6", PN_E, "BT-1", "The fifth segment (series) of a Greek invoice number (BT-1) is empty.", \
      "Put the series in the fifth segment.")                                                      \
    X(GR_R_001_7, "GR-R-001-7", PN_E, "BT-1", "The sixth segment (number) of a Greek invoice number (BT-1) is empty.", \
      "Put the sequential number in the sixth segment.")                                           \
    X(GR_R_002, "GR-R-002", PN_E, "BT-28", "A Greek seller gives no trading name (BT-28).",        \
      "Add cac:PartyName/cbc:Name with the name registered at G.E.MH. or the tax registry.")        \
    X(GR_R_003, "GR-R-003", PN_E, "BT-31", "A Greek seller VAT identifier (BT-31) is not EL followed by a valid TIN.", \
      "Write the VAT identifier as EL and the 9-digit TIN with its check digit.")                 \
    X(GR_R_004_1, "GR-R-004-1", PN_E, "BT-122", "A Greek invoice does not carry exactly one MARK number.", \
      "Add one cac:AdditionalDocumentReference with cbc:DocumentDescription ##M.AR.K## and the MARK as ID.") \
    X(GR_R_004_2, "GR-R-004-2", PN_E, "BT-122", "A Greek MARK number is not a positive integer.", \
      "Give the MARK as digits starting with 1-9.")                                                \
    X(GR_R_005, "GR-R-005", PN_E, "BT-45", "A Greek seller gives no buyer trading name (BT-45).", \
      "Add cac:PartyName/cbc:Name to the buyer party.")                                            \
    X(GR_R_006, "GR-R-006", PN_E, "BT-48", "A Greek buyer of a Greek seller has no single valid EL VAT identifier (BT-48).", \
      "Give the buyer VAT identifier once, as EL and a valid 9-digit TIN.")                        \
    X(GR_R_008_2, "GR-R-008-2", PN_E, "BT-122", "A Greek invoice carries more than one invoice URL reference.", \
      "Keep at most one cac:AdditionalDocumentReference with description ##INVOICE|URL##.")        \
    X(GR_R_008_3, "GR-R-008-3", PN_E, "BT-124", "A Greek invoice URL reference has no external URI (BT-124).", \
      "Fill cac:Attachment/cac:ExternalReference/cbc:URI of the ##INVOICE|URL## reference.")       \
    X(GR_R_009, "GR-R-009", PN_E, "BT-34", "A Greek seller electronic address (BT-34) is not a valid TIN with scheme 9933.", \
      "Use schemeID 9933 and the seller's 9-digit TIN as cbc:EndpointID.")                         \
    X(GR_R_010, "GR-R-010", PN_E, "BT-49", "A Greek buyer electronic address (BT-49) is not a valid TIN with scheme 9933.", \
      "Use schemeID 9933 and the buyer's 9-digit TIN as cbc:EndpointID.")                          \
    X(GR_S_008_1, "GR-S-008-1", PN_W, "BT-122", "A Greek invoice does not carry exactly one invoice URL reference.", \
      "Add one cac:AdditionalDocumentReference with description ##INVOICE|URL## and the URL.")      \
    X(GR_S_011, "GR-S-011", PN_W, "BT-31", "A Greek seller does not give one VAT identifier as EL and a valid TIN (BT-31).", \
      "Give the seller VAT identifier once, as EL and the 9-digit TIN.")                           \
    /* Iceland */                                                                                 \
    X(IS_R_001, "IS-R-001", PN_W, "BT-3", "An Icelandic seller uses an invoice type code (BT-3) other than 380 or 381.", \
      "Use 380 for an invoice or 381 for a credit note.")                                          \
    X(IS_R_002, "IS-R-002", PN_E, "BT-30", "An Icelandic seller gives no kennitala (BT-30, scheme 0196).", \
      "Add cac:PartyLegalEntity/cbc:CompanyID with schemeID=\"0196\" to the seller.")              \
    X(IS_R_003, "IS-R-003", PN_E, "BT-35, BT-38", "An Icelandic seller address lacks the street (BT-35) or post code (BT-38).", \
      "Add cbc:StreetName and cbc:PostalZone to the seller postal address.")                       \
    X(IS_R_004, "IS-R-004", PN_E, "BT-47", "An Icelandic buyer of an Icelandic seller has no kennitala (BT-47, scheme 0196).", \
      "Add cac:PartyLegalEntity/cbc:CompanyID with schemeID=\"0196\" to the buyer.")               \
    X(IS_R_005, "IS-R-005", PN_E, "BT-50, BT-53", "An Icelandic buyer address lacks the street (BT-50) or post code (BT-53).", \
      "Add cbc:StreetName and cbc:PostalZone to the buyer postal address.")                        \
    X(IS_R_006, "IS-R-006", PN_E, "BT-84", "Icelandic payment means 9 has no 12-digit account identifier (BT-84).", \
      "Give bank number, ledger 66 and account number as a 12-digit cac:PayeeFinancialAccount/cbc:ID.") \
    X(IS_R_007, "IS-R-007", PN_E, "BT-84", "Icelandic payment means 42 has no 12-digit account identifier (BT-84).", \
      "Give the 12-digit account number in cac:PayeeFinancialAccount/cbc:ID.")                     \
    X(IS_R_008, "IS-R-008", PN_E, "BT-122", "The Icelandic EINDAGI reference (BT-122) is not a date YYYY-MM-DD.", \
      "Write the final due date (eindagi) as YYYY-MM-DD in the reference ID.")                     \
    X(IS_R_009, "IS-R-009", PN_E, "BT-9", "An Icelandic invoice with an EINDAGI reference has no due date (BT-9).", \
      "Add cbc:DueDate when stating an eindagi.")                                                  \
    X(IS_R_010, "IS-R-010", PN_E, "BT-9, BT-122", "The Icelandic EINDAGI date is earlier than the due date (BT-9).", \
      "Make the eindagi the same as or later than cbc:DueDate.")                                   \
    /* Netherlands */                                                                             \
    X(NL_R_001, "NL-R-001", PN_E, "BT-25", "A Dutch seller's credit note does not reference the invoice it corrects (BT-25).", \
      "Add cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID.")                            \
    X(NL_R_002, "NL-R-002", PN_E, "BT-35, BT-37, BT-38", "A Dutch seller address lacks street (BT-35), city (BT-37) or post code (BT-38).", \
      "Add cbc:StreetName, cbc:CityName and cbc:PostalZone to the seller postal address.")         \
    X(NL_R_003, "NL-R-003", PN_E, "BT-30", "A Dutch seller legal registration identifier (BT-30) is not a KVK or OIN number.", \
      "Give the KVK (schemeID 0106) or OIN (schemeID 0190) number in cac:PartyLegalEntity/cbc:CompanyID.") \
    X(NL_R_004, "NL-R-004", PN_E, "BT-50, BT-52, BT-53", "A Dutch buyer address lacks street (BT-50), city (BT-52) or post code (BT-53).", \
      "Add cbc:StreetName, cbc:CityName and cbc:PostalZone to the buyer postal address.")          \
    X(NL_R_005, "NL-R-005", PN_E, "BT-47", "A Dutch buyer legal registration identifier (BT-47) is not a KVK or OIN number.", \
      "Give the KVK (schemeID 0106) or OIN (schemeID 0190) number of the buyer.")                  \
    X(NL_R_006, "NL-R-006", PN_E, "BT-64, BT-66, BT-67", "A Dutch tax representative address lacks street, city or post code.", \
      "Add cbc:StreetName, cbc:CityName and cbc:PostalZone to the tax representative address.")    \
    X(NL_R_007, "NL-R-007", PN_E, "BG-16", "A Dutch seller gives no payment instructions (BG-16) although an amount is due.", \
      "Add cac:PaymentMeans describing how the buyer pays.")                                       \
    X(NL_R_008, "NL-R-008", PN_E, "BT-81", "A Dutch domestic invoice uses a payment means code (BT-81) not allowed there.", \
      "Use one of 30, 48, 49, 57, 58 or 59.")                                                      \
    X(NL_R_009, "NL-R-009", PN_E, "BT-13, BT-132", "A Dutch invoice references an order line (BT-132) without an order reference (BT-13).", \
      "Add cac:OrderReference/cbc:ID at document level.")                                          \
    /* Germany */                                                                                 \
    X(DE_R_001, "DE-R-001", PN_E, "BG-16", "A German domestic invoice has no payment instructions (BG-16).", \
      "Add cac:PaymentMeans.")                                                                      \
    X(DE_R_002, "DE-R-002", PN_E, "BG-6", "A German domestic invoice has no seller contact (BG-6).", \
      "Add cac:Contact to the seller party.")                                                      \
    X(DE_R_003, "DE-R-003", PN_E, "BT-37", "A German domestic invoice has no seller city (BT-37).", \
      "Add cbc:CityName to the seller postal address.")                                            \
    X(DE_R_004, "DE-R-004", PN_E, "BT-38", "A German domestic invoice has no seller post code (BT-38).", \
      "Add cbc:PostalZone to the seller postal address.")                                          \
    X(DE_R_005, "DE-R-005", PN_E, "BT-41", "A German domestic invoice has no seller contact point (BT-41).", \
      "Add cbc:Name to the seller cac:Contact.")                                                   \
    X(DE_R_006, "DE-R-006", PN_E, "BT-42", "A German domestic invoice has no seller contact telephone (BT-42).", \
      "Add cbc:Telephone to the seller cac:Contact.")                                              \
    X(DE_R_007, "DE-R-007", PN_E, "BT-43", "A German domestic invoice has no seller contact e-mail (BT-43).", \
      "Add cbc:ElectronicMail to the seller cac:Contact.")                                         \
    X(DE_R_008, "DE-R-008", PN_E, "BT-52", "A German domestic invoice has no buyer city (BT-52).", \
      "Add cbc:CityName to the buyer postal address.")                                             \
    X(DE_R_009, "DE-R-009", PN_E, "BT-53", "A German domestic invoice has no buyer post code (BT-53).", \
      "Add cbc:PostalZone to the buyer postal address.")                                           \
    X(DE_R_010, "DE-R-010", PN_E, "BT-77", "A German domestic deliver-to address has no city (BT-77).", \
      "Add cbc:CityName to the delivery address.")                                                 \
    X(DE_R_011, "DE-R-011", PN_E, "BT-78", "A German domestic deliver-to address has no post code (BT-78).", \
      "Add cbc:PostalZone to the delivery address.")                                               \
    X(DE_R_014, "DE-R-014", PN_E, "BT-119", "A German domestic VAT breakdown has no VAT rate (BT-119).", \
      "Add cbc:Percent to the cac:TaxCategory of every cac:TaxSubtotal.")                          \
    X(DE_R_015, "DE-R-015", PN_E, "BT-10", "A German domestic invoice has no buyer reference (BT-10).", \
      "Add cbc:BuyerReference (e.g. the Leitweg-ID).")                                             \
    X(DE_R_016, "DE-R-016", PN_E, "BT-31, BT-32, BG-11",                                          \
      "A German domestic invoice with VAT categories S/Z/E/AE/K/G/L/M names no seller VAT or tax number and no tax representative.", \
      "Add the seller VAT identifier (BT-31) or tax number (BT-32), or a cac:TaxRepresentativeParty.") \
    X(DE_R_017, "DE-R-017", PN_W, "BT-3", "A German domestic invoice uses an unusual invoice type code (BT-3).", \
      "Use 326, 380, 384, 389, 381, 875, 876 or 877.")                                             \
    X(DE_R_018, "DE-R-018", PN_E, "BT-20", "Cash discount (Skonto) terms in BT-20 are not written in the required #SKONTO# form.", \
      "Write each line as #SKONTO#TAGE=n#PROZENT=n.nn#[BASISBETRAG=n.nn#] and end the block with a line break.") \
    X(DE_R_019, "DE-R-019", PN_W, "BT-84", "The SEPA credit transfer account (BT-84) is not a valid IBAN.", \
      "Give a valid IBAN (country code, check digits, account) for payment means 58.")             \
    X(DE_R_020, "DE-R-020", PN_W, "BT-91", "The SEPA direct debit account (BT-91) is not a valid IBAN.", \
      "Give a valid IBAN as debited account for payment means 59.")                               \
    X(DE_R_022, "DE-R-022", PN_E, "BT-125", "Two attached documents (BT-125) of a German domestic invoice share a file name.", \
      "Give every attachment its own filename.")                                                   \
    X(DE_R_023_1, "DE-R-023-1", PN_E, "BG-17", "A German domestic credit transfer (30, 58) has no credit transfer account (BG-17).", \
      "Add cac:PayeeFinancialAccount to the payment means.")                                       \
    X(DE_R_023_2, "DE-R-023-2", PN_E, "BG-18, BG-19", "A German domestic credit transfer (30, 58) also carries card or direct debit data.", \
      "Remove cac:CardAccount and cac:PaymentMandate from a credit transfer payment means.")       \
    X(DE_R_024_1, "DE-R-024-1", PN_E, "BG-18", "A German domestic card payment (48, 54, 55) has no card information (BG-18).", \
      "Add cac:CardAccount to the payment means.")                                                 \
    X(DE_R_024_2, "DE-R-024-2", PN_E, "BG-17, BG-19", "A German domestic card payment (48, 54, 55) also carries account or direct debit data.", \
      "Remove cac:PayeeFinancialAccount and cac:PaymentMandate from a card payment means.")        \
    X(DE_R_025_1, "DE-R-025-1", PN_E, "BG-19", "A German domestic direct debit (59) has no direct debit data (BG-19).", \
      "Add cac:PaymentMandate to the payment means.")                                              \
    X(DE_R_025_2, "DE-R-025-2", PN_E, "BG-17, BG-18", "A German domestic direct debit (59) also carries credit transfer or card data.", \
      "Remove cac:PayeeFinancialAccount and cac:CardAccount from a direct debit payment means.")    \
    X(DE_R_026, "DE-R-026", PN_W, "BG-3", "A German domestic corrected invoice (384) names no preceding invoice (BG-3).", \
      "Add cac:BillingReference/cac:InvoiceDocumentReference.")                                    \
    X(DE_R_027, "DE-R-027", PN_W, "BT-42", "The seller contact telephone (BT-42) has fewer than 3 digits.", \
      "Give a real telephone number.")                                                             \
    X(DE_R_028, "DE-R-028", PN_W, "BT-43", "The seller contact e-mail (BT-43) is not a plausible address.", \
      "Give one address with a single @ and a dotted domain, e.g. name@example.de.")               \
    X(DE_R_030, "DE-R-030", PN_E, "BT-90", "A German domestic direct debit names no creditor identifier (BT-90).", \
      "Add a cac:PartyIdentification/cbc:ID with schemeID SEPA to the seller or payee.")          \
    X(DE_R_031, "DE-R-031", PN_E, "BT-91", "A German domestic direct debit names no debited account (BT-91).", \
      "Add cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID.")                                  \
    X(DE_R_T02, "DE-R-T02", PN_W, "BT-124", "An external document location (BT-124) is not an absolute URL.", \
      "Give a URL with a scheme, e.g. https://example.de/doc.pdf.")

#define PN_DECLARE(var, id, sev, terms, msg, sug) extern PN_INTERNAL const einv_rule_t PN_##var;
PN_RULES(PN_DECLARE)
#undef PN_DECLARE

/* ---- per-document facts ---- */
/* The value of a country variable whose expression fails in the artefact (e.g. two VAT
 * schemes): a rule context that tests it does not match, so it must equal no code. */
#define PN_ERR "\x01"
typedef struct pn_doc {
    einv_ctx_t *ctx;
    const einv_xdoc_t *d;
    xmlNodePtr root;           /* the document element */
    int inv, cn;               /* root is ubl:Invoice / cn:CreditNote */
    /* $supplierCountry / $customerCountry / the Greek $accountingSupplierCountry:
     * upper-case(normalize-space(...)), "XX" when nothing is given */
    char sup[16], cus[16], acc_sup[16];
    /* upper-case(normalize-space(root/.../Country/cbc:IdentificationCode)) = 'DE' / 'NL' */
    int sup_de, cus_de, sup_nl, cus_nl, taxrep_nl;
    /* concat(Invoice|CreditNote/.../cbc:IdentificationCode): the raw code (DK, IS patterns) */
    const char *raw_sup, *raw_cus;
} pn_doc_t;

/* The country rule groups, one per file. */
PN_INTERNAL void pn_check_nordic(const pn_doc_t *f);   /* NO, DK, SE, IS */
PN_INTERNAL void pn_check_gr_it(const pn_doc_t *f);    /* GR, IT */
PN_INTERNAL void pn_check_nl_de(const pn_doc_t *f);    /* NL, DE */

/* ---- helpers (peppol_national.c) ---- */
#define PN_CAC EINV_NS_CAC
#define PN_CBC EINV_NS_CBC
/* XML white space as normalize-space() sees it */
static inline int pn_ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
/* 1 when the element n's parent is (PN_CAC, name). */
PN_INTERNAL int pn_parent_is(const xmlNode *n, const char *name);
/* Concatenated direct text children (XPath X/text() of one element). */
PN_INTERNAL const char *pn_own_text(const xmlNode *n, char *buf, size_t size);
/* string-length(s): characters of UTF-8 text */
PN_INTERNAL size_t pn_strlen(const char *s);
/* string-length(normalize-space(s)) */
PN_INTERNAL size_t pn_norm_len(const char *s);
/* normalize-space(s) != '' */
PN_INTERNAL int pn_nonblank(const char *s);
/* normalize-space(s) = want */
PN_INTERNAL int pn_norm_eq(const char *s, const char *want);
/* upper-case(normalize-space(s)) = want (want upper case UTF-8) */
PN_INTERNAL int pn_upper_norm_eq(const char *s, const char *want);
/* substring(s, start, len) on characters (XPath rounding rules for integral args);
 * len < 0 means "to the end". Writes into buf. */
PN_INTERNAL const char *pn_substr(const char *s, long start, long len, char *buf, size_t size);
/* starts-with on the raw string */
PN_INTERNAL int pn_prefix(const char *s, const char *p);
/* string(number(s)) != 'NaN' : s casts to xs:double */
PN_INTERNAL int pn_is_number(const char *s);
/* number(s) as a double; returns 0 when NaN. */
PN_INTERNAL int pn_number(const char *s, double *out);
/* u:TinVerification: the Greek TIN check on the first 9 characters of s */
PN_INTERNAL int pn_gr_tin(const char *s);
/* u:checkSEOrgnr: Luhn on a Swedish organisation number */
PN_INTERNAL int pn_se_orgnr(const char *s);
/* u:mod11: the Norwegian organisation number check */
PN_INTERNAL int pn_no_mod11(const char *s);
/* The IBAN check DE-R-019/020 perform: format ^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$ after
 * removing white space, then the mod-97 test. */
PN_INTERNAL int pn_iban_ok(const char *s);
/* castable as xs:date */
PN_INTERNAL int pn_is_xsdate(const char *s);
/* Existential comparisons over a relative path ("cac:A/cbc:B"): some node's string value
 * (or its attribute attr) equals value exactly, as XPath `path = 'value'` on untyped nodes. */
PN_INTERNAL int pn_any_eq(const xmlNode *from, const char *path, const char *value);
PN_INTERNAL int pn_any_attr_eq(const xmlNode *from, const char *path, const char *attr,
                               const char *value);
/* The string value of the first node of path, "" when there is none. */
PN_INTERNAL const char *pn_text(const xmlNode *from, const char *path);
/* The first attribute attr among the nodes of path (XPath path/@attr), or NULL. */
PN_INTERNAL const char *pn_first_attr(const xmlNode *from, const char *path, const char *attr);
/* Report helper */
#define PN_REPORT(f, rule, node) einv_report((f)->ctx, &PN_##rule, (node))

#endif
