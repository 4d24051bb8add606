// The agenda's create/edit form as posted: checked against appointmentSchema (its messages beside
// the fields), then read into what the save plans from (domain/appointments/save).
import { parseForm } from "./parse-form";
import type { SaveIntent } from "../domain/appointments/save/plan.server";
import type { SeriesInterval } from "../domain/appointments/series";
import { cleanReason } from "../domain/notifications/change-notices";
import { appointmentSchema, chosenTime } from "./appointments";

/** The posted choice for one date of a previewed series ('keep', 'skip' or a time). */
const OCCURRENCE = "ocorrencia-";
export const occurrenceField = (date: string) => `${OCCURRENCE}${date}`;

/** Each previewed date's choice, as posted (the first value of a field; "" when it is not text). */
function occurrenceChoices(form: FormData): Map<string, string> {
  const choices = new Map<string, string>();
  for (const [name, value] of form.entries()) {
    const date = name.startsWith(OCCURRENCE) ? name.slice(OCCURRENCE.length) : "";
    if (date && !choices.has(date)) choices.set(date, typeof value === "string" ? value : "");
  }
  return choices;
}

/** The submission (for the form's reply) and, when it is valid, the intent it carries. */
export function parseAppointmentForm(form: FormData, bounds: { today: string; maxDate: string; keepDate?: string }) {
  const submission = parseForm(form, { schema: appointmentSchema(bounds) });
  if (submission.status !== "success") return { submission, intent: null };
  const input = submission.value;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const intent: SaveIntent = {
    clientId: input.clientId,
    serviceId: input.serviceId,
    date: input.date,
    time: chosenTime(input),
    timeField: input.otherTime ? "otherTime" : "time",
    notes: input.notes ?? "",
    repeat: input.repeat && input.repeat !== "0" ? (Number(input.repeat) as SeriesInterval) : null,
    end: input.endKind === "until" ? { until: input.until ?? "" } : { count: Number(input.count) },
    fingerprint: text("fingerprint"),
    occurrences: occurrenceChoices(form),
    walkIn: text("encaixe"),
    notify: text("avisar") === "1",
    reason: cleanReason(input.motivo),
    scope: text("scope") === "following" ? "following" : "this",
  };
  return { submission, intent };
}
