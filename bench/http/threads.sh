#!/usr/bin/env bash
# Where einvoiced's CPU goes by thread under load: starts the server (SQLite, or PostgreSQL
# with --pg URL), runs bench/http/load.c, and prints the CPU time (utime+stime) each kind of
# thread used during the load (the committer of the group commits, CivetWeb's HTTP threads,
# the validation workers, the PostgreSQL verdict batcher, ...), with the whole process's and
# the load generator's, and the syscalls per verdict with -s (strace -c -f; slows the run).
# usage: bench/http/threads.sh [--pg URL] [-c CONNS (16)] [-d SECONDS (6)] [-s]
#   SERVER=path/einvoiced PLUGINS=path/lib/einvoice select a build (default: build-bench)
set -euo pipefail
cd "$(dirname "$0")/../.."
PG=""; CONNS=16; SECS=6; STORE=sqlite; STRACE=0
while [ $# -gt 0 ]; do
  case $1 in
    --pg) PG=$2; STORE=postgresql; shift 2 ;;
    -c) CONNS=$2; shift 2 ;;
    -d) SECS=$2; shift 2 ;;
    -s) STRACE=1; shift ;;
    *) echo "usage: $0 [--pg URL] [-c CONNS] [-d SECONDS] [-s]" >&2; exit 2 ;;
  esac
done
SERVER=${SERVER:-}; PLUGINS=${PLUGINS:-}
TMP=$(mktemp -d /tmp/einv-threads.XXXXXX)
. bench/http/server_lib.sh
trap 'srv_cleanup; rm -rf "$TMP"' EXIT
srv_build http-threads
cc -std=c11 -O2 -Wall -pthread -o "$TMP/load" bench/http/load.c
srv_db "$STORE"
srv_start "$STORE" "$DB"
snap() { for t in /proc/"$SPID"/task/*; do echo "$(basename "$t") $(awk '{print $14+$15}' "$t/stat")"; done | sort; }
snap >"$TMP/a"
P0=$(awk '{print $14+$15}' /proc/"$SPID"/stat)
STR=""
if [ "$STRACE" = 1 ]; then
  strace -c -f -p "$SPID" -o "$TMP/strace.txt" 2>/dev/null & STR=$!
  sleep 0.5
fi
/usr/bin/time -f "load generator: %U s user, %S s system" env EINV_LOAD_KEY="$KEY" "$TMP/load" -p "$PORT" \
  -f tests/data/ubl/sample-invoice.xml -c "$CONNS" -d "$SECS" -T 60 >"$TMP/load.out" 2>"$TMP/time.txt" || true
[ -n "$STR" ] && { kill -INT "$STR"; wait "$STR" 2>/dev/null || true; }
snap >"$TMP/b"
P1=$(awk '{print $14+$15}' /proc/"$SPID"/stat)
grep -E '^(accepted|completed)/s|^RESULT' "$TMP/load.out"
tail -n 1 "$TMP/time.txt"
gdb -p "$SPID" -batch -ex "thread apply all bt 24" >"$TMP/bt.txt" 2>/dev/null || true
join -a2 -e0 -o 0,1.2,2.2 "$TMP/a" "$TMP/b" | awk '{print $1, $3-$2}' >"$TMP/d"
echo "einvoiced: $(( (P1 - P0) * 10 )) ms of CPU in the load's $SECS s (threads that ended are counted here only)"
python3 - "$TMP/d" "$TMP/bt.txt" "$(awk '/^completed/{print $3}' "$TMP/load.out" | tr -d '(')" <<'PY'
import sys, re, collections
ticks = dict(l.split() for l in open(sys.argv[1]))
bt = open(sys.argv[2]).read()
kinds = ['committer', 'batcher', 'submitter', 'civetweb-worker', 'civetweb-master', 'worker_main', 'keeper_main',
         'webhooks', 'conn_guard', 'lis_', 'sigwait']
kind = {}
for m in re.finditer(r'Thread \d+ \(Thread 0x[0-9a-f]+ \(LWP (\d+)\)[^\n]*\n((?:#.*\n)+)', bt):
    kind[m.group(1)] = next((k for k in kinds if k in m.group(0)), 'other')
tot = collections.Counter()
for tid, t in ticks.items():
    tot[kind.get(tid, 'ended')] += int(t)
verdicts = float(sys.argv[3] or 0)
for k, v in tot.most_common():
    per = f"  {10000 * v / verdicts:6.1f} us a verdict" if verdicts else ""
    print(f"  {k:16s} {10 * v:7d} ms{per}")
PY
if [ "$STRACE" = 1 ]; then
  n=$(awk '/^completed/{print $3}' "$TMP/load.out" | tr -d '(')
  echo "== syscalls a verdict (strace -c -f; $n verdicts)"
  awk -v n="$n" '$1 ~ /^[0-9.]+$/ && NF >= 5 { c = ($4 ~ /^[0-9]+$/) ? $4 : 0; printf "  %-16s %8.1f\n", $NF, c / n }' "$TMP/strace.txt" | sort -k2 -n -r | head -15
fi
srv_stop
