#!/usr/bin/env bash
# The README's run command on a fresh clone, as a newcomer (or a production host) runs it:
# `NODE_ENV=production npm start` in a new clone of HEAD installs with `npm ci` (dev tools
# included: the start builds the app), builds, migrates, seeds the demo and serves. Passes when
# /login answers 200 and the start said nothing misleading: no EBADENGINE warning on a machine
# whose Node is older than the project's (it brings its own Node 24). Uses npm's cache; only the
# npm registry is reached.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
port=$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 143' TERM INT # stopped by npm test (a check failed): the clean-up still runs
git clone -q . "$dir/agendo"
cd "$dir/agendo"
started=$(date +%s)
# Its own process group, so stopping it stops npm, the start script and the server under it.
setsid env -u SESSION_SECRET -u DATABASE_URL NODE_ENV=production PORT="$port" npm start > "$dir/start.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  if curl -fs -o /dev/null "http://localhost:$port/login"; then
    echo "fresh clone: NODE_ENV=production npm start serves /login after $(( $(date +%s) - started )) s"
    [ -f data/.session-secret ] && [ "$(stat -c %a data/.session-secret)" = "600" ] || { echo "no private session secret"; exit 1; }
    # The newcomer's e-mails go to the log, and the start says so (docs/decisions/1240).
    grep -q "^E-mails: written to this log, not sent" "$dir/start.log" || { echo "npm start did not say where e-mails go"; exit 1; }
    if grep -q EBADENGINE "$dir/start.log"; then
      echo "fresh clone: npm start warned about engines ($(grep -c 'EBADENGINE.*package:' "$dir/start.log") EBADENGINE); its log:"
      grep -m 12 EBADENGINE "$dir/start.log"
      exit 1
    fi
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 1
done
echo "fresh clone: npm start did not serve /login; its log:"
tail -40 "$dir/start.log"
exit 1
