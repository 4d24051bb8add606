import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/settings.hours";
import { profiles, workingHours } from "../../db/schema";
import { Alert, FieldError } from "../components/forms";
import { DayHoursFieldset } from "../components/settings/day-hours-fieldset";
import { requireUser } from "./workspace.server";
import { getWorkingHours } from "../domain/availability/slot-claims.server";
import { getDb } from "../utils/db.server";
import { TIME_ZONE_LABELS } from "../domain/dates";
import { redirectWithToast } from "../utils/toast.server";
import {
  DAY_NAMES,
  DEFAULT_BREAK,
  DEFAULT_DAY,
  preferencesSchema,
  SAVE_HOURS_FAILED,
  SAVE_PREFERENCES_FAILED,
  SAVED_HOURS,
  SAVED_PREFERENCES,
  INVALID_HOURS,
  WEEK_DISPLAY_ORDER,
  workingHoursSchema,
} from "../validation/working-hours";

export const meta: Route.MetaFunction = () => [{ title: "Horários — Configurações — Agendo" }];

const SLOT_STEP_LABELS: Record<number, string> = { 15: "15 minutos", 30: "30 minutos", 60: "1 hora" };

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const rows = await getWorkingHours(getDb(context), user.id);
  // Index = day_of_week. A day never saved shows the spec's default (open 09:00-18:00, no break).
  const days = Array.from({ length: 7 }, (_, dow) => {
    const row = rows.find((r) => r.dayOfWeek === dow);
    return row
      ? {
          isActive: row.isActive,
          startTime: row.startTime,
          endTime: row.endTime,
          breakStartTime: row.breakStartTime,
          breakEndTime: row.breakEndTime,
        }
      : { isActive: true, ...DEFAULT_DAY, breakStartTime: null, breakEndTime: null };
  });
  return {
    days,
    neverSaved: rows.length < 7,
    timeZone: user.profile.timeZone,
    slotStepMinutes: user.profile.slotStepMinutes,
  };
}

type ActionData = { intent: "hours" | "preferences"; result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const db = getDb(context);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "preferences") {
    const submission = parseWithZod(formData, { schema: preferencesSchema });
    if (submission.status !== "success") {
      return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    try {
      await db
        .update(profiles)
        .set({ timeZone: submission.value.timeZone, slotStepMinutes: submission.value.slotStepMinutes })
        .where(eq(profiles.userId, user.id));
    } catch (error) {
      console.error("saving agenda preferences failed", error);
      return data<ActionData>({ intent, result: submission.reply({ formErrors: [SAVE_PREFERENCES_FAILED] }) }, { status: 500 });
    }
    return redirectWithToast(request, "/configuracoes/horarios", {
      type: "success",
      title: "Sucesso",
      description: SAVED_PREFERENCES,
    });
  }

  const submission = parseWithZod(formData, { schema: workingHoursSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ intent: "hours", result: submission.reply() }, { status: 400 });
  }
  // The whole week at once: seven upserts in one atomic batch.
  const upserts = submission.value.days.map((day, dayOfWeek) =>
    db
      .insert(workingHours)
      .values({ userId: user.id, dayOfWeek, ...day })
      .onConflictDoUpdate({
        target: [workingHours.userId, workingHours.dayOfWeek],
        set: { ...day, updatedAt: new Date() },
      }),
  );
  try {
    await db.batch(upserts as [(typeof upserts)[number], ...typeof upserts]);
  } catch (error) {
    console.error("saving working hours failed", error);
    return data<ActionData>({ intent: "hours", result: submission.reply({ formErrors: [SAVE_HOURS_FAILED] }) }, { status: 500 });
  }
  return redirectWithToast(request, "/configuracoes/horarios", {
    type: "success",
    title: "Sucesso",
    description: SAVED_HOURS,
  });
}

export default function WorkingHoursSettings() {
  const loaderData = useLoaderData<typeof loader>();
  // Remount the form with the saved values after each save, so "unsaved" starts from them.
  const savedKey = JSON.stringify(loaderData.days);
  return (
    <div className="space-y-6">
      <HoursForm key={savedKey} days={loaderData.days} neverSaved={loaderData.neverSaved} />
      <PreferencesForm
        key={`${loaderData.timeZone}-${loaderData.slotStepMinutes}`}
        timeZone={loaderData.timeZone}
        slotStepMinutes={loaderData.slotStepMinutes}
      />
    </div>
  );
}

type Day = ReturnType<typeof useLoaderData<typeof loader>>["days"][number];

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

function HoursForm({ days, neverSaved }: { days: Day[]; neverSaved: boolean }) {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "hours";
  const reply = navigation.state === "idle" && actionData?.intent === "hours" ? actionData.result : null;
  // A post without the seven days (not one this form sends) cannot be shown back as a week:
  // keep the saved week on screen and say the hours were invalid.
  const postedWeek = (reply?.initialValue as { days?: unknown } | null | undefined)?.days;
  const lastResult = reply && Array.isArray(postedWeek) && postedWeek.length === 7 ? reply : null;
  const [form, fields] = useForm({
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: workingHoursSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const dayFields = fields.days.getFieldList();

  // 'Há alterações não salvas' (with JavaScript): the form differs from the saved week.
  // Checked once on hydration too, in case the user changed something before it.
  const formRef = useRef<HTMLFormElement>(null);
  const [dirty, setDirty] = useState(false);
  const track = useCallback(() => {
    if (!formRef.current) return;
    const current = [...new FormData(formRef.current)].filter(([name]) => name !== "intent");
    setDirty(serialize(current) !== serialize(savedFields(days)));
  }, [days]);
  useEffect(track, [track]);

  const faultyDays = WEEK_DISPLAY_ORDER.filter((dow) => {
    const f = dayFields[dow]!;
    const d = f.getFieldset();
    return [f, d.isActive, d.startTime, d.endTime, d.hasBreak, d.breakStartTime, d.breakEndTime].some(
      (m) => (m.errors?.length ?? 0) > 0,
    );
  }).map((dow) => DAY_NAMES[dow]);

  const formError = form.errors?.[0] ?? fields.days.errors?.[0] ?? (reply && !lastResult ? INVALID_HOURS : undefined);
  return (
    <section className="card space-y-4 p-4 sm:p-6" aria-labelledby="hours-title">
      <div>
        <h2 id="hours-title" className="text-lg font-semibold">
          Horários de funcionamento
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Defina os dias e horários em que você atende. Seus clientes só veem horários livres dentro deles.
        </p>
      </div>
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
        {WEEK_DISPLAY_ORDER.map((dow) => (
          <DayHoursFieldset key={dow} day={dayFields[dow]!} dayOfWeek={dow} />
        ))}
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 pr-20 backdrop-blur sm:-mx-6 sm:px-6 sm:pr-20 lg:pr-6">
          {dirty ? (
            <p className="mr-auto text-sm font-medium text-amber-700" role="status">
              Há alterações não salvas
            </p>
          ) : null}
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? "Salvando..." : "Salvar horários"}
          </button>
        </div>
      </Form>
    </section>
  );
}

function PreferencesForm({ timeZone, slotStepMinutes }: { timeZone: string; slotStepMinutes: number }) {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "preferences";
  const lastResult = navigation.state === "idle" && actionData?.intent === "preferences" ? actionData.result : null;
  const [form, fields] = useForm({
    id: "agenda-preferences",
    lastResult,
    defaultValue: { timeZone, slotStepMinutes },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: preferencesSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { key: tzKey, ...tzProps } = getSelectProps(fields.timeZone);
  const { key: stepKey, ...stepProps } = getSelectProps(fields.slotStepMinutes);
  return (
    <section className="card space-y-4 p-4 sm:p-6" aria-labelledby="preferences-title">
      <div>
        <h2 id="preferences-title" className="text-lg font-semibold">
          Fuso horário e agenda
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Os horários da sua agenda e da sua página de agendamento seguem este fuso.
        </p>
      </div>
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
        <div className="flex justify-end">
          <button type="submit" className="btn-secondary" disabled={saving}>
            {saving ? "Salvando..." : "Salvar preferências"}
          </button>
        </div>
      </Form>
    </section>
  );
}
