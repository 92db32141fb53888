#!/usr/bin/env bash
# Memory einvoiced keeps after a burst of large uploads (issue 9 item 8): N parallel uploads
# of a ~19 MB UBL invoice (a large base64 attachment), then, once every invoice has its
# verdict and the server is idle, its resident set. Prints RSS before the burst, the peak
# (VmHWM) and RSS after, on SQLite.
# usage: bench/http/upload_rss.sh [-n 30 (<= 100)] [--mb 19] [--wait 300] [--bin EINVOICED --plugins DIR]
#   --bin/--plugins measure another build (e.g. one from an older commit) the same way.
set -euo pipefail
cd "$(dirname "$0")/../.."
N=30; MB=19; WAIT=300; SERVER=""; PLUGINS=""
while [ $# -gt 0 ]; do
  case $1 in
    -n) N=$2; shift 2 ;;
    --mb) MB=$2; shift 2 ;;
    --wait) WAIT=$2; shift 2 ;;
    --bin) SERVER=$2; shift 2 ;;
    --plugins) PLUGINS=$2; shift 2 ;;
    *) echo "usage: $0 [-n N] [--mb MB] [--wait S] [--bin EINVOICED --plugins DIR]" >&2; exit 2 ;;
  esac
done
[ "$N" -ge 1 ] && [ "$N" -le 100 ] || { echo "-n: 1..100 (one list page follows the verdicts)" >&2; exit 2; }
TMP=$(mktemp -d /tmp/einv-uploadrss.XXXXXX)
. bench/http/server_lib.sh
srv_build upload-rss-build
trap 'srv_cleanup; rm -rf "$TMP"' EXIT

# the sample invoice with one attachment of MB megabytes of base64
python3 - "$MB" "$TMP/big.xml" <<'EOF'
import base64, os, sys
mb, out = int(sys.argv[1]), sys.argv[2]
xml = open("tests/data/ubl/sample-invoice.xml", encoding="utf-8").read()
blob = base64.b64encode(os.urandom(mb * 1024 * 1024 * 3 // 4)).decode()
att = ('<cac:AdditionalDocumentReference><cbc:ID>big</cbc:ID><cac:Attachment>'
       '<cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="big.pdf">%s'
       '</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>' % blob)
i = xml.index("<cac:AccountingSupplierParty>")
open(out, "w", encoding="utf-8").write(xml[:i] + att + xml[i:])
EOF
rss() { awk -v k="$1:" '$1 == k {printf "%.0f MB", $2 / 1024}' "/proc/$SPID/status"; }

srv_db sqlite
srv_start sqlite "$DB"
echo "== conditions: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $N parallel uploads of $(du -m "$TMP/big.xml" | cut -f1) MB"
echo "RSS before the burst: $(rss VmRSS)"
pids=()
for i in $(seq "$N"); do
  curl -s -o "$TMP/r$i" -w '%{http_code}\n' -H "Authorization: Bearer $KEY" -F profile=EN16931 \
    -F "file=@$TMP/big.xml;type=application/xml" "http://127.0.0.1:$PORT/api/v1/invoices/validate" >"$TMP/c$i" &
  pids+=($!)
done
wait "${pids[@]}"     # not the server
echo "answers: $(cat "$TMP"/c* | sort | uniq -c | tr '\n' ' ')"
# wait for the verdicts (the workers hold documents meanwhile), at most WAIT seconds
left=0
for _ in $(seq "$WAIT"); do
  left=$(curl -s -H "Authorization: Bearer $KEY" "http://127.0.0.1:$PORT/api/v1/invoices?size=100" |
         python3 -c 'import json,sys; print(sum(i["status"] == "processing" for i in json.load(sys.stdin)["content"]))')
  [ "$left" = 0 ] && break
  sleep 1
done
echo "still processing after the wait: $left"
sleep 3
echo "peak RSS (VmHWM): $(rss VmHWM)"
echo "RSS after the burst, idle: $(rss VmRSS)"
srv_cleanup
