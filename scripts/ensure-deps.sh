#!/usr/bin/env bash
# Installs the project's npm dependencies when missing or stale (fresh clone, lockfile changed).
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.agendo-lock
if [ ! -x node_modules/.bin/node ] || [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "Installing dependencies..."
  npm install --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
