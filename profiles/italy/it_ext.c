/* AgID extension rules for UBL (the "Italy-EXTENSION-rules" pattern of AGID-EN16931-UBL 3.2.1):
 * BR-IT-DE-*, the FatturaPA data carried in UBL extensions and in UBL elements outside
 * EN 16931 (withholding tax, agents, carriers, shipments, despatch lines).
 *
 * First-match semantics matter only for the extension contents: one ext:ExtensionContent
 * is checked by the first of the URI-keyed rules its UBLExtension satisfies. The artefact
 * compares some names that UBL spells otherwise (cbc:Cityname, cbc:LineID on a line); we
 * read exactly what it reads. */
#include "it_int.h"
#include <string.h>

#define R(var, id, terms, msg, sug) \
    static const einv_rule_t var = {id, EINV_SEV_ERROR, EINV_LAYER_PROFILE, terms, msg, sug};

R(R_01, "BR-IT-DE-001", "", "The issuer type of the SoggettoEmittente extension must be CC or TZ.",
  "Set cbc:TypeCode of the SoggettoEmittente extension to CC (buyer) or TZ (third party).")
R(R_02, "BR-IT-DE-002", "", "The document type of the TipoDocumento extension is not a FatturaPA TDnn code.",
  "Set cbc:TypeCode of the TipoDocumento extension to a FatturaPA document type such as TD01.")
R(R_03, "BR-IT-DE-003", "", "The withholding type of the TipoRitenuta extension must be RT01 to RT06.",
  "Set cbc:TypeCode of the TipoRitenuta extension to one of RT01-RT06.")
R(R_04, "BR-IT-DE-004", "", "The Art73 extension must carry the type code SI.",
  "Set cbc:TypeCode of the Art73 extension to SI, or remove the extension.")
R(R_05, "BR-IT-DE-005", "", "The VAT summary rounding amount of the extension must have at most 11 integer digits and 2 decimals.",
  "Write the rounding amount with two decimals, e.g. 0.01.")
R(R_06, "BR-IT-DE-006", "", "The ScontoMaggiorazione extension must contain an allowance or charge.",
  "Add the cac:AllowanceCharge the extension describes.")
R(R_07, "BR-IT-DE-007", "", "The amount of a ScontoMaggiorazione allowance or charge must have at most 11 integer digits and 2 to 8 decimals.",
  "Write the amount with at least two decimals.")
R(R_08, "BR-IT-DE-008", "", "The percentage of a ScontoMaggiorazione allowance or charge must have at most 3 integer digits and 2 decimals.",
  "Write cbc:MultiplierFactorNumeric like 10.00, or leave it out.")
R(R_09F, "BR-IT-DE-009FT1", "", "An invoice may carry at most one withholding tax total.",
  "Merge the cac:WithholdingTaxTotal groups into one.")
R(R_09N, "BR-IT-DE-009NC1", "", "A credit note's Ritenuta extension must hold exactly one withholding tax total, in a single extension.",
  "Keep one Ritenuta extension with one cac:WithholdingTaxTotal.")
R(R_10, "BR-IT-DE-010", "", "The withholding tax amount must have at most 11 integer digits and exactly 2 decimals.",
  "Write the withholding tax amount with two decimals.")
R(R_11, "BR-IT-DE-011", "", "A withholding tax total must have one or two tax subtotals.",
  "Give the withholding tax total one or two cac:TaxSubtotal groups.")
R(R_12, "BR-IT-DE-012", "", "The withholding tax subtotal amount must have at most 11 integer digits and exactly 2 decimals.",
  "Write the subtotal tax amount with two decimals.")
R(R_13, "BR-IT-DE-013", "",
  "An Italian seller's withholding tax subtotal needs category S, scheme SWT with a type code and a rate like 20.00.",
  "Fill cac:TaxCategory with cbc:ID S, cbc:Percent nn.nn and cac:TaxScheme ID SWT and cbc:TaxTypeCode.")
R(R_14, "BR-IT-DE-014", "", "A billing reference additional document needs an identifier and an issue date.",
  "Add cbc:ID and cbc:IssueDate to cac:BillingReference/cac:AdditionalDocumentReference.")
R(R_15, "BR-IT-DE-015", "", "A billing reference additional document identifier exceeds 20 basic Latin characters.",
  "Shorten the identifier to at most 20 ASCII characters.")
R(R_16, "BR-IT-DE-016", "BT-16", "A despatch advice reference needs an issue date for FatturaPA.",
  "Add cbc:IssueDate to cac:DespatchDocumentReference.")
R(R_17, "BR-IT-DE-017", "", "The seller tax level code must be a FatturaPA tax regime RF01 to RF20 (not RF03).",
  "Set cbc:TaxLevelCode of the seller tax scheme to the regime, e.g. RF01.")
R(R_18, "BR-IT-DE-018", "", "The seller agent's address needs street, city, post code, province and country.",
  "Complete the postal address of the seller's cac:AgentParty.")
R(R_19, "BR-IT-DE-019", "", "The seller agent's street exceeds 60 basic Latin characters.",
  "Shorten the street to at most 60 ASCII characters.")
R(R_20, "BR-IT-DE-020", "", "The seller agent's city exceeds 60 basic Latin characters.",
  "Shorten the city to at most 60 ASCII characters.")
R(R_21, "BR-IT-DE-021", "", "The seller agent's post code must be 5 basic Latin characters.",
  "Write the five-character CAP.")
R(R_22, "BR-IT-DE-022", "", "The seller agent's province must be at most 2 upper-case letters.",
  "Write the province code, e.g. RM.")
R(R_23, "BR-IT-DE-023", "", "The seller's intermediary needs a VAT identifier (scheme VAT) and a name or first and family name.",
  "Complete the ServiceProviderParty with cac:PartyTaxScheme and a name.")
R(R_50, "BR-IT-DE-050", "", "An Italian intermediary needs a tax code (identifier with scheme 0210) of 11 to 16 upper-case letters or digits.",
  "Add cac:PartyIdentification/cbc:ID schemeID=\"0210\" with the codice fiscale.")
R(R_24, "BR-IT-DE-024", "", "The tax representative tax code (scheme 0210) must be 11 to 16 upper-case letters or digits.",
  "Write the codice fiscale of the tax representative.")
R(R_25, "BR-IT-DE-025", "", "A tax representative EORI identifier must read 'EORI:' followed by 13 to 17 upper-case letters or digits.",
  "Write the EORI identifier as EORI:CODE.")
R(R_26, "BR-IT-DE-026", "", "A carrier identifier must be a tax code (scheme 0210) of 11 to 16 upper-case letters or digits.",
  "Give the carrier's codice fiscale with schemeID 0210, or leave the identifier out.")
R(R_27, "BR-IT-DE-027", "", "The carrier name exceeds 80 (or first and family name 60) basic Latin characters.",
  "Shorten the carrier name.")
R(R_28, "BR-IT-DE-028", "", "The carrier VAT identifier must be at most 30 letters or digits.",
  "Write the carrier VAT number without separators.")
R(R_29, "BR-IT-DE-029", "", "The carrier tax scheme must be VAT.",
  "Add cac:PartyTaxScheme/cac:TaxScheme/cbc:ID VAT to the carrier.")
R(R_30, "BR-IT-DE-030", "", "A carrier driving licence reference must be at most 20 upper-case letters or digits with document type 40.",
  "Give the licence number and cbc:DocumentTypeCode 40.")
R(R_31, "BR-IT-DE-031", "", "Shipment gross and net weights must have at most 4 integer digits and 1 or 2 decimals.",
  "Write the weights like 12.50.")
R(R_32, "BR-IT-DE-032", "", "The shipment handling unit quantity must be digits only.",
  "Write the number of packages as an integer.")
R(R_33, "BR-IT-DE-033", "", "The goods description of the shipment exceeds 100 basic Latin characters.",
  "Shorten the goods description.")
R(R_34, "BR-IT-DE-034", "", "The transport means type exceeds 80 basic Latin characters.",
  "Shorten the transport means description.")
R(R_35, "BR-IT-DE-035", "", "The despatch instructions must be at most 100 letters or digits.",
  "Shorten the despatch instructions and use letters and digits only.")
R(R_36, "BR-IT-DE-036", "", "The delivery terms code must be 3 letters or digits (an Incoterm).",
  "Write the Incoterm code, e.g. EXW.")
R(R_37, "BR-IT-DE-037", "", "The settlement discount amount must have at most 11 integer digits and exactly 2 decimals.",
  "Write the amount with two decimals.")
R(R_38, "BR-IT-DE-038", "", "The penalty amount must have at most 11 integer digits and exactly 2 decimals.",
  "Write the amount with two decimals.")
R(R_39, "BR-IT-DE-039", "", "A line's order reference identifier exceeds 20 basic Latin characters.",
  "Shorten the order reference to at most 20 ASCII characters.")
R(R_40, "BR-IT-DE-040", "", "A line's despatch line reference must be NA.",
  "Set cac:DespatchLineReference/cbc:LineID to NA.")
R(R_41, "BR-IT-DE-041", "", "A line's despatch document identifier exceeds 20 basic Latin characters.",
  "Shorten the DDT number to at most 20 ASCII characters.")
R(R_42, "BR-IT-DE-042", "", "A line's despatch document reference needs an issue date.",
  "Add cbc:IssueDate to the line's despatch document reference.")
R(R_43, "BR-IT-DE-043", "", "The buyer agent's address needs street, city, post code, province and country.",
  "Complete the postal address of the buyer's cac:AgentParty.")
R(R_44, "BR-IT-DE-044", "", "The buyer agent's street exceeds 60 basic Latin characters.",
  "Shorten the street to at most 60 ASCII characters.")
R(R_45, "BR-IT-DE-045", "", "The buyer agent's city exceeds 60 basic Latin characters.",
  "Shorten the city to at most 60 ASCII characters.")
R(R_46, "BR-IT-DE-046", "", "The buyer agent's post code must be 5 basic Latin characters.",
  "Write the five-character CAP.")
R(R_47, "BR-IT-DE-047", "", "The buyer agent's province must be at most 2 upper-case letters.",
  "Write the province code, e.g. RM.")
R(R_48, "BR-IT-DE-048", "", "The buyer's representative needs a VAT identifier (scheme VAT), a registration name and, for a person, first and family name.",
  "Complete cac:PowerOfAttorney/cac:AgentParty.")
R(R_49, "BR-IT-DE-049", "", "The buyer representative's name must be 1 to 80 basic Latin characters.",
  "Shorten the representative's registration name.")
R(R_51, "BR-IT-DE-051", "", "The intermediary name must be 1 to 80 basic Latin characters.",
  "Shorten the intermediary's name.")
R(R_52, "BR-IT-DE-052", "", "An Italian seller's line with a line identifier needs an order reference on the line or the document.",
  "Add cac:OrderLineReference/cac:OrderReference or a document-level cac:OrderReference.")

#define C EINV_NS_CAC
#define B EINV_NS_CBC
#define X EINV_NS_EXT

#define U "urn:fdc:agid.gov.it:fatturapa:"

static int bl20(const char *s) { return it_all(s, it_cp_basic, 0, 20); }
static int bl60(const char *s) { return it_all(s, it_cp_basic, 0, 60); }
static int bl80(const char *s) { return it_all(s, it_cp_basic, 0, 80); }
static int bl1_80(const char *s) { return it_all(s, it_cp_basic, 1, 80); }
static int amount2(const char *s) { return it_decimal(s, 1, 1, 11, 2, 2); }
static int upnum11_16(const char *s) { return it_all(s, it_cp_upnum, 11, 16); }

/* ext:ExtensionURI = s (some URI equals s) */
static int uri_is(const xmlNode *ext, const char *s)
{
    return it_any_eq(ext, "ext:ExtensionURI", s);
}

/* starts-with(ext:ExtensionURI, s): a second URI makes the call an error, which Saxon treats
 * as "the pattern does not match" */
static int uri_starts(const xmlNode *ext, const char *s)
{
    const xmlNode *u = einv_x_child(ext, X, "ExtensionURI");
    if (!u || einv_x_next_same(u))
        return 0;
    return strncmp(einv_x_text(u), s, strlen(s)) == 0;
}

/* Report `rule` at every node of `path` below `from` (the root when from is NULL) whose
 * string value fails `ok`. */
static void each(einv_ctx_t *ctx, const it_doc_t *doc, const xmlNode *from, const char *path,
                 const einv_rule_t *rule, int (*ok)(const char *))
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

static void check_extensions(einv_ctx_t *ctx, const it_doc_t *doc)
{
    static const char TD[] = " TD01 TD02 TD03 TD04 TD05 TD06 TD16 TD17 TD18 TD19 TD20 TD21 TD22 "
                             "TD23 TD24 TD25 TD26 TD27 TD28 TD29 ";
    einv_nodes_t exts;
    size_t i;
    einv_nodes_init(&exts);
    it_sel(doc, "ext:UBLExtensions/ext:UBLExtension", &exts);
    for (i = 0; i < exts.n; i++) {
        const xmlNode *ext = exts.v[i], *ec, *ac;
        for (ec = einv_x_child(ext, X, "ExtensionContent"); ec; ec = einv_x_next_same(ec)) {
            const char *type = it_str(ec, "cbc:TypeCode");
            if (uri_is(ext, U "SoggettoEmittente")) {
                if (!it_token_in(" CC TZ ", type))
                    einv_report(ctx, &R_01, ec);
            } else if (uri_is(ext, U "TipoDocumento")) {
                if (!it_token_in(TD, type))
                    einv_report(ctx, &R_02, ec);
            } else if (uri_starts(ext, U "TipoRitenuta")) {
                if (!it_token_in(" RT01 RT02 RT03 RT04 RT05 RT06 ", type))
                    einv_report(ctx, &R_03, ec);
            } else if (uri_is(ext, U "Art73")) {
                if (!it_any_eq(ec, "cbc:TypeCode", "SI"))
                    einv_report(ctx, &R_04, ec);
            } else if (uri_starts(ext, U "RiepilogoIVA:Arrotondamento")) {
                if (!amount2(it_str(ec, "cbc:Amount")))
                    einv_report(ctx, &R_05, ec);
            } else if (uri_is(ext, U "ScontoMaggiorazione")) {
                if (!einv_x_child(ec, C, "AllowanceCharge"))
                    einv_report(ctx, &R_06, ec);
            } else if (doc->is_credit_note && uri_is(ext, U "Ritenuta")) {
                size_t k, n = 0;
                for (k = 0; k < exts.n; k++)
                    n += uri_is(exts.v[k], U "Ritenuta");
                if (einv_x_count(ec, C, "WithholdingTaxTotal") != 1 || n != 1)
                    einv_report(ctx, &R_09N, ec);
            }
            if (!uri_is(ext, U "ScontoMaggiorazione"))
                continue;
            for (ac = einv_x_child(ec, C, "AllowanceCharge"); ac; ac = einv_x_next_same(ac)) {
                const xmlNode *mf = einv_x_child(ac, B, "MultiplierFactorNumeric");
                if (!it_decimal(it_str(ac, "cbc:Amount"), 1, 1, 11, 2, 8))
                    einv_report(ctx, &R_07, ac);
                if (mf && !it_decimal(einv_x_text(mf), 0, 1, 3, 2, 2))
                    einv_report(ctx, &R_08, ac);
            }
        }
    }
    einv_nodes_free(&exts);
}

static void check_withholding(einv_ctx_t *ctx, const it_doc_t *doc)
{
    const einv_nodelist_t *l = einv_xdoc_all(doc->d, C, "WithholdingTaxTotal");
    size_t i;
    if (doc->is_invoice && it_sel_count(doc, "cac:WithholdingTaxTotal") > 1)
        einv_report(ctx, &R_09F, doc->root);
    for (i = 0; i < l->n; i++) {
        const xmlNode *wt = l->v[i], *st;
        size_t n = einv_x_count(wt, C, "TaxSubtotal");
        if (!amount2(it_str(wt, "cbc:TaxAmount")))
            einv_report(ctx, &R_10, wt);
        if (n < 1 || n > 2)
            einv_report(ctx, &R_11, wt);
        for (st = einv_x_child(wt, C, "TaxSubtotal"); st; st = einv_x_next_same(st)) {
            int ok;
            if (!amount2(it_str(st, "cbc:TaxAmount")))
                einv_report(ctx, &R_12, st);
            ok = (it_decimal(it_str(st, "cac:TaxCategory/cbc:Percent"), 0, 1, 3, 2, 2) &&
                  it_any_eq(st, "cac:TaxCategory/cbc:ID", "S") &&
                  it_any_eq(st, "cac:TaxCategory/cac:TaxScheme/cbc:ID", "SWT") &&
                  einv_x_path(st, "cac:TaxCategory/cac:TaxScheme/cbc:TaxTypeCode") && doc->sup_cc_eq_it) ||
                 doc->sup_cc_ne_it;
            if (!ok)
                einv_report(ctx, &R_13, st);
        }
    }
}

/* cac:PartyIdentification/cbc:ID[@schemeID='0210'], the first one */
static const xmlNode *first_0210(const xmlNode *party)
{
    einv_nodes_t ids;
    const xmlNode *cf = NULL;
    size_t k;
    einv_nodes_init(&ids);
    einv_x_select(party, "cac:PartyIdentification/cbc:ID", &ids);
    for (k = 0; k < ids.n && !cf; k++)
        if (it_attr_eq(ids.v[k], "schemeID", "0210"))
            cf = ids.v[k];
    einv_nodes_free(&ids);
    return cf;
}

static int upper0_2(const char *s)
{
    return it_all(s, it_cp_upnum, 0, 2) && !strpbrk(s, "0123456789");
}

/* BR-IT-DE-018..022 / -043..047 on an agent's postal address */
static void check_agent_address(einv_ctx_t *ctx, const xmlNode *pa, const einv_rule_t *const r[5])
{
    if (!einv_x_child(pa, B, "StreetName") || !einv_x_child(pa, B, "CityName") ||
        !einv_x_child(pa, B, "PostalZone") || !einv_x_child(pa, B, "CountrySubentity") ||
        !einv_x_path(pa, "cac:Country/cbc:IdentificationCode"))
        einv_report(ctx, r[0], pa);
    if (!bl60(it_str(pa, "cbc:StreetName")))
        einv_report(ctx, r[1], pa);
    if (!bl60(it_str(pa, "cbc:Cityname")))   /* sic: the artefact's spelling */
        einv_report(ctx, r[2], pa);
    if (!it_all(it_str(pa, "cbc:PostalZone"), it_cp_basic, 5, 5))
        einv_report(ctx, r[3], pa);
    if (!upper0_2(it_str(pa, "cbc:CountrySubentity")))
        einv_report(ctx, r[4], pa);
}

static void check_parties(einv_ctx_t *ctx, const it_doc_t *doc)
{
    static const char RF[] = " RF01 RF02 RF04 RF05 RF06 RF07 RF08 RF09 RF10 RF11 RF12 RF13 RF14 "
                             "RF15 RF16 RF17 RF18 RF19 RF20 ";
    static const einv_rule_t *const SELLER_AGENT[5] = {&R_18, &R_19, &R_20, &R_21, &R_22};
    static const einv_rule_t *const BUYER_AGENT[5] = {&R_43, &R_44, &R_45, &R_46, &R_47};
    einv_nodes_t v;
    size_t i;

    einv_nodes_init(&v);
    it_sel(doc, "cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:TaxLevelCode", &v);
    for (i = 0; i < v.n; i++)
        if (!it_token_in(RF, einv_x_text(v.v[i])))
            einv_report(ctx, &R_17, v.v[i]);
    v.n = 0;
    it_sel(doc, "cac:AccountingSupplierParty/cac:Party/cac:AgentParty/cac:PostalAddress", &v);
    for (i = 0; i < v.n; i++)
        check_agent_address(ctx, v.v[i], SELLER_AGENT);
    v.n = 0;
    it_sel(doc, "cac:AccountingSupplierParty/cac:Party/cac:ServiceProviderParty/cac:Party", &v);
    for (i = 0; i < v.n; i++) {
        const xmlNode *p = v.v[i];
        int ok = 0;
        if (einv_x_path(p, "cac:PartyTaxScheme/cbc:CompanyID") &&
            it_any_eq(p, "cac:PartyTaxScheme/cac:TaxScheme/cbc:ID", "VAT") &&
            (einv_x_path(p, "cac:PartyName/cbc:Name") ||
             (einv_x_path(p, "cac:Person/cbc:FirstName") && einv_x_path(p, "cac:Person/cbc:FamilyName"))))
            ok = 1;
        if (!ok)
            einv_report(ctx, &R_23, p);
        /* not(starts-with(upper-case(VAT id), 'IT')) or a 0210 identifier of 11..16 [A-Z0-9] */
        {
            const char *vat = it_str(p, "cac:PartyTaxScheme/cbc:CompanyID");
            if ((vat[0] == 'I' || vat[0] == 'i') && (vat[1] == 'T' || vat[1] == 't')) {
                const xmlNode *cf = first_0210(p);
                if (!(cf && upnum11_16(einv_x_text(cf))))
                    einv_report(ctx, &R_50, p);
            }
        }
        each(ctx, doc, p, "cac:PartyName/cbc:Name", &R_51, bl1_80);
    }
    v.n = 0;
    it_sel(doc, "cac:TaxRepresentativeParty/cac:PartyIdentification/cbc:ID", &v);
    for (i = 0; i < v.n; i++) {
        const char *s = einv_x_text(v.v[i]);
        if (it_attr_eq(v.v[i], "schemeID", "0210")) {
            if (!upnum11_16(s))
                einv_report(ctx, &R_24, v.v[i]);
        } else if (strncmp(s, "EORI:", 5) == 0 && !it_all(s + 5, it_cp_upnum, 13, 17))
            einv_report(ctx, &R_25, v.v[i]);
    }
    v.n = 0;
    it_sel(doc, "cac:AccountingCustomerParty/cac:Party/cac:AgentParty/cac:PostalAddress", &v);
    for (i = 0; i < v.n; i++)
        check_agent_address(ctx, v.v[i], BUYER_AGENT);
    v.n = 0;
    it_sel(doc, "cac:AccountingCustomerParty/cac:Party/cac:PowerOfAttorney/cac:AgentParty", &v);
    for (i = 0; i < v.n; i++) {
        const xmlNode *a = v.v[i];
        if (!(einv_x_path(a, "cac:PartyTaxScheme/cbc:CompanyID") &&
              it_any_eq(a, "cac:PartyTaxScheme/cac:TaxScheme/cbc:ID", "VAT") &&
              einv_x_path(a, "cac:PartyLegalEntity/cbc:RegistrationName") &&
              (!einv_x_child(a, C, "Person") ||
               (einv_x_path(a, "cac:Person/cbc:FirstName") && einv_x_path(a, "cac:Person/cbc:FamilyName")))))
            einv_report(ctx, &R_48, a);
        each(ctx, doc, a, "cac:PartyLegalEntity/cbc:RegistrationName", &R_49, bl1_80);
    }
    einv_nodes_free(&v);
}

static int weight_ok(const xmlNode *w)
{
    /* '^[0-9]{1,4}\.[0-9]{1,2}$' */
    const char *s = einv_x_text(w), *dot = strchr(s, '.');
    size_t i = dot ? (size_t)(dot - s) : 0;
    return !w || (dot && i >= 1 && i <= 4 && strspn(s, "0123456789") == i &&
                  strlen(dot + 1) >= 1 && strlen(dot + 1) <= 2 &&
                  strspn(dot + 1, "0123456789") == strlen(dot + 1));
}

static void check_delivery(einv_ctx_t *ctx, const it_doc_t *doc)
{
    einv_nodes_t v;
    size_t i;
    einv_nodes_init(&v);
    it_sel(doc, "cac:Delivery/cac:CarrierParty", &v);
    for (i = 0; i < v.n; i++) {
        const xmlNode *cp = v.v[i], *id = einv_x_path(cp, "cac:PartyIdentification/cbc:ID");
        int cf = first_0210(cp) != NULL;
        if (id && !(upnum11_16(einv_x_text(id)) && cf))
            einv_report(ctx, &R_26, cp);
        if (!bl80(it_str(cp, "cac:PartyName/cbc:Name")) &&
            !(bl60(it_str(cp, "cac:Person/cbc:FirstName")) && bl60(it_str(cp, "cac:Person/cbc:FamilyName"))))
            einv_report(ctx, &R_27, cp);
        if (!it_all(it_str(cp, "cac:PartyTaxScheme/cbc:CompanyID"), it_cp_alnum, 0, 30))
            einv_report(ctx, &R_28, cp);
        if (!it_any_eq(cp, "cac:PartyTaxScheme/cac:TaxScheme/cbc:ID", "VAT"))
            einv_report(ctx, &R_29, cp);
        if (einv_x_path(cp, "cac:Person/cac:IdentityDocumentReference") &&
            !(it_all(it_str(cp, "cac:Person/cac:IdentityDocumentReference/cbc:ID"), it_cp_upnum, 0, 20) &&
              it_any_eq(cp, "cac:Person/cac:IdentityDocumentReference/cbc:DocumentTypeCode", "40")))
            einv_report(ctx, &R_30, cp);
    }
    v.n = 0;
    it_sel(doc, "cac:Delivery/cac:Shipment", &v);
    for (i = 0; i < v.n; i++) {
        const xmlNode *sh = v.v[i], *q = einv_x_child(sh, B, "TotalTransportHandlingUnitQuantity");
        const xmlNode *gd = einv_x_path(sh, "cac:GoodsItem/cbc:Description");
        const xmlNode *tm = einv_x_path(sh, "cac:ShipmentStage/cbc:TransportMeansTypeCode");
        if (!weight_ok(einv_x_child(sh, B, "GrossWeightMeasure")) ||
            !weight_ok(einv_x_child(sh, B, "NetWeightMeasure")))
            einv_report(ctx, &R_31, sh);
        if (q && !it_all(einv_x_text(q), it_cp_digit, 1, 9999))
            einv_report(ctx, &R_32, sh);
        if (gd && !it_all(einv_x_text(gd), it_cp_basic, 0, 100))
            einv_report(ctx, &R_33, sh);
        if (tm && !bl80(einv_x_text(tm)))
            einv_report(ctx, &R_34, sh);
    }
    v.n = 0;
    it_sel(doc, "cac:Despatch", &v);
    for (i = 0; i < v.n; i++) {
        const xmlNode *in = einv_x_child(v.v[i], B, "Instructions");
        if (in && !it_all(einv_x_text(in), it_cp_alnum, 0, 100))
            einv_report(ctx, &R_35, v.v[i]);
    }
    einv_nodes_free(&v);
}

static int alnum3(const char *s) { return it_all(s, it_cp_alnum, 3, 3); }
static int is_na(const char *s) { return strcmp(s, "NA") == 0; }

static void check(einv_ctx_t *ctx, const it_doc_t *doc)
{
    const xmlNode *root = doc->root, *x, *y;
    int order = it_sel1(doc, "cac:OrderReference") != NULL;
    check_extensions(ctx, doc);
    check_withholding(ctx, doc);
    {
        einv_nodes_t v;
        size_t i;
        einv_nodes_init(&v);
        it_sel(doc, "cac:BillingReference/cac:AdditionalDocumentReference", &v);
        for (i = 0; i < v.n; i++) {
            y = v.v[i];
            if (!einv_x_child(y, B, "ID") || !einv_x_child(y, B, "IssueDate"))
                einv_report(ctx, &R_14, y);
            if (!bl20(it_str(y, "cbc:ID")))
                einv_report(ctx, &R_15, y);
        }
        v.n = 0;
        it_sel(doc, "cac:DespatchDocumentReference", &v);
        for (i = 0; i < v.n; i++)
            if (!einv_x_child(v.v[i], B, "IssueDate"))
                einv_report(ctx, &R_16, v.v[i]);
        einv_nodes_free(&v);
    }
    check_parties(ctx, doc);
    check_delivery(ctx, doc);
    each(ctx, doc, NULL, "cac:DeliveryTerms/cbc:ID", &R_36, alnum3);
    each(ctx, doc, NULL, "cac:PaymentTerms/cbc:SettlementDiscountAmount", &R_37, amount2);
    each(ctx, doc, NULL, "cac:PaymentTerms/cbc:PenaltyAmount", &R_38, amount2);
    for (x = einv_x_first_elem(root); x; x = einv_x_next_elem(x)) {
        const xmlNode *c, *r, *d;
        int line_order = 0, line_id = 0;
        if (!einv_x_is(x, C, "InvoiceLine") && !einv_x_is(x, C, "CreditNoteLine"))
            continue;
        /* one pass over the line's children */
        for (c = einv_x_first_elem(x); c; c = einv_x_next_elem(c)) {
            if (einv_x_is(c, B, "LineID")) {
                line_id = 1;
            } else if (einv_x_is(c, C, "OrderLineReference")) {
                for (r = einv_x_child(c, C, "OrderReference"); r; r = einv_x_next_same(r)) {
                    line_order = 1;
                    for (y = einv_x_child(r, B, "ID"); y; y = einv_x_next_same(y))
                        if (!bl20(einv_x_text(y)))
                            einv_report(ctx, &R_39, y);
                }
            } else if (einv_x_is(c, C, "DespatchLineReference")) {
                for (y = einv_x_child(c, B, "LineID"); y; y = einv_x_next_same(y))
                    if (!is_na(einv_x_text(y)))
                        einv_report(ctx, &R_40, y);
                for (d = einv_x_child(c, C, "DocumentReference"); d; d = einv_x_next_same(d)) {
                    for (y = einv_x_child(d, B, "ID"); y; y = einv_x_next_same(y))
                        if (!bl20(einv_x_text(y)))
                            einv_report(ctx, &R_41, y);
                    if (!einv_x_child(d, B, "IssueDate"))
                        einv_report(ctx, &R_42, d);
                }
            }
        }
        if (!(line_order || order || doc->sup_cc_ne_it || !line_id))
            einv_report(ctx, &R_52, x);
    }
}

static const einv_rule_t *const RULES[] = {
    &R_01, &R_02, &R_03, &R_04, &R_05, &R_06, &R_07, &R_08, &R_09F, &R_09N, &R_10, &R_11, &R_12,
    &R_13, &R_14, &R_15, &R_16, &R_17, &R_18, &R_19, &R_20, &R_21, &R_22, &R_23, &R_24, &R_25,
    &R_26, &R_27, &R_28, &R_29, &R_30, &R_31, &R_32, &R_33, &R_34, &R_35, &R_36, &R_37, &R_38,
    &R_39, &R_40, &R_41, &R_42, &R_43, &R_44, &R_45, &R_46, &R_47, &R_48, &R_49, &R_50, &R_51,
    &R_52,
};

const it_family_t it_ext = {"it-ext", check, RULES, sizeof RULES / sizeof RULES[0]};
