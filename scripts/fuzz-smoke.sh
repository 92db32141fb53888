#!/usr/bin/env bash
# Fuzz smoke (docs/fuzzing.md): builds the libFuzzer targets with clang, ASan and UBSan in
# build-fuzz, builds their seed corpora, replays the saved reproducers of fuzz/regressions/
# and runs every target for FUZZ_SECONDS (default 30), FUZZ_PARALLEL (default 2) at a time.
# Exits non-zero on any crash, leak, timeout, out-of-memory or UBSan report, naming the
# reproducer; prints one summary line per target (runs, coverage, corpus).
#
# Settings (environment): FUZZ_SECONDS, FUZZ_PARALLEL, FUZZ_TARGETS (space list, default
# all), FUZZ_BUILD_DIR (build-fuzz), FUZZ_SEED (libFuzzer -seed, default random),
# FUZZ_NO_BUILD=1 (use the existing build).
set -uo pipefail
cd "$(dirname "$0")/.."
B=${FUZZ_BUILD_DIR:-build-fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-30}
PAR=${FUZZ_PARALLEL:-2}
ALL="ubl cii zugferd_pdf idoc odata json mapping multipart http_json jwt json_strict"

if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
  command -v clang >/dev/null || { echo "fuzz-smoke: clang is not installed (scripts/deps.sh)" >&2; exit 1; }
  echo "== fuzz: build ($B, clang, ASan + UBSan + libFuzzer)"
  CC=clang cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DEINV_FUZZ=ON -DEINV_TESTS=OFF >/dev/null || exit 1
  cmake --build "$B" --target fuzz -j"$(nproc)" >"$B/fuzz-build.log" 2>&1 ||
    { tail -n 30 "$B/fuzz-build.log"; echo "fuzz-smoke: the fuzz build failed ($B/fuzz-build.log)" >&2; exit 1; }
fi
EINV_CLI="$B/bin/einvoice" EINV_PLUGIN_DIR="$B/lib/einvoice" bash fuzz/seeds.sh "$B/corpus" >/dev/null || exit 1

# per target: the dictionary and the largest input worth mutating
dict_of() { case $1 in zugferd_pdf) echo pdf ;; json_strict | http_json) echo json ;; *) echo "$1" ;; esac; }
max_len_of() {
  case $1 in
    ubl | cii) echo 65536 ;; zugferd_pdf) echo 131072 ;; idoc | odata | json) echo 32768 ;;
    jwt) echo 8192 ;; *) echo 16384 ;;
  esac
}

# intercept_tls_get_addr=0: see scripts/test.sh (google/sanitizers#1322)
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1:intercept_tls_get_addr=0:${ASAN_OPTIONS:-}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
export EINV_PLUGIN_DIR="$PWD/$B/lib/einvoice"
LOGS="$B/fuzz-logs"
rm -rf "$LOGS"
mkdir -p "$LOGS"

# run_target T: replay its regressions, then fuzz; the outcome goes to $LOGS/T.status
run_target() {
  local t=$1 bin="$B/bin/fuzz_$1" art="$B/artifacts/fuzz_$1/" seed=()
  mkdir -p "$art"
  if [ -d "fuzz/regressions/fuzz_$t" ] && [ -n "$(ls -A "fuzz/regressions/fuzz_$t")" ]; then
    if ! "$bin" -timeout=15 -rss_limit_mb=2560 "fuzz/regressions/fuzz_$t"/* >"$LOGS/$t.regressions.log" 2>&1; then
      echo "FAIL regression $(grep -a -o 'Running: .*' "$LOGS/$t.regressions.log" | tail -n 1 | cut -c10-)" >"$LOGS/$t.status"
      return
    fi
  fi
  [ -n "${FUZZ_SEED:-}" ] && seed=(-seed="$FUZZ_SEED")
  "$bin" "$B/corpus/fuzz_$t" -max_total_time="$SECONDS_EACH" -max_len="$(max_len_of "$t")" \
    -timeout=15 -rss_limit_mb=2560 -dict="fuzz/dict/$(dict_of "$t").dict" \
    -artifact_prefix="$art" -print_final_stats=1 "${seed[@]}" >"$LOGS/$t.log" 2>&1
  local rc=$?
  local art_file
  art_file=$(grep -a -o "Test unit written to .*" "$LOGS/$t.log" | tail -n 1 | cut -c22-)
  if [ $rc -ne 0 ] || [ -n "$art_file" ]; then
    echo "FAIL ${art_file:-exit status $rc}" >"$LOGS/$t.status"
  else
    echo "ok" >"$LOGS/$t.status"
  fi
}

targets=()
for t in ${FUZZ_TARGETS:-$ALL}; do
  if [ -x "$B/bin/fuzz_$t" ]; then targets+=("$t"); else echo "== fuzz: fuzz_$t is not built, skipped"; fi
done
echo "== fuzz: ${#targets[@]} targets, ${SECONDS_EACH}s each, $PAR at a time"
running=0
for t in "${targets[@]}"; do
  run_target "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$PAR" ]; then wait -n; running=$((running - 1)); fi
done
wait

fail=0
for t in "${targets[@]}"; do
  st=$(cat "$LOGS/$t.status" 2>/dev/null || echo "FAIL no status")
  runs=$(grep -a -o 'stat::number_of_executed_units: [0-9]*' "$LOGS/$t.log" 2>/dev/null | grep -o '[0-9]*$')
  last=$(grep -a -E '^#[0-9]+' "$LOGS/$t.log" 2>/dev/null | tail -n 1)
  cov=$(grep -a -o 'cov: [0-9]*' <<<"$last" | grep -o '[0-9]*$')
  ft=$(grep -a -o 'ft: [0-9]*' <<<"$last" | grep -o '[0-9]*$')
  corp=$(grep -a -o 'corp: [0-9]*/[0-9]*[a-zA-Z]*' <<<"$last" | cut -c7-)
  printf 'fuzz_%-12s %-4s runs %-9s cov %-6s ft %-6s corpus %s\n' "$t" "${st%% *}" "${runs:--}" \
    "${cov:--}" "${ft:--}" "${corp:--}"
  if [ "${st%% *}" != ok ]; then
    fail=1
    echo "  reproducer: ${st#FAIL }"
    log="$LOGS/$t.log"
    [[ $st == "FAIL regression"* ]] && log="$LOGS/$t.regressions.log"
    grep -a -m 3 -E 'fuzz harness:|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:|SUMMARY:' "$log" |
      cut -c1-300 | sed 's/^/  /'
    echo "  log: $log; replay: $B/bin/fuzz_$t <reproducer>"
  fi
done
if [ $fail -eq 0 ]; then echo "== fuzz: all targets clean"; else echo "== fuzz: FAILED (see above)"; fi
exit $fail
