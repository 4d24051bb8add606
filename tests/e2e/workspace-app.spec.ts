import { eq } from "drizzle-orm";
import { appointments, clients, sessions } from "../../db/schema";
import { addDays, nowInZone } from "../../app/domain/dates";
import { bookablePro, e2eDb, expect, signIn, test, waitForHydration } from "./fixtures";

// The workspace as an installed app (issue 25), in Chromium with JavaScript: the service worker
// installs from a signed-in screen and keeps today's and tomorrow's agenda at once (issue 32),
// read offline under 'Sem conexão — mostrando a agenda de …', a form sent offline says so (the
// page's guard, and the worker for a plain POST), signing out empties its caches, and so does a
// session ended elsewhere (the app's navigation and a page load alike, issue 32); a copy three
// days old is not shown; a new worker takes over on the next navigation and clears the old
// version's caches, and a customer's page gets no worker and no framework script.

test.use({ serviceWorkers: "allow" });

/** The caches' names and the agenda pages kept, as the page sees them. */
const cached = (page: import("@playwright/test").Page) =>
  page.evaluate(async () => {
    const names = await caches.keys();
    const agenda = names.find((n) => n.startsWith("agendo-agenda-"));
    const pages = agenda ? (await (await caches.open(agenda)).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search) : [];
    return { names, pages };
  });

test("installed workspace: the agenda offline, forms offline refused, sign-out clears, an update takes over; customer pages untouched", async ({ page, browser }, info) => {
  test.skip(info.project.name !== "js", "the service worker is tested once, in Chromium with JavaScript");
  test.setTimeout(90_000); // a long journey: online, offline, signed out and in again, an update
  const { pro } = await bookablePro();
  const today = nowInZone("America/Sao_Paulo").date;
  const tomorrow = addDays(today, 1);
  const [client] = await e2eDb().insert(clients).values({ userId: pro.id, name: "Joana Prado", phone: "11955554444" }).returning();
  const row = { userId: pro.id, clientId: client!.id, serviceName: "Corte", durationMinutes: 30, priceCents: 5000, status: "scheduled" as const };
  await e2eDb().insert(appointments).values([{ ...row, date: today, startMinute: 23 * 60 }, { ...row, date: tomorrow, startMinute: 23 * 60 + 30 }]);
  const kept = [`/agenda?data=${today}`, `/agenda?data=${tomorrow}`];
  await signIn(page, pro.id);

  // A new phone's first signed-in screen installs the worker, which keeps today's and tomorrow's
  // agenda at once: offline already, without a visit of the agenda.
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect.poll(async () => (await cached(page)).pages.sort()).toEqual(kept);

  // Offline: the agenda as last seen, saying so; tomorrow's too.
  await page.context().setOffline(true);
  await page.goto("/agenda");
  await waitForHydration(page);
  await expect(page.getByRole("status").filter({ hasText: /^Sem conexão — mostrando a agenda de \d\d:\d\d$/ })).toBeInViewport();
  await expect(page.getByText("Joana Prado").first()).toBeVisible();
  await page.goto(`/agenda?vista=dia&data=${tomorrow}`);
  await expect(page.getByRole("status").filter({ hasText: /^Sem conexão/ })).toBeVisible();
  await expect(page.getByText("Joana Prado").first()).toBeVisible();

  // A form offline is not sent and says why; a plain POST gets the worker's page.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sair" }).first().evaluate((b: HTMLButtonElement) => b.form!.requestSubmit());
  await expect(page.getByRole("alert").filter({ hasText: "Sem conexão: nada foi enviado." })).toBeVisible();
  await page.evaluate(() => {
    const form = Object.assign(document.createElement("form"), { method: "post", action: "/clientes" });
    document.body.append(form);
    form.submit();
  });
  await expect(page.getByRole("heading", { name: "Sem conexão — nada foi enviado" })).toBeVisible();
  // Another screen, never kept: says there is no connection.
  await page.goto("/clientes");
  await expect(page.getByRole("heading", { name: "Sem conexão" })).toBeVisible();

  // Back online, signing out empties what the worker kept.
  await page.context().setOffline(false);
  await page.goto("/agenda");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sair" }).first().click();
  await page.waitForURL(/\/login/);
  await expect.poll(async () => (await cached(page)).pages).toEqual([]);

  // A session ended on another device (the password changed there): the next screen the server
  // sends to /login, and the worker forgets what it kept, through the app's own navigation...
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect.poll(async () => (await cached(page)).pages.sort()).toEqual(kept);
  await e2eDb().delete(sessions).where(eq(sessions.userId, pro.id));
  await page.getByRole("link", { name: "Clientes" }).first().click();
  await page.waitForURL(/\/login/);
  await expect.poll(async () => (await cached(page)).pages).toEqual([]);
  // ...and through a page load; offline then, nothing of it is shown.
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  await expect.poll(async () => (await cached(page)).pages.sort()).toEqual(kept);
  await e2eDb().delete(sessions).where(eq(sessions.userId, pro.id));
  await page.goto("/agenda");
  await page.waitForURL(/\/login/);
  await expect.poll(async () => (await cached(page)).pages).toEqual([]);
  await page.context().setOffline(true);
  await page.goto("/agenda");
  await expect(page.getByText("A agenda deste dia não foi salva neste aparelho.")).toBeVisible();
  await expect(page.getByText("Joana Prado")).toHaveCount(0);
  await page.context().setOffline(false);

  // A copy kept more than three days ago is not shown offline, and goes.
  await signIn(page, pro.id);
  await page.goto("/dashboard");
  await expect.poll(async () => (await cached(page)).pages.sort()).toEqual(kept);
  await page.evaluate(async (key) => {
    const cache = await caches.open((await caches.keys()).find((n) => n.startsWith("agendo-agenda-"))!);
    const copy = (await cache.match(key))!;
    const headers = new Headers(copy.headers);
    headers.set("X-Agendo-Saved-At", String(Date.now() - 3 * 86_400_000 - 60_000));
    await cache.put(key, new Response(await copy.text(), { headers }));
  }, kept[0]!);
  await page.context().setOffline(true);
  await page.goto("/agenda");
  await expect(page.getByText("A agenda deste dia não foi salva neste aparelho.")).toBeVisible();
  await expect.poll(async () => (await cached(page)).pages).toEqual([kept[1]]);
  await page.context().setOffline(false);

  // A new deploy (a new script URL): the new worker takes over on the next navigation, and the
  // caches of the version before it are gone.
  await signIn(page, pro.id);
  await page.goto("/agenda");
  await waitForHydration(page);
  await page.evaluate(async () => {
    await (await caches.open("agendo-agenda-versao-anterior")).put("/agenda", new Response("velha"));
    const registration = await navigator.serviceWorker.register("/sw.js?v=proxima", { scope: "/", updateViaCache: "none" });
    const worker = registration.installing ?? registration.waiting;
    if (worker) await new Promise((done) => worker.addEventListener("statechange", () => worker.state === "activated" && done(null)));
  });
  // (A page outside the workspace: this build's screens would register this build's worker again.)
  await page.goto("/privacidade");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "")).toMatch(/\/sw\.js\?v=proxima$/);
  await expect.poll(async () => (await cached(page)).names.filter((n) => n.includes("versao-anterior"))).toEqual([]);

  // A customer's booking page: no worker, no manifest, no framework script.
  const customer = await browser.newContext({ baseURL: info.project.use.baseURL });
  const booking = await customer.newPage();
  await booking.goto(`/agendamento/${pro.bookingSlug}`);
  await expect(booking.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await booking.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await expect(booking.locator('script[type="module"], link[rel="manifest"]')).toHaveCount(0);
  await customer.close();
});
