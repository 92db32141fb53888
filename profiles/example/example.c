/* The smallest complete profile plugin: a template for partners (docs/plugin-guide.md).
 *
 * Profile EXAMPLE builds on EN16931 (whose rules run first) and adds one rule for both
 * syntaxes: the invoice number (BT-1) must start with "INV-". It uses only the public SDK
 * in include/einvoice/. Built by the test suite; not installed by default. */
#include <einvoice/einvoice.h>
#include <string.h>

static const einv_rule_t EX_01 = {
    "EX-01", EINV_SEV_ERROR, EINV_LAYER_PROFILE, "BT-1",
    "The invoice number (BT-1) does not start with \"INV-\".",
    "Number invoices INV-<year>-<sequence>, as agreed with the example buyer."};

static const einv_rule_t *const RULES[] = {&EX_01};

/* BT-1 is cbc:ID under the UBL root, or rsm:ExchangedDocument/ram:ID in CII. */
static void check(einv_ctx_t *ctx)
{
    const einv_xdoc_t *d = einv_ctx_xdoc(ctx);
    xmlNodePtr root = einv_xdoc_root(d), id;
    char buf[128];
    if (!root)
        return;
    if (einv_ctx_syntax(ctx) == EINV_SYNTAX_UBL)
        id = einv_x_child(root, EINV_NS_CBC, "ID");
    else
        id = einv_x_path(root, "rsm:ExchangedDocument/ram:ID");
    /* a missing number is EN16931's BR-02; this rule only judges a number that is there */
    if (id && strncmp(einv_x_norm(id, buf, sizeof buf), "INV-", 4) != 0)
        einv_report(ctx, &EX_01, id);
}

static int init(const einv_host_api_t *host, einv_error_t *err)
{
    static const einv_profile_ops_t ops = {
        sizeof(einv_profile_ops_t), "EXAMPLE", "EN16931", 0, "Example rules 1.0",
        EINV_SYNTAX_BIT(EINV_SYNTAX_UBL) | EINV_SYNTAX_BIT(EINV_SYNTAX_CII), check, RULES,
        sizeof RULES / sizeof RULES[0],
        NULL, NULL};   /* BT-24 / BT-23 of converted ERP invoices: the base profile's */
    return host->register_profile(&ops, err);
}

EINV_PLUGIN_DEFINE("example", EINV_PLUGIN_PROFILE, "1.0.0", "Example profile (template)", init,
                   NULL)
