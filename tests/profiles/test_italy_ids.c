/* The ITALY rule set against the AgID 3.2.1 artefact: the ids (and flags) ITALY can report
 * must be exactly those of the compiled AgID chain (AGID-EN16931-UBL.xslt 3.2.1, its id list
 * in profiles/italy/agid-ubl-3.2.1.ids, made by profiles/italy/agid_ids.py).
 *
 * ITALY runs after its base (ubl syntax rules, EN16931, PEPPOL) and withdraws or reports again
 * the base rules per the generated tables (it_agid_ids.c, read here through the plugin's
 * einv_italy_agid_tables). So the reportable set is
 *     base rules - withdrawn - reported again  +  ITALY's own rules
 * and every one of them must be an artefact id with the artefact's flag; every base rule must
 * be decided (a base rule added later fails here until agid_ids.py is run again); and every
 * artefact id must be reportable, but the two the artefact itself can never fire. Then the
 * cases the issue names, on documents: they fire under PEPPOL and not under ITALY. */
#include <CUnit/Basic.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine.h"
#include "tsupport.h"
#include "../../profiles/italy/it_agid.h"

/* Artefact ids that never fire: their rule context is always taken by an earlier rule of the
 * same pattern (tests/profiles/test_italy.c, test_shadowed). */
static const char *const NEVER_FIRES[] = {"BR-IT-001", "BR-IT-DC-002"};

typedef struct art_id {
    char id[64];
    int fatal;
} art_id_t;

static art_id_t *art;
static size_t n_art;
static einv_engine_t *eng;
static const it_agid_tables_t *tabs;

static int load_artefact(void)
{
    char path[1024], id[64], flag[16];
    const char *src = getenv("EINV_SOURCE_DIR");
    FILE *f;
    size_t cap = 0;
    snprintf(path, sizeof path, "%s/profiles/italy/agid-ubl-3.2.1.ids", src ? src : ".");
    f = fopen(path, "r");
    if (!f)
        return -1;
    while (fscanf(f, "%63s %15s", id, flag) == 2) {
        if (n_art == cap) {
            art_id_t *p = realloc(art, (cap = cap ? 2 * cap : 1024) * sizeof *art);
            if (!p)
                break;
            art = p;
        }
        snprintf(art[n_art].id, sizeof art[n_art].id, "%s", id);
        art[n_art++].fatal = strcmp(flag, "fatal") == 0;
    }
    fclose(f);
    return 0;
}

static const art_id_t *art_find(const char *id)
{
    size_t i;
    for (i = 0; i < n_art; i++)
        if (strcmp(art[i].id, id) == 0)
            return &art[i];
    return NULL;
}

static int in_list(const char *const *v, size_t n, const char *id)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (strcmp(v[i], id) == 0)
            return 1;
    return 0;
}

static const it_agid_again_t *again_of(const char *base_id)
{
    size_t i;
    for (i = 0; i < tabs->n_again; i++)
        if (strcmp(tabs->again[i].base_id, base_id) == 0)
            return &tabs->again[i];
    return NULL;
}

static int setup(void)
{
    einv_error_t err;
    char path[1024];
    void *h;
    const it_agid_tables_t *(*fn)(void);
    const char *dir = getenv("EINV_TEST_PLUGIN_DIR");
    if (load_artefact() != 0)
        return -1;
    eng = einv_engine_open_dir(dir, NULL, &err);
    if (!eng)
        return -1;
    /* the engine has the plugin loaded: this only finds it */
    snprintf(path, sizeof path, "%s/italy.so", dir ? dir : ".");
    h = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    if (!h)
        return -1;
    *(void **)&fn = dlsym(h, "einv_italy_agid_tables");
    tabs = fn ? fn() : NULL;
    dlclose(h);
    return tabs ? 0 : -1;
}

static int teardown(void)
{
    einv_engine_close(eng);
    free(art);
    return 0;
}

static void fail_msg(int ok, int line, const char *fmt, const char *a, const char *b)
{
    char msg[300];
    snprintf(msg, sizeof msg, fmt, a, b);
    CU_assertImplementation(ok ? CU_TRUE : CU_FALSE, line, msg, __FILE__, "", CU_FALSE);
}

/* The plugin's id table is the .ids file, in the same order, with the same flags. */
static void test_table_is_artefact(void)
{
    size_t i;
    CU_ASSERT_EQUAL_FATAL(tabs->n_ids, n_art);
    CU_ASSERT(n_art > 1000);
    for (i = 0; i < n_art; i++) {
        fail_msg(strcmp(tabs->ids[i].id, art[i].id) == 0, __LINE__, "table id %s, artefact %s",
                 tabs->ids[i].id, art[i].id);
        fail_msg(tabs->ids[i].fatal == art[i].fatal, __LINE__, "%s: flag differs%s", art[i].id, "");
        if (i)
            fail_msg(strcmp(tabs->ids[i - 1].id, tabs->ids[i].id) < 0, __LINE__, "%s not after %s",
                     tabs->ids[i].id, tabs->ids[i - 1].id);
    }
}

typedef void (*rule_fn)(const einv_rule_t *r, const char *src, void *arg);

/* Every rule of the UBL chain of ITALY: the ubl format's, EN16931's, PEPPOL's, ITALY's. */
static void each_rule(rule_fn fn, void *arg)
{
    static const char *const PROFILES[] = {"EN16931", "PEPPOL", "ITALY"};
    const einv_format_ops_t *ubl = einv_engine_format(eng, "ubl");
    size_t i, j;
    CU_ASSERT_PTR_NOT_NULL_FATAL(ubl);
    for (i = 0; i < ubl->n_rules; i++)
        fn(ubl->rules[i], "ubl", arg);
    for (j = 0; j < 3; j++) {
        const einv_profile_ops_t *p = einv_engine_profile(eng, PROFILES[j]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        for (i = 0; i < p->n_rules; i++)
            fn(p->rules[i], PROFILES[j], arg);
    }
}

/* A rule ITALY may report is an artefact id with the artefact's flag; every base rule is
 * decided by the tables exactly as agid_ids.py decides it. */
static void check_rule(const einv_rule_t *r, const char *src, void *arg)
{
    const art_id_t *a = art_find(r->id);
    const it_agid_again_t *ag = again_of(r->id);
    int withdrawn = in_list(tabs->withdrawn, tabs->n_withdrawn, r->id);
    int *reportable = arg;
    if (strcmp(src, "ITALY") == 0) {
        fail_msg(a != NULL, __LINE__, "ITALY reports %s, which the AgID chain does not have%s", r->id, "");
        fail_msg(a && a->fatal == (r->severity == EINV_SEV_ERROR), __LINE__,
                 "ITALY reports %s with another flag than the AgID chain%s", r->id, "");
    } else if (withdrawn) {
        fail_msg(a == NULL && ag == NULL, __LINE__, "%s is withdrawn but the AgID chain has it%s", r->id, "");
        return;
    } else if (ag) {
        const art_id_t *t = art_find(ag->agid_id);
        fail_msg(t != NULL, __LINE__, "%s is reported again as %s, which the chain lacks", r->id, ag->agid_id);
        fail_msg(strcmp(ag->agid_id, r->id) != 0 || (t && t->fatal != (r->severity == EINV_SEV_ERROR)),
                 __LINE__, "%s is reported again under its own id and flag (%s)", r->id, "needless");
        return;
    } else {
        fail_msg(a != NULL, __LINE__, "base rule %s (%s) is neither in the AgID chain nor withdrawn: run "
                 "profiles/italy/agid_ids.py again", r->id, src);
        fail_msg(a && a->fatal == (r->severity == EINV_SEV_ERROR), __LINE__,
                 "base rule %s (%s) has another flag in the AgID chain and is not reported again", r->id, src);
    }
    if (a)
        reportable[a - art] = 1;
}

static void test_rule_set_is_artefact(void)
{
    int *reportable = calloc(n_art ? n_art : 1, sizeof *reportable);
    size_t i;
    CU_ASSERT_PTR_NOT_NULL_FATAL(reportable);
    each_rule(check_rule, reportable);
    for (i = 0; i < n_art; i++) {
        int never = in_list(NEVER_FIRES, sizeof NEVER_FIRES / sizeof NEVER_FIRES[0], art[i].id);
        fail_msg(reportable[i] || never, __LINE__, "the AgID chain has %s; ITALY cannot report it%s",
                 art[i].id, "");
    }
    /* the withdrawn and re-reported ids are base rules (no stale entries) */
    for (i = 0; i < tabs->n_withdrawn; i++)
        fail_msg(!art_find(tabs->withdrawn[i]), __LINE__, "withdrawn %s is an AgID id%s", tabs->withdrawn[i], "");
    free(reportable);
}

/* The cases of issue 10: fired by the base on ordinary documents, unknown to the AgID chain.
 * Each fires under PEPPOL (so the document does exercise it) and not under ITALY. */
#define DE_PARTY "<cac:Party><cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE" \
    "</cbc:IdentificationCode></cac:Country></cac:PostalAddress></cac:Party>"
#define DE_DOMESTIC "<cac:AccountingSupplierParty>" DE_PARTY "</cac:AccountingSupplierParty>" \
    "<cac:AccountingCustomerParty>" DE_PARTY "</cac:AccountingCustomerParty>"
#define LINE(inner) "<cac:InvoiceLine><cbc:ID>1</cbc:ID>" inner "</cac:InvoiceLine>"
typedef struct withdrawn_case {
    const char *rule;
    einv_severity base_sev;
    const char *body;
} withdrawn_case_t;

static const withdrawn_case_t WITHDRAWN[] = {
    {"UBL-CR-001", EINV_SEV_WARNING, "<ext:UBLExtensions xmlns:ext=\"urn:oasis:names:specification:ubl:schema:xsd:"
     "CommonExtensionComponents-2\"><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension></ext:UBLExtensions>"},
    {"UBL-CR-018", EINV_SEV_WARNING, "<cac:OrderReference><cbc:ID>1</cbc:ID><cbc:IssueDate>2024-01-01</cbc:IssueDate></cac:OrderReference>"},
    {"UBL-CR-170", EINV_SEV_WARNING, "<cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme><cbc:TaxLevelCode>1</cbc:TaxLevelCode>"
     "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme></cac:Party></cac:AccountingSupplierParty>"},
    {"UBL-CR-195", EINV_SEV_WARNING, "<cac:AccountingSupplierParty><cac:Party><cac:ServiceProviderParty><cac:Party/></cac:ServiceProviderParty>"
     "</cac:Party></cac:AccountingSupplierParty>"},
    {"UBL-CR-528", EINV_SEV_WARNING, LINE("<cac:OrderLineReference><cbc:LineID>1</cbc:LineID><cac:OrderReference><cbc:ID>1</cbc:ID>"
     "</cac:OrderReference></cac:OrderLineReference>")},
    {"UBL-CR-529", EINV_SEV_WARNING, LINE("<cac:DespatchLineReference><cbc:LineID>NA</cbc:LineID></cac:DespatchLineReference>")},
    {"DE-R-001", EINV_SEV_ERROR, DE_DOMESTIC},
    {"DE-R-017", EINV_SEV_WARNING, "<cbc:InvoiceTypeCode>71</cbc:InvoiceTypeCode>" DE_DOMESTIC},
};

static void test_withdrawn_on_documents(void)
{
    size_t i;
    for (i = 0; i < sizeof WITHDRAWN / sizeof WITHDRAWN[0]; i++) {
        const withdrawn_case_t *c = &WITHDRAWN[i];
        tst_result_t *p = tst_validate("PEPPOL", NULL, tst_ubl(c->body));
        tst_result_t *it = tst_validate("ITALY", NULL, tst_ubl(c->body));
        fail_msg(tst_has(p, c->rule, c->base_sev), __LINE__, "%s does not fire under PEPPOL: %s", c->rule, tst_codes(p));
        fail_msg(tst_count(it, c->rule) == 0, __LINE__, "%s fires under ITALY: %s", c->rule, tst_codes(it));
        tst_free(p);
        tst_free(it);
    }
}

/* Reported again: a CEN rule under its 1.3.10 id, a PEPPOL rule under the chain's flag, each
 * as often as the base reports it. */
static void test_again_on_documents(void)
{
    static const char IGIC_LINE[] = LINE("<cbc:LineExtensionAmount currencyID=\"EUR\">100</cbc:LineExtensionAmount>"
        "<cac:Item><cac:ClassifiedTaxCategory><cbc:ID>L</cbc:ID><cbc:Percent>7</cbc:Percent>"
        "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>");
    static const char SE_ORG[] = "<cac:AccountingSupplierParty><cac:Party><cac:PostalAddress><cac:Country>"
        "<cbc:IdentificationCode>SE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>"
        "<cac:PartyTaxScheme><cbc:CompanyID>SE556732170701</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>"
        "<cac:PartyLegalEntity><cbc:RegistrationName>A</cbc:RegistrationName><cbc:CompanyID>556732-1707</cbc:CompanyID></cac:PartyLegalEntity>"
        "</cac:Party></cac:AccountingSupplierParty>";
    tst_result_t *p = tst_validate("PEPPOL", NULL, tst_ubl(IGIC_LINE));
    tst_result_t *it = tst_validate("ITALY", NULL, tst_ubl(IGIC_LINE));
    CU_ASSERT(tst_count(p, "BR-AF-01") > 0);
    CU_ASSERT_EQUAL(tst_count(it, "BR-AF-01"), 0);
    CU_ASSERT_EQUAL(tst_count(it, "BR-IG-01"), tst_count(p, "BR-AF-01"));
    CU_ASSERT(tst_has(it, "BR-IG-01", EINV_SEV_ERROR));
    /* reported again at the base finding's place (einv_ctx_rename), not without one */
    CU_ASSERT_PTR_NOT_NULL_FATAL(tst_field(it, "BR-IG-01"));
    CU_ASSERT_STRING_EQUAL(tst_field(it, "BR-IG-01"), tst_field(p, "BR-AF-01"));
    CU_ASSERT(tst_field(it, "BR-IG-01")[0] != '\0');
    tst_free(p);
    tst_free(it);
    p = tst_validate("PEPPOL", NULL, tst_ubl(SE_ORG));
    it = tst_validate("ITALY", NULL, tst_ubl(SE_ORG));
    CU_ASSERT(tst_has(p, "SE-R-003", EINV_SEV_ERROR));
    CU_ASSERT(tst_has(it, "SE-R-003", EINV_SEV_WARNING));
    CU_ASSERT(!tst_has(it, "SE-R-003", EINV_SEV_ERROR));
    CU_ASSERT_EQUAL(tst_count(it, "SE-R-003"), tst_count(p, "SE-R-003"));
    CU_ASSERT_STRING_EQUAL(tst_field(it, "SE-R-003"), tst_field(p, "SE-R-003"));
    tst_free(p);
    tst_free(it);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("italy_ids", setup, teardown);
    CU_add_test(s, "table_is_artefact", test_table_is_artefact);
    CU_add_test(s, "rule_set_is_artefact", test_rule_set_is_artefact);
    CU_add_test(s, "withdrawn_on_documents", test_withdrawn_on_documents);
    CU_add_test(s, "again_on_documents", test_again_on_documents);
}
