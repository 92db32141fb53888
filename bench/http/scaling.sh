#!/usr/bin/env bash
# Capacity of one PostgreSQL primary (docs/scaling.md): for 1, 2 and 4 einvoiced instances on
# one fresh database (loopback), each instance gets its own account and a load of C/N
# connections from its own bench/http/load.c, all at once for D seconds; prints the sum of
# verdicts/s during the load, and what PostgreSQL wrote per invoice: WAL bytes
# (pg_current_wal_lsn before and after), the table bytes (pg_total_relation_size of the
# service's tables over the invoices stored) and the rows each invoice leaves.
# Takes about 2 minutes with the defaults.
# usage: bench/http/scaling.sh [--pg URL] [-c CONNS (32)] [-d SECONDS (10)] [-B BUILD_DIR]
#        [-i "1 2 4"] [-w WORKERS per instance (default)]
set -euo pipefail
cd "$(dirname "$0")/../.."
PG=${EINV_TEST_PG_URL:-}; CONNS=32; SECS=10; BDIR=build-bench; INSTANCES="1 2 4"; WORKERS=""
while [ $# -gt 0 ]; do
  case $1 in
    --pg) PG=$2; shift 2 ;;
    -c) CONNS=$2; shift 2 ;;
    -d) SECS=$2; shift 2 ;;
    -B) BDIR=$2; shift 2 ;;
    -i) INSTANCES=$2; shift 2 ;;
    -w) WORKERS=$2; shift 2 ;;
    *) echo "usage: $0 [--pg URL] [-c CONNS] [-d SECONDS] [-B BUILD_DIR] [-i \"1 2 4\"] [-w WORKERS]" >&2; exit 2 ;;
  esac
done
[ -n "$PG" ] || { echo "needs --pg URL or EINV_TEST_PG_URL" >&2; exit 2; }
SERVER=$(cd "$BDIR" && pwd)/bin/einvoiced
PLUGINS=$(cd "$BDIR" && pwd)/lib/einvoice
[ -x "$SERVER" ] || { echo "no $SERVER (build it, or run bench/http/run.sh once)" >&2; exit 1; }
TMP=$(mktemp -d /tmp/einv-scaling.XXXXXX)
PIDS=(); PGDB=""
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  [ -z "$PGDB" ] || psql "$PG" -qc "drop database if exists $PGDB with (force)" >/dev/null 2>&1 || true
  rm -rf "$TMP"
}
trap cleanup EXIT
cc -std=c11 -O2 -Wall -pthread -o "$TMP/load" bench/http/load.c

sql() { psql "$DB" -Atqc "$1"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

echo "== $(date -u +%FT%TZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $CONNS connections in all, $SECS s"
echo "| instances | verdicts/s during the load (sum) | accepted/s (sum) | WAL per invoice | table bytes per invoice | 503 |"
echo "|---:|---:|---:|---:|---:|---:|"
for n in $INSTANCES; do
  PGDB=einv_scale_$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')
  psql "$PG" -v ON_ERROR_STOP=1 -qc "create database $PGDB" >/dev/null
  DB=$(python3 -c 'import sys,urllib.parse as u; p=u.urlsplit(sys.argv[1]); print(u.urlunsplit((p.scheme,p.netloc,"/"+sys.argv[2],p.query,p.fragment)))' "$PG" "$PGDB")
  PIDS=(); PORTS=(); KEYS=()
  for i in $(seq "$n"); do
    port=$(free_port)
    EINV_DATABASE=$DB EINV_PLUGIN_DIR=$PLUGINS "$SERVER" admin create-account --email "i$i@scale.test" --plan PRO >/dev/null
    KEYS+=("$(EINV_DATABASE=$DB "$SERVER" admin create-key --email "i$i@scale.test" --name s | tail -n 1)")
    env EINV_DATABASE="$DB" EINV_LISTEN="127.0.0.1:$port" EINV_PLUGIN_DIR="$PLUGINS" \
      ${WORKERS:+EINV_WORKERS=$WORKERS} "$SERVER" >"$TMP/server-$i.log" 2>&1 &
    PIDS+=($!); PORTS+=("$port")
  done
  for i in $(seq 0 $((n - 1))); do
    for _ in $(seq 100); do
      python3 -c 'import sys,urllib.request as u; u.urlopen("http://127.0.0.1:%s/api/health" % sys.argv[1], timeout=1)' "${PORTS[$i]}" 2>/dev/null && break
      sleep 0.1
    done
  done
  rm -f "$TMP"/load-*.txt
  lsn0=$(sql "select pg_current_wal_lsn()")
  per=$(( CONNS / n > 0 ? CONNS / n : 1 ))
  LP=()
  for i in $(seq 0 $((n - 1))); do
    EINV_LOAD_KEY=${KEYS[$i]} "$TMP/load" -p "${PORTS[$i]}" -f tests/data/ubl/sample-invoice.xml \
      -c "$per" -d "$SECS" -T 120 >"$TMP/load-$i.txt" 2>&1 &
    LP+=($!)
  done
  for p in "${LP[@]}"; do wait "$p" || true; done
  lsn1=$(sql "select pg_current_wal_lsn()")
  invoices=$(sql "select count(*) from invoices")
  wal=$(sql "select pg_wal_lsn_diff('$lsn1', '$lsn0')")
  bytes=$(sql "select sum(pg_total_relation_size(c.oid)) from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public' and c.relkind = 'r'")
  sums=$(cat "$TMP"/load-*.txt | awk '/^RESULT/ { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] += kv[2] } }
    END { printf "%.0f %.0f %d", v["verdicts_during_s"], v["accepted_s"], v["n503"] }')
  read -r vps aps n503 <<<"$sums"
  printf '| %d | %s | %s | %s B | %s B | %s |\n' "$n" "$vps" "$aps" \
    "$(( invoices > 0 ? wal / invoices : 0 ))" "$(( invoices > 0 ? bytes / invoices : 0 ))" "$n503"
  if [ "$n" = "$(echo "$INSTANCES" | awk '{ print $1 }')" ]; then
    rows=$(sql "select (select count(*) from invoices), (select count(*) from invoice_payloads), (select count(*) from jobs), (select coalesce(sum(used),0) from account_usage)" | tr '|' ' ')
    echo "   (rows left after $n instance(s): invoices, payloads, jobs, counted submits = $rows)"
  fi
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  PIDS=()
  psql "$PG" -qc "drop database if exists $PGDB with (force)" >/dev/null 2>&1 || true
  PGDB=""
done
