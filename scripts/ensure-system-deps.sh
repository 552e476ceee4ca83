#!/usr/bin/env bash
# Installs the Debian packages the test suite and benchmarks run: Chromium for the e2e suite
# (npx playwright install cannot download browsers here), nginx for the production-server
# tests with its headers-more module (security headers set once on every answer), nginx's
# brotli modules (on-the-fly and precompressed) where Debian has them, and wrk
# for npm run bench:server; and what npm run test:samples runs the pages' samples with (curl,
# jq, uuidgen, openssl, python3 with requests, Go and a JDK to compile the Go and Java samples;
# design/sample-execution.md). Each only when missing; sudo when not run as root.
# With --chromium, only Chromium: the build draws diagrams with it (npm's prebuild step).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
MODULES=/usr/lib/nginx/modules
packages=()
[ -x "$CHROMIUM" ] || packages+=(chromium)
if [ "${1:-}" = "--chromium" ]; then
  [ ${#packages[@]} -eq 0 ] && exit 0
  echo "Installing Chromium (the build draws diagrams with it)"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
  exit 0
fi
command -v nginx >/dev/null 2>&1 || packages+=(nginx)
command -v wrk >/dev/null 2>&1 || packages+=(wrk)
[ -f "$MODULES/ngx_http_headers_more_filter_module.so" ] || packages+=(libnginx-mod-http-headers-more-filter)
[ -f "$MODULES/ngx_http_brotli_filter_module.so" ] || packages+=(libnginx-mod-http-brotli-filter)
[ -f "$MODULES/ngx_http_brotli_static_module.so" ] || packages+=(libnginx-mod-http-brotli-static)
# The code samples (npm run test:samples).
command -v curl >/dev/null 2>&1 || packages+=(curl)
command -v jq >/dev/null 2>&1 || packages+=(jq)
# uuidgen: the API pages' cURL samples make their Idempotency-Key with it (macOS has it too).
command -v uuidgen >/dev/null 2>&1 || packages+=(uuid-runtime)
command -v openssl >/dev/null 2>&1 || packages+=(openssl)
command -v python3 >/dev/null 2>&1 || packages+=(python3)
python3 -c "import requests" >/dev/null 2>&1 || packages+=(python3-requests)
command -v go >/dev/null 2>&1 || packages+=(golang-go)
command -v javac >/dev/null 2>&1 || packages+=(default-jdk-headless)
if [ ${#packages[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing Debian packages: ${packages[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null; then
  # The brotli modules are optional: retry without them.
  packages=("${packages[@]/libnginx-mod-http-brotli-*/}")
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq ${packages[*]} >/dev/null
fi
# Debian starts nginx as a service on install; the tests run their own instance.
$SUDO service nginx stop >/dev/null 2>&1 || true
"$CHROMIUM" --version
