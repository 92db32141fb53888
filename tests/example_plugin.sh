#!/bin/sh
# Builds profiles/example/example.c out of tree, exactly as a partner would (public headers
# and libeinvoice only), loads it next to the built-in plugins and checks its rule fires.
set -eu
src=$1; build=$2; cli=$build/bin/einvoice
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cc -std=c11 -Wall -Werror -shared -fPIC -I"$src/include" $(pkg-config --cflags libxml-2.0) \
   "$src/profiles/example/example.c" -o "$tmp/example.so" -L"$build/lib" -leinvoice
cp "$build"/lib/einvoice/ubl.so "$build"/lib/einvoice/cii.so "$build"/lib/einvoice/en16931.so "$tmp/"
export EINV_PLUGIN_DIR=$tmp LD_LIBRARY_PATH=$build/lib
"$cli" profiles | grep -q '^EXAMPLE ' || { echo "EXAMPLE not listed"; exit 1; }
"$cli" rules --profile EXAMPLE | grep -q '^EX-01 ' || { echo "EX-01 not listed"; exit 1; }
"$cli" validate --profile EXAMPLE --json "$src/tests/data/ubl/sample-invoice.xml" >/dev/null ||
  { echo "an INV- number was rejected"; exit 1; }
sed 's|<cbc:ID>INV-2026-0042</cbc:ID>|<cbc:ID>2026-0042</cbc:ID>|' "$src/tests/data/ubl/sample-invoice.xml" > "$tmp/bad.xml"
out=$("$cli" validate --profile EXAMPLE --json "$tmp/bad.xml" || true)
echo "$out" | grep -q '"code":"EX-01"' || { echo "EX-01 did not fire: $out"; exit 1; }
echo "1 passed, 0 failed"
