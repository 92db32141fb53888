#!/usr/bin/env bash
# Builds einvoice and starts the REST service on the embedded SQLite store (var/einvoice.db).
# Settings come from the environment (docs/operations.md); EINV_LISTEN defaults to 127.0.0.1:8080.
# Without the service built (EINV_SERVER=OFF), validates the sample invoice with the CLI instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" >/dev/null
if [ ! -x build/bin/einvoiced ]; then
  build/bin/einvoice validate --profile EN16931 tests/data/ubl/sample-invoice.xml || true
  exit 0
fi
export EINV_DATABASE=${EINV_DATABASE:-sqlite:var/einvoice.db}
LISTEN=${EINV_LISTEN:-127.0.0.1:8080}
cat <<EOT
einvoiced on http://$LISTEN/api  (database: $EINV_DATABASE)

In another terminal, create an account and an API key, then submit the sample invoice:

  build/bin/einvoiced admin create-account --email you@example.com --plan PRO
  KEY=\$(build/bin/einvoiced admin create-key --email you@example.com --name demo | tail -n 1)
  curl -s -H "Authorization: Bearer \$KEY" -F profile=EN16931 \\
       -F file=@tests/data/ubl/sample-invoice.xml http://$LISTEN/api/v1/invoices/validate
  curl -s -H "Authorization: Bearer \$KEY" http://$LISTEN/api/v1/invoices/<id from the answer>

(EINV_DATABASE must be the same in both terminals; the default is sqlite:var/einvoice.db.)

The dashboard is at http://$LISTEN/ ; its sign-in needs EINV_OIDC_ISSUER and EINV_OIDC_CLIENT_ID
(docs/dashboard.md shows a local identity provider for trying it out).
EOT
exec build/bin/einvoiced
