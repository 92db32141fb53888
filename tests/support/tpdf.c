/* Test support: buffers and the hybrid PDF writer (see tpdf.h). */
#include "tpdf.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tst_buf_add(tst_buf_t *b, const void *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        char *p;
        b->cap = (b->n + n + 1) * 2;
        p = realloc(b->p, b->cap);
        if (!p)
            abort();
        b->p = p;
    }
    if (n)
        memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

void tst_buf_fmt(tst_buf_t *b, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    {
        char *tmp = malloc((size_t)n + 1);
        if (!tmp)
            abort();
        va_start(ap, fmt);
        vsnprintf(tmp, (size_t)n + 1, fmt, ap);
        va_end(ap);
        tst_buf_add(b, tmp, (size_t)n);
        free(tmp);
    }
}

char *tst_replace(const char *s, const char *from, const char *to)
{
    const char *p = strstr(s, from);
    size_t a, b = strlen(from), c = strlen(to);
    char *out;
    if (!p)
        return NULL;
    a = (size_t)(p - s);
    out = malloc(strlen(s) - b + c + 1);
    if (!out)
        abort();
    memcpy(out, s, a);
    memcpy(out + a, to, c);
    strcpy(out + a + c, p + b);
    return out;
}

static void xmp_packet(const tst_pdf_spec_t *s, const char *fname, tst_buf_t *x)
{
    const char *level = s->level ? s->level : s->zf1 ? "COMFORT" : "EN 16931";
    const char *pfx = s->zf1 ? "zf" : "fx";
    const char *ns = s->zf1 ? "urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#"
                            : "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";
    tst_buf_fmt(x, "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
                   "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n");
    if (s->pdfa_part >= 0)
        tst_buf_fmt(x, "<rdf:Description rdf:about=\"\" xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\">"
                       "<pdfaid:part>%d</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>\n",
                    s->pdfa_part ? s->pdfa_part : 3);
    tst_buf_fmt(x, "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
                   "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Invoice</rdf:li></rdf:Alt></dc:title></rdf:Description>\n");
    if (!s->no_fx && s->level_as_attribute)
        tst_buf_fmt(x, "<rdf:Description rdf:about=\"\" xmlns:%s=\"%s\" %s:DocumentType=\"INVOICE\" "
                       "%s:DocumentFileName=\"%s\" %s:Version=\"1.0\" %s:ConformanceLevel=\"%s\"/>\n",
                    pfx, ns, pfx, pfx, fname, pfx, pfx, level);
    else if (!s->no_fx)
        tst_buf_fmt(x, "<rdf:Description rdf:about=\"\" xmlns:%s=\"%s\">"
                       "<%s:DocumentType>INVOICE</%s:DocumentType><%s:DocumentFileName>%s</%s:DocumentFileName>"
                       "<%s:Version>1.0</%s:Version><%s:ConformanceLevel>%s</%s:ConformanceLevel></rdf:Description>\n",
                    pfx, ns, pfx, pfx, pfx, fname, pfx, pfx, pfx, pfx, level, pfx);
    tst_buf_fmt(x, "</rdf:RDF></x:xmpmeta>\n<?xpacket end=\"w\"?>");
}

char *tst_make_pdf(const tst_pdf_spec_t *s, size_t *len)
{
    tst_buf_t b = {0}, x = {0};
    size_t *off = calloc(8 + s->n_objs + 1, sizeof *off), xref, nobj = 8 + s->n_objs;
    const char *fname = s->file_name ? s->file_name : s->zf1 ? "ZUGFeRD-invoice.xml" : "factur-x.xml";
    int i;
    tst_buf_fmt(&b, "%%PDF-1.7\n%%\xE2\xE3\xCF\xD3\n");
    off[1] = b.n;
    tst_buf_fmt(&b, "1 0 obj\n<< /Type /Catalog /Pages 2 0 R");
    if (!s->no_xmp)
        tst_buf_fmt(&b, " /Metadata 4 0 R");
    if (s->xml && !s->no_af)
        tst_buf_fmt(&b, " /AF %s", s->af_raw ? s->af_raw : "[5 0 R]");
    if (s->xml && !s->no_names) {
        if (s->names_raw)
            tst_buf_fmt(&b, " /Names << /EmbeddedFiles %s >>", s->names_raw);
        else if (s->names_in_kids)
            tst_buf_fmt(&b, " /Names << /EmbeddedFiles << /Kids [7 0 R] >> >>");
        else
            tst_buf_fmt(&b, " /Names << /EmbeddedFiles << /Names [(%s) 5 0 R] >> >>", fname);
    }
    tst_buf_fmt(&b, " >>\nendobj\n");
    off[2] = b.n;
    tst_buf_fmt(&b, "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n");
    off[3] = b.n;
    tst_buf_fmt(&b, "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n");
    off[4] = b.n;
    xmp_packet(s, fname, &x);
    tst_buf_fmt(&b, "4 0 obj\n<< /Type /Metadata /Subtype /XML /Length %zu >>\nstream\n", x.n);
    tst_buf_add(&b, x.p, x.n);
    tst_buf_fmt(&b, "\nendstream\nendobj\n");
    off[5] = b.n;
    tst_buf_fmt(&b, "5 0 obj\n<< /Type /Filespec /F (%s) /UF (%s)%s /Desc (Invoice) /EF << /F 6 0 R /UF 6 0 R >> >>\nendobj\n",
                fname, fname, s->no_afrel ? "" : s->zf1 ? " /AFRelationship /Alternative" : " /AFRelationship /Data");
    off[6] = b.n;
    tst_buf_fmt(&b, "6 0 obj\n<< /Type /EmbeddedFile /Subtype /text#2Fxml%s%s%s%s /Length %zu >>\nstream\n",
                s->filter ? " /Filter " : "", s->filter ? s->filter : "", s->decode_parms ? " /DecodeParms " : "",
                s->decode_parms ? s->decode_parms : "", s->xml ? s->xml_len : 0);
    if (s->xml)
        tst_buf_add(&b, s->xml, s->xml_len);
    tst_buf_fmt(&b, "\nendstream\nendobj\n");
    off[7] = b.n;
    tst_buf_fmt(&b, "7 0 obj\n<< /Limits [(%s) (%s)] /Names [(%s) 5 0 R] >>\nendobj\n", fname, fname, fname);
    for (i = 8; i < (int)nobj; i++) {
        off[i] = b.n;
        tst_buf_fmt(&b, "%d 0 obj\n%s\nendobj\n", i, s->objs[i - 8]);
    }
    xref = b.n;
    if (s->xref_stream) {
        tst_buf_fmt(&b, "%zu 0 obj\n<< /Type /XRef /Size %zu /W [1 4 2] /Root 1 0 R /Filter %s /Length %zu >>\nstream\n",
                    nobj, nobj + 1, s->xref_filter ? s->xref_filter : "/FlateDecode", s->xref_stream_len);
        tst_buf_add(&b, s->xref_stream, s->xref_stream_len);
        tst_buf_fmt(&b, "\nendstream\nendobj\nstartxref\n%zu\n%%%%EOF\n", xref);
    } else {
        tst_buf_fmt(&b, "xref\n0 %zu\n0000000000 65535 f \n", nobj);
        for (i = 1; i < (int)nobj; i++)
            tst_buf_fmt(&b, "%010zu 00000 n \n", off[i]);
        tst_buf_fmt(&b, "trailer\n<< /Size %zu /Root 1 0 R /ID [<0123456789ABCDEF0123456789ABCDEF> "
                        "<0123456789ABCDEF0123456789ABCDEF>] >>\nstartxref\n%zu\n%%%%EOF\n", nobj, xref);
    }
    free(off);
    free(x.p);
    *len = b.n;
    return b.p;
}
