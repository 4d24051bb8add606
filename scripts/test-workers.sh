#!/usr/bin/env bash
# The Workers path, proven locally: builds the Workers target (build/workers) and runs it in the
# local Workers runtime (wrangler dev) against a fresh, migrated libSQL file reached over libSQL's
# HTTP protocol through a test-only Hrana endpoint (tests/workers/hrana-server.ts), as production
# reaches Turso. Suite: tests/workers/ (sign in -> service -> booking without JavaScript -> accept,
# a 50-way race for one slot, the endpoint's protocol, and one journey per feature that touches the
# runtime). Journeys tagged @extended run only with WORKERS_SUITE=all (`npm run test:workers:all`):
# `npm test` keeps the cheapest set that proves each runtime-specific mechanism (docs/decisions/1200).
# Extra arguments go to Playwright.
# Ports: WORKER_PORT (8799), HRANA_PORT (8798), TRIP_PROXY_PORT (8797); the stand-ins take
# WORKER_PORT + 3 to + 5. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false

bash scripts/ensure-browser.sh

# `npm test` has just built it (scripts/workers-size.sh) and says so; on its own it builds first.
if [ "${AGENDO_WORKERS_BUILT:-}" != "1" ]; then
  echo "== Workers build"
  AGENDO_TARGET=workers react-router build > /dev/null
fi

echo "== Workers end-to-end (wrangler dev + Hrana endpoint over HTTP)"
# WORKERS_SUITE=all: the @extended journeys too (the configuration reads it).
playwright test -c tests/workers/playwright.workers.config.ts "$@"
