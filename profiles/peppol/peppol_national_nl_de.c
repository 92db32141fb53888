/* PEPPOL national rules for the Netherlands (NL-R, seller's postal country NL) and Germany
 * (DE-R, seller and buyer postal country DE: the "german-rules" pattern, whose contexts are
 * all anchored at the document element). */
#include <string.h>
#include "peppol_national_int.h"

#define ALL(f, name) einv_xdoc_all((f)->d, PN_CAC, name)

/* ======================= Netherlands ======================= */

static int has_street_city_zip(const xmlNode *addr)
{
    return einv_x_child(addr, PN_CBC, "StreetName") && einv_x_child(addr, PN_CBC, "CityName") &&
           einv_x_child(addr, PN_CBC, "PostalZone");
}

/* (contains(concat(' ', @schemeID, ' '), ' 0106 ') or ... ' 0190 ') and normalize-space(.) != '' */
static int kvk_or_oin(const xmlNode *cid)
{
    const char *sid = einv_x_attr(cid, "schemeID");
    char probe[128];
    size_t n = sid ? strlen(sid) : 0;
    int ok = 0;
    if (n + 3 <= sizeof probe) {
        probe[0] = ' ';
        memcpy(probe + 1, sid ? sid : "", n);
        probe[n + 1] = ' ';
        probe[n + 2] = 0;
        ok = strstr(probe, " 0106 ") || strstr(probe, " 0190 ");
    } else {
        ok = strstr(sid, " 0106 ") || strstr(sid, " 0190 ") || pn_prefix(sid, "0106 ") || pn_prefix(sid, "0190 ");
    }
    return ok && einv_x_nonblank(cid);
}

/* For every cac:<party>/cac:Party/<child> reached through the party elements. */
static void party_children(const pn_doc_t *f, const char *party, const char *child,
                           void (*fn)(const pn_doc_t *, xmlNodePtr))
{
    const einv_nodelist_t *l = ALL(f, party);
    size_t i;
    for (i = 0; i < l->n; i++) {
        einv_nodes_t ns;
        size_t k;
        einv_nodes_init(&ns);
        einv_x_select(l->v[i], child, &ns);
        for (k = 0; k < ns.n; k++)
            fn(f, ns.v[k]);
        einv_nodes_free(&ns);
    }
}

static void nl_sup_address(const pn_doc_t *f, xmlNodePtr a)
{
    if (!has_street_city_zip(a))
        PN_REPORT(f, NL_R_002, a);
}
static void nl_cus_address(const pn_doc_t *f, xmlNodePtr a)
{
    if (!has_street_city_zip(a))
        PN_REPORT(f, NL_R_004, a);
}
static void nl_sup_legal(const pn_doc_t *f, xmlNodePtr c)
{
    if (!kvk_or_oin(c))
        PN_REPORT(f, NL_R_003, c);
}
static void nl_cus_legal(const pn_doc_t *f, xmlNodePtr c)
{
    if (!kvk_or_oin(c))
        PN_REPORT(f, NL_R_005, c);
}

static void check_nl(const pn_doc_t *f)
{
    static const char *const codes[6] = {"30", "48", "49", "57", "58", "59"};
    const einv_nodelist_t *l;
    size_t i, k;
    int both;
    if (!f->sup_nl)
        return;
    both = f->cus_nl;
    l = einv_xdoc_all(f->d, PN_CBC, "CreditNoteTypeCode");
    if (l->n && !einv_x_path(f->root, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID"))
        for (i = 0; i < l->n; i++)
            PN_REPORT(f, NL_R_001, l->v[i]);
    party_children(f, "AccountingSupplierParty", "cac:Party/cac:PostalAddress", nl_sup_address);
    party_children(f, "AccountingSupplierParty", "cac:Party/cac:PartyLegalEntity/cbc:CompanyID", nl_sup_legal);
    if (both) {
        party_children(f, "AccountingCustomerParty", "cac:Party/cac:PostalAddress", nl_cus_address);
        party_children(f, "AccountingCustomerParty", "cac:Party/cac:PartyLegalEntity/cbc:CompanyID", nl_cus_legal);
    }
    if (f->taxrep_nl) {
        l = ALL(f, "TaxRepresentativeParty");
        for (i = 0; i < l->n; i++) {
            xmlNodePtr a;
            for (a = einv_x_child(l->v[i], PN_CAC, "PostalAddress"); a; a = einv_x_next_same(a))
                if (!has_street_city_zip(a))
                    PN_REPORT(f, NL_R_006, a);
        }
    }
    l = ALL(f, "LegalMonetaryTotal");
    for (i = 0; i < l->n; i++) {
        einv_dec_t pay = einv_x_dec(einv_x_child(l->v[i], PN_CBC, "PayableAmount"));
        int ok = (f->inv && pay.ok && einv_dec_sign(pay) <= 0) || (f->cn && pay.ok && einv_dec_sign(pay) >= 0) ||
                 ALL(f, "PaymentMeans")->n > 0;
        if (!ok)
            PN_REPORT(f, NL_R_007, l->v[i]);
    }
    if (both) {
        l = ALL(f, "PaymentMeans");
        for (i = 0; i < l->n; i++) {
            const char *code = pn_text(l->v[i], "cbc:PaymentMeansCode");
            int ok = 0;
            for (k = 0; k < 6 && !ok; k++)
                ok = pn_norm_eq(code, codes[k]);
            if (!ok)
                PN_REPORT(f, NL_R_008, l->v[i]);
        }
    }
    l = einv_xdoc_all(f->d, PN_CBC, "LineID");
    if (l->n && !einv_x_path(f->root, "cac:OrderReference/cbc:ID"))   /* once, not per line */
        for (i = 0; i < l->n; i++)
            if (pn_parent_is(l->v[i], "OrderLineReference"))
                PN_REPORT(f, NL_R_009, l->v[i]);
}

/* ======================= Germany ======================= */

static int de_vat_code(const char *s)
{
    static const char *const codes[8] = {"S", "Z", "E", "AE", "K", "G", "L", "M"};
    size_t i;
    for (i = 0; i < 8; i++)
        if (!strcmp(s, codes[i]))
            return 1;
    return 0;
}

/* DE-R-016: a VAT category S, Z, E, AE, K, G, L or M used in a document level allowance or
 * charge (BT-95, BT-102) or on a line (BT-151). */
static int de_uses_vat_code(const pn_doc_t *f)
{
    xmlNodePtr ac, n;
    einv_nodes_t ns;
    size_t i;
    int hit = 0;
    for (ac = einv_x_child(f->root, PN_CAC, "AllowanceCharge"); ac && !hit; ac = einv_x_next_same(ac)) {
        if (!pn_any_eq(ac, "cbc:ChargeIndicator", "false") && !pn_any_eq(ac, "cbc:ChargeIndicator", "true"))
            continue;
        einv_nodes_init(&ns);
        einv_x_select(ac, "cac:TaxCategory/cbc:ID", &ns);
        for (i = 0; i < ns.n && !hit; i++)
            hit = de_vat_code(einv_x_text(ns.v[i]));
        einv_nodes_free(&ns);
    }
    for (n = einv_x_first_elem(f->root); n && !hit; n = einv_x_next_elem(n)) {
        if (!einv_x_is(n, PN_CAC, "InvoiceLine") && !einv_x_is(n, PN_CAC, "CreditNoteLine"))
            continue;
        einv_nodes_init(&ns);
        einv_x_select(n, "cac:Item/cac:ClassifiedTaxCategory/cbc:ID", &ns);
        for (i = 0; i < ns.n && !hit; i++)
            hit = de_vat_code(einv_x_text(ns.v[i]));
        einv_nodes_free(&ns);
    }
    return hit;
}

static int digits_run(const char **p, int min)
{
    int n = 0;
    while (**p >= '0' && **p <= '9') {
        (*p)++;
        n++;
    }
    return n >= min;
}

/* A normalized line against #SKONTO#TAGE=n#PROZENT=n.nn(#BASISBETRAG=-n.nn)?# (whole line). */
static int skonto_line(const char *s)
{
    const char *p = s;
    if (strncmp(p, "#SKONTO#TAGE=", 13))
        return 0;
    p += 13;
    if (!digits_run(&p, 1) || strncmp(p, "#PROZENT=", 9))
        return 0;
    p += 9;
    if (!digits_run(&p, 1) || *p != '.' || !(p[1] >= '0' && p[1] <= '9') || !(p[2] >= '0' && p[2] <= '9'))
        return 0;
    p += 3;
    if (!strncmp(p, "#BASISBETRAG=", 13)) {
        p += 13;
        if (*p == '-')
            p++;
        if (!digits_run(&p, 1) || *p != '.' || !(p[1] >= '0' && p[1] <= '9') || !(p[2] >= '0' && p[2] <= '9'))
            return 0;
        p += 3;
    }
    return p[0] == '#' && p[1] == 0;
}

/* tokenize(s, '#.+#')[last()]: the text after the last match ('.' excludes CR and LF). */
static const char *after_last_hash_pair(const char *s)
{
    const char *tail = s, *p = s;
    while (*p) {
        const char *q, *last = NULL;
        if (*p != '#') {
            p++;
            continue;
        }
        for (q = p + 1; *q && *q != '\n' && *q != '\r'; q++)
            if (*q == '#' && q > p + 1)
                last = q;
        if (!last) {
            p++;
            continue;
        }
        tail = p = last + 1;
    }
    return tail;
}

/* matches(s, '^\s*\n') */
static int starts_ws_newline(const char *s)
{
    for (; *s && pn_ws(*s); s++)
        if (*s == '\n')
            return 1;
    return 0;
}

/* DE-R-018 over the first note of every cac:PaymentTerms. */
static int de_skonto_ok(const pn_doc_t *f)
{
    xmlNodePtr pt;
    const char *tails[2] = {NULL, NULL};
    int ntails = 0, any_hash = 0, lines_ok = 1;
    for (pt = einv_x_child(f->root, PN_CAC, "PaymentTerms"); pt; pt = einv_x_next_same(pt)) {
        xmlNodePtr note = einv_x_child(pt, PN_CBC, "Note");
        const char *s, *b;
        if (!note)
            continue;
        s = einv_x_text(note);
        if (!*s)
            continue;   /* tokenize('') is empty */
        if (ntails < 2)
            tails[ntails] = after_last_hash_pair(s);
        ntails++;
        /* the lines: tokenize(., '(\r?\n)') */
        for (b = s;;) {
            const char *e = strchr(b, '\n'), *le = e ? e : b + strlen(b), *q;
            char buf[512];
            size_t k = 0;
            int space = 0;
            if (e && le > b && le[-1] == '\r')
                le--;
            /* normalize-space of the line */
            for (q = b; q < le && pn_ws(*q); q++)
                ;
            for (; q < le && k + 2 < sizeof buf; q++) {
                if (pn_ws(*q)) {
                    space = 1;
                    continue;
                }
                if (space)
                    buf[k++] = ' ';
                space = 0;
                buf[k++] = *q;
            }
            buf[k] = 0;
            if (buf[0] == '#') {
                any_hash = 1;
                if (q < le || !skonto_line(buf))
                    lines_ok = 0;
            }
            if (!e)
                break;
            b = e + 1;
        }
    }
    if (!any_hash)
        return 1;
    /* the trailing line break: one note's remainder after the last #...# must start with one */
    return lines_ok && ntails == 1 && starts_ws_newline(tails[0]);
}

/* DE-R-022: count(ADR) = count(ADR[not(filename = preceding-sibling ADR filename)]) */
static int de_unique_filenames(const pn_doc_t *f)
{
    xmlNodePtr a, b;
    einv_nodes_t na, nb;
    int dup = 0;
    for (a = einv_x_child(f->root, PN_CAC, "AdditionalDocumentReference"); a && !dup; a = einv_x_next_same(a)) {
        size_t i, j;
        einv_nodes_init(&na);
        einv_x_select(a, "cac:Attachment/cbc:EmbeddedDocumentBinaryObject", &na);
        for (b = einv_x_child(f->root, PN_CAC, "AdditionalDocumentReference"); b && b != a && !dup;
             b = einv_x_next_same(b)) {
            einv_nodes_init(&nb);
            einv_x_select(b, "cac:Attachment/cbc:EmbeddedDocumentBinaryObject", &nb);
            for (i = 0; i < na.n && !dup; i++)
                for (j = 0; j < nb.n && !dup; j++) {
                    const char *x = einv_x_attr(na.v[i], "filename"), *y = einv_x_attr(nb.v[j], "filename");
                    dup = x && y && !strcmp(x, y);
                }
            einv_nodes_free(&nb);
        }
        einv_nodes_free(&na);
    }
    return !dup;
}

/* matches(normalize-space(s), '.*([0-9].*){3,}.*'): three digits somewhere */
static int three_digits(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s >= '0' && *s <= '9';
    return n >= 3;
}

/* matches(normalize-space(s), '^[^@\s]+@([^@.\s]+\.)+[^@.\s]+$') */
static int email_ok(const char *s)
{
    char buf[512];
    const char *at, *p, *label;
    {
        size_t k = 0;
        int space = 0;
        while (*s && pn_ws(*s))
            s++;
        for (; *s; s++) {
            if (pn_ws(*s)) {
                space = 1;
                continue;
            }
            if (k + 2 >= sizeof buf)
                return 0;
            if (space)
                buf[k++] = ' ';
            space = 0;
            buf[k++] = *s;
        }
        buf[k] = 0;
    }
    at = strchr(buf, '@');
    if (!at || at == buf)
        return 0;
    for (p = buf; p < at; p++)
        if (*p == ' ')
            return 0;
    label = at + 1;
    {
        int labels = 0;
        for (p = label;; p++) {
            if (*p == '.' || *p == 0) {
                if (p == label)
                    return 0;
                labels++;
                if (!*p)
                    break;
                label = p + 1;
            } else if (*p == '@' || *p == ' ') {
                return 0;
            }
        }
        return labels >= 2;
    }
}

/* matches(s, '^([a-zA-Z])([a-zA-Z0-9+.-])+:.*') */
static int url_ok(const char *s)
{
    const char *p = s;
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
        return 0;
    for (p++; (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '+' || *p == '.' || *p == '-';
         p++)
        ;
    return *p == ':' && p - s >= 2;
}

static void de_document(const pn_doc_t *f)
{
    static const char *const types[8] = {"326", "380", "384", "389", "381", "875", "876", "877"};
    xmlNodePtr r = f->root, n;
    const char *itc = pn_text(r, "cbc:InvoiceTypeCode"), *cntc = pn_text(r, "cbc:CreditNoteTypeCode");
    int k, ok;
    if (!einv_x_child(r, PN_CAC, "PaymentMeans"))
        PN_REPORT(f, DE_R_001, r);
    ok = 0;
    for (n = einv_x_child(r, PN_CBC, "BuyerReference"); n && !ok; n = einv_x_next_same(n))
        ok = einv_x_nonblank(n);
    if (!ok)
        PN_REPORT(f, DE_R_015, r);
    if (de_uses_vat_code(f) && !einv_x_child(r, PN_CAC, "TaxRepresentativeParty")) {
        einv_nodes_t ns;
        size_t i;
        ok = 0;
        einv_nodes_init(&ns);
        einv_x_select(r, "cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID", &ns);
        for (i = 0; i < ns.n && !ok; i++)
            ok = einv_x_nonblank(ns.v[i]);
        einv_nodes_free(&ns);
        if (!ok)
            PN_REPORT(f, DE_R_016, r);
    }
    ok = 0;
    for (k = 0; k < 8 && !ok; k++)
        ok = pn_norm_eq(itc, types[k]) || pn_norm_eq(cntc, types[k]);
    if (!ok)
        PN_REPORT(f, DE_R_017, r);
    if (!de_skonto_ok(f))
        PN_REPORT(f, DE_R_018, r);
    if (!de_unique_filenames(f))
        PN_REPORT(f, DE_R_022, r);
    if ((pn_norm_eq(itc, "384") || pn_norm_eq(cntc, "384")) &&
        !einv_x_path(r, "cac:BillingReference/cac:InvoiceDocumentReference"))
        PN_REPORT(f, DE_R_026, r);
    if (einv_x_path(r, "cac:PaymentMeans/cac:PaymentMandate")) {
        if (!pn_any_attr_eq(r, "cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID", "schemeID", "SEPA") &&
            !pn_any_attr_eq(r, "cac:PayeeParty/cac:PartyIdentification/cbc:ID", "schemeID", "SEPA"))
            PN_REPORT(f, DE_R_030, r);
        if (!einv_x_path(r, "cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID"))
            PN_REPORT(f, DE_R_031, r);
    }
}

/* Some child cbc:<name> of el with a non-blank value. */
static int nonblank_child(const xmlNode *el, const char *name)
{
    xmlNodePtr n;
    for (n = einv_x_child(el, PN_CBC, name); n; n = einv_x_next_same(n))
        if (einv_x_nonblank(n))
            return 1;
    return 0;
}

static void de_payment_means(const pn_doc_t *f, xmlNodePtr pm)
{
    const char *code = pn_text(pm, "cbc:PaymentMeansCode");
    int pfa = einv_x_child(pm, PN_CAC, "PayeeFinancialAccount") != NULL;
    int card = einv_x_child(pm, PN_CAC, "CardAccount") != NULL;
    int mandate = einv_x_child(pm, PN_CAC, "PaymentMandate") != NULL;
    if (einv_x_path_count(pm, "cbc:PaymentMeansCode") > 1)
        return;   /* normalize-space() of two codes fails: none of the three contexts matches */
    if (pn_norm_eq(code, "30") || pn_norm_eq(code, "58")) {
        if (pn_norm_eq(code, "58") && !pn_iban_ok(pn_text(pm, "cac:PayeeFinancialAccount/cbc:ID")))
            PN_REPORT(f, DE_R_019, pm);
        if (!pfa)
            PN_REPORT(f, DE_R_023_1, pm);
        if (card || mandate)
            PN_REPORT(f, DE_R_023_2, pm);
    } else if (pn_norm_eq(code, "48") || pn_norm_eq(code, "54") || pn_norm_eq(code, "55")) {
        if (!card)
            PN_REPORT(f, DE_R_024_1, pm);
        if (pfa || mandate)
            PN_REPORT(f, DE_R_024_2, pm);
    } else if (pn_norm_eq(code, "59")) {
        if (!pn_iban_ok(pn_text(pm, "cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID")))
            PN_REPORT(f, DE_R_020, pm);
        if (!mandate)
            PN_REPORT(f, DE_R_025_1, pm);
        if (pfa || card)
            PN_REPORT(f, DE_R_025_2, pm);
    }
}

static void check_de(const pn_doc_t *f)
{
    xmlNodePtr r = f->root, a, b, c;
    einv_nodes_t ns;
    size_t i;
    if (!f->sup_de || !f->cus_de || !(f->inv || f->cn))
        return;
    de_document(f);
    einv_nodes_init(&ns);
    einv_x_select(r, "cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference", &ns);
    for (i = 0; i < ns.n; i++)
        if (!url_ok(pn_text(ns.v[i], "cbc:URI")))
            PN_REPORT(f, DE_R_T02, ns.v[i]);
    einv_nodes_free(&ns);
    for (a = einv_x_child(r, PN_CAC, "AccountingSupplierParty"); a; a = einv_x_next_same(a)) {
        if (!einv_x_path(a, "cac:Party/cac:Contact"))
            PN_REPORT(f, DE_R_002, a);
        for (b = einv_x_child(a, PN_CAC, "Party"); b; b = einv_x_next_same(b)) {
            for (c = einv_x_child(b, PN_CAC, "PostalAddress"); c; c = einv_x_next_same(c)) {
                if (!nonblank_child(c, "CityName"))
                    PN_REPORT(f, DE_R_003, c);
                if (!nonblank_child(c, "PostalZone"))
                    PN_REPORT(f, DE_R_004, c);
            }
            for (c = einv_x_child(b, PN_CAC, "Contact"); c; c = einv_x_next_same(c)) {
                char buf[256];
                if (!nonblank_child(c, "Name"))
                    PN_REPORT(f, DE_R_005, c);
                if (!nonblank_child(c, "Telephone"))
                    PN_REPORT(f, DE_R_006, c);
                if (!nonblank_child(c, "ElectronicMail"))
                    PN_REPORT(f, DE_R_007, c);
                if (!three_digits(einv_x_norm(einv_x_child(c, PN_CBC, "Telephone"), buf, sizeof buf)))
                    PN_REPORT(f, DE_R_027, c);
                if (!email_ok(pn_text(c, "cbc:ElectronicMail")))
                    PN_REPORT(f, DE_R_028, c);
            }
        }
    }
    einv_nodes_init(&ns);
    einv_x_select(r, "cac:AccountingCustomerParty/cac:Party/cac:PostalAddress", &ns);
    for (i = 0; i < ns.n; i++) {
        if (!nonblank_child(ns.v[i], "CityName"))
            PN_REPORT(f, DE_R_008, ns.v[i]);
        if (!nonblank_child(ns.v[i], "PostalZone"))
            PN_REPORT(f, DE_R_009, ns.v[i]);
    }
    einv_nodes_free(&ns);
    einv_nodes_init(&ns);
    einv_x_select(r, "cac:Delivery/cac:DeliveryLocation/cac:Address", &ns);
    for (i = 0; i < ns.n; i++) {
        if (!nonblank_child(ns.v[i], "CityName"))
            PN_REPORT(f, DE_R_010, ns.v[i]);
        if (!nonblank_child(ns.v[i], "PostalZone"))
            PN_REPORT(f, DE_R_011, ns.v[i]);
    }
    einv_nodes_free(&ns);
    for (a = einv_x_child(r, PN_CAC, "PaymentMeans"); a; a = einv_x_next_same(a))
        de_payment_means(f, a);
    einv_nodes_init(&ns);
    einv_x_select(r, "cac:TaxTotal/cac:TaxSubtotal", &ns);
    for (i = 0; i < ns.n; i++) {
        int ok = 0;
        einv_nodes_t pc;
        size_t k;
        einv_nodes_init(&pc);
        einv_x_select(ns.v[i], "cac:TaxCategory/cbc:Percent", &pc);
        for (k = 0; k < pc.n && !ok; k++)
            ok = einv_x_nonblank(pc.v[k]);
        einv_nodes_free(&pc);
        if (!ok)
            PN_REPORT(f, DE_R_014, ns.v[i]);
    }
    einv_nodes_free(&ns);
}

void pn_check_nl_de(const pn_doc_t *f)
{
    check_nl(f);
    check_de(f);
}
