/* Suggestions in IDoc terms (einv_format_ops_t.hints, ABI 1.7): the rules of an IDoc input
 * run over the UBL written from its model, whose suggestions name UBL elements; these name
 * the INVOIC02 segment and field to fill, or the entry of the account's mapping document
 * (docs/formats.md) for what no IDoc field carries. Keyed by rule id, else by business term
 * (the first term of a finding's rule with an entry wins). */
#include "idoc_hints.h"

#define MAP "the mapping document"
#define SELLER_ENTRY "parties.<PARTN of E1EDKA1 PARVW=RS>"
#define BUYER_ENTRY "parties.<PARTN of E1EDKA1 PARVW=AG> or companyCodes.<E1EDK14 QUALF=011 ORGID>"
#define PAY_ENTRY "paymentMeans in " MAP " (defaults.paymentMeans, companyCodes.<E1EDK14 QUALF=011 ORGID>.paymentMeans or " SELLER_ENTRY ".paymentMeans)"
#define TAX_HEAD "Map the tax code E1EDK04 MWSKZ in taxCodes of " MAP " ({\"category\": \"S\", \"rate\": 19, ...}); E1EDK04 MSATZ carries the rate."
#define TAX_LINE "Map the item's tax code E1EDP04 MWSKZ in taxCodes of " MAP " ({\"category\": \"S\", \"rate\": 19, ...}); E1EDP04 MSATZ carries the rate."

const einv_hint_t idoc_hints[] = {
    /* the schema check of the generated UBL: the business rule at the same field says more */
    {"SCHEMA-MISSING", "The UBL made from the IDoc lacks a required element because an IDoc field or a mapping entry is "
                       "empty; the business-rule finding at the same field names what to fill (e.g. BR-49: "
                       "paymentMeans.code in " MAP ")."},
    {"SCHEMA-DATATYPE", "Check the IDoc field named in the field: dates as YYYYMMDD (E1EDK03 DATUM), amounts and "
                        "quantities with a dot as decimal separator (BETRG, MENGE, VPREI)."},
    {"BT-1", "Fill E1EDK02 QUALF=009 BELNR (the billing document number)."},
    {"BT-2", "Fill E1EDK03 IDDAT=012 DATUM (YYYYMMDD)."},
    {"BT-3", "Fill E1EDK01 BSART (INVO -> 380, CRME -> 381) or the billing type E1EDK14 QUALF=015 ORGID."},
    {"BT-5", "Fill E1EDK01 CURCY (ISO 4217, e.g. EUR)."},
    {"BT-9", "Fill E1EDK03 IDDAT=028 DATUM, or the net days E1EDK18 QUALF=003 TAGE."},
    {"BT-10", "Fill the sold-to party's reference E1EDKA1 PARVW=AG IHREZ."},
    {"BT-13", "Fill E1EDK02 QUALF=001 BELNR (the customer's purchase order)."},
    {"BT-20", "Fill the payment terms E1EDK18 (ZTERM_TXT, TAGE, PRZNT)."},
    {"BT-16", "Fill E1EDK02 QUALF=012 BELNR (the delivery note)."},
    {"BT-22", "The notes are the header texts: one note per E1EDKT1 with its E1EDKT2 TDLINE lines; add, join or "
              "remove texts there."},
    {"BT-23", "No IDoc field carries the business process type: the conversion writes the one the requested "
              "profile declares; send the invoice as UBL or CII to give another."},
    {"BT-25", "Fill E1EDK02 QUALF=011 BELNR (and DATUM) with the invoice this document corrects."},
    {"BT-30", "No IDoc field carries the seller's legal registration: add " SELLER_ENTRY
              ".legalId {value, scheme} (e.g. scheme 0002 for a SIREN) to " MAP "."},
    {"BG-4", "Fill E1EDKA1 PARVW=RS (else LF), or add the seller to " MAP " as " SELLER_ENTRY "."},
    {"BT-27", "Fill E1EDKA1 PARVW=RS NAME1, or " SELLER_ENTRY ".name in " MAP "."},
    {"BT-29", "Fill E1EDKA1 PARVW=RS with E1EDKA3 QUALP=001 STDPN (GLN), or the PARTN of PARVW=LF."},
    {"BT-31", "Fill E1EDK01 EIGENUINR, or " SELLER_ENTRY ".vatId in " MAP "."},
    {"BT-34", "No IDoc field carries the seller's electronic address: add " SELLER_ENTRY
              ".electronicAddress {value, scheme} (or defaults.seller.electronicAddress) to " MAP "."},
    {"BG-5", "Fill E1EDKA1 PARVW=RS STRAS, ORT01, PSTLZ and LAND1, or " SELLER_ENTRY ".address in " MAP "."},
    {"BT-35", "Fill E1EDKA1 PARVW=RS STRAS, or " SELLER_ENTRY ".address.line1 in " MAP "."},
    {"BT-37", "Fill E1EDKA1 PARVW=RS ORT01, or " SELLER_ENTRY ".address.city in " MAP "."},
    {"BT-38", "Fill E1EDKA1 PARVW=RS PSTLZ, or " SELLER_ENTRY ".address.postalCode in " MAP "."},
    {"BT-40", "Fill E1EDKA1 PARVW=RS LAND1 (ISO 3166-1 alpha-2), or " SELLER_ENTRY ".address.countryCode in " MAP "."},
    {"BG-6", "Fill E1EDKA1 PARVW=RS BNAME and TELF1; the e-mail has no IDoc field: " SELLER_ENTRY
             ".contact.email (or defaults.seller.contact) in " MAP "."},
    {"BT-41", "Fill E1EDKA1 PARVW=RS BNAME, or " SELLER_ENTRY ".contact.name in " MAP "."},
    {"BT-42", "Fill E1EDKA1 PARVW=RS TELF1, or " SELLER_ENTRY ".contact.phone in " MAP "."},
    {"BT-43", "No IDoc field carries the seller's e-mail: add " SELLER_ENTRY ".contact.email (or defaults.seller.contact.email) to " MAP "."},
    {"BG-7", "Fill E1EDKA1 PARVW=AG (else RE), or add the buyer to " MAP " as " BUYER_ENTRY "."},
    {"BT-44", "Fill E1EDKA1 PARVW=AG (else RE) NAME1, or the name of " BUYER_ENTRY " in " MAP "."},
    {"BT-46", "Fill E1EDKA1 PARVW=AG PARTN, or its E1EDKA3 QUALP=001 STDPN (GLN)."},
    {"BT-48", "Fill E1EDK01 KUNDEUINR, or the vatId of " BUYER_ENTRY " in " MAP "."},
    {"BT-49", "No IDoc field carries the buyer's electronic address: add electronicAddress {value, scheme} to "
              BUYER_ENTRY " (or defaults.buyer) in " MAP "."},
    {"BG-8", "Fill E1EDKA1 PARVW=AG STRAS, ORT01, PSTLZ and LAND1, or the address of " BUYER_ENTRY " in " MAP "."},
    {"BT-50", "Fill E1EDKA1 PARVW=AG STRAS, or the address.line1 of " BUYER_ENTRY " in " MAP "."},
    {"BT-52", "Fill E1EDKA1 PARVW=AG ORT01, or the address.city of " BUYER_ENTRY " in " MAP "."},
    {"BT-53", "Fill E1EDKA1 PARVW=AG PSTLZ, or the address.postalCode of " BUYER_ENTRY " in " MAP "."},
    {"BT-55", "Fill E1EDKA1 PARVW=AG LAND1 (ISO 3166-1 alpha-2), or the address.countryCode of " BUYER_ENTRY " in " MAP "."},
    {"BT-59", "Fill E1EDKA1 PARVW=ZE NAME1 (the payee, when it is not the seller)."},
    {"BT-70", "Fill E1EDKA1 PARVW=WE NAME1."},
    {"BT-72", "Fill E1EDK03 IDDAT=035 DATUM (the delivery date)."},
    {"BG-16", "No IDoc field carries the payment means code (BT-81): set code (UNCL 4461, e.g. 58 SEPA credit "
              "transfer) of " PAY_ENTRY "."},
    {"BT-81", "No IDoc field carries the payment means code: set code (UNCL 4461, e.g. 58 SEPA credit transfer, "
              "30 credit transfer) of " PAY_ENTRY "."},
    {"BT-82", "No IDoc field carries the payment means text: set text of " PAY_ENTRY "."},
    {"BT-83", "No IDoc field carries the remittance information: set remittanceInformation of " PAY_ENTRY "."},
    {"BG-17", "Fill E1EDK28 ACNUM (an IBAN) or BIBAN, or iban of " PAY_ENTRY "."},
    {"BT-84", "Fill E1EDK28 ACNUM (an IBAN) or BIBAN, or iban of " PAY_ENTRY "."},
    {"BT-85", "Fill E1EDK28 ACNAM, or accountName of " PAY_ENTRY "."},
    {"BT-86", "Fill E1EDK28 BRNUM with the BIC, or bic of " PAY_ENTRY "."},
    {"BG-20", "A document allowance is an E1EDK05 row (ALCKZ -) whose KSCHL is listed in conditions of " MAP
              " (kind, reasonCode, reason); KOTXT gives the reason, BETRG the amount, MWSKZ the tax code."},
    {"BG-21", "A document charge is an E1EDK05 row (ALCKZ +) whose KSCHL is listed in conditions of " MAP
              " (kind, reasonCode, reason); KOTXT gives the reason, BETRG the amount, MWSKZ the tax code."},
    {"BT-97", "Fill E1EDK05 KOTXT, or the reason of the KSCHL's entry in conditions of " MAP "."},
    {"BT-98", "Set reasonCode (UNTDID 5189) of the KSCHL's entry in conditions of " MAP "."},
    {"BT-104", "Fill E1EDK05 KOTXT, or the reason of the KSCHL's entry in conditions of " MAP "."},
    {"BT-105", "Set reasonCode (UNTDID 7161) of the KSCHL's entry in conditions of " MAP "."},
    {"BT-95", TAX_HEAD},
    {"BT-102", TAX_HEAD},
    {"BG-22", "Check the totals E1EDS01: SUMID=010 net, 005 tax, 011 gross, 012 payable (BETRG), against the "
              "item nets E1EDP26 QUALF=003."},
    {"BT-106", "The sum of the item nets (E1EDP26 QUALF=003 BETRG, else E1EDP01 NETWR) must match E1EDS01 SUMID=010."},
    {"BT-109", "E1EDS01 SUMID=010 BETRG must be the item nets less allowances plus charges (E1EDK05)."},
    {"BT-110", "Check E1EDK04 MWSBT per tax code and E1EDS01 SUMID=005 BETRG (the tax total)."},
    {"BT-112", "Check E1EDS01 SUMID=011 BETRG: the net total plus the tax total."},
    {"BT-115", "Check E1EDS01 SUMID=012 BETRG (the amount payable)."},
    {"BG-23", TAX_HEAD},
    {"BT-116", "The taxable amount per tax code comes from E1EDK05 KSCHL=MWST KOBAS, else the item nets of that "
               "tax code (E1EDP26 QUALF=003)."},
    {"BT-117", "Fill E1EDK04 MWSBT per tax code: the taxable amount x MSATZ / 100, rounded to 2 decimals."},
    {"BT-118", TAX_HEAD},
    {"BT-119", TAX_HEAD},
    {"BT-120", "Set exemptionReason of the E1EDK04 MWSKZ tax code's entry in taxCodes of " MAP ", or fill E1EDK04 KTEXT."},
    {"BT-121", "Set exemptionCode (e.g. VATEX-EU-AE) of the E1EDK04 MWSKZ tax code's entry in taxCodes of " MAP "."},
    {"BG-25", "Add the items as E1EDP01 segments."},
    {"BT-126", "Fill E1EDP01 POSEX."},
    {"BT-129", "Fill E1EDP01 MENGE."},
    {"BT-130", "Fill E1EDP01 MENEE with a UN/ECE Rec 20 code, or map the unit in units of " MAP
               " (e.g. \"PCE\": \"H87\")."},
    {"BT-131", "Fill E1EDP26 QUALF=003 BETRG (else E1EDP01 NETWR): quantity x price / price unit."},
    {"BT-146", "Fill E1EDP01 VPREI (with PEINH, the price unit), or an E1EDP05 row KSCHL=PR00."},
    {"BT-148", "The gross price is not read from an IDoc (E1EDP01 PREIS is written on export only): a rule that "
               "needs it cannot be met from an IDoc; send the invoice as UBL or CII."},
    {"BT-153", "Fill E1EDP19 QUALF=002 KTEXT, or the item text E1EDPT1/E1EDPT2."},
    {"BT-155", "Fill E1EDP19 QUALF=002 IDTNR."},
    {"BT-157", "Fill E1EDP19 QUALF=003 IDTNR (a GTIN)."},
    {"BG-30", TAX_LINE},
    {"BT-151", TAX_LINE},
    {"BT-152", TAX_LINE},
};
const size_t idoc_hints_count = sizeof idoc_hints / sizeof idoc_hints[0];
