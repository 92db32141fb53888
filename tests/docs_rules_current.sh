#!/bin/sh
# Fails when docs/rules/<PROFILE>.md no longer matches `einvoice rules --markdown`.
# Regenerate with: scripts/gen-rule-docs.sh
cli=$1; dir=$2; rc=0
for doc in "$dir"/*.md; do
  p=$(basename "$doc" .md)
  tmp=$(mktemp)
  tail -n +5 "$doc" > "$tmp"
  if ! "$cli" rules --profile "$p" --markdown | diff -u "$tmp" - > "$tmp.diff"; then
    echo "docs/rules/$p.md is out of date (run scripts/gen-rule-docs.sh):"; head -20 "$tmp.diff"; rc=1
  fi
  rm -f "$tmp" "$tmp.diff"
done
[ $rc -eq 0 ] && echo "1 passed, 0 failed"
exit $rc
