#!/usr/bin/env bash
# Manual check (not in CI: it costs a minute of CPU): a document with N attributes on one
# element (default 170,000; quadratic in libxml2, the attribute cap raised so it is parsed)
# validated by einvoiced with a 1 s lease and 3 workers is claimed exactly once and renewed
# while it runs. Triggers on the server's SQLite database count the claims and renewals.
# usage: tests/server/long_document_lease.sh [BUILD_DIR] [ATTRIBUTES]   (default build, 170000)
# Prints the figures; exits 1 when the job was claimed more than once or got no verdict.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${1:-build}
N=${2:-170000}
BIN=$PWD/$BUILD/bin/einvoiced
[ -x "$BIN" ] || { echo "no $BIN" >&2; exit 2; }
TMP=$(mktemp -d /tmp/einv-longdoc.XXXXXX)
SPID=""
cleanup() {
  if [ -n "$SPID" ]; then kill "$SPID" 2>/dev/null || true; wait "$SPID" 2>/dev/null || true; fi
  rm -rf "$TMP"
}
trap cleanup EXIT

python3 - "$N" tests/data/ubl/sample-invoice.xml "$TMP/doc.xml" <<'EOF'
import sys
n, src, dst = int(sys.argv[1]), sys.argv[2], sys.argv[3]
s = open(src).read()
i = s.index('<Invoice') + len('<Invoice')
open(dst, 'w').write(s[:i] + ''.join(' x%d="1"' % k for k in range(n)) + s[i:])
EOF
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
export EINV_DATABASE=sqlite:$TMP/db.sqlite EINV_PLUGIN_DIR=$PWD/$BUILD/lib/einvoice
export EINV_LISTEN=127.0.0.1:$PORT EINV_JOB_LEASE=1 EINV_WORKERS=3
export EINV_LIMIT_ATTRIBUTES=1000000 EINV_LIMIT_TIMEOUT_MS=600000
"$BIN" admin create-account --email lease@example.com --plan PRO >/dev/null
KEY=$("$BIN" admin create-key --email lease@example.com --name lease | tail -n 1)
"$BIN" >"$TMP/server.log" 2>&1 &
SPID=$!
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$PORT/api/health" >/dev/null && break
  sleep 0.1
done
sqlite3 "$TMP/db.sqlite" "
  CREATE TABLE test_claims (worker TEXT, attempts INTEGER);
  CREATE TRIGGER test_claim AFTER UPDATE OF worker ON jobs WHEN NEW.attempts > OLD.attempts
    BEGIN INSERT INTO test_claims VALUES (NEW.worker, NEW.attempts); END;
  CREATE TABLE test_renewals (attempts INTEGER);
  CREATE TRIGGER test_renewal AFTER UPDATE OF lease_until ON jobs
    WHEN NEW.attempts = OLD.attempts AND NEW.lease_until IS NOT NULL
    BEGIN INSERT INTO test_renewals VALUES (NEW.attempts); END;"
T0=$(date +%s)
ID=$(curl -sf -H "Authorization: Bearer $KEY" -F profile=EN16931 \
       -F "file=@$TMP/doc.xml;type=application/xml" "http://127.0.0.1:$PORT/api/v1/invoices/validate" |
     python3 -c 'import sys, json; print(json.load(sys.stdin)["id"])')
STATUS=processing
while [ "$STATUS" = processing ] && [ $(( $(date +%s) - T0 )) -lt 900 ]; do
  sleep 1
  STATUS=$(curl -sf -H "Authorization: Bearer $KEY" "http://127.0.0.1:$PORT/api/v1/invoices/$ID" |
           python3 -c 'import sys, json; print(json.load(sys.stdin)["status"])')
done
CLAIMS=$(sqlite3 "$TMP/db.sqlite" "SELECT count(*) FROM test_claims")
RENEWALS=$(sqlite3 "$TMP/db.sqlite" "SELECT count(*) FROM test_renewals")
echo "$N attributes, lease 1 s, 3 workers: $STATUS after $(( $(date +%s) - T0 )) s;" \
     "claims $CLAIMS, renewals $RENEWALS, lost-lease log lines $(grep -c 'lost its lease' "$TMP/server.log" || true)"
[ "$STATUS" != processing ] && [ "$CLAIMS" = 1 ]
