#!/usr/bin/env bash
# The Debian packages the synthetic invoice generator needs (not CI's: it never generates).
set -euo pipefail
PKGS=(python3 python3-reportlab imagemagick img2pdf poppler-utils
      fonts-dejavu-core fonts-liberation fonts-freefont-ttf)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
