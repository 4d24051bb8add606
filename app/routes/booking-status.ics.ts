import { data } from "react-router";
import type { Route } from "./+types/booking-status.ics";
import { findRequestByToken } from "../utils/booking.server";
import { getDb } from "../utils/db.server";
import { appointmentIcs } from "../utils/ics";

/** The booking as an .ics file for the customer's calendar. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findRequestByToken(getDb(context), params.token);
  if (!found) throw data(null, { status: 404 });
  const { request: r, profile } = found;
  const body = appointmentIcs({
    uid: `${r.id}@agendo.app`,
    title: `${r.serviceName} — ${profile.businessName || profile.fullName}`,
    description: `Agendamento de ${r.serviceName} com ${profile.businessName || profile.fullName}.`,
    location: profile.businessAddress || profile.address,
    date: r.date,
    startMinute: r.startMinute,
    durationMinutes: r.durationMinutes,
    timeZone: profile.timeZone,
    createdAt: r.createdAt,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="agendamento.ics"',
      "Cache-Control": "no-store",
    },
  });
}
