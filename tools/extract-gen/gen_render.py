"""Drawing one synthetic invoice with a layout drawn from many parameters (gen.py)."""
import random
from decimal import Decimal
from reportlab.lib.pagesizes import A4, letter
from reportlab.pdfbase.pdfmetrics import stringWidth
import gen_data as D

CUR_SIGN = {"EUR": "€", "GBP": "£", "USD": "$"}


class Page:
    """A reportlab canvas with a font pair, a cursor for flowing content and page breaks."""
    def __init__(self, c, fonts, size, w, h, footer):
        self.c, self.f, self.fb, self.size, self.w, self.h = c, fonts[0], fonts[1], size, w, h
        self.footer, self.page_no = footer, 1

    def text(self, x, y, s, size=None, bold=False, align="l", color=None):
        font = self.fb if bold else self.f
        size = size or self.size
        s = self.safe(s, font)
        if color:
            self.c.setFillColorRGB(*color)
        self.c.setFont(font, size)
        if align == "r":
            self.c.drawRightString(x, self.h - y, s)
        elif align == "c":
            self.c.drawCentredString(x, self.h - y, s)
        else:
            self.c.drawString(x, self.h - y, s)
        if color:
            self.c.setFillColorRGB(0, 0, 0)

    def width(self, s, size=None, bold=False):
        font = self.fb if bold else self.f
        return stringWidth(self.safe(s, font), font, size or self.size)

    def safe(self, s, font):
        if font in ("Helvetica", "Helvetica-Bold", "Times-Roman", "Times-Bold", "Courier", "Courier-Bold"):
            s = s.replace("\u202f", "\u00a0")
        return s

    def wrap(self, s, width, size=None):
        words, lines, cur = s.split(" "), [], ""
        for w in words:
            t = (cur + " " + w).strip()
            if cur and self.width(t, size) > width:
                lines.append(cur)
                cur = w
            else:
                cur = t
        return lines + ([cur] if cur else [])

    def rule(self, x0, y, x1, wdt=0.6):
        self.c.setLineWidth(wdt)
        self.c.line(x0, self.h - y, x1, self.h - y)

    def rect(self, x, y, w, h, fill=None, stroke=True):
        if fill:
            self.c.setFillColorRGB(*fill)
        self.c.rect(x, self.h - y - h, w, h, fill=1 if fill else 0, stroke=1 if stroke else 0)
        self.c.setFillColorRGB(0, 0, 0)

    def new_page(self):
        self.footer(self)
        self.c.showPage()
        self.page_no += 1


def rtxt(rate):
    s = str(Decimal(rate))
    return s.rstrip("0").rstrip(".") if "." in s else s


def fmt_qty(q, nf, r, style):
    if style == "dec2":
        return nf(int(q * 100))
    if q == q.to_integral():
        return str(int(q))
    s = rtxt(q)
    return s.replace(".", nf.dsep)


def money(nf, cents, cur, mode):
    s = nf(cents)
    sign = CUR_SIGN.get(cur, cur)
    if mode == "after":
        return s + " " + sign
    if mode == "before":
        return sign + s if cur != "EUR" else sign + " " + s
    if mode == "code":
        return cur + " " + s
    return s


def render(inv, pdf_path, fonts, r):
    from reportlab.pdfgen import canvas
    t, seller, buyer, lang = inv["truth"], inv["seller"], inv["buyer"], inv["lang"]
    pagesize = letter if inv["us"] else A4
    W, H = pagesize
    c = canvas.Canvas(pdf_path, pagesize=pagesize)
    c.setTitle(r.choice(["", "Invoice", t["invoiceNumber"]]))
    c.setProducer(r.choice(["ReportLab", "Acme ERP 7.2", "Office Suite", "InvoiceMaker"]))
    fp = r.choice(fonts)
    size = r.choice([8, 8.5, 9, 9, 9.5, 10, 10.5])
    df = D.date_fmt(r, lang, inv["us"])
    nf = D.num_fmt(r, lang)
    cur = t["currency"]
    rs = inv.get("rs")              # the split's own draws (gen.py --split), None for older corpora
    split = inv.get("split")
    extra = D.label_source(split)
    fam = inv.get("families", set())

    def L(k):
        w = r.choice(D.LABELS[k][lang])
        if rs is not None and k in extra and rs.random() < (0.6 if split == "heldout" else 0.3):
            w = rs.choice(extra[k][lang])
        return w
    mx = r.uniform(40, 70)                       # margins
    right = W - r.uniform(40, 70)
    colon = r.choice([":", ":", ""])
    cur_mode_tab = r.choice(["none", "none", "after", "before"])
    cur_mode_tot = r.choice(["after", "before", "code", "none", cur_mode_tab])
    lh = size * r.uniform(1.25, 1.5)
    seller_cc = t["supplier"]["address"]["countryCode"]
    buyer_cc = t["buyer"]["address"]["countryCode"]

    def addr_lines(co, cc, with_country):
        city = co["city"]
        if co["prov"] and cc == "IT":
            pc = "%s %s (%s)" % (co["postalCode"], city, co["prov"])
        elif cc == "US":
            pc = "%s, %s %s" % (city, co["prov"], co["postalCode"])
        elif cc == "GB":
            pc = r.choice(["%s %s" % (city, co["postalCode"])]) if r.random() < 0.5 else None
            if pc is None and rs is not None:   # older corpora: the postcode on a third line that
                pc = "%s %s" % (city, co["postalCode"])   # the two-line uses ([:2]) dropped
            if pc is None:
                return [co["line1"], city, co["postalCode"]] + ([D.COUNTRY_NAMES[cc][lang]] if with_country else [])
        else:
            pc = "%s %s" % (co["postalCode"], city)
            if cc in ("AT", "BE") and r.random() < 0.2:
                pc = "%s-%s" % (cc[0] if cc == "AT" else "B", pc)
                pc = pc if False else "%s %s" % (co["postalCode"], city)
        return [co["line1"], pc] + ([D.COUNTRY_NAMES[cc][lang]] if with_country else [])

    seller_addr = addr_lines(seller, seller_cc, r.random() < 0.5 or buyer_cc != seller_cc)
    buyer_addr = addr_lines(buyer, buyer_cc, buyer_cc != seller_cc or r.random() < 0.2)
    seller_vat_text = t["supplier"]["vatId"]
    if seller_cc == "IT" and r.random() < 0.4:
        seller_vat_text = seller_vat_text[2:]
    elif r.random() < 0.3 and seller_cc in ("FR", "BE"):
        v = seller_vat_text
        seller_vat_text = v[:2] + " " + v[2:4] + " " + v[4:7] + " " + v[7:10] + " " + v[10:] if seller_cc == "FR" else \
            v[:2] + " " + v[2:6] + "." + v[6:9] + "." + v[9:]
    iban = seller["iban"]
    iban_text = (" ".join(iban[i:i + 4] for i in range(0, len(iban), 4)) if r.random() < 0.8 else iban) if iban else None
    vat_label = L("vat") if seller_cc != "US" else r.choice(["EIN", "Tax ID", "Federal Tax ID"])

    # ---- footer (drawn on every page)
    foot_style = r.choice(["cols", "cols", "line", "none"])
    page_nums = r.random() < 0.6
    bic = "".join(r.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(4)) + seller_cc + "XX" + (r.choice(["", "XXX"]))
    reg = r.choice(["HRB %d" % r.randint(1000, 99999), "RCS %s %d" % (seller["city"], r.randint(100000000, 999999999)),
                    "REA MI-%d" % r.randint(100000, 999999), "KvK %d" % r.randint(10000000, 99999999),
                    "Company No. %d" % r.randint(1000000, 9999999)])
    bank_in_body = foot_style != "cols" or r.random() < 0.3

    def footer(pg):
        fs = size * 0.8
        y = H - r.uniform(55, 75) if False else H - 62
        if foot_style == "cols":
            pg.rule(mx, y - fs * 1.6, right, 0.4)
            cols = [[seller["name"]] + seller_addr[:2],
                    ([r.choice(["Bank", L("bank")])] + (["IBAN " + iban_text, "BIC " + bic] if iban else ["ABA 0%d" % r.randint(10000000, 99999999)])),
                    ["%s %s" % (vat_label, seller_vat_text), reg]]
            cw = (right - mx) / 3
            for i, col in enumerate(cols):
                for j, s in enumerate(col):
                    pg.text(mx + i * cw, y + j * fs * 1.3, s, fs)
        elif foot_style == "line":
            s = " · ".join([seller["name"], seller_addr[0], seller_addr[1]] + (["IBAN " + iban_text] if iban else []))
            pg.text((mx + right) / 2, y + fs * 1.5, s, fs * 0.95, align="c")
        if page_nums and inv.get("_pages", 1) >= 1:
            pg.text(right, H - 30, {"de": "Seite %d", "en": "Page %d", "fr": "Page %d", "it": "Pagina %d"}[lang] % pg.page_no, fs, align="r")

    pg = Page(c, fp, size, W, H, footer)

    # ---- header
    y = r.uniform(40, 70)
    head = r.choice(["left", "right", "center", "band"])
    name_size = size * r.uniform(1.3, 2.2)
    logo = r.random() < 0.4
    if head == "band":
        bh = r.uniform(60, 95)
        col = (r.uniform(0.1, 0.5), r.uniform(0.2, 0.5), r.uniform(0.3, 0.7))
        pg.rect(0, 0, W, bh, fill=col, stroke=False)
        pg.text(mx + (50 if logo else 0), bh / 2, seller["name"], name_size, True, color=(1, 1, 1))
        if logo:
            pg.rect(mx, bh / 2 - 25, 40, 35, fill=(0.95, 0.95, 0.95), stroke=False)
        y = bh + 25
        head_addr_x, head_align = right, "r"
    else:
        x = {"left": mx, "right": right, "center": W / 2}[head]
        al = {"left": "l", "right": "r", "center": "c"}[head]
        if logo:
            lx = right - 60 if head == "left" else mx
            pg.rect(lx, y - 10, 55, 40, fill=(r.uniform(0.3, 0.9),) * 3, stroke=False)
        pg.text(x, y + name_size, seller["name"], name_size, True, align=al)
        y += name_size + lh * 1.2
        head_addr_x, head_align = x, al
    head_addr = r.choice(["lines", "lines", "oneliner", "none"])
    if "remit" in fam:              # the supplier's address only in a remit-to block below
        head_addr, foot_style, bank_in_body = "none", "none", True
    if rs is not None and head_addr == "none" and foot_style == "none" and "remit" not in fam:
        foot_style = "line"         # older corpora printed some suppliers' address nowhere
    if head_addr == "lines":   # seller address in the letterhead
        for s in seller_addr + ([seller["phone"]] if r.random() < 0.5 else []) + ([seller["email"]] if r.random() < 0.4 else []):
            pg.text(head_addr_x, y, s, size * 0.9, align=head_align)
            y += lh * 0.9
    elif head_addr == "oneliner":
        parts = seller_addr[:2] + ([seller["phone"]] if r.random() < 0.5 else []) + ([seller["email"]] if r.random() < 0.5 else [])
        pg.text(mx if head != "right" else right, y, r.choice([" · ", " | ", " – "]).join(parts), size * 0.85,
                align="r" if head == "right" else "l")
        y += lh
    y += lh

    if r.random() < 0.15:   # an amount-due box first (SaaS / utility style)
        pg.rect(mx, y - size - 4, 200, 3 * lh + 6, fill=(0.93, 0.93, 0.93))
        pg.text(mx + 6, y, L("payable"), size * 0.9)
        pg.text(mx + 6, y + lh * 1.2, money(nf, int(Decimal(t["totals"]["payableAmount"]) * 100), t["currency"], "after"),
                size * 1.3, True)
        if inv["due"]:
            pg.text(mx + 6, y + lh * 2.4, "%s %s" % (L("due"), df(inv["due"])), size * 0.9)
        y += 4 * lh

    # ---- blocks: buyer and meta side by side or stacked
    meta = []
    title_number = r.random() < 0.2
    city_date = title_number and r.random() < 0.7
    if not title_number:
        meta.append((L("number"), t["invoiceNumber"]))
    if not city_date:
        meta.append((L("date"), df(inv["issue"])))
    decoys = [("customer", "KD-%d" % r.randint(10000, 99999)), ("order", "%s-%d" % (r.choice(["PO", "B", "ORD", "BE"]), r.randint(1000, 99999))),
              ("delivery", df(inv["issue"] - __import__("datetime").timedelta(days=r.randint(1, 20))))]
    for k, v in decoys:
        if r.random() < 0.5:
            meta.append((L(k), v))
    if inv["due"] and r.random() < 0.75:
        meta.append((L("due"), df(inv["due"])))
        due_in_meta = True
    else:
        due_in_meta = False
    if t["buyerReference"]:
        meta.append((L("ref"), t["buyerReference"]))
    buyer_vat_where = r.choice(["block", "meta"]) if t["buyer"]["vatId"] else None
    if buyer_vat_where == "meta":
        meta.append((L("buyervat"), t["buyer"]["vatId"]))
    seller_vat_meta = r.random() < 0.3
    if seller_vat_meta:
        meta.append((vat_label, seller_vat_text))
    r.shuffle(meta) if r.random() < 0.3 else None

    if r.random() < 0.6 and "remit" not in fam:
        pg.text(mx, y, " · ".join([seller["name"], seller_addr[0], seller_addr[1]]), size * 0.7)
        y += lh
    bx = mx if r.random() < 0.75 else W / 2 + 10
    mxx = W / 2 + r.uniform(20, 60) if bx == mx else mx
    by0 = y
    label = L("billto")
    ship = r.random() < 0.2
    boxed = r.random() < 0.25
    yy = y
    if label:
        pg.text(bx, yy, label + (":" if r.random() < 0.5 else ""), size * 0.9, bold=r.random() < 0.5)
        yy += lh
    blines = [buyer["name"]] + buyer_addr
    if buyer_vat_where == "block":
        blines.append("%s %s" % (L("buyervat"), t["buyer"]["vatId"]))
    for i, s in enumerate(blines):
        pg.text(bx, yy, s, size * (1.05 if i == 0 else 1), bold=(i == 0 and r.random() < 0.4))
        yy += lh
    if boxed:
        pg.rect(bx - 5, by0 - size - 4, W / 2 - mx - 20, yy - by0 + 6)
    seller_box = not ship and r.random() < 0.3
    if seller_box:   # a seller box beside the buyer's (the metadata goes below, as cells)
        sx = bx + (W / 2 - mx) * 0.6 if bx == mx else mx
        if rs is not None and bx == mx:   # clear of the buyer's longest line
            sx = max(sx, bx + max(pg.width(s, size * 1.05) for s in blines) + 30)
        sy = by0
        pg.text(sx, sy, L("seller"), size * 0.9, bold=True)
        for s in [seller["name"]] + seller_addr[:2] + (["%s %s" % (vat_label, seller_vat_text)] if r.random() < 0.5 else []):
            sy += lh
            pg.text(sx, sy, s, size * 0.95)
        yy = max(yy, sy + lh)
        if abs(sx - mxx) < 150:
            mxx = right - 170 if bx == mx else mxx
    if ship:
        sx = bx + (W / 2 - mx) * 0.55 if bx == mx else mx
        if rs is not None and bx == mx:   # clear of the buyer's longest line
            sx = max(sx, bx + max(pg.width(s, size * 1.05) for s in blines) + 30)
        if sx != mxx or True:
            sy = by0
            pg.text(sx, sy, L("shipto"), size * 0.9, bold=True)
            other = D.company(r, buyer_cc)
            for s in [buyer["name"]] + addr_lines(other, buyer_cc, False):
                sy += lh
                pg.text(sx, sy, s, size * 0.95)
        if sx == mxx or abs(sx - mxx) < 120:
            mxx = right - 170 if bx == mx else mxx
    meta_mode = "cells" if seller_box or (ship and bx != mx) else r.choice(["pairs", "pairs", "cells", "inline"])
    # --extras (gen.py): drawn from a second generator, so corpora made without it stay as they were
    rx = inv.get("rx")
    dotline = rx is not None and rx.random() < 0.25
    if dotline:   # some metadata as one line "Label: value · Label: value" under the blocks
        k = rx.randint(2, max(2, len(meta)))
        dot_meta, meta = meta[-k:], meta[:-k]
    if "metabox" in fam and meta_mode != "cells":
        my = by0 - size
        lw = max(pg.width(k) for k, v in meta) + 12 if meta else 0
        vw = max(pg.width(v) for k, v in meta) + 12 if meta else 0
        bx0 = min(mxx, right - lw - vw)
        for k, v in meta:
            pg.rect(bx0, my - 2, lw, lh + 4, fill=(0.9, 0.9, 0.9))
            pg.rect(bx0 + lw, my - 2, vw, lh + 4)
            pg.text(bx0 + 5, my + size, k, size * 0.9)
            pg.text(bx0 + lw + 5, my + size, v)
            my += lh + 4
        y = max(yy, my) + lh
    elif meta_mode == "cells" and rs is not None:   # cells as wide as they need, wrapped
        y = max(yy, y) + lh
        cx = mx
        for i, (k, v) in enumerate(meta):
            cw = max(pg.width(k, size * 0.8), pg.width(v)) + 24
            if cx + cw > right and cx > mx:
                cx, y = mx, y + 2 * lh + 8
            pg.rect(cx, y - size - 3, cw, 2 * lh + 4) if r.random() < 0.8 else None
            pg.text(cx + 3, y, k, size * 0.8)
            pg.text(cx + 3, y + lh, v, size)
            cx += cw
        y += 2 * lh + 10
    elif meta_mode == "cells":
        y = max(yy, y) + lh
        cw = (right - mx) / max(1, len(meta))
        for i, (k, v) in enumerate(meta):
            pg.rect(mx + i * cw, y - size - 3, cw, 2 * lh + 4) if r.random() < 0.8 else None
            pg.text(mx + i * cw + 3, y, k, size * 0.8)
            pg.text(mx + i * cw + 3, y + lh, v, size)
        y += 2 * lh + 10
    else:
        my = by0
        lw = max(pg.width(k + colon) for k, v in meta) + 10 if meta else 0
        vx_right = r.random() < 0.5
        for k, v in meta:
            if meta_mode == "inline":
                pg.text(mxx, my, "%s%s %s" % (k, colon, v))
            else:
                pg.text(mxx, my, k + colon, bold=r.random() < 0.2)
                if vx_right:
                    pg.text(right, my, v, align="r")
                else:
                    pg.text(mxx + lw, my, v)
            my += lh
        y = max(yy, my) + lh

    if dotline and dot_meta:
        sep = rx.choice([" \u00b7 ", " | ", " \u00b7 "])
        pg.text(mx, y, sep.join("%s%s %s" % (k, rx.choice([":", ""]), v) for k, v in dot_meta), size * rx.choice([0.9, 1.0]))
        y += lh * 1.5
    # ---- title
    y += lh * r.uniform(0.5, 2)
    tsize = size * r.uniform(1.3, 2.0)
    title = L("title")
    if title_number:
        title = r.choice(["%s %s %s" % (title, {"de": "Nr.", "en": "No.", "fr": "n°", "it": "n."}[lang], t["invoiceNumber"]),
                          "%s %s" % (title, t["invoiceNumber"])])
    pg.text(mx, y, title, tsize, True)
    if city_date:
        pg.text(right, y, "%s, %s" % (seller["city"], df(inv["issue"])), size, align="r")
    y += tsize + lh
    if r.random() < 0.5:
        pg.text(mx, y, r.choice({"de": ["Sehr geehrte Damen und Herren,", "wir berechnen Ihnen:"],
                                 "en": ["We are pleased to invoice you for the following:", "Dear customer,"],
                                 "fr": ["Nous vous facturons les prestations suivantes :", "Madame, Monsieur,"],
                                 "it": ["Vi addebitiamo quanto segue:", "Spettabile cliente,"]}[lang]))
        y += lh * 2

    # ---- item table
    multi_rate = len(inv["breakdown"]) > 1
    cols = ["desc", "qty", "unit", "price", "amount"]
    if r.random() < 0.7:
        cols.insert(0, "pos")
    unit_mode = r.choice(["col", "col", "qty"])   # unit in its own column or after the quantity
    if unit_mode == "qty":
        cols.remove("unit")
    if multi_rate or r.random() < 0.35:
        cols.insert(cols.index("amount"), "rate")
    if r.random() < 0.25:      # quantity first
        cols.remove("qty")
        cols.insert(1 if cols[0] == "pos" else 0, "qty")
    qty_style = "dec2" if r.random() < 0.2 else "plain"
    widths = {"pos": 28, "qty": 45, "unit": 45, "price": 65, "rate": 40, "amount": 70}
    tstyle = r.choice(["grid", "rules", "zebra", "plain", "headfill"])
    heads = {col: L(col) if col != "amount" else L("amount") for col in cols}
    rate_sym = r.choice(["%", " %"])
    if rs is not None:   # columns as wide as what they hold (older corpora could overlap)
        longest = {"qty": max(len(fmt_qty(l["quantity"], nf, r, qty_style)) for l in inv["lines"]) + (8 if unit_mode == "qty" else 0),
                   "price": max(len(money(nf, int(l["price"] * 100), cur, cur_mode_tab)) for l in inv["lines"]),
                   "amount": max(len(money(nf, int(l["netAmount"] * 100), cur, cur_mode_tab)) for l in inv["lines"]),
                   "rate": 7, "unit": 8, "pos": 2}
        for col in longest:
            if col in cols:
                need = max(pg.width("8" * longest[col]), pg.width(heads[col], bold=True)) + 12
                widths[col] = max(widths[col], need)
    fixed = sum(widths[c] for c in cols if c != "desc")
    widths["desc"] = (right - mx) - fixed
    xs, x = {}, mx
    for col in cols:
        xs[col] = x
        x += widths[col]

    def table_head(y):
        if tstyle in ("headfill", "zebra"):
            pg.rect(mx, y - size - 2, right - mx, lh + 2, fill=(0.85, 0.85, 0.88), stroke=False)
        for col in cols:
            if col in ("desc", "pos", "unit"):
                pg.text(xs[col] + 3, y, heads[col], bold=True)
            else:
                pg.text(xs[col] + widths[col] - 3, y, heads[col], bold=True, align="r")
        if tstyle in ("rules", "grid", "plain"):
            pg.rule(mx, y + 4, right)
        return y + lh + 2

    y = table_head(y)
    bottom = H - 110
    for i, l in enumerate(inv["lines"]):
        dl = pg.wrap(l["description"], widths["desc"] - 6)
        need = lh * len(dl) + 3
        if y + need > bottom:
            pg.new_page()
            y = r.uniform(50, 80)
            y = table_head(y)
        if tstyle == "zebra" and i % 2:
            pg.rect(mx, y - size - 2, right - mx, need, fill=(0.93, 0.93, 0.95), stroke=False)
        unit_word = r.choice(D.UNIT_WORDS[l["unit"]][lang])
        qty = fmt_qty(l["quantity"], nf, r, qty_style)
        rate_txt = (nf(int(Decimal(l["taxRate"]) * 100)) if r.random() < 0.3 else
                    rtxt(l["taxRate"]).replace(".", nf.dsep)) + rate_sym
        fy = y + (len(dl) - 1) * lh if "bottom" in fam else y
        for col in cols:
            if col == "desc":
                for k, s in enumerate(dl):
                    pg.text(xs[col] + 3, y + k * lh, s)
            elif col == "pos":
                pg.text(xs[col] + 3, fy, str(i + 1))
            elif col == "unit":
                pg.text(xs[col] + 3, fy, unit_word)
            else:
                s = {"qty": qty + (" " + unit_word if unit_mode == "qty" else ""), "rate": rate_txt,
                     "price": money(nf, int(l["price"] * 100), cur, cur_mode_tab),
                     "amount": money(nf, int(l["netAmount"] * 100), cur, cur_mode_tab)}[col]
                pg.text(xs[col] + widths[col] - 3, fy, s, align="r")
        y += need
        if tstyle == "grid":
            pg.rule(mx, y - size + 2, right, 0.4)
    if tstyle in ("rules", "grid"):
        pg.rule(mx, y - size + 2, right)
    y += lh

    # ---- totals
    if y + lh * (5 + len(inv["breakdown"]) * 2) > bottom:
        pg.new_page()
        y = 80
    tl = right - r.uniform(180, 260)
    tot_right = right
    if "totleft" in fam:
        tl, tot_right = mx, mx + (right - tl)
    bd = inv["breakdown"]
    tot = t["totals"]
    M = lambda v: money(nf, int(Decimal(v) * 100), cur, cur_mode_tot)
    rows = [(L("subtotal"), M(tot["lineNetAmount"]))]
    vat_table = r.random() < 0.3
    for b in bd:
        rt = rtxt(b["rate"]).replace(".", nf.dsep)
        form = r.random()
        if form < 0.3:
            rows.append(("%s %s%s" % (L("tax"), rt, rate_sym), M(b["taxAmount"])))
        elif form < 0.5:
            rows.append(("%s (%s%s)" % (L("tax"), rt, rate_sym), M(b["taxAmount"])))
        else:
            rows.append(("%s %s%s %s %s" % (L("tax"), rt, rate_sym, {"de": "auf", "en": "on", "fr": "sur", "it": "su"}[lang],
                                           nf(int(Decimal(b["taxableAmount"]) * 100))), M(b["taxAmount"])))
    rows.append((L("total"), M(tot["taxInclusiveAmount"])))
    if r.random() < 0.5:
        rows.append((L("payable"), M(tot["payableAmount"])))
    box = r.random() < 0.3
    for k, (lab, val) in enumerate(rows):
        bold = k >= len(rows) - 1
        if box:
            pg.rect(tl - 4, y - size - 2, tot_right - tl + 4, lh, fill=(0.9, 0.9, 0.9) if bold else None)
        pg.text(tl, y, lab + (colon if r.random() < 0.3 else ""), bold=bold)
        pg.text(tot_right - 3, y, val, bold=bold, align="r")
        y += lh
    y += lh
    if vat_table:
        hx = [mx, mx + 90, mx + 200]
        for j, hname in enumerate([L("rate"), L("subtotal"), L("tax")]):
            pg.text(hx[j], y, hname, bold=True)
        y += lh
        for b in bd:
            pg.text(hx[0], y, rtxt(b["rate"]).replace(".", nf.dsep) + rate_sym)
            pg.text(hx[1], y, nf(int(Decimal(b["taxableAmount"]) * 100)))
            pg.text(hx[2], y, nf(int(Decimal(b["taxAmount"]) * 100)))
            y += lh
        y += lh
    # ---- notes, payment
    notes = []
    if inv["situation"] == "reverse":
        notes.append(L("reverse"))
    elif inv["situation"] == "export":
        notes.append(L("export"))
    if inv["due"] and not due_in_meta:
        notes.append({"de": "Bitte zahlen Sie bis zum %s.", "en": "Please pay by %s.", "fr": "À régler avant le %s.",
                      "it": "Pagamento entro il %s."}[lang] % df(inv["due"]))
    elif not inv["due"]:
        notes.append(L("receipt"))
    if bank_in_body and iban:
        notes.append("%s: IBAN %s · BIC %s" % (L("bank"), iban_text, bic))
    elif bank_in_body and not iban:
        notes.append("ABA routing 0%d, account %d" % (r.randint(10000000, 99999999), r.randint(10000000, 999999999)))
    if foot_style != "cols" and not seller_vat_meta:
        notes.append("%s %s" % (vat_label, seller_vat_text))
    notes.append(L("thanks"))
    for s in notes:
        if y > bottom:
            pg.new_page()
            y = 80
        pg.text(mx, y, s, size * 0.95)
        y += lh
    if "remit" in fam:
        block = [rs.choice([L("seller"), {"de": "Zahlungsempfänger", "en": "Please remit to", "fr": "Bénéficiaire",
                                          "it": "Beneficiario"}[lang]])] + [seller["name"]] + seller_addr
        if y + lh * (len(block) + 1) > bottom:
            pg.new_page()
            y = 80
        y += lh * 0.5
        x0 = rs.choice([mx, W / 2 + 20])
        for k, s in enumerate(block):
            pg.text(x0, y, s, size * 0.95, bold=k == 0)
            y += lh
    footer(pg)
    c.showPage()
    c.save()
    return pg.page_no
