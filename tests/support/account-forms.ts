// Sign-up, sign-in and password reset posted as the browser posts them, and what they leave
// (cookies, sessions, e-mails): shared by the account suites (accounts, accounts-sessions,
// password-reset).
import { count } from "drizzle-orm";
import { expect } from "vitest";
import { emailOutbox, passwordResetTokens, profiles, sessions, subscriptions, users } from "../../db/schema";
import { action as loginAction } from "../../app/routes/login";
import { action as registerAction } from "../../app/routes/register";
import { action as resetAction, loader as resetLoader } from "../../app/routes/reset-password";
import type { Db } from "../../app/utils/db.server";
import { getSessionUser } from "../../app/utils/session.server";
import { cookiesFrom, ORIGIN } from "./db";
import { callAction, callLoader, responseOf } from "./routes";

export const DAY = 86_400_000;

export const EMAIL_TAKEN = "Este e-mail já está em uso. Faça login ou use outro e-mail.";

export const FILL_ALL = "Por favor, preencha todos os campos.";

export const CREDENTIALS = {
  title: "Credenciais inválidas",
  text: "E-mail ou senha incorretos. Verifique seus dados e tente novamente.",
};

export const TOO_MANY = { title: "Muitas tentativas", text: "Aguarde alguns minutos antes de tentar novamente." };

// ------------------------------------------------------------------ helpers

/** The raw Set-Cookie header of one cookie. */
export function setCookie(res: Response, name: string) {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

export function getRequest(path: string, cookie?: string) {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export async function sessionUser(db: Db, cookie: string) {
  return getSessionUser(db, getRequest("/dashboard", cookie));
}

export const rows = async (db: Db, table: typeof users | typeof profiles | typeof subscriptions | typeof sessions | typeof emailOutbox | typeof passwordResetTokens) =>
  (await db.select({ n: count() }).from(table))[0]!.n;

export function register(db: Db, fields: Partial<Record<string, string>> = {}) {
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

export function login(db: Db, fields: Record<string, string>, cookie?: string) {
  return callAction(loginAction, { db, path: "/login", form: { intent: "login", ...fields }, cookie });
}

/** A sign-in attempt from another client address. */
export function loginFrom(db: Db, address: string, fields: Record<string, string>) {
  return callAction(loginAction, { db, clientAddress: address, path: "/login", form: { intent: "login", ...fields } });
}

export async function signIn(db: Db, email: string, password: string, extra: Record<string, string> = {}) {
  const res = responseOf(await login(db, { email, password, ...extra }));
  expect(res.status).toBe(302);
  return { res, cookie: cookiesFrom(res) };
}

export function requestReset(db: Db, email: string) {
  return callAction(loginAction, { db, path: "/login", form: { intent: "reset", email, password: "" } });
}

export async function outbox(db: Db) {
  return db.select().from(emailOutbox);
}

export function tokenFrom(text: string) {
  const match = /\/redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return match[1]!;
}

export function resetWith(db: Db, token: string, password: string, confirmPassword = password) {
  return callAction(resetAction, { db, path: "/redefinir-senha", form: { token, password, confirmPassword } });
}

export function resetPage(db: Db, token: string) {
  return callLoader(resetLoader, { db, path: `/redefinir-senha?token=${encodeURIComponent(token)}` });
}
