#!/usr/bin/env bash
# Slow clients against einvoiced (issue 9 item 4): 200 connections sending one header byte
# per second (reopened when closed) for 30 s, a /api/health probe every 2 s with a 2 s
# timeout, and an invoice submitted every second; on SQLite and (with --pg URL or
# EINV_TEST_PG_URL) PostgreSQL. Prints bench/http/slowloris.py's figures per store; the
# target is >= 80 % of probes answered within 2 s and every submission accepted.
# usage: bench/http/slowloris.sh [--pg URL] [-c CONNS] [-d SECONDS] [--bin EINVOICED --plugins DIR]
#   --bin/--plugins measure another build (e.g. one from an older commit) the same way.
set -euo pipefail
cd "$(dirname "$0")/../.."
PG=${EINV_TEST_PG_URL:-}
CONNS=200; SECS=30; SERVER=""; PLUGINS=""
while [ $# -gt 0 ]; do
  case $1 in
    --pg) PG=$2; shift 2 ;;
    -c) CONNS=$2; shift 2 ;;
    -d) SECS=$2; shift 2 ;;
    --bin) SERVER=$2; shift 2 ;;
    --plugins) PLUGINS=$2; shift 2 ;;
    *) echo "usage: $0 [--pg URL] [-c CONNS] [-d SECONDS] [--bin EINVOICED --plugins DIR]" >&2; exit 2 ;;
  esac
done
TMP=$(mktemp -d /tmp/einv-slowloris.XXXXXX)
. bench/http/server_lib.sh
srv_build slowloris-build
trap 'srv_cleanup; rm -rf "$TMP"' EXIT
echo "== conditions: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $CONNS slow connections, $SECS s"

run() {   # $1 = sqlite|postgresql
  srv_db "$1"
  srv_start "$1" "$DB" || return 1
  echo "== $1"
  python3 bench/http/slowloris.py --port "$PORT" --conns "$CONNS" --duration "$SECS" \
    --probe-every 2 --probe-timeout 2 --key "$KEY" --file tests/data/ubl/sample-invoice.xml \
    --submit-every 1 || echo "(below target)"
  echo "threads in einvoiced at the end: $(ls /proc/$SPID/task | wc -l)"
  srv_cleanup
}
run sqlite
if [ -n "$PG" ]; then run postgresql; else echo "== PostgreSQL: skipped (no --pg URL and EINV_TEST_PG_URL not set)"; fi
