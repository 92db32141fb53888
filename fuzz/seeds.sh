#!/usr/bin/env bash
# Builds the seed corpus of every fuzz target into OUT/<target>/ (default build-fuzz/corpus):
# the test data (tests/data), the hand-made seeds (fuzz/seeds/<target>/), the shared samples
# (../shared/samples) and, when present, a spread of the conformance corpus
# (../shared/conformance, FUZZ_CONFORMANCE_SEEDS per target, default 80). Hybrid PDFs are
# packed from the XML seeds with tools/facturx_pack.py; canonical JSON seeds are made with
# `einvoice convert --to json` (EINV_CLI, default the fuzz build's CLI). Existing corpus
# files are kept, so a long campaign's findings survive a rebuild of the seeds.
#
# usage: fuzz/seeds.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-build-fuzz/corpus}
SHARED=${EINV_SHARED_DIR:-../shared}
CONF=$SHARED/conformance/cases
MAXC=${FUZZ_CONFORMANCE_SEEDS:-80}
CLI=${EINV_CLI:-build-fuzz/bin/einvoice}
PLUGINS=${EINV_PLUGIN_DIR:-build-fuzz/lib/einvoice}

TARGETS=(ubl cii zugferd_pdf idoc odata json mapping multipart http_json jwt json_strict)
for t in "${TARGETS[@]}"; do mkdir -p "$OUT/fuzz_$t"; done

# copy FILE... into the corpus of target $1, named after their content (no duplicates)
add() {
  local t=$1 f; shift
  for f in "$@"; do
    [ -f "$f" ] || continue
    cp "$f" "$OUT/fuzz_$t/$(sha1sum "$f" | cut -c1-40)"
  done
}

# at most N files of the list on stdin, evenly spread (so every suite gets a share)
spread() {
  awk -v n="$1" '{ f[NR] = $0 } END { if (NR <= n) { for (i = 1; i <= NR; i++) print f[i] }
                   else for (i = 0; i < n; i++) print f[int(i * NR / n) + 1] }'
}

# conformance documents of one syntax, at most 64 KiB (the smoke's -max_len)
conformance() {
  [ -d "$CONF" ] || return 0
  find "$CONF" -name '*.xml' -size -64k | sort | while read -r f; do
    if grep -q "$1" "$f"; then echo "$f"; fi
  done | spread "$MAXC"
}

add ubl tests/data/ubl/*.xml
add cii tests/data/cii/*.xml
mapfile -t UBL_CONF < <(conformance 'urn:oasis:names:specification:ubl:schema:xsd:')
mapfile -t CII_CONF < <(conformance 'CrossIndustry')
add ubl "${UBL_CONF[@]}"
add cii "${CII_CONF[@]}"
add idoc tests/data/idoc/*.xml "$SHARED"/samples/idoc/*.xml
add odata tests/data/odata/*.json "$SHARED"/samples/odata/*.json
add json tests/data/json/*.json
add mapping tests/data/mapping/*.json "$SHARED"/samples/mapping.json
for t in "${TARGETS[@]}"; do
  if [ -d "fuzz/seeds/fuzz_$t" ]; then add "$t" fuzz/seeds/fuzz_"$t"/*; fi
done
# JSON inputs are JSON seeds of the strict checker too
add json_strict tests/data/json/*.json tests/data/odata/*.json tests/data/mapping/*.json
add http_json tests/data/json/*.json tests/data/odata/*.json tests/data/mapping/*.json

# hybrid PDFs: each CII seed as factur-x.xml, ZUGFeRD 1.0 ones under their own name, and a
# few UBL ones as xrechnung.xml
pdfs=$(mktemp -d)
trap 'rm -rf "$pdfs"' EXIT
i=0
for f in tests/data/cii/*.xml "${CII_CONF[@]:0:30}"; do
  [ -f "$f" ] || continue
  name=factur-x.xml
  grep -q 'urn:ferd:CrossIndustryDocument' "$f" && name=ZUGFeRD-invoice.xml
  python3 tools/facturx_pack.py "$f" "$pdfs/$i.pdf" --name "$name" >/dev/null 2>&1 && i=$((i + 1))
done
for f in tests/data/ubl/*.xml "${UBL_CONF[@]:0:5}"; do
  python3 tools/facturx_pack.py "$f" "$pdfs/$i.pdf" --name xrechnung.xml >/dev/null 2>&1 && i=$((i + 1))
done
add zugferd_pdf "$pdfs"/*.pdf

# canonical JSON: what the converter makes of the XML and ERP samples
if [ -x "$CLI" ]; then
  n=0
  for f in tests/data/ubl/*.xml tests/data/cii/*.xml tests/data/idoc/*.xml tests/data/odata/*.json \
           "${UBL_CONF[@]:0:20}" "${CII_CONF[@]:0:20}"; do
    [ -f "$f" ] || continue
    map=()
    case $f in *idoc*|*odata*) map=(--mapping tests/data/mapping/sample-mapping.json) ;; esac
    if ASAN_OPTIONS=detect_leaks=0 EINV_PLUGIN_DIR=$PLUGINS "$CLI" convert --to json "${map[@]}" "$f" \
         >"$pdfs/c$n.json" 2>/dev/null && [ -s "$pdfs/c$n.json" ]; then n=$((n + 1)); fi
  done
  add json "$pdfs"/c*.json
  add json_strict "$pdfs"/c*.json
else
  echo "seeds: no CLI at $CLI, canonical JSON seeds only from tests/data" >&2
fi

for t in "${TARGETS[@]}"; do
  printf '%-18s %4d seeds\n' "fuzz_$t" "$(find "$OUT/fuzz_$t" -type f | wc -l)"
done
