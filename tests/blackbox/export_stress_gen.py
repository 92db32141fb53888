#!/usr/bin/env python3
"""Seeded invoices for the export round trips that are not the conformance corpus.

usage: export_stress_gen.py --out DIR [--seed N] [--count N] [--corpus ../shared/conformance]
                            [--drop N]

Writes two kinds of documents into DIR (export_roundtrip.py --dir DIR keeps those the EN16931
validator finds valid and runs the round trips on them):

* gen-<seed>-<i>.json: random canonical invoices (the body of POST /v1/invoices) whose
  arithmetic holds (line nets, allowances and charges, VAT breakdown per category and rate,
  totals), drawing optional business terms at random: identifiers with and without schemes,
  document and line allowances and charges with reason codes, VAT categories S, Z, E (with
  exemption reasons), AE (reverse charge), K, G, O, payment by credit transfer, card and
  direct debit, payee and tax representative, delivery, invoice and line periods, preceding
  invoices, item attributes and classifications, supporting documents with embedded binaries,
  notes, credit notes, non-EUR invoices with a VAT accounting currency, XRechnung invoices.
* drop-<seed>-<i>-<case>.xml (with --corpus and --drop N): a valid UBL or CII document of the
  corpus with 1 to 4 of its optional elements removed (a seeded choice), in its own syntax.

The same seed gives the same files. Amounts are written as JSON numbers with exactly two
decimals (prices and quantities may have more), never through binary floats.
"""
import argparse, base64, json, os, random, re
from decimal import Decimal, ROUND_HALF_UP

D = Decimal
CENT = D("0.01")


def r2(x):
    return x.quantize(CENT, rounding=ROUND_HALF_UP)


class Num:
    """A JSON number written with the digits given."""
    def __init__(self, d):
        self.d = d


def dump(v, ind=""):
    if isinstance(v, Num):
        return str(v.d)
    if isinstance(v, dict):
        items = ['%s  %s: %s' % (ind, json.dumps(k), dump(x, ind + "  ")) for k, x in v.items()]
        return "{\n" + ",\n".join(items) + "\n" + ind + "}"
    if isinstance(v, list):
        return "[\n" + ",\n".join(ind + "  " + dump(x, ind + "  ") for x in v) + "\n" + ind + "]"
    return json.dumps(v, ensure_ascii=False)


NAMES = ["Nordwind Handel GmbH", "Société Générale d'Équipement SARL", "Fjällräven Åkeri AB",
         "Cooperativa Agricola Perché Sì", "Müller & Söhne KG", "Ørsted Løsninger ApS",
         "Acme Corp. Ltd", "Bäckerei Groß", "Øresund Logistik", "Þór ehf."]
CITIES = [("Hamburg", "20457", "DE"), ("Lyon", "69002", "FR"), ("Malmö", "21120", "SE"),
          ("Bologna", "40121", "IT"), ("København", "1050", "DK"), ("Wien", "1010", "AT"),
          ("Köln", "50667", "DE"), ("Bruxelles", "1000", "BE")]
UNITS = ["C62", "H87", "HUR", "KGM", "MTR", "LTR", "DAY", "XPP"]
ALLOW_CODES = [("95", "Discount"), ("100", "Special rebate"), ("41", "Bonus for works ahead of schedule"),
               ("66", "Sales discount"), ("104", "Standard")]
CHARGE_CODES = [("FC", "Freight service"), ("ABL", "Additional packaging"), ("ADR", "Other services"),
                ("AAA", "Telecommunication"), ("TV", "Transportation of goods")]
EXEMPT = {"E": [("VATEX-EU-132", "Exempt based on article 132 of Council Directive 2006/112/EC"),
                (None, "Steuerbefreit nach § 4 Nr. 11 UStG")],
          "AE": [("VATEX-EU-AE", "Reverse charge"), (None, "Steuerschuldnerschaft des Leistungsempfängers")],
          "K": [("VATEX-EU-IC", "Intra-Community supply")],
          "G": [("VATEX-EU-G", "Export outside the EU")],
          "O": [("VATEX-EU-O", "Not subject to VAT")]}
MIMES = [("application/pdf", "pdf", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\n%%EOF\n"),
         ("image/png", "png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01"),
         ("text/csv", "csv", "Datum;Stunden\n2026-11-02;8,0\nÄnderung;ü\n".encode()),
         ("image/jpeg", "jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01"),
         ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx", b"PK\x03\x04\x14\x00")]
XR_SPEC = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
PEPPOL_PROC = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"


# What real senders put in free text: XML's special characters, blanks at the ends, line
# breaks and tabs, non-Latin scripts, long runs.
ODD_TEXTS = ["Bolts & nuts <M8> \"zinc\" 'galv.'", "  padded both ends  ", "two\nlines\tand a tab",
             "Größe ÄÖÜ äöü ß – € ‰ “quotes”", "Ελληνικά και Кириллица", "ÆØÅ æøå ÐÞ ðþ Ł ł Ő ő",
             "x" * 300, "trailing newline\n"]


class Gen:
    def __init__(self, rnd):
        self.r = rnd

    def p(self, prob):
        return self.r.random() < prob

    def text(self, usual):
        """usual, or now and then a text that tests the writers' escaping and the readers."""
        return self.r.choice(ODD_TEXTS) if self.p(0.12) else usual

    def amount(self, lo, hi):
        return D(self.r.randint(int(lo * 100), int(hi * 100))) / 100

    def ident(self, prefix, scheme_choices, prob_scheme=0.5):
        v = {"value": "%s-%d" % (prefix, self.r.randint(1, 99999))}
        if self.p(prob_scheme):
            s = self.r.choice(scheme_choices)
            if s == "0088":
                v["value"] = "40%011d" % self.r.randint(0, 10 ** 11 - 1)
            v["scheme"] = s
        return v

    def address(self, country=None, full=False):
        city, pc, cc = self.r.choice([c for c in CITIES if not country or c[2] == country] or CITIES)
        a = {}
        if full or self.p(0.8):
            a["line1"] = "%s %d" % (self.r.choice(["Hafenstraße", "Rue de la Paix", "Storgatan", "Via Roma"]),
                                    self.r.randint(1, 200))
        if self.p(0.3):
            a["line2"] = "Gebäude %s" % self.r.choice("ABC")
        if "line2" in a and self.p(0.3):
            a["line3"] = "Étage %d" % self.r.randint(1, 9)
        if full or self.p(0.9):
            a["city"] = city
        if full or self.p(0.9):
            a["postalCode"] = pc
        if self.p(0.2):
            a["countrySubdivision"] = self.r.choice(["HH", "ARA", "Skåne", "BO"])
        a["countryCode"] = cc
        return a

    def contact(self, full=False):
        c = {}
        if full or self.p(0.7):
            c["name"] = self.r.choice(["Jörg Müller", "Amélie Dupont", "Åsa Ek", "Niccolò Rossi"])
        if full or self.p(0.6):
            c["phone"] = "+49 40 %06d" % self.r.randint(0, 999999)
        if full or self.p(0.6):
            c["email"] = "ap%d@example.org" % self.r.randint(1, 99)
        return c

    def vat_id(self, cc):
        return "%s%09d" % ("EL" if cc == "GR" else cc, self.r.randint(10 ** 8, 10 ** 9 - 1))


def make_invoice(g, idx, xr):
    """One random invoice; xr: an XRechnung 3.0 invoice (BT-10, contacts, BG-16, ...)."""
    r = g.r
    inv = {}
    credit = g.p(0.2)
    # the VAT situation decides the parties' ids and the lines' categories
    situation = r.choice(["S", "S", "S", "SZ", "SE", "AE", "K", "G", "O", "SAE"])
    if xr and situation == "O":
        situation = "S"
    cur = "EUR" if xr or g.p(0.7) else r.choice(["SEK", "USD", "GBP", "CHF", "DKK"])
    inv["invoiceNumber"] = "%s-%04d-%d" % ("CN" if credit else "INV", idx, r.randint(1, 999))
    inv["issueDate"] = "2026-%02d-%02d" % (r.randint(1, 10), r.randint(1, 28))
    inv["typeCode"] = ("381" if credit else r.choice(["380", "380", "380", "389", "384" if g.p(0.5) else "380"]))
    inv["currency"] = cur
    tax_cur = None
    if cur != "EUR" and g.p(0.6):
        tax_cur = "EUR"
    elif cur == "EUR" and not xr and g.p(0.15):
        tax_cur = "SEK"
    if tax_cur:
        inv["taxCurrency"] = tax_cur
    if g.p(0.3):
        inv["taxPointDate"] = inv["issueDate"]
    elif g.p(0.2):
        inv["taxPointDateCode"] = r.choice(["3", "35", "432"])
    if g.p(0.7) or xr:
        inv["dueDate"] = "2026-12-%02d" % r.randint(1, 28)
    if xr or g.p(0.5):
        inv["buyerReference"] = "04011000-12345-%02d" % r.randint(10, 99) if xr and g.p(0.5) else "BR-%d" % r.randint(1, 9999)
    for k, pfx, prob in (("projectReference", "PRJ", 0.2), ("contractReference", "CT", 0.3),
                         ("purchaseOrderReference", "PO", 0.5), ("receivingAdviceReference", "RA", 0.15),
                         ("despatchAdviceReference", "DA", 0.2), ("tenderOrLotReference", "LOT", 0.15),
                         ("buyerAccountingReference", "ACC", 0.2)):
        if g.p(prob):
            inv[k] = "%s-%d" % (pfx, r.randint(1, 99999))
    if g.p(0.3) and "purchaseOrderReference" in inv:
        inv["salesOrderReference"] = "SO-%d" % r.randint(1, 9999)
    if g.p(0.15):
        inv["invoicedObjectId"] = g.ident("OBJ", ["AAG", "ABT", "AUN"], 0.6)
    if g.p(0.6) or xr:
        inv["paymentTerms"] = r.choice(["30 Tage netto", "Zahlbar sofort ohne Abzug",
                                        "Paiement à 30 jours; pénalités de retard 3 × taux légal"])
    if g.p(0.5):
        notes = []
        for _ in range(r.randint(1, 3)):
            n = {"text": g.text(r.choice(["Grüße aus Köln – Größe «XL» & <mehr>", "Ærø, Øresund; café, naïve",
                                          "Thank you for your business.", "Lieferung frei Haus"]))}
            if g.p(0.5):
                n = {"subjectCode": r.choice(["AAI", "AAB", "REG", "ABL", "TXD"]), **n}
            notes.append(n)
        inv["notes"] = notes
    pc = {}
    if g.p(0.4) or xr:   # XRechnung 3.0 applies PEPPOL-EN16931-R001
        pc["businessProcessType"] = PEPPOL_PROC
    pc["specificationId"] = XR_SPEC if xr else "urn:cen.eu:en16931:2017"
    inv["processControl"] = pc
    if credit or inv["typeCode"] == "384" or g.p(0.2):
        pre = {"reference": "INV-%d" % r.randint(1, 9999)}
        if g.p(0.6):
            pre["issueDate"] = "2026-01-%02d" % r.randint(1, 28)
        inv["precedingInvoices"] = [pre]

    s_cc = "DE" if xr else r.choice(["DE", "FR", "SE", "IT", "DK", "AT", "BE"])
    b_cc = s_cc if situation in ("S", "SZ", "SE", "O") and g.p(0.7) else \
        r.choice([c for c in ("DE", "FR", "SE", "IT", "BE") if c != s_cc])
    if situation == "G":
        b_cc = r.choice(["US", "CH", "NO"])
    sup = {"name": g.text(r.choice(NAMES))}
    if g.p(0.3):
        sup["tradingName"] = sup["name"].split()[0] if sup["name"].split() else "T"
    if g.p(0.5):
        sup["identifiers"] = [g.ident("SUP", ["0088", "0060", "0184"], 0.5) for _ in range(r.randint(1, 2))]
    if g.p(0.4):
        sup["legalId"] = g.ident("HRB", ["0204", "0002", "0007"], 0.5)
    if situation != "O":
        sup["vatId"] = g.vat_id(s_cc)
    elif g.p(0.5):
        sup["legalId"] = g.ident("HRB", ["0204"], 0.5)
    else:
        sup["identifiers"] = [g.ident("SUP", ["0088"], 0.5)]
    if g.p(0.3) or (xr and situation == "O"):
        sup["taxRegistrationId"] = "22/815/%05d" % r.randint(0, 99999)
    if g.p(0.3):
        sup["additionalLegalInfo"] = "Geschäftsführer: Erika Mustermann"
    if xr or g.p(0.6):
        sup["electronicAddress"] = {"value": "billing%d@seller.example" % idx, "scheme": "EM"} if xr or g.p(0.5) \
            else {"value": "40%011d" % r.randint(0, 10 ** 11 - 1), "scheme": "0088"}
    sup["address"] = g.address(s_cc, full=xr)
    if xr or g.p(0.6):
        sup["contact"] = g.contact(full=xr)
    inv["supplier"] = sup

    buy = {"name": r.choice([n for n in NAMES if n != sup["name"]])}
    if g.p(0.3):
        buy["tradingName"] = buy["name"].split()[0]
    if g.p(0.4):
        buy["identifier"] = g.ident("BUY", ["0088", "0184"], 0.5)
    if g.p(0.3):
        buy["legalId"] = g.ident("LEG", ["0002", "0007"], 0.6)
    if situation in ("AE", "K", "SAE") or (situation not in ("O", "G") and g.p(0.6)):
        buy["vatId"] = g.vat_id(b_cc)
    if xr or g.p(0.6):
        buy["electronicAddress"] = {"value": "ap%d@buyer.example" % idx, "scheme": "EM"} if xr or g.p(0.5) \
            else {"value": "0192:%09d" % r.randint(0, 10 ** 9 - 1), "scheme": "0192"}
    buy["address"] = g.address(b_cc, full=xr)
    if g.p(0.5):
        buy["contact"] = g.contact()
    inv["buyer"] = buy

    if g.p(0.2):
        pay = {"name": "Factor %s AB" % r.choice(["Nord", "Süd"])}
        if g.p(0.5):
            pay["identifier"] = g.ident("PAYEE", ["0088"], 0.4)
        if g.p(0.4):
            pay["legalId"] = g.ident("LEG", ["0007"], 0.5)
        inv["payee"] = pay
    if g.p(0.15) and situation != "O":
        tcc = r.choice(["DE", "FR", "SE"])
        inv["taxRepresentative"] = {"name": "Steuer Vertreter GmbH", "vatId": g.vat_id(tcc),
                                    "address": g.address(tcc)}
    need_delivery_country = situation in ("K",)
    if g.p(0.4) or need_delivery_country:
        dl = {}
        if g.p(0.5):
            dl["partyName"] = "Lager %s" % r.choice(["Nord", "Süd", "Öst"])
        if g.p(0.4):
            dl["locationId"] = g.ident("LOC", ["0088"], 0.6)
        if g.p(0.6) or need_delivery_country:
            dl["actualDeliveryDate"] = "2026-%02d-%02d" % (r.randint(1, 10), r.randint(1, 28))
        if g.p(0.6) or need_delivery_country:
            dl["address"] = g.address(b_cc)
        if dl:
            inv["delivery"] = dl
    if g.p(0.35):
        per = {}
        if g.p(0.8):
            per["startDate"] = "2026-01-01"
        if g.p(0.8) or not per:
            per["endDate"] = "2026-01-31"
        inv["invoicePeriod"] = per
    if situation == "K" and "actualDeliveryDate" not in inv.get("delivery", {}) and "invoicePeriod" not in inv:
        inv["invoicePeriod"] = {"startDate": "2026-01-01", "endDate": "2026-01-31"}

    # ---- lines ----
    cats = {"S": [("S", D(r.choice(["19", "7", "20", "25", "21"])))],
            "SZ": [("S", D("19")), ("Z", D("0"))], "SE": [("S", D("19.00")), ("E", D("0"))],
            "AE": [("AE", D("0"))], "K": [("K", D("0"))], "G": [("G", D("0"))], "O": [("O", None)],
            "SAE": [("S", D("19")), ("AE", D("0"))]}[situation]
    if situation == "S" and g.p(0.3):
        cats.append(("S", D(r.choice(["7", "10", "5.5"]))))
    lines = []
    groups = {}
    for i in range(r.randint(1, 6)):
        cat, rate = r.choice(cats)
        qty = D(r.randint(1, 40)) if g.p(0.7) else D(r.randint(1, 4000)) / 1000
        if g.p(0.08):   # a returned item: negative quantity and net amount, the price stays positive
            qty = -qty
        price = D(r.randint(1, 200000)) / (100 if g.p(0.8) else 10000)
        base = D(r.choice([1, 1, 1, 10, 100])) if g.p(0.2) else None
        net = r2(qty * price / (base or 1))
        ln = {"id": str(i + 1) if g.p(0.8) else "L-%d-%s" % (i + 1, r.choice(["A", "XYZ-0001"])),
              "description": g.text(r.choice(["Beratung – Größenordnung ÄÖÜ", "Consulting services",
                                       "Pièces détachées nº 7", "Kaffee, gemahlen 500 g",
                                       "Très long libellé d'article " * 4 + "fin"]))}
        if g.p(0.3):
            ln["detailedDescription"] = "Workshop über zwei Tage\nmit Unterlagen"
        if g.p(0.4):
            ln["sellerItemId"] = "S-%d" % r.randint(1, 999)
        if g.p(0.2):
            ln["buyerItemId"] = "B-%d" % r.randint(1, 999)
        if g.p(0.2):
            ln["standardItemId"] = {"value": "4%012d" % r.randint(0, 10 ** 12 - 1), "scheme": "0160"}
        if g.p(0.25):
            cl = [{"value": "72224000", "scheme": "STI"}]
            if g.p(0.5):
                cl[0]["schemeVersion"] = "2008"
            if g.p(0.4):
                cl.append({"value": "86", "scheme": "CG"})
            ln["classifications"] = cl
        if g.p(0.15):
            ln["originCountry"] = r.choice(["DE", "CN", "IT"])
        if g.p(0.2):
            ln["attributes"] = [{"name": "Farbe", "value": "Grün"}] + ([{"name": "Größe", "value": "XL"}]
                                                                       if g.p(0.5) else [])
        ln["quantity"] = Num(qty)
        ln["unit"] = r.choice(UNITS)
        ln["price"] = Num(price)
        if g.p(0.2):
            disc = D(r.randint(1, 500)) / 100
            ln["priceDiscount"] = Num(disc)
            ln["grossPrice"] = Num(price + disc)
        elif g.p(0.1):
            ln["grossPrice"] = Num(price)
        if base is not None:
            ln["priceBaseQuantity"] = Num(base)
            if g.p(0.5):
                ln["priceBaseUnit"] = ln["unit"]
        ln["taxCategory"] = cat
        if rate is not None:
            ln["taxRate"] = Num(rate)
        la, lc = [], []
        if g.p(0.2):
            code, why = r.choice(ALLOW_CODES)
            a = {}
            if g.p(0.5):
                a["baseAmount"] = Num(net)
                a["percentage"] = Num(D("10"))
                amt = r2(net * D("0.10"))
            else:
                amt = r2(min(net, D(r.randint(1, 1000)) / 100))
            a = {"amount": Num(amt), **a}
            if g.p(0.7):
                a["reason"] = why
            if g.p(0.7) or "reason" not in a:
                a["reasonCode"] = code
            la.append(a)
            net -= amt
        if g.p(0.15):
            code, why = r.choice(CHARGE_CODES)
            amt = D(r.randint(1, 2000)) / 100
            c = {"amount": Num(amt)}
            if g.p(0.6):
                c["reason"] = why
            if g.p(0.7) or "reason" not in c:
                c["reasonCode"] = code
            lc.append(c)
            net += amt
        ln["netAmount"] = Num(net)
        if g.p(0.2):
            ln["note"] = g.text("Zeilennotiz: Lieferung in Teilen")
        if g.p(0.1):
            ln["objectId"] = g.ident("OBJ", ["AAG", "ABT"], 1.0)
        if g.p(0.2):
            ln["orderLineReference"] = str(r.randint(1, 99))
        if g.p(0.15):
            ln["accountingReference"] = "ACC-%d" % r.randint(1, 99)
        if g.p(0.2):
            per = {}
            if g.p(0.8):
                per["startDate"] = "2026-01-0%d" % r.randint(1, 9)
            if g.p(0.8) or not per:
                per["endDate"] = "2026-01-2%d" % r.randint(0, 9)
            ln["period"] = per
        if la:
            ln["allowances"] = la
        if lc:
            ln["charges"] = lc
        lines.append(ln)
        groups.setdefault((cat, rate), D(0))
        groups[(cat, rate)] += net
    line_total = sum((Num_d(l["netAmount"]) for l in lines), D(0))

    # ---- document allowances and charges ----
    allows, charges = [], []
    for kind, codes, lst, prob in (("allowance", ALLOW_CODES, allows, 0.3), ("charge", CHARGE_CODES, charges, 0.3)):
        for _ in range(r.randint(1, 2) if g.p(prob) else 0):
            cat, rate = r.choice(list(groups))
            code, why = r.choice(codes)
            e = {}
            if g.p(0.4):
                base = r2(abs(groups[(cat, rate)])) or D("100.00")
                pct = D(r.choice(["2", "5", "10", "2.5"]))
                amt = r2(base * pct / 100)
                e["baseAmount"] = Num(base)
                e["percentage"] = Num(pct)
            else:
                amt = D(r.randint(1, 3000)) / 100
            if kind == "allowance":
                amt = min(amt, max(r2(groups[(cat, rate)] / 2), D("0.01")))
            e = {"amount": Num(amt), **e, "taxCategory": cat}
            if rate is not None:
                e["taxRate"] = Num(rate)
            if g.p(0.7):
                e["reason"] = g.text(why)
            if g.p(0.7) or "reason" not in e:
                e["reasonCode"] = code
            lst.append(e)
            groups[(cat, rate)] += -amt if kind == "allowance" else amt
    if allows:
        inv["allowances"] = allows
    if charges:
        inv["charges"] = charges

    # ---- VAT breakdown and totals ----
    bd, tax_total = [], D(0)
    for (cat, rate), base in groups.items():
        base = r2(base)
        tax = r2(base * rate / 100) if rate is not None else D("0.00")
        e = {"category": cat}
        if rate is not None:
            e["rate"] = Num(rate)
        e["taxableAmount"] = Num(base)
        e["taxAmount"] = Num(tax)
        if cat in EXEMPT:
            code, why = r.choice(EXEMPT[cat])
            if why and (g.p(0.7) or not code):
                e["exemptionReason"] = why
            if code and (g.p(0.7) or "exemptionReason" not in e):
                e["exemptionReasonCode"] = code
        bd.append(e)
        tax_total += tax
    a_tot = sum((Num_d(a["amount"]) for a in allows), D(0))
    c_tot = sum((Num_d(c["amount"]) for c in charges), D(0))
    excl = line_total - a_tot + c_tot
    incl = excl + tax_total
    tot = {"lineNetAmount": Num(line_total)}
    if allows:
        tot["allowanceTotal"] = Num(a_tot)
    if charges:
        tot["chargeTotal"] = Num(c_tot)
    tot["taxExclusiveAmount"] = Num(excl)
    tot["taxAmount"] = Num(tax_total)
    if tax_cur:
        tot["taxAmountInTaxCurrency"] = Num(r2(tax_total * D("11.2345")))
    tot["taxInclusiveAmount"] = Num(incl)
    payable = incl
    if g.p(0.15) and incl > 10:
        pre = r2(incl / 4)
        tot["prepaidAmount"] = Num(pre)
        payable -= pre
    if g.p(0.1):
        tot["roundingAmount"] = Num(D("0.01"))
        payable += D("0.01")
    tot["payableAmount"] = Num(payable)
    inv["totals"] = tot
    inv["taxBreakdown"] = bd

    # ---- payment ----
    if xr or g.p(0.7):
        kind = r.choice(["transfer", "transfer", "card", "debit"])
        pm = {}
        if kind == "transfer":
            pm["meansCode"] = r.choice(["58", "30"])
            if g.p(0.4):
                pm["meansText"] = "SEPA credit transfer"
            if g.p(0.6):
                pm["remittanceInformation"] = inv["invoiceNumber"]
            ct = {"accountId": "DE89370400440532013000"}
            if g.p(0.6):
                ct["accountName"] = sup["name"]
            if g.p(0.5):
                ct["serviceProviderId"] = "COBADEFFXXX"
            pm["creditTransfers"] = [ct] + ([{"accountId": "SE4550000000058398257466"}]
                                            if not xr and g.p(0.2) else [])
        elif kind == "card":
            pm["meansCode"] = r.choice(["48", "54", "55"])
            card = {"primaryAccountNumber": "%04d" % r.randint(0, 9999)}
            if g.p(0.6):
                card["holderName"] = "J MUELLER"
            pm["card"] = card
        else:
            pm["meansCode"] = "59"
            if g.p(0.5):
                pm["remittanceInformation"] = inv["invoiceNumber"]
            dd = {"mandateReference": "MANDATE-%d" % r.randint(1, 999)}
            if g.p(0.7) or xr:
                dd["creditorId"] = "DE98ZZZ09999999999"
            if g.p(0.7) or xr:
                dd["debitedAccountId"] = "FR7630006000011234567890189"
            pm["directDebit"] = dd
        inv["payment"] = pm

    # ---- supporting documents ----
    if g.p(0.3):
        docs = []
        for k in range(r.randint(1, 2)):
            d = {"reference": "DOC-%d" % (k + 1)}
            if g.p(0.6):
                d["description"] = r.choice(["Timesheet", "Lieferschein – Kopie"])
            if g.p(0.3):
                d["externalLocation"] = "https://seller.example/docs/%d" % k
            if g.p(0.6):
                mime, ext, data = r.choice(MIMES)
                d["attachment"] = {"value": base64.b64encode(data).decode(), "mimeCode": mime,
                                   "filename": "anlage-%d.%s" % (k + 1, ext)}
            docs.append(d)
        inv["supportingDocuments"] = docs
    inv["lines"] = lines
    return inv


def Num_d(v):
    return v.d if isinstance(v, Num) else D(str(v))


# ---- drop mutations of corpus documents ----

def drop_mutations(corpus, out, rnd, n, seed=0):
    """Valid corpus documents (UBL or CII) with 1-4 optional elements removed (by text edits
    on well-formed, self-contained elements, so prefixes and formatting stay as sent)."""
    cases = []
    for line in open(os.path.join(corpus, "expected.jsonl")):
        d = json.loads(line)
        if d["profile"] == "EN16931" and not d["fatal"] and d["syntax"] in ("UBL", "CII"):
            cases.append(d["case"])
    cases = sorted(set(cases))
    # leaves and small groups that EN 16931 lets a sender leave out
    pat = re.compile(r"<((?:cbc|cac|ram):(?:Note|IncludedNote|BuyerReference|ContactName|Telephone|"
                     r"ElectronicMail|CompanyLegalForm|Description|AdditionalStreetName|AddressLine|"
                     r"CountrySubentity|CountrySubDivisionName|LineTwo|LineThree|SellerAssignedID|"
                     r"BuyerAssignedID|StandardItemIdentification|CommodityClassification|"
                     r"DesignatedProductClassification|OriginCountry|AdditionalItemProperty|"
                     r"ApplicableProductCharacteristic|PaymentTerms|AccountingCost|"
                     r"ReceivableSpecifiedTradeAccountingAccount|Delivery|ShipToTradeParty|"
                     r"ProjectReference|SpecifiedProcuringProject|ContractDocumentReference|"
                     r"ContractReferencedDocument|DespatchDocumentReference|"
                     r"DespatchAdviceReferencedDocument|ReceiptDocumentReference|OrderLineReference|"
                     r"BuyerOrderReferencedDocument|DefinedTradeContact|Contact|PartyName|"
                     r"SpecifiedLegalOrganization|URIUniversalCommunication|EndpointID|"
                     r"TradingBusinessName|RegistrationName))[ >][\s\S]*?</\1>")
    made = 0
    tries = 0
    while made < n and tries < n * 20:
        tries += 1
        case = rnd.choice(cases)
        text = open(os.path.join(corpus, "cases", case), encoding="utf-8", errors="strict").read()
        spans = [(m.start(), m.end()) for m in pat.finditer(text)]
        if not spans:
            continue
        k = min(len(spans), rnd.randint(1, 4))
        chosen = sorted(rnd.sample(spans, k), reverse=True)
        keep = []
        for a, b in chosen:   # skip overlapping picks
            if keep and b > keep[-1][0]:
                continue
            keep.append((a, b))
        for a, b in keep:
            text = text[:a] + text[b:]
        name = "drop-%d-%d-%s" % (seed, made, case.replace("/", "_"))
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(text)
        made += 1
    return made


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--corpus", default=None)
    ap.add_argument("--drop", type=int, default=0)
    args = ap.parse_args()
    generate(args.out, args.seed, args.count, args.corpus, args.drop)


def generate(out, seed, count, corpus=None, drop=0):
    """count invoices of seed into folder out, and drop mutations of corpus documents."""
    os.makedirs(out, exist_ok=True)
    g = Gen(random.Random(seed))
    for i in range(count):
        xr = g.p(0.25)
        inv = make_invoice(g, i, xr)
        with open(os.path.join(out, "gen-%d-%03d%s.json" % (seed, i, "-xr" if xr else "")), "w",
                  encoding="utf-8") as f:
            f.write(dump(inv) + "\n")
    if corpus and drop:
        drop_mutations(corpus, out, random.Random(seed + 7919), drop, seed)


if __name__ == "__main__":
    main()
