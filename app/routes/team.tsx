import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/team";
import { requireUser } from "./workspace.server";
import { notFound, readForm, requireFound } from "../utils/actions.server";
import { getDb } from "../utils/db.server";
import { loadTeam } from "./team.server";
import { closeFormHref } from "../components/cash/urls";
import { closeStart } from "../domain/cash/closings.server";
import { answerableTeamRequest, isTeamAction, manageMemberAppointment, undoMemberAppointment } from "../domain/team/team.server";
import { answerAndReply, answerOfIntent, isRequestIntent, readAnswerForm } from "./shared/request-answers.server";
import { STATUS_ERRORS, STATUS_LABELS } from "../domain/appointments/statuses";
import { isIsoDate } from "../domain/dates";
import { whatsappConfig } from "../utils/whatsapp.server";
import { cancelFields, statusToast, UNDO_ERRORS, undoToast } from "./shared/appointment-changes.server";
import { deliverSoon } from "../domain/notifications/deliver-soon.server";
import { redirectWithToast } from "../utils/toast.server";
import { TeamDayGrid } from "../components/team/team-day-grid";
import { TeamWeek } from "../components/team/team-week";
import { TeamDetail } from "../components/team/team-detail";
import { TeamPending } from "../components/team/team-pending";
import { CancelDialog } from "../components/agenda/cancel-dialog";

export const meta: Route.MetaFunction = () => [{ title: "Equipe — Agendo" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  // Only an owner with active members has a salon to see.
  return requireFound(await loadTeam(getDb(context), user, new URL(request.url)));
}

/** Where to go back after an action: the Equipe page the form was on (its view and date only). */
function back(request: Request) {
  const url = new URL(request.url);
  const kept = new URLSearchParams();
  const vista = url.searchParams.get("vista");
  const date = url.searchParams.get("data");
  if (vista === "dia" || vista === "semana") kept.set("vista", vista);
  if (isIsoDate(date)) kept.set("data", date);
  const query = kept.toString();
  return query ? `/equipe?${query}` : "/equipe";
}

/**
 * The owner confirms, completes (through 'Fechar atendimento'), cancels (asking 'Motivo' and 'Avisar cliente') or undoes a
 * member's appointment, and answers a pending request: their own, or one of their own team's
 * members who allowed it ('Permitir que a pessoa responsável pela equipe gerencie minha agenda'); anything else
 * is a 404 and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (user.linkedOwnerId) notFound();
  if (isRequestIntent(intent)) {
    // 'Aceitar'/'Recusar': the owner's own request, or a member's who allowed it, answered as
    // that professional; anything else is a 404.
    const asked = readAnswerForm(form);
    const { professionalId, name, email, notify } = requireFound(await answerableTeamRequest(db, user.id, asked.id));
    const forMember = professionalId === user.id ? undefined : { name, email, notify, by: user.profile.fullName || user.profile.businessName };
    return answerAndReply(context, request, { professionalId, ...asked, answer: answerOfIntent(intent), back: back(request), forMember });
  }
  const id = form.get("id");
  const scope = form.get("scope") === "following" ? "following" : "this";
  if (!(isTeamAction(intent) || intent === "undo") || typeof id !== "string" || !id || id.length > 64) notFound();
  const refused = (description: string) => redirectWithToast(request, back(request), { type: "error", title: "Não foi possível alterar", description });
  if (intent === "undo") {
    const outcome = await undoMemberAppointment(db, user.id, id, { scope, whatsapp: whatsappConfig() });
    if (!outcome.undo.ok) {
      if (outcome.undo.reason === "not-found") notFound();
      return refused(UNDO_ERRORS[outcome.undo.reason]);
    }
    // 'Horário mantido' has no grace period: it leaves right after the answer.
    deliverSoon(context, [outcome.restored?.email]);
    return redirectWithToast(request, back(request), undoToast({ ...outcome, undo: outcome.undo }));
  }
  if (intent === "complete") {
    // 'Concluir' is 'Fechar atendimento' for the member (docs/decisions/0922): an old post leads there.
    const start = await closeStart(db, user, id, { members: true });
    if (start.ok) return redirect(closeFormHref(id, back(request)));
    if (start.reason === "not-found") notFound();
    return refused(start.reason === "not-started" ? STATUS_ERRORS.completeBeforeStart : `O status atual do agendamento é ${STATUS_LABELS[start.current!]}.`);
  }
  const { reason, notify } = cancelFields(form);
  if (intent === "cancel" && reason === null) return data({ reasonError: STATUS_ERRORS.reasonTooLong }, { status: 400 });
  const outcome = await manageMemberAppointment(db, user.id, id, intent, { reason: reason ?? "", notify, scope, whatsapp: whatsappConfig() });
  const result = outcome.change;
  if (!result.ok) {
    if (result.reason === "not-found") notFound();
    if (result.reason === "not-started") return refused(STATUS_ERRORS.noShowBeforeStart);
    return refused(`O status atual do agendamento é ${STATUS_LABELS[result.current]}.`);
  }
  const to = back(request);
  return redirectWithToast(request, to, statusToast(intent, { ...outcome, change: result }, to, intent === "cancel" ? scope : "this"));
}

export default function TeamPage() {
  const page = useLoaderData<typeof loader>();
  const reasonError = useActionData<typeof action>()?.reasonError ?? null;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Equipe</h1>
          <p className="text-sm text-slate-600">
            A agenda de cada profissional da sua equipe ({page.members.length} profissionais).
          </p>
        </div>
        <nav aria-label="Visualização da equipe" className="grid grid-cols-2 rounded-xl border border-slate-200 bg-white p-1 shadow-sm sm:w-56">
          {(["dia", "semana"] as const).map((v) => (
            <Link
              key={v}
              to={page.links[v]}
              aria-current={page.view === v ? "page" : undefined}
              className={`rounded-lg px-3 py-2 text-center text-sm font-semibold ${
                page.view === v ? "bg-brand text-white shadow-sm" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {v === "dia" ? "Dia" : "Semana"}
            </Link>
          ))}
        </nav>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={page.links.prev} className="btn-secondary px-3" aria-label={page.view === "dia" ? "Dia anterior" : "Semana anterior"}>
          ‹
        </Link>
        <Link to={page.links.today} className="btn-secondary" aria-current={page.isToday ? "date" : undefined}>
          Hoje
        </Link>
        <Link to={page.links.next} className="btn-secondary px-3" aria-label={page.view === "dia" ? "Próximo dia" : "Próxima semana"}>
          ›
        </Link>
        <h2 className="ml-1 text-lg font-semibold first-letter:uppercase" data-testid="team-title">
          {page.title}
        </h2>
      </div>
      {page.detail ? <TeamDetail detail={page.detail} closeHref={page.links.self} /> : null}
      {page.confirmCancel && page.detail ? (
        <CancelDialog ask={page.confirmCancel} closeHref={`${page.links.self}&ver=${encodeURIComponent(page.detail.id)}`} reasonError={reasonError} />
      ) : null}
      <TeamPending pending={page.pending} />
      {page.view === "dia" ? (
        <TeamDayGrid columns={page.columns} axis={page.axis} nowMinute={page.nowMinute} isToday={page.isToday} />
      ) : (
        <TeamWeek days={page.week} />
      )}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "../components/error-boundary";
