#!/usr/bin/env bash
# Packs every case of a conformance suite (default zugferd-xml) into a Factur-X PDF with
# tools/facturx_pack.py and checks that validating the PDF gives the same fatal set as the
# bare XML (rule findings only; the PDF container's own PDF-* findings are listed apart).
# usage: tools/pdf_path_conformance.sh [SUITE] [PROFILE]    (needs ../shared/conformance)
set -euo pipefail
cd "$(dirname "$0")/.."
SUITE=${1:-zugferd-xml}; PROFILE=${2:-EN16931}
DIR=../shared/conformance/cases/$SUITE
[ -d "$DIR" ] || { echo "no $DIR"; exit 0; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for f in "$DIR"/*.xml; do python3 tools/facturx_pack.py "$f" "$tmp/$(basename "$f" .xml).pdf"; done
python3 - "$DIR" "$tmp" "$PROFILE" <<'PY'
import json, os, subprocess, sys
d, t, prof = sys.argv[1:]
names = sorted(f[:-4] for f in os.listdir(d) if f.endswith('.xml'))
def run(files):
    out = subprocess.run(['build/bin/einvoice', 'validate', '--profile', prof, '--json'] + files,
                         capture_output=True, text=True).stdout.splitlines()
    return [json.loads(l) for l in out]
xml = run([os.path.join(d, n + '.xml') for n in names])
pdf = run([os.path.join(t, n + '.pdf') for n in names])
same = 0
for n, a, b in zip(names, xml, pdf):
    fa = {e['code'] for e in a['errors'] if e['severity'] == 'ERROR' and e['layer'] not in ('SCHEMA', 'PDF')}
    fb = {e['code'] for e in b['errors'] if e['severity'] == 'ERROR' and e['layer'] not in ('SCHEMA', 'PDF')}
    pdfonly = sorted({e['code'] for e in b['errors'] if e['layer'] == 'PDF'})
    if fa == fb:
        same += 1
    else:
        print('DIFF %s: xml-only %s pdf-only %s' % (n, sorted(fa - fb), sorted(fb - fa)))
    if pdfonly:
        print('  %s: container findings %s' % (n, pdfonly))
print('pdf path: fatal sets equal to the bare XML for %d/%d cases of %s (%s)' % (same, len(names), os.path.basename(d), prof))
sys.exit(0 if same == len(names) and names else 1)
PY
