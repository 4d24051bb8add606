#!/usr/bin/env bash
# Builds the Workers bundle, dry-runs the deploy and checks its gzip size (budget 1 MiB); prints
# its five largest modules (scripts/workers-modules.ts) and its start-up CPU time: the median of
# STARTUP_RUNS (default 3) `wrangler check startup` profiles of the bundle in the local Workers
# runtime, 'Active' as wrangler reports it (this machine's CPU, not Cloudflare's: docs/decisions/1220).
set -euo pipefail
cd "$(dirname "$0")/.."
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
AGENDO_TARGET=workers react-router build > /dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
log=$(wrangler deploy --dry-run --outfile "$out/worker.bundle" 2>&1) || { echo "$log"; exit 1; }
line=$(echo "$log" | grep "Total Upload")
echo "$line"
gzip_kib=$(echo "$line" | sed -E 's/.*gzip: ([0-9.]+) KiB.*/\1/')
budget=1024
if awk "BEGIN { exit !($gzip_kib > $budget) }"; then
  echo "Workers bundle ${gzip_kib} KiB gzip is over the ${budget} KiB budget"
  exit 1
fi
echo "Workers bundle: ${gzip_kib} KiB gzip (budget ${budget} KiB)"
tsx scripts/workers-modules.ts 5

runs=${STARTUP_RUNS:-3}
active=()
for i in $(seq 1 "$runs"); do
  profile=$(wrangler check startup --workerBundle "$out/worker.bundle" --outfile "$out/startup-$i.cpuprofile" 2>&1) || { echo "$profile"; exit 1; }
  active+=("$(echo "$profile" | sed -nE 's/.*Active: ([0-9.]+) ms.*/\1/p')")
done
median=$(printf '%s\n' "${active[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }')
echo "Workers start-up CPU: ${median} ms, median of ${runs} local profiles (${active[*]} ms)"
