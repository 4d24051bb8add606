// Issue 14, the professional's appointment rules: 'Encaixe' after a confirmation and status
// actions by the clock with 'Desfazer' (recurring series: appointment-series.test.ts).
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, bookingRequests, scheduleExceptions } from "../../db/schema";
import { action, loader } from "../../app/routes/agenda";
import { action as bookAction } from "../../app/routes/booking";
import type { Db } from "../../app/utils/db.server";
import { minutesToTime } from "../../app/domain/dates";
import { STATUS_ERRORS } from "../../app/domain/appointments/statuses";
import { APPOINTMENT_ERRORS } from "../../app/validation/appointments";
import type { SaveFailure, StatusFailure } from "../../app/routes/agenda.server";
import { createTestDb, userContextFor } from "../support/db";
import { createAppointment, createBookablePro, createBookingRequest, createClient } from "../support/factories";
import { answerStatus, callAction, callLoader, replyOf } from "../support/routes";

// "Now" is Monday 10/03/2025 08:00 in São Paulo (11:00 UTC; 07:00 in Manaus).
const NOW = new Date("2025-03-10T11:00:00Z");
const TODAY = "2025-03-10";
const TUESDAY = "2025-03-11"; // 09:00-18:00, break 12:00-13:00
const SUNDAY = "2025-03-16"; // closed

type Ctx = Awaited<ReturnType<typeof userContextFor>>;
type Pro = { id: string; email: string; ctx: Ctx; clientId: string; serviceId: string; slug: string };

let db: Db;
let pro: Pro;
let other: Pro;

async function setUpProfessional(name: string, timeZone = "America/Sao_Paulo"): Promise<Pro> {
  const { pro: account, service } = await createBookablePro(db, { name, profile: { timeZone }, services: [{ name: "Corte Masculino", priceCents: 5000, durationMinutes: 45 }] });
  const client = await createClient(db, account.id, { name: `Cliente de ${name}` });
  return {
    id: account.id,
    email: account.email,
    ctx: await userContextFor(db, account),
    clientId: client.id,
    serviceId: service.id,
    slug: account.bookingSlug,
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

/** What the appointment form's action answered beside the form. */
const saveReply = (value: unknown) => replyOf(value).data as SaveFailure;

function statusReply(value: unknown): StatusFailure {
  if (value instanceof Response) throw new Error(`expected a data() reply, got ${value.status}`);
  return (value as { data: StatusFailure }).data;
}

function booking(who: Pro, over: Record<string, string> = {}) {
  return { intent: "create", clientId: who.clientId, serviceId: who.serviceId, date: TUESDAY, time: "10:00", notes: "", ...over };
}

async function rowsOf(who: Pro) {
  return db.select().from(appointments).where(eq(appointments.userId, who.id)).orderBy(asc(appointments.date), asc(appointments.startMinute));
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

async function listRows(who: Pro, from: string, to = from) {
  const result = (await callLoader(loader, { context: who.ctx, path: `/agenda?periodo=customizado&de=${from}&ate=${to}` })) as Awaited<
    ReturnType<typeof loader>
  >;
  if (result.mode !== "list") throw new Error("expected the list");
  return result.list.rows;
}

// ------------------------------------------------------------------ 'Encaixe'

describe("'Encaixe' (walk-in)", () => {
  it("a time outside working hours asks first, then saves once confirmed", async () => {
    const first = await post(pro, booking(pro, { time: "", otherTime: "20:00" }));
    expect(answerStatus(first)).toBe(400);
    const reply = saveReply(first);
    expect(reply.result.error).toEqual({ otherTime: ["Fora do horário de atendimento. Agendar mesmo assim?"] });
    expect(reply.walkIn).toBe(`${TUESDAY} 20:00`);
    expect(await rowsOf(pro)).toHaveLength(0);

    // A confirmation of another time does not count.
    const wrong = await post(pro, booking(pro, { time: "", otherTime: "20:30", encaixe: `${TUESDAY} 20:00` }));
    expect(answerStatus(wrong)).toBe(400);
    expect(saveReply(wrong).walkIn).toBe(`${TUESDAY} 20:30`);
    expect(await rowsOf(pro)).toHaveLength(0);

    const saved = await post(pro, booking(pro, { time: "", otherTime: "20:00", encaixe: `${TUESDAY} 20:00` }));
    expect(answerStatus(saved)).toBe(302);
    await expect(saved).toSendToast({ type: "success", description: "Encaixe agendado com sucesso." });
    expect(await rowsOf(pro)).toMatchObject([{ date: TUESDAY, startMinute: 20 * 60, status: "scheduled", durationMinutes: 45 }]);
  });

  it("asks the same in the break, in a block and on a closed day", async () => {
    await db.insert(scheduleExceptions).values({
      userId: pro.id,
      kind: "blocked",
      startDate: TUESDAY,
      endDate: TUESDAY,
      startMinute: 15 * 60,
      endMinute: 16 * 60,
      reason: "Dentista",
    });
    for (const [date, time] of [
      [TUESDAY, "12:00"],
      [TUESDAY, "15:00"],
      [SUNDAY, "10:00"],
    ] as const) {
      const res = await post(pro, booking(pro, { date, time: "", otherTime: time }));
      expect(answerStatus(res), `${date} ${time}`).toBe(400);
      expect(saveReply(res).result.error).toEqual({ otherTime: [APPOINTMENT_ERRORS.walkIn] });
      const ok = await post(pro, booking(pro, { date, time: "", otherTime: time, encaixe: `${date} ${time}` }));
      expect(answerStatus(ok), `${date} ${time} confirmed`).toBe(302);
    }
    expect((await rowsOf(pro)).map((r) => `${r.date} ${minutesToTime(r.startMinute)}`)).toEqual([
      `${TUESDAY} 12:00`,
      `${TUESDAY} 15:00`,
      `${SUNDAY} 10:00`,
    ]);
  });

  it("a free time off the slot grid needs no question", async () => {
    const res = await post(pro, booking(pro, { time: "", otherTime: "10:10" }));
    expect(answerStatus(res)).toBe(302);
    expect(await rowsOf(pro)).toMatchObject([{ startMinute: 10 * 60 + 10 }]);
  });

  it("over another appointment or a pending request stays refused, even confirmed", async () => {
    await insertAppointment(pro, { startMinute: 20 * 60, durationMinutes: 30 });
    await createBookingRequest(db, pro.id, { date: TUESDAY, startMinute: 21 * 60, durationMinutes: 30 });
    for (const time of ["20:15", "20:45"]) {
      const res = await post(pro, booking(pro, { time: "", otherTime: time, encaixe: `${TUESDAY} ${time}` }));
      expect(answerStatus(res), time).toBe(400);
      expect(saveReply(res).result.error).toEqual({ otherTime: [APPOINTMENT_ERRORS.taken] });
    }
    expect(await rowsOf(pro)).toHaveLength(1);
  });

  it("editing into a walk-in asks too, and the appointment's own time does not clash with itself", async () => {
    const row = await insertAppointment(pro, { startMinute: 10 * 60 });
    const edit = { ...booking(pro), intent: "update", id: row.id, time: "", otherTime: "19:00" };
    const asked = await post(pro, edit, `/agenda?editar=${row.id}`);
    expect(saveReply(asked).result.error).toEqual({ otherTime: [APPOINTMENT_ERRORS.walkIn] });
    const saved = await post(pro, { ...edit, encaixe: `${TUESDAY} 19:00` }, `/agenda?editar=${row.id}`);
    expect(answerStatus(saved)).toBe(302);
    expect(await rowsOf(pro)).toMatchObject([{ id: row.id, startMinute: 19 * 60 }]);
  });

  it("a forged 'encaixe' on the customer's booking page does nothing", async () => {
    const res = await run(() =>
      callAction(bookAction, {
        db,
        path: `/agendamento/${pro.slug}`,
        params: { slug: pro.slug },
        form: {
          servico: pro.serviceId,
          data: TUESDAY,
          horario: "20:00",
          name: "Maria Clara",
          phone: "(11) 98888-7777",
          notes: "",
          encaixe: `${TUESDAY} 20:00`,
          otherTime: "20:00",
          walkIn: "1",
        },
      }),
    );
    expect(answerStatus(res)).toBe(409); // the booking page's "time not available"
    expect(await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id))).toHaveLength(0);
    expect(await rowsOf(pro)).toHaveLength(0);
  });
});

// ------------------------------------------------------------------ status by the clock

describe("status actions by the clock", () => {
  it("'Concluir' and 'Não compareceu' wait for the start: not offered, and a forged post is a 400", async () => {
    const later = await insertAppointment(pro, { date: TODAY, startMinute: 9 * 60 });
    const list = await listRows(pro, TODAY);
    expect(list.find((r) => r.id === later.id)!.actions).toEqual(["confirm", "cancel"]);

    const complete = await post(pro, { intent: "complete", id: later.id });
    expect(answerStatus(complete)).toBe(400);
    expect(statusReply(complete).statusError).toBe("Só é possível concluir depois do início do atendimento.");
    const noShow = await post(pro, { intent: "no-show", id: later.id });
    expect(answerStatus(noShow)).toBe(400);
    expect(statusReply(noShow).statusError).toBe(STATUS_ERRORS.noShowBeforeStart);
    expect((await rowsOf(pro))[0]!.status).toBe("scheduled");

    // At 09:00 it has started.
    vi.setSystemTime(new Date("2025-03-10T12:00:00Z"));
    expect((await listRows(pro, TODAY)).find((r) => r.id === later.id)!.actions).toEqual(["confirm", "complete", "no-show", "cancel"]);
    // Posted now, it leads to 'Fechar atendimento' (docs/decisions/0922): nothing completed without its closing.
    const started = await post(pro, { intent: "complete", id: later.id });
    expect(answerStatus(started)).toBe(302);
    expect((started as Response).headers.get("Location")).toMatch(new RegExp(`^/caixa/fechar\\?atendimento=${later.id}&volta=`));
    expect((await rowsOf(pro))[0]!.status).toBe("scheduled");
  });

  it("the start is the professional's: 07:30 has begun in São Paulo but not in Manaus", async () => {
    const manaus = await setUpProfessional("Carla Manaus", "America/Manaus");
    const inSaoPaulo = await insertAppointment(pro, { date: TODAY, startMinute: 7 * 60 + 30 });
    const inManaus = await insertAppointment(manaus, { date: TODAY, startMinute: 7 * 60 + 30 });
    expect(answerStatus(await post(pro, { intent: "complete", id: inSaoPaulo.id }))).toBe(302);
    const refused = await post(manaus, { intent: "complete", id: inManaus.id });
    expect(answerStatus(refused)).toBe(400);
    expect((await rowsOf(manaus))[0]!.status).toBe("scheduled");
  });

  it("'Desfazer' brings a final status back the same day only", async () => {
    const row = await insertAppointment(pro, { date: TODAY, startMinute: 7 * 60 });
    await post(pro, { intent: "no-show", id: row.id });
    expect((await listRows(pro, TODAY))[0]!.actions).toEqual(["undo"]);
    const undone = await post(pro, { intent: "undo", id: row.id });
    expect(answerStatus(undone)).toBe(302);
    await expect(undone).toSendToast({ type: "success", description: "O agendamento voltou para Agendado." });
    expect((await rowsOf(pro))[0]!.status).toBe("scheduled");

    // Completed at 08:00 (closed: the status the closing sets); at 23:59 the same day it may still be undone, the next day not.
    await db.update(appointments).set({ status: "completed" }).where(eq(appointments.id, row.id));
    vi.setSystemTime(new Date("2025-03-11T03:00:00Z")); // 00:00 on the 11th in São Paulo
    expect((await listRows(pro, TODAY))[0]!.actions).toEqual([]);
    const late = await post(pro, { intent: "undo", id: row.id });
    expect(answerStatus(late)).toBe(400);
    expect(statusReply(late).statusError).toBe(STATUS_ERRORS.undoLate);
    expect((await rowsOf(pro))[0]!.status).toBe("completed");
  });

  it("undoing an active appointment is a 400; an accepted request goes back to Confirmado", async () => {
    const active = await insertAppointment(pro);
    const res = await post(pro, { intent: "undo", id: active.id });
    expect(answerStatus(res)).toBe(400);
    expect(statusReply(res).statusError).toBe(STATUS_ERRORS.undoNotFinal);

    const request = await createBookingRequest(db, pro.id, { date: TUESDAY, startMinute: 16 * 60, status: "accepted" });
    const accepted = await insertAppointment(pro, { startMinute: 16 * 60, status: "confirmed", bookingRequestId: request.id });
    await post(pro, { intent: "cancel", id: accepted.id });
    expect(answerStatus(await post(pro, { intent: "undo", id: accepted.id }))).toBe(302);
    expect((await rowsOf(pro)).find((r) => r.id === accepted.id)!.status).toBe("confirmed");
  });

  it("a cancelled appointment whose time was taken is not brought back", async () => {
    const row = await insertAppointment(pro, { startMinute: 10 * 60 });
    await post(pro, { intent: "cancel", id: row.id });
    expect(answerStatus(await post(pro, booking(pro, { time: "10:00" })))).toBe(302);
    const res = await post(pro, { intent: "undo", id: row.id });
    expect(answerStatus(res)).toBe(400);
    expect(statusReply(res).statusError).toBe(STATUS_ERRORS.undoTaken);
    expect((await rowsOf(pro)).find((r) => r.id === row.id)!.status).toBe("cancelled");
  });

  it("another professional's appointment is a 404 for every action", async () => {
    const theirs = await insertAppointment(other, { date: TODAY, startMinute: 7 * 60, status: "completed" });
    for (const intent of ["undo", "complete", "cancel"]) {
      expect(answerStatus(await post(pro, { intent, id: theirs.id })), intent).toBe(404);
    }
    expect((await rowsOf(other))[0]!.status).toBe("completed");
  });
});

