import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { profiles, workingHours } from "../../db/schema";
import { loader as settingsLoader } from "../../app/routes/settings";
import { loader as indexLoader } from "../../app/routes/settings._index";
import { action, loader } from "../../app/routes/settings.hours";
import { DEFAULT_SETTINGS_TAB, SETTINGS_TABS } from "../../app/components/settings/tabs";
import { getFreeSlots } from "../../app/domain/availability/slot-claims.server";
import type { Db } from "../../app/utils/db.server";
import { minutesToTime } from "../../app/domain/dates";
import { INVALID_HOURS, INVALID_TIME_ZONE, SAVE_HOURS_FAILED } from "../../app/validation/working-hours";
import { createTestDb, userContextFor } from "../support/db";
import { createProfessional } from "../support/factories";
import { callAction, callLoader, replyOf } from "../support/routes";

type Day = { isActive?: boolean; startTime?: string; endTime?: string; hasBreak?: boolean; breakStartTime?: string; breakEndTime?: string };

/** The week as the browser posts it: days[0] = Sunday ... days[6] = Saturday. */
function weekForm(overrides: Record<number, Day> = {}): Record<string, string> {
  const fields: Record<string, string> = { intent: "hours" };
  for (let dow = 0; dow < 7; dow++) {
    const day: Day = {
      isActive: dow !== 0,
      startTime: "09:00",
      endTime: "18:00",
      hasBreak: false,
      breakStartTime: "12:00",
      breakEndTime: "13:00",
      ...overrides[dow],
    };
    if (day.isActive) fields[`days[${dow}].isActive`] = "on";
    if (day.hasBreak) fields[`days[${dow}].hasBreak`] = "on";
    for (const key of ["startTime", "endTime", "breakStartTime", "breakEndTime"] as const) {
      if (day[key] !== undefined) fields[`days[${dow}].${key}`] = day[key]!;
    }
  }
  return fields;
}

let db: Db;
let pro: { id: string; email: string };

beforeEach(async () => {
  db = createTestDb();
  pro = await createProfessional(db);
});

const PATH = "/configuracoes/horarios";
const post = (fields: Record<string, string>, who = pro) => callAction(action, { db, as: who, path: PATH, form: fields });
const load = (who = pro) => callLoader(loader, { db, as: who, path: PATH });

const rowsOf = (userId: string) =>
  db.select().from(workingHours).where(eq(workingHours.userId, userId)).orderBy(workingHours.dayOfWeek);

/** What data() returned: the payload and status of a non-redirect answer. */
function failure(res: Awaited<ReturnType<typeof action>>) {
  const r = replyOf(res);
  if (!("result" in r.data)) throw new Error(`expected a form's reply, got ${JSON.stringify(r.data)}`);
  return { status: r.init?.status, error: r.data.result.error ?? {}, initialValue: r.data.result.initialValue, intent: r.data.intent };
}

describe("/configuracoes/horarios loader", () => {
  it("suggests for days never saved the spec's 09:00-18:00 without a break, Monday to Saturday, Sunday closed", async () => {
    const data = await load();
    expect(data.neverSaved).toBe(true);
    expect(data.days).toHaveLength(7);
    for (const [dow, day] of data.days.entries()) {
      expect(day).toEqual({ isActive: dow !== 0, startTime: "09:00", endTime: "18:00", breakStartTime: null, breakEndTime: null });
    }
    expect(data.timeZone).toBe("America/Sao_Paulo");
    expect(data.slotStepMinutes).toBe(30);
  });
});

describe("saving the week", () => {
  it("upserts all seven days in one post and says so", async () => {
    const res = await post(
      weekForm({
        0: { isActive: true, startTime: "10:00", endTime: "14:00" },
        1: { hasBreak: true, breakStartTime: "12:00", breakEndTime: "13:00" },
        6: { isActive: false },
      }),
    );
    expect(res).toHaveRedirect(PATH);
    await expect(res).toSendToast({ type: "success", description: "Horários de trabalho salvos com sucesso." });

    const rows = await rowsOf(pro.id);
    expect(rows.map((r) => [r.dayOfWeek, r.isActive, r.startTime, r.endTime, r.breakStartTime, r.breakEndTime])).toEqual([
      [0, true, "10:00", "14:00", null, null],
      [1, true, "09:00", "18:00", "12:00", "13:00"],
      [2, true, "09:00", "18:00", null, null],
      [3, true, "09:00", "18:00", null, null],
      [4, true, "09:00", "18:00", null, null],
      [5, true, "09:00", "18:00", null, null],
      [6, false, "09:00", "18:00", null, null],
    ]);

    const data = await load();
    expect(data.neverSaved).toBe(false);
    expect(data.days[0]).toMatchObject({ isActive: true, startTime: "10:00", endTime: "14:00" });
    expect(data.days[1]).toMatchObject({ breakStartTime: "12:00", breakEndTime: "13:00" });
    expect(data.days[6]).toMatchObject({ isActive: false });

    // The booking offer follows at once: Sunday 16/03/2025 now opens at 10:00.
    const sunday = await getFreeSlots(db, {
      userId: pro.id,
      date: "2025-03-16",
      durationMinutes: 60,
      timeZone: "America/Sao_Paulo",
      stepMinutes: 30,
      now: new Date("2025-03-10T12:00:00Z"),
    });
    expect(sunday.map(minutesToTime)).toEqual(["10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00"]);
  });

  it("updates the same rows on a second save", async () => {
    await post(weekForm());
    const before = await rowsOf(pro.id);
    await post(weekForm({ 2: { startTime: "08:00", endTime: "12:00", hasBreak: false } }));
    const after = await rowsOf(pro.id);
    expect(after).toHaveLength(7);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after[2]).toMatchObject({ startTime: "08:00", endTime: "12:00" });
  });

  it("drops the break times when the break is off", async () => {
    await post(weekForm({ 1: { hasBreak: false, breakStartTime: "12:00", breakEndTime: "13:00" } }));
    const [monday] = await db.select().from(workingHours).where(and(eq(workingHours.userId, pro.id), eq(workingHours.dayOfWeek, 1)));
    expect(monday).toMatchObject({ breakStartTime: null, breakEndTime: null });
  });

  it("does not check a closed day's times, and stores defaults for malformed ones", async () => {
    const res = await post(weekForm({ 0: { isActive: false, startTime: "18:00", endTime: "09:00" }, 6: { isActive: false, startTime: "xx" } }));
    expect(res).toHaveRedirect(PATH);
    const rows = await rowsOf(pro.id);
    expect(rows[0]).toMatchObject({ isActive: false, startTime: "18:00", endTime: "09:00" });
    expect(rows[6]).toMatchObject({ isActive: false, startTime: "09:00", endTime: "18:00" });
  });

  it("touches only the signed-in professional's rows", async () => {
    const other = await createProfessional(db);
    await post(weekForm({ 3: { startTime: "07:00" } }), other);
    await post(weekForm({ 3: { startTime: "10:00" } }));
    expect((await rowsOf(other.id))[3]).toMatchObject({ startTime: "07:00" });
    expect((await rowsOf(pro.id))[3]).toMatchObject({ startTime: "10:00" });
  });
});

describe("invalid weeks: 400, the message beside the day, nothing saved, input kept", () => {
  it.each([
    ["end before start", { 1: { startTime: "18:00", endTime: "09:00" } }],
    ["end equal to start", { 1: { startTime: "09:00", endTime: "09:00" } }],
    ["break before opening", { 1: { hasBreak: true, breakStartTime: "08:00", breakEndTime: "09:30" } }],
    ["break after closing", { 1: { hasBreak: true, breakStartTime: "17:30", breakEndTime: "18:30" } }],
    ["break end before break start", { 1: { hasBreak: true, breakStartTime: "13:00", breakEndTime: "12:00" } }],
    ["not a time", { 1: { startTime: "9h" } }],
    ["missing time", { 1: { startTime: undefined } }],
  ] as const)("%s", async (_, overrides) => {
    const res = await post(weekForm(overrides as Record<number, Day>));
    const f = failure(res);
    expect(f.status).toBe(400);
    expect(f.intent).toBe("hours");
    expect(f.error["days[1]"]).toEqual([INVALID_HOURS]);
    expect(Object.keys(f.error)).toEqual(["days[1]"]);
    expect(await rowsOf(pro.id)).toHaveLength(0);
    const typed = (f.initialValue!.days as Record<string, unknown>[])[1];
    const day = (overrides as Record<number, Day>)[1]!;
    if (day.startTime) expect(typed?.startTime).toBe(day.startTime);
  });

  it("flags each faulty day and keeps the saved week unchanged", async () => {
    await post(weekForm());
    const before = await rowsOf(pro.id);
    const f = failure(await post(weekForm({ 0: { isActive: true, startTime: "14:00", endTime: "10:00" }, 4: { endTime: "08:00" } })));
    expect(f.status).toBe(400);
    expect(Object.keys(f.error).sort()).toEqual(["days[0]", "days[4]"]);
    expect(await rowsOf(pro.id)).toEqual(before);
  });

  it("answers 400, never 500, to a mangled post", async () => {
    expect(failure(await post({ intent: "hours" })).status).toBe(400);
    expect(failure(await post({ intent: "hours", "days[0].isActive": "sim" })).status).toBe(400);
    expect(failure(await post({ ...weekForm(), "days[2].startTime": "x".repeat(5000) })).status).toBe(400);
    expect(failure(await post({ ...weekForm(), "days[7].startTime": "10:00" })).status).toBe(400);
    expect(failure(await post({ intent: "outra-coisa" })).status).toBe(400);
    expect(await rowsOf(pro.id)).toHaveLength(0);
  });

  it("says 'Erro ao salvar os horários' when the database fails, keeping the input", async () => {
    const context = await userContextFor(db, pro);
    db.$client.close();
    const f = failure(await callAction(action, { context, path: PATH, form: weekForm() }));
    expect(f.status).toBe(500);
    expect(f.error[""]).toEqual([SAVE_HOURS_FAILED]);
    expect(f.initialValue).toBeTruthy();
  });
});

describe("time zone and slot step", () => {
  it("saves an allowed zone and step", async () => {
    const res = await post({ intent: "preferences", timeZone: "America/Manaus", slotStepMinutes: "15" });
    expect(res).toHaveRedirect(PATH);
    await expect(res).toSendToast({ type: "success" });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, pro.id));
    expect(profile).toMatchObject({ timeZone: "America/Manaus", slotStepMinutes: 15 });
    expect(await load()).toMatchObject({ timeZone: "America/Manaus", slotStepMinutes: 15 });
  });

  it("refuses other zones with 'Timezone inválido' and other steps, changing nothing", async () => {
    expect(await post({ intent: "preferences", timeZone: "Europe/Lisbon", slotStepMinutes: "30" })).toHaveFieldError(
      "timeZone",
      INVALID_TIME_ZONE,
    );
    let f = failure(await post({ intent: "preferences", timeZone: "America/Recife", slotStepMinutes: "45" }));
    expect(f.status).toBe(400);
    expect(f.error.slotStepMinutes).toBeTruthy();
    f = failure(await post({ intent: "preferences", slotStepMinutes: "abc" }));
    expect(f.status).toBe(400);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, pro.id));
    expect(profile).toMatchObject({ timeZone: "America/Sao_Paulo", slotStepMinutes: 30 });
  });
});

describe("/configuracoes", () => {
  const open = (search = "") => callLoader(indexLoader, { db, path: `/configuracoes${search}` });

  it("opens the default tab, and the spec's ?tab= links open their tab's route", async () => {
    expect(await open()).toHaveRedirect(DEFAULT_SETTINGS_TAB);
    expect(await open("?tab=horarios")).toHaveRedirect("/configuracoes/horarios");
    expect(await open("?tab=inexistente")).toHaveRedirect(DEFAULT_SETTINGS_TAB);
    // The Perfil tab once its route exists, the default tab until then.
    const perfil = SETTINGS_TABS.some((t) => t.tab === "perfil") ? "/configuracoes/perfil" : DEFAULT_SETTINGS_TAB;
    expect(await open("?tab=perfil")).toHaveRedirect(perfil);
  });

  it("shows PERÍODO GRÁTIS during the trial", async () => {
    const data = await callLoader(settingsLoader, { db, as: pro, path: PATH });
    expect(data).toEqual({ badge: "trial" });
  });
});
