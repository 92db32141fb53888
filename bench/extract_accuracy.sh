#!/usr/bin/env bash
# The accuracy figures of docs/extraction.md in one command: the scorer over the real-layout
# sample and the synthetic sample, FAST and ACCURATE, with the amount-due rule checked on
# each, and any further sets named (for example the real-layout development corpus that
# tools/extract-real builds, or a held-out synthetic set drawn by tools/extract-gen).
#   bench/extract_accuracy.sh [--check] [BUILD_DIR] [EXTRA_SET_DIR...]
# Prints, per set and tier, the scorer's summary line and the amount-due line; exits 1 when a
# set breaks the amount-due rule (a confidently wrong amount due, or a refused page that
# prints a total). With --check (the ctest extraction_sample) it also exits 1 when a figure
# falls under its floor: on the real sample the issue's targets (FAST 85 % text / 80 % scans,
# ACCURATE 90 % / 85 %), on the synthetic sample one point under the figures of 2026-12-01
# (100 % text, 98.6 % scans).
set -euo pipefail
cd "$(dirname "$0")/.."
CHECK=0
if [ "${1:-}" = "--check" ]; then CHECK=1; shift; fi
BUILD=${1:-build}
shift || true
SCORER=../shared/tools/extraction-score
[ -x "$SCORER" ] || { echo "extract_accuracy: $SCORER not found (../shared is needed)" >&2; exit 2; }
CLI="$BUILD/bin/einvoice extract --tier {tier} {file}"
floor() {   # set tier kind -> the lowest accepted percentage (none for other sets)
  case "$1/$2/$3" in
    extraction-real/FAST/text) echo 85 ;;     extraction-real/FAST/scan) echo 80 ;;
    extraction-real/ACCURATE/text) echo 90 ;; extraction-real/ACCURATE/scan) echo 85 ;;
    extraction/*/text) echo 99 ;;             extraction/*/scan) echo 97.6 ;;
  esac
}
rc=0
for set in ../shared/extraction-real ../shared/extraction "$@"; do
  [ -f "$set/index.jsonl" ] || { echo "extract_accuracy: $set has no index.jsonl" >&2; exit 2; }
  name=$(basename "$set")
  for tier in FAST ACCURATE; do
    # ACCURATE one document at a time: its readings stop at a time budget per page
    jobs=2; [ "$tier" = FAST ] || jobs=1
    line=$("$SCORER" --dir "$set" --tier "$tier" --jobs "$jobs" --show 0 --cli "$CLI" 2>/dev/null | tail -n 1)
    echo "$name $tier: $line"
    if [ "$CHECK" = 1 ]; then
      for kind in text scan; do
        want=$(floor "$name" "$tier" "$kind")
        [ -n "$want" ] || continue
        got=$(printf '%s\n' "$line" | sed -n "s/.*$kind [0-9]*\/[0-9]* (\([0-9.]*\)%).*/\1/p")
        if [ -z "$got" ] || ! awk -v g="$got" -v w="$want" 'BEGIN { exit !(g + 0 >= w + 0) }'; then
          echo "extract_accuracy: $name $tier $kind ${got:-?} % is under its floor of $want %" >&2
          rc=1
        fi
      done
    fi
    /usr/bin/python3 tools/extract-train/amount_due.py --dir "$set" --tier "$tier" --jobs "$jobs" --cli "$CLI" \
      | sed "s/^/$name $tier: /" || rc=1
  done
done
exit $rc
