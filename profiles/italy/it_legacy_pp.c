/* The PEPPOL BIS Billing 3.0 rules (release 3.0.14) inside the AgID artefact, where they
 * differ from the PEPPOL 2026.5 rules our PEPPOL base runs, reported where the older rule
 * fires and the base does not.
 *
 * The rules added after 3.0.14 (DE-R-*, most GR-*, SE-R-006, SE-R-013, DK-R-017,
 * PEPPOL-COMMON-R052..R057, PEPPOL-EN16931-P0112, PEPPOL-EN16931-R100) are withdrawn and the
 * rules 3.0.14 flags as warnings that 2026.5 makes fatal (PEPPOL-COMMON-R050, SE-R-003,
 * SE-R-004, DK-R-003) reported as warnings by italy.c, from the generated tables
 * (it_agid_ids.c). PEPPOL-COMMON-R049 (checksum added) and PEPPOL-EN16931-CL008 (the EAS codes
 * 2026.5 dropped: 0037 0193 0202 0205 0212 0213 0215 9901 9955) and PEPPOL-EN16931-R007 (the
 * process matched unanchored) are withdrawn and reported here in their 3.0.14 form.
 *
 * CL007 (with the artefact's own currency list), R051 (2026.5 also checks the subtotals' VAT
 * amounts) and R004 (2026.5 added a '::' check) are reported here in full, the base's
 * withdrawn. */
#include "it_int.h"
#include "it_agid.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define R(var, id, terms, msg, sug) \
    static const einv_rule_t var = {id, EINV_SEV_ERROR, EINV_LAYER_PROFILE, terms, msg, sug};

R(R_R006, "PEPPOL-EN16931-R006", "BT-18",
  "At most one invoiced object identifier (additional document of type 130) is allowed.",
  "Keep one cac:AdditionalDocumentReference with cbc:DocumentTypeCode 130.")
R(R_R002, "PEPPOL-EN16931-R002", "BT-22", "At most one invoice note (BT-22) is allowed.",
  "Merge the cbc:Note elements into one.")
R(R_R007, "PEPPOL-EN16931-R007", "BT-23",
  "The business process (BT-23) must be urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0.",
  "Set cbc:ProfileID to urn:fdc:peppol.eu:2017:poacc:billing:01:1.0.")
R(R_P0100, "PEPPOL-EN16931-P0100", "BT-3",
  "The invoice type code is not allowed in the billing process of the AgID rules.",
  "Use an invoice type code such as 380 or 386.")
R(R_P0101, "PEPPOL-EN16931-P0101", "BT-3",
  "The credit note type code is not allowed in the billing process of the AgID rules.",
  "Use a credit note type code such as 381.")
R(R_CL003, "PEPPOL-EN16931-CL003", "BT-105",
  "A charge reason code is not in the UNTDID 7161 list of the AgID rules.",
  "Use a charge reason code of the older UNTDID 7161 list.")
R(R_R004, "PEPPOL-EN16931-R004", "BT-24",
  "The specification identifier (BT-24) does not start with the PEPPOL BIS Billing 3.0 identifier.",
  "Start cbc:CustomizationID with urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0.")
R(R_R051, "PEPPOL-EN16931-R051", "BT-5",
  "An amount is not in the invoice currency (BT-5).",
  "Give every amount the currencyID of cbc:DocumentCurrencyCode; VAT amounts in the accounting currency belong in the second cac:TaxTotal without breakdown.")
R(R_CL007, "PEPPOL-EN16931-CL007", "BT-5",
  "An amount's currency is not in the ISO 4217 list of the AgID rules.",
  "Use a currency code of the older ISO 4217 list.")
R(R_CL008, "PEPPOL-EN16931-CL008", "BT-34, BT-49",
  "An electronic address scheme is not in the EAS list of the AgID rules.",
  "Use an electronic address scheme of the older EAS list.")
R(R_C042, "PEPPOL-COMMON-R042", "",
  "A Danish CVR identifier (scheme 0184) must be DK followed by 8 digits.",
  "Write the identifier as DK12345678.")
R(R_DK004, "DK-R-004", "BT-104",
  "A Danish non-VAT tax charge (reason code ZZZ) must give the 4-digit tax category as reason.",
  "Put the 4-digit Danish tax category code in cbc:AllowanceChargeReason.")
R(R_DK008, "DK-R-008", "BT-83, BT-84",
  "A Danish FI payment (code 50) needs a payment id starting 01#, 04# or 15# and a 7-character account.",
  "Write the payment id as 01#, 04# or 15# followed by the reference, and the 7-digit creditor number.")
R(R_NL007, "NL-R-007", "BG-16",
  "A Dutch supplier's invoice with an amount due must contain payment instructions (BG-16).",
  "Add cac:PaymentMeans.")
R(R_NL008, "NL-R-008", "BT-81",
  "A Dutch supplier must use payment means code 30, 48, 49, 57, 58 or 59.",
  "Use one of the payment means codes 30, 48, 49, 57, 58 or 59.")

#define C EINV_NS_CAC
#define B EINV_NS_CBC

/* added to the lists after 3.0.14 (space separated) */
/* The electronic address schemes of PEPPOL 3.0.14 as embedded in the AgID artefact (the
 * base's 2026.5 list added 0218..0248 and dropped 0037 0193 0202 0205 0212 0213 0215 9901
 * 9955, which Italian addresses use): the base's CL008 is withdrawn and this one reported. */
static const char OLD_EAS[] =
    " 0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0151 0183 0184 0188 0190 0191"
    " 0192 0193 0195 0196 0198 0199 0200 0201 0202 0204 0205 0208 0209 0210 0211 0212 0213 0215"
    " 0216 9901 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930"
    " 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948"
    " 9949 9950 9951 9952 9953 9955 9957 9959 ";

/* The text() children of n concatenated into buf (an XPath text() step). */
static const char *direct_text(const xmlNode *n, char *buf, size_t size)
{
    const xmlNode *c;
    size_t k = 0;
    buf[0] = 0;
    for (c = n ? n->children : NULL; c; c = c->next) {
        size_t m;
        if ((c->type != XML_TEXT_NODE && c->type != XML_CDATA_SECTION_NODE) || !c->content)
            continue;
        m = strlen((const char *)c->content);
        if (k + m >= size)
            m = size - 1 - k;
        memcpy(buf + k, c->content, m);
        k += m;
        buf[k] = 0;
    }
    return buf;
}

/* exact string in a space-separated list */
static int in_list(const char *list, const char *s)
{
    size_t n = strlen(s);
    const char *p = list;
    if (!n || strchr(s, ' '))
        return 0;
    while ((p = strstr(p, s)) != NULL) {
        if (p > list && p[-1] == ' ' && p[n] == ' ')
            return 1;
        p++;
    }
    return 0;
}

/* XPath number(): xs:double lexical form with white space around; 0 when NaN. */
static int xpath_number(const char *s, double *out)
{
    char buf[64], *end;
    const char *p;
    int digits = 0;
    it_norm(s, buf, sizeof buf);
    if (strlen(s) >= sizeof buf || strchr(buf, ' '))
        return 0;
    if (!strcmp(buf, "INF") || !strcmp(buf, "-INF")) {
        *out = buf[0] == '-' ? -HUGE_VAL : HUGE_VAL;
        return 1;
    }
    p = buf;
    if (*p == '+' || *p == '-')
        p++;
    while (*p >= '0' && *p <= '9')
        p++, digits++;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++)
            digits++;
    if (!digits)
        return 0;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return 0;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p)
        return 0;
    *out = strtod(buf, &end);
    return 1;
}

/* ---- the business process variable, as 3.0.14 and 2026.5 compute it ---- */
enum { PROF_UNKNOWN = 0, PROF_01, PROF_02, PROF_OTHER, PROF_NONE /* empty sequence */ };

/* matches(s, 'urn:fdc:peppol.eu:2017:poacc:billing:([0-9]{2}):1.0'), unanchored, '.' = any */
static int has_billing_urn(const char *s)
{
    static const char PAT[] = "urn:fdc:peppol.eu:2017:poacc:billing:##:1.0";
    const char *start;
    for (start = s; *start; start++) {
        const char *p = start, *q = PAT;
        while (*q && *p) {
            const char *r = p;
            uint32_t c = it_cp_next(&r);
            if (*q == '#' ? !it_cp_digit(c) : *q != '.' && (uint32_t)(unsigned char)*q != c)
                break;
            p = r;
            q++;
        }
        if (!*q)
            return 1;
    }
    return 0;
}

static int agid_profile(const it_doc_t *doc)
{
    const xmlNode *pid = it_sel1(doc, "cbc:ProfileID");
    char buf[256];
    const char *p;
    int field = 1;
    if (!pid)
        return PROF_UNKNOWN;
    it_norm(einv_x_text(pid), buf, sizeof buf);
    if (!has_billing_urn(buf))
        return PROF_UNKNOWN;
    for (p = buf; *p && field < 7; p++)   /* tokenize(., ':')[7] */
        field += *p == ':';
    if (field < 7)
        return PROF_NONE;
    if (strncmp(p, "01", 2) == 0 && (p[2] == ':' || p[2] == 0))
        return PROF_01;
    return PROF_OTHER;
}

static int base_profile(const it_doc_t *doc)
{
    char buf[128];
    it_norm(einv_x_text(it_sel1(doc, "cbc:ProfileID")), buf, sizeof buf);
    if (!strcmp(buf, "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0") ||
        !strcmp(buf, "urn:peppol:france:billing:regulated") ||
        !strcmp(buf, "urn:peppol:france:billing:non-regulated"))
        return PROF_01;
    if (!strcmp(buf, "urn:peppol:bis:billing_with_response"))
        return PROF_02;
    return PROF_UNKNOWN;
}

/* upper-case(normalize-space(first seller/buyer country code)) = cc */
static int country_is(const it_doc_t *doc, const char *party, const char *cc)
{
    char path[128], buf[16];
    size_t i;
    snprintf(path, sizeof path, "cac:%s/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode", party);
    it_norm(einv_x_text(it_sel1(doc, path)), buf, sizeof buf);
    for (i = 0; buf[i]; i++)
        if (buf[i] >= 'a' && buf[i] <= 'z')
            buf[i] = (char)(buf[i] - 'a' + 'A');
    return strcmp(buf, cc) == 0;
}

static void check_process(einv_ctx_t *ctx, const it_doc_t *doc)
{
    static const char L_INV[] = " 71 80 82 84 102 218 219 331 380 382 383 386 388 393 395 553 575 "
                                "623 780 817 870 875 876 877 ";
    static const char L_CN[] = " 381 396 81 83 532 ";
    int agid = agid_profile(doc), base = base_profile(doc);
    int agid01 = agid == PROF_01 || agid == PROF_NONE, base_known = base != PROF_UNKNOWN;
    const einv_nodelist_t *l;
    size_t i;
    /* the base's R007 is withdrawn (italy.c): 3.0.14 matches the process unanchored, so
     * "...billing:01:1.0X" is process 01 there and unknown in 2026.5 */
    if (agid == PROF_UNKNOWN || agid == PROF_NONE)
        einv_report(ctx, &R_R007, doc->root);
    l = einv_xdoc_all(doc->d, B, "InvoiceTypeCode");
    for (i = 0; i < l->n; i++) {
        char raw[64], code[64];
        int old_ok, new_ok;
        it_norm(direct_text(l->v[i], raw, sizeof raw), code, sizeof code);
        old_ok = in_list(L_INV, code);
        new_ok = old_ok || !strcmp(code, "326") || !strcmp(code, "384");
        if (agid01 && !old_ok && !(base_known && !new_ok))
            einv_report(ctx, &R_P0100, l->v[i]);
    }
    l = einv_xdoc_all(doc->d, B, "CreditNoteTypeCode");
    for (i = 0; i < l->n; i++) {
        char raw[64], code[64];
        it_norm(direct_text(l->v[i], raw, sizeof raw), code, sizeof code);
        if (agid01 && !in_list(L_CN, code) && !base_known)
            einv_report(ctx, &R_P0101, l->v[i]);
    }
}

static void check_codes(einv_ctx_t *ctx, const it_doc_t *doc)
{
    static const char *const AMOUNTS[] = {
        "Amount", "BaseAmount", "PriceAmount", "TaxAmount", "TaxableAmount", "LineExtensionAmount",
        "TaxExclusiveAmount", "TaxInclusiveAmount", "AllowanceTotalAmount", "ChargeTotalAmount",
        "PrepaidAmount", "PayableRoundingAmount", "PayableAmount"};
    const einv_nodelist_t *l;
    const char *dcs[8];
    size_t i, k, ndc = 0;
    /* $documentCurrencyCode: the root's cbc:DocumentCurrencyCode */
    for (i = 0; i < doc->n_head && ndc < 8; i++)
        if (einv_x_is(doc->head[i], B, "DocumentCurrencyCode"))
            dcs[ndc++] = einv_x_text(doc->head[i]);
    l = einv_xdoc_all(doc->d, B, "AllowanceChargeReasonCode");
    for (i = 0; i < l->n; i++) {
        const xmlNode *ac = l->v[i]->parent;
        char raw[64], code[64];
        if (!einv_x_is(ac, C, "AllowanceCharge") || it_any_eq(ac, "cbc:ChargeIndicator", "false") ||
            !it_any_eq(ac, "cbc:ChargeIndicator", "true"))
            continue;
        it_norm(direct_text(l->v[i], raw, sizeof raw), code, sizeof code);
        if (!strcmp(code, "PRV"))
            einv_report(ctx, &R_CL003, l->v[i]);
    }
    for (k = 0; k < sizeof AMOUNTS / sizeof AMOUNTS[0]; k++) {
        l = einv_xdoc_all(doc->d, B, AMOUNTS[k]);
        for (i = 0; i < l->n; i++) {
            /* @currencyID = $ISO4217: exact, and false without the attribute; in full with the
             * artefact's list (the base's CL007 is withdrawn, italy.c) */
            const xmlNode *n = l->v[i];
            const char *cur = einv_x_attr(n, "currencyID");
            size_t j;
            int same = 0;
            if (!cur || !in_list(it_agid_peppol_iso4217, cur))
                einv_report(ctx, &R_CL007, n);
            /* R051 in its 3.0.14 form (the base's is withdrawn, italy.c): of the VAT amounts only
             * cac:TaxTotal[cac:TaxSubtotal]/cbc:TaxAmount, not the subtotals' as in 2026.5 */
            if (!strcmp(AMOUNTS[k], "TaxAmount") &&
                !(einv_x_is(n->parent, C, "TaxTotal") && einv_x_child(n->parent, C, "TaxSubtotal")))
                continue;
            for (j = 0; cur && j < ndc && !same; j++)
                same = strcmp(dcs[j], cur) == 0;
            if (!same)
                einv_report(ctx, &R_R051, n);
        }
    }
    l = einv_xdoc_all(doc->d, B, "EndpointID");
    for (i = 0; i < l->n; i++) {
        const char *sch = einv_x_attr(l->v[i], "schemeID");
        if (sch && !in_list(OLD_EAS, sch))
            einv_report(ctx, &R_CL008, l->v[i]);
    }
}

/* PEPPOL-COMMON-R042 on every identifier with scheme 0184: 3.0.14 reads text() and wants
 * DK + 8 digits; 2026.5 reads the string value and also takes 8 digits alone. */
static int all_digits(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!it_cp_digit((unsigned char)s[i]))
            return 0;
    return 1;
}

static int dk_cvr_ok(const char *s)
{
    return it_strlen(s) == 10 && strncmp(s, "DK", 2) == 0 && all_digits(s + 2, 8);
}

static void check_cvr(einv_ctx_t *ctx, const it_doc_t *doc)
{
    static const char *const NAMES[] = {"EndpointID", "ID", "CompanyID"};
    size_t k, i;
    for (k = 0; k < 3; k++) {
        const einv_nodelist_t *l = einv_xdoc_all(doc->d, B, NAMES[k]);
        for (i = 0; i < l->n; i++) {
            const xmlNode *n = l->v[i];
            char raw[64];
            const char *s;
            if (!it_attr_eq(n, "schemeID", "0184") ||
                (k == 1 && !einv_x_is(n->parent, C, "PartyIdentification")))
                continue;
            s = einv_x_text(n);
            if (dk_cvr_ok(direct_text(n, raw, sizeof raw)))
                continue;
            if (dk_cvr_ok(s) || (it_strlen(s) == 8 && all_digits(s, 8)))
                einv_report(ctx, &R_C042, n);
        }
    }
}

static void check_national(einv_ctx_t *ctx, const it_doc_t *doc)
{
    const einv_nodelist_t *l;
    size_t i;
    int dk = strcmp(einv_x_text(it_sel1(doc, "cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode")), "DK") == 0 &&
             strcmp(einv_x_text(it_sel1(doc, "cac:AccountingCustomerParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode")), "DK") == 0 &&
             (doc->is_invoice || doc->is_credit_note);
    int nl_sup = country_is(doc, "AccountingSupplierParty", "NL");
    int nl_cus = country_is(doc, "AccountingCustomerParty", "NL");

    if (dk) {
        l = einv_xdoc_all(doc->d, C, "AllowanceCharge");
        for (i = 0; i < l->n; i++) {
            const xmlNode *ac = l->v[i], *reason = einv_x_child(ac, B, "AllowanceChargeReason");
            char raw[128], norm[128];
            const char *r = einv_x_text(reason);
            double v;
            int four, hash;
            if (!it_any_eq(ac, "cbc:AllowanceChargeReasonCode", "ZZZ"))
                continue;
            four = it_strlen(it_norm(direct_text(reason, raw, sizeof raw), norm, sizeof norm)) == 4 &&
                   xpath_number(r, &v) && v >= 0 && v <= 9999;
            hash = reason && strchr(r, '#') && r[0] != '#' && r[strlen(r) - 1] != '#';
            if (!four && hash)
                einv_report(ctx, &R_DK004, ac);
        }
        if (doc->is_invoice) {
            einv_nodes_t pms;
            size_t k;
            einv_nodes_init(&pms);
            it_sel(doc, "cac:PaymentMeans", &pms);
            for (k = 0; k < pms.n; k++) {
                const xmlNode *pm = pms.v[k];
                const char *pid = it_str(pm, "cbc:PaymentID");
                const xmlNode *acc = einv_x_path(pm, "cac:PayeeFinancialAccount/cbc:ID");
                char raw[64];
                int prefix = !strncmp(pid, "01#", 3) || !strncmp(pid, "04#", 3) || !strncmp(pid, "15#", 3);
                if (!it_any_eq(pm, "cbc:PaymentMeansCode", "50") || !prefix)
                    continue;
                if (it_strlen(direct_text(acc, raw, sizeof raw)) != 7 &&
                    it_all(einv_x_text(acc), it_cp_digit, 7, 8))
                    einv_report(ctx, &R_DK008, pm);
            }
            einv_nodes_free(&pms);
        }
    }
    if (nl_sup) {
        int has_pm = einv_xdoc_all(doc->d, C, "PaymentMeans")->n > 0;
        l = einv_xdoc_all(doc->d, C, "LegalMonetaryTotal");
        for (i = 0; doc->is_credit_note && !has_pm && i < l->n; i++) {
            einv_dec_t a;
            if (einv_dec_parse(it_str(l->v[i], "cbc:PayableAmount"), (size_t)-1, &a) && einv_dec_sign(a) > 0)
                einv_report(ctx, &R_NL007, l->v[i]);
        }
        l = einv_xdoc_all(doc->d, C, "PaymentMeans");
        for (i = 0; !nl_cus && i < l->n; i++) {
            char buf[16];
            it_norm(it_str(l->v[i], "cbc:PaymentMeansCode"), buf, sizeof buf);
            if (!in_list(" 30 48 49 57 58 59 ", buf))
                einv_report(ctx, &R_NL008, l->v[i]);
        }
    }
}

R(R_C049, "PEPPOL-COMMON-R049", "BT-29, BT-30, BT-34, BT-46, BT-47, BT-49",
  "A Swedish organisation number (scheme 0007) must be 10 digits.",
  "Write the organisationsnummer as its 10 digits, without a hyphen.")

/* PEPPOL-COMMON-R049 in its 3.0.14 form (no Luhn check): an identifier with schemeID exactly
 * "0007" (electronic address, party identifier, company id) must be 10 characters after
 * normalize-space that number() reads as a number. */
static int old_r049_ok(const xmlNode *n)
{
    char buf[64];
    einv_dec_t d;
    const char *t = einv_x_norm(n, buf, sizeof buf);
    size_t len = 0;
    for (const char *p = t; *p; p++)
        if (((unsigned char)*p & 0xC0) != 0x80)
            len++;
    if (len != 10)
        return 0;
    if (!strcmp(t, "NaN"))
        return 0;
    return einv_dec_parse_number(t, (size_t)-1, &d) || !strcmp(t, "INF") || !strcmp(t, "-INF") ||
           !strcmp(t, "+INF");
}

static void check_old_r049(einv_ctx_t *ctx, const it_doc_t *doc)
{
    static const char *const NAMES[] = {"EndpointID", "ID", "CompanyID"};
    size_t k, i;
    for (k = 0; k < 3; k++) {
        const einv_nodelist_t *l = einv_xdoc_all(doc->d, EINV_NS_CBC, NAMES[k]);
        for (i = 0; i < l->n; i++) {
            const char *sch = einv_x_attr(l->v[i], "schemeID");
            if (!sch || strcmp(sch, "0007") != 0)
                continue;
            if (k == 1 && !einv_x_is(l->v[i]->parent, EINV_NS_CAC, "PartyIdentification"))
                continue;
            if (!old_r049_ok(l->v[i]))
                einv_report(ctx, &R_C049, l->v[i]);
        }
    }
}

static void check(einv_ctx_t *ctx, const it_doc_t *doc)
{
    const xmlNode *root = doc->root;
    if (doc->is_invoice || doc->is_credit_note) {
        einv_nodes_t v;
        size_t i, n = 0;
        einv_nodes_init(&v);
        it_sel(doc, "cac:AdditionalDocumentReference", &v);
        for (i = 0; i < v.n; i++)
            n += it_any_eq(v.v[i], "cbc:DocumentTypeCode", "130");
        einv_nodes_free(&v);
        if (n > 1)
            einv_report(ctx, &R_R006, root);
        if (it_sel_count(doc, "cbc:Note") > 1 && country_is(doc, "AccountingSupplierParty", "DE") &&
            country_is(doc, "AccountingCustomerParty", "DE"))
            einv_report(ctx, &R_R002, root);
    }
    /* R004 in its 3.0.14 form, a prefix test only (2026.5 also refuses '::'; the base's is
     * withdrawn, italy.c) */
    if (doc->is_invoice || doc->is_credit_note) {
        static const char PREFIX[] = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
        char buf[512];
        it_norm(it_str(root, "cbc:CustomizationID"), buf, sizeof buf);
        if (strncmp(buf, PREFIX, sizeof PREFIX - 1) != 0)
            einv_report(ctx, &R_R004, root);
    }
    check_process(ctx, doc);
    check_codes(ctx, doc);
    check_cvr(ctx, doc);
    check_national(ctx, doc);
    check_old_r049(ctx, doc);
}

static const einv_rule_t *const RULES[] = {
    &R_R006, &R_R002, &R_R004, &R_R007, &R_R051, &R_P0100, &R_P0101, &R_CL003, &R_CL007, &R_CL008, &R_C042,
    &R_C049,
    &R_DK004, &R_DK008, &R_NL007, &R_NL008,
};

const it_family_t it_legacy_pp = {"it-legacy-peppol", check, RULES, sizeof RULES / sizeof RULES[0]};
