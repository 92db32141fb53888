# invoice-text-embedded.pdf: a text PDF whose fonts are all embedded (its hybrid keeps the
# pages as they are): gen.py's document 0 of seed 4242 with the page's initial font
# (reportlab's default Helvetica, never embedded) set to DejaVuSans.
#   /usr/bin/python3 make-embedded.py tools/extract-gen OUTDIR 4242 1  -> OUTDIR/g00000.pdf
import os, sys
sys.path.insert(0, sys.argv[1])
from reportlab.pdfgen import canvas
orig = canvas.Canvas.__init__
def init(self, *a, **k):
    k.setdefault("initialFontName", "DejaVuSans")
    orig(self, *a, **k)
canvas.Canvas.__init__ = init
import gen
for i in range(int(sys.argv[4])):
    gen.one((i, sys.argv[2], int(sys.argv[3]), 0, False))
