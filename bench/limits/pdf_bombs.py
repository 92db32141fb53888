#!/usr/bin/env python3
"""Writes the PDF stream bombs of issue 9 item 1 (bench/limits/pdf_bombs.sh runs them).

A Factur-X PDF whose factur-x.xml stream is [/FlateDecode /FlateDecode]: the inner zlib
stream decodes to N GiB of zeros, the outer one to the inner stream. The inner stream is
made without compressing N GiB: after a full flush deflate restarts, so the block that
encodes 1 MiB of zeros repeats byte for byte; the Adler-32 of n zeros is 1 + (n mod 65521)
<< 16. usage: pdf_bombs.py GIB OUT.pdf [xref]   (xref: the bomb is the cross-reference
stream, which qpdf decodes itself while it opens the file)."""
import os, sys, zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from facturx_pack import xmp  # noqa: E402  the same XMP as the PDF-path tools

MIB = 1 << 20


def zero_stream(n_mib):
    c = zlib.compressobj(9)
    first = c.compress(b"\0" * MIB) + c.flush(zlib.Z_FULL_FLUSH)
    block = c.compress(b"\0" * MIB) + c.flush(zlib.Z_FULL_FLUSH)
    assert first[2:] == block, "deflate did not restart after the full flush"
    tail = c.flush(zlib.Z_FINISH)[:-4]
    n = n_mib * MIB
    adler = ((n % 65521) << 16) | 1
    return first[:2] + block * n_mib + tail + adler.to_bytes(4, "big")


def bomb(gib):
    inner = zero_stream(gib * 1024)
    return zlib.compress(inner, 9), len(inner)


def pdf(data, xref_bomb):
    meta = xmp("factur-x.xml", "EN 16931")
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R /Metadata 4 0 R /AF [5 0 R] "
        b"/Names << /EmbeddedFiles << /Names [(factur-x.xml) 5 0 R] >> >> >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
        b"<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n" % len(meta) + meta + b"\nendstream",
        b"<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /AFRelationship /Data /EF << /F 6 0 R >> >>",
    ]
    emb = b"<?xml version=\"1.0\"?><x/>" if xref_bomb else data
    filt = b"" if xref_bomb else b" /Filter [/FlateDecode /FlateDecode]"
    objs.append(b"<< /Type /EmbeddedFile /Subtype /text#2Fxml%s /Length %d >>\nstream\n" % (filt, len(emb))
                + emb + b"\nendstream")
    out, offs = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), []
    for num, body in enumerate(objs, 1):
        offs, out = offs + [len(out)], out + b"%d 0 obj\n%s\nendobj\n" % (num, body)
    start = len(out)
    if xref_bomb:
        out += (b"7 0 obj\n<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Filter [/FlateDecode /FlateDecode] "
                b"/Length %d >>\nstream\n" % len(data)) + data + b"\nendstream\nendobj\n"
    else:
        out += b"xref\n0 7\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offs)
        out += b"trailer\n<< /Size 7 /Root 1 0 R >>\n"
    out += b"startxref\n%d\n%%%%EOF\n" % start
    return bytes(out)


if __name__ == "__main__":
    gib, path = int(sys.argv[1]), sys.argv[2]
    data, inner = bomb(gib)
    with open(path, "wb") as f:
        f.write(pdf(data, len(sys.argv) > 3 and sys.argv[3] == "xref"))
    print("%s: %d GiB of zeros, inner stream %d bytes, outer %d bytes" % (path, gib, inner, len(data)))
