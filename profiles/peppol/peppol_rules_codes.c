/* PEPPOL core rules, two patterns of PEPPOL-EN16931-UBL 2026.5:
 * - the empty-element pattern (PEPPOL-EN16931-R008): no element may be empty;
 * - the restricted code list / format pattern (PEPPOL-EN16931-CL001..CL008, P0100..P0112,
 *   F001). Within that pattern an element meets only its first matching rule: a reason code
 *   under an allowance whose indicator is 'false' never gets the charge list, and a tax
 *   category with several exemption reason codes is checked for the first in rule order.
 * The code lists below are the artefact's own subsets (they differ from the EN 16931 ones). */
#include "peppol_rules_int.h"
#include <stdlib.h>
#include <string.h>

#define E EINV_SEV_ERROR

PP_RULE(R_R008, "PEPPOL-EN16931-R008", E, "",
        "The document contains an empty element (no value and no child elements).",
        "Remove elements that carry no value, or fill them; PEPPOL rejects empty elements.")
PP_RULE(R_CL001, "PEPPOL-EN16931-CL001", E, "BT-125",
        "The attachment's MIME code is not one PEPPOL accepts.",
        "Use application/pdf, image/png, image/jpeg, text/csv, or the xlsx/ods spreadsheet types.")
PP_RULE(R_CL002, "PEPPOL-EN16931-CL002", E, "BT-98, BT-140",
        "The allowance reason code is not in the PEPPOL subset of UNCL 5189.",
        "Use an allowance reason code of the PEPPOL subset (e.g. 95 discount, 100 special rebate).")
PP_RULE(R_CL003, "PEPPOL-EN16931-CL003", E, "BT-105, BT-145",
        "The charge reason code is not in UNCL 7161.",
        "Use a UNCL 7161 charge reason code (e.g. FC freight, ZZZ mutually defined).")
PP_RULE(R_CL006, "PEPPOL-EN16931-CL006", E, "BT-8",
        "The invoice period description code is not 3, 35 or 432 (UNCL 2005 subset).",
        "Use 3 (invoice date), 35 (delivery date) or 432 (payment date) for the VAT point date code.")
PP_RULE(R_CL007, "PEPPOL-EN16931-CL007", E, "BT-5",
        "An amount's currencyID is not an ISO 4217 currency code.",
        "Give every amount a currencyID attribute with a valid ISO 4217 code such as EUR.")
PP_RULE(R_CL008, "PEPPOL-EN16931-CL008", E, "BT-34, BT-49",
        "The electronic address scheme is not in the PEPPOL electronic address identifier list.",
        "Use an EAS code of the PEPPOL list for the schemeID of cbc:EndpointID (e.g. 0088, 0192, 9930).")
PP_RULE(R_P0100, "PEPPOL-EN16931-P0100", E, "BT-3",
        "The invoice type code is not allowed for the PEPPOL billing profile.",
        "Use an invoice type code accepted by PEPPOL BIS Billing 3.0, e.g. 380.")
PP_RULE(R_P0101, "PEPPOL-EN16931-P0101", E, "BT-3",
        "The credit note type code is not allowed for the PEPPOL billing profile.",
        "Use a credit note type code accepted by PEPPOL BIS Billing 3.0, e.g. 381.")
PP_RULE(R_P0104, "PEPPOL-EN16931-P0104", E, "BT-118, BT-121",
        "Exemption reason VATEX-EU-G requires VAT category G.",
        "Set the VAT category to G (export outside the EU) or change the exemption reason code.")
PP_RULE(R_P0105, "PEPPOL-EN16931-P0105", E, "BT-118, BT-121",
        "Exemption reason VATEX-EU-O requires VAT category O.",
        "Set the VAT category to O (not subject to VAT) or change the exemption reason code.")
PP_RULE(R_P0106, "PEPPOL-EN16931-P0106", E, "BT-118, BT-121",
        "Exemption reason VATEX-EU-IC requires VAT category K.",
        "Set the VAT category to K (intra-community supply) or change the exemption reason code.")
PP_RULE(R_P0107, "PEPPOL-EN16931-P0107", E, "BT-118, BT-121",
        "Exemption reason VATEX-EU-AE requires VAT category AE.",
        "Set the VAT category to AE (reverse charge) or change the exemption reason code.")
PP_RULE(R_P0108, "PEPPOL-EN16931-P0108", E, "BT-118, BT-121",
        "Exemption reason VATEX-EU-D requires VAT category E.",
        "Set the VAT category to E (exempt) or change the exemption reason code.")
PP_RULE(R_P0109, "PEPPOL-EN16931-P0109", E, "BT-118, BT-121",
        "Exemption reason VATEX-EU-F requires VAT category E.",
        "Set the VAT category to E (exempt) or change the exemption reason code.")
PP_RULE(R_P0110, "PEPPOL-EN16931-P0110", E, "BT-118, BT-121",
        "Exemption reason VATEX-EU-I requires VAT category E.",
        "Set the VAT category to E (exempt) or change the exemption reason code.")
PP_RULE(R_P0111, "PEPPOL-EN16931-P0111", E, "BT-118, BT-121",
        "Exemption reason VATEX-EU-J requires VAT category E.",
        "Set the VAT category to E (exempt) or change the exemption reason code.")
PP_RULE(R_P0112, "PEPPOL-EN16931-P0112", E, "BT-3",
        "Invoice type codes 326 and 384 are only allowed between a German seller and a German buyer.",
        "Use another invoice type code (e.g. 380), unless both parties are located in Germany.")
PP_RULE(R_F001, "PEPPOL-EN16931-F001", E, "BT-2, BT-7, BT-9, BT-72, BT-73, BT-74",
        "A date is not written as YYYY-MM-DD.",
        "Write dates as a valid calendar date in the form YYYY-MM-DD, without time zone.")

static const char *const ISO4217[] = {
    "AED", "AFN", "ALL", "AMD", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BHD",
    "BIF", "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF",
    "CHE", "CHF", "CHW", "CLF", "CLP", "CNH", "CNY", "COP", "COU", "CRC", "CUP", "CVE", "CZK",
    "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS",
    "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD",
    "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD",
    "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT",
    "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK",
    "NPR", "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD",
    "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP",
    "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS",
    "UAH", "UGX", "USD", "USN", "UYI", "UYU", "UYW", "UZS", "VED", "VES", "VND", "VUV", "WST",
    "XAF", "XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XCD", "XCG", "XDR", "XOF", "XPD", "XPF",
    "XPT", "XSU", "XTS", "XUA", "XXX", "YER", "ZAR", "ZMW", "ZWG",
};
static const char *const UNCL7161[] = {
    "AA", "AAA", "AAC", "AAD", "AAE", "AAF", "AAH", "AAI", "AAS", "AAT", "AAV", "AAY", "AAZ",
    "ABA", "ABB", "ABC", "ABD", "ABF", "ABK", "ABL", "ABN", "ABR", "ABS", "ABT", "ABU", "ACF",
    "ACG", "ACH", "ACI", "ACJ", "ACK", "ACL", "ACM", "ACS", "ADC", "ADE", "ADJ", "ADK", "ADL",
    "ADM", "ADN", "ADO", "ADP", "ADQ", "ADR", "ADT", "ADW", "ADY", "ADZ", "AEA", "AEB", "AEC",
    "AED", "AEF", "AEH", "AEI", "AEJ", "AEK", "AEL", "AEM", "AEN", "AEO", "AEP", "AES", "AET",
    "AEU", "AEV", "AEW", "AEX", "AEY", "AEZ", "AJ", "AU", "CA", "CAB", "CAD", "CAE", "CAF",
    "CAI", "CAJ", "CAK", "CAL", "CAM", "CAN", "CAO", "CAP", "CAQ", "CAR", "CAS", "CAT", "CAU",
    "CAV", "CAW", "CAX", "CAY", "CAZ", "CD", "CG", "CS", "CT", "DAB", "DAC", "DAD", "DAF",
    "DAG", "DAH", "DAI", "DAJ", "DAK", "DAL", "DAM", "DAN", "DAO", "DAP", "DAQ", "DL", "EG",
    "EP", "ER", "FAA", "FAB", "FAC", "FC", "FH", "FI", "GAA", "HAA", "HD", "HH", "IAA", "IAB",
    "ID", "IF", "IR", "IS", "KO", "L1", "LA", "LAA", "LAB", "LF", "MAE", "MI", "ML", "NAA",
    "OA", "PA", "PAA", "PC", "PL", "PRV", "RAB", "RAC", "RAD", "RAF", "RE", "RF", "RH", "RV",
    "SA", "SAA", "SAD", "SAE", "SAI", "SG", "SH", "SM", "SU", "TAB", "TAC", "TT", "TV", "V1",
    "V2", "WH", "XAA", "YY", "ZZZ",
};
static const char *const EAID[] = {
    "0002", "0007", "0009", "0060", "0088", "0096", "0097", "0106", "0130", "0135", "0142",
    "0151", "0183", "0184", "0188", "0190", "0191", "0192", "0195", "0196", "0198", "0199",
    "0200", "0201", "0204", "0208", "0209", "0210", "0211", "0216", "0218", "0221", "0225",
    "0230", "0235", "0240", "0242", "0244", "0245", "0246", "0248", "9910", "9913", "9914",
    "9915", "9918", "9919", "9920", "9922", "9923", "9924", "9925", "9926", "9927", "9928",
    "9929", "9930", "9931", "9932", "9933", "9934", "9935", "9936", "9937", "9938", "9939",
    "9940", "9941", "9942", "9943", "9944", "9945", "9946", "9947", "9948", "9949", "9950",
    "9951", "9952", "9953", "9957", "9959",
};
static const char *const UNCL5189[] = {
    "100", "102", "103", "104", "105", "41", "42", "60", "62", "63", "64", "65", "66", "67",
    "68", "70", "71", "88", "95",
};

static const char *const MIME[] = {
    "application/pdf", "application/vnd.oasis.opendocument.spreadsheet",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "image/jpeg", "image/png",
    "text/csv",
};
static const char *const UNCL2005[] = {"3", "35", "432"};
static const char *const INVOICE_TYPES[] = {
    "102", "218", "219", "326", "331", "380", "382", "383", "384", "386", "388", "393", "395",
    "553", "575", "623", "71", "780", "80", "817", "82", "84", "870", "875", "876", "877",
};
static const char *const CREDIT_NOTE_TYPES[] = {"381", "396", "532", "81", "83"};

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Exact membership in a sorted list; NULL is in no list. */
static int in_list(const char *s, const char *const *list, size_t n)
{
    return s && bsearch(&s, list, n, sizeof *list, cmp_str) != NULL;
}
#define IN(s, L) in_list(s, L, sizeof L / sizeof L[0])

/* ---- xs:date ---- */

static int dig(const char *p, int n, int *v)
{
    int i;
    *v = 0;
    for (i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9')
            return 0;
        *v = *v * 10 + (p[i] - '0');
    }
    return 1;
}

static long long days_from_civil(long long y, int m, int d)
{
    long long era, yoe, doy, doe;
    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe;
}

int pp_xs_date(const char *s, long long *minutes)
{
    /* '-'? yyyy+ '-' mm '-' dd (Z | (+|-) hh ':' mm)?, white space around allowed */
    const char *p = s, *e;
    long long year = 0;
    int neg = 0, ny = 0, mon, day, tz = 0, th, tm;
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (!s)
        return 0;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    e = p + strlen(p);
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
        e--;
    if (p < e && *p == '-')
        neg = 1, p++;
    while (p < e && *p >= '0' && *p <= '9') {
        if (ny < 12)
            year = year * 10 + (*p - '0');
        ny++;
        p++;
    }
    if (ny < 4 || ny > 12 || (ny > 4 && p[-ny] == '0'))
        return 0;
    if (e - p < 6 || p[0] != '-' || !dig(p + 1, 2, &mon) || p[3] != '-' || !dig(p + 4, 2, &day))
        return 0;
    p += 6;
    if (mon < 1 || mon > 12 || day < 1)
        return 0;
    if (neg)
        year = -year;
    {
        int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        if (day > mdays[mon - 1] + (mon == 2 && leap))
            return 0;
    }
    if (p < e) {
        if (*p == 'Z' && p + 1 == e)
            tz = 0;
        else if ((*p == '+' || *p == '-') && e - p == 6 && dig(p + 1, 2, &th) && p[3] == ':' &&
                 dig(p + 4, 2, &tm) && th <= 14 && tm <= 59)
            tz = (*p == '-' ? -1 : 1) * (th * 60 + tm);
        else
            return 0;
    }
    *minutes = days_from_civil(year, mon, day) * 1440 - tz;
    return 1;
}

/* ---- R008: empty elements ---- */

/* not(*) and not(normalize-space()): no element child and only XML white space as text. */
static int is_empty_leaf(const xmlNode *n)
{
    const xmlNode *c;
    for (c = n->children; c; c = c->next) {
        if (c->type == XML_ELEMENT_NODE)
            return 0;
        if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content) {
            const unsigned char *t = c->content;
            for (; *t; t++)
                if (*t != ' ' && *t != '\t' && *t != '\n' && *t != '\r')
                    return 0;
        }
    }
    return 1;
}

static void check_empty(einv_ctx_t *ctx, const pp_doc_t *doc)
{
    /* document-order walk without recursion */
    xmlNodePtr n = doc->root;
    while (n) {
        if (n->type == XML_ELEMENT_NODE && is_empty_leaf(n))
            einv_report(ctx, &R_R008, n);
        if (n->type == XML_ELEMENT_NODE && n->children) {
            n = n->children;
            continue;
        }
        while (n && n != doc->root && !n->next)
            n = n->parent;
        if (!n || n == doc->root)
            break;
        n = n->next;
    }
}

static const einv_rule_t *const EMPTY_RULES[] = {&R_R008};
_Static_assert(sizeof EMPTY_RULES / sizeof EMPTY_RULES[0] == PP_N_EMPTY, "PP_N_EMPTY");
const pp_group_t pp_grp_empty = {check_empty, EMPTY_RULES, PP_N_EMPTY};

/* ---- the code list pattern ---- */

static const char *const AMOUNTS[] = {
    "Amount", "BaseAmount", "PriceAmount", "TaxAmount", "TaxableAmount", "LineExtensionAmount",
    "TaxExclusiveAmount", "TaxInclusiveAmount", "AllowanceTotalAmount", "ChargeTotalAmount",
    "PrepaidAmount", "PayableRoundingAmount", "PayableAmount",
};
static const char *const DATES[] = {"IssueDate", "DueDate", "TaxPointDate", "StartDate",
                                    "EndDate", "ActualDeliveryDate"};

/* Exemption reason code -> required category, in the pattern's rule order. */
static const struct {
    const char *code, *category;
    const einv_rule_t *rule;
} VATEX[] = {
    {"VATEX-EU-G", "G", &R_P0104},  {"VATEX-EU-O", "O", &R_P0105}, {"VATEX-EU-IC", "K", &R_P0106},
    {"VATEX-EU-AE", "AE", &R_P0107}, {"VATEX-EU-D", "E", &R_P0108}, {"VATEX-EU-F", "E", &R_P0109},
    {"VATEX-EU-I", "E", &R_P0110},  {"VATEX-EU-J", "E", &R_P0111},
};

/* upper-case(s) = want, for ASCII want. */
static int upper_eq(const char *s, const char *want)
{
    for (; *s && *want; s++, want++) {
        char c = (*s >= 'a' && *s <= 'z') ? (char)(*s - 32) : *s;
        if (c != *want)
            return 0;
    }
    return *s == 0 && *want == 0;
}

static int has_child_text(const xmlNode *parent, const char *local, const char *value)
{
    xmlNodePtr c;
    for (c = einv_x_child(parent, EINV_NS_CBC, local); c; c = einv_x_next_same(c))
        if (strcmp(einv_x_text(c), value) == 0)
            return 1;
    return 0;
}

static void check_tax_category(einv_ctx_t *ctx, const xmlNode *cat)
{
    size_t i;
    xmlNodePtr r = einv_x_child(cat, EINV_NS_CBC, "TaxExemptionReasonCode");
    /* upper-case() of two codes is a type error, which makes the context predicate false */
    if (!r || einv_x_next_same(r))
        return;
    for (i = 0; i < sizeof VATEX / sizeof VATEX[0]; i++)
        if (upper_eq(einv_x_text(r), VATEX[i].code)) {
            pp_buf_t b;
            pp_buf_init(&b);
            if (strcmp(pp_norm(einv_x_child(cat, EINV_NS_CBC, "ID"), &b), VATEX[i].category) != 0)
                einv_report(ctx, VATEX[i].rule, cat);
            pp_buf_free(&b);
            return;   /* first matching rule only */
        }
}

/* Report `rule` at n when normalize-space(text()) is not in the list. */
static void check_text_in(einv_ctx_t *ctx, const xmlNode *n, const einv_rule_t *rule,
                          const char *const *list, size_t len)
{
    pp_buf_t a, b;
    pp_buf_init(&a);
    pp_buf_init(&b);
    if (!in_list(pp_normalize(pp_text(n, &a), &b), list, len))
        einv_report(ctx, rule, n);
    pp_buf_free(&a);
    pp_buf_free(&b);
}

static void check_codes(einv_ctx_t *ctx, const pp_doc_t *doc)
{
    const einv_xdoc_t *d = doc->d;
    const einv_nodelist_t *l;
    size_t i, k;

    l = einv_xdoc_all(d, EINV_NS_CBC, "EmbeddedDocumentBinaryObject");
    for (i = 0; i < l->n; i++) {
        const char *m = einv_x_attr(l->v[i], "mimeCode");
        if (m && !IN(m, MIME))
            einv_report(ctx, &R_CL001, l->v[i]);
    }

    l = einv_xdoc_all(d, EINV_NS_CBC, "AllowanceChargeReasonCode");
    for (i = 0; i < l->n; i++) {
        const xmlNode *ac = l->v[i]->parent;
        if (!einv_x_is(ac, EINV_NS_CAC, "AllowanceCharge"))
            continue;
        if (has_child_text(ac, "ChargeIndicator", "false"))
            check_text_in(ctx, l->v[i], &R_CL002, UNCL5189, sizeof UNCL5189 / sizeof UNCL5189[0]);
        else if (has_child_text(ac, "ChargeIndicator", "true"))
            check_text_in(ctx, l->v[i], &R_CL003, UNCL7161, sizeof UNCL7161 / sizeof UNCL7161[0]);
    }

    l = einv_xdoc_all(d, EINV_NS_CBC, "DescriptionCode");
    for (i = 0; i < l->n; i++)
        if (einv_x_is(l->v[i]->parent, EINV_NS_CAC, "InvoicePeriod"))
            check_text_in(ctx, l->v[i], &R_CL006, UNCL2005, sizeof UNCL2005 / sizeof UNCL2005[0]);

    for (k = 0; k < sizeof AMOUNTS / sizeof AMOUNTS[0]; k++) {
        l = einv_xdoc_all(d, EINV_NS_CBC, AMOUNTS[k]);
        for (i = 0; i < l->n; i++)
            if (!IN(einv_x_attr(l->v[i], "currencyID"), ISO4217))
                einv_report(ctx, &R_CL007, l->v[i]);
    }

    l = einv_xdoc_all(d, EINV_NS_CBC, "InvoiceTypeCode");
    for (i = 0; i < l->n; i++) {
        pp_buf_t b;
        const char *v;
        if (doc->profile != PP_PROFILE_UNKNOWN)
            check_text_in(ctx, l->v[i], &R_P0100, INVOICE_TYPES,
                          sizeof INVOICE_TYPES / sizeof INVOICE_TYPES[0]);
        pp_buf_init(&b);
        v = pp_norm(l->v[i], &b);
        if ((strcmp(v, "326") == 0 || strcmp(v, "384") == 0) &&
            !(doc->supplier_is_de && doc->customer_is_de))
            einv_report(ctx, &R_P0112, l->v[i]);
        pp_buf_free(&b);
    }

    if (doc->profile != PP_PROFILE_UNKNOWN) {
        l = einv_xdoc_all(d, EINV_NS_CBC, "CreditNoteTypeCode");
        for (i = 0; i < l->n; i++)
            check_text_in(ctx, l->v[i], &R_P0101, CREDIT_NOTE_TYPES,
                          sizeof CREDIT_NOTE_TYPES / sizeof CREDIT_NOTE_TYPES[0]);
    }

    for (k = 0; k < sizeof DATES / sizeof DATES[0]; k++) {
        l = einv_xdoc_all(d, EINV_NS_CBC, DATES[k]);
        for (i = 0; i < l->n; i++) {
            pp_buf_t b;
            long long m;
            pp_buf_init(&b);
            if (!(pp_strlen(pp_text(l->v[i], &b)) == 10 && pp_xs_date(einv_x_text(l->v[i]), &m)))
                einv_report(ctx, &R_F001, l->v[i]);
            pp_buf_free(&b);
        }
    }

    l = einv_xdoc_all(d, EINV_NS_CBC, "EndpointID");
    for (i = 0; i < l->n; i++) {
        const char *s = einv_x_attr(l->v[i], "schemeID");
        if (s && !IN(s, EAID))
            einv_report(ctx, &R_CL008, l->v[i]);
    }

    l = einv_xdoc_all(d, EINV_NS_CAC, "TaxCategory");
    for (i = 0; i < l->n; i++)
        check_tax_category(ctx, l->v[i]);
}

static const einv_rule_t *const CODE_RULES[] = {
    &R_CL001, &R_CL002, &R_CL003, &R_CL006, &R_CL007, &R_CL008, &R_P0100, &R_P0101, &R_P0104,
    &R_P0105, &R_P0106, &R_P0107, &R_P0108, &R_P0109, &R_P0110, &R_P0111, &R_P0112, &R_F001,
};
_Static_assert(sizeof CODE_RULES / sizeof CODE_RULES[0] == PP_N_CODES, "PP_N_CODES");
const pp_group_t pp_grp_codes = {check_codes, CODE_RULES, PP_N_CODES};
