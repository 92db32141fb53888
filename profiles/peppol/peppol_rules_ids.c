/* PEPPOL core rules: identifier formats (PEPPOL-COMMON-R040..R057) of PEPPOL-EN16931-UBL
 * 2026.5. An electronic address (cbc:EndpointID), a party identifier
 * (cac:PartyIdentification/cbc:ID) or a company identifier (cbc:CompanyID) whose schemeID
 * names a registry must follow that registry's format and check digits.
 *
 * The rules sit in one pattern, so an element meets only the first rule its context
 * matches, in the artefact's order (SCHEMES below): a VAT CompanyID starting with NL is
 * checked against the Dutch VAT format (R056-2) unless its schemeID already chose an earlier
 * rule. Checks that count characters use code points, as XPath string-length() does. */
#include "peppol_rules_int.h"
#include <string.h>

#define E EINV_SEV_ERROR
#define W EINV_SEV_WARNING

PP_RULE(R_C040, "PEPPOL-COMMON-R040", E, "BT-29, BT-34, BT-46, BT-49",
        "A GLN (scheme 0088) is not 13 digits with a valid GS1 check digit.",
        "Check the GLN: digits only, with the GS1 modulo-10 check digit last.")
PP_RULE(R_C041, "PEPPOL-COMMON-R041", E, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "A Norwegian organisation number (scheme 0192) is not 9 digits with a valid check digit.",
        "Use the 9-digit organisation number from Enhetsregisteret (modulo-11 check digit).")
PP_RULE(R_C042, "PEPPOL-COMMON-R042", E, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "A Danish CVR number (scheme 0184) is not 8 digits (or DK followed by 8 digits).",
        "Write the CVR number as 8 digits, or as DK and 8 digits.")
PP_RULE(R_C043, "PEPPOL-COMMON-R043", E, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "A Belgian enterprise number (scheme 0208) is not 10 digits with valid modulo-97 check digits.",
        "Use the 10-digit enterprise number (KBO/BCE) without dots or prefix.")
PP_RULE(R_C044, "PEPPOL-COMMON-R044", W, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "An Italian IPA code (scheme 0201) is not 6 letters or digits.",
        "Use the 6-character Codice Univoco Ufficio from the IPA registry.")
PP_RULE(R_C045, "PEPPOL-COMMON-R045", W, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "An Italian tax code (scheme 0210) is not a valid Codice Fiscale (16 characters or 11 digits).",
        "Use the 16-character personal or the 11-digit company Codice Fiscale.")
PP_RULE(R_C046, "PEPPOL-COMMON-R046", W, "BT-34, BT-49",
        "An Italian tax code electronic address (scheme 9907) is not a valid Codice Fiscale.",
        "Use the 16-character personal or the 11-digit company Codice Fiscale.")
PP_RULE(R_C047, "PEPPOL-COMMON-R047", W, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "An Italian VAT number (scheme 0211) is not IT followed by 11 digits with a valid check digit.",
        "Write the Partita IVA as IT and its 11 digits.")
PP_RULE(R_C049, "PEPPOL-COMMON-R049", E, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "A Swedish organisation number (scheme 0007) is not 10 digits with a valid Luhn check digit.",
        "Write the organisation number as 10 digits without hyphen.")
PP_RULE(R_C050, "PEPPOL-COMMON-R050", E, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "An Australian Business Number (scheme 0151) is not 11 digits with valid check digits.",
        "Write the ABN as 11 digits without spaces.")
PP_RULE(R_C052, "PEPPOL-COMMON-R052", E, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "A Danish P-number (scheme 0096) is not 10 digits.",
        "Write the P-number as 10 digits.")
PP_RULE(R_C053, "PEPPOL-COMMON-R053", E, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "A Danish SE number (scheme 0198) is not DK followed by 8 digits.",
        "Write the SE number as DK and 8 digits.")
PP_RULE(R_C054, "PEPPOL-COMMON-R054", W, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "A Dutch KVK number (scheme 0106) is not 8 digits.",
        "Write the Chamber of Commerce number as 8 digits.")
PP_RULE(R_C055, "PEPPOL-COMMON-R055", W, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "A Dutch OIN (scheme 0190) is not 20 digits.",
        "Write the organisation identification number as 20 digits.")
PP_RULE(R_C056_1, "PEPPOL-COMMON-R056-1", W, "BT-29, BT-30, BT-31, BT-34, BT-46, BT-47, BT-48, BT-49",
        "A Dutch VAT number (scheme 9944) is not NL, 9 digits, B and 2 digits.",
        "Write the Dutch VAT number like NL123456789B01.")
PP_RULE(R_C056_2, "PEPPOL-COMMON-R056-2", W, "BT-31, BT-48, BT-63",
        "A VAT identifier starting with NL is not in the Dutch format NL, 9 digits, B, 2 digits.",
        "Write the Dutch VAT number like NL123456789B01.")
PP_RULE(R_C057, "PEPPOL-COMMON-R057", W, "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
        "A Dutch KVK establishment number (scheme 0217) is not 12 digits.",
        "Write the establishment number as 12 digits.")

/* ---- the artefact's format functions ---- */

static int is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* Every code point of s is an ASCII letter (or digit when digits is set); true for "". */
static int all_of(const char *s, int letters, int digits)
{
    for (; *s; s++)
        if (!((letters && is_letter(*s)) || (digits && *s >= '0' && *s <= '9')))
            return 0;
    return 1;
}

/* castable as xs:integer: white space around, optional sign, digits. */
static int castable_integer(const char *s)
{
    const char *e;
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
        e--;
    if (s < e && (*s == '+' || *s == '-'))
        s++;
    if (s >= e)
        return 0;
    for (; s < e; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* Characters from..from+len-1 (1-based code points) satisfy test. */
static int sub_test(const char *s, long from, long len, int (*test)(const char *))
{
    pp_buf_t b;
    int r;
    pp_buf_init(&b);
    r = test(pp_substring(s, from, len, &b));
    pp_buf_free(&b);
    return r;
}
static int t_letters(const char *s) { return all_of(s, 1, 0); }
static int t_digits(const char *s) { return all_of(s, 0, 1); }

/* u:checkCF: 16 characters in the personal code layout, or 11 characters castable as an
 * integer. */
static int check_cf(const char *s)
{
    size_t n = pp_strlen(s);
    if (n == 11)
        return castable_integer(s);
    if (n != 16)
        return 0;
    return sub_test(s, 1, 6, t_letters) && sub_test(s, 7, 2, castable_integer) &&
           sub_test(s, 9, 1, t_letters) && sub_test(s, 10, 2, castable_integer) &&
           sub_test(s, 15, 1, castable_integer) && sub_test(s, 16, 1, t_letters);
}

/* u:checkPIVAseIT: IT/it + 11 digits whose alternating sum (even positions doubled, digit
 * sum) is a multiple of 10; other prefixes pass. Returns 1 valid, 0 invalid. */
static int check_piva_it(const char *s)
{
    static const int DOUBLE[] = {0, 2, 4, 6, 8, 1, 3, 5, 7, 9};
    const char *code;
    int sum = 0, i;
    if (!(strncmp(s, "IT", 2) == 0 || strncmp(s, "it", 2) == 0))
        return 1;
    code = s + 2;
    if (pp_strlen(code) != 11 || !castable_integer(code))
        return 0;
    if (!all_of(code, 0, 1))
        return 1;   /* a leading sign: the artefact's digit mapping fails (dynamic error) */
    for (i = 0; i < 11; i++)
        sum += (i % 2) ? DOUBLE[code[i] - '0'] : code[i] - '0';
    return sum % 10 == 0;
}

/* u:mod97-0208: 97 - (first 8 digits mod 97) equals the last two digits. */
static int mod97_0208(const char *s)
{
    long v = 0, chk;
    int i;
    for (i = 0; i < 8; i++)
        v = v * 10 + (s[i] - '0');
    chk = (s[8] - '0') * 10 + (s[9] - '0');
    return 97 - v % 97 == chk;
}

/* u:abn: weighted sum (first digit minus one) divisible by 89. */
static int abn(const char *s)
{
    static const int WEIGHT[] = {10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19};
    long sum = 0;
    int i;
    for (i = 0; i < 11; i++)
        sum += (long)((unsigned char)s[i] - (i == 0 ? 49 : 48)) * WEIGHT[i];
    return sum % 89 == 0;
}

/* matches(s, '^NL[0-9]{9}B[0-9]{2}$') */
static int nl_vat(const char *s)
{
    int i;
    if (strlen(s) != 14 || strncmp(s, "NL", 2) != 0 || s[11] != 'B')
        return 0;
    for (i = 2; i < 14; i++)
        if (i != 11 && (s[i] < '0' || s[i] > '9'))
            return 0;
    return 1;
}

/* ---- the rules, in pattern order ---- */

enum { ANY = 0, ENDPOINT_ONLY = 1 };

/* raw: the test uses string() rather than normalize-space(). Returns 1 when valid. */
static int test_scheme(int which, const char *norm, const char *raw)
{
    size_t n;
    double num;
    switch (which) {
    case 40: return pp_digits(norm, 0) && pp_gln(norm);
    case 41: return pp_digits(norm, 9) && pp_mod11(norm);
    case 42:
        n = pp_strlen(raw);
        return (n == 10 && strncmp(raw, "DK", 2) == 0 && sub_test(raw, 3, 8, t_digits)) ||
               (n == 8 && sub_test(raw, 1, 8, t_digits));
    case 52: return pp_strlen(raw) == 10 && sub_test(raw, 1, 10, t_digits);
    case 53: return pp_strlen(raw) == 10 && strncmp(raw, "DK", 2) == 0 && sub_test(raw, 3, 8, t_digits);
    case 43: return pp_digits(norm, 10) && mod97_0208(norm);
    case 44: return all_of(norm, 1, 1) && pp_strlen(norm) == 6;
    case 45:
    case 46: return check_cf(norm);
    case 47: return check_piva_it(norm);
    case 49: return pp_strlen(norm) == 10 && pp_number(norm, &num) && pp_se_orgnr(norm);
    case 50: return pp_digits(norm, 11) && abn(norm);
    case 54: return pp_digits(norm, 8);
    case 55: return pp_digits(norm, 20);
    case 56: return nl_vat(norm);
    case 57: return pp_digits(norm, 12);
    }
    return 1;
}

static const struct {
    const char *scheme;
    int which, where;
    const einv_rule_t *rule;
} SCHEMES[] = {
    {"0088", 40, ANY, &R_C040}, {"0192", 41, ANY, &R_C041}, {"0184", 42, ANY, &R_C042},
    {"0096", 52, ANY, &R_C052}, {"0198", 53, ANY, &R_C053}, {"0208", 43, ANY, &R_C043},
    {"0201", 44, ANY, &R_C044}, {"0210", 45, ANY, &R_C045}, {"9907", 46, ENDPOINT_ONLY, &R_C046},
    {"0211", 47, ANY, &R_C047}, {"0007", 49, ANY, &R_C049}, {"0151", 50, ANY, &R_C050},
    {"0106", 54, ANY, &R_C054}, {"0190", 55, ANY, &R_C055}, {"9944", 56, ANY, &R_C056_1},
    {NULL, 56, ANY, &R_C056_2}, /* VAT CompanyID starting with NL */
    {"0217", 57, ANY, &R_C057},
};

/* cac:PartyTaxScheme[normalize-space(cac:TaxScheme/cbc:ID) = 'VAT']/cbc:CompanyID[starts-with(normalize-space(.), 'NL')] */
static int is_nl_vat_company_id(const xmlNode *n, const char *norm)
{
    const xmlNode *pts = n->parent;
    pp_buf_t b;
    int vat;
    if (!einv_x_is(n, EINV_NS_CBC, "CompanyID") || !einv_x_is(pts, EINV_NS_CAC, "PartyTaxScheme") ||
        strncmp(norm, "NL", 2) != 0)
        return 0;
    if (einv_x_path_count(pts, "cac:TaxScheme/cbc:ID") != 1)
        return 0;   /* normalize-space() of several IDs is an error: no match */
    pp_buf_init(&b);
    vat = strcmp(pp_norm(einv_x_path(pts, "cac:TaxScheme/cbc:ID"), &b), "VAT") == 0;
    pp_buf_free(&b);
    return vat;
}

static void check_identifier(einv_ctx_t *ctx, const xmlNode *n, int endpoint)
{
    const char *scheme = einv_x_attr(n, "schemeID");
    size_t i;
    pp_buf_t b;
    const char *norm;
    pp_buf_init(&b);
    norm = pp_norm(n, &b);
    for (i = 0; i < sizeof SCHEMES / sizeof SCHEMES[0]; i++) {
        if (SCHEMES[i].scheme) {
            if (!scheme || strcmp(scheme, SCHEMES[i].scheme) != 0 ||
                (SCHEMES[i].where == ENDPOINT_ONLY && !endpoint))
                continue;
        } else if (!is_nl_vat_company_id(n, norm)) {
            continue;
        }
        if (!test_scheme(SCHEMES[i].which, norm, einv_x_text(n)))
            einv_report(ctx, SCHEMES[i].rule, n);
        break;   /* first matching rule only */
    }
    pp_buf_free(&b);
}

static void check_ids(einv_ctx_t *ctx, const pp_doc_t *doc)
{
    const einv_nodelist_t *l;
    size_t i;
    l = einv_xdoc_all(doc->d, EINV_NS_CBC, "EndpointID");
    for (i = 0; i < l->n; i++)
        if (einv_x_attr(l->v[i], "schemeID"))
            check_identifier(ctx, l->v[i], 1);
    l = einv_xdoc_all(doc->d, EINV_NS_CBC, "ID");
    for (i = 0; i < l->n; i++)
        if (einv_x_is(l->v[i]->parent, EINV_NS_CAC, "PartyIdentification") &&
            einv_x_attr(l->v[i], "schemeID"))
            check_identifier(ctx, l->v[i], 0);
    l = einv_xdoc_all(doc->d, EINV_NS_CBC, "CompanyID");
    for (i = 0; i < l->n; i++)
        check_identifier(ctx, l->v[i], 0);
}

static const einv_rule_t *const ID_RULES[] = {
    &R_C040, &R_C041, &R_C042, &R_C043, &R_C044, &R_C045, &R_C046, &R_C047, &R_C049,
    &R_C050, &R_C052, &R_C053, &R_C054, &R_C055, &R_C056_1, &R_C056_2, &R_C057,
};
_Static_assert(sizeof ID_RULES / sizeof ID_RULES[0] == PP_N_IDS, "PP_N_IDS");
const pp_group_t pp_grp_ids = {check_ids, ID_RULES, PP_N_IDS};
