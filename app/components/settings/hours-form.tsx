import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { useCallback, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Alert, FormFooter } from "../forms";
import { DayHoursFieldset } from "./day-hours-fieldset";
import { DEFAULT_BREAK, INVALID_HOURS, workingHoursSchema } from "../../validation/working-hours";
import { capitalize, WEEK_MONDAY_FIRST, weekdayName } from "../../domain/dates";
import { SectionCard } from "../section-card";

/** One day of the week as saved (index = day_of_week). */
export type Day = {
  isActive: boolean;
  startTime: string;
  endTime: string;
  breakStartTime: string | null;
  breakEndTime: string | null;
};

/** Form fields as sorted "name=value" lines, comparable whatever the DOM order. */
function serialize(entries: Iterable<[string, FormDataEntryValue]>) {
  return [...entries]
    .map(([name, value]) => `${name}=${String(value)}`)
    .sort()
    .join("\n");
}

/** What the form posts when nothing was changed: the saved week (see DayHoursFieldset). */
function savedFields(days: Day[]): [string, string][] {
  return days.flatMap((d, dow) => {
    const at = (name: string) => `days[${dow}].${name}`;
    const fields: [string, string][] = [
      [at("startTime"), d.startTime],
      [at("endTime"), d.endTime],
      [at("breakStartTime"), d.breakStartTime ?? DEFAULT_BREAK.breakStartTime],
      [at("breakEndTime"), d.breakEndTime ?? DEFAULT_BREAK.breakEndTime],
    ];
    if (d.isActive) fields.push([at("isActive"), "on"]);
    if (d.breakStartTime !== null) fields.push([at("hasBreak"), "on"]);
    return fields;
  });
}

/** 'Horários de funcionamento': the whole week in one form. `reply`: the last failed save. */
export function HoursForm({ days, neverSaved, reply }: { days: Day[]; neverSaved: boolean; reply: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "hours";
  // A post without the seven days (not one this form sends) cannot be shown back as a week:
  // keep the saved week on screen and say the hours were invalid.
  const postedWeek = (reply?.initialValue as { days?: unknown } | null | undefined)?.days;
  const lastResult = reply && Array.isArray(postedWeek) && postedWeek.length === 7 ? reply : null;
  const [form, fields] = useHoursForm(days, lastResult);
  const dayFields = fields.days.getFieldList();

  const { formRef, dirty, track } = useUnsavedChanges(days);

  const faultyDays = WEEK_MONDAY_FIRST.filter((dow) => {
    const f = dayFields[dow]!;
    const d = f.getFieldset();
    return [f, d.isActive, d.startTime, d.endTime, d.hasBreak, d.breakStartTime, d.breakEndTime].some(
      (m) => (m.errors?.length ?? 0) > 0,
    );
  }).map((dow) => capitalize(weekdayName(dow)));

  const formError = form.errors?.[0] ?? fields.days.errors?.[0] ?? (reply && !lastResult ? INVALID_HOURS : undefined);
  return (
    <SectionCard
      title="Horários de funcionamento"
      intro="Defina os dias e horários em que você atende. Seus clientes só veem horários livres dentro deles."
    >
      {neverSaved ? (
        <Alert
          tone="info"
          title="Horários ainda não salvos"
          text="Estes são horários sugeridos. Confira cada dia e toque em Salvar horários para começar a receber agendamentos."
        />
      ) : null}
      {formError ? <Alert title="Erro" text={formError} /> : null}
      {faultyDays.length > 0 ? (
        <Alert title="Horários não salvos" text={`Corrija os dias marcados em vermelho: ${faultyDays.join(", ")}.`} />
      ) : null}
      <Form
        method="post"
        {...getFormProps(form)}
        ref={formRef}
        onChange={track}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value="hours" />
        {WEEK_MONDAY_FIRST.map((dow) => (
          <DayHoursFieldset key={dow} day={dayFields[dow]!} dayOfWeek={dow} />
        ))}
        <FormFooter
          label="Salvar horários"
          saving={saving}
          sticky="card"
          status={
            dirty ? (
              <p className="mr-auto text-sm font-medium text-amber-700" role="status">
                Há alterações não salvas
              </p>
            ) : null
          }
        />
      </Form>
    </SectionCard>
  );
}

function useHoursForm(days: Day[], lastResult: SubmissionResult<string[]> | null) {
  return useForm({
    id: "working-hours",
    lastResult,
    defaultValue: {
      days: days.map((d) => ({
        isActive: d.isActive,
        startTime: d.startTime,
        endTime: d.endTime,
        hasBreak: d.breakStartTime !== null,
        breakStartTime: d.breakStartTime ?? DEFAULT_BREAK.breakStartTime,
        breakEndTime: d.breakEndTime ?? DEFAULT_BREAK.breakEndTime,
      })),
    },
    onValidate: ({ formData }) => parseForm(formData, { schema: workingHoursSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

/**
 * 'Há alterações não salvas' (with JavaScript): the form differs from the saved week.
 * Checked once on hydration too, in case the user changed something before it.
 */
function useUnsavedChanges(days: Day[]) {
  const formRef = useRef<HTMLFormElement>(null);
  const [dirty, setDirty] = useState(false);
  const track = useCallback(() => {
    if (!formRef.current) return;
    const current = [...new FormData(formRef.current)].filter(([name]) => name !== "intent");
    setDirty(serialize(current) !== serialize(savedFields(days)));
  }, [days]);
  useEffect(track, [track]);
  return { formRef, dirty, track };
}
