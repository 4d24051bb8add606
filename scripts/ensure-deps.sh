#!/usr/bin/env bash
# Installs the project's npm dependencies when missing or stale (fresh clone, lockfile changed).
# `npm ci` installs exactly the lockfile; `--include=dev` keeps the build tools (tsx, vite,
# react-router's CLI) even when NODE_ENV=production, since `npm start` builds the app itself.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.agendo-lock
if [ ! -x node_modules/.bin/node ] || [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "Installing dependencies..."
  npm ci --include=dev --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
