// 'Equipe' (issue 16): the owner's view of the salon, scoped to their own team; a member's
// appointments changed by the owner only when the member allowed it; members see no team.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, bookingRequests, cashClosings, clients, emailOutbox, linkedAccounts, profiles } from "../../db/schema";
import { action, loader } from "../../app/routes/team";
import CashClose, { action as closeAction, loader as closeLoader } from "../../app/routes/cash-close";
import { loader as cashLoader } from "../../app/routes/cash";
import { loader as reportsLoader } from "../../app/routes/reports";
import { action as accountsAction, loader as accountsLoader } from "../../app/routes/settings.linked-accounts";
import { teamOf } from "../../app/domain/salon.server";
import { memberCountQuery } from "../../app/domain/salon.server";
import type { Db } from "../../app/utils/db.server";
import { createTestDb, settleBackground, toastOf, userContextFor } from "../support/db";
import { createAppointment, createBookablePro, createBookingRequest, createClient, createProfessional } from "../support/factories";
import { callAction, callLoader, responseOf, thrownStatus } from "../support/routes";
import { renderRoute, visibleText } from "../support/render";

// "Now": Monday 10/03/2025 08:00 in São Paulo.
const NOW = new Date("2025-03-10T11:00:00Z");
const TODAY = "2025-03-10";
const WEDNESDAY = "2025-03-12";

let db: Db;
type Pro = Awaited<ReturnType<typeof createProfessional>> & { serviceId: string; clientId: string };

async function pro(name: string): Promise<Pro> {
  const { pro: p, service } = await createBookablePro(db, { name, services: [{ name: `Corte de ${name}`, durationMinutes: 60, priceCents: 5000 }] });
  const client = await createClient(db, p.id, { name: `Cliente de ${name}`, phone: "11912345678", notes: `Nota secreta de ${name}` });
  return { ...p, serviceId: service.id, clientId: client.id };
}

async function link(owner: Pro, member: Pro, status: "active" | "pending" = "active") {
  await db.insert(linkedAccounts).values({ ownerId: owner.id, linkedUserEmail: member.email, linkedUserId: member.id, status });
}

const ctx = (p: Pro) => userContextFor(db, p);
const load = async (p: Pro, path = "/equipe") => callLoader(loader, { context: await ctx(p), path });
const post = async (p: Pro, form: Record<string, string>, path = "/equipe") => callAction(action, { context: await ctx(p), path, form });
const statusOfRow = async (id: string) => (await db.select({ s: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0]!.s;

let owner: Pro, ana: Pro, bia: Pro, outsider: Pro, outsiderMember: Pro;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
  [owner, ana, bia, outsider, outsiderMember] = await Promise.all([pro("Dona Carla"), pro("Ana Lima"), pro("Bia Souza"), pro("Olga Fora"), pro("Rita Fora")]);
  await link(owner, ana);
  await link(owner, bia);
  await link(outsider, outsiderMember);
});

afterEach(() => vi.useRealTimers());

describe("the team", () => {
  it("is the owner first and the active members by name; a pending link and a member have none", async () => {
    const carol = await pro("Carol Pendente");
    await link(owner, carol, "pending");
    expect((await teamOf(db, owner.id)).map((m) => [m.name, m.isOwner])).toEqual([
      ["Dona Carla", true],
      ["Ana Lima", false],
      ["Bia Souza", false],
    ]);
    expect(await teamOf(db, ana.id)).toEqual([]);
    expect(await memberCountQuery(db, owner.id)).toEqual([{ n: 2 }]);
    expect(await memberCountQuery(db, ana.id)).toEqual([{ n: 0 }]);
    expect(await memberCountQuery(db, carol.id)).toEqual([{ n: 0 }]);
  });
});

describe("Equipe: the day view", () => {
  it("shows a column per professional with each one's appointments and the members' pending requests", async () => {
    await createAppointment(db, owner.id, { date: TODAY, startMinute: 9 * 60, durationMinutes: 60, clientId: owner.clientId, serviceId: owner.serviceId, serviceName: "Corte de Dona Carla" });
    await createAppointment(db, ana.id, { date: TODAY, startMinute: 10 * 60, durationMinutes: 60, clientId: ana.clientId, serviceId: ana.serviceId, serviceName: "Corte de Ana Lima" });
    await createAppointment(db, outsiderMember.id, { date: TODAY, startMinute: 10 * 60, clientId: outsiderMember.clientId, serviceName: "Fora" });
    await createBookingRequest(db, bia.id, { date: TODAY, startMinute: 14 * 60, customerName: "Joana Pedido", serviceName: "Escova" });
    const page = await load(owner);
    expect(page.view).toBe("dia");
    expect(page.columns.map((c) => c.name)).toEqual(["Dona Carla", "Ana Lima", "Bia Souza"]);
    expect(page.columns[0]!.appointments.map((a) => [a.time, a.clientName])).toEqual([["09:00", "Cliente de Dona Carla"]]);
    expect(page.columns[1]!.appointments.map((a) => [a.time, a.clientName])).toEqual([["10:00", "Cliente de Ana Lima"]]);
    expect(page.columns[2]!.requests.map((r) => [r.time, r.customerName])).toEqual([["14:00", "Joana Pedido"]]);
    expect(page.pending).toMatchObject([{ professional: "Bia Souza", customerName: "Joana Pedido", time: "14:00" }]);
    // Nothing of another team, and nothing of a member's clients beyond the name on an appointment.
    const text = JSON.stringify(page);
    expect(text).not.toContain("Rita Fora");
    expect(text).not.toContain("Cliente de Rita Fora");
    expect(text).not.toContain("11912345678");
    expect(text).not.toContain("Nota secreta");
  });

  it("moves by the date in the address and shows the week per day", async () => {
    await createAppointment(db, bia.id, { date: WEDNESDAY, startMinute: 11 * 60, clientId: bia.clientId, serviceName: "Corte de Bia Souza" });
    const day = await load(owner, `/equipe?vista=dia&data=${WEDNESDAY}`);
    expect(day.date).toBe(WEDNESDAY);
    expect(day.columns[2]!.appointments.map((a) => a.time)).toEqual(["11:00"]);
    expect(day.links.prev).toBe("/equipe?vista=dia&data=2025-03-11");
    expect(day.links.today).toBe("/equipe?vista=dia");
    const week = await load(owner, "/equipe?vista=semana");
    expect(week.week.map((d) => d.date)).toEqual(["2025-03-10", "2025-03-11", "2025-03-12", "2025-03-13", "2025-03-14", "2025-03-15", "2025-03-16"]);
    const wednesday = week.week.find((d) => d.date === WEDNESDAY)!;
    expect(wednesday.people.find((p) => p.name === "Bia Souza")!.appointments.map((a) => a.clientName)).toEqual(["Cliente de Bia Souza"]);
    // A nonsense date is today's.
    expect((await load(owner, "/equipe?data=2025-99-99")).date).toBe(TODAY);
  });

  it("is a 404 for a member, for a professional without a team, and for another team's appointment", async () => {
    const alone = await pro("Sozinha");
    expect(await thrownStatus(load(ana))).toBe(404);
    expect(await thrownStatus(load(alone))).toBe(404);
    const theirs = await createAppointment(db, outsiderMember.id, { date: TODAY, clientId: outsiderMember.clientId });
    expect(await thrownStatus(load(owner, `/equipe?ver=${theirs.id}`))).toBe(404);
    const ours = await createAppointment(db, ana.id, { date: TODAY, clientId: ana.clientId });
    expect(await thrownStatus(load(outsider, `/equipe?ver=${ours.id}`))).toBe(404);
  });
});

describe("Equipe: managing a member's appointment", () => {
  it("is read-only until the member allows it, then confirm and cancel work", async () => {
    const a = await createAppointment(db, ana.id, { date: TODAY, startMinute: 15 * 60, clientId: ana.clientId });
    const view = await load(owner, `/equipe?ver=${a.id}`);
    expect(view.detail).toMatchObject({ professional: "Ana Lima", canManage: false, actions: [] });
    expect(await thrownStatus(post(owner, { intent: "confirm", id: a.id }))).toBe(404);
    expect(await statusOfRow(a.id)).toBe("scheduled");

    // Ana allows it in Configurações > Contas.
    const saved = await callAction(accountsAction, { context: await ctx(ana), path: "/configuracoes/contas", form: { intent: "owner-may-manage", allowed: "on" } });
    expect((await toastOf(saved as Response))?.title).toBe("Permissão concedida");
    const settings = await callLoader(accountsLoader, { context: await ctx(ana), path: "/configuracoes/contas" });
    expect(settings.member?.ownerMayManage).toBe(true);

    const allowed = await load(owner, `/equipe?ver=${a.id}`);
    expect(allowed.detail).toMatchObject({ canManage: true, actions: ["confirm", "cancel"] });
    const res = (await post(owner, { intent: "confirm", id: a.id }, "/equipe?vista=dia&ver=x")) as Response;
    expect(res).toHaveRedirect("/equipe?vista=dia");
    expect(await statusOfRow(a.id)).toBe("confirmed");
    await expect(res).toSendToast({ title: "Agendamento confirmado" });
    // 'Cancelar' asks first, and the customer hears of it in Ana's name.
    await db.update(clients).set({ email: "cliente.ana@example.com" }).where(eq(clients.id, ana.clientId));
    const asking = await load(owner, `/equipe?vista=dia&ver=${a.id}&confirmar-cancelamento=${a.id}`);
    expect(asking.confirmCancel).toMatchObject({ id: a.id, notice: "por e-mail; e pelo WhatsApp, com um toque seu" });
    const cancelled = await post(owner, { intent: "cancel", id: a.id, motivo: "Ana adoeceu", avisar: "1" }, `/equipe?vista=dia&ver=${a.id}&confirmar-cancelamento=${a.id}`);
    expect(await statusOfRow(a.id)).toBe("cancelled");
    await expect(cancelled).toHaveRedirect("/equipe?vista=dia");
    await expect(cancelled).toSendToast({ title: "Agendamento cancelado" });
    const [notice] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "cliente.ana@example.com"));
    expect(notice!.subject).toBe("Horário cancelado: atendimento hoje às 15:00 com Ana Lima");
    expect(notice!.text).toContain("Motivo: Ana adoeceu");
    // Its 'Desfazer' works from Equipe too, and withdraws the notice.
    await post(owner, { intent: "undo", id: a.id });
    expect(await statusOfRow(a.id)).toBe("scheduled");
    expect((await db.select().from(emailOutbox).where(eq(emailOutbox.id, notice!.id)))[0]!.status).toBe("failed");
    await post(owner, { intent: "cancel", id: a.id });
    expect(await statusOfRow(a.id)).toBe("cancelled");

    // Completing before the start is refused with a message, nothing changed.
    const later = await createAppointment(db, ana.id, { date: TODAY, startMinute: 17 * 60, clientId: ana.clientId });
    const early = (await post(owner, { intent: "complete", id: later.id })) as Response;
    expect((await toastOf(early))?.description).toContain("Só é possível concluir");
    expect(await statusOfRow(later.id)).toBe("scheduled");

    // Taking the permission back makes it read-only again.
    await callAction(accountsAction, { context: await ctx(ana), path: "/configuracoes/contas", form: { intent: "owner-may-manage" } });
    expect((await db.select({ m: profiles.ownerMayManage }).from(profiles).where(eq(profiles.userId, ana.id)))[0]!.m).toBe(false);
    expect(await thrownStatus(post(owner, { intent: "confirm", id: later.id }))).toBe(404);
  });

  it("never reaches outside the owner's team, nor lets a member manage anyone", async () => {
    await db.update(profiles).set({ ownerMayManage: true });
    const rita = await createAppointment(db, outsiderMember.id, { date: TODAY, startMinute: 15 * 60, clientId: outsiderMember.clientId });
    const bias = await createAppointment(db, bia.id, { date: TODAY, startMinute: 15 * 60, clientId: bia.clientId });
    // Another owner's member, even one who allowed their own owner: 404, unchanged.
    expect(await thrownStatus(post(owner, { intent: "cancel", id: rita.id }))).toBe(404);
    // A member cannot manage another member, nor the owner.
    expect(await thrownStatus(post(ana, { intent: "cancel", id: bias.id }))).toBe(404);
    // A former member (the link removed) is out of reach at once.
    await db.delete(linkedAccounts).where(eq(linkedAccounts.linkedUserId, bia.id));
    expect(await thrownStatus(post(owner, { intent: "cancel", id: bias.id }))).toBe(404);
    // Unknown intents are 404 too.
    expect(await thrownStatus(post(owner, { intent: "delete", id: rita.id }))).toBe(404);
    expect(await statusOfRow(rita.id)).toBe("scheduled");
    expect(await statusOfRow(bias.id)).toBe("scheduled");
  });

  it("the switch belongs to members: an owner posting it gets a 404", async () => {
    expect(await thrownStatus(callAction(accountsAction, { context: await ctx(owner), path: "/configuracoes/contas", form: { intent: "owner-may-manage", allowed: "on" } }))).toBe(404);
  });
});

describe("Equipe: closing a member's service ('Fechar atendimento')", () => {
  const closeForm = (id: string) => ({ intent: "close", id, "itens[0].tipo": "service", "itens[0].nome": "Corte de Ana Lima", "itens[0].preco": "50,00", "itens[0].quantidade": "1", descontoTipo: "valor", "pagamentos[0].metodo": "pix", "pagamentos[0].valor": "50,00" });
  const closePath = (id: string) => `/caixa/fechar?${new URLSearchParams({ atendimento: id, volta: "/equipe?vista=dia" })}`;

  it("the owner closes an allowing member's service: the member's closing, closed by the owner, in the member's Caixa", async () => {
    await db.update(profiles).set({ ownerMayManage: true }).where(eq(profiles.userId, ana.id));
    const appt = await createAppointment(db, ana.id, { date: TODAY, startMinute: 7 * 60, clientId: ana.clientId, serviceId: ana.serviceId, serviceName: "Corte de Ana Lima", priceCents: 5000 });
    // The old 'Concluir' post completes nothing: it leads to the form, back to Equipe.
    const old = await post(owner, { intent: "complete", id: appt.id }, "/equipe?vista=dia");
    expect(old).toHaveRedirect(closePath(appt.id));
    expect(await statusOfRow(appt.id)).toBe("scheduled");

    const page = await callLoader(closeLoader, { context: await ctx(owner), path: closePath(appt.id) });
    expect(page.back).toBe("/equipe?vista=dia");
    expect(page.values.itens).toMatchObject([{ nome: "Corte de Ana Lima", preco: "50,00" }]);
    expect(page.services.map((s) => s.name)).toEqual(["Corte de Ana Lima"]);
    // The form says whose service it is, so the owner never takes it for their own.
    expect(visibleText(renderRoute(CashClose, closePath(appt.id), page))).toContain("Fechar atendimento Atendimento de Ana Lima O pagamento entra no Caixa de Ana Lima.");

    const res = await callAction(closeAction, { context: await ctx(owner), path: closePath(appt.id), form: closeForm(appt.id) });
    expect(res).toHaveRedirect("/equipe?vista=dia");
    expect(await db.select().from(cashClosings)).toMatchObject([{ appointmentId: appt.id, userId: ana.id, closedBy: owner.id, status: "paid" }]);
    expect(await statusOfRow(appt.id)).toBe("completed");
    const anasCash = await callLoader(cashLoader, { context: await ctx(ana), path: "/caixa" });
    expect(anasCash.day).toMatchObject({ receivedCents: 5000, services: 1 });
    // Her own Caixa ('Meu') holds none of it; the salon's does (docs/decisions/1050).
    const ownersCash = await callLoader(cashLoader, { context: await ctx(owner), path: "/caixa?visao=meu" });
    expect(ownersCash.day).toMatchObject({ receivedCents: 0, services: 0 });
    const salonsCash = await callLoader(cashLoader, { context: await ctx(owner), path: "/caixa?visao=salao" });
    expect(salonsCash.day).toMatchObject({ receivedCents: 5000, services: 1 });
  });

  it("another team's member, or a member reaching another: 404, nothing stored (a member who did not allow it: docs/decisions/1051)", async () => {
    await db.update(profiles).set({ ownerMayManage: true }).where(eq(profiles.userId, outsiderMember.id));
    const bias = await createAppointment(db, bia.id, { date: TODAY, startMinute: 7 * 60, clientId: bia.clientId, priceCents: 5000 });
    const ritas = await createAppointment(db, outsiderMember.id, { date: TODAY, startMinute: 7 * 60, clientId: outsiderMember.clientId, priceCents: 5000 });
    expect(await thrownStatus(callLoader(closeLoader, { context: await ctx(owner), path: closePath(ritas.id) }))).toBe(404);
    expect(await thrownStatus(callAction(closeAction, { context: await ctx(owner), path: closePath(ritas.id), form: closeForm(ritas.id) }))).toBe(404);
    expect(await thrownStatus(post(owner, { intent: "complete", id: ritas.id }))).toBe(404);
    await db.update(profiles).set({ ownerMayManage: true }).where(eq(profiles.userId, bia.id));
    expect(await thrownStatus(callLoader(closeLoader, { context: await ctx(ana), path: closePath(bias.id) }))).toBe(404);
    expect(await thrownStatus(callAction(closeAction, { context: await ctx(ana), path: closePath(bias.id), form: closeForm(bias.id) }))).toBe(404);
    expect(await db.select().from(cashClosings)).toHaveLength(0);
    expect([await statusOfRow(bias.id), await statusOfRow(ritas.id)]).toEqual(["scheduled", "scheduled"]);
  });
});

describe("Equipe: answering pending requests", () => {
  const path = `/equipe?vista=dia&data=${WEDNESDAY}`;
  const requestFor = (p: Pro, over: Parameters<typeof createBookingRequest>[2] = {}) =>
    createBookingRequest(db, p.id, {
      serviceId: p.serviceId,
      serviceName: "Corte",
      customerName: "Joana Pedido",
      customerEmail: "joana@example.com",
      date: WEDNESDAY,
      startMinute: 14 * 60,
      durationMinutes: 60,
      expiresAt: new Date(NOW.getTime() + 20 * 3600_000),
      ...over,
    });
  const stateOf = async (id: string) => (await db.select({ s: bookingRequests.status }).from(bookingRequests).where(eq(bookingRequests.id, id)))[0]!.s;
  const answer = async (p: Pro, form: Record<string, string>) => {
    const context = await ctx(p);
    const res = responseOf(await callAction(action, { context, path, form }));
    await settleBackground(context);
    return res;
  };

  it("the owner accepts their own request from Equipe: confirmed in their agenda, the customer e-mailed, back to the same day", async () => {
    const r = await requestFor(owner);
    expect((await load(owner, path)).pending).toEqual([
      expect.objectContaining({ id: r.id, professional: "Dona Carla", date: WEDNESDAY, time: "14:00", canAnswer: true }),
    ]);
    const res = await answer(owner, { intent: "accept-request", id: r.id, date: WEDNESDAY, time: "14:00" });
    expect(res).toHaveRedirect(path);
    expect(await toastOf(res)).toEqual(expect.objectContaining({ type: "success", title: "Solicitação aceita" }));
    expect(await stateOf(r.id)).toBe("accepted");
    const made = await db.select().from(appointments).where(eq(appointments.userId, owner.id));
    expect(made.map((a) => [a.date, a.startMinute, a.status])).toEqual([[WEDNESDAY, 14 * 60, "confirmed"]]);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "joana@example.com"));
    expect(mail).toMatchObject({ kind: "request-accepted", status: "sent" });
    expect((await load(owner, path)).pending).toEqual([]);
  });

  it("a member's request is read-only (404) until the member allows it; then the owner answers it as the member", async () => {
    const r = await requestFor(ana, { depositCents: 1500 });
    // Its deposit's state shows too (the member marks it, in her agenda).
    expect((await load(owner, path)).pending).toEqual([
      expect.objectContaining({ id: r.id, professional: "Ana Lima", canAnswer: false, deposit: expect.objectContaining({ state: "pending" }) }),
    ]);
    for (const intent of ["accept-request", "decline-request"]) {
      expect(await thrownStatus(post(owner, { intent, id: r.id, date: WEDNESDAY, time: "14:00" }, path))).toBe(404);
    }
    expect(await stateOf(r.id)).toBe("pending");

    await db.update(profiles).set({ ownerMayManage: true }).where(eq(profiles.userId, ana.id));
    expect((await load(owner, path)).pending).toEqual([expect.objectContaining({ id: r.id, canAnswer: true })]);
    const res = await answer(owner, { intent: "decline-request", id: r.id, date: WEDNESDAY, time: "14:00" });
    expect(await toastOf(res)).toEqual(expect.objectContaining({ type: "success", title: "Solicitação recusada" }));
    expect(await stateOf(r.id)).toBe("declined");
    // The customer hears it from Ana's business, not the owner's.
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "joana@example.com"));
    expect(mail).toMatchObject({ kind: "request-declined", status: "sent", subject: expect.stringContaining("Ana Lima") });
    // Accepted, it lands in Ana's agenda, and the toast says so (not 'na sua agenda').
    const next = await requestFor(ana, { startMinute: 16 * 60, customerEmail: "" });
    const accepted = await answer(owner, { intent: "accept-request", id: next.id, date: WEDNESDAY, time: "16:00" });
    expect(await toastOf(accepted)).toEqual(expect.objectContaining({ title: "Solicitação aceita", description: "O agendamento foi confirmado na agenda de Ana Lima." }));
    expect((await db.select().from(appointments).where(eq(appointments.bookingRequestId, next.id)))[0]).toMatchObject({ userId: ana.id, status: "confirmed" });
    // Ana hears of each answer given for her, by whom; the owner is not e-mailed of their own.
    const toAna = (await db.select().from(emailOutbox).where(eq(emailOutbox.to, ana.email))).sort((a, b) => a.subject.localeCompare(b.subject));
    expect(toAna.map((m) => [m.kind, m.status, m.subject])).toEqual([
      ["member-answered", "sent", "Dona Carla aceitou uma solicitação sua: Joana Pedido, 12/03/2025 às 16:00"],
      ["member-answered", "sent", "Dona Carla recusou uma solicitação sua: Joana Pedido, 12/03/2025 às 14:00"],
    ]);
    expect(toAna[0]!.text).toContain("O agendamento foi confirmado na sua agenda:");
    // With 'Nova solicitação de agendamento' off, she is not e-mailed of answers either.
    await db.update(profiles).set({ notifyNewRequest: false }).where(eq(profiles.userId, ana.id));
    const third = await requestFor(ana, { startMinute: 10 * 60, customerEmail: "" });
    await answer(owner, { intent: "decline-request", id: third.id, date: WEDNESDAY, time: "10:00" });
    expect(await stateOf(third.id)).toBe("declined");
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, ana.email))).toHaveLength(2);
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.to, owner.email))).toEqual([]);
  });

  it("never answers outside the owner's team, nor lets a member answer anyone's", async () => {
    await db.update(profiles).set({ ownerMayManage: true });
    const rita = await requestFor(outsiderMember);
    const owners = await requestFor(owner, { startMinute: 16 * 60 });
    const bias = await requestFor(bia, { startMinute: 10 * 60 });
    // Another owner's member, even one who allowed their own owner.
    expect(await thrownStatus(post(owner, { intent: "accept-request", id: rita.id }, path))).toBe(404);
    // A member has no Equipe: neither the owner's request nor another member's.
    expect(await thrownStatus(post(ana, { intent: "accept-request", id: owners.id }, path))).toBe(404);
    expect(await thrownStatus(post(ana, { intent: "decline-request", id: bias.id }, path))).toBe(404);
    // A former member is out of reach at once.
    await db.delete(linkedAccounts).where(eq(linkedAccounts.linkedUserId, bia.id));
    expect(await thrownStatus(post(owner, { intent: "decline-request", id: bias.id }, path))).toBe(404);
    expect([await stateOf(rita.id), await stateOf(owners.id), await stateOf(bias.id)]).toEqual(["pending", "pending", "pending"]);
  });
});

describe("Relatórios: the team's figures", () => {
  it("gives each professional's revenue, appointments and occupancy and the salon's total, for the owner only", async () => {
    const at = (p: Pro, date: string, status: "completed" | "scheduled" | "cancelled", priceCents: number, durationMinutes: number) =>
      createAppointment(db, p.id, { date, status, priceCents, durationMinutes, clientId: p.clientId });
    await at(owner, TODAY, "completed", 5000, 60);
    await at(ana, "2025-03-11", "completed", 7000, 60);
    await at(ana, "2025-03-11", "scheduled", 3000, 90);
    await at(ana, "2025-03-12", "cancelled", 9999, 60);
    await at(ana, "2025-03-20", "completed", 8000, 60); // outside the period
    await at(outsiderMember, TODAY, "completed", 100000, 60); // another team
    const path = "/relatorios?periodo=customizado&de=2025-03-10&ate=2025-03-16";
    const page = await callLoader(reportsLoader, { context: await ctx(owner), path });
    // Monday to Saturday 09:00-18:00 with an hour's break: 6 × 480 working minutes each.
    expect(page.team?.rows.map((r) => [r.name, r.revenueCents, r.appointments, r.occupancy])).toEqual([
      ["Dona Carla", 5000, 1, 60 / 2880],
      ["Ana Lima", 7000, 2, 150 / 2880],
      ["Bia Souza", 0, 0, 0],
    ]);
    expect(page.team?.total).toMatchObject({ revenueCents: 12000, appointments: 3, occupancy: 210 / 8640 });
    // A member, and a professional without a team, see no team figures.
    expect((await callLoader(reportsLoader, { context: await ctx(ana), path })).team).toBeNull();
    expect((await callLoader(reportsLoader, { context: await ctx(await pro("Solo")), path })).team).toBeNull();
  });
});
