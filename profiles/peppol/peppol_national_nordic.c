/* PEPPOL national rules for Norway (NO-R), Denmark (DK-R), Sweden (SE-R) and Iceland (IS-R).
 * Each function walks the contexts of one Schematron pattern; inside a pattern every element
 * goes to the first rule whose context matches it (here the contexts of a pattern never
 * share an element name except where noted). */
#include <string.h>
#include "peppol_national_int.h"

#define ALL(f, name) einv_xdoc_all((f)->d, PN_CAC, name)

/* normalize-space(cac:TaxScheme/cbc:ID) = want, on the first ID (one is what the artefact
 * can compare; a missing ID reads as ''). */
static int scheme_norm_is(const xmlNode *pts, const char *want)
{
    return pn_norm_eq(pn_text(pts, "cac:TaxScheme/cbc:ID"), want);
}

/* ======================= Norway ======================= */

static void check_no(const pn_doc_t *f)
{
    const einv_nodelist_t *asp = ALL(f, "AccountingSupplierParty");
    size_t i;
    if (strcmp(f->sup, "NO") != 0)
        return;
    for (i = 0; i < asp->n; i++) {
        xmlNodePtr party, pts;
        for (party = einv_x_child(asp->v[i], PN_CAC, "Party"); party; party = einv_x_next_same(party)) {
            xmlNodePtr tax = NULL, vat = NULL;
            int any_no = 0;
            char buf[64];
            for (pts = einv_x_child(party, PN_CAC, "PartyTaxScheme"); pts; pts = einv_x_next_same(pts)) {
                if (!tax && scheme_norm_is(pts, "TAX"))
                    tax = pts;
                if (scheme_norm_is(pts, "VAT")) {
                    if (!vat)
                        vat = pts;
                    if (!strcmp(pn_substr(pn_text(pts, "cbc:CompanyID"), 1, 2, buf, sizeof buf), "NO"))
                        any_no = 1;
                }
            }
            if (!pn_norm_eq(tax ? pn_text(tax, "cbc:CompanyID") : "", "Foretaksregisteret"))
                PN_REPORT(f, NO_R_002, party);
            if (any_no) {
                const char *id = pn_text(vat, "cbc:CompanyID");
                char rest[64], nine[16];
                size_t k;
                int ok;
                pn_substr(id, 3, -1, rest, sizeof rest);
                /* ^[0-9]{9}MVA$ */
                ok = strlen(rest) == 12 && strcmp(rest + 9, "MVA") == 0;
                for (k = 0; ok && k < 9; k++)
                    ok = rest[k] >= '0' && rest[k] <= '9';
                if (ok)
                    ok = pn_no_mod11(pn_substr(id, 3, 9, nine, sizeof nine));
                if (!ok)
                    PN_REPORT(f, NO_R_001, party);
            }
        }
    }
}

/* ======================= Denmark ======================= */

/* The normalized direct text of the first node of path is not empty (X/text() != ''). */
static int own_nonblank(const xmlNode *from, const char *path)
{
    char buf[256];
    return pn_nonblank(pn_own_text(einv_x_path(from, path), buf, sizeof buf));
}

static int is_ubl_root_elem(const xmlNode *n)
{
    return einv_x_is(n, EINV_NS_UBL_INV, "Invoice") || einv_x_is(n, EINV_NS_UBL_CN, "CreditNote");
}

static void dk_document(const pn_doc_t *f, xmlNodePtr doc)
{
    const char *sid;
    xmlNodePtr cid = einv_x_path(doc, "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID");
    if (!own_nonblank(doc, "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID"))
        PN_REPORT(f, DK_R_002, doc);
    sid = pn_first_attr(doc, "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", "schemeID");
    if (cid && !pn_norm_eq(sid ? sid : "", "0184"))
        PN_REPORT(f, DK_R_014, doc);
    if (f->cn && strcmp(f->raw_cus, "DK") == 0) {
        char buf[128];
        double v;
        if (pn_number(pn_own_text(einv_x_path(doc, "cac:LegalMonetaryTotal/cbc:PayableAmount"), buf, sizeof buf), &v) &&
            v < 0)
            PN_REPORT(f, DK_R_016, doc);
    }
}

static void dk_payment_means(const pn_doc_t *f, xmlNodePtr pm)
{
    char pid3[16], buf[64];
    const char *code = pn_text(pm, "cbc:PaymentMeansCode");
    const char *pid = pn_text(pm, "cbc:PaymentID");
    int c31 = pn_any_eq(pm, "cbc:PaymentMeansCode", "31"), c42 = pn_any_eq(pm, "cbc:PaymentMeansCode", "42");
    int c49 = pn_any_eq(pm, "cbc:PaymentMeansCode", "49"), c50 = pn_any_eq(pm, "cbc:PaymentMeansCode", "50");
    int c93 = pn_any_eq(pm, "cbc:PaymentMeansCode", "93");
    size_t plen = pn_strlen(pid);
    char probe[80];
    pn_substr(pid, 1, 3, pid3, sizeof pid3);
    if (strlen(code) + 3 > sizeof probe)
        PN_REPORT(f, DK_R_005, pm);
    else {
        strcpy(probe, " ");
        strcat(probe, code);
        strcat(probe, " ");
        if (!strstr(" 1 10 31 42 48 49 50 58 59 93 97 ", probe))
            PN_REPORT(f, DK_R_005, pm);
    }
    if ((c31 || c42) && !(own_nonblank(pm, "cac:PayeeFinancialAccount/cbc:ID") &&
                          own_nonblank(pm, "cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID")))
        PN_REPORT(f, DK_R_006, pm);
    if (c49 && !(own_nonblank(pm, "cac:PaymentMandate/cbc:ID") &&
                 own_nonblank(pm, "cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID")))
        PN_REPORT(f, DK_R_007, pm);
    if (c50) {
        const char *acc = pn_text(pm, "cac:PayeeFinancialAccount/cbc:ID");
        size_t n = strlen(acc), k;
        int digits = n == 7 || n == 8;   /* ^[0-9]{7,8}$ */
        for (k = 0; digits && k < n; k++)
            digits = acc[k] >= '0' && acc[k] <= '9';
        if (!((!strcmp(pid3, "01#") || !strcmp(pid3, "04#") || !strcmp(pid3, "15#")) && digits))
            PN_REPORT(f, DK_R_008, pm);
        if ((!strcmp(pid3, "04#") || !strcmp(pid3, "15#")) && plen != 19)
            PN_REPORT(f, DK_R_009, pm);
    }
    if (c93) {
        size_t alen = pn_strlen(pn_own_text(einv_x_path(pm, "cac:PayeeFinancialAccount/cbc:ID"), buf, sizeof buf));
        if (!((!strcmp(pid3, "71#") || !strcmp(pid3, "73#") || !strcmp(pid3, "75#")) && alen == 8))
            PN_REPORT(f, DK_R_010, pm);
        if ((!strcmp(pid3, "71#") || !strcmp(pid3, "75#")) && plen != 18 && plen != 19)
            PN_REPORT(f, DK_R_011, pm);
    }
}

static void dk_allowance_charge(const pn_doc_t *f, xmlNodePtr ac)
{
    xmlNodePtr r;
    const char *txt;
    char buf[256];
    double v;
    int ok;
    size_t n;
    if (!pn_any_eq(ac, "cbc:AllowanceChargeReasonCode", "ZZZ"))
        return;
    r = einv_x_child(ac, PN_CBC, "AllowanceChargeReason");
    txt = einv_x_text(r);
    ok = pn_norm_len(pn_own_text(r, buf, sizeof buf)) == 4 && pn_number(txt, &v) && v >= 0 && v <= 9999;
    n = strlen(txt);
    if (!ok && r && strchr(txt, '#') && txt[0] != '#' && txt[n - 1] != '#')
        ok = 1;
    if (!ok)
        PN_REPORT(f, DK_R_004, ac);
}

static void check_dk(const pn_doc_t *f)
{
    int both = strcmp(f->raw_sup, "DK") == 0 && strcmp(f->raw_cus, "DK") == 0;
    size_t i, k;
    if (strcmp(f->raw_sup, "DK") != 0)
        return;
    {   /* ubl-creditnote:CreditNote | ubl-invoice:Invoice (at any depth) */
        const einv_nodelist_t *a = einv_xdoc_all(f->d, EINV_NS_UBL_INV, "Invoice");
        const einv_nodelist_t *b = einv_xdoc_all(f->d, EINV_NS_UBL_CN, "CreditNote");
        for (i = 0; i < a->n; i++)
            dk_document(f, a->v[i]);
        for (i = 0; i < b->n; i++)
            dk_document(f, b->v[i]);
    }
    if (!both)
        return;
    {   /* (Invoice|CreditNote)/(Supplier|Customer party)/cac:Party/cac:PartyIdentification */
        const einv_nodelist_t *l = ALL(f, "PartyIdentification");
        for (i = 0; i < l->n; i++) {
            xmlNodePtr pi = l->v[i], party = pi->parent, ap = party ? party->parent : NULL;
            const char *sid;
            if (!einv_x_is(party, PN_CAC, "Party") ||
                !(einv_x_is(ap, PN_CAC, "AccountingSupplierParty") || einv_x_is(ap, PN_CAC, "AccountingCustomerParty")) ||
                !is_ubl_root_elem(ap->parent))
                continue;
            sid = pn_first_attr(pi, "cbc:ID", "schemeID");
            if (einv_x_child(pi, PN_CBC, "ID") && pn_norm_eq(sid ? sid : "", ""))
                PN_REPORT(f, DK_R_013, pi);
        }
    }
    {   /* ubl-invoice:Invoice/cac:PaymentMeans */
        const einv_nodelist_t *l = ALL(f, "PaymentMeans");
        for (i = 0; i < l->n; i++)
            if (einv_x_is(l->v[i]->parent, EINV_NS_UBL_INV, "Invoice"))
                dk_payment_means(f, l->v[i]);
    }
    {   /* (Invoice|CreditNote)/cac:AccountingCustomerParty/cac:Party */
        const einv_nodelist_t *l = ALL(f, "AccountingCustomerParty");
        for (i = 0; i < l->n; i++) {
            xmlNodePtr party;
            if (!is_ubl_root_elem(l->v[i]->parent))
                continue;
            for (party = einv_x_child(l->v[i], PN_CAC, "Party"); party; party = einv_x_next_same(party)) {
                const char *sid = pn_first_attr(party, "cac:PartyLegalEntity/cbc:CompanyID", "schemeID");
                if (einv_x_path(party, "cac:PartyLegalEntity/cbc:CompanyID") && !pn_norm_eq(sid ? sid : "", "0184"))
                    PN_REPORT(f, DK_R_017, party);
            }
        }
    }
    {   /* CreditNote/cac:CreditNoteLine | Invoice/cac:InvoiceLine */
        static const char *const names[2] = {"InvoiceLine", "CreditNoteLine"};
        static const char *const vers[4] = {"19.05.01", "19.0501", "26.08.01", "26.0801"};
        for (k = 0; k < 2; k++) {
            const einv_nodelist_t *l = ALL(f, names[k]);
            for (i = 0; i < l->n; i++) {
                xmlNodePtr line = l->v[i];
                einv_nodes_t icc;
                size_t v, c;
                int tst = 0, allowed = 0;
                if (!(k == 0 ? einv_x_is(line->parent, EINV_NS_UBL_INV, "Invoice")
                             : einv_x_is(line->parent, EINV_NS_UBL_CN, "CreditNote")))
                    continue;
                /* listID = 'TST' and no listVersionID among the allowed, over all codes */
                einv_nodes_init(&icc);
                einv_x_select(line, "cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode", &icc);
                for (c = 0; c < icc.n; c++) {
                    const char *lid = einv_x_attr(icc.v[c], "listID"), *ver = einv_x_attr(icc.v[c], "listVersionID");
                    tst |= lid && !strcmp(lid, "TST");
                    for (v = 0; ver && v < 4; v++)
                        allowed |= !strcmp(ver, vers[v]);
                }
                einv_nodes_free(&icc);
                if (!tst)
                    continue;
                if (!allowed)
                    PN_REPORT(f, DK_R_003, line);
            }
        }
    }
    {   /* cac:AllowanceCharge anywhere */
        const einv_nodelist_t *l = ALL(f, "AllowanceCharge");
        for (i = 0; i < l->n; i++)
            dk_allowance_charge(f, l->v[i]);
    }
}

/* ======================= Sweden ======================= */

/* cac:PostalAddress/cac:Country/cbc:IdentificationCode = 'SE' */
static int se_address(const xmlNode *party)
{
    return pn_any_eq(party, "cac:PostalAddress/cac:Country/cbc:IdentificationCode", "SE");
}

/* cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/substring(cbc:CompanyID, 1, 2) = 'SE',
 * evaluated as the comparison runs: in document order, stopping at the first SE; a scheme
 * with two CompanyIDs met before that makes the test fail (returns -1). *first gets the
 * first VAT scheme. */
static int se_vat_scheme(const xmlNode *party, xmlNodePtr *first)
{
    xmlNodePtr pts, cid;
    char buf[16];
    *first = NULL;
    for (pts = einv_x_child(party, PN_CAC, "PartyTaxScheme"); pts; pts = einv_x_next_same(pts)) {
        if (!pn_any_eq(pts, "cac:TaxScheme/cbc:ID", "VAT"))
            continue;
        if (!*first)
            *first = pts;
        cid = einv_x_child(pts, PN_CBC, "CompanyID");
        if (cid && einv_x_next_same(cid))
            return -1;
        if (!strcmp(pn_substr(einv_x_text(cid), 1, 2, buf, sizeof buf), "SE"))
            return 1;
    }
    return 0;
}

static void se_payment_account(const pn_doc_t *f, xmlNodePtr pm)
{
    int plus = pn_norm_eq(pn_text(pm, "cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID"), "SE:PLUSGIRO");
    int bank = pn_norm_eq(pn_text(pm, "cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID"), "SE:BANKGIRO");
    xmlNodePtr acc, id;
    /* normalize-space() over two codes or two branch IDs fails: no match */
    if (einv_x_path_count(pm, "cbc:PaymentMeansCode") > 1 || !pn_norm_eq(pn_text(pm, "cbc:PaymentMeansCode"), "30") ||
        einv_x_path_count(pm, "cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID") > 1 || !(plus || bank))
        return;
    for (acc = einv_x_child(pm, PN_CAC, "PayeeFinancialAccount"); acc; acc = einv_x_next_same(acc))
        for (id = einv_x_child(acc, PN_CBC, "ID"); id; id = einv_x_next_same(id)) {
            const char *t = einv_x_text(id);
            size_t n = pn_norm_len(t);
            if (plus) {
                if (!pn_is_number(t))
                    PN_REPORT(f, SE_R_007, id);
                if (n < 2 || n > 8)
                    PN_REPORT(f, SE_R_010, id);
            } else {
                if (!pn_is_number(t))
                    PN_REPORT(f, SE_R_008, id);
                if (n != 7 && n != 8)
                    PN_REPORT(f, SE_R_009, id);
            }
        }
}

static void check_se(const pn_doc_t *f)
{
    const einv_nodelist_t *asp = ALL(f, "AccountingSupplierParty");
    const einv_nodelist_t *acp = ALL(f, "AccountingCustomerParty");
    int doc_se_vat = 0, doc_se_sup = 0, doc_se_cus = 0;   /* doc_se_vat: -1 = the test fails */
    size_t i;
    char buf[256];
    for (i = 0; i < asp->n; i++) {
        xmlNodePtr party, ple, pts;
        for (party = einv_x_child(asp->v[i], PN_CAC, "Party"); party; party = einv_x_next_same(party)) {
            xmlNodePtr vat;
            int any_se;
            if (!se_address(party))
                continue;
            doc_se_sup = 1;
            any_se = se_vat_scheme(party, &vat);
            if (doc_se_vat == 0 && any_se != 0)
                doc_se_vat = any_se;   /* the first SE party decides //cac:AccountingSupplierParty/...[...] */
            if (any_se > 0) {
                /* rule 1: the SE VAT identifier */
                const char *id = pn_text(vat, "cbc:CompanyID");
                if (pn_norm_len(id) != 14)
                    PN_REPORT(f, SE_R_001, party);
                if (!pn_is_number(pn_substr(id, 3, 12, buf, sizeof buf)))
                    PN_REPORT(f, SE_R_002, party);
            }
            /* rule 2: the organisation number */
            for (ple = einv_x_child(party, PN_CAC, "PartyLegalEntity"); ple; ple = einv_x_next_same(ple)) {
                xmlNodePtr cid = einv_x_child(ple, PN_CBC, "CompanyID");
                if (!cid)
                    continue;
                if (!pn_is_number(einv_x_text(cid)))
                    PN_REPORT(f, SE_R_003, ple);
                if (pn_norm_len(einv_x_text(cid)) != 10)
                    PN_REPORT(f, SE_R_004, ple);
                if (!pn_se_orgnr(einv_x_norm(cid, buf, sizeof buf)))
                    PN_REPORT(f, SE_R_013, ple);
            }
            /* rule 3: the F-skatt statement */
            if (!einv_x_path(party, "cac:PartyLegalEntity/cbc:CompanyID"))
                continue;
            for (pts = einv_x_child(party, PN_CAC, "PartyTaxScheme"); pts; pts = einv_x_next_same(pts)) {
                xmlNodePtr cid;
                if (einv_x_path_count(pts, "cac:TaxScheme/cbc:ID") > 1 ||
                    pn_upper_norm_eq(pn_text(pts, "cac:TaxScheme/cbc:ID"), "VAT"))
                    continue;
                for (cid = einv_x_child(pts, PN_CBC, "CompanyID"); cid; cid = einv_x_next_same(cid))
                    if (!pn_upper_norm_eq(einv_x_text(cid), "GODK\xC3\x84ND F\xC3\x96R F-SKATT"))
                        PN_REPORT(f, SE_R_005, cid);
            }
        }
    }
    for (i = 0; i < acp->n && !doc_se_cus; i++) {
        xmlNodePtr party;
        for (party = einv_x_child(acp->v[i], PN_CAC, "Party"); party && !doc_se_cus; party = einv_x_next_same(party))
            doc_se_cus = se_address(party);
    }
    if (doc_se_vat > 0) {   /* rule 4: standard rated categories */
        static const char *const names[2] = {"TaxCategory", "ClassifiedTaxCategory"};
        size_t k;
        for (k = 0; k < 2; k++) {
            const einv_nodelist_t *l = ALL(f, names[k]);
            for (i = 0; i < l->n; i++) {
                double v;
                if (!pn_any_eq(l->v[i], "cbc:ID", "S"))
                    continue;
                if (!pn_number(pn_text(l->v[i], "cbc:Percent"), &v) || !(v == 25 || v == 12 || v == 6))
                    PN_REPORT(f, SE_R_006, l->v[i]);
            }
        }
    }
    if (doc_se_sup) {   /* rules 5-8: payment means */
        const einv_nodelist_t *l = ALL(f, "PaymentMeans");
        for (i = 0; i < l->n; i++) {
            xmlNodePtr pm = l->v[i];
            se_payment_account(f, pm);
            if (pn_any_eq(pm, "cbc:PaymentMeansCode", "50") || pn_any_eq(pm, "cbc:PaymentMeansCode", "56"))
                PN_REPORT(f, SE_R_011, pm);
            else if (doc_se_cus && pn_any_eq(pm, "cbc:PaymentMeansCode", "31"))
                PN_REPORT(f, SE_R_012, pm);
        }
    }
}

/* ======================= Iceland ======================= */

/* Some cac:PaymentMeans[cbc:PaymentMeansCode = code] has a 12-character account, or none
 * carries that code. */
static int is_account_ok(xmlNodePtr doc, const char *code)
{
    xmlNodePtr pm, first = NULL;
    for (pm = einv_x_child(doc, PN_CAC, "PaymentMeans"); pm && !first; pm = einv_x_next_same(pm))
        if (pn_any_eq(pm, "cbc:PaymentMeansCode", code))
            first = pm;
    if (!first)
        return 1;
    /* the first matching means that has an account decides (normalize-space of one value) */
    for (pm = first; pm; pm = einv_x_next_same(pm)) {
        xmlNodePtr id;
        if (!pn_any_eq(pm, "cbc:PaymentMeansCode", code))
            continue;
        id = einv_x_path(pm, "cac:PayeeFinancialAccount/cbc:ID");
        if (id)
            return pn_norm_len(einv_x_text(id)) == 12;
    }
    return 0;
}

static void is_document(const pn_doc_t *f, xmlNodePtr doc)
{
    static const char *const types[2] = {"cbc:InvoiceTypeCode", "cbc:CreditNoteTypeCode"};
    xmlNodePtr adr, eindagi = NULL;
    int k, type_ok = 0;
    char buf[64], probe[80];
    for (k = 0; k < 2 && !type_ok; k++) {
        einv_x_norm(einv_x_path(doc, types[k]), buf, sizeof buf);
        if (strchr(buf, ' '))
            continue;
        snprintf(probe, sizeof probe, " %s ", buf);
        type_ok = strstr(" 380 381 ", probe) != NULL;
    }
    if (!type_ok)
        PN_REPORT(f, IS_R_001, doc);
    if (!(einv_x_path(doc, "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID") &&
          pn_any_attr_eq(doc, "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", "schemeID", "0196")))
        PN_REPORT(f, IS_R_002, doc);
    if (!(einv_x_path(doc, "cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cbc:StreetName") &&
          einv_x_path(doc, "cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cbc:PostalZone")))
        PN_REPORT(f, IS_R_003, doc);
    if (!is_account_ok(doc, "9"))
        PN_REPORT(f, IS_R_006, doc);
    if (!is_account_ok(doc, "42"))
        PN_REPORT(f, IS_R_007, doc);
    for (adr = einv_x_child(doc, PN_CAC, "AdditionalDocumentReference"); adr && !eindagi; adr = einv_x_next_same(adr))
        if (pn_any_eq(adr, "cbc:DocumentDescription", "EINDAGI"))
            eindagi = adr;
    if (eindagi) {
        xmlNodePtr id = NULL, due;
        int later = 0;
        for (adr = eindagi; adr && !id; adr = einv_x_next_same(adr))
            if (pn_any_eq(adr, "cbc:DocumentDescription", "EINDAGI"))
                id = einv_x_child(adr, PN_CBC, "ID");
        if (!(id && pn_strlen(einv_x_text(id)) == 10 && pn_is_xsdate(einv_x_text(id))))
            PN_REPORT(f, IS_R_008, doc);
        if (!einv_x_child(doc, PN_CBC, "DueDate"))
            PN_REPORT(f, IS_R_009, doc);
        /* (cbc:DueDate) <= (.../cbc:ID): string comparison over every pair */
        for (due = einv_x_child(doc, PN_CBC, "DueDate"); due && !later; due = einv_x_next_same(due))
            for (adr = eindagi; adr && !later; adr = einv_x_next_same(adr)) {
                xmlNodePtr i2;
                if (!pn_any_eq(adr, "cbc:DocumentDescription", "EINDAGI"))
                    continue;
                for (i2 = einv_x_child(adr, PN_CBC, "ID"); i2 && !later; i2 = einv_x_next_same(i2))
                    later = strcmp(einv_x_text(due), einv_x_text(i2)) <= 0;
            }
        if (!later)
            PN_REPORT(f, IS_R_010, doc);
    }
}

static void check_is(const pn_doc_t *f)
{
    const einv_nodelist_t *a, *b;
    size_t i;
    if (strcmp(f->raw_sup, "IS") != 0)
        return;
    a = einv_xdoc_all(f->d, EINV_NS_UBL_INV, "Invoice");
    b = einv_xdoc_all(f->d, EINV_NS_UBL_CN, "CreditNote");
    for (i = 0; i < a->n; i++)
        is_document(f, a->v[i]);
    for (i = 0; i < b->n; i++)
        is_document(f, b->v[i]);
    if (strcmp(f->raw_cus, "IS") == 0) {
        const einv_nodelist_t *l = ALL(f, "AccountingCustomerParty");
        for (i = 0; i < l->n; i++) {
            xmlNodePtr acp = l->v[i];
            if (!is_ubl_root_elem(acp->parent))
                continue;
            if (!(einv_x_path(acp, "cac:Party/cac:PartyLegalEntity/cbc:CompanyID") &&
                  pn_any_attr_eq(acp, "cac:Party/cac:PartyLegalEntity/cbc:CompanyID", "schemeID", "0196")))
                PN_REPORT(f, IS_R_004, acp);
            if (!(einv_x_path(acp, "cac:Party/cac:PostalAddress/cbc:StreetName") &&
                  einv_x_path(acp, "cac:Party/cac:PostalAddress/cbc:PostalZone")))
                PN_REPORT(f, IS_R_005, acp);
        }
    }
}

void pn_check_nordic(const pn_doc_t *f)
{
    check_no(f);
    check_dk(f);
    check_se(f);
    check_is(f);
}
