// The Content-Security-Policy is one the app satisfies: key pages load and hydrate in Chromium
// (JavaScript on) without a single CSP violation.
import { test, expect, type Page } from "@playwright/test";
import { signIn } from "../e2e/fixtures";
import { seedPro } from "./support";

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


async function visit(page: Page, path: string) {
  const res = await page.goto(path, { waitUntil: "networkidle" });
  expect(res?.status(), path).toBeLessThan(500);
  // Hydrated: React Router's client is running (the scripts were allowed to run).
  await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window && !!document.querySelector("body")), { message: path }).toBe(true);
}

test("csp: public pages load without a CSP violation", async ({ page }) => {
  test.setTimeout(60_000);
  const pro = await seedPro("Csp");
  const violations = await watch(page);
  for (const path of [
    "/",
    "/login",
    "/register",
    "/redefinir-senha?token=x",
    `/agendamento/${pro.bookingSlug}`,
    `/agendamento/${pro.bookingSlug}?servico=${pro.ids.service}&data=${pro.date}`,
    `/agendamento/reserva/${pro.ids.token}`,
    "/uma-pagina-que-nao-existe/de-verdade",
  ]) {
    await visit(page, path);
  }
  // A client-side navigation and a form submission (fetch to .data, toast) stay inside the policy.
  await page.goto("/login");
  await page.getByRole("link", { name: "Cadastre-se aqui" }).click();
  await expect(page).toHaveURL(/\/register/);
  expect(violations).toEqual([]);
});

test("csp: workspace pages load without a CSP violation", async ({ page }) => {
  test.setTimeout(60_000);
  const pro = await seedPro("CspPriv");
  await signIn(page, pro.id);
  const violations = await watch(page);
  for (const path of [
    "/dashboard",
    "/agenda",
    "/agenda?novo=1",
    "/clientes",
    "/servicos",
    "/solicitacoes",
    "/relatorios",
    "/perfil",
    "/tutorial",
    "/configuracoes/perfil",
    "/configuracoes/horarios",
    "/configuracoes/pagina",
    "/configuracoes/contas",
    "/configuracoes/planos",
    "/configuracoes/geral",
  ]) {
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
