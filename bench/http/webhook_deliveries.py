#!/usr/bin/env python3
"""Webhook delivery throughput and latency (docs/operations.md "Webhooks"): a fresh einvoiced
(SQLite, or --pg URL: a fresh database), one webhook to a loopback receiver that answers 204 at
once, N sandbox submits (final at once, so the figures are the delivery path's, not the
validator's) from 4 client threads. Prints the submit rate, the time until the receiver has
all N events, and the latency from each event's createdAt to its arrival (p50/p95/max).
Figures on a shared machine are noisy: run it on a quiet one and note the conditions.
usage: webhook_deliveries.py [--server BIN] [--plugin-dir DIR] [--data DIR] [--pg URL] [--count N]
                             [--webhook-workers K]"""
import argparse
import datetime
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "blackbox"))
import bb_support as bb  # noqa: E402
from webhooks_must_show import common_args  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common_args(ap)
    ap.add_argument("--pg", help="PostgreSQL URL (a fresh database is made from it and dropped)")
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--webhook-workers", type=int, default=2)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="einv-bench-webhooks-")
    db, pgname = "sqlite:" + os.path.join(tmp, "b.db"), None
    if a.pg:
        pgname = "einv_whb_" + uuid.uuid4().hex[:10]
        subprocess.run(["psql", a.pg, "-qc", "create database %s" % pgname], check=True, capture_output=True)
        u = urllib.parse.urlsplit(a.pg)
        db = urllib.parse.urlunsplit((u.scheme, u.netloc, "/" + pgname, u.query, u.fragment))
    env = {"EINV_WEBHOOK_ALLOW_PRIVATE": "1", "EINV_WEBHOOK_WORKERS": str(a.webhook_workers),
           "EINV_WEBHOOK_POLL_MS": "100"}
    if a.plugin_dir:
        env["EINV_PLUGIN_DIR"] = a.plugin_dir
    srv = bb.Server(a.server, db, tmp, "einvoiced", env)
    arrivals, lock = [], threading.Lock()

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *x):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            with lock:
                arrivals.append((time.time(), body))
            self.send_response(204)
            self.end_headers()

    rx = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=rx.serve_forever, daemon=True).start()
    try:
        if not srv.start():
            sys.exit("einvoiced did not start: " + srv.log_tail())
        srv.admin("create-account", "--email", "bench@bb.test", "--plan", "PRO")
        _, key, _ = srv.admin("create-key", "--email", "bench@bb.test", "--name", "b", "--sandbox")
        r = srv.api.req("POST", "/api/v1/webhooks", key=key, body={"url": "http://127.0.0.1:%d/" % rx.server_address[1]})
        assert r.status == 201, r.short()
        sample = open(os.path.join(a.data, "ubl", "sample-invoice.xml"), "rb").read()
        body, ctype = bb.multipart([("profile", "EN16931"), ("file", "b.xml", sample, "application/xml")])
        t0 = time.time()

        def client(k):
            for _ in range(k, a.count, 4):
                srv.api.req("POST", "/api/v1/invoices/validate", key=key, body=body, headers={"Content-Type": ctype})

        threads = [threading.Thread(target=client, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        t_sub = time.time() - t0
        while time.time() - t0 < 300:
            with lock:
                if len(arrivals) >= a.count:
                    break
            time.sleep(0.05)
        t_all = time.time() - t0
        lat = []
        for at, raw in arrivals:
            created = json.loads(raw)["createdAt"]
            c = datetime.datetime.strptime(created, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc)
            lat.append((at - c.timestamp()) * 1000)
        lat.sort()
        pct = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")  # noqa: E731
        print("store %s, %d sandbox submits, %d delivery threads" % ("postgresql" if a.pg else "sqlite", a.count, a.webhook_workers))
        print("submits: %.1f s (%.0f/s)" % (t_sub, a.count / t_sub))
        print("all %d events received %.1f s after the first submit (%d received)" % (a.count, t_all, len(arrivals)))
        print("latency createdAt -> received: p50 %.0f ms, p95 %.0f ms, max %.0f ms" % (pct(0.5), pct(0.95), lat[-1] if lat else 0))
    finally:
        rx.shutdown()
        srv.stop()
        if pgname:
            subprocess.run(["psql", a.pg, "-qc", "drop database if exists %s with (force)" % pgname], capture_output=True)
        subprocess.run(["rm", "-rf", tmp])


if __name__ == "__main__":
    main()
