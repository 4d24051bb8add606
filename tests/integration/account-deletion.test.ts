// Configurações > Geral > 'Excluir conta': the account and everything it owns deleted, with and without Stripe.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  appointments,
  bookingRequestTokens,
  cashClosingItems,
  cashClosings,
  cashPayments,
  emailOutbox,
  externalCalendars,
  linkedAccounts,
  passwordResetTokens,
  paymentAccounts,
  profiles,
  rateLimits,
  reminderOptOuts,
  sessions,
  storedImages,
  subscriptions,
  users,
  whatsappOutbox,
} from "../../db/schema";
import {
  ACCOUNT_DELETED,
  DELETE_CONFIRM_REQUIRED,
  DELETE_PASSWORD_WRONG,
} from "../../app/validation/account";
import { action, loader } from "../../app/routes/settings.general";
import { collectAccountData } from "../../app/domain/data-export/data-export.server";
import { verifyLogin } from "../../app/domain/accounts/credentials.server";
import { loadAccess } from "../../app/domain/accounts/access.server";
import type { Db } from "../../app/utils/db.server";
import { envOverrides } from "../support/env";
import { createSession, getSessionUser } from "../../app/utils/session.server";
import { createTestDb, ORIGIN } from "../support/db";
import {
  createAppointment,
  createBookingRequest,
  createCategory,
  createClient,
  createProfessional,
  createService,
  createWorkingHours,
} from "../support/factories";
import { callAction, callLoader, replyOf, responseOf as response, signIn } from "../support/routes";

type Pro = Awaited<ReturnType<typeof createProfessional>>;
let db: Db;
let pro: Pro;
let other: Pro;

const PATH = "/configuracoes/geral";

beforeEach(async () => {
  db = createTestDb();
  pro = await createProfessional(db, { name: "Ana Souza" });
  other = await createProfessional(db, { name: "Bia Lima" });
});

// ------------------------------------------------------------------ helpers

/** The user in a new session of theirs (a real session row, as signing in makes it). */
async function session(who: Pro) {
  const { cookie, sessionId } = await signIn(db, who);
  return { cookie, sessionId, as: { ...who, sessionId } };
}

async function post(fields: Record<string, string>, who: Pro = pro) {
  const { as } = await session(who);
  return callAction(action, { db, as, path: PATH, form: fields });
}

/** The data() reply: its status, conform's result and, for the deletion, the failure shown. */
function reply(res: Awaited<ReturnType<typeof action>>) {
  const { init, data } = replyOf(res);
  return { status: init?.status, result: data.result, failure: data.intent === "delete-account" ? data.failure : undefined };
}
const sessionIdsOf = async (id: string) =>
  (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id))).map((s) => s.id).sort();

/** One row in every table the professional can own, named after them. */
async function seedWorkspace(who: Pro, label: string) {
  const cat = await createCategory(db, who.id, { name: `Cabelo ${label}`, slug: `cabelo-${label.toLowerCase()}` });
  const svc = await createService(db, who.id, { categoryId: cat.id, name: `Corte ${label}`, priceCents: 5000, durationMinutes: 45 });
  const client = await createClient(db, who.id, {
    name: `Cliente de ${label}`,
    phone: label === "Ana" ? "11911112222" : "11933334444",
    email: `cliente-${label.toLowerCase()}@example.com`,
  });
  await createAppointment(db, who.id, {
    clientId: client.id,
    serviceId: svc.id,
    serviceName: svc.name,
    date: "2026-12-01",
    startMinute: 600,
    durationMinutes: 45,
    priceCents: 5000,
    status: "completed",
    notes: `Nota de ${label}`,
  });
  const req = await createBookingRequest(db, who.id, {
    serviceId: svc.id,
    serviceName: svc.name,
    customerName: `Solicitante de ${label}`,
    customerPhone: "11955556666",
    date: "2026-12-02",
    startMinute: 660,
    durationMinutes: 45,
    priceCents: 5000,
  });
  await db.insert(bookingRequestTokens).values({ bookingRequestId: req.id, tokenHash: `hash-${label}-${crypto.randomUUID()}` });
  await createWorkingHours(db, who.id, [1, 2, 3].map((dayOfWeek) => ({ dayOfWeek })));
  const [image] = await db
    .insert(storedImages)
    .values({ userId: who.id, contentType: "image/jpeg", byteSize: 4, data: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) })
    .returning();
  await db.update(profiles).set({ profileImageId: image!.id, welcomeMessage: `Bem-vinda ao espaço ${label}` }).where(eq(profiles.userId, who.id));
  await db.insert(linkedAccounts).values({ ownerId: who.id, linkedUserEmail: `vinculada-${label.toLowerCase()}@example.com` });
  // The Caixa's closing of the completed service, and an external calendar whose address is a secret.
  const [appointment] = await db.select().from(appointments).where(eq(appointments.userId, who.id));
  const closingId = crypto.randomUUID();
  await db.insert(cashClosings).values({ id: closingId, userId: who.id, appointmentId: appointment!.id, status: "paid", subtotalCents: 5000, tipCents: 500, closedAt: new Date(), closedBy: who.id, revision: "r1" });
  await db.insert(cashClosingItems).values({ closingId, userId: who.id, position: 0, kind: "service", name: `Corte ${label}`, unitPriceCents: 5000, quantity: 1 });
  await db.insert(cashPayments).values({ closingId, userId: who.id, method: "pix", amountCents: 5500 });
  await db.insert(externalCalendars).values({ userId: who.id, name: `Agenda ${label}`, url: `https://calendar.google.com/calendar/ical/segredo-${label.toLowerCase()}/basic.ics` });
  await db.insert(emailOutbox).values({ to: who.email, subject: `Redefinir senha ${label}`, text: "link", transport: "log" });
  // Messages the job sent on their behalf to their customers, and a customer's opt-out.
  await db.insert(emailOutbox).values({ to: `lembrete-${label.toLowerCase()}@example.com`, subject: `Lembrete de ${label}`, text: "lembrete", transport: "log", kind: "reminder", professionalId: who.id });
  await db.insert(whatsappOutbox).values({ professionalId: who.id, to: "5511955556666", template: "lembrete_agendamento", language: "pt_BR", params: `["Solicitante de ${label}"]`, dedupeKey: `wa-${label}-${crypto.randomUUID()}` });
  await db.insert(reminderOptOuts).values({ professionalId: who.id, contact: `parou-${label.toLowerCase()}@example.com` });
  await db.insert(passwordResetTokens).values({ userId: who.id, tokenHash: `reset-${label}-${crypto.randomUUID()}`, expiresAt: new Date(Date.now() + 3600_000) });
  await db.insert(rateLimits).values({ key: `login:email:${who.email}`, windowStart: new Date(), count: 1 });
  await db.insert(rateLimits).values({ key: `booking:phone:${who.id}:11987654321`, windowStart: new Date(), count: 1 });
  await db.insert(rateLimits).values({ key: `photo:user:${who.id}`, windowStart: new Date(), count: 3 });
  await createSession(db, new Request(ORIGIN), who.id, true);
  // A connected Mercado Pago account (its tokens as the secret box seals them: opaque text).
  await db.insert(paymentAccounts).values({
    userId: who.id,
    provider: "mercadopago",
    providerUserId: `mp-${label}-${crypto.randomUUID().slice(0, 6)}`,
    accessTokenSealed: `v1.selado-acesso-${label}.${crypto.randomUUID()}`,
    refreshTokenSealed: `v1.selado-renovacao-${label}.${crypto.randomUUID()}`,
    expiresAt: new Date(Date.now() + 180 * 86_400_000),
    connectedAt: new Date("2026-11-01T12:00:00Z"),
  });
}

/** Every row of every table, as text: what the database holds, whatever the schema grows into. */
async function databaseText() {
  const tables = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await db.all(sql.raw(`select * from "${name}"`));
    parts.push(`${name}: ${JSON.stringify(rows, (_k, v) => (typeof v === "bigint" ? String(v) : v))}`);
  }
  return parts.join("\n");
}

const snapshotOf = async (who: Pro) => {
  const { data } = await collectAccountData(db, who.id, new Date(0));
  return JSON.stringify(data);
};

// ------------------------------------------------------------------ delete

describe("delete account", () => {
  it("refuses a wrong password with 400 and deletes nothing", async () => {
    await seedWorkspace(pro, "Ana");
    const before = await databaseText();
    const res = reply(await post({ intent: "delete-account", password: "errada99", confirm: "on" }));
    expect(res.status).toBe(400);
    expect(res.result.error?.password).toEqual([DELETE_PASSWORD_WRONG]);
    expect(JSON.stringify(res.result.initialValue ?? {})).not.toContain("errada99");
    // Only the wrong-password counter and the session this test opened changed.
    const after = await databaseText();
    expect(after.replace(/^(sessions|rate_limits): .*$/gm, "")).toBe(before.replace(/^(sessions|rate_limits): .*$/gm, ""));
    expect(await db.select().from(users).where(eq(users.id, pro.id))).toHaveLength(1);
  });

  it("asks for the explicit confirmation", async () => {
    const res = reply(await post({ intent: "delete-account", password: "senha123" }));
    expect(res.status).toBe(400);
    expect(res.result.error?.confirm).toEqual([DELETE_CONFIRM_REQUIRED]);
    expect(await db.select().from(users).where(eq(users.id, pro.id))).toHaveLength(1);
  });

  it("removes every row of the user, ends their linked accounts and leaves the other professional untouched", async () => {
    await seedWorkspace(pro, "Ana");
    await seedWorkspace(other, "Bia");
    // A team member on Ana's paid plan (her own trial is over: only Ana gives her access)...
    await db
      .update(subscriptions)
      .set({ status: "active", planId: "essencial", subscriptionEndDate: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(subscriptions.userId, pro.id));
    const member = await createProfessional(db, { name: "Carla Dias" });
    await db.update(linkedAccounts).set({ linkedUserEmail: member.email, linkedUserId: member.id, status: "active" }).where(eq(linkedAccounts.ownerId, pro.id));
    await db.update(subscriptions).set({ trialEndDate: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, member.id));
    expect((await loadAccess(db, { id: member.id, email: member.email, sessionId: "x" }))?.access).toBe("linked");
    const otherBefore = await snapshotOf(other);
    // ...and Ana herself is a member of Bia's plan.
    await db.insert(linkedAccounts).values({ ownerId: other.id, linkedUserEmail: pro.email, linkedUserId: pro.id, status: "active" });
    const otherSessions = await sessionIdsOf(other.id);

    const { as, cookie } = await session(pro);
    const res = response(await callAction(action, { db, as, path: PATH, form: { intent: "delete-account", password: "senha123", confirm: "on" } }));
    expect(res).toHaveRedirect("/login");
    await expect(res).toSendToast({ type: "success", ...ACCOUNT_DELETED });
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__session="))).toMatch(/^__session=;.*Max-Age=0/);
    expect(await getSessionUser(db, new Request(ORIGIN, { headers: { Cookie: cookie } }))).toBeNull();

    // Her team member lost access through her; Bia's invitation for Ana's e-mail is open again.
    expect((await loadAccess(db, { id: member.id, email: member.email, sessionId: "x" }))?.access).toBe("denied");
    expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
    const [invite] = await db.select().from(linkedAccounts).where(and(eq(linkedAccounts.ownerId, other.id), eq(linkedAccounts.linkedUserEmail, pro.email)));
    expect(invite).toMatchObject({ status: "pending", linkedUserId: null });
    // (That invitation is Bia's row and names Ana's e-mail: set it aside for the checks below.)
    await db.delete(linkedAccounts).where(eq(linkedAccounts.id, invite!.id));

    // Not a trace of Ana anywhere in the database.
    const text = await databaseText();
    for (const trace of [pro.id, pro.email, "Ana", "cliente-ana@example.com", "vinculada-ana"]) {
      expect(text.split("\n").filter((line) => line.includes(trace))).toEqual([]);
    }
    expect(await verifyLogin(db, pro.email, "senha123")).toBeNull();

    // Bia: every row as before.
    expect(await snapshotOf(other)).toBe(otherBefore);
    expect(await sessionIdsOf(other.id)).toEqual(otherSessions);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, other.email))).toHaveLength(1);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.professionalId, other.id))).toHaveLength(1);
    expect(await db.select().from(whatsappOutbox)).toHaveLength(1);
    expect(await db.select().from(reminderOptOuts)).toHaveLength(1);
    expect(await db.select().from(bookingRequestTokens)).toHaveLength(1);
    expect(await verifyLogin(db, other.email, "senha123")).not.toBeNull();
  });
});

// ------------------------------------------------------------------ Stripe

describe("delete account with Stripe configured", () => {
  let server: Server;
  let calls: { method: string; url: string; auth: string | undefined }[];
  let answer: number;
  const env = envOverrides();

  beforeEach(async () => {
    calls = [];
    answer = 200;
    server = createServer((req, res) => {
      calls.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
      res.writeHead(answer, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer === 200 ? { id: "sub_ana123", status: "canceled" } : { error: { message: "boom" } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    env.set({
      STRIPE_SECRET_KEY: "sk_test_account_settings",
      STRIPE_API_BASE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    await db
      .update(subscriptions)
      .set({ status: "active", planId: "essencial", stripeCustomerId: "cus_ana", stripeSubscriptionId: "sub_ana123", subscriptionEndDate: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(subscriptions.userId, pro.id));
  });

  afterEach(async () => {
    env.restore();
    await new Promise((resolve) => server.close(resolve));
  });

  it("cancels the subscription at Stripe, then deletes the account", async () => {
    const { as } = await session(pro);
    expect(await callLoader(loader, { db, as, path: PATH })).toMatchObject({ paidSubscription: true });
    const res = response(await post({ intent: "delete-account", password: "senha123", confirm: "on" }));
    expect(res).toHaveRedirect("/login");
    expect(calls).toEqual([{ method: "DELETE", url: "/v1/subscriptions/sub_ana123", auth: "Bearer sk_test_account_settings" }]);
    expect(await db.select().from(users).where(eq(users.id, pro.id))).toHaveLength(0);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, pro.id))).toHaveLength(0);
  });

  it("deletes nothing and explains when Stripe cannot cancel", async () => {
    answer = 500;
    const res = reply(await post({ intent: "delete-account", password: "senha123", confirm: "on" }));
    expect(res.status).toBe(503);
    expect(res.failure?.title).toBe("Sua conta não foi excluída");
    expect(res.failure?.text).toContain("Não conseguimos cancelar sua assinatura");
    expect(calls).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.id, pro.id))).toHaveLength(1);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, pro.id))).toEqual([
      expect.objectContaining({ status: "active", stripeSubscriptionId: "sub_ana123" }),
    ]);
  });

  it("goes ahead when the subscription no longer exists at Stripe", async () => {
    answer = 404;
    const res = response(await post({ intent: "delete-account", password: "senha123", confirm: "on" }));
    expect(res).toHaveRedirect("/login");
    expect(calls).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.id, pro.id))).toHaveLength(0);
  });

  it("makes no call for a subscription already cancelled", async () => {
    await db.update(subscriptions).set({ status: "cancelled" }).where(eq(subscriptions.userId, pro.id));
    response(await post({ intent: "delete-account", password: "senha123", confirm: "on" }));
    expect(calls).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.id, pro.id))).toHaveLength(0);
  });
});
