import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { Form, useNavigation } from "react-router";
import { Alert, FieldError, FormFooter } from "../forms";
import {
  EXCEPTION_DEFAULTS,
  EXCEPTION_KINDS,
  EXCEPTION_TIME_CHOICES,
  KIND_LABELS,
  REASON_MAX_LENGTH,
  scheduleExceptionSchema,
} from "../../validation/schedule-exceptions";
import { EXCEPTIONS_ANCHOR, HOURS_PATH, type ExceptionView } from "./types";

// The fields that matter for the chosen kind show, the others fold away: pure CSS (:has on the
// form), so it works the same without JavaScript. Hidden fields still post; the server ignores
// what the kind does not use.
const ONLY = {
  closed: "group-has-[[data-kind-closed]:not(:checked)]/ex:hidden",
  blocked: "group-has-[[data-kind-blocked]:not(:checked)]/ex:hidden",
  open: "group-has-[[data-kind-open]:not(:checked)]/ex:hidden",
} as const;
const NOT_CLOSED = "group-has-[[data-kind-closed]:checked]/ex:hidden";

const KIND_HINTS = {
  closed: "O dia todo, ou vários dias seguidos (férias). Seus clientes veem 'Fechado neste dia'.",
  blocked: "Um intervalo de horário em um dia: esses horários somem da sua página de agendamento.",
  open: "Atendimento em uma data específica, como um sábado antes do Natal. Nesse dia valem só estes horários.",
} as const;

const KIND_DATA = { closed: { "data-kind-closed": "" }, blocked: { "data-kind-blocked": "" }, open: { "data-kind-open": "" } } as const;

/** Add ('Adicionar') or edit ('Salvar alterações') a closed day or range, a block or extra hours. */
export function ExceptionForm({
  editing,
  today,
  lastResult,
}: {
  editing: ExceptionView | null;
  today: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const intent = editing ? "update-exception" : "create-exception";
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const keepStart = editing?.form.startDate ?? null;
  const [form, fields] = useExceptionForm(editing, today, keepStart, lastResult);
  // An exception under way keeps its past start date; a new one starts today at the earliest.
  const min = keepStart && keepStart < today ? keepStart : today;
  const titleId = `${form.id}-title`;
  return (
    <section aria-labelledby={titleId} className="scroll-mt-20 space-y-3 rounded-xl border border-slate-200 p-4" id={editing ? "editar-folga" : "nova-folga"}>
      <h3 id={titleId} className="font-semibold">
        {editing ? "Editar folga ou bloqueio" : "Adicionar folga ou bloqueio"}
      </h3>
      {form.errors?.[0] ? <Alert title="Erro" text={form.errors[0]} /> : null}
      <Form method="post" {...getFormProps(form)} preventScrollReset className="group/ex space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <KindFieldset kind={fields.kind} />

        <DateFields fields={fields} min={min} />

        <ReasonFields fields={fields} />

        <FormFooter
          label={editing ? "Salvar alterações" : "Adicionar"}
          saving={saving}
          cancelHref={editing ? `${HOURS_PATH}#${EXCEPTIONS_ANCHOR}` : undefined}
          keepScroll
        />
      </Form>
    </section>
  );
}

function useExceptionForm(
  editing: ExceptionView | null,
  today: string,
  keepStart: string | null,
  lastResult: SubmissionResult<string[]> | null,
) {
  return useForm({
    id: editing ? `exception-${editing.id}` : "exception-new",
    lastResult,
    defaultValue: editing
      ? { ...editing.form, showReason: editing.form.showReason ? "on" : undefined }
      : { ...EXCEPTION_DEFAULTS, reason: "", showReason: undefined },
    onValidate: ({ formData }) => parseForm(formData, { schema: scheduleExceptionSchema({ today, keepStart }) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

type ExceptionFields = ReturnType<typeof useExceptionForm>[1];

/** 'Tipo': closed, blocked or extra hours, with the hint of the chosen one. */
function KindFieldset({ kind: field }: { kind: ExceptionFields["kind"] }) {
  return (
    <fieldset>
      <legend className="label">Tipo</legend>
      <div className="grid grid-cols-3 gap-2">
        {EXCEPTION_KINDS.map((kind) => {
          const { key, ...radio } = getInputProps(field, { type: "radio", value: kind });
          return (
            <label
              key={kind}
              className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 px-2 py-2 text-center text-sm font-medium has-checked:border-brand has-checked:bg-brand has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand"
            >
              <input key={key} {...radio} {...KIND_DATA[kind]} id={`${field.id}-${kind}`} className="sr-only" />
              {KIND_LABELS[kind]}
            </label>
          );
        })}
      </div>
      {EXCEPTION_KINDS.map((kind) => (
        <p key={kind} className={`mt-2 text-xs text-slate-600 ${ONLY[kind]}`}>
          {KIND_HINTS[kind]}
        </p>
      ))}
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** 'Data inicial' and 'Data final' of a closed range, or 'Data' with 'Das' and 'Até'. */
function DateFields({ fields, min }: { fields: Pick<ExceptionFields, "startDate" | "endDate" | "startTime" | "endTime">; min: string }) {
  const { key: startKey, ...startDate } = getInputProps(fields.startDate, { type: "date" });
  const { key: endKey, ...endDate } = getInputProps(fields.endDate, { type: "date" });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={fields.startDate.id} className="label">
          <span className={ONLY.closed}>Data inicial</span>
          <span className={NOT_CLOSED}>Data</span>
        </label>
        <input {...startDate} key={startKey} min={min} required className="input" />
        <FieldError id={fields.startDate.errorId} errors={fields.startDate.errors} />
      </div>
      <div className={ONLY.closed}>
        <label htmlFor={fields.endDate.id} className="label">
          Data final <span className="font-normal text-slate-500">(opcional)</span>
        </label>
        <input {...endDate} key={endKey} min={min} className="input" aria-describedby={[endDate["aria-describedby"], `${fields.endDate.id}-hint`].filter(Boolean).join(" ")} />
        <p id={`${fields.endDate.id}-hint`} className="mt-1 text-xs text-slate-500">
          Deixe em branco para fechar só um dia.
        </p>
        <FieldError id={fields.endDate.errorId} errors={fields.endDate.errors} />
      </div>
      <div className={`grid grid-cols-2 gap-3 ${NOT_CLOSED}`}>
        <TimeSelect label="Das" meta={fields.startTime} />
        <TimeSelect label="Até" meta={fields.endTime} />
      </div>
    </div>
  );
}

/** 'Motivo', and whether a closed day shows it on the booking page. */
function ReasonFields({ fields }: { fields: Pick<ExceptionFields, "reason" | "showReason"> }) {
  const { key: reasonKey, ...reason } = getInputProps(fields.reason, { type: "text" });
  const { key: showKey, ...showReason } = getInputProps(fields.showReason, { type: "checkbox" });
  return (
    <>
      <div>
        <label htmlFor={fields.reason.id} className="label">
          Motivo <span className="font-normal text-slate-500">(opcional)</span>
        </label>
        <input {...reason} key={reasonKey} maxLength={REASON_MAX_LENGTH} placeholder="Ex.: Feriado, Férias, Curso" className="input" />
        <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      <div className={ONLY.closed}>
        <label className="flex w-fit cursor-pointer items-start gap-2 text-sm text-slate-700">
          <input key={showKey} {...showReason} className="mt-0.5 size-4 rounded border-slate-300 accent-brand" />
          <span>
            Mostrar o motivo na página de agendamento
            <span className="block text-xs text-slate-500">Seus clientes veem, por exemplo, 'Fechado neste dia (Feriado)'.</span>
          </span>
        </label>
      </div>
    </>
  );
}

function TimeSelect({ label, meta }: { label: string; meta: FieldMetadata<string | undefined> }) {
  const { key, ...props } = getSelectProps(meta);
  const current = typeof meta.initialValue === "string" ? meta.initialValue : "";
  // A stored time outside the 15-minute choices stays selectable.
  const choices = current && !EXCEPTION_TIME_CHOICES.includes(current) ? [...EXCEPTION_TIME_CHOICES, current].sort() : EXCEPTION_TIME_CHOICES;
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <select key={key} {...props} className="input">
        {choices.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
