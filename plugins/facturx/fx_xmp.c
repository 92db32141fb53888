/* XMP metadata of the Factur-X PDF (ISO 19005-3 6.6, Factur-X 1.07 section 2.2.2): the
 * PDF/A identification, the Dublin Core / XMP / PDF properties that mirror the Info
 * dictionary, the Factur-X extension properties, and the pdfaExtension schema that
 * describes them (PDF/A allows only described extension properties). */
#include "fx_pdfa.h"
#include "xml_out.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

#define FX_NS "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"

const char *fx_level(const char *g)
{
    if (!g)
        return "EN 16931";
    if (strstr(g, "xrechnung"))
        return "XRECHNUNG";
    if (strstr(g, ":extended"))
        return "EXTENDED";
    if (strstr(g, ":basicwl"))
        return "BASIC WL";
    if (strstr(g, ":basic"))
        return "BASIC";
    if (strstr(g, ":minimum"))
        return "MINIMUM";
    return "EN 16931";
}

const char *fx_guideline(const char *g)
{
    return g && strstr(g, "urn:ferd:CrossIndustryDocument:invoice:1p0:comfort") ? "urn:cen.eu:en16931:2017" : g;
}

void fx_meta_now(fx_meta *m)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(m->date_pdf, sizeof m->date_pdf, "D:%Y%m%d%H%M%S+00'00'", &tm);
    strftime(m->date_xmp, sizeof m->date_xmp, "%Y-%m-%dT%H:%M:%S+00:00", &tm);
}

static void prop(einv_buf_t *b, const char *name, const char *type, const char *desc)
{
    einv_buf_puts(b, "<rdf:li rdf:parseType=\"Resource\"><pdfaProperty:name>");
    einv_buf_puts(b, name);
    einv_buf_puts(b, "</pdfaProperty:name><pdfaProperty:valueType>");
    einv_buf_puts(b, type);
    einv_buf_puts(b, "</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category>"
                     "<pdfaProperty:description>");
    einv_buf_puts(b, desc);
    einv_buf_puts(b, "</pdfaProperty:description></rdf:li>\n");
}

static void el(einv_buf_t *b, const char *qn, const char *text)
{
    xo_leaf(b, qn, text, NULL, NULL, NULL, NULL);
    einv_buf_puts(b, "\n");
}

int fx_xmp(const fx_meta *m, einv_buf_t *b)
{
    einv_buf_puts(b, "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
                     "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
                     "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
                     "<rdf:Description rdf:about=\"\" xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\">\n"
                     "<pdfaid:part>3</pdfaid:part>\n<pdfaid:conformance>B</pdfaid:conformance>\n"
                     "</rdf:Description>\n"
                     "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n"
                     "<dc:format>application/pdf</dc:format>\n"
                     "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">");
    xo_esc(b, m->title, 0);
    einv_buf_puts(b, "</rdf:li></rdf:Alt></dc:title>\n");
    if (m->author) {
        einv_buf_puts(b, "<dc:creator><rdf:Seq><rdf:li>");
        xo_esc(b, m->author, 0);
        einv_buf_puts(b, "</rdf:li></rdf:Seq></dc:creator>\n");
    }
    einv_buf_puts(b, "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">");
    xo_esc(b, m->subject, 0);
    einv_buf_puts(b, "</rdf:li></rdf:Alt></dc:description>\n</rdf:Description>\n"
                     "<rdf:Description rdf:about=\"\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\">\n");
    el(b, "pdf:Producer", "einvoice");
    einv_buf_puts(b, "</rdf:Description>\n<rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">\n");
    el(b, "xmp:CreatorTool", "einvoice Factur-X exporter");
    el(b, "xmp:CreateDate", m->date_xmp);
    el(b, "xmp:ModifyDate", m->date_xmp);
    el(b, "xmp:MetadataDate", m->date_xmp);
    einv_buf_puts(b, "</rdf:Description>\n<rdf:Description rdf:about=\"\" xmlns:fx=\"" FX_NS "\">\n");
    el(b, "fx:DocumentType", "INVOICE");
    el(b, "fx:DocumentFileName", "factur-x.xml");
    el(b, "fx:Version", "1.0");
    el(b, "fx:ConformanceLevel", m->level);
    einv_buf_puts(b, "</rdf:Description>\n"
                     "<rdf:Description rdf:about=\"\" xmlns:pdfaExtension=\"http://www.aiim.org/pdfa/ns/extension/\""
                     " xmlns:pdfaSchema=\"http://www.aiim.org/pdfa/ns/schema#\""
                     " xmlns:pdfaProperty=\"http://www.aiim.org/pdfa/ns/property#\">\n"
                     "<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType=\"Resource\">\n"
                     "<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>\n"
                     "<pdfaSchema:namespaceURI>" FX_NS "</pdfaSchema:namespaceURI>\n"
                     "<pdfaSchema:prefix>fx</pdfaSchema:prefix>\n"
                     "<pdfaSchema:property><rdf:Seq>\n");
    prop(b, "DocumentFileName", "Text", "The name of the embedded XML document");
    prop(b, "DocumentType", "Text", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER");
    prop(b, "Version", "Text", "The actual version of the standard applying to the embedded XML document");
    prop(b, "ConformanceLevel", "Text", "The conformance level of the embedded XML document");
    einv_buf_puts(b, "</rdf:Seq></pdfaSchema:property>\n</rdf:li></rdf:Bag></pdfaExtension:schemas>\n"
                     "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n");
    /* the padding lets an editor update the packet in place (XMP part 1, 7.3.2) */
    {
        char pad[101];
        int i;
        memset(pad, ' ', 100);
        pad[100] = 0;
        for (i = 0; i < 20; i++) {
            einv_buf_puts(b, pad);
            einv_buf_puts(b, "\n");
        }
    }
    einv_buf_puts(b, "<?xpacket end=\"w\"?>");
    return b->oom ? EINV_ERR_NOMEM : EINV_OK;
}
