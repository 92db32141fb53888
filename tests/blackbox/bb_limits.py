"""Black-box checks of quotas (429, X-Quota-* headers, FREE cap, atomic counting), the upload
limit (413) on a second server, and recovery after kill -9 (shared/API.md, DESIGN.md).

A mixin of api_blackbox.Run: self.api, self.keys, self.req, self.submit, ... come from there."""
import os
import re
import signal
import socket
import threading
import time
import uuid


from bb_support import *  # noqa: F401,F403 (check helpers, HTTP plumbing, documents)


class LimitChecks:
    def t_quota(self):
        qk, qs = self.keys["q3"], None
        y, m = next_month_start()
        reset_re = re.compile(r"%04d-%02d-01T00:00:00(\.0+)?(Z|\+00:00|\+0000)" % (y, m))
        statuses, rem = [], []
        for i in range(3):
            r = self.submit(qk)
            statuses.append(r.status)
            rem.append(r.h("x-quota-remaining"))
            if i == 0:
                check("quota.headers.limit", r.h("x-quota-limit") == "3", r.h("x-quota-limit"))
                check("quota.headers.reset", reset_re.fullmatch(r.h("x-quota-reset") or "") is not None,
                      "X-Quota-Reset %r want %04d-%02d-01T00:00:00Z" % (r.h("x-quota-reset"), y, m))
        check("quota.three-202", statuses == [202, 202, 202], statuses)
        check("quota.headers.remaining-after-request", rem == ["2", "1", "0"], rem)
        before = len(self.list_all(qk))
        r = self.submit(qk)
        check_error("quota.429", r, 429, error="Quota exceeded")
        check("quota.429.headers", r.h("x-quota-limit") == "3" and r.h("x-quota-remaining") == "0" and
              r.h("x-quota-reset") is not None, "limit %r remaining %r reset %r" % (
                  r.h("x-quota-limit"), r.h("x-quota-remaining"), r.h("x-quota-reset")))
        after = len(self.list_all(qk))
        check("quota.429-creates-no-invoice", before == after == 3, "%d -> %d" % (before, after))
        rec = [x for x in self.key_records(qk) if x.get("lastFour") == qk[-4:]]
        check("quota.usedThisMonth", rec and rec[0].get("usedThisMonth") == 3 and rec[0].get("quotaLimit") == 3,
              rec[0] if rec else "")
        check("quota.reads-still-allowed", self.req("GET", "/api/v1/account", key=qk).status == 200, "")
        check_error("order.400-before-429", self.submit(qk, profile=None), 400, names=["profile"])
        check_error("order.415-before-429", self.submit(qk, content=b""), 415)
        if not self.installed.get("idoc"):
            check_error("order.501-before-429", self.submit(qk, content=IDOC_XML, path="/api/v1/invoices/validate/idoc"), 501)
        check_error("quota.429-again", self.submit(qk), 429, error="Quota exceeded")
        # FREE key headers: limit 500 and remaining after this request
        fk = self.keys["free"]
        used = dig(self.account(fk), "usage", "used")
        r = self.submit(fk)
        check("quota.free.headers", r.status == 202 and r.h("x-quota-limit") == "500" and is_int(used) and
              r.h("x-quota-remaining") == str(500 - used - 1),
              "limit %r remaining %r used-before %r" % (r.h("x-quota-limit"), r.h("x-quota-remaining"), used))

    def t_concurrency(self):
        ck = self.keys["c5"]
        n = 20
        barrier = threading.Barrier(n)
        results = [None] * n
        body, ct = multipart([("profile", "EN16931"), ("file", "a.xml", self.ubl, "application/xml")])

        def worker(i):
            c = self.api.connect()
            try:
                c.connect()
                barrier.wait(10)
                results[i] = self.req("POST", "/api/v1/invoices/validate", key=ck, body=body,
                                      headers={"Content-Type": ct}, conn=c).status
            except Exception as e:
                results[i] = repr(e)
            finally:
                c.close()
        ts = [threading.Thread(target=worker, args=(i,)) for i in range(n)]
        for t in ts:
            t.start()
        for t in ts:
            t.join(120)
        ok202, ok429 = results.count(202), results.count(429)
        check("quota.concurrent-exactly-k", ok202 == 5 and ok429 == 15, "202x%d 429x%d other %s" % (
            ok202, ok429, [x for x in results if x not in (202, 429)]))
        time.sleep(0.2)
        cnt = len(self.list_all(ck))
        check("quota.concurrent-exactly-k-invoices", cnt == 5, "%d invoices" % cnt)

    def t_cap(self):
        """FREE account cap of 500 across keys; headers describe the tighter limit."""
        a, b = self.keys["capA"], self.keys["capB"]
        recs = {x.get("lastFour"): x for x in self.key_records(a)}
        check("quota.free-admin-key-clamped-500", dig(recs.get(b[-4:]), "quotaLimit") == 500,
              dig(recs.get(b[-4:]), "quotaLimit"))
        conn = self.api.connect()
        body, ct = multipart([("profile", "EN16931"), ("file", "a.xml", self.ubl, "application/xml")])
        hdr = {"Content-Type": ct}
        sts = []
        last = None
        for i in range(300):
            last = self.req("POST", "/api/v1/invoices/validate", key=a, body=body, headers=hdr, conn=conn)
            sts.append(last.status)
        check("quota.cap.key-A-300-accepted", sts.count(202) == 300, "202x%d others %s" % (
            sts.count(202), sorted(set(sts))))
        check("quota.cap.key-A-last-headers", last.h("x-quota-limit") == "300" and last.h("x-quota-remaining") == "0",
              "limit %r remaining %r" % (last.h("x-quota-limit"), last.h("x-quota-remaining")))
        r = self.req("POST", "/api/v1/invoices/validate", key=a, body=body, headers=hdr, conn=conn)
        check_error("quota.cap.key-A-429", r, 429, error="Quota exceeded")
        r = self.req("POST", "/api/v1/invoices/validate", key=b, body=body, headers=hdr, conn=conn)
        check("quota.cap.key-B-headers-tighter-limit", r.status == 202 and r.h("x-quota-limit") == "500" and
              r.h("x-quota-remaining") == "199", "status %s limit %r remaining %r (account has 199 left, key 499)" % (
                  r.status, r.h("x-quota-limit"), r.h("x-quota-remaining")))
        sts = []
        for i in range(199):
            sts.append(self.req("POST", "/api/v1/invoices/validate", key=b, body=body, headers=hdr, conn=conn).status)
        check("quota.cap.key-B-199-more", sts.count(202) == 199, "202x%d others %s" % (sts.count(202), sorted(set(sts))))
        r = self.req("POST", "/api/v1/invoices/validate", key=b, body=body, headers=hdr, conn=conn)
        check_error("quota.cap.account-500-429", r, 429, error="Quota exceeded")
        conn.close()
        acc = self.account(b)
        acc_a = self.account(a)
        check("quota.cap.account-usage-500", dig(acc, "usage", "used") == 500 and dig(acc, "usage", "limit") == 500,
              "GET /v1/account usage %s (key B made 200 of the account's 500 submits)" % acc.get("usage"))
        check("account.usage-same-whichever-key", acc.get("usage") == acc_a.get("usage"),
              "usage via key A %s, via key B %s" % (acc_a.get("usage"), acc.get("usage")))
        r = self.req("GET", "/api/v1/invoices?size=1", key=b)
        check("quota.cap.exactly-500-invoices", dig(r.json, "totalElements") == 500, dig(r.json, "totalElements"))
        r = self.req("POST", "/api/v1/api-keys", key=b, body={"name": "fresh"})
        nk = dig(r.json, "key")
        if nk:
            check_error("quota.cap.new-key-still-capped", self.submit(nk), 429, error="Quota exceeded")
            for p in PRO_ONLY:
                if self.installed.get(p):
                    check_error("order.403-before-429.%s" % p, self.submit(nk, profile=p), 403)
                    break

    def t_upload_limit(self):
        """A second server with EINV_MAX_UPLOAD=16384 (own SQLite database)."""
        small = Server(self.binary, "sqlite:%s" % os.path.join(self.tmp, "small.db"), self.tmp, "small",
                       {"EINV_MAX_UPLOAD": "16384", "EINV_WORKERS": "1", "EINV_PLUGIN_DIR": self.plugin_dir})
        rc, _, out = small.admin("create-account", "--email", "s@bb.test", "--plan", "PRO")
        rc2, key, out2 = small.admin("create-key", "--email", "s@bb.test", "--name", "s")
        ok = rc == 0 and rc2 == 0 and KEY_RE.fullmatch(key) is not None
        if not check("limit.setup", ok, "" if ok else "rc %s/%s %s" % (rc, rc2, (out + out2)[-300:])):
            return
        rc3, skey, _ = small.admin("create-key", "--email", "s@bb.test", "--name", "s-sbx", "--sandbox")
        if not check("limit.server-start", small.start(), "" if small.alive() else small.log_tail()):
            return
        api = small.api
        try:
            r = self.submit(key, api=api)
            check("limit.small-upload-accepted", r.status == 202, r.short())
            big = big_ubl(self.ubl.decode(), 60)  # ~40 KB
            r = self.submit(key, content=big, api=api)
            check_error("limit.413", r, 413)
            if skey:
                check_error("limit.413-sandbox", self.submit(skey, content=big, api=api), 413)
            r = self.submit(None, content=big, api=api)
            check_error("order.401-before-413", r, 401)
            r = self.submit(key, content=big, profile=None, api=api)
            check_error("order.400-or-413.missing-profile+oversize", r, 400, allow=(413,))
            r = self.submit(key, content=b"x" * 40000, filename="a.txt", ctype="text/plain", api=api)
            check_error("limit.413-or-415.oversize-text", r, 413, allow=(415,))
            # a 200 MB Content-Length: answered without the server reading it all into memory
            b = "bb" + uuid.uuid4().hex
            pre = ('--%s\r\nContent-Disposition: form-data; name="profile"\r\n\r\nEN16931\r\n--%s\r\nContent-Disposition: '
                   'form-data; name="file"; filename="a.xml"\r\nContent-Type: application/xml\r\n\r\n<Invoice>' % (b, b))
            total = 200 * 1024 * 1024
            head = ("POST /api/v1/invoices/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"
                    "Content-Type: multipart/form-data; boundary=%s\r\nContent-Length: %d\r\n\r\n%s" % (key, b, total, pre))
            t0 = time.time()
            st, sent, ans = api.streamed(head.encode(), total - len(pre), timeout=60)
            check("limit.413-huge-content-length", st == 413, "status %s after %.1f s, %d MB sent" % (
                st, time.time() - t0, sent // (1024 * 1024)))
            check("limit.413-early", st == 413 and sent < total // 2, "%d MB of 200 sent before the answer" % (
                sent // (1024 * 1024)))
            # chunked upload without Content-Length
            head = ("POST /api/v1/invoices/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"
                    "Content-Type: multipart/form-data; boundary=%s\r\nTransfer-Encoding: chunked\r\n\r\n" % (key, b))
            chunk = b"A" * 8192
            data = head.encode() + (("%x\r\n" % len(pre)).encode() + pre.encode() + b"\r\n") + \
                (("%x\r\n" % len(chunk)).encode() + chunk + b"\r\n") * 16 + b"0\r\n\r\n"
            st, ans = api.raw(data)
            check("limit.413-chunked", st == 413, "status %s" % st)
            # informative: idle connections that never send a request (slowloris)
            socks = []
            try:
                for _ in range(40):
                    socks.append(socket.create_connection(("127.0.0.1", small.port), timeout=5))
                t0 = time.time()
                hr = api.req("GET", "/api/health", timeout=10)
                note("with 40 idle connections open (no byte sent), GET /api/health answered %s after %.1f s%s" % (
                    hr.status or "nothing", time.time() - t0,
                    " -- one thread per connection: idle clients block the service" if hr.status != 200 or
                    time.time() - t0 > 2 else ""))
            finally:
                for x in socks:
                    x.close()
            time.sleep(0.5)
            alive = api.req("GET", "/api/health").status == 200 and small.alive()
            check("limit.server-alive", alive, "" if alive else small.log_tail(3))
        finally:
            small.stop()

    def t_restart(self):
        """kill -9 with accepted invoices in the queue; after a restart every one completes."""
        k = self.keys["restart"]
        big = big_ubl(self.ubl.decode(), 3000)
        ids = []
        for _ in range(8):
            r = self.submit(k, content=big)
            if r.status == 202:
                ids.append(r.json["id"])
        self.main.stop(signal.SIGKILL)
        started = self.main.start()
        if not check("restart.after-kill-9", started, "" if started else self.main.log_tail()):
            return False
        self.api = self.main.api
        t_restart = time.time()
        st = [dig(self.wait_final(k, i, timeout=180).json, "status") for i in ids]
        took = time.time() - t_restart
        check("restart.no-accepted-invoice-lost", len(ids) == 8 and all(s == "validated" for s in st),
              "%s; last verdict %.1f s after the restart" % (st, took))
        if took > 10:
            note("an invoice in flight at kill -9 completed only %.0f s after the restart (lease timeout?)" % took)
        if getattr(self, "valid_id", None):
            r = self.req("GET", "/api/v1/invoices/%s" % self.valid_id, key=self.keys["pro"])
            check("restart.data-persisted", r.status == 200 and dig(r.json, "status") == "validated", r.short())
        check_json_ok("restart.old-key-works", self.req("GET", "/api/v1/account", key=k))
        return True
