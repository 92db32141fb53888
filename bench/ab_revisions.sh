#!/bin/bash
# A/B speed of two revisions: builds each (git archive, Release, no tests, no server) in a
# temp dir and runs einvoice_bench on the same documents, alternately, ROUNDS times each, so
# both see the same machine load. Prints the bench lines of every run.
#   bench/ab_revisions.sh REV_A REV_B [PROFILE]
# Env: EINV_REPEAT (einvoice_bench repeats, default 20), ROUNDS (default 2),
#      CASES (default ../shared/conformance/cases; the folders of bench/compare.sh are used).
set -euo pipefail
a=${1:?usage: ab_revisions.sh REV_A REV_B [PROFILE]}; b=${2:?usage: ab_revisions.sh REV_A REV_B [PROFILE]}
profile=${3:-EN16931}
repeat=${EINV_REPEAT:-20}; rounds=${ROUNDS:-2}
cases=${CASES:-$(cd "$(dirname "$0")/.." && pwd)/../shared/conformance/cases}
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
files=()
for s in cen-examples xr-business peppol-examples it zugferd-xml; do
    for f in "$cases/$s"/*.xml; do [ -f "$f" ] && files+=("$f"); done
done
[ ${#files[@]} -gt 0 ] || { echo "ab: no documents under $cases" >&2; exit 1; }
for rev in "$a" "$b"; do
    mkdir -p "$tmp/$rev"
    git -C "$top" archive "$rev" | tar -x -C "$tmp/$rev"
    cmake -S "$tmp/$rev" -B "$tmp/$rev/b" -DCMAKE_BUILD_TYPE=Release -DEINV_TESTS=OFF -DEINV_SERVER=OFF >/dev/null
    cmake --build "$tmp/$rev/b" -j2 >"$tmp/$rev.log" 2>&1 || { tail -20 "$tmp/$rev.log"; exit 1; }
done
echo "== ${#files[@]} documents, profile $profile, --repeat $repeat, $rounds rounds; $(uptime)"
for ((i = 1; i <= rounds; i++)); do
    for rev in "$a" "$b"; do
        echo "-- $rev (round $i)"
        EINV_PLUGIN_DIR=$tmp/$rev/b/lib/einvoice "$tmp/$rev/b/bin/einvoice_bench" --profile "$profile" \
            --repeat "$repeat" "${files[@]}" | grep -E 'parse only|einvoice validate|einvoice wall'
    done
done
