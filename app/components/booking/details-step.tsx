import { Form, Link } from "react-router";
import { NOTES_MAX_LENGTH, type BookingField } from "../../validation/booking";
import { FieldError } from "../forms";
import { ContactFields } from "./contact-fields";
import { BookingSummary } from "./booking-summary";
import { ChosenField, chosenQuery, stepNumber, type BookingAnswer, type BookingView } from "./page-view";

// Step 'Seus dados': the summary, the server's refusal (a time taken or an offer changed, with a
// way back to the times), and the form, a plain POST; with JavaScript, the page's inline script
// adds the live checks (`data-live-checks`).

export function DetailsStep({ page, answer }: { page: BookingView; answer: BookingAnswer | undefined }) {
  const { service, date, chosen } = page;
  const n = stepNumber(page, 3);
  const err = (field: "form" | "time") => (answer?.field === field ? answer.message : null);
  return (
    <section className="card mt-4 space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{n}. Seus dados</h3>
        <Link to={`?${chosenQuery(chosen)}servico=${service!.id}&data=${date}`} className="btn-link">
          Voltar
        </Link>
      </div>
      <BookingSummary page={page} />
      {err("form") ? (
        <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
          {err("form")}
        </p>
      ) : null}
      {err("time") ? (
        <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
          <p>{err("time")}</p>
          <Link to={`?${chosenQuery(chosen)}servico=${service!.id}&data=${date}`} className="mt-1 inline-block font-semibold underline">
            Ver outros horários
          </Link>
        </div>
      ) : null}
      <DetailsForm page={page} answer={answer} />
    </section>
  );
}

/** The customer's data, a plain POST carrying the choices made (and the offer shown) back. */
function DetailsForm({ page, answer }: { page: BookingView; answer: BookingAnswer | undefined }) {
  const { service, date, time, chosen, finalOffer } = page;
  // A deposit charged online: the payer's e-mail is asked, and the button says what follows.
  const paying = !!page.deposit?.online;
  // What was typed (a refusal), else what a waiting-list offer's link fills in.
  const fields: Partial<BookingAnswer["fields"]> | undefined = answer?.fields ?? page.prefill ?? undefined;
  // The server's message beside its field (the enhancement script adds the live ones).
  const errors = (field: BookingField) => (answer?.field === field ? [answer.message] : null);
  return (
    <Form method="post" className="space-y-4" noValidate data-live-checks>
      <ChosenField chosen={chosen} />
      <input type="hidden" name="servico" value={service!.id} />
      <input type="hidden" name="data" value={date!} />
      <input type="hidden" name="horario" value={time!} />
      {finalOffer ? <input type="hidden" name="oferta" value={finalOffer.key} /> : null}
      <Honeypots />
      <ContactFields
        ids={{ name: "nome", phone: "telefone", email: "email" }}
        errors={errors}
        typed={fields}
        email={{
          label: paying ? "E-mail * — para o pagamento do sinal, a confirmação e o lembrete" : "E-mail (opcional) — para receber a confirmação e o lembrete",
          required: paying,
        }}
      />
      <div>
        <label htmlFor="observacoes" className="label">
          Observações (opcional)
        </label>
        <textarea
          id="observacoes"
          name="notes"
          rows={3}
          maxLength={NOTES_MAX_LENGTH}
          defaultValue={fields?.notes}
          className="input"
          aria-invalid={errors("notes") ? true : undefined}
          aria-describedby={errors("notes") ? "observacoes-error" : undefined}
        />
        <FieldError id="observacoes-error" errors={errors("notes")} />
      </div>
      <button type="submit" className="btn-primary w-full py-3 text-base">
        {paying ? "Confirmar e pagar sinal" : "Confirmar Agendamento"}
      </button>
    </Form>
  );
}

/** Invisible to people, tempting to bots. */
function Honeypots() {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label>
        Não preencha este campo
        <input type="text" name="website_hp" tabIndex={-1} autoComplete="off" />
      </label>
      <label>
        Site
        <input type="text" name="bot_field" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
