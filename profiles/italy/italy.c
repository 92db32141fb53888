/* The ITALY profile: AgID PEPPOL Italy 3.2.1 invoice rules (CIUS-IT) for UBL.
 *
 * The official chain is the single combined artefact AGID-EN16931-UBL 3.2.1, which carries
 * its own copies of the CEN rules (1.3.10), of the PEPPOL BIS rules of its time (3.0.14,
 * national rules included) and the AgID patterns. We build on the PEPPOL profile (EN16931
 * 1.3.16 + PEPPOL 2026.5), the base that agrees best with that chain, and add:
 *   - the AgID CIUS and extension rules (BR-IT-*, BR-IT-DC-*, BR-IT-DE-*);
 *   - the asserts of the older CEN/PEPPOL copies where they fire and the newer base does not
 *     (it_legacy*.c), so a document the AgID chain rejects is rejected here too.
 * Rules the base fires and the AgID chain does not know (or no longer fires) cannot be
 * withdrawn by a profile; they are listed in it_legacy.c and it_legacy_pp.c. */
#include "it_int.h"
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

/* Rules of our PEPPOL base (OpenPEPPOL 2026.5 and CEN 1.3.16) that the CEN 1.3.10 and
 * PEPPOL 3.0.14 copies inside the AgID artefact do not have, or have in a form that never
 * fires where these do: withdrawn before the AgID rules run (einv_ctx_drop, SDK ABI 1.1). */
static const char *const BASE_NOT_IN_AGID[] = {
    "PEPPOL-COMMON-R053", "UBL-SR-53", "DE-R-014", "DE-R-016", "DE-R-018", "DE-R-023-2",
    "DE-R-024-1", "DE-R-024-2", "DE-R-025-2", "DE-R-030", "SE-R-013", "DK-R-017",
    "PEPPOL-EN16931-P0112",
    /* present in 3.0.14 in another form: the AgID form is reported by it_legacy*.c */
    "PEPPOL-EN16931-CL008", "PEPPOL-COMMON-R049"};

static void it_check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    it_doc_t doc;
    size_t i;
    if (einv_ctx_syntax(ctx) != EINV_SYNTAX_UBL || !d || !einv_xdoc_root(d))
        return;
    if (doc_init(&doc, d) != 0)
        return;
    for (i = 0; i < sizeof BASE_NOT_IN_AGID / sizeof BASE_NOT_IN_AGID[0]; i++)
        einv_ctx_drop(ctx, BASE_NOT_IN_AGID[i]);
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

static int build_rule_list(einv_error_t *err)
{
    size_t i, j, k, total = 0;
    for (i = 0; i < N_FAMILIES; i++)
        total += FAMILIES[i]->n_rules;
    all_rules = calloc(total ? total : 1, sizeof *all_rules);
    if (!all_rules)
        return einv_error_set(err, EINV_ERR_NOMEM, "out of memory", "", "");
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
        NULL, NULL};   /* PEPPOL's BT-24 / BT-23 */
    int rc;
    if (!all_rules && (rc = build_rule_list(err)) != EINV_OK)
        return rc;
    users++;
    ops.rules = all_rules;
    ops.n_rules = n_all;
    return host->register_profile(&ops, err);
}

static void it_fini(void)
{
    if (users > 0 && --users == 0) {
        free(all_rules);
        all_rules = NULL;
        n_all = 0;
    }
}

EINV_PLUGIN_DEFINE("italy", EINV_PLUGIN_PROFILE, "3.2.1",
                   "AgID PEPPOL Italy 3.2.1 invoice rules (CIUS-IT, UBL) on top of PEPPOL", it_init,
                   it_fini)
