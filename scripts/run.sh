#!/usr/bin/env bash
# Builds einvoice and validates the sample invoice with the CLI (the REST service will be
# started here once it exists). usage: scripts/run.sh [FILE] [PROFILE]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
FILE=${1:-tests/data/ubl/sample-invoice.xml}
PROFILE=${2:-EN16931}
echo "\$ build/bin/einvoice validate --profile $PROFILE $FILE"
build/bin/einvoice validate --profile "$PROFILE" "$FILE" || true
echo
echo "\$ build/bin/einvoice validate --profile $PROFILE --json $FILE"
build/bin/einvoice validate --profile "$PROFILE" --json "$FILE" || true
