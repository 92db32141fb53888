"""Black-box checks of the invoice list (envelope, paging, sorting, visibility), the downloads
(409/501 rules) and the processing state of the async jobs (shared/API.md).

A mixin of api_blackbox.Run: self.api, self.keys, self.req, self.submit, ... come from there."""
import json
import re
import time
import uuid


from bb_support import *  # noqa: F401,F403 (check helpers, HTTP plumbing, documents)


class ListChecks:
    def t_list(self):
        lk, ok_, rk = self.keys["list"], self.keys["other"], self.keys["root"]
        ids = []
        for content in (self.ubl, self.ubl, self.broken, self.ubl, self.broken):
            r = self.submit(lk, content=content)
            if r.status == 202:
                ids.append(r.json["id"])
            time.sleep(0.005)
        for i in ids:
            self.wait_final(lk, i)
        r = self.req("GET", "/api/v1/invoices", key=lk)
        if not check_json_ok("list.200", r):
            return
        j = r.json
        probs = [f for f in ("content", "page", "size", "totalElements", "totalPages", "sort") if f not in j]
        check("list.envelope", not probs and j.get("page") == 0 and j.get("size") == 20 and
              j.get("totalElements") == len(ids) == 5 and j.get("totalPages") == 1,
              "missing %s; page %r size %r total %r pages %r" % (probs, j.get("page"), j.get("size"),
                                                                 j.get("totalElements"), j.get("totalPages")))
        content = j.get("content") or []
        check("list.own-only", sorted(x.get("id") for x in content) == sorted(ids), "%d items" % len(content))
        sp = []
        for x in content:
            for f in ("id", "status", "validationProfile", "invoiceFormat", "sandbox", "createdAt", "validationResult",
                      "invoiceNumber"):
                if f not in x:
                    sp.append("missing %s" % f)
            if "canonicalJson" in x:
                sp.append("canonicalJson present")
            vr = x.get("validationResult")
            if not (isinstance(vr, dict) and isinstance(vr.get("valid"), bool) and is_int(vr.get("errorCount")) and
                    is_int(vr.get("warningCount"))):
                sp.append("validationResult=%r" % (vr,))
            elif "errors" in vr:
                sp.append("summary validationResult has errors[]")
            if not iso_ms_z(x.get("createdAt")):
                sp.append("createdAt=%r" % x.get("createdAt"))
            if x.get("status") == "validated" and x.get("invoiceNumber") != "INV-2026-0042":
                sp.append("invoiceNumber=%r" % x.get("invoiceNumber"))
            if x.get("status") == "failed_validation" and isinstance(vr, dict) and not (vr.get("errorCount") or 0) >= 1:
                sp.append("failed but errorCount=%r" % vr.get("errorCount"))
        check("list.summary-fields", not sp, "; ".join(sorted(set(sp))))
        cas = [x.get("createdAt") for x in content]
        check("list.default-sort-createdAt-desc", cas == sorted(cas, reverse=True), cas)
        # paging
        seen, pages = [], []
        for p in range(4):
            r = self.req("GET", "/api/v1/invoices?page=%d&size=2" % p, key=lk)
            pages.append((r.status, len(dig(r.json, "content") or []), dig(r.json, "page"), dig(r.json, "size"),
                          dig(r.json, "totalPages"), dig(r.json, "totalElements")))
            seen += [x.get("id") for x in dig(r.json, "content") or []]
        check("list.paging", [pg[1] for pg in pages] == [2, 2, 1, 0] and all(pg[0] == 200 and pg[3] == 2 and pg[4] == 3
                                                                                and pg[5] == 5 for pg in pages)
              and [pg[2] for pg in pages] == [0, 1, 2, 3], pages)
        check("list.paging-covers-all-once", sorted(seen) == sorted(ids), "")
        r = self.req("GET", "/api/v1/invoices?size=100", key=lk)
        check("list.size-100-ok", r.status == 200 and dig(r.json, "size") == 100, r.short())
        r = self.req("GET", "/api/v1/invoices?sort=createdAt,asc", key=lk)
        cas = [x.get("createdAt") for x in dig(r.json, "content") or []]
        check("list.sort-createdAt-asc", r.status == 200 and len(cas) == 5 and cas == sorted(cas), cas)
        for field in ("status", "validationProfile", "invoiceFormat"):
            for d in ("asc", "desc"):
                r = self.req("GET", "/api/v1/invoices?sort=%s,%s" % (field, d), key=lk)
                vals = [x.get(field) for x in dig(r.json, "content") or []]
                groups = [v for i, v in enumerate(vals) if i == 0 or vals[i - 1] != v]
                check("list.sort-%s-%s" % (field, d), r.status == 200 and len(vals) == 5 and
                      len(groups) == len(set(groups)), vals)
        r1 = self.req("GET", "/api/v1/invoices?sort=status,asc", key=lk)
        r2 = self.req("GET", "/api/v1/invoices?sort=status,desc", key=lk)
        v1 = [x.get("status") for x in dig(r1.json, "content") or []]
        v2 = [x.get("status") for x in dig(r2.json, "content") or []]
        g1 = [v for i, v in enumerate(v1) if i == 0 or v1[i - 1] != v]
        g2 = [v for i, v in enumerate(v2) if i == 0 or v2[i - 1] != v]
        check("list.sort-status-desc-reverses-asc", g1 == list(reversed(g2)) and len(g1) == 2, "%s / %s" % (v1, v2))
        for name, q, names in (("page-negative", "page=-1", ["page"]), ("page-text", "page=abc", ["page"]),
                               ("size-0", "size=0", ["size"]), ("size-101", "size=101", ["size"]),
                               ("size-negative", "size=-3", ["size"]), ("size-text", "size=ten", ["size"]),
                               ("size-huge", "size=99999999999999999999", ["size"]),
                               ("sort-unknown-field", "sort=bogus,asc", ["sort"]),
                               ("sort-bad-dir", "sort=createdAt,up", ["sort"]),
                               ("sort-canonicalJson", "sort=canonicalJson,asc", ["sort"]),
                               ("sort-sql", "sort=createdAt%3Bdrop%20table%20invoices,asc", ["sort"]),
                               ("page-fraction", "page=1.5", ["page"])):
            r = self.req("GET", "/api/v1/invoices?%s" % q, key=lk)
            check_error("list.400.%s" % name, r, 400, names=names, path="/api/v1/invoices")
        # other accounts and super-admins
        other = {x.get("id") for x in self.list_all(ok_)}
        check("list.other-account-sees-none", not (other & set(ids)), "")
        allv = {x.get("id") for x in self.list_all(rk)}
        pro_ids = {x.get("id") for x in self.list_all(self.keys["pro"])}
        check("list.super-admin-sees-all", set(ids) <= allv and pro_ids <= allv and len(allv) > len(ids),
              "%d visible" % len(allv))

    def t_downloads(self):
        pk, ok_ = self.keys["pro"], self.keys["other"]
        vid, fid = getattr(self, "valid_id", None), getattr(self, "failed_id", None)
        for suffix, ctype, magic, module in (("download", "application/pdf", b"%PDF", ["pdf", "factur", "zugferd", "export", "cii"]),
                                             ("download/idoc", "application/xml", b"INVOIC", ["idoc"])):
            tag = suffix.replace("/", "-")
            check_error("%s.400.bad-uuid" % tag, self.req("GET", "/api/v1/invoices/xyz/%s" % suffix, key=pk), 400,
                        names=["id", "uuid"])
            check_error("%s.404.unknown" % tag, self.req("GET", "/api/v1/invoices/%s/%s" % (uuid.uuid4(), suffix), key=pk), 404)
            if fid:
                check_error("%s.409.failed_validation" % tag, self.req("GET", "/api/v1/invoices/%s/%s" % (fid, suffix),
                                                                       key=pk), 409)
                check_error("%s.404-before-409.other-account" % tag,
                            self.req("GET", "/api/v1/invoices/%s/%s" % (fid, suffix), key=ok_), 404)
            if vid:
                check_error("%s.404.other-account-valid" % tag,
                            self.req("GET", "/api/v1/invoices/%s/%s" % (vid, suffix), key=ok_), 404)
                r = self.req("GET", "/api/v1/invoices/%s/%s" % (vid, suffix), key=pk)
                self.installed[tag] = r.status == 200
                if r.status == 200:
                    check("%s.200" % tag, (r.h("content-type") or "").startswith(ctype) and magic in r.body[:4096],
                          "content-type %r, %d bytes" % (r.h("content-type"), len(r.body)))
                    if suffix == "download":
                        check("download.pdf-embeds-xml", b"EmbeddedFile" in r.body or b"factur-x.xml" in r.body or
                              b"zugferd" in r.body.lower(), "no embedded file marker found")
                else:
                    check_error("%s.501-not-installed" % tag, r, 501, names=module)
                    note("%s: export module not installed (501)" % tag)
            sid = getattr(self, "sandbox_id", None)
            if sid:
                r = self.req("GET", "/api/v1/invoices/%s/%s" % (sid, suffix), key=pk)
                check("%s.sandbox-invoice-200-or-501" % tag, r.status in (200, 501), r.short())

    def t_processing_state(self):
        """A big valid invoice queued behind others: the GET shows nulls, download is 409 + Retry-After."""
        pk = self.keys["pro"]
        big = big_ubl(self.ubl.decode(), 4000)
        caught_get = caught_dl = False
        for attempt in range(3):
            ids = []
            for _ in range(6):
                r = self.submit(pk, content=big)
                if r.status == 202:
                    ids.append(r.json["id"])
            if not ids:
                check("processing.submit-big", False, r.short())
                return
            last = ids[-1]
            d = self.req("GET", "/api/v1/invoices/%s/download" % last, key=pk)
            g = self.req("GET", "/api/v1/invoices/%s" % last, key=pk)
            if dig(g.json, "status") == "processing" and not caught_get:
                caught_get = True
                gj = dict(g.json)
                fmt = gj.pop("invoiceFormat", None)
                gj["invoiceFormat"] = "UBL"
                self.check_invoice("processing.resource-nulls", gj)
                check("processing.invoiceFormat-set", fmt == "UBL",
                      "invoiceFormat %r while processing (the contract lists only canonicalJson and validationResult "
                      "as null while processing)" % (fmt,))
            if d.status == 409 and not caught_dl:
                caught_dl = True
                check_error("processing.download-409", d, 409)
                check("processing.download-409-Retry-After", d.h("retry-after") is not None,
                      "Retry-After %r" % d.h("retry-after"))
            d2 = self.req("GET", "/api/v1/invoices/%s/download/idoc" % ids[-2], key=pk)
            if d2.status == 409:
                check("processing.download-idoc-409-Retry-After", d2.h("retry-after") is not None,
                      "Retry-After %r" % d2.h("retry-after"))
            for i in ids:
                f = self.wait_final(pk, i, timeout=180)
            check("processing.big-invoice-validated", dig(f.json, "status") == "validated",
                  "%s %s" % (dig(f.json, "status"), json.dumps(dig(f.json, "validationResult", "errors"))[:300]))
            if caught_get and caught_dl:
                break
        if not caught_get:
            note("never observed an invoice in 'processing' state; null checks skipped")
        if not caught_dl:
            note("download never hit a processing invoice; 409+Retry-After while processing not checked")

    def t_async_batch(self):
        pk = self.keys["pro"]
        ids, t0 = [], time.time()
        for _ in range(20):
            r = self.submit(pk)
            if r.status == 202:
                ids.append(r.json["id"])
        finals = [dig(self.wait_final(pk, i).json, "status") for i in ids]
        check("async.batch-20-all-final", len(ids) == 20 and all(s == "validated" for s in finals),
              "%d accepted, statuses %s, %.1f s" % (len(ids), sorted(set(map(str, finals))), time.time() - t0))
