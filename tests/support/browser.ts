// The browser the suites drive (scripts/ensure-browser.sh installs it): Debian's old headless
// shell, else Debian's full Chromium, else Playwright's own download (docs/decisions/1091).
import { existsSync } from "node:fs";

export const chromiumPath = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path));
