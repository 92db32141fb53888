#!/usr/bin/env bash
# CTest's entry to the dashboard's browser test: run.sh EINVOICED PLUGIN_DIR SCREENSHOT_DIR.
# tests/browser/setup.sh (run by scripts/test.sh) installs chromium, node and the packages.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null 2>&1 || ! command -v chromium >/dev/null 2>&1 ||
   [ ! -d "$here/node_modules/playwright-core" ] || [ ! -d "$here/node_modules/oidc-provider" ]; then
  echo "the browser test needs node, chromium and the npm packages: run bash tests/browser/setup.sh" >&2
  exit 1
fi
EINV_SERVER_BIN=$1 EINV_PLUGIN_DIR=$2 EINV_SCREENSHOT_DIR=$3 CHROMIUM_PATH=${CHROMIUM_PATH:-$(command -v chromium)} \
  exec node "$here/dashboard.test.mjs"
