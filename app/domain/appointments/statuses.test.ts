import { describe, expect, it } from "vitest";
import { actionsAt, hasStarted, statusActionsFor, undoAllowed, undoTarget } from "./statuses";
import { nowInZone } from "../dates";

describe("hasStarted", () => {
  const appt = { date: "2025-03-11", startMinute: 14 * 60 };

  it("compares the local date first, then the minute", () => {
    expect(hasStarted(appt, { date: "2025-03-10", minute: 23 * 60 + 59 })).toBe(false);
    expect(hasStarted(appt, { date: "2025-03-11", minute: 14 * 60 - 1 })).toBe(false);
    expect(hasStarted(appt, { date: "2025-03-11", minute: 14 * 60 })).toBe(true);
    expect(hasStarted(appt, { date: "2025-03-12", minute: 0 })).toBe(true);
  });

  it("follows the professional's zone, not UTC", () => {
    // 17:30 UTC is 14:30 in São Paulo (UTC-3) but 13:30 in Manaus (UTC-4).
    const instant = new Date("2025-03-11T17:30:00Z");
    expect(hasStarted(appt, nowInZone("America/Sao_Paulo", instant))).toBe(true);
    expect(hasStarted(appt, nowInZone("America/Manaus", instant))).toBe(false);
    // 02:30 UTC on the 12th is still the 11th at 23:30 in São Paulo: an appointment of the
    // 12th at 00:00 has not started there.
    const lateNight = new Date("2025-03-12T02:30:00Z");
    expect(hasStarted({ date: "2025-03-12", startMinute: 0 }, nowInZone("America/Sao_Paulo", lateNight))).toBe(false);
    expect(hasStarted({ date: "2025-03-12", startMinute: 0 }, { date: "2025-03-12", minute: 150 })).toBe(true);
  });
});

describe("statusActionsFor", () => {
  const before = { started: false, undoable: false };
  const after = { started: true, undoable: false };

  it("offers 'Concluir' and 'Não compareceu' only once the appointment has started", () => {
    expect(statusActionsFor("scheduled", before)).toEqual(["confirm", "cancel"]);
    expect(statusActionsFor("confirmed", before)).toEqual(["cancel"]);
    expect(statusActionsFor("scheduled", after)).toEqual(["confirm", "complete", "no-show", "cancel"]);
    expect(statusActionsFor("confirmed", after)).toEqual(["complete", "no-show", "cancel"]);
  });

  it("offers 'Desfazer' on final statuses only, and only when allowed", () => {
    for (const status of ["completed", "no_show", "cancelled"] as const) {
      expect(statusActionsFor(status, after)).toEqual([]);
      expect(statusActionsFor(status, { started: true, undoable: true })).toEqual(["undo"]);
    }
    // An active appointment has nothing to undo, whatever the flag says.
    expect(statusActionsFor("scheduled", { started: true, undoable: true })).not.toContain("undo");
  });
});

describe("undoAllowed", () => {
  it("only for a final status changed today", () => {
    expect(undoAllowed("completed", "2025-03-11", "2025-03-11")).toBe(true);
    expect(undoAllowed("no_show", "2025-03-11", "2025-03-11")).toBe(true);
    expect(undoAllowed("cancelled", "2025-03-11", "2025-03-11")).toBe(true);
    expect(undoAllowed("completed", "2025-03-10", "2025-03-11")).toBe(false);
    expect(undoAllowed("scheduled", "2025-03-11", "2025-03-11")).toBe(false);
    expect(undoAllowed("confirmed", "2025-03-11", "2025-03-11")).toBe(false);
  });

  it("the day is the professional's: 01:00 UTC is still yesterday in Brazil", () => {
    const changedAt = new Date("2025-03-11T22:00:00Z"); // 19:00 in São Paulo on the 11th
    const nextMorningUtc = new Date("2025-03-12T01:00:00Z"); // 22:00 in São Paulo, still the 11th
    const zone = "America/Sao_Paulo";
    expect(undoAllowed("completed", nowInZone(zone, changedAt).date, nowInZone(zone, nextMorningUtc).date)).toBe(true);
    const nextDay = new Date("2025-03-12T03:00:00Z"); // 00:00 on the 12th in São Paulo
    expect(undoAllowed("completed", nowInZone(zone, changedAt).date, nowInZone(zone, nextDay).date)).toBe(false);
  });
});

describe("undoTarget", () => {
  it("goes back to Confirmado for an accepted booking request, Agendado otherwise", () => {
    expect(undoTarget({ bookingRequestId: "req-1" })).toBe("confirmed");
    expect(undoTarget({ bookingRequestId: null })).toBe("scheduled");
  });
});

describe("actionsAt", () => {
  it("reads the start and the day of the change in the professional's zone", () => {
    const now = new Date("2025-03-11T17:30:00Z"); // 14:30 in São Paulo, 13:30 in Manaus
    const appt = { status: "scheduled" as const, date: "2025-03-11", startMinute: 14 * 60 };
    expect(actionsAt(appt, now, "America/Sao_Paulo", now)).toEqual(["confirm", "complete", "no-show", "cancel"]);
    expect(actionsAt(appt, now, "America/Manaus", now)).toEqual(["confirm", "cancel"]);
    // Completed at 23:30 on the 10th in São Paulo (02:30 UTC on the 11th): the next day, no undo.
    const done = { ...appt, status: "completed" as const };
    expect(actionsAt(done, new Date("2025-03-11T02:30:00Z"), "America/Sao_Paulo", now)).toEqual([]);
    // In Manaus that was 22:30 on the 10th too; changed at 04:30 UTC (00:30 in Manaus) it is today.
    expect(actionsAt(done, new Date("2025-03-11T04:30:00Z"), "America/Manaus", now)).toEqual(["undo"]);
  });
});
