"""Shared helpers of the real-layout development corpus (tools/extract-real).

git mirrors (as brought by the search tool's fetch to /work/.mirror/OWNER+NAME/repo), PDF blob listing over
every object of a mirror, embedded-XML extraction with pikepdf, and the CII / UBL -> truth-field reader.
Python 3 standard library plus Debian's python3-pikepdf only.
"""
import hashlib, io, os, re, subprocess, zlib
import xml.etree.ElementTree as ET
from decimal import Decimal, InvalidOperation, ROUND_HALF_UP

MIRRORS = os.environ.get("MIRRORS", "/work/.mirror")


def mirror_dir(repo):
    base = os.path.join(MIRRORS, repo.replace("/", "+"))
    for cand in (os.path.join(base, "repo", ".git"), os.path.join(base, "repo")):
        if os.path.isfile(os.path.join(cand, "HEAD")):
            return cand
    return None


def git(gd, *args, input=None):
    return subprocess.run(["git", "--git-dir", gd, *args], input=input, capture_output=True, check=False).stdout


class Cat:
    """one `git cat-file --batch` process"""

    def __init__(self, gd):
        self.p = subprocess.Popen(["git", "--git-dir", gd, "cat-file", "--batch"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE)

    def get(self, oid):
        self.p.stdin.write(oid.encode() + b"\n")
        self.p.stdin.flush()
        head = self.p.stdout.readline().split()
        if len(head) < 3 or head[1] == b"missing":
            return None, None
        size = int(head[2])
        data = self.p.stdout.read(size)
        self.p.stdout.read(1)
        return head[1].decode(), data

    def close(self):
        try:
            self.p.stdin.close()
            self.p.wait(timeout=30)
        except Exception:
            self.p.kill()


def pdf_blobs(gd, exts=(".pdf",)):
    """{blob id: set of file names} for every tree entry named *.pdf in any tree object of the mirror
    (all refs, all history, also unreachable objects); blobs may be absent (large files)."""
    out = subprocess.run(["git", "--git-dir", gd, "cat-file", "--batch-all-objects", "--batch-check=%(objectname) %(objecttype)"],
                         capture_output=True).stdout.decode().split("\n")
    trees = [l.split()[0] for l in out if l.endswith(" tree")]
    res = {}
    cat = Cat(gd)
    try:
        for t in trees:
            typ, data = cat.get(t)
            if typ != "tree":
                continue
            i = 0
            while i < len(data):
                sp = data.index(b" ", i)
                nul = data.index(b"\0", sp)
                name = data[sp + 1:nul].decode("utf-8", "replace")
                oid = data[nul + 1:nul + 21].hex()
                mode = data[i:sp]
                i = nul + 21
                if mode.startswith(b"100") and name.lower().endswith(exts):
                    res.setdefault(oid, set()).add(name)
    finally:
        cat.close()
    return res


def blob_paths(gd, oid, limit_commits=None):
    """(commit, path) pairs where blob oid appears, newest first (searches refs' history)."""
    names = set()
    log = git(gd, "log", "--all", "--format=%H", "--raw", "--no-abbrev", "--no-renames", "-m").decode("utf-8", "replace")
    commit = None
    for line in log.split("\n"):
        if re.fullmatch(r"[0-9a-f]{40}", line):
            commit = line
        elif line.startswith(":") and oid in line:
            parts = line.split("\t")
            meta = parts[0].split()
            if len(meta) >= 4 and meta[3] == oid:
                names.add((commit, parts[-1]))
                return commit, parts[-1]
    return None


# ---------------------------------------------------------------------------------------------- PDF side

XML_NAMES = ("factur-x.xml", "zugferd-invoice.xml", "zugferd_invoice.xml", "xrechnung.xml", "order-x.xml",
             "ZUGFeRD-invoice.xml")


def embedded_files(pdf):
    """[(name, bytes)] of every embedded file of an open pikepdf.Pdf (names tree, /AF, file annotations)."""
    import pikepdf
    seen, out = set(), []

    def add(name, fs):
        try:
            ef = fs.get("/EF")
            if ef is None:
                return
            st = ef.get("/F")
            if st is None:
                st = ef.get("/UF")
            if st is None:
                return
            key = st.objgen
            if key in seen and key != (0, 0):
                return
            seen.add(key)
            out.append((str(name), st.read_bytes()))
        except Exception:
            pass

    def fsname(fs, default):
        for k in ("/UF", "/F"):
            v = fs.get(k)
            if v is not None:
                try:
                    return str(v)
                except Exception:
                    pass
        return default

    def walk(node, depth=0):
        if depth > 20 or node is None:
            return
        names = node.get("/Names")
        if names is not None:
            for i in range(0, len(names) - 1, 2):
                fs = names[i + 1]
                add(fsname(fs, str(names[i])), fs)
        kids = node.get("/Kids")
        if kids is not None:
            for k in kids:
                walk(k, depth + 1)

    root = pdf.Root
    try:
        walk(root.get("/Names", {}).get("/EmbeddedFiles"))
    except Exception:
        pass
    try:
        for fs in root.get("/AF", []) or []:
            add(fsname(fs, "af"), fs)
    except Exception:
        pass
    try:
        for page in pdf.pages:
            for a in page.obj.get("/Annots", []) or []:
                if a.get("/Subtype") == "/FileAttachment" and a.get("/FS") is not None:
                    add(fsname(a.FS, "annot"), a.FS)
    except Exception:
        pass
    return out


def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def xml_kind(data):
    """'cii', 'cii1' (ZUGFeRD 1.0), 'ubl-inv', 'ubl-cn', 'orderx' or None"""
    try:
        it = ET.iterparse(io.BytesIO(data), events=("start",))
        for _, el in it:
            n = local(el.tag)
            if n == "CrossIndustryInvoice":
                return "cii"
            if n == "CrossIndustryDocument":
                return "cii1"
            if n == "Invoice":
                return "ubl-inv"
            if n == "CreditNote":
                return "ubl-cn"
            if n.startswith("SCRDMCCBDACIOMessageStructure"):
                return "orderx"
            return None
    except ET.ParseError:
        return None
    return None


def pick_invoice_xml(files):
    """(name, bytes, kind) of the invoice XML among embedded files, preferring the standard names"""
    best = None
    for name, data in files:
        k = xml_kind(data)
        if k in (None, "orderx"):
            continue
        score = 0 if os.path.basename(name).lower() in [x.lower() for x in XML_NAMES] else 1
        if best is None or score < best[0]:
            best = (score, name, data, k)
    return best[1:] if best else None


def pdf_info(pdf):
    info = {}
    try:
        di = pdf.docinfo
        for k in ("/Producer", "/Creator"):
            if k in di:
                try:
                    info[k[1:].lower()] = str(di[k]).strip()
                except Exception:
                    pass
    except Exception:
        pass
    if not info.get("producer") or not info.get("creator"):
        try:
            with pdf.open_metadata() as m:
                p = m.get("pdf:Producer")
                c = m.get("xmp:CreatorTool")
                if p and not info.get("producer"):
                    info["producer"] = str(p).strip()
                if c and not info.get("creator"):
                    info["creator"] = str(c).strip()
        except Exception:
            pass
    return info


# ---------------------------------------------------------------------------------------------- XML side

def D(s):
    if s is None:
        return None
    s = str(s).strip().replace(" ", "")
    if not s:
        return None
    try:
        return Decimal(s)
    except InvalidOperation:
        try:
            return Decimal(s.replace(",", "."))
        except InvalidOperation:
            return None


def amt(d):
    return None if d is None else str(d.quantize(Decimal("0.01"), ROUND_HALF_UP))


def qty(d):
    if d is None:
        return None
    s = format(d.normalize(), "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def children(el, name):
    return [c for c in el if local(c.tag) == name] if el is not None else []


def child(el, *path):
    for name in path:
        if el is None:
            return None
        nxt = None
        for c in el:
            if local(c.tag) == name:
                nxt = c
                break
        el = nxt
    return el


def text(el, *path):
    e = child(el, *path) if path else el
    if e is None or e.text is None:
        return None
    t = re.sub(r"\s+", " ", e.text).strip()
    return t or None


def cii_date(el):
    if el is None:
        return None
    s = None
    for c in el.iter():
        if local(c.tag) in ("DateTimeString", "DateString") and c.text:
            s, fmt = c.text.strip(), c.get("format")
            break
    if s is None:
        return None
    m = re.fullmatch(r"(\d{4})(\d{2})(\d{2})", s)
    if m:
        return "-".join(m.groups())
    m = re.match(r"(\d{4})-(\d{2})-(\d{2})", s)
    if m:
        return "-".join(m.groups())
    return None


def vat_norm(s):
    return re.sub(r"[\s.\-]", "", s).upper() if s else None


def iban_norm(s):
    return re.sub(r"\s", "", s).upper() if s else None


def amounts_in_currency(els, cur):
    vals = [(e.get("currencyID"), D(e.text)) for e in els if e is not None and e.text]
    if not vals:
        return None
    for c, v in vals:
        if c and cur and c == cur:
            return v
    return vals[0][1]


def parse_cii(root, zf1=False):
    R = {"raw": {}}
    hdr = child(root, "HeaderExchangedDocument" if zf1 else "ExchangedDocument")
    R["invoiceNumber"] = text(hdr, "ID")
    R["typeCode"] = text(hdr, "TypeCode")
    R["issueDate"] = cii_date(child(hdr, "IssueDateTime"))
    tx = child(root, "SpecifiedSupplyChainTradeTransaction" if zf1 else "SupplyChainTradeTransaction")
    agr = child(tx, "ApplicableSupplyChainTradeAgreement" if zf1 else "ApplicableHeaderTradeAgreement")
    stl = child(tx, "ApplicableSupplyChainTradeSettlement" if zf1 else "ApplicableHeaderTradeSettlement")
    R["buyerReference"] = text(agr, "BuyerReference")
    R["currency"] = text(stl, "InvoiceCurrencyCode")
    due = None
    for pt in children(stl, "SpecifiedTradePaymentTerms"):
        due = due or cii_date(child(pt, "DueDateDateTime"))
    R["dueDate"] = due

    def party(p):
        if p is None:
            return None
        vat = None
        for tr in children(p, "SpecifiedTaxRegistration"):
            idel = child(tr, "ID")
            if idel is not None and (idel.get("schemeID") or "").upper() == "VA" and idel.text:
                vat = vat_norm(idel.text)
        a = child(p, "PostalTradeAddress")
        return {"name": text(p, "Name"), "vatId": vat,
                "address": {"line1": text(a, "LineOne"), "line2": text(a, "LineTwo"), "city": text(a, "CityName"),
                            "postalCode": text(a, "PostcodeCode"), "countryCode": text(a, "CountryID")}}

    R["supplier"] = party(child(agr, "SellerTradeParty")) or {"address": {}}
    R["buyer"] = party(child(agr, "BuyerTradeParty")) or {"address": {}}
    iban = None
    for pm in children(stl, "SpecifiedTradeSettlementPaymentMeans"):
        acc = child(pm, "PayeePartyCreditorFinancialAccount")
        iban = iban or iban_norm(text(acc, "IBANID"))
    R["supplier"]["iban"] = iban
    lines = []
    for li in children(tx, "IncludedSupplyChainTradeLineItem"):
        prod = child(li, "SpecifiedTradeProduct")
        la = child(li, "SpecifiedSupplyChainTradeAgreement" if zf1 else "SpecifiedLineTradeAgreement")
        ld = child(li, "SpecifiedSupplyChainTradeDelivery" if zf1 else "SpecifiedLineTradeDelivery")
        ls = child(li, "SpecifiedSupplyChainTradeSettlement" if zf1 else "SpecifiedLineTradeSettlement")
        q = child(ld, "BilledQuantity")
        np_ = child(la, "NetPriceProductTradePrice")
        gp = child(la, "GrossPriceProductTradePrice")
        price = D(text(np_, "ChargeAmount"))
        basis = D(text(np_, "BasisQuantity"))
        if price is None:
            price = D(text(gp, "ChargeAmount"))
            basis = D(text(gp, "BasisQuantity"))
        rate = None
        for t in children(ls, "ApplicableTradeTax"):
            rate = D(text(t, "ApplicablePercent" if zf1 else "RateApplicablePercent") or text(t, "ApplicablePercent"))
        ms = child(ls, "SpecifiedTradeSettlementMonetarySummation" if zf1 else "SpecifiedTradeSettlementLineMonetarySummation")
        net = D(text(ms, "LineTotalAmount"))
        if zf1 and net is None:
            net = D(text(ms, "LineTotalAmount"))
        # a CII line without a BilledQuantity and amount (e.g. ZUGFeRD 1 text-only lines) is no line
        if q is None and net is None:
            continue
        lines.append({"name": text(prod, "Name"), "desc": text(prod, "Description"),
                      "quantity": D(q.text) if q is not None and q.text else None,
                      "unitCode": q.get("unitCode") if q is not None else None,
                      "price": price, "basis": basis, "rate": rate, "net": net})
    R["lines"] = lines
    tb = []
    for t in children(stl, "ApplicableTradeTax"):
        tb.append({"rate": D(text(t, "ApplicablePercent" if zf1 else "RateApplicablePercent") or text(t, "ApplicablePercent")),
                   "taxable": D(text(t, "BasisAmount")), "tax": D(text(t, "CalculatedAmount"))})
    R["taxBreakdown"] = tb
    ms = child(stl, "SpecifiedTradeSettlementMonetarySummation" if zf1 else "SpecifiedTradeSettlementHeaderMonetarySummation")
    cur = R["currency"]
    R["totals"] = {"lineNetAmount": D(text(ms, "LineTotalAmount")),
                   "taxAmount": amounts_in_currency(children(ms, "TaxTotalAmount"), cur),
                   "taxInclusiveAmount": D(text(ms, "GrandTotalAmount")),
                   "payableAmount": D(text(ms, "DuePayableAmount"))}
    return R


def parse_ubl(root, credit=False):
    R = {"raw": {}}
    R["invoiceNumber"] = text(root, "ID")
    R["typeCode"] = text(root, "CreditNoteTypeCode" if credit else "InvoiceTypeCode") or ("381" if credit else "380")
    R["issueDate"] = text(root, "IssueDate")
    due = text(root, "DueDate")
    for pm in children(root, "PaymentMeans"):
        due = due or text(pm, "PaymentDueDate")
    for pt in children(root, "PaymentTerms"):
        pass
    R["dueDate"] = due
    R["currency"] = text(root, "DocumentCurrencyCode")
    R["buyerReference"] = text(root, "BuyerReference")

    def party(p):
        p = child(p, "Party")
        if p is None:
            return {"address": {}}
        vat = None
        for ts in children(p, "PartyTaxScheme"):
            sch = text(ts, "TaxScheme", "ID")
            cid = text(ts, "CompanyID")
            if cid and (sch is None or sch.upper() == "VAT"):
                vat = vat or vat_norm(cid)
        a = child(p, "PostalAddress")
        legal = text(p, "PartyLegalEntity", "RegistrationName")
        pname = text(p, "PartyName", "Name")
        return {"name": legal or pname, "names": [n for n in (legal, pname) if n], "vatId": vat,
                "address": {"line1": text(a, "StreetName"), "line2": text(a, "AdditionalStreetName"),
                            "city": text(a, "CityName"), "postalCode": text(a, "PostalZone"),
                            "countryCode": text(a, "Country", "IdentificationCode")}}

    R["supplier"] = party(child(root, "AccountingSupplierParty"))
    R["buyer"] = party(child(root, "AccountingCustomerParty"))
    iban = None
    for pm in children(root, "PaymentMeans"):
        acc = child(pm, "PayeeFinancialAccount")
        v = text(acc, "ID")
        if v and re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9 ]{8,40}", v.strip()):
            iban = iban or iban_norm(v)
    R["supplier"]["iban"] = iban
    lines = []
    for li in children(root, "CreditNoteLine" if credit else "InvoiceLine"):
        q = child(li, "CreditedQuantity" if credit else "InvoicedQuantity")
        item = child(li, "Item")
        pr = child(li, "Price")
        rate = D(text(item, "ClassifiedTaxCategory", "Percent"))
        lines.append({"name": text(item, "Name"), "desc": text(item, "Description"),
                      "quantity": D(q.text) if q is not None and q.text else None,
                      "unitCode": q.get("unitCode") if q is not None else None,
                      "price": D(text(pr, "PriceAmount")), "basis": D(text(pr, "BaseQuantity")), "rate": rate,
                      "net": D(text(li, "LineExtensionAmount"))})
    R["lines"] = lines
    tb = []
    taxtotal = None
    cur = R["currency"]
    for tt in children(root, "TaxTotal"):
        ta = child(tt, "TaxAmount")
        if ta is not None and (ta.get("currencyID") in (None, cur)) and taxtotal is None:
            taxtotal = D(ta.text)
        for st in children(tt, "TaxSubtotal"):
            tb.append({"rate": D(text(st, "TaxCategory", "Percent")), "taxable": D(text(st, "TaxableAmount")),
                       "tax": D(text(st, "TaxAmount"))})
    R["taxBreakdown"] = tb
    lm = child(root, "LegalMonetaryTotal")
    R["totals"] = {"lineNetAmount": D(text(lm, "LineExtensionAmount")), "taxAmount": taxtotal,
                   "taxInclusiveAmount": D(text(lm, "TaxInclusiveAmount")), "payableAmount": D(text(lm, "PayableAmount"))}
    return R


def parse_invoice_xml(data):
    kind = xml_kind(data)
    root = ET.fromstring(data)
    if kind == "cii":
        return parse_cii(root)
    if kind == "cii1":
        return parse_cii(root, zf1=True)
    if kind == "ubl-inv":
        return parse_ubl(root)
    if kind == "ubl-cn":
        return parse_ubl(root, credit=True)
    return None


def identity(R):
    """(number+date, seller+number, seller+amount due) keys of an invoice read by parse_invoice_xml"""
    num = (R.get("invoiceNumber") or "").strip().upper()
    date = R.get("issueDate") or ""
    seller = re.sub(r"\W+", "", (R.get("supplier") or {}).get("name") or "").lower()
    pay = R.get("totals", {}).get("payableAmount")
    pay = amt(pay) if pay is not None else ""
    keys = {}
    if num and date:
        keys["number+date"] = f"{num}|{date}"
    if seller and num:
        keys["seller+number"] = f"{seller}|{num}"
    if seller and pay:
        keys["seller+amount"] = f"{seller}|{pay}"
    return keys


def sha1(data):
    return hashlib.sha1(data).hexdigest()


def git_blob_id(data):
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def inspect_pdf_bytes(data):
    """dict: ok, pages, encrypted, producer, creator, xml name/kind/bytes, parsed R (or error)"""
    import pikepdf
    res = {"ok": False}
    try:
        pdf = pikepdf.open(io.BytesIO(data))
    except pikepdf.PasswordError:
        return {"ok": False, "error": "encrypted"}
    except Exception as e:
        return {"ok": False, "error": "broken: " + str(e)[:80]}
    with pdf:
        res["encrypted"] = bool(pdf.is_encrypted)
        res["pages"] = len(pdf.pages)
        res.update(pdf_info(pdf))
        files = embedded_files(pdf)
        res["attachments"] = [n for n, _ in files]
        x = pick_invoice_xml(files)
        if x:
            res["xml"], res["xmlData"], res["xmlKind"] = x
            try:
                res["R"] = parse_invoice_xml(x[1])
            except Exception as e:
                res["error"] = "xml: " + str(e)[:80]
        res["ok"] = True
    return res


PDF_IN_XML = re.compile(rb"<([A-Za-z0-9_]+:)?(EmbeddedDocumentBinaryObject|AttachmentBinaryObject)([^>]*)>([^<]+)</")


def pdfs_in_xml(data):
    """[(attachment file name, PDF bytes)] of an XML invoice that carries PDFs (base64 binary objects)"""
    import base64
    out = []
    if b"application/pdf" not in data:
        return out
    for m in PDF_IN_XML.finditer(data):
        attrs = m.group(3)
        if b"application/pdf" not in attrs:
            continue
        fn = re.search(rb'filename="([^"]*)"', attrs)
        try:
            pdf = base64.b64decode(re.sub(rb"\s+", b"", m.group(4)))
        except Exception:
            continue
        if pdf[:5] != b"%PDF-":
            continue
        out.append(((fn.group(1).decode("utf-8", "replace") if fn else ""), pdf))
    return out
