#!/usr/bin/env bash
# Reads hybrid PDFs made by other tools (a directory of ZUGFeRD / Factur-X / XRechnung PDFs,
# e.g. a checkout of a public sample corpus; nothing of it is committed here) and checks, for
# each one, that the PDF path finds the embedded invoice and gives the same verdict as the
# embedded XML validated on its own.
#
# The XML is taken out of the PDF by qpdf's command-line tool (Debian package qpdf), an
# extractor independent of our plugin, so a file our plugin misses or mis-reads shows up.
# Compared: the codes of the findings outside the PDF layer (errors and warnings), and
# validity when the PDF-layer findings are ignored. PDF-layer findings are listed apart.
#
# usage: tools/pdf_corpus_check.sh [--profile P] [--cli build/bin/einvoice] DIR
#   prints one line per PDF and a summary line; exit 1 when a verdict differs or an
#   invoice attachment that qpdf sees is not found by the plugin.
set -euo pipefail
PROFILE=EN16931
CLI=build/bin/einvoice
while [ $# -gt 1 ]; do
  case "$1" in
    --profile) PROFILE=$2; shift 2 ;;
    --cli) CLI=$2; shift 2 ;;
    *) break ;;
  esac
done
DIR=${1:?usage: pdf_corpus_check.sh [--profile P] [--cli CLI] DIR}
command -v qpdf >/dev/null || { echo "pdf_corpus_check: needs qpdf (apt-get install qpdf)" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

find "$DIR" -iname '*.pdf' -type f | sort > "$TMP/list"
: > "$TMP/rows"
while IFS= read -r pdf; do
  # the invoice attachment, by the names the standards use; the current ones (Factur-X /
  # ZUGFeRD 2.x, XRechnung) before ZUGFeRD 1.0's, as a PDF may carry both
  qpdf --list-attachments "$pdf" 2>/dev/null | sed -n 's/^\([^ ].*\) -> \([0-9]*\),\([0-9]*\)$/\1 \2/p' > "$TMP/att" || true
  key="" obj=""
  for want in factur-x.xml xrechnung.xml zugferd-invoice.xml ZUGFeRD-invoice.xml; do
    read -r key obj < <(awk -v w="$want" '$1 == w' "$TMP/att" | head -n 1) || true
    [ -z "$key" ] || break
  done
  xml=""
  # the stream object itself: a name-tree key can differ from the file name qpdf prints
  if [ -n "$key" ] && qpdf --show-object="$obj" --filtered-stream-data "$pdf" > "$TMP/x.xml" 2>/dev/null; then
    xml="$TMP/x.xml"
  fi
  "$CLI" validate --profile "$PROFILE" --json "$pdf" > "$TMP/pdf.json" 2>/dev/null || true
  if [ -n "$xml" ]; then
    "$CLI" validate --profile "$PROFILE" --json "$xml" > "$TMP/xml.json" 2>/dev/null || true
  else
    echo '{}' > "$TMP/xml.json"
  fi
  python3 - "$pdf" "$key" "$TMP/pdf.json" "$TMP/xml.json" >> "$TMP/rows" <<'EOF'
import json, sys
pdf, key, pj, xj = sys.argv[1:5]
def load(p):
    try:
        return json.loads(open(p).read().splitlines()[0])
    except Exception:
        return None
a, b = load(pj), load(xj)
if a is None:
    print(json.dumps({"pdf": pdf, "state": "CLI-FAILED"})); sys.exit()
fa = a.get("errors", [])
pdfl = sorted({f["code"] for f in fa if f.get("layer") == "PDF"})
rest = lambda fs: sorted(f["code"] + ("" if f.get("severity") == "ERROR" else "(w)") for f in fs if f.get("layer") != "PDF")
noxml = any(f["code"] in ("ZF-NO-XML", "PDF-NO-INVOICE") or "no embedded" in f.get("message", "").lower() for f in fa)
row = {"pdf": pdf, "attachment": key, "pdfFindings": pdfl}
if not key:
    row["state"] = "NO-ATTACHMENT" if noxml or not rest(fa) else "NO-ATTACHMENT-BUT-READ"
elif b is None or b == {}:
    row["state"] = "QPDF-FAILED"
else:
    ra, rb = rest(fa), rest(b.get("errors", []))
    va = not any(f.get("severity") == "ERROR" and f.get("layer") != "PDF" for f in fa)
    row.update(state="SAME" if ra == rb and va == b.get("valid") else "DIFFERENT",
               xmlValid=b.get("valid"), codes=sorted(set(rb)))
    if ra != rb:
        row["onlyPdf"] = sorted(set(ra) - set(rb)); row["onlyXml"] = sorted(set(rb) - set(ra))
print(json.dumps(row))
EOF
done < "$TMP/list"

python3 - "$TMP/rows" "$DIR" <<'EOF'
import json, sys, collections
rows = [json.loads(l) for l in open(sys.argv[1])]
base = sys.argv[2].rstrip("/") + "/"
c = collections.Counter(r["state"] for r in rows)
for r in rows:
    name = r["pdf"][len(base):] if r["pdf"].startswith(base) else r["pdf"]
    extra = ""
    if r["state"] == "DIFFERENT":
        extra = " only via PDF %s, only in XML %s" % (r["onlyPdf"], r["onlyXml"])
    elif r["state"] == "SAME":
        extra = " xml %s, %d codes" % ("valid" if r["xmlValid"] else "invalid", len(r["codes"]))
    pf = (" pdf-layer " + ",".join(r["pdfFindings"])) if r.get("pdfFindings") else ""
    print("%-18s %s%s%s" % (r["state"], name, extra, pf))
with_xml = sum(1 for r in rows if r.get("attachment"))
same = c.get("SAME", 0)
print("pdf corpus: %d PDFs, %d with an invoice attachment, verdict equal %d/%d, different %d, "
      "no attachment %d" % (len(rows), with_xml, same, with_xml, c.get("DIFFERENT", 0) + c.get("QPDF-FAILED", 0),
                            c.get("NO-ATTACHMENT", 0) + c.get("NO-ATTACHMENT-BUT-READ", 0)))
sys.exit(1 if c.get("DIFFERENT") or c.get("QPDF-FAILED") or c.get("CLI-FAILED") else 0)
EOF
