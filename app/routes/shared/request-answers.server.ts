// A booking request answered from a screen (Solicitações, the agenda, Equipe): the form's fields
// read the same way, the domain answers (answerBookingRequest), and the screen's reply is the
// same: 404 for a request not theirs, else back to the page with the outcome's toast, the
// customer's e-mail delivered right after the answer.
import { data, type RouterContextProvider } from "react-router";
import { answerBookingRequest, type SeenTime } from "../../domain/booking-requests/answer.server";
import { acceptedForMember, type RequestAnswer } from "../../domain/booking-requests/answers";
import { isIsoDate, isTime, timeToMinutes } from "../../domain/dates";
import { getDb } from "../../utils/db.server";
import { redirectWithToast } from "../../utils/toast.server";
import { deliverSoon, sendSoon } from "../../domain/notifications/deliver-soon.server";
import { memberAnsweredEmail } from "../../domain/booking-requests/professional-emails.server";
import { notFound } from "../../utils/actions.server";

/** The agenda's and Equipe's intents (Solicitações posts 'accept' and 'decline'). */
const REQUEST_INTENTS = ["accept-request", "decline-request"] as const;
type RequestIntent = (typeof REQUEST_INTENTS)[number];

export function isRequestIntent(value: unknown): value is RequestIntent {
  return REQUEST_INTENTS.includes(value as RequestIntent);
}

export function answerOfIntent(intent: RequestIntent | "accept" | "decline"): RequestAnswer {
  return intent === "accept" || intent === "accept-request" ? "accept" : "decline";
}

/**
 * The request a form answers: its `id` (missing or unusable: 404) and the time the page showed
 * (`date`, `time`: optional; malformed: 400), so that a request the customer has just moved is
 * not answered at a time the professional never saw.
 */
export function readAnswerForm(form: FormData): { id: string; seen: SeenTime | null } {
  const id = form.get("id");
  if (typeof id !== "string" || !id || id.length > 64) notFound();
  const date = form.get("date");
  const time = form.get("time");
  if (date === null && time === null) return { id, seen: null };
  if (!isIsoDate(date) || !isTime(time)) {
    throw data("Ação inválida.", { status: 400 });
  }
  return { id, seen: { date, startMinute: timeToMinutes(time) } };
}

/**
 * Answers `id` as `professionalId` (the caller decided whose requests this user may answer) and
 * replies: 404 when it is not theirs; else back to `back` with the outcome's toast, and the
 * customer's e-mail sent once the page is answered.
 */
export async function answerAndReply(
  context: Readonly<RouterContextProvider>,
  request: Request,
  args: { professionalId: string; id: string; seen: SeenTime | null; answer: RequestAnswer; back: string; forMember?: MemberAnswered },
) {
  const result = await answerBookingRequest(getDb(context), args.professionalId, args.id, args.answer, { seen: args.seen });
  if (result.outcome === "not-found") notFound();
  deliverSoon(context, [result.customerEmailKey]);
  const member = args.forMember;
  if (member && result.answered && (result.outcome === "accepted" || result.outcome === "declined") && member.notify) {
    const message = memberAnsweredEmail(member.email, { ...result.answered, owner: member.by, answer: result.outcome });
    await sendSoon(context, message, { kind: "member-answered", professionalId: args.professionalId });
  }
  // A member's request accepted from Equipe is in the member's agenda, not 'na sua agenda'.
  const toast = result.outcome === "accepted" && member ? acceptedForMember(member.name) : result.toast;
  return redirectWithToast(request, args.back, toast);
}

/**
 * The owner answering a member's request from Equipe: the member's name (the toast), and their
 * e-mail, told who answered unless they turned off request e-mails ('Nova solicitação de agendamento').
 */
type MemberAnswered = { name: string; email: string; notify: boolean; by: string };
