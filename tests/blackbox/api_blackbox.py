#!/usr/bin/env python3
"""Black-box contract test of the REST service einvoiced, written from shared/API.md alone.

It starts its own einvoiced on a free 127.0.0.1 port (SQLite in a temporary directory, or a
fresh PostgreSQL database created from --pg URL), creates accounts and keys with the
`einvoiced admin` commands, and checks every endpoint's success and error paths: status
codes, the five-field error body, quotas and X-Quota-* headers, sandbox keys, the async
202 -> poll -> verdict cycle, list paging/sorting, downloads, API keys, account, plan,
mappings, ID tokens (when openssl is present), the order of checks on a submit, 413 on a
second server with a small EINV_MAX_UPLOAD, and recovery after a kill -9.

Output: one line per check, "ok <name> <detail>" or "FAIL <name> <detail>", notes as
"# ..." lines, and the last line "N passed, M failed". Exit status 1 when a check failed.

Python 3 standard library only; the checks live in bb_accounts.py, bb_invoices.py, bb_lists.py
and bb_limits.py, the plumbing in bb_support.py (all next to this file).
usage: api_blackbox.py [--server BIN] [--pg URL] [--plugin-dir DIR] [--data DIR] [--only SECTION] [--keep]
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.parse
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # keep the source tree clean of __pycache__

import bb_support  # noqa: E402
from bb_support import *  # noqa: E402,F401,F403
from bb_accounts import AccountChecks  # noqa: E402
from bb_invoices import InvoiceChecks  # noqa: E402
from bb_lists import ListChecks  # noqa: E402
from bb_limits import LimitChecks  # noqa: E402


class Run(AccountChecks, InvoiceChecks, ListChecks, LimitChecks):
    """One test run: set-up (database, accounts, keys, server), the check sections of the
    mixins (bb_accounts, bb_invoices, bb_lists, bb_limits) and the clean-up."""

    def __init__(self, args):
        self.args = args
        self.tmp = tempfile.mkdtemp(prefix="einv-bb.")
        self.keys = {}
        self.pg_db = None
        self.installed = {}
        data = args.data or os.environ.get("EINV_TEST_DATA") or os.path.join(REPO, "tests", "data")
        with open(os.path.join(data, "ubl", "sample-invoice.xml"), "rb") as f:
            self.ubl = f.read()
        cii = os.path.join(data, "cii", "sample-invoice.xml")
        self.cii = open(cii, "rb").read() if os.path.exists(cii) else None
        self.broken = self.ubl.replace(b"<cbc:ID>INV-2026-0042</cbc:ID>", b"", 1)  # BR-02: no BT-1
        self.jwt = None

    def req(self, *a, **kw):
        return self.api.req(*a, **kw)

    def submit(self, key, content=None, profile="EN16931", path="/api/v1/invoices/validate", filename="invoice.xml",
               ctype="application/xml", extra=(), conn=None, file=True, api=None):
        parts = []
        if profile is not None:
            parts.append(("profile", profile))
        if file:
            parts.append(("file", filename, self.ubl if content is None else content, ctype))
        parts += list(extra)
        body, ct = multipart(parts)
        return (api or self.api).req("POST", path, key=key, body=body, headers={"Content-Type": ct}, conn=conn)

    def wait_final(self, key, iid, timeout=120, api=None):
        api = api or self.api
        deadline = time.time() + timeout
        r = None
        while time.time() < deadline:
            r = api.req("GET", "/api/v1/invoices/%s" % iid, key=key)
            if r.status != 200 or not isinstance(r.json, dict) or r.json.get("status") != "processing":
                return r
            time.sleep(0.05)
        return r

    def account(self, key):
        return self.req("GET", "/api/v1/account", key=key).json or {}

    def list_all(self, key, size=100):
        """Every summary visible to key, following pages (bounded)."""
        out = []
        for page in range(0, 200):
            r = self.req("GET", "/api/v1/invoices?page=%d&size=%d" % (page, size), key=key)
            content = dig(r.json, "content")
            if r.status != 200 or not isinstance(content, list):
                break
            out += content
            tp = dig(r.json, "totalPages")
            if not content or (is_int(tp) and page + 1 >= tp):
                break
        return out

    def key_records(self, key):
        return dig(self.req("GET", "/api/v1/api-keys", key=key).json, "content") or []

    def setup(self):
        a = self.args
        binary = a.server or os.environ.get("EINV_SERVER_BIN") or "build/bin/einvoiced"
        if not os.path.isabs(binary) and not os.path.exists(binary):
            binary = os.path.join(REPO, binary)
        self.binary = os.path.abspath(binary)
        if not check("setup.server-binary", os.access(self.binary, os.X_OK), self.binary):
            return False
        pdir = a.plugin_dir or os.environ.get("EINV_PLUGIN_DIR") or os.environ.get("EINV_TEST_PLUGIN_DIR")
        if not pdir:
            pdir = os.path.join(os.path.dirname(os.path.dirname(self.binary)), "lib", "einvoice")
        self.plugin_dir = pdir
        self.plugin_files = sorted(os.listdir(pdir)) if os.path.isdir(pdir) else []
        note("server %s, plugins %s: %s" % (self.binary, pdir, " ".join(self.plugin_files)))

        if a.pg:
            name = "einv_bb_" + uuid.uuid4().hex[:12]
            p = subprocess.run(["psql", a.pg, "-v", "ON_ERROR_STOP=1", "-qc", "create database %s" % name],
                               capture_output=True, text=True)
            if not check("setup.pg-createdb", p.returncode == 0, p.stderr.strip()):
                return False
            self.pg_db = name
            u = urllib.parse.urlsplit(a.pg)
            db = urllib.parse.urlunsplit((u.scheme, u.netloc, "/" + name, u.query, u.fragment))
            note("database %s" % db)
        else:
            db = "sqlite:%s" % os.path.join(self.tmp, "x.db")
        self.db = db

        env = {"EINV_WORKERS": "2", "EINV_SUPER_ADMINS": "root@bb.test", "EINV_PLUGIN_DIR": pdir}
        if shutil.which("openssl"):
            try:
                self.jwt = Jwt(self.tmp)
                env.update({"EINV_JWKS_FILE": self.jwt.jwks_file, "EINV_OIDC_ISSUER": Jwt.ISS,
                            "EINV_OIDC_AUDIENCE": Jwt.AUD})
            except Exception as e:
                note("no ID-token tests: openssl failed: %r" % e)
                self.jwt = None
        self.main = Server(self.binary, db, self.tmp, "main", env)

        accounts = [("pro@bb.test", "PRO", False), ("free@bb.test", "FREE", False), ("other@bb.test", "FREE", False),
                    ("quota@bb.test", "PRO", False), ("conc@bb.test", "PRO", False), ("cap@bb.test", "FREE", False),
                    ("list@bb.test", "PRO", False), ("plan@bb.test", "FREE", False), ("root@bb.test", "PRO", False),
                    ("admin2@bb.test", "PRO", True), ("keys@bb.test", "FREE", False), ("revoke@bb.test", "PRO", False),
                    ("bench@bb.test", "PRO", False)]
        for email, plan, sa in accounts:
            args = ["create-account", "--email", email, "--plan", plan] + (["--super-admin"] if sa else [])
            rc, last, out = self.main.admin(*args)
            if not check("admin.create-account.%s" % email.split("@")[0], rc == 0, "rc=%s %s" % (rc, out.strip()[-200:])):
                return False
        keys = [("pro", "pro@bb.test", []), ("pro-sbx", "pro@bb.test", ["--sandbox"]),
                ("free", "free@bb.test", []), ("free-sbx", "free@bb.test", ["--sandbox", "--quota", "1"]),
                ("other", "other@bb.test", []), ("q3", "quota@bb.test", ["--quota", "3"]),
                ("c5", "conc@bb.test", ["--quota", "5"]), ("capA", "cap@bb.test", ["--quota", "300"]),
                ("capB", "cap@bb.test", []), ("list", "list@bb.test", []), ("plan", "plan@bb.test", []),
                ("root", "root@bb.test", []), ("admin2", "admin2@bb.test", []), ("keys", "keys@bb.test", []),
                ("rev", "revoke@bb.test", []), ("restart", "bench@bb.test", [])]
        for kname, email, extra in keys:
            rc, last, out = self.main.admin("create-key", "--email", email, "--name", kname, *extra)
            want = "svc_test_" if "--sandbox" in extra else "svc_live_"
            ok = rc == 0 and KEY_RE.fullmatch(last) is not None and last.startswith(want)
            if not check("admin.create-key.%s" % kname, ok, "rc=%s last line %r" % (rc, last[:13] + "...")):
                return False
            self.keys[kname] = last
        rc, last, out = self.main.admin("create-key", "--email", "nobody@bb.test", "--name", "x")
        check("admin.create-key.unknown-account", rc != 0, "rc=%s" % rc)

        started = self.main.start()
        if not check("setup.server-start", started, "port %s %s" % (self.main.port, "" if started else self.main.log_tail())):
            return False
        self.api = self.main.api
        return True

    def run(self):
        if not self.setup():
            return
        sections = [self.t_health_and_routing, self.t_auth, self.t_profiles_and_plans, self.t_submit_validate,
                    self.t_submit_errors, self.t_other_endpoints, self.t_sandbox, self.t_account, self.t_plan,
                    self.t_mappings, self.t_api_keys, self.t_revocation, self.t_invoice_get, self.t_list,
                    self.t_downloads, self.t_processing_state, self.t_async_batch, self.t_quota, self.t_concurrency,
                    self.t_jwt, self.t_cap, self.t_upload_limit, self.t_restart]
        for s in sections:
            if self.args.only and self.args.only not in s.__name__:
                continue
            name = s.__name__[2:]
            try:
                s()
            except Exception as e:
                check("%s.exception" % name, False, "%s: %s" % (type(e).__name__, traceback.format_exc().splitlines()[-3:]))
            if self.main.proc is not None and not self.main.alive():
                check("%s.server-still-running" % name, False, "exit %s: %s" % (self.main.proc.returncode,
                                                                              self.main.log_tail()))
                if not self.main.start():
                    return
                self.api = self.main.api
        if self.main.alive():
            t0 = time.time()
            rc = self.main.stop(signal.SIGTERM, wait=20)
            check("shutdown.sigterm", rc is not None, "exit code %r after %.1f s" % (rc, time.time() - t0))

    def cleanup(self):
        try:
            if getattr(self, "main", None):
                self.main.stop(signal.SIGKILL, wait=5)
        except Exception:
            pass
        if self.pg_db:
            subprocess.run(["psql", self.args.pg, "-qc", "drop database if exists %s with (force)" % self.pg_db],
                           capture_output=True)
        if self.args.keep or bb_support.FAILED:
            note("logs and data kept in %s" % self.tmp)
        else:
            shutil.rmtree(self.tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", help="einvoiced binary (default $EINV_SERVER_BIN or build/bin/einvoiced)")
    ap.add_argument("--pg", help="PostgreSQL URL; a fresh database is created from it and dropped afterwards")
    ap.add_argument("--plugin-dir", help="plugin directory (default <bin>/../lib/einvoice)")
    ap.add_argument("--data", help="test data directory (default tests/data)")
    ap.add_argument("--only", help="run only the sections whose name contains this")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args()
    run = Run(args)
    try:
        run.run()
    finally:
        run.cleanup()
    print("%d passed, %d failed" % (bb_support.PASSED, bb_support.FAILED), flush=True)
    sys.exit(1 if bb_support.FAILED else 0)


if __name__ == "__main__":
    main()
