import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "../confirm-dialog";
import { Field, FormFooter } from "../forms";
import { SectionCard } from "../section-card";

export type CalendarsSection = {
  calendars: { id: string; name: string; address: string; failing: boolean; text: string }[];
  removing: { id: string; name: string } | null;
  full: boolean;
};

const PATH = "/configuracoes/horarios";

/** Configurações > Horários > 'Calendários externos': busy time read from other calendars. */
export function ExternalCalendarsCard({ section, lastResult }: { section: CalendarsSection; lastResult: SubmissionResult<string[]> | null }) {
  return (
    <div id="calendarios" className="scroll-mt-20">
      <SectionCard
        title="Calendários externos"
        intro="Os compromissos do seu Google Agenda, iCloud ou Outlook ficam fora da sua página de agendamento. Só lemos o horário de cada um, nunca o título."
      >
        {section.calendars.length ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {section.calendars.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-medium">{c.name}</p>
                  <p className="truncate text-xs text-slate-500">{c.address}</p>
                  <p className={`text-sm ${c.failing ? "font-medium text-red-700" : "text-slate-600"}`}>{c.text}</p>
                </div>
                <Link to={`${PATH}?remover-calendario=${c.id}#calendarios`} preventScrollReset className="btn-secondary">
                  Remover
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">Nenhum calendário externo.</p>
        )}
        {section.full ? (
          <p className="text-sm text-slate-600">Você chegou ao limite de 5 calendários externos.</p>
        ) : (
          <AddCalendarForm key={section.calendars.length} lastResult={lastResult} />
        )}
      </SectionCard>
      {section.removing ? (
        <ConfirmDialog
          title="Remover calendário externo"
          question={`Remover "${section.removing.name}"?`}
          intent="remove-calendar"
          id={section.removing.id}
          confirmLabel="Remover"
          pendingLabel="Removendo..."
          cancelHref={`${PATH}#calendarios`}
        >
          <p className="text-sm text-slate-700">Os horários ocupados dele voltam a ser oferecidos na sua página de agendamento.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function AddCalendarForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-calendar";
  const [form, fields] = useForm({ id: "calendario-externo", lastResult, shouldRevalidate: "onInput" });
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold">Adicionar calendário</h3>
      <input type="hidden" name="intent" value="add-calendar" />
      <Field
        label="Endereço secreto no formato iCal"
        errors={fields.url.errors}
        inputProps={{ ...getInputProps(fields.url, { type: "url" }), required: true, placeholder: "https://calendar.google.com/calendar/ical/…/basic.ics", autoComplete: "off" }}
        hint="Google Agenda: Configurações > sua agenda > Integrar agenda. iCloud: compartilhe a agenda como pública e copie o link. Outlook: Calendários compartilhados > Publicar um calendário > link ICS."
      />
      <Field
        label="Nome (opcional)"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: 60, placeholder: "Google Agenda" }}
      />
      <FormFooter label="Adicionar calendário" saving={saving} />
    </Form>
  );
}
