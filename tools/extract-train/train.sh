#!/usr/bin/env bash
# Reproducible training of the extraction models (docs/extraction.md): generate the synthetic
# corpora with fixed seeds, read them with the extractor's own page reader and candidates,
# train the boosted trees with a fixed seed, write models/extract/{head,block}.json.
#   BUILD=build CORPUS=/tmp/einv-extract-corpus tools/extract-train/train.sh
# The committed models: SEEDS="11 12" N=450 SCAN_FRAC=0.15 plus EXTRA_SEEDS="13" (N_EXTRA=250,
# SCAN_FRAC_EXTRA=0.1, gen.py --extras: the later layout variants) plus SPLIT_SEEDS="14"
# (N_SPLIT=240, SCAN_FRAC_SPLIT=0.1, gen.py --extras --split train: more label wordings, the
# generator's flaws fixed, never the held-out wordings and layout families), ROUNDS=150
# MAX_SCANS=70. Held-out evaluation: gen.py --split heldout with another seed (docs/extraction.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
CORPUS=${CORPUS:-/tmp/einv-extract-corpus}
N=${N:-450}
SEEDS=${SEEDS:-11 12}
EXTRA_SEEDS=${EXTRA_SEEDS:-13}
N_EXTRA=${N_EXTRA:-250}
SPLIT_SEEDS=${SPLIT_SEEDS:-14}
N_SPLIT=${N_SPLIT:-240}
SCAN_FRAC_SPLIT=${SCAN_FRAC_SPLIT:-0.1}
SCAN_FRAC_EXTRA=${SCAN_FRAC_EXTRA:-0.1}
SCAN_FRAC=${SCAN_FRAC:-0.15}
ROUNDS=${ROUNDS:-150}
MAX_SCANS=${MAX_SCANS:-70}        # OCR takes seconds a page: a bounded number of scans
bash tools/extract-gen/deps.sh
mkdir -p "$CORPUS"
for seed in $SEEDS; do
  if [ ! -f "$CORPUS/s$seed/index.jsonl" ]; then
    /usr/bin/python3 tools/extract-gen/gen.py --out "$CORPUS/s$seed" --n "$N" --seed "$seed" \
      --scan-frac "$SCAN_FRAC" --jobs 2
  fi
done
for seed in $EXTRA_SEEDS; do
  if [ ! -f "$CORPUS/s$seed/index.jsonl" ]; then
    /usr/bin/python3 tools/extract-gen/gen.py --out "$CORPUS/s$seed" --n "$N_EXTRA" --seed "$seed" \
      --scan-frac "$SCAN_FRAC_EXTRA" --jobs 2 --extras
  fi
done
for seed in $SPLIT_SEEDS; do
  if [ ! -f "$CORPUS/s$seed/index.jsonl" ]; then
    /usr/bin/python3 tools/extract-gen/gen.py --out "$CORPUS/s$seed" --n "$N_SPLIT" --seed "$seed" \
      --scan-frac "$SCAN_FRAC_SPLIT" --jobs 2 --extras --split train
  fi
done
# one index over the corpora (file names prefixed by their seed)
/usr/bin/python3 - "$CORPUS" $SEEDS $EXTRA_SEEDS $SPLIT_SEEDS <<'PY'
import json, os, sys
root, seeds = sys.argv[1], sys.argv[2:]
with open(os.path.join(root, "index.jsonl"), "w") as out:
    for seed in seeds:
        for line in open(os.path.join(root, "s" + seed, "index.jsonl")):
            doc = json.loads(line)
            for k in ("pdf", "truth"):
                doc[k] = "s%s/%s" % (seed, doc[k])
            out.write(json.dumps(doc) + "\n")
PY
cmake --build "$BUILD" --target extract_train
OMP_THREAD_LIMIT=1 "$BUILD/bin/extract_train" "$CORPUS" models/extract "$ROUNDS" "$MAX_SCANS"
ls -l models/extract
