// Issue 14's recurring series ('Agendamento recorrente'): 'Ver datas' with each date's clash,
// saving with dates skipped or moved, 'Este e os próximos' and 'Só este' for edits, cancels and
// deletes, in the professional's zone. (The other rules of issue 14: appointment-rules.test.ts.)
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, appointmentSeries, scheduleExceptions } from "../../db/schema";
import { action, loader } from "../../app/routes/agenda";
import type { Db } from "../../app/utils/db.server";
import { addDays, minutesToTime } from "../../app/domain/dates";
import { APPOINTMENT_ERRORS } from "../../app/validation/appointments";
import type { SaveFailure } from "../../app/routes/agenda.server";
import { createTestDb, toastOf, userContextFor } from "../support/db";
import { createAppointment, createBookablePro, createClient } from "../support/factories";
import { answerStatus, callAction, callLoader, replyOf } from "../support/routes";

// "Now" is Monday 10/03/2025 08:00 in São Paulo (11:00 UTC; 07:00 in Manaus).
const NOW = new Date("2025-03-10T11:00:00Z");
const TODAY = "2025-03-10";
const TUESDAY = "2025-03-11"; // 09:00-18:00, break 12:00-13:00

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

// ------------------------------------------------------------------ recurring series

/** Tuesday 11/03 every 2 weeks, 6 times: 11/03, 25/03, 08/04, 22/04, 06/05, 20/05. */
const BIWEEKLY = ["2025-03-11", "2025-03-25", "2025-04-08", "2025-04-22", "2025-05-06", "2025-05-20"];

function series(who: Pro, over: Record<string, string> = {}) {
  return booking(who, { repeat: "2", endKind: "count", count: "6", ...over });
}

describe("recurring series", () => {
  async function clashes() {
    await insertAppointment(pro, { date: BIWEEKLY[1], startMinute: 10 * 60 }); // taken
    await db.insert(scheduleExceptions).values([
      { userId: pro.id, kind: "blocked", startDate: BIWEEKLY[2]!, endDate: BIWEEKLY[2]!, startMinute: 9 * 60, endMinute: 11 * 60, reason: "" },
      { userId: pro.id, kind: "closed", startDate: BIWEEKLY[3]!, endDate: BIWEEKLY[3]!, reason: "Férias" },
    ]);
  }

  it("'Ver datas' lists every date with its clash and that day's other free times", async () => {
    await clashes();
    const res = await post(pro, series(pro, { intent: "preview", time: "10:00" }));
    expect(answerStatus(res)).toBe(200);
    const preview = saveReply(res).preview!;
    expect(preview.rows.map((r) => [r.date, r.label])).toEqual([
      [BIWEEKLY[0], "livre"],
      [BIWEEKLY[1], "ocupado"],
      [BIWEEKLY[2], "bloqueado"],
      [BIWEEKLY[3], "fechado (Férias)"],
      [BIWEEKLY[4], "livre"],
      [BIWEEKLY[5], "livre"],
    ]);
    const taken = preview.rows[1]!;
    expect(taken.alternatives).not.toContain("10:00");
    expect(taken.alternatives).toContain("11:00");
    expect(preview.rows[3]!.alternatives).toEqual([]);
    expect(await rowsOf(pro)).toHaveLength(1); // nothing saved by a preview
  });

  it("a time the hours do not hold is 'fora do horário' on every date (17:30 would end at 18:15)", async () => {
    // The select offers 17:30 on no day: the preview answers for the time it was given.
    const res = await post(pro, series(pro, { intent: "preview", time: "17:30", count: "2" }));
    expect(answerStatus(res)).toBe(200);
    expect(saveReply(res).preview!.rows.map((r) => r.label)).toEqual(["fora do horário", "fora do horário"]);
    // A series is not an 'Encaixe': the typed time is refused with a reason.
    const walkIn = await post(pro, series(pro, { intent: "preview", time: "", otherTime: "20:00", count: "2" }));
    expect(saveReply(walkIn).result.error).toEqual({ otherTime: [APPOINTMENT_ERRORS.seriesWalkIn] });
  });

  it("saves the series skipping one clash and moving another, each an ordinary appointment", async () => {
    await clashes();
    const { preview } = saveReply(await post(pro, series(pro, { intent: "preview" })));
    // Without the preview's fingerprint nothing is saved.
    const blind = await post(pro, series(pro));
    expect(answerStatus(blind)).toBe(400);
    expect(saveReply(blind).result.error).toEqual({ "": [APPOINTMENT_ERRORS.preview] });
    expect(await rowsOf(pro)).toHaveLength(1);

    const res = await post(pro, {
      ...series(pro),
      fingerprint: preview!.fingerprint,
      [`ocorrencia-${BIWEEKLY[1]}`]: "skip",
      [`ocorrencia-${BIWEEKLY[2]}`]: "14:00",
      [`ocorrencia-${BIWEEKLY[3]}`]: "skip",
    });
    expect(answerStatus(res)).toBe(302);
    await expect(res).toSendToast({ type: "success", description: "4 agendamentos criados." });
    const mine = (await rowsOf(pro)).filter((r) => r.seriesId !== null);
    expect(mine.map((r) => `${r.date} ${minutesToTime(r.startMinute)}`)).toEqual([
      `${BIWEEKLY[0]} 10:00`,
      `${BIWEEKLY[2]} 14:00`,
      `${BIWEEKLY[4]} 10:00`,
      `${BIWEEKLY[5]} 10:00`,
    ]);
    expect(new Set(mine.map((r) => r.seriesId)).size).toBe(1);
    const [row] = await db.select().from(appointmentSeries).where(eq(appointmentSeries.id, mine[0]!.seriesId!));
    expect(row).toMatchObject({ userId: pro.id, intervalWeeks: 2 });
    expect(mine.every((r) => r.status === "scheduled" && r.priceCents === 5000 && r.clientId === pro.clientId)).toBe(true);
    // The list marks them as recurring.
    expect((await listRows(pro, BIWEEKLY[0]!)).map((r) => r.recurring)).toEqual([true]);
  });

  it("a date taken between 'Ver datas' and 'Agendar' is reported, the rest saved", async () => {
    const { preview } = saveReply(await post(pro, series(pro, { intent: "preview", count: "3" })));
    await insertAppointment(pro, { date: BIWEEKLY[1], startMinute: 10 * 60 });
    const res = await post(pro, { ...series(pro, { count: "3" }), fingerprint: preview!.fingerprint });
    expect(answerStatus(res)).toBe(302);
    await expect(res).toSendToast({ type: "info", description: "2 agendamentos criados. Não agendados: 25/03 (ocupado)." });
    expect((await rowsOf(pro)).filter((r) => r.seriesId).map((r) => r.date)).toEqual([BIWEEKLY[0], BIWEEKLY[2]]);
  });

  it("'Ver datas' without a repetition asks for one and saves nothing", async () => {
    const res = await post(pro, booking(pro, { intent: "preview", repeat: "0" }));
    expect(answerStatus(res)).toBe(400);
    expect(saveReply(res).result.error).toEqual({ repeat: [APPOINTMENT_ERRORS.repeat] });
    expect(await rowsOf(pro)).toHaveLength(0);
  });

  it("'Até' a date, at most 12 months, and 'Número de vezes' from 2 to 52", async () => {
    const until = saveReply(await post(pro, series(pro, { intent: "preview", endKind: "until", until: "2025-04-08" })));
    expect(until.preview!.rows.map((r) => r.date)).toEqual(BIWEEKLY.slice(0, 3));
    const far = await post(pro, series(pro, { intent: "preview", endKind: "until", until: "2026-03-12" }));
    expect(saveReply(far).result.error).toMatchObject({ until: [APPOINTMENT_ERRORS.untilTooFar] });
    for (const count of ["1", "53", "x"]) {
      const res = await post(pro, series(pro, { intent: "preview", count }));
      expect(saveReply(res).result.error, count).toMatchObject({ count: [APPOINTMENT_ERRORS.count] });
    }
  });

  async function weeklySeries(count = 4) {
    const { preview } = saveReply(await post(pro, series(pro, { intent: "preview", repeat: "1", count: String(count) })));
    expect(answerStatus(await post(pro, { ...series(pro, { repeat: "1", count: String(count) }), fingerprint: preview!.fingerprint }))).toBe(302);
    return (await rowsOf(pro)).filter((r) => r.seriesId);
  }

  it("editing 'Este e os próximos' moves this one and the later ones; 'Só este' only this one", async () => {
    const [first, second, third, fourth] = await weeklySeries();
    const edit = (id: string, date: string, over: Record<string, string>) =>
      post(pro, { ...booking(pro), intent: "update", id, date, ...over }, `/agenda?editar=${id}`);

    expect(answerStatus(await edit(first!.id, first!.date, { time: "11:00", scope: "this" }))).toBe(302);
    const moved = await edit(second!.id, second!.date, { time: "15:00", notes: "Traz a filha", scope: "following" });
    expect(answerStatus(moved)).toBe(302);
    await expect(moved).toSendToast({ description: "Agendamento movido para 18/03 às 15:00. 2 próximos também atualizados." });
    const rows = (await rowsOf(pro)).filter((r) => r.seriesId);
    expect(rows.map((r) => [r.id, minutesToTime(r.startMinute), r.notes])).toEqual([
      [first!.id, "11:00", ""],
      [second!.id, "15:00", "Traz a filha"],
      [third!.id, "15:00", "Traz a filha"],
      [fourth!.id, "15:00", "Traz a filha"],
    ]);
  });

  it("'Este e os próximos' keeps an occurrence whose new time is taken, and says so", async () => {
    const [, second, third] = await weeklySeries(3);
    await insertAppointment(pro, { date: third!.date, startMinute: 15 * 60, durationMinutes: 30 });
    const res = await post(
      pro,
      { ...booking(pro), intent: "update", id: second!.id, date: second!.date, time: "15:00", scope: "following" },
      `/agenda?editar=${second!.id}`,
    );
    expect(answerStatus(res)).toBe(302);
    await expect(res).toSendToast({
      description: "Agendamento movido para 18/03 às 15:00. 0 próximos também atualizados. Mantidos como estavam: 25/03 (ocupado).",
    });
    const [after] = await db.select().from(appointments).where(eq(appointments.id, third!.id));
    expect(after!.startMinute).toBe(10 * 60);
  });

  it("cancelling 'este e os próximos' cancels this and the later ones only", async () => {
    const [first, second, third, fourth] = await weeklySeries();
    // A scope that is neither 'this' nor 'following' is refused, nothing cancelled.
    expect(answerStatus(await post(pro, { intent: "cancel", id: third!.id, scope: "todos" }))).toBe(400);
    const res = await post(pro, { intent: "cancel", id: third!.id, scope: "following" });
    expect(answerStatus(res)).toBe(302);
    await expect(res).toSendToast({ title: "2 agendamentos cancelados" });
    const statuses = Object.fromEntries((await rowsOf(pro)).map((r) => [r.id, r.status]));
    expect([first, second, third, fourth].map((r) => statuses[r!.id])).toEqual(["scheduled", "scheduled", "cancelled", "cancelled"]);
    // The toast's 'Desfazer' brings back both.
    const undone = await post(pro, { intent: "undo", id: third!.id, scope: "following" });
    expect((await toastOf(undone as Response))?.description).toMatch(/^2 agendamentos voltaram para Agendado\./);
    expect((await rowsOf(pro)).every((r) => r.status === "scheduled")).toBe(true);
  });

  it("deleting 'este e os próximos' removes this and the later ones, keeping completed history", async () => {
    const [first, second, , fourth] = await weeklySeries();
    await db.update(appointments).set({ status: "completed" }).where(eq(appointments.id, fourth!.id));
    // The confirmation offers the choice for a recurring appointment only.
    const list = (await callLoader(loader, { context: pro.ctx, path: `/agenda?confirmar-exclusao=${second!.id}` })) as Awaited<ReturnType<typeof loader>>;
    const confirm = list.mode === "list" ? list.list.confirmDelete : list.mode === "calendar" ? list.calendar.confirmDelete : null;
    expect(confirm).toMatchObject({ id: second!.id, recurring: true });
    const res = await post(pro, { intent: "delete", id: second!.id, scope: "following" });
    expect(answerStatus(res)).toBe(302);
    await expect(res).toSendToast({ description: "2 agendamentos removidos com sucesso." });
    expect((await rowsOf(pro)).map((r) => r.id)).toEqual([first!.id, fourth!.id]);
    // 'Só este' (the default) removes one.
    expect(answerStatus(await post(pro, { intent: "delete", id: first!.id }))).toBe(302);
    expect((await rowsOf(pro)).map((r) => r.id)).toEqual([fourth!.id]);
  });

  it("another professional's occurrence is a 404 for edit and cancel; their series is untouched", async () => {
    const mine = await weeklySeries(2);
    const edit = await post(other, { ...booking(other), intent: "update", id: mine[0]!.id, scope: "following" }, `/agenda?editar=${mine[0]!.id}`);
    expect(answerStatus(edit)).toBe(404);
    expect(answerStatus(await post(other, { intent: "cancel", id: mine[0]!.id, scope: "following" }))).toBe(404);
    expect(answerStatus(await post(other, { intent: "delete", id: mine[0]!.id, scope: "following" }))).toBe(404);
    const form = await run(() => callLoader(loader, { context: other.ctx, path: `/agenda?editar=${mine[0]!.id}` }));
    expect(answerStatus(form)).toBe(404);
    const rows = await db.select().from(appointments).where(and(eq(appointments.userId, pro.id)));
    expect(rows.every((r) => r.status === "scheduled" && r.startMinute === 10 * 60)).toBe(true);
  });

  it("dates follow the professional's zone: 'today' in Manaus is still the day before", async () => {
    // 03:30 UTC on 11/03 is Tuesday 00:30 in São Paulo but still Monday 23:30 in Manaus.
    vi.setSystemTime(new Date("2025-03-11T03:30:00Z"));
    const manaus = await setUpProfessional("Davi Manaus", "America/Manaus");
    const res = await post(manaus, { ...series(manaus, { intent: "preview", date: TODAY, time: "", otherTime: "", count: "2" }) });
    // Monday is still a date that may be booked there (the time is missing, not the date).
    expect(saveReply(res).result.error).toEqual({ time: [APPOINTMENT_ERRORS.time] });
    const saoPaulo = await post(pro, { ...series(pro, { intent: "preview", date: TODAY, count: "2" }) });
    expect(saveReply(saoPaulo).result.error).toMatchObject({ date: [APPOINTMENT_ERRORS.datePast] });
    // Preview of Tuesday in Manaus: 10:00 is free on both dates.
    const tuesday = saveReply(await post(manaus, series(manaus, { intent: "preview", count: "2" })));
    expect(tuesday.preview!.rows.map((r) => [r.date, r.label])).toEqual([
      [TUESDAY, "livre"],
      [addDays(TUESDAY, 14), "livre"],
    ]);
  });
});
