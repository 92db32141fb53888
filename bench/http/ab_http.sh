#!/usr/bin/env bash
# A/B HTTP throughput of two revisions of einvoiced (e.g. before and after the metrics and the
# logger: bench/http/ab_http.sh 0b65ce1^ HEAD): builds each (git archive, Release, no tests)
# in a temp dir, then runs bench/http/load.c against each on a fresh SQLite database,
# alternately, ROUNDS times, so both see the same machine load. Loopback only.
#   bench/http/ab_http.sh REV_A REV_B [-c CONNS] [-d SECONDS] [-f FILE]
# Env: ROUNDS (default 3). Prints load.c's lines (accepted/s, p50/p99 of the 202, ...) per run.
# What the observability itself costs per call, without the network: build/bin/metrics_cost.
set -euo pipefail
a=${1:?usage: ab_http.sh REV_A REV_B [-c CONNS] [-d SECONDS] [-f FILE]}
b=${2:?usage: ab_http.sh REV_A REV_B [-c CONNS] [-d SECONDS] [-f FILE]}
shift 2
CONNS=16; SECS=10; rounds=${ROUNDS:-3}
top=$(cd "$(dirname "$0")/../.." && pwd)
FILE=$top/tests/data/ubl/sample-invoice.xml
while [ $# -gt 0 ]; do
  case $1 in
    -c) CONNS=$2; shift 2 ;;
    -d) SECS=$2; shift 2 ;;
    -f) FILE=$2; shift 2 ;;
    *) echo "usage: ab_http.sh REV_A REV_B [-c CONNS] [-d SECONDS] [-f FILE]" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp -d /tmp/einv-abhttp.XXXXXX)
SPID=""
cleanup() {
  if [ -n "$SPID" ]; then kill "$SPID" 2>/dev/null || true; wait "$SPID" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
cc -std=c11 -O2 -Wall -pthread -o "$tmp/load" "$top/bench/http/load.c"
for rev in "$a" "$b"; do
  d=$tmp/$(echo "$rev" | tr -c 'A-Za-z0-9\n' _)
  mkdir -p "$d"
  git -C "$top" archive "$rev" | tar -x -C "$d"
  cmake -S "$d" -B "$d/b" -DCMAKE_BUILD_TYPE=Release -DEINV_TESTS=OFF >/dev/null
  cmake --build "$d/b" -j2 >"$d.log" 2>&1 || { tail -20 "$d.log"; exit 1; }
done

run() {   # $1 = revision
  local d=$tmp/$(echo "$1" | tr -c 'A-Za-z0-9\n' _) port key db
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  db=$tmp/run-$RANDOM.db
  export EINV_DATABASE=sqlite:$db EINV_LISTEN=127.0.0.1:$port EINV_PLUGIN_DIR=$d/b/lib/einvoice
  "$d/b/bin/einvoiced" admin create-account --email bench@load.test --plan PRO >/dev/null
  key=$("$d/b/bin/einvoiced" admin create-key --email bench@load.test --name load | tail -n 1)
  "$d/b/bin/einvoiced" >"$tmp/server.log" 2>&1 &
  SPID=$!
  for _ in $(seq 100); do
    python3 -c 'import sys,urllib.request as u; u.urlopen("http://127.0.0.1:%s/api/health" % sys.argv[1], timeout=1)' "$port" 2>/dev/null && break
    sleep 0.1
  done
  EINV_LOAD_KEY=$key "$tmp/load" -p "$port" -f "$FILE" -c "$CONNS" -d "$SECS" -T 120 || echo "(not every invoice reached a verdict)"
  kill "$SPID"; wait "$SPID" 2>/dev/null || true; SPID=""
  rm -f "$db" "$db"-*
}

echo "== $a vs $b: SQLite, $CONNS connections, $SECS s, $rounds rounds; $(uptime)"
for ((i = 1; i <= rounds; i++)); do
  for rev in "$a" "$b"; do
    echo "-- $rev (round $i)"
    run "$rev"
  done
done
