import { useId } from "react";
import { formatDate } from "../../domain/dates";
import type { CancelAsk } from "../../domain/appointments/calendar-types";
import { ConfirmDialog } from "../confirm-dialog";

const CANCEL_FORM_ID = "cancel-appointment";

/** At most this many characters of 'Motivo' (REASON_MAX of the notices). */
const REASON_MAX = 200;

/**
 * 'Cancelar' asks first: a dialog with JavaScript, the same page state
 * without it. 'Motivo (opcional)' is shown to the customer; 'Avisar cliente' is checked when the
 * customer can be reached; a recurring one asks 'Só este' or 'Este e os próximos'.
 */
export function CancelDialog({ ask, closeHref, reasonError }: { ask: CancelAsk; closeHref: string; reasonError?: string | null }) {
  const reasonId = useId();
  const errorId = useId();
  return (
    <ConfirmDialog
      title="Cancelar agendamento"
      question="Tem certeza que deseja cancelar este agendamento?"
      intent="cancel"
      id={ask.id}
      confirmLabel="Cancelar agendamento"
      pendingLabel="Cancelando..."
      dismissLabel="Voltar"
      cancelHref={closeHref}
      formId={CANCEL_FORM_ID}
    >
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {formatDate(ask.date)} às {ask.time} · {ask.clientName ?? "Cliente não encontrado"} · {ask.serviceName || "Serviço não encontrado"}
      </p>
      {ask.recurring ? <ScopeChoice legend="Agendamento recorrente: cancelar" formId={CANCEL_FORM_ID} /> : null}
      <div className="space-y-1">
        <label htmlFor={reasonId} className="label">
          Motivo (opcional)
        </label>
        <textarea
          id={reasonId}
          name="motivo"
          form={CANCEL_FORM_ID}
          rows={2}
          maxLength={REASON_MAX}
          className="input"
          placeholder="Ex.: imprevisto, precisei fechar mais cedo"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? errorId : undefined}
        />
        {reasonError ? (
          <p id={errorId} className="text-sm text-red-700">
            {reasonError}
          </p>
        ) : (
          <p className="text-xs text-slate-500">O cliente vê o motivo no aviso e na página do agendamento.</p>
        )}
      </div>
      {ask.notice ? (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="avisar" value="1" form={CANCEL_FORM_ID} defaultChecked className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-medium">Avisar cliente</span> <span className="text-slate-600">({ask.notice})</span>
          </span>
        </label>
      ) : (
        <p className="text-sm text-slate-600">O cliente não tem e-mail nem telefone cadastrado para ser avisado.</p>
      )}
    </ConfirmDialog>
  );
}

/**
 * 'Só este' or 'Este e os próximos' of a recurring appointment (radios of a dialog's form through
 * the `form` attribute).
 */
export function ScopeChoice({ legend, formId }: { legend: string; formId: string }) {
  return (
    <fieldset className="space-y-1 text-sm">
      <legend className="font-medium">{legend}</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name="scope" value="this" form={formId} defaultChecked className="size-4" /> Só este
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name="scope" value="following" form={formId} className="size-4" /> Este e os próximos
      </label>
    </fieldset>
  );
}
