#!/usr/bin/env bash
# Builds the Workers bundle, dry-runs the deploy and checks its gzip size (budget 1 MiB).
set -euo pipefail
cd "$(dirname "$0")/.."
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
AGENDO_TARGET=workers react-router build > /dev/null
out=$(mktemp -d)
log=$(wrangler deploy --dry-run --outdir "$out" 2>&1) || { echo "$log"; exit 1; }
line=$(echo "$log" | grep "Total Upload")
echo "$line"
gzip_kib=$(echo "$line" | sed -E 's/.*gzip: ([0-9.]+) KiB.*/\1/')
budget=1024
if awk "BEGIN { exit !($gzip_kib > $budget) }"; then
  echo "Workers bundle ${gzip_kib} KiB gzip is over the ${budget} KiB budget"
  exit 1
fi
echo "Workers bundle: ${gzip_kib} KiB gzip (budget ${budget} KiB)"
