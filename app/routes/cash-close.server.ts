// 'Fechar atendimento' (/caixa/fechar?atendimento=<id>) from the request to the answer: the form's
// values (the closing's, or the service done), the posted form read and refused beside its fields
// (400), '+ Adicionar item' without JavaScript (the same form again with one more line, nothing
// typed lost), and the outcome as a redirect with its toast.
import { parseForm } from "../validation/parse-form";
import { data } from "react-router";
import type { CurrentUser } from "../domain/accounts/access.server";
import { closableNow, closeAppointment, closingProfessional, editClosing, findClosable, findClosing, serviceChoices, type ClosableAppointment, type ExistingClosing } from "../domain/cash/closings.server";
import { depositReceivedCents } from "../domain/cash/deposit.server";
import { STATUS_ERRORS } from "../domain/appointments/statuses";
import { formatMoney, formatMoneyInput } from "../domain/money";
import { closingTotals } from "../domain/cash/totals";
import { notFound } from "../utils/actions.server";
import type { Db } from "../utils/db.server";
import { redirectWithToast } from "../utils/toast.server";
import { closingSchema, MAX_ITEMS, PAYMENT_LINES } from "../validation/cash";

export const CLOSE_ERRORS = {
  status: "Este agendamento foi cancelado ou marcado como 'Não compareceu': não é possível fechá-lo.",
  taken: "Este atendimento acabou de ser fechado em outro aparelho. Confira abaixo.",
  changed: "Este fechamento acabou de ser alterado em outro aparelho. Confira e tente de novo.",
  notStarted: STATUS_ERRORS.completeBeforeStart,
} as const;

export type ItemValues = { tipo?: string; servico?: string; nome?: string; preco?: string; quantidade?: string };
export type ClosingValues = {
  itens: ItemValues[];
  descontoTipo?: string;
  desconto?: string;
  gorjeta?: string;
  pagamentos: { metodo?: string; valor?: string }[];
};

function padPayments(lines: ClosingValues["pagamentos"]) {
  return [...lines, ...Array.from({ length: Math.max(0, 2 - lines.length) }, () => ({}))].slice(0, PAYMENT_LINES);
}

/** The form as first shown: the closing's values, or the service done at its price. */
function initialValues(appointment: ClosableAppointment, closing: ExistingClosing | null): ClosingValues {
  if (!closing) {
    return {
      itens: [{ tipo: "service", servico: appointment.serviceId ?? "", nome: appointment.serviceName, preco: formatMoneyInput(appointment.priceCents), quantidade: "1" }],
      pagamentos: padPayments([]),
    };
  }
  const percent = closing.discountBasisPoints !== null;
  return {
    itens: closing.items.map((i) => ({ tipo: i.kind, servico: i.serviceId ?? "", nome: i.name, preco: formatMoneyInput(i.unitPriceCents), quantidade: String(i.quantity) })),
    descontoTipo: percent ? "percentual" : "valor",
    desconto: percent ? formatMoneyInput(closing.discountBasisPoints!) : closing.discountCents ? formatMoneyInput(closing.discountCents) : "",
    gorjeta: closing.tipCents ? formatMoneyInput(closing.tipCents) : "",
    pagamentos: padPayments(closing.payments.map((p) => ({ metodo: p.method, valor: formatMoneyInput(p.amountCents) }))),
  };
}

/** Where the form goes back to: the agenda, 'Equipe' or the Caixa it came from, else the agenda. */
export function backOf(url: URL) {
  const back = url.searchParams.get("volta") ?? "";
  return /^\/(agenda|equipe|caixa)(\?[^\\]*)?$/.test(back) && back.length <= 500 ? back : "/agenda";
}

/** The appointment and whose it is: the user's own, or a member's the owner may manage (docs/decisions/0922). */
async function readPage(db: Db, user: CurrentUser, url: URL) {
  const id = url.searchParams.get("atendimento") ?? "";
  const professional = id.length <= 100 ? await closingProfessional(db, user, id) : null;
  const appointment = professional ? await findClosable(db, professional.userId, id) : null;
  if (!professional || !appointment) notFound();
  const [closing, services, depositCents] = await Promise.all([
    findClosing(db, professional.userId, appointment.id),
    serviceChoices(db, professional.userId),
    depositReceivedCents(db, professional.userId, appointment),
  ]);
  return { appointment, closing, services, depositCents, professional };
}

export async function loadClosePage(db: Db, user: CurrentUser, url: URL) {
  const page = await readPage(db, user, url);
  const { appointment, closing, services, depositCents } = page;
  // A member's service closed by the owner says whose it is (docs/decisions/0924).
  const memberName = page.professional.userId === user.id ? null : (appointment.professionalName ?? "");
  return { appointment, closing, services, depositCents, memberName, values: initialValues(page.appointment, page.closing), timeZone: user.profile.timeZone, back: backOf(url) };
}

type Errors = Record<string, string[] | null>;
/** The form again: what was typed, and the messages beside the fields ("" above the form), as conform's result. */
type Reply = { values: ClosingValues; result: { error: Errors } | null };

function reply(values: unknown, error: Errors | null, status = 400) {
  const v = (values ?? {}) as Partial<ClosingValues>;
  const body: Reply = { values: { ...v, itens: v.itens?.length ? v.itens : [{}], pagamentos: padPayments(v.pagamentos ?? []) }, result: error ? { error } : null };
  return data(body, { status });
}

/** A line the professional left empty (no name, no price) is no line. */
function withoutBlankItems(form: FormData) {
  const kept = new FormData();
  const blank = new Set<string>();
  for (const [key, value] of form) {
    const m = /^itens\[(\d+)\]\.(nome|preco)$/.exec(key);
    if (m && value === "") blank.add(`${m[1]}.${m[2]}`);
  }
  for (const [key, value] of form) {
    const m = /^itens\[(\d+)\]\./.exec(key);
    if (m && blank.has(`${m[1]}.nome`) && blank.has(`${m[1]}.preco`)) continue;
    kept.append(key, value);
  }
  return kept;
}

export async function closeAction(db: Db, user: CurrentUser, request: Request, form: FormData) {
  const intent = form.get("intent");
  if (intent !== "close" && intent !== "close-pending" && intent !== "add-item") throw data("Ação inválida.", { status: 400 });
  const url = new URL(request.url);
  url.searchParams.set("atendimento", String(form.get("id") ?? ""));
  const back = backOf(url);
  const page = await readPage(db, user, url);
  // '+ Adicionar item' checks what is typed so far, but not the payments (asked at the end).
  const pending = intent !== "close";
  const submission = parseForm(withoutBlankItems(form), { schema: closingSchema({ depositCents: page.depositCents, pending }) });
  if (intent === "add-item") return addItem(submission.payload, form.get("novoItem"), page.services, submission.status === "success" ? null : (submission.reply().error ?? null));
  if (submission.status !== "success") return reply(submission.payload, submission.reply().error ?? null);
  // The member's zone and id when the owner closes a member's service; the owner is who closed it.
  const clock = { now: new Date(), timeZone: page.professional.timeZone };
  const args = { userId: page.professional.userId, actorId: user.id, appointment: page.appointment, form: submission.value, depositCents: page.depositCents, clock };
  const outcome = page.closing ? await editClosing(db, { ...args, existing: page.closing }) : await closeAppointment(db, args);
  if (!outcome.ok) {
    const text = outcome.reason === "not-started" ? CLOSE_ERRORS.notStarted : CLOSE_ERRORS[outcome.reason];
    return reply(submission.payload, { "": [text] }, outcome.reason === "taken" || outcome.reason === "changed" ? 409 : 400);
  }
  const totals = closingTotals({ lines: submission.value.items, discount: submission.value.discount, tipCents: submission.value.tipCents, depositCents: page.depositCents });
  const title = pending ? "Atendimento concluído: pagamento pendente" : page.closing ? "Fechamento alterado" : "Atendimento concluído";
  const description = pending ? `A receber: ${formatMoney(totals.dueCents)}` : `Total pago: ${formatMoney(totals.dueCents)}`;
  return redirectWithToast(request, back, { type: "success", title, description });
}

function addItem(payload: Record<string, unknown>, choice: FormDataEntryValue | null, services: { id: string; name: string; priceCents: number }[], errors: Errors | null) {
  const values = payload as Partial<ClosingValues>;
  const itens = [...(values.itens ?? [])];
  const service = services.find((s) => s.id === choice);
  if (itens.length < MAX_ITEMS) {
    itens.push(service ? { tipo: "service", servico: service.id, nome: service.name, preco: formatMoneyInput(service.priceCents), quantidade: "1" } : { tipo: "product", quantidade: "1" });
  }
  return reply({ ...values, itens }, errors, errors ? 400 : 200);
}
