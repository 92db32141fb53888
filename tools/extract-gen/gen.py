#!/usr/bin/python3
"""Synthetic invoice generator for training the field extractor (docs/extraction.md).

Every document draws its own layout from many parameters (block positions, label wordings,
table columns and styles, fonts, date and number formats, currencies, unit words, tax
situations, decoy numbers and addresses) so a model trained on them learns what fields look
like, not where one template puts them. Scans: pdftoppm -gray, ImageMagick degradations,
img2pdf. Ground truth in the format of ../shared/extraction (README there).

usage: gen.py --out DIR --n N [--seed S] [--scan-frac 0.3] [--jobs 2] [--extras] [--split train|heldout|erp]

--split erp draws the layout families of other people's invoicing software (gen_erp.py,
gen_erp_fam.py) from a generator of its own; the other splits are unchanged by it.
"""
import argparse, datetime, json, os, random, subprocess, sys, tempfile, zlib
try:
    import reportlab  # noqa: F401
except ImportError:   # a python3 without Debian's python3-reportlab first on PATH (pyenv): use Debian's
    if os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    raise
from concurrent.futures import ProcessPoolExecutor
from decimal import Decimal, ROUND_HALF_UP
from reportlab.lib.pagesizes import A4, letter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
import gen_data as D

TTF = {"DejaVuSans": "dejavu/DejaVuSans", "DejaVuSerif": "dejavu/DejaVuSerif",
       "DejaVuSansCondensed": "dejavu/DejaVuSansCondensed", "LiberationSans": "liberation/LiberationSans-Regular",
       "LiberationSerif": "liberation/LiberationSerif-Regular", "FreeSans": "freefont/FreeSans",
       "FreeSerif": "freefont/FreeSerif", "LiberationMono": "liberation/LiberationMono-Regular"}
BOLD = {"DejaVuSans": "dejavu/DejaVuSans-Bold", "DejaVuSerif": "dejavu/DejaVuSerif-Bold",
        "DejaVuSansCondensed": "dejavu/DejaVuSansCondensed-Bold", "LiberationSans": "liberation/LiberationSans-Bold",
        "LiberationSerif": "liberation/LiberationSerif-Bold", "FreeSans": "freefont/FreeSansBold",
        "FreeSerif": "freefont/FreeSerifBold", "LiberationMono": "liberation/LiberationMono-Bold"}
STD = [("Helvetica", "Helvetica-Bold"), ("Times-Roman", "Times-Bold"), ("Courier", "Courier-Bold")]


def fonts():
    out = list(STD)
    for k, v in TTF.items():
        path = "/usr/share/fonts/truetype/%s.ttf" % v
        bpath = "/usr/share/fonts/truetype/%s.ttf" % BOLD[k]
        if os.path.exists(path) and os.path.exists(bpath):
            pdfmetrics.registerFont(TTFont(k, path))
            pdfmetrics.registerFont(TTFont(k + "-B", bpath))
            out.append((k, k + "-B"))
    return out


def q2(x):
    return Decimal(x).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def make_invoice(r):
    seller_cc = r.choices(list(D.COUNTRIES), weights=[20, 8, 16, 8, 16, 8, 6, 8, 6])[0]
    lang = D.COUNTRIES[seller_cc][0]
    kind = r.random()
    eu = ["DE", "AT", "FR", "BE", "IT", "NL", "ES"]
    if seller_cc == "US":
        buyer_cc = "US" if kind < 0.7 else r.choice(eu + ["GB"])
    elif kind < 0.65:
        buyer_cc = seller_cc
    elif kind < 0.85 and seller_cc in eu:
        buyer_cc = r.choice([c for c in eu if c != seller_cc])
    else:
        buyer_cc = r.choice(["GB", "US"] if seller_cc != "GB" else eu)
    if buyer_cc != seller_cc and lang != "en" and r.random() < 0.35:
        lang = "en"
    seller, buyer = D.company(r, seller_cc), D.company(r, buyer_cc)
    domestic = buyer_cc == seller_cc
    if seller_cc == "US":
        rates = [D.US_TAX[seller["prov"]]] if domestic else ["0.00"]
        situation = "us" if domestic else "export"
    elif domestic:
        std, red = D.COUNTRIES[seller_cc][1], D.COUNTRIES[seller_cc][2]
        rates = [std] + ([r.choice(red)] if r.random() < 0.3 else [])
        situation = "domestic"
    else:
        rates = ["0.00"]
        situation = "reverse" if buyer_cc in eu and seller_cc in eu else "export"
    currency = "USD" if seller_cc == "US" else "GBP" if seller_cc == "GB" and r.random() < 0.8 else \
        r.choice(["EUR", "EUR", "EUR", "USD", "GBP"]) if situation == "export" else "EUR"
    issue = datetime.date(2026, 1, 1) + datetime.timedelta(days=r.randint(0, 340))
    due = None if r.random() < 0.12 else issue + datetime.timedelta(days=r.choice([7, 10, 14, 20, 30, 45, 60]))
    n_lines = r.choice([1, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 12]) if r.random() < 0.88 else r.randint(14, 32)
    lang_items = D.ITEMS[lang]
    lines = []
    for _ in range(n_lines):
        desc, units = r.choice(lang_items)
        if "%d" in desc:
            desc = desc % r.randint(1, 9)
        if r.random() < 0.12:
            suf = r.choice(D.SUFFIXES[lang])
            desc += suf % (r.randint(1, 52) if "%d" in suf and ("week" in suf or "KW" in suf or "semaine" in suf or "settimana" in suf) else r.randint(100000, 999999))
        unit = r.choice(units)
        if unit in ("HUR", "DAY", "MON", "LS", "SET"):
            qty = Decimal(r.choice([1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 24])) if r.random() < 0.8 else Decimal(r.randint(2, 40)) / 2
        elif unit in ("KGM", "MTR", "LTR", "MTK", "KMT"):
            qty = Decimal(r.randint(1, 2000)) / r.choice([1, 10, 100])
        else:
            qty = Decimal(r.choice([1, 2, 3, 5, 10, 12, 20, 25, 50, 100, 150, 500]))
        if unit == "LS":
            qty = Decimal(1)
        price = Decimal(r.randint(50, 250000 if unit in ("LS", "DAY", "MON") else 40000)) / 100
        rate = rates[0] if len(rates) == 1 or r.random() < 0.7 else rates[1]
        lines.append({"description": desc, "quantity": qty, "unit": unit, "price": price,
                      "taxRate": rate, "netAmount": q2(qty * price)})
    by_rate = {}
    for l in lines:
        by_rate[l["taxRate"]] = by_rate.get(l["taxRate"], Decimal(0)) + l["netAmount"]
    breakdown = [{"rate": k, "taxableAmount": v, "taxAmount": q2(v * Decimal(k) / 100)}
                 for k, v in sorted(by_rate.items(), key=lambda kv: -Decimal(kv[0]))]
    net = sum(l["netAmount"] for l in lines)
    tax = sum(b["taxAmount"] for b in breakdown)
    ref = None
    if r.random() < 0.45:
        ref = r.choice(["PO-%d" % r.randint(1000, 99999), "%02d-%04d-%02d" % (r.randint(1, 99), r.randint(0, 9999), r.randint(1, 99)),
                        "KST %d" % r.randint(100, 999), "REF/%d/%d" % (issue.year, r.randint(1, 999)),
                        "%d-%d-%02d" % (r.randint(100, 999), r.randint(10000, 99999), r.randint(1, 99))])
    number = r.choice(["RE-%d-%05d" % (issue.year, r.randint(1, 99999)), "%d%06d" % (issue.year, r.randint(1, 999999)),
                       "F%d" % r.randint(100000, 999999), "INV-%05d" % r.randint(1, 99999),
                       "%d/%d" % (r.randint(1, 999), issue.year), "FT %d/%02d" % (r.randint(1, 999), issue.year % 100),
                       "SI-%d" % r.randint(10000, 99999), "%s%d" % (r.choice(["A", "B", "R"]), r.randint(1000, 99999))])
    truth = {
        "invoiceNumber": number, "issueDate": issue.isoformat(), "dueDate": due.isoformat() if due else None,
        "currency": currency, "buyerReference": ref,
        "supplier": {"name": seller["name"], "vatId": seller["vatId"],
                     "address": {"line1": seller["line1"], "city": seller["city"], "postalCode": seller["postalCode"],
                                 "countryCode": seller_cc}, "iban": seller["iban"]},
        "buyer": {"name": buyer["name"], "vatId": None if buyer_cc == "US" else buyer["vatId"],
                  "address": {"line1": buyer["line1"], "city": buyer["city"], "postalCode": buyer["postalCode"],
                              "countryCode": buyer_cc}},
        "lines": [{"description": l["description"], "quantity": str(l["quantity"].normalize()) if l["quantity"] != l["quantity"].to_integral() else str(int(l["quantity"])),
                   "unit": l["unit"], "price": str(q2(l["price"])), "taxRate": l["taxRate"], "netAmount": str(l["netAmount"])} for l in lines],
        "taxBreakdown": [{"rate": b["rate"], "taxableAmount": str(b["taxableAmount"]), "taxAmount": str(b["taxAmount"])} for b in breakdown],
        "totals": {"lineNetAmount": str(q2(net)), "taxAmount": str(q2(tax)), "taxInclusiveAmount": str(q2(net + tax)),
                   "payableAmount": str(q2(net + tax))},
    }
    if situation != "domestic" and situation != "us" and r.random() < 0.2:
        truth["buyer"]["vatId"] = None   # some exports print no buyer VAT id
    return {"truth": truth, "seller": seller, "buyer": buyer, "lang": lang, "situation": situation,
            "lines": lines, "breakdown": breakdown, "issue": issue, "due": due, "us": seller_cc == "US"}


def scan(pdf, out, r, dpi):
    """Rasterise and degrade like a scanner (README of the public sample)."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), pdf, os.path.join(tmp, "p")], check=True)
        pages = sorted(f for f in os.listdir(tmp) if f.endswith(".pgm"))
        jpgs = []
        for i, p in enumerate(pages):
            src, dst = os.path.join(tmp, p), os.path.join(tmp, "s%03d.jpg" % i)
            blur = r.uniform(0.35, 0.7) * dpi / 200
            cmd = ["convert", src, "-seed", str(zlib.crc32(out.encode()) % 100000 + i), "-background", "white", "-rotate", "%.2f" % (r.choice([-1, 1]) * r.uniform(0.3, 1.5)),
                   "-gravity", "center", "-crop", "%dx%d+0+0" % tuple(_size(src)), "+repage",
                   "+level", "0%%,%d%%" % r.randint(93, 98), "-attenuate", "%.2f" % r.uniform(0.35, 0.85),
                   "+noise", "Gaussian", "-blur", "0x%.2f" % blur, "-colorspace", "Gray",
                   "-density", str(dpi), "-units", "PixelsPerInch", "-quality", str(r.randint(60, 85)), dst]
            subprocess.run(cmd, check=True)
            jpgs.append(dst)
        subprocess.run(["img2pdf", "-o", out] + jpgs, check=True)


def _size(pgm):
    with open(pgm, "rb") as f:
        f.readline()
        line = f.readline()
        while line.startswith(b"#"):
            line = f.readline()
        return [int(x) for x in line.split()]


FONTS = None
# layout families only the held-out split draws: metadata as boxed label|value pairs; the
# figures of a wrapped row on its last line; the totals block on the left; the supplier's
# address only in a remit-to block after the notes (letterhead with the name only, no footer)
HELDOUT_FAMILIES = ["metabox", "bottom", "totleft", "remit"]


def one(args):
    i, out, seed, scan_frac, extras, split = args
    if split == "erp":   # other people's layouts, content and layout from their own generator
        import gen_erp
        return gen_erp.one(i, out, seed, scan_frac, scan)
    global FONTS
    if FONTS is None:
        FONTS = fonts()
    import gen_render
    r = random.Random(seed * 1000003 + i)
    inv = make_invoice(r)
    if extras:   # layout variants added later, from their own generator (older corpora unchanged)
        inv["rx"] = random.Random(seed * 7919 + i)
    if split:    # label wordings and layout families of the split, from a third generator
        rs = random.Random(seed * 104729 + i)
        inv["rs"], inv["split"] = rs, split
        if split == "heldout":   # families the training split never draws, at least one a document
            fams = [f for f in HELDOUT_FAMILIES if rs.random() < 0.4] or [rs.choice(HELDOUT_FAMILIES)]
            inv["families"] = set(fams)
    ident = "g%05d" % i
    pdf = os.path.join(out, ident + ".pdf")
    pages = gen_render.render(inv, pdf, FONTS, r)
    kind, dpi = "text", None
    if r.random() < scan_frac:
        kind, dpi = "scan", r.choice([200, 300])
        tmp = pdf + ".text.pdf"
        os.rename(pdf, tmp)
        scan(tmp, pdf, r, dpi)
        os.remove(tmp)
    with open(os.path.join(out, ident + ".json"), "w", encoding="utf-8") as f:
        json.dump(inv["truth"], f, ensure_ascii=False, indent=1)
    layout = "+".join(sorted(inv.get("families", ()))) or "synthetic"
    return {"id": ident, "pdf": ident + ".pdf", "truth": ident + ".json", "layout": layout,
            "language": inv["lang"], "kind": kind, "dpi": dpi, "pages": pages}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--scan-frac", type=float, default=0.3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--extras", action="store_true", help="the later layout variants (inline metadata lines)")
    ap.add_argument("--split", choices=["train", "heldout", "erp"], default=None,
                    help="train: more label wordings, no held-out family; heldout: the held-out wordings and "
                         "layout families (gen_data.LABELS_HELDOUT, HELDOUT_FAMILIES); also fixes the older "
                         "corpora's flaws (column widths from their content, the supplier's address always printed); "
                         "erp: the look of other people's invoicing software (gen_erp.py: Odoo, Dolibarr, ERPNext, "
                         "SAP-style DIN 5008 prints, Stripe, ...), with notCounted for fields the page does not print")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    work = [(i, a.out, a.seed, a.scan_frac, a.extras, a.split) for i in range(a.start, a.start + a.n)]
    with ProcessPoolExecutor(max_workers=a.jobs) as ex:
        docs = list(ex.map(one, work))
    with open(os.path.join(a.out, "index.jsonl"), "a", encoding="utf-8") as f:
        for d in docs:
            f.write(json.dumps(d) + "\n")


if __name__ == "__main__":
    main()
