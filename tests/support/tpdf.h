/* Test support: a growable byte buffer, string replacement, and a writer of small hybrid
 * PDFs (ZUGFeRD 2.x / Factur-X, or ZUGFeRD 1.0) with switches for each container defect
 * the zugferd plugin must report. The PDFs are made at test time: no third-party file is
 * committed. */
#ifndef TPDF_H
#define TPDF_H

#include <stddef.h>

typedef struct tst_buf {
    char *p;          /* NUL-terminated, malloc'd; free(p) */
    size_t n, cap;
} tst_buf_t;

void tst_buf_add(tst_buf_t *b, const void *s, size_t n);
void tst_buf_fmt(tst_buf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* s with the first `from` replaced by `to` (malloc'd), or NULL when from is absent. */
char *tst_replace(const char *s, const char *from, const char *to);

typedef struct tst_pdf_spec {
    const char *xml;            /* the embedded invoice; NULL: no attachment */
    size_t xml_len;
    const char *file_name;      /* default factur-x.xml (ZUGFeRD-invoice.xml with zf1) */
    int zf1;                    /* ZUGFeRD 1.0: XMP zf: schema, default level COMFORT */
    int no_xmp;                 /* no /Metadata */
    int pdfa_part;              /* 0 -> 3; -1 -> no pdfaid:part */
    const char *level;          /* ConformanceLevel; default "EN 16931" */
    int no_fx;                  /* XMP without the fx:/zf: schema */
    int level_as_attribute;     /* write the fx: properties as rdf:Description attributes */
    int no_af, no_names, no_afrel;
    int names_in_kids;          /* the name tree has an intermediate /Kids node */
    /* hostile and unusual containers (test_zugferd_limits.c) */
    const char *filter;         /* /Filter of the embedded file, e.g. "[/FlateDecode /A85]";
                                   xml then holds the encoded bytes */
    const char *decode_parms;   /* its /DecodeParms, e.g. "<< /Predictor 12 /Columns 8 >>" */
    const char *names_raw;      /* the /EmbeddedFiles value instead of the default tree */
    const char *af_raw;         /* the /AF value instead of [5 0 R] */
    const char *const *objs;    /* more objects, numbered 8, 9, ... (their bodies) */
    size_t n_objs;
    const char *xref_stream;    /* a cross-reference stream with these (encoded) bytes and */
    size_t xref_stream_len;     /* xref_filter, instead of the xref table (tests of what qpdf */
    const char *xref_filter;    /* decodes while it opens a file) */
} tst_pdf_spec_t;

/* The PDF bytes (malloc'd), length in *len. Objects: 1 catalog, 2 pages, 3 page, 4 XMP,
 * 5 file spec, 6 embedded file, 7 name-tree kid, then spec->objs. */
char *tst_make_pdf(const tst_pdf_spec_t *s, size_t *len);

#endif
