// The agenda's list, form and actions from the request to the answer. What they read and write is
// domain/appointments' (list, form, save, status changes, deletion); here the address and the
// posted form are read, and each outcome becomes the page, a 400 beside the fields, a 404 or a
// redirect with its toast.
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { CurrentUser } from "../domain/accounts/access.server";
import { bookingWindow, FORM_FIELDS, formTimes, readForm, type FormValues } from "../domain/appointments/form.server";
import { readList } from "../domain/appointments/list.server";
import { changeStatusWithNotice, undoWithNotice } from "../domain/appointments/professional-changes.server";
import { deleteAppointments, findAppointment, isAppointmentId } from "../domain/appointments/records.server";
import type { SaveRefusal, SeriesPreview } from "../domain/appointments/save/plan.server";
import { saveAppointment as save, type SaveOutcome } from "../domain/appointments/save/save.server";
import { STATUS_ERRORS, STATUS_LABELS, type StatusAction } from "../domain/appointments/statuses";
import { formatDate, minutesToTime } from "../domain/dates";
import type { Db } from "../utils/db.server";
import { redirectWithToast, type Toast } from "../utils/toast.server";
import { notFound, requireFound } from "../utils/actions.server";
import { whatsappConfig } from "../utils/whatsapp.server";
import { parseAppointmentForm } from "../validation/appointment-save";
import { APPOINTMENT_ERRORS } from "../validation/appointments";
import { askedId, viewHref } from "./shared/calendar-links";
import { resolveAgendaView } from "./agenda.calendar.server";
import type { AgendaView } from "../domain/appointments/calendar-types";
import { cancelFields, noticeNote, statusToast, UNDO_ERRORS, undoToast } from "./shared/appointment-changes.server";
import { closeFormHref } from "../components/cash/urls";
import { closeStart } from "../domain/cash/closings.server";
import { deliverSoon } from "../domain/notifications/deliver-soon.server";
import { plural } from "../domain/words";

/** Query parameters of the list that survive an action (filter and page; the calendar's view and date). */
const LIST_PARAMS = ["periodo", "de", "ate", "pagina", "vista", "data"] as const;

function clampPage(value: string | null) {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

// ---------------------------------------------------------------- list and form

export async function loadList(db: Db, user: CurrentUser, url: URL, now = new Date()) {
  const sp = url.searchParams;
  const list = await readList(
    db,
    user,
    {
      period: { periodo: sp.get("periodo"), de: sp.get("de"), ate: sp.get("ate") },
      page: clampPage(sp.get("pagina")),
      deleting: askedId(sp, "confirmar-exclusao"),
      cancelling: askedId(sp, "confirmar-cancelamento"),
    },
    now,
    whatsappConfig(),
  );
  // Asked about an appointment that is missing or someone else's: 404, as the form would.
  return requireFound(list);
}

/** The create/edit form: choices, values from the query (after 'Ver horários') or the row. */
export async function loadForm(db: Db, user: CurrentUser, url: URL, now = new Date()) {
  const sp = url.searchParams;
  const asked: Partial<FormValues> = {};
  for (const name of FORM_FIELDS) {
    const value = sp.get(name);
    if (value !== null) asked[name] = value.slice(0, name === "notes" ? 600 : name === "motivo" ? 300 : 64);
  }
  const form = await readForm(db, user, { editing: askedId(sp, "editar"), asked, now, whatsapp: whatsappConfig() });
  return requireFound(form);
}

// ---------------------------------------------------------------- save

export type SaveFailure = {
  result: SubmissionResult<string[]>;
  times: string[] | null;
  /** 'Encaixe' asked: the "date time" the confirmation checkbox confirms (docs/decisions/0651). */
  walkIn?: string | null;
  /** 'Ver datas' of a series. */
  preview?: SeriesPreview | null;
};

type Submission = ReturnType<typeof parseAppointmentForm>["submission"];

/** A refused save as the form shows it: the message beside its field (or above the form) and what it asks next. */
function refusalReply(submission: Submission, refusal: SaveRefusal): [SubmissionResult<string[]>, Partial<SaveFailure>] {
  const { client, service, repeat, preview, seriesEmpty, taken, walkIn, walkInPast } = APPOINTMENT_ERRORS;
  switch (refusal.reason) {
    case "unknown":
      return [submission.reply({ fieldErrors: { ...(refusal.client ? { clientId: [client] } : {}), ...(refusal.service ? { serviceId: [service] } : {}) } }), {}];
    case "no-repeat":
      return [submission.reply({ fieldErrors: { repeat: [repeat] } }), {}];
    case "preview-stale":
      return [submission.reply({ formErrors: [preview] }), { preview: refusal.preview }];
    case "series-empty":
      return [submission.reply({ formErrors: [seriesEmpty] }), { preview: refusal.preview }];
    case "taken":
      return [submission.reply({ fieldErrors: { [refusal.field]: [taken] } }), {}];
    case "walk-in":
      return [submission.reply({ fieldErrors: { [refusal.field]: [refusal.past ? walkInPast : walkIn] } }), { walkIn: refusal.token }];
  }
}

/**
 * Where a saved appointment is shown: its day in the view this device uses (the calendar's day or
 * week, the agenda's first view when none was chosen), or the list of that day when the list is
 * the view in use. 'Atualizar' never swaps the calendar for the list.
 */
function shownAt(date: string, today: string, view: AgendaView) {
  if (view !== "lista") return viewHref("/agenda", view, date, today);
  return date === today ? "/agenda" : `/agenda?periodo=customizado&de=${date}&ate=${date}`;
}

const listed = (items: { date: string; reason: string }[]) => items.map((r) => `${formatDate(r.date)} (${r.reason})`).join(", ");

/** Where a save goes and what its toast says. */
function savedAnswer(outcome: Extract<SaveOutcome, { kind: "series" | "created" | "updated" }>, date: string, today: string, view: AgendaView): [string, Toast] {
  if (outcome.kind === "series") {
    const { booked, refused } = outcome;
    const n = booked.length;
    const missed = refused.length ? ` Não agendados: ${listed(refused)}.` : "";
    return [
      `/agenda?periodo=customizado&de=${booked[0]!.date}&ate=${booked.at(-1)!.date}`,
      {
        type: refused.length ? "info" : "success",
        title: "Agendamento recorrente criado!",
        description: `${plural(n, "agendamento criado", "agendamentos criados")}.${missed}`,
      },
    ];
  }
  if (outcome.kind === "created") {
    const description = outcome.walkIn ? "Encaixe agendado com sucesso." : "Agendamento criado com sucesso.";
    return [shownAt(date, today, view), { type: "success", title: "Agendamento criado!", description }];
  }
  const { movedTo, following, notice } = outcome;
  // Where it went, when it moved: the professional checks the toast against what they meant.
  const what = movedTo ? `Agendamento movido para ${formatDate(movedTo.date)} às ${minutesToTime(movedTo.startMinute)}.` : "Agendamento atualizado com sucesso.";
  let followingNote = "";
  if (following) {
    const n = following.moved;
    followingNote = ` ${plural(n, "próximo também atualizado", "próximos também atualizados")}.`;
    if (following.kept.length) followingNote += ` Mantidos como estavam: ${listed(following.kept)}.`;
  }
  return [
    shownAt(date, today, view),
    {
      type: "success",
      title: "Agendamento atualizado!",
      description: `${what}${followingNote}${noticeNote(notice)}`,
      ...(notice?.whatsappLink ? { actions: [{ kind: "link" as const, label: "Avisar no WhatsApp", href: notice.whatsappLink }] } : {}),
    },
  ];
}

/**
 * Creates or updates an appointment; a 400 with the errors beside the fields otherwise. With
 * `mode` "preview" ('Ver datas'), answers the dates of the series instead of saving.
 */
export async function saveAppointment(
  db: Db,
  user: CurrentUser,
  request: Request,
  form: FormData,
  editingId: string | null,
  now = new Date(),
  mode: "save" | "preview" = "save",
) {
  const editing = editingId !== null ? await findAppointment(db, user.id, editingId) : null;
  if (editingId !== null && !editing) notFound();
  const { today, maxDate } = bookingWindow(user.profile.timeZone, now);
  const { submission, intent } = parseAppointmentForm(form, { today, maxDate, keepDate: editing?.date });
  const posted = (name: keyof FormValues) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : "";
  };
  const reply = async (result: SubmissionResult<string[]>, extra: Partial<SaveFailure> = {}, status = 400) => {
    const times = await formTimes(db, user, { serviceId: posted("serviceId"), date: posted("date"), editing, now });
    return data<SaveFailure>({ result, times, ...extra }, { status });
  };
  if (!intent) return reply(submission.reply());
  const outcome = await save(db, user, { intent, editing, now, mode, whatsapp: whatsappConfig() });
  if (outcome.kind === "refused") return reply(...refusalReply(submission, outcome.refusal));
  if (outcome.kind === "preview") return reply(submission.reply(), { preview: outcome.preview }, 200);
  if (outcome.kind === "gone") notFound(); // deleted meanwhile
  if (outcome.kind === "taken") return reply(submission.reply({ fieldErrors: { [intent.timeField]: [APPOINTMENT_ERRORS.taken] } }));
  const { view } = await resolveAgendaView(request, new URLSearchParams());
  return redirectWithToast(request, ...savedAnswer(outcome, intent.date, today, view));
}

// ---------------------------------------------------------------- status and delete

/** The list the action came from (its filter and page), without one-off parameters. */
export function backToList(request: Request) {
  const url = new URL(request.url);
  const kept = new URLSearchParams();
  for (const name of LIST_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value.slice(0, 20));
  }
  const query = kept.toString();
  return query ? `/agenda?${query}` : "/agenda";
}

/** A refused status change: a 400 the list shows above the rows, nothing changed ('motivo': beside the reason too). */
export type StatusFailure = { statusError: string; field?: "motivo" };

function statusFailure(message: string, field?: "motivo") {
  return data<StatusFailure>({ statusError: message, ...(field ? { field } : {}) }, { status: 400 });
}

/**
 * One conditional UPDATE: the change happens only from a status the action allows and, for
 * 'Concluir'/'Não compareceu', once the appointment has started (docs/decisions/0652).
 * 'Cancelar' on a recurring appointment may reach 'este e os próximos' (`scope=following`); it
 * records 'Motivo (opcional)' and, with 'Avisar cliente', queues the customer's notice in the same
 * batch (docs/decisions/0720). The toast says what happened and offers 'Desfazer'.
 */
export async function changeStatus(
  db: Db,
  user: CurrentUser,
  request: Request,
  action: StatusAction,
  id: string | null,
  scope: "this" | "following" = "this",
  form: FormData = new FormData(),
  now = new Date(),
) {
  if (!isAppointmentId(id)) notFound();
  if (action === "complete") return completeThroughClosing(db, user, request, id, now);
  const { reason, notify } = cancelFields(form);
  if (action === "cancel" && reason === null) return statusFailure(STATUS_ERRORS.reasonTooLong, "motivo");
  const outcome = await changeStatusWithNotice(db, user.id, id, action, {
    clock: { now, timeZone: user.profile.timeZone },
    scope: action === "cancel" ? scope : "this",
    reason: reason ?? "",
    notify,
    whatsapp: whatsappConfig(),
  });
  const result = outcome.change;
  const back = backToList(request);
  if (!result.ok) {
    if (result.reason === "not-found") notFound();
    if (result.reason === "not-started") {
      return statusFailure(STATUS_ERRORS.noShowBeforeStart);
    }
    return redirectWithToast(request, back, {
      type: "error",
      title: "Erro",
      description: `Erro ao atualizar agendamento: o status atual é ${STATUS_LABELS[result.current]}.`,
    });
  }
  return redirectWithToast(request, back, statusToast(action, { ...outcome, change: result }, back, action === "cancel" ? scope : "this"));
}

/**
 * The old 'Concluir' post (a page from before 'Fechar atendimento', or a forged one): it completes
 * nothing; it leads to the closing's form (docs/decisions/0922), or says why it cannot.
 */
async function completeThroughClosing(db: Db, user: CurrentUser, request: Request, id: string, now: Date) {
  const back = backToList(request);
  const start = await closeStart(db, user, id, { members: false, now });
  if (start.ok) return redirect(closeFormHref(id, back));
  if (start.reason === "not-found") notFound();
  if (start.reason === "not-started") return statusFailure(STATUS_ERRORS.completeBeforeStart);
  return redirectWithToast(request, back, { type: "error", title: "Erro", description: `Erro ao atualizar agendamento: o status atual é ${STATUS_LABELS[start.current!]}.` });
}

/**
 * 'Desfazer': back to Agendado/Confirmado the same day; a cancel's notice still held is withdrawn,
 * one already sent is followed by 'Horário mantido'. A 400 with the reason otherwise.
 */
export async function undoAppointmentStatus(
  db: Db,
  user: CurrentUser,
  request: Request,
  id: string | null,
  { scope = "this", context, now = new Date() }: { scope?: "this" | "following"; context?: Readonly<RouterContextProvider>; now?: Date } = {},
) {
  if (!isAppointmentId(id)) notFound();
  const outcome = await undoWithNotice(db, user.id, id, { clock: { now, timeZone: user.profile.timeZone }, scope, whatsapp: whatsappConfig() });
  const result = outcome.undo;
  if (!result.ok) {
    if (result.reason === "not-found") notFound();
    return statusFailure(UNDO_ERRORS[result.reason]);
  }
  // 'Horário mantido' has no grace period: it leaves right after the answer.
  if (context) deliverSoon(context, [outcome.restored?.email]);
  return redirectWithToast(request, backToList(request), undoToast({ ...outcome, undo: result }));
}

/** 'Excluir': one appointment or, with `following`, the later occurrences of its series still to happen. */
export async function deleteAppointment(db: Db, user: CurrentUser, request: Request, id: string | null, scope: "this" | "following" = "this") {
  if (!isAppointmentId(id)) notFound();
  const removed = await deleteAppointments(db, user.id, id, scope);
  if (removed === 0) notFound();
  return redirectWithToast(request, backToList(request), {
    type: "success",
    title: "Sucesso",
    description: removed > 1 ? `${removed} agendamentos removidos com sucesso.` : "Agendamento removido com sucesso.",
  });
}
