/* EN16931 profile, UBL VAT-category family (ubl_rules_vat.c, ubl_rules_vat_sums.c): for the
 * BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O, BR-AF and BR-AG rules a small document that
 * makes each rule (or rule pattern, per category) fire and one that does not. Documents are
 * fragments: each case only asserts the verdict of the rule it names. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <string.h>
#include "trules.h"
#include "tsupport.h"

enum { PASS = TST_PASS, FIRE = TST_FIRE, WARN = TST_WARN };

typedef tst_rule_case tcase;

/* ---- reusable fragments ---- */
#define VATS "<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>"
#define AMT(name, v) "<cbc:" name " currencyID=\"EUR\">" v "</cbc:" name ">"
#define PCT(v) "<cbc:Percent>" v "</cbc:Percent>"
#define WHY "<cbc:TaxExemptionReason>Reason</cbc:TaxExemptionReason>"
#define CAT(id, x) "<cac:TaxCategory><cbc:ID>" id "</cbc:ID>" x VATS "</cac:TaxCategory>"
#define CLS(id, x) \
    "<cac:ClassifiedTaxCategory><cbc:ID>" id "</cbc:ID>" x VATS "</cac:ClassifiedTaxCategory>"
#define LINE(lea, cls) \
    "<cac:InvoiceLine>" AMT("LineExtensionAmount", lea) "<cac:Item>" cls "</cac:Item></cac:InvoiceLine>"
#define CNLINE(lea, cls)                                                                  \
    "<cac:CreditNoteLine>" AMT("LineExtensionAmount", lea) "<cac:Item>" cls               \
    "</cac:Item></cac:CreditNoteLine>"
#define ALW(amt, cat) \
    "<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>" AMT("Amount", amt) cat "</cac:AllowanceCharge>"
#define CHG(amt, cat) \
    "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>" AMT("Amount", amt) cat "</cac:AllowanceCharge>"
#define SUB(ta, tax, cat) \
    "<cac:TaxSubtotal>" AMT("TaxableAmount", ta) AMT("TaxAmount", tax) cat "</cac:TaxSubtotal>"
#define TOT(x) "<cac:TaxTotal>" x "</cac:TaxTotal>"
#define PTS(id, scheme)                                                                   \
    "<cac:PartyTaxScheme><cbc:CompanyID>" id "</cbc:CompanyID><cac:TaxScheme><cbc:ID>" scheme \
    "</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>"
#define SUP(x) "<cac:AccountingSupplierParty><cac:Party>" x "</cac:Party></cac:AccountingSupplierParty>"
#define CUS(x) "<cac:AccountingCustomerParty><cac:Party>" x "</cac:Party></cac:AccountingCustomerParty>"
#define SUPVAT SUP(PTS("DE123456789", "VAT"))
#define SUPTAX SUP(PTS("12/345/67890", "LOC"))   /* tax registration, not a VAT id */
#define TRVAT "<cac:TaxRepresentativeParty>" PTS("DE999999999", "VAT") "</cac:TaxRepresentativeParty>"
#define CUSVAT CUS(PTS("FR12345678901", "VAT"))
#define CUSLEGAL CUS("<cac:PartyLegalEntity><cbc:CompanyID>123456789</cbc:CompanyID></cac:PartyLegalEntity>")

#define RUN(t) TST_RULES_UBL("EN16931", t)

/* ---- -01: the breakdown must hold the category used on lines / allowances / charges ---- */
#define ONE(rule, c)                                                                        \
    {rule, FIRE, 0, LINE("100", CLS(c, PCT("0")))},                                         \
    {rule, FIRE, 0, LINE("100", CLS(c, PCT("0"))) TOT(SUB("50", "0", CAT(c, PCT("0"))) SUB("50", "0", CAT(c, PCT("0"))))}, \
    {rule, PASS, 0, LINE("100", CLS(c, PCT("0"))) TOT(SUB("100", "0", CAT(c, PCT("0"))))}, \
    {rule, PASS, 0, LINE("100", CLS("S", PCT("20"))) TOT(SUB("100", "20", CAT("S", PCT("20"))))}

static void test_breakdown_presence(void)
{
    static const tcase t[] = {
        ONE("BR-AE-01", "AE"), ONE("BR-E-01", "E"), ONE("BR-G-01", "G"), ONE("BR-IC-01", "K"),
        ONE("BR-O-01", "O"), ONE("BR-Z-01", "Z"),
        /* an allowance alone also needs the group; a non-VAT scheme does not count */
        {"BR-Z-01", FIRE, 0, ALW("5", CAT("Z", PCT("0")))},
        {"BR-Z-01", PASS, 0, "<cac:AllowanceCharge><cac:TaxCategory><cbc:ID>Z</cbc:ID>"
                             "<cac:TaxScheme><cbc:ID>GST</cbc:ID></cac:TaxScheme></cac:TaxCategory>"
                             "</cac:AllowanceCharge>"},
        /* S, L, M: at least one group, and no group without a user */
        {"BR-S-01", FIRE, 0, ALW("5", CAT("S", PCT("20")))},
        {"BR-S-01", FIRE, 0, TOT(SUB("100", "20", CAT("S", PCT("20"))))},
        {"BR-S-01", PASS, 0, LINE("100", CLS("S", PCT("20"))) LINE("50", CLS("S", PCT("10")))
                                 TOT(SUB("100", "20", CAT("S", PCT("20"))))},
        {"BR-S-01", PASS, 0, LINE("100", CLS("E", PCT("0")))},
        {"BR-AF-01", FIRE, 0, LINE("100", CLS("L", PCT("7")))},
        {"BR-AF-01", FIRE, 0, TOT(SUB("100", "7", CAT("L", PCT("7"))))},
        {"BR-AF-01", PASS, 0, LINE("100", CLS("L", PCT("7"))) TOT(SUB("100", "7", CAT("L", PCT("7"))))},
        {"BR-AG-01", FIRE, 0, CHG("10", CAT("M", PCT("4")))},
        {"BR-AG-01", FIRE, 0, TOT(SUB("100", "4", CAT("M", PCT("4"))))},
        {"BR-AG-01", PASS, 0, CHG("10", CAT("M", PCT("4"))) TOT(SUB("10", "0.4", CAT("M", PCT("4"))))},
    };
    RUN(t);
}

/* ---- -02/-03/-04: identifiers required (or, for O, forbidden) by the category ---- */
#define USERS(r2, r3, r4, c, p, good, bad)                                                   \
    {r2, FIRE, 0, bad LINE("100", CLS(c, p))},  {r2, PASS, 0, good LINE("100", CLS(c, p))},  \
    {r3, FIRE, 0, bad ALW("5", CAT(c, p))},     {r3, PASS, 0, good ALW("5", CAT(c, p))},     \
    {r4, FIRE, 0, bad CHG("5", CAT(c, p))},     {r4, PASS, 0, good CHG("5", CAT(c, p))}

static void test_party_identifiers(void)
{
    static const tcase t[] = {
        USERS("BR-S-02", "BR-S-03", "BR-S-04", "S", PCT("20"), SUPVAT, ""),
        USERS("BR-Z-02", "BR-Z-03", "BR-Z-04", "Z", PCT("0"), SUPTAX, CUSVAT),
        USERS("BR-E-02", "BR-E-03", "BR-E-04", "E", PCT("0"), TRVAT, SUP("")),
        USERS("BR-AE-02", "BR-AE-03", "BR-AE-04", "AE", PCT("0"), SUPVAT CUSLEGAL, SUPVAT),
        USERS("BR-AE-02", "BR-AE-03", "BR-AE-04", "AE", PCT("0"), SUPTAX CUSVAT, CUSVAT),
        USERS("BR-G-02", "BR-G-03", "BR-G-04", "G", PCT("0"), SUPVAT, SUPTAX),
        USERS("BR-IC-02", "BR-IC-03", "BR-IC-04", "K", PCT("0"), TRVAT CUSVAT, SUPVAT CUSLEGAL),
        USERS("BR-AF-02", "BR-AF-03", "BR-AF-04", "L", PCT("7"), SUPVAT, ""),
        USERS("BR-AG-02", "BR-AG-03", "BR-AG-04", "M", PCT("4"), SUPTAX, ""),
        USERS("BR-O-02", "BR-O-03", "BR-O-04", "O", "", SUPTAX, CUSVAT),
        USERS("BR-O-02", "BR-O-03", "BR-O-04", "O", "", "", TRVAT),
        /* BR-O-03 looks at document level allowances only */
        {"BR-O-03", PASS, 0, SUPVAT "<cac:InvoiceLine>" ALW("5", CAT("O", "")) "</cac:InvoiceLine>"},
        /* BR-S-02 counts S lines of any scheme, but only VAT ones can satisfy it */
        {"BR-S-02", FIRE, 0, SUPVAT "<cac:InvoiceLine><cac:Item><cac:ClassifiedTaxCategory>"
                             "<cbc:ID>S</cbc:ID><cac:TaxScheme><cbc:ID>GST</cbc:ID></cac:TaxScheme>"
                             "</cac:ClassifiedTaxCategory></cac:Item></cac:InvoiceLine>"},
        /* the scheme id is compared upper-cased and space-normalized */
        {"BR-S-02", PASS, 0, SUP(PTS("DE1", "LOC")) "<cac:InvoiceLine><cac:Item>"
                             "<cac:ClassifiedTaxCategory><cbc:ID> S </cbc:ID><cac:TaxScheme>"
                             "<cbc:ID> vat </cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>"
                             "</cac:Item></cac:InvoiceLine>"},
    };
    RUN(t);
}

/* ---- -05/-06/-07: the rate on lines, allowances, charges ---- */
#define RATES(r5, r6, r7, c, bad, good)                                                      \
    {r5, FIRE, 0, LINE("100", CLS(c, bad))}, {r5, PASS, 0, LINE("100", CLS(c, good))},       \
    {r6, FIRE, 0, ALW("5", CAT(c, bad))},    {r6, PASS, 0, ALW("5", CAT(c, good))},          \
    {r7, FIRE, 0, CHG("5", CAT(c, bad))},    {r7, PASS, 0, CHG("5", CAT(c, good))}

static void test_rates(void)
{
    static const tcase t[] = {
        RATES("BR-S-05", "BR-S-06", "BR-S-07", "S", PCT("0"), PCT("19")),
        RATES("BR-S-05", "BR-S-06", "BR-S-07", "S", "", PCT("7.5")),
        RATES("BR-Z-05", "BR-Z-06", "BR-Z-07", "Z", PCT("5"), PCT("0.00")),
        RATES("BR-Z-05", "BR-Z-06", "BR-Z-07", "Z", "", PCT("0")),
        RATES("BR-E-05", "BR-E-06", "BR-E-07", "E", PCT("1"), PCT("0")),
        RATES("BR-AE-05", "BR-AE-06", "BR-AE-07", "AE", PCT("19"), PCT("0")),
        RATES("BR-IC-05", "BR-IC-06", "BR-IC-07", "K", PCT("abc"), PCT("0")),
        RATES("BR-G-05", "BR-G-06", "BR-G-07", "G", PCT("0.01"), PCT("0")),
        RATES("BR-AF-05", "BR-AF-06", "BR-AF-07", "L", PCT("-1"), PCT("0")),
        RATES("BR-AG-05", "BR-AG-06", "BR-AG-07", "M", "", PCT("9.5")),
        RATES("BR-O-05", "BR-O-06", "BR-O-07", "O", PCT("0"), ""),
        /* a category under another scheme is not this rule's context */
        {"BR-S-05", PASS, 0, "<cac:InvoiceLine><cac:Item><cac:ClassifiedTaxCategory>"
                             "<cbc:ID>S</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme>"
                             "<cbc:ID>GST</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>"
                             "</cac:Item></cac:InvoiceLine>"},
        /* a credit note line is a context too */
        {"BR-S-05", FIRE, 1, CNLINE("100", CLS("S", PCT("0")))},
    };
    RUN(t);
}

/* ---- -08: taxable amount of the breakdown group ---- */
#define EXACT(rule, c)                                                                      \
    {rule, FIRE, 0, LINE("90", CLS(c, "")) TOT(SUB("100", "0", CAT(c, "")))},             \
    {rule, FIRE, 0, TOT(SUB("0", "0", CAT(c, "")))},                                        \
    {rule, PASS, 0, LINE("100", CLS(c, "")) CHG("10.5", CAT(c, "")) ALW("10", CAT(c, ""))   \
                        TOT(SUB("100.50", "0", CAT(c, "")))},                                 \
    {rule, PASS, 1, CNLINE("40", CLS(c, "")) LINE("7", CLS(c, "")) TOT(SUB("40", "0", CAT(c, "")))}

static void test_taxable_amounts(void)
{
    static const tcase t[] = {
        EXACT("BR-AE-08", "AE"), EXACT("BR-E-08", "E"), EXACT("BR-G-08", "G"),
        EXACT("BR-IC-08", "K"), EXACT("BR-O-08", "O"), EXACT("BR-Z-08", "Z"),
        /* S: per rate, within 1, and the rate must be used somewhere */
        {"BR-S-08", FIRE, 0, LINE("98.5", CLS("S", PCT("20"))) TOT(SUB("100", "20", CAT("S", PCT("20"))))},
        {"BR-S-08", PASS, 0, LINE("99.5", CLS("S", PCT("20"))) TOT(SUB("100", "20", CAT("S", PCT("20"))))},
        {"BR-S-08", FIRE, 0, LINE("100", CLS("S", PCT("10"))) TOT(SUB("100", "20", CAT("S", PCT("20"))))},
        {"BR-S-08", PASS, 0, LINE("60", CLS("S", PCT("20"))) LINE("30", CLS("S", PCT("10")))
                                 CHG("50", CAT("S", PCT("20"))) ALW("10", CAT("S", PCT("20")))
                                 TOT(SUB("100", "20", CAT("S", PCT("20"))) SUB("30", "3", CAT("S", PCT("10"))))},
        {"BR-S-08", PASS, 0, TOT(SUB("100", "20", CAT("S", "")))},
        {"BR-S-08", PASS, 1, CNLINE("100.4", CLS("S", PCT("25"))) TOT(SUB("100", "25", CAT("S", PCT("25"))))},
        /* TaxableAmount - 1 is double arithmetic: 100.1 - 1 lies just below 99.1 */
        {"BR-S-08", PASS, 0, LINE("99.10", CLS("S", PCT("20"))) TOT(SUB("100.10", "20", CAT("S", PCT("20"))))},
        {"BR-S-08", FIRE, 0, LINE("99", CLS("S", PCT("20"))) TOT(SUB("100", "20", CAT("S", PCT("20"))))},
        {"BR-AF-08", FIRE, 0, LINE("50", CLS("L", PCT("7"))) TOT(SUB("100", "7", CAT("L", PCT("7"))))},
        {"BR-AF-08", PASS, 0, LINE("100", CLS("L", PCT("7"))) TOT(SUB("100", "7", CAT("L", PCT("7"))))},
        {"BR-AG-08", FIRE, 0, LINE("100", CLS("M", PCT("4"))) TOT(SUB("100", "4", CAT("M", PCT("9.5"))))},
        {"BR-AG-08", PASS, 0, LINE("99.2", CLS("M", PCT("4"))) TOT(SUB("100", "4", CAT("M", PCT("4"))))},
    };
    RUN(t);
}

/* ---- -09, -10 and the O / K specific rules on the breakdown ---- */
#define ZEROTAX(rule, c) \
    {rule, FIRE, 0, TOT(SUB("100", "5", CAT(c, "")))}, {rule, FIRE, 0, TOT(SUB("100", "", CAT(c, "")))}, \
    {rule, PASS, 0, TOT(SUB("100", "0.00", CAT(c, "")))}
#define NEEDWHY(rule, c) \
    {rule, FIRE, 0, TOT(SUB("100", "0", CAT(c, "")))}, {rule, PASS, 0, TOT(SUB("100", "0", CAT(c, WHY)))}
#define NOWHY(rule, c, p) \
    {rule, FIRE, 0, TOT(SUB("100", "0", CAT(c, p WHY)))}, {rule, PASS, 0, TOT(SUB("100", "0", CAT(c, p)))}

static void test_breakdown_amounts(void)
{
    static const tcase t[] = {
        ZEROTAX("BR-AE-09", "AE"), ZEROTAX("BR-E-09", "E"), ZEROTAX("BR-G-09", "G"),
        ZEROTAX("BR-IC-09", "K"), ZEROTAX("BR-O-09", "O"), ZEROTAX("BR-Z-09", "Z"),
        /* S, L, M: |TaxAmount| within 1 of round(TaxableAmount x rate, 2), strictly */
        {"BR-S-09", FIRE, 0, TOT(SUB("100", "21", CAT("S", PCT("20"))))},
        {"BR-S-09", PASS, 0, TOT(SUB("100", "20.99", CAT("S", PCT("20"))))},
        {"BR-S-09", PASS, 0, TOT(SUB("-100", "-20", CAT("S", PCT("20"))))},
        {"BR-S-09", FIRE, 0, TOT(SUB("100", "20", CAT("S", "")))},
        {"BR-AF-09", FIRE, 0, TOT(SUB("100", "0", CAT("L", PCT("7"))))},
        {"BR-AF-09", PASS, 0, TOT(SUB("100", "7", CAT("L", PCT("7"))))},
        {"BR-AG-09", FIRE, 0, TOT(SUB("200", "10", CAT("M", PCT("4"))))},
        {"BR-AG-09", PASS, 0, TOT(SUB("200", "8", CAT("M", PCT("4"))))},
        NEEDWHY("BR-AE-10", "AE"), NEEDWHY("BR-E-10", "E"), NEEDWHY("BR-G-10", "G"),
        NEEDWHY("BR-IC-10", "K"), NEEDWHY("BR-O-10", "O"),
        {"BR-E-10", PASS, 0, TOT(SUB("100", "0", CAT("E", "<cbc:TaxExemptionReasonCode>VATEX-EU-132"
                                                   "</cbc:TaxExemptionReasonCode>")))},
        NOWHY("BR-S-10", "S", PCT("20")), NOWHY("BR-Z-10", "Z", PCT("0")),
        NOWHY("BR-AF-10", "L", PCT("7")), NOWHY("BR-AG-10", "M", PCT("4")),
        /* K: delivery date or invoicing period, and the deliver-to country */
        {"BR-IC-11", FIRE, 0, TOT(SUB("100", "0", CAT("K", "")))},
        {"BR-IC-11", FIRE, 0, "<cac:InvoicePeriod/>" TOT(SUB("100", "0", CAT("K", "")))},
        {"BR-IC-11", PASS, 0, "<cac:Delivery><cbc:ActualDeliveryDate>2024-05-01</cbc:ActualDeliveryDate>"
                              "</cac:Delivery>" TOT(SUB("100", "0", CAT("K", "")))},
        {"BR-IC-11", PASS, 0, "<cac:InvoicePeriod><cbc:StartDate>2024-05-01</cbc:StartDate>"
                              "</cac:InvoicePeriod>" TOT(SUB("100", "0", CAT("K", "")))},
        {"BR-IC-11", PASS, 0, TOT(SUB("100", "0", CAT("S", PCT("20"))))},
        {"BR-IC-12", FIRE, 0, "<cac:Delivery><cbc:ActualDeliveryDate>2024-05-01</cbc:ActualDeliveryDate>"
                              "</cac:Delivery>" TOT(SUB("100", "0", CAT("K", "")))},
        {"BR-IC-12", PASS, 0, "<cac:Delivery><cac:DeliveryLocation><cac:Address><cac:Country>"
                              "<cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>"
                              "</cac:Address></cac:DeliveryLocation></cac:Delivery>"
                              TOT(SUB("100", "0", CAT("K", "")))},
        /* O excludes every other category */
        {"BR-O-11", FIRE, 0, TOT(SUB("100", "0", CAT("O", "")) SUB("100", "20", CAT("S", PCT("20"))))},
        {"BR-O-11", PASS, 0, TOT(SUB("100", "0", CAT("O", "")))},
        {"BR-O-12", FIRE, 0, LINE("100", CLS("S", PCT("20"))) TOT(SUB("100", "0", CAT("O", "")))},
        {"BR-O-12", PASS, 0, LINE("100", CLS("O", "")) TOT(SUB("100", "0", CAT("O", "")))},
        {"BR-O-13", FIRE, 0, ALW("5", CAT("Z", PCT("0"))) TOT(SUB("100", "0", CAT("O", "")))},
        {"BR-O-13", PASS, 0, ALW("5", CAT("O", "")) TOT(SUB("100", "0", CAT("O", "")))},
        {"BR-O-14", FIRE, 0, CHG("5", CAT("E", PCT("0"))) TOT(SUB("100", "0", CAT("O", "")))},
        {"BR-O-14", PASS, 0, CHG("5", CAT("E", PCT("0")))},
    };
    RUN(t);
}

/* One finding per failing context node, located at that node. */
static void test_one_per_node(void)
{
    tst_result_t *r = tst_validate(
        "EN16931", NULL,
        tst_ubl(LINE("1", CLS("S", PCT("0"))) LINE("2", CLS("S", PCT("0"))) LINE("3", CLS("S", PCT("5")))
                    TOT(SUB("100", "0", CAT("E", "")) SUB("100", "0", CAT("E", "")))));
    CU_ASSERT_EQUAL(tst_count(r, "BR-S-05"), 2);
    CU_ASSERT_EQUAL(tst_count(r, "BR-E-01"), 1);
    CU_ASSERT_EQUAL(tst_count(r, "BR-E-10"), 2);
    CU_ASSERT_PTR_NOT_NULL(tst_field(r, "BR-S-05"));
    if (tst_field(r, "BR-S-05"))
        CU_ASSERT_PTR_NOT_NULL(strstr(tst_field(r, "BR-S-05"), "ClassifiedTaxCategory"));
    tst_free(r);
}

/* A complete, consistent two-rate invoice fires none of the family's rules. */
static void test_clean(void)
{
    static const char *const ids[] = {"BR-S-01", "BR-S-02", "BR-S-05", "BR-S-06", "BR-S-07",
                                      "BR-S-08", "BR-S-09", "BR-S-10", "BR-E-01", "BR-E-02",
                                      "BR-E-08", "BR-E-09", "BR-E-10", "BR-O-11"};
    tst_result_t *r = tst_validate(
        "EN16931", NULL,
        tst_ubl(SUPVAT CUSVAT ALW("10", CAT("S", PCT("19"))) CHG("4", CAT("E", PCT("0")))
                    TOT(AMT("TaxAmount", "17.10") SUB("90.00", "17.10", CAT("S", PCT("19")))
                            SUB("54.00", "0.00", CAT("E", PCT("0") WHY)))
                    LINE("100.00", CLS("S", PCT("19"))) LINE("50.00", CLS("E", PCT("0")))));
    size_t i;
    for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        char msg[200];
        snprintf(msg, sizeof msg, "%s fired on a clean invoice: %s", ids[i], tst_codes(r));
        CU_assertImplementation(tst_count(r, ids[i]) == 0 ? CU_TRUE : CU_FALSE, __LINE__, msg,
                                __FILE__, "", CU_FALSE);
    }
    tst_free(r);
}

void tst_suites(void)
{
    CU_pSuite s;
    s = CU_add_suite("ubl_rules_vat", NULL, NULL);
    CU_add_test(s, "breakdown presence (-01)", test_breakdown_presence);
    CU_add_test(s, "party identifiers (-02..-04)", test_party_identifiers);
    CU_add_test(s, "rates (-05..-07)", test_rates);
    CU_add_test(s, "taxable amounts (-08)", test_taxable_amounts);
    CU_add_test(s, "breakdown amounts and reasons", test_breakdown_amounts);
    CU_add_test(s, "one finding per node", test_one_per_node);
    CU_add_test(s, "clean invoice", test_clean);
}
