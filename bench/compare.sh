#!/usr/bin/env bash
# Side-by-side performance comparison, all measured in this one run on the same documents:
#   1. einvoice_bench (Release build): our validation µs/doc and libxml2 parse-only µs/doc;
#   2. xmllint --noout --repeat (100 parses per file): the libxml2 command-line parse floor;
#   3. the official CEN EN 16931 XSLT chain (Schematron compiled to XSLT) on Saxon-HE, with the
#      stylesheets precompiled once and a new transformer per document (bench/saxon/SaxonBench.java).
# Targets: ours ≥ 20x faster than Saxon per document, and ≤ 2x the libxml2 parse time.
#
# usage: bench/compare.sh [--profile P]
# env:   EINV_CEN_XSLT_DIR  directory holding EN16931-UBL-validation.xslt and
#                           EN16931-CII-validation.xslt (overrides the repository snapshot)
#        EINV_CEN_REPO      git repository of ConnectingEurope/eInvoicing-EN16931
#                           (default /work/.mirror/ConnectingEurope+eInvoicing-EN16931/repo)
#        SAXON_JAR          Saxon-HE jar (default: /usr/share/java/Saxon-HE.jar or similar)
#        EINV_REPEAT        einvoice_bench repeats (default 50)
#        SAXON_WARMUP / SAXON_REPEAT   Saxon warm-up and timed passes (default 3 / 10)
#        SAXON_JAVA_OPTS    extra JVM options
# The official XSLTs are only ever extracted into a temporary directory, never into the tree.
set -euo pipefail
cd "$(dirname "$0")/.."
PROFILE=EN16931
[ "${1:-}" = "--profile" ] && PROFILE=$2
EINV_REPEAT=${EINV_REPEAT:-50}
SAXON_WARMUP=${SAXON_WARMUP:-3}
SAXON_REPEAT=${SAXON_REPEAT:-10}
CEN_REPO=${EINV_CEN_REPO:-/work/.mirror/ConnectingEurope+eInvoicing-EN16931/repo}

TMP=$(mktemp -d "${TMPDIR:-/tmp}/einv-compare.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

echo "== host: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%M:%SZ)"

# ---- build ------------------------------------------------------------------------------
echo "== building Release into build-bench"
if ! { cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release && cmake --build build-bench -j2; } \
        >"$TMP/build.log" 2>&1; then
    tail -n 40 "$TMP/build.log" >&2
    echo "compare: build failed" >&2
    exit 1
fi
B=build-bench/bin/einvoice_bench

# ---- documents --------------------------------------------------------------------------
C=../shared/conformance/cases
files=()
for s in cen-examples xr-business peppol-examples it zugferd-xml; do
    for f in "$C/$s"/*.xml; do
        [ -f "$f" ] && files+=("$f")
    done
done
if [ ${#files[@]} -eq 0 ]; then
    echo "compare: no documents under $C/{cen-examples,xr-business,peppol-examples,it,zugferd-xml}" >&2
    exit 1
fi
N=${#files[@]}
echo "== $N full documents from $C/{cen-examples,xr-business,peppol-examples,it,zugferd-xml}"

# ---- 1. einvoice_bench ------------------------------------------------------------------
echo "== einvoice_bench --profile $PROFILE --repeat $EINV_REPEAT (one process, one core, warm)"
"$B" --profile "$PROFILE" --repeat "$EINV_REPEAT" "${files[@]}" | tee "$TMP/einv.out"
OURS=$(sed -n 's/^einvoice validate: *\([0-9.]*\) us\/doc.*/\1/p' "$TMP/einv.out")
OURS_MEAN=$(sed -n 's/^einvoice wall: mean \([0-9.]*\) us\/doc.*/\1/p' "$TMP/einv.out")
OURS_BEST=$(sed -n 's/^einvoice wall: .*best round \([0-9.]*\) us\/doc.*/\1/p' "$TMP/einv.out")
PARSE=$(sed -n 's/^libxml2 parse only: *\([0-9.]*\) us\/doc.*/\1/p' "$TMP/einv.out")
if [ -z "$OURS" ] || [ -z "$PARSE" ]; then
    echo "compare: could not read einvoice_bench output" >&2
    exit 1
fi

# ---- 2. xmllint -------------------------------------------------------------------------
# --repeat parses each file 100 times in one process. The raw figure includes one process
# start per file; the corrected one subtracts a plain single-parse run of the same file.
echo "== xmllint --noout --repeat (100 parses of each file)"
ns() { date +%s%N; }
t0=$(ns)
for f in "${files[@]}"; do xmllint --noout --repeat "$f"; done
t1=$(ns)
for f in "${files[@]}"; do xmllint --noout "$f"; done
t2=$(ns)
read -r XMLLINT XMLLINT_NET < <(python3 -c "
rep, once, n = $t1 - $t0, $t2 - $t1, $N
print('%.1f %.1f' % (rep / 1e3 / (100 * n), max(rep - once, 0) / 1e3 / (99 * n)))")
echo "xmllint: $XMLLINT us/doc (wall time / (100 x $N), incl. $N process starts)"
echo "xmllint: $XMLLINT_NET us/doc (minus a single-parse run per file, i.e. without process start)"

# ---- 3. Saxon-HE + official CEN XSLT -----------------------------------------------------
SAXON=""
SAXON_NOTE=""
xslt_dir=""
if [ -n "${EINV_CEN_XSLT_DIR:-}" ]; then
    if [ -f "$EINV_CEN_XSLT_DIR/EN16931-UBL-validation.xslt" ] && [ -f "$EINV_CEN_XSLT_DIR/EN16931-CII-validation.xslt" ]; then
        xslt_dir=$EINV_CEN_XSLT_DIR
        XSLT_FROM="EINV_CEN_XSLT_DIR=$EINV_CEN_XSLT_DIR"
    else
        SAXON_NOTE="EINV_CEN_XSLT_DIR=$EINV_CEN_XSLT_DIR lacks EN16931-UBL-validation.xslt or EN16931-CII-validation.xslt"
    fi
elif git -C "$CEN_REPO" rev-parse -q --verify HEAD >/dev/null 2>&1 \
        && git -C "$CEN_REPO" show HEAD:ubl/xslt/EN16931-UBL-validation.xslt >"$TMP/EN16931-UBL-validation.xslt" 2>/dev/null \
        && git -C "$CEN_REPO" show HEAD:cii/xslt/EN16931-CII-validation.xslt >"$TMP/EN16931-CII-validation.xslt" 2>/dev/null; then
    xslt_dir=$TMP
    XSLT_FROM="$CEN_REPO @ $(git -C "$CEN_REPO" log -1 --format='%h %cd' --date=short HEAD)"
else
    SAXON_NOTE="no official CEN XSLTs (set EINV_CEN_XSLT_DIR or provide $CEN_REPO)"
fi
jar=${SAXON_JAR:-}
if [ -z "$jar" ]; then
    for j in /usr/share/java/Saxon-HE.jar /usr/share/java/Saxon-HE-9*.jar /usr/share/java/saxon9he.jar /usr/share/java/saxonhe.jar; do
        [ -f "$j" ] && { jar=$j; break; }
    done
fi
if [ -n "$xslt_dir" ] && { [ -z "$jar" ] || [ ! -f "$jar" ]; }; then
    SAXON_NOTE="Saxon-HE jar not found (set SAXON_JAR; Debian: libsaxonhe-java)"
    xslt_dir=""
fi
if [ -n "$xslt_dir" ] && { ! command -v javac >/dev/null || ! command -v java >/dev/null; }; then
    SAXON_NOTE="no java/javac"
    xslt_dir=""
fi
if [ -n "$xslt_dir" ]; then
    echo "== Saxon-HE ($jar) + official CEN XSLT from $XSLT_FROM"
    echo "   compiled once; new XsltTransformer per document; SVRL to a counting, discarding destination"
    if ! javac -nowarn -cp "$jar" -d "$TMP/classes" bench/saxon/SaxonBench.java 2>"$TMP/javac.log"; then
        cat "$TMP/javac.log" >&2
        echo "compare: SaxonBench did not compile" >&2
        exit 1
    fi
    # shellcheck disable=SC2086
    java ${SAXON_JAVA_OPTS:-} -cp "$jar:$TMP/classes" SaxonBench --warmup "$SAXON_WARMUP" --repeat "$SAXON_REPEAT" \
        "$xslt_dir/EN16931-UBL-validation.xslt" "$xslt_dir/EN16931-CII-validation.xslt" "${files[@]}" \
        | tee "$TMP/saxon.out"
    SAXON=$(sed -n 's/^saxon: \([0-9.]*\) ms\/doc (.*/\1/p' "$TMP/saxon.out")
    SAXON_BEST=$(sed -n 's/^saxon: best pass \([0-9.]*\) ms\/doc.*/\1/p' "$TMP/saxon.out")
    SAXON_N=$(sed -n 's/^saxon: [0-9.]* ms\/doc (\([0-9]*\) docs.*/\1/p' "$TMP/saxon.out")
    if [ -z "$SAXON" ]; then
        echo "compare: could not read SaxonBench output" >&2
        exit 1
    fi
    if [ "$SAXON_N" != "$N" ]; then
        echo "compare: note: Saxon timed $SAXON_N of $N documents (others skipped, see above)"
    fi
else
    echo "== Saxon comparison skipped: $SAXON_NOTE"
fi

# ---- summary ----------------------------------------------------------------------------
echo
echo "== summary ($N documents, profile $PROFILE, load average now $(cut -d' ' -f1-3 /proc/loadavg))"
python3 - "$OURS" "$PARSE" "$XMLLINT" "$XMLLINT_NET" "${SAXON:-}" "$OURS_MEAN" "$OURS_BEST" "${SAXON_BEST:-}" <<'EOF'
import sys
ours, parse, xl, xl_net = (float(x) for x in sys.argv[1:5])
saxon = float(sys.argv[5]) * 1000 if sys.argv[5] else None
ours_mean, ours_best = float(sys.argv[6]), float(sys.argv[7])
saxon_best = float(sys.argv[8]) * 1000 if sys.argv[8] else None
print("einvoice validate        %10.1f us/doc   best round in CPU time" % ours)
print("                         %10.1f us/doc   mean wall time over all rounds (best round %.1f)" % (ours_mean, ours_best))
print("libxml2 parse only       %10.1f us/doc   (einvoice_bench, same process)" % parse)
print("xmllint --noout --repeat %10.1f us/doc   (%.1f without process start)" % (xl, xl_net))
if saxon is not None:
    print("Saxon-HE + CEN XSLT      %10.1f us/doc   mean wall time over all passes (best pass %.1f)" % (saxon, saxon_best or 0))
    # like for like: mean against mean (what a stream of documents sees), best against best
    s = saxon / ours_mean
    print("speed-up vs Saxon        %10.1fx        mean / mean wall time; target >= 20x: %s" % (s, "met" if s >= 20 else "NOT met"))
    if saxon_best:
        print("                         %10.1fx        best pass / best round" % (saxon_best / ours_best))
else:
    print("Saxon-HE + CEN XSLT             skipped")
r = ours / parse
print("ratio vs libxml2 parse   %10.2fx        target <= 2x:  %s" % (r, "met" if r <= 2 else "NOT met"))
EOF
