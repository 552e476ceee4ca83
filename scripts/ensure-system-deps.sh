#!/usr/bin/env bash
# Installs the Debian packages the test suite runs: Chromium for the e2e suite (npx playwright
# install cannot download browsers here), nginx for the production-server tests, and nginx's
# brotli module where Debian has it. Each only when missing; sudo when not run as root.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
BROTLI_MODULE=/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so
packages=()
[ -x "$CHROMIUM" ] || packages+=(chromium)
command -v nginx >/dev/null 2>&1 || packages+=(nginx)
[ -f "$BROTLI_MODULE" ] || packages+=(libnginx-mod-http-brotli-filter)
if [ ${#packages[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing Debian packages: ${packages[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null; then
  # The brotli module is optional: retry without it.
  packages=("${packages[@]/libnginx-mod-http-brotli-filter/}")
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq ${packages[*]} >/dev/null
fi
# Debian starts nginx as a service on install; the tests run their own instance.
$SUDO service nginx stop >/dev/null 2>&1 || true
"$CHROMIUM" --version
