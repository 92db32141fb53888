#!/bin/sh
# The partner's path, end to end (docs/plugin-guide.md): install the SDK with cmake --install
# into a fresh prefix, build profiles/example with nothing but `pkg-config einvoice` (and
# once with find_package(einvoice)), put it in a folder of its own named by
# EINV_PLUGIN_PATH, and check that the installed einvoice loads it beside every built-in
# plugin (nothing copied) and that its rule fires together with EN 16931's, for UBL and CII;
# then run its test written with the installed harness (einvoice/testing.h).
set -eu
src=$1; build=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix; partner=$tmp/partner
cmake --install "$build" --prefix "$prefix" >/dev/null
pc=$(find "$prefix" -name einvoice.pc | head -1)
[ -n "$pc" ] || { echo "einvoice.pc not installed"; exit 1; }
export PKG_CONFIG_PATH="$(dirname "$pc")${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
# only the installed copy: no source tree headers, no build tree library
unset EINV_PLUGIN_DIR EINV_PLUGINS LD_LIBRARY_PATH || true
so=$(find "$prefix" -name 'libeinvoice.so.1' | head -1)
[ -n "$so" ] || { echo "libeinvoice.so.1 not installed"; exit 1; }
objdump -p "$so" 2>/dev/null | grep -q 'SONAME *libeinvoice\.so\.1' || { echo "SONAME is not libeinvoice.so.1"; exit 1; }
mkdir "$partner"
cc -std=c11 -Wall -Werror -shared -fPIC $(pkg-config --cflags einvoice) \
   "$src/profiles/example/example.c" -o "$partner/example.so" $(pkg-config --libs einvoice)
# a sanitizer build's libeinvoice needs the sanitizer runtime first in the program
san=
grep -q '^EINV_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null && san=-fsanitize=address,undefined
cc -std=c11 -Wall -Werror $san $(pkg-config --cflags einvoice) \
   "$src/profiles/example/test_example.c" -o "$tmp/test_example" $(pkg-config --libs einvoice) \
   -Wl,-rpath,"$(pkg-config --variable=libdir einvoice)"
case "$(pkg-config --cflags einvoice)" in *"$src"*) echo "cflags point into the source tree"; exit 1;; esac

cli=$prefix/bin/einvoice
export EINV_PLUGIN_PATH=$partner
"$cli" profiles > "$tmp/profiles"
for p in EXAMPLE EN16931 PEPPOL XRECHNUNG; do
  grep -q "^$p " "$tmp/profiles" || { echo "$p not listed:"; cat "$tmp/profiles"; exit 1; }
done
"$cli" formats | grep -q '^cii ' || { echo "the built-in formats are missing"; exit 1; }
"$cli" rules --profile EXAMPLE | grep -q '^EX-01 ' || { echo "EX-01 not listed"; exit 1; }
"$cli" validate --profile EXAMPLE --json "$src/tests/data/ubl/sample-invoice.xml" >/dev/null ||
  { echo "an INV- number was rejected"; exit 1; }
sed 's|<cbc:ID>INV-2026-0042</cbc:ID>|<cbc:ID>2026-0042</cbc:ID>|; s|<cbc:DocumentCurrencyCode>EUR<|<cbc:DocumentCurrencyCode>ZZZ<|' \
  "$src/tests/data/ubl/sample-invoice.xml" > "$tmp/bad.xml"
out=$("$cli" validate --profile EXAMPLE --json "$tmp/bad.xml" || true)
echo "$out" | grep -q '"code":"EX-01",.*"field":"/Invoice/cbc:ID","suggestion":"Number invoices' ||
  { echo "EX-01 did not fire at BT-1: $out"; exit 1; }
echo "$out" | grep -q '"code":"BR-CL-04"' || { echo "EN 16931's BR-CL-04 did not fire with it: $out"; exit 1; }

# the partner's own test, on the installed harness
( cd "$tmp" && "$tmp/test_example" "$partner" "$src/tests/data" ) > "$tmp/harness.out" 2>&1 ||
  { echo "the harness test failed:"; cat "$tmp/harness.out"; exit 1; }
grep -q ' passed, 0 failed' "$tmp/harness.out" || { cat "$tmp/harness.out"; exit 1; }

# the same plugin through the CMake package
cmake -S "$src/profiles/example" -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$tmp/cmake-build" >/dev/null
[ -f "$tmp/cmake-build/example.so" ] || { echo "find_package(einvoice) did not build example.so"; exit 1; }
echo "1 passed, 0 failed"
