import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
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
  CURRENT_PASSWORD_WRONG,
  PASSWORD_CHANGED,
  TOO_MANY_PASSWORD_ATTEMPTS,
} from "../../app/validation/account";
import { action, loader } from "../../app/routes/settings.general";
import { loader as exportLoader } from "../../app/routes/settings.general.export";
import { collectAccountData } from "../../app/domain/data-export/data-export.server";
import { verifyLogin } from "../../app/domain/accounts/credentials.server";
import { loadAccess } from "../../app/domain/accounts/access.server";
import type { Db } from "../../app/utils/db.server";
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

const hashOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]?.passwordHash;
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

// ------------------------------------------------------------------ page

describe("Configurações > Geral page", () => {
  it("tells whether a paid subscription and linked accounts would be affected", async () => {
    await db.insert(linkedAccounts).values({ ownerId: pro.id, linkedUserEmail: "equipe@example.com" });
    const { as } = await session(pro);
    expect(await callLoader(loader, { db, as, path: PATH })).toMatchObject({ paidSubscription: false, linkedCount: 1 });
  });
});

// ------------------------------------------------------------------ password

describe("change password", () => {
  it("refuses a wrong current password with 400 beside the field, changing nothing", async () => {
    const before = await hashOf(pro.id);
    await signIn(db, pro);
    const sessionsBefore = await sessionIdsOf(pro.id);
    const res = reply(
      await post({ intent: "change-password", currentPassword: "errada99", password: "novaSenha1", confirmPassword: "novaSenha1" }),
    );
    expect(res.status).toBe(400);
    expect(res.result.error?.currentPassword).toEqual([CURRENT_PASSWORD_WRONG]);
    // Passwords are never echoed back.
    expect(JSON.stringify(res.result.initialValue ?? {})).not.toContain("novaSenha1");
    expect(JSON.stringify(res.result.initialValue ?? {})).not.toContain("errada99");
    expect(await hashOf(pro.id)).toBe(before);
    expect(await sessionIdsOf(pro.id)).toEqual(expect.arrayContaining(sessionsBefore));
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Sua senha do Agendo foi alterada"))).toEqual([]);
  });

  it("uses the sign-up rules for the new password", async () => {
    const short = await post({ intent: "change-password", currentPassword: "senha123", password: "abc", confirmPassword: "abc" });
    expect(short).toHaveFieldError("password", "Senha deve ter pelo menos 6 caracteres");
    const mismatch = await post({ intent: "change-password", currentPassword: "senha123", password: "novaSenha1", confirmPassword: "novaSenha2" });
    expect(mismatch).toHaveFieldError("confirmPassword", "As senhas não coincidem");
    const empty = await post({ intent: "change-password", currentPassword: "", password: "novaSenha1", confirmPassword: "novaSenha1" });
    expect(empty).toHaveFieldError("currentPassword", "Digite sua senha atual.");
    expect(await verifyLogin(db, pro.email, "senha123")).not.toBeNull();
  });

  it("ends every other session of the user, keeps this one, and the new password signs in", async () => {
    await createSession(db, new Request(ORIGIN), pro.id, true);
    await createSession(db, new Request(ORIGIN), pro.id, false);
    await createSession(db, new Request(ORIGIN), other.id, false);
    const otherSessions = await sessionIdsOf(other.id);
    const { as, sessionId, cookie } = await session(pro);
    expect((await sessionIdsOf(pro.id)).length).toBe(3);

    const res = await callAction(action, {
      db,
      as,
      path: PATH,
      form: { intent: "change-password", currentPassword: "senha123", password: "novaSenha1", confirmPassword: "novaSenha1" },
    });
    expect(res).toHaveRedirect(PATH);
    await expect(res).toSendToast({ type: "success", ...PASSWORD_CHANGED });

    expect(await sessionIdsOf(pro.id)).toEqual([sessionId]);
    expect((await getSessionUser(db, new Request(ORIGIN, { headers: { Cookie: cookie } })))?.id).toBe(pro.id);
    expect(await sessionIdsOf(other.id)).toEqual(otherSessions);
    expect(await verifyLogin(db, pro.email, "novaSenha1")).toEqual({ id: pro.id, email: pro.email });
    expect(await verifyLogin(db, pro.email, "senha123")).toBeNull();
    expect(await verifyLogin(db, other.email, "senha123")).not.toBeNull();
  });

  it("stops checking the current password after too many wrong tries", async () => {
    for (let i = 0; i < 10; i++) {
      await post({ intent: "change-password", currentPassword: `errada${i}xx`, password: "novaSenha1", confirmPassword: "novaSenha1" });
    }
    const res = reply(
      await post({ intent: "change-password", currentPassword: "senha123", password: "novaSenha1", confirmPassword: "novaSenha1" }),
    );
    expect(res.status).toBe(429);
    expect(res.result.error?.currentPassword).toEqual([TOO_MANY_PASSWORD_ATTEMPTS]);
    expect(await verifyLogin(db, pro.email, "senha123")).not.toBeNull();
  });
});

// ------------------------------------------------------------------ export

describe("export", () => {
  it("works for a suspended professional and asks anyone signed out to sign in", async () => {
    await seedWorkspace(pro, "Ana");
    await db.update(subscriptions).set({ trialEndDate: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, pro.id));
    const { cookie } = await signIn(db, pro);
    expect((await loadAccess(db, (await getSessionUser(db, new Request(ORIGIN, { headers: { Cookie: cookie } })))!))?.access).toBe("denied");
    const res = response(await callLoader(exportLoader, { db, path: `${PATH}/exportar`, cookie }));
    expect(res.status).toBe(200);
    const json = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))["dados.json"]!));
    expect(JSON.stringify(json)).toContain("Ana");

    const anonymous = await callLoader(exportLoader, { db, path: `${PATH}/exportar` }).catch((r: unknown) => r);
    expect(response(anonymous).status).toBe(302);
    expect(response(anonymous)).toHaveRedirect(/^\/login/);
  });

  it("an appointment the professional cancelled carries who cancelled it and the reason", async () => {
    await createAppointment(db, pro.id, { date: "2026-12-02", status: "cancelled", cancelledBy: "professional", cancelReason: "Imprevisto na família" });
    const { data } = await collectAccountData(db, pro.id);
    expect(data.agendamentos).toEqual([
      expect.objectContaining({ data: "2026-12-02", status: "Cancelado", cancelado_por: "Profissional", motivo_do_cancelamento: "Imprevisto na família" }),
    ]);
  });

  it("downloads a zip with the professional's rows and none of anyone else's", async () => {
    await seedWorkspace(pro, "Ana");
    await seedWorkspace(other, "Bia");
    const { cookie } = await signIn(db, pro);
    const res = response(await callLoader(exportLoader, { db, path: `${PATH}/exportar`, cookie }));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="agendo-meus-dados-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers.get("Cache-Control")).toContain("no-store");

    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const images = Object.keys(files).filter((name) => name.startsWith("imagens/"));
    expect(images).toEqual([expect.stringMatching(/^imagens\/[0-9a-f-]+\.jpg$/)]);
    expect(Array.from(files[images[0]!]!)).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    expect(Object.keys(files).filter((name) => !name.startsWith("imagens/")).sort()).toEqual(
      [
        "LEIA-ME.txt",
        "dados.json",
        "perfil.csv",
        "configuracoes.csv",
        "assinatura.csv",
        "horarios.csv",
        "categorias.csv",
        "servicos.csv",
        "clientes.csv",
        "agendamentos.csv",
        "solicitacoes.csv",
        "contas-vinculadas.csv",
        "contas-de-pagamento.csv",
        "fechamentos.csv",
        "calendarios-externos.csv",
        "lista-de-espera.csv",
        "dispositivos.csv",
      ].sort(),
    );
    const json = JSON.parse(strFromU8(files["dados.json"]!));
    expect(json.perfil).toMatchObject({ id: pro.id, email: pro.email, nome_completo: "Ana Souza" });
    expect(json.configuracoes).toMatchObject({ mensagem_de_boas_vindas: "Bem-vinda ao espaço Ana" });
    expect(json.clientes).toEqual([expect.objectContaining({ nome: "Cliente de Ana", telefone: "11911112222" })]);
    expect(json.servicos).toEqual([expect.objectContaining({ nome: "Corte Ana", categoria: "Cabelo Ana", preco: 50, duracao_min: 45 })]);
    expect(json.agendamentos).toEqual([
      expect.objectContaining({ data: "2026-12-01", horario: "10:00", cliente: "Cliente de Ana", servico: "Corte Ana", valor: 50, status: "Concluído" }),
    ]);
    expect(json.solicitacoes).toEqual([expect.objectContaining({ cliente: "Solicitante de Ana", horario: "11:00", status: "Pendente" })]);
    expect(json.horarios).toHaveLength(3);
    expect(json.categorias).toEqual([expect.objectContaining({ nome: "Cabelo Ana" })]);
    expect(json.contas_vinculadas).toEqual([expect.objectContaining({ email: "vinculada-ana@example.com", status: "Pendente" })]);
    expect(json.assinatura).toMatchObject({ status: "Período grátis", plano: "trial" });
    expect(json.contas_de_pagamento).toEqual([{ provedor: "Mercado Pago", conectada_em: "2026-11-01T12:00:00.000Z" }]);
    expect(json.fechamentos).toEqual([expect.objectContaining({ data: "2026-12-01", horario: "10:00", situacao: "Pago", itens: "Corte Ana × 1 R$\u00a050,00", gorjeta: 5, pagamentos: "Pix R$\u00a055,00" })]);
    // A calendar's address is a secret: its name and host only.
    expect(json.calendarios_externos).toEqual([expect.objectContaining({ nome: "Agenda Ana", servidor: "calendar.google.com" })]);
    expect(JSON.stringify(json)).not.toContain("segredo-ana");

    const csv = strFromU8(files["clientes.csv"]!);
    expect(Array.from(files["clientes.csv"]!.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM for Excel
    expect(csv.split("\r\n")[0]).toBe("ID;Nome;Telefone;E-mail;Endereço;Data de nascimento;Observações;Criado em;Atualizado em");
    expect(csv).toContain("Cliente de Ana");
    expect(strFromU8(files["agendamentos.csv"]!)).toContain("50,00");

    // Nothing of the other professional, and no secret of anyone.
    const all = Object.entries(files)
      .filter(([name]) => !name.startsWith("imagens/"))
      .map(([, bytes]) => strFromU8(bytes))
      .join("\n");
    for (const foreign of [other.id, other.email, "Bia", "cliente-bia@example.com", "vinculada-bia@example.com"]) {
      expect(all).not.toContain(foreign);
    }
    const secrets = [
      ...(await db.select({ s: users.passwordHash }).from(users)).map((r) => r.s),
      ...(await db.select({ s: sessions.id }).from(sessions)).map((r) => r.s),
      ...(await db.select({ s: passwordResetTokens.tokenHash }).from(passwordResetTokens)).map((r) => r.s),
      ...(await db.select({ s: bookingRequestTokens.tokenHash }).from(bookingRequestTokens)).map((r) => r.s),
      ...(await db.select({ a: paymentAccounts.accessTokenSealed, r: paymentAccounts.refreshTokenSealed, id: paymentAccounts.providerUserId }).from(paymentAccounts)).flatMap((r) => [r.a, r.r, r.id]),
    ];
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toContain("pbkdf2");
  });
});
