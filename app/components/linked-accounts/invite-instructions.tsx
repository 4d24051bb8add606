import { useId, useState } from "react";
import { useHydrated } from "../use-hydrated";
import { INVITE_COPIED, INVITE_COPY_FAILED } from "../../validation/linked-accounts";

/**
 * The invitation text for one pending professional. Without JavaScript it is plain text to
 * select and copy; with it, 'Copiar instruções' puts it on the clipboard.
 */
export function InviteInstructions({ text, email }: { text: string; email: string }) {
  const hydrated = useHydrated();
  const id = useId();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setMessage({ ok: true, text: INVITE_COPIED });
    } catch {
      setMessage({ ok: false, text: INVITE_COPY_FAILED });
    }
  }
  return (
    <details className="group mt-2 text-sm">
      <summary className="cursor-pointer select-none font-medium text-brand hover:underline">
        Instruções de convite
      </summary>
      <div className="mt-2 space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <p
          id={id}
          role="note"
          aria-label={`Instruções de convite para ${email}`}
          className="whitespace-pre-line break-words text-slate-700 select-all"
        >
          {text}
        </p>
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={copy} aria-describedby={id}>
            Copiar instruções
          </button>
        ) : (
          <p className="text-xs text-slate-500">Selecione o texto acima e copie para enviar ao profissional.</p>
        )}
        {message ? (
          <p role="status" className={`text-sm ${message.ok ? "text-emerald-700" : "text-red-700"}`}>
            {message.text}
          </p>
        ) : null}
      </div>
    </details>
  );
}
