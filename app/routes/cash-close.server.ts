// 'Fechar atendimento' (/caixa/fechar?atendimento=<id>) from the request to the answer: the form's
// values (the closing's, or the service done), or why it cannot be closed yet, before anything is
// typed; the posted form read and refused beside its fields (400); '+ Adicionar item', 'Remover'
// and 'Recalcular' without JavaScript (the same form again, nothing typed lost,
// docs/decisions/1062); and the outcome as a redirect with its toast.
import { parseForm } from "../validation/parse-form";
import { data } from "react-router";
import type { CurrentUser } from "../domain/accounts/access.server";
import { closableNow, closeAppointment, closingProfessional, editClosing, findClosable, findClosing, serviceChoices, type ClosableAppointment, type ExistingClosing } from "../domain/cash/closings.server";
import { depositReceivedCents } from "../domain/cash/deposit.server";
import { STATUS_ERRORS } from "../domain/appointments/statuses";
import { formatMoney, formatMoneyInput } from "../domain/money";
import { closingTotals } from "../domain/cash/totals";
import { whenText } from "../domain/notifications/texts";
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

/** Why the service cannot be closed now (cancelled, no-show, not started yet), said when the page opens; null when it can. */
function refusalOf(appointment: ClosableAppointment, clock: { now: Date; timeZone: string }): string | null {
  const now = closableNow(appointment, clock);
  if (now.ok) return null;
  if (now.reason !== "not-started") return CLOSE_ERRORS.status;
  return `Este atendimento começa ${whenText(appointment.date, appointment.startMinute, clock.timeZone, clock.now).short}. Só é possível fechá-lo depois do início.`;
}

export async function loadClosePage(db: Db, user: CurrentUser, url: URL) {
  const page = await readPage(db, user, url);
  const { appointment, closing, services, depositCents } = page;
  // A member's service closed by the owner says whose it is (docs/decisions/0924).
  const memberName = page.professional.userId === user.id ? null : (appointment.professionalName ?? "");
  const refusal = refusalOf(appointment, { now: new Date(), timeZone: page.professional.timeZone });
  return { appointment, closing, services, depositCents, memberName, refusal, values: initialValues(page.appointment, page.closing), timeZone: user.profile.timeZone, back: backOf(url) };
}

type Errors = Record<string, string[] | null>;
/** The form again: what was typed, and the messages beside the fields ("" above the form), as conform's result. */
type Reply = { values: ClosingValues; result: { error: Errors } | null };

function reply(values: unknown, error: Errors | null, status = 400) {
  const v = (values ?? {}) as Partial<ClosingValues>;
  const body: Reply = { values: { ...v, itens: v.itens?.length ? v.itens : [{}], pagamentos: padPayments(v.pagamentos ?? []) }, result: error ? { error } : null };
  return data(body, { status });
}

const ITEM_FIELD = /^itens\[(\d+)\]\.(\w+)$/;

/**
 * The form with its item lines numbered again from 0, in order, leaving out the line 'Remover'
 * was pressed on and any line left empty (no name, no price: no line): no hole in the list.
 */
function keptItems(form: FormData, removed: number | null) {
  const lines = new Map<number, [string, FormDataEntryValue][]>();
  const kept = new FormData();
  for (const [key, value] of form) {
    const m = ITEM_FIELD.exec(key);
    if (!m) kept.append(key, value);
    else if (lines.has(Number(m[1]))) lines.get(Number(m[1]))!.push([m[2]!, value]);
    else lines.set(Number(m[1]), [[m[2]!, value]]);
  }
  let next = 0;
  for (const index of [...lines.keys()].sort((a, b) => a - b)) {
    const fields = lines.get(index)!;
    const blank = ["nome", "preco"].every((name) => fields.some(([field, value]) => field === name && value === ""));
    if (index === removed || blank) continue;
    for (const [field, value] of fields) kept.append(`itens[${next}].${field}`, value);
    next += 1;
  }
  return kept;
}

/** What the pressed submit asks: save (paid or pending), or the form again ('+ Adicionar item', 'Recalcular', 'Remover' a line); null for anything else. */
function intentOf(value: FormDataEntryValue | null) {
  if (value === "close" || value === "close-pending") return { save: true as const, pending: value === "close-pending" };
  if (value === "add-item" || value === "recalculate") return { save: false as const, add: value === "add-item", remove: null };
  const remove = typeof value === "string" ? /^remove-item:(\d{1,2})$/.exec(value) : null;
  return remove ? { save: false as const, add: false, remove: Number(remove[1]) } : null;
}

export async function closeAction(db: Db, user: CurrentUser, request: Request, form: FormData) {
  const intent = intentOf(form.get("intent"));
  if (!intent) throw data("Ação inválida.", { status: 400 });
  const url = new URL(request.url);
  url.searchParams.set("atendimento", String(form.get("id") ?? ""));
  const back = backOf(url);
  const page = await readPage(db, user, url);
  // The form again checks what is typed so far, but not the payments (asked at the end).
  const pending = intent.save ? intent.pending : true;
  const submission = parseForm(keptItems(form, intent.save ? null : intent.remove), { schema: closingSchema({ depositCents: page.depositCents, pending }) });
  if (!intent.save) {
    const errors = submission.status === "success" ? null : (submission.reply().error ?? null);
    return intent.add ? addItem(submission.payload, form.get("novoItem"), page.services, errors) : reply(submission.payload, errors, errors ? 400 : 200);
  }
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
