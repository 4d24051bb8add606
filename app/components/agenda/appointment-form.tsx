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
import { dayOfWeek, formatDate, weekdayName } from "../../domain/dates";
import { useHydrated } from "../use-hydrated";
import { APPOINTMENT_ERRORS, appointmentSchema, NOTES_MAX } from "../../validation/appointments";
import { occurrenceField } from "../../validation/appointment-save";
import { INTERVAL_LABELS, SERIES_COUNT, SERIES_INTERVALS } from "../../domain/appointments/series";
import { FieldError, FormFooter } from "../forms";

type AppointmentFormData = {
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
    /** An occurrence of a series: the edit asks 'Só este' or 'Este e os próximos'. */
    recurring: boolean;
    /** How the customer hears of a new time ('Avisar cliente'), or null when they cannot be. */
    notice: string | null;
  } | null;
  values: {
    clientId: string;
    serviceId: string;
    date: string;
    time: string;
    otherTime: string;
    notes: string;
    repeat: string;
    endKind: string;
    count: string;
    until: string;
  };
  /** Free start times for the chosen service and date; null until both are chosen. */
  times: string[] | null;
};

const FIELDS = ["clientId", "serviceId", "date", "time", "otherTime", "notes", "repeat", "endKind", "count", "until"] as const;

/** 'Ver datas' of a series (see SeriesPreview in domain/appointments/save/plan.server.ts). */
type SeriesPreviewData = {
  fingerprint: string;
  rows: { date: string; time: string; free: boolean; label: string; alternatives: string[]; holiday: string | null }[];
};

const WALK_IN_QUESTIONS: string[] = [APPOINTMENT_ERRORS.walkIn, APPOINTMENT_ERRORS.walkInPast];

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
  walkIn,
  preview,
}: {
  data: AppointmentFormData;
  lastResult: SubmissionResult<string[]> | null;
  /** Time choices returned with a refused save (for the values that were posted). */
  actionTimes: string[] | null | undefined;
  /** The "date time" an 'Encaixe' confirmation would confirm, when the server asked. */
  walkIn: string | null;
  /** The dates of a series after 'Ver datas'. */
  preview: SeriesPreviewData | null;
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
  const walkInPast = lastResult?.error?.[fields.otherTime.name]?.includes(APPOINTMENT_ERRORS.walkInPast) ?? false;
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
  const { key: otherTimeKey, ...otherTimeProps } = getInputProps(fields.otherTime, { type: "time" });
  const { key: repeatKey, ...repeatProps } = getSelectProps(fields.repeat);
  const { key: countKey, ...countProps } = getInputProps(fields.count, { type: "number" });
  const { key: untilKey, ...untilProps } = getInputProps(fields.until, { type: "date" });
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
        {times.length === 1 ? "1 horário livre" : `${times.length} horários livres`}
        {data.values.date ? ` em ${formatDate(data.values.date)}` : ""}{" "}
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
            <option value="">{times && times.length === 0 ? "Nenhum horário livre" : "Selecione um horário"}</option>
            {(times ?? []).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Control>

        <Control
          id={fields.otherTime.id}
          label="Encaixe (outra hora)"
          // The walk-in question shows in its own box below, which stays put while it is answered.
          errors={walkIn ? fields.otherTime.errors?.filter((e) => !WALK_IN_QUESTIONS.includes(e)) : fields.otherTime.errors}
          hint={
            <p className="mt-1 text-sm text-slate-500">
              Para atender fora dos horários livres. Deixe em branco para usar a lista acima.
            </p>
          }
        >
          <input key={otherTimeKey} {...otherTimeProps} className="input" />
        </Control>

        {walkIn ? (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="alert">
            <p className="mb-2 font-semibold">
              {walkInPast ? APPOINTMENT_ERRORS.walkInPast : APPOINTMENT_ERRORS.walkIn}
            </p>
            <label className="flex items-start gap-2 font-medium">
              <input type="checkbox" name="encaixe" value={walkIn} className="mt-0.5 size-5 shrink-0" />
              <span>Sim, agendar mesmo assim (encaixe em {formatDate(walkIn.slice(0, 10))} às {walkIn.slice(11)}).</span>
            </label>
            <p className="mt-1 pl-7 text-amber-800">Marque e toque em '{editing ? "Atualizar" : "Agendar"}' de novo.</p>
          </div>
        ) : null}

        {editing ? null : (
          <RepeatFieldset
            repeat={{ key: repeatKey, props: repeatProps, errors: fields.repeat.errors }}
            count={{ key: countKey, props: countProps, errors: fields.count.errors }}
            until={{ key: untilKey, props: untilProps, errors: fields.until.errors }}
            endKindName={fields.endKind.name}
            endKind={data.values.endKind}
            open={
              !!preview ||
              (lastResult?.initialValue?.repeat ?? data.values.repeat ?? "0") !== "0" ||
              !!(fields.repeat.errors ?? fields.count.errors ?? fields.until.errors)
            }
          />
        )}

        {preview ? <SeriesPreviewList key={preview.fingerprint} preview={preview} /> : null}

        {editing?.recurring ? (
          <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">Agendamento recorrente: aplicar a</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="scope" value="this" defaultChecked className="size-4" /> Só este
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="scope" value="following" className="size-4" /> Este e os próximos
            </label>
          </fieldset>
        ) : null}

        {editing?.notice ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="avisar" value="1" defaultChecked className="mt-0.5 size-4 shrink-0" />
            <span>
              <span className="font-medium">Avisar cliente se a data ou a hora mudar</span>{" "}
              <span className="text-slate-600">({editing.notice})</span>
            </span>
          </label>
        ) : null}

        <Control id={fields.notes.id} label="Observações" errors={fields.notes.errors}>
          <textarea key={notesKey} {...notesProps} rows={3} maxLength={NOTES_MAX} className="input" />
        </Control>

        <FieldError errors={form.errors} />

        <FormFooter label={editing ? "Atualizar" : "Agendar"} saving={saving} cancelHref="/agenda" intent={editing ? "update" : "create"} />
      </Form>
    </div>
  );
}

type FieldBits = { key: string | undefined; props: Record<string, unknown>; errors: string[] | undefined };

/** 'Repetir': every 1 to 4 weeks, N times or until a date. */
function RepeatFieldset({
  repeat,
  count,
  until,
  endKindName,
  endKind,
  open,
}: {
  repeat: FieldBits;
  count: FieldBits;
  until: FieldBits;
  endKindName: string;
  endKind: string;
  open: boolean;
}) {
  const repeatId = String(repeat.props.id);
  const countId = String(count.props.id);
  const untilId = String(until.props.id);
  return (
    // Closed until asked for (a <details>, so it opens without JavaScript too); open while repeating.
    <details open={open} className="group rounded-lg border border-slate-200">
      <summary className="flex cursor-pointer items-center justify-between gap-2 p-3 text-sm font-semibold">
        <span>
          Repetir <span className="font-normal text-slate-500">(agendamento recorrente)</span>
        </span>
        <span aria-hidden className="text-slate-400 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <fieldset className="space-y-3 border-t border-slate-200 p-3">
        <legend className="sr-only">Repetir</legend>
        <div>
          <label htmlFor={repeatId} className="label">
            Frequência
          </label>
          <select key={repeat.key} {...repeat.props} className="input">
            <option value="0">Não repetir</option>
            {SERIES_INTERVALS.map((n) => (
              <option key={n} value={String(n)}>
                {INTERVAL_LABELS[n]}
              </option>
            ))}
          </select>
          <FieldError id={`${repeatId}-error`} errors={repeat.errors} />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="radio" name={endKindName} value="count" defaultChecked={endKind !== "until"} className="size-4" />
              Número de vezes
            </label>
            <input
              key={count.key}
              {...count.props}
              min={SERIES_COUNT.min}
              max={SERIES_COUNT.max}
              inputMode="numeric"
              aria-label="Quantas vezes"
              className="input mt-1"
            />
            <FieldError id={`${countId}-error`} errors={count.errors} />
          </div>
          <div>
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="radio" name={endKindName} value="until" defaultChecked={endKind === "until"} className="size-4" />
              Até
            </label>
            <input key={until.key} {...until.props} aria-label="Repetir até o dia" className="input mt-1" />
            <FieldError id={`${untilId}-error`} errors={until.errors} />
          </div>
        </div>
        <p className="text-sm text-slate-500">Até 12 meses. Confira cada data antes de agendar.</p>
        <button type="submit" name="intent" value="preview" className="btn-secondary w-full sm:w-auto">
          Ver datas
        </button>
      </fieldset>
    </details>
  );
}

/** Every date of the series with its state; each clash is skipped or moved to a free time. */
function SeriesPreviewList({ preview }: { preview: SeriesPreviewData }) {
  const clashes = preview.rows.filter((r) => !r.free).length;
  return (
    <section aria-labelledby="series-preview-title" className="space-y-2 rounded-lg border border-slate-200 p-3">
      <input type="hidden" name="fingerprint" value={preview.fingerprint} />
      <h2 id="series-preview-title" className="font-semibold">
        Datas da repetição
      </h2>
      <p className="text-sm text-slate-600" role="status">
        {preview.rows.length} datas
        {clashes ? ` · ${clashes === 1 ? "1 com conflito" : `${clashes} com conflito`}: pule ou escolha outro horário.` : " · todas livres."}
      </p>
      <ul className="divide-y divide-slate-100" aria-label="Datas da repetição">
        {preview.rows.map((row) => {
          const name = occurrenceField(row.date);
          const day = `${weekdayName(dayOfWeek(row.date), "short")} ${formatDate(row.date, true)}`;
          return (
            <li key={row.date} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="series-date">
              <span className="shrink-0 whitespace-nowrap text-sm font-medium tabular-nums">
                {day} · {row.time}
              </span>
              <span
                className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
                  row.free ? "bg-green-50 text-green-800 ring-green-200" : "bg-amber-50 text-amber-900 ring-amber-300"
                }`}
              >
                {row.label}
              </span>
              {row.holiday ? <span className="text-xs text-slate-500">Feriado: {row.holiday}</span> : null}
              <select name={name} aria-label={`O que fazer em ${day}`} defaultValue={row.free ? "keep" : "skip"} className="input ml-auto w-full sm:w-48">
                {row.free ? <option value="keep">Agendar às {row.time}</option> : null}
                <option value="skip">Pular</option>
                {row.alternatives.map((t) => (
                  <option key={t} value={t}>
                    Agendar às {t}
                  </option>
                ))}
              </select>
              {!row.free && row.alternatives.length === 0 ? (
                <span className="w-full text-xs text-slate-500">Nenhum outro horário livre neste dia.</span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
