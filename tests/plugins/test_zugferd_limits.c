/* The zugferd plugin within the validation budget (issue 9): PDF filter chains decoded as
 * streams with a cap, and the invoice found by a name-tree lookup that stays bounded on
 * hostile trees. The PDFs are written here (tests/support/tpdf), their streams encoded by
 * the encoders below (zlib is loaded at run time for Flate, so this test does not link it):
 * double-Flate bombs in the attachment and in the cross-reference stream qpdf decodes
 * itself, the invoice behind every filter we decode (same fatal set as the bare XML),
 * unsupported and corrupt filters, 1,000 attachments before the invoice, cyclic, deep and
 * huge name trees, a PDF cut inside the compressed attachment. */
#include <CUnit/Basic.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <einvoice/einvoice.h>
#include "engine.h"
#include "tpdf.h"
#include "tsupport.h"

static einv_engine_t *eng;
static char *invoice;   /* the sample CII with BR-02 broken and a long comment */
static size_t invoice_len;

/* ---- zlib, loaded at run time ---- */

static int (*z_compress2)(unsigned char *, unsigned long *, const unsigned char *, unsigned long, int);
static unsigned long (*z_bound)(unsigned long);

static int zlib_load(void)
{
    void *z = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!z)
        return 0;
    z_compress2 = (int (*)(unsigned char *, unsigned long *, const unsigned char *, unsigned long, int))dlsym(z, "compress2");
    z_bound = (unsigned long (*)(unsigned long))dlsym(z, "compressBound");
    return z_compress2 && z_bound;
}

static void flate(tst_buf_t *out, const void *p, size_t n)
{
    unsigned long cap = z_bound(n), got = cap;
    unsigned char *tmp = malloc(cap);
    CU_ASSERT_FATAL(tmp && z_compress2(tmp, &got, p, n, 9) == 0);
    tst_buf_add(out, tmp, got);
    free(tmp);
}

/* ---- the other encoders ---- */

static void hex(tst_buf_t *out, const unsigned char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        tst_buf_fmt(out, i % 32 == 31 ? "%02X\n" : "%02x", p[i]);   /* both cases, line breaks */
    tst_buf_add(out, ">", 1);
}

static void a85(tst_buf_t *out, const unsigned char *p, size_t n)
{
    size_t i, k;
    for (i = 0; i < n; i += 4) {
        uint32_t v = 0;
        size_t m = n - i < 4 ? n - i : 4;
        char g[5];
        for (k = 0; k < 4; k++)
            v = v << 8 | (k < m ? p[i + k] : 0);
        if (v == 0 && m == 4) {
            tst_buf_add(out, "z", 1);
            continue;
        }
        for (k = 5; k-- > 0; v /= 85)
            g[k] = (char)('!' + v % 85);
        tst_buf_add(out, g, m + 1);
        if (i % 64 == 60)
            tst_buf_add(out, "\n", 1);
    }
    tst_buf_add(out, "~>", 2);
}

static void runlength(tst_buf_t *out, const unsigned char *p, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t run = 1, lit = 0;
        while (i + run < n && run < 128 && p[i + run] == p[i])
            run++;
        if (run >= 3) {
            unsigned char h[2] = {(unsigned char)(257 - run), p[i]};
            tst_buf_add(out, h, 2);
            i += run;
            continue;
        }
        while (i + lit < n && lit < 128 && !(i + lit + 2 < n && p[i + lit] == p[i + lit + 1] && p[i + lit] == p[i + lit + 2]))
            lit++;
        {
            unsigned char h = (unsigned char)(lit - 1);
            tst_buf_add(out, &h, 1);
            tst_buf_add(out, p + i, lit);
            i += lit;
        }
    }
    tst_buf_add(out, "\x80", 1);
}

/* LZW as PDF writes it: MSB-first codes of 9-12 bits, a clear code before the table is
 * full. The decoder's table trails the encoder's by one entry, hence avail - 1. */
typedef struct bits {
    tst_buf_t *out;
    uint32_t acc;
    int n;
} bits_t;

static void put_code(bits_t *b, int code, int len)
{
    b->acc = b->acc << len | (uint32_t)code;
    b->n += len;
    while (b->n >= 8) {
        unsigned char c = (unsigned char)(b->acc >> (b->n - 8));
        tst_buf_add(b->out, &c, 1);
        b->n -= 8;
    }
}

static int lzw_width(int n) { return n >= 2048 ? 12 : n >= 1024 ? 11 : n >= 512 ? 10 : 9; }

static void lzw(tst_buf_t *out, const unsigned char *p, size_t n, int early)
{
    static int16_t next[4096][256];
    bits_t b = {out, 0, 0};
    int code_len = 9, avail = 258, cur = -1;
    size_t i;
    memset(next, -1, sizeof next);
    put_code(&b, 256, code_len);
    for (i = 0; i < n; i++) {
        int c = p[i];
        if (cur >= 0 && next[cur][c] >= 0) {
            cur = next[cur][c];
            continue;
        }
        if (cur >= 0) {
            put_code(&b, cur, code_len);
            next[cur][c] = (int16_t)avail++;
            code_len = lzw_width(avail - 1 + early);
            if (avail + early > 4094) {   /* nearly full: start over */
                put_code(&b, 256, code_len);
                memset(next, -1, sizeof next);
                avail = 258;
                code_len = 9;
            }
        }
        cur = c;
    }
    if (cur >= 0)
        put_code(&b, cur, code_len);
    put_code(&b, 257, lzw_width(avail + early));   /* the decoder added one more entry */
    put_code(&b, 0, 7);                             /* flush the last bits */
}

/* PNG predictor "Up" over rows of `cols` bytes (the last row zero-padded). */
static void png_up(tst_buf_t *out, const unsigned char *p, size_t n, size_t cols)
{
    unsigned char *prev = calloc(cols, 1), tag = 2;
    size_t i, k;
    for (i = 0; i < n; i += cols) {
        tst_buf_add(out, &tag, 1);
        for (k = 0; k < cols; k++) {
            unsigned char v = i + k < n ? p[i + k] : 0, d = (unsigned char)(v - prev[k]);
            tst_buf_add(out, &d, 1);
            prev[k] = v;
        }
    }
    free(prev);
}

/* Rows of `cols` bytes with an unknown PNG filter type: decoders pass such rows as they are. */
static void png_unknown(tst_buf_t *out, const unsigned char *p, size_t n, size_t cols)
{
    size_t i, k;
    for (i = 0; i < n; i += cols) {
        tst_buf_add(out, "\x66", 1);
        for (k = 0; k < cols; k++)
            tst_buf_add(out, i + k < n ? (const char *)p + i + k : "", 1);
    }
}

/* ASCII85 without its ~> end and with one stray digit after the last group (the data padded
 * with spaces to whole groups first, so the stray digit follows a complete one). */
static void a85_loose(tst_buf_t *out, const unsigned char *p, size_t n)
{
    tst_buf_t padded = {0};
    tst_buf_add(&padded, p, n);
    while (padded.n % 4)
        tst_buf_add(&padded, " ", 1);
    a85(out, (const unsigned char *)padded.p, padded.n);
    out->n -= 2;
    tst_buf_add(out, "!", 1);
    free(padded.p);
}

/* ---- validation ---- */

static einv_result_t *validate(const void *data, size_t len, size_t max_decoded)
{
    einv_limits_t l;
    einv_validate_opts_t o = {"EN16931", NULL, NULL, 1, &l};
    einv_error_t err;
    einv_result_t *r;
    einv_limits_default(&l);
    if (max_decoded)
        l.max_decoded = max_decoded;
    r = einv_validate(eng, &o, data, len, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

static einv_result_t *validate_spec(const tst_pdf_spec_t *s, size_t max_decoded)
{
    size_t len;
    char *pdf = tst_make_pdf(s, &len);
    einv_result_t *r = validate(pdf, len, max_decoded);
    free(pdf);
    return r;
}

/* The distinct ERROR codes outside the PDF layer, sorted, space separated (malloc'd). */
static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
static char *fatal_set(const einv_result_t *r)
{
    size_t i, k = 0, n = einv_result_count(r);
    const char **v = calloc(n + 1, sizeof *v);
    tst_buf_t b = {0};
    for (i = 0; i < n; i++)
        if (einv_result_at(r, i)->severity == EINV_SEV_ERROR && einv_result_at(r, i)->layer != EINV_LAYER_PDF)
            v[k++] = einv_result_at(r, i)->code;
    qsort(v, k, sizeof *v, cmp_str);
    tst_buf_add(&b, "", 0);
    for (i = 0; i < k; i++)
        if (i == 0 || strcmp(v[i], v[i - 1]) != 0)
            tst_buf_fmt(&b, "%s ", v[i]);
    free(v);
    return b.p;
}

static void show(const char *what, const einv_result_t *r)
{
    size_t i;
    for (i = 0; i < einv_result_count(r); i++)
        fprintf(stderr, "  [%s] %s: %s\n", what, einv_result_at(r, i)->code, einv_result_at(r, i)->message);
}

/* n MiB of zeros, Flate inside Flate: a few KB that decode to n MiB. */
static void double_flate_bomb(tst_buf_t *out, size_t mib)
{
    unsigned char *zeros = calloc(mib, 1u << 20);
    tst_buf_t inner = {0};
    CU_ASSERT_PTR_NOT_NULL_FATAL(zeros);
    flate(&inner, zeros, mib << 20);
    free(zeros);
    flate(out, inner.p, inner.n);
    free(inner.p);
}

/* ---- tests: decoding ---- */

static void test_double_flate_bomb(void)
{
    static const size_t sizes[][2] = {{16, 1u << 20}, {160, 0}};   /* MiB, max_decoded (0 = default) */
    size_t i;
    for (i = 0; i < 2; i++) {
        tst_buf_t bomb = {0};
        tst_pdf_spec_t s = {0};
        einv_result_t *r;
        const einv_finding_t *f;
        char want[64];
        double_flate_bomb(&bomb, sizes[i][0]);
        CU_ASSERT_TRUE(bomb.n < 64 * 1024);
        s.xml = bomb.p;
        s.xml_len = bomb.n;
        s.filter = "[/FlateDecode /FlateDecode]";
        r = validate_spec(&s, sizes[i][1]);
        f = tst_find(r, "LIMIT-PDF-DECODED");
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        CU_ASSERT_EQUAL(f->severity, EINV_SEV_ERROR);
        CU_ASSERT_EQUAL(f->layer, EINV_LAYER_PDF);
        snprintf(want, sizeof want, "more than %zu bytes", sizes[i][1] ? sizes[i][1] : (size_t)64 << 20);
        CU_ASSERT_PTR_NOT_NULL(strstr(f->message, want));
        CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "EINV_LIMIT_PDF_DECODED"));
        CU_ASSERT_FALSE(einv_result_valid(r));
        einv_result_free(r);
        free(bomb.p);
    }
}

/* The bomb as the cross-reference stream: qpdf decodes that itself while opening the file. */
static void test_xref_stream_bomb(void)
{
    tst_buf_t bomb = {0};
    tst_pdf_spec_t s = {0};
    einv_result_t *r;
    const einv_finding_t *f;
    double_flate_bomb(&bomb, 16);
    s.xml = invoice;
    s.xml_len = invoice_len;
    s.xref_stream = bomb.p;
    s.xref_stream_len = bomb.n;
    s.xref_filter = "[/FlateDecode /FlateDecode]";
    r = validate_spec(&s, 1u << 20);
    f = tst_find(r, "LIMIT-PDF-DECODED");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "cross-reference or object stream"));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    free(bomb.p);
}

/* A PDF whose catalog (object 2) lives in an object stream (object 1) with these encoded
 * bytes and filter, found through an uncompressed cross-reference stream (object 5). */
static char *objstm_pdf(const char *data, size_t n, const char *filter, size_t *len)
{
    tst_buf_t b = {0};
    size_t off[6] = {0};
    unsigned char xref[6 * 7];
    int i;
    tst_buf_fmt(&b, "%%PDF-1.7\n");
    off[1] = b.n;
    tst_buf_fmt(&b, "1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter %s /Length %zu >>\nstream\n", filter, n);
    tst_buf_add(&b, data, n);
    tst_buf_fmt(&b, "\nendstream\nendobj\n");
    off[3] = b.n;
    tst_buf_fmt(&b, "3 0 obj\n<< /Type /Pages /Kids [4 0 R] /Count 1 >>\nendobj\n");
    off[4] = b.n;
    tst_buf_fmt(&b, "4 0 obj\n<< /Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] >>\nendobj\n");
    off[5] = b.n;
    for (i = 0; i < 6; i++) {   /* W [1 4 2]: type, offset or object stream, generation or index */
        unsigned char *e = xref + 7 * i;
        uint32_t f2 = i == 2 ? 1u : (uint32_t)off[i];
        e[0] = (unsigned char)(i == 0 ? 0 : i == 2 ? 2 : 1);
        e[1] = (unsigned char)(f2 >> 24), e[2] = (unsigned char)(f2 >> 16), e[3] = (unsigned char)(f2 >> 8),
        e[4] = (unsigned char)f2;
        e[5] = 0, e[6] = i == 0 ? 0xFF : 0;
    }
    tst_buf_fmt(&b, "5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 2 0 R /Length %zu >>\nstream\n", sizeof xref);
    tst_buf_add(&b, xref, sizeof xref);
    tst_buf_fmt(&b, "\nendstream\nendobj\nstartxref\n%zu\n%%%%EOF\n", off[5]);
    *len = b.n;
    return b.p;
}

/* The catalog in an object stream, read through the plugin's decoders: a plain one works
 * (no invoice in it: PDF-NO-INVOICE, not "no catalog"); a double-Flate bomb is refused. */
static void test_object_stream_bomb(void)
{
    const char *body = "2 0\n<< /Type /Catalog /Pages 3 0 R >>";
    tst_buf_t plain = {0}, bomb = {0};
    size_t len;
    char *pdf;
    einv_result_t *r;
    const einv_finding_t *f;
    flate(&plain, body, strlen(body));
    pdf = objstm_pdf(plain.p, plain.n, "/FlateDecode", &len);
    r = validate(pdf, len, 1u << 20);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-NO-INVOICE"));
    CU_ASSERT_PTR_NULL(tst_find(r, "PDF-UNREADABLE"));
    CU_ASSERT_PTR_NULL(tst_find(r, "LIMIT-PDF-DECODED"));
    einv_result_free(r);
    free(pdf);
    double_flate_bomb(&bomb, 16);
    pdf = objstm_pdf(bomb.p, bomb.n, "[/FlateDecode /FlateDecode]", &len);
    r = validate(pdf, len, 1u << 20);
    f = tst_find(r, "LIMIT-PDF-DECODED");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "object stream"));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
    free(pdf);
    free(plain.p);
    free(bomb.p);
}

typedef void (*encode_fn)(tst_buf_t *out, const unsigned char *p, size_t n);
static void enc_hex(tst_buf_t *o, const unsigned char *p, size_t n) { hex(o, p, n); }
static void enc_a85(tst_buf_t *o, const unsigned char *p, size_t n) { a85(o, p, n); }
static void enc_rl(tst_buf_t *o, const unsigned char *p, size_t n) { runlength(o, p, n); }
static void enc_lzw(tst_buf_t *o, const unsigned char *p, size_t n) { lzw(o, p, n, 1); }
static void enc_lzw0(tst_buf_t *o, const unsigned char *p, size_t n) { lzw(o, p, n, 0); }
static void enc_flate(tst_buf_t *o, const unsigned char *p, size_t n) { flate(o, p, n); }
static void enc_up16(tst_buf_t *o, const unsigned char *p, size_t n) { png_up(o, p, n, 16); }
static void enc_unknown7(tst_buf_t *o, const unsigned char *p, size_t n) { png_unknown(o, p, n, 7); }
static void enc_a85_loose(tst_buf_t *o, const unsigned char *p, size_t n) { a85_loose(o, p, n); }

/* Encode with the chain's encoders, innermost (the last filter) first. */
static void encode(tst_buf_t *out, const encode_fn *fns)
{
    tst_buf_t cur = {0};
    size_t k = 0;
    tst_buf_add(&cur, invoice, invoice_len);
    while (fns[k])
        k++;
    while (k-- > 0) {
        tst_buf_t next = {0};
        tst_buf_add(&next, "", 0);
        fns[k]((tst_buf_t *)&next, (const unsigned char *)cur.p, cur.n);
        free(cur.p);
        cur = next;
    }
    *out = cur;
}

static void test_chains_decode_right(void)
{
    static const struct {
        const char *filter, *parms;
        encode_fn fns[4];   /* in /Filter order: fns[0] undoes first */
    } cases[] = {
        {"/ASCIIHexDecode", NULL, {enc_hex}},
        {"/ASCII85Decode", NULL, {enc_a85}},
        {"/RunLengthDecode", NULL, {enc_rl}},
        {"/LZWDecode", NULL, {enc_lzw}},
        {"/LZWDecode", "<< /EarlyChange 0 >>", {enc_lzw0}},
        {"[/ASCII85Decode /FlateDecode]", NULL, {enc_a85, enc_flate}},
        {"[/AHx /RL /LZW]", NULL, {enc_hex, enc_rl, enc_lzw}},
        {"/FlateDecode", "<< /Predictor 12 /Columns 16 >>", {enc_flate, enc_up16}},
        {"[/A85 /Fl]", "[null << /Predictor 15 /Colors 1 /Columns 16 >>]", {enc_a85, enc_flate, enc_up16}},
        /* tolerated as qpdf's own decoders did (these replace them for the xref streams) */
        {"/FlateDecode", "<< /Predictor 10 /Columns 7 >>", {enc_flate, enc_unknown7}},
        {"/ASCII85Decode", NULL, {enc_a85_loose}},
    };
    einv_result_t *x = validate(invoice, invoice_len, 0);
    char *want = fatal_set(x);
    size_t i;
    CU_ASSERT_PTR_NOT_NULL(strstr(want, "BR-02"));   /* a real fatal set to compare */
    CU_ASSERT_PTR_NOT_NULL_FATAL(einv_result_canonical(x));
    CU_ASSERT_TRUE(strlen(einv_result_canonical(x)) > 64 * 1024);   /* the note is in it */
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tst_buf_t enc;
        tst_pdf_spec_t s = {0};
        einv_result_t *r;
        char *got;
        encode(&enc, cases[i].fns);
        s.xml = enc.p;
        s.xml_len = enc.n;
        s.filter = cases[i].filter;
        s.decode_parms = cases[i].parms;
        r = validate_spec(&s, 0);
        got = fatal_set(r);
        if (strcmp(got, want) != 0 || tst_find(r, "PDF-UNREADABLE")) {
            fprintf(stderr, "\nchain %s %s: got \"%s\", want \"%s\"\n", cases[i].filter,
                    cases[i].parms ? cases[i].parms : "", got, want);
            show(cases[i].filter, r);
        }
        CU_ASSERT_STRING_EQUAL(got, want);
        /* the canonical invoice, the 64 KB note included: every byte came out right */
        CU_ASSERT_PTR_NOT_NULL_FATAL(einv_result_canonical(r));
        CU_ASSERT_STRING_EQUAL(einv_result_canonical(r), einv_result_canonical(x));
        CU_ASSERT_PTR_NULL(tst_find(r, "PDF-UNREADABLE"));
        CU_ASSERT_PTR_NULL(tst_find(r, "XML-WELLFORMED"));
        free(got);
        free(enc.p);
        einv_result_free(r);
    }
    free(want);
    einv_result_free(x);
}

static void expect_unreadable(const char *filter, const char *parms, const char *data, const char *msg_part)
{
    tst_pdf_spec_t s = {0};
    einv_result_t *r;
    const einv_finding_t *f;
    s.xml = data;
    s.xml_len = strlen(data);
    s.filter = filter;
    s.decode_parms = parms;
    r = validate_spec(&s, 0);
    f = tst_find(r, "PDF-UNREADABLE");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    if (!strstr(f->message, msg_part))
        fprintf(stderr, "\n%s: \"%s\" lacks \"%s\"\n", filter, f->message, msg_part);
    CU_ASSERT_PTR_NOT_NULL(strstr(f->message, msg_part));
    CU_ASSERT_FALSE(einv_result_valid(r));
    einv_result_free(r);
}

static void test_unsupported_and_corrupt_filters(void)
{
    expect_unreadable("/DCTDecode", NULL, "\xFF\xD8", "/DCTDecode");
    expect_unreadable("/JBIG2Decode", NULL, "x", "/JBIG2Decode");
    expect_unreadable("/Foo#FF#E9", NULL, "x", "/Foo#FF#E9");   /* the finding stays valid UTF-8 */
    expect_unreadable("[/AHx /AHx /AHx /AHx /AHx /AHx /AHx /AHx /AHx]", NULL, "3c>", "more than 8 filters");
    expect_unreadable("/FlateDecode", "<< /Predictor 12 /Columns 100000000 >>", "x", "/DecodeParms");
    expect_unreadable("/FlateDecode", "<< /Predictor 2 /BitsPerComponent 4 >>", "x", "/DecodeParms");
    expect_unreadable("/ASCIIHexDecode", NULL, "3c3fxyz>", "corrupt");
    expect_unreadable("/ASCII85Decode", NULL, "s8W-\"vx~>", "corrupt");   /* 'v' is out of range */
    expect_unreadable("/FlateDecode", NULL, "not zlib at all", "corrupt");
    expect_unreadable("/LZWDecode", NULL, "\xFF\xFF\xFF\xFF", "corrupt");   /* a code not yet defined */
    expect_unreadable("/Filter", NULL, "x", "/Filter");
}

/* A PDF cut inside its compressed attachment: findings, never a crash. */
static void test_truncated_inside_stream(void)
{
    tst_buf_t enc = {0};
    tst_pdf_spec_t s = {0};
    size_t len, cut;
    char *pdf, *at;
    flate(&enc, invoice, invoice_len);
    s.xml = enc.p;
    s.xml_len = enc.n;
    s.filter = "/FlateDecode";
    pdf = tst_make_pdf(&s, &len);
    at = strstr(pdf, "6 0 obj");
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    for (cut = 0; cut < 4; cut++) {
        size_t n = (size_t)(at - pdf) + 120 + cut * enc.n / 4;
        einv_result_t *r = validate(pdf, n < len ? n : len - 1, 0);
        CU_ASSERT_FALSE(einv_result_valid(r));
        CU_ASSERT_TRUE(einv_result_count(r) > 0);
        einv_result_free(r);
    }
    free(pdf);
    free(enc.p);
}

/* 1 when s is valid UTF-8 (no overlong forms, surrogates or values above U+10FFFF). */
static int utf8_ok(const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    while (*s) {
        uint32_t c;
        int n = *s < 0x80 ? 0 : *s >= 0xC2 && *s < 0xE0 ? 1 : *s >= 0xE0 && *s < 0xF0 ? 2 : *s >= 0xF0 && *s < 0xF5 ? 3 : -1, i;
        if (n < 0)
            return 0;
        c = n ? *s & (0x3F >> n) : *s;
        for (i = 1; i <= n; i++) {
            if ((s[i] & 0xC0) != 0x80)
                return 0;
            c = c << 6 | (s[i] & 0x3F);
        }
        if ((n == 2 && (c < 0x800 || (c >= 0xD800 && c < 0xE000))) || (n == 3 && (c < 0x10000 || c > 0x10FFFF)))
            return 0;
        s += n + 1;
    }
    return 1;
}

/* The parser quotes the document's bytes in its messages: an invalid byte in a tag name of
 * the embedded XML or of the XMP must not make the result invalid UTF-8. */
static void test_messages_stay_utf8(void)
{
    char *bad = tst_replace(invoice, "</rsm:ExchangedDocument>", "</rsm:Exchanged\xDD\xFF" "Document>");
    tst_pdf_spec_t s = {0};
    einv_result_t *r;
    const einv_finding_t *f;
    size_t i;
    CU_ASSERT_PTR_NOT_NULL_FATAL(bad);
    s.xml = bad;
    s.xml_len = strlen(bad);
    s.level = "EN 16931</fx:Conformance\xDDLevel><x>";
    r = validate_spec(&s, 0);
    CU_ASSERT_PTR_NOT_NULL(f = tst_find(r, "XML-WELLFORMED"));
    CU_ASSERT_PTR_NOT_NULL(f = tst_find(r, "PDF-XMP-MISSING"));
    for (i = 0; i < einv_result_count(r); i++) {
        if (!utf8_ok(einv_result_at(r, i)->message))
            fprintf(stderr, "\nnot UTF-8: %s\n", einv_result_at(r, i)->message);
        CU_ASSERT_TRUE(utf8_ok(einv_result_at(r, i)->message));
    }
    einv_result_free(r);
    free(bad);
}

/* ---- tests: finding the attachment ---- */

static const char *const OTHER_FILESPEC =
    "<< /Type /Filespec /F (other.txt) /UF (other.txt) /AFRelationship /Supplement /EF << /F 6 0 R >> >>";

/* 1,000 other attachments before the invoice: in /AF and a flat name tree, then in a tree
 * of /Kids with /Limits and no /AF, then with UTF-16 keys. */
static void test_thousand_attachments(void)
{
    const char *objs[1] = {OTHER_FILESPEC};
    int pass;
    for (pass = 0; pass < 3; pass++) {
        tst_buf_t names = {0}, af = {0}, kids = {0};
        const char **o = calloc(16, sizeof *o);
        tst_pdf_spec_t s = {0};
        einv_result_t *r;
        int i;
        char *store[16] = {0};
        s.xml = invoice;
        s.xml_len = invoice_len;
        o[0] = objs[0];
        tst_buf_fmt(&af, "[");
        tst_buf_fmt(&names, "<< /Names [");
        for (i = 0; i < 1000; i++) {
            tst_buf_fmt(&af, "8 0 R ");
            if (pass == 2)
                tst_buf_fmt(&names, "<FEFF0061%04X%04X%04X> 8 0 R ", 0x30 + i / 100, 0x30 + i / 10 % 10, 0x30 + i % 10);
            else if (pass == 0)
                tst_buf_fmt(&names, "(a%04d.txt) 8 0 R ", i);
        }
        tst_buf_fmt(&af, "5 0 R]");
        if (pass == 2)   /* UTF-16BE "factur-x.xml": FE FF sorts after the ASCII keys above */
            tst_buf_fmt(&names, "<FEFF006600610063007400750072002D0078002E0078006D006C> 5 0 R] >>");
        else
            tst_buf_fmt(&names, "(factur-x.xml) 5 0 R] >>");
        if (pass == 1) {   /* 10 kids of 100, the invoice in an 11th */
            tst_buf_fmt(&kids, "<< /Kids [");
            for (i = 0; i < 11; i++) {
                tst_buf_t leaf = {0};
                int k;
                if (i < 10) {
                    tst_buf_fmt(&leaf, "<< /Limits [(a%04d.txt) (a%04d.txt)] /Names [", i * 100, i * 100 + 99);
                    for (k = 0; k < 100; k++)
                        tst_buf_fmt(&leaf, "(a%04d.txt) 8 0 R ", i * 100 + k);
                    tst_buf_fmt(&leaf, "] >>");
                } else
                    tst_buf_fmt(&leaf, "<< /Limits [(factur-x.xml) (factur-x.xml)] /Names [(factur-x.xml) 5 0 R] >>");
                store[i] = leaf.p;
                o[1 + i] = leaf.p;
                tst_buf_fmt(&kids, "%d 0 R ", 9 + i);
            }
            tst_buf_fmt(&kids, "] >>");
            s.names_raw = kids.p;
            s.no_af = 1;
        } else {
            s.names_raw = names.p;
            s.af_raw = af.p;
        }
        s.objs = o;
        s.n_objs = pass == 1 ? 12 : 1;
        r = validate_spec(&s, 0);
        if (tst_find(r, "PDF-NO-INVOICE") || tst_find(r, "PDF-UNREADABLE"))
            show("1000 attachments", r);
        CU_ASSERT_PTR_NULL(tst_find(r, "PDF-NO-INVOICE"));
        CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-02"));   /* the invoice was read */
        CU_ASSERT_EQUAL(tst_find(r, "PDF-AF-MISSING") != NULL, pass == 1);
        einv_result_free(r);
        for (i = 0; i < 16; i++)
            free(store[i]);
        free(o);
        free(names.p);
        free(af.p);
        free(kids.p);
    }
}

static einv_result_t *with_tree(const char *names_raw, const char *const *objs, size_t n_objs)
{
    tst_pdf_spec_t s = {0};
    s.xml = invoice;
    s.xml_len = invoice_len;
    s.no_af = 1;
    s.names_raw = names_raw;
    s.objs = objs;
    s.n_objs = n_objs;
    return validate_spec(&s, 0);
}

static void test_cyclic_name_tree(void)
{
    /* 9 and 10 are each other's kids, with /Limits that always say "in here" */
    const char *cycle[] = {OTHER_FILESPEC, "<< /Limits [(a) (z)] /Kids [9 0 R 10 0 R] >>",
                           "<< /Limits [(a) (z)] /Kids [10 0 R 9 0 R] >>"};
    /* the same cycle, and the invoice in a third kid */
    const char *reachable[] = {OTHER_FILESPEC, "<< /Limits [(a) (z)] /Kids [9 0 R 10 0 R 11 0 R] >>",
                               "<< /Limits [(a) (z)] /Kids [9 0 R] >>",
                               "<< /Limits [(factur-x.xml) (factur-x.xml)] /Names [(factur-x.xml) 5 0 R] >>"};
    einv_result_t *r = with_tree("<< /Kids [9 0 R] >>", cycle, 3);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-NO-INVOICE"));
    einv_result_free(r);
    r = with_tree("9 0 R", reachable, 4);
    CU_ASSERT_PTR_NULL(tst_find(r, "PDF-NO-INVOICE"));
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-02"));
    einv_result_free(r);
}

/* 2,000 nested /Kids: deeper than any real tree; the walk stops, nothing overflows. */
static void test_deep_name_tree(void)
{
    enum { DEPTH = 2000 };
    char **objs = calloc(DEPTH + 2, sizeof *objs);
    einv_result_t *r;
    int i;
    objs[0] = strdup(OTHER_FILESPEC);
    for (i = 1; i <= DEPTH; i++) {
        tst_buf_t b = {0};
        if (i < DEPTH)
            tst_buf_fmt(&b, "<< /Limits [(a) (z)] /Kids [%d 0 R] >>", 9 + i);
        else
            tst_buf_fmt(&b, "<< /Limits [(factur-x.xml) (factur-x.xml)] /Names [(factur-x.xml) 5 0 R] >>");
        objs[i] = b.p;
    }
    r = with_tree("9 0 R", (const char *const *)objs, DEPTH + 1);
    CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-NO-INVOICE"));
    einv_result_free(r);
    for (i = 0; i <= DEPTH; i++)
        free(objs[i]);
    free(objs);
}

/* 200,000 entries in one leaf: the invoice as the last key is found by the lookup; without
 * it the walk by file names stops after its bound. */
static void test_huge_leaf(void)
{
    const char *objs[] = {OTHER_FILESPEC};
    int with;
    for (with = 1; with >= 0; with--) {
        tst_buf_t b = {0};
        einv_result_t *r;
        int i;
        tst_buf_fmt(&b, "<< /Names [");
        for (i = 0; i < 200000; i++)
            tst_buf_fmt(&b, "(a%06d) 8 0 R ", i);
        tst_buf_fmt(&b, "%s] >>", with ? "(factur-x.xml) 5 0 R" : "");
        r = with_tree(b.p, objs, 1);
        if (with) {
            CU_ASSERT_PTR_NULL(tst_find(r, "PDF-NO-INVOICE"));
            CU_ASSERT_PTR_NOT_NULL(tst_find(r, "BR-02"));
        } else
            CU_ASSERT_PTR_NOT_NULL(tst_find(r, "PDF-NO-INVOICE"));
        einv_result_free(r);
        free(b.p);
    }
}

/* The sample with BR-02 broken (so there is a fatal set to compare) and a 64 KB note of
 * varied text (BT-22, so the canonical JSON shows every byte decoded right, and LZW fills
 * its table and clears it). */
static int load_invoice(void)
{
    size_t len, i;
    char *sample = tst_read_data("cii/sample-invoice.xml", &len), *bad, *at;
    const char *mark = "<ram:Content>Thank you for your order.";
    tst_buf_t b = {0};
    uint32_t x = 12345;
    if (!sample)
        return 0;
    bad = tst_replace(sample, "<ram:ID>CII-2026-0042</ram:ID>", "");
    free(sample);
    if (!bad || !(at = strstr(bad, mark)))
        return 0;
    at += strlen(mark);
    tst_buf_add(&b, bad, (size_t)(at - bad));
    for (i = 0; i < 64 * 1024; i++) {
        char c;
        x = x * 1103515245u + 12345u;
        c = (char)('a' + (x >> 16) % 26);
        tst_buf_add(&b, i % 60 == 59 ? " " : &c, 1);
    }
    tst_buf_fmt(&b, "%s", at);
    free(bad);
    invoice = b.p;
    invoice_len = b.n;
    return 1;
}

unsigned tst_after(void)
{
    einv_engine_close(eng);
    free(invoice);
    return 0;
}

void tst_suites(void)
{
    CU_pSuite s;
    einv_error_t err;
    if (!zlib_load() || !load_invoice()) {
        tst_setup_failed("zlib or the sample invoice cannot be loaded");
        return;
    }
    eng = einv_engine_open_dir(getenv("EINV_TEST_PLUGIN_DIR"), NULL, &err);
    if (!eng || !einv_engine_format(eng, "zugferd")) {
        tst_setup_failed("the zugferd plugin is not loaded");
        return;
    }
    s = CU_add_suite("zugferd_limits", NULL, NULL);
    CU_add_test(s, "double-Flate bomb: LIMIT-PDF-DECODED", test_double_flate_bomb);
    CU_add_test(s, "bomb in the xref stream qpdf decodes", test_xref_stream_bomb);
    CU_add_test(s, "bomb in an object stream qpdf decodes", test_object_stream_bomb);
    CU_add_test(s, "hex/85/RunLength/LZW/predictor chains: bare XML's fatal set", test_chains_decode_right);
    CU_add_test(s, "unsupported and corrupt filters", test_unsupported_and_corrupt_filters);
    CU_add_test(s, "truncated inside the attachment", test_truncated_inside_stream);
    CU_add_test(s, "parser messages stay valid UTF-8", test_messages_stay_utf8);
    CU_add_test(s, "invoice after 1,000 attachments", test_thousand_attachments);
    CU_add_test(s, "cyclic name tree", test_cyclic_name_tree);
    CU_add_test(s, "deep name tree", test_deep_name_tree);
    CU_add_test(s, "200,000 entries in one leaf", test_huge_leaf);
}
