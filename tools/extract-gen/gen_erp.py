"""`gen.py --split erp`: invoices in the look of other people's invoicing software.

Each document is drawn by one of the layout families of gen_erp_fam.py, every one a
reimplementation (from memory of how they print, no code or file of theirs) of a widely used
open-source or well-known invoice template: Odoo, Dolibarr, ERPNext, Invoice Ninja, Crater,
InvoicePlane, Akaunting, Kimai, SAP-style DIN 5008 prints, Lexware/sevDesk/DATEV-like prints,
French and Italian prints, Stripe, Xero and Zoho invoices, report-engine output (Jasper,
Crystal, BIRT), LaTeX letter classes and Word templates. Content (gen_erp_data.py) and
layout are drawn from their own seeded generator (random.Random("erp:SEED:I")), so the other
splits are untouched.

ERP_FAMILY=name[,name] in the environment draws only those families (to look at them).

The truth follows ../shared/extraction/README.md; fields the page does not print are null
and listed in the document's `notCounted` (index.jsonl), as the real sets do. Every text PDF
is checked (pdftotext has the invoice number and the payable amount as printed, and every
counted amount); a document that fails is drawn again with new content.
"""
import datetime, os, random, re, subprocess
from decimal import Decimal, ROUND_HALF_UP
from reportlab.lib.pagesizes import A4, letter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas
import gen_data as D
import gen_erp_data as E

CENT = Decimal("0.01")


def q2(x):
    return Decimal(x).quantize(CENT, rounding=ROUND_HALF_UP)


# ------------------------------------------------------------------------------------------------ fonts

TTF_DIR = "/usr/share/fonts/truetype/"
TTF = {   # name: (kind, regular, bold, italic)
    "DejaVuSans": ("sans", "dejavu/DejaVuSans", "dejavu/DejaVuSans-Bold", "dejavu/DejaVuSans-Oblique"),
    "DejaVuSansCondensed": ("cond", "dejavu/DejaVuSansCondensed", "dejavu/DejaVuSansCondensed-Bold", "dejavu/DejaVuSansCondensed-Oblique"),
    "DejaVuSerif": ("serif", "dejavu/DejaVuSerif", "dejavu/DejaVuSerif-Bold", "dejavu/DejaVuSerif-Italic"),
    "DejaVuSerifCondensed": ("serif", "dejavu/DejaVuSerifCondensed", "dejavu/DejaVuSerifCondensed-Bold", "dejavu/DejaVuSerifCondensed-Italic"),
    "DejaVuSansMono": ("mono", "dejavu/DejaVuSansMono", "dejavu/DejaVuSansMono-Bold", "dejavu/DejaVuSansMono-Oblique"),
    "LiberationSans": ("sans", "liberation/LiberationSans-Regular", "liberation/LiberationSans-Bold", "liberation/LiberationSans-Italic"),
    "LiberationSansNarrow": ("cond", "liberation/LiberationSansNarrow-Regular", "liberation/LiberationSansNarrow-Bold", "liberation/LiberationSansNarrow-Italic"),
    "LiberationSerif": ("serif", "liberation/LiberationSerif-Regular", "liberation/LiberationSerif-Bold", "liberation/LiberationSerif-Italic"),
    "LiberationMono": ("mono", "liberation/LiberationMono-Regular", "liberation/LiberationMono-Bold", "liberation/LiberationMono-Italic"),
    "FreeSans": ("sans", "freefont/FreeSans", "freefont/FreeSansBold", "freefont/FreeSansOblique"),
    "FreeSerif": ("serif", "freefont/FreeSerif", "freefont/FreeSerifBold", "freefont/FreeSerifItalic"),
    "FreeMono": ("mono", "freefont/FreeMono", "freefont/FreeMonoBold", "freefont/FreeMonoOblique"),
}
STD14 = {"Helvetica": ("sans", "Helvetica", "Helvetica-Bold", "Helvetica-Oblique"),
         "Times": ("serif", "Times-Roman", "Times-Bold", "Times-Italic"),
         "Courier": ("mono", "Courier", "Courier-Bold", "Courier-Oblique")}
_FONTS = None


def fonts():
    """{kind: [(regular, bold, italic), ...]} with the TrueType fonts registered as x<Name>."""
    global _FONTS
    if _FONTS is None:
        out = {}
        for name, (kind, a, b, c) in STD14.items():
            out.setdefault(kind, []).append((a, b, c))
        for name, (kind, a, b, c) in TTF.items():
            paths = [TTF_DIR + p + ".ttf" for p in (a, b, c)]
            if all(os.path.exists(p) for p in paths):
                names = ("x" + name, "x" + name + "-B", "x" + name + "-I")
                for n, p in zip(names, paths):
                    pdfmetrics.registerFont(TTFont(n, p))
                out.setdefault(kind, []).append(names)
        _FONTS = out
    return _FONTS


def is_std(font):
    return not font.startswith("x")


# ------------------------------------------------------------------------------------------------ formats

CUR_SYM = {"EUR": "€", "GBP": "£", "USD": "$", "CHF": "CHF", "SEK": "kr"}


NEG = {"paren": "(%s)", "minus": "-%s", "trailing": "%s-", "dminus": "- %s", "uminus": "\u2212%s"}


class Money:
    """The document's number and currency convention."""
    def __init__(self, r, lang, cur, seller_cc):
        if lang == "en":
            g, d = ",", "."
            if seller_cc in ("NL", "ES", "DE", "AT", "FR", "IT", "BE") and r.random() < 0.2:
                g, d = ".", ","
        elif lang == "fr":
            g, d = r.choice([" ", "\u00a0", "\u202f", " ", "."]), ","
        else:
            g, d = r.choice([".", ".", ".", ""]), ","
        if cur == "CHF" and lang == "de" and r.random() < 0.5:
            g, d = r.choice(["'", "\u2019"]), "."
        if cur == "SEK" and r.random() < 0.5:
            g, d = " ", ","
        self.g, self.d, self.cur = g, d, cur
        self.sym = CUR_SYM[cur]
        if cur == "USD" and seller_cc != "US" and r.random() < 0.4:
            self.sym = "US$"
        if cur == "CHF" and r.random() < 0.2:
            self.sym = "Fr."
        before = lang == "en" and cur in ("EUR", "GBP", "USD")
        self.pos = "before" if before else "after"
        if cur in ("CHF", "SEK") and r.random() < 0.5:
            self.pos = "code_before"
        elif r.random() < 0.2:
            self.pos = r.choice(["code_before", "code_after"])
        self.space = self.pos != "before" or cur not in ("GBP", "USD") and r.random() < 0.5
        self.neg = "paren" if lang == "en" and r.random() < 0.2 else r.choice(["minus", "minus", "dminus"])
        self.cur_after_code = r.random() < 0.5
        self.drop_int = None      # "plain" ("1.200"), "dash" ("1.200,–") for integral amounts
        self.qty_style = r.choice(["plain", "plain", "dec2", "dec3"]) if lang == "de" else r.choice(["plain", "plain", "dec2"])

    def num(self, v, decimals=2, group=True):
        v = Decimal(v)
        neg = v < 0
        v = abs(v)
        q = v.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP) if decimals else v.quantize(Decimal(1))
        s = ("{:,.%df}" % decimals).format(q)
        ip, _, fp = s.partition(".")
        ip = ip.replace(",", self.g if group else "")
        out = ip + (self.d + fp if decimals else "")
        return ("-" if neg else "") + out

    def plain(self, v, drop=None):
        v = Decimal(v)
        drop = self.drop_int if drop is None else drop
        if drop and v == v.to_integral():
            s = self.num(v, 0)
            return s + self.d + "\u2013" if drop == "dash" else s
        return self.num(v)

    def wrap(self, s, cur):
        """s with the currency: cur None (as is), "sym" (the document's sign or code), "code" (the ISO code)"""
        if not cur:
            return s
        code = cur == "code" or self.pos.startswith("code")
        sign = self.cur if code else self.sym
        before = self.pos in ("code_before", "before") and not (cur == "code" and self.pos == "before" and self.cur_after_code)
        if before:
            return sign + (" " if code or self.space or len(sign) > 1 else "") + s
        return s + " " + sign

    def amount(self, v, cur=None, drop=None):
        return self.wrap(self.plain(v, drop), cur)

    def qty(self, q):
        q = Decimal(q)
        if self.qty_style == "dec2":
            return self.num(q, 2)
        if self.qty_style == "dec3":
            return self.num(q, 3)
        if q == q.to_integral():
            return self.num(q, 0)
        s = format(q.normalize(), "f")
        ip, _, fp = s.partition(".")
        return self.num(Decimal(ip), 0) + self.d + fp

    def rate(self, rate, style="int", sym="%"):
        v = Decimal(rate)
        if style == "dec2":
            s = self.num(v, 2, group=False)
        elif style == "dec1":
            s = self.num(v, 1, group=False)
        else:
            s = format(v.normalize(), "f") if v != v.to_integral() else str(int(v))
            s = s.replace(".", self.d)
        return s + sym


# ------------------------------------------------------------------------------------------------ page

class Pg:
    """A canvas with y measured from the top, a font triple and the document's size."""
    def __init__(self, path, pagesize, font, size):
        self.c = canvas.Canvas(path, pagesize=pagesize, invariant=1, pageCompression=1)
        self.W, self.H = pagesize
        self.font, self.size = font, size
        self.page = 1

    def fname(self, style, font=None):
        f = font or self.font
        return {"r": f[0], "b": f[1], "i": f[2]}[style]

    def safe(self, s, fn):
        if is_std(fn):
            s = s.replace("\u202f", "\u00a0").replace("\u2212", "-").replace("\u2192", "->").replace("\u2713", "x")
            s = s.replace("\u2502", "|")
        return s

    def text(self, x, y, s, size=None, style="r", align="l", color=None, font=None, cs=0):
        if s is None or s == "":
            return
        fn = self.fname(style, font)
        size = size or self.size
        s = self.safe(str(s), fn)
        if color:
            self.c.setFillColorRGB(*color)
        if cs:
            t = self.c.beginText()
            t.setFont(fn, size)
            t.setCharSpace(cs)
            w = stringWidth(s, fn, size) + cs * (len(s) - 1)
            x0 = x - w if align == "r" else x - w / 2 if align == "c" else x
            t.setTextOrigin(x0, self.H - y)
            t.textOut(s)
            self.c.drawText(t)
        else:
            self.c.setFont(fn, size)
            if align == "r":
                self.c.drawRightString(x, self.H - y, s)
            elif align == "c":
                self.c.drawCentredString(x, self.H - y, s)
            else:
                self.c.drawString(x, self.H - y, s)
        if color:
            self.c.setFillColorRGB(0, 0, 0)

    def width(self, s, size=None, style="r", font=None):
        fn = self.fname(style, font)
        return stringWidth(self.safe(str(s), fn), fn, size or self.size)

    def wrap(self, s, width, size=None, style="r", font=None):
        words, lines, cur = str(s).split(" "), [], ""
        for w in words:
            t = (cur + " " + w) if cur else w
            if cur and self.width(t, size, style, font) > width:
                lines.append(cur)
                cur = w
            else:
                cur = t
        return lines + ([cur] if cur else [])

    def line(self, x0, y0, x1, y1, w=0.5, color=None, dash=None):
        self.c.setLineWidth(w)
        if color:
            self.c.setStrokeColorRGB(*color)
        if dash:
            self.c.setDash(*dash)
        self.c.line(x0, self.H - y0, x1, self.H - y1)
        if dash:
            self.c.setDash()
        if color:
            self.c.setStrokeColorRGB(0, 0, 0)

    def hline(self, x0, x1, y, w=0.5, color=None, dash=None):
        self.line(x0, y, x1, y, w, color, dash)

    def rect(self, x, y, w, h, fill=None, stroke=True, lw=0.5, color=None, radius=0):
        if fill:
            self.c.setFillColorRGB(*fill)
        if color:
            self.c.setStrokeColorRGB(*color)
        self.c.setLineWidth(lw)
        if radius:
            self.c.roundRect(x, self.H - y - h, w, h, radius, fill=1 if fill else 0, stroke=1 if stroke else 0)
        else:
            self.c.rect(x, self.H - y - h, w, h, fill=1 if fill else 0, stroke=1 if stroke else 0)
        self.c.setFillColorRGB(0, 0, 0)
        self.c.setStrokeColorRGB(0, 0, 0)

    def logo(self, r, x, y, w, h, color, text=None, size=None):
        """A vector logo (shapes in the brand colour, optionally the brand word beside it)."""
        kind = r.choice(["circle", "squares", "tri", "ring", "bar", "diamond"])
        c = self.c
        c.setFillColorRGB(*color)
        c.setStrokeColorRGB(*color)
        s = min(w, h)
        cx, cy = x + s / 2, self.H - y - s / 2
        if kind == "circle":
            c.circle(cx, cy, s / 2, fill=1, stroke=0)
        elif kind == "ring":
            c.setLineWidth(s / 8)
            c.circle(cx, cy, s / 2.6, fill=0, stroke=1)
        elif kind == "squares":
            q = s / 2.2
            c.rect(x, self.H - y - q, q, q, fill=1, stroke=0)
            c.rect(x + s - q, self.H - y - s, q, q, fill=1, stroke=0)
            c.setFillColorRGB(*[min(1, v + 0.35) for v in color])
            c.rect(x + s - q, self.H - y - q, q, q, fill=1, stroke=0)
        elif kind == "tri":
            p = c.beginPath()
            p.moveTo(x, self.H - y - s)
            p.lineTo(x + s, self.H - y - s)
            p.lineTo(x + s / 2, self.H - y)
            p.close()
            c.drawPath(p, fill=1, stroke=0)
        elif kind == "diamond":
            p = c.beginPath()
            p.moveTo(cx, self.H - y)
            p.lineTo(x + s, cy)
            p.lineTo(cx, self.H - y - s)
            p.lineTo(x, cy)
            p.close()
            c.drawPath(p, fill=1, stroke=0)
        else:
            for k in range(4):
                c.rect(x + k * s / 4, self.H - y - s * (0.4 + 0.15 * k), s / 5, s * (0.4 + 0.15 * k), fill=1, stroke=0)
        c.setFillColorRGB(0, 0, 0)
        c.setStrokeColorRGB(0, 0, 0)
        if text:
            self.text(x + s + 5, y + s / 2 + (size or s / 2.5) / 3, text, size or s / 2.5, "b", color=color)

    def qr(self, r, x, y, s):
        """A matrix of squares (GiroCode / QR-bill look, no payload)."""
        n = 25
        m = s / n
        c = self.c
        for i in range(n):
            for j in range(n):
                fin = (i < 7 and j < 7) or (i < 7 and j >= n - 7) or (i >= n - 7 and j < 7)
                if fin:
                    ii, jj = i % (n - 7) if i >= n - 7 else i, j % (n - 7) if j >= n - 7 else j
                    on = ii in (0, 6) or jj in (0, 6) or (2 <= ii <= 4 and 2 <= jj <= 4)
                else:
                    on = r.random() < 0.5
                if on:
                    c.rect(x + j * m, self.H - y - (i + 1) * m, m, m, fill=1, stroke=0)

    def show(self):
        self.c.showPage()
        self.page += 1


# ------------------------------------------------------------------------------------------------ content

SELLER_W = {"DE": 20, "AT": 8, "FR": 16, "BE": 8, "IT": 14, "NL": 8, "ES": 6, "GB": 10, "US": 8}


def make_content(r, fam, fspec):
    """Everything the document says, before any layout decision."""
    ccs = fspec["sellers"]
    cc = r.choices(ccs, weights=[SELLER_W[c] for c in ccs])[0]
    lang = D.COUNTRIES[cc][0]
    eu = ["DE", "AT", "FR", "BE", "IT", "NL", "ES"]
    k = r.random()
    if cc == "US":
        bcc = "US" if k < 0.75 else r.choice(["GB", "DE", "FR", "CH"])
    elif k < 0.66:
        bcc = cc
    elif k < 0.86 and cc in eu:
        bcc = r.choice([c for c in eu if c != cc] + ["SE"])
    else:
        bcc = r.choice(["GB", "US", "CH"] if cc != "GB" else eu + ["US", "CH"])
    if bcc != cc and lang != "en" and "en" in fspec["langs"] and r.random() < 0.4:
        lang = "en"
    if lang not in fspec["langs"]:
        lang = fspec["langs"][0] if lang != "en" or "en" not in fspec["langs"] else "en"
    seller = E.company(r, cc, lang)
    buyer = E.company(r, bcc, lang)
    domestic = bcc == cc
    small = False
    if cc == "US":
        rates = [D.US_TAX[seller["prov"]]] if domestic else ["0.00"]
        situation = "us" if domestic else "export"
    elif domestic:
        std, red = D.COUNTRIES[cc][1], D.COUNTRIES[cc][2]
        rates = [std] + ([r.choice(red)] if r.random() < 0.25 else [])
        situation = "domestic"
        if fspec.get("small") and cc in ("DE", "AT", "FR") and r.random() < fspec["small"]:
            rates, situation, small = ["0.00"], "small", True
    else:
        rates = ["0.00"]
        situation = "reverse" if bcc in eu + ["SE"] and cc in eu else "export"
    if cc == "US":
        currency = "USD"
    elif cc == "GB":
        currency = "GBP" if r.random() < 0.85 else "EUR"
    elif bcc == "CH" and r.random() < 0.7:
        currency = "CHF"
    elif bcc == "SE" and r.random() < 0.7:
        currency = "SEK"
    elif bcc in ("GB", "US") and r.random() < 0.4:
        currency = "GBP" if bcc == "GB" else "USD"
    else:
        currency = "EUR"
    issue = datetime.date(2026, 1, 1) + datetime.timedelta(days=r.randint(0, 340))
    credit = r.random() < fspec.get("credit", 0.08)
    terms = None if r.random() < 0.12 else r.choice([7, 8, 10, 14, 14, 21, 30, 30, 30, 45, 60])
    due = issue + datetime.timedelta(days=terms) if terms else None
    # items
    k = r.random()
    n = r.choice([1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 12]) if k < 0.76 else r.randint(13, fspec.get("max_lines", 38)) if k < 0.95 else r.randint(40, 66)
    items = E.ITEMS[lang] if fspec.get("items") is None else fspec["items"](r, lang)
    lines = []
    disc_doc = r.random() < fspec.get("disc", 0.15)
    per100_doc = r.random() < fspec.get("per100", 0.0)
    for i in range(n):
        text, units, (lo, hi) = r.choice(items)
        unit = r.choice(units)
        if unit in ("HUR", "DAY", "MON", "WEE", "ANN"):
            qty = Decimal(r.choice([1, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 40])) if r.random() < 0.75 else Decimal(r.randint(1, 80)) / 4
        elif unit in ("KGM", "MTR", "LTR", "MTK", "KMT", "TNE", "MTQ", "KWH"):
            qty = Decimal(r.randint(1, 3000)) / r.choice([1, 1, 10, 100])
        elif unit == "LS":
            qty = Decimal(1)
        else:
            qty = Decimal(r.choice([1, 2, 3, 4, 5, 6, 10, 12, 20, 24, 25, 50, 100, 200, 250, 500, 1000]))
        if qty == 0:
            qty = Decimal(1)
        if unit in ("KGM", "MTR", "LTR", "MTK", "KMT", "KWH") and hi > 4000:   # per-metre, per-kilo prices stay small
            lo, hi = min(lo, 300), 4000
        price = Decimal(r.randint(lo, hi)) / 100
        line = {"text": text, "unit": unit, "qty": qty, "price": price, "disc": None, "per100": None,
                "rate": rates[0] if len(rates) == 1 or r.random() < 0.65 else rates[1]}
        if per100_doc and unit in ("H87", "C62") and price < 5 and r.random() < 0.7:
            p100 = Decimal(r.randint(40, 2500)) / 100          # price for 100 pieces
            line["per100"] = p100
            line["qty"] = Decimal(r.choice([100, 200, 250, 500, 1000, 1500, 2000, 5000]))
            line["price"] = p100 / 100
            line["net"] = q2(line["qty"] * p100 / 100)
        elif disc_doc and r.random() < 0.5:
            d = r.choice([2, 3, 5, 5, 10, 10, 15, 20, 25, 30])
            step = 100 // __import__("math").gcd(d, 100)            # gross cents with an exact net price
            g = Decimal(max(step, (r.randint(lo, hi) + step - 1) // step * step)) / 100
            line["gross"], line["disc"] = g, d
            line["price"] = g * (100 - d) / 100
            line["net"] = q2(line["qty"] * line["price"])
        else:
            line["net"] = q2(qty * price)
        if line["net"] <= 0:
            line["qty"], line["price"], line["per100"], line["disc"] = Decimal(1), Decimal("9.90"), None, None
            line["net"] = Decimal("9.90")
        lines.append(line)
    if len(set(l["rate"] for l in lines)) < len(rates):
        rates = sorted(set(l["rate"] for l in lines), key=lambda x: -Decimal(x))
    line_net = sum(l["net"] for l in lines)
    single = len(rates) == 1
    allowance = charge = None
    if single and r.random() < fspec.get("allow", 0.12):
        pct = r.choice([2, 3, 5, 10])
        allowance = {"pct": pct, "amount": q2(line_net * pct / 100)}
        if allowance["amount"] <= 0:
            allowance = None
    if single and r.random() < fspec.get("charge", 0.12):
        charge = {"amount": Decimal(r.choice([490, 590, 690, 990, 1250, 1490, 1990, 2500, 3900, 4900])) / 100}
    by_rate = {}
    for l in lines:
        by_rate[l["rate"]] = by_rate.get(l["rate"], Decimal(0)) + l["net"]
    if single:
        rt = rates[0]
        by_rate[rt] += (charge["amount"] if charge else 0) - (allowance["amount"] if allowance else 0)
    breakdown = [{"rate": k, "taxable": v, "tax": q2(v * Decimal(k) / 100)} for k, v in sorted(by_rate.items(), key=lambda kv: -Decimal(kv[0]))]
    taxable = sum(b["taxable"] for b in breakdown)
    tax = sum(b["tax"] for b in breakdown)
    incl = taxable + tax
    prepaid = None
    if not credit and r.random() < fspec.get("prepaid", 0.1) and incl > 50:
        prepaid = q2(incl * Decimal(r.choice([20, 25, 30, 40, 50])) / 100)
        if r.random() < 0.5:
            prepaid = Decimal(int(prepaid / 50) * 50 or 50)
        if prepaid >= incl:
            prepaid = None
    payable = incl - (prepaid or 0)
    rounding = None
    if currency == "CHF" and r.random() < 0.8:
        rp = (payable * 20).quantize(Decimal(1), rounding=ROUND_HALF_UP) / 20
        if rp != payable:
            rounding = q2(rp - payable)
    elif fspec.get("round_int") and r.random() < fspec["round_int"]:
        rp = payable.quantize(Decimal(1), rounding=ROUND_HALF_UP)
        if rp != payable:
            rounding = q2(rp - payable)
    if rounding:
        payable += rounding
    ref = E.buyer_ref(r, lang) if r.random() < fspec.get("ref", 0.45) else None
    contact_f, contact_l = E.person(r, "de" if lang == "de" else lang)
    b_before, b_after = E.extra_lines(r, buyer, lang, "buyer")
    c = {
        "fam": fam, "lang": lang, "seller": seller, "buyer": buyer, "cc": cc, "bcc": bcc, "situation": situation,
        "small": small, "currency": currency, "issue": issue, "due": due, "terms": terms, "credit": credit,
        "number": E.number(r, fam, issue, credit), "lines": lines, "breakdown": breakdown, "line_net": line_net,
        "allowance": allowance, "charge": charge, "taxable": taxable, "tax": tax, "incl": incl, "prepaid": prepaid,
        "rounding": rounding, "payable": payable, "ref": ref, "rates": rates,
        "customer_no": E.customer_no(r, fam), "order_no": E.order_no(r, fam),
        "order_date": issue - datetime.timedelta(days=r.randint(3, 40)),
        "delivery": issue - datetime.timedelta(days=r.randint(0, 12)),
        "dnote": "%d" % r.randint(80000000, 89999999) if r.random() < 0.5 else "LS-%05d" % r.randint(1, 99999),
        "contact": "%s %s" % (contact_f, contact_l), "contact_phone": seller["phone"][:-3] + "%03d" % r.randint(100, 999),
        "contact_mail": "%s.%s@%s" % (ascii_word(contact_f), ascii_word(contact_l), seller["email"].split("@")[1]),
        "b_before": b_before, "b_after": b_after, "bic": bic(r, cc), "bank": bank_name(r, cc),
        "directors": ["%s %s" % E.person(r, lang) for _ in range(r.choice([1, 1, 2, 2, 3]))],
        "register": register(r, cc, seller), "taxno": taxno(r, cc), "us": cc == "US",
        "skonto": (r.choice(["2", "3", "2"]), issue + datetime.timedelta(days=r.choice([7, 8, 10]))) if terms and terms >= 21 and r.random() < 0.35 else None,
        "ship": E.company(r, bcc, lang) if r.random() < 0.25 else None,
        "paid_date": issue - datetime.timedelta(days=r.randint(1, 30)),
    }
    for i, l in enumerate(lines):   # article codes and detail lines, drawn here so every layout may print them
        l["code"] = art_code(r, fam)
        l["detail"] = None
        if r.random() < 0.25:
            l["detail"] = r.choice(E.DETAILS[lang])
        l["ddate"] = issue - datetime.timedelta(days=r.randint(0, 25))
        l["sn"] = "%06d" % r.randint(0, 999999)
        l["q"] = "%d-%03d" % (issue.year, r.randint(1, 999))
    if fspec.get("by_date"):      # timesheet rows in date order
        lines.sort(key=lambda l: l["ddate"])
    return c


def art_code(r, fam):
    return r.choice(["%d-%s" % (r.randint(1000, 9999), r.choice("ABCDEFGH")), "%06d" % r.randint(1, 999999),
                     "%s-%03d" % ("".join(r.choice("ABCDEFGHKLMNPRSTVW") for _ in range(3)), r.randint(1, 999)),
                     "%d.%03d.%02d" % (r.randint(10, 99), r.randint(0, 999), r.randint(0, 99)),
                     "%s%d" % (r.choice(["A", "B", "K", "M", "P", "S"]), r.randint(10000, 99999))])


def bic(r, cc):
    if cc == "US":
        return None
    return "".join(r.choice("ABCDEFGHIJKLMNOPRSTUVWXYZ") for _ in range(4)) + cc + r.choice(["XX", "2X", "MM", "FF", "33"]) + r.choice(["", "", "XXX"])


def bank_name(r, cc):
    return r.choice({"DE": ["Sparkasse %s", "Volksbank %s eG", "Commerzbank %s", "Deutsche Bank", "Postbank", "Stadtsparkasse %s"],
                     "AT": ["Erste Bank", "Raiffeisenbank %s", "Bank Austria"], "FR": ["Crédit Agricole", "BNP Paribas", "Société Générale", "LCL", "CIC %s"],
                     "BE": ["BNP Paribas Fortis", "KBC", "Belfius", "ING Belgique"], "IT": ["Intesa Sanpaolo", "UniCredit", "Banco BPM", "BPER Banca", "Credem"],
                     "NL": ["ING Bank", "Rabobank", "ABN AMRO"], "ES": ["Banco Santander", "BBVA", "CaixaBank"], "GB": ["Barclays", "HSBC UK", "Lloyds Bank", "NatWest"],
                     "US": ["Chase", "Bank of America", "Wells Fargo"]}[cc]).replace("%s", "")


def register(r, cc, co):
    city = co["city"]
    return {"DE": "Amtsgericht %s HRB %d" % (r.choice([city, city, "München", "Hamburg", "Köln"]), r.randint(1000, 199999)),
            "AT": "FN %d%s, Landesgericht %s" % (r.randint(10000, 599999), r.choice("abdfghikmpstvwxyz"), city),
            "FR": "RCS %s" % city, "BE": "RPM %s" % city, "IT": "REA %s-%d" % (co["prov"] or "MI", r.randint(100000, 2999999)),
            "NL": "KvK %d" % r.randint(10000000, 99999999), "ES": "Registro Mercantil de %s, Tomo %d, Folio %d" % (city, r.randint(1000, 40000), r.randint(1, 220)),
            "GB": "Registered in England and Wales No. %08d" % r.randint(1000000, 14999999), "US": "EIN %s" % co["vatId"]}[cc]


def taxno(r, cc):
    if cc == "DE":
        return "%d/%03d/%05d" % (r.randint(10, 99), r.randint(100, 999), r.randint(10000, 99999))
    if cc == "AT":
        return "%02d %03d/%04d" % (r.randint(1, 99), r.randint(100, 999), r.randint(1000, 9999))
    return None


def ascii_word(s):
    tr = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "é": "e", "è": "e", "ç": "c", "à": "a", "ô": "o", "ï": "i", "á": "a", "í": "i", "ó": "o"}
    return "".join(tr.get(ch, ch) for ch in s.lower() if ch.isalpha() or ch in tr)



# ------------------------------------------------------------------------------------------------ document context

class Ctx:
    """One document while it is drawn: its content, formats, labels (one wording per key), and what
    the page printed (marks for the truth's text fields, the values of printed amounts)."""
    def __init__(self, c, r, fspec):
        self.c, self.r, self.lang, self.fs = c, r, c["lang"], fspec
        self.labels = {}
        self.marks = set()
        self.amounts = {}           # Decimal value -> set of printed numeric strings
        self.line_marks = {}        # line index -> set of printed fields
        self.m = Money(r, self.lang, c["currency"], c["cc"])
        self.df = E.date_formatter(r.choice(E.date_styles(self.lang, c["us"])), self.lang)
        self.extra_unit_p = 0.35
        self.units = [E.unit_word(r, l["unit"], self.lang, self.extra_unit_p) for l in c["lines"]]
        self.nc_extra = {}
        self.producer = None
        self.upper_city = False
        self.price_dec = 2            # decimals of printed unit prices (some ERP prints use 3 or 4)
        self.bottom, self.new_page = 780, None

    # labels --------------------------------------------------------------------------------
    def L(self, key, pool=None):
        if key not in self.labels:
            if pool is None:
                pool = E.V[key][self.lang]
            elif isinstance(pool, dict):
                pool = pool[self.lang]
            self.labels[key] = self.r.choice(pool) if isinstance(pool, list) else pool
        return self.labels[key]

    def T(self, table, key):
        """a family's own wording: table[key][lang] (a string or a list to draw from once)"""
        return self.L("fam:" + key, table[key][self.lang] if isinstance(table[key], dict) else table[key])

    # values --------------------------------------------------------------------------------
    def mark(self, *fields):
        self.marks.update(fields)

    def amt(self, v, cur=None, neg=False, track=True, drop=None):
        """an amount as printed; cur: None, "sym" or "code" (marks the currency); neg: printed as a deduction"""
        v = Decimal(v)
        s = self.m.plain(abs(v) if neg else v, drop)
        if track:
            self.amounts.setdefault(q2(abs(v)), set()).add(s)
        if cur:
            self.mark("currency")
        s = self.m.wrap(s, cur)
        if neg:
            s = NEG[self.m.neg] % s
        return s

    def number(self):
        self.mark("invoiceNumber")
        return self.c["number"]

    def date(self, which):
        d = {"issue": self.c["issue"], "due": self.c["due"], "delivery": self.c["delivery"], "order": self.c["order_date"],
             "paid": self.c["paid_date"]}[which]
        if which == "issue":
            self.mark("issueDate")
        elif which == "due":
            self.mark("dueDate")
        return self.df(d)

    def ref(self):
        self.mark("buyerReference")
        return self.c["ref"]

    def qty(self, i):
        self.line_mark(i, "quantity")
        return self.m.qty(self.c["lines"][i]["qty"])

    def unit(self, i):
        self.line_mark(i, "unit")
        return self.units[i]

    def price(self, i, cur=None, decimals=2):
        """the printed unit price: the price per 100 or the gross price before the line discount where the line has one"""
        l = self.c["lines"][i]
        if l["per100"] is not None:
            v = l["per100"]
        elif l["disc"] is not None:
            v = l["gross"]
        else:
            self.line_mark(i, "price")
            v = l["price"]
        s = self.m.num(v, decimals) if decimals != 2 else self.m.plain(v)
        if cur:
            self.mark("currency")
        return self.m.wrap(s, cur)

    def net(self, i, cur=None):
        self.line_mark(i, "netAmount")
        return self.amt(self.c["lines"][i]["net"], cur)

    def rate(self, i=None, rate=None, style=None, sym=None):
        if i is not None:
            self.line_mark(i, "taxRate")
            rate = self.c["lines"][i]["rate"]
        st = style or self.L("rate_style", ["int", "int", "int", "dec2", "dec1"])
        sy = sym or self.L("rate_sym", [" %", "%", "%", " %"] if self.lang != "fr" else [" %", " %", "%"])
        return self.m.rate(rate, st, sy)

    def disc(self, i):
        d = self.c["lines"][i]["disc"]
        return self.m.rate(d, self.L("disc_style", ["int", "dec2"]), self.L("rate_sym", [" %", "%"])) if d else ""

    def line_mark(self, i, f):
        self.line_marks.setdefault(i, set()).add(f)

    def desc(self, i):
        self.line_mark(i, "description")
        return self.c["lines"][i]["text"]

    def detail(self, i):
        l = self.c["lines"][i]
        if not l["detail"]:
            return None
        return l["detail"] % {"dn": self.c["dnote"] if i % 2 else "%d" % (int(l["sn"]) + 80000000), "d": self.df(l["ddate"]),
                              "p": E.period(self.df, self.c["issue"], self.lang), "sn": l["sn"], "q": l["q"],
                              "proj": "P-%s" % l["sn"][:4]}

    # parties -------------------------------------------------------------------------------
    def s_name(self):
        self.mark("supplier.name")
        return self.c["seller"]["name"]

    def cityline(self, co, cc, style=None):
        city, pc = co["city"], co["postalCode"]
        if cc == "IT" and co.get("prov"):
            return "%s %s (%s)" % (pc, city, co["prov"]) if style != "noprov" else "%s %s" % (pc, city)
        if cc == "US":
            return "%s, %s %s" % (city, co["prov"], pc)
        if cc == "GB":
            return "%s %s" % (city, pc)
        if cc in ("AT", "CH", "DE", "BE", "FR") and style == "prefix":
            return "%s-%s %s" % ({"AT": "A", "CH": "CH", "DE": "D", "BE": "B", "FR": "F"}[cc], pc, city)
        if cc == "SE":
            return "%s %s" % (pc, city)
        if style == "upper" and cc == "FR":
            if co is self.c["buyer"]:
                self.upper_city = True      # the truth's city as printed
            return "%s %s" % (pc, city.upper())
        return "%s %s" % (pc, city)

    def country(self, cc):
        n = E.COUNTRY_NAMES[cc][self.lang]
        return n.upper() if self.L("country_upper", [True, False, False]) else n

    def s_addr(self, country=None, style=None):
        """the seller's street and city lines (marks the supplier's address)"""
        s = self.c["seller"]
        self.mark("supplier.address.line1", "supplier.address.city", "supplier.address.postalCode")
        out = [s["line1"], self.cityline(s, self.c["cc"], style)]
        if country is None:
            country = self.c["bcc"] != self.c["cc"] and self.L("s_country", [True, True, False])
        if country:
            out.append(self.country(self.c["cc"]))
        return out

    def s_oneline(self, sep=None):
        sep = sep or self.L("oneline_sep", [" · ", " | ", " - ", ", ", " • ", " – "])
        return sep.join([self.s_name()] + self.s_addr(False))

    def s_vat(self, label=True, pool=None):
        s = self.c["seller"]
        if not s["vatId"] or self.c["small"]:
            return None
        self.mark("supplier.vatId")
        v = self.vat_text(s, self.c["cc"])
        if self.c["cc"] == "US":
            lab = self.L("ein_label", ["EIN", "Tax ID", "Federal Tax ID", "EIN:"])
        else:
            lab = self.L("vat_seller", pool)
        return "%s %s" % (lab + self.colon(), v) if label else v

    def vat_text(self, co, cc):
        v = co["vat_print"]
        st = self.L("vat_print_" + cc, ["compact", "compact", "spaced"])
        if st == "spaced":
            if cc == "FR":
                return "%s %s %s %s %s" % (v[:2], v[2:4], v[4:7], v[7:10], v[10:])
            if cc == "BE":
                return "%s %s.%s.%s" % (v[:2], v[2:6], v[6:9], v[9:])
            if cc == "DE":
                return "%s %s" % (v[:2], v[2:])
            if cc == "GB":
                return "%s %s %s %s" % (v[:2], v[2:5], v[5:9], v[9:])
            if cc == "AT":
                return "%s %s" % (v[:3], v[3:])
        if cc == "IT" and self.L("it_noprefix", [False, True]) and co is self.c["seller"]:
            return v[2:]
        return v

    def colon(self):
        return self.L("colon", [":", ":", ":", ""])

    def iban(self, grouped=None):
        ib = self.c["seller"]["iban"]
        if not ib:
            return None
        self.mark("supplier.iban")
        g = self.L("iban_grouped", [True, True, True, False]) if grouped is None else grouped
        return " ".join(ib[i:i + 4] for i in range(0, len(ib), 4)) if g else ib

    def b_name(self):
        self.mark("buyer.name")
        return self.c["buyer"]["name"]

    def b_lines(self, country=None, extras=True, style=None, name=True):
        """the buyer's address block lines: name, person/department lines, street, building, city"""
        b = self.c["buyer"]
        self.mark("buyer.name", "buyer.address.line1", "buyer.address.city", "buyer.address.postalCode")
        out = [b["name"]] if name else []
        if extras:
            out += self.c["b_before"]
        out.append(b["line1"])
        if extras:
            out += self.c["b_after"]
        out.append(self.cityline(b, self.c["bcc"], style))
        if country is None:
            country = self.c["bcc"] != self.c["cc"] or self.L("b_country", [False, False, False, True])
        if country:
            out.append(self.country(self.c["bcc"]))
        return out

    def b_vat(self, label=True, pool=None):
        b = self.c["buyer"]
        if not b["vatId"] or self.c["bcc"] == "US":
            return None
        self.mark("buyer.vatId")
        v = self.vat_text(b, self.c["bcc"])
        return "%s %s" % (self.L("vat_buyer", pool) + self.colon(), v) if label else v

    def ship_lines(self):
        s = self.c["ship"]
        return [self.c["buyer"]["name"] if self.r.random() < 0.6 else s["name"], s["line1"], self.cityline(s, self.c["bcc"])]

    # texts ---------------------------------------------------------------------------------
    def title(self, pool=None, pool_cn=None):
        if self.c["credit"]:
            return self.L("title_cn", pool_cn)
        return self.L("title", pool)

    def tax_note(self):
        sit = self.c["situation"]
        if sit == "reverse":
            return self.L("reverse")
        if sit == "export":
            return self.L("export")
        if sit == "small":
            return self.L("small", E.V["small"].get(self.lang, E.V["small"]["de"]))
        return None

    def terms_text(self, allow_days=True):
        """payment terms: a date (marks the due date), days only, or payable upon receipt"""
        c = self.c
        if not c["due"]:
            return self.L("receipt")
        mode = self.L("terms_mode", ["date", "date", "days"] if allow_days else ["date"])
        if mode == "days":
            self.mark("due_days")
            return self.L("terms_days", E.TERMS_DAYS[self.lang]) % c["terms"]
        s = self.L("terms_date", E.TERMS_DATE[self.lang]) % self.date("due")
        if c["skonto"]:
            s = (E.SKONTO[self.lang] % (c["skonto"][0].replace(".", self.m.d), self.df(c["skonto"][1]))) + (", " if self.lang != "en" else "; ") + s[0].lower() + s[1:]
        return s

    # flow ----------------------------------------------------------------------------------
    def ensure(self, pg, y, h):
        """y, or the top of a new page when h more points do not fit above the page's bottom"""
        if y + h > self.bottom:
            return self.new_page(pg)
        return y

    def page_label(self, n, total, pool=None):
        p = self.L("page", pool)
        return p % (n, total) if p.count("%d") == 2 else p % n


# ------------------------------------------------------------------------------------------------ tables

def build_rows(X, keys, desc_prefix=None, detail=True):
    """cells of every item line for the table columns `keys` (see cell())"""
    rows = []
    for i, l in enumerate(X.c["lines"]):
        cells = {}
        for k in keys:
            cells[k] = cell(X, i, k)
        main = X.desc(i)
        if desc_prefix and "art" not in keys:
            main = desc_prefix % l["code"] + main
        cells["desc"] = main
        cells["detail"] = X.detail(i) if detail else None
        rows.append(cells)
    return rows


def cell(X, i, k):
    l = X.c["lines"][i]
    pos_style = X.L("pos_style", ["1", "1", "10", "0010"])
    if k == "pos":
        return {"1": str(i + 1), "10": str((i + 1) * 10), "0010": "%04d" % ((i + 1) * 10)}[pos_style]
    if k == "art":
        return l["code"]
    if k == "qty":
        return X.qty(i)
    if k == "unit":
        return X.unit(i)
    if k == "qtyunit":
        return X.qty(i) + " " + X.unit(i)
    if k == "price":
        return X.price(i, decimals=X.price_dec)
    if k == "price_cur":
        return X.price(i, cur="sym")
    if k == "per":      # price basis ("1 Stk", "100 Stk")
        return ("100" if l["per100"] is not None else "1") + " " + X.units[i]
    if k == "disc":
        return X.disc(i)
    if k == "rate":
        return X.rate(i)
    if k == "amount":
        return X.net(i)
    if k == "amount_cur":
        return X.net(i, cur="sym")
    if k == "date":
        return X.df(l["ddate"])
    if k == "taxcode":      # the rate's number in the document's tax summary (explained there)
        return str([b["rate"] for b in X.c["breakdown"]].index(l["rate"]) + 1)
    if k in ("desc", "detail"):
        return ""
    raise KeyError(k)


class Table:
    """An item table that breaks across pages: repeated head, optional carried-forward lines."""
    def __init__(self, X, pg, cols, x0, x1, **kw):
        self.X, self.pg, self.cols, self.x0, self.x1 = X, pg, cols, x0, x1
        self.kw = kw
        self.style = kw.get("style", "rules")
        self.size = kw.get("size", pg.size)
        self.lh = kw.get("lh", self.size * 1.3)
        self.pad = kw.get("pad", self.size * 0.45)
        for c in cols:
            if c.get("w") is None and c["key"] != "desc":
                c["w"] = 24
        flex = [c for c in cols if c.get("w") is None]
        fixed = sum(c["w"] for c in cols if c.get("w") is not None)
        for c in flex:
            c["w"] = max(40, (x1 - x0 - fixed) / len(flex))
        x = x0
        for c in cols:
            c["x"] = x
            x += c["w"]

    def fit(self, rows):
        """widen number columns to their content (never narrower than given), shrink the description"""
        pg = self.pg
        for c in self.cols:
            if c["key"] in ("desc", "detail") or c.get("wrap"):
                continue
            need = max([pg.width(r.get(c["key"], ""), self.size) for r in rows] +
                       [max(pg.width(h, self.head_size(), self.kw.get("head_style", "b")) for h in self.head_lines(c))]) + 2 * self.pad + 2
            c["w"] = max(c["w"], need)
        fixed = sum(c["w"] for c in self.cols if c["key"] != "desc")
        for c in self.cols:
            if c["key"] == "desc":
                c["w"] = self.x1 - self.x0 - fixed
        x = self.x0
        for c in self.cols:
            c["x"] = x
            x += c["w"]
        return min(c["w"] for c in self.cols if c["key"] == "desc") if any(c["key"] == "desc" for c in self.cols) else 100

    def head_size(self):
        return self.kw.get("head_size", self.size)

    def head_lines(self, c):
        return c["head"].split("\n")

    def head(self, y):
        pg, kw = self.pg, self.kw
        hs = self.head_size()
        nl = max(len(self.head_lines(c)) for c in self.cols)
        hh = nl * hs * 1.2 + 2 * self.pad
        top = y
        fill = kw.get("head_fill")
        if fill:
            pg.rect(self.x0, top, self.x1 - self.x0, hh, fill=fill, stroke=self.style == "grid", lw=kw.get("lw", 0.5))
        if self.style in ("rules", "booktabs", "frame"):
            pg.hline(self.x0, self.x1, top, kw.get("top_w", 1.0 if self.style == "booktabs" else 0.6))
        if self.style in ("rules", "booktabs", "underline", "frame", "headline"):
            pg.hline(self.x0, self.x1, top + hh, kw.get("head_w", 0.5), kw.get("rule_color"))
        if self.style == "grid" and not fill:
            pg.rect(self.x0, top, self.x1 - self.x0, hh, lw=kw.get("lw", 0.5))
        for c in self.cols:
            lines = self.head_lines(c)
            for k, h in enumerate(lines):
                ty = top + self.pad + hs * (k + 1) * 1.05 + (nl - len(lines)) * hs * 0.6
                if c.get("align", "l") == "r":
                    pg.text(c["x"] + c["w"] - self.pad, ty, h, hs, kw.get("head_style", "b"), "r", kw.get("head_color"))
                elif c.get("align") == "c":
                    pg.text(c["x"] + c["w"] / 2, ty, h, hs, kw.get("head_style", "b"), "c", kw.get("head_color"))
                else:
                    pg.text(c["x"] + self.pad, ty, h, hs, kw.get("head_style", "b"), "l", kw.get("head_color"))
        if self.style in ("grid", "frame"):
            for c in self.cols[1:]:
                pg.line(c["x"], top, c["x"], top + hh, kw.get("lw", 0.5))
        return top + hh

    def draw(self, y, rows, bottom, new_page, carry=None):
        """rows: dicts of cell texts; new_page(pg) -> y of the next page's table top.
        carry: (label_out, label_in) carried-forward lines, with the running sum of the rows drawn."""
        X, pg, kw = self.X, self.pg, self.kw
        dw = self.fit(rows) - 2 * self.pad
        y = self.head(y)
        start = y
        running = Decimal(0)
        dsize = kw.get("detail_size", self.size * 0.88)
        for i, row in enumerate(rows):
            main = pg.wrap(row["desc"], dw, self.size, kw.get("desc_style", "r"))
            det = pg.wrap(row["detail"], dw, dsize, kw.get("detail_style", "r")) if row.get("detail") else []
            extra = row.get("sub") or []         # lines below the row (discount, article text)
            wrapped = {c["key"]: pg.wrap(row.get(c["key"], ""), c["w"] - 2 * self.pad, self.size) for c in self.cols if c.get("wrap")}
            nmain = max([len(main)] + [len(v) for v in wrapped.values()])
            h = self.lh * nmain + dsize * 1.25 * len(det) + self.lh * len(extra) + 2 * self.pad - (self.lh - self.size)
            need = h + (self.lh * 1.6 if carry else 0)
            if y + need > bottom and i > 0:
                if carry:
                    self.carry_line(y + self.pad, carry[0], running, "out")
                self.close(start, y)
                y = new_page(pg)
                y = self.head(y)
                start = y
                if carry:
                    y = self.carry_line(y, carry[1], running, "in")
            if self.style == "zebra" and i % 2 == 0:
                pg.rect(self.x0, y, self.x1 - self.x0, h, fill=kw.get("zebra_fill", (0.94, 0.94, 0.95)), stroke=False)
            base = y + self.pad + self.size * 0.85
            fig_y = base + (self.lh * (len(main) - 1) if kw.get("figures") == "bottom" else 0)
            for c in self.cols:
                k = c["key"]
                if k == "desc":
                    for j, s in enumerate(main):
                        pg.text(c["x"] + self.pad, base + j * self.lh, s, self.size, kw.get("desc_style", "r"))
                    dy = base + len(main) * self.lh - (self.lh - dsize * 1.25)
                    for j, s in enumerate(det):
                        pg.text(c["x"] + self.pad, dy + j * dsize * 1.25, s, dsize, kw.get("detail_style", "r"), color=kw.get("detail_color"))
                    ey = dy + len(det) * dsize * 1.25 + (self.lh - dsize * 1.25 if det else 0)
                    for j, s in enumerate(extra):
                        pg.text(c["x"] + self.pad, ey + j * self.lh, s, self.size * 0.92)
                    continue
                s = row.get(k, "")
                if k in wrapped:
                    for j, ln in enumerate(wrapped[k]):
                        pg.text(c["x"] + self.pad, base + j * self.lh, ln, self.size, c.get("style", "r"))
                    continue
                if c.get("align", "l") == "r":
                    pg.text(c["x"] + c["w"] - self.pad, fig_y, s, self.size, c.get("style", "r"), "r")
                elif c.get("align") == "c":
                    pg.text(c["x"] + c["w"] / 2, fig_y, s, self.size, c.get("style", "r"), "c")
                else:
                    pg.text(c["x"] + self.pad, fig_y, s, self.size, c.get("style", "r"))
            y += h
            running += X.c["lines"][i]["net"]
            if self.style in ("grid", "underline") or (self.style == "frame" and kw.get("row_rules")):
                pg.hline(self.x0, self.x1, y, kw.get("row_w", 0.3), kw.get("rule_color"))
        self.close(start, y)
        return y

    def carry_line(self, y, label, running, which):
        pg = self.pg
        if "%d" in label:
            label = label % (pg.page if which == "out" else pg.page - 1)
        amount_col = self.cols[-1]
        s = self.X.amt(running, track=False)
        yy = y + self.size
        pg.text(amount_col["x"] - self.pad * 2 - (0 if self.kw.get("carry_left") else 0), yy, label, self.size, "b" if self.kw.get("carry_bold", True) else "r", "r")
        pg.text(amount_col["x"] + amount_col["w"] - self.pad, yy, s, self.size, "b" if self.kw.get("carry_bold", True) else "r", "r")
        if which == "in":
            if self.style in ("grid", "underline"):
                pg.hline(self.x0, self.x1, y + self.lh + self.pad, 0.3, self.kw.get("rule_color"))
            return y + self.lh + self.pad * 2
        return y

    def close(self, top, y):
        pg, kw = self.pg, self.kw
        if self.style in ("rules", "booktabs"):
            pg.hline(self.x0, self.x1, y, kw.get("bottom_w", 1.0 if self.style == "booktabs" else 0.6))
        if self.style in ("grid", "frame"):
            pg.rect(self.x0, top, self.x1 - self.x0, y - top, lw=kw.get("lw", 0.5))
            for c in self.cols[1:]:
                pg.line(c["x"], top, c["x"], y, kw.get("lw", 0.5))


# ------------------------------------------------------------------------------------------------ totals

def tax_label(X, b, form=None, base=True):
    """the label of a tax line: "MwSt. 19 %", "VAT (20%)", "TVA 20 % sur 1 000,00", "zzgl. 19 % USt." ..."""
    rt = X.rate(rate=b["rate"])
    X.mark("rate_in_totals")
    form = form or X.L("tax_form", ["pre", "pre", "paren", "on", "zzgl"] if X.lang == "de" else ["pre", "pre", "paren", "on"])
    lab = X.L("tax")
    if form == "paren":
        return "%s (%s)" % (lab, rt)
    if form == "on" and base:
        return "%s %s %s %s" % (lab, rt, {"de": "auf", "en": "on", "fr": "sur", "it": "su"}[X.lang], X.amt(b["taxable"]))
    if form == "zzgl":
        return "zzgl. %s %s" % (rt, X.L("zzgl_word", ["MwSt.", "USt.", "Umsatzsteuer"]))
    return "%s %s" % (lab, rt)


def total_rows(X, opts=None):
    """(label, text, kind) rows of a totals block; kind: sub, allow, charge, base, tax, total, prepaid, round, payable"""
    o = opts or {}
    c = X.c
    cur = o.get("cur", X.L("tot_cur", [None, "sym", "sym", "code"]))
    cur_last = o.get("cur_last", cur)
    rows = []
    rows.append((o.get("sub_label") or X.L("subtotal"), X.amt(c["line_net"], cur), "sub"))
    if c["allowance"]:
        a = c["allowance"]
        rows.append(("%s %s" % (X.L("allowance"), X.m.rate(a["pct"], "int", X.L("rate_sym", [" %", "%"]))), X.amt(a["amount"], cur, neg=True), "allow"))
    if c["charge"]:
        rows.append((X.L("charge"), X.amt(c["charge"]["amount"], cur), "charge"))
    if (c["allowance"] or c["charge"]) and o.get("base", True):
        rows.append((o.get("base_label") or X.L("base_label", {"de": ["Nettobetrag", "Summe netto", "Netto"], "en": ["Net total", "Total net", "Taxable amount"],
                                                             "fr": ["Total HT net", "Net HT", "Base HT"], "it": ["Imponibile netto", "Totale imponibile"]}),
                     X.amt(c["taxable"], cur), "base"))
    for b in c["breakdown"]:
        rows.append((o.get("tax_label", tax_label)(X, b), X.amt(b["tax"], cur), "tax"))
    if o.get("tax_total") and len(c["breakdown"]) > 1:
        rows.append((X.L("tax_total", {"de": ["Summe MwSt.", "USt. gesamt"], "en": ["Total VAT", "Total tax"], "fr": ["Total TVA"], "it": ["Totale IVA"]}),
                     X.amt(c["tax"], cur), "taxsum"))
    rows.append((o.get("total_label") or X.L("total"), X.amt(c["incl"], cur_last), "total"))
    if c["prepaid"]:
        pl = X.L("prepaid")
        if o.get("paid_date") and X.r.random() < 0.5:
            pl += " " + X.date("paid")
        rows.append((pl, X.amt(c["prepaid"], cur, neg=o.get("neg_prepaid", True)), "prepaid"))
    if c["rounding"]:
        rows.append((X.L("rounding"), X.amt(c["rounding"], cur, neg=c["rounding"] < 0), "round"))
    if c["prepaid"] or c["rounding"] or o.get("payable", X.L("print_payable", [True, False, False])):
        rows.append((o.get("payable_label") or X.L("payable"), X.amt(c["payable"], cur_last), "payable"))
    return rows


def draw_totals(pg, rows, x_label, x_value, y, lh, size=None, bold_kinds=("total", "payable"), last_bold=True,
                rule_before=None, box=None, fill_kinds=None, label_align="l", style_fn=None):
    size = size or pg.size
    for k, (lab, val, kind) in enumerate(rows):
        bold = kind in bold_kinds and (kind == rows[-1][2] or not last_bold) if last_bold else kind in bold_kinds
        if fill_kinds and kind in fill_kinds:
            pg.rect(x_label - 4, y - size - 2, x_value - x_label + 8, lh + 1, fill=fill_kinds[kind], stroke=False)
        if rule_before and kind in rule_before:
            pg.hline(x_label - 2, x_value + 2, y - size - 1.5, rule_before[kind])
        st = style_fn(kind) if style_fn else ("b" if bold else "r")
        if label_align == "r":
            pg.text(x_value - 100, y, lab, size, st, "r")
        else:
            pg.text(x_label, y, lab, size, st)
        pg.text(x_value, y, val, size, st, "r")
        y += lh
    return y


# ------------------------------------------------------------------------------------------------ truth

def finalize(X):
    """the ground truth (README of ../shared/extraction) and notCounted: what the page does not print is null"""
    c, m, nc = X.c, X.marks, {}
    s, b = c["seller"], c["buyer"]

    def keep(field, v, reason="not printed"):
        if v is None:
            return None
        if field in m:
            return v
        nc[field] = reason
        return None
    T = {"invoiceNumber": keep("invoiceNumber", c["number"]),
         "issueDate": keep("issueDate", c["issue"].isoformat()),
         "dueDate": keep("dueDate", c["due"].isoformat() if c["due"] else None,
                         "due date given as payment terms in days" if "due_days" in m else "not printed"),
         "currency": keep("currency", c["currency"], "neither code nor symbol printed"),
         "buyerReference": keep("buyerReference", c["ref"])}
    sv = s["vatId"] if not c["small"] else None
    T["supplier"] = {"name": keep("supplier.name", s["name"]), "vatId": keep("supplier.vatId", sv),
                     "address": {"line1": keep("supplier.address.line1", s["line1"]), "city": keep("supplier.address.city", s["city"]),
                                 "postalCode": keep("supplier.address.postalCode", s["postalCode"]), "countryCode": c["cc"]},
                     "iban": keep("supplier.iban", s["iban"])}
    bv = b["vatId"] if c["bcc"] != "US" else None
    T["buyer"] = {"name": keep("buyer.name", b["name"]), "vatId": keep("buyer.vatId", bv),
                  "address": {"line1": keep("buyer.address.line1", b["line1"]),
                              "city": keep("buyer.address.city", b["city"].upper() if X.upper_city else b["city"]),
                              "postalCode": keep("buyer.address.postalCode", b["postalCode"]), "countryCode": c["bcc"]}}
    lines = []
    single_printed = len(c["breakdown"]) == 1 and X.marks & {"rate_in_totals"}
    for i, l in enumerate(c["lines"]):
        lm = X.line_marks.get(i, set())
        o = {}

        def lk(f, v, reason="not printed"):
            if f in lm:
                return v
            nc["lines[%d].%s" % (i, f)] = reason
            return None
        o["description"] = lk("description", l["text"])
        q = l["qty"]
        o["quantity"] = lk("quantity", str(q.normalize()) if q != q.to_integral() else str(int(q)))
        o["unit"] = lk("unit", l["unit"], "no unit word printed")
        reason = "price per 100 units" if l["per100"] is not None else "gross price and discount printed, not the net price" if l["disc"] else "not printed"
        o["price"] = lk("price", str(q2(l["price"])), reason)
        if "taxRate" not in lm and (single_printed or X.marks & {"rates_by_code"}):
            lm.add("taxRate")
        o["taxRate"] = lk("taxRate", l["rate"], "rate not printed for the line")
        o["netAmount"] = lk("netAmount", str(l["net"]))
        lines.append(o)
    T["lines"] = lines

    def amt(field, v):
        if q2(v) in X.amounts:
            return str(q2(v))
        nc[field] = "not printed"
        return None
    T["taxBreakdown"] = [{"rate": bb["rate"], "taxableAmount": amt("taxBreakdown[%s].taxableAmount" % bb["rate"], bb["taxable"]),
                          "taxAmount": amt("taxBreakdown[%s].taxAmount" % bb["rate"], bb["tax"])} for bb in c["breakdown"]]
    T["totals"] = {"lineNetAmount": amt("totals.lineNetAmount", c["line_net"]), "taxAmount": amt("totals.taxAmount", c["tax"]),
                   "taxInclusiveAmount": amt("totals.taxInclusiveAmount", c["incl"]),
                   "payableAmount": amt("totals.payableAmount", c["payable"])}
    nc.update(X.nc_extra)
    return T, nc


# ------------------------------------------------------------------------------------------------ checks

SPACES = "\u00a0\u202f\u2009\u2007\u2002\u2003\u2004\u2005\u2006\u2008\u200a"


def norm(s):
    for ch in SPACES:
        s = s.replace(ch, " ")
    return re.sub(r"\s+", " ", s.replace("\u2013", "-").replace("\u2212", "-"))


def pdftext(path, layout=True):
    p = subprocess.run(["pdftotext", "-enc", "UTF-8"] + (["-layout"] if layout else []) + [path, "-"], capture_output=True, timeout=120)
    return p.stdout.decode("utf-8", "replace")


def check(X, T, pdf):
    """what the generator promises about a text PDF; returns a list of problems"""
    txt = norm(pdftext(pdf)) + " " + norm(pdftext(pdf, False))
    flat = txt.replace(" ", "")
    bad = []
    if norm(X.c["number"]) not in txt:
        bad.append("invoice number %r not in pdftotext" % X.c["number"])
    ids = re.sub(r"[\s.\-/]", "", txt).upper()
    for role in ("supplier", "buyer"):     # every counted text field of the parties is printed
        P = T[role]
        for k, v in [("name", P["name"])] + [(k, P["address"][k]) for k in ("line1", "city", "postalCode")]:
            if v is not None and norm(v) not in txt:
                bad.append("%s.%s %r not in pdftotext" % (role, k, v))
        v = P.get("vatId")
        if v is not None and re.sub(r"[.\-]", "", v)[2:] not in ids:
            bad.append("%s.vatId %r not in pdftotext" % (role, v))
    if T["supplier"]["iban"] and T["supplier"]["iban"] not in ids:
        bad.append("iban not in pdftotext")
    if T["buyerReference"] and norm(T["buyerReference"]) not in txt:
        bad.append("buyer reference not in pdftotext")
    for i, l in enumerate(T["lines"]):
        if l["description"] and not all(w in txt for w in l["description"].split(" ")):
            bad.append("line %d description not in pdftotext" % i)
    for field, v in [("payable", T["totals"]["payableAmount"])] + [("line %d" % i, l["netAmount"]) for i, l in enumerate(T["lines"])] + \
            [(k, T["totals"][k]) for k in ("lineNetAmount", "taxAmount", "taxInclusiveAmount")]:
        if v is None:
            if field == "payable":
                bad.append("payable amount not printed")
            continue
        forms = X.amounts.get(Decimal(v), set())
        if not any(norm(f).replace(" ", "") in flat for f in forms):
            bad.append("%s %s not in pdftotext (%s)" % (field, v, sorted(forms)))
    return bad


# ------------------------------------------------------------------------------------------------ one document

PRODUCERS = {}


def one(i, out, seed, scan_frac, scan_fn):
    """draw document i of the erp split into out/ (text PDF, or a scan of it); returns its index.jsonl entry"""
    import json
    import gen_erp_fam as F
    fonts()
    ident = "g%05d" % i
    pdf = os.path.join(out, ident + ".pdf")
    names = sorted(F.FAMILIES)
    if os.environ.get("ERP_FAMILY"):      # draw one family only (looking at a family's pages)
        names = os.environ["ERP_FAMILY"].split(",")
    problems = []
    for attempt in range(12):
        r = random.Random("erp:%d:%d:%d" % (seed, i, attempt))
        fam = r.choices(names, weights=[F.FAMILIES[n].get("weight", 1) for n in names])[0]
        fs = F.FAMILIES[fam]
        c = make_content(r, fam, fs)
        render_seed = r.getrandbits(64)
        total = 1
        for _ in range(3):
            X = Ctx(c, random.Random(render_seed), fs)
            pages = fs["render"](X, pdf, total)
            if pages == total:
                break
            total = pages
        T, nc = finalize(X)
        problems = check(X, T, pdf)
        if pages > 3:
            problems.append("%d pages" % pages)
        if not problems:
            break
        if os.environ.get("ERP_VERBOSE"):
            print("%s (%s): drawn again: %s" % (ident, fam, "; ".join(problems)), file=__import__("sys").stderr)
    else:
        raise RuntimeError("%s: no document passed the checks: %s" % (ident, problems))
    kind, dpi = "text", None
    if r.random() < scan_frac:
        kind, dpi = "scan", r.choice([200, 300])
        tmp = pdf + ".text.pdf"
        os.rename(pdf, tmp)
        scan_fn(tmp, pdf, r, dpi)
        os.remove(tmp)
        if pdftext(pdf).strip():
            raise RuntimeError("%s: the scan has a text layer" % ident)
    with open(os.path.join(out, ident + ".json"), "w", encoding="utf-8") as f:
        json.dump(T, f, ensure_ascii=False, indent=1)
    return {"id": ident, "pdf": ident + ".pdf", "truth": ident + ".json", "layout": fam, "language": c["lang"],
            "kind": kind, "dpi": dpi, "pages": pages, "typeCode": "381" if c["credit"] else "380",
            "producer": X.producer, "notCounted": nc}
