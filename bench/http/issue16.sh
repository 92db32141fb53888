#!/usr/bin/env bash
# The protocol of issue 16 in one command: for SQLite and PostgreSQL, bench/http/run.sh with 16
# and 64 connections (closed loop), 3 runs each, then an open-loop run at 70 % of the median
# verdicts/s measured with 16 connections, 3 runs; prints one table of medians (and each run's
# RESULT line above it). Needs a PostgreSQL URL (--pg URL or EINV_TEST_PG_URL; without one the
# PostgreSQL rows are skipped).
#
# Takes about 10 minutes (18 runs of ~25 s plus builds): run it on a quiet machine.
# usage: bench/http/issue16.sh [--pg URL] [-d SECONDS (15)] [-n RUNS (3)] [-B BUILD_DIR]
#                              [--only sqlite|postgresql]
set -euo pipefail
cd "$(dirname "$0")/../.."
PG=${EINV_TEST_PG_URL:-}; SECS=15; RUNS=3; BDIR=""; ONLY=""
while [ $# -gt 0 ]; do
  case $1 in
    --pg) PG=$2; shift 2 ;;
    -d) SECS=$2; shift 2 ;;
    -n) RUNS=$2; shift 2 ;;
    -B) BDIR=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    *) echo "usage: $0 [--pg URL] [-d SECONDS] [-n RUNS] [-B BUILD_DIR] [--only sqlite|postgresql]" >&2; exit 2 ;;
  esac
done
if [ -z "$BDIR" ]; then
  echo "== build (Release, build-bench)"
  mkdir -p build-bench
  { cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DEINV_TESTS=OFF &&
    cmake --build build-bench -j"$(nproc)"; } >build-bench/issue16-build.log 2>&1 ||
    [ -x build-bench/bin/einvoiced ] || { echo "build failed: build-bench/issue16-build.log" >&2; exit 1; }
  BDIR=build-bench
fi
OUT=$(mktemp /tmp/einv-issue16.XXXXXX)
trap 'rm -f "$OUT"' EXIT
echo "== $(date -u +%FT%TZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

# one_run STORE ARGS...: one run.sh run; prints and records its RESULT line as "STORE MODE k=v ..."
one_run() {
  local store=$1 mode=$2; shift 2
  local line
  line=$(EINV_TEST_PG_URL="$PG" bash bench/http/run.sh -B "$BDIR" --only "$store" -d "$SECS" "$@" 2>&1 |
         grep '^RESULT ' | tail -n 1 || true)
  [ -n "$line" ] || line="RESULT failed=1"
  echo "$store $mode ${line#RESULT }" | tee -a "$OUT"
}

# median STORE MODE KEY: the median of KEY over the runs recorded for STORE and MODE
median() {
  awk -v s="$1" -v m="$2" -v k="$3" '$1 == s && $2 == m {
      for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == k) v[n++] = kv[2] + 0 } }
    END { if (!n) { print "-"; exit }
          for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
          print v[int((n - 1) / 2)] }' "$OUT"
}

STORES=sqlite
[ -n "$PG" ] && STORES="sqlite postgresql"
case $ONLY in
  "") ;;
  sqlite) STORES=sqlite ;;
  postgresql) [ -n "$PG" ] || { echo "--only postgresql needs --pg URL" >&2; exit 2; }; STORES=postgresql ;;
  *) echo "--only takes sqlite or postgresql" >&2; exit 2 ;;
esac
for store in $STORES; do
  for c in 16 64; do
    for _ in $(seq "$RUNS"); do one_run "$store" "c$c" -c "$c"; done
  done
  rate=$(awk -v v="$(median "$store" c16 verdicts_during_s)" 'BEGIN { printf "%d", v * 0.7 }')
  if [ "${rate:-0}" -gt 0 ]; then
    for _ in $(seq "$RUNS"); do one_run "$store" "open$rate" -c 64 -r "$rate"; done
  fi
done

echo
echo "| store | load | accepted/s | verdicts/s during the load | last verdict after the end | 503 | submit→verdict p50 / p99 | 202 p50 / p99 | peak RSS |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
for store in $STORES; do
  for mode in $(awk -v s="$store" '$1 == s { print $2 }' "$OUT" | uniq); do
    case $mode in c*) label="${mode#c} conns, closed" ;; open*) label="open loop, ${mode#open}/s, 64 conns" ;; esac
    printf '| %s | %s | %s | %s | %s s | %s | %s / %s ms | %s / %s ms | %s MiB |\n' "$store" "$label" \
      "$(median "$store" "$mode" accepted_s)" "$(median "$store" "$mode" verdicts_during_s)" \
      "$(median "$store" "$mode" last_after_s)" "$(median "$store" "$mode" n503)" \
      "$(median "$store" "$mode" verdict_50_ms)" "$(median "$store" "$mode" verdict_99_ms)" \
      "$(median "$store" "$mode" p202_50_ms)" "$(median "$store" "$mode" p202_99_ms)" \
      "$(median "$store" "$mode" rss_mib)"
  done
done
echo "(each figure the median of $RUNS runs of $SECS s; sample UBL invoice, EN16931, default settings)"
