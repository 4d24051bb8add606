// Screenshots of the main screens on a phone and a desktop viewport, for a human look.
// Usage: npm start (in another shell), then: npx tsx scripts/screenshots.ts [baseURL] [paths...]
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://localhost:3000";
const paths = process.argv.slice(3);
const targets = paths.length ? paths : ["/", "/login", "/register", "/dashboard", "/conta-suspensa", "/nao-existe"];
const out = new URL("../test-results/screens", import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const [name, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  const context = await browser.newContext({ viewport, locale: "pt-BR" });
  const page = await context.newPage();
  // Sign in as the demo professional first so private screens render (ANON=1 skips it).
  if (!process.env.ANON) {
    await page.goto(`${base}/login`);
    await page.getByLabel("E-mail").fill("demo@agendo.app");
    await page.getByLabel("Senha", { exact: true }).fill("demo1234");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(/dashboard|conta-suspensa/); // a suspended demo lands on the latter
  }
  for (const path of targets) {
    await page.goto(`${base}${path}`);
    const file = `${out}/${name}${path.replaceAll("/", "_").replaceAll("?", "-") || "_root"}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
