#!/usr/bin/env bash
# einvoice convert, end to end (docs/exports.md): every target from UBL, CII and JSON
# inputs; -o and stdout; the PDF read back to the same canonical invoice; a PDF is never
# written to a terminal (run under script(1) for a pty); unknown targets and unreadable
# files are usage errors (exit 2) naming what is installed.
# usage: export_cli.sh path/to/einvoice tests/data   (EINV_PLUGIN_DIR set by CTest)
set -uo pipefail
cli=$1; data=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
check() {   # $1 = label, $2 = 0 when it held
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else echo "FAIL $1"; failed=$((failed + 1)); fi
}

for src in ubl/sample-invoice.xml cii/sample-invoice.xml json/max-content.json; do
  "$cli" convert --to json "$data/$src" > "$tmp/ref.json"; check "json of $src" $?
  for to in cii ubl facturx idoc; do
    "$cli" convert --to "$to" "$data/$src" -o "$tmp/out.$to" 2> "$tmp/err"; rc=$?
    check "convert --to $to $src (exit $rc: $(head -c 300 "$tmp/err"))" $rc
    [ -s "$tmp/out.$to" ]; check "$to output of $src is not empty" $?
  done
  for to in cii ubl facturx; do
    "$cli" convert --to json "$tmp/out.$to" > "$tmp/back.json"
    python3 - "$tmp/ref.json" "$tmp/back.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
sys.exit(0 if a == b else 1)
PY
    check "$src -> $to -> json keeps the canonical invoice" $?
  done
  head -c 8 "$tmp/out.facturx" | grep -q '%PDF-1.7'; check "facturx of $src is a PDF 1.7" $?
  grep -q '<INVOIC02>' "$tmp/out.idoc"; check "idoc of $src is an INVOIC02" $?
done

# stdout: XML yes; a PDF only when stdout is not a terminal
"$cli" convert --to cii "$data/ubl/sample-invoice.xml" | grep -q 'rsm:CrossIndustryInvoice'; check "cii to stdout" $?
"$cli" convert --to facturx "$data/ubl/sample-invoice.xml" > "$tmp/p.pdf"; check "facturx to a redirected stdout" $?
cmp -s <(head -c 5 "$tmp/p.pdf") <(printf '%%PDF-'); check "the redirected PDF is a PDF" $?
if command -v script > /dev/null; then
  script -qec "$cli convert --to facturx $data/ubl/sample-invoice.xml" /dev/null > "$tmp/tty.txt" 2>&1; rc=$?
  [ "$rc" -eq 2 ] && grep -q 'not writing a PDF to a terminal' "$tmp/tty.txt" && ! grep -q '%PDF' "$tmp/tty.txt"
  check "a PDF is refused on a terminal (exit $rc)" $?
fi

# usage errors
"$cli" convert --to fatturapa "$data/ubl/sample-invoice.xml" > /dev/null 2> "$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q "installed: json" "$tmp/err" && grep -q facturx "$tmp/err"; check "unknown export: exit 2 listing the installed ones" $?
"$cli" convert --to cii "$tmp/missing.xml" > /dev/null 2>&1; [ $? -eq 2 ]; check "missing file: exit 2" $?
"$cli" convert --to cii > /dev/null 2>&1; [ $? -eq 2 ]; check "no FILE: exit 2" $?
"$cli" convert --to cii "$data/ubl/sample-invoice.xml" -o /nonexistent/dir/x.xml > /dev/null 2>&1; [ $? -eq 2 ]; check "unwritable -o: exit 2" $?

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
