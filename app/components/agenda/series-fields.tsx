import { dayOfWeek, formatDate, weekdayName } from "../../domain/dates";
import { INTERVAL_LABELS, SERIES_COUNT, SERIES_INTERVALS } from "../../domain/appointments/series";
import { occurrenceField } from "../../validation/appointment-save";
import { FieldError } from "../forms";

// The agenda form's series: 'Repetir' and, after 'Ver datas', every date with what to do on it.

/** 'Ver datas' of a series (see SeriesPreview in domain/appointments/save/plan.server.ts). */
export type SeriesPreviewData = {
  fingerprint: string;
  rows: { date: string; time: string; free: boolean; label: string; alternatives: string[]; holiday: string | null }[];
};

/** A conform field as a control takes it: its key apart from the props it spreads. */
export type FieldBits = { key: string | undefined; props: Record<string, unknown>; errors: string[] | undefined };

/** 'Repetir': every 1 to 4 weeks, N times or until a date. */
export function RepeatFieldset({
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
export function SeriesPreviewList({ preview }: { preview: SeriesPreviewData }) {
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
