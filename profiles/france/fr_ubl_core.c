/* FRANCE profile, UBL: the BR-FR-01 .. BR-FR-32 asserts of the FNFE-MPE CTC Flux 2 UBL
 * schematron 1.4.0 (identifiers, dates, codes, mandatory notes, SIREN/SIRET, electronic
 * addresses, VAT categories and rates, attachments, item attributes, invoiced objects).
 *
 * The ids are the artefact's own (BR-FR-31 is published as "BR-FR-30_BT-21", the L/M test
 * of BT-151 as "BR-FR-08_BT-151-2"). Contexts are evaluated with the Schematron pattern
 * semantics: one visit per matching element, the first rule of a pattern wins (so the
 * second allowance-charge rule of BR-FR-16, BT-103, never fires). Values are compared raw
 * unless the artefact normalizes them. */
#include <stdlib.h>
#include <string.h>
#include "fr_int.h"

#define C EINV_NS_CAC
#define B EINV_NS_CBC
/* a path below the document's own lines (ubl:Invoice/cac:InvoiceLine | cn:CreditNote/cac:CreditNoteLine);
 * needs `inv` in scope */
#define LP(rest) (inv ? "cac:InvoiceLine/" rest : "cac:CreditNoteLine/" rest)

FR_RULE(R_01_BT_1_1, "BR-FR-01_BT-1-1", "BT-1", "The invoice number (BT-1) is longer than 35 characters.",
        "Shorten cbc:ID to at most 35 characters.")
FR_RULE(R_01_BT_1_2, "BR-FR-01_BT-1-2", "BT-1",
        "The invoice number (BT-1) holds characters other than letters, digits and + - _ /, or spaces.",
        "Use only A-Z, a-z, 0-9 and the signs + - _ / in cbc:ID, without spaces.")
FR_RULE(R_01_BT_25_1, "BR-FR-01_BT-25-1", "BT-25",
        "The preceding invoice number (BT-25) is longer than 35 characters.",
        "Shorten the cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID to 35 characters.")
FR_RULE(R_01_BT_25_2, "BR-FR-01_BT-25-2", "BT-25",
        "The preceding invoice number (BT-25) holds characters outside letters, digits and + - _ /.",
        "Write the referenced invoice number with A-Z, a-z, 0-9, + - _ / only, without spaces.")
FR_RULE(R_01_136_1, "BR-FR-01_EXT-FR-FE-136-1", "EXT-FR-FE-136",
        "A line-level preceding invoice number (EXT-FR-FE-136) is longer than 35 characters.",
        "Shorten the referenced invoice number of the line to 35 characters.")
FR_RULE(R_01_136_2, "BR-FR-01_BT-EXT-FR-FE-136-2", "EXT-FR-FE-136",
        "A line-level preceding invoice number (EXT-FR-FE-136) holds characters that are not allowed.",
        "Use only A-Z, a-z, 0-9 and + - _ / in the line's referenced invoice number.")
FR_RULE(R_02_BT_1, "BR-FR-02_BT-1", "BT-1",
        "The invoice number (BT-1) is not in the French format (letters, digits, + - _ / only).",
        "Remove spaces and other signs from cbc:ID.")
FR_RULE(R_02_BT_25, "BR-FR-02_BT-25", "BT-25",
        "The preceding invoice number (BT-25) is not in the French format (letters, digits, + - _ /).",
        "Remove spaces and other signs from the referenced invoice number.")
FR_RULE(R_02_136, "BR-FR-02_EXT-FR-FE-136", "EXT-FR-FE-136",
        "A line document reference number (EXT-FR-FE-136) is not in the allowed format.",
        "Use only A-Z, a-z, 0-9 and + - _ / in cac:DocumentReference/cbc:ID of the line.")

#define DATE_RULE(var, id, term, what)                                                     \
    FR_RULE(var, id, term, "The " what " (" term ") is not a valid date between 2000 and 2099.", \
            "Write a real calendar date in the years 2000-2099 as YYYY-MM-DD.")
DATE_RULE(R_03_BT_2, "BR-FR-03_BT-2", "BT-2", "invoice issue date")
DATE_RULE(R_03_BT_7, "BR-FR-03_BT-7", "BT-7", "VAT point date")
DATE_RULE(R_03_BT_9, "BR-FR-03_BT-9", "BT-9", "payment due date")
DATE_RULE(R_03_BT_26, "BR-FR-03_BT-26", "BT-26", "preceding invoice issue date")
DATE_RULE(R_03_BT_72, "BR-FR-03_BT-72", "BT-72", "actual delivery date")
DATE_RULE(R_03_BT_73, "BR-FR-03_BT-73", "BT-73", "invoicing period start date")
DATE_RULE(R_03_BT_74, "BR-FR-03_BT-74", "BT-74", "invoicing period end date")
DATE_RULE(R_03_138, "BR-FR-03_EXT-FR-FE-138", "EXT-FR-FE-138", "line preceding invoice date")
DATE_RULE(R_03_158, "BR-FR-03_EXT-FR-FE-158", "EXT-FR-FE-158", "line actual delivery date")
DATE_RULE(R_03_BT_134, "BR-FR-03_BT-134", "BT-134", "invoice line period start date")
DATE_RULE(R_03_BT_135, "BR-FR-03_BT-135", "BT-135", "invoice line period end date")

#define TYPE_SUG "Use one of 380 389 393 501 386 500 384 471 472 473 261 262 381 396 502 503."
FR_RULE(R_04_BT_3, "BR-FR-04_BT-3", "BT-3", "The invoice type code (BT-3) is not allowed in France.", TYPE_SUG)
FR_RULE(R_04_02, "BR-FR-04_EXT-FR-FE-02", "EXT-FR-FE-02",
        "The type code of the preceding invoice (EXT-FR-FE-02) is not allowed in France.", TYPE_SUG)
FR_RULE(R_04_137, "BR-FR-04_EXT-FR-FE-137", "EXT-FR-FE-137",
        "The type code of a line's preceding invoice (EXT-FR-FE-137) is not allowed in France.", TYPE_SUG)

FR_RULE(R_05_1, "BR-FR-05_BT-22-1", "BT-22",
        "No invoice note carries the recovery-costs statement (#PMT#).",
        "Add a cbc:Note starting with #PMT# stating the fixed recovery indemnity.")
FR_RULE(R_05_2, "BR-FR-05_BT-22-2", "BT-22",
        "No invoice note carries the late-payment penalties statement (#PMD#).",
        "Add a cbc:Note starting with #PMD# stating the late-payment penalties.")
FR_RULE(R_05_3, "BR-FR-05_BT-22-3", "BT-22",
        "No invoice note carries the early-payment discount statement (#AAB#).",
        "Add a cbc:Note starting with #AAB# stating the discount terms (or that there is none).")
FR_RULE(R_06_1, "BR-FR-06_BT-21-1", "BT-21", "The note subject #PMT# appears more than once.",
        "Keep a single #PMT# note.")
FR_RULE(R_06_2, "BR-FR-06_BT-21-2", "BT-21", "The note subject #PMD# appears more than once.",
        "Keep a single #PMD# note.")
FR_RULE(R_06_3, "BR-FR-06_BT-21-3", "BT-21", "The note subject #AAB# appears more than once.",
        "Keep a single #AAB# note.")
FR_RULE(R_06_4, "BR-FR-06_BT-21-4", "BT-21", "The note subject #TXD# appears more than once.",
        "Keep a single #TXD# note.")
FR_RULE(R_08_BT_23, "BR-FR-08_BT-23", "BT-23",
        "The billing framework (BT-23, cbc:ProfileID) is missing or not a French framework code.",
        "Set cbc:ProfileID to one of B1 S1 M1 B2 S2 M2 S3 B4 S4 M4 S5 S6 B7 S7 B8 S8 M8 B9 S9 M9.")

#define SIRET_SUG "Make the SIRET (scheme 0009) 14 digits starting with the party's SIREN (scheme 0002)."
FR_RULE(R_09_BT_29, "BR-FR-09_BT-29", "BT-29, BT-30",
        "The seller SIRET does not have 14 digits or does not start with the seller SIREN.", SIRET_SUG)
FR_RULE(R_09_BT_46, "BR-FR-09_BT-46", "BT-46, BT-47",
        "The buyer SIRET does not have 14 digits or does not start with the buyer SIREN.", SIRET_SUG)
FR_RULE(R_09_BT_60, "BR-FR-09_BT-60", "BT-60",
        "The payee SIRET does not have 14 digits or does not start with the payee SIREN.", SIRET_SUG)
FR_RULE(R_09_06, "BR-FR-09_EXT-FR-FE-06", "EXT-FR-FE-06",
        "The buyer agent SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_46, "BR-FR-09_EXT-FR-FE-46", "EXT-FR-FE-46",
        "The payer SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_69, "BR-FR-09_EXT-FR-FE-69", "EXT-FR-FE-69",
        "The seller agent SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_92, "BR-FR-09_EXT-FR-FE-92", "EXT-FR-FE-92",
        "The invoicee SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_115, "BR-FR-09_EXT-FR-FE-115", "EXT-FR-FE-115",
        "The invoicer SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_BT_71, "BR-FR-09_BT-71", "BT-71",
        "The deliver-to location SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)
FR_RULE(R_09_146, "BR-FR-09_EXT-FR-FE-146", "EXT-FR-FE-146",
        "A line deliver-to SIRET does not have 14 digits or does not match its SIREN.", SIRET_SUG)

FR_RULE(R_10_BT_30, "BR-FR-10_BT-30", "BT-30",
        "The seller SIREN (BT-30, legal registration with scheme 0002) is missing or not 9 digits.",
        "Add cac:PartyLegalEntity/cbc:CompanyID schemeID=\"0002\" with the 9-digit SIREN.")
FR_RULE(R_11_BT_47, "BR-FR-11_BT-47", "BT-47",
        "A B2B invoice (#BAR#B2B) has no valid 9-digit buyer SIREN (BT-47).",
        "Give the buyer cac:PartyLegalEntity/cbc:CompanyID schemeID=\"0002\" with its SIREN.")
FR_RULE(R_12_BT_49, "BR-FR-12_BT-49", "BT-49", "The buyer electronic address (BT-49) is missing.",
        "Add the buyer cbc:EndpointID (for instance the SIREN with scheme 0225).")
FR_RULE(R_13_BT_34, "BR-FR-13_BT-34", "BT-34", "The seller electronic address (BT-34) is missing.",
        "Add the seller cbc:EndpointID (for instance the SIREN with scheme 0225).")

#define CAT_SUG "Use a VAT category code among S, E, AE, K, G, O, Z."
#define LM_SUG "Categories L and M (Canary Islands, Ceuta and Melilla) do not apply to French invoices."
FR_RULE(R_15_102_1, "BR-FR-15_BT-95_BT-102-1", "BT-95, BT-102",
        "A document level allowance or charge has a VAT category code not used in France.", CAT_SUG)
FR_RULE(R_15_102_2, "BR-FR-15_BT-95_BT-102-2", "BT-95, BT-102",
        "A document level allowance or charge uses VAT category L or M.", LM_SUG)
FR_RULE(R_15_118_1, "BR-FR-15_BT-118-1", "BT-118",
        "A VAT breakdown has a VAT category code not used in France.", CAT_SUG)
FR_RULE(R_15_118_2, "BR-FR-15_BT-118-2", "BT-118", "A VAT breakdown uses VAT category L or M.", LM_SUG)
FR_RULE(R_15_151_1, "BR-FR-15_BT-151-1", "BT-151",
        "An invoiced item has a VAT category code not used in France.", CAT_SUG)
FR_RULE(R_08_151_2, "BR-FR-08_BT-151-2", "BT-151", "An invoiced item uses VAT category L or M.", LM_SUG)

#define RATE_SUG "Use a French VAT rate written without % (e.g. 20, 10, 5.5, 2.1, 0; 8.5 and 2.1 overseas)."
FR_RULE(R_16_96, "BR-FR-16_BT-96", "BT-96, BT-103",
        "A document level allowance or charge has a VAT rate that is not a French rate.", RATE_SUG)
FR_RULE(R_16_103, "BR-FR-16_BT-103", "BT-103",
        "A document level charge has a VAT rate that is not a French rate.", RATE_SUG)
FR_RULE(R_16_119, "BR-FR-16_BT-119", "BT-119", "A VAT breakdown rate (BT-119) is not a French VAT rate.",
        RATE_SUG)
FR_RULE(R_16_152, "BR-FR-16_BT-152", "BT-152", "An invoiced item VAT rate (BT-152) is not a French VAT rate.",
        RATE_SUG)
FR_RULE(R_17_BT_123, "BR-FR-17_BT-123", "BT-123",
        "An attachment description (BT-123) is not one of the French attachment codes.",
        "Describe the document with RIB, LISIBLE, FEUILLE_DE_STYLE, PJA, BORDEREAU_SUIVI, DOCUMENT_ANNEXE, "
        "BON_LIVRAISON, BON_COMMANDE, BORDEREAU_SUIVI_VALIDATION, ETAT_ACOMPTE, FACTURE_PAIEMENT_DIRECT "
        "or RECAPITULATIF_COTRAITANCE.")
FR_RULE(R_18_BT_123, "BR-FR-18_BT-123", "BT-123",
        "More than one additional document is described as LISIBLE (the readable copy).",
        "Keep a single cac:AdditionalDocumentReference with cbc:DocumentDescription LISIBLE.")
FR_RULE(R_20_BT_21, "BR-FR-20_BT-21", "BT-21, BT-22",
        "The #BAR# note gives a processing value that is not allowed.",
        "Write #BAR# followed by B2B, B2BINT, B2C, OUTOFSCOPE or ARCHIVEONLY.")
FR_RULE(R_21_BT_49, "BR-FR-21_BT-49", "BT-49, BT-49-1",
        "In a B2B invoice that is not self-billed the buyer electronic address (BT-49) does not start "
        "with the buyer SIREN or its scheme is not 0225.",
        "Give the buyer cbc:EndpointID schemeID=\"0225\" starting with its SIREN.")
FR_RULE(R_22_BT_34, "BR-FR-22_BT-34", "BT-34, BT-34-1",
        "In a self-billed invoice with a #BAR# processing note the seller electronic address (BT-34) "
        "does not start with the seller SIREN or its scheme is not 0225.",
        "Give the seller cbc:EndpointID schemeID=\"0225\" starting with its SIREN.")

#include "fr_rules_address.h"

FR_RULE(R_27_BG_32, "BR-FR-27_BG-32", "BG-32", "An item attribute has neither a name (BT-160) nor a code.",
        "Give the cac:AdditionalItemProperty a cbc:Name or a cbc:NameCode.")
FR_RULE(R_27_BT_160, "BR-FR-27_BT-160", "BT-160", "An item attribute name (BT-160) is empty.",
        "Fill cbc:Name or remove it and use cbc:NameCode.")
FR_RULE(R_27_159, "BR-FR-27_EXT-FR-FE-159", "EXT-FR-FE-159", "An item attribute code is empty.",
        "Fill cbc:NameCode or remove it and use cbc:Name.")
FR_RULE(R_28_VALUE, "BR-FR-28-Value", "BT-161",
        "An item attribute must carry either a value (BT-161) or a quantity with a unit, not both and not neither.",
        "Keep exactly one of cbc:Value and cbc:ValueQuantity (with a unitCode).")
FR_RULE(R_29_BT_18, "BR-FR-29_BT-18", "BT-18",
        "An invoiced object reference carries the scheme AFL or AVV more than once.",
        "Give at most one identifier with schemeID AFL and one with AVV.")
FR_RULE(R_29_AFL, "BR-FR-29_AFL", "BT-18", "The invoiced object identifier with scheme AFL is empty.",
        "Fill the cbc:ID schemeID=\"AFL\" or remove it.")
FR_RULE(R_29_AVV, "BR-FR-29_AVV", "BT-18", "The invoiced object identifier with scheme AVV is empty.",
        "Fill the cbc:ID schemeID=\"AVV\" or remove it.")
FR_RULE(R_30_BT_128, "BR-FR-30_BT-128", "BT-128",
        "A line object reference carries the scheme AFL or AVV more than once.",
        "Give at most one identifier with schemeID AFL and one with AVV per line reference.")
FR_RULE(R_30_AFL, "BR-FR-30_AFL", "BT-128", "A line object identifier with scheme AFL is empty.",
        "Fill the line's cbc:ID schemeID=\"AFL\" or remove it.")
FR_RULE(R_30_AVV, "BR-FR-30_AVV", "BT-128", "A line object identifier with scheme AVV is empty.",
        "Fill the line's cbc:ID schemeID=\"AVV\" or remove it.")
FR_RULE(R_31_BT_21, "BR-FR-30_BT-21", "BT-21, BT-22",
        "The #BAR# notes give more than one processing value (BR-FR-31).",
        "Keep a single #BAR# value among B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE, ARCHIVEONLY.")
FR_RULE(R_32_LEGALID, "BR-FR-32-LEGALID", "BT-30, BT-47",
        "A legal registration identifier with scheme 0002 (SIREN) is not exactly 9 digits.",
        "Write the SIREN as 9 digits, without spaces.")
FR_RULE(R_32_ID, "BR-FR-32-ID", "BT-29, BT-46",
        "A party identifier with scheme 0002 or 0231 is not exactly 9 digits.",
        "Write the SIREN as 9 digits, without spaces.")

/* ---- helpers ---- */

static void must(einv_ctx_t *ctx, int ok, const einv_rule_t *r, const xmlNode *n)
{
    if (!ok)
        einv_report(ctx, r, n);
}

/* BR-FR-09 on one context: siret = first <siret_path>[@schemeID='0009'];
 * siren = <siren_path>[@schemeID='0002'] (fallback 0: as is; 1: when empty, the SIRET's
 * own first nine characters). */
static void siret_rule(einv_ctx_t *ctx, const einv_rule_t *r, const xmlNode *n, const char *siret_path,
                       const char *siren_path, int fallback)
{
    xmlNodePtr siret = fr_path_attr(n, siret_path, "schemeID", "0009");
    const char *st;
    int ok;
    if (!siret)
        return;
    st = einv_x_text(siret);
    if (!fr_k_digits(st, strlen(st), 14))
        ok = 0;
    else if (fallback) {
        xmlNodePtr siren = fr_path_attr(n, siren_path, "schemeID", "0002");
        if (siren && *einv_x_text(siren))
            ok = fr_prefix9_eq(st, einv_x_text(siren));
        else
            ok = 1;
    } else {
        ok = 0;
        FR_EACH(n, siren_path, s) {
            const char *v = einv_x_attr(s, "schemeID");
            if (!ok && v && !strcmp(v, "0002") && fr_prefix9_eq(st, einv_x_text(s)))
                ok = 1;
        }
    }
    must(ctx, ok, r, n);
}

/* $siren and matches(normalize-space($siren), '^\d{9}$') for the first CompanyID[0002]. */
static int siren_ok(const xmlNode *siren)
{
    size_t n;
    const char *t;
    if (!siren)
        return 0;
    t = fr_trim(einv_x_text(siren), &n);
    return fr_k_digits(t, n, 9);
}

static const char *const BAR_OK[] = {"B2B", "B2BINT", "B2C", "OUTOFSCOPE", "ARCHIVEONLY", NULL};
static const char *const SELF_BILLED[] = {"389", "501", "500", "471", "473", "261", "502", NULL};

/* Some type code child of the root is in the list. */
static int type_in(const xmlNode *root, const char *const *list)
{
    xmlNodePtr t;
    for (t = einv_x_first_elem(root); t; t = einv_x_next_elem(t))
        if ((einv_x_is(t, B, "InvoiceTypeCode") || einv_x_is(t, B, "CreditNoteTypeCode")) &&
            fr_in(einv_x_text(t), list))
            return 1;
    return 0;
}

/* starts-with(endpoint, siren) and endpoint/@schemeID = '0225' for a party. */
static int endpoint_siren_ok(const xmlNode *party)
{
    xmlNodePtr ep = einv_x_child(party, B, "EndpointID");
    xmlNodePtr siren = fr_path_attr(party, "cac:PartyLegalEntity/cbc:CompanyID", "schemeID", "0002");
    int scheme = 0;
    xmlNodePtr e;
    for (e = ep; e; e = einv_x_next_same(e)) {
        const char *v = einv_x_attr(e, "schemeID");
        if (v && !strcmp(v, "0225"))
            scheme = 1;
    }
    if (!scheme)
        return 0;
    return fr_starts(ep ? einv_x_text(ep) : "", siren ? einv_x_text(siren) : "");
}

/* ---- the notes (BR-FR-05, 06, 11, 20, 21, 22, 31) ---- */

static void check_notes(einv_ctx_t *ctx, const xmlNode *root)
{
    char *all = fr_ubl_join_notes(root), bar[64];
    const char *treat;
    xmlNodePtr n;
    if (!all)
        return;
    must(ctx, strstr(all, "#PMT#") != NULL, &R_05_1, root);
    must(ctx, strstr(all, "#PMD#") != NULL, &R_05_2, root);
    must(ctx, strstr(all, "#AAB#") != NULL, &R_05_3, root);
    must(ctx, fr_count_occ(all, "#PMT#") <= 1, &R_06_1, root);
    must(ctx, fr_count_occ(all, "#PMD#") <= 1, &R_06_2, root);
    must(ctx, fr_count_occ(all, "#AAB#") <= 1, &R_06_3, root);
    must(ctx, fr_count_occ(all, "#TXD#") <= 1, &R_06_4, root);

    treat = fr_note_value(all, "BAR", bar, sizeof bar);
    if (!strcmp(treat, "B2B"))
        must(ctx, siren_ok(fr_path_attr(root, "cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID",
                                        "schemeID", "0002")),
             &R_11_BT_47, root);
    must(ctx, !*treat || fr_in(treat, BAR_OK), &R_20_BT_21, root);
    if (!strcmp(treat, "B2B") && !type_in(root, SELF_BILLED))
        must(ctx, endpoint_siren_ok(fr_path(root, "cac:AccountingCustomerParty/cac:Party")), &R_21_BT_49, root);
    if (*treat && type_in(root, SELF_BILLED))
        must(ctx, endpoint_siren_ok(fr_path(root, "cac:AccountingSupplierParty/cac:Party")), &R_22_BT_34, root);
    free(all);

    /* BR-FR-31: the notes that themselves contain #BAR#, joined, plus a closing '#' */
    {
        size_t total = 2, k;
        char *bars, *p;
        for (n = einv_x_child(root, B, "Note"); n; n = einv_x_next_same(n))
            if (strstr(einv_x_text(n), "#BAR#"))
                total += strlen(einv_x_text(n));
        bars = malloc(total);
        if (!bars)
            return;
        p = bars;
        for (n = einv_x_child(root, B, "Note"); n; n = einv_x_next_same(n)) {
            const char *t = einv_x_text(n);
            if (strstr(t, "#BAR#")) {
                k = strlen(t);
                memcpy(p, t, k);
                p += k;
            }
        }
        *p++ = '#';
        *p = 0;
        k = fr_count_occ(bars, "BAR#B2B#") + fr_count_occ(bars, "BAR#B2BINT#") +
            fr_count_occ(bars, "BAR#B2C#") + fr_count_occ(bars, "BAR#B2CINT#") +
            fr_count_occ(bars, "BAR#OUTOFSCOPE#") + fr_count_occ(bars, "BAR#ARCHIVEONLY#");
        must(ctx, k <= 1, &R_31_BT_21, root);
        free(bars);
    }
}

/* ---- electronic addresses and private identifiers (BR-FR-23 .. 26) ---- */

typedef struct addr_ctx {
    const char *path;
    const einv_rule_t *fmt, *len;
} addr_ctx;

static const addr_ctx ENDPOINTS[] = {
    {"cac:AccountingSupplierParty/cac:Party/cbc:EndpointID", &R_23_34, &R_25_34},
    {"cac:AccountingCustomerParty/cac:Party/cbc:EndpointID", &R_23_49, &R_25_49},
    {"cac:AccountingCustomerParty/cac:Party/cac:AgentParty/cbc:EndpointID", &R_23_12, &R_25_12},
    {"cac:PayeeParty/cbc:EndpointID", &R_23_29, &R_25_29},
    {"cac:PaymentMeans/cac:PaymentMandate/cac:PayerParty/cbc:EndpointID", &R_23_52, &R_25_52},
    {"cac:AccountingSupplierParty/cac:Party/cac:AgentParty/cbc:EndpointID", &R_23_75, &R_25_75},
    {"cac:AccountingCustomerParty/cac:Party/cac:ServiceProviderParty/cac:Party/cbc:EndpointID", &R_23_98, &R_25_98},
    {"cac:AccountingSupplierParty/cac:Party/cac:ServiceProviderParty/cac:Party/cbc:EndpointID", &R_23_121, &R_25_121},
};
static const addr_ctx PRIVATE_IDS[] = {
    {"cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID", &R_24_29, &R_26_29},
    {"cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID", &R_24_46, &R_26_46},
};

static void check_addresses(einv_ctx_t *ctx, const xmlNode *root)
{
    size_t i;
    for (i = 0; i < sizeof ENDPOINTS / sizeof ENDPOINTS[0]; i++)
        FR_EACH(root, ENDPOINTS[i].path, ep) {
            const char *v = einv_x_attr(ep, "schemeID");
            const char *t = einv_x_text(ep);
            if (v && !strcmp(v, "0225"))
                must(ctx, fr_scheme_format_ok(t), ENDPOINTS[i].fmt, ep);
            must(ctx, fr_strlen(t) <= 125, ENDPOINTS[i].len, ep);
        }
    for (i = 0; i < sizeof PRIVATE_IDS / sizeof PRIVATE_IDS[0]; i++)
        FR_EACH(root, PRIVATE_IDS[i].path, id) {
            const char *v = einv_x_attr(id, "schemeID");
            const char *t = einv_x_text(id);
            if (v && !strcmp(v, "0224")) {
                must(ctx, fr_scheme_format_ok(t), PRIVATE_IDS[i].fmt, id);
                must(ctx, fr_strlen(t) <= 100, PRIVATE_IDS[i].len, id);
            }
        }
}

/* ---- SIRET / SIREN (BR-FR-09, 10, 32) ---- */

static void check_parties(einv_ctx_t *ctx, const einv_xdoc_t *d, const xmlNode *root, int inv)
{
    static const struct { const char *path; const einv_rule_t *r; int fb; } PARTIES[] = {
        {"cac:AccountingSupplierParty/cac:Party", &R_09_BT_29, 0},
        {"cac:AccountingCustomerParty/cac:Party", &R_09_BT_46, 0},
        {"cac:PayeeParty", &R_09_BT_60, 1},
        {"cac:AccountingCustomerParty/cac:Party/cac:AgentParty", &R_09_06, 1},
        {"cac:PaymentMeans/cac:PaymentMandate/cac:PayerParty", &R_09_46, 1},
        {"cac:AccountingSupplierParty/cac:Party/cac:AgentParty", &R_09_69, 1},
        {"cac:AccountingCustomerParty/cac:Party/cac:ServiceProviderParty/cac:Party", &R_09_92, 1},
        {"cac:AccountingSupplierParty/cac:Party/cac:ServiceProviderParty/cac:Party", &R_09_115, 1},
    };
    size_t i;
    for (i = 0; i < sizeof PARTIES / sizeof PARTIES[0]; i++)
        FR_EACH(root, PARTIES[i].path, p)
            siret_rule(ctx, PARTIES[i].r, p, "cac:PartyIdentification/cbc:ID",
                       "cac:PartyLegalEntity/cbc:CompanyID", PARTIES[i].fb);
    FR_EACH(root, "cac:Delivery", dl)
        siret_rule(ctx, &R_09_BT_71, dl, "cac:DeliveryLocation/cbc:ID",
                   "cac:DeliveryParty/cac:PartyLegalEntity/cbc:CompanyID", 1);
    /* the line rule reads a DeliveryLocation inside the DeliveryLocation: kept literal */
    FR_EACH(root, LP("cac:Delivery/cac:DeliveryLocation"), dl)
        siret_rule(ctx, &R_09_146, dl, "cac:DeliveryLocation/cbc:ID",
                   "cac:DeliveryParty/cac:PartyLegalEntity/cbc:CompanyID", 1);

    /* BR-FR-10: every seller legal entity, wherever the supplier party sits */
    {
        const einv_nodelist_t *l = einv_xdoc_all(d, C, "PartyLegalEntity");
        for (i = 0; i < l->n; i++) {
            xmlNodePtr ple = l->v[i];
            if (fr_parent_is(ple, C, "Party") && fr_parent_is(ple->parent, C, "AccountingSupplierParty"))
                must(ctx, siren_ok(fr_child_attr(ple, B, "CompanyID", "schemeID", "0002")), &R_10_BT_30, ple);
        }
    }
    /* BR-FR-32 */
    {
        const einv_nodelist_t *l = einv_xdoc_all(d, B, "CompanyID");
        for (i = 0; i < l->n; i++) {
            const char *v = einv_x_attr(l->v[i], "schemeID");
            if (v && !strcmp(v, "0002") && fr_parent_is(l->v[i], C, "PartyLegalEntity"))
                must(ctx, siren_ok(l->v[i]), &R_32_LEGALID, l->v[i]);
        }
        l = einv_xdoc_all(d, B, "ID");
        for (i = 0; i < l->n; i++) {
            const char *v = einv_x_attr(l->v[i], "schemeID");
            if (v && (!strcmp(v, "0002") || !strcmp(v, "0231")) &&
                fr_parent_is(l->v[i], C, "PartyIdentification"))
                must(ctx, siren_ok(l->v[i]), &R_32_ID, l->v[i]);
        }
    }
}

/* ---- VAT categories and rates (BR-FR-15, 16), attachments (17, 18) ---- */

static void cat_rules(einv_ctx_t *ctx, const xmlNode *cat, const einv_rule_t *valid, const einv_rule_t *lm)
{
    xmlNodePtr id = einv_x_child(cat, B, "ID");
    must(ctx, !id || fr_vat_cat_ok(einv_x_text(id)), valid, cat);
    must(ctx, !fr_child_is(cat, B, "ID", "L") && !fr_child_is(cat, B, "ID", "M"), lm, cat);
}

static void rate_rule(einv_ctx_t *ctx, const xmlNode *cat, const einv_rule_t *r)
{
    xmlNodePtr pc = einv_x_child(cat, B, "Percent");
    must(ctx, !pc || fr_vat_rate_ok(einv_x_text(pc)), r, cat);
}

static void check_vat(einv_ctx_t *ctx, const einv_xdoc_t *d)
{
    const einv_nodelist_t *l = einv_xdoc_all(d, C, "TaxCategory");
    size_t i;
    for (i = 0; i < l->n; i++) {
        xmlNodePtr tc = l->v[i];
        if (fr_parent_is(tc, C, "AllowanceCharge")) {
            cat_rules(ctx, tc, &R_15_102_1, &R_15_102_2);
            rate_rule(ctx, tc, &R_16_96);   /* the BT-103 rule has the same context: never reached */
        } else if (fr_parent_is(tc, C, "TaxSubtotal") && fr_parent_is(tc->parent, C, "TaxTotal")) {
            cat_rules(ctx, tc, &R_15_118_1, &R_15_118_2);
            rate_rule(ctx, tc, &R_16_119);
        }
    }
    l = einv_xdoc_all(d, C, "ClassifiedTaxCategory");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr tc = l->v[i];
        if (!fr_parent_is(tc, C, "Item"))
            continue;
        cat_rules(ctx, tc, &R_15_151_1, &R_08_151_2);
        if (fr_parent_is(tc->parent, C, "InvoiceLine"))
            rate_rule(ctx, tc, &R_16_152);
    }
    l = einv_xdoc_all(d, C, "AdditionalDocumentReference");
    for (i = 0; i < l->n; i++) {
        xmlNodePtr dd = einv_x_child(l->v[i], B, "DocumentDescription");
        must(ctx, !dd || fr_attachment_ok(einv_x_text(dd)), &R_17_BT_123, l->v[i]);
    }
}

/* ---- the header and line structure ---- */

static void date_rule(einv_ctx_t *ctx, const xmlNode *from, const char *path, const einv_rule_t *r)
{
    FR_EACH(from, path, n)
        must(ctx, fr_date_ok(einv_x_text(n), 0), r, n);
}

static void id_rules(einv_ctx_t *ctx, const xmlNode *from, const char *path, const einv_rule_t *len,
                     const einv_rule_t *fmt, const einv_rule_t *fmt2)
{
    FR_EACH(from, path, n) {
        const char *t = einv_x_text(n);
        int ok = fr_id_format_ok(t);
        if (len)
            must(ctx, fr_strlen(t) <= 35, len, n);
        if (fmt)
            must(ctx, ok, fmt, n);
        if (fmt2)
            must(ctx, ok, fmt2, n);
    }
}

static void check_header(einv_ctx_t *ctx, const xmlNode *root, int inv)
{
    xmlNodePtr n;
    size_t k;
    id_rules(ctx, root, "cbc:ID", &R_01_BT_1_1, &R_01_BT_1_2, &R_02_BT_1);
    id_rules(ctx, root, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID", &R_01_BT_25_1,
             &R_01_BT_25_2, &R_02_BT_25);

    date_rule(ctx, root, "cbc:IssueDate", &R_03_BT_2);
    date_rule(ctx, root, "cbc:TaxPointDate", &R_03_BT_7);
    date_rule(ctx, root, "cbc:DueDate", &R_03_BT_9);
    date_rule(ctx, root, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate", &R_03_BT_26);
    date_rule(ctx, root, "cac:Delivery/cbc:ActualDeliveryDate", &R_03_BT_72);
    date_rule(ctx, root, "cac:InvoicePeriod/cbc:StartDate", &R_03_BT_73);
    date_rule(ctx, root, "cac:InvoicePeriod/cbc:EndDate", &R_03_BT_74);

    FR_EACH(root, inv ? "cbc:InvoiceTypeCode" : "cbc:CreditNoteTypeCode", tc)
        must(ctx, fr_doc_type_ok(einv_x_text(tc)), &R_04_BT_3, tc);
    FR_EACH(root, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode", tc)
        must(ctx, fr_doc_type_ok(einv_x_text(tc)), &R_04_02, tc);

    {
        xmlNodePtr pid = einv_x_child(root, B, "ProfileID");
        must(ctx, pid && fr_billing_mode_ok(einv_x_text(pid)), &R_08_BT_23, root);
    }
    {
        xmlNodePtr ep = fr_path(root, "cac:AccountingCustomerParty/cac:Party/cbc:EndpointID");
        must(ctx, ep && fr_nonblank(einv_x_text(ep)), &R_12_BT_49, root);
        ep = fr_path(root, "cac:AccountingSupplierParty/cac:Party/cbc:EndpointID");
        must(ctx, ep && fr_nonblank(einv_x_text(ep)), &R_13_BT_34, root);
    }

    /* BR-FR-18 */
    k = 0;
    for (n = einv_x_child(root, C, "AdditionalDocumentReference"); n; n = einv_x_next_same(n))
        if (fr_child_is(n, B, "DocumentDescription", "LISIBLE"))
            k++;
    must(ctx, k <= 1, &R_18_BT_123, root);

    /* BR-FR-27: the artefact anchors the item attribute at the root (ubl:Invoice/cac:Item) */
    FR_EACH(root, "cac:Item/cac:AdditionalItemProperty", p) {
        must(ctx, einv_x_child(p, B, "Name") || einv_x_child(p, B, "NameCode"), &R_27_BG_32, p);
        for (n = einv_x_child(p, B, "Name"); n; n = einv_x_next_same(n))
            must(ctx, fr_nonblank(einv_x_text(n)), &R_27_BT_160, n);
        for (n = einv_x_child(p, B, "NameCode"); n; n = einv_x_next_same(n))
            must(ctx, fr_nonblank(einv_x_text(n)), &R_27_159, n);
    }

    /* BR-FR-29 */
    for (n = einv_x_child(root, C, "AdditionalDocumentReference"); n; n = einv_x_next_same(n)) {
        size_t afl = 0, avv = 0;
        xmlNodePtr id;
        for (id = einv_x_child(n, B, "ID"); id; id = einv_x_next_same(id)) {
            const char *v = einv_x_attr(id, "schemeID");
            if (v && !strcmp(v, "AFL"))
                afl++, must(ctx, fr_nonblank(einv_x_text(id)), &R_29_AFL, id);
            else if (v && !strcmp(v, "AVV"))
                avv++, must(ctx, fr_nonblank(einv_x_text(id)), &R_29_AVV, id);
        }
        must(ctx, afl <= 1 && avv <= 1, &R_29_BT_18, n);
    }

    /* line-level contexts, as root-anchored paths (the name index makes them cheap) */
    id_rules(ctx, root, LP("cac:BillingReference/cac:DocumentReference/cbc:ID"), &R_01_136_1, &R_01_136_2, NULL);
    id_rules(ctx, root, LP("cac:DocumentReference/cbc:ID"), NULL, &R_02_136, NULL);
    date_rule(ctx, root, LP("cac:DocumentReference/cbc:IssueDate"), &R_03_138);
    date_rule(ctx, root, LP("cac:Delivery/cbc:ActualDeliveryDate"), &R_03_158);
    date_rule(ctx, root, LP("cac:InvoicePeriod/cbc:StartDate"), &R_03_BT_134);
    date_rule(ctx, root, LP("cac:InvoicePeriod/cbc:EndDate"), &R_03_BT_135);
    FR_EACH(root, LP("cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode"), tc)
        must(ctx, fr_doc_type_ok(einv_x_text(tc)), &R_04_137, tc);
    /* BR-FR-28 */
    FR_EACH(root, LP("cac:Item/cac:AdditionalItemProperty"), p) {
        int val = einv_x_child(p, B, "Value") != NULL, qty = einv_x_child(p, B, "ValueQuantity") != NULL;
        int qty_unit = 0;
        for (n = einv_x_child(p, B, "ValueQuantity"); n; n = einv_x_next_same(n)) {
            const char *u = einv_x_attr(n, "unitCode");
            if (u && *u)
                qty_unit = 1;
        }
        must(ctx, (val && !qty) || (!val && qty_unit), &R_28_VALUE, p);
    }
    /* BR-FR-30 */
    FR_EACH(root, LP("cac:DocumentReference"), dr) {
        size_t afl = 0, avv = 0;
        xmlNodePtr id;
        for (id = einv_x_child(dr, B, "ID"); id; id = einv_x_next_same(id)) {
            const char *v = einv_x_attr(id, "schemeID");
            if (v && !strcmp(v, "AFL"))
                afl++, must(ctx, fr_nonblank(einv_x_text(id)), &R_30_AFL, id);
            else if (v && !strcmp(v, "AVV"))
                avv++, must(ctx, fr_nonblank(einv_x_text(id)), &R_30_AVV, id);
        }
        must(ctx, afl <= 1 && avv <= 1, &R_30_BT_128, dr);
    }
}

static void check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    xmlNodePtr root = einv_xdoc_root(d);
    int inv = einv_x_is(root, EINV_NS_UBL_INV, "Invoice");
    if (!inv && !einv_x_is(root, EINV_NS_UBL_CN, "CreditNote"))
        return;
    check_header(ctx, root, inv);
    check_notes(ctx, root);
    check_parties(ctx, d, root, inv);
    check_vat(ctx, d);
    check_addresses(ctx, root);
}

static const einv_rule_t *const RULES[] = {
    &R_01_BT_1_1, &R_01_BT_1_2, &R_01_BT_25_1, &R_01_BT_25_2, &R_01_136_1, &R_01_136_2,
    &R_02_BT_1, &R_02_BT_25, &R_02_136,
    &R_03_BT_2, &R_03_BT_7, &R_03_BT_9, &R_03_BT_26, &R_03_BT_72, &R_03_BT_73, &R_03_BT_74,
    &R_03_138, &R_03_158, &R_03_BT_134, &R_03_BT_135,
    &R_04_BT_3, &R_04_02, &R_04_137,
    &R_05_1, &R_05_2, &R_05_3, &R_06_1, &R_06_2, &R_06_3, &R_06_4, &R_08_BT_23,
    &R_09_BT_29, &R_09_BT_46, &R_09_BT_60, &R_09_06, &R_09_46, &R_09_69, &R_09_92, &R_09_115,
    &R_09_BT_71, &R_09_146, &R_10_BT_30, &R_11_BT_47, &R_12_BT_49, &R_13_BT_34,
    &R_15_102_1, &R_15_102_2, &R_15_118_1, &R_15_118_2, &R_15_151_1, &R_08_151_2,
    &R_16_96, &R_16_103, &R_16_119, &R_16_152, &R_17_BT_123, &R_18_BT_123,
    &R_20_BT_21, &R_21_BT_49, &R_22_BT_34,
    &R_23_34, &R_23_49, &R_23_12, &R_23_29, &R_23_52, &R_23_75, &R_23_98, &R_23_121,
    &R_24_29, &R_24_46,
    &R_25_34, &R_25_49, &R_25_12, &R_25_29, &R_25_52, &R_25_75, &R_25_98, &R_25_121,
    &R_26_29, &R_26_46, &R_27_BG_32, &R_27_BT_160, &R_27_159, &R_28_VALUE,
    &R_29_BT_18, &R_29_AFL, &R_29_AVV, &R_30_BT_128, &R_30_AFL, &R_30_AVV, &R_31_BT_21,
    &R_32_LEGALID, &R_32_ID,
};

const fr_family_t fr_ubl_core = {"ubl-core", EINV_SYNTAX_UBL, check, RULES, sizeof RULES / sizeof RULES[0]};
