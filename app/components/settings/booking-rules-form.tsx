import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { Form, useNavigation } from "react-router";
import { Alert, FieldError, FormFooter } from "../forms";
import { BOOKING_WINDOW_LABELS } from "../../domain/availability/slots";
import { bookingRulesSchema, CUTOFF_CHOICES, DEPOSIT_RELEASE_CHOICES, EXPIRY_CHOICES, NOTICE_CHOICES, PAYMENT_HOLD_CHOICES } from "../../validation/working-hours";
import type { BookingRulesValues } from "./types";

type Choices = readonly (readonly [number | string, string])[];

/** 'Regras de agendamento': what customers may do on the booking page, and whether their bookings need an answer. */
export function BookingRulesForm({ rules, lastResult }: { rules: BookingRulesValues; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "booking-rules";
  const [form, fields] = useForm({
    id: "booking-rules",
    lastResult,
    defaultValue: {
      minNoticeMinutes: String(rules.minNoticeMinutes),
      bookingWindow: rules.bookingWindow,
      requestExpiryHours: String(rules.requestExpiryHours),
      customerChangeCutoffMinutes: String(rules.customerChangeCutoffMinutes),
      depositReleaseMinutes: String(rules.depositReleaseMinutes),
      paymentHoldMinutes: String(rules.paymentHoldMinutes),
      autoConfirm: rules.autoConfirm ? "on" : undefined,
      waitlistEnabled: rules.waitlistEnabled ? "on" : undefined,
    },
    onValidate: ({ formData }) => parseForm(formData, { schema: bookingRulesSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { key: autoKey, ...autoConfirm } = getInputProps(fields.autoConfirm, { type: "checkbox" });
  const { key: waitKey, ...waitlist } = getInputProps(fields.waitlistEnabled, { type: "checkbox" });
  return (
    <section id="regras" className="card scroll-mt-20 space-y-4 p-4 sm:p-6" aria-labelledby="rules-title">
      <div>
        <h2 id="rules-title" className="text-lg font-semibold">
          Regras de agendamento
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Valem para os clientes na sua página de agendamento. Na sua agenda, você marca horários sem essas limitações.
        </p>
      </div>
      {form.errors?.[0] ? <Alert title="Erro" text={form.errors[0]} /> : null}
      <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="booking-rules" />
        <div className="grid gap-4 sm:grid-cols-2">
          <RuleSelect
            label="Antecedência mínima"
            meta={fields.minNoticeMinutes}
            choices={NOTICE_CHOICES}
            current={rules.minNoticeMinutes}
            hint="Nenhum cliente agenda pela página com menos antecedência que isso."
          />
          <RuleSelect
            label="Agendar com até"
            meta={fields.bookingWindow}
            choices={Object.entries(BOOKING_WINDOW_LABELS)}
            current={rules.bookingWindow}
            hint="Até quando, a partir de hoje, seus clientes podem escolher uma data."
          />
          <RuleSelect
            label="Solicitações expiram em"
            meta={fields.requestExpiryHours}
            choices={EXPIRY_CHOICES}
            current={rules.requestExpiryHours}
            hint="Uma solicitação sem resposta libera o horário depois desse tempo, ou no próprio horário, o que vier primeiro."
          />
          <RuleSelect
            label="Cancelamento/remarcação até"
            meta={fields.customerChangeCutoffMinutes}
            choices={CUTOFF_CHOICES}
            current={rules.customerChangeCutoffMinutes}
            hint="Até quando o cliente pode cancelar ou remarcar pelo link do agendamento."
          />
          <RuleSelect
            label="Sinal não pago em … libera o horário"
            meta={fields.depositReleaseMinutes}
            choices={DEPOSIT_RELEASE_CHOICES}
            current={rules.depositReleaseMinutes}
            hint="Para serviços com sinal: uma solicitação cujo sinal não foi marcado como recebido nesse tempo expira e o horário fica livre. O cliente é avisado."
          />
          <RuleSelect
            label="Tempo para pagar (sinal online)"
            meta={fields.paymentHoldMinutes}
            choices={PAYMENT_HOLD_CHOICES}
            current={rules.paymentHoldMinutes}
            hint="Com o Mercado Pago conectado: quanto tempo o horário fica reservado enquanto o cliente paga o sinal pelo Pix; o código Pix vale até o mesmo horário (pelo menos 30 minutos, o mínimo do Mercado Pago). Sem pagamento, o horário é liberado."
          />
        </div>
        <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
          <input key={autoKey} {...autoConfirm} className="mt-0.5 size-5 shrink-0 accent-brand" aria-describedby="auto-confirm-hint" />
          <span>
            <span className="font-medium">Confirmar automaticamente</span>
            <span id="auto-confirm-hint" className="block text-sm text-slate-600">
              Agendamentos da sua página entram direto na agenda, confirmados, sem passar por Solicitações. Desligado, cada um chega
              como solicitação para você aceitar ou recusar (e segura o horário até lá).
            </span>
          </span>
        </label>
        <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
          <input key={waitKey} {...waitlist} className="mt-0.5 size-5 shrink-0 accent-brand" aria-describedby="waitlist-hint" />
          <span>
            <span className="font-medium">Lista de espera</span>
            <span id="waitlist-hint" className="block text-sm text-slate-600">
              Num dia cheio, o cliente pode pedir "Avise-me se abrir um horário". Quando alguém desmarca, avisamos quem está esperando, em
              ordem de chegada, com um link para confirmar.
            </span>
          </span>
        </label>
        <FormFooter label="Salvar regras" saving={saving} tone="secondary" />
      </Form>
    </section>
  );
}

function RuleSelect({
  label,
  meta,
  choices,
  current,
  hint,
}: {
  label: string;
  meta: FieldMetadata<string | number | undefined>;
  choices: Choices;
  current: number | string;
  hint: string;
}) {
  const { key, ...props } = getSelectProps(meta);
  const hintId = `${meta.id}-hint`;
  // A stored value outside the choices (set before they existed) stays selectable.
  const all: Choices = choices.some(([value]) => value === current) ? choices : [...choices, [current, String(current)]];
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <select key={key} {...props} className="input" aria-describedby={[props["aria-describedby"], hintId].filter(Boolean).join(" ")}>
        {all.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
