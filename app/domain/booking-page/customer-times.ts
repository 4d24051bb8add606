// The times a customer is offered on a date, by the booking page and by the status page's
// 'Remarcar' alike: the slot rules (slots.ts) with the professional's rules for customers
// (minimum notice, how far ahead). Pure: the pages feed it the rows they read in their batch.
import type { BookingWindow } from "../../../db/schema";
import { computeSlots, dayPlan, lastBookableDate, type BusyInterval, type DayException, type DayHours } from "../availability/slots";
import { isIsoDate, minutesToTime, nowInZone } from "../dates";

/** The professional's rules for what a customer may book. */
export type CustomerRules = {
  timeZone: string;
  slotStepMinutes: number;
  minNoticeMinutes: number;
  bookingWindow: BookingWindow;
};

/** Today in the professional's zone and the last date a customer may choose. */
export function customerDateRange(rules: Pick<CustomerRules, "timeZone" | "bookingWindow">, now: Date) {
  const today = nowInZone(rules.timeZone, now).date;
  return { today, maxDate: lastBookableDate(today, rules.bookingWindow) };
}

/** The date asked for, when it is a real date a customer may choose; else null. */
export function choosableDate(asked: string | null | undefined, range: { today: string; maxDate: string }): string | null {
  return isIsoDate(asked) && asked >= range.today && asked <= range.maxDate ? asked : null;
}

/**
 * What a customer sees for a date: closed all day ('Folgas e bloqueios', with its public
 * reason), or the free start times ("HH:mm") for a service of this duration and buffer.
 */
export function customerTimes(input: {
  date: string;
  durationMinutes: number;
  bufferMinutes: number;
  rules: CustomerRules;
  hours: DayHours | null;
  exceptions: readonly DayException[];
  busy: BusyInterval[];
  now: Date;
  maxDate: string;
}): { closed: { reason: string | null } | null; times: string[] } {
  const closed = dayPlan(input.hours, input.exceptions).closed;
  if (closed) return { closed, times: [] };
  const free = computeSlots({
    date: input.date,
    durationMinutes: input.durationMinutes,
    bufferMinutes: input.bufferMinutes,
    stepMinutes: input.rules.slotStepMinutes,
    hours: input.hours,
    exceptions: input.exceptions,
    busy: input.busy,
    now: input.now,
    timeZone: input.rules.timeZone,
    noticeMinutes: input.rules.minNoticeMinutes,
    maxDate: input.maxDate,
  });
  return { closed: null, times: free.map(minutesToTime) };
}
