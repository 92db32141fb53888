#!/usr/bin/env bash
# What the dashboard's browser test needs on a clean Debian machine: chromium (Debian's
# package), node and npm (Debian's, when there is no node yet), and the two npm packages
# pinned in package-lock.json, installed from the npm registry with `npm ci`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "browser test: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# the lock file decides the versions; nothing but the npm registry is contacted
# (playwright-core downloads no browser of its own)
cd "$here"
if ! cmp -s package-lock.json node_modules/.einv-installed-lock 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.einv-installed-lock
fi
