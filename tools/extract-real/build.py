#!/usr/bin/python3
"""Build the real-layout development corpus from sources.json.

  build.py [--sources tools/extract-real/sources.json] [--out /work/corpus/real-dev] [--seed 20261202]
           [--only rd-0001,...] [--needed]

--needed   print the repositories sources.json takes documents from (fetch each with the search tool's
           `fetch`, which puts the mirror at $MIRRORS/OWNER+NAME/repo) and whether the mirror is there.

For every source (repo, commit, path, sha1): the PDF is read from the git mirror and checked against its SHA-1,
its embedded CII / UBL invoice is read (realdev.py) and turned into the truth fields of shared/extraction/README.md;
a value is kept only where pdftotext (raw and -layout) of the original prints it, otherwise it is null and listed
in notCounted with the reason. Documents whose page and XML disagree, without a printed line amount, non-invoices,
duplicates, encrypted or broken PDFs and PDFs over 20 pages are left out (build-report.json says why).
Each document is written once, as a text PDF (embedded XML removed) or as a scan (about 40 %, seeded), into
OUT/<split>/ (split from sources.json); OUT/all-scans/ has every document of both splits as a scan.
Debian packages: python3-pikepdf, poppler-utils, imagemagick, img2pdf (tools/extract-real/README.md).
"""
import argparse, json, os, random, re, shutil, subprocess, sys, tempfile, unicodedata
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import realdev as rd
import check_disjoint as cd

MAX_PAGES = 20

# ------------------------------------------------------------------------------------------- page text

SPACES = "\u00a0\u202f\u2009\u2007\u2002\u2003\u2004\u2005\u2006\u2008\u200a\u205f\u3000"


def norm_page(s):
    s = unicodedata.normalize("NFKC", s)
    for ch in SPACES:
        s = s.replace(ch, " ")
    s = s.replace("\u2019", "'").replace("\u2212", "-").replace("\u2013", "-").replace("\u2010", "-").replace("\u2011", "-").replace("\u2012", "-").replace("\ufb01", "fi").replace("\ufb02", "fl")
    return s


def pdftotext(path, layout=False):
    cmd = ["pdftotext", "-enc", "UTF-8"] + (["-layout"] if layout else []) + [path, "-"]
    p = subprocess.run(cmd, capture_output=True, timeout=120)
    return norm_page(p.stdout.decode("utf-8", "replace"))


class Page:
    def __init__(self, raw, layout):
        self.raw, self.layout = raw, layout
        self.flat = re.sub(r"[ \t]+", " ", raw + "\n" + layout)
        self.one = re.sub(r"\s+", " ", raw + " \n " + layout).lower()
        self.compact = re.sub(r"\s+", "", raw + "\n" + layout).lower()
        self.compact_id = re.sub(r"[\s.\-/]", "", raw + layout).upper()
        self.lines = [re.sub(r"\s+", " ", l).strip() for l in layout.split("\n")]

    def has_text(self, t):
        if not t:
            return False
        t = norm_page(t).lower()
        c = re.sub(r"\s+", "", t)
        if len(c) < 4:
            return re.search(r"(?<!\w)" + re.escape(re.sub(r"\s+", " ", t).strip()) + r"(?!\w)", self.one) is not None
        return c in self.compact

    def has_id(self, v, prefix_optional=False):
        if not v:
            return False
        v = re.sub(r"[\s.\-/]", "", v).upper()
        if v in self.compact_id:
            return True
        if prefix_optional and re.match(r"[A-Z]{2}\d", v) and len(v) > 6:
            return re.search(r"(?<![0-9A-Z])" + re.escape(v[2:]) + r"(?![0-9])", self.compact_id) is not None
        return False


def group(ip, sep):
    s = str(ip)
    if not sep:
        return s
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return sep.join(out)


CUR_RE = r"(?:€|eur|euro|\$|usd|£|gbp|chf|fr\.|,-|\.-)"


def amount_patterns(v, extra_zeros=0, allow_integral=True):
    a = abs(v).quantize(Decimal("0.01"))
    ip, fp = divmod(int(a * 100), 100)
    fps = f"{fp:02d}"
    pats = set()
    for ds, tss in ((",", ("", ".", " ", "'")), (".", ("", ",", " ", "'"))):
        for ts in tss:
            body = re.escape(group(ip, ts)) + re.escape(ds) + fps
            if extra_zeros:
                body += "0{0,%d}" % extra_zeros
            pats.add(r"(?<![\d.,'])" + body + r"(?![\d]|[.,]\d)")
    if fp == 0 and allow_integral:
        for ts in ("", ".", ",", " ", "'"):
            g = re.escape(group(ip, ts))
            pats.add(r"(?<![\d.,'])" + g + r" ?" + CUR_RE)
            pats.add(CUR_RE + r" ?" + g + r"(?![\d]|[.,]\d)")
    return [re.compile(p, re.I) for p in pats]


def find_amount(text, v, **kw):
    if v is None:
        return False
    return any(p.search(text) for p in amount_patterns(v, **kw))


def qty_patterns(q):
    q = abs(q)
    s = rd.qty(q)
    ip, _, frac = s.partition(".")
    pats = []
    for ds, tss in ((",", ("", ".", " ")), (".", ("", ",", " "))):
        for ts in tss:
            if int(ip) < 1000 and ts:
                continue
            body = re.escape(group(int(ip), ts))
            if frac:
                body += re.escape(ds) + frac + "0*"
            else:
                body += "(?:" + re.escape(ds) + "0+)?"
            pats.append(r"(?<![\d.,])" + body + r"(?![\d]|[.,]\d)")
    return [re.compile(p) for p in pats]


def rate_patterns(r):
    s = rd.qty(r)
    ip, _, frac = s.partition(".")
    pats = []
    for ds in (",", "."):
        body = re.escape(ip) + ((re.escape(ds) + frac + "0*") if frac else "(?:" + re.escape(ds) + "0+)?")
        pats.append(r"(?<![\d.,])" + body + r"(?![\d]|[.,]\d)")
    return [re.compile(p) for p in pats]


MONTHS = {
    "de": ["januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember"],
    "en": ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
}
ABBR = {1: ["jan", "janv"], 2: ["feb", "febr", "fév", "févr"], 3: ["mar", "mär", "mrz"], 4: ["apr", "avr"], 5: ["may", "mai"],
        6: ["jun", "juin"], 7: ["jul", "juil"], 8: ["aug", "aoû"], 9: ["sep", "sept"], 10: ["oct", "okt"],
        11: ["nov"], 12: ["dec", "dez", "déc"]}


def date_patterns(iso):
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", iso or "")
    if not m:
        return []
    y, mo, d = (int(x) for x in m.groups())
    yy = f"{y % 100:02d}"
    nums = [f"{d:02d}.{mo:02d}.{y}", f"{d}.{mo}.{y}", f"{d:02d}/{mo:02d}/{y}", f"{d}/{mo}/{y}", f"{d:02d}-{mo:02d}-{y}",
            f"{y}-{mo:02d}-{d:02d}", f"{mo:02d}/{d:02d}/{y}", f"{mo}/{d}/{y}", f"{d:02d}.{mo:02d}.{yy}", f"{d:02d}/{mo:02d}/{yy}",
            f"{y}/{mo:02d}/{d:02d}", f"{y}.{mo:02d}.{d:02d}", f"{y}{mo:02d}{d:02d}", f"{d:02d}. {mo:02d}. {y}"]
    pats = [r"(?<![\d.])" + re.escape(n) + r"(?![\d])" for n in nums]
    names = [MONTHS[l][mo - 1] for l in MONTHS] + ABBR[mo]
    for mn in set(names):
        mn_re = re.escape(mn) + r"\.?"
        for dd in {str(d), f"{d:02d}"} | ({"1er"} if d == 1 else set()):
            pats.append(r"(?<!\d)" + re.escape(dd) + r"\.?\s*" + mn_re + r",?\s*" + str(y))
            pats.append(r"(?<!\d)" + re.escape(dd) + r"-" + mn_re + r"-(?:" + str(y) + "|" + yy + r")(?!\d)")
            pats.append(mn_re + r"\s*" + re.escape(dd) + r"(?:st|nd|rd|th)?,?\s*" + str(y))
    return [re.compile(p, re.I) for p in pats]


def find_date(page, iso):
    return any(p.search(page.one) for p in date_patterns(iso))


UNIT_WORDS = {
    "H87": ["stk", "stk.", "stück", "st.", "pcs", "pc", "pc.", "piece", "pieces", "each", "ea", "pce", "pièce", "pièces", "pz", "pz.", "stck", "stck."],
    "C62": ["einh.", "einheit", "einheiten", "unit", "units", "unité", "unités", "unità", "c62"],
    "HUR": ["std.", "std", "stunde", "stunden", "h", "hrs", "hr", "hour", "hours", "heure", "heures", "ore"],
    "KGM": ["kg"],
    "DAY": ["tag", "tage", "tag(e)", "pt", "day", "days", "day(s)", "jour", "jours", "jour(s)", "gg", "giorni"],
    "MTR": ["m", "mt", "meter", "lfm"],
    "LTR": ["l", "liter", "litre", "litres", "lt", "ltr"],
    "MON": ["monat", "monate", "monat(e)", "mon.", "month", "months", "month(s)", "mo.", "mois", "mese", "mesi"],
    "LS": ["pauschal", "psch.", "pausch.", "pauschale", "lump sum", "flat", "forfait", "a corpo"],
    "SET": ["set", "sets", "satz", "jeu", "kit"],
    "MTK": ["m²", "qm", "sq m", "m2", "mq"],
    "KMT": ["km"],
    "MIN": ["min", "min.", "minute", "minuten", "minutes"],
    "WEE": ["woche", "wochen", "week", "weeks", "semaine", "semaines"],
    "ANN": ["jahr", "jahre", "year", "years", "an", "année", "anno"],
    "TNE": ["t", "to", "tonne", "tonnen", "tonnes"],
    "GRM": ["g", "gramm", "grams"],
    "MTQ": ["m³", "m3", "cbm"],
    "CMT": ["cm"],
    "MMT": ["mm"],
    "PR": ["paar", "pair", "pairs", "paire"],
    "KWH": ["kwh"],
    "XPK": ["pack", "packung", "paket", "pkg"],
    "XBX": ["box", "karton", "carton"],
}
UNIT_WORDS["XPP"] = UNIT_WORDS["H87"]
UNIT_WORDS["EA"] = UNIT_WORDS["H87"]
UNIT_ALIASES = {"XPP": "H87", "EA": "H87"}


def units_in(ctx):
    found = set()
    low = ctx.lower()
    for code, words in UNIT_WORDS.items():
        for w in words:
            if re.search(r"(?<![\w²³])" + re.escape(w) + (r"(?![\w²³])" if w[-1].isalnum() or w[-1] in "²³)" else ""), low):
                found.add(UNIT_ALIASES.get(code, code))
                break
    return found


LANG_WORDS = {
    "de": ["rechnung", "rechnungsnummer", "datum", "menge", "betrag", "summe", "mwst", "ust", "netto", "brutto", "zahlbar",
           "gesamt", "straße", "preis", "einzelpreis", "und", "der", "die", "bitte", "steuer", "lieferdatum", "kunde"],
    "en": ["invoice", "date", "quantity", "amount", "total", "due", "price", "description", "payment", "tax", "subtotal",
           "the", "and", "customer", "unit", "vat", "net"],
    "fr": ["facture", "quantité", "montant", "tva", "prix", "échéance", "désignation", "paiement", "ht", "ttc", "total",
           "client", "date", "les", "et", "de", "unitaire"],
    "it": ["fattura", "quantità", "importo", "totale", "iva", "prezzo", "scadenza", "descrizione", "pagamento", "cliente",
           "e", "di", "il"],
    "nl": ["factuur", "bedrag", "totaal", "btw", "prijs", "omschrijving", "aantal", "betaling", "klant", "en", "het"],
    "es": ["factura", "cantidad", "importe", "iva", "precio", "descripción", "pago", "cliente", "y", "el"],
}


def language(page):
    words = re.findall(r"[a-zäöüßàâçéèêëîïôûùœæ]+", page.one)
    counts = {}
    for w in words:
        for l, lw in LANG_WORDS.items():
            if w in lw:
                counts[l] = counts.get(l, 0) + 1
    return max(counts, key=lambda l: counts[l]) if counts else "en"


REF_LABEL = re.compile(r"ihre referenz|ihr zeichen|your reference|your ref\b|votre r[ée]f[ée]rence|leitweg|buyer reference|"
                       r"k[äa]uferreferenz|r[ée]f[ée]rence acheteur|vs\. riferimento|customer reference|kundenreferenz|"
                       r"référence client", re.I)
DUE_LABEL = re.compile(r"f[äa]llig|zahlbar bis|due date|payable by|payment due|[ée]ch[ée]ance|scadenza|zahlungsziel", re.I)
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,4})?\b")
VAT_RE = re.compile(r"\b(?:DE|AT|FR|BE|NL|IT|ES|LU|GB|CH|PL|CZ|DK|SE|FI|IE|PT)\s?[0-9A-Z]{2}[\s.]?\d{3}[\s.]?\d{3}[\s.]?\d{0,5}\b")


# ------------------------------------------------------------------------------------------- truth

def line_context(page, line, used):
    """the -layout lines around a line item: from its description to its net amount (+1 line)"""
    L = page.lines
    amt_pats = amount_patterns(line["net"], allow_integral=False) if line.get("net") is not None else []
    amt_idx = [i for i, l in enumerate(L) if any(p.search(l) for p in amt_pats)]
    desc = None
    for t in (line.get("name"), line.get("desc")):
        if t:
            c = re.sub(r"\s+", "", norm_page(t).lower())[:25]
            if len(c) >= 3:
                di = [i for i, l in enumerate(L) if c and c in re.sub(r"\s+", "", l.lower())]
                if not di and len(c) > 12:
                    c = c[:12]
                    di = [i for i, l in enumerate(L) if c in re.sub(r"\s+", "", l.lower())]
                if di:
                    desc = di
                    break
    best = None
    if desc and amt_idx:
        for d in desc:
            for a in amt_idx:
                if d - 2 <= a <= d + 8 and (best is None or abs(a - d) < abs(best[1] - best[0])) and (d, a) not in used:
                    best = (d, a)
    if best:
        used.add(best)
        lo, hi = min(best), max(best)
        return "\n".join(L[lo:hi + 2]), True
    if amt_idx:
        a = amt_idx[0]
        return "\n".join(L[max(0, a - 1):a + 2]), True
    if desc:
        d = desc[0]
        return "\n".join(L[d:d + 3]), False
    return "", False


def build_truth(R, page):
    nc = {}
    notes = []
    T = {}

    def keep(field, value, printed, reason="not printed"):
        if value is None:
            return None
        if printed:
            return value
        nc[field] = reason
        return None

    # header
    num = R.get("invoiceNumber")
    T["invoiceNumber"] = keep("invoiceNumber", num, page.has_text(num) or page.has_id(num))
    if num is None:
        nc["invoiceNumber"] = "not in the XML"
    T["issueDate"] = keep("issueDate", R.get("issueDate"), find_date(page, R.get("issueDate")))
    if R.get("issueDate") is None:
        nc["issueDate"] = "not in the XML"
    due = R.get("dueDate")
    if due:
        T["dueDate"] = keep("dueDate", due, find_date(page, due))
    else:
        T["dueDate"] = None
        if DUE_LABEL.search(page.one):
            nc["dueDate"] = "not in the XML but the page has a due-date label"
    cur = R.get("currency")
    sym = {"EUR": ["€", "eur"], "USD": ["$", "usd"], "GBP": ["£", "gbp"], "CHF": ["chf", "fr."]}.get(cur, [cur.lower()] if cur else [])
    cur_printed = any((s in page.one) if not s.isalpha() else re.search(r"(?<![a-z])" + re.escape(s) + r"(?![a-z])", page.one) for s in sym)
    T["currency"] = keep("currency", cur, cur_printed, "neither code nor symbol printed")
    if cur is None:
        nc["currency"] = "not in the XML"
    br = R.get("buyerReference")
    if br:
        T["buyerReference"] = keep("buyerReference", br, page.has_text(br) or page.has_id(br))
    else:
        T["buyerReference"] = None
        if REF_LABEL.search(page.one):
            nc["buyerReference"] = "XML has none but the page has a reference label"

    page_vats = {re.sub(r"[\s.]", "", m.group(0)).upper() for m in VAT_RE.finditer(page.flat)}
    page_ibans = {re.sub(r"\s", "", m.group(0)).upper() for m in IBAN_RE.finditer(page.flat.upper())}
    xml_vats = {v for v in ((R.get("supplier") or {}).get("vatId"), (R.get("buyer") or {}).get("vatId")) if v}

    def party(role):
        P = R.get(role) or {}
        out = {}
        names = P.get("names") or ([P["name"]] if P.get("name") else [])
        name = next((n for n in names if page.has_text(n)), None)
        if name is None and names:
            nc[f"{role}.name"] = "not printed"
        elif not names:
            nc[f"{role}.name"] = "not in the XML"
        out["name"] = name
        vat = P.get("vatId")
        if vat:
            out["vatId"] = keep(f"{role}.vatId", vat, page.has_id(vat, prefix_optional=True))
        else:
            out["vatId"] = None
            if page_vats - xml_vats:
                nc[f"{role}.vatId"] = "not in the XML but the page prints a VAT id"
        A = P.get("address") or {}
        addr = {}
        l1 = A.get("line1")
        if l1:
            addr["line1"] = keep(f"{role}.address.line1", l1, page.has_text(l1))
        else:
            addr["line1"] = None
            nc[f"{role}.address.line1"] = "not in the XML"
        for k in ("city", "postalCode"):
            v = A.get(k)
            if v:
                addr[k] = keep(f"{role}.address.{k}", v, page.has_text(v))
            else:
                addr[k] = None
                nc[f"{role}.address.{k}"] = "not in the XML"
        cc = A.get("countryCode")
        addr["countryCode"] = cc.upper() if cc else None
        if not cc:
            nc[f"{role}.address.countryCode"] = "not in the XML"
        out["address"] = addr
        if role == "supplier":
            iban = P.get("iban")
            if iban:
                out["iban"] = keep("supplier.iban", iban, page.has_id(iban))
            else:
                out["iban"] = None
                if page_ibans:
                    nc["supplier.iban"] = "not in the XML but the page prints an IBAN"
        return out

    T["supplier"] = party("supplier")
    T["buyer"] = party("buyer")

    # lines
    lines = []
    used = set()
    n_net_printed = 0
    bad_lines = 0
    for i, L in enumerate(R.get("lines") or []):
        ctx, near = line_context(page, L, used)
        o = {}
        desc = next((t for t in (L.get("name"), L.get("desc")) if t and page.has_text(t)), None)
        if desc is None:
            nc[f"lines[{i}].description"] = "not printed" if (L.get("name") or L.get("desc")) else "not in the XML"
        o["description"] = desc
        q = L.get("quantity")
        if q is None:
            o["quantity"] = None
            nc[f"lines[{i}].quantity"] = "not in the XML"
        else:
            ok = near and any(p.search(ctx) for p in qty_patterns(q))
            o["quantity"] = keep(f"lines[{i}].quantity", rd.qty(q), ok, "not printed near the line amount")
        code = L.get("unitCode")
        units = units_in(ctx) if ctx else set()
        if code and ctx and (re.search(r"(?<![\w])" + re.escape(code.lower()) + r"(?![\w])", ctx.lower()) or UNIT_ALIASES.get(code, code) in units):
            o["unit"] = UNIT_ALIASES.get(code, code)
        else:
            o["unit"] = None
            if not code:
                nc[f"lines[{i}].unit"] = "not in the XML"
            elif units:
                nc[f"lines[{i}].unit"] = f"page prints a unit word for {sorted(units)}, XML says {code}"
            else:
                nc[f"lines[{i}].unit"] = f"no unit word printed (XML {code})"
        price, basis = L.get("price"), L.get("basis")
        if price is None:
            o["price"] = None
            nc[f"lines[{i}].price"] = "not in the XML"
        elif basis is not None and basis != 0 and basis != 1:
            o["price"] = None
            nc[f"lines[{i}].price"] = f"price per {rd.qty(basis)} units"
        else:
            ok = near and find_amount(ctx, price, extra_zeros=3)
            o["price"] = keep(f"lines[{i}].price", rd.amt(price), ok, "not printed near the line amount")
        rate = L.get("rate")
        if rate is None:
            o["taxRate"] = None
            nc[f"lines[{i}].taxRate"] = "not in the XML"
        else:
            ok = near and any(p.search(ctx) for p in rate_patterns(rate))
            o["taxRate"] = keep(f"lines[{i}].taxRate", rd.amt(rate), ok, "rate not printed for the line")
        net = L.get("net")
        if net is None:
            o["netAmount"] = None
            nc[f"lines[{i}].netAmount"] = "not in the XML"
        else:
            ok = find_amount(page.flat, net, allow_integral=True)
            n_net_printed += ok
            o["netAmount"] = keep(f"lines[{i}].netAmount", rd.amt(net), ok)
        if o["description"] is None and o["netAmount"] is None:
            bad_lines += 1
        lines.append({k: o[k] for k in ("description", "quantity", "unit", "price", "taxRate", "netAmount")})
    T["lines"] = lines

    # tax breakdown (one entry per rate, highest first)
    tb = {}
    for e in R.get("taxBreakdown") or []:
        if e.get("rate") is None:
            continue
        k = rd.amt(e["rate"])
        t = tb.setdefault(k, {"rate": k, "taxable": Decimal(0), "tax": Decimal(0), "n": 0, "parts": []})
        t["taxable"] += e.get("taxable") or 0
        t["tax"] += e.get("tax") or 0
        t["n"] += 1
        t["parts"].append(e)
    out_tb = []
    for k in sorted(tb, key=lambda r: -Decimal(r)):
        t = tb[k]
        ent = {"rate": k}
        for f, v in (("taxableAmount", t["taxable"]), ("taxAmount", t["tax"])):
            ok = find_amount(page.flat, v)
            if not ok and t["n"] > 1:
                notes.append(f"taxBreakdown[{k}] merges {t['n']} XML entries")
            ent[f] = keep(f"taxBreakdown[{k}].{f}", rd.amt(v), ok)
        out_tb.append(ent)
    T["taxBreakdown"] = out_tb

    tot = R.get("totals") or {}
    T["totals"] = {}
    for k in ("lineNetAmount", "taxAmount", "taxInclusiveAmount", "payableAmount"):
        v = tot.get(k)
        if v is None:
            T["totals"][k] = None
            nc[f"totals.{k}"] = "not in the XML"
        else:
            T["totals"][k] = keep(f"totals.{k}", rd.amt(v), find_amount(page.flat, v))

    # agreement between page and XML
    xml_amounts = [tot.get(k) for k in ("lineNetAmount", "taxInclusiveAmount", "payableAmount") if tot.get(k) is not None]
    xml_amounts += [L.get("net") for L in R.get("lines") or [] if L.get("net") is not None]
    printed = sum(1 for v in xml_amounts if find_amount(page.flat, v))
    stats = {"xmlAmounts": len(xml_amounts), "printedAmounts": printed, "netPrinted": n_net_printed, "badLines": bad_lines}
    return T, nc, notes, stats


def count_fields(T):
    n = 5 + 1  # header fields + lines.count
    n += 6 * 2 + 1  # parties + iban
    n += 6 * len(T["lines"]) + 2 * len(T["taxBreakdown"]) + 4
    return n


# ------------------------------------------------------------------------------------------- documents

def strip_pdf(src, dst):
    import pikepdf
    with pikepdf.open(src) as pdf:
        root = pdf.Root
        if "/Names" in root and "/EmbeddedFiles" in root.Names:
            del root.Names["/EmbeddedFiles"]
            if len(root.Names.keys()) == 0:
                del root["/Names"]
        for k in ("/AF", "/Metadata", "/Collection"):
            if k in root:
                del root[k]
        for page in pdf.pages:
            po = page.obj
            if "/AF" in po:
                del po["/AF"]
            if "/Metadata" in po:
                del po["/Metadata"]
            if "/Annots" in po:
                keep = [a for a in po.Annots if a.get("/Subtype") != "/FileAttachment"]
                if len(keep) != len(po.Annots):
                    po.Annots = pikepdf.Array(keep)
        # embedded file streams referenced from anywhere else
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Filespec" and "/EF" in obj:
                del obj["/EF"]
        pdf.remove_unreferenced_resources()
        pdf.save(dst, linearize=False)
    out = subprocess.run(["pdfdetach", "-list", dst], capture_output=True).stdout.decode()
    if not out.startswith("0 embedded files"):
        raise RuntimeError("embedded files left: " + out[:80])


def make_scan(src, dst, rng, dpi):
    tmp = tempfile.mkdtemp(prefix="rdscan")
    try:
        subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-png", src, os.path.join(tmp, "p")], check=True,
                       capture_output=True, timeout=600)
        pages = sorted(f for f in os.listdir(tmp) if f.endswith(".png"))
        stain = rng.random() < 0.25
        jpgs = []
        for n, f in enumerate(pages):
            p = os.path.join(tmp, f)
            w, h = (int(x) for x in subprocess.run(["identify", "-format", "%w %h", p], capture_output=True,
                                                    check=True).stdout.split())
            angle = rng.uniform(0.3, 1.5) * rng.choice((-1, 1))
            paper = rng.uniform(93, 98)
            att = rng.uniform(0.35, 0.85)
            sigma = rng.uniform(0.35, 0.7) * dpi / 200
            q = rng.randint(60, 85)
            cmd = ["convert", p, "-background", "white", "-rotate", f"{angle:.2f}", "-gravity", "center",
                   "-extent", f"{w}x{h}"]
            if stain and n == 0:
                cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.15, 0.85) * h
                r = rng.uniform(0.06, 0.12) * w
                ring = rng.random() < 0.5
                draw = (f"circle {cx:.0f},{cy:.0f} {cx + r:.0f},{cy:.0f}")
                shade = rng.randint(80, 90)
                cmd += ["(", "+clone", "-fill", "white", "-colorize", "100"]
                if ring:
                    cmd += ["-fill", "none", "-stroke", f"gray({shade}%)", "-strokewidth", str(int(r * 0.08) + 2)]
                else:
                    cmd += ["-fill", f"gray({shade + 5}%)", "-stroke", "none"]
                cmd += ["-draw", draw, "-blur", f"0x{r * 0.05:.1f}", ")", "-compose", "multiply", "-composite"]
            cmd += ["+level", f"0%,{paper:.1f}%", "-attenuate", f"{att:.2f}", "+noise", "Gaussian",
                    "-blur", f"0x{sigma:.2f}", "-colorspace", "Gray", "-type", "Grayscale", "-units", "PixelsPerInch",
                    "-density", str(dpi), "-quality", str(q), os.path.join(tmp, f"{n:03d}.jpg")]
            subprocess.run(cmd, check=True, capture_output=True, timeout=600)
            jpgs.append(os.path.join(tmp, f"{n:03d}.jpg"))
        subprocess.run(["img2pdf", "-o", dst] + jpgs, check=True, capture_output=True, timeout=600)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if pdftotext(dst).strip():
        raise RuntimeError("scan has a text layer")


# ------------------------------------------------------------------------------------------- main

def read_source(s):
    gd = rd.mirror_dir(s["repo"])
    if not gd:
        raise RuntimeError(f"no mirror of {s['repo']} (fetch it)")
    data = subprocess.run(["git", "--git-dir", gd, "cat-file", "blob", f"{s['commit']}:{s['path']}"],
                          capture_output=True).stdout
    if not data and s.get("blob"):
        data = subprocess.run(["git", "--git-dir", gd, "cat-file", "blob", s["blob"]], capture_output=True).stdout
    if rd.sha1(data) != s["sha1"]:
        raise RuntimeError(f"SHA-1 mismatch for {s['repo']}:{s['path']}")
    return data


def process(s, tmpdir):
    """returns (entry for the report, truth, page, info) or raises"""
    data = read_source(s)
    src = os.path.join(tmpdir, "src.pdf")
    rep = {"source": {k: s[k] for k in ("repo", "commit", "path", "sha1")}, "layout": s["layout"],
           "producer": s["producer"]}
    if s.get("container") == "pdf-in-xml":
        pdfs = rd.pdfs_in_xml(data)
        fn, pdf = pdfs[s["attachmentIndex"]]
        if rd.sha1(pdf) != s["pdfSha1"]:
            raise RuntimeError("SHA-1 mismatch of the carried PDF")
        open(src, "wb").write(pdf)
        info = rd.inspect_pdf_bytes(pdf)
        rep["source"].update({"xml": os.path.basename(s["path"]), "container": "pdf-in-xml", "attachment": fn,
                              "pdfSha1": s["pdfSha1"]})
        try:
            info["R"] = rd.parse_invoice_xml(data)
        except Exception as e:
            info["R"] = None
    else:
        open(src, "wb").write(data)
        info = rd.inspect_pdf_bytes(data)
        rep["source"]["xml"] = info.get("xml")
    if not info.get("ok"):
        rep["excluded"] = info.get("error") or "broken PDF"
        return rep, None, None
    R = info.get("R")
    rep["typeCode"] = (R or {}).get("typeCode")
    if info.get("encrypted"):
        rep["excluded"] = "encrypted PDF"
        return rep, None, None
    if info["pages"] > MAX_PAGES:
        rep["excluded"] = f"{info['pages']} pages (over {MAX_PAGES})"
        return rep, None, None
    if not R:
        rep["excluded"] = "no invoice XML could be read"
        return rep, None, None
    if (R.get("typeCode") or "380") not in ("380", "381", "383", "384", "386", "389", "326", "751", "875", "876", "877"):
        rep["excluded"] = f"not an invoice (type code {R.get('typeCode')})"
        return rep, None, None
    page = Page(pdftotext(src), pdftotext(src, layout=True))
    if len(page.compact) < 40:
        rep["excluded"] = "the original has no text layer (printed values cannot be checked)"
        return rep, None, None
    if not R.get("lines"):
        rep["excluded"] = "the XML has no invoice lines"
        return rep, None, None
    T, nc, notes, st = build_truth(R, page)
    rep["language"] = language(page)
    rep["pages"] = info["pages"]
    if st["xmlAmounts"] and st["printedAmounts"] * 2 < st["xmlAmounts"]:
        rep["excluded"] = (f"only {st['printedAmounts']} of {st['xmlAmounts']} XML amounts (totals, line nets) are printed "
                           "(page and XML differ)")
        return rep, None, None
    if st["netPrinted"] == 0:
        rep["excluded"] = "no line amount printed"
        return rep, None, None
    if st["badLines"]:
        rep["excluded"] = f"{st['badLines']} XML line(s) with neither description nor amount on the page (page and XML differ)"
        return rep, None, None
    rep["fields"] = count_fields(T)
    rep["counted"] = rep["fields"] - len(nc)
    rep["skipped"] = nc
    rep["notes"] = notes
    rep["truth"] = T
    rep["raw_invoiceNumber"] = R.get("invoiceNumber")
    rep["_ident"] = rd.identity(R)
    return rep, T, src


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sources", default=os.path.join(HERE, "sources.json"))
    ap.add_argument("--out", default="/work/corpus/real-dev")
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--needed", action="store_true")
    ap.add_argument("--no-disjoint", action="store_true", help="skip the excluded-repository check (needs its cache)")
    args = ap.parse_args()
    S = json.load(open(args.sources))
    sources = S["sources"] if isinstance(S, dict) else S
    if args.needed:
        for repo in sorted({s["repo"] for s in sources}):
            print(repo, "ok" if rd.mirror_dir(repo) else "MISSING")
        return
    if not args.no_disjoint and not os.path.exists(os.path.join(cd.CACHE, "excluded.json")):
        cd.build_cache()  # needs the excluded repositories' mirrors (README.md)
    excl = None if args.no_disjoint else cd.load()
    rng = random.Random(args.seed)
    for sub in ("train", "dev", "all-scans"):
        d = os.path.join(args.out, sub)
        if os.path.isdir(d):
            shutil.rmtree(d)
        os.makedirs(d)
    index = {"train": [], "dev": [], "all-scans": []}
    report = {"train": [], "dev": []}
    seen = {}
    dropped = {}
    tmpdir = tempfile.mkdtemp(prefix="rdbuild")
    n = 0
    roots = {}
    for s in sources:
        split = s["split"]
        try:
            if excl is not None and s["repo"] not in roots:
                roots[s["repo"]] = cd.repo_roots(s["repo"])
            rep, T, src = process(s, tmpdir)
        except Exception as e:
            rep, T = {"source": {k: s.get(k) for k in ("repo", "commit", "path", "sha1")}, "layout": s.get("layout"),
                      "producer": s.get("producer"), "excluded": "error: " + str(e)[:200]}, None
        if T is not None and excl is not None:
            r = cd.reason({"repo": s["repo"], "blob": s.get("blob"), "sha1": s["sha1"], "ident": rep["_ident"],
                           "pdfSha1": s.get("pdfSha1"), "pdfBlob": s.get("pdfBlob")}, excl,
                          roots[s["repo"]])
            if r:
                rep["excluded"] = "disjointness: " + r
                T = None
        if T is not None:
            dup = next((seen[v] for v in rep["_ident"].values() if v in seen), None)
            if dup:
                rep["excluded"] = f"duplicate of {dup} (same invoice identity)"
                T = None
        if T is None:
            rep.pop("_ident", None)
            rep.pop("truth", None)
            report[split].append(rep)
            dropped[rep["excluded"].split(" (")[0][:60]] = dropped.get(rep["excluded"].split(" (")[0][:60], 0) + 1
            print(f"  excluded {s['repo']}:{s['path']}: {rep['excluded']}", file=sys.stderr)
            continue
        n += 1
        did = f"rd-{n:04d}"
        for v in rep["_ident"].values():
            seen[v] = did
        rep.pop("_ident")
        scan = rng.random() < 0.4
        dpi = rng.choice((200, 300))
        sdpi = dpi if scan else rng.choice((200, 300))
        outdir = os.path.join(args.out, split)
        pdf = did + ".pdf"
        try:
            if scan:
                make_scan(src, os.path.join(outdir, pdf), random.Random(f"{args.seed}-{did}"), dpi)
            else:
                strip_pdf(src, os.path.join(outdir, pdf))
            make_scan(src, os.path.join(args.out, "all-scans", pdf), random.Random(f"{args.seed}-{did}-all"), sdpi)
        except Exception as e:
            rep["excluded"] = "error writing the document: " + str(e)[:200]
            rep.pop("truth", None)
            report[split].append(rep)
            n -= 1
            continue
        truth_name = did + ".json"
        for d in (outdir, os.path.join(args.out, "all-scans")):
            with open(os.path.join(d, truth_name), "w", encoding="utf-8") as f:
                json.dump(T, f, ensure_ascii=False, indent=2)
        src_entry = dict(rep["source"])
        line = {"id": did, "pdf": pdf, "truth": truth_name, "layout": s["layout"], "language": rep["language"],
                "kind": "scan" if scan else "text", "dpi": dpi if scan else None, "pages": rep["pages"],
                "source": src_entry, "producer": s["producer"], "typeCode": rep["typeCode"], "notCounted": rep["skipped"]}
        index[split].append(line)
        index["all-scans"].append(dict(line, kind="scan", dpi=sdpi, split=split))
        rep.update({"id": did, "kind": line["kind"], "dpi": line["dpi"], "split": split})
        report[split].append(rep)
        print(f"{did} {split} {line['kind']} {s['layout']} {rep['language']} counted {rep['counted']}/{rep['fields']}",
              file=sys.stderr)
    shutil.rmtree(tmpdir, ignore_errors=True)
    for sub, lines in index.items():
        with open(os.path.join(args.out, sub, "index.jsonl"), "w", encoding="utf-8") as f:
            for l in lines:
                f.write(json.dumps(l, ensure_ascii=False) + "\n")
    for sub in ("train", "dev"):
        json.dump(report[sub], open(os.path.join(args.out, sub, "build-report.json"), "w", encoding="utf-8"),
                  ensure_ascii=False, indent=1)
    json.dump(report["train"] + report["dev"], open(os.path.join(args.out, "all-scans", "build-report.json"), "w",
                                                    encoding="utf-8"), ensure_ascii=False, indent=1)
    summary = {"documents": n, "dropped": dropped,
               "perSplit": {k: {"docs": len(v), "text": sum(l["kind"] == "text" for l in v),
                                "scan": sum(l["kind"] == "scan" for l in v),
                                "layouts": sorted({l["layout"] for l in v}),
                                "languages": {lg: sum(l["language"] == lg for l in v) for lg in sorted({l["language"] for l in v})}}
                            for k, v in index.items()}}
    json.dump(summary, open(os.path.join(args.out, "summary.json"), "w"), indent=1)
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
