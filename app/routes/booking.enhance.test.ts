import { describe, expect, it } from "vitest";
import { formatPhone } from "../domain/phone";
import { isBookingComplete, isNameInputAllowed, isNotesInputAllowed, LIVE_INPUT } from "../validation/booking";
import { BOOKING_PAGE_SCRIPT, LIVE_CHECKS_SOURCE, LIVE_RULES, type LiveChecks } from "./booking.enhance";

describe("the booking page's script", () => {
  it("runs the validation's own live checks, written in whole, with nothing else in scope", () => {
    const checks = new Function(`"use strict"; return ${LIVE_CHECKS_SOURCE};`)() as LiveChecks;
    const name = { max: LIVE_RULES.name.max, chars: new RegExp(LIVE_RULES.name.pattern, LIVE_RULES.name.flags) };
    for (const values of [{ name: "Ana", phone: "(11) 9" }, { name: " ", phone: "11988887777" }, { name: "Ana", phone: "() -" }]) {
      expect(checks.complete(values)).toBe(isBookingComplete(values));
    }
    for (const value of ["", "Conceição ", "Ana1", "a".repeat(101)]) {
      expect(checks.nameAllowed(value, name)).toBe(isNameInputAllowed(value));
    }
    for (const value of ["x".repeat(500), "x".repeat(501)]) {
      expect(checks.notesAllowed(value, LIVE_RULES.notes)).toBe(isNotesInputAllowed(value, LIVE_INPUT.notes));
    }
    expect(checks.mask("(11) 98888-77779")).toBe(formatPhone("(11) 98888-77779"));
    expect(BOOKING_PAGE_SCRIPT).toContain(LIVE_CHECKS_SOURCE);
  });
});
