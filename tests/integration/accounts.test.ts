import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { categories, emailOutbox, passwordResetTokens, profiles, rateLimits, sessions, subscriptions, users } from "../../db/schema";
import { middleware } from "../../app/root";
import { action as loginAction, loader as loginLoader } from "../../app/routes/login";
import { action as logoutAction } from "../../app/routes/logout";
import { action as registerAction, loader as registerLoader } from "../../app/routes/register";
import { action as resetAction, loader as resetLoader } from "../../app/routes/reset-password";
import { createResetToken, verifyLogin } from "../../app/domain/accounts/credentials.server";
import type { Db } from "../../app/utils/db.server";
import { getSessionUser } from "../../app/utils/session.server";
import { queueEmail, SECRET_REMOVED } from "../../app/utils/email.server";
import { deliverSoon, sendSoon } from "../../app/domain/notifications/deliver-soon.server";
import { contextFor, cookiesFrom, createTestDb, ORIGIN, settleBackground } from "../support/db";
import { createProfessional } from "../support/factories";
import { callAction, callLoader, replyOf, responseOf, routeArgs, runMiddleware, thrownBy } from "../support/routes";

const DAY = 86_400_000;
const EMAIL_TAKEN = "Este e-mail já está em uso. Faça login ou use outro e-mail.";
const FILL_ALL = "Por favor, preencha todos os campos.";
const CREDENTIALS = {
  title: "Credenciais inválidas",
  text: "E-mail ou senha incorretos. Verifique seus dados e tente novamente.",
};
const TOO_MANY = { title: "Muitas tentativas", text: "Aguarde alguns minutos antes de tentar novamente." };

// ------------------------------------------------------------------ helpers

/** The raw Set-Cookie header of one cookie. */
function setCookie(res: Response, name: string) {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

function getRequest(path: string, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

async function sessionUser(db: Db, cookie: string) {
  return getSessionUser(db, getRequest("/dashboard", cookie));
}

const rows = async (db: Db, table: typeof users | typeof profiles | typeof subscriptions | typeof sessions | typeof emailOutbox | typeof passwordResetTokens) =>
  (await db.select({ n: count() }).from(table))[0]!.n;

function register(db: Db, fields: Partial<Record<string, string>> = {}) {
  const form = {
    name: "Salão da Maria",
    email: "maria@example.com",
    phone: "(11) 98765-4321",
    password: "senha-forte-1",
    confirmPassword: "senha-forte-1",
    terms: "on",
    ...fields,
  };
  const clean = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return callAction(registerAction, { db, path: "/register", form: clean });
}

function login(db: Db, fields: Record<string, string>, cookie?: string) {
  return callAction(loginAction, { db, path: "/login", form: { intent: "login", ...fields }, cookie });
}

/** A sign-in attempt from another client address. */
function loginFrom(db: Db, address: string, fields: Record<string, string>) {
  return callAction(loginAction, { db, clientAddress: address, path: "/login", form: { intent: "login", ...fields } });
}

async function signIn(db: Db, email: string, password: string, extra: Record<string, string> = {}) {
  const res = responseOf(await login(db, { email, password, ...extra }));
  expect(res.status).toBe(302);
  return { res, cookie: cookiesFrom(res) };
}

function requestReset(db: Db, email: string) {
  return callAction(loginAction, { db, path: "/login", form: { intent: "reset", email, password: "" } });
}

async function outbox(db: Db) {
  return db.select().from(emailOutbox);
}

function tokenFrom(text: string) {
  const match = /\/redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}

function resetWith(db: Db, token: string, password: string, confirmPassword = password) {
  return callAction(resetAction, { db, path: "/redefinir-senha", form: { token, password, confirmPassword } });
}

function resetPage(db: Db, token: string) {
  return callLoader(resetLoader, { db, path: `/redefinir-senha?token=${encodeURIComponent(token)}` });
}

beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {}); // the log e-mail transport
});
afterEach(() => {
  vi.restoreAllMocks();
});

// ------------------------------------------------------------------ register

describe("register", () => {
  it("asking whether an e-mail is taken is limited per e-mail and per address, like signing in", async () => {
    const db = createTestDb();
    await register(db);
    for (let i = 0; i < 4; i++) {
      expect(replyOf(await register(db)).data.alert?.title).toBe("E-mail já cadastrado");
    }
    const limited = replyOf(await register(db));
    expect(limited.init?.status).toBe(429);
    expect(limited.data.alert).toEqual(TOO_MANY);
    expect(JSON.stringify(limited.data)).not.toContain("senha-forte-1");

    // From one address, at most 20 attempts in 15 minutes, whatever the e-mails.
    const fresh = createTestDb();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await callAction(registerAction, {
        db: fresh,
        clientAddress: "198.51.100.77",
        path: "/register",
        form: { name: "Salão", email: `pessoa${i}@example.com`, phone: "(11) 98765-4321", password: "senha-forte-1", confirmPassword: "senha-forte-1", terms: "on" },
      });
      statuses.push(res instanceof Response ? res.status : (replyOf(res).init?.status ?? 200));
    }
    expect(statuses.slice(0, 20).every((st) => st === 302)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("creates the account with a 7-day trial and signs the user in", async () => {
    const db = createTestDb();
    const before = Date.now();
    const res = responseOf(await register(db, { email: "  Maria.Silva@Example.COM " }));
    expect(res).toHaveRedirect("/dashboard");
    const cookie = setCookie(res, "__session");
    expect(cookie).toMatch(/^__session=[^;]+/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    await expect(res).toSendToast({
      type: "success",
      title: "Boas-vindas ao Agendo!",
      description: "Sua conta foi criada e já está pronta para usar.",
    });

    const [user] = await db.select().from(users);
    expect(user!.email).toBe("maria.silva@example.com");
    expect(user!.passwordHash).not.toContain("senha-forte-1");
    expect(await verifyLogin(db, "maria.silva@example.com", "senha-forte-1")).toEqual({
      id: user!.id,
      email: "maria.silva@example.com",
    });

    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({
      fullName: "Salão da Maria",
      businessName: "Salão da Maria",
      phone: "11987654321",
      email: "maria.silva@example.com",
      bookingSlug: "salao-da-maria",
    });

    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
    expect(sub!.status).toBe("trial");
    const start = sub!.trialStartDate!.getTime();
    expect(start).toBeGreaterThanOrEqual(before);
    expect(start).toBeLessThanOrEqual(Date.now());
    expect(sub!.trialEndDate!.getTime() - start).toBe(7 * DAY);

    // The cookie really is a session for this user.
    expect((await sessionUser(db, cookiesFrom(res)))?.id).toBe(user!.id);
  });

  it("starts the account with the service categories of the specialty chosen, or a general set", async () => {
    const db = createTestDb();
    const categoriesOf = async (email: string) => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const [profile] = await db.select({ specialty: profiles.specialty }).from(profiles).where(eq(profiles.userId, user!.id));
      const rows = await db.select({ name: categories.name, slug: categories.slug }).from(categories).where(eq(categories.userId, user!.id));
      return { specialty: profile!.specialty, categories: rows.map((r) => `${r.name} (${r.slug})`).sort() };
    };
    expect(responseOf(await register(db, { email: "barba@example.com", specialty: "barbeiro" })).status).toBe(302);
    expect(await categoriesOf("barba@example.com")).toEqual({ specialty: "Barbearia", categories: ["Barba (barba)", "Cabelo (cabelo)"] });
    responseOf(await register(db, { email: "unhas@example.com", specialty: "manicure" }));
    expect((await categoriesOf("unhas@example.com")).categories).toEqual(["Pés e mãos (pes-e-maos)", "Unhas (unhas)"]);
    responseOf(await register(db, { email: "geral@example.com" }));
    expect(await categoriesOf("geral@example.com")).toEqual({
      specialty: "",
      categories: ["Barba (barba)", "Cabelo (cabelo)", "Estética (estetica)", "Unhas (unhas)"],
    });
    // A choice not on the list is refused beside the field; nothing is created.
    const reply = replyOf(await register(db, { email: "outra@example.com", specialty: "astronauta" }));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ specialty: ["Escolha uma especialidade da lista."] });
    expect(await db.select().from(users).where(eq(users.email, "outra@example.com"))).toHaveLength(0);
  });

  it("gives a name that slugifies the same a -2 booking slug", async () => {
    const db = createTestDb();
    await register(db, { name: "Salão da Maria", email: "a@example.com" });
    await register(db, { name: "salao DA maria!", email: "b@example.com" });
    await register(db, { name: "Salao  da  Maria", email: "c@example.com" });
    const slugs = (await db.select({ email: profiles.email, slug: profiles.bookingSlug }).from(profiles)).sort((x, y) =>
      x.email.localeCompare(y.email),
    );
    expect(slugs.map((s) => s.slug)).toEqual(["salao-da-maria", "salao-da-maria-2", "salao-da-maria-3"]);
  });

  it("never gives a booking slug that shadows an app route", async () => {
    const db = createTestDb();
    await register(db, { name: "Dashboard", email: "d@example.com" });
    const [profile] = await db.select().from(profiles);
    expect(profile!.bookingSlug).toBe("dashboard-2");
  });

  it("refuses an e-mail already in use and stores nothing new", async () => {
    const db = createTestDb();
    responseOf(await register(db, { email: "maria@example.com" }));
    const reply = replyOf(await register(db, { name: "Outra Pessoa", email: " MARIA@example.com ", password: "outra-senha-9", confirmPassword: "outra-senha-9" }));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ email: [EMAIL_TAKEN] });
    expect(reply.data.alert).toEqual({ title: "E-mail já cadastrado", text: EMAIL_TAKEN });
    expect(JSON.stringify(reply.data)).not.toContain("outra-senha-9");
    expect(await rows(db, users)).toBe(1);
    expect(await rows(db, profiles)).toBe(1);
    expect(await rows(db, subscriptions)).toBe(1);
    expect(await rows(db, sessions)).toBe(1);
    // The first account keeps its password.
    expect(await verifyLogin(db, "maria@example.com", "senha-forte-1")).not.toBeNull();
    expect(await verifyLogin(db, "maria@example.com", "outra-senha-9")).toBeNull();
  });

  it("answers invalid input with field messages and never echoes the password", async () => {
    const db = createTestDb();
    const reply = replyOf(
      await register(db, {
        name: "A",
        email: "nao-e-email",
        phone: "1234",
        password: "SegredoMuitoForte1",
        confirmPassword: "SegredoMuitoForte1",
        terms: undefined,
      }),
    );
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({
      name: ["Nome deve ter pelo menos 2 caracteres"],
      email: ["Email inválido"],
      phone: ["Telefone deve ter pelo menos 10 dígitos"],
      terms: ["Você deve aceitar os termos de uso para continuar."],
    });
    expect(reply.data.alert).toEqual({ title: "Termos de uso", text: "Você deve aceitar os termos de uso para continuar." });
    const json = JSON.stringify(reply.data);
    expect(json).not.toContain("SegredoMuitoForte1");
    expect(json).toContain("nao-e-email"); // other fields are kept for the form
    expect(await rows(db, users)).toBe(0);
    expect(await rows(db, sessions)).toBe(0);
  });

  it("shows no terms alert when only other fields are wrong", async () => {
    const db = createTestDb();
    const reply = replyOf(await register(db, { confirmPassword: "senha-diferente" }));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ confirmPassword: ["As senhas não coincidem"] });
    expect(reply.data.alert).toBeNull();
    expect(JSON.stringify(reply.data)).not.toContain("senha-forte-1");
    expect(JSON.stringify(reply.data)).not.toContain("senha-diferente");
  });
});

// ------------------------------------------------------------------ login

describe("login", () => {
  it("signs in (e-mail case and spaces ignored) and greets the user", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { res, cookie } = await signIn(db, `  ${pro.email.toUpperCase()} `, pro.password);
    expect(res).toHaveRedirect("/dashboard");
    await expect(res).toSendToast({
      type: "success",
      title: "Login realizado com sucesso!",
      description: "Que bom ter você de volta!",
    });
    expect((await sessionUser(db, cookie))?.id).toBe(pro.id);
  });

  it("returns to a local redirectTo, never to another site", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const local = await signIn(db, pro.email, pro.password, { redirectTo: "/agenda?new=true" });
    expect(local.res).toHaveRedirect("/agenda?new=true");
    for (const evil of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      const { res } = await signIn(db, pro.email, pro.password, { redirectTo: evil });
      expect(res).toHaveRedirect("/dashboard");
    }
  });

  it("refuses a wrong password with 'Credenciais inválidas'", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const reply = replyOf(await login(db, { email: pro.email, password: "senha-errada-77" }));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.alert).toEqual(CREDENTIALS);
    expect(JSON.stringify(reply.data)).not.toContain("senha-errada-77");
    expect(await rows(db, sessions)).toBe(0);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const wrong = replyOf(await login(db, { email: pro.email, password: "senha-errada" }));
    const unknown = replyOf(await login(db, { email: "ninguem@example.com", password: "senha-errada" }));
    expect(unknown.init?.status).toBe(wrong.init?.status);
    expect(unknown.data.alert).toEqual(CREDENTIALS);
    expect(unknown.data.result.error).toEqual(wrong.data.result.error);
  });

  it("asks for both fields", async () => {
    const db = createTestDb();
    const reply = replyOf(await login(db, { email: " ", password: "" }));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ email: [FILL_ALL], password: [FILL_ALL] });
    expect(reply.data.alert).toBeNull();
  });

  it("'Lembrar senha' keeps the cookie 30 days; otherwise it ends with the browser", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const remembered = await signIn(db, pro.email, pro.password, { remember: "on" });
    expect(setCookie(remembered.res, "__session")).toMatch(/Max-Age=2592000(;|$)/);

    const browserOnly = await signIn(db, pro.email, pro.password);
    const cookie = setCookie(browserOnly.res, "__session")!;
    expect(cookie).not.toMatch(/Max-Age/i);
    expect(cookie).not.toMatch(/Expires/i);

    const stored = await db.select().from(sessions);
    const byRemember = Object.fromEntries(stored.map((s) => [String(s.remember), s.expiresAt.getTime() - Date.now()]));
    expect(byRemember.true).toBeGreaterThan(29 * DAY);
    expect(byRemember.false).toBeLessThanOrEqual(DAY);
  });

  it("after 10 wrong attempts for one e-mail, even the right password waits", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    for (let i = 0; i < 10; i++) {
      const reply = replyOf(await login(db, { email: pro.email, password: `errada-${i}` }));
      expect(reply.init?.status).toBe(400);
    }
    const blocked = replyOf(await login(db, { email: pro.email, password: pro.password }));
    expect(blocked.init?.status).toBe(429);
    expect(blocked.data.alert).toEqual(TOO_MANY);
    expect(await rows(db, sessions)).toBe(0);
    // Another e-mail is not affected.
    const other = await createProfessional(db);
    await signIn(db, other.email, other.password);
  });

  it("a stranger failing from another address does not lock the owner out", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    for (let i = 0; i < 15; i++) await loginFrom(db, "198.51.100.66", { email: pro.email, password: `errada-${i}` });
    expect(replyOf(await loginFrom(db, "198.51.100.66", { email: pro.email, password: pro.password })).init?.status).toBe(429);
    const owner = responseOf(await loginFrom(db, "203.0.113.50", { email: pro.email, password: pro.password }));
    expect(owner.status).toBe(302);
  });

  it("past every lockout, a reset link still gets the owner in, and clears the lockout", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    // Guesses spread over many addresses have reached the e-mail's own ceiling (100 in 15 minutes).
    await db.insert(rateLimits).values({ key: `login:email:${pro.email}`, windowStart: new Date(), count: 100 });
    expect(replyOf(await login(db, { email: pro.email, password: pro.password })).init?.status).toBe(429);

    await requestReset(db, pro.email);
    const res = responseOf(await resetWith(db, tokenFrom((await outbox(db)).at(-1)!.text), "nova-senha-123"));
    expect(res).toHaveRedirect("/dashboard");
    expect((await sessionUser(db, cookiesFrom(res)))?.id).toBe(pro.id);
    // Other devices can sign in again too.
    await signIn(db, pro.email, "nova-senha-123");
  });

  it("a successful sign-in clears the e-mail's failed attempts", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    for (let i = 0; i < 9; i++) await login(db, { email: pro.email, password: "errada" });
    await signIn(db, pro.email, pro.password);
    for (let i = 0; i < 9; i++) await login(db, { email: pro.email, password: "errada" });
    await signIn(db, pro.email, pro.password);
  });
});

// ------------------------------------------------------------------ sessions

describe("sessions", () => {
  it("a signed-in visitor opening /login or /register goes to /dashboard", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie } = await signIn(db, pro.email, pro.password);
    for (const open of [
      () => callLoader(loginLoader, { db, path: "/login", cookie }),
      () => callLoader(registerLoader, { db, path: "/register", cookie }),
    ]) {
      const thrown = responseOf(await thrownBy(open()));
      expect(thrown).toHaveRedirect("/dashboard");
    }
    // A signed-in register POST is redirected too, and creates nothing.
    const post = responseOf(
      await thrownBy(
        callAction(registerAction, { db, path: "/register", form: { name: "Nova", email: "nova@example.com" }, cookie }),
      ),
    );
    expect(post).toHaveRedirect("/dashboard");
    expect(await rows(db, users)).toBe(1);
  });

  it("an anonymous visitor sees /login and /register", async () => {
    const db = createTestDb();
    expect(await callLoader(loginLoader, { db, path: "/login" })).toBeNull();
    expect(await callLoader(registerLoader, { db, path: "/register" })).toEqual({ email: "" });
  });

  it("an invitation link fills in the e-mail; anything that is not an e-mail is ignored", async () => {
    const db = createTestDb();
    expect(await callLoader(registerLoader, { db, path: "/register?email=Joana%40Example.com" })).toEqual({ email: "joana@example.com" });
    expect(await callLoader(registerLoader, { db, path: "/register?email=%3Cscript%3E" })).toEqual({ email: "" });
  });

  it("logout ends this session on the server and clears the cookie", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie } = await signIn(db, pro.email, pro.password);
    const otherDevice = await signIn(db, pro.email, pro.password);
    expect(await sessionUser(db, cookie)).not.toBeNull();

    const res = responseOf(await callAction(logoutAction, { db, path: "/logout", cookie }));
    expect(res).toHaveRedirect("/login");
    expect(setCookie(res, "__session")).toMatch(/^__session=;.*Max-Age=0/);

    // Replaying the old cookie does not bring the session back.
    expect(await sessionUser(db, cookie)).toBeNull();
    expect(await rows(db, sessions)).toBe(1);
    expect((await sessionUser(db, otherDevice.cookie))?.id).toBe(pro.id);
  });

  it("a tampered session cookie is treated as signed out", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { res } = await signIn(db, pro.email, pro.password);
    const value = /^__session=([^;]+)/.exec(setCookie(res, "__session")!)![1]!;
    expect((await sessionUser(db, `__session=${value}`))?.id).toBe(pro.id);

    const i = value.indexOf("."); // first character of the signature
    const other = value[i + 1] === "A" ? "B" : "A";
    const tampered = value.slice(0, i + 1) + other + value.slice(i + 2);
    expect(tampered).not.toBe(value);
    expect(await sessionUser(db, `__session=${tampered}`)).toBeNull();
    // Changing the signed value (first character) fails too.
    const tamperedValue = (value[0] === "A" ? "B" : "A") + value.slice(1);
    expect(await sessionUser(db, `__session=${tamperedValue}`)).toBeNull();
    // A raw, unsigned session id is refused.
    const [row] = await db.select({ id: sessions.id }).from(sessions);
    expect(await sessionUser(db, `__session=${encodeURIComponent(btoa(JSON.stringify(row!.id)))}`)).toBeNull();
  });

  it("an expired session is signed out", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { cookie } = await signIn(db, pro.email, pro.password);
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await sessionUser(db, cookie)).toBeNull();
  });
});

// ------------------------------------------------------------------ password reset

describe("password reset", () => {
  const SENT_TOAST = {
    type: "success",
    title: "E-mail enviado!",
    description: "Verifique sua caixa de entrada para redefinir sua senha.",
  } as const;

  it("e-mails a one-hour link to an existing account", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const res = responseOf(await requestReset(db, ` ${pro.email.toUpperCase()} `));
    expect(res).toHaveRedirect("/login");
    await expect(res).toSendToast(SENT_TOAST);

    const mails = await outbox(db);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(pro.email);
    expect(mails[0]!.status).toBe("sent");
    expect(mails[0]!.text).toContain(`${ORIGIN}/redefinir-senha?token=`);
    const token = tokenFrom(mails[0]!.text);

    // Only the token's digest is stored.
    const [stored] = await db.select().from(passwordResetTokens);
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const page = await resetPage(db, token);
    expect(page.data).toEqual({ token, valid: true });
    expect(page.init?.status).toBe(200);
    expect(new Headers(page.init?.headers).get("Referrer-Policy")).toBe("no-referrer");
  });

  it("answers an unknown e-mail the same way and sends nothing", async () => {
    const db = createTestDb();
    await createProfessional(db);
    const res = responseOf(await requestReset(db, "ninguem@example.com"));
    expect(res).toHaveRedirect("/login");
    await expect(res).toSendToast(SENT_TOAST);
    expect(await outbox(db)).toHaveLength(0);
    expect(await rows(db, passwordResetTokens)).toBe(0);
  });

  it("asks for the e-mail first", async () => {
    const db = createTestDb();
    const reply = replyOf(await requestReset(db, "  "));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ email: ["Digite seu e-mail antes de solicitar redefinição de senha."] });
    expect(reply.data.alert).toEqual({
      title: "E-mail necessário",
      text: "Digite seu e-mail antes de solicitar redefinição de senha.",
    });
    expect(await outbox(db)).toHaveLength(0);
  });

  it("sends at most 3 reset e-mails per address in 15 minutes, silently", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    for (let i = 0; i < 5; i++) {
      const res = responseOf(await requestReset(db, pro.email));
      expect(res).toHaveRedirect("/login");
      await expect(res).toSendToast(SENT_TOAST);
    }
    expect(await outbox(db)).toHaveLength(3);
  });

  it("the link sets a new password once, signs out every other device and signs this one in", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const deviceA = await signIn(db, pro.email, pro.password);
    const deviceB = await signIn(db, pro.email, pro.password, { remember: "on" });
    await requestReset(db, pro.email);
    const token = tokenFrom((await outbox(db))[0]!.text);

    const res = responseOf(await resetWith(db, token, "nova-senha-123"));
    expect(res).toHaveRedirect("/dashboard");
    await expect(res).toSendToast({
      type: "success",
      title: "Senha redefinida!",
      description: "Você já está conectado com a nova senha.",
    });

    expect(await verifyLogin(db, pro.email, pro.password)).toBeNull();
    expect(await verifyLogin(db, pro.email, "nova-senha-123")).toEqual({ id: pro.id, email: pro.email });
    expect(await rows(db, sessions)).toBe(1);
    expect(await sessionUser(db, deviceA.cookie)).toBeNull();
    expect(await sessionUser(db, deviceB.cookie)).toBeNull();
    expect((await sessionUser(db, cookiesFrom(res)))?.id).toBe(pro.id);
    const [stored] = await db.select().from(passwordResetTokens);
    expect(stored!.usedAt).not.toBeNull();

    // The same link a second time is refused and changes nothing.
    const again = replyOf(await resetWith(db, token, "terceira-senha"));
    expect(again.init?.status).toBe(400);
    expect(again.data.invalid).toBe(true);
    expect(JSON.stringify(again.data)).not.toContain("terceira-senha");
    expect(await verifyLogin(db, pro.email, "terceira-senha")).toBeNull();
    expect(await verifyLogin(db, pro.email, "nova-senha-123")).not.toBeNull();
    const page = await resetPage(db, token);
    expect(page.data.valid).toBe(false);
    expect(page.init?.status).toBe(400);

    // Signing in with the new password works through the form.
    await signIn(db, pro.email, "nova-senha-123");
  });

  it("a mismatched confirmation is a field error and does not spend the token", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { token } = (await createResetToken(db, pro.email))!;
    const reply = replyOf(await resetWith(db, token, "nova-senha-123", "nova-senha-124"));
    expect(reply.init?.status).toBe(400);
    expect(reply.data.invalid).toBe(false);
    expect(reply.data.result.error).toEqual({ confirmPassword: ["As senhas não coincidem"] });
    expect(JSON.stringify(reply.data)).not.toContain("nova-senha-12");
    expect((await resetPage(db, token)).data.valid).toBe(true);
    expect(await verifyLogin(db, pro.email, pro.password)).not.toBeNull();
  });

  it("an expired link is refused", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    const { token } = (await createResetToken(db, pro.email, new Date(Date.now() - 2 * 60 * 60_000)))!;
    const page = await resetPage(db, token);
    expect(page.data).toEqual({ token, valid: false });
    expect(page.init?.status).toBe(400);
    const reply = replyOf(await resetWith(db, token, "nova-senha-123"));
    expect(reply.data.invalid).toBe(true);
    expect(await verifyLogin(db, pro.email, pro.password)).not.toBeNull();
  });

  it("only the newest link works, and using one voids every other", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    await requestReset(db, pro.email);
    const first = tokenFrom((await outbox(db))[0]!.text);
    await requestReset(db, pro.email);
    const mails = await outbox(db);
    const second = tokenFrom(mails[1]!.text);
    expect((await resetPage(db, first)).data.valid).toBe(false);
    expect((await resetPage(db, second)).data.valid).toBe(true);
    // The replaced link's e-mail no longer holds it.
    expect(mails[0]!.text).not.toContain(first);

    // Two links outstanding at once (made directly): using one spends the other.
    const extra = (await createResetToken(db, pro.email))!.token;
    const other = (await createResetToken(db, pro.email))!.token;
    await db.update(passwordResetTokens).set({ usedAt: null }).where(eq(passwordResetTokens.userId, pro.id));
    expect(responseOf(await resetWith(db, extra, "nova-senha-123")).status).toBe(302);
    expect((await resetPage(db, other)).data.valid).toBe(false);
  });

  it("the outbox keeps a link's body only until it is used or expires", async () => {
    const db = createTestDb();
    const pro = await createProfessional(db);
    await requestReset(db, pro.email);
    const [sent] = await outbox(db);
    expect(sent!.sensitiveUntil!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    const token = tokenFrom(sent!.text);
    await resetWith(db, token, "nova-senha-123");
    expect((await outbox(db))[0]!.text).toBe(SECRET_REMOVED);

    // An expired one is cleared as the next message goes out.
    await requestReset(db, pro.email);
    await db.update(emailOutbox).set({ sensitiveUntil: new Date(Date.now() - 1000) });
    const context = contextFor(db);
    await sendSoon(context, { to: "outra@example.com", subject: "Outro", text: "texto" });
    await settleBackground(context);
    const bodies = (await outbox(db)).map((m) => m.text);
    expect(bodies.filter((t) => t.includes("/redefinir-senha?token="))).toEqual([]);
    expect(bodies).toContain("texto");
  });

  it("a real transport's copy keeps no link once delivered", async () => {
    const db = createTestDb();
    const delivered: string[] = [];
    const realTransport = { name: "resend", send: async (m: { text: string }) => void delivered.push(m.text) };
    const { statements, queued } = queueEmail(db, { to: "ana@example.com", subject: "Redefinir", text: "link?token=abc", sensitiveUntil: new Date(Date.now() + 3600_000) }, { transport: realTransport });
    await db.batch(statements);
    const context = contextFor(db);
    deliverSoon(context, [queued]);
    await settleBackground(context);
    expect(delivered).toEqual(["link?token=abc"]);
    const [row] = await outbox(db);
    expect(row).toMatchObject({ status: "sent", text: SECRET_REMOVED, sensitiveUntil: null });
  });

  it("an unknown or missing token is refused", async () => {
    const db = createTestDb();
    expect((await resetPage(db, "nao-existe")).data.valid).toBe(false);
    const page = await callLoader(resetLoader, { db, path: "/redefinir-senha" });
    expect(page.data).toEqual({ token: "", valid: false });
  });
});

// ------------------------------------------------------------------ CSRF

describe("root middleware (cross-site writes)", () => {
  // The root middlewares as React Router chains them around the route (`next`): headers around the write checks.
  const root = async (db: Db, request: Request, next: () => Promise<Response>) =>
    runMiddleware(middleware, await routeArgs({ db, request }), next);
  const ok = () => vi.fn(async () => new Response("ok"));

  function post(headers: Record<string, string>) {
    return new Request(`${ORIGIN}/login`, { method: "POST", headers, body: new URLSearchParams({ email: "x" }) });
  }

  it("refuses a POST from another origin with 403", async () => {
    const db = createTestDb();
    const next = ok();
    const error = await thrownBy(root(db, post({ Origin: "https://evil.example" }), next));
    expect(error).toMatchObject({ init: { status: 403 }, data: "Solicitação de outro site recusada." });
    expect(next).not.toHaveBeenCalled();
  });

  it("refuses a POST the browser marks cross-site, even without Origin", async () => {
    const db = createTestDb();
    const next = ok();
    const error = await thrownBy(root(db, post({ "Sec-Fetch-Site": "cross-site" }), next));
    expect(error).toMatchObject({ init: { status: 403 } });
    expect(next).not.toHaveBeenCalled();
  });

  it("lets a same-origin POST through and adds the security headers", async () => {
    const db = createTestDb();
    const next = ok();
    const res = await root(db, post({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }), next);
    expect(next).toHaveBeenCalledOnce();
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("lets a cross-site GET (a link) through", async () => {
    const db = createTestDb();
    const next = ok();
    const request = new Request(`${ORIGIN}/login`, { headers: { "Sec-Fetch-Site": "cross-site" } });
    await root(db, request, next);
    expect(next).toHaveBeenCalledOnce();
  });
});

describe("createAccount under a race", () => {
  it("two sign-ups with the same business name at once both get a unique booking slug", async () => {
    const { createAccount } = await import("../../app/domain/accounts/registration.server");
    const db = createTestDb();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createAccount(db, { name: "Barbearia Corrida", email: `race${i}@example.com`, phone: "11987654321", password: "senha123" }),
      ),
    );
    const slugs = results.map((r) => r.bookingSlug);
    expect(new Set(slugs).size).toBe(5);
    expect(slugs).toContain("barbearia-corrida");
  });
});
