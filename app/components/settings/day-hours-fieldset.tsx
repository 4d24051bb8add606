import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { FieldError } from "../forms";
import { SwitchControl } from "../switch";
import { capitalize, TIME_CHOICES, weekdayName } from "../../domain/dates";
import type { DayInput } from "../../validation/working-hours";

// Hiding is pure CSS (:has on the day's fieldset), so a closed day and a day without a break
// fold away with or without JavaScript; hidden selects still post their values.
const WHEN_CLOSED_HIDE = "group-has-[[data-day-active]:not(:checked)]/day:hidden";
const WHEN_OPEN_HIDE = "group-has-[[data-day-active]:checked]/day:hidden";
const WHEN_NO_BREAK_HIDE = "group-has-[[data-day-break]:not(:checked)]/day:hidden";

/** One day of the week: open toggle, start/end, optional lunch break. */
export function DayHoursFieldset({ day, dayOfWeek }: { day: FieldMetadata<DayInput>; dayOfWeek: number }) {
  const f = day.getFieldset();
  const errors = [day, f.isActive, f.startTime, f.endTime, f.hasBreak, f.breakStartTime, f.breakEndTime]
    .flatMap((m) => m.errors ?? []);
  const invalid = errors.length > 0;
  const a11y = invalid ? { "aria-invalid": true, "aria-describedby": day.errorId } : {};
  const { key: activeKey, ...activeProps } = getInputProps(f.isActive, { type: "checkbox" });
  const { key: breakKey, ...breakProps } = getInputProps(f.hasBreak, { type: "checkbox" });
  return (
    <fieldset
      // scroll-margin keeps a focused field clear of the sticky save bar.
      className={`group/day rounded-xl border bg-white p-4 [&_input]:scroll-mb-24 [&_select]:scroll-mb-24 ${invalid ? "border-red-300" : "border-slate-200"}`}
      data-day={dayOfWeek}
    >
      <legend className="float-left pt-0.5 text-base font-semibold">{capitalize(weekdayName(dayOfWeek))}</legend>
      <div className="flex justify-end">
        <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
          <SwitchControl key={activeKey} {...activeProps} aria-label="Aberto" data-day-active />
          <span aria-hidden className={`w-14 ${WHEN_OPEN_HIDE}`}>
            Fechado
          </span>
          <span aria-hidden className={`w-14 ${WHEN_CLOSED_HIDE}`}>
            Aberto
          </span>
        </label>
      </div>
      <div className={`clear-both mt-3 space-y-3 ${WHEN_CLOSED_HIDE}`}>
        <div className="grid grid-cols-2 gap-3">
          <TimeSelect label="Início" meta={f.startTime} a11y={a11y} />
          <TimeSelect label="Fim" meta={f.endTime} a11y={a11y} />
        </div>
        <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input key={breakKey} {...breakProps} data-day-break className="size-4 rounded border-slate-300 accent-brand" />
          Intervalo de almoço
        </label>
        <div className={`grid grid-cols-2 gap-3 ${WHEN_NO_BREAK_HIDE}`}>
          <TimeSelect label="Início do intervalo" meta={f.breakStartTime} a11y={a11y} />
          <TimeSelect label="Fim do intervalo" meta={f.breakEndTime} a11y={a11y} />
        </div>
      </div>
      <FieldError id={day.errorId} errors={errors.slice(0, 1)} />
    </fieldset>
  );
}

function TimeSelect({
  label,
  meta,
  a11y,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  a11y: { "aria-invalid"?: boolean; "aria-describedby"?: string };
}) {
  const { key, ...props } = getSelectProps(meta);
  const current = typeof meta.initialValue === "string" ? meta.initialValue : "";
  // A saved time outside the 30-minute choices (set elsewhere) stays selectable.
  const choices = current && !TIME_CHOICES.includes(current) ? [...TIME_CHOICES, current].sort() : TIME_CHOICES;
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <select key={key} {...props} {...a11y} className="input">
        {choices.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
}
