// The Horários screen's 'Folgas e bloqueios' and 'Regras de agendamento': what the loader shows
// and what the actions save. Everything is scoped by the signed-in professional; another
// professional's exception id answers 404.
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseForm } from "../validation/parse-form";
import { data } from "react-router";
import type { CurrentUser } from "../domain/accounts/access.server";
import { saveProfileSettings } from "../domain/accounts/profile-settings.server";
import { upcomingHolidays } from "../domain/availability/holidays";
import {
  closeHoliday,
  coveredBookings,
  coveredBookingWhatsapp,
  createException,
  deleteException,
  getException,
  listUpcomingExceptions,
  updateException,
  type ScheduleException,
} from "../domain/availability/schedule-exceptions.server";
import { saveWorkingWeek } from "../domain/availability/working-week.server";
import { capitalize, dayOfWeek, formatDate, minutesToTime, nowInZone, weekdayName } from "../domain/dates";
import { formatPhone } from "../domain/phone";
import { attemptWrite, notFound, WRITE_FAILED, writeFailed } from "../utils/actions.server";
import type { Db } from "../utils/db.server";
import { appUrl } from "../utils/env.server";
import { redirectWithToast, type Toast } from "../utils/toast.server";
import {
  EXCEPTIONS_ANCHOR,
  EXCEPTION_PARAMS,
  HOURS_PATH,
  type CoveredView,
  type ExceptionView,
  type HolidayView,
} from "../components/settings/types";
import {
  closeHolidaySchema,
  EXCEPTION_DEFAULTS,
  EXCEPTION_MESSAGES,
  KIND_LABELS,
  scheduleExceptionSchema,
} from "../validation/schedule-exceptions";
import {
  bookingRulesSchema,
  preferencesSchema,
  SAVE_HOURS_FAILED,
  SAVE_PREFERENCES_FAILED,
  SAVE_RULES_FAILED,
  SAVED_HOURS,
  SAVED_PREFERENCES,
  SAVED_RULES,
  workingHoursSchema,
} from "../validation/working-hours";
import { plural } from "../domain/words";

/** "Sexta-feira, 25/12/2026". */
export function dayLabel(date: string) {
  return `${capitalize(weekdayName(dayOfWeek(date)))}, ${formatDate(date, true)}`;
}

function exceptionView(e: ScheduleException & { covered?: number }): ExceptionView {
  const timed = e.startMinute !== null && e.endMinute !== null;
  return {
    id: e.id,
    kind: e.kind,
    kindLabel: KIND_LABELS[e.kind],
    when: e.startDate === e.endDate ? dayLabel(e.startDate) : `De ${formatDate(e.startDate, true)} a ${formatDate(e.endDate, true)}`,
    times: timed ? `${minutesToTime(e.startMinute!)} às ${minutesToTime(e.endMinute!)}` : null,
    reason: e.reason,
    showReason: e.showReason,
    covered: e.covered ?? 0,
    form: {
      kind: e.kind,
      startDate: e.startDate,
      endDate: e.kind === "closed" && e.endDate !== e.startDate ? e.endDate : "",
      startTime: timed ? minutesToTime(e.startMinute!) : EXCEPTION_DEFAULTS.startTime,
      endTime: timed ? minutesToTime(e.endMinute!) : EXCEPTION_DEFAULTS.endTime,
      reason: e.reason,
      showReason: e.showReason,
    },
  };
}

/** The booking page's address, for the message to a customer whose request is covered. */
function bookingUrl(user: CurrentUser) {
  return `${appUrl()}/agendamento/${user.profile.bookingSlug || user.id}`;
}

/** The 'Folgas e bloqueios' section: upcoming exceptions, the holidays, and the URL's page state. */
export async function exceptionsSection(db: Db, user: CurrentUser, params: URLSearchParams, now = new Date()) {
  const today = nowInZone(user.profile.timeZone, now).date;
  const byId = async (param: string) => {
    const id = params.get(param);
    if (id === null) return null;
    return (await getException(db, user.id, id)) ?? notFound();
  };
  const [upcoming, editing, removing, coveredBy] = await Promise.all([
    listUpcomingExceptions(db, user.id, today, now),
    byId(EXCEPTION_PARAMS.edit),
    byId(EXCEPTION_PARAMS.remove),
    byId(EXCEPTION_PARAMS.covered),
  ]);
  const covered = coveredBy ? await coveredBookings(db, coveredBy, { today, now }) : null;
  const url = bookingUrl(user);
  const closedOn = (date: string) =>
    upcoming.some((e) => e.kind === "closed" && e.startMinute === null && e.startDate <= date && e.endDate >= date);
  const holidays: HolidayView[] = upcomingHolidays(today).map((h) => ({
    date: h.date,
    when: dayLabel(h.date),
    name: h.name,
    optional: h.optional,
    closed: closedOn(h.date),
  }));
  return {
    today,
    exceptions: upcoming.map(exceptionView),
    editing: editing ? exceptionView(editing) : null,
    removing: removing ? exceptionView(removing) : null,
    covered:
      coveredBy && covered
        ? {
            exception: exceptionView({ ...coveredBy, covered: covered.length }),
            items: covered.map(
              (b): CoveredView => ({
                key: `${b.kind}-${b.id}`,
                kind: b.kind,
                when: dayLabel(b.date),
                time: `${minutesToTime(b.startMinute)} às ${minutesToTime(b.startMinute + b.durationMinutes)}`,
                clientName: b.clientName ?? "Sem cliente vinculado",
                phone: b.phone ? formatPhone(b.phone) : null,
                serviceName: b.serviceName || "Serviço não informado",
                whatsapp: coveredBookingWhatsapp(b, coveredBy, url),
                href: b.kind === "appointment" ? `/agenda?editar=${b.id}` : "/solicitacoes",
              }),
            ),
          }
        : null,
    holidays,
    holidaysOpen: params.has(EXCEPTION_PARAMS.holidays),
  };
}

// ------------------------------------------------------------------ actions

export type ExceptionActionData =
  | { intent: "exception"; editing: string | null; result: SubmissionResult<string[]> }
  | { intent: "holiday"; message: string };

const SAVED: Record<ScheduleException["kind"], [saved: string, removed: string]> = {
  closed: ["Fechamento salvo com sucesso.", "Fechamento removido."],
  blocked: ["Bloqueio salvo com sucesso.", "Bloqueio removido."],
  open: ["Horário extra salvo com sucesso.", "Horário extra removido."],
};

const anchor = `#${EXCEPTIONS_ANCHOR}`;

/**
 * After saving a closed day or block: when it covers appointments or requests, the page lists
 * them (?afetados=<id>) with a WhatsApp link each, and the toast says how many; nothing is
 * cancelled.
 */
async function savedRedirect(request: Request, db: Db, user: CurrentUser, row: ScheduleException, saved: string, extra = "") {
  const today = nowInZone(user.profile.timeZone).date;
  const n = (await coveredBookings(db, row, { today })).length;
  const toast: Toast = { type: "success", title: "Sucesso", description: saved };
  if (n === 0) return redirectWithToast(request, `${HOURS_PATH}${extra ? `?${extra}` : ""}${anchor}`, toast);
  const search = new URLSearchParams({ [EXCEPTION_PARAMS.covered]: row.id });
  return redirectWithToast(request, `${HOURS_PATH}?${search}${extra ? `&${extra}` : ""}${anchor}`, {
    ...toast,
    description: `${saved} Há ${plural(n, "agendamento", "agendamentos")} neste período: avise seus clientes.`,
  });
}

/** 'Adicionar' or 'Salvar alterações' of the exception form. */
export async function saveException(request: Request, db: Db, user: CurrentUser, form: FormData, editId: string | null) {
  const existing = editId === null ? null : ((await getException(db, user.id, editId)) ?? notFound());
  const today = nowInZone(user.profile.timeZone).date;
  const submission = parseForm(form, { schema: scheduleExceptionSchema({ today, keepStart: existing?.startDate }) });
  const fail = (result: SubmissionResult<string[]>, status: number) =>
    data<ExceptionActionData>({ intent: "exception", editing: editId, result }, { status });
  if (submission.status !== "success") return fail(submission.reply(), 400);
  const row = await attemptWrite("saving a schedule exception", () =>
    existing ? updateException(db, user.id, existing.id, submission.value) : createException(db, user.id, submission.value),
  );
  if (row === WRITE_FAILED) return fail(submission.reply({ formErrors: [EXCEPTION_MESSAGES.saveFailed] }), 500);
  if (row === "not-found") notFound();
  if (row === "closed-day") return fail(submission.reply({ fieldErrors: { startDate: [EXCEPTION_MESSAGES.openOnClosedDay] } }), 400);
  return savedRedirect(request, db, user, row, SAVED[row.kind][0]);
}

/** A database failure as an error toast back on the section, nothing lost (no 500 page). */
const failedToast = (request: Request, description: string) =>
  redirectWithToast(request, `${HOURS_PATH}${anchor}`, { type: "error", title: "Erro", description });

export async function removeException(request: Request, db: Db, user: CurrentUser, id: string) {
  const removed = await attemptWrite("removing a schedule exception", () => deleteException(db, user.id, id));
  if (removed === WRITE_FAILED) return failedToast(request, "Erro ao remover. Tente novamente.");
  const row = removed ?? notFound();
  return redirectWithToast(request, `${HOURS_PATH}${anchor}`, { type: "success", title: "Sucesso", description: SAVED[row.kind][1] });
}

/** 'Fechar no feriado': the holiday is one the server computes, never a date the form names. */
export async function closeHolidayAction(request: Request, db: Db, user: CurrentUser, form: FormData) {
  const today = nowInZone(user.profile.timeZone).date;
  const submission = parseForm(form, { schema: closeHolidaySchema });
  const holiday =
    submission.status === "success" ? upcomingHolidays(today).find((h) => h.date === submission.value.date) : undefined;
  if (!holiday) return data<ExceptionActionData>({ intent: "holiday", message: EXCEPTION_MESSAGES.holidayUnknown }, { status: 400 });
  const open = `${EXCEPTION_PARAMS.holidays}=1`;
  const row = await attemptWrite("closing on a holiday", () => closeHoliday(db, user.id, holiday));
  if (row === WRITE_FAILED) return failedToast(request, EXCEPTION_MESSAGES.saveFailed);
  if (row === "already-closed") {
    return redirectWithToast(request, `${HOURS_PATH}?${open}${anchor}`, {
      type: "info",
      title: "Já fechado",
      description: `${holiday.name} (${formatDate(holiday.date, true)}) já está fechado na sua agenda.`,
    });
  }
  return savedRedirect(request, db, user, row, `${holiday.name} (${formatDate(holiday.date, true)}) fechado na sua agenda.`, open);
}

/** A refused or failed save of the week, the preferences or the rules: the form's reply. */
export type SettingsActionData = { intent: "hours" | "preferences" | "rules"; result: SubmissionResult<string[]> };

/**
 * One of the screen's settings forms, parsed: refused (400) beside its fields, written, a failed
 * write as the form's error (500), or back with 'Sucesso'.
 */
async function saveSection<Input, Value>(
  request: Request,
  submission: Submission<Input, string[], Value>,
  section: { intent: SettingsActionData["intent"]; write: (value: Value) => Promise<unknown>; failed: string; saved: string; to: string },
) {
  const reply = (result: SubmissionResult<string[]>): SettingsActionData => ({ intent: section.intent, result });
  if (submission.status !== "success") return data(reply(submission.reply()), { status: 400 });
  const value = submission.value;
  const done = await attemptWrite(`saving ${section.intent}`, () => section.write(value));
  if (done === WRITE_FAILED) return writeFailed(reply(submission.reply({ formErrors: [section.failed] })));
  return redirectWithToast(request, section.to, { type: "success", title: "Sucesso", description: section.saved });
}

/** 'Salvar horários': the whole week at once. */
export function saveWeek(request: Request, db: Db, user: CurrentUser, form: FormData) {
  return saveSection(request, parseForm(form, { schema: workingHoursSchema }), {
    intent: "hours",
    write: (value) => saveWorkingWeek(db, user.id, value.days),
    failed: SAVE_HOURS_FAILED,
    saved: SAVED_HOURS,
    to: HOURS_PATH,
  });
}

/** 'Salvar preferências': the time zone and the agenda's slot step. */
export function savePreferences(request: Request, db: Db, user: CurrentUser, form: FormData) {
  return saveSection(request, parseForm(form, { schema: preferencesSchema }), {
    intent: "preferences",
    write: ({ timeZone, slotStepMinutes }) => saveProfileSettings(db, user.id, { timeZone, slotStepMinutes }),
    failed: SAVE_PREFERENCES_FAILED,
    saved: SAVED_PREFERENCES,
    to: HOURS_PATH,
  });
}

/** 'Regras de agendamento': saved on the profile (its page version follows, migration 0009). */
export function saveBookingRules(request: Request, db: Db, user: CurrentUser, form: FormData) {
  return saveSection(request, parseForm(form, { schema: bookingRulesSchema }), {
    intent: "rules",
    write: ({ intent: _intent, ...rules }) => saveProfileSettings(db, user.id, rules),
    failed: SAVE_RULES_FAILED,
    saved: SAVED_RULES,
    to: `${HOURS_PATH}#regras`,
  });
}
