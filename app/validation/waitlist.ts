// The waiting list's form ('Avise-me se abrir um horário'): name, phone and optional e-mail by the
// booking form's very rules (validateBookingSubmission, with the end of the chosen day as the
// time: a day not yet over, within the booking window), and the period.
import type { WaitlistPeriod } from "../../db/schema";
import { isWaitlistPeriod } from "../domain/waitlist/periods";
import { validateBookingSubmission, type BookingContext } from "./booking";

export const PERIOD_REQUIRED = "Escolha o período que serve para você.";
export const DAY_INVALID = "Escolha um dia entre hoje e a última data da agenda.";
export const PERIOD_NOT_OFFERED = "Neste dia não há horários nesse período. Escolha outro período.";

export type WaitlistField = "form" | "name" | "phone" | "email" | "period";
export type WaitlistValidation =
  | { ok: true; value: { name: string; phone: string; email: string; period: WaitlistPeriod } }
  | { ok: false; field: WaitlistField; message: string };

export function validateWaitlistSignup(input: Record<string, string | undefined>, ctx: Omit<BookingContext, "startMinute">): WaitlistValidation {
  const person = validateBookingSubmission({ ...input, notes: "" }, { ...ctx, startMinute: 24 * 60 - 1 });
  if (!person.ok) {
    if (person.field === "time") return { ok: false, field: "form", message: DAY_INVALID };
    if (person.field === "notes") return { ok: false, field: "form", message: person.message };
    return { ok: false, field: person.field, message: person.message };
  }
  if (!isWaitlistPeriod(input.periodo)) return { ok: false, field: "period", message: PERIOD_REQUIRED };
  const { name, phone, email } = person.value;
  return { ok: true, value: { name, phone, email, period: input.periodo } };
}
