"""Black-box checks of the submit endpoints (validate, IDoc, OData, JSON, extract), the invoice
resource and its validationResult, profiles and plan gating, sandbox keys (shared/API.md).

A mixin of api_blackbox.Run: self.api, self.keys, self.req, self.submit, ... come from there."""
import json
import re
import time
import uuid


from bb_support import *  # noqa: F401,F403 (check helpers, HTTP plumbing, documents)


class InvoiceChecks:
    def check_invoice(self, name, j, fmt="UBL", profile="EN16931", sandbox=False):
        """Full-resource checks of a final invoice; returns the problems found."""
        probs = []
        if not isinstance(j, dict):
            check(name, False, "not an object")
            return
        for f in ("id", "status", "validationProfile", "invoiceFormat", "sandbox", "createdAt", "canonicalJson",
                  "validationResult"):
            if f not in j:
                probs.append("missing %s" % f)
        if not is_uuid(j.get("id")):
            probs.append("id=%r" % j.get("id"))
        if j.get("status") not in STATUSES:
            probs.append("status=%r" % j.get("status"))
        if j.get("validationProfile") != profile:
            probs.append("validationProfile=%r" % j.get("validationProfile"))
        undetectable = fmt is None and j.get("invoiceFormat") is None and (
            j.get("sandbox") is True or j.get("status") == "failed_validation")
        if fmt and j.get("invoiceFormat") != fmt:
            probs.append("invoiceFormat=%r want %s" % (j.get("invoiceFormat"), fmt))
        elif j.get("invoiceFormat") not in FORMATS and not undetectable:
            probs.append("invoiceFormat=%r not in the list" % (j.get("invoiceFormat"),))
        if j.get("sandbox") is not sandbox:
            probs.append("sandbox=%r" % j.get("sandbox"))
        if not iso_ms_z(j.get("createdAt")):
            probs.append("createdAt=%r" % j.get("createdAt"))
        if j.get("status") == "processing":
            if j.get("canonicalJson") is not None or j.get("validationResult") is not None:
                probs.append("processing but canonicalJson/validationResult not null")
        else:
            vr = j.get("validationResult")
            probs += self.vr_problems(vr)
            if isinstance(vr, dict) and (j.get("status") == "validated") != (vr.get("valid") is True):
                probs.append("status %s but valid=%r" % (j.get("status"), vr.get("valid")))
            if j.get("status") == "validated" and not isinstance(j.get("canonicalJson"), dict):
                probs.append("canonicalJson=%r" % (j.get("canonicalJson"),))
        check(name, not probs, "; ".join(probs) or "%s %s %s" % (j.get("status"), j.get("invoiceFormat"),
                                                                 j.get("validationProfile")))

    @staticmethod
    def finding_problems(f, where):
        p = []
        if not isinstance(f, dict):
            return ["%s: finding not an object" % where]
        for k in ("code", "message", "field", "suggestion", "documentationUrl", "layer", "severity"):
            if k not in f:
                p.append("%s: missing %s" % (where, k))
        for k in ("code", "message"):
            if not isinstance(f.get(k), str) or not f.get(k):
                p.append("%s: %s=%r" % (where, k, f.get(k)))
        if f.get("layer") not in LAYERS:
            p.append("%s: layer=%r" % (where, f.get("layer")))
        if f.get("severity") not in SEVERITIES:
            p.append("%s: severity=%r" % (where, f.get("severity")))
        fld = f.get("field")
        if fld is not None and (not isinstance(fld, str) or re.fullmatch(r"\s*(line\s*)?\d+(:\d+)?\s*", fld, re.I)):
            p.append("%s: field=%r" % (where, fld))
        for k in ("suggestion", "documentationUrl"):
            if f.get(k) is not None and not isinstance(f.get(k), str):
                p.append("%s: %s=%r" % (where, k, f.get(k)))
        return p

    def vr_problems(self, vr):
        p = []
        if not isinstance(vr, dict):
            return ["validationResult=%r" % (vr,)]
        if not isinstance(vr.get("valid"), bool) or not isinstance(vr.get("errors"), list):
            p.append("validationResult valid/errors malformed")
        kr = vr.get("kositResult")
        if not isinstance(kr, dict) or not isinstance(kr.get("valid"), bool) or not isinstance(kr.get("errors"), list):
            p.append("kositResult=%r" % (kr,))
        for i, f in enumerate(vr.get("errors") or []):
            p += self.finding_problems(f, "errors[%d]" % i)
        for i, f in enumerate((kr or {}).get("errors") or [] if isinstance(kr, dict) else []):
            p += self.finding_problems(f, "kositResult.errors[%d]" % i)
            if isinstance(f, dict) and f.get("layer") != "SCHEMA":
                p.append("kositResult.errors[%d].layer=%r" % (i, f.get("layer")))
        errs = vr.get("errors") if isinstance(vr.get("errors"), list) else []
        kerrs = kr.get("errors") if isinstance(kr, dict) and isinstance(kr.get("errors"), list) else []
        # SCHEMA findings are listed once, in kositResult.errors; valid covers both lists
        for i, f in enumerate(errs):
            if isinstance(f, dict) and f.get("layer") == "SCHEMA":
                p.append("errors[%d] is a SCHEMA finding (belongs in kositResult.errors only)" % i)
        has_err = any(isinstance(f, dict) and f.get("severity") == "ERROR" for f in errs + kerrs)
        if isinstance(vr.get("valid"), bool) and vr["valid"] == has_err:
            p.append("valid=%r but ERROR findings: %r" % (vr["valid"], has_err))
        if isinstance(kr, dict) and isinstance(kr.get("errors"), list) and isinstance(kr.get("valid"), bool):
            kerr = any(isinstance(f, dict) and f.get("severity") == "ERROR" for f in kr["errors"])
            if kr["valid"] == kerr:
                p.append("kositResult.valid=%r but ERROR findings: %r" % (kr["valid"], kerr))
        return p

    def t_submit_validate(self):
        pk = self.keys["pro"]
        t0 = time.time()
        r = self.submit(pk)
        check_json_ok("validate.202", r, 202)
        iid = dig(r.json, "id")
        check("validate.202-body", is_uuid(iid) and dig(r.json, "status") in STATUSES, r.short())
        check("validate.no-quota-headers-without-limit", r.h("x-quota-limit") is None,
              "X-Quota-Limit %r" % r.h("x-quota-limit"))
        if not is_uuid(iid):
            return
        g = self.req("GET", "/api/v1/invoices/%s" % iid, key=pk)
        check_json_ok("invoice.get-200", g)
        if dig(g.json, "status") == "processing":
            note("first GET after the 202 saw 'processing': %s" % g.text()[:300])
        f = self.wait_final(pk, iid)
        note("sample UBL verdict after %.0f ms" % ((time.time() - t0) * 1000))
        j = f.json or {}
        check("validate.final-status", j.get("status") == "validated", "status %r, errors %s" % (
            j.get("status"), json.dumps(dig(j, "validationResult", "errors"))[:300]))
        self.check_invoice("invoice.resource-fields", j)
        check("invoice.id-matches", j.get("id") == iid, "")
        cj = j.get("canonicalJson") or {}
        probs = []
        for k, v in (("invoiceNumber", "INV-2026-0042"), ("issueDate", "2026-11-21"), ("currency", "EUR"),
                     ("buyerReference", "PO-7781"), ("validationProfile", "EN16931")):
            if cj.get(k) != v:
                probs.append("%s=%r" % (k, cj.get(k)))
        if dig(cj, "supplier", "name") != "Northwind Trading GmbH" or dig(cj, "supplier", "vatId") != "DE123456789":
            probs.append("supplier=%r" % (cj.get("supplier"),))
        if dig(cj, "buyer", "name") != "Contoso SARL":
            probs.append("buyer=%r" % (cj.get("buyer"),))
        lines = cj.get("lines")
        if not isinstance(lines, list) or len(lines) != 2:
            probs.append("lines=%r" % (lines,))
        else:
            l0 = lines[0]
            for k in ("description", "quantity", "unit", "price", "taxRate"):
                if k not in l0:
                    probs.append("lines[0] missing %s" % k)
            if l0.get("description") != "Ceramic mug, blue" or l0.get("unit") != "C62":
                probs.append("lines[0]=%r" % l0)
        if str(cj.get("typeCode")) != "380":
            probs.append("typeCode=%r" % cj.get("typeCode"))
        tot = cj.get("totals") or {}
        from decimal import Decimal
        for k, v in (("lineNetAmount", "252.00"), ("taxExclusiveAmount", "252.00"), ("taxAmount", "47.88"),
                     ("taxInclusiveAmount", "299.88"), ("payableAmount", "299.88")):
            if not isinstance(tot.get(k), (int, float)) or isinstance(tot.get(k), bool) or \
                    Decimal(str(tot.get(k))) != Decimal(v):
                probs.append("totals.%s=%r" % (k, tot.get(k)))
        tb = cj.get("taxBreakdown")
        if not (isinstance(tb, list) and len(tb) == 1 and dig(tb, 0, "category") == "S"):
            probs.append("taxBreakdown=%r" % (tb,))
        check("invoice.canonicalJson", not probs, "; ".join(probs))
        # amounts are written with the document's own decimals: 252.00, not 252 or 252.0
        txt = f.text()
        m = re.search(r'"lineNetAmount"\s*:\s*([-0-9.eE+]+)', txt)
        check("invoice.canonicalJson.amount-decimals", m is not None and m.group(1) == "252.00",
              "lineNetAmount written as %r" % (m.group(1) if m else None))
        m = re.search(r'"price"\s*:\s*([-0-9.eE+]+)', txt)
        check("invoice.canonicalJson.price-decimals", m is not None and m.group(1) == "15.00",
              "price written as %r" % (m.group(1) if m else None))
        self.valid_id = iid

        # CII sample
        if self.cii:
            r = self.submit(pk, content=self.cii, filename="cii.xml")
            cid = dig(r.json, "id")
            check("validate.cii-202", r.status == 202, r.short())
            if cid:
                f = self.wait_final(pk, cid)
                self.check_invoice("validate.cii-resource", f.json, fmt="CII")
                check("validate.cii-validated", dig(f.json, "status") == "validated",
                      json.dumps(dig(f.json, "validationResult", "errors"))[:300])
        else:
            note("no tests/data/cii/sample-invoice.xml: CII submit not checked")

        # invalid invoice: BR-02 (missing BT-1)
        r = self.submit(pk, content=self.broken)
        bid = dig(r.json, "id")
        check("validate.invalid-202", r.status == 202, r.short())
        self.failed_id = None
        if bid:
            f = self.wait_final(pk, bid)
            j = f.json or {}
            check("validate.invalid-failed_validation", j.get("status") == "failed_validation", j.get("status"))
            self.check_invoice("validate.invalid-resource", j)
            errs = dig(j, "validationResult", "errors") or []
            br02 = [e for e in errs if isinstance(e, dict) and e.get("code") == "BR-02"]
            check("validate.invalid-BR-02", len(br02) >= 1, "codes %s" % [e.get("code") for e in errs if isinstance(e, dict)])
            if br02:
                e = br02[0]
                check("validate.BR-02-finding", e.get("layer") == "CORE" and e.get("severity") == "ERROR" and
                      "BT-1" in (e.get("message") or "") and isinstance(e.get("documentationUrl"), str) and
                      e.get("documentationUrl") and isinstance(e.get("suggestion"), str) and e.get("suggestion"),
                      json.dumps(e))
            self.failed_id = bid if j.get("status") == "failed_validation" else None

        # not well-formed XML: 202, then failed_validation with a SCHEMA finding
        for name, content in (("not-well-formed", b'<?xml version="1.0"?>\n<Invoice><cbc:ID>1</Invoice>'),
                              ("unclosed", b"<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\">"),
                              ("entity-bomb", b'<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY a "aaaaaaaaaa">'
                               b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">'
                               b'<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">'
                               b'<!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">'
                               b'<!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>'
                               b'<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&h;</Invoice>'),
                              ("xxe", b'<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                               b'<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&x;</Invoice>'),
                              ("deep-nesting", b"<Invoice>" + b"<a>" * 100000 + b"</a>" * 100000 + b"</Invoice>")):
            r = self.submit(pk, content=content)
            if name in ("entity-bomb", "xxe") and r.status in (400, 415):
                check_error("validate.%s-refused" % name, r, r.status)
                continue
            if not check("validate.%s-202" % name, r.status == 202, r.short()):
                continue
            f = self.wait_final(pk, dig(r.json, "id"))
            j = f.json or {}
            errs = dig(j, "validationResult", "kositResult", "errors") or []
            schema = [e for e in errs if isinstance(e, dict) and e.get("layer") == "SCHEMA" and e.get("severity") == "ERROR"]
            check("validate.%s-failed-with-SCHEMA-finding" % name,
                  j.get("status") == "failed_validation" and schema and dig(j, "validationResult", "kositResult", "valid") is False,
                  "status %r findings %s" % (j.get("status"), [(e.get("code"), e.get("layer")) for e in errs if isinstance(e, dict)][:5]))
            if name == "xxe":
                check("validate.xxe-not-expanded", "root:" not in f.text(), "")
            self.check_invoice("validate.%s-resource" % name, j, fmt=None)
        # XML that is no invoice
        r = self.submit(pk, content=b"<?xml version=\"1.0\"?><note>hi</note>")
        if r.status == 202:
            f = self.wait_final(pk, dig(r.json, "id"))
            check("validate.non-invoice-xml", dig(f.json, "status") == "failed_validation", f.short())
        else:
            check_error("validate.non-invoice-xml", r, 415, allow=(400,))
        # a PDF without an embedded invoice on the XML/PDF endpoint
        r = self.submit(pk, content=PLAIN_PDF, filename="plain.pdf", ctype="application/pdf")
        if r.status == 202:
            f = self.wait_final(pk, dig(r.json, "id"))
            errs = (dig(f.json, "validationResult", "errors") or []) + \
                (dig(f.json, "validationResult", "kositResult", "errors") or [])
            check("validate.pdf-without-xml-failed-PDF-finding", dig(f.json, "status") == "failed_validation" and
                  any(isinstance(e, dict) and e.get("layer") in ("PDF", "SCHEMA") for e in errs), f.short())
        elif r.status == 501:
            check_error("validate.pdf-without-xml-501", r, 501, names=["zugferd", "factur", "pdf"])
        else:
            check_error("validate.pdf-without-xml", r, 415)

    def t_submit_errors(self):
        pk = self.keys["pro"]
        v = "/api/v1/invoices/validate"
        check_error("validate.400.missing-profile", self.submit(pk, profile=None), 400, names=["profile"])
        check_error("validate.400.missing-file", self.submit(pk, file=False), 400, names=["file"])
        check_error("validate.400.unknown-profile", self.submit(pk, profile="NOPE"), 400, names=["profile"])
        check_error("validate.400.empty-profile", self.submit(pk, profile=""), 400, names=["profile"])
        check_error("validate.400.sql-profile", self.submit(pk, profile="EN16931' OR '1'='1"), 400, names=["profile"])
        check_error("validate.400.only-unknown-fields", self.submit(pk, profile=None, file=False, extra=[("x", "y")]), 400)
        check_error("validate.415.empty-file", self.submit(pk, content=b""), 415)
        check_error("validate.415.text-file", self.submit(pk, content=b"hello, this is not an invoice\n",
                                                          filename="a.txt", ctype="text/plain"), 415)
        check_error("validate.415.json-file", self.submit(pk, content=b'{"invoiceNumber": "1"}', filename="a.json",
                                                          ctype="application/json"), 415)
        check_error("validate.415.binary", self.submit(pk, content=bytes(range(256)) * 4, filename="a.bin",
                                                       ctype="application/octet-stream"), 415)
        check_error("validate.415.whitespace-only", self.submit(pk, content=b"   \n\t  "), 415)
        # malformed multipart
        b = "bb" + uuid.uuid4().hex
        cases = [("garbage-body", b"this is not multipart at all", "multipart/form-data; boundary=%s" % b),
                 ("no-boundary-param", multipart([("profile", "EN16931"), ("file", "a.xml", self.ubl, "application/xml")])[0],
                  "multipart/form-data"),
                 ("truncated", multipart([("profile", "EN16931"), ("file", "a.xml", self.ubl, "application/xml")],
                                         boundary=b)[0][:-(len(b) + 200)], "multipart/form-data; boundary=%s" % b),
                 ("wrong-boundary", multipart([("profile", "EN16931"), ("file", "a.xml", self.ubl, "application/xml")])[0],
                  "multipart/form-data; boundary=%s" % b),
                 ("part-without-headers", ("--%s\r\n\r\nEN16931\r\n--%s--\r\n" % (b, b)).encode(),
                  "multipart/form-data; boundary=%s" % b),
                 ("empty-body", b"", "multipart/form-data; boundary=%s" % b)]
        for name, body, ct in cases:
            r = self.req("POST", v, key=pk, body=body, headers={"Content-Type": ct})
            check_error("validate.400.malformed-multipart.%s" % name, r, 400)
        r = self.req("POST", v, key=pk, body=b'{"profile":"EN16931"}', headers={"Content-Type": "application/json"})
        check_error("validate.400-or-415.json-content-type", r, 400, allow=(415,))
        r = self.req("POST", v, key=pk, body=self.ubl)
        check_error("validate.400-or-415.no-content-type", r, 400, allow=(415,))
        # order within a submit
        check_error("order.400-before-415.missing-profile+empty-file", self.submit(pk, content=b"", profile=None), 400,
                    names=["profile"])
        check_error("order.400-before-415.unknown-profile+text", self.submit(pk, content=b"text", profile="NOPE"), 400,
                    names=["profile"])
        # the server survives all of this
        check_json_ok("validate.server-alive-after-hostile", self.req("GET", "/api/health"), 200)

    def t_profiles_and_plans(self):
        pk, fk, fs = self.keys["pro"], self.keys["free"], self.keys["free-sbx"]
        for p in PROFILES:
            r = self.submit(pk, profile=p)
            if r.status == 202:
                self.installed[p] = True
                f = self.wait_final(pk, dig(r.json, "id"))
                check("profile.%s-202-and-final" % p, dig(f.json, "status") in ("validated", "failed_validation") and
                      dig(f.json, "validationProfile") == p, f.short())
            else:
                self.installed[p] = False
                check_error("profile.%s-not-installed-400" % p, r, 400, names=["profile"])
        note("profiles installed: %s" % [p for p in PROFILES if self.installed.get(p)])
        check("profile.EN16931-installed", self.installed.get("EN16931"), "")
        for p in PRO_ONLY:
            r = self.submit(fk, profile=p)
            if self.installed[p]:
                check_error("plan.403.free-%s" % p, r, 403, names=[p, "pro", "plan"])
                check_error("order.415-before-403.%s" % p, self.submit(fk, profile=p, content=b""), 415)
                r = self.submit(fs, profile=p)
                check("sandbox.free-pro-only-profile-202-%s" % p, r.status == 202, r.short())
            else:
                check_error("plan.free-%s-not-installed-400" % p, r, 400, names=["profile"])
                check_error("sandbox.free-%s-not-installed-400" % p, self.submit(fs, profile=p), 400, names=["profile"])
        if self.installed.get("PEPPOL"):
            check("plan.free-PEPPOL-allowed", self.submit(fk, profile="PEPPOL").status == 202, "")

    def t_other_endpoints(self):
        """IDoc, OData, JSON and extract: 202 when the module is installed, else 501 naming it."""
        pk, fk, sk = self.keys["pro"], self.keys["free"], self.keys["pro-sbx"]
        idoc = "/api/v1/invoices/validate/idoc"
        r = self.submit(pk, content=IDOC_XML, path=idoc, filename="idoc.xml")
        self.installed["idoc"] = r.status == 202
        if r.status == 202:
            f = self.wait_final(pk, dig(r.json, "id"))
            check("idoc.202-final", dig(f.json, "invoiceFormat") == "IDOC" and dig(f.json, "status") != "processing", f.short())
        else:
            check_error("idoc.501-not-installed", r, 501, names=["idoc"])
        check_error("idoc.400.missing-profile", self.submit(pk, content=IDOC_XML, path=idoc, profile=None), 400, names=["profile"])
        check_error("idoc.400.missing-file", self.submit(pk, path=idoc, file=False), 400, names=["file"])
        check_error("idoc.400.unknown-profile", self.submit(pk, content=IDOC_XML, path=idoc, profile="NOPE"), 400,
                    names=["profile"])
        check_error("idoc.415.empty-file (415 before 501)", self.submit(pk, content=b"", path=idoc), 415)
        check_error("idoc.415.text-file", self.submit(pk, content=b"not xml", path=idoc), 415)
        r = self.submit(sk, content=IDOC_XML, path=idoc, filename="idoc.xml")
        if self.installed["idoc"]:
            check("sandbox.idoc-202", r.status == 202 and dig(r.json, "status") == "validated", r.short())
        else:
            check_error("sandbox.idoc-501", r, 501, names=["idoc"])

        od = "/api/v1/invoices/validate/odata"
        r = self.req("POST", od + "?profile=EN16931", key=pk, body=ODATA_JSON)
        self.installed["odata"] = r.status == 202
        if r.status == 202:
            f = self.wait_final(pk, dig(r.json, "id"))
            check("odata.202-final", dig(f.json, "invoiceFormat") == "ODATA" and dig(f.json, "status") != "processing", f.short())
            r = self.req("POST", od + "?profile=EN16931", key=pk, body=ODATA_JSON["d"])
            check("odata.202-without-d-wrapper", r.status == 202, r.short())
        else:
            check_error("odata.501-not-installed", r, 501, names=["odata"])
        check_error("odata.400.missing-profile", self.req("POST", od, key=pk, body=ODATA_JSON), 400, names=["profile"])
        check_error("odata.400.unknown-profile", self.req("POST", od + "?profile=NOPE", key=pk, body=ODATA_JSON), 400,
                    names=["profile"])
        check_error("odata.400.malformed-json (400 before 501)",
                    self.req("POST", od + "?profile=EN16931", key=pk, body=b"{\"d\": ",
                             headers={"Content-Type": "application/json"}), 400)
        r = self.req("POST", od + "?profile=EN16931", key=pk, body=b"", headers={"Content-Type": "application/json"})
        check_error("odata.empty-body", r, 400, allow=(415,))

        r = self.req("POST", "/api/v1/invoices", key=pk, body=canonical_doc())
        self.installed["json"] = r.status == 202
        if r.status == 202:
            f = self.wait_final(pk, dig(r.json, "id"))
            j = f.json or {}
            check("json.202-final", j.get("invoiceFormat") == "JSON" and j.get("status") != "processing" and
                  dig(j, "canonicalJson", "invoiceNumber") == "JSON-1", f.short())
            self.check_invoice("json.resource", j, fmt="JSON")
            bad = canonical_doc()
            bad["lines"][0]["quantity"] = "abc"
            check_error("json.400.wrong-type-quantity", self.req("POST", "/api/v1/invoices", key=pk, body=bad), 400,
                        names=["quantity"])
            bad = canonical_doc()
            bad["supplier"] = "Northwind"
            check_error("json.400.wrong-type-supplier", self.req("POST", "/api/v1/invoices", key=pk, body=bad), 400,
                        names=["supplier"])
            r = self.req("POST", "/api/v1/invoices", key=pk, body={"validationProfile": "EN16931"})
            if r.status == 202:
                f = self.wait_final(pk, dig(r.json, "id"))
                codes = [e.get("code") for e in dig(f.json, "validationResult", "errors") or [] if isinstance(e, dict)]
                check("json.missing-data-reported-by-rules", dig(f.json, "status") == "failed_validation" and "BR-02" in codes,
                      codes[:10])
            else:
                check("json.missing-data-reported-by-rules", False, "empty canonical document: %s" % r.short())
        else:
            check_error("json.501-not-installed", r, 501, names=["json", "canonical", "module"])
            bad = canonical_doc()
            bad["lines"][0]["quantity"] = "abc"
            check_error("json.wrong-type-quantity (400, or 501 without the module)",
                        self.req("POST", "/api/v1/invoices", key=pk, body=bad), 400, allow=(501,))
        r = self.req("POST", "/api/v1/invoices", key=sk, body=canonical_doc())
        if self.installed["json"]:
            check("sandbox.json-202-validated", r.status == 202 and dig(r.json, "status") == "validated", r.short())
        else:
            check_error("sandbox.json-501", r, 501)
        check_error("json.400.malformed (400 before 501)",
                    self.req("POST", "/api/v1/invoices", key=pk, body=b"{\"invoiceNumber\": ",
                             headers={"Content-Type": "application/json"}), 400)
        nop = canonical_doc()
        del nop["validationProfile"]
        check_error("json.400.missing-validationProfile", self.req("POST", "/api/v1/invoices", key=pk, body=nop), 400,
                    names=["validationProfile", "profile"])
        check_error("json.400.unknown-validationProfile",
                    self.req("POST", "/api/v1/invoices", key=pk, body=canonical_doc("NOPE")), 400,
                    names=["validationProfile", "profile"])
        check_error("json.400.array-body", self.req("POST", "/api/v1/invoices", key=pk, body=[canonical_doc()]), 400)

        ex = "/api/v1/invoices/extract"
        r = self.submit(pk, content=PLAIN_PDF, path=ex, profile=None, filename="scan.pdf", ctype="application/pdf")
        self.installed["extract"] = r.status == 202
        if r.status == 202:
            f = self.wait_final(pk, dig(r.json, "id"))
            check("extract.202-final-default-EN16931", dig(f.json, "invoiceFormat") == "PDF_EXTRACTED" and
                  dig(f.json, "validationProfile") == "EN16931", f.short())
            r = self.submit(fk, content=PLAIN_PDF, path=ex, filename="scan.pdf", ctype="application/pdf",
                            extra=[("tier", "ACCURATE")])
            check_error("plan.403.free-extract-ACCURATE", r, 403, names=["tier", "accurate", "pro", "plan"])
        else:
            check_error("extract.501-not-installed", r, 501, names=["pdf", "extract", "ocr"])
            r = self.submit(fk, content=PLAIN_PDF, path=ex, filename="scan.pdf", ctype="application/pdf",
                            extra=[("tier", "ACCURATE")])
            check_error("order.501-before-403.free-extract-ACCURATE", r, 501)
        check_error("extract.400.missing-file", self.submit(pk, path=ex, file=False), 400, names=["file"])
        check_error("extract.400.unknown-tier", self.submit(pk, content=PLAIN_PDF, path=ex, ctype="application/pdf",
                                                            filename="a.pdf", extra=[("tier", "TURBO")]), 400, names=["tier"])
        check_error("extract.400.unknown-profile", self.submit(pk, content=PLAIN_PDF, path=ex, ctype="application/pdf",
                                                               filename="a.pdf", profile="NOPE"), 400, names=["profile"])
        check_error("extract.415.empty-file", self.submit(pk, content=b"", path=ex, filename="a.pdf",
                                                          ctype="application/pdf"), 415)
        check_error("extract.415.text-file", self.submit(pk, content=b"plain words, no pdf", path=ex,
                                                         filename="a.txt", ctype="text/plain"), 415)

    def t_sandbox(self):
        sk, pk = self.keys["pro-sbx"], self.keys["pro"]
        ids = []
        for name, content in (("sample", self.ubl), ("broken", self.broken),
                              ("not-well-formed", b"<?xml version=\"1.0\"?><Invoice><oops></Invoice>")):
            r = self.submit(sk, content=content)
            ok = check("sandbox.202.%s" % name, r.status == 202 and dig(r.json, "status") == "validated", r.short())
            if ok:
                ids.append(dig(r.json, "id"))
        canned = []
        for i in ids:
            g = self.req("GET", "/api/v1/invoices/%s" % i, key=sk)
            j = g.json or {}
            check("sandbox.stored-validated", g.status == 200 and j.get("status") == "validated" and j.get("sandbox") is True,
                  g.short())
            check("sandbox.canned-result", j.get("validationResult") == {"valid": True, "errors": [],
                                                                          "kositResult": {"valid": True, "errors": []}},
                  json.dumps(j.get("validationResult"))[:200])
            check("sandbox.canonicalJson-object", isinstance(j.get("canonicalJson"), dict), "")
            self.check_invoice("sandbox.resource", j, fmt=None, sandbox=True)
            canned.append(json.dumps(j.get("canonicalJson"), sort_keys=True))
        check("sandbox.canonicalJson-fixed", len(set(canned)) == 1, "%d distinct" % len(set(canned)))
        if ids:
            self.sandbox_id = ids[0]
            check("sandbox.readable-by-live-key-of-same-account",
                  self.req("GET", "/api/v1/invoices/%s" % ids[0], key=pk).status == 200, "")
        check_error("sandbox.400.missing-profile", self.submit(sk, profile=None), 400, names=["profile"])
        check_error("sandbox.400.missing-file", self.submit(sk, file=False), 400, names=["file"])
        check_error("sandbox.400.unknown-profile", self.submit(sk, profile="NOPE"), 400, names=["profile"])
        check_error("sandbox.415.empty-file", self.submit(sk, content=b""), 415)
        check_error("sandbox.415.text-file", self.submit(sk, content=b"hello"), 415)
        # never counted: a sandbox key with quota 1 submits three times
        fs = self.keys["free-sbx"]
        sts = [self.submit(fs).status for _ in range(3)]
        check("sandbox.quota-never-applies", sts == [202, 202, 202], sts)
        rec = [x for x in self.key_records(fs) if x.get("prefix") == "svc_test_" and x.get("lastFour") == fs[-4:]]
        check("sandbox.usedThisMonth-stays-0", rec and rec[0].get("usedThisMonth") == 0, rec[0] if rec else "no record")

    def t_invoice_get(self):
        pk, ok_, rk, ak = self.keys["pro"], self.keys["other"], self.keys["root"], self.keys["admin2"]
        iid = getattr(self, "valid_id", None)
        check_error("invoice.400.bad-uuid", self.req("GET", "/api/v1/invoices/not-a-uuid", key=pk), 400, names=["id", "uuid"])
        check_error("invoice.400.almost-uuid", self.req("GET", "/api/v1/invoices/12345678-1234-1234-1234-12345678901z",
                                                        key=pk), 400, names=["id", "uuid"])
        check_error("invoice.400.sql-in-id", self.req("GET", "/api/v1/invoices/1%27%20OR%20%271%27=%271", key=pk), 400)
        check_error("invoice.404.unknown", self.req("GET", "/api/v1/invoices/%s" % uuid.uuid4(), key=pk), 404)
        if iid:
            check_error("invoice.404.other-account", self.req("GET", "/api/v1/invoices/%s" % iid, key=ok_), 404)
            check_json_ok("invoice.super-admin-config-reads-any", self.req("GET", "/api/v1/invoices/%s" % iid, key=rk))
            check_json_ok("invoice.super-admin-flag-reads-any", self.req("GET", "/api/v1/invoices/%s" % iid, key=ak))
            r = self.req("GET", "/api/v1/invoices/%s" % iid.upper(), key=pk)
            check("invoice.uppercase-uuid-200-or-404", r.status in (200, 404), r.short())
