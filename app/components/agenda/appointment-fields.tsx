import { lazy, Suspense, type ReactNode } from "react";
import { formatDuration, formatMoney } from "../../domain/money";
import { formatDate } from "../../domain/dates";
import { APPOINTMENT_ERRORS } from "../../validation/appointments";
import { FieldError } from "../forms";
import type { FieldBits } from "./series-fields";
import { plural } from "../../domain/words";
import type { ComboboxProps } from "./client-combobox.client";
import { useHydrated } from "../use-hydrated";

// Headless UI's combobox weighs ~44 KB gzip: fetched when the form opens with JavaScript, the list
// standing in until it arrives (and staying if the fetch fails, offline), so the agenda's own page
// stays as light as it was.
const ClientCombobox = lazy(() =>
  import("./client-combobox.client").then(
    (m) => ({ default: m.ClientCombobox }),
    () => ({ default: ({ id, props, clients }: ComboboxProps) => <ClientSelect field={{ id, key: undefined, props, errors: undefined }} clients={clients} /> }),
  ),
);

// The agenda form's fields: who, what, and when ('Data', 'Horário' and 'Encaixe').

/** A conform field as a control takes it: its id, its key apart from the props it spreads, its errors. */
export type Field = FieldBits & { id: string };

export function fieldOf<P extends { key?: string }>({ key, ...props }: P, meta: { id: string; errors?: string[] }): Field {
  return { id: meta.id, key, props, errors: meta.errors };
}

const WALK_IN_QUESTIONS: string[] = [APPOINTMENT_ERRORS.walkIn, APPOINTMENT_ERRORS.walkInPast];

export function Control({
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

type Reload = (form: HTMLFormElement | null) => void;

/** 'Cliente': with JavaScript a combobox to type the name into; without it, the list. */
export function ClientField({ field, clients }: { field: Field; clients: { id: string; name: string }[] }) {
  const hydrated = useHydrated();
  return (
    <Control id={field.id} label="Cliente *" errors={field.errors}>
      {hydrated ? (
        <Suspense fallback={<ClientSelect field={field} clients={clients} />}>
          <ClientCombobox key={field.key} id={field.id} props={field.props} clients={clients} />
        </Suspense>
      ) : (
        <ClientSelect field={field} clients={clients} />
      )}
    </Control>
  );
}

function ClientSelect({ field, clients }: { field: Field; clients: { id: string; name: string }[] }) {
  return (
    <select key={field.key} {...field.props} className="input">
      <option value="">Selecione um cliente</option>
      {clients.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

/** 'Serviço', with the duration and price it is booked at. */
export function ServiceField({
  field,
  services,
  agreed,
  onChange,
}: {
  field: Field;
  services: { id: string; name: string; durationMinutes: number; isActive: boolean }[];
  agreed: { durationMinutes: number; priceCents: number } | null | undefined;
  onChange: Reload;
}) {
  return (
    <Control id={field.id} label="Serviço *" errors={field.errors}>
      <select key={field.key} {...field.props} className="input" onChange={(e) => onChange(e.currentTarget.form)}>
        <option value="">Selecione um serviço</option>
        {services.map((s) => (
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
  );
}

/**
 * 'Data', then 'Horário' with the free times of the service on that date ('Ver horários' asks for
 * them without JavaScript), then 'Encaixe' for a time outside them.
 */
export function WhenFields({
  date,
  time,
  otherTime,
  dateRange,
  times,
  loadingTimes,
  hydrated,
  chosen,
  walkIn,
  submitLabel,
  onChange,
}: {
  date: Field;
  time: Field;
  otherTime: Field;
  dateRange: { min: string; max: string };
  times: string[] | null;
  loadingTimes: boolean;
  hydrated: boolean;
  /** The service and date the times are of (the page's, not the posted ones). */
  chosen: { serviceName: string | null; date: string };
  /** The "date time" an 'Encaixe' confirmation would confirm, and whether it has passed. */
  walkIn: { at: string; past: boolean } | null;
  submitLabel: string;
  onChange: Reload;
}) {
  return (
    <>
      <Control id={date.id} label="Data *" errors={date.errors}>
        <input
          key={date.key}
          {...date.props}
          className="input"
          min={dateRange.min}
          max={dateRange.max}
          onChange={(e) => onChange(e.currentTarget.form)}
        />
      </Control>

      {hydrated ? null : (
        <button type="submit" name="intent" value="ver-horarios" formMethod="get" formNoValidate className="btn-secondary w-full">
          Ver horários
        </button>
      )}

      <TimeField field={time} times={times} loading={loadingTimes}>
        <TimeHint times={times} hydrated={hydrated} {...chosen} />
      </TimeField>

      <WalkInField field={otherTime} walkIn={walkIn} submitLabel={submitLabel} />
    </>
  );
}

function TimeField({ field, times, loading, children }: { field: Field; times: string[] | null; loading: boolean; children: ReactNode }) {
  return (
    <Control
      id={field.id}
      label={
        <>
          Horário *{" "}
          {loading ? (
            <span className="font-normal text-slate-500" role="status">
              Carregando horários...
            </span>
          ) : null}
        </>
      }
      errors={field.errors}
      hint={children}
    >
      <select key={field.key} {...field.props} className="input">
        <option value="">{times && times.length === 0 ? "Nenhum horário livre" : "Selecione um horário"}</option>
        {(times ?? []).map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </Control>
  );
}

/** Under 'Horário': what to do before the times show, none free, or how many. */
function TimeHint({ times, hydrated, serviceName, date }: { times: string[] | null; hydrated: boolean; serviceName: string | null; date: string }) {
  if (times === null) {
    return (
      <p className="mt-1 text-sm text-slate-500">
        {hydrated
          ? "Escolha o serviço e a data para ver os horários livres."
          : "Escolha o serviço e a data e toque em 'Ver horários'."}
      </p>
    );
  }
  if (times.length === 0) {
    return (
      <p className="mt-1 text-sm text-amber-800" role="status">
        Nenhum horário disponível para esta data. Tente selecionar outra data.
      </p>
    );
  }
  if (serviceName === null) return null;
  return (
    <p className="mt-1 text-sm text-slate-500">
      {plural(times.length, "horário livre", "horários livres")}
      {date ? ` em ${formatDate(date)}` : ""}{" "}
      para {serviceName}.
    </p>
  );
}

/** 'Encaixe (outra hora)' and, when the server asks, the confirmation of a time outside the free ones. */
function WalkInField({ field, walkIn, submitLabel }: { field: Field; walkIn: { at: string; past: boolean } | null; submitLabel: string }) {
  return (
    <>
      <Control
        id={field.id}
        label="Encaixe (outra hora)"
        // The walk-in question shows in its own box below, which stays put while it is answered.
        errors={walkIn ? field.errors?.filter((e) => !WALK_IN_QUESTIONS.includes(e)) : field.errors}
        hint={
          <p className="mt-1 text-sm text-slate-500">
            Para atender fora dos horários livres. Deixe em branco para usar a lista acima.
          </p>
        }
      >
        <input key={field.key} {...field.props} className="input" />
      </Control>

      {walkIn ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="alert">
          <p className="mb-2 font-semibold">
            {walkIn.past ? APPOINTMENT_ERRORS.walkInPast : APPOINTMENT_ERRORS.walkIn}
          </p>
          <label className="flex items-start gap-2 font-medium">
            <input type="checkbox" name="encaixe" value={walkIn.at} className="mt-0.5 size-5 shrink-0" />
            <span>Sim, agendar mesmo assim (encaixe em {formatDate(walkIn.at.slice(0, 10))} às {walkIn.at.slice(11)}).</span>
          </label>
          <p className="mt-1 pl-7 text-amber-800">Marque e toque em '{submitLabel}' de novo.</p>
        </div>
      ) : null}
    </>
  );
}
