import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { formatDuration, formatMoney } from "../../domain/money";
import { formatDate } from "../../domain/dates";
import { useHydrated } from "../use-hydrated";
import { appointmentSchema, NOTES_MAX } from "../../validation/appointments";
import { FieldError } from "../forms";

export type AppointmentFormData = {
  clients: { id: string; name: string }[];
  services: { id: string; name: string; durationMinutes: number; priceCents: number; isActive: boolean }[];
  today: string;
  maxDate: string;
  editing: {
    id: string;
    date: string;
    serviceId: string | null;
    durationMinutes: number;
    priceCents: number;
  } | null;
  values: { clientId: string; serviceId: string; date: string; time: string; notes: string };
  /** Free start times for the chosen service and date; null until both are chosen. */
  times: string[] | null;
};

const FIELDS = ["clientId", "serviceId", "date", "time", "notes"] as const;

function Control({
  id,
  label,
  errors,
  children,
  hint,
}: {
  id: string;
  label: ReactNode;
  errors?: string[];
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * 'Novo Agendamento' / 'Editar Agendamento', a full-page form. Without JavaScript the time
 * choices come from the 'Ver horários' button (a GET of this same form); with it, they reload
 * as soon as the service or the date changes.
 */
export function AppointmentForm({
  data,
  lastResult,
  actionTimes,
}: {
  data: AppointmentFormData;
  lastResult: SubmissionResult<string[]> | null;
  /** Time choices returned with a refused save (for the values that were posted). */
  actionTimes: string[] | null | undefined;
}) {
  const { editing, today, maxDate } = data;
  const navigation = useNavigation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const loadingTimes = navigation.state === "loading" && navigation.location.pathname === "/agenda" && !navigation.formMethod;
  const schema = appointmentSchema({ today, maxDate, keepDate: editing?.date });
  const [form, fields] = useForm({
    id: "appointment-form",
    lastResult,
    defaultValue: data.values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const times = actionTimes !== undefined ? actionTimes : data.times;
  const modeField = editing ? { name: "editar", value: editing.id } : { name: "novo", value: "1" };

  function reloadTimes(formElement: HTMLFormElement | null) {
    if (!formElement) return;
    const current = new FormData(formElement);
    const params = new URLSearchParams({ [modeField.name]: modeField.value });
    for (const name of FIELDS) {
      const value = current.get(name);
      if (typeof value === "string") params.set(name, value);
    }
    void submit(params, { method: "get", action: "/agenda", replace: true, preventScrollReset: true });
  }

  const { key: clientKey, ...clientProps } = getSelectProps(fields.clientId);
  const { key: serviceKey, ...serviceProps } = getSelectProps(fields.serviceId);
  const { key: dateKey, ...dateProps } = getInputProps(fields.date, { type: "date" });
  const { key: timeKey, ...timeProps } = getSelectProps(fields.time);
  const { key: notesKey, ...notesProps } = getTextareaProps(fields.notes);
  const chosenService = data.services.find((s) => s.id === data.values.serviceId);
  // An edit that keeps the service keeps the duration and price agreed at booking time.
  const agreed = editing && chosenService?.id === editing.serviceId ? editing : chosenService;

  let timeHint: ReactNode = null;
  if (times === null) {
    timeHint = (
      <p className="mt-1 text-sm text-slate-500">
        {hydrated
          ? "Escolha o serviço e a data para ver os horários livres."
          : "Escolha o serviço e a data e toque em 'Ver horários'."}
      </p>
    );
  } else if (times.length === 0) {
    timeHint = (
      <p className="mt-1 text-sm text-amber-800" role="status">
        Nenhum horário disponível para esta data. Tente selecionar outra data.
      </p>
    );
  } else if (chosenService) {
    timeHint = (
      <p className="mt-1 text-sm text-slate-500">
        {times.length === 1 ? "1 horário livre" : `${times.length} horários livres`} em {formatDate(data.values.date)}{" "}
        para {chosenService.name}.
      </p>
    );
  }

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="flex items-center gap-3">
        <Link to="/agenda" className="btn-secondary px-3" aria-label="Voltar para a agenda">
          ←
        </Link>
        <div>
          <h1 className="text-2xl font-bold">{editing ? "Editar Agendamento" : "Novo Agendamento"}</h1>
          <p className="text-sm text-slate-600">
            {editing ? "Altere os dados do agendamento." : "Escolha cliente, serviço, data e horário."}
          </p>
        </div>
      </header>

      {data.clients.length === 0 ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          Você ainda não tem clientes.{" "}
          <Link to="/clientes?novo=1" className="font-semibold underline">
            Cadastre um cliente
          </Link>{" "}
          para poder agendar.
        </div>
      ) : null}
      {data.services.length === 0 ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          Nenhum serviço ativo.{" "}
          <Link to="/servicos?novo=1" className="font-semibold underline">
            Cadastre um serviço
          </Link>{" "}
          para poder agendar.
        </div>
      ) : null}

      <Form method="post" className="card space-y-4" {...getFormProps(form)}>
        <input type="hidden" name={modeField.name} value={modeField.value} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}

        <Control id={fields.clientId.id} label="Cliente *" errors={fields.clientId.errors}>
          <select key={clientKey} {...clientProps} className="input">
            <option value="">Selecione um cliente</option>
            {data.clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Control>

        <Control id={fields.serviceId.id} label="Serviço *" errors={fields.serviceId.errors}>
          <select
            key={serviceKey}
            {...serviceProps}
            className="input"
            onChange={(e) => reloadTimes(e.currentTarget.form)}
          >
            <option value="">Selecione um serviço</option>
            {data.services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.durationMinutes} min){s.isActive ? "" : " (inativo)"}
              </option>
            ))}
          </select>
          {agreed ? (
            <p className="mt-1 text-sm text-slate-500">
              Duração: {formatDuration(agreed.durationMinutes)} · Valor: {formatMoney(agreed.priceCents)}
            </p>
          ) : null}
        </Control>

        <Control id={fields.date.id} label="Data *" errors={fields.date.errors}>
          <input
            key={dateKey}
            {...dateProps}
            className="input"
            min={editing && editing.date < today ? editing.date : today}
            max={maxDate}
            onChange={(e) => reloadTimes(e.currentTarget.form)}
          />
        </Control>

        {hydrated ? null : (
          <button type="submit" name="intent" value="ver-horarios" formMethod="get" formNoValidate className="btn-secondary w-full">
            Ver horários
          </button>
        )}

        <Control
          id={fields.time.id}
          label={
            <>
              Horário *{" "}
              {loadingTimes ? (
                <span className="font-normal text-slate-500" role="status">
                  Carregando horários...
                </span>
              ) : null}
            </>
          }
          errors={fields.time.errors}
          hint={timeHint}
        >
          <select key={timeKey} {...timeProps} className="input">
            <option value="">Selecione um horário</option>
            {(times ?? []).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Control>

        <Control id={fields.notes.id} label="Observações" errors={fields.notes.errors}>
          <textarea key={notesKey} {...notesProps} rows={3} maxLength={NOTES_MAX} className="input" />
        </Control>

        <FieldError errors={form.errors} />

        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Link to="/agenda" className="btn-secondary">
            Cancelar
          </Link>
          <button type="submit" name="intent" value={editing ? "update" : "create"} className="btn-primary" disabled={saving}>
            {saving ? "Salvando..." : editing ? "Atualizar" : "Agendar"}
          </button>
        </div>
      </Form>
    </div>
  );
}
