// Configurações > Horários > 'Calendários externos' on the server: the list with each one's
// state, adding one (read once before it is saved) and removing one.
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "../validation/parse-form";
import { data } from "react-router";
import { addCalendar, calendarStatus, getCalendar, listCalendars, MAX_CALENDARS, removeCalendar } from "../domain/calendars/calendars.server";
import { maskedFeedUrl } from "../domain/calendars/addresses";
import { loopbackAllowed } from "../domain/calendars/fetch-feed.server";
import { FeedTooComplexError } from "../domain/calendars/feed-work";
import { attemptWrite, notFound, WRITE_FAILED } from "../utils/actions.server";
import type { Db } from "../utils/db.server";
import { hit, LIMIT_KEYS, LIMITS } from "../utils/rate-limit.server";
import { redirectWithToast } from "../utils/toast.server";
import { CALENDAR_LIMIT, CALENDAR_TOO_COMPLEX, CALENDAR_UNREADABLE, externalCalendarSchema } from "../validation/external-calendars";
import type { CurrentUser } from "../domain/accounts/access.server";

export const CALENDARS_ANCHOR = "#calendarios";
const HOURS_PATH = "/configuracoes/horarios";

export async function calendarsSection(db: Db, user: CurrentUser, params: URLSearchParams) {
  const rows = await listCalendars(db, user.id);
  const removingId = params.get("remover-calendario");
  const removing = removingId === null ? null : (rows.find((r) => r.id === removingId) ?? notFound());
  return {
    calendars: rows.map((r) => ({ id: r.id, name: r.name, address: maskedFeedUrl(r.url), ...calendarStatus(r, user.profile.timeZone) })),
    removing: removing ? { id: removing.id, name: removing.name } : null,
    full: rows.length >= MAX_CALENDARS,
  };
}

export type CalendarActionData = { intent: "calendar"; result: SubmissionResult<string[]> };

const reply = (result: SubmissionResult<string[]>, status = 400) => data<CalendarActionData>({ intent: "calendar", result }, { status });

export async function addCalendarAction(request: Request, db: Db, user: CurrentUser, form: FormData) {
  const submission = parseForm(form, { schema: externalCalendarSchema({ allowLoopback: loopbackAllowed() }) });
  if (submission.status !== "success") return reply(submission.reply());
  const urlError = (message: string) => reply(submission.reply({ fieldErrors: { url: [message] } }));
  if ((await listCalendars(db, user.id)).length >= MAX_CALENDARS) return urlError(CALENDAR_LIMIT);
  if (!(await hit(db, LIMIT_KEYS.calendarAdds(user.id), LIMITS.calendarAddsPerUser)).allowed) {
    return urlError("Muitas tentativas seguidas. Tente de novo daqui a uma hora.");
  }
  const owner = { userId: user.id, email: user.email, timeZone: user.profile.timeZone, bookingWindow: user.profile.bookingWindow };
  const added = await attemptWrite("adding an external calendar", () => addCalendar(db, owner, submission.value), (error) =>
    error instanceof FeedTooComplexError ? ("too-complex" as const) : ("unreadable" as const),
  );
  if (added === "too-complex") return urlError(CALENDAR_TOO_COMPLEX);
  if (added === "unreadable" || added === WRITE_FAILED) return urlError(CALENDAR_UNREADABLE);
  return redirectWithToast(request, `${HOURS_PATH}${CALENDARS_ANCHOR}`, {
    type: "success",
    title: "Calendário adicionado",
    description: `Os horários ocupados de "${submission.value.name}" não serão mais oferecidos aos clientes.`,
  });
}

export async function removeCalendarAction(request: Request, db: Db, user: CurrentUser, id: string) {
  if (!(await getCalendar(db, user.id, id))) notFound();
  const removed = (await removeCalendar(db, user.id, id)) ?? notFound();
  return redirectWithToast(request, `${HOURS_PATH}${CALENDARS_ANCHOR}`, {
    type: "success",
    title: "Calendário removido",
    description: `Os horários de "${removed.name}" voltaram a ser oferecidos.`,
  });
}
