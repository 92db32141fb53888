#!/usr/bin/env bash
# What PostgreSQL runs and writes per verdict under load: starts einvoiced on a fresh database,
# runs bench/http/load.c, and prints per verdict: every statement's calls, execution time and
# rows (pg_stat_statements), the database's commits and tuples (pg_stat_database), the WAL
# bytes and records (pg_current_wal_lsn, pg_stat_wal), the CPU of the postgres processes (when
# their /proc entries are readable: same machine), and the stored bytes per invoice by table.
# The cluster must load pg_stat_statements, e.g. the test one:
#   PG_TEST_OPTS="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all" \
#     bash scripts/pg-test.sh start
# usage: bench/http/pg_statements.sh --pg URL [-c CONNS (16)] [-d SECONDS (6)]
#   SERVER=path/einvoiced PLUGINS=path/lib/einvoice select a build (default: build-bench)
#   PRE_SQL="..." runs on the fresh database after the migrations, before the load (to
#   measure a lever alone, e.g. "ALTER TABLE invoice_payloads ALTER COLUMN data SET COMPRESSION pglz")
set -euo pipefail
cd "$(dirname "$0")/../.."
PG=""; CONNS=16; SECS=6
while [ $# -gt 0 ]; do
  case $1 in
    --pg) PG=$2; shift 2 ;;
    -c) CONNS=$2; shift 2 ;;
    -d) SECS=$2; shift 2 ;;
    *) echo "usage: $0 --pg URL [-c CONNS] [-d SECONDS]" >&2; exit 2 ;;
  esac
done
[ -n "$PG" ] || { echo "usage: $0 --pg URL [-c CONNS] [-d SECONDS]" >&2; exit 2; }
SERVER=${SERVER:-}; PLUGINS=${PLUGINS:-}
TMP=$(mktemp -d /tmp/einv-pgstmt.XXXXXX)
. bench/http/server_lib.sh
trap 'srv_cleanup; rm -rf "$TMP"' EXIT
srv_build http-pgstmt
cc -std=c11 -O2 -Wall -pthread -o "$TMP/load" bench/http/load.c
srv_db postgresql
q() { psql "$DB" -XAtqc "$1"; }
q "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" >/dev/null ||
  { echo "pg_stat_statements is not loaded (shared_preload_libraries)" >&2; exit 1; }
srv_start postgresql "$DB"
[ -z "${PRE_SQL:-}" ] || q "$PRE_SQL" >/dev/null
PGPIDS=$(q "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()" | tr '\n' ' ')
POSTMASTER=$(ps -o ppid= -p "${PGPIDS%% *}" 2>/dev/null | tr -d ' ' || true)
pgcpu() {   # CPU ticks of every child of the postmaster (backends of every database, walwriter, ...)
  [ -n "$POSTMASTER" ] || { echo 0; return; }
  local t=0 p
  for p in $(ps -o pid= --ppid "$POSTMASTER"); do
    t=$((t + $(awk '{print $14+$15}' /proc/"$p"/stat 2>/dev/null || echo 0)))
  done
  echo "$t"
}
q "SELECT pg_stat_statements_reset(); SELECT pg_stat_reset()" >/dev/null
LSN0=$(q "SELECT pg_current_wal_lsn()")
WAL0=$(q "SELECT wal_records || ' ' || wal_fpi FROM pg_stat_wal")
C0=$(pgcpu)
E0=$(awk '{print $14+$15}' /proc/"$SPID"/stat)
EINV_LOAD_KEY="$KEY" "$TMP/load" -p "$PORT" -f tests/data/ubl/sample-invoice.xml -c "$CONNS" -d "$SECS" \
  -T 60 >"$TMP/load.out" 2>&1 || true
C1=$(pgcpu)
E1=$(awk '{print $14+$15}' /proc/"$SPID"/stat)
sleep 0.6   # pg_stat_database is flushed by the backends at most every 0.5 s
grep -E '^(accepted|completed)/s|^RESULT' "$TMP/load.out"
N=$(q "SELECT count(*) FROM invoices")
echo "== per verdict ($N invoices; $CONNS connections, $SECS s; load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo "postgres processes: $(( (C1 - C0) * 10 )) ms of CPU, $(( (C1 - C0) * 10000 / (N > 0 ? N : 1) )) us a verdict; einvoiced $(( (E1 - E0) * 10000 / (N > 0 ? N : 1) )) us a verdict"
read -r R0 F0 <<<"$WAL0"
q "SELECT 'WAL: ' || round(pg_wal_lsn_diff(pg_current_wal_lsn(), '$LSN0') / $N) || ' bytes, '
          || round((wal_records - $R0)::numeric / $N, 1) || ' records, '
          || round((wal_fpi - $F0)::numeric / $N, 2) || ' full-page images a verdict' FROM pg_stat_wal"
q "SELECT 'database: ' || round(xact_commit::numeric / $N, 2) || ' commits, '
          || round(xact_rollback::numeric / $N, 2) || ' rollbacks, '
          || round(tup_inserted::numeric / $N, 2) || ' rows inserted, '
          || round(tup_updated::numeric / $N, 2) || ' updated, '
          || round(tup_deleted::numeric / $N, 2) || ' deleted, '
          || round(tup_returned::numeric / $N, 1) || ' returned, '
          || round(tup_fetched::numeric / $N, 1) || ' fetched a verdict'
   FROM pg_stat_database WHERE datname = current_database()"
echo "statements (calls, ms of execution, rows a verdict; the statement's start):"
q "SELECT to_char(calls::numeric / $N, '990.99') || '  ' || to_char(total_exec_time * 1000 / $N, '99990.9') || ' us  '
          || to_char(rows::numeric / $N, '990.99') || '  ' || left(regexp_replace(query, '\s+', ' ', 'g'), 110)
   FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
   AND calls >= $N / 100 ORDER BY calls DESC, total_exec_time DESC LIMIT 25"
echo "stored bytes an invoice (table + TOAST + indexes):"
q "SELECT '  ' || relname || ': ' || round(pg_total_relation_size(c.oid)::numeric / $N) || ' (indexes '
          || round(pg_indexes_size(c.oid)::numeric / $N) || ')'
   FROM pg_class c WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace
   AND pg_total_relation_size(c.oid) > 65536 ORDER BY pg_total_relation_size(c.oid) DESC"
srv_stop
