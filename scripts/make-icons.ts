// Draws the web app's icons (public/icons/*.png) from the one source image, public/favicon.svg's
// calendar: 'any' icons with its rounded square, maskable ones on a full-bleed brand square with
// the glyph inside the safe zone (the inner 80%), the iPhone's home-screen icon and a white
// notification badge. Run after changing the source: `npx tsx scripts/make-icons.ts` (Chromium).
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const BRAND = "#4f46e5";
const GLYPH = `<path d="M9 12h14v11a2 2 0 0 1-2 2H11a2 2 0 0 1-2-2z" fill="#fff"/><path d="M9 10a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v3H9z" fill="#c7d2fe"/><path d="M12 6v4M20 6v4" stroke="#fff" stroke-width="2" stroke-linecap="round"/>`;

const svg = {
  any: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/>${GLYPH}</svg>`,
  // Full bleed; the glyph scaled to 70% around the centre stays inside the maskable safe zone.
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(4.8 4.8) scale(0.7)">${GLYPH}</g></svg>`,
  // Square corners: iOS rounds the icon itself.
  apple: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(3.2 3.2) scale(0.8)">${GLYPH}</g></svg>`,
  // Android draws the badge as a silhouette: white on transparent.
  badge: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M9 10a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H11a2 2 0 0 1-2-2z" fill="#fff"/><path d="M12 6v4M20 6v4" stroke="#fff" stroke-width="2" stroke-linecap="round"/></svg>`,
};

const outputs: [string, keyof typeof svg, number][] = [
  ["icon-192.png", "any", 192],
  ["icon-512.png", "any", 512],
  ["maskable-192.png", "maskable", 192],
  ["maskable-512.png", "maskable", 512],
  ["apple-touch-icon.png", "apple", 180],
  ["badge-72.png", "badge", 72],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
const page = await browser.newPage();
for (const [file, kind, size] of outputs) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg[kind].replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`);
  writeFileSync(`public/icons/${file}`, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
}
await browser.close();
