#!/usr/bin/env bash
# Where einvoiced's time goes under load: starts the server (SQLite, or PostgreSQL with --pg
# URL / EINV_TEST_PG_URL), runs bench/http/load.c against it and records the server with
# `perf record -F 2000 -g` (cpu-clock) for the whole load; prints the top of `perf report`
# by self time and by children, grouped by shared object and symbol.
# usage: bench/http/profile.sh [--pg URL] [-c CONNS] [-d SECONDS] [-o OUTDIR]
#   SERVER=path/einvoiced PLUGINS=path/lib/einvoice select a build (default: build-bench)
set -euo pipefail
cd "$(dirname "$0")/../.."
PG=""; CONNS=16; SECS=10; OUT=""; STORE=sqlite
while [ $# -gt 0 ]; do
  case $1 in
    --pg) PG=$2; STORE=postgresql; shift 2 ;;
    -c) CONNS=$2; shift 2 ;;
    -d) SECS=$2; shift 2 ;;
    -o) OUT=$2; shift 2 ;;
    *) echo "usage: $0 [--pg URL] [-c CONNS] [-d SECONDS] [-o OUTDIR]" >&2; exit 2 ;;
  esac
done
SERVER=${SERVER:-}; PLUGINS=${PLUGINS:-}
TMP=$(mktemp -d /tmp/einv-prof.XXXXXX)
OUT=${OUT:-$TMP}; mkdir -p "$OUT"
. bench/http/server_lib.sh
trap 'srv_cleanup; [ "$OUT" = "$TMP" ] || rm -rf "$TMP"' EXIT
srv_build http-profile
LOAD=$TMP/load
cc -std=c11 -O2 -Wall -pthread -o "$LOAD" bench/http/load.c
srv_db "$STORE"
srv_start "$STORE" "$DB"
perf record -F ${PERF_FREQ:-2000} ${PERF_CALLGRAPH:--g} -o "$OUT/perf-$STORE.data" -p "$SPID" -- sleep "$((SECS + 3))" 2>"$OUT/perf-$STORE.log" &
PERF=$!
EINV_LOAD_KEY=$KEY "$LOAD" -p "$PORT" -f tests/data/ubl/sample-invoice.xml -c "$CONNS" -d "$SECS" -T 60 || true
wait "$PERF" || true
srv_stop
echo "== perf, $STORE, self time by object"
perf report -i "$OUT/perf-$STORE.data" --no-children --sort dso --stdio 2>/dev/null | grep -v '^#' | grep -v '^$' | head -15
echo "== perf, $STORE, self time by symbol"
perf report -i "$OUT/perf-$STORE.data" --no-children --sort dso,sym --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -40
echo "== perf, $STORE, with children (einvoiced's own functions)"
perf report -i "$OUT/perf-$STORE.data" --children --sort sym --stdio -g none 2>/dev/null | grep -v '^#' | grep -v '^$' | head -60
