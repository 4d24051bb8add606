// 'Equipe' from the address: the view and date (?vista=dia|semana&data=, so previous/next/'Hoje'
// are links and JS off works) and the appointment asked about, read and laid out by
// domain/team/team-calendar.server.ts; and the page's links.
import type { CurrentUser } from "../domain/accounts/access.server";
import { calendarDate } from "../domain/appointments/calendar-dates";
import { nowInZone } from "../domain/dates";
import { readTeamCalendar } from "../domain/team/team-calendar.server";
import type { TeamView } from "../domain/team/team-types";
import type { Db } from "../utils/db.server";
import { whatsappConfig } from "../utils/whatsapp.server";
import { askedId, viewHref, viewLinks } from "./shared/calendar-links";

function isTeamView(value: unknown): value is TeamView {
  return value === "dia" || value === "semana";
}

/** The owner's 'Equipe' page, or null (no team of their own, or an appointment that is not the team's): the route answers 404. */
export async function loadTeam(db: Db, user: CurrentUser, url: URL, now = new Date()) {
  const sp = url.searchParams;
  const today = nowInZone(user.profile.timeZone, now).date;
  const vista = sp.get("vista");
  const view: TeamView = isTeamView(vista) ? vista : "dia";
  const date = calendarDate(sp.get("data"), today);
  const links = viewLinks("/equipe", view, date, today);
  const page = await readTeamCalendar(db, user, {
    view,
    date,
    ask: { viewing: askedId(sp, "ver"), cancelling: askedId(sp, "confirmar-cancelamento") },
    now,
    whatsapp: whatsappConfig(),
    hrefs: { appointment: (id) => `${links.self}&ver=${encodeURIComponent(id)}`, day: (day) => viewHref("/equipe", "dia", day, today) },
  });
  return page && { ...page, links };
}
