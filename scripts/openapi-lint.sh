#!/usr/bin/env bash
# Lints docs/openapi.yaml with Redocly CLI (pinned; redocly.yaml, exceptions with reasons in
# .redocly.lint-ignore.yaml). Any error or warning fails. Needs npx (Node.js) and the npm
# registry, or a cached copy of the package; without npx it says so and is skipped, except
# under CI=true, where that is a failure. The first run fetches the package (~25 s); later
# runs take ~2 s.
set -euo pipefail
cd "$(dirname "$0")/.."
REDOCLY_VERSION=2.12.0
if ! command -v npx >/dev/null 2>&1; then
  echo "== openapi lint: skipped (npx not found; install nodejs and npm)"
  [ "${CI:-}" = true ] && exit 1
  exit 0
fi
echo "== openapi lint (@redocly/cli@${REDOCLY_VERSION})"
out=$(npx --yes "@redocly/cli@${REDOCLY_VERSION}" lint --format=stylish docs/openapi.yaml 2>&1) || {
  echo "$out"; exit 1; }
# the recommended rules' warnings count as failures too
if echo "$out" | grep -Eq '^ +[0-9]+:[0-9]+ +warning'; then
  echo "$out"; echo "openapi lint: warnings (fix them, or list them with a reason in .redocly.lint-ignore.yaml)"; exit 1
fi
echo "$out" | tail -n 3
