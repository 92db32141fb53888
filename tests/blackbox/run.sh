#!/usr/bin/env bash
# Runs the black-box HTTP contract test (api_blackbox.py) against a fresh einvoiced on
# SQLite, and again on PostgreSQL when EINV_TEST_PG_URL is set (a fresh database is created
# from that URL and dropped afterwards). Prints every check, each run's "N passed, M failed",
# and a total line "N passed, M failed" last; exits 1 when any check failed.
# usage: tests/blackbox/run.sh [path/to/einvoiced]   (default $EINV_SERVER_BIN, else build/bin/einvoiced)
# Without EINV_TEST_PG_URL the PostgreSQL run prints "skipped: EINV_TEST_PG_URL not set" and
# counts as a failure only when CI=true.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
server=${1:-${EINV_SERVER_BIN:-$root/build/bin/einvoiced}}
passed=0; failed=0

run() {   # $1 = label, rest = extra arguments
  local label=$1; shift
  echo "== black-box API test on $label ($server)"
  local out rc
  out=$(mktemp)
  timeout 900 python3 "$here/api_blackbox.py" --server "$server" "$@" | tee "$out"
  rc=${PIPESTATUS[0]}
  local line
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
  rm -f "$out"
  if [ -z "$line" ]; then
    echo "FAIL $label did not finish (exit $rc)"; failed=$((failed + 1)); return
  fi
  passed=$((passed + ${line%% passed*}))
  local f=${line#*passed, }; failed=$((failed + ${f%% failed}))
}

run SQLite
if [ -n "${EINV_TEST_PG_URL:-}" ]; then
  run PostgreSQL --pg "$EINV_TEST_PG_URL"
else
  echo "skipped: EINV_TEST_PG_URL not set"
  [ "${CI:-}" = true ] && failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
