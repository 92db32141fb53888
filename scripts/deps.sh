#!/usr/bin/env bash
# Installs the Debian packages the build, the tests and the service need (idempotent).
set -euo pipefail
PKGS=(build-essential cmake pkg-config libxml2-dev libxml2-utils libjson-c-dev libcunit1-dev
      libsqlite3-dev libpq-dev libssl-dev libqpdf-dev zlib1g-dev libcivetweb-dev postgresql python3
      clang libclang-rt-dev    # clang + compiler-rt (libclang_rt.fuzzer): scripts/fuzz-smoke.sh
      libhpdf-dev fonts-dejavu-core icc-profiles-free   # the Factur-X export (render, fonts, sRGB)
      qpdf python3-pikepdf poppler-utils                # its tests: facturx-check, pdftotext, pdftoppm
      dpkg-dev file fakeroot curl systemd adduser       # the .deb test: cpack's shlibdeps, systemd-analyze
      openssl                                           # test certificates: tests/blackbox/webhooks_tls.py
      libpoppler-glib-dev libcairo2-dev libtesseract-dev libleptonica-dev libxgboost-dev  # extraction
      tesseract-ocr-deu tesseract-ocr-eng tesseract-ocr-fra tesseract-ocr-ita)  # OCR languages
# the OpenAPI lint (scripts/openapi-lint.sh) runs Redocly CLI through npx; a Node.js from
# elsewhere (e.g. NodeSource, which bundles npm) is left alone
command -v npx >/dev/null 2>&1 || PKGS+=(nodejs npm)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# libcurl's headers (einvoiced fetches the identity provider's keys), in any of Debian's TLS
# flavours; the OpenSSL one when none is there
pkg-config --exists libcurl 2>/dev/null || missing+=(libcurl4-openssl-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
