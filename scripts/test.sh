#!/usr/bin/env bash
# `npm test`: every test of the project, in the order a failure is cheapest to find.
#   1. typecheck, the layer check (dependency-cruiser), the linter (oxlint), the unused-code check
#      (knip), and the README's run command on a fresh clone  2. unit + integration (vitest, real libSQL files)
#   3. production build + end-to-end in Chromium: every journey with JavaScript, the ones tagged
#      @nojs without it, the @phone ones on a phone (those tagged both: phone and no-JS only), and
#      the HTTP-level security suites (Playwright)
#   4. Workers build + `wrangler deploy --dry-run` with its gzip size against the budget, then
#      the Workers build in the local Workers runtime against a libSQL HTTP endpoint (e2e): these
#      run beside stage 1 and are waited for before vitest (docs/decisions/1092)
# At the end (or at the first failure) it prints how long each stage took.
set -euo pipefail
cd "$(dirname "$0")/.."
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false

started=$EPOCHREALTIME
timings=()
current=""
stage_start=""
fresh_pid=""
workers_pid=""

# Seconds since a point given by $EPOCHREALTIME, with one decimal.
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

stage() {
  finish_stage
  current=$1
  stage_start=$EPOCHREALTIME
  echo "== $current"
}

finish_stage() {
  if [ -n "$current" ]; then timings+=("$(printf '%8s s  %s' "$(since "$stage_start")" "$current")"); fi
  current=""
}

report() {
  local status=$?
  # A stage failed before the fresh clone was waited for: it stops too.
  if [ -n "$fresh_pid" ]; then kill -TERM "$fresh_pid" 2> /dev/null || true; fi
  if [ -n "$workers_pid" ]; then kill -TERM -- "-$workers_pid" 2> /dev/null || true; fi
  if [ -n "$current" ] && [ "$status" -ne 0 ]; then current="$current (FAILED)"; fi
  finish_stage
  echo
  echo "== time per stage"
  printf '%s\n' "${timings[@]}"
  printf '%8s s  %s\n' "$(since "$started")" "in all"
}
trap report EXIT

bash scripts/ensure-browser.sh

# The README's run command on a fresh clone installs, builds and starts on its own: it runs beside
# the checks below (each of them mostly on one core), and the suite waits for it before vitest.
fresh_log=$(mktemp)
fresh_started=$EPOCHREALTIME
bash scripts/test-fresh-clone.sh > "$fresh_log" 2>&1 &
fresh_pid=$!

# The Workers build, its budget and its end-to-end suite run beside them too, in a session of
# their own (so a failure elsewhere stops all of it): the suite mostly waits on the local Workers
# runtime, the database endpoint and its browser, about a third of a core.
workers_dir=$(mktemp -d)
run_workers() {
  local t=$EPOCHREALTIME
  # One start-up profile here (about 10 s each); `bash scripts/workers-size.sh` alone takes the median of three.
  STARTUP_RUNS=1 bash scripts/workers-size.sh
  since "$t" > "$workers_dir/build"
  t=$EPOCHREALTIME
  AGENDO_WORKERS_BUILT=1 bash scripts/test-workers.sh
  since "$t" > "$workers_dir/e2e"
}
export -f run_workers since
export workers_dir
setsid bash -euo pipefail -c run_workers > "$workers_dir/log" 2>&1 &
workers_pid=$!

stage "typecheck"
react-router typegen
tsc

stage "layer check (dependency-cruiser: imports point down, no cycle between domain subjects)"
depcruise app db

stage "lint (oxlint: correctness, React hooks, accessibility, vitest)"
oxlint --deny-warnings

stage "unused files, exports and dependencies (knip)"
knip --no-progress

stage "fresh clone: NODE_ENV=production npm start (the wait after the checks)"
fresh_status=0
wait "$fresh_pid" || fresh_status=$?
fresh_pid=""
cat "$fresh_log"
echo "fresh clone: $(since "$fresh_started") s in all, beside the checks"
[ "$fresh_status" -eq 0 ]

stage "Workers build, budget and end-to-end (the wait after the fresh clone)"
workers_status=0
wait "$workers_pid" || workers_status=$?
workers_pid=""
cat "$workers_dir/log"
for part in build e2e; do
  if [ -f "$workers_dir/$part" ]; then timings+=("$(printf '%8s s  %s' "$(cat "$workers_dir/$part")" "(beside the checks) Workers $part")"); fi
done
[ "$workers_status" -eq 0 ]

stage "unit and integration tests (vitest)"
vitest run

stage "production build"
react-router build > /dev/null

stage "end-to-end and security tests (Playwright)"
rm -rf data/e2e /dev/shm/agendo/e2e # the throwaway databases (tests/support/scratch.ts)
playwright test
