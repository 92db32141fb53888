/* AgID CIUS-IT rules for UBL, second half of the "Italy-CIUS-rules" pattern: the buyer, the
 * tax representative, the delivery address, payment, document amounts, VAT categories,
 * attachments and the invoice lines. See it_cius.c for the first half. None of these
 * contexts can take an element another rule of the pattern would see first. */
#include "it_int.h"
#include <string.h>

#define R(var, id, terms, msg, sug) \
    static const einv_rule_t var = {id, EINV_SEV_ERROR, EINV_LAYER_PROFILE, terms, msg, sug};

R(R_180, "BR-IT-180", "BT-48",
  "The buyer VAT identifier (BT-48) must start with two letters and be at most 30 upper-case letters or digits.",
  "Write the buyer VAT number with its country prefix, e.g. IT01234567890.")
R(R_200, "BR-IT-200", "BT-49",
  "A buyer electronic address with scheme 0201 must be a 6-character IPA code (upper-case letters or digits).",
  "Use the buyer's six-character IPA office code (codice univoco ufficio).")
R(R_DC202, "BR-IT-DC-202", "BT-49",
  "A buyer electronic address with scheme 0205 must be a 7-character recipient code (letters or digits).",
  "Use the seven-character SdI recipient code (codice destinatario).")
R(R_071, "BR-IT-071", "BT-18",
  "An invoiced object identifier with scheme AVV exceeds 20 basic Latin characters.",
  "Shorten the AVV reference to at most 20 ASCII characters.")
R(R_DC203, "BR-IT-DC-203", "BT-49",
  "A buyer electronic address with scheme 0202 must be a PEC e-mail address of 7 to 256 characters.",
  "Write the certified e-mail address (PEC) as name@domain.tld.")
R(R_210, "BR-IT-210", "BT-50, BT-52, BT-53",
  "The Italian buyer address must have street, city and post code.",
  "Fill cbc:StreetName, cbc:CityName and cbc:PostalZone of the buyer address.")
R(R_220, "BR-IT-220", "BT-54",
  "The Italian buyer country subdivision (BT-54) must be an Italian province code.",
  "Put the two-letter province code (e.g. RM, MI) in cbc:CountrySubentity.")
R(R_222, "BR-IT-222", "BT-62",
  "The tax representative name (BT-62) is too long or uses characters outside Latin-1: at most 80 "
  "characters, or for a natural person 'Nome#Cognome' and at most 60 characters each.",
  "Shorten the tax representative name; for a person use the Nome#Cognome marker and name#surname.")
R(R_230, "BR-IT-230", "BT-63",
  "The tax representative VAT identifier (BT-63) must start with two letters and be at most 30 upper-case letters or digits.",
  "Write the tax representative VAT number with its country prefix.")
R(R_240, "BR-IT-240", "BT-75, BT-77, BT-78",
  "An Italian deliver-to address must have street, city and post code.",
  "Fill cbc:StreetName, cbc:CityName and cbc:PostalZone of the delivery address.")
R(R_250, "BR-IT-250", "BT-79",
  "The Italian deliver-to country subdivision (BT-79) must be an Italian province code.",
  "Put the two-letter province code in the delivery address cbc:CountrySubentity.")
R(R_270, "BR-IT-270", "BT-84",
  "For this payment means the payment account identifier (BT-84) must be an IBAN.",
  "Give the IBAN (two letters, two check digits, 11-30 letters or digits) in cac:PayeeFinancialAccount/cbc:ID.")
R(R_280, "BR-IT-280", "BT-86",
  "The payment service provider identifier (BT-86) must be an 8- or 11-character BIC.",
  "Write a valid BIC in cac:FinancialInstitutionBranch/cbc:ID, or leave the branch out.")
R(R_290, "BR-IT-290", "BT-92, BT-99",
  "A document-level allowance or charge amount must have at most 11 integer digits and exactly 2 decimals.",
  "Write the amount with two decimals, e.g. 10.00.")
R(R_300, "BR-IT-300", "BT-112",
  "The invoice total with VAT (BT-112) must have at most 11 integer digits and exactly 2 decimals.",
  "Write the amount with two decimals, e.g. 122.00.")
R(R_310, "BR-IT-310", "BT-114",
  "The rounding amount (BT-114) must have at most 11 integer digits and exactly 2 decimals.",
  "Write the rounding amount with two decimals, e.g. 0.01.")
R(R_320, "BR-IT-320", "BT-115",
  "The amount due for payment (BT-115) must have at most 11 integer digits and exactly 2 decimals.",
  "Write the amount with two decimals, e.g. 122.00.")
R(R_330, "BR-IT-330", "BT-116",
  "A VAT category taxable amount (BT-116) must have at most 11 integer digits and exactly 2 decimals.",
  "Write the taxable amount with two decimals.")
R(R_340, "BR-IT-340", "BT-117",
  "A VAT category tax amount (BT-117) must have at most 11 integer digits and exactly 2 decimals.",
  "Write the tax amount with two decimals.")
R(R_350, "BR-IT-350", "BT-95, BT-102, BT-118, BT-151",
  "The VAT category code is not one the Italian rules accept (AE, E, S, G, K, Z, B).",
  "Use one of the VAT categories AE, E, S, G, K, Z or B.")
R(R_360, "BR-IT-360", "BT-124, BT-125",
  "A supporting document reference (BT-122) needs an external location (BT-124) or an attached document (BT-125).",
  "Attach the document or give its URI in cac:Attachment.")
R(R_361, "BR-IT-361", "BT-126",
  "The invoice line identifier (BT-126) must be a number of at most 4 digits.",
  "Number the lines 1 to 9999.")
R(R_190A, "BR-IT-190A", "BT-49",
  "An Italian buyer's electronic address must use scheme 0201 (IPA), 0202 (PEC) or 0205 (recipient code).",
  "Give the buyer's IPA code, PEC address or SdI recipient code in cbc:EndpointID with the matching schemeID.")
R(R_520A, "BR-IT-520A", "BT-47, BT-48",
  "An Italian buyer needs a VAT identifier (BT-48) or a legal registration identifier (BT-47).",
  "Add the buyer's VAT number or codice fiscale.")
R(R_520C, "BR-IT-520C", "BT-47",
  "The Italian buyer legal registration identifier must use scheme 0210.",
  "Set schemeID=\"0210\" on the buyer's codice fiscale.")
R(R_521, "BR-IT-521", "BT-46",
  "An Italian buyer EORI identifier must read 'EORI:' followed by 13 to 17 upper-case letters or digits.",
  "Write the EORI identifier as EORI:CODE.")
R(R_530, "BR-IT-530", "BT-153, BT-154",
  "Item description and name together must be at most 1000 characters from the Basic Latin and Latin-1 blocks.",
  "Shorten the item name and description and avoid characters outside Latin-1.")
R(R_370, "BR-IT-370", "BT-128", "The invoice line object identifier (BT-128) exceeds 100 basic Latin characters.",
  "Shorten the line object identifier to at most 100 ASCII characters.")
R(R_380, "BR-IT-380", "BT-129",
  "The invoiced quantity (BT-129) must have at most 12 integer digits and 2 to 8 decimals.",
  "Write the quantity with at least two decimals, e.g. 1.00.")
R(R_390, "BR-IT-390", "BT-131",
  "The invoice line net amount (BT-131) must be at most 15 characters with up to 2 decimals.",
  "Write the line amount with at most two decimals.")
R(R_400, "BR-IT-400", "BT-132", "The referenced purchase order line (BT-132) exceeds 20 basic Latin characters.",
  "Shorten the order line reference to at most 20 ASCII characters.")
R(R_410, "BR-IT-410", "BT-133", "The line buyer accounting reference (BT-133) exceeds 20 basic Latin characters.",
  "Shorten the line accounting reference to at most 20 ASCII characters.")
R(R_431, "BR-IT-431", "BT-147",
  "The item price discount (BT-147) must have at most 11 integer digits and 2 to 8 decimals.",
  "Write the price discount with at least two decimals.")
R(R_432, "BR-IT-432", "BT-148", "The item gross price (BT-148) is required by the Italian rules.",
  "Add cac:Price/cac:AllowanceCharge/cbc:BaseAmount with the gross price.")
R(R_433, "BR-IT-433", "BT-148",
  "The item gross price (BT-148) must have at most 11 integer digits and 2 to 8 decimals.",
  "Write the gross price with at least two decimals, e.g. 10.00.")
R(R_440, "BR-IT-440", "BT-155", "The item seller's identifier (BT-155) exceeds 35 basic Latin characters.",
  "Shorten the seller's item identifier to at most 35 ASCII characters.")
R(R_470, "BR-IT-470", "BT-158", "The item classification identifier (BT-158) exceeds 35 basic Latin characters.",
  "Shorten the classification code to at most 35 ASCII characters.")

static const char PROVINCES[] =
    " AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CI CL CN CO CR CS CT "
    "CZ EN FC FE FG FI FM FR FU GE GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA "
    "NO NU OG OR OT PA PC PD PE PG PI PL PN PO PR PT PU PV PZ RA RC RE RG RI RM RN RO SA SI SO "
    "SP SR SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VS VT VV ZA ";

#define C EINV_NS_CAC
#define B EINV_NS_CBC

typedef int (*str_ok)(const char *);

/* Report `rule` at every node of `path` below `from` (the root when from is NULL) whose
 * string value fails `ok`. */
static void each_text(einv_ctx_t *ctx, const it_doc_t *doc, const xmlNode *from, const char *path,
                      const einv_rule_t *rule, str_ok ok)
{
    einv_nodes_t v;
    size_t i;
    einv_nodes_init(&v);
    if (from)
        einv_x_select(from, path, &v);
    else
        it_sel(doc, path, &v);
    for (i = 0; i < v.n; i++)
        if (!ok(einv_x_text(v.v[i])))
            einv_report(ctx, rule, v.v[i]);
    einv_nodes_free(&v);
}

static int bl20(const char *s) { return it_all(s, it_cp_basic, 0, 20); }
static int bl35(const char *s) { return it_all(s, it_cp_basic, 0, 35); }
static int bl100(const char *s) { return it_all(s, it_cp_basic, 0, 100); }
static int amount2(const char *s) { return it_decimal(s, 1, 1, 11, 2, 2); }
static int amount8(const char *s) { return it_decimal(s, 1, 1, 11, 2, 8); }
static int quantity(const char *s) { return it_decimal(s, 1, 1, 12, 2, 8); }
static int ipa_code(const char *s) { return it_all(s, it_cp_upnum, 6, 6); }
static int recipient_code(const char *s) { return it_all(s, it_cp_alnum, 7, 7); }

/* '^\-{0,1}\d*(\.\d{0,2})?$' and 1..15 characters */
static int line_amount(const char *s)
{
    size_t len = it_strlen(s), k = 0;
    if (len < 1 || len > 15)
        return 0;
    if (*s == '-')
        s++;
    while (*s) {
        const char *p = s;
        if (!it_cp_is_nd(it_cp_next(&p)))
            break;
        s = p;
    }
    if (*s == '.') {
        s++;
        while (*s && k <= 2) {
            if (!it_cp_is_nd(it_cp_next(&s)))
                return 0;
            k++;
        }
    }
    return *s == 0 && k <= 2;
}

/* '^\w+([-_+.]\w+)*@\w+([-.]\w+)*\.\w+([-.]\w+)*$' and '^.{7,256}$' */
static int pec_ok(const char *s)
{
    size_t len = it_strlen(s), run = 0;
    int part = 0, dots = 0;   /* part 0: before '@', 1: domain */
    if (len < 7 || len > 256 || strpbrk(s, "\r\n"))
        return 0;
    while (*s) {
        uint32_t c = it_cp_next(&s);
        if (it_cp_word(c)) {
            run++;
            continue;
        }
        if (!run)
            return 0;   /* every separator follows a run of word characters */
        if (c == '@' && part == 0)
            part = 1;
        else if (c == '.' || c == '-' || (part == 0 && c == '_'))
            dots += part == 1 && c == '.';
        else
            return 0;
        run = 0;
    }
    return part == 1 && run > 0 && dots > 0;
}

/* The address rules of an Italian buyer or delivery address: street, city, post code and a
 * province code. */
static void check_it_address(einv_ctx_t *ctx, const xmlNode *a, const einv_rule_t *complete,
                             const einv_rule_t *province)
{
    if (!it_any_eq(a, "cac:Country/cbc:IdentificationCode", "IT"))
        return;
    if (!einv_x_child(a, B, "StreetName") || !einv_x_child(a, B, "CityName") ||
        !einv_x_child(a, B, "PostalZone"))
        einv_report(ctx, complete, a);
    if (!it_token_in(PROVINCES, it_str(a, "cbc:CountrySubentity")))
        einv_report(ctx, province, a);
}

static void check_buyer(einv_ctx_t *ctx, const it_doc_t *doc)
{
    const xmlNode *acp, *party, *x, *y;
    einv_nodes_t acps;
    size_t k;
    einv_nodes_init(&acps);
    it_sel(doc, "cac:AccountingCustomerParty", &acps);
    for (k = 0; k < acps.n; k++) {
        acp = acps.v[k];
        /* BR-IT-521 reads the identification placed directly under the customer party */
        for (x = einv_x_child(acp, C, "PartyIdentification"); x; x = einv_x_next_same(x))
            for (y = einv_x_child(x, B, "ID"); y; y = einv_x_next_same(y)) {
                const char *s = einv_x_text(y);
                if (strncmp(s, "EORI:", 5) != 0)
                    continue;
                if (!it_all(s + 5, it_cp_upnum, 13, 17) &&
                    !it_any_ne(acp, "cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode", "IT"))
                    einv_report(ctx, &R_521, y);
            }
        for (party = einv_x_child(acp, C, "Party"); party; party = einv_x_next_same(party)) {
            int foreign = it_any_ne(party, "cac:PostalAddress/cac:Country/cbc:IdentificationCode", "IT");
            int endpoint = 0;
            for (x = einv_x_child(party, B, "EndpointID"); x; x = einv_x_next_same(x)) {
                const char *sch = einv_x_attr(x, "schemeID");
                if (!sch)
                    continue;
                if (!strcmp(sch, "0201") || !strcmp(sch, "0202") || !strcmp(sch, "0205"))
                    endpoint = 1;
                if (!strcmp(sch, "0201") && !ipa_code(einv_x_text(x)))
                    einv_report(ctx, &R_200, x);
                else if (!strcmp(sch, "0205") && !recipient_code(einv_x_text(x)))
                    einv_report(ctx, &R_DC202, x);
                else if (!strcmp(sch, "0202") && !pec_ok(einv_x_text(x)))
                    einv_report(ctx, &R_DC203, x);
            }
            if (!endpoint && !foreign)
                einv_report(ctx, &R_190A, party);
            if (!einv_x_path(party, "cac:PartyTaxScheme/cbc:CompanyID") &&
                !einv_x_path(party, "cac:PartyLegalEntity/cbc:CompanyID") && !foreign)
                einv_report(ctx, &R_520A, party);
            each_text(ctx, NULL, party, "cac:PartyTaxScheme/cbc:CompanyID", &R_180, it_vat_id_ok);
            for (x = einv_x_child(party, C, "PostalAddress"); x; x = einv_x_next_same(x))
                check_it_address(ctx, x, &R_210, &R_220);
            for (x = einv_x_child(party, C, "PartyLegalEntity"); x; x = einv_x_next_same(x)) {
                int scheme = 0;
                for (y = einv_x_child(x, B, "CompanyID"); y && !scheme; y = einv_x_next_same(y))
                    scheme = it_attr_eq(y, "schemeID", "0210");
                if (!scheme && einv_x_child(x, B, "CompanyID") && !foreign)
                    einv_report(ctx, &R_520C, x);
            }
        }
    }
    einv_nodes_free(&acps);
}

/* BR-IT-270 / -280 on a root-level payment means */
static void check_payment(einv_ctx_t *ctx, const xmlNode *pm)
{
    static const char IBAN_MEANS[] = " 15 16 30 45 51 56 58 68 93 94 95 ";
    const char *acc = it_str(pm, "cac:PayeeFinancialAccount/cbc:ID");
    const xmlNode *bic = einv_x_path(pm, "cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch");
    if (it_in_spaced(IBAN_MEANS, it_str(pm, "cbc:PaymentMeansCode")) &&
        !(it_cp_alpha((unsigned char)acc[0]) && it_cp_alpha((unsigned char)acc[1]) &&
          it_cp_digit((unsigned char)acc[2]) && it_cp_digit((unsigned char)acc[3]) &&
          it_all(acc + 4, it_cp_alnum, 11, 30)))
        einv_report(ctx, &R_270, pm);
    if (bic) {
        /* '^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3}){0,1}$' */
        const char *s = it_str(pm, "cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID");
        size_t n = strlen(s), i;
        int ok = n == 8 || n == 11;
        for (i = 0; ok && i < 6; i++)
            ok = s[i] >= 'A' && s[i] <= 'Z';
        ok = ok && ((s[6] >= 'A' && s[6] <= 'Z') || (s[6] >= '2' && s[6] <= '9'));
        ok = ok && it_cp_upnum((unsigned char)s[7]) && s[7] != 'O';
        for (i = 8; ok && i < n; i++)
            ok = it_cp_upnum((unsigned char)s[i]);
        if (!ok)
            einv_report(ctx, &R_280, pm);
    }
}

static int line_number(const char *s)
{
    size_t k = 0;
    while (*s) {
        if (!it_cp_is_nd(it_cp_next(&s)))
            return 0;
        k++;
    }
    return k >= 1 && k <= 4;
}

/* Report `rule` at each child (ns, name) of parent whose string value fails ok. */
static void each_child(einv_ctx_t *ctx, const xmlNode *parent, int ns, const char *name,
                       const einv_rule_t *rule, str_ok ok)
{
    const xmlNode *y;
    for (y = einv_x_child(parent, ns, name); y; y = einv_x_next_same(y))
        if (!ok(einv_x_text(y)))
            einv_report(ctx, rule, y);
}

/* The line rules, in one pass over the line's children (lines are what a large invoice is
 * made of). */
static void check_line(einv_ctx_t *ctx, const xmlNode *ln)
{
    const char *qty = einv_x_is(ln, C, "InvoiceLine") ? "InvoicedQuantity" : "CreditedQuantity";
    const xmlNode *c, *y, *z;
    for (c = einv_x_first_elem(ln); c; c = einv_x_next_elem(c)) {
        const char *name = (const char *)c->name;
        if (einv_x_nsid(c) == B) {
            if (!strcmp(name, "ID")) {
                if (!line_number(einv_x_text(c)))
                    einv_report(ctx, &R_361, c);
            } else if (!strcmp(name, qty)) {
                if (!quantity(einv_x_text(c)))
                    einv_report(ctx, &R_380, c);
            } else if (!strcmp(name, "LineExtensionAmount")) {
                if (!line_amount(einv_x_text(c)))
                    einv_report(ctx, &R_390, c);
            } else if (!strcmp(name, "AccountingCost")) {
                if (!bl20(einv_x_text(c)))
                    einv_report(ctx, &R_410, c);
            }
            continue;
        }
        if (einv_x_nsid(c) != C)
            continue;
        if (!strcmp(name, "Item")) {
            const xmlNode *d = einv_x_child(c, B, "Description"), *n = einv_x_child(c, B, "Name");
            if (d || n) {
                /* concat(Description, Name): at most 1000 Latin-1 characters */
                const char *ds = einv_x_text(d), *ns = einv_x_text(n);
                if (!it_all(ds, it_cp_latin, 0, 1000) || !it_all(ns, it_cp_latin, 0, 1000) ||
                    it_strlen(ds) + it_strlen(ns) > 1000)
                    einv_report(ctx, &R_530, c);
            }
            for (y = einv_x_child(c, C, "SellersItemIdentification"); y; y = einv_x_next_same(y))
                each_child(ctx, y, B, "ID", &R_440, bl35);
            for (y = einv_x_child(c, C, "CommodityClassification"); y; y = einv_x_next_same(y))
                each_child(ctx, y, B, "ItemClassificationCode", &R_470, bl35);
        } else if (!strcmp(name, "DocumentReference")) {
            each_child(ctx, c, B, "ID", &R_370, bl100);
        } else if (!strcmp(name, "OrderLineReference")) {
            each_child(ctx, c, B, "LineID", &R_400, bl20);
        } else if (!strcmp(name, "Price")) {
            for (y = einv_x_child(c, C, "AllowanceCharge"); y; y = einv_x_next_same(y))
                each_child(ctx, y, B, "Amount", &R_431, amount8);
            z = einv_x_path(c, "cac:AllowanceCharge/cbc:BaseAmount");
            if (!z)
                einv_report(ctx, &R_432, c);
            if (!amount8(einv_x_text(z)))
                einv_report(ctx, &R_433, c);
        }
    }
}

static void check(einv_ctx_t *ctx, const it_doc_t *doc)
{
    static const char CATEGORIES[] = " AE E S G K Z B ";
    const xmlNode *root = doc->root, *x;
    const einv_nodelist_t *l;
    size_t i;

    check_buyer(ctx, doc);
    {
        einv_nodes_t v;
        einv_nodes_init(&v);
        it_sel(doc, "cac:AdditionalDocumentReference/cbc:ID", &v);
        for (i = 0; i < v.n; i++)
            if (it_attr_eq(v.v[i], "schemeID", "AVV") && !bl20(einv_x_text(v.v[i])))
                einv_report(ctx, &R_071, v.v[i]);
        einv_nodes_free(&v);
    }
    each_text(ctx, doc, NULL, "cac:TaxRepresentativeParty/cac:PartyName/cbc:Name", &R_222, it_name_ok);
    each_text(ctx, doc, NULL, "cac:TaxRepresentativeParty/cac:PartyTaxScheme/cbc:CompanyID", &R_230,
              it_vat_id_ok);
    {
        einv_nodes_t v;
        einv_nodes_init(&v);
        it_sel(doc, "cac:Delivery/cac:DeliveryLocation/cac:Address", &v);
        for (i = 0; i < v.n; i++)
            check_it_address(ctx, v.v[i], &R_240, &R_250);
        einv_nodes_free(&v);
    }
    {
        einv_nodes_t v;
        einv_nodes_init(&v);
        it_sel(doc, "cac:PaymentMeans", &v);
        for (i = 0; i < v.n; i++)
            check_payment(ctx, v.v[i]);
        einv_nodes_free(&v);
    }
    each_text(ctx, doc, NULL, "cac:AllowanceCharge/cbc:Amount", &R_290, amount2);
    each_text(ctx, doc, NULL, "cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount", &R_300, amount2);
    each_text(ctx, doc, NULL, "cac:LegalMonetaryTotal/cbc:PayableRoundingAmount", &R_310, amount2);
    each_text(ctx, doc, NULL, "cac:LegalMonetaryTotal/cbc:PayableAmount", &R_320, amount2);
    each_text(ctx, doc, NULL, "cac:TaxTotal/cac:TaxSubtotal/cbc:TaxableAmount", &R_330, amount2);
    each_text(ctx, doc, NULL, "cac:TaxTotal/cac:TaxSubtotal/cbc:TaxAmount", &R_340, amount2);

    /* //cac:TaxCategory/cbc:ID | //cac:ClassifiedTaxCategory/cbc:ID */
    l = einv_xdoc_all(doc->d, B, "ID");
    for (i = 0; i < l->n; i++) {
        const xmlNode *p = l->v[i]->parent;
        if ((einv_x_is(p, C, "TaxCategory") || einv_x_is(p, C, "ClassifiedTaxCategory")) &&
            !it_in_spaced(CATEGORIES, einv_x_text(l->v[i])))
            einv_report(ctx, &R_350, l->v[i]);
    }
    /* //cac:AdditionalDocumentReference[cbc:ID and not(cbc:DocumentTypeCode)] */
    l = einv_xdoc_all(doc->d, C, "AdditionalDocumentReference");
    for (i = 0; i < l->n; i++) {
        const xmlNode *adr = l->v[i];
        if (!einv_x_child(adr, B, "ID") || einv_x_child(adr, B, "DocumentTypeCode"))
            continue;
        if (!einv_x_path(adr, "cac:Attachment/cac:ExternalReference/cbc:URI") &&
            !einv_x_path(adr, "cac:Attachment/cbc:EmbeddedDocumentBinaryObject"))
            einv_report(ctx, &R_360, adr);
    }
    for (x = einv_x_first_elem(root); x; x = einv_x_next_elem(x))
        if (einv_x_is(x, C, "InvoiceLine") || einv_x_is(x, C, "CreditNoteLine"))
            check_line(ctx, x);
}

static const einv_rule_t *const RULES[] = {
    &R_180, &R_200, &R_DC202, &R_071, &R_DC203, &R_210, &R_220, &R_222, &R_230, &R_240, &R_250,
    &R_270, &R_280, &R_290, &R_300, &R_310, &R_320, &R_330, &R_340, &R_350, &R_360, &R_361,
    &R_190A, &R_520A, &R_520C, &R_521, &R_530, &R_370, &R_380, &R_390, &R_400, &R_410, &R_431,
    &R_432, &R_433, &R_440, &R_470,
};

const it_family_t it_cius2 = {"it-cius-2", check, RULES, sizeof RULES / sizeof RULES[0]};
