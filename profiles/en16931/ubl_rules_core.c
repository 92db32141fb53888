/* EN 16931 core business rules for UBL Invoice / CreditNote: the BR-nn, BR-CO, BR-DEC and
 * BR-B asserts of the CEN "UBL-model" Schematron pattern (VAT-category families live in
 * ubl_rules_vat.c, code lists in ubl_rules_codes.c).
 *
 * Every rule context is evaluated over the source tree with the pattern's first-matching-rule
 * semantics: each element is handed to exactly one rule of the pattern. The amount rules
 * (totals, VAT breakdown) are in ubl_rules_totals.c, reached through enuc_check_totals(). */
#include <string.h>
#include "en16931_int.h"

/* ---- internal to the plugin: shared with ubl_rules_totals.c ---- */
#define EN_INTERNAL __attribute__((visibility("hidden")))
EN_INTERNAL int enuc_is_vat_scheme(const xmlNode *cat);
EN_INTERNAL int enuc_charge_indicator_is(const xmlNode *ac, int want);
EN_INTERNAL void enuc_check_totals(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root,
                                   einv_dec_t line_sum);
extern EN_INTERNAL const einv_rule_t enuc_BR_12, enuc_BR_13, enuc_BR_14, enuc_BR_15, enuc_BR_45,
    enuc_BR_46, enuc_BR_47, enuc_BR_48, enuc_BR_CO_10, enuc_BR_CO_11, enuc_BR_CO_12,
    enuc_BR_CO_13, enuc_BR_CO_14, enuc_BR_CO_15, enuc_BR_CO_16, enuc_BR_CO_17, enuc_BR_CO_18,
    enuc_BR_DEC_09, enuc_BR_DEC_10, enuc_BR_DEC_11, enuc_BR_DEC_12, enuc_BR_DEC_14,
    enuc_BR_DEC_16, enuc_BR_DEC_17, enuc_BR_DEC_18, enuc_BR_DEC_19, enuc_BR_DEC_20;

/* ---- rule metadata (our own words) ---- */
#define R(var, id, sev, terms, msg, sug) \
    static const einv_rule_t var = {id, sev, EINV_LAYER_CORE, terms, msg, sug};
#define E EINV_SEV_ERROR

R(R_BR_01, "BR-01", E, "BT-24", "The specification identifier (BT-24) is missing.",
  "Add cbc:CustomizationID naming the specification the invoice follows.")
R(R_BR_02, "BR-02", E, "BT-1", "The invoice number (BT-1) is missing.",
  "Add a non-empty cbc:ID with the invoice number.")
R(R_BR_03, "BR-03", E, "BT-2", "The invoice issue date (BT-2) is missing.",
  "Add cbc:IssueDate (YYYY-MM-DD).")
R(R_BR_04, "BR-04", E, "BT-3", "The invoice type code (BT-3) is missing.",
  "Add cbc:InvoiceTypeCode (or cbc:CreditNoteTypeCode for a credit note), e.g. 380 or 381.")
R(R_BR_05, "BR-05", E, "BT-5", "The invoice currency code (BT-5) is missing.",
  "Add cbc:DocumentCurrencyCode with an ISO 4217 code such as EUR.")
R(R_BR_06, "BR-06", E, "BT-27", "The seller name (BT-27) is missing.",
  "Fill cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName.")
R(R_BR_07, "BR-07", E, "BT-44", "The buyer name (BT-44) is missing.",
  "Fill cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName.")
R(R_BR_08, "BR-08", E, "BG-5", "The seller postal address (BG-5) is missing.",
  "Add cac:PostalAddress to the seller party.")
R(R_BR_09, "BR-09", E, "BT-40", "The seller postal address has no country code (BT-40).",
  "Add cac:Country/cbc:IdentificationCode (ISO 3166-1 alpha-2) to the seller address.")
R(R_BR_10, "BR-10", E, "BG-8", "The buyer postal address (BG-8) is missing.",
  "Add cac:PostalAddress to the buyer party.")
R(R_BR_11, "BR-11", E, "BT-55", "The buyer postal address has no country code (BT-55).",
  "Add cac:Country/cbc:IdentificationCode (ISO 3166-1 alpha-2) to the buyer address.")
R(R_BR_16, "BR-16", E, "BG-25", "The invoice has no invoice line (BG-25).",
  "Add at least one cac:InvoiceLine (cac:CreditNoteLine in a credit note).")
R(R_BR_17, "BR-17", E, "BT-59, BG-10",
  "The payee (BG-10) has no name (BT-59) or is not distinct from the seller.",
  "Give the payee its own cac:PartyName/cbc:Name, or drop cac:PayeeParty when the seller is paid.")
R(R_BR_18, "BR-18", E, "BT-62", "The seller tax representative name (BT-62) is missing.",
  "Add cac:PartyName/cbc:Name to cac:TaxRepresentativeParty.")
R(R_BR_19, "BR-19", E, "BG-12", "The seller tax representative postal address (BG-12) is missing.",
  "Add cac:PostalAddress to cac:TaxRepresentativeParty.")
R(R_BR_20, "BR-20", E, "BT-69", "The tax representative address has no country code (BT-69).",
  "Add cac:Country/cbc:IdentificationCode to the tax representative address.")
R(R_BR_21, "BR-21", E, "BT-126", "An invoice line has no line identifier (BT-126).",
  "Give every line a non-empty cbc:ID.")
R(R_BR_22, "BR-22", E, "BT-129", "An invoice line has no invoiced quantity (BT-129).",
  "Add cbc:InvoicedQuantity (cbc:CreditedQuantity in a credit note) to the line.")
R(R_BR_23, "BR-23", E, "BT-130", "The invoiced quantity has no unit of measure (BT-130).",
  "Add a unitCode attribute (UN/ECE Rec 20, e.g. C62) to the quantity.")
R(R_BR_24, "BR-24", E, "BT-131", "An invoice line has no line net amount (BT-131).",
  "Add cbc:LineExtensionAmount to the line.")
R(R_BR_25, "BR-25", E, "BT-153", "An invoice line has no item name (BT-153).",
  "Add a non-empty cac:Item/cbc:Name to the line.")
R(R_BR_26, "BR-26", E, "BT-146", "An invoice line has no item net price (BT-146).",
  "Add cac:Price/cbc:PriceAmount to the line.")
R(R_BR_27, "BR-27", E, "BT-146", "The item net price (BT-146) is negative or not a number.",
  "Use a price of zero or more; express reductions as allowances.")
R(R_BR_28, "BR-28", E, "BT-148", "The item gross price (BT-148) is negative.",
  "Use a gross price (cac:Price/cac:AllowanceCharge/cbc:BaseAmount) of zero or more.")
R(R_BR_29, "BR-29", E, "BT-73, BT-74", "The invoicing period ends (BT-74) before it starts (BT-73).",
  "Make cbc:EndDate the same as or later than cbc:StartDate.")
R(R_BR_30, "BR-30", E, "BT-134, BT-135",
  "The invoice line period ends (BT-135) before it starts (BT-134).",
  "Make the line's cbc:EndDate the same as or later than its cbc:StartDate.")
R(R_BR_31, "BR-31", E, "BT-92", "A document level allowance has no amount (BT-92).",
  "Add cbc:Amount to the allowance.")
R(R_BR_32, "BR-32", E, "BT-95", "A document level allowance has no VAT category code (BT-95).",
  "Add cac:TaxCategory with cbc:ID and cac:TaxScheme/cbc:ID = VAT to the allowance.")
R(R_BR_33, "BR-33", E, "BT-97, BT-98", "A document level allowance has no reason (BT-97) or reason code (BT-98).",
  "Add cbc:AllowanceChargeReason or cbc:AllowanceChargeReasonCode.")
R(R_BR_36, "BR-36", E, "BT-99", "A document level charge has no amount (BT-99).",
  "Add cbc:Amount to the charge.")
R(R_BR_37, "BR-37", E, "BT-102", "A document level charge has no VAT category code (BT-102).",
  "Add cac:TaxCategory with cbc:ID and cac:TaxScheme/cbc:ID = VAT to the charge.")
R(R_BR_38, "BR-38", E, "BT-104, BT-105", "A document level charge has no reason (BT-104) or reason code (BT-105).",
  "Add cbc:AllowanceChargeReason or cbc:AllowanceChargeReasonCode.")
R(R_BR_41, "BR-41", E, "BT-136", "An invoice line allowance has no amount (BT-136).",
  "Add cbc:Amount to the line allowance.")
R(R_BR_42, "BR-42", E, "BT-139, BT-140", "An invoice line allowance has no reason (BT-139) or reason code (BT-140).",
  "Add cbc:AllowanceChargeReason or cbc:AllowanceChargeReasonCode to the line allowance.")
R(R_BR_43, "BR-43", E, "BT-141", "An invoice line charge has no amount (BT-141).",
  "Add cbc:Amount to the line charge.")
R(R_BR_44, "BR-44", E, "BT-144, BT-145", "An invoice line charge has no reason (BT-144) or reason code (BT-145).",
  "Add cbc:AllowanceChargeReason or cbc:AllowanceChargeReasonCode to the line charge.")
R(R_BR_49, "BR-49", E, "BT-81", "A payment instruction has no payment means type code (BT-81).",
  "Add cbc:PaymentMeansCode (UNCL 4461, e.g. 30 or 58).")
R(R_BR_50, "BR-50", E, "BT-84", "The credit transfer account has no account identifier (BT-84).",
  "Fill cac:PayeeFinancialAccount/cbc:ID with the IBAN or account number.")
R(R_BR_51, "BR-51", EINV_SEV_WARNING, "BT-87",
  "The card number (BT-87) looks like a full primary account number.",
  "Show at most the first 6 and last 4 digits of the card number.")
R(R_BR_52, "BR-52", E, "BT-122", "An additional supporting document has no reference (BT-122).",
  "Give every cac:AdditionalDocumentReference a non-empty cbc:ID.")
R(R_BR_53, "BR-53", E, "BT-6, BT-111",
  "A VAT accounting currency (BT-6) is given without the total VAT in that currency (BT-111).",
  "Add a cac:TaxTotal/cbc:TaxAmount whose currencyID is the VAT accounting currency.")
R(R_BR_54, "BR-54", E, "BT-160, BT-161", "An item attribute lacks its name (BT-160) or value (BT-161).",
  "Give every cac:AdditionalItemProperty both cbc:Name and cbc:Value.")
R(R_BR_55, "BR-55", E, "BT-25", "A preceding invoice reference has no invoice number (BT-25).",
  "Add cac:InvoiceDocumentReference/cbc:ID to the cac:BillingReference.")
R(R_BR_56, "BR-56", E, "BT-63", "The seller tax representative has no VAT identifier (BT-63).",
  "Add cac:PartyTaxScheme/cbc:CompanyID with cac:TaxScheme/cbc:ID = VAT to the tax representative.")
R(R_BR_57, "BR-57", E, "BT-80", "The deliver-to address has no country code (BT-80).",
  "Add cac:Country/cbc:IdentificationCode to the delivery location address.")
R(R_BR_61, "BR-61", E, "BT-81, BT-84",
  "A credit transfer payment (code 30 or 58) has no payment account identifier (BT-84).",
  "Add cac:PayeeFinancialAccount/cbc:ID, or use another payment means code.")
R(R_BR_62, "BR-62", E, "BT-34", "The seller electronic address (BT-34) has no scheme identifier.",
  "Add a schemeID attribute (EAS code list) to the seller cbc:EndpointID.")
R(R_BR_63, "BR-63", E, "BT-49", "The buyer electronic address (BT-49) has no scheme identifier.",
  "Add a schemeID attribute (EAS code list) to the buyer cbc:EndpointID.")
R(R_BR_64, "BR-64", E, "BT-157", "The item standard identifier (BT-157) has no scheme identifier.",
  "Add a schemeID attribute (ISO 6523 ICD, e.g. 0160 for GTIN) to the identifier.")
R(R_BR_65, "BR-65", E, "BT-158", "The item classification identifier (BT-158) has no scheme identifier.",
  "Add a listID attribute (UNTDID 7143) to cbc:ItemClassificationCode.")

R(R_BR_CO_03, "BR-CO-03", E, "BT-7, BT-8",
  "Both a VAT point date (BT-7) and a VAT point date code (BT-8) are given.",
  "Keep either cbc:TaxPointDate or cac:InvoicePeriod/cbc:DescriptionCode, not both.")
R(R_BR_CO_04, "BR-CO-04", E, "BT-151", "An invoice line has no VAT category code (BT-151).",
  "Add cac:Item/cac:ClassifiedTaxCategory with cbc:ID and cac:TaxScheme/cbc:ID = VAT.")
R(R_BR_CO_05, "BR-CO-05", E, "BT-97, BT-98",
  "The allowance reason (BT-97) and reason code (BT-98) disagree.",
  "Use a reason text that matches the reason code.")
R(R_BR_CO_06, "BR-CO-06", E, "BT-104, BT-105",
  "The charge reason (BT-104) and reason code (BT-105) disagree.",
  "Use a reason text that matches the reason code.")
R(R_BR_CO_07, "BR-CO-07", E, "BT-139, BT-140",
  "The line allowance reason (BT-139) and reason code (BT-140) disagree.",
  "Use a reason text that matches the reason code.")
R(R_BR_CO_08, "BR-CO-08", E, "BT-144, BT-145",
  "The line charge reason (BT-144) and reason code (BT-145) disagree.",
  "Use a reason text that matches the reason code.")
R(R_BR_CO_09, "BR-CO-09", E, "BT-31, BT-48, BT-63",
  "A VAT identifier does not start with a country prefix (ISO 3166-1 alpha-2, or EL).",
  "Prefix the VAT identifier with the issuing country code, e.g. DE123456789.")
R(R_BR_CO_19, "BR-CO-19", E, "BG-14, BT-73, BT-74",
  "The invoicing period (BG-14) has neither a start date (BT-73) nor an end date (BT-74).",
  "Add cbc:StartDate and/or cbc:EndDate to cac:InvoicePeriod, or remove the empty period.")
R(R_BR_CO_20, "BR-CO-20", E, "BG-26, BT-134, BT-135",
  "The invoice line period (BG-26) has neither a start date (BT-134) nor an end date (BT-135).",
  "Add cbc:StartDate and/or cbc:EndDate to the line's cac:InvoicePeriod.")
R(R_BR_CO_21, "BR-CO-21", E, "BT-97, BT-98",
  "A document level allowance has neither a reason (BT-97) nor a reason code (BT-98).",
  "Add cbc:AllowanceChargeReason and/or cbc:AllowanceChargeReasonCode.")
R(R_BR_CO_22, "BR-CO-22", E, "BT-104, BT-105",
  "A document level charge has neither a reason (BT-104) nor a reason code (BT-105).",
  "Add cbc:AllowanceChargeReason and/or cbc:AllowanceChargeReasonCode.")
R(R_BR_CO_23, "BR-CO-23", E, "BT-139, BT-140",
  "An invoice line allowance has neither a reason (BT-139) nor a reason code (BT-140).",
  "Add cbc:AllowanceChargeReason and/or cbc:AllowanceChargeReasonCode.")
R(R_BR_CO_24, "BR-CO-24", E, "BT-144, BT-145",
  "An invoice line charge has neither a reason (BT-144) nor a reason code (BT-145).",
  "Add cbc:AllowanceChargeReason and/or cbc:AllowanceChargeReasonCode.")
R(R_BR_CO_26, "BR-CO-26", E, "BT-29, BT-30, BT-31",
  "The seller carries no identifier (BT-29), legal registration id (BT-30) or VAT id (BT-31).",
  "Add at least one of cac:PartyIdentification/cbc:ID, cac:PartyLegalEntity/cbc:CompanyID or a VAT cac:PartyTaxScheme/cbc:CompanyID.")

R(R_BR_DEC_01, "BR-DEC-01", E, "BT-92", "The document level allowance amount (BT-92) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(R_BR_DEC_02, "BR-DEC-02", E, "BT-93", "The document level allowance base amount (BT-93) has more than 2 decimals.",
  "Round the base amount to at most 2 decimals.")
R(R_BR_DEC_05, "BR-DEC-05", E, "BT-99", "The document level charge amount (BT-99) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(R_BR_DEC_06, "BR-DEC-06", E, "BT-100", "The document level charge base amount (BT-100) has more than 2 decimals.",
  "Round the base amount to at most 2 decimals.")
R(R_BR_DEC_13, "BR-DEC-13", E, "BT-110", "The invoice total VAT amount (BT-110) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(R_BR_DEC_15, "BR-DEC-15", E, "BT-111",
  "The total VAT amount in accounting currency (BT-111) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(R_BR_DEC_23, "BR-DEC-23", E, "BT-131", "The invoice line net amount (BT-131) has more than 2 decimals.",
  "Round the line net amount to at most 2 decimals.")
R(R_BR_DEC_24, "BR-DEC-24", E, "BT-136", "The line allowance amount (BT-136) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(R_BR_DEC_25, "BR-DEC-25", E, "BT-137", "The line allowance base amount (BT-137) has more than 2 decimals.",
  "Round the base amount to at most 2 decimals.")
R(R_BR_DEC_27, "BR-DEC-27", E, "BT-141", "The line charge amount (BT-141) has more than 2 decimals.",
  "Round the amount to at most 2 decimals.")
R(R_BR_DEC_28, "BR-DEC-28", E, "BT-142", "The line charge base amount (BT-142) has more than 2 decimals.",
  "Round the base amount to at most 2 decimals.")

R(R_BR_B_01, "BR-B-01", E, "BT-95, BT-102, BT-151",
  "Split payment (VAT category B) is used in an invoice that is not purely Italian.",
  "Use category B only when every country code in the invoice is IT.")
R(R_BR_B_02, "BR-B-02", E, "BT-95, BT-102, BT-118, BT-151",
  "Split payment (VAT category B) and standard rate (S) are mixed in one invoice.",
  "Do not combine VAT categories B and S in the same invoice.")

/* ---- value semantics of the Schematron (XPath 2.0) ---- */

/* cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT', existential over the schemes.
 * No non-ASCII letter upper-cases to V, A or T, so an ASCII case fold is exact. */
int enuc_is_vat_scheme(const xmlNode *cat)
{
    xmlNodePtr ts, id;
    char b[8];
    for (ts = einv_x_child(cat, EINV_NS_CAC, "TaxScheme"); ts; ts = einv_x_next_same(ts)) {
        id = einv_x_child(ts, EINV_NS_CBC, "ID");
        if (!id || einv_x_next_same(id))
            continue;   /* upper-case() of two IDs is an error: no match */
        einv_x_norm(id, b, sizeof b);
        if ((b[0] | 0x20) == 'v' && (b[1] | 0x20) == 'a' && (b[2] | 0x20) == 't' && !b[3])
            return 1;
    }
    return 0;
}

/* cbc:ChargeIndicator = true()/false(): each value cast to xs:boolean in order; a value
 * that is no boolean raises an error, which a match pattern treats as "no match". */
int enuc_charge_indicator_is(const xmlNode *ac, int want)
{
    xmlNodePtr x;
    char b[8];
    for (x = einv_x_child(ac, EINV_NS_CBC, "ChargeIndicator"); x; x = einv_x_next_same(x)) {
        int v;
        einv_x_norm(x, b, sizeof b);
        if (!strcmp(b, "true") || !strcmp(b, "1"))
            v = 1;
        else if (!strcmp(b, "false") || !strcmp(b, "0"))
            v = 0;
        else
            return 0;
        if (v == want)
            return 1;
    }
    return 0;
}

/* untyped value >= 0 after the cast to xs:double: 1 / 0, -1 when the cast fails. */
static int num_ge0(const char *s)
{
    einv_dec_t v;
    char b[8];
    size_t k = 0;
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    while (s[k] && k < sizeof b - 1 && s[k] != ' ' && s[k] != '\t' && s[k] != '\n' && s[k] != '\r')
        b[k] = s[k], k++;
    b[k] = 0;
    if (!strcmp(b, "INF"))
        return 1;
    if (!strcmp(b, "-INF") || !strcmp(b, "NaN"))
        return 0;
    if (!einv_dec_parse_number(s, (size_t)-1, &v))
        return -1;
    return einv_dec_sign(v) >= 0;
}

/* string-length(normalize-space(s)) in characters. */
static size_t norm_length(const char *s)
{
    size_t n = 0;
    int gap = 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            gap = n > 0;
            continue;
        }
        if ((c & 0xC0) == 0x80)
            continue;
        n += 1 + gap;
        gap = 0;
    }
    return n;
}

static int digits(const char *s, int n, int *out)
{
    int v = 0, i;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return 1;
}

/* xs:date(s) as minutes since 1970-01-01T00:00Z of the day's start (implicit timezone
 * UTC); 0 when s is not an xs:date. */
static int parse_date(const char *s, long long *key)
{
    const char *p, *e;
    int neg = 0, mo, dd, th = 0, tm = 0, tz = 0;
    long long y = 0, days, era;
    unsigned yoe, doy, doe;
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
        e--;
    p = s;
    if (*p == '-')
        neg = 1, p++;
    s = p;
    while (p < e && *p >= '0' && *p <= '9' && p - s < 12)
        y = y * 10 + (*p++ - '0');
    if (p - s < 4 || (p - s > 4 && *s == '0') || p >= e || *p != '-')
        return 0;
    if (e - p < 6 || !digits(p + 1, 2, &mo) || p[3] != '-' || !digits(p + 4, 2, &dd))
        return 0;
    p += 6;
    if (p < e) {
        if (*p == 'Z' && p + 1 == e)
            tz = 0;
        else if ((*p == '+' || *p == '-') && e - p == 6 && digits(p + 1, 2, &th) && p[3] == ':' &&
                 digits(p + 4, 2, &tm) && (th < 14 || (th == 14 && tm == 0)) && tm < 60)
            tz = (*p == '-' ? -1 : 1) * (th * 60 + tm);
        else
            return 0;
    }
    if (neg)
        y = -y;
    if (y == 0 || mo < 1 || mo > 12 || dd < 1)
        return 0;
    {
        int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        if (dd > mdays[mo - 1] + (mo == 2 && leap))
            return 0;
    }
    /* days from civil (proleptic Gregorian) */
    y -= mo <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = (unsigned)(y - era * 400);
    doy = (unsigned)((153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + dd - 1);
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    days = era * 146097 + (long long)doe - 719468;
    *key = days * 1440 - tz;
    return 1;
}

/* ---- small predicates shared by several contexts ---- */

/* 1 when the context element has a child step ns:name at all (exists()). */
static int has(const xmlNode *n, int ns, const char *name) { return einv_x_child(n, ns, name) != NULL; }
static int has_cbc(const xmlNode *n, const char *name) { return has(n, EINV_NS_CBC, name); }

/* string-length(substring-after(cbc:NAME, '.')) <= 2 over the first such child. */
static int dec2_ok(const xmlNode *n, const char *name)
{
    return einv_x_fraction_digits(einv_x_child(n, EINV_NS_CBC, name)) <= 2;
}

/* exists(cbc:AllowanceChargeReason) or exists(cbc:AllowanceChargeReasonCode) */
static int has_reason(const xmlNode *ac)
{
    return has_cbc(ac, "AllowanceChargeReason") || has_cbc(ac, "AllowanceChargeReasonCode");
}

/* exists(cac:TaxCategory[VAT scheme]/cbc:ID) under n, for the category element `cat`. */
static int has_vat_cat_id(const xmlNode *n, const char *cat)
{
    xmlNodePtr c;
    for (c = einv_x_child(n, EINV_NS_CAC, cat); c; c = einv_x_next_same(c))
        if (enuc_is_vat_scheme(c) && has_cbc(c, "ID"))
            return 1;
    return 0;
}

/* 1 when some child cbc:NAME has exactly the string value s ('=' of untyped vs string). */
static int child_text_is(const xmlNode *n, const char *name, const char *s)
{
    xmlNodePtr c;
    for (c = einv_x_child(n, EINV_NS_CBC, name); c; c = einv_x_next_same(c))
        if (strcmp(einv_x_text(c), s) == 0)
            return 1;
    return 0;
}

static int parent_is(const xmlNode *n, int ns, const char *name)
{
    return n && einv_x_is(n->parent, ns, name);
}

/* n/.. is X and n/../.. is Y */
static int parents_are(const xmlNode *n, const char *p1, const char *p2)
{
    return parent_is(n, EINV_NS_CAC, p1) && parent_is(n->parent, EINV_NS_CAC, p2);
}

static int is_line(const xmlNode *n)
{
    return einv_x_is(n, EINV_NS_CAC, "InvoiceLine") || einv_x_is(n, EINV_NS_CAC, "CreditNoteLine");
}

/* FOR_ALL(d, ns, name, n) { ... }: every //ns:name in document order (the index; a single
 * loop, so break and continue behave as usual). */
static xmlNode **lbeg(const einv_nodelist_t *l) { return l->n ? l->v : NULL; }
static xmlNode **lend(const einv_nodelist_t *l) { return l->n ? l->v + l->n : NULL; }
#define FOR_ALL(d, ns, name, var)                                                      \
    for (xmlNode **var##_p = lbeg(einv_xdoc_all(d, ns, name)),                         \
                 **var##_e = lend(einv_xdoc_all(d, ns, name)), *var = NULL;            \
         var##_p < var##_e && (var = *var##_p) != NULL; var##_p++)

/* ---- the document root: /ubl:Invoice | /cn:CreditNote ---- */

/* Some //cac:TaxTotal/cbc:TaxAmount has @currencyID equal to the string s. */
static int tax_amount_in(const einv_xdoc_t *d, const char *s)
{
    FOR_ALL(d, EINV_NS_CBC, "TaxAmount", ta) {
        const char *cur = einv_x_attr(ta, "currencyID");
        if (cur && parent_is(ta, EINV_NS_CAC, "TaxTotal") && strcmp(cur, s) == 0)
            return 1;
    }
    return 0;
}

/* BR-DEC-13 / BR-DEC-15 literally: //cac:TaxTotal/cbc:TaxAmount[@currencyID = cbc:X] looks for
 * an X child of the TaxAmount itself, so it only ever selects something in odd documents. */
static int dec_tax_amount_ok(const einv_xdoc_t *d, const char *child)
{
    FOR_ALL(d, EINV_NS_CBC, "TaxAmount", ta) {
        const char *cur = einv_x_attr(ta, "currencyID");
        if (!cur || !parent_is(ta, EINV_NS_CAC, "TaxTotal"))
            continue;
        if (child_text_is(ta, child, cur))
            return einv_x_fraction_digits(ta) <= 2;
    }
    return 1;
}

/* Facts for BR-B-01 / BR-B-02 from one pass over the tax categories:
 * any: //cac:TaxCategory/cbc:ID = 'B' or //cac:ClassifiedTaxCategory/cbc:ID = 'B';
 * b, s: cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID (from the root),
 *       cac:AllowanceCharge/cac:TaxCategory/cbc:ID (from the root) or
 *       //cac:ClassifiedTaxCategory/cbc:ID equals 'B' / 'S'. */
typedef struct cat_facts { int any_b, b, s; } cat_facts;

static void cat_ids(const xmlNode *cat, int counted, cat_facts *f)
{
    xmlNodePtr id;
    for (id = einv_x_child(cat, EINV_NS_CBC, "ID"); id; id = einv_x_next_same(id)) {
        const char *t = einv_x_text(id);
        if (t[0] == 'B' && !t[1]) {
            f->any_b = 1;
            f->b |= counted;
        } else if (t[0] == 'S' && !t[1]) {
            f->s |= counted;
        }
    }
}

static cat_facts category_facts(const einv_xdoc_t *d, const xmlNode *root)
{
    cat_facts f = {0, 0, 0};
    FOR_ALL(d, EINV_NS_CAC, "ClassifiedTaxCategory", cat)
        cat_ids(cat, 1, &f);
    FOR_ALL(d, EINV_NS_CAC, "TaxCategory", cat) {
        const xmlNode *up = cat->parent;
        int counted = (einv_x_is(up, EINV_NS_CAC, "AllowanceCharge") && up->parent == root) ||
                      (parents_are(cat, "TaxSubtotal", "TaxTotal") && up->parent->parent == root);
        cat_ids(cat, counted, &f);
    }
    return f;
}

/* The root may have many thousand line children, so its children are found through the
 * document index (O(matches)) rather than by scanning its child list. */
static xmlNodePtr rchild(const einv_xdoc_t *d, const xmlNode *root, int ns, const char *name)
{
    FOR_ALL(d, ns, name, n) {
        if (n->parent == root)
            return n;
    }
    return NULL;
}

/* First node of root/FIRST/REST in document order, FIRST being a cac element. */
static xmlNodePtr rpath(const einv_xdoc_t *d, const xmlNode *root, const char *first, const char *rest)
{
    FOR_ALL(d, EINV_NS_CAC, first, n) {
        xmlNodePtr hit = n->parent == root ? einv_x_path(n, rest) : NULL;
        if (hit)
            return hit;
    }
    return NULL;
}

static void check_root(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root)
{
    cat_facts cf;

    if (!einv_x_nonblank(rchild(d, root, EINV_NS_CBC, "CustomizationID")))
        einv_report(ctx, &R_BR_01, root);
    if (!einv_x_nonblank(rchild(d, root, EINV_NS_CBC, "ID")))
        einv_report(ctx, &R_BR_02, root);
    if (!einv_x_nonblank(rchild(d, root, EINV_NS_CBC, "IssueDate")))
        einv_report(ctx, &R_BR_03, root);
    if (!einv_x_nonblank(rchild(d, root, EINV_NS_CBC, "InvoiceTypeCode")) &&
        !einv_x_nonblank(rchild(d, root, EINV_NS_CBC, "CreditNoteTypeCode")))
        einv_report(ctx, &R_BR_04, root);
    if (!einv_x_nonblank(rchild(d, root, EINV_NS_CBC, "DocumentCurrencyCode")))
        einv_report(ctx, &R_BR_05, root);
    if (!einv_x_nonblank(rpath(d, root, "AccountingSupplierParty", "cac:Party/cac:PartyLegalEntity/cbc:RegistrationName")))
        einv_report(ctx, &R_BR_06, root);
    if (!einv_x_nonblank(rpath(d, root, "AccountingCustomerParty", "cac:Party/cac:PartyLegalEntity/cbc:RegistrationName")))
        einv_report(ctx, &R_BR_07, root);
    if (!rpath(d, root, "AccountingSupplierParty", "cac:Party/cac:PostalAddress"))
        einv_report(ctx, &R_BR_08, root);
    if (!rpath(d, root, "AccountingCustomerParty", "cac:Party/cac:PostalAddress"))
        einv_report(ctx, &R_BR_10, root);
    if (!rchild(d, root, EINV_NS_CAC, "InvoiceLine") && !rchild(d, root, EINV_NS_CAC, "CreditNoteLine"))
        einv_report(ctx, &R_BR_16, root);

    FOR_ALL(d, EINV_NS_CBC, "TaxCurrencyCode", c) {
        if (c->parent == root && !tax_amount_in(d, einv_x_text(c))) {
            einv_report(ctx, &R_BR_53, root);
            break;
        }
    }

    if (rchild(d, root, EINV_NS_CBC, "TaxPointDate") && rpath(d, root, "InvoicePeriod", "cbc:DescriptionCode"))
        einv_report(ctx, &R_BR_CO_03, root);

    if (!dec_tax_amount_ok(d, "DocumentCurrencyCode"))
        einv_report(ctx, &R_BR_DEC_13, root);
    if (!dec_tax_amount_ok(d, "TaxCurrencyCode"))
        einv_report(ctx, &R_BR_DEC_15, root);

    cf = category_facts(d, root);
    if (cf.any_b) {
        int foreign = 0;   /* //cbc:IdentificationCode != 'IT' */
        FOR_ALL(d, EINV_NS_CBC, "IdentificationCode", ic) {
            if (strcmp(einv_x_text(ic), "IT") != 0) {
                foreign = 1;
                break;
            }
        }
        if (foreign)
            einv_report(ctx, &R_BR_B_01, root);
    }
    if (cf.b && cf.s)
        einv_report(ctx, &R_BR_B_02, root);
}

/* ---- invoice lines: cac:InvoiceLine | cac:CreditNoteLine ---- */

/* (X) >= 0 over untyped values, existential, each value cast to xs:double; the state is
 * 1 once true, -1 once a cast error ended the comparison, 0 otherwise. */
static void ge0_step(int *state, const xmlNode *x)
{
    if (*state == 0)
        *state = num_ge0(einv_x_text(x));
}

static int is_el(const xmlNode *c, int ns, const char *name)
{
    return (int)c->extra == ns && strcmp((const char *)c->name, name) == 0;
}

/* One pass over the line's children (lines are many; no repeated child scans). The line
 * net amounts are also summed here for BR-CO-10. */
static void check_line(einv_ctx_t *ctx, const xmlNode *ln, einv_dec_t *line_sum)
{
    xmlNodePtr c, g, id = NULL, lea = NULL, name = NULL;
    int qty = 0, unit = 0, price = 0, price_ok = 0, base = 0, base_ok = 0, vat_cat = 0;

    for (c = einv_x_first_elem(ln); c; c = einv_x_next_elem(c)) {
        if (c->extra == EINV_NS_CBC) {
            if (is_el(c, EINV_NS_CBC, "ID")) {
                if (!id)
                    id = c;
            } else if (is_el(c, EINV_NS_CBC, "InvoicedQuantity") || is_el(c, EINV_NS_CBC, "CreditedQuantity")) {
                qty = 1;
                unit |= einv_x_attr_node(c, "unitCode") != NULL;
            } else if (is_el(c, EINV_NS_CBC, "LineExtensionAmount")) {
                if (!lea)
                    lea = c;
                *line_sum = einv_dec_add(*line_sum, einv_x_dec(c));
            }
        } else if (c->extra != EINV_NS_CAC) {
            continue;
        } else if (is_el(c, EINV_NS_CAC, "Item")) {
            for (g = einv_x_first_elem(c); g; g = einv_x_next_elem(g)) {
                if (!name && is_el(g, EINV_NS_CBC, "Name"))
                    name = g;
                else if (!vat_cat && is_el(g, EINV_NS_CAC, "ClassifiedTaxCategory"))
                    vat_cat = enuc_is_vat_scheme(g) && has_cbc(g, "ID");
            }
        } else if (is_el(c, EINV_NS_CAC, "Price")) {
            for (g = einv_x_first_elem(c); g; g = einv_x_next_elem(g)) {
                if (is_el(g, EINV_NS_CBC, "PriceAmount")) {
                    price = 1;
                    ge0_step(&price_ok, g);
                } else if (is_el(g, EINV_NS_CAC, "AllowanceCharge")) {
                    xmlNodePtr b;
                    for (b = einv_x_child(g, EINV_NS_CBC, "BaseAmount"); b; b = einv_x_next_same(b)) {
                        base = 1;
                        ge0_step(&base_ok, b);
                    }
                }
            }
        }
    }

    if (!einv_x_nonblank(id))
        einv_report(ctx, &R_BR_21, ln);
    if (!qty)
        einv_report(ctx, &R_BR_22, ln);
    if (!unit)
        einv_report(ctx, &R_BR_23, ln);
    if (!lea)
        einv_report(ctx, &R_BR_24, ln);
    if (!einv_x_nonblank(name))
        einv_report(ctx, &R_BR_25, ln);
    if (!price)
        einv_report(ctx, &R_BR_26, ln);
    if (price_ok != 1)
        einv_report(ctx, &R_BR_27, ln);
    if (base && base_ok != 1)
        einv_report(ctx, &R_BR_28, ln);
    if (!vat_cat)
        einv_report(ctx, &R_BR_CO_04, ln);
    if (einv_x_fraction_digits(lea) > 2)
        einv_report(ctx, &R_BR_DEC_23, ln);
}

/* ---- allowances and charges (document level and line level) ---- */

static void check_allowance_charge(einv_ctx_t *ctx, const xmlNode *ac, const xmlNode *root)
{
    int doc = ac->parent == root, line = is_line(ac->parent);
    if (!doc && !line)
        return;   /* e.g. cac:Price/cac:AllowanceCharge: no rule of this pattern */
    if (enuc_charge_indicator_is(ac, 0)) {
        if (doc) {
            if (!has_cbc(ac, "Amount"))
                einv_report(ctx, &R_BR_31, ac);
            if (!has_vat_cat_id(ac, "TaxCategory"))
                einv_report(ctx, &R_BR_32, ac);
            if (!has_reason(ac)) {
                einv_report(ctx, &R_BR_33, ac);
                einv_report(ctx, &R_BR_CO_21, ac);
            }
            if (!dec2_ok(ac, "Amount"))
                einv_report(ctx, &R_BR_DEC_01, ac);
            if (!dec2_ok(ac, "BaseAmount"))
                einv_report(ctx, &R_BR_DEC_02, ac);
        } else {
            if (!has_cbc(ac, "Amount"))
                einv_report(ctx, &R_BR_41, ac);
            if (!has_reason(ac)) {
                einv_report(ctx, &R_BR_42, ac);
                einv_report(ctx, &R_BR_CO_23, ac);
            }
            if (!dec2_ok(ac, "Amount"))
                einv_report(ctx, &R_BR_DEC_24, ac);
            if (!dec2_ok(ac, "BaseAmount"))
                einv_report(ctx, &R_BR_DEC_25, ac);
        }
    } else if (enuc_charge_indicator_is(ac, 1)) {
        if (doc) {
            if (!has_cbc(ac, "Amount"))
                einv_report(ctx, &R_BR_36, ac);
            if (!has_vat_cat_id(ac, "TaxCategory"))
                einv_report(ctx, &R_BR_37, ac);
            if (!has_reason(ac)) {
                einv_report(ctx, &R_BR_38, ac);
                einv_report(ctx, &R_BR_CO_22, ac);
            }
            if (!dec2_ok(ac, "Amount"))
                einv_report(ctx, &R_BR_DEC_05, ac);
            if (!dec2_ok(ac, "BaseAmount"))
                einv_report(ctx, &R_BR_DEC_06, ac);
        } else {
            if (!has_cbc(ac, "Amount"))
                einv_report(ctx, &R_BR_43, ac);
            if (!has_reason(ac)) {
                einv_report(ctx, &R_BR_44, ac);
                einv_report(ctx, &R_BR_CO_24, ac);
            }
            if (!dec2_ok(ac, "Amount"))
                einv_report(ctx, &R_BR_DEC_27, ac);
            if (!dec2_ok(ac, "BaseAmount"))
                einv_report(ctx, &R_BR_DEC_28, ac);
        }
    }
}

/* ---- periods: line periods first, every other cac:InvoicePeriod after ---- */

/* (exists(End) and exists(Start) and xs:date(End) >= xs:date(Start)) or not(Start) or not(End) */
static int period_order_ok(const xmlNode *p)
{
    xmlNodePtr s = einv_x_child(p, EINV_NS_CBC, "StartDate");
    xmlNodePtr e = einv_x_child(p, EINV_NS_CBC, "EndDate");
    long long ks, ke;
    if (!s || !e)
        return 1;
    if (!parse_date(einv_x_text(e), &ke) || !parse_date(einv_x_text(s), &ks))
        return 0;   /* the cast fails: the test cannot hold */
    return ke >= ks;
}

static void check_period(einv_ctx_t *ctx, const xmlNode *p)
{
    int dates = has_cbc(p, "StartDate") || has_cbc(p, "EndDate");
    if (is_line(p->parent)) {
        if (!period_order_ok(p))
            einv_report(ctx, &R_BR_30, p);
        if (!dates)
            einv_report(ctx, &R_BR_CO_20, p);
    } else {
        if (!period_order_ok(p))
            einv_report(ctx, &R_BR_29, p);
        if (!dates && !has_cbc(p, "DescriptionCode"))
            einv_report(ctx, &R_BR_CO_19, p);
    }
}

/* ---- parties ---- */

/* 1 when some A_PATH node under a_from has the string value of some
 * ../cac:AccountingSupplierParty/B_PATH node (seller parties found through the index). */
static int same_as_seller(const einv_xdoc_t *d, const xmlNode *a_from, const char *a_path,
                          const xmlNode *up, const char *b_path)
{
    einv_nodes_t a, b;
    size_t i, j;
    int hit = 0;
    if (!up)
        return 0;
    einv_nodes_init(&a);
    einv_nodes_init(&b);
    einv_x_select(a_from, a_path, &a);
    if (a.n) {
        FOR_ALL(d, EINV_NS_CAC, "AccountingSupplierParty", sp) {
            if (sp->parent == up)
                einv_x_select(sp, b_path, &b);
        }
    }
    for (i = 0; i < a.n && !hit; i++)
        for (j = 0; j < b.n && !hit; j++)
            hit = strcmp(einv_x_text(a.v[i]), einv_x_text(b.v[j])) == 0;
    einv_nodes_free(&a);
    einv_nodes_free(&b);
    return hit;
}

/* BR-17: exists(Name) and not(Name = seller names) and not(ID = seller ids). */
static void check_payee(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *pp)
{
    const xmlNode *up = pp->parent && pp->parent->type == XML_ELEMENT_NODE ? pp->parent : NULL;
    if (!einv_x_path(pp, "cac:PartyName/cbc:Name") ||
        same_as_seller(d, pp, "cac:PartyName/cbc:Name", up, "cac:Party/cac:PartyName/cbc:Name") ||
        same_as_seller(d, pp, "cac:PartyIdentification/cbc:ID", up, "cac:Party/cac:PartyIdentification/cbc:ID"))
        einv_report(ctx, &R_BR_17, pp);
}

static void check_supplier(einv_ctx_t *ctx, const xmlNode *sp)
{
    xmlNodePtr party, x;
    for (party = einv_x_child(sp, EINV_NS_CAC, "Party"); party; party = einv_x_next_same(party)) {
        for (x = einv_x_child(party, EINV_NS_CAC, "PartyTaxScheme"); x; x = einv_x_next_same(x))
            if (has_cbc(x, "CompanyID") && enuc_is_vat_scheme(x))
                return;
        for (x = einv_x_child(party, EINV_NS_CAC, "PartyIdentification"); x; x = einv_x_next_same(x)) {
            xmlNodePtr id;
            for (id = einv_x_child(x, EINV_NS_CBC, "ID"); id; id = einv_x_next_same(id)) {
                const char *sc = einv_x_attr(id, "schemeID");
                if (!sc || strcmp(sc, "SEPA") != 0)
                    return;
            }
        }
        if (einv_x_path(party, "cac:PartyLegalEntity/cbc:CompanyID"))
            return;
    }
    einv_report(ctx, &R_BR_CO_26, sp);
}

static void check_tax_rep(einv_ctx_t *ctx, const xmlNode *tr)
{
    xmlNodePtr x;
    int vat = 0;
    if (!einv_x_nonblank(einv_x_path(tr, "cac:PartyName/cbc:Name")))
        einv_report(ctx, &R_BR_18, tr);
    if (!has(tr, EINV_NS_CAC, "PostalAddress"))
        einv_report(ctx, &R_BR_19, tr);
    for (x = einv_x_child(tr, EINV_NS_CAC, "PartyTaxScheme"); x && !vat; x = einv_x_next_same(x))
        vat = enuc_is_vat_scheme(x) && has_cbc(x, "CompanyID");
    if (!vat)
        einv_report(ctx, &R_BR_56, tr);
}

/* BR-CO-09: contains(' AD AE ... ', substring(cbc:CompanyID, 1, 2)) */
static const char COUNTRY_PREFIXES[] =
    " 1A AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO"
    " BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK"
    " DM DO DZ EC EE EG EH EL ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ"
    " GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI"
    " KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO"
    " MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK"
    " PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS"
    " ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE"
    " VG VI VN VU WF WS XI YE YT ZA ZM ZW ";

static void check_party_tax_scheme(einv_ctx_t *ctx, const xmlNode *pts)
{
    const char *s = einv_x_text(einv_x_child(pts, EINV_NS_CBC, "CompanyID"));
    char pre[16];
    size_t k = 0;
    int chars = 0;
    if (!enuc_is_vat_scheme(pts))
        return;
    /* the first two characters (not bytes) */
    while (s[k] && chars < 2 && k < sizeof pre - 5) {
        k++;
        while (((unsigned char)s[k] & 0xC0) == 0x80)
            k++;
        chars++;
    }
    memcpy(pre, s, k);
    pre[k] = 0;
    if (!strstr(COUNTRY_PREFIXES, pre))
        einv_report(ctx, &R_BR_CO_09, pts);
}

/* ---- payment means ---- */

static void check_payment_means(einv_ctx_t *ctx, const xmlNode *pm)
{
    xmlNodePtr code = einv_x_child(pm, EINV_NS_CBC, "PaymentMeansCode");
    if (!code)
        einv_report(ctx, &R_BR_49, pm);
    if ((einv_x_norm_eq(code, "30") || einv_x_norm_eq(code, "58")) &&
        !einv_x_path(pm, "cac:PayeeFinancialAccount/cbc:ID"))
        einv_report(ctx, &R_BR_61, pm);
}

/* ---- the family ---- */

static void check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    xmlNodePtr root = einv_xdoc_root(d);
    enum { C = EINV_NS_CAC, B = EINV_NS_CBC };
    einv_dec_t line_sum = einv_dec_from_int(0);
    if (!d || !root)
        return;

    if (einv_x_is(root, EINV_NS_UBL_INV, "Invoice") || einv_x_is(root, EINV_NS_UBL_CN, "CreditNote"))
        check_root(ctx, d, root);
    else
        root = NULL;   /* the rooted contexts match nothing */

    FOR_ALL(d, C, "AdditionalDocumentReference", n)
        if (!einv_x_nonblank(einv_x_child(n, B, "ID")))
            einv_report(ctx, &R_BR_52, n);

    FOR_ALL(d, B, "EndpointID", n) {
        if (einv_x_attr_node(n, "schemeID"))
            continue;
        if (parents_are(n, "Party", "AccountingCustomerParty"))
            einv_report(ctx, &R_BR_63, n);
        else if (parents_are(n, "Party", "AccountingSupplierParty"))
            einv_report(ctx, &R_BR_62, n);
    }

    FOR_ALL(d, C, "PostalAddress", n) {
        if (einv_x_nonblank(einv_x_path(n, "cac:Country/cbc:IdentificationCode")))
            continue;
        if (parents_are(n, "Party", "AccountingCustomerParty"))
            einv_report(ctx, &R_BR_11, n);
        else if (parents_are(n, "Party", "AccountingSupplierParty"))
            einv_report(ctx, &R_BR_09, n);
        else if (parent_is(n, C, "TaxRepresentativeParty"))
            einv_report(ctx, &R_BR_20, n);
    }

    FOR_ALL(d, B, "PrimaryAccountNumberID", n) {
        if (!parents_are(n, "CardAccount", "PaymentMeans"))
            continue;
        if (norm_length(einv_x_text(n)) > 10)
            einv_report(ctx, &R_BR_51, n);
    }

    FOR_ALL(d, C, "Address", n)
        if (parents_are(n, "DeliveryLocation", "Delivery") && !einv_x_path(n, "cac:Country/cbc:IdentificationCode"))
            einv_report(ctx, &R_BR_57, n);

    FOR_ALL(d, C, "AllowanceCharge", n)
        check_allowance_charge(ctx, n, root);

    FOR_ALL(d, C, "InvoiceLine", n)
        check_line(ctx, n, &line_sum);
    FOR_ALL(d, C, "CreditNoteLine", n)
        check_line(ctx, n, &line_sum);

    FOR_ALL(d, C, "InvoicePeriod", n)
        check_period(ctx, n);

    FOR_ALL(d, C, "AdditionalItemProperty", n)
        if (!has_cbc(n, "Name") || !has_cbc(n, "Value"))
            einv_report(ctx, &R_BR_54, n);

    FOR_ALL(d, B, "ItemClassificationCode", n)
        if (parents_are(n, "CommodityClassification", "Item") && is_line(n->parent->parent->parent) &&
            !einv_x_attr_node(n, "listID"))
            einv_report(ctx, &R_BR_65, n);

    FOR_ALL(d, C, "StandardItemIdentification", sii) {
        xmlNodePtr id;
        if (!parent_is(sii, C, "Item") || !is_line(sii->parent->parent))
            continue;
        for (id = einv_x_child(sii, B, "ID"); id; id = einv_x_next_same(id))
            if (!einv_x_attr_node(id, "schemeID"))
                einv_report(ctx, &R_BR_64, id);
    }

    FOR_ALL(d, C, "PayeeParty", n)
        check_payee(ctx, d, n);

    FOR_ALL(d, C, "PayeeFinancialAccount", n) {
        const xmlNode *pm = n->parent;
        if (einv_x_is(pm, C, "PaymentMeans") &&
            (child_text_is(pm, "PaymentMeansCode", "30") || child_text_is(pm, "PaymentMeansCode", "58")) &&
            !einv_x_nonblank(einv_x_child(n, B, "ID")))
            einv_report(ctx, &R_BR_50, n);
    }

    FOR_ALL(d, C, "PaymentMeans", n)
        check_payment_means(ctx, n);

    FOR_ALL(d, C, "BillingReference", n)
        if (!einv_x_path(n, "cac:InvoiceDocumentReference/cbc:ID"))
            einv_report(ctx, &R_BR_55, n);

    FOR_ALL(d, C, "AccountingSupplierParty", n)
        check_supplier(ctx, n);

    FOR_ALL(d, C, "TaxRepresentativeParty", n)
        check_tax_rep(ctx, n);

    FOR_ALL(d, C, "PartyTaxScheme", n)
        check_party_tax_scheme(ctx, n);

    enuc_check_totals(ctx, d, root, line_sum);
}

static const einv_rule_t *const RULES[] = {
    &R_BR_01, &R_BR_02, &R_BR_03, &R_BR_04, &R_BR_05, &R_BR_06, &R_BR_07, &R_BR_08, &R_BR_09,
    &R_BR_10, &R_BR_11, &enuc_BR_12, &enuc_BR_13, &enuc_BR_14, &enuc_BR_15, &R_BR_16, &R_BR_17,
    &R_BR_18, &R_BR_19, &R_BR_20, &R_BR_21, &R_BR_22, &R_BR_23, &R_BR_24, &R_BR_25, &R_BR_26,
    &R_BR_27, &R_BR_28, &R_BR_29, &R_BR_30, &R_BR_31, &R_BR_32, &R_BR_33, &R_BR_36, &R_BR_37,
    &R_BR_38, &R_BR_41, &R_BR_42, &R_BR_43, &R_BR_44, &enuc_BR_45, &enuc_BR_46, &enuc_BR_47,
    &enuc_BR_48, &R_BR_49, &R_BR_50, &R_BR_51, &R_BR_52, &R_BR_53, &R_BR_54, &R_BR_55, &R_BR_56,
    &R_BR_57, &R_BR_61, &R_BR_62, &R_BR_63, &R_BR_64, &R_BR_65,
    &R_BR_CO_03, &R_BR_CO_04, &R_BR_CO_05, &R_BR_CO_06, &R_BR_CO_07, &R_BR_CO_08, &R_BR_CO_09,
    &enuc_BR_CO_10, &enuc_BR_CO_11, &enuc_BR_CO_12, &enuc_BR_CO_13, &enuc_BR_CO_14, &enuc_BR_CO_15,
    &enuc_BR_CO_16, &enuc_BR_CO_17, &enuc_BR_CO_18, &R_BR_CO_19, &R_BR_CO_20, &R_BR_CO_21,
    &R_BR_CO_22, &R_BR_CO_23, &R_BR_CO_24, &R_BR_CO_26,
    &R_BR_DEC_01, &R_BR_DEC_02, &R_BR_DEC_05, &R_BR_DEC_06, &enuc_BR_DEC_09, &enuc_BR_DEC_10,
    &enuc_BR_DEC_11, &enuc_BR_DEC_12, &R_BR_DEC_13, &enuc_BR_DEC_14, &R_BR_DEC_15, &enuc_BR_DEC_16,
    &enuc_BR_DEC_17, &enuc_BR_DEC_18, &enuc_BR_DEC_19, &enuc_BR_DEC_20, &R_BR_DEC_23, &R_BR_DEC_24,
    &R_BR_DEC_25, &R_BR_DEC_27, &R_BR_DEC_28,
    &R_BR_B_01, &R_BR_B_02,
};

const en_family_t en_ubl_core = {"ubl-core", EINV_SYNTAX_UBL, check, RULES,
                                 sizeof RULES / sizeof RULES[0]};
