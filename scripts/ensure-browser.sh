#!/usr/bin/env bash
# A Chromium that Playwright can drive: Debian's `chromium` where apt is available
# (it cannot download its own browser here), Playwright's own build elsewhere.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if command -v apt-get > /dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium > /dev/null
else
  npx playwright install chromium
fi
