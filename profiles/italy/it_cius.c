/* AgID CIUS-IT rules for UBL (the "Italy-CIUS-rules" pattern of AGID-EN16931-UBL 3.2.1), first
 * half: the document root, document references, notes, the seller and the document-level
 * charges. it_cius_b.c holds the buyer, payment, amount and line rules.
 *
 * The pattern hands every element to its first matching rule. Two rules of the artefact
 * never fire because of that: BR-IT-001 and BR-IT-DC-002 have the document element as
 * context, which the BR-IT-260 rule (any document element) always takes first. The only
 * other overlap is a root-level allowance/charge with reason code SAE of an Italian seller:
 * it belongs to BR-IT-DC-480 and is never seen by BR-IT-DC-291. */
#include "it_int.h"
#include <string.h>

#define R(var, id, terms, msg, sug) \
    static const einv_rule_t var = {id, EINV_SEV_ERROR, EINV_LAYER_PROFILE, terms, msg, sug};

R(R_260, "BR-IT-260", "BG-16", "Italian invoices must contain payment instructions (BG-16).",
  "Add a cac:PaymentMeans group with the payment means code and account.")
R(R_261, "BR-IT-261", "BT-20", "Italian invoices must state the payment terms (BT-20).",
  "Add cac:PaymentTerms/cbc:Note describing the payment terms.")
R(R_DC480, "BR-IT-DC-480", "BT-99, BT-104, BT-105, BT-95",
  "A stamp duty charge (reason code SAE) of an Italian seller must be the zero-amount 'BOLLO' "
  "charge in VAT category Z at 0 %.",
  "For the virtual stamp duty set cbc:AllowanceChargeReason to BOLLO, cbc:Amount to 0 and the "
  "tax category to Z with percent 0.")
R(R_010, "BR-IT-010", "BT-1",
  "The invoice number (BT-1) must be 1 to 20 basic Latin characters and contain a digit.",
  "Shorten the invoice number to at most 20 ASCII characters including at least one digit.")
R(R_020, "BR-IT-020", "BT-11", "The project reference (BT-11, CUP code) exceeds 15 basic Latin characters.",
  "Use the CUP code of at most 15 ASCII characters.")
R(R_030, "BR-IT-030", "BT-12", "The contract reference (BT-12) exceeds 20 basic Latin characters.",
  "Shorten the contract reference to at most 20 ASCII characters.")
R(R_040, "BR-IT-040", "BT-13", "The purchase order reference (BT-13) exceeds 20 basic Latin characters.",
  "Shorten the order reference to at most 20 ASCII characters.")
R(R_050, "BR-IT-050", "BT-15", "The receiving advice reference (BT-15) exceeds 20 basic Latin characters.",
  "Shorten the receiving advice reference to at most 20 ASCII characters.")
R(R_060, "BR-IT-060", "BT-16", "The despatch advice reference (BT-16) exceeds 20 basic Latin characters.",
  "Shorten the despatch advice (DDT) number to at most 20 ASCII characters.")
R(R_070, "BR-IT-070", "BT-17", "The tender or lot reference (BT-17, CIG code) exceeds 15 basic Latin characters.",
  "Use the CIG code of at most 15 ASCII characters.")
R(R_080, "BR-IT-080", "BT-19", "The buyer accounting reference (BT-19) exceeds 20 basic Latin characters.",
  "Shorten the buyer accounting reference to at most 20 ASCII characters.")
R(R_081, "BR-IT-081", "BT-22",
  "A note must be 1 to 200 characters from the Basic Latin and Latin-1 blocks.",
  "Shorten the note to at most 200 characters and avoid characters outside Latin-1.")
R(R_090, "BR-IT-090", "BT-25", "The preceding invoice number (BT-25) exceeds 20 basic Latin characters.",
  "Shorten the preceding invoice reference to at most 20 ASCII characters.")
R(R_DC100A, "BR-IT-DC-100A", "BT-29",
  "An Italian seller identifier starting with 'EORI:' must carry an EORI code of 18 to 22 upper-case letters or digits.",
  "Write the identifier as EORI: followed by the 18-22 character EORI code.")
R(R_DC100B, "BR-IT-DC-100B", "BT-29",
  "An Italian seller identifier starting with 'ALBO:' must read ALBO:register#number#date and be at most 137 characters.",
  "Write the professional register as ALBO:Register#Number#YYYY-MM-DD (upper-case letters, digits and '-' after each #).")
R(R_DC100C, "BR-IT-DC-100C", "BT-29",
  "An Italian seller identifier starting with 'REA:' must read REA:office#number and be 8 to 27 characters.",
  "Write the REA registration as REA:Office#Number (number in upper-case letters or digits).")
R(R_DC110A, "BR-IT-DC-110A", "BT-30",
  "The Italian seller legal entity must carry a tax code (company identifier with scheme 0210).",
  "Add cbc:CompanyID with schemeID 0210 holding the codice fiscale.")
R(R_DC110B, "BR-IT-DC-110B", "BT-30",
  "The Italian seller tax code (scheme 0210) must be 16 upper-case letters or digits, or 11 digits for a company.",
  "Write the codice fiscale as 16 characters (persons) or 11 digits (companies).")
R(R_520B, "BR-IT-520B", "BT-47",
  "The Italian buyer legal registration identifier must be 16 upper-case letters or digits, or 11 digits for a company.",
  "Write the buyer's codice fiscale as 16 characters (persons) or 11 digits (companies).")
R(R_091, "BR-IT-091", "BT-27",
  "The seller name (BT-27) is too long or uses characters outside Latin-1: at most 80 characters, "
  "or for a natural person 'Nome#Cognome' and at most 60 characters each for name and surname.",
  "Shorten the seller name; for a person write it with the Nome#Cognome marker and name#surname.")
R(R_120, "BR-IT-120", "BT-31",
  "The seller VAT identifier (BT-31) must start with two letters and be at most 30 upper-case letters or digits.",
  "Write the VAT number with its country prefix, e.g. IT01234567890.")
R(R_171, "BR-IT-171", "BT-44",
  "The buyer name (BT-44) is too long or uses characters outside Latin-1: at most 80 characters, "
  "or for a natural person 'Nome#Cognome' and at most 60 characters each for name and surname.",
  "Shorten the buyer name; for a person write it with the Nome#Cognome marker and name#surname.")
R(R_DC122, "BR-IT-DC-122", "BT-33",
  "The Italian seller additional legal information (BT-33) must read capital[#SU|#SM][#LS|#LN] in at most 21 characters.",
  "Write the share capital (digits, optional decimals) followed by #SU or #SM and #LS or #LN.")
R(R_DC140, "BR-IT-DC-140", "BT-35, BT-37, BT-38",
  "The Italian seller address must have street, city and post code, and a house number "
  "(in the street line, in the additional line, or 's.n.c.').",
  "Fill cbc:StreetName with street and number, cbc:CityName and cbc:PostalZone.")
R(R_DC150, "BR-IT-DC-150", "BT-39",
  "The Italian seller country subdivision (BT-39) must be an Italian province code.",
  "Put the two-letter province code (e.g. RM, MI) in cbc:CountrySubentity.")
R(R_DC141, "BR-IT-DC-141", "BT-36",
  "The Italian seller additional address line (BT-36) must contain the house number or 's.n.c.'.",
  "Put the house number (or s.n.c.) in cbc:AdditionalStreetName, or leave the line out.")
R(R_DC161, "BR-IT-DC-161", "BT-42",
  "A telephone or fax number must be 5 to 12 basic Latin characters.",
  "Write the number with 5-12 ASCII characters, without extra text.")
R(R_DC221, "BR-IT-DC-221", "BT-59",
  "The payee name (BT-59) must be 1 to 200 characters from the Basic Latin and Latin-1 blocks.",
  "Shorten the payee name to at most 200 Latin-1 characters.")
R(R_DC262, "BR-IT-DC-262", "BT-83",
  "The remittance information (BT-83) must be 1 to 60 basic Latin characters.",
  "Shorten the payment reference to at most 60 ASCII characters.")
R(R_DC291, "BR-IT-DC-291", "BT-104",
  "An Italian seller's charge with reason code ZZZ must name the pension fund type (TCnn) in its reason.",
  "Put the cassa previdenziale type, e.g. TC22, in cbc:AllowanceChargeReason.")
R(R_DC351, "BR-IT-DC-351", "BT-120",
  "The VAT exemption reason text (BT-120) must be 1 to 105 characters from the Basic Latin and Latin-1 blocks.",
  "Shorten the exemption reason to at most 105 Latin-1 characters.")

/* the Italian provinces as the artefact lists them */
static const char PROVINCES[] =
    " AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CI CL CN CO CR CS CT "
    "CZ EN FC FE FG FI FM FR FU GE GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA "
    "NO NU OG OR OT PA PC PD PE PG PI PL PN PO PR PT PU PV PZ RA RC RE RG RI RM RN RO SA SI SO "
    "SP SR SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VS VT VV ZA ";

#define C EINV_NS_CAC
#define B EINV_NS_CBC

/* Report `rule` at every node of `path` (from the root) whose string value fails `ok`. */
static void each_text(einv_ctx_t *ctx, const it_doc_t *doc, const char *path, const einv_rule_t *rule,
                      int (*ok)(const char *))
{
    einv_nodes_t v;
    size_t i;
    einv_nodes_init(&v);
    it_sel(doc, path, &v);
    for (i = 0; i < v.n; i++)
        if (!ok(einv_x_text(v.v[i])))
            einv_report(ctx, rule, v.v[i]);
    einv_nodes_free(&v);
}

static int bl15(const char *s) { return it_all(s, it_cp_basic, 0, 15); }
static int bl20(const char *s) { return it_all(s, it_cp_basic, 0, 20); }
static int lat200(const char *s) { return it_all(s, it_cp_latin, 1, 200); }

/* BR-IT-010: basic Latin only, some [0-9], 1..20 characters */
static int invoice_number_ok(const char *s)
{
    const char *p;
    for (p = s; *p && !it_cp_digit((unsigned char)*p); p++)
        ;
    return *p && it_all(s, it_cp_basic, 1, 20);
}

/* '^EORI:[A-Z0-9]{18,22}$' */
static int eori_seller_ok(const char *s)
{
    return strncmp(s, "EORI:", 5) == 0 && it_all(s + 5, it_cp_upnum, 18, 22);
}

/* '^ALBO:[a-zA-Z]+(#[A-Z0-9\-]+)*$' and at most 137 characters */
static int albo_ok(const char *s)
{
    const char *p = s + 5;
    size_t k = 0;
    if (strncmp(s, "ALBO:", 5) != 0 || it_strlen(s) > 137)
        return 0;
    while (it_cp_alpha((unsigned char)*p))
        p++, k++;
    if (!k)
        return 0;
    while (*p == '#') {
        p++;
        k = 0;
        while (it_cp_upnum((unsigned char)*p) || *p == '-')
            p++, k++;
        if (!k)
            return 0;
    }
    return *p == 0;
}

/* '^REA:[a-zA-Z0-9]+#[A-Z0-9]+$' and 8..27 characters */
static int rea_ok(const char *s)
{
    const char *p = s + 4, *hash;
    size_t len = it_strlen(s);
    if (strncmp(s, "REA:", 4) != 0 || len < 8 || len > 27)
        return 0;
    hash = strchr(p, '#');
    if (!hash || hash == p)
        return 0;
    for (; p < hash; p++)
        if (!it_cp_alnum((unsigned char)*p))
            return 0;
    return it_all(hash + 1, it_cp_upnum, 1, (size_t)-1);
}

/* The tax code test shared by BR-IT-DC-110B and BR-IT-520B: 16 [A-Z0-9], or 11 digits when
 * the registration name does not carry the natural-person marker. */
static int tax_code_ok(const xmlNode *id)
{
    const char *s = einv_x_text(id);
    if (it_all(s, it_cp_upnum, 16, 16))
        return 1;
    return it_all(s, it_cp_digit, 11, 11) &&
           !it_has_person_marker(einv_x_text(einv_x_child(id->parent, B, "RegistrationName")));
}

/* BR-IT-DC-122: '^([0-9]+\d{0,2}(\.\d{2})*|([0-9]+\d*))?(#(SU|SM))?(#(LS|LN))?$', <= 21.
 * The capital is what precedes the first '#'. */
static int capital_ok(const char *s, const char *end)
{
    const char *p = s;
    size_t n = 0, i = 0;
    if (s == end)
        return 1;
    if (!it_cp_digit((unsigned char)*s))
        return 0;
    while (p < end) {   /* the integer part: \d up to the first non-digit */
        const char *q = p;
        if (!it_cp_is_nd(it_cp_next(&q)))
            break;
        p = q;
        n++;
    }
    if (p == end)
        return 1;       /* [0-9]+\d* */
    /* [0-9]+\d{0,2}: all but the last two digits of the integer part are ASCII */
    for (p = s; i < n; i++) {
        uint32_t c = it_cp_next(&p);
        if (i + 2 < n && !it_cp_digit(c))
            return 0;
    }
    /* (\.\d{2})* */
    while (p < end) {
        if (*p++ != '.' || p >= end || !it_cp_is_nd(it_cp_next(&p)) || p >= end ||
            !it_cp_is_nd(it_cp_next(&p)))
            return 0;
    }
    return 1;
}

static int legal_form_ok(const char *s)
{
    const char *hash = strchr(s, '#'), *p;
    const char *end = hash ? hash : s + strlen(s);
    if (it_strlen(s) > 21 || !capital_ok(s, end))
        return 0;
    p = end;
    if (strncmp(p, "#SU", 3) == 0 || strncmp(p, "#SM", 3) == 0)
        p += 3;
    if (strncmp(p, "#LS", 3) == 0 || strncmp(p, "#LN", 3) == 0)
        p += 3;
    return *p == 0;
}

/* '^[A-Z]{2}[A-Z0-9]{0,28}$' (BR-IT-120, -180, -230) */
int it_vat_id_ok(const char *s)
{
    return s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'A' && s[1] <= 'Z' &&
           it_all(s + 2, it_cp_upnum, 0, 28);
}

/* string-length(s) > string-length(normalize-space(translate(s, '0123456789', ' '))):
 * translate maps '0' to a space and deletes '1'..'9' (they have no counterpart) */
static int shrinks_without_digits(const char *s)
{
    size_t len = 0, out = 0;
    int in_word = 0, gap = 0;
    while (*s) {
        uint32_t c = it_cp_next(&s);
        len++;
        if (c >= '1' && c <= '9')
            continue;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '0') {
            gap = in_word;
            continue;
        }
        if (gap)
            out++;   /* the single space normalize-space keeps between words */
        gap = 0;
        in_word = 1;
        out++;
    }
    return len > out;
}

/* BR-IT-DC-140: street, city and post code, and a house number somewhere */
static int seller_address_ok(const it_doc_t *doc, const xmlNode *pa)
{
    const xmlNode *street = einv_x_child(pa, B, "StreetName");
    const einv_nodelist_t *sp = einv_xdoc_all(doc->d, C, "AccountingSupplierParty");
    const char *s;
    size_t i;
    int any_it = 0;
    if (!street || !einv_x_child(pa, B, "CityName") || !einv_x_child(pa, B, "PostalZone"))
        return 0;
    for (i = 0; i < sp->n && !any_it; i++)
        any_it = it_any_eq(sp->v[i], "cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode", "IT");
    if (!any_it)
        return 1;
    s = einv_x_text(street);
    return einv_x_child(pa, B, "AdditionalStreetName") != NULL || shrinks_without_digits(s) ||
           strstr(s, "s.n.c.") != NULL;
}

/* BR-IT-DC-141: matches(ASN, '^(.*)[0-9]{1}(.*)$') or ASN = 's.n.c.' or not(ASN) */
static int additional_street_ok(const xmlNode *pa)
{
    const xmlNode *a = einv_x_child(pa, B, "AdditionalStreetName"), *x;
    if (!a)
        return 1;
    for (x = a; x; x = einv_x_next_same(x))
        if (strcmp(einv_x_text(x), "s.n.c.") == 0)
            return 1;
    return it_line_contains_digits(einv_x_text(a), "", 1);
}

/* BR-IT-DC-480: reason BOLLO, a Z category at 0 % and a zero amount */
static int stamp_duty_ok(const xmlNode *ac)
{
    const xmlNode *x;
    einv_dec_t z = einv_dec_from_int(0);
    int cat = 0, amount = 0;
    if (!it_any_eq(ac, "cbc:AllowanceChargeReason", "BOLLO"))
        return 0;
    for (x = einv_x_child(ac, C, "TaxCategory"); x && !cat; x = einv_x_next_same(x)) {
        const xmlNode *pct;
        if (!it_any_eq(x, "cbc:ID", "Z"))
            continue;
        for (pct = einv_x_child(x, B, "Percent"); pct && !cat; pct = einv_x_next_same(pct)) {
            einv_dec_t v;
            cat = einv_dec_parse_number(einv_x_text(pct), (size_t)-1, &v) && einv_dec_is_zero(v);
        }
    }
    for (x = einv_x_child(ac, B, "Amount"); x && !amount; x = einv_x_next_same(x)) {
        einv_dec_t v;
        amount = einv_dec_parse_number(einv_x_text(x), (size_t)-1, &v) && einv_dec_eq(v, z);
    }
    return cat && amount;
}

static void check_seller(einv_ctx_t *ctx, const it_doc_t *doc)
{
    einv_nodes_t parties;
    size_t i;
    einv_nodes_init(&parties);
    it_sel(doc, "cac:AccountingSupplierParty/cac:Party", &parties);
    for (i = 0; i < parties.n; i++) {
        const xmlNode *party = parties.v[i], *x, *y;
        int it = it_party_is_it(party);
        for (x = einv_x_child(party, C, "PartyIdentification"); it && x; x = einv_x_next_same(x))
            for (y = einv_x_child(x, B, "ID"); y; y = einv_x_next_same(y)) {
                const char *s = einv_x_text(y);
                if (!strncmp(s, "EORI:", 5) && !eori_seller_ok(s))
                    einv_report(ctx, &R_DC100A, y);
                else if (!strncmp(s, "ALBO:", 5) && !albo_ok(s))
                    einv_report(ctx, &R_DC100B, y);
                else if (!strncmp(s, "REA:", 4) && !rea_ok(s))
                    einv_report(ctx, &R_DC100C, y);
            }
        /* the artefact names this context without a namespace prefix: only an element
         * PartyLegalEntity in no namespace matches it */
        for (x = einv_x_first_elem(party); it && x; x = einv_x_next_elem(x))
            if (einv_x_is(x, EINV_NS_NONE, "PartyLegalEntity")) {
                int has = 0;
                for (y = einv_x_child(x, B, "CompanyID"); y && !has; y = einv_x_next_same(y))
                    has = it_attr_eq(y, "schemeID", "0210");
                if (!has)
                    einv_report(ctx, &R_DC110A, x);
            }
        for (x = einv_x_child(party, C, "PartyLegalEntity"); x; x = einv_x_next_same(x)) {
            for (y = einv_x_child(x, B, "CompanyID"); it && y; y = einv_x_next_same(y))
                if (it_attr_eq(y, "schemeID", "0210") && !tax_code_ok(y))
                    einv_report(ctx, &R_DC110B, y);
            for (y = einv_x_child(x, B, "RegistrationName"); y; y = einv_x_next_same(y))
                if (!it_name_ok(einv_x_text(y)))
                    einv_report(ctx, &R_091, y);
            for (y = einv_x_child(x, B, "CompanyLegalForm"); it && y; y = einv_x_next_same(y))
                if (!legal_form_ok(einv_x_text(y)))
                    einv_report(ctx, &R_DC122, y);
        }
        for (x = einv_x_child(party, C, "PartyTaxScheme"); x; x = einv_x_next_same(x))
            for (y = einv_x_child(x, B, "CompanyID"); y; y = einv_x_next_same(y))
                if (!it_vat_id_ok(einv_x_text(y)))
                    einv_report(ctx, &R_120, y);
        for (x = einv_x_child(party, C, "PostalAddress"); x; x = einv_x_next_same(x)) {
            if (!it_any_eq(x, "cac:Country/cbc:IdentificationCode", "IT"))
                continue;
            if (!seller_address_ok(doc, x))
                einv_report(ctx, &R_DC140, x);
            if (!it_token_in(PROVINCES, it_str(x, "cbc:CountrySubentity")))
                einv_report(ctx, &R_DC150, x);
            if (!additional_street_ok(x))
                einv_report(ctx, &R_DC141, x);
        }
    }
    einv_nodes_free(&parties);
}

/* cac:AllowanceCharge[cbc:AllowanceChargeReasonCode = 'SAE' and (Italian seller)] as a child
 * of the root: the context of BR-IT-DC-480. */
static int is_stamp_duty_context(const it_doc_t *doc, const xmlNode *ac)
{
    return ac->parent == doc->root && doc->sup_cc_eq_it &&
           it_any_eq(ac, "cbc:AllowanceChargeReasonCode", "SAE");
}

static void check(einv_ctx_t *ctx, const it_doc_t *doc)
{
    const xmlNode *root = doc->root, *x;
    const einv_nodelist_t *l;
    size_t i;

    if (!it_sel1(doc, "cac:PaymentMeans"))
        einv_report(ctx, &R_260, root);
    if (!it_sel1(doc, "cac:PaymentTerms/cbc:Note"))
        einv_report(ctx, &R_261, root);

    each_text(ctx, doc, "cbc:ID", &R_010, invoice_number_ok);
    each_text(ctx, doc, "cac:ProjectReference/cbc:ID", &R_020, bl15);
    each_text(ctx, doc, "cac:ContractDocumentReference/cbc:ID", &R_030, bl20);
    each_text(ctx, doc, "cac:OrderReference/cbc:ID", &R_040, bl20);
    each_text(ctx, doc, "cac:ReceiptDocumentReference/cbc:ID", &R_050, bl20);
    {
        einv_nodes_t v;
        einv_nodes_init(&v);
        it_sel(doc, "cac:DespatchDocumentReference", &v);
        for (i = 0; i < v.n; i++)
            if (!bl20(it_str(v.v[i], "cbc:ID")))
                einv_report(ctx, &R_060, v.v[i]);
        einv_nodes_free(&v);
    }
    each_text(ctx, doc, "cac:OriginatorDocumentReference/cbc:ID", &R_070, bl15);
    each_text(ctx, doc, "cbc:AccountingCost", &R_080, bl20);
    l = einv_xdoc_all(doc->d, B, "Note");
    for (i = 0; i < l->n; i++)
        if (!lat200(einv_x_text(l->v[i])))
            einv_report(ctx, &R_081, l->v[i]);
    each_text(ctx, doc, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID", &R_090, bl20);

    check_seller(ctx, doc);

    /* the Italian buyer's legal registration identifier (BR-IT-520B) */
    {
        einv_nodes_t v;
        einv_nodes_init(&v);
        it_sel(doc, "cac:AccountingCustomerParty/cac:Party", &v);
        for (i = 0; i < v.n; i++) {
            const xmlNode *ple, *id;
            if (!it_party_is_it(v.v[i]))
                continue;
            for (ple = einv_x_child(v.v[i], C, "PartyLegalEntity"); ple; ple = einv_x_next_same(ple))
                for (id = einv_x_child(ple, B, "CompanyID"); id; id = einv_x_next_same(id))
                    if (!tax_code_ok(id))
                        einv_report(ctx, &R_520B, id);
        }
        einv_nodes_free(&v);
    }
    each_text(ctx, doc, "cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName",
              &R_171, it_name_ok);

    l = einv_xdoc_all(doc->d, B, "Telephone");
    for (i = 0; i < l->n; i++)
        if (!it_all(einv_x_text(l->v[i]), it_cp_basic, 5, 12))
            einv_report(ctx, &R_DC161, l->v[i]);
    l = einv_xdoc_all(doc->d, B, "Telefax");
    for (i = 0; i < l->n; i++)
        if (!it_all(einv_x_text(l->v[i]), it_cp_basic, 5, 12))
            einv_report(ctx, &R_DC161, l->v[i]);
    l = einv_xdoc_all(doc->d, C, "PayeeParty");
    for (i = 0; i < l->n; i++) {
        einv_nodes_t v;
        size_t j;
        einv_nodes_init(&v);
        einv_x_select(l->v[i], "cac:PartyName/cbc:Name", &v);
        for (j = 0; j < v.n; j++)
            if (!lat200(einv_x_text(v.v[j])))
                einv_report(ctx, &R_DC221, v.v[j]);
        einv_nodes_free(&v);
    }
    l = einv_xdoc_all(doc->d, C, "PaymentMeans");
    for (i = 0; i < l->n; i++)
        for (x = einv_x_child(l->v[i], B, "PaymentID"); x; x = einv_x_next_same(x))
            if (!it_all(einv_x_text(x), it_cp_basic, 1, 60))
                einv_report(ctx, &R_DC262, x);

    /* allowances and charges: the root-level stamp duty (DC-480) first, then code ZZZ */
    l = einv_xdoc_all(doc->d, C, "AllowanceCharge");
    for (i = 0; i < l->n; i++) {
        const xmlNode *ac = l->v[i];
        if (is_stamp_duty_context(doc, ac)) {
            if (!stamp_duty_ok(ac))
                einv_report(ctx, &R_DC480, ac);
            continue;
        }
        if (!it_any_eq(ac, "cbc:AllowanceChargeReasonCode", "ZZZ"))
            continue;
        if (!((doc->sup_cc_eq_it &&
               it_line_contains_digits(it_str(ac, "cbc:AllowanceChargeReason"), "TC", 2)) ||
              doc->sup_cc_ne_it))
            einv_report(ctx, &R_DC291, ac);
    }

    /* //cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[cac:TaxScheme/cbc:ID='VAT']/cbc:TaxExemptionReason */
    l = einv_xdoc_all(doc->d, B, "TaxExemptionReason");
    for (i = 0; i < l->n; i++) {
        const xmlNode *cat = l->v[i]->parent;
        if (!einv_x_is(cat, C, "TaxCategory") || !einv_x_is(cat->parent, C, "TaxSubtotal") ||
            !einv_x_is(cat->parent->parent, C, "TaxTotal") ||
            !it_any_eq(cat, "cac:TaxScheme/cbc:ID", "VAT"))
            continue;
        if (!it_all(einv_x_text(l->v[i]), it_cp_latin, 1, 105))
            einv_report(ctx, &R_DC351, l->v[i]);
    }
}

static const einv_rule_t *const RULES_A[] = {
    &R_260, &R_261, &R_DC480, &R_010, &R_020, &R_030, &R_040, &R_050, &R_060, &R_070, &R_080,
    &R_081, &R_090, &R_DC100A, &R_DC100B, &R_DC100C, &R_DC110A, &R_DC110B, &R_520B, &R_091,
    &R_120, &R_171, &R_DC122, &R_DC140, &R_DC150, &R_DC141, &R_DC161, &R_DC221, &R_DC262,
    &R_DC291, &R_DC351,
};
#define N_A (sizeof RULES_A / sizeof RULES_A[0])

const it_family_t it_cius = {"it-cius", check, RULES_A, N_A};
