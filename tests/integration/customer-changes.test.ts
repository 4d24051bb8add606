// The customer moves or cancels their own time from the private status link (issue 14):
// 'Remarcar' claims the new time atomically and frees the old one in the same write, a racing
// customer loses cleanly, the professional's cut-off closes both, the professional is e-mailed,
// and an unanswered request expires and frees its time.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appointments, bookingRequests, emailOutbox, profiles } from "../../db/schema";
import { action as bookAction, loader as bookLoader } from "../../app/routes/booking";
import {
  action as statusAction,
  loader as statusLoader,
  EXPIRED,
  RESCHEDULE_RATE_LIMITED,
  RESCHEDULE_REFUSED,
} from "../../app/routes/booking-status";
import { runJob } from "../../app/jobs/job.server";
import type { EmailMessage } from "../../app/utils/email.server";
import { action as requestsAction, loader as requestsLoader } from "../../app/routes/booking-requests";
import { loadCustomerBooking, rescheduleByCustomer } from "../../app/domain/booking-requests/customer-changes.server";
import { changeDeadline, changesOpen, cutoffPhrase } from "../../app/domain/booking-requests/customer-changes";
import { addDays } from "../../app/domain/dates";
import type { Db } from "../../app/utils/db.server";
import { createTestDb } from "../support/db";
import { envOverrides } from "../support/env";
import { createBookablePro, createBookingRequest, createService, workingDay } from "../support/factories";
import { answerStatus, callAction, callLoader, locationOf, replyOf } from "../support/routes";

const overrides = envOverrides();
beforeEach(() => {
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
  overrides.set({ APP_URL: "https://agendo.app" });
});
afterEach(() => {
  overrides.restore();
  vi.restoreAllMocks();
});

const setup = (db: Db, profile: Partial<typeof profiles.$inferInsert> = {}) => createBookablePro(db, { profile });

/** Whatever the action answered or threw. */
async function settle(p: Promise<unknown>): Promise<unknown> {
  try {
    return await p;
  } catch (thrown) {
    return thrown;
  }
}

/** The message a refused change answers with (beside the form, not a field of it). */
const refusal = (answer: unknown) => (replyOf(answer).data as { error?: string } | null)?.error;

/** Books through the public page, as a customer does; the private token. */
async function book(db: Db, slug: string, serviceId: string, date: string, time: string, phone = "(11) 98888-7777") {
  const res = await settle(
    callAction(bookAction, {
      db,
      path: `/agendamento/${slug}`,
      params: { slug },
      form: { servico: serviceId, data: date, horario: time, name: "Maria Clara", phone, notes: "" },
    }),
  );
  expect(res).toHaveRedirect(/^\/agendamento\/reserva\//);
  return locationOf(res).split("/")[3]!.split("?")[0]!;
}

const statusPage = (db: Db, token: string, query = "") =>
  callLoader(statusLoader, { db, path: `/agendamento/reserva/${token}${query}`, params: { token } });

const post = (db: Db, token: string, form: Record<string, string>) =>
  settle(callAction(statusAction, { db, path: `/agendamento/reserva/${token}`, params: { token }, form }));

const reschedule = (db: Db, token: string, date: string, time: string) => post(db, token, { intent: "reschedule", data: date, horario: time });

/** The free times the public booking page offers on that date. */
async function offered(db: Db, slug: string, serviceId: string, date: string) {
  const page = await callLoader(bookLoader, { db, path: `/agendamento/${slug}?servico=${serviceId}&data=${date}`, params: { slug } });
  return page.data.slots;
}

const requestOf = async (db: Db, professionalId: string) =>
  (await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, professionalId)))[0]!;

describe("'Remarcar' from the status link", () => {
  it("moves a pending request: the old time is offered again, the new one is held, the professional is e-mailed", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const later = workingDay(3);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    expect(await offered(db, pro.bookingSlug, service.id, date)).not.toContain("10:00");

    // The status page offers the same service's times on the chosen date, its own time included.
    const first = await statusPage(db, token);
    expect(first.data).toMatchObject({ canChange: true, reschedule: null, rescheduleHref: `?remarcar=1&data=${date}` });
    expect(first.data.changeUntil).toMatch(/^até \d\d\/\d\d às \d\d:\d\d \(2 horas antes do horário\)$/);
    const grid = await statusPage(db, token, `?remarcar=1&data=${date}`);
    expect(grid.data.reschedule).toMatchObject({ date, times: expect.arrayContaining(["09:30", "10:30", "14:00"]) });
    // Its own current time is not offered as a new one.
    expect(grid.data.reschedule?.times).not.toContain("10:00");
    const confirm = await statusPage(db, token, `?remarcar=1&data=${later}&horario=14:00`);
    expect(confirm.data.reschedule).toMatchObject({ date: later, chosen: "14:00" });

    expect(await reschedule(db, token, later, "14:00")).toHaveRedirect(`/agendamento/reserva/${token}`);

    const moved = await requestOf(db, pro.id);
    expect(moved).toMatchObject({ status: "pending", date: later, startMinute: 14 * 60 });
    expect(moved.rescheduledByCustomerAt).toBeInstanceOf(Date);
    expect(await offered(db, pro.bookingSlug, service.id, date)).toContain("10:00");
    expect(await offered(db, pro.bookingSlug, service.id, later)).not.toContain("14:00");

    const page = await statusPage(db, token);
    expect(page.data).toMatchObject({ status: "pending", time: "14:00", movedBy: "customer" });

    const [mail] = await db.select().from(emailOutbox).where(and(eq(emailOutbox.to, pro.email)));
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, pro.email));
    const sent = mails.find((m) => m.subject.startsWith("Remarcado pelo cliente"));
    expect(mail).toBeDefined();
    expect(sent?.subject).toContain("14:00");
    expect(sent?.text).toContain("Antes:");
    expect(sent?.text).toContain("10:00");
    expect(sent?.text).toContain("https://agendo.app/solicitacoes");
    expect(sent?.text).not.toContain("localhost");

    // The Solicitações page shows the mark.
    const requests = await callLoader(requestsLoader, { db, as: pro, path: "/solicitacoes" });
    expect(requests.pending[0]).toMatchObject({ rescheduledByCustomer: true, time: "14:00" });
  });

  it("moves an accepted booking's appointment, and its request follows", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    const request = await requestOf(db, pro.id);
    await callAction(requestsAction, { db, as: pro, path: "/solicitacoes", form: { intent: "accept", id: request.id } });
    const [before] = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(before).toMatchObject({ date, startMinute: 600 });

    expect(answerStatus(await statusPage(db, token, `?remarcar=1&data=${date}`))).toBe(200);
    expect(answerStatus(await reschedule(db, token, date, "15:30"))).toBe(302);
    const [after] = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(after).toMatchObject({ id: before!.id, date, startMinute: 15 * 60 + 30, status: before!.status });
    expect(after!.rescheduledByCustomerAt).toBeInstanceOf(Date);
    expect(await requestOf(db, pro.id)).toMatchObject({ status: "accepted", startMinute: 15 * 60 + 30 });
    expect(await offered(db, pro.bookingSlug, service.id, date)).toContain("10:00");
    expect(await offered(db, pro.bookingSlug, service.id, date)).not.toContain("15:30");
    const page = await statusPage(db, token);
    expect(page.data).toMatchObject({ status: "accepted", time: "15:30", movedBy: "customer" });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, pro.email));
    const sent = mails.find((m) => m.subject.startsWith("Remarcado pelo cliente"));
    expect(sent?.text).toContain(`https://agendo.app/agenda?periodo=customizado&de=${date}&ate=${date}`);
  });

  it("its own time is not in the busy set: a longer service moves by half an hour onto part of its old time", async () => {
    const db = createTestDb();
    const { pro } = await setup(db);
    const long = await createService(db, pro.id, { name: "Escova", priceCents: 8000, durationMinutes: 60 });
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, long.id, date, "10:00");
    expect(await offered(db, pro.bookingSlug, long.id, date)).not.toContain("10:30");
    const grid = await statusPage(db, token, `?remarcar=1&data=${date}`);
    expect(grid.data.reschedule?.times).toEqual(expect.arrayContaining(["09:30", "10:30"]));
    expect(answerStatus(await reschedule(db, token, date, "10:30"))).toBe(302);
    expect(await requestOf(db, pro.id)).toMatchObject({ startMinute: 630, durationMinutes: 60 });
    const free = await offered(db, pro.bookingSlug, long.id, date);
    expect(free).toContain("09:00");
    expect(free).not.toContain("10:00");
    expect(free).not.toContain("11:00");
  });

  it("two customers racing for the same new time: one wins, the other is told and nothing of theirs changes", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const a = await book(db, pro.bookingSlug, service.id, date, "09:00", "(11) 98888-0001");
    const b = await book(db, pro.bookingSlug, service.id, date, "10:00", "(11) 98888-0002");
    const results = await Promise.all([reschedule(db, a, date, "16:00"), reschedule(db, b, date, "16:00")]);
    expect(results.filter((r) => answerStatus(r) === 302)).toHaveLength(1);
    // Whether the loser read the page before or after the winner's write, it is told to choose again.
    const loser = results.find((r) => answerStatus(r) !== 302)!;
    expect([400, 409]).toContain(answerStatus(loser));
    expect([RESCHEDULE_REFUSED.taken, RESCHEDULE_REFUSED["not-offered"]]).toContain(refusal(loser));

    const rows = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    expect(rows.filter((r) => r.startMinute === 16 * 60)).toHaveLength(1);
    const stayed = rows.find((r) => r.startMinute !== 16 * 60)!;
    expect([9 * 60, 10 * 60]).toContain(stayed.startMinute);
    expect(stayed.rescheduledByCustomerAt).toBeNull();
    // The loser's old time is still theirs, the winner's old time is free again.
    const free = await offered(db, pro.bookingSlug, service.id, date);
    expect(free).not.toContain("16:00");
    expect(free).not.toContain(stayed.startMinute === 600 ? "10:00" : "09:00");
    expect(free).toContain(stayed.startMinute === 600 ? "09:00" : "10:00");
    // One e-mail, for the winner only.
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, pro.email));
    expect(mails.filter((m) => m.subject.startsWith("Remarcado pelo cliente"))).toHaveLength(1);
  });

  it("a time taken by a new booking after the customer saw it is refused with fresh times", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    const mine = await requestOf(db, pro.id);
    await book(db, pro.bookingSlug, service.id, date, "11:00", "(11) 97777-0000");
    const res = await reschedule(db, token, date, "11:00");
    expect(answerStatus(res)).toBe(400);
    expect(refusal(res)).toBe(RESCHEDULE_REFUSED["not-offered"]);
    const row = async () => (await db.select().from(bookingRequests).where(eq(bookingRequests.id, mine.id)))[0];
    expect(await row()).toMatchObject({ startMinute: 600, rescheduledByCustomerAt: null });
    // Outside the hours, at the same time, in the past or past the window: refused, nothing moves.
    for (const [d, t] of [
      [date, "12:00"],
      [date, "10:00"],
      [addDays(date, -5), "10:00"],
      [addDays(date, 400), "10:00"],
      ["2026-13-40", "10:00"],
      [date, "25:99"],
      [date, ""],
    ] as const) {
      const r = await reschedule(db, token, d, t);
      expect(answerStatus(r), `${d} ${t}`).toBe(400);
      expect(refusal(r)).toBeTruthy();
    }
    expect(await row()).toMatchObject({ date, startMinute: 600, rescheduledByCustomerAt: null });
  });

  it("the claim itself is atomic: both read the time free, both claim it, exactly one holds it", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const tokens = [];
    for (let i = 0; i < 6; i++) tokens.push(await book(db, pro.bookingSlug, service.id, date, `${9 + (i > 2 ? i + 1 : i)}:00`.padStart(5, "0"), `(11) 98888-000${i}`));
    const now = new Date();
    // Every customer's page read before any claim runs: all were offered 16:00.
    const pages = await Promise.all(tokens.map((t) => loadCustomerBooking(db, t, { date, now })));
    for (const p of pages) expect(p!.offer!.times).toContain("16:00");
    const outcomes = await Promise.all(pages.map((p) => rescheduleByCustomer(db, p!, { date, startMinute: 16 * 60 }, now)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => (o.ok ? null : o.reason))).toEqual(Array(5).fill("taken"));
    const rows = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    expect(rows.filter((r) => r.startMinute === 16 * 60)).toHaveLength(1);
    expect(rows.filter((r) => r.rescheduledByCustomerAt)).toHaveLength(1);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, pro.email));
    expect(mails.filter((m) => m.subject.startsWith("Remarcado pelo cliente"))).toHaveLength(1);
  });

  it("the professional accepting while the customer moves: the accept of the old time does not land", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    const request = await requestOf(db, pro.id);
    expect(answerStatus(await reschedule(db, token, date, "14:00"))).toBe(302);
    const { answerBookingRequest } = await import("../../app/domain/booking-requests/answer.server");
    // The professional's screen still showed 10:00: nothing is answered, it stays pending at 14:00.
    expect(await answerBookingRequest(db, pro.id, request.id, "accept", { seen: { date, startMinute: 10 * 60 } })).toMatchObject({ outcome: "moved" });
    expect(await db.select().from(appointments).where(eq(appointments.userId, pro.id))).toEqual([]);
    // Answering the time now shown accepts it there.
    expect(await answerBookingRequest(db, pro.id, request.id, "accept", { seen: { date, startMinute: 14 * 60 } })).toMatchObject({ outcome: "accepted" });
    const [appt] = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(appt).toMatchObject({ startMinute: 14 * 60 });
  });

  it("a second submit of the same move answers as done and sends one e-mail", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    expect(answerStatus(await reschedule(db, token, date, "14:00"))).toBe(302);
    const again = await reschedule(db, token, date, "14:00");
    expect(answerStatus(again)).toBe(400);
    expect(refusal(again)).toBe(RESCHEDULE_REFUSED.same);
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, pro.email));
    expect(mails.filter((m) => m.subject.startsWith("Remarcado pelo cliente"))).toHaveLength(1);
  });

  it("a blocked time ('Folgas e bloqueios') is not offered nor claimable", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    const { scheduleExceptions } = await import("../../db/schema");
    await db.insert(scheduleExceptions).values({ userId: pro.id, kind: "blocked", startDate: date, endDate: date, startMinute: 14 * 60, endMinute: 16 * 60 });
    const grid = await statusPage(db, token, `?remarcar=1&data=${date}`);
    expect(grid.data.reschedule?.times).not.toContain("14:30");
    expect(answerStatus(await reschedule(db, token, date, "14:30"))).toBe(400);
    expect(await requestOf(db, pro.id)).toMatchObject({ startMinute: 600 });
  });
});

describe("'Remarcar' has limits, and the professional hears once (issue 20)", () => {
  const times = ["11:00", "14:00", "15:00", "16:00", "09:30", "10:30", "11:30", "13:00"];
  const USED_UP = /^Você já remarcou este horário 3 vezes por aqui\. Para mudar de novo, fale com .+ pelo WhatsApp\.$/;

  it("30 moves in a row: 3 go through, then a message pointing to WhatsApp; the job sends one e-mail with the latest time", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db, { contactPhone: "11987654321" });
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await reschedule(db, token, date, times[i % times.length]!));
    expect(answers.slice(0, 3).map(answerStatus)).toEqual([302, 302, 302]);
    // The per-request limit answers until the per-address one takes over (10 an hour).
    for (const a of answers.slice(3, 10)) expect({ status: answerStatus(a), error: refusal(a) }).toMatchObject({ status: 400, error: expect.stringMatching(USED_UP) });
    for (const a of answers.slice(10)) expect({ status: answerStatus(a), error: refusal(a) }).toMatchObject({ status: 429, error: RESCHEDULE_RATE_LIMITED });
    expect(await requestOf(db, pro.id)).toMatchObject({ date, startMinute: 15 * 60, customerMoves: 3 });
    // The page says so in place of 'Remarcar', with the way to reach the professional.
    expect((await statusPage(db, token)).data).toMatchObject({ movesUsedUp: expect.stringMatching(USED_UP), whatsapp: expect.stringContaining("wa.me") });

    const moved = () => db.select().from(emailOutbox).where(and(eq(emailOutbox.to, pro.email), eq(emailOutbox.kind, "rescheduled-by-customer")));
    expect(await moved()).toMatchObject([{ status: "queued" }]);
    const sent: EmailMessage[] = [];
    const transport = { name: "log", send: async (m: EmailMessage) => void sent.push(m) };
    // Not yet: the e-mail waits a few minutes for the customer's last word.
    await runJob({ db, now: () => new Date(), transport, whatsapp: null });
    expect(sent).toHaveLength(0);
    await runJob({ db, now: () => new Date(Date.now() + 10 * 60_000), transport, whatsapp: null });
    await runJob({ db, now: () => new Date(Date.now() + 20 * 60_000), transport, whatsapp: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Remarcado pelo cliente: Maria Clara, .* às 15:00$/);
    expect(sent[0]!.text).toMatch(/Antes: .* às 10:00\nAgora: .* às 15:00\n/);
    expect(await moved()).toMatchObject([{ status: "sent" }]);
  });

  it("a move after the notice went out is a new notice, from the time the professional was told of", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    expect(answerStatus(await reschedule(db, token, date, "11:00"))).toBe(302);
    const sent: EmailMessage[] = [];
    await runJob({ db, now: () => new Date(Date.now() + 10 * 60_000), transport: { name: "log", send: async (m) => void sent.push(m) }, whatsapp: null });
    expect(answerStatus(await reschedule(db, token, date, "14:00"))).toBe(302);
    const notices = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "rescheduled-by-customer")).orderBy(emailOutbox.createdAt);
    expect(notices.map((n) => n.status)).toEqual(["sent", "queued"]);
    expect(notices[1]!.text).toMatch(/Antes: .* às 11:00\nAgora: .* às 14:00\n/);
  });

  it("one client address moves at most 10 times an hour, across bookings; refused, nothing changes", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const later = workingDay(5);
    const tokens = [];
    for (const [i, time] of ["09:00", "09:30", "10:00", "10:30"].entries()) {
      tokens.push(await book(db, pro.bookingSlug, service.id, later, time, `(11) 9777${i}-0000`));
    }
    const moves = [["09:00", "09:30", "10:00"], ["10:30", "11:00", "11:30"], ["13:00", "13:30", "14:00"], ["14:30", "15:00", "15:30"]];
    const statuses = [];
    for (const [i, token] of tokens.entries()) {
      for (const time of moves[i]!) statuses.push(answerStatus(await reschedule(db, token, date, time)));
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 302, 302, 302, 302, 302, 429, 429]);
    const last = (await db.select().from(bookingRequests).where(eq(bookingRequests.customerPhone, "11977730000")))[0]!;
    expect(last).toMatchObject({ date, startMinute: 14 * 60 + 30, customerMoves: 1 });
  });
});

describe("the cut-off ('Cancelamento/remarcação até')", () => {
  it("after it, Remarcar and Cancelar are gone and forged posts are refused naming it, with WhatsApp", async () => {
    const db = createTestDb();
    // Three days before the start: a booking two days ahead is already past it.
    const { pro, service } = await setup(db, { customerChangeCutoffMinutes: 3 * 24 * 60, contactPhone: "11912345678" });
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    const page = await statusPage(db, token, `?remarcar=1&data=${date}`);
    expect(page.data).toMatchObject({ canChange: false, reschedule: null });
    expect(page.data.pastCutoff).toContain("72 horas antes do horário");
    expect(page.data.whatsapp).toMatch(/^https:\/\/wa\.me\/5511912345678/);

    for (const form of [
      { intent: "reschedule", data: date, horario: "14:00" } as Record<string, string>,
      { intent: "cancel" },
    ]) {
      const res = await post(db, token, form);
      expect(answerStatus(res)).toBe(400);
      expect(refusal(res)).toContain("72 horas antes do horário");
      expect(refusal(res)).toContain("WhatsApp");
    }
    expect(await requestOf(db, pro.id)).toMatchObject({ status: "pending", startMinute: 600, rescheduledByCustomerAt: null });
  });

  it("0 means any time before the start; the deadline is the start in the professional's time zone", () => {
    const sp = { timeZone: "America/Sao_Paulo", customerChangeCutoffMinutes: 120 };
    // 10:00 in São Paulo (UTC-3) is 13:00 UTC: changes close at 11:00 UTC.
    expect(changeDeadline("2026-03-10", 600, sp.timeZone, 120).toISOString()).toBe("2026-03-10T11:00:00.000Z");
    expect(changesOpen({ date: "2026-03-10", startMinute: 600 }, sp, new Date("2026-03-10T10:59:00Z"))).toBe(true);
    expect(changesOpen({ date: "2026-03-10", startMinute: 600 }, sp, new Date("2026-03-10T11:00:00Z"))).toBe(false);
    const zero = { ...sp, customerChangeCutoffMinutes: 0 };
    expect(changesOpen({ date: "2026-03-10", startMinute: 600 }, zero, new Date("2026-03-10T12:59:00Z"))).toBe(true);
    expect(changesOpen({ date: "2026-03-10", startMinute: 600 }, zero, new Date("2026-03-10T13:00:00Z"))).toBe(false);
    // The same wall time in Manaus (UTC-4) and Lisbon across its spring change (UTC+0 -> +1).
    expect(changeDeadline("2026-03-10", 600, "America/Manaus", 120).toISOString()).toBe("2026-03-10T12:00:00.000Z");
    expect(changeDeadline("2026-03-29", 180, "Europe/Lisbon", 120).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(cutoffPhrase(120)).toBe("2 horas antes do horário");
    expect(cutoffPhrase(60)).toBe("1 hora antes do horário");
    expect(cutoffPhrase(30)).toBe("30 minutos antes do horário");
    expect(cutoffPhrase(0)).toBe("o início do horário");
  });

  it("reads the professional's zone for the page: a pro far east sees the same rules in their own day", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db, { timeZone: "Asia/Tokyo" });
    const date = workingDay(2, { zone: "Asia/Tokyo" });
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    const page = await statusPage(db, token);
    expect(page.data.canChange).toBe(true);
    // Two hours before 10:00 Tokyo time, written in Tokyo time.
    expect(page.data.changeUntil).toMatch(/às 08:00 \(2 horas antes do horário\)$/);
    expect(answerStatus(await reschedule(db, token, date, "15:00"))).toBe(302);
    expect(await requestOf(db, pro.id)).toMatchObject({ date, startMinute: 900 });
  });
});

describe("expiry", () => {
  it("an unanswered request past its expiry: the status page says so, nothing can be moved, the time is free", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    const request = await requestOf(db, pro.id);
    expect(request.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    await db.update(bookingRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(bookingRequests.id, request.id));

    const page = await statusPage(db, token);
    expect(page.data).toMatchObject({ status: "expired", canChange: false, bookingPath: `/agendamento/${pro.bookingSlug}` });
    expect(refusal(await reschedule(db, token, date, "14:00"))).toBe(EXPIRED);
    expect(refusal(await post(db, token, { intent: "cancel" }))).toBe(EXPIRED);
    expect(await offered(db, pro.bookingSlug, service.id, date)).toContain("10:00");

    // The professional sees it among the answered ones, as expired, with nothing to accept.
    const requests = await callLoader(requestsLoader, { db, as: pro, path: "/solicitacoes" });
    expect(requests.pending).toHaveLength(0);
    expect(requests.recent[0]).toMatchObject({ id: request.id, outcome: "expired" });
    const accept = await settle(callAction(requestsAction, { db, as: pro, path: "/solicitacoes", form: { intent: "accept", id: request.id } }));
    expect(answerStatus(accept)).toBe(302);
    expect(await db.select().from(appointments).where(eq(appointments.userId, pro.id))).toHaveLength(0);

    // Marked 'expired' by the job: the same page.
    await db.update(bookingRequests).set({ status: "expired" }).where(eq(bookingRequests.id, request.id));
    expect((await statusPage(db, token)).data.status).toBe("expired");
  });

  it("a request expires at its start when that comes before 24 hours", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db, { requestExpiryHours: 24 });
    const r = await createBookingRequest(db, pro.id, {
      serviceId: service.id,
      serviceName: service.name,
      date: workingDay(2),
      startMinute: 600,
      durationMinutes: 30,
      expiresAt: new Date(Date.now() - 60_000),
    });
    expect(r.status).toBe("pending");
    const { requestExpiry } = await import("../../app/domain/booking-requests/creation.server");
    const now = new Date("2026-03-10T12:00:00Z");
    expect(requestExpiry(now, 24, new Date("2026-03-10T15:00:00Z")).toISOString()).toBe("2026-03-10T15:00:00.000Z");
    expect(requestExpiry(now, 24, new Date("2026-03-14T15:00:00Z")).toISOString()).toBe("2026-03-11T12:00:00.000Z");
  });
});

describe("the private link", () => {
  it("an unknown or guessed token is a 404 for the page and for the posts; one booking's token moves only it", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const date = workingDay(2);
    const mine = await book(db, pro.bookingSlug, service.id, date, "10:00", "(11) 98888-0001");
    await book(db, pro.bookingSlug, service.id, date, "11:00", "(11) 98888-0002");
    for (const token of ["x".repeat(43), mine.slice(0, -1) + (mine.endsWith("a") ? "b" : "a"), "y".repeat(300)]) {
      expect(answerStatus(await settle(statusPage(db, token)))).toBe(404);
      expect(answerStatus(await reschedule(db, token, date, "15:00"))).toBe(404);
      expect(answerStatus(await post(db, token, { intent: "cancel" }))).toBe(404);
    }
    expect(answerStatus(await post(db, mine, { intent: "other" }))).toBe(400);
    expect(answerStatus(await reschedule(db, mine, date, "15:00"))).toBe(302);
    const rows = await db.select().from(bookingRequests).where(eq(bookingRequests.professionalId, pro.id));
    expect(rows.map((r) => r.startMinute).sort()).toEqual([660, 900]);
  });

  it("another professional's appointments never block nor show in the times offered", async () => {
    const db = createTestDb();
    const { pro, service } = await setup(db);
    const other = await setup(db);
    const date = workingDay(2);
    const token = await book(db, pro.bookingSlug, service.id, date, "10:00");
    await book(db, other.pro.bookingSlug, other.service.id, date, "14:00");
    const grid = await statusPage(db, token, `?remarcar=1&data=${date}`);
    expect(grid.data.reschedule?.times).toContain("14:00");
    expect(answerStatus(await reschedule(db, token, date, "14:00"))).toBe(302);
  });
});
