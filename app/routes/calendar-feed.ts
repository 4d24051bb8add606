import type { Route } from "./+types/calendar-feed";
import { feedFor } from "../domain/appointments/calendar-feed.server";
import { getDb } from "../utils/db.server";
import { requireFound } from "../utils/actions.server";

/**
 * The professional's private calendar feed (/calendario/<token>.ics), read by Google Calendar,
 * the iPhone or Outlook every so often. An unknown or revoked token is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -4) : "";
  const body = requireFound(token ? await feedFor(getDb(context), token) : null);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="agendo.ics"',
      // Calendars poll on their own schedule; nothing in between may keep a stale copy.
      "Cache-Control": "private, no-cache",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
