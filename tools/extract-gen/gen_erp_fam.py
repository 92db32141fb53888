"""The layout families of `gen.py --split erp` (see gen_erp.py): each function draws one document
in the look of a widely used invoicing product, reimplemented from how its prints look (no code,
template or file of the product is used). FAMILIES at the end lists them with the sellers and
languages they print for and the content each tends to have."""
from decimal import Decimal
from reportlab.lib.pagesizes import A4, letter
import gen_erp as G
import gen_erp_data as E

PALETTE = [(0.13, 0.35, 0.62), (0.55, 0.1, 0.15), (0.1, 0.45, 0.35), (0.85, 0.4, 0.1), (0.35, 0.2, 0.55),
           (0.2, 0.2, 0.2), (0.0, 0.5, 0.6), (0.6, 0.5, 0.1), (0.16, 0.54, 0.67), (0.44, 0.29, 0.49)]
GREY = (0.42, 0.42, 0.42)
LIGHT = (0.93, 0.93, 0.93)
MM = 72 / 25.4


def begin(X, path, total, kinds, sizes, producer, creator=None, letter_ok=True):
    r = X.r
    F = G.fonts()
    kind = r.choice([k for k in kinds if k in F] or ["sans"])
    font = r.choice(F[kind])
    size = r.choice(sizes)
    pagesize = letter if X.c["us"] and letter_ok else A4
    pg = G.Pg(path, pagesize, font, size)
    pg.c.setProducer(producer)
    pg.c.setCreator(creator or producer)
    pg.c.setTitle(r.choice(["", X.c["number"], "%s %s" % (X.title(), X.c["number"])]))
    pg.c.setAuthor(r.choice(["", X.c["seller"]["name"]]))
    X.producer = producer
    X.total = total
    X.color = r.choice(PALETTE)
    X.font_kind = kind
    return pg


def p(X, prob):
    return X.r.random() < prob


def meta(X, keys, pools=None, colon=None):
    """(label, value) pairs; a key ending in '?' is printed with probability 0.5 (decoys)"""
    c, pools = X.c, pools or {}
    out = []
    col = X.colon() if colon is None else colon

    def lab(k, base=None):
        pool = pools.get(k)
        w = X.L("m_" + k, pool) if pool is not None else X.L(base or k)
        return w if w.endswith(":") or not col else w + col
    for k in keys:
        opt = k.endswith("?")
        k = k.rstrip("?")
        if opt and not p(X, 0.5):
            continue
        if k == "number":
            out.append((lab(k), X.number()))
        elif k == "date":
            out.append((lab(k), X.date("issue")))
        elif k == "due":
            if c["due"]:
                out.append((lab(k), X.date("due")))
        elif k == "ref":
            if c["ref"]:
                out.append((lab(k), X.ref()))
        elif k == "customer":
            out.append((lab(k), c["customer_no"]))
        elif k == "order":
            out.append((lab(k), c["order_no"]))
        elif k == "order_date":
            out.append((lab(k), X.date("order")))
        elif k == "delivery":
            out.append((lab(k), X.date("delivery")))
        elif k == "period":
            out.append((lab(k), E.period(X.df, c["issue"], X.lang)))
        elif k == "dnote":
            out.append((lab(k), c["dnote"]))
        elif k == "contact":
            out.append((lab(k), c["contact"]))
        elif k == "phone":
            out.append((lab(k, None) if "phone" in pools else X.L("phone_l", {"de": ["Telefon", "Tel.", "Durchwahl"], "en": ["Phone", "Tel."],
                                                                            "fr": ["Tél.", "Téléphone"], "it": ["Tel.", "Telefono"]}) + col, c["contact_phone"]))
        elif k == "email":
            out.append((X.L("email_l", ["E-Mail", "Email", "E-mail"]) + col, c["contact_mail"]))
        elif k == "vat_buyer":
            v = X.b_vat(label=False)
            if v:
                out.append((lab(k), v))
        elif k == "vat_seller":
            v = X.s_vat(label=False)
            if v:
                out.append((lab(k), v))
        elif k == "terms":
            out.append((lab(k), X.L("terms_short", {"de": ["%d Tage netto", "%d Tage"], "en": ["Net %d", "%d days"], "fr": ["%d jours", "%d jours net"],
                                                    "it": ["%d gg d.f.", "%d giorni"]}) % c["terms"] if c["terms"] else
                        X.L("terms_now", {"de": ["sofort", "sofort netto"], "en": ["Due on receipt", "Immediate"], "fr": ["À réception", "Comptant"],
                                          "it": ["Vista fattura", "Rimessa diretta"]})))
        else:
            raise KeyError(k)
    return out


def pairs(pg, x, y, items, lh, size=None, lstyle="r", vstyle="r", x_val=None, right=None, lcolor=None, vcolor=None):
    """label/value lines; values at x_val (left aligned) or right-aligned at `right`"""
    size = size or pg.size
    if x_val is None and right is None:
        x_val = x + max([pg.width(k, size, lstyle) for k, v in items] + [0]) + 8
    for k, v in items:
        pg.text(x, y, k, size, lstyle, color=lcolor)
        if right is not None:
            pg.text(right, y, v, size, vstyle, "r", color=vcolor)
        else:
            pg.text(x_val, y, v, size, vstyle, color=vcolor)
        y += lh
    return y


def cells(pg, x0, x1, y, items, size, lsize=None, boxed=True, fill=None, upper=False, lstyle="r", vstyle="r", lh=None,
          even=False, lcolor=None, pad=3):
    """a row of cells, label above value; widths from their content (even: equal), wrapping to a new row"""
    lsize = lsize or size * 0.8
    lh = lh or size * 1.25
    h = lsize * 1.3 + lh + 2 * pad
    x = x0
    ws = []
    for k, v in items:
        k2 = k.upper() if upper else k
        ws.append(max(pg.width(k2, lsize, lstyle), pg.width(v, size, vstyle)) + 2 * pad + 6)
    if even and items:
        w = (x1 - x0) / len(items)
        if all(wi <= w for wi in ws):
            ws = [w] * len(items)
    rows, cur, x = [], [], x0
    for (k, v), w in zip(items, ws):
        if cur and x + w > x1:
            rows.append(cur)
            cur, x = [], x0
        cur.append((k, v, w))
        x += w
    if cur:
        rows.append(cur)
    for row in rows:
        if even or len(rows) > 1 or True:    # stretch the last cell to the right edge
            extra = (x1 - x0) - sum(w for _, _, w in row)
            if extra > 0 and (even or boxed):
                row[-1] = (row[-1][0], row[-1][1], row[-1][2] + extra)
        x = x0
        for k, v, w in row:
            if fill:
                pg.rect(x, y, w, lsize * 1.3 + pad, fill=fill, stroke=False)
            if boxed:
                pg.rect(x, y, w, h, lw=0.5)
            pg.text(x + pad, y + pad + lsize, k.upper() if upper else k, lsize, lstyle, color=lcolor)
            pg.text(x + pad, y + pad + lsize * 1.3 + lh * 0.85, v, size, vstyle)
            x += w
        y += h
    return y


def block(pg, x, y, lines, lh, size=None, first_bold=True, title=None, tsize=None, tstyle="b", tcolor=None, color=None, maxw=None):
    size = size or pg.size
    if maxw:
        size = fit_lines(pg, [s for s in lines if s], maxw, size)
    if title:
        pg.text(x, y, title, tsize or size, tstyle, color=tcolor)
        y += lh * 1.1
    for k, s in enumerate(lines):
        if s:
            pg.text(x, y, s, size, "b" if k == 0 and first_bold else "r", color=color)
        y += lh
    return y


def contact(X, style="labels"):
    s, lang = X.c["seller"], X.lang
    lab = {"de": ("Tel.", "Fax", "E-Mail", "Web"), "en": ("Tel", "Fax", "Email", "Web"), "fr": ("Tél.", "Fax", "Email", "Web"),
           "it": ("Tel.", "Fax", "E-mail", "Web")}[lang]
    if style == "plain":
        return [s["phone"], s["email"], s["web"]]
    out = ["%s %s" % (lab[0], s["phone"])]
    if X.L("has_fax", [False, False, True]) and lang in ("de", "it", "fr"):
        out.append("%s %s" % (lab[1], s["fax"]))
    out += ["%s %s" % (lab[2], s["email"]), "%s %s" % (lab[3], s["web"]) if X.L("web_label", [True, False]) else s["web"]]
    return out


def bank(X, style="lines"):
    """the seller's bank details (marks the IBAN); US sellers: routing and account numbers"""
    c = X.c
    if c["cc"] == "US":
        return ["%s %s" % (X.L("aba", ["ABA", "Routing no.", "ABA Routing"]), "0%08d" % X.r.randint(10000000, 99999999)),
                "%s %d" % (X.L("acct", ["Account", "Acct. no.", "Account no."]), X.r.randint(10000000, 999999999))][:2] if style != "one" else \
            ["%s, ABA 0%08d, Account %d" % (c["bank"] or "Bank", X.r.randint(10000000, 99999999), X.r.randint(10000000, 999999999))]
    ib, bic = X.iban(), c["bic"]
    out = []
    if c["cc"] == "GB" and X.L("gb_sort", [True, False]):
        out.append("%s %02d-%02d-%02d  %s %08d" % (X.L("sort", ["Sort code", "Sort Code:"]), X.r.randint(10, 99), X.r.randint(10, 99),
                                                  X.r.randint(10, 99), X.L("acc", ["Account", "Acc. No."]), X.r.randint(1, 99999999)))
    if style == "one":
        return out + ["%s · IBAN %s · BIC %s" % (c["bank"], ib, bic) if c["bank"] else "IBAN %s · BIC %s" % (ib, bic)]
    return out + ([c["bank"]] if c["bank"] else []) + ["IBAN %s" % ib, "BIC %s" % bic]


def legal(X, parts=("register", "directors", "vat", "taxno")):
    c, lang = X.c, X.lang
    out = []
    for k in parts:
        if k == "register" and c["register"] and c["cc"] != "US":
            out.append(c["register"] if c["cc"] not in ("FR", "BE") else "%s %s" % (c["register"], siren(c)))
        elif k == "seat" and lang == "de":
            out.append("Sitz der Gesellschaft: %s" % c["seller"]["city"])
        elif k == "directors" and c["cc"] in ("DE", "AT", "CH"):
            out.append("%s: %s" % (X.L("gf", ["Geschäftsführer", "Geschäftsführung", "GF"]), ", ".join(c["directors"])))
        elif k == "directors" and c["cc"] == "GB":
            out.append("Directors: " + ", ".join(c["directors"]))
        elif k == "vat":
            v = X.s_vat()
            if v:
                out.append(v)
        elif k == "taxno" and c["taxno"] and X.L("print_taxno", [True, False]):
            out.append("%s %s" % (X.L("stnr", ["Steuernummer:", "St.-Nr.", "Steuer-Nr.:"]), c["taxno"]))
    return out


def siren(c):
    v = c["seller"]["vatId"]
    if c["cc"] == "FR":
        return "%s %s %s" % (v[4:7], v[7:10], v[10:13])
    if c["cc"] == "BE":
        return "%s.%s.%s" % (v[2:6], v[6:9], v[9:12])
    return ""


def foot_cols(pg, cols, y, x0, x1, size, rule=None, color=None, lh=None, widths=None):
    """page-footer columns, as wide as their longest line, spread over the width (smaller type when they do not fit)"""
    cols = [[s for s in col if s] for col in cols]
    cols = [col for col in cols if col]
    gap = 10
    for _ in range(40):
        nat = [max(pg.width(s, size) for s in col) for col in cols]
        if sum(nat) + gap * (len(cols) - 1) <= x1 - x0 or size <= 4.5:
            break
        size -= 0.25
    lh = min(lh, size * 1.3) if lh else size * 1.25
    if rule:
        pg.hline(x0, x1, y - size * 1.4, rule, color=(0.6, 0.6, 0.6))
    spare = (x1 - x0) - sum(nat)
    step = spare / (len(cols) - 1) if len(cols) > 1 else 0
    x = x0
    for w, col in zip(nat, cols):
        for j, s in enumerate(col):
            pg.text(x, y + j * lh, s, size, color=color)
        x += w + step
    return y + max(len(col) for col in cols) * lh


def foot_center(pg, lines, y, size, color=None, lh=None, rule=None, x0=None, x1=None):
    lh = lh or size * 1.3
    if rule:
        pg.hline(x0, x1, y - size * 1.3, rule, color=(0.5, 0.5, 0.5))
    for j, s in enumerate(lines):
        pg.text(pg.W / 2, y + j * lh, s, size, align="c", color=color)
    return y + len(lines) * lh


def fit_lines(pg, lines, width, size):
    """shrink the size until every line fits the width"""
    while size > 5 and any(pg.width(s, size) > width for s in lines):
        size -= 0.25
    return size


def notes(X, pg, y, x, width, lh, size=None, items=None, style="r"):
    size = size or pg.size
    for s in items or []:
        if not s:
            continue
        for ln in pg.wrap(s, width, size, style):
            y = X.ensure(pg, y, lh)
            pg.text(x, y, ln, size, style)
            y += lh
    return y


def brand(X):
    w = X.c["seller"]["name"].split(" ")[0]
    return w.upper() if X.r.random() < 0.5 else w


# ================================================================================================ Odoo

ODOO = {
    "inv": {"en": "Invoice", "de": "Rechnung", "fr": "Facture", "it": "Fattura"},
    "cn": {"en": "Credit Note", "de": "Gutschrift", "fr": "Avoir", "it": "Nota di credito"},
    "date": {"en": ["Invoice Date:", "Invoice Date"], "de": ["Rechnungsdatum:", "Rechnungsdatum"], "fr": ["Date de facturation :", "Date de la facture :"],
             "it": ["Data fattura:", "Data fattura"]},
    "due": {"en": ["Due Date:", "Due Date"], "de": ["Fälligkeitsdatum:", "Fällig am:"], "fr": ["Date d'échéance :", "Échéance :"], "it": ["Data di scadenza:", "Scadenza:"]},
    "src": {"en": "Source:", "de": ["Quelle:", "Herkunft:"], "fr": "Origine :", "it": "Origine:"},
    "ref": {"en": "Reference:", "de": "Referenz:", "fr": "Référence :", "it": "Riferimento:"},
    "cust": {"en": "Customer Code:", "de": "Kundennummer:", "fr": "Code client :", "it": "Codice cliente:"},
    "desc": {"en": "Description", "de": "Beschreibung", "fr": "Description", "it": "Descrizione"},
    "qty": {"en": "Quantity", "de": "Menge", "fr": "Quantité", "it": "Quantità"},
    "price": {"en": "Unit Price", "de": ["Stückpreis", "Einzelpreis"], "fr": "Prix unitaire", "it": "Prezzo unitario"},
    "disc": {"en": "Disc.%", "de": "Rabatt (%)", "fr": "Rem.%", "it": "Sconto %"},
    "taxes": {"en": "Taxes", "de": "Steuern", "fr": "Taxes", "it": "Imposte"},
    "amount": {"en": "Amount", "de": "Betrag", "fr": "Montant", "it": "Importo"},
    "untaxed": {"en": "Untaxed Amount", "de": ["Nettobetrag", "Zwischensumme"], "fr": ["Montant hors taxes", "Sous-total"], "it": "Imponibile"},
    "total": {"en": "Total", "de": "Gesamt", "fr": "Total", "it": "Totale"},
    "paid": {"en": "Paid on %s", "de": "Bezahlt am %s", "fr": "Payé le %s", "it": "Pagato il %s"},
    "due_amt": {"en": "Amount Due", "de": ["Fälliger Betrag", "Offener Betrag"], "fr": "Montant dû", "it": "Importo dovuto"},
    "comm": {"en": "Please use the following communication for your payment:", "de": "Bitte verwenden Sie für Ihre Zahlung folgende Referenz:",
             "fr": "Merci d'utiliser la communication suivante pour votre paiement :", "it": "Utilizzare la seguente comunicazione per il pagamento:"},
    "on_acc": {"en": "on this account:", "de": "auf folgendes Konto:", "fr": "sur ce compte :", "it": "su questo conto:"},
    "terms": {"en": "Payment terms: %d Days", "de": "Zahlungsbedingungen: %d Tage", "fr": "Conditions de paiement : %d jours", "it": "Termini di pagamento: %d giorni"},
    "now": {"en": "Payment terms: Immediate Payment", "de": "Zahlungsbedingungen: Sofort fällig", "fr": "Conditions de paiement : Paiement immédiat",
            "it": "Termini di pagamento: Pagamento immediato"},
    "ship": {"en": "Shipping Address:", "de": "Lieferadresse:", "fr": "Adresse de livraison :", "it": "Indirizzo di spedizione:"},
    "taxid": {"en": ["Tax ID:", "VAT:"], "de": ["USt-IdNr.:", "Steuer-ID:"], "fr": ["N° TVA :", "TVA :"], "it": ["P. IVA:", "Partita IVA:"]},
    "taxname": {"en": ["", "VAT ", "Tax "], "de": ["", "MwSt. ", "USt "], "fr": ["", "TVA "], "it": ["", "IVA "]},
    "sections": {"en": ["Hardware", "Services", "Licences", "Consumables"], "de": ["Hardware", "Dienstleistungen", "Material", "Lizenzen"],
                 "fr": ["Matériel", "Prestations", "Fournitures"], "it": ["Materiale", "Servizi", "Licenze"]},
    "page": {"en": "Page: %d / %d", "de": "Seite: %d / %d", "fr": "Page : %d / %d", "it": "Pagina: %d / %d"},
}


def odoo(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "sans", "serif"], [8, 8.5, 9, 9, 9.5, 10], r.choice(["Qt 4.8.7", "wkhtmltopdf 0.12.6"]), "Odoo")
    T = lambda k: X.T(ODOO, k)
    lay = r.choice(["standard", "standard", "boxed", "bold", "striped", "minimal"])
    mx = r.uniform(34, 50)
    right = pg.W - mx
    size = pg.size
    lh = size * 1.4
    X.m.pos = r.choice(["before", "after"]) if X.lang == "en" else X.m.pos
    y = 34

    def footer(pg):
        fs = size * 0.85
        fy = pg.H - 46
        parts = [c["seller"]["phone"], c["seller"]["email"], c["seller"]["web"]]
        if lay == "minimal":       # the company's address only here
            parts = [X.s_name()] + X.s_addr(False) + parts[:1]
        v = X.s_vat() if X.L("odoo_vat_foot", [True, True, False]) else None
        if v:
            parts.append(v)
        pg.hline(mx, right, fy - fs * 1.5, 0.6)
        s1 = "  |  ".join(parts) if lay != "bold" else "   ".join(parts)
        fs1 = fit_lines(pg, [s1], right - mx, fs)
        pg.text(pg.W / 2, fy, s1, fs1, align="c")
        foot2 = X.L("odoo_foot2", ["bank", "none", "legal"])
        if foot2 == "bank" and c["seller"]["iban"]:
            pg.text(pg.W / 2, fy + fs * 1.3, "%s %s  %s %s" % (X.L("bank"), X.iban(), "BIC", c["bic"]), fs, align="c")
        elif foot2 == "legal" and legal(X, ("register",)):
            pg.text(pg.W / 2, fy + fs * 1.3, " - ".join(legal(X, ("register", "directors"))), fs, align="c")
        pg.text(pg.W / 2, fy + fs * 2.6, T("page") % (pg.page, X.total), fs, align="c")

    def new_page(pg):
        footer(pg)
        pg.show()
        hdr(pg, small=True)
        return 110
    X.bottom, X.new_page = pg.H - 80, new_page

    def hdr(pg, small=False):
        yy = 34
        if lay == "bold":
            pg.logo(r, mx, yy, 46, 46, X.color, brand(X) if p(X, 0.3) else None, size * 1.6)
        else:
            pg.logo(r, mx, yy, 40, 40, X.color, brand(X) if p(X, 0.4) else None, size * 1.5)
        tag = X.L("odoo_tag", ["", "", E.V["thanks"][X.lang][0], c["seller"]["web"]])
        if tag:
            pg.text(right, yy + 12, tag, size * 0.95, align="r", color=GREY)
        if lay in ("standard", "striped"):
            pg.hline(mx, right, yy + 48, 0.8)
        return yy + 60
    y = hdr(pg)
    # company address (header row 2) and the partner's address
    s_lines = [X.s_name()] + X.s_addr() + ([X.s_vat()] if X.L("odoo_vat_head", [False, True]) else []) if lay != "minimal" else []
    s_lines = [s for s in s_lines if s]
    if lay == "minimal":
        pass
    elif lay == "boxed":
        bx = pg.W / 2 + 10
        pg.rect(bx - 6, y - size - 4, right - bx + 6, lh * len(s_lines) + 8, fill=LIGHT, stroke=False)
        block(pg, bx, y, s_lines, lh * 0.95, size * 0.95, first_bold=False)
    else:
        block(pg, mx, y, s_lines, lh * 0.95, size * 0.9, first_bold=lay == "bold", color=GREY if lay == "striped" else None)
    y += lh * (len(s_lines) + 1.2)
    b = X.b_lines()
    bv = X.b_vat(label=False) if X.L("odoo_bvat", [True, True, False]) else None
    if bv:
        b.append("%s %s" % (T("taxid"), bv))
    ax = pg.W / 2 + r.uniform(0, 40)
    if c["ship"] and p(X, 0.7):
        block(pg, mx, y, X.ship_lines(), lh, size, first_bold=False, title=T("ship"))
    block(pg, ax, y, b, lh, size * 1.02, first_bold=False)
    y += lh * (len(b) + 2)
    # title and the info row
    title = T("cn") if c["credit"] else T("inv")
    pg.text(mx, y, "%s %s" % (title, X.number()), size * 1.9, "r" if lay != "bold" else "b", color=X.color if lay == "bold" else None)
    y += size * 1.9 + lh
    info = [(T("date"), X.date("issue"))]
    if c["due"] and X.L("odoo_due", [True, True, False]):
        info.append((T("due"), X.date("due")))
    if p(X, 0.5):
        info.append((T("src"), c["order_no"]))
    if p(X, 0.3):
        info.append((T("cust"), c["customer_no"]))
    if c["ref"]:
        info.append((T("ref"), X.ref()))
    cw = (right - mx) / max(4, len(info))
    for k, (lab, val) in enumerate(info):
        pg.text(mx + k * cw, y, lab, size, "b")
        pg.text(mx + k * cw, y + lh, val, size)
    y += lh * 2.8
    # lines
    disc = any(l["disc"] for l in c["lines"])
    cols = [{"key": "desc", "head": T("desc")}, {"key": "qtyunit", "head": T("qty"), "align": "r"},
            {"key": "price", "head": T("price"), "align": "r", "w": 60}]
    if disc:
        cols.append({"key": "disc", "head": T("disc"), "align": "r", "w": 40})
    cols += [{"key": "rate", "head": T("taxes"), "align": "r", "w": 50}, {"key": "amount_cur", "head": T("amount"), "align": "r", "w": 70}]
    X.m.qty_style = "dec2"
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"], desc_prefix="[%s] " if X.L("odoo_code", [False, True]) else None)
    tn = T("taxname")
    for i, rw in enumerate(rows):
        rw["rate"] = tn + rw["rate"] if tn else rw["rate"]
        if c["lines"][i]["disc"]:
            rw["disc"] = X.m.num(c["lines"][i]["disc"], 2)
    tb = G.Table(X, pg, cols, mx, right, style="striped" if lay == "striped" else "underline", head_style="b", size=size,
                 rule_color=(0.75, 0.75, 0.75), head_w=1.0, zebra_fill=(0.95, 0.95, 0.95))
    if lay == "striped":
        tb.style = "zebra"
    y = tb.draw(y, rows, X.bottom, new_page)
    # totals
    y += lh
    y = X.ensure(pg, y, lh * (5 + len(c["breakdown"])))
    tx, tr = right - 230, right
    rows_t = [(T("untaxed"), X.amt(c["line_net"], "sym"), "sub")]
    if c["charge"]:
        rows_t.append((X.L("charge"), X.amt(c["charge"]["amount"], "sym"), "charge"))
    if c["allowance"]:
        rows_t.append(("%s %s" % (X.L("allowance"), X.m.rate(c["allowance"]["pct"], "int", "%")), X.amt(c["allowance"]["amount"], "sym", neg=True), "allow"))
    for bb in c["breakdown"]:
        rows_t.append((G.tax_label(X, bb, X.L("odoo_taxform", ["pre", "on"])), X.amt(bb["tax"], "sym"), "tax"))
    rows_t.append((T("total"), X.amt(c["incl"], "sym"), "total"))
    if c["prepaid"]:
        rows_t.append((T("paid") % X.date("paid"), X.amt(c["prepaid"], "sym"), "prepaid"))
    if c["rounding"]:
        rows_t.append((X.L("rounding"), X.amt(c["rounding"], "sym", neg=c["rounding"] < 0), "round"))
    if c["prepaid"] or c["rounding"] or X.L("odoo_due_amt", [True, False]):
        rows_t.append((T("due_amt"), X.amt(c["payable"], "sym"), "payable"))
    for lab, val, kind in rows_t:
        bold = kind in ("total", "payable")
        if kind in ("total", "payable"):
            pg.hline(tx, tr, y - size - 2, 0.8)
        st = "i" if kind == "prepaid" else "b" if bold else "r"
        pg.text(tx, y, lab, size, st)
        pg.text(tr, y, val, size, st, "r")
        y += lh
    y += lh
    # payment communication and terms
    items = []
    if c["seller"]["iban"] and X.L("odoo_comm", [True, True, False]):
        items.append("%s %s" % (T("comm"), c["number"]) + ("" if not p(X, 0.5) else " %s %s" % (T("on_acc"), X.iban())))
    if c["due"] and c["terms"]:
        if X.L("odoo_terms", [True, False]):
            X.mark("due_days")
            items.append(T("terms") % c["terms"])
    elif not c["due"]:
        items.append(T("now"))
    items.append(X.tax_note())
    y = notes(X, pg, y, mx, right - mx, lh, size, items)
    footer(pg)
    pg.c.showPage()
    pg.c.save()
    return pg.page


CUR_NAMES = {"EUR": {"fr": "Euros", "en": "Euros", "de": "Euro", "it": "Euro"},
             "GBP": {"fr": "Livres sterling", "en": "Pounds sterling", "de": "Pfund Sterling", "it": "Sterline"},
             "USD": {"fr": "Dollars US", "en": "US Dollars", "de": "US-Dollar", "it": "Dollari USA"},
             "CHF": {"fr": "Francs suisses", "en": "Swiss Francs", "de": "Schweizer Franken", "it": "Franchi svizzeri"},
             "SEK": {"fr": "Couronnes suédoises", "en": "Swedish Kronor", "de": "Schwedische Kronen", "it": "Corone svedesi"}}


def finish(pg, footer):
    footer(pg)
    pg.c.showPage()
    pg.c.save()
    return pg.page


# ================================================================================================ Dolibarr

DOLI = {
    "inv": {"fr": "Facture", "en": "Invoice", "de": "Rechnung", "it": "Fattura"},
    "cn": {"fr": "Avoir", "en": "Credit note", "de": "Gutschrift", "it": "Nota di credito"},
    "ref": {"fr": "Réf. :", "en": "Ref. :", "de": "Nr. :", "it": "Rif. :"},
    "refcli": {"fr": "Réf. client :", "en": "Customer ref. :", "de": "Kundenreferenz :", "it": "Rif. cliente :"},
    "date": {"fr": "Date facturation :", "en": "Invoice date :", "de": "Rechnungsdatum :", "it": "Data fattura :"},
    "due": {"fr": "Date échéance :", "en": "Due date :", "de": "Fälligkeitsdatum :", "it": "Data di scadenza :"},
    "code": {"fr": "Code client :", "en": "Customer code :", "de": "Kundennummer :", "it": "Codice cliente :"},
    "from": {"fr": "Émetteur", "en": ["Sender", "Bill from"], "de": ["Absender", "Rechnungssteller"], "it": "Mittente"},
    "to": {"fr": "Adressé à", "en": ["Bill to", "Recipient"], "de": ["Empfänger", "Adressiert an"], "it": "Destinatario"},
    "amounts": {"fr": "Montants exprimés en %s", "en": "Amounts in %s", "de": "Beträge in %s", "it": "Importi espressi in %s"},
    "desc": {"fr": "Désignation", "en": "Description", "de": "Bezeichnung", "it": "Descrizione"},
    "vat": {"fr": "TVA", "en": "VAT", "de": "USt.", "it": "IVA"},
    "pu": {"fr": "P.U. HT", "en": "U.P. (excl.)", "de": "Stückpr. netto", "it": "P.U."},
    "qty": {"fr": "Qté", "en": "Qty", "de": "Menge", "it": "Q.tà"},
    "unit": {"fr": "Unité", "en": "Unit", "de": "Einheit", "it": "U.M."},
    "red": {"fr": "Réd.", "en": "Disc.", "de": "Rabatt", "it": "Sconto"},
    "tht": {"fr": "Total HT", "en": "Total (excl.)", "de": "Netto", "it": "Totale (IVA escl.)"},
    "tot_ht": {"fr": "Total HT", "en": "Total (excl. tax)", "de": "Gesamt netto", "it": "Totale imponibile"},
    "tot_vat": {"fr": "Total TVA %s", "en": "Total VAT %s", "de": "USt. %s", "it": "Totale IVA %s"},
    "tot_ttc": {"fr": "Total TTC", "en": "Total (inc. tax)", "de": "Gesamt brutto", "it": "Totale (IVA incl.)"},
    "paid": {"fr": "Payé", "en": "Paid", "de": "Bereits bezahlt", "it": "Già versato"},
    "rest": {"fr": "Reste à payer", "en": "Remainder to pay", "de": "Verbleibender Restbetrag", "it": "Rimanente da pagare"},
    "cond": {"fr": "Conditions de règlement :", "en": "Payment terms:", "de": "Zahlungsbedingungen:", "it": "Condizioni di pagamento:"},
    "mode": {"fr": "Mode de règlement :", "en": "Payment type:", "de": "Zahlungsart:", "it": "Modalità di pagamento:"},
    "vir": {"fr": "Virement bancaire", "en": "Bank transfer", "de": "Überweisung", "it": "Bonifico bancario"},
    "bankbox": {"fr": "Règlement par virement sur le compte bancaire suivant :", "en": "Payment by credit transfer to the following bank account:",
                "de": "Zahlung per Überweisung auf folgendes Konto:", "it": "Pagamento tramite bonifico sul seguente conto:"},
    "days": {"fr": "%d jours", "en": "%d days", "de": "%d Tage", "it": "%d giorni"},
    "now": {"fr": "À réception", "en": "Due upon receipt", "de": "Sofort", "it": "Alla ricezione"},
    "bank": {"fr": "Banque", "en": "Bank", "de": "Bank", "it": "Banca"},
    "rib": {"fr": ["Code banque", "Code guichet", "Numéro de compte", "Clé RIB"]},
}


def dolibarr(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "sans", "cond"], [7.5, 8, 8, 8.5, 9], r.choice(["TCPDF 6.6.2 (http://www.tcpdf.org)", "TCPDF 6.4.4 (http://www.tcpdf.org)"]),
               "Dolibarr %d.0.%d" % (r.randint(14, 20), r.randint(0, 4)))
    T = lambda k: X.T(DOLI, k)
    model = r.choice(["crabe", "crabe", "sponge"])
    mx = 10 * MM
    right = pg.W - 10 * MM
    size = pg.size
    lh = size * 1.3
    X.m.pos = "after" if X.lang != "en" else X.m.pos

    def head(pg):
        y = 12 * MM
        if p(X, 0.6):
            pg.logo(r, mx, y - 4, 44, 44, X.color, brand(X) if p(X, 0.5) else None, size * 1.6)
        else:
            pg.text(mx, y + size * 1.4, X.s_name(), size * 1.6, "b")
        t = T("cn") if c["credit"] else T("inv")
        pg.text(right, y + size * 1.5, t, size * 1.6, "b", "r")
        yy = y + size * 1.5 + lh * 1.2
        for lab, val in [(T("ref"), X.number())] + ([(T("refcli"), X.ref())] if c["ref"] else []) + \
                [(T("date"), X.date("issue"))] + ([(T("due"), X.date("due"))] if c["due"] else []) + \
                ([(T("code"), c["customer_no"])] if X.L("doli_code", [True, False]) else []):
            pg.text(right, yy, "%s %s" % (lab, val), size * 0.95, align="r")
            yy += lh * 0.95
        return max(yy, 42 * MM)

    def footer(pg):
        fs = max(6, size - 1.5)
        fy = pg.H - 10 * MM - fs * 2.6
        if c["cc"] in ("FR", "BE"):
            form = c["seller"]["name"].split(" ")[-1]
            parts = []
            if c["cc"] == "FR":
                parts.append("%s au capital de %s €" % (form, X.m.num(X.r.choice([1000, 5000, 10000, 50000, 100000]), 0)))
                parts.append("SIRET : %s %s" % (siren(c), "%05d" % (sum(map(ord, c["seller"]["name"])) % 99999)))
                parts.append("NAF-APE : %s" % X.L("ape", ["6201Z", "4669B", "7022Z", "4321A", "1812Z"]))
                parts.append("RCS/RM : %s B %s" % (c["seller"]["city"], siren(c)))
            else:
                parts.append("BCE/KBO : %s" % siren(c))
                parts.append(c["register"])
            line2 = [X.s_vat(pool=["N° TVA :", "Numéro TVA :"] if X.lang == "fr" else None)]
        else:
            parts = legal(X, ("register", "directors"))
            line2 = [X.s_vat()]
        lines = [" - ".join(x for x in parts if x), " - ".join(x for x in line2 if x)]
        fs = fit_lines(pg, lines, right - mx, fs)
        foot_center(pg, lines, fy, fs, color=GREY if model == "sponge" else None)
        pg.text(right, pg.H - 10 * MM, "%d/%d" % (pg.page, X.total), fs, align="r")

    def new_page(pg):
        footer(pg)
        pg.show()
        return head(pg) + lh
    X.bottom, X.new_page = pg.H - 24 * MM, new_page
    y = head(pg) + lh * 0.8
    # the two boxes
    bw = (right - mx) * 0.46
    sx, bx = mx, mx + (right - mx) * 0.52
    s_lines = [X.s_name()] + X.s_addr(False) + contact(X)[:r.choice([1, 2, 3])]
    b_lines = X.b_lines()
    if X.L("doli_bvat", [True, False]):
        v = X.b_vat()
        if v:
            b_lines.append(v)
    hbox = lh * (max(len(s_lines), len(b_lines)) + 0.8)
    pg.text(sx, y, T("from"), size * 0.9)
    pg.text(bx, y, T("to"), size * 0.9)
    y += 3
    pg.rect(sx, y, bw, hbox, fill=(0.9, 0.9, 0.9) if model == "crabe" else (0.94, 0.94, 0.94), stroke=False)
    pg.rect(bx, y, right - bx, hbox, lw=0.6, radius=2 if model == "sponge" else 0)
    block(pg, sx + 4, y + lh, s_lines, lh * 0.95, size)
    block(pg, bx + 4, y + lh, b_lines, lh * 0.95, size * 1.05)
    y += hbox + lh * 1.2
    # table
    pg.text(right, y, T("amounts") % CUR_NAMES[c["currency"]][X.lang], size * 0.9, align="r")
    X.mark("currency")
    y += 4
    unit = X.L("doli_unit", [True, False])
    disc = any(l["disc"] for l in c["lines"])
    cols = [{"key": "desc", "head": T("desc")}, {"key": "rate", "head": T("vat"), "align": "r", "w": 34},
            {"key": "price", "head": T("pu"), "align": "r", "w": 50}, {"key": "qty", "head": T("qty"), "align": "r", "w": 32}]
    if unit:
        cols.append({"key": "unit", "head": T("unit"), "align": "l", "w": 34})
    if disc:
        cols.append({"key": "disc", "head": T("red"), "align": "r", "w": 30})
    cols.append({"key": "amount", "head": T("tht"), "align": "r", "w": 60})
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"], desc_prefix="%s - " if X.L("doli_ref", [False, True]) else None)
    if model == "crabe":
        tb = G.Table(X, pg, cols, mx, right, style="frame", head_style="r", size=size, lw=0.5, pad=3)
    else:
        tb = G.Table(X, pg, cols, mx, right, style="underline", head_fill=(0.87, 0.87, 0.87), head_style="r", size=size, rule_color=(0.8, 0.8, 0.8))
    top_tab = y
    y = tb.draw(y, rows, X.bottom, new_page)
    # crabe: the frame reaches down to the totals area of the last page
    tot_h = lh * (4 + len(c["breakdown"]) + (2 if c["prepaid"] else 0) + (1 if c["rounding"] else 0)) + 30
    if model == "crabe":
        y_end = max(y, X.bottom - tot_h - lh * 2)
        if y_end > y and y_end + tot_h < X.bottom + 10:
            pg.rect(mx, y, right - mx, y_end - y, lw=0.5)
            for cc_ in tb.cols[1:]:
                pg.line(cc_["x"], y, cc_["x"], y_end, 0.5)
            y = y_end
    y += lh
    y = X.ensure(pg, y, tot_h)
    # payment terms and bank box (left), totals (right)
    ly = y + size
    cond = T("days") % c["terms"] if c["due"] else T("now")
    if c["due"]:
        X.mark("due_days")
    pg.text(mx, ly, T("cond"), size, "b")
    pg.text(mx + pg.width(T("cond"), size, "b") + 4, ly, cond, size)
    ly += lh
    pg.text(mx, ly, T("mode"), size, "b")
    pg.text(mx + pg.width(T("mode"), size, "b") + 4, ly, T("vir"), size)
    ly += lh * 1.4
    tn = X.tax_note()
    if tn:
        for ln in pg.wrap(tn, (right - mx) * 0.5, size * 0.9):
            pg.text(mx, ly, ln, size * 0.9)
            ly += lh
        ly += lh * 0.4
    if c["seller"]["iban"]:
        bl = [T("bankbox"), "%s : %s" % (T("bank"), c["bank"])]
        ib = c["seller"]["iban"]
        rib = c["cc"] == "FR" and X.lang == "fr" and p(X, 0.6)
        bh = lh * (len(bl) + (2 if rib else 0) + 2) + 4
        pg.rect(mx, ly - size - 2, (right - mx) * 0.52, bh, lw=0.4)
        yy = block(pg, mx + 3, ly, bl, lh, size * 0.9, first_bold=False)
        if rib:
            heads = DOLI["rib"]["fr"]
            vals = [ib[4:9], ib[9:14], ib[14:25], ib[25:27]]
            xx = mx + 3
            for h_, v_ in zip(heads, vals):
                pg.text(xx, yy, h_, size * 0.75)
                pg.text(xx, yy + lh * 0.9, v_, size * 0.85)
                xx += (right - mx) * 0.125
            yy += lh * 2
        pg.text(mx + 3, yy, "IBAN : %s" % X.iban(), size * 0.9)
        pg.text(mx + 3, yy + lh, "BIC/SWIFT : %s" % c["bic"], size * 0.9)
    tx, tr = mx + (right - mx) * 0.56, right
    ty = y
    rows_t = [(T("tot_ht"), X.amt(c["line_net"]), None)]
    if c["allowance"]:
        rows_t.append(("%s %s" % (X.L("allowance"), X.m.rate(c["allowance"]["pct"], "int", "%")), X.amt(c["allowance"]["amount"], neg=True), None))
    if c["charge"]:
        rows_t.append((X.L("charge"), X.amt(c["charge"]["amount"]), None))
    if c["allowance"] or c["charge"]:
        rows_t.append((T("tot_ht") + " net" if X.lang == "fr" else T("tot_ht"), X.amt(c["taxable"]), None))
    for bb in c["breakdown"]:
        X.mark("rate_in_totals")
        rows_t.append((T("tot_vat") % X.rate(rate=bb["rate"], style="int", sym="%"), X.amt(bb["tax"]), None))
    rows_t.append((T("tot_ttc"), X.amt(c["incl"]), (0.88, 0.88, 0.88)))
    if c["prepaid"]:
        rows_t.append((T("paid"), X.amt(c["prepaid"]), None))
    if c["rounding"]:
        rows_t.append((X.L("rounding"), X.amt(c["rounding"], neg=c["rounding"] < 0), None))
    if c["prepaid"] or c["rounding"]:
        rows_t.append((T("rest"), X.amt(c["payable"]), (0.88, 0.88, 0.88)))
    for lab, val, fill in rows_t:
        if fill:
            pg.rect(tx, ty - size - 2.5, tr - tx, lh + 1, fill=fill, stroke=False)
        pg.text(tx + 3, ty, lab, size, "b" if fill else "r")
        pg.text(tr - 3, ty, val, size, "b" if fill else "r", "r")
        ty += lh + 1
    return finish(pg, footer)


# ================================================================================================ ERPNext

ERPN = {
    "title": {"en": ["Sales Invoice", "SALES INVOICE", "Tax Invoice"], "de": ["Ausgangsrechnung", "Rechnung"], "fr": ["Facture de vente", "Facture"],
              "it": ["Fattura di vendita", "Fattura"]},
    "cn": {"en": ["Credit Note", "Sales Invoice (Return)"], "de": ["Gutschrift"], "fr": ["Avoir"], "it": ["Nota di credito"]},
    "cust": {"en": "Customer Name:", "de": "Kundenname:", "fr": "Nom du client :", "it": "Nome cliente:"},
    "addr": {"en": "Address:", "de": "Adresse:", "fr": "Adresse :", "it": "Indirizzo:"},
    "contact": {"en": "Contact Person:", "de": "Ansprechpartner:", "fr": "Contact :", "it": "Persona di contatto:"},
    "date": {"en": ["Date:", "Posting Date:"], "de": ["Datum:", "Buchungsdatum:"], "fr": ["Date :", "Date de comptabilisation :"], "it": ["Data:", "Data di registrazione:"]},
    "due": {"en": "Payment Due Date:", "de": "Zahlungsfälligkeit:", "fr": "Date d'échéance :", "it": "Scadenza pagamento:"},
    "po": {"en": "Customer's Purchase Order:", "de": "Kundenauftrag:", "fr": "Bon de commande client :", "it": "Ordine d'acquisto del cliente:"},
    "taxid": {"en": "Tax Id:", "de": "Steuer-ID:", "fr": "N° fiscal :", "it": "Partita IVA:"},
    "sr": {"en": "Sr", "de": "Nr", "fr": "N°", "it": "N."},
    "item": {"en": "Item", "de": "Artikel", "fr": "Article", "it": "Articolo"},
    "desc": {"en": "Description", "de": "Beschreibung", "fr": "Description", "it": "Descrizione"},
    "qty": {"en": "Quantity", "de": "Menge", "fr": "Quantité", "it": "Quantità"},
    "rate": {"en": "Rate", "de": "Preis", "fr": "Prix", "it": "Tariffa"},
    "amount": {"en": "Amount", "de": "Betrag", "fr": "Montant", "it": "Importo"},
    "net": {"en": "Net Total", "de": "Nettosumme", "fr": "Total net", "it": "Totale netto"},
    "taxes": {"en": "Total Taxes and Charges", "de": "Summe Steuern und Abgaben", "fr": "Total des taxes et frais", "it": "Totale tasse e spese"},
    "grand": {"en": "Grand Total", "de": "Gesamtbetrag", "fr": "Total TTC", "it": "Totale complessivo"},
    "radj": {"en": "Rounding Adjustment", "de": "Rundungsbetrag", "fr": "Ajustement d'arrondi", "it": "Arrotondamento"},
    "rounded": {"en": "Rounded Total", "de": "Gerundeter Gesamtbetrag", "fr": "Total arrondi", "it": "Totale arrotondato"},
    "advance": {"en": "Total Advance", "de": "Summe der Anzahlungen", "fr": "Total des avances", "it": "Totale anticipi"},
    "outst": {"en": "Outstanding Amount", "de": "Ausstehender Betrag", "fr": "Montant impayé", "it": "Importo in sospeso"},
    "words": {"en": "In Words:", "de": "In Worten:", "fr": "En lettres :", "it": "In lettere:"},
    "tc": {"en": "Terms and Conditions", "de": "Allgemeine Geschäftsbedingungen", "fr": "Termes et conditions", "it": "Termini e condizioni"},
    "acct": {"en": ["VAT %s", "Output Tax %s", "VAT %s @ %s"], "de": ["Umsatzsteuer %s", "MwSt %s"], "fr": ["TVA %s", "TVA collectée %s"],
             "it": ["IVA %s", "IVA a debito %s"]},
}


def erpnext(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans"], [8, 8.5, 9, 9.5], r.choice(["Qt 4.8.7", "wkhtmltopdf 0.12.6"]), "Frappe / ERPNext v%d" % r.randint(13, 15))
    T = lambda k: X.T(ERPN, k)
    mx = r.uniform(34, 46)
    right = pg.W - mx
    size = pg.size
    lh = size * 1.45
    X.m.pos, X.m.space = ("before", True) if p(X, 0.7) else (X.m.pos, X.m.space)
    abbr = "".join(w[0] for w in c["seller"]["name"].split(" ")[:3] if w[0].isalpha()).upper()
    letterhead = X.L("erp_lh", ["name", "logo", "none"])
    grid = (0.78, 0.78, 0.78)

    def footer(pg):
        fs = size * 0.85
        pg.text(right, pg.H - 28, X.L("erp_page", ["Page %d of %d", "%d / %d"]) % (pg.page, X.total), fs, align="r", color=GREY)
        if letterhead != "none":
            s = " | ".join([c["seller"]["name"]] + X.s_addr(False) + [c["seller"]["phone"]])
            pg.text(pg.W / 2, pg.H - 42, s, fit_lines(pg, [s], right - mx, fs), align="c", color=GREY)

    def new_page(pg):
        footer(pg)
        pg.show()
        return 50
    X.bottom, X.new_page = pg.H - 62, new_page
    y = 40
    if letterhead == "name":
        rl = [", ".join(X.s_addr(False)), c["seller"]["email"] + "  " + c["seller"]["phone"]]
        rs = fit_lines(pg, rl, (right - mx) * 0.4, size * 0.9)
        pg.text(mx, y + size * 1.8, X.s_name(), fit_lines(pg, [c["seller"]["name"]], (right - mx) * 0.56, size * 2), "b")
        pg.text(right, y + size * 0.6, rl[0], rs, align="r")
        pg.text(right, y + size * 0.6 + lh, rl[1], rs, align="r")
        y += size * 2 + lh * 1.5
        pg.hline(mx, right, y - lh * 0.6, 0.8)
    elif letterhead == "logo":
        pg.logo(r, mx, y, 48, 48, X.color, brand(X), size * 1.8)
        block(pg, right - 170, y + size, [X.s_name()] + X.s_addr(False), lh * 0.9, size * 0.9, maxw=170)
        y += 62
    y += lh
    title = T("cn") if c["credit"] else T("title")
    pg.text(mx, y + size, title, size * 1.8, "r")
    pg.text(mx, y + size * 1.8 + lh * 0.9, X.number(), size * 1.05, color=GREY)
    y += size * 1.8 + lh * 1.6
    pg.hline(mx, right, y, 0.6, color=grid)
    y += lh * 1.2
    # fields: two columns of label | value
    addr_tpl = X.L("erp_addr", ["default", "country"])
    b = c["buyer"]
    if addr_tpl == "default":
        X.b_lines()          # marks; the default template prints the city and the PIN code apart
        addr = c["b_after"][:0] + [b["line1"]] + c["b_after"] + [b["city"]] + ([b["prov"]] if b.get("prov") else []) + [b["postalCode"]] + \
            [E.COUNTRY_NAMES[c["bcc"]][X.lang]]
    else:
        addr = X.b_lines(name=False, extras=False)
        addr = addr[:1] + c["b_after"] + addr[1:]
    addr += ["%s: %s" % ({"en": "Phone", "de": "Telefon", "fr": "Téléphone", "it": "Telefono"}[X.lang], b["phone"])] if p(X, 0.5) else []
    left = [(T("cust"), [X.b_name()]), (T("addr"), addr)]
    if p(X, 0.4):
        left.append((T("contact"), [E.person(X.r, X.lang)[0] + " " + E.person(X.r, X.lang)[1]]))
    rightc = [(T("date"), [X.date("issue")])]
    if c["due"]:
        rightc.append((T("due"), [X.date("due")]))
    if p(X, 0.5):
        rightc.append((T("po"), [c["order_no"]]))
    if c["ref"]:
        rightc.append((X.L("ref") + ":", [X.ref()]))
    bv = X.b_vat(label=False) if p(X, 0.6) else None
    if bv:
        rightc.append((T("taxid"), [bv]))
    lw = (right - mx) / 2
    yl = yr = y
    for lab, vals in left:
        pg.text(mx, yl, lab, size, color=GREY)
        for v in vals:
            pg.text(mx + lw * 0.38, yl, v, size)
            yl += lh
    for lab, vals in rightc:
        pg.text(mx + lw + 10, yr, lab, size, color=GREY)
        for v in vals:
            pg.text(mx + lw + 10 + lw * 0.48, yr, v, size)
            yr += lh
    y = max(yl, yr) + lh
    # items grid
    code = X.L("erp_code", ["none", "prefix", "col"])
    cols = [{"key": "pos", "head": T("sr"), "w": 24}]
    if code == "col":
        cols.append({"key": "art", "head": X.L("art"), "w": 60})
    cols += [{"key": "desc", "head": T("item")}, {"key": "qtyunit", "head": T("qty"), "align": "r"},
             {"key": "price_cur", "head": T("rate"), "align": "r"}, {"key": "amount_cur", "head": T("amount"), "align": "r"}]
    X.L("pos_style", ["1"])
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"], desc_prefix="%s: " if code == "prefix" else None)
    tb = G.Table(X, pg, cols, mx, right, style="grid", head_style="b", size=size, lw=0.4, head_fill=(0.96, 0.96, 0.96), pad=4,
                 detail_color=GREY)
    y = tb.draw(y, rows, X.bottom, new_page)
    y += lh
    # totals on the right half
    y = X.ensure(pg, y, lh * (6 + len(c["breakdown"])))
    tx, tr = pg.W / 2 + 10, right
    rows_t = [(T("net"), X.amt(c["line_net"], "sym"))]
    if c["allowance"]:
        rows_t.append((X.L("erp_disc", {"en": "Discount Amount", "de": "Rabattbetrag", "fr": "Montant de la remise", "it": "Importo sconto"}),
                       X.amt(c["allowance"]["amount"], "sym", neg=True)))
    if c["charge"]:
        rows_t.append(("%s - %s" % (X.L("charge"), abbr), X.amt(c["charge"]["amount"], "sym")))
    for bb in c["breakdown"]:
        X.mark("rate_in_totals")
        a = T("acct")
        rt = X.rate(rate=bb["rate"], style="int", sym="%")
        lab = (a % (rt, X.m.num(Decimal(bb["rate"]), 1)) if a.count("%s") == 2 else a % rt) + " - " + abbr
        rows_t.append((lab, X.amt(bb["tax"], "sym")))
    if len(c["breakdown"]) > 1 or p(X, 0.3):
        rows_t.append((T("taxes"), X.amt(c["tax"], "sym")))
    rows_t.append((T("grand"), X.amt(c["incl"], "sym")))
    if c["rounding"]:
        rows_t.append((T("radj"), X.amt(c["rounding"], "sym", neg=c["rounding"] < 0)))
        rows_t.append((T("rounded"), X.amt(c["incl"] + c["rounding"], "sym")))
    if c["prepaid"]:
        rows_t.append((T("advance"), X.amt(c["prepaid"], "sym")))
        rows_t.append((T("outst"), X.amt(c["payable"], "sym")))
    for lab, val in rows_t:
        pg.text(tx, y, lab, size, color=GREY)
        pg.text(tr, y, val, size, "b" if lab in (T("grand"), T("rounded"), T("outst")) else "r", "r")
        y += lh
    if X.lang == "en" and p(X, 0.6):
        words = "%s %s %s only." % (T("words"), c["currency"], E.amount_words(c["payable"], "en"))
        y += lh * 0.5
        for ln in pg.wrap(words, right - mx, size):
            pg.text(mx, y, ln, size)
            y += lh
    y += lh
    tc = [X.terms_text(), X.tax_note()] + ([" / ".join(bank(X, "lines"))] if p(X, 0.7) else [])
    y = X.ensure(pg, y, lh * 3)
    pg.text(mx, y, T("tc"), size * 1.1, "b")
    y += lh * 1.2
    notes(X, pg, y, mx, right - mx, lh, size, tc)
    return finish(pg, footer)


# ================================================================================================ Invoice Ninja

NINJA = {
    "inv": {"en": "INVOICE", "de": "RECHNUNG", "fr": "FACTURE", "it": "FATTURA"},
    "cn": {"en": "CREDIT", "de": "GUTSCHRIFT", "fr": "AVOIR", "it": "NOTA DI CREDITO"},
    "num": {"en": "Invoice Number", "de": "Rechnungsnummer", "fr": "Numéro de facture", "it": "Numero fattura"},
    "cnum": {"en": "Credit Number", "de": "Gutschriftnummer", "fr": "Numéro d'avoir", "it": "Numero nota di credito"},
    "po": {"en": "PO Number", "de": "Bestellnummer", "fr": "Bon de commande", "it": "Numero ordine d'acquisto"},
    "date": {"en": "Invoice Date", "de": "Rechnungsdatum", "fr": "Date de facture", "it": "Data fattura"},
    "due": {"en": "Due Date", "de": "Fälligkeitsdatum", "fr": "Date d'échéance", "it": "Data di scadenza"},
    "bal": {"en": "Balance Due", "de": "Offener Betrag", "fr": "Solde dû", "it": "Saldo dovuto"},
    "item": {"en": "Item", "de": "Produkt", "fr": "Article", "it": "Articolo"},
    "desc": {"en": "Description", "de": "Beschreibung", "fr": "Description", "it": "Descrizione"},
    "cost": {"en": "Unit Cost", "de": "Einzelpreis", "fr": "Prix unitaire", "it": "Costo unitario"},
    "qty": {"en": "Quantity", "de": "Menge", "fr": "Quantité", "it": "Quantità"},
    "tax": {"en": "Tax", "de": "Steuer", "fr": "Taxe", "it": "Imposta"},
    "line": {"en": "Line Total", "de": "Gesamt", "fr": "Total", "it": "Totale riga"},
    "sub": {"en": "Subtotal", "de": "Zwischensumme", "fr": "Sous-total", "it": "Subtotale"},
    "disc": {"en": "Discount", "de": "Rabatt", "fr": "Remise", "it": "Sconto"},
    "total": {"en": "Total", "de": "Gesamtbetrag", "fr": "Total", "it": "Totale"},
    "ptd": {"en": "Paid to Date", "de": "Bereits gezahlt", "fr": "Payé à ce jour", "it": "Pagato a oggi"},
    "terms": {"en": "Terms", "de": "Bedingungen", "fr": "Conditions", "it": "Termini"},
    "vatn": {"en": "VAT Number", "de": "USt-IdNr.", "fr": "Numéro de TVA", "it": "Partita IVA"},
    "idn": {"en": "ID Number", "de": "Kundennummer", "fr": "Numéro d'identification", "it": "Numero ID"},
}


def invoiceninja(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "sans", "cond"], [8, 8.5, 9, 9.5], r.choice(["Skia/PDF m%d" % r.randint(100, 124), "Skia/PDF m%d Google Docs Renderer" % r.randint(110, 124)]),
               "Invoice Ninja")
    T = lambda k: X.T(NINJA, k)
    design = r.choice(["clean", "bold", "plain", "modern"])
    mx = r.uniform(32, 42)
    right = pg.W - mx
    size = pg.size
    lh = size * 1.45
    col = X.color
    X.m.pos = r.choice(["before", "after"]) if X.lang == "en" else "after"

    def footer(pg):
        pg.text(pg.W / 2, pg.H - 24, X.L("nin_page", ["Page %d of %d", "%d / %d"]) % (pg.page, X.total), size * 0.8, align="c", color=GREY)

    def new_page(pg):
        footer(pg)
        pg.show()
        return 44
    X.bottom, X.new_page = pg.H - 48, new_page
    y = 30
    s_det = [X.s_name()] + [x for x in [X.s_vat(pool=[T("vatn")]) if p(X, 0.8) else None, c["seller"]["web"], c["seller"]["email"], c["seller"]["phone"]] if x]
    s_adr = X.s_addr(True)
    if design == "bold":
        pg.rect(0, 0, pg.W, 120, fill=(0.18, 0.18, 0.2), stroke=False)
        pg.logo(r, mx, 28, 50, 50, (1, 1, 1), None)
        block(pg, pg.W * 0.42, 40, s_det, lh * 0.9, size * 0.9, color=(1, 1, 1), maxw=pg.W * 0.29)
        block(pg, pg.W * 0.72, 40, s_adr, lh * 0.9, size * 0.9, first_bold=False, color=(1, 1, 1), maxw=right - pg.W * 0.72)
        y = 150
    elif design == "modern":
        pg.rect(0, 0, pg.W, 16, fill=col, stroke=False)
        pg.text(mx, 62, T("cn") if c["credit"] else T("inv"), size * 2.6, "b", color=col)
        block(pg, pg.W * 0.45, 40, s_det, lh * 0.9, size * 0.9, maxw=pg.W * 0.26)
        block(pg, pg.W * 0.72, 40, s_adr, lh * 0.9, size * 0.9, first_bold=False, maxw=right - pg.W * 0.72)
        y = 40 + lh * max(len(s_det), len(s_adr)) + 20
    else:
        pg.logo(r, mx, y, 50, 50, col, brand(X) if p(X, 0.5) else None, size * 1.7)
        block(pg, pg.W * 0.45, y + size, s_det, lh * 0.9, size * 0.9, maxw=pg.W * 0.26)
        block(pg, pg.W * 0.72, y + size, s_adr, lh * 0.9, size * 0.9, first_bold=False, maxw=right - pg.W * 0.72)
        y += max(60, lh * max(len(s_det), len(s_adr)) + 10) + 16
    if design in ("clean", "plain"):
        pg.text(mx, y, T("cn") if c["credit"] else T("inv"), size * 1.8, "b", color=col if design == "clean" else None)
        y += lh * 1.6
    # client details (left), entity details (right)
    cl = X.b_lines(extras=p(X, 0.5))
    if p(X, 0.3):
        cl.insert(1, "%s: %s" % (T("idn"), c["customer_no"]))
    bv = X.b_vat(label=False) if p(X, 0.7) else None
    if bv:
        cl.insert(1, "%s: %s" % (T("vatn"), bv))
    if p(X, 0.5):
        cl.append(c["buyer"]["email"])
    block(pg, mx, y, cl, lh * 0.95, size)
    ent = [(T("cnum") if c["credit"] else T("num"), X.number())]
    if p(X, 0.5):
        ent.append((T("po"), c["order_no"]))
    ent.append((T("date"), X.date("issue")))
    if c["due"]:
        ent.append((T("due"), X.date("due")))
    ex = pg.W * 0.58
    yy = y
    for k, v in ent:
        pg.text(ex, yy, k, size, "b" if design != "plain" else "r")
        pg.text(right, yy, v, size, align="r")
        yy += lh
    bal = X.amt(c["payable"], "sym")
    if design == "clean":
        pg.rect(ex - 4, yy - size - 3, right - ex + 8, lh + 2, fill=(0.92, 0.95, 0.97), stroke=False)
    pg.text(ex, yy, T("bal"), size, "b")
    pg.text(right, yy, bal, size, "b", "r", color=col if design != "plain" else None)
    yy += lh
    y = max(y + lh * len(cl), yy) + lh * 1.5
    # products
    tax_col = len(c["breakdown"]) > 1 or p(X, 0.4)
    cols = [{"key": "art", "head": T("item"), "w": 70}, {"key": "desc", "head": T("desc")}, {"key": "price", "head": T("cost"), "align": "r"},
            {"key": "qty", "head": T("qty"), "align": "r"}]
    if tax_col:
        cols.append({"key": "rate", "head": T("tax"), "align": "r"})
    cols.append({"key": "amount_cur", "head": T("line"), "align": "r"})
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    if design == "bold":
        tb = G.Table(X, pg, cols, mx, right, style="zebra", head_fill=(0.18, 0.18, 0.2), head_color=(1, 1, 1), size=size, pad=4)
    else:
        tb = G.Table(X, pg, cols, mx, right, style="underline", size=size, pad=4, head_w=1.5 if design == "clean" else 0.6,
                     rule_color=(0.85, 0.85, 0.85), head_style="b")
        if design == "clean":
            pg.hline(mx, right, y, 2.0, color=col)
    y = tb.draw(y, rows, X.bottom, new_page)
    y += lh
    y = X.ensure(pg, y, lh * (6 + len(c["breakdown"])))
    rows_t = [(T("sub"), X.amt(c["line_net"], "sym"), "sub")]
    if c["allowance"]:
        rows_t.append((T("disc"), X.amt(c["allowance"]["amount"], "sym", neg=True), "allow"))
    if c["charge"]:
        rows_t.append((X.L("charge"), X.amt(c["charge"]["amount"], "sym"), "charge"))
    for bb in c["breakdown"]:
        rows_t.append((G.tax_label(X, bb, "pre"), X.amt(bb["tax"], "sym"), "tax"))
    rows_t.append((T("total"), X.amt(c["incl"], "sym"), "total"))
    if c["prepaid"] or p(X, 0.4):
        rows_t.append((T("ptd"), X.amt(c["prepaid"] or 0, "sym", track=bool(c["prepaid"])), "prepaid"))
    if c["rounding"]:
        rows_t.append((X.L("rounding"), X.amt(c["rounding"], "sym", neg=c["rounding"] < 0), "round"))
    rows_t.append((T("bal"), X.amt(c["payable"], "sym"), "payable"))
    tx = pg.W * 0.6
    for lab, val, kind in rows_t:
        big = kind == "payable"
        pg.text(tx, y, lab, size * (1.15 if big else 1), "b" if big else "r")
        pg.text(right, y, val, size * (1.15 if big else 1), "b" if big else "r", "r", color=col if big and design != "plain" else None)
        y += lh * (1.2 if big else 1)
    y += lh
    terms = [X.terms_text(), X.tax_note()] + ([" · ".join(bank(X, "lines"))] if c["seller"]["iban"] and p(X, 0.7) else [])
    y = X.ensure(pg, y, lh * 3)
    pg.text(mx, y, T("terms"), size, "b")
    notes(X, pg, y + lh, mx, (right - mx) * 0.7, lh, size * 0.95, terms)
    return finish(pg, footer)


# ================================================================================================ Crater

CRATER = {
    "inv": {"en": "INVOICE", "de": "RECHNUNG", "fr": "FACTURE", "it": "FATTURA"},
    "bill": {"en": "Bill to,", "de": "Rechnungsempfänger,", "fr": "Facturer à,", "it": "Fatturare a,"},
    "ship": {"en": "Ship to,", "de": "Versand an,", "fr": "Expédier à,", "it": "Spedire a,"},
    "num": {"en": "Invoice Number", "de": "Rechnungsnummer", "fr": "Numéro de facture", "it": "Numero fattura"},
    "date": {"en": "Invoice Date", "de": "Rechnungsdatum", "fr": "Date de facture", "it": "Data fattura"},
    "due": {"en": "Due date", "de": "Fälligkeitsdatum", "fr": "Date d'échéance", "it": "Data di scadenza"},
    "items": {"en": "Items", "de": "Artikel", "fr": "Articles", "it": "Articoli"},
    "qty": {"en": "Quantity", "de": "Menge", "fr": "Quantité", "it": "Quantità"},
    "price": {"en": "Price", "de": "Preis", "fr": "Prix", "it": "Prezzo"},
    "disc": {"en": "Discount", "de": "Rabatt", "fr": "Remise", "it": "Sconto"},
    "tax": {"en": "Tax", "de": "Steuer", "fr": "Taxe", "it": "Tassa"},
    "amount": {"en": "Amount", "de": "Betrag", "fr": "Montant", "it": "Importo"},
    "sub": {"en": "Subtotal", "de": "Zwischensumme", "fr": "Sous-total", "it": "Subtotale"},
    "total": {"en": "Total", "de": "Gesamtbetrag", "fr": "Total", "it": "Totale"},
    "notes": {"en": "Notes", "de": "Notizen", "fr": "Remarques", "it": "Note"},
}


def crater(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "sans", "serif"], [8, 8.5, 9, 9.5], "dompdf %s + CPDF" % r.choice(["2.0.3", "2.0.4", "1.2.2"]), "Crater")
    T = lambda k: X.T(CRATER, k)
    tpl = r.choice(["invoice1", "invoice2", "invoice3"])
    mx = 30
    right = pg.W - 30
    size = pg.size
    lh = size * 1.5
    col = X.color
    X.m.pos = "before" if X.lang == "en" else r.choice(["before", "after"])
    X.m.space = X.lang != "en"

    def footer(pg):
        pass

    def new_page(pg):
        pg.show()
        return 40
    X.bottom, X.new_page = pg.H - 40, new_page
    y = 30
    sa = [X.s_name()] + X.s_addr(True) + [c["seller"]["phone"]]
    if tpl == "invoice2":
        pg.rect(0, 0, pg.W, 110, fill=col, stroke=False)
        pg.logo(r, mx, 30, 46, 46, (1, 1, 1), brand(X), size * 1.8)
        block(pg, right - 170, 34, sa, lh * 0.85, size * 0.9, color=(1, 1, 1), maxw=170)
        y = 140
    else:
        if p(X, 0.5):
            pg.logo(r, mx, y, 46, 46, col, brand(X), size * 1.8)
        else:
            pg.text(mx, y + 24, brand(X), size * 2.6, "b", color=col)
        block(pg, right - 170, y + size, sa, lh * 0.85, size * 0.9, maxw=170)
        y += max(60, lh * 0.85 * len(sa)) + 14
        if tpl == "invoice3":
            pg.text(right, y + 10, T("inv"), size * 2.4, "b", "r", color=(0.75, 0.75, 0.78))
            y += 30
        pg.hline(mx, right, y, 0.6, color=(0.85, 0.85, 0.85))
        y += lh * 1.3
    bl = X.b_lines()
    block(pg, mx, y, bl, lh * 0.85, size, title=T("bill"), tcolor=GREY, tsize=size * 0.95)
    if c["ship"]:
        block(pg, mx + 150, y, [c["buyer"]["name"]] + X.ship_lines()[1:], lh * 0.85, size, title=T("ship"), tcolor=GREY, tsize=size * 0.95)
    info = [(T("num"), X.number()), (T("date"), X.date("issue"))] + ([(T("due"), X.date("due"))] if c["due"] else [])
    if c["ref"] and p(X, 0.6):
        info.append((X.L("ref"), X.ref()))
    ix = right - 190
    yy = y
    for k, v in info:
        pg.text(ix, yy, k, size, color=GREY)
        pg.text(right, yy, v, size, "b", "r")
        yy += lh
    y = max(y + lh * 0.85 * (len(bl) + 1.5), yy) + lh
    disc = any(l["disc"] for l in c["lines"])
    cols = [{"key": "pos", "head": "#", "w": 22}, {"key": "desc", "head": T("items")}, {"key": "qtyunit", "head": T("qty"), "align": "r"},
            {"key": "price_cur", "head": T("price"), "align": "r"}]
    if disc:
        cols.append({"key": "disc", "head": T("disc"), "align": "r"})
    cols += [{"key": "rate", "head": T("tax"), "align": "r"}, {"key": "amount_cur", "head": T("amount"), "align": "r"}]
    X.L("pos_style", ["1"])
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    tb = G.Table(X, pg, cols, mx, right, style="underline", head_style="r", head_color=GREY, size=size, pad=5, rule_color=(0.88, 0.88, 0.88),
                 desc_style="b", detail_color=GREY)
    y = tb.draw(y, rows, X.bottom, new_page)
    y += lh
    y = X.ensure(pg, y, lh * (5 + len(c["breakdown"])))
    rows_t = G.total_rows(X, {"cur": "sym", "sub_label": T("sub"), "total_label": T("total"), "tax_label": lambda X_, b: G.tax_label(X_, b, "paren"),
                             "base": False})
    tx = right - 220
    for lab, val, kind in rows_t:
        if kind == "total":
            pg.hline(tx, right, y - size - 3, 0.8, color=(0.8, 0.8, 0.8))
        pg.text(tx, y, lab, size * (1.15 if kind in ("total", "payable") else 1), "b" if kind in ("total", "payable") else "r",
                color=GREY if kind not in ("total", "payable") else None)
        pg.text(right, y, val, size * (1.15 if kind in ("total", "payable") else 1), "b" if kind in ("total", "payable") else "r", "r",
                color=col if kind in ("total", "payable") else None)
        y += lh
    y += lh
    nts = [X.terms_text(), X.tax_note()] + ([" · ".join(bank(X, "lines"))] if c["seller"]["iban"] and p(X, 0.6) else [])
    y = X.ensure(pg, y, lh * 3)
    pg.text(mx, y, T("notes"), size, "b", color=GREY)
    notes(X, pg, y + lh, mx, right - mx, lh, size, nts)
    return finish(pg, footer)


# ================================================================================================ InvoicePlane

IPL = {
    "inv": {"en": "Invoice", "de": "Rechnung", "fr": "Facture", "it": "Fattura"},
    "date": {"en": "Invoice Date", "de": "Rechnungsdatum", "fr": "Date de facturation", "it": "Data fattura"},
    "due": {"en": "Due Date", "de": "Fälligkeitsdatum", "fr": "Date d'échéance", "it": "Data di scadenza"},
    "amtdue": {"en": "Amount Due", "de": "Fälliger Betrag", "fr": "Montant dû", "it": "Importo dovuto"},
    "item": {"en": "Item", "de": "Artikel", "fr": "Produit", "it": "Articolo"},
    "desc": {"en": "Description", "de": "Beschreibung", "fr": "Description", "it": "Descrizione"},
    "qty": {"en": "Qty", "de": "Menge", "fr": "Qté", "it": "Qtà"},
    "price": {"en": "Price", "de": "Preis", "fr": "Prix", "it": "Prezzo"},
    "disc": {"en": "Discount", "de": "Rabatt", "fr": "Remise", "it": "Sconto"},
    "total": {"en": "Total", "de": "Gesamt", "fr": "Total", "it": "Totale"},
    "sub": {"en": "Subtotal", "de": "Zwischensumme", "fr": "Sous-total", "it": "Subtotale"},
    "itax": {"en": "Item Tax", "de": "Artikelsteuer", "fr": "Taxe produits", "it": "Imposta articoli"},
    "paid": {"en": "Paid", "de": "Bezahlt", "fr": "Payé", "it": "Pagato"},
    "bal": {"en": "Balance", "de": "Saldo", "fr": "Solde", "it": "Saldo"},
    "terms": {"en": "Terms", "de": "Bedingungen", "fr": "Conditions", "it": "Termini"},
    "vat": {"en": "VAT ID", "de": "USt-ID", "fr": "N° TVA", "it": "P.IVA"},
}


def invoiceplane(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "serif", "sans"], [8, 8.5, 9, 10], "mPDF %s" % r.choice(["6.1", "8.0.17", "8.1.4"]), "InvoicePlane")
    T = lambda k: X.T(IPL, k)
    mx = r.uniform(36, 56)
    right = pg.W - mx
    size = pg.size
    lh = size * 1.45
    X.m.pos = "before" if X.lang == "en" else X.m.pos

    def footer(pg):
        if X.L("ip_footer", [True, False]):
            s = " - ".join([c["seller"]["name"]] + ([X.s_vat()] if p(X, 0.4) else []) + ([c["seller"]["web"]]))
            pg.hline(mx, right, pg.H - 44, 0.4, color=(0.7, 0.7, 0.7))
            pg.text(pg.W / 2, pg.H - 32, s, size * 0.8, align="c", color=GREY)

    def new_page(pg):
        footer(pg)
        pg.show()
        return 50
    X.bottom, X.new_page = pg.H - 56, new_page
    y = 40
    if p(X, 0.6):
        pg.logo(r, mx, y - 6, 44, 44, X.color, None)
        y += 50
    cl = X.b_lines(extras=p(X, 0.6))
    bv = X.b_vat(label=False) if p(X, 0.6) else None
    if bv:
        cl.append("%s: %s" % (T("vat"), bv))
    if p(X, 0.4):
        cl.append(c["buyer"]["phone"])
    co = [X.s_name()] + X.s_addr(p(X, 0.4))
    sv = X.s_vat(pool=[T("vat")]) if p(X, 0.7) else None
    co += ([sv] if sv else []) + [c["seller"]["phone"]] + ([c["seller"]["email"]] if p(X, 0.5) else [])
    block(pg, mx, y, cl, lh, size * 1.05)
    for k, s in enumerate(co):
        pg.text(right, y + k * lh, s, size, "b" if k == 0 else "r", "r")
    y += lh * max(len(cl), len(co)) + lh * 1.5
    pg.text(mx, y + size, "%s %s" % (T("inv") if not c["credit"] else X.title(), X.number()), size * 2, "r")
    det = [(T("date") + ":", X.date("issue"))] + ([(T("due") + ":", X.date("due"))] if c["due"] else []) + [(T("amtdue") + ":", X.amt(c["payable"], "sym"))]
    yy = y
    for k, v in det:
        pg.text(right - 80, yy, k, size, align="r")
        pg.text(right, yy, v, size, align="r")
        yy += lh
    y = max(yy, y + size * 2) + lh * 1.5
    disc = any(l["disc"] for l in c["lines"])
    cols = [{"key": "desc", "head": T("item")}, {"key": "dcol", "head": T("desc"), "w": (right - mx) * 0.27, "wrap": True},
            {"key": "qty", "head": T("qty"), "align": "r"}, {"key": "price_cur", "head": T("price"), "align": "r"}]
    if disc:
        cols.append({"key": "disc", "head": T("disc"), "align": "r"})
    cols.append({"key": "amount_cur", "head": T("total"), "align": "r"})
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] not in ("desc", "dcol")], detail=False)
    for i, rw in enumerate(rows):    # the Item column holds the item's name, the Description column its detail text
        rw["dcol"] = X.detail(i) or ""
    tb = G.Table(X, pg, cols, mx, right, style="underline", head_style="b", size=size, pad=4, rule_color=(0.85, 0.85, 0.85))
    y = tb.draw(y, rows, X.bottom, new_page)
    y += lh * 0.5
    y = X.ensure(pg, y, lh * (6 + len(c["breakdown"])))
    rows_t = [(T("sub"), X.amt(c["line_net"], "sym"))]
    if len(c["breakdown"]) > 1 or p(X, 0.5):
        rows_t.append((T("itax"), X.amt(c["tax"], "sym")))
        X.mark("rate_in_totals") if len(c["breakdown"]) == 1 else None
    else:
        for bb in c["breakdown"]:
            rows_t.append(("%s (%s)" % (X.L("tax"), X.rate(rate=bb["rate"], style="dec2", sym="%")), X.amt(bb["tax"], "sym")))
            X.mark("rate_in_totals")
    if c["allowance"]:
        rows_t.append((T("disc"), X.amt(c["allowance"]["amount"], "sym", neg=True)))
    if c["charge"]:
        rows_t.append((X.L("charge"), X.amt(c["charge"]["amount"], "sym")))
    rows_t.append((T("total"), X.amt(c["incl"], "sym")))
    rows_t.append((T("paid"), X.amt(c["prepaid"] or 0, "sym", track=bool(c["prepaid"]))))
    if c["rounding"]:
        rows_t.append((X.L("rounding"), X.amt(c["rounding"], "sym", neg=c["rounding"] < 0)))
    rows_t.append((T("bal"), X.amt(c["payable"], "sym")))
    for lab, val in rows_t:
        bold = lab in (T("total"), T("bal"))
        pg.text(right - 90, y, lab, size, "b" if bold else "r", "r")
        pg.text(right, y, val, size, "b" if bold else "r", "r")
        y += lh
    y += lh
    y = X.ensure(pg, y, lh * 3)
    pg.text(mx, y, T("terms"), size, "b")
    notes(X, pg, y + lh, mx, right - mx, lh, size, [X.terms_text(), X.tax_note()] + ([" ".join(bank(X, "lines"))] if c["seller"]["iban"] else []))
    return finish(pg, footer)


# ================================================================================================ Akaunting

AKA = {
    "inv": {"en": "INVOICE", "de": "RECHNUNG", "fr": "FACTURE", "it": "FATTURA"},
    "bill": {"en": "Bill To", "de": "Rechnung an", "fr": "Facturer à", "it": "Fatturare a"},
    "num": {"en": "Invoice Number:", "de": "Rechnungsnummer:", "fr": "Numéro de facture :", "it": "Numero fattura:"},
    "date": {"en": "Invoice Date:", "de": "Rechnungsdatum:", "fr": "Date de facturation :", "it": "Data fattura:"},
    "due": {"en": "Due Date:", "de": "Fälligkeitsdatum:", "fr": "Date d'échéance :", "it": "Data di scadenza:"},
    "order": {"en": "Order Number:", "de": "Bestellnummer:", "fr": "Numéro de commande :", "it": "Numero ordine:"},
    "taxno": {"en": "Tax Number:", "de": "Steuernummer:", "fr": "Numéro fiscal :", "it": "Partita IVA:"},
    "items": {"en": "Items", "de": "Artikel", "fr": "Articles", "it": "Articoli"},
    "qty": {"en": "Quantity", "de": "Menge", "fr": "Quantité", "it": "Quantità"},
    "price": {"en": "Price", "de": "Preis", "fr": "Prix", "it": "Prezzo"},
    "amount": {"en": "Amount", "de": "Betrag", "fr": "Montant", "it": "Importo"},
    "sub": {"en": "Subtotal", "de": "Zwischensumme", "fr": "Sous-total", "it": "Subtotale"},
    "disc": {"en": "Discount", "de": "Rabatt", "fr": "Remise", "it": "Sconto"},
    "total": {"en": "Total", "de": "Summe", "fr": "Total", "it": "Totale"},
    "paid": {"en": "Paid", "de": "Bezahlt", "fr": "Payé", "it": "Pagato"},
    "due_amt": {"en": "Amount Due", "de": "Fälliger Betrag", "fr": "Montant dû", "it": "Importo dovuto"},
    "notes": {"en": "Notes", "de": "Notizen", "fr": "Notes", "it": "Note"},
}


def akaunting(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "sans", "serif"], [8, 8.5, 9, 9.5], "dompdf %s + CPDF" % r.choice(["2.0.1", "2.0.3", "1.2.0"]), "Akaunting")
    T = lambda k: X.T(AKA, k)
    tpl = r.choice(["default", "classic", "modern"])
    mx = r.uniform(34, 48)
    right = pg.W - mx
    size = pg.size
    lh = size * 1.45
    col = X.color
    X.m.pos = "before" if X.lang == "en" else r.choice(["after", "before"])

    def footer(pg):
        if X.L("aka_foot", [True, False]):
            pg.text(pg.W / 2, pg.H - 30, X.L("aka_foot_txt", E.V["thanks"][X.lang]), size * 0.85, align="c", color=GREY)

    def new_page(pg):
        footer(pg)
        pg.show()
        return 46
    X.bottom, X.new_page = pg.H - 50, new_page
    y = 36
    sv = X.s_vat(label=False)
    s_lines = [X.s_name()] + X.s_addr(p(X, 0.5)) + (["%s %s" % (T("taxno"), sv)] if sv else []) + [c["seller"]["phone"], c["seller"]["email"]]
    if tpl == "modern":
        pg.rect(0, 0, pg.W, 30 + lh * len(s_lines), fill=col, stroke=False)
        pg.logo(r, mx, 24, 44, 44, (1, 1, 1), None)
        block(pg, mx + 60, 34, s_lines, lh * 0.95, size * 0.95, color=(1, 1, 1))
        pg.text(right, 56, T("inv"), size * 2.2, "b", "r", color=(1, 1, 1))
        y = 50 + lh * len(s_lines)
    elif tpl == "classic":
        pg.hline(mx, pg.W / 2 - 60, y + 10, 1.2, color=col)
        pg.hline(pg.W / 2 + 60, right, y + 10, 1.2, color=col)
        pg.text(pg.W / 2, y + 16, T("inv"), size * 2, "b", "c", color=col)
        y += 40
        for k, s in enumerate(s_lines):
            pg.text(pg.W / 2, y + k * lh * 0.95, s, size, "b" if k == 0 else "r", "c")
        y += lh * len(s_lines) + 10
    else:
        pg.logo(r, mx, y, 50, 50, col, None)
        block(pg, mx + 64, y + size, s_lines, lh * 0.95, size * 0.95)
        y += max(56, lh * 0.95 * len(s_lines)) + 20
    bl = X.b_lines(extras=p(X, 0.5))
    bv = X.b_vat(label=False)
    if bv:
        bl.append("%s %s" % (T("taxno"), bv))
    if p(X, 0.4):
        bl.append(c["buyer"]["email"])
    if tpl == "classic":
        pg.rect(mx, y - size - 4, (right - mx) * 0.48, lh * (len(bl) + 1.2) + 4, lw=0.5)
    block(pg, mx + (4 if tpl == "classic" else 0), y, bl, lh * 0.95, size, title=T("bill"), tcolor=col if tpl != "classic" else None)
    info = [(T("num"), X.number()), (T("date"), X.date("issue"))] + ([(T("due"), X.date("due"))] if c["due"] else [])
    if p(X, 0.4):
        info.append((T("order"), c["order_no"]))
    if c["ref"] and p(X, 0.5):
        info.append((X.L("ref") + ":", X.ref()))
    yy = y + lh * 1.1
    for k, v in info:
        pg.text(right - 110, yy, k, size, "b", "r")
        pg.text(right, yy, v, size, align="r")
        yy += lh
    y = max(y + lh * (len(bl) + 1.6), yy) + lh
    cols = [{"key": "desc", "head": T("items")}, {"key": "qty", "head": T("qty"), "align": "c"}, {"key": "price_cur", "head": T("price"), "align": "r"},
            {"key": "amount_cur", "head": T("amount"), "align": "r"}]
    if len(c["breakdown"]) > 1:
        cols.insert(3, {"key": "rate", "head": X.L("rate"), "align": "r"})
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    if tpl == "modern":
        tb = G.Table(X, pg, cols, mx, right, style="underline", head_fill=col, head_color=(1, 1, 1), size=size, pad=5, rule_color=(0.88, 0.88, 0.88),
                     desc_style="b", detail_color=GREY)
    else:
        tb = G.Table(X, pg, cols, mx, right, style="underline" if tpl == "default" else "grid", head_style="b", size=size, pad=5,
                     rule_color=(0.85, 0.85, 0.85), desc_style="b", detail_color=GREY, head_fill=(0.95, 0.95, 0.95) if tpl == "classic" else None)
    y = tb.draw(y, rows, X.bottom, new_page)
    y += lh
    y = X.ensure(pg, y, lh * (6 + len(c["breakdown"])))
    rows_t = [(T("sub"), X.amt(c["line_net"], "sym"))]
    if c["allowance"]:
        rows_t.append((T("disc"), X.amt(c["allowance"]["amount"], "sym", neg=True)))
    if c["charge"]:
        rows_t.append((X.L("charge"), X.amt(c["charge"]["amount"], "sym")))
    for bb in c["breakdown"]:
        rows_t.append((G.tax_label(X, bb, "paren"), X.amt(bb["tax"], "sym")))
    rows_t.append((T("total"), X.amt(c["incl"], "sym")))
    if c["prepaid"]:
        rows_t.append((T("paid"), X.amt(c["prepaid"], "sym", neg=True)))
    if c["rounding"]:
        rows_t.append((X.L("rounding"), X.amt(c["rounding"], "sym", neg=c["rounding"] < 0)))
    if c["prepaid"] or c["rounding"] or p(X, 0.5):
        rows_t.append((T("due_amt"), X.amt(c["payable"], "sym")))
    for lab, val in rows_t:
        bold = lab in (T("total"), T("due_amt"))
        pg.text(right - 120, y, lab, size, "b" if bold else "r", "r")
        pg.text(right, y, val, size, "b" if bold else "r", "r")
        y += lh
    y += lh
    y = X.ensure(pg, y, lh * 3)
    pg.text(mx, y, T("notes"), size, "b")
    notes(X, pg, y + lh, mx, right - mx, lh, size, [X.terms_text(), X.tax_note()] + ([" · ".join(bank(X, "one"))] if p(X, 0.7) else []))
    return finish(pg, footer)


# ================================================================================================ DIN 5008 helpers

def din_marks(pg):
    """fold marks at 105 and 210 mm, hole mark at 148.5 mm (DIN 5008 form B)"""
    for ymm, w in ((105, 5), (148.5, 8), (210, 5)):
        pg.hline(3 * MM, (3 + w) * MM, ymm * MM, 0.4)


def din_address(X, pg, lines, sender=None, x=20 * MM, top=45 * MM, size=None, sender_size=None, underline=True, form="B"):
    """the address field: sender line in the return zone, the recipient lines in the address zone"""
    size = size or pg.size
    top = top if form == "B" else 27 * MM
    if sender:
        ss = sender_size or max(6, size * 0.7)
        ss = fit_lines(pg, [sender], 85 * MM, ss)
        pg.text(x, top + 4 * MM, sender, ss)
        if underline:
            pg.hline(x, x + min(85 * MM, pg.width(sender, ss)), top + 4 * MM + 1.5, 0.3)
    y = top + 17.7 * MM
    if len(lines) > 6:
        y -= (len(lines) - 6) * size * 1.2
    for s in lines:
        pg.text(x, y, s, size)
        y += size * 1.2
    return y


# ================================================================================================ Kimai

KIMAI = {
    "title": {"de": "Rechnung", "en": "Invoice", "fr": "Facture", "it": "Fattura"},
    "num": {"de": ["Rechnungsnummer", "Rechnungs-Nr."], "en": "Invoice number", "fr": "Numéro de facture", "it": "Numero fattura"},
    "date": {"de": ["Rechnungsdatum", "Datum"], "en": "Invoice date", "fr": "Date de facture", "it": "Data fattura"},
    "due": {"de": ["Zahlbar bis", "Fällig am"], "en": ["Due date", "Payable until"], "fr": "Échéance", "it": "Scadenza"},
    "period": {"de": ["Abrechnungszeitraum", "Leistungszeitraum"], "en": "Billing period", "fr": "Période de facturation", "it": "Periodo di fatturazione"},
    "proj": {"de": "Projekt", "en": "Project", "fr": "Projet", "it": "Progetto"},
    "cdate": {"de": "Datum", "en": "Date", "fr": "Date", "it": "Data"},
    "cdesc": {"de": ["Beschreibung", "Tätigkeit"], "en": ["Description", "Activity"], "fr": ["Description", "Activité"], "it": ["Descrizione", "Attività"]},
    "cuser": {"de": "Benutzer", "en": "User", "fr": "Utilisateur", "it": "Utente"},
    "cdur": {"de": ["Stunden", "Dauer", "Menge"], "en": ["Hours", "Duration", "Amount"], "fr": ["Heures", "Durée"], "it": ["Ore", "Durata"]},
    "crate": {"de": ["Stundensatz", "Preis"], "en": ["Hourly rate", "Rate"], "fr": ["Taux horaire", "Prix"], "it": ["Tariffa oraria", "Prezzo"]},
    "ctot": {"de": ["Summe", "Gesamt"], "en": ["Total", "Amount"], "fr": ["Total", "Montant"], "it": ["Totale", "Importo"]},
    "net": {"de": ["Nettobetrag", "Summe netto"], "en": ["Subtotal", "Net amount"], "fr": ["Sous-total", "Total HT"], "it": ["Subtotale", "Imponibile"]},
    "gross": {"de": ["Rechnungsbetrag", "Gesamtbetrag"], "en": ["Total", "Invoice total"], "fr": ["Total TTC", "Total"], "it": ["Totale", "Totale fattura"]},
}
ACTIVITIES = {
    "de": ["Entwicklung: Import-Schnittstelle", "Entwicklung: Benutzerverwaltung", "Meeting mit Kunde", "Support", "Konzeption", "Code-Review",
           "Projektmanagement", "Testing und Abnahme", "Deployment Produktivsystem", "Telefonkonferenz", "Fehlerbehebung Ticket #%d", "Schulung Mitarbeiter",
           "Dokumentation", "Design: Startseite", "Datenbankoptimierung", "Workshop Anforderungsanalyse"],
    "en": ["Development: import interface", "Development: user management", "Client meeting", "Support", "Concept work", "Code review",
           "Project management", "Testing and acceptance", "Production deployment", "Conference call", "Bug fix ticket #%d", "Staff training",
           "Documentation", "Design: landing page", "Database tuning", "Requirements workshop"],
    "fr": ["Développement : interface d'import", "Développement : gestion des utilisateurs", "Réunion client", "Support", "Conception", "Revue de code",
           "Gestion de projet", "Recette", "Mise en production", "Conférence téléphonique", "Correction ticket #%d", "Formation", "Documentation"],
    "it": ["Sviluppo: interfaccia di importazione", "Sviluppo: gestione utenti", "Riunione con il cliente", "Assistenza", "Progettazione", "Revisione codice",
           "Gestione progetto", "Collaudo", "Messa in produzione", "Call con il cliente", "Correzione ticket #%d", "Formazione", "Documentazione"],
}


def kimai_items(r, lang):
    rate = r.randint(55, 160) * 100
    acts = ACTIVITIES[lang]
    return [((a % r.randint(100, 9999)) if "%d" in a else a, ["HUR"], (rate, rate)) for a in acts]


def kimai(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "sans", "serif", "cond"], [8, 8.5, 9, 9.5, 10], "mPDF %s" % r.choice(["8.0.17", "8.1.3", "8.2.0"]), "Kimai %d.%d" % (r.randint(1, 2), r.randint(0, 30)))
    T = lambda k: X.T(KIMAI, k)
    tpl = r.choice(["default", "freelancer", "timesheet"])
    mx = 20 * MM if tpl == "freelancer" else r.uniform(36, 50)
    right = pg.W - (20 * MM if tpl == "freelancer" else mx)
    size = pg.size
    lh = size * 1.4
    dur = X.L("kimai_dur", ["dec", "dec", "hm", "h"])
    if p(X, 0.2):
        X.m.drop_int = "plain"
    user = "%s %s" % E.person(r, X.lang)

    def footer(pg):
        fs = size * 0.8
        cols = [[c["seller"]["name"]] + X.s_addr(False), contact(X)[:3], bank(X) if c["seller"]["iban"] or c["us"] else []]
        lg = [x for x in [X.s_vat()] + legal(X, ("taxno",)) if x]
        if lg:
            cols.append(lg)
        foot_cols(pg, cols, pg.H - 52, mx, right, fs, rule=0.4)
        pg.text(right, pg.H - 20, X.page_label(pg.page, X.total), fs, align="r")

    def new_page(pg):
        footer(pg)
        pg.show()
        return 50
    X.bottom, X.new_page = pg.H - 76, new_page
    if tpl == "freelancer":
        din_marks(pg)
        pg.text(right, 20 * MM, X.s_name(), size * 1.6, "b", "r")
        block(pg, right - 60 * MM, 28 * MM, [], lh)
        y = din_address(X, pg, X.b_lines(), X.s_oneline(), size=size)
        info = meta(X, ["number", "date", "due", "customer?", "order?"], {"number": T("num"), "date": T("date"), "due": T("due")})
        yy = pairs(pg, 125 * MM, 52 * MM, info, lh, size)
        y = max(y, yy) + lh * 2
        pg.text(mx, y, "%s %s" % (T("title") if not c["credit"] else X.title(), X.number()), size * 1.3, "b")
        y += lh * 2
    else:
        pg.text(mx, 58, T("title") if not c["credit"] else X.title(), size * 2.6, "b", color=X.color if p(X, 0.5) else None)
        sl = [X.s_name()] + X.s_addr(p(X, 0.4)) + [c["seller"]["email"]]
        block(pg, right - 150, 40, sl, lh * 0.95, size * 0.95, maxw=150)
        y = 40 + lh * len(sl) + 20
        bl = X.b_lines()
        block(pg, mx, y, bl, lh, size, first_bold=True)
        info = meta(X, ["number", "date", "due", "order?"], {"number": T("num"), "date": T("date"), "due": T("due")})
        yy = pairs(pg, right - 150, y, info, lh, size, right=right)
        y = max(y + lh * len(bl), yy) + lh
    pg.text(mx, y, "%s: %s" % (T("period"), E.period(X.df, c["issue"], X.lang)), size)
    y += lh
    if p(X, 0.5):
        pg.text(mx, y, "%s: %s" % (T("proj"), r.choice(["Relaunch Website", "ERP-Migration", "App 2.0", "Support %d" % c["issue"].year, "Intranet"])), size)
        y += lh
    y += lh
    cols = [{"key": "date", "head": T("cdate"), "w": 60}, {"key": "desc", "head": T("cdesc")}]
    if tpl == "timesheet":
        cols.append({"key": "user", "head": T("cuser"), "w": 90})
    cols += [{"key": "dur", "head": T("cdur"), "align": "r"}, {"key": "price_cur", "head": T("crate"), "align": "r"},
             {"key": "amount_cur", "head": T("ctot"), "align": "r"}]
    rows = G.build_rows(X, ["date", "price_cur", "amount_cur"], detail=False)
    for i, rw in enumerate(rows):
        q = c["lines"][i]["qty"]
        X.line_mark(i, "quantity")
        if dur == "hm":
            rw["dur"] = "%d:%02d" % (int(q), int((q - int(q)) * 60))
        elif dur == "h":
            rw["dur"] = X.qty(i) + " " + X.unit(i)
        else:
            rw["dur"] = X.m.num(q, 2)
        rw["user"] = user
    tb = G.Table(X, pg, cols, mx, right, style=X.L("kimai_style", ["rules", "zebra", "underline"]), head_style="b", size=size * 0.95,
                 head_fill=(0.92, 0.92, 0.92) if p(X, 0.5) else None, rule_color=(0.8, 0.8, 0.8))
    y = tb.draw(y, rows, X.bottom, new_page)
    y += lh
    y = X.ensure(pg, y, lh * 5)
    rows_t = G.total_rows(X, {"cur": "sym", "sub_label": T("net"), "total_label": T("gross")})
    y = G.draw_totals(pg, rows_t, right - 200, right, y, lh, size)
    y += lh
    notes(X, pg, y, mx, right - mx, lh, size, [X.tax_note(), X.terms_text(), X.L("thanks")])
    return finish(pg, footer)


# ================================================================================================ SAP-style German ERP print

SAP = {
    "title": {"de": ["Rechnung", "RECHNUNG"], "en": ["Invoice", "INVOICE"]},
    "cn": {"de": ["Gutschrift", "Rechnungskorrektur"], "en": ["Credit memo", "Credit note"]},
    "num": {"de": ["Rechnungs-Nr.", "Rechnungsnummer", "Beleg-Nr.", "Faktura-Nr."], "en": ["Invoice no.", "Document no.", "Billing document"]},
    "cnum": {"de": ["Gutschrift-Nr.", "Beleg-Nr."], "en": ["Credit memo no.", "Document no."]},
    "date": {"de": ["Datum", "Rechnungsdatum", "Belegdatum"], "en": ["Date", "Invoice date", "Document date"]},
    "cust": {"de": ["Kunden-Nr.", "Kundennummer", "Debitor"], "en": ["Customer no.", "Customer"]},
    "order": {"de": ["Ihre Bestellung", "Ihre Bestell-Nr.", "Auftrag"], "en": ["Your order", "Your PO no.", "Sales order"]},
    "odate": {"de": ["vom", "Bestelldatum"], "en": ["dated", "Order date"]},
    "dn": {"de": ["Lieferschein", "Lieferung"], "en": ["Delivery", "Delivery note"]},
    "ddate": {"de": ["Lieferdatum", "Leistungsdatum"], "en": ["Delivery date", "Service date"]},
    "ref": {"de": ["Ihr Zeichen", "Ihre Referenz", "Leitweg-ID"], "en": ["Your reference", "Your ref."]},
    "contact": {"de": ["Ansprechpartner", "Bearbeiter", "Sachbearbeiter"], "en": ["Contact", "Your contact"]},
    "phone": {"de": ["Telefon", "Durchwahl", "Tel."], "en": ["Phone", "Telephone"]},
    "bvat": {"de": ["USt-IdNr. Kunde", "Ihre USt-IdNr."], "en": ["Your VAT reg. no.", "Customer VAT no."]},
    "page": {"de": ["Seite %d von %d", "Seite %d/%d"], "en": ["Page %d of %d", "Page %d/%d"]},
    "pos": {"de": ["Pos.", "Pos"], "en": ["Item", "Pos."]},
    "mat": {"de": ["Material", "Art.-Nr.", "Artikel", "Materialnr."], "en": ["Material", "Article no.", "Part no."]},
    "desc": {"de": ["Bezeichnung", "Beschreibung", "Text"], "en": ["Description"]},
    "qty": {"de": ["Menge", "Liefermenge", "Fakt.-Menge"], "en": ["Quantity", "Billed qty"]},
    "me": {"de": ["ME", "Einh."], "en": ["UoM", "Unit"]},
    "price": {"de": ["Preis/Einh.", "Preis", "Einzelpreis"], "en": ["Price/unit", "Unit price", "Price"]},
    "per": {"de": ["pro", "per", "PE"], "en": ["per", "Per"]},
    "value": {"de": ["Betrag", "Wert", "Nettowert", "Betrag EUR"], "en": ["Value", "Net value", "Amount"]},
    "sum": {"de": ["Summe Positionen", "Warenwert", "Positionssumme", "Nettowert"], "en": ["Total items", "Net value", "Subtotal"]},
    "final": {"de": ["Endbetrag", "Rechnungsbetrag", "Gesamtbetrag"], "en": ["Final amount", "Invoice amount", "Total amount"]},
    "carry_out": {"de": ["Übertrag", "Übertrag:", "Zwischensumme Übertrag"], "en": ["Carried forward", "Carry forward:"]},
    "carry_in": {"de": ["Übertrag", "Übertrag von Seite %d", "Übertrag:"], "en": ["Brought forward", "Carried forward from page %d"]},
    "terms": {"de": ["Zahlungsbedingungen:", "Zahlungsbedingung:"], "en": ["Terms of payment:", "Payment terms:"]},
    "inco": {"de": ["Lieferbedingungen: frei Haus", "Lieferbedingung: ab Werk", "Incoterms: DAP"], "en": ["Incoterms: FCA", "Delivery terms: DAP", "Incoterms: EXW"]},
    "rabatt": {"de": "Rabatt %s", "en": "Discount %s"},
    "net_days": {"de": "bis %s ohne Abzug", "en": "net until %s"},
    "net_in": {"de": "%d Tage netto", "en": "%d days net"},
    "now": {"de": "sofort ohne Abzug", "en": "immediately, no deduction"},
}


def sap(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "sans", "mono", "cond"], [8, 8.5, 9, 9, 9.5, 10],
               r.choice(["SAP NetWeaver 7.50", "SAP Smart Forms", "Adobe LiveCycle Designer ES 8.2", "SAP ERP (RSTXPDFT4)"]), "SAP")
    T = lambda k: X.T(SAP, k)
    mx = 20 * MM if p(X, 0.6) else 25 * MM
    right = pg.W - r.choice([10, 15, 20]) * MM
    size = pg.size
    lh = size * 1.3
    X.m.g = "." if X.m.g == "" and p(X, 0.5) else X.m.g
    X.m.neg = r.choice(["trailing", "trailing", "minus"])
    X.m.pos = "code_after"
    mono = X.font_kind == "mono"
    logo_left = p(X, 0.3)
    foot_addr = p(X, 0.75)

    def letterhead(pg, full):
        if full:
            if logo_left:
                pg.logo(r, mx, 12 * MM, 38, 38, X.color, brand(X), size * 1.7)
            else:
                pg.logo(r, right - 44, 10 * MM, 40, 40, X.color, None)
                pg.text(right - 50, 10 * MM + 24, X.s_name() if p(X, 0.5) else brand(X), size * 1.5, "b", "r")

    def footer(pg):
        fs = max(6, size * 0.72)
        cols = [[c["seller"]["name"]] + (X.s_addr(False) if foot_addr else []),
                ["%s %s" % ({"de": "Telefon", "en": "Phone"}[X.lang], c["seller"]["phone"]), "%s %s" % ({"de": "Telefax", "en": "Fax"}[X.lang], c["seller"]["fax"]),
                 c["seller"]["email"], c["seller"]["web"]]]
        if c["seller"]["iban"] or c["us"]:
            cols.append([X.L("bank")] + bank(X))
        lg = legal(X, ("seat", "register", "directors", "vat"))
        cols.append(lg)
        fy = pg.H - 12 * MM - fs * 1.25 * (max(len(cc_) for cc_ in cols) - 1)
        foot_cols(pg, cols, fy, mx, right, fs, rule=0.3 if p(X, 0.5) else None)

    def cont(pg):
        letterhead(pg, False)
        t = "%s %s %s %s" % (X.title(), c["number"], {"de": "vom", "en": "of"}[X.lang], X.df(c["issue"]))
        pg.text(mx, 20 * MM, t, size, "b")
        pg.text(right, 20 * MM, X.page_label(pg.page, X.total, SAP["page"][X.lang]), size, align="r")
        return 30 * MM

    def new_page(pg):
        footer(pg)
        pg.show()
        return cont(pg)
    X.bottom, X.new_page = pg.H - 36 * MM, new_page
    din_marks(pg)
    letterhead(pg, True)
    sender = X.s_oneline(X.L("sap_sep", [" · ", ", ", " - ", "  "]))
    bl = X.b_lines(style=X.L("din_style", [None, None, "prefix", "upper"]) if c["bcc"] != "US" else None)
    if p(X, 0.15):
        bl.insert(0, "Firma")
    y = din_address(X, pg, bl, sender, x=mx, size=size)
    info = [((T("cnum") if c["credit"] else T("num")), X.number()), (T("date"), X.date("issue")), (T("cust"), c["customer_no"])]
    if p(X, 0.6):
        info.append((T("order"), c["order_no"]))
        if p(X, 0.6):
            info.append((T("odate"), X.date("order")))
    if p(X, 0.4):
        info.append((T("dn"), c["dnote"]))
    if p(X, 0.5):
        info.append((T("ddate"), X.date("delivery")))
    if c["ref"]:
        info.append((T("ref"), X.ref()))
    bv = X.b_vat(label=False) if p(X, 0.6) else None
    if bv:
        info.append((T("bvat"), bv))
    if p(X, 0.6):
        info.append((T("contact"), c["contact"]))
        info.append((T("phone"), c["contact_phone"]))
    info.append(("", X.page_label(1, X.total, SAP["page"][X.lang])))
    ix = 125 * MM if right > 190 * MM else 120 * MM
    vx = ix + max(pg.width(k, size * 0.9) for k, v in info) + 8
    yy = 50 * MM
    for k, v in info:
        pg.text(ix, yy, k, size * 0.9)
        pg.text(vx, yy, v, size * 0.9)
        yy += lh * 0.95
    y = max(y, yy, 98.5 * MM) + lh
    title = X.title(SAP["title"][X.lang], SAP["cn"][X.lang])
    pg.text(mx, y, "%s %s" % (title, c["number"]) if p(X, 0.6) else title, size * 1.25, "b")
    y += lh * 2
    if p(X, 0.4):
        pg.text(mx, y, {"de": "Wir erlauben uns, Ihnen folgende Lieferungen und Leistungen in Rechnung zu stellen:",
                        "en": "We invoice you for the following deliveries and services:"}[X.lang], size)
        y += lh * 1.6
    pos_style = X.L("pos_style", ["10", "10", "0010", "1"])
    per_col = any(l["per100"] is not None for l in c["lines"]) or p(X, 0.3)
    cols = [{"key": "pos", "head": T("pos"), "w": 30}, {"key": "art", "head": T("mat"), "w": 62}, {"key": "desc", "head": T("desc")},
            {"key": "qty", "head": T("qty"), "align": "r"}, {"key": "unit", "head": T("me"), "w": 26},
            {"key": "price", "head": T("price"), "align": "r"}]
    if per_col:
        cols.append({"key": "per", "head": T("per"), "align": "r"})
    codes = len(c["breakdown"]) > 1 or p(X, 0.2)     # a tax-code column explained under the totals
    if codes:
        cols.append({"key": "taxcode", "head": X.L("sap_stkz", {"de": ["St", "St.-Kz.", "MwSt"], "en": ["Tax", "TC"]}), "align": "c", "w": 24})
    cols.append({"key": "amount", "head": T("value"), "align": "r"})
    X.m.qty_style = X.L("sap_qty", ["dec3", "dec3", "plain", "dec2"])
    X.price_dec = X.L("sap_pdec", [2, 2, 3, 4])
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    for i, rw in enumerate(rows):
        l = c["lines"][i]
        sub = []
        if l["disc"]:
            sub.append("%s  %s" % (T("rabatt") % X.disc(i), X.amt(l["net"] - l["qty"] * l["gross"], track=False, neg=True)))
        if p(X, 0.15):
            sub.append({"de": "Ihre Materialnummer: %s", "en": "Your material no.: %s"}[X.lang] % art_code_other(X))
        rw["sub"] = sub
    tb = G.Table(X, pg, cols, mx, right, style=X.L("sap_style", ["rules", "rules", "headline", "plain"]), head_style="b" if not mono else "r",
                 size=size * (0.95 if not mono else 0.9), pad=2.5, detail_style="r", figures="top")
    y = tb.draw(y, rows, X.bottom, new_page, carry=(T("carry_out"), T("carry_in")))
    y += lh
    y = X.ensure(pg, y, lh * (6 + len(c["breakdown"]) * 2))
    tx, tr = pg.W / 2 - 10, right - 2.5
    rows_t = [(T("sum"), X.amt(c["line_net"]), "sub")]
    if c["allowance"]:
        rows_t.append((T("rabatt") % X.m.rate(c["allowance"]["pct"], "dec2", " %"), X.amt(c["allowance"]["amount"], neg=True), "allow"))
    if c["charge"]:
        rows_t.append((X.L("charge"), X.amt(c["charge"]["amount"]), "charge"))
    if c["allowance"] or c["charge"]:
        rows_t.append((X.L("sap_net", {"de": ["Nettowert", "Nettobetrag"], "en": ["Net value"]}), X.amt(c["taxable"]), "base"))
    for k, bb in enumerate(c["breakdown"]):
        lab = G.tax_label(X, bb, X.L("sap_tax", ["zzgl", "on"]) if X.lang == "de" else "on")
        if codes:
            X.mark("rates_by_code")
            lab = "%d  %s" % (k + 1, lab)
        rows_t.append((lab, X.amt(bb["tax"]), "tax"))
    rows_t.append((T("final") + " " + c["currency"], X.amt(c["incl"]), "total"))
    X.mark("currency")
    if c["prepaid"]:
        rows_t.append((X.L("prepaid") + " " + c["currency"], X.amt(c["prepaid"], neg=True), "prepaid"))
    if c["rounding"]:
        rows_t.append((X.L("rounding"), X.amt(c["rounding"], neg=c["rounding"] < 0), "round"))
    if c["prepaid"] or c["rounding"]:
        rows_t.append((X.L("payable") + " " + c["currency"], X.amt(c["payable"]), "payable"))
    for lab, val, kind in rows_t:
        if kind == "total":
            pg.hline(tx, tr, y - size - 2, 0.6)
        pg.text(tx, y, lab, size, "b" if kind in ("total", "payable") else "r")
        pg.text(tr, y, val, size, "b" if kind in ("total", "payable") else "r", "r")
        y += lh
    y += lh
    tn = X.tax_note()
    if c["due"]:
        if c["skonto"]:
            terms = "%s %s %s %s, %s" % (T("terms"), {"de": "bis", "en": "until"}[X.lang], X.df(c["skonto"][1]),
                                         {"de": "%s %% Skonto", "en": "%s %% cash discount"}[X.lang] % c["skonto"][0], T("net_days") % X.date("due"))
        elif X.L("sap_terms", ["date", "days"]) == "date":
            terms = "%s %s" % (T("terms"), T("net_days") % X.date("due"))
        else:
            X.mark("due_days")
            terms = "%s %s" % (T("terms"), T("net_in") % c["terms"])
    else:
        terms = "%s %s" % (T("terms"), T("now"))
    y = notes(X, pg, y, mx, right - mx, lh, size, [terms, T("inco") if p(X, 0.4) else None, tn])
    return finish(pg, footer)


def art_code_other(X):
    return "%s-%d" % (X.r.choice(["KM", "XR", "C", "ZB"]), X.r.randint(1000, 99999))


# ================================================================================================ Lexware / sevDesk / DATEV-like

LEX = {
    "num": {"sevdesk": ["Rechnungs-Nr.", "Rechnungsnummer"], "lexoffice": ["Rechnungsnr.", "Rechnungs-Nr."], "datev": ["Rechnungs-Nr.", "Beleg-Nr."]},
    "date": {"sevdesk": ["Rechnungsdatum"], "lexoffice": ["Datum", "Rechnungsdatum"], "datev": ["Datum", "Rechnungsdatum"]},
    "deliv": {"sevdesk": ["Lieferdatum", "Leistungsdatum"], "lexoffice": ["Leistungsdatum", "Lieferdatum"], "datev": ["Liefer-/Leistungsdatum", "Leistungsdatum"]},
    "cust": {"sevdesk": ["Ihre Kundennummer", "Kundennummer"], "lexoffice": ["Kundennr.", "Kunden-Nr."], "datev": ["Kunden-Nr.", "Kundennummer"]},
    "contact": {"sevdesk": ["Ihr Ansprechpartner", "Ansprechpartner"], "lexoffice": ["Ansprechpartner"], "datev": ["Bearbeiter", "Sachbearbeiter"]},
    "ref": {"sevdesk": ["Ihre Referenz", "Referenz"], "lexoffice": ["Ihre Referenz", "Leitweg-ID"], "datev": ["Ihr Zeichen", "Ihre Referenz"]},
}


def lexware(X, path, total):
    r, c = X.r, X.c
    sub = r.choice(["sevdesk", "lexoffice", "datev"])
    pg = begin(X, path, total, ["sans", "sans", "serif"] if sub != "datev" else ["sans", "serif", "cond"], [8.5, 9, 9.5, 10, 10.5],
               {"sevdesk": "sevDesk PDF (wkhtmltopdf)", "lexoffice": "PDFlib+PDI 9.3.1 (Linux)", "datev": "DATEV Auftragswesen next"}[sub],
               {"sevdesk": "sevDesk", "lexoffice": "lexoffice", "datev": "DATEV"}[sub])
    L = lambda k: X.L("lex_" + k, LEX[k][sub])
    mx = 20 * MM if sub != "datev" else 25 * MM
    right = pg.W - 20 * MM
    size = pg.size
    lh = size * 1.35
    X.m.pos = "after"
    cur_head = sub == "lexoffice" and p(X, 0.6)

    def footer(pg):
        fs = max(6, size * 0.72)
        cols = [[c["seller"]["name"]] + X.s_addr(False), contact(X)[:3]]
        if c["seller"]["iban"]:
            cols.append(bank(X))
        lg = [x for x in legal(X, ("directors", "register", "vat", "taxno")) if x]
        if lg:
            cols.append(lg)
        fy = pg.H - 12 * MM - fs * 1.25 * (max(len(cc_) for cc_ in cols) - 1)
        foot_cols(pg, cols, fy, mx, right, fs, color=GREY if sub == "sevdesk" else None)
        if X.total > 1:
            pg.text(right, fy - fs * 2.5, X.page_label(pg.page, X.total), fs, align="r")

    def new_page(pg):
        footer(pg)
        pg.show()
        return 25 * MM
    X.bottom, X.new_page = pg.H - 38 * MM, new_page
    din_marks(pg) if p(X, 0.7) else None
    # letterhead: logo top right (sevDesk), name left (lexoffice), name centred (DATEV)
    if sub == "sevdesk":
        pg.logo(r, right - 60, 12 * MM, 56, 56, X.color, None)
    elif sub == "lexoffice":
        pg.text(mx, 22 * MM, X.s_name(), size * 1.6, "b")
        pg.logo(r, right - 40, 12 * MM, 36, 36, X.color, None) if p(X, 0.5) else None
    else:
        pg.text(pg.W / 2, 18 * MM, X.s_name(), size * 1.5, "b", "c")
        pg.text(pg.W / 2, 18 * MM + lh, X.s_oneline(" · ").split(" · ", 1)[1], size * 0.85, align="c")
    sender = X.s_oneline(X.L("lex_sep", [" · ", " - ", " | "]))
    y = din_address(X, pg, X.b_lines(), sender, x=mx, size=size, underline=sub != "sevdesk")
    keys = [("number", L("num")), ("date", L("date"))]
    info = meta(X, ["number", "date"], {"number": [L("num")], "date": [L("date")]}, colon="")
    if p(X, 0.6):
        info.append((L("deliv"), X.date("delivery")) if p(X, 0.7) else ({"sevdesk": "Leistungszeitraum", "lexoffice": "Leistungszeitraum", "datev": "Leistungszeitraum"}[sub],
                                                                         E.period(X.df, c["issue"], X.lang)))
    if p(X, 0.6):
        info.append((L("cust"), c["customer_no"]))
    if c["ref"]:
        info.append((L("ref"), X.ref()))
    if p(X, 0.5):
        info.append((L("contact"), c["contact"]))
    if c["due"] and sub == "datev" and p(X, 0.5):
        info.append(("Fällig am", X.date("due")))
    ix = 125 * MM
    pairs(pg, ix, 52 * MM, info, lh, size * 0.95, right=right if sub != "datev" else None)
    y = max(y, 52 * MM + lh * len(info), 100 * MM) + lh
    t = X.title(["Rechnung"], ["Gutschrift", "Rechnungskorrektur"])
    pg.text(mx, y, ("%s Nr. %s" if sub == "sevdesk" else "%s %s") % (t, c["number"]) if p(X, 0.7) else t, size * 1.35, "b")
    y += lh * 2
    intro = {"sevdesk": ["Sehr geehrte Damen und Herren,", "vielen Dank für Ihren Auftrag und das damit verbundene Vertrauen!",
                         "Hiermit stelle ich Ihnen die folgenden Leistungen in Rechnung:"],
             "lexoffice": ["Sehr geehrte Damen und Herren,", "vielen Dank für Ihren Auftrag. Vereinbarungsgemäß berechnen wir Ihnen hiermit:"],
             "datev": ["Für unsere Lieferungen und Leistungen erlauben wir uns zu berechnen:"]}[sub]
    for s in intro:
        pg.text(mx, y, s, size)
        y += lh
    y += lh * 0.6
    qty_unit = sub == "sevdesk"
    cols = [{"key": "pos", "head": "Pos.", "w": 28}, {"key": "desc", "head": X.L("lex_desc", ["Beschreibung", "Bezeichnung", "Leistung"])}]
    if qty_unit:
        cols.append({"key": "qtyunit", "head": "Menge", "align": "r"})
    else:
        cols += [{"key": "qty", "head": "Menge", "align": "r"}, {"key": "unit", "head": "Einheit", "w": 40}]
    if len(c["breakdown"]) > 1 or sub == "datev":
        cols.append({"key": "rate", "head": X.L("lex_rate", ["USt.", "MwSt.", "USt %"]), "align": "r"})
    cols += [{"key": "price", "head": "Einzel €" if cur_head else X.L("lex_price", ["Einzelpreis", "Preis"]), "align": "r"},
             {"key": "amount", "head": "Gesamt €" if cur_head else X.L("lex_amount", ["Gesamtpreis", "Gesamt", "Betrag"]), "align": "r"}]
    if cur_head:
        X.mark("currency")
    X.L("pos_style", ["1"])
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    style = {"sevdesk": "zebra", "lexoffice": "rules", "datev": "grid"}[sub]
    tb = G.Table(X, pg, cols, mx, right, style=style, head_style="b", size=size * 0.95, head_fill=(0.9, 0.9, 0.9) if sub == "sevdesk" else None,
                 detail_color=GREY, pad=3)
    y = tb.draw(y, rows, X.bottom, new_page, carry=(X.L("carry_out"), X.L("carry_in")) if sub == "datev" and p(X, 0.7) else None)
    y += lh
    y = X.ensure(pg, y, lh * (6 + len(c["breakdown"])))
    cur = None if cur_head else "sym"
    rows_t = G.total_rows(X, {"cur": cur, "sub_label": X.L("lex_net", ["Gesamtbetrag netto", "Summe netto", "Nettobetrag"]),
                             "total_label": X.L("lex_gross", ["Gesamtbetrag brutto", "Gesamtbetrag", "Rechnungsbetrag"]),
                             "tax_label": lex_tax})
    y = G.draw_totals(pg, rows_t, pg.W / 2, right - 3, y, lh, size)
    y += lh
    items = [X.tax_note()]
    if c["due"]:
        if X.L("lex_terms", ["date", "days"]) == "days":
            X.mark("due_days")
            items.append("Zahlungsbedingungen: Zahlung innerhalb von %d Tagen ab Rechnungseingang ohne Abzüge." % c["terms"])
        else:
            items.append("Bitte überweisen Sie den Rechnungsbetrag unter Angabe der Rechnungsnummer auf das unten angegebene Konto. Der Rechnungsbetrag ist bis zum %s fällig." % X.date("due"))
    else:
        items.append(X.L("receipt"))
    items += ["", "Mit freundlichen Grüßen", c["contact"] if p(X, 0.6) else c["seller"]["name"]]
    y = notes(X, pg, y, mx, right - mx, lh, size, [s if s else " " for s in items if s is not None])
    if p(X, 0.3) and c["seller"]["iban"] and y + 60 < X.bottom:
        pg.qr(r, right - 60, y - 60, 56)
        pg.text(right - 64, y - 30, "GiroCode", size * 0.7, align="r")
    return finish(pg, footer)


def lex_tax(X, b):
    X.mark("rate_in_totals")
    return "zzgl. %s %s" % (X.L("lex_ust", ["Umsatzsteuer", "USt.", "MwSt."]), X.rate(rate=b["rate"]))


# ================================================================================================ French "facture" prints

def facture_fr(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "sans", "serif", "cond"], [7.5, 8, 8.5, 9, 9.5],
               r.choice(["EBP Facturation", "Sage 100 (Crystal Reports)", "Henrri", "Axonaut", "Pennylane", "Microsoft: Print To PDF"]))
    mx = r.uniform(14, 20) * MM
    right = pg.W - mx
    size = pg.size
    lh = size * 1.35
    be = c["cc"] == "BE"
    col = X.color
    X.m.pos = "after"
    info_grid = p(X, 0.5)

    def footer(pg):
        fs = max(6, size * 0.78)
        form = c["seller"]["name"].split(" ")[-1]
        s = siren(c)
        if be:
            parts = [c["seller"]["name"], "BCE %s" % s, c["register"], X.s_vat(pool=["TVA", "N° TVA"])]
        else:
            parts = ["%s au capital de %s €" % (form, X.m.num(X.r.choice([1000, 7500, 10000, 37000, 50000, 150000]), 0)) if not c["small"] else
                     "Entrepreneur individuel (EI)",
                     "RCS %s %s" % (c["seller"]["city"], s) if not c["small"] else "Dispensé d'immatriculation au RCS et au RM",
                     "SIRET %s %05d" % (s, sum(map(ord, c["seller"]["name"])) % 99999), "APE %s" % X.L("ape", ["6201Z", "4669B", "7022Z", "4321A", "7311Z"])]
            v = X.s_vat(pool=["TVA intracom.", "N° TVA intracommunautaire", "TVA"])
            if v:
                parts.append(v)
        lines = [" – ".join(parts[:3]), " – ".join(x for x in parts[3:] if x)]
        if X.L("ff_bank_foot", [True, False]) and c["seller"]["iban"]:
            lines.append(" – ".join(bank(X, "lines")))
        fs = fit_lines(pg, lines, right - mx, fs)
        foot_center(pg, lines, pg.H - 14 * MM - fs * 1.3 * (len(lines) - 1), fs, rule=0.4, x0=mx, x1=right)
        pg.text(right, pg.H - 7 * MM, "Page %d/%d" % (pg.page, X.total) if p(X, 0.99) else "", fs, align="r")

    def new_page(pg):
        footer(pg)
        pg.show()
        return 20 * MM
    X.bottom, X.new_page = pg.H - 32 * MM, new_page
    y = 15 * MM
    if p(X, 0.6):
        pg.logo(r, mx, y, 44, 44, col, None)
        y += 52
    sl = [X.s_name()] + X.s_addr(False) + ["Tél. : " + c["seller"]["phone"], c["seller"]["email"]]
    block(pg, mx, y + size, sl, lh, size, first_bold=True)
    # document box at top right
    bx = pg.W * 0.55
    t = "AVOIR" if c["credit"] else X.L("ff_title", ["FACTURE", "Facture", "FACTURE"])
    dark = p(X, 0.5)
    pg.rect(bx, 15 * MM, right - bx, 30, fill=col if dark else LIGHT, stroke=False)
    pg.text((bx + right) / 2, 15 * MM + 20, t, size * 1.8, "b", "c", color=(1, 1, 1) if dark else None)
    yy = 15 * MM + 48
    if not info_grid:
        for k, v in meta(X, ["number", "date", "customer?", "ref"], {"number": ["N°", "Numéro", "Facture n°"], "date": ["Date", "Date de facture", "Le"]}, colon=" :"):
            pg.text(bx, yy, k, size)
            pg.text(bx + 70, yy, v, size, "b" if "°" in k or "Num" in k else "r")
            yy += lh
    # client box (window on the right in French envelopes)
    yy = max(yy, 40 * MM + 10) + lh
    bl = X.b_lines(style=X.L("ff_city", [None, None, "upper"]))
    bv = X.b_vat(pool=["N° TVA", "TVA intracom.", "N° TVA intracommunautaire"]) if p(X, 0.7) else None
    if bv:
        bl.append(bv)
    pg.text(bx, yy, X.L("ff_client", ["Client", "Adresse de facturation", "Facturé à", "Destinataire"]), size * 0.85, color=GREY)
    pg.rect(bx - 6, yy + 4, right - bx + 6, lh * len(bl) + 10, lw=0.6, radius=3 if p(X, 0.5) else 0)
    block(pg, bx, yy + 4 + lh, bl, lh, size)
    y = max(y + size + lh * len(sl), yy + lh * len(bl) + 20) + lh
    if info_grid:
        items = meta(X, ["date", "number", "customer", "due", "ref"], {"number": ["N° facture", "Numéro", "Facture n°"], "date": ["Date", "Date facture"],
                                                                      "due": ["Échéance", "Date d'échéance"], "customer": ["Code client", "Client"]}, colon="")
        if p(X, 0.5):
            items.append(("Mode de règlement", X.L("ff_mode", ["Virement", "Chèque", "Prélèvement", "Virement bancaire"])))
        y = cells(pg, mx, right, y, items, size, boxed=True, fill=(0.9, 0.9, 0.9), even=True) + lh
    elif c["due"] and p(X, 0.6):
        pg.text(mx, y, "Date d'échéance : %s" % X.date("due"), size, "b")
        y += lh * 1.5
    if p(X, 0.3):
        pg.text(mx, y, "Objet : %s" % X.L("ff_obj", ["Prestations du mois", "Votre commande %s" % c["order_no"], "Travaux réalisés", "Fournitures"]), size)
        y += lh * 1.5
    disc = any(l["disc"] for l in c["lines"])
    cols = []
    if p(X, 0.6):
        cols.append({"key": "art", "head": X.L("ff_ref", ["Réf.", "Référence", "Code"]), "w": 56})
    cols += [{"key": "desc", "head": X.L("ff_desc", ["Désignation", "Description", "Libellé"])}, {"key": "qty", "head": X.L("ff_qty", ["Qté", "Quantité"]), "align": "r"}]
    if p(X, 0.6):
        cols.append({"key": "unit", "head": X.L("ff_unit", ["Unité", "U.", "Un."]), "w": 30})
    cols.append({"key": "price", "head": X.L("ff_pu", ["P.U. HT", "PU HT", "Prix unit. HT", "Prix unitaire HT"]), "align": "r"})
    if disc:
        cols.append({"key": "disc", "head": X.L("ff_rem", ["Remise", "Rem. %", "Remise %"]), "align": "r"})
    if not c["small"]:
        cols.append({"key": "rate", "head": X.L("ff_tva", ["TVA", "Taux TVA", "TVA %"]), "align": "r"})
    cols.append({"key": "amount", "head": X.L("ff_mt", ["Montant HT", "Total HT", "Prix total HT"]), "align": "r"})
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    st = X.L("ff_style", ["grid", "rules", "frame", "zebra"])
    tb = G.Table(X, pg, cols, mx, right, style=st, head_style="b", size=size, head_fill=(0.88, 0.88, 0.88) if st != "rules" else None, pad=3,
                 detail_color=GREY)
    y = tb.draw(y, rows, X.bottom, new_page, carry=(X.L("carry_out"), X.L("carry_in")) if p(X, 0.3) else None)
    y += lh
    y = X.ensure(pg, y, lh * (8 + len(c["breakdown"])))
    # VAT summary (left) and totals (right)
    ty = y
    if not c["small"] and (len(c["breakdown"]) > 1 or p(X, 0.5)):
        vx = [mx, mx + 45, mx + 110, mx + 165]
        for k, h in enumerate(["Taux", "Base HT", "TVA", "TTC" if p(X, 0.5) else ""]):
            pg.text(vx[k] + (40 if k else 0), y, h, size * 0.9, "b", "r" if k else "l")
        pg.hline(mx, mx + 210, y + 3, 0.4)
        y += lh
        X.mark("rate_in_totals")
        for bb in c["breakdown"]:
            vals = [X.rate(rate=bb["rate"]), X.amt(bb["taxable"]), X.amt(bb["tax"]), X.amt(bb["taxable"] + bb["tax"], track=False)]
            for k, v in enumerate(vals):
                pg.text(vx[k] + (40 if k else 0), y, v, size * 0.9, align="r" if k else "l")
            y += lh
    rows_t = [(X.L("ff_tht", ["Total HT", "Total H.T.", "Montant HT"]), X.amt(c["line_net"], "sym"), "sub")]
    if c["allowance"]:
        rows_t.append(("Remise %s" % X.m.rate(c["allowance"]["pct"], "int", " %"), X.amt(c["allowance"]["amount"], "sym", neg=True), "allow"))
    if c["charge"]:
        rows_t.append((X.L("charge"), X.amt(c["charge"]["amount"], "sym"), "charge"))
    if c["allowance"] or c["charge"]:
        rows_t.append(("Total HT net", X.amt(c["taxable"], "sym"), "base"))
    if c["small"]:
        rows_t.append(("TVA", X.amt(0, "sym", track=False), "tax"))
        X.mark("rate_in_totals")
    else:
        for bb in c["breakdown"]:
            rows_t.append((G.tax_label(X, bb, "pre"), X.amt(bb["tax"], "sym"), "tax"))
    rows_t.append((X.L("ff_ttc", ["Total TTC", "Montant TTC", "Total T.T.C."]), X.amt(c["incl"], "sym"), "total"))
    if c["prepaid"]:
        rows_t.append((X.L("ff_acompte", ["Acompte versé", "Acompte", "Déjà réglé"]), X.amt(c["prepaid"], "sym", neg=True), "prepaid"))
    if c["rounding"]:
        rows_t.append(("Arrondi", X.amt(c["rounding"], "sym", neg=c["rounding"] < 0), "round"))
    if c["prepaid"] or c["rounding"] or p(X, 0.6):
        rows_t.append((X.L("ff_nap", ["Net à payer", "NET À PAYER", "Reste à payer", "Montant à régler"]), X.amt(c["payable"], "sym"), "payable"))
    tx = pg.W * 0.6
    for lab, val, kind in rows_t:
        last = kind == rows_t[-1][2]
        if last:
            pg.rect(tx - 4, ty - size - 3, right - tx + 4, lh + 3, fill=LIGHT, stroke=True, lw=0.5)
        pg.text(tx, ty, lab, size, "b" if last else "r")
        pg.text(right - 3, ty, val, size, "b" if last else "r", "r")
        ty += lh + (2 if last else 0)
    y = max(y, ty) + lh
    items = [X.tax_note()]
    if c["due"]:
        items.append(X.L("ff_due", ["Date d'échéance : %s", "Paiement à réception de facture, au plus tard le %s.", "À régler avant le %s."]) % X.date("due")
                     if X.L("ff_dmode", ["date", "date", "days"]) == "date" else (X.mark("due_days") or "Conditions de paiement : %d jours date de facture." % c["terms"]))
    else:
        items.append(X.L("receipt"))
    if not X.L("ff_bank_foot", [True, False]) and c["seller"]["iban"]:
        items.append("Règlement par virement : " + " – ".join(bank(X, "lines")))
    items.append(X.L("ff_pen", ["En cas de retard de paiement, une pénalité égale à trois fois le taux d'intérêt légal sera exigible, ainsi qu'une indemnité "
                                "forfaitaire pour frais de recouvrement de 40 €.",
                                "Pénalités de retard : 3 fois le taux d'intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40,00 €. Pas d'escompte pour paiement anticipé."]))
    notes(X, pg, y, mx, right - mx, lh, size * 0.9, items)
    return finish(pg, footer)


# ================================================================================================ Italian courtesy copy

def fattura_it(X, path, total):
    r, c = X.r, X.c
    tpl = r.choice(["ade", "ade", "gestionale"])
    pg = begin(X, path, total, ["sans", "sans", "serif", "cond"], [7, 7.5, 8, 8.5, 9],
               {"ade": r.choice(["FOP 2.6 (Apache)", "Apache FOP Version 2.8"]), "gestionale": r.choice(["Danea Easyfatt", "Fatture in Cloud", "TeamSystem"])}[tpl])
    mx = 12 * MM
    right = pg.W - 12 * MM
    size = pg.size
    lh = size * 1.35
    X.m.pos = "after"
    X.m.g = "." if X.m.g == "" and p(X, 0.5) else X.m.g
    s, b = c["seller"], c["buyer"]
    cf = "%s%s%s" % ("".join(ch for ch in ascii_upper(s["name"])[:6]), X.r.randint(10, 99), "A") if p(X, 0.3) else s["vatId"][2:]

    def footer(pg):
        fs = max(6, size * 0.8)
        lines = []
        if tpl == "gestionale":
            lines.append("Copia di cortesia priva di valenza fiscale ai sensi dell'art. 21 DPR 633/72. L'originale è disponibile nell'area riservata "
                         "del sito web dell'Agenzia delle Entrate.")
            lines.append(" - ".join([c["seller"]["name"], "Cap. soc. € %s i.v." % X.m.num(X.r.choice([10000, 50000, 100000]), 0), c["register"],
                                     "C.F. e P.IVA %s" % s["vatId"][2:]]))
            X.mark("supplier.vatId")
        fs = fit_lines(pg, lines, right - mx, fs) if lines else fs
        foot_center(pg, lines, pg.H - 16 * MM, fs, color=GREY)
        pg.text(right, pg.H - 8 * MM, "Pagina %d di %d" % (pg.page, X.total), fs, align="r")

    def new_page(pg):
        footer(pg)
        pg.show()
        return 16 * MM
    X.bottom, X.new_page = pg.H - 28 * MM, new_page
    y = 14 * MM
    if tpl == "ade":
        w = (right - mx) / 2 - 4
        sx, bx = mx, mx + w + 8
        X.mark("supplier.name", "buyer.name", "supplier.address.line1", "supplier.address.city", "supplier.address.postalCode",
               "buyer.address.line1", "buyer.address.city", "buyer.address.postalCode", "supplier.vatId")
        sv = "IT" + s["vatId"][2:] if X.L("ade_prefix", [True, False]) else s["vatId"][2:]
        left = [("Identificativo fiscale ai fini IVA:", sv), ("Codice fiscale:", cf), ("Denominazione:", s["name"]),
                ("Regime fiscale:", X.L("ade_rf", ["RF01 (ordinario)", "RF01"])), ("Indirizzo:", s["line1"]),
                ("Comune:", "%s   Provincia: %s" % (s["city"], s["prov"] or "")), ("Cap:", "%s   Nazione: %s" % (s["postalCode"], c["cc"])),
                ("Telefono:", s["phone"]), ("Email:", s["email"])]
        if b["vatId"] and c["bcc"] != "US":
            X.mark("buyer.vatId")
        rightc = [("Identificativo fiscale ai fini IVA:", b["vatId"] if b["vatId"] and c["bcc"] != "US" else ""),
                  ("Codice fiscale:", b["vatId"][2:] if c["bcc"] == "IT" else ""), ("Denominazione:", b["name"]), ("Indirizzo:", b["line1"]),
                  ("Comune:", "%s%s" % (b["city"], ("   Provincia: %s" % b["prov"]) if b.get("prov") else "")),
                  ("Cap:", "%s   Nazione: %s" % (b["postalCode"], c["bcc"])),
                  ("Pec:", "%s@pec.it" % ascii_upper(b["name"].split(" ")[0]).lower()) if p(X, 0.5) else ("", "")]
        pg.text(sx, y, "Cedente/prestatore (fornitore)", size, "b")
        pg.text(bx, y, "Cessionario/committente (cliente)", size, "b")
        y += 4
        h = lh * max(len(left), len(rightc)) + 6
        pg.rect(sx, y, w, h, lw=0.5)
        pg.rect(bx, y, w, h, lw=0.5)
        for k, (lab, v) in enumerate(left):
            pg.text(sx + 3, y + lh * (k + 1), lab, size * 0.9)
            pg.text(sx + 3 + pg.width(lab, size * 0.9) + 4, y + lh * (k + 1), v, size * 0.9, "b")
        for k, (lab, v) in enumerate(rightc):
            pg.text(bx + 3, y + lh * (k + 1), lab, size * 0.9)
            pg.text(bx + 3 + pg.width(lab, size * 0.9) + 4, y + lh * (k + 1), v, size * 0.9, "b")
        y += h + lh * 1.5
        heads = ["Tipologia documento", "Art. 73", "Numero documento", "Data documento", "Codice destinatario"]
        vals = ["TD04 nota di credito" if c["credit"] else "TD01 fattura", "", X.number(), X.date("issue"),
                X.L("sdi", ["0000000", "M5UXCR1", "KRRH6B9", "USAL8PV"]) if c["bcc"] == "IT" else "XXXXXXX"]
        y = grid_row(pg, mx, right, y, heads, vals, size * 0.9, lh)
        if c["ref"]:
            y = grid_row(pg, mx, right, y + 4, ["Rif. amministrazione / Riferimento cliente", "Ordine d'acquisto"],
                         [X.ref(), c["order_no"] if p(X, 0.5) else ""], size * 0.9, lh)
        y += lh
        cols = [{"key": "art", "head": "Cod. articolo", "w": 60}, {"key": "desc", "head": "Descrizione"}, {"key": "qty", "head": "Quantità", "align": "r"},
                {"key": "price", "head": "Prezzo unitario", "align": "r"}, {"key": "unit", "head": "UM", "w": 26},
                {"key": "disc", "head": "Sconto o magg.", "align": "r"}, {"key": "rate", "head": "%IVA", "align": "r"},
                {"key": "amount", "head": "Prezzo totale", "align": "r"}]
        X.m.qty_style = "dec2"
        X.L("rate_style", ["dec2"])
        X.L("rate_sym", [""])
        X.price_dec = X.L("ade_pdec", [2, 2, 2, 6])
        rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"], detail=False)
        tb = G.Table(X, pg, cols, mx, right, style="grid", head_style="b", size=size * 0.9, head_fill=(0.85, 0.85, 0.85), pad=2.5)
        y = tb.draw(y, rows, X.bottom, new_page)
        y += lh
        y = X.ensure(pg, y, lh * (8 + 2 * len(c["breakdown"])))
        pg.text(mx, y, "RIEPILOGHI IVA E TOTALI", size, "b")
        y += 4
        heads = ["esigibilità iva / riferimenti normativi", "%IVA", "Spese accessorie", "Arr.", "Totale imponibile", "Totale imposta"]
        for bb in c["breakdown"]:
            X.mark("rate_in_totals")
            norm = {"reverse": "N3.2 Non imponibili - cessioni intracomunitarie", "export": "N3.1 Non imponibili - esportazioni"}.get(c["situation"],
                                                                                                                                   "I (esigibilità immediata)")
            vals = [norm, X.m.num(Decimal(bb["rate"]), 2), X.amt(c["charge"]["amount"]) if c["charge"] else "", "", X.amt(bb["taxable"]), X.amt(bb["tax"])]
            y = grid_row(pg, mx, right, y, heads, vals, size * 0.85, lh, widths=[0.34, 0.08, 0.15, 0.07, 0.18, 0.18])
            heads = None
        y += 4
        y = grid_row(pg, mx, right, y, ["Importo bollo", "Sconto/Maggiorazione", "Arr.", "Totale documento"],
                     ["", X.amt(c["allowance"]["amount"], neg=True) if c["allowance"] else "", X.amt(c["rounding"]) if c["rounding"] else "",
                      X.amt(c["incl"])], size * 0.9, lh, widths=[0.2, 0.3, 0.15, 0.35])
        y += lh
        y = X.ensure(pg, y, lh * 4)
        pay_heads = ["Modalità pagamento", "IBAN", "Istituto finanziario", "Data scadenza", "Importo"]
        pay_vals = ["MP05 bonifico", X.iban(False) if s["iban"] else "", c["bank"], X.date("due") if c["due"] else "", X.amt(c["payable"])]
        grid_row(pg, mx, right, y, pay_heads, pay_vals, size * 0.85, lh, widths=[0.18, 0.3, 0.2, 0.14, 0.18])
        if c["prepaid"]:
            X.nc_extra["totals.payableAmount"] = "not printed"
        return finish(pg, footer)
    # gestionale: letterhead, Spett.le block, grid table
    pg.logo(r, mx, y, 40, 40, X.color, None) if p(X, 0.5) else None
    sl = [X.s_name()] + X.s_addr(False, style=X.L("it_prov", [None, "noprov"])) + ["P.IVA %s" % X.s_vat(label=False), "Tel. %s" % s["phone"], s["email"]]
    block(pg, mx + (48 if pg else 0), y + size, sl, lh, size)
    yy = y + 30 * MM
    pg.text(pg.W * 0.55, yy, X.L("it_spett", ["Spett.le", "Spettabile", "Destinatario"]), size, color=GREY)
    bl = X.b_lines()
    bv = X.b_vat(pool=["P.IVA", "Partita IVA"]) if p(X, 0.8) else None
    if bv:
        bl.append(bv)
    block(pg, pg.W * 0.55, yy + lh, bl, lh, size)
    y = max(y + lh * (len(sl) + 1), yy + lh * (len(bl) + 2)) + lh
    t = "NOTA DI CREDITO" if c["credit"] else X.L("it_title", ["FATTURA", "Fattura", "FATTURA DI CORTESIA", "Fattura differita"])
    pg.text(mx, y, "%s N. %s del %s" % (t, X.number(), X.date("issue")), size * 1.3, "b")
    y += lh * 1.8
    items = meta(X, ["customer?", "order?", "ref", "due"], {"customer": ["Cod. cliente", "Codice cliente"], "order": ["Vs. ordine", "Rif. ordine"],
                                                           "ref": ["Vs. riferimento", "Riferimento cliente"], "due": ["Scadenza", "Data scadenza"]}, colon="")
    if items:
        y = cells(pg, mx, right, y, items, size, boxed=True) + lh
    cols = [{"key": "art", "head": "Codice", "w": 54}, {"key": "desc", "head": "Descrizione"}, {"key": "qty", "head": "Q.tà", "align": "r"},
            {"key": "unit", "head": "U.M.", "w": 26}, {"key": "price", "head": "Prezzo", "align": "r"}, {"key": "disc", "head": "Sconto", "align": "r"},
            {"key": "amount", "head": "Importo", "align": "r"}, {"key": "rate", "head": "IVA", "align": "r"}]
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    tb = G.Table(X, pg, cols, mx, right, style="grid", head_style="b", size=size, head_fill=(0.9, 0.9, 0.9), pad=2.5)
    y = tb.draw(y, rows, X.bottom, new_page, carry=("Da riportare", "Riporto") if p(X, 0.4) else None)
    y += lh
    y = X.ensure(pg, y, lh * (8 + len(c["breakdown"])))
    rows_t = G.total_rows(X, {"cur": X.L("it_cur", [None, "sym"]), "sub_label": X.L("it_imp", ["Imponibile", "Totale imponibile", "Totale merce"]),
                             "total_label": X.L("it_tot", ["Totale documento", "Totale fattura"]), "payable_label": "Netto a pagare",
                             "tax_label": lambda X_, b_: G.tax_label(X_, b_, "pre")})
    y = G.draw_totals(pg, rows_t, pg.W * 0.58, right, y, lh, size, rule_before={"total": 0.6})
    y += lh
    pay = "Pagamento: %s" % X.L("it_pay", ["Bonifico bancario", "Bonifico", "Ri.Ba."])
    if c["due"]:
        pay += " - Scadenza %s %s" % (X.date("due"), X.amt(c["payable"]))
    items = [pay, "IBAN: %s" % X.iban() if s["iban"] else None, X.tax_note()]
    notes(X, pg, y, mx, right - mx, lh, size, items)
    return finish(pg, footer)


def ascii_upper(s):
    return G.ascii_word(s).upper()


def grid_row(pg, x0, x1, y, heads, vals, size, lh, widths=None):
    """a grid of a head row (grey) and a value row; widths: fractions"""
    n = len(vals)
    ws = [w * (x1 - x0) for w in widths] if widths else [(x1 - x0) / n] * n
    x = x0
    if heads:
        for h, w in zip(heads, ws):
            pg.rect(x, y, w, lh + 2, fill=(0.88, 0.88, 0.88), lw=0.4)
            pg.text(x + 2, y + size + 1, h, size * 0.9, "b")
            x += w
        y += lh + 2
    x = x0
    for v, w in zip(vals, ws):
        pg.rect(x, y, w, lh + 2, lw=0.4)
        pg.text(x + 2, y + size + 1, v, size)
        x += w
    return y + lh + 2


# ================================================================================================ Stripe

US_STATES = {"MA": "Massachusetts", "TX": "Texas", "IL": "Illinois", "WA": "Washington", "CO": "Colorado", "NY": "New York"}

STRIPE = {
    "title": {"en": "Invoice", "de": "Rechnung", "fr": "Facture", "it": "Fattura"},
    "cn": {"en": "Credit note", "de": "Gutschrift", "fr": "Avoir", "it": "Nota di credito"},
    "num": {"en": "Invoice number", "de": "Rechnungsnummer", "fr": "Numéro de facture", "it": "Numero fattura"},
    "cnum": {"en": "Credit note number", "de": "Gutschriftnummer", "fr": "Numéro d'avoir", "it": "Numero nota di credito"},
    "issue": {"en": "Date of issue", "de": "Rechnungsdatum", "fr": "Date d'émission", "it": "Data di emissione"},
    "due": {"en": "Date due", "de": "Fälligkeitsdatum", "fr": "Date d'échéance", "it": "Data di scadenza"},
    "bill": {"en": "Bill to", "de": "Rechnung an", "fr": "Facturer à", "it": "Fatturare a"},
    "ship": {"en": "Ship to", "de": "Lieferung an", "fr": "Livrer à", "it": "Spedire a"},
    "big": {"en": "%s due %s", "de": "%s fällig am %s", "fr": "%s dus le %s", "it": "%s da pagare entro il %s"},
    "big_paid": {"en": "%s paid on %s", "de": "%s bezahlt am %s", "fr": "%s payés le %s", "it": "%s pagati il %s"},
    "pay": {"en": "Pay online", "de": "Online bezahlen", "fr": "Payer en ligne", "it": "Paga online"},
    "desc": {"en": "Description", "de": "Beschreibung", "fr": "Description", "it": "Descrizione"},
    "qty": {"en": "Qty", "de": "Menge", "fr": "Qté", "it": "Qtà"},
    "price": {"en": "Unit price", "de": "Stückpreis", "fr": "Prix unitaire", "it": "Prezzo unitario"},
    "tax": {"en": "Tax", "de": "Steuer", "fr": "Taxes", "it": "Imposte"},
    "amount": {"en": "Amount", "de": "Betrag", "fr": "Montant", "it": "Importo"},
    "sub": {"en": "Subtotal", "de": "Zwischensumme", "fr": "Sous-total", "it": "Subtotale"},
    "excl": {"en": "Total excluding tax", "de": "Gesamtbetrag ohne Steuern", "fr": "Total hors taxes", "it": "Totale al netto delle imposte"},
    "total": {"en": "Total", "de": "Gesamt", "fr": "Total", "it": "Totale"},
    "due_amt": {"en": "Amount due", "de": "Fälliger Betrag", "fr": "Montant dû", "it": "Importo dovuto"},
    "paid": {"en": "Amount paid", "de": "Bezahlter Betrag", "fr": "Montant payé", "it": "Importo pagato"},
    "vat": {"en": "VAT - %s (%s on %s)", "de": "USt. – %s (%s auf %s)", "fr": "TVA - %s (%s sur %s)", "it": "IVA - %s (%s su %s)"},
    "bank": {"en": "Pay by bank transfer", "de": "Per Banküberweisung bezahlen", "fr": "Payer par virement bancaire", "it": "Paga con bonifico bancario"},
    "page": {"en": "Page %d of %d", "de": "Seite %d von %d", "fr": "Page %d sur %d", "it": "Pagina %d di %d"},
}


def stripe(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans"], [8, 8.5, 9], r.choice(["Skia/PDF m%d" % r.randint(110, 125), "Chromium"]), "Stripe")
    T = lambda k: X.T(STRIPE, k)
    mx = r.uniform(40, 54)
    right = pg.W - mx
    size = pg.size
    lh = size * 1.5
    X.m.pos = "before" if X.lang == "en" else "after"
    X.m.space = X.lang != "en"
    if X.lang == "en" and X.df(c["issue"]).count("/"):
        X.df = E.date_formatter("us_long", "en")

    def footer(pg):
        s = "%s · %s" % (c["number"], (T("big") % (X.amt(c["payable"], "sym"), X.df(c["due"]))) if c["due"] else X.amt(c["payable"], "sym"))
        pg.text(mx, pg.H - 28, s, size * 0.8, color=GREY)
        pg.text(right, pg.H - 28, T("page") % (pg.page, X.total), size * 0.8, align="r", color=GREY)

    def new_page(pg):
        footer(pg)
        pg.show()
        return 50
    X.bottom, X.new_page = pg.H - 50, new_page
    y = 48
    pg.text(mx, y + size * 1.6, T("cn") if c["credit"] else T("title"), size * 2.2, "b")
    pg.logo(r, right - 40, y - 6, 38, 38, X.color, None)
    y += size * 2.2 + lh * 1.2
    info = [(T("cnum") if c["credit"] else T("num"), X.number()), (T("issue"), X.date("issue"))]
    if c["due"]:
        info.append((T("due"), X.date("due")))
    y = pairs(pg, mx, y, info, lh, size, lstyle="b", x_val=mx + 110) + lh
    sc = [X.s_name()] + X.s_addr(p(X, 0.7)) + [c["seller"]["phone"] if p(X, 0.5) else None, c["seller"]["email"]]
    sv = X.s_vat(label=False) if p(X, 0.8) else None
    if sv:
        sc.append(("%s VAT %s" % (c["cc"], sv)) if X.lang == "en" and c["cc"] != "US" else (("EIN %s" % sv) if c["cc"] == "US" else X.s_vat()))
    bl = X.b_lines(extras=p(X, 0.5)) + [c["buyer"]["email"]]
    bv = X.b_vat(label=False) if p(X, 0.8) else None
    if bv:
        bl.append("%s VAT %s" % (c["bcc"], bv) if X.lang == "en" else X.b_vat())
    block(pg, mx, y, [x for x in sc if x], lh * 0.9, size, first_bold=True)
    block(pg, mx + 190, y, bl, lh * 0.9, size, first_bold=False, title=T("bill"))
    if c["ship"]:
        block(pg, mx + 360, y, X.ship_lines(), lh * 0.9, size, first_bold=False, title=T("ship"))
    y += lh * 0.9 * max(len(sc), len(bl) + 1.2) + lh * 1.2
    big = T("big") % (X.amt(c["payable"], "sym"), X.date("due")) if c["due"] else "%s %s" % (X.amt(c["payable"], "sym"), X.L("receipt"))
    pg.text(mx, y + size, big, size * 1.8, "b")
    y += size * 1.8 + lh * 0.8
    if p(X, 0.6):
        pg.text(mx, y, T("pay"), size, color=(0.39, 0.36, 0.96))
        pg.hline(mx, mx + pg.width(T("pay"), size), y + 1.5, 0.4, color=(0.39, 0.36, 0.96))
        y += lh
    if p(X, 0.3):
        pg.text(mx, y, X.L("stripe_memo", ["Thanks for your business!", "Subscription renewal", "Monthly plan"]) if X.lang == "en" else X.L("thanks"), size)
        y += lh
    y += lh
    cols = [{"key": "desc", "head": T("desc")}, {"key": "qty", "head": T("qty"), "align": "r", "w": 40}, {"key": "price_cur", "head": T("price"), "align": "r"}]
    if p(X, 0.5) or len(c["breakdown"]) > 1:
        cols.append({"key": "rate", "head": T("tax"), "align": "r"})
    cols.append({"key": "amount_cur", "head": T("amount"), "align": "r"})
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    for i, rw in enumerate(rows):
        if p(X, 0.5):
            rw["detail"] = E.period(E.date_formatter("abbr" if X.lang != "en" else "us_abbr", X.lang), c["issue"], X.lang)
    tb = G.Table(X, pg, cols, mx, right, style="headline", head_style="r", head_color=GREY, size=size, pad=4, detail_color=GREY, rule_color=(0.8, 0.8, 0.8))
    y = tb.draw(y, rows, X.bottom, new_page)
    y += lh * 0.5
    y = X.ensure(pg, y, lh * (6 + len(c["breakdown"])))
    tx = mx + (right - mx) * 0.42
    rows_t = [(T("sub"), X.amt(c["line_net"], "sym"))]
    if c["allowance"]:
        rows_t.append(("%s (%s)" % (X.L("allowance"), X.m.rate(c["allowance"]["pct"], "int", "% off")), X.amt(c["allowance"]["amount"], "sym", neg=True)))
    if p(X, 0.6):
        rows_t.append((T("excl"), X.amt(c["taxable"], "sym")))
    for bb in c["breakdown"]:
        X.mark("rate_in_totals")
        cn = E.COUNTRY_NAMES[c["bcc"] if c["situation"] != "domestic" else c["cc"]][X.lang]
        lab = T("vat")
        if c["cc"] == "US":
            cn, lab = US_STATES.get(c["seller"]["prov"], c["seller"]["prov"]), "Sales Tax - %s (%s on %s)"
        rows_t.append((lab % (cn, X.rate(rate=bb["rate"], style="int", sym="%"), X.amt(bb["taxable"], "sym")), X.amt(bb["tax"], "sym")))
    rows_t.append((T("total"), X.amt(c["incl"], "sym")))
    if c["prepaid"]:
        rows_t.append((T("paid"), X.amt(c["prepaid"], "sym", neg=True)))
    if c["rounding"]:
        rows_t.append((X.L("rounding"), X.amt(c["rounding"], "sym", neg=c["rounding"] < 0)))
    rows_t.append((T("due_amt"), X.amt(c["payable"], "sym")))
    for k, (lab, val) in enumerate(rows_t):
        pg.hline(tx, right, y - size - 3, 0.3, color=(0.85, 0.85, 0.85))
        bold = k == len(rows_t) - 1
        pg.text(tx, y, lab, size, "b" if bold else "r")
        pg.text(right, y, val, size, "b" if bold else "r", "r")
        y += lh
    y += lh
    items = [X.tax_note()]
    if c["seller"]["iban"] and p(X, 0.5):
        items += [T("bank"), "IBAN %s   BIC %s" % (X.iban(), c["bic"]), "%s: %s" % ({"en": "Reference", "de": "Verwendungszweck", "fr": "Référence",
                                                                                      "it": "Causale"}[X.lang], c["number"])]
    notes(X, pg, y, mx, right - mx, lh, size, items)
    return finish(pg, footer)


# ================================================================================================ Xero

def xero(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "sans", "cond"], [8, 8.5, 9], r.choice(["Xero", "Xero (ABCpdf)", "ABCpdf"]), "Xero")
    mx = r.uniform(34, 46)
    right = pg.W - mx
    size = pg.size
    lh = size * 1.4
    cur = c["currency"]
    X.m.pos = "before"
    X.df = E.date_formatter(r.choice(["abbr", "abbr", "%d/%m/%Y", "us_abbr"] if not c["us"] else ["us_abbr", "%m/%d/%Y"]), "en")

    def footer(pg):
        fs = size * 0.75
        if c["cc"] == "GB":
            s = "Company Registration No: %08d. Registered Office: %s." % (X.r.randint(1000000, 14999999), ", ".join([c["seller"]["line1"]] + X.s_addr(False)[1:]))
        else:
            s = "%s · %s" % (c["seller"]["name"], c["register"])
        pg.text(mx, pg.H - 24, s, fit_lines(pg, [s], right - mx, fs), color=GREY)

    def new_page(pg):
        footer(pg)
        pg.show()
        return 46
    X.bottom, X.new_page = pg.H - 44, new_page
    y = 46
    pg.text(mx, y + size * 2, X.L("xero_title", ["TAX INVOICE", "INVOICE", "Tax Invoice"]) if not c["credit"] else "CREDIT NOTE", size * 2.4, "r")
    pg.logo(r, right - 46, y - 26, 40, 40, X.color, None) if p(X, 0.7) else None
    y += size * 2.4 + lh * 1.5
    bl = X.b_lines(extras=False)
    if c["b_before"] and p(X, 0.7):
        bl.insert(0, "Attention: %s" % c["b_before"][-1].replace("Attn: ", "").replace("Attention: ", "").replace("FAO ", ""))
    block(pg, mx, y, bl, lh, size, first_bold=False)
    mxx = mx + (right - mx) * 0.42
    info = [("Invoice Date" if not c["credit"] else "Date", X.date("issue")), ("Invoice Number" if not c["credit"] else "Credit Note Number", X.number())]
    if c["ref"]:
        info.append(("Reference", X.ref()))
    sv = X.s_vat(label=False)
    if sv:
        info.append(("VAT Number" if c["cc"] != "US" else "Tax ID", sv))
    yy = y
    for k, v in info:
        pg.text(mxx, yy, k, size, "b")
        pg.text(mxx, yy + lh * 0.9, v, size)
        yy += lh * 2
    sl = [X.s_name()] + X.s_addr(True)
    block(pg, right - 140, y, sl, lh, size, first_bold=False, maxw=140)
    y = max(y + lh * len(bl), yy, y + lh * len(sl)) + lh
    cols = [{"key": "desc", "head": "Description"}, {"key": "qty", "head": "Quantity", "align": "r"}, {"key": "price", "head": "Unit Price", "align": "r"}]
    if any(l["disc"] for l in c["lines"]):
        cols.append({"key": "disc", "head": "Disc.", "align": "r"})
    cols += [{"key": "rate", "head": "VAT" if c["cc"] != "US" else "Tax", "align": "r"}, {"key": "amount", "head": "Amount " + cur, "align": "r"}]
    X.mark("currency")
    X.m.qty_style = "dec2"
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"], detail=False)
    if p(X, 0.3):
        for rw in rows:
            rw["rate"] = rw["rate"] + " (VAT on Income)" if rw["rate"].strip("% ") not in ("0", "0.00") else "Zero Rated"
    tb = G.Table(X, pg, cols, mx, right, style="underline", head_style="b", size=size, pad=3.5, rule_color=(0.8, 0.8, 0.8), head_w=0.8)
    y = tb.draw(y, rows, X.bottom, new_page)
    y += lh * 0.5
    y = X.ensure(pg, y, lh * (8 + len(c["breakdown"])))
    tx = pg.W / 2 + 30
    rows_t = [("Subtotal", X.amt(c["line_net"]), "r")]
    if c["allowance"]:
        rows_t.append(("Discount", X.amt(c["allowance"]["amount"], neg=True), "r"))
    for bb in c["breakdown"]:
        X.mark("rate_in_totals")
        rows_t.append(("TOTAL %s %s" % ("VAT" if c["cc"] != "US" else "SALES TAX", X.rate(rate=bb["rate"], style="int", sym="%")), X.amt(bb["tax"]), "r"))
    rows_t.append(("TOTAL %s" % cur, X.amt(c["incl"]), "b"))
    if c["prepaid"]:
        rows_t.append(("Less Amount Paid", X.amt(c["prepaid"]), "r"))
    if c["rounding"]:
        rows_t.append(("Rounding", X.amt(c["rounding"], neg=c["rounding"] < 0), "r"))
    if c["prepaid"] or c["rounding"] or p(X, 0.5):
        rows_t.append(("AMOUNT DUE %s" % cur, X.amt(c["payable"]), "b"))
    for lab, val, st in rows_t:
        if st == "b":
            pg.hline(tx, right, y - size - 3, 0.8)
        pg.text(tx, y, lab, size, st)
        pg.text(right - 3.5, y, val, size, st, "r")
        y += lh
    y += lh
    items = []
    if c["due"]:
        items.append("Due Date: %s" % X.date("due"))
    else:
        items.append(X.L("receipt"))
    items.append(X.tax_note())
    pay = bank(X, "lines")
    items.append("Payment details: " + ", ".join(pay))
    y = notes(X, pg, y, mx, right - mx, lh, size, items)
    # the payment advice to cut off
    if y + lh * 9 < X.bottom:
        y = X.bottom - lh * 9
        pg.hline(mx, right, y, 0.6, dash=(3, 2))
        pg.text(mx, y - 3, "\u2702" if not G.is_std(pg.font[0]) else "", size)
        y += lh * 1.5
        pg.text(mx, y, "PAYMENT ADVICE", size * 1.4, "r")
        y += lh * 1.5
        block(pg, mx, y, ["To:", c["seller"]["name"]] + [c["seller"]["line1"], X.s_addr(False)[1]], lh, size, first_bold=False)
        adv = [("Customer", c["buyer"]["name"]), ("Invoice Number", c["number"]), ("Amount Due", X.amt(c["payable"]))]
        if c["due"]:
            adv.append(("Due Date", X.df(c["due"])))
        adv.append(("Amount Enclosed", ""))
        pairs(pg, pg.W / 2, y, adv, lh, size, lstyle="b", x_val=pg.W / 2 + 100)
        pg.hline(pg.W / 2 + 100, right, y + lh * (len(adv) - 1) + 2, 0.5)
        pg.text(pg.W / 2 + 100, y + lh * len(adv), "Enter the amount you are paying above", size * 0.8, color=GREY)
    return finish(pg, footer)


# ================================================================================================ Zoho

def zoho(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "sans", "cond"], [8, 8.5, 9], r.choice(["Zoho Invoice", "Zoho Books", "Zoho PDF Engine"]), "Zoho")
    mx = r.uniform(30, 40)
    right = pg.W - mx
    size = pg.size
    lh = size * 1.45
    X.m.pos, X.m.space = "before", False
    dark = (0.24, 0.24, 0.23)

    def footer(pg):
        pg.text(right, pg.H - 20, "%d" % pg.page, size * 0.8, align="r", color=GREY)

    def new_page(pg):
        footer(pg)
        pg.show()
        return 40
    X.bottom, X.new_page = pg.H - 40, new_page
    y = 36
    if p(X, 0.6):
        pg.logo(r, mx, y, 44, 44, X.color, None)
        y += 52
    sl = [X.s_name()] + X.s_addr(True) + ([c["seller"]["phone"]] if p(X, 0.5) else []) + ([c["seller"]["email"]] if p(X, 0.5) else [])
    sv = X.s_vat(label=False)
    if sv:
        sl.append(("VAT Registration No: %s" if c["cc"] != "US" else "EIN: %s") % sv)
    block(pg, mx, y + size, sl, lh * 0.9, size)
    title = "CREDIT NOTE" if c["credit"] else X.L("zoho_title", ["TAX INVOICE", "INVOICE"])
    pg.text(right, 56, title, size * 2.6, "r", "r")
    pg.text(right, 56 + lh * 1.2, "# %s" % X.number(), size * 1.1, "b", "r")
    pg.text(right, 56 + lh * 3, "Balance Due", size * 0.9, align="r")
    pg.text(right, 56 + lh * 4, X.amt(c["payable"], "sym"), size * 1.3, "b", "r")
    y = max(y + size + lh * 0.9 * len(sl), 56 + lh * 5) + lh
    bl = X.b_lines()
    pg.text(mx, y, "Bill To", size, color=GREY)
    block(pg, mx, y + lh, bl, lh * 0.9, size, first_bold=True)
    info = [("Invoice Date :", X.date("issue"))]
    if c["due"]:
        info.append(("Terms :", ("Net %d" % c["terms"]) if c["terms"] else "Due on Receipt"))
        info.append(("Due Date :", X.date("due")))
    else:
        info.append(("Terms :", "Due on Receipt"))
    if p(X, 0.5):
        info.append(("P.O.# :", c["order_no"]))
    if c["ref"]:
        info.append(("Reference# :", X.ref()))
    yy = y + lh
    for k, v in info:
        pg.text(right - 100, yy, k, size, align="r")
        pg.text(right, yy, v, size, align="r")
        yy += lh
    y = max(y + lh * (len(bl) + 1.5), yy) + lh
    cols = [{"key": "pos", "head": "#", "w": 20}, {"key": "desc", "head": "Item & Description"}, {"key": "qtyunit", "head": "Qty", "align": "r"},
            {"key": "price", "head": "Rate", "align": "r"}]
    if len(c["breakdown"]) > 1 or p(X, 0.4):
        cols.append({"key": "rate", "head": "VAT %" if c["cc"] != "US" else "Tax %", "align": "r"})
    cols.append({"key": "amount", "head": "Amount", "align": "r"})
    X.L("pos_style", ["1"])
    X.m.qty_style = "dec2"
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    tb = G.Table(X, pg, cols, mx, right, style="underline", head_fill=dark, head_color=(1, 1, 1), size=size, pad=4.5, rule_color=(0.85, 0.85, 0.85),
                 detail_color=GREY)
    y = tb.draw(y, rows, X.bottom, new_page)
    y += lh * 0.5
    y = X.ensure(pg, y, lh * (8 + len(c["breakdown"])))
    tx = pg.W / 2 + 20
    rows_t = [("Sub Total", X.amt(c["line_net"]))]
    if c["allowance"]:
        rows_t.append(("Discount(%s)" % X.m.rate(c["allowance"]["pct"], "dec2", "%"), X.amt(c["allowance"]["amount"], neg=True)))
    if c["charge"]:
        rows_t.append(("Shipping charge", X.amt(c["charge"]["amount"])))
    for bb in c["breakdown"]:
        rows_t.append((G.tax_label(X, bb, "paren"), X.amt(bb["tax"])))
    rows_t.append(("Total", X.amt(c["incl"], "sym")))
    if c["prepaid"]:
        rows_t.append(("Payment Made", X.amt(c["prepaid"], neg=True)))
    if c["rounding"]:
        rows_t.append(("Rounding", X.amt(c["rounding"], neg=c["rounding"] < 0)))
    rows_t.append(("Balance Due", X.amt(c["payable"], "sym")))
    for lab, val in rows_t:
        bold = lab in ("Total", "Balance Due")
        if lab == "Balance Due":
            pg.rect(tx - 6, y - size - 4, right - tx + 6, lh + 2, fill=(0.95, 0.95, 0.95), stroke=False)
        pg.text(right - 110, y, lab, size, "b" if bold else "r", "r")
        pg.text(right - 4.5, y, val, size, "b" if bold else "r", "r")
        y += lh
    y += lh
    if c["currency"] in ("GBP", "USD", "EUR") and p(X, 0.5):
        cname = {"GBP": "Pound Sterling", "USD": "US Dollar", "EUR": "Euro"}[c["currency"]]
        pg.text(mx, y, "Total In Words: %s %s Only" % (cname, E.amount_words(c["incl"], "en")), size * 0.9, "i")
        y += lh * 1.5
    items = ["Notes", X.L("thanks"), X.tax_note()]
    if c["seller"]["iban"] or c["us"]:
        items += ["Terms & Conditions", "Bank: " + ", ".join(bank(X, "lines"))]
    notes(X, pg, y, mx, right - mx, lh, size, items)
    return finish(pg, footer)


# ================================================================================================ Report engines (Jasper, Crystal, BIRT)

REP = {
    "title": {"de": "RECHNUNG", "en": "INVOICE", "fr": "FACTURE", "it": "FATTURA"},
    "cn": {"de": "GUTSCHRIFT", "en": "CREDIT NOTE", "fr": "AVOIR", "it": "NOTA DI CREDITO"},
    "printed": {"de": "Gedruckt am %s %s", "en": "Printed %s %s", "fr": "Imprimé le %s à %s", "it": "Stampato il %s alle %s"},
    "user": {"de": "Benutzer", "en": "User", "fr": "Utilisateur", "it": "Utente"},
}


def report(X, path, total):
    r, c = X.r, X.c
    engine = r.choice(["jasper", "crystal", "birt"])
    pg = begin(X, path, total, ["sans", "cond", "mono", "sans"], [7, 7.5, 8, 8.5],
               {"jasper": "iText 2.1.7 by 1T3XT", "crystal": "Crystal Reports", "birt": "iText® 5.5.13 ©2000-2018 iText Group NV (AGPL-version)"}[engine],
               {"jasper": "JasperReports Library version 6.%d.0" % r.randint(4, 20), "crystal": "Crystal Reports", "birt": "BIRT Report Engine 4.%d" % r.randint(6, 13)}[engine])
    mx = r.uniform(20, 30)
    right = pg.W - mx
    size = pg.size
    lh = size * 1.35
    lsize = size * 0.72
    grey = (0.85, 0.85, 0.85)
    upper = True
    stamp = (X.df(c["issue"] + __import__("datetime").timedelta(days=r.choice([0, 0, 1]))), "%02d:%02d:%02d" % (r.randint(7, 18), r.randint(0, 59), r.randint(0, 59)))

    def lbl(s):
        return s.upper() if upper else s

    def footer(pg):
        fy = pg.H - 18
        pg.hline(mx, right, fy - size * 1.2, 0.5)
        pg.text(mx, fy, X.T(REP, "printed") % stamp, size * 0.8)
        pg.text(pg.W / 2, fy, r_name, size * 0.8, align="c")
        pg.text(right, fy, X.page_label(pg.page, X.total), size * 0.8, align="r")

    r_name = r.choice(["INV_STD_01", "rpt_invoice_v3", "Faktura_A4", "invoice.rptdesign", "R_RECHNUNG"])

    def page_head(pg, first):
        y = 24
        pg.rect(mx, y, right - mx, 34, fill=(0.9, 0.9, 0.9) if engine != "birt" else (0.85, 0.9, 0.97), lw=0.6)
        pg.text(mx + 6, y + 22, c["seller"]["name"] if not first else X.s_name(), size * 1.5, "b")
        pg.rect(right - 150, y, 150, 34, lw=0.6)
        pg.text(right - 75, y + 22, X.T(REP, "cn") if c["credit"] else X.T(REP, "title"), size * 1.5, "b", "c")
        return y + 40

    def new_page(pg):
        footer(pg)
        pg.show()
        y = page_head(pg, False)
        y = cells(pg, mx, right, y, [(lbl(X.L("number")), c["number"]), (lbl(X.L("date")), X.df(c["issue"]))], size, lsize, boxed=True, fill=grey, even=True)
        return y + 6
    X.bottom, X.new_page = pg.H - 40, new_page
    y = page_head(pg, True)
    sa = X.s_addr(False)
    pg.text(mx + 6, y + size, " · ".join(sa + [c["seller"]["phone"]]), size * 0.85)
    y += lh * 1.5
    # address boxes
    w = (right - mx) / 2
    for k, (title, lines) in enumerate([(X.L("billto"), X.b_lines()), (X.L("shipto"), X.ship_lines() if c["ship"] else [c["buyer"]["name"]] + X.b_lines(name=False, extras=False))]):
        x = mx + k * w
        pg.rect(x, y, w, lsize * 1.4 + 2, fill=grey, lw=0.5)
        pg.text(x + 3, y + lsize + 1, lbl(title), lsize, "b")
        pg.rect(x, y + lsize * 1.4 + 2, w, lh * 5.5, lw=0.5)
        block(pg, x + 4, y + lsize * 1.4 + 2 + lh, lines[:6], lh * 0.95, size, first_bold=True)
    y += lsize * 1.4 + 2 + lh * 5.5 + 6
    items = meta(X, ["number", "date", "customer", "order?", "due", "ref", "vat_buyer?", "delivery?"], colon="")
    items = [(lbl(k), v) for k, v in items]
    y = cells(pg, mx, right, y, items, size, lsize, boxed=True, fill=grey, even=True, lstyle="b") + 8
    cols = [{"key": "pos", "head": lbl(X.L("pos")), "w": 24}]
    if p(X, 0.6):
        cols.append({"key": "art", "head": lbl(X.L("art")), "w": 58})
    cols += [{"key": "desc", "head": lbl(X.L("desc"))}, {"key": "qty", "head": lbl(X.L("qty")), "align": "r"},
             {"key": "unit", "head": lbl(X.L("unit")), "w": 30}, {"key": "price", "head": lbl(X.L("price")), "align": "r"}]
    if any(l["disc"] for l in c["lines"]):
        cols.append({"key": "disc", "head": lbl(X.L("disc")), "align": "r"})
    cols += [{"key": "rate", "head": lbl(X.L("rate")), "align": "r"}, {"key": "amount", "head": lbl(X.L("amount")), "align": "r"}]
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    tb = G.Table(X, pg, cols, mx, right, style="grid" if engine != "birt" else "zebra", head_style="b", size=size, head_size=lsize * 1.1, head_fill=grey,
                 pad=2.5, lw=0.4, zebra_fill=(0.93, 0.95, 0.99))
    y = tb.draw(y, rows, X.bottom, new_page, carry=(X.L("carry_out"), X.L("carry_in")) if engine == "crystal" or p(X, 0.3) else None)
    y += 8
    y = X.ensure(pg, y, lh * (6 + 2 * len(c["breakdown"])))
    vt = [(lbl(X.L("rate")), lbl(X.L("subtotal")), lbl(X.L("tax")))]
    for bb in c["breakdown"]:
        X.mark("rate_in_totals")
        vt.append((X.rate(rate=bb["rate"]), X.amt(bb["taxable"]), X.amt(bb["tax"])))
    vw = [50, 80, 80]
    yy = y
    for k, row in enumerate(vt):
        x = mx
        for v, wv in zip(row, vw):
            pg.rect(x, yy, wv, lh + 2, fill=grey if k == 0 else None, lw=0.4)
            pg.text(x + wv - 3, yy + size + 1, v, lsize * 1.1 if k == 0 else size, "b" if k == 0 else "r", "r")
            x += wv
        yy += lh + 2
    rows_t = G.total_rows(X, {"cur": "code" if p(X, 0.5) else None, "tax_label": lambda X_, b_: G.tax_label(X_, b_, "pre")})
    if rows_t[0][1].startswith(c["currency"]) or rows_t[0][1].endswith(c["currency"]):
        pass
    tx = right - 230
    ty = y
    for lab, val, kind in rows_t:
        bold = kind in ("total", "payable")
        pg.rect(tx, ty, 130, lh + 2, fill=grey, lw=0.4)
        pg.rect(tx + 130, ty, 100, lh + 2, lw=0.4 if not bold else 1.0)
        pg.text(tx + 3, ty + size + 1, lbl(lab), lsize * 1.15, "b")
        pg.text(right - 3, ty + size + 1, val, size, "b" if bold else "r", "r")
        ty += lh + 2
    y = max(yy, ty) + lh
    if not any(v.endswith(c["currency"]) or v.startswith(c["currency"]) for _, v, _ in rows_t):
        pg.text(right, y, "%s: %s" % (X.L("rep_cur", {"de": "Währung", "en": "Currency", "fr": "Devise", "it": "Valuta"}), c["currency"]), size * 0.85, align="r")
        X.mark("currency")
        y += lh
    notes(X, pg, y, mx, right - mx, lh, size, [X.tax_note(), X.terms_text(), " | ".join(bank(X, "lines"))])
    return finish(pg, footer)


# ================================================================================================ LaTeX letter / invoice classes

def latex(X, path, total):
    r, c = X.r, X.c
    cls = r.choice(["scrlttr2", "scrlttr2", "invoice"])
    pg = begin(X, path, total, ["serif", "serif", "serif", "sans"], [9, 9.5, 10, 10.5, 11],
               r.choice(["pdfTeX-1.40.25", "pdfTeX-1.40.21", "LuaTeX-1.17.0", "XeTeX 0.999995"]), "LaTeX with hyperref")
    mx = 25 * MM if cls == "scrlttr2" else 30 * MM
    right = pg.W - (20 * MM if cls == "scrlttr2" else 30 * MM)
    size = pg.size
    lh = size * 1.22
    X.m.pos = "after" if X.lang != "en" else "before"
    if X.lang == "de" and p(X, 0.3):
        X.m.drop_int = X.L("drop", ["plain", "dash"])

    def footer(pg):
        fs = size * 0.75
        if cls == "scrlttr2":
            cols = [[c["seller"]["name"]] + X.s_addr(False), contact(X)[:2], (bank(X) if c["seller"]["iban"] else [])[:3], [x for x in [X.s_vat()] + legal(X, ("taxno",)) if x]]
            foot_cols(pg, [cc_ for cc_ in cols if cc_], pg.H - 20 * MM, mx, right, fs, rule=0.4)
        if X.total > 1:
            pg.text(pg.W / 2, pg.H - 10 * MM, str(pg.page), size * 0.9, align="c")

    def new_page(pg):
        footer(pg)
        pg.show()
        return 25 * MM
    X.bottom, X.new_page = pg.H - 34 * MM, new_page
    if cls == "scrlttr2":
        name = X.s_name()
        pg.text(mx, 20 * MM, name, size * 1.6, "r", cs=0.6)
        pg.hline(mx, right, 20 * MM + 6, 0.5)
        pg.text(mx, 20 * MM + 6 + lh, "  ·  ".join(X.s_addr(False) + [c["seller"]["phone"], c["seller"]["email"]]), size * 0.8)
        y = din_address(X, pg, X.b_lines(), X.s_oneline("  ·  "), x=mx, size=size, underline=False)
        # the reference line: labels above values
        y = max(y, 97 * MM)
        refl = []
        if c["ref"]:
            refl.append(({"de": "Ihr Zeichen", "en": "Your ref.", "fr": "Vos réf.", "it": "Vs. rif."}[X.lang], X.ref()))
        if p(X, 0.4):
            refl.append(({"de": "Ihre Nachricht vom", "en": "Your letter of", "fr": "Votre courrier du", "it": "Vs. lettera del"}[X.lang], X.date("order")))
        refl.append(({"de": "Kundennummer", "en": "Customer no.", "fr": "N° client", "it": "Cliente n."}[X.lang], c["customer_no"]) if p(X, 0.5) else
                    ({"de": "Rechnungsnummer", "en": "Invoice no.", "fr": "Facture n°", "it": "Fattura n."}[X.lang], X.number()))
        refl.append(({"de": "Datum", "en": "Date", "fr": "Date", "it": "Data"}[X.lang], X.date("issue")))
        xw = (right - mx) / 4
        for k, (lab, v) in enumerate(refl):
            x = mx + k * xw if k < len(refl) - 1 else right - max(pg.width(lab, size * 0.75), pg.width(v, size))
            pg.text(x, y, lab, size * 0.75)
            pg.text(x, y + lh, v, size)
        y += lh * 3
        pg.text(mx, y, "%s %s %s" % (X.title({"de": "Rechnung", "en": "Invoice", "fr": "Facture", "it": "Fattura"}[X.lang], None),
                                     {"de": "Nr.", "en": "No.", "fr": "n°", "it": "n."}[X.lang], X.number()), size, "b")
        y += lh * 2
        pg.text(mx, y, {"de": "Sehr geehrte Damen und Herren,", "en": "Dear Sir or Madam,", "fr": "Madame, Monsieur,", "it": "Gentili Signori,"}[X.lang], size)
        y += lh * 1.6
        intro = {"de": "für die im Folgenden aufgeführten Leistungen erlaube ich mir, Ihnen den folgenden Betrag in Rechnung zu stellen:",
                 "en": "for the services listed below I take the liberty of invoicing you as follows:",
                 "fr": "veuillez trouver ci-dessous le détail des prestations facturées :", "it": "di seguito il dettaglio delle prestazioni fatturate:"}[X.lang]
        y = notes(X, pg, y, mx, right - mx, lh, size, [intro]) + lh * 0.6
    else:
        pg.text(pg.W / 2, 28 * MM, X.s_name(), size * 1.8, "b", "c")
        pg.text(pg.W / 2, 28 * MM + lh * 1.4, " — ".join(X.s_addr(False)), size, align="c")
        pg.text(pg.W / 2, 28 * MM + lh * 2.4, " — ".join([c["seller"]["email"], c["seller"]["phone"]]), size * 0.9, align="c")
        y = 28 * MM + lh * 4.5
        block(pg, mx, y, X.b_lines(), lh, size, first_bold=False)
        info = meta(X, ["number", "date", "due", "ref"], {"number": {"de": ["Rechnung Nr.", "Rechnungsnummer"], "en": ["Invoice No.", "Invoice"],
                                                                     "fr": ["Facture n°"], "it": ["Fattura n."]}}, colon=":")
        pairs(pg, right - 150, y, info, lh, size, right=right)
        y += lh * max(len(info), 6) + lh
        pg.text(mx, y, X.title(), size * 1.4, "b")
        y += lh * 2
    cols = [{"key": "pos", "head": {"de": "Pos.", "en": "No.", "fr": "N°", "it": "N."}[X.lang], "w": 26},
            {"key": "desc", "head": {"de": "Leistung", "en": "Activity", "fr": "Prestation", "it": "Prestazione"}[X.lang]},
            {"key": "qtyunit", "head": {"de": "Menge", "en": "Count", "fr": "Quantité", "it": "Quantità"}[X.lang], "align": "r"},
            {"key": "price", "head": {"de": "Einzelpreis", "en": "Unit rate", "fr": "Prix unitaire", "it": "Prezzo"}[X.lang], "align": "r"},
            {"key": "amount", "head": {"de": "Betrag", "en": "Amount", "fr": "Montant", "it": "Importo"}[X.lang], "align": "r"}]
    if len(c["breakdown"]) > 1:
        cols.insert(4, {"key": "rate", "head": X.L("rate"), "align": "r"})
    X.L("pos_style", ["1"])
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"])
    tb = G.Table(X, pg, cols, mx, right, style="booktabs", head_style="b", size=size, pad=2.5, top_w=0.9, head_w=0.5, bottom_w=0.9, detail_style="i")
    y = tb.draw(y, rows, X.bottom, new_page)
    y += lh
    y = X.ensure(pg, y, lh * (6 + len(c["breakdown"])))
    rows_t = G.total_rows(X, {"cur": "sym", "tax_label": lambda X_, b_: G.tax_label(X_, b_, X_.L("tex_tax", ["pre", "zzgl", "on"]) if X_.lang == "de" else "pre")})
    for k, (lab, val, kind) in enumerate(rows_t):
        if kind == "total":
            pg.hline(right - 220, right, y - size - 2, 0.5)
        pg.text(right - 110, y, lab, size, "b" if kind in ("total", "payable") else "r", "r")
        pg.text(right - 2.5, y, val, size, "b" if kind in ("total", "payable") else "r", "r")
        y += lh
    if p(X, 0.5):
        pg.hline(right - 220, right, y - size + 2, 0.9)
    y += lh
    items = [X.tax_note(), X.terms_text()]
    if cls == "invoice" and c["seller"]["iban"]:
        items.append(" — ".join(bank(X, "lines")))
    items += ["", {"de": "Mit freundlichen Grüßen", "en": "Yours faithfully,", "fr": "Veuillez agréer mes salutations distinguées.",
                   "it": "Cordiali saluti"}[X.lang], "", c["contact"]]
    notes(X, pg, y, mx, right - mx, lh, size, [s or " " for s in items if s is not None])
    return finish(pg, footer)


# ================================================================================================ Word templates

WORD = {
    "title": {"en": "INVOICE", "de": "RECHNUNG", "fr": "FACTURE", "it": "FATTURA"},
    "date": {"en": ["DATE:", "Date:"], "de": ["DATUM:", "Datum:"], "fr": ["DATE :", "Date :"], "it": ["DATA:", "Data:"]},
    "num": {"en": ["INVOICE #", "INVOICE NO.", "Invoice #"], "de": ["RECHNUNG NR.", "Rechnungs-Nr.:"], "fr": ["FACTURE N°", "N° :"], "it": ["FATTURA N.", "N.:"]},
    "cid": {"en": ["Customer ID:", "CUSTOMER ID"], "de": ["Kunden-Nr.:", "KUNDEN-NR."], "fr": ["Client n° :", "CODE CLIENT"], "it": ["Cod. cliente:", "CODICE CLIENTE"]},
    "for": {"en": "FOR:", "de": "BETREFF:", "fr": "OBJET :", "it": "OGGETTO:"},
    "bill": {"en": ["BILL TO:", "TO:", "Bill To:"], "de": ["RECHNUNG AN:", "AN:"], "fr": ["FACTURER À :", "À :"], "it": ["FATTURARE A:", "A:"]},
    "ship": {"en": "SHIP TO:", "de": "LIEFERN AN:", "fr": "LIVRER À :", "it": "SPEDIRE A:"},
    "sales": {"en": ["SALESPERSON", "JOB", "PAYMENT TERMS", "DUE DATE"], "de": ["VERKÄUFER", "PROJEKT", "ZAHLUNGSBEDINGUNGEN", "FÄLLIGKEIT"],
              "fr": ["COMMERCIAL", "PROJET", "CONDITIONS", "ÉCHÉANCE"], "it": ["VENDITORE", "PROGETTO", "CONDIZIONI", "SCADENZA"]},
    "qty": {"en": "QTY", "de": "MENGE", "fr": "QTÉ", "it": "Q.TÀ"},
    "item": {"en": "ITEM #", "de": "ART.-NR.", "fr": "RÉF.", "it": "COD."},
    "desc": {"en": "DESCRIPTION", "de": "BESCHREIBUNG", "fr": "DÉSIGNATION", "it": "DESCRIZIONE"},
    "price": {"en": "UNIT PRICE", "de": "EINZELPREIS", "fr": "PRIX UNITAIRE", "it": "PREZZO UNITARIO"},
    "disc": {"en": "DISCOUNT", "de": "RABATT", "fr": "REMISE", "it": "SCONTO"},
    "line": {"en": "LINE TOTAL", "de": "GESAMTPREIS", "fr": "TOTAL LIGNE", "it": "TOTALE RIGA"},
    "sub": {"en": "SUBTOTAL", "de": "ZWISCHENSUMME", "fr": "SOUS-TOTAL", "it": "SUBTOTALE"},
    "tax": {"en": ["SALES TAX", "VAT"], "de": ["MWST.", "UMSATZSTEUER"], "fr": ["TVA"], "it": ["IVA"]},
    "total": {"en": "TOTAL", "de": "GESAMTBETRAG", "fr": "TOTAL TTC", "it": "TOTALE"},
    "checks": {"en": "Make all checks payable to %s", "de": "Bitte überweisen Sie den Betrag an %s", "fr": "Règlement à l'ordre de %s",
               "it": "Effettuare il pagamento a favore di %s"},
    "thanks": {"en": "THANK YOU FOR YOUR BUSINESS!", "de": "VIELEN DANK FÜR IHREN AUFTRAG!", "fr": "MERCI DE VOTRE CONFIANCE !", "it": "GRAZIE PER LA FIDUCIA!"},
    "slogan": {"en": ["Quality you can count on", "Since 1987", "Your partner in %s"], "de": ["Qualität seit 1987", "Ihr Partner für %s"],
               "fr": ["La qualité depuis 1987", "Votre partenaire %s"], "it": ["Qualità dal 1987", "Il vostro partner per %s"]},
}


def word(X, path, total):
    r, c = X.r, X.c
    pg = begin(X, path, total, ["sans", "serif", "sans", "cond"], [8.5, 9, 9.5, 10, 10.5, 11],
               r.choice(["Microsoft® Word for Microsoft 365", "Microsoft® Word 2016", "Microsoft® Word 2013", "LibreOffice 7.%d" % r.randint(0, 6)]),
               r.choice(["Microsoft® Word for Microsoft 365", "Writer"]))
    T = lambda k: X.T(WORD, k)
    mx = r.uniform(42, 72)
    right = pg.W - mx
    size = pg.size
    lh = size * 1.35
    col = X.color
    X.m.pos = "before" if X.lang == "en" else "after"
    if X.lang == "de" and p(X, 0.35):
        X.m.drop_int = X.L("drop", ["plain", "dash"])

    def footer(pg):
        pg.text(pg.W / 2, pg.H - 40, T("thanks"), size * 1.05, "b", "c", color=col if p(X, 0.5) else None)

    def new_page(pg):
        footer(pg)
        pg.show()
        return 60
    X.bottom, X.new_page = pg.H - 70, new_page
    y = 56
    pg.text(right, y + size * 2, T("title"), size * 3, "b", "r", color=col)
    pg.text(mx, y + size * 1.2, X.s_name(), size * 1.5, "b")
    sl = X.L("fam:slogan", WORD["slogan"][X.lang])
    pg.text(mx, y + size * 1.2 + lh, sl % c["seller"]["city"] if "%s" in sl else sl, size * 0.9, "i", color=GREY)
    sa = X.s_addr(False) + ["%s %s" % ({"en": "Phone", "de": "Tel.", "fr": "Tél.", "it": "Tel."}[X.lang], c["seller"]["phone"])]
    block(pg, mx, y + size * 1.2 + lh * 2.2, sa, lh, size, first_bold=False)
    info = [(T("date"), X.date("issue")), (T("num"), X.number())]
    if p(X, 0.5):
        info.append((T("cid"), c["customer_no"]))
    yy = y + size * 2 + lh * 1.6
    for k, v in info:
        pg.text(right - 90, yy, k, size, "b", "r")
        pg.text(right, yy, v, size, align="r")
        yy += lh
    y = max(yy, y + size * 1.2 + lh * (2.4 + len(sa))) + lh
    bl = X.b_lines()
    block(pg, mx, y, bl, lh, size, title=T("bill"), first_bold=False)
    if c["ship"]:
        block(pg, pg.W / 2 + 20, y, X.ship_lines(), lh, size, title=T("ship"), first_bold=False)
    elif c["ref"] and p(X, 0.5):
        pg.text(pg.W / 2 + 20, y, "%s %s" % (X.L("ref") + ":", X.ref()), size)
    y += lh * (len(bl) + 2)
    # the sales row (Word "sales invoice" template)
    if p(X, 0.6):
        heads = WORD["sales"][X.lang]
        vals = [c["contact"], c["order_no"] if p(X, 0.5) else "", ("Net %d" % c["terms"] if X.lang == "en" else "%d %s" % (c["terms"], {"de": "Tage", "fr": "jours", "it": "giorni"}[X.lang]))
                if c["terms"] else X.L("receipt"), X.date("due") if c["due"] else ""]
        w = (right - mx) / 4
        for k, (h, v) in enumerate(zip(heads, vals)):
            pg.rect(mx + k * w, y, w, lh + 3, fill=col, lw=0.5)
            pg.text(mx + k * w + 3, y + size + 1, h, size * 0.85, "b", color=(1, 1, 1))
            pg.rect(mx + k * w, y + lh + 3, w, lh + 3, lw=0.5)
            pg.text(mx + k * w + 3, y + lh + 3 + size + 1, v, size)
        y += 2 * lh + 6 + lh
    cols = [{"key": "qty", "head": T("qty"), "align": "r", "w": 40}]
    if p(X, 0.5):
        cols.append({"key": "art", "head": T("item"), "w": 60})
    cols += [{"key": "desc", "head": T("desc")}, {"key": "price_cur", "head": T("price"), "align": "r"}]
    if any(l["disc"] for l in c["lines"]):
        cols.append({"key": "disc", "head": T("disc"), "align": "r"})
    cols.append({"key": "amount_cur", "head": T("line"), "align": "r"})
    rows = G.build_rows(X, [k["key"] for k in cols if k["key"] != "desc"], detail=False)
    tb = G.Table(X, pg, cols, mx, right, style="grid", head_fill=col, head_color=(1, 1, 1), size=size, pad=3, lw=0.5)
    y = tb.draw(y, rows, X.bottom, new_page)
    y = X.ensure(pg, y, lh * (5 + len(c["breakdown"])))
    rows_t = [(T("sub"), X.amt(c["line_net"], "sym"))]
    if c["allowance"]:
        rows_t.append((T("disc"), X.amt(c["allowance"]["amount"], "sym", neg=True)))
    if c["charge"]:
        rows_t.append((X.L("charge").upper(), X.amt(c["charge"]["amount"], "sym")))
    for bb in c["breakdown"]:
        X.mark("rate_in_totals")
        rows_t.append(("%s %s" % (T("tax"), X.rate(rate=bb["rate"])), X.amt(bb["tax"], "sym")))
    rows_t.append((T("total"), X.amt(c["incl"], "sym")))
    if c["prepaid"]:
        rows_t.append((X.L("prepaid").upper(), X.amt(c["prepaid"], "sym", neg=True)))
    if c["rounding"]:
        rows_t.append((X.L("rounding").upper(), X.amt(c["rounding"], "sym", neg=c["rounding"] < 0)))
    if c["prepaid"] or c["rounding"]:
        rows_t.append((X.L("payable").upper(), X.amt(c["payable"], "sym")))
    w_amt = tb.cols[-1]["w"]
    for lab, val in rows_t:
        bold = lab in (T("total"), X.L("payable").upper())
        pg.rect(right - w_amt, y, w_amt, lh + 3, lw=0.5, fill=(0.93, 0.93, 0.93) if bold else None)
        pg.text(right - w_amt - 6, y + size + 1.5, lab, size, "b" if bold else "r", "r")
        pg.text(right - 3, y + size + 1.5, val, size, "b" if bold else "r", "r")
        y += lh + 3
    y += lh
    items = [T("checks") % c["seller"]["name"], X.tax_note()]
    if c["seller"]["iban"] or c["us"]:
        items.append(" · ".join(bank(X, "lines")))
    sv = X.s_vat() if p(X, 0.8) else None
    if sv:
        items.append(sv)
    if c["due"] and "dueDate" not in X.marks:
        items.append(X.terms_text())
    notes(X, pg, y, mx, right - mx, lh, size, items)
    return finish(pg, footer)


# ================================================================================================ the families

ALL = ["DE", "AT", "FR", "BE", "IT", "NL", "ES", "GB", "US"]
L4 = ["en", "de", "fr", "it"]
FAMILIES = {
    "odoo": {"render": odoo, "sellers": ALL, "langs": L4, "disc": 0.25, "prepaid": 0.15, "ref": 0.5, "credit": 0.1},
    "dolibarr": {"render": dolibarr, "sellers": ["FR", "FR", "BE", "DE", "IT", "ES", "NL"], "langs": ["fr", "en", "de", "it"], "disc": 0.25, "prepaid": 0.15,
                 "ref": 0.45},
    "erpnext": {"render": erpnext, "sellers": ALL, "langs": L4, "round_int": 0.6, "prepaid": 0.15, "ref": 0.3},
    "invoiceninja": {"render": invoiceninja, "sellers": ALL, "langs": L4, "prepaid": 0.2, "ref": 0.0, "allow": 0.2},
    "crater": {"render": crater, "sellers": ALL, "langs": L4, "disc": 0.25, "ref": 0.3},
    "invoiceplane": {"render": invoiceplane, "sellers": ALL, "langs": L4, "disc": 0.2, "prepaid": 0.2, "ref": 0.0},
    "akaunting": {"render": akaunting, "sellers": ALL, "langs": L4, "prepaid": 0.15, "ref": 0.3},
    "kimai": {"render": kimai, "sellers": ["DE", "DE", "AT", "FR", "GB", "NL", "US", "IT"], "langs": ["de", "en", "fr", "it"], "items": kimai_items,
              "disc": 0.0, "allow": 0.0, "charge": 0.0, "small": 0.25, "by_date": True, "max_lines": 40, "ref": 0.0},
    "sap": {"render": sap, "sellers": ["DE", "DE", "AT"], "langs": ["de", "en"], "disc": 0.3, "per100": 0.3, "charge": 0.2, "ref": 0.5, "max_lines": 36},
    "lexware": {"render": lexware, "sellers": ["DE", "DE", "AT"], "langs": ["de"], "small": 0.2, "ref": 0.4, "prepaid": 0.12},
    "facture_fr": {"render": facture_fr, "sellers": ["FR", "FR", "BE"], "langs": ["fr"], "small": 0.25, "disc": 0.3, "prepaid": 0.2, "allow": 0.15, "ref": 0.4},
    "fattura_it": {"render": fattura_it, "sellers": ["IT"], "langs": ["it"], "disc": 0.3, "ref": 0.35},
    "stripe": {"render": stripe, "sellers": ["US", "US", "GB", "GB", "NL", "ES", "DE", "FR"], "langs": ["en", "de", "fr", "it"], "disc": 0.0,
               "charge": 0.0, "ref": 0.0},
    "xero": {"render": xero, "sellers": ["GB", "GB", "NL", "US", "ES"], "langs": ["en"], "prepaid": 0.15, "ref": 0.5},
    "zoho": {"render": zoho, "sellers": ["GB", "US", "NL", "ES"], "langs": ["en"], "prepaid": 0.2, "ref": 0.3, "allow": 0.15},
    "report": {"render": report, "sellers": ALL, "langs": L4, "disc": 0.2, "ref": 0.5, "max_lines": 38},
    "latex": {"render": latex, "sellers": ["DE", "AT", "FR", "IT", "GB", "US", "NL"], "langs": L4, "disc": 0.0, "small": 0.2, "ref": 0.3},
    "word": {"render": word, "sellers": ALL, "langs": L4, "disc": 0.15, "ref": 0.3},
}
