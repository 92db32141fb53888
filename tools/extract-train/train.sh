#!/usr/bin/env bash
# Reproducible training of the extraction models (docs/extraction.md): generate the synthetic
# corpus with a fixed seed, read it with the extractor's own page reader and candidates, train
# the boosted trees with a fixed seed, write models/extract/{head,block}.json.
#   BUILD=build-x CORPUS=/tmp/einv-extract-corpus N=500 tools/extract-train/train.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
CORPUS=${CORPUS:-/tmp/einv-extract-corpus}
N=${N:-500}
SEED=${SEED:-7}
ROUNDS=${ROUNDS:-150}
MAX_SCANS=${MAX_SCANS:-60}        # OCR takes seconds a page: a bounded share of scans
bash tools/extract-gen/deps.sh
if [ ! -f "$CORPUS/index.jsonl" ]; then
  /usr/bin/python3 tools/extract-gen/gen.py --out "$CORPUS" --n "$N" --seed "$SEED" --scan-frac 0.25 --jobs 2
fi
cmake --build "$BUILD" --target extract_train
OMP_THREAD_LIMIT=1 "$BUILD/bin/extract_train" "$CORPUS" models/extract "$ROUNDS" "$MAX_SCANS"
ls -l models/extract
