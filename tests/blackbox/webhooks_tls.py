#!/usr/bin/env python3
"""Webhooks over https:// (docs/operations.md "Webhooks", Client): einvoiced posts through
OpenSSL and checks the receiver's certificate and host name against the trust store, which
SSL_CERT_FILE replaces here with a test certificate made by the openssl command.
  1. a receiver whose certificate (for IP 127.0.0.1) is trusted: delivered, signature valid;
  2. a receiver whose self-signed certificate is not trusted: not delivered, the delivery log
     names the certificate problem;
  3. the trusted receiver reached as https://localhost (a name its certificate does not
     carry): not delivered, host name mismatch.
Prints every check and "N passed, M failed" last; exits 1 when a check failed.
usage: webhooks_tls.py [--server BIN] [--plugin-dir DIR] [--data DIR]"""
import argparse
import hashlib
import hmac
import http.server
import json
import os
import shutil
import ssl
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bb_support as bb  # noqa: E402
from bb_support import check, note  # noqa: E402
from webhooks_must_show import common_args, finish  # noqa: E402


def make_cert(tmp, name, san):
    cert, key = os.path.join(tmp, name + ".pem"), os.path.join(tmp, name + ".key")
    p = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", "/CN=einvoice webhook test", "-addext", "subjectAltName=" + san,
                        "-keyout", key, "-out", cert], capture_output=True, text=True)
    return (cert, key) if p.returncode == 0 else (None, p.stderr)


class TlsReceiver:
    def __init__(self, cert, key):
        self.bodies = []
        rec = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                rec.bodies.append((dict(self.headers), body))
                self.send_response(204)
                self.end_headers()

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(cert, key)
        self.httpd.socket = ctx.wrap_socket(self.httpd.socket, server_side=True)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def wait_delivery(srv, key, hook, want, seconds=20):
    """The first delivery of the webhook's log once its status is `want` (or the last seen)."""
    d = None
    until = time.time() + seconds
    while time.time() < until:
        r = srv.api.req("GET", "/api/v1/webhooks/%s/deliveries" % hook, key=key)
        items = (r.json or {}).get("content") or []
        d = items[0] if items else None
        if d and (d.get("status") == want or (want == "error" and d.get("lastError"))):
            return d
        time.sleep(0.1)
    return d


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common_args(ap)
    a = ap.parse_args()
    if not shutil.which("openssl"):
        check("openssl-command", False, "the openssl command is needed to make test certificates")
        print("%d passed, %d failed" % (bb.PASSED, bb.FAILED))
        return 1
    tmp = tempfile.mkdtemp(prefix="einv-webhooks-tls-")
    receivers, srv = [], None
    try:
        trusted, tkey = make_cert(tmp, "trusted", "IP:127.0.0.1")
        other, okey = make_cert(tmp, "other", "IP:127.0.0.1")
        if not check("certificates", trusted and other, tkey if not trusted else okey):
            return 1
        env = {"EINV_WEBHOOK_ALLOW_PRIVATE": "1", "EINV_WEBHOOK_BACKOFF_MS": "300",
               "EINV_WEBHOOK_POLL_MS": "100", "SSL_CERT_FILE": trusted}
        if a.plugin_dir:
            env["EINV_PLUGIN_DIR"] = a.plugin_dir
        srv = bb.Server(a.server, "sqlite:" + os.path.join(tmp, "tls.db"), tmp, "einvoiced-tls", env)
        if not check("start", srv.start(), srv.log_tail()):
            return 1
        srv.admin("create-account", "--email", "tls@bb.test", "--plan", "PRO")
        _, key, _ = srv.admin("create-key", "--email", "tls@bb.test", "--name", "tls")
        good, bad = TlsReceiver(trusted, tkey), TlsReceiver(other, okey)
        receivers += [good, bad]
        hooks = {}
        for name, url in (("trusted", "https://127.0.0.1:%d/in" % good.port),
                          ("untrusted", "https://127.0.0.1:%d/in" % bad.port),
                          ("wrong-name", "https://localhost:%d/in" % good.port)):
            r = srv.api.req("POST", "/api/v1/webhooks", key=key, body={"url": url})
            check("register." + name, r.status == 201, r.short())
            hooks[name] = (r.json or {}).get("id"), (r.json or {}).get("secret", "")
        sample = open(os.path.join(a.data, "ubl", "sample-invoice.xml"), "rb").read()
        body, ctype = bb.multipart([("profile", "EN16931"), ("file", "t.xml", sample, "application/xml")])
        r = srv.api.req("POST", "/api/v1/invoices/validate", key=key, body=body, headers={"Content-Type": ctype})
        check("submit", r.status == 202, r.short())
        d = wait_delivery(srv, key, hooks["trusted"][0], "delivered")
        check("trusted.delivered", d and d.get("status") == "delivered" and d.get("lastStatusCode") == 204, json.dumps(d))
        ok = False
        for headers, raw in good.bodies:
            ts = headers.get("X-Einvoice-Timestamp", "")
            want = "sha256=" + hmac.new(hooks["trusted"][1].encode(), ts.encode() + b"." + raw, hashlib.sha256).hexdigest()
            ok = ok or hmac.compare_digest(want, headers.get("X-Einvoice-Signature", ""))
        check("trusted.signature", ok, "%d requests" % len(good.bodies))
        d = wait_delivery(srv, key, hooks["untrusted"][0], "error")
        check("untrusted.refused", d and d.get("status") == "pending" and "certificate" in (d.get("lastError") or ""),
              json.dumps(d))
        check("untrusted.nothing-received", not bad.bodies, "%d requests" % len(bad.bodies))
        d = wait_delivery(srv, key, hooks["wrong-name"][0], "error")
        check("wrong-name.refused", d and d.get("status") == "pending" and "certificate" in (d.get("lastError") or ""),
              json.dumps(d))
        check("wrong-name.one-delivery-received-only", len(good.bodies) == 1, "%d requests" % len(good.bodies))
        note("errors: %s" % (d or {}).get("lastError"))
    finally:
        for rec in receivers:
            rec.close()
        if srv and srv.alive():
            check("sigterm", srv.stop() == 0)
        code = finish(tmp)
    return code


if __name__ == "__main__":
    sys.exit(main())
