#!/usr/bin/env bash
# Issue 9 item 1: PDF stream bombs against the CLI. Generates (pdf_bombs.py) the
# double-Flate factur-x.xml that decodes to 1 GiB (a ~4 KB file), the 8 GiB variant
# (~20 KB), the 1 GiB bomb as the cross-reference stream qpdf decodes while opening the
# file, and 300 such bombs as the object streams of 300 name-tree entries (0.8 MB);
# validates each with einvoice validate --json and prints wall time, peak RSS and the
# findings. Targets: refused in <= 5 s with peak RSS <= 300 MB, each.
# usage: bench/limits/pdf_bombs.sh [BUILD_DIR]   (default build-b; needs python3, /usr/bin/time)
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${1:-build-b}
CLI=$BUILD/bin/einvoice
[ -x "$CLI" ] || { echo "no $CLI: build first" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 bench/limits/pdf_bombs.py 1 "$tmp/flate2-1gib.pdf"
python3 bench/limits/pdf_bombs.py 8 "$tmp/flate2-8gib.pdf"
python3 bench/limits/pdf_bombs.py 1 "$tmp/xref-1gib.pdf" xref
python3 bench/limits/pdf_bombs.py 1 "$tmp/objstm-300x1gib.pdf" many=300
fail=0
printf '%-18s %9s %8s %12s  %s\n' input bytes wall_s peak_rss_mb findings
for f in flate2-1gib flate2-8gib xref-1gib objstm-300x1gib; do
  pdf=$tmp/$f.pdf
  set +e
  /usr/bin/time -f '%e %M' -o "$tmp/time" "$CLI" validate --profile EN16931 --json "$pdf" > "$tmp/out"
  set -e
  read -r wall rss_kb < <(tail -n 1 "$tmp/time")
  codes=$(python3 -c 'import json,sys; print(" ".join(sorted({e["code"] for e in json.load(open(sys.argv[1]))["errors"]})))' "$tmp/out")
  rss_mb=$((rss_kb / 1024))
  printf '%-18s %9d %8s %12d  %s\n' "$f" "$(stat -c %s "$pdf")" "$wall" "$rss_mb" "$codes"
  if ! awk -v w="$wall" 'BEGIN{exit !(w <= 5)}' || [ "$rss_mb" -gt 300 ] || [[ $codes != *LIMIT-PDF-DECODED* ]]; then
    echo "  MISSES THE TARGET (<= 5 s, <= 300 MB, LIMIT-PDF-DECODED)"; fail=1
  fi
done
echo "conditions: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
exit $fail
