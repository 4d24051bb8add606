import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import { Form, useNavigation } from "react-router";
import { Alert, FieldError, FormFooter } from "../forms";
import { TIME_ZONE_LABELS } from "../../domain/dates";
import { preferencesSchema } from "../../validation/working-hours";
import { SectionCard } from "../section-card";

const SLOT_STEP_LABELS: Record<number, string> = { 15: "15 minutos", 30: "30 minutos", 60: "1 hora" };

/** 'Fuso horário e agenda': the zone and the slot step. */
export function PreferencesForm({
  timeZone,
  slotStepMinutes,
  lastResult,
}: {
  timeZone: string;
  slotStepMinutes: number;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "preferences";
  const [form, fields] = useForm({
    id: "agenda-preferences",
    lastResult,
    defaultValue: { timeZone, slotStepMinutes },
    onValidate: ({ formData }) => parseForm(formData, { schema: preferencesSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { key: tzKey, ...tzProps } = getSelectProps(fields.timeZone);
  const { key: stepKey, ...stepProps } = getSelectProps(fields.slotStepMinutes);
  return (
    <SectionCard title="Fuso horário e agenda" intro="Os horários da sua agenda e da sua página de agendamento seguem este fuso.">
      {form.errors?.[0] ? <Alert title="Erro" text={form.errors[0]} /> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="preferences" />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={fields.timeZone.id} className="label">
              Fuso horário
            </label>
            <select key={tzKey} {...tzProps} className="input">
              {Object.entries(TIME_ZONE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <FieldError id={fields.timeZone.errorId} errors={fields.timeZone.errors} />
          </div>
          <div>
            <label htmlFor={fields.slotStepMinutes.id} className="label">
              Horários a cada
            </label>
            <select
              key={stepKey}
              {...stepProps}
              className="input"
              aria-describedby={[stepProps["aria-describedby"], `${fields.slotStepMinutes.id}-hint`].filter(Boolean).join(" ")}
            >
              {Object.entries(SLOT_STEP_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <p id={`${fields.slotStepMinutes.id}-hint`} className="mt-1 text-xs text-slate-500">
              De quanto em quanto tempo os horários livres aparecem para você e seus clientes.
            </p>
            <FieldError id={fields.slotStepMinutes.errorId} errors={fields.slotStepMinutes.errors} />
          </div>
        </div>
        <FormFooter label="Salvar preferências" saving={saving} tone="secondary" />
      </Form>
    </SectionCard>
  );
}
