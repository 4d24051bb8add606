import { Form } from "react-router";
import { formatDate } from "../../domain/dates";
import { PERIOD_CHOICES } from "../../domain/waitlist/periods";
import type { WaitlistField } from "../../validation/waitlist";
import { FieldError } from "../forms";
import { ContactFields } from "./contact-fields";
import { chosenQuery, chosenValue, type BookingView } from "./page-view";

// Step 2's 'Avise-me se abrir um horário' (issue 24): a plain POST to the waiting list's address
// (routes/waitlist-join.tsx), folded in a <details> under the times (open when the day has none
// left, or when the form comes back with an error). No JavaScript needed anywhere.

/** A refused sign-up: the message beside its field, and what was typed. */
export type WaitlistAnswer = { field: WaitlistField; message: string; fields: { name: string; phone: string; email: string; period: string } };

export function WaitlistOffer({
  page,
  answer,
  open,
}: {
  page: Pick<BookingView, "pro" | "service" | "date" | "chosen" | "slots" | "waitlistPeriods">;
  answer?: WaitlistAnswer | undefined;
  open?: boolean;
}) {
  const { pro, service, date, chosen } = page;
  if (!service || !date) return null;
  const fields = answer?.fields;
  const errors = (field: WaitlistField) => (answer?.field === field ? [answer.message] : null);
  return (
    <details className="group rounded-lg border border-slate-200 bg-white" open={open || page.slots.length === 0 || !!answer} data-testid="waitlist-offer">
      <summary className="cursor-pointer list-none p-4 font-semibold text-brand">
        Avise-me se abrir um horário
        <span className="block text-sm font-normal text-slate-600">
          Não achou o horário que queria em {formatDate(date)}? Entre na lista de espera: se alguém desmarcar, você fica sabendo.
        </span>
      </summary>
      <Form method="post" action={`/agendamento/${pro.slug}/lista-de-espera?${chosenQuery(chosen)}servico=${service.id}&data=${date}`} className="space-y-4 border-t border-slate-200 p-4" noValidate>
        {chosen ? <input type="hidden" name="profissional" value={chosenValue(chosen)} /> : null}
        <input type="hidden" name="servico" value={service.id} />
        <input type="hidden" name="data" value={date} />
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label>
            Não preencha este campo
            <input type="text" name="website_hp" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        {answer?.field === "form" ? (
          <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
            {answer.message}
          </p>
        ) : null}
        <fieldset>
          <legend className="label">Qual período serve para você?</legend>
          <div className="grid grid-cols-2 gap-2">
            {PERIOD_CHOICES.filter((p) => page.waitlistPeriods.includes(p.value)).map((p) => (
              <label
                key={p.value}
                className="flex cursor-pointer flex-col rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-brand has-checked:bg-brand/10"
              >
                <span className="flex items-center gap-2 font-medium">
                  <input type="radio" name="periodo" value={p.value} required defaultChecked={(fields?.period ?? "qualquer") === p.value} />
                  {p.label}
                </span>
                <span className="text-xs text-slate-600">{p.hint}</span>
              </label>
            ))}
          </div>
          <FieldError id="periodo-error" errors={errors("period")} />
        </fieldset>
        <ContactFields
          ids={{ name: "espera-nome", phone: "espera-telefone", email: "espera-email" }}
          errors={errors}
          typed={fields}
          email={{ label: "E-mail (opcional) — para receber o aviso por e-mail" }}
        />
        <p className="text-xs text-slate-600">
          Avisamos em ordem de chegada. Quem confirmar primeiro fica com o horário; se não der, você continua na lista até o fim do dia.
        </p>
        <button type="submit" className="btn-primary w-full py-3 text-base">
          Entrar na lista de espera
        </button>
      </Form>
    </details>
  );
}
