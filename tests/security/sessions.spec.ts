// Sessions: fixation, tampered and expired cookies, sign-out and password-change revocation,
// password-reset tokens (reused, expired), login brute force.
import { test, expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import type { PlaywrightWorkerArgs } from "@playwright/test";
type Playwright = PlaywrightWorkerArgs["playwright"];
import { desc, eq } from "drizzle-orm";
import { emailOutbox, passwordResetTokens, sessions } from "../../db/schema";
import { createPro, e2eDb } from "../e2e/fixtures";
import { actor, BASE, expectSafeAnswer, sessionValue } from "./support";

function sessionFrom(res: APIResponse) {
  const header = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="));
  return header ? { value: header.value.split(";")[0]!.slice("__session=".length), raw: header.value } : null;
}

async function signedIn(api: APIRequestContext) {
  const res = await api.get("/dashboard", { maxRedirects: 0 });
  expect(res.status()).toBeLessThan(500);
  return res.status() === 200;
}

async function login(api: APIRequestContext, email: string, password: string, extra: Record<string, string> = {}) {
  return api.post("/login", { form: { intent: "login", email, password, ...extra }, maxRedirects: 0 });
}

test("sessions: a session id set before login is not the one after (fixation)", async ({ playwright }) => {
  const [victim, attacker] = await Promise.all([createPro(), createPro()]);
  // The attacker plants their own valid session, then a made-up one, before the victim logs in.
  for (const planted of [await sessionValue(attacker.id), "sessao-inventada"]) {
    const api = await actor(playwright, planted);
    const res = await login(api, victim.email, victim.password);
    expect(res.status()).toBe(302);
    const issued = sessionFrom(res);
    expect(issued, "login sets a new session cookie").not.toBeNull();
    expect(issued!.value).not.toBe(planted);
    // The planted value does not give the victim's account to whoever holds it.
    const holder = await actor(playwright, planted);
    const page = await holder.get("/dashboard", { maxRedirects: 0 });
    if (page.status() === 200) expect(await page.text()).not.toContain(victim.email);
    // The cookie is HttpOnly, SameSite=Lax, whole-site; without 'Lembrar senha' it ends with the browser.
    expect(issued!.raw).toMatch(/HttpOnly/i);
    expect(issued!.raw).toMatch(/SameSite=Lax/i);
    expect(issued!.raw).toMatch(/Path=\//);
    expect(issued!.raw).not.toMatch(/Max-Age|Expires/i);
  }
  const remembered = await login(await actor(playwright), victim.email, victim.password, { remember: "on" });
  expect(sessionFrom(remembered)!.raw).toMatch(/Max-Age=2592000/);
});

test("sessions: tampered, forged and expired cookies are treated as signed out", async ({ playwright }) => {
  const pro = await createPro();
  const value = await sessionValue(pro.id);
  expect(await signedIn(await actor(playwright, value))).toBe(true);
  const decoded = decodeURIComponent(value);
  const [payload, signature] = [decoded.slice(0, decoded.lastIndexOf(".")), decoded.slice(decoded.lastIndexOf(".") + 1)];
  const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
  const [other] = await e2eDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, pro.id));
  const tampered = [
    encodeURIComponent(`${flip(payload, 2)}.${signature}`), // payload edited
    encodeURIComponent(`${payload}.${flip(signature, 3)}`), // signature edited
    encodeURIComponent(payload), // signature dropped
    encodeURIComponent(btoa(JSON.stringify(other!.id))), // a real session id, unsigned
    other!.id, // the raw id
    encodeURIComponent(`${btoa(JSON.stringify(crypto.randomUUID()))}.${signature}`), // another id, old signature
    "%E0%A4%A", // undecodable
    "A".repeat(4000), // oversized
    "",
  ];
  for (const cookie of tampered) {
    const api = await actor(playwright, cookie);
    const res = await api.get("/dashboard", { maxRedirects: 0 });
    expect(res.status(), `cookie ${cookie.slice(0, 40)}`).toBe(302);
    expect(res.headers().location).toMatch(/^\/login\?redirectTo=/);
    const data = await api.get("/clientes.data", { maxRedirects: 0 });
    expect(data.status(), `data request with cookie ${cookie.slice(0, 40)}`).toBeLessThan(500);
    expect(await data.text()).not.toContain(pro.email);
    const post = await api.post("/clientes", { form: { intent: "create", name: "Invasora", phone: "(11) 98888-1111" }, maxRedirects: 0 });
    expect(post.status(), "a write with a tampered cookie").toBe(302);
    expect(post.headers().location).toMatch(/^\/login/);
  }
  // A session row past its expiry: signed out, though the cookie is intact — and though the server
  // knew it (the page's reads go with the session's: docs/decisions/0990), nothing of the page leaves.
  expect(await (await actor(playwright, value)).get("/clientes.data").then((r) => r.text())).toContain(pro.email);
  await e2eDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, pro.id));
  const expired = await actor(playwright, value);
  const res = await expired.get("/dashboard", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toMatch(/^\/login/);
  const data = await expired.get("/clientes.data", { maxRedirects: 0 });
  expect(await data.text()).toContain("/login?redirectTo=");
  expect(await data.text()).not.toContain(pro.email);
  // The login page is reachable with such a cookie (no redirect loop).
  expect((await expired.get("/login", { maxRedirects: 0 })).status()).toBe(200);
});

test("sessions: sign-out revokes the session on the server", async ({ playwright }) => {
  const pro = await createPro();
  const value = await sessionValue(pro.id);
  const other = await sessionValue(pro.id); // another device stays signed in
  const api = await actor(playwright, value);
  expect(await signedIn(api)).toBe(true);
  const res = await api.post("/logout", { form: {}, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe("/login");
  expect(sessionFrom(res)!.raw).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  // The old cookie, replayed from a copy, no longer works.
  expect(await signedIn(await actor(playwright, value))).toBe(false);
  expect(await signedIn(await actor(playwright, other))).toBe(true);
  // GET /logout does not sign out (a link or image cannot end a session).
  const getLogout = await (await actor(playwright, other)).get("/logout", { maxRedirects: 0 });
  expect(getLogout.status()).toBe(302);
  expect(await signedIn(await actor(playwright, other))).toBe(true);
  // A cross-site sign-out post is refused.
  const cross = await (await actor(playwright, other)).post("/logout", { form: {}, headers: { "Sec-Fetch-Site": "cross-site", Origin: BASE }, maxRedirects: 0 });
  expect(cross.status()).toBe(403);
  expect(await signedIn(await actor(playwright, other))).toBe(true);
});

test("sessions: changing the password ends the other sessions", async ({ playwright }) => {
  const pro = await createPro();
  const current = await sessionValue(pro.id);
  const other = await sessionValue(pro.id);
  const api = await actor(playwright, current);
  const page = await api.get("/configuracoes/geral");
  expect(await page.text(), "the password form of /configuracoes/geral").toContain("currentPassword");
  const wrong = await api.post("/configuracoes/geral", {
    form: { intent: "change-password", currentPassword: "errada999", password: "novasenha1", confirmPassword: "novasenha1" },
    maxRedirects: 0,
  });
  expect(wrong.status()).toBe(400);
  await expectSafeAnswer(wrong, "wrong current password");
  expect(await signedIn(await actor(playwright, other)), "a refused change ends nothing").toBe(true);
  const res = await api.post("/configuracoes/geral", {
    form: { intent: "change-password", currentPassword: pro.password, password: "novasenha1", confirmPassword: "novasenha1" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  expect(await signedIn(await actor(playwright, other)), "the other device is signed out").toBe(false);
  expect(await signedIn(api), "this device stays signed in").toBe(true);
  expect((await login(await actor(playwright), pro.email, pro.password)).status()).toBe(400);
  expect((await login(await actor(playwright), pro.email, "novasenha1")).status()).toBe(302);
});

async function resetToken(playwright: Playwright, email: string) {
  const res = await (await actor(playwright)).post("/login", { form: { intent: "reset", email }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  const [mail] = await e2eDb().select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.createdAt)).limit(1);
  const token = mail?.text.match(/token=([\w-]+)/)?.[1];
  expect(token, "reset e-mail with a link").toBeTruthy();
  return token!;
}

test("sessions: a password reset ends every session; its token works once and expires", async ({ playwright }) => {
  const pro = await createPro();
  const sessionsBefore = [await sessionValue(pro.id), await sessionValue(pro.id, true)];
  const token = await resetToken(playwright, pro.email);
  const anon = await actor(playwright);
  expect((await anon.get(`/redefinir-senha?token=${token}`)).status()).toBe(200);
  const res = await anon.post("/redefinir-senha", { form: { token, password: "outrasenha1", confirmPassword: "outrasenha1" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  for (const value of sessionsBefore) expect(await signedIn(await actor(playwright, value)), "revoked by the reset").toBe(false);

  // Reused: refused with the pt-BR message, the password stays the one just set.
  const again = await anon.post("/redefinir-senha", { form: { token, password: "terceira123", confirmPassword: "terceira123" }, maxRedirects: 0 });
  expect(again.status()).toBe(400);
  expect(await again.text()).toContain("Link inválido ou expirado");
  const reuse = await anon.get(`/redefinir-senha?token=${token}`);
  expect(reuse.status()).toBe(400);
  expect(await reuse.text()).toContain("Link inválido ou expirado");
  expect((await login(await actor(playwright), pro.email, "outrasenha1")).status()).toBe(302);

  // Expired: a fresh token past its hour is refused too.
  const late = await resetToken(playwright, pro.email);
  await e2eDb().update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, pro.id));
  expect((await anon.get(`/redefinir-senha?token=${late}`)).status()).toBe(400);
  const expired = await anon.post("/redefinir-senha", { form: { token: late, password: "quarta1234", confirmPassword: "quarta1234" }, maxRedirects: 0 });
  expect(expired.status()).toBe(400);
  expect(await expired.text()).toContain("Link inválido ou expirado");
  expect((await login(await actor(playwright), pro.email, "outrasenha1")).status()).toBe(302);

  // The reset form never says whether an e-mail is registered.
  const unknown = await (await actor(playwright)).post("/login", { form: { intent: "reset", email: "ninguem-aqui@example.com" }, maxRedirects: 0 });
  expect(unknown.status()).toBe(302);
  expect(unknown.headers().location).toBe("/login");
});

test("sessions: login brute force is throttled per e-mail and address, and per IP", async ({ playwright }) => {
  test.setTimeout(60_000);
  const pro = await createPro();
  const api = await actor(playwright);
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await login(api, pro.email, `errada-${i}`)).status());
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
  expect(statuses[10]).toBe(429);
  // Throttled even with the right password from that address, with the pt-BR message.
  const blocked = await login(api, pro.email, pro.password);
  expect(blocked.status()).toBe(429);
  const body = await blocked.text();
  expect(body).toContain("Muitas tentativas");
  expect(body).toContain("Aguarde alguns minutos antes de tentar novamente.");
  // Case and spaces do not make a new counter.
  expect((await login(api, `  ${pro.email.toUpperCase()} `, pro.password)).status()).toBe(429);
  // The stranger locked only themselves out: the owner, elsewhere, signs in.
  expect((await login(await actor(playwright), pro.email, pro.password)).status()).toBe(302);

  // Per IP: one address trying many e-mails is stopped after 100 attempts.
  const ip = `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const sprayer = await actor(playwright, undefined, ip);
  let last = 0;
  for (let i = 0; i < 101; i++) last = (await login(sprayer, `spray-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`, "x")).status();
  expect(last).toBe(429);
  const other = await createPro();
  expect((await login(sprayer, other.email, other.password)).status(), "the address stays blocked").toBe(429);
  expect((await login(await actor(playwright), other.email, other.password)).status(), "others are not").toBe(302);
});
