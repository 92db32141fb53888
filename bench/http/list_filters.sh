#!/usr/bin/env bash
# What the GET /api/v1/invoices filters cost on a large account (SQLite), with migration 004's
# indexes and without them, and what the rule pages cost (the first one builds the checked
# examples). Fills one account with N invoices straight into a fresh database (statuses,
# profiles, formats and numbers mixed, creation times spread over a year), starts einvoiced on
# it and times R requests per query with curl on loopback; prints the median in ms.
#
# usage: bench/http/list_filters.sh [N=200000] [R=15]     (build first: build/bin/einvoiced)
# env: EINVOICED (default build/bin/einvoiced), EINV_PLUGIN_DIR (default build/lib/einvoice)
# Conditions: figures depend on the machine and its load; the lead re-runs this on a quiet
# one. Needs sqlite3 and curl.
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-200000}
R=${2:-15}
BIN=${EINVOICED:-build/bin/einvoiced}
PLUGINS=${EINV_PLUGIN_DIR:-build/lib/einvoice}
PORT=${PORT:-18790}
dir=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$dir"; }
trap cleanup EXIT
export EINV_DATABASE="sqlite:$dir/db" EINV_PLUGIN_DIR="$PLUGINS" EINV_LISTEN="127.0.0.1:$PORT"

"$BIN" admin create-account --email bench@example.com --plan PRO >/dev/null
key=$("$BIN" admin create-key --email bench@example.com --name bench | tail -n 1)
acc=$(sqlite3 "$dir/db" "SELECT id FROM accounts WHERE email = 'bench@example.com'")
echo "== filling $N invoices"
sqlite3 "$dir/db" <<SQL
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $N)
INSERT INTO invoices (id, account_id, status, profile, invoice_format, created_at, invoice_number,
                      valid, error_count, warning_count)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a'
             || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
       '$acc',
       CASE i % 10 WHEN 0 THEN 'failed_validation' WHEN 1 THEN 'processing' ELSE 'validated' END,
       CASE i % 7 WHEN 0 THEN 'PEPPOL' WHEN 1 THEN 'XRECHNUNG' ELSE 'EN16931' END,
       CASE i % 5 WHEN 0 THEN 'CII' WHEN 1 THEN 'IDOC' ELSE 'UBL' END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i * 31536 / $N * 1000) || ' seconds'),
       'INV-' || i, 1, 0, 0
FROM n;
SQL

q() {   # median ms of R GETs of path
  local path=$1 t
  for _ in $(seq "$R"); do
    curl -s -o /dev/null -w '%{time_total}\n' -H "Authorization: Bearer $key" "http://127.0.0.1:$PORT$path"
  done | sort -n | awk '{a[NR]=$1} END {printf "%8.2f ms", a[int((NR+1)/2)]*1000}'
}
run() {   # the queries; with "docs", the rule pages too
  "$BIN" >"$dir/log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null && break; sleep 0.1; done
  for path in "/api/v1/invoices" "/api/v1/invoices?status=failed_validation" \
              "/api/v1/invoices?status=processing&from=2026-06-01&to=2026-06-30" \
              "/api/v1/invoices?invoiceNumber=INV-123457" "/api/v1/invoices?format=IDOC&profile=PEPPOL" \
              "/api/v1/invoices?from=2026-12-01T00:00:00Z&size=100"; do
    printf '%s  %s\n' "$(q "$path")" "$path"
  done
  if [ "${1:-}" = docs ]; then
    printf '%s  %s\n' "$(docs /docs/rules/BR-CO-10)" "/docs/rules/BR-CO-10 (first page: builds the examples)"
    printf '%s  %s\n' "$(docs /docs/rules/BR-CO-11)" "/docs/rules/BR-CO-11"
    printf '%s  %s\n' "$(docs '/docs/rules?profile=XRECHNUNG')" "/docs/rules?profile=XRECHNUNG"
    printf '%s  %s\n' "$(docs '/docs/rules?q=BT-1')" "/docs/rules?q=BT-1"
  fi
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
}
docs() {   # ms of one GET (no key: the pages are public)
  curl -s -o /dev/null -w '%{time_total}' "http://127.0.0.1:$PORT$1" | awk '{printf "%8.2f ms", $1*1000}'
}
echo "== with the indexes of migration 004 (median of $R, ms)"
run docs
echo "== without them (dropped; migration 004 stays recorded, so the server does not make them again)"
sqlite3 "$dir/db" "DROP INDEX invoices_account_status_created; DROP INDEX invoices_account_number"
run
