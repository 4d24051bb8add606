import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, services } from "../../db/schema";
import { action, loader } from "../../app/routes/agenda";
import type { Db } from "../../app/utils/db.server";
import { APPOINTMENT_ERRORS } from "../../app/validation/appointments";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createBookablePro, createClient, createService } from "../support/factories";
import { answerStatus, callAction, callLoader, replyOf, signIn, thrownBy } from "../support/routes";
import { middleware as workspaceMiddleware } from "../../app/routes/workspace";

// "Now" is Monday 10/03/2025 08:00 in São Paulo (11:00 UTC). Only Date is faked: the
// database driver keeps its real timers.
const NOW = new Date("2025-03-10T11:00:00Z");
const TODAY = "2025-03-10";
const TUESDAY = "2025-03-11"; // 09:00-18:00, break 12:00-13:00
const SUNDAY = "2025-03-16"; // closed

type Ctx = Awaited<ReturnType<typeof userContextFor>>;
type Pro = { id: string; email: string; ctx: Ctx; clientId: string; serviceId: string; inactiveServiceId: string };

let db: Db;
let pro: Pro;
let other: Pro;

async function setUpProfessional(name: string): Promise<Pro> {
  const {
    pro: account,
    services: [service, inactive],
  } = await createBookablePro(db, {
    name,
    services: [
      { name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 },
      { name: "Escova antiga", priceCents: 3000, durationMinutes: 30, isActive: false },
    ],
  });
  const client = await createClient(db, account.id, { name: `Cliente de ${name}` });
  return {
    id: account.id,
    email: account.email,
    ctx: await userContextFor(db, account),
    clientId: client.id,
    serviceId: service!.id,
    inactiveServiceId: inactive!.id,
  };
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  db = createTestDb();
  pro = await setUpProfessional("Ana Souza");
  other = await setUpProfessional("Bruno Lima");
});

afterEach(() => {
  vi.useRealTimers();
});

// ------------------------------------------------------------------ helpers

async function run<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    return error as T;
  }
}

function post(who: Pro, fields: Record<string, string>, path = "/agenda") {
  return run(() => callAction(action, { context: who.ctx, path, form: fields }));
}

function load(who: Pro, path: string) {
  return run(() => callLoader(loader, { context: who.ctx, path }));
}

function booking(who: Pro, over: Record<string, string> = {}) {
  return {
    intent: "create",
    clientId: who.clientId,
    serviceId: who.serviceId,
    date: TUESDAY,
    time: "10:00",
    notes: "Primeira visita",
    ...over,
  };
}

async function rowsOf(who: Pro) {
  return db.select().from(appointments).where(eq(appointments.userId, who.id));
}

function insertAppointment(who: Pro, over: Partial<typeof appointments.$inferInsert> = {}) {
  return createAppointment(db, who.id, {
    clientId: who.clientId,
    serviceId: who.serviceId,
    serviceName: "Corte Masculino",
    date: TUESDAY,
    startMinute: 14 * 60,
    durationMinutes: 45,
    priceCents: 5000,
    ...over,
  });
}

async function listOf(who: Pro, path = "/agenda?vista=lista") {
  const result = (await load(who, path)) as Awaited<ReturnType<typeof loader>>;
  if (result.mode !== "list") throw new Error("expected the list");
  return result.list;
}

async function formOf(who: Pro, path: string) {
  const result = (await load(who, path)) as Awaited<ReturnType<typeof loader>>;
  if (result.mode !== "form") throw new Error("expected the form");
  return result.form;
}

// ------------------------------------------------------------------ create

describe("creating an appointment", () => {
  it("books a free time, copying name, duration and price from the service", async () => {
    const res = await post(pro, booking(pro));
    // The calendar's day, the agenda's first view (nothing remembered on this device).
    expect(res).toHaveRedirect(`/agenda?vista=dia&data=${TUESDAY}`);
    await expect(res).toSendToast({
      type: "success",
      title: "Agendamento criado!",
      description: "Agendamento criado com sucesso.",
    });
    const [row] = await rowsOf(pro);
    expect(row).toMatchObject({
      clientId: pro.clientId,
      serviceId: pro.serviceId,
      serviceName: "Corte Masculino",
      date: TUESDAY,
      startMinute: 600,
      durationMinutes: 45,
      priceCents: 5000,
      status: "scheduled",
      createdVia: "dashboard",
      notes: "Primeira visita",
    });

    // Later price changes do not rewrite history.
    await db.update(services).set({ priceCents: 9900, name: "Corte Premium" }).where(eq(services.id, pro.serviceId));
    const list = await listOf(pro, `/agenda?periodo=customizado&de=${TUESDAY}&ate=${TUESDAY}`);
    expect(list.rows).toMatchObject([{ time: "10:00", serviceName: "Corte Masculino", priceCents: 5000 }]);
  });

  it("answers 400 with the spec's messages and saves nothing", async () => {
    const res = await post(pro, { intent: "create", notes: "" });
    expect(answerStatus(res)).toBe(400);
    expect(res).toHaveFieldError("clientId", "Selecione um cliente");
    expect(res).toHaveFieldError("serviceId", "Selecione um serviço");
    expect(res).toHaveFieldError("date", "Selecione uma data");
    expect(res).toHaveFieldError("time", "Selecione um horário");

    const bad = await post(pro, booking(pro, { date: "2025-02-30", time: "25:00", notes: "x".repeat(501) }));
    expect(answerStatus(bad)).toBe(400);
    expect(bad).toHaveFieldError("date", "Selecione uma data");
    expect(bad).toHaveFieldError("time", "Horário inválido");
    expect(bad).toHaveFieldError("notes", "Observações devem ter no máximo 500 caracteres");

    const past = await post(pro, booking(pro, { date: "2025-03-09" }));
    expect(past).toHaveFieldError("date", "Data do agendamento deve ser hoje ou no futuro");
    const far = await post(pro, booking(pro, { date: "2025-09-11" }));
    expect(far).toHaveFieldError("date", APPOINTMENT_ERRORS.dateTooFar);

    // An inactive service, or a client and service of another professional.
    const inactive = await post(pro, booking(pro, { serviceId: pro.inactiveServiceId }));
    expect(inactive).toHaveFieldError("serviceId", "Selecione um serviço");
    const foreign = await post(pro, booking(pro, { clientId: other.clientId, serviceId: other.serviceId }));
    expect(answerStatus(foreign)).toBe(400);
    expect(foreign).toHaveFieldError("clientId", "Selecione um cliente");
    expect(foreign).toHaveFieldError("serviceId", "Selecione um serviço");

    expect(await rowsOf(pro)).toHaveLength(0);
    expect(await rowsOf(other)).toHaveLength(0);
  });

  it("refuses a time taken meanwhile beside the time field", async () => {
    expect(answerStatus(await post(pro, booking(pro)))).toBe(302);
    // 10:30 overlaps 10:00-10:45.
    const res = await post(pro, booking(pro, { time: "10:30" }));
    expect(answerStatus(res)).toBe(400);
    expect(res).toHaveFieldError("time", APPOINTMENT_ERRORS.taken);
    expect(APPOINTMENT_ERRORS.taken).toBe("Este horário acabou de ser ocupado. Escolha outro horário.");
    // The choices sent back are the ones still free.
    const { times } = replyOf(res).data as { times: string[] | null };
    expect(times).not.toContain("10:00");
    expect(times).not.toContain("10:30");
    expect(times).toContain("11:00");
    expect(await rowsOf(pro)).toHaveLength(1);
  });

  it("refuses times outside working hours, in the break or on a closed day", async () => {
    const refused: Record<string, string>[] = [
      { time: "08:30" }, // before opening
      { time: "12:00" }, // in the break
      { time: "17:30" }, // would end after closing
      { date: SUNDAY }, // closed day
      { time: "10:10" }, // off the 30-minute grid
    ];
    for (const over of refused) {
      const res = await post(pro, booking(pro, over));
      expect(answerStatus(res), JSON.stringify(over)).toBe(400);
      expect(res).toHaveFieldError("time", APPOINTMENT_ERRORS.taken);
    }
    expect(await rowsOf(pro)).toHaveLength(0);
  });

  it("20 simultaneous bookings of one time make exactly one appointment", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => post(pro, booking(pro))));
    const statuses = results.map(answerStatus);
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    const [row] = await db.select({ n: count() }).from(appointments).where(eq(appointments.userId, pro.id));
    expect(row!.n).toBe(1);
  });
});

// ------------------------------------------------------------------ form loader

describe("the form", () => {
  it("offers the free times of the chosen service and date", async () => {
    const empty = await formOf(pro, "/agenda?novo=1");
    expect(empty.times).toBeNull();
    expect(empty.services.map((s) => s.name)).toEqual(["Corte Masculino"]); // active only
    expect(empty.clients.map((c) => c.id)).toEqual([pro.clientId]);
    expect(empty.today).toBe(TODAY);
    expect(empty.maxDate).toBe("2025-09-10");

    await insertAppointment(pro, { startMinute: 10 * 60 });
    const form = await formOf(pro, `/agenda?novo=1&serviceId=${pro.serviceId}&date=${TUESDAY}&clientId=${pro.clientId}&notes=oi`);
    expect(form.values).toMatchObject({ clientId: pro.clientId, serviceId: pro.serviceId, date: TUESDAY, notes: "oi" });
    expect(form.times).toContain("09:00");
    expect(form.times).not.toContain("10:00");
    expect(form.times).not.toContain("09:30"); // 09:30-10:15 would overlap 10:00
    expect(form.times).not.toContain("12:00");
    expect(form.times?.at(-1)).toBe("17:00");

    expect((await formOf(pro, `/agenda?novo=1&serviceId=${pro.serviceId}&date=${SUNDAY}`)).times).toEqual([]);
    // Bad input in the query never breaks the page.
    expect((await formOf(pro, `/agenda?novo=1&serviceId=nada&date=amanha`)).times).toBeNull();
  });

  it("the spec's quick-action link ?new=true opens the form at ?novo=1, keeping the rest of the address", async () => {
    const { cookie } = await signIn(db, { id: pro.id });
    const answer = await thrownBy(
      callLoader(loader, { db, path: `/agenda?new=true&date=${TUESDAY}`, cookie, middleware: workspaceMiddleware }),
    );
    expect(answer).toHaveRedirect(`/agenda?date=${TUESDAY}&novo=1`);
  });

  it("editing offers the appointment's own time and keeps an inactive service", async () => {
    const row = await insertAppointment(pro, { startMinute: 10 * 60, serviceId: pro.inactiveServiceId, durationMinutes: 30 });
    const form = await formOf(pro, `/agenda?editar=${row.id}`);
    expect(form.editing?.id).toBe(row.id);
    expect(form.values).toMatchObject({ serviceId: pro.inactiveServiceId, date: TUESDAY, time: "10:00" });
    expect(form.times).toContain("10:00");
    expect(form.services.map((s) => s.id)).toContain(pro.inactiveServiceId);
  });
});

// ------------------------------------------------------------------ edit

describe("editing an appointment", () => {
  it("moves it to another free time and keeps the agreed price", async () => {
    const row = await insertAppointment(pro, { priceCents: 4000 });
    const res = await post(pro, { ...booking(pro), intent: "update", id: row.id, time: "15:00", notes: "Mudou" });
    expect(answerStatus(res)).toBe(302);
    await expect(res).toSendToast({
      title: "Agendamento atualizado!",
      description: "Agendamento movido para 11/03 às 15:00.",
    });
    const [saved] = await rowsOf(pro);
    expect(saved).toMatchObject({ startMinute: 900, notes: "Mudou", priceCents: 4000, status: "scheduled" });
  });

  it("copies the new service when the service changes", async () => {
    const row = await insertAppointment(pro);
    const barba = await createService(db, pro.id, { name: "Barba", priceCents: 3500, durationMinutes: 30 });
    const res = await post(pro, { ...booking(pro), intent: "update", id: row.id, serviceId: barba.id, time: "14:00" });
    expect(answerStatus(res)).toBe(302);
    const [saved] = await rowsOf(pro);
    expect(saved).toMatchObject({ serviceId: barba.id, serviceName: "Barba", durationMinutes: 30, priceCents: 3500 });
  });

  it("refuses a taken time and leaves the row as it was", async () => {
    const row = await insertAppointment(pro, { startMinute: 14 * 60 });
    await insertAppointment(pro, { startMinute: 16 * 60 });
    const res = await post(pro, { ...booking(pro), intent: "update", id: row.id, time: "15:30" });
    expect(answerStatus(res)).toBe(400);
    expect(res).toHaveFieldError("time", APPOINTMENT_ERRORS.taken);
    const [saved] = await db.select().from(appointments).where(eq(appointments.id, row.id));
    expect(saved!.startMinute).toBe(14 * 60);
  });

  it("a past appointment can still have its notes fixed", async () => {
    const row = await insertAppointment(pro, { date: "2025-03-07", startMinute: 10 * 60, status: "completed" });
    const res = await post(pro, { ...booking(pro), intent: "update", id: row.id, date: "2025-03-07", time: "10:00", notes: "Pagou em Pix" });
    expect(answerStatus(res)).toBe(302);
    const [saved] = await db.select().from(appointments).where(eq(appointments.id, row.id));
    expect(saved).toMatchObject({ notes: "Pagou em Pix", status: "completed", date: "2025-03-07" });
  });
});

// ------------------------------------------------------------------ status and delete

describe("status changes", () => {
  it.each([
    ["confirm", "confirmed", "Agendamento confirmado"],
    ["no-show", "no_show", "Falta registrada"],
    ["cancel", "cancelled", "Agendamento cancelado"],
  ] as const)("%s sets %s and says so, offering 'Desfazer'", async (intent, status, title) => {
    // Started at 07:00 today ('Concluir' and 'Não compareceu' wait for the start).
    const row = await insertAppointment(pro, { date: TODAY, startMinute: 7 * 60 });
    const res = await post(pro, { intent, id: row.id }, "/agenda?periodo=esta-semana&confirmar-exclusao=x");
    expect(res).toHaveRedirect("/agenda?periodo=esta-semana");
    await expect(res).toSendToast({
      type: "success",
      title,
      description: "Cliente de Ana Souza, 10/03 às 07:00.",
      actions: [{ kind: "post", label: "Desfazer", action: "/agenda?periodo=esta-semana", fields: { intent: "undo", id: row.id, scope: "this" } }],
    });
    const [saved] = await rowsOf(pro);
    expect(saved!.status).toBe(status);
  });

  it("an old 'Concluir' post leads to 'Fechar atendimento' and completes nothing without its closing", async () => {
    const row = await insertAppointment(pro, { date: TODAY, startMinute: 7 * 60 });
    const res = await post(pro, { intent: "complete", id: row.id }, "/agenda?periodo=esta-semana");
    expect(res).toHaveRedirect(`/caixa/fechar?atendimento=${row.id}&volta=%2Fagenda%3Fperiodo%3Desta-semana`);
    expect((await rowsOf(pro))[0]!.status).toBe("scheduled");
  });

  it("a change that makes no sense for the status is refused", async () => {
    const row = await insertAppointment(pro, { status: "completed" });
    for (const intent of ["confirm", "cancel", "no-show"]) {
      const res = await post(pro, { intent, id: row.id });
      expect(answerStatus(res)).toBe(302);
      await expect(res).toSendToast({ type: "error", title: "Erro" });
    }
    const confirmed = await insertAppointment(pro, { status: "confirmed", startMinute: 16 * 60 });
    await post(pro, { intent: "confirm", id: confirmed.id });
    const rows = await rowsOf(pro);
    expect(rows.find((r) => r.id === row.id)!.status).toBe("completed");
    expect(rows.find((r) => r.id === confirmed.id)!.status).toBe("confirmed");
  });

  it("cancelling frees the time", async () => {
    const row = await insertAppointment(pro, { startMinute: 10 * 60 });
    await post(pro, { intent: "cancel", id: row.id });
    expect(answerStatus(await post(pro, booking(pro)))).toBe(302);
  });

  it("unknown intents answer 400", async () => {
    expect(answerStatus(await post(pro, { intent: "hackear" }))).toBe(400);
    expect(answerStatus(await post(pro, {}))).toBe(400);
  });
});

describe("deleting", () => {
  it("asks first, then removes the row", async () => {
    const row = await insertAppointment(pro);
    const list = await listOf(pro, `/agenda?periodo=esta-semana&confirmar-exclusao=${row.id}`);
    expect(list.confirmDelete).toMatchObject({
      id: row.id,
      date: TUESDAY,
      time: "14:00",
      clientName: "Cliente de Ana Souza",
      serviceName: "Corte Masculino",
    });
    const res = await post(pro, { intent: "delete", id: row.id }, `/agenda?periodo=esta-semana&confirmar-exclusao=${row.id}`);
    expect(res).toHaveRedirect("/agenda?periodo=esta-semana");
    await expect(res).toSendToast({ type: "success", description: "Agendamento removido com sucesso." });
    expect(await rowsOf(pro)).toHaveLength(0);
    expect(answerStatus(await post(pro, { intent: "delete", id: row.id }))).toBe(404);
  });
});

// ------------------------------------------------------------------ tenancy

describe("another professional's appointment", () => {
  it("answers 404 to every action and changes nothing", async () => {
    const row = await insertAppointment(pro, { notes: "Original" });
    const attempts: Record<string, string>[] = [
      { ...booking(other), intent: "update", id: row.id, time: "16:00" },
      { intent: "confirm", id: row.id },
      { intent: "complete", id: row.id },
      { intent: "no-show", id: row.id },
      { intent: "cancel", id: row.id },
      { intent: "delete", id: row.id },
    ];
    for (const fields of attempts) {
      expect(answerStatus(await post(other, fields)), fields.intent).toBe(404);
    }
    expect(answerStatus(await load(other, `/agenda?editar=${row.id}`))).toBe(404);
    expect(answerStatus(await load(other, `/agenda?confirmar-exclusao=${row.id}`))).toBe(404);
    expect(answerStatus(await load(pro, "/agenda?editar=nao-existe"))).toBe(404);

    const [unchanged] = await db.select().from(appointments).where(eq(appointments.id, row.id));
    expect(unchanged).toEqual(row);
    // Nor does it show in the other's list.
    expect((await listOf(other, "/agenda?periodo=este-ano")).rows).toHaveLength(0);
  });
});
