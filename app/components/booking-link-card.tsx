import { useState } from "react";
import { useHydrated } from "./use-hydrated";

/** The booking link: selectable text without JS; 'Copiar' and 'Abrir' with it. */
export function BookingLinkCard({ url }: { url: string | null }) {
  const hydrated = useHydrated();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!url) {
    return (
      <section className="card" aria-labelledby="booking-link-title">
        <h2 id="booking-link-title" className="font-semibold">
          Seu link de agendamento
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Slug de agendamento não configurado. Defina-o em Configurações → Informações Pessoais.
        </p>
      </section>
    );
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(url!);
      setMessage({ ok: true, text: "Link copiado! O link foi copiado para a área de transferência." });
    } catch {
      setMessage({
        ok: false,
        text: "Não foi possível copiar o link. Tente selecionar e copiar manualmente.",
      });
    }
  }
  return (
    <section className="card" aria-labelledby="booking-link-title">
      <h2 id="booking-link-title" className="font-semibold">
        Seu link de agendamento
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Coloque na bio do Instagram e no WhatsApp: seus clientes agendam sozinhos.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="booking-link" className="sr-only">
          Link de agendamento
        </label>
        <input
          id="booking-link"
          type="url"
          readOnly
          value={url}
          className="input font-mono text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="flex gap-2">
          {hydrated ? (
            <button type="button" className="btn-secondary" onClick={copy}>
              Copiar
            </button>
          ) : null}
          <a href={url} target="_blank" rel="noopener" className="btn-primary">
            Abrir
          </a>
        </div>
      </div>
      {message ? (
        <p role="status" className={`mt-2 text-sm ${message.ok ? "text-emerald-700" : "text-red-700"}`}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
