#!/usr/bin/env bash
# `npm test`: every check, in the order a failure is cheapest to find. Stops at the first
# failing step and exits non-zero, so CI (.ci/run) fails when any check fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's wall time is printed when the next starts, so a slow CI run shows where the
# time went (the budget for the whole of .ci/run is 20 minutes).
STEP_START=$SECONDS
STEP_NAME=""
step() {
  if [ -n "$STEP_NAME" ]; then echo "<== $STEP_NAME: $((SECONDS - STEP_START)) s"; fi
  STEP_NAME="$1"
  STEP_START=$SECONDS
  echo
  echo "==> $1"
}

step "System packages for the e2e suite and the code samples (Chromium, nginx, Go, JDK)"
bash scripts/ensure-system-deps.sh
step "Lint (ESLint)"
npm run --silent lint
step "Format (Prettier)"
npm run --silent format:check
step "Types (tsc --noEmit)"
npm run --silent typecheck
step "OpenAPI definitions (Redocly CLI, recommended-strict)"
npm run --silent lint:openapi
step "Content checks"
npm run --silent check:content
step "Unit tests"
npm run --silent test:unit
step "Writers' preview (docusaurus start): a page, the next page compiled on first visit, a saved edit"
CI="${CI:-1}" npm run --silent test:preview
step "Production build"
npm run --silent build
step "Build output tests (redirects, host files, generated API pages, catalog tables)"
npm run --silent test:build
step "Code samples against the sandbox twin (cURL, Python, Node.js run; Go, Java compiled)"
npm run --silent test:samples
step "Postman collections against the sandbox twin (newman, from a fresh start)"
npm run --silent test:postman
step "Search budgets: sizes and relevance (latency is reported, not enforced)"
npm run --silent bench:search -- --check
step "API reference layout budgets: every API page at 1440 and 390 px"
npm run --silent bench:api -- --check
step "Try it budgets: nothing before opening, first open ≤ 60 KB, Send to answer ≤ 150 ms (median of 5)"
npm run --silent bench:try-it -- --check
step "End-to-end tests (Playwright, Chromium; docusaurus serve and nginx)"
CI="${CI:-1}" npm run --silent test:e2e
echo "<== $STEP_NAME: $((SECONDS - STEP_START)) s"
echo
echo "All checks passed in $SECONDS s."
