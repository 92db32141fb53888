#!/usr/bin/env bash
# Extraction benchmark (docs/extraction.md): seconds per page per tier and peak RSS of
# `einvoice extract`, one process per document as the scorer runs it.
#   bench/extract_bench.sh [BUILD_DIR] [CORPUS_DIR] [TIERS]
# CORPUS_DIR holds index.jsonl and the PDFs (default ../shared/extraction); TIERS "FAST ACCURATE".
# Prints one line per tier: docs, pages, median and p90 s/page (all, text, scans), max peak
# RSS (MiB), and the readings made (the output's "tier" and "readings": a scan read under
# ACCURATE shows 2-4 readings, FAST always 1; a tier the output does not echo is an error).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
CORPUS=${2:-../shared/extraction}
TIERS=${3:-FAST ACCURATE}
for tier in $TIERS; do
  /usr/bin/python3 - "$BUILD/bin/einvoice" "$CORPUS" "$tier" <<'PY'
import json, os, subprocess, sys, tempfile, time
cli, corpus, tier = sys.argv[1:4]
docs = [json.loads(l) for l in open(os.path.join(corpus, "index.jsonl")) if l.strip()]
per_page, rss, pages, kinds, readings = [], [], 0, {}, {}
for d in docs:
    with tempfile.NamedTemporaryFile() as tf:
        t0 = time.monotonic()
        p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", tf.name, cli, "extract", "--tier", tier,
                            os.path.join(corpus, d["pdf"])], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        dt = time.monotonic() - t0
        rss.append(int(open(tf.name).read().split()[-1]) / 1024)
    try:
        out = json.loads(p.stdout.decode())
    except ValueError:
        out = None
    if p.returncode not in (0, 1) or not out:
        sys.exit("extract_bench: %s: einvoice extract failed (exit %d)" % (d["pdf"], p.returncode))
    if out.get("canonicalJson") is not None and out.get("tier") != tier:
        sys.exit("extract_bench: %s ran tier %r, not %s" % (d["pdf"], out.get("tier"), tier))
    readings.setdefault(d.get("kind", "?"), []).append(out.get("readings", 0))
    n = d.get("pages") or 1
    pages += n
    per_page.append(dt / n)
    kinds.setdefault(d.get("kind", "?"), []).append(dt / n)
def q(v, f):
    v = sorted(v)
    return v[min(len(v) - 1, int(f * len(v)))] if v else 0
print("extract %-8s docs %d pages %d s/page median %.2f p90 %.2f; %s; peak RSS max %.0f MiB; readings %s" % (
    tier, len(docs), pages, q(per_page, 0.5), q(per_page, 0.9),
    ", ".join("%s median %.2f" % (k, q(v, 0.5)) for k, v in sorted(kinds.items())), max(rss) if rss else 0,
    ", ".join("%s mean %.1f" % (k, sum(v) / len(v)) for k, v in sorted(readings.items()))))
PY
done
