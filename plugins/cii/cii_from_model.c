/* Canonical EN 16931 model -> CII D16B, header part: document context, exchanged document,
 * parties, references, delivery, payment, allowances and charges, VAT breakdown, totals.
 * The lines are in cii_from_model_line.c.
 *
 * Every element is written at its EN 16931-3-3 place and in the element order of the D16B
 * schema, so cii_to_model reads back exactly the model that was written (the round trip
 * the tests check over the conformance corpus). Only what the model holds is written:
 * absent terms stay absent. Fixed parts of the binding are added where a term needs them:
 * TypeCode VAT of every trade tax, ChargeIndicator, the referenced document type codes
 * 916 / 50 / 130, format="102" of dates. Amounts and quantities keep the model's own text
 * (exact decimals, never reformatted). */
#include "cii_from_model.h"
#include "cii_from_model_int.h"
#include <string.h>

const einv_rule_t cii_x_lost = {
    "EXPORT-CII-LOST", EINV_SEV_WARNING, EINV_LAYER_SCHEMA, "",
    "A value of the invoice has no place in the CII document and was left out.",
    "Check the exported document; the value stays in the stored invoice."};

#define NS_DECL                                                                         \
    " xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\""      \
    " xmlns:ram=\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100\"" \
    " xmlns:qdt=\"urn:un:unece:uncefact:data:standard:QualifiedDataType:100\""          \
    " xmlns:udt=\"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100\""

void cw_lost(cw_t *w, const einv_node_t *n, const char *why)
{
    if (w->ctx && n)
        einv_report_msg(w->ctx, &cii_x_lost, n->src ? n->src : "", "%s (%s) was not exported: %s.",
                        einv_term_info(n->term)->code, einv_term_info(n->term)->json, why);
}

/* 1 when a numeric term's text is a negative zero ("-0.00"). */
static int cw_negative_zero(const einv_node_t *n)
{
    einv_term_kind k = einv_term_info(n->term)->kind;
    const char *t = n->text;
    if (!t || (k != EINV_K_AMOUNT && k != EINV_K_QUANTITY && k != EINV_K_PERCENT && k != EINV_K_DECIMAL) ||
        !n->dec.ok || n->dec.m != 0)
        return 0;
    while (*t == ' ' || *t == '\t' || *t == '\n' || *t == '\r')
        t++;
    return *t == '-';
}

void cw_leaf(cw_t *w, const char *qn, const einv_node_t *n)
{
    if (!n)
        return;
    /* The CII artefact compares -0 as less than 0 (a UBL "-0.00" tax of an E breakdown is
     * BR-E-09 in CII), the UBL one does not: the same value without its sign. */
    if (cw_negative_zero(n))
        xo_leaf(w->b, qn, strchr(n->text, '-') + 1, NULL, NULL, NULL, NULL);
    else
        xo_leaf(w->b, qn, n->text ? n->text : "", NULL, NULL, NULL, NULL);
}

/* An identifier with its scheme (schemeID) when the model has one. */
void cw_id(cw_t *w, const char *qn, const einv_node_t *n)
{
    if (n)
        xo_leaf(w->b, qn, n->text ? n->text : "", "schemeID", n->attr[0], NULL, NULL);
}

/* <outer><inner format="102">YYYYMMDD</inner></outer>; a model date that is not
 * YYYY-MM-DD keeps its text (and is then read back unchanged). */
void cw_date(cw_t *w, const char *outer, const char *inner, const einv_node_t *n)
{
    char d[9];
    const char *t = n ? (n->text ? n->text : "") : NULL;
    if (!t)
        return;
    if (strlen(t) == 10 && t[4] == '-' && t[7] == '-') {
        memcpy(d, t, 4);
        memcpy(d + 4, t + 5, 2);
        memcpy(d + 6, t + 8, 2);
        d[8] = 0;
        t = d;
    }
    xo_open(w->b, outer);
    xo_leaf(w->b, inner, t, "format", "102", NULL, NULL);
    xo_close(w->b, outer);
}

/* <qn><ram:ID>text</ram:ID></qn> style wrappers. */
void cw_wrapped(cw_t *w, const char *outer, const char *qn, const einv_node_t *n)
{
    if (!n)
        return;
    xo_open(w->b, outer);
    cw_leaf(w, qn, n);
    xo_close(w->b, outer);
}

/* ---- parties ---- */

typedef struct party_terms {
    einv_term name, trading, legal, vat, fc, desc, uri, addr, contact;
    einv_term a[7];        /* line1, line2, line3, city, postcode, subdivision, country */
    einv_term c[3];        /* contact name, phone, email */
} party_terms;

static const party_terms SELLER = {
    EINV_T_BT_27, EINV_T_BT_28, EINV_T_BT_30, EINV_T_BT_31, EINV_T_BT_32, EINV_T_BT_33,
    EINV_T_BT_34, EINV_T_BG_5, EINV_T_BG_6,
    {EINV_T_BT_35, EINV_T_BT_36, EINV_T_BT_162, EINV_T_BT_37, EINV_T_BT_38, EINV_T_BT_39, EINV_T_BT_40},
    {EINV_T_BT_41, EINV_T_BT_42, EINV_T_BT_43}};
static const party_terms BUYER = {
    EINV_T_BT_44, EINV_T_BT_45, EINV_T_BT_47, EINV_T_BT_48, EINV_T__COUNT, EINV_T__COUNT,
    EINV_T_BT_49, EINV_T_BG_8, EINV_T_BG_9,
    {EINV_T_BT_50, EINV_T_BT_51, EINV_T_BT_163, EINV_T_BT_52, EINV_T_BT_53, EINV_T_BT_54, EINV_T_BT_55},
    {EINV_T_BT_56, EINV_T_BT_57, EINV_T_BT_58}};
static const party_terms TAXREP = {
    EINV_T_BT_62, EINV_T__COUNT, EINV_T__COUNT, EINV_T_BT_63, EINV_T__COUNT, EINV_T__COUNT,
    EINV_T__COUNT, EINV_T_BG_12, EINV_T__COUNT,
    {EINV_T_BT_64, EINV_T_BT_65, EINV_T_BT_164, EINV_T_BT_66, EINV_T_BT_67, EINV_T_BT_68, EINV_T_BT_69},
    {EINV_T__COUNT, EINV_T__COUNT, EINV_T__COUNT}};
const einv_node_t *cw_get(const einv_node_t *p, einv_term t)
{
    return p && t != EINV_T__COUNT ? einv_node_get(p, t) : NULL;
}

/* ram:PostalTradeAddress in D16B order: postcode, lines, city, country, subdivision. */
void cw_address(cw_t *w, const einv_node_t *a, const einv_term t[7])
{
    if (!a)
        return;
    xo_open(w->b, "ram:PostalTradeAddress");
    cw_leaf(w, "ram:PostcodeCode", cw_get(a, t[4]));
    cw_leaf(w, "ram:LineOne", cw_get(a, t[0]));
    cw_leaf(w, "ram:LineTwo", cw_get(a, t[1]));
    cw_leaf(w, "ram:LineThree", cw_get(a, t[2]));
    cw_leaf(w, "ram:CityName", cw_get(a, t[3]));
    cw_leaf(w, "ram:CountryID", cw_get(a, t[6]));
    cw_leaf(w, "ram:CountrySubDivisionName", cw_get(a, t[5]));
    xo_close(w->b, "ram:PostalTradeAddress");
}

static void cw_contact(cw_t *w, const einv_node_t *c, const einv_term t[3])
{
    const einv_node_t *tel, *mail;
    if (!c)
        return;
    xo_open(w->b, "ram:DefinedTradeContact");
    cw_leaf(w, "ram:PersonName", cw_get(c, t[0]));
    if ((tel = cw_get(c, t[1]))) {
        xo_open(w->b, "ram:TelephoneUniversalCommunication");
        cw_leaf(w, "ram:CompleteNumber", tel);
        xo_close(w->b, "ram:TelephoneUniversalCommunication");
    }
    if ((mail = cw_get(c, t[2]))) {
        xo_open(w->b, "ram:EmailURIUniversalCommunication");
        cw_leaf(w, "ram:URIID", mail);
        xo_close(w->b, "ram:EmailURIUniversalCommunication");
    }
    xo_close(w->b, "ram:DefinedTradeContact");
}

/* Party identifiers: without a scheme as ram:ID, with one as ram:GlobalID (the binding). */
void cw_party_ids(cw_t *w, const einv_node_t *p, einv_term t)
{
    const einv_node_t *n;
    for (n = cw_get(p, t); n; n = einv_node_next(n))
        if (!n->attr[0])
            cw_leaf(w, "ram:ID", n);
    for (n = cw_get(p, t); n; n = einv_node_next(n))
        if (n->attr[0])
            cw_id(w, "ram:GlobalID", n);
}

static void cw_tax_registration(cw_t *w, const einv_node_t *n, const char *scheme)
{
    if (!n)
        return;
    xo_open(w->b, "ram:SpecifiedTaxRegistration");
    xo_leaf(w->b, "ram:ID", n->text ? n->text : "", "schemeID", scheme, NULL, NULL);
    xo_close(w->b, "ram:SpecifiedTaxRegistration");
}

static void cw_party(cw_t *w, const char *qn, const einv_node_t *p, const party_terms *t,
                     einv_term ids)
{
    const einv_node_t *legal, *trading, *uri;
    if (!p)
        return;
    xo_open(w->b, qn);
    cw_party_ids(w, p, ids);
    cw_leaf(w, "ram:Name", cw_get(p, t->name));
    cw_leaf(w, "ram:Description", cw_get(p, t->desc));
    legal = cw_get(p, t->legal);
    trading = cw_get(p, t->trading);
    if (legal || trading) {
        xo_open(w->b, "ram:SpecifiedLegalOrganization");
        cw_id(w, "ram:ID", legal);
        cw_leaf(w, "ram:TradingBusinessName", trading);
        xo_close(w->b, "ram:SpecifiedLegalOrganization");
    }
    cw_contact(w, cw_get(p, t->contact), t->c);
    cw_address(w, cw_get(p, t->addr), t->a);
    if ((uri = cw_get(p, t->uri))) {
        xo_open(w->b, "ram:URIUniversalCommunication");
        cw_id(w, "ram:URIID", uri);
        xo_close(w->b, "ram:URIUniversalCommunication");
    }
    cw_tax_registration(w, cw_get(p, t->vat), "VA");
    cw_tax_registration(w, cw_get(p, t->fc), "FC");
    xo_close(w->b, qn);
}

/* ---- references ---- */

/* ram:<qn><ram:IssuerAssignedID>..</ram:IssuerAssignedID></ram:qn> */
static void cw_doc_ref(cw_t *w, const char *qn, const einv_node_t *n)
{
    cw_wrapped(w, qn, "ram:IssuerAssignedID", n);
}

/* An AdditionalReferencedDocument of type code 50 (tender, BT-17) or 130 (invoiced object,
 * BT-18 / BT-128, scheme in ReferenceTypeCode). */
void cw_additional_ref(cw_t *w, const einv_node_t *n, const char *type)
{
    if (!n)
        return;
    xo_open(w->b, "ram:AdditionalReferencedDocument");
    cw_leaf(w, "ram:IssuerAssignedID", n);
    xo_leaf(w->b, "ram:TypeCode", type, NULL, NULL, NULL, NULL);
    if (n->attr[0])
        xo_leaf(w->b, "ram:ReferenceTypeCode", n->attr[0], NULL, NULL, NULL, NULL);
    xo_close(w->b, "ram:AdditionalReferencedDocument");
}

/* BG-24: type code 916 with name, location and the embedded binary object. */
static void cw_supporting_docs(cw_t *w)
{
    const einv_node_t *d, *bin;
    for (d = cw_get(w->root, EINV_T_BG_24); d; d = einv_node_next(d)) {
        xo_open(w->b, "ram:AdditionalReferencedDocument");
        cw_leaf(w, "ram:IssuerAssignedID", cw_get(d, EINV_T_BT_122));
        cw_leaf(w, "ram:URIID", cw_get(d, EINV_T_BT_124));
        xo_leaf(w->b, "ram:TypeCode", "916", NULL, NULL, NULL, NULL);
        cw_leaf(w, "ram:Name", cw_get(d, EINV_T_BT_123));
        if ((bin = cw_get(d, EINV_T_BT_125)))
            xo_leaf(w->b, "ram:AttachmentBinaryObject", bin->text ? bin->text : "", "mimeCode",
                    bin->attr[0], "filename", bin->attr[1]);
        xo_close(w->b, "ram:AdditionalReferencedDocument");
    }
}

static void cw_agreement(cw_t *w)
{
    const einv_node_t *r = w->root, *p;
    xo_open(w->b, "ram:ApplicableHeaderTradeAgreement");
    cw_leaf(w, "ram:BuyerReference", cw_get(r, EINV_T_BT_10));
    cw_party(w, "ram:SellerTradeParty", cw_get(r, EINV_T_BG_4), &SELLER, EINV_T_BT_29);
    cw_party(w, "ram:BuyerTradeParty", cw_get(r, EINV_T_BG_7), &BUYER, EINV_T_BT_46);
    cw_party(w, "ram:SellerTaxRepresentativeTradeParty", cw_get(r, EINV_T_BG_11), &TAXREP,
             EINV_T__COUNT);
    cw_doc_ref(w, "ram:SellerOrderReferencedDocument", cw_get(r, EINV_T_BT_14));
    cw_doc_ref(w, "ram:BuyerOrderReferencedDocument", cw_get(r, EINV_T_BT_13));
    cw_doc_ref(w, "ram:ContractReferencedDocument", cw_get(r, EINV_T_BT_12));
    cw_supporting_docs(w);
    cw_additional_ref(w, cw_get(r, EINV_T_BT_17), "50");
    cw_additional_ref(w, cw_get(r, EINV_T_BT_18), "130");
    if ((p = cw_get(r, EINV_T_BT_11))) {
        /* the schema requires a project name; EN 16931 has only the id */
        xo_open(w->b, "ram:SpecifiedProcuringProject");
        cw_leaf(w, "ram:ID", p);
        xo_leaf(w->b, "ram:Name", "Project reference", NULL, NULL, NULL, NULL);
        xo_close(w->b, "ram:SpecifiedProcuringProject");
    }
    xo_close(w->b, "ram:ApplicableHeaderTradeAgreement");
}

static void cw_delivery(cw_t *w)
{
    const einv_node_t *r = w->root, *d = cw_get(r, EINV_T_BG_13);
    static const einv_term ADDR[7] = {EINV_T_BT_75, EINV_T_BT_76, EINV_T_BT_165, EINV_T_BT_77,
                                      EINV_T_BT_78, EINV_T_BT_79, EINV_T_BT_80};
    const einv_node_t *loc = cw_get(d, EINV_T_BT_71), *name = cw_get(d, EINV_T_BT_70),
                      *addr = cw_get(d, EINV_T_BG_15);
    xo_open(w->b, "ram:ApplicableHeaderTradeDelivery");
    if (loc || name || addr) {
        xo_open(w->b, "ram:ShipToTradeParty");
        if (loc)
            cw_leaf_or_global(w, loc);
        cw_leaf(w, "ram:Name", name);
        cw_address(w, addr, ADDR);
        xo_close(w->b, "ram:ShipToTradeParty");
    }
    if (cw_get(d, EINV_T_BT_72)) {
        xo_open(w->b, "ram:ActualDeliverySupplyChainEvent");
        cw_date(w, "ram:OccurrenceDateTime", "udt:DateTimeString", cw_get(d, EINV_T_BT_72));
        xo_close(w->b, "ram:ActualDeliverySupplyChainEvent");
    }
    cw_doc_ref(w, "ram:DespatchAdviceReferencedDocument", cw_get(r, EINV_T_BT_16));
    cw_doc_ref(w, "ram:ReceivingAdviceReferencedDocument", cw_get(r, EINV_T_BT_15));
    xo_close(w->b, "ram:ApplicableHeaderTradeDelivery");
}

/* An identifier that is ram:ID without a scheme, ram:GlobalID with one. */
void cw_leaf_or_global(cw_t *w, const einv_node_t *n)
{
    if (n->attr[0])
        cw_id(w, "ram:GlobalID", n);
    else
        cw_leaf(w, "ram:ID", n);
}

static void cw_document_header(cw_t *w)
{
    const einv_node_t *r = w->root, *n;
    const einv_node_t *bt23 = cw_get(cw_get(r, EINV_T_BG_2), EINV_T_BT_23);
    xo_open(w->b, "rsm:ExchangedDocumentContext");
    if (bt23) {
        xo_open(w->b, "ram:BusinessProcessSpecifiedDocumentContextParameter");
        cw_leaf(w, "ram:ID", bt23);
        xo_close(w->b, "ram:BusinessProcessSpecifiedDocumentContextParameter");
    }
    xo_open(w->b, "ram:GuidelineSpecifiedDocumentContextParameter");
    xo_leaf(w->b, "ram:ID", w->guideline, NULL, NULL, NULL, NULL);
    xo_close(w->b, "ram:GuidelineSpecifiedDocumentContextParameter");
    xo_close(w->b, "rsm:ExchangedDocumentContext");
    xo_open(w->b, "rsm:ExchangedDocument");
    cw_leaf(w, "ram:ID", cw_get(r, EINV_T_BT_1));
    cw_leaf(w, "ram:TypeCode", cw_get(r, EINV_T_BT_3));
    cw_date(w, "ram:IssueDateTime", "udt:DateTimeString", cw_get(r, EINV_T_BT_2));
    for (n = cw_get(r, EINV_T_BG_1); n; n = einv_node_next(n)) {
        xo_open(w->b, "ram:IncludedNote");
        cw_leaf(w, "ram:Content", cw_get(n, EINV_T_BT_22));
        cw_leaf(w, "ram:SubjectCode", cw_get(n, EINV_T_BT_21));
        xo_close(w->b, "ram:IncludedNote");
    }
    xo_close(w->b, "rsm:ExchangedDocument");
}

const char *cii_guideline(const einv_invoice_t *inv)
{
    const einv_node_t *bt24 = cw_get(cw_get(einv_invoice_root(inv), EINV_T_BG_2), EINV_T_BT_24);
    return bt24 && bt24->text && *bt24->text ? bt24->text : "urn:cen.eu:en16931:2017";
}

int cii_write(einv_ctx_t *ctx, const einv_invoice_t *inv, einv_buf_t *out)
{
    return cii_write_as(ctx, inv, NULL, out);
}

int cii_write_as(einv_ctx_t *ctx, const einv_invoice_t *inv, const char *guideline, einv_buf_t *out)
{
    cw_t w;
    const einv_node_t *l;
    memset(&w, 0, sizeof w);
    w.ctx = ctx;
    w.b = out;
    w.inv = inv;
    w.root = einv_invoice_root(inv);
    w.guideline = guideline ? guideline : cii_guideline(inv);
    einv_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rsm:CrossIndustryInvoice" NS_DECL ">");
    cw_document_header(&w);
    xo_open(out, "rsm:SupplyChainTradeTransaction");
    for (l = cw_get(w.root, EINV_T_BG_25); l; l = einv_node_next(l))
        cw_line(&w, l);
    cw_agreement(&w);
    cw_delivery(&w);
    cw_settlement(&w);
    xo_close(out, "rsm:SupplyChainTradeTransaction");
    einv_buf_puts(out, "</rsm:CrossIndustryInvoice>\n");
    return out->oom ? EINV_ERR_NOMEM : EINV_OK;
}
