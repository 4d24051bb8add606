import { copyFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { appointments, bookingRequests, scheduleExceptions, workingHours } from "../../db/schema";
import {
  bookingRequestClaim,
  getFreeSlots,
  insertAppointmentIfFree,
  updateAppointmentIfFree,
} from "../../app/domain/availability/slot-claims.server";
import { openDb, type Db } from "../../app/utils/db.server";
import { minutesToTime } from "../../app/domain/dates";
import { BASE_DB, TEST_DIR } from "../support/global-setup";
import { createAppointment, createBookingRequest, createProfessional, createWorkingHours } from "../support/factories";

const SP = "America/Sao_Paulo";
const NOW = new Date("2025-03-10T11:00:00Z"); // Monday 08:00 in Sao Paulo
const DATE = "2025-03-11"; // Tuesday: 09:00-18:00, break 12:00-13:00
const args = { timeZone: SP, stepMinutes: 30, now: NOW };

let path: string;
let db: Db;
let pro: { id: string };
let other: { id: string };

beforeEach(async () => {
  path = `${TEST_DIR}/${crypto.randomUUID()}.db`;
  copyFileSync(BASE_DB, path);
  db = openDb(`file:${path}`);
  pro = await createProfessional(db);
  other = await createProfessional(db);
  await createWorkingHours(db, pro.id);
  await createWorkingHours(db, other.id);
});

const free = (durationMinutes = 30, extra: { excludeAppointmentId?: string } = {}) =>
  getFreeSlots(db, { userId: pro.id, date: DATE, durationMinutes, ...args, ...extra }).then((s) => s.map(minutesToTime));

const appointment = (over: Partial<typeof appointments.$inferInsert> = {}) => ({
  userId: pro.id,
  date: DATE,
  startMinute: 10 * 60,
  durationMinutes: 60,
  ...over,
});

const request = (over: Partial<typeof bookingRequests.$inferInsert> = {}) => ({
  professionalId: pro.id,
  customerName: "Maria Silva",
  customerPhone: "11988887777",
  date: DATE,
  startMinute: 10 * 60,
  durationMinutes: 60,
  ...over,
});

/** Rows inserted as is (no availability check), from the same values the claims below get. */
function addAppointment(over: Partial<typeof appointments.$inferInsert> = {}) {
  const row = appointment(over);
  return createAppointment(db, row.userId, row);
}
function addRequest(over: Partial<typeof bookingRequests.$inferInsert> = {}) {
  const row = request(over);
  return createBookingRequest(db, row.professionalId, row);
}

describe("getFreeSlots", () => {
  it("reads the day's working hours", async () => {
    expect(await free()).toHaveLength(16);
    // Sunday has is_active false in the default week.
    expect(await getFreeSlots(db, { userId: pro.id, date: "2025-03-16", durationMinutes: 30, ...args })).toEqual([]);
  });

  it("treats a day without a row as closed", async () => {
    await db.delete(workingHours).where(and(eq(workingHours.userId, pro.id), eq(workingHours.dayOfWeek, 2)));
    expect(await free()).toEqual([]);
  });

  it("is blocked by appointments that are not cancelled", async () => {
    await addAppointment({ startMinute: 9 * 60, durationMinutes: 30, status: "confirmed" });
    await addAppointment({ startMinute: 10 * 60, durationMinutes: 30, status: "cancelled" });
    await addAppointment({ startMinute: 14 * 60, durationMinutes: 30, status: "completed" });
    const s = await free();
    expect(s).not.toContain("09:00");
    expect(s).toContain("10:00"); // the cancelled one frees its time
    expect(s).not.toContain("14:00");
  });

  it("is blocked by pending booking requests, not by declined or cancelled ones", async () => {
    await addRequest({ startMinute: 9 * 60, durationMinutes: 30 });
    await addRequest({ startMinute: 10 * 60, durationMinutes: 30, status: "declined" });
    await addRequest({ startMinute: 11 * 60, durationMinutes: 30, status: "cancelled" });
    const s = await free();
    expect(s).not.toContain("09:00");
    expect(s).toContain("10:00");
    expect(s).toContain("11:00");
  });

  it("ignores another professional's appointments and requests", async () => {
    await addAppointment({ userId: other.id, startMinute: 9 * 60 });
    await addRequest({ professionalId: other.id, startMinute: 14 * 60 });
    expect(await free()).toHaveLength(16);
  });

  it("can leave one appointment out (to move it within its own time)", async () => {
    const row = await addAppointment();
    expect(await free()).not.toContain("10:00");
    expect(await free(30, { excludeAppointmentId: row.id })).toContain("10:00");
  });
});

describe("insertAppointmentIfFree", () => {
  it("inserts a free slot with the given values and the schema defaults", async () => {
    const ok = await insertAppointmentIfFree(db, appointment({ serviceName: "Corte", priceCents: 5000, notes: "Primeira vez" }), args);
    expect(ok).toBe(true);
    const rows = await db.select().from(appointments).where(eq(appointments.userId, pro.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      date: DATE,
      startMinute: 600,
      durationMinutes: 60,
      serviceName: "Corte",
      priceCents: 5000,
      notes: "Primeira vez",
      status: "scheduled",
      createdVia: "dashboard",
    });
    expect(rows[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("refuses overlaps, times outside the offer, and writes nothing", async () => {
    expect(await insertAppointmentIfFree(db, appointment(), args)).toBe(true);
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 10 * 60 + 30, durationMinutes: 30 }), args)).toBe(false);
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 12 * 60 }), args)).toBe(false); // break
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 17 * 60 + 30 }), args)).toBe(false); // past 18:00
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 9 * 60 + 10 }), args)).toBe(false); // off the grid
    expect(await insertAppointmentIfFree(db, appointment({ date: "2025-03-09" }), args)).toBe(false); // past date
    expect(await insertAppointmentIfFree(db, appointment({ date: "2025-03-16" }), args)).toBe(false); // Sunday off
    expect(await db.select().from(appointments)).toHaveLength(1);
    // Back to back is fine.
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 11 * 60 }), args)).toBe(true);
  });

  it("is refused by a pending request but not by a declined one", async () => {
    await addRequest({ startMinute: 9 * 60 });
    await addRequest({ startMinute: 14 * 60, status: "declined" });
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 9 * 60 }), args)).toBe(false);
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 14 * 60 }), args)).toBe(true);
  });

  it("is not blocked by the very request it comes from", async () => {
    const req = await addRequest();
    expect(await insertAppointmentIfFree(db, appointment({ bookingRequestId: req.id }), args)).toBe(true);
    const other = await addRequest({ startMinute: 14 * 60 });
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 14 * 60, bookingRequestId: req.id }), args)).toBe(false);
    expect(other).toBeTruthy();
  });

  it("ignores another professional's busy time", async () => {
    await addAppointment({ userId: other.id });
    expect(await insertAppointmentIfFree(db, appointment(), args)).toBe(true);
  });

  it("lets exactly one of 20 concurrent claims of one slot win", async () => {
    // Five separate connections to the same file, as separate server processes would be.
    const clients = Array.from({ length: 5 }, () => openDb(`file:${path}`));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        insertAppointmentIfFree(clients[i % 5]!, appointment({ notes: `tentativa ${i}` }), args),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.select().from(appointments).where(eq(appointments.userId, pro.id))).toHaveLength(1);
    for (const c of clients) c.$client.close();
  });

  it("lets exactly one of 20 concurrent claims win on one connection, overlapping but different starts", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        insertAppointmentIfFree(db, appointment({ startMinute: i % 2 ? 10 * 60 + 30 : 10 * 60 }), args),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.select().from(appointments)).toHaveLength(1);
  });
});

describe("updateAppointmentIfFree", () => {
  it("moves an appointment to a free time, and within its own time", async () => {
    const a = await addAppointment();
    // 10:30-11:30 overlaps only itself.
    expect(await updateAppointmentIfFree(db, a.id, pro.id, { startMinute: 10 * 60 + 30 }, args)).toBe(true);
    expect(await updateAppointmentIfFree(db, a.id, pro.id, { date: "2025-03-12", startMinute: 15 * 60 }, args)).toBe(true);
    const [row] = await db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row).toMatchObject({ date: "2025-03-12", startMinute: 900 });
  });

  it("refuses to move onto another appointment or a pending request, and changes nothing", async () => {
    const a = await addAppointment();
    await addAppointment({ startMinute: 14 * 60 });
    await addRequest({ startMinute: 16 * 60 });
    expect(await updateAppointmentIfFree(db, a.id, pro.id, { startMinute: 14 * 60 }, args)).toBe(false);
    expect(await updateAppointmentIfFree(db, a.id, pro.id, { startMinute: 16 * 60, notes: "x" }, args)).toBe(false);
    expect(await updateAppointmentIfFree(db, a.id, pro.id, { durationMinutes: 240 }, args)).toBe(false); // into the break
    const [row] = await db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row).toMatchObject({ startMinute: 600, durationMinutes: 60, notes: "" });
  });

  it("answers false for another professional's appointment and leaves it alone", async () => {
    const theirs = await addAppointment({ userId: other.id });
    expect(await updateAppointmentIfFree(db, theirs.id, pro.id, { startMinute: 15 * 60 }, args)).toBe(false);
    expect(await updateAppointmentIfFree(db, theirs.id, pro.id, { notes: "hack" }, args)).toBe(false);
    const [row] = await db.select().from(appointments).where(eq(appointments.id, theirs.id));
    expect(row).toMatchObject({ startMinute: 600, notes: "", userId: other.id });
  });

  it("keeps the time on edits that do not move it, even outside today's offer", async () => {
    const past = await addAppointment({ date: "2025-03-03" });
    expect(await updateAppointmentIfFree(db, past.id, pro.id, { status: "completed", notes: "Pagou no Pix" }, args)).toBe(true);
    const [row] = await db.select().from(appointments).where(eq(appointments.id, past.id));
    expect(row).toMatchObject({ status: "completed", notes: "Pagou no Pix" });
  });

  it("checks the time again when a cancelled appointment comes back", async () => {
    const cancelled = await addAppointment({ status: "cancelled" });
    await addAppointment({ startMinute: 10 * 60 + 30, durationMinutes: 30 });
    expect(await updateAppointmentIfFree(db, cancelled.id, pro.id, { status: "scheduled" }, args)).toBe(false);
    expect(await updateAppointmentIfFree(db, cancelled.id, pro.id, { status: "scheduled", startMinute: 15 * 60 }, args)).toBe(true);
  });

  it("lets one of 20 concurrent moves onto one slot win", async () => {
    const rows = await Promise.all(Array.from({ length: 20 }, (_, i) => addAppointment({ date: "2025-03-12", startMinute: 9 * 60, durationMinutes: 30, notes: String(i) }).catch(() => null)));
    // The setup rows overlap each other on purpose (inserted directly); move them all to 15:00 on DATE.
    const results = await Promise.all(
      rows.map((r) => updateAppointmentIfFree(db, r!.id, pro.id, { date: DATE, startMinute: 15 * 60 }, args)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db.select().from(appointments).where(eq(appointments.date, DATE))).toHaveLength(1);
  });
});

describe("the week in the chair: days off, blocks, extra hours, buffers, expiry, walk-ins", () => {
  const exception = (over: Partial<typeof scheduleExceptions.$inferInsert>) =>
    db.insert(scheduleExceptions).values({ userId: pro.id, kind: "blocked", startDate: DATE, endDate: DATE, ...over });

  it("a closed day, or a range of days covering it, offers nothing and refuses every claim", async () => {
    await exception({ kind: "closed", startDate: "2025-03-10", endDate: "2025-03-12", reason: "Férias" });
    expect(await free()).toEqual([]);
    expect((await bookingRequestClaim(db, { ...request(), id: crypto.randomUUID() }, undefined, NOW)).rowsAffected).toBe(0);
    expect(await insertAppointmentIfFree(db, appointment(), args)).toBe(false);
  });

  it("a blocked range vanishes from the grid; a customer's claim made as it is saved still loses", async () => {
    await exception({ startMinute: 12 * 60, endMinute: 14 * 60 });
    const times = await free();
    expect(times).not.toContain("13:00");
    expect(times).not.toContain("13:30");
    expect(times).toContain("14:00");
    // The claim itself checks the block (a block saved between the page's read and the POST).
    const claim = bookingRequestClaim(db, { ...request({ startMinute: 13 * 60, durationMinutes: 30 }), id: crypto.randomUUID() }, undefined, NOW);
    expect((await claim).rowsAffected).toBe(0);
  });

  it("extra hours open a Sunday", async () => {
    const sunday = "2025-03-16";
    expect(await getFreeSlots(db, { userId: pro.id, date: sunday, durationMinutes: 30, ...args })).toEqual([]);
    await exception({ kind: "open", startDate: sunday, endDate: sunday, startMinute: 9 * 60, endMinute: 10 * 60 });
    expect((await getFreeSlots(db, { userId: pro.id, date: sunday, durationMinutes: 30, ...args })).map(minutesToTime)).toEqual(["09:00", "09:30"]);
  });

  it("a 10-minute buffer pushes the next free time, in the grid and in the claim", async () => {
    await addAppointment({ startMinute: 9 * 60, durationMinutes: 30, bufferMinutes: 10 });
    const times = await getFreeSlots(db, { userId: pro.id, date: DATE, durationMinutes: 30, ...args, stepMinutes: 10 }).then((s) => s.map(minutesToTime));
    expect(times).not.toContain("09:30");
    expect(times).toContain("09:40");
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 9 * 60 + 30, durationMinutes: 30 }), { ...args, stepMinutes: 10 })).toBe(false);
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 9 * 60 + 40, durationMinutes: 30 }), { ...args, stepMinutes: 10 })).toBe(true);
  });

  it("a request not answered in time holds nothing", async () => {
    await addRequest({ startMinute: 10 * 60, durationMinutes: 60, expiresAt: new Date(NOW.getTime() - 1000) });
    expect(await free()).toContain("10:00");
    const claim = bookingRequestClaim(db, { ...request({ customerPhone: "11977776666" }), id: crypto.randomUUID() }, undefined, NOW);
    expect((await claim).rowsAffected).toBe(1);
  });

  it("'Encaixe': the professional books outside working hours after confirming, but never over another appointment", async () => {
    const evening = appointment({ startMinute: 20 * 60, durationMinutes: 30 });
    expect(await insertAppointmentIfFree(db, evening, args)).toBe(false);
    expect(await insertAppointmentIfFree(db, evening, { ...args, walkIn: true })).toBe(true);
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 20 * 60 + 15, durationMinutes: 30 }), { ...args, walkIn: true })).toBe(false);
    // Inside a block too.
    await exception({ startMinute: 15 * 60, endMinute: 16 * 60 });
    expect(await insertAppointmentIfFree(db, appointment({ startMinute: 15 * 60, durationMinutes: 30 }), { ...args, walkIn: true })).toBe(true);
  });
});
