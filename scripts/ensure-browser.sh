#!/usr/bin/env bash
# The Chromium that Playwright drives: Debian's `chromium-headless-shell` (the old headless shell,
# what Playwright itself runs headless: about a third of the full browser's CPU per test,
# docs/decisions/1091) and `chromium` (Lighthouse and the screenshot scripts) where apt is
# available (Playwright cannot download its own browser here); Playwright's own build elsewhere.
set -euo pipefail
if [ -x /usr/bin/chromium-headless-shell ] && [ -x /usr/bin/chromium ]; then exit 0; fi
if command -v apt-get > /dev/null; then
  echo "Installing Debian's chromium and chromium-headless-shell for the browser tests..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell > /dev/null
else
  npx playwright install chromium
fi
