/* The extractor (plugins/extract, docs/extraction.md): value shapes and check digits, a text
 * PDF from the generator read end to end with the committed model, OCR of a small committed
 * scan, the "extract" format plugin through the engine, and hostile PDFs (truncated,
 * encrypted, too many pages, an image bomb, not a PDF) that must end as findings. */
#define _GNU_SOURCE   /* memmem */
#include <CUnit/CUnit.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tsupport.h"
#ifdef EINV_HAVE_EXTRACT
#include "ex_shape.h"
#include "ex_extract.h"
#include "ex_items.h"
#include "ex_labels.h"
#include "ex_table.h"
#include "ex_totals.h"

static ex_engine_t *engine;

static unsigned char *load(const char *name, size_t *len)
{
    char path[1024];
    FILE *f;
    unsigned char *p;
    long n;
    snprintf(path, sizeof path, "%s/extract/%s", getenv("EINV_TEST_DATA"), name);
    f = fopen(path, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    p = malloc((size_t)n + 1);
    CU_ASSERT_FATAL(p && fread(p, 1, (size_t)n, f) == (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return p;
}

/* Run the extractor; the parsed result (caller puts it) and the return code. */
static json_object *extract(const unsigned char *data, size_t len, int accurate, int *rc)
{
    ex_opts_t o;
    char *out = NULL;
    json_object *j;
    memset(&o, 0, sizeof o);
    o.accurate = accurate;
    *rc = ex_extract_pdf(engine, data, len, &o, &out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    j = json_tokener_parse(out);
    if (!j)
        fprintf(stderr, "\nnot JSON: %s\n", out);
    free(out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    return j;
}

static const char *jpath(json_object *o, const char *path)
{
    char key[64];
    const char *p = path;
    while (*p && o) {
        size_t n = strcspn(p, "/");
        snprintf(key, sizeof key, "%.*s", (int)n, p);
        if (json_object_is_type(o, json_type_array))
            o = json_object_array_get_idx(o, (size_t)atoi(key));
        else if (!json_object_object_get_ex(o, key, &o))
            return NULL;
        p += n + (p[n] == '/');
    }
    return o ? json_object_get_string(o) : NULL;
}

/* jpath, never NULL (for string asserts) */
static const char *jstr(json_object *o, const char *path)
{
    const char *v = jpath(o, path);
    return v ? v : "(null)";
}

static void expect(json_object *got, json_object *truth, const char *gpath, const char *tpath)
{
    const char *g = jpath(got, gpath), *t = jpath(truth, tpath);
    if (!g || !t || strcmp(g, t) != 0)
        fprintf(stderr, "\n%s: want %s got %s\n", gpath, t ? t : "null", g ? g : "null");
    CU_ASSERT_PTR_NOT_NULL(g);
    CU_ASSERT(g && t && strcmp(g, t) == 0);
}

/* ---- shapes ---- */
static void test_shapes(void)
{
    ex_num_t n;
    char iso[11], v[40];
    CU_ASSERT(ex_parse_num("1.234,56", 1, &n) && ex_num_scaled(&n, 2) == 123456);
    CU_ASSERT(ex_parse_num("1,234.56", 0, &n) && ex_num_scaled(&n, 2) == 123456);
    CU_ASSERT(ex_parse_num("1\xe2\x80\xaf" "234,56 \xe2\x82\xac", 1, &n) && ex_num_scaled(&n, 2) == 123456);
    CU_ASSERT(ex_parse_num("\xc2\xa3" "12,674.96", 0, &n) && ex_num_scaled(&n, 2) == 1267496 && n.currency);
    CU_ASSERT(ex_parse_num("19 %", 1, &n) && n.percent && ex_num_scaled(&n, 2) == 1900);
    CU_ASSERT(ex_parse_num("3,00", 1, &n) && ex_num_scaled(&n, 3) == 3000);
    CU_ASSERT(!ex_parse_num("KD-40830", 1, &n));
    CU_ASSERT(ex_find_date("Fällig am 21. November 2026", iso, NULL, NULL) && !strcmp(iso, "2026-11-21"));
    CU_ASSERT(ex_find_date("1er novembre 2026", iso, NULL, NULL) && !strcmp(iso, "2026-11-01"));
    CU_ASSERT(ex_find_date("Nov 21, 2026", iso, NULL, NULL) && !strcmp(iso, "2026-11-21"));
    CU_ASSERT(ex_find_date("Berlin, 05.03.2026", iso, NULL, NULL) && !strcmp(iso, "2026-03-05"));
    CU_ASSERT(!ex_find_date("31.02.2026", iso, NULL, NULL));
    CU_ASSERT(ex_vat_id("DE 136 695 976", v, sizeof v) == 2 && !strcmp(v, "DE136695976"));
    CU_ASSERT(ex_vat_id("DE136695977", v, sizeof v) == 1);   /* wrong check digit: the pattern only, taken after a VAT label */
    CU_ASSERT(ex_vat_id("FR 40 303 265 045", v, sizeof v) == 2);
    CU_ASSERT(ex_vat_id("BE 0203.201.340", v, sizeof v) == 2 && !strcmp(v, "BE0203201340"));
    CU_ASSERT(ex_vat_id("NL567494779B01", v, sizeof v) == 2);
    CU_ASSERT(ex_vat_id("ATU13585627", v, sizeof v) == 2);
    CU_ASSERT(ex_vat_id("01234567890", v, sizeof v) >= 0);
    CU_ASSERT(ex_iban("DE89 3704 0044 0532 0130 00", v, sizeof v) && !strcmp(v, "DE89370400440532013000"));
    CU_ASSERT(!ex_iban("DE89 3704 0044 0532 0130 01", v, sizeof v));
    CU_ASSERT_STRING_EQUAL(ex_unit_code("Stück"), "H87");
    CU_ASSERT_STRING_EQUAL(ex_unit_code("units"), "C62");
    CU_ASSERT_STRING_EQUAL(ex_unit_code("jour(s)"), "DAY");
    CU_ASSERT_STRING_EQUAL(ex_unit_code("m²"), "MTK");
    CU_ASSERT_PTR_NULL(ex_unit_code("Goulotte"));
}

/* ---- item rows and labels from words placed by hand (text-layer words: confidence 1) ---- */
static void put_words(ex_doc_t *d, double y, const char *const *cells, const double *xs)
{
    size_t i;
    for (i = 0; cells[i]; i++) {
        /* a cell's words 3 pt apart, about 5 pt a character */
        char buf[128], *save = NULL, *w;
        double x = xs[i];
        snprintf(buf, sizeof buf, "%s", cells[i]);
        for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
            double wd = 5.0 * (double)strlen(w);
            CU_ASSERT_FATAL(ex_doc_add_word(d, w, strlen(w), x, y, x + wd, y + 9, 9, 1.0f, 0) == 0);
            x += wd + 3;
        }
    }
}

/* Scans: a row whose quantity and price OCR garbled is kept (with its amount) instead of
 * dropped, so the rows after it keep their positions; a tax line "Tax 20% on X  Y" is no
 * row of quantity 0.2. */
static void test_garbled_rows(void)
{
    static const double xs[] = {50, 80, 300, 380, 460};
    static const char *const head[] = {"Pos.", "Description", "Qty", "Price", "Amount", NULL};
    ex_doc_t d;
    ex_items_t it;
    size_t i;
    memset(&d, 0, sizeof d);
    d.n_pages = 1, d.page_w[0] = 595, d.page_h[0] = 842, d.ocr_pages = 1;
    put_words(&d, 100, head, xs);
    put_words(&d, 114, (const char *const[]){"1", "Cable duct 60x40 mm", "10 m", "2.50", "25.00", NULL}, xs);
    put_words(&d, 128, (const char *const[]){"2", "Screw set M8", "S pcs", "1l.5O", "92.00", NULL}, xs);
    put_words(&d, 142, (const char *const[]){"3", "Heating oil", "4 l", "1.25", "5.00", NULL}, xs);
    /* no subtotal printed to confirm row 2 (the tax line's 30.00 happens to be 25 + 5) */
    put_words(&d, 184, (const char *const[]){"Tax 20% on 150.00", "30.00", NULL}, (const double[]){300, 460});
    CU_ASSERT_FATAL(ex_layout(&d) == 0);
    CU_ASSERT_FATAL(ex_items_find(&d, &it) == 0);
    CU_ASSERT_EQUAL_FATAL(it.n, 3);
    CU_ASSERT_STRING_EQUAL(it.items[0].desc, "Cable duct 60x40 mm");
    CU_ASSERT_STRING_EQUAL(it.items[1].desc, "Screw set M8");
    CU_ASSERT_EQUAL(it.items[1].net_cents, 9200);
    CU_ASSERT(it.items[1].conf < 0.5f);   /* a WARNING names it */
    CU_ASSERT_STRING_EQUAL(it.items[2].desc, "Heating oil");
    for (i = 0; i < it.n; i++)
        CU_ASSERT(it.items[i].net_cents != 3000);
    CU_ASSERT_EQUAL(it.net, 12200);
    ex_items_clear(&it);
    ex_doc_clear(&d);
}

static void test_item_rows(void)
{
    static const double xs[] = {50, 80, 300, 380, 460};
    static const char *const head[] = {"Pos.", "Description", "Qty", "Price", "Amount", NULL};
    /* a position number before a description that starts with a unit word ("Kit") */
    static const char *const kit[] = {"2", "Kit d'outillage", "2 kit", "294,60", "589,20", NULL};
    ex_doc_t d;
    ex_items_t it;
    memset(&d, 0, sizeof d);
    d.n_pages = 1, d.page_w[0] = 595, d.page_h[0] = 842;
    put_words(&d, 100, head, xs);
    put_words(&d, 114, kit, xs);
    CU_ASSERT_FATAL(ex_layout(&d) == 0);
    CU_ASSERT_FATAL(ex_items_find(&d, &it) == 0);
    CU_ASSERT_EQUAL_FATAL(it.n, 1);
    CU_ASSERT_STRING_EQUAL(it.items[0].desc, "Kit d'outillage");
    CU_ASSERT(it.items[0].unit && !strcmp(it.items[0].unit, "SET"));
    CU_ASSERT_EQUAL(it.items[0].qty_milli, 2000);
    ex_items_clear(&it);
    ex_doc_clear(&d);

    memset(&d, 0, sizeof d);
    d.n_pages = 1, d.page_w[0] = 595, d.page_h[0] = 842;
    /* cells aligned at the bottom: the figures on the wrapped description's last line */
    put_words(&d, 100, head, xs);
    put_words(&d, 114, (const char *const[]){"Software development for", NULL}, xs + 1);
    put_words(&d, 125, (const char *const[]){"the order module", NULL}, xs + 1);
    put_words(&d, 125, (const char *const[]){"8 h", "166,65", "1.333,20", NULL}, xs + 2);
    put_words(&d, 125, (const char *const[]){"1", NULL}, xs);
    CU_ASSERT_FATAL(ex_layout(&d) == 0);
    CU_ASSERT_FATAL(ex_items_find(&d, &it) == 0);
    CU_ASSERT_EQUAL_FATAL(it.n, 1);
    CU_ASSERT_STRING_EQUAL(it.items[0].desc, "Software development for the order module");
    CU_ASSERT_EQUAL(it.items[0].net_cents, 133320);
    ex_items_clear(&it);
    ex_doc_clear(&d);

    /* label wordings of other producers */
    CU_ASSERT(ex_label_mask("Vendu par") & (1u << EXL_SELLER));
    CU_ASSERT(!(ex_label_mask("Vendu par") & (1u << EXL_DATE)));
    CU_ASSERT(ex_label_mask("Payable by") & (1u << EXL_DUE));
    CU_ASSERT(ex_label_mask("Cessionario/committente") & (1u << EXL_BILLTO));
    CU_ASSERT(ex_label_mask("Ihre Ref.") & (1u << EXL_REF));
    CU_ASSERT(ex_label_mask("Warenempfänger") & (1u << EXL_SHIPTO));
    CU_ASSERT(!(ex_label_mask("Zahlungsempfänger") & (1u << EXL_BILLTO)));
}

/* ---- the printed totals (ex_totals.c) and the table head's columns (ex_table.c) ---- */

/* Rows, then the totals lines; the decided totals of the page. */
static void totals_of(const char *const *const *rows, const char *const *const *tot, ex_items_t *it, ex_totals_t *t)
{
    static const double xs[] = {50, 300, 380, 460};
    static const double txs[] = {300, 460};
    ex_doc_t d;
    double y = 100;
    size_t i;
    memset(&d, 0, sizeof d);
    d.n_pages = 1, d.page_w[0] = 595, d.page_h[0] = 842;
    put_words(&d, y, (const char *const[]){"Description", "Qty", "Price", "Amount", NULL}, xs);
    for (i = 0; rows[i]; i++)
        put_words(&d, y += 14, rows[i], xs);
    y += 20;
    for (i = 0; tot[i]; i++)
        put_words(&d, y += 14, tot[i], txs);
    CU_ASSERT_FATAL(ex_layout(&d) == 0);
    CU_ASSERT_FATAL(ex_items_find(&d, it) == 0);
    ex_totals_read(&d, it, t);
    ex_totals_decide(&d, it, t);
    ex_doc_clear(&d);
}

static void test_totals(void)
{
    ex_items_t it;
    ex_totals_t t;
    /* a prepaid amount: the amount due is what is left, not the gross */
    totals_of((const char *const *const[]){(const char *const[]){"Montage", "2", "10.000,00", "20.000,00", NULL}, NULL},
              (const char *const *const[]){(const char *const[]){"Nettobetrag", "20.000,00", NULL},
                                           (const char *const[]){"MwSt. 19 %", "3.800,00", NULL},
                                           (const char *const[]){"Bruttosumme", "23.800,00", NULL},
                                           (const char *const[]){"Erhaltene Anzahlungen", "11.900,00", NULL},
                                           (const char *const[]){"Zahlbetrag", "11.900,00", NULL}, NULL},
              &it, &t);
    CU_ASSERT_EQUAL(t.payable.cents, 1190000);
    CU_ASSERT(t.payable.conf >= 0.9f);
    CU_ASSERT_EQUAL(t.prepaid.cents, 1190000);
    CU_ASSERT_EQUAL(t.gross.cents, 2380000);
    CU_ASSERT_EQUAL(t.tax.cents, 380000);
    ex_items_clear(&it);
    /* French labels; the rows' rate comes from the printed tax */
    totals_of((const char *const *const[]){(const char *const[]){"Prestation", "3", "845.00", "2535.00", NULL}, NULL},
              (const char *const *const[]){(const char *const[]){"Total HT", "2535.00", NULL},
                                           (const char *const[]){"TVA 20 %", "507.00", NULL},
                                           (const char *const[]){"Total TTC", "3042.00", NULL},
                                           (const char *const[]){"Net à payer", "3042.00", NULL}, NULL},
              &it, &t);
    CU_ASSERT_EQUAL(t.payable.cents, 304200);
    CU_ASSERT(t.payable.conf >= 0.9f);
    CU_ASSERT_EQUAL_FATAL(it.n, 1);
    CU_ASSERT_EQUAL(it.items[0].rate_cents, 2000);
    CU_ASSERT_EQUAL_FATAL(it.n_rates, 1);
    CU_ASSERT_EQUAL(it.rates[0].tax, 50700);
    ex_items_clear(&it);
    /* a figure under a label nobody knows makes the chain: it is the prepaid amount */
    totals_of((const char *const *const[]){(const char *const[]){"Tea mug", "10", "4,50", "45,00", NULL}, NULL},
              (const char *const *const[]){(const char *const[]){"Total H.T.", "45,00", NULL},
                                           (const char *const[]){"TVA 20 %", "9,00", NULL},
                                           (const char *const[]){"Total :", "54,00", NULL},
                                           (const char *const[]){"Bereits erhalten :", "20,00", NULL},
                                           (const char *const[]){"Solde à payer :", "34,00", NULL}, NULL},
              &it, &t);
    CU_ASSERT_EQUAL(t.payable.cents, 3400);
    CU_ASSERT(t.payable.conf >= 0.5f);
    CU_ASSERT_EQUAL(t.prepaid.cents, 2000);
    ex_items_clear(&it);
    /* a printed amount due that nothing confirms stays under the threshold, and a printed
     * line total the rows do not make puts the rows in doubt */
    totals_of((const char *const *const[]){(const char *const[]){"Widget", "2", "50,00", "100,00", NULL}, NULL},
              (const char *const *const[]){(const char *const[]){"Zwischensumme", "130,00", NULL},
                                           (const char *const[]){"Amount due", "150,00", NULL}, NULL},
              &it, &t);
    CU_ASSERT(t.payable.conf < 0.5f);
    CU_ASSERT_EQUAL(t.lines_match, 0);
    CU_ASSERT(t.note[0] != '\0');
    ex_items_clear(&it);
    /* the labels */
    {
        int sp = 0;
        CU_ASSERT_EQUAL(ex_totals_label("Net à payer", &sp), EXT_PAYABLE);
        CU_ASSERT_EQUAL(ex_totals_label("Nettobetrag", &sp), EXT_NET);
        CU_ASSERT_EQUAL(ex_totals_label("Total TTC", &sp), EXT_GROSS);
        CU_ASSERT_EQUAL(ex_totals_label("Total TVA", &sp), EXT_TAX);
        CU_ASSERT_EQUAL(ex_totals_label("inkl. 19 % MwSt.", &sp), EXT_TAX);
        CU_ASSERT_EQUAL(ex_totals_label("Gesamtbetrag inkl. MwSt.", &sp), EXT_GROSS);
        CU_ASSERT_EQUAL(ex_totals_label("Line Total Amount", &sp), EXT_LINES);
        CU_ASSERT_EQUAL(ex_totals_label("Totale da pagare", &sp), EXT_PAYABLE);
        CU_ASSERT_EQUAL(ex_totals_label("Total", &sp), EXT_TOTAL);
        CU_ASSERT_EQUAL(sp, 0);
        CU_ASSERT_EQUAL(ex_totals_label("Description", &sp), -1);
    }
}

/* A table without a unit price column and with amounts without decimals: the head's
 * columns read it where the arithmetic finds nothing. */
static void test_table_head(void)
{
    static const double xs[] = {50, 80, 300, 460};
    ex_doc_t d;
    ex_items_t it;
    memset(&d, 0, sizeof d);
    d.n_pages = 1, d.page_w[0] = 595, d.page_h[0] = 842;
    put_words(&d, 100, (const char *const[]){"Pos.", "Désignation", "Qté", "Montant HT", NULL}, xs);
    put_words(&d, 114, (const char *const[]){"1", "Audit sécurité", "2", "1 500 €", NULL}, xs);
    put_words(&d, 128, (const char *const[]){"2", "Formation", "1", "800 €", NULL}, xs);
    put_words(&d, 142, (const char *const[]){"sur site, deux jours", NULL}, xs + 1);
    put_words(&d, 170, (const char *const[]){"Total HT", "2 300 €", NULL}, (const double[]){300, 460});
    CU_ASSERT_FATAL(ex_layout(&d) == 0);
    CU_ASSERT_FATAL(ex_table_find(&d, 1, &it) == 0);
    CU_ASSERT_EQUAL_FATAL(it.n, 2);
    CU_ASSERT_STRING_EQUAL(it.items[0].desc, "Audit sécurité");
    CU_ASSERT_EQUAL(it.items[0].qty_milli, 2000);
    CU_ASSERT_EQUAL(it.items[0].net_cents, 150000);
    CU_ASSERT_EQUAL(it.items[0].price_cents, 75000);
    CU_ASSERT_STRING_EQUAL(it.items[1].desc, "Formation sur site, deux jours");
    CU_ASSERT_EQUAL(it.items[1].net_cents, 80000);
    ex_items_clear(&it);
    ex_doc_clear(&d);
}

/* A base quantity at the end of a long name runs past the description column's middle: the
 * row's quantity is the one printed in the quantity column, "(1 kg)" is cut from the name,
 * and rows after a run of attribute lines still belong to the table. */
static void test_table_attributes(void)
{
    static const double xs[] = {50, 80, 260, 330, 400, 470};
    ex_doc_t d;
    ex_items_t it;
    double y = 114;
    int i;
    memset(&d, 0, sizeof d);
    d.n_pages = 1, d.page_w[0] = 595, d.page_h[0] = 842;
    put_words(&d, 100, (const char *const[]){"Art.", "Produit", "Quantité", "Prix unitaire", "Taxe", "Prix total", NULL}, xs);
    put_words(&d, y, (const char *const[]){"1", "01234567 - Premium Schrauben (1 kg)", "5 kg", "20,00 €", "19 %", "90,00 €", NULL}, xs);
    for (i = 0; i < 9; i++)
        put_words(&d, y += 12, (const char *const[]){"Caractéristique:", "acier inoxydable", NULL}, xs + 1);
    put_words(&d, y += 12, (const char *const[]){"2", "Organic Tea Leaves", "2 kg", "15,00 €", "19 %", "45,00 €", NULL}, xs);
    put_words(&d, y += 20, (const char *const[]){"Montant total net", "135,00 €", NULL}, (const double[]){80, 470});
    CU_ASSERT_FATAL(ex_layout(&d) == 0);
    CU_ASSERT_FATAL(ex_table_find(&d, 1, &it) == 0);
    CU_ASSERT_EQUAL_FATAL(it.n, 2);
    CU_ASSERT_EQUAL(it.items[0].qty_milli, 5000);
    CU_ASSERT_EQUAL(it.items[0].price_cents, 2000);
    CU_ASSERT_EQUAL(it.items[0].net_cents, 9000);
    CU_ASSERT_PTR_NOT_NULL_FATAL(it.items[0].unit);
    CU_ASSERT_STRING_EQUAL(it.items[0].unit, "KGM");
    ex_desc_clean(it.items[0].desc, it.items[0].unit);
    CU_ASSERT_STRING_EQUAL(it.items[0].desc, "Premium Schrauben");
    CU_ASSERT_EQUAL(it.items[1].qty_milli, 2000);
    CU_ASSERT_EQUAL(it.items[1].net_cents, 4500);
    {
        /* brackets in another unit than the row's are the name's */
        char name[64] = "Schrauben (100 pcs)";
        ex_desc_clean(name, "KGM");
        CU_ASSERT_STRING_EQUAL(name, "Schrauben (100 pcs)");
    }
    ex_items_clear(&it);
    ex_doc_clear(&d);
}

/* ---- a generated text PDF, read with the committed model ---- */
static void test_text_pdf(void)
{
    size_t len, i;
    unsigned char *pdf = load("invoice-text.pdf", &len);
    char tpath[64], gpath[96];
    json_object *truth, *res, *canon, *lines;
    int rc;
    char path[1024];
    snprintf(path, sizeof path, "%s/extract/invoice.json", getenv("EINV_TEST_DATA"));
    truth = json_object_from_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(truth);
    res = extract(pdf, len, 0, &rc);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_STRING_EQUAL(jstr(res, "invoiceFormat"), "PDF_EXTRACTED");
    CU_ASSERT_FATAL(json_object_object_get_ex(res, "canonicalJson", &canon));
    expect(canon, truth, "invoiceNumber", "invoiceNumber");
    expect(canon, truth, "issueDate", "issueDate");
    expect(canon, truth, "dueDate", "dueDate");
    expect(canon, truth, "currency", "currency");
    expect(canon, truth, "supplier/vatId", "supplier/vatId");
    expect(canon, truth, "buyer/vatId", "buyer/vatId");
    expect(canon, truth, "supplier/address/postalCode", "supplier/address/postalCode");
    expect(canon, truth, "buyer/address/city", "buyer/address/city");
    expect(canon, truth, "payment/creditTransfers/0/accountId", "supplier/iban");
    expect(canon, truth, "totals/payableAmount", "totals/payableAmount");
    expect(canon, truth, "totals/taxAmount", "totals/taxAmount");
    CU_ASSERT_FATAL(json_object_object_get_ex(canon, "lines", &lines));
    CU_ASSERT_EQUAL(json_object_array_length(lines), 7);
    for (i = 0; i < 7 && i < json_object_array_length(lines); i++) {
        static const char *const F[] = {"description", "unit", "price", "netAmount"};
        size_t k;
        for (k = 0; k < 4; k++) {
            snprintf(gpath, sizeof gpath, "lines/%zu/%s", i, F[k]);
            snprintf(tpath, sizeof tpath, "lines/%zu/%s", i, F[k]);
            expect(canon, truth, gpath, tpath);
        }
    }
    /* every field has a confidence */
    {
        json_object *conf, *c;
        CU_ASSERT(json_object_object_get_ex(res, "confidence", &conf) &&
                  json_object_object_get_ex(conf, "/invoiceNumber", &c));
    }
    json_object_put(res);
    json_object_put(truth);
    free(pdf);
}

/* ---- OCR of a small committed scan (150 dpi, rotated, blurred JPEG) ---- */
static void test_scan(void)
{
    size_t len;
    unsigned char *pdf = load("invoice-scan-top.pdf", &len);
    json_object *res, *canon, *lines;
    int rc;
    res = extract(pdf, len, 0, &rc);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(jpath(res, "ocrPages"));
    CU_ASSERT_STRING_EQUAL(jstr(res, "ocrPages"), "1");
    CU_ASSERT_FATAL(json_object_object_get_ex(res, "canonicalJson", &canon) &&
                    json_object_is_type(canon, json_type_object));
    CU_ASSERT_FATAL(json_object_object_get_ex(canon, "lines", &lines));
    CU_ASSERT_EQUAL(json_object_array_length(lines), 7);
    /* the arithmetic holds on the OCR'd figures; the header and the addresses are read */
    CU_ASSERT_STRING_EQUAL(jstr(canon, "lines/1/netAmount"), "14694.11");
    CU_ASSERT_STRING_EQUAL(jstr(canon, "lines/5/quantity"), "946");
    CU_ASSERT_STRING_EQUAL(jstr(canon, "lines/0/description"), "Goulotte 60x40 mm");
    CU_ASSERT_STRING_EQUAL(jstr(canon, "totals/lineNetAmount"), "264982.36");
    CU_ASSERT_STRING_EQUAL(jstr(canon, "issueDate"), "2026-02-14");
    CU_ASSERT_STRING_EQUAL(jstr(canon, "supplier/address/postalCode"), "6000");
    CU_ASSERT_STRING_EQUAL(jstr(canon, "buyer/address/city"), "Mons");
    json_object_put(res);
    free(pdf);
}

/* ---- hostile input: always a JSON answer with a finding, never a crash ---- */
static void expect_refused(const unsigned char *data, size_t len, const char *rule)
{
    int rc;
    json_object *res = extract(data, len, 0, &rc);
    CU_ASSERT_EQUAL(rc, 1);
    if (rule && strcmp(jstr(res, "findings/0/rule"), rule))
        fprintf(stderr, "\nwant %s got %s\n", rule, jstr(res, "findings/0/rule"));
    if (rule)
        CU_ASSERT(jpath(res, "findings/0/rule") && !strcmp(jpath(res, "findings/0/rule"), rule));
    CU_ASSERT_PTR_NOT_NULL(jpath(res, "findings/0/message"));
    json_object_put(res);
}

static void test_truncated(void)
{
    size_t len, cut;
    unsigned char *pdf = load("invoice-text.pdf", &len);
    /* every cut gives an answer (poppler repairs some, refuses others): none may crash */
    for (cut = 0; cut < len; cut += len / 23 + 1) {
        int rc;
        json_object *res = extract(pdf, cut, 0, &rc);
        CU_ASSERT(rc == 0 || rc == 1);
        json_object_put(res);
    }
    expect_refused((const unsigned char *)"not a pdf at all", 16, "EXTRACTION-UNREADABLE");
    expect_refused(pdf, 40, NULL);
    free(pdf);
}

/* A minimal PDF with n empty pages and `extra` objects (numbered from n + 3), with a
 * correct cross-reference table. */
static char *pages_pdf(int n, const char *extra)
{
    size_t cap = 512 + (size_t)n * 128 + strlen(extra), k = 0, *off = calloc((size_t)n + 4, sizeof *off);
    char *p = malloc(cap);
    int i, objs = n + 2 + (*extra != 0);
    k += (size_t)snprintf(p + k, cap - k, "%%PDF-1.4\n");
    off[1] = k;
    k += (size_t)snprintf(p + k, cap - k, "1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n");
    off[2] = k;
    k += (size_t)snprintf(p + k, cap - k, "2 0 obj<</Type/Pages/Count %d/Kids[", n);
    for (i = 0; i < n; i++)
        k += (size_t)snprintf(p + k, cap - k, "%d 0 R ", 3 + i);
    k += (size_t)snprintf(p + k, cap - k, "]>>endobj\n");
    for (i = 0; i < n; i++) {
        off[3 + i] = k;
        k += (size_t)snprintf(p + k, cap - k, "%d 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]%s>>endobj\n",
                              3 + i, *extra ? "/Resources<</XObject<</Im1 99 0 R>>>>" : "");
    }
    if (*extra) {
        off[3 + n] = k;
        k += (size_t)snprintf(p + k, cap - k, "%d 0 obj%sendobj\n", 3 + n, extra);
    }
    {
        size_t xref = k;
        k += (size_t)snprintf(p + k, cap - k, "xref\n0 %d\n0000000000 65535 f \n", objs + 1);
        for (i = 1; i <= objs; i++)
            k += (size_t)snprintf(p + k, cap - k, "%010zu 00000 n \n", off[i]);
        k += (size_t)snprintf(p + k, cap - k, "trailer<</Size %d/Root 1 0 R>>\nstartxref\n%zu\n%%%%EOF\n", objs + 1, xref);
    }
    free(off);
    return p;
}

static void test_limits(void)
{
    char *p = pages_pdf(21, "");
    expect_refused((unsigned char *)p, strlen(p), "EXTRACTION-TOO-MANY-PAGES");
    free(p);
    p = pages_pdf(1, "<</Type/XObject/Subtype/Image/Width 90000/Height 90000/BitsPerComponent 8"
                     "/ColorSpace/DeviceGray/Filter/DCTDecode/Length 4>>stream\nabcd\nendstream ");
    expect_refused((unsigned char *)p, strlen(p), "EXTRACTION-IMAGE-LIMIT");
    free(p);
    /* an empty page: no text, nothing to read, not an invoice */
    p = pages_pdf(1, "");
    expect_refused((unsigned char *)p, strlen(p), "EXTRACTION-NOT-AN-INVOICE");
    free(p);
}

static void test_encrypted(void)
{
    size_t len;
    unsigned char *pdf = load("encrypted.pdf", &len);
    expect_refused(pdf, len, "EXTRACTION-ENCRYPTED");
    free(pdf);
}

/* ---- the format plugin through the engine: findings and the canonical invoice ---- */
static void test_plugin(void)
{
    size_t len;
    unsigned char *pdf = load("invoice-text.pdf", &len);
    tst_result_t *r = tst_validate_bytes("EN16931", "pdf", pdf, len);
    CU_ASSERT(!tst_error(r) || !*tst_error(r));
    if (tst_error(r) && *tst_error(r))
        fprintf(stderr, "\nengine: %s\n", tst_error(r));
    CU_ASSERT_EQUAL(tst_count(r, "EXTRACTION-FAILED"), 0);
    tst_free(r);
    r = tst_validate_bytes("EN16931", "pdf", "%PDF-1.4 broken", 15);
    CU_ASSERT(tst_count(r, "EXTRACTION-FAILED") == 1);
    tst_free(r);
    free(pdf);
}

/* ---- the CLI: one JSON line per file, -o writes the Factur-X PDF of the extraction ---- */
static void test_cli(void)
{
    char cmd[4096], out[256], line[65536];
    const char *cli = getenv("EINV_CLI"), *data = getenv("EINV_TEST_DATA");
    FILE *p, *f;
    size_t n;
    int lines = 0, rc;
    unsigned char *pdf;
    if (!cli) {
        CU_FAIL("EINV_CLI not set");
        return;
    }
    snprintf(out, sizeof out, "/tmp/einv-extract-test-%d.pdf", (int)getpid());
    snprintf(cmd, sizeof cmd, "'%s' extract '%s/extract/invoice-text.pdf' -o '%s'", cli, data, out);
    p = popen(cmd, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    while (fgets(line, sizeof line, p)) {
        lines++;
        CU_ASSERT_PTR_NOT_NULL(strstr(line, "\"invoiceNumber\":\"INV-01110\""));
    }
    rc = pclose(p);
    CU_ASSERT_EQUAL(rc, 0);
    CU_ASSERT_EQUAL(lines, 1);
    f = fopen(out, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    pdf = malloc(1 << 22);
    n = fread(pdf, 1, 1 << 22, f);
    fclose(f);
    CU_ASSERT(n > 1000 && memcmp(pdf, "%PDF-", 5) == 0);
    CU_ASSERT(memmem(pdf, n, "factur-x.xml", 12) != NULL);
    free(pdf);
    remove(out);
    /* --profile: the extracted invoice passes EN 16931 (validationResult in the line) */
    snprintf(cmd, sizeof cmd, "'%s' extract --profile EN16931 '%s/extract/invoice-text.pdf'", cli, data);
    p = popen(cmd, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    line[0] = '\0';
    CU_ASSERT_PTR_NOT_NULL(fgets(line, sizeof line, p));
    pclose(p);
    CU_ASSERT_PTR_NOT_NULL(strstr(line, "\"validationResult\":{\"valid\":true"));
    /* two files, one not a PDF: two lines, exit 1 */
    snprintf(cmd, sizeof cmd, "'%s' extract '%s/extract/invoice-text.pdf' '%s/extract/README.md'", cli, data, data);
    p = popen(cmd, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    lines = 0;
    while (fgets(line, sizeof line, p))
        lines++;
    rc = pclose(p);
    CU_ASSERT_EQUAL(lines, 2);
    CU_ASSERT(WIFEXITED(rc) && WEXITSTATUS(rc) == 1);
}

void tst_suites(void)
{
    char msg[512];
    CU_pSuite s = CU_add_suite("extract", NULL, NULL);
    engine = ex_engine_open(NULL, msg, sizeof msg);
    if (!engine) {
        tst_setup_failed(msg);
        return;
    }
    CU_add_test(s, "value shapes and check digits", test_shapes);
    CU_add_test(s, "item rows and labels from placed words", test_item_rows);
    CU_add_test(s, "garbled scanned rows kept, tax lines no rows", test_garbled_rows);
    CU_add_test(s, "printed totals: prepaid, labels, doubt", test_totals);
    CU_add_test(s, "a table read by its head's columns", test_table_head);
    CU_add_test(s, "a table's base quantities and attribute lines", test_table_attributes);
    CU_add_test(s, "generated text PDF end to end", test_text_pdf);
    CU_add_test(s, "OCR of a small scan", test_scan);
    CU_add_test(s, "truncated and non-PDF input", test_truncated);
    CU_add_test(s, "page limit, image bomb, empty page", test_limits);
    CU_add_test(s, "encrypted PDF", test_encrypted);
    CU_add_test(s, "the extract format plugin", test_plugin);
    CU_add_test(s, "einvoice extract, -o Factur-X", test_cli);
}

unsigned tst_after(void)
{
    ex_engine_close(engine);
    return 0;
}
#else
void tst_suites(void)
{
    tst_skip("extract: built without poppler-glib/tesseract/xgboost");
}
#endif
