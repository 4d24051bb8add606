// The agenda as a calendar ('Dia' and 'Semana') from the address: the view (remembered per
// device), the date and the appointments asked about, read and laid out by
// domain/appointments/calendar.server.ts; and the calendar's links. (Answering a request:
// shared/request-answers.)
import { createCookie } from "react-router";
import type { CurrentUser } from "../domain/accounts/access.server";
import { calendarDate } from "../domain/appointments/calendar-dates";
import { readCalendar } from "../domain/appointments/calendar.server";
import type { AgendaView, CalendarView } from "../domain/appointments/calendar-types";
import { nowInZone } from "../domain/dates";
import { notFound } from "../utils/actions.server";
import type { Db } from "../utils/db.server";
import { isSecure } from "../utils/session.server";
import { whatsappConfig } from "../utils/whatsapp.server";
import { askedId, viewHref, viewLinks } from "./shared/calendar-links";

// ---------------------------------------------------------------- the view and its cookie

const VIEWS: readonly AgendaView[] = ["dia", "semana", "lista"];

function isAgendaView(value: unknown): value is AgendaView {
  return VIEWS.includes(value as AgendaView);
}

/** The list's own parameters: an address carrying them (a filter, a page) is the list. */
const LIST_ONLY_PARAMS = ["periodo", "de", "ate", "pagina"];

/** The view last chosen on this device, for a year; not sensitive, so unsigned (docs/decisions/0641). */
const viewCookie = createCookie("agenda_vista", {
  // "/": the browser sends it with the data requests too (/agenda.data is not under /agenda/).
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * Which view to show: the one in the address (remembered in the cookie when it changes), the
 * list when the address carries the list's filter or page, else the remembered one, else 'Dia'.
 */
export async function resolveAgendaView(request: Request, params: URLSearchParams) {
  let saved: unknown = null;
  try {
    saved = await viewCookie.parse(request.headers.get("Cookie"));
  } catch {
    saved = null; // a mangled cookie is as good as none
  }
  const asked = params.get("vista");
  if (isAgendaView(asked)) {
    const header = asked === saved ? null : await viewCookie.serialize(asked, { secure: isSecure(request) });
    return { view: asked, header };
  }
  if (LIST_ONLY_PARAMS.some((name) => params.has(name))) return { view: "lista" as const, header: null };
  return { view: isAgendaView(saved) ? saved : ("dia" as const), header: null };
}

// ---------------------------------------------------------------- the calendar

/**
 * A day or a week (Monday to Sunday) of the calendar, with the summary cards, the appointment
 * whose actions are open (?ver=) and the one a deletion or a cancel asks about
 * (?confirmar-exclusao=, ?confirmar-cancelamento=; missing or someone else's: 404).
 */
export async function loadCalendar(db: Db, user: CurrentUser, url: URL, view: CalendarView, now = new Date()) {
  const sp = url.searchParams;
  const today = nowInZone(user.profile.timeZone, now).date;
  const date = calendarDate(sp.get("data"), today);
  const calendar = await readCalendar(db, user, {
    view,
    date,
    ask: { viewing: askedId(sp, "ver"), deleting: askedId(sp, "confirmar-exclusao"), cancelling: askedId(sp, "confirmar-cancelamento") },
    now,
    whatsapp: whatsappConfig(),
    dayHref: (day) => viewHref("/agenda", "dia", day, today),
  });
  if (!calendar) notFound();
  const links = {
    ...viewLinks("/agenda", view, date, today),
    lista: "/agenda?vista=lista",
    newAppointment: view === "dia" && date >= today ? `/agenda?novo=1&date=${date}` : "/agenda?novo=1",
  };
  return { ...calendar, links, closeDetail: links.self };
}

export type CalendarData = Awaited<ReturnType<typeof loadCalendar>>;
