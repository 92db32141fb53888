#!/usr/bin/env python3
"""Round trips of the exports over the valid documents of a conformance corpus.

usage: export_roundtrip.py [--cli build/bin/einvoice] [--corpus ../shared/conformance | --dir DIR]
                           [--targets cii,ubl,facturx,idoc] [--limit N] [--show N] [--facturx-check PATH]
                           [--mapping FILE] [--idoc-export-mapping] [--strict]

With --dir, the documents are the files of DIR (*.xml, *.json, *.pdf; e.g. written by
export_stress_gen.py) that this validator finds valid under EN16931 (no ERROR finding); the
XRECHNUNG check of the PDF applies to those valid under XRECHNUNG too.

A valid document is a case whose EN16931 fatal set is empty (expected.jsonl). For each one
and each target T: `convert --to json` of the source gives the reference canonical invoice;
`convert --to T` and then `convert --to json` of the result must give the same invoice,
field for field (JSON equality), and the exported CII, UBL or PDF must validate with no ERROR
under EN16931 (and XRECHNUNG for XRechnung sources). The PDF must also pass facturx-check,
and pdftotext of it must show the invoice number, the payable amount and every line's
description. For idoc the
read-back uses --mapping (the shared sample mapping) and compares BT-106/109/110/112/115,
the VAT breakdown and the lines only; the export uses the default tables, or the same
mapping with --idoc-export-mapping. Prints one line per failure and a summary per target;
exits 1 when a target is under --min percent (default 95).
"""
import argparse, json, os, shutil, subprocess, sys, tempfile

# An ASan build's LeakSanitizer misreads the dynamic TLS block of a module loaded through a
# plugin when the block happens to sit at a certain page offset (google/sanitizers#1322), and
# then aborts at exit ("Tracer caught signal 11") although the run itself is clean. Which run
# hits it depends on allocation layout, so it looks input-dependent. Not tracking dynamic TLS
# avoids it; leaks are still checked. No effect on a build without sanitizers.
ENV = dict(os.environ)
if "intercept_tls_get_addr" not in ENV.get("ASAN_OPTIONS", ""):
    ENV["ASAN_OPTIONS"] = ":".join(filter(None, [ENV.get("ASAN_OPTIONS"), "intercept_tls_get_addr=0"]))

def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, **kw)

def canonical(cli, path, profile, mapping=None, fmt=None):
    cmd = [cli, "convert", "--to", "json", "--profile", profile, path]
    if mapping:
        cmd[2:2] = ["--mapping", mapping]
    if fmt:
        cmd[2:2] = ["--format", fmt]
    p = run(cmd)
    if p.returncode != 0:
        return None, p.stderr.decode(errors="replace").strip()
    return json.loads(p.stdout), None

def diff(a, b, path="", out=None):
    out = [] if out is None else out
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append("%s/%s: %s" % (path, k, "missing after" if k in a else "added"))
            else:
                diff(a[k], b[k], "%s/%s" % (path, k), out)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append("%s: %d items, then %d" % (path, len(a), len(b)))
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, "%s/%d" % (path, i), out)
    elif a != b:
        out.append("%s: %r -> %r" % (path, a, b))
    return out

# The documented reasons a document does not round-trip (docs/exports.md, "Round trips"):
# each a pattern over one difference line, and a check over the two invoices that the
# difference is exactly the documented one (not, say, a lost scheme that happens to sit
# in the same field); with --strict any other difference fails.
from decimal import Decimal

def _used_categories(inv):
    used = {l.get("taxCategory") for l in inv.get("lines") or []}
    used |= {a.get("taxCategory") for a in (inv.get("allowances") or []) + (inv.get("charges") or [])}
    return used

def _ids(p):
    return sorted(json.dumps(i, sort_keys=True) for i in (p or {}).get("identifiers") or [])

def _lines_where(ref, back, test):
    """Every line that differs in priceDiscount / grossPrice passes test(ref line, back line)."""
    rl, bl = ref.get("lines") or [], back.get("lines") or []
    try:
        return len(rl) == len(bl) and all(test(a, b) for a, b in zip(rl, bl)
                                          if a.get("grossPrice") != b.get("grossPrice") or
                                          a.get("priceDiscount") != b.get("priceDiscount"))
    except TypeError:   # a term the documented reason needs is missing
        return False

def _dec(v):
    return Decimal(str(v)) if v is not None else None

REASONS = [
    ("A", r"^/taxBreakdown: \d+ items, then \d+$",
     lambda r, b: [t for t in r.get("taxBreakdown") or [] if t.get("category") in _used_categories(r)]
     == (b.get("taxBreakdown") or [])),
    ("C", r"^/processControl/specificationId: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort' -> 'urn:cen.eu:en16931:2017'$",
     None),
    ("D", r"^/supplier/identifiers/\d+/(scheme|value)",
     lambda r, b: _ids(r.get("supplier")) == _ids(b.get("supplier"))),
    ("E", r"^/precedingInvoices: \d+ items, then 1$",
     lambda r, b: (r.get("precedingInvoices") or [])[:1] == b.get("precedingInvoices")),
    ("F", r"^/lines/\d+/grossPrice: added$",
     lambda r, b: _lines_where(r, b, lambda x, y: _dec(y.get("grossPrice")) ==
                               _dec(x.get("price")) + _dec(x.get("priceDiscount")))),
    ("G", r"^/taxCurrency: missing after$", lambda r, b: r.get("taxCurrency") == r.get("currency")),
    ("H", r"^/invoicePeriod: missing after$",
     lambda r, b: not {"startDate", "endDate"} & set(r.get("invoicePeriod") or {})),
    ("I", r"^EN16931 errors: BR-S-08(; XRECHNUNG errors: BR-S-08)?$|^XRECHNUNG errors: BR-S-08$", None),
    ("J", r"^/purchaseOrderReference: (added|missing after)$",
     lambda r, b: r.get("salesOrderReference") and
     (b.get("purchaseOrderReference") == "NA") != (r.get("purchaseOrderReference") == "NA")),
    ("L", r"^/totals/taxAmount: added$",
     lambda r, b: "taxAmount" not in (r.get("totals") or {}) and _dec(b["totals"]["taxAmount"]) ==
     sum((_dec(t.get("taxAmount")) for t in r.get("taxBreakdown") or []), Decimal(0))),
    ("M", r"^(EN16931|XRECHNUNG) errors: BR-CO-15$",
     lambda r, b: _dec(r["totals"]["taxInclusiveAmount"]) !=
     _dec(r["totals"]["taxExclusiveAmount"]) + _dec(r["totals"].get("taxAmount", 0))),
    ("N", r"^XRECHNUNG errors: PEPPOL-EN16931-R055$",
     lambda r, b: (lambda t: "taxAmountInTaxCurrency" in t and
                   (_dec(t["taxAmountInTaxCurrency"]) == 0) != (_dec(t.get("taxAmount", 0)) == 0) and
                   min(_dec(t["taxAmountInTaxCurrency"]), _dec(t.get("taxAmount", 0))) < 0)(r.get("totals") or {})),
    ("K", r"^/lines/\d+/priceDiscount: missing after$",
     lambda r, b: _lines_where(r, b, lambda x, y: "priceDiscount" not in y and _dec(x["priceDiscount"]) == 0)),
]

def reasons_of(diffs, ref, back):
    """The reason letters of a failure, or None when some difference has no documented reason
    (or the documented one does not explain it)."""
    import re
    got = set()
    for d in diffs:
        for letter, pat, _ in REASONS:
            if re.search(pat, d):
                got.add(letter)
                break
        else:
            return None
    for letter, _, check in REASONS:
        if letter in got and check and not check(ref, back):
            return None
    return "".join(sorted(got))

IDOC_KEEP = ("lineNetAmount", "taxExclusiveAmount", "taxAmount", "taxInclusiveAmount", "payableAmount")
IDOC_LINE = ("id", "description", "quantity", "unit", "price", "taxCategory", "taxRate", "netAmount")

def idoc_view(inv):
    """The part of the invoice the IDoc round trip must keep (the issue's list)."""
    t = inv.get("totals") or {}
    return {"totals": {k: t.get(k) for k in IDOC_KEEP},
            "taxBreakdown": [{k: v.get(k) for k in ("category", "rate", "taxableAmount", "taxAmount")}
                             for v in inv.get("taxBreakdown") or []],
            "lines": [{k: l.get(k) for k in IDOC_LINE} for l in inv.get("lines") or []]}

def verdict_ok(cli, path, profile):
    """1 when the validator reports no ERROR finding for path under profile."""
    v = run([cli, "validate", "--profile", profile, "--json", path])
    try:
        res = json.loads(v.stdout)
    except ValueError:
        return False
    return not [e for e in res["errors"] + res["kositResult"]["errors"] if e["severity"] == "ERROR"]

def dir_cases(cli, folder):
    """The valid documents of a folder (EN16931), and those also valid under XRECHNUNG."""
    cases, xr_valid = [], set()
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not name.endswith((".xml", ".json", ".pdf")) or not verdict_ok(cli, path, "EN16931"):
            continue
        cases.append(name)
        with open(path, "rb") as f:
            if b"xrechnung" in f.read() and verdict_ok(cli, path, "XRECHNUNG"):
                xr_valid.add(name)
    return cases, xr_valid

def verdict_checks(args, path, ref, xr_valid):
    """An exported document (CII, UBL or PDF) has no ERROR under EN16931, nor under
    XRECHNUNG when its source is an XRechnung invoice valid under it."""
    problems = []
    profiles = ["EN16931"] + (["XRECHNUNG"] if xr_valid and "xrechnung" in json.dumps(ref.get("processControl") or {}) else [])
    for prof in profiles:
        v = run([args.cli, "validate", "--profile", prof, "--json", path])
        try:
            res = json.loads(v.stdout)
            errs = [e["code"] for e in res["errors"] + res["kositResult"]["errors"] if e["severity"] == "ERROR"]
        except Exception:
            errs = ["no result"]
        if errs:
            problems.append("%s errors: %s" % (prof, ",".join(sorted(set(errs)))))
    return problems

def pdf_checks(args, pdf, ref, case, xr_valid):
    problems = []
    p = run([args.facturx_check, pdf])
    if p.returncode != 0:
        problems.append("facturx-check: " + p.stdout.decode(errors="replace").strip().replace("\n", " | "))
    problems += verdict_checks(args, pdf, ref, xr_valid)
    txt = run(["pdftotext", "-raw", pdf, "-"]).stdout.decode(errors="replace")
    flat = " ".join(txt.split())
    # a word longer than its column is wrapped inside the word: compare without blanks then
    solid = "".join(txt.split())
    want = [ref.get("invoiceNumber") or ""]
    payable = (ref.get("totals") or {}).get("payableAmount")
    if payable is not None:
        want.append(str(payable))
    want += [l.get("description") or "" for l in ref.get("lines") or []]
    for w in want:
        if w and " ".join(str(w).split()) not in flat and "".join(str(w).split()) not in solid:
            problems.append("pdftotext lacks %r" % w[:60])
            break
    return problems

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default="build/bin/einvoice")
    ap.add_argument("--corpus", default="../shared/conformance")
    ap.add_argument("--dir", default=None, help="the valid documents of this folder instead of the corpus")
    ap.add_argument("--generate", default=None, metavar="SEED:COUNT[:DROP]",
                    help="--dir of COUNT invoices of export_stress_gen.py with SEED (and DROP drop "
                         "mutations of --corpus documents), written to a temporary folder")
    ap.add_argument("--targets", default="cii,ubl")
    ap.add_argument("--mapping", default="../shared/samples/mapping.json")
    ap.add_argument("--facturx-check", default="../shared/tools/facturx-check")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--show", type=int, default=40)
    ap.add_argument("--min", type=float, default=95.0)
    ap.add_argument("--idoc-export-mapping", action="store_true",
                    help="export the IDoc with --mapping too (the account's mapping), not the default tables")
    ap.add_argument("--strict", action="store_true",
                    help="fail on any difference without a documented reason")
    args = ap.parse_args()
    cases, xr_valid = [], set()
    if args.generate:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import export_stress_gen
        seed, count, drop = (list(map(int, args.generate.split(":"))) + [0])[:3]
        args.dir = tempfile.mkdtemp(prefix="einv-stress-")
        export_stress_gen.generate(args.dir, seed, count, args.corpus if drop else None, drop)
    if args.dir:
        cases, xr_valid = dir_cases(args.cli, args.dir)
        base = args.dir
    else:
        base = os.path.join(args.corpus, "cases")
        for line in open(os.path.join(args.corpus, "expected.jsonl")):
            d = json.loads(line)
            if d["profile"] == "EN16931" and not d["fatal"]:
                cases.append(d["case"])
            if d["profile"] == "XRECHNUNG" and not d["fatal"]:
                xr_valid.add(d["case"])
    if args.limit:
        cases = cases[:args.limit]
    targets = args.targets.split(",")
    ok = {t: 0 for t in targets}
    failures, unexplained = [], []
    tmp = tempfile.mkdtemp(prefix="einv-rt-")
    for case in cases:
        src = os.path.join(base, case)
        ref, why = canonical(args.cli, src, "EN16931")
        if ref is None:
            for t in targets:
                failures.append((t, case, "source not converted: " + why[:200]))
            continue
        for t in targets:
            out = os.path.join(tmp, "out." + ("pdf" if t == "facturx" else "xml"))
            cmd = [args.cli, "convert", "--to", t, "--profile", "EN16931", src, "-o", out]
            if t == "idoc" and args.idoc_export_mapping:
                cmd[2:2] = ["--mapping", args.mapping]
            p = run(cmd)
            if p.returncode != 0:
                why = p.stderr.decode(errors="replace").strip()
                failures.append((t, case, "export failed: " + why[:300]))
                unexplained.append((t, case))
                continue
            back, why = canonical(args.cli, out, "EN16931", mapping=args.mapping if t == "idoc" else None,
                                  fmt="idoc" if t == "idoc" else None)
            if back is None:
                failures.append((t, case, "read-back failed: " + why[:300]))
                unexplained.append((t, case))
                continue
            d = diff(idoc_view(ref), idoc_view(back)) if t == "idoc" else diff(ref, back)
            if t == "facturx":
                d += pdf_checks(args, out, ref, case, case in xr_valid)
            elif t != "idoc":
                d += verdict_checks(args, out, ref, case in xr_valid)
            if d:
                why = reasons_of(d, ref, back) if t != "idoc" else None   # the IDoc has no documented difference
                if why is None:
                    unexplained.append((t, case))
                failures.append((t, case, ("[%s] " % why if why else "") + "; ".join(d[:6]) + (" ..." if len(d) > 6 else "")))
            else:
                ok[t] += 1
    for t, case, why in failures[:args.show]:
        print("FAIL %-8s %s: %s" % (t, case, why))
    status = 0
    for t in targets:
        pct = 100.0 * ok[t] / len(cases) if cases else 0.0
        print("%-8s %d/%d documents round-trip (%.2f%%)" % (t, ok[t], len(cases), pct))
        if pct < args.min:
            status = 1
    if args.strict:
        for t, case in unexplained:
            print("UNEXPLAINED %s %s" % (t, case))
        print("%d failures without a documented reason" % len(unexplained))
        if unexplained:
            status = 1
    shutil.rmtree(tmp, ignore_errors=True)
    if args.generate:
        shutil.rmtree(args.dir, ignore_errors=True)
    return status

if __name__ == "__main__":
    sys.exit(main())
