import type { Route } from "./+types/booking-status.ics";
import { findRequestByToken } from "../domain/booking-requests/customer-view.server";
import { requireFound } from "../utils/actions.server";
import { getDb } from "../utils/db.server";
import { appointmentIcs, type IcsStatus } from "../domain/formats/icalendar";
import { professionalLabel } from "../domain/notifications/change-notices";

const ICS_STATUS: Record<string, IcsStatus> = { pending: "TENTATIVE", accepted: "CONFIRMED", declined: "CANCELLED", cancelled: "CANCELLED", expired: "CANCELLED" };

/**
 * The booking as an .ics file for the customer's calendar, as it stands now: tentative while
 * pending, confirmed once accepted, a cancellation once cancelled (saying who cancelled and why),
 * declined or expired. Its revision (SEQUENCE) grows with every change, so each newer copy wins.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = requireFound(await findRequestByToken(getDb(context), params.token));
  const { request: r, profile, changedBy } = found;
  const professional = professionalLabel(profile);
  const cancelled =
    changedBy.cancelled === "professional"
      ? ` Cancelado pelo profissional.${changedBy.reason ? ` Motivo: ${changedBy.reason}` : ""}`
      : changedBy.cancelled === "customer"
        ? " Cancelado por você."
        : "";
  const body = appointmentIcs({
    uid: `${r.id}@agendo.app`,
    title: `${r.serviceName} — ${professional}`,
    description: `Agendamento de ${r.serviceName} com ${professional}.${cancelled}`,
    location: profile.businessAddress || profile.address,
    date: r.date,
    startMinute: r.startMinute,
    durationMinutes: r.durationMinutes,
    timeZone: profile.timeZone,
    status: ICS_STATUS[r.status] ?? "TENTATIVE",
    sequence: found.icsSequence,
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
