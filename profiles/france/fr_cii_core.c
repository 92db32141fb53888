/* FRANCE profile, CII: the BR-FR-01 .. BR-FR-32 asserts of the FNFE-MPE CTC Flux 2 CII
 * schematron 1.4.0 (identifiers, dates, codes, mandatory notes, SIREN/SIRET, electronic
 * addresses, VAT categories and rates, attachments, item attributes, invoiced objects).
 *
 * The CII artefact names several asserts differently from the UBL one (BR-FR-05_BT-22_PMT,
 * BR-FR-15_BT-95_BT-118_LM, BR-FR-32-GLOBALID, ...) and reads the notes by subject code
 * (ram:SubjectCode) rather than by "#CODE#" prefixes; both are followed as published. Dates
 * are checked on their first 8 characters (YYYYMMDD). */
#include <stdlib.h>
#include <string.h>
#include "fr_int.h"

#define R EINV_NS_RAM

#define ED "rsm:ExchangedDocument"
#define EDC "rsm:ExchangedDocumentContext"
#define SCTT "rsm:SupplyChainTradeTransaction"
#define HTA SCTT "/ram:ApplicableHeaderTradeAgreement"
#define HTD SCTT "/ram:ApplicableHeaderTradeDelivery"
#define HTS SCTT "/ram:ApplicableHeaderTradeSettlement"
#define LI SCTT "/ram:IncludedSupplyChainTradeLineItem"

FR_RULE(R_01_BT_1, "BR-FR-01_BT-1", "BT-1", "The invoice number (BT-1) is longer than 35 characters.",
        "Shorten rsm:ExchangedDocument/ram:ID to at most 35 characters.")
FR_RULE(R_02_BT_1, "BR-FR-02_BT-1", "BT-1",
        "The invoice number (BT-1) holds characters other than letters, digits and + - _ /, or spaces.",
        "Use only A-Z, a-z, 0-9 and the signs + - _ / in the invoice number, without spaces.")
FR_RULE(R_01_BT_25, "BR-FR-01_BT-25", "BT-25", "The preceding invoice number (BT-25) is longer than 35 characters.",
        "Shorten ram:InvoiceReferencedDocument/ram:IssuerAssignedID to 35 characters.")
FR_RULE(R_02_BT_25, "BR-FR-02_BT-25", "BT-25",
        "The preceding invoice number (BT-25) holds characters outside letters, digits and + - _ /.",
        "Write the referenced invoice number with A-Z, a-z, 0-9, + - _ / only, without spaces.")
FR_RULE(R_01_136, "BR-FR-01_EXT-FR-FE-136", "EXT-FR-FE-136",
        "A line-level preceding invoice number (EXT-FR-FE-136) is longer than 35 characters.",
        "Shorten the line's referenced invoice number to 35 characters.")
FR_RULE(R_02_136, "BR-FR-02_EXT-FR-FE-136", "EXT-FR-FE-136",
        "A line-level preceding invoice number (EXT-FR-FE-136) holds characters that are not allowed.",
        "Use only A-Z, a-z, 0-9 and + - _ / in the line's referenced invoice number.")

#define DATE_RULE(var, id, term, what)                                                          \
    FR_RULE(var, id, term, "The " what " (" term ") is not a valid date between 2000 and 2099.", \
            "Write a real calendar date in the years 2000-2099 as YYYYMMDD (format 102).")
DATE_RULE(R_03_BT_2, "BR-FR-03_BT-2", "BT-2", "invoice issue date")
DATE_RULE(R_03_BT_7, "BR-FR-03_BT-7", "BT-7", "VAT point date")
DATE_RULE(R_03_BT_9, "BR-FR-03_BT-9", "BT-9", "payment due date")
DATE_RULE(R_03_BT_26, "BR-FR-03_BT-26", "BT-26", "preceding invoice issue date")
DATE_RULE(R_03_BT_72, "BR-FR-03_BT-72", "BT-72", "actual delivery date")
DATE_RULE(R_03_BT_73, "BR-FR-03_BT-73", "BT-73", "invoicing period start date")
DATE_RULE(R_03_BT_74, "BR-FR-03_BT-74", "BT-74", "invoicing period end date")
DATE_RULE(R_03_138, "BR-FR-03_EXT-FR-FE-138", "EXT-FR-FE-138", "line preceding invoice date")
DATE_RULE(R_03_158, "BR-FR-03_EXT-FR-FE-158", "EXT-FR-FE-158", "line actual delivery date")
DATE_RULE(R_03_134, "BR-FR-03_EXT-FR-FE-134", "BT-134", "invoice line period start date")
DATE_RULE(R_03_135, "BR-FR-03_EXT-FR-FE-135", "BT-135", "invoice line period end date")

#define TYPE_SUG "Use one of 380 389 393 501 386 500 384 471 472 473 261 262 381 396 502 503."
FR_RULE(R_04_BT_3, "BR-FR-04_BT-3", "BT-3", "The invoice type code (BT-3) is not allowed in France.", TYPE_SUG)
FR_RULE(R_04_02, "BR-FR-04_EXT-FR-FE-02", "EXT-FR-FE-02",
        "The type code of the preceding invoice (EXT-FR-FE-02) is not allowed in France.", TYPE_SUG)
FR_RULE(R_04_137, "BR-FR-04_EXT-FR-FE-137", "EXT-FR-FE-137",
        "The type code of a line's preceding invoice (EXT-FR-FE-137) is not allowed in France.", TYPE_SUG)

FR_RULE(R_05_PMT, "BR-FR-05_BT-22_PMT", "BT-21, BT-22", "No invoice note has the subject code PMT (recovery costs).",
        "Add a ram:IncludedNote with ram:SubjectCode PMT stating the fixed recovery indemnity.")
FR_RULE(R_05_PMD, "BR-FR-05_BT-22_PMD", "BT-21, BT-22", "No invoice note has the subject code PMD (late-payment penalties).",
        "Add a ram:IncludedNote with ram:SubjectCode PMD stating the late-payment penalties.")
FR_RULE(R_05_AAB, "BR-FR-05_BT-22_AAB", "BT-21, BT-22", "No invoice note has the subject code AAB (early-payment discount).",
        "Add a ram:IncludedNote with ram:SubjectCode AAB stating the discount terms (or that there is none).")
FR_RULE(R_06_PMT, "BR-FR-06_BT-21_PMT", "BT-21", "More than one note has the subject code PMT.", "Keep a single PMT note.")
FR_RULE(R_06_PMD, "BR-FR-06_BT-21_PMD", "BT-21", "More than one note has the subject code PMD.", "Keep a single PMD note.")
FR_RULE(R_06_AAB, "BR-FR-06_BT-21_AAB", "BT-21", "More than one note has the subject code AAB.", "Keep a single AAB note.")
FR_RULE(R_06_TXD, "BR-FR-06_BT-21_TXD", "BT-21", "More than one note has the subject code TXD.", "Keep a single TXD note.")
FR_RULE(R_08_BT_23, "BR-FR-08_BT-23", "BT-23",
        "The billing framework (BT-23, business process identifier) is missing or not a French framework code.",
        "Set ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID to one of B1 S1 M1 B2 S2 M2 S3 B4 S4 M4 "
        "S5 S6 B7 S7 B8 S8 M8 B9 S9 M9.")

#define SIRET_SUG "Make the SIRET (global id, scheme 0009) 14 digits starting with the party's SIREN (scheme 0002)."
FR_RULE(R_09_BT_29, "BR-FR-09_BT-29", "BT-29, BT-30", "The seller SIRET does not have 14 digits or does not start with the seller SIREN.", SIRET_SUG)
FR_RULE(R_09_BT_46, "BR-FR-09_BT-46", "BT-46, BT-47", "The buyer SIRET does not have 14 digits or does not start with the buyer SIREN.", SIRET_SUG)
FR_RULE(R_09_BT_60, "BR-FR-09_BT-60", "BT-60", "The payee SIRET does not have 14 digits or does not start with the payee SIREN.", SIRET_SUG)
FR_RULE(R_09_06, "BR-FR-09_EXT-FR-FE-06", "EXT-FR-FE-06", "The buyer agent SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_46, "BR-FR-09_EXT-FR-FE-46", "EXT-FR-FE-46", "The payer SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_69, "BR-FR-09_EXT-FR-FE-69", "EXT-FR-FE-69", "The seller agent SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_92, "BR-FR-09_EXT-FR-FE-92", "EXT-FR-FE-92", "The invoicee SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_115, "BR-FR-09_EXT-FR-FE-115", "EXT-FR-FE-115", "The invoicer SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_BT_71, "BR-FR-09_BT-71", "BT-71", "The ship-to party SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_146, "BR-FR-09_EXT-FR-FE-146", "EXT-FR-FE-146", "A line ship-to party SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)

FR_RULE(R_10_BT_30, "BR-FR-10_BT-30", "BT-30",
        "The seller SIREN (BT-30, legal organization id with scheme 0002) is missing or not 9 digits.",
        "Add ram:SpecifiedLegalOrganization/ram:ID schemeID=\"0002\" with the 9-digit SIREN to the seller.")
FR_RULE(R_11_BT_47, "BR-FR-11_BT-47", "BT-47",
        "A B2B invoice (BAR note B2B) has no valid 9-digit buyer SIREN (BT-47).",
        "Give the buyer ram:SpecifiedLegalOrganization/ram:ID schemeID=\"0002\" with its SIREN.")
FR_RULE(R_12_BT_49, "BR-FR-12_BT-49", "BT-49", "The buyer electronic address (BT-49) is missing.",
        "Add the buyer ram:URIUniversalCommunication/ram:URIID (for instance the SIREN with scheme 0225).")
FR_RULE(R_13_BT_34, "BR-FR-13_BT-34", "BT-34", "The seller electronic address (BT-34) is missing.",
        "Add the seller ram:URIUniversalCommunication/ram:URIID (for instance the SIREN with scheme 0225).")

#define CAT_SUG "Use a VAT category code among S, E, AE, K, G, O, Z."
#define LM_SUG "Categories L and M (Canary Islands, Ceuta and Melilla) do not apply to French invoices."
FR_RULE(R_15_102, "BR-FR-15_BT-95_BT-102", "BT-95, BT-102",
        "A document level allowance or charge has no VAT category code or one not used in France.", CAT_SUG)
FR_RULE(R_15_102_LM, "BR-FR-15_BT-95_BT-102_LM", "BT-95, BT-102", "A document level allowance or charge uses VAT category L or M.", LM_SUG)
FR_RULE(R_15_118, "BR-FR-15_BT-95_BT-118", "BT-118", "A VAT breakdown has no VAT category code or one not used in France.", CAT_SUG)
FR_RULE(R_15_118_LM, "BR-FR-15_BT-95_BT-118_LM", "BT-118", "A VAT breakdown uses VAT category L or M.", LM_SUG)
FR_RULE(R_15_151, "BR-FR-15_BT-95_BT-151", "BT-151",
        "An invoice line has no VAT category code (only GROUP and INFORMATION lines may omit it) or one not used in France.",
        CAT_SUG)
FR_RULE(R_15_151_LM, "BR-FR-15_BT-95_BT-151_LM", "BT-151", "An invoice line uses VAT category L or M.", LM_SUG)
#define RATE_SUG "Use a French VAT rate written without % (e.g. 20, 10, 5.5, 2.1, 0; 8.5 and 2.1 overseas)."
FR_RULE(R_16_96, "BR-FR-16_BT-96_BT-103", "BT-96, BT-103",
        "A document level allowance or charge has a VAT rate that is not a French rate.", RATE_SUG)
FR_RULE(R_16_119, "BR-FR-16_BT-119", "BT-119", "A VAT breakdown rate (BT-119) is not a French VAT rate.", RATE_SUG)
FR_RULE(R_16_152, "BR-FR-16_BT-152", "BT-152", "An invoice line VAT rate (BT-152) is not a French VAT rate.", RATE_SUG)
FR_RULE(R_17_BT_123, "BR-FR-17_BT-123", "BT-123",
        "An attachment (type 916) is described with a name that is not one of the French attachment codes.",
        "Name the document RIB, LISIBLE, FEUILLE_DE_STYLE, PJA, BORDEREAU_SUIVI, DOCUMENT_ANNEXE, BON_LIVRAISON, "
        "BON_COMMANDE, BORDEREAU_SUIVI_VALIDATION, ETAT_ACOMPTE, FACTURE_PAIEMENT_DIRECT or RECAPITULATIF_COTRAITANCE.")
FR_RULE(R_18_BT_123, "BR-FR-18_BT-123", "BT-123",
        "More than one additional document is named LISIBLE (the readable copy).",
        "Keep a single ram:AdditionalReferencedDocument with ram:Name LISIBLE.")
FR_RULE(R_20_BT_21, "BR-FR-20_BT-21", "BT-21, BT-22",
        "A note with subject code BAR gives a processing value that is not allowed.",
        "Use B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE or ARCHIVEONLY as the content of the BAR note.")
FR_RULE(R_21_BT_49, "BR-FR-21_BT-49", "BT-49, BT-49-1",
        "In a B2B invoice that is not self-billed the buyer electronic address (BT-49) does not start "
        "with the buyer SIREN or its scheme is not 0225.",
        "Give the buyer ram:URIID schemeID=\"0225\" starting with its SIREN.")
FR_RULE(R_22_BT_34, "BR-FR-22_BT-34", "BT-34, BT-34-1",
        "In a self-billed B2B invoice the seller electronic address (BT-34) does not start with the "
        "seller SIREN or its scheme is not 0225.",
        "Give the seller ram:URIID schemeID=\"0225\" starting with its SIREN.")

#include "fr_rules_address.h"

FR_RULE(R_27_BG_32, "BR-FR-27_BG-32", "BG-32", "An item attribute has neither a name (BT-160) nor a code.",
        "Give the ram:ApplicableProductCharacteristic a ram:Description or a ram:TypeCode.")
FR_RULE(R_27_BT_160, "BR-FR-27_BT-160", "BT-160", "An item attribute name (BT-160) is empty.",
        "Fill ram:Description or remove it and use ram:TypeCode.")
FR_RULE(R_27_159, "BR-FR-27_EXT-FR-FE-159", "EXT-FR-FE-159", "An item attribute code is empty.",
        "Fill ram:TypeCode or remove it and use ram:Description.")
FR_RULE(R_28_VALUE, "BR-FR-28-Value", "BT-161",
        "An item attribute must carry either a value (BT-161) or a measure with a unit, not both and not neither.",
        "Keep exactly one of ram:Value and ram:ValueMeasure (with a unitCode).")
FR_RULE(R_29_BT_18, "BR-FR-29_BT-18", "BT-18",
        "More than one invoiced object reference uses the type AFL, or more than one uses AVV.",
        "Give at most one ram:AdditionalReferencedDocument with ram:ReferenceTypeCode AFL and one with AVV.")
FR_RULE(R_29_AFL, "BR-FR-29_AFL", "BT-18", "The invoiced object identifier of type AFL is empty.",
        "Fill ram:IssuerAssignedID of the AFL reference or remove it.")
FR_RULE(R_29_AVV, "BR-FR-29_AVV", "BT-18", "The invoiced object identifier of type AVV is empty.",
        "Fill ram:IssuerAssignedID of the AVV reference or remove it.")
FR_RULE(R_30_BT_128, "BR-FR-30_BT-128", "BT-128",
        "A line carries more than one object reference of type AFL or of type AVV.",
        "Give at most one AFL and one AVV object reference per line.")
FR_RULE(R_30_AFL, "BR-FR-30_AFL", "BT-128", "A line object identifier of type AFL is empty.",
        "Fill the line's AFL ram:IssuerAssignedID or remove it.")
FR_RULE(R_30_AVV, "BR-FR-30_AVV", "BT-128", "A line object identifier of type AVV is empty.",
        "Fill the line's AVV ram:IssuerAssignedID or remove it.")
FR_RULE(R_31_BT_21, "BR-FR-31_BT-21", "BT-21, BT-22",
        "More than one BAR note gives a processing value.",
        "Keep a single BAR note among B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE, ARCHIVEONLY.")
FR_RULE(R_32_LEGALID, "BR-FR-32-LEGALID", "BT-30, BT-47",
        "A legal organization identifier with scheme 0002 (SIREN) is not exactly 9 digits.",
        "Write the SIREN as 9 digits, without spaces.")
FR_RULE(R_32_GLOBALID, "BR-FR-32-GLOBALID", "BT-29, BT-46",
        "A global identifier with scheme 0002 or 0231 is not exactly 9 digits.",
        "Write the SIREN as 9 digits, without spaces.")

/* ---- helpers ---- */

static void must(einv_ctx_t *ctx, int ok, const einv_rule_t *r, const xmlNode *n)
{
    if (!ok)
        einv_report(ctx, r, n);
}

static const char *text_of(const xmlNode *n) { return n ? einv_x_text(n) : ""; }

/* matches(normalize-space(x), '^\d{9}$') */
static int nine_digits(const xmlNode *x)
{
    size_t n;
    const char *t;
    if (!x)
        return 0;
    t = fr_trim(einv_x_text(x), &n);
    return fr_k_digits(t, n, 9);
}

/* BR-FR-09 on one trade party (see the UBL family for the two siren forms). */
static void siret_rule(einv_ctx_t *ctx, const einv_rule_t *r, const xmlNode *p, int fallback)
{
    xmlNodePtr siret = fr_child_attr(p, R, "GlobalID", "schemeID", "0009");
    const char *st;
    int ok;
    if (!siret)
        return;
    st = einv_x_text(siret);
    if (!fr_k_digits(st, strlen(st), 14))
        ok = 0;
    else if (fallback) {
        xmlNodePtr siren = fr_path_attr(p, "ram:SpecifiedLegalOrganization/ram:ID", "schemeID", "0002");
        ok = siren && *einv_x_text(siren) ? fr_prefix9_eq(st, einv_x_text(siren)) : 1;
    } else {
        ok = 0;
        FR_EACH(p, "ram:SpecifiedLegalOrganization/ram:ID", s) {
            const char *v = einv_x_attr(s, "schemeID");
            if (!ok && v && !strcmp(v, "0002") && fr_prefix9_eq(st, einv_x_text(s)))
                ok = 1;
        }
    }
    must(ctx, ok, r, p);
}

static void date_rule(einv_ctx_t *ctx, const xmlNode *root, const char *path, const einv_rule_t *r)
{
    FR_EACH(root, path, n)
        must(ctx, fr_date_ok(einv_x_text(n), 1), r, n);
}

static void id_rules(einv_ctx_t *ctx, const xmlNode *root, const char *path, const einv_rule_t *len,
                     const einv_rule_t *fmt)
{
    FR_EACH(root, path, n) {
        must(ctx, fr_strlen(einv_x_text(n)) <= 35, len, n);
        must(ctx, fr_id_format_ok(einv_x_text(n)), fmt, n);
    }
}

/* Some ram:IncludedNote of the exchanged document with subject code `code`: the count. */
static size_t notes_with(const xmlNode *ed, const char *code)
{
    size_t k = 0;
    xmlNodePtr n;
    for (n = einv_x_child(ed, R, "IncludedNote"); n; n = einv_x_next_same(n))
        if (fr_child_is(n, R, "SubjectCode", code))
            k++;
    return k;
}

static const char *const SELF_BILLED[] = {"389", "501", "500", "471", "473", "261", "502", NULL};

/* starts-with(URIID, legal id) and URIID/@schemeID = '0225' for a trade party. */
static int endpoint_siren_ok(const xmlNode *party)
{
    xmlNodePtr ep = fr_path(party, "ram:URIUniversalCommunication/ram:URIID");
    int scheme = fr_path_attr(party, "ram:URIUniversalCommunication/ram:URIID", "schemeID", "0225") != NULL;
    return scheme && fr_starts(text_of(ep), text_of(fr_path(party, "ram:SpecifiedLegalOrganization/ram:ID")));
}

/* ---- the exchanged document: notes (BR-FR-05, 06, 20, 31) ---- */

static void check_notes(einv_ctx_t *ctx, const xmlNode *root)
{
    static const char *const BAR_OK[] = {"B2B", "B2BINT", "B2C", "B2CINT", "OUTOFSCOPE", "ARCHIVEONLY", NULL};
    FR_EACH(root, ED, ed) {
        xmlNodePtr n;
        size_t bars = 0;
        must(ctx, notes_with(ed, "PMT") > 0, &R_05_PMT, ed);
        must(ctx, notes_with(ed, "PMD") > 0, &R_05_PMD, ed);
        must(ctx, notes_with(ed, "AAB") > 0, &R_05_AAB, ed);
        must(ctx, notes_with(ed, "PMT") <= 1, &R_06_PMT, ed);
        must(ctx, notes_with(ed, "PMD") <= 1, &R_06_PMD, ed);
        must(ctx, notes_with(ed, "AAB") <= 1, &R_06_AAB, ed);
        must(ctx, notes_with(ed, "TXD") <= 1, &R_06_TXD, ed);
        for (n = einv_x_child(ed, R, "IncludedNote"); n; n = einv_x_next_same(n)) {
            xmlNodePtr content;
            char *v;
            if (!fr_child_is(n, R, "SubjectCode", "BAR"))
                continue;
            content = einv_x_child(n, R, "Content");
            must(ctx, content && fr_in(einv_x_text(content), BAR_OK), &R_20_BT_21, n);
            v = fr_norm_dup(text_of(content));
            if (v && fr_in(v, BAR_OK))
                bars++;
            free(v);
        }
        must(ctx, bars <= 1, &R_31_BT_21, ed);
    }
}

/* ---- the root context (BR-FR-10 .. 13, 18, 21, 22) ---- */

static void check_root(einv_ctx_t *ctx, const xmlNode *root)
{
    xmlNodePtr n;
    int b2b = 0, self_billed = 0;
    size_t k = 0;
    must(ctx, nine_digits(fr_path_attr(root, HTA "/ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID",
                                       "schemeID", "0002")),
         &R_10_BT_30, root);
    FR_EACH(root, ED "/ram:IncludedNote", note)
        if (fr_child_is(note, R, "SubjectCode", "BAR") && fr_child_is(note, R, "Content", "B2B"))
            b2b = 1;
    FR_EACH(root, ED "/ram:TypeCode", tc)
        if (fr_in(einv_x_text(tc), SELF_BILLED))
            self_billed = 1;
    if (b2b) {
        xmlNodePtr s = fr_path_attr(root, HTA "/ram:BuyerTradeParty/ram:SpecifiedLegalOrganization/ram:ID", "schemeID", "0002");
        const char *t = text_of(s);
        must(ctx, fr_k_digits(t, strlen(t), 9), &R_11_BT_47, root);
        if (!self_billed)
            must(ctx, endpoint_siren_ok(fr_path(root, HTA "/ram:BuyerTradeParty")), &R_21_BT_49, root);
        else
            must(ctx, endpoint_siren_ok(fr_path(root, HTA "/ram:SellerTradeParty")), &R_22_BT_34, root);
    }
    must(ctx, *text_of(fr_path(root, HTA "/ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:URIID")),
         &R_12_BT_49, root);
    must(ctx, *text_of(fr_path(root, HTA "/ram:SellerTradeParty/ram:URIUniversalCommunication/ram:URIID")),
         &R_13_BT_34, root);
    FR_EACH(root, HTA "/ram:AdditionalReferencedDocument", ard)
        if (fr_child_is(ard, R, "Name", "LISIBLE"))
            k++;
    must(ctx, k <= 1, &R_18_BT_123, root);
    (void)n;
}

/* ---- parties and addresses (BR-FR-09, 23 .. 26, 32) ---- */

typedef struct party_ctx {
    const char *path;
    const einv_rule_t *siret, *fmt, *len;
    int fallback;
} party_ctx;

static void check_parties(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root)
{
    static const party_ctx PARTIES[] = {
        {HTA "/ram:SellerTradeParty", &R_09_BT_29, &R_23_34, &R_25_34, 0},
        {HTA "/ram:BuyerTradeParty", &R_09_BT_46, &R_23_49, &R_25_49, 0},
        {HTS "/ram:PayeeTradeParty", &R_09_BT_60, &R_23_29, &R_25_29, 1},
        {HTA "/ram:BuyerAgentTradeParty", &R_09_06, &R_23_12, &R_25_12, 1},
        {HTS "/ram:PayerTradeParty", &R_09_46, &R_23_52, &R_25_52, 1},
        {HTA "/ram:SalesAgentTradeParty", &R_09_69, &R_23_75, &R_25_75, 1},
        {HTS "/ram:InvoiceeTradeParty", &R_09_92, &R_23_98, &R_25_98, 1},
        {HTS "/ram:InvoicerTradeParty", &R_09_115, &R_23_121, &R_25_121, 1},
        {HTD "/ram:ShipToTradeParty", &R_09_BT_71, NULL, NULL, 1},
        {LI "/ram:SpecifiedLineTradeDelivery/ram:ShipToTradeParty", &R_09_146, NULL, NULL, 1},
    };
    const einv_nodelist_t *l;
    size_t i;
    for (i = 0; i < sizeof PARTIES / sizeof PARTIES[0]; i++)
        FR_EACH(root, PARTIES[i].path, p) {
            siret_rule(ctx, PARTIES[i].siret, p, PARTIES[i].fallback);
            if (!PARTIES[i].fmt)
                continue;
            FR_EACH(p, "ram:URIUniversalCommunication/ram:URIID", ep) {
                const char *v = einv_x_attr(ep, "schemeID");
                if (v && !strcmp(v, "0225"))
                    must(ctx, fr_scheme_format_ok(einv_x_text(ep)), PARTIES[i].fmt, ep);
                must(ctx, fr_strlen(einv_x_text(ep)) <= 125, PARTIES[i].len, ep);
            }
            if (i < 2) {   /* BR-FR-24 / 26: seller and buyer private identifiers */
                xmlNodePtr g;
                for (g = einv_x_child(p, R, "GlobalID"); g; g = einv_x_next_same(g)) {
                    const char *v = einv_x_attr(g, "schemeID");
                    if (v && !strcmp(v, "0224")) {
                        must(ctx, fr_scheme_format_ok(einv_x_text(g)), i ? &R_24_46 : &R_24_29, g);
                        must(ctx, fr_strlen(einv_x_text(g)) <= 100, i ? &R_26_46 : &R_26_29, g);
                    }
                }
            }
        }
    l = einv_xdoc_all(d, R, "ID");
    for (i = 0; i < l->n; i++) {
        const char *v = einv_x_attr(l->v[i], "schemeID");
        if (v && !strcmp(v, "0002") && fr_parent_is(l->v[i], R, "SpecifiedLegalOrganization"))
            must(ctx, nine_digits(l->v[i]), &R_32_LEGALID, l->v[i]);
    }
    l = einv_xdoc_all(d, R, "GlobalID");
    for (i = 0; i < l->n; i++) {
        const char *v = einv_x_attr(l->v[i], "schemeID");
        if (v && (!strcmp(v, "0002") || !strcmp(v, "0231")))
            must(ctx, nine_digits(l->v[i]), &R_32_GLOBALID, l->v[i]);
    }
}

/* ---- VAT categories and rates (BR-FR-15, 16) ---- */

static void tax_rules(einv_ctx_t *ctx, const xmlNode *tax, const einv_rule_t *cat, const einv_rule_t *lm,
                      const einv_rule_t *rate, int line)
{
    xmlNodePtr code = einv_x_child(tax, R, "CategoryCode"), pc = einv_x_child(tax, R, "RateApplicablePercent");
    int ok = code && fr_vat_cat_ok(einv_x_text(code));
    if (!ok && line && !code) {
        const xmlNode *li = tax->parent ? tax->parent->parent : NULL;
        ok = fr_path_is(li, "ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode", "GROUP") ||
             fr_path_is(li, "ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode", "INFORMATION");
    }
    must(ctx, ok, cat, tax);
    must(ctx, !fr_child_is(tax, R, "CategoryCode", "L") && !fr_child_is(tax, R, "CategoryCode", "M"), lm, tax);
    must(ctx, !pc || !*einv_x_text(pc) || fr_vat_rate_ok(einv_x_text(pc)), rate, tax);
}

/* ---- lines and references ---- */

static void check_structure(einv_ctx_t *ctx, const xmlNode *root)
{
    xmlNodePtr n;
    id_rules(ctx, root, ED "/ram:ID", &R_01_BT_1, &R_02_BT_1);
    id_rules(ctx, root, HTS "/ram:InvoiceReferencedDocument/ram:IssuerAssignedID", &R_01_BT_25, &R_02_BT_25);
    id_rules(ctx, root, LI "/ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:IssuerAssignedID",
             &R_01_136, &R_02_136);

    date_rule(ctx, root, ED "/ram:IssueDateTime/udt:DateTimeString", &R_03_BT_2);
    date_rule(ctx, root, HTS "/ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString", &R_03_BT_7);
    date_rule(ctx, root, HTS "/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString", &R_03_BT_9);
    date_rule(ctx, root, HTS "/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString", &R_03_BT_26);
    date_rule(ctx, root, HTD "/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString", &R_03_BT_72);
    date_rule(ctx, root, HTS "/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString", &R_03_BT_73);
    date_rule(ctx, root, HTS "/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString", &R_03_BT_74);
    date_rule(ctx, root, LI "/ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString", &R_03_138);
    date_rule(ctx, root, LI "/ram:SpecifiedLineTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString", &R_03_158);
    date_rule(ctx, root, LI "/ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString", &R_03_134);
    date_rule(ctx, root, LI "/ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString", &R_03_135);

    FR_EACH(root, ED "/ram:TypeCode", tc)
        must(ctx, fr_doc_type_ok(einv_x_text(tc)), &R_04_BT_3, tc);
    FR_EACH(root, HTS "/ram:InvoiceReferencedDocument/ram:TypeCode", tc)
        must(ctx, fr_doc_type_ok(einv_x_text(tc)), &R_04_02, tc);
    FR_EACH(root, LI "/ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:TypeCode", tc)
        must(ctx, fr_doc_type_ok(einv_x_text(tc)), &R_04_137, tc);

    FR_EACH(root, EDC, edc) {
        xmlNodePtr id = fr_path(edc, "ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID");
        must(ctx, id && fr_billing_mode_ok(einv_x_text(id)), &R_08_BT_23, edc);
    }

    FR_EACH(root, HTS "/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax", t)
        tax_rules(ctx, t, &R_15_102, &R_15_102_LM, &R_16_96, 0);
    FR_EACH(root, HTS "/ram:ApplicableTradeTax", t)
        tax_rules(ctx, t, &R_15_118, &R_15_118_LM, &R_16_119, 0);
    FR_EACH(root, LI "/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax", t)
        tax_rules(ctx, t, &R_15_151, &R_15_151_LM, &R_16_152, 1);

    /* BR-FR-17 */
    FR_EACH(root, HTA "/ram:AdditionalReferencedDocument", ard)
        if (fr_child_is(ard, R, "TypeCode", "916")) {
            xmlNodePtr nm = einv_x_child(ard, R, "Name");
            char *v = fr_norm_dup(text_of(nm));
            if (v) {
                must(ctx, !*v || fr_attachment_ok(v), &R_17_BT_123, ard);
                free(v);
            }
        }

    /* BR-FR-27, 28 */
    FR_EACH(root, LI "/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic", pc) {
        int val = einv_x_child(pc, R, "Value") != NULL, meas = einv_x_child(pc, R, "ValueMeasure") != NULL, unit = 0;
        must(ctx, einv_x_child(pc, R, "Description") || einv_x_child(pc, R, "TypeCode"), &R_27_BG_32, pc);
        for (n = einv_x_child(pc, R, "Description"); n; n = einv_x_next_same(n))
            must(ctx, fr_nonblank(einv_x_text(n)), &R_27_BT_160, n);
        for (n = einv_x_child(pc, R, "TypeCode"); n; n = einv_x_next_same(n))
            must(ctx, fr_nonblank(einv_x_text(n)), &R_27_159, n);
        for (n = einv_x_child(pc, R, "ValueMeasure"); n; n = einv_x_next_same(n)) {
            const char *u = einv_x_attr(n, "unitCode");
            if (u && *u)
                unit = 1;
        }
        must(ctx, (val && !meas) || (!val && unit), &R_28_VALUE, pc);
    }

    /* BR-FR-29 (header) and BR-FR-30 (line: the artefact reads a child of the line item) */
    FR_EACH(root, HTA, hta) {
        size_t afl = 0, avv = 0;
        for (n = einv_x_child(hta, R, "AdditionalReferencedDocument"); n; n = einv_x_next_same(n)) {
            int is_afl = fr_child_is(n, R, "ReferenceTypeCode", "AFL"), is_avv = fr_child_is(n, R, "ReferenceTypeCode", "AVV");
            xmlNodePtr id;
            afl += is_afl;
            avv += is_avv;
            for (id = einv_x_child(n, R, "IssuerAssignedID"); id; id = einv_x_next_same(id))
                if (is_afl)
                    must(ctx, fr_nonblank(einv_x_text(id)), &R_29_AFL, id);
                else if (is_avv)
                    must(ctx, fr_nonblank(einv_x_text(id)), &R_29_AVV, id);
        }
        must(ctx, afl <= 1 && avv <= 1, &R_29_BT_18, hta);
    }
    FR_EACH(root, LI, li) {
        size_t afl = 0, avv = 0;
        for (n = einv_x_child(li, R, "AdditionalReferencedDocument"); n; n = einv_x_next_same(n)) {
            int is_afl = fr_child_is(n, R, "ReferenceTypeCode", "AFL"), is_avv = fr_child_is(n, R, "ReferenceTypeCode", "AVV");
            xmlNodePtr id;
            afl += is_afl;
            avv += is_avv;
            for (id = einv_x_child(n, R, "IssuerAssignedID"); id; id = einv_x_next_same(id))
                if (is_afl)
                    must(ctx, fr_nonblank(einv_x_text(id)), &R_30_AFL, id);
                else if (is_avv)
                    must(ctx, fr_nonblank(einv_x_text(id)), &R_30_AVV, id);
        }
        must(ctx, afl <= 1 && avv <= 1, &R_30_BT_128, li);
    }
}

static void check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    xmlNodePtr root = einv_xdoc_root(d);
    if (!einv_x_is(root, EINV_NS_RSM, "CrossIndustryInvoice"))
        return;
    check_structure(ctx, root);
    check_notes(ctx, root);
    check_root(ctx, root);
    check_parties(ctx, d, root);
}

static const einv_rule_t *const RULES[] = {
    &R_01_BT_1, &R_02_BT_1, &R_01_BT_25, &R_02_BT_25, &R_01_136, &R_02_136,
    &R_03_BT_2, &R_03_BT_7, &R_03_BT_9, &R_03_BT_26, &R_03_BT_72, &R_03_BT_73, &R_03_BT_74,
    &R_03_138, &R_03_158, &R_03_134, &R_03_135, &R_04_BT_3, &R_04_02, &R_04_137,
    &R_05_PMT, &R_05_PMD, &R_05_AAB, &R_06_PMT, &R_06_PMD, &R_06_AAB, &R_06_TXD, &R_08_BT_23,
    &R_09_BT_29, &R_09_BT_46, &R_09_BT_60, &R_09_06, &R_09_46, &R_09_69, &R_09_92, &R_09_115,
    &R_09_BT_71, &R_09_146, &R_10_BT_30, &R_11_BT_47, &R_12_BT_49, &R_13_BT_34,
    &R_15_102, &R_15_102_LM, &R_15_118, &R_15_118_LM, &R_15_151, &R_15_151_LM,
    &R_16_96, &R_16_119, &R_16_152, &R_17_BT_123, &R_18_BT_123, &R_20_BT_21, &R_21_BT_49, &R_22_BT_34,
    &R_23_34, &R_23_49, &R_23_12, &R_23_29, &R_23_52, &R_23_75, &R_23_98, &R_23_121, &R_24_29, &R_24_46,
    &R_25_34, &R_25_49, &R_25_12, &R_25_29, &R_25_52, &R_25_75, &R_25_98, &R_25_121, &R_26_29, &R_26_46,
    &R_27_BG_32, &R_27_BT_160, &R_27_159, &R_28_VALUE, &R_29_BT_18, &R_29_AFL, &R_29_AVV,
    &R_30_BT_128, &R_30_AFL, &R_30_AVV, &R_31_BT_21, &R_32_LEGALID, &R_32_GLOBALID,
};

const fr_family_t fr_cii_core = {"cii-core", EINV_SYNTAX_CII, check, RULES, sizeof RULES / sizeof RULES[0]};
