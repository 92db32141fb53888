#!/usr/bin/env bash
# Prints the validation benchmark figures: per-document time on real invoices next to the
# libxml2 parse floor (xmllint --repeat, same files), and the large-document scaling case.
# usage: bench/run.sh [--profile P]   (uses ../shared/conformance when present)
set -euo pipefail
cd "$(dirname "$0")/.."
PROFILE=EN16931
[ "${1:-}" = "--profile" ] && PROFILE=$2
bash scripts/deps.sh
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DEINV_TESTS=OFF >/dev/null
cmake --build build-bench -j"$(nproc)" >/dev/null
B=build-bench/bin/einvoice_bench
files=()
C=../shared/conformance/cases
if [ -d "$C" ]; then
  for s in cen-examples xr-business peppol-examples it zugferd-xml; do
    for f in "$C/$s"/*.xml; do files+=("$f"); done
  done
else
  files=(tests/data/ubl/*.xml tests/data/cii/*.xml)
fi
echo "== ${#files[@]} full documents, profile $PROFILE, one process, warm"
$B --profile "$PROFILE" --repeat 50 "${files[@]}"
echo "== xmllint --noout --repeat (100 parses of each file; the parse-only floor)"
start=$(date +%s.%N)
for f in "${files[@]}"; do xmllint --noout --repeat "$f"; done
end=$(date +%s.%N)
python3 -c "print('xmllint: %.1f us/doc' % (($end-$start)*1e6/(100*${#files[@]})))"
echo "== large documents (generated UBL, lines → time, peak RSS)"
for n in 1000 10000 100000; do $B --profile "$PROFILE" --lines $n | tail -n 1; done
