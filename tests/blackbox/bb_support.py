"""Support of the black-box API test: check reporting, HTTP plumbing (raw and http.client),
multipart bodies, einvoiced processes, generated documents and ID tokens. Standard library only."""
import base64
import datetime
import hashlib
import hmac
import http.client
import json
import os
import re
import select
import signal
import socket
import subprocess
import threading
import time
import urllib.parse
import uuid


HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

PASSED = 0
FAILED = 0
FAILURES = []
LOCK = threading.Lock()

ERROR_NAMES = {400: "BAD_REQUEST", 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND",
               405: "METHOD_NOT_ALLOWED", 409: "CONFLICT", 413: "PAYLOAD_TOO_LARGE",
               415: "UNSUPPORTED_MEDIA_TYPE", 429: "Quota exceeded", 500: "INTERNAL_ERROR",
               501: "NOT_IMPLEMENTED", 503: "SERVICE_UNAVAILABLE"}
PRO_ONLY = ("XRECHNUNG", "FRANCE", "ITALY")
FORMATS = ("UBL", "CII", "ZUGFERD", "IDOC", "ODATA", "JSON", "PDF_EXTRACTED")
PROFILES = ("EN16931", "PEPPOL", "XRECHNUNG", "FRANCE", "ITALY")
STATUSES = ("processing", "validated", "failed_validation")
LAYERS = ("SCHEMA", "SYNTAX", "CORE", "PROFILE", "PDF", "EXTRACTION")
SEVERITIES = ("ERROR", "WARNING", "INFO")
UUID_RE = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
ISO_MS_Z = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")
ISO_OFFSET = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)")
KEY_RE = re.compile(r"svc_(live|test)_[A-Za-z0-9_-]{32,}")


def check(name, cond, detail=""):
    """Records and prints one check; returns cond so callers can branch on it."""
    global PASSED, FAILED
    detail = " ".join(str(detail).split())
    if len(detail) > 400:
        detail = detail[:400] + "..."
    with LOCK:
        if cond:
            PASSED += 1
            print("ok %s %s" % (name, detail), flush=True)
        else:
            FAILED += 1
            FAILURES.append("%s %s" % (name, detail))
            print("FAIL %s %s" % (name, detail), flush=True)
    return bool(cond)


def note(text):
    print("# " + text, flush=True)


def dig(obj, *path):
    """obj[p0][p1]... or None when any step is missing or of the wrong type."""
    for p in path:
        if isinstance(obj, dict) and isinstance(p, str):
            obj = obj.get(p)
        elif isinstance(obj, list) and isinstance(p, int) and -len(obj) <= p < len(obj):
            obj = obj[p]
        else:
            return None
    return obj


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_uuid(v):
    return isinstance(v, str) and UUID_RE.fullmatch(v) is not None


def iso_ms_z(v):
    return isinstance(v, str) and ISO_MS_Z.fullmatch(v) is not None


def next_month_start(now=None):
    now = now or datetime.datetime.now(datetime.timezone.utc)
    y, m = (now.year + 1, 1) if now.month == 12 else (now.year, now.month + 1)
    return y, m


# ---------------------------------------------------------------- HTTP plumbing

class Resp:
    """One HTTP answer: status (0 = transport error), headers (lower-case names), body, json."""

    def __init__(self, status, headers, body, method="", path=""):
        self.status = status
        self.headers = {}
        for k, v in headers:
            self.headers[k.lower()] = v
        self.body = body or b""
        self.method, self.path = method, path
        self.json = None
        if self.body:
            try:
                self.json = json.loads(self.body.decode("utf-8"))
            except Exception:
                self.json = None

    def h(self, name):
        return self.headers.get(name.lower())

    def text(self):
        return self.body.decode("utf-8", "replace")

    def short(self):
        return "%s %s -> %s %s" % (self.method, self.path, self.status, self.text()[:160])


def multipart(parts, boundary=None):
    """parts: (name, value) fields or (name, filename, bytes, content_type) files."""
    b = boundary or ("bbBoundary" + uuid.uuid4().hex)
    out = []
    for p in parts:
        if len(p) == 2:
            name, val = p
            out.append(('--%s\r\nContent-Disposition: form-data; name="%s"\r\n\r\n' % (b, name)).encode())
            out.append(val.encode() if isinstance(val, str) else val)
        else:
            name, fn, content, ct = p
            out.append(('--%s\r\nContent-Disposition: form-data; name="%s"; filename="%s"\r\n'
                        'Content-Type: %s\r\n\r\n' % (b, name, fn, ct)).encode())
            out.append(content)
        out.append(b"\r\n")
    out.append(("--%s--\r\n" % b).encode())
    return b"".join(out), "multipart/form-data; boundary=%s" % b


class Api:
    """Client of one running server; req() opens a connection per call unless conn is given."""

    def __init__(self, host, port):
        self.host, self.port = host, port

    def connect(self, timeout=60):
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def req(self, method, path, key=None, body=None, headers=None, conn=None, timeout=60):
        hdrs = dict(headers or {})
        if key is not None:
            hdrs["Authorization"] = "Bearer " + key
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            hdrs.setdefault("Content-Type", "application/json")
        elif isinstance(body, str):
            body = body.encode()
        own = conn is None
        for attempt in (0, 1):
            c = conn if conn is not None else self.connect(timeout)
            try:
                c.request(method, path, body=body, headers=hdrs)
                r = c.getresponse()
                data = r.read()
                return Resp(r.status, r.getheaders(), data, method, path)
            except http.client.RemoteDisconnected as e:
                # an idle keep-alive connection closed by the server: retry once, fresh
                c.close()
                if attempt == 1:
                    return Resp(0, [], ("transport error: %r" % e).encode(), method, path)
            except Exception as e:
                c.close()
                return Resp(0, [], ("transport error: %r" % e).encode(), method, path)
            finally:
                if own:
                    c.close()
        return Resp(0, [], b"unreachable", method, path)

    def raw(self, data, timeout=20):
        """Sends bytes as they are; returns (status, raw answer bytes)."""
        s = socket.create_connection((self.host, self.port), timeout=timeout)
        try:
            s.sendall(data)
            try:
                s.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            chunks = []
            while True:
                try:
                    d = s.recv(65536)
                except socket.timeout:
                    break
                except OSError:
                    break
                if not d:
                    break
                chunks.append(d)
                if b"\r\n\r\n" in b"".join(chunks) and len(b"".join(chunks)) > 100000:
                    break
            ans = b"".join(chunks)
        finally:
            s.close()
        m = re.match(rb"HTTP/1\.[01] (\d{3})", ans)
        return (int(m.group(1)) if m else 0), ans

    def streamed(self, head, body_len, chunk=65536, timeout=30):
        """Sends head then up to body_len filler bytes, stopping as soon as the server answers.
        Returns (status, bytes_sent, answer)."""
        s = socket.create_connection((self.host, self.port), timeout=timeout)
        sent = 0
        ans = b""
        try:
            s.sendall(head)
            filler = b"A" * chunk
            deadline = time.time() + timeout
            while sent < body_len and time.time() < deadline:
                r, _, _ = select.select([s], [], [], 0)
                if r:
                    break
                n = min(chunk, body_len - sent)
                try:
                    s.sendall(filler[:n])
                except (BrokenPipeError, ConnectionResetError, OSError):
                    break
                sent += n
            s.settimeout(max(1.0, deadline - time.time()))
            while True:
                try:
                    d = s.recv(65536)
                except (socket.timeout, OSError):
                    break
                if not d:
                    break
                ans += d
                if b"\r\n\r\n" in ans:
                    hdr, _, rest = ans.partition(b"\r\n\r\n")
                    m = re.search(rb"(?i)content-length:\s*(\d+)", hdr)
                    if m and len(rest) >= int(m.group(1)):
                        break
        finally:
            s.close()
        m = re.match(rb"HTTP/1\.[01] (\d{3})", ans)
        return (int(m.group(1)) if m else 0), sent, ans


def check_error(name, r, status, error=None, names=None, path=None, allow=None):
    """Checks a non-2xx answer: status (or one of allow), the five-field error body, the
    error name, code, timestamp with offset, path, and that message names one of names."""
    ok_status = (status,) + tuple(allow or ())
    problems = []
    if r.status not in ok_status:
        problems.append("status %s, want %s" % (r.status, "/".join(map(str, ok_status))))
    j = r.json
    if not isinstance(j, dict):
        problems.append("body is not a JSON object")
    else:
        want_fields = ("message", "error", "code", "timestamp") + (() if r.status == 429 else ("path",))
        missing = [f for f in want_fields if f not in j]
        if missing:
            problems.append("missing %s" % ",".join(missing))
        exp = error or ERROR_NAMES.get(r.status if r.status in ok_status else status)
        if exp and j.get("error") != exp:
            problems.append("error=%r want %r" % (j.get("error"), exp))
        if j.get("code") != r.status or not is_int(j.get("code")):
            problems.append("code=%r" % (j.get("code"),))
        ts = j.get("timestamp")
        if not (isinstance(ts, str) and ISO_OFFSET.fullmatch(ts)):
            problems.append("timestamp=%r" % (ts,))
        if not isinstance(j.get("message"), str) or not j.get("message"):
            problems.append("empty message")
        req_path = (path or r.path).split("?")[0]
        if "path" in j and r.status != 429:
            p = j.get("path")
            dec = urllib.parse.unquote(req_path)
            alts = {req_path, dec}
            alts |= {a[4:] for a in alts if a.startswith("/api/")}
            if not isinstance(p, str) or p.split("?")[0] not in alts:
                problems.append("path=%r want %r" % (p, req_path))
        if names and isinstance(j.get("message"), str):
            msg = j["message"].lower()
            if not any(n.lower() in msg for n in names):
                problems.append("message %r does not name %s" % (j["message"], "/".join(names)))
    ct = r.h("content-type") or ""
    if "application/json" not in ct.lower():
        problems.append("content-type %r" % ct)
    if problems:
        problems.append("[%s]" % r.short())
    return check(name, not problems, "; ".join(problems) or "%s %s" % (r.status, dig(j, "error")))


def check_json_ok(name, r, status=200, detail=""):
    problems = []
    if r.status != status:
        problems.append("status %s want %s [%s]" % (r.status, status, r.short()))
    elif r.json is None and status != 204:
        problems.append("body not JSON [%s]" % r.short())
    elif status != 204 and "application/json" not in (r.h("content-type") or "").lower():
        problems.append("content-type %r" % r.h("content-type"))
    return check(name, not problems, "; ".join(problems) or detail)


# ---------------------------------------------------------------- server processes

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


class Server:
    """One einvoiced process with its own settings; admin() runs admin commands on its DB."""

    def __init__(self, binary, db, tmp, name, env_extra=None):
        self.binary, self.db, self.tmp, self.name = binary, db, tmp, name
        self.env = dict(os.environ)
        for k in list(self.env):
            if k.startswith("EINV_") and k not in ("EINV_PLUGIN_DIR", "EINV_PLUGINS"):
                del self.env[k]
        self.env["EINV_DATABASE"] = db
        self.env.update(env_extra or {})
        self.proc = None
        self.port = None
        self.log = os.path.join(tmp, "%s.log" % name)
        self.api = None

    def admin(self, *args):
        """Runs `einvoiced admin ARGS`; returns (exit code, stdout last line, all output)."""
        p = subprocess.run([self.binary, "admin"] + list(args), env=self.env, capture_output=True,
                           text=True, timeout=120)
        lines = [l.strip() for l in p.stdout.splitlines() if l.strip()]
        return p.returncode, (lines[-1] if lines else ""), (p.stdout + p.stderr)

    def start(self, port=None, timeout=30):
        self.port = port or free_port()
        self.env["EINV_LISTEN"] = "127.0.0.1:%d" % self.port
        logf = open(self.log, "ab")
        self.proc = subprocess.Popen([self.binary], env=self.env, stdout=logf, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)
        logf.close()
        self.api = Api("127.0.0.1", self.port)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                return False
            r = self.api.req("GET", "/api/health", timeout=2)
            if r.status == 200:
                return True
            time.sleep(0.1)
        return False

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self, sig=signal.SIGTERM, wait=20):
        """Signals the server and waits; returns its exit code, or None if it had to be killed."""
        if not self.proc:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(wait)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                self.proc = None
                return None
        rc = self.proc.returncode
        self.proc = None
        return rc

    def log_tail(self, n=15):
        try:
            with open(self.log, "rb") as f:
                lines = f.read().decode("utf-8", "replace").splitlines()
            return " | ".join(lines[-n:])
        except OSError:
            return ""


# ---------------------------------------------------------------- documents

def big_ubl(sample, lines):
    """The sample invoice with `lines` lines of 1.00 each at 19 %: valid, and slow to check."""
    head = sample.split("<cac:TaxTotal>")[0]
    total = "%d.00" % lines
    tax = "%d.%02d" % divmod(lines * 19, 100)
    incl_cents = lines * 100 + lines * 19
    incl = "%d.%02d" % divmod(incl_cents, 100)
    parts = [head,
             '<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">%s</cbc:TaxAmount><cac:TaxSubtotal>'
             '<cbc:TaxableAmount currencyID="EUR">%s</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">%s'
             '</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme>'
             '<cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>\n'
             % (tax, total, tax),
             '<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">%s</cbc:LineExtensionAmount>'
             '<cbc:TaxExclusiveAmount currencyID="EUR">%s</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount '
             'currencyID="EUR">%s</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">%s'
             '</cbc:PayableAmount></cac:LegalMonetaryTotal>\n' % (total, total, incl, incl)]
    for i in range(1, lines + 1):
        parts.append('<cac:InvoiceLine><cbc:ID>%d</cbc:ID><cbc:InvoicedQuantity unitCode="C62">1'
                     '</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">1.00'
                     '</cbc:LineExtensionAmount><cac:Item><cbc:Name>Item %d</cbc:Name><cac:ClassifiedTaxCategory>'
                     '<cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID>'
                     '</cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount '
                     'currencyID="EUR">1.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine>\n' % (i, i))
    parts.append("</Invoice>\n")
    return "".join(parts).encode()


PLAIN_PDF = (b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>"
             b"endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")
IDOC_XML = (b'<?xml version="1.0" encoding="UTF-8"?><INVOIC02><IDOC BEGIN="1"><EDI_DC40 SEGMENT="1">'
            b"<IDOCTYP>INVOIC02</IDOCTYP><MESTYP>INVOIC</MESTYP></EDI_DC40><E1EDK01 SEGMENT=\"1\"><CURCY>EUR"
            b"</CURCY><BELNR>IDOC-1</BELNR></E1EDK01></IDOC></INVOIC02>")
ODATA_JSON = {"d": {"SupplierInvoice": "5105600001", "FiscalYear": "2026", "CompanyCode": "1010",
                    "DocumentDate": "/Date(1795219200000)/", "DocumentCurrency": "EUR",
                    "InvoiceGrossAmount": "119.00", "InvoicingParty": "17300001",
                    "SupplierInvoiceIDByInvcgParty": "ODATA-1"}}


def canonical_doc(profile="EN16931"):
    return {"invoiceNumber": "JSON-1", "issueDate": "2026-11-21", "currency": "EUR",
            "buyerReference": "PO-1", "validationProfile": profile,
            "supplier": {"name": "Northwind Trading GmbH", "vatId": "DE123456789", "leitwegId": None},
            "buyer": {"name": "Contoso SARL", "vatId": None, "leitwegId": None},
            "lines": [{"description": "Mug", "quantity": 2, "unit": "C62", "price": 10.00, "taxRate": 19}]}


# ---------------------------------------------------------------- ID tokens (openssl)

def b64u(b):
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode()


class Jwt:
    """RS256 / ES256 signing through the openssl command; writes the JWKS file."""

    ISS = "https://idp.blackbox.test/"
    AUD = "einvoice-blackbox"

    def __init__(self, tmp):
        self.tmp = tmp
        self.rsa = os.path.join(tmp, "rsa.pem")
        self.rsa2 = os.path.join(tmp, "rsa2.pem")
        self.ec = os.path.join(tmp, "ec.pem")
        for path, args in ((self.rsa, ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"]),
                           (self.rsa2, ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"]),
                           (self.ec, ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])):
            subprocess.run(["openssl", "genpkey"] + args + ["-out", path], check=True, capture_output=True)
        mod = subprocess.run(["openssl", "rsa", "-in", self.rsa, "-noout", "-modulus"], check=True,
                             capture_output=True, text=True).stdout.strip().split("=", 1)[1]
        self.rsa_pub_pem = subprocess.run(["openssl", "pkey", "-in", self.rsa, "-pubout"], check=True,
                                          capture_output=True).stdout
        ecder = subprocess.run(["openssl", "pkey", "-in", self.ec, "-pubout", "-outform", "DER"], check=True,
                               capture_output=True).stdout
        pt = ecder[-65:]
        self.jwks = {"keys": [
            {"kty": "RSA", "kid": "bb-rsa", "use": "sig", "alg": "RS256", "n": b64u(bytes.fromhex(mod)), "e": "AQAB"},
            {"kty": "EC", "kid": "bb-ec", "use": "sig", "alg": "ES256", "crv": "P-256",
             "x": b64u(pt[1:33]), "y": b64u(pt[33:65])}]}
        self.jwks_file = os.path.join(tmp, "jwks.json")
        with open(self.jwks_file, "w") as f:
            json.dump(self.jwks, f)

    @staticmethod
    def _der_to_raw(der):
        # ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } -> r||s, 32 bytes each
        i = 2 if der[1] < 0x80 else 2 + (der[1] & 0x7F)
        out = b""
        for _ in range(2):
            assert der[i] == 0x02
            ln = der[i + 1]
            v = der[i + 2:i + 2 + ln].lstrip(b"\x00")
            out += v.rjust(32, b"\x00")
            i += 2 + ln
        return out

    def token(self, sub, alg="RS256", kid=None, iss=None, aud=None, exp_in=600, email=None, key=None, extra=None):
        now = int(time.time())
        hdr = {"alg": alg, "typ": "JWT"}
        hdr["kid"] = kid or ("bb-ec" if alg == "ES256" else "bb-rsa")
        claims = {"iss": iss or self.ISS, "aud": aud or self.AUD, "sub": sub, "iat": now - 5,
                  "exp": now + exp_in, "email": email or ("%s@jwt.blackbox.test" % sub)}
        claims.update(extra or {})
        si = (b64u(json.dumps(hdr).encode()) + "." + b64u(json.dumps(claims).encode())).encode()
        if alg == "none":
            return si.decode() + "."
        if alg == "HS256":
            sig = hmac.new(self.rsa_pub_pem, si, hashlib.sha256).digest()
        else:
            pem = key or (self.ec if alg == "ES256" else self.rsa)
            sig = subprocess.run(["openssl", "dgst", "-sha256", "-sign", pem], input=si, check=True,
                                 capture_output=True).stdout
            if alg == "ES256":
                sig = self._der_to_raw(sig)
        return si.decode() + "." + b64u(sig)


