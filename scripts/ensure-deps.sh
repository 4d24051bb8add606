#!/usr/bin/env bash
# Installs the project's npm dependencies when missing or stale (fresh clone, lockfile changed).
# `npm ci` installs exactly the lockfile; `--include=dev` keeps the build tools (tsx, vite,
# react-router's CLI) even when NODE_ENV=production, since `npm start` builds the app itself.
#
# The install runs on the machine's Node, which may be older than the project's (package.json
# engines): that is fine, the project brings its own Node 24 (the npm package `node`) and every
# script runs on it. npm would still print an EBADENGINE warning per package that wants a newer
# Node (16 on Node 20), all about a Node that runs nothing here: the install says so in one line
# instead, and shows npm's errors only (docs/decisions/1076).
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.agendo-lock
if [ ! -x node_modules/.bin/node ] || [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "Installing dependencies..."
  machine_major=$(node -p 'process.versions.node.split(".")[0]')
  if [ "$machine_major" -lt 22 ]; then
    echo "This machine has Node $(node -v); the app runs on the project's own Node 24, installed now with the rest."
  fi
  npm ci --include=dev --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
