/* FRANCE profile, CII: the multi-vendor (S8/B8/M8) and bidirectional (S9/B9/M9) invoice
 * rules BR-FR-MV-* and BR-FR-BD-* of the FNFE-MPE CTC Flux 2 CII schematron 1.4.0.
 *
 * In CII the sub-invoice structure is explicit: ram:AssociatedDocumentLineDocument carries
 * the line subtype (ram:LineStatusReasonCode GROUP / DETAIL / INFORMATION) and the parent
 * line (ram:ParentLineID); the line vendor is ram:ItemSellerTradeParty and the sub-invoice
 * number an ram:AdditionalReferencedDocument of type 130 with reference type AFL. A "top
 * group line" below is a GROUP line without a parent. Every assert is void unless the billing
 * framework is a special contract, so the family stops early on ordinary invoices. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "fr_int.h"

#define R EINV_NS_RAM

#define ED "rsm:ExchangedDocument"
#define EDC "rsm:ExchangedDocumentContext"
#define SCTT "rsm:SupplyChainTradeTransaction"
#define LSRC "ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode"
#define PARENT "ram:AssociatedDocumentLineDocument/ram:ParentLineID"
#define LINEID "ram:AssociatedDocumentLineDocument/ram:LineID"
#define VENDOR "ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty"
#define LSUMS "ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation"

FR_RULE(R_MV01, "BR-FR-MV-01_EXT-FR-FE-163", "EXT-FR-FE-163",
        "In a multi-vendor or bidirectional invoice a line subtype (ram:LineStatusReasonCode) is empty.",
        "Give every line a subtype GROUP, DETAIL or INFORMATION.")
FR_RULE(R_MV02, "BR-FR-MV-02_EXT-FR-FE-163", "EXT-FR-FE-163",
        "A multi-vendor invoice (S8/B8/M8) has no GROUP line without a parent line.",
        "Add at least one GROUP line without ram:ParentLineID per vendor.")
FR_RULE(R_BD02, "BR-FR-BD-02_EXT-FR-FE-163", "EXT-FR-FE-163",
        "A bidirectional invoice (S9/B9/M9) does not have exactly two GROUP lines without a parent line.",
        "Use exactly two top-level GROUP lines, one per party.")
FR_RULE(R_BD02_31, "BR-FR-BD-02_BT-31", "BT-30, EXT-FR-FE-167",
        "A bidirectional invoice does not have exactly one top-level GROUP line whose vendor is the seller (BT-30).",
        "Give one GROUP line the seller's legal identifier as line vendor.")
FR_RULE(R_BD02_47, "BR-FR-BD-02_BT-47", "BT-47, EXT-FR-FE-167",
        "A bidirectional invoice does not have exactly one top-level GROUP line whose vendor is the buyer (BT-47).",
        "Give one GROUP line the buyer's legal identifier as line vendor.")
FR_RULE(R_MV03_164, "BR-FR-MV-03_EXT-FR-FE-164", "EXT-FR-FE-164", "A top-level GROUP line has no vendor name.",
        "Fill ram:ItemSellerTradeParty/ram:Name.")
FR_RULE(R_MV03_167, "BR-FR-MV-03_EXT-FR-FE-167", "EXT-FR-FE-167", "A top-level GROUP line has no vendor legal identifier.",
        "Fill ram:ItemSellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID.")
FR_RULE(R_MV03_177, "BR-FR-MV-03_EXT-FR-FE-177", "EXT-FR-FE-177", "A top-level GROUP line has no vendor country code.",
        "Fill ram:ItemSellerTradeParty/ram:PostalTradeAddress/ram:CountryID.")
FR_RULE(R_MV03_181, "BR-FR-MV-03_EXT-FR-FE-181", "EXT-FR-FE-181",
        "A top-level GROUP line has no VAT total in the invoice currency.",
        "Add the line ram:TaxTotalAmount with currencyID equal to the invoice currency.")
FR_RULE(R_MV03_182, "BR-FR-MV-03_EXT-FR-FE-182", "EXT-FR-FE-182",
        "A top-level GROUP line has no VAT total in the VAT accounting currency.",
        "Add a line ram:TaxTotalAmount with currencyID equal to ram:TaxCurrencyCode.")
FR_RULE(R_MV03_AFL, "BR-FR-MV-03_BT-128_AFL", "BT-128",
        "A GROUP line's AFL object reference is not of type 130 or has no sub-invoice number.",
        "Give the AFL ram:AdditionalReferencedDocument ram:TypeCode 130 and a ram:IssuerAssignedID.")
FR_RULE(R_MV03_AVV, "BR-FR-MV-03_BT-128_AVV", "BT-128",
        "A GROUP line's AVV object reference is not of type 130, is empty, or is S8, B8 or M8.",
        "Give the AVV reference type 130 and the vendor's own billing framework.")
FR_RULE(R_MV05, "BR-FR-MV-05_EXT-FR-FE-BG-12", "BT-131",
        "A GROUP line net amount differs from the sum of its child lines beyond the rounding tolerance.",
        "Make the GROUP line's ram:LineTotalAmount the sum of its children's net amounts.")
FR_RULE(R_MV06, "BR-FR-MV-06_EXT-FR-FE-167", "EXT-FR-FE-167",
        "A line has no vendor legal identifier, or not the one of its parent line.",
        "Give every line the vendor's legal identifier, identical to its parent line's.")
FR_RULE(R_MV07, "BR-FR-MV-07_BT-128", "BT-128",
        "A line has no sub-invoice number (AFL, type 130), or not the one of its parent line.",
        "Give every line the AFL object reference of its sub-invoice, identical to its parent line's.")
FR_RULE(R_MV08, "BR-FR-MV-08_BT-128", "BT-128, BT-120",
        "A DETAIL line's VAT exemption reason does not start with its sub-invoice number between # signs.",
        "Start ram:ExemptionReason with #<AFL number>#.")
FR_RULE(R_MV09, "BR-FR-MV-09_EXT-FR-FE-181", "EXT-FR-FE-181, BT-117",
        "A GROUP line VAT total differs from the VAT of the breakdowns tagged with its sub-invoice number.",
        "Make the GROUP line's VAT total equal the sum of the VAT breakdowns whose exemption reason starts with #<AFL>#.")
FR_RULE(R_MV10, "BR-FR-MV-10_EXT-FR-FE-184", "EXT-FR-FE-184",
        "A GROUP line total with VAT differs from its net amount plus its VAT beyond the tolerance.",
        "Make the line ram:GrandTotalAmount equal ram:LineTotalAmount plus ram:TaxTotalAmount.")
FR_RULE(R_MV11, "BR-FR-MV-11_BT-128", "BT-128, BT-1",
        "The sub-invoice numbers (AFL) of the seller's GROUP lines are not consistent with the invoice number (BT-1).",
        "Give exactly one of the seller's GROUP lines the invoice number as AFL identifier.")
FR_RULE(R_MV12, "BR-FR-MV-12_BT-128", "BT-128",
        "A top-level GROUP line's sub-invoice number (AFL) repeats an identifier used earlier in the invoice.",
        "Give every top-level GROUP line its own AFL number.")
FR_RULE(R_MV13, "BR-FR-MV-13_BT-3", "BT-3", "A multi-vendor invoice (S8/B8/M8) has a self-billing type code.",
        "Do not use 389, 261, 501, 500, 502, 471 or 473 with frameworks S8, B8 or M8.")
FR_RULE(R_BD13, "BR-FR-BD-13_BT-3", "BT-3", "A bidirectional invoice (S9/B9/M9) does not have a self-billing type code.",
        "Use 389, 261, 501, 500, 502, 471 or 473 with frameworks S9, B9 or M9.")
FR_RULE(R_MV14_136, "BR-FR-MV-14-EXT-FR-FE-136", "EXT-FR-FE-136",
        "A GROUP line of a multi-vendor corrective invoice or credit note has no preceding invoice number.",
        "Add ram:InvoiceReferencedDocument/ram:IssuerAssignedID to the GROUP line.")
FR_RULE(R_MV14_138, "BR-FR-MV-14-EXT-FR-FE-138", "EXT-FR-FE-138",
        "A GROUP line of a multi-vendor corrective invoice or credit note has no preceding invoice date.",
        "Add ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime to the GROUP line.")
FR_RULE(R_BD14_136, "BR-FR-BD-14-EXT-FR-FE-136", "EXT-FR-FE-136",
        "A GROUP line of a bidirectional corrective invoice or credit note has no preceding invoice number.",
        "Add ram:InvoiceReferencedDocument/ram:IssuerAssignedID to the GROUP line.")
FR_RULE(R_BD14_138, "BR-FR-BD-14-EXT-FR-FE-138", "EXT-FR-FE-138",
        "A GROUP line of a bidirectional corrective invoice or credit note has no preceding invoice date.",
        "Add ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime to the GROUP line.")

static void must(einv_ctx_t *ctx, int ok, const einv_rule_t *r, const xmlNode *n)
{
    if (!ok)
        einv_report(ctx, r, n);
}

static const char *text_of(const xmlNode *n) { return n ? einv_x_text(n) : ""; }

static int nonblank(const xmlNode *n) { return n && fr_nonblank(einv_x_text(n)); }

static double num_of(const xmlNode *n)
{
    double v;
    return n && fr_number(einv_x_text(n), &v) ? v : NAN;
}

static int is_top_group(const xmlNode *li)
{
    return fr_path_is(li, LSRC, "GROUP") && !fr_path(li, PARENT);
}

/* The first ram:IssuerAssignedID of SpecifiedLineTradeSettlement/AdditionalReferencedDocument
 * [ReferenceTypeCode = 'AFL' and TypeCode = '130']. */
static xmlNodePtr afl_of(const xmlNode *li)
{
    xmlNodePtr hit = NULL;
    FR_EACH(li, "ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument", ard)
        if (!hit && fr_child_is(ard, R, "ReferenceTypeCode", "AFL") && fr_child_is(ard, R, "TypeCode", "130"))
            hit = einv_x_child(ard, R, "IssuerAssignedID");
    return hit;
}

static xmlNodePtr vendor_id(const xmlNode *li)
{
    return fr_path(li, VENDOR "/ram:SpecifiedLegalOrganization/ram:ID");
}

/* The line's TaxTotalAmount whose currencyID equals one of the values of `cur`. */
static xmlNodePtr line_tax_in(const xmlNode *li, const einv_nodes_t *cur)
{
    xmlNodePtr hit = NULL;
    size_t i;
    FR_EACH(li, LSUMS "/ram:TaxTotalAmount", ta) {
        const char *c = einv_x_attr(ta, "currencyID");
        for (i = 0; !hit && c && i < cur->n; i++)
            if (!strcmp(c, einv_x_text(cur->v[i])))
                hit = ta;
    }
    return hit;
}

/* Lines by ram:LineID, for the parent look-ups of MV-06 / MV-07. */
typedef struct line_key {
    const char *id;
    size_t ord;
} line_key;

static int key_cmp(const void *a, const void *b)
{
    const line_key *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x->ord < y->ord ? -1 : x->ord > y->ord);
}

/* The value of get() on the first line (document order) whose LineID equals one of `ids`
 * and that has it. */
static xmlNodePtr parent_value(const line_key *keys, size_t n_keys, const einv_nodes_t *lines,
                               const einv_nodes_t *ids, xmlNodePtr (*get)(const xmlNode *))
{
    size_t i, best = (size_t)-1;
    xmlNodePtr hit = NULL;
    for (i = 0; i < ids->n; i++) {
        line_key k = {einv_x_text(ids->v[i]), 0};
        size_t lo = 0, hi = n_keys;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (key_cmp(&keys[mid], &k) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (; lo < n_keys && !strcmp(keys[lo].id, k.id); lo++) {
            xmlNodePtr v;
            if (keys[lo].ord >= best)
                break;
            if ((v = get(lines->v[keys[lo].ord])) != NULL)
                best = keys[lo].ord, hit = v;
        }
    }
    return hit;
}

/* MV-12: the IssuerAssignedID of a top group line's AFL reference equals an earlier
 * ram:IssuerAssignedID anywhere in the document (preceding::). */
typedef struct iai {
    const char *v;
    size_t pos;
    int group;
} iai;

static int iai_cmp(const void *a, const void *b)
{
    const iai *x = a, *y = b;
    int c = strcmp(x->v, y->v);
    return c ? c : (x->pos < y->pos ? -1 : x->pos > y->pos);
}

static int afl_repeated(const einv_xdoc_t *d, const xmlNode *sctt)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, R, "IssuerAssignedID");
    iai *e = malloc((l->n ? l->n : 1) * sizeof *e);
    size_t i;
    int bad = 0;
    if (!e)
        return 0;
    for (i = 0; i < l->n; i++) {
        xmlNodePtr id = l->v[i], ard = id->parent, slts = ard ? ard->parent : NULL, li = slts ? slts->parent : NULL;
        e[i].v = einv_x_text(id);
        e[i].pos = i;
        e[i].group = einv_x_is(ard, R, "AdditionalReferencedDocument") &&
                     einv_x_is(slts, R, "SpecifiedLineTradeSettlement") &&
                     einv_x_is(li, R, "IncludedSupplyChainTradeLineItem") && li->parent == sctt &&
                     fr_child_is(ard, R, "ReferenceTypeCode", "AFL") && fr_child_is(ard, R, "TypeCode", "130") &&
                     is_top_group(li);
    }
    qsort(e, l->n, sizeof *e, iai_cmp);
    for (i = 1; i < l->n; i++)
        if (e[i].group && !strcmp(e[i].v, e[i - 1].v))
            bad = 1;
    free(e);
    return bad;
}

/* ---- the rules on one top group line (MV-03, 05, 09, 10, 11, 14, BD-14) ---- */

typedef struct mv {
    einv_ctx_t *ctx;
    const xmlNode *root;
    einv_nodes_t lines, cur, acc, seller, inv_id;
    size_t nb_sub_seller;
    int mv14, bd14;
} mv_t;

static int eq_any(const einv_nodes_t *set, const char *s)
{
    size_t i;
    for (i = 0; i < set->n; i++)
        if (!strcmp(einv_x_text(set->v[i]), s))
            return 1;
    return 0;
}

static int ne_any(const einv_nodes_t *set, const char *s)
{
    size_t i;
    for (i = 0; i < set->n; i++)
        if (strcmp(einv_x_text(set->v[i]), s))
            return 1;
    return 0;
}

static void group_rules(mv_t *m, const xmlNode *li)
{
    einv_ctx_t *ctx = m->ctx;
    char *numfact = fr_norm_dup(text_of(afl_of(li)));
    xmlNodePtr n;
    size_t i, k;
    if (!numfact)
        return;
    must(ctx, nonblank(fr_path(li, VENDOR "/ram:Name")), &R_MV03_164, li);
    must(ctx, nonblank(vendor_id(li)), &R_MV03_167, li);
    must(ctx, nonblank(fr_path(li, VENDOR "/ram:PostalTradeAddress/ram:CountryID")), &R_MV03_177, li);
    must(ctx, nonblank(line_tax_in(li, &m->cur)), &R_MV03_181, li);
    if (m->acc.n) {
        int any = 0;
        for (i = 0; i < m->acc.n; i++)
            if (*einv_x_text(m->acc.v[i]))
                any = 1;
        must(ctx, any && nonblank(line_tax_in(li, &m->acc)), &R_MV03_182, li);
    }
    /* the AFL / AVV references of the line (first matching rule: AFL before AVV) */
    FR_EACH(li, "ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument", ard) {
        int t130 = fr_child_is(ard, R, "TypeCode", "130");
        xmlNodePtr iid = einv_x_child(ard, R, "IssuerAssignedID");
        if (fr_child_is(ard, R, "ReferenceTypeCode", "AFL"))
            must(ctx, t130 && nonblank(iid), &R_MV03_AFL, ard);
        else if (fr_child_is(ard, R, "ReferenceTypeCode", "AVV"))
            must(ctx, t130 && nonblank(iid) && !fr_child_is(ard, R, "IssuerAssignedID", "M8") &&
                          !fr_child_is(ard, R, "IssuerAssignedID", "S8") && !fr_child_is(ard, R, "IssuerAssignedID", "B8"),
                 &R_MV03_AVV, ard);
    }

    /* MV-05: children are the lines naming this line as parent, except INFORMATION lines */
    {
        char *gid = fr_norm_dup(text_of(fr_path(li, LINEID)));
        double sum = 0, self = num_of(fr_path(li, LSUMS "/ram:LineTotalAmount"));
        size_t cnt = 0;
        int first = 1;
        for (k = 0; gid && k < m->lines.n; k++) {
            xmlNodePtr c = m->lines.v[k];
            int not_info = 0;
            if (!fr_path_is(c, PARENT, gid))
                continue;
            FR_EACH(c, LSRC, s)
                if (strcmp(einv_x_text(s), "INFORMATION"))
                    not_info = 1;
            if (!not_info)
                continue;
            FR_EACH(c, LSUMS "/ram:LineTotalAmount", a) {
                double v = num_of(a);
                sum = first ? v : sum + v;
                first = 0;
                cnt++;
            }
        }
        must(ctx, fabs(self - sum) <= 0.01 * (double)cnt, &R_MV05, li);
        free(gid);
    }

    /* MV-09 */
    {
        char *pfx = malloc(strlen(numfact) + 3);
        double sum = 0;
        int first = 1;
        if (pfx) {
            sprintf(pfx, "#%s#", numfact);
            FR_EACH(li->parent, "ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax", t)
                if (fr_child_is(t, R, "TypeCode", "VAT") &&
                    fr_starts(text_of(einv_x_child(t, R, "ExemptionReason")), pfx))
                    for (n = einv_x_child(t, R, "CalculatedAmount"); n; n = einv_x_next_same(n)) {
                        double v = num_of(n);
                        sum = first ? v : sum + v;
                        first = 0;
                    }
            must(ctx, fabs(num_of(line_tax_in(li, &m->cur)) - sum) <= 0.01, &R_MV09, li);
            free(pfx);
        }
    }

    /* MV-10: tolerance 0.01 per DETAIL child */
    n = fr_path(li, LSUMS "/ram:GrandTotalAmount");
    if (n) {
        size_t nb = 0;
        int ok = 0;
        for (k = 0; k < m->lines.n; k++) {
            xmlNodePtr c = m->lines.v[k];
            int par = 0;
            if (!fr_path_is(c, LSRC, "DETAIL"))
                continue;
            FR_EACH(c, PARENT, p)
                if (fr_path_is(li, LINEID, einv_x_text(p)))
                    par = 1;
            nb += par;
        }
        if (fr_nonblank(einv_x_text(n))) {
            double dd = num_of(n) - num_of(fr_path(li, LSUMS "/ram:LineTotalAmount")) -
                        num_of(line_tax_in(li, &m->cur));
            ok = fabs(dd) <= 0.01 * (double)nb;
        }
        must(ctx, ok, &R_MV10, li);
    }

    /* MV-11: the seller's own group lines (vendor id = seller id, compared raw) */
    {
        int seller = 0;
        FR_EACH(li, VENDOR "/ram:SpecifiedLegalOrganization/ram:ID", v)
            if (eq_any(&m->seller, einv_x_text(v)))
                seller = 1;
        if (seller)
            must(ctx, m->nb_sub_seller == 1 || (m->nb_sub_seller == 0 && eq_any(&m->inv_id, numfact)) ||
                          (m->nb_sub_seller > 1 && ne_any(&m->inv_id, numfact)),
                 &R_MV11, li);
    }

    if (m->mv14 || m->bd14) {
        must(ctx, fr_path(li, "ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:IssuerAssignedID") != NULL,
             m->mv14 ? &R_MV14_136 : &R_BD14_136, li);
        must(ctx, fr_path(li, "ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString") != NULL,
             m->mv14 ? &R_MV14_138 : &R_BD14_138, li);
    }
    free(numfact);
}

static void check(einv_ctx_t *ctx)
{
    static const char *const MV14_TYPES[] = {"384", "472", "381", "396", "503", NULL};
    static const char *const BD14_TYPES[] = {"261", "471", "473", "502", NULL};
    static const char *const SELF_RAW[] = {"389", "261", "501", "500", "502", "471", "473", NULL};
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    xmlNodePtr root = einv_xdoc_root(d), fw;
    line_key *keys = NULL;
    size_t k, n_keys = 0;
    int sc;
    mv_t m;

    if (!einv_x_is(root, EINV_NS_RSM, "CrossIndustryInvoice"))
        return;
    fw = fr_path(root, EDC "/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID");
    sc = fw ? fr_special_contract(einv_x_text(fw)) : 0;
    if (!sc)
        return;

    memset(&m, 0, sizeof m);
    m.ctx = ctx;
    m.root = root;
    einv_nodes_init(&m.lines);
    einv_nodes_init(&m.cur);
    einv_nodes_init(&m.acc);
    einv_nodes_init(&m.seller);
    einv_nodes_init(&m.inv_id);
    fr_select(root, SCTT "/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID",
                  &m.seller);
    fr_select(root, ED "/ram:ID", &m.inv_id);
    FR_EACH(root, ED "/ram:TypeCode", tc) {
        m.mv14 |= sc == 1 && fr_in(einv_x_text(tc), MV14_TYPES);
        m.bd14 |= sc == 2 && fr_in(einv_x_text(tc), BD14_TYPES);
    }

    /* MV-11's count over every line item of the document (//ram:IncludedSupplyChainTradeLineItem) */
    {
        const einv_nodelist_t *l = einv_xdoc_all(d, R, "IncludedSupplyChainTradeLineItem");
        size_t i;
        for (i = 0; i < l->n; i++) {
            int seller = 0;
            if (!is_top_group(l->v[i]))
                continue;
            FR_EACH(l->v[i], VENDOR "/ram:SpecifiedLegalOrganization/ram:ID", v)
                if (eq_any(&m.seller, einv_x_text(v)))
                    seller = 1;
            if (!seller)
                continue;
            FR_EACH(l->v[i], "ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument", ard) {
                int hit = 0;
                xmlNodePtr iid;
                for (iid = einv_x_child(ard, R, "IssuerAssignedID"); iid; iid = einv_x_next_same(iid))
                    if (eq_any(&m.inv_id, einv_x_text(iid)))
                        hit = 1;
                if (hit && fr_child_is(ard, R, "ReferenceTypeCode", "AFL") && fr_child_is(ard, R, "TypeCode", "130"))
                    m.nb_sub_seller++;
            }
        }
    }

    FR_EACH(root, ED "/ram:TypeCode", tc) {
        const char *t = einv_x_text(tc);
        if (sc == 1)
            must(ctx, fr_nonblank(t) && !fr_in(t, SELF_RAW), &R_MV13, tc);
        else {
            char *v = fr_norm_dup(t);
            must(ctx, v && *v && fr_self_billed_type(v), &R_BD13, tc);
            free(v);
        }
    }

    FR_EACH(root, SCTT, sctt) {
        size_t n_group = 0, n_seller = 0, n_buyer = 0;
        einv_nodes_free(&m.lines);
        einv_nodes_free(&m.cur);
        einv_nodes_free(&m.acc);
        fr_select(sctt, "ram:IncludedSupplyChainTradeLineItem", &m.lines);
        fr_select(sctt, "ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode", &m.cur);
        fr_select(sctt, "ram:ApplicableHeaderTradeSettlement/ram:TaxCurrencyCode", &m.acc);

        free(keys);
        n_keys = 0;
        for (k = 0; k < m.lines.n; k++)
            n_keys += fr_path_count(m.lines.v[k], LINEID);
        keys = malloc((n_keys ? n_keys : 1) * sizeof *keys);
        n_keys = 0;
        for (k = 0; keys && k < m.lines.n; k++)
            FR_EACH(m.lines.v[k], LINEID, id) {
                keys[n_keys].id = einv_x_text(id);
                keys[n_keys].ord = k;
                n_keys++;
            }
        if (keys)
            qsort(keys, n_keys, sizeof *keys, key_cmp);

        for (k = 0; k < m.lines.n; k++) {
            xmlNodePtr li = m.lines.v[k];
            char *legal, *numfact;
            einv_nodes_t par;
            FR_EACH(li, LSRC, s)
                must(ctx, fr_nonblank(einv_x_text(s)), &R_MV01, s);
            if (is_top_group(li)) {
                int is_s = 0, is_b = 0;
                n_group++;
                /* one count per line: the comparisons are existential */
                FR_EACH(li, VENDOR "/ram:SpecifiedLegalOrganization/ram:ID", v) {
                    if (fr_path_is(sctt, "ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID",
                                   einv_x_text(v)))
                        is_s = 1;
                    if (fr_path_is(sctt, "ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:ID",
                                   einv_x_text(v)))
                        is_b = 1;
                }
                n_seller += is_s;
                n_buyer += is_b;
                group_rules(&m, li);
            }
            /* MV-06 / MV-07 */
            einv_nodes_init(&par);
            fr_select(li, PARENT, &par);
            legal = fr_norm_dup(text_of(vendor_id(li)));
            numfact = fr_norm_dup(text_of(afl_of(li)));
            if (legal && numfact && keys) {
                int ok6 = *legal != 0, ok7 = *numfact != 0;
                if (par.n) {
                    char *pl = fr_norm_dup(text_of(parent_value(keys, n_keys, &m.lines, &par, vendor_id)));
                    char *pn = fr_norm_dup(text_of(parent_value(keys, n_keys, &m.lines, &par, afl_of)));
                    ok6 = ok6 && pl && !strcmp(legal, pl);
                    ok7 = ok7 && pn && !strcmp(numfact, pn);
                    free(pl);
                    free(pn);
                }
                must(ctx, ok6, &R_MV06, li);
                must(ctx, ok7, &R_MV07, li);
                if (fr_path_is(li, LSRC, "DETAIL")) {
                    xmlNodePtr r = fr_path(li, "ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:ExemptionReason");
                    char *pfx = malloc(strlen(numfact) + 3);
                    if (pfx) {
                        sprintf(pfx, "#%s#", numfact);
                        must(ctx, nonblank(r) && *numfact && fr_starts(einv_x_text(r), pfx), &R_MV08, li);
                        free(pfx);
                    }
                }
            }
            free(legal);
            free(numfact);
            einv_nodes_free(&par);
        }
        if (sc == 1)
            must(ctx, n_group >= 1, &R_MV02, sctt);
        else {
            must(ctx, n_group == 2, &R_BD02, sctt);
            must(ctx, n_seller == 1, &R_BD02_31, sctt);
            must(ctx, n_buyer == 1, &R_BD02_47, sctt);
        }
        must(ctx, !afl_repeated(d, sctt), &R_MV12, sctt);
    }

    free(keys);
    einv_nodes_free(&m.lines);
    einv_nodes_free(&m.cur);
    einv_nodes_free(&m.acc);
    einv_nodes_free(&m.seller);
    einv_nodes_free(&m.inv_id);
}

static const einv_rule_t *const RULES[] = {
    &R_MV01, &R_MV02, &R_BD02, &R_BD02_31, &R_BD02_47, &R_MV03_164, &R_MV03_167, &R_MV03_177,
    &R_MV03_181, &R_MV03_182, &R_MV03_AFL, &R_MV03_AVV, &R_MV05, &R_MV06, &R_MV07, &R_MV08,
    &R_MV09, &R_MV10, &R_MV11, &R_MV12, &R_MV13, &R_BD13, &R_MV14_136, &R_MV14_138,
    &R_BD14_136, &R_BD14_138,
};

const fr_family_t fr_cii_mv = {"cii-mv", EINV_SYNTAX_CII, check, RULES, sizeof RULES / sizeof RULES[0]};
