// Signing up and signing in: the forms, their refusals, the rate limits and the account made.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { categories, profiles, rateLimits, sessions, subscriptions, users } from "../../db/schema";
import { action as registerAction } from "../../app/routes/register";
import { verifyLogin } from "../../app/domain/accounts/credentials.server";
import { cookiesFrom, createTestDb } from "../support/db";
import { createProfessional } from "../support/factories";
import { callAction, replyOf, responseOf } from "../support/routes";
import { CREDENTIALS, DAY, EMAIL_TAKEN, FILL_ALL, login, loginFrom, outbox, register, requestReset, resetWith, rows, sessionUser, setCookie, signIn, tokenFrom, TOO_MANY } from "../support/account-forms";

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
