#!/usr/bin/env bash
# einvoice validate over a batch: wall time and files/s for --jobs 1 and --jobs N, with and
# without reports (JUnit + SARIF + HTML into a folder), and the peak RSS of the run.
#
#   bash bench/cli/validate_batch.sh [CLI] [FILES] [JOBS]
#     CLI    default build/bin/einvoice
#     FILES  batch size, default 2000 (copies of the UBL and CII samples and an invalid
#            variant, one third each)
#     JOBS   default 2 (the machine's cores)
#
# Prints one line per configuration; the lead re-runs it on a quiet machine (figures taken
# while others build are noisy). Needs /usr/bin/time.
set -euo pipefail
CLI=${1:-build/bin/einvoice}
N=${2:-2000}
JOBS=${3:-2}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/in"
sed 's|<cbc:PayableAmount currencyID="EUR">299.88|<cbc:PayableAmount currencyID="EUR">298.88|' \
  "$SRC/tests/data/ubl/sample-invoice.xml" > "$tmp/bad.xml"
for i in $(seq 1 "$N"); do
  case $((i % 3)) in
    0) cp "$SRC/tests/data/ubl/sample-invoice.xml" "$tmp/in/$i.xml" ;;
    1) cp "$SRC/tests/data/cii/sample-invoice.xml" "$tmp/in/$i.xml" ;;
    2) cp "$tmp/bad.xml" "$tmp/in/$i.xml" ;;
  esac
done
run() {   # label, extra options...
  local label=$1; shift
  /usr/bin/time -f '%e %M' -o "$tmp/time" "$CLI" validate --profile EN16931 --no-progress "$@" "$tmp/in" \
    > /dev/null 2>"$tmp/err" || true
  read -r wall rss < <(tail -n 1 "$tmp/time")
  awk -v l="$label" -v w="$wall" -v r="$rss" -v n="$N" \
    'BEGIN { printf "%-34s %6d files  %7.2f s  %8.0f files/s  peak RSS %6.1f MiB\n", l, n, w, (w > 0 ? n / w : 0), r / 1024 }'
}
echo "einvoice validate, $N files ($(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ))"
run "--json, --jobs 1" --json --jobs 1
run "--json, --jobs $JOBS" --json --jobs "$JOBS"
run "reports junit,sarif,html, --jobs 1" --report junit,sarif,html -o "$tmp/rep1" --jobs 1
run "reports junit,sarif,html, --jobs $JOBS" --report junit,sarif,html -o "$tmp/repN" --jobs "$JOBS"
