#!/usr/bin/env python3
"""Writes the PDF stream bombs of issue 9 item 1 (bench/limits/pdf_bombs.sh runs them).

A Factur-X PDF whose factur-x.xml stream is [/FlateDecode /FlateDecode]: the inner zlib
stream decodes to N GiB of zeros, the outer one to the inner stream. The inner stream is
made without compressing N GiB: after a full flush deflate restarts, so the block that
encodes 1 MiB of zeros repeats byte for byte; the Adler-32 of n zeros is 1 + (n mod 65521)
<< 16. usage: pdf_bombs.py GIB OUT.pdf [xref|many=N]   (xref: the bomb is the cross-reference
stream, which qpdf decodes itself while it opens the file; many=N: N object streams, each
the bomb, holding the file specifications of N name-tree entries)."""
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


def many(data, n):
    """n name-tree entries, each file specification in an object stream of its own that is
    the bomb: the walk over the tree makes qpdf decode one after the other."""
    meta = xmp("factur-x.xml", "EN 16931")
    first, size = 10, 10 + 2 * n + 1
    keys = b" ".join(b"(a%05d) %d 0 R" % (i, first + i) for i in range(n))
    objs = {1: b"<< /Type /Catalog /Pages 2 0 R /Metadata 4 0 R /Names << /EmbeddedFiles << /Names [%s] >> >> >>" % keys,
            2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
            4: b"<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n" % len(meta) + meta + b"\nendstream"}
    for i in range(n):
        objs[first + n + i] = (b"<< /Type /ObjStm /N 1 /First 8 /Filter [/FlateDecode /FlateDecode] /Length %d >>"
                               b"\nstream\n" % len(data) + data + b"\nendstream")
    out, offs = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), {}
    for num in sorted(objs):
        offs[num], out = len(out), out + b"%d 0 obj\n%s\nendobj\n" % (num, objs[num])
    offs[size - 1] = len(out)
    rows = []
    for num in range(size):
        if num in offs:
            rows.append(b"\x01" + offs[num].to_bytes(4, "big") + b"\x00\x00")
        elif first <= num < first + n:
            rows.append(b"\x02" + (num + n).to_bytes(4, "big") + b"\x00\x00")
        else:
            rows.append(b"\x00" * 5 + b"\xff\xff")
    table = b"".join(rows)
    out += (b"%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Root 1 0 R /Length %d >>\nstream\n"
            % (size - 1, size, len(table)) + table + b"\nendstream\nendobj\n")
    out += b"startxref\n%d\n%%%%EOF\n" % offs[size - 1]
    return bytes(out)


if __name__ == "__main__":
    gib, path = int(sys.argv[1]), sys.argv[2]
    mode = sys.argv[3] if len(sys.argv) > 3 else ""
    data, inner = bomb(gib)
    with open(path, "wb") as f:
        f.write(many(data, int(mode[5:])) if mode.startswith("many=") else pdf(data, mode == "xref"))
    print("%s: %d GiB of zeros, inner stream %d bytes, outer %d bytes" % (path, gib, inner, len(data)))
