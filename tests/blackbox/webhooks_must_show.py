#!/usr/bin/env python3
"""Webhooks, end to end (issue 15, "What it must show"): N validations with the receiver down
for the first DOWN seconds give N deliveries in the end (distinct event ids), every signature
verified; a kill -9 of the server in the middle loses none.

The run, on SQLite and (--pg, or EINV_TEST_PG_URL) PostgreSQL:
  1. start einvoiced (private targets allowed, short backoff), an account and a key; on
     PostgreSQL a second einvoiced on the same database, which shares the work throughout;
  2. register a webhook for both events at a loopback port where nothing listens yet;
  3. submit N validations (every tenth one a broken document, so both event types occur);
  4. kill -9 the server at DOWN/2 (validations and failing deliveries in flight), restart it;
  5. at DOWN seconds start the receiver (Python's http.server on 127.0.0.1): it checks each
     signature (HMAC-SHA256 over "<timestamp>.<body>" with the secret shown at creation),
     answers 503 to its very first request (a retry after an HTTP error is exercised too) and
     then takes 40 ms per request;
  6. kill -9 the server again once a quarter of the events arrived, restart it;
  7. wait until N distinct event ids arrived, one per submitted invoice, and check the
     delivery log of the webhook (N delivered) and a clean SIGTERM stop.
Prints every check and "N passed, M failed" last; exits 1 when a check failed.

CI runs it with --down 5 (tests/CMakeLists.txt); the full 30 s run of the issue is
`python3 tests/blackbox/webhooks_must_show.py --down 30` (docs/api.md "Webhooks" records it).
usage: webhooks_must_show.py [--server BIN] [--pg URL] [--down S] [--count N] [--keep]"""
import argparse
import hashlib
import hmac
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bb_support as bb  # noqa: E402
from bb_support import check, note  # noqa: E402


class Receiver:
    """The webhook receiver: verifies and records every delivery."""

    def __init__(self, port, secret, delay=0.04):
        self.port, self.secret, self.delay = port, secret.encode(), delay
        self.lock = threading.Lock()
        self.events = {}            # event id -> body
        self.requests = 0
        self.bad = []               # why a request was refused
        self.first_at = None
        rec = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                code = rec.take(self.headers, body)
                time.sleep(rec.delay)
                self.send_response(code)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def take(self, headers, body):
        """The receiver side of docs/api.md "Verifying a delivery"; returns the status to answer."""
        ts = headers.get("X-Einvoice-Timestamp", "")
        sig = headers.get("X-Einvoice-Signature", "")
        want = "sha256=" + hmac.new(self.secret, ts.encode() + b"." + body, hashlib.sha256).hexdigest()
        with self.lock:
            self.requests += 1
            if self.first_at is None:
                self.first_at = time.time()
            if not hmac.compare_digest(sig, want):
                self.bad.append("bad signature %r" % sig)
                return 401
            if not ts.isdigit() or abs(time.time() - int(ts)) > 300:
                self.bad.append("stale timestamp %r" % ts)
                return 401
            try:
                ev = json.loads(body)
            except ValueError:
                self.bad.append("body is not JSON")
                return 400
            if ev.get("id") != headers.get("X-Einvoice-Event-Id") or ev.get("type") != headers.get("X-Einvoice-Event"):
                self.bad.append("headers do not match the body: %s" % body[:200])
                return 400
            if self.requests == 1:
                return 503          # the first request fails: retried like an outage
            self.events[ev["id"]] = ev
            return 200

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def submit_all(api, key, sample, count):
    """Submits count validations on 4 threads; returns the invoice ids in order (None = failed)."""
    ids = [None] * count
    broken = sample.replace(b"</Invoice>", b"")   # not well-formed: failed_validation

    def one(i):
        doc = broken if i % 10 == 9 else sample
        body, ctype = bb.multipart([("profile", "EN16931"),
                                    ("file", "inv%d.xml" % i, doc, "application/xml")])
        for _ in range(20):         # the server may be down (killed) for a moment
            r = api.req("POST", "/api/v1/invoices/validate", key=key, body=body,
                        headers={"Content-Type": ctype}, timeout=30)
            if r.status == 202 and r.json:
                ids[i] = r.json.get("id")
                return
            time.sleep(0.3)

    threads = [threading.Thread(target=lambda k=k: [one(i) for i in range(k, count, 4)]) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return ids


def run(a, label, db, tmp):
    note("== webhooks on %s: %d validations, receiver down for %d s" % (label, a.count, a.down))
    env = {"EINV_WORKERS": "2", "EINV_WEBHOOK_ALLOW_PRIVATE": "1", "EINV_WEBHOOK_WORKERS": "2",
           "EINV_WEBHOOK_BACKOFF_MS": "500", "EINV_WEBHOOK_BACKOFF_MAX_MS": "3000",
           "EINV_WEBHOOK_TIMEOUT_MS": "3000", "EINV_WEBHOOK_POLL_MS": "200", "EINV_JOB_LEASE": "5"}
    if a.plugin_dir:
        env["EINV_PLUGIN_DIR"] = a.plugin_dir
    srv = bb.Server(a.server, db, tmp, "einvoiced-" + label, env)
    # PostgreSQL: a second instance on the same database shares the jobs and the deliveries
    # (SKIP LOCKED claims) and stays up while the first is killed
    other = bb.Server(a.server, db, tmp, "einvoiced-%s-b" % label, env) if label == "pg" else None
    if not check(label + ".start", srv.start(), srv.log_tail()):
        return
    if other and not check(label + ".start-second-instance", other.start(), other.log_tail()):
        return
    try:
        rc, key, out = srv.admin("create-account", "--email", "hooks@bb.test", "--plan", "PRO")
        rc2, key, out2 = srv.admin("create-key", "--email", "hooks@bb.test", "--name", "hooks")
        if not check(label + ".key", rc == 0 and rc2 == 0 and key.startswith("svc_live_"), out + out2):
            return
        port = bb.free_port()
        r = srv.api.req("POST", "/api/v1/webhooks", key=key,
                        body={"url": "http://127.0.0.1:%d/hook?src=einvoice" % port,
                              "events": ["invoice.validated", "invoice.failed"], "description": "must-show"})
        if not check(label + ".register", r.status == 201 and r.json and r.json.get("secret", "").startswith("whsec_"), r.short()):
            return
        hook_id, secret = r.json["id"], r.json["secret"]
        t0 = time.time()
        sample = open(os.path.join(a.data, "ubl", "sample-invoice.xml"), "rb").read()
        ids = []
        sub = threading.Thread(target=lambda: ids.extend(submit_all(srv.api, key, sample, a.count)))
        sub.start()
        # kill -9 half-way through the outage: validations and failing deliveries in flight
        time.sleep(max(0.5, a.down / 2.0))
        srv.proc.kill()
        srv.proc.wait()
        note("%s: killed (-9) at %.1f s" % (label, time.time() - t0))
        check(label + ".restart-1", srv.start(port=srv.port), srv.log_tail())
        sub.join()
        check(label + ".submitted", len(ids) == a.count and all(ids), "%d of %d accepted" % (len([i for i in ids if i]), a.count))
        left = t0 + a.down - time.time()
        if left > 0:
            time.sleep(left)
        rec = Receiver(port, secret)
        note("%s: receiver up at %.1f s" % (label, time.time() - t0))
        try:
            check_deliveries(a, label, srv, key, hook_id, ids, rec, t0)
        finally:
            rec.close()
        for s in [srv] + ([other] if other else []):
            t = time.time()
            code = s.stop()
            check(label + ".sigterm", code == 0 and time.time() - t < 10, "%s: exit %s in %.1f s" % (s.name, code, time.time() - t))
    finally:
        for s in [srv] + ([other] if other else []):
            if s.alive():
                s.stop()


def check_deliveries(a, label, srv, key, hook_id, ids, rec, t0):
    """Waits for the events (killing the server once more on the way) and checks them."""
    killed2 = False
    deadline = time.time() + a.wait
    while time.time() < deadline:
        with rec.lock:
            got = len(rec.events)
        if not killed2 and got >= a.count // 4:
            srv.proc.kill()         # in the middle of the deliveries
            srv.proc.wait()
            note("%s: killed (-9) again with %d of %d events received" % (label, got, a.count))
            check(label + ".restart-2", srv.start(port=srv.port), srv.log_tail())
            killed2 = True
        if got >= a.count:
            break
        time.sleep(0.1)
    with rec.lock:
        events, bad, requests, first = dict(rec.events), list(rec.bad), rec.requests, rec.first_at
    invoices = [ev.get("invoice", {}).get("id") for ev in events.values()]
    check(label + ".second-kill-happened", killed2)
    check(label + ".all-delivered", len(events) == a.count,
          "%d distinct event ids of %d, %d requests so far, %.1f s after the start"
          % (len(events), a.count, requests, time.time() - t0))
    check(label + ".one-event-per-invoice", sorted(invoices) == sorted(i for i in ids if i),
          "%d distinct invoices" % len(set(invoices)))
    check(label + ".signatures", not bad, "; ".join(bad[:3]))
    check(label + ".nothing-before-receiver", first is None or first >= t0 + a.down - 0.5)
    types = {}
    for ev in events.values():
        types[ev.get("type")] = types.get(ev.get("type"), 0) + 1
    want_failed = len([i for i in range(a.count) if i % 10 == 9])
    check(label + ".event-types", types.get("invoice.failed") == want_failed and
          types.get("invoice.validated") == a.count - want_failed, json.dumps(types))
    sample_ev = next(iter(events.values()), {})
    inv = sample_ev.get("invoice", {})
    check(label + ".event-shape", bb.is_uuid(sample_ev.get("id")) and bb.iso_ms_z(sample_ev.get("createdAt"))
          and inv.get("status") in ("validated", "failed_validation") and inv.get("validationProfile") == "EN16931"
          and isinstance(inv.get("validationResult"), dict), json.dumps(sample_ev)[:300])
    # the delivery log settles once the last answers are recorded; an attempt the second kill
    # cut short is sent again at the restart (SQLite) or when its lease (timeout + 15 s) runs
    # out (PostgreSQL, where other instances may hold leases)
    ok, log = False, None
    for _ in range(150):
        log = srv.api.req("GET", "/api/v1/webhooks/%s/deliveries?size=100" % hook_id, key=key)
        items = (log.json or {}).get("content", [])
        if log.status == 200 and log.json.get("totalElements") == a.count and \
                all(d.get("status") == "delivered" for d in items):
            ok = True
            break
        time.sleep(0.2)
    check(label + ".delivery-log", ok, log.short() if log else "")
    retried = [d for d in (log.json or {}).get("content", []) if d.get("attempts", 0) > 1] if log else []
    check(label + ".retries-logged", len(retried) > 0 and all(d.get("lastStatusCode") == 200 for d in retried),
          "%d deliveries took more than one attempt" % len(retried))
    with rec.lock:
        check(label + ".no-new-event-ids", len(rec.events) == a.count, "%d" % len(rec.events))
        note("%s: %d requests for %d events (repeats are deliveries whose answer a kill cut off,"
             " and the first request, answered 503)" % (label, rec.requests, len(rec.events)))


def common_args(ap):
    """--server, --plugin-dir, --data (shared with webhooks_tls.py)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--server", default=os.environ.get("EINV_SERVER_BIN") or os.path.join(root, "build", "bin", "einvoiced"))
    ap.add_argument("--plugin-dir", default=os.environ.get("EINV_PLUGIN_DIR") or os.environ.get("EINV_TEST_PLUGIN_DIR"))
    ap.add_argument("--data", default=os.environ.get("EINV_TEST_DATA") or os.path.join(root, "tests", "data"))


def finish(tmp, keep=False):
    """Keeps the logs of a failed (or --keep) run, prints the summary line; the exit status."""
    if keep or bb.FAILED:
        note("logs kept in %s" % tmp)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (bb.PASSED, bb.FAILED))
    return 1 if bb.FAILED else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common_args(ap)
    ap.add_argument("--pg", default=os.environ.get("EINV_TEST_PG_URL"), help="PostgreSQL URL (a fresh database is made from it)")
    ap.add_argument("--down", type=int, default=30, help="seconds the receiver is down at first")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--wait", type=int, default=120, help="seconds to wait for the deliveries once the receiver is up")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory (logs)")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="einv-webhooks-")
    try:
        run(a, "sqlite", "sqlite:" + os.path.join(tmp, "hooks.db"), tmp)
        if a.pg:
            name = "einv_wh_" + uuid.uuid4().hex[:12]
            p = subprocess.run(["psql", a.pg, "-v", "ON_ERROR_STOP=1", "-qc", "create database %s" % name],
                               capture_output=True, text=True)
            if check("pg.createdb", p.returncode == 0, p.stderr.strip()):
                u = urllib.parse.urlsplit(a.pg)
                try:
                    run(a, "pg", urllib.parse.urlunsplit((u.scheme, u.netloc, "/" + name, u.query, u.fragment)), tmp)
                finally:
                    subprocess.run(["psql", a.pg, "-qc", "drop database if exists %s with (force)" % name],
                                   capture_output=True)
        else:
            note("skipped: PostgreSQL (no --pg, EINV_TEST_PG_URL not set)")
            if os.environ.get("CI") == "true":
                check("pg.available", False, "CI=true needs EINV_TEST_PG_URL")
    finally:
        code = finish(tmp, a.keep)
    return code


if __name__ == "__main__":
    sys.exit(main())
