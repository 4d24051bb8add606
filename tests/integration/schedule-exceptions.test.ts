import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { appointments, bookingRequests, profiles, scheduleExceptions, workingHours } from "../../db/schema";
import { action, loader } from "../../app/routes/settings.hours";
import { loader as bookLoader } from "../../app/routes/booking";
import { upcomingHolidays } from "../../app/domain/availability/holidays";
import { getFreeSlots } from "../../app/domain/availability/slot-claims.server";
import { addDays, addMonths, dayOfWeek, minutesToTime, nowInZone } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";
import { EXCEPTION_MESSAGES } from "../../app/validation/schedule-exceptions";
import { INVALID_CHOICE, SAVED_RULES } from "../../app/validation/working-hours";
import { createTestDb, toastOf, userContextFor } from "../support/db";
import {
  createAppointment,
  createBookingRequest,
  createClient,
  createProfessional,
  createService,
  createWorkingHours,
} from "../support/factories";
import { callAction, callLoader, replyOf, responseOf, thrownStatus } from "../support/routes";

const PATH = "/configuracoes/horarios";
const ZONE = "America/Sao_Paulo";

let db: Db;
let pro: Awaited<ReturnType<typeof createProfessional>>;

beforeEach(async () => {
  db = createTestDb();
  pro = await createProfessional(db);
  // Monday to Saturday 09:00-18:00 with a 12:00-13:00 break, Sunday closed.
  await createWorkingHours(db, pro.id);
});

const today = () => nowInZone(ZONE).date;
/** The first date `ahead` days or more from today falling on one of `days` (0 = Sunday). */
function nextDate(ahead: number, days: readonly number[] = [1, 2, 3, 4, 5, 6]) {
  let date = addDays(today(), ahead);
  while (!days.includes(dayOfWeek(date))) date = addDays(date, 1);
  return date;
}

const post = (fields: Record<string, string>, who: { id: string; email: string } = pro) =>
  callAction(action, { db, as: who, path: PATH, form: fields });
const load = (query = "", who: { id: string; email: string } = pro) => callLoader(loader, { db, as: who, path: `${PATH}${query}` });
const rowsOf = (userId: string) => db.select().from(scheduleExceptions).where(eq(scheduleExceptions.userId, userId));

/** The form's 400 answer: status and each field's messages. */
function failure(res: Awaited<ReturnType<typeof action>>) {
  const r = replyOf(res);
  if (!("result" in r.data)) throw new Error(`expected a form's reply, got ${JSON.stringify(r.data)}`);
  return { status: r.init?.status, errors: r.data.result.error ?? {} };
}

const closed = (startDate: string, endDate = "", reason = "", showReason = false) => ({
  intent: "create-exception",
  kind: "closed",
  startDate,
  endDate,
  reason,
  ...(showReason ? { showReason: "on" } : {}),
});
const timed = (kind: "blocked" | "open", date: string, startTime: string, endTime: string, reason = "") => ({
  intent: "create-exception",
  kind,
  startDate: date,
  startTime,
  endTime,
  reason,
});

const bookingPage = async (query: string) =>
  (await callLoader(bookLoader, { db, path: `/agendamento/${pro.bookingSlug}${query}`, params: { slug: pro.bookingSlug } })).data;

describe("'Folgas e bloqueios': saving", () => {
  it("saves a closed range, a block and extra hours, and lists them soonest first with the kind's words", async () => {
    const monday = nextDate(7, [1]);
    const sunday = nextDate(3, [0]);
    const a = responseOf(await post(closed(monday, addDays(monday, 4), "Férias", true)));
    expect(a).toHaveRedirect(`${PATH}#folgas`);
    expect((await toastOf(a))?.description).toBe("Fechamento salvo com sucesso.");
    responseOf(await post(timed("blocked", addDays(monday, 7), "12:00", "14:00", "Dentista")));
    responseOf(await post(timed("open", sunday, "09:00", "13:00")));

    const stored = await rowsOf(pro.id);
    expect(stored).toHaveLength(3);
    const range = stored.find((r) => r.kind === "closed")!;
    expect(range).toMatchObject({ startDate: monday, endDate: addDays(monday, 4), startMinute: null, endMinute: null, reason: "Férias", showReason: true });
    const block = stored.find((r) => r.kind === "blocked")!;
    expect(block).toMatchObject({ startDate: addDays(monday, 7), endDate: addDays(monday, 7), startMinute: 720, endMinute: 840, showReason: false });

    const { exceptions } = await load();
    const list = exceptions.exceptions;
    const expected = [
      [monday, "Fechado"],
      [addDays(monday, 7), "Bloqueio"],
      [sunday, "Horário extra"],
    ].sort((x, y) => x[0]!.localeCompare(y[0]!));
    expect(list.map((e) => e.kindLabel)).toEqual(expected.map(([, label]) => label));
    const listedRange = list.find((e) => e.kind === "closed")!;
    expect(listedRange.when).toMatch(/^De \d\d\/\d\d\/\d{4} a \d\d\/\d\d\/\d{4}$/);
    expect(list.find((e) => e.kind === "blocked")!.times).toBe("12:00 às 14:00");
  });

  it("a closed day without 'Data final' is that one day; past exceptions are not listed", async () => {
    const day = nextDate(2);
    responseOf(await post(closed(day)));
    await db.insert(scheduleExceptions).values({ userId: pro.id, kind: "closed", startDate: addDays(today(), -10), endDate: addDays(today(), -3) });
    const [row] = (await rowsOf(pro.id)).filter((r) => r.startDate === day);
    expect(row).toMatchObject({ startDate: day, endDate: day, startMinute: null });
    const { exceptions } = await load();
    expect(exceptions.exceptions.map((e) => e.form.startDate)).toEqual([day]);
  });

  it.each([
    ["an end date before the start", () => closed(nextDate(5), nextDate(2)), "endDate", EXCEPTION_MESSAGES.endBeforeStart],
    ["a date in the past", () => closed(addDays(today(), -1)), "startDate", EXCEPTION_MESSAGES.startPast],
    ["no date", () => ({ ...closed(""), startDate: "" }), "startDate", EXCEPTION_MESSAGES.dateRequired],
    ["a range over 12 months", () => closed(nextDate(2), addMonths(nextDate(2), 13)), "endDate", EXCEPTION_MESSAGES.rangeTooLong],
    ["'Até' not after 'Das'", () => timed("blocked", nextDate(2), "14:00", "12:00"), "endTime", EXCEPTION_MESSAGES.endTimeBeforeStart],
    ["a malformed time", () => timed("blocked", nextDate(2), "25:00", "26:00"), "startTime", EXCEPTION_MESSAGES.timeInvalid],
    ["a reason over 80 characters", () => closed(nextDate(2), "", "x".repeat(81)), "reason", EXCEPTION_MESSAGES.reasonTooLong],
    ["an unknown kind", () => ({ ...closed(nextDate(2)), kind: "holiday" }), "kind", EXCEPTION_MESSAGES.kind],
  ])("refuses %s with a pt-BR message beside the field (400) and saves nothing", async (_name, form, field, message) => {
    const res = failure(await post(form()));
    expect(res.status).toBe(400);
    expect(res.errors[field]).toEqual([message]);
    expect(await rowsOf(pro.id)).toEqual([]);
  });

  it("a double submit (the same exception posted twice, even at once) saves one row", async () => {
    const day = nextDate(4);
    const form = timed("blocked", day, "12:00", "14:00", "Dentista");
    const answers = await Promise.all([post(form), post(form), post(form)]);
    for (const a of answers) expect(responseOf(a).status).toBe(302);
    responseOf(await post(form));
    expect(await rowsOf(pro.id)).toHaveLength(1);
    // Another time that day is another block.
    responseOf(await post(timed("blocked", day, "15:00", "16:00")));
    expect(await rowsOf(pro.id)).toHaveLength(2);
  });

  it("refuses extra hours on a day a closing covers (400), and saves them on an open one", async () => {
    const day = nextDate(3);
    responseOf(await post(closed(day, addDays(day, 2))));
    const res = failure(await post(timed("open", addDays(day, 1), "19:00", "21:00")));
    expect(res.status).toBe(400);
    expect(res.errors.startDate).toEqual([EXCEPTION_MESSAGES.openOnClosedDay]);
    expect(await rowsOf(pro.id)).toHaveLength(1);
    responseOf(await post(timed("open", addDays(day, 3), "19:00", "21:00")));
    expect(await rowsOf(pro.id)).toHaveLength(2);
  });

  it("edits through ?folga=<id> and removes with a confirmation page (?remover-folga=<id>)", async () => {
    const day = nextDate(4);
    responseOf(await post(timed("blocked", day, "12:00", "14:00")));
    const [row] = await rowsOf(pro.id);
    const editing = (await load(`?folga=${row!.id}`)).exceptions.editing!;
    expect(editing.form).toMatchObject({ kind: "blocked", startDate: day, startTime: "12:00", endTime: "14:00" });

    const saved = responseOf(await post({ ...timed("blocked", day, "15:00", "16:30", "Reunião"), intent: "update-exception", id: row!.id }));
    expect((await toastOf(saved))?.description).toBe("Bloqueio salvo com sucesso.");
    const [after] = await rowsOf(pro.id);
    expect(after).toMatchObject({ id: row!.id, startMinute: 900, endMinute: 990, reason: "Reunião" });

    const bad = failure(await post({ ...timed("blocked", day, "16:00", "15:00"), intent: "update-exception", id: row!.id }));
    expect(bad.errors.endTime).toEqual([EXCEPTION_MESSAGES.endTimeBeforeStart]);
    expect((await rowsOf(pro.id))[0]).toMatchObject({ startMinute: 900, endMinute: 990 });

    expect((await load(`?remover-folga=${row!.id}`)).exceptions.removing?.id).toBe(row!.id);
    const removed = responseOf(await post({ intent: "delete-exception", id: row!.id }));
    expect((await toastOf(removed))?.description).toBe("Bloqueio removido.");
    expect(await rowsOf(pro.id)).toEqual([]);
  });
});

describe("'Folgas e bloqueios': the database failing", () => {
  it("saving keeps the input with 'Erro ao salvar'; removing and a holiday tap answer with an error toast", async () => {
    const holiday = upcomingHolidays(today())[0]!;
    const day = nextDate(3);
    const context = await userContextFor(db, pro);
    db.$client.close();
    const saved = replyOf(await callAction(action, { context, path: PATH, form: closed(day, "", "Férias") }));
    expect(saved.init?.status).toBe(500);
    if (!("result" in saved.data)) throw new Error("expected the form's reply");
    expect(saved.data.result.error?.[""]).toEqual([EXCEPTION_MESSAGES.saveFailed]);
    expect(saved.data.result.initialValue).toMatchObject({ startDate: day, reason: "Férias" });

    const removed = responseOf(await callAction(action, { context, path: PATH, form: { intent: "delete-exception", id: crypto.randomUUID() } }));
    expect(await toastOf(removed)).toMatchObject({ type: "error", description: "Erro ao remover. Tente novamente." });
    const tapped = responseOf(await callAction(action, { context, path: PATH, form: { intent: "close-holiday", date: holiday.date } }));
    expect(await toastOf(tapped)).toMatchObject({ type: "error", description: EXCEPTION_MESSAGES.saveFailed });
  });
});

describe("'Folgas e bloqueios': tenancy", () => {
  it("another professional's exception is a 404 to see, edit or remove, and stays as it was", async () => {
    const other = await createProfessional(db);
    const day = nextDate(3);
    const [theirs] = await db
      .insert(scheduleExceptions)
      .values({ userId: other.id, kind: "closed", startDate: day, endDate: day, reason: "Viagem" })
      .returning();
    for (const q of ["folga", "remover-folga", "afetados"]) expect(await thrownStatus(load(`?${q}=${theirs!.id}`))).toBe(404);
    expect(await thrownStatus(post({ ...closed(day, "", "Meu"), intent: "update-exception", id: theirs!.id }))).toBe(404);
    expect(await thrownStatus(post({ intent: "delete-exception", id: theirs!.id }))).toBe(404);
    expect(await rowsOf(other.id)).toEqual([theirs]);
    // Not listed to me either.
    expect((await load()).exceptions.exceptions).toEqual([]);
  });
});

describe("appointments a closed day or block covers", () => {
  it("lists them after saving, with a polite WhatsApp message each, cancelling nothing", async () => {
    const day = nextDate(3);
    const service = await createService(db, pro.id, { name: "Corte feminino", durationMinutes: 60 });
    const ana = await createClient(db, pro.id, { name: "Ana Souza", phone: "11988887777" });
    const inside = await createAppointment(db, pro.id, { date: day, startMinute: 11 * 60 + 30, durationMinutes: 60, clientId: ana.id, serviceId: service.id, serviceName: service.name });
    await createAppointment(db, pro.id, { date: day, startMinute: 12 * 60 + 30, durationMinutes: 30, status: "cancelled", serviceName: "Barba" });
    await createAppointment(db, pro.id, { date: day, startMinute: 15 * 60, durationMinutes: 30, serviceName: "Barba" });
    const request = await createBookingRequest(db, pro.id, { date: day, startMinute: 13 * 60, durationMinutes: 30, serviceName: "Escova", customerName: "Bruna Lima", customerPhone: "11977776666" });
    // Someone else's appointment that day is not mine to warn about.
    const other = await createProfessional(db);
    await createAppointment(db, other.id, { date: day, startMinute: 12 * 60 + 30, serviceName: "Alheio" });

    const res = responseOf(await post(timed("blocked", day, "12:00", "14:00", "Consulta médica")));
    const [block] = await rowsOf(pro.id);
    expect(res).toHaveRedirect(`${PATH}?afetados=${block!.id}#folgas`);
    expect((await toastOf(res))?.description).toBe("Bloqueio salvo com sucesso. Há 2 agendamentos neste período: avise seus clientes.");

    const { exceptions } = await load(`?afetados=${block!.id}`);
    expect(exceptions.exceptions[0]!.covered).toBe(2);
    const items = exceptions.covered!.items;
    expect(items.map((i) => [i.kind, i.time, i.clientName, i.serviceName])).toEqual([
      ["appointment", "11:30 às 12:30", "Ana Souza", "Corte feminino"],
      ["request", "13:00 às 13:30", "Bruna Lima", "Escova"],
    ]);
    const [first, second] = items;
    expect(first!.whatsapp).toMatch(/^https:\/\/wa\.me\/5511988887777\?text=/);
    const text = decodeURIComponent(new URL(first!.whatsapp!).searchParams.get("text")!);
    expect(text).toContain("Olá, Ana Souza!");
    expect(text).toContain("Corte feminino");
    expect(text).toContain("às 11:30");
    // The reason stays private unless shown on the booking page.
    expect(text).not.toContain("Consulta médica");
    expect(decodeURIComponent(new URL(second!.whatsapp!).searchParams.get("text")!)).toContain(`/agendamento/${pro.bookingSlug}`);
    // Nothing was cancelled or deleted.
    expect((await db.select().from(appointments).where(eq(appointments.id, inside.id)))[0]!.status).toBe("scheduled");
    expect((await db.select().from(bookingRequests).where(eq(bookingRequests.id, request.id)))[0]!.status).toBe("pending");
  });

  it("an appointment without a client or phone is listed, without a WhatsApp link", async () => {
    const day = nextDate(3);
    await createAppointment(db, pro.id, { date: day, startMinute: 16 * 60, durationMinutes: 30, serviceName: "" });
    responseOf(await post(closed(day)));
    const [row] = await rowsOf(pro.id);
    const items = (await load(`?afetados=${row!.id}`)).exceptions.covered!.items;
    expect(items.map((i) => [i.when.endsWith(day.split("-").reverse().join("/")), i.time, i.clientName, i.serviceName, i.whatsapp, i.phone])).toEqual([
      [true, "16:00 às 16:30", "Sem cliente vinculado", "Serviço não informado", null, null],
    ]);
  });

  it("a closing with nothing inside redirects without the list; extra hours never count", async () => {
    const day = nextDate(3);
    await createAppointment(db, pro.id, { date: addDays(day, 1), startMinute: 10 * 60, serviceName: "Corte" });
    const res = responseOf(await post(closed(day)));
    expect(res).toHaveRedirect(`${PATH}#folgas`);
    const sunday = nextDate(3, [0]);
    await createAppointment(db, pro.id, { date: sunday, startMinute: 10 * 60, serviceName: "Corte" });
    responseOf(await post(timed("open", sunday, "09:00", "12:00")));
    const { exceptions } = await load();
    expect(exceptions.exceptions.map((e) => e.covered)).toEqual(exceptions.exceptions.map(() => 0));
  });
});

describe("'Fechar no feriado'", () => {
  it("closes a computed holiday in one tap with its name public; a second tap adds nothing", async () => {
    const { exceptions } = await load();
    expect(exceptions.holidays.length).toBeGreaterThanOrEqual(12);
    expect(exceptions.holidays.map((h) => h.date)).toEqual(upcomingHolidays(today()).map((h) => h.date));
    expect(exceptions.holidays.some((h) => h.name === "Sexta-feira Santa")).toBe(true);
    const holiday = exceptions.holidays.find((h) => !h.closed)!;

    const res = responseOf(await post({ intent: "close-holiday", date: holiday.date }));
    expect((await toastOf(res))?.description).toContain(`${holiday.name} (`);
    const again = responseOf(await post({ intent: "close-holiday", date: holiday.date }));
    expect((await toastOf(again))?.title).toBe("Já fechado");
    const rows = await rowsOf(pro.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "closed", startDate: holiday.date, endDate: holiday.date, reason: holiday.name, showReason: true });
    expect((await load()).exceptions.holidays.find((h) => h.date === holiday.date)!.closed).toBe(true);
  });

  it("refuses a date that is not an upcoming national holiday (400)", async () => {
    const res = replyOf(await post({ intent: "close-holiday", date: nextDate(2) }));
    expect(res.init?.status).toBe(400);
    expect(res.data).toEqual({ intent: "holiday", message: EXCEPTION_MESSAGES.holidayUnknown });
    expect(await rowsOf(pro.id)).toEqual([]);
  });
});

describe("the booking page follows 'Folgas e bloqueios'", () => {
  it("a closed holiday says 'Fechado neste dia' with its name, and offers no time", async () => {
    const service = await createService(db, pro.id, { durationMinutes: 30 });
    const holiday = upcomingHolidays(addDays(today(), 2)).find((h) => dayOfWeek(h.date) !== 0 && h.date <= addMonths(today(), 5))!;
    const before = await bookingPage(`?servico=${service.id}&data=${holiday.date}`);
    expect(before.slots.length).toBeGreaterThan(0);
    responseOf(await post({ intent: "close-holiday", date: holiday.date }));
    const after = await bookingPage(`?servico=${service.id}&data=${holiday.date}`);
    expect(after.closed).toEqual({ reason: holiday.name });
    expect(after.slots).toEqual([]);
  });

  it("a 12:00-14:00 block removes those times; extra hours on a Sunday offer theirs", async () => {
    const service = await createService(db, pro.id, { durationMinutes: 30 });
    const day = nextDate(3);
    responseOf(await post(timed("blocked", day, "12:00", "14:00")));
    const slots = (await bookingPage(`?servico=${service.id}&data=${day}`)).slots;
    expect(slots).toContain("11:30");
    expect(slots).not.toContain("13:00");
    expect(slots).not.toContain("13:30");
    expect(slots).toContain("14:00");

    const sunday = nextDate(3, [0]);
    expect((await bookingPage(`?servico=${service.id}&data=${sunday}`)).slots).toEqual([]);
    responseOf(await post(timed("open", sunday, "09:00", "11:00")));
    expect((await bookingPage(`?servico=${service.id}&data=${sunday}`)).slots).toEqual(["09:00", "09:30", "10:00", "10:30"]);
  });
});

describe("'Regras de agendamento'", () => {
  const rules = (over: Record<string, string> = {}) => ({
    intent: "booking-rules",
    minNoticeMinutes: "60",
    bookingWindow: "6m",
    requestExpiryHours: "24",
    customerChangeCutoffMinutes: "120",
    depositReleaseMinutes: "0",
    ...over,
  });

  it("shows the defaults: 1 hour notice, 6 months ahead, 24 h expiry, 2 h cutoff, 30 minutes to pay (Mercado Pago's shortest Pix)", async () => {
    expect((await load()).rules).toEqual({ minNoticeMinutes: 60, bookingWindow: "6m", requestExpiryHours: 24, customerChangeCutoffMinutes: 120, depositReleaseMinutes: 0, paymentHoldMinutes: 30, autoConfirm: false, waitlistEnabled: true });
  });

  it("saves them on the profile, 'Confirmar automaticamente' and 'Lista de espera' with them", async () => {
    const res = responseOf(await post(rules({ minNoticeMinutes: "1440", bookingWindow: "1s", requestExpiryHours: "6", customerChangeCutoffMinutes: "0", paymentHoldMinutes: "30", autoConfirm: "on", waitlistEnabled: "on" })));
    expect((await toastOf(res))?.description).toBe(SAVED_RULES);
    const [p] = await db.select().from(profiles).where(eq(profiles.userId, pro.id));
    expect(p).toMatchObject({ minNoticeMinutes: 1440, bookingWindow: "1s", requestExpiryHours: 6, customerChangeCutoffMinutes: 0, paymentHoldMinutes: 30, autoConfirm: true, waitlistEnabled: true });
    // The checkboxes left unticked turn them off again.
    responseOf(await post(rules()));
    expect((await db.select().from(profiles).where(eq(profiles.userId, pro.id)))[0]).toMatchObject({ minNoticeMinutes: 60, autoConfirm: false, waitlistEnabled: false });
  });

  it("refuses a value outside the choices (400) and keeps what was saved", async () => {
    const res = failure(await post(rules({ minNoticeMinutes: "45", bookingWindow: "5a" })));
    expect(res.status).toBe(400);
    expect(res.errors.minNoticeMinutes).toEqual([INVALID_CHOICE]);
    expect(res.errors.bookingWindow).toEqual([INVALID_CHOICE]);
    const [p] = await db.select().from(profiles).where(eq(profiles.userId, pro.id));
    expect(p).toMatchObject({ minNoticeMinutes: 60, bookingWindow: "6m" });
  });

  it("another professional's rules are untouched by mine", async () => {
    const other = await createProfessional(db);
    responseOf(await post(rules({ minNoticeMinutes: "0" })));
    const [theirs] = await db.select().from(profiles).where(eq(profiles.userId, other.id));
    expect(theirs!.minNoticeMinutes).toBe(60);
  });

  it("the booking page applies the notice and the window", async () => {
    const service = await createService(db, pro.id, { durationMinutes: 30 });
    // Open every day, so that tomorrow is a working day whatever today is.
    await db.update(workingHours).set({ isActive: true }).where(eq(workingHours.userId, pro.id));
    const tomorrow = addDays(today(), 1);
    const tenDays = nextDate(10);
    const page = (date: string) => bookingPage(`?servico=${service.id}&data=${date}`);
    expect((await page(tomorrow)).slots).toContain("09:00");
    expect((await page(tenDays)).date).toBe(tenDays);

    responseOf(await post(rules({ minNoticeMinutes: "2880", bookingWindow: "1s" })));
    // 48 hours of notice: nothing tomorrow (any time tomorrow is less than 48 h away).
    expect((await page(tomorrow)).slots).toEqual([]);
    // One week ahead at most: a date ten days away is not offered.
    const far = await page(tenDays);
    expect(far.date).toBeNull();
    expect(far.maxDate).toBe(addDays(today(), 7));
    // The engine's getFreeSlots is the professional's own view: no notice or window there.
    const own = await getFreeSlots(db, { userId: pro.id, date: tenDays, durationMinutes: 30, timeZone: ZONE, stepMinutes: 30 });
    expect(own.map(minutesToTime)).toContain("09:00");
  });
});
