#!/usr/bin/env python3
"""Slow-client pressure on einvoiced, with a health probe and normal submissions alongside.

N connections each send an HTTP request head one byte per second and never finish it; a
connection the server closes is opened again at once. Meanwhile a probe GETs /api/health
every P seconds on a new connection with a T-second timeout (as a load balancer does), and
a submitter POSTs an invoice (multipart, API key) every S seconds, expecting 202. At the end
it prints the figures and exits 1 when fewer than --min-probes of the probes were answered
within the timeout, or a submission failed (--min-submits).

Loopback only (127.x.x.x, ::1, localhost), bounded (N <= 2000, D <= 600 s), stdlib only.

usage: slowloris.py --port P [--host 127.0.0.1] [--conns 200] [--duration 30]
                    [--probe-every 2] [--probe-timeout 2] [--key KEY --file INVOICE.xml]
                    [--submit-every 1] [--min-probes 0.8] [--min-submits 1.0] [--json]
"""
import argparse
import json
import selectors
import socket
import sys
import threading
import time
import uuid

HEAD = (b"GET /api/health HTTP/1.1\r\nHost: slow\r\nUser-Agent: slowloris-bench\r\n"
        b"X-Padding: " + b"a" * 4000 + b"\r\n\r\n")


def loopback(host):
    return host in ("localhost", "::1") or host.startswith("127.")


class Slow:
    """N sockets, one byte per second each, reopened when the server closes them."""

    def __init__(self, host, port, n):
        self.host, self.port, self.n = host, port, n
        self.sel = selectors.DefaultSelector()
        self.opened = self.closed_by_server = self.connect_failed = 0
        self.answers = {}         # status code of what the server wrote before closing
        self.pos = {}             # socket -> bytes of HEAD sent
        self.max_open = 0

    def open_one(self):
        s = socket.socket(socket.AF_INET6 if ":" in self.host else socket.AF_INET)
        s.setblocking(False)
        try:
            s.connect((self.host, self.port))
        except BlockingIOError:
            pass
        except OSError:
            self.connect_failed += 1
            s.close()
            return
        self.opened += 1
        self.pos[s] = 0
        self.sel.register(s, selectors.EVENT_READ)

    def drop(self, s, by_server):
        try:
            self.sel.unregister(s)
        except (KeyError, ValueError):
            pass
        self.pos.pop(s, None)
        s.close()
        if by_server:
            self.closed_by_server += 1

    def run(self, until):
        for _ in range(self.n):
            self.open_one()
        next_tick = time.monotonic()
        while time.monotonic() < until:
            timeout = max(0.0, min(next_tick, until) - time.monotonic())
            for key, _ in self.sel.select(timeout):
                s = key.fileobj
                try:
                    data = s.recv(4096)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                if data.startswith(b"HTTP/1.1 "):
                    code = data[9:12].decode("ascii", "replace")
                    self.answers[code] = self.answers.get(code, 0) + 1
                self.drop(s, True)
                self.open_one()       # the attacker comes back at once
            if time.monotonic() >= next_tick:
                next_tick += 1.0
                for s in list(self.pos):
                    i = self.pos[s]
                    try:
                        if i < len(HEAD) - 4:      # never the final empty line
                            s.send(HEAD[i:i + 1])
                            self.pos[s] = i + 1
                    except (BlockingIOError, InterruptedError):
                        pass
                    except OSError:
                        self.drop(s, True)
                        self.open_one()
                while len(self.pos) < self.n:
                    self.open_one()
                self.max_open = max(self.max_open, len(self.pos))
        for s in list(self.pos):
            self.drop(s, False)


def request(host, port, raw, timeout):
    """One request on a new connection; (status, seconds) or (None, seconds) on timeout."""
    t0 = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=timeout) as s:
            s.settimeout(max(0.01, timeout - (time.monotonic() - t0)))
            s.sendall(raw)
            buf = b""
            while b"\r\n" not in buf:
                s.settimeout(max(0.01, timeout - (time.monotonic() - t0)))
                chunk = s.recv(4096)
                if not chunk:
                    break
                buf += chunk
            if buf.startswith(b"HTTP/1."):
                return int(buf[9:12]), time.monotonic() - t0
    except (OSError, ValueError):
        pass
    return None, time.monotonic() - t0


def multipart(key, path, host):
    data = open(path, "rb").read()
    b = "----slowbench" + uuid.uuid4().hex
    body = (("--%s\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\nEN16931\r\n"
             "--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"i.xml\"\r\n"
             "Content-Type: application/xml\r\n\r\n") % (b, b)).encode() + data + \
        ("\r\n--%s--\r\n" % b).encode()
    head = ("POST /api/v1/invoices/validate HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n"
            "Content-Type: multipart/form-data; boundary=%s\r\nContent-Length: %d\r\n"
            "Connection: close\r\n\r\n") % (host, key, b, len(body))
    return head.encode() + body


def periodic(every, until, fn, out):
    t = time.monotonic()
    while t < until:
        out.append(fn())
        t += every
        time.sleep(max(0.0, t - time.monotonic()))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--conns", type=int, default=200)
    ap.add_argument("--duration", type=float, default=30)
    ap.add_argument("--probe-every", type=float, default=2)
    ap.add_argument("--probe-timeout", type=float, default=2)
    ap.add_argument("--key")
    ap.add_argument("--file")
    ap.add_argument("--submit-every", type=float, default=1)
    ap.add_argument("--min-probes", type=float, default=0.8)
    ap.add_argument("--min-submits", type=float, default=1.0)
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    a = ap.parse_args()
    if not loopback(a.host) or not 1 <= a.conns <= 2000 or not 1 <= a.duration <= 600:
        sys.exit("slowloris.py: loopback only, 1..2000 connections, 1..600 s")

    slow = Slow(a.host, a.port, a.conns)
    start = time.monotonic()
    until = start + a.duration
    t = threading.Thread(target=slow.run, args=(until,))
    t.start()
    time.sleep(min(2.0, a.duration / 4))    # let the slow connections pile up first
    probes, submits = [], []
    probe_raw = ("GET /api/health HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % a.host).encode()
    workers = [threading.Thread(target=periodic, args=(
        a.probe_every, until, lambda: request(a.host, a.port, probe_raw, a.probe_timeout), probes))]
    if a.key and a.file:
        raw = multipart(a.key, a.file, a.host)
        workers.append(threading.Thread(target=periodic, args=(
            a.submit_every, until, lambda: request(a.host, a.port, raw, 10.0), submits)))
    for w in workers:
        w.start()
    for w in workers + [t]:
        w.join()

    answered = [d for st, d in probes if st == 200 and d <= a.probe_timeout]
    accepted = [d for st, d in submits if st == 202]
    lat = sorted(d for st, d in probes if st is not None)
    res = {
        "conns": a.conns, "duration_s": a.duration,
        "slow_opened": slow.opened, "slow_closed_by_server": slow.closed_by_server,
        "slow_connect_failed": slow.connect_failed, "slow_max_open": slow.max_open,
        "slow_answers": slow.answers,
        "probes": len(probes), "probes_ok": len(answered),
        "probe_ratio": round(len(answered) / len(probes), 3) if probes else 0.0,
        "probe_p50_ms": round(lat[len(lat) // 2] * 1000, 1) if lat else None,
        "probe_max_ms": round(lat[-1] * 1000, 1) if lat else None,
        "probe_statuses": sorted(set(str(st) for st, _ in probes)),
        "submits": len(submits), "submits_ok": len(accepted),
        "submit_max_ms": round(max(d for _, d in submits) * 1000, 1) if submits else None,
        "submit_statuses": sorted(set(str(st) for st, _ in submits)),
    }
    ok = bool(probes) and res["probe_ratio"] >= a.min_probes and \
        (not submits or len(accepted) >= a.min_submits * len(submits))
    res["pass"] = ok
    if a.json:
        print(json.dumps(res))
    else:
        for k, v in res.items():
            print("%-22s %s" % (k, v))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
