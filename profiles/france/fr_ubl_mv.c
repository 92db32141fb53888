/* FRANCE profile, UBL: the multi-vendor (S8/B8/M8) and bidirectional (S9/B9/M9) invoice
 * rules BR-FR-MV-* and BR-FR-BD-* of the FNFE-MPE CTC Flux 2 UBL schematron 1.4.0.
 *
 * In UBL a line's sub-invoice structure is carried by a cac:BillingReference whose
 * cac:InvoiceDocumentReference/cbc:ID is the invoice's own number ($invoiceID): its
 * cbc:DocumentStatusCode is the line subtype (GROUP, DETAIL, INFORMATION) and its
 * cac:BillingReferenceLine/cbc:ID the parent line. A "group reference" below is such a
 * reference with status GROUP and no parent line. Every assert is void unless the billing
 * framework (cbc:ProfileID) is one of the special contracts, so the family stops early on
 * ordinary invoices. Amount tolerances are computed in xs:double, as the artefact does. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "fr_int.h"

#define C EINV_NS_CAC
#define B EINV_NS_CBC

FR_RULE(R_MV01, "BR-FR-MV-01_EXT-FR-FE-163", "EXT-FR-FE-163",
        "In a multi-vendor or bidirectional invoice a line has no line subtype (reference to the invoice with a status code).",
        "Give every line a cac:BillingReference to this invoice with cbc:DocumentStatusCode GROUP, DETAIL or INFORMATION.")
FR_RULE(R_MV02, "BR-FR-MV-02_EXT-FR-FE-163", "EXT-FR-FE-163",
        "A multi-vendor invoice (S8/B8/M8) has no GROUP line without a parent line.",
        "Add at least one GROUP line (status GROUP, no cac:BillingReferenceLine) per vendor.")
FR_RULE(R_BD02, "BR-FR-BD-02_EXT-FR-FE-163", "EXT-FR-FE-163",
        "A bidirectional invoice (S9/B9/M9) does not have exactly two GROUP lines without a parent line.",
        "Use exactly two top-level GROUP lines, one per party.")
FR_RULE(R_BD02_30, "BR-FR-BD-02_BT-30", "BT-30, EXT-FR-FE-167",
        "A bidirectional invoice does not have exactly one top-level GROUP line whose vendor is the seller (BT-30).",
        "Give one GROUP line the seller's legal identifier as line vendor.")
FR_RULE(R_BD02_47, "BR-FR-BD-02_BT-47", "BT-47, EXT-FR-FE-167",
        "A bidirectional invoice does not have exactly one top-level GROUP line whose vendor is the buyer (BT-47).",
        "Give one GROUP line the buyer's legal identifier as line vendor.")
FR_RULE(R_MV03_164, "BR-FR-MV-03_EXT-FR-FE-164", "EXT-FR-FE-164",
        "A top-level GROUP line has no vendor name.",
        "Fill cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:RegistrationName.")
FR_RULE(R_MV03_167, "BR-FR-MV-03_EXT-FR-FE-167", "EXT-FR-FE-167",
        "A top-level GROUP line has no vendor legal identifier.",
        "Fill cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:CompanyID.")
FR_RULE(R_MV03_177, "BR-FR-MV-03_EXT-FR-FE-177", "EXT-FR-FE-177",
        "A top-level GROUP line has no vendor country code.",
        "Fill cac:Item/cac:ManufacturerParty/cac:PostalAddress/cac:Country/cbc:IdentificationCode.")
FR_RULE(R_MV03_181, "BR-FR-MV-03_EXT-FR-FE-181", "EXT-FR-FE-181",
        "A top-level GROUP line has no VAT total in the invoice currency.",
        "Add the line cac:TaxTotal/cbc:TaxAmount with currencyID equal to the invoice currency.")
FR_RULE(R_MV03_182, "BR-FR-MV-03_EXT-FR-FE-182", "EXT-FR-FE-182",
        "A top-level GROUP line has no VAT total in the VAT accounting currency.",
        "Add a line cac:TaxTotal/cbc:TaxAmount with currencyID equal to cbc:TaxCurrencyCode.")
FR_RULE(R_MV03_AFL, "BR-FR-MV-03_BT-128_AFL", "BT-128",
        "A top-level GROUP line has no sub-invoice number (object identifier with scheme AFL, type 130).",
        "Add cac:DocumentReference with cbc:DocumentTypeCode 130 and cbc:ID schemeID=\"AFL\".")
FR_RULE(R_MV03_AVV, "BR-FR-MV-03_BT-128_AVV", "BT-128",
        "A top-level GROUP line has no vendor framework (scheme AVV, type 130) or it is S8, B8 or M8.",
        "Add cac:DocumentReference type 130 with cbc:ID schemeID=\"AVV\" giving the vendor's own framework.")
FR_RULE(R_MV05, "BR-FR-MV-05_EXT-FR-FE-BG-12", "BT-131",
        "A GROUP line net amount differs from the sum of its child lines beyond the rounding tolerance.",
        "Make the GROUP line's cbc:LineExtensionAmount the sum of its children's net amounts.")
FR_RULE(R_MV06, "BR-FR-MV-06_EXT-FR-FE-167", "EXT-FR-FE-167",
        "A line has no vendor legal identifier, or not the one of its parent line.",
        "Give every line the vendor's cbc:CompanyID, identical to its parent line's.")
FR_RULE(R_MV07, "BR-FR-MV-07_BT-128", "BT-128",
        "A line has no sub-invoice number (AFL), or not the one of its parent line.",
        "Give every line the AFL object identifier of its sub-invoice, identical to its parent line's.")
FR_RULE(R_MV08, "BR-FR-MV-08_BT-128", "BT-128, BT-120",
        "A DETAIL line's VAT exemption reason does not start with its sub-invoice number between # signs.",
        "Start cbc:TaxExemptionReason with #<AFL number>#.")
FR_RULE(R_MV09, "BR-FR-MV-09_EXT-FR-FE-181", "EXT-FR-FE-181, BT-117",
        "A GROUP line VAT total differs from the VAT of the breakdowns tagged with its sub-invoice number.",
        "Make the GROUP line's VAT total equal the sum of the VAT breakdowns whose exemption reason starts with #<AFL>#.")
FR_RULE(R_MV10, "BR-FR-MV-10_EXT-FR-FE-184", "EXT-FR-FE-184",
        "A GROUP line total with VAT differs from its net amount plus its VAT beyond the tolerance.",
        "Make the line total with VAT equal the net amount plus the line VAT total.")
FR_RULE(R_MV11, "BR-FR-MV-11_BT-128", "BT-128, BT-1",
        "The sub-invoice numbers (AFL) of the seller's GROUP lines are not consistent with the invoice number (BT-1).",
        "Give exactly one of the seller's GROUP lines the invoice number as AFL identifier.")
FR_RULE(R_MV12, "BR-FR-MV-12_BT-128", "BT-128",
        "Two top-level GROUP lines carry the same sub-invoice number (AFL).",
        "Give every top-level GROUP line its own AFL number.")
FR_RULE(R_MV13, "BR-FR-MV-13_BT-3", "BT-3",
        "A multi-vendor invoice (S8/B8/M8) has a self-billing type code.",
        "Do not use 389, 261, 501, 500, 502, 471 or 473 with frameworks S8, B8 or M8.")
FR_RULE(R_BD13, "BR-FR-MV-BD_BT-3", "BT-3",
        "A bidirectional invoice (S9/B9/M9) does not have a self-billing type code.",
        "Use 389, 261, 501, 500, 502, 471 or 473 with frameworks S9, B9 or M9.")
FR_RULE(R_MV14_136, "BR-FR-MV-14-EXT-FR-FE-136", "EXT-FR-FE-136",
        "A GROUP line of a multi-vendor corrective invoice or credit note has no preceding invoice number.",
        "Add a cac:BillingReference to the preceding invoice (cbc:ID) on the GROUP line.")
FR_RULE(R_MV14_138, "BR-FR-MV-14-EXT-FR-FE-138", "EXT-FR-FE-138",
        "A GROUP line of a multi-vendor corrective invoice or credit note has no preceding invoice date.",
        "Add cbc:IssueDate to the GROUP line's reference to the preceding invoice.")
FR_RULE(R_BD14_136, "BR-FR-BD-14-EXT-FR-FE-136", "EXT-FR-FE-136",
        "A GROUP line of a bidirectional corrective invoice or credit note has no preceding invoice number.",
        "Add a cac:BillingReference to the preceding invoice (cbc:ID) on the GROUP line.")
FR_RULE(R_BD14_138, "BR-FR-BD-14-EXT-FR-FE-138", "EXT-FR-FE-138",
        "A GROUP line of a bidirectional corrective invoice or credit note has no preceding invoice date.",
        "Add cbc:IssueDate to the GROUP line's reference to the preceding invoice.")

/* ---- document facts ---- */

typedef struct line_key {
    const char *id;   /* one cbc:ID of the line */
    size_t ord;       /* the line's position among the root's lines */
} line_key;

typedef struct mv {
    einv_ctx_t *ctx;
    const xmlNode *root;
    int inv, sc;            /* sc: 1 multi-vendor, 2 bidirectional */
    einv_nodes_t ids;       /* $invoiceID: the root's cbc:ID */
    einv_nodes_t lines;     /* the root's cac:InvoiceLine | cac:CreditNoteLine */
    line_key *keys;         /* line ids, sorted */
    size_t n_keys;
} mv_t;

static void must(einv_ctx_t *ctx, int ok, const einv_rule_t *r, const xmlNode *n)
{
    if (!ok)
        einv_report(ctx, r, n);
}

static int is_line(const xmlNode *n)
{
    return einv_x_is(n, C, "InvoiceLine") || einv_x_is(n, C, "CreditNoteLine");
}

/* The root's own line kind (ubl:Invoice/cac:InvoiceLine | cn:CreditNote/cac:CreditNoteLine). */
static int own_line(const mv_t *m, const xmlNode *n)
{
    return einv_x_is(n, C, m->inv ? "InvoiceLine" : "CreditNoteLine");
}

/* s = $invoiceID / s != $invoiceID (general comparisons) */
static int eq_inv(const mv_t *m, const char *s)
{
    size_t i;
    for (i = 0; i < m->ids.n; i++)
        if (!strcmp(einv_x_text(m->ids.v[i]), s))
            return 1;
    return 0;
}

static int ne_inv(const mv_t *m, const char *s)
{
    size_t i;
    for (i = 0; i < m->ids.n; i++)
        if (strcmp(einv_x_text(m->ids.v[i]), s))
            return 1;
    return 0;
}

/* cac:InvoiceDocumentReference/cbc:ID = $invoiceID for a cac:BillingReference */
static int br_self(const mv_t *m, const xmlNode *br)
{
    int hit = 0;
    FR_EACH(br, "cac:InvoiceDocumentReference/cbc:ID", id)
        if (!hit && eq_inv(m, einv_x_text(id)))
            hit = 1;
    return hit;
}

static int br_other(const mv_t *m, const xmlNode *br)
{
    int hit = 0;
    FR_EACH(br, "cac:InvoiceDocumentReference/cbc:ID", id)
        if (!hit && ne_inv(m, einv_x_text(id)))
            hit = 1;
    return hit;
}

static int br_status(const xmlNode *br, const char *status)
{
    return fr_path_is(br, "cac:InvoiceDocumentReference/cbc:DocumentStatusCode", status);
}

/* [IDR/ID = $invoiceID][IDR/DocumentStatusCode = 'GROUP' and not(BillingReferenceLine/ID)] */
static int br_group(const mv_t *m, const xmlNode *br)
{
    return br_self(m, br) && br_status(br, "GROUP") && !fr_path(br, "cac:BillingReferenceLine/cbc:ID");
}

/* First node of cac:DocumentReference[cbc:DocumentTypeCode = '130']/cbc:ID[@schemeID = scheme]. */
static xmlNodePtr object_id(const xmlNode *line, const char *scheme)
{
    xmlNodePtr dr, id;
    for (dr = einv_x_child(line, C, "DocumentReference"); dr; dr = einv_x_next_same(dr)) {
        if (!fr_child_is(dr, B, "DocumentTypeCode", "130"))
            continue;
        for (id = einv_x_child(dr, B, "ID"); id; id = einv_x_next_same(id)) {
            const char *v = einv_x_attr(id, "schemeID");
            if (v && !strcmp(v, scheme))
                return id;
        }
    }
    return NULL;
}

/* normalize-space() of the first node (malloc'd; "" when absent). */
static char *norm_of(const xmlNode *n)
{
    return fr_norm_dup(n ? einv_x_text(n) : "");
}

static const char *text_of(const xmlNode *n) { return n ? einv_x_text(n) : ""; }

static xmlNodePtr vendor_id(const xmlNode *line)
{
    return fr_path(line, "cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:CompanyID");
}

/* A line's TaxTotal/TaxAmount whose currencyID equals one of the values of `cur`. */
static xmlNodePtr line_tax_in(const xmlNode *line, const einv_nodes_t *cur)
{
    xmlNodePtr hit = NULL;
    size_t i;
    FR_EACH(line, "cac:TaxTotal/cbc:TaxAmount", ta) {
        const char *c = einv_x_attr(ta, "currencyID");
        for (i = 0; !hit && c && i < cur->n; i++)
            if (!strcmp(c, einv_x_text(cur->v[i])))
                hit = ta;
    }
    return hit;
}

/* number() of the first node: NaN when absent or not a number. */
static double num_of(const xmlNode *n)
{
    double v;
    return n && fr_number(einv_x_text(n), &v) ? v : NAN;
}

/* First descendant-or-self cac:Item of n (document order), then a child path from it:
 * the artefact's ..//cac:Item/... step. */
static xmlNodePtr desc_item_path(const xmlNode *n, const char *path)
{
    xmlNodePtr c, hit;
    for (c = einv_x_first_elem(n); c; c = einv_x_next_elem(c)) {
        if (einv_x_is(c, C, "Item") && (hit = fr_path(c, path)) != NULL)
            return hit;
        if ((hit = desc_item_path(c, path)) != NULL)
            return hit;
    }
    return NULL;
}

static int key_cmp(const void *a, const void *b)
{
    const line_key *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->ord < y->ord ? -1 : x->ord > y->ord);
}

/* The first line (document order) one of whose cbc:ID equals one of the values in `ids`
 * and that has the node `path`: that node, for the parent-line look-ups of MV-06 / MV-07. */
static xmlNodePtr parent_value(const mv_t *m, const einv_nodes_t *ids, xmlNodePtr (*get)(const xmlNode *))
{
    size_t i, best = (size_t)-1;
    xmlNodePtr hit = NULL;
    for (i = 0; i < ids->n; i++) {
        line_key k = {einv_x_text(ids->v[i]), 0};
        size_t lo = 0, hi = m->n_keys;
        while (lo < hi) {   /* first key >= (id, 0) */
            size_t mid = (lo + hi) / 2;
            if (key_cmp(&m->keys[mid], &k) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (; lo < m->n_keys && !strcmp(m->keys[lo].id, k.id); lo++) {
            size_t o = m->keys[lo].ord;
            xmlNodePtr v;
            if (o >= best)
                break;
            if ((v = get(m->lines.v[o])) != NULL)
                best = o, hit = v;
        }
    }
    return hit;
}

static xmlNodePtr afl_of(const xmlNode *line) { return object_id(line, "AFL"); }

/* $parentlineID = cac:BillingReference[IDR/ID = $invoiceID]/cac:BillingReferenceLine/cbc:ID */
static void parent_ids(const mv_t *m, const xmlNode *line, einv_nodes_t *out)
{
    xmlNodePtr br;
    for (br = einv_x_child(line, C, "BillingReference"); br; br = einv_x_next_same(br))
        if (br_self(m, br))
            fr_select(br, "cac:BillingReferenceLine/cbc:ID", out);
}

/* ---- the rules on one group reference (MV-03, 05, 09, 10, 11, 14, BD-14) ---- */

static void group_rules(mv_t *m, const xmlNode *br, const einv_nodes_t *cur, const einv_nodes_t *acc,
                        int mv14, int bd14, const einv_nodes_t *seller_ids, size_t nb_sub_seller)
{
    einv_ctx_t *ctx = m->ctx;
    const xmlNode *line = br->parent;
    xmlNodePtr n, afl = afl_of(line);
    char *numfact = norm_of(afl);
    size_t i;
    if (!numfact)
        return;

    n = fr_path(line, "cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:RegistrationName");
    must(ctx, n && fr_nonblank(einv_x_text(n)), &R_MV03_164, br);
    n = vendor_id(line);
    must(ctx, n && fr_nonblank(einv_x_text(n)), &R_MV03_167, br);
    n = desc_item_path(line, "cac:ManufacturerParty/cac:PostalAddress/cac:Country/cbc:IdentificationCode");
    must(ctx, n && fr_nonblank(einv_x_text(n)), &R_MV03_177, br);
    n = line_tax_in(line, cur);
    must(ctx, n && fr_nonblank(einv_x_text(n)), &R_MV03_181, br);
    if (acc->n) {
        int any = 0;
        for (i = 0; i < acc->n; i++)
            if (*einv_x_text(acc->v[i]))
                any = 1;
        n = line_tax_in(line, acc);
        must(ctx, any && n && fr_nonblank(einv_x_text(n)), &R_MV03_182, br);
    }
    must(ctx, *numfact != 0, &R_MV03_AFL, br);
    {
        xmlNodePtr avv = object_id(line, "AVV"), dr, id;
        int bad = 0;
        for (dr = einv_x_child(line, C, "DocumentReference"); dr; dr = einv_x_next_same(dr))
            if (fr_child_is(dr, B, "DocumentTypeCode", "130"))
                for (id = einv_x_child(dr, B, "ID"); id; id = einv_x_next_same(id)) {
                    const char *v = einv_x_attr(id, "schemeID"), *t = einv_x_text(id);
                    if (v && !strcmp(v, "AVV") && (!strcmp(t, "M8") || !strcmp(t, "S8") || !strcmp(t, "B8")))
                        bad = 1;
                }
        must(ctx, avv && fr_nonblank(einv_x_text(avv)) && !bad, &R_MV03_AVV, br);
    }

    /* MV-05: children = lines whose reference to this invoice is not INFORMATION and names
     * this line as parent */
    {
        char *gid = norm_of(einv_x_child(line, B, "ID"));
        double sum = 0, self = num_of(einv_x_child(line, B, "LineExtensionAmount"));
        size_t cnt = 0, k;
        int first = 1;
        for (k = 0; gid && k < m->lines.n; k++) {
            xmlNodePtr ln = m->lines.v[k], b2;
            int match = 0;
            for (b2 = einv_x_child(ln, C, "BillingReference"); b2 && !match; b2 = einv_x_next_same(b2)) {
                int not_info = 0, par = 0;
                if (!br_self(m, b2))
                    continue;
                FR_EACH(b2, "cac:InvoiceDocumentReference/cbc:DocumentStatusCode", sc)
                    if (strcmp(einv_x_text(sc), "INFORMATION"))
                        not_info = 1;
                FR_EACH(b2, "cac:BillingReferenceLine/cbc:ID", pl)
                    if (!strcmp(einv_x_text(pl), gid))
                        par = 1;
                match = not_info && par;
            }
            if (!match)
                continue;
            for (b2 = einv_x_child(ln, B, "LineExtensionAmount"); b2; b2 = einv_x_next_same(b2)) {
                double v = num_of(b2);
                sum = first ? v : sum + v;
                first = 0;
                cnt++;
            }
        }
        must(ctx, fabs(self - sum) <= 0.01 * (double)cnt, &R_MV05, br);
        free(gid);
    }

    /* MV-09 */
    {
        char *pfx = malloc(strlen(numfact) + 3);
        double sum = 0, lt = num_of(line_tax_in(line, cur));
        int first = 1;
        if (pfx) {
            sprintf(pfx, "#%s#", numfact);
            FR_EACH(m->root, "cac:TaxTotal/cac:TaxSubtotal", ts) {
                xmlNodePtr tc = einv_x_child(ts, C, "TaxCategory");
                if (!fr_path_is(ts, "cac:TaxCategory/cac:TaxScheme/cbc:ID", "VAT") ||
                    !fr_starts(text_of(einv_x_child(tc, B, "TaxExemptionReason")), pfx))
                    continue;
                for (n = einv_x_child(ts, B, "TaxAmount"); n; n = einv_x_next_same(n)) {
                    double v = num_of(n);
                    sum = first ? v : sum + v;
                    first = 0;
                }
            }
            must(ctx, fabs(lt - sum) <= 0.01, &R_MV09, br);
            free(pfx);
        }
    }

    /* MV-10 */
    n = einv_x_child(line, B, "TaxInclusiveLineExtensionAmount");
    if (n) {
        size_t nb = 0, k;
        int ok = 0;
        for (k = 0; k < m->lines.n; k++) {
            xmlNodePtr b2;
            for (b2 = einv_x_child(m->lines.v[k], C, "BillingReference"); b2; b2 = einv_x_next_same(b2)) {
                int par = 0;
                if (!br_self(m, b2) || !br_status(b2, "DETAIL"))
                    continue;
                FR_EACH(b2, "cac:BillingReferenceLine/cbc:ID", pl) {
                    xmlNodePtr lid;
                    for (lid = einv_x_child(line, B, "ID"); lid; lid = einv_x_next_same(lid))
                        if (!strcmp(einv_x_text(pl), einv_x_text(lid)))
                            par = 1;
                }
                nb += par;
            }
        }
        if (fr_nonblank(einv_x_text(n))) {
            double d = num_of(n) - num_of(einv_x_child(line, B, "LineExtensionAmount")) -
                       num_of(line_tax_in(line, cur));
            ok = fabs(d) <= 0.01 * (double)nb;
        }
        must(ctx, ok, &R_MV10, br);
    }

    /* MV-11: only lines whose vendor is the seller (normalize-space(vendor) = $sellerID) */
    if (own_line(m, line)) {
        n = vendor_id(line);
        if (n) {
            char *vid = norm_of(n);
            int seller = 0;
            for (i = 0; vid && i < seller_ids->n; i++)
                if (!strcmp(vid, einv_x_text(seller_ids->v[i])))
                    seller = 1;
            if (seller)
                must(ctx, nb_sub_seller == 1 || (nb_sub_seller == 0 && eq_inv(m, numfact)) ||
                              (nb_sub_seller > 1 && ne_inv(m, numfact)),
                     &R_MV11, br);
            free(vid);
        }
    }

    /* MV-14 / BD-14: another reference (to the preceding invoice) with its number and date */
    if (mv14 || bd14) {
        int has_id = 0, has_date = 0;
        xmlNodePtr b2;
        for (b2 = einv_x_child(line, C, "BillingReference"); b2; b2 = einv_x_next_same(b2))
            if (br_other(m, b2)) {
                if (fr_path(b2, "cac:InvoiceDocumentReference/cbc:ID"))
                    has_id = 1;
                if (fr_path(b2, "cac:InvoiceDocumentReference/cbc:IssueDate"))
                    has_date = 1;
            }
        must(ctx, has_id, mv14 ? &R_MV14_136 : &R_BD14_136, br);
        must(ctx, has_date, mv14 ? &R_MV14_138 : &R_BD14_138, br);
    }
    free(numfact);
}

/* MV-11's $nbSubinvoiceSeller: the root's own lines whose vendor is the seller, that have a
 * group-status reference (no parent line) to this invoice and whose AFL is the invoice number. */
static size_t nb_subinvoice_seller(const mv_t *m, const einv_nodes_t *seller_ids)
{
    size_t k, i, nb = 0;
    for (k = 0; k < m->lines.n; k++) {
        xmlNodePtr ln = m->lines.v[k], br;
        char *vid;
        int seller = 0, grp = 0, afl = 0;
        if (!own_line(m, ln))
            continue;
        vid = norm_of(vendor_id(ln));
        for (i = 0; vid && i < seller_ids->n; i++)
            if (!strcmp(vid, einv_x_text(seller_ids->v[i])))
                seller = 1;
        free(vid);
        if (!seller)
            continue;
        for (br = einv_x_child(ln, C, "BillingReference"); br; br = einv_x_next_same(br))
            if (br_status(br, "GROUP") && !fr_path(br, "cac:BillingReferenceLine/cbc:ID") && br_self(m, br))
                grp = 1;
        if (!grp)
            continue;
        {
            xmlNodePtr dr, id;
            for (dr = einv_x_child(ln, C, "DocumentReference"); dr; dr = einv_x_next_same(dr))
                if (fr_child_is(dr, B, "DocumentTypeCode", "130"))
                    for (id = einv_x_child(dr, B, "ID"); id; id = einv_x_next_same(id)) {
                        const char *v = einv_x_attr(id, "schemeID");
                        if (v && !strcmp(v, "AFL") && eq_inv(m, einv_x_text(id)))
                            afl = 1;
                    }
        }
        nb += afl;
    }
    return nb;
}

/* MV-12: a group line's AFL number equal to the AFL number (type 130) of a DocumentReference
 * that precedes it in the document. */
typedef struct afl_entry {
    const char *v;
    size_t pos;
    const xmlNode *dr;   /* preceding:: excludes the ID's own DocumentReference (an ancestor) */
    int group;
} afl_entry;

static int afl_cmp(const void *a, const void *b)
{
    const afl_entry *x = a, *y = b;
    int c = strcmp(x->v, y->v);
    return c ? c : (x->pos < y->pos ? -1 : x->pos > y->pos);
}

static int afl_repeated(const mv_t *m, const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, B, "ID");
    afl_entry *e = malloc((l->n ? l->n : 1) * sizeof *e);
    size_t i, n = 0;
    int bad = 0;
    if (!e)
        return 0;
    for (i = 0; i < l->n; i++) {
        xmlNodePtr id = l->v[i], dr = id->parent, ln;
        const char *v = einv_x_attr(id, "schemeID");
        int grp = 0;
        if (!v || strcmp(v, "AFL") || !einv_x_is(dr, C, "DocumentReference") ||
            !fr_child_is(dr, B, "DocumentTypeCode", "130"))
            continue;
        ln = dr->parent;
        if (is_line(ln) && ln->parent == m->root) {
            xmlNodePtr br;
            for (br = einv_x_child(ln, C, "BillingReference"); br; br = einv_x_next_same(br))
                if (br_group(m, br))
                    grp = 1;
        }
        e[n].v = einv_x_text(id);
        e[n].pos = i;
        e[n].dr = dr;
        e[n].group = grp;
        n++;
    }
    qsort(e, n, sizeof *e, afl_cmp);
    for (i = 1; i < n && !bad; i++) {
        size_t j;
        if (!e[i].group)
            continue;
        for (j = i; j-- > 0 && !strcmp(e[j].v, e[i].v);)
            if (e[j].dr != e[i].dr) {
                bad = 1;
                break;
            }
    }
    free(e);
    return bad;
}

static void check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    xmlNodePtr root = einv_xdoc_root(d), c, pid;
    static const char *const MV14_TYPES[] = {"384", "472", "381", "396", "503", NULL};
    static const char *const BD14_TYPES[] = {"261", "471", "473", "502", NULL};
    mv_t m;
    einv_nodes_t cur, acc, seller_ids;
    size_t i, k, n_group = 0, n_group_seller = 0, n_group_buyer = 0, nb_sub = 0;
    int mv14 = 0, bd14 = 0;

    memset(&m, 0, sizeof m);
    m.ctx = ctx;
    m.root = root;
    m.inv = einv_x_is(root, EINV_NS_UBL_INV, "Invoice");
    if (!m.inv && !einv_x_is(root, EINV_NS_UBL_CN, "CreditNote"))
        return;
    pid = einv_x_child(root, B, "ProfileID");
    m.sc = pid ? fr_special_contract(einv_x_text(pid)) : 0;
    if (!m.sc)
        return;   /* every assert of the family starts with not(special contract) or ... */

    einv_nodes_init(&m.ids);
    einv_nodes_init(&m.lines);
    einv_nodes_init(&cur);
    einv_nodes_init(&acc);
    einv_nodes_init(&seller_ids);
    for (c = einv_x_first_elem(root); c; c = einv_x_next_elem(c)) {
        if (einv_x_is(c, B, "ID"))
            einv_nodes_push(&m.ids, c);
        else if (is_line(c))
            einv_nodes_push(&m.lines, c);
        else if (einv_x_is(c, B, "DocumentCurrencyCode"))
            einv_nodes_push(&cur, c);
        else if ((einv_x_is(c, B, "InvoiceTypeCode") || einv_x_is(c, B, "CreditNoteTypeCode"))) {
            mv14 |= fr_in(einv_x_text(c), MV14_TYPES);
            bd14 |= fr_in(einv_x_text(c), BD14_TYPES);
        }
    }
    {
        const einv_nodelist_t *l = einv_xdoc_all(d, B, "TaxCurrencyCode");   /* ../..//cbc:TaxCurrencyCode */
        for (i = 0; i < l->n; i++)
            einv_nodes_push(&acc, l->v[i]);
    }
    fr_select(root, "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", &seller_ids);

    /* the sorted line-id index for parent look-ups */
    for (k = 0; k < m.lines.n; k++)
        m.n_keys += einv_x_count(m.lines.v[k], B, "ID");
    m.keys = malloc((m.n_keys ? m.n_keys : 1) * sizeof *m.keys);
    if (!m.keys)
        goto out;
    m.n_keys = 0;
    for (k = 0; k < m.lines.n; k++)
        for (c = einv_x_child(m.lines.v[k], B, "ID"); c; c = einv_x_next_same(c)) {
            m.keys[m.n_keys].id = einv_x_text(c);
            m.keys[m.n_keys].ord = k;
            m.n_keys++;
        }
    qsort(m.keys, m.n_keys, sizeof *m.keys, key_cmp);

    /* MV-01 on every line element of the document */
    {
        static const char *const NAMES[] = {"InvoiceLine", "CreditNoteLine"};
        for (k = 0; k < 2; k++) {
            const einv_nodelist_t *l = einv_xdoc_all(d, C, NAMES[k]);
            for (i = 0; i < l->n; i++) {
                xmlNodePtr br, first = NULL;
                int self = 0;
                for (br = einv_x_child(l->v[i], C, "BillingReference"); br; br = einv_x_next_same(br))
                    if (br_self(&m, br)) {
                        self = 1;
                        if (!first)
                            first = fr_path(br, "cac:InvoiceDocumentReference/cbc:DocumentStatusCode");
                    }
                must(ctx, self && first && fr_nonblank(einv_x_text(first)), &R_MV01, l->v[i]);
            }
        }
    }

    nb_sub = nb_subinvoice_seller(&m, &seller_ids);
    for (k = 0; k < m.lines.n; k++) {
        xmlNodePtr ln = m.lines.v[k], br;
        for (br = einv_x_child(ln, C, "BillingReference"); br; br = einv_x_next_same(br)) {
            if (!br_group(&m, br))
                continue;
            /* BD-02 counts: vendor id = seller / buyer legal id (general comparison) */
            n_group++;
            {
                int s = 0, b = 0;
                FR_EACH(ln, "cac:Item/cac:ManufacturerParty/cac:PartyLegalEntity/cbc:CompanyID", v) {
                    const char *t = einv_x_text(v);
                    if (fr_path_is(root, "cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", t))
                        s = 1;
                    if (fr_path_is(root, "cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID", t))
                        b = 1;
                }
                n_group_seller += s;
                n_group_buyer += b;
            }
            if (own_line(&m, ln))
                group_rules(&m, br, &cur, &acc, mv14 && m.sc == 1, bd14 && m.sc == 2, &seller_ids, nb_sub);
        }
    }
    if (m.sc == 1)
        must(ctx, n_group >= 1, &R_MV02, root);
    else {
        must(ctx, n_group == 2, &R_BD02, root);
        must(ctx, n_group_seller == 1, &R_BD02_30, root);
        must(ctx, n_group_buyer == 1, &R_BD02_47, root);
    }

    /* MV-06, MV-07 on the root's own lines, MV-08 on its DETAIL lines */
    for (k = 0; k < m.lines.n; k++) {
        xmlNodePtr ln = m.lines.v[k], br;
        einv_nodes_t par;
        char *legal, *numfact;
        int detail = 0;
        if (!own_line(&m, ln))
            continue;
        einv_nodes_init(&par);
        parent_ids(&m, ln, &par);
        legal = norm_of(vendor_id(ln));
        numfact = norm_of(afl_of(ln));
        if (legal && numfact) {
            int ok6 = *legal != 0, ok7 = *numfact != 0;
            if (par.n) {
                char *pl = norm_of(parent_value(&m, &par, vendor_id));
                char *pn = norm_of(parent_value(&m, &par, afl_of));
                ok6 = ok6 && pl && !strcmp(legal, pl);
                ok7 = ok7 && pn && !strcmp(numfact, pn);
                free(pl);
                free(pn);
            }
            must(ctx, ok6, &R_MV06, ln);
            must(ctx, ok7, &R_MV07, ln);
            for (br = einv_x_child(ln, C, "BillingReference"); br; br = einv_x_next_same(br))
                if (br_self(&m, br) && br_status(br, "DETAIL"))
                    detail = 1;
            if (detail) {
                xmlNodePtr r = fr_path(ln, "cac:Item/cac:ClassifiedTaxCategory/cbc:TaxExemptionReason");
                char *pfx = malloc(strlen(numfact) + 3);
                if (pfx) {
                    sprintf(pfx, "#%s#", numfact);
                    must(ctx, r && fr_nonblank(einv_x_text(r)) && *numfact && fr_starts(einv_x_text(r), pfx),
                         &R_MV08, ln);
                    free(pfx);
                }
            }
        }
        free(legal);
        free(numfact);
        einv_nodes_free(&par);
    }

    must(ctx, !afl_repeated(&m, d), &R_MV12, root);

    FR_EACH(root, m.inv ? "cbc:InvoiceTypeCode" : "cbc:CreditNoteTypeCode", tc) {
        char *t = norm_of(tc);
        if (t) {
            if (m.sc == 1)
                must(ctx, *t && !fr_self_billed_type(t), &R_MV13, tc);
            else
                must(ctx, *t && fr_self_billed_type(t), &R_BD13, tc);
            free(t);
        }
    }

out:
    free(m.keys);
    einv_nodes_free(&m.ids);
    einv_nodes_free(&m.lines);
    einv_nodes_free(&cur);
    einv_nodes_free(&acc);
    einv_nodes_free(&seller_ids);
}

static const einv_rule_t *const RULES[] = {
    &R_MV01, &R_MV02, &R_BD02, &R_BD02_30, &R_BD02_47, &R_MV03_164, &R_MV03_167, &R_MV03_177,
    &R_MV03_181, &R_MV03_182, &R_MV03_AFL, &R_MV03_AVV, &R_MV05, &R_MV06, &R_MV07, &R_MV08,
    &R_MV09, &R_MV10, &R_MV11, &R_MV12, &R_MV13, &R_BD13, &R_MV14_136, &R_MV14_138,
    &R_BD14_136, &R_BD14_138,
};

const fr_family_t fr_ubl_mv = {"ubl-mv", EINV_SYNTAX_UBL, check, RULES, sizeof RULES / sizeof RULES[0]};
