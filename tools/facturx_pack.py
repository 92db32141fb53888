#!/usr/bin/env python3
"""Pack an invoice XML into a minimal Factur-X/ZUGFeRD hybrid PDF (PDF/A-3 style container).

usage: facturx_pack.py INVOICE.xml OUT.pdf [--name factur-x.xml] [--level auto|MINIMUM|...]

Writes one page, the XML as an embedded file stream (FlateDecode) referenced from the
catalog's /AF array and the /Names /EmbeddedFiles tree with /AFRelationship /Data, and XMP
metadata claiming PDF/A-3 (pdfaid:part 3) with the Factur-X extension schema whose
ConformanceLevel is read from the XML's guideline id. Standard library only; for tests and
benchmarks of the PDF path (it does not make a PDF/A-conformant file)."""
import re
import sys
import zlib

LEVELS = [("extended", "EXTENDED"), ("xrechnung", "XRECHNUNG"), ("en16931", "EN 16931"),
          ("basicwl", "BASIC WL"), ("basic", "BASIC"), ("minimum", "MINIMUM")]


def level_of(xml):
    m = re.search(rb"<(?:\w+:)?GuidelineSpecifiedDocumentContextParameter>\s*<(?:\w+:)?ID>([^<]*)<", xml)
    gid = m.group(1).decode("utf-8", "replace").lower() if m else ""
    for key, level in LEVELS:
        if key in gid.replace(" ", ""):
            return level
    return "EN 16931"


def xmp(name, level):
    return ("""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>%s</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>%s</fx:ConformanceLevel></rdf:Description>
</rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>""" % (name, level)).encode("utf-8")


def pdf(xml, name, level):
    objs = []

    def add(body):
        objs.append(body)
        return len(objs)

    packed = zlib.compress(xml)
    ef = add(b"<< /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode /Length %d /Params << /Size %d >> >>\nstream\n"
             % (len(packed), len(xml)) + packed + b"\nendstream")
    spec = add(("<< /Type /Filespec /F (%s) /UF (%s) /AFRelationship /Data /Desc (Invoice) /EF << /F %d 0 R /UF %d 0 R >> >>"
                % (name, name, ef, ef)).encode())
    meta_bytes = xmp(name, level)
    meta = add(b"<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n" % len(meta_bytes) + meta_bytes + b"\nendstream")
    content = b"BT /F1 12 Tf 72 720 Td (Invoice - see the embedded XML) Tj ET"
    cont = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    pages_num = len(objs) + 2
    page = add(("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] /Contents %d 0 R /Resources << /Font << /F1 %d 0 R >> >> >>"
                % (pages_num, cont, font)).encode())
    pages = add(("<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % page).encode())
    assert pages == pages_num
    catalog = add(("<< /Type /Catalog /Pages %d 0 R /Metadata %d 0 R /AF [%d 0 R] /Names << /EmbeddedFiles << /Names [(%s) %d 0 R] >> >> >>"
                   % (pages, meta, spec, name, spec)).encode())
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, catalog, xref)
    return bytes(out)


def main():
    args = sys.argv[1:]
    name, level = "factur-x.xml", "auto"
    if "--name" in args:
        i = args.index("--name"); name = args[i + 1]; del args[i:i + 2]
    if "--level" in args:
        i = args.index("--level"); level = args[i + 1]; del args[i:i + 2]
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    xml = open(args[0], "rb").read()
    if level == "auto":
        level = level_of(xml)
    open(args[1], "wb").write(pdf(xml, name, level))
    return 0


if __name__ == "__main__":
    sys.exit(main())
