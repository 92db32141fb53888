#!/usr/bin/env bash
# JSON submission parsing: the strict checker next to json-c and the plugins' reader, on large
# canonical-JSON invoices (the sample's lines repeated), for the current reader and a baseline
# one (the reader before it went through the checker: BASELINE, default 2526813^).
# usage: bench/json/run.sh [LINES...]   (default 2000 20000)
set -euo pipefail
cd "$(dirname "$0")/../.."
BASELINE=${BASELINE:-2526813^}
B=${BUILD:-build-bench}
cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DEINV_TESTS=OFF >/dev/null
cmake --build "$B" -j"$(nproc)" --target einvoice >/dev/null
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/base"
git show "$BASELINE:plugins/common/json_reader.c" >"$T/base/json_reader.c"
git show "$BASELINE:plugins/common/json_reader.h" >"$T/base/json_reader.h"
CF="-O2 -std=c11 -Iinclude $(pkg-config --cflags json-c)"
LF="-L$B/lib -Wl,-rpath,$PWD/$B/lib -leinvoice $(pkg-config --libs json-c)"
cc $CF -Iplugins/common bench/json/bench_json.c plugins/common/json_reader.c $LF -o "$T/current"
cc $CF -I"$T/base" bench/json/bench_json.c "$T/base/json_reader.c" $LF -o "$T/baseline"
files=()
for n in "${@:-2000 20000}"; do
  for k in $n; do
    python3 bench/json/make_invoice.py "$k" "$T/invoice-$k.json"
    files+=("$T/invoice-$k.json")
  done
done
echo "== $(nproc) cores; best of 20; current reader (json_reader.c via einv_json_check)"
"$T/current" "${files[@]}"
echo "== baseline reader ($BASELINE: its own validation)"
"$T/baseline" "${files[@]}" | grep -E 'MB$|reader'
