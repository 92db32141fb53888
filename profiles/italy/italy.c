/* The ITALY profile: AgID PEPPOL Italy 3.2.1 invoice rules (CIUS-IT) for UBL.
 *
 * The official chain is the single combined artefact AGID-EN16931-UBL 3.2.1, which carries
 * its own copies of the CEN rules (1.3.10), of the PEPPOL BIS rules of its time (3.0.14,
 * national rules included) and the AgID patterns. We build on the PEPPOL profile (EN16931
 * 1.3.16 + PEPPOL 2026.5), the base that agrees best with that chain, and add:
 *   - the AgID CIUS and extension rules (BR-IT-*, BR-IT-DC-*, BR-IT-DE-*);
 *   - the asserts of the older CEN/PEPPOL copies where they fire and the newer base does not
 *     (it_legacy*.c), so a document the AgID chain rejects is rejected here too;
 * and make the base's findings the chain's (to_agid_rule_set): every base rule the chain does
 * not have is withdrawn, and those it has under another id or flag are reported with its id
 * and flag, from tables generated from the artefact's id list (it_agid.h, agid_ids.py). The
 * ids ITALY reports are so exactly the chain's (tests/profiles/test_italy_ids.c). Base rules
 * with the same id in both that fire more widely in the base are listed in it_legacy*.c. */
#include "it_int.h"
#include "it_agid.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const it_family_t *const FAMILIES[] = {&it_cius, &it_cius2, &it_ext, &it_legacy,
                                             &it_legacy_pp};
#define N_FAMILIES (sizeof FAMILIES / sizeof FAMILIES[0])

static int is_line(const xmlNode *n)
{
    return einv_x_is(n, EINV_NS_CAC, "InvoiceLine") || einv_x_is(n, EINV_NS_CAC, "CreditNoteLine");
}

static int doc_init(it_doc_t *f, const einv_xdoc_t *d)
{
    einv_nodes_t v;
    xmlNodePtr c;
    size_t i, n = 0;
    memset(f, 0, sizeof *f);
    f->d = d;
    f->root = einv_xdoc_root(d);
    f->is_invoice = einv_x_is(f->root, EINV_NS_UBL_INV, "Invoice");
    f->is_credit_note = einv_x_is(f->root, EINV_NS_UBL_CN, "CreditNote");
    for (c = einv_x_first_elem(f->root); c; c = einv_x_next_elem(c))
        n += !is_line(c);
    f->head = malloc((n ? n : 1) * sizeof *f->head);
    if (!f->head)
        return -1;
    for (c = einv_x_first_elem(f->root); c; c = einv_x_next_elem(c))
        if (!is_line(c))
            f->head[f->n_head++] = c;
    einv_nodes_init(&v);
    it_sel(f, "cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:Country/cbc:IdentificationCode", &v);
    for (i = 0; i < v.n; i++) {
        if (strcmp(einv_x_text(v.v[i]), "IT") == 0)
            f->sup_cc_eq_it = 1;
        else
            f->sup_cc_ne_it = 1;
    }
    einv_nodes_free(&v);
    return 0;
}

/* Base rules the AgID chain has in an older form that fires elsewhere: withdrawn here, the AgID
 * form is reported by it_legacy.c / it_legacy_pp.c. Every other base rule the chain lacks or flags otherwise
 * is in the generated tables (it_agid_ids.c). */
static const char *const BASE_OWN_FORM[] = {"PEPPOL-EN16931-CL008", "PEPPOL-COMMON-R049",
                                           "PEPPOL-EN16931-R007", "UBL-SR-43", "BR-CL-03",
                                           "BR-CL-04", "BR-CL-05", "PEPPOL-EN16931-CL007",
                                           "PEPPOL-EN16931-R051", "BR-CL-25", "BR-CO-26",
                                           "UBL-SR-22", "UBL-SR-23", "PEPPOL-EN16931-R004",
                                           "BR-B-02"};

/* The rules reported again (it_agid_again) under the chain's id and flag, built by the first
 * init. */
static einv_rule_t *again_rules;

static const it_agid_id_t *agid_find(const char *id)
{
    size_t lo = 0, hi = it_agid_n_ids;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(id, it_agid_ids[mid].id);
        if (c == 0)
            return &it_agid_ids[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* Make the base's findings the chain's: withdraw the rules it lacks, report again those it
 * names or flags otherwise (one finding per base finding, at its location). einv_ctx_count is a
 * table lookup, so the long withdrawal list costs nothing when its rules did not fire. */
static void to_agid_rule_set(einv_ctx_t *ctx)
{
    size_t i;
    for (i = 0; i < it_agid_n_withdrawn; i++)
        if (einv_ctx_count(ctx, it_agid_withdrawn[i]))
            einv_ctx_drop(ctx, it_agid_withdrawn[i]);
    for (i = 0; i < sizeof BASE_OWN_FORM / sizeof BASE_OWN_FORM[0]; i++)
        if (einv_ctx_count(ctx, BASE_OWN_FORM[i]))
            einv_ctx_drop(ctx, BASE_OWN_FORM[i]);
    for (i = 0; again_rules && i < it_agid_n_again; i++) {
        if (!einv_ctx_count(ctx, it_agid_again[i].base_id))
            continue;
        einv_ctx_rename(ctx, it_agid_again[i].base_id, &again_rules[i]);
    }
}

static void it_check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    it_doc_t doc;
    size_t i;
    if (einv_ctx_syntax(ctx) != EINV_SYNTAX_UBL || !d || !einv_xdoc_root(d))
        return;
    if (doc_init(&doc, d) != 0)
        return;
    to_agid_rule_set(ctx);
    for (i = 0; i < N_FAMILIES; i++)
        FAMILIES[i]->check(ctx, &doc);
    free(doc.head);
}

/* One list of every rule of the families (an id listed twice with the same severity appears
 * once). Built by the first init; an engine opened while another is alive initializes the
 * plugin again and shares the list, so it is freed with the last fini. */
static const einv_rule_t **all_rules;
static size_t n_all;
static int users;

/* The rules reported again; their messages name the base rule they stand for. */
static char *again_text;

static int build_again_rules(void)
{
    enum { MSG = 160 };
    size_t i;
    again_rules = calloc(it_agid_n_again ? it_agid_n_again : 1, sizeof *again_rules);
    again_text = calloc(it_agid_n_again ? it_agid_n_again : 1, MSG);
    if (!again_rules || !again_text)
        return -1;
    for (i = 0; i < it_agid_n_again; i++) {
        const it_agid_id_t *a = agid_find(it_agid_again[i].agid_id);
        einv_rule_t *r = &again_rules[i];
        char *msg = again_text + i * MSG;
        if (!a)
            return -1;
        if (strcmp(a->id, it_agid_again[i].base_id) != 0)
            snprintf(msg, MSG, "%s is not met (later EN 16931 releases call this rule %s; the AgID "
                     "rules keep the older id).", a->id, it_agid_again[i].base_id);
        else
            snprintf(msg, MSG, "%s is not met; the AgID 3.2.1 rules flag it as %s.", a->id,
                     a->fatal ? "an error" : "a warning");
        r->id = a->id;
        r->severity = a->fatal ? EINV_SEV_ERROR : EINV_SEV_WARNING;
        /* EN 16931 business rules stay in the core layer, national PEPPOL rules are profile rules */
        r->layer = strncmp(a->id, "BR-", 3) == 0 ? EINV_LAYER_CORE : EINV_LAYER_PROFILE;
        r->terms = "";
        r->message = msg;
        r->suggestion = "Validate with --profile PEPPOL to see where the rule (by its current id) fires.";
    }
    return 0;
}

static void free_again_rules(void)
{
    free(again_rules);
    free(again_text);
    again_rules = NULL;
    again_text = NULL;
}

/* What ITALY withdraws from its base chain's listings: the rules AgID lacks, those it reports
 * again under another id or flag, and those it has in its own form (listed as ITALY's). */
static const char **withdrawn_ids;   /* (const char *const * for the ops) */
static size_t n_withdrawn_ids;

static int build_withdrawn(void)
{
    size_t i, n = 0, own = sizeof BASE_OWN_FORM / sizeof BASE_OWN_FORM[0];
    withdrawn_ids = calloc(it_agid_n_withdrawn + own + it_agid_n_again + 1, sizeof *withdrawn_ids);
    if (!withdrawn_ids)
        return -1;
    for (i = 0; i < it_agid_n_withdrawn; i++)
        withdrawn_ids[n++] = it_agid_withdrawn[i];
    for (i = 0; i < own; i++)
        withdrawn_ids[n++] = BASE_OWN_FORM[i];
    for (i = 0; i < it_agid_n_again; i++)
        withdrawn_ids[n++] = it_agid_again[i].base_id;
    n_withdrawn_ids = n;
    return 0;
}

static int build_rule_list(einv_error_t *err)
{
    size_t i, j, k, total = it_agid_n_again;
    for (i = 0; i < N_FAMILIES; i++)
        total += FAMILIES[i]->n_rules;
    all_rules = calloc(total ? total : 1, sizeof *all_rules);
    if (!all_rules || build_again_rules() != 0) {
        free(all_rules);
        all_rules = NULL;
        free_again_rules();
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory (or it_agid_again names an id the AgID table lacks)", "", "");
    }
    for (i = 0; i < it_agid_n_again; i++)
        all_rules[n_all++] = &again_rules[i];
    for (i = 0; i < N_FAMILIES; i++)
        for (j = 0; j < FAMILIES[i]->n_rules; j++) {
            const einv_rule_t *r = FAMILIES[i]->rules[j];
            for (k = 0; k < n_all; k++)
                if (strcmp(all_rules[k]->id, r->id) == 0 && all_rules[k]->severity == r->severity)
                    break;
            if (k == n_all)
                all_rules[n_all++] = r;
        }
    return EINV_OK;
}

static int it_init(const einv_host_api_t *host, einv_error_t *err)
{
    static einv_profile_ops_t ops = {
        sizeof(einv_profile_ops_t), "ITALY", "PEPPOL", 1, "AgID PEPPOL Italy 3.2.1 (CIUS-IT)",
        EINV_SYNTAX_BIT(EINV_SYNTAX_UBL), it_check, NULL, 0,
        NULL, NULL, NULL, 0};   /* PEPPOL's BT-24 / BT-23 */
    int rc;
    if (!all_rules && (rc = build_rule_list(err)) != EINV_OK)
        return rc;
    if (!withdrawn_ids && build_withdrawn() != 0)
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
    users++;
    ops.rules = all_rules;
    ops.n_rules = n_all;
    ops.withdraws = (const char *const *)withdrawn_ids;
    ops.n_withdraws = n_withdrawn_ids;
    return host->register_profile(&ops, err);
}

static void it_fini(void)
{
    if (users > 0 && --users == 0) {
        free(all_rules);
        all_rules = NULL;
        n_all = 0;
        free_again_rules();
        free(withdrawn_ids);
        withdrawn_ids = NULL;
        n_withdrawn_ids = 0;
    }
}

/* The generated tables, for the test that compares them with the artefact and the base. */
EINV_API const it_agid_tables_t *einv_italy_agid_tables(void);
EINV_API const it_agid_tables_t *einv_italy_agid_tables(void)
{
    static it_agid_tables_t t;
    t.ids = it_agid_ids;
    t.n_ids = it_agid_n_ids;
    t.withdrawn = it_agid_withdrawn;
    t.n_withdrawn = it_agid_n_withdrawn;
    t.again = it_agid_again;
    t.n_again = it_agid_n_again;
    return &t;
}

EINV_PLUGIN_DEFINE("italy", EINV_PLUGIN_PROFILE, "3.2.1",
                   "AgID PEPPOL Italy 3.2.1 invoice rules (CIUS-IT, UBL) on top of PEPPOL", it_init,
                   it_fini)
