/* The XRECHNUNG profile: the German CIUS XRechnung 3.0.2 as checked by the KoSIT
 * xrechnung-schematron 2.5.0 (UBL and CII), on top of the EN16931 base profile. This file
 * holds the plugin descriptor, the rule table (our own words), and the value helpers the
 * syntax families share; the families live in xr_ubl_*.c and xr_cii_*.c. */
#include "xr_int.h"
#include <stdlib.h>

/* ---- rule metadata ---- */
#define R(var, id, sev, terms, msg, sug) \
    XR_INTERNAL const einv_rule_t xr_##var = {id, sev, EINV_LAYER_PROFILE, terms, msg, sug};
#define E EINV_SEV_ERROR
#define W EINV_SEV_WARNING
#define I EINV_SEV_INFO

R(BR_DE_1, "BR-DE-1", E, "BG-16", "XRechnung requires payment instructions (BG-16).",
  "Add a payment means group (cac:PaymentMeans / ram:SpecifiedTradeSettlementPaymentMeans).")
R(BR_DE_2, "BR-DE-2", E, "BG-6", "XRechnung requires a seller contact (BG-6).",
  "Add the seller's contact (cac:Contact / ram:DefinedTradeContact) with name, phone and e-mail.")
R(BR_DE_3, "BR-DE-3", E, "BT-37", "XRechnung requires the seller city (BT-37).",
  "Fill the city of the seller postal address.")
R(BR_DE_4, "BR-DE-4", E, "BT-38", "XRechnung requires the seller post code (BT-38).",
  "Fill the post code of the seller postal address.")
R(BR_DE_5, "BR-DE-5", E, "BT-41", "XRechnung requires a seller contact point (BT-41).",
  "Name the seller's contact person or department.")
R(BR_DE_6, "BR-DE-6", E, "BT-42", "XRechnung requires a seller contact telephone number (BT-42).",
  "Fill the telephone number of the seller contact.")
R(BR_DE_7, "BR-DE-7", E, "BT-43", "XRechnung requires a seller contact e-mail address (BT-43).",
  "Fill the e-mail address of the seller contact.")
R(BR_DE_8, "BR-DE-8", E, "BT-52", "XRechnung requires the buyer city (BT-52).",
  "Fill the city of the buyer postal address.")
R(BR_DE_9, "BR-DE-9", E, "BT-53", "XRechnung requires the buyer post code (BT-53).",
  "Fill the post code of the buyer postal address.")
R(BR_DE_10, "BR-DE-10", E, "BT-77, BG-15", "The deliver-to address (BG-15) has no city (BT-77).",
  "Fill the city of the delivery address, or leave the delivery address out.")
R(BR_DE_11, "BR-DE-11", E, "BT-78, BG-15", "The deliver-to address (BG-15) has no post code (BT-78).",
  "Fill the post code of the delivery address, or leave the delivery address out.")
R(BR_DE_14, "BR-DE-14", E, "BT-119", "A VAT breakdown has no VAT category rate (BT-119).",
  "Give every VAT breakdown its rate (0 for exempt categories).")
R(BR_DE_15, "BR-DE-15", E, "BT-10", "XRechnung requires the buyer reference (BT-10), e.g. the Leitweg-ID.",
  "Fill the buyer reference with the Leitweg-ID or the reference the buyer gave you.")
R(BR_DE_16, "BR-DE-16", E, "BT-31, BT-32, BG-11",
  "VAT categories S, Z, E, AE, K, G, L or M are used but the seller has no VAT identifier (BT-31), "
  "tax registration identifier (BT-32) or tax representative (BG-11).",
  "Add the seller's VAT or tax number, or a seller tax representative.")
R(BR_DE_17, "BR-DE-17", W, "BT-3",
  "The invoice type code (BT-3) is not one XRechnung expects (326, 380, 381, 384, 389, 875, 876, 877).",
  "Use one of the invoice type codes XRechnung lists.")
R(BR_DE_18, "BR-DE-18", E, "BT-20",
  "A cash discount (Skonto) line in the payment terms (BT-20) does not follow the XRechnung syntax.",
  "Write each line as #SKONTO#TAGE=n#PROZENT=n.nn# (optionally #BASISBETRAG=n.nn# before the last #), "
  "in capitals without spaces, and end the text after the last line with a line break.")
R(BR_DE_19, "BR-DE-19", W, "BT-84, BT-81",
  "The payment account (BT-84) of a SEPA credit transfer (code 58) is not a valid IBAN.",
  "Give the payee's IBAN (country code, check digits, account) with correct check digits.")
R(BR_DE_20, "BR-DE-20", W, "BT-91, BT-81",
  "The debited account (BT-91) of a SEPA direct debit (code 59) is not a valid IBAN.",
  "Give the payer's IBAN (country code, check digits, account) with correct check digits.")
R(BR_DE_21, "BR-DE-21", W, "BT-24",
  "The specification identifier (BT-24) is not the XRechnung 3.0 identifier.",
  "Use urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0 (or its extension/CVD form).")
R(BR_DE_22, "BR-DE-22", E, "BT-125",
  "Two attached documents (BT-125) carry the same file name.",
  "Give every embedded attachment a distinct filename attribute.")
R(BR_DE_23_a, "BR-DE-23-a", E, "BT-81, BG-17",
  "A credit transfer (payment means 30 or 58) has no credit transfer information (BG-17).",
  "Add the payee's account (cac:PayeeFinancialAccount / ram:PayeePartyCreditorFinancialAccount).")
R(BR_DE_23_b, "BR-DE-23-b", E, "BT-81, BG-18, BG-19",
  "A credit transfer (payment means 30 or 58) also carries card (BG-18) or direct debit (BG-19) data.",
  "Remove the card and direct debit information, or use the matching payment means code.")
R(BR_DE_24_a, "BR-DE-24-a", E, "BT-81, BG-18",
  "A card payment (payment means 48, 54 or 55) has no payment card information (BG-18).",
  "Add the card information (cac:CardAccount / ram:ApplicableTradeSettlementFinancialCard).")
R(BR_DE_24_b, "BR-DE-24-b", E, "BT-81, BG-17, BG-19",
  "A card payment (payment means 48, 54 or 55) also carries credit transfer (BG-17) or direct debit (BG-19) data.",
  "Remove the account and direct debit information, or use the matching payment means code.")
R(BR_DE_25_a, "BR-DE-25-a", E, "BT-81, BG-19",
  "A direct debit (payment means 59) has no direct debit information (BG-19).",
  "Add the mandate reference, creditor identifier and debited account.")
R(BR_DE_25_b, "BR-DE-25-b", E, "BT-81, BG-17, BG-18",
  "A direct debit (payment means 59) also carries credit transfer (BG-17) or card (BG-18) data.",
  "Remove the payee account and card information, or use the matching payment means code.")
R(BR_DE_26, "BR-DE-26", W, "BT-3, BG-3",
  "A corrected invoice (type code 384) names no preceding invoice (BG-3).",
  "Reference the invoice being corrected (billing reference / invoice referenced document).")
R(BR_DE_27, "BR-DE-27", W, "BT-42", "The seller contact telephone number (BT-42) has fewer than three digits.",
  "Give a complete telephone number.")
R(BR_DE_28, "BR-DE-28", W, "BT-43", "The seller contact e-mail address (BT-43) does not look like an e-mail address.",
  "Give one address of the form name@domain.tld without spaces.")
R(BR_DE_30, "BR-DE-30", E, "BG-19, BT-90",
  "Direct debit information (BG-19) is given without the bank assigned creditor identifier (BT-90).",
  "Add the SEPA creditor identifier of the seller or payee.")
R(BR_DE_31, "BR-DE-31", E, "BG-19, BT-91",
  "Direct debit information (BG-19) is given without the debited account identifier (BT-91).",
  "Add the IBAN of the account to be debited.")
R(BR_DE_TMP_32, "BR-DE-TMP-32", I, "BT-72, BG-14, BG-26",
  "The invoice gives no delivery date (BT-72), no invoicing period (BG-14) and not every line has a period (BG-26).",
  "State when the goods or services were supplied: a delivery date, an invoicing period or line periods.")
R(BR_TMP_2, "BR-TMP-2", W, "BT-124",
  "The external document location (BT-124) is not an absolute URL with a scheme.",
  "Write the location as a full URL such as https://example.com/doc.pdf.")
R(BR_TMP_3, "BR-TMP-3", E, "BT-149, BT-150",
  "The gross and net price base quantities (BT-149) or their units (BT-150) of a line differ.",
  "Give the gross and the net price the same base quantity and unit code.")

R(BR_DE_CVD_01, "BR-DE-CVD-01", E, "BT-12", "A clean vehicles (CVD) invoice has no contract reference (BT-12).",
  "Add the contract reference.")
R(BR_DE_CVD_02, "BR-DE-CVD-02", E, "BT-17", "A clean vehicles (CVD) invoice has no tender or lot reference (BT-17).",
  "Add the tender or lot reference.")
R(BR_DE_CVD_03, "BR-DE-CVD-03", E, "BG-25, BT-158, BT-160",
  "A clean vehicles (CVD) invoice has no line classified with scheme CVD and an item attribute 'cva'.",
  "Classify at least one vehicle line with listID CVD and add the item attribute cva.")
R(BR_DE_CVD_04, "BR-DE-CVD-04", E, "BT-158",
  "An item classification with scheme CVD is not a permitted vehicle category (M1, M2, M3, N1, N2, N3).",
  "Use one of the vehicle categories M1, M2, M3, N1, N2 or N3.")
R(BR_DE_CVD_05, "BR-DE-CVD-05", E, "BT-161",
  "The item attribute 'cva' has a value other than clean, zero-emission or other.",
  "Set the cva attribute value to clean, zero-emission or other.")
R(BR_DE_CVD_06_a, "BR-DE-CVD-06-a", E, "BT-158, BT-160",
  "A line classified with scheme CVD does not have exactly one item attribute 'cva'.",
  "Give the vehicle line exactly one item attribute named cva.")
R(BR_DE_CVD_06_b, "BR-DE-CVD-06-b", E, "BT-158, BT-160",
  "A line with the item attribute 'cva' does not have exactly one classification with scheme CVD.",
  "Give the vehicle line exactly one item classification with listID CVD.")
R(BR_TMP_CVD_01, "BR-TMP-CVD-01", E, "BT-158",
  "The scheme of an item classification (BT-158) is neither CVD nor a UNTDID 7143 code.",
  "Use listID CVD or a code of UNTDID 7143.")

R(BR_DEX_01, "BR-DEX-01", E, "BT-125",
  "An attachment (BT-125) of an XRechnung extension invoice has a MIME type that is not allowed.",
  "Use application/pdf, image/png, image/jpeg, text/csv, the xlsx/ods types or application/xml.")
R(BR_DEX_02, "BR-DEX-02", W, "BT-131, BG-DEX-01",
  "A line net amount (BT-131) differs from the sum of its sub invoice lines.",
  "Make every line or sub line amount the sum of the sub lines directly beneath it.")
R(BR_DEX_03, "BR-DEX-03", E, "BG-DEX-06",
  "A sub invoice line does not have exactly one VAT information group (BG-DEX-06).",
  "Give every sub invoice line item exactly one cac:ClassifiedTaxCategory.")
R(BR_DEX_04, "BR-DEX-04", E, "BT-29, BT-46, BT-60",
  "A party identifier scheme is not an ISO 6523 ICD code (or SEPA for seller/payee).",
  "Use an ISO 6523 ICD scheme identifier.")
R(BR_DEX_05, "BR-DEX-05", E, "BT-30, BT-47, BT-61",
  "A legal registration identifier scheme is not an ISO 6523 ICD code.",
  "Use an ISO 6523 ICD scheme identifier.")
R(BR_DEX_06, "BR-DEX-06", E, "BT-157", "An item standard identifier scheme is not an ISO 6523 ICD code.",
  "Use an ISO 6523 ICD scheme identifier, e.g. 0160 for GTIN.")
R(BR_DEX_07, "BR-DEX-07", E, "BT-34, BT-49", "An electronic address scheme is not a CEF EAS code.",
  "Use a scheme identifier from the EAS code list.")
R(BR_DEX_08, "BR-DEX-08", E, "BT-71", "A delivery location identifier scheme is not an ISO 6523 ICD code.",
  "Use an ISO 6523 ICD scheme identifier.")
R(BR_DEX_09, "BR-DEX-09", E, "BT-115, BT-112, BT-113, BT-114, BT-DEX-002",
  "The amount due (BT-115) is not total with VAT - paid amount + rounding + third party payments.",
  "Recompute the amount due from the totals and the third party payments.")
R(BR_DEX_10, "BR-DEX-10", E, "BT-DEX-001", "A third party payment (BG-DEX-09) has no payment type (BT-DEX-001).",
  "Fill cbc:ID of the prepaid payment.")
R(BR_DEX_11, "BR-DEX-11", E, "BT-DEX-002", "A third party payment (BG-DEX-09) has no amount (BT-DEX-002).",
  "Fill cbc:PaidAmount of the prepaid payment.")
R(BR_DEX_12, "BR-DEX-12", E, "BT-DEX-003", "A third party payment (BG-DEX-09) has no description (BT-DEX-003).",
  "Fill cbc:InstructionID of the prepaid payment.")
R(BR_DEX_13, "BR-DEX-13", E, "BT-DEX-002", "A third party payment amount (BT-DEX-002) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(BR_DEX_14, "BR-DEX-14", E, "BT-DEX-002, BT-5",
  "A third party payment amount (BT-DEX-002) is not in the invoice currency (BT-5).",
  "Set the currencyID of the paid amount to the invoice currency.")
R(BR_DEX_15, "BR-DEX-15", W, "BG-DEX-01",
  "The CII document seems to use sub invoice lines (parent line ids), which XRechnung does not support in CII.",
  "Flatten the lines or use the UBL syntax for sub invoice lines.")

R(PP_R001, "PEPPOL-EN16931-R001", E, "BT-23", "The business process type (BT-23) is missing.",
  "Add the business process identifier (cbc:ProfileID / BusinessProcessSpecifiedDocumentContextParameter).")
R(PP_R005, "PEPPOL-EN16931-R005", E, "BT-5, BT-6",
  "The VAT accounting currency (BT-6) equals the invoice currency (BT-5).",
  "Leave out the VAT accounting currency when it is the invoice currency.")
R(PP_R008, "PEPPOL-EN16931-R008", E, "", "The document contains an empty element.",
  "Remove elements that have neither content nor child elements.")
R(PP_R010, "PEPPOL-EN16931-R010", E, "BT-49", "The buyer electronic address (BT-49) is missing.",
  "Add the buyer's electronic address with its scheme.")
R(PP_R020, "PEPPOL-EN16931-R020", E, "BT-34", "The seller electronic address (BT-34) is missing.",
  "Add the seller's electronic address with its scheme.")
R(PP_R040, "PEPPOL-EN16931-R040", E, "BT-92, BT-93, BT-94",
  "An allowance or charge amount is not base amount x percentage / 100.",
  "Recompute the amount from the base amount and the percentage.")
R(PP_R041, "PEPPOL-EN16931-R041", E, "BT-93, BT-94",
  "An allowance or charge gives a percentage but no base amount.",
  "Add the base amount the percentage applies to.")
R(PP_R042, "PEPPOL-EN16931-R042", E, "BT-93, BT-94",
  "An allowance or charge gives a base amount but no percentage.",
  "Add the percentage, or leave out the base amount.")
R(PP_R043, "PEPPOL-EN16931-R043", E, "", "An allowance/charge indicator is neither 'true' nor 'false'.",
  "Write the charge indicator as true or false.")
R(PP_R043_1, "PEPPOL-EN16931-R043-1", E, "", "An allowance/charge indicator is neither 'true' nor 'false'.",
  "Write udt:Indicator as true or false.")
R(PP_R043_2, "PEPPOL-EN16931-R043-2", E, "", "A price allowance indicator is neither 'true' nor 'false'.",
  "Write udt:Indicator as true or false.")
R(PP_R044, "PEPPOL-EN16931-R044", E, "BT-147", "A charge is given on the item price; only allowances are allowed there.",
  "Use a price allowance (indicator false) or move the charge to the line.")
R(PP_R046, "PEPPOL-EN16931-R046", E, "BT-146, BT-147, BT-148",
  "The item net price (BT-146) is not the gross price (BT-148) minus the price discount (BT-147).",
  "Make the net price equal gross price minus discount.")
R(PP_R053, "PEPPOL-EN16931-R053", E, "BT-110", "There is not exactly one VAT total carrying the VAT breakdown.",
  "Give one tax total with the VAT breakdown (one total VAT amount in the invoice currency).")
R(PP_R054, "PEPPOL-EN16931-R054", E, "BT-111",
  "The number of VAT totals in the VAT accounting currency does not match BT-6.",
  "Give exactly one VAT total in the accounting currency when BT-6 is given, none otherwise.")
R(PP_R055, "PEPPOL-EN16931-R055", E, "BT-110, BT-111",
  "The total VAT (BT-110) and the total VAT in accounting currency (BT-111) have different signs.",
  "Give both VAT totals the same sign.")
R(PP_R061, "PEPPOL-EN16931-R061", E, "BT-89", "A direct debit has no mandate reference (BT-89).",
  "Add the mandate reference identifier.")
R(PP_R101, "PEPPOL-EN16931-R101", E, "BT-128",
  "A line document reference is used for something other than an invoiced object (type 130).",
  "Use document type code 130 for line references.")
R(PP_R110, "PEPPOL-EN16931-R110", E, "BT-134, BT-73", "A line period starts before the invoicing period.",
  "Keep the line period within the invoicing period.")
R(PP_R111, "PEPPOL-EN16931-R111", E, "BT-135, BT-74", "A line period ends after the invoicing period.",
  "Keep the line period within the invoicing period.")
R(PP_R120, "PEPPOL-EN16931-R120", W, "BT-131",
  "The line net amount (BT-131) is not quantity x (price / base quantity) + charges - allowances.",
  "Recompute the line net amount.")
R(PP_R121, "PEPPOL-EN16931-R121", E, "BT-149", "The item price base quantity (BT-149) is not above zero.",
  "Give a positive base quantity.")
R(PP_R130, "PEPPOL-EN16931-R130", E, "BT-150, BT-130",
  "The unit of the price base quantity (BT-150) differs from the invoiced quantity unit (BT-130).",
  "Use the same unit code for the base quantity and the invoiced quantity.")

#define XR_LIST(v) &xr_##v,
static const einv_rule_t *const ALL_RULES[] = {XR_RULES(XR_LIST)};

/* DiGA codes followed by the ISO 6523 ICD list (no trailing space after the last code) */
const char xr_icd_ext_codes[] =
    " XR01 XR02 XR03  0002 0003 0004 0005 0006 0007 0008 0009 0010 0011 0012 0013 0014 0015 0016 "
    "0017 0018 0019 0020 0021 0022 0023 0024 0025 0026 0027 0028 0029 0030 0031 0032 0033 0034 "
    "0035 0036 0037 0038 0039 0040 0041 0042 0043 0044 0045 0046 0047 0048 0049 0050 0051 0052 "
    "0053 0054 0055 0056 0057 0058 0059 0060 0061 0062 0063 0064 0065 0066 0067 0068 0069 0070 "
    "0071 0072 0073 0074 0075 0076 0077 0078 0079 0080 0081 0082 0083 0084 0085 0086 0087 0088 "
    "0089 0090 0091 0093 0094 0095 0096 0097 0098 0099 0100 0101 0102 0104 0105 0106 0107 0108 "
    "0109 0110 0111 0112 0113 0114 0115 0116 0117 0118 0119 0120 0121 0122 0123 0124 0125 0126 "
    "0127 0128 0129 0130 0131 0132 0133 0134 0135 0136 0137 0138 0139 0140 0141 0142 0143 0144 "
    "0145 0146 0147 0148 0149 0150 0151 0152 0153 0154 0155 0156 0157 0158 0159 0160 0161 0162 "
    "0163 0164 0165 0166 0167 0168 0169 0170 0171 0172 0173 0174 0175 0176 0177 0178 0179 0180 "
    "0183 0184 0185 0186 0187 0188 0189 0190 0191 0192 0193 0194 0195 0196 0197 0198 0199 0200 "
    "0201 0202 0203 0204 0205 0206 0207 0208 0209 0210 0211 0212 0213 0214 0215 0216 0217 0218 "
    "0219 0220 0221 0222 0223 0224 0225 0226 0227 0228 0229 0230 0231 0232 0233 0234 0235 0236 "
    "0237 0238 0239 0240 0241 0242 0243 0244";
/* DiGA codes followed by the CEF EAS list */
const char xr_eas_ext_codes[] =
    " XR01 XR02 XR03  0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 "
    "0158 0170 0177 0183 0184 0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 "
    "0203 0204 0205 0208 0209 0210 0211 0212 0213 0215 0216 0217 0218 0219 0220 0221 0225 0230 "
    "0235 0240 0244 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 "
    "9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 "
    "9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM ";
/* CVD followed by the UNTDID 7143 list */
const char xr_7143_cvd_codes[] =
    " CVD  AA AB AC AD AE AF AG AH AI AJ AK AL AM AN AO AP AQ AR AS AT AU AV AW AX AY AZ BA BB "
    "BC BD BE BF BG BH BI BJ BK BL BM BN BO BP BQ BR BS BT BU BV BW BX BY BZ CC CG CL CR CV DR "
    "DW EC EF EMD EN FS GB GN GMN GS HS IB IN IS IT IZ MA MF MN MP NB ON PD PL PO PPI PV QS RC "
    "RN RU RY SA SG SK SN SRS SRT SRU SRV SRW SRX SRY SRZ SS SSA SSB SSC SSD SSE SSF SSG SSH "
    "SSI SSJ SSK SSL SSM SSN SSO SSP SSQ SSR SSS SST SSU SSV SSW SSX SSY SSZ ST STA STB STC STD "
    "STE STF STG STH STI STJ STK STL STM STN STO STP STQ STR STS STT STU STV STW STX STY STZ "
    "SUA SUB SUC SUD SUE SUF SUG SUH SUI SUJ SUK SUL SUM TG TSN TSO TSP TSQ TSR TSS TST TSU UA "
    "UP VN VP VS VX ZZZ ";

/* ---- tree and string helpers ---- */

static int xml_ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int xr_has_ancestor(const xmlNode *n, int ns, const char *local)
{
    for (n = xr_up(n); n; n = xr_up(n))
        if (einv_x_is(n, ns, local))
            return 1;
    return 0;
}

int xr_child_nonblank(const xmlNode *p, int ns, const char *local)
{
    xmlNodePtr c;
    for (c = einv_x_child(p, ns, local); c; c = einv_x_next_same(c))
        if (einv_x_nonblank(c))
            return 1;
    return 0;
}

int xr_child_text_is(const xmlNode *p, int ns, const char *local, const char *s)
{
    xmlNodePtr c;
    for (c = einv_x_child(p, ns, local); c; c = einv_x_next_same(c))
        if (strcmp(einv_x_text(c), s) == 0)
            return 1;
    return 0;
}

int xr_norm_in(const xmlNode *n, const char *const *list)
{
    char b[64];
    einv_x_norm(n, b, sizeof b);
    for (; *list; list++)
        if (strcmp(b, *list) == 0)
            return 1;
    return 0;
}

/* normalize-space of s into buf (truncated). */
static const char *norm_str(const char *s, char *buf, size_t size)
{
    size_t k = 0;
    int space = 0;
    while (*s && xml_ws(*s))
        s++;
    for (; *s && k + 1 < size; s++) {
        if (xml_ws(*s)) {
            space = 1;
            continue;
        }
        if (space && k + 2 < size)
            buf[k++] = ' ';
        space = 0;
        buf[k++] = *s;
    }
    buf[k] = 0;
    return buf;
}

const char *xr_own_text_norm(const xmlNode *n, char *buf, size_t size)
{
    const xmlNode *c;
    size_t k = 0, l;
    char tmp[256];
    tmp[0] = 0;
    for (c = n ? n->children : NULL; c; c = c->next)
        if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content) {
            l = strlen((const char *)c->content);
            if (k + l >= sizeof tmp)
                l = sizeof tmp - 1 - k;
            memcpy(tmp + k, c->content, l);
            k += l;
            tmp[k] = 0;
        }
    return norm_str(tmp, buf, size);
}

const char *xr_norm1(const xmlNode *p, int ns, const char *local, char *buf, size_t size)
{
    xmlNodePtr c = einv_x_child(p, ns, local);
    if (c && einv_x_next_same(c))
        return NULL;
    return einv_x_norm(c, buf, size);
}

int xr_norm_eq_str(const char *s, const char *want)
{
    char b[128];
    norm_str(s ? s : "", b, sizeof b);
    return strcmp(b, want) == 0;
}

int xr_code_in(const char *list, const char *s)
{
    char b[80], key[84];
    norm_str(s ? s : "", b, sizeof b);
    if (strchr(b, ' ') || strlen(b) > 64)
        return 0;
    key[0] = ' ';
    strcpy(key + 1, b);
    strcat(key, " ");
    return strstr(list, key) != NULL;
}

/* ---- the regular expressions and check digits of the artefact ---- */

int xr_iban_ok(const xmlNode *id)
{
    const char *s = id ? einv_x_text(id) : "";
    char v[40];
    size_t n = 0, i;
    unsigned r = 0;
    /* replace(., '[ \n\r\t\s]', '') then normalize-space: drop every XML space */
    for (; *s; s++) {
        if (xml_ws(*s))
            continue;
        if (n >= 34)
            return 0;   /* longer than the pattern allows */
        v[n++] = *s;
    }
    v[n] = 0;
    /* ^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$ */
    if (n < 4 || v[0] < 'A' || v[0] > 'Z' || v[1] < 'A' || v[1] > 'Z' || v[2] < '0' ||
        v[2] > '9' || v[3] < '0' || v[3] > '9')
        return 0;
    for (i = 4; i < n; i++) {
        char c = v[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            return 0;
    }
    /* account part, then country, then check digits; a code point above 64 counts as
     * cp - 55 (lower case letters too), any other as cp - 48; mod 97 of the digit string */
    for (i = 0; i < n; i++) {
        unsigned c = (unsigned char)v[(i + 4) % n];
        unsigned val = c > 64 ? c - 55 : c - 48;   /* 0..67 */
        if (val >= 10)
            r = (r * 10 + val / 10) % 97;
        r = (r * 10 + val % 10) % 97;
    }
    return r == 1;
}

/* One normalized payment-terms line against the Skonto expression:
 * ^#SKONTO#TAGE=[0-9]+#PROZENT=[0-9]+\.[0-9]{2}(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$ */
static const char *digits(const char *p)
{
    const char *s = p;
    while (*p >= '0' && *p <= '9')
        p++;
    return p > s ? p : NULL;
}
static const char *amount2(const char *p)
{
    if (!(p = digits(p)) || *p != '.' || !(p[1] >= '0' && p[1] <= '9') || !(p[2] >= '0' && p[2] <= '9'))
        return NULL;
    return p + 3;
}
static int skonto_line_ok(const char *s)
{
    const char *p = s;
    if (strncmp(p, "#SKONTO#TAGE=", 13) != 0)
        return 0;
    if (!(p = digits(p + 13)) || strncmp(p, "#PROZENT=", 9) != 0 || !(p = amount2(p + 9)))
        return 0;
    if (strncmp(p, "#BASISBETRAG=", 13) == 0) {
        const char *q = p + 13;
        if (*q == '-')
            q++;
        if ((q = amount2(q)) != NULL && strcmp(q, "#") == 0)
            return 1;
    }
    return strcmp(p, "#") == 0;
}

/* The last token of tokenize(s, '#.+#'): the text after the last separator, a separator
 * running from a '#' to the last '#' of the same line ('.' stops at CR and LF). */
static const char *last_hash_token(const char *s)
{
    const char *last = s, *p = s;
    while (*p) {
        const char *e, *q;
        if (*p != '#') {
            p++;
            continue;
        }
        e = NULL;
        for (q = p + 1; *q && *q != '\n' && *q != '\r'; q++)
            if (*q == '#' && q >= p + 2)
                e = q;
        if (!e) {
            p++;
            continue;
        }
        last = p = e + 1;
    }
    return last;
}

/* matches(t, '^\s*\n') */
static int ws_then_newline(const char *t)
{
    for (; xml_ws(*t); t++)
        if (*t == '\n')
            return 1;
    return 0;
}

/* matches(normalize-space(line), SKONTO) for the line [p, e): the expression has no white
 * space, so a matching line is the trimmed text without inner white space. */
static int skonto_range_ok(const char *p, const char *e)
{
    char small[128], *b = small;
    const char *q;
    int ok;
    while (p < e && xml_ws(*p))
        p++;
    while (e > p && xml_ws(e[-1]))
        e--;
    for (q = p; q < e; q++)
        if (xml_ws(*q))
            return 0;
    if ((size_t)(e - p) >= sizeof small && !(b = malloc((size_t)(e - p) + 1)))
        return 0;
    memcpy(b, p, (size_t)(e - p));
    b[e - p] = 0;
    ok = skonto_line_ok(b);
    if (b != small)
        free(b);
    return ok;
}

int xr_skonto_ok(const xmlNode *const *notes, size_t n)
{
    size_t i;
    int tail = -1;   /* the second clause, computed once on demand */
    for (i = 0; i < n; i++) {
        const char *ln = einv_x_text(notes[i]);
        while (*ln) {
            const char *end = strchr(ln, '\n'), *stop, *p;
            if (!end)
                end = ln + strlen(ln);
            stop = end;
            if (stop > ln && *end == '\n' && stop[-1] == '\r')
                stop--;   /* the separator is \r?\n */
            for (p = ln; p < stop && xml_ws(*p); p++)
                ;
            if (p < stop && *p == '#') {   /* starts-with(normalize-space(.), '#') */
                if (!skonto_range_ok(p, stop))
                    return 0;
                if (tail < 0) {
                    size_t j;
                    tail = 1;
                    for (j = 0; j < n; j++) {
                        const char *t = einv_x_text(notes[j]);
                        if (*t && !ws_then_newline(last_hash_token(t)))
                            tail = 0;
                    }
                }
                if (!tail)
                    return 0;
            }
            ln = *end ? end + 1 : end;
        }
    }
    return 1;
}

int xr_telephone_ok(const xmlNode *n)
{
    const char *s = n ? einv_x_text(n) : "";
    int k = 0;
    for (; *s; s++)
        if (*s >= '0' && *s <= '9')
            k++;
    return k >= 3;
}

/* ^[^@\s]+@([^@.\s]+\.)+[^@.\s]+$ over normalize-space(.): the trimmed value, which must
 * hold no white space at all (normalized inner space is \s too). */
int xr_email_ok(const xmlNode *n)
{
    const char *s = n ? einv_x_text(n) : "", *e, *p, *at = NULL;
    int labels = 0, cur = 0;
    while (xml_ws(*s))
        s++;
    e = s + strlen(s);
    while (e > s && xml_ws(e[-1]))
        e--;
    for (p = s; p < e; p++) {
        if (xml_ws(*p))
            return 0;
        if (*p == '@') {
            if (at)
                return 0;
            at = p;
        }
    }
    if (!at || at == s)
        return 0;
    for (p = at + 1; p < e; p++) {
        if (*p == '.') {
            if (!cur)
                return 0;
            labels++;
            cur = 0;
        } else
            cur++;
    }
    return labels >= 1 && cur > 0;
}

/* ^([a-zA-Z])([a-zA-Z0-9+.-])+:.* over the string value */
int xr_url_ok(const xmlNode *n)
{
    const char *s = n ? einv_x_text(n) : "", *p;
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
        return 0;
    for (p = s + 1; (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
                    *p == '+' || *p == '.' || *p == '-';
         p++)
        ;
    return p > s + 1 && *p == ':';
}

/* ---- dates and numbers ---- */

static int two(const char *s, int *out)
{
    if (s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9')
        return 0;
    *out = (s[0] - '0') * 10 + (s[1] - '0');
    return 1;
}

int xr_date_key(const char *s, long long *key)
{
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const char *p, *e, *y0;
    int neg = 0, mo, dd, th = 0, tm = 0, tz = 0, leap;
    long long y = 0, era, days;
    unsigned yoe, doy, doe;
    while (xml_ws(*s))
        s++;
    e = s + strlen(s);
    while (e > s && xml_ws(e[-1]))
        e--;
    p = s;
    if (*p == '-')
        neg = 1, p++;
    y0 = p;
    while (p < e && *p >= '0' && *p <= '9' && p - y0 < 12)
        y = y * 10 + (*p++ - '0');
    if (p - y0 < 4 || (p - y0 > 4 && *y0 == '0') || p >= e || *p != '-')
        return 0;
    if (e - p < 6 || !two(p + 1, &mo) || p[3] != '-' || !two(p + 4, &dd))
        return 0;
    p += 6;
    if (p < e) {
        if (*p == 'Z' && p + 1 == e)
            tz = 0;
        else if ((*p == '+' || *p == '-') && e - p == 6 && two(p + 1, &th) && p[3] == ':' &&
                 two(p + 4, &tm) && (th < 14 || (th == 14 && tm == 0)) && tm < 60)
            tz = (*p == '-' ? -1 : 1) * (th * 60 + tm);
        else
            return 0;
    }
    if (neg)
        y = -y;
    leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (y == 0 || mo < 1 || mo > 12 || dd < 1 || dd > mdays[mo - 1] + (mo == 2 && leap))
        return 0;
    y -= mo <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = (unsigned)(y - era * 400);
    doy = (unsigned)((153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + dd - 1);
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    days = era * 146097 + (long long)doe - 719468;
    *key = days * 1440 - tz;
    return 1;
}

/* Written here: the SDK's einv_dec_div misplaces the decimal point when the operands'
 * scales differ. Saxon divides decimals to scale max(18, sa - sb + 18), rounding half down. */
einv_dec_t xr_div(einv_dec_t a, einv_dec_t b)
{
    einv_dec_t r = {0, 0, 0};
    einv_i128 num, den, q, rem, lim = (einv_i128)1 << 120;
    int scale = a.scale - b.scale + 18, e;
    if (!a.ok || !b.ok || b.m == 0)
        return r;
    if (scale < 18)
        scale = 18;
    /* q = a.m / b.m * 10^(scale + sb - sa) */
    num = a.m;
    den = b.m;
    for (e = scale + b.scale - a.scale; e > 0; e--) {
        if (num > lim / 10 || num < -(lim / 10))
            return r;
        num *= 10;
    }
    for (; e < 0; e++)
        den *= 10;
    q = num / den;
    rem = num % den;
    if (rem < 0)
        rem = -rem;
    if (den < 0)
        den = -den;
    if (rem > den - rem)   /* more than half: away from zero; exactly half: down */
        q += (num < 0) != (b.m < 0) ? -1 : 1;
    r.m = q;
    r.scale = scale;
    r.ok = 1;
    while (r.scale > EINV_DEC_MAX_SCALE) {
        r = einv_dec_round_half_away(r, EINV_DEC_MAX_SCALE);
    }
    return r;
}

int xr_slack(einv_dec_t exp, einv_dec_t val, einv_dec_t slack)
{
    einv_dec_t hi = einv_dec_add(exp, slack), lo = einv_dec_sub(exp, slack);
    if (!hi.ok || !lo.ok || !val.ok)
        return 0;
    return einv_dec_cmp(hi, val) >= 0 && einv_dec_cmp(lo, val) <= 0;
}

einv_dec_t xr_round2(einv_dec_t x) { return einv_dec_round(x, 2); }

int xr_cmp0(const xmlNode *n, int *c)
{
    const char *s = einv_x_text(n), *t;
    char b[8];
    size_t k = 0;
    einv_dec_t v;
    for (t = s; xml_ws(*t); t++)
        ;
    while (t[k] && k < sizeof b - 1 && !xml_ws(t[k]))
        b[k] = t[k], k++;
    b[k] = 0;
    if (!strcmp(b, "INF") || !strcmp(b, "+INF")) {
        *c = 1;
        return 1;
    }
    if (!strcmp(b, "-INF")) {
        *c = -1;
        return 1;
    }
    if (!einv_dec_parse_number(s, (size_t)-1, &v))
        return 0;
    *c = einv_dec_sign(v);
    /* Saxon reads "-0.0" (a sign and a fraction or exponent) as a negative zero, below 0 */
    if (*c == 0 && *t == '-' && strpbrk(t, ".eE"))
        *c = -1;
    return 1;
}

/* ---- PEPPOL-EN16931-R008 ---- */

void xr_check_empty(einv_ctx_t *ctx, const einv_xdoc_t *d, int skip_ram_ahtd)
{
    xmlNodePtr n = einv_xdoc_root(d);
    /* pre-order walk over the elements without recursion */
    while (n) {
        xmlNodePtr c = einv_x_first_elem(n);
        if (!c) {
            if (!einv_x_nonblank(n) &&
                !(skip_ram_ahtd && n->ns && n->ns->prefix &&
                  strcmp((const char *)n->ns->prefix, "ram") == 0 &&
                  strcmp((const char *)n->name, "ApplicableHeaderTradeDelivery") == 0))
                einv_report(ctx, &xr_PP_R008, n);
        } else {
            n = c;
            continue;
        }
        while (n) {
            xmlNodePtr s = einv_x_next_elem(n);
            if (s) {
                n = s;
                break;
            }
            n = xr_up(n);
        }
    }
}

/* ---- the plugin ---- */

static void xr_check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    if (!d)
        return;
    switch (einv_xdoc_syntax(d)) {
    case EINV_SYNTAX_UBL:
        xr_ubl_peppol(ctx, d);
        xr_ubl_de(ctx, d);
        xr_ubl_ext(ctx, d);
        break;
    case EINV_SYNTAX_CII:
        xr_cii_peppol(ctx, d);
        xr_cii_de(ctx, d);
        xr_cii_ext(ctx, d);
        break;
    default:
        break;
    }
}

static int xr_init(const einv_host_api_t *host, einv_error_t *err)
{
    static const einv_profile_ops_t ops = {
        sizeof(einv_profile_ops_t), "XRECHNUNG", "EN16931", 1,
        "KoSIT XRechnung 3.0.2 (xrechnung-schematron 2.5.0)",
        EINV_SYNTAX_BIT(EINV_SYNTAX_UBL) | EINV_SYNTAX_BIT(EINV_SYNTAX_CII), xr_check,
        ALL_RULES, sizeof ALL_RULES / sizeof ALL_RULES[0],
        "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0",
        "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0", NULL, 0};   /* the PEPPOL rules it runs need BT-23 */
    return host->register_profile(&ops, err);
}

EINV_PLUGIN_DEFINE("xrechnung", EINV_PLUGIN_PROFILE, "3.0.2",
                   "XRechnung 3.0.2 CIUS and extension rules (KoSIT xrechnung-schematron 2.5.0)",
                   xr_init, NULL)
