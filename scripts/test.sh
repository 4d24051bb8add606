#!/usr/bin/env bash
# `npm test`: every test of the project, in the order a failure is cheapest to find.
#   1. typecheck, and the README's run command on a fresh clone  2. unit + integration (vitest, real libSQL files)
#   3. production build + end-to-end in Chromium, JavaScript on and off (Playwright)
#   4. Workers build + `wrangler deploy --dry-run` with its gzip size against the budget
#   5. the Workers build in the local Workers runtime against a libSQL HTTP endpoint (e2e)
set -euo pipefail
cd "$(dirname "$0")/.."
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false

bash scripts/ensure-browser.sh

echo "== typecheck"
react-router typegen
tsc

echo "== fresh clone: NODE_ENV=production npm start"
bash scripts/test-fresh-clone.sh

echo "== unit and integration tests"
vitest run

echo "== end-to-end tests (Chromium, JavaScript on and off)"
react-router build > /dev/null
rm -rf data/e2e
playwright test

echo "== Workers build and bundle budget"
bash scripts/workers-size.sh

echo "== Workers end-to-end (local Workers runtime, database over libSQL's HTTP protocol)"
bash scripts/test-workers.sh
