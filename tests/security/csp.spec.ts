// The Content-Security-Policy is one the app satisfies: key pages load and hydrate in Chromium
// (JavaScript on) without a single CSP violation.
import { createHash } from "node:crypto";
import { test, expect, type Page } from "@playwright/test";
import { signIn } from "../e2e/fixtures";
import { BASE, seedPro } from "./support";

// The service worker too (blocked by default in the suites, docs/decisions/1090): its script and
// what it fetches are held to the same policy.
test.use({ serviceWorkers: "allow" });

async function watch(page: Page) {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content[- ]Security[- ]Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text());
  });
  page.on("pageerror", (error) => violations.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}


/**
 * How a page shows its scripts ran: React Router's client hydrated it, or (the customer's pages,
 * which ship no framework: docs/decisions/0621) the inline enhancement ran, or there is none.
 */
type Runs = "hydrates" | "enhances" | "static";

async function visit(page: Page, path: string, runs: Runs = "hydrates") {
  const res = await page.goto(path, { waitUntil: "networkidle" });
  expect(res?.status(), path).toBeLessThan(500);
  if (runs === "hydrates") {
    await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window && !!document.querySelector("body")), { message: path }).toBe(true);
  } else if (runs === "enhances") {
    // Continuar waits for a choice: only the inline script (allowed by its nonce) disables it.
    await expect(page.locator("form[data-choose] button[type=submit]").first(), path).toBeDisabled();
  } else {
    expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
  }
}

test("csp: public pages load without a CSP violation", async ({ page }) => {
  test.setTimeout(60_000);
  const pro = await seedPro("Csp");
  const violations = await watch(page);
  for (const [path, runs] of [
    ["/", "hydrates"],
    ["/login", "hydrates"],
    ["/register", "hydrates"],
    ["/redefinir-senha?token=x", "hydrates"],
    [`/agendamento/${pro.bookingSlug}`, "enhances"],
    [`/agendamento/${pro.bookingSlug}?servico=${pro.ids.service}&data=${pro.date}`, "enhances"],
    [`/agendamento/reserva/${pro.ids.token}`, "static"],
    ["/uma-pagina-que-nao-existe/de-verdade", "hydrates"],
  ] as const) {
    await visit(page, path, runs);
  }
  // A client-side navigation and a form submission (fetch to .data, toast) stay inside the policy.
  await page.goto("/login");
  await page.getByRole("link", { name: "Cadastre-se aqui" }).click();
  await expect(page).toHaveURL(/\/register/);
  expect(violations).toEqual([]);
});

// Every page of the route table also loads, with JavaScript, in the accessibility audit, where a
// refusal of the policy (a console error) fails the test (tests/e2e/fixtures.ts); here, with the
// service worker running, the pages that bring something of their own: the first screen (the
// worker registers and keeps the agenda), the agenda and its form's client picker, the photo and
// the brand colours, the hours' calendars, the reports.
test("csp: workspace pages load without a CSP violation", async ({ page }) => {
  test.setTimeout(60_000);
  const pro = await seedPro("CspPriv");
  await signIn(page, pro.id);
  const violations = await watch(page);
  for (const path of ["/dashboard", "/agenda", "/agenda?novo=1", "/relatorios", "/configuracoes/perfil", "/configuracoes/pagina", "/configuracoes/horarios"]) {
    await visit(page, path);
  }
  // The profile photo (served by /imagens) and the workspace theme colours render under the policy.
  await page.goto("/configuracoes/perfil", { waitUntil: "networkidle" });
  await page.getByRole("link", { name: /Clientes/ }).first().click();
  await expect(page).toHaveURL(/\/clientes/);
  expect(violations).toEqual([]);
});

test("csp: no page triggers an eval violation (zod's JIT probe)", async ({ page }) => {
  // zod 4 probes `new Function("")` on its first object parse unless configured jitless; under
  // this CSP (no 'unsafe-eval') the browser would report it (app/validation/zod.ts).
  const violations = await watch(page);
  await visit(page, "/login");
  expect(violations).toEqual([]);
});

test("csp: the booking link's first step allows its one inline script by hash and carries no nonce, so its kept HTML is the same for everyone", async ({ playwright }) => {
  const pro = await seedPro("CspHash");
  const api = await playwright.request.newContext({ baseURL: BASE });
  const first = await api.get(`/agendamento/${pro.bookingSlug}`);
  const second = await api.get(`/agendamento/${pro.bookingSlug}`);
  const html = await first.text();
  expect(html).not.toContain("nonce");
  expect(await second.text()).toBe(html);
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(script, "the enhancement script").toBeTruthy();
  const hash = createHash("sha256").update(script!).digest("base64");
  const policy = first.headers()["content-security-policy"] ?? "";
  expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
  expect(policy).not.toContain("nonce");
  await api.dispose();
});
