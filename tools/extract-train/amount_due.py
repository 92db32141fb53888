#!/usr/bin/env python3
"""The amount-due check of docs/extraction.md: on every document of a set the extracted
amount due is exact, or it is null, or its confidence is under 0.5 (a clerk is told to check
it); and no document whose page prints a total is refused as not an invoice.

usage: amount_due.py --dir DIR [--cli 'build/bin/einvoice extract --tier {tier} {file}']
                     [--tier FAST] [--jobs 2]
DIR holds index.jsonl and the truth files (shared/extraction layout). Prints one line per
document that breaks the rule and a summary line; exits 1 when any does.
"""
import argparse, concurrent.futures as cf, json, os, shlex, subprocess, sys
from decimal import Decimal


def run(args, doc):
    cmd = [w.replace("{file}", os.path.join(args.dir, doc["pdf"])).replace("{tier}", args.tier)
           for w in shlex.split(args.cli)]
    p = subprocess.run(cmd, capture_output=True, timeout=300)
    try:
        out = json.loads(p.stdout.decode("utf-8", "replace").strip().splitlines()[-1])
    except (ValueError, IndexError):
        return doc, "no JSON output (exit %d)" % p.returncode
    truth = json.load(open(os.path.join(args.dir, doc["truth"]), encoding="utf-8"))
    want = (truth.get("totals") or {}).get("payableAmount")
    skip = set(doc.get("notCounted") or ())
    canon = out.get("canonicalJson")
    if canon is None:
        rules = [f.get("rule") or f.get("code") for f in out.get("findings") or []]
        if want is not None and "EXTRACTION-NOT-AN-INVOICE" in rules:
            return doc, "refused as not an invoice although the page prints a total"
        return doc, None
    if want is None or "totals.payableAmount" in skip:
        return doc, None
    got = (canon.get("totals") or {}).get("payableAmount")
    conf = (out.get("confidence") or {}).get("/totals/payableAmount", 1.0)
    if got is None or Decimal(str(got)) == Decimal(want) or conf < 0.5:
        return doc, None
    return doc, "amount due %s with confidence %.2f, the page says %s" % (got, conf, want)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--cli", default="build/bin/einvoice extract --tier {tier} {file}")
    ap.add_argument("--tier", default="FAST")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    docs = [json.loads(l) for l in open(os.path.join(args.dir, "index.jsonl"), encoding="utf-8") if l.strip()]
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        results = list(ex.map(lambda d: run(args, d), docs))
    bad = [(d, why) for d, why in results if why]
    for d, why in bad:
        print("%s (%s, %s): %s" % (d["id"], d.get("layout"), d.get("kind"), why))
    print("amount due: %d documents, %d exact or flagged, %d confidently wrong or refused (%s)" % (
        len(docs), len(docs) - len(bad), len(bad), args.tier))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
