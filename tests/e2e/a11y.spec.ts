// Accessibility and valid markup on every page, JavaScript on and off, desktop and phone:
// axe-core (WCAG 2.x A and AA rules) finds no violation and html-validate no error
// (docs/decisions/0581). One visit per page and project.
import AxeBuilder from "@axe-core/playwright";
import { HtmlValidate, type ConfigData } from "html-validate";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { fill, PRIVATE_GETS, PUBLIC_GETS } from "../security/routes";
import { dayAfter, seedPro, type SeededPro } from "../security/support";
import { expect, signIn, test } from "./fixtures";

/** Pages, not resources (files, exports, redirects). */
const isPage = (path: string) => !/\/ics$|\.ics$|^\/imagens|exportar|^\/logout/.test(path);

const PUBLIC = [
  ...PUBLIC_GETS.filter(isPage),
  "/agendamento/{slug}?servico={service}",
  "/agendamento/{slug}?servico={service}&data={date}",
  "/agendamento/{slug}?servico={service}&data={date}&horario=14:00",
  "/agendamento/reserva/{token}?remarcar=1&data={date}",
  "/agendamento/reserva/{token}?remarcar=1&data={date}&horario=15:00",
];
const PRIVATE = PRIVATE_GETS.filter(isPage);

const HTML_RULES: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    // React's output: self-closed void elements, attribute style, a style attribute for the
    // professional's brand colours, and long single-line documents.
    "void-style": "off",
    "no-inline-style": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    "no-trailing-whitespace": "off",
    "doctype-style": "off",
    // Tailwind's arbitrary classes ("[&_svg]:w-full", "-mt-20") are valid HTML class names.
    "class-pattern": "off",
    // Ids come from React's useId (":r1:") and from route data.
    "valid-id": "off",
    // Covered by axe's own rules, with better knowledge of the accessibility tree.
    "prefer-native-element": "off",
    // Typography (non-breaking spaces and hyphens inside phone numbers), not markup.
    "tel-non-breaking": "off",
  },
};
const validator = new HtmlValidate(HTML_RULES);

let pro: SeededPro;
test.beforeAll(async () => {
  pro = await seedPro("Acessivel");
});

function path(template: string) {
  return fill(template, { ...pro.ids, slug: pro.bookingSlug, date: dayAfter(11) } as never);
}

/**
 * axe runs inside the page, so a page without JavaScript cannot run it: the no-js project hands
 * axe the very DOM the browser built without scripts (scripts removed, <noscript> content shown
 * as such a browser shows it) in a page of its own that may run axe.
 */
async function axePageFor(page: Page, browser: Browser, info: TestInfo) {
  if (info.project.name !== "no-js") return { axePage: page, close: async () => {} };
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<(\/?)noscript\b/gi, "<$1div")
    .replace(/<head>/i, `<head><base href="${new URL(page.url()).origin}/">`);
  const { viewport, isMobile, hasTouch, userAgent, locale, timezoneId } = info.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, userAgent, locale, timezoneId, javaScriptEnabled: true });
  const axePage = await context.newPage();
  await axePage.setContent(html, { waitUntil: "load" });
  return { axePage, close: () => context.close() };
}

async function audit(page: Page, browser: Browser, info: TestInfo, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  await page.waitForLoadState("networkidle");
  const report = await validator.validateString(await page.content());
  const errors = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? ""})`));
  expect.soft(errors, `html-validate on ${url}`).toEqual([]);
  const { axePage, close } = await axePageFor(page, browser, info);
  const axe = await new AxeBuilder({ page: axePage }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  await close();
  const violations = axe.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")} ${n.any[0]?.message ?? ""}`).slice(0, 5).join(" | ")}`,
  );
  expect(violations, `axe on ${url}`).toEqual([]);
}

for (const template of PUBLIC) {
  test(`a11y ${template} @phone`, async ({ page, browser }, info) => {
    await audit(page, browser, info, path(template));
  });
}

for (const template of PRIVATE) {
  test(`a11y signed in ${template} @phone`, async ({ page, browser }, info) => {
    await signIn(page, pro.id);
    await audit(page, browser, info, path(template));
  });
}
