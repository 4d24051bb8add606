import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { useHydrated } from "../use-hydrated";
import { APPOINTMENT_ERRORS, appointmentSchema, NOTES_MAX } from "../../validation/appointments";
import { FieldError, FormFooter } from "../forms";
import { REASON_MAX } from "../../domain/notifications/change-notices";
import { ClientField, Control, fieldOf, ServiceField, WhenFields, type Field } from "./appointment-fields";
import { RepeatFieldset, SeriesPreviewList, type SeriesPreviewData } from "./series-fields";

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
    motivo: string;
  };
  /** Free start times for the chosen service and date; null until both are chosen. */
  times: string[] | null;
};

const FIELDS = ["clientId", "serviceId", "date", "time", "otherTime", "notes", "repeat", "endKind", "count", "until", "motivo"] as const;

type AppointmentFormProps = {
  data: AppointmentFormData;
  lastResult: SubmissionResult<string[]> | null;
  /** Time choices returned with a refused save (for the values that were posted). */
  actionTimes: string[] | null | undefined;
  /** The "date time" an 'Encaixe' confirmation would confirm, when the server asked. */
  walkIn: string | null;
  /** The dates of a series after 'Ver datas'. */
  preview: SeriesPreviewData | null;
};

/**
 * 'Novo Agendamento' / 'Editar Agendamento', a full-page form. Without JavaScript the time
 * choices come from the 'Ver horários' button (a GET of this same form); with it, they reload
 * as soon as the service or the date changes.
 */
export function AppointmentForm({ data, lastResult, actionTimes, walkIn, preview }: AppointmentFormProps) {
  const { editing, today, maxDate } = data;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const loadingTimes = navigation.state === "loading" && navigation.location.pathname === "/agenda" && !navigation.formMethod;
  const schema = appointmentSchema({ today, maxDate, keepDate: editing?.date });
  const [form, fields] = useForm({
    id: "appointment-form",
    lastResult,
    defaultValue: data.values,
    onValidate: ({ formData }) => parseForm(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const times = actionTimes !== undefined ? actionTimes : data.times;
  const walkInPast = lastResult?.error?.[fields.otherTime.name]?.includes(APPOINTMENT_ERRORS.walkInPast) ?? false;
  const modeField = editing ? { name: "editar", value: editing.id } : { name: "novo", value: "1" };
  const reloadTimes = useTimesReload(modeField);
  const { key: notesKey, ...notesProps } = getTextareaProps(fields.notes);
  const chosenService = data.services.find((s) => s.id === data.values.serviceId);
  // An edit that keeps the service keeps the duration and price agreed at booking time.
  const agreed = editing && chosenService?.id === editing.serviceId ? editing : chosenService;
  const repeating = (lastResult?.initialValue?.repeat ?? data.values.repeat ?? "0") !== "0";

  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <FormHeading editing={!!editing} />
      <MissingChoices noClients={data.clients.length === 0} noServices={data.services.length === 0} />

      <Form method="post" className="card space-y-4" {...getFormProps(form)}>
        <input type="hidden" name={modeField.name} value={modeField.value} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <ClientField field={fieldOf(getSelectProps(fields.clientId), fields.clientId)} clients={data.clients} />
        <ServiceField field={fieldOf(getSelectProps(fields.serviceId), fields.serviceId)} services={data.services} agreed={agreed} onChange={reloadTimes} />
        <WhenFields
          date={fieldOf(getInputProps(fields.date, { type: "date" }), fields.date)}
          time={fieldOf(getSelectProps(fields.time), fields.time)}
          otherTime={fieldOf(getInputProps(fields.otherTime, { type: "time" }), fields.otherTime)}
          dateRange={{ min: editing && editing.date < today ? editing.date : today, max: maxDate }}
          times={times}
          loadingTimes={loadingTimes}
          hydrated={hydrated}
          chosen={{ serviceName: chosenService?.name ?? null, date: data.values.date }}
          walkIn={walkIn ? { at: walkIn, past: walkInPast } : null}
          submitLabel={editing ? "Atualizar" : "Agendar"}
          onChange={reloadTimes}
        />
        {editing ? null : (
          <RepeatFieldset
            repeat={fieldOf(getSelectProps(fields.repeat), fields.repeat)}
            count={fieldOf(getInputProps(fields.count, { type: "number" }), fields.count)}
            until={fieldOf(getInputProps(fields.until, { type: "date" }), fields.until)}
            endKindName={fields.endKind.name}
            endKind={data.values.endKind}
            open={!!preview || repeating || !!(fields.repeat.errors ?? fields.count.errors ?? fields.until.errors)}
          />
        )}
        {preview ? <SeriesPreviewList key={preview.fingerprint} preview={preview} /> : null}
        {editing ? (
          <EditChoices recurring={editing.recurring} notice={editing.notice} reason={fieldOf(getTextareaProps(fields.motivo), fields.motivo)} />
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

/** With JavaScript, the free times follow the service and the date: a GET of this form, in place. */
function useTimesReload(modeField: { name: string; value: string }) {
  const submit = useSubmit();
  return (formElement: HTMLFormElement | null) => {
    if (!formElement) return;
    const current = new FormData(formElement);
    const params = new URLSearchParams({ [modeField.name]: modeField.value });
    for (const name of FIELDS) {
      const value = current.get(name);
      if (typeof value === "string") params.set(name, value);
    }
    void submit(params, { method: "get", action: "/agenda", replace: true, preventScrollReset: true });
  };
}
function FormHeading({ editing }: { editing: boolean }) {
  return (
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
  );
}

/** Nothing to book yet: where to register the first client or service. */
function MissingChoices({ noClients, noServices }: { noClients: boolean; noServices: boolean }) {
  return (
    <>
      {noClients ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          Você ainda não tem clientes.{" "}
          <Link to="/clientes?novo=1" className="font-semibold underline">
            Cadastre um cliente
          </Link>{" "}
          para poder agendar.
        </div>
      ) : null}
      {noServices ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
          Nenhum serviço ativo.{" "}
          <Link to="/servicos?novo=1" className="font-semibold underline">
            Cadastre um serviço
          </Link>{" "}
          para poder agendar.
        </div>
      ) : null}
    </>
  );
}

/**
 * An edit's own questions: which occurrences of a series, and whether the customer hears of a new
 * time, with 'Motivo (opcional)' as a cancel asks it (docs/decisions/1072). Asked only when the
 * customer can be told: the reason travels with the notice and nowhere else.
 */
function EditChoices({ recurring, notice, reason }: { recurring: boolean; notice: string | null; reason: Field }) {
  return (
    <>
      {recurring ? (
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

      {notice ? (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="avisar" value="1" defaultChecked className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-medium">Avisar cliente se a data ou a hora mudar</span>{" "}
            <span className="text-slate-600">({notice})</span>
          </span>
        </label>
      ) : null}
      {notice ? <ReasonField reason={reason} /> : null}
    </>
  );
}

/** 'Motivo (opcional)' of a move: at most REASON_MAX characters, said under the field. */
function ReasonField({ reason }: { reason: Field }) {
  return (
    <Control id={reason.id} label="Motivo (opcional)" errors={reason.errors} hint={<p className="mt-1 text-xs text-slate-500">Vai no aviso ao cliente.</p>}>
      <textarea key={reason.key} {...reason.props} rows={2} maxLength={REASON_MAX} className="input" placeholder="Ex.: imprevisto, mudei o horário do salão" />
    </Control>
  );
}
