#!/usr/bin/env bash
# HTTP throughput benchmark of einvoiced: builds Release (build-bench), starts the server on
# SQLite (and on PostgreSQL when --pg URL or EINV_TEST_PG_URL is given: a fresh database is
# created from the URL and dropped afterwards) with a PRO account key without quota, and runs
# bench/http/load.c against it: C connections submitting a typical UBL invoice for D seconds,
# then following every accepted invoice to its verdict. Loopback only.
# usage: bench/http/run.sh [--pg URL] [-c CONNS] [-d SECONDS] [-w WORKERS] [-f FILE]
#                          [-r RATE] [--only sqlite|postgresql] [-B BUILD_DIR]
#   defaults: 32 connections, 20 s, server's default worker count, tests/data/ubl/sample-invoice.xml
#   -r RATE   open loop: RATE submits/s offered (bench/http/load.c -r) instead of as fast as
#             the connections go
#   -B DIR    use DIR/bin/einvoiced and DIR/lib/einvoice as built (no build-bench build)
# Every run also prints the server's peak RSS and a "RESULT k=v ..." line (bench/http/issue16.sh
# collects those).
set -euo pipefail
cd "$(dirname "$0")/../.."
PG=${EINV_TEST_PG_URL:-}
CONNS=32; SECS=20; WORKERS=""; FILE=tests/data/ubl/sample-invoice.xml; RATE=""; ONLY=""; BDIR=
while [ $# -gt 0 ]; do
  case $1 in
    --pg) PG=$2; shift 2 ;;
    -c) CONNS=$2; shift 2 ;;
    -d) SECS=$2; shift 2 ;;
    -w) WORKERS=$2; shift 2 ;;
    -f) FILE=$2; shift 2 ;;
    -r) RATE=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    -B) BDIR=$2; shift 2 ;;
    *) echo "usage: $0 [--pg URL] [-c CONNS] [-d SECONDS] [-w WORKERS] [-f FILE] [-r RATE] [--only sqlite|postgresql] [-B BUILD_DIR]" >&2; exit 2 ;;
  esac
done

if [ -z "$BDIR" ]; then
  BDIR=build-bench
  echo "== build (Release, build-bench)"
  mkdir -p build-bench
  if ! { cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DEINV_TESTS=OFF &&
         cmake --build build-bench -j"$(nproc)"; } >build-bench/http-bench-build.log 2>&1; then
    grep -E 'error|Error' build-bench/http-bench-build.log | head -n 10
    # a module of another part of the tree may be broken mid-edit: go on with what was built
    [ -x build-bench/bin/einvoiced ] || exit 1
    echo "WARNING: the build failed (build-bench/http-bench-build.log); using the einvoiced and plugins built"
  fi
fi
BDIR=$(cd "$BDIR" && pwd)
LOAD=$(mktemp /tmp/einv-httpload.XXXXXX)
cc -std=c11 -O2 -Wall -pthread -o "$LOAD" bench/http/load.c
SERVER=$BDIR/bin/einvoiced
[ -x "$SERVER" ] || { echo "no $SERVER (service not built)" >&2; exit 1; }

TMP=$(mktemp -d /tmp/einv-httpbench.XXXXXX)
SPID=""; PGDB=""
cleanup() {
  if [ -n "$SPID" ]; then kill "$SPID" 2>/dev/null || true; wait "$SPID" 2>/dev/null || true; fi
  if [ -n "$PGDB" ]; then psql "$PG" -qc "drop database if exists $PGDB with (force)" >/dev/null 2>&1 || true; fi
  rm -rf "$TMP" "$LOAD"
}
trap cleanup EXIT

bench() {   # $1 = label, $2 = EINV_DATABASE
  local label=$1 db=$2 port key
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  export EINV_DATABASE=$db EINV_LISTEN=127.0.0.1:$port EINV_PLUGIN_DIR=$BDIR/lib/einvoice
  if [ -n "$WORKERS" ]; then export EINV_WORKERS=$WORKERS; else unset EINV_WORKERS; fi
  "$SERVER" admin create-account --email bench@load.test --plan PRO >/dev/null
  key=$("$SERVER" admin create-key --email bench@load.test --name load | tail -n 1)
  "$SERVER" >"$TMP/$label.log" 2>&1 &
  SPID=$!
  for _ in $(seq 100); do
    python3 -c 'import sys,urllib.request as u; u.urlopen("http://127.0.0.1:%s/api/health" % sys.argv[1], timeout=1)' "$port" 2>/dev/null && break
    kill -0 "$SPID" 2>/dev/null || { echo "einvoiced exited:"; tail -n 20 "$TMP/$label.log"; return 1; }
    sleep 0.1
  done
  echo "== $label: $db, workers ${WORKERS:-default}, $CONNS connections, $SECS s"
  EINV_LOAD_KEY=$key "$LOAD" -p "$port" -f "$FILE" -c "$CONNS" -d "$SECS" -T 300 -S "$SPID" \
    ${RATE:+-r "$RATE"} || echo "(not every invoice reached a verdict)"
  kill "$SPID"; wait "$SPID" 2>/dev/null || true; SPID=""
}

[ "$ONLY" = postgresql ] || bench SQLite "sqlite:$TMP/bench.db"
if [ "$ONLY" = sqlite ]; then
  :
elif [ -n "$PG" ]; then
  PGDB=einv_bench_$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')
  psql "$PG" -v ON_ERROR_STOP=1 -qc "create database $PGDB" >/dev/null
  PGURL=$(python3 -c 'import sys,urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(u.urlunsplit((p.scheme,p.netloc,"/"+sys.argv[2],p.query,p.fragment)))' "$PG" "$PGDB")
  bench PostgreSQL "$PGURL"
else
  echo "== PostgreSQL: skipped (no --pg URL and EINV_TEST_PG_URL not set)"
fi
