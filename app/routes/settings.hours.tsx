import { useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/settings.hours";
import { BookingRulesForm } from "../components/settings/booking-rules-form";
import { HoursForm } from "../components/settings/hours-form";
import { PreferencesForm } from "../components/settings/preferences-form";
import { ScheduleExceptionsCard } from "../components/settings/schedule-exceptions-card";
import { ExternalCalendarsCard } from "../components/settings/external-calendars-card";
import { addCalendarAction, calendarsSection, removeCalendarAction, type CalendarActionData } from "./settings.calendars.server";
import { requireUser } from "./workspace.server";
import { getWorkingHours } from "../domain/availability/slot-claims.server";
import { getDb } from "../utils/db.server";
import { readForm } from "../utils/actions.server";
import { suggestedDay } from "../validation/working-hours";
import { paymentHoldMinutes } from "../domain/booking-requests/online-deposits";
import {
  closeHolidayAction,
  exceptionsSection,
  removeException,
  saveBookingRules,
  saveException,
  savePreferences,
  saveWeek,
  type ExceptionActionData,
  type SettingsActionData,
} from "./settings.hours.server";

export const meta: Route.MetaFunction = () => [{ title: "Horários — Configurações — Agendo" }];

// Configurações > Horários: the weekly hours, 'Folgas e bloqueios' (closed days, blocks, extra
// hours, the national holidays), 'Calendários externos' (?remover-calendario=), 'Regras de agendamento' and the zone and slot step. Page states
// live in the URL (?folga=, ?remover-folga=, ?afetados=, ?feriados=), so all of it works
// without JavaScript.

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const params = new URL(request.url).searchParams;
  const [rows, exceptions, calendars] = await Promise.all([
    getWorkingHours(db, user.id),
    exceptionsSection(db, user, params),
    calendarsSection(db, user, params),
  ]);
  // Index = day_of_week. A day never saved shows the suggestion (09:00-18:00, Sunday closed).
  const days = Array.from({ length: 7 }, (_, dow) => {
    const row = rows.find((r) => r.dayOfWeek === dow);
    return row
      ? {
          isActive: row.isActive,
          startTime: row.startTime,
          endTime: row.endTime,
          breakStartTime: row.breakStartTime,
          breakEndTime: row.breakEndTime,
        }
      : suggestedDay(dow);
  });
  const p = user.profile;
  return {
    days,
    neverSaved: rows.length < 7,
    timeZone: p.timeZone,
    slotStepMinutes: p.slotStepMinutes,
    rules: {
      minNoticeMinutes: p.minNoticeMinutes,
      bookingWindow: p.bookingWindow,
      requestExpiryHours: p.requestExpiryHours,
      customerChangeCutoffMinutes: p.customerChangeCutoffMinutes,
      depositReleaseMinutes: p.depositReleaseMinutes,
      paymentHoldMinutes: paymentHoldMinutes(p.paymentHoldMinutes),
      autoConfirm: p.autoConfirm,
      waitlistEnabled: p.waitlistEnabled,
    },
    exceptions,
    calendars,
  };
}

type ActionData = ExceptionActionData | SettingsActionData | CalendarActionData;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");

  switch (intent) {
    case "create-exception":
      return saveException(request, db, user, formData, null);
    case "update-exception":
      return saveException(request, db, user, formData, id);
    case "delete-exception":
      return removeException(request, db, user, id);
    case "add-calendar":
      return addCalendarAction(request, db, user, formData);
    case "remove-calendar":
      return removeCalendarAction(request, db, user, id);
    case "close-holiday":
      return closeHolidayAction(request, db, user, formData);
    case "booking-rules":
      return saveBookingRules(request, db, user, formData);
    case "preferences":
      return savePreferences(request, db, user, formData);
    default:
      return saveWeek(request, db, user, formData);
  }
}

export default function WorkingHoursSettings() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  // A failed save's answer, shown until the next submission.
  const last = navigation.state === "idle" ? actionData : undefined;
  const resultOf = (intent: "hours" | "preferences" | "rules") => (last?.intent === intent ? last.result : null);
  // Remount the forms with the saved values after each save, so "unsaved" starts from them.
  const savedKey = JSON.stringify(loaderData.days);
  return (
    <div className="space-y-6">
      <HoursForm key={savedKey} days={loaderData.days} neverSaved={loaderData.neverSaved} reply={resultOf("hours")} />
      <ScheduleExceptionsCard
        section={loaderData.exceptions}
        formResult={last?.intent === "exception" ? { editing: last.editing, result: last.result } : null}
        holidayError={last?.intent === "holiday" ? last.message : null}
      />
      <ExternalCalendarsCard section={loaderData.calendars} lastResult={last?.intent === "calendar" ? last.result : null} />
      <BookingRulesForm key={JSON.stringify(loaderData.rules)} rules={loaderData.rules} lastResult={resultOf("rules")} />
      <PreferencesForm
        key={`${loaderData.timeZone}-${loaderData.slotStepMinutes}`}
        timeZone={loaderData.timeZone}
        slotStepMinutes={loaderData.slotStepMinutes}
        lastResult={resultOf("preferences")}
      />
    </div>
  );
}
