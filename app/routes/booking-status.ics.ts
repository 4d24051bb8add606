import { data } from "react-router";
import type { Route } from "./+types/booking-status.ics";
import { findRequestByToken } from "../domain/booking-requests/booking-requests.server";
import { getDb } from "../utils/db.server";
import { appointmentIcs, type IcsStatus } from "../domain/booking-requests/calendar-file";

const ICS_STATUS: Record<string, IcsStatus> = { pending: "TENTATIVE", accepted: "CONFIRMED", declined: "CANCELLED", cancelled: "CANCELLED", expired: "CANCELLED" };

/**
 * The booking as an .ics file for the customer's calendar, as it stands now: tentative while
 * pending, confirmed once accepted, a cancellation once cancelled, declined or expired. Its revision
 * (SEQUENCE) is the seconds from the booking to its latest change, so each newer copy wins.
 */
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
    status: ICS_STATUS[r.status] ?? "TENTATIVE",
    sequence: Math.max(0, Math.floor((r.updatedAt.getTime() - r.createdAt.getTime()) / 1000)),
    stamp: new Date(),
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
