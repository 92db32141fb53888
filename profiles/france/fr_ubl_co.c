/* FRANCE profile, UBL: the coherence asserts BR-FR-CO-* (type code vs. references,
 * framework vs. type, paid invoices, identifier schemes, currencies, single VAT group) and
 * the number formats BR-FR-DEC-01 .. 04 of the FNFE-MPE CTC Flux 2 UBL schematron 1.4.0.
 *
 * Within the DEC-01 pattern the first matching rule wins, so a cac:TaxTotal/cbc:TaxAmount
 * is always reported as BT-110 (the BT-111 rule has the same context and never fires). */
#include <stdlib.h>
#include <string.h>
#include "fr_int.h"

#define C EINV_NS_CAC
#define B EINV_NS_CBC
/* a path below the document's own lines; needs `inv` in scope */
#define LP(rest) (inv ? "cac:InvoiceLine/" rest : "cac:CreditNoteLine/" rest)

FR_RULE(R_CO_03, "BR-FR-CO-03_BT-3", "BT-3, BT-12, BG-14",
        "A global-discount credit note (type 262) lacks the contract reference or the invoicing period.",
        "Add cac:ContractDocumentReference/cbc:ID and cac:InvoicePeriod with both start and end dates.")
FR_RULE(R_CO_04, "BR-FR-CO-04_BT-3", "BT-3, BT-25",
        "A corrective invoice (type 384, 471, 472 or 473) does not reference exactly one preceding invoice.",
        "Give exactly one cac:BillingReference to the corrected invoice.")
FR_RULE(R_CO_05, "BR-FR-CO-05_BT-3", "BT-3, BT-25, BT-26",
        "A credit note (type 261, 381, 396, 502 or 503) references no preceding invoice with its date.",
        "Add cac:BillingReference/cac:InvoiceDocumentReference with cbc:ID and cbc:IssueDate, "
        "at header level or on every line.")
FR_RULE(R_CO_07, "BR-FR-CO-07_BT-9", "BT-9, BT-2",
        "The payment due date (BT-9) is before the invoice issue date (BT-2).",
        "Use a due date on or after the issue date (only deposits and paid frameworks B2/S2/M2 may differ).")
FR_RULE(R_CO_08, "BR-FR-CO-08_BT-23", "BT-23, BT-3",
        "A final invoice after deposit (framework B4, S4 or M4) has a deposit type code (386, 500, 503).",
        "Use a final invoice type code, or another billing framework.")
FR_RULE(R_CO_09_1, "BR-FR-CO-09_BT-23-1", "BT-23, BT-113, BT-112",
        "An already paid invoice (framework B2, S2 or M2) has a paid amount (BT-113) different from the total (BT-112).",
        "Set cbc:PrepaidAmount equal to cbc:TaxInclusiveAmount.")
FR_RULE(R_CO_09_2, "BR-FR-CO-09_BT-23-2", "BT-23, BT-115",
        "An already paid invoice (framework B2, S2 or M2) has an amount due (BT-115) other than 0.",
        "Set cbc:PayableAmount to 0.")
FR_RULE(R_CO_09_3, "BR-FR-CO-09_BT-23-3", "BT-23, BT-9",
        "An already paid invoice (framework B2, S2 or M2) has no due date (BT-9) giving the payment date.",
        "Add cbc:DueDate with the date of payment.")

#define SCHEME_SUG "Give every identifier a schemeID attribute."
#define UNIQUE_SUG "Use each identification scheme (schemeID) only once for the party."
FR_RULE(R_CO_10_29_1, "BR-FR-CO-10_BT-29-1", "BT-29-1", "A seller identifier (BT-29) has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_29_2, "BR-FR-CO-10_BT-29-2", "BT-29-1", "The seller identifiers (BT-29) repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_46_1, "BR-FR-CO-10_BT-46-1", "BT-46-1", "A buyer identifier (BT-46) has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_46_2, "BR-FR-CO-10_BT-46-2", "BT-46-1", "The buyer identifiers (BT-46) repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_60_1, "BR-FR-CO-10_BT-60-1", "BT-60-1", "A payee identifier (BT-60) has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_60_2, "BR-FR-CO-10_BT-60-2", "BT-60-1", "The payee identifiers (BT-60) repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_06_1, "BR-FR-CO-10_EXT-FR-FE-06-1", "EXT-FR-FE-07", "A buyer agent identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_06_2, "BR-FR-CO-10_EXT-FR-FE-06-2", "EXT-FR-FE-07", "The buyer agent identifiers repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_46X_1, "BR-FR-CO-10_EXT-FR-FE-46-1", "EXT-FR-FE-47", "A payer identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_46X_2, "BR-FR-CO-10_EXT-FR-FE-46-2", "EXT-FR-FE-47", "The payer identifiers repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_69_1, "BR-FR-CO-10_EXT-FR-FE-69-1", "EXT-FR-FE-70", "A seller agent identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_69_2, "BR-FR-CO-10_EXT-FR-FE-69-2", "EXT-FR-FE-70", "The seller agent identifiers repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_92_1, "BR-FR-CO-10_EXT-FR-FE-92-1", "EXT-FR-FE-92-1", "An invoicee identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_92_2, "BR-FR-CO-10_EXT-FR-FE-92-2", "EXT-FR-FE-92-1", "The invoicee identifiers repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_115_1, "BR-FR-CO-10_EXT-FR-FE-115-1", "EXT-FR-FE-116", "An invoicer identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_115_2, "BR-FR-CO-10_EXT-FR-FE-115-2", "EXT-FR-FE-116", "The invoicer identifiers repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_71_1, "BR-FR-CO-10_BT-71-1", "BT-71-1", "A deliver-to location identifier (BT-71) has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_71_2, "BR-FR-CO-10_BT-71-2", "BT-71-1", "The deliver-to location identifiers (BT-71) repeat a scheme.", UNIQUE_SUG)
FR_RULE(R_CO_10_146_1, "BR-FR-CO-10_EXT-FR-FE-146-1", "EXT-FR-FE-148", "A line deliver-to identifier has no scheme identifier.", SCHEME_SUG)
FR_RULE(R_CO_10_146_2, "BR-FR-CO-10_EXT-FR-FE-146-2", "EXT-FR-FE-148", "The line deliver-to identifiers repeat a scheme.", UNIQUE_SUG)

FR_RULE(R_CO_12, "BR-FR-CO-12_BT-5", "BT-5, BT-6, BT-111",
        "An invoice not in EUR lacks the EUR VAT accounting currency (BT-6) or the VAT total in EUR (BT-111).",
        "Set cbc:TaxCurrencyCode to EUR and add a cac:TaxTotal/cbc:TaxAmount with currencyID EUR.")
FR_RULE(R_CO_14, "BR-FR-CO-14_BT-29-1", "BT-29-1, BT-22",
        "A seller member of a single VAT group (scheme 0231) has no #TXD#MEMBRE_ASSUJETTI_UNIQUE note.",
        "Add a cbc:Note #TXD#MEMBRE_ASSUJETTI_UNIQUE.")
FR_RULE(R_CO_15, "BR-FR-CO-15_BT-29-1", "BT-29-1, BG-11, BT-63",
        "A seller member of a single VAT group (scheme 0231) has no tax representative with the group VAT number.",
        "Add cac:TaxRepresentativeParty with cac:PartyTaxScheme/cbc:CompanyID holding the group's VAT number.")

#include "fr_rules_decimal.h"

static void must(einv_ctx_t *ctx, int ok, const einv_rule_t *r, const xmlNode *n)
{
    if (!ok)
        einv_report(ctx, r, n);
}

/* string(X) != '' for the first node of X (raw: white space counts). */
static int has_text(const xmlNode *n) { return n && *einv_x_text(n); }

static int type_is(const xmlNode *root, const char *const *list)
{
    xmlNodePtr t;
    for (t = einv_x_first_elem(root); t; t = einv_x_next_elem(t))
        if ((einv_x_is(t, B, "InvoiceTypeCode") || einv_x_is(t, B, "CreditNoteTypeCode")) &&
            fr_in(einv_x_text(t), list))
            return 1;
    return 0;
}

static const char *const DEPOSIT[] = {"386", "500", "503", NULL};
static const char *const PAID_FW[] = {"B2", "S2", "M2", NULL};
static const char *const FINAL_FW[] = {"B4", "S4", "M4", NULL};

static int profile_in(const xmlNode *root, const char *const *list)
{
    xmlNodePtr p;
    for (p = einv_x_child(root, B, "ProfileID"); p; p = einv_x_next_same(p))
        if (fr_in(einv_x_text(p), list))
            return 1;
    return 0;
}

/* BR-FR-CO-05 (credit notes): a line counts unless it is a GROUP/other line of this invoice's
 * own sub-invoice structure, i.e. a BillingReference to the invoice itself that is not DETAIL. */
static void check_co05(einv_ctx_t *ctx, const xmlNode *root)
{
    static const char *const CN_TYPES[] = {"261", "381", "396", "502", "503", NULL};
    xmlNodePtr ln, br, idr, id;
    size_t header = 0, lines = 0, with_ref = 0;
    int typed = 0;
    for (id = einv_x_child(root, B, "CreditNoteTypeCode"); id; id = einv_x_next_same(id))
        if (fr_in(einv_x_text(id), CN_TYPES))
            typed = 1;
    if (!typed)
        return;
    FR_EACH(root, "cac:BillingReference/cac:InvoiceDocumentReference", r)
        if (einv_x_child(r, B, "ID") && einv_x_child(r, B, "IssueDate"))
            header++;
    if (header)
        return;
    for (ln = einv_x_child(root, C, "CreditNoteLine"); ln; ln = einv_x_next_same(ln)) {
        int self_ref = 0, detail = 0, other_ref = 0;
        for (br = einv_x_child(ln, C, "BillingReference"); br; br = einv_x_next_same(br)) {
            int br_self = 0, br_other = 0;
            for (idr = einv_x_child(br, C, "InvoiceDocumentReference"); idr; idr = einv_x_next_same(idr))
                for (id = einv_x_child(idr, B, "ID"); id; id = einv_x_next_same(id)) {
                    xmlNodePtr inv_id;
                    for (inv_id = einv_x_child(root, B, "ID"); inv_id; inv_id = einv_x_next_same(inv_id)) {
                        if (!strcmp(einv_x_text(id), einv_x_text(inv_id)))
                            br_self = 1;
                        else
                            br_other = 1;
                    }
                }
            if (br_self) {
                self_ref = 1;
                FR_EACH(br, "cac:InvoiceDocumentReference/cbc:DocumentStatusCode", sc)
                    if (!strcmp(einv_x_text(sc), "DETAIL"))
                        detail = 1;
            }
            if (br_other) {
                for (idr = einv_x_child(br, C, "InvoiceDocumentReference"); idr; idr = einv_x_next_same(idr))
                    if (einv_x_child(idr, B, "ID") && einv_x_child(idr, B, "IssueDate"))
                        other_ref = 1;
            }
        }
        if (self_ref && !detail)
            continue;
        lines++;
        if (other_ref)
            with_ref++;
    }
    must(ctx, with_ref == lines, &R_CO_05, root);
}

/* BR-FR-CO-10 on one party: ids = the identifier elements. */
static void scheme_rules(einv_ctx_t *ctx, const xmlNode *ctxn, const char *path, const einv_rule_t *r1,
                         const einv_rule_t *r2)
{
    einv_nodes_t ids;
    size_t i, j, with = 0, distinct = 0;
    int missing = 0;
    einv_nodes_init(&ids);
    fr_select(ctxn, path, &ids);
    for (i = 0; i < ids.n; i++) {
        const char *v = einv_x_attr(ids.v[i], "schemeID");
        if (!v) {
            missing = 1;
            continue;
        }
        with++;
        for (j = 0; j < i; j++) {
            const char *w = einv_x_attr(ids.v[j], "schemeID");
            if (w && !strcmp(v, w))
                break;
        }
        if (j == i)
            distinct++;
    }
    einv_nodes_free(&ids);
    must(ctx, !missing, r1, ctxn);
    must(ctx, with == distinct, r2, ctxn);
}

static void check_co10(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root, int inv)
{
    const char *const PI = "cac:PartyIdentification/cbc:ID";
    const einv_nodelist_t *l;
    size_t i;
    l = einv_xdoc_all(d, C, "Party");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr p = l->v[i], up = p->parent;
        if (einv_x_is(up, C, "AccountingSupplierParty"))
            scheme_rules(ctx, p, PI, &R_CO_10_29_1, &R_CO_10_29_2);
        else if (einv_x_is(up, C, "AccountingCustomerParty"))
            scheme_rules(ctx, p, PI, &R_CO_10_46_1, &R_CO_10_46_2);
        else if (einv_x_is(up, C, "ServiceProviderParty") && fr_parent_is(up, C, "Party") &&
                 fr_parent_is(up->parent, C, "AccountingCustomerParty"))
            scheme_rules(ctx, p, PI, &R_CO_10_92_1, &R_CO_10_92_2);
        else if (einv_x_is(up, C, "ServiceProviderParty") && fr_parent_is(up, C, "Party") &&
                 fr_parent_is(up->parent, C, "AccountingSupplierParty"))
            scheme_rules(ctx, p, PI, &R_CO_10_115_1, &R_CO_10_115_2);
    }
    l = einv_xdoc_all(d, C, "PayeeParty");
    for (i = 0; i < l->n; i++)
        scheme_rules(ctx, l->v[i], PI, &R_CO_10_60_1, &R_CO_10_60_2);
    l = einv_xdoc_all(d, C, "AgentParty");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr p = l->v[i];
        if (!fr_parent_is(p, C, "Party"))
            continue;
        if (fr_parent_is(p->parent, C, "AccountingCustomerParty"))
            scheme_rules(ctx, p, PI, &R_CO_10_06_1, &R_CO_10_06_2);
        else if (fr_parent_is(p->parent, C, "AccountingSupplierParty"))
            scheme_rules(ctx, p, PI, &R_CO_10_69_1, &R_CO_10_69_2);
    }
    l = einv_xdoc_all(d, C, "PayerParty");
    for (i = 0; i < l->n; i++)
        if (fr_parent_is(l->v[i], C, "PaymentMandate") && fr_parent_is(l->v[i]->parent, C, "PaymentMeans"))
            scheme_rules(ctx, l->v[i], PI, &R_CO_10_46X_1, &R_CO_10_46X_2);
    FR_EACH(root, "cac:Delivery/cac:DeliveryLocation", dl)
        scheme_rules(ctx, dl, "cbc:ID", &R_CO_10_71_1, &R_CO_10_71_2);
    FR_EACH(root, LP("cac:Delivery/cac:DeliveryLocation"), dl)
        scheme_rules(ctx, dl, "cbc:ID", &R_CO_10_146_1, &R_CO_10_146_2);
}

static void check_co(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root, int inv)
{
    xmlNodePtr n;
    if (!inv) {
        /* BR-FR-CO-03 and CO-05 have the context cn:CreditNote */
        if (fr_child_is(root, B, "CreditNoteTypeCode", "262"))
            must(ctx, has_text(fr_path(root, "cac:ContractDocumentReference/cbc:ID")) &&
                          has_text(fr_path(root, "cac:InvoicePeriod/cbc:StartDate")) &&
                          has_text(fr_path(root, "cac:InvoicePeriod/cbc:EndDate")),
                 &R_CO_03, root);
        check_co05(ctx, root);
    }
    {
        static const char *const CORRECTIVE[] = {"384", "471", "472", "473", NULL};
        int corr = 0;
        for (n = einv_x_child(root, B, "InvoiceTypeCode"); n; n = einv_x_next_same(n))
            if (fr_in(einv_x_text(n), CORRECTIVE))
                corr = 1;
        if (corr)
            must(ctx, einv_x_count(root, C, "BillingReference") == 1, &R_CO_04, root);
    }
    /* CO-07: general comparison of the two dates as strings */
    if (einv_x_child(root, B, "DueDate") && !type_is(root, DEPOSIT) && !profile_in(root, PAID_FW)) {
        int before = 0;
        xmlNodePtr dd, id;
        for (dd = einv_x_child(root, B, "DueDate"); dd; dd = einv_x_next_same(dd))
            for (id = einv_x_child(root, B, "IssueDate"); id; id = einv_x_next_same(id))
                if (strcmp(einv_x_text(dd), einv_x_text(id)) < 0)
                    before = 1;
        must(ctx, !before, &R_CO_07, root);
    }
    if (profile_in(root, FINAL_FW))
        must(ctx, !type_is(root, DEPOSIT), &R_CO_08, root);
    if (profile_in(root, PAID_FW)) {
        double paid, total, due;
        int ok1 = fr_number(fr_path(root, "cac:LegalMonetaryTotal/cbc:PrepaidAmount") ?
                                einv_x_text(fr_path(root, "cac:LegalMonetaryTotal/cbc:PrepaidAmount")) : NULL,
                            &paid),
            ok2 = fr_number(fr_path(root, "cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount") ?
                                einv_x_text(fr_path(root, "cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount")) : NULL,
                            &total);
        xmlNodePtr pa = fr_path(root, "cac:LegalMonetaryTotal/cbc:PayableAmount");
        xmlNodePtr due_date = einv_x_child(root, B, "DueDate");
        must(ctx, ok1 && ok2 && paid == total, &R_CO_09_1, root);
        must(ctx, pa && fr_number(einv_x_text(pa), &due) && due == 0, &R_CO_09_2, root);
        if (!due_date)
            due_date = fr_path(root, "cac:PaymentMeans/cbc:PaymentDueDate");
        must(ctx, has_text(due_date), &R_CO_09_3, root);
    }
    check_co10(ctx, d, root, inv);
    /* CO-12 */
    {
        int not_eur = 0;
        for (n = einv_x_child(root, B, "DocumentCurrencyCode"); n; n = einv_x_next_same(n))
            if (strcmp(einv_x_text(n), "EUR") != 0)
                not_eur = 1;
        if (not_eur)
            must(ctx, fr_child_is(root, B, "TaxCurrencyCode", "EUR") &&
                          has_text(fr_path_attr(root, "cac:TaxTotal/cbc:TaxAmount", "currencyID", "EUR")),
                 &R_CO_12, root);
    }
    /* CO-14, CO-15: single VAT group member (seller identifier scheme 0231) */
    if (fr_path_attr(root, "cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID", "schemeID", "0231")) {
        char *all = fr_ubl_join_notes(root), txd[64];
        if (all) {
            must(ctx, !strcmp(fr_note_value(all, "TXD", txd, sizeof txd), "MEMBRE_ASSUJETTI_UNIQUE"), &R_CO_14, root);
            free(all);
        }
        must(ctx, fr_path(root, "cac:TaxRepresentativeParty/cac:PartyTaxScheme") &&
                      has_text(fr_path(root, "cac:TaxRepresentativeParty/cac:PartyTaxScheme/cbc:CompanyID")),
             &R_CO_15, root);
    }
}

/* ---- BR-FR-DEC-* ---- */

static void dec_rule(einv_ctx_t *ctx, const xmlNode *n, const einv_rule_t *r, int width, int frac, int neg)
{
    must(ctx, fr_decfmt_ok(einv_x_text(n), width, frac, neg), r, n);
}

static void check_dec(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root, int inv)
{
    static const struct { const char *name; const einv_rule_t *r; } LMT[] = {
        {"LineExtensionAmount", &R_DEC1_106}, {"AllowanceTotalAmount", &R_DEC1_107},
        {"ChargeTotalAmount", &R_DEC1_108},   {"TaxExclusiveAmount", &R_DEC1_109},
        {"TaxInclusiveAmount", &R_DEC1_112},  {"PrepaidAmount", &R_DEC1_113},
        {"PayableRoundingAmount", &R_DEC1_114}, {"PayableAmount", &R_DEC1_115}};
    const einv_nodelist_t *l;
    xmlNodePtr ln, pid;
    size_t i, j;
    int bd;

    FR_EACH(root, "cac:AllowanceCharge/cbc:BaseAmount", n)
        dec_rule(ctx, n, &R_DEC1_93, 19, 2, 1);
    FR_EACH(root, "cac:AllowanceCharge/cbc:Amount", n)
        dec_rule(ctx, n, &R_DEC1_92, 19, 2, 1);
    /* cac:LegalMonetaryTotal/cbc:X anywhere */
    l = einv_xdoc_all(d, C, "LegalMonetaryTotal");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr c;
        for (c = einv_x_first_elem(l->v[i]); c; c = einv_x_next_elem(c))
            for (j = 0; j < sizeof LMT / sizeof LMT[0]; j++)
                if (einv_x_is(c, B, LMT[j].name))
                    dec_rule(ctx, c, LMT[j].r, 19, 2, 1);
    }
    /* cac:TaxTotal/cbc:TaxAmount (BT-110 wins over BT-111), cac:TaxTotal/cac:TaxSubtotal/... */
    l = einv_xdoc_all(d, B, "TaxAmount");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr ta = l->v[i];
        if (fr_parent_is(ta, C, "TaxTotal"))
            dec_rule(ctx, ta, &R_DEC1_110, 19, 2, 1);
        else if (fr_parent_is(ta, C, "TaxSubtotal") && fr_parent_is(ta->parent, C, "TaxTotal"))
            dec_rule(ctx, ta, &R_DEC1_117, 19, 2, 1);
    }
    l = einv_xdoc_all(d, B, "TaxableAmount");
    for (i = 0; i < l->n; i++)
        if (fr_parent_is(l->v[i], C, "TaxSubtotal") && fr_parent_is(l->v[i]->parent, C, "TaxTotal"))
            dec_rule(ctx, l->v[i], &R_DEC1_116, 19, 2, 1);

    pid = einv_x_child(root, B, "ProfileID");
    bd = pid && fr_special_contract(einv_x_text(pid)) == 2;
    FR_EACH(root, LP("cbc:LineExtensionAmount"), a)
        dec_rule(ctx, a, &R_DEC1_131, 19, 2, 1);
    FR_EACH(root, LP("cac:AllowanceCharge/cbc:Amount"), a)
        dec_rule(ctx, a, &R_DEC1_136, 19, 2, 1);
    FR_EACH(root, LP("cac:AllowanceCharge/cbc:BaseAmount"), a)
        dec_rule(ctx, a, &R_DEC1_137, 19, 2, 1);
    FR_EACH(root, inv ? "cac:InvoiceLine/cbc:InvoicedQuantity" : "cac:CreditNoteLine/cbc:CreditedQuantity", q)
        dec_rule(ctx, q, &R_DEC2_129, 19, 4, 1);
    /* BT-149 / BT-146 take normalize-space() of the line's first value (document order) */
    ln = NULL;
    FR_EACH(root, LP("cac:Price/cbc:BaseQuantity"), q)
        if (q->parent->parent != ln) {
            ln = q->parent->parent;
            if (fr_nonblank(einv_x_text(q)))
                must(ctx, fr_decfmt_ok(einv_x_text(q), 19, 4, 1), &R_DEC2_149, ln);
        }
    ln = NULL;
    FR_EACH(root, LP("cac:Price/cbc:PriceAmount"), pa)
        if (pa->parent->parent != ln) {
            ln = pa->parent->parent;
            if (fr_nonblank(einv_x_text(pa)))
                must(ctx, fr_decfmt_ok(einv_x_text(pa), 19, 6, bd), &R_DEC3_146, ln);
        }
    FR_EACH(root, LP("cac:Price/cac:AllowanceCharge"), ac) {
        xmlNodePtr amt = einv_x_child(ac, B, "Amount");
        if (amt && fr_nonblank(einv_x_text(amt)))
            must(ctx, fr_decfmt_ok(einv_x_text(amt), 19, 6, bd), &R_DEC3_147, ac);
        for (amt = einv_x_child(ac, B, "BaseAmount"); amt; amt = einv_x_next_same(amt))
            if (fr_nonblank(einv_x_text(amt)))
                must(ctx, fr_decfmt_ok(einv_x_text(amt), 19, 6, bd), &R_DEC3_148, amt);
    }

    /* BR-FR-DEC-04 */
    l = einv_xdoc_all(d, B, "Percent");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr pc = l->v[i], cat = pc->parent;
        if (einv_x_is(cat, C, "TaxCategory") && fr_parent_is(cat, C, "AllowanceCharge"))
            dec_rule(ctx, pc, &R_DEC4_96, 4, 2, 0);
        else if (einv_x_is(cat, C, "TaxCategory") && fr_parent_is(cat, C, "TaxSubtotal") &&
                 fr_parent_is(cat->parent, C, "TaxTotal"))
            dec_rule(ctx, pc, &R_DEC4_119, 4, 2, 0);
        else if (einv_x_is(cat, C, "ClassifiedTaxCategory") && fr_parent_is(cat, C, "Item"))
            dec_rule(ctx, pc, &R_DEC4_152, 4, 2, 0);
    }
}

static void check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    xmlNodePtr root = einv_xdoc_root(d);
    int inv = einv_x_is(root, EINV_NS_UBL_INV, "Invoice");
    if (!inv && !einv_x_is(root, EINV_NS_UBL_CN, "CreditNote"))
        return;
    check_co(ctx, d, root, inv);
    check_dec(ctx, d, root, inv);
}

static const einv_rule_t *const RULES[] = {
    &R_CO_03, &R_CO_04, &R_CO_05, &R_CO_07, &R_CO_08, &R_CO_09_1, &R_CO_09_2, &R_CO_09_3,
    &R_CO_10_29_1, &R_CO_10_29_2, &R_CO_10_46_1, &R_CO_10_46_2, &R_CO_10_60_1, &R_CO_10_60_2,
    &R_CO_10_06_1, &R_CO_10_06_2, &R_CO_10_46X_1, &R_CO_10_46X_2, &R_CO_10_69_1, &R_CO_10_69_2,
    &R_CO_10_92_1, &R_CO_10_92_2, &R_CO_10_115_1, &R_CO_10_115_2, &R_CO_10_71_1, &R_CO_10_71_2,
    &R_CO_10_146_1, &R_CO_10_146_2, &R_CO_12, &R_CO_14, &R_CO_15,
    &R_DEC1_93, &R_DEC1_92, &R_DEC1_106, &R_DEC1_107, &R_DEC1_108, &R_DEC1_109, &R_DEC1_110,
    &R_DEC1_111, &R_DEC1_112, &R_DEC1_113, &R_DEC1_114, &R_DEC1_115, &R_DEC1_116, &R_DEC1_117,
    &R_DEC1_131, &R_DEC1_136, &R_DEC1_137, &R_DEC2_129, &R_DEC2_149, &R_DEC3_146, &R_DEC3_147,
    &R_DEC3_148, &R_DEC4_96, &R_DEC4_119, &R_DEC4_152,
};

const fr_family_t fr_ubl_co = {"ubl-co", EINV_SYNTAX_UBL, check, RULES, sizeof RULES / sizeof RULES[0]};
