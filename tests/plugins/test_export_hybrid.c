/* The hybrid of an extracted invoice: the facturx exporter given the received PDF
 * (einv_export_json_from). Small hand-made PDFs decide each rule: pages PDF/A-3 allows are
 * kept (the text stays: pdftotext), pages with unembedded fonts, transparency, device CMYK,
 * form fields, LZW or encryption are imaged (one image per page, page sizes kept); every
 * result passes facturx-check and reads back as the same canonical invoice. Hostile sources
 * (truncated at many points, garbage after a PDF header, a 200-inch page) end in a hybrid or
 * a clear error, never a crash. */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "exports.h"
#include "tpdf_tools.h"
#include "tsupport.h"

static einv_engine_t *eng;
static char *canon;   /* the canonical JSON the hybrids carry */

/* A one-page PDF with a correct xref: page size w x h, the page dictionary's extra entries,
 * its resources and its content stream (stream dictionary extras in sextra); with xdict, an
 * object 5: a stream of xdict and xdata (binary, xlen bytes) that page_extra may refer to. */
static char *pdf_of(double w, double h, const char *page_extra, const char *res, const char *sextra,
                    const char *content, const char *xdict, const void *xdata, size_t xlen, size_t *len)
{
    char *p = malloc(8192 + strlen(content) + xlen);
    size_t off[7], n = 0;
    int i, last = xdict ? 5 : 4;
    n += (size_t)sprintf(p + n, "%%PDF-1.4\n%%\xe2\xe3\xcf\xd3\n");
    off[1] = n, n += (size_t)sprintf(p + n, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
    off[2] = n, n += (size_t)sprintf(p + n, "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n");
    off[3] = n, n += (size_t)sprintf(p + n, "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %g %g] /Resources << %s >> "
                                            "/Contents 4 0 R %s >>\nendobj\n", w, h, res, page_extra);
    off[4] = n, n += (size_t)sprintf(p + n, "4 0 obj\n<< /Length %zu %s >>\nstream\n%s\nendstream\nendobj\n",
                                     strlen(content), sextra, content);
    if (xdict) {
        off[5] = n, n += (size_t)sprintf(p + n, "5 0 obj\n<< /Length %zu %s >>\nstream\n", xlen, xdict);
        memcpy(p + n, xdata, xlen), n += xlen;
        n += (size_t)sprintf(p + n, "\nendstream\nendobj\n");
    }
    off[last + 1] = n;
    n += (size_t)sprintf(p + n, "xref\n0 %d\n0000000000 65535 f \n", last + 1);
    for (i = 1; i <= last; i++)
        n += (size_t)sprintf(p + n, "%010zu 00000 n \n", off[i]);
    n += (size_t)sprintf(p + n, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%zu\n%%%%EOF\n", last + 1, off[last + 1]);
    *len = n;
    return p;
}

static char *mini_pdf(double w, double h, const char *page_extra, const char *res, const char *sextra,
                      const char *content, size_t *len)
{
    return pdf_of(w, h, page_extra, res, sextra, content, NULL, NULL, 0, len);
}

static const char *const BOX = "0 0.4 0.8 rg 72 72 200 100 re f";

typedef struct outcome {
    int ok;                 /* the export produced bytes */
    int imaged;             /* its EXPORT-PDF-HYBRID finding says "as images" */
    char note[600];         /* that finding's message, or the error */
    unsigned char *pdf;
    size_t len;
} outcome_t;

static outcome_t hybrid_of(const void *src, size_t len)
{
    einv_export_opts_t o = {"facturx", "EN16931", NULL};
    einv_error_t err;
    einv_export_t *x = einv_export_json_from(eng, &o, canon, strlen(canon), src, len, &err);
    outcome_t r;
    size_t i;
    memset(&r, 0, sizeof r);
    if (x && einv_export_ok(x)) {
        const unsigned char *d = einv_export_data(x, &r.len);
        r.ok = 1;
        r.pdf = malloc(r.len);
        memcpy(r.pdf, d, r.len);
        for (i = 0; i < einv_export_count(x); i++)
            if (!strcmp(einv_export_at(x, i)->code, "EXPORT-PDF-HYBRID")) {
                snprintf(r.note, sizeof r.note, "%s", einv_export_at(x, i)->message);
                r.imaged = strstr(r.note, "as images") != NULL;
            }
    } else {
        const einv_error_t *e = x ? einv_export_error(x) : &err;
        snprintf(r.note, sizeof r.note, "%s: %s", e->message, e->detail);
    }
    einv_export_free(x);
    return r;
}

/* The embedded XML gives back the canonical invoice the hybrid was made of. */
static void same_invoice(const outcome_t *r)
{
    einv_validate_opts_t o = {.profile = "EN16931", .want_canonical = 1};
    einv_error_t err;
    einv_result_t *v = einv_validate(eng, &o, r->pdf, r->len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    CU_ASSERT_PTR_NOT_NULL(einv_result_canonical(v));
    if (einv_result_canonical(v))
        CU_ASSERT_STRING_EQUAL(einv_result_canonical(v), canon);
    einv_result_free(v);
}

/* The source becomes a hybrid, kept or imaged as expected (why: a word of the reason),
 * with the same pages, a clean container and the same invoice. */
static void expect(const void *src, size_t len, int imaged, const char *why)
{
    outcome_t r = hybrid_of(src, len);
    char *a, *b;
    if (!r.ok || r.imaged != imaged || (why && !strstr(r.note, why)))
        fprintf(stderr, "\n  expected %s (%s), got: %s", imaged ? "imaged" : "kept", why ? why : "", r.note);
    CU_ASSERT_TRUE_FATAL(r.ok);
    CU_ASSERT_EQUAL(r.imaged, imaged);
    if (why)
        CU_ASSERT_PTR_NOT_NULL(strstr(r.note, why));
    CU_ASSERT_TRUE(tpdf_facturx_check(r.pdf, r.len));
    a = tpdf_pages(src, len), b = tpdf_pages(r.pdf, r.len);
    CU_ASSERT(b && strchr(b, '|'));   /* a page count and at least one page size */
    if (a && b)
        CU_ASSERT_STRING_EQUAL(a, b);
    free(a), free(b);
    if (imaged) {
        int st;
        char *list = tpdf_run(r.pdf, r.len, "pdfimages -list %s | tail -n +3 | wc -l", &st);
        CU_ASSERT(list && atoi(list) == 1);
        free(list);
    }
    same_invoice(&r);
    free(r.pdf);
}

static void test_kept(void)
{
    size_t len;
    char *p = mini_pdf(595.276, 841.89, "", "", "", BOX, &len), *t;
    outcome_t r;
    expect(p, len, 0, "kept");
    free(p);
    /* a link (URI) stays, and gets the Print flag */
    p = mini_pdf(300, 200, "/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 50 50] /A << /S /URI /URI (https://example.com) >> >>]",
                 "", "", BOX, &len);
    expect(p, len, 0, "kept");
    free(p);
    /* a received text PDF with its fonts embedded keeps its text */
    p = tst_read_data("extract/invoice-text-embedded.pdf", &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    expect(p, len, 0, "(2) are kept");
    r = hybrid_of(p, len);
    t = tpdf_text(r.pdf, r.len);
    CU_ASSERT(t && strstr(t, "Bianchi Impianti S.n.c.") && strstr(t, "F303277"));
    free(t), free(r.pdf), free(p);
}

static void test_imaged(void)
{
    static const struct {
        const char *page, *res, *sextra, *why;
    } CASES[] = {
        {"", "/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >>", "", "font Helvetica is not embedded"},
        {"/Group << /S /Transparency /CS /DeviceRGB >>", "", "", "transparency"},
        {"", "/ExtGState << /G0 << /ca 0.5 >> >>", "", "fill alpha"},
        {"", "/ExtGState << /G0 << /BM /Multiply >> >>", "", "blend mode"},
        {"", "/ColorSpace << /CS0 [/Indexed /DeviceCMYK 1 <00000000FFFFFFFF>] >>", "", "CMYK"},
        {"/Annots [<< /Type /Annot /Subtype /Widget /Rect [0 0 50 50] /FT /Tx >>]", "", "", "annotations (Widget)"},
        {"", "", "/Filter /LZWDecode", "LZW"},
        /* a page turned a quarter: its image stands upright on a page of the displayed size */
        {"/Rotate 90", "/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Courier >> >>", "", "font Courier"},
    };
    size_t i, len;
    for (i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        char *p = mini_pdf(400, 300, CASES[i].page, CASES[i].res, CASES[i].sextra, BOX, &len);
        expect(p, len, 1, CASES[i].why);
        free(p);
    }
}

/* An encrypted PDF (owner password only: readable) is imaged; one that needs a password
 * cannot be rendered: a clear error. */
static void test_encrypted(void)
{
    size_t len;
    char *p, *enc;
    outcome_t r;
    if (access("/usr/bin/qpdf", X_OK) != 0) {
        fprintf(stderr, "\n  note: qpdf (the command) is not installed: encryption not tested");
        return;
    }
    p = mini_pdf(595.276, 841.89, "", "", "", BOX, &len);
    {
        char in[] = "/tmp/einv-hyb-XXXXXX", cmd[200];
        int fd = mkstemp(in);
        FILE *f;
        CU_ASSERT_FATAL(fd >= 0);
        CU_ASSERT_EQUAL((size_t)write(fd, p, len), len);
        close(fd);
        snprintf(cmd, sizeof cmd, "qpdf --encrypt '' owner 256 -- %s %s.enc", in, in);
        CU_ASSERT_EQUAL(system(cmd), 0);
        snprintf(cmd, sizeof cmd, "%s.enc", in);
        enc = NULL;
        if ((f = fopen(cmd, "rb"))) {
            enc = malloc(1 << 16);
            len = fread(enc, 1, 1 << 16, f);
            fclose(f);
        }
        unlink(cmd);
        unlink(in);
    }
    CU_ASSERT_PTR_NOT_NULL_FATAL(enc);
    expect(enc, len, 1, "encrypted");
    free(enc);
    free(p);
    p = tst_read_data("extract/encrypted.pdf", &len);   /* user password "user" */
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    r = hybrid_of(p, len);
    CU_ASSERT_FALSE(r.ok);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.note, "neither kept nor rendered"));
    free(r.pdf), free(p);
}

/* Truncated sources, garbage after a header and a 200-inch page: a hybrid or a clear
 * error, never a crash (the sanitizer build runs this). */
static void test_hostile(void)
{
    size_t len, cut, ok = 0, refused = 0;
    char *p = mini_pdf(400, 300, "", "/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >> >>", "", BOX, &len);
    outcome_t r;
    for (cut = 9; cut < len; cut += len / 23) {
        r = hybrid_of(p, cut);
        if (r.ok) {
            ok++;
            CU_ASSERT_TRUE(r.imaged);
        } else {
            refused++;
            CU_ASSERT(strlen(r.note) > 10);
        }
        free(r.pdf);
    }
    CU_ASSERT(ok + refused >= 20);
    free(p);
    r = hybrid_of("%PDF-1.7\n\x01\x02garbage that is no PDF at all", 40);
    CU_ASSERT_FALSE(r.ok);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.note, "neither kept nor rendered"));
    free(r.pdf);
    /* the largest page PDF allows, imaged: its pixels stay under the bound (12 Mpx) */
    p = mini_pdf(14400, 14400, "/Group << /S /Transparency >>", "", "", BOX, &len);
    expect(p, len, 1, "transparency");
    free(p);
}

/* size zero bytes, deflated at level (0: stored blocks, as big as the data). */
static unsigned char *zeros_deflated(size_t size, int level, size_t *zlen)
{
    unsigned char *zero = calloc(1, 1 << 20), *z;
    z_stream st;
    size_t left = size;
    memset(&st, 0, sizeof st);
    z = malloc(size / 8 + (1 << 20));
    CU_ASSERT_FATAL(zero && z && deflateInit(&st, level) == Z_OK);
    st.next_out = z;
    st.avail_out = (uInt)(size / 8 + (1 << 20));
    do {
        size_t chunk = left < (1 << 20) ? left : (1 << 20);
        st.next_in = zero;
        st.avail_in = (uInt)chunk;
        left -= chunk;
        CU_ASSERT_FATAL(deflate(&st, left ? Z_NO_FLUSH : Z_FINISH) != Z_STREAM_ERROR);
    } while (left);
    *zlen = st.total_out;
    deflateEnd(&st);
    free(zero);
    return z;
}

/* Received streams are copied as they are, never inflated: a compression bomb in a kept
 * page stays packed. qpdf's writer decodes /Type /Metadata streams whatever it is told, so
 * a filtered one is dropped (it would be 32 MiB in the hybrid), and a stream whose filter is
 * written as an array, [/FlateDecode], keeps its bytes (1 MiB of stored deflate blocks: qpdf
 * re-deflating it would make it 1 KB). */
static void test_bombs_stay_packed(void)
{
    size_t zlen, len;
    unsigned char *z = zeros_deflated((size_t)32 << 20, 9, &zlen);
    char *p = pdf_of(400, 300, "/Metadata 5 0 R", "", "", BOX, "/Type /Metadata /Subtype /XML /Filter /FlateDecode", z,
                     zlen, &len);
    outcome_t r;
    CU_ASSERT(zlen < ((size_t)200 << 10));
    expect(p, len, 0, "kept");
    r = hybrid_of(p, len);
    CU_ASSERT_TRUE(r.ok);
    CU_ASSERT(r.len < ((size_t)1 << 20));
    free(r.pdf), free(p), free(z);
    z = zeros_deflated((size_t)1 << 20, 0, &zlen);
    p = pdf_of(400, 300, "/PieceInfo << /X << /Private 5 0 R >> >>", "", "", BOX, "/Filter [/FlateDecode]", z, zlen, &len);
    expect(p, len, 0, "kept");
    r = hybrid_of(p, len);
    CU_ASSERT_TRUE(r.ok);
    CU_ASSERT(r.len > zlen);
    free(r.pdf), free(p), free(z);
}

static int suite_init(void)
{
    einv_error_t err;
    einv_validate_opts_t o = {.profile = "EN16931", .want_canonical = 1};
    einv_result_t *v;
    size_t len;
    char *src;
    eng = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    if (!eng || !(src = tst_read_data("json/max-content.json", &len)))
        return 1;
    v = einv_validate(eng, &o, src, len, &err);
    canon = v && einv_result_canonical(v) ? strdup(einv_result_canonical(v)) : NULL;
    einv_result_free(v);
    free(src);
    return canon ? 0 : 1;
}

static int suite_clean(void)
{
    free(canon);
    einv_engine_close(eng);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    einv_error_t err;
    einv_engine_t *e = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    int have = e && einv_engine_exporter(e, "facturx");
    einv_engine_close(e);
    if (!have) {
        tst_skip("hybrid: the facturx exporter is not built");
        return;
    }
    s = CU_add_suite("export_hybrid", suite_init, suite_clean);
    CU_add_test(s, "pages kept", test_kept);
    CU_add_test(s, "pages imaged", test_imaged);
    CU_add_test(s, "encrypted sources", test_encrypted);
    CU_add_test(s, "hostile sources", test_hostile);
    CU_add_test(s, "compression bombs stay packed", test_bombs_stay_packed);
}
