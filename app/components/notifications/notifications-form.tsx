import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "../../validation/parse-form";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FieldError, FormFooter } from "../forms";
import { Switch } from "../switch";
import { notificationsSchema } from "../../validation/notifications";
import { COMEBACK_HOUR_CHOICES, REMINDER_HOURS_CHOICES, reminderHoursLabel, SUMMARY_HOUR_CHOICES } from "../../domain/notifications/choices";
import { SectionCard } from "../section-card";

type NotificationPrefs = {
  notifyNewRequest: boolean;
  notifyCustomerChanges: boolean;
  dailySummary: boolean;
  dailySummaryHour: number;
  reminderHoursBefore: number;
  reminderEmail: boolean;
  reminderWhatsapp: boolean;
  comebackAutoHour: number | null;
};

type Field = Parameters<typeof getInputProps>[0];

/** A switch of this form, wired to its conform field. */
function FieldSwitch({ field, ...shown }: { field: Field; title: string; hint?: ReactNode; disabled?: boolean }) {
  const { key, ...input } = getInputProps(field, { type: "checkbox" });
  return <Switch key={key} {...input} {...shown} />;
}

/** Which e-mails the professional gets, and the customers' reminders: when and how. */
export function NotificationsForm({
  prefs,
  whatsappConfigured,
  lastResult,
}: {
  prefs: NotificationPrefs;
  whatsappConfigured: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useNotificationsForm(prefs, whatsappConfigured, navigation.state === "idle" ? lastResult : null);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      <SectionCard title="E-mails para você" intro="Enviados para o e-mail da sua conta." tight>
        <FieldSwitch field={fields.notifyNewRequest} title="Nova solicitação de agendamento" hint="Quando um cliente pede um horário pela sua página." />
        <FieldSwitch
          field={fields.notifyCustomerChanges}
          title="Cancelamento ou remarcação pelo cliente"
          hint="Quando um cliente cancela ou muda o horário pelo link do agendamento."
        />
        <FieldSwitch field={fields.dailySummary} title="Resumo diário" hint="A agenda de amanhã e as solicitações esperando resposta." />
        <div>
          <label htmlFor={fields.dailySummaryHour.id} className="label">
            Horário do resumo
          </label>
          <select {...getSelectProps(fields.dailySummaryHour)} key={fields.dailySummaryHour.key} className="input sm:max-w-xs">
            {SUMMARY_HOUR_CHOICES.map((h) => (
              <option key={h} value={h}>
                {String(h).padStart(2, "0")}:00
              </option>
            ))}
          </select>
          <FieldError id={fields.dailySummaryHour.errorId} errors={fields.dailySummaryHour.errors} />
        </div>
      </SectionCard>

      <RemindersSection fields={fields} whatsappConfigured={whatsappConfigured} />

      <FormFooter label="Salvar notificações" saving={saving} />
    </Form>
  );
}

function useNotificationsForm(prefs: NotificationPrefs, whatsappConfigured: boolean, lastResult: SubmissionResult<string[]> | null) {
  return useForm({
    id: "notifications",
    lastResult,
    defaultValue: {
      ...prefs,
      notifyNewRequest: prefs.notifyNewRequest ? "on" : "",
      notifyCustomerChanges: prefs.notifyCustomerChanges ? "on" : "",
      dailySummary: prefs.dailySummary ? "on" : "",
      reminderEmail: prefs.reminderEmail ? "on" : "",
      // Shown off while the API is not configured (it sends nothing); the saved choice is kept.
      reminderWhatsapp: whatsappConfigured && prefs.reminderWhatsapp ? "on" : "",
      dailySummaryHour: String(prefs.dailySummaryHour),
      reminderHoursBefore: String(prefs.reminderHoursBefore),
      comebackAutoHour: whatsappConfigured && prefs.comebackAutoHour !== null ? String(prefs.comebackAutoHour) : "",
    },
    onValidate: ({ formData }) => parseForm(formData, { schema: notificationsSchema }),
    shouldValidate: "onBlur",
  });
}

type NotificationFields = ReturnType<typeof useNotificationsForm>[1];

/** 'Lembretes para os clientes': how long before, by e-mail and by WhatsApp (when it is set up). */
function RemindersSection({
  fields,
  whatsappConfigured,
}: {
  fields: Pick<NotificationFields, "reminderHoursBefore" | "reminderEmail" | "reminderWhatsapp" | "comebackAutoHour">;
  whatsappConfigured: boolean;
}) {
  return (
    <SectionCard
      title="Lembretes para os clientes"
      intro="Cada lembrete traz seu nome, os links “Confirmo presença” e “Preciso remarcar”, e a opção de não receber mais lembretes."
      tight
    >
      <div>
        <label htmlFor={fields.reminderHoursBefore.id} className="label">
          Enviar o lembrete
        </label>
        <select {...getSelectProps(fields.reminderHoursBefore)} key={fields.reminderHoursBefore.key} className="input sm:max-w-xs">
          {REMINDER_HOURS_CHOICES.map((h) => (
            <option key={h} value={h}>
              {reminderHoursLabel(h)}
            </option>
          ))}
        </select>
        <FieldError id={fields.reminderHoursBefore.errorId} errors={fields.reminderHoursBefore.errors} />
      </div>
      <FieldSwitch field={fields.reminderEmail} title="Por e-mail" hint="Para clientes com e-mail no cadastro ou que o informaram ao agendar pela sua página." />
      <FieldSwitch
        field={fields.reminderWhatsapp}
        title="Por WhatsApp automático"
        disabled={!whatsappConfigured}
        hint={whatsappConfigured ? "Enviado pela API oficial do WhatsApp, sem você precisar tocar em nada." : undefined}
      />
      <div>
        <label htmlFor={fields.comebackAutoHour.id} className="label">
          Hora de voltar automático
        </label>
        <select
          {...getSelectProps(fields.comebackAutoHour)}
          key={fields.comebackAutoHour.key}
          className="input sm:max-w-xs"
          disabled={!whatsappConfigured}
          aria-describedby={`${fields.comebackAutoHour.id}-hint`}
        >
          <option value="">Desligado: eu chamo pela lista</option>
          {COMEBACK_HOUR_CHOICES.map((h) => (
            <option key={h} value={h}>
              Todo dia às {String(h).padStart(2, "0")}:00
            </option>
          ))}
        </select>
        <p id={`${fields.comebackAutoHour.id}-hint`} className="mt-1 text-xs text-slate-500">
          Clientes frequentes que passaram do intervalo de sempre recebem a mensagem aprovada “Hora de voltar”, no máximo uma vez por intervalo,
          nunca quem pediu para não receber lembretes.
        </p>
        <FieldError id={fields.comebackAutoHour.errorId} errors={fields.comebackAutoHour.errors} />
      </div>
      {whatsappConfigured ? null : (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="whatsapp-off">
          O WhatsApp automático está desligado: a API do WhatsApp não está configurada neste Agendo. Para lembrar pelo
          WhatsApp, use a lista{" "}
          <Link to="/lembretes" className="font-semibold underline">
            Lembretes
          </Link>
          : escolha o dia, e um toque em cada cliente abre a conversa com a mensagem pronta.
        </p>
      )}
    </SectionCard>
  );
}
