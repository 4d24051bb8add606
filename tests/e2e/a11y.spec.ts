// Accessibility and valid markup on every page: axe-core (WCAG 2.x A and AA rules) finds no
// violation and html-validate no error (docs/decisions/0581, 0842). Every page once with
// JavaScript on a desktop (js), each layout again on a phone (phone), a few pages to a test with soft
// assertions, so one failing page does not hide the next. Without JavaScript (no-js, @nojs) the
// pages whose markup then differs: password fields without 'Mostrar', the guide and the wizard as
// plain cards, 'Ver horários' buttons, confirmations as pages, copy buttons absent.
import { HtmlValidate, type ConfigData } from "html-validate";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { fill, PRIVATE_GETS, PUBLIC_GETS } from "../security/routes";
import { dayAfter, seedPro, type SeededPro } from "../security/support";
import { eq } from "drizzle-orm";
import { appointments } from "../../db/schema";
import { nowInZone } from "../../app/domain/dates";
import { axeViolations, e2eDb, expect, signIn, test } from "./fixtures";

/** Pages, not resources (files, exports, redirects). */
const isPage = (path: string) => !/\/ics$|\.ics$|\/estado$|^\/imagens|exportar|^\/logout|^\/sw\.js$/.test(path);

const PUBLIC = [
  ...PUBLIC_GETS.filter(isPage),
  "/agendamento/{slug}?servico={service}",
  "/agendamento/{slug}?servico={service}&data={date}",
  "/agendamento/{slug}?servico={service}&data={date}&horario=14:00",
  "/agendamento/reserva/{token}?remarcar=1&data={date}",
  "/agendamento/reserva/{token}?remarcar=1&data={date}&horario=15:00",
];
const PRIVATE = PRIVATE_GETS.filter(isPage);
const PRIVATE_PAGES = new Set<string>(PRIVATE);

/**
 * The pages the phone audits: each layout as a phone shows it (the site, sign-in, the booking
 * page's steps and the customer's own page, the workspace with its phone navigation, a settings
 * screen, the panels that fill a phone's screen). The other pages are the same markup in the same
 * layouts at every width, audited on the desktop (docs/decisions/1092).
 */
const PHONE = new Set<string>([
  "/",
  "/login",
  "/register",
  "/planos",
  "/{slug}",
  "/agendamento/{slug}",
  "/agendamento/{slug}?servico={service}",
  "/agendamento/{slug}?servico={service}&data={date}",
  "/agendamento/{slug}?servico={service}&data={date}&horario=14:00",
  "/agendamento/reserva/{token}",
  "/agendamento/reserva/{token}?remarcar=1&data={date}",
  "/404",
  "/dashboard",
  "/agenda",
  "/agenda?novo=1",
  "/agenda?vista=dia&ver={appointment}",
  "/clientes",
  "/clientes?ver={client}",
  "/servicos",
  "/relatorios",
  "/caixa/fechar?atendimento={appointment}",
  "/configuracoes/horarios",
]);

/** The pages whose server HTML is not what JavaScript makes of it (see the top of this file). */
const WITHOUT_JS = {
  public: [
    "/login",
    "/register",
    "/agendamento/{slug}?servico={service}&data={date}&horario=14:00",
    "/agendamento/reserva/{token}?remarcar=1&data={date}&horario=15:00",
  ],
  private: [
    "/dashboard",
    "/dashboard?assistente",
    "/agenda?novo=1",
    "/agenda?vista=lista&confirmar-cancelamento={appointment}",
    "/clientes?confirmar-exclusao={client}",
    "/servicos?confirmar-exclusao={service}",
    "/configuracoes/perfil",
    "/configuracoes/pagina",
    "/configuracoes/notificacoes",
    "/configuracoes/contas",
    "/configuracoes/planos",
    "/configuracoes/geral",
  ],
};

/** Pages to a test: each costs an axe run of a few seconds on two cores. */
const GROUP = 6;
function groups(paths: readonly string[]) {
  return Array.from({ length: Math.ceil(paths.length / GROUP) }, (_, i) => paths.slice(i * GROUP, (i + 1) * GROUP));
}

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
  // Started today, so 'Fechar atendimento' shows its form (a service not started shows only why
  // it cannot be closed yet, docs/decisions/1062).
  await e2eDb().update(appointments).set({ date: nowInZone("America/Sao_Paulo").date, startMinute: 0 }).where(eq(appointments.id, pro.ids.appointment));
});

function path(template: string) {
  return fill(template.replaceAll("{date}", dayAfter(11)), { ...pro.ids, slug: pro.bookingSlug });
}

/**
 * Where axe runs. axe runs inside the page, so a page without JavaScript cannot run it: the no-js
 * project hands axe the very DOM the browser built without scripts (scripts removed, <noscript>
 * content shown as such a browser shows it) in a page of its own that may run axe, one for the
 * whole test.
 */
async function axeRunner(page: Page, browser: Browser, info: TestInfo) {
  if (info.project.name !== "no-js") return { pageForAxe: async () => page, close: async () => {} };
  const { viewport, isMobile, hasTouch, userAgent, locale, timezoneId } = info.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, userAgent, locale, timezoneId, javaScriptEnabled: true });
  const axePage = await context.newPage();
  const pageForAxe = async () => {
    const html = (await page.content())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<(\/?)noscript\b/gi, "<$1div")
      // Styles settle at once: a button's colour transition caught half-way is not its contrast.
      .replace(/<head>/i, `<head><base href="${new URL(page.url()).origin}/"><style>*,*::before,*::after{transition:none!important;animation:none!important}</style>`);
    await axePage.setContent(html, { waitUntil: "load" });
    return axePage;
  };
  return { pageForAxe, close: () => context.close() };
}

async function audit(page: Page, url: string, info: TestInfo, pageForAxe: () => Promise<Page>) {
  const response = await page.goto(url);
  expect.soft(response?.status(), url).toBeLessThan(500);
  // A route that sends the browser on to another page of the table (/configuracoes, a payment
  // provider's return): that page is audited as itself.
  const landed = new URL(page.url());
  const audited = [...PUBLIC, ...PRIVATE].map(path);
  if (landed.pathname + landed.search !== url && audited.includes(landed.pathname + landed.search)) return;
  // The markup does not depend on the screen: validated once, on the desktop (js and no-js).
  if (info.project.name !== "phone") {
    const report = await validator.validateString(await page.content());
    const errors = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? ""})`));
    expect.soft(errors, `html-validate on ${url}`).toEqual([]);
  }
  expect.soft(await axeViolations(await pageForAxe()), `axe on ${url}`).toEqual([]);
}

async function auditAll(page: Page, browser: Browser, info: TestInfo, templates: readonly string[]) {
  test.setTimeout(30_000 + templates.length * 15_000);
  const { pageForAxe, close } = await axeRunner(page, browser, info);
  for (const template of templates) {
    if (info.project.name === "phone" && !PHONE.has(template)) continue;
    await audit(page, path(template), info, pageForAxe);
  }
  await close();
}

for (const [i, templates] of groups(PUBLIC).entries()) {
  test(`a11y public pages, group ${i + 1}: ${templates[0]} … @phone`, async ({ page, browser }, info) => {
    test.skip(info.project.name === "phone" && !templates.some((t) => PHONE.has(t)), "no page of this group is audited on the phone");
    await auditAll(page, browser, info, templates);
  });
}

for (const [i, templates] of groups(PRIVATE).entries()) {
  test(`a11y signed-in pages, group ${i + 1}: ${templates[0]} … @phone`, async ({ page, browser }, info) => {
    test.skip(info.project.name === "phone" && !templates.some((t) => PHONE.has(t)), "no page of this group is audited on the phone");
    await signIn(page, pro.id);
    await auditAll(page, browser, info, templates);
  });
}

for (const [i, templates] of groups(WITHOUT_JS.public).entries()) {
  test(`a11y without JavaScript: public pages whose markup differs, group ${i + 1} @nojs`, async ({ page, browser }, info) => {
    test.skip(info.project.name !== "no-js", "with JavaScript every page is audited above");
    await auditAll(page, browser, info, templates);
  });
}

for (const [i, templates] of groups(WITHOUT_JS.private).entries()) {
  test(`a11y without JavaScript: signed-in pages whose markup differs, group ${i + 1} @nojs`, async ({ page, browser }, info) => {
    test.skip(info.project.name !== "no-js", "with JavaScript every page is audited above");
    await signIn(page, pro.id);
    await auditAll(page, browser, info, templates);
  });
}

test("the pages audited without JavaScript and on the phone are pages of the route table", () => {
  expect(WITHOUT_JS.public.filter((p) => !PUBLIC.includes(p))).toEqual([]);
  expect(WITHOUT_JS.private.filter((p) => !PRIVATE_PAGES.has(p))).toEqual([]);
  expect([...PHONE].filter((p) => !PUBLIC.includes(p) && !PRIVATE_PAGES.has(p))).toEqual([]);
});
