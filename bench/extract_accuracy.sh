#!/usr/bin/env bash
# The accuracy figures of docs/extraction.md in one command: the scorer over the real-layout
# sample and the synthetic sample, FAST and ACCURATE, with the amount-due rule checked on
# each, and any further sets named (for example the real-layout development corpus that
# tools/extract-real builds, or a held-out synthetic set drawn by tools/extract-gen).
#   bench/extract_accuracy.sh [BUILD_DIR] [EXTRA_SET_DIR...]
# Prints, per set and tier, the scorer's summary line and the amount-due line; exits 1 when a
# set breaks the amount-due rule (a confidently wrong amount due, or a refused page that
# prints a total).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
shift || true
SCORER=../shared/tools/extraction-score
[ -x "$SCORER" ] || { echo "extract_accuracy: $SCORER not found (../shared is needed)" >&2; exit 2; }
CLI="$BUILD/bin/einvoice extract --tier {tier} {file}"
rc=0
for set in ../shared/extraction-real ../shared/extraction "$@"; do
  [ -f "$set/index.jsonl" ] || { echo "extract_accuracy: $set has no index.jsonl" >&2; exit 2; }
  for tier in FAST ACCURATE; do
    line=$("$SCORER" --dir "$set" --tier "$tier" --jobs 1 --show 0 --cli "$CLI" 2>/dev/null | tail -n 1)
    echo "$(basename "$set") $tier: $line"
    /usr/bin/python3 tools/extract-train/amount_due.py --dir "$set" --tier "$tier" --jobs 1 --cli "$CLI" \
      | sed "s/^/$(basename "$set") $tier: /" || rc=1
  done
done
exit $rc
